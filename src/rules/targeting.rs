//! Attack targets as a front end or a bot asks for them (8.1): which cars a car could fire at
//! from where it is or from a space it could move to, in which arc, and the odds.
//!
//! # Decisions where the rulebook is silent
//! - The chance to hit and the expected damage count the combat deck as printed (every card's
//!   copies), not the cards still unseen: that is what every player knows without counting
//!   discards. Spray's splash damage is not in the expected damage (it depends on who stands
//!   around the target).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::combat::{arc, cars_on};
use super::ids::CarId;
use super::state::{Place, Race};
use crate::content::team_mats::Mount;
use crate::validate::checked_track::SpaceId;

/// The arc a target sits in, seen from the attacker (8.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FiringArc {
    /// In front: the forward spaces and those diagonally ahead (front weapons and turrets).
    Front,
    /// Beside: the lateral neighbours (turrets only).
    Side,
    /// Behind: the spaces linking in and those diagonally behind (rear weapons and turrets).
    Rear,
}

/// One car a car could attack.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct TargetOption {
    /// The target.
    pub target: CarId,
    /// Its space.
    pub space: SpaceId,
    /// The arc it is in.
    pub arc: FiringArc,
    /// Its defense.
    pub defense: u8,
    /// The chance a combat card drawn hits it (value plus targeting bonus at least the
    /// defense), over the combat deck as printed.
    pub hit_chance: f64,
    /// The damage one attack does on average, misses included, with the attacker's weapon.
    pub expected_damage: f64,
}

impl Race {
    /// The cars `car` could fire at from where it stands, with the odds (empty when it is not
    /// on a track space). Whether it may fire now is a separate question
    /// ([`Race::legal_decisions`]).
    #[must_use]
    pub fn target_options(&self, car: CarId) -> Vec<TargetOption> {
        match self.car(car).place {
            Place::Track(space) => self.target_options_from(car, space),
            _ => Vec::new(),
        }
    }

    /// The cars `car` could fire at if it stood on `space`, the other cars where they are:
    /// the targets after a movement, asked before making it.
    #[must_use]
    pub fn target_options_from(&self, car: CarId, space: SpaceId) -> Vec<TargetOption> {
        let stats = self.stats(car);
        let track = self.track();
        let s = track.space(space);
        let arc_of = |at: SpaceId| {
            if s.next.contains(&at) || track.diagonals_ahead(space).contains(&at) {
                FiringArc::Front
            } else if s.prev.contains(&at) || track.diagonals_behind(space).contains(&at) {
                FiringArc::Rear
            } else {
                FiringArc::Side
            }
        };
        let mut out = Vec::new();
        for &at in arc(self, space, stats.mount) {
            for target in cars_on(self, at) {
                if target == car {
                    continue;
                }
                let defense = self.stats(target).defense.get();
                let (hit_chance, expected_damage) = self.odds(car, defense);
                out.push(TargetOption {
                    target,
                    space: at,
                    arc: arc_of(at),
                    defense,
                    hit_chance,
                    expected_damage,
                });
            }
        }
        out.sort_by_key(|t| t.target);
        out
    }

    /// The chance to hit a defense and the expected damage, over the combat deck as printed
    /// (from the table the rules keep; worked out afresh for a defense beyond it).
    fn odds(&self, attacker: CarId, defense: u8) -> (f64, f64) {
        let car = self.car(attacker);
        self.rules()
            .odds
            .get(self.player(car.player).team)
            .and_then(|team| team.get(usize::from(car.mat_index)))
            .and_then(|by_defense| by_defense.get(usize::from(defense)))
            .copied()
            .unwrap_or_else(|| odds(&self.rules().content, self.stats(attacker), defense))
    }

    /// The damage a collision attack (a ram, a Sideswipe) deals its target on average, over
    /// the combat deck as printed (each card by its count), as [`Self::odds`] weighs a shot.
    #[must_use]
    pub fn expected_collision_damage(&self) -> f64 {
        let (mut total, mut damage) = (0.0, 0.0);
        for card in &self.rules().content.combat_deck {
            let count = f64::from(card.count.get());
            total += count;
            damage += count * f64::from(card.collision.target_damage);
        }
        if total > 0.0 { damage / total } else { 0.0 }
    }

    /// The weapon mount of a car.
    #[must_use]
    pub fn mount(&self, car: CarId) -> Mount {
        self.stats(car).mount
    }
}

/// A car's chance to hit a defense and its expected damage, over the combat deck as printed.
pub(crate) fn odds(
    content: &crate::validate::checked::Content,
    stats: &crate::validate::checked::Car,
    defense: u8,
) -> (f64, f64) {
    let bonus = u8::from(stats.targeting_bonus);
    let (mut total, mut hits, mut damage) = (0.0, 0.0, 0.0);
    for card in &content.combat_deck {
        let count = f64::from(card.count.get());
        total += count;
        if card.value + bonus >= defense {
            hits += count;
            damage += count * f64::from(card.weapons.get(&stats.weapon).map_or(0, |r| r.damage));
        }
    }
    if total == 0.0 {
        return (0.0, 0.0);
    }
    (hits / total, damage / total)
}
