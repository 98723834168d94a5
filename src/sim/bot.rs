//! Bots: players driven by code through the decision API.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::{Decision, Race};

/// A player driven by code.
pub trait Bot {
    /// Picks one of the legal decisions (never empty) by its index.
    fn choose(&mut self, race: &Race, legal: &[Decision]) -> usize;
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
}

impl Bot for RandomBot {
    fn choose(&mut self, _race: &Race, legal: &[Decision]) -> usize {
        self.rng.random_range(0..legal.len())
    }
}
