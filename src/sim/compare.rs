//! Comparing two batches played on the same seeds (two content versions, two tracks): each
//! metric's difference with a 95% interval, so a designer sees what an edit changed.
//!
//! Win rates and ending shares are proportions: their difference gets the normal interval of a
//! difference of two proportions. Race length is a mean: Welch's interval. Both at z = 1.96.

use std::collections::BTreeMap;

use serde::Serialize;

use super::batch::{RaceEnd, RaceSummary, SpaceCounts};

/// A metric in batch A and batch B, and B minus A with its 95% interval.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct Difference {
    /// The value in batch A.
    pub a: f64,
    /// The value in batch B.
    pub b: f64,
    /// B minus A.
    pub diff: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Difference {
    /// Whether the interval leaves out zero: a change the batch size can tell from noise.
    #[must_use]
    pub fn significant(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }
}

const Z: f64 = 1.96;

/// The difference of two proportions `ka / na` and `kb / nb`.
#[must_use]
pub fn proportion_difference(ka: usize, na: usize, kb: usize, nb: usize) -> Difference {
    let (na, nb) = (na.max(1) as f64, nb.max(1) as f64);
    let (a, b) = (ka as f64 / na, kb as f64 / nb);
    let half = Z * (a * (1.0 - a) / na + b * (1.0 - b) / nb).sqrt();
    Difference {
        a,
        b,
        diff: b - a,
        low: b - a - half,
        high: b - a + half,
    }
}

/// The difference of two means (Welch).
#[must_use]
pub fn mean_difference(a: &[f64], b: &[f64]) -> Difference {
    let stats = |v: &[f64]| {
        let n = v.len().max(1) as f64;
        let mean = v.iter().sum::<f64>() / n;
        let var = if v.len() > 1 {
            v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        (mean, var / n)
    };
    let ((ma, va), (mb, vb)) = (stats(a), stats(b));
    let half = Z * (va + vb).sqrt();
    Difference {
        a: ma,
        b: mb,
        diff: mb - ma,
        low: mb - ma - half,
        high: mb - ma + half,
    }
}

/// What changed between batch A and batch B.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Comparison {
    /// Each team's win rate.
    pub team_win_rate: BTreeMap<String, Difference>,
    /// The first seat's win rate.
    pub first_seat_win_rate: Difference,
    /// Race length in turns.
    pub turns: Difference,
    /// Race length in decisions.
    pub decisions: Difference,
    /// The share of races won at the finish line.
    pub finish_line_endings: Difference,
    /// The share of races won by a kill.
    pub kill_endings: Difference,
    /// The share of races drawn.
    pub draws: Difference,
    /// Damage dealt per seat and race.
    pub damage_dealt: Difference,
    /// Cars eliminated per race.
    pub eliminations: Difference,
    /// Collision attacks (rams and sideswipes) per race.
    pub collisions: Difference,
    /// Crossover collisions per race (7.12).
    pub crossover_collisions: Difference,
    /// Movement events drawn per race.
    pub events_drawn: Difference,
}

/// Compares two batches.
#[must_use]
pub fn compare(a: &[RaceSummary], b: &[RaceSummary]) -> Comparison {
    let (na, nb) = (a.len(), b.len());
    let wins = |races: &[RaceSummary], team: &str| -> (usize, usize) {
        let mut played = 0;
        let mut won = 0;
        for r in races {
            for (seat, s) in r.seats.iter().enumerate() {
                if s.team == team {
                    played += 1;
                    won += usize::from(r.winner == Some(seat));
                }
            }
        }
        (won, played)
    };
    let mut teams: Vec<String> = a
        .iter()
        .chain(b)
        .flat_map(|r| r.seats.iter().map(|s| s.team.clone()))
        .collect();
    teams.sort();
    teams.dedup();
    let team_win_rate = teams
        .into_iter()
        .map(|team| {
            let (wa, pa) = wins(a, &team);
            let (wb, pb) = wins(b, &team);
            (team, proportion_difference(wa, pa, wb, pb))
        })
        .collect();
    let count = |races: &[RaceSummary], f: &dyn Fn(&RaceSummary) -> bool| {
        races.iter().filter(|r| f(r)).count()
    };
    let share =
        |f: &dyn Fn(&RaceSummary) -> bool| proportion_difference(count(a, f), na, count(b, f), nb);
    let values = |races: &[RaceSummary], f: &dyn Fn(&RaceSummary) -> f64| -> Vec<f64> {
        races.iter().map(f).collect()
    };
    let dealt = |races: &[RaceSummary]| -> Vec<f64> {
        races
            .iter()
            .flat_map(|r| r.seats.iter().map(|s| f64::from(s.damage_dealt)))
            .collect()
    };
    // Totals over the track's spaces, race by race.
    let per_race = |f: fn(&SpaceCounts) -> u32| {
        let of = |races: &[RaceSummary]| -> Vec<f64> {
            races
                .iter()
                .map(|r| f64::from(r.spaces.iter().map(f).sum::<u32>()))
                .collect()
        };
        mean_difference(&of(a), &of(b))
    };
    Comparison {
        team_win_rate,
        first_seat_win_rate: share(&|r| r.winner == Some(0)),
        turns: mean_difference(
            &values(a, &|r| f64::from(r.turns)),
            &values(b, &|r| f64::from(r.turns)),
        ),
        decisions: mean_difference(
            &values(a, &|r| r.decisions as f64),
            &values(b, &|r| r.decisions as f64),
        ),
        finish_line_endings: share(&|r| r.end == RaceEnd::FinishLine),
        kill_endings: share(&|r| r.end == RaceEnd::Kill),
        draws: share(&|r| r.end == RaceEnd::Draw),
        damage_dealt: mean_difference(&dealt(a), &dealt(b)),
        eliminations: per_race(|s| s.eliminations),
        collisions: per_race(|s| s.collisions),
        crossover_collisions: per_race(|s| s.crossover_collisions),
        events_drawn: mean_difference(
            &values(a, &|r| f64::from(r.events_drawn)),
            &values(b, &|r| f64::from(r.events_drawn)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_batches_differ_by_nothing_and_far_apart_ones_significantly() {
        let same = proportion_difference(40, 100, 40, 100);
        assert!(same.diff.abs() < 1e-12 && !same.significant());
        let apart = proportion_difference(20, 200, 120, 200);
        assert!((apart.diff - 0.5).abs() < 1e-12 && apart.significant());
        let means = mean_difference(&[1.0, 2.0, 3.0, 4.0], &[11.0, 12.0, 13.0, 14.0]);
        assert!((means.diff - 10.0).abs() < 1e-12 && means.significant());
    }
}
