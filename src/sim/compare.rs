//! Comparing two batches played on the same seeds (two content versions, two tracks): each
//! metric's difference with a 95% interval, so a designer sees what an edit changed.
//!
//! Win rates and ending shares are proportions: their difference gets the normal interval of a
//! difference of two proportions. Race length is a mean: Welch's interval. Both at z = 1.96.

use std::collections::BTreeMap;

use serde::Serialize;

use super::batch::RaceEnd;
use super::batch_fold::{BatchFold, Moments};

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
    /// B minus A of two proportions in points with its interval: "+10.0 (+3.6 to +17.4)".
    #[must_use]
    pub fn points_words(&self) -> String {
        format!(
            "{:+.1} ({:+.1} to {:+.1})",
            self.diff * 100.0,
            self.low * 100.0,
            self.high * 100.0
        )
    }

    /// Whether the interval leaves out zero: a change the batch size can tell from noise.
    #[must_use]
    pub fn significant(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }

    /// Whether it is a change, in the words every screen and report uses: "changed" (beyond
    /// noise) or "within noise".
    #[must_use]
    pub fn verdict(&self) -> &'static str {
        if self.significant() {
            "changed"
        } else {
            "within noise"
        }
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

/// The difference of two means (Welch) from the exact sums a fold keeps.
#[must_use]
pub fn moments_difference(a: &Moments, b: &Moments) -> Difference {
    let stats = |m: &Moments| (m.mean(), m.variance() / m.n.max(1) as f64);
    welch(stats(a), stats(b))
}

/// B minus A of two means, each with the variance of its mean.
fn welch((ma, va): (f64, f64), (mb, vb): (f64, f64)) -> Difference {
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
    /// The share of races of each ending either batch had (won at the finish line, by a kill,
    /// by a mission's objective, at its turn limit, settled, drawn), by ending id, in
    /// [`RaceEnd::ALL`]'s order.
    pub endings: Vec<(RaceEnd, Difference)>,
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
    /// Each design metric ([`super::metrics`]), by id, in the order they are listed.
    pub design: Vec<(String, Difference)>,
}

/// Compares two folded batches.
#[must_use]
pub fn compare_folds(a: &BatchFold, b: &BatchFold) -> Comparison {
    let (na, nb) = (a.races as usize, b.races as usize);
    let mut teams: Vec<&String> = a.teams.keys().chain(b.teams.keys()).collect();
    teams.sort();
    teams.dedup();
    let team_win_rate = teams
        .into_iter()
        .map(|team| {
            let of = |fold: &BatchFold| {
                fold.teams
                    .get(team)
                    .map_or((0, 0), |t| (t.wins as usize, t.races as usize))
            };
            let ((wa, pa), (wb, pb)) = (of(a), of(b));
            (team.clone(), proportion_difference(wa, pa, wb, pb))
        })
        .collect();
    let share = |end: RaceEnd| {
        proportion_difference(
            a.ending_count(end) as usize,
            na,
            b.ending_count(end) as usize,
            nb,
        )
    };
    let first_seat = |fold: &BatchFold| fold.seat_wins.first().copied().unwrap_or(0) as usize;
    Comparison {
        team_win_rate,
        first_seat_win_rate: proportion_difference(first_seat(a), na, first_seat(b), nb),
        turns: moments_difference(&a.turn_moments, &b.turn_moments),
        decisions: moments_difference(&a.decision_moments, &b.decision_moments),
        endings: RaceEnd::ALL
            .iter()
            .filter(|end| a.ending_count(**end) + b.ending_count(**end) > 0)
            .map(|end| (*end, share(*end)))
            .collect(),
        damage_dealt: moments_difference(&a.seat_damage_dealt, &b.seat_damage_dealt),
        eliminations: moments_difference(&a.eliminations, &b.eliminations),
        collisions: moments_difference(&a.collisions, &b.collisions),
        crossover_collisions: moments_difference(&a.crossover_collisions, &b.crossover_collisions),
        events_drawn: moments_difference(&a.events_drawn, &b.events_drawn),
        design: super::metrics::METRICS
            .iter()
            .map(|metric| {
                let of = |fold: &BatchFold| fold.design.get(metric.id).copied().unwrap_or_default();
                let scaled = moments_difference(&of(a), &of(b));
                // The sums are in millionths: the difference comes back in the metric's units.
                let scale = super::metrics::SCALE;
                let d = Difference {
                    a: scaled.a / scale,
                    b: scaled.b / scale,
                    diff: scaled.diff / scale,
                    low: scaled.low / scale,
                    high: scaled.high / scale,
                };
                (metric.id.to_owned(), d)
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The difference of two means (Welch) from the values themselves, the two-pass way: what
    /// the folded sums must agree with.
    fn mean_difference(a: &[f64], b: &[f64]) -> Difference {
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
        welch(stats(a), stats(b))
    }

    #[test]
    fn equal_batches_differ_by_nothing_and_far_apart_ones_significantly() {
        let same = proportion_difference(40, 100, 40, 100);
        assert!(same.diff.abs() < 1e-12 && !same.significant());
        let apart = proportion_difference(20, 200, 120, 200);
        assert!((apart.diff - 0.5).abs() < 1e-12 && apart.significant());
        let means = mean_difference(&[1.0, 2.0, 3.0, 4.0], &[11.0, 12.0, 13.0, 14.0]);
        assert!((means.diff - 10.0).abs() < 1e-12 && means.significant());
        // The exact sums a fold keeps give the same interval as the values themselves.
        let moments = |values: &[u64]| {
            let mut m = Moments::default();
            for v in values {
                m.add(*v);
            }
            m
        };
        let folded = moments_difference(&moments(&[1, 2, 3, 4]), &moments(&[11, 12, 13, 14]));
        assert!(
            (folded.low - means.low).abs() < 1e-12,
            "{folded:?} {means:?}"
        );
        assert!((folded.high - means.high).abs() < 1e-12);
    }
}
