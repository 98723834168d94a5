//! Bots: players driven by code through the decision API.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::{Decision, PlayerView};

/// A player driven by code. It sees the race only through its player's view: no deck order,
/// no other hand, no engine RNG.
pub trait Bot {
    /// Picks one of the legal decisions (never empty) by its index.
    fn choose(&mut self, view: &PlayerView<'_>, legal: &[Decision]) -> usize;
}

/// The seed of the random bot in `seat` of a race seeded `seed`, as `roadwright race` and
/// `validate --play` seat them: the same seed, seats and teams give the same race.
#[must_use]
pub fn race_bot_seed(seed: u64, seat: usize) -> u64 {
    seed.wrapping_mul(1000).wrapping_add(seat as u64)
}

/// A random bot in each of `players` seats, seeded as `roadwright race` seats them.
#[must_use]
pub fn random_seats(seed: u64, players: usize) -> Vec<Box<dyn Bot + Send>> {
    (0..players)
        .map(|seat| Box::new(RandomBot::new(race_bot_seed(seed, seat))) as Box<dyn Bot + Send>)
        .collect()
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
    fn choose(&mut self, _view: &PlayerView<'_>, legal: &[Decision]) -> usize {
        self.rng.random_range(0..legal.len())
    }
}
