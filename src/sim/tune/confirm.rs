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
//! - **Shards**: the confirmation's races can be split into shards ([`play_shard`]), each a
//!   task of a cluster's array job, and joined again ([`merge_shards`]): the folds merged are
//!   the whole confirmation's, so its verdict is the one a single run gives.
//! - **How fair is fair**: beside each score the report gives how far the farthest end of any
//!   team's 95% interval lies from the fair share (one race in as many as there are players):
//!   "every team within 3 points of its fair share at 95%" is that figure at most 3.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::run::{Change, changes, side_rates, team_rates};
use super::{ConfirmPlan, Evaluation, ObjectiveValue, Search, Tuning, confirm_seed};
use crate::sim::batch::Shard;
use crate::sim::batch_fold::BatchFold;
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
    /// What it cost to play.
    pub cost: Cost,
}

impl Confirmation {
    /// The candidate chosen.
    #[must_use]
    pub fn chosen(&self) -> Option<&Confirmed> {
        self.candidates.get(self.chosen)
    }

    /// Whether fairness is measured by the mission's sides rather than the teams: a mission's
    /// confirmation has sides.
    #[must_use]
    pub fn by_sides(&self) -> bool {
        !self.baseline.sides.is_empty()
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

/// The points a confirmation plays, each once: the pack as it is first, then the search's
/// `plan.top` best candidates (the pack as it is among them is not played again: the same
/// seeds give the same races).
#[must_use]
pub fn confirm_points(tuning: &Tuning, plan: &ConfirmPlan, search: &Search) -> Vec<Vec<usize>> {
    let baseline = tuning.baseline();
    let mut points = vec![baseline.clone()];
    points.extend(
        ranked(tuning, plan, search)
            .into_iter()
            .filter(|point| *point != baseline),
    );
    points
}

/// The search's best `plan.top` candidates, best first (the pack as it is when the search
/// evaluated nothing feasible).
fn ranked(tuning: &Tuning, plan: &ConfirmPlan, search: &Search) -> Vec<Vec<usize>> {
    let mut points = search.top(tuning, plan.top);
    if points.is_empty() {
        points.push(tuning.baseline());
    }
    points
}

/// Each confirmed point's races folded, in the order of [`confirm_points`]; `None` for a
/// candidate that cannot be raced.
pub type PointFolds = Vec<Option<BatchFold>>;

/// One share of a confirmation's races ([`Shard`]: every point's races whose index falls to
/// it), folded point by point: what a task of a cluster's array job writes, and what the
/// merge of all of them makes whole again.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ConfirmShard {
    /// Which share.
    pub shard: Shard,
    /// The points played ([`confirm_points`]).
    pub points: Vec<Vec<usize>>,
    /// Each point's races of the share folded.
    pub folds: PointFolds,
    /// The seconds the share took to play.
    pub seconds: f64,
    /// The threads it played on.
    pub threads: usize,
}

/// Plays `shard` of the confirmation's races (every point of [`confirm_points`]) with the
/// plan's bots; `None` when `stop` cut it short.
pub fn play_shard(
    tuning: &Tuning,
    plan: &ConfirmPlan,
    search: &Search,
    shard: Shard,
    threads: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<ConfirmShard>, String> {
    let started = std::time::Instant::now();
    let seed = confirm_seed(tuning.spec.seed);
    let points = confirm_points(tuning, plan, search);
    let mut folds = Vec::with_capacity(points.len());
    for point in &points {
        let fold = tuning.fold_with(&plan.bots, point, (plan.races, seed), shard, threads, stop)?;
        if stop() {
            return Ok(None);
        }
        folds.push(fold);
    }
    Ok(Some(ConfirmShard {
        shard,
        points,
        folds,
        seconds: started.elapsed().as_secs_f64(),
        threads: cores(threads),
    }))
}

/// The threads `threads` means (0: every core).
fn cores(threads: usize) -> usize {
    if threads > 0 {
        threads
    } else {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    }
}

/// Joins the shares of one confirmation: every share of `count` once, all of the same points;
/// each point's folds merged, and what the confirmation cost. An error names the shares
/// missing or the one that does not belong.
pub fn merge_shards(shards: &[ConfirmShard]) -> Result<(PointFolds, Cost), String> {
    let Some(first) = shards.first() else {
        return Err("no confirmation shard".to_owned());
    };
    let count = first.shard.count;
    let mut seen = vec![false; count];
    for shard in shards {
        if shard.shard.count != count || shard.points != first.points {
            return Err(format!(
                "shard {} of {} is not of the same confirmation as shard {} of {count}",
                shard.shard.index, shard.shard.count, first.shard.index
            ));
        }
        let Some(slot) = shard
            .shard
            .index
            .checked_sub(1)
            .and_then(|i| seen.get_mut(i))
        else {
            return Err(format!(
                "shard {} of {count} is no shard of {count}",
                shard.shard.index
            ));
        };
        if std::mem::replace(slot, true) {
            return Err(format!(
                "shard {} of {count} is there twice",
                shard.shard.index
            ));
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| !seen[i - 1])
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "shards {} of {count} are missing",
            missing.join(", ")
        ));
    }
    let mut folds = first.folds.clone();
    for shard in &shards[1..] {
        for (into, from) in folds.iter_mut().zip(&shard.folds) {
            match (into, from) {
                (Some(into), Some(from)) => into.merge(from),
                (into @ None, _) | (into, None) => *into = None,
            }
        }
    }
    let cost = Cost {
        races: folds
            .iter()
            .flatten()
            .map(|f| usize::try_from(f.races).unwrap_or(usize::MAX))
            .sum(),
        seconds: shards.iter().map(|s| s.seconds).sum(),
        parts: count,
        threads: shards.iter().map(|s| s.threads).max().unwrap_or(1),
    };
    Ok((folds, cost))
}

/// What a confirmation cost: the races played, the seconds they took (summed over the parts
/// that played them), in how many parts (1: one run; more: the shards of an array job) and on
/// how many threads each.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Cost {
    /// Races played, every point's together.
    pub races: usize,
    /// Seconds of play, summed over the parts.
    pub seconds: f64,
    /// Parts it was played in: 1, or the shards of an array job.
    pub parts: usize,
    /// Threads each part played on.
    pub threads: usize,
}

impl Cost {
    /// In words: "8000 races in 412 s on 2 threads" or "8000 races in 4 shards, 412 s of
    /// task time, on 1 thread each".
    #[must_use]
    pub fn words(&self) -> String {
        let threads = if self.threads == 1 {
            "1 thread".to_owned()
        } else {
            format!("{} threads", self.threads)
        };
        if self.parts > 1 {
            format!(
                "{} races in {} shards, {:.0} s of task time, on {threads} each",
                self.races, self.parts, self.seconds
            )
        } else {
            format!("{} races in {:.0} s on {threads}", self.races, self.seconds)
        }
    }
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
    let Some(played) = play_shard(tuning, plan, search, Shard::WHOLE, threads, stop)? else {
        return Ok(None);
    };
    let (folds, cost) = merge_shards(std::slice::from_ref(&played))?;
    Ok(Some(verdict(tuning, plan, search, &folds, cost)))
}

/// The stronger bots' verdict from the folds of every point of [`confirm_points`]: each
/// candidate's figures, and the one chosen (the lowest score; the search's order breaks ties,
/// so noise alone never moves the answer).
#[must_use]
pub fn verdict(
    tuning: &Tuning,
    plan: &ConfirmPlan,
    search: &Search,
    folds: &[Option<BatchFold>],
    cost: Cost,
) -> (Confirmation, Vec<usize>) {
    let baseline = tuning.baseline();
    let points = confirm_points(tuning, plan, search);
    let figures = |rank: usize, point: &[usize]| {
        let fold = points
            .iter()
            .position(|p| p == point)
            .and_then(|i| folds.get(i))
            .and_then(Option::as_ref);
        confirmed(tuning, rank, &baseline, point, &tuning.scored(point, fold))
    };
    let before = figures(0, &baseline);
    let ranked = ranked(tuning, plan, search);
    let candidates: Vec<Confirmed> = ranked
        .iter()
        .enumerate()
        .map(|(i, point)| figures(i + 1, point))
        .collect();
    let chosen = candidates.iter().enumerate().fold(0, |best, (i, c)| {
        if c.score < candidates[best].score {
            i
        } else {
            best
        }
    });
    let point = ranked[chosen].clone();
    (
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
            cost,
        },
        point,
    )
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
