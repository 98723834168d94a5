//! `roadwright simulate`: a batch of bot races on exactly the content given, in parallel,
//! reproducible, with the statistics a designer reads.

use clap::builder::TypedValueParser as _;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::{ProgressBar, ProgressStyle};

use super::race::{load_mission_rules, load_rules};
use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::output_path::{check_output_folder, check_outputs};
use crate::content::save::write_atomic_without_backup;
use crate::content::text::Id;
use crate::sim::batch::{
    BatchIdentity, BatchSpec, FoldedBatch, Notable, RaceSummary, Shard, SpaceCounts, fold_shard,
    notable_of, race_seed, record_of,
};
use crate::sim::batch_fold::BatchFold;
use crate::sim::compare::{Comparison, Difference, compare_folds};
use crate::sim::harm::{Cause, HarmFigures, HarmStats};
use crate::sim::mission::LoadedMission;
use crate::sim::profiles::profiles_in;
use crate::sim::record::RecordFiles;
use crate::sim::report::MOST_REPORT_BYTES;
use crate::sim::report::{BatchReport, report_digest, teams_csv_path, write_csv};
use crate::sim::stats::BatchStats;

/// `roadwright simulate`: what batch to play and what to write.
#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// The track file, or a course file (the track it builds with `--course-seed`).
    #[arg(long, required_unless_present = "mission")]
    pub track: Option<PathBuf>,
    /// The seed a course given as `--track` is built with (a pile's draw); with
    /// `--course-per-race` or `--courses`, the first course's.
    #[arg(long, default_value_t = 0)]
    pub course_seed: u64,
    /// With a course as `--track`: draw a new course for each race (race `i` on the draw of
    /// course seed `--course-seed` + i) and report the races course by course too.
    #[arg(long, requires = "track", conflicts_with_all = ["courses", "mission", "against", "against_track", "records", "csv", "race_list"])]
    pub course_per_race: bool,
    /// With a course as `--track`: draw N courses (course seeds `--course-seed` to
    /// `--course-seed` + N - 1) and play race `i` on course `i mod N`, reported course by
    /// course.
    #[arg(long, requires = "track", value_parser = clap::value_parser!(u32).range(1..=100_000).map(|n| n as usize),
          conflicts_with_all = ["mission", "against", "against_track", "records", "csv", "race_list"])]
    pub courses: Option<usize>,
    /// A mission file: its track, content, ruleset, sides and objectives (instead of
    /// `--track`, `--content`, `--ruleset` and `--teams`); the report gives win rates by side
    /// and how often each objective was met.
    #[arg(long, conflicts_with_all = ["track", "teams", "content", "ruleset"])]
    pub mission: Option<PathBuf>,
    /// The content pack folder (its bot profiles included).
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// The ruleset's id.
    #[arg(long, default_value = "standard")]
    pub ruleset: String,
    /// Players, 2-10 [default: 4, or every team of the mission's sides].
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=10).map(usize::from))]
    pub players: Option<usize>,
    /// Races to play.
    #[arg(long, default_value_t = 100)]
    pub races: usize,
    /// The batch's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Bot profile ids per seat, comma separated (repeated over the seats).
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// With `--mission`: the bot profile a side is always played by, `SIDE=PROFILE`, comma
    /// separated (over the mission's own; a side not named keeps the mission's, or the seat's
    /// `--bots`).
    #[arg(long, value_delimiter = ',', requires = "mission")]
    pub side_bots: Vec<String>,
    /// Team ids, comma separated, one per player (rotated over the seats race by race).
    #[arg(long, value_delimiter = ',')]
    pub teams: Vec<String>,
    /// Threads (0: every core; at most 1024).
    #[arg(long, default_value_t = 0, value_parser = super::parse_threads)]
    pub threads: usize,
    /// Write the report (statistics, notable races, and the batch's folded figures that
    /// `merge` joins) as JSON.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Also list every race in the `--json` report (memory and output grow with the
    /// races: without it a batch of any size keeps only its folded figures).
    #[arg(long)]
    pub race_list: bool,
    /// Write a CSV row per race and seat (and `NAME-teams.csv` per team); the races are
    /// kept until the end for it.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Write a race record of each notable race (longest, shortest, most eliminations,
    /// each draw) into this folder, for `roadwright replay`.
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Play the same seeds on this content folder too and report each metric's change.
    #[arg(long)]
    pub against: Option<PathBuf>,
    /// Play the same seeds on this track too (with `--against`, on both) and report each
    /// metric's change.
    #[arg(long)]
    pub against_track: Option<PathBuf>,
    /// Play only shard I of N of the batch (`--shard 2/8`); `roadwright merge` joins the
    /// shards' `--json` reports into the whole batch's. `--shard auto` reads I and N from a
    /// SLURM array job's or a Kubernetes Indexed Job's environment (`auto/N`: N given).
    #[arg(long, value_parser = super::parse_shard, default_value = "1/1")]
    pub shard: Shard,
}

impl SimulateArgs {
    /// The track file (a mission's, once resolved).
    pub(super) fn track(&self) -> &Path {
        self.track.as_deref().unwrap_or(Path::new(""))
    }

    /// Players per race.
    fn players(&self) -> usize {
        self.players.unwrap_or(4)
    }

    /// These arguments with what a mission fixes filled in: its track, content, ruleset and
    /// seated teams, and its player count unless one was asked for.
    fn for_mission(&self, mission: &LoadedMission) -> Result<Self, String> {
        let setup = mission.setup(self.players, self.seed)?;
        Ok(Self {
            track: Some(mission.track.clone()),
            course_seed: 0,
            course_per_race: false,
            courses: None,
            mission: Some(mission.path.clone()),
            content: mission.content.clone(),
            ruleset: mission.mission().ruleset.to_string(),
            players: Some(setup.players.len()),
            teams: setup.players.iter().map(|p| p.team.to_string()).collect(),
            bots: self.bots.clone(),
            side_bots: self.side_bots.clone(),
            races: self.races,
            seed: self.seed,
            threads: self.threads,
            json: self.json.clone(),
            race_list: self.race_list,
            csv: self.csv.clone(),
            records: self.records.clone(),
            against: self.against.clone(),
            against_track: self.against_track.clone(),
            shard: self.shard,
        })
    }
}

/// `roadwright merge`: the shards' reports to join.
#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The shards' reports, or folders of them (every `.json` file in a folder).
    #[arg(required = true)]
    pub reports: Vec<PathBuf>,
    /// Write the merged report as JSON here.
    #[arg(short, long)]
    pub out: Option<PathBuf>,
}

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
        spec.side_bots = match side_bots(args, mission, err)? {
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
    let bots = match seat_bots(args, err)? {
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

/// A progress bar on stderr (done/total, races per second, ETA), hidden when stderr is not a
/// terminal.
pub(super) fn progress_bar(races: usize) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(races as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} races, {per_sec}, ETA {eta}")
    {
        bar.set_style(style);
    }
    bar
}

/// The bot profile each side of the mission is always played by: the mission's, with the
/// sides `--side-bots` names played by the profiles it names.
fn side_bots(
    args: &SimulateArgs,
    mission: &LoadedMission,
    err: &mut dyn Write,
) -> io::Result<Result<Vec<Option<crate::content::bot_profile::BotProfile>>, u8>> {
    let profiles = profiles_in(&args.content);
    let mut bots = mission.side_bots.clone();
    for pair in &args.side_bots {
        let Some((side, profile)) = pair.split_once('=') else {
            writeln!(err, "error: --side-bots {pair}: write SIDE=PROFILE")?;
            return Ok(Err(EXIT_UNREADABLE));
        };
        let Some(index) = mission
            .mission()
            .sides
            .iter()
            .position(|s| s.id.as_str() == side)
        else {
            writeln!(
                err,
                "error: --side-bots: the mission has no side `{side}` (it has: {})",
                mission
                    .mission()
                    .sides
                    .iter()
                    .map(|s| s.id.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )?;
            return Ok(Err(EXIT_UNREADABLE));
        };
        let Some(found) = profiles.get(profile) else {
            writeln!(
                err,
                "error: no bot profile `{profile}` in {} (it has: {})",
                args.content.display(),
                profiles.keys().cloned().collect::<Vec<_>>().join(", ")
            )?;
            return Ok(Err(EXIT_CONTENT_ERRORS));
        };
        bots[index] = Some(found.clone());
    }
    Ok(Ok(bots))
}

/// A mission batch's figures: each side's win rate, each objective's, the turn limit's share.
fn print_mission(mission: &crate::sim::stats::MissionStats, out: &mut dyn Write) -> io::Result<()> {
    let pct = |x: f64| x * 100.0;
    writeln!(out, "{:<20} {:>6} {:>17}", "side", "races", "win % (95%)")?;
    for (side, s) in &mission.sides {
        writeln!(
            out,
            "{:<20} {:>6} {:>5.1} ({:>4.1}-{:>4.1})",
            side,
            s.races,
            pct(s.win_rate.rate),
            pct(s.win_rate.low),
            pct(s.win_rate.high)
        )?;
    }
    for (objective, o) in &mission.objectives {
        let by: Vec<String> = o
            .by_side
            .iter()
            .map(|(side, n)| format!("{side} {n}"))
            .collect();
        writeln!(
            out,
            "objective {:<18} met {:>5.1}% ({:.1}-{:.1}){}",
            objective,
            pct(o.met.rate),
            pct(o.met.low),
            pct(o.met.high),
            if by.is_empty() {
                String::new()
            } else {
                format!(": {}", by.join(", "))
            }
        )?;
    }
    writeln!(
        out,
        "ended by the turn limit {:.1}% ({:.1}-{:.1}); turns to victory: mean {:.1}",
        pct(mission.ended_by_turn_limit.rate),
        pct(mission.ended_by_turn_limit.low),
        pct(mission.ended_by_turn_limit.high),
        mission.turns_to_victory
    )
}

/// How cars were hurt and lost: damage and cars lost per race by cause, for each side (each
/// team without a mission) and each car the mission names, and the attacks on one's own side.
fn print_harm(harm: &HarmStats, mission: bool, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "how cars were hurt, per race: damage by cause / cars lost by cause ({})",
        Cause::ALL
            .iter()
            .map(|c| c.words())
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    let row = |what: &str, name: &str, f: &HarmFigures, out: &mut dyn Write| {
        let figures = |lost: bool| {
            Cause::ALL
                .iter()
                .map(|c| format!("{:.2}", f.per_race(*c, lost)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        writeln!(
            out,
            "  {what} {name:<20} damage {} / lost {}; own side {:.0}% of damage, {:.0}% of cars lost",
            figures(false),
            figures(true),
            f.own_side_damage_share * 100.0,
            f.own_side_loss_share * 100.0
        )
    };
    let group = if mission { "side" } else { "team" };
    for (name, f) in &harm.sides {
        row(group, name, f, out)?;
    }
    for (name, f) in &harm.named_cars {
        row("car ", name, f, out)?;
    }
    writeln!(
        out,
        "attacks on one's own side per 1,000 races: {:.0} of {:.0} shots, {:.0} of {:.0} collisions",
        harm.own_side_shots_per_1000,
        harm.shots_per_1000,
        harm.own_side_collisions_per_1000,
        harm.collisions_per_1000
    )
}

/// The bot profile of each seat: the `--bots` list repeated over the seats (random by default).
pub(super) fn seat_bots(
    args: &SimulateArgs,
    err: &mut dyn Write,
) -> io::Result<Result<Vec<crate::content::bot_profile::BotProfile>, u8>> {
    seat_profiles(&args.content, &args.bots, args.players(), err)
}

/// The bot profiles of `seats` seats from the pack at `content`: `names` (a `--bots` list)
/// repeated over the seats, random when empty. A list longer than the table, or a name the
/// pack does not hold, is reported on `err` with the exit status to give.
pub(super) fn seat_profiles(
    content: &Path,
    names: &[String],
    seats: usize,
    err: &mut dyn Write,
) -> io::Result<Result<Vec<crate::content::bot_profile::BotProfile>, u8>> {
    let profiles = profiles_in(content);
    let names: Vec<String> = if names.is_empty() {
        vec!["random".to_owned()]
    } else {
        names.to_vec()
    };
    if names.len() > seats {
        writeln!(
            err,
            "error: --bots names {} profiles for {seats} seats: at most one per seat",
            names.len(),
        )?;
        // A command line that asks for the impossible, as clap's usage errors do.
        return Ok(Err(EXIT_UNREADABLE));
    }
    let mut bots = Vec::new();
    for seat in 0..seats {
        let name = &names[seat % names.len()];
        let Some(profile) = profiles.get(name) else {
            writeln!(
                err,
                "error: no bot profile `{name}` in {} (it has: {})",
                content.display(),
                profiles.keys().cloned().collect::<Vec<_>>().join(", ")
            )?;
            return Ok(Err(EXIT_CONTENT_ERRORS));
        };
        bots.push(profile.clone());
    }
    Ok(Ok(bots))
}

pub(super) fn print_stats(
    stats: &BatchStats,
    notable: &[Notable],
    out: &mut dyn Write,
) -> io::Result<()> {
    let pct = |x: f64| x * 100.0;
    writeln!(out, "{} races", stats.races)?;
    writeln!(
        out,
        "{:<20} {:>6} {:>17} {:>7} {:>7} {:>8} {:>8} {:>6}",
        "team", "races", "win % (95%)", "fin VP", "kill VP", "dealt", "taken", "lost"
    )?;
    for (team, t) in &stats.teams {
        writeln!(
            out,
            "{:<20} {:>6} {:>5.1} ({:>4.1}-{:>4.1}) {:>7.2} {:>7.2} {:>8.2} {:>8.2} {:>6.2}",
            team,
            t.races,
            pct(t.win_rate.rate),
            pct(t.win_rate.low),
            pct(t.win_rate.high),
            t.finish_vp,
            t.kill_vp,
            t.damage_dealt,
            t.damage_taken,
            t.cars_lost
        )?;
    }
    for (bot, i) in &stats.bots {
        writeln!(
            out,
            "bot {bot:<16} win {:>5.1}% ({:.1}-{:.1})",
            pct(i.rate),
            pct(i.low),
            pct(i.high)
        )?;
    }
    for (seat, i) in stats.seats.iter().enumerate() {
        writeln!(
            out,
            "seat {:>2}: win {:>5.1}% ({:.1}-{:.1})",
            seat + 1,
            pct(i.rate),
            pct(i.low),
            pct(i.high)
        )?;
    }
    if let Some(mission) = &stats.mission {
        print_mission(mission, out)?;
    }
    print_harm(&stats.harm, stats.mission.is_some(), out)?;
    writeln!(
        out,
        "first seat advantage {:+.1} points; turns: mean {:.1}, median {}, p10 {}, p90 {}; \
         decisions: mean {:.0}",
        pct(stats.first_seat_advantage),
        stats.turns.mean,
        stats.turns.median,
        stats.turns.p10,
        stats.turns.p90,
        stats.decisions.mean
    )?;
    let endings: Vec<String> = stats
        .endings
        .iter()
        .map(|(end, count)| format!("{end} {count}"))
        .collect();
    writeln!(
        out,
        "endings: {}; movement events drawn per race {:.1}",
        endings.join(", "),
        stats.events_drawn
    )?;
    writeln!(
        out,
        "design metrics (mean, 95% interval; docs/simulation-and-tuning.md defines each):"
    )?;
    for metric in &stats.design {
        if let Some(why) = metric.missing() {
            writeln!(out, "  {:<32} {:>8} ({why})", metric.name, "—")?;
            continue;
        }
        writeln!(
            out,
            "  {:<32} {:>8.3} ({:.3}-{:.3}) over {} races",
            metric.name, metric.mean, metric.low, metric.high, metric.races
        )?;
    }
    for n in notable {
        writeln!(
            out,
            "notable: {} — race {} (seed {})",
            n.why, n.index, n.seed
        )?;
    }
    Ok(())
}

/// The parts of a `simulate --json` report that merging reads.
#[derive(serde::Deserialize)]
struct ShardReport {
    track: String,
    players: usize,
    shard: Shard,
    stopped_early: bool,
    identity: BatchIdentity,
    stats: ShardStats,
    fold: BatchFold,
    #[serde(default)]
    races: Option<Vec<RaceSummary>>,
    #[serde(default)]
    digest: String,
}

/// The per-space totals of a shard's report, named by space: merged by name (the fold keeps
/// them by space id, which only the track could name).
#[derive(serde::Deserialize)]
struct ShardStats {
    spaces: std::collections::BTreeMap<String, SpaceCounts>,
}

/// Reads one shard report: a regular file (not a pipe or a device) of bounded size.
fn read_shard(path: &Path) -> Result<ShardReport, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".to_owned());
    }
    if meta.len() > MOST_REPORT_BYTES {
        return Err(format!(
            "{} bytes, over the {MOST_REPORT_BYTES} a report may have",
            meta.len()
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    serde_json::from_str::<ShardReport>(&text).map_err(|e| e.to_string())
}

/// Why the shards' reports are not one whole batch, or `None` when they are: every report of
/// the same batch (program, content, track, ruleset, teams, bots, seed, races, shard count),
/// each shard once, none missing, none stopped early, each with its shard's number of races.
fn not_one_batch(shards: &[(&Path, ShardReport)]) -> Option<String> {
    let (first_path, first) = shards.first()?;
    let count = first.identity.shards;
    let mut seen = std::collections::BTreeSet::new();
    for (path, s) in shards {
        let at = path.display();
        let digest = report_digest(&s.fold, &s.stats.spaces, s.races.as_deref());
        if digest.as_deref() != Ok(s.digest.as_str()) {
            return Some(format!(
                "{at}: its figures do not match its digest: the report was edited, or made by \
                 another version"
            ));
        }
        if s.identity != first.identity || s.players != first.players {
            return Some(format!(
                "{at} is of another batch than {} (program, content, track, ruleset, teams, \
                 bots, seed, races and shard count must agree)",
                first_path.display()
            ));
        }
        if s.shard.count != count || s.shard.index == 0 || s.shard.index > count {
            return Some(format!(
                "{at}: shard {}/{} is not a shard of a batch in {count}",
                s.shard.index, s.shard.count
            ));
        }
        if !seen.insert(s.shard.index) {
            return Some(format!("{at}: shard {} is given twice", s.shard.index));
        }
        if s.stopped_early {
            return Some(format!(
                "{at}: shard {} was stopped before its end; play it again",
                s.shard.index
            ));
        }
        if let Some(why) = s.fold.inconsistency() {
            return Some(format!("{at}: its figures do not add up: {why}"));
        }
        let expected = s.shard.races_of(s.identity.races);
        if s.fold.races != expected as u64 {
            return Some(format!(
                "{at}: shard {} holds {} races, not the {expected} it plays",
                s.shard.index, s.fold.races
            ));
        }
        // The races it names are its own, with their seeds: a shard relabelled as another
        // (its races counted twice) names races of the shard it was.
        let foreign = s.fold.named_races().find(|(index, seed)| {
            *index >= s.identity.races
                || !s.shard.holds(*index)
                || *seed != race_seed(s.identity.seed, *index)
        });
        if let Some((index, _)) = foreign {
            return Some(format!(
                "{at}: it names race {index}, which is not one of shard {}'s races with its seed",
                s.shard.index
            ));
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| !seen.contains(i))
        .map(|i| i.to_string())
        .collect();
    (!missing.is_empty()).then(|| {
        format!(
            "shard(s) {} of {count} missing: the merge would not be the whole batch",
            missing.join(", ")
        )
    })
}

/// The report files `paths` name: each file, and every `.json` file of each folder (sorted).
fn reports_in(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| format!("{}: {e}", path.display()))?
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "json"))
                .collect();
            if found.is_empty() {
                return Err(format!(
                    "{}: the folder holds no .json report",
                    path.display()
                ));
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
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
    let inputs = match reports_in(inputs) {
        Ok(inputs) => inputs,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(EXIT_UNREADABLE);
        }
    };
    let mut shards = Vec::new();
    for path in &inputs {
        match read_shard(path) {
            Ok(report) => shards.push((path.as_path(), report)),
            Err(e) => {
                writeln!(err, "{}: error[parse]: {e}", path.display())?;
                return Ok(EXIT_UNREADABLE);
            }
        }
    }
    if let Some(why) = not_one_batch(&shards) {
        writeln!(err, "error: {why}")?;
        return Ok(EXIT_CONTENT_ERRORS);
    }
    let Some((_, first)) = shards.first() else {
        writeln!(err, "error: no report to merge")?;
        return Ok(EXIT_UNREADABLE);
    };
    let (track, players, mut identity) =
        (first.track.clone(), first.players, first.identity.clone());
    identity.shards = 1;
    let listed = shards.iter().all(|(_, s)| s.races.is_some());
    let mut fold = BatchFold::default();
    let mut races: Vec<RaceSummary> = Vec::new();
    let mut spaces: std::collections::BTreeMap<String, SpaceCounts> =
        std::collections::BTreeMap::new();
    for (path, s) in shards {
        let mut spaces_ok = true;
        for (at, counts) in s.stats.spaces {
            let total = spaces.entry(at).or_default();
            match total.checked_add(&counts) {
                Some(sum) => *total = sum,
                None => spaces_ok = false,
            }
        }
        if let (false, _) | (_, Err(_)) = (spaces_ok, fold.try_merge(&s.fold)) {
            writeln!(
                err,
                "{}: error: its numbers overflow when added to the others'",
                path.display()
            )?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
        races.extend(s.races.into_iter().flatten());
    }
    races.sort_by_key(|r| r.index);
    let stats = BatchStats::from_fold(&fold, spaces);
    let notable = notable_of(&fold);
    if let Some(path) = out_path {
        let report = BatchReport {
            track,
            players,
            seed: identity.seed,
            races_asked: identity.races,
            shard: Shard::WHOLE,
            stopped_early: false,
            identity: &identity,
            stats: &stats,
            notable: &notable,
            fold: &fold,
            races: listed.then_some(races.as_slice()),
            compare: None,
        };
        if let Err(e) = report.write(path) {
            writeln!(err, "{e}")?;
            return Ok(EXIT_UNREADABLE);
        }
    }
    print_stats(&stats, &notable, out)?;
    Ok(EXIT_OK)
}
