//! The command line: `roadwright [PATH]` opens the studio, and subcommands check, summarise and
//! tidy content without a window.
//!
//! Each command writes to a given output and returns an exit status, so tests can run them
//! in-process as well as through the real binary.

mod codes;
mod escaped;
mod fmt;
mod inspect;
mod interrupt;
mod moves;
mod new_track;
mod print;
mod race;
mod render;
mod schema;
mod simulate;
mod targets;
mod tune;
mod validate;

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

pub use escaped::Escaped;
pub use fmt::fmt;
pub use inspect::inspect;
pub use moves::moves;
pub use new_track::new_track;
pub use race::{RaceArgs, ReplayArgs, race, replay};
pub use render::render;
pub use schema::{all_schemas, schema};
pub use simulate::{SimulateArgs, merge, simulate};
pub use targets::targets;
pub use validate::validate;

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

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check content pack folders or single content files and list every problem as
    /// `path:line:col: severity[code]: message`. Exit 0: no errors; 1: content errors;
    /// 2: a file could not be read or parsed.
    Validate {
        /// Content pack folders or content files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print the diagnostics as JSON.
        #[arg(long)]
        json: bool,
        /// Also play every track given: `--play` races 300 seeded random-bot races on each
        /// (`--play=N` for N, 1 to 100,000), over every player count, and reports what only play shows
        /// (spaces never entered, branches never taken, stalls, cards never played...), each
        /// finding with the seed that shows it.
        #[arg(long, value_name = "RACES", num_args = 0..=1, require_equals = true,
              default_missing_value = "300", value_parser = parse_play_races)]
        play: Option<usize>,
        /// The content pack the tracks are played on (with `--play`).
        #[arg(long, default_value = "content")]
        content: PathBuf,
        /// The ruleset the tracks are played under (with `--play`).
        #[arg(long, default_value = "standard")]
        ruleset: String,
        /// The seed of the races played (with `--play`).
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Summarise a content pack folder or a content file: totals, counts per kind, weapon odds.
    Inspect {
        /// A content pack folder or a content file.
        path: PathBuf,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Tune a content pack by a tuning spec: search (NTBEA over batches of bot races, the same
    /// seeds for every candidate) for the parameter values that best meet the spec's
    /// objectives; write the best as a new pack in OUT/content with OUT/tuning-report.json. The
    /// pack is never edited. Ctrl-C stops with the best so far; running again resumes.
    Tune {
        /// The tuning spec file.
        spec: PathBuf,
        /// The folder to write the tuned pack and the report into.
        #[arg(long)]
        out: PathBuf,
        /// Threads (0: every core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
    /// Say what a diagnostic code means, or list every code with its meaning.
    Codes {
        /// The code (`deck-too-small`); all codes without it.
        code: Option<String>,
        /// List every code as Markdown (what `docs/diagnostic-codes.md` holds).
        #[arg(long, conflicts_with = "code")]
        markdown: bool,
    },
    /// Write the JSON Schema of every file format.
    Schema {
        /// The folder to write into (created if needed).
        #[arg(long)]
        out: PathBuf,
    },
    /// Write a sample track from a template: oval, road-course, figure-eight, thunder-oval.
    NewTrack {
        /// The template's name.
        template: String,
        /// Replace the file if it exists.
        #[arg(long)]
        force: bool,
        /// The track file to write (`.ron` or `.json`).
        #[arg(short, long)]
        out: PathBuf,
    },
    /// Draw a track to a PNG: spaces, terrain, links, grid numbers, chute, finish line.
    Render {
        /// The track file.
        track: PathBuf,
        /// The PNG to write.
        #[arg(short, long)]
        out: PathBuf,
        /// The picture's width in pixels (200-8192).
        #[arg(long, default_value_t = 1600, value_parser = clap::value_parser!(u32).range(200..=8192))]
        width: u32,
        /// Colour the spaces by a metric of this `simulate --json` report (a heat map).
        #[arg(long)]
        heat: Option<PathBuf>,
        /// The heat map's metric: `damage`, `eliminations`, `ends`, `collisions`, `passes`,
        /// `crossover_collisions` or `displacements`.
        #[arg(long, default_value = "damage")]
        metric: String,
    },
    /// Print to play: a track at true scale tiled over paper, or a content pack (a folder, a
    /// deck or team mats) as card sheets, team mats and counters, to a PDF.
    Print {
        /// A track file, a content folder, a deck file or a team mats file.
        path: PathBuf,
        /// The PDF to write.
        #[arg(short, long, required_unless_present = "tts")]
        out: Option<PathBuf>,
        /// Also (or only) write pictures for Tabletop Simulator into this folder: deck sheets of
        /// 10 x 7 cards (the back in the last cell), or the track as one picture, and a README.
        #[arg(long)]
        tts: Option<PathBuf>,
        /// The Tabletop Simulator track picture's pixels per space length (20-400).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(20..=400))]
        px_per_space: u32,
        /// The paper: `a4` or `letter`.
        #[arg(long, value_enum, default_value_t = PaperArg::A4)]
        paper: PaperArg,
        /// A track space's length on paper, in millimetres (10-80).
        #[arg(long, default_value_t = crate::render::DEFAULT_SPACE_MM, value_parser = space_mm)]
        space_mm: f32,
        /// How far each card's border runs past its trim line, in millimetres (0-5). Nine cards
        /// a sheet up to 3.5 mm on A4 and 2.5 mm on Letter; fewer beyond.
        #[arg(long, default_value_t = 2.0, value_parser = bleed_mm)]
        bleed_mm: f32,
        /// Follow each sheet of card faces with its backs, for duplex printing.
        #[arg(long)]
        backs: bool,
        /// Let `--tts` replace pictures and READMEs of the same names already in its folder
        /// (without it they are refused; a link in their place is replaced, never followed).
        #[arg(long)]
        force: bool,
    },
    /// Rewrite content files in their canonical layout (what the studio saves), keeping a
    /// `.bak` of each changed file.
    Fmt {
        /// Content pack folders or content files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Change nothing; list the files that are not canonical and exit 1 if there are any.
        #[arg(long)]
        check: bool,
    },
    /// List every end position a scenario's card can take its car to: the final space of
    /// every car that moved, the MP spent, and one path reaching it.
    Moves {
        /// The scenario file.
        scenario: PathBuf,
        /// Print the outcomes as JSON.
        #[arg(long)]
        json: bool,
        /// List every distinct outcome too, not only the places the car can end on (each
        /// with its number of outcomes and one path).
        #[arg(long)]
        all: bool,
        /// Stop the search after this many positions (the list is then marked incomplete).
        #[arg(long, default_value_t = crate::rules::outcomes::DEFAULT_SEARCH_LIMIT)]
        max_positions: usize,
    },
    /// List the cars a scenario's active car could fire at (8.1), before it moves and from
    /// each place its card can take it to (as one path there leaves the other cars): arc,
    /// defense, chance to hit, expected damage.
    Targets {
        /// The scenario file.
        scenario: PathBuf,
        /// Print the targets as JSON.
        #[arg(long)]
        json: bool,
        /// Stop the search for the places the car can end on after this many positions (the
        /// list is then marked incomplete).
        #[arg(long, default_value_t = crate::rules::outcomes::DEFAULT_SEARCH_LIMIT)]
        max_positions: usize,
    },
    /// Play a whole race with random bots and print the log and the result.
    Race {
        /// The track file.
        #[arg(long)]
        track: PathBuf,
        /// The content pack folder.
        #[arg(long, default_value = "content")]
        content: PathBuf,
        /// Players, 2-10.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=10))]
        players: u8,
        /// The seed: the same seed replays the same race.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The ruleset's id.
        #[arg(long, default_value = "standard")]
        ruleset: String,
        /// Print the result, the log and the typed events as JSON.
        #[arg(long)]
        json: bool,
        /// Write a race record (content identity, setup, seed, decisions) to this file.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Team ids in seat order, comma separated (instead of the first `--players` teams);
        /// `validate --play` names them for each race it reports.
        #[arg(long, value_delimiter = ',')]
        teams: Vec<String>,
    },
    /// Play a batch of bot races in parallel and print the statistics: win rates per team,
    /// seat and bot with 95% intervals, race length, endings, VP by source, damage. The same
    /// seed gives the same results for any number of threads.
    Simulate {
        /// The track file.
        #[arg(long)]
        track: PathBuf,
        /// The content pack folder (its bot profiles included).
        #[arg(long, default_value = "content")]
        content: PathBuf,
        /// The ruleset's id.
        #[arg(long, default_value = "standard")]
        ruleset: String,
        /// Players, 2-10.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=10))]
        players: u8,
        /// Races to play.
        #[arg(long, default_value_t = 100)]
        races: usize,
        /// The batch's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Bot profile ids per seat, comma separated (repeated over the seats).
        #[arg(long, value_delimiter = ',')]
        bots: Vec<String>,
        /// Team ids, comma separated, one per player (rotated over the seats race by race).
        #[arg(long, value_delimiter = ',')]
        teams: Vec<String>,
        /// Threads (0: every core; at most 1024).
        #[arg(long, default_value_t = 0, value_parser = parse_threads)]
        threads: usize,
        /// Write the report (statistics, notable races, and the batch's folded figures that
        /// `merge` joins) as JSON.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Also list every race in the `--json` report (memory and output grow with the
        /// races: without it a batch of any size keeps only its folded figures).
        #[arg(long)]
        race_list: bool,
        /// Write a CSV row per race and seat (and `NAME-teams.csv` per team); the races are
        /// kept until the end for it.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// Write a race record of each notable race (longest, shortest, most eliminations,
        /// each draw) into this folder, for `roadwright replay`.
        #[arg(long)]
        records: Option<PathBuf>,
        /// Play the same seeds on this content folder too and report each metric's change.
        #[arg(long)]
        against: Option<PathBuf>,
        /// Play the same seeds on this track too (with `--against`, on both) and report each
        /// metric's change.
        #[arg(long)]
        against_track: Option<PathBuf>,
        /// Play only shard I of N of the batch (`--shard 2/8`); `roadwright merge` joins the
        /// shards' `--json` reports into the whole batch's.
        #[arg(long, value_parser = parse_shard, default_value = "1/1")]
        shard: crate::sim::batch::Shard,
    },
    /// Merge the `--json` reports of the shards of one `simulate` batch: the same statistics
    /// as one run of the whole batch.
    Merge {
        /// The shards' reports.
        #[arg(required = true)]
        reports: Vec<PathBuf>,
        /// Write the merged report as JSON here.
        #[arg(short, long)]
        out: Option<PathBuf>,
    },
    /// Print a shell completion script: `roadwright completions bash > roadwright.bash`.
    Completions {
        /// The shell: bash, elvish, fish, powershell or zsh.
        shell: clap_complete::Shell,
    },
    /// Play a race record again: the same events, to the end or to decision `--to`. Content
    /// other than the recorded content (by hash) is refused.
    Replay {
        /// The race record file.
        record: PathBuf,
        /// Stop after this many decisions (the position after decision N).
        #[arg(long)]
        to: Option<usize>,
        /// The content pack folder (default: the one recorded).
        #[arg(long)]
        content: Option<PathBuf>,
        /// The track file (default: the one recorded).
        #[arg(long)]
        track: Option<PathBuf>,
        /// Print the result, the log and the typed events as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a subcommand, writing its report to `out` and problems to `err`.
// One arm per subcommand, each only handing its arguments over: a table, not logic.
#[allow(clippy::too_many_lines)]
pub fn run(command: &Command, out: &mut dyn Write, err: &mut dyn Write) -> std::io::Result<u8> {
    match command {
        Command::Validate {
            paths,
            json,
            play,
            content,
            ruleset,
            seed,
        } => validate(
            paths,
            *json,
            play.map(|races| validate::Play {
                races,
                content,
                ruleset,
                seed: *seed,
            })
            .as_ref(),
            out,
            err,
        ),
        Command::Inspect { path, json } => inspect(path, *json, out, err),
        Command::Schema { out: folder } => schema(folder, out, err),
        Command::Codes { code, markdown } => {
            if *markdown {
                codes::markdown(out)
            } else {
                codes::codes(code.as_deref(), out, err)
            }
        }
        Command::Tune {
            spec,
            out: folder,
            threads,
        } => tune::tune(spec, folder, *threads, out, err),
        Command::Fmt { paths, check } => fmt(paths, *check, out, err),
        Command::NewTrack {
            template,
            force,
            out: path,
        } => new_track(template, path, *force, out, err),
        Command::Simulate {
            track,
            content,
            ruleset,
            players,
            races,
            seed,
            bots,
            teams,
            threads,
            json,
            race_list,
            csv,
            records,
            against,
            against_track,
            shard,
        } => simulate(
            &SimulateArgs {
                track,
                content,
                ruleset,
                players: usize::from(*players),
                races: *races,
                seed: *seed,
                bots,
                teams,
                threads: *threads,
                json: json.as_deref(),
                race_list: *race_list,
                csv: csv.as_deref(),
                records: records.as_deref(),
                against: against.as_deref(),
                against_track: against_track.as_deref(),
                shard: *shard,
            },
            out,
            err,
        ),
        Command::Merge { reports, out: path } => merge(reports, path.as_deref(), out, err),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            // Written into memory first: the generator panics when its writer fails (a full
            // disk, `> /dev/full`); the write below returns the error instead.
            let mut script = Vec::new();
            clap_complete::generate(*shell, &mut Cli::command(), "roadwright", &mut script);
            out.write_all(&script)?;
            Ok(EXIT_OK)
        }
        Command::Print {
            path,
            out: pdf,
            tts,
            px_per_space,
            paper,
            space_mm,
            bleed_mm,
            backs,
            force,
        } => print::print(
            path,
            &print::PrintArgs {
                pdf: pdf.clone(),
                tts: tts.clone(),
                settings: crate::render::PrintSettings {
                    paper: (*paper).into(),
                    space_mm: *space_mm,
                    bleed_mm: *bleed_mm,
                    backs: *backs,
                    px_per_space: *px_per_space,
                    force: *force,
                },
            },
            out,
            err,
        ),
        Command::Render {
            track,
            out: path,
            width,
            heat,
            metric,
        } => render(
            track,
            path,
            *width,
            heat.as_deref().map(|h| (h, metric.as_str())),
            out,
            err,
        ),
        Command::Moves {
            scenario,
            json,
            all,
            max_positions,
        } => moves(scenario, *json, *all, *max_positions, out, err),
        Command::Targets {
            scenario,
            json,
            max_positions,
        } => targets(scenario, *json, *max_positions, out, err),
        Command::Race {
            track,
            content,
            players,
            seed,
            ruleset,
            json,
            record,
            teams,
        } => race(
            &RaceArgs {
                track,
                content,
                players: usize::from(*players),
                seed: *seed,
                ruleset,
                json: *json,
                record: record.as_deref(),
                teams,
            },
            out,
            err,
        ),
        Command::Replay {
            record,
            to,
            content,
            track,
            json,
        } => replay(
            &ReplayArgs {
                record,
                content: content.as_deref(),
                track: track.as_deref(),
                to: *to,
                json: *json,
            },
            out,
            err,
        ),
    }
}

/// The paper `print` takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum PaperArg {
    /// ISO A4.
    A4,
    /// US Letter.
    Letter,
}

impl From<PaperArg> for crate::render::Paper {
    fn from(paper: PaperArg) -> Self {
        match paper {
            PaperArg::A4 => Self::A4,
            PaperArg::Letter => Self::Letter,
        }
    }
}

/// A bleed `print` takes, in millimetres: a number from 0 to 5 (NaN is refused here, with the
/// other mistakes of the command line).
fn bleed_mm(text: &str) -> Result<f32, String> {
    let value: f32 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    let most = crate::render::MAX_BLEED_MM;
    if (0.0..=most).contains(&value) {
        Ok(value)
    } else {
        Err(format!("{value} mm: a bleed is 0-{most} mm"))
    }
}

/// A space size `print` takes, in millimetres.
fn space_mm(text: &str) -> Result<f32, String> {
    let value: f32 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if crate::render::SPACE_MM_RANGE.contains(&value) {
        Ok(value)
    } else {
        Err(format!(
            "{value} mm: a space is {}-{} mm",
            crate::render::SPACE_MM_RANGE.start(),
            crate::render::SPACE_MM_RANGE.end()
        ))
    }
}
