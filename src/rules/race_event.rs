//! The typed event stream: every change of a race's state, in order, as a value.
//!
//! The engine records one [`RaceEvent`] for each change it makes (a car placed, pushed, pulled,
//! displaced or swapped; damage; a marker; a VP claimed or returned; the clock; a card drawn,
//! played or discarded). The prose log ([`super::log`]), `race --json`, the studio's race view,
//! replays and statistics all read this stream; none of them inspects engine internals.
//!
//! [`super::board::Board`] rebuilds the public board from the events alone, which is how the
//! tests prove the stream is complete.
//!
//! # Invariants
//! - Nothing is recorded after the event that ends the race ([`RaceEvent::Winner`] or
//!   [`RaceEvent::Draw`]): the race is over the moment a pool empties (11.5), and the engine
//!   changes nothing after that moment.
//! - A [`RaceEvent::VpClaimed`] carries the VP actually taken from the pool (a pool holding 1
//!   gives 1, whatever the card in play says).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::events::EventChoice;
use super::ids::{CarId, PlayerId};
use super::movement::Step;
use super::state::{Bonus, Place};
use crate::content::text::CarNumber;
use crate::validate::checked_track::SpaceId;

/// Why a car changed place.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Motion {
    /// Placed on the starting grid (3.0).
    Grid,
    /// Placed by a scenario.
    Placed,
    /// Moved by its own movement (the active car, or High Flyer's car).
    Moved,
    /// Pushed forward by a linked car behind it (7.2-7.7).
    Pushed,
    /// Pulled along behind the active car (7.6, 7.8).
    Pulled,
    /// Laterally displaced, sideways or forward against the wall (7.10).
    Displaced,
    /// Swapped places with another car (Overtake 7.5, Drift, Bulldoze 8.5).
    Swapped,
    /// Moved by Bump and Run.
    Bumped,
    /// Dropped into the trough by a jump event (Big Air, Greasing the Landing, Missed Jump).
    Trough,
    /// Placed beside the track (Spin-Around, Into the Weeds).
    SpunOff,
    /// Jumped ahead by Open Road.
    OpenRoad,
    /// Moved sideways by Sideswipe into an empty lane.
    Sideswiped,
    /// Entered the chute as a replacement car (8.3).
    Replacement,
    /// Eliminated: moved to the Destroyed Cars box (8.2).
    Eliminated,
    /// Moved into the space of a car eliminated by its collision attack (8.4).
    Collided,
}

/// A marker on a car (9.3), or a side of its counter.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Marker {
    /// Suppression (8.5).
    Suppression,
    /// Reloading (10.0).
    Reloading,
    /// Spin-Around (10.0 Spin-Around, Into the Weeds).
    SpinAround,
    /// Lapped (3.0): the next crossing of the finish line scores nothing.
    Lapped,
}

/// Where a claimed VP came from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum VpSource {
    /// Crossing the finish line (11.1), Race Bonus included.
    Finish,
    /// Eliminating another team's car (11.3), Bounty included.
    Kill,
}

/// One of the three decks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeckKind {
    /// The race card deck.
    Race,
    /// The movement event deck.
    MovementEvent,
    /// The combat event deck.
    Combat,
}

/// A movement event card that stays in play with markers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BonusKind {
    /// Bounty: kills score more.
    Bounty,
    /// Race Bonus: crossings score more.
    RaceBonus,
}

/// A car of the race as it stands at the start.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct CarEntry {
    /// Its player.
    pub player: PlayerId,
    /// Its index on the team mat.
    pub mat_index: u16,
    /// Its roof number.
    pub number: CarNumber,
}

/// A collision attack's cause (8.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CollisionCause {
    /// Ramming movement (7.9).
    Ram,
    /// The Sideswipe movement event.
    Sideswipe,
}

/// One change of a race's state.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum RaceEvent {
    /// The race was set up: the seats' teams and pools, and every car (all in reserve).
    RaceStarted {
        /// Each seat's team index in the content.
        teams: Vec<usize>,
        /// The VP in every pool.
        pool: u32,
        /// Every car, by car id.
        cars: Vec<CarEntry>,
    },
    /// A turn began.
    TurnStarted {
        /// Its number.
        turn: u32,
    },
    /// The end of turn sequence finished (4.5): every car is turned back and temporary damage
    /// is removed.
    TurnEnded {
        /// The turn that ended.
        turn: u32,
    },
    /// A player drew race cards to fill their hand (4.3).
    HandFilled {
        /// The player.
        player: PlayerId,
        /// The cards drawn (race card kinds); private to the player.
        cards: Vec<u16>,
    },
    /// A deck ran out and its discards were shuffled into a new draw pile (4.3, 10.0).
    DeckReshuffled {
        /// Which deck.
        deck: DeckKind,
        /// Cards in the new draw pile.
        cards: usize,
    },
    /// The countdown clock took a VP from every pool (11.4).
    Clock,
    /// The countdown clock stopped for the rest of the race.
    ClockStopped,
    /// The First Player marker changed hands (4.5, 3.0 step 6).
    FirstPlayer {
        /// The new holder.
        player: PlayerId,
    },
    /// A player passed: no car left to activate (4.4).
    Passed {
        /// Who.
        player: PlayerId,
    },
    /// A race card was played for a car (4.4 step 1).
    CardPlayed {
        /// The player.
        player: PlayerId,
        /// The car.
        car: CarId,
        /// The race card kind.
        card: u16,
        /// Its movement points for this car.
        mp: u8,
        /// For a Ram card, whether it rams as a Lead movement (7.9).
        ram_as_lead: bool,
    },
    /// A movement step was taken (the cars it moved follow as [`RaceEvent::CarMoved`]).
    Step {
        /// The moving car.
        car: CarId,
        /// The step.
        step: Step,
        /// MP left after it.
        mp_left: u8,
    },
    /// The remaining MP of a movement were lost: no legal step was left, or a collision
    /// stopped it.
    MovementEnded {
        /// The moving car.
        car: CarId,
        /// MP lost.
        mp_lost: u8,
    },
    /// A car changed place.
    CarMoved {
        /// The car.
        car: CarId,
        /// From.
        from: Place,
        /// To.
        to: Place,
        /// Why.
        motion: Motion,
    },
    /// A car (and its line) took one branch of a fork (7.11).
    ForkTaken {
        /// The car.
        car: CarId,
        /// The space with two ways forward.
        at: SpaceId,
        /// The way taken.
        to: SpaceId,
    },
    /// A weapon attack (8.0).
    Attack {
        /// The attacker.
        attacker: CarId,
        /// The target.
        target: CarId,
        /// The combat card drawn.
        card: u16,
        /// The card's value plus the targeting bonus.
        value: u8,
        /// The target's defense.
        defense: u8,
        /// Whether it hit.
        hit: bool,
    },
    /// A collision attack (8.4).
    Collision {
        /// The active car.
        attacker: CarId,
        /// The target.
        target: CarId,
        /// The combat card drawn.
        card: u16,
        /// Ram or Sideswipe.
        cause: CollisionCause,
    },
    /// A crossover collision (7.12).
    CrossoverCollision {
        /// The car that tried to enter.
        moving: CarId,
        /// The car barring its way.
        blocker: CarId,
    },
    /// A car took damage (9.0).
    Damage {
        /// The car.
        car: CarId,
        /// How much (what was placed: never more than its remaining boxes).
        amount: u8,
        /// Whether it is temporary damage (Thunder Alley crossover variant).
        temporary: bool,
    },
    /// A car was eliminated (8.2).
    Eliminated {
        /// The car.
        car: CarId,
        /// The player who scores the kill, if any (11.3).
        scored_by: Option<PlayerId>,
    },
    /// A replacement car entered the chute (8.3), same side up as the car it replaces.
    Replacement {
        /// The car.
        car: CarId,
        /// Whether it counts as already activated this turn.
        activated: bool,
    },
    /// A marker was placed on a car.
    MarkerPlaced {
        /// The car.
        car: CarId,
        /// Which marker.
        marker: Marker,
    },
    /// A marker was removed from a car.
    MarkerRemoved {
        /// The car.
        car: CarId,
        /// Which marker.
        marker: Marker,
    },
    /// A car finished its activation and was flipped (4.4 step 3).
    CarFlipped {
        /// The car.
        car: CarId,
    },
    /// A player claimed VP from their pool.
    VpClaimed {
        /// The player.
        player: PlayerId,
        /// The car that scored it.
        car: CarId,
        /// Why.
        source: VpSource,
        /// VP actually taken from the pool.
        amount: u32,
    },
    /// A car went back over the finish line and its player returned a claimed VP (11.2).
    VpReturned {
        /// The player.
        player: PlayerId,
        /// The car.
        car: CarId,
        /// The claim it came off.
        source: VpSource,
    },
    /// A movement event card was drawn (10.0).
    MovementEventDrawn {
        /// The card kind.
        card: u16,
    },
    /// A player chose how a movement event resolves.
    EventChosen {
        /// The player.
        player: PlayerId,
        /// The choice.
        choice: EventChoice,
    },
    /// Shot of NOS drew a race card for its speed.
    RaceCardDrawn {
        /// The card kind.
        card: u16,
    },
    /// A Bounty or Race Bonus card went into play, lost a marker, or left play.
    BonusChanged {
        /// Which card.
        kind: BonusKind,
        /// The card now in play, `None` once discarded.
        bonus: Option<Bonus>,
    },
    /// A player discarded a race card at the end of the turn (4.5).
    Discarded {
        /// The player.
        player: PlayerId,
        /// The card kind.
        card: u16,
    },
    /// A player won (11.5).
    Winner {
        /// Who.
        player: PlayerId,
    },
    /// The race ended without a winner (turn limit, or no car left).
    Draw,
}
