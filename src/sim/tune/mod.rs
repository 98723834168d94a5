//! Automatic tuning: a [`TuningSpec`] read against its pack, searched with [`Ntbea`] over
//! batches of bot races, and the best candidate measured again, with its baseline, on fresh
//! seeds.
//!
//! # Decisions taken
//! - **Common random numbers**: every candidate is played on the same race seeds (the spec's
//!   seed), so two candidates differ by their parameters, not by luck; the final measurement
//!   uses other seeds, so the best candidate is not judged on the races it was picked on.
//! - **Budget**: a fifth of the races measure the baseline and the best candidate at the end
//!   (a tenth each); the rest is spread over evaluations of at least
//!   [`MIN_RACES_PER_EVALUATION`] races, up to [`TARGET_EVALUATIONS`] of them.
//! - **Score**: the sum over objectives of weight × shortfall (0 when met): win-rate spread and
//!   first-seat advantage in percentage points, race length in turns outside its range, a
//!   metric in its own units. Lower is better; a candidate whose content does not validate
//!   (a deck too small for the hands, say) is out, with an infinite score.
//! - **Resume**: every evaluation is kept (candidate and score); a search given them again
//!   replays the same proposals without playing, then goes on.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub mod confirm;
mod parameters;
pub mod run;

pub use parameters::{Dimension, Offered, Value, offered, offered_in_mission};
use parameters::{dimension, set};

use super::batch::{BatchSpec, Shard, fold_shard};
use super::batch_fold::BatchFold;
use super::ntbea::Ntbea;
use super::stats::BatchStats;
use crate::content::RawPack;
use crate::content::bot_profile::BotProfile;
use crate::content::tuning::{Objective, Parameter, TuningSpec};
use crate::rules::RaceRules;
use crate::validate::checked_track::CheckedTrack;
use crate::validate::pack::validate_pack;

/// Evaluations the search aims at when the budget allows.
pub const TARGET_EVALUATIONS: usize = 60;

/// The fewest races an evaluation plays: fewer say nothing about win rates.
pub const MIN_RACES_PER_EVALUATION: usize = 20;

/// Why a spec cannot be tuned.
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
pub enum TuneError {
    /// The pack, the track or a bot profile could not be used.
    #[error("{0}")]
    Setup(String),
    /// A parameter names something the pack does not have.
    #[error("parameter {index}: {message}")]
    Reference {
        /// The parameter's place in the spec, from 1.
        index: usize,
        /// What is missing.
        message: String,
    },
}

/// A spec ready to tune: its pack, track, bots and dimensions.
#[derive(Clone, Debug)]
pub struct Tuning {
    /// The spec.
    pub spec: TuningSpec,
    /// The pack as it is.
    pub pack: RawPack,
    /// The track.
    pub track: CheckedTrack,
    /// The bot of each seat.
    pub bots: Vec<BotProfile>,
    /// What may change.
    pub dimensions: Vec<Dimension>,
    /// The mission the races play, if the spec names one.
    pub mission: Option<TuneMission>,
    /// The stronger bots that confirm the search's best candidates, if the spec asks for it.
    pub confirm: Option<ConfirmPlan>,
    /// The track's file, where it is known: a tuned mission written elsewhere names it.
    pub track_file: Option<std::path::PathBuf>,
}

/// A confirmation ready to play: the spec's [`crate::content::tuning::Confirm`] with its bot
/// profiles found.
#[derive(Clone, Debug)]
pub struct ConfirmPlan {
    /// The bot of each seat.
    pub bots: Vec<BotProfile>,
    /// Candidates confirmed.
    pub top: usize,
    /// Races each confirmation plays.
    pub races: usize,
}

/// The mission a tuning's races play: the file as written (checked again against each
/// candidate pack), and the bot each side is always played by.
#[derive(Clone, Debug)]
pub struct TuneMission {
    /// The mission.
    pub mission: crate::content::mission::Mission,
    /// The bot profile each side is always played by, side by side.
    pub side_bots: Vec<Option<BotProfile>>,
    /// The file it was read from, where it is known: a tuned mission is never written over it.
    pub file: Option<std::path::PathBuf>,
}

impl Tuning {
    /// Reads what `spec` (the file at `path`) names: the pack, the track, the bots, and each
    /// parameter's current value in the pack.
    pub fn prepare(path: &Path, spec: TuningSpec) -> Result<Self, TuneError> {
        let folder = path.parent().unwrap_or(Path::new("."));
        let pack = RawPack::open(&folder.join(spec.content.as_str()));
        let terrain = crate::validate::open::pack_terrain(&pack);
        let track = crate::validate::open::open_track(&folder.join(spec.track.as_str()), &terrain)
            .map_err(|found| {
                TuneError::Setup(format!(
                    "the track {} cannot be raced on: {}",
                    spec.track,
                    found.first().map_or_else(String::new, ToString::to_string)
                ))
            })?;
        let profiles = super::profiles::profiles_in(&pack.root);
        let mission_file = spec.mission.as_ref().map(|file| folder.join(file.as_str()));
        let mission = match &mission_file {
            None => None,
            Some(path) => {
                let path = path.clone();
                match crate::content::Document::load(&path) {
                    Ok(loaded) => match loaded.document {
                        crate::content::Document::Mission(mission) => Some(mission),
                        other => {
                            return Err(TuneError::Setup(format!(
                                "{} holds a {}, not a mission",
                                path.display(),
                                other.kind()
                            )));
                        }
                    },
                    Err(error) => return Err(TuneError::Setup(error.to_string())),
                }
            }
        };
        let track_file = folder.join(spec.track.as_str());
        let mut tuning = Self::new(spec, pack, track, mission, &profiles)?;
        tuning.track_file = Some(track_file);
        if let Some(mission) = &mut tuning.mission {
            mission.file = mission_file;
        }
        Ok(tuning)
    }

    /// The mission the races play, ready: checked against the pack as it is and the track,
    /// its player count among those the mission allows, its sides' bots found in `profiles`.
    fn tune_mission(
        spec: &TuningSpec,
        pack: &RawPack,
        track: &CheckedTrack,
        mission: crate::content::mission::Mission,
        profiles: &BTreeMap<String, BotProfile>,
    ) -> Result<TuneMission, TuneError> {
        let content = validate_pack(pack).0.ok_or_else(|| {
            TuneError::Setup("the content has errors: `roadwright validate` lists them".to_owned())
        })?;
        let checked =
            crate::validate::mission::CheckedMission::from_mission(&mission, &content, track)
                .map_err(|found| {
                    TuneError::Setup(format!(
                        "the mission `{}` does not check against the pack and track: {}",
                        mission.name,
                        found.first().map_or_else(String::new, ToString::to_string)
                    ))
                })?;
        if !checked.players.contains(&spec.players) {
            let counts: Vec<String> = checked.players.iter().map(u8::to_string).collect();
            return Err(TuneError::Setup(format!(
                "the mission `{}` is played by {} players, not {}",
                mission.name,
                counts.join(", "),
                spec.players
            )));
        }
        let side_bots = mission
            .sides
            .iter()
            .map(|side| match &side.bot {
                None => Ok(None),
                Some(id) => profiles.get(id.as_str()).cloned().map(Some).ok_or_else(|| {
                    TuneError::Setup(format!(
                        "side `{}` is played by bot profile `{id}`, which the content lacks",
                        side.id
                    ))
                }),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(TuneMission {
            mission,
            side_bots,
            file: None,
        })
    }

    /// The batch of `races` races from `seed` that the candidate at `point` plays, with its
    /// pack's checked `content`: the spec's seats and bots on the track, or the candidate
    /// mission's seating and side bots. `None` when the candidate cannot be raced (its mission
    /// does not check against its pack and the track): the candidate is out.
    pub fn batch(
        &self,
        content: crate::validate::checked::Content,
        point: &[usize],
        races: usize,
        seed: u64,
    ) -> Result<Option<BatchSpec>, String> {
        self.batch_with(content, point, &self.bots, races, seed)
    }

    /// [`Self::batch`] with other bots in the seats (a mission's sides keep the bots the
    /// mission gives them).
    pub fn batch_with(
        &self,
        content: crate::validate::checked::Content,
        point: &[usize],
        bots: &[BotProfile],
        races: usize,
        seed: u64,
    ) -> Result<Option<BatchSpec>, String> {
        let Some(mission) = &self.mission else {
            let rules = RaceRules::new(content, self.track.clone(), self.spec.ruleset.as_str())
                .map_err(|e| e.to_string())?;
            return BatchSpec::new(Arc::new(rules), &[], bots.to_vec(), races, seed)
                .map(Some)
                .map_err(|e| e.to_string());
        };
        let played = self
            .candidate_mission(point)
            .unwrap_or_else(|| mission.mission.clone());
        let Ok(checked) =
            crate::validate::mission::CheckedMission::from_mission(&played, &content, &self.track)
        else {
            return Ok(None);
        };
        let setup = crate::rules::RaceSetup::for_mission(
            &content,
            &checked,
            usize::from(self.spec.players),
            seed,
        );
        let teams: Vec<crate::content::text::Id> =
            setup.players.iter().map(|p| p.team.clone()).collect();
        let rules = RaceRules::for_mission(&content, self.track.clone(), checked)
            .map_err(|e| e.to_string())?;
        let mut spec = BatchSpec::new(Arc::new(rules), &teams, bots.to_vec(), races, seed)
            .map_err(|e| e.to_string())?;
        spec.side_bots.clone_from(&mission.side_bots);
        Ok(Some(spec))
    }

    /// The spec read against a pack, a track and the mission its races play, already at hand
    /// (the studio's documents as edited): the bots from `profiles` by id, and each
    /// parameter's current value in the pack or the mission.
    pub fn new(
        spec: TuningSpec,
        pack: RawPack,
        track: CheckedTrack,
        mission: Option<crate::content::mission::Mission>,
        profiles: &BTreeMap<String, BotProfile>,
    ) -> Result<Self, TuneError> {
        let errors = crate::validate::tuning::errors(&spec);
        if !errors.is_empty() {
            return Err(TuneError::Setup(errors.join("; ")));
        }
        if validate_pack(&pack).0.is_none() {
            return Err(TuneError::Setup(format!(
                "the content at {} has errors: `roadwright validate` lists them",
                pack.root.display()
            )));
        }
        let bots = seat_bots(&spec.bots, spec.players, profiles)?;
        let confirm = match &spec.confirm {
            None => None,
            Some(confirm) => Some(ConfirmPlan {
                bots: seat_bots(&confirm.bots, spec.players, profiles)?,
                top: usize::from(confirm.top),
                races: confirm.races as usize,
            }),
        };
        let mission = mission
            .map(|mission| Self::tune_mission(&spec, &pack, &track, mission, profiles))
            .transpose()?;
        let dimensions = spec
            .parameters
            .iter()
            .enumerate()
            .map(|(index, parameter)| {
                dimension(
                    &pack,
                    mission.as_ref().map(|m| &m.mission),
                    parameter,
                    &spec.ruleset,
                )
                .map_err(|message| TuneError::Reference {
                    index: index + 1,
                    message,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            spec,
            pack,
            track,
            bots,
            dimensions,
            mission,
            confirm,
            track_file: None,
        })
    }

    /// The point of the pack as it is: each dimension at its current value, or at the nearest
    /// allowed one when the pack's value lies outside the range.
    #[must_use]
    pub fn baseline(&self) -> Vec<usize> {
        self.dimensions
            .iter()
            .map(|d| {
                d.values
                    .iter()
                    .position(|v| *v == d.current)
                    .unwrap_or_else(|| match &d.current {
                        Value::Number(n) => d
                            .values
                            .iter()
                            .enumerate()
                            .min_by_key(|(_, v)| match v {
                                Value::Number(m) => (m - n).abs(),
                                _ => i64::MAX,
                            })
                            .map_or(0, |(i, _)| i),
                        _ => 0,
                    })
            })
            .collect()
    }

    /// The pack with the dimensions at `point`. A dimension at its baseline leaves the pack as
    /// it is: the baseline is the pack itself, even where a team-wide parameter's cars differ
    /// or the pack's value lies outside the range.
    #[must_use]
    pub fn candidate(&self, point: &[usize]) -> RawPack {
        let mut pack = self.pack.clone();
        let baseline = self.baseline();
        for ((dimension, &index), &base) in self.dimensions.iter().zip(point).zip(&baseline) {
            if index == base {
                continue;
            }
            if let Some(value) = dimension.values.get(index) {
                set(&mut pack, &dimension.parameter, value, &self.spec.ruleset);
            }
        }
        pack
    }

    /// The mission the candidate at `point` plays: the mission as written with its own
    /// settings at the point's values (those at their baseline left as written). `None`
    /// without a mission.
    #[must_use]
    pub fn candidate_mission(&self, point: &[usize]) -> Option<crate::content::mission::Mission> {
        let mut mission = self.mission.as_ref()?.mission.clone();
        self.set_mission_settings(point, &mut mission);
        Some(mission)
    }

    /// The parameters the candidate at `point` moves from the baseline.
    pub fn moved<'t>(&'t self, point: &'t [usize]) -> impl Iterator<Item = &'t Dimension> {
        let baseline = self.baseline();
        self.dimensions
            .iter()
            .zip(point)
            .zip(baseline)
            .filter(|((_, index), base)| **index != *base)
            .map(|((dimension, _), _)| dimension)
    }

    /// Sets into `mission` the mission settings the candidate at `point` moves from the
    /// baseline, and nothing else: the studio applies a tuned mission to the mission as it is
    /// edited now, keeping what was changed there since the run.
    pub fn set_mission_settings(
        &self,
        point: &[usize],
        mission: &mut crate::content::mission::Mission,
    ) {
        let baseline = self.baseline();
        for ((dimension, &index), &base) in self.dimensions.iter().zip(point).zip(&baseline) {
            if index == base {
                continue;
            }
            if let (Parameter::Mission(parameter), Some(value)) =
                (&dimension.parameter, dimension.values.get(index))
            {
                parameter.set(mission, value);
            }
        }
    }

    /// Plays `races` races of the candidate at `point` from `seed` and scores them.
    pub fn evaluate(
        &self,
        point: &[usize],
        races: usize,
        seed: u64,
        threads: usize,
        cancel: &(dyn Fn() -> bool + Sync),
    ) -> Result<Evaluation, String> {
        self.evaluate_with(&self.bots, point, races, seed, threads, cancel)
    }

    /// [`Self::evaluate`] with other bots in the seats.
    pub fn evaluate_with(
        &self,
        bots: &[BotProfile],
        point: &[usize],
        races: usize,
        seed: u64,
        threads: usize,
        cancel: &(dyn Fn() -> bool + Sync),
    ) -> Result<Evaluation, String> {
        let folded = self.fold_with(bots, point, (races, seed), Shard::WHOLE, threads, cancel)?;
        Ok(self.scored(point, folded.as_ref()))
    }

    /// The races of `shard` of the batch of `races` races from `seed` that the candidate at
    /// `point` plays with `bots`, folded; `None` when the candidate cannot be raced (its content
    /// does not validate, its mission does not check). Shards of one batch, their folds merged,
    /// are the whole batch's fold.
    pub fn fold_with(
        &self,
        bots: &[BotProfile],
        point: &[usize],
        (races, seed): (usize, u64),
        shard: Shard,
        threads: usize,
        cancel: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<BatchFold>, String> {
        let Some(content) = validate_pack(&self.candidate(point)).0 else {
            return Ok(None);
        };
        let Some(spec) = self.batch_with(content, point, bots, races, seed)? else {
            return Ok(None);
        };
        Ok(Some(
            fold_shard(&spec, shard, threads, false, &|_| {}, cancel)?.fold,
        ))
    }

    /// The candidate at `point` scored on its races folded (`None`: it cannot be raced, and
    /// its score is infinite).
    #[must_use]
    pub fn scored(&self, point: &[usize], fold: Option<&BatchFold>) -> Evaluation {
        let Some(fold) = fold else {
            return Evaluation {
                point: point.to_vec(),
                score: f64::INFINITY,
                objectives: Vec::new(),
                stats: None,
            };
        };
        let stats = BatchStats::from_fold(fold, BTreeMap::new());
        let objectives: Vec<ObjectiveValue> = self
            .spec
            .objectives
            .iter()
            .map(|objective| objective_value(objective, &stats, self.spec.players))
            .collect();
        Evaluation {
            point: point.to_vec(),
            score: objectives.iter().map(|o| o.weighted).sum(),
            objectives,
            stats: Some(stats),
        }
    }

    /// How the budget is spent: races per evaluation, evaluations, and races for each of the
    /// two final measurements.
    #[must_use]
    pub fn plan(&self) -> Plan {
        let budget = self.spec.budget as usize;
        let finals = (budget / 10).max(MIN_RACES_PER_EVALUATION);
        let searching = budget.saturating_sub(2 * finals);
        let per = (searching / TARGET_EVALUATIONS).max(MIN_RACES_PER_EVALUATION);
        Plan {
            races_per_evaluation: per,
            evaluations: (searching / per).max(1),
            final_races: finals,
        }
    }
}

/// The bot profile of each of `players` seats from `ids` (one for every seat, or one for all).
fn seat_bots(
    ids: &[crate::content::text::Id],
    players: u8,
    profiles: &BTreeMap<String, BotProfile>,
) -> Result<Vec<BotProfile>, TuneError> {
    (0..usize::from(players))
        .map(|seat| {
            let id = ids.get(seat).or_else(|| ids.first());
            let profile = id.and_then(|id| profiles.get(id.as_str()).cloned());
            profile.ok_or_else(|| {
                TuneError::Setup(match id {
                    Some(id) => format!(
                        "no bot profile `{id}` (seat {}): the content has {}",
                        seat + 1,
                        profiles.keys().cloned().collect::<Vec<_>>().join(", ")
                    ),
                    None => format!("no bot profile for seat {}", seat + 1),
                })
            })
        })
        .collect()
}

/// How a search spends its budget.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Plan {
    /// Races each candidate plays during the search.
    pub races_per_evaluation: usize,
    /// Candidates evaluated.
    pub evaluations: usize,
    /// Races of each final measurement (baseline, best).
    pub final_races: usize,
}

/// An objective as measured: its value, its shortfall and the weighted shortfall.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ObjectiveValue {
    /// What it is.
    pub name: String,
    /// The figure measured.
    pub value: f64,
    /// How far from met (0: met).
    pub shortfall: f64,
    /// The shortfall times the weight.
    pub weighted: f64,
    /// For a fair-share objective: the team or side farthest from its share, with its 95%
    /// interval, which says whether a shortfall is beyond noise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Evidence>,
}

/// The team or side a fair-share objective is judged by (the one farthest from its share),
/// its win rate's 95% interval, and the band it is asked to lie in.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Evidence {
    /// The team's or side's id.
    pub who: String,
    /// Its win rate.
    pub rate: super::stats::Interval,
    /// Its fair share, in percent.
    pub fair: f64,
    /// How near the fair share is near enough, in points (0: the share itself).
    pub within: f64,
}

impl Evidence {
    /// Whether its 95% interval reaches the band: then a shortfall may be noise.
    #[must_use]
    pub fn reaches_band(&self) -> bool {
        let (low, high) = (self.rate.low * 100.0, self.rate.high * 100.0);
        low <= self.fair + self.within && high >= self.fair - self.within
    }
}

impl ObjectiveValue {
    /// Whether the objective is met (nothing short of it).
    #[must_use]
    pub fn met(&self) -> bool {
        self.shortfall <= 0.0
    }

    /// "met"; "unmet" when nothing says the shortfall may be noise; "not shown" for a fair
    /// share missed by a team or side whose 95% interval still reaches the band (the races do
    /// not show it is missed). "Unmet" is said of a fair share only with the interval that
    /// shows it ([`Self::verdict_words`]).
    #[must_use]
    pub fn verdict(&self) -> &'static str {
        match &self.evidence {
            _ if self.met() => "met",
            Some(evidence) if evidence.reaches_band() => "not shown",
            _ => "unmet",
        }
    }

    /// The verdict with what it rests on for a fair share missed: "unmet: raiders 57.0%
    /// (50.1-63.7), fair 50.0 ± 3".
    #[must_use]
    pub fn verdict_words(&self) -> String {
        match &self.evidence {
            Some(e) if !self.met() => format!(
                "{}: {} {}, fair {:.1} ± {}",
                self.verdict(),
                e.who,
                e.rate.percent_words(),
                e.fair,
                e.within
            ),
            _ => self.verdict().to_owned(),
        }
    }
}

/// A candidate played and scored.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Evaluation {
    /// The candidate.
    pub point: Vec<usize>,
    /// Its score (lower is better; infinite when its content does not validate, written
    /// `null` in JSON, which has no infinity).
    #[serde(with = "score_json")]
    pub score: f64,
    /// Each objective.
    pub objectives: Vec<ObjectiveValue>,
    /// Its batch's statistics (left out of a saved search).
    #[serde(skip)]
    pub stats: Option<BatchStats>,
}

/// A score as JSON holds it: a number, or `null` for an infeasible candidate's infinite score
/// (`serde_json` writes infinity as `null` and could not read it back, so a saved search with an
/// infeasible candidate was never resumed).
mod score_json {
    use serde::{Deserialize, Deserializer, Serializer};

    // serde's `with` hands the field by reference.
    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub(super) fn serialize<S: Serializer>(score: &f64, to: S) -> Result<S::Ok, S::Error> {
        if score.is_finite() {
            to.serialize_f64(*score)
        } else {
            to.serialize_none()
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<f64, D::Error> {
        Ok(Option::<f64>::deserialize(from)?.unwrap_or(f64::INFINITY))
    }
}

fn objective_value(objective: &Objective, stats: &BatchStats, players: u8) -> ObjectiveValue {
    let mut evidence = None;
    let (name, value, shortfall) = match objective {
        Objective::WinRateSpread { .. } => {
            let rates: Vec<f64> = stats
                .teams
                .values()
                .map(|t| t.win_rate.rate * 100.0)
                .collect();
            let spread = rates.iter().copied().fold(f64::MIN, f64::max)
                - rates.iter().copied().fold(f64::MAX, f64::min);
            let spread = if rates.is_empty() { 0.0 } else { spread };
            ("win-rate spread (points)".to_owned(), spread, spread)
        }
        Objective::FairShare { within, .. } => {
            let fair = 100.0 / f64::from(players.max(1));
            let rates = stats.teams.iter().map(|(id, t)| (id, t.win_rate));
            let (worst, farthest) = farthest_from(rates, fair, within.unwrap_or(0.0));
            evidence = farthest;
            (
                "largest distance from a fair share (points)".to_owned(),
                worst,
                (worst - within.unwrap_or(0.0)).max(0.0),
            )
        }
        Objective::FirstSeatAdvantage { .. } => {
            let advantage = stats.first_seat_advantage * 100.0;
            (
                "first-seat advantage (points)".to_owned(),
                advantage,
                advantage.abs(),
            )
        }
        Objective::SideFairShare { within, .. } => {
            let sides = stats.mission.as_ref().map(|m| &m.sides);
            let (worst, farthest) = sides.map_or((0.0, None), |sides| {
                let won: usize = sides.values().map(|s| s.wins).sum();
                // The races some side won, shared evenly: draws are nobody's.
                let fair = 100.0 * won as f64 / (stats.races.max(1) * sides.len().max(1)) as f64;
                let rates = sides.iter().map(|(id, s)| (id, s.win_rate));
                farthest_from(rates, fair, within.unwrap_or(0.0))
            });
            evidence = farthest;
            (
                "largest distance of a side from its fair share (points)".to_owned(),
                worst,
                (worst - within.unwrap_or(0.0)).max(0.0),
            )
        }
        Objective::RaceLength {
            min_turns,
            max_turns,
            ..
        } => {
            let mean = stats.turns.mean;
            let outside = (min_turns - mean).max(mean - max_turns).max(0.0);
            (
                format!("mean turns in {min_turns}-{max_turns}"),
                mean,
                outside,
            )
        }
        Objective::Metric {
            metric,
            above,
            below,
            ..
        } => {
            let mean = stats
                .design
                .iter()
                .find(|m| m.id == metric.as_str())
                .map_or(0.0, |m| m.mean);
            let short = above.map_or(0.0, |a| (a - mean).max(0.0))
                + below.map_or(0.0, |b| (mean - b).max(0.0));
            (format!("{metric}"), mean, short)
        }
    };
    ObjectiveValue {
        name,
        value,
        shortfall,
        weighted: shortfall * objective.weight(),
        evidence,
    }
}

/// The largest distance, in points, of a win rate from `fair` (percent), and the team or side
/// at that distance with the band it is asked to lie in (`None` when there is none).
fn farthest_from<'a>(
    rates: impl Iterator<Item = (&'a String, super::stats::Interval)>,
    fair: f64,
    within: f64,
) -> (f64, Option<Evidence>) {
    rates.fold((0.0, None), |(worst, at), (id, rate)| {
        let distance = (rate.rate * 100.0 - fair).abs();
        if at.is_none() || distance > worst {
            let evidence = Evidence {
                who: id.clone(),
                rate,
                fair,
                within,
            };
            (distance, Some(evidence))
        } else {
            (worst, at)
        }
    })
}

/// A whole search: every evaluation, and the best point the tuples rate highest.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Search {
    /// The evaluations, in order.
    pub evaluations: Vec<Evaluation>,
}

impl Search {
    /// Searches `tuning`: the baseline first, then NTBEA's proposals, `plan.evaluations` in
    /// all. Evaluations already in `self` (a search resumed) are replayed, not played.
    /// `progress` hears each evaluation done, with the search so far (to save it: a search
    /// killed resumes from its last evaluation). `stop` is heard within a race: it cuts the
    /// evaluation under way, which is dropped (a resume plays it again), and ends the search,
    /// every evaluation done kept.
    pub fn run(
        &mut self,
        tuning: &Tuning,
        threads: usize,
        progress: &dyn Fn(usize, &Evaluation, &Self),
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<(), String> {
        let plan = tuning.plan();
        let sizes = tuning.dimensions.iter().map(|d| d.values.len()).collect();
        let mut ntbea = Ntbea::new(sizes, tuning.spec.seed);
        // Scores are in points and turns: a bound worth a few points explores enough.
        ntbea.exploration = 5.0;
        let mut point = tuning.baseline();
        for step in 0..plan.evaluations {
            let evaluation = match self.evaluations.get(step) {
                Some(done) if done.point == point => done.clone(),
                _ => {
                    if stop() {
                        return Ok(());
                    }
                    self.evaluations.truncate(step);
                    let done = tuning.evaluate(
                        &point,
                        plan.races_per_evaluation,
                        tuning.spec.seed,
                        threads,
                        stop,
                    )?;
                    if stop() {
                        return Ok(());
                    }
                    self.evaluations.push(done.clone());
                    done
                }
            };
            progress(step + 1, &evaluation, self);
            if tuning.spec.stop_when_met && meets_every_objective(&evaluation) {
                // Good enough: the spec asked to stop at the first candidate that is.
                return Ok(());
            }
            // NTBEA maximises; an infeasible candidate is as bad as a value can be.
            let value = if evaluation.score.is_finite() {
                -evaluation.score
            } else {
                -1e6
            };
            ntbea.record(&point, value);
            point = ntbea.propose(&point);
        }
        Ok(())
    }

    /// The evaluation (from 1) that met every objective and ended the search, when the spec
    /// asks to stop there and one did.
    #[must_use]
    pub fn good_enough(&self, tuning: &Tuning) -> Option<usize> {
        if !tuning.spec.stop_when_met {
            return None;
        }
        self.evaluations
            .iter()
            .position(meets_every_objective)
            .map(|i| i + 1)
    }

    /// The best point found: the one NTBEA's tuples rate highest among those evaluated
    /// (feasible ones only), or the baseline; the one that met every objective, when the search
    /// stopped there.
    #[must_use]
    pub fn best(&self, tuning: &Tuning) -> Vec<usize> {
        self.top(tuning, 1)
            .into_iter()
            .next()
            .unwrap_or_else(|| tuning.baseline())
    }

    /// The `count` best points found, best first: those NTBEA's tuples rate highest among
    /// the feasible ones evaluated (fewer when fewer were evaluated).
    #[must_use]
    pub fn top(&self, tuning: &Tuning, count: usize) -> Vec<Vec<usize>> {
        let sizes = tuning.dimensions.iter().map(|d| d.values.len()).collect();
        let mut ntbea = Ntbea::new(sizes, tuning.spec.seed);
        for evaluation in self.evaluations.iter().filter(|e| e.score.is_finite()) {
            ntbea.record(&evaluation.point, -evaluation.score);
        }
        let Some(met) = self.good_enough(tuning) else {
            return ntbea.ranked(count);
        };
        // The candidate that met every objective leads; the tuples rank the rest.
        let first = self.evaluations[met - 1].point.clone();
        let mut ranked = vec![first.clone()];
        ranked.extend(
            ntbea
                .ranked(count)
                .into_iter()
                .filter(|point| *point != first),
        );
        ranked.truncate(count);
        ranked
    }
}

/// Whether a candidate meets every objective of the spec (each shortfall 0), its content
/// feasible.
fn meets_every_objective(evaluation: &Evaluation) -> bool {
    evaluation.score.is_finite() && evaluation.objectives.iter().all(ObjectiveValue::met)
}

/// The seed of the final measurements: other races than the search's.
#[must_use]
pub fn final_seed(seed: u64) -> u64 {
    super::batch::race_seed(seed ^ 0x7475_6e65_6669_6e61, 0)
}

/// The seed of the confirmation's races: other races than the search's and the final
/// measurement's.
#[must_use]
pub fn confirm_seed(seed: u64) -> u64 {
    super::batch::race_seed(seed ^ 0x636f_6e66_6972_6d73, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Document;
    use crate::content::tuning::Parameter;

    /// A candidate changes what its parameters name and nothing else: every car of the team
    /// for a team-wide defense, the played ruleset's victory points only; the files it writes
    /// are the two it changed.
    #[test]
    fn a_candidate_changes_what_its_parameters_name_and_nothing_else() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let spec_path = root.join("tuning/even-teams.ron");
        let source = crate::content::SourceFile::read(&spec_path).expect("the sample");
        let Ok(Document::TuningSpec(mut spec)) = Document::parse(&source) else {
            panic!("a tuning spec");
        };
        spec.parameters = vec![
            Parameter::CarDefense {
                team: "rust-reapers".into(),
                car: None,
                min: 1,
                max: 3,
            },
            Parameter::VictoryPoints { min: 10, max: 14 },
        ];
        let tuning = Tuning::prepare(&spec_path, spec).expect("prepared");
        let pack = tuning.candidate(&[1, 0]);
        for file in &pack.files {
            match &file.document {
                Document::TeamMats(mats) => {
                    let before = tuning
                        .pack
                        .files
                        .iter()
                        .find_map(|f| match &f.document {
                            Document::TeamMats(m) => Some(m),
                            _ => None,
                        })
                        .expect("the mats");
                    for (team, was) in mats.teams.iter().zip(&before.teams) {
                        if team.id.as_str() == "rust-reapers" {
                            assert!(team.cars.iter().all(|c| c.defense == 2), "{team:?}");
                        } else {
                            assert_eq!(team, was, "{} untouched", team.id);
                        }
                    }
                }
                Document::Ruleset(ruleset) if ruleset.id.as_str() == "standard" => {
                    assert_eq!(ruleset.victory_points, 10);
                }
                Document::Ruleset(other) => {
                    let before = tuning.pack.files.iter().find_map(|f| match &f.document {
                        Document::Ruleset(r) if r.id == other.id => Some(r.victory_points),
                        _ => None,
                    });
                    assert_eq!(Some(other.victory_points), before, "{} untouched", other.id);
                }
                _ => {}
            }
        }
        let changed: Vec<String> = run::files_to_write(&tuning, &[1, 0])
            .expect("texts")
            .into_iter()
            .map(|(path, _)| path.display().to_string())
            .collect();
        assert_eq!(changed, ["rulesets/standard.ron", "team_mats.ron"]);
    }

    fn sample() -> (std::path::PathBuf, TuningSpec) {
        let spec_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tuning/even-teams.ron");
        let source = crate::content::SourceFile::read(&spec_path).expect("the sample");
        let Ok(Document::TuningSpec(spec)) = Document::parse(&source) else {
            panic!("a tuning spec");
        };
        (spec_path, spec)
    }

    /// Every parameter offered on the standard pack names something the pack has, its range
    /// holds the pack's value, and the offer covers each kind of parameter.
    #[test]
    fn every_parameter_offered_names_the_pack_and_holds_its_value() {
        let (spec_path, mut spec) = sample();
        let pack = Tuning::prepare(&spec_path, spec.clone())
            .expect("prepared")
            .pack;
        let offer = offered(&pack, &spec.ruleset);
        spec.parameters = offer.iter().map(|o| o.parameter.clone()).collect();
        let tuning =
            Tuning::prepare(&spec_path, spec).expect("every offered parameter names the pack");
        for dimension in &tuning.dimensions {
            assert!(
                dimension.values.contains(&dimension.current),
                "{}: {:?} not in {:?}",
                dimension.name(),
                dimension.current,
                dimension.values
            );
        }
        let kinds: std::collections::HashSet<_> = offer
            .iter()
            .map(|o| std::mem::discriminant(&o.parameter))
            .collect();
        assert_eq!(kinds.len(), 9, "each of the nine kinds is offered");
        assert!(offer.iter().any(|o| o.group == "Combat deck"));
    }

    /// The fair-share objective is the largest distance of a team's win rate from one race in
    /// as many as there are players.
    #[test]
    fn the_fair_share_objective_is_the_worst_teams_distance() {
        let (spec_path, mut spec) = sample();
        spec.objectives = vec![Objective::FairShare {
            weight: 2.0,
            within: None,
        }];
        spec.bots = vec!["random".into()];
        let tuning = Tuning::prepare(&spec_path, spec).expect("prepared");
        let evaluation = tuning
            .evaluate(&tuning.baseline(), 40, 9, 1, &|| false)
            .expect("played");
        let stats = evaluation.stats.expect("stats");
        let worst = stats
            .teams
            .values()
            .map(|t| (t.win_rate.rate * 100.0 - 25.0).abs())
            .fold(0.0, f64::max);
        assert!(worst > 0.0, "40 races are never exactly fair");
        let objective = &evaluation.objectives[0];
        assert!(
            (objective.value - worst).abs() < 1e-9,
            "{objective:?} vs {worst}"
        );
        assert!((evaluation.score - 2.0 * worst).abs() < 1e-9);
    }

    /// The baseline candidate is the pack as it is, even when a team-wide parameter names a
    /// team whose cars differ; moving it sets every car.
    #[test]
    fn the_baseline_is_the_pack_as_it_is_even_where_a_teams_cars_differ() {
        let (spec_path, mut spec) = sample();
        spec.parameters = vec![Parameter::CarDefense {
            team: "iron-ravens".into(),
            car: None,
            min: 1,
            max: 3,
        }];
        let tuning = Tuning::prepare(&spec_path, spec).expect("prepared");
        let defenses = |pack: &RawPack| -> Vec<u8> {
            pack.files
                .iter()
                .find_map(|f| match &f.document {
                    Document::TeamMats(m) => {
                        m.teams.iter().find(|t| t.id.as_str() == "iron-ravens")
                    }
                    _ => None,
                })
                .expect("the team")
                .cars
                .iter()
                .map(|c| c.defense)
                .collect()
        };
        let as_is = defenses(&tuning.pack);
        assert!(
            as_is.windows(2).any(|w| w[0] != w[1]),
            "the team's cars differ: {as_is:?}"
        );
        assert_eq!(defenses(&tuning.candidate(&tuning.baseline())), as_is);
        assert!(
            tuning.dimensions[0].pack_text.starts_with("mixed: "),
            "{}",
            tuning.dimensions[0].pack_text
        );
        let other = (tuning.baseline()[0] + 1) % 3;
        let moved = defenses(&tuning.candidate(&[other]));
        assert!(
            moved.iter().all(|&d| usize::from(d) == other + 1),
            "{moved:?}"
        );
    }

    /// The sample courier tuned by its own turn limit (1 to 30) and delivery laps (1 to 3).
    fn courier_turns() -> Tuning {
        use crate::content::mission_tuning::MissionParameter;
        let spec_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tuning/courier-sides.ron");
        let source = crate::content::SourceFile::read(&spec_path).expect("the sample");
        let Ok(Document::TuningSpec(mut spec)) = Document::parse(&source) else {
            panic!("a tuning spec");
        };
        spec.parameters = vec![
            Parameter::Mission(MissionParameter::TurnLimit { min: 1, max: 30 }),
            Parameter::Mission(MissionParameter::ObjectiveCount {
                objective: "deliver".into(),
                min: 1,
                max: 3,
            }),
        ];
        Tuning::prepare(&spec_path, spec).expect("prepared")
    }

    /// A candidate's mission has the mission's own settings at the candidate's values and is
    /// otherwise the mission as written; the baseline is the mission as written; the pack is
    /// not touched; and the races play the candidate's mission (a turn limit of 1 ends every
    /// race at the end of turn 1).
    #[test]
    fn a_candidate_mission_moves_its_own_settings_and_its_races_play_it() {
        let tuning = courier_turns();
        let written = tuning.mission.as_ref().expect("a mission").mission.clone();
        assert_eq!(
            tuning.candidate_mission(&tuning.baseline()).as_ref(),
            Some(&written)
        );
        let at = |dimension: usize, value: i64| {
            tuning.dimensions[dimension]
                .values
                .iter()
                .position(|v| *v == Value::Number(value))
                .expect("in range")
        };
        let point = [at(0, 1), at(1, 3)];
        let moved = tuning.candidate_mission(&point).expect("a mission");
        assert_eq!(moved.turn_limit.turn, 1);
        assert_eq!(
            crate::content::mission_tuning::goal_count(&moved.objectives[0].goal),
            Some(3)
        );
        let mut back = moved.clone();
        back.turn_limit.turn = written.turn_limit.turn;
        back.objectives[0].goal = written.objectives[0].goal.clone();
        assert_eq!(back, written, "nothing else moved");
        let documents = |pack: &RawPack| -> Vec<Document> {
            pack.files.iter().map(|f| f.document.clone()).collect()
        };
        assert_eq!(
            documents(&tuning.candidate(&point)),
            documents(&tuning.pack)
        );
        let evaluation = tuning.evaluate(&point, 6, 5, 1, &|| false).expect("played");
        let stats = evaluation.stats.expect("stats");
        assert!(
            (stats.turns.mean - 1.0).abs() < 1e-9,
            "every race ends at turn 1: {}",
            stats.turns.mean
        );
        let changes = run::changes(&tuning, &tuning.baseline(), &point);
        let named: Vec<(&str, &str, &str)> = changes
            .iter()
            .map(|c| (c.parameter.as_str(), c.before.as_str(), c.after.as_str()))
            .collect();
        assert_eq!(
            named,
            [
                ("mission: turn limit", "25", "1"),
                ("mission objective deliver: count", "2", "3")
            ]
        );
    }

    /// A search told to stop when every objective is met ends at the first candidate that
    /// meets them (here the first: a race length any race has), says so, and takes it as its
    /// best; told nothing, it spends its plan.
    #[test]
    fn a_search_told_to_stop_when_met_ends_at_the_first_candidate_that_meets_every_objective() {
        let (spec_path, mut spec) = sample();
        spec.bots = vec!["random".into()];
        spec.budget = 400;
        spec.objectives = vec![Objective::RaceLength {
            min_turns: 0.0,
            max_turns: 1000.0,
            weight: 1.0,
        }];
        spec.stop_when_met = true;
        let tuning = Tuning::prepare(&spec_path, spec.clone()).expect("prepared");
        let mut search = Search::default();
        search
            .run(&tuning, 1, &|_, _, _| {}, &|| false)
            .expect("searched");
        assert_eq!(search.evaluations.len(), 1);
        assert_eq!(search.good_enough(&tuning), Some(1));
        assert_eq!(search.best(&tuning), tuning.baseline());
        spec.stop_when_met = false;
        let tuning = Tuning::prepare(&spec_path, spec).expect("prepared");
        let mut search = Search::default();
        search
            .run(&tuning, 1, &|_, _, _| {}, &|| false)
            .expect("searched");
        assert_eq!(search.evaluations.len(), tuning.plan().evaluations);
        assert!(tuning.plan().evaluations > 1);
        assert_eq!(search.good_enough(&tuning), None);
    }

    /// A fair share within its band is met; missed, it is "unmet" only when the farthest
    /// side's 95% interval lies outside the band, and "not shown" when the interval reaches
    /// it; the words give the interval either way.
    #[test]
    fn an_unmet_fair_share_is_said_only_with_the_interval_that_shows_it() {
        let value = |wins: usize, races: usize, within: f64| {
            let rate = crate::sim::stats::wilson(wins, races);
            let distance = (rate.rate * 100.0 - 50.0).abs();
            ObjectiveValue {
                name: "largest distance of a side from its fair share (points)".to_owned(),
                value: distance,
                shortfall: (distance - within).max(0.0),
                weighted: (distance - within).max(0.0),
                evidence: Some(Evidence {
                    who: "raiders".to_owned(),
                    rate,
                    fair: 50.0,
                    within,
                }),
            }
        };
        assert_eq!(value(52, 100, 3.0).verdict(), "met");
        let noisy = value(57, 100, 3.0);
        assert_eq!(noisy.verdict(), "not shown");
        assert!(
            noisy
                .verdict_words()
                .starts_with("not shown: raiders 57.0% (47.2-66.3), fair 50.0 ± 3"),
            "{}",
            noisy.verdict_words()
        );
        let shown = value(570, 1000, 3.0);
        assert_eq!(shown.verdict(), "unmet");
        assert!(
            shown
                .verdict_words()
                .starts_with("unmet: raiders 57.0% (53.9-60.0)"),
            "{}",
            shown.verdict_words()
        );
    }

    /// A tuning made from a spec whose range leaves out the mission's value (as the studio's
    /// Tune screen makes one from its form) is refused with the range and the value: the
    /// search could not set the range's nearest value, which it reads as the mission's.
    #[test]
    fn a_range_leaving_out_the_missions_value_is_refused() {
        use crate::content::mission_tuning::MissionParameter;
        let tuning = courier_turns();
        let mission = tuning.mission.as_ref().expect("a mission").mission.clone();
        let mut spec = tuning.spec.clone();
        spec.parameters = vec![Parameter::Mission(MissionParameter::TurnLimit {
            min: 7,
            max: 8,
        })];
        let profiles = crate::sim::profiles::profiles_in(&tuning.pack.root);
        let Err(refused) = Tuning::new(
            spec,
            tuning.pack.clone(),
            tuning.track.clone(),
            Some(mission),
            &profiles,
        ) else {
            panic!("a range leaving out the mission's value is refused");
        };
        let refused = refused.to_string();
        assert!(
            refused.contains("its range 7-8 leaves out the mission's value 25"),
            "{refused}"
        );
    }

    /// Every setting offered for the courier names what the mission has, its range holds the
    /// mission's value, and each kind the mission has is offered.
    #[test]
    fn every_mission_setting_offered_names_the_mission_and_holds_its_value() {
        let tuning = courier_turns();
        let mission = tuning.mission.as_ref().expect("a mission").mission.clone();
        let offer = offered_in_mission(&mission, None);
        let names: Vec<String> = offer.iter().map(|o| o.parameter.name()).collect();
        assert_eq!(
            names,
            [
                "mission: turn limit",
                "mission objective deliver: count",
                "mission side couriers: starting damage",
                "mission side raiders: starting damage",
                "mission: finish VP",
                "mission: kill VP"
            ]
        );
        let mut spec = tuning.spec.clone();
        spec.parameters = offer.into_iter().map(|o| o.parameter).collect();
        let profiles = crate::sim::profiles::profiles_in(&tuning.pack.root);
        let offered = Tuning::new(
            spec,
            tuning.pack.clone(),
            tuning.track.clone(),
            Some(mission),
            &profiles,
        )
        .expect("every setting offered names the mission");
        for dimension in &offered.dimensions {
            assert!(
                dimension.values.contains(&dimension.current),
                "{}: {:?} not in {:?}",
                dimension.name(),
                dimension.current,
                dimension.values
            );
        }
    }
}
