//! What a content file is and which format version it was written in.
//!
//! Every file opens with `kind` and `version`, so a single file can be loaded and checked on its
//! own, and an old file can be migrated before its body is read.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The table of content file kinds: the one place a kind of file is registered. Each row is a
/// kind's doc line, its variant, its type, its slug (file names, schemas, JSON output), what it
/// is to a pack ([`PackRole`]), the marker type that pins its `kind` field, and, for a kind
/// whose format changed, the older format it migrates from (version 1). The table is handed to
/// a macro that writes from it: [`ContentKind`] and its methods here, [`super::Document`] and
/// its parsing, saving and kind in `content/document.rs`, and the schema list in
/// `content/schema.rs`.
macro_rules! content_kinds {
    ($write:ident) => {
        $write! {
            /// The race card deck (rulebook 6.0 and the table at its end).
            RaceDeck: crate::content::race_deck::RaceDeck,
                "race_deck" ("race deck"), One, RaceDeckKind;
            /// The movement event deck (10.0).
            MovementEventDeck: crate::content::movement_events::MovementEventDeck,
                "movement_event_deck" ("movement event deck"), One, MovementEventDeckKind;
            /// The combat event deck and the weapon types its cards name (8.0-8.5).
            CombatEventDeck: crate::content::combat_deck::CombatEventDeck,
                "combat_event_deck" ("combat event deck"), One, CombatEventDeckKind;
            /// The team mats: teams and their eight cars (2.2, 2.3).
            TeamMats: crate::content::team_mats::TeamMats,
                "team_mats" ("team mats"), One, TeamMatsKind;
            /// A ruleset preset: the numbers of sections 3-11 a house rule may change.
            Ruleset: crate::content::ruleset::Ruleset,
                "ruleset" ("ruleset"), Many, RulesetKind,
                migrates crate::content::ruleset::RulesetV1;
            /// A track: the graph of spaces and its geometry.
            Track: crate::content::track::Track,
                "track" ("track"), Beside, TrackKind,
                migrates crate::content::track::TrackV1;
            /// A race position for tests and designers ([`super::scenario::Scenario`]).
            Scenario: crate::content::scenario::Scenario,
                "scenario" ("scenario"), Beside, ScenarioKind;
            /// How a simulated player chooses ([`super::bot_profile::BotProfile`]).
            BotProfile: crate::content::bot_profile::BotProfile,
                "bot_profile" ("bot profile"), Any, BotProfileKind;
            /// What `roadwright tune` may change and aims at ([`super::tuning::TuningSpec`]).
            TuningSpec: crate::content::tuning::TuningSpec,
                "tuning_spec" ("tuning spec"), Beside, TuningSpecKind;
            /// The kinds of ground a pack's tracks are painted with
            /// ([`super::terrain::TerrainFile`]).
            Terrain: crate::content::terrain::TerrainFile,
                "terrain" ("terrain"), AtMostOne, TerrainFileKind;
            /// The hazard tokens dealt face down to a track's hazard spots
            /// ([`super::hazard_deck::HazardDeck`]).
            HazardDeck: crate::content::hazard_deck::HazardDeck,
                "hazard_deck" ("hazard deck"), AtMostOne, HazardDeckKind;
            /// A race with sides, objectives and victory conditions ([`super::mission::Mission`]).
            Mission: crate::content::mission::Mission,
                "mission" ("mission"), Beside, MissionKind;
            /// A piece of track to lay again or build courses from ([`super::tile::Tile`]).
            Tile: crate::content::tile::Tile,
                "tile" ("tile"), Beside, TileKind;
            /// A track built from tiles ([`super::course::Course`]).
            Course: crate::content::course::Course,
                "course" ("course"), Beside, CourseKind;
        }
    };
}
pub(crate) use content_kinds;

/// What a kind of file is to a content pack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PackRole {
    /// Every pack holds exactly one.
    One,
    /// Every pack holds at least one (the rulesets a race chooses from).
    Many,
    /// A pack may hold one: without it the pack plays on the rulebook's grounds, or with no
    /// hazards.
    AtMostOne,
    /// A pack may hold any number, and they do not change the race's rules (bot profiles).
    Any,
    /// It lives beside packs, in files of its own (a track, a mission, a course), even when it
    /// sits in a pack's folder.
    Beside,
}

impl PackRole {
    /// Whether a pack that lacks this kind is missing a file.
    #[must_use]
    pub fn required(self) -> bool {
        match self {
            Self::One | Self::Many => true,
            Self::AtMostOne | Self::Any | Self::Beside => false,
        }
    }

    /// Whether a pack holds at most one file of this kind.
    #[must_use]
    pub fn single(self) -> bool {
        match self {
            Self::One | Self::AtMostOne => true,
            Self::Many | Self::Any | Self::Beside => false,
        }
    }

    /// Whether the kind is part of the pack's content (what a pack is checked and identified
    /// by), as opposed to files that sit beside or among it.
    #[must_use]
    pub fn in_pack(self) -> bool {
        match self {
            Self::One | Self::Many | Self::AtMostOne => true,
            Self::Any | Self::Beside => false,
        }
    }
}

/// Writes [`ContentKind`] and its per-kind methods, and the kind markers, from the table.
macro_rules! write_content_kind {
    ($(
        $(#[$doc:meta])*
        $variant:ident: $ty:ty, $slug:literal ($name:literal), $role:ident, $marker:ident
            $(, migrates $old:ty)?;
    )*) => {
        /// The kinds of content file Roadwright reads (the table in `content_kinds!`).
        #[derive(
            Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize,
            JsonSchema,
        )]
        pub enum ContentKind {
            $($(#[$doc])* $variant,)*
        }

        impl ContentKind {
            /// Every kind, in the table's order.
            pub const ALL: &'static [Self] = &[$(Self::$variant),*];

            /// The name used in file names, schemas and JSON output.
            #[must_use]
            pub fn slug(self) -> &'static str {
                match self {
                    $(Self::$variant => $slug,)*
                }
            }

            /// The format version this build writes; older versions are migrated on load.
            #[must_use]
            pub fn current_version(self) -> u32 {
                match self {
                    $(Self::$variant => <$ty>::VERSION,)*
                }
            }

            /// What the kind is to a content pack.
            #[must_use]
            pub fn pack_role(self) -> PackRole {
                match self {
                    $(Self::$variant => PackRole::$role,)*
                }
            }
        }

        $(
            kind_marker!(
                #[doc = concat!("The `kind` field of a ", $name, " file.")]
                $marker,
                $variant
            );
        )*
    };
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

content_kinds!(write_content_kind);

#[cfg(test)]
mod tests {
    use super::{ContentKind, PackRole};

    #[test]
    fn a_pack_needs_its_decks_mats_and_a_ruleset_and_holds_one_terrain_and_hazard_deck_at_most() {
        let kinds = |keep: fn(PackRole) -> bool| -> Vec<&str> {
            ContentKind::ALL
                .iter()
                .filter(|k| keep(k.pack_role()))
                .map(|k| k.slug())
                .collect()
        };
        assert_eq!(
            kinds(PackRole::required),
            [
                "race_deck",
                "movement_event_deck",
                "combat_event_deck",
                "team_mats",
                "ruleset"
            ]
        );
        assert_eq!(
            kinds(PackRole::single),
            [
                "race_deck",
                "movement_event_deck",
                "combat_event_deck",
                "team_mats",
                "terrain",
                "hazard_deck"
            ]
        );
        assert_eq!(
            kinds(PackRole::in_pack),
            [
                "race_deck",
                "movement_event_deck",
                "combat_event_deck",
                "team_mats",
                "ruleset",
                "terrain",
                "hazard_deck"
            ]
        );
        // Every kind is listed once.
        for (i, kind) in ContentKind::ALL.iter().enumerate() {
            assert_eq!(ContentKind::ALL.iter().position(|k| k == kind), Some(i));
        }
    }
}
