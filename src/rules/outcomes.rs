//! Movement outcome enumeration: every distinct end position of a movement, with one path
//! reaching each. Bots use it to choose; the editor uses it to show where a card can take a car.
//!
//! The search applies real steps to one scratch copy of the race and rewinds them
//! (`Race::mark`, `Race::rewind`), so it can never disagree with the rules and never clones
//! the race per step. States already seen (same cars in the same places, same MP left, same
//! links and same spaces visited in the current sector) are searched once, under a compact
//! integer key, which keeps a nine-MP Lead on a crowded track fast.

use std::collections::BTreeMap;

use rustc_hash::FxHashSet;
use smallvec::SmallVec;

use crate::content::race_deck::LaneSide;
use crate::validate::checked_track::CheckedTrack;

use super::car_set::CarSet;
use super::decision::{Decision, IllegalDecision};
use super::ids::{CarId, PlayerId};
use super::key_set::KeySet;
use super::movement::{Movement, Step, StepEnd};
use super::race_event::Marker;
use super::state::mark::Mark;
use super::state::{Car, Place, Player, Race};

/// How a movement ended.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Ending {
    /// Every MP was spent.
    Spent,
    /// No legal step was left; the remaining MP are lost.
    Stuck,
    /// The car rams this car (a collision attack follows).
    Ram(CarId),
    /// A crossover collision (7.12).
    Crossover {
        /// The car that tried to enter.
        moving: CarId,
        /// The car barring the way.
        blocker: CarId,
    },
    /// The car entered ground that eliminates it.
    Wrecked,
}

/// How a movement ended, without the cars named ([`EndPlace::endings`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EndingKind {
    /// Every MP was spent.
    Spent,
    /// No legal step was left.
    Stuck,
    /// A ram.
    Ram,
    /// A crossover collision.
    Crossover,
    /// Ground that eliminates the car.
    Wrecked,
}

impl Ending {
    /// The kind of ending.
    #[must_use]
    pub fn kind(self) -> EndingKind {
        match self {
            Self::Spent => EndingKind::Spent,
            Self::Stuck => EndingKind::Stuck,
            Self::Ram(_) => EndingKind::Ram,
            Self::Crossover { .. } => EndingKind::Crossover,
            Self::Wrecked => EndingKind::Wrecked,
        }
    }
}

/// What an outcome does to one car.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct CarChange {
    /// The car.
    pub car: CarId,
    /// Where it ends.
    pub place: Place,
    /// Its damage markers at the end.
    pub damage: u8,
    /// Damage it took in the movement (a crossover collision's, 7.12).
    pub damage_taken: u8,
    /// The markers it carries at the end.
    pub markers: Vec<Marker>,
}

/// What an outcome does to one player's VP.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct VpChange {
    /// The player.
    pub player: PlayerId,
    /// Finish-line VP claimed (negative: returned, 11.2).
    pub finish: i64,
    /// Kill VP claimed or returned.
    pub kills: i64,
    /// The pool at the end.
    pub pool: u32,
}

/// One end position of a movement.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// Every car that moved, with where it ended, by car id.
    pub moved: Vec<(CarId, Place)>,
    /// MP spent.
    pub spent: u8,
    /// One sequence of steps reaching it.
    pub steps: Vec<Step>,
    /// How the movement ended.
    pub ending: Ending,
}

/// How many positions an outcome search visits at most before it stops ([`Enumeration`]):
/// about a second and a few hundred megabytes on a small machine. A nine-MP Lead in a packed
/// field needs a few thousand.
pub const DEFAULT_SEARCH_LIMIT: usize = 200_000;

/// The outcomes an enumeration found, and whether it saw them all.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Enumeration {
    /// The outcomes found, sorted by the cars' end places.
    pub outcomes: Vec<Outcome>,
    /// Whether the search stopped at its limit before it had seen every position: the list
    /// may then miss outcomes.
    pub truncated: bool,
    /// Positions visited.
    pub visited: usize,
}

/// One space (or place) the moving car can end on, with one outcome that takes it there
/// ([`enumerate_end_places`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EndPlace {
    /// Where the moving car ends.
    pub place: Place,
    /// The ways the movement can end there, sorted (which cars a ram or a collision involves
    /// is in the outcomes of the place, [`enumerate_outcomes_ending_at`]).
    pub endings: Vec<EndingKind>,
    /// One outcome ending there (the first found).
    pub example: Outcome,
}

/// The places a movement can take its car, grouped: what the studio highlights and a bot
/// shortlists. [`enumerate_outcomes_ending_at`] gives every outcome of one place on demand.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct EndPlaces {
    /// Every place the moving car can end on, sorted.
    pub places: Vec<EndPlace>,
    /// Whether the search stopped at its limit (places may be missing).
    pub truncated: bool,
    /// Positions visited.
    pub visited: usize,
}

/// What a search is after.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum Goal {
    /// Every distinct outcome.
    #[default]
    Every,
    /// The places the moving car can end on: positions that differ only in cars the rest of
    /// the movement can never touch are searched once.
    EndPlaces,
    /// Every outcome leaving the moving car on this place.
    EndingAt(Place),
    /// Only the outcome a scorer rates best ([`OutcomeSearch::best`]).
    Best,
    /// How many distinct outcomes leave the mover on each place, keeping no outcome
    /// ([`count_outcomes_by_place`]).
    Count,
}

/// One outcome as a scorer sees it ([`OutcomeSearch::best`]): the race stands in the position
/// the outcome's steps reach (before any collision it ends in).
pub struct Reached<'a> {
    /// The race at the end of the outcome's steps.
    pub race: &'a Race,
    /// Every car that moved, with where it ends, by car id.
    pub moved: &'a [(CarId, Place)],
    /// MP spent.
    pub spent: u8,
    /// How the movement ended.
    pub ending: Ending,
    /// Damage the ground dealt the mover on the way, taken when the movement ends.
    pub ground_damage: u8,
    /// Whether the mover stopped on a face-down hazard token, turned over when the movement
    /// ends (what it is, the scorer cannot know).
    pub hazard: bool,
}

/// The outcome a scorer rated best, and how much of the movement was searched for it.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct BestOutcome {
    /// Its score.
    pub score: f64,
    /// The steps reaching it.
    pub steps: Vec<Step>,
    /// Positions visited.
    pub visited: usize,
    /// Whether the search stopped at its limit before it had seen every position.
    pub truncated: bool,
}

/// What rates an outcome for [`OutcomeSearch::best`] (higher is better).
type Scorer<'s> = Option<&'s mut dyn FnMut(&Reached<'_>) -> f64>;

/// Every place the moving car can end on, with one outcome each, visiting at most `limit`
/// positions.
///
/// Much cheaper than every outcome in a packed field: where the cars it leaves behind end up
/// does not change where the mover can go, so positions differing only in those cars are
/// searched once. A car is left behind when it stands outside the sectors the rest of the
/// movement can read: the mover's sector and those ahead of it, through every sector holding a
/// car (a pushed line reads on to its first gap) and up to MP + 1 empty ones (each step closes
/// at most one gap). Cars on crossover spaces and linked cars always count, and movements that
/// link cars behind (Lead, Line or Pursuit before they lock) use the full position.
///
/// Which car stands where does not matter either, only which places are taken: cars move
/// alike, and only a claim at the finish line tells them apart. So unless the movement can
/// reach the finish line while some player's pool is small enough to be emptied by it,
/// positions are keyed by the places taken, not by the cars on them.
#[must_use]
pub fn enumerate_end_places(race: &Race, limit: usize) -> EndPlaces {
    on_a_copy(race, |search, copy| search.end_places(copy, limit))
}

/// Every distinct outcome of the movement in progress, visiting at most `limit` positions and
/// keeping at most `most_outcomes` outcomes (the enumeration is then marked truncated).
#[must_use]
pub fn enumerate_outcomes_at_most(race: &Race, limit: usize, most_outcomes: usize) -> Enumeration {
    on_a_copy(race, |search, copy| {
        search.enumerate_at_most(copy, limit, most_outcomes)
    })
}

/// How many distinct outcomes of a movement leave its car on each place, counted without
/// keeping the outcomes (memory grows with the outcomes' keys, not their paths).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct OutcomeCounts {
    /// Distinct outcomes by the moving car's end place.
    pub by_place: BTreeMap<Place, usize>,
    /// Whether the search stopped at its limit (the counts are then at least these).
    pub truncated: bool,
    /// Positions visited.
    pub visited: usize,
}

/// Counts the distinct outcomes of the movement in progress by the moving car's end place,
/// visiting at most `limit` positions; what `moves` reports beside each end place.
#[must_use]
pub fn count_outcomes_by_place(race: &Race, limit: usize) -> OutcomeCounts {
    on_a_copy(race, |search, copy| search.count_by_place(copy, limit))
}

/// Runs a one-off search on a copy of `race` (without its history); nothing when no movement
/// is in progress.
fn on_a_copy<T: Default>(
    race: &Race,
    search: impl FnOnce(&mut OutcomeSearch, &mut Race) -> T,
) -> T {
    if race.movement().is_none() {
        return T::default();
    }
    let mut copy = race.copy_without_history();
    search(&mut OutcomeSearch::default(), &mut copy)
}

/// Every outcome that leaves the moving car on `place`, visiting at most `limit` positions
/// (positions from which the mover can no longer reach `place` are not searched).
#[must_use]
pub fn enumerate_outcomes_ending_at(race: &Race, place: Place, limit: usize) -> Enumeration {
    on_a_copy(race, |search, copy| search.ending_at(copy, place, limit))
}

/// Every distinct outcome of the movement in progress, sorted by the cars' end places, within
/// [`DEFAULT_SEARCH_LIMIT`]. Empty when no movement is in progress.
#[must_use]
pub fn enumerate_outcomes(race: &Race) -> Vec<Outcome> {
    enumerate_outcomes_within(race, DEFAULT_SEARCH_LIMIT).outcomes
}

/// The outcomes of the movement in progress, visiting at most `limit` positions. Each
/// outcome's steps start from the position given.
#[must_use]
pub fn enumerate_outcomes_within(race: &Race, limit: usize) -> Enumeration {
    on_a_copy(race, |search, copy| search.enumerate(copy, limit))
}

impl Race {
    /// The outcomes of playing `card` for `car` now (moving first, without firing).
    pub fn outcomes_of(
        &self,
        card: u16,
        car: CarId,
        ram_as_lead: bool,
    ) -> Result<Vec<Outcome>, IllegalDecision> {
        let mut race = self.copy_without_history();
        race.play_to_movement(&Decision::Play {
            card,
            car,
            ram_as_lead,
        })?;
        Ok(enumerate_outcomes(&race))
    }
}

/// A search position as a short run of integers: the cars that have left their starting
/// places (car, place) and the movement's own key. Kept inline, hashed with `FxHash`.
type SearchKey = SmallVec<[u32; 24]>;

/// The cars an outcome moved, with where they end (the key of distinct outcomes).
type Moved = SmallVec<[(CarId, Place); 6]>;

/// One level of the depth-first search: the position before the level's steps (to rewind to),
/// the steps, and a movement buffer. Kept between visits, so a search allocates per depth,
/// not per step.
#[derive(Default)]
struct Frame {
    mark: Mark,
    steps: Vec<Step>,
    /// Boxed: the level takes it out of the frame while it searches deeper, and moving a
    /// pointer is cheaper than moving a movement.
    movement: Option<Box<Movement>>,
}

/// An outcome search whose buffers (the positions seen, one frame per depth) are kept from one
/// enumeration to the next: a bot that enumerates thousands of times per race allocates them
/// once. [`enumerate_outcomes_within`] is the one-off form.
#[derive(Default)]
pub struct OutcomeSearch {
    search: Search,
}

/// The buffers are scratch space: a copy starts with empty ones.
impl Clone for OutcomeSearch {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl std::fmt::Debug for OutcomeSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OutcomeSearch").finish_non_exhaustive()
    }
}

impl OutcomeSearch {
    /// The outcomes of the movement in progress in `race`, visiting at most `limit` positions.
    /// The search steps `race` itself forward and rewinds it: when it returns, the race is as
    /// it was (events are not recorded meanwhile).
    pub fn enumerate(&mut self, race: &mut Race, limit: usize) -> Enumeration {
        self.run(race, Goal::Every, limit)
    }

    /// The places the moving car can end on ([`enumerate_end_places`]), stepping `race` and
    /// rewinding it as [`Self::enumerate`] does.
    pub fn end_places(&mut self, race: &mut Race, limit: usize) -> EndPlaces {
        let Some(mover) = race.movement().map(|m| m.mover) else {
            return EndPlaces::default();
        };
        let found = self.run(race, Goal::EndPlaces, limit);
        let mut places: Vec<EndPlace> = Vec::new();
        for outcome in found.outcomes {
            let place = outcome.place_of(mover).unwrap_or(race.car(mover).place);
            match places.iter_mut().find(|p| p.place == place) {
                Some(group) => group.endings.push(outcome.ending.kind()),
                None => places.push(EndPlace {
                    place,
                    endings: vec![outcome.ending.kind()],
                    example: outcome,
                }),
            }
        }
        for group in &mut places {
            group.endings.sort();
            group.endings.dedup();
        }
        places.sort_by_key(|p| p.place);
        EndPlaces {
            places,
            truncated: found.truncated,
            visited: found.visited,
        }
    }

    /// How many distinct outcomes leave the moving car on each place
    /// ([`count_outcomes_by_place`]).
    pub fn count_by_place(&mut self, race: &mut Race, limit: usize) -> OutcomeCounts {
        let found = self.run(race, Goal::Count, limit);
        OutcomeCounts {
            by_place: std::mem::take(&mut self.search.counts),
            truncated: found.truncated,
            visited: found.visited,
        }
    }

    /// Every outcome leaving the moving car on `place` ([`enumerate_outcomes_ending_at`]).
    pub fn ending_at(&mut self, race: &mut Race, place: Place, limit: usize) -> Enumeration {
        self.run(race, Goal::EndingAt(place), limit)
    }

    /// The outcome `score` rates highest (the first found among equals), visiting at most
    /// `limit` positions, stepping `race` and rewinding it as [`Self::enumerate`] does. A limit
    /// smaller than one whole movement still finishes the first path (the first step listed at
    /// each point) and stops at its end: the search always has an outcome to give. Nothing when
    /// no movement is in progress.
    ///
    /// What a bot that only wants the best outcome calls: no outcome is kept or sorted, so a
    /// search costs little more than its positions. Outcomes reached by more than one path may
    /// be scored more than once.
    pub fn best(
        &mut self,
        race: &mut Race,
        limit: usize,
        mut score: impl FnMut(&Reached<'_>) -> f64,
    ) -> Option<BestOutcome> {
        race.movement()?;
        self.search.best = None;
        let found = self.search_with(race, Goal::Best, limit, usize::MAX, Some(&mut score));
        let (best, steps) = self.search.best.take()?;
        Some(BestOutcome {
            score: best,
            steps,
            visited: found.visited,
            truncated: found.truncated,
        })
    }

    fn run(&mut self, race: &mut Race, goal: Goal, limit: usize) -> Enumeration {
        self.search_with(race, goal, limit, usize::MAX, None)
    }

    /// Every outcome, as [`Self::enumerate`], keeping at most `most_outcomes` of them: a
    /// search that would keep more stops there, truncated (a long movement in a packed field
    /// has more outcomes than memory holds, each with its whole path).
    pub fn enumerate_at_most(
        &mut self,
        race: &mut Race,
        limit: usize,
        most_outcomes: usize,
    ) -> Enumeration {
        self.search_with(race, Goal::Every, limit, most_outcomes, None)
    }

    fn search_with(
        &mut self,
        race: &mut Race,
        goal: Goal,
        limit: usize,
        most_outcomes: usize,
        mut scorer: Scorer<'_>,
    ) -> Enumeration {
        let Some(movement) = race.movement() else {
            return Enumeration::default();
        };
        let root = movement.clone();
        let search = &mut self.search;
        search.goal = goal;
        search.start.clear();
        search.start.extend(race.cars().iter().map(|c| c.place));
        search.seen.clear();
        search.found.clear();
        search.groups.clear();
        search.counts.clear();
        search.path.clear();
        search.budget = limit;
        search.most_outcomes = most_outcomes;
        search.truncated = false;
        search.finishing = false;
        search.anonymous = goal == Goal::EndPlaces && !search.may_win(race, &root);
        let logging = race.logging();
        race.set_logging(false);
        race.work_mut()
            .follow_moves(std::mem::take(&mut search.touched));
        search.visit(race, &root, 0, &mut scorer);
        search.touched = race.work_mut().stop_following();
        race.set_logging(logging);
        let mut outcomes = std::mem::take(&mut search.outcomes);
        outcomes.sort_by(|a, b| (&a.moved, a.ending).cmp(&(&b.moved, b.ending)));
        Enumeration {
            visited: limit - search.budget,
            truncated: search.truncated,
            outcomes,
        }
    }
}

/// The search's state: one scratch race, stepped forward and rewound (never cloned per step).
#[derive(Default)]
struct Search {
    goal: Goal,
    start: Vec<Place>,
    /// Scratch for [`Goal::EndPlaces`]: cars per sector, and the sectors the rest of the
    /// movement can read.
    cars_in_sector: Vec<u16>,
    in_reach: Vec<bool>,
    /// Whether positions are keyed by the places taken, not by which car is where.
    anonymous: bool,
    /// Scratch for an anonymous key: places cars moved to, and places they left.
    places: SmallVec<[u32; 16]>,
    left: SmallVec<[u32; 16]>,
    /// The last sector the movement can read (the readable ones run from the mover's to it).
    reach_end: u32,
    /// [`Goal::EndPlaces`]: the end places and kinds of ending that have an outcome.
    groups: FxHashSet<(Place, EndingKind)>,
    /// [`Goal::Count`]: distinct outcomes by the mover's end place.
    counts: BTreeMap<Place, usize>,
    seen: KeySet,
    found: FxHashSet<(Moved, Ending)>,
    outcomes: Vec<Outcome>,
    /// The steps from the root to the position being visited, each by its index among its
    /// depth's legal steps (`frames[depth].steps`).
    path: Vec<usize>,
    frames: Vec<Frame>,
    /// A reused buffer for the key of the position being looked up.
    key: SearchKey,
    /// [`Goal::Best`]: the best score so far and the steps reaching it.
    best: Option<(f64, Vec<Step>)>,
    /// The set of cars moved, lent to the race's workspace while a search runs.
    touched: CarSet,
    /// Scratch: the cars moved in the outcome being rated ([`Goal::Best`]).
    moved: Vec<(CarId, Place)>,
    /// Positions the search may still visit.
    budget: usize,
    /// Whether a best-outcome search ran out of budget before its first outcome and is
    /// finishing the path it is on (then it stops at the first outcome).
    finishing: bool,
    /// The most outcomes it keeps (a search that would keep more stops, truncated).
    most_outcomes: usize,
    /// Whether it ran out.
    truncated: bool,
}

impl Search {
    fn visit(
        &mut self,
        race: &mut Race,
        movement: &Movement,
        depth: usize,
        scorer: &mut Scorer<'_>,
    ) {
        if self.budget == 0 {
            self.truncated = true;
            // A best-outcome search finishes the path it is on before it stops: with a budget
            // smaller than one whole movement it would otherwise find no outcome at all.
            if self.goal != Goal::Best || self.best.is_some() {
                return;
            }
            self.finishing = true;
        } else {
            self.budget -= 1;
        }
        if self.frames.len() <= depth {
            self.frames.resize_with(depth + 1, Frame::default);
        }
        if let Goal::EndingAt(place) = self.goal
            && !may_still_reach(race, movement, place)
        {
            return;
        }
        // The level's steps and mark stay in its frame (the path names steps by their index
        // there, so no step is copied); its movement buffer is taken out while it searches
        // deeper.
        let mut steps = std::mem::take(&mut self.frames[depth].steps);
        movement.legal_steps_into(race, &mut steps);
        let count = steps.len();
        self.frames[depth].steps = steps;
        if count == 0 {
            let ending = if movement.mp == 0 {
                Ending::Spent
            } else {
                Ending::Stuck
            };
            self.record(race, movement, ending, scorer);
        } else {
            race.mark(&mut self.frames[depth].mark);
            let mut buffer = self.frames[depth]
                .movement
                .take()
                .unwrap_or_else(|| Box::new(movement.clone()));
            let next = &mut *buffer;
            for index in 0..count {
                // Out of budget, the path finished: the other ways from here are not tried.
                if self.finishing && self.best.is_some() {
                    break;
                }
                next.clone_from(movement);
                self.path.push(index);
                // The search keeps the path itself: a movement that carried its steps would
                // copy them all at every position.
                let end = next.apply(race, &self.frames[depth].steps[index]);
                match end {
                    // A step that spends the last MP ends the movement: the outcome is
                    // recorded at once (its own set tells outcomes apart), sparing the key of
                    // a position with no future.
                    StepEnd::Continue if next.mp == 0 => {
                        self.record(race, next, Ending::Spent, scorer);
                    }
                    StepEnd::Continue => {
                        if self.first_visit(race, next) {
                            self.visit(race, next, depth + 1, scorer);
                        }
                    }
                    StepEnd::Ram(target) => {
                        self.record(race, next, Ending::Ram(target), scorer);
                    }
                    StepEnd::Crossover { moving, blocker } => {
                        self.record(race, next, Ending::Crossover { moving, blocker }, scorer);
                    }
                    StepEnd::Wrecked(_) => {
                        self.record(race, next, Ending::Wrecked, scorer);
                    }
                }
                self.path.pop();
                race.rewind(&self.frames[depth].mark);
            }
            self.frames[depth].movement = Some(buffer);
        }
    }

    /// The steps from the root to the position being visited, into `out`.
    fn path_steps(&self, out: &mut Vec<Step>) {
        out.clear();
        out.extend(
            self.path
                .iter()
                .zip(&self.frames)
                .map(|(&index, frame)| frame.steps[index].clone()),
        );
    }

    /// Whether the position is new (same cars in the same places, same MP left, same links
    /// and same spaces visited in the current sector: the same future).
    fn first_visit(&mut self, race: &Race, movement: &Movement) -> bool {
        self.key.clear();
        if self.goal == Goal::EndPlaces && movement.alone_behind() {
            self.mark_reach(race, movement);
            if self.anonymous {
                self.anonymous_key(race, movement);
            } else {
                self.left_behind_key(race, movement);
            }
        } else {
            // The cars moved since the search began, in id order (the set lists them so).
            for id in race.work().touched() {
                let place = race.car(id).place;
                if place != self.start[id.index()] {
                    self.key.push(u32::from(id.0));
                    self.key.push(place_code(place));
                }
            }
        }
        movement.push_search_key(race, &mut self.key);
        self.insert_key()
    }

    /// The key of a position by where each car is, except the cars left behind (outside the
    /// sectors still readable, not linked): those are keyed as left behind, not by place, so
    /// one left behind never looks like one still on its starting space.
    fn left_behind_key(&mut self, race: &Race, movement: &Movement) {
        let track = race.track();
        for (i, car) in race.cars().iter().enumerate() {
            let id = CarId(i as u16);
            let relevant = !matches!(car.place, Place::Track(_))
                || readable(track, &self.in_reach, car.place)
                || id == movement.mover
                || movement.linked().any(|c| c == id);
            if !relevant {
                self.key.push(i as u32);
                self.key.push(u32::MAX);
            } else if car.place != self.start[i] {
                self.key.push(i as u32);
                self.key.push(place_code(car.place));
            }
        }
    }

    /// The key of a position by the places taken in the sectors the movement can still read,
    /// not by which car is where: those places are the starting ones plus the places cars
    /// moved to, less the places they left, so the two short lists (with what they share
    /// cancelled) and the extent of the readable sectors say it all.
    fn anonymous_key(&mut self, race: &Race, movement: &Movement) {
        let track = race.track();
        self.key.push(place_code(race.car(movement.mover).place));
        self.key.push(self.reach_end);
        self.places.clear();
        self.left.clear();
        for (i, car) in race.cars().iter().enumerate() {
            let id = CarId(i as u16);
            if car.place == self.start[i]
                || id == movement.mover
                || movement.linked().any(|c| c == id)
            {
                continue;
            }
            if readable(track, &self.in_reach, car.place) {
                self.places.push(place_code(car.place));
            }
            if readable(track, &self.in_reach, self.start[i]) {
                self.left.push(place_code(self.start[i]));
            }
        }
        self.places.sort_unstable();
        self.left.sort_unstable();
        let (mut a, mut b) = (0, 0);
        let mut entered: SmallVec<[u32; 16]> = SmallVec::new();
        let mut vacated: SmallVec<[u32; 16]> = SmallVec::new();
        while a < self.places.len() || b < self.left.len() {
            match (self.places.get(a), self.left.get(b)) {
                (Some(x), Some(y)) if x == y => {
                    a += 1;
                    b += 1;
                }
                (Some(x), Some(y)) if x < y => {
                    entered.push(*x);
                    a += 1;
                }
                (Some(x), None) => {
                    entered.push(*x);
                    a += 1;
                }
                (_, Some(y)) => {
                    vacated.push(*y);
                    b += 1;
                }
                (None, None) => break,
            }
        }
        self.key.push(entered.len() as u32);
        self.key.extend_from_slice(&entered);
        self.key.push(vacated.len() as u32);
        self.key.extend_from_slice(&vacated);
        for id in movement.linked() {
            self.key.push(u32::from(id.0));
            self.key.push(place_code(race.car(id).place));
        }
    }

    /// The cars that stand elsewhere than they started (cars can return to their starting
    /// place), with where they are, by car id, into `out` (a plain loop: an iterator chain
    /// here compiled to a copy of each place through memory that stalled the search).
    fn moved_cars_into(&self, race: &Race, out: &mut impl Extend<(CarId, Place)>) {
        for id in race.work().touched() {
            let place = race.car(id).place;
            if place != self.start[id.index()] {
                out.extend([(id, place)]);
            }
        }
    }

    /// Whether the key just built is new (and remembers it).
    fn insert_key(&mut self) -> bool {
        self.seen.insert(&self.key)
    }

    /// Whether the movement could end the race: it can reach the finish line and some player's
    /// pool is no larger than what its crossings could claim (each step takes at most two
    /// lines of cars forward: the mover's and one displaced car's; each line crosses once).
    fn may_win(&mut self, race: &Race, movement: &Movement) -> bool {
        let track = race.track();
        self.mark_reach(race, movement);
        if !self.in_reach[race.track().finish_sector().0 as usize] {
            return false;
        }
        // Any crossing wins a point-to-point race when the first car across wins it.
        if track.point_to_point()
            && race.rules().ruleset.point_to_point
                == crate::content::ruleset::PointToPointFinish::FirstAcrossWins
        {
            return true;
        }
        let per_crossing = race.finish_bonus().map_or(1, |b| u32::from(b.vp).max(1));
        let claimable = 2 * u32::from(movement.mp) * per_crossing;
        race.players().iter().any(|p| p.pool <= claimable)
    }

    /// Marks the sectors the rest of the movement can read (see [`enumerate_end_places`]).
    fn mark_reach(&mut self, race: &Race, movement: &Movement) {
        let track = race.track();
        let sectors = track.sector_ids().count();
        self.cars_in_sector.clear();
        self.cars_in_sector.resize(sectors, 0);
        self.in_reach.clear();
        self.in_reach.resize(sectors, false);
        for car in race.cars() {
            if let Place::Track(space) = car.place {
                self.cars_in_sector[track.space(space).sector.0 as usize] += 1;
            }
        }
        let Some(from) = race
            .car(movement.mover)
            .place
            .space()
            // Ground that carries a car on (a slide, a ramp) takes a step past the one sector
            // an MP buys: nothing is left behind.
            .filter(|_| !track.ground_carries())
        else {
            // From the chute or an off-track spot: nothing is left behind yet.
            self.in_reach.fill(true);
            self.reach_end = u32::MAX;
            return;
        };
        let mut sector = track.space(from).sector;
        let mut gaps = u32::from(movement.mp) + 1;
        loop {
            self.reach_end = sector.0;
            if std::mem::replace(&mut self.in_reach[sector.0 as usize], true) {
                break;
            }
            if self.cars_in_sector[sector.0 as usize] == 0 {
                gaps -= 1;
                if gaps == 0 {
                    break;
                }
            }
            match track.sector(sector).next {
                Some(next) => sector = next,
                None => break,
            }
        }
    }

    fn record(
        &mut self,
        race: &Race,
        movement: &Movement,
        ending: Ending,
        scorer: &mut Scorer<'_>,
    ) {
        let active = movement.mover;
        let active_place = race.car(active).place;
        if matches!(self.goal, Goal::EndingAt(place) if place != active_place) {
            return;
        }
        if let Some(score) = scorer {
            // The moved cars go into a buffer kept between outcomes: a best-outcome search
            // rates thousands of them, and a pushed pack outgrows an inline list.
            let mut moved = std::mem::take(&mut self.moved);
            moved.clear();
            self.moved_cars_into(race, &mut moved);
            let rating = score(&Reached {
                race,
                moved: &moved,
                spent: movement.spent(),
                ending,
                ground_damage: movement.deferred().damage,
                hazard: movement.deferred().revealing.is_some(),
            });
            self.moved = moved;
            if self.best.as_ref().is_none_or(|(best, _)| rating > *best) {
                // The previous best's list is reused for the new one's steps.
                let mut steps = self.best.take().map(|(_, steps)| steps).unwrap_or_default();
                self.path_steps(&mut steps);
                self.best = Some((rating, steps));
            }
            return;
        }
        // Outcomes are told apart by every car's end place, or, when only the places the
        // mover reaches are asked for, by its place and the kind of ending there (checked
        // first: most outcomes of a grouped search fall in a group already found, and need
        // no list of moved cars).
        if self.goal == Goal::EndPlaces && !self.groups.insert((active_place, ending.kind())) {
            return;
        }
        let mut moved = Moved::new();
        self.moved_cars_into(race, &mut moved);
        if self.goal == Goal::Count {
            if self.found.insert((moved, ending)) {
                *self.counts.entry(active_place).or_default() += 1;
            }
            return;
        }
        if self.goal == Goal::EndPlaces || self.found.insert((moved.clone(), ending)) {
            if self.outcomes.len() >= self.most_outcomes {
                // Full: the search stops here, and says it did not see everything.
                self.truncated = true;
                self.budget = 0;
                return;
            }
            self.outcomes.push(Outcome {
                moved: moved.to_vec(),
                spent: movement.spent(),
                steps: {
                    let mut steps = Vec::with_capacity(self.path.len());
                    self.path_steps(&mut steps);
                    steps
                },
                ending,
            });
        }
    }
}

/// Whether a car on `place` can still be read by the movement: on a track space in a sector
/// marked in `in_reach`, or on a crossover space (which another road's sector shares).
fn readable(track: &CheckedTrack, in_reach: &[bool], place: Place) -> bool {
    match place {
        Place::Track(space) => {
            let s = track.space(space);
            in_reach[s.sector.0 as usize] || s.crossover
        }
        _ => false,
    }
}

/// Whether the mover could still end on `place`: it is the mover's place or lies ahead of it
/// within the MP left (every step enters the same sector or the next, unless the ground carries
/// cars on). Anything else leaves the place behind for good.
fn may_still_reach(race: &Race, movement: &Movement, place: Place) -> bool {
    let track = race.track();
    let (Place::Track(from), Place::Track(to)) = (race.car(movement.mover).place, place) else {
        return true;
    };
    // A slide or a ramp carries a car past the one sector an MP buys.
    if track.ground_carries() {
        return true;
    }
    let target = track.space(to).sector;
    let mut sector = track.space(from).sector;
    for _ in 0..=movement.mp {
        if sector == target {
            return true;
        }
        match track.sector(sector).next {
            Some(next) => sector = next,
            None => return false,
        }
    }
    false
}

/// A place as one integer for search keys: distinct places give distinct codes.
fn place_code(place: Place) -> u32 {
    const TAG: u32 = 1 << 28;
    match place {
        Place::Track(space) => space.0 & (TAG - 1),
        Place::OffTrack { sector, side } => {
            TAG | (sector.0 << 1) & (TAG - 1) | u32::from(side == LaneSide::Outside)
        }
        Place::Chute => 2 * TAG,
        Place::Reserve => 3 * TAG,
        Place::Destroyed => 4 * TAG,
        Place::Finished(order) => (5 * TAG) | u32::from(order),
    }
}

/// What an outcome does to every car and pool (see [`Outcome::effects`]).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct OutcomeEffects {
    /// Every car whose place, damage or markers changed, by car id.
    pub cars: Vec<CarChange>,
    /// Every player whose VP changed, by seat.
    pub vp: Vec<VpChange>,
}

impl Outcome {
    /// Where this outcome leaves `car`, if it moved.
    #[must_use]
    pub fn place_of(&self, car: CarId) -> Option<Place> {
        self.moved.iter().find(|(c, _)| *c == car).map(|(_, p)| *p)
    }

    /// What this outcome does to every car and pool, worked out on demand (the search itself
    /// only keeps where the cars end): `race` is the race the outcomes were listed from. A
    /// crossover collision's damage is included (7.12); a ram's is not, as its combat card is
    /// not drawn yet.
    #[must_use]
    pub fn effects(&self, race: &Race) -> OutcomeEffects {
        let Some(mover) = race.movement().map(|m| m.mover) else {
            return OutcomeEffects::default();
        };
        let mut after = self.end_position(race);
        if let Ending::Crossover { moving, blocker } = self.ending {
            let player = after.car(mover).player;
            after.crossover_damage(moving, blocker, player);
        }
        let (cars, vp) = changes(race.cars(), race.players(), &after);
        OutcomeEffects { cars, vp }
    }

    /// The race as this outcome's steps leave it (before any collision it ends in), on a copy
    /// of `race`, the race the outcomes were listed from. Events are not recorded.
    #[must_use]
    pub fn end_position(&self, race: &Race) -> Race {
        self.walk(race, |_, _| {})
    }

    /// Each step of the outcome's path as people say it, in the position before it.
    #[must_use]
    pub fn path_words(&self, race: &Race) -> Vec<String> {
        let mut words = Vec::with_capacity(self.steps.len());
        self.walk(race, |before, step| words.push(before.describe_step(step)));
        words
    }

    /// Takes the outcome's steps on a copy of `race`, showing `each` the position before every
    /// step.
    fn walk(&self, race: &Race, mut each: impl FnMut(&Race, &Step)) -> Race {
        let mut after = race.copy_without_history();
        if let Some(movement) = race.movement() {
            let mut movement = movement.clone();
            for step in &self.steps {
                each(&after, step);
                movement.apply(&mut after, step);
            }
        }
        after
    }
}
/// What changed since the start, car by car and player by player.
fn changes(
    start_cars: &[Car],
    start_players: &[Player],
    race: &Race,
) -> (Vec<CarChange>, Vec<VpChange>) {
    let cars = race
        .cars()
        .iter()
        .zip(start_cars)
        .enumerate()
        .filter(|(_, (now, was))| changed(now, was))
        .map(|(i, (now, was))| CarChange {
            car: CarId(i as u16),
            place: now.place,
            damage: now.damage + now.temporary_damage,
            damage_taken: (now.damage + now.temporary_damage)
                .saturating_sub(was.damage + was.temporary_damage),
            markers: markers(now),
        })
        .collect();
    let vp = race
        .players()
        .iter()
        .zip(start_players)
        .enumerate()
        .filter(|(_, (now, was))| now.claims != was.claims || now.pool != was.pool)
        .map(|(i, (now, was))| VpChange {
            player: PlayerId(i as u8),
            finish: i64::from(now.claims.finish) - i64::from(was.claims.finish),
            kills: i64::from(now.claims.kills) - i64::from(was.claims.kills),
            pool: now.pool,
        })
        .collect();
    (cars, vp)
}

/// Whether a car's place, damage or markers differ (its identity never changes).
fn changed(now: &Car, was: &Car) -> bool {
    now.place != was.place
        || now.damage != was.damage
        || now.temporary_damage != was.temporary_damage
        || now.suppressed != was.suppressed
        || now.reloading != was.reloading
        || now.spun_around != was.spun_around
        || now.on_fire != was.on_fire
        || now.lapped != was.lapped
}

/// The markers a car carries.
fn markers(car: &Car) -> Vec<Marker> {
    let mut out = Vec::new();
    if car.suppressed {
        out.push(Marker::Suppression);
    }
    if car.reloading {
        out.push(Marker::Reloading);
    }
    if car.spun_around {
        out.push(Marker::SpinAround);
    }
    if car.on_fire {
        out.push(Marker::OnFire);
    }
    if car.lapped > 0 {
        out.push(Marker::Lapped);
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashSet};

    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::rules::test_support::race;

    /// The search as first written: a clone of the whole race for every step and the places of
    /// every car in the key. Slow, obviously right: the oracle for the rewinding search.
    /// Cars moved and where they end, how the movement ended, MP spent.
    type Found = (Vec<(CarId, Place)>, Ending, u8);

    fn cloning_search(race: &Race) -> Vec<Found> {
        fn visit(
            race: &Race,
            movement: &Movement,
            start: &[Place],
            seen: &mut HashSet<(Vec<Place>, Vec<u32>)>,
            found: &mut BTreeMap<(Moved, Ending), u8>,
        ) {
            let record = |race: &Race, movement: &Movement, ending, found: &mut BTreeMap<_, _>| {
                let moved = race
                    .car_ids()
                    .filter(|c| race.car(*c).place != start[c.index()])
                    .map(|c| (c, race.car(c).place))
                    .collect();
                found.entry((moved, ending)).or_insert(movement.spent());
            };
            let steps = movement.legal_steps(race);
            if steps.is_empty() {
                let ending = if movement.mp == 0 {
                    Ending::Spent
                } else {
                    Ending::Stuck
                };
                record(race, movement, ending, found);
                return;
            }
            for step in steps {
                let mut next = race.clone();
                let mut m = movement.clone();
                match m.apply(&mut next, &step) {
                    StepEnd::Continue => {
                        let mut key: SearchKey = SmallVec::new();
                        m.push_search_key(&next, &mut key);
                        let key = key.to_vec();
                        let places = next.cars().iter().map(|c| c.place).collect();
                        if seen.insert((places, key)) {
                            visit(&next, &m, start, seen, found);
                        }
                    }
                    StepEnd::Ram(target) => record(&next, &m, Ending::Ram(target), found),
                    StepEnd::Crossover { moving, blocker } => {
                        record(&next, &m, Ending::Crossover { moving, blocker }, found);
                    }
                    StepEnd::Wrecked(_) => record(&next, &m, Ending::Wrecked, found),
                }
            }
        }
        let movement = race.movement().expect("a movement");
        let start: Vec<Place> = race.cars().iter().map(|c| c.place).collect();
        let mut found = BTreeMap::new();
        visit(race, movement, &start, &mut HashSet::new(), &mut found);
        found
            .into_iter()
            .map(|((moved, ending), spent)| (moved.to_vec(), ending, spent))
            .collect()
    }

    /// The grouped search finds exactly the places (and the endings at each) of the full one,
    /// with a real outcome for each; the outcomes of each place on demand are exactly the full
    /// search's outcomes there.
    fn check_end_places(race: &Race, every: &[Outcome]) {
        let mover = race.movement().expect("a movement").mover;
        let at = |o: &Outcome| o.place_of(mover).unwrap_or(race.car(mover).place);
        let mut expected: BTreeMap<Place, Vec<EndingKind>> = BTreeMap::new();
        for o in every {
            expected.entry(at(o)).or_default().push(o.ending.kind());
        }
        for endings in expected.values_mut() {
            endings.sort();
            endings.dedup();
        }
        let grouped = enumerate_end_places(race, usize::MAX);
        let got: BTreeMap<Place, Vec<EndingKind>> = grouped
            .places
            .iter()
            .map(|p| (p.place, p.endings.clone()))
            .collect();
        assert_eq!(got, expected, "end places at turn {}", race.turn());
        for group in &grouped.places {
            let end = group.example.end_position(race);
            assert_eq!(end.car(mover).place, group.place, "the example ends there");
            for (car, place) in &group.example.moved {
                assert_eq!(end.car(*car).place, *place);
            }
            let there = enumerate_outcomes_ending_at(race, group.place, usize::MAX).outcomes;
            let full: Vec<&Outcome> = every.iter().filter(|o| at(o) == group.place).collect();
            assert_eq!(there.iter().collect::<Vec<_>>(), full);
        }
    }

    /// An arbitrary but fixed rating of an outcome, from what a scorer is shown.
    fn rating(moved: &[(CarId, Place)], ending: Ending, spent: u8) -> f64 {
        let places: u64 = moved
            .iter()
            .map(|(car, place)| u64::from(car.0) * 31 + u64::from(place_code(*place)) % 97)
            .sum();
        let ended = match ending {
            Ending::Spent => 0,
            Ending::Stuck => 1,
            Ending::Ram(_) => 2,
            Ending::Crossover { .. } => 3,
            Ending::Wrecked => 4,
        };
        (places % 1009 + 1013 * u64::from(spent) + 7 * ended) as f64
    }

    /// [`OutcomeSearch::best`] finds the highest rating among every outcome, and its steps
    /// lead to an outcome rated so; the race is left as it was.
    #[allow(
        clippy::float_cmp,
        reason = "ratings are whole numbers, exact in an f64"
    )]
    fn check_best(race: &Race, every: &[Outcome], search: &mut OutcomeSearch) {
        let top = every
            .iter()
            .map(|o| rating(&o.moved, o.ending, o.spent))
            .fold(f64::MIN, f64::max);
        let mut stepped = race.clone();
        let best = search
            .best(&mut stepped, DEFAULT_SEARCH_LIMIT, |r| {
                rating(r.moved, r.ending, r.spent)
            })
            .expect("a movement has an outcome");
        assert_eq!(best.score, top, "the best rating at turn {}", race.turn());
        assert_eq!(stepped.cars(), race.cars(), "the position is untouched");
        let end = Outcome {
            moved: Vec::new(),
            spent: 0,
            steps: best.steps.clone(),
            ending: Ending::Spent,
        }
        .end_position(race);
        let moved: Vec<(CarId, Place)> = end
            .car_ids()
            .filter(|c| end.car(*c).place != race.car(*c).place)
            .map(|c| (c, end.car(c).place))
            .collect();
        assert!(
            every
                .iter()
                .any(|o| o.moved == moved && rating(&o.moved, o.ending, o.spent) == top),
            "the best steps reach a best-rated outcome"
        );
    }

    /// Movement points of random races on one sample track (`k` its place in the list, which
    /// varies the seeds), first steps and later ones: the rewinding search finds exactly the
    /// outcomes the cloning one does, each outcome's steps lead from the position to its end,
    /// and the position is left as it was. Returns how many positions were compared. One test
    /// per track, so the four run side by side.
    fn compare_searches_on(track: &str, k: u64) -> usize {
        compare_searches(track, &|seed| {
            race(track, 4 + 2 * seed as usize, seed + 10 * k)
        })
    }

    /// [`compare_searches_on`] over the races `make` sets up from a seed.
    fn compare_searches(track: &str, make: &dyn Fn(u64) -> Race) -> usize {
        let mut compared = 0;
        let mut reused = OutcomeSearch::default();
        for seed in 0..3 {
            let mut race = make(seed);
            race.set_logging(false);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !race.is_over() && race.turn() <= 6 {
                if race.movement().is_some() && rng.random_bool(0.5) {
                    let before = race.cars().to_vec();
                    let found = enumerate_outcomes(&race);
                    assert_eq!(race.cars(), &before[..], "the position is untouched");
                    let expected = cloning_search(&race);
                    let got: Vec<_> = found
                        .iter()
                        .map(|o| (o.moved.clone(), o.ending, o.spent))
                        .collect();
                    assert_eq!(got, expected, "{track} seed {seed} turn {}", race.turn());
                    for outcome in &found {
                        let end = outcome.end_position(&race);
                        for (car, place) in &outcome.moved {
                            assert_eq!(end.car(*car).place, *place);
                        }
                    }
                    check_end_places(&race, &found);
                    // One search reused from position to position, stepping the race
                    // itself: the same outcomes, and the race rewound to where it was.
                    let mut stepped = race.clone();
                    let again = reused.enumerate(&mut stepped, DEFAULT_SEARCH_LIMIT);
                    assert_eq!(again.outcomes, found);
                    assert_eq!(stepped.cars(), race.cars());
                    assert_eq!(stepped.players(), race.players());
                    assert_eq!(stepped.events().len(), race.events().len());
                    check_best(&race, &found, &mut reused);
                    compared += 1;
                }
                let n = race.legal().len();
                race.apply_nth(rng.random_range(0..n));
            }
        }
        compared
    }

    /// Steps that cost more, stop, slide, jump and draw a slide for later rewind as the rules'
    /// own steps do.
    #[test]
    fn the_rewinding_search_finds_what_cloning_the_race_finds_on_every_kind_of_ground() {
        let compared = compare_searches("wild oval", &|seed| {
            // Bounded: a generator that never makes a valid track fails here, not hangs.
            (seed..seed + 50)
                .find_map(|s| crate::rules::test_support::race_on_every_ground(6, s * 7 + 1))
                .expect("some paint leaves the lap open")
        });
        assert!(compared > 100, "only {compared} positions compared");
    }

    #[test]
    fn the_rewinding_search_finds_what_cloning_the_race_finds_on_the_oval() {
        let compared = compare_searches_on("oval", 0);
        assert!(compared > 100, "only {compared} positions compared");
    }

    #[test]
    fn the_rewinding_search_finds_what_cloning_the_race_finds_on_the_figure_eight() {
        let compared = compare_searches_on("figure-eight", 1);
        assert!(compared > 100, "only {compared} positions compared");
    }

    #[test]
    fn the_rewinding_search_finds_what_cloning_the_race_finds_on_the_road_course() {
        let compared = compare_searches_on("road-course", 2);
        assert!(compared > 100, "only {compared} positions compared");
    }

    #[test]
    fn the_rewinding_search_finds_what_cloning_the_race_finds_on_the_thunder_oval() {
        let compared = compare_searches_on("thunder-oval", 3);
        assert!(compared > 100, "only {compared} positions compared");
    }
}
