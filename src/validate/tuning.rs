//! Checks of a tuning spec on its own: something to change, something to aim at, ranges that
//! hold a value, weights that are numbers, metrics that exist, a field and a budget that can be
//! played. What the spec names in its pack (cards, teams, weapon types, cars) is checked when
//! the pack is opened to tune it.

use super::locate::Needle;
use super::report::FileReport;
use crate::content::tuning::{METRIC_IDS, Objective, Parameter, TuningSpec};

/// The most races a spec may budget: a search beyond it is a typo, not a plan.
pub const MAX_BUDGET: u32 = 10_000_000;

/// Checks `spec`, reporting each problem with the field it is in.
pub fn check(spec: &TuningSpec, report: &mut FileReport<'_>) {
    if spec.parameters.is_empty() {
        report.error(
            "tuning-empty",
            None,
            &[Needle::Field("parameters")],
            "the spec lets nothing change: name at least one parameter".to_owned(),
        );
    }
    if spec.objectives.is_empty() {
        report.error(
            "tuning-empty",
            None,
            &[Needle::Field("objectives")],
            "the spec aims at nothing: name at least one objective".to_owned(),
        );
    }
    if !(2..=10).contains(&spec.players) {
        report.error(
            "tuning-players",
            None,
            &[Needle::Field("players")],
            format!("{} players: races have 2 to 10", spec.players),
        );
    }
    if spec.bots.is_empty()
        || (spec.bots.len() != 1 && spec.bots.len() != usize::from(spec.players))
    {
        report.error(
            "tuning-players",
            None,
            &[Needle::Field("bots")],
            format!(
                "{} bot profiles for {} players: name one for every seat, or one for all",
                spec.bots.len(),
                spec.players
            ),
        );
    }
    if spec.budget == 0 || spec.budget > MAX_BUDGET {
        report.error(
            "tuning-budget",
            None,
            &[Needle::Field("budget")],
            format!("a budget of {} races: give 1 to {MAX_BUDGET}", spec.budget),
        );
    }
    for parameter in &spec.parameters {
        check_parameter(parameter, report);
    }
    for objective in &spec.objectives {
        check_objective(objective, report);
    }
}

fn check_parameter(parameter: &Parameter, report: &mut FileReport<'_>) {
    let (name, empty) = match parameter {
        Parameter::RaceCardCount { card, min, max }
        | Parameter::MovementEventCount { card, min, max } => (card.to_string(), min > max),
        Parameter::RaceCardSpeed { card, min, max } => (card.to_string(), min > max),
        Parameter::CombatDamage {
            card,
            weapon,
            min,
            max,
        } => (format!("{card} / {weapon}"), min > max),
        Parameter::CarDefense { team, min, max, .. }
        | Parameter::CarBaseMp { team, min, max, .. } => (team.to_string(), min > max),
        Parameter::CarWeapon { team, car, choices } => {
            (format!("{team} #{car}"), choices.is_empty())
        }
        Parameter::CarMount { team, car, choices } => {
            (format!("{team} #{car}"), choices.is_empty())
        }
        Parameter::VictoryPoints { min, max } => {
            ("victory points".to_owned(), min > max || *min == 0)
        }
    };
    if empty {
        report.error(
            "tuning-range",
            None,
            &[Needle::Field("parameters"), Needle::Value(&name)],
            format!("the parameter for `{name}` leaves no value to try (min above max, no choices, or no VP)"),
        );
    }
}

fn check_objective(objective: &Objective, report: &mut FileReport<'_>) {
    match objective {
        Objective::WinRateSpread { .. }
        | Objective::FairShare { .. }
        | Objective::FirstSeatAdvantage { .. } => {}
        Objective::RaceLength {
            min_turns,
            max_turns,
            ..
        } => {
            if !(min_turns.is_finite() && max_turns.is_finite() && min_turns <= max_turns) {
                report.error(
                    "tuning-range",
                    None,
                    &[Needle::Field("min_turns")],
                    format!("race length {min_turns} to {max_turns} turns is no range"),
                );
            }
        }
        Objective::Metric {
            metric,
            above,
            below,
            ..
        } => {
            if !METRIC_IDS.contains(&metric.as_str()) {
                report.error(
                    "tuning-metric",
                    None,
                    &[Needle::Value(metric.as_str())],
                    format!(
                        "no design metric `{metric}`; the metrics are {}",
                        METRIC_IDS.join(", ")
                    ),
                );
            }
            let bounds_bad = match (above, below) {
                (None, None) => true,
                (Some(a), Some(b)) => !(a.is_finite() && b.is_finite() && a <= b),
                (Some(v), None) | (None, Some(v)) => !v.is_finite(),
            };
            if bounds_bad {
                report.error(
                    "tuning-range",
                    None,
                    &[Needle::Value(metric.as_str())],
                    format!(
                        "the objective on `{metric}` needs `above`, `below` or both, finite, \
                         above not over below"
                    ),
                );
            }
        }
    }
    let weight = objective.weight();
    if !(weight.is_finite() && weight >= 0.0) {
        report.error(
            "tuning-weight",
            None,
            &[Needle::Field("weight")],
            format!("an objective's weight of {weight}: weights are finite and not negative"),
        );
    }
}
