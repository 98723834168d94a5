//! Playing a whole race with bots.

use super::bot::Bot;
use crate::rules::{PlayerId, Race, RaceResult};

/// Decisions after which a race is abandoned as runaway (far beyond any real race).
pub const MAX_DECISIONS: usize = 1_000_000;

/// Why a race could not be played to its end.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RaceError {
    /// The race took more decisions than it was allowed ([`MAX_DECISIONS`] unless told).
    #[error("the race did not end within {0} decisions")]
    Runaway(usize),
    /// A player had to decide and no decision was legal (the engine promises there always is
    /// one until the race is over; play checks report it rather than stop).
    #[error("decision {decision}: player {} must decide but has no legal decision", .player.index() + 1)]
    NoLegalDecision {
        /// The player.
        player: PlayerId,
        /// The decision's number, counting from 1.
        decision: usize,
    },
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
    play_race_within(race, bots, check, MAX_DECISIONS)
}

/// [`play_race`] with at most `most` decisions.
pub fn play_race_within(
    race: &mut Race,
    bots: &mut [Box<dyn Bot + Send>],
    check: bool,
    most: usize,
) -> Result<(RaceResult, usize), RaceError> {
    for decision in 0..most {
        if let Some(result) = race.result() {
            return Ok((result, decision));
        }
        let Some(player) = race.deciding_player() else {
            return Err(RaceError::Runaway(most));
        };
        let legal = race.legal();
        if legal.is_empty() {
            return Err(RaceError::NoLegalDecision {
                player,
                decision: decision + 1,
            });
        }
        let pick = bots[player.index()]
            .choose(&race.view(player), legal)
            .min(legal.len() - 1);
        // The pick is within the list, so it is always applied.
        race.apply_nth(pick);
        if check && let Err(problem) = race.check_invariants() {
            return Err(RaceError::Invariant { decision, problem });
        }
    }
    match race.result() {
        Some(result) => Ok((result, most)),
        None => Err(RaceError::Runaway(most)),
    }
}
