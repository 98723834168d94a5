//! The search bot: determinised play-outs of the planner's best plays, for a game of hidden
//! cards.
//!
//! At every play of a card it asks its planner for every play's score on a determinised copy
//! of its view, keeps the `candidates` the planner rates best, and plays each out on `rollouts`
//! determinised copies of the race (the same copies for every candidate: common random
//! numbers): the candidate's play and planned movement, then `horizon` activations more, every
//! seat, its own included, played by a quicker planner (`rollout_search_limit`) on the copy. Each play-out's end is scored by the bot's weights
//! ([`super::score::evaluate`]: a race won or lost there outweighs anything), less the rivals'
//! progress by `rivals_progress` of what the bot's own counts for; the candidate
//! whose play-outs score best on average is played, its planned movement followed. Every other
//! decision is the planner's.
//!
//! # Decisions taken
//! - **What is hidden stays hidden**: each copy deals the other hands and the face-down hazard
//!   tokens again from what the bot cannot see ([`PlayerView::determinise`]); the bot never
//!   reads the deck order or the engine's RNG, and every random draw it makes comes from its
//!   own seeded RNG, so a seed and the decisions before are the same choice on any machine and
//!   any number of threads.
//! - **Ties** go to the planner's order: a candidate must score strictly better on average to
//!   displace one the planner rated higher.
//! - **One play-out policy for every seat**: the play-outs' planner is one bot that plans each
//!   activation afresh for the deciding seat, so it keeps nothing of one seat's plan for
//!   another. It plans on the play-out's copy as it stands, every seat seeing the hands the
//!   copy dealt: the copy is already the bot's own guess at what it cannot see (so nothing
//!   hidden reaches the bot), and dealing it again for every decision cost a copy of the race
//!   each time (about a tenth of a play-out). The rivals' seats so play knowing the bot's own
//!   hand: the bot expects them to play at least as well as they could.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::bot::Bot;
use super::planner::{PlannedPlay, PlannerBot};
use super::score::{evaluate, rivals_progress};
use super::scratch::Scratch;
use crate::content::bot_profile::SearchBudget;
use crate::rules::{Decision, PlayerId, PlayerView, Race, Step};

/// A bot that plays out the planner's best plays before it chooses.
#[derive(Clone, Debug)]
pub struct SearchBot {
    budget: SearchBudget,
    rng: ChaCha8Rng,
    /// Proposes the candidates, and takes every decision but the play of a card.
    planner: PlannerBot,
    /// Plays every seat in the play-outs.
    policy: PlannerBot,
    /// The copy a play-out is played on.
    trial: Scratch,
}

impl SearchBot {
    /// A search bot with its budget, the search budget of its own planner and its seed.
    #[must_use]
    pub fn new(budget: SearchBudget, search_limit: usize, seed: u64) -> Self {
        Self {
            budget,
            rng: ChaCha8Rng::seed_from_u64(seed),
            planner: PlannerBot::new(budget.weights, seed ^ 0x5eed_0f9a)
                .with_search_limit(search_limit),
            policy: PlannerBot::new(budget.weights, seed ^ 0x0901_10c7)
                .with_search_limit(budget.rollout_search_limit as usize),
            trial: Scratch::default(),
        }
    }

    /// The candidates: the plays the planner rates best, best first (the order listed among
    /// equals).
    fn candidates(&mut self, view: &PlayerView<'_>, legal: &[Decision]) -> Vec<PlannedPlay> {
        let race = view.determinise(&mut self.rng);
        let mut plays = Vec::with_capacity(legal.len());
        self.planner
            .plan_plays(&race, view.me(), legal, |play| plays.push(play));
        // A stable sort keeps the listed order among equal scores.
        plays.sort_by(|a, b| b.score.total_cmp(&a.score));
        plays.truncate(self.budget.candidates.max(1) as usize);
        plays
    }

    /// One play-out of `play` (with its planned `steps`) on `world`, scored for `me`.
    fn play_out(&mut self, world: &Race, me: PlayerId, play: &Decision, steps: &[Step]) -> f64 {
        let trial = self.trial.copy_of(world);
        let Some(index) = trial.legal().iter().position(|d| d == play) else {
            // The copy cannot make this play (it always can: the bot's hand and cars are what
            // it sees); the position as it is stands for it.
            return evaluate(trial, me, &self.budget.weights);
        };
        trial.apply_nth(index);
        self.policy.follow(steps);
        let mut activations = 0;
        while !trial.is_over() {
            let Some(player) = trial.deciding_player() else {
                break;
            };
            let legal = trial.legal();
            if legal.is_empty() {
                break;
            }
            if legal.iter().all(|d| matches!(d, Decision::Play { .. })) {
                if activations == self.budget.horizon {
                    break;
                }
                activations += 1;
            }
            let choice = self.policy.choose_on(trial, player, legal);
            trial.apply_nth(choice);
        }
        evaluate(trial, me, &self.budget.weights)
            - self.budget.rivals_progress * rivals_progress(trial, me, &self.budget.weights)
    }
}

impl Bot for SearchBot {
    fn choose(&mut self, view: &PlayerView<'_>, legal: &[Decision]) -> usize {
        if self.budget.candidates < 2
            || legal.len() < 2
            || !legal.iter().all(|d| matches!(d, Decision::Play { .. }))
        {
            return self.planner.choose(view, legal);
        }
        let mut plays = self.candidates(view, legal);
        if plays.len() < 2 {
            // Nothing to weigh: the one play planned, or the planner's fallback for none.
            let Some(play) = plays.pop() else {
                return self.planner.choose(view, legal);
            };
            self.planner.follow(&play.steps);
            return play.index;
        }
        let worlds: Vec<Race> = (0..self.budget.rollouts.max(1))
            .map(|_| view.determinise(&mut self.rng))
            .collect();
        let mut best: Option<(f64, usize)> = None;
        for (c, play) in plays.iter().enumerate() {
            let total: f64 = worlds
                .iter()
                .map(|world| self.play_out(world, view.me(), &legal[play.index], &play.steps))
                .sum();
            if best.is_none_or(|(b, _)| total > b) {
                best = Some((total, c));
            }
        }
        let chosen = plays.swap_remove(best.map_or(0, |(_, c)| c));
        self.planner.follow(&chosen.steps);
        chosen.index
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::race;
    use crate::sim::score::{lap_length, lap_progress};

    /// The shipped planner's weights, for a search bot built on them.
    fn budget(candidates: u32) -> SearchBudget {
        let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
        let profiles = crate::sim::profiles::profiles_in(&content);
        let weights = match &profiles.get("planner").expect("the planner").strategy {
            crate::content::bot_profile::Strategy::Planner(weights) => *weights,
            other => panic!("the planner plans: {other:?}"),
        };
        SearchBudget {
            weights,
            candidates,
            rollouts: 3,
            horizon: 3,
            rollout_search_limit: 8,
            rivals_progress: 0.0,
        }
    }

    /// Positions of two-player races on the oval where a card is to be played (after the
    /// first turn's plays, so cars have spread), with the player to play.
    fn plays() -> Vec<(Race, PlayerId)> {
        let mut found = Vec::new();
        for seed in 0..8 {
            let mut race = race("oval", 2, seed);
            let mut plays_seen = 0;
            while !race.is_over() {
                let legal = race.legal();
                if legal.len() > 1 && legal.iter().all(|d| matches!(d, Decision::Play { .. })) {
                    plays_seen += 1;
                    if plays_seen == 5 {
                        let player = race.deciding_player().expect("a player decides");
                        found.push((race, player));
                        break;
                    }
                }
                race.apply_nth(0);
            }
        }
        found
    }

    /// The same seed at the same position makes the same choice (every draw is the bot's own
    /// seeded RNG's), and the choice is one of the planner's candidates.
    #[test]
    fn a_search_bot_chooses_the_same_for_a_seed_among_the_planners_best_plays() {
        let positions = plays();
        assert!(positions.len() >= 6, "only {} positions", positions.len());
        let mut differs = 0;
        for (i, (race, player)) in positions.iter().enumerate() {
            let legal = race.legal().to_vec();
            let view = race.view(*player);
            let seed = i as u64;
            let first = SearchBot::new(budget(3), 4_000, seed).choose(&view, &legal);
            let again = SearchBot::new(budget(3), 4_000, seed).choose(&view, &legal);
            assert_eq!(first, again, "position {i}: the same seed chose otherwise");
            let mut bot = SearchBot::new(budget(3), 4_000, seed);
            let candidates: Vec<usize> = bot
                .candidates(&view, &legal)
                .iter()
                .map(|p| p.index)
                .collect();
            assert!(candidates.len() <= 3);
            assert!(
                candidates.contains(&first),
                "position {i}: chose {first}, not one of the candidates {candidates:?}"
            );
            if candidates.first() != Some(&first) {
                differs += 1;
            }
        }
        assert!(
            differs > 0,
            "the play-outs never chose other than the planner's best in {} positions",
            positions.len()
        );
    }

    /// A rival's progress is what the bot's own would be worth in its place: the other
    /// player's cars' sectors covered, by the progress weight (none crossed the line yet).
    #[test]
    fn the_rivals_progress_is_the_other_players_cars_progress_by_the_weights() {
        let weights = budget(2).weights;
        for (race, player) in plays() {
            let other = PlayerId(1 - player.0);
            let theirs: f64 = race
                .cars()
                .iter()
                .filter(|car| car.player == other && car.place.in_race())
                .map(|car| weights.progress * lap_progress(race.track(), car.place))
                .sum();
            let finished = f64::from(race.player(other).claims.finish);
            let expected = theirs
                + finished * (weights.progress * lap_length(race.track()) + weights.finish_vp);
            assert!((rivals_progress(&race, player, &weights) - expected).abs() < 1e-9);
            assert!(expected > 0.0, "the rival has moved");
        }
    }

    /// Counting the rivals' progress against the bot changes what it plays somewhere.
    #[test]
    fn counting_the_rivals_progress_changes_some_choices() {
        let mut differs = 0;
        for (i, (race, player)) in plays().iter().enumerate() {
            let legal = race.legal().to_vec();
            let view = race.view(*player);
            let seed = i as u64 + 200;
            let plain = SearchBot::new(budget(3), 4_000, seed).choose(&view, &legal);
            let mut wary = budget(3);
            wary.rivals_progress = 1.0;
            if SearchBot::new(wary, 4_000, seed).choose(&view, &legal) != plain {
                differs += 1;
            }
        }
        assert!(differs > 0, "the same choice in every position");
    }

    /// With one candidate there is nothing to weigh: the bot plays as its planner does.
    #[test]
    fn with_one_candidate_the_search_bot_plays_as_its_planner() {
        for (i, (race, player)) in plays().iter().enumerate() {
            let legal = race.legal().to_vec();
            let view = race.view(*player);
            let seed = i as u64 + 100;
            let mut lone = SearchBot::new(budget(1), 4_000, seed);
            let mut planner = lone.planner.clone();
            assert_eq!(
                lone.choose(&view, &legal),
                planner.choose(&view, &legal),
                "position {i}"
            );
        }
    }
}
