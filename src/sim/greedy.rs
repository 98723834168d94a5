//! The greedy bot: every legal decision is tried on a determinised copy of the race and the one
//! whose result scores best is taken (ties go to the bot's own RNG). A shot at a car of its own
//! side costs its expected damage on top ([`super::score::friendly_fire_cost`]).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::bot::Bot;
use super::score::{evaluate, friendly_fire_cost};
use super::scratch::Scratch;
use crate::content::bot_profile::Weights;
use crate::rules::{Decision, PlayerId, PlayerView, Race};

/// A bot that takes the decision with the best immediate result.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    weights: Weights,
    rng: ChaCha8Rng,
    /// The copy each decision is tried on.
    trial: Scratch,
}

impl GreedyBot {
    /// A greedy bot with its weights and seed.
    #[must_use]
    pub fn new(weights: Weights, seed: u64) -> Self {
        Self {
            weights,
            rng: ChaCha8Rng::seed_from_u64(seed),
            trial: Scratch::default(),
        }
    }
}

impl GreedyBot {
    /// The decision of `legal` whose result on `base` scores best for `me`: what
    /// [`Bot::choose`] takes on a determinised copy, and a play-out takes on its own copy.
    pub(crate) fn choose_on(&mut self, base: &Race, me: PlayerId, legal: &[Decision]) -> usize {
        if legal.len() < 2 {
            return 0;
        }
        let mut best = (f64::NEG_INFINITY, 0);
        for (i, decision) in legal.iter().enumerate() {
            let cost = friendly_fire_cost(base, me, decision, &self.weights);
            let trial = self.trial.copy_of(base);
            trial.apply_listed(decision);
            // A hair of noise breaks ties without favouring the first decision listed.
            let score = evaluate(trial, me, &self.weights) + cost + self.rng.random::<f64>() * 1e-6;
            if score > best.0 {
                best = (score, i);
            }
        }
        best.1
    }
}

impl Bot for GreedyBot {
    fn choose(&mut self, view: &PlayerView<'_>, legal: &[Decision]) -> usize {
        if legal.len() < 2 {
            return 0;
        }
        let base = view.determinise(&mut self.rng);
        self.choose_on(&base, view.me(), legal)
    }
}
