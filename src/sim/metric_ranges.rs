//! What each design metric typically reads on the standard pack, so a designer can tell
//! whether a figure of their own content is ordinary: the lowest and highest batch mean over
//! the four sample tracks at 2, 4 and 10 players, planner bots, 200 races each. Measured with
//!
//! ```text
//! for t in oval road-course figure-eight thunder-oval; do for p in 2 4 10; do
//!   roadwright simulate --track tracks/$t.ron --players $p --races 200 --seed 1 \
//!     --bots planner --json $t-$p.json
//! done; done
//! ```
//!
//! and reading `stats.design[].mean` from each report. Measure again when the rules engine, the
//! planner or the standard pack changes what races play like.

/// How the typical ranges were measured, in words, for the studio's hover.
pub const MEASURED_ON: &str =
    "standard pack, planner bots, the four sample tracks at 2, 4 and 10 players";

/// Each metric's id with the lowest and highest batch mean measured.
pub const TYPICAL: [(&str, f64, f64); 9] = [
    ("lead_changes", 1.52, 4.09),
    ("lead_changes_per_turn", 0.29, 1.23),
    ("drama", 0.089, 0.141),
    ("decisiveness", 0.79, 0.94),
    ("comeback_half", 0.43, 0.83),
    ("comeback_three_quarters", 0.39, 0.74),
    ("closeness", 1.57, 2.59),
    ("eliminations_per_turn", 0.33, 4.66),
    ("downtime", 0.99, 8.97),
];

/// The typical range of metric `id` on the standard pack.
#[must_use]
pub fn typical(id: &str) -> Option<(f64, f64)> {
    TYPICAL
        .iter()
        .find(|(metric, _, _)| *metric == id)
        .map(|&(_, low, high)| (low, high))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_metric_has_a_typical_range() {
        for metric in super::super::metrics::METRICS {
            let (low, high) =
                typical(metric.id).unwrap_or_else(|| panic!("{} has no typical range", metric.id));
            assert!(low <= high, "{}", metric.id);
        }
    }
}
