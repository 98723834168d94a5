//! Driving a race: who decides at each seat, for the whole race, and playing a race to its end.
//!
//! Every race the program plays with bots is driven here: `roadwright race`, `simulate`,
//! `validate --play`, the studio's test races, the races of a batch opened in the studio and
//! the race a finding of play shows.
//!
//! # Decisions taken here
//! - **One bot per seat for the whole race.** A seat's bot is made when the race starts and
//!   decides every time its seat must, so a planner keeps its plan from one step of a movement
//!   to the next (a bot made afresh for each decision forgets it and plays greedily).
//! - **One seeding scheme**: the bot of seat `s` in a race seeded `r` is seeded
//!   [`seat_seed`]`(r, s)`. The same seed, teams and profiles are the same race everywhere.
//! - A seat played by a person has no bot ([`Seats::new`] with `None`).

use super::bot::{Bot, RandomBot};
use super::profiles::bot_for;
use crate::content::bot_profile::BotProfile;
use crate::rules::{PlayerId, Race, RaceResult};

/// The seed of the bot in seat `seat` of a race seeded `race_seed`.
#[must_use]
pub fn seat_seed(race_seed: u64, seat: usize) -> u64 {
    race_seed ^ (seat as u64 + 1)
}

/// Who decides at each seat of one race: a bot kept for the whole race, or a person (`None`).
pub struct Seats {
    bots: Vec<Option<Box<dyn Bot + Send>>>,
}

impl Clone for Seats {
    fn clone(&self) -> Self {
        Self {
            bots: self
                .bots
                .iter()
                .map(|bot| bot.as_ref().map(|bot| bot.clone_box()))
                .collect(),
        }
    }
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let seats: Vec<&str> = self
            .bots
            .iter()
            .map(|bot| if bot.is_some() { "bot" } else { "person" })
            .collect();
        f.debug_struct("Seats").field("seats", &seats).finish()
    }
}

impl Seats {
    /// The seats of a race seeded `race_seed`: a bot playing by the profile, or a person for
    /// `None`, seat by seat.
    pub fn new<'a>(
        race_seed: u64,
        profiles: impl IntoIterator<Item = Option<&'a BotProfile>>,
    ) -> Self {
        Self {
            bots: profiles
                .into_iter()
                .enumerate()
                .map(|(seat, profile)| profile.map(|p| bot_for(p, seat_seed(race_seed, seat))))
                .collect(),
        }
    }

    /// A random bot in each of `players` seats (`roadwright race`, the check by play).
    #[must_use]
    pub fn random(race_seed: u64, players: usize) -> Self {
        Self::from_bots(
            (0..players)
                .map(|seat| {
                    Box::new(RandomBot::new(seat_seed(race_seed, seat))) as Box<dyn Bot + Send>
                })
                .collect(),
        )
    }

    /// Seats played by these bots, seat by seat (tests and benchmarks that bring their own).
    #[must_use]
    pub fn from_bots(bots: Vec<Box<dyn Bot + Send>>) -> Self {
        Self {
            bots: bots.into_iter().map(Some).collect(),
        }
    }

    /// Puts a fresh bot playing by `profile` in `seat` (seeded as the seat's bot always is), or
    /// a person for `None`. A seat beyond the table is left alone.
    pub fn set(&mut self, race_seed: u64, seat: usize, profile: Option<&BotProfile>) {
        if let Some(slot) = self.bots.get_mut(seat) {
            *slot = profile.map(|p| bot_for(p, seat_seed(race_seed, seat)));
        }
    }

    /// Whether a bot decides at the race's position.
    #[must_use]
    pub fn bot_decides(&self, race: &Race) -> bool {
        race.deciding_player()
            .and_then(|p| self.bots.get(p.index()))
            .is_some_and(Option::is_some)
    }

    /// The deciding seat's bot picks among the legal decisions (its index in `race.legal()`);
    /// `None` when a person decides, nobody does or nothing is legal.
    pub fn choose(&mut self, race: &Race) -> Option<usize> {
        let player = race.deciding_player()?;
        let count = race.legal_count();
        if count == 0 {
            return None;
        }
        self.pick(race, player, count)
    }

    /// [`Seats::choose`] once `player`'s `count` legal decisions (at least one) are known.
    fn pick(&mut self, race: &Race, player: PlayerId, count: usize) -> Option<usize> {
        let bot = self.bots.get_mut(player.index())?.as_mut()?;
        let pick = match bot.choose_by_count(count) {
            Some(pick) => pick,
            None => bot.choose(&race.view(player), race.legal()),
        };
        Some(pick.min(count - 1))
    }

    /// The deciding seat's bot decides and its decision is applied; its index among the legal
    /// decisions it was picked from, or `None` when no bot decides. (The decision itself is
    /// not copied out: a batch applies a million of them and reads none.)
    pub fn step(&mut self, race: &mut Race) -> Option<usize> {
        let pick = self.choose(race)?;
        // The pick is within the list, so it is always applied.
        race.apply_nth(pick);
        Some(pick)
    }
}

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
    /// A seat played by a person must decide (a race played to its end has a bot in every
    /// seat).
    #[error("decision {decision}: player {} is a person, not a bot", .player.index() + 1)]
    PersonToDecide {
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
    bots: &mut Seats,
    check: bool,
) -> Result<(RaceResult, usize), RaceError> {
    play_race_within(race, bots, check, MAX_DECISIONS)
}

/// [`play_race`] with at most `most` decisions.
pub fn play_race_within(
    race: &mut Race,
    bots: &mut Seats,
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
        let count = race.legal_count();
        if count == 0 {
            return Err(RaceError::NoLegalDecision {
                player,
                decision: decision + 1,
            });
        }
        // The player and the count are known here: the seat's bot picks without asking again
        // (a batch decides millions of times).
        let Some(pick) = bots.pick(race, player, count) else {
            // A seat without a bot: this race cannot be played to its end by bots.
            return Err(RaceError::PersonToDecide {
                player,
                decision: decision + 1,
            });
        };
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
