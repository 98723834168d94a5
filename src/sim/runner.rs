//! Playing a whole race with bots.

use super::bot::Bot;
use crate::rules::{Race, RaceResult};

/// Decisions after which a race is abandoned as runaway (far beyond any real race).
pub const MAX_DECISIONS: usize = 1_000_000;

/// Why a race could not be played to its end.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RaceError {
    /// The race took more than [`MAX_DECISIONS`] decisions.
    #[error("the race did not end within {MAX_DECISIONS} decisions")]
    Runaway,
    /// A state broke an invariant (only checked when asked).
    #[error("after decision {decision}: {problem}")]
    Invariant {
        /// The number of decisions applied.
        decision: usize,
        /// What was wrong.
        problem: String,
    },
}

/// Plays a race to its end, each seat driven by its bot. With `check`, the state's invariants
/// are checked after every decision. Returns the result and the number of decisions.
pub fn play_race(
    race: &mut Race,
    bots: &mut [Box<dyn Bot + Send>],
    check: bool,
) -> Result<(RaceResult, usize), RaceError> {
    for decision in 0..MAX_DECISIONS {
        if let Some(result) = race.result() {
            return Ok((result, decision));
        }
        let Some(player) = race.deciding_player() else {
            return Err(RaceError::Runaway);
        };
        let legal = race.legal();
        let pick = bots[player.index()]
            .choose(&race.view(player), legal)
            .min(legal.len() - 1);
        // The pick is within the list, so it is always applied.
        race.apply_nth(pick);
        if check && let Err(problem) = race.check_invariants() {
            return Err(RaceError::Invariant { decision, problem });
        }
    }
    Err(RaceError::Runaway)
}
