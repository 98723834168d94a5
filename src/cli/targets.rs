//! `roadwright targets`: the cars a scenario's active car could fire at (8.1), before it moves
//! and after each movement its card allows, with the chance to hit and the expected damage.

use std::io::{self, Write};
use std::path::PathBuf;

use serde::Serialize;

use super::EXIT_OK;
use super::moves::{OpenedScenario, open_scenario, start_moving};
use crate::content::team_mats::Mount;
use crate::rules::{CarId, FiringArc, Race, enumerate_end_places};

#[derive(Serialize)]
struct TargetReport {
    car: String,
    at: String,
    arc: FiringArc,
    defense: u8,
    hit_chance: f64,
    expected_damage: f64,
}

#[derive(Serialize)]
struct AfterReport {
    at: String,
    path: Vec<String>,
    targets: Vec<TargetReport>,
}

#[derive(Serialize)]
struct Report {
    scenario: String,
    car: String,
    mount: Mount,
    weapon: String,
    targeting_bonus: bool,
    may_fire_before_moving: bool,
    before: Vec<TargetReport>,
    after: Vec<AfterReport>,
    /// Whether the search stopped at `--max-positions` (places may be missing).
    truncated: bool,
}

fn targets_of(race: &Race, car: CarId) -> Vec<TargetReport> {
    race.target_options(car)
        .into_iter()
        .map(|t| TargetReport {
            car: race.car_name(t.target),
            at: race.track().at(t.space).to_string(),
            arc: t.arc,
            defense: t.defense,
            hit_chance: t.hit_chance,
            expected_damage: t.expected_damage,
        })
        .collect()
}

/// `roadwright targets`: the scenario and how far to search.
#[derive(Debug, clap::Args)]
pub struct TargetsArgs {
    /// The scenario file.
    pub scenario: PathBuf,
    /// Print the targets as JSON.
    #[arg(long)]
    pub json: bool,
    /// Stop the search for the places the car can end on after this many positions (the
    /// list is then marked incomplete).
    #[arg(long, default_value_t = crate::rules::outcomes::DEFAULT_SEARCH_LIMIT)]
    pub max_positions: usize,
}

/// Lists the targets of a scenario's active car before and after moving.
pub fn targets(args: &TargetsArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (path, json, max_positions) = (args.scenario.as_path(), args.json, args.max_positions);
    let mut opened = match open_scenario(path, err)? {
        Ok(opened) => opened,
        Err(code) => return Ok(code),
    };
    let car = opened.car;
    let before = targets_of(&opened.race, car);
    let may_fire_before_moving = opened.race.may_fire_before_moving(car);
    if let Err(code) = start_moving(path, &mut opened, err)? {
        return Ok(code);
    }
    let OpenedScenario { name, race, .. } = opened;
    // One entry per place the car can end on (with the other cars as one way there leaves
    // them): bounded by the track, where every outcome could be hundreds of thousands.
    let places = enumerate_end_places(&race, max_positions);
    if places.truncated {
        writeln!(
            err,
            "{}: note: the search stopped after {} positions, so places may be missing; raise \
             --max-positions to search further",
            path.display(),
            places.visited
        )?;
    }
    let truncated = places.truncated;
    let after = places
        .places
        .iter()
        .map(|place| {
            let outcome = &place.example;
            let moved = outcome.end_position(&race);
            AfterReport {
                at: moved.place_name(moved.car(car).place),
                path: outcome.path_words(&race),
                targets: targets_of(&moved, car),
            }
        })
        .collect();
    let stats = race.stats(car);
    let report = Report {
        scenario: name,
        car: race.car_name(car),
        mount: stats.mount,
        weapon: stats.weapon.to_string(),
        targeting_bonus: stats.targeting_bonus,
        may_fire_before_moving,
        before,
        after,
        truncated,
    };
    super::emit(out, json, &report, print_text)?;
    Ok(EXIT_OK)
}

fn print_targets(targets: &[TargetReport], out: &mut dyn Write) -> io::Result<()> {
    if targets.is_empty() {
        writeln!(out, "     no target in range")?;
    }
    for t in targets {
        writeln!(
            out,
            "     {} at {} ({:?}, defense {}): {:.0}% to hit, {:.2} damage expected",
            t.car,
            t.at,
            t.arc,
            t.defense,
            t.hit_chance * 100.0,
            t.expected_damage
        )?;
    }
    Ok(())
}

fn print_text(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{}: {} ({:?} {}{})",
        report.scenario,
        report.car,
        report.mount,
        report.weapon,
        if report.targeting_bonus {
            ", targeting bonus"
        } else {
            ""
        }
    )?;
    writeln!(
        out,
        "  before moving{}:",
        if report.may_fire_before_moving {
            ""
        } else {
            " (it may not fire before moving)"
        }
    )?;
    print_targets(&report.before, out)?;
    for (i, a) in report.after.iter().enumerate() {
        writeln!(out, "  after moving to {} (place {}):", a.at, i + 1)?;
        print_targets(&a.targets, out)?;
    }
    Ok(())
}
