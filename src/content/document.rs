//! A content file of any kind: detection by its `kind` field, version checks and migration.

use std::path::Path;

use super::bot_profile::BotProfile;
use super::combat_deck::CombatEventDeck;
use super::course::Course;
use super::error::{LoadError, LoadErrorCode};
use super::hazard_deck::HazardDeck;
use super::kind::{ContentKind, Header};
use super::mission::Mission;
use super::movement_events::MovementEventDeck;
use super::parse::parse;
use super::race_deck::RaceDeck;
use super::ruleset::{Ruleset, RulesetV1};
use super::save::{SaveError, to_text};
use super::scenario::Scenario;
use super::source::{Format, SourceFile};
use super::team_mats::TeamMats;
use super::terrain::TerrainFile;
use super::tile::Tile;
use super::track::{Track, TrackV1};
use super::tuning::TuningSpec;

/// The contents of one content file.
#[derive(Clone, PartialEq, Debug)]
pub enum Document {
    /// A race deck.
    RaceDeck(RaceDeck),
    /// A movement event deck.
    MovementEventDeck(MovementEventDeck),
    /// A combat event deck with its weapon types.
    CombatEventDeck(CombatEventDeck),
    /// Team mats.
    TeamMats(TeamMats),
    /// A ruleset preset.
    Ruleset(Ruleset),
    /// A track.
    Track(Track),
    /// A scenario.
    Scenario(Scenario),
    /// A bot profile.
    BotProfile(BotProfile),
    /// A tuning spec.
    TuningSpec(TuningSpec),
    /// The kinds of ground a pack's tracks are painted with.
    Terrain(TerrainFile),
    /// The hazard tokens dealt to a track's hazard spots.
    HazardDeck(HazardDeck),
    /// A mission: sides, objectives and victory conditions.
    Mission(Mission),
    /// A tile.
    Tile(Tile),
    /// A course.
    Course(Course),
}

impl Document {
    /// What kind of file this is.
    #[must_use]
    pub fn kind(&self) -> ContentKind {
        match self {
            Self::RaceDeck(_) => ContentKind::RaceDeck,
            Self::MovementEventDeck(_) => ContentKind::MovementEventDeck,
            Self::CombatEventDeck(_) => ContentKind::CombatEventDeck,
            Self::TeamMats(_) => ContentKind::TeamMats,
            Self::Ruleset(_) => ContentKind::Ruleset,
            Self::Track(_) => ContentKind::Track,
            Self::Scenario(_) => ContentKind::Scenario,
            Self::BotProfile(_) => ContentKind::BotProfile,
            Self::TuningSpec(_) => ContentKind::TuningSpec,
            Self::Terrain(_) => ContentKind::Terrain,
            Self::HazardDeck(_) => ContentKind::HazardDeck,
            Self::Mission(_) => ContentKind::Mission,
            Self::Tile(_) => ContentKind::Tile,
            Self::Course(_) => ContentKind::Course,
        }
    }

    /// Parses a file of any kind, migrating an older format version to the current one.
    pub fn parse(source: &SourceFile) -> Result<Self, LoadError> {
        let header: Header = parse(source)?;
        let current = header.kind.current_version();
        if header.version > current {
            return Err(LoadError::new(
                &source.path,
                LoadErrorCode::Version,
                format!(
                    "is a {} file of format version {}, newer than this Roadwright reads \
                     (up to {current}); update Roadwright to open it",
                    header.kind, header.version
                ),
            ));
        }
        if header.version == 0 {
            return Err(LoadError::new(
                &source.path,
                LoadErrorCode::Version,
                format!(
                    "says format version 0, which no Roadwright ever wrote (versions start at 1; \
                     the current {} version is {current})",
                    header.kind
                ),
            ));
        }
        Ok(match header.kind {
            ContentKind::RaceDeck => Self::RaceDeck(parse(source)?),
            ContentKind::MovementEventDeck => Self::MovementEventDeck(parse(source)?),
            ContentKind::CombatEventDeck => Self::CombatEventDeck(parse(source)?),
            ContentKind::TeamMats => Self::TeamMats(parse(source)?),
            ContentKind::Track => Self::Track(match header.version {
                1 => parse::<TrackV1>(source)?.migrate(),
                _ => parse(source)?,
            }),
            ContentKind::Terrain => Self::Terrain(parse(source)?),
            ContentKind::HazardDeck => Self::HazardDeck(parse(source)?),
            ContentKind::Scenario => Self::Scenario(parse(source)?),
            ContentKind::Mission => Self::Mission(parse(source)?),
            ContentKind::Tile => Self::Tile(parse(source)?),
            ContentKind::Course => Self::Course(parse(source)?),
            ContentKind::TuningSpec => Self::TuningSpec(parse(source)?),
            ContentKind::BotProfile => Self::BotProfile(parse(source)?),
            ContentKind::Ruleset => Self::Ruleset(match header.version {
                1 => parse::<RulesetV1>(source)?.migrate(),
                _ => parse(source)?,
            }),
        })
    }

    /// Reads and parses a file.
    pub fn load(path: &Path) -> Result<LoadedDocument, LoadError> {
        let source = SourceFile::read(path)?;
        let document = Self::parse(&source)?;
        Ok(LoadedDocument { source, document })
    }

    /// The canonical text of the document in a format: what saving writes.
    pub fn to_text(&self, format: Format) -> Result<String, SaveError> {
        match self {
            Self::RaceDeck(value) => to_text(value, format),
            Self::MovementEventDeck(value) => to_text(value, format),
            Self::CombatEventDeck(value) => to_text(value, format),
            Self::TeamMats(value) => to_text(value, format),
            Self::Ruleset(value) => to_text(value, format),
            Self::Track(value) => to_text(value, format),
            Self::Scenario(value) => to_text(value, format),
            Self::TuningSpec(value) => to_text(value, format),
            Self::BotProfile(value) => to_text(value, format),
            Self::Terrain(value) => to_text(value, format),
            Self::HazardDeck(value) => to_text(value, format),
            Self::Mission(value) => to_text(value, format),
            Self::Tile(value) => to_text(value, format),
            Self::Course(value) => to_text(value, format),
        }
    }
}

/// A document with the text it was parsed from, which validation uses to place diagnostics.
#[derive(Clone, Debug)]
pub struct LoadedDocument {
    /// Where the document came from, and its text.
    pub source: SourceFile,
    /// The parsed, migrated document.
    pub document: Document,
}
