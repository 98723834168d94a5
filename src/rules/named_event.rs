//! The event stream as the files name things: what `race --json` and `replay --json` print.
//!
//! The engine's [`RaceEvent`]s speak in its own numbering (space 36, card kind 12, car 7),
//! which a reader could only map back by re-implementing the engine's indexing. A
//! [`NamedEvent`] is the same event with every place, card, car and player named as the files
//! and the rulebook name them:
//!
//! - a space as the track file addresses it: `"12.3"` (lap sector 12, lane 3) or `"S0.1"` (the
//!   starting section);
//! - a place as `{"space": "12.3"}`, `"reserve"`, `"chute"`, `"destroyed"`, or
//!   `{"off_track": {"beside": "12.0", "side": "inside"}}` (the off-track spot beside that
//!   sector, next to the named edge space);
//! - a card by its id in its deck file (`"solo-5"`, `"open-road"`, `"combat-07"`);
//! - a car by its team's id and roof number (`{"team": "rust-reapers", "number": "11"}`);
//! - a player by seat, counted from 1 as the race report counts them.
//!
//! The naming is total: an event of a race always names its things (the race knows its track
//! and content), so nothing here can fail.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::events::EventChoice;
use super::ids::{CarId, PlayerId};
use super::movement::Step;
use super::race_event::{BonusKind, CollisionCause, DeckKind, Marker, Motion, RaceEvent, VpSource};
use super::state::{Bonus, Place, Race};
use crate::content::race_deck::LaneSide;
use crate::content::text::{CarNumber, Id};
use crate::content::track::SpaceRef;
use crate::validate::checked_track::SpaceId;

/// A car, named by its team and roof number.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct CarName {
    /// The team's id in the team mats file.
    pub team: Id,
    /// The car's roof number on the team mat.
    pub number: CarNumber,
}

/// Where a car is.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PlaceName {
    /// On its team mat, not yet in the race.
    Reserve,
    /// On a track space (the trough included), as the track file addresses it.
    Space(SpaceRef),
    /// On the off-track spot beside a sector (Spin-Around, Into the Weeds).
    OffTrack {
        /// The sector's edge space the spot lies beside.
        beside: SpaceRef,
        /// The side of the track.
        side: LaneSide,
    },
    /// In the chute, waiting to enter (8.3).
    Chute,
    /// Eliminated: in the Destroyed Cars box.
    Destroyed,
}

/// A movement step, with its spaces named.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StepName {
    /// Forward into `path[0]`; the cars on the path are pushed one space along it.
    Forward {
        /// The spaces entered: the moving car's, then each pushed car's.
        path: Vec<SpaceRef>,
        /// The spaces of the cars behind that became linked.
        tail: Vec<SpaceRef>,
    },
    /// Sideways into `to` (or onto the track from the chute, an off-track spot or the trough).
    Lateral {
        /// The space entered.
        to: SpaceRef,
        /// The forward path of a car displaced forward against the wall (empty otherwise).
        forward: Vec<SpaceRef>,
        /// The spaces of the cars behind that became linked.
        tail: Vec<SpaceRef>,
    },
    /// Diagonally forward into an empty space (7.15).
    Diagonal {
        /// The space entered.
        to: SpaceRef,
        /// The spaces of the cars behind that became linked.
        tail: Vec<SpaceRef>,
    },
    /// Overtake: swap places with the car linked directly in front (7.5).
    Swap {
        /// That car's space.
        to: SpaceRef,
    },
}

/// A movement event choice, with its cars and spaces named.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceName {
    /// The card's option was not used.
    Decline,
    /// Bump and Run: `car` was moved into the vacant space `to`.
    Bump {
        /// The adjacent car.
        car: CarName,
        /// The vacant space it was moved into.
        to: SpaceRef,
    },
    /// Sideswipe towards a side.
    Sideswipe {
        /// The side.
        side: LaneSide,
    },
    /// Open Road to a space linked behind the next car in front.
    OpenRoad {
        /// The space.
        to: SpaceRef,
    },
    /// Get There: move solo this many MP.
    GetThere {
        /// The MP.
        mp: u8,
    },
    /// Drift: swap with this car, linked directly in front.
    Drift {
        /// The car in front.
        with: CarName,
    },
    /// Dangerous Debris: this car takes the damage.
    Debris {
        /// The car.
        car: CarName,
    },
}

/// A Bounty or Race Bonus card in play.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct BonusName {
    /// The movement event card's id.
    pub card: Id,
    /// Markers left on it.
    pub markers: u8,
    /// VP per kill (Bounty) or per crossing (Race Bonus) while it is in play.
    pub vp: u8,
}

/// A seat at the table and the team playing it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct SeatName {
    /// The seat, from 1, in clockwise order.
    pub seat: usize,
    /// The team's id.
    pub team: Id,
}

/// One change of a race's state, as the files name things. Each variant is the
/// [`RaceEvent`] of the same name.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum NamedEvent {
    /// The race was set up: the seats and their teams, the VP in every pool, and every car
    /// of every team (all in reserve; the grid placements follow as `car_moved`).
    RaceStarted {
        /// Each seat and its team.
        seats: Vec<SeatName>,
        /// The VP in every pool.
        pool: u32,
        /// Every car of the race.
        cars: Vec<CarName>,
    },
    /// A turn began.
    TurnStarted {
        /// Its number, from 1.
        turn: u32,
    },
    /// The end of turn sequence finished (4.5): cars turned back, temporary damage removed.
    TurnEnded {
        /// The turn that ended.
        turn: u32,
    },
    /// A player drew race cards to fill their hand (4.3); private to that player.
    HandFilled {
        /// The seat.
        seat: usize,
        /// The race cards drawn, by id.
        cards: Vec<Id>,
    },
    /// A deck ran out and its discards were shuffled into a new draw pile.
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
    /// The First Player marker changed hands.
    FirstPlayer {
        /// The new holder's seat.
        seat: usize,
    },
    /// A player passed: no car left to activate (4.4).
    Passed {
        /// The seat.
        seat: usize,
    },
    /// A race card was played for a car (4.4 step 1).
    CardPlayed {
        /// The seat.
        seat: usize,
        /// The car.
        car: CarName,
        /// The race card's id.
        card: Id,
        /// Its movement points for this car.
        mp: u8,
        /// For a Ram card, whether it rams as a Lead movement (7.9).
        ram_as_lead: bool,
    },
    /// A movement step was taken (the cars it moved follow as `car_moved`).
    Step {
        /// The moving car.
        car: CarName,
        /// The step.
        step: StepName,
        /// MP left after it.
        mp_left: u8,
    },
    /// The remaining MP of a movement were lost.
    MovementEnded {
        /// The moving car.
        car: CarName,
        /// MP lost.
        mp_lost: u8,
    },
    /// A car changed place.
    CarMoved {
        /// The car.
        car: CarName,
        /// Where it was.
        from: PlaceName,
        /// Where it is now.
        to: PlaceName,
        /// Why it moved.
        motion: Motion,
    },
    /// A car (and its line) took one branch of a fork (7.11).
    ForkTaken {
        /// The car.
        car: CarName,
        /// The space with two ways forward.
        at: SpaceRef,
        /// The way taken.
        to: SpaceRef,
    },
    /// A weapon attack (8.0).
    Attack {
        /// The attacker.
        attacker: CarName,
        /// The target.
        target: CarName,
        /// The combat card drawn, by id.
        card: Id,
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
        attacker: CarName,
        /// The target.
        target: CarName,
        /// The combat card drawn, by id.
        card: Id,
        /// Ram or Sideswipe.
        cause: CollisionCause,
    },
    /// A crossover collision (7.12).
    CrossoverCollision {
        /// The car that tried to enter.
        moving: CarName,
        /// The car barring its way.
        blocker: CarName,
    },
    /// A car took damage (9.0).
    Damage {
        /// The car.
        car: CarName,
        /// Damage markers placed.
        amount: u8,
        /// Whether it is temporary damage (Thunder Alley crossover variant).
        temporary: bool,
    },
    /// A car was eliminated (8.2).
    Eliminated {
        /// The car.
        car: CarName,
        /// The seat that scores the kill, if any (11.3).
        scored_by: Option<usize>,
    },
    /// A replacement car entered the chute (8.3).
    Replacement {
        /// The car.
        car: CarName,
        /// Whether it counts as already activated this turn.
        activated: bool,
    },
    /// A marker was placed on a car.
    MarkerPlaced {
        /// The car.
        car: CarName,
        /// Which marker.
        marker: Marker,
    },
    /// A marker was removed from a car.
    MarkerRemoved {
        /// The car.
        car: CarName,
        /// Which marker.
        marker: Marker,
    },
    /// A car finished its activation and was flipped (4.4 step 3).
    CarFlipped {
        /// The car.
        car: CarName,
    },
    /// A player claimed VP from their pool.
    VpClaimed {
        /// The seat.
        seat: usize,
        /// The car that scored it.
        car: CarName,
        /// Why.
        source: VpSource,
        /// VP taken from the pool.
        amount: u32,
    },
    /// A car went back over the finish line and its player returned a VP it had claimed
    /// for crossing it (11.2).
    VpReturned {
        /// The seat.
        seat: usize,
        /// The car.
        car: CarName,
        /// The claim it came off.
        source: VpSource,
    },
    /// A movement event card was drawn (10.0).
    MovementEventDrawn {
        /// The card's id.
        card: Id,
    },
    /// A player chose how a movement event resolves.
    EventChosen {
        /// The seat that chose.
        seat: usize,
        /// The choice.
        choice: ChoiceName,
    },
    /// Shot of NOS drew a race card for its speed.
    RaceCardDrawn {
        /// The race card's id.
        card: Id,
    },
    /// A Bounty or Race Bonus card went into play, lost a marker, or left play.
    BonusChanged {
        /// Which card.
        kind: BonusKind,
        /// The card now in play; absent once discarded.
        bonus: Option<BonusName>,
    },
    /// A player discarded a race card at the end of the turn (4.5).
    Discarded {
        /// The seat.
        seat: usize,
        /// The race card's id.
        card: Id,
    },
    /// A player won (11.5).
    Winner {
        /// The seat.
        seat: usize,
    },
    /// The race ended without a winner (turn limit, or no car left).
    Draw,
}

impl Race {
    /// Every event of the race so far, named as the files name things.
    #[must_use]
    pub fn named_events(&self) -> Vec<NamedEvent> {
        self.events().iter().map(|e| self.name_event(e)).collect()
    }

    /// A car by team id and roof number.
    #[must_use]
    pub fn car_named(&self, car: CarId) -> CarName {
        CarName {
            team: self.team_of(self.car(car).player).id.clone(),
            number: self.car_number(car).clone(),
        }
    }

    fn space_ref(&self, space: SpaceId) -> SpaceRef {
        self.track().at(space)
    }

    fn spaces(&self, spaces: &[SpaceId]) -> Vec<SpaceRef> {
        spaces.iter().map(|s| self.space_ref(*s)).collect()
    }

    /// A place as the files name it.
    #[must_use]
    pub fn place_named(&self, place: Place) -> PlaceName {
        match place {
            Place::Reserve => PlaceName::Reserve,
            Place::Track(space) => PlaceName::Space(self.space_ref(space)),
            Place::OffTrack { sector, side } => PlaceName::OffTrack {
                beside: self.space_ref(self.track().edge_of(sector, side)),
                side,
            },
            Place::Chute => PlaceName::Chute,
            Place::Destroyed => PlaceName::Destroyed,
        }
    }

    fn race_card_id(&self, card: u16) -> Id {
        self.rules.content.race_deck[usize::from(card)].id.clone()
    }

    fn event_card_id(&self, card: u16) -> Id {
        self.rules.content.movement_events[usize::from(card)]
            .id
            .clone()
    }

    fn combat_card_id(&self, card: u16) -> Id {
        self.rules.content.combat_deck[usize::from(card)].id.clone()
    }

    fn step_named(&self, step: &Step) -> StepName {
        match step {
            Step::Forward { path, tail } => StepName::Forward {
                path: self.spaces(path),
                tail: self.spaces(tail),
            },
            Step::Lateral { to, forward, tail } => StepName::Lateral {
                to: self.space_ref(*to),
                forward: self.spaces(forward),
                tail: self.spaces(tail),
            },
            Step::Diagonal { to, tail } => StepName::Diagonal {
                to: self.space_ref(*to),
                tail: self.spaces(tail),
            },
            Step::Swap { to } => StepName::Swap {
                to: self.space_ref(*to),
            },
        }
    }

    fn choice_named(&self, choice: &EventChoice) -> ChoiceName {
        match choice {
            EventChoice::Decline => ChoiceName::Decline,
            EventChoice::Bump { car, to } => ChoiceName::Bump {
                car: self.car_named(*car),
                to: self.space_ref(*to),
            },
            EventChoice::Sideswipe { side } => ChoiceName::Sideswipe { side: *side },
            EventChoice::OpenRoad { to } => ChoiceName::OpenRoad {
                to: self.space_ref(*to),
            },
            EventChoice::GetThere { mp } => ChoiceName::GetThere { mp: *mp },
            EventChoice::Drift { with } => ChoiceName::Drift {
                with: self.car_named(*with),
            },
            EventChoice::Debris { car } => ChoiceName::Debris {
                car: self.car_named(*car),
            },
        }
    }

    fn bonus_named(&self, bonus: Option<Bonus>) -> Option<BonusName> {
        bonus.map(|b| BonusName {
            card: self.event_card_id(b.card),
            markers: b.markers,
            vp: b.vp,
        })
    }

    /// One event, named as the files name things.
    #[must_use]
    // One arm per event kind, each the plain translation of its fields: split up, the
    // correspondence with `RaceEvent` would be harder to check, not easier.
    #[allow(clippy::too_many_lines)]
    pub fn name_event(&self, event: &RaceEvent) -> NamedEvent {
        let seat = |p: PlayerId| p.index() + 1;
        let car = |c: CarId| self.car_named(c);
        match event {
            RaceEvent::RaceStarted { teams, pool, cars } => NamedEvent::RaceStarted {
                seats: teams
                    .iter()
                    .enumerate()
                    .map(|(i, team)| SeatName {
                        seat: i + 1,
                        team: self.rules.content.teams[*team].id.clone(),
                    })
                    .collect(),
                pool: *pool,
                cars: cars
                    .iter()
                    .map(|c| CarName {
                        team: self.rules.content.teams[teams[c.player.index()]].id.clone(),
                        number: c.number.clone(),
                    })
                    .collect(),
            },
            RaceEvent::TurnStarted { turn } => NamedEvent::TurnStarted { turn: *turn },
            RaceEvent::TurnEnded { turn } => NamedEvent::TurnEnded { turn: *turn },
            RaceEvent::HandFilled { player, cards } => NamedEvent::HandFilled {
                seat: seat(*player),
                cards: cards.iter().map(|c| self.race_card_id(*c)).collect(),
            },
            RaceEvent::DeckReshuffled { deck, cards } => NamedEvent::DeckReshuffled {
                deck: *deck,
                cards: *cards,
            },
            RaceEvent::Clock => NamedEvent::Clock,
            RaceEvent::ClockStopped => NamedEvent::ClockStopped,
            RaceEvent::FirstPlayer { player } => NamedEvent::FirstPlayer {
                seat: seat(*player),
            },
            RaceEvent::Passed { player } => NamedEvent::Passed {
                seat: seat(*player),
            },
            RaceEvent::CardPlayed {
                player,
                car: c,
                card,
                mp,
                ram_as_lead,
            } => NamedEvent::CardPlayed {
                seat: seat(*player),
                car: car(*c),
                card: self.race_card_id(*card),
                mp: *mp,
                ram_as_lead: *ram_as_lead,
            },
            RaceEvent::Step {
                car: c,
                step,
                mp_left,
            } => NamedEvent::Step {
                car: car(*c),
                step: self.step_named(step),
                mp_left: *mp_left,
            },
            RaceEvent::MovementEnded { car: c, mp_lost } => NamedEvent::MovementEnded {
                car: car(*c),
                mp_lost: *mp_lost,
            },
            RaceEvent::CarMoved {
                car: c,
                from,
                to,
                motion,
            } => NamedEvent::CarMoved {
                car: car(*c),
                from: self.place_named(*from),
                to: self.place_named(*to),
                motion: *motion,
            },
            RaceEvent::ForkTaken { car: c, at, to } => NamedEvent::ForkTaken {
                car: car(*c),
                at: self.space_ref(*at),
                to: self.space_ref(*to),
            },
            RaceEvent::Attack {
                attacker,
                target,
                card,
                value,
                defense,
                hit,
            } => NamedEvent::Attack {
                attacker: car(*attacker),
                target: car(*target),
                card: self.combat_card_id(*card),
                value: *value,
                defense: *defense,
                hit: *hit,
            },
            RaceEvent::Collision {
                attacker,
                target,
                card,
                cause,
            } => NamedEvent::Collision {
                attacker: car(*attacker),
                target: car(*target),
                card: self.combat_card_id(*card),
                cause: *cause,
            },
            RaceEvent::CrossoverCollision { moving, blocker } => NamedEvent::CrossoverCollision {
                moving: car(*moving),
                blocker: car(*blocker),
            },
            RaceEvent::Damage {
                car: c,
                amount,
                temporary,
            } => NamedEvent::Damage {
                car: car(*c),
                amount: *amount,
                temporary: *temporary,
            },
            RaceEvent::Eliminated { car: c, scored_by } => NamedEvent::Eliminated {
                car: car(*c),
                scored_by: scored_by.map(seat),
            },
            RaceEvent::Replacement { car: c, activated } => NamedEvent::Replacement {
                car: car(*c),
                activated: *activated,
            },
            RaceEvent::MarkerPlaced { car: c, marker } => NamedEvent::MarkerPlaced {
                car: car(*c),
                marker: *marker,
            },
            RaceEvent::MarkerRemoved { car: c, marker } => NamedEvent::MarkerRemoved {
                car: car(*c),
                marker: *marker,
            },
            RaceEvent::CarFlipped { car: c } => NamedEvent::CarFlipped { car: car(*c) },
            RaceEvent::VpClaimed {
                player,
                car: c,
                source,
                amount,
            } => NamedEvent::VpClaimed {
                seat: seat(*player),
                car: car(*c),
                source: *source,
                amount: *amount,
            },
            RaceEvent::VpReturned {
                player,
                car: c,
                source,
            } => NamedEvent::VpReturned {
                seat: seat(*player),
                car: car(*c),
                source: *source,
            },
            RaceEvent::MovementEventDrawn { card } => NamedEvent::MovementEventDrawn {
                card: self.event_card_id(*card),
            },
            RaceEvent::EventChosen { player, choice } => NamedEvent::EventChosen {
                seat: seat(*player),
                choice: self.choice_named(choice),
            },
            RaceEvent::RaceCardDrawn { card } => NamedEvent::RaceCardDrawn {
                card: self.race_card_id(*card),
            },
            RaceEvent::BonusChanged { kind, bonus } => NamedEvent::BonusChanged {
                kind: *kind,
                bonus: self.bonus_named(*bonus),
            },
            RaceEvent::Discarded { player, card } => NamedEvent::Discarded {
                seat: seat(*player),
                card: self.race_card_id(*card),
            },
            RaceEvent::Winner { player } => NamedEvent::Winner {
                seat: seat(*player),
            },
            RaceEvent::Draw => NamedEvent::Draw,
        }
    }
}
