//! The bot ladder: every named bot profile against the others in rotating seats on a set of
//! tracks, rated from the finishing order of every race.
//!
//! Each race seats every profile once. Race `i` on a track seats the profiles rotated by `i`
//! (and the teams rotated by `i`, as in any batch), so over the races each profile holds each
//! seat and each team equally often. Its finishing order is the winner first, then the others
//! by the VP they claimed (finish line and kills); two seats level on VP are a draw between
//! them. Every pair of seats in a race is one game between their profiles: a win, a loss or a
//! half each.
//!
//! Ratings are Bradley-Terry strengths fitted to those games by the minorisation-maximisation
//! iteration (Hunter 2004), each pair given one drawn game more (a half win each way) so that a
//! profile that never loses still has a finite rating, and shown on an Elo-like scale: 400
//! points are ten-to-one odds, the random bot at 0 (or the mean, without one). The 95% interval
//! of each rating comes from 200 bootstrap resamples of the races (seeded: the same ladder gives
//! the same intervals). The fit reads the races in index order: the same for any number of
//! threads.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::batch::{BatchSpec, RaceSummary, play_one};
use crate::content::bot_profile::BotProfile;
use crate::rules::RaceRules;

/// Bootstrap resamples behind each interval.
const RESAMPLES: usize = 200;
/// Elo-like points per unit of natural-log strength: 400 points for odds of ten to one.
const ELO: f64 = 400.0 / std::f64::consts::LN_10;

/// One profile's place on the ladder.
#[derive(Clone, PartialEq, Debug, serde::Serialize)]
pub struct Rung {
    /// The profile's id.
    pub profile: String,
    /// Its rating, Elo-like.
    pub rating: f64,
    /// The 95% interval's ends.
    pub low: f64,
    /// The 95% interval's upper end.
    pub high: f64,
    /// Races it won.
    pub wins: u64,
    /// Races it played.
    pub races: u64,
}

/// What a ladder played and found.
#[derive(Clone, PartialEq, Debug, serde::Serialize)]
pub struct Ladder {
    /// The profiles, strongest first.
    pub rungs: Vec<Rung>,
    /// Races played.
    pub races: usize,
    /// Games between two profiles won by the first, by (winner, loser) profile ids, halves for
    /// draws, over every race.
    pub games: BTreeMap<String, BTreeMap<String, f64>>,
}

/// Plays the ladder: `races` races on each of `tracks`, every profile of `profiles` seated in
/// each, the batch seed `seed`, on `threads` threads.
///
/// # Errors
/// Fewer than two profiles, teams that do not fill the seats, or a race that fails.
pub fn play_ladder(
    tracks: &[Arc<RaceRules>],
    profiles: &[BotProfile],
    (races, seed, threads): (usize, u64, usize),
    progress: &(dyn Fn(usize) + Sync),
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Ladder, String> {
    let n = profiles.len();
    if n < 2 {
        return Err("a ladder needs two bot profiles or more".to_owned());
    }
    // Per track, one spec per rotation of the profiles over the seats.
    let mut specs = Vec::with_capacity(tracks.len());
    for rules in tracks {
        let rotations = (0..n)
            .map(|r| {
                let bots: Vec<BotProfile> = (0..n)
                    .map(|seat| profiles[(seat + r) % n].clone())
                    .collect();
                BatchSpec::new(Arc::clone(rules), &[], bots, races, seed).map_err(|e| e.to_string())
            })
            .collect::<Result<Vec<_>, _>>()?;
        specs.push(rotations);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let done = AtomicUsize::new(0);
    let played: Vec<Result<(usize, RaceSummary), String>> = pool.install(|| {
        (0..tracks.len() * races)
            .into_par_iter()
            .take_any_while(|_| !cancel())
            .map(|k| {
                let (track, index) = (k / races, k % races);
                let summary = play_one(&specs[track][index % n], index)?;
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                Ok((k, summary))
            })
            .collect()
    });
    let mut played = played.into_iter().collect::<Result<Vec<_>, _>>()?;
    played.sort_by_key(|(k, _)| *k);
    let ids: Vec<String> = profiles.iter().map(|p| p.id.to_string()).collect();
    let results: Vec<RaceGames> = played
        .iter()
        .map(|(_, race)| games_of(race, &ids))
        .collect();
    Ok(rate(&ids, &results, seed))
}

/// One race's games: `wins[a][b]` is what profile `a` took from `b` (1, 0.5 or 0), and who won.
struct RaceGames {
    wins: Vec<Vec<f64>>,
    winner: Option<usize>,
}

/// The games of one race between the profiles `ids` (by the seats' bots).
fn games_of(race: &RaceSummary, ids: &[String]) -> RaceGames {
    let n = ids.len();
    let profile = |seat: usize| ids.iter().position(|id| *id == race.seats[seat].bot);
    let standing = |seat: usize| -> (bool, u32) {
        let s = &race.seats[seat];
        (race.winner == Some(seat), s.finish_vp + s.kill_vp)
    };
    let mut wins = vec![vec![0.0; n]; n];
    for a in 0..race.seats.len() {
        for b in a + 1..race.seats.len() {
            let (Some(pa), Some(pb)) = (profile(a), profile(b)) else {
                continue;
            };
            match standing(a).cmp(&standing(b)) {
                std::cmp::Ordering::Greater => wins[pa][pb] += 1.0,
                std::cmp::Ordering::Less => wins[pb][pa] += 1.0,
                std::cmp::Ordering::Equal => {
                    wins[pa][pb] += 0.5;
                    wins[pb][pa] += 0.5;
                }
            }
        }
    }
    RaceGames {
        wins,
        winner: race.winner.and_then(profile),
    }
}

/// The ladder of `ids` from the races' games, with bootstrap intervals drawn from `seed`.
fn rate(ids: &[String], races: &[RaceGames], seed: u64) -> Ladder {
    let n = ids.len();
    let total = |chosen: &mut dyn Iterator<Item = &RaceGames>| {
        let mut wins = vec![vec![0.0; n]; n];
        for race in chosen {
            for (a, row) in race.wins.iter().enumerate() {
                for (b, w) in row.iter().enumerate() {
                    wins[a][b] += w;
                }
            }
        }
        wins
    };
    let all = total(&mut races.iter());
    let ratings = elo(&fit(&all), ids);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6c61_6464_6572);
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(RESAMPLES); n];
    for _ in 0..RESAMPLES {
        let picked: Vec<&RaceGames> = (0..races.len())
            .map(|_| &races[rng.random_range(0..races.len().max(1))])
            .collect();
        let resampled = elo(&fit(&total(&mut picked.into_iter())), ids);
        for (a, rating) in resampled.into_iter().enumerate() {
            samples[a].push(rating);
        }
    }
    let mut rungs: Vec<Rung> = (0..n)
        .map(|a| {
            let sample = &mut samples[a];
            sample.sort_by(f64::total_cmp);
            let at = |q: f64| sample[((sample.len() - 1) as f64 * q).round() as usize];
            Rung {
                profile: ids[a].clone(),
                rating: ratings[a],
                low: at(0.025),
                high: at(0.975),
                wins: races.iter().filter(|r| r.winner == Some(a)).count() as u64,
                races: races.len() as u64,
            }
        })
        .collect();
    rungs.sort_by(|x, y| {
        y.rating
            .total_cmp(&x.rating)
            .then(x.profile.cmp(&y.profile))
    });
    let games = (0..n)
        .map(|a| {
            (
                ids[a].clone(),
                (0..n)
                    .filter(|&b| b != a)
                    .map(|b| (ids[b].clone(), all[a][b]))
                    .collect(),
            )
        })
        .collect();
    Ladder {
        rungs,
        races: races.len(),
        games,
    }
}

/// Bradley-Terry strengths fitted to `wins` (one drawn game added to every pair) by
/// minorisation-maximisation, scaled to a geometric mean of 1.
fn fit(wins: &[Vec<f64>]) -> Vec<f64> {
    let n = wins.len();
    let won = |a: usize, b: usize| wins[a][b] + 0.5;
    let mut strength = vec![1.0f64; n];
    for _ in 0..500 {
        let mut next = vec![0.0; n];
        for a in 0..n {
            let total: f64 = (0..n).filter(|&b| b != a).map(|b| won(a, b)).sum();
            let denominator: f64 = (0..n)
                .filter(|&b| b != a)
                .map(|b| (won(a, b) + won(b, a)) / (strength[a] + strength[b]))
                .sum();
            next[a] = total / denominator;
        }
        let mean = next.iter().map(|s| s.ln()).sum::<f64>() / n as f64;
        for s in &mut next {
            *s = (s.ln() - mean).exp();
        }
        let moved = next
            .iter()
            .zip(&strength)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        strength = next;
        if moved < 1e-12 {
            break;
        }
    }
    strength
}

/// Strengths as Elo-like points, the profile `random` at 0 when there is one.
fn elo(strength: &[f64], ids: &[String]) -> Vec<f64> {
    let anchor = ids
        .iter()
        .position(|id| id == "random")
        .map_or(0.0, |a| strength[a].ln());
    strength.iter().map(|s| (s.ln() - anchor) * ELO).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bradley_terry_gives_the_stronger_side_of_a_lopsided_record_the_higher_rating() {
        // A beats B 3 times in 4; B beats C 3 times in 4: A > B > C, about equal steps.
        let wins = vec![
            vec![0.0, 30.0, 0.0],
            vec![10.0, 0.0, 30.0],
            vec![0.0, 10.0, 0.0],
        ];
        let ids: Vec<String> = ["a", "b", "c"].iter().map(|s| (*s).to_owned()).collect();
        let r = elo(&fit(&wins), &ids);
        assert!(r[0] > r[1] && r[1] > r[2], "{r:?}");
        // Three to one odds are about 190 Elo points; the added draw pulls it in a little.
        let step = r[0] - r[1];
        assert!((150.0..200.0).contains(&step), "{step}");
        // A profile that never loses still has a finite rating.
        let sweep = vec![vec![0.0, 50.0], vec![0.0, 0.0]];
        let two: Vec<String> = ["x", "y"].iter().map(|s| (*s).to_owned()).collect();
        assert!(elo(&fit(&sweep), &two).iter().all(|r| r.is_finite()));
    }
}
