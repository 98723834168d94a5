//! `roadwright simulate --track COURSE --course-per-race` (or `--courses N`): a batch over
//! courses drawn from a pile ([`crate::sim::course_batch`]), its figures for the whole batch
//! and course by course.

use std::io::{self, Write};
use std::sync::atomic::Ordering;

use super::batch_print::{print_stats, progress_bar};
use super::simulate_args::SimulateArgs;
use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::RawPack;
use crate::content::text::Id;
use crate::sim::batch::BatchSpec;
use crate::sim::course_batch::{CourseBatch, CourseDraw, fold_courses};
use crate::sim::course_track::CourseFiles;
use crate::sim::stats::BatchStats;

/// The draw the arguments ask for, if any.
pub(super) fn course_draw(args: &SimulateArgs) -> Option<CourseDraw> {
    if args.course_per_race {
        Some(CourseDraw::PerRace)
    } else {
        args.courses.map(CourseDraw::Cycle)
    }
}

/// One course's line of the JSON report.
#[derive(serde::Serialize)]
struct CourseReport {
    seed: u64,
    track_hash: String,
    sectors: usize,
    races: u64,
    mean_turns: f64,
    /// Each team's wins over the course's races, by team id.
    wins: std::collections::BTreeMap<String, u64>,
}

/// The JSON report: the whole batch's statistics and each course's line.
#[derive(serde::Serialize)]
struct CoursesReport<'a> {
    stats: &'a BatchStats,
    courses: Vec<CourseReport>,
}

/// Plays the batch over drawn courses and prints (and writes, with `--json`) its figures.
pub(super) fn simulate_courses(
    args: &SimulateArgs,
    draw: CourseDraw,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    if args.shard != crate::sim::batch::Shard::WHOLE {
        writeln!(
            err,
            "error: a batch over drawn courses is played whole: --shard is not taken with --course-per-race or --courses"
        )?;
        return Ok(EXIT_UNREADABLE);
    }
    let inputs = [args.track(), args.content.as_path()];
    let outputs: Vec<(&str, &std::path::Path)> =
        args.json.iter().map(|p| ("--json", p.as_path())).collect();
    if let Err(e) = crate::content::output_path::check_outputs(&outputs, &inputs) {
        writeln!(err, "error: {e}")?;
        return Ok(EXIT_UNREADABLE);
    }
    let terrain = crate::validate::open::content_terrain(&args.content);
    let files = match CourseFiles::load(args.track(), &terrain) {
        Ok(files) => files,
        Err(found) => {
            super::race::print_diagnostics(&found, err)?;
            return Ok(super::race::open_failure(&found));
        }
    };
    let pack = match RawPack::load(&args.content) {
        Ok(pack) => pack,
        Err(error) => {
            writeln!(err, "{error}")?;
            return Ok(EXIT_UNREADABLE);
        }
    };
    let bots = match args.seat_bots(err)? {
        Ok(bots) => bots,
        Err(code) => return Ok(code),
    };
    let teams: Vec<Id> = args.teams.iter().map(|t| Id::from(t.as_str())).collect();
    let spec_on = |rules| {
        BatchSpec::new(rules, &teams, bots.clone(), args.races, args.seed)
            .map_err(|e| e.to_string())
    };
    let cancel = super::interrupt::watch_ctrl_c();
    let bar = progress_bar(args.races);
    let played = fold_courses(
        &files,
        draw,
        &pack,
        &args.ruleset,
        &spec_on,
        (args.races, args.seed, args.course_seed, args.threads),
        &|done| bar.set_position(done as u64),
        &|| cancel.load(Ordering::Relaxed),
    );
    bar.finish_and_clear();
    let batch = match played {
        Ok(batch) => batch,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    if (batch.fold.races as usize) < args.races {
        writeln!(
            err,
            "stopped: {} of {} races finished",
            batch.fold.races, args.races
        )?;
    }
    // The batch's races are on different tracks: no per-space counts (they are per course).
    let stats = BatchStats::from_fold(&batch.fold, std::collections::BTreeMap::new());
    print_stats(&stats, &[], out)?;
    print_courses(&batch, out)?;
    if let Some(path) = &args.json {
        let report = CoursesReport {
            stats: &stats,
            courses: course_reports(&batch),
        };
        return super::write_json_file(path, &report, err);
    }
    Ok(EXIT_OK)
}

/// Each course's line of the report.
fn course_reports(batch: &CourseBatch) -> Vec<CourseReport> {
    batch
        .courses
        .iter()
        .map(|row| CourseReport {
            seed: row.seed,
            track_hash: row.track_hash.clone(),
            sectors: row.sectors,
            races: row.fold.races,
            mean_turns: row.fold.turn_moments.mean(),
            wins: row
                .fold
                .teams
                .iter()
                .map(|(id, sums)| (id.clone(), sums.wins))
                .collect(),
        })
        .collect()
}

/// The courses' table: how many were drawn, and the first twenty with their races.
fn print_courses(batch: &CourseBatch, out: &mut dyn Write) -> io::Result<()> {
    const SHOWN: usize = 20;
    writeln!(
        out,
        "{} courses drawn (`roadwright course build COURSE --seed S` writes one)",
        batch.courses.len()
    )?;
    writeln!(
        out,
        "{:<22} {:>8} {:>6} {:>7}  wins by team",
        "course seed", "sectors", "races", "turns"
    )?;
    for row in course_reports(batch).iter().take(SHOWN) {
        let wins: Vec<String> = row
            .wins
            .iter()
            .filter(|(_, w)| **w > 0)
            .map(|(team, w)| format!("{team} {w}"))
            .collect();
        writeln!(
            out,
            "{:<22} {:>8} {:>6} {:>7.1}  {}",
            row.seed,
            row.sectors,
            row.races,
            row.mean_turns,
            wins.join(" · ")
        )?;
    }
    if batch.courses.len() > SHOWN {
        writeln!(
            out,
            "... and {} more (all of them in --json)",
            batch.courses.len() - SHOWN
        )?;
    }
    Ok(())
}
