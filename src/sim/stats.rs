//! Statistics of a batch, as one serialisable value: win rates per team and per seat with
//! Wilson 95% intervals, the first seat's advantage, race length, how races end, VP by source,
//! damage and eliminations per team, movement events drawn.

use std::collections::BTreeMap;

use serde::Serialize;

use super::batch::{RaceEnd, RaceSummary, SpaceCounts};
use crate::validate::checked_track::{CheckedTrack, SpaceId};

/// A proportion with its Wilson score 95% interval.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct Interval {
    /// Successes over trials.
    pub rate: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
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
        if values.is_empty() {
            return Self::default();
        }
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize] as f64;
        let (min, max) = (sorted[0], sorted[sorted.len() - 1]);
        let width = ((max - min) / 10 + 1).max(1);
        let mut histogram: Vec<(u64, usize)> = Vec::new();
        for v in &sorted {
            let start = min + (v - min) / width * width;
            match histogram.last_mut() {
                Some((s, count)) if *s == start => *count += 1,
                _ => histogram.push((start, 1)),
            }
        }
        Self {
            mean: sorted.iter().sum::<u64>() as f64 / sorted.len() as f64,
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
}

impl BatchStats {
    /// The statistics of the races of a batch played on `track`.
    #[must_use]
    pub fn of(races: &[RaceSummary], track: &CheckedTrack) -> Self {
        Self::with_spaces(races, space_totals(races, track))
    }

    /// The statistics of some races with the per-space totals already summed (merging shards:
    /// the per-race space counts are not in a report, their totals are).
    #[must_use]
    pub fn with_spaces(races: &[RaceSummary], spaces: BTreeMap<String, SpaceCounts>) -> Self {
        let n = races.len();
        let players = races.first().map_or(0, |r| r.seats.len());
        let mut teams: BTreeMap<String, Vec<(bool, &super::batch::SeatResult)>> = BTreeMap::new();
        let mut bots: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        let mut seat_wins = vec![0usize; players];
        let mut endings: BTreeMap<String, usize> = BTreeMap::new();
        for race in races {
            for (seat, result) in race.seats.iter().enumerate() {
                let won = race.winner == Some(seat);
                teams
                    .entry(result.team.clone())
                    .or_default()
                    .push((won, result));
                let bot = bots.entry(result.bot.clone()).or_default();
                bot.0 += usize::from(won);
                bot.1 += 1;
                if won && seat < players {
                    seat_wins[seat] += 1;
                }
            }
            let end = match race.end {
                RaceEnd::FinishLine => "finish_line",
                RaceEnd::Kill => "kill",
                RaceEnd::Draw => "draw",
            };
            *endings.entry(end.to_owned()).or_default() += 1;
        }
        let mean = |rows: &[(bool, &super::batch::SeatResult)],
                    f: &dyn Fn(&super::batch::SeatResult) -> u32| {
            rows.iter().map(|(_, r)| f64::from(f(r))).sum::<f64>() / rows.len().max(1) as f64
        };
        let teams = teams
            .into_iter()
            .map(|(team, rows)| {
                let wins = rows.iter().filter(|(won, _)| *won).count();
                let stats = TeamStats {
                    races: rows.len(),
                    wins,
                    win_rate: wilson(wins, rows.len()),
                    finish_vp: mean(&rows, &|r| r.finish_vp),
                    kill_vp: mean(&rows, &|r| r.kill_vp),
                    clock_vp: mean(&rows, &|r| r.clock_vp),
                    damage_dealt: mean(&rows, &|r| r.damage_dealt),
                    damage_taken: mean(&rows, &|r| r.damage_taken),
                    cars_lost: mean(&rows, &|r| r.cars_lost),
                    eliminations: mean(&rows, &|r| r.eliminations),
                };
                (team, stats)
            })
            .collect();
        let seats: Vec<Interval> = seat_wins.iter().map(|w| wilson(*w, n)).collect();
        let first_seat_advantage = seats
            .first()
            .map_or(0.0, |s| s.rate - 1.0 / players.max(1) as f64);
        let turns: Vec<u64> = races.iter().map(|r| u64::from(r.turns)).collect();
        let decisions: Vec<u64> = races.iter().map(|r| r.decisions as u64).collect();
        Self {
            races: n,
            teams,
            bots: bots
                .into_iter()
                .map(|(bot, (wins, seats))| (bot, wilson(wins, seats)))
                .collect(),
            seats,
            first_seat_advantage,
            turns: Distribution::of(&turns),
            decisions: Distribution::of(&decisions),
            endings,
            events_drawn: races.iter().map(|r| f64::from(r.events_drawn)).sum::<f64>()
                / n.max(1) as f64,
            weapons: weapon_means(races),
            cars: car_stats(races),
            spaces,
        }
    }
}

/// Mean damage per race by weapon type.
fn weapon_means(races: &[RaceSummary]) -> BTreeMap<String, f64> {
    let mut totals: BTreeMap<String, u32> = BTreeMap::new();
    for race in races {
        for (weapon, damage) in &race.damage_by_weapon {
            *totals.entry(weapon.clone()).or_default() += damage;
        }
    }
    totals
        .into_iter()
        .map(|(w, t)| (w, f64::from(t) / races.len().max(1) as f64))
        .collect()
}

/// Each car's races, mean damage taken and loss rate.
fn car_stats(races: &[RaceSummary]) -> BTreeMap<String, CarStats> {
    let mut sums: BTreeMap<String, (usize, u32, usize)> = BTreeMap::new();
    for race in races {
        for car in &race.cars {
            let entry = sums.entry(car.car.clone()).or_default();
            entry.0 += 1;
            entry.1 += car.damage_taken;
            entry.2 += usize::from(car.lost);
        }
    }
    sums.into_iter()
        .map(|(car, (n, damage, lost))| {
            let stats = CarStats {
                races: n,
                damage_taken: f64::from(damage) / n.max(1) as f64,
                lost: lost as f64 / n.max(1) as f64,
            };
            (car, stats)
        })
        .collect()
}

/// The batch's totals per space, by address, for the spaces where anything happened.
fn space_totals(races: &[RaceSummary], track: &CheckedTrack) -> BTreeMap<String, SpaceCounts> {
    let mut totals = vec![SpaceCounts::default(); track.space_count()];
    for race in races {
        for (total, counts) in totals.iter_mut().zip(&race.spaces) {
            total.add(counts);
        }
    }
    spaces_by_name(&totals, track)
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
    use std::fmt::Write as _;
    let mut text = String::from(
        "race,seed,seat,team,bot,won,end,turns,decisions,pool,finish_vp,kill_vp,clock_vp,\
         damage_dealt,damage_taken,cars_lost,eliminations\n",
    );
    for race in races {
        for (seat, s) in race.seats.iter().enumerate() {
            // Writing into a String cannot fail.
            let _ = writeln!(
                text,
                "{},{},{},{},{},{},{:?},{},{},{},{},{},{},{},{},{},{}",
                race.index,
                race.seed,
                seat + 1,
                s.team,
                s.bot,
                race.winner == Some(seat),
                race.end,
                race.turns,
                race.decisions,
                s.pool,
                s.finish_vp,
                s.kill_vp,
                s.clock_vp,
                s.damage_dealt,
                s.damage_taken,
                s.cars_lost,
                s.eliminations
            );
        }
    }
    text
}

/// The teams of a batch as CSV, a row per team.
#[must_use]
pub fn teams_csv(stats: &BatchStats) -> String {
    use std::fmt::Write as _;
    let mut teams = String::from("team,races,wins,win_rate,low,high");
    for (column, _) in TeamStats::MEANS {
        teams.push(',');
        teams.push_str(column);
    }
    teams.push('\n');
    for (team, t) in &stats.teams {
        let _ = write!(
            teams,
            "{team},{},{},{:.4},{:.4},{:.4}",
            t.races, t.wins, t.win_rate.rate, t.win_rate.low, t.win_rate.high,
        );
        for mean in t.means() {
            let _ = write!(teams, ",{mean:.3}");
        }
        teams.push('\n');
    }
    teams
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
