//! Statistics of a batch, as one serialisable value: win rates per team and per seat with
//! Wilson 95% intervals, the first seat's advantage, race length, how races end, VP by source,
//! damage and eliminations per team, movement events drawn.

use std::collections::BTreeMap;

use serde::Serialize;

use super::batch::{RaceSummary, SpaceCounts};
use super::batch_fold::BatchFold;
use super::harm::{HarmFigures, HarmStats};
use crate::validate::checked_track::{CheckedTrack, SpaceId};

/// A proportion with its Wilson score 95% interval.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, serde::Deserialize)]
pub struct Interval {
    /// Successes over trials.
    pub rate: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Interval {
    /// In percent with its interval, as reports print a win rate: "57.0% (50.1-63.7)".
    #[must_use]
    pub fn percent_words(&self) -> String {
        format!(
            "{:.1}% ({:.1}-{:.1})",
            self.rate * 100.0,
            self.low * 100.0,
            self.high * 100.0
        )
    }
}

/// The Wilson score interval at 95% for `successes` out of `trials` (`z` = 1.96): unlike the
/// normal approximation it stays inside 0-1 and behaves for rates near 0 or 1 and small batches.
#[must_use]
pub fn wilson(successes: usize, trials: usize) -> Interval {
    if trials == 0 {
        return Interval {
            rate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let z = 1.96_f64;
    let n = trials as f64;
    let p = successes as f64 / n;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    Interval {
        rate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// A distribution of whole numbers: mean, median, 10th and 90th percentiles, histogram.
#[derive(Clone, PartialEq, Debug, Serialize, Default)]
pub struct Distribution {
    /// The mean.
    pub mean: f64,
    /// The median.
    pub median: f64,
    /// The 10th percentile.
    pub p10: f64,
    /// The 90th percentile.
    pub p90: f64,
    /// Counts per bucket, each `(first value of the bucket, count)`, ten buckets at most.
    pub histogram: Vec<(u64, usize)>,
}

impl Distribution {
    /// The distribution of some values.
    #[must_use]
    pub fn of(values: &[u64]) -> Self {
        let mut counts: BTreeMap<u64, u64> = BTreeMap::new();
        for v in values {
            *counts.entry(*v).or_default() += 1;
        }
        Self::of_counts(&counts)
    }

    /// The distribution of values given as how many times each occurs (what a
    /// [`BatchFold`] keeps of race lengths): the same figures as [`Self::of`] on the values
    /// listed one by one.
    #[must_use]
    pub fn of_counts(counts: &BTreeMap<u64, u64>) -> Self {
        let n: u64 = counts.values().sum();
        let (Some((&min, _)), Some((&max, _))) =
            (counts.first_key_value(), counts.last_key_value())
        else {
            return Self::default();
        };
        // The value at a position of the sorted values, found by walking the counts.
        let at = |q: f64| {
            let position = ((n - 1) as f64 * q).round() as u64;
            let mut seen = 0;
            for (&value, &count) in counts {
                seen += count;
                if position < seen {
                    return value as f64;
                }
            }
            max as f64
        };
        let width = ((max - min) / 10 + 1).max(1);
        let mut histogram: Vec<(u64, usize)> = Vec::new();
        for (&v, &count) in counts {
            let start = min + (v - min) / width * width;
            match histogram.last_mut() {
                Some((s, c)) if *s == start => *c += count as usize,
                _ => histogram.push((start, count as usize)),
            }
        }
        let sum: u128 = counts
            .iter()
            .map(|(v, c)| u128::from(*v) * u128::from(*c))
            .sum();
        Self {
            mean: sum as f64 / n as f64,
            median: at(0.5),
            p10: at(0.1),
            p90: at(0.9),
            histogram,
        }
    }
}

/// A team's figures over a batch (per race it played).
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct TeamStats {
    /// Races it played.
    pub races: usize,
    /// Races it won.
    pub wins: usize,
    /// Its win rate with the interval.
    pub win_rate: Interval,
    /// Mean finish-line VP per race.
    pub finish_vp: f64,
    /// Mean kill VP per race.
    pub kill_vp: f64,
    /// Mean VP taken by the clock per race.
    pub clock_vp: f64,
    /// Mean damage dealt to other teams per race.
    pub damage_dealt: f64,
    /// Mean damage taken per race.
    pub damage_taken: f64,
    /// Mean cars lost per race.
    pub cars_lost: f64,
    /// Mean other teams' cars eliminated per race.
    pub eliminations: f64,
}

impl TeamStats {
    /// The per-race means, in the order exports and tables show them: each one's CSV column
    /// and table heading.
    pub const MEANS: [(&'static str, &'static str); 7] = [
        ("finish_vp", "Finish VP"),
        ("kill_vp", "Kill VP"),
        ("clock_vp", "Clock VP"),
        ("damage_dealt", "Damage dealt"),
        ("damage_taken", "Damage taken"),
        ("cars_lost", "Cars lost"),
        ("eliminations", "Eliminations"),
    ];

    /// The values of [`Self::MEANS`], in that order.
    #[must_use]
    pub fn means(&self) -> [f64; 7] {
        [
            self.finish_vp,
            self.kill_vp,
            self.clock_vp,
            self.damage_dealt,
            self.damage_taken,
            self.cars_lost,
            self.eliminations,
        ]
    }
}

/// Everything a batch measured.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct BatchStats {
    /// Races played.
    pub races: usize,
    /// Win rate per team (by team id).
    pub teams: BTreeMap<String, TeamStats>,
    /// Win rate per bot profile (by profile id, over the seats it held).
    pub bots: BTreeMap<String, Interval>,
    /// Win rate per seat, seat 1 first.
    pub seats: Vec<Interval>,
    /// The first seat's win rate minus the even share (1 / players).
    pub first_seat_advantage: f64,
    /// Race length in turns.
    pub turns: Distribution,
    /// Race length in decisions.
    pub decisions: Distribution,
    /// How races ended: by the finish line, by a kill, or drawn.
    pub endings: BTreeMap<String, usize>,
    /// Movement event cards drawn per race.
    pub events_drawn: f64,
    /// Mean damage dealt to other teams per race, by weapon type (`collision` for rams and
    /// sideswipes).
    pub weapons: BTreeMap<String, f64>,
    /// Per car (`team #number`): races it raced, mean damage taken, and how often it was lost.
    pub cars: BTreeMap<String, CarStats>,
    /// Per space where anything happened (`12.1`): the totals over the batch, for heat maps.
    pub spaces: BTreeMap<String, SpaceCounts>,
    /// The design metrics ([`super::metrics`]): mean and 95% interval of each.
    pub design: Vec<MetricFigure>,
    /// For a batch of a mission: win rates by side, objectives met, turns to victory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mission: Option<MissionStats>,
    /// How cars were hurt and lost, by side (by team without a mission), and the attacks on
    /// one's own side ([`super::harm`]).
    pub harm: HarmStats,
}

/// A mission batch's figures.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct MissionStats {
    /// Each side's win rate over the races it was seated in, by side id.
    pub sides: BTreeMap<String, SideStats>,
    /// Each objective: how often it was met, over all races, and by which side.
    pub objectives: BTreeMap<String, ObjectiveStats>,
    /// Races that reached the mission's turn limit (won there, or drawn there).
    pub ended_by_turn_limit: Interval,
    /// Races no side won: drawn by an objective, at the turn limit, or with no car left.
    pub drawn: Interval,
    /// Turns of the races a side won.
    pub turns_to_victory: f64,
}

/// A side's figures over a mission batch.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct SideStats {
    /// Races it was seated in.
    pub races: usize,
    /// Races it won.
    pub wins: usize,
    /// Its win rate with its 95% interval.
    pub win_rate: Interval,
}

/// An objective's figures over a mission batch.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct ObjectiveStats {
    /// The share of races in which it was met, with its 95% interval.
    pub met: Interval,
    /// Races in which each side met it.
    pub by_side: BTreeMap<String, usize>,
}

impl MissionStats {
    fn of(fold: &BatchFold, mission: &super::batch_fold::MissionFold) -> Self {
        let n = fold.races as usize;
        let at_limit = mission.at_limit as usize;
        Self {
            sides: mission
                .sides
                .iter()
                .map(|(side, (wins, races))| {
                    let stats = SideStats {
                        races: *races as usize,
                        wins: *wins as usize,
                        win_rate: wilson(*wins as usize, *races as usize),
                    };
                    (side.clone(), stats)
                })
                .collect(),
            objectives: mission
                .objectives
                .iter()
                .map(|(objective, by_side)| {
                    let met: u64 = by_side.values().sum();
                    let stats = ObjectiveStats {
                        met: wilson(met as usize, n),
                        by_side: by_side
                            .iter()
                            .map(|(side, count)| (side.clone(), *count as usize))
                            .collect(),
                    };
                    (objective.clone(), stats)
                })
                .collect(),
            ended_by_turn_limit: wilson(at_limit, n),
            drawn: wilson(
                usize::try_from(fold.ending_count(super::batch::RaceEnd::Draw)).unwrap_or(n),
                n,
            ),
            turns_to_victory: mission.turns_to_victory.mean(),
        }
    }
}

/// A design metric over a batch.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct MetricFigure {
    /// Its id (`drama`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// Races it is defined for (drama needs a winner).
    pub races: usize,
    /// Its mean.
    pub mean: f64,
    /// The 95% interval of the mean (normal approximation: mean ± 1.96 standard errors).
    pub low: f64,
    /// See `low`.
    pub high: f64,
}

impl MetricFigure {
    /// Why the metric has no figure, when no race of the batch has it: those that follow one
    /// winning player (drama, decisiveness, the comebacks) have none in a draw or a mission
    /// race a side won.
    #[must_use]
    pub fn missing(&self) -> Option<&'static str> {
        (self.races == 0).then_some(
            "no race of the batch has one winning player to follow (a draw, or a side's win)",
        )
    }

    fn of(
        metric: &super::metrics::MetricDef,
        moments: Option<&super::batch_fold::Moments>,
    ) -> Self {
        let (races, mean, half) = moments.map_or((0, 0.0, 0.0), |m| {
            let scale = super::metrics::SCALE;
            let mean = m.mean() / scale;
            let error = (m.variance() / m.n.max(1) as f64).sqrt() / scale;
            (m.n as usize, mean, 1.96 * error)
        });
        Self {
            id: metric.id.to_owned(),
            name: metric.name.to_owned(),
            races,
            mean,
            low: (mean - half).max(0.0),
            high: mean + half,
        }
    }
}

/// A car's figures over the races it raced.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct CarStats {
    /// Races it raced.
    pub races: usize,
    /// Mean damage taken per race.
    pub damage_taken: f64,
    /// The share of its races in which it was eliminated.
    pub lost: f64,
    /// Its damage and eliminations per race, by cause.
    pub harm: HarmFigures,
}

impl BatchStats {
    /// The statistics of a folded batch played on `track` (its per-space totals named).
    #[must_use]
    pub fn of_fold(fold: &BatchFold, track: &CheckedTrack) -> Self {
        Self::from_fold(fold, spaces_by_name(&fold.spaces, track))
    }

    /// The statistics of a folded batch, with its per-space totals by name.
    #[must_use]
    pub fn from_fold(fold: &BatchFold, spaces: BTreeMap<String, SpaceCounts>) -> Self {
        let n = fold.races as usize;
        let players = fold.players;
        let per = |sum: u64, count: u64| sum as f64 / count.max(1) as f64;
        let teams = fold
            .teams
            .iter()
            .map(|(team, t)| {
                let stats = TeamStats {
                    races: t.races as usize,
                    wins: t.wins as usize,
                    win_rate: wilson(t.wins as usize, t.races as usize),
                    finish_vp: per(t.finish_vp, t.races),
                    kill_vp: per(t.kill_vp, t.races),
                    clock_vp: per(t.clock_vp, t.races),
                    damage_dealt: per(t.damage_dealt, t.races),
                    damage_taken: per(t.damage_taken, t.races),
                    cars_lost: per(t.cars_lost, t.races),
                    eliminations: per(t.eliminations, t.races),
                };
                (team.clone(), stats)
            })
            .collect();
        let seats: Vec<Interval> = fold
            .seat_wins
            .iter()
            .map(|w| wilson(*w as usize, n))
            .collect();
        let first_seat_advantage = seats
            .first()
            .map_or(0.0, |s| s.rate - 1.0 / players.max(1) as f64);
        Self {
            races: n,
            teams,
            bots: fold
                .bots
                .iter()
                .map(|(bot, (wins, held))| (bot.clone(), wilson(*wins as usize, *held as usize)))
                .collect(),
            seats,
            first_seat_advantage,
            turns: Distribution::of_counts(&fold.turns),
            decisions: Distribution::of_counts(&fold.decisions),
            endings: fold
                .endings
                .iter()
                .map(|(end, count)| (end.clone(), *count as usize))
                .collect(),
            events_drawn: fold.events_drawn.mean(),
            weapons: fold
                .weapons
                .iter()
                .map(|(w, total)| (w.clone(), per(*total, fold.races)))
                .collect(),
            cars: fold
                .cars
                .iter()
                .map(|(car, c)| {
                    let figures = CarStats {
                        races: c.races as usize,
                        damage_taken: per(c.damage_taken, c.races),
                        lost: per(c.lost, c.races),
                        harm: HarmFigures::of(&c.harm, c.races),
                    };
                    (car.clone(), figures)
                })
                .collect(),
            spaces,
            design: super::metrics::METRICS
                .iter()
                .map(|metric| MetricFigure::of(metric, fold.design.get(metric.id)))
                .collect(),
            mission: fold
                .mission
                .as_ref()
                .map(|mission| MissionStats::of(fold, mission)),
            harm: harm_stats(fold),
        }
    }
}

/// A folded batch's harm figures: by mission side, or by team in races without a mission.
fn harm_stats(fold: &BatchFold) -> HarmStats {
    let per_1000 = |m: &super::batch_fold::Moments| m.mean() * 1000.0;
    let sides = match &fold.mission {
        Some(mission) => mission
            .harm
            .iter()
            .map(|(side, sums)| {
                let races = mission.sides.get(side).map_or(0, |(_, races)| *races);
                (side.clone(), HarmFigures::of(sums, races))
            })
            .collect(),
        None => fold
            .teams
            .iter()
            .map(|(team, t)| (team.clone(), HarmFigures::of(&t.harm, t.races)))
            .collect(),
    };
    let named_cars = fold
        .mission
        .iter()
        .flat_map(|m| &m.named_cars)
        .filter_map(|car| {
            let sums = fold.cars.get(car)?;
            Some((car.clone(), HarmFigures::of(&sums.harm, sums.races)))
        })
        .collect();
    HarmStats {
        sides,
        named_cars,
        shots_per_1000: per_1000(&fold.shots),
        own_side_shots_per_1000: per_1000(&fold.own_side_shots),
        collisions_per_1000: per_1000(&fold.collisions),
        own_side_collisions_per_1000: per_1000(&fold.own_side_collisions),
    }
}

/// Per-space totals (indexed by space id) named by their address, the spaces where nothing
/// happened left out: what [`BatchStats::spaces`] holds. A front end that folds each race's
/// counts into totals as they arrive (rather than keeping every race's) passes them here.
#[must_use]
pub fn spaces_by_name(
    totals: &[SpaceCounts],
    track: &CheckedTrack,
) -> BTreeMap<String, SpaceCounts> {
    totals
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != SpaceCounts::default())
        .map(|(i, c)| (track.at(SpaceId(i as u32)).to_string(), *c))
        .collect()
}

/// The races of a batch as CSV, a row per race and seat, for spreadsheets.
#[must_use]
pub fn races_csv(races: &[RaceSummary]) -> String {
    let mut csv = csv::Writer::from_writer(Vec::new());
    let mut rows = vec![
        [
            "race",
            "seed",
            "seat",
            "team",
            "side",
            "bot",
            "won",
            "end",
            "turns",
            "decisions",
            "pool",
            "finish_vp",
            "kill_vp",
            "clock_vp",
            "damage_dealt",
            "damage_taken",
            "cars_lost",
            "eliminations",
        ]
        .map(str::to_owned)
        .into_iter()
        // The seat's damage taken and cars lost by cause (`damage_own_fire`, `lost_ground`).
        .chain(["damage", "lost"].into_iter().flat_map(|what| {
            super::harm::Cause::ALL
                .iter()
                .map(move |cause| format!("{what}_{}", cause.id()))
        }))
        .collect(),
    ];
    for race in races {
        for (seat, s) in race.seats.iter().enumerate() {
            rows.push(
                [
                    race.index.to_string(),
                    race.seed.to_string(),
                    (seat + 1).to_string(),
                    s.team.clone(),
                    race.mission
                        .as_ref()
                        .and_then(|m| m.sides.get(seat).cloned())
                        .unwrap_or_default(),
                    s.bot.clone(),
                    race.won(seat).to_string(),
                    format!("{:?}", race.end),
                    race.turns.to_string(),
                    race.decisions.to_string(),
                    s.pool.to_string(),
                    s.finish_vp.to_string(),
                    s.kill_vp.to_string(),
                    s.clock_vp.to_string(),
                    s.damage_dealt.to_string(),
                    s.damage_taken.to_string(),
                    s.cars_lost.to_string(),
                    s.eliminations.to_string(),
                ]
                .into_iter()
                .chain(
                    [&s.harm.damage, &s.harm.lost]
                        .into_iter()
                        .flat_map(|counts| {
                            super::harm::Cause::ALL
                                .iter()
                                .map(|cause| counts.get(*cause).to_string())
                        }),
                )
                .collect(),
            );
        }
    }
    csv_text(&mut csv, rows)
}

/// The teams of a batch as CSV, a row per team.
#[must_use]
pub fn teams_csv(stats: &BatchStats) -> String {
    let mut csv = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = ["team", "races", "wins", "win_rate", "low", "high"]
        .map(str::to_owned)
        .to_vec();
    header.extend(
        TeamStats::MEANS
            .iter()
            .map(|(column, _)| (*column).to_owned()),
    );
    let mut rows = vec![header];
    for (team, t) in &stats.teams {
        let mut row = vec![
            team.clone(),
            t.races.to_string(),
            t.wins.to_string(),
            format!("{:.4}", t.win_rate.rate),
            format!("{:.4}", t.win_rate.low),
            format!("{:.4}", t.win_rate.high),
        ];
        row.extend(t.means().iter().map(|mean| format!("{mean:.3}")));
        rows.push(row);
    }
    csv_text(&mut csv, rows)
}

/// `rows` written by `csv` into text (quoting a field that holds a comma, a quote or a line
/// break). Writing into memory cannot fail.
fn csv_text(csv: &mut csv::Writer<Vec<u8>>, rows: Vec<Vec<String>>) -> String {
    for row in rows {
        let _ = csv.write_record(&row);
    }
    let _ = csv.flush();
    String::from_utf8_lossy(csv.get_ref()).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_the_published_values() {
        // 40 wins in 100: rate 0.40, interval 0.3094-0.4980 (Wilson, z = 1.96).
        let i = wilson(40, 100);
        assert!((i.rate - 0.40).abs() < 1e-12);
        assert!((i.low - 0.3094).abs() < 5e-4, "{i:?}");
        assert!((i.high - 0.4980).abs() < 5e-4, "{i:?}");
        // 0 of 10 still has room above 0; 10 of 10 below 1.
        assert!(wilson(0, 10).high > 0.25 && wilson(0, 10).low == 0.0);
        assert!(wilson(10, 10).low < 0.75 && (wilson(10, 10).high - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_distribution_has_its_quantiles_and_a_histogram_of_every_value() {
        let values: Vec<u64> = (1..=100).collect();
        let d = Distribution::of(&values);
        assert!((d.mean - 50.5).abs() < 1e-12);
        assert!((d.median - 51.0).abs() < 1.0);
        assert!((d.p10 - 11.0).abs() < 1.0 && (d.p90 - 90.0).abs() < 1.0);
        assert_eq!(d.histogram.iter().map(|(_, c)| c).sum::<usize>(), 100);
        assert!(d.histogram.len() <= 10);
    }
}
