//! Checked content: the ready-to-play types the rules engine reads.
//!
//! A value of these types only exists when validation found no error, so the engine never
//! re-checks: every count is at least one, every weapon a car carries has a result on every
//! combat card, every defense is 1-3, every ruleset covers its player range.

use std::collections::BTreeMap;
use std::num::NonZeroU32;

use crate::content::combat_deck::{AttackResult, CollisionResult, WeaponType};
use crate::content::movement_events::MovementEvent;
use crate::content::race_deck::{LaneSide, MovementType};
use crate::content::ruleset::CrossoverCollision;
use crate::content::team_mats::Mount;
use crate::content::text::{CarNumber, Id, Text};

pub use super::terrain::TerrainBook;

/// A whole checked content pack.
#[derive(Clone, PartialEq, Debug)]
pub struct Content {
    /// The race deck's card kinds.
    pub race_deck: Vec<RaceCard>,
    /// The movement event deck's card kinds.
    pub movement_events: Vec<MovementEventCard>,
    /// The weapon types, by id.
    pub weapon_types: BTreeMap<Id, WeaponType>,
    /// The combat deck's card kinds.
    pub combat_deck: Vec<CombatCard>,
    /// The teams, in file order.
    pub teams: Vec<Team>,
    /// The rulesets, by id.
    pub rulesets: BTreeMap<Id, Ruleset>,
    /// The kinds of ground its tracks may name: its terrain file's, or the rulebook's four
    /// when it has none.
    pub terrain: TerrainBook,
    /// The hazard tokens dealt to a track's hazard spots: its hazard deck, if it has one.
    pub hazards: Option<super::hazard_deck::HazardBook>,
}

impl Content {
    /// The most cars any of its rulesets puts on a starting grid (players times cars per team,
    /// over every player count each allows): the grid positions a track raced with it must
    /// hold. The rulebook's is 40 (10 players of 4 cars, "spaces numbered 1-40"); a pack whose
    /// only ruleset seats 3 players of 2 cars asks 6 of its tracks. A mission seats no more
    /// than its ruleset does, and one that places its cars uses no grid.
    #[must_use]
    pub fn largest_field(&self) -> u32 {
        self.rulesets
            .values()
            .map(Ruleset::largest_field)
            .max()
            .unwrap_or(0)
    }
}

/// A checked race card kind.
#[derive(Clone, PartialEq, Debug)]
pub struct RaceCard {
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: Text,
    /// Its movement type.
    pub movement: MovementType,
    /// The speed adjustment, within [`super::limits::SPEED_RANGE`].
    pub speed: u8,
    /// Whether a movement event is drawn after movement.
    pub movement_event: bool,
    /// The lane the racing line must take at every fork, if the card says so.
    pub forced_lane: Option<LaneSide>,
    /// Copies in the deck.
    pub count: NonZeroU32,
}

/// A checked movement event card kind.
#[derive(Clone, PartialEq, Debug)]
pub struct MovementEventCard {
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: Text,
    /// What it does.
    pub effect: MovementEvent,
    /// Copies in the deck.
    pub count: NonZeroU32,
}

/// A checked combat card kind: it has a result for every weapon type of the pack.
#[derive(Clone, PartialEq, Debug)]
pub struct CombatCard {
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: Text,
    /// The value compared with defense.
    pub value: u8,
    /// The result of a hit, for every weapon type.
    pub weapons: BTreeMap<Id, AttackResult>,
    /// The result of a collision attack.
    pub collision: CollisionResult,
    /// Copies in the deck.
    pub count: NonZeroU32,
}

/// A defense value, 1 to 3.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Defense(u8);

impl Defense {
    /// A defense value, when it is within 1 to [`super::limits::MAX_DEFENSE`].
    #[must_use]
    pub fn new(value: u8) -> Option<Self> {
        (1..=super::limits::MAX_DEFENSE)
            .contains(&value)
            .then_some(Self(value))
    }

    /// The number.
    #[must_use]
    pub fn get(self) -> u8 {
        self.0
    }

    /// The defense changed by `by`, kept within 1 to [`super::limits::MAX_DEFENSE`].
    #[must_use]
    pub fn changed(self, by: i8) -> Self {
        let value =
            (i16::from(self.0) + i16::from(by)).clamp(1, i16::from(super::limits::MAX_DEFENSE));
        Self(u8::try_from(value).unwrap_or(1))
    }
}

/// A checked team.
#[derive(Clone, PartialEq, Debug)]
pub struct Team {
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: Text,
    /// Its colour.
    pub colour: [u8; 3],
    /// Its symbol's name.
    pub symbol: Text,
    /// Its cars, with unique numbers.
    pub cars: Vec<Car>,
}

/// A checked car.
#[derive(Clone, PartialEq, Debug)]
pub struct Car {
    /// The roof number, unique within the team.
    pub number: CarNumber,
    /// The driver.
    pub driver: Text,
    /// Its defense.
    pub defense: Defense,
    /// Base movement points, within [`super::limits::BASE_MP_RANGE`].
    pub base_mp: u8,
    /// A weapon type of the pack.
    pub weapon: Id,
    /// Its mount.
    pub mount: Mount,
    /// Whether it adds 1 to combat cards it draws.
    pub targeting_bonus: bool,
}

/// A checked ruleset.
#[derive(Clone, PartialEq, Debug)]
pub struct Ruleset {
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: Text,
    /// Cars per team for every allowed player count (each count appears once).
    pub cars_by_players: BTreeMap<u8, u8>,
    /// Cars on each team mat.
    pub cars_on_mat: u8,
    /// Race cards in a full hand.
    pub hand_size: u8,
    /// Victory points in each pool.
    pub victory_points: u8,
    /// The damage that eliminates.
    pub eliminating_damage: u8,
    /// Whether the countdown clock runs.
    pub countdown_clock: bool,
    /// The crossover collision variant.
    pub crossover_collision: CrossoverCollision,
    /// What crossing the finish line of a point-to-point track does.
    pub point_to_point: crate::content::ruleset::PointToPointFinish,
    /// Whether a starburst's event is drawn after the active car was eliminated.
    pub event_after_elimination: crate::content::ruleset::EventAfterElimination,
    /// Where a Bulldoze on a Sideswipe puts the target.
    pub sideswipe_bulldoze: crate::content::ruleset::SideswipeBulldoze,
}

impl Ruleset {
    /// The most cars it puts on a starting grid, over the player counts it allows.
    #[must_use]
    pub fn largest_field(&self) -> u32 {
        self.cars_by_players
            .iter()
            .map(|(players, cars)| u32::from(*players) * u32::from(*cars))
            .max()
            .unwrap_or(0)
    }
}
