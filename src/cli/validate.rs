//! `roadwright validate`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::{Document, RawPack};
use crate::sim::load::check_scenario;
use crate::sim::mission::{LoadedMission, open_checked};
use crate::sim::play_check::playable_tracks;
use crate::validate::pack::validate_pack;
use crate::validate::{Diagnostic, Severity, sort_diagnostics, validate_opened_against};

#[derive(Serialize)]
struct Report<'a> {
    errors: usize,
    warnings: usize,
    unreadable_files: usize,
    /// With `--play`: how many tracks and races were played, and how many findings play made.
    #[serde(skip_serializing_if = "Option::is_none")]
    played: Option<Played>,
    diagnostics: &'a [Diagnostic],
    /// Each sound mission checked, with what it says of harming one's own side.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    missions: &'a [MissionRules],
}

/// A sound mission's rules on harming one's own side, as `validate` names them.
#[derive(serde::Serialize)]
struct MissionRules {
    /// The mission file.
    path: String,
    /// Its friendly fire and allied kills, in words.
    side_rules: [String; 2],
}

/// What `--play` played and found.
#[derive(serde::Serialize, Default, Clone, Copy)]
struct Played {
    tracks: usize,
    /// Missions played (`--play` of mission files).
    #[serde(skip_serializing_if = "is_zero")]
    missions: usize,
    races: usize,
    findings: usize,
}

/// `roadwright validate`: what to check, and how to play the tracks with `--play`.
#[derive(Debug, clap::Args)]
pub struct ValidateArgs {
    /// Content pack folders or content files.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print the diagnostics as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also play every track given: `--play` races 300 seeded random-bot races on each
    /// (`--play=N` for N, 1 to 100,000), over every player count, and reports what only play shows
    /// (spaces never entered, branches never taken, stalls, cards never played...), each
    /// finding with the seed that shows it.
    #[arg(long, value_name = "RACES", num_args = 0..=1, require_equals = true,
          default_missing_value = "300", value_parser = super::parse_play_races)]
    pub play: Option<usize>,
    /// The content pack the tracks are played on (with `--play`); lone tracks are checked
    /// against its kinds of ground (its terrain file) when the folder exists.
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// The ruleset the tracks are played under (with `--play`).
    #[arg(long, default_value = "standard")]
    pub ruleset: String,
    /// The seed of the races played (with `--play`).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many seeds a course drawn from a pile is built with (0 to N-1): each seed that
    /// draws no course is reported, and each track drawn is checked (and played, with
    /// `--play`) as a track file is.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub course_seeds: u64,
}

/// Checks (and with `play`, plays) the tracks the courses among `opened` build with `seeds`
/// seeds, as track files are, a part at a time (each part dropped before the next is built);
/// returns the unreadable files met.
fn check_courses(
    opened: &RawPack,
    seeds: u64,
    (terrain, field): (&crate::validate::checked::TerrainBook, u32),
    (play, played): (Option<&Play<'_>>, &mut Option<Played>),
    diagnostics: &mut Vec<Diagnostic>,
) -> usize {
    let mut unreadable = 0;
    for file in &opened.files {
        let Document::Course(course) = &file.document else {
            continue;
        };
        let mut each = |built: Vec<crate::content::LoadedDocument>| {
            let built = RawPack {
                root: opened.root.clone(),
                is_folder: false,
                files: built,
                errors: Vec::new(),
            };
            diagnostics.extend(validate_opened_against(&built, terrain, field));
            if let Some(play) = play {
                unreadable += play_counted(&built, play, played, diagnostics);
            }
        };
        let found = super::validate_course::course_tracks(
            &file.source.path,
            course,
            seeds,
            terrain,
            &mut each,
        );
        diagnostics.extend(found);
    }
    unreadable
}

/// Plays the tracks among `tracks` ([`play_tracks`]), adds what play found to `diagnostics`
/// and counts what was played into `played`; returns the unreadable files met.
fn play_counted(
    tracks: &RawPack,
    play: &Play<'_>,
    played: &mut Option<Played>,
    diagnostics: &mut Vec<Diagnostic>,
) -> usize {
    let (found, unreadable_content, count) = play_tracks(tracks, play);
    // Content that could not be played, or a stop, plays nothing worth counting.
    let nothing_played = unreadable_content > 0
        || found
            .iter()
            .any(|d| ["play-content", "play-stopped"].contains(&d.code));
    if let Some(played) = played.as_mut().filter(|_| !nothing_played) {
        played.tracks += count;
        played.races += play.races.saturating_mul(count);
        played.findings += found.iter().filter(|d| d.play.is_some()).count();
    }
    diagnostics.extend(found);
    unreadable_content
}

/// What `validate --play` plays the tracks with.
struct Play<'a> {
    /// Races per track.
    races: usize,
    /// The content pack folder.
    content: &'a Path,
    /// The ruleset id.
    ruleset: &'a str,
    /// The batch seed.
    seed: u64,
}

/// Validates each path (a pack folder or a single file) and prints every diagnostic; with
/// `play`, plays every valid track among them too and adds what play found.
pub fn validate(args: &ValidateArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (paths, json) = (&args.paths, args.json);
    let play = args.play.map(|races| Play {
        races,
        content: &args.content,
        ruleset: &args.ruleset,
        seed: args.seed,
    });
    let play = play.as_ref();
    let mut diagnostics = Vec::new();
    let mut unreadable = 0;
    let mut played = play.map(|_| Played::default());
    let mut missions = Vec::new();
    for path in paths {
        let opened = RawPack::open(path);
        // Lone tracks, tiles and courses are checked against the kinds of ground of the pack
        // they are raced with, and played on it: a project folder's own, else `--content`'s.
        let content = crate::validate::open::content_for(path, &args.content);
        let terrain = crate::validate::open::terrain_for(&opened, &content);
        let field = crate::validate::open::content_field(&content);
        let play = play.map(|play| Play {
            content: &content,
            ..*play
        });
        let play = play.as_ref();
        unreadable += opened.errors.len();
        diagnostics.extend(validate_opened_against(&opened, &terrain, field));
        diagnostics.extend(check_played_files(
            &opened,
            play.zip(played.as_mut()),
            &mut missions,
            err,
        )?);
        if let Some(play) = play {
            unreadable += play_counted(&opened, play, &mut played, &mut diagnostics);
        }
        unreadable += check_courses(
            &opened,
            args.course_seeds,
            (&terrain, field),
            (play, &mut played),
            &mut diagnostics,
        );
    }
    sort_diagnostics(&mut diagnostics);
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    if json {
        let report = Report {
            errors,
            warnings,
            unreadable_files: unreadable,
            played,
            diagnostics: &diagnostics,
            missions: &missions,
        };
        super::write_json(out, &report)?;
    } else {
        for diagnostic in &diagnostics {
            writeln!(out, "{diagnostic}")?;
        }
        for mission in &missions {
            writeln!(err, "{}: {}", mission.path, mission.side_rules.join("; "))?;
        }
        if let Some(played) = played {
            // A clean play check says so: silence would read as "it did not run".
            writeln!(
                err,
                "played {} race(s) on {} track(s){}: {}",
                played.races,
                played.tracks,
                match played.missions {
                    0 => String::new(),
                    n => format!(" and {n} mission(s)"),
                },
                match played.findings {
                    0 => "nothing found".to_owned(),
                    1 => "1 finding".to_owned(),
                    n => format!("{n} findings"),
                }
            )?;
        }
        writeln!(
            err,
            "{errors} error(s), {warnings} warning(s){}",
            if unreadable > 0 {
                format!(", {unreadable} file(s) could not be read")
            } else {
                String::new()
            }
        )?;
    }
    Ok(if unreadable > 0 {
        EXIT_UNREADABLE
    } else if errors > 0 {
        EXIT_CONTENT_ERRORS
    } else {
        EXIT_OK
    })
}

/// Plays every track of `opened` that passes the static checks on the content `play` names.
/// Content that does not load or has errors is one diagnostic: nothing can be played on it. A
/// content file that cannot be read or parsed is reported at its file and line, and counted
/// (the second number) as unreadable, as `race` and `simulate` count it. The third number is
/// how many tracks were played: those that pass the static checks against the content's kinds
/// of ground.
fn play_tracks(opened: &RawPack, play: &Play<'_>) -> (Vec<Diagnostic>, usize, usize) {
    if !opened
        .files
        .iter()
        .any(|file| matches!(file.document, Document::Track(_)))
    {
        return (Vec::new(), 0, 0);
    }
    let pack = match RawPack::load(play.content) {
        Ok(pack) => pack,
        Err(error) => return (vec![Diagnostic::from_load_error(&error)], 1, 0),
    };
    if !pack.errors.is_empty() {
        let unreadable = pack
            .errors
            .iter()
            .map(Diagnostic::from_load_error)
            .collect();
        return (unreadable, pack.errors.len(), 0);
    }
    let Some(content) = validate_pack(&pack).0 else {
        return (
            vec![Diagnostic::error_in(
                play.content,
                "play-content",
                "the content has errors (run `roadwright validate` on it): nothing was played"
                    .to_owned(),
            )],
            0,
            0,
        );
    };
    let tracks = playable_tracks(&opened.files, &content.terrain);
    let played = tracks.len();
    if tracks.is_empty() {
        return (Vec::new(), 0, 0);
    }
    let total = play.races.saturating_mul(tracks.len());
    let cancel = super::interrupt::watch_ctrl_c();
    let progress = AtomicUsize::new(0);
    let bar = play_bar(total);
    let found = std::thread::scope(|scope| {
        let check = scope.spawn(|| {
            crate::sim::play_check::play_tracks(
                tracks,
                &content,
                &pack,
                play.ruleset,
                play.races,
                play.seed,
                &progress,
                cancel,
            )
        });
        // The bar follows the races played until the check is over.
        while !check.is_finished() {
            bar.set_position(progress.load(Ordering::Relaxed) as u64);
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        check.join().ok().flatten()
    });
    bar.finish_and_clear();
    match found {
        Some(found) => (found, 0, played),
        // Stopped: what a part of the races showed is not what the check reports (a space
        // not entered in five races says nothing), so only the stop is reported.
        None => (
            vec![Diagnostic::error_in(
                play.content,
                "play-stopped",
                format!(
                    "the play check was stopped (Ctrl-C) after {} of {total} races; nothing it \
                     found is reported",
                    progress.load(Ordering::Relaxed)
                ),
            )],
            0,
            0,
        ),
    }
}

/// What the scenarios and missions among `opened` say when checked against the content and track
/// they name: a scenario as `moves` would use it (its position), a mission at its lines and,
/// with `play`, played.
fn check_played_files(
    opened: &RawPack,
    mut play: Option<(&Play<'_>, &mut Played)>,
    missions: &mut Vec<MissionRules>,
    err: &mut dyn Write,
) -> io::Result<Vec<Diagnostic>> {
    let mut diagnostics = Vec::new();
    for file in &opened.files {
        match &file.document {
            Document::Scenario(scenario) => {
                diagnostics.extend(check_scenario(&file.source.path, scenario));
            }
            Document::Mission(_) => {
                let play = play.as_mut().map(|(play, played)| (*play, &mut **played));
                diagnostics.extend(validate_mission(&file.source.path, play, missions, err)?);
            }
            _ => {}
        }
    }
    Ok(diagnostics)
}

/// A mission file's diagnostics: its check, and with `play` what playing it found (counted into
/// `played`). A sound mission's rules on harming one's own side go into `missions`.
fn validate_mission(
    path: &Path,
    play: Option<(&Play<'_>, &mut Played)>,
    missions: &mut Vec<MissionRules>,
    err: &mut dyn Write,
) -> io::Result<Vec<Diagnostic>> {
    let loaded = match open_checked(path) {
        Ok(loaded) => loaded,
        Err(diagnostics) => return Ok(diagnostics),
    };
    let mut diagnostics = loaded.warnings.clone();
    missions.push(MissionRules {
        path: path.display().to_string(),
        side_rules: crate::validate::mission_words::side_rules(loaded.mission()),
    });
    if let Some((play, played)) = play
        && let Some((races, found)) = play_mission_file(&loaded, play, err)?
    {
        played.missions += 1;
        played.races += races;
        played.findings += found.len();
        diagnostics.extend(found);
    }
    Ok(diagnostics)
}

// serde's `skip_serializing_if` hands over a reference.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Plays a sound mission's races (`--play`): the races played and what they showed, or `None`
/// when it was stopped (said on `err`).
fn play_mission_file(
    loaded: &LoadedMission,
    play: &Play<'_>,
    err: &mut dyn Write,
) -> io::Result<Option<(usize, Vec<Diagnostic>)>> {
    let total = play.races.saturating_mul(loaded.mission().players.len());
    let cancel = super::interrupt::watch_ctrl_c();
    let bar = play_bar(total);
    let played = crate::sim::mission::play_mission(
        loaded,
        play.races,
        play.seed,
        &|n| bar.set_position(n as u64),
        &|| cancel.load(Ordering::Relaxed),
    );
    bar.finish_and_clear();
    if let Some(played) = played {
        return Ok(Some((played.races, played.findings)));
    }
    writeln!(
        err,
        "{}: the play check was stopped; nothing it found is reported",
        loaded.path.display()
    )?;
    Ok(None)
}

/// A progress bar on stderr for the races of a play check (hidden when stderr is not a
/// terminal).
fn play_bar(races: usize) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(races as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "playing {bar:40} {pos}/{len} races, {per_sec}, ETA {eta} (Ctrl-C stops)",
    ) {
        bar.set_style(style);
    }
    bar
}
