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
//! # Adding an event
//! One entry in the table at the end of this file: its fields, the car it is about and its
//! line in the game report. Its named form follows from its fields' types
//! ([`super::named_event::Named`]); `rules/event_table.rs` says what the table makes.
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
use super::ids::{CarId, CombatCard, EventCard, HazardToken, PlayerId, RaceCard};
use super::movement::Step;
use super::state::{Bonus, Place, Race};
use crate::content::terrain::Effect;
use crate::content::text::{CarNumber, TerrainId};
use crate::validate::checked_track::SpaceId;
use crate::validate::laid_tiles::TilePlace;
use crate::validate::mission::{ObjectiveId, SideId};

/// The way a quake shifts every car (`rules/hazards.rs`): the three ways a car can go on a
/// track of lanes, as Thunder Road's direction die gives a way on its board of hexes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
pub enum QuakeWay {
    /// One space ahead along the car's lane.
    Ahead,
    /// One lane towards the apron.
    Inside,
    /// One lane towards the outside wall.
    Outside,
}

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
    /// Shifted a lane by a quake (a hazard).
    Shaken,
    /// Moved by its own collision attack: into the space of a car it eliminated (8.4), or
    /// into its target's space by a Bulldoze on a Sideswipe (8.5).
    Collided,
    /// Placed linked behind the active car by a Bulldoze on a Sideswipe (8.5).
    Bulldozed,
    /// Left a point-to-point track across its finish line, its run done.
    Finished,
}

impl Motion {
    /// The motion as the game report says it: `#12 (Red Devils) is pushed from 3.1 to 4.1`.
    #[must_use]
    pub fn verb(self) -> &'static str {
        match self {
            Self::Grid => "lines up",
            Self::Placed => "is placed",
            Self::Moved | Self::Collided => "moves",
            Self::Pushed => "is pushed",
            Self::Pulled => "is pulled",
            Self::Displaced => "is displaced",
            Self::Swapped => "swaps",
            Self::Bumped => "is bumped",
            Self::Trough => "drops into the trough",
            Self::SpunOff => "spins off",
            Self::OpenRoad => "takes the open road",
            Self::Sideswiped => "swerves",
            Self::Bulldozed => "is bulldozed",
            Self::Replacement => "comes in",
            Self::Eliminated => "is removed",
            Self::Shaken => "is shaken",
            Self::Finished => "leaves the race",
        }
    }
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
    /// On Fire (a kind of ground's `Fire`): the car checks before each of its movements.
    OnFire,
}

impl Marker {
    /// The marker's printed name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Suppression => "Suppression",
            Self::Reloading => "Reloading",
            Self::SpinAround => "Spin-Around",
            Self::Lapped => "Lapped",
            Self::OnFire => "On Fire",
        }
    }
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

/// Each seat's team (its index in the content), in seat order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct Seats(pub Vec<usize>);

/// A collision attack's cause (8.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CollisionCause {
    /// Ramming movement (7.9).
    Ram,
    /// The Sideswipe movement event.
    Sideswipe,
}

impl CollisionCause {
    /// The collision as the game report says it: `#12 rams #7`.
    #[must_use]
    pub fn verb(self) -> &'static str {
        match self {
            Self::Ram => "rams",
            Self::Sideswipe => "sideswipes",
        }
    }
}

race_events! {
    /// The race was set up: the seats and their teams, the VP in every pool, and every car of
    /// every team (all in reserve; the grid placements follow as `car_moved`).
    RaceStarted {
        /// Each seat's team, in seat order (named: each seat, from 1, with its team's id).
        seats: Seats,
        /// The VP in every pool.
        pool: u32,
        /// Every car of the race, in car id order (named: by team and roof number).
        cars: Vec<CarEntry>,
    }
    about none,
    say |race| Some(format!(
        "the race starts: {} players, {} cars, {pool} VP in every pool",
        seats.0.len(),
        cars.len()
    ));

    /// A turn began.
    TurnStarted {
        /// Its number, from 1.
        turn: u32,
    }
    about none,
    say |race| Some(format!("— turn {turn} —"));

    /// The end of turn sequence finished (4.5): every car is turned back and temporary damage
    /// is removed.
    TurnEnded {
        /// The turn that ended.
        turn: u32,
    }
    about none,
    say |race| None;

    /// A player drew race cards to fill their hand (4.3); private to that player.
    HandFilled {
        /// The player, by seat (named: counted from 1).
        seat: PlayerId,
        /// The race cards drawn (named: by id).
        cards: Vec<RaceCard>,
    }
    about none,
    say |race| Some(format!("{} draws {} race cards", race.player_name(*seat), cards.len()));

    /// A deck ran out and its discards were shuffled into a new draw pile (4.3, 10.0).
    DeckReshuffled {
        /// Which deck.
        deck: DeckKind,
        /// Cards in the new draw pile.
        cards: usize,
    }
    about none,
    say |race| Some(format!("the {deck:?} deck is reshuffled ({cards} cards)").to_lowercase());

    /// The countdown clock took a VP from every pool (11.4).
    Clock
    about none,
    say |race| Some("the countdown clock takes 1 VP from every pool".to_owned());

    /// The countdown clock stopped for the rest of the race.
    ClockStopped
    about none,
    say |race| Some("the countdown clock stops".to_owned());

    /// The First Player marker changed hands (4.5, 3.0 step 6).
    FirstPlayer {
        /// The new holder, by seat (named: counted from 1).
        seat: PlayerId,
    }
    about none,
    say |race| Some(format!("{} takes the First Player marker", race.player_name(*seat)));

    /// A player passed: no car left to activate (4.4).
    Passed {
        /// The player, by seat (named: counted from 1).
        seat: PlayerId,
    }
    about none,
    say |race| Some(format!("{} passes", race.player_name(*seat)));

    /// A race card was played for a car (4.4 step 1).
    CardPlayed {
        /// The player, by seat (named: counted from 1).
        seat: PlayerId,
        /// The car.
        car: CarId,
        /// The race card (named: by id).
        card: RaceCard,
        /// Its movement points for this car.
        mp: u8,
        /// For a Ram card, whether it rams as a Lead movement (7.9).
        ram_as_lead: bool,
    }
    about car,
    say |race| Some(format!(
        "{} plays {} for {} ({mp} MP{})",
        race.player_name(*seat),
        race.race_card_name(*card),
        race.car_name(*car),
        if *ram_as_lead { ", ramming as Lead" } else { "" }
    ));

    /// A movement step was taken (the cars it moved follow as `car_moved`).
    Step {
        /// The moving car.
        car: CarId,
        /// The step.
        step: Step,
        /// MP left after it.
        mp_left: u8,
    }
    about car,
    say |race| None;

    /// The remaining MP of a movement were lost: no legal step was left, or a collision
    /// stopped it.
    MovementEnded {
        /// The moving car.
        car: CarId,
        /// MP lost.
        mp_lost: u8,
    }
    about car,
    say |race| Some(format!("{} stops: {mp_lost} MP lost", race.car_name(*car)));

    /// The ground a moving car entered did something to it (an effect of its kind in the
    /// pack's terrain file); what follows from it (damage, elimination) is its own event.
    GroundStruck {
        /// The car.
        car: CarId,
        /// The space it entered.
        space: SpaceId,
        /// What the ground does.
        effect: Effect,
    }
    about car,
    say |race| Some(format!(
        "{} enters {} at {}: {}",
        race.car_name(*car),
        race.ground_name(*space),
        race.track().at(*space),
        match effect {
            Effect::Stop => "it stops".to_owned(),
            Effect::Damage(amount) => format!("{amount} damage when its movement ends"),
            Effect::Eliminate => "it is wrecked".to_owned(),
            Effect::Slide(spaces) => format!("it slides up to {spaces} more"),
            Effect::SlideAside(spaces) => {
                format!("it will slide up to {spaces} to a side when its movement ends")
            }
            Effect::Jump(spaces) => format!("a ramp, {spaces} spaces"),
            Effect::DrawnJump { min, max, .. } => {
                format!("a ramp: it stops, and flies {min} to {max} spaces when its movement ends")
            }
            Effect::Fire => "it catches fire when its movement ends".to_owned(),
            Effect::Hazard => "a hazard strikes it when its movement ends".to_owned(),
        }
    ));

    /// Setup dealt a face-down hazard token to each of these spots (what lies under them is
    /// secret).
    HazardsDealt {
        /// The spots, in space order.
        spots: Vec<SpaceId>,
    }
    about none,
    say |race| Some(format!(
        "hazard tokens are dealt face down to {} spot{}",
        spots.len(),
        if spots.len() == 1 { "" } else { "s" }
    ));

    /// A moving car stopped on a face-down hazard token, and it is turned over; what the
    /// hazard does follows as its own events.
    HazardRevealed {
        /// The car.
        car: CarId,
        /// The spot.
        space: SpaceId,
        /// What the token is (named: by its id in the hazard deck).
        hazard: HazardToken,
    }
    about car,
    say |race| Some(format!(
        "{} turns over the hazard at {}: {}",
        race.car_name(*car),
        race.track().at(*space),
        race.hazard_name(*hazard)
    ));

    /// The rolling road laid a tile ahead: it is the lead tile now (at the start, each tile of
    /// the first window in turn).
    TileLaid {
        /// The tile (named: its place on the road, from 1, and its id).
        tile: TilePlace,
    }
    about none,
    say |race| Some(format!("{} is laid ahead", race.tile_name(*tile)));

    /// The rolling road removed its rear tile: every car on or beside it is eliminated (each
    /// by its own event, after this one) and its face-down hazard tokens go back to the
    /// supply.
    TileRemoved {
        /// The tile (named: its place on the road, from 1, and its id).
        tile: TilePlace,
        /// The spots whose face-down tokens went back to the supply.
        discarded: Vec<SpaceId>,
    }
    about none,
    say |race| Some(format!("{} is removed from the road", race.tile_name(*tile)));

    /// A car on or beside the rolling road's removed rear tile leaves by the back of the road;
    /// its elimination follows.
    LeftBehind {
        /// The car.
        car: CarId,
    }
    about car,
    say |race| Some(format!("{} is left behind with the rear tile", race.car_name(*car)));

    /// The rolling road's final tile is known: the finish line lies before its last sector,
    /// and the road rolls no further.
    FinalTile {
        /// The tile (named: its place on the road, from 1, and its id).
        tile: TilePlace,
    }
    about none,
    say |race| Some(format!(
        "{} is the final tile: the finish line is laid",
        race.tile_name(*tile)
    ));

    /// A hazard left the board changed: the space is this kind of ground for the rest of the
    /// race.
    GroundChanged {
        /// The space.
        space: SpaceId,
        /// The kind of ground it is now (an id of the pack's terrain).
        kind: TerrainId,
    }
    about none,
    say |race| Some(format!(
        "{} is {} now",
        race.track().at(*space),
        race.track()
            .terrain()
            .get(kind.as_str())
            .map_or_else(|| kind.to_string(), |k| k.name.as_str().to_lowercase())
    ));

    /// A burning car's check before it moves (a kind of ground's `Fire`): a combat card against
    /// its defense; it burns on and takes 1 damage, or the fire goes out.
    FireCheck {
        /// The car.
        car: CarId,
        /// The combat card drawn (named: by id).
        card: CombatCard,
        /// The card's value.
        value: u8,
        /// The car's defense.
        defense: u8,
        /// Whether it burns on.
        burns: bool,
    }
    about car,
    say |race| Some(format!(
        "{} is on fire: {} ({value} against defense {defense}) — {}",
        race.car_name(*car),
        race.combat_card_name(*card),
        if *burns { "it burns, 1 damage" } else { "the fire goes out" }
    ));

    /// A quake: every car on the track shifts one space this way, where it can.
    Quake {
        /// The way.
        way: QuakeWay,
    }
    about none,
    say |race| Some(format!(
        "the ground quakes: every car shifts {}",
        match way {
            QuakeWay::Ahead => "one space ahead",
            QuakeWay::Inside => "towards the apron",
            QuakeWay::Outside => "towards the wall",
        }
    ));

    /// A pit trap's attack on the car that turned it over (a combat card against its
    /// defense, 8.0).
    PitTrap {
        /// The car.
        car: CarId,
        /// The combat card drawn (named: by id).
        card: CombatCard,
        /// The card's value plus the trap's bonus.
        value: u8,
        /// The car's defense.
        defense: u8,
        /// Whether it hit.
        hit: bool,
    }
    about car,
    say |race| Some(format!(
        "a pit trap opens under {}: {} ({value} against defense {defense}) — {}",
        race.car_name(*car),
        race.combat_card_name(*card),
        if *hit { "hit" } else { "miss" }
    ));

    /// A car changed place.
    CarMoved {
        /// The car.
        car: CarId,
        /// Where it was.
        from: Place,
        /// Where it is now.
        to: Place,
        /// Why it moved.
        motion: Motion,
    }
    about car,
    say |race| Some(format!(
        "{} {} from {} to {}",
        race.car_name(*car),
        motion.verb(),
        race.place_name(*from),
        race.place_name(*to)
    ));

    /// A car (and its line) took one branch of a fork (7.11).
    ForkTaken {
        /// The car.
        car: CarId,
        /// The space with two ways forward.
        at: SpaceId,
        /// The way taken.
        to: SpaceId,
    }
    about car,
    say |race| None;

    /// A weapon attack (8.0).
    Attack {
        /// The attacker.
        attacker: CarId,
        /// The target.
        target: CarId,
        /// The combat card drawn (named: by id).
        card: CombatCard,
        /// The card's value plus the targeting bonus.
        value: u8,
        /// The target's defense.
        defense: u8,
        /// Whether it hit.
        hit: bool,
    }
    about target,
    say |race| Some(format!(
        "{} fires at {}: {} ({value} against defense {defense}) — {}",
        race.car_name(*attacker),
        race.car_name(*target),
        race.combat_card_name(*card),
        if *hit { "hit" } else { "miss" }
    ));

    /// A collision attack (8.4).
    Collision {
        /// The active car.
        attacker: CarId,
        /// The target.
        target: CarId,
        /// The combat card drawn (named: by id).
        card: CombatCard,
        /// Ram or Sideswipe.
        cause: CollisionCause,
    }
    about target,
    say |race| Some(format!(
        "{} {} {}: {}",
        race.car_name(*attacker),
        cause.verb(),
        race.car_name(*target),
        race.combat_card_name(*card)
    ));

    /// A crossover collision (7.12).
    CrossoverCollision {
        /// The car that tried to enter.
        moving: CarId,
        /// The car barring its way.
        blocker: CarId,
    }
    about moving,
    say |race| Some(format!(
        "{} is barred by {} in the crossover",
        race.car_name(*moving),
        race.car_name(*blocker)
    ));

    /// A car starts the race damaged, as its mission's side says: on the board, but no one's
    /// harm.
    StartingDamage {
        /// The car.
        car: CarId,
        /// How much.
        amount: u8,
    }
    about car,
    say |race| Some(format!(
        "{} starts the race with {amount} damage",
        race.car_name(*car)
    ));

    /// A car took damage (9.0).
    Damage {
        /// The car.
        car: CarId,
        /// How much (what was placed: never more than its remaining boxes).
        amount: u8,
        /// Whether it is temporary damage (Thunder Alley crossover variant).
        temporary: bool,
    }
    about car,
    say |race| Some(format!(
        "{} takes {amount} {}damage",
        race.car_name(*car),
        if *temporary { "temporary " } else { "" }
    ));

    /// A car was eliminated (8.2).
    Eliminated {
        /// The car.
        car: CarId,
        /// The player who scores the kill, if any (11.3), by seat (named: counted from 1).
        scored_by: Option<PlayerId>,
    }
    about car,
    say |race| Some(match scored_by {
        // A mission whose kills are worth nothing still counts the kill (a `Kills` objective),
        // but no VP is claimed: the log says so, as the standings do.
        Some(p) if race.kills_score_nothing() => format!(
            "{} is eliminated; the kill counts for {} (it scores no VP)",
            race.car_name(*car),
            race.player_name(*p)
        ),
        Some(p) => format!(
            "{} is eliminated; {} claims the kill",
            race.car_name(*car),
            race.player_name(*p)
        ),
        None => format!("{} is eliminated", race.car_name(*car)),
    });

    /// A replacement car entered the chute (8.3), same side up as the car it replaces.
    Replacement {
        /// The car.
        car: CarId,
        /// Whether it counts as already activated this turn.
        activated: bool,
    }
    about car,
    say |race| Some(format!(
        "{} enters the chute{}",
        race.car_name(*car),
        if *activated { " (it may not move until next turn)" } else { "" }
    ));

    /// A marker was placed on a car.
    MarkerPlaced {
        /// The car.
        car: CarId,
        /// Which marker.
        marker: Marker,
    }
    about car,
    say |race| Some(format!("{} gets a {} marker", race.car_name(*car), marker.name()));

    /// A marker was removed from a car.
    MarkerRemoved {
        /// The car.
        car: CarId,
        /// Which marker.
        marker: Marker,
    }
    about car,
    say |race| Some(match marker {
        Marker::Lapped => format!(
            "{} crosses the finish line again after going back over it: no VP",
            race.car_name(*car)
        ),
        _ => format!("{} loses its {} marker", race.car_name(*car), marker.name()),
    });

    /// A car finished its activation and was flipped (4.4 step 3).
    CarFlipped {
        /// The car.
        car: CarId,
    }
    about car,
    say |race| None;

    /// A player claimed VP from their pool.
    VpClaimed {
        /// The player, by seat (named: counted from 1).
        seat: PlayerId,
        /// The car that scored it.
        car: CarId,
        /// Why.
        source: VpSource,
        /// VP actually taken from the pool.
        amount: u32,
    }
    about car,
    say |race| Some(match source {
        VpSource::Finish => format!(
            "{} crosses the finish line: {} claims {amount} VP",
            race.car_name(*car),
            race.player_name(*seat)
        ),
        VpSource::Kill => format!("{} claims {amount} VP for the kill", race.player_name(*seat)),
    });

    /// A car went back over the finish line and its player returned a VP it had claimed for
    /// crossing it (11.2).
    VpReturned {
        /// The player, by seat (named: counted from 1).
        seat: PlayerId,
        /// The car.
        car: CarId,
        /// The claim it came off.
        source: VpSource,
    }
    about car,
    say |race| Some(format!(
        "{} goes back over the finish line: {} returns 1 {} VP to the pool",
        race.car_name(*car),
        race.player_name(*seat),
        match source {
            VpSource::Finish => "finish",
            VpSource::Kill => "kill",
        }
    ));

    /// A movement event card was drawn (10.0).
    MovementEventDrawn {
        /// The movement event card (named: by id).
        card: EventCard,
    }
    about none,
    say |race| Some(format!("movement event: {}", race.event_card_name(*card)));

    /// A player chose how a movement event resolves.
    EventChosen {
        /// The player, by seat (named: counted from 1).
        seat: PlayerId,
        /// The choice.
        choice: EventChoice,
    }
    about none,
    say |race| Some(format!(
        "{} chooses {}",
        race.player_name(*seat),
        race.describe_choice(choice)
    ));

    /// Shot of NOS drew a race card for its speed.
    RaceCardDrawn {
        /// The race card (named: by id).
        card: RaceCard,
    }
    about none,
    say |race| Some(format!("Shot of NOS draws {}", race.race_card_name(*card)));

    /// A Bounty or Race Bonus card went into play, lost a marker, or left play.
    BonusChanged {
        /// Which card.
        kind: BonusKind,
        /// The card now in play; absent once discarded.
        bonus: Option<Bonus>,
    }
    about none,
    say |race| Some(match bonus {
        Some(b) => format!("{kind:?} is in play with {} markers", b.markers),
        None => format!("{kind:?} is discarded"),
    });

    /// A player discarded a race card at the end of the turn (4.5).
    Discarded {
        /// The player, by seat (named: counted from 1).
        seat: PlayerId,
        /// The race card (named: by id).
        card: RaceCard,
    }
    about none,
    say |race| Some(format!(
        "{} discards {}",
        race.player_name(*seat),
        race.race_card_name(*card)
    ));

    /// A car crossed the finish line, forward or back (recorded in mission races only: a
    /// mission counts crossings whether or not they score).
    LineCrossed {
        /// The car.
        car: CarId,
        /// Forward (a lap more) or back (one less).
        forward: bool,
    }
    about car,
    say |race| None;

    /// An objective of the mission moved on for a side: crossings, kills, turns held or
    /// survived so far.
    ObjectiveProgress {
        /// The objective (named: by id).
        objective: ObjectiveId,
        /// The side (named: by id).
        side: SideId,
        /// How far it stands.
        count: u32,
        /// How far meets it.
        of: u32,
    }
    about none,
    say |race| Some(format!(
        "{}: {} stands at {count}/{of}",
        race.objective_name(*objective),
        race.side_name(*side)
    ));

    /// An objective of the mission was met by a side.
    ObjectiveMet {
        /// The objective (named: by id).
        objective: ObjectiveId,
        /// The side that met it (named: by id).
        side: SideId,
    }
    about none,
    say |race| Some(format!(
        "{} meets the objective {}",
        race.side_name(*side),
        race.objective_name(*objective)
    ));

    /// An objective of the mission can no longer be met.
    ObjectiveFailed {
        /// The objective (named: by id).
        objective: ObjectiveId,
        /// The side that pursued it, if it was one side's (named: by id).
        side: Option<SideId>,
    }
    about none,
    say |race| Some(format!("the objective {} fails", race.objective_name(*objective)));

    /// A side of the mission won the race.
    SideWon {
        /// The side (named: by id).
        side: SideId,
    }
    about none,
    // "The race goes to" and not "wins": a side's name is as often plural ("The survivors")
    // as not, and the verb would agree with one of them only.
    say |race| Some(format!("the race goes to {}", race.side_name(*side)));

    /// A player won (11.5).
    Winner {
        /// The player, by seat (named: counted from 1).
        seat: PlayerId,
    }
    about none,
    say |race| Some(format!("{} wins", race.player_name(*seat)));

    /// The race ended without a winner (turn limit, or no car left).
    Draw
    about none,
    say |race| Some("the race ends without a winner".to_owned());
}
