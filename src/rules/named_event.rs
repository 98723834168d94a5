//! The event stream as the files name things: what `race --json` and `replay --json` print.
//!
//! The engine's events ([`RaceEvent`](super::RaceEvent)) speak in its own numbering (space 36,
//! card kind 12, car 7), which a reader could only map back by re-implementing the engine's
//! indexing. A [`NamedEvent`] is the same event with every place, card, car and player named
//! as the files and the rulebook name them:
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
use super::ids::{CarId, CombatCard, EventCard, HazardToken, PlayerId, RaceCard};
use super::movement::Step;
pub use super::race_event::NamedEvent;
use super::race_event::{
    BonusKind, CarEntry, CollisionCause, DeckKind, Marker, Motion, QuakeWay, Seats, VpSource,
};
use super::state::{Bonus, Place, Race};
use crate::content::race_deck::LaneSide;
use crate::content::terrain::Effect;
use crate::content::text::{CarNumber, Id, TerrainId};
use crate::content::track::SpaceRef;
use crate::validate::checked_track::SpaceId;
use crate::validate::laid_tiles::TilePlace;
use crate::validate::mission::{ObjectiveId, SideId};

/// A tile of a rolling road, named by its place on the road (from 1) and its id.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct TileName {
    /// Its place on the road, from 1 (the first tile laid).
    pub place: u32,
    /// The tile's id.
    pub tile: Id,
}

/// A tile is named by its place on the road and its id.
impl Named for TilePlace {
    type Name = TileName;
    fn named(&self, race: &Race) -> Self::Name {
        TileName {
            place: self.ordinal(),
            tile: race
                .track()
                .laid_tiles()
                .id(*self)
                .cloned()
                .unwrap_or_else(|| Id::from(format!("tile-{}", self.ordinal()).as_str())),
        }
    }
}

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
    /// Across the finish line of a point-to-point track and out of the race.
    Finished {
        /// How many cars had finished before it.
        order: u8,
    },
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

/// A value of an event as the files name it: a field of type `T` in a
/// [`RaceEvent`](super::RaceEvent) is a field of type `T::Name` in the [`NamedEvent`] of the
/// same name, named by [`Named::named`]. Plain values (numbers, flags, a motion or a marker)
/// are their own names.
pub trait Named {
    /// What the value is called in the named stream.
    type Name: Clone + PartialEq + Eq + std::fmt::Debug + Serialize + JsonSchema;
    /// The value named in `race` (its track, content and seats).
    fn named(&self, race: &Race) -> Self::Name;
}

/// Types that are their own names.
macro_rules! named_as_itself {
    ($($ty:ty),*) => {$(
        impl Named for $ty {
            type Name = $ty;
            fn named(&self, _race: &Race) -> Self::Name {
                self.clone()
            }
        }
    )*};
}

named_as_itself!(
    bool,
    u8,
    u32,
    usize,
    Motion,
    Marker,
    VpSource,
    DeckKind,
    BonusKind,
    CollisionCause,
    Effect,
    LaneSide,
    QuakeWay,
    TerrainId
);

/// A side is named by its id in the mission.
impl Named for SideId {
    type Name = Id;
    fn named(&self, race: &Race) -> Self::Name {
        race.mission()
            .and_then(|m| m.sides.get(self.index()))
            .map_or_else(
                || Id::from(format!("side-{}", self.0).as_str()),
                |s| s.id.clone(),
            )
    }
}

/// An objective is named by its id in the mission.
impl Named for ObjectiveId {
    type Name = Id;
    fn named(&self, race: &Race) -> Self::Name {
        race.mission()
            .and_then(|m| m.objectives.get(self.index()))
            .map_or_else(
                || Id::from(format!("objective-{}", self.0).as_str()),
                |o| o.id.clone(),
            )
    }
}

/// A hazard is named by its id in the pack's hazard deck.
impl Named for HazardToken {
    type Name = Id;
    fn named(&self, race: &Race) -> Self::Name {
        race.rules()
            .content
            .hazards
            .as_ref()
            .and_then(|book| book.hazard(self.0))
            .map_or_else(
                || Id::from(format!("hazard-{}", self.0).as_str()),
                |h| h.id.clone(),
            )
    }
}

impl<T: Named> Named for Option<T> {
    type Name = Option<T::Name>;
    fn named(&self, race: &Race) -> Self::Name {
        self.as_ref().map(|value| value.named(race))
    }
}

impl<T: Named> Named for Vec<T> {
    type Name = Vec<T::Name>;
    fn named(&self, race: &Race) -> Self::Name {
        self.iter().map(|value| value.named(race)).collect()
    }
}

/// A player by seat, counted from 1 as the race report counts them.
impl Named for PlayerId {
    type Name = usize;
    fn named(&self, _race: &Race) -> Self::Name {
        self.index() + 1
    }
}

impl Named for CarId {
    type Name = CarName;
    fn named(&self, race: &Race) -> Self::Name {
        race.car_named(*self)
    }
}

impl Named for SpaceId {
    type Name = SpaceRef;
    fn named(&self, race: &Race) -> Self::Name {
        race.space_ref(*self)
    }
}

impl Named for Place {
    type Name = PlaceName;
    fn named(&self, race: &Race) -> Self::Name {
        race.place_named(*self)
    }
}

impl Named for Step {
    type Name = StepName;
    fn named(&self, race: &Race) -> Self::Name {
        race.step_named(self)
    }
}

impl Named for EventChoice {
    type Name = ChoiceName;
    fn named(&self, race: &Race) -> Self::Name {
        race.choice_named(*self)
    }
}

impl Named for Bonus {
    type Name = BonusName;
    fn named(&self, race: &Race) -> Self::Name {
        BonusName {
            card: EventCard(self.card).named(race),
            markers: self.markers,
            vp: self.vp,
        }
    }
}

/// Cards are named by their id in their deck's file.
macro_rules! named_by_deck_id {
    ($($card:ty => $deck:ident),*) => {$(
        impl Named for $card {
            type Name = Id;
            fn named(&self, race: &Race) -> Self::Name {
                race.rules().content.$deck[self.index()].id.clone()
            }
        }
    )*};
}

named_by_deck_id!(
    RaceCard => race_deck,
    EventCard => movement_events,
    CombatCard => combat_deck
);

/// A car of the starting line-up, by its team and roof number.
impl Named for CarEntry {
    type Name = CarName;
    fn named(&self, race: &Race) -> Self::Name {
        CarName {
            team: race.team_of(self.player).id.clone(),
            number: self.number.clone(),
        }
    }
}

/// The seats, from 1, each with its team's id.
impl Named for Seats {
    type Name = Vec<SeatName>;
    fn named(&self, race: &Race) -> Self::Name {
        self.0
            .iter()
            .enumerate()
            .map(|(i, team)| SeatName {
                seat: i + 1,
                team: race.rules().content.teams[*team].id.clone(),
            })
            .collect()
    }
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
            Place::Finished(order) => PlaceName::Finished { order },
        }
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

    fn choice_named(&self, choice: EventChoice) -> ChoiceName {
        match choice {
            EventChoice::Decline => ChoiceName::Decline,
            EventChoice::Bump { car, to } => ChoiceName::Bump {
                car: self.car_named(car),
                to: self.space_ref(to),
            },
            EventChoice::Sideswipe { side } => ChoiceName::Sideswipe { side },
            EventChoice::OpenRoad { to } => ChoiceName::OpenRoad {
                to: self.space_ref(to),
            },
            EventChoice::GetThere { mp } => ChoiceName::GetThere { mp },
            EventChoice::Drift { with } => ChoiceName::Drift {
                with: self.car_named(with),
            },
            EventChoice::Debris { car } => ChoiceName::Debris {
                car: self.car_named(car),
            },
        }
    }
}
