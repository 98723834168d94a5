//! `roadwright simulate`: a batch of bot races on exactly the content given, in parallel,
//! reproducible, with the statistics a designer reads.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use super::batch_print::{print_stats, progress_bar};
use super::bot_choice::side_bots;
use super::race::{load_mission_rules, load_rules};
use super::simulate_args::{MergeArgs, SimulateArgs};
use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::output_path::{check_output_folder, check_outputs};
use crate::content::save::write_atomic_without_backup;
use crate::content::text::Id;
use crate::sim::batch::{
    BatchIdentity, BatchSpec, FoldedBatch, Notable, RaceSummary, fold_shard, notable_of, record_of,
};
use crate::sim::batch_fold::BatchFold;
use crate::sim::compare::{Comparison, Difference, compare_folds};
use crate::sim::merge::{MergeError, merge_reports};
use crate::sim::mission::LoadedMission;
use crate::sim::record::RecordFiles;
use crate::sim::report::{BatchReport, teams_csv_path, write_csv};
use crate::sim::stats::BatchStats;

/// Runs a batch and prints its statistics.
pub fn simulate(args: &SimulateArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    if let Some(draw) = super::simulate_courses::course_draw(args) {
        return super::simulate_courses::simulate_courses(args, draw, out, err);
    }
    let Some(path) = args.mission.as_deref() else {
        return simulate_batch(args, None, out, err);
    };
    let mission = match load_mission_rules(path, err)? {
        Ok(mission) => mission,
        Err(code) => return Ok(code),
    };
    match args.for_mission(&mission) {
        Ok(resolved) => simulate_batch(&resolved, Some(&mission), out, err),
        Err(e) => {
            writeln!(err, "error: {e}")?;
            Ok(EXIT_CONTENT_ERRORS)
        }
    }
}

/// Runs a batch (of a mission, when given) and prints its statistics.
fn simulate_batch(
    args: &SimulateArgs,
    mission: Option<&LoadedMission>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    let inputs = simulate_inputs(args);
    let checked = check_outputs(&simulate_outputs(args), &inputs).and_then(|()| {
        args.records.as_deref().map_or(Ok(()), |folder| {
            check_output_folder("--records", folder, &inputs)
        })
    });
    // Records keep their paths as text: checked before the batch, not after it, and kept for
    // the records written at the end.
    let record_files = checked.and_then(|()| match (args.records.as_ref(), mission) {
        (Some(_), Some(mission)) => {
            RecordFiles::of_mission(&mission.path, &args.content, args.track()).map(Some)
        }
        (Some(_), None) => RecordFiles::of(&args.content, args.track()).map(Some),
        (None, _) => Ok(None),
    });
    let record_files = match record_files {
        Ok(files) => files,
        Err(e) => {
            writeln!(err, "error: {e}; nothing was played")?;
            return Ok(EXIT_UNREADABLE);
        }
    };
    let (loaded, spec) = match loaded_batch(args, mission, err)? {
        Ok(batch) => batch,
        Err(code) => return Ok(code),
    };
    // Ctrl-C stops the batch after the races under way.
    let cancel = super::interrupt::watch_ctrl_c();
    let in_shard = args.shard.races_of(args.races);
    let bar = progress_bar(in_shard);
    let progress = |done: usize| bar.set_position(done as u64);
    let keep_races = args.race_list || args.csv.is_some();
    let played = fold_shard(
        &spec,
        args.shard,
        args.threads,
        keep_races,
        &progress,
        &|| cancel.load(Ordering::Relaxed),
    );
    let FoldedBatch { fold, races } = match played {
        Ok(played) => played,
        Err(e) => {
            bar.abandon();
            writeln!(err, "error: {e}")?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    bar.finish_and_clear();
    let finished = fold.races as usize;
    let stopped_early = finished < in_shard;
    if stopped_early {
        writeln!(err, "stopped: {finished} of {in_shard} races finished")?;
    }
    let comparing = args.against.is_some() || args.against_track.is_some();
    let comparison = if comparing && stopped_early {
        // A stopped batch compared with a whole one would compare races that were not played
        // on one side: nothing is compared.
        writeln!(err, "not compared: the batch was stopped before its end")?;
        None
    } else if comparing {
        match run_against(args, mission, &spec, cancel, err)? {
            Ok(against) if (against.races as usize) < in_shard => {
                writeln!(
                    err,
                    "not compared: the other batch was stopped after {} of {in_shard} races",
                    against.races
                )?;
                None
            }
            Ok(against) => Some(compare_folds(&fold, &against)),
            Err(code) => return Ok(code),
        }
    } else {
        None
    };
    let stats = BatchStats::of_fold(&fold, &spec.rules.track);
    let notable = notable_of(&fold);
    // The figures first: a report that cannot be written at the end does not lose them.
    print_stats(&stats, &notable, out)?;
    if let Some(c) = &comparison {
        print_comparison(c, &other_version(args), out)?;
    }
    out.flush()?;
    let played = Played {
        spec: &spec,
        fold: &fold,
        races: &races,
        stats: &stats,
        notable: &notable,
        comparison: comparison.as_ref(),
        stopped_early,
        record_files: record_files.as_ref(),
    };
    write_outputs(args, &loaded.identity, &played, err)
}

/// The rules a batch is played on (the mission's, or the content and track named) and its
/// spec (with the mission's side bots, as `--side-bots` changes them).
fn loaded_batch(
    args: &SimulateArgs,
    mission: Option<&LoadedMission>,
    err: &mut dyn Write,
) -> io::Result<Result<(crate::sim::LoadedRace, BatchSpec), u8>> {
    let loaded = match mission {
        Some(mission) => mission.race.clone(),
        None => match load_rules(
            &args.content,
            args.track(),
            &args.ruleset,
            args.course_seed,
            err,
        )? {
            Ok(loaded) => loaded,
            Err(code) => return Ok(Err(code)),
        },
    };
    let mut spec = match batch_spec(args, std::sync::Arc::clone(&loaded.rules), err)? {
        Ok(spec) => spec,
        Err(code) => return Ok(Err(code)),
    };
    if let Some(mission) = mission {
        let sides: Vec<&str> = mission
            .mission()
            .sides
            .iter()
            .map(|s| s.id.as_str())
            .collect();
        let bots = mission.side_bots.clone();
        spec.side_bots = match side_bots(&args.content, &sides, bots, &args.side_bots, err)? {
            Ok(bots) => bots,
            Err(code) => return Ok(Err(code)),
        };
    }
    Ok(Ok((loaded, spec)))
}

/// What a batch played, for its outputs.
struct Played<'a> {
    spec: &'a BatchSpec,
    fold: &'a BatchFold,
    races: &'a [RaceSummary],
    stats: &'a BatchStats,
    notable: &'a [Notable],
    comparison: Option<&'a Comparison>,
    stopped_early: bool,
    /// How the records name the content and track (with `--records`).
    record_files: Option<&'a RecordFiles>,
}

/// Writes the records, the JSON report and the CSV the arguments ask for; returns the exit
/// status (2 when one cannot be written, said on `err`).
fn write_outputs(
    args: &SimulateArgs,
    identity: &crate::sim::ContentIdentity,
    played: &Played<'_>,
    err: &mut dyn Write,
) -> io::Result<u8> {
    if let (Some(folder), Some(files)) = (args.records.as_deref(), played.record_files) {
        let written = write_records(played.spec, played.notable, identity, files, folder);
        if let Err(e) = written {
            writeln!(err, "{e}")?;
            return Ok(EXIT_UNREADABLE);
        }
    }
    if let Some(path) = args.json.as_deref() {
        let report = BatchReport {
            track: played.spec.rules.track.name.to_string(),
            players: args.players(),
            seed: args.seed,
            races_asked: args.races,
            shard: args.shard,
            stopped_early: played.stopped_early,
            identity: &BatchIdentity::of(played.spec, identity, args.shard.count),
            stats: played.stats,
            notable: played.notable,
            fold: played.fold,
            races: args.race_list.then_some(played.races),
            compare: played.comparison,
        };
        if let Err(e) = report.write(path) {
            writeln!(err, "{e}")?;
            return Ok(EXIT_UNREADABLE);
        }
    }
    if let Some(path) = args.csv.as_deref()
        && let Err(e) = write_csv(path, played.races, played.stats)
    {
        writeln!(err, "{e}")?;
        return Ok(EXIT_UNREADABLE);
    }
    Ok(EXIT_OK)
}

/// The files a batch writes, each with its option (the CSV's teams file beside it too); the
/// `--records` folder is checked on its own.
fn simulate_outputs(args: &SimulateArgs) -> Vec<(&'static str, std::path::PathBuf)> {
    let mut outputs = Vec::new();
    if let Some(json) = args.json.as_deref() {
        outputs.push(("--json", json.to_owned()));
    }
    if let Some(csv) = args.csv.as_deref() {
        outputs.push(("--csv", csv.to_owned()));
        outputs.push(("--csv", teams_csv_path(csv)));
    }
    outputs
}

/// What a batch reads: its track and content, and what it is compared with.
fn simulate_inputs(args: &SimulateArgs) -> Vec<&Path> {
    [
        Some(args.track()),
        Some(args.content.as_path()),
        args.mission.as_deref(),
        args.against.as_deref(),
        args.against_track.as_deref(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The batch the arguments ask for on `rules`: each seat's bot and the teams.
fn batch_spec(
    args: &SimulateArgs,
    rules: std::sync::Arc<crate::rules::RaceRules>,
    err: &mut dyn Write,
) -> io::Result<Result<BatchSpec, u8>> {
    let bots = match args.seat_bots(err)? {
        Ok(bots) => bots,
        Err(code) => return Ok(Err(code)),
    };
    let teams: Vec<Id> = args.teams.iter().map(|t| Id::from(t.as_str())).collect();
    match BatchSpec::new(rules, &teams, bots, args.races, args.seed) {
        Ok(spec) => Ok(Ok(spec)),
        Err(e) => {
            writeln!(err, "error: {e}")?;
            Ok(Err(EXIT_CONTENT_ERRORS))
        }
    }
}

/// What the batch is compared with, as people say it: `content B`, `track T` or both.
fn other_version(args: &SimulateArgs) -> String {
    let content = args
        .against
        .as_ref()
        .map(|c| format!("content {}", c.display()));
    let track = args
        .against_track
        .as_ref()
        .map(|t| format!("track {}", t.display()));
    content
        .into_iter()
        .chain(track)
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Plays the batch's seeds, teams and bots (and shard) on the other content folder, the
/// other track, or both, folded.
fn run_against(
    args: &SimulateArgs,
    mission: Option<&LoadedMission>,
    spec: &BatchSpec,
    cancel: &AtomicBool,
    err: &mut dyn Write,
) -> io::Result<Result<BatchFold, u8>> {
    let content = args.against.as_deref().unwrap_or(&args.content);
    let track = args.against_track.as_deref().unwrap_or(args.track());
    let loaded = match mission {
        // The same mission, played on the other content or track.
        Some(mission) => match mission.on(content, track) {
            Ok(loaded) => loaded,
            Err(error) => return super::race::load_failure(error, err).map(Err),
        },
        None => match load_rules(content, track, &args.ruleset, args.course_seed, err)? {
            Ok(loaded) => loaded,
            Err(code) => return Ok(Err(code)),
        },
    };
    let spec = BatchSpec {
        rules: loaded.rules,
        ..spec.clone()
    };
    let cancelled = || cancel.load(Ordering::Relaxed);
    match fold_shard(&spec, args.shard, args.threads, false, &|_| {}, &cancelled) {
        Ok(played) => Ok(Ok(played.fold)),
        Err(e) => {
            writeln!(err, "error: {e}")?;
            Ok(Err(EXIT_CONTENT_ERRORS))
        }
    }
}

/// Each metric of the comparison: A, B, B - A and its interval; `*` where the interval leaves
/// out zero.
fn print_comparison(c: &Comparison, other: &str, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "compared with {other} on the same seeds (A, B, B - A, 95%):"
    )?;
    let mut line = |name: &str, d: &Difference| {
        writeln!(
            out,
            "  {name:<30} {:>8.3} {:>8.3} {:>+8.3} ({:+.3} to {:+.3}){}",
            d.a,
            d.b,
            d.diff,
            d.low,
            d.high,
            if d.significant() { " *" } else { "" }
        )
    };
    for (team, d) in &c.team_win_rate {
        line(&format!("win rate {team}"), d)?;
    }
    line("first seat win rate", &c.first_seat_win_rate)?;
    line("turns", &c.turns)?;
    line("decisions", &c.decisions)?;
    for (end, d) in &c.endings {
        line(
            &format!("{} endings", crate::sim::batch_fold::ending_name(*end)),
            d,
        )?;
    }
    line("damage dealt per seat", &c.damage_dealt)?;
    line("eliminations per race", &c.eliminations)?;
    line("collisions per race", &c.collisions)?;
    line("crossover collisions per race", &c.crossover_collisions)?;
    line("movement events per race", &c.events_drawn)?;
    for (id, d) in &c.design {
        line(id, d)?;
    }
    Ok(())
}

/// Writes a race record of each notable race into `folder` (`race-INDEX-WHY.json`), so that
/// `roadwright replay` shows any of them.
fn write_records(
    spec: &BatchSpec,
    notable: &[Notable],
    identity: &crate::sim::ContentIdentity,
    files: &RecordFiles,
    folder: &Path,
) -> Result<(), String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    for n in notable {
        let path = folder.join(format!("race-{}-{}.json", n.index, n.why));
        let record = record_of(spec, n.index, identity.clone(), files.relative_to(&path))?;
        let text = record.to_json().map_err(|e| e.to_string())?;
        write_atomic_without_backup(&path, text.as_bytes()).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Merges the reports of the shards of one batch into the report of the whole batch: the same
/// statistics and notable races as one run of it (their folded figures join exactly), and the
/// races listed when every shard listed them. Reports that are not every shard of one batch are
/// refused, saying why.
pub fn merge(args: &MergeArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (inputs, out_path) = (&args.reports, args.out.as_deref());
    if let Some(path) = out_path {
        let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
        if let Err(e) = check_outputs(&[("-o", path)], &inputs) {
            writeln!(err, "error: {e}")?;
            return Ok(EXIT_UNREADABLE);
        }
    }
    let merged = match merge_reports(inputs) {
        Ok(merged) => merged,
        Err(e) => {
            writeln!(err, "{e}")?;
            return Ok(match e {
                MergeError::NoReports(_) | MergeError::Unreadable { .. } => EXIT_UNREADABLE,
                MergeError::NotOneBatch(_) | MergeError::Overflow(_) => EXIT_CONTENT_ERRORS,
            });
        }
    };
    if let Some(path) = out_path
        && let Err(e) = merged.report().write(path)
    {
        writeln!(err, "{e}")?;
        return Ok(EXIT_UNREADABLE);
    }
    print_stats(&merged.stats, &merged.notable, out)?;
    Ok(EXIT_OK)
}
