//! Movement (rulebook 7.0-7.15): the legal steps of a moving car and what each step does.
//!
//! A movement is a sequence of [`Step`]s, each fully specified: where the active car goes, the
//! path the cars it pushes take through forks (7.11), which line of cars behind it is linked
//! (7.11.4), and where a car displaced forward goes. The active player makes every choice (7.1),
//! so a step carries them all and the legal steps are listed up front.
//!
//! # Decisions where the rulebook is silent
//! - A diagonal move costs 1 MP and only enters an empty space (7.15 allows diagonals, 7.1 and
//!   7.10 price forward and lateral moves only).
//! - A lateral move may enter rough ground from paved ground; it may not leave a rough or jump
//!   space (7.13), except out of the trough (7.14).
//! - A displaced car that cannot change lanes (it is on rough ground, or the lane beyond it is
//!   the trough) is displaced forward, as a car against the wall is (7.10), so leaving the
//!   trough by displacement (7.14) is always possible.
//! - Line and Pursuit stay linked to the cars they push: at a fork the line follows its front
//!   car (7.11.1).
//! - If no legal step is left before the MP are spent (walled in, all ahead blocked), the
//!   movement ends and the remaining MP are lost.
//! - A car on a crossover cell bars the perpendicular lanes whether or not its own activation
//!   has ended. 7.12 speaks of a car that "ends an activation on a Crossover space"; it does not
//!   say a car that got there in the current activation may be passed through, and "These
//!   crossover spaces can still hold only one car" rules that out: a space held is held, by
//!   whatever put the car there. The difference does show: an activation may pull or push cars
//!   onto the crossover in one direction and then carry the active car across it in the other
//!   (a Lead car pulls its line over the crossover, then draws Open Road and jumps along the
//!   crossing stretch), and the cars it left there bar its way.
//!
//! # Kinds of ground (the pack's terrain file)
//! The rulebook's grounds cost 1 MP to enter and do nothing on entry, so none of this shows in
//! a standard race. For a pack's own kinds (Thunder Road: Vendetta's mud, goo, rocks):
//! - Entering a space costs its kind's `enter_cost` instead of the 1 MP of 7.1; a lateral move
//!   that displaces a car costs one more, as on paved ground (7.10). A car with fewer MP left
//!   may enter only a kind marked `enter_short`, spending all it has left.
//! - Only the moving car pays, and only the moving car is struck by what the ground does: cars
//!   it pushes or displaces, and cars a movement event moves, enter for free and unharmed. (A
//!   pushed car did not choose its path; the rulebook makes pushing free too, 7.11.)
//! - Effects happen in the kind's order as the car enters, each announced by a
//!   [`RaceEvent::GroundStruck`]: `Stop` ends the movement (the MP left are lost); `Damage`
//!   is dealt when the movement ends, as a collision's is, and the car moves on meanwhile;
//!   `Eliminate` ends the movement and eliminates the car, a kill no one scores (the ground is
//!   nobody's car, 11.3); `Slide` carries the car on, free, the way it was going (forward after
//!   a forward or diagonal step, across after a lateral one), and the ground it slides onto
//!   strikes it in turn; `SlideAside` slides it, when the movement ends, to a side drawn from
//!   the race's RNG. The damage, the elimination and the drawn slide wait for the movement's
//!   end because the outcome search rewinds what a step changes, and an elimination changes
//!   more (a replacement enters the chute) than a step may, and a draw is chance, not a choice.
//! - A slide stops short of a car (no push, no collision: the glass carries a car, it does not
//!   ram), of the trough, of a barred crossover space and of a space the movement entered
//!   already (7.1). Crossing the finish line in a slide scores it as a move would.
//! - `Jump` is a ramp: entered straight from behind (a forward step from the space behind in
//!   its lane, or a slide ahead), the car flies its distance along the lane and loses the MP
//!   left; entered any other way it is wrecked. It flies over cars and over the crossover (the
//!   spaces between are not entered, so no crossover collision), lands on the nearest free
//!   space short of a car, the trough or a barred space, and scores the finish line if it flew
//!   over it. The ground it lands on strikes it (mud, fire, a hazard), but a ramp or a slide
//!   there carries it no further: a ramp "flies n spaces and stops", so flights never chain
//!   (a pack whose every space was a ramp flew a car round the lap a dozen times on one card).
//! - Ground where cars stack (`stacks`, as the trough always has): any number of cars share a
//!   space of it. A car entering one with cars there pushes and displaces no one and pays no
//!   displacement; cars on it never link (no line runs through a stack), so a push that reaches
//!   one ends there, the pushed car joining the stack; a car there bars no crossover lane; a
//!   weapon fired into it may target any car there (`combat::cars_on`).
//! - `DrawnJump`, `Fire` and `Hazard` leave what they do for the movement's end (a draw from
//!   the race's RNG, a marker, a hazard): `rules/ground.rs` says how, with the order in which
//!   what a movement left pending happens.

use smallvec::{SmallVec, smallvec};

use crate::content::race_deck::{LaneSide, MovementType};
use crate::content::terrain::Effect;
use crate::validate::checked_track::{CellId, SpaceId};

use super::ids::CarId;
use super::race_event::{Marker, Motion, RaceEvent};
use super::state::{Holder, Place, Race};

/// How the active car links with other cars (7.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// 7.4: alone, with conditional linking in front.
    Solo,
    /// 7.6: links in front and behind once it moves forward; then no lane changes.
    Line,
    /// 7.7: pushes in front; once linked, no lane changes.
    Pursuit,
    /// 7.8: pulls the cars linked behind at the start; conditional linking in front.
    Lead,
    /// 7.5: solo, and may swap with the car linked directly in front.
    Overtake,
    /// 7.9: stops behind the first car it would push and rams it.
    Ram,
}

/// The rules of one movement: the card's type and the event's limits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Style {
    /// The linking rules.
    pub kind: MoveKind,
    /// Whether diagonal moves are allowed (7.15).
    pub diagonal: bool,
    /// Whether the cars linked behind at the start follow (Lead, or Ram played as Lead).
    pub pull: bool,
    /// Whether only empty spaces may be entered (Get There).
    pub empty_only: bool,
}

impl Style {
    /// The style of a race card's movement type. `ram_as_lead` chooses, for Ram cards, whether
    /// the ram is a Lead movement (7.9: "can be either a Solo Movement or a Lead Movement"); the
    /// active player makes that choice when playing the card.
    #[must_use]
    pub fn of_card(movement: MovementType, ram_as_lead: bool) -> Self {
        let (kind, diagonal, pull) = match movement {
            MovementType::Solo => (MoveKind::Solo, false, false),
            MovementType::Line => (MoveKind::Line, false, false),
            MovementType::Pursuit => (MoveKind::Pursuit, false, false),
            MovementType::Lead => (MoveKind::Lead, false, true),
            MovementType::Overtake => (MoveKind::Overtake, false, false),
            MovementType::Ram => (MoveKind::Ram, false, ram_as_lead),
            MovementType::DiagonalSolo => (MoveKind::Solo, true, false),
            MovementType::DiagonalLead => (MoveKind::Lead, true, true),
            MovementType::DiagonalRam => (MoveKind::Ram, true, ram_as_lead),
        };
        Self {
            kind,
            diagonal,
            pull,
            empty_only: false,
        }
    }

    /// A plain style of a kind (events: Solo for Shot of NOS, Overtake for High Flyer).
    #[must_use]
    pub fn plain(kind: MoveKind) -> Self {
        Self {
            kind,
            diagonal: false,
            pull: false,
            empty_only: false,
        }
    }

    fn locks_lanes(self) -> bool {
        matches!(self.kind, MoveKind::Line | MoveKind::Pursuit)
    }
}

/// A short run of spaces: a step's path or tail, kept inline so that listing and applying steps
/// does not allocate. Room for six, not four: pushing a line of four cars makes a five-space
/// path, common in a crowded field, and each of those went to the heap.
pub type Spaces = SmallVec<[SpaceId; 6]>;

/// One fully specified movement step.
#[derive(
    PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Forward into `path[0]`. When that space holds a car in line, the cars on `path` are
    /// pushed one space along it and `path`'s last space is where the front car goes.
    Forward {
        /// The spaces entered: the active car's, then each pushed car's.
        path: Spaces,
        /// The spaces of the cars behind that become linked (Line, and Lead's first step).
        tail: Spaces,
    },
    /// Sideways into `to` (or onto the track from the chute, an off-track spot or the trough).
    /// When the cars it displaces end against the wall, the last one goes forward along
    /// `forward`, pushing any cars there.
    Lateral {
        /// The space entered.
        to: SpaceId,
        /// The forward path of a car displaced forward (empty otherwise).
        forward: Spaces,
        /// As for [`Step::Forward`].
        tail: Spaces,
    },
    /// Diagonally forward into an empty space (7.15).
    Diagonal {
        /// The space entered.
        to: SpaceId,
        /// As for [`Step::Forward`].
        tail: Spaces,
    },
    /// Overtake: swap places with the car linked directly in front (7.5).
    Swap {
        /// That car's space.
        to: SpaceId,
    },
}

/// Spaces are `Copy`: a step is copied slice by slice (`SmallVec`'s own `clone` goes element by
/// element, and the outcome search copies steps at every position).
impl Clone for Step {
    fn clone(&self) -> Self {
        match self {
            Self::Forward { path, tail } => Self::Forward {
                path: Spaces::from_slice(path),
                tail: Spaces::from_slice(tail),
            },
            Self::Lateral { to, forward, tail } => Self::Lateral {
                to: *to,
                forward: Spaces::from_slice(forward),
                tail: Spaces::from_slice(tail),
            },
            Self::Diagonal { to, tail } => Self::Diagonal {
                to: *to,
                tail: Spaces::from_slice(tail),
            },
            Self::Swap { to } => Self::Swap { to: *to },
        }
    }
}

impl Step {
    /// The space the moving car enters.
    #[must_use]
    pub fn target(&self) -> SpaceId {
        match self {
            Self::Forward { path, .. } => path[0],
            Self::Lateral { to, .. } | Self::Diagonal { to, .. } | Self::Swap { to } => *to,
        }
    }

    /// The step with its spaces borrowed.
    pub(crate) fn as_ref(&self) -> StepRef<'_> {
        match self {
            Self::Forward { path, tail } => StepRef::Forward { path, tail },
            Self::Lateral { to, forward, tail } => StepRef::Lateral {
                to: *to,
                forward,
                tail,
            },
            Self::Diagonal { to, tail } => StepRef::Diagonal { to: *to, tail },
            Self::Swap { to } => StepRef::Swap { to: *to },
        }
    }
}

/// A [`Step`] whose spaces lie elsewhere: a step is applied straight from the race's compact
/// list of its legal decisions (`rules/listed.rs`), without building it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum StepRef<'a> {
    /// [`Step::Forward`].
    Forward {
        path: &'a [SpaceId],
        tail: &'a [SpaceId],
    },
    /// [`Step::Lateral`].
    Lateral {
        to: SpaceId,
        forward: &'a [SpaceId],
        tail: &'a [SpaceId],
    },
    /// [`Step::Diagonal`].
    Diagonal { to: SpaceId, tail: &'a [SpaceId] },
    /// [`Step::Swap`].
    Swap { to: SpaceId },
}

impl StepRef<'_> {
    /// The step built.
    pub(crate) fn to_step(self) -> Step {
        match self {
            Self::Forward { path, tail } => Step::Forward {
                path: Spaces::from_slice(path),
                tail: Spaces::from_slice(tail),
            },
            Self::Lateral { to, forward, tail } => Step::Lateral {
                to,
                forward: Spaces::from_slice(forward),
                tail: Spaces::from_slice(tail),
            },
            Self::Diagonal { to, tail } => Step::Diagonal {
                to,
                tail: Spaces::from_slice(tail),
            },
            Self::Swap { to } => Step::Swap { to },
        }
    }
}

/// Where listed steps go: the steps themselves (a search), or the race's compact list of its
/// legal decisions (`rules/listed.rs`). Each step is handed over as the spaces it runs through,
/// so a list that keeps them in one shared run builds no step at all.
pub(crate) trait StepSink {
    /// Empties the list.
    fn clear(&mut self);
    /// Lists a [`Step::Forward`].
    fn forward(&mut self, path: &[SpaceId], tail: &[SpaceId]);
    /// Lists a [`Step::Lateral`].
    fn lateral(&mut self, to: SpaceId, forward: &[SpaceId], tail: &[SpaceId]);
    /// Lists a [`Step::Diagonal`].
    fn diagonal(&mut self, to: SpaceId, tail: &[SpaceId]);
    /// Lists a [`Step::Swap`].
    fn swap(&mut self, to: SpaceId);
}

// Each step is built here rather than through `StepRef::to_step`: the outcome search lists
// steps by the million, and going through the borrowed step cost it 1-2% (callgrind over the
// planner's race and `enumerate_real_position_worst`).
impl StepSink for Vec<Step> {
    fn clear(&mut self) {
        Vec::clear(self);
    }

    fn forward(&mut self, path: &[SpaceId], tail: &[SpaceId]) {
        self.push(Step::Forward {
            path: Spaces::from_slice(path),
            tail: Spaces::from_slice(tail),
        });
    }

    fn lateral(&mut self, to: SpaceId, forward: &[SpaceId], tail: &[SpaceId]) {
        self.push(Step::Lateral {
            to,
            forward: Spaces::from_slice(forward),
            tail: Spaces::from_slice(tail),
        });
    }

    fn diagonal(&mut self, to: SpaceId, tail: &[SpaceId]) {
        self.push(Step::Diagonal {
            to,
            tail: Spaces::from_slice(tail),
        });
    }

    fn swap(&mut self, to: SpaceId) {
        self.push(Step::Swap { to });
    }
}

/// How a step ended the movement, if it did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StepEnd {
    /// The movement goes on (if MP and legal steps are left).
    Continue,
    /// The active car rams this car (7.9): movement stops; a collision attack follows.
    Ram(CarId),
    /// A car tried to enter a crossover cell barred by a perpendicular car (7.12).
    Crossover {
        /// The car that tried to enter.
        moving: CarId,
        /// The car barring the way.
        blocker: CarId,
    },
    /// The mover entered ground that eliminates it: movement stops, the car is eliminated.
    Wrecked(CarId),
}

/// The way a car was moving when its ground struck it, for a slide or a ramp.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Going {
    /// Straight ahead: a forward step from the space straight behind, or a slide or jump ahead.
    Ahead,
    /// Forward another way (a diagonal step, a fork's other lane, from the chute).
    Sideways,
    /// Across the lanes, towards a side (a lateral step).
    Across(LaneSide),
    /// Landed from a ramp's flight: the landing's ground strikes the car, but nothing there
    /// carries it further (a ramp flies its distance and stops; flights and slides do not
    /// chain from a landing).
    Landed,
}

impl Going {
    /// How a car carried on by a slide moves into the next space: a slide ahead goes on ahead,
    /// one across goes on across.
    fn carried_on(self) -> Self {
        match self {
            Self::Sideways => Self::Ahead,
            other => other,
        }
    }
}

/// What one space's ground did.
enum Struck {
    /// The step's end.
    Done(StepEnd),
    /// A slide carried the car on; the ground it stands on now strikes next.
    Slid,
    /// A ramp flew the car; the ground it landed on strikes next, carrying it no further.
    Landed,
}

/// The tails a step may link (see [`Step::Forward`]).
enum Tails {
    /// No line behind to pick (most steps): the step is listed once, linking none.
    None,
    /// The lines of cars behind the mover that the step may link, one step listed for each
    /// (the empty line among them when the player may link none).
    Lines(SmallVec<[Spaces; 2]>),
}

impl Tails {
    /// Calls `list` with each tail, in order.
    #[inline]
    fn each(&self, mut list: impl FnMut(&[SpaceId])) {
        match self {
            Self::None => list(&[]),
            Self::Lines(lines) => {
                for line in lines {
                    list(line);
                }
            }
        }
    }
}

/// A few cars (the linked ones), kept inline.
type Cars = SmallVec<[CarId; 8]>;

/// A movement in progress.
#[derive(PartialEq, Eq, Hash, Debug)]
pub struct Movement {
    /// The car that moves (the active car, or High Flyer's car).
    pub mover: CarId,
    /// MP left.
    pub mp: u8,
    /// MP at the start.
    pub total: u8,
    /// The movement rules.
    pub style: Style,
    /// The lane the line must take at every fork (Outside Line, 7.11.3).
    pub forced_lane: Option<LaneSide>,
    /// Cells the moving car has been on (it may not enter one twice, 7.1).
    visited: SmallVec<[CellId; 16]>,
    /// Line or Pursuit has linked: no more lane changes.
    locked: bool,
    /// The cars linked in front (Line, Pursuit once locked), nearest first.
    ahead: Cars,
    /// The cars that follow, nearest first; `None` until decided.
    followers: Option<Cars>,
    /// What the ground did to the mover that happens when the movement ends.
    deferred: Deferred,
}

/// A drawn flight: the least and most spaces, and the die's faces when they are not every
/// distance alike.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Flight {
    /// The shortest flight.
    pub min: u8,
    /// The longest flight.
    pub max: u8,
    /// The die's six faces, each a flight.
    pub faces: Option<[u8; 6]>,
}

/// What the ground (or a face-down hazard token) did to a moving car that happens only when
/// its movement ends: the outcome search rewinds what a step changes, and these change more
/// than a step may (an elimination, a replacement) or draw from the race's RNG (see the
/// module's docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Deferred {
    /// Damage dealt, taken at the end.
    pub damage: u8,
    /// Spaces the car slides to a drawn side (an oil slick).
    pub slide_aside: u8,
    /// The hazard spot it stopped on, whose face-down token is turned over
    /// (`rules/hazards.rs`).
    pub revealing: Option<SpaceId>,
    /// The MP it had left when a face-down token stopped it: a token that lets the car drive
    /// on gives them back once it has resolved.
    pub mp_left: u8,
    /// The ramp it stopped on, and the flight drawn from it.
    pub drawn_jump: Option<(SpaceId, Flight)>,
    /// It caught fire.
    pub fire: bool,
    /// A hazard is drawn from the deck and happens to it.
    pub hazard: bool,
}

impl Clone for Movement {
    fn clone(&self) -> Self {
        let mut copy = Self {
            mover: self.mover,
            mp: self.mp,
            total: self.total,
            style: self.style,
            forced_lane: self.forced_lane,
            visited: SmallVec::new(),
            locked: self.locked,
            ahead: Cars::new(),
            followers: None,
            deferred: self.deferred,
        };
        copy.clone_from(self);
        copy
    }

    /// Reuses this movement's buffers: the outcome search copies a movement for every step.
    fn clone_from(&mut self, source: &Self) {
        self.mover = source.mover;
        self.mp = source.mp;
        self.total = source.total;
        self.style = source.style;
        self.forced_lane = source.forced_lane;
        // Slice copies of plain ids (a small vector's own `clone_from` goes element by
        // element through an iterator, at every step the search tries).
        self.visited.clear();
        self.visited.extend_from_slice(&source.visited);
        self.locked = source.locked;
        self.ahead.clear();
        self.ahead.extend_from_slice(&source.ahead);
        match (&mut self.followers, &source.followers) {
            (Some(mine), Some(theirs)) => {
                mine.clear();
                mine.extend_from_slice(theirs);
            }
            (mine, theirs) => mine.clone_from(theirs),
        }
        self.deferred = source.deferred;
    }
}

impl Movement {
    /// Starts a movement of `mp` points for `mover`.
    #[must_use]
    pub fn new(
        race: &Race,
        mover: CarId,
        mp: u8,
        style: Style,
        forced_lane: Option<LaneSide>,
    ) -> Self {
        let visited = race
            .car(mover)
            .place
            .space()
            .map(|s| smallvec![race.cell(s)])
            .unwrap_or_default();
        let followers = if style.pull || style.kind == MoveKind::Line {
            None
        } else {
            Some(Cars::new())
        };
        Self {
            mover,
            mp,
            total: mp,
            style,
            forced_lane,
            visited,
            locked: false,
            ahead: Cars::new(),
            followers,
            deferred: Deferred::default(),
        }
    }

    /// What happens to the mover when the movement ends.
    #[must_use]
    pub fn deferred(&self) -> Deferred {
        self.deferred
    }

    /// What entering `to` costs the mover with `extra` MP on top (a displacement): its ground's
    /// cost, or all the MP left when the ground may be entered short; `None` when it cannot be
    /// entered with the MP left.
    fn price(&self, race: &Race, to: SpaceId, extra: u8) -> Option<u8> {
        // The rulebook's grounds, at every step of every search: 1 MP, plus a displacement.
        if race.track().plain_ground() {
            let cost = 1 + extra;
            return (cost <= self.mp).then_some(cost);
        }
        let ground = race.track().space(to).ground;
        let full = ground.enter_cost.saturating_add(extra);
        if full <= self.mp {
            Some(full)
        } else if ground.enter_short && extra < self.mp {
            Some(self.mp)
        } else {
            None
        }
    }

    /// What a listed step costs, worked out before it is applied.
    fn step_cost(&self, race: &Race, step: StepRef<'_>) -> u8 {
        let priced = match step {
            StepRef::Forward { path, .. } => self.price(race, path[0], 0),
            StepRef::Lateral { to, .. } => {
                self.price(race, to, u8::from(race.car_on(to).is_some()))
            }
            StepRef::Diagonal { to, .. } | StepRef::Swap { to } => self.price(race, to, 0),
        };
        priced.unwrap_or(self.mp)
    }

    /// The cells the moving car has stood on in this movement, its start included.
    pub(crate) fn visited_cells(&self) -> &[CellId] {
        &self.visited
    }

    /// Counts `cells` as entered already (the earlier movements of the same action segment,
    /// 7.1).
    pub(crate) fn also_visited(&mut self, cells: &[CellId]) {
        for cell in cells {
            if !self.visited.contains(cell) {
                self.visited.push(*cell);
            }
        }
    }

    /// MP spent so far.
    #[must_use]
    pub fn spent(&self) -> u8 {
        self.total - self.mp
    }

    /// Appends a key that tells apart the movements whose futures can differ (for outcome
    /// search) to `key`: MP left, whether lanes are locked, the cells visited in the current
    /// sector (earlier ones can never be re-entered), and the linked cars.
    pub(crate) fn push_search_key<A: smallvec::Array<Item = u32>>(
        &self,
        race: &Race,
        key: &mut SmallVec<A>,
    ) {
        // Plain pushes and slice copies: the search builds a key at every position, and the
        // iterator-driven extends of small vectors were a twelfth of a planner's race.
        let track = race.track();
        let mut cells: SmallVec<[u32; 16]> = SmallVec::new();
        if let Some(sector) = race
            .car(self.mover)
            .place
            .space()
            .map(|s| track.space(s).sector)
        {
            for cell in &self.visited {
                if track.space(track.cell_space(*cell)).sector == sector {
                    cells.push(cell.0);
                }
            }
        }
        cells.sort_unstable();
        let linked = self.ahead.len() + self.followers.as_ref().map_or(0, SmallVec::len);
        key.push(u32::from(self.mp));
        key.push(u32::from(self.locked));
        key.push(cells.len() as u32);
        key.push(linked as u32);
        key.extend_from_slice(&cells);
        for car in self.ahead.iter().chain(self.followers.iter().flatten()) {
            key.push(u32::from(car.0));
        }
    }

    /// Whether no car is linked to the mover from behind, now or later: the movement never
    /// reads the spaces behind it again (no tail to pick, nobody pulled).
    pub(crate) fn alone_behind(&self) -> bool {
        !self.style.pull && self.followers.as_ref().is_some_and(SmallVec::is_empty)
    }

    /// The cars linked to the mover, in front and behind.
    pub(crate) fn linked(&self) -> impl Iterator<Item = CarId> + '_ {
        self.ahead
            .iter()
            .chain(self.followers.iter().flatten())
            .copied()
    }

    fn visited(&self, race: &Race, space: SpaceId) -> bool {
        self.visited.contains(&race.cell(space))
    }

    fn needs_tail(&self, forward: bool) -> bool {
        self.followers.is_none() && (self.style.pull || (forward && !self.locked))
    }

    fn lateral_allowed(&self, race: &Race, from: SpaceId) -> bool {
        !(race.track().space(from).ground.locks_lanes() || self.locked && self.style.locks_lanes())
    }

    /// Every legal step, in a stable order.
    #[must_use]
    pub fn legal_steps(&self, race: &Race) -> Vec<Step> {
        let mut out = Vec::new();
        self.legal_steps_into(race, &mut out);
        out
    }

    /// Lists every legal step into `out` (cleared first): a search reuses one buffer, and the
    /// race lists its decisions straight into theirs.
    pub(crate) fn legal_steps_into(&self, race: &Race, out: &mut impl StepSink) {
        out.clear();
        if self.mp == 0 || race.is_over() {
            return;
        }
        let track = race.track();
        let place = race.car(self.mover).place;
        // The lines of cars behind that could link are the same for every step from here:
        // listed once, not once per step.
        let forward_tails = self.tails(race, place.space(), true);
        let other_tails;
        let side_tails = if self.needs_tail(false) == self.needs_tail(true) {
            &forward_tails
        } else {
            other_tails = self.tails(race, place.space(), false);
            &other_tails
        };
        match place {
            Place::Chute => {
                // On a rolling road the chute moves with the rear tile.
                let side = track.chute().side;
                self.laterals_into(race, race.chute_beside(), opposite(side), side_tails, out);
            }
            Place::OffTrack { sector, side } => {
                let to = track.edge_of(sector, side);
                self.laterals_into(race, to, opposite(side), side_tails, out);
            }
            Place::Track(from) => {
                let space = track.space(from);
                if space.ground.is_trough() {
                    for side in [LaneSide::Inside, LaneSide::Outside] {
                        if let Some(to) = track.lateral(from, side) {
                            self.laterals_into(race, to, side, side_tails, out);
                        }
                    }
                    return;
                }
                self.forwards(race, from, &forward_tails, out);
                if self.lateral_allowed(race, from) {
                    for side in [LaneSide::Inside, LaneSide::Outside] {
                        if let Some(to) = track.lateral(from, side)
                            && !track.space(to).ground.is_trough()
                        {
                            self.laterals_into(race, to, side, side_tails, out);
                        }
                    }
                    if self.style.diagonal {
                        self.diagonals(race, from, side_tails, out);
                    }
                }
                if self.style.kind == MoveKind::Overtake {
                    for &to in &space.next {
                        if race.car_in_line(to).is_some()
                            && !self.visited(race, to)
                            && self.price(race, to, 0).is_some()
                        {
                            out.swap(to);
                        }
                    }
                }
            }
            Place::Reserve | Place::Destroyed | Place::Finished(_) => {}
        }
    }

    fn tails(&self, race: &Race, from: Option<SpaceId>, forward: bool) -> Tails {
        match from {
            Some(from) if self.needs_tail(forward) => {
                let guard = [race.cell(from)];
                Tails::Lines(behind_chains(race, from, &guard, race.cars().len()))
            }
            _ => Tails::None,
        }
    }

    fn forwards(&self, race: &Race, from: SpaceId, tails: &Tails, out: &mut impl StepSink) {
        let guard = [race.cell(from)];
        for &to in forks(race, from, self.forced_lane) {
            if self.visited(race, to) || self.price(race, to, 0).is_none() {
                continue;
            }
            match race.holder(to) {
                Holder::Across(_) => {
                    if !self.style.empty_only {
                        forward_steps(&[to], tails, out);
                    }
                }
                Holder::InLine(_) if self.style.empty_only => {}
                Holder::InLine(_) if self.style.kind == MoveKind::Ram => {
                    forward_steps(&[to], tails, out);
                }
                Holder::InLine(_) => {
                    push_paths(race, to, self.forced_lane, &guard, |path, _| {
                        // The cars already linked in front must stay the front of the line.
                        let mut cars = path[..path.len() - 1]
                            .iter()
                            .filter_map(|s| race.car_in_line(*s));
                        if self.ahead.iter().all(|a| cars.next() == Some(*a)) {
                            forward_steps(path, tails, out);
                        }
                    });
                }
                Holder::Empty => {
                    if self.ahead.is_empty() {
                        forward_steps(&[to], tails, out);
                    }
                }
            }
        }
    }

    fn laterals_into(
        &self,
        race: &Race,
        to: SpaceId,
        side: LaneSide,
        tails: &Tails,
        out: &mut impl StepSink,
    ) {
        if self.visited(race, to) {
            return;
        }
        // Into an empty space (most lateral moves): one plain plan, listed without building
        // the plans of a displacement.
        if race.car_on(to).is_none() {
            if self.price(race, to, 0).is_some() {
                lateral_steps(to, &[], tails, out);
            }
            return;
        }
        // A displacement (7.10) costs one more MP. None onto a crossover space, and none for
        // a movement that may only enter empty spaces.
        if self.style.empty_only
            || race.track().space(to).crossover
            || self.price(race, to, 1).is_none()
        {
            return;
        }
        match cascade(race, to, side) {
            Cascade::Illegal => {}
            Cascade::Sideways(_) => lateral_steps(to, &[], tails, out),
            // The last car, against the wall, is displaced forward along each way it can go.
            Cascade::Forward(cars) => {
                if let Some(last) = race.car(cars[cars.len() - 1]).place.space() {
                    displacement_paths(race, last, |forward| {
                        lateral_steps(to, forward, tails, out);
                    });
                }
            }
        }
    }

    fn diagonals(&self, race: &Race, from: SpaceId, tails: &Tails, out: &mut impl StepSink) {
        let track = race.track();
        for &to in track.diagonals_ahead(from) {
            if track.space(to).ground.is_trough()
                || race.car_on(to).is_some()
                || self.visited(race, to)
                || self.price(race, to, 0).is_none()
            {
                continue;
            }
            tails.each(|tail| out.diagonal(to, tail));
        }
    }

    /// Applies a step that [`Self::legal_steps`] listed. The movement does not keep its steps:
    /// the race's history and events do (when logging), and the outcome search keeps its own
    /// path.
    pub fn apply(&mut self, race: &mut Race, step: &Step) -> StepEnd {
        self.apply_ref(race, step.as_ref())
    }

    /// [`Movement::apply`], the step's spaces borrowed.
    pub(crate) fn apply_ref(&mut self, race: &mut Race, step: StepRef<'_>) -> StepEnd {
        let mover = self.mover;
        let from = race.car(mover).place.space();
        if let Some(tail) = match step {
            StepRef::Forward { tail, .. }
            | StepRef::Lateral { tail, .. }
            | StepRef::Diagonal { tail, .. } => Some(tail),
            StepRef::Swap { .. } => None,
        } && self.needs_tail(matches!(step, StepRef::Forward { .. }))
        {
            let cars: Cars = tail.iter().filter_map(|s| race.car_in_line(*s)).collect();
            if self.style.pull || !cars.is_empty() {
                self.followers = Some(cars);
            }
        }
        let cost = self.step_cost(race, step);
        // A step changes the race outside `Race::apply`: the listed decisions are stale.
        race.work_mut().forget_legal();
        if race.logging() {
            race.record(RaceEvent::Step {
                car: mover,
                step: step.to_step(),
                mp_left: self.mp.saturating_sub(cost),
            });
        }
        let end = match step {
            StepRef::Forward { path, .. } => self.forward(race, path),
            StepRef::Lateral { to, forward, .. } => {
                lateral(race, mover, to, forward);
                self.visited.push(race.cell(to));
                race.set_marker(mover, Marker::SpinAround, false);
                StepEnd::Continue
            }
            StepRef::Diagonal { to, .. } => {
                race.move_forward(mover, to, Motion::Moved);
                self.visited.push(race.cell(to));
                StepEnd::Continue
            }
            StepRef::Swap { to } => {
                if let (Some(other), Some(from)) = (race.car_in_line(to), from) {
                    swap(race, mover, from, other, to);
                }
                self.visited.push(race.cell(to));
                StepEnd::Continue
            }
        };
        if end != StepEnd::Continue {
            let lost = self.mp.saturating_sub(cost);
            if lost > 0 {
                race.record(RaceEvent::MovementEnded {
                    car: mover,
                    mp_lost: lost,
                });
            }
            self.mp = 0;
            return end;
        }
        self.mp = self.mp.saturating_sub(cost);
        if let (
            Some(from),
            StepRef::Forward { .. } | StepRef::Lateral { .. } | StepRef::Diagonal { .. },
        ) = (from, step)
        {
            self.follow(race, from);
        }
        if race.track().plain_ground() {
            return StepEnd::Continue;
        }
        let going = match step {
            StepRef::Lateral { to, .. } => from
                .and_then(|from| lateral_side_between(race, from, to))
                .map_or(Going::Sideways, Going::Across),
            StepRef::Forward { path, .. }
                if from.is_some_and(|f| straight_behind(race, path[0]) == Some(f)) =>
            {
                Going::Ahead
            }
            _ => Going::Sideways,
        };
        self.strike(race, going)
    }

    /// What the ground the mover entered does to it (see the module's docs): nothing on the
    /// rulebook's grounds. `going` is the way the car was moving, for a slide.
    fn strike(&mut self, race: &mut Race, mut going: Going) -> StepEnd {
        // Each slide enters a space the movement has not entered, so the chain ends within the
        // track's spaces; the bound only guards against a mistake.
        for _ in 0..=race.track().space_count() {
            let Some(space) = race.car(self.mover).place.space() else {
                return StepEnd::Continue;
            };
            let ground = race.track().space(space);
            // A face-down hazard token covers its ground: the car stops on it, and it is turned
            // over when the movement ends (`rules/hazards.rs`).
            if ground.hazard && race.face_down_at(space).is_some() {
                self.deferred.mp_left = self.mp;
                self.lose_the_rest(race);
                self.deferred.revealing = Some(space);
                return StepEnd::Continue;
            }
            if !ground.ground.has_effects {
                return StepEnd::Continue;
            }
            match self.strike_once(race, space, ground.kind, going) {
                Struck::Done(end) => return end,
                // Slid or jumped ahead: the next space was entered straight from behind.
                Struck::Slid => going = going.carried_on(),
                Struck::Landed => going = Going::Landed,
            }
        }
        StepEnd::Continue
    }

    /// The effects of one space's ground, all of them, in order: the movement's end, or the
    /// space a slide took the car on to (whose ground strikes it next).
    fn strike_once(
        &mut self,
        race: &mut Race,
        space: SpaceId,
        kind: crate::validate::terrain::KindIndex,
        going: Going,
    ) -> Struck {
        let mut slid = false;
        let mut landed = false;
        for index in 0..race.track().terrain().kind(kind).effects.len() {
            // A slide or a jump over the finish line can win the race: nothing follows (11.5).
            if race.is_over() {
                return Struck::Done(StepEnd::Continue);
            }
            let effect = race.track().terrain().kind(kind).effects[index];
            if going == Going::Landed && effect.carries_on() {
                // A landing's ramp or slide does not carry the car on: no chain of flights.
                continue;
            }
            race.record(RaceEvent::GroundStruck {
                car: self.mover,
                space,
                effect,
            });
            match effect {
                Effect::Stop => self.lose_the_rest(race),
                Effect::Damage(amount) => {
                    self.deferred.damage = self.deferred.damage.saturating_add(amount);
                }
                Effect::SlideAside(spaces) => {
                    self.deferred.slide_aside = self.deferred.slide_aside.saturating_add(spaces);
                }
                Effect::Eliminate => {
                    self.lose_the_rest(race);
                    return Struck::Done(StepEnd::Wrecked(self.mover));
                }
                Effect::Fire => self.deferred.fire = true,
                Effect::Hazard => self.deferred.hazard = true,
                Effect::DrawnJump { min, max, faces } => {
                    if going != Going::Ahead {
                        return self.wrecked_by_ramp(race, space);
                    }
                    // It stops on the ramp; the flight is drawn when the movement ends.
                    self.lose_the_rest(race);
                    self.deferred.drawn_jump = Some((space, Flight { min, max, faces }));
                    return Struck::Done(StepEnd::Continue);
                }
                Effect::Jump(spaces) => {
                    if going != Going::Ahead {
                        return self.wrecked_by_ramp(race, space);
                    }
                    self.lose_the_rest(race);
                    if let Some(to) = race.fly(self.mover, space, spaces) {
                        self.visited.push(race.cell(to));
                        landed = true;
                    }
                }
                Effect::Slide(spaces) => {
                    for _ in 0..spaces {
                        let Some(to) = self.slide_target(race, going) else {
                            break;
                        };
                        race.move_adjacent(self.mover, to, Motion::Moved);
                        self.visited.push(race.cell(to));
                        slid = true;
                    }
                }
            }
        }
        if landed {
            Struck::Landed
        } else if slid {
            Struck::Slid
        } else {
            Struck::Done(StepEnd::Continue)
        }
    }

    /// A ramp entered from the side wrecks the car: said as the ground eliminating it, as
    /// rocks would.
    fn wrecked_by_ramp(&mut self, race: &mut Race, space: SpaceId) -> Struck {
        race.record(RaceEvent::GroundStruck {
            car: self.mover,
            space,
            effect: Effect::Eliminate,
        });
        self.lose_the_rest(race);
        Struck::Done(StepEnd::Wrecked(self.mover))
    }

    /// The space a slide carries the mover into next, if it may: on the track, not the
    /// trough, empty, and not entered already this movement.
    fn slide_target(&self, race: &Race, going: Going) -> Option<SpaceId> {
        let at = race.car(self.mover).place.space()?;
        let track = race.track();
        let lane = track.space(at).lane;
        let to = match going {
            Going::Ahead | Going::Sideways => track
                .space(at)
                .next
                .iter()
                .copied()
                .min_by_key(|to| track.space(*to).lane.abs_diff(lane))?,
            Going::Across(side) => track.lateral(at, side)?,
            // A landing carries the car no further (see `Going::Landed`).
            Going::Landed => return None,
        };
        let open = !track.space(to).ground.is_trough()
            && race.car_on(to).is_none()
            && race.blocked_across(to).is_none()
            && !self.visited(race, to);
        open.then_some(to)
    }

    /// Ends the movement where the mover stands: the MP left are lost.
    fn lose_the_rest(&mut self, race: &mut Race) {
        if self.mp > 0 && !race.is_over() {
            race.record(RaceEvent::MovementEnded {
                car: self.mover,
                mp_lost: self.mp,
            });
        }
        self.mp = 0;
    }

    fn forward(&mut self, race: &mut Race, path: &[SpaceId]) -> StepEnd {
        let mover = self.mover;
        let to = path[0];
        match race.holder(to) {
            Holder::Across(blocker) if self.style.kind == MoveKind::Ram => {
                return StepEnd::Ram(blocker);
            }
            Holder::Across(blocker) => {
                return StepEnd::Crossover {
                    moving: mover,
                    blocker,
                };
            }
            Holder::InLine(front) if self.style.kind == MoveKind::Ram => {
                return StepEnd::Ram(front);
            }
            Holder::InLine(_) | Holder::Empty => {}
        }
        let last = path[path.len() - 1];
        if path.len() > 1
            && let Some(blocker) = race.blocked_across(last)
            && let Some(moving) = race.car_in_line(path[path.len() - 2])
        {
            return StepEnd::Crossover { moving, blocker };
        }
        // A step into an empty space (the most common) pushes no one.
        let pushed = if path.len() > 1 {
            push_along(race, path)
        } else {
            Cars::new()
        };
        race.move_forward(mover, to, Motion::Moved);
        self.visited.push(race.cell(to));
        if self.style.locks_lanes() {
            let tail_linked = self.followers.as_ref().is_some_and(|f| !f.is_empty());
            if !pushed.is_empty() || tail_linked {
                self.locked = true;
                if pushed.len() > self.ahead.len() {
                    self.ahead = pushed;
                }
                if self.followers.is_none() {
                    self.followers = Some(Cars::new());
                }
            }
        }
        StepEnd::Continue
    }

    /// The followers move up, each into the space the car ahead of it left (7.6, 7.8).
    fn follow(&self, race: &mut Race, vacated: SpaceId) {
        let Some(followers) = &self.followers else {
            return;
        };
        let mut hole = vacated;
        for &car in followers {
            let Some(at) = race.car(car).place.space() else {
                break;
            };
            if race.car_on(hole).is_some() {
                break;
            }
            race.move_forward(car, hole, Motion::Pulled);
            hole = at;
        }
    }
}

impl Race {
    /// A ramp's flight: `car` flies from `ramp` up to `spaces` spaces along the lane, over cars
    /// and the crossover, and lands on the farthest free space of the way (no car, not the
    /// trough, not barred), scoring the finish line if it flew over it. Returns where it
    /// landed; `None` when no space of the way is free (it stays on the ramp).
    pub(crate) fn fly(&mut self, car: CarId, ramp: SpaceId, spaces: u8) -> Option<SpaceId> {
        let track = self.track();
        let mut path: SmallVec<[SpaceId; 8]> = SmallVec::new();
        let mut at = ramp;
        for _ in 0..spaces {
            let lane = track.space(at).lane;
            let Some(next) = track
                .space(at)
                .next
                .iter()
                .copied()
                .min_by_key(|to| track.space(*to).lane.abs_diff(lane))
            else {
                break;
            };
            path.push(next);
            at = next;
        }
        let free = |s: &SpaceId| {
            !track.space(*s).ground.is_trough()
                && self.car_on(*s).is_none()
                && self.blocked_across(*s).is_none()
        };
        let landing = path.iter().rposition(free)?;
        let crossed = std::iter::once(ramp)
            .chain(path.iter().copied())
            .take(landing + 2)
            .collect::<SmallVec<[SpaceId; 9]>>()
            .windows(2)
            .any(|hop| self.track().crosses_line(hop[0], hop[1]));
        let to = path[landing];
        self.put(car, Place::Track(to), Motion::Moved);
        if crossed {
            self.crossed_line(car);
        }
        Some(to)
    }
}

/// Lists a forward step along `path` with each of `tails`.
fn forward_steps(path: &[SpaceId], tails: &Tails, out: &mut impl StepSink) {
    tails.each(|tail| out.forward(path, tail));
}

/// Lists a lateral step into `to` (a car displaced forward going along `forward`) with each of
/// `tails`.
fn lateral_steps(to: SpaceId, forward: &[SpaceId], tails: &Tails, out: &mut impl StepSink) {
    tails.each(|tail| out.lateral(to, forward, tail));
}

fn opposite(side: LaneSide) -> LaneSide {
    match side {
        LaneSide::Inside => LaneSide::Outside,
        LaneSide::Outside => LaneSide::Inside,
    }
}

/// The forward spaces a line may take from `from`: both branches of a fork, or only the
/// forced lane's (Outside Line, 7.11.3).
pub(crate) fn forks(race: &Race, from: SpaceId, forced: Option<LaneSide>) -> &[SpaceId] {
    let next = &race.track().space(from).next;
    match (forced, next.len()) {
        (Some(LaneSide::Inside), 2..) => &next[..1],
        (Some(LaneSide::Outside), 2..) => &next[next.len() - 1..],
        _ => next,
    }
}

/// Every way to push the line of cars starting at `first` (which holds a car in line) one
/// space forward, handed to `each` in order: each path runs through the occupied spaces to the
/// first empty one. A path ending on a crossover cell barred by a perpendicular car carries
/// that car.
///
/// The paths are handed over, not returned: a line that meets no fork (most of them) is walked
/// in a plain array and handed over from there, with no list of paths built, moved and dropped
/// (returning them cost 4.6% of a random race's instructions, measured with callgrind).
pub(crate) fn push_paths(
    race: &Race,
    first: SpaceId,
    forced: Option<LaneSide>,
    guard: &[CellId],
    mut each: impl FnMut(&[SpaceId], Option<CarId>),
) {
    let mut out: SmallVec<[(Spaces, Option<CarId>); 2]> = SmallVec::new();
    let limit = race.cars().len() + 1;
    // Where the path on `path` can go next through `to`.
    let onward = |path: &[SpaceId], to: SpaceId| {
        if guard.contains(&race.cell(to)) || path.contains(&to) {
            return Onward::Nowhere;
        }
        match race.holder(to) {
            Holder::Across(blocker) => Onward::Ends(Some(blocker)),
            Holder::InLine(_) if path.len() < limit => Onward::Through,
            Holder::InLine(_) => Onward::Nowhere,
            Holder::Empty => Onward::Ends(None),
        }
    };
    // Most lines are a few cars that end before any fork: walked in a plain array, with no
    // stack of paths to search and a single path that needs no sorting.
    let mut walk = [first; 6];
    let mut len = 1;
    while len < walk.len() {
        let [to] = *forks(race, walk[len - 1], forced) else {
            break;
        };
        match onward(&walk[..len], to) {
            Onward::Nowhere => return,
            Onward::Ends(blocker) => {
                walk[len] = to;
                each(&walk[..=len], blocker);
                return;
            }
            Onward::Through => {
                walk[len] = to;
                len += 1;
            }
        }
    }
    let mut stack: SmallVec<[Spaces; 4]> = smallvec![Spaces::from_slice(&walk[..len])];
    while let Some(mut path) = stack.pop() {
        // A line runs on through spaces with one way forward far more often than it meets a
        // fork: the path grows in place until it ends or forks, and is copied only at a fork
        // (copying it at every space was most of the cost of a push in a crowded field).
        loop {
            let at = path[path.len() - 1];
            let ways = forks(race, at, forced);
            if let [to] = *ways {
                match onward(&path, to) {
                    Onward::Nowhere => {}
                    Onward::Ends(blocker) => {
                        path.push(to);
                        out.push((path, blocker));
                    }
                    Onward::Through => {
                        path.push(to);
                        continue;
                    }
                }
                break;
            }
            for &to in ways {
                let way = onward(&path, to);
                if way == Onward::Nowhere {
                    continue;
                }
                let mut longer = Spaces::from_slice(&path);
                longer.push(to);
                match way {
                    Onward::Ends(blocker) => out.push((longer, blocker)),
                    _ => stack.push(longer),
                }
            }
            break;
        }
    }
    out.sort();
    for (path, blocker) in &out {
        each(path, *blocker);
    }
}

/// Where a pushed line goes on through a space (see [`push_paths`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Onward {
    /// Not this way (the mover's own cell, a space the path holds, or a line too long).
    Nowhere,
    /// The path ends here: the space is free, or holds a perpendicular car that is carried.
    Ends(Option<CarId>),
    /// A car in line stands here: the push goes on through it.
    Through,
}

/// Pushes the cars on `path[..last]` one space along it, front car first; returns them,
/// nearest first.
fn push_along(race: &mut Race, path: &[SpaceId]) -> Cars {
    let mut cars = Cars::new();
    for space in &path[..path.len() - 1] {
        if let Some(car) = race.car_in_line(*space) {
            cars.push(car);
        }
    }
    for i in (0..path.len() - 1).rev() {
        if let Some(car) = race.car_in_line(path[i]) {
            race.move_forward(car, path[i + 1], Motion::Pushed);
        }
    }
    cars
}

/// The lines of cars behind `from` that could be linked to it: at a converging lane the active
/// player picks which lane's cars form the line, and may pick an empty lane (7.11.4).
pub(crate) fn behind_chains(
    race: &Race,
    from: SpaceId,
    guard: &[CellId],
    mut limit: usize,
) -> SmallVec<[Spaces; 2]> {
    // A line behind runs back through spaces with one way in far more often than it meets a
    // converging lane: it is followed in place, one car at a time, and only a merge (or its
    // end) branches. Where the one space behind holds a car in line, the only lines are those
    // through it.
    let mut chain = Spaces::new();
    let mut at = from;
    while limit > 0 {
        let prev = &race.track().space(at).prev;
        let [behind] = **prev else {
            break;
        };
        if race.car_in_line(behind).is_none() || guard.contains(&race.cell(behind)) {
            // The line ends where the one space behind holds no car to link: it is the only
            // line (what `branching_chains` finds there too, without its lists).
            return smallvec![chain];
        }
        chain.push(behind);
        at = behind;
        limit -= 1;
    }
    let mut lines = branching_chains(race, at, guard, limit);
    if !chain.is_empty() {
        for line in &mut lines {
            line.insert_from_slice(0, &chain);
        }
    }
    lines
}

/// [`behind_chains`] from a space where the line may branch or end.
fn branching_chains(
    race: &Race,
    from: SpaceId,
    guard: &[CellId],
    limit: usize,
) -> SmallVec<[Spaces; 2]> {
    let prev = &race.track().space(from).prev;
    let occupied: SmallVec<[SpaceId; 2]> = prev
        .iter()
        .copied()
        .filter(|p| race.car_in_line(*p).is_some() && !guard.contains(&race.cell(*p)))
        .collect();
    let mut out = SmallVec::new();
    if occupied.len() < prev.len() || prev.is_empty() || limit == 0 {
        out.push(Spaces::new());
    }
    if limit == 0 {
        return out;
    }
    for p in occupied {
        for rest in behind_chains(race, p, guard, limit - 1) {
            let mut chain: Spaces = smallvec![p];
            chain.extend_from_slice(&rest);
            out.push(chain);
        }
    }
    out
}

/// Where a lateral displacement ends.
enum Cascade {
    /// A displaced car sits on a crossover space: the move is not allowed (7.12).
    Illegal,
    /// The cars (nearest first) shift one lane; the last into an empty space.
    Sideways(Cars),
    /// The cars shift one lane and the last, against the wall, is displaced forward.
    Forward(Cars),
}

fn cascade(race: &Race, first: SpaceId, side: LaneSide) -> Cascade {
    let track = race.track();
    let mut cars = Cars::new();
    let mut at = first;
    loop {
        let Some(car) = race.car_on(at) else {
            return Cascade::Sideways(cars);
        };
        if track.space(at).crossover {
            return Cascade::Illegal;
        }
        cars.push(car);
        let space = track.space(at);
        let beyond = track
            .lateral(at, side)
            .filter(|b| !track.space(*b).ground.is_trough());
        match beyond {
            Some(beyond) if !space.ground.locks_lanes() => at = beyond,
            _ => return Cascade::Forward(cars),
        }
    }
}

/// The forward paths of a car displaced forward from `from`, handed to `each` in order; none
/// may run into a perpendicular car (7.12: "may not be displaced at all").
fn displacement_paths(race: &Race, from: SpaceId, mut each: impl FnMut(&[SpaceId])) {
    let guard = [race.cell(from)];
    for &to in forks(race, from, None) {
        match race.holder(to) {
            Holder::Across(_) => {}
            Holder::InLine(_) => push_paths(race, to, None, &guard, |path, blocker| {
                if blocker.is_none() {
                    each(path);
                }
            }),
            Holder::Empty => each(&[to]),
        }
    }
}

/// Carries out a lateral move of `mover` into `to` with its displacements; returns the MP cost.
fn lateral(race: &mut Race, mover: CarId, to: SpaceId, forward: &[SpaceId]) {
    let side = lateral_side(race, mover, to);
    if race.car_on(to).is_some() {
        let (cars, displaced_forward) = match cascade(race, to, side) {
            Cascade::Sideways(cars) => (cars, false),
            Cascade::Forward(cars) => (cars, true),
            Cascade::Illegal => (Cars::new(), false),
        };
        let spaces: SmallVec<[SpaceId; 8]> = cars
            .iter()
            .filter_map(|c| race.car(*c).place.space())
            .collect();
        if let Some(&last) = cars.last() {
            if displaced_forward && !forward.is_empty() {
                push_along(race, forward);
                race.move_forward(last, forward[0], Motion::Displaced);
            } else if let Some(beyond) = spaces.last().and_then(|s| race.track().lateral(*s, side))
            {
                race.put(last, Place::Track(beyond), Motion::Displaced);
            }
        }
        for i in (0..cars.len().saturating_sub(1)).rev() {
            race.put(cars[i], Place::Track(spaces[i + 1]), Motion::Displaced);
        }
    }
    race.put(mover, Place::Track(to), Motion::Moved);
}

/// The direction of a lateral move onto `to`.
/// The space straight behind `space`: of the spaces linking into it, the one in the nearest
/// lane (the inner one of two as near).
fn straight_behind(race: &Race, space: SpaceId) -> Option<SpaceId> {
    let track = race.track();
    let lane = track.space(space).lane;
    track
        .space(space)
        .prev
        .iter()
        .copied()
        .min_by_key(|from| track.space(*from).lane.abs_diff(lane))
}

/// The side a lateral move from `from` into `to` heads for, when they are neighbours.
fn lateral_side_between(race: &Race, from: SpaceId, to: SpaceId) -> Option<LaneSide> {
    let space = race.track().space(from);
    if space.inner == Some(to) {
        Some(LaneSide::Inside)
    } else if space.outer == Some(to) {
        Some(LaneSide::Outside)
    } else {
        None
    }
}

fn lateral_side(race: &Race, mover: CarId, to: SpaceId) -> LaneSide {
    let track = race.track();
    match race.car(mover).place {
        Place::Track(from) if track.space(from).inner == Some(to) => LaneSide::Inside,
        Place::Chute => opposite(track.chute().side),
        Place::OffTrack { side, .. } => opposite(side),
        Place::Track(_) | Place::Reserve | Place::Destroyed | Place::Finished(_) => {
            LaneSide::Outside
        }
    }
}

/// Swaps the mover (at `from`) with the car in line in front of it (at `to`).
pub(crate) fn swap(race: &mut Race, mover: CarId, from: SpaceId, other: CarId, to: SpaceId) {
    let crosses = race.track().crosses_line(from, to);
    race.exchange(mover, other);
    if crosses {
        race.crossed_line(mover);
        race.crossed_back(other);
    }
}
