//! The N-Tuple Bandit Evolutionary Algorithm (Lucas, Liu and Perez-Liebana 2018; TAG tunes
//! game parameters with it): a search for noisy objectives over a grid of discrete
//! parameters. It keeps the mean value seen for every single parameter value (1-tuples) and
//! for every whole point (the N-tuple); each step mutates the current point into a few
//! neighbours, evaluates the one with the best upper confidence bound over those tuples, and
//! moves there. The best point is the one the tuples rate highest, not the luckiest single
//! evaluation, which is what makes it fit for noise.
//!
//! Deterministic: its randomness is a seeded `ChaCha` RNG, and the same values fed in give the
//! same proposals (so a search can be resumed by replaying what it evaluated).

use std::collections::BTreeMap;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A count and a sum of values.
#[derive(Clone, Copy, Debug, Default)]
struct Seen {
    n: u32,
    sum: f64,
}

impl Seen {
    fn mean(self) -> Option<f64> {
        (self.n > 0).then(|| self.sum / f64::from(self.n))
    }
}

/// The search's state. Values are maximised.
#[derive(Clone, Debug)]
pub struct Ntbea {
    sizes: Vec<usize>,
    /// Each dimension's values seen, by value: only the values evaluated have an entry, so the
    /// tables grow with the evaluations (the budget), never with a parameter's range.
    one: Vec<BTreeMap<usize, Seen>>,
    whole: BTreeMap<Vec<usize>, Seen>,
    total: u32,
    rng: ChaCha8Rng,
    /// The exploration constant of the upper confidence bound (in the values' units).
    pub exploration: f64,
    /// Neighbours proposed at each step.
    pub neighbours: usize,
}

impl Ntbea {
    /// A search over points whose dimension `d` takes `sizes[d]` values.
    #[must_use]
    pub fn new(sizes: Vec<usize>, seed: u64) -> Self {
        Self {
            one: vec![BTreeMap::new(); sizes.len()],
            sizes,
            whole: BTreeMap::new(),
            total: 0,
            rng: ChaCha8Rng::seed_from_u64(seed),
            exploration: 1.0,
            neighbours: 50,
        }
    }

    /// Records that `point` was evaluated at `value`.
    pub fn record(&mut self, point: &[usize], value: f64) {
        for (d, &v) in point.iter().enumerate() {
            if v < self.sizes.get(d).copied().unwrap_or(0)
                && let Some(dim) = self.one.get_mut(d)
            {
                let seen = dim.entry(v).or_default();
                seen.n += 1;
                seen.sum += value;
            }
        }
        let seen = self.whole.entry(point.to_vec()).or_default();
        seen.n += 1;
        seen.sum += value;
        self.total += 1;
    }

    /// The tuples' estimate of a point's value (the mean of the means it has), or `None` for
    /// a point none of whose tuples was seen.
    #[must_use]
    pub fn estimate(&self, point: &[usize]) -> Option<f64> {
        let means: Vec<f64> = self
            .tuples(point)
            .into_iter()
            .filter_map(Seen::mean)
            .collect();
        #[allow(clippy::cast_precision_loss)] // A handful of tuples.
        (!means.is_empty()).then(|| means.iter().sum::<f64>() / means.len() as f64)
    }

    /// The upper confidence bound of a point over its tuples: a tuple never seen counts as
    /// very promising, so the search tries every value.
    fn bound(&self, point: &[usize]) -> f64 {
        let log = (f64::from(self.total) + 1.0).ln();
        let tuples = self.tuples(point);
        #[allow(clippy::cast_precision_loss)] // A handful of tuples.
        let count = tuples.len().max(1) as f64;
        tuples
            .into_iter()
            .map(|seen| match seen.mean() {
                Some(mean) => mean + self.exploration * (log / f64::from(seen.n)).sqrt(),
                None => 1e9,
            })
            .sum::<f64>()
            / count
    }

    fn tuples(&self, point: &[usize]) -> Vec<Seen> {
        let mut tuples: Vec<Seen> = point
            .iter()
            .enumerate()
            .map(|(d, &v)| self.one[d].get(&v).copied().unwrap_or_default())
            .collect();
        if point.len() > 1 {
            tuples.push(self.whole.get(point).copied().unwrap_or_default());
        }
        tuples
    }

    /// The next point to evaluate from `current`: the neighbour with the best bound among
    /// [`Self::neighbours`] mutations (each dimension changes with chance 1/d, at least one).
    pub fn propose(&mut self, current: &[usize]) -> Vec<usize> {
        let dims = self.sizes.len();
        let mut best: Option<(f64, Vec<usize>)> = None;
        for _ in 0..self.neighbours.max(1) {
            let mut point = current.to_vec();
            let forced = self.rng.random_range(0..dims.max(1));
            for d in 0..dims {
                let size = self.sizes[d];
                if size < 2 {
                    continue;
                }
                if d == forced || self.rng.random_range(0..dims) == 0 {
                    let other = self.rng.random_range(0..size - 1);
                    point[d] = if other >= current[d] {
                        other + 1
                    } else {
                        other
                    };
                }
            }
            let bound = self.bound(&point);
            if best.as_ref().is_none_or(|(b, _)| bound > *b) {
                best = Some((bound, point));
            }
        }
        best.map_or_else(|| current.to_vec(), |(_, point)| point)
    }

    /// Of the points evaluated, the one the tuples rate highest (the earliest on a tie).
    #[must_use]
    pub fn best(&self) -> Option<Vec<usize>> {
        self.ranked(1).into_iter().next()
    }

    /// The `count` points evaluated that the tuples rate highest, best first (on a tie, the
    /// first in the points' order).
    #[must_use]
    pub fn ranked(&self, count: usize) -> Vec<Vec<usize>> {
        let mut rated: Vec<(f64, &Vec<usize>)> = self
            .whole
            .keys()
            .map(|point| (self.estimate(point).unwrap_or(f64::NEG_INFINITY), point))
            .collect();
        // A stable sort keeps the points' order among equals.
        rated.sort_by(|a, b| b.0.total_cmp(&a.0));
        rated
            .into_iter()
            .take(count)
            .map(|(_, point)| point.clone())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A noisy function of three parameters with 8 values each, best at (5, 2, 7): the search
    /// finds it (or a point next to it) in 150 noisy evaluations, far fewer than the 512
    /// points, and the same seed gives the same search.
    #[test]
    fn it_finds_the_best_of_a_noisy_function() {
        let value = |p: &[usize], noise: f64| {
            let target = [5.0, 2.0, 7.0];
            let distance: f64 = p
                .iter()
                .zip(target)
                .map(|(&v, t)| (v as f64 - t).abs())
                .sum();
            -distance + noise
        };
        let run = |seed: u64| {
            let mut search = Ntbea::new(vec![8, 8, 8], seed);
            let mut noise = ChaCha8Rng::seed_from_u64(seed + 99);
            let mut current = vec![0, 0, 0];
            for _ in 0..150 {
                let v = value(&current, noise.random_range(-1.5..1.5));
                search.record(&current, v);
                current = search.propose(&current);
            }
            search.best().expect("a best point")
        };
        let best = run(3);
        assert!(value(&best, 0.0) >= -1.0, "near the best: {best:?}");
        assert_eq!(run(3), best, "deterministic");
    }

    /// The ranking puts the best point first and orders the rest by the tuples' estimate.
    #[test]
    fn the_ranking_starts_with_the_best_and_follows_the_estimates() {
        let mut search = Ntbea::new(vec![4], 1);
        for (point, value) in [(0, 1.0), (1, 3.0), (2, 2.0), (3, -1.0)] {
            search.record(&[point], value);
        }
        assert_eq!(search.ranked(3), vec![vec![1], vec![2], vec![0]]);
        assert_eq!(search.best(), Some(vec![1]));
        assert_eq!(search.ranked(9).len(), 4, "no more than were evaluated");
    }

    /// The tables grow with the evaluations, not with a parameter's range: a search over a
    /// dimension of 2^64 - 1 values (a table per value would ask for hundreds of exabytes) records
    /// and proposes as any other.
    #[test]
    fn its_tables_are_sized_by_the_evaluations_not_the_range() {
        let mut search = Ntbea::new(vec![usize::MAX, 4], 7);
        let mut point = vec![0, 0];
        for step in 0..50 {
            search.record(&point, f64::from(step));
            point = search.propose(&point);
            assert!(point[1] < 4);
        }
        assert!(search.one[0].len() <= 50 && search.whole.len() <= 50);
        assert!(search.best().is_some());
    }
}
