//! Race records: what content a race ran on, its setup, its seed and its decisions. Replaying a
//! record gives the same events, so any race a batch or a check reports can be watched again.
//!
//! A record is a versioned file (`kind: RaceRecord`, JSON or RON; schema in
//! `schemas/race_record.schema.json`). It names the content it was made on and carries the
//! SHA-256 of the pack, the track and the ruleset ([`ContentIdentity`]); replaying it on other
//! content is refused, because the same decisions would mean something else there.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::content::text::{CarNumber, Id};
use crate::rules::{Decision, PlayerSetup, Race, RaceRules, RaceSetup, SetupError};

/// The `kind` field of a race record file.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum RaceRecordKind {
    /// The only value: `RaceRecord`.
    #[default]
    RaceRecord,
}

/// The content a race ran on: names for people, hashes for the check.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ContentIdentity {
    /// The track's name.
    pub track: String,
    /// SHA-256 of the track's canonical text.
    pub track_hash: String,
    /// The content pack's folder name.
    pub pack: String,
    /// SHA-256 over the canonical texts of what a race reads from the pack: the three decks
    /// and the team mats (the ruleset has its own hash).
    pub pack_hash: String,
    /// The pack hash as records written before the pack hash left rulesets out computed it
    /// (every document but tracks, scenarios and bot profiles), so that those still replay.
    #[serde(skip)]
    #[schemars(skip)]
    pub legacy_pack_hash: String,
    /// The ruleset's id.
    pub ruleset: String,
    /// SHA-256 of the ruleset's canonical text.
    pub ruleset_hash: String,
    /// The mission's name, for a race of a mission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission: Option<String>,
    /// SHA-256 of the mission's canonical text, for a race of a mission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission_hash: Option<String>,
}

/// The paths a race's content and track were read from.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordFiles {
    /// The content pack folder.
    pub content: String,
    /// The track file.
    pub track: String,
    /// The mission file, for a race of a mission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission: Option<String>,
    /// The course seed, for a race on a course drawn with another seed than 0 (the track file
    /// is then the course's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub course_seed: Option<u64>,
}

impl RecordFiles {
    /// The paths a record made on `content` and `track` keeps, or why they cannot be kept: a
    /// record holds its paths as text, so a path that is not valid UTF-8 is refused when the
    /// record is asked for (before the race), not stored with U+FFFD where its bytes were, which
    /// `replay` then could not open.
    pub fn of(content: &Path, track: &Path) -> Result<Self, String> {
        let text = |path: &Path| {
            path.to_str().map(str::to_owned).ok_or_else(|| {
                format!(
                    "{}: a race record keeps its paths as text, and this one is not valid UTF-8; \
                     rename it, or record from a path that is",
                    path.display()
                )
            })
        };
        Ok(Self {
            content: text(content)?,
            track: text(track)?,
            mission: None,
            course_seed: None,
        })
    }

    /// The paths a record of a race of the mission at `mission` keeps: the mission's, and the
    /// content and track it names.
    pub fn of_mission(mission: &Path, content: &Path, track: &Path) -> Result<Self, String> {
        let mut files = Self::of(content, track)?;
        files.mission = Some(Self::of(mission, track)?.content);
        Ok(files)
    }

    /// The paths as a record saved at `record` holds them: relative to the record's folder
    /// (`../content`), so that the record replays from any working directory and moves with
    /// its project; absolute when the two share nothing but the root of the file system.
    #[must_use]
    pub fn relative_to(&self, record: &Path) -> Self {
        let folder = folder_of(record);
        Self {
            content: crate::content::relative_path::relative_path(
                Path::new(&self.content),
                &folder,
            ),
            track: crate::content::relative_path::relative_path(Path::new(&self.track), &folder),
            mission: self.mission.as_ref().map(|mission| {
                crate::content::relative_path::relative_path(Path::new(mission), &folder)
            }),
            course_seed: self.course_seed,
        }
    }

    /// Where a record read from `record` finds its mission, if it was a race of one.
    #[must_use]
    pub fn resolve_mission(&self, record: &Path) -> Option<PathBuf> {
        let mission = Path::new(self.mission.as_ref()?);
        Some(if mission.is_absolute() {
            mission.to_owned()
        } else {
            folder_of(record).join(mission)
        })
    }

    /// Where a record read from `record` finds its content and track: a relative path is
    /// taken from the record's folder; a record written before paths were relative to it
    /// named them from the working directory, which is tried when nothing is there.
    #[must_use]
    pub fn resolve(&self, record: &Path) -> (PathBuf, PathBuf) {
        let folder = folder_of(record);
        let find = |named: &str| {
            let named = Path::new(named);
            if named.is_absolute() {
                return named.to_owned();
            }
            let beside = folder.join(named);
            if beside.exists() || !named.exists() {
                beside
            } else {
                named.to_owned()
            }
        };
        (find(&self.content), find(&self.track))
    }
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(file: &Path) -> PathBuf {
    match file.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
        _ => PathBuf::from("."),
    }
}

/// One seat of a recorded race.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordSeat {
    /// The team's id.
    pub team: Id,
    /// The cars raced, then the reserves in order of entry; empty means the mat's order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cars: Vec<CarNumber>,
}

/// A race record file.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RaceRecord {
    /// Always `RaceRecord`.
    pub kind: RaceRecordKind,
    /// The format version the file was written in.
    pub version: u32,
    /// The content the race ran on.
    pub content: ContentIdentity,
    /// Where the content and the track were read from when the race was recorded (`replay`
    /// reads them from there unless told otherwise).
    pub files: RecordFiles,
    /// The seats, in clockwise order.
    pub seats: Vec<RecordSeat>,
    /// The seed of the race's RNG.
    pub seed: u64,
    /// Turns after which the race ends without a winner.
    pub turn_limit: u32,
    /// Every decision, in order.
    pub decisions: Vec<Decision>,
}

/// Why a record could not be replayed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ReplayError {
    /// The file is of a newer format than this build reads.
    #[error("the record is format version {0}; this build reads version {RECORD_VERSION}")]
    Version(u32),
    /// The content differs from the content the race was recorded on.
    #[error(
        "the record was made on other content: its {part} `{recorded}` (sha256 {recorded_hash}) \
         differs from `{current}` (sha256 {current_hash})"
    )]
    OtherContent {
        /// Which part differs: track, pack or ruleset.
        part: &'static str,
        /// The recorded name.
        recorded: String,
        /// The recorded hash, shortened.
        recorded_hash: String,
        /// The current name.
        current: String,
        /// The current hash, shortened.
        current_hash: String,
    },
    /// The setup no longer works (a team or car missing).
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A decision was not legal where the record has it.
    #[error("decision {index} of the record is not legal there: {decision:?}")]
    Illegal {
        /// Its position, counting from 1.
        index: usize,
        /// The decision.
        decision: Decision,
    },
    /// `--to` asked for more decisions than the record holds.
    #[error("the record holds {held} decisions; position {asked} was asked for")]
    PastTheEnd {
        /// Decisions asked for.
        asked: usize,
        /// Decisions held.
        held: usize,
    },
}

/// The race record format version this build writes.
pub const RECORD_VERSION: u32 = 1;

impl RaceRecord {
    /// The record of a race: its setup and every decision applied to it so far.
    #[must_use]
    pub fn of(
        race: &Race,
        setup: &RaceSetup,
        content: ContentIdentity,
        files: RecordFiles,
    ) -> Self {
        Self {
            kind: RaceRecordKind::RaceRecord,
            version: RECORD_VERSION,
            content,
            files,
            seats: setup
                .players
                .iter()
                .map(|p| RecordSeat {
                    team: p.team.clone(),
                    cars: p.cars.clone(),
                })
                .collect(),
            seed: setup.seed,
            turn_limit: setup.turn_limit,
            decisions: race.decisions().to_vec(),
        }
    }

    /// Reads a race record file (JSON or RON), with line and column on a syntax error.
    pub fn read(path: &std::path::Path) -> Result<Self, crate::content::error::LoadError> {
        let source = crate::content::source::SourceFile::read(path)?;
        crate::content::parse::parse::<Self>(&source)
    }

    /// The record as the JSON a record file holds, ending with a newline.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        let mut text = serde_json::to_string_pretty(self)?;
        text.push('\n');
        Ok(text)
    }

    /// The text of a record file saved at `path`: RON for `.ron`, JSON for `.json`; `None`
    /// for any other name (a record must be read back by its name).
    #[must_use]
    pub fn text_for(&self, path: &Path) -> Option<Result<String, String>> {
        let format = crate::content::Format::from_path(path)?;
        Some(crate::content::save::to_text(self, format).map_err(|e| e.to_string()))
    }

    /// The race's setup.
    #[must_use]
    pub fn setup(&self) -> RaceSetup {
        RaceSetup {
            players: self
                .seats
                .iter()
                .map(|s| PlayerSetup {
                    team: s.team.clone(),
                    cars: s.cars.clone(),
                })
                .collect(),
            seed: self.seed,
            turn_limit: self.turn_limit,
        }
    }

    /// Refuses content other than the recorded one.
    pub fn check_content(&self, current: &ContentIdentity) -> Result<(), ReplayError> {
        if self.version > RECORD_VERSION || self.version == 0 {
            return Err(ReplayError::Version(self.version));
        }
        let recorded = &self.content;
        let parts = [
            (
                "track",
                &recorded.track,
                &recorded.track_hash,
                &current.track,
                &current.track_hash,
            ),
            (
                "pack",
                &recorded.pack,
                &recorded.pack_hash,
                &current.pack,
                &current.pack_hash,
            ),
            (
                "ruleset",
                &recorded.ruleset,
                &recorded.ruleset_hash,
                &current.ruleset,
                &current.ruleset_hash,
            ),
        ];
        for (part, name, hash, now_name, now_hash) in parts {
            let legacy = part == "pack" && *hash == current.legacy_pack_hash;
            if hash != now_hash && !legacy {
                return Err(ReplayError::OtherContent {
                    part,
                    recorded: name.clone(),
                    recorded_hash: short(hash),
                    current: now_name.clone(),
                    current_hash: short(now_hash),
                });
            }
        }
        if recorded.mission_hash != current.mission_hash {
            let name =
                |name: &Option<String>| name.clone().unwrap_or_else(|| "no mission".to_owned());
            let hash = |hash: &Option<String>| hash.as_deref().map(short).unwrap_or_default();
            return Err(ReplayError::OtherContent {
                part: "mission",
                recorded: name(&recorded.mission),
                recorded_hash: hash(&recorded.mission_hash),
                current: name(&current.mission),
                current_hash: hash(&current.mission_hash),
            });
        }
        Ok(())
    }

    /// Replays the record on `rules` (whose identity is `current`), up to decision `to` (all
    /// of them when `None`).
    pub fn replay(
        &self,
        rules: Arc<RaceRules>,
        current: &ContentIdentity,
        to: Option<usize>,
    ) -> Result<Race, ReplayError> {
        self.check_content(current)?;
        let count = to.unwrap_or(self.decisions.len());
        if count > self.decisions.len() {
            return Err(ReplayError::PastTheEnd {
                asked: count,
                held: self.decisions.len(),
            });
        }
        let mut race = Race::new(rules, &self.setup())?;
        for (i, decision) in self.decisions[..count].iter().enumerate() {
            race.apply(decision).map_err(|_| ReplayError::Illegal {
                index: i + 1,
                decision: decision.clone(),
            })?;
        }
        Ok(race)
    }
}

fn short(hash: &str) -> String {
    hash.chars().take(12).collect()
}
