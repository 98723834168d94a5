//! `roadwright race`: a whole race with random bots, its log and its result.

use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::rules::{Race, RaceResult, RaceRules, RaceSetup};
use crate::sim::{Bot, RandomBot, play_race};
use crate::validate::Diagnostic;
use crate::validate::open::{open_content, open_track};

#[derive(Serialize)]
struct PlayerReport {
    seat: usize,
    team: String,
    pool: u32,
    finish_vp: u32,
    kill_vp: u32,
    clock_vp: u32,
    cars_destroyed: usize,
}

#[derive(Serialize)]
struct Report {
    seed: u64,
    players: Vec<PlayerReport>,
    winner: Option<usize>,
    turns: u32,
    decisions: usize,
    log: Vec<String>,
    events: Vec<crate::rules::RaceEvent>,
}

/// What `race` needs.
pub struct RaceArgs<'a> {
    /// The track file.
    pub track: &'a Path,
    /// The content folder.
    pub content: &'a Path,
    /// Players, 2-10.
    pub players: usize,
    /// The seed.
    pub seed: u64,
    /// The ruleset's id.
    pub ruleset: &'a str,
    /// Print JSON.
    pub json: bool,
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
pub(crate) fn load_rules(
    content: &Path,
    track: &Path,
    ruleset: &str,
    err: &mut dyn Write,
) -> io::Result<Result<Arc<RaceRules>, u8>> {
    let content = match open_content(content) {
        Ok(content) => content,
        Err(diagnostics) => {
            print_diagnostics(&diagnostics, err)?;
            return Ok(Err(open_failure(&diagnostics)));
        }
    };
    let track = match open_track(track) {
        Ok(track) => track,
        Err(diagnostics) => {
            print_diagnostics(&diagnostics, err)?;
            return Ok(Err(open_failure(&diagnostics)));
        }
    };
    match RaceRules::new(content, track, ruleset) {
        Ok(rules) => Ok(Ok(Arc::new(rules))),
        Err(e) => {
            writeln!(err, "error: {e}")?;
            Ok(Err(EXIT_CONTENT_ERRORS))
        }
    }
}

/// Plays one race with random bots and prints the log and the result.
pub fn race(args: &RaceArgs<'_>, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let rules = match load_rules(args.content, args.track, args.ruleset, err)? {
        Ok(rules) => rules,
        Err(code) => return Ok(code),
    };
    if args.players > rules.content.teams.len() {
        writeln!(
            err,
            "error: {} players need {} teams; the content has {}",
            args.players,
            args.players,
            rules.content.teams.len()
        )?;
        return Ok(EXIT_CONTENT_ERRORS);
    }
    let setup = RaceSetup::first_teams(&rules.content, args.players, args.seed);
    let mut race = match Race::new(rules, &setup) {
        Ok(race) => race,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    let mut bots: Vec<Box<dyn Bot + Send>> = (0..args.players)
        .map(|seat| {
            Box::new(RandomBot::new(
                args.seed.wrapping_mul(1000).wrapping_add(seat as u64),
            )) as Box<dyn Bot + Send>
        })
        .collect();
    let (result, decisions) = match play_race(&mut race, &mut bots, false) {
        Ok(done) => done,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    let winner = match result {
        RaceResult::Winner(p) => Some(p.index()),
        RaceResult::Draw => None,
    };
    let players: Vec<PlayerReport> = race
        .players()
        .iter()
        .enumerate()
        .map(|(seat, p)| PlayerReport {
            seat: seat + 1,
            team: race.rules().content.teams[p.team].name.to_string(),
            pool: p.pool,
            finish_vp: p.claims.finish,
            kill_vp: p.claims.kills,
            clock_vp: p.clock_removed,
            cars_destroyed: race
                .cars()
                .iter()
                .filter(|c| c.player.index() == seat && c.place == crate::rules::Place::Destroyed)
                .count(),
        })
        .collect();
    let log = race.log();
    if args.json {
        let report = Report {
            seed: args.seed,
            players,
            winner: winner.map(|w| w + 1),
            turns: race.turn(),
            decisions,
            log,
            events: race.events().to_vec(),
        };
        serde_json::to_writer_pretty(&mut *out, &report).map_err(io::Error::other)?;
        writeln!(out)?;
    } else {
        for line in &log {
            writeln!(out, "{line}")?;
        }
        writeln!(out)?;
        writeln!(
            out,
            "{} turns, {decisions} decisions, seed {}",
            race.turn(),
            args.seed
        )?;
        for p in &players {
            writeln!(
                out,
                "seat {:>2} {:<24} pool {:>2}  finish {:>2}  kills {:>2}  clock {:>2}  destroyed {}",
                p.seat, p.team, p.pool, p.finish_vp, p.kill_vp, p.clock_vp, p.cars_destroyed
            )?;
        }
        match winner {
            Some(w) => writeln!(out, "winner: seat {} ({})", w + 1, players[w].team)?,
            None => writeln!(out, "no winner")?,
        }
    }
    Ok(EXIT_OK)
}
