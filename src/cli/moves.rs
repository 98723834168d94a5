//! `roadwright moves`: every end position a scenario's card can take its car to.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::race::{load_rules, print_diagnostics};
use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::Document;
use crate::rules::{
    CarId, Decision, EndingKind, Marker, Outcome, Race, count_outcomes_by_place,
    enumerate_end_places, enumerate_outcomes_at_most,
};
use crate::validate::Diagnostic;

#[derive(Serialize)]
struct CarEnd {
    car: String,
    at: String,
}

/// A car the outcome changes: where it ends, its damage and markers.
#[derive(Serialize)]
struct AffectedCar {
    car: String,
    at: String,
    damage: u8,
    damage_taken: u8,
    markers: Vec<Marker>,
}

/// A team whose VP the outcome changes.
#[derive(Serialize)]
struct VpReport {
    team: String,
    finish: i64,
    kills: i64,
    pool: u32,
}

#[derive(Serialize)]
struct OutcomeReport {
    cars: Vec<CarEnd>,
    affected: Vec<AffectedCar>,
    vp: Vec<VpReport>,
    mp_spent: u8,
    ending: String,
    ending_kind: &'static str,
    path: Vec<String>,
}

/// The most outcomes `moves --all` lists: each carries its whole path, and a long movement in
/// a packed field has hundreds of thousands (which did not fit in 2 GiB).
const MOST_LISTED_OUTCOMES: usize = 10_000;

/// A place the active car can end on: how many distinct outcomes end there and one of them.
#[derive(Serialize)]
struct PlaceReport {
    at: String,
    /// Distinct outcomes ending there: all of them, or, when the search was cut short
    /// (`counted_all` false), at least this many.
    outcomes: usize,
    /// Whether every outcome was counted.
    counted_all: bool,
    /// The kinds of ending there: spent, stuck, ram, crossover.
    endings: Vec<&'static str>,
    /// One outcome ending there, with its path.
    example: OutcomeReport,
}

#[derive(Serialize)]
struct Report {
    scenario: String,
    card: String,
    car: String,
    mp: u8,
    /// The places the active car can end on (the default answer).
    places: Vec<PlaceReport>,
    /// Every distinct outcome (with `--all`).
    #[serde(skip_serializing_if = "Option::is_none")]
    outcomes: Option<Vec<OutcomeReport>>,
    /// Whether the search stopped at its limit.
    truncated: bool,
    /// Positions the search visited.
    positions: usize,
}

/// A scenario opened: the race before the card is played, and the play.
pub(crate) struct OpenedScenario {
    /// The scenario's name.
    pub name: String,
    /// The race position.
    pub race: Race,
    /// The card played for the active car.
    pub play: Decision,
    /// The active car.
    pub car: CarId,
    /// The race card kind played.
    pub card: u16,
}

/// Opens a scenario file and the content and track it names, printing problems to `err`.
pub(crate) fn open_scenario(
    path: &Path,
    err: &mut dyn Write,
) -> io::Result<Result<OpenedScenario, u8>> {
    let loaded = match Document::load(path) {
        Ok(loaded) => loaded,
        Err(e) => {
            print_diagnostics(&[Diagnostic::from_load_error(&e)], err)?;
            return Ok(Err(EXIT_UNREADABLE));
        }
    };
    let Document::Scenario(scenario) = &loaded.document else {
        writeln!(
            err,
            "{}: error[not-a-scenario]: this is a {} file, not a scenario",
            path.display(),
            loaded.document.kind()
        )?;
        return Ok(Err(EXIT_CONTENT_ERRORS));
    };
    let base = path.parent().unwrap_or(Path::new("."));
    let Ok(loaded) = load_rules(
        &base.join(scenario.content.as_str()),
        &base.join(scenario.track.as_str()),
        scenario.ruleset.as_str(),
        0,
        err,
    )?
    else {
        // The scenario, the file named on the command line, was read: what it names and cannot
        // be used is its content's fault (exit 1), as `validate` says of it.
        writeln!(
            err,
            "{}: error[scenario]: the scenario's content `{}` or track `{}` has errors",
            path.display(),
            scenario.content,
            scenario.track
        )?;
        return Ok(Err(EXIT_CONTENT_ERRORS));
    };
    let rules = loaded.rules;
    match Race::from_scenario(rules, scenario) {
        Ok((race, play)) => {
            let Decision::Play { card, car, .. } = play else {
                return Ok(Err(EXIT_CONTENT_ERRORS));
            };
            Ok(Ok(OpenedScenario {
                name: scenario.name.to_string(),
                race,
                play,
                car,
                card,
            }))
        }
        Err(e) => {
            writeln!(err, "{}: error[scenario]: {e}", path.display())?;
            Ok(Err(EXIT_CONTENT_ERRORS))
        }
    }
}

/// Plays the scenario's card and moves first (the outcomes are the same whether or not the
/// car fires before moving).
pub(crate) fn start_moving(
    path: &Path,
    opened: &mut OpenedScenario,
    err: &mut dyn Write,
) -> io::Result<Result<(), u8>> {
    let race = &mut opened.race;
    if let Err(e) = race.play_to_movement(&opened.play) {
        writeln!(err, "{}: error[scenario]: {e}", path.display())?;
        return Ok(Err(EXIT_CONTENT_ERRORS));
    }
    Ok(Ok(()))
}

/// `roadwright moves`: the scenario and how much to list.
#[derive(Debug, clap::Args)]
pub struct MovesArgs {
    /// The scenario file.
    pub scenario: PathBuf,
    /// Print the outcomes as JSON.
    #[arg(long)]
    pub json: bool,
    /// List every distinct outcome too, not only the places the car can end on (each
    /// with its number of outcomes and one path).
    #[arg(long)]
    pub all: bool,
    /// Stop the search after this many positions (the list is then marked incomplete).
    #[arg(long, default_value_t = crate::rules::outcomes::DEFAULT_SEARCH_LIMIT)]
    pub max_positions: usize,
}

/// Lists where a scenario's card can take its car: the end places, each with its number of
/// outcomes and one path; with `--all`, every distinct outcome.
pub fn moves(args: &MovesArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (path, json, all, max_positions) = (
        args.scenario.as_path(),
        args.json,
        args.all,
        args.max_positions,
    );
    let mut opened = match open_scenario(path, err)? {
        Ok(opened) => opened,
        Err(code) => return Ok(code),
    };
    if let Err(code) = start_moving(path, &mut opened, err)? {
        return Ok(code);
    }
    let OpenedScenario {
        name,
        race,
        car,
        card,
        ..
    } = opened;
    let report = Report {
        scenario: name,
        card: race.rules().content.race_deck[usize::from(card)]
            .name
            .to_string(),
        car: race.car_name(car),
        mp: race.movement().map_or(0, |m| m.total),
        places: Vec::new(),
        outcomes: None,
        truncated: false,
        positions: 0,
    };
    let grouped = enumerate_end_places(&race, max_positions);
    let counts = count_outcomes_by_place(&race, max_positions);
    let places = grouped
        .places
        .into_iter()
        .map(|p| PlaceReport {
            at: race.place_name(p.place),
            // A place with an example has at least that outcome, even when the counting
            // search stopped before it got there.
            outcomes: counts.by_place.get(&p.place).copied().unwrap_or(0).max(1),
            counted_all: !counts.truncated,
            endings: p.endings.iter().map(|e| ending_word(*e)).collect(),
            example: outcome_reports(&race, vec![p.example]).remove(0),
        })
        .collect();
    let mut report = Report {
        places,
        truncated: grouped.truncated || counts.truncated,
        positions: counts.visited,
        ..report
    };
    if all {
        let found = enumerate_outcomes_at_most(&race, max_positions, MOST_LISTED_OUTCOMES);
        if found.outcomes.len() >= MOST_LISTED_OUTCOMES {
            writeln!(
                err,
                "{}: note: --all lists at most {MOST_LISTED_OUTCOMES} outcomes; the places above \
                 count them all",
                path.display()
            )?;
        }
        report.outcomes = Some(outcome_reports(&race, found.outcomes));
        report.truncated |= found.truncated;
    }
    if report.truncated {
        writeln!(
            err,
            "{}: note: the search stopped after {} positions, so the list may miss outcomes; \
             raise --max-positions to search further",
            path.display(),
            report.positions
        )?;
    }
    super::emit(out, json, &report, print_text)?;
    Ok(EXIT_OK)
}

/// The outcomes of the movement in progress, described.
fn outcome_reports(race: &Race, outcomes: Vec<Outcome>) -> Vec<OutcomeReport> {
    outcomes
        .into_iter()
        .map(|o| {
            let effects = o.effects(race);
            OutcomeReport {
                cars: o
                    .moved
                    .iter()
                    .map(|(c, place)| CarEnd {
                        car: race.car_name(*c),
                        at: race.place_name(*place),
                    })
                    .collect(),
                affected: effects
                    .cars
                    .iter()
                    .map(|c| AffectedCar {
                        car: race.car_name(c.car),
                        at: race.place_name(c.place),
                        damage: c.damage,
                        damage_taken: c.damage_taken,
                        markers: c.markers.clone(),
                    })
                    .collect(),
                vp: effects
                    .vp
                    .iter()
                    .map(|v| VpReport {
                        team: race.team_of(v.player).name.to_string(),
                        finish: v.finish,
                        kills: v.kills,
                        pool: v.pool,
                    })
                    .collect(),
                mp_spent: o.spent,
                ending: race.describe_ending(o.ending),
                ending_kind: ending_word(o.ending.kind()),
                path: o.path_words(race),
            }
        })
        .collect()
}

/// A kind of ending as reports name it.
fn ending_word(kind: EndingKind) -> &'static str {
    match kind {
        EndingKind::Spent => "spent",
        EndingKind::Stuck => "stuck",
        EndingKind::Ram => "ram",
        EndingKind::Crossover => "crossover",
        EndingKind::Wrecked => "wrecked",
    }
}

fn print_text(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{}: {} for {} ({} MP): {} places to end on",
        report.scenario,
        report.card,
        report.car,
        report.mp,
        report.places.len()
    )?;
    for p in &report.places {
        writeln!(
            out,
            "  {} — {}{} outcome{} ({}); one way: {}",
            p.at,
            if p.counted_all { "" } else { "at least " },
            p.outcomes,
            if p.outcomes == 1 { "" } else { "s" },
            p.endings.join(", "),
            p.example.path.join(", ")
        )?;
    }
    if let Some(outcomes) = &report.outcomes {
        writeln!(out, "every outcome ({}):", outcomes.len())?;
        for (i, o) in outcomes.iter().enumerate() {
            let cars: Vec<String> = o
                .cars
                .iter()
                .map(|c| format!("{} → {}", c.car, c.at))
                .collect();
            writeln!(
                out,
                "{:>3}. {} — {} MP, {}",
                i + 1,
                if cars.is_empty() {
                    "nobody moves".to_owned()
                } else {
                    cars.join("; ")
                },
                o.mp_spent,
                o.ending
            )?;
            writeln!(out, "     path: {}", o.path.join(", "))?;
        }
    }
    Ok(())
}
