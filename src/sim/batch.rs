//! Batches of bot races: a pure function of the content, the seats' bots, the teams and a seed
//! range. Races run in parallel (rayon) and the results come back in race order, so a batch
//! gives the same results for any number of threads.
//!
//! Race `i` of a batch seeded `s` is seeded from `(s, i)` alone, and its seats take the batch's
//! teams rotated by `i`, so over a batch every team sits in every seat equally often.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;

use super::bot::Bot;
use super::profiles::bot_for;
use crate::content::bot_profile::BotProfile;
use crate::content::text::Id;
use crate::rules::{
    PlayerId, PlayerSetup, Race, RaceEvent, RaceResult, RaceRules, RaceSetup, VpSource,
};

/// What a batch plays.
#[derive(Clone, Debug)]
pub struct BatchSpec {
    /// The content, track and ruleset.
    pub rules: Arc<RaceRules>,
    /// The teams in play, one per seat (rotated over the seats race by race).
    pub teams: Vec<Id>,
    /// The bot of each seat.
    pub bots: Vec<BotProfile>,
    /// Races to play.
    pub races: usize,
    /// The batch's seed.
    pub seed: u64,
}

/// How a race ended.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RaceEnd {
    /// The winner's last VP came from crossing the finish line.
    FinishLine,
    /// The winner's last VP came from a kill.
    Kill,
    /// The race reached its turn limit, or no car was left: no winner.
    Draw,
}

/// One seat's part in a race.
#[derive(Clone, PartialEq, Debug, serde::Serialize)]
pub struct SeatResult {
    /// The team in that seat.
    pub team: String,
    /// The seat's bot profile.
    pub bot: String,
    /// VP left in the pool.
    pub pool: u32,
    /// VP claimed for the finish line.
    pub finish_vp: u32,
    /// VP claimed for kills.
    pub kill_vp: u32,
    /// VP the countdown clock took.
    pub clock_vp: u32,
    /// Damage the seat's cars dealt to other teams' cars.
    pub damage_dealt: u32,
    /// Damage the seat's cars took.
    pub damage_taken: u32,
    /// The seat's cars eliminated.
    pub cars_lost: u32,
    /// Other teams' cars the seat eliminated.
    pub eliminations: u32,
}

/// One race of a batch.
#[derive(Clone, PartialEq, Debug, serde::Serialize)]
pub struct RaceSummary {
    /// Its index in the batch.
    pub index: usize,
    /// Its seed: `roadwright race`-style replay of exactly this race.
    pub seed: u64,
    /// The winning seat.
    pub winner: Option<usize>,
    /// How it ended.
    pub end: RaceEnd,
    /// Turns played.
    pub turns: u32,
    /// Decisions made.
    pub decisions: usize,
    /// Movement event cards drawn.
    pub events_drawn: u32,
    /// Every seat.
    pub seats: Vec<SeatResult>,
}

/// The seed of race `index` of a batch seeded `seed` (`SplitMix64` of both).
#[must_use]
pub fn race_seed(seed: u64, index: usize) -> u64 {
    let mut z = seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The setup of race `index`: the teams rotated by `index` over the seats.
#[must_use]
pub fn race_setup(spec: &BatchSpec, index: usize) -> RaceSetup {
    let n = spec.teams.len();
    RaceSetup {
        players: (0..n)
            .map(|seat| PlayerSetup {
                team: spec.teams[(seat + index) % n].clone(),
                cars: Vec::new(),
            })
            .collect(),
        seed: race_seed(spec.seed, index),
        turn_limit: crate::rules::setup::DEFAULT_TURN_LIMIT,
    }
}

/// Plays race `index` of a batch to its end.
fn play_index(spec: &BatchSpec, index: usize) -> Result<(RaceSetup, Race), String> {
    let setup = race_setup(spec, index);
    let mut race = Race::new(Arc::clone(&spec.rules), &setup).map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Bot + Send>> = spec
        .bots
        .iter()
        .enumerate()
        .map(|(seat, profile)| bot_for(profile, setup.seed ^ (seat as u64 + 1)))
        .collect();
    super::runner::play_race(&mut race, &mut bots, false).map_err(|e| e.to_string())?;
    Ok((setup, race))
}

/// Plays race `index` of a batch and sums it up.
pub fn play_one(spec: &BatchSpec, index: usize) -> Result<RaceSummary, String> {
    let (setup, race) = play_index(spec, index)?;
    Ok(summarise(spec, index, setup.seed, &race))
}

/// Reads a finished race's events into its summary.
fn summarise(spec: &BatchSpec, index: usize, seed: u64, race: &Race) -> RaceSummary {
    let n = race.players().len();
    let (mut dealt, mut taken, mut lost, mut kills) =
        (vec![0u32; n], vec![0u32; n], vec![0u32; n], vec![0u32; n]);
    let mut active: Option<PlayerId> = None;
    let mut last_claim = None;
    let mut events_drawn = 0;
    for event in race.events() {
        match event {
            RaceEvent::CardPlayed { player, .. } => active = Some(*player),
            RaceEvent::Damage { car, amount, .. } => {
                let owner = race.car(*car).player;
                taken[owner.index()] += u32::from(*amount);
                if let Some(a) = active.filter(|a| *a != owner) {
                    dealt[a.index()] += u32::from(*amount);
                }
            }
            RaceEvent::Eliminated { car, scored_by } => {
                lost[race.car(*car).player.index()] += 1;
                if let Some(p) = scored_by {
                    kills[p.index()] += 1;
                }
            }
            RaceEvent::VpClaimed { source, .. } => last_claim = Some(*source),
            RaceEvent::MovementEventDrawn { .. } => events_drawn += 1,
            _ => {}
        }
    }
    let (winner, end) = match race.result() {
        Some(RaceResult::Winner(p)) => (
            Some(p.index()),
            match last_claim {
                Some(VpSource::Kill) => RaceEnd::Kill,
                _ => RaceEnd::FinishLine,
            },
        ),
        _ => (None, RaceEnd::Draw),
    };
    RaceSummary {
        index,
        seed,
        winner,
        end,
        turns: race.turn(),
        decisions: race.decisions().len(),
        events_drawn,
        seats: race
            .players()
            .iter()
            .enumerate()
            .map(|(seat, p)| SeatResult {
                team: race.rules().content.teams[p.team].id.to_string(),
                bot: spec.bots[seat].id.to_string(),
                pool: p.pool,
                finish_vp: p.claims.finish,
                kill_vp: p.claims.kills,
                clock_vp: p.clock_removed,
                damage_dealt: dealt[seat],
                damage_taken: taken[seat],
                cars_lost: lost[seat],
                eliminations: kills[seat],
            })
            .collect(),
    }
}

/// A race of a batch worth watching, and why.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Notable {
    /// Why: `longest`, `shortest`, `most-eliminations` or `draw`.
    pub why: String,
    /// The race's index in the batch.
    pub index: usize,
    /// Its seed.
    pub seed: u64,
}

/// The races of a batch worth watching: the longest and the shortest (in decisions), the one
/// with the most eliminations, and every draw. The earliest race wins a tie.
#[must_use]
pub fn notable(races: &[RaceSummary]) -> Vec<Notable> {
    let note = |why: &str, race: &RaceSummary| Notable {
        why: why.to_owned(),
        index: race.index,
        seed: race.seed,
    };
    let mut out = Vec::new();
    let eliminations = |r: &RaceSummary| r.seats.iter().map(|s| s.cars_lost).sum::<u32>();
    // `max_by_key` keeps the last of equals: compare on (value, reversed index) instead.
    if let Some(r) = races
        .iter()
        .max_by_key(|r| (r.decisions, std::cmp::Reverse(r.index)))
    {
        out.push(note("longest", r));
    }
    if let Some(r) = races.iter().min_by_key(|r| (r.decisions, r.index)) {
        out.push(note("shortest", r));
    }
    if let Some(r) = races
        .iter()
        .max_by_key(|r| (eliminations(r), std::cmp::Reverse(r.index)))
    {
        out.push(note("most-eliminations", r));
    }
    out.extend(
        races
            .iter()
            .filter(|r| r.end == RaceEnd::Draw)
            .map(|r| note("draw", r)),
    );
    out
}

/// The record of race `index` of a batch: the race is played again from its seed with the
/// same bots (a batch race is a pure function of both), and its decisions are kept.
pub fn record_of(
    spec: &BatchSpec,
    index: usize,
    content: super::record::ContentIdentity,
    files: super::record::RecordFiles,
) -> Result<super::record::RaceRecord, String> {
    let (setup, race) = play_index(spec, index)?;
    Ok(super::record::RaceRecord::of(&race, &setup, content, files))
}

/// Plays a batch on `threads` threads (0: all cores), calling `progress` with the number of
/// races done after each, and stopping early when `cancel` is set. Returns the races played, in
/// race order, and the first error a race met.
pub fn run_batch(
    spec: &BatchSpec,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Vec<RaceSummary>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let done = AtomicUsize::new(0);
    let results: Vec<Option<Result<RaceSummary, String>>> = pool.install(|| {
        (0..spec.races)
            .into_par_iter()
            .map(|index| {
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let summary = play_one(spec, index);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                Some(summary)
            })
            .collect()
    });
    results.into_iter().flatten().collect()
}
