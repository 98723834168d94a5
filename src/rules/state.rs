//! The race state: cars, players, decks, the phase of play, and the primitives every rule uses
//! to change them (placing a car, scoring, damage, elimination).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::activation::Phase;
use super::ids::{CarId, PlayerId};
use super::race_event::{DeckKind, RaceEvent, VpSource};
use super::road::RoadWindow;
use super::workspace::Workspace;
use crate::content::race_deck::LaneSide;
use crate::content::ruleset::CrossoverCollision;
use crate::content::text::CarNumber;
use crate::validate::checked::{Car as CarStats, Content, Ruleset, Team};
use crate::validate::checked_track::{CellId, CheckedTrack, SectorId, SpaceId};
use crate::validate::mission::{CheckedMission, SideId};

/// What a race is played with: the checked content, the checked track, the chosen ruleset.
#[derive(Clone, PartialEq, Debug)]
pub struct RaceRules {
    /// The content pack.
    pub content: Content,
    /// The track.
    pub track: CheckedTrack,
    /// The ruleset.
    pub ruleset: Ruleset,
    /// Each team mat car's chance to hit and expected damage against each defense, over the
    /// combat deck as printed: `odds[team][mat index][defense]` (worked out once: bots ask
    /// for every end space they weigh).
    pub(crate) odds: Vec<Vec<Vec<(f64, f64)>>>,
    /// The mission the race plays, if any (its deck changes, pool and clock are already in
    /// the content and ruleset).
    pub mission: Option<CheckedMission>,
    /// A rolling road's track as the players know it at each lead tile, made when a bot first
    /// asks (`rules/road.rs`).
    pub(crate) veils: super::road::Veils,
}

/// Where a car is.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Not yet in the race: a reserve car on the team mat.
    Reserve,
    /// On a track space (the trough included).
    Track(SpaceId),
    /// On the off-track spot beside a sector (Spin-Around, Into the Weeds).
    OffTrack {
        /// The sector it is beside.
        sector: SectorId,
        /// The side of the track.
        side: LaneSide,
    },
    /// In the chute, waiting to enter (8.3).
    Chute,
    /// Eliminated: in the Destroyed Cars box.
    Destroyed,
    /// Across the finish line of a point-to-point track and out of the race, its run done
    /// (never on the rulebook's laps: see [`crate::content::track::Route`]), with how many cars
    /// had finished before it (0 for the first across): the order breaks a tie of pools when
    /// the race is settled.
    Finished(u8),
}

impl Place {
    /// Whether the car is in the race (on or beside the track, or in the chute).
    #[must_use]
    pub fn in_race(self) -> bool {
        !matches!(self, Self::Reserve | Self::Destroyed | Self::Finished(_))
    }

    /// The track space, when the car is on one.
    #[must_use]
    pub fn space(self) -> Option<SpaceId> {
        match self {
            Self::Track(space) => Some(space),
            _ => None,
        }
    }
}

/// A car of the race. It is `Copy` (its roof number is read from the team mat,
/// [`Race::car_number`]), so copying the cars for a search allocates once for all of them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
// Each flag is a separate marker or side of the counter (2.3, 9.3).
#[allow(clippy::struct_excessive_bools)]
pub struct Car {
    /// The player whose team it belongs to.
    pub player: PlayerId,
    /// Its index among its team mat's cars (16 bits: a search copies every car at each step,
    /// so the car is kept small).
    pub mat_index: u16,
    /// Where it is.
    pub place: Place,
    /// Damage markers.
    pub damage: u8,
    /// Temporary damage markers (Thunder Alley crossover variant), cleared at the end of turn.
    pub temporary_damage: u8,
    /// Whether it has been activated (flipped) this turn.
    pub activated: bool,
    /// Suppression marker (8.5).
    pub suppressed: bool,
    /// Reloading marker (10.0).
    pub reloading: bool,
    /// Spin-Around token (10.0 Spin-Around, Into the Weeds).
    pub spun_around: bool,
    /// Backward crossings of the finish line whose VP could not be returned (the Lapped token
    /// of 3.0): the next forward crossing scores nothing.
    pub lapped: u8,
    /// Forward crossings of the finish line this car has scored and not given back: a
    /// crossing back returns one of these (11.2), and only these.
    pub crossings: u8,
    /// On Fire marker (a kind of ground's `Fire`): checked before each of its movements.
    pub on_fire: bool,
}

impl Car {
    /// Counts a change of VP this car claimed (`amount` > 0) or returned (< 0) for `source`:
    /// a claim for the finish line is one more crossing it holds, a return one fewer (11.2).
    /// The engine and the board folded from events keep the count alike through this.
    pub(crate) fn count_vp(&mut self, source: VpSource, amount: i64) {
        if source != VpSource::Finish || amount == 0 {
            return;
        }
        self.crossings = if amount > 0 {
            self.crossings.saturating_add(1)
        } else {
            self.crossings.saturating_sub(1)
        };
    }

    /// A car on its team mat, before the race: no damage, no marker, light side up.
    #[must_use]
    pub fn on_the_mat(player: PlayerId, mat_index: u16) -> Self {
        Self {
            player,
            mat_index,
            place: Place::Reserve,
            damage: 0,
            temporary_damage: 0,
            activated: false,
            suppressed: false,
            reloading: false,
            spun_around: false,
            lapped: 0,
            crossings: 0,
            on_fire: false,
        }
    }
}

/// Victory points claimed, by source.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Claims {
    /// Net claims for crossing the finish line (returns subtracted, 11.2).
    pub finish: u32,
    /// Claims for eliminating cars (11.3).
    pub kills: u32,
}

/// A player: one team, a hand, a VP pool.
#[derive(PartialEq, Debug)]
pub struct Player {
    /// The team's index in the content.
    pub team: usize,
    /// VP left in the pool.
    pub pool: u32,
    /// VP claimed from the pool, by source.
    pub claims: Claims,
    /// VP the countdown clock removed (11.4).
    pub clock_removed: u32,
    /// Race cards in hand, as indices into the race deck's card kinds.
    pub hand: Vec<u16>,
    /// Reserve cars, in the order they enter the chute.
    pub reserve: Vec<CarId>,
    /// Its cars: the ids from the first, this many. A player's cars are made together when
    /// the players are seated, so they are one run of ids (asked at every activation).
    pub(crate) cars: (u16, u16),
    /// How many of its cars race at once: the ruleset's cars per team, or its mission side's.
    pub(crate) racing: u8,
}

/// A copy into a player reuses the room of its hand and reserve.
impl Clone for Player {
    fn clone(&self) -> Self {
        Self {
            team: self.team,
            pool: self.pool,
            claims: self.claims,
            clock_removed: self.clock_removed,
            hand: self.hand.clone(),
            reserve: self.reserve.clone(),
            cars: self.cars,
            racing: self.racing,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let Self {
            team,
            pool,
            claims,
            clock_removed,
            hand,
            reserve,
            cars,
            racing,
        } = self;
        *team = source.team;
        *pool = source.pool;
        *claims = source.claims;
        *clock_removed = source.clock_removed;
        hand.clone_from(&source.hand);
        reserve.clone_from(&source.reserve);
        *cars = source.cars;
        *racing = source.racing;
    }
}

impl Player {
    /// All VP claimed.
    #[must_use]
    pub fn claimed(&self) -> u32 {
        self.claims.finish + self.claims.kills
    }
}

pub use super::deck::Deck;

mod change;
pub(crate) mod mark;

/// A card in play that changes scoring while it has markers (Bounty, Race Bonus).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Bonus {
    /// The movement event card kind, discarded when the markers run out.
    pub card: u16,
    /// Markers left.
    pub markers: u8,
    /// VP per kill or per crossing while in play.
    pub vp: u8,
}

/// How a race ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RaceResult {
    /// A player emptied their pool (11.5).
    Winner(PlayerId),
    /// The race reached the turn limit, or no car was left to race: nobody won.
    Draw,
    /// A side of the race's mission won: an objective worth the race, a pool emptied by one
    /// of its teams, or the turn limit's settlement.
    SideWon(SideId),
}

/// Who holds a space (see [`Race::holder`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Holder {
    /// No car (or a space of ground where cars stack).
    Empty,
    /// A car travelling in the space's direction.
    InLine(CarId),
    /// A perpendicular car on the space's crossover cell (7.12).
    Across(CarId),
}

/// A race in progress, in five parts: the position (what is on the table and in the hands, and
/// the hidden order of the decks), the turn's flow (whose action, which point of play, how the
/// race ended), the records (events and decisions), the mission's bookkeeping
/// (`rules/mission.rs`) and, apart from them, the engine's workspace (`rules/workspace.rs`:
/// listed legal decisions and spare room). Cloning is cheap enough for search (the rules and
/// content are shared). A race is `Send` (a batch plays each on a thread of its own) but not
/// `Sync`: its workspace keeps the legal decisions of the current point in a cell.
///
/// # One owner
/// The fields are private to this module: the rule modules read the race through methods and
/// change it only through the named changes of `state/change.rs` (put, relocate, claim,
/// damage, eliminate, repaint a space, deal, discard, give the action, end the race, ...). The
/// only other writer is the outcome search's undo (`state/mark.rs`), which copies and puts back
/// what a movement step can change. The mission's bookkeeping and the workspace keep their own
/// fields private to their modules.
#[derive(Debug)]
pub struct Race {
    rules: Arc<RaceRules>,
    position: Position,
    flow: Flow,
    records: Records,
    /// How the mission stands (`rules/mission.rs`); `None` without one.
    mission: Option<Box<super::mission::MissionState>>,
    /// The engine's scratch beside the position: listed legal decisions, spare lists, the
    /// cars an outcome search moved.
    work: Workspace,
}

/// What is on the table and in the hands, and the hidden order of the decks.
#[derive(Debug)]
struct Position {
    /// The race's RNG: every shuffle, draw and roll (a seed and the decisions replay a race).
    rng: ChaCha8Rng,
    players: Vec<Player>,
    cars: Vec<Car>,
    /// The car on each physical cell (never set for trough cells, where cars stack).
    occupant: Vec<Option<CarId>>,
    /// The race card deck (race cards govern movement, 6.0).
    movement_cards: Deck,
    /// The movement event deck (10.0).
    event_cards: Deck,
    /// The combat deck (8.0).
    combat_cards: Deck,
    /// The hazard tokens not dealt (the pack's hazard deck; empty without one).
    hazard_pile: Deck,
    /// The face-down hazard tokens, by space, in space order (`rules/hazards.rs`).
    face_down: Vec<(SpaceId, u16)>,
    /// Bounty, while in play (10.0).
    bounty: Option<Bonus>,
    /// Race Bonus, while in play (10.0).
    finish_bonus: Option<Bonus>,
    /// The rolling road's tiles on the table (`rules/road.rs`); `None` on a track that does
    /// not roll.
    road: Option<RoadWindow>,
}

/// A copy into a position reuses its room.
impl Clone for Position {
    fn clone(&self) -> Self {
        Self {
            rng: self.rng.clone(),
            players: self.players.clone(),
            cars: self.cars.clone(),
            occupant: self.occupant.clone(),
            movement_cards: self.movement_cards.clone(),
            event_cards: self.event_cards.clone(),
            combat_cards: self.combat_cards.clone(),
            hazard_pile: self.hazard_pile.clone(),
            face_down: self.face_down.clone(),
            bounty: self.bounty,
            finish_bonus: self.finish_bonus,
            road: self.road,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        // Every field by name: a field added to the position and not copied here does not
        // compile.
        let Self {
            rng,
            players,
            cars,
            occupant,
            movement_cards,
            event_cards,
            combat_cards,
            hazard_pile,
            face_down,
            bounty,
            finish_bonus,
            road,
        } = self;
        rng.clone_from(&source.rng);
        players.clone_from(&source.players);
        cars.clone_from(&source.cars);
        occupant.clone_from(&source.occupant);
        movement_cards.clone_from(&source.movement_cards);
        event_cards.clone_from(&source.event_cards);
        combat_cards.clone_from(&source.combat_cards);
        hazard_pile.clone_from(&source.hazard_pile);
        face_down.clone_from(&source.face_down);
        *bounty = source.bounty;
        *finish_bonus = source.finish_bonus;
        *road = source.road;
    }
}

impl Position {
    /// One of the three card decks, to change, with the RNG that draws from it.
    #[inline]
    fn deck_mut(&mut self, kind: DeckKind) -> (&mut Deck, &mut ChaCha8Rng) {
        let deck = match kind {
            DeckKind::Race => &mut self.movement_cards,
            DeckKind::MovementEvent => &mut self.event_cards,
            DeckKind::Combat => &mut self.combat_cards,
        };
        (deck, &mut self.rng)
    }
}

/// The turn's flow: the turn, who holds the marker and the action, the point of play, and how
/// the race ended.
#[derive(Clone, Debug)]
struct Flow {
    /// The turn under way, from 1.
    turn: u32,
    first_player: PlayerId,
    current: PlayerId,
    clock_running: bool,
    phase: Phase,
    /// The car whose activation is under way (8.3: it has moved this turn).
    active: Option<CarId>,
    /// A scenario's movement points for its card, used once instead of the card's.
    scenario_mp: Option<u8>,
    result: Option<RaceResult>,
    /// The turn after which the race ends in a draw.
    turn_limit: u32,
}

/// The race's records: every event and every decision, while it keeps them.
#[derive(Clone, Debug)]
struct Records {
    /// Every event recorded, in order (see [`RaceEvent`]).
    log: Vec<RaceEvent>,
    /// Every decision applied, in order (kept with the events; a seed and these replay it).
    history: Vec<super::Decision>,
    /// Whether events and decisions are recorded (a search's scratch copy records neither).
    logging: bool,
}

/// A copy. [`Clone::clone_from`] copies into a race already made, reusing its room: a bot that
/// weighs every decision on a copy of one position allocates nothing after the first.
impl Clone for Race {
    fn clone(&self) -> Self {
        self.copy_with(self.records.clone(), self.work.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        // Every part by name: a part added to the race and not copied here does not compile.
        let Self {
            rules,
            position,
            flow,
            records,
            mission,
            work,
        } = self;
        rules.clone_from(&source.rules);
        position.clone_from(&source.position);
        flow.clone_from(&source.flow);
        records.log.clone_from(&source.records.log);
        records.history.clone_from(&source.records.history);
        records.logging = source.records.logging;
        mission.clone_from(&source.mission);
        work.clone_from(&source.work);
    }
}

impl Race {
    /// A copy of the position with these records and workspace (a clone keeps the race's
    /// own; a search's copy starts them empty, [`Self::copy_without_history`]).
    fn copy_with(&self, records: Records, work: Workspace) -> Self {
        Self {
            rules: Arc::clone(&self.rules),
            position: self.position.clone(),
            flow: self.flow.clone(),
            records,
            mission: self.mission.clone(),
            work,
        }
    }

    /// A copy without the event log and the decision history (a search needs neither).
    pub(crate) fn copy_without_history(&self) -> Self {
        self.copy_with(
            Records {
                log: Vec::new(),
                history: Vec::new(),
                logging: false,
            },
            Workspace::default(),
        )
    }

    /// An empty race over `rules`; setup fills it in.
    pub(crate) fn empty(rules: Arc<RaceRules>, seed: u64, turn_limit: u32) -> Self {
        let content = &rules.content;
        let movement_cards = Deck::new(content.race_deck.iter().map(|c| c.count.get()));
        let event_cards = Deck::new(content.movement_events.iter().map(|c| c.count.get()));
        let combat_cards = Deck::new(content.combat_deck.iter().map(|c| c.count.get()));
        let hazard_pile = Deck::new(
            content
                .hazards
                .iter()
                .flat_map(|book| book.hazards().iter().map(|h| h.count)),
        );
        let position = Position {
            rng: ChaCha8Rng::seed_from_u64(seed),
            players: Vec::new(),
            cars: Vec::new(),
            occupant: vec![None; rules.track.cell_count()],
            movement_cards,
            event_cards,
            combat_cards,
            hazard_pile,
            face_down: Vec::new(),
            bounty: None,
            finish_bonus: None,
            road: None,
        };
        Self {
            rules,
            position,
            flow: Flow {
                turn: 1,
                first_player: PlayerId(0),
                current: PlayerId(0),
                clock_running: true,
                phase: Phase::Activation,
                active: None,
                scenario_mp: None,
                result: None,
                turn_limit,
            },
            records: Records {
                // A ten-player race records a few thousand events: room for the first of them
                // saves most of the copying as the log grows.
                log: Vec::with_capacity(1024),
                history: Vec::new(),
                logging: true,
            },
            mission: None,
            work: Workspace::default(),
        }
    }

    /// The rules the race is played with.
    #[must_use]
    pub fn rules(&self) -> &RaceRules {
        &self.rules
    }

    /// The track.
    #[must_use]
    #[inline]
    pub fn track(&self) -> &CheckedTrack {
        &self.rules.track
    }

    /// The players, in seating (clockwise) order.
    #[must_use]
    pub fn players(&self) -> &[Player] {
        &self.position.players
    }

    /// A player.
    #[must_use]
    #[inline]
    pub fn player(&self, id: PlayerId) -> &Player {
        &self.position.players[id.index()]
    }

    /// Every car of the race, reserves and destroyed cars included.
    #[must_use]
    pub fn cars(&self) -> &[Car] {
        &self.position.cars
    }

    /// A car.
    #[must_use]
    #[inline]
    pub fn car(&self, id: CarId) -> &Car {
        &self.position.cars[id.index()]
    }

    /// Car ids, in order.
    pub fn car_ids(&self) -> impl Iterator<Item = CarId> + use<> {
        (0..self.position.cars.len() as u16).map(CarId)
    }

    /// The ids of `player`'s cars, in order: their run of ids, not a pass over every car of
    /// the race.
    pub(crate) fn cars_of(&self, player: PlayerId) -> impl Iterator<Item = CarId> + use<> {
        let (first, count) = self.player(player).cars;
        (first..first + count).map(CarId)
    }

    /// A car's team mat entry.
    #[must_use]
    #[inline]
    pub fn stats(&self, id: CarId) -> &CarStats {
        let car = self.car(id);
        &self.team_of(car.player).cars[usize::from(car.mat_index)]
    }

    /// A car's roof number (from its team mat).
    #[must_use]
    pub fn car_number(&self, id: CarId) -> &CarNumber {
        &self.stats(id).number
    }

    /// A player's team.
    #[must_use]
    #[inline]
    pub fn team_of(&self, player: PlayerId) -> &Team {
        &self.rules.content.teams[self.player(player).team]
    }

    /// The current turn (1 for the first).
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.flow.turn
    }

    /// The holder of the First Player marker.
    #[must_use]
    pub fn first_player(&self) -> PlayerId {
        self.flow.first_player
    }

    /// The player whose action segment it is (or who discards, at the end of a turn).
    #[must_use]
    pub fn current_player(&self) -> PlayerId {
        self.flow.current
    }

    /// Whether the countdown clock still runs (11.4).
    #[must_use]
    pub fn clock_running(&self) -> bool {
        self.flow.clock_running
    }

    /// Whether the countdown clock takes VP at the end of each turn (11.4): the ruleset has the
    /// clock (a mission may turn it off) and it has not stopped. ([`Self::clock_running`] is the
    /// marker alone, which stands at the start of every race.)
    #[must_use]
    pub fn countdown_running(&self) -> bool {
        self.flow.clock_running && self.rules.ruleset.countdown_clock
    }

    /// The Bounty card in play.
    #[must_use]
    pub fn bounty(&self) -> Option<Bonus> {
        self.position.bounty
    }

    /// The Race Bonus card in play.
    #[must_use]
    pub fn finish_bonus(&self) -> Option<Bonus> {
        self.position.finish_bonus
    }

    /// Every event so far, in order ([`RaceEvent`]).
    #[must_use]
    pub fn events(&self) -> &[RaceEvent] {
        &self.records.log
    }

    /// Every decision applied so far, in order (recorded while events are).
    #[must_use]
    pub fn decisions(&self) -> &[super::Decision] {
        &self.records.history
    }

    /// Turns event recording off (bots searching clones do not need it) or on.
    pub fn set_logging(&mut self, on: bool) {
        self.records.logging = on;
    }

    /// How the race ended, once it has.
    #[must_use]
    pub fn result(&self) -> Option<RaceResult> {
        self.flow.result
    }

    /// Whether the race is over.
    #[must_use]
    #[inline]
    pub fn is_over(&self) -> bool {
        self.flow.result.is_some()
    }

    /// Whether the race is over, so that nothing may change any more (11.5: "the moment one
    /// player empties their pool, the game is over"). Every primitive that changes the board,
    /// a pool or a marker checks it, so the rest of the step that won the race does nothing.
    #[inline]
    pub(crate) fn frozen(&self) -> bool {
        self.flow.result.is_some()
    }

    /// The rules, shared: a rule that changes the race while it reads them holds its own
    /// handle (a count, not a copy).
    pub(crate) fn shared_rules(&self) -> &Arc<RaceRules> {
        &self.rules
    }

    /// Plays the race on other rules from here on (a bot's copy on its veiled track).
    pub(crate) fn set_rules(&mut self, rules: Arc<RaceRules>) {
        self.rules = rules;
    }

    /// The point of play the race waits at.
    #[inline]
    pub(crate) fn phase(&self) -> &Phase {
        &self.flow.phase
    }

    /// Whether the race keeps its log of events and decisions.
    #[inline]
    pub(crate) fn logging(&self) -> bool {
        self.records.logging
    }

    /// One of the three card decks.
    pub(crate) fn deck(&self, kind: DeckKind) -> &Deck {
        match kind {
            DeckKind::Race => &self.position.movement_cards,
            DeckKind::MovementEvent => &self.position.event_cards,
            DeckKind::Combat => &self.position.combat_cards,
        }
    }

    /// The hazard tokens not dealt.
    pub(crate) fn hazard_pile(&self) -> &Deck {
        &self.position.hazard_pile
    }

    /// The face-down hazard tokens, by space, in space order.
    pub(crate) fn face_down(&self) -> &[(SpaceId, u16)] {
        &self.position.face_down
    }

    /// The rolling road's tiles on the table (`rules/road.rs`).
    #[inline]
    pub(crate) fn road_window(&self) -> Option<RoadWindow> {
        self.position.road
    }

    /// How the mission stands, in a mission race.
    #[inline]
    pub(crate) fn mission_state(&self) -> Option<&super::mission::MissionState> {
        self.mission.as_deref()
    }

    /// The engine's workspace (not the position: listed decisions and spare room).
    #[inline]
    pub(crate) fn work(&self) -> &Workspace {
        &self.work
    }

    /// The workspace, to change (its own methods keep it; nothing in it is the position).
    #[inline]
    pub(crate) fn work_mut(&mut self) -> &mut Workspace {
        &mut self.work
    }

    /// The turn after which the race ends without a winner.
    pub(crate) fn turn_limit(&self) -> u32 {
        self.flow.turn_limit
    }

    /// The race deck's draw pile and discards.
    #[must_use]
    pub fn race_deck(&self) -> &Deck {
        &self.position.movement_cards
    }

    /// The car on a space, if any (for a trough space: the top car of the stack). A space of
    /// ground where cars stack holds none in this sense: cars share it, so it never blocks,
    /// pushes or displaces ([`super::combat::cars_on`] lists the cars there).
    #[must_use]
    #[inline]
    pub fn car_on(&self, space: SpaceId) -> Option<CarId> {
        // Asked at nearly every space a movement looks at: one look at the space, and the
        // rare stacking ground out of the way.
        let at = self.track().space(space);
        if at.ground.shared {
            return self.top_of_stack(space);
        }
        self.position.occupant[at.cell.0 as usize]
    }

    /// [`Self::car_on`] for a space of ground where cars stack: the top car of the trough's
    /// stack, and none elsewhere.
    #[cold]
    #[inline(never)]
    fn top_of_stack(&self, space: SpaceId) -> Option<CarId> {
        if !self.track().space(space).ground.is_trough() {
            return None;
        }
        self.car_ids()
            .filter(|id| self.car(*id).place == Place::Track(space))
            .last()
    }

    /// The car on a space travelling in that space's direction (not a perpendicular car on the
    /// same crossover cell).
    #[must_use]
    #[inline]
    pub fn car_in_line(&self, space: SpaceId) -> Option<CarId> {
        match self.holder(space) {
            Holder::InLine(id) => Some(id),
            Holder::Empty | Holder::Across(_) => None,
        }
    }

    /// Whether a perpendicular car sits on the crossover cell of `space` (7.12).
    #[must_use]
    #[inline]
    pub fn blocked_across(&self, space: SpaceId) -> Option<CarId> {
        match self.holder(space) {
            Holder::Across(id) => Some(id),
            Holder::Empty | Holder::InLine(_) => None,
        }
    }

    /// Who holds `space`: nobody, a car in line, or a perpendicular car on its crossover cell.
    /// [`Self::car_in_line`] and [`Self::blocked_across`] read it; the movement rules that ask
    /// both at every space a line may take read it once.
    #[inline]
    pub(crate) fn holder(&self, space: SpaceId) -> Holder {
        match self.car_on(space) {
            None => Holder::Empty,
            Some(id) if self.car(id).place == Place::Track(space) => Holder::InLine(id),
            Some(id) => Holder::Across(id),
        }
    }

    #[inline]
    pub(crate) fn cell(&self, space: SpaceId) -> CellId {
        self.track().space(space).cell
    }

    /// Cars a player's team races at once: the ruleset's cars per team for this field, or its
    /// mission side's.
    #[must_use]
    pub fn racing_cars(&self, player: PlayerId) -> u8 {
        self.player(player).racing
    }

    /// The player after `player`, clockwise.
    #[must_use]
    pub fn next_player(&self, player: PlayerId) -> PlayerId {
        PlayerId(((player.index() + 1) % self.position.players.len()) as u8)
    }

    /// Players in turn order starting with `from`.
    #[must_use]
    pub fn players_from(&self, from: PlayerId) -> Vec<PlayerId> {
        let n = self.position.players.len();
        (0..n)
            .map(|k| PlayerId(((from.index() + k) % n) as u8))
            .collect()
    }

    /// Checks the invariants every state must keep; the property tests call this after every
    /// decision. Returns a description of the first broken one.
    pub fn check_invariants(&self) -> Result<(), String> {
        for (i, p) in self.position.players.iter().enumerate() {
            let (first, count) = p.cars;
            let run = usize::from(first)..usize::from(first) + usize::from(count);
            let owners = self
                .position
                .cars
                .iter()
                .enumerate()
                .filter(|(_, c)| c.player.index() == i);
            if !owners.map(|(id, _)| id).eq(run) {
                return Err(format!("player {i}'s cars are not the run of ids it keeps"));
            }
        }
        let mut seen = vec![None; self.position.occupant.len()];
        for id in self.car_ids() {
            let car = self.car(id);
            if let Place::Track(space) = car.place {
                if self.track().space(space).ground.shared {
                    continue;
                }
                let cell = self.cell(space).0 as usize;
                if let Some(other) = seen[cell] {
                    return Err(format!(
                        "cars {other:?} and {id:?} share space {}",
                        self.track().at(space)
                    ));
                }
                seen[cell] = Some(id);
            }
            if car.place.in_race()
                && car.damage + car.temporary_damage >= self.rules.ruleset.eliminating_damage
            {
                return Err(format!("car {id:?} is racing with {} damage", car.damage));
            }
        }
        if seen != self.position.occupant {
            return Err("the cell index disagrees with the cars' places".to_owned());
        }
        let total = u32::from(self.rules.ruleset.victory_points);
        for (i, p) in self.position.players.iter().enumerate() {
            if p.pool + p.claimed() + p.clock_removed != total {
                return Err(format!(
                    "player {i}: pool {} + claimed {} + clock {} != {total}",
                    p.pool,
                    p.claimed(),
                    p.clock_removed
                ));
            }
            let cars = self
                .position
                .cars
                .iter()
                .filter(|c| c.player.index() == i && c.place.in_race())
                .count();
            if cars > usize::from(p.racing) {
                return Err(format!("player {i} has {cars} cars in the race"));
            }
        }
        Ok(())
    }

    /// The crossover variant in force.
    pub(crate) fn crossover_rule(&self) -> CrossoverCollision {
        self.rules.ruleset.crossover_collision
    }
}

#[cfg(test)]
mod tests {
    use super::PlayerId;
    use crate::rules::test_support::race;

    #[test]
    fn each_player_s_cars_are_its_run_of_ids_and_the_check_catches_a_wrong_run() {
        let mut race = race("oval", 4, 3);
        assert_eq!(race.check_invariants(), Ok(()));
        for p in 0..4 {
            let player = PlayerId(p);
            let owned: Vec<_> = race
                .car_ids()
                .filter(|id| race.car(*id).player == player)
                .collect();
            assert_eq!(race.cars_of(player).collect::<Vec<_>>(), owned);
            assert!(!owned.is_empty());
        }
        // A run one car off names a car of the next player.
        race.position.players[0].cars.1 += 1;
        let broken = race.check_invariants().expect_err("a wrong run is caught");
        assert!(broken.contains("player 0's cars"), "{broken}");
    }
}
