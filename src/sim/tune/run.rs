//! A whole tuning run into an output folder, as `roadwright tune` and the studio's Tune screen
//! both do it: the search (resumed from `OUT/tuning-search.json` when it is of this very spec
//! and pack, saved again after every evaluation), the baseline and the best measured again on
//! fresh seeds, the tuned pack written as `OUT/content` (the pack is never edited) and the
//! report as `OUT/tuning-report.json`.
//!
//! Two flags stop it, each heard within a race: `stop` (Ctrl-C, the screen's Stop) cuts the
//! evaluation or measurement under way and writes the best so far at once, its figures those
//! the search measured on its own seeds (a run stopped is not kept waiting for the fresh
//! measurement, which on a large budget takes hours); `abandon` (the screen closed) ends
//! everything and writes nothing more.
//!
//! # What protects the output folder
//! - No input of the run lies inside it (the pack a tuned pack was made from, run again into
//!   the same folder, would be deleted by its own copy), nor it inside the pack.
//! - One run at a time: a run holds an exclusive lock on `OUT/.tune.lock` (an operating-system
//!   lock, released when the process ends, however it ends); a second run into the same folder
//!   is refused.
//! - A saved search is resumed only when it is of this very spec, pack and track, no larger than
//!   such a search can be, its points inside the spec's ranges and its digest intact; a file
//!   that fails any of these is refused, named, rather than replayed or silently replaced.
//! - The pack is copied with what its links point to (a linked file or folder is content, as
//!   [`crate::content::RawPack`] reads it); a link loop is refused.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::ConfirmPlan;
use super::confirm::{
    ConfirmShard, Confirmation, Cost, PointFolds, confirm, merge_shards, verdict,
};
use super::parameters::{Value, rulebook_range};
use super::{Evaluation, ObjectiveValue, Plan, Search, Tuning, final_seed};
use crate::content::{Document, SourceFile};
use crate::sim::stats::Interval;

/// The file a search's evaluations are kept in, in the output folder.
pub const SEARCH_FILE: &str = "tuning-search.json";

/// The report's file, in the output folder.
pub const REPORT_FILE: &str = "tuning-report.json";

/// The tuned pack's folder, in the output folder.
pub const PACK_FOLDER: &str = "content";

/// The tuned mission's file, in the output folder, when the races play a mission: it names the
/// tuned pack beside it and the track tuned on.
pub const MISSION_FILE: &str = "tuned-mission.ron";

/// The folder, in the output folder, that holds a confirmation's shards.
pub const CONFIRM_SHARDS: &str = "confirm-shards";

/// The lock a run holds in the output folder.
pub const LOCK_FILE: &str = ".tune.lock";

/// Why a run could not be done.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The output folder cannot take the run (inside the pack, holding a foreign pack).
    #[error("{0}")]
    Output(String),
    /// A batch could not be played.
    #[error("{0}")]
    Play(String),
    /// A file could not be written.
    #[error("{path}: {source}")]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// The run was abandoned before its report.
    #[error("abandoned")]
    Abandoned,
    /// The run was stopped before its first evaluation was done: there is no best to write.
    #[error(
        "stopped before the first evaluation was done: nothing was written; run again to start"
    )]
    StoppedEmpty,
}

/// What a run tells while it works.
#[derive(Clone, Debug)]
pub enum RunProgress {
    /// The search starts, with its plan and the evaluations a saved search gives back.
    Started {
        /// How the budget is spent.
        plan: Plan,
        /// Evaluations resumed from the saved search.
        resumed: usize,
    },
    /// An evaluation is done (or replayed from a saved search).
    Evaluated {
        /// Evaluations done so far.
        done: usize,
        /// The lowest score so far.
        best_score: f64,
    },
    /// The search is over; its best candidates are being confirmed by the stronger bots.
    Confirming {
        /// Candidates confirmed (the pack as it is besides).
        candidates: usize,
        /// Races each plays.
        races: usize,
    },
    /// The search (and the confirmation) is over; the baseline and the best are being
    /// measured on fresh seeds.
    Measuring,
}

/// One parameter the run changed.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Change {
    /// What it is ("rust-reapers (every car): defense").
    pub parameter: String,
    /// The pack's value.
    pub before: String,
    /// The tuned pack's value.
    pub after: String,
    /// Why the tuned value is outside the rulebook's range, when it is ("the rulebook's speeds
    /// are +1 to +6").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub beyond_rulebook: Option<String>,
}

/// A run's report, as `OUT/tuning-report.json` holds it.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Report {
    /// The spec's name.
    pub spec: String,
    /// How the budget was spent.
    pub plan: Plan,
    /// Evaluations done.
    pub evaluations: usize,
    /// Whether the search was stopped before its plan's end (not by meeting every objective:
    /// [`Self::good_enough`]).
    pub stopped_early: bool,
    /// The evaluation (from 1) that met every objective and ended the search, when the spec
    /// asks to stop there and one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub good_enough: Option<usize>,
    /// Whether `before` and `after` were measured on fresh seeds; false when the run was
    /// stopped, and they are the search's own evaluations of the baseline and the best (on the
    /// seeds the best was picked on, so they flatter it).
    pub fresh_seeds: bool,
    /// What the tuned pack changes.
    pub changes: Vec<Change>,
    /// Each objective of the pack as it is, on the fresh seeds.
    pub before: Vec<ObjectiveValue>,
    /// Each objective of the tuned pack, on the same fresh seeds.
    pub after: Vec<ObjectiveValue>,
    /// The pack's score.
    pub score_before: f64,
    /// The tuned pack's score.
    pub score_after: f64,
    /// Each team's win rate with its 95% interval, before and after, on the fresh seeds.
    pub teams_before: BTreeMap<String, Interval>,
    /// The same, for the tuned pack.
    pub teams_after: BTreeMap<String, Interval>,
    /// Each team's change of win rate, tuned minus as it is, with its 95% interval: beyond
    /// noise when the interval leaves out zero, as the simulation screen's Compare view says.
    pub team_changes: BTreeMap<String, crate::sim::compare::Difference>,
    /// Under a mission: each side's win rate with its 95% interval, before and after, on the
    /// fresh seeds (empty without a mission).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sides_before: BTreeMap<String, Interval>,
    /// The same, for the tuned pack.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sides_after: BTreeMap<String, Interval>,
    /// The stronger bots' verdict on the search's best candidates, when the spec asks for one
    /// (and the run was not stopped before it); the pack written is the candidate it chose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmation: Option<Confirmation>,
    /// The candidate written, as the index of its value in each parameter's values (the
    /// studio's "apply to the project" makes it again from the tuning).
    pub point: Vec<usize>,
    /// The tuned mission written, when the races played a mission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission_file: Option<PathBuf>,
}

impl Report {
    /// Whether the tuned pack scored better than the pack on the fresh seeds (a best that was
    /// best on its own seeds only is not sold as better).
    #[must_use]
    pub fn improved(&self) -> bool {
        self.score_after < self.score_before
    }

    /// What to say when the result did no better on fresh seeds than what it was tuned from
    /// (the pack, and the mission when the run played one), after "on fresh seeds".
    #[must_use]
    pub fn no_better_words(&self) -> &'static str {
        if self.mission_file.is_some() {
            "the tuned pack and mission do no better than they were: keep them, or tune again \
             with a larger budget"
        } else {
            "the tuned pack does no better than the pack as it is: keep the pack, or tune again \
             with a larger budget"
        }
    }

    /// The seeds the before and after figures were measured on, in words ("fresh seeds", or
    /// "the search's seeds" for a run stopped before its fresh measurement).
    #[must_use]
    pub fn seeds(&self) -> &'static str {
        if self.fresh_seeds {
            "fresh seeds"
        } else {
            "the search's seeds"
        }
    }
}

/// Checks that `out_dir` can take a run of `tuning` and creates it: never inside the pack, never
/// holding the pack (a tuned pack tuned again into the same folder would be deleted by its own
/// copy), never over a content folder this run did not write.
pub fn prepare_output(tuning: &Tuning, out_dir: &Path) -> Result<(), RunError> {
    // The one rule of every output folder: not inside the pack, not holding it.
    crate::content::output_path::check_output_folder(
        "the output folder",
        out_dir,
        &[&tuning.pack.root],
    )
    .map_err(RunError::Output)?;
    if let Some(file) = tuning.mission.as_ref().and_then(|m| m.file.as_ref())
        && crate::content::relative_path::same_file(file, &out_dir.join(MISSION_FILE))
    {
        return Err(RunError::Output(format!(
            "{}: the tuned mission would be written over the mission it is tuned from; choose              another folder",
            out_dir.display()
        )));
    }
    if out_dir.join(PACK_FOLDER).exists() && !out_dir.join(SEARCH_FILE).is_file() {
        // A pack this run did not write is never replaced.
        return Err(RunError::Output(format!(
            "{}: it holds a content folder tune did not write; choose another folder",
            out_dir.display()
        )));
    }
    // Made when missing, but not the folders above it: no output makes its folder's parents.
    if out_dir.is_dir() {
        return Ok(());
    }
    std::fs::create_dir(out_dir).map_err(|source| RunError::Write {
        path: out_dir.to_owned(),
        source,
    })
}

/// The exclusive lock of an output folder, held for a whole run (released when dropped, or when
/// the process ends).
#[derive(Debug)]
pub struct OutputLock {
    _file: std::fs::File,
}

/// Takes the output folder's lock, or says that another run holds it.
pub fn lock_output(out_dir: &Path) -> Result<OutputLock, RunError> {
    lock(out_dir, false)
}

/// Takes the output folder's lock shared, as a confirmation shard does (shards run side by
/// side; none while a search or the run that writes the result holds it alone).
pub fn lock_output_shared(out_dir: &Path) -> Result<OutputLock, RunError> {
    lock(out_dir, true)
}

fn lock(out_dir: &Path, shared: bool) -> Result<OutputLock, RunError> {
    let path = out_dir.join(LOCK_FILE);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|source| RunError::Write {
            path: path.clone(),
            source,
        })?;
    let taken = if shared {
        file.try_lock_shared()
    } else {
        file.try_lock()
    };
    match taken {
        Ok(()) => Ok(OutputLock { _file: file }),
        Err(std::fs::TryLockError::WouldBlock) => Err(RunError::Output(format!(
            "{}: another tune is writing into this folder; wait for it to end or choose \
             another folder",
            out_dir.display()
        ))),
        Err(std::fs::TryLockError::Error(source)) => Err(RunError::Write { path, source }),
    }
}

/// Runs `tuning` into `out_dir` (checked by [`prepare_output`]): searches, resuming a saved
/// search of the same spec and pack; measures the pack and the best on fresh seeds; writes the
/// tuned pack and the report. `progress` hears each step.
pub fn run(
    tuning: &Tuning,
    out_dir: &Path,
    threads: usize,
    progress: &dyn Fn(RunProgress),
    stop: &AtomicBool,
    abandon: &AtomicBool,
) -> Result<Report, RunError> {
    let _lock = lock_output(out_dir)?;
    let plan = tuning.plan();
    let halted = || abandoned(stop) || abandoned(abandon);
    let search = search_into(tuning, out_dir, threads, progress, &halted)?;
    if abandoned(abandon) {
        return Err(RunError::Abandoned);
    }
    let (best, confirmation) = choose_best(tuning, out_dir, &search, threads, progress, &halted)?;
    if abandoned(abandon) {
        return Err(RunError::Abandoned);
    }
    progress(RunProgress::Measuring);
    let baseline = tuning.baseline();
    let seed = final_seed(tuning.spec.seed);
    let measure = |point: &[usize]| {
        tuning
            .evaluate(point, plan.final_races, seed, threads, &halted)
            .map_err(RunError::Play)
    };
    let fresh = if halted() {
        None
    } else {
        let before = measure(&baseline)?;
        let after = measure(&best)?;
        (!halted()).then_some((before, after))
    };
    if abandoned(abandon) {
        return Err(RunError::Abandoned);
    }
    let fresh_seeds = fresh.is_some();
    let (before, after) = match fresh {
        Some(measured) => measured,
        None => search_figures(&search, &baseline, &best).ok_or(RunError::StoppedEmpty)?,
    };
    write_pack(tuning, &best, &out_dir.join(PACK_FOLDER))?;
    let mission_file = write_mission(tuning, &best, out_dir)?;
    let good_enough = search.good_enough(tuning);
    let report = Report {
        spec: tuning.spec.name.to_string(),
        plan,
        evaluations: search.evaluations.len(),
        good_enough,
        stopped_early: (search.evaluations.len() < plan.evaluations && good_enough.is_none())
            || !fresh_seeds
            || (tuning.confirm.is_some() && confirmation.is_none()),
        fresh_seeds,
        changes: changes(tuning, &baseline, &best),
        before: before.objectives.clone(),
        after: after.objectives.clone(),
        score_before: before.score,
        score_after: after.score,
        teams_before: team_rates(&before),
        teams_after: team_rates(&after),
        team_changes: team_changes(&before, &after),
        sides_before: side_rates(&before),
        sides_after: side_rates(&after),
        confirmation,
        point: best,
        mission_file,
    };
    let json = serde_json::to_string_pretty(&report).map_err(|e| RunError::Write {
        path: out_dir.join(REPORT_FILE),
        source: io::Error::other(e),
    })?;
    write_file(&out_dir.join(REPORT_FILE), json.as_bytes())?;
    Ok(report)
}

/// Searches `tuning`, resuming the search saved in `out_dir` and saving it after every
/// evaluation: the search as it stands when it ends or `halted` says so.
fn search_into(
    tuning: &Tuning,
    out_dir: &Path,
    threads: usize,
    progress: &dyn Fn(RunProgress),
    halted: &(dyn Fn() -> bool + Sync),
) -> Result<Search, RunError> {
    let plan = tuning.plan();
    let state = out_dir.join(SEARCH_FILE);
    let fingerprint = fingerprint(tuning);
    let mut search = load_search(&state, &fingerprint, tuning)?.unwrap_or_default();
    progress(RunProgress::Started {
        plan,
        resumed: search.evaluations.len(),
    });
    let best_so_far = std::cell::Cell::new(f64::INFINITY);
    let failed_save = std::cell::RefCell::new(None);
    let save = |search: &Search| {
        // Saved after every evaluation: a run killed outright resumes from its last one.
        if let Err(error) = save_search(&state, &fingerprint, search) {
            *failed_save.borrow_mut() = Some(error);
        }
    };
    let searched = search.run(
        tuning,
        threads,
        &|done, evaluation: &Evaluation, so_far: &Search| {
            best_so_far.set(best_so_far.get().min(evaluation.score));
            save(so_far);
            progress(RunProgress::Evaluated {
                done,
                best_score: best_so_far.get(),
            });
        },
        halted,
    );
    // A search stopped before its first evaluation leaves no file: there is nothing to resume.
    if !search.evaluations.is_empty() {
        save(&search);
    }
    if let Some(error) = failed_save.into_inner() {
        return Err(error);
    }
    searched.map_err(RunError::Play)?;
    Ok(search)
}

/// Runs only the search of `tuning` into `out_dir` (resuming it), for a confirmation played as
/// shards elsewhere ([`confirm_shard`]) before the run that writes the result: the search, and
/// whether it is done (every evaluation of its plan, or good enough).
pub fn search_only(
    tuning: &Tuning,
    out_dir: &Path,
    threads: usize,
    progress: &dyn Fn(RunProgress),
    stop: &AtomicBool,
) -> Result<(Search, bool), RunError> {
    let _lock = lock_output(out_dir)?;
    let search = search_into(tuning, out_dir, threads, progress, &|| abandoned(stop))?;
    let done = search_done(tuning, &search);
    Ok((search, done))
}

/// Whether a search has ended of itself: every evaluation of its plan played, or one good
/// enough.
fn search_done(tuning: &Tuning, search: &Search) -> bool {
    search.evaluations.len() >= tuning.plan().evaluations || search.good_enough(tuning).is_some()
}

/// Plays `shard` of the confirmation of the search saved in `out_dir` (which must be done:
/// [`search_only`]) and writes it as `out_dir/confirm-shards/shard-I-of-N.json`; the path.
/// Shards of one confirmation run side by side (each holds the folder's lock shared); the run
/// that writes the result (`run`) finds them all there and merges them instead of playing the
/// confirmation.
pub fn confirm_shard(
    tuning: &Tuning,
    out_dir: &Path,
    shard: crate::sim::batch::Shard,
    threads: usize,
    stop: &AtomicBool,
) -> Result<PathBuf, RunError> {
    let plan = tuning.confirm.as_ref().ok_or_else(|| {
        RunError::Output(
            "the spec asks for no confirmation: give --confirm-bots (or the spec's `confirm`)"
                .to_owned(),
        )
    })?;
    let _lock = lock_output_shared(out_dir)?;
    let search = load_search(&out_dir.join(SEARCH_FILE), &fingerprint(tuning), tuning)?
        .filter(|search| search_done(tuning, search))
        .ok_or_else(|| {
            RunError::Output(format!(
                "{}: no finished search of this spec is there: run `roadwright tune SPEC --out \
                 {} --search-only` first",
                out_dir.display(),
                out_dir.display()
            ))
        })?;
    let played =
        super::confirm::play_shard(tuning, plan, &search, shard, threads, &|| abandoned(stop))
            .map_err(RunError::Play)?
            .ok_or(RunError::Abandoned)?;
    let folder = out_dir.join(CONFIRM_SHARDS);
    std::fs::create_dir_all(&folder).map_err(|source| RunError::Write {
        path: folder.clone(),
        source,
    })?;
    let path = folder.join(format!("shard-{}-of-{}.json", shard.index, shard.count));
    let saved = SavedShard {
        key: confirmation_key(tuning, plan, &search),
        shard: played,
    };
    let json = serde_json::to_string(&saved).map_err(|e| RunError::Write {
        path: path.clone(),
        source: io::Error::other(e),
    })?;
    write_file(&path, json.as_bytes())?;
    Ok(path)
}

/// The largest confirmation shard file read: a shard is a few folds, far below it.
const MOST_SHARD_BYTES: u64 = 64 << 20;

/// A confirmation shard as its file holds it: the confirmation it belongs to (the spec, pack,
/// track, confirmation plan and search, by digest) and its folds.
#[derive(Serialize, Deserialize)]
struct SavedShard {
    key: String,
    shard: ConfirmShard,
}

/// The digest a confirmation's shards carry: of the spec, pack and track (the search's
/// fingerprint), the confirmation's bots, candidates and races, and the search's evaluations.
fn confirmation_key(tuning: &Tuning, plan: &ConfirmPlan, search: &Search) -> String {
    let bots: Vec<&str> = plan.bots.iter().map(|b| b.id.as_str()).collect();
    let search = serde_json::to_string(search).unwrap_or_default();
    crate::sim::load::sha256(&format!(
        "{}{bots:?}{}{}{search}",
        fingerprint(tuning),
        plan.top,
        plan.races
    ))
}

/// The shards of this confirmation in `out_dir` (`None` when there are none), merged: their
/// folds and what they cost; an error naming the shards missing, or a file that is not a shard.
fn merged_shards(
    tuning: &Tuning,
    plan: &ConfirmPlan,
    search: &Search,
    out_dir: &Path,
) -> Result<Option<(PointFolds, Cost)>, RunError> {
    let folder = out_dir.join(CONFIRM_SHARDS);
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return Ok(None);
    };
    let key = confirmation_key(tuning, plan, search);
    let mut shards = Vec::new();
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    for path in files {
        let refused = |why: String| RunError::Output(format!("{}: {why}", path.display()));
        let mut text = String::new();
        let read = std::fs::File::open(&path).and_then(|file| {
            io::Read::read_to_string(&mut io::Read::take(file, MOST_SHARD_BYTES + 1), &mut text)
        });
        read.map_err(|e| refused(format!("cannot be read: {e}")))?;
        if text.len() as u64 > MOST_SHARD_BYTES {
            return Err(refused(format!(
                "larger than a confirmation shard can be ({MOST_SHARD_BYTES} bytes at most)"
            )));
        }
        let saved: SavedShard = serde_json::from_str(&text)
            .map_err(|e| refused(format!("not a confirmation shard: {e}")))?;
        // A shard of another search or confirmation (the spec changed since) is not this one's.
        if saved.key == key {
            shards.push(saved.shard);
        }
    }
    if shards.is_empty() {
        return Ok(None);
    }
    merge_shards(&shards).map(Some).map_err(|why| {
        RunError::Output(format!(
            "{}: the confirmation's {why}: play them with `roadwright tune SPEC --out {} \
                 --confirm-shard I/N`",
            folder.display(),
            out_dir.display()
        ))
    })
}

/// The candidate to write: the search's best, or, when the spec asks for a confirmation (and
/// the run is not being stopped), the one the stronger bots score best, with their verdict:
/// from the confirmation's shards in `out_dir` when they are all there, else played here.
fn choose_best(
    tuning: &Tuning,
    out_dir: &Path,
    search: &Search,
    threads: usize,
    progress: &dyn Fn(RunProgress),
    halted: &(dyn Fn() -> bool + Sync),
) -> Result<(Vec<usize>, Option<Confirmation>), RunError> {
    let best = search.best(tuning);
    let Some(plan) = tuning.confirm.as_ref().filter(|_| !halted()) else {
        return Ok((best, None));
    };
    if let Some((folds, cost)) = merged_shards(tuning, plan, search, out_dir)? {
        let (confirmation, chosen) = verdict(tuning, plan, search, &folds, cost);
        return Ok((chosen, Some(confirmation)));
    }
    progress(RunProgress::Confirming {
        candidates: plan.top,
        races: plan.races,
    });
    Ok(
        match confirm(tuning, plan, search, threads, halted).map_err(RunError::Play)? {
            Some((confirmation, chosen)) => (chosen, Some(confirmation)),
            None => (best, None),
        },
    )
}

/// The search's own evaluations of the baseline and the best, for a run stopped before its
/// fresh measurement; `None` when nothing was evaluated.
fn search_figures(
    search: &Search,
    baseline: &[usize],
    best: &[usize],
) -> Option<(Evaluation, Evaluation)> {
    let of = |point: &[usize]| {
        search
            .evaluations
            .iter()
            .find(|e| e.point == point)
            .cloned()
    };
    let before = of(baseline)?;
    let after = of(best).unwrap_or_else(|| before.clone());
    Some((before, after))
}

fn abandoned(flag: &AtomicBool) -> bool {
    flag.load(std::sync::atomic::Ordering::Relaxed)
}

/// What the tuned pack changes, parameter by parameter.
pub(super) fn changes(tuning: &Tuning, baseline: &[usize], best: &[usize]) -> Vec<Change> {
    tuning
        .dimensions
        .iter()
        .zip(baseline.iter().zip(best))
        .filter(|(_, (a, b))| a != b)
        .map(|(dimension, (_, &b))| {
            let after = &dimension.values[b];
            let beyond_rulebook = match (rulebook_range(&dimension.parameter), after) {
                (Some((range, why)), Value::Number(n)) if !range.contains(n) => {
                    Some(why.to_owned())
                }
                _ => None,
            };
            Change {
                parameter: dimension.name(),
                before: dimension.pack_text.clone(),
                after: after.to_string(),
                beyond_rulebook,
            }
        })
        .collect()
}

/// Each team's win rate in a measurement.
pub(super) fn team_rates(evaluation: &Evaluation) -> BTreeMap<String, Interval> {
    evaluation
        .stats
        .as_ref()
        .map_or_else(BTreeMap::new, |stats| {
            stats
                .teams
                .iter()
                .map(|(team, t)| (team.clone(), t.win_rate))
                .collect()
        })
}

/// Each side's win rate under a mission (empty without one).
pub(super) fn side_rates(evaluation: &Evaluation) -> BTreeMap<String, Interval> {
    evaluation
        .stats
        .as_ref()
        .and_then(|stats| stats.mission.as_ref())
        .map_or_else(BTreeMap::new, |mission| {
            mission
                .sides
                .iter()
                .map(|(side, s)| (side.clone(), s.win_rate))
                .collect()
        })
}

/// Each team's change of win rate between two measurements on the same seeds, as the Compare
/// view works it out.
fn team_changes(
    before: &Evaluation,
    after: &Evaluation,
) -> BTreeMap<String, crate::sim::compare::Difference> {
    let (Some(a), Some(b)) = (&before.stats, &after.stats) else {
        return BTreeMap::new();
    };
    a.teams
        .iter()
        .filter_map(|(team, ta)| {
            let tb = b.teams.get(team)?;
            Some((
                team.clone(),
                crate::sim::compare::proportion_difference(ta.wins, ta.races, tb.wins, tb.races),
            ))
        })
        .collect()
}

/// A search as `OUT/tuning-search.json` keeps it: the spec it searched, its evaluations, and a
/// chain of digests, one per evaluation, each over the spec, the evaluation and the digest
/// before it (an evaluation edited by hand, a forged score, is refused on resume; the first N
/// evaluations with their N digests are the search as it was after N).
#[derive(Serialize, Deserialize)]
struct SavedSearch {
    spec: String,
    search: Search,
    digests: Vec<String>,
}

/// The chain of digests of `search`'s evaluations under `fingerprint`.
fn search_digests(fingerprint: &str, search: &Search) -> Result<Vec<String>, serde_json::Error> {
    let mut before = fingerprint.to_owned();
    search
        .evaluations
        .iter()
        .map(|evaluation| {
            let text = serde_json::to_string(evaluation)?;
            before = crate::sim::load::sha256(&format!("{before}\n{text}"));
            Ok(before.clone())
        })
        .collect()
}

/// The largest saved search a run of `tuning` can have written: a point and its objectives per
/// evaluation, with room to spare. A larger file is not read (a 360 MB one was read whole).
fn largest_search_file(tuning: &Tuning) -> u64 {
    let per_evaluation =
        1024 + 32 * tuning.dimensions.len() as u64 + 1024 * tuning.spec.objectives.len() as u64;
    64 * 1024 + per_evaluation * tuning.plan().evaluations as u64
}

/// Reads the saved search at `state` to resume it: `None` when there is none, or when it is of
/// another spec, pack or track (the search starts afresh); an error naming the file when it is
/// too large, unreadable, edited, or holds points the spec cannot have.
fn load_search(
    state: &Path,
    fingerprint: &str,
    tuning: &Tuning,
) -> Result<Option<Search>, RunError> {
    let refused = |why: String| {
        RunError::Output(format!(
            "{}: {why}; delete it to start the search afresh",
            state.display()
        ))
    };
    let limit = largest_search_file(tuning);
    let file = match std::fs::File::open(state) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(refused(format!("cannot be read: {error}"))),
    };
    let mut text = String::new();
    io::Read::read_to_string(&mut io::Read::take(file, limit + 1), &mut text)
        .map_err(|error| refused(format!("cannot be read: {error}")))?;
    if text.len() as u64 > limit {
        return Err(refused(format!(
            "larger than a search of this spec can be ({limit} bytes at most)"
        )));
    }
    let saved: SavedSearch = serde_json::from_str(&text).map_err(|error| {
        refused(format!(
            "not a saved search (line {}, column {}: {error})",
            error.line(),
            error.column()
        ))
    })?;
    if saved.spec != fingerprint {
        return Ok(None);
    }
    let digests = search_digests(&saved.spec, &saved.search).map_err(|e| refused(e.to_string()))?;
    if digests != saved.digests {
        return Err(refused(
            "its evaluations do not match its digest (edited since the search wrote them)"
                .to_owned(),
        ));
    }
    let plan = tuning.plan();
    if saved.search.evaluations.len() > plan.evaluations {
        return Err(refused(format!(
            "{} evaluations where the spec plans {}",
            saved.search.evaluations.len(),
            plan.evaluations
        )));
    }
    for (index, evaluation) in saved.search.evaluations.iter().enumerate() {
        let fits = evaluation.point.len() == tuning.dimensions.len()
            && evaluation
                .point
                .iter()
                .zip(&tuning.dimensions)
                .all(|(value, dimension)| *value < dimension.values.len());
        if !fits || evaluation.score.is_nan() {
            return Err(refused(format!(
                "evaluation {} is at a point the spec's parameters cannot take",
                index + 1
            )));
        }
    }
    Ok(Some(saved.search))
}

/// Writes the evaluations so far to `state` with the spec they belong to and their digest.
fn save_search(state: &Path, fingerprint: &str, search: &Search) -> Result<(), RunError> {
    let failed = |e: serde_json::Error| RunError::Write {
        path: state.to_owned(),
        source: io::Error::other(e),
    };
    let saved = SavedSearch {
        spec: fingerprint.to_owned(),
        search: search.clone(),
        digests: search_digests(fingerprint, search).map_err(failed)?,
    };
    let text = serde_json::to_string(&saved).map_err(failed)?;
    write_file(state, text.as_bytes())
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), RunError> {
    crate::content::save::write_atomic_without_backup(path, bytes).map_err(|e| RunError::Write {
        path: path.to_owned(),
        source: io::Error::other(e.to_string()),
    })
}

/// What a saved search must match to be resumed: the spec, the pack and the track as read.
fn fingerprint(tuning: &Tuning) -> String {
    let documents: Vec<&Document> = tuning.pack.files.iter().map(|f| &f.document).collect();
    // The confirmation comes after the search and does not change it: a search run without
    // one is resumed by a run that asks for one.
    let spec = crate::content::tuning::TuningSpec {
        confirm: None,
        ..tuning.spec.clone()
    };
    crate::sim::load::sha256(&format!("{spec:?}{documents:?}{:?}", tuning.track))
}

/// The pack's folder copied into `folder` (replacing a tuned pack written there before), then
/// the files of [`files_to_write`] written.
fn write_pack(tuning: &Tuning, best: &[usize], folder: &Path) -> Result<(), RunError> {
    let failed = |path: &Path| {
        let path = path.to_owned();
        move |source| RunError::Write { path, source }
    };
    if folder.exists() {
        std::fs::remove_dir_all(folder).map_err(failed(folder))?;
    }
    copy_folder(&tuning.pack.root, folder).map_err(failed(folder))?;
    let files = files_to_write(tuning, best).map_err(|message| RunError::Write {
        path: folder.to_owned(),
        source: io::Error::other(message),
    })?;
    for (relative, text) in files {
        let target = folder.join(relative);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(failed(parent))?;
        }
        std::fs::write(&target, text).map_err(failed(&target))?;
    }
    Ok(())
}

/// The candidate's mission, when the races play one, written as [`MISSION_FILE`] in `out_dir`
/// (never over the mission read: [`prepare_output`] refuses a folder where it would be): it
/// plays the tuned pack beside it (`content`) on the track tuned on, named from there.
fn write_mission(
    tuning: &Tuning,
    best: &[usize],
    out_dir: &Path,
) -> Result<Option<PathBuf>, RunError> {
    let Some(mut mission) = tuning.candidate_mission(best) else {
        return Ok(None);
    };
    mission.content = PACK_FOLDER.into();
    if let Some(track) = &tuning.track_file {
        mission.track = crate::content::relative_path::relative_path(track, out_dir)
            .as_str()
            .into();
    }
    let path = out_dir.join(MISSION_FILE);
    let text = Document::Mission(mission)
        .to_text(crate::content::Format::Ron)
        .map_err(|e| RunError::Write {
            path: path.clone(),
            source: io::Error::other(e.to_string()),
        })?;
    write_file(&path, text.as_bytes())?;
    Ok(Some(path))
}

/// The documents of the candidate at `point` that differ from their files on disk, as (path
/// relative to the pack, text): the ones the candidate changed, and, when the pack is the
/// studio's documents as edited, those edited and not saved. A copy of the pack's folder with
/// these written is the candidate.
pub fn files_to_write(tuning: &Tuning, point: &[usize]) -> Result<Vec<(PathBuf, String)>, String> {
    let candidate = tuning.candidate(point);
    let mut files = Vec::new();
    for file in &candidate.files {
        let on_disk = SourceFile::read(&file.source.path)
            .ok()
            .and_then(|source| Document::parse(&source).ok());
        if on_disk.as_ref() == Some(&file.document) {
            continue;
        }
        let relative = file
            .source
            .path
            .strip_prefix(&tuning.pack.root)
            .unwrap_or(&file.source.path)
            .to_owned();
        let text = file
            .document
            .to_text(file.source.format)
            .map_err(|e| format!("{}: {e}", relative.display()))?;
        files.push((relative, text));
    }
    Ok(files)
}

/// Copies the folder `from` into `to`, following links: a linked file or folder is copied as
/// what it points to, as the pack reads it. A link back to a folder being copied (a loop) is an
/// error naming it; what is neither a file nor a folder (a pipe, a socket) is not content and is
/// left out.
fn copy_folder(from: &Path, to: &Path) -> io::Result<()> {
    copy_tree(from, to, &mut Vec::new())
}

fn copy_tree(from: &Path, to: &Path, ancestors: &mut Vec<PathBuf>) -> io::Result<()> {
    let real = from.canonicalize()?;
    if ancestors.contains(&real) {
        return Err(io::Error::other(format!(
            "{}: a link loops back to a folder that holds it",
            from.display()
        )));
    }
    ancestors.push(real);
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let path = entry.path();
        let target = to.join(entry.file_name());
        let meta = std::fs::metadata(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        if meta.is_dir() {
            copy_tree(&path, &target, ancestors)?;
        } else if meta.is_file() {
            std::fs::copy(&path, target)?;
        }
    }
    ancestors.pop();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn even_teams() -> Tuning {
        let spec_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tuning/even-teams.ron");
        let source = SourceFile::read(&spec_path).expect("the sample");
        let Ok(Document::TuningSpec(spec)) = Document::parse(&source) else {
            panic!("a tuning spec");
        };
        Tuning::prepare(&spec_path, spec).expect("prepared")
    }

    fn evaluated_at(point: Vec<usize>) -> Search {
        Search {
            evaluations: vec![Evaluation {
                point,
                score: 1.5,
                objectives: Vec::new(),
                stats: None,
            }],
        }
    }

    /// A saved search whose digests were made again over a point the spec cannot take (the
    /// search indexed its tables with it and panicked) is refused; the same file at a point
    /// inside the ranges resumes; a search of another spec starts afresh.
    #[test]
    fn a_saved_search_is_resumed_only_at_points_the_spec_can_take() {
        let tuning = even_teams();
        let dir = tempfile::tempdir().expect("temp dir");
        let state = dir.path().join(SEARCH_FILE);
        let fingerprint = fingerprint(&tuning);
        save_search(
            &state,
            &fingerprint,
            &evaluated_at(vec![999; tuning.dimensions.len()]),
        )
        .expect("saved");
        let error = load_search(&state, &fingerprint, &tuning).expect_err("refused");
        assert!(
            error.to_string().contains("evaluation 1 is at a point"),
            "{error}"
        );
        let fine = evaluated_at(tuning.baseline());
        save_search(&state, &fingerprint, &fine).expect("saved");
        assert_eq!(
            load_search(&state, &fingerprint, &tuning).expect("resumed"),
            Some(fine)
        );
        assert_eq!(
            load_search(&state, "another spec", &tuning).expect("read"),
            None
        );
    }

    /// An infeasible candidate's infinite score is saved (as `null`) and read back as
    /// infinite: such a search was never resumed.
    #[test]
    fn an_infinite_score_survives_a_saved_search() {
        let tuning = even_teams();
        let dir = tempfile::tempdir().expect("temp dir");
        let state = dir.path().join(SEARCH_FILE);
        let mut search = evaluated_at(tuning.baseline());
        search.evaluations[0].score = f64::INFINITY;
        save_search(&state, "spec", &search).expect("saved");
        let read = load_search(&state, "spec", &tuning).expect("resumed");
        assert_eq!(read.map(|s| s.evaluations[0].score), Some(f64::INFINITY));
    }

    /// A tuned speed outside the rulebook's +1 to +6 is a change the report marks; a speed
    /// inside it is not. The ranges offered by default stay inside it.
    #[test]
    fn a_tuned_value_beyond_the_rulebook_is_said() {
        let mut tuning = even_teams();
        let card = crate::content::text::Id::new("solo-6").expect("short");
        tuning.dimensions.push(super::super::parameters::Dimension {
            parameter: crate::content::tuning::Parameter::RaceCardSpeed {
                card,
                min: 5,
                max: 8,
            },
            values: (5..=8).map(Value::Number).collect(),
            current: Value::Number(6),
            pack_text: "6".to_owned(),
        });
        let mut baseline = tuning.baseline();
        *baseline.last_mut().expect("the speed") = 1;
        let mut best = baseline.clone();
        *best.last_mut().expect("the speed") = 3;
        let changed = changes(&tuning, &baseline, &best);
        assert_eq!(changed.len(), 1);
        assert_eq!(changed[0].after, "8");
        assert_eq!(
            changed[0].beyond_rulebook.as_deref(),
            Some("the rulebook's speeds are +1 to +6")
        );
        *best.last_mut().expect("the speed") = 0;
        assert_eq!(changes(&tuning, &baseline, &best)[0].beyond_rulebook, None);

        let offered = super::super::parameters::offered(&tuning.pack, &tuning.spec.ruleset);
        for offer in offered {
            if let crate::content::tuning::Parameter::RaceCardSpeed { card, min, max } =
                offer.parameter
            {
                assert!(
                    (1..=6).contains(&min) && (1..=6).contains(&max),
                    "{card}: {min} to {max}"
                );
            }
        }
    }
}
