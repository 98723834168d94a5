//! `roadwright tune SPEC --out DIR`: automatic tuning of a content pack by a tuning spec
//! ([`crate::sim::tune`]). The pack is never edited: the best candidate is written as a new
//! pack folder (the pack copied, the changed files rewritten), with a report of every change
//! and of each objective before and after, both measured again on fresh seeds.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::path::Path;

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use super::interrupt::watch_ctrl_c;
use super::outputs::check_output_folder;
use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::Document;
use crate::content::source::SourceFile;
use crate::sim::stats::Interval;
use crate::sim::tune::{Evaluation, ObjectiveValue, Plan, Search, Tuning, final_seed};

/// The report of a search, as `--out DIR/tuning-report.json` holds it.
#[derive(Serialize)]
struct Report<'a> {
    spec: &'a str,
    plan: Plan,
    evaluations: usize,
    stopped_early: bool,
    changes: Vec<Change>,
    before: &'a [ObjectiveValue],
    after: &'a [ObjectiveValue],
    score_before: f64,
    score_after: f64,
    /// Each team's win rate with its 95% interval, before and after, on the fresh seeds.
    teams_before: BTreeMap<String, Interval>,
    teams_after: BTreeMap<String, Interval>,
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

#[derive(Serialize)]
struct Change {
    parameter: String,
    before: String,
    after: String,
}

/// Runs a tuning: checks, searches (resuming from `DIR/tuning-search.json` when it is there),
/// measures the baseline and the best on fresh seeds, writes the new pack and the report.
pub fn tune(
    spec_path: &Path,
    out_dir: &Path,
    threads: usize,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    let tuning = match open_tuning(spec_path, out_dir, err)? {
        Ok(tuning) => tuning,
        Err(code) => return Ok(code),
    };
    let plan = tuning.plan();
    let pack_out = out_dir.join("content");
    let search = match searched(&tuning, &out_dir.join("tuning-search.json"), threads, out)? {
        Ok(search) => search,
        Err(error) => {
            writeln!(err, "{}: {error}", spec_path.display())?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    let stopped_early = search.evaluations.len() < plan.evaluations;
    if stopped_early {
        writeln!(
            out,
            "stopped after {} of {} evaluations: the best so far is measured and written; run again to resume",
            search.evaluations.len(),
            plan.evaluations
        )?;
    }
    let best = search.best(&tuning);
    let baseline = tuning.baseline();
    let never = std::sync::atomic::AtomicBool::new(false);
    let seed = final_seed(tuning.spec.seed);
    let measure = |point: &[usize]| tuning.evaluate(point, plan.final_races, seed, threads, &never);
    let (before, after) = match (measure(&baseline), measure(&best)) {
        (Ok(before), Ok(after)) => (before, after),
        (Err(error), _) | (_, Err(error)) => {
            writeln!(err, "{}: {error}", spec_path.display())?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    let changes: Vec<Change> = tuning
        .dimensions
        .iter()
        .zip(baseline.iter().zip(&best))
        .filter(|(_, (a, b))| a != b)
        .map(|(dimension, (&a, &b))| Change {
            parameter: dimension.name(),
            before: dimension.values[a].to_string(),
            after: dimension.values[b].to_string(),
        })
        .collect();
    write_pack(&tuning, &best, &pack_out)?;
    let report = Report {
        spec: tuning.spec.name.as_str(),
        plan,
        evaluations: search.evaluations.len(),
        stopped_early,
        changes,
        before: &before.objectives,
        after: &after.objectives,
        score_before: before.score,
        score_after: after.score,
        teams_before: team_rates(&before),
        teams_after: team_rates(&after),
    };
    print_report(&report, &pack_out, out)?;
    let json = serde_json::to_string_pretty(&report).map_err(io::Error::other)?;
    crate::content::save::write_atomic_without_backup(
        &out_dir.join("tuning-report.json"),
        json.as_bytes(),
    )
    .map_err(|e| io::Error::other(e.to_string()))?;
    Ok(EXIT_OK)
}

/// Reads the spec and what it names, and checks the output folder: the tuning, or the exit
/// code of what is wrong (said on `err`).
fn open_tuning(
    spec_path: &Path,
    out_dir: &Path,
    err: &mut dyn Write,
) -> io::Result<Result<Tuning, u8>> {
    let spec = match SourceFile::read(spec_path).and_then(|source| Document::parse(&source)) {
        Ok(Document::TuningSpec(spec)) => spec,
        Ok(other) => {
            writeln!(
                err,
                "{}: a {} file, not a tuning spec",
                spec_path.display(),
                other.kind()
            )?;
            return Ok(Err(EXIT_UNREADABLE));
        }
        Err(error) => {
            writeln!(err, "{error}")?;
            return Ok(Err(EXIT_UNREADABLE));
        }
    };
    let tuning = match Tuning::prepare(spec_path, spec) {
        Ok(tuning) => tuning,
        Err(error) => {
            writeln!(err, "{}: {error}", spec_path.display())?;
            return Ok(Err(EXIT_CONTENT_ERRORS));
        }
    };
    if let Err(message) =
        check_output_folder("--out", out_dir, &[tuning.pack.root.as_path(), spec_path])
    {
        writeln!(err, "{message}")?;
        return Ok(Err(EXIT_UNREADABLE));
    }
    if out_dir.join("content").exists() && !out_dir.join("tuning-search.json").is_file() {
        // A pack this command did not write: never replaced.
        writeln!(
            err,
            "--out {}: it holds a content folder tune did not write; choose another folder",
            out_dir.display()
        )?;
        return Ok(Err(EXIT_UNREADABLE));
    }
    std::fs::create_dir_all(out_dir)?;
    Ok(Ok(tuning))
}

/// Runs the search, resuming the evaluations saved in `state` for this very spec (another
/// spec's are set aside), and saves them again whatever happened (Ctrl-C included).
fn searched(
    tuning: &Tuning,
    state: &Path,
    threads: usize,
    out: &mut dyn Write,
) -> io::Result<Result<Search, String>> {
    let fingerprint = spec_fingerprint(tuning);
    let mut search: Search = std::fs::read_to_string(state)
        .ok()
        .and_then(|text| serde_json::from_str::<SavedSearch>(&text).ok())
        .filter(|saved| saved.spec == fingerprint)
        .map(|saved| saved.search)
        .unwrap_or_default();
    let resumed = search.evaluations.len();
    let plan = tuning.plan();
    writeln!(
        out,
        "{}: {} parameters, {} evaluations of {} races, then {} races each for the baseline \
         and the best{}",
        tuning.spec.name,
        tuning.dimensions.len(),
        plan.evaluations,
        plan.races_per_evaluation,
        plan.final_races,
        if resumed > 0 {
            format!(" (resuming: {resumed} evaluations done)")
        } else {
            String::new()
        }
    )?;
    let bar = progress_bar(plan.evaluations);
    let best_so_far = std::cell::Cell::new(f64::INFINITY);
    let failed_save = std::cell::RefCell::new(None);
    let save = |search: &Search| {
        // Saved after every evaluation: a search killed outright resumes from its last one.
        if let Err(error) = save_search(state, &fingerprint, search) {
            *failed_save.borrow_mut() = Some(error);
        }
    };
    let result = search.run(
        tuning,
        threads,
        &|done, evaluation: &Evaluation, so_far: &Search| {
            best_so_far.set(best_so_far.get().min(evaluation.score));
            bar.set_position(done as u64);
            bar.set_message(format!("best score {:.2}", best_so_far.get()));
            save(so_far);
        },
        watch_ctrl_c(),
    );
    bar.finish_and_clear();
    save(&search);
    if let Some(error) = failed_save.into_inner() {
        return Err(error);
    }
    Ok(result.map(|()| search))
}

/// Writes the evaluations so far to `state` with the spec they belong to.
fn save_search(state: &Path, fingerprint: &str, search: &Search) -> io::Result<()> {
    let saved = SavedSearch {
        spec: fingerprint.to_owned(),
        search: search.clone(),
    };
    let text = serde_json::to_string(&saved).map_err(io::Error::other)?;
    crate::content::save::write_atomic_without_backup(state, text.as_bytes())
        .map_err(|e| io::Error::other(e.to_string()))
}

/// A search as `OUT/tuning-search.json` keeps it: the spec it searched, and its evaluations.
#[derive(Serialize, serde::Deserialize)]
struct SavedSearch {
    spec: String,
    search: Search,
}

/// What a saved search must match to be resumed: the spec, the pack and the track as read.
fn spec_fingerprint(tuning: &Tuning) -> String {
    let documents: Vec<&Document> = tuning.pack.files.iter().map(|f| &f.document).collect();
    crate::sim::load::sha256(&format!("{:?}{documents:?}{:?}", tuning.spec, tuning.track))
}

/// The pack copied into `folder` (replacing a tuned pack written there before), its changed
/// files rewritten.
fn write_pack(tuning: &Tuning, best: &[usize], folder: &Path) -> io::Result<()> {
    if folder.exists() {
        std::fs::remove_dir_all(folder)?;
    }
    copy_folder(&tuning.pack.root, folder)?;
    let changed = crate::sim::tune::changed_files(tuning, best).map_err(io::Error::other)?;
    for (relative, text) in changed {
        std::fs::write(folder.join(relative), text)?;
    }
    Ok(())
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

fn print_report(report: &Report<'_>, pack: &Path, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{} evaluations; changes:", report.evaluations)?;
    if report.changes.is_empty() {
        writeln!(out, "  none: the pack as it is scored best")?;
    }
    for change in &report.changes {
        writeln!(
            out,
            "  {}: {} -> {}",
            change.parameter, change.before, change.after
        )?;
    }
    writeln!(out, "objectives on fresh seeds (before -> after):")?;
    for (before, after) in report.before.iter().zip(report.after) {
        writeln!(
            out,
            "  {:<32} {:>8.2} -> {:>8.2}  (shortfall {:.2} -> {:.2})",
            before.name, before.value, after.value, before.shortfall, after.shortfall
        )?;
    }
    writeln!(out, "win rates on fresh seeds, % (95%), before -> after:")?;
    for (team, before) in &report.teams_before {
        let after = report.teams_after.get(team).copied().unwrap_or(*before);
        writeln!(
            out,
            "  {team:<20} {:>5.1} ({:.1}-{:.1}) -> {:>5.1} ({:.1}-{:.1})",
            before.rate * 100.0,
            before.low * 100.0,
            before.high * 100.0,
            after.rate * 100.0,
            after.low * 100.0,
            after.high * 100.0
        )?;
    }
    writeln!(
        out,
        "score {:.2} -> {:.2}; the tuned pack is {}",
        report.score_before,
        report.score_after,
        pack.display()
    )?;
    if report.score_after >= report.score_before {
        // The search's best was best on its own seeds only: say so rather than sell it.
        writeln!(
            out,
            "on fresh seeds the tuned pack does no better than the pack as it is: keep the pack, \
             or tune again with a larger budget"
        )?;
    }
    Ok(())
}

/// A progress bar on stderr (evaluations done, best score), hidden off a terminal.
fn progress_bar(evaluations: usize) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(evaluations as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} evaluations, {msg}, ETA {eta}")
    {
        bar.set_style(style);
    }
    bar
}
