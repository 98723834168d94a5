//! A batch's figures folded race by race: everything its statistics, notable races and
//! comparisons read, in memory that does not grow with the number of races.
//!
//! A batch of 400,000 races used to keep every race's summary (about 6 KB each, the per-space
//! counts most of it) until the end. A [`BatchFold`] keeps sums and counts instead: integer
//! sums, sums of squares, counts of each race length, and the few races a report lists. Its
//! size depends on the content (teams, cars, weapons), the track (spaces) and the spread of
//! race lengths, never on the number of races.
//!
//! # Invariants
//! - Folding is exact and order-free: every figure is an integer sum, a count or a choice by
//!   race index, so two folds merged give the fold of all their races whatever the order or
//!   the split. A batch folded on any number of threads, or split into shards and merged,
//!   gives the same figures.
//! - The races a report lists (the longest, the shortest, the one with most eliminations, the
//!   first [`LISTED_DRAWS`] draws) are kept with their seeds, so each can be watched again.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::batch::{RaceEnd, RaceSummary, SpaceCounts};
use super::harm::HarmSums;

/// How many drawn races a fold lists by index (the lowest indices); every draw is counted.
pub const LISTED_DRAWS: usize = 100;

/// The count, sum and sum of squares of a whole-number measure over races: its mean and
/// variance, exactly, in three numbers.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Moments {
    /// Values seen.
    pub n: u64,
    /// Their sum.
    pub sum: u64,
    /// The sum of their squares.
    pub sum_sq: u128,
}

impl Moments {
    /// Adds one value.
    pub fn add(&mut self, value: u64) {
        self.n += 1;
        self.sum = self.sum.saturating_add(value);
        self.sum_sq = self
            .sum_sq
            .saturating_add(u128::from(value) * u128::from(value));
    }

    /// Adds another's values.
    pub fn merge(&mut self, other: &Self) {
        self.n += other.n;
        self.sum = self.sum.saturating_add(other.sum);
        self.sum_sq = self.sum_sq.saturating_add(other.sum_sq);
    }

    /// Adds another's values, every sum checked (`None` on an overflow, part added) or
    /// saturating.
    fn combine(&mut self, other: &Self, checked: bool) -> Option<()> {
        if checked {
            self.n = self.n.checked_add(other.n)?;
            self.sum = self.sum.checked_add(other.sum)?;
            self.sum_sq = self.sum_sq.checked_add(other.sum_sq)?;
        } else {
            self.merge(other);
        }
        Some(())
    }

    /// The mean (0 with no value).
    #[must_use]
    pub fn mean(&self) -> f64 {
        self.sum as f64 / self.n.max(1) as f64
    }

    /// The sample variance (0 with fewer than two values), from the exact integer sums.
    #[must_use]
    pub fn variance(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = u128::from(self.n);
        let sum = u128::from(self.sum);
        // n * sum_sq - sum^2 is n^2 times the population variance, and never negative.
        let spread = (n * self.sum_sq).saturating_sub(sum * sum);
        spread as f64 / (n * (n - 1)) as f64
    }
}

/// A team's sums over the races it played.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct TeamSums {
    /// Races it played.
    pub races: u64,
    /// Races it won.
    pub wins: u64,
    /// Finish-line VP, summed.
    pub finish_vp: u64,
    /// Kill VP, summed.
    pub kill_vp: u64,
    /// VP the clock took, summed.
    pub clock_vp: u64,
    /// Damage dealt to other teams, summed.
    pub damage_dealt: u64,
    /// Damage taken, summed.
    pub damage_taken: u64,
    /// Cars lost, summed.
    pub cars_lost: u64,
    /// Other teams' cars eliminated, summed.
    pub eliminations: u64,
    /// The damage its cars took and the cars it lost, by cause ([`super::harm`]).
    #[serde(default)]
    pub harm: HarmSums,
}

/// A car's sums over the races it raced.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct CarSums {
    /// Races it raced.
    pub races: u64,
    /// Damage it took, summed.
    pub damage_taken: u64,
    /// Races in which it was eliminated.
    pub lost: u64,
    /// Its damage and eliminations by cause ([`super::harm`]).
    #[serde(default)]
    pub harm: HarmSums,
}

/// A race a report may list: its index, seed and the figures that single it out.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RaceMark {
    /// Its index in the batch.
    pub index: usize,
    /// Its seed.
    pub seed: u64,
    /// Decisions made.
    pub decisions: usize,
    /// Cars eliminated.
    pub eliminations: u32,
}

/// Keeps the better of two marks by `key` (greater wins; the lower index wins a tie).
fn keep_best<K: Ord>(slot: &mut Option<RaceMark>, mark: RaceMark, key: impl Fn(&RaceMark) -> K) {
    let better = match slot {
        None => true,
        Some(old) => {
            (key(&mark), std::cmp::Reverse(mark.index)) > (key(old), std::cmp::Reverse(old.index))
        }
    };
    if better {
        *slot = Some(mark);
    }
}

/// A batch's figures, folded race by race. See the module docs.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct BatchFold {
    /// Races folded.
    pub races: u64,
    /// Wins by seat, seat 1 first.
    pub seat_wins: Vec<u64>,
    /// Seats per race (the largest seen).
    pub players: usize,
    /// Each team's sums, by team id.
    pub teams: BTreeMap<String, TeamSums>,
    /// Each bot profile's (wins, seats held), by profile id.
    pub bots: BTreeMap<String, (u64, u64)>,
    /// How races ended: `finish_line`, `kill`, `draw`.
    pub endings: BTreeMap<String, u64>,
    /// Races by their length in turns.
    pub turns: BTreeMap<u64, u64>,
    /// Races by their length in decisions.
    pub decisions: BTreeMap<u64, u64>,
    /// Turns per race.
    pub turn_moments: Moments,
    /// Decisions per race.
    pub decision_moments: Moments,
    /// Movement event cards drawn per race.
    pub events_drawn: Moments,
    /// Damage dealt to other teams per seat and race.
    pub seat_damage_dealt: Moments,
    /// Cars eliminated per race.
    pub eliminations: Moments,
    /// Collision attacks per race.
    pub collisions: Moments,
    /// Crossover collisions per race.
    pub crossover_collisions: Moments,
    /// Weapon attacks per race.
    #[serde(default)]
    pub shots: Moments,
    /// Weapon attacks at a car of the attacker's own side per race ([`super::harm`]).
    #[serde(default)]
    pub own_side_shots: Moments,
    /// Collision attacks on a car of the active car's own side per race.
    #[serde(default)]
    pub own_side_collisions: Moments,
    /// Damage dealt to other teams by weapon type, summed.
    pub weapons: BTreeMap<String, u64>,
    /// Each car's sums (`team #number`).
    pub cars: BTreeMap<String, CarSums>,
    /// What happened on each space, summed (by space id; a race that carries no per-space
    /// counts adds nothing here).
    pub spaces: Vec<SpaceCounts>,
    /// The race with the most decisions.
    pub longest: Option<RaceMark>,
    /// The race with the fewest decisions.
    pub shortest: Option<RaceMark>,
    /// The race with the most cars eliminated.
    pub most_eliminations: Option<RaceMark>,
    /// The first [`LISTED_DRAWS`] drawn races by index, as (index, seed).
    pub draws: Vec<(usize, u64)>,
    /// Each design metric's moments over the races it is defined for, by metric id, in
    /// millionths ([`super::metrics::SCALE`]).
    #[serde(default)]
    pub design: BTreeMap<String, Moments>,
    /// For a batch of a mission: its figures by side and objective.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission: Option<MissionFold>,
}

/// A mission batch's figures: integer counts by side and objective id, merged by adding.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct MissionFold {
    /// Each side's (wins, races it was seated in), by side id.
    pub sides: BTreeMap<String, (u64, u64)>,
    /// Each objective's meetings by side: objective id, then side id, then races.
    pub objectives: BTreeMap<String, BTreeMap<String, u64>>,
    /// Turns of the races a side won.
    pub turns_to_victory: Moments,
    /// Races that ended at the mission's turn limit.
    pub at_limit: u64,
    /// The damage each side's cars took and the cars it lost, by cause, by side id.
    #[serde(default)]
    pub harm: BTreeMap<String, HarmSums>,
    /// The cars the mission's objectives name (`team #number`), whose own figures a report
    /// shows.
    #[serde(default)]
    pub named_cars: std::collections::BTreeSet<String>,
}

impl MissionFold {
    fn add(&mut self, race: &super::batch::MissionResult) {
        let mut seated: Vec<&String> = race.sides.iter().collect();
        seated.sort();
        seated.dedup();
        for side in seated {
            let entry = self.sides.entry(side.clone()).or_default();
            entry.0 += u64::from(race.winner.as_ref() == Some(side));
            entry.1 += 1;
        }
        self.at_limit += u64::from(race.at_limit);
        self.named_cars.extend(race.named_cars.iter().cloned());
        for (objective, met) in &race.objectives {
            let by_side = self.objectives.entry(objective.clone()).or_default();
            if let Some(side) = met {
                *by_side.entry(side.clone()).or_default() += 1;
            }
        }
    }

    fn combine(&mut self, other: &Self, checked: bool) -> Option<()> {
        let sum = |into: &mut u64, more: u64| add_checked(into, more, checked);
        for (side, (wins, races)) in &other.sides {
            let entry = self.sides.entry(side.clone()).or_default();
            sum(&mut entry.0, *wins)?;
            sum(&mut entry.1, *races)?;
        }
        self.named_cars.extend(other.named_cars.iter().cloned());
        for (side, harm) in &other.harm {
            self.harm
                .entry(side.clone())
                .or_default()
                .combine(harm, checked)?;
        }
        for (objective, by_side) in &other.objectives {
            let into = self.objectives.entry(objective.clone()).or_default();
            for (side, count) in by_side {
                sum(into.entry(side.clone()).or_default(), *count)?;
            }
        }
        self.turns_to_victory
            .combine(&other.turns_to_victory, checked)?;
        sum(&mut self.at_limit, other.at_limit)?;
        Some(())
    }
}

impl BatchFold {
    /// The fold of some races.
    #[must_use]
    pub fn of(races: &[RaceSummary]) -> Self {
        let mut fold = Self::default();
        for race in races {
            fold.add(race);
        }
        fold
    }

    /// Folds one race in.
    pub fn add(&mut self, race: &RaceSummary) {
        self.races += 1;
        let players = race.seats.len();
        self.players = self.players.max(players);
        if self.seat_wins.len() < players {
            self.seat_wins.resize(players, 0);
        }
        if let Some(mission) = &race.mission {
            let fold = self.mission.get_or_insert_with(MissionFold::default);
            fold.add(mission);
            if mission.winner.is_some() {
                fold.turns_to_victory.add(u64::from(race.turns));
            }
        }
        for (seat, s) in race.seats.iter().enumerate() {
            // In a mission race every seat of the winning side wins.
            let won = race.won(seat);
            let team = self.teams.entry(s.team.clone()).or_default();
            team.races += 1;
            team.wins += u64::from(won);
            team.finish_vp += u64::from(s.finish_vp);
            team.kill_vp += u64::from(s.kill_vp);
            team.clock_vp += u64::from(s.clock_vp);
            team.damage_dealt += u64::from(s.damage_dealt);
            team.damage_taken += u64::from(s.damage_taken);
            team.cars_lost += u64::from(s.cars_lost);
            team.eliminations += u64::from(s.eliminations);
            team.harm.combine(&s.harm, false);
            if let Some(side) = race.mission.as_ref().and_then(|m| m.sides.get(seat))
                && let Some(fold) = self.mission.as_mut()
            {
                fold.harm
                    .entry(side.clone())
                    .or_default()
                    .combine(&s.harm, false);
            }
            let bot = self.bots.entry(s.bot.clone()).or_default();
            bot.0 += u64::from(won);
            bot.1 += 1;
            if won {
                self.seat_wins[seat] += 1;
            }
            self.seat_damage_dealt.add(u64::from(s.damage_dealt));
        }
        *self
            .endings
            .entry(ending_name(race.end).to_owned())
            .or_default() += 1;
        *self.turns.entry(u64::from(race.turns)).or_default() += 1;
        *self.decisions.entry(race.decisions as u64).or_default() += 1;
        self.turn_moments.add(u64::from(race.turns));
        self.decision_moments.add(race.decisions as u64);
        self.events_drawn.add(u64::from(race.events_drawn));
        let eliminated: u32 = race.seats.iter().map(|s| s.cars_lost).sum();
        let per_space = |f: fn(&SpaceCounts) -> u32| -> u64 {
            race.spaces.iter().map(|c| u64::from(f(c))).sum()
        };
        self.eliminations.add(per_space(|c| c.eliminations));
        self.collisions.add(per_space(|c| c.collisions));
        self.crossover_collisions
            .add(per_space(|c| c.crossover_collisions));
        self.shots.add(u64::from(race.attacks.shots));
        self.own_side_shots
            .add(u64::from(race.attacks.own_side_shots));
        self.own_side_collisions
            .add(u64::from(race.attacks.own_side_collisions));
        for (weapon, damage) in &race.damage_by_weapon {
            *self.weapons.entry(weapon.clone()).or_default() += u64::from(*damage);
        }
        for car in &race.cars {
            let sums = self.cars.entry(car.car.clone()).or_default();
            sums.races += 1;
            sums.damage_taken += u64::from(car.damage_taken);
            sums.lost += u64::from(car.lost);
            sums.harm.add(&car.harm);
        }
        if self.spaces.len() < race.spaces.len() {
            self.spaces
                .resize(race.spaces.len(), SpaceCounts::default());
        }
        for (total, counts) in self.spaces.iter_mut().zip(&race.spaces) {
            total.add(counts);
        }
        let mark = RaceMark {
            index: race.index,
            seed: race.seed,
            decisions: race.decisions,
            eliminations: eliminated,
        };
        self.mark(mark, race.end == RaceEnd::Draw);
        for metric in &super::metrics::METRICS {
            if let Some(value) = (metric.value)(&race.metrics) {
                // Metrics are never negative; the scaled value is a whole number.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let scaled = (value.max(0.0) * super::metrics::SCALE).round() as u64;
                self.design
                    .entry(metric.id.to_owned())
                    .or_default()
                    .add(scaled);
            }
        }
    }

    /// Adds another fold's mission figures, if it has any.
    fn combine_mission(&mut self, other: &Self, checked: bool) -> Option<()> {
        match &other.mission {
            Some(theirs) => self
                .mission
                .get_or_insert_with(MissionFold::default)
                .combine(theirs, checked),
            None => Some(()),
        }
    }

    fn mark(&mut self, mark: RaceMark, draw: bool) {
        keep_best(&mut self.longest, mark, |m| m.decisions);
        keep_best(&mut self.shortest, mark, |m| std::cmp::Reverse(m.decisions));
        keep_best(&mut self.most_eliminations, mark, |m| m.eliminations);
        if draw {
            self.draws.push((mark.index, mark.seed));
            self.trim_draws();
        }
    }

    fn trim_draws(&mut self) {
        self.draws.sort_unstable();
        self.draws.dedup();
        self.draws.truncate(LISTED_DRAWS);
    }

    /// Adds another fold's races (another thread's). Sums saturate; folds of races played
    /// here never come near the limits.
    pub fn merge(&mut self, other: &Self) {
        let _ = self.combine(other, false);
    }

    /// Adds another fold read from a file (a shard's report), refusing it, unchanged, when a
    /// sum would overflow: a report's numbers are not trusted to be sane.
    pub fn try_merge(&mut self, other: &Self) -> Result<(), String> {
        let mut merged = self.clone();
        merged
            .combine(other, true)
            .ok_or_else(|| "the reports' numbers overflow when added".to_owned())?;
        *self = merged;
        Ok(())
    }

    /// Adds `other`, every sum checked (`None` on an overflow, part added) or saturating.
    fn combine(&mut self, other: &Self, checked: bool) -> Option<()> {
        let sum = |into: &mut u64, more: u64| add_checked(into, more, checked);
        sum(&mut self.races, other.races)?;
        self.players = self.players.max(other.players);
        if self.seat_wins.len() < other.seat_wins.len() {
            self.seat_wins.resize(other.seat_wins.len(), 0);
        }
        for (total, wins) in self.seat_wins.iter_mut().zip(&other.seat_wins) {
            sum(total, *wins)?;
        }
        self.combine_teams(other, checked)?;
        for (bot, (wins, seats)) in &other.bots {
            let entry = self.bots.entry(bot.clone()).or_default();
            sum(&mut entry.0, *wins)?;
            sum(&mut entry.1, *seats)?;
        }
        self.combine_mission(other, checked)?;
        for (into, from) in [
            (&mut self.endings, &other.endings),
            (&mut self.weapons, &other.weapons),
        ] {
            for (key, count) in from {
                sum(into.entry(key.clone()).or_default(), *count)?;
            }
        }
        for (into, from) in [
            (&mut self.turns, &other.turns),
            (&mut self.decisions, &other.decisions),
        ] {
            for (key, count) in from {
                sum(into.entry(*key).or_default(), *count)?;
            }
        }
        for (id, from) in &other.design {
            self.design
                .entry(id.clone())
                .or_default()
                .combine(from, checked)?;
        }
        for (into, from) in [
            (&mut self.turn_moments, &other.turn_moments),
            (&mut self.decision_moments, &other.decision_moments),
            (&mut self.events_drawn, &other.events_drawn),
            (&mut self.seat_damage_dealt, &other.seat_damage_dealt),
            (&mut self.eliminations, &other.eliminations),
            (&mut self.collisions, &other.collisions),
            (&mut self.crossover_collisions, &other.crossover_collisions),
            (&mut self.shots, &other.shots),
            (&mut self.own_side_shots, &other.own_side_shots),
            (&mut self.own_side_collisions, &other.own_side_collisions),
        ] {
            into.combine(from, checked)?;
        }
        if self.spaces.len() < other.spaces.len() {
            self.spaces
                .resize(other.spaces.len(), SpaceCounts::default());
        }
        for (total, counts) in self.spaces.iter_mut().zip(&other.spaces) {
            if checked {
                *total = total.checked_add(counts)?;
            } else {
                total.add(counts);
            }
        }
        for mark in [other.longest, other.shortest, other.most_eliminations]
            .into_iter()
            .flatten()
        {
            self.mark(mark, false);
        }
        self.draws.extend_from_slice(&other.draws);
        self.trim_draws();
        Some(())
    }

    /// Adds `other`'s team and car sums (see [`Self::combine`]).
    fn combine_teams(&mut self, other: &Self, checked: bool) -> Option<()> {
        let sum = |into: &mut u64, more: u64| add_checked(into, more, checked);
        for (team, t) in &other.teams {
            let into = self.teams.entry(team.clone()).or_default();
            for (a, b) in [
                (&mut into.races, t.races),
                (&mut into.wins, t.wins),
                (&mut into.finish_vp, t.finish_vp),
                (&mut into.kill_vp, t.kill_vp),
                (&mut into.clock_vp, t.clock_vp),
                (&mut into.damage_dealt, t.damage_dealt),
                (&mut into.damage_taken, t.damage_taken),
                (&mut into.cars_lost, t.cars_lost),
                (&mut into.eliminations, t.eliminations),
            ] {
                sum(a, b)?;
            }
            into.harm.combine(&t.harm, checked)?;
        }
        for (car, c) in &other.cars {
            let entry = self.cars.entry(car.clone()).or_default();
            sum(&mut entry.races, c.races)?;
            sum(&mut entry.damage_taken, c.damage_taken)?;
            sum(&mut entry.lost, c.lost)?;
            entry.harm.combine(&c.harm, checked)?;
        }
        Some(())
    }

    /// Why the figures cannot all be of the same races, if they cannot: a fold edited by hand
    /// (or forged with its digest made again) is refused by what it says, not trusted for its
    /// arithmetic. Every count of races agrees with `races`; each histogram of race lengths
    /// agrees with its moments (count, sum and sum of squares); no race lasts past the turn
    /// limit; seats, wins and bots agree with each other and with the seats per race; the races
    /// listed are no more than those counted.
    #[must_use]
    pub fn inconsistency(&self) -> Option<String> {
        let races = self.races;
        for (team, t) in &self.teams {
            if t.wins > t.races || t.races > races {
                return Some(format!(
                    "team `{team}` wins {} of {} races in a batch of {races}",
                    t.wins, t.races
                ));
            }
        }
        let endings = checked_total(self.endings.values().copied());
        if endings != Some(races) {
            return Some(format!(
                "{races} races, but the endings count another number"
            ));
        }
        for (what, histogram, moments) in [
            ("turns", &self.turns, &self.turn_moments),
            ("decisions", &self.decisions, &self.decision_moments),
        ] {
            if let Some(why) = histogram_disagrees(histogram, moments, races) {
                return Some(format!("the race lengths in {what}: {why}"));
            }
        }
        let limit = u64::from(crate::rules::setup::DEFAULT_TURN_LIMIT);
        if let Some((turns, _)) = self.turns.iter().next_back().filter(|(t, _)| **t > limit) {
            return Some(format!(
                "a race of {turns} turns, past the turn limit of {limit}"
            ));
        }
        for (what, moments) in [
            ("movement events drawn", &self.events_drawn),
            ("eliminations", &self.eliminations),
            ("collisions", &self.collisions),
            ("crossover collisions", &self.crossover_collisions),
            ("shots", &self.shots),
            ("shots at one's own side", &self.own_side_shots),
            ("collisions with one's own side", &self.own_side_collisions),
        ] {
            if moments.n != races {
                return Some(format!("{races} races, but {} counts of {what}", moments.n));
            }
        }
        let seats = checked_total(self.teams.values().map(|t| t.races));
        let bot_seats = checked_total(self.bots.values().map(|b| b.1));
        let expected_seats = races.checked_mul(self.players as u64);
        if seats != expected_seats
            || bot_seats != seats
            || Some(self.seat_damage_dealt.n) != expected_seats
        {
            return Some(format!(
                "{races} races of {} seats, but the teams, bots or seats count other seats",
                self.players
            ));
        }
        let wins = checked_total(self.seat_wins.iter().copied());
        let team_wins = checked_total(self.teams.values().map(|t| t.wins));
        let bot_wins = checked_total(self.bots.values().map(|b| b.0));
        // In a mission every seat of the winning side wins: up to every seat of a race.
        let most_wins = match &self.mission {
            Some(_) => expected_seats.unwrap_or(u64::MAX),
            None => races,
        };
        if wins.is_none_or(|w| w > most_wins) || team_wins != wins || bot_wins != wins {
            return Some(format!(
                "{races} races, but the wins by seat, team and bot disagree"
            ));
        }
        if self
            .cars
            .values()
            .any(|c| c.races > races || c.lost > c.races)
            || self.design.values().any(|m| m.n > races)
        {
            return Some(format!("{races} races, but a car or a metric counts more"));
        }
        let marks = [self.longest, self.shortest, self.most_eliminations];
        let drawn = self.endings.get("draw").copied().unwrap_or(0);
        if marks.iter().any(|m| m.is_some() != (races > 0))
            || self.draws.len() as u64 > drawn.min(LISTED_DRAWS as u64)
        {
            return Some(format!(
                "{races} races, but the races listed (longest, shortest, draws) disagree"
            ));
        }
        if let Some(mission) = &self.mission {
            let side_wins = checked_total(mission.sides.values().map(|s| s.0));
            let victories = mission.turns_to_victory.n;
            if side_wins != Some(victories)
                || victories > races
                || mission.at_limit > races
                || mission.sides.values().any(|(w, n)| w > n || *n > races)
                || mission.objectives.values().any(|by_side| {
                    checked_total(by_side.values().copied()).is_none_or(|n| n > races)
                })
            {
                return Some(format!(
                    "{races} races, but the mission's wins, sides or objectives count other races"
                ));
            }
        }
        None
    }

    /// Every race the fold names (the longest, the shortest, the one with most eliminations,
    /// the draws listed), as (index, seed): `merge` checks each belongs to its shard and carries
    /// its seed.
    pub fn named_races(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        [self.longest, self.shortest, self.most_eliminations]
            .into_iter()
            .flatten()
            .map(|m| (m.index, m.seed))
            .chain(self.draws.iter().copied())
    }

    /// Races of each ending kind (`finish_line`, `kill`, `draw`).
    #[must_use]
    pub fn ending_count(&self, end: RaceEnd) -> u64 {
        self.endings.get(ending_name(end)).copied().unwrap_or(0)
    }
}

/// Adds `more` to `into`, checked (`None` on an overflow, `into` unchanged) or saturating.
fn add_checked(into: &mut u64, more: u64, checked: bool) -> Option<()> {
    *into = if checked {
        into.checked_add(more)?
    } else {
        into.saturating_add(more)
    };
    Some(())
}

/// The sum of some counts, or `None` when it overflows.
fn checked_total(mut values: impl Iterator<Item = u64>) -> Option<u64> {
    values.try_fold(0u64, u64::checked_add)
}

/// Why a histogram of race lengths (length -> races) does not agree with the moments of the
/// same lengths over `races` races, if it does not.
fn histogram_disagrees(
    histogram: &BTreeMap<u64, u64>,
    moments: &Moments,
    races: u64,
) -> Option<String> {
    let sums = || {
        let mut count = 0u64;
        let mut sum = 0u128;
        let mut sum_sq = 0u128;
        for (&length, &n) in histogram {
            let (length, n128) = (u128::from(length), u128::from(n));
            count = count.checked_add(n)?;
            sum = sum.checked_add(length.checked_mul(n128)?)?;
            sum_sq = sum_sq.checked_add(length.checked_mul(length)?.checked_mul(n128)?)?;
        }
        Some((count, sum, sum_sq))
    };
    let Some((count, sum, sum_sq)) = sums() else {
        return Some("its counts overflow".to_owned());
    };
    if count != races || moments.n != races {
        return Some(format!(
            "{count} races in the histogram, {} in the moments, of {races}",
            moments.n
        ));
    }
    if sum != u128::from(moments.sum) || sum_sq != moments.sum_sq {
        return Some("the histogram's sum or sum of squares is not the moments'".to_owned());
    }
    None
}

/// An ending as reports name it.
#[must_use]
pub fn ending_name(end: RaceEnd) -> &'static str {
    match end {
        RaceEnd::FinishLine => "finish_line",
        RaceEnd::Kill => "kill",
        RaceEnd::Draw => "draw",
        RaceEnd::Objective => "objective",
        RaceEnd::TurnLimit => "turn_limit",
        RaceEnd::Settled => "settled",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::batch::{CarResult, SeatResult};

    /// A made-up race summary whose figures vary with `index`.
    fn summary(index: usize) -> RaceSummary {
        let k = index as u32;
        let seat = |team: &str, won: bool| SeatResult {
            team: team.to_owned(),
            bot: if won { "racer" } else { "random" }.to_owned(),
            pool: k % 5,
            finish_vp: k % 7,
            kill_vp: k % 3,
            clock_vp: k % 2,
            damage_dealt: k % 11,
            damage_taken: k % 13,
            cars_lost: k % 4,
            eliminations: k % 3,
            harm: crate::sim::harm::HarmSums {
                damage: crate::sim::harm::ByCause {
                    own_fire: u64::from(k % 3),
                    ground: u64::from(k % 4),
                    ..Default::default()
                },
                lost: crate::sim::harm::ByCause {
                    enemy_fire: u64::from(k % 2),
                    ..Default::default()
                },
            },
        };
        let winner = (!index.is_multiple_of(5)).then_some(index % 2);
        RaceSummary {
            index,
            seed: index as u64 * 7 + 1,
            winner,
            end: match index % 5 {
                0 => RaceEnd::Draw,
                1 | 2 => RaceEnd::Kill,
                _ => RaceEnd::FinishLine,
            },
            turns: 5 + k % 17,
            decisions: 300 + (index * 37) % 500,
            events_drawn: k % 9,
            seats: vec![
                seat("rust-reapers", winner == Some(0)),
                seat("chrome-jackals", winner == Some(1)),
            ],
            damage_by_weapon: [("cannon".to_owned(), k % 6)].into_iter().collect(),
            cars: vec![CarResult {
                car: format!("rust-reapers #{}", 11 + index % 4),
                damage_taken: k % 6,
                lost: index.is_multiple_of(3),
                harm: crate::sim::harm::CarHarm {
                    damage: crate::sim::harm::ByCause {
                        hazard: u64::from(k % 6),
                        ..Default::default()
                    },
                    lost_to: index
                        .is_multiple_of(3)
                        .then_some(crate::sim::harm::Cause::Collision),
                },
            }],
            metrics: crate::sim::metrics::RaceMetrics {
                lead_changes: k % 4,
                drama: winner.map(|_| f64::from(k % 7) / 10.0),
                downtime: Some(f64::from(k % 5) / 3.0),
                ..Default::default()
            },
            spaces: (0..20)
                .map(|s| SpaceCounts {
                    passes: (k + s) % 3,
                    eliminations: u32::from((index + s as usize).is_multiple_of(17)),
                    ..SpaceCounts::default()
                })
                .collect(),
            attacks: crate::sim::harm::Attacks {
                shots: k % 9,
                own_side_shots: k % 2,
                collisions: k % 4,
                own_side_collisions: k % 2,
            },
            mission: None,
        }
    }

    #[test]
    fn folds_merged_in_any_split_are_the_fold_of_every_race() {
        let races: Vec<RaceSummary> = (0..300).map(summary).collect();
        let whole = BatchFold::of(&races);
        for split in [1, 77, 150, 299] {
            // The second half first: the order does not matter either.
            let mut merged = BatchFold::of(&races[split..]);
            merged.merge(&BatchFold::of(&races[..split]));
            assert_eq!(merged, whole, "split at {split}");
        }
        assert_eq!(whole.races, 300);
        assert_eq!(
            whole.longest.map(|m| m.decisions),
            races.iter().map(|r| r.decisions).max()
        );
        assert_eq!(whole.ending_count(RaceEnd::Draw), 60);
        assert_eq!(whole.draws.len(), 60, "every draw listed below the cap");
    }

    #[test]
    fn a_fold_does_not_grow_with_the_number_of_races() {
        let few = BatchFold::of(&(0..1_000).map(summary).collect::<Vec<_>>());
        let mut many = few.clone();
        for round in 1..20 {
            let more: Vec<RaceSummary> = (0..1_000).map(|i| summary(round * 1_000 + i)).collect();
            many.merge(&BatchFold::of(&more));
        }
        assert_eq!(many.races, 20_000);
        assert_eq!(many.teams.len(), few.teams.len());
        assert_eq!(many.cars.len(), few.cars.len());
        assert_eq!(many.spaces.len(), few.spaces.len());
        assert_eq!(many.turns.len(), few.turns.len());
        assert_eq!(many.decisions.len(), few.decisions.len());
        assert_eq!(
            many.draws.len(),
            LISTED_DRAWS,
            "draws are listed up to the cap"
        );
        assert_eq!(many.ending_count(RaceEnd::Draw), 4_000, "and all counted");
    }

    #[test]
    fn moments_give_the_mean_and_the_sample_variance() {
        let mut m = Moments::default();
        for v in [2, 4, 4, 4, 5, 5, 7, 9] {
            m.add(v);
        }
        assert!((m.mean() - 5.0).abs() < 1e-12);
        // Sum of squared deviations 32, over n - 1 = 7.
        assert!((m.variance() - 32.0 / 7.0).abs() < 1e-12);
    }
}
