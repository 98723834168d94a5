//! The turn (rulebook 4.0-4.5, 11.4): filling hands, the order of action segments, the end of
//! turn sequence, the First Player marker and the countdown clock.
//!
//! # Decisions where the rulebook is silent
//! - Temporary damage (the Thunder Alley crossover variant) is removed at the end of the turn:
//!   Apocalypse Road has no pits to remove it at.
//! - A race that reaches the setup's turn limit, or in which no car is left to race, ends
//!   without a winner.

use super::Race;
use super::activation::Phase;
use super::ids::PlayerId;
use super::race_event::{DeckKind, RaceEvent};
use super::state::{Place, RaceResult};

impl Race {
    /// Passes the action to the next player clockwise who can play (4.4); when nobody can,
    /// the action phase is over and the end of turn sequence begins. Returns the next phase.
    pub(crate) fn next_segment(&mut self) -> Phase {
        if self.is_over() {
            return Phase::Over;
        }
        let mut player = self.current_player();
        for _ in 0..self.players().len() {
            player = self.next_player(player);
            if self.can_play(player) {
                self.give_action(player);
                return Phase::Activation;
            }
        }
        // Nobody can play: the action phase is over (4.5).
        self.give_action(self.first_player());
        Phase::Discard
    }

    /// The current player has finished discarding; the next one discards, or the turn ends.
    /// Returns the next phase.
    pub(crate) fn done_discarding(&mut self) -> Phase {
        let next = self.next_player(self.current_player());
        if next == self.first_player() {
            self.end_turn()
        } else {
            self.give_action(next);
            Phase::Discard
        }
    }

    /// The end of turn sequence after the discards (4.5), then the next turn's start. Returns
    /// the next phase.
    fn end_turn(&mut self) -> Phase {
        self.assign_first_player();
        self.clear_turn_markers();
        self.roll_at_turn_end();
        self.record(RaceEvent::TurnEnded { turn: self.turn() });
        // A mission may end the race at the end of a turn (its turn limit, a survival).
        if self.is_over() {
            return Phase::Over;
        }
        if self.turn() >= self.turn_limit() || !self.cars().iter().any(|c| c.place.in_race()) {
            let result = self
                .run_settled()
                .map_or(RaceResult::Draw, RaceResult::Winner);
            self.end_race(result);
            return Phase::Over;
        }
        self.start_next_turn();
        self.fill_hands();
        self.countdown();
        self.give_action(self.first_player());
        Phase::Activation
    }

    /// The winner of a point-to-point race that no car is left in (every car finished or
    /// destroyed): the player with the fewest VP left in their pool, and among players level
    /// on that, the one whose car finished first. `None` when none of the level players
    /// finished a car, on a lap (the rulebook's race has no such end: it is a draw), in a
    /// mission race (its own objectives and settlement decide) and while a car still races.
    fn run_settled(&self) -> Option<PlayerId> {
        if !self.track().point_to_point()
            || self.mission_state().is_some()
            || self.cars().iter().any(|c| c.place.in_race())
        {
            return None;
        }
        let fewest = self.players().iter().map(|p| p.pool).min()?;
        let mut level = self
            .players()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.pool == fewest)
            .map(|(i, _)| PlayerId(i as u8));
        let first = level.next()?;
        if level.next().is_none() {
            return Some(first);
        }
        self.cars()
            .iter()
            .filter(|c| self.player(c.player).pool == fewest)
            .filter_map(|c| match c.place {
                Place::Finished(order) => Some((order, c.player)),
                _ => None,
            })
            .min()
            .map(|(_, player)| player)
    }

    /// Fills every hand to the hand size, in turn order from the first player (4.3).
    pub(crate) fn fill_hands(&mut self) {
        let size = usize::from(self.rules().ruleset.hand_size);
        for player in self.players_from(self.first_player()) {
            let mut drawn = Vec::new();
            while self.player(player).hand.len() < size {
                let Some(card) = self.draw_card(DeckKind::Race) else {
                    break;
                };
                self.deal(player, card);
                if self.logging() {
                    drawn.push(card);
                }
            }
            self.sort_hand(player);
            if !drawn.is_empty() {
                self.record(RaceEvent::HandFilled {
                    seat: player,
                    cards: drawn.into_iter().map(super::RaceCard).collect(),
                });
            }
        }
    }

    /// The countdown clock (11.4): every pool loses 1 VP, until that would take someone's last.
    fn countdown(&mut self) {
        if !self.clock_running() || !self.rules().ruleset.countdown_clock {
            return;
        }
        if self.players().iter().any(|p| p.pool <= 1) {
            self.stop_clock();
            return;
        }
        self.clock_takes_one();
    }

    /// The First Player marker goes to the player with the most damage on cars in the race,
    /// never the current holder; ties go to the tied player nearest the holder's left (4.5).
    fn assign_first_player(&mut self) {
        if self.players().len() < 2 {
            return;
        }
        let damage = |p: PlayerId| -> u32 {
            self.cars_of(p)
                .map(|id| self.car(id))
                .filter(|c| c.place.in_race() && c.place != Place::Reserve)
                .map(|c| u32::from(c.damage) + u32::from(c.temporary_damage))
                .sum()
        };
        let holder = self.first_player();
        let mut best: Option<(PlayerId, u32)> = None;
        for p in self.players_from(self.next_player(holder)) {
            if p == holder {
                continue;
            }
            let d = damage(p);
            if best.is_none_or(|(_, b)| d > b) {
                best = Some((p, d));
            }
        }
        if let Some((p, _)) = best {
            self.pass_first_player(p);
        }
    }
}
