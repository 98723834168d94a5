//! What a content file is and which format version it was written in.
//!
//! Every file opens with `kind` and `version`, so a single file can be loaded and checked on its
//! own, and an old file can be migrated before its body is read.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The kinds of content file Roadwright reads.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
pub enum ContentKind {
    /// The race card deck (rulebook 6.0 and the table at its end).
    RaceDeck,
    /// The movement event deck (10.0).
    MovementEventDeck,
    /// The combat event deck and the weapon types its cards name (8.0-8.5).
    CombatEventDeck,
    /// The team mats: teams and their eight cars (2.2, 2.3).
    TeamMats,
    /// A ruleset preset: the numbers of sections 3-11 a house rule may change.
    Ruleset,
    /// A track: the graph of spaces and its geometry.
    Track,
    /// A race position for tests and designers ([`super::scenario::Scenario`]).
    Scenario,
    /// How a simulated player chooses ([`super::bot_profile::BotProfile`]).
    BotProfile,
    /// What `roadwright tune` may change and aims at ([`super::tuning::TuningSpec`]).
    TuningSpec,
    /// The kinds of ground a pack's tracks are painted with ([`super::terrain::TerrainFile`]).
    Terrain,
    /// The hazard tokens dealt face down to a track's hazard spots
    /// ([`super::hazard_deck::HazardDeck`]).
    HazardDeck,
    /// A race with sides, objectives and victory conditions ([`super::mission::Mission`]).
    Mission,
    /// A piece of track to lay again or build courses from ([`super::tile::Tile`]).
    Tile,
    /// A track built from tiles ([`super::course::Course`]).
    Course,
}

impl ContentKind {
    /// Every kind a content pack must hold, in the order a pack lists them. Tracks live
    /// beside packs, in their own files.
    pub const PACK: [Self; 5] = [
        Self::RaceDeck,
        Self::MovementEventDeck,
        Self::CombatEventDeck,
        Self::TeamMats,
        Self::Ruleset,
    ];

    /// The kinds a content pack may hold, at most one of each: without a terrain file it plays
    /// on the rulebook's grounds, without a hazard deck its tracks have no hazards.
    pub const OPTIONAL: [Self; 2] = [Self::Terrain, Self::HazardDeck];

    /// The name used in file names, schemas and JSON output.
    #[must_use]
    pub fn slug(self) -> &'static str {
        match self {
            Self::RaceDeck => "race_deck",
            Self::MovementEventDeck => "movement_event_deck",
            Self::CombatEventDeck => "combat_event_deck",
            Self::TeamMats => "team_mats",
            Self::Ruleset => "ruleset",
            Self::Track => "track",
            Self::Scenario => "scenario",
            Self::BotProfile => "bot_profile",
            Self::TuningSpec => "tuning_spec",
            Self::Terrain => "terrain",
            Self::HazardDeck => "hazard_deck",
            Self::Mission => "mission",
            Self::Tile => "tile",
            Self::Course => "course",
        }
    }

    /// The format version this build writes; older versions are migrated on load.
    #[must_use]
    pub fn current_version(self) -> u32 {
        match self {
            Self::RaceDeck => super::race_deck::RaceDeck::VERSION,
            Self::MovementEventDeck => super::movement_events::MovementEventDeck::VERSION,
            Self::CombatEventDeck => super::combat_deck::CombatEventDeck::VERSION,
            Self::TeamMats => super::team_mats::TeamMats::VERSION,
            Self::Ruleset => super::ruleset::Ruleset::VERSION,
            Self::Track => super::track::Track::VERSION,
            Self::Scenario => super::scenario::Scenario::VERSION,
            Self::BotProfile => super::bot_profile::BotProfile::VERSION,
            Self::TuningSpec => super::tuning::TuningSpec::VERSION,
            Self::Terrain => super::terrain::TerrainFile::VERSION,
            Self::HazardDeck => super::hazard_deck::HazardDeck::VERSION,
            Self::Mission => super::mission::Mission::VERSION,
            Self::Tile => super::tile::Tile::VERSION,
            Self::Course => super::course::Course::VERSION,
        }
    }
}

impl fmt::Display for ContentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// The opening fields every content file shares, read before the body so that the loader knows
/// which type and which migration to use.
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
pub struct Header {
    /// What the file holds.
    pub kind: ContentKind,
    /// The format version it was written in.
    pub version: u32,
}

/// Declares a one-value enum that marks a file's kind inside its own type, so that a race deck
/// value can never claim to be a team mat file and the schema pins the `kind` field.
macro_rules! kind_marker {
    ($(#[$meta:meta])* $marker:ident, $variant:ident) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Default, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
        pub enum $marker {
            #[doc = concat!("The only value: `", stringify!($variant), "`.")]
            #[default]
            $variant,
        }
    };
}

kind_marker!(
    /// The `kind` field of a race deck file.
    RaceDeckKind,
    RaceDeck
);
kind_marker!(
    /// The `kind` field of a movement event deck file.
    MovementEventDeckKind,
    MovementEventDeck
);
kind_marker!(
    /// The `kind` field of a combat event deck file.
    CombatEventDeckKind,
    CombatEventDeck
);
kind_marker!(
    /// The `kind` field of a team mats file.
    TeamMatsKind,
    TeamMats
);
kind_marker!(
    /// The `kind` field of a track file.
    TrackKind,
    Track
);
kind_marker!(
    /// The `kind` field of a ruleset file.
    RulesetKind,
    Ruleset
);
kind_marker!(
    /// The `kind` of a scenario file.
    ScenarioKind,
    Scenario
);
kind_marker!(
    /// The `kind` of a tuning spec file.
    TuningSpecKind,
    TuningSpec
);
kind_marker!(
    /// The `kind` of a terrain file.
    TerrainFileKind,
    Terrain
);
kind_marker!(
    /// The `kind` of a hazard deck file.
    HazardDeckKind,
    HazardDeck
);
kind_marker!(
    /// The `kind` of a bot profile file.
    BotProfileKind,
    BotProfile
);
kind_marker!(
    /// The `kind` of a mission file.
    MissionKind,
    Mission
);

kind_marker!(
    /// The `kind` of a tile file.
    TileKind,
    Tile
);

kind_marker!(
    /// The `kind` of a course file.
    CourseKind,
    Course
);
