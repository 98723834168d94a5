//! Tuning confirmed by strong play: the search runs on cheap bots, and its best few candidates
//! (as the search's tuples rate them) are played again, with the pack as it is, by stronger
//! bots on seeds of their own. The candidate the stronger bots score best is the one written.
//!
//! # Decisions taken
//! - **Who chooses**: the stronger bots. A candidate that is fair for racers but not for good
//!   players is the wrong answer to a designer; the cheap bots only narrow the field. When the
//!   stronger bots score no candidate better than the search's best, the search's best is kept
//!   (the earliest on a tie), so a confirmation never changes the answer on noise alone.
//! - **Seeds**: every candidate and the pack as it is play the same confirmation seeds (common
//!   random numbers, as in the search), which neither the search nor the final measurement use.
//! - **How fair is fair**: beside each score the report gives how far the farthest end of any
//!   team's 95% interval lies from the fair share (one race in as many as there are players):
//!   "every team within 3 points of its fair share at 95%" is that figure at most 3.

use std::collections::BTreeMap;

use serde::Serialize;

use super::run::{Change, changes, side_rates, team_rates};
use super::{ConfirmPlan, Evaluation, ObjectiveValue, Search, Tuning, confirm_seed};
use crate::sim::stats::Interval;

/// One candidate as the stronger bots played it.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Confirmed {
    /// Its place in the search's ranking (1: the search's best); 0 for the pack as it is.
    pub rank: usize,
    /// What it changes in the pack.
    pub changes: Vec<Change>,
    /// Its score under the stronger bots (lower is better).
    pub score: f64,
    /// Each objective under the stronger bots.
    pub objectives: Vec<ObjectiveValue>,
    /// Each team's win rate with its 95% interval.
    pub teams: BTreeMap<String, Interval>,
    /// Under a mission, each side's win rate with its 95% interval.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sides: BTreeMap<String, Interval>,
    /// How far, in points, the farthest end of any team's 95% interval lies from the fair
    /// share ([`fair_reach`]); under a mission, any side's from its fair share
    /// ([`side_fair_reach`]).
    pub fair_reach: f64,
    /// The fair share that is measured from, in percent.
    pub fair: f64,
}

/// How near its fair share a team must be, in points, at both ends of its 95% interval, for a
/// pack to be called fair ("every team within 3 points of its fair share at 95%").
pub const FAIR_BAND_POINTS: f64 = 3.0;

impl Confirmed {
    /// Whether every team's 95% interval lies within [`FAIR_BAND_POINTS`] of its fair share.
    #[must_use]
    pub fn fair(&self) -> bool {
        self.fair_reach <= FAIR_BAND_POINTS
    }

    /// Its name in a report: its rank, and whether it is the search's best or the pack as it
    /// is ("1 (the search's best)", "2 (the pack as it is)", "3").
    #[must_use]
    pub fn label(&self) -> String {
        match (self.rank, self.changes.is_empty()) {
            (1, false) => "1 (the search's best)".to_owned(),
            (rank, true) => format!("{rank} (the pack as it is)"),
            (rank, false) => rank.to_string(),
        }
    }
}

/// The stronger bots' verdict.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Confirmation {
    /// The stronger bots, seat by seat.
    pub bots: Vec<String>,
    /// Races each candidate played.
    pub races: usize,
    /// The pack as it is, under the stronger bots.
    pub baseline: Confirmed,
    /// The candidates confirmed, in the search's order.
    pub candidates: Vec<Confirmed>,
    /// The index in `candidates` of the one chosen (and written).
    pub chosen: usize,
    /// Whether the spec aims at every team's (or side's) fair share: then the report says
    /// whether the chosen candidate is fair ([`Confirmed::fair`]) for the stronger bots.
    pub aims_at_fair_share: bool,
    /// Whether fairness is measured by the mission's sides rather than the teams.
    pub by_sides: bool,
}

impl Confirmation {
    /// The candidate chosen.
    #[must_use]
    pub fn chosen(&self) -> Option<&Confirmed> {
        self.candidates.get(self.chosen)
    }

    /// The stronger bots in words ([`bots_in_words`]).
    #[must_use]
    pub fn bots_in_words(&self) -> String {
        bots_in_words(&self.bots)
    }
}

/// Bot profile ids, seat by seat, in words: one id when one profile plays every seat, else
/// the list.
#[must_use]
pub fn bots_in_words(ids: &[String]) -> String {
    match ids.first() {
        Some(first) if ids.iter().all(|id| id == first) => first.clone(),
        _ => ids.join(", "),
    }
}

/// How far, in points, the farthest end of any team's 95% interval lies from the fair share
/// of `players` players (0 with no team).
#[must_use]
pub fn fair_reach(teams: &BTreeMap<String, Interval>, players: u8) -> f64 {
    fair_reach_from(teams, 100.0 / f64::from(players.max(1)))
}

/// How far, in points, the farthest end of any side's 95% interval lies from its fair share
/// (the races some side won, shared evenly: draws are nobody's), and that share in percent.
#[must_use]
pub fn side_fair_reach(sides: &BTreeMap<String, Interval>) -> (f64, f64) {
    let fair = 100.0 * sides.values().map(|i| i.rate).sum::<f64>() / sides.len().max(1) as f64;
    (fair, fair_reach_from(sides, fair))
}

fn fair_reach_from(rates: &BTreeMap<String, Interval>, fair: f64) -> f64 {
    rates
        .values()
        .map(|i| {
            (i.low * 100.0 - fair)
                .abs()
                .max((i.high * 100.0 - fair).abs())
        })
        .fold(0.0, f64::max)
}

/// Plays the pack as it is and the search's `plan.top` best candidates with the plan's bots
/// and chooses one: the confirmation and the point chosen. `None` when `stop` cut it short.
pub fn confirm(
    tuning: &Tuning,
    plan: &ConfirmPlan,
    search: &Search,
    threads: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<(Confirmation, Vec<usize>)>, String> {
    let seed = confirm_seed(tuning.spec.seed);
    let baseline = tuning.baseline();
    let mut points = search.top(tuning, plan.top);
    if points.is_empty() {
        points.push(baseline.clone());
    }
    let confirm_one = |rank: usize, point: &[usize]| -> Result<Option<Confirmed>, String> {
        let evaluation =
            tuning.evaluate_with(&plan.bots, point, plan.races, seed, threads, stop)?;
        if stop() {
            return Ok(None);
        }
        Ok(Some(confirmed(tuning, rank, &baseline, point, &evaluation)))
    };
    let Some(before) = confirm_one(0, &baseline)? else {
        return Ok(None);
    };
    let mut candidates = Vec::with_capacity(points.len());
    for (i, point) in points.iter().enumerate() {
        // The pack as it is among the best is not played again: the same seeds give the same
        // races.
        let candidate = if *point == baseline {
            Confirmed {
                rank: i + 1,
                ..before.clone()
            }
        } else {
            let Some(candidate) = confirm_one(i + 1, point)? else {
                return Ok(None);
            };
            candidate
        };
        candidates.push(candidate);
    }
    // The lowest score; the search's order breaks ties, so noise alone never moves the answer.
    let chosen = candidates.iter().enumerate().fold(0, |best, (i, c)| {
        if c.score < candidates[best].score {
            i
        } else {
            best
        }
    });
    let point = points[chosen].clone();
    Ok(Some((
        Confirmation {
            bots: plan.bots.iter().map(|b| b.id.to_string()).collect(),
            races: plan.races,
            baseline: before,
            candidates,
            chosen,
            aims_at_fair_share: tuning.spec.objectives.iter().any(|o| {
                matches!(
                    o,
                    crate::content::tuning::Objective::FairShare { .. }
                        | crate::content::tuning::Objective::SideFairShare { .. }
                )
            }),
            by_sides: tuning.mission.is_some(),
        },
        point,
    )))
}

/// A candidate's figures under the stronger bots, as the report gives them.
fn confirmed(
    tuning: &Tuning,
    rank: usize,
    baseline: &[usize],
    point: &[usize],
    evaluation: &Evaluation,
) -> Confirmed {
    let teams = team_rates(evaluation);
    let sides = side_rates(evaluation);
    // A mission is fair by its sides: its teams share their side's wins.
    let (fair, fair_reach) = if tuning.mission.is_some() {
        side_fair_reach(&sides)
    } else {
        let players = tuning.spec.players;
        (
            100.0 / f64::from(players.max(1)),
            fair_reach(&teams, players),
        )
    };
    Confirmed {
        rank,
        changes: changes(tuning, baseline, point),
        score: evaluation.score,
        objectives: evaluation.objectives.clone(),
        fair_reach,
        fair,
        sides,
        teams,
    }
}
