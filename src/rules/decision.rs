//! The decision API: the legal decisions at each point of the race and applying one.
//!
//! Front ends and bots drive a race the same way: ask [`Race::legal_decisions`], pick one,
//! [`Race::apply`] it. An illegal decision is refused and leaves the state unchanged. All
//! randomness comes from the race's seeded `ChaCha` RNG, so a seed plus the list of decisions
//! replays a race exactly, on any machine.

use smallvec::SmallVec;

use super::Race;
use super::activation::{Phase, Stage};
use super::combat;
use super::events::EventChoice;
use super::ids::{CarId, PlayerId};
use super::listed::Listed;
use super::movement::{MoveKind, Step, StepEnd, StepRef, Style};

/// One decision of a player.
#[derive(
    Clone, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Play a race card (a kind in hand) for a car (4.4). `ram_as_lead` chooses, for a Ram
    /// card, a Lead ram that pulls the cars linked behind (7.9).
    Play {
        /// The race card kind.
        card: u16,
        /// The car.
        car: CarId,
        /// For Ram cards: ram as a Lead movement.
        ram_as_lead: bool,
    },
    /// Fire the active car's weapon at a target (before or after moving, 8.0).
    Fire {
        /// The target.
        target: CarId,
    },
    /// Do not fire now: before moving, move first; after moving, end without firing.
    HoldFire,
    /// A movement step.
    Move(Step),
    /// A movement event choice.
    Event(EventChoice),
    /// End of turn: discard one card of this kind (4.5).
    Discard {
        /// The race card kind.
        card: u16,
    },
    /// End of turn: keep the rest of the hand.
    KeepHand,
}

/// A decision that is not legal now.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("that decision is not legal now: {0:?}")]
pub struct IllegalDecision(pub Decision);

impl Race {
    /// The player who decides next, or `None` once the race is over.
    #[must_use]
    pub fn deciding_player(&self) -> Option<PlayerId> {
        match self.phase() {
            Phase::Over => None,
            Phase::Activation | Phase::Discard => Some(self.current_player()),
            Phase::Active(a) => Some(match &a.stage {
                Stage::Event(event) => Self::event_player(a, event),
                _ => a.player,
            }),
        }
    }

    /// Every legal decision now, in a stable order. Empty only when the race is over.
    #[must_use]
    pub fn legal_decisions(&self) -> Vec<Decision> {
        self.legal().to_vec()
    }

    /// Every legal decision now, listed once per point of the race and kept: asking again
    /// (a bot, then [`Race::apply`]) does not list them again.
    #[must_use]
    pub fn legal(&self) -> &[Decision] {
        self.work().decisions_or(|| self.list_decisions())
    }

    /// How many decisions are legal now: the length of [`Race::legal`], without building the
    /// decisions (a bot that picks by the count alone, then [`Race::apply_nth`]).
    #[must_use]
    pub fn legal_count(&self) -> usize {
        self.listed().len()
    }

    /// The legal decisions of this point, listed compactly the first time
    /// (`rules/listed.rs`).
    fn listed(&self) -> &Listed {
        self.work().legal_or(|| self.list_decisions())
    }

    fn list_decisions(&self) -> Listed {
        let mut out = self.work().take_list();
        match self.phase() {
            Phase::Over => {}
            Phase::Discard => {
                let mut hand: SmallVec<[u16; 8]> =
                    SmallVec::from_slice(&self.player(self.current_player()).hand);
                hand.dedup();
                for card in hand {
                    out.discard(card);
                }
                out.keep_hand();
            }
            Phase::Activation => self.plays_into(&mut out),
            Phase::Active(a) => match &a.stage {
                Stage::BeforeMove | Stage::AfterMove => {
                    if self.may_fire(a) {
                        for target in combat::targets(self, a.car) {
                            out.fire(target);
                        }
                    }
                    out.hold_fire();
                }
                Stage::Moving { movement, .. } => movement.legal_steps_into(self, &mut out),
                Stage::Event(event) => {
                    for choice in self.event_choices(a, event) {
                        out.event(choice);
                    }
                }
            },
        }
        out
    }

    fn plays_into(&self, out: &mut Listed) {
        let player = self.current_player();
        // A hand and a team are a few cards and cars: kept inline, listing the plays at every
        // activation allocates nothing.
        let mut hand: SmallVec<[u16; 8]> = SmallVec::from_slice(&self.player(player).hand);
        hand.sort_unstable();
        hand.dedup();
        let cars: SmallVec<[CarId; 8]> = self.activatable_cars(player).collect();
        for card in hand {
            let movement = self.rules().content.race_deck[usize::from(card)].movement;
            let ram = Style::of_card(movement, false).kind == MoveKind::Ram;
            for &car in &cars {
                out.play(card, car, false);
                if ram && self.has_car_behind(car) {
                    out.play(card, car, true);
                }
            }
        }
    }

    fn has_car_behind(&self, car: CarId) -> bool {
        self.car(car).place.space().is_some_and(|s| {
            self.track()
                .space(s)
                .prev
                .iter()
                .any(|p| self.car_in_line(*p).is_some())
        })
    }

    /// Plays a race card for a car and brings the race to the start of its movement: when
    /// the car could fire first, it holds fire (4.4: fire before or after moving; what a card
    /// can do for a car is asked before any shot). Returns the decisions applied, in order
    /// (the play, then perhaps [`Decision::HoldFire`]), which replay the same point. The
    /// outcome search, the bots, the studio's preview and `moves` all start a movement here.
    ///
    /// An illegal play is refused and changes nothing.
    pub fn play_to_movement(&mut self, play: &Decision) -> Result<Vec<Decision>, IllegalDecision> {
        if !matches!(play, Decision::Play { .. }) {
            return Err(IllegalDecision(play.clone()));
        }
        self.apply(play)?;
        let mut applied = vec![play.clone()];
        if self.movement().is_none() && self.legal().contains(&Decision::HoldFire) {
            self.apply_listed(&Decision::HoldFire);
            applied.push(Decision::HoldFire);
        }
        Ok(applied)
    }

    /// Applies a decision. An illegal one is refused and the state is left unchanged.
    pub fn apply(&mut self, decision: &Decision) -> Result<(), IllegalDecision> {
        if !self.legal().contains(decision) {
            return Err(IllegalDecision(decision.clone()));
        }
        self.apply_listed(decision);
        Ok(())
    }

    /// Applies the `index`-th legal decision ([`Self::legal`]), building only that one: what a
    /// bot that picked from the list does. Returns false, changing nothing, when there is no
    /// such decision.
    pub fn apply_nth(&mut self, index: usize) -> bool {
        let legal = match self.work_mut().take_legal() {
            Some(legal) => legal,
            None => self.list_decisions(),
        };
        if let Some(step) = legal.step(index) {
            // A movement step (most decisions of a race) is applied from the list's own
            // spaces, never built.
            self.apply_listed_step(step);
            self.work().keep_list(legal);
            return true;
        }
        let Some(decision) = legal.decision(index) else {
            self.work_mut().set_legal(legal);
            return false;
        };
        self.work().keep_list(legal);
        self.apply_listed(&decision);
        true
    }

    /// [`Race::apply_listed`] for a movement step whose spaces lie in the list it was taken
    /// from.
    fn apply_listed_step(&mut self, step: StepRef<'_>) {
        if self.logging() {
            self.record_decision(Decision::Move(step.to_step()));
        }
        self.work_mut().forget_legal();
        let phase = match self.take_phase() {
            Phase::Active(mut a) => {
                self.take_step(&mut a, step);
                Phase::Active(a)
            }
            phase => phase,
        };
        self.enter_phase(phase);
        self.advance();
    }

    /// Takes a movement step in the activation's movement, ending the movement when the step
    /// did.
    fn take_step(&mut self, a: &mut super::activation::Activation, step: StepRef<'_>) {
        if let Stage::Moving { movement, main } = &mut a.stage {
            let main = *main;
            let end = movement.apply_ref(self, step);
            if end != StepEnd::Continue {
                self.end_movement(a, main, end);
            }
        }
    }

    /// Applies a decision taken from [`Self::legal_decisions`] of this very state, without
    /// listing the legal decisions again (bots that just listed them use this).
    pub fn apply_listed(&mut self, decision: &Decision) {
        if self.logging() {
            self.record_decision(decision.clone());
        }
        self.work_mut().forget_legal();
        let phase = self.take_phase();
        let next = match (decision, phase) {
            (
                Decision::Play {
                    card,
                    car,
                    ram_as_lead,
                },
                Phase::Activation,
            ) => self.start_activation(*card, *car, *ram_as_lead),
            (Decision::Discard { card }, Phase::Discard) => {
                self.discard_from_hand(self.current_player(), *card);
                Phase::Discard
            }
            (Decision::KeepHand, Phase::Discard) => self.done_discarding(),
            (_, Phase::Active(mut a)) => match self.apply_in_activation(&mut a, decision) {
                Some(next) => {
                    self.work_mut().keep_activation(a);
                    next
                }
                None => Phase::Active(a),
            },
            (_, phase) => phase,
        };
        self.enter_phase(next);
        self.advance();
    }

    /// Applies a decision inside an activation; returns the next phase when it ended it.
    fn apply_in_activation(
        &mut self,
        a: &mut super::activation::Activation,
        decision: &Decision,
    ) -> Option<Phase> {
        match (decision, &mut a.stage) {
            (Decision::Fire { target }, Stage::BeforeMove) => {
                combat::attack(self, a.car, *target, a.player);
                a.fired_before = true;
                a.stage = Stage::Moving {
                    movement: self.main_movement(a),
                    main: true,
                };
            }
            (Decision::HoldFire, Stage::BeforeMove) => {
                a.stage = Stage::Moving {
                    movement: self.main_movement(a),
                    main: true,
                };
            }
            (Decision::Fire { target }, Stage::AfterMove) => {
                combat::attack(self, a.car, *target, a.player);
                return Some(self.end_activation(a));
            }
            (Decision::HoldFire, Stage::AfterMove) => return Some(self.end_activation(a)),
            (Decision::Move(step), Stage::Moving { .. }) => self.take_step(a, step.as_ref()),
            (Decision::Event(choice), Stage::Event(_)) => self.apply_event_choice(a, *choice),
            _ => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::Decision;
    use crate::rules::test_support::race;

    #[test]
    fn play_to_movement_reaches_the_movement_and_returns_the_decisions_that_replay_it() {
        let mut played = 0;
        for seed in 0..20 {
            let base = race("figure-eight", 4, seed);
            let plays: Vec<Decision> = base
                .legal()
                .iter()
                .filter(|d| matches!(d, Decision::Play { .. }))
                .cloned()
                .collect();
            for play in plays.iter().take(6) {
                let mut moving = base.clone();
                let applied = moving.play_to_movement(play).expect("a legal play");
                assert!(moving.movement().is_some(), "seed {seed}: {play:?} moves");
                assert_eq!(applied[0], *play);
                // The decisions returned take a copy of the race to the same point.
                let mut again = base.clone();
                for d in &applied {
                    again.apply(d).expect("replays");
                }
                assert_eq!(again.legal(), moving.legal());
                played += 1;
            }
        }
        assert!(played > 50);
    }

    #[test]
    fn play_to_movement_refuses_what_is_not_a_legal_play_and_changes_nothing() {
        let mut race = race("oval", 3, 4);
        let before = race.decisions().len();
        assert!(race.play_to_movement(&Decision::HoldFire).is_err());
        let Some(Decision::Play { car, .. }) = race.legal().first().cloned() else {
            panic!("the race starts with a play");
        };
        let not_in_hand = (0..u16::MAX)
            .find(|card| !race.player(race.current_player()).hand.contains(card))
            .expect("a card kind not in hand");
        let illegal = Decision::Play {
            card: not_in_hand,
            car,
            ram_as_lead: false,
        };
        assert!(race.play_to_movement(&illegal).is_err());
        assert_eq!(race.decisions().len(), before, "nothing applied");
    }

    #[test]
    fn the_kept_legal_decisions_are_those_listed_afresh_at_every_point() {
        for (track, players, seed) in [
            ("oval", 4, 1),
            ("figure-eight", 6, 2),
            ("road-course", 3, 3),
        ] {
            let mut race = race(track, players, seed);
            let mut decisions = 0;
            while !race.is_over() && decisions < 3_000 {
                assert_eq!(
                    race.legal(),
                    race.list_decisions().decisions(),
                    "{track}, decision {decisions}"
                );
                let pick = decisions * 31 % race.legal().len();
                assert!(race.apply_nth(pick));
                decisions += 1;
            }
        }
    }
}
