//! The scenario file: a race position for tests and designers — a track, cars placed on it,
//! the card played and the active car. `roadwright moves SCENARIO` lists where the card can
//! take the car.
//!
//! Paths are relative to the scenario file. Cars not placed stay on their team mats.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::ScenarioKind;
use super::race_deck::LaneSide;
use super::text::{CarNumber, Id, Text};
use super::track::SpaceRef;

/// A scenario file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Always `Scenario`.
    pub kind: ScenarioKind,
    /// The format version the file was written in.
    pub version: u32,
    /// What the position shows.
    pub name: Text,
    /// The track file, relative to the scenario file.
    pub track: Text,
    /// The content pack folder, relative to the scenario file.
    pub content: Text,
    /// The ruleset's id.
    #[serde(default = "standard")]
    pub ruleset: Id,
    /// The teams racing, in seating order (clockwise).
    pub players: Vec<Id>,
    /// The cars on the track, beside it or in the chute.
    pub cars: Vec<CarPlacement>,
    /// The car activated.
    pub active: CarRef,
    /// The race card played (a card kind's id).
    pub card: Id,
    /// For a Ram card: ram as a Lead movement (7.9).
    #[serde(default, skip_serializing_if = "super::skip::is_false")]
    pub ram_as_lead: bool,
    /// The seed of the race's RNG.
    #[serde(default)]
    pub seed: u64,
    /// Combat cards (ids) to put on top of the combat deck, the first drawn first. Each copy
    /// is taken from the deck; naming a card more often than the deck holds it adds copies,
    /// so a scenario can fix any sequence of draws.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub next_combat_cards: Vec<Id>,
    /// Movement event cards (ids) to put on top of their deck, the first drawn first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub next_event_cards: Vec<Id>,
    /// Race cards (ids) to put on top of the race deck, the first drawn first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub next_race_cards: Vec<Id>,
    /// Movement points to move with instead of the card's speed plus the car's base MP, for
    /// what-if questions ("where could it go with 12 MP?") and tests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mp: Option<u8>,
    /// VP the teams have already claimed from their pools, by source (none when left out).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub claimed: Vec<TeamClaims>,
}

/// VP a team has already claimed, by source (11.1, 11.3).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamClaims {
    /// The team's id.
    pub team: Id,
    /// VP claimed for crossing the finish line.
    #[serde(default)]
    pub finish: u32,
    /// VP claimed for kills.
    #[serde(default)]
    pub kills: u32,
}

fn standard() -> Id {
    Id::from("standard")
}

impl Scenario {
    /// The format version this build writes.
    pub const VERSION: u32 = 1;
}

/// A car, by team and roof number.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CarRef {
    /// The team's id.
    pub team: Id,
    /// The car's number.
    pub number: CarNumber,
}

/// Where a car is and what it carries.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CarPlacement {
    /// The team's id.
    pub team: Id,
    /// The car's number.
    pub number: CarNumber,
    /// Where it is.
    pub at: Spot,
    /// Damage markers.
    #[serde(default)]
    pub damage: u8,
    /// Markers: suppression, reloading, spin-around.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Marker>,
    /// Whether it has already been activated this turn.
    #[serde(default, skip_serializing_if = "super::skip::is_false")]
    pub activated: bool,
}

/// A place for a car.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Spot {
    /// A track space (a trough space may hold several cars).
    Space(SpaceRef),
    /// The off-track spot beside the sector of `beside`, on a side.
    OffTrack {
        /// Any space of the sector.
        beside: SpaceRef,
        /// The side.
        side: LaneSide,
    },
    /// The chute.
    Chute,
}

/// A marker on a car (9.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Marker {
    /// Suppression (8.5).
    Suppressed,
    /// Reloading (10.0).
    Reloading,
    /// Spin-Around (10.0).
    SpinAround,
    /// On Fire (a kind of ground's `Fire`): it checks before it moves.
    OnFire,
}

impl Marker {
    /// The letter the marker is printed as over a car's counter (a mission sheet's setup).
    #[must_use]
    pub fn letter(self) -> &'static str {
        match self {
            Self::Suppressed => "S",
            Self::Reloading => "R",
            Self::SpinAround => "SA",
            Self::OnFire => "F",
        }
    }
}
