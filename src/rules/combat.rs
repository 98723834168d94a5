//! Combat (rulebook 8.0-8.5, 9.0): targets by weapon mount, weapon attacks, collision attacks
//! and the attack effects.
//!
//! # Decisions where the rulebook is silent
//! - Adjacency is read from the graph: the front arc is the forward spaces and the spaces
//!   diagonally ahead, the rear arc the spaces linking in and those diagonally behind, the
//!   sides the lateral neighbours (8.1). A car in the trough (no forward links) therefore has
//!   only side neighbours; cars off the track or in the chute neither shoot nor are shot.
//! - A car may fire at any adjacent car, its own team's included (the rulebook does not forbid
//!   it; a kill of one's own car never scores, 11.3).
//! - Bulldoze on a Sideswipe puts the active car in the target's space and the target linked
//!   behind it (8.5's "placed linked behind the Active Car"), in the space of its lane in the
//!   sector before; when that space is held or missing, the two swap. The ruleset's
//!   [`SideswipeBulldoze`] says why that sentence wins over "exactly the same as a 1-space
//!   Overtake", and lets a designer choose the swap.
//! - Ram's Chain damages every car linked in front of the target, through both branches of a
//!   fork.

use smallvec::SmallVec;

use crate::content::combat_deck::AttackEffect;
use crate::content::race_deck::LaneSide;
use crate::content::ruleset::SideswipeBulldoze;
use crate::content::team_mats::Mount;
use crate::validate::checked_track::SpaceId;

use super::ids::{CarId, PlayerId};
use super::race_event::{CollisionCause, DeckKind, Marker, Motion, RaceEvent};
use super::state::{Place, Race};

/// The kind of collision attack (8.4).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CollisionKind {
    /// Ramming movement: the target is directly in front.
    Ram,
    /// The Sideswipe event: the target is beside the active car.
    Sideswipe,
}

/// The spaces a mount fires into from `space` (8.1), sorted: the track's, worked out when it
/// was checked.
#[must_use]
pub fn arc(race: &Race, space: SpaceId, mount: Mount) -> &[SpaceId] {
    race.track().arc(space, mount)
}

/// Every car on a space (a trough space, or ground where cars stack, may hold several).
#[must_use]
pub fn cars_on(race: &Race, space: SpaceId) -> SmallVec<[CarId; 2]> {
    if race.track().space(space).ground.shared {
        race.car_ids()
            .filter(|id| race.car(*id).place == Place::Track(space))
            .collect()
    } else {
        race.car_on(space).into_iter().collect()
    }
}

/// The cars a car can reach with its weapon: a dozen spaces at most, so kept inline (every
/// activation asks, before and after moving).
pub type Targets = SmallVec<[CarId; 12]>;

/// The cars `car` could attack with its weapon from where it is (8.1).
#[must_use]
pub fn targets(race: &Race, car: CarId) -> Targets {
    let Place::Track(space) = race.car(car).place else {
        return Targets::new();
    };
    let mut out = Targets::new();
    for &at in arc(race, space, race.stats(car).mount) {
        if race.track().space(at).ground.shared {
            out.extend(cars_on(race, at).into_iter().filter(|c| *c != car));
        } else if let Some(other) = race.car_on(at)
            && other != car
        {
            out.push(other);
        }
    }
    // A mission may forbid attacking one's own side: such a car is no target at all.
    out.retain(|other| race.may_attack(car, *other));
    out.sort_unstable();
    out.dedup();
    out
}

/// Cars orthogonally or diagonally adjacent to `space`.
fn around(race: &Race, space: SpaceId) -> Vec<CarId> {
    let mut out: Vec<CarId> = arc(race, space, Mount::Turret)
        .iter()
        .flat_map(|s| cars_on(race, *s))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Spray victims (8.5): cars adjacent to the target that the attacker could target too.
fn spray_victims(race: &Race, attacker: CarId, target: CarId) -> Vec<CarId> {
    let Some(space) = race.car(target).place.space() else {
        return Vec::new();
    };
    let legal = targets(race, attacker);
    around(race, space)
        .into_iter()
        .filter(|c| *c != attacker && *c != target && legal.contains(c))
        .collect()
}

fn draw_combat(race: &mut Race) -> Option<u16> {
    race.draw_card(DeckKind::Combat)
}

/// A weapon attack (8.0): draw a combat card, add the targeting bonus, hit on value >= defense.
pub(crate) fn attack(race: &mut Race, attacker: CarId, target: CarId, active: PlayerId) {
    let Some(card_id) = draw_combat(race) else {
        return;
    };
    // The card is read through a handle on the rules, not copied: every shot of a race
    // came here, and a combat card's names and damage table made each copy allocate.
    let rules = std::sync::Arc::clone(race.shared_rules());
    let card = &rules.content.combat_deck[usize::from(card_id)];
    let stats = race.stats(attacker);
    let value = card.value + u8::from(stats.targeting_bonus);
    let result = card.weapons.get(&stats.weapon);
    let defense = race.stats(target).defense.get();
    let hit = value >= defense;
    race.record(RaceEvent::Attack {
        attacker,
        target,
        card: super::CombatCard(card_id),
        value,
        defense,
        hit,
    });
    if hit && let Some(result) = result {
        let sprayed = if result.effects.contains(&AttackEffect::Spray) {
            spray_victims(race, attacker, target)
        } else {
            Vec::new()
        };
        race.damage(target, result.damage, Some(active));
        for victim in sprayed {
            race.damage(victim, 1, Some(active));
        }
        if result.effects.contains(&AttackEffect::Suppress) {
            suppress(race, target);
        }
    }
    race.discard(DeckKind::Combat, card_id);
}

fn suppress(race: &mut Race, target: CarId) {
    if race.car(target).place.in_race() {
        race.set_marker(target, Marker::Suppression, true);
    }
}

/// A collision attack (8.4): no hit check and no targeting bonus; target damage first, then
/// the active car's; then Chain, Spray, Suppress and Bulldoze (8.5). If the target is
/// eliminated, the active car enters its space.
pub(crate) fn collision(
    race: &mut Race,
    attacker: CarId,
    target: CarId,
    kind: CollisionKind,
    active: PlayerId,
) {
    let Some(card_id) = draw_combat(race) else {
        return;
    };
    let rules = std::sync::Arc::clone(race.shared_rules());
    let result = &rules.content.combat_deck[usize::from(card_id)].collision;
    race.record(RaceEvent::Collision {
        attacker,
        target,
        card: super::CombatCard(card_id),
        cause: match kind {
            CollisionKind::Ram => CollisionCause::Ram,
            CollisionKind::Sideswipe => CollisionCause::Sideswipe,
        },
    });
    let target_space = race.car(target).place.space();
    let attacker_space = race.car(attacker).place.space();
    let chained = if result.effects.contains(&AttackEffect::Chain) {
        chain_victims(race, attacker, target, kind)
    } else {
        Vec::new()
    };
    let sprayed = if result.effects.contains(&AttackEffect::Spray) {
        spray_victims(race, attacker, target)
    } else {
        Vec::new()
    };
    race.damage(target, result.target_damage, Some(active));
    race.damage(attacker, result.active_damage, Some(active));
    for victim in chained.into_iter().chain(sprayed) {
        race.damage(victim, 1, Some(active));
    }
    if result.effects.contains(&AttackEffect::Suppress) {
        suppress(race, target);
    }
    race.discard(DeckKind::Combat, card_id);
    let (Some(target_space), Some(attacker_space)) = (target_space, attacker_space) else {
        return;
    };
    let attacker_in = race.car(attacker).place == Place::Track(attacker_space);
    let target_in = race.car(target).place == Place::Track(target_space);
    if !attacker_in {
        return;
    }
    if target_in {
        let in_crossover = race.track().space(target_space).crossover;
        if result.effects.contains(&AttackEffect::Bulldoze) && !in_crossover {
            match kind {
                CollisionKind::Ram => {
                    super::movement::swap(race, attacker, attacker_space, target, target_space);
                }
                CollisionKind::Sideswipe => {
                    sideswipe_bulldoze(race, attacker, target, target_space);
                }
            }
        }
    } else if race.car_on(target_space).is_none() {
        let entry = entry_space(race, attacker_space, target_space);
        race.move_adjacent(attacker, entry, Motion::Collided);
    }
}

/// Bulldoze on a Sideswipe (8.5): the active car takes the target's space and the target is
/// placed linked behind it, in the space of its lane in the sector before, when that space is
/// free; otherwise, or when the ruleset says so, the two swap ([`SideswipeBulldoze`]).
fn sideswipe_bulldoze(race: &mut Race, attacker: CarId, target: CarId, target_space: SpaceId) {
    let behind = match race.rules().ruleset.sideswipe_bulldoze {
        SideswipeBulldoze::Swap => None,
        SideswipeBulldoze::LinkedBehind => space_linked_behind(race, target_space),
    };
    match behind {
        Some(behind) => {
            race.move_adjacent(target, behind, Motion::Bulldozed);
            race.put(attacker, Place::Track(target_space), Motion::Collided);
        }
        None => race.exchange(attacker, target),
    }
}

/// The free space linked directly behind `space`: the one space that leads into it in its own
/// lane, when it is empty, not the trough and not barred across on the crossover.
fn space_linked_behind(race: &Race, space: SpaceId) -> Option<SpaceId> {
    let track = race.track();
    let here = track.space(space);
    let behind = here
        .prev
        .iter()
        .copied()
        .find(|p| track.space(*p).lane == here.lane)?;
    let free = race.holder(behind) == super::state::Holder::Empty
        && !track.space(behind).ground.is_trough()
        && !track.space(behind).ground.shared;
    free.then_some(behind)
}

/// The space by which a car at `from` enters the spot a collision emptied at `target` (8.4:
/// "the Active Car must enter the space the eliminated car occupied"). On a crossover the
/// spot is two spaces, one of each stretch; the target may have stood on the other stretch's
/// space (7.12: a car travels the way of the stretch it came from). The active car enters the
/// spot in its own direction: the space of that spot that is ahead of it or beside it on its
/// own stretch. Anywhere else that is the target's space itself.
fn entry_space(race: &Race, from: SpaceId, target: SpaceId) -> SpaceId {
    let track = race.track();
    let cell = race.cell(target);
    let here = track.space(from);
    here.next
        .iter()
        .copied()
        .chain(here.inner)
        .chain(here.outer)
        .find(|s| race.cell(*s) == cell)
        .unwrap_or(target)
}

/// Chain victims (8.5): for a ram, every car linked in front of the target; for a sideswipe,
/// the cars side by side beyond the target, away from the active car.
fn chain_victims(race: &Race, attacker: CarId, target: CarId, kind: CollisionKind) -> Vec<CarId> {
    let Some(space) = race.car(target).place.space() else {
        return Vec::new();
    };
    let track = race.track();
    let mut out = Vec::new();
    match kind {
        CollisionKind::Ram => {
            let mut frontier = vec![space];
            while let Some(at) = frontier.pop() {
                for &next in &track.space(at).next {
                    if let Some(car) = race.car_in_line(next)
                        && car != attacker
                        && !out.contains(&car)
                    {
                        out.push(car);
                        frontier.push(next);
                    }
                }
            }
        }
        CollisionKind::Sideswipe => {
            let attacker_space = race.car(attacker).place.space();
            let side = if attacker_space.is_some_and(|a| track.space(space).inner == Some(a)) {
                LaneSide::Outside
            } else {
                LaneSide::Inside
            };
            let mut at = space;
            while let Some(next) = track.lateral(at, side) {
                let Some(car) = race.car_on(next) else {
                    break;
                };
                out.push(car);
                at = next;
            }
        }
    }
    out.sort_unstable();
    out
}
