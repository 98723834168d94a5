//! Diagnostics: what validation says about content, and where.

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

use crate::content::LoadError;
use crate::content::text::{CarNumber, Id, TerrainId};
use crate::content::track::{SectorRef, SpaceRef};

/// How serious a diagnostic is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The content cannot be played as it stands.
    Error,
    /// Playable, but probably not what the designer meant.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Error => "error",
            Self::Warning => "warning",
        })
    }
}

/// The object a diagnostic is about, so the studio can select it.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ObjectRef {
    /// A race card kind.
    RaceCard {
        /// Its id.
        id: Id,
    },
    /// A movement event card kind.
    MovementEvent {
        /// Its id.
        id: Id,
    },
    /// A combat event card kind.
    CombatCard {
        /// Its id.
        id: Id,
    },
    /// A weapon type.
    WeaponType {
        /// Its id.
        id: Id,
    },
    /// A team.
    Team {
        /// Its id.
        id: Id,
    },
    /// A car on a team mat.
    Car {
        /// The team's id.
        team: Id,
        /// The car's number.
        number: CarNumber,
    },
    /// A ruleset.
    Ruleset {
        /// Its id.
        id: Id,
    },
    /// A bot profile.
    BotProfile {
        /// Its id.
        id: Id,
    },
    /// A hazard of a hazard deck.
    Hazard {
        /// Its id.
        id: Id,
    },
    /// A side of a mission.
    Side {
        /// Its id.
        id: Id,
    },
    /// An objective of a mission.
    Objective {
        /// Its id.
        id: Id,
    },
    /// A kind of ground of a terrain file.
    TerrainKind {
        /// Its id.
        id: TerrainId,
    },
    /// A track space (`12.3`, `S2.1` in JSON).
    Space {
        /// Its address.
        space: SpaceRef,
    },
    /// A track sector (`12`, `S2` in JSON).
    Sector {
        /// Its address.
        sector: SectorRef,
    },
}

impl fmt::Display for ObjectRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::RaceCard { id } => write!(f, "race card `{id}`"),
            Self::MovementEvent { id } => write!(f, "movement event `{id}`"),
            Self::CombatCard { id } => write!(f, "combat card `{id}`"),
            Self::WeaponType { id } => write!(f, "weapon type `{id}`"),
            Self::Team { id } => write!(f, "team `{id}`"),
            Self::Car { team, number } => write!(f, "car {number} of team `{team}`"),
            Self::Ruleset { id } => write!(f, "ruleset `{id}`"),
            Self::BotProfile { id } => write!(f, "bot profile `{id}`"),
            Self::Hazard { id } => write!(f, "hazard `{id}`"),
            Self::Side { id } => write!(f, "side `{id}`"),
            Self::Objective { id } => write!(f, "objective `{id}`"),
            Self::TerrainKind { id } => write!(f, "terrain kind `{id}`"),
            Self::Space { space } => write!(f, "space {space}"),
            Self::Sector { sector } => write!(f, "sector {sector}"),
        }
    }
}

/// Where a diagnostic points.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Default, Serialize)]
pub struct Location {
    /// The file (or, for a problem of a whole pack, its folder).
    pub file: Option<PathBuf>,
    /// 1-based line, where known.
    pub line: Option<usize>,
    /// 1-based column, where known.
    pub column: Option<usize>,
    /// The object concerned, if any.
    pub object: Option<ObjectRef>,
}

/// How a finding of play (`validate --play`) can be seen again: the races played, and the
/// race and decision that show it, when one does.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize)]
pub struct PlayEvidence {
    /// How many races were played.
    pub races: usize,
    /// The seed of a race that shows it (`roadwright race --seed` or the studio replays it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The players in that race.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<usize>,
    /// Its teams, in seat order (`roadwright race --teams`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<String>,
    /// The decision of that race where it shows, counting from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<usize>,
}

/// One finding about content.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// A stable code (`deck-too-small`), for scripts, docs and tests.
    pub code: &'static str,
    /// What is wrong, naming the object.
    pub message: String,
    /// Where.
    #[serde(flatten)]
    pub location: Location,
    /// For a finding of play, how to see it again; `None` for the static checks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play: Option<PlayEvidence>,
    /// The edit that mends it in one click, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<Fix>,
}

/// An edit that mends a diagnostic, as data: the studio offers it as a button and applies the
/// matching track edit.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "fix", rename_all = "snake_case")]
pub enum Fix {
    /// Add the forward link `from` -> `to`.
    AddLink {
        /// The space the link leaves.
        from: SpaceRef,
        /// The space it enters.
        to: SpaceRef,
    },
    /// Close the lap (the inspector's Close the lap).
    CloseLap,
    /// Declare the crossover where the roads are drawn crossing.
    DetectCrossover,
    /// Place the chute beside `beside`, on its `side`.
    PlaceChute {
        /// The lap space it stands beside.
        beside: SpaceRef,
        /// Which side of the track.
        side: crate::content::race_deck::LaneSide,
    },
}

impl Fix {
    /// What the button says.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            Self::AddLink { from, to } => format!("Add link {from} -> {to}"),
            Self::CloseLap => "Close the lap".to_owned(),
            Self::DetectCrossover => "Detect the crossover".to_owned(),
            Self::PlaceChute { beside, .. } => format!("Place the chute beside {beside}"),
        }
    }
}

impl Diagnostic {
    /// A load failure, as a diagnostic, so that one list can hold every problem.
    #[must_use]
    pub fn from_load_error(error: &LoadError) -> Self {
        Self {
            severity: Severity::Error,
            code: error.code.as_str(),
            message: error.message.clone(),
            location: Location {
                file: Some(error.path.clone()),
                line: error.line,
                column: error.column,
                object: None,
            },
            play: None,
            fix: None,
        }
    }

    /// An error about a whole file.
    #[must_use]
    pub fn error_in(path: &std::path::Path, code: &'static str, message: String) -> Self {
        Self {
            severity: Severity::Error,
            code,
            message,
            location: Location {
                file: Some(path.to_path_buf()),
                line: None,
                column: None,
                object: None,
            },
            play: None,
            fix: None,
        }
    }

    /// Whether this is an error.
    #[must_use]
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The order diagnostics are listed in: by file, line, column, then code and message.
    fn sort_key(&self) -> impl Ord + '_ {
        (
            &self.location.file,
            self.location.line,
            self.location.column,
            self.severity,
            self.code,
            &self.message,
        )
    }
}

impl Diagnostic {
    /// What it says without where: `severity[code]: message`, and how play found it.
    #[must_use]
    pub fn finding(&self) -> String {
        use std::fmt::Write as _;
        let mut out = format!("{}[{}]: {}", self.severity, self.code, self.message);
        if let Some(play) = &self.play {
            let _ = write!(out, " (found by play, {} races", play.races);
            if let Some(seed) = play.seed {
                let _ = write!(out, "; seed {seed}");
            }
            if let Some(players) = play.players {
                let _ = write!(out, ", {players} players");
            }
            if !play.teams.is_empty() {
                let _ = write!(out, " (teams {})", play.teams.join(","));
            }
            if let Some(decision) = play.decision {
                let _ = write!(out, ", decision {decision}");
            }
            out.push(')');
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    /// `path:line:col: severity[code]: message`, the form editors and compilers use.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location.file {
            Some(file) => write!(f, "{}", file.display())?,
            None => f.write_str("<content>")?,
        }
        if let (Some(line), Some(column)) = (self.location.line, self.location.column) {
            write!(f, ":{line}:{column}")?;
        }
        write!(f, ": {}", self.finding())
    }
}

/// Sorts diagnostics into their listing order and drops exact repeats.
pub fn sort_diagnostics(diagnostics: &mut Vec<Diagnostic>) {
    diagnostics.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    diagnostics.dedup();
}
