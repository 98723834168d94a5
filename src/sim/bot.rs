//! Bots: players driven by code through the decision API.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::{Decision, PlayerView};

/// A player driven by code. It sees the race only through its player's view: no deck order,
/// no other hand, no engine RNG. A bot can be copied with its state ([`BotClone`]), so a race
/// and its seats can be handed to a worker and taken back.
pub trait Bot: BotClone {
    /// Picks one of the legal decisions (never empty) by its index.
    fn choose(&mut self, view: &PlayerView<'_>, legal: &[Decision]) -> usize;

    /// Picks by the number of legal decisions alone (never 0), for a bot that needs nothing
    /// more: neither the decisions nor the player's view are built for it (a batch of random
    /// races lists tens of millions). `None`, the default, asks [`Bot::choose`]. A bot that
    /// answers here picks as its `choose` would, drawing the same from its RNG.
    fn choose_by_count(&mut self, _count: usize) -> Option<usize> {
        None
    }
}

/// A copy of a boxed bot, with its state (every `Clone` bot has it).
pub trait BotClone {
    /// The copy.
    fn clone_box(&self) -> Box<dyn Bot + Send>;
}

impl<T: Bot + Clone + Send + 'static> BotClone for T {
    fn clone_box(&self) -> Box<dyn Bot + Send> {
        Box::new(self.clone())
    }
}

/// A bot that picks uniformly among the legal decisions, from its own seeded RNG.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot with a seed.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// One of `count` decisions, uniformly: given the decisions or only their count, the bot
    /// draws the same.
    fn pick(&mut self, count: usize) -> usize {
        self.rng.random_range(0..count)
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, _view: &PlayerView<'_>, legal: &[Decision]) -> usize {
        self.pick(legal.len())
    }

    fn choose_by_count(&mut self, count: usize) -> Option<usize> {
        Some(self.pick(count))
    }
}
