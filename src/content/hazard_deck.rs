//! The hazard deck file: the face-down tokens dealt to a track's hazard spots.
//!
//! Thunder Road: Vendetta hides hazards under face-down tokens: a wreck, a mine, an oil slick, a
//! quake, a pit trap, or a token that turns its space into mud or a ramp. A pack that holds a
//! hazard deck deals one token, face down, to each hazard spot its track marks; a car that
//! enters a spot turns the token over and the hazard happens to it. Like the other decks, the
//! file lists kinds with how many copies the deck holds; what a hazard does is said in a fixed
//! vocabulary ([`HazardEffect`]) and, for a hazard that stays on the board, the kind of ground
//! its space becomes ([`Hazard::becomes`]).
//!
//! The rulebook has no hazards: a pack without this file, or a track without hazard spots,
//! races exactly as the rulebook says.
//!
//! Format history: version 1 (current).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::HazardDeckKind;
use super::text::{Id, TerrainId, Text};

/// A hazard deck file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HazardDeck {
    /// Always `HazardDeck`.
    pub kind: HazardDeckKind,
    /// The format version the file was written in.
    pub version: u32,
    /// A name for the deck, shown in the studio.
    pub name: Text,
    /// The hazard kinds, each with how many tokens of it the deck holds.
    pub hazards: Vec<Hazard>,
}

impl HazardDeck {
    /// The format version this build writes.
    pub const VERSION: u32 = 1;

    /// A deck to start from: four mines, two oil slicks and a quake.
    #[must_use]
    pub fn starter() -> Self {
        let hazard = |id: &str, name: &str, count, effects| Hazard {
            target: HazardTarget::TheCar,
            id: Id::from(id),
            name: Text::from(name),
            count,
            effects,
            becomes: None,
            drive_on: false,
        };
        Self {
            kind: HazardDeckKind::HazardDeck,
            version: Self::VERSION,
            name: Text::from("Hazards"),
            hazards: vec![
                hazard("mine", "Mine", 4, vec![HazardEffect::Damage(1)]),
                hazard(
                    "oil-slick",
                    "Oil slick",
                    2,
                    vec![HazardEffect::SlideAside(1)],
                ),
                hazard("quake", "Quake", 1, vec![HazardEffect::Quake]),
            ],
        }
    }

    /// How many tokens the deck holds.
    #[must_use]
    pub fn total_tokens(&self) -> u64 {
        self.hazards
            .iter()
            .map(|hazard| u64::from(hazard.count))
            .sum()
    }
}

/// One kind of hazard token.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Hazard {
    /// A stable identifier, unique in the deck (`mine`, `pit-trap`).
    pub id: Id,
    /// The name shown when the token is turned over.
    pub name: Text,
    /// How many tokens of this kind the deck holds.
    pub count: u32,
    /// What happens, in order, to the car that turns it over or to the cars `target` names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<HazardEffect>,
    /// Which cars its effects strike: the car that turned it over (the default), or others
    /// (Thunder Road's sand worm takes the car farthest back).
    #[serde(default, skip_serializing_if = "HazardTarget::is_the_car")]
    pub target: HazardTarget,
    /// The kind of ground (an id of the pack's terrain file) the space becomes once the token
    /// is turned over: a hazard that stays on the board (a wreck that blocks the road, a pit,
    /// a patch of mud). Without one the token is discarded and the ground stays as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub becomes: Option<TerrainId>,
    /// The car that turned it over drives on once it has resolved, with the movement it had
    /// left (Thunder Road's oil slick and pit trap); without it the token ends the car's
    /// movement, as the rulebook's grounds that stop a car do.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drive_on: bool,
}

/// Which cars a hazard's effects strike.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
)]
pub enum HazardTarget {
    /// The car that turned the token over.
    #[default]
    TheCar,
    /// The car farthest back on the board, each of them on a tie (Thunder Road's sand worm:
    /// "the road vehicle that is the farthest back on the board; on a tie, eliminate each of
    /// them"). Farthest back is the fewest crossings of the finish line held, then the
    /// starting section before the lap, then the lowest sector; the cars on the track and
    /// beside it are on the board (not those in the chute).
    Rearmost,
}

impl HazardTarget {
    /// Whether it is the default, the car that turned the token over (left out of files).
    #[must_use]
    pub fn is_the_car(&self) -> bool {
        *self == Self::TheCar
    }

    /// The target as the studio offers it.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::TheCar => "the car",
            Self::Rearmost => "the car farthest back",
        }
    }
}

/// What a hazard does to the car that turns it over, from a fixed vocabulary the rules engine
/// knows. Every hazard first ends the car's movement on its spot (see `rules/hazards.rs`).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub enum HazardEffect {
    /// The car takes this much damage (a mine, the slam into a wreck), as a collision's damage
    /// is dealt (5.3).
    Damage(u8),
    /// The car is spun around: it takes the Spin-Around token, as the movement event gives it
    /// (10.0), so it may not fire before it moves until a lateral move turns it back.
    SpinAround,
    /// An oil slick: the car slides this many spaces to a side drawn from the race's RNG, free,
    /// stopping short of a car, the trough, the wall or ground no car may enter.
    SlideAside(u8),
    /// A quake: every car on the track shifts one space the same way, drawn from the race's RNG
    /// (ahead, towards the apron or towards the wall), where the space it would shift into is
    /// free.
    Quake,
    /// A pit trap: an attack against the car, resolved like a combat card against its defense:
    /// a combat card is drawn, and it hits when its value plus `bonus` is at least the car's
    /// defense (8.0); a hit deals `damage`.
    PitTrap {
        /// Added to the drawn card's value, as a targeting bonus is (8.0).
        bonus: u8,
        /// The damage a hit deals.
        damage: u8,
    },
    /// The car is eliminated, a kill no one scores (a sand worm).
    Eliminate,
}
