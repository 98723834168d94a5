//! `roadwright ladder`: the bot profiles rated against each other ([`crate::sim::ladder`]),
//! beside each profile's time per race.

use std::io::{self, Write};

use clap::builder::TypedValueParser;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::sim::batch::{BatchSpec, run_range};
use crate::sim::ladder::{Ladder, play_ladder};

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
    /// Write the ladder as JSON.
    #[arg(long)]
    pub json: Option<PathBuf>,
}

/// The JSON report: the ladder and each profile's time per race.
#[derive(serde::Serialize)]
struct Report<'a> {
    ladder: &'a Ladder,
    /// Milliseconds per race with every seat the profile, by profile id (none when the
    /// ladder was stopped: no timing was run).
    ms_per_race: &'a std::collections::BTreeMap<String, f64>,
    time_races: usize,
    players: usize,
    /// Races asked for (every track's); `ladder.races` is how many were played.
    races_asked: usize,
    /// Whether Ctrl-C stopped the ladder before its end: its ratings rest on fewer races.
    stopped_early: bool,
}

/// Plays the ladder and prints it.
pub fn ladder(args: &LadderArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    if let Some(path) = &args.json {
        let inputs: Vec<&std::path::Path> = args
            .tracks
            .iter()
            .map(PathBuf::as_path)
            .chain([args.content.as_path()])
            .collect();
        if let Err(e) = crate::content::output_path::check_outputs(&[("--json", path)], &inputs) {
            writeln!(err, "error: {e}")?;
            return Ok(EXIT_UNREADABLE);
        }
    }
    let all = crate::sim::profiles::profiles_in(&args.content);
    let names: Vec<String> = if args.bots.is_empty() {
        all.keys().cloned().collect()
    } else {
        args.bots.clone()
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
                    return Ok(EXIT_CONTENT_ERRORS);
                }
            }
        } else if let Some(profile) = all.get(name) {
            profile.clone()
        } else {
            writeln!(
                err,
                "error: no bot profile `{name}` in {}; it has {} (a profile file is named by \
                 its path, ending in .ron)",
                args.content.display(),
                all.keys().cloned().collect::<Vec<_>>().join(", ")
            )?;
            return Ok(EXIT_CONTENT_ERRORS);
        };
        if profiles.iter().any(|p| p.id == profile.id) {
            writeln!(
                err,
                "error: two of the bots are the profile `{}`: each is rated by its id",
                profile.id
            )?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
        profiles.push(profile);
    }
    let mut tracks = Vec::new();
    for track in &args.tracks {
        match super::race::load_rules(&args.content, track, &args.ruleset, 0, err)? {
            Ok(loaded) => tracks.push(loaded.rules),
            Err(code) => return Ok(code),
        }
    }
    let cancel = super::interrupt::watch_ctrl_c();
    let bar = super::batch_print::progress_bar(args.races * tracks.len());
    let played = play_ladder(
        &tracks,
        &profiles,
        (args.races, args.seed, args.threads),
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
    let races_asked = args.races * tracks.len();
    let (times, stopped_early) = times_unless_stopped(
        &ladder,
        races_asked,
        (&tracks, &profiles),
        args,
        cancel,
        err,
    )?;
    print_ladder(&ladder, &times, profiles.len(), out)?;
    if let Some(path) = &args.json {
        let report = Report {
            ladder: &ladder,
            ms_per_race: &times,
            time_races: args.time_races,
            players: profiles.len(),
            races_asked,
            stopped_early,
        };
        return super::write_json_file(path, &report, err);
    }
    Ok(EXIT_OK)
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
fn times_unless_stopped(
    ladder: &Ladder,
    races_asked: usize,
    (tracks, profiles): (
        &[Arc<crate::rules::RaceRules>],
        &[crate::content::bot_profile::BotProfile],
    ),
    args: &LadderArgs,
    cancel: &AtomicBool,
    err: &mut dyn Write,
) -> io::Result<(std::collections::BTreeMap<String, f64>, bool)> {
    let stopped_early = cancel.load(Ordering::Relaxed) || ladder.races < races_asked;
    if !stopped_early {
        return Ok((time_profiles(tracks, profiles, args, cancel), false));
    }
    writeln!(
        err,
        "stopped: {} of {races_asked} races played; the ratings below rest on those, and the \
         bots were not timed",
        ladder.races
    )?;
    Ok((std::collections::BTreeMap::new(), true))
}

/// Each profile's wall time per race with every seat its own, on the first track and one
/// thread: what a batch of it costs.
fn time_profiles(
    tracks: &[Arc<crate::rules::RaceRules>],
    profiles: &[crate::content::bot_profile::BotProfile],
    args: &LadderArgs,
    cancel: &AtomicBool,
) -> std::collections::BTreeMap<String, f64> {
    let mut times = std::collections::BTreeMap::new();
    let Some(first) = tracks.first() else {
        return times;
    };
    if args.time_races == 0 {
        return times;
    }
    for profile in profiles {
        let bots = vec![profile.clone(); profiles.len()];
        let Ok(spec) = BatchSpec::new(Arc::clone(first), &[], bots, args.time_races, args.seed)
        else {
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

/// The ladder's table.
fn print_ladder(
    ladder: &Ladder,
    times: &std::collections::BTreeMap<String, f64>,
    players: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(
        out,
        "{} races of {players} players, every profile in each (ratings Elo-like, the random bot at 0)",
        ladder.races
    )?;
    writeln!(
        out,
        "{:<12} {:>7} {:>17} {:>11} {:>20} {:>12}",
        "profile", "rating", "95% interval", "races won", "% won (95%)", "ms per race"
    )?;
    for rung in &ladder.rungs {
        // The share of races won, with its Wilson interval: a head-to-head of two profiles
        // reads its verdict here.
        let count = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        let share = crate::sim::stats::wilson(count(rung.wins), count(rung.races));
        writeln!(
            out,
            "{:<12} {:>7.0} {:>17} {:>11} {:>20} {:>12}",
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
            times
                .get(&rung.profile)
                .map_or_else(|| "-".to_owned(), |ms| format!("{ms:.1}"))
        )?;
    }
    Ok(())
}
