//! Hazards: the face-down tokens a pack's hazard deck deals to a track's hazard spots, and what
//! one does when a car turns it over (Thunder Road: Vendetta's hazards; the rulebook has none).
//!
//! # Decisions (the rulebook has no hazards)
//! - Setup deals one token face down to each hazard spot, in space order, drawn from the hazard
//!   deck with the race's RNG once the grid is placed. A track without spots, or a pack
//!   without a hazard deck, draws nothing, so its race is the rulebook's draw for draw. When
//!   the deck holds fewer tokens than the track has spots, the last spots stay empty.
//! - Only the moving car turns a token over, as only the moving car is struck by its ground:
//!   cars pushed, pulled, displaced or moved by an event onto a spot leave its token lying.
//! - A car that enters a spot with a face-down token stops there (the MP it has left are
//!   lost), and the token is turned over when its movement ends. What lies under a token is
//!   chance, and a movement is one decision that the outcome search plans whole: turning it
//!   over mid-movement would either let the search peek under it or make the rest of the plan
//!   hang on a draw. (Thunder Road's mine stops the car as well; its oil slick and pit trap
//!   let the car drive on, and here they do not.)
//! - The token covers its space: the ground under it does not strike the car that stops on it.
//!   Once turned over, the token is gone and the space is its ground again, or the kind of
//!   ground the hazard says it becomes (a wreck, a pit, mud) for the rest of the race.
//!   Ground where cars stack keeps its ground (validation keeps spots off it, but treacherous
//!   ground that draws hazards may be such ground), and a hazard never leaves such ground.
//! - A hazard's effects happen in order, before the damage and the slide its car's ground
//!   dealt on the way: `Damage` is taken at once, as a collision's is (5.3); `SpinAround`
//!   places the Spin-Around token; `SlideAside` slides the car to a side drawn from the
//!   race's RNG; `Eliminate` eliminates it, a kill no one scores (the ground is nobody's car,
//!   11.3).
//! - A hazard's effects strike the car that turned it over, or the cars its `target` names
//!   (`Rearmost`: the car farthest back on the board, each of them on a tie; Thunder Road's
//!   sand worm), named once when the token is turned over and each struck by every effect in
//!   turn. A quake shakes the whole board once, whoever it strikes.
//! - A pit trap is an attack resolved like a weapon's (8.0): a combat card is drawn (and
//!   discarded), and it hits when its value plus the trap's bonus is at least the car's
//!   defense; a hit deals the trap's damage, which scores for no one.
//! - A quake shifts every car on the track one space the same way, drawn from the race's RNG
//!   among three, each as likely: one space ahead along its lane, one lane towards the apron,
//!   or one lane towards the outside wall (Thunder Road rolls its direction die, a way on its
//!   board of hexes; a track of lanes has these three for a car to go without turning back).
//!   Cars in the trough and off the track stay. A car shifts only into a free space (no car,
//!   not the trough, not a crossover space another car bars), and the ground there does not
//!   strike it (it was shaken, not driven). Across the lanes, cars shift from that side inward
//!   (the car nearest the wall first, when shifting towards the wall), so a car moves into the
//!   space its neighbour left. Ahead, a car goes to the forward link in its own lane (the only
//!   one where lanes join; none at a fork, where it stays), and the cars shift as one: a car
//!   whose space ahead another car leaves takes it. A quake never carries a car across the
//!   finish line (it stays on its side of the line and scores nothing): the line is crossed by
//!   driving.
//! - A bot sees where face-down tokens lie and what the hazard deck holds, never which token
//!   lies where ([`super::view::PlayerView::determinise`] deals them again from what is
//!   unseen).

use crate::content::hazard_deck::{HazardEffect, HazardTarget};
use crate::content::race_deck::LaneSide;
use crate::content::track::Section;
use crate::validate::checked_track::SpaceId;

use super::ids::{CarId, HazardToken};
use super::race_event::{DeckKind, Marker, Motion, QuakeWay, RaceEvent};
use super::state::{Place, Race};

impl Race {
    /// Setup: lays a rolling road's first tiles, then deals a face-down token to each of the
    /// track's hazard spots on the table.
    pub(crate) fn deal_hazards(&mut self) {
        self.lay_first_tiles();
        let on_table =
            |race: &Self, space: SpaceId| race.on_table(race.track().space(space).sector);
        self.deal_hazards_where(on_table, true);
    }

    /// Deals a face-down token to each hazard spot for which `keep` holds, while the pile
    /// lasts, and records it; `always_record`: even when no spot is kept (setup says so; a
    /// laid tile without spots says nothing).
    pub(crate) fn deal_hazards_where(
        &mut self,
        keep: impl Fn(&Self, SpaceId) -> bool,
        always_record: bool,
    ) {
        if self.track().hazard_spots().is_empty() || self.hazard_pile().is_empty() {
            return;
        }
        let rules = std::sync::Arc::clone(self.shared_rules());
        let mut dealt = Vec::new();
        for space in rules.track.hazard_spots_for(self.players().len()) {
            if !keep(self, space) {
                continue;
            }
            if !self.lay_face_down(space) {
                break;
            }
            dealt.push(space);
        }
        if always_record || !dealt.is_empty() {
            self.record(RaceEvent::HazardsDealt { spots: dealt });
        }
    }

    /// The face-down token on `space`, if one lies there.
    pub(crate) fn face_down_at(&self, space: SpaceId) -> Option<u16> {
        self.face_down()
            .iter()
            .find(|(at, _)| *at == space)
            .map(|(_, token)| *token)
    }

    /// The spaces where a face-down hazard token lies, in space order: what every player sees.
    pub fn face_down_hazards(&self) -> impl Iterator<Item = SpaceId> + '_ {
        self.face_down().iter().map(|(space, _)| *space)
    }

    /// Turns over the token on `space` under `car` and resolves it (see the module's docs);
    /// whether the token lets the car drive on.
    pub(crate) fn reveal_hazard(&mut self, car: CarId, space: SpaceId) -> bool {
        if self.is_over() {
            return false;
        }
        let Some(token) = self.turn_over(space) else {
            return false;
        };
        let drive_on = self
            .rules()
            .content
            .hazards
            .as_ref()
            .and_then(|book| book.hazard(token))
            .is_some_and(|hazard| hazard.drive_on);
        self.resolve_hazard(car, space, token);
        drive_on
    }

    /// Treacherous ground: a token drawn from the supply happens to `car` on `space`, and goes
    /// back (`rules/ground.rs`).
    pub(crate) fn draw_hazard(&mut self, car: CarId, space: SpaceId) {
        if self.is_over() || self.frozen() {
            return;
        }
        let Some(token) = self.draw_from_supply() else {
            return;
        };
        self.resolve_hazard(car, space, token);
    }

    /// What a turned-over token does to `car` on `space`: its effects in order, then the ground
    /// it leaves.
    fn resolve_hazard(&mut self, car: CarId, space: SpaceId, token: u16) {
        self.record(RaceEvent::HazardRevealed {
            car,
            space,
            hazard: HazardToken(token),
        });
        let rules = std::sync::Arc::clone(self.shared_rules());
        let Some(hazard) = rules
            .content
            .hazards
            .as_ref()
            .and_then(|book| book.hazard(token))
        else {
            return;
        };
        // The cars it strikes, named when it is turned over (a car its first effect eliminates
        // is still struck by the rest, which find it gone and do nothing).
        let struck = match hazard.target {
            HazardTarget::TheCar => smallvec::smallvec![car],
            HazardTarget::Rearmost => self.rearmost_cars(),
        };
        for effect in &hazard.effects {
            // A quake shakes the whole board once, whoever turned it over.
            if *effect == HazardEffect::Quake {
                if self.is_over() {
                    return;
                }
                self.quake();
                continue;
            }
            for &target in &struck {
                if self.is_over() {
                    return;
                }
                self.strike(target, *effect);
            }
        }
        // Ground where cars stack keeps its ground (treacherous ground may draw a hazard there):
        // the cars sharing it could not all stand on what the hazard would leave.
        if let Some(kind) = hazard.becomes
            && !self.is_over()
            && !self.track().space(space).ground.shared
        {
            self.repaint(space, kind);
        }
    }

    /// One effect of a hazard on one car.
    fn strike(&mut self, car: CarId, effect: HazardEffect) {
        match effect {
            HazardEffect::Damage(amount) => self.damage(car, amount, None),
            HazardEffect::SpinAround => {
                if self.car(car).place.in_race() {
                    self.set_marker(car, Marker::SpinAround, true);
                }
            }
            HazardEffect::SlideAside(spaces) => self.slide_aside(car, spaces),
            HazardEffect::Quake => self.quake(),
            HazardEffect::PitTrap { bonus, damage } => self.pit_trap(car, bonus, damage),
            HazardEffect::Eliminate => self.wreck(car),
        }
    }

    /// The cars farthest back on the board ([`HazardTarget::Rearmost`]), in id order: the
    /// fewest crossings of the finish line held (less the backward ones not returned), then
    /// the starting section before the lap, then the lowest sector. Cars on the track and
    /// beside it are on the board; cars in the chute are not yet.
    fn rearmost_cars(&self) -> smallvec::SmallVec<[CarId; 4]> {
        let track = self.track();
        let behind = |id: CarId| {
            let car = self.car(id);
            let sector = track.sector(self.board_sector(car.place)?);
            let laps = i32::from(car.crossings) - i32::from(car.lapped);
            Some((laps, sector.section == Section::Lap, sector.number))
        };
        let Some(last) = self.car_ids().filter_map(behind).min() else {
            return smallvec::SmallVec::new();
        };
        self.car_ids()
            .filter(|id| behind(*id) == Some(last))
            .collect()
    }

    /// A pit trap's attack on `car`.
    fn pit_trap(&mut self, car: CarId, bonus: u8, damage: u8) {
        if !self.car(car).place.in_race() {
            return;
        }
        let Some(card) = self.draw_card(DeckKind::Combat) else {
            return;
        };
        let rules = std::sync::Arc::clone(self.shared_rules());
        let value = rules.content.combat_deck[usize::from(card)]
            .value
            .saturating_add(bonus);
        let defense = self.stats(car).defense.get();
        let hit = value >= defense;
        self.record(RaceEvent::PitTrap {
            car,
            card: super::CombatCard(card),
            value,
            defense,
            hit,
        });
        if hit {
            self.damage(car, damage, None);
        }
        self.discard(DeckKind::Combat, card);
    }

    /// A quake: every car on the track shifts one space a drawn way (see the module's docs).
    fn quake(&mut self) {
        let way = match self.roll(0, 2) {
            0 => QuakeWay::Ahead,
            1 => QuakeWay::Inside,
            _ => QuakeWay::Outside,
        };
        self.record(RaceEvent::Quake { way });
        let side = match way {
            QuakeWay::Ahead => return self.quake_ahead(),
            QuakeWay::Inside => LaneSide::Inside,
            QuakeWay::Outside => LaneSide::Outside,
        };
        let mut cars: Vec<(u8, CarId, SpaceId)> = self
            .car_ids()
            .filter_map(|car| {
                let space = self.car(car).place.space()?;
                let ground = self.track().space(space);
                (!ground.ground.is_trough()).then_some((ground.lane, car, space))
            })
            .collect();
        // The car nearest the side shifts first, so the one beside it may take its space.
        match side {
            LaneSide::Inside => cars.sort_unstable(),
            LaneSide::Outside => cars.sort_unstable_by(|a, b| b.cmp(a)),
        }
        for (_, car, space) in cars {
            let Some(to) = self.track().lateral(space, side) else {
                continue;
            };
            if self.track().space(to).ground.is_trough()
                || self.car_on(to).is_some()
                || self.blocked_across(to).is_some()
            {
                continue;
            }
            self.put(car, Place::Track(to), Motion::Shaken);
        }
    }

    /// A quake ahead: every car on the track one space ahead along its lane, as one: passes
    /// over the cars until none moves, so a car whose space ahead another car left takes it.
    fn quake_ahead(&mut self) {
        let mut waiting: Vec<(CarId, SpaceId)> = self
            .car_ids()
            .filter_map(|car| {
                let space = self.car(car).place.space()?;
                let to = self.straight_ahead(space)?;
                (!self.track().space(space).ground.is_trough()).then_some((car, to))
            })
            .collect();
        loop {
            let before = waiting.len();
            waiting.retain(|&(car, to)| {
                if self.track().space(to).ground.is_trough()
                    || self.car_on(to).is_some()
                    || self.blocked_across(to).is_some()
                {
                    return true;
                }
                self.put(car, Place::Track(to), Motion::Shaken);
                false
            });
            if waiting.len() == before || self.is_over() {
                return;
            }
        }
    }

    /// The space one ahead of `space` in its lane, where a quake may shift a car: the forward
    /// link in its lane, or the only one; none at a fork, nor across the finish line.
    fn straight_ahead(&self, space: SpaceId) -> Option<SpaceId> {
        let track = self.track();
        let here = track.space(space);
        let to = match here.next.as_slice() {
            [only] => *only,
            next => *next.iter().find(|n| track.space(**n).lane == here.lane)?,
        };
        (!self.track().crosses_line(space, to)).then_some(to)
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::race;

    #[test]
    fn a_quake_never_shifts_a_car_ahead_across_the_finish_line() {
        let race = race("oval", 2, 1);
        let track = race.track();
        let mut before_line = 0;
        for space in track.space_ids() {
            let next = &track.space(space).next;
            let ahead = race.straight_ahead(space);
            if next.iter().any(|to| track.crosses_line(space, *to)) {
                before_line += 1;
                assert_eq!(ahead, None, "{} is before the line", track.at(space));
            } else if let [only] = next.as_slice() {
                assert_eq!(ahead, Some(*only), "{}", track.at(space));
            }
        }
        assert!(
            before_line >= 3,
            "the oval's three lanes meet the line: {before_line}"
        );
    }
}
