//! A test race: one race on given content, some seats played by people and the rest by bots,
//! with undo, restart and a record. The studio's race screen is a view of one of these; this
//! module knows nothing of windows, so tests drive it directly.
//!
//! # Decisions taken here
//! - **Bots are driven as everywhere else** ([`super::driver`]): one bot per seat for the whole
//!   race, seeded from the race seed and the seat. A race with bots in every seat is the race
//!   `simulate` plays with the same seed, teams and profiles.
//! - **Undo restores the bots too.** Going back replays the race from its seed with fresh
//!   bots, and each bot is shown again every position it decided at (its answer is the one it
//!   gave), so its state is what it was then: undoing a human choice and making it again gives
//!   the same bot replies. A record taken over starts its bots fresh where the record ends.
//! - **A seat changes hands at any time** ([`TestRace::set_seat`]): a person's seat to a bot
//!   ("finish the race with bots"), a bot's back to a person or to another profile. The new bot
//!   starts fresh, seeded as the seat's bot always is. Who plays a seat is not part of the
//!   race's history: undo and restart keep the seats as they are now (a bot that took over is
//!   shown again only the positions bots decided at).
//! - **Undo goes back to the previous human choice**: the last decision a person made and every
//!   bot decision after it are taken back, and the race is replayed from its seed to there (a
//!   race of a few hundred decisions replays in about a millisecond). With no person at the
//!   table, undo takes back one decision.

use std::sync::Arc;

use super::driver::Seats;
use super::load::LoadedRace;
use super::record::{RaceRecord, RecordFiles, ReplayError};
use crate::content::bot_profile::BotProfile;
use crate::rules::{Decision, IllegalDecision, PlayerId, Race, RaceSetup, SetupError};

/// Who plays a seat.
#[derive(Clone, PartialEq, Debug)]
pub enum SeatControl {
    /// A person, through the front end.
    Human,
    /// A bot playing by this profile.
    Bot(BotProfile),
}

impl SeatControl {
    /// How the seat is named in a list: `Human`, or the profile's name (`Planner`), as every
    /// seat chooser of the studio names it.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            Self::Human => "Human".to_owned(),
            Self::Bot(profile) => profile.name.to_string(),
        }
    }
}

/// Why a test race could not start.
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
pub enum SessionError {
    /// The setup does not fit the content.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The seats and the setup's players differ in number.
    #[error("{seats} seats were given for {players} players")]
    Seats {
        /// Seats given.
        seats: usize,
        /// Players in the setup.
        players: usize,
    },
    /// A record could not be replayed.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// How far bots play before they stop by themselves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RunUntil {
    /// One decision.
    Decision,
    /// The end of the activation in progress (or of the next one).
    Activation,
    /// The end of the turn.
    Turn,
    /// The end of the race.
    End,
}

/// A run of bot decisions: where it started and what stops it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Run {
    /// What stops it.
    pub until: RunUntil,
    /// Decisions made when it started.
    pub from: usize,
    /// The turn when it started.
    pub turn: u32,
}

impl Run {
    /// A run starting at the race's position.
    #[must_use]
    pub fn from(race: &Race, until: RunUntil) -> Self {
        Self {
            until,
            from: race.decisions().len(),
            turn: race.turn(),
        }
    }

    /// Whether the run has reached its stop (the end of the race stops every run).
    #[must_use]
    pub fn is_over(&self, race: &Race) -> bool {
        if race.is_over() {
            return true;
        }
        let moved = race.decisions().len() > self.from;
        match self.until {
            RunUntil::Decision => moved,
            RunUntil::Activation => moved && race.active_car().is_none(),
            RunUntil::Turn => race.turn() != self.turn,
            RunUntil::End => false,
        }
    }
}

/// The seats of a race: a bot for each seat a profile plays.
fn seats_for(seed: u64, seats: &[SeatControl]) -> Seats {
    Seats::new(
        seed,
        seats.iter().map(|seat| match seat {
            SeatControl::Human => None,
            SeatControl::Bot(profile) => Some(profile),
        }),
    )
}

/// A race in play, with who plays each seat and what was decided.
#[derive(Clone, Debug)]
pub struct TestRace {
    loaded: LoadedRace,
    files: RecordFiles,
    setup: RaceSetup,
    seats: Vec<SeatControl>,
    /// The bots of the seats, kept for the whole race.
    bots: Seats,
    race: Race,
    /// For each decision made, whether it starts a person's choice (the later decisions of a
    /// choice and the bots' are `false`): where undo goes back to.
    by_human: Vec<bool>,
    /// For each decision made, whether a bot of this race made it (to show the bots again what
    /// they saw when the race is taken back).
    by_bot: Vec<bool>,
}

impl TestRace {
    /// Starts a race. `files` names where the content came from, for the record.
    pub fn new(
        loaded: LoadedRace,
        files: RecordFiles,
        setup: RaceSetup,
        seats: Vec<SeatControl>,
    ) -> Result<Self, SessionError> {
        if seats.len() != setup.players.len() {
            return Err(SessionError::Seats {
                seats: seats.len(),
                players: setup.players.len(),
            });
        }
        let race = Race::new(Arc::clone(&loaded.rules), &setup)?;
        Ok(Self {
            bots: seats_for(setup.seed, &seats),
            loaded,
            files,
            setup,
            seats,
            race,
            by_human: Vec::new(),
            by_bot: Vec::new(),
        })
    }

    /// Opens a saved record on the content it was made on, every seat played by `seats` from
    /// where the record ends (a finished race stays finished).
    pub fn from_record(
        loaded: LoadedRace,
        record: &RaceRecord,
        seats: Vec<SeatControl>,
    ) -> Result<Self, SessionError> {
        let race = record.replay(Arc::clone(&loaded.rules), &loaded.identity, None)?;
        let setup = record.setup();
        if seats.len() != setup.players.len() {
            return Err(SessionError::Seats {
                seats: seats.len(),
                players: setup.players.len(),
            });
        }
        Ok(Self {
            by_human: vec![false; race.decisions().len()],
            by_bot: vec![false; race.decisions().len()],
            bots: seats_for(setup.seed, &seats),
            loaded,
            files: record.files.clone(),
            setup,
            seats,
            race,
        })
    }

    /// The race as it stands.
    #[must_use]
    pub fn race(&self) -> &Race {
        &self.race
    }

    /// The setup it started from (the seed included).
    #[must_use]
    pub fn setup(&self) -> &RaceSetup {
        &self.setup
    }

    /// Who plays each seat.
    #[must_use]
    pub fn seats(&self) -> &[SeatControl] {
        &self.seats
    }

    /// The content it runs on.
    #[must_use]
    pub fn loaded(&self) -> &LoadedRace {
        &self.loaded
    }

    /// Hands the seat of `player` to `control` from now on; `false` for a player not at the
    /// table.
    pub fn set_seat(&mut self, player: PlayerId, control: SeatControl) -> bool {
        let Some(seat) = self.seats.get_mut(player.index()) else {
            return false;
        };
        let profile = match &control {
            SeatControl::Human => None,
            SeatControl::Bot(profile) => Some(profile),
        };
        self.bots.set(self.setup.seed, player.index(), profile);
        *seat = control;
        true
    }

    /// The player a person must decide for now, if any.
    #[must_use]
    pub fn human_to_decide(&self) -> Option<PlayerId> {
        let player = self.race.deciding_player()?;
        matches!(self.seats.get(player.index()), Some(SeatControl::Human)).then_some(player)
    }

    /// Whether a bot decides now.
    #[must_use]
    pub fn bot_decides(&self) -> bool {
        self.bots.bot_decides(&self.race)
    }

    /// Applies a person's decision. An illegal one changes nothing.
    pub fn apply_human(&mut self, decision: &Decision) -> Result<(), IllegalDecision> {
        self.apply_human_choice(std::slice::from_ref(decision))
    }

    /// Applies decisions a person made as one choice (a card played and the steps to the end
    /// place clicked): one undo takes them all back. When one is illegal, none is applied.
    pub fn apply_human_choice(&mut self, decisions: &[Decision]) -> Result<(), IllegalDecision> {
        if self.human_to_decide().is_none()
            && let Some(first) = decisions.first()
        {
            return Err(IllegalDecision(first.clone()));
        }
        let before = self.race.decisions().len();
        for (i, decision) in decisions.iter().enumerate() {
            if let Err(error) = self.race.apply(decision) {
                if i > 0 {
                    self.rewind_to(before);
                }
                return Err(error);
            }
            self.by_human.push(i == 0);
            self.by_bot.push(false);
        }
        Ok(())
    }

    /// The bot of the deciding seat decides, on this thread, and its decision is applied.
    /// `false` when no bot decides.
    pub fn step_bot(&mut self) -> bool {
        if self.bots.step(&mut self.race).is_none() {
            return false;
        }
        self.by_human.push(false);
        self.by_bot.push(true);
        true
    }

    /// Plays bot decisions until the run stops, a person must decide, `most` decisions were
    /// made, or `deadline` passes (after at least one decision). Returns the decisions made.
    pub fn play_bots(
        &mut self,
        run: &Run,
        most: usize,
        deadline: Option<std::time::Instant>,
    ) -> Vec<Decision> {
        let from = self.race.decisions().len();
        while self.race.decisions().len() - from < most && !run.is_over(&self.race) {
            if !self.step_bot() {
                break;
            }
            if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                break;
            }
        }
        self.race.decisions()[from..].to_vec()
    }

    /// Whether there is anything to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.by_human.is_empty()
    }

    /// Takes back the last human decision and every bot decision after it (or the last decision
    /// when no person has decided). Returns how many decisions were taken back.
    pub fn undo(&mut self) -> usize {
        let keep = self
            .by_human
            .iter()
            .rposition(|&human| human)
            .unwrap_or_else(|| self.by_human.len().saturating_sub(1));
        let taken = self.by_human.len() - keep;
        if taken > 0 {
            self.rewind_to(keep);
        }
        taken
    }

    /// Replays the race to its first `count` decisions, with fresh bots shown again each
    /// position they decided at.
    fn rewind_to(&mut self, count: usize) {
        // The decisions were legal when made on this same race, so replaying them cannot fail;
        // if it ever did, the race is kept as it stands rather than a broken one.
        let Ok(mut race) = Race::new(Arc::clone(&self.loaded.rules), &self.setup) else {
            return;
        };
        let mut bots = seats_for(self.setup.seed, &self.seats);
        let made = &self.race.decisions()[..count.min(self.race.decisions().len())];
        for (decision, &by_bot) in made.iter().zip(&self.by_bot) {
            if by_bot {
                // The bot sees the position again and gives the same answer (it did); what
                // matters is the state it keeps.
                bots.choose(&race);
            }
            if race.apply(decision).is_err() {
                return;
            }
        }
        self.race = race;
        self.bots = bots;
        self.by_human.truncate(count);
        self.by_bot.truncate(count);
    }

    /// Starts the race again from the same seed and seats.
    pub fn restart(&mut self) {
        self.rewind_to(0);
    }

    /// The race's record: content identity, setup, seed and every decision so far.
    #[must_use]
    pub fn record(&self) -> RaceRecord {
        RaceRecord::of(
            &self.race,
            &self.setup,
            self.loaded.identity.clone(),
            self.files.clone(),
        )
    }
}

/// A saved race watched again: every position of the record, one decision at a time.
#[derive(Clone, Debug)]
pub struct Replay {
    record: RaceRecord,
    rules: LoadedRace,
    /// The race at the position shown.
    race: Race,
    /// The turn each decision was made in, for jumping to a turn.
    turns: Vec<u32>,
}

impl Replay {
    /// Opens a record on the content it was made on.
    pub fn new(loaded: LoadedRace, record: RaceRecord) -> Result<Self, SessionError> {
        record.check_content(&loaded.identity)?;
        // Replayed once to its end, noting the turn of each position so a jump needs no search.
        let mut race = Race::new(Arc::clone(&loaded.rules), &record.setup())?;
        let mut turns = Vec::with_capacity(record.decisions.len() + 1);
        for decision in &record.decisions {
            turns.push(race.turn());
            race.apply(decision).map_err(|_| ReplayError::Illegal {
                index: turns.len(),
                decision: decision.clone(),
            })?;
        }
        turns.push(race.turn());
        Ok(Self {
            race,
            record,
            rules: loaded,
            turns,
        })
    }

    /// The race at the position shown.
    #[must_use]
    pub fn race(&self) -> &Race {
        &self.race
    }

    /// The record watched.
    #[must_use]
    pub fn record(&self) -> &RaceRecord {
        &self.record
    }

    /// The position shown: how many decisions have been applied.
    #[must_use]
    pub fn position(&self) -> usize {
        self.race.decisions().len()
    }

    /// The last position (every decision applied).
    #[must_use]
    pub fn last(&self) -> usize {
        self.record.decisions.len()
    }

    /// The turn the race reached, at the last position.
    #[must_use]
    pub fn last_turn(&self) -> u32 {
        self.turns.last().copied().unwrap_or(1)
    }

    /// Shows position `to` (clamped to the record).
    pub fn seek(&mut self, to: usize) {
        let to = to.min(self.last());
        let here = self.position();
        if to == here {
            return;
        }
        if to > here {
            for decision in &self.record.decisions[here..to] {
                if self.race.apply(decision).is_err() {
                    return;
                }
            }
            return;
        }
        if let Ok(race) = self.record.replay(
            Arc::clone(&self.rules.rules),
            &self.rules.identity,
            Some(to),
        ) {
            self.race = race;
        }
    }

    /// Shows the first position of turn `turn` (the last position for a turn past the end).
    pub fn seek_turn(&mut self, turn: u32) {
        let to = self
            .turns
            .iter()
            .position(|&t| t >= turn)
            .unwrap_or(self.last());
        self.seek(to);
    }
}
