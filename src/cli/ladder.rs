//! `roadwright ladder`: the bot profiles rated against each other ([`crate::sim::ladder`]),
//! beside each profile's time per race.

use std::io::{self, Write};

use clap::builder::TypedValueParser;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::sim::batch::{BatchSpec, run_range};
use crate::sim::ladder::{Ladder, mission_spec, play_ladder, play_mission_ladder};

/// `roadwright ladder`: which profiles, on which tracks, how many races.
#[derive(Debug, clap::Args)]
pub struct LadderArgs {
    /// The content pack folder (its bot profiles included).
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// The ruleset's id.
    #[arg(long, default_value = "standard")]
    pub ruleset: String,
    /// The tracks, comma separated (courses too).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "tracks/oval.ron,tracks/road-course.ron,tracks/figure-eight.ron,tracks/thunder-oval.ron"
    )]
    pub tracks: Vec<PathBuf>,
    /// The bot profiles, comma separated: ids of the content's profiles, or paths of profile
    /// files (ending in .ron) [default: every profile of the content].
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// Races on each track.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000).map(|n| n as usize))]
    pub races: usize,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (0: every core).
    #[arg(long, default_value_t = 0, value_parser = super::parse_threads)]
    pub threads: usize,
    /// Races each profile plays alone (every seat its own) on the first track, on one thread,
    /// to time it.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=10_000).map(|n| n as usize))]
    pub time_races: usize,
    /// The player counts each profile is timed at (comma separated) [default: the number of
    /// profiles; a mission's player count with --mission].
    #[arg(long, value_delimiter = ',', value_parser = clap::value_parser!(u32).range(2..=64).map(|n| n as usize))]
    pub time_players: Vec<usize>,
    /// Rate the profiles as players of a mission instead: each plays each of its sides that no
    /// bot profile always plays, in turn, on the mission's own track and content (whose bot
    /// profiles the ids name); a side's win is its profile's.
    #[arg(long, conflicts_with_all = ["tracks", "ruleset"])]
    pub mission: Option<PathBuf>,
    /// With --mission, the players of each race [default: the mission's own count].
    #[arg(long, requires = "mission", value_parser = clap::value_parser!(u32).range(1..=64).map(|n| n as usize))]
    pub players: Option<usize>,
    /// Write the ladder as JSON.
    #[arg(long)]
    pub json: Option<PathBuf>,
}

/// Each profile's milliseconds per race alone, at one player count.
#[derive(Clone, PartialEq, Debug, serde::Serialize)]
struct Timing {
    /// Players in each timed race.
    players: usize,
    /// Milliseconds per race with every seat (every open side of a mission) the profile, by
    /// profile id.
    ms_per_race: BTreeMap<String, f64>,
}

/// The JSON report: the ladder and each profile's time per race.
#[derive(serde::Serialize)]
struct Report<'a> {
    ladder: &'a Ladder,
    /// Milliseconds per race with every seat the profile, by profile id, at the first count
    /// timed (none when the ladder was stopped: no timing was run).
    ms_per_race: &'a BTreeMap<String, f64>,
    /// The same at every count timed.
    timings: &'a [Timing],
    time_races: usize,
    players: usize,
    /// The mission file the ladder was played over, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    mission: Option<String>,
    /// Races asked for (every track's); `ladder.races` is how many were played.
    races_asked: usize,
    /// Whether Ctrl-C stopped the ladder before its end: its ratings rest on fewer races.
    stopped_early: bool,
}

/// What a ladder is played on: tracks, or a mission.
enum Field {
    /// The tracks' rules.
    Tracks(Vec<Arc<crate::rules::RaceRules>>),
    /// A mission, and the players of each race.
    Mission(Box<crate::sim::mission::LoadedMission>, usize),
}

impl Field {
    /// The field the arguments name, or the exit code (what went wrong is said on `err`).
    fn of(args: &LadderArgs, err: &mut dyn Write) -> io::Result<Result<Self, u8>> {
        if let Some(path) = &args.mission {
            let mission = match super::race::load_mission_rules(path, err)? {
                Ok(mission) => mission,
                Err(code) => return Ok(Err(code)),
            };
            let players = args
                .players
                .unwrap_or_else(|| mission.mission().default_players());
            return Ok(Ok(Self::Mission(Box::new(mission), players)));
        }
        let mut tracks = Vec::new();
        for track in &args.tracks {
            match super::race::load_rules(&args.content, track, &args.ruleset, 0, err)? {
                Ok(loaded) => tracks.push(loaded.rules),
                Err(code) => return Ok(Err(code)),
            }
        }
        Ok(Ok(Self::Tracks(tracks)))
    }

    /// The content folder whose profiles the bots' ids name.
    fn content<'a>(&'a self, args: &'a LadderArgs) -> &'a Path {
        match self {
            Self::Tracks(_) => &args.content,
            Self::Mission(mission, _) => &mission.content,
        }
    }

    /// Races the ladder asks for.
    fn races(&self, args: &LadderArgs) -> usize {
        match self {
            Self::Tracks(tracks) => args.races * tracks.len(),
            Self::Mission(..) => args.races,
        }
    }

    /// Plays the ladder on it.
    fn play(
        &self,
        profiles: &[crate::content::bot_profile::BotProfile],
        args: &LadderArgs,
        progress: &(dyn Fn(usize) + Sync),
        cancel: &(dyn Fn() -> bool + Sync),
    ) -> Result<Ladder, String> {
        let run = (args.races, args.seed, args.threads);
        match self {
            Self::Tracks(tracks) => play_ladder(tracks, profiles, run, progress, cancel),
            Self::Mission(mission, players) => {
                play_mission_ladder(mission, *players, profiles, run, progress, cancel)
            }
        }
    }

    /// The player counts a profile is timed at.
    fn time_players(&self, args: &LadderArgs, profiles: usize) -> Vec<usize> {
        match self {
            Self::Mission(_, players) => vec![*players],
            Self::Tracks(_) if args.time_players.is_empty() => vec![profiles],
            Self::Tracks(_) => args.time_players.clone(),
        }
    }

    /// A batch of `races` races with `profile` in every seat at `players` players (on the
    /// first track, or on every open side of the mission).
    fn timing_spec(
        &self,
        profile: &crate::content::bot_profile::BotProfile,
        players: usize,
        (races, seed): (usize, u64),
    ) -> Option<BatchSpec> {
        match self {
            Self::Tracks(tracks) => {
                let first = tracks.first()?;
                let bots = vec![profile.clone(); players];
                BatchSpec::new(Arc::clone(first), &[], bots, races, seed).ok()
            }
            Self::Mission(mission, _) => {
                mission_spec(mission, players, (races, seed), |_| profile).ok()
            }
        }
    }
}

/// Plays the ladder and prints it.
pub fn ladder(args: &LadderArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    if let Some(path) = &args.json {
        let inputs: Vec<&std::path::Path> = args
            .tracks
            .iter()
            .map(PathBuf::as_path)
            .chain(args.mission.as_deref())
            .chain([args.content.as_path()])
            .collect();
        if let Err(e) = crate::content::output_path::check_outputs(&[("--json", path)], &inputs) {
            writeln!(err, "error: {e}")?;
            return Ok(EXIT_UNREADABLE);
        }
    }
    let field = match Field::of(args, err)? {
        Ok(field) => field,
        Err(code) => return Ok(code),
    };
    let profiles = match named_profiles(&args.bots, field.content(args), err)? {
        Ok(profiles) => profiles,
        Err(code) => return Ok(code),
    };
    let cancel = super::interrupt::watch_ctrl_c();
    let races_asked = field.races(args);
    let bar = super::batch_print::progress_bar(races_asked);
    let played = field.play(
        &profiles,
        args,
        &|done| bar.set_position(done as u64),
        &|| cancel.load(Ordering::Relaxed),
    );
    bar.finish_and_clear();
    let ladder = match played {
        Ok(ladder) => ladder,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    let (timings, stopped_early) =
        timings_unless_stopped(&ladder, races_asked, (&field, &profiles), args, cancel, err)?;
    let players = match &field {
        Field::Tracks(_) => profiles.len(),
        Field::Mission(_, players) => *players,
    };
    print_ladder(&ladder, &timings, players, out)?;
    if let Some(path) = &args.json {
        let empty = BTreeMap::new();
        let report = Report {
            ladder: &ladder,
            ms_per_race: timings.first().map_or(&empty, |t| &t.ms_per_race),
            timings: &timings,
            time_races: args.time_races,
            players,
            mission: match &field {
                Field::Mission(mission, _) => Some(mission.path.display().to_string()),
                Field::Tracks(_) => None,
            },
            races_asked,
            stopped_early,
        };
        return super::write_json_file(path, &report, err);
    }
    Ok(EXIT_OK)
}

/// The profiles `names` names (ids of `content`'s profiles, or paths of profile files; every
/// profile of `content` when empty), or the exit code (said on `err`).
pub(super) fn named_profiles(
    names: &[String],
    content: &Path,
    err: &mut dyn Write,
) -> io::Result<Result<Vec<crate::content::bot_profile::BotProfile>, u8>> {
    let all = crate::sim::profiles::profiles_in(content);
    let names: Vec<String> = if names.is_empty() {
        all.keys().cloned().collect()
    } else {
        names.to_vec()
    };
    let mut profiles: Vec<crate::content::bot_profile::BotProfile> = Vec::new();
    for name in &names {
        let is_file = Path::new(name)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ron"));
        let profile = if is_file {
            match profile_file(Path::new(name)) {
                Ok(profile) => profile,
                Err(message) => {
                    writeln!(err, "error: {message}")?;
                    return Ok(Err(EXIT_CONTENT_ERRORS));
                }
            }
        } else if let Some(profile) = all.get(name) {
            profile.clone()
        } else {
            writeln!(
                err,
                "error: no bot profile `{name}` in {}; it has {} (a profile file is named by \
                 its path, ending in .ron)",
                content.display(),
                all.keys().cloned().collect::<Vec<_>>().join(", ")
            )?;
            return Ok(Err(EXIT_CONTENT_ERRORS));
        };
        if profiles.iter().any(|p| p.id == profile.id) {
            writeln!(
                err,
                "error: two of the bots are the profile `{}`: each is rated by its id",
                profile.id
            )?;
            return Ok(Err(EXIT_CONTENT_ERRORS));
        }
        profiles.push(profile);
    }
    Ok(Ok(profiles))
}

/// The bot profile in the file at `path`, checked as `validate` checks it: a profile kept
/// outside the content (a variant rated against the shipped ones).
fn profile_file(path: &Path) -> Result<crate::content::bot_profile::BotProfile, String> {
    let loaded = crate::content::Document::load(path).map_err(|e| e.to_string())?;
    let errors: Vec<String> = crate::validate::validate_document(&loaded)
        .into_iter()
        .filter(crate::validate::Diagnostic::is_error)
        .map(|d| d.to_string())
        .collect();
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    match loaded.document {
        crate::content::Document::BotProfile(profile) => Ok(profile),
        other => Err(format!(
            "{}: a {} file, not a bot profile",
            path.display(),
            other.kind()
        )),
    }
}

/// The profiles' times ([`time_profiles`]) and whether the ladder was stopped before its end;
/// a stopped ladder gets none, and a line on `err` saying so (its timing, cut short by the same
/// stop, read 0.0 ms).
fn timings_unless_stopped(
    ladder: &Ladder,
    races_asked: usize,
    (field, profiles): (&Field, &[crate::content::bot_profile::BotProfile]),
    args: &LadderArgs,
    cancel: &AtomicBool,
    err: &mut dyn Write,
) -> io::Result<(Vec<Timing>, bool)> {
    let stopped_early = cancel.load(Ordering::Relaxed) || ladder.races < races_asked;
    if !stopped_early {
        let timings = field
            .time_players(args, profiles.len())
            .into_iter()
            .map(|players| Timing {
                players,
                ms_per_race: time_profiles(field, profiles, players, args, cancel),
            })
            .collect();
        return Ok((timings, false));
    }
    writeln!(
        err,
        "stopped: {} of {races_asked} races played; the ratings below rest on those, and the \
         bots were not timed",
        ladder.races
    )?;
    Ok((Vec::new(), true))
}

/// Each profile's wall time per race with every seat its own at `players` players, on the
/// first track (or the mission) and one thread: what a batch of it costs. The profiles are
/// timed one after another in the same run, so their times stand side by side.
fn time_profiles(
    field: &Field,
    profiles: &[crate::content::bot_profile::BotProfile],
    players: usize,
    args: &LadderArgs,
    cancel: &AtomicBool,
) -> BTreeMap<String, f64> {
    let mut times = BTreeMap::new();
    if args.time_races == 0 {
        return times;
    }
    for profile in profiles {
        let Some(spec) = field.timing_spec(profile, players, (args.time_races, args.seed)) else {
            continue;
        };
        let start = std::time::Instant::now();
        let outcome = run_range(&spec, 0..args.time_races, 1, &|_| {}, cancel);
        // A timing the stop cut short would divide a few races' time by all of them.
        if outcome.is_ok() && !cancel.load(Ordering::Relaxed) {
            let ms = start.elapsed().as_secs_f64() * 1000.0 / args.time_races as f64;
            times.insert(profile.id.to_string(), ms);
        }
    }
    times
}

/// The ladder's table: each profile's rating, races won and time per race at each count
/// timed (beside it, how many times the planner's, when the planner was timed too); for a
/// mission, each profile's record on each side.
fn print_ladder(
    ladder: &Ladder,
    timings: &[Timing],
    players: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(
        out,
        "{} races of {players} players, every profile in each (ratings Elo-like, the random bot at 0)",
        ladder.races
    )?;
    let mut header = format!(
        "{:<12} {:>7} {:>17} {:>11} {:>20}",
        "profile", "rating", "95% interval", "races won", "% won (95%)"
    );
    for timing in timings {
        let _ = write!(
            header,
            " {:>20}",
            format!("ms/race, {} players", timing.players)
        );
    }
    writeln!(out, "{header}")?;
    let count = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    for rung in &ladder.rungs {
        // The share of races won, with its Wilson interval: a head-to-head of two profiles
        // reads its verdict here.
        let share = crate::sim::stats::wilson(count(rung.wins), count(rung.races));
        let mut line = format!(
            "{:<12} {:>7.0} {:>17} {:>11} {:>20}",
            rung.profile,
            rung.rating,
            format!("{:.0} to {:.0}", rung.low, rung.high),
            format!("{}/{}", rung.wins, rung.races),
            format!(
                "{:.1} ({:.1}-{:.1})",
                share.rate * 100.0,
                share.low * 100.0,
                share.high * 100.0
            ),
        );
        for timing in timings {
            let ms = timing.ms_per_race.get(&rung.profile);
            let planner = timing.ms_per_race.get("planner").filter(|p| **p > 0.0);
            let cell = match (ms, planner) {
                (Some(ms), Some(planner)) if rung.profile != "planner" => {
                    format!("{ms:.1} ({:.1}x)", ms / planner)
                }
                (Some(ms), _) => format!("{ms:.1}"),
                (None, _) => "-".to_owned(),
            };
            let _ = write!(line, " {cell:>20}");
        }
        writeln!(out, "{line}")?;
    }
    if !ladder.sides.is_empty() {
        writeln!(out, "each profile on each side (races the side won):")?;
        for record in &ladder.sides {
            let share = crate::sim::stats::wilson(count(record.wins), count(record.races));
            writeln!(
                out,
                "  {:<12} {:<16} {:>11} {:>20}",
                record.profile,
                record.side,
                format!("{}/{}", record.wins, record.races),
                format!(
                    "{:.1} ({:.1}-{:.1})",
                    share.rate * 100.0,
                    share.low * 100.0,
                    share.high * 100.0
                )
            )?;
        }
    }
    Ok(())
}
