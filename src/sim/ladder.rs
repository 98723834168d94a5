//! The bot ladder: every named bot profile against the others in rotating seats on a set of
//! tracks, rated from the finishing order of every race.
//!
//! Each race seats every profile once. Race `i` on a track seats the teams rotated by `i`, as
//! in any batch, and the profiles rotated by `i / n` for `n` profiles ([`rotation`]), so over
//! every `n × n` races each profile holds each seat and drives each team equally often. (Until
//! 2026-12-05 the profiles were rotated by `i` too, in step with the teams: each profile drove
//! one team in every race, and a team's edge counted as its profile's.) Its finishing order is the winner first, then the others
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
use super::mission::LoadedMission;
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
    /// For a ladder over a mission: each profile's record on each side it played.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<SideRecord>,
}

/// A profile's record on one side of a mission.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct SideRecord {
    /// The profile's id.
    pub profile: String,
    /// The side's id.
    pub side: String,
    /// Races it played the side in.
    pub races: u64,
    /// Races the side won.
    pub wins: u64,
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
    let n = two_or_more(profiles)?;
    let specs = tracks
        .iter()
        .map(|rules| track_rotations(rules, profiles, (races, seed)))
        .collect::<Result<Vec<_>, _>>()?;
    let played = play_rotations(&specs, (races, n, threads), progress, cancel)?;
    let ids: Vec<String> = profiles.iter().map(|p| p.id.to_string()).collect();
    let results: Vec<RaceGames> = played
        .iter()
        .map(|(_, race)| games_of(race, &ids))
        .collect();
    Ok(rate(&ids, &results, seed))
}

/// Plays the ladder over a mission: `races` races of `players` players, the sides no bot
/// profile always plays ([`LoadedMission::side_bots`]) played by the profiles in turn, every
/// seat of a side by its side's profile: the races go through every way of giving those sides
/// distinct profiles ([`assignments`]), so that each profile plays each side against each
/// other profile equally often. Each pair of those sides in
/// a race is a game between their profiles: the side that won the race wins it, and a race
/// neither won (a draw, or a side of fixed bots winning) is half each.
///
/// # Errors
/// Fewer than two profiles, a mission with fewer than two sides open to them, a player count
/// the mission does not allow, or a race that fails.
pub fn play_mission_ladder(
    mission: &LoadedMission,
    players: usize,
    profiles: &[BotProfile],
    (races, seed, threads): (usize, u64, usize),
    progress: &(dyn Fn(usize) + Sync),
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Ladder, String> {
    let n = two_or_more(profiles)?;
    let sides = &mission.mission().sides;
    let open = open_sides(mission);
    if open.len() < 2 {
        return Err(format!(
            "mission `{}` has {} side{} no bot profile always plays: a ladder over a mission \
             needs two, for the profiles to play against each other",
            mission.mission().name,
            open.len(),
            if open.len() == 1 { "" } else { "s" }
        ));
    }
    let ways = assignments(n, open.len());
    let profile_of = |turn: usize, side: usize| ways[turn][side];
    let rotations = (0..ways.len())
        .map(|turn| {
            mission_spec(mission, players, (races, seed), |side| {
                &profiles[profile_of(turn, side)]
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let played = play_rotations(&[rotations], (races, players, threads), progress, cancel)?;
    let side_ids: Vec<String> = open.iter().map(|&k| sides[k].id.to_string()).collect();
    // (profile, side) to (races, wins).
    let mut records: BTreeMap<(usize, usize), (u64, u64)> = BTreeMap::new();
    let results: Vec<RaceGames> = played
        .iter()
        .map(|(index, race)| {
            let turn = rotation(*index, players, ways.len());
            let won = race.mission.as_ref().and_then(|m| m.winner.as_deref());
            let winner = side_ids.iter().position(|id| Some(id.as_str()) == won);
            let mut games = RaceGames {
                wins: vec![vec![0.0; n]; n],
                winner: winner.map(|side| profile_of(turn, side)),
                seated: vec![false; n],
            };
            for side in 0..open.len() {
                let mine = profile_of(turn, side);
                games.seated[mine] = true;
                let record = records.entry((mine, side)).or_default();
                record.0 += 1;
                record.1 += u64::from(winner == Some(side));
                for other in side + 1..open.len() {
                    let theirs = profile_of(turn, other);
                    if mine == theirs {
                        continue;
                    }
                    match winner {
                        Some(won) if won == side => games.wins[mine][theirs] += 1.0,
                        Some(won) if won == other => games.wins[theirs][mine] += 1.0,
                        _ => {
                            games.wins[mine][theirs] += 0.5;
                            games.wins[theirs][mine] += 0.5;
                        }
                    }
                }
            }
            games
        })
        .collect();
    let ids: Vec<String> = profiles.iter().map(|p| p.id.to_string()).collect();
    let mut ladder = rate(&ids, &results, seed);
    ladder.sides = records
        .into_iter()
        .map(|((profile, side), (races, wins))| SideRecord {
            profile: ids[profile].clone(),
            side: side_ids[side].clone(),
            races,
            wins,
        })
        .collect();
    Ok(ladder)
}

/// The most ways a mission ladder goes through: past it (10 profiles on 4 sides would make
/// 5,040) the profiles take turns round the sides instead.
const MOST_WAYS: usize = 720;

/// The ways `sides` sides are given profiles of `n`, side by side: every ordered choice of
/// distinct profiles when there are enough and they are at most [`MOST_WAYS`] (3 profiles on 2
/// sides: 6 ways, each pair met on both sides), else the `n` turns of the profiles round the
/// sides (each profile on each side equally often; with fewer profiles than sides, a profile
/// plays several sides of a race).
fn assignments(n: usize, sides: usize) -> Vec<Vec<usize>> {
    let ways = (0..sides).try_fold(1usize, |ways, k| ways.checked_mul(n.saturating_sub(k)));
    if n < sides || ways.is_none_or(|ways| ways > MOST_WAYS) {
        return (0..n)
            .map(|turn| (0..sides).map(|side| (side + turn) % n).collect())
            .collect();
    }
    let mut ways: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..sides {
        let mut longer = Vec::with_capacity(ways.len() * n);
        for way in &ways {
            for profile in (0..n).filter(|p| !way.contains(p)) {
                let mut next = way.clone();
                next.push(profile);
                longer.push(next);
            }
        }
        ways = longer;
    }
    ways
}

/// The sides of `mission` no bot profile always plays, by index: what a ladder's profiles play.
fn open_sides(mission: &LoadedMission) -> Vec<usize> {
    (0..mission.mission().sides.len())
        .filter(|&k| mission.side_bots.get(k).is_none_or(Option::is_none))
        .collect()
}

/// A batch of `races` races of `mission` for `players` players seeded `seed`, the `k`th of its
/// open sides ([`open_sides`]) played by `profile_for(k)` (the other sides by their own bots).
///
/// # Errors
/// A player count the mission does not allow.
pub fn mission_spec<'p>(
    mission: &LoadedMission,
    players: usize,
    (races, seed): (usize, u64),
    profile_for: impl Fn(usize) -> &'p BotProfile,
) -> Result<BatchSpec, String> {
    let setup = mission.setup(Some(players), seed)?;
    let teams: Vec<crate::content::text::Id> =
        setup.players.iter().map(|p| p.team.clone()).collect();
    let mut spec = BatchSpec::new(
        Arc::clone(&mission.race.rules),
        &teams,
        vec![profile_for(0).clone(); players],
        races,
        seed,
    )
    .map_err(|e| e.to_string())?;
    let mut side_bots = mission.side_bots.clone();
    side_bots.resize(mission.mission().sides.len(), None);
    for (k, side) in open_sides(mission).into_iter().enumerate() {
        side_bots[side] = Some(profile_for(k).clone());
    }
    spec.side_bots = side_bots;
    Ok(spec)
}

/// A track's batches, one per turn of the profiles over the seats (turn `r` seats profile
/// `(seat + r) % n`); race `i` plays turn [`rotation`]`(i, n, n)`.
fn track_rotations(
    rules: &Arc<RaceRules>,
    profiles: &[BotProfile],
    (races, seed): (usize, u64),
) -> Result<Vec<BatchSpec>, String> {
    let n = profiles.len();
    (0..n)
        .map(|turn| {
            let bots: Vec<BotProfile> = (0..n)
                .map(|seat| profiles[(seat + turn) % n].clone())
                .collect();
            BatchSpec::new(Arc::clone(rules), &[], bots, races, seed).map_err(|e| e.to_string())
        })
        .collect()
}

/// How many profiles there are, refused below two: a ladder needs games between them.
fn two_or_more(profiles: &[BotProfile]) -> Result<usize, String> {
    match profiles.len() {
        0 | 1 => Err("a ladder needs two bot profiles or more".to_owned()),
        n => Ok(n),
    }
}

/// Plays `races` races of each list of `specs` (a track's, or a mission's) on `threads`
/// threads, race `i` of a list by its spec [`rotation`]`(i, seats, specs.len())`, and returns
/// them by their place over all the lists (the same for any number of threads).
fn play_rotations(
    specs: &[Vec<BatchSpec>],
    (races, seats, threads): (usize, usize, usize),
    progress: &(dyn Fn(usize) + Sync),
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Vec<(usize, RaceSummary)>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let done = AtomicUsize::new(0);
    let played: Vec<Result<(usize, RaceSummary), String>> = pool.install(|| {
        (0..specs.len() * races)
            .into_par_iter()
            .take_any_while(|_| !cancel())
            .map(|k| {
                let (list, index) = (k / races, k % races);
                let rotations = &specs[list];
                let spec = &rotations[rotation(index, seats, rotations.len())];
                let summary = play_one(spec, index)?;
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                Ok((k, summary))
            })
            .collect()
    });
    let mut played = played.into_iter().collect::<Result<Vec<_>, _>>()?;
    played.sort_by_key(|(k, _)| *k);
    Ok(played)
}

/// Which of `n` rotations of the profiles race `index` plays, in a race of `seats` seats: the
/// teams turn over the seats with every race (`batch::race_setup`), the profiles with every
/// `seats` races, so that each profile drives each team, and sits in each seat, in turn.
fn rotation(index: usize, seats: usize, n: usize) -> usize {
    (index / seats.max(1)) % n.max(1)
}

/// One race's games: `wins[a][b]` is what profile `a` took from `b` (1, 0.5 or 0), and who won.
struct RaceGames {
    wins: Vec<Vec<f64>>,
    winner: Option<usize>,
    /// Which profiles played in it (every one, on a track's ladder).
    seated: Vec<bool>,
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
        seated: vec![true; n],
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
                races: races.iter().filter(|r| r.seated[a]).count() as u64,
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
        sides: Vec::new(),
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

    /// Over `n × n` races every profile sits in every seat and drives every team equally
    /// often: the teams turn with the race as any batch turns them (`batch::race_setup`), the
    /// profiles with [`rotation`].
    #[test]
    fn every_profile_holds_every_seat_and_drives_every_team_equally_often() {
        let rules = Arc::clone(crate::rules::test_support::race("oval", 2, 0).shared_rules());
        for n in 2..=5 {
            let bot = |i: usize| BotProfile {
                kind: crate::content::kind::BotProfileKind::BotProfile,
                version: BotProfile::VERSION,
                id: crate::content::text::Id::from(format!("bot-{i}").as_str()),
                name: crate::content::text::Text::from("Bot"),
                strategy: crate::content::bot_profile::Strategy::Random,
                search_limit: crate::content::bot_profile::DEFAULT_SEARCH_LIMIT,
                restrict: Vec::new(),
            };
            let profiles: Vec<BotProfile> = (0..n).map(bot).collect();
            let specs = track_rotations(&rules, &profiles, (n * n, 1)).expect("the batches");
            let mut seats = vec![vec![0; n]; n];
            let mut teams: Vec<BTreeMap<String, usize>> = vec![BTreeMap::new(); n];
            for index in 0..n * n {
                let spec = &specs[rotation(index, n, n)];
                let setup = super::super::batch::race_setup(spec, index);
                for (seat, player) in setup.players.iter().enumerate() {
                    let profile = profiles
                        .iter()
                        .position(|p| p.id == spec.bots[seat].id)
                        .expect("a profile of the ladder");
                    seats[profile][seat] += 1;
                    *teams[profile].entry(player.team.to_string()).or_default() += 1;
                }
            }
            assert!(seats.iter().flatten().all(|&c| c == n), "{n}: {seats:?}");
            assert!(
                teams
                    .iter()
                    .all(|t| t.len() == n && t.values().all(|&c| c == n)),
                "{n}: {teams:?}"
            );
        }
    }

    /// Three profiles on two sides meet in all six ways, each pair on both sides; two on
    /// three sides take turns.
    #[test]
    fn a_mission_ladder_gives_the_sides_every_choice_of_distinct_profiles() {
        let ways = assignments(3, 2);
        assert_eq!(ways.len(), 6);
        for a in 0..3 {
            for b in 0..3 {
                assert_eq!(
                    ways.iter().filter(|w| **w == [a, b]).count(),
                    usize::from(a != b),
                    "{a} against {b}"
                );
            }
        }
        assert_eq!(assignments(2, 3), [vec![0, 1, 0], vec![1, 0, 1]]);
        // Past the bound, turns: 10 profiles on 4 sides would make 5,040 ways.
        assert_eq!(assignments(10, 4).len(), 10);
        assert_eq!(assignments(6, 4).len(), 360);
        assert_eq!(assignments(2, 2), [vec![0, 1], vec![1, 0]]);
    }

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
