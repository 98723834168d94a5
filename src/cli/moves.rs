//! `roadwright moves`: every end position a scenario's card can take its car to.

use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;

use super::race::{load_rules, print_diagnostics};
use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::Document;
use crate::rules::outcomes::Ending;
use crate::rules::{Decision, Race, Step, enumerate_outcomes};
use crate::validate::Diagnostic;

#[derive(Serialize)]
struct CarEnd {
    car: String,
    at: String,
}

#[derive(Serialize)]
struct OutcomeReport {
    cars: Vec<CarEnd>,
    mp_spent: u8,
    ending: String,
    path: Vec<String>,
}

#[derive(Serialize)]
struct Report {
    scenario: String,
    card: String,
    car: String,
    mp: u8,
    outcomes: Vec<OutcomeReport>,
}

/// Describes a movement step for people.
#[must_use]
pub fn describe_step(race: &Race, step: &Step) -> String {
    let at = |s| race.track().at(s).to_string();
    match step {
        Step::Forward { path, tail } => {
            let mut text = format!("forward {}", at(path[0]));
            if path.len() > 1 {
                let pushed: Vec<String> = path[1..].iter().map(|s| at(*s)).collect();
                text.push_str(" pushing to ");
                text.push_str(&pushed.join(", "));
            }
            if !tail.is_empty() {
                text.push_str(" with ");
                text.push_str(&tail.len().to_string());
                text.push_str(" linked behind");
            }
            text
        }
        Step::Lateral { to, forward, .. } => {
            let mut text = format!("lateral {}", at(*to));
            if race.car_on(*to).is_some() {
                text.push_str(" displacing");
            }
            if !forward.is_empty() {
                text.push_str(" (displaced forward to ");
                text.push_str(&at(forward[0]));
                text.push(')');
            }
            text
        }
        Step::Diagonal { to, .. } => format!("diagonal {}", at(*to)),
        Step::Swap { to } => format!("overtake {}", at(*to)),
    }
}

fn describe_ending(race: &Race, ending: Ending) -> String {
    match ending {
        Ending::Spent => "all MP spent".to_owned(),
        Ending::Stuck => "no legal move left".to_owned(),
        Ending::Ram(target) => format!("rams {}", race.car_name(target)),
        Ending::Crossover { moving, blocker } => format!(
            "crossover collision: {} barred by {}",
            race.car_name(moving),
            race.car_name(blocker)
        ),
    }
}

/// Lists the outcomes of a scenario's card.
pub fn moves(path: &Path, json: bool, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let loaded = match Document::load(path) {
        Ok(loaded) => loaded,
        Err(e) => {
            print_diagnostics(&[Diagnostic::from_load_error(&e)], err)?;
            return Ok(EXIT_UNREADABLE);
        }
    };
    let Document::Scenario(scenario) = &loaded.document else {
        writeln!(
            err,
            "{}: error[not-a-scenario]: this is a {} file, not a scenario",
            path.display(),
            loaded.document.kind()
        )?;
        return Ok(EXIT_CONTENT_ERRORS);
    };
    let base = path.parent().unwrap_or(Path::new("."));
    let rules = match load_rules(
        &base.join(scenario.content.as_str()),
        &base.join(scenario.track.as_str()),
        scenario.ruleset.as_str(),
        err,
    )? {
        Ok(loaded) => loaded.rules,
        Err(code) => return Ok(code),
    };
    let (mut race, play) = match Race::from_scenario(rules, scenario) {
        Ok(found) => found,
        Err(e) => {
            writeln!(err, "{}: error[scenario]: {e}", path.display())?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    let Decision::Play { card, car, .. } = play else {
        return Ok(EXIT_CONTENT_ERRORS);
    };
    if let Err(e) = race.apply(&play) {
        writeln!(err, "{}: error[scenario]: {e}", path.display())?;
        return Ok(EXIT_CONTENT_ERRORS);
    }
    if race.movement().is_none() && race.legal_decisions().contains(&Decision::HoldFire) {
        // Moving first: the outcomes are the same whether or not the car fires before.
        let _ = race.apply(&Decision::HoldFire);
    }
    let report = Report {
        scenario: scenario.name.to_string(),
        card: race.rules().content.race_deck[usize::from(card)]
            .name
            .to_string(),
        car: race.car_name(car),
        mp: race.movement().map_or(0, |m| m.total),
        outcomes: outcome_reports(&race),
    };
    if json {
        serde_json::to_writer_pretty(&mut *out, &report).map_err(io::Error::other)?;
        writeln!(out)?;
    } else {
        print_text(&report, out)?;
    }
    Ok(EXIT_OK)
}

/// The outcomes of the movement in progress, described.
fn outcome_reports(race: &Race) -> Vec<OutcomeReport> {
    enumerate_outcomes(race)
        .into_iter()
        .map(|o| OutcomeReport {
            cars: o
                .moved
                .iter()
                .map(|(c, place)| CarEnd {
                    car: race.car_name(*c),
                    at: race.place_name(*place),
                })
                .collect(),
            mp_spent: o.spent,
            ending: describe_ending(race, o.ending),
            path: {
                // Steps are described on a replay so each names the spaces as they were.
                let mut replay = race.clone();
                replay.set_logging(false);
                o.steps
                    .iter()
                    .map(|s| {
                        let text = describe_step(&replay, s);
                        let _ = replay.apply(&Decision::Move(s.clone()));
                        text
                    })
                    .collect()
            },
        })
        .collect()
}

fn print_text(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    {
        writeln!(
            out,
            "{}: {} for {} ({} MP): {} outcomes",
            report.scenario,
            report.card,
            report.car,
            report.mp,
            report.outcomes.len()
        )?;
        for (i, o) in report.outcomes.iter().enumerate() {
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
