//! The action segment (rulebook 4.4): play a card for a car, fire before or after moving, move,
//! resolve the movement event, flip the car.
//!
//! # Decisions where the rulebook is silent
//! - A starburst's movement event is drawn even when the active car did not survive its
//!   movement (6.0: "must be drawn at the end of the Active Car's movement"; 10.0: "must be drawn
//!   and played after completing the movement"); what the card does to the active car lapses,
//!   what it does to other cars or the race happens. The ruleset's
//!   [`EventAfterElimination`] may skip the draw instead.
//! - A car that could not leave an off-track spot or the chute (its entry space barred) keeps
//!   its Spin-Around token.

use smallvec::SmallVec;

use super::combat::{self, CollisionKind};
use super::events::EventStage;
use super::ids::{CarId, PlayerId, RaceCard};
use super::listed::Listed;
use super::movement::{Movement, StepEnd, Style};
use super::race_event::{DeckKind, Marker, Motion, RaceEvent};
use super::state::{Car, Place, Race};
use crate::content::race_deck::LaneSide;
use crate::content::ruleset::{CrossoverCollision, EventAfterElimination};
use crate::validate::checked_track::CellId;

/// Where the race is in its sequence of play.
#[derive(Clone, Debug)]
pub(crate) enum Phase {
    /// The current player picks a card and a car (4.4 step 1).
    Activation,
    /// A car is being activated.
    Active(Box<Activation>),
    /// End of turn: the current player may discard (4.5).
    Discard,
    /// The race is over.
    Over,
}

/// What an automatic step of an activation led to.
pub(crate) enum Transition {
    /// The activation waits for a decision.
    Decide,
    /// The activation goes on by itself.
    Continue,
    /// The activation is over; the race goes on in this phase.
    Ended(Phase),
}

/// One car's activation.
#[derive(Clone, Debug)]
// Each flag is a separate fact of the rulebook's activation (4.4, 8.0, 10.0 Reloading).
#[allow(clippy::struct_excessive_bools)]
pub(crate) struct Activation {
    pub player: PlayerId,
    pub car: CarId,
    pub card: u16,
    /// The movement points of the card for this car.
    pub mp: u8,
    /// For a Ram card: whether the ram is a Lead movement (7.9).
    pub ram_as_lead: bool,
    /// Whether the car fired before moving.
    pub fired_before: bool,
    /// Whether it may still fire after moving.
    pub may_fire_after: bool,
    /// Whether it carried a Reloading marker when activated (removed at the end).
    pub was_reloading: bool,
    /// The cells the car has stood on during this activation, kept when a movement of its
    /// own ends: an event's movement (Get There, Shot of NOS, High Flyer of the active car)
    /// continues the same action segment, and 7.1 forbids entering a space twice in it.
    pub visited: SmallVec<[CellId; 16]>,
    pub stage: Stage,
}

/// The step of an activation.
#[derive(Clone, Debug)]
pub(crate) enum Stage {
    /// Fire now, or move first.
    BeforeMove,
    /// Moving: the card's movement, or an event's.
    Moving { movement: Movement, main: bool },
    /// A movement event waiting for a choice.
    Event(EventStage),
    /// Fire after moving, or not.
    AfterMove,
}

impl Race {
    /// Whether a car can be activated by its player now: in the race and not yet flipped.
    #[must_use]
    pub fn can_activate(&self, car: CarId) -> bool {
        activatable(self.car(car))
    }

    /// The cars `player` may activate, in id order (asked at every activation, once per player
    /// in turn: only the player's own cars are looked at).
    pub(crate) fn activatable_cars(&self, player: PlayerId) -> impl Iterator<Item = CarId> + '_ {
        self.cars_of(player)
            .filter(move |id| activatable(self.car(*id)))
    }

    /// Whether `player` has a car to activate and a card to play, and is not sitting this turn
    /// out (a mission side's `sits_out`).
    pub(crate) fn can_play(&self, player: PlayerId) -> bool {
        !self.player(player).hand.is_empty()
            && self.activatable_cars(player).next().is_some()
            && !self.sits_out(player)
    }

    /// Starts an activation (the decision was checked); returns its phase.
    pub(crate) fn start_activation(&mut self, card: u16, car: CarId, ram_as_lead: bool) -> Phase {
        let player = self.current_player();
        // The decision was checked: the card is in the hand.
        self.play_from_hand(player, card);
        let mp = self
            .use_scenario_mp()
            .unwrap_or_else(|| self.card_mp(card, car));
        self.record(RaceEvent::CardPlayed {
            seat: player,
            car,
            card: RaceCard(card),
            mp,
            ram_as_lead,
        });
        self.start_activating(car);
        let c = *self.car(car);
        Phase::Active(self.work_mut().boxed(Activation {
            player,
            car,
            card,
            mp,
            ram_as_lead,
            fired_before: false,
            may_fire_after: !c.suppressed,
            was_reloading: c.reloading,
            visited: SmallVec::new(),
            stage: Stage::BeforeMove,
        }))
    }

    /// A race card's MP for a car: the card's speed plus the car's base MP (7.1).
    fn card_mp(&self, card: u16, car: CarId) -> u8 {
        self.rules().content.race_deck[usize::from(card)].speed + self.stats(car).base_mp
    }

    /// The stage of a movement an event gives `mover` during an activation (Get There, Shot
    /// of NOS, High Flyer). When the mover is the active car it continues the action segment:
    /// the spaces its card's movement entered (`visited`) stay entered (7.1: "may not ...
    /// enter the same space twice during an Action Segment").
    pub(crate) fn event_movement(
        &self,
        (active, visited): (CarId, &[CellId]),
        mover: CarId,
        mp: u8,
        style: Style,
    ) -> Stage {
        let mut movement = Movement::new(self, mover, mp, style, None);
        if mover == active {
            movement.also_visited(visited);
        }
        Stage::Moving {
            movement,
            main: false,
        }
    }

    /// The main movement of the activation's card, for a car about to move.
    pub(crate) fn main_movement(&self, activation: &Activation) -> Movement {
        let race_card = &self.rules().content.race_deck[usize::from(activation.card)];
        Movement::new(
            self,
            activation.car,
            activation.mp,
            Style::of_card(race_card.movement, activation.ram_as_lead),
            race_card.forced_lane,
        )
    }

    /// Ends a movement: collisions it caused, then the event or the after-move stage.
    pub(crate) fn end_movement(&mut self, activation: &mut Activation, main: bool, end: StepEnd) {
        let mut ground = None;
        let mut drive_on = None;
        if let Stage::Moving { movement, .. } = &activation.stage {
            if movement.mover == activation.car {
                activation.visited.clear();
                activation
                    .visited
                    .extend_from_slice(movement.visited_cells());
            }
            ground = Some((movement.mover, movement.deferred()));
            drive_on = Some((movement.style, movement.forced_lane));
        }
        let player = activation.player;
        match end {
            StepEnd::Continue => {}
            StepEnd::Ram(target) => {
                if self.car(activation.car).suppressed {
                    // 8.5 Suppress: the car still stops, no attack, no combat card.
                } else if !self.may_attack(activation.car, target) {
                    // A mission that forbids friendly fire: it stops behind its ally, as a
                    // suppressed car does.
                } else {
                    combat::collision(self, activation.car, target, CollisionKind::Ram, player);
                }
            }
            StepEnd::Crossover { moving, blocker } => {
                self.record(RaceEvent::CrossoverCollision { moving, blocker });
                self.crossover_damage(moving, blocker, player);
            }
            // The ground's kills score for no one (see `movement`'s docs).
            StepEnd::Wrecked(car) => self.wreck(car),
        }
        let mut driving_on = None;
        if let Some((mover, deferred)) = ground
            && let Some(mp) = self.settle_ground(mover, deferred)
        {
            driving_on = Some((mover, mp));
        }
        self.roll_for_cars();
        // A token that lets the car drive on: the movement goes on with the MP it had left.
        if let (Some((mover, mp)), Some((style, forced_lane))) = (driving_on, drive_on)
            && self.car(mover).place.space().is_some()
            && !self.frozen()
        {
            let mut movement = Movement::new(self, mover, mp, style, forced_lane);
            if mover == activation.car {
                movement.also_visited(&activation.visited);
            }
            activation.stage = Stage::Moving { movement, main };
            return;
        }
        // 6.0 and 10.0 draw the starburst's event "at the end of the Active Car's movement"
        // whether or not the car survived it; the ruleset may say otherwise.
        let gone = !self.car(activation.car).place.in_race();
        let skip =
            gone && self.rules().ruleset.event_after_elimination == EventAfterElimination::Skip;
        let card = &self.rules().content.race_deck[usize::from(activation.card)];
        if main && card.movement_event && !skip {
            self.draw_event(activation);
        } else {
            activation.stage = Stage::AfterMove;
        }
    }

    /// The damage of a crossover collision (7.12), by the ruleset's variant: 1 damage to each
    /// car, temporary damage (Thunder Alley), or none (Grand Prix).
    pub(crate) fn crossover_damage(&mut self, moving: CarId, blocker: CarId, active: PlayerId) {
        match self.crossover_rule() {
            CrossoverCollision::Damage { damage } => {
                self.damage(moving, damage, Some(active));
                self.damage(blocker, damage, Some(active));
            }
            CrossoverCollision::TemporaryDamage { damage } => {
                self.temporary_damage(moving, damage, Some(active));
                self.temporary_damage(blocker, damage, Some(active));
            }
            CrossoverCollision::StopOnly => {}
        }
    }

    /// Ends the activation: flip the car, clear the markers it has overcome, discard the card,
    /// and pass to the next player (4.4 step 3). Returns the phase that follows.
    pub(crate) fn end_activation(&mut self, activation: &Activation) -> Phase {
        let id = activation.car;
        if self.car(id).place.in_race() && !self.frozen() {
            self.flip(id);
            self.set_marker(id, Marker::Suppression, false);
            if activation.was_reloading {
                self.set_marker(id, Marker::Reloading, false);
            }
        }
        self.discard(DeckKind::Race, activation.card);
        self.stop_activating();
        // A car an event or a shot moved past the rolling road's moment rolls it now.
        self.roll_for_cars();
        self.next_segment()
    }

    /// Whether the active car may fire now.
    pub(crate) fn may_fire(&self, activation: &Activation) -> bool {
        let car = self.car(activation.car);
        if !car.place.in_race() || car.suppressed {
            return false;
        }
        match activation.stage {
            Stage::BeforeMove => self.may_fire_before_moving(activation.car),
            Stage::AfterMove => activation.may_fire_after && !activation.fired_before,
            _ => false,
        }
    }

    /// Whether a car's markers let it fire before it moves: not suppressed (8.5), not
    /// reloading (10.0 Reloading), not spun around (it must move first).
    #[must_use]
    pub fn may_fire_before_moving(&self, car: CarId) -> bool {
        let c = self.car(car);
        !(c.suppressed || c.reloading || c.spun_around)
    }

    /// When the active car may fire at someone now, the decisions of that point: fire at each
    /// target, or hold fire.
    fn fire_decisions(&self, activation: &Activation) -> Option<Listed> {
        if !self.may_fire(activation) {
            return None;
        }
        let targets = combat::targets(self, activation.car);
        if targets.is_empty() {
            return None;
        }
        let mut out = self.work().take_list();
        for target in targets {
            out.fire(target);
        }
        out.hold_fire();
        Some(out)
    }

    /// Runs the sequence of play forward until a player has a decision to make or the race is
    /// over. This and [`Race::apply_listed`] are the only places that write the phase: every
    /// step returns the phase that follows it.
    pub(crate) fn advance(&mut self) {
        for _ in 0..10_000 {
            if self.is_over() {
                self.enter_phase(Phase::Over);
                return;
            }
            let (next, wait) = match self.take_phase() {
                Phase::Over => (Phase::Over, true),
                Phase::Discard => (Phase::Discard, true),
                Phase::Activation if self.can_play(self.current_player()) => {
                    (Phase::Activation, true)
                }
                Phase::Activation => {
                    self.record(RaceEvent::Passed {
                        seat: self.current_player(),
                    });
                    (self.next_segment(), false)
                }
                Phase::Active(mut activation) => match self.step_activation(&mut activation) {
                    Transition::Decide => (Phase::Active(activation), true),
                    Transition::Continue => (Phase::Active(activation), false),
                    Transition::Ended(next) => {
                        self.work_mut().keep_activation(activation);
                        (next, false)
                    }
                },
            };
            self.enter_phase(next);
            if wait {
                return;
            }
        }
    }

    /// Moves an activation on by one automatic step.
    fn step_activation(&mut self, activation: &mut Activation) -> Transition {
        if !self.car(activation.car).place.in_race() && !matches!(activation.stage, Stage::Event(_))
        {
            return Transition::Ended(self.end_activation(activation));
        }
        match &mut activation.stage {
            Stage::BeforeMove => {
                if let Some(legal) = self.fire_decisions(activation) {
                    self.work_mut().set_legal(legal);
                    return Transition::Decide;
                }
                // A burning car checks before it moves (a kind of ground's `Fire`); the fire
                // may wreck it, and its activation then ends.
                if self.car(activation.car).on_fire {
                    self.fire_check(activation.car);
                    if !self.car(activation.car).place.in_race() {
                        return Transition::Continue;
                    }
                }
                activation.stage = Stage::Moving {
                    movement: self.main_movement(activation),
                    main: true,
                };
                Transition::Continue
            }
            Stage::Moving { movement, main } => {
                let mover_in = self.car(movement.mover).place.in_race();
                if mover_in {
                    // The steps listed here are the point's legal decisions: kept, not
                    // listed again when a player asks.
                    let mut steps = self.work().take_list();
                    movement.legal_steps_into(self, &mut steps);
                    if !steps.is_empty() {
                        self.work_mut().set_legal(steps);
                        return Transition::Decide;
                    }
                    self.work().keep_list(steps);
                }
                if mover_in && movement.mp > 0 {
                    self.record(RaceEvent::MovementEnded {
                        car: movement.mover,
                        mp_lost: movement.mp,
                    });
                }
                let main = *main;
                self.end_movement(activation, main, StepEnd::Continue);
                Transition::Continue
            }
            Stage::Event(event) => {
                let event = event.clone();
                let choices = self.event_choices(activation, &event);
                if !choices.is_empty() {
                    // The choices are the point's legal decisions: kept, not worked out again
                    // when a player asks (finding the cars an event can reach is not free).
                    let mut legal = self.work().take_list();
                    for choice in choices {
                        legal.event(choice);
                    }
                    self.work_mut().set_legal(legal);
                    return Transition::Decide;
                }
                activation.stage = Stage::AfterMove;
                Transition::Continue
            }
            Stage::AfterMove => {
                if let Some(legal) = self.fire_decisions(activation) {
                    self.work_mut().set_legal(legal);
                    return Transition::Decide;
                }
                Transition::Ended(self.end_activation(activation))
            }
        }
    }

    /// The car being activated, if any.
    #[must_use]
    pub fn active_car(&self) -> Option<CarId> {
        match self.phase() {
            Phase::Active(a) => Some(a.car),
            _ => None,
        }
    }

    /// The movement in progress, if any.
    #[must_use]
    pub fn movement(&self) -> Option<&Movement> {
        match self.phase() {
            Phase::Active(a) => match &a.stage {
                Stage::Moving { movement, .. } => Some(movement),
                _ => None,
            },
            _ => None,
        }
    }

    /// Places a car with a Spin-Around token beside its sector (Spin-Around, Into the Weeds).
    pub(crate) fn spin_off(&mut self, car: CarId, side: LaneSide) {
        let Place::Track(space) = self.car(car).place else {
            return;
        };
        let sector = self.track().space(space).sector;
        let spots = self.track().sector(sector).off_track;
        let has = |side| match side {
            LaneSide::Inside => spots.inside,
            LaneSide::Outside => spots.outside,
        };
        let other = match side {
            LaneSide::Inside => LaneSide::Outside,
            LaneSide::Outside => LaneSide::Inside,
        };
        let Some(side) = [side, other].into_iter().find(|s| has(*s)) else {
            return;
        };
        self.put(car, Place::OffTrack { sector, side }, Motion::SpunOff);
        self.set_marker(car, Marker::SpinAround, true);
    }
}

/// Whether a car may be activated: in the race and not yet flipped this turn.
fn activatable(car: &Car) -> bool {
    car.place.in_race() && !car.activated
}
