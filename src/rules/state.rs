//! The race state: cars, players, decks, the phase of play, and the primitives every rule uses
//! to change them (placing a car, scoring, damage, elimination).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::activation::Phase;
use super::ids::{CarId, PlayerId};
use super::race_event::{BonusKind, DeckKind, Marker, Motion, RaceEvent, VpSource};
use super::workspace::Workspace;
use crate::content::race_deck::LaneSide;
use crate::content::ruleset::{CrossoverCollision, PointToPointFinish};
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
        } = self;
        *team = source.team;
        *pool = source.pool;
        *claims = source.claims;
        *clock_removed = source.clock_removed;
        hand.clone_from(&source.hand);
        reserve.clone_from(&source.reserve);
        *cars = source.cars;
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

/// A race in progress: the position (cars, players, decks, the phase of play), its records
/// (events and decisions) and, apart from them, the engine's workspace (`rules/workspace.rs`:
/// listed legal decisions and spare room; an outcome search's undo marks live in the search,
/// see `rules/mark.rs`). Cloning is cheap enough for search (the rules and content are shared).
/// A race is `Send` (a batch plays each on a thread of its own) but not `Sync`: its workspace
/// keeps the legal decisions of the current point in a cell.
///
/// The fields are the engine's own (`pub(super)`: no layer above `rules` reads or changes
/// them; they read the position through methods). Each rule module changes the part of the
/// position its chapter governs; the workspace is changed only through its methods.
#[derive(Debug)]
pub struct Race {
    pub(super) rules: Arc<RaceRules>,
    pub(super) rng: ChaCha8Rng,
    pub(super) players: Vec<Player>,
    pub(super) cars: Vec<Car>,
    /// The car on each physical cell (never set for trough cells, where cars stack).
    pub(super) occupant: Vec<Option<CarId>>,
    /// The race card deck (race cards govern movement, 6.0).
    pub(super) movement_cards: Deck,
    /// The movement event deck (10.0).
    pub(super) event_cards: Deck,
    /// The combat deck (8.0).
    pub(super) combat_cards: Deck,
    /// The hazard tokens not dealt (the pack's hazard deck; empty without one).
    pub(super) hazard_pile: Deck,
    /// The face-down hazard tokens, by space, in space order (`rules/hazards.rs`).
    pub(super) face_down: Vec<(SpaceId, u16)>,
    /// The turn under way, from 1.
    pub(super) turn: u32,
    pub(super) first_player: PlayerId,
    pub(super) current: PlayerId,
    pub(super) clock_running: bool,
    pub(super) bounty: Option<Bonus>,
    pub(super) finish_bonus: Option<Bonus>,
    pub(super) phase: Phase,
    /// The car whose activation is under way (8.3: it has moved this turn).
    pub(super) active: Option<CarId>,
    /// A scenario's movement points for its card, used once instead of the card's.
    pub(super) scenario_mp: Option<u8>,
    /// Every event recorded, in order (see [`RaceEvent`]).
    pub(super) log: Vec<RaceEvent>,
    /// Every decision applied, in order (kept with the events; a seed and these replay it).
    pub(super) history: Vec<super::Decision>,
    pub(super) result: Option<RaceResult>,
    /// The turn after which the race ends in a draw.
    pub(super) turn_limit: u32,
    /// Whether events and decisions are recorded (a search's scratch copy records neither).
    pub(super) logging: bool,
    /// How the mission stands (`rules/mission.rs`); `None` without one.
    pub(super) mission: Option<Box<super::mission::MissionState>>,
    /// The engine's scratch beside the position: listed legal decisions, spare lists, the
    /// cars an outcome search moved.
    pub(super) work: Workspace,
}

/// A copy. [`Clone::clone_from`] copies into a race already made, reusing its room: a bot that
/// weighs every decision on a copy of one position allocates nothing after the first.
impl Clone for Race {
    fn clone(&self) -> Self {
        self.copy_with(
            self.log.clone(),
            self.history.clone(),
            self.logging,
            self.work.clone(),
        )
    }

    fn clone_from(&mut self, source: &Self) {
        // Every field by name: a field added to the race and not copied here does not compile.
        let Self {
            rules,
            rng,
            players,
            cars,
            occupant,
            movement_cards,
            event_cards,
            combat_cards,
            hazard_pile,
            face_down,
            turn,
            first_player,
            current,
            clock_running,
            bounty,
            finish_bonus,
            phase,
            active,
            scenario_mp,
            log,
            history,
            result,
            turn_limit,
            logging,
            mission,
            work,
        } = self;
        rules.clone_from(&source.rules);
        rng.clone_from(&source.rng);
        players.clone_from(&source.players);
        cars.clone_from(&source.cars);
        occupant.clone_from(&source.occupant);
        movement_cards.clone_from(&source.movement_cards);
        event_cards.clone_from(&source.event_cards);
        combat_cards.clone_from(&source.combat_cards);
        hazard_pile.clone_from(&source.hazard_pile);
        face_down.clone_from(&source.face_down);
        *turn = source.turn;
        *first_player = source.first_player;
        *current = source.current;
        *clock_running = source.clock_running;
        *bounty = source.bounty;
        *finish_bonus = source.finish_bonus;
        phase.clone_from(&source.phase);
        *active = source.active;
        *scenario_mp = source.scenario_mp;
        log.clone_from(&source.log);
        history.clone_from(&source.history);
        *result = source.result;
        *turn_limit = source.turn_limit;
        *logging = source.logging;
        mission.clone_from(&source.mission);
        work.clone_from(&source.work);
    }
}

impl Race {
    /// A copy of the position with these records, logging and workspace (a clone keeps the
    /// race's own; a search's copy starts them empty).
    pub(super) fn copy_with(
        &self,
        log: Vec<RaceEvent>,
        history: Vec<super::Decision>,
        logging: bool,
        work: Workspace,
    ) -> Self {
        Self {
            rules: Arc::clone(&self.rules),
            rng: self.rng.clone(),
            players: self.players.clone(),
            cars: self.cars.clone(),
            occupant: self.occupant.clone(),
            movement_cards: self.movement_cards.clone(),
            event_cards: self.event_cards.clone(),
            combat_cards: self.combat_cards.clone(),
            hazard_pile: self.hazard_pile.clone(),
            face_down: self.face_down.clone(),
            turn: self.turn,
            first_player: self.first_player,
            current: self.current,
            clock_running: self.clock_running,
            bounty: self.bounty,
            finish_bonus: self.finish_bonus,
            phase: self.phase.clone(),
            active: self.active,
            scenario_mp: self.scenario_mp,
            log,
            history,
            result: self.result,
            turn_limit: self.turn_limit,
            logging,
            mission: self.mission.clone(),
            work,
        }
    }

    /// An empty race over `rules`; setup fills it in.
    pub(crate) fn empty(rules: Arc<RaceRules>, seed: u64, turn_limit: u32) -> Self {
        let rng = ChaCha8Rng::seed_from_u64(seed);
        let content = &rules.content;
        let race_deck = Deck::new(content.race_deck.iter().map(|c| c.count.get()));
        let event_deck = Deck::new(content.movement_events.iter().map(|c| c.count.get()));
        let combat_deck = Deck::new(content.combat_deck.iter().map(|c| c.count.get()));
        let hazard_pile = Deck::new(
            content
                .hazards
                .iter()
                .flat_map(|book| book.hazards().iter().map(|h| h.count)),
        );
        let cells = rules.track.cell_count();
        Self {
            rules,
            rng,
            players: Vec::new(),
            cars: Vec::new(),
            occupant: vec![None; cells],
            movement_cards: race_deck,
            event_cards: event_deck,
            combat_cards: combat_deck,
            hazard_pile,
            face_down: Vec::new(),
            turn: 1,
            first_player: PlayerId(0),
            current: PlayerId(0),
            clock_running: true,
            bounty: None,
            finish_bonus: None,
            phase: Phase::Activation,
            active: None,
            scenario_mp: None,
            // A ten-player race records a few thousand events: room for the first of them
            // saves most of the copying as the log grows.
            log: Vec::with_capacity(1024),
            history: Vec::new(),
            result: None,
            turn_limit,
            logging: true,
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
        &self.players
    }

    /// A player.
    #[must_use]
    #[inline]
    pub fn player(&self, id: PlayerId) -> &Player {
        &self.players[id.index()]
    }

    /// Every car of the race, reserves and destroyed cars included.
    #[must_use]
    pub fn cars(&self) -> &[Car] {
        &self.cars
    }

    /// A car.
    #[must_use]
    #[inline]
    pub fn car(&self, id: CarId) -> &Car {
        &self.cars[id.index()]
    }

    /// Car ids, in order.
    pub fn car_ids(&self) -> impl Iterator<Item = CarId> + use<> {
        (0..self.cars.len() as u16).map(CarId)
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
        self.turn
    }

    /// The holder of the First Player marker.
    #[must_use]
    pub fn first_player(&self) -> PlayerId {
        self.first_player
    }

    /// The player whose action segment it is (or who discards, at the end of a turn).
    #[must_use]
    pub fn current_player(&self) -> PlayerId {
        self.current
    }

    /// Whether the countdown clock still runs (11.4).
    #[must_use]
    pub fn clock_running(&self) -> bool {
        self.clock_running
    }

    /// Whether the countdown clock takes VP at the end of each turn (11.4): the ruleset has the
    /// clock (a mission may turn it off) and it has not stopped. ([`Self::clock_running`] is the
    /// marker alone, which stands at the start of every race.)
    #[must_use]
    pub fn countdown_running(&self) -> bool {
        self.clock_running && self.rules.ruleset.countdown_clock
    }

    /// The Bounty card in play.
    #[must_use]
    pub fn bounty(&self) -> Option<Bonus> {
        self.bounty
    }

    /// The Race Bonus card in play.
    #[must_use]
    pub fn finish_bonus(&self) -> Option<Bonus> {
        self.finish_bonus
    }

    /// Every event so far, in order ([`RaceEvent`]).
    #[must_use]
    pub fn events(&self) -> &[RaceEvent] {
        &self.log
    }

    /// Every decision applied so far, in order (recorded while events are).
    #[must_use]
    pub fn decisions(&self) -> &[super::Decision] {
        &self.history
    }

    /// Turns event recording off (bots searching clones do not need it) or on.
    pub fn set_logging(&mut self, on: bool) {
        self.logging = on;
    }

    /// How the race ended, once it has.
    #[must_use]
    pub fn result(&self) -> Option<RaceResult> {
        self.result
    }

    /// Whether the race is over.
    #[must_use]
    #[inline]
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The race deck's draw pile and discards.
    #[must_use]
    pub fn race_deck(&self) -> &Deck {
        &self.movement_cards
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
        self.occupant[at.cell.0 as usize]
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

    /// Records an event, when the race keeps its log or plays a mission. Inlined, so that the
    /// check comes before any call: the engine reports hundreds of events in every race, and
    /// races played by the hundred thousand keep no log.
    #[inline]
    pub(crate) fn record(&mut self, event: RaceEvent) {
        if self.records() {
            self.keep_event(event);
        }
    }

    /// Whether something keeps the events: the race's log, or the mission it plays (which
    /// reads them as they happen).
    #[inline]
    fn records(&self) -> bool {
        self.logging || self.mission.is_some()
    }

    #[inline(never)]
    fn keep_event(&mut self, event: RaceEvent) {
        if self.mission.is_some() {
            self.record_in_mission(event);
        } else {
            self.log.push(event);
        }
    }

    /// Whether the race is over, so that nothing may change any more (11.5: "the moment one
    /// player empties their pool, the game is over"). Every primitive that changes the board,
    /// a pool or a marker checks it, so the rest of the step that won the race does nothing.
    #[inline]
    pub(crate) fn frozen(&self) -> bool {
        self.result.is_some()
    }

    /// Puts a car somewhere, keeping the cell index right, and records the move. No rule is
    /// applied.
    // Always inlined, as `relocate` is: a car's every move comes here.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn put(&mut self, id: CarId, place: Place, motion: Motion) {
        if self.frozen() {
            return;
        }
        let from = self.cars[id.index()].place;
        self.relocate(id, place);
        // Not even built when nothing records it (an outcome search moves cars by the
        // hundred thousand); a mission reads a car's arrival in the Destroyed Cars box.
        if self.records() && from != place {
            self.record(RaceEvent::CarMoved {
                car: id,
                from,
                to: place,
                motion,
            });
        }
    }

    /// Swaps two cars on track spaces (Overtake, Drift, Bulldoze), recording both moves.
    pub(crate) fn exchange(&mut self, a: CarId, b: CarId) {
        if self.frozen() {
            return;
        }
        let (pa, pb) = (self.car(a).place, self.car(b).place);
        self.relocate(b, Place::Reserve);
        self.relocate(a, pb);
        self.relocate(b, pa);
        self.record(RaceEvent::CarMoved {
            car: a,
            from: pa,
            to: pb,
            motion: Motion::Swapped,
        });
        self.record(RaceEvent::CarMoved {
            car: b,
            from: pb,
            to: pa,
            motion: Motion::Swapped,
        });
    }

    /// Sets a marker on a car or takes it off, recording the change.
    pub(crate) fn set_marker(&mut self, id: CarId, marker: Marker, on: bool) {
        if self.frozen() {
            return;
        }
        let car = &mut self.cars[id.index()];
        let changed = match marker {
            Marker::Suppression => std::mem::replace(&mut car.suppressed, on) != on,
            Marker::Reloading => std::mem::replace(&mut car.reloading, on) != on,
            Marker::SpinAround => std::mem::replace(&mut car.spun_around, on) != on,
            Marker::OnFire => std::mem::replace(&mut car.on_fire, on) != on,
            // Lapped tokens count: each placed one is one more, each removed one less.
            Marker::Lapped if on => {
                car.lapped += 1;
                true
            }
            Marker::Lapped if car.lapped > 0 => {
                car.lapped -= 1;
                true
            }
            Marker::Lapped => false,
        };
        if !changed {
            return;
        }
        self.record(if on {
            RaceEvent::MarkerPlaced { car: id, marker }
        } else {
            RaceEvent::MarkerRemoved { car: id, marker }
        });
    }

    /// Moves a car and keeps the cell index right; records nothing.
    // Always inlined: every car moved at every step comes here, and as a call it was 3% of a
    // random race's instructions (measured with callgrind over the `rules` bench).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn relocate(&mut self, id: CarId, place: Place) {
        // Each space is looked up once, for its ground and its cell (a car moves at every step
        // of every race).
        if let Place::Track(old) = self.cars[id.index()].place {
            let space = self.rules.track.space(old);
            let cell = space.cell.0 as usize;
            if !space.ground.shared && self.occupant[cell] == Some(id) {
                self.occupant[cell] = None;
            }
        }
        self.cars[id.index()].place = place;
        self.work.moved(id);
        if let Place::Track(new) = place {
            let space = self.rules.track.space(new);
            if !space.ground.shared {
                self.occupant[space.cell.0 as usize] = Some(id);
            }
        }
    }

    /// Moves a car one space forward, scoring a crossing of the finish line (11.1).
    pub(crate) fn move_forward(&mut self, id: CarId, to: SpaceId, motion: Motion) {
        if self.frozen() {
            return;
        }
        let from = self.car(id).place.space();
        if self.logging
            && let Some(from) = from
            && self.track().space(from).next.len() > 1
        {
            self.record(RaceEvent::ForkTaken {
                car: id,
                at: from,
                to,
            });
        }
        self.put(id, Place::Track(to), motion);
        if let Some(from) = from
            && self.track().crosses_line(from, to)
        {
            self.crossed_line(id);
        }
    }

    /// Moves a car to an adjacent space in whatever direction that is, scoring or returning a
    /// VP when it crosses the finish line (11.1, 11.2).
    pub(crate) fn move_adjacent(&mut self, id: CarId, to: SpaceId, motion: Motion) {
        let Some(from) = self.car(id).place.space() else {
            self.put(id, Place::Track(to), motion);
            return;
        };
        if self.track().space(from).next.contains(&to) {
            self.move_forward(id, to, motion);
        } else if self.track().space(to).next.contains(&from) {
            self.put(id, Place::Track(to), motion);
            if self.track().crosses_line(to, from) {
                self.crossed_back(id);
            }
        } else {
            self.put(id, Place::Track(to), motion);
        }
    }

    /// A car crossed the finish line going forward: its player claims VP (11.1), or, if it was
    /// lapped, its Lapped marker goes instead (3.0).
    pub(crate) fn crossed_line(&mut self, id: CarId) {
        if self.frozen() {
            return;
        }
        if self.mission.is_some() {
            self.record(RaceEvent::LineCrossed {
                car: id,
                forward: true,
            });
            // The crossing may have met the mission's objective and ended the race.
            if self.frozen() {
                return;
            }
        }
        if self.car(id).lapped > 0 {
            self.set_marker(id, Marker::Lapped, false);
        } else {
            let player = self.car(id).player;
            let vp = self.use_bonus(BonusKind::RaceBonus);
            self.claim(player, id, vp, VpSource::Finish);
        }
        if self.track().point_to_point() {
            self.end_run(id);
        }
    }

    /// A car across the finish line of a point-to-point track, its crossing scored: by the
    /// ruleset's [`PointToPointFinish`], its player wins on the spot (claiming all their pool
    /// has left), or the car leaves the race. Either way it goes off the road: the run-off
    /// stays empty, so a car pushed into it never meets another there.
    fn end_run(&mut self, id: CarId) {
        if self.frozen() {
            return;
        }
        if self.rules.ruleset.point_to_point == PointToPointFinish::FirstAcrossWins {
            let player = self.car(id).player;
            let left = self.players[player.index()].pool;
            self.claim(player, id, left, VpSource::Finish);
            if self.frozen() {
                return;
            }
        }
        let before = self
            .cars
            .iter()
            .filter(|c| matches!(c.place, Place::Finished(_)))
            .count();
        self.put(
            id,
            Place::Finished(u8::try_from(before).unwrap_or(u8::MAX)),
            Motion::Finished,
        );
    }

    /// The VP of one crossing (Race Bonus) or one kill (Bounty): the card's VP while it is in
    /// play, which uses one of its markers and leaves play with the last one; 1 otherwise.
    fn use_bonus(&mut self, kind: BonusKind) -> u32 {
        if self.frozen() {
            return 0;
        }
        let slot = match kind {
            BonusKind::Bounty => &mut self.bounty,
            BonusKind::RaceBonus => &mut self.finish_bonus,
        };
        let Some(bonus) = slot else {
            return self.base_vp(kind == BonusKind::Bounty);
        };
        bonus.markers = bonus.markers.saturating_sub(1);
        let vp = u32::from(bonus.vp);
        let card = bonus.card;
        if bonus.markers == 0 {
            *slot = None;
            self.event_cards.discard.push(card);
        }
        let bonus = *slot;
        self.record(RaceEvent::BonusChanged { kind, bonus });
        vp
    }

    /// A car went back over the finish line (11.2): "the team that is moved backward must
    /// return one claimed VP", and "when that car crosses the Finish Line again it may re-claim
    /// the token it lost", so the VP returned is the one *this car* claimed for crossing. A
    /// car that holds no such claim (it never crossed, or its crossings were already given
    /// back) returns nothing its team earned otherwise: it is marked lapped instead, and its
    /// next forward crossing scores nothing (3.0, the Lapped tokens).
    pub(crate) fn crossed_back(&mut self, id: CarId) {
        if self.frozen() {
            return;
        }
        if self.mission.is_some() {
            self.record(RaceEvent::LineCrossed {
                car: id,
                forward: false,
            });
            if self.frozen() {
                return;
            }
        }
        let player = self.car(id).player;
        let p = &mut self.players[player.index()];
        let car = &mut self.cars[id.index()];
        if car.crossings == 0 || p.claims.finish == 0 {
            self.set_marker(id, Marker::Lapped, true);
            return;
        }
        car.count_vp(VpSource::Finish, -1);
        p.claims.finish -= 1;
        p.pool += 1;
        self.record(RaceEvent::VpReturned {
            seat: player,
            car: id,
            source: VpSource::Finish,
        });
    }

    /// A player claims VP from their pool for `car`; emptying it wins the race on the spot
    /// (11.5). The event records what was actually taken.
    pub(crate) fn claim(&mut self, player: PlayerId, car: CarId, vp: u32, source: VpSource) {
        if self.frozen() {
            return;
        }
        let vp = vp.min(self.players[player.index()].pool);
        // A mission may make a source worth nothing, or keep a race going past an empty pool:
        // then nothing is claimed.
        if vp == 0 && self.mission.is_some() {
            return;
        }
        let p = &mut self.players[player.index()];
        p.pool -= vp;
        match source {
            VpSource::Finish => p.claims.finish += vp,
            VpSource::Kill => p.claims.kills += vp,
        }
        self.cars[car.index()].count_vp(source, i64::from(vp));
        let won = p.pool == 0 && self.pool_wins();
        self.record(RaceEvent::VpClaimed {
            seat: player,
            car,
            source,
            amount: vp,
        });
        if won {
            self.result = Some(RaceResult::Winner(player));
            self.record(RaceEvent::Winner { seat: player });
        }
    }

    /// Gives a car damage markers (9.0); the sixth eliminates it at once (5.3, 8.2). A kill of
    /// another team's car scores for the active player unless the cause says it does not (11.3).
    pub(crate) fn damage(&mut self, id: CarId, amount: u8, scoring: Option<PlayerId>) {
        self.add_damage(id, amount, false, scoring);
    }

    /// Temporary damage (the Thunder Alley crossover variant).
    pub(crate) fn temporary_damage(&mut self, id: CarId, amount: u8, scoring: Option<PlayerId>) {
        self.add_damage(id, amount, true, scoring);
    }

    fn add_damage(&mut self, id: CarId, amount: u8, temporary: bool, scoring: Option<PlayerId>) {
        if amount == 0 || self.frozen() || !self.car(id).place.in_race() {
            return;
        }
        let limit = self.rules.ruleset.eliminating_damage;
        let car = &mut self.cars[id.index()];
        let room = limit.saturating_sub(car.damage + car.temporary_damage);
        let amount = amount.min(room);
        if temporary {
            car.temporary_damage += amount;
        } else {
            car.damage += amount;
        }
        self.record(RaceEvent::Damage {
            car: id,
            amount,
            temporary,
        });
        let car = &self.cars[id.index()];
        if car.damage + car.temporary_damage >= limit {
            self.eliminate(id, scoring);
        }
    }

    /// Slides a car `spaces` spaces to a side drawn from the race's RNG (an oil slick, when
    /// its movement ends), free, stopping short of a car, the trough, a barred crossover space
    /// or the wall. Draws nothing for no spaces or a car no longer on the track. The ground it
    /// slides onto does nothing: the movement is over, and only a moving car is struck.
    pub(crate) fn slide_aside(&mut self, id: CarId, spaces: u8) {
        if spaces == 0 || self.car(id).place.space().is_none() || self.frozen() {
            return;
        }
        let side = if self.rng.random::<bool>() {
            LaneSide::Inside
        } else {
            LaneSide::Outside
        };
        for _ in 0..spaces {
            let Some(at) = self.car(id).place.space() else {
                return;
            };
            let Some(to) = self.track().lateral(at, side) else {
                return;
            };
            if self.track().space(to).ground.is_trough()
                || self.car_on(to).is_some()
                || self.blocked_across(to).is_some()
            {
                return;
            }
            self.put(id, Place::Track(to), Motion::Moved);
        }
    }

    /// Eliminates a car that entered ground that wrecks it; no one scores the kill.
    pub(crate) fn wreck(&mut self, id: CarId) {
        if self.car(id).place.in_race() && !self.frozen() {
            self.eliminate(id, None);
        }
    }

    fn eliminate(&mut self, id: CarId, scoring: Option<PlayerId>) {
        let owner = self.car(id).player;
        // 8.3: a car eliminated during its own activation has moved this turn, so its
        // replacement may not activate until the next turn.
        let has_moved = self.car(id).activated || self.active == Some(id);
        let scorer = scoring.filter(|p| self.kill_scores(*p, owner));
        self.record(RaceEvent::Eliminated {
            car: id,
            scored_by: scorer,
        });
        self.put(id, Place::Destroyed, Motion::Eliminated);
        // A mission may have ended the race the moment the car was destroyed.
        if let Some(player) = scorer.filter(|_| !self.frozen()) {
            let vp = self.use_bonus(BonusKind::Bounty);
            self.claim(player, id, vp, VpSource::Kill);
        }
        if !self.frozen() {
            self.replace(owner, has_moved);
        }
    }

    /// Replacement cars to the chute (8.3): up to the race's cars per team, same side up as
    /// the eliminated car. (A car that finished a point-to-point run is simply no longer in the
    /// race: each elimination still brings in one replacement, as on a lap.)
    fn replace(&mut self, player: PlayerId, activated: bool) {
        let max = usize::from(self.cars_per_team());
        let in_race = self
            .cars_of(player)
            .filter(|c| self.car(*c).place.in_race())
            .count();
        if in_race >= max {
            return;
        }
        let p = &mut self.players[player.index()];
        if p.reserve.is_empty() {
            return;
        }
        let id = p.reserve.remove(0);
        self.cars[id.index()].activated = activated;
        self.record(RaceEvent::Replacement { car: id, activated });
        self.put(id, Place::Chute, Motion::Replacement);
    }

    /// Cars each team races with, for this field.
    #[must_use]
    pub fn cars_per_team(&self) -> u8 {
        let players = self.players.len() as u8;
        self.rules
            .ruleset
            .cars_by_players
            .get(&players)
            .copied()
            .unwrap_or(0)
    }

    /// The player after `player`, clockwise.
    #[must_use]
    pub fn next_player(&self, player: PlayerId) -> PlayerId {
        PlayerId(((player.index() + 1) % self.players.len()) as u8)
    }

    /// Players in turn order starting with `from`.
    #[must_use]
    pub fn players_from(&self, from: PlayerId) -> Vec<PlayerId> {
        let n = self.players.len();
        (0..n)
            .map(|k| PlayerId(((from.index() + k) % n) as u8))
            .collect()
    }

    /// Checks the invariants every state must keep; the property tests call this after every
    /// decision. Returns a description of the first broken one.
    pub fn check_invariants(&self) -> Result<(), String> {
        for (i, p) in self.players.iter().enumerate() {
            let (first, count) = p.cars;
            let run = usize::from(first)..usize::from(first) + usize::from(count);
            let owners = self
                .cars
                .iter()
                .enumerate()
                .filter(|(_, c)| c.player.index() == i);
            if !owners.map(|(id, _)| id).eq(run) {
                return Err(format!("player {i}'s cars are not the run of ids it keeps"));
            }
        }
        let mut seen = vec![None; self.occupant.len()];
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
        if seen != self.occupant {
            return Err("the cell index disagrees with the cars' places".to_owned());
        }
        let total = u32::from(self.rules.ruleset.victory_points);
        for (i, p) in self.players.iter().enumerate() {
            if p.pool + p.claimed() + p.clock_removed != total {
                return Err(format!(
                    "player {i}: pool {} + claimed {} + clock {} != {total}",
                    p.pool,
                    p.claimed(),
                    p.clock_removed
                ));
            }
            let cars = self
                .cars
                .iter()
                .filter(|c| c.player.index() == i && c.place.in_race())
                .count();
            if cars > usize::from(self.cars_per_team()) {
                return Err(format!("player {i} has {cars} cars in the race"));
            }
        }
        Ok(())
    }

    /// Draws the top card of a deck, recording a reshuffle when the deck ran out.
    pub(crate) fn draw_card(&mut self, deck: DeckKind) -> Option<u16> {
        if self.frozen() {
            return None;
        }
        let pile = match deck {
            DeckKind::Race => &mut self.movement_cards,
            DeckKind::MovementEvent => &mut self.event_cards,
            DeckKind::Combat => &mut self.combat_cards,
        };
        let (card, reshuffled) = pile.draw(&mut self.rng);
        if reshuffled {
            let cards = pile.len() + usize::from(card.is_some());
            self.record(RaceEvent::DeckReshuffled { deck, cards });
        }
        card
    }

    /// Shuffles a list with the race's RNG (setup's draw bag).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.rng);
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
        race.players[0].cars.1 += 1;
        let broken = race.check_invariants().expect_err("a wrong run is caught");
        assert!(broken.contains("player 0's cars"), "{broken}");
    }
}
