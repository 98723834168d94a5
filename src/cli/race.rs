//! `roadwright race`: a whole race with random bots, its log and its result; `roadwright
//! replay`: a race record played again, to its end or to a given decision.

use clap::builder::TypedValueParser as _;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::Serialize;

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::save::write_atomic_without_backup;
use crate::rules::{PlayerId, Race, RaceResult, RaceSetup};
use crate::sim::mission::load_mission;
use crate::sim::{LoadRaceError, LoadedRace, RaceRecord, RecordFiles, play_race};
use crate::validate::Diagnostic;
use std::sync::Arc;

/// One seat's result in a race report.
#[derive(Serialize, JsonSchema)]
pub(crate) struct PlayerReport {
    /// The seat, from 1, in clockwise order.
    seat: usize,
    /// The team's name.
    team: String,
    /// The team's id in the team mats file.
    team_id: String,
    /// VP left in the pool.
    pool: u32,
    /// VP claimed for crossing the finish line, net of VP returned (11.1, 11.2).
    finish_vp: u32,
    /// VP claimed for eliminating other teams' cars (11.3).
    kill_vp: u32,
    /// VP the countdown clock took from the pool (11.4).
    clock_vp: u32,
    /// The team's cars destroyed.
    cars_destroyed: usize,
    /// In a mission race, the id of the seat's side.
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<String>,
    /// Whether the seat won: it won itself, or its side won the mission.
    won: bool,
}

/// What `race --json` and `replay --json` print: the race's result, its prose log, and its
/// every event with places, cards and cars named as the files name them.
#[derive(Serialize, JsonSchema)]
pub(crate) struct RaceReport {
    /// The race's seed.
    seed: u64,
    /// Each seat's result.
    players: Vec<PlayerReport>,
    /// The winning seat, from 1; absent when no one seat won (a draw, a race going on, or a
    /// mission's side won: see `winners` and `winning_side`).
    winner: Option<usize>,
    /// Every seat that won, from 1: the winner, or every seat of the side that won a mission.
    winners: Vec<usize>,
    /// The side that won a mission race, by id; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_side: Option<String>,
    /// Whether the race is over (a replay may stop before the end).
    over: bool,
    /// The turn the race ended in (or stands at).
    turns: u32,
    /// Decisions made.
    decisions: usize,
    /// The race told as a game report, one line per event worth telling.
    log: Vec<String>,
    /// Every change of the race's state, in order.
    events: Vec<crate::rules::NamedEvent>,
    /// For a race of a mission: the winning side, each side's VP and each objective.
    #[serde(skip_serializing_if = "Option::is_none")]
    mission: Option<MissionReport>,
}

/// How a race of a mission stands: its sides and its objectives.
#[derive(Serialize, JsonSchema)]
pub(crate) struct MissionReport {
    /// The mission's name.
    name: String,
    /// The winning side's id; absent when no side won (yet).
    winner: Option<String>,
    /// Each side: its teams and VP (its teams' claims plus its objectives' VP).
    sides: Vec<SideReport>,
    /// Each objective: its side, where it stands and each side's progress.
    objectives: Vec<ObjectiveReport>,
}

/// A side of a mission race.
#[derive(Serialize, JsonSchema)]
pub(crate) struct SideReport {
    /// Its id.
    id: String,
    /// Its name.
    name: String,
    /// Its seated teams' ids.
    teams: Vec<String>,
    /// Its VP.
    vp: u32,
}

/// An objective of a mission race.
#[derive(Serialize, JsonSchema)]
pub(crate) struct ObjectiveReport {
    /// Its id.
    id: String,
    /// The side that pursues it; absent: every side.
    side: Option<String>,
    /// `open`, `met` or `failed`.
    status: &'static str,
    /// The side that met it.
    met_by: Option<String>,
    /// How far meets it.
    of: u32,
    /// Each side's progress, in side order.
    progress: Vec<u32>,
}

impl MissionReport {
    fn of(race: &Race) -> Option<Self> {
        use crate::rules::ObjectiveStatus;
        use crate::validate::mission::{ObjectiveId, SideId};
        let mission = race.mission()?;
        let side_id = |side: SideId| mission.sides[side.index()].id.to_string();
        let sides = (0..mission.sides.len())
            .map(|s| {
                let side = SideId(s as u8);
                SideReport {
                    id: side_id(side),
                    name: mission.sides[s].name.to_string(),
                    teams: race
                        .players()
                        .iter()
                        .enumerate()
                        .filter(|(seat, _)| {
                            race.side_of(crate::rules::PlayerId(*seat as u8)) == Some(side)
                        })
                        .map(|(_, p)| race.rules().content.teams[p.team].id.to_string())
                        .collect(),
                    vp: race.side_vp(side),
                }
            })
            .collect();
        let objectives = mission
            .objectives
            .iter()
            .enumerate()
            .map(|(i, objective)| {
                let id = ObjectiveId(i as u16);
                let status = race.objective_status(id).unwrap_or_default();
                ObjectiveReport {
                    id: objective.id.to_string(),
                    side: objective.side.map(side_id),
                    status: match status {
                        ObjectiveStatus::Open => "open",
                        ObjectiveStatus::Met(_) => "met",
                        ObjectiveStatus::Failed => "failed",
                    },
                    met_by: match status {
                        ObjectiveStatus::Met(side) => Some(side_id(side)),
                        _ => None,
                    },
                    of: objective.goal.target(),
                    progress: (0..mission.sides.len())
                        .map(|s| race.objective_progress(id, SideId(s as u8)).unwrap_or(0))
                        .collect(),
                }
            })
            .collect();
        Some(Self {
            name: mission.name.to_string(),
            winner: match race.result() {
                Some(RaceResult::SideWon(side)) => Some(side_id(side)),
                _ => None,
            },
            sides,
            objectives,
        })
    }
}

/// `roadwright race`: the race to play and where its record goes.
#[derive(Debug, clap::Args)]
pub struct RaceArgs {
    /// The track file, or a course file (the track it builds with `--course-seed`).
    #[arg(long, required_unless_present = "mission")]
    pub track: Option<PathBuf>,
    /// A mission file: its track, content, sides, setup and objectives (instead of `--track`
    /// and `--teams`).
    #[arg(long, conflicts_with_all = ["track", "teams", "content", "ruleset"])]
    pub mission: Option<PathBuf>,
    /// The content pack folder.
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// Players, 2-10 [default: 4, or every team of the mission's sides].
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=10).map(usize::from))]
    pub players: Option<usize>,
    /// The seed: the same seed replays the same race.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The ruleset's id.
    #[arg(long, default_value = "standard")]
    pub ruleset: String,
    /// Print the result, the log and the typed events as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write a race record (content identity, setup, seed, decisions) to this file.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Team ids in seat order, comma separated (instead of the first `--players` teams);
    /// `validate --play` names them for each race it reports.
    #[arg(long, value_delimiter = ',')]
    pub teams: Vec<String>,
    /// The seed a course given as `--track` is built with (a pile's draw); the record keeps it.
    #[arg(long, default_value_t = 0, conflicts_with = "mission")]
    pub course_seed: u64,
    /// Bot profile ids per seat, comma separated, repeated over the seats, as `simulate`
    /// takes them (`planner`, `searcher`...) [default: random bots]. In a mission race a side
    /// the mission gives a bot keeps it.
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
}

pub(crate) fn print_diagnostics(diagnostics: &[Diagnostic], err: &mut dyn Write) -> io::Result<()> {
    for d in diagnostics {
        writeln!(err, "{d}")?;
    }
    Ok(())
}

/// Exit status for content that could not be opened: unreadable, or invalid.
pub(crate) fn open_failure(diagnostics: &[Diagnostic]) -> u8 {
    let unreadable = diagnostics.iter().any(|d| {
        crate::content::error::LoadErrorCode::ALL
            .iter()
            .any(|code| code.as_str() == d.code)
    });
    if unreadable {
        EXIT_UNREADABLE
    } else {
        EXIT_CONTENT_ERRORS
    }
}

/// Loads the content and a track and makes the race rules, printing problems to `err`.
/// A course file in place of the track is built with `course_seed`.
pub(crate) fn load_rules(
    content: &Path,
    track: &Path,
    ruleset: &str,
    course_seed: u64,
    err: &mut dyn Write,
) -> io::Result<Result<LoadedRace, u8>> {
    match crate::sim::load::load_race_on(content, track, ruleset, course_seed) {
        Ok(loaded) => Ok(Ok(loaded)),
        Err(error) => load_failure(error, err).map(Err),
    }
}

/// Prints why a race's content could not be loaded and returns the exit status for it.
pub(crate) fn load_failure(error: LoadRaceError, err: &mut dyn Write) -> io::Result<u8> {
    match error {
        LoadRaceError::Invalid(diagnostics) => {
            print_diagnostics(&diagnostics, err)?;
            Ok(open_failure(&diagnostics))
        }
        LoadRaceError::Setup(e) => {
            writeln!(err, "error: {e}")?;
            Ok(EXIT_CONTENT_ERRORS)
        }
    }
}

/// Loads a mission and the rules of its race, printing its problems (or its warnings) to
/// `err`.
pub(crate) fn load_mission_rules(
    path: &Path,
    err: &mut dyn Write,
) -> io::Result<Result<crate::sim::mission::LoadedMission, u8>> {
    match load_mission(path) {
        Ok(loaded) => {
            print_diagnostics(&loaded.warnings, err)?;
            Ok(Ok(loaded))
        }
        Err(error) => load_failure(error, err).map(Err),
    }
}

/// Plays one race with random bots (or the `--bots` profiles) and prints the log and the
/// result; with `record`, writes the race record too.
pub fn race(args: &RaceArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    if let Some(mission) = args.mission.as_deref() {
        return race_mission(args, mission, out, err);
    }
    let Some(track) = args.track.as_deref() else {
        writeln!(err, "error: a race needs --track or --mission")?;
        return Ok(EXIT_UNREADABLE);
    };
    let files = match checked_record(args.record.as_deref(), &[track, &args.content], || {
        RecordFiles::of(&args.content, track).map(|mut files| {
            files.course_seed = (args.course_seed != 0).then_some(args.course_seed);
            files
        })
    }) {
        Ok(files) => files,
        Err(e) => {
            writeln!(err, "error: {e}; nothing was played")?;
            return Ok(EXIT_UNREADABLE);
        }
    };
    let loaded = match load_rules(&args.content, track, &args.ruleset, args.course_seed, err)? {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let rules = loaded.rules;
    let players = if args.teams.is_empty() {
        args.players.unwrap_or(4)
    } else {
        args.teams.len()
    };
    if players > rules.content.teams.len() {
        writeln!(
            err,
            "error: {players} players need {players} teams; the content has {}",
            rules.content.teams.len()
        )?;
        return Ok(EXIT_CONTENT_ERRORS);
    }
    let setup = if args.teams.is_empty() {
        RaceSetup::first_teams(&rules.content, players, args.seed)
    } else {
        match RaceSetup::named_teams(&args.teams, args.seed) {
            Ok(setup) => setup,
            Err(e) => {
                writeln!(err, "error: {e}")?;
                return Ok(EXIT_CONTENT_ERRORS);
            }
        }
    };
    let mut race = match Race::new(rules, &setup) {
        Ok(race) => race,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    let mut bots = match seats(args, &args.content, players, err)? {
        Ok(bots) => bots,
        Err(code) => return Ok(code),
    };
    finish_race(
        args,
        &mut race,
        &mut bots,
        (&setup, loaded.identity, files),
        out,
        err,
    )
}

/// Plays a race of a mission with random bots (a side the mission gives a bot is played by
/// it) and prints its log and its result.
fn race_mission(
    args: &RaceArgs,
    path: &Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    let loaded = match load_mission_rules(path, err)? {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let inputs = [path, loaded.content.as_path(), loaded.track.as_path()];
    let files = match checked_record(args.record.as_deref(), &inputs, || {
        RecordFiles::of_mission(path, &loaded.content, &loaded.track)
    }) {
        Ok(files) => files,
        Err(e) => {
            writeln!(err, "error: {e}; nothing was played")?;
            return Ok(EXIT_UNREADABLE);
        }
    };
    let setup = match loaded.setup(args.players, args.seed) {
        Ok(setup) => setup,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    let mut race = match Race::new(Arc::clone(&loaded.race.rules), &setup) {
        Ok(race) => race,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    let mut bots = match seats(args, &loaded.content, setup.players.len(), err)? {
        Ok(bots) => bots,
        Err(code) => return Ok(code),
    };
    for (seat, profile) in loaded
        .seat_profiles(&setup, |_| None)
        .into_iter()
        .enumerate()
    {
        if profile.is_some() {
            bots.set(args.seed, seat, profile);
        }
    }
    let identity = loaded.race.identity.clone();
    finish_race(
        args,
        &mut race,
        &mut bots,
        (&setup, identity, files),
        out,
        err,
    )
}

/// The seats of the race: random bots, or the `--bots` profiles of the pack at `content`.
fn seats(
    args: &RaceArgs,
    content: &Path,
    players: usize,
    err: &mut dyn Write,
) -> io::Result<Result<crate::sim::Seats, u8>> {
    if args.bots.is_empty() {
        // Today's races, bot for bot: the random bots every earlier record was played by.
        return Ok(Ok(crate::sim::Seats::random(args.seed, players)));
    }
    Ok(
        super::bot_choice::seat_bots(content, &args.bots, players, err)?
            .map(|profiles| crate::sim::Seats::new(args.seed, profiles.iter().map(Some))),
    )
}

/// Checks where a record will go before anything is played, and the paths it will keep.
fn checked_record(
    record: Option<&Path>,
    inputs: &[&Path],
    files: impl FnOnce() -> Result<RecordFiles, String>,
) -> Result<Option<RecordFiles>, String> {
    let Some(record) = record else {
        return Ok(None);
    };
    // A pipe or a device (`--record /dev/stdout`) takes JSON; a file is named by its format.
    let stream = std::fs::metadata(record).is_ok_and(|m| !m.is_file() && !m.is_dir());
    if crate::content::Format::from_path(record).is_none() && !stream {
        return Err(format!(
            "--record {}: a race record is saved as .json or .ron",
            record.display()
        ));
    }
    crate::content::output_path::check_outputs(&[("--record", record)], inputs)?;
    files().map(Some)
}

/// Plays a race set up to its end, writes its record when asked, and prints its report.
fn finish_race(
    args: &RaceArgs,
    race: &mut Race,
    bots: &mut crate::sim::Seats,
    (setup, identity, files): (&RaceSetup, crate::sim::ContentIdentity, Option<RecordFiles>),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    if let Err(e) = play_race(race, bots, false) {
        writeln!(err, "error: {e}")?;
        return Ok(EXIT_CONTENT_ERRORS);
    }
    if let (Some(path), Some(files)) = (args.record.as_deref(), files) {
        let record = RaceRecord::of(race, setup, identity, files.relative_to(path));
        let text = record
            .text_for(path)
            .unwrap_or_else(|| record.to_json().map_err(|e| e.to_string()))
            .map_err(io::Error::other)?;
        if let Err(e) = write_atomic_without_backup(path, text.as_bytes()) {
            writeln!(
                err,
                "{}: error[io]: cannot write the record: {e}",
                path.display()
            )?;
            return Ok(EXIT_UNREADABLE);
        }
    }
    print_report(race, args.seed, args.json, out)?;
    Ok(EXIT_OK)
}

/// `roadwright replay`: the record to play again and how far.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// The race record file.
    pub record: PathBuf,
    /// Stop after this many decisions (the position after decision N).
    #[arg(long)]
    pub to: Option<usize>,
    /// The content pack folder (default: the one recorded).
    #[arg(long)]
    pub content: Option<PathBuf>,
    /// The track file (default: the one recorded).
    #[arg(long)]
    pub track: Option<PathBuf>,
    /// Print the result, the log and the typed events as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Replays a race record (to its end, or to decision `to`) and prints the log and the position.
pub fn replay(args: &ReplayArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let record = match RaceRecord::read(&args.record) {
        Ok(record) => record,
        Err(e) => {
            print_diagnostics(&[Diagnostic::from_load_error(&e)], err)?;
            return Ok(EXIT_UNREADABLE);
        }
    };
    // The record's paths are relative to the record file.
    let (recorded_content, recorded_track) = record.files.resolve(&args.record);
    let content = args.content.clone().unwrap_or(recorded_content);
    let track = args.track.clone().unwrap_or(recorded_track);
    let loaded = if let Some(mission) = record.files.resolve_mission(&args.record) {
        match load_mission_rules(&mission, err)? {
            Ok(loaded) => loaded.race,
            Err(code) => return Ok(code),
        }
    } else {
        match load_rules(
            &content,
            &track,
            &record.content.ruleset,
            record.files.course_seed.unwrap_or(0),
            err,
        )? {
            Ok(loaded) => loaded,
            Err(code) => return Ok(code),
        }
    };
    match record.replay(loaded.rules, &loaded.identity, args.to) {
        Ok(race) => {
            print_report(&race, record.seed, args.json, out)?;
            Ok(EXIT_OK)
        }
        Err(e) => {
            writeln!(err, "{}: error[replay]: {e}", args.record.display())?;
            Ok(EXIT_CONTENT_ERRORS)
        }
    }
}

/// Each seat's part in a race, as its report gives it.
fn player_reports(race: &Race) -> Vec<PlayerReport> {
    race.players()
        .iter()
        .enumerate()
        .map(|(seat, p)| PlayerReport {
            seat: seat + 1,
            team: race.rules().content.teams[p.team].name.to_string(),
            team_id: race.rules().content.teams[p.team].id.to_string(),
            pool: p.pool,
            finish_vp: p.claims.finish,
            kill_vp: p.claims.kills,
            clock_vp: p.clock_removed,
            cars_destroyed: race
                .cars()
                .iter()
                .filter(|c| c.player.index() == seat && c.place == crate::rules::Place::Destroyed)
                .count(),
            side: race.side_of(PlayerId(seat as u8)).and_then(|side| {
                race.mission()
                    .and_then(|m| m.sides.get(side.index()))
                    .map(|s| s.id.to_string())
            }),
            won: race.won_by(PlayerId(seat as u8)),
        })
        .collect()
}

/// Prints a race's log, or its report with the events as JSON.
fn print_report(race: &Race, seed: u64, json: bool, out: &mut dyn Write) -> io::Result<()> {
    let winner = match race.result() {
        Some(RaceResult::Winner(p)) => Some(p.index()),
        _ => None,
    };
    let players = player_reports(race);
    let decisions = race.decisions().len();
    let log = race.log();
    if json {
        let mission = MissionReport::of(race);
        let report = RaceReport {
            seed,
            winners: players.iter().filter(|p| p.won).map(|p| p.seat).collect(),
            winning_side: mission.as_ref().and_then(|m| m.winner.clone()),
            players,
            winner: winner.map(|w| w + 1),
            over: race.is_over(),
            turns: race.turn(),
            decisions,
            log,
            events: race.named_events(),
            mission,
        };
        super::write_json(out, &report)?;
        return Ok(());
    }
    for line in &log {
        writeln!(out, "{line}")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "{} turns, {decisions} decisions, seed {seed}",
        race.turn()
    )?;
    for p in &players {
        writeln!(
            out,
            "seat {:>2} {:<24} pool {:>2}  finish {:>2}  kills {:>2}  clock {:>2}  destroyed {}",
            p.seat, p.team, p.pool, p.finish_vp, p.kill_vp, p.clock_vp, p.cars_destroyed
        )?;
    }
    let mission = MissionReport::of(race);
    if let Some(mission) = &mission {
        writeln!(out, "mission: {}", mission.name)?;
        for side in &mission.sides {
            writeln!(
                out,
                "side {:<12} {:>3} VP  {}",
                side.id,
                side.vp,
                side.teams.join(", ")
            )?;
        }
        for objective in &mission.objectives {
            let standing = match (&objective.met_by, objective.status) {
                (Some(side), _) => format!("met by {side}"),
                (None, status) => status.to_owned(),
            };
            writeln!(
                out,
                "objective {:<16} {:<14} progress {} of {}",
                objective.id,
                standing,
                objective
                    .progress
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join("/"),
                objective.of
            )?;
        }
    }
    match (winner, race.is_over(), mission.and_then(|m| m.winner)) {
        (_, _, Some(side)) => writeln!(out, "winner: side {side}")?,
        (Some(w), _, None) => writeln!(out, "winner: seat {} ({})", w + 1, players[w].team)?,
        (None, true, None) => writeln!(out, "no winner")?,
        (None, false, None) => writeln!(out, "the race goes on")?,
    }
    Ok(())
}
