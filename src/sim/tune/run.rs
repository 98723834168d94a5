//! A whole tuning run into an output folder, as `roadwright tune` and the studio's Tune screen
//! both do it: the search (resumed from `OUT/tuning-search.json` when it is of this very spec
//! and pack, saved again after every evaluation), the baseline and the best measured again on
//! fresh seeds, the tuned pack written as `OUT/content` (the pack is never edited) and the
//! report as `OUT/tuning-report.json`.
//!
//! Two flags stop it: `stop` ends the search and still measures and writes the best so far
//! (Ctrl-C, the screen's Stop); `abandon` ends everything at once and writes nothing more (the
//! screen closed).

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::{Evaluation, ObjectiveValue, Plan, Search, Tuning, final_seed};
use crate::content::output_path::lies_within;
use crate::content::{Document, SourceFile};
use crate::sim::stats::Interval;

/// The file a search's evaluations are kept in, in the output folder.
pub const SEARCH_FILE: &str = "tuning-search.json";

/// The report's file, in the output folder.
pub const REPORT_FILE: &str = "tuning-report.json";

/// The tuned pack's folder, in the output folder.
pub const PACK_FOLDER: &str = "content";

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
    /// The search is over; the baseline and the best are being measured on fresh seeds.
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
    /// Whether the search was stopped before its plan's end.
    pub stopped_early: bool,
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
}

impl Report {
    /// Whether the tuned pack scored better than the pack on the fresh seeds (a best that was
    /// best on its own seeds only is not sold as better).
    #[must_use]
    pub fn improved(&self) -> bool {
        self.score_after < self.score_before
    }
}

/// Checks that `out_dir` can take a run of `tuning` and creates it: never inside the pack,
/// never over a content folder this run did not write.
pub fn prepare_output(tuning: &Tuning, out_dir: &Path) -> Result<(), RunError> {
    if lies_within(out_dir, &tuning.pack.root) {
        return Err(RunError::Output(format!(
            "{}: it is inside the content folder; choose a folder outside it",
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
    std::fs::create_dir_all(out_dir).map_err(|source| RunError::Write {
        path: out_dir.to_owned(),
        source,
    })
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
    let plan = tuning.plan();
    let state = out_dir.join(SEARCH_FILE);
    let fingerprint = fingerprint(tuning);
    let mut search: Search = std::fs::read_to_string(&state)
        .ok()
        .and_then(|text| serde_json::from_str::<SavedSearch>(&text).ok())
        .filter(|saved| saved.spec == fingerprint)
        .map(|saved| saved.search)
        .unwrap_or_default();
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
        &|| abandoned(stop) || abandoned(abandon),
        abandon,
    );
    save(&search);
    if let Some(error) = failed_save.into_inner() {
        return Err(error);
    }
    searched.map_err(RunError::Play)?;
    if abandoned(abandon) {
        return Err(RunError::Abandoned);
    }
    progress(RunProgress::Measuring);
    let best = search.best(tuning);
    let baseline = tuning.baseline();
    let seed = final_seed(tuning.spec.seed);
    let measure = |point: &[usize]| {
        tuning
            .evaluate(point, plan.final_races, seed, threads, abandon)
            .map_err(RunError::Play)
    };
    let before = measure(&baseline)?;
    let after = measure(&best)?;
    if abandoned(abandon) {
        return Err(RunError::Abandoned);
    }
    write_pack(tuning, &best, &out_dir.join(PACK_FOLDER))?;
    let report = Report {
        spec: tuning.spec.name.to_string(),
        plan,
        evaluations: search.evaluations.len(),
        stopped_early: search.evaluations.len() < plan.evaluations,
        changes: changes(tuning, &baseline, &best),
        before: before.objectives.clone(),
        after: after.objectives.clone(),
        score_before: before.score,
        score_after: after.score,
        teams_before: team_rates(&before),
        teams_after: team_rates(&after),
    };
    let json = serde_json::to_string_pretty(&report).map_err(|e| RunError::Write {
        path: out_dir.join(REPORT_FILE),
        source: io::Error::other(e),
    })?;
    write_file(&out_dir.join(REPORT_FILE), json.as_bytes())?;
    Ok(report)
}

fn abandoned(flag: &AtomicBool) -> bool {
    flag.load(std::sync::atomic::Ordering::Relaxed)
}

/// What the tuned pack changes, parameter by parameter.
fn changes(tuning: &Tuning, baseline: &[usize], best: &[usize]) -> Vec<Change> {
    tuning
        .dimensions
        .iter()
        .zip(baseline.iter().zip(best))
        .filter(|(_, (a, b))| a != b)
        .map(|(dimension, (_, &b))| Change {
            parameter: dimension.name(),
            before: dimension.pack_text.clone(),
            after: dimension.values[b].to_string(),
        })
        .collect()
}

/// Each team's win rate in a measurement.
fn team_rates(evaluation: &Evaluation) -> BTreeMap<String, Interval> {
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

/// A search as `OUT/tuning-search.json` keeps it: the spec it searched, and its evaluations.
#[derive(Serialize, Deserialize)]
struct SavedSearch {
    spec: String,
    search: Search,
}

/// Writes the evaluations so far to `state` with the spec they belong to.
fn save_search(state: &Path, fingerprint: &str, search: &Search) -> Result<(), RunError> {
    let saved = SavedSearch {
        spec: fingerprint.to_owned(),
        search: search.clone(),
    };
    let text = serde_json::to_string(&saved).map_err(|e| RunError::Write {
        path: state.to_owned(),
        source: io::Error::other(e),
    })?;
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
    crate::sim::load::sha256(&format!("{:?}{documents:?}{:?}", tuning.spec, tuning.track))
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

fn copy_folder(from: &Path, to: &Path) -> io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            copy_folder(&entry.path(), &target)?;
        } else if kind.is_file() {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}
