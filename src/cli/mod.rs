//! The command line: `roadwright [PATH]` opens the studio, and subcommands check, summarise and
//! tidy content without a window.
//!
//! Each command writes to a given output and returns an exit status, so tests can run them
//! in-process as well as through the real binary.

mod analyse;
mod batch_print;
mod bot_choice;
mod codes;
mod course;
mod escaped;
mod fmt;
mod inspect;
mod interrupt;
mod ladder;
mod moves;
mod new_track;
mod print;
mod race;
mod render;
mod schema;
mod shard_env;
mod simulate;
mod simulate_args;
mod simulate_courses;
mod targets;
mod tune;
mod validate;
mod validate_course;

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

pub use codes::{CodesArgs, codes};
pub use course::{CourseArgs, CourseBuildArgs, CourseCommand, course};
pub use escaped::Escaped;
pub use fmt::{FmtArgs, fmt};
pub use inspect::{InspectArgs, inspect};
pub use moves::{MovesArgs, moves};
pub use new_track::{NewTrackArgs, new_track};
pub use print::{PaperArg, PrintArgs, print};
pub use race::{RaceArgs, ReplayArgs, race, replay};
pub use render::{RenderArgs, render};
pub use schema::{SchemaArgs, all_schemas, schema};
pub use simulate::{merge, simulate};
pub use simulate_args::{MergeArgs, SimulateArgs};
pub use targets::{TargetsArgs, targets};
pub use tune::{TuneArgs, tune};
pub use validate::{ValidateArgs, validate};

// The exit code policy, for every command: 0 all went well; 1 the content has errors or the
// command refused (other content, an existing file without --force); 2 a file could not be read
// or parsed, or the command line is wrong (clap's usage errors exit 2 too).

/// Exit status: everything checked out.
pub const EXIT_OK: u8 = 0;
/// Exit status: the content has errors (or, for `fmt --check`, files are not canonical).
pub const EXIT_CONTENT_ERRORS: u8 = 1;
/// Exit status: a file could not be read or parsed.
pub const EXIT_UNREADABLE: u8 = 2;

/// The command a mistyped first argument most likely meant, when it is not a file or folder
/// that exists (the studio's positional path would otherwise take it): `valdate` gives
/// `validate`. `None` for an option, a real path, a known command or nothing close.
#[must_use]
pub fn misspelt_command(first: &str) -> Option<String> {
    use clap::CommandFactory;
    if first.starts_with('-') || std::path::Path::new(first).exists() {
        return None;
    }
    let command = Cli::command();
    let names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .collect();
    if names.iter().any(|n| n == first) {
        return None;
    }
    names
        .into_iter()
        .map(|name| (strsim::damerau_levenshtein(first, &name), name))
        .filter(|(distance, name)| *distance <= 2.max(name.len() / 4))
        .min()
        .map(|(_, name)| name)
}

/// Reads `I/N`: shard I (from 1) of N.
fn parse_shard(text: &str) -> Result<crate::sim::batch::Shard, String> {
    // `auto` and `auto/N`: the index (and count) from a scheduler's array job.
    if let Some(rest) = text.trim().strip_prefix("auto") {
        let count = match rest.strip_prefix('/') {
            Some(count) => Some(
                count
                    .trim()
                    .parse::<usize>()
                    .map_err(|_| "N is a number".to_owned())?,
            ),
            None if rest.is_empty() => None,
            None => return Err("write --shard auto or --shard auto/N".to_owned()),
        };
        // A value that is not UTF-8 is kept (lossily), so it is refused as not a number
        // rather than read as unset.
        return shard_env::shard_from(
            &|name| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned()),
            count,
        );
    }
    let (index, count) = text
        .split_once('/')
        .ok_or_else(|| "a shard is written I/N, as in 2/8".to_owned())?;
    let index: usize = index
        .trim()
        .parse()
        .map_err(|_| "I is a number".to_owned())?;
    let count: usize = count
        .trim()
        .parse()
        .map_err(|_| "N is a number".to_owned())?;
    if index == 0 || index > count {
        return Err(format!("shard {index} of {count}: I runs from 1 to N"));
    }
    Ok(crate::sim::batch::Shard { index, count })
}

/// The most threads a batch may ask for: far more than any machine's cores, and few enough
/// that starting them cannot exhaust the system.
pub const MOST_THREADS: usize = 1024;

/// Parses `--threads`: 0 (every core) to [`MOST_THREADS`].
fn parse_threads(text: &str) -> Result<usize, String> {
    let threads: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("threads is a whole number, not `{text}`"))?;
    if threads > MOST_THREADS {
        return Err(format!(
            "{threads} threads: at most {MOST_THREADS} (0 uses every core)"
        ));
    }
    Ok(threads)
}

/// Parses `validate --play=N`: 1 to [`crate::sim::play_check::MOST_RACES`] races per track.
fn parse_play_races(text: &str) -> Result<usize, String> {
    let most = crate::sim::play_check::MOST_RACES;
    let races: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("the number of races is a whole number, not `{text}`"))?;
    if races == 0 || races > most {
        return Err(format!("{races} races: play 1 to {most} races per track"));
    }
    Ok(races)
}

/// Writes `value` as JSON to the file at `path` (atomically), saying on `err` why it could not:
/// the exit status either way.
pub(crate) fn write_json_file<T: serde::Serialize + ?Sized>(
    path: &std::path::Path,
    value: &T,
    err: &mut dyn Write,
) -> std::io::Result<u8> {
    let mut text = Vec::new();
    write_json(&mut text, value)?;
    match crate::content::save::write_atomic_without_backup(path, &text) {
        Ok(()) => Ok(EXIT_OK),
        Err(error) => {
            writeln!(err, "{}: {error}", path.display())?;
            Ok(EXIT_UNREADABLE)
        }
    }
}

/// Writes a value as pretty JSON and a newline, keeping the kind of an I/O error (so a reader
/// that stopped early, `| head`, is still recognised as a closed pipe).
pub(crate) fn write_json<T: serde::Serialize + ?Sized>(
    out: &mut dyn Write,
    value: &T,
) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value).map_err(|e| match e.io_error_kind() {
        Some(kind) => std::io::Error::new(kind, e),
        None => std::io::Error::other(e),
    })?;
    writeln!(out)
}

/// Prints a report as JSON or, for people, as `text` writes it.
pub(crate) fn emit<T: serde::Serialize>(
    out: &mut dyn Write,
    json: bool,
    report: &T,
    text: impl FnOnce(&T, &mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if json {
        write_json(out, report)
    } else {
        text(report, out)
    }
}

/// Roadwright: design and playtest Apocalypse Road tracks, decks and team mats.
#[derive(Debug, Parser)]
#[command(
    name = "roadwright",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// What to do; without a command the studio opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A content pack folder or a content file to open in the studio (default: `content/`).
    pub path: Option<PathBuf>,
}

/// The subcommands, each with its arguments' struct in the module that runs it.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check content pack folders or single content files and list every problem as
    /// `path:line:col: severity[code]: message`. Exit 0: no errors; 1: content errors;
    /// 2: a file could not be read or parsed.
    Validate(ValidateArgs),
    /// Summarise a content pack folder or a content file: totals, counts per kind, weapon odds.
    Inspect(InspectArgs),
    /// Tune a content pack by a tuning spec: search (NTBEA over batches of bot races, the same
    /// seeds for every candidate) for the parameter values that best meet the spec's
    /// objectives; write the best as a new pack in OUT/content with OUT/tuning-report.json. The
    /// pack is never edited. Ctrl-C stops with the best so far; running again resumes.
    Tune(TuneArgs),
    /// Say what a diagnostic code means, or list every code with its meaning.
    Codes(CodesArgs),
    /// Write the JSON Schema of every file format.
    Schema(SchemaArgs),
    /// Write a sample track from a template: oval, road-course, figure-eight, thunder-oval.
    NewTrack(NewTrackArgs),
    /// Build a course's track from its tiles: `course build COURSE --seed S -o TRACK`.
    Course(CourseArgs),
    /// Draw a track to a PNG: spaces, terrain, links, grid numbers, chute, finish line.
    Render(RenderArgs),
    /// Print to play: a track at true scale tiled over paper, or a content pack (a folder, a
    /// deck or team mats) as card sheets, team mats and counters, to a PDF.
    Print(PrintArgs),
    /// Rewrite content files in their canonical layout (what the studio saves), keeping a
    /// `.bak` of each changed file.
    Fmt(FmtArgs),
    /// List every end position a scenario's card can take its car to: the final space of
    /// every car that moved, the MP spent, and one path reaching it.
    Moves(MovesArgs),
    /// List the cars a scenario's active car could fire at (8.1), before it moves and from
    /// each place its card can take it to (as one path there leaves the other cars): arc,
    /// defense, chance to hit, expected damage.
    Targets(TargetsArgs),
    /// Play a whole race with bots (random, or the `--bots` profiles) and print the log and the result.
    Race(RaceArgs),
    /// Play a batch of bot races in parallel and print the statistics: win rates per team,
    /// seat and bot with 95% intervals, race length, endings, VP by source, damage. The same
    /// seed gives the same results for any number of threads.
    Simulate(SimulateArgs),
    /// Merge the `--json` reports of the shards of one `simulate` batch: the same statistics
    /// as one run of the whole batch.
    Merge(MergeArgs),
    /// Rate the bot profiles against each other: every profile in every race, seats rotated,
    /// on the sample tracks; Bradley-Terry ratings with 95% intervals and each profile's time
    /// per race.
    Ladder(ladder::LadderArgs),
    /// The design report of a track or a mission: each side's (or a player's) win rate and
    /// skill gap (strong against weak seats), and what each option is worth to it by
    /// restricted play (never fire, never ram, never play a card, avoid a kind of ground), with
    /// 95% intervals; a dominant option flagged.
    Analyse(analyse::AnalyseArgs),
    /// Print a shell completion script: `roadwright completions bash > roadwright.bash`.
    Completions(CompletionsArgs),
    /// Play a race record again: the same events, to the end or to decision `--to`. Content
    /// other than the recorded content (by hash) is refused.
    Replay(ReplayArgs),
}

/// Runs a subcommand, writing its report to `out` and problems to `err`.
pub fn run(command: &Command, out: &mut dyn Write, err: &mut dyn Write) -> std::io::Result<u8> {
    match command {
        Command::Validate(args) => validate(args, out, err),
        Command::Inspect(args) => inspect(args, out, err),
        Command::Tune(args) => tune(args, out, err),
        Command::Analyse(args) => analyse::analyse_command(args, out, err),
        Command::Codes(args) => codes(args, out, err),
        Command::Schema(args) => schema(args, out, err),
        Command::NewTrack(args) => new_track(args, out, err),
        Command::Course(args) => course(args, out, err),
        Command::Render(args) => render(args, out, err),
        Command::Print(args) => print(args, out, err),
        Command::Fmt(args) => fmt(args, out, err),
        Command::Moves(args) => moves(args, out, err),
        Command::Targets(args) => targets(args, out, err),
        Command::Race(args) => race(args, out, err),
        Command::Simulate(args) => simulate(args, out, err),
        Command::Merge(args) => merge(args, out, err),
        Command::Ladder(args) => ladder::ladder(args, out, err),
        Command::Completions(args) => completions(args, out),
        Command::Replay(args) => replay(args, out, err),
    }
}

/// `roadwright completions`: the shell to write a script for.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, elvish, fish, powershell or zsh.
    pub shell: clap_complete::Shell,
}

/// Prints the shell completion script.
fn completions(args: &CompletionsArgs, out: &mut dyn Write) -> std::io::Result<u8> {
    use clap::CommandFactory;
    // Written into memory first: the generator panics when its writer fails (a full disk,
    // `> /dev/full`); the write below returns the error instead.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "roadwright", &mut script);
    out.write_all(&script)?;
    Ok(EXIT_OK)
}
