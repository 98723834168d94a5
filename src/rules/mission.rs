//! Playing a mission (`content::mission`): its sides, its objectives read from the event stream,
//! and the end it gives the race.
//!
//! One evaluator reads the mission: every event the engine records passes through
//! [`Race::record`], and in a mission race the few that matter to objectives (a crossing of the
//! finish line, a car reaching the Destroyed Cars box and who scored it, the end of a turn, a
//! pool emptied) are read here, with the board as it stands. What the evaluator concludes is
//! itself events: an objective's progress, an objective met or failed, a side that won. No rule
//! of movement, combat or scoring is repeated here.
//!
//! # Decisions where the rulebook is silent
//! - The finish line's crossings are counted per car, forward less backward, whether or not
//!   they score VP (a lapped car's crossing counts: it is a crossing, even if it scores nothing).
//!   A mission race records each crossing ([`RaceEvent::LineCrossed`]); a race without a mission
//!   records none, so its events stay the rulebook's.
//! - An objective met at the same moment by two sides (a survival at the end of a turn that
//!   every side pursues) goes to the side listed first.
//! - A kill counts for a side when the car belonged to another side and a team of the side
//!   scored it (11.3: the active player's, unless the cause scores for no one).
//! - The pools stay: emptying one still wins (for the team's side) unless the mission says
//!   otherwise, and is checked by the rule that claims the VP, as in a race without a mission.
//! - The turn limit ends the race after the end of turn sequence of its last turn.

use std::sync::Arc;

use super::ids::{CarId, PlayerId};
use super::race_event::RaceEvent;
use super::state::{Place, Player, Race, RaceResult};
use crate::content::mission::{Reward, Score, TieBreak};
use crate::validate::checked_track::SpaceId;
use crate::validate::mission::{
    CheckedGoal, CheckedMission, CheckedSide, MatCar, ObjectiveId, SideId,
};

/// Where an objective stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ObjectiveStatus {
    /// Still to be met.
    #[default]
    Open,
    /// Met, by this side.
    Met(SideId),
    /// It can no longer be met.
    Failed,
}

/// How a mission race stands: each car's crossings, each side's kills, each objective's
/// progress and status, each side's VP from objectives. Part of the race's position (the
/// outcome search marks and rewinds it with the cars).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct MissionState {
    /// Each player's side.
    side_of: Vec<SideId>,
    /// Each car's crossings of the finish line, forward less backward.
    laps: Vec<i16>,
    /// Each side's kills of other sides' cars.
    kills: Vec<u32>,
    /// Each objective's progress for each side: `progress[objective * sides + side]`.
    progress: Vec<u32>,
    /// Each objective's status.
    status: Vec<ObjectiveStatus>,
    /// Each side's VP from objectives met.
    score: Vec<u32>,
    /// The car that met each objective met, where one car met it (a crossing, a space held):
    /// the next step of a sequence is that car's.
    met_by: Vec<Option<CarId>>,
    /// The car an `Eliminated` event named and the player who scored it, until the car reaches
    /// the Destroyed Cars box (an objective that ends the race waits for the car to be there).
    pending_kill: Option<(CarId, Option<PlayerId>)>,
}

impl MissionState {
    /// A side's VP: its teams' claims plus what its objectives earned.
    fn side_vp(&self, players: &[Player], side: SideId) -> u32 {
        let claims: u32 = players
            .iter()
            .zip(&self.side_of)
            .filter(|(_, s)| **s == side)
            .map(|(p, _)| p.claimed())
            .sum();
        claims + self.score.get(side.index()).copied().unwrap_or(0)
    }

    /// An objective's progress for a side.
    fn progress_of(&self, objective: ObjectiveId, side: SideId) -> u32 {
        let sides = self.score.len();
        self.progress
            .get(objective.index() * sides + side.index())
            .copied()
            .unwrap_or(0)
    }
}

/// What the evaluator reads from an event.
#[derive(Clone, Copy, Debug)]
pub(super) enum Fact {
    Crossed(CarId, bool),
    Eliminated(CarId, Option<PlayerId>),
    Destroyed(CarId),
    Finished(CarId),
    LeftBehind(CarId),
    TurnEnded(u32),
    PoolEmptied(PlayerId),
}

impl Fact {
    pub(super) fn of(event: &RaceEvent) -> Option<Self> {
        Some(match event {
            RaceEvent::LineCrossed { car, forward } => Self::Crossed(*car, *forward),
            RaceEvent::Eliminated { car, scored_by } => Self::Eliminated(*car, *scored_by),
            RaceEvent::CarMoved {
                car,
                to: Place::Destroyed,
                ..
            } => Self::Destroyed(*car),
            RaceEvent::CarMoved {
                car,
                to: Place::Finished(_),
                ..
            } => Self::Finished(*car),
            RaceEvent::LeftBehind { car } => Self::LeftBehind(*car),
            RaceEvent::TurnEnded { turn } => Self::TurnEnded(*turn),
            RaceEvent::Winner { seat } => Self::PoolEmptied(*seat),
            _ => return None,
        })
    }
}

impl Race {
    /// The mission the race plays, if any.
    #[must_use]
    pub fn mission(&self) -> Option<&CheckedMission> {
        self.rules().mission.as_ref()
    }

    /// A side's name, as the game report says it.
    #[must_use]
    pub fn side_name(&self, side: SideId) -> String {
        self.mission()
            .and_then(|m| m.sides.get(side.index()))
            .map_or_else(|| format!("side {}", side.0), |s| s.name.to_string())
    }

    /// An objective's id, as the game report says it.
    #[must_use]
    pub fn objective_name(&self, objective: ObjectiveId) -> String {
        self.mission()
            .and_then(|m| m.objectives.get(objective.index()))
            .map_or_else(
                || format!("objective {}", objective.0),
                |o| format!("`{}`", o.id),
            )
    }

    /// A player's side, in a mission race.
    #[must_use]
    pub fn side_of(&self, player: PlayerId) -> Option<SideId> {
        self.mission_state()
            .and_then(|m| m.side_of.get(player.index()).copied())
    }

    /// Whether a race car is the team mat car a mission names.
    #[must_use]
    pub fn is_mission_car(&self, car: CarId, named: MatCar) -> bool {
        let c = self.car(car);
        self.player(c.player).team == named.team && c.mat_index == named.mat_index
    }

    /// The race's car a mission names, if its team is seated.
    #[must_use]
    pub fn mission_car(&self, named: MatCar) -> Option<CarId> {
        self.car_ids().find(|car| self.is_mission_car(*car, named))
    }

    /// Whether two players play on one side (each is their own side without a mission).
    #[must_use]
    pub fn same_side(&self, a: PlayerId, b: PlayerId) -> bool {
        match (self.side_of(a), self.side_of(b)) {
            (Some(x), Some(y)) => x == y,
            _ => a == b,
        }
    }

    /// Whether `player` won the race: it won itself, or its side did.
    #[must_use]
    pub fn won_by(&self, player: PlayerId) -> bool {
        match self.result() {
            Some(RaceResult::Winner(p)) => p == player,
            Some(RaceResult::SideWon(side)) => self.side_of(player) == Some(side),
            Some(RaceResult::Draw) | None => false,
        }
    }

    /// An objective's status, in a mission race.
    #[must_use]
    pub fn objective_status(&self, objective: ObjectiveId) -> Option<ObjectiveStatus> {
        self.mission_state()
            .and_then(|m| m.status.get(objective.index()).copied())
    }

    /// Whether what a side does counts toward an objective yet: always, unless it is a later
    /// step of a sequence whose step before the side has not met.
    #[must_use]
    pub fn objective_counts_for(&self, objective: ObjectiveId, side: SideId) -> bool {
        let (Some(mission), Some(state)) = (self.mission(), self.mission_state()) else {
            return false;
        };
        mission
            .objectives
            .get(objective.index())
            .and_then(|o| o.after)
            .is_none_or(|before| {
                state.status.get(before.index()) == Some(&ObjectiveStatus::Met(side))
            })
    }

    /// An objective's progress for a side (crossings, kills or turns held so far), in a
    /// mission race.
    #[must_use]
    pub fn objective_progress(&self, objective: ObjectiveId, side: SideId) -> Option<u32> {
        self.mission_state()
            .map(|state| state.progress_of(objective, side))
    }

    /// A side's VP: its teams' claims plus what its objectives earned.
    #[must_use]
    pub fn side_vp(&self, side: SideId) -> u32 {
        self.mission_state()
            .map_or(0, |state| state.side_vp(self.players(), side))
    }

    /// The VP one crossing of the finish line or one kill is worth without a bonus card: 1, or
    /// the mission's amount.
    pub(crate) fn base_vp(&self, kill: bool) -> u32 {
        self.rules().mission.as_ref().map_or(1, |m| {
            u32::from(if kill { m.vp.kills } else { m.vp.finish })
        })
    }

    /// Whether `player`'s side claims VP from `score` (crossings, kills): always without a
    /// mission, and in one unless its side's `scores` leaves the source out.
    pub(crate) fn claims_from(&self, player: PlayerId, score: Score) -> bool {
        self.mission_side(player).is_none_or(|s| {
            !s.neutral
                && match score {
                    Score::Finish => s.claims_finish,
                    Score::Kills => s.claims_kills,
                }
        })
    }

    /// A player's mission side, with its own terms (cars, damage, scores, turns sat out);
    /// `None` without a mission.
    #[must_use]
    pub fn mission_side(&self, player: PlayerId) -> Option<&CheckedSide> {
        let side = self.side_of(player)?;
        self.mission()?.sides.get(side.index())
    }

    /// Whether a player's side is neutral (no one's: it wins nothing and claims nothing).
    #[must_use]
    pub fn is_neutral(&self, player: PlayerId) -> bool {
        self.mission_side(player).is_some_and(|s| s.neutral)
    }

    /// Whether a player's cars sit this turn out, as its mission side says (its player passes).
    pub(crate) fn sits_out(&self, player: PlayerId) -> bool {
        self.mission_side(player)
            .is_some_and(|s| self.turn() <= s.sits_out)
    }

    /// Whether a mission makes every kill worth nothing: its kills score no VP and no bonus
    /// card can make them (the kill still counts for a `Kills` objective).
    pub(crate) fn kills_score_nothing(&self) -> bool {
        self.rules()
            .mission
            .as_ref()
            .is_some_and(|m| m.vp.kills == 0 && !m.vp.bonuses)
    }

    /// Whether the kill of `victim`'s car by `killer` claims VP: never one's own car (11.3),
    /// and in a mission never a car of one's own side, unless the mission's `allied_kills`
    /// says so. Without a mission each player is its own side: the rulebook's rule.
    pub(crate) fn kill_scores(&self, killer: PlayerId, victim: PlayerId) -> bool {
        if killer == victim {
            return false;
        }
        let vp = self.rules().mission.as_ref().map(|m| m.vp);
        // A neutral car's loss is no one's kill, unless the mission says so.
        if self.is_neutral(victim) && !vp.is_some_and(|vp| vp.neutral_kills) {
            return false;
        }
        vp.is_some_and(|vp| vp.allied_kills) || !self.same_side(killer, victim)
    }

    /// Whether `attacker` may attack `target` (fire at it, sideswipe it, ram it): always, unless
    /// the mission forbids friendly fire and the two cars are of one side
    /// ([`crate::content::mission::FriendlyFire`]).
    #[must_use]
    pub fn may_attack(&self, attacker: CarId, target: CarId) -> bool {
        let forbidden =
            self.rules().mission.as_ref().is_some_and(|m| {
                m.friendly_fire == crate::content::mission::FriendlyFire::Forbidden
            });
        !forbidden || !self.same_side(self.car(attacker).player, self.car(target).player)
    }

    /// Whether emptying a pool wins the race (11.5), as it does unless a mission says not.
    pub(crate) fn pool_wins(&self) -> bool {
        self.rules().mission.as_ref().is_none_or(|m| m.vp.pool_wins)
    }

    /// Starts the mission's bookkeeping once the players are seated: each player's side, and
    /// every count at zero. A race without a mission keeps none.
    pub(crate) fn start_mission(&mut self) -> Result<(), super::SetupError> {
        let Some(mission) = self.rules().mission.as_ref() else {
            return Ok(());
        };
        let side_of = self
            .players()
            .iter()
            .map(|p| {
                mission.side_of_team(p.team).ok_or_else(|| {
                    super::SetupError::NotOnASide(self.rules().content.teams[p.team].id.to_string())
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let sides = mission.sides.len();
        self.begin_mission(Box::new(MissionState {
            side_of,
            laps: vec![0; self.cars().len()],
            kills: vec![0; sides],
            progress: vec![0; sides * mission.objectives.len()],
            status: vec![ObjectiveStatus::Open; mission.objectives.len()],
            score: vec![0; sides],
            met_by: vec![None; mission.objectives.len()],
            pending_kill: None,
        }));
        Ok(())
    }

    /// Reads one fact for the objectives. The state is taken out while it is read, so the
    /// events this records are logged without being read again.
    pub(super) fn observe(&mut self, fact: Fact) {
        let Some(mut state) = self.take_mission_state() else {
            return;
        };
        let rules = Arc::clone(self.shared_rules());
        if let Some(mission) = rules.mission.as_ref() {
            let mut judge = Judge {
                race: self,
                state: &mut state,
                mission,
            };
            judge.read(fact);
        }
        self.restore_mission_state(state);
    }
}

/// Who holds spaces at the end of a turn.
enum Held {
    /// This car of the side.
    One(CarId),
    /// Every car of the side in the race.
    Every,
}

/// The evaluator at work on one fact.
struct Judge<'a> {
    race: &'a mut Race,
    state: &'a mut MissionState,
    mission: &'a CheckedMission,
}

impl Judge<'_> {
    fn read(&mut self, fact: Fact) {
        match fact {
            Fact::Crossed(car, forward) => self.crossed(car, forward),
            Fact::Eliminated(car, scorer) => self.state.pending_kill = Some((car, scorer)),
            Fact::Destroyed(car) => self.destroyed(car),
            Fact::Finished(car) => {
                let side = self.side_of_car(car);
                self.left_the_race(side);
            }
            Fact::LeftBehind(car) => self.left_behind(car),
            Fact::TurnEnded(turn) => self.turn_ended(turn),
            Fact::PoolEmptied(player) => {
                if self.race.result() == Some(RaceResult::Winner(player)) {
                    let side = self.side_of_player(player);
                    self.win(side);
                }
            }
        }
    }

    fn side_of_player(&self, player: PlayerId) -> SideId {
        self.state.side_of[player.index()]
    }

    fn side_of_car(&self, car: CarId) -> SideId {
        self.side_of_player(self.race.car(car).player)
    }

    /// The objectives still open, with their goals and owners (copied: reading one may close
    /// another).
    fn open_objectives(&self) -> Vec<(ObjectiveId, CheckedGoal, Option<SideId>)> {
        if self.race.is_over() {
            return Vec::new();
        }
        self.mission
            .objectives
            .iter()
            .enumerate()
            .filter(|(i, _)| self.state.status[*i] == ObjectiveStatus::Open)
            .map(|(i, o)| (ObjectiveId(i as u16), o.goal.clone(), o.side))
            .collect()
    }

    /// Whether what `side` does counts toward an objective yet: always, unless it is a step of
    /// a sequence whose step before the side has not met.
    fn counts_for(&self, objective: ObjectiveId, side: SideId) -> bool {
        self.mission.objectives[objective.index()]
            .after
            .is_none_or(|before| self.state.status[before.index()] == ObjectiveStatus::Met(side))
    }

    /// Whether what `car` of `side` does counts toward an objective yet: as
    /// [`Self::counts_for`], and, after a step met by one car, only that car's.
    fn counts_for_car(&self, objective: ObjectiveId, side: SideId, car: CarId) -> bool {
        self.counts_for(objective, side)
            && self.mission.objectives[objective.index()]
                .after
                .and_then(|before| self.state.met_by[before.index()])
                .is_none_or(|by| by == car)
    }

    /// Whether an objective is a step after another: it counts what happens from the moment
    /// the step before is met, not from the start of the race.
    fn is_later_step(&self, objective: ObjectiveId) -> bool {
        self.mission.objectives[objective.index()].after.is_some()
    }

    /// A side reached a count first ("first to N laps", "first to K kills"): it takes the
    /// objective when it pursues it; the objective fails when it is another side's.
    fn reached_first(
        &mut self,
        objective: ObjectiveId,
        owner: Option<SideId>,
        side: SideId,
        car: Option<CarId>,
    ) {
        if self.pursues(owner, side) {
            self.met(objective, side, car);
        } else {
            self.failed(objective);
        }
    }

    /// Whether side `side` pursues an objective owned by `owner` (its own, or one for all); a
    /// neutral side pursues nothing.
    fn pursues(&self, owner: Option<SideId>, side: SideId) -> bool {
        !self.neutral(side) && owner.is_none_or(|o| o == side)
    }

    /// The sides that pursue an objective owned by `owner`, in file order.
    fn pursuers(&self, owner: Option<SideId>) -> Vec<SideId> {
        self.sides().filter(|s| self.pursues(owner, *s)).collect()
    }

    /// Whether a side is neutral.
    fn neutral(&self, side: SideId) -> bool {
        self.mission
            .sides
            .get(side.index())
            .is_some_and(|s| s.neutral)
    }

    fn sides(&self) -> impl Iterator<Item = SideId> + use<> {
        (0..self.mission.sides.len()).map(|s| SideId(s as u8))
    }

    /// Sets an objective's progress for a side, recording it when it changed.
    fn progress(&mut self, objective: ObjectiveId, side: SideId, count: u32) {
        let slot = objective.index() * self.mission.sides.len() + side.index();
        // Nothing is recorded after the event that ends the race.
        if self.state.progress[slot] == count || self.race.is_over() {
            return;
        }
        self.state.progress[slot] = count;
        let of = self.mission.objectives[objective.index()].goal.target();
        self.race.record(RaceEvent::ObjectiveProgress {
            objective,
            side,
            count,
            of,
        });
    }

    /// An objective is met by a side (by one car of it, where one car met it): its reward is
    /// given, and the objectives it is a part of read it.
    fn met(&mut self, objective: ObjectiveId, side: SideId, car: Option<CarId>) {
        if self.race.is_over() {
            return;
        }
        self.state.status[objective.index()] = ObjectiveStatus::Met(side);
        self.state.met_by[objective.index()] = car;
        self.race
            .record(RaceEvent::ObjectiveMet { objective, side });
        match self.mission.objectives[objective.index()].reward {
            Reward::Win => self.win(side),
            Reward::Vp(vp) => self.state.score[side.index()] += u32::from(vp),
            Reward::Lose => self.settle(Some(side)),
            Reward::Draw => self.race.end_race(RaceResult::Draw),
            Reward::End => self.settle(None),
            Reward::Nothing => {}
        }
        for whole in self.mission.objectives[objective.index()].part_of.clone() {
            self.part_met(whole, objective, side, car);
        }
    }

    /// A part of `whole` was met by `side`.
    fn part_met(
        &mut self,
        whole: ObjectiveId,
        part: ObjectiveId,
        side: SideId,
        car: Option<CarId>,
    ) {
        if self.state.status[whole.index()] != ObjectiveStatus::Open
            || !self.counts_for(whole, side)
        {
            return;
        }
        let goal = self.mission.objectives[whole.index()].goal.clone();
        let parts = goal.parts();
        let done = parts
            .iter()
            .filter(|p| self.state.status[p.index()] == ObjectiveStatus::Met(side))
            .count() as u32;
        match &goal {
            CheckedGoal::All(_) => {
                self.progress(whole, side, done);
                if done as usize == parts.len() {
                    self.met(whole, side, None);
                }
            }
            CheckedGoal::Any(_) => {
                self.progress(whole, side, 1);
                self.met(whole, side, car);
            }
            CheckedGoal::Then(_) => {
                self.progress(whole, side, done);
                match parts
                    .iter()
                    .position(|p| *p == part)
                    .map(|n| parts.get(n + 1))
                {
                    Some(None) => self.met(whole, side, car),
                    // The next step may be met already by the position it counts from.
                    Some(Some(next)) => self.settled_by_position(*next, side),
                    None => {}
                }
            }
            CheckedGoal::Laps(_)
            | CheckedGoal::Kills(_)
            | CheckedGoal::Eliminate(_)
            | CheckedGoal::Escort(..)
            | CheckedGoal::Survive(_)
            | CheckedGoal::Hold(..)
            | CheckedGoal::Wipeout
            | CheckedGoal::AllOut
            | CheckedGoal::LeftBehind => {}
        }
    }

    /// A step that has just come to count and that the board alone meets (no car of another
    /// side left, none of the side's own) is met at once.
    fn settled_by_position(&mut self, objective: ObjectiveId, side: SideId) {
        if self.state.status[objective.index()] != ObjectiveStatus::Open {
            return;
        }
        let met = match self.mission.objectives[objective.index()].goal {
            CheckedGoal::Wipeout => self.wiped_out_but(side),
            CheckedGoal::AllOut => !self.has_cars(side),
            CheckedGoal::Laps(_)
            | CheckedGoal::Kills(_)
            | CheckedGoal::Eliminate(_)
            | CheckedGoal::Escort(..)
            | CheckedGoal::Survive(_)
            | CheckedGoal::Hold(..)
            | CheckedGoal::LeftBehind
            | CheckedGoal::All(_)
            | CheckedGoal::Any(_)
            | CheckedGoal::Then(_) => false,
        };
        if met {
            self.met(objective, side, None);
        }
    }

    /// An objective can no longer be met by the side that owns it; the objectives it is a
    /// part of fail with it (an `Any` once every part has failed).
    fn failed(&mut self, objective: ObjectiveId) {
        if self.race.is_over() || self.state.status[objective.index()] != ObjectiveStatus::Open {
            return;
        }
        self.state.status[objective.index()] = ObjectiveStatus::Failed;
        let side = self.mission.objectives[objective.index()].side;
        self.race
            .record(RaceEvent::ObjectiveFailed { objective, side });
        for whole in self.mission.objectives[objective.index()].part_of.clone() {
            let fails = match &self.mission.objectives[whole.index()].goal {
                CheckedGoal::Any(parts) => parts
                    .iter()
                    .all(|p| self.state.status[p.index()] == ObjectiveStatus::Failed),
                _ => true,
            };
            if fails {
                self.failed(whole);
            }
        }
    }

    fn win(&mut self, side: SideId) {
        self.race.end_race(RaceResult::SideWon(side));
    }

    /// The most crossings any car of `side` holds.
    fn best_laps(&self, side: SideId) -> u32 {
        self.race
            .cars()
            .iter()
            .zip(&self.state.laps)
            .filter(|(c, _)| self.state.side_of[c.player.index()] == side)
            .map(|(_, laps)| u32::try_from(*laps).unwrap_or(0))
            .max()
            .unwrap_or(0)
    }

    /// The count a later step keeps for `side`, moved by one (a crossing forward or back, a
    /// kill): it counts from the moment the step before was met.
    fn step_count(&mut self, objective: ObjectiveId, side: SideId, up: bool) -> u32 {
        let now = self.state.progress_of(objective, side);
        let count = if up { now + 1 } else { now.saturating_sub(1) };
        self.progress(objective, side, count);
        count
    }

    fn crossed(&mut self, car: CarId, forward: bool) {
        let laps = &mut self.state.laps[car.index()];
        *laps = laps.saturating_add(if forward { 1 } else { -1 });
        let count = u32::try_from(*laps).unwrap_or(0);
        let side = self.side_of_car(car);
        // A neutral car's crossing is no side's: it neither meets nor beats anyone's laps.
        if self.neutral(side) {
            return;
        }
        for (objective, goal, owner) in self.open_objectives() {
            let later = self.is_later_step(objective);
            match goal {
                CheckedGoal::Laps(n) if later => {
                    if self.pursues(owner, side) && self.counts_for_car(objective, side, car) {
                        let count = self.step_count(objective, side, forward);
                        if forward && count >= u32::from(n) {
                            self.met(objective, side, Some(car));
                        }
                    }
                }
                CheckedGoal::Laps(n) => {
                    if self.pursues(owner, side) {
                        let best = self.best_laps(side);
                        self.progress(objective, side, best);
                    }
                    if forward && count >= u32::from(n) {
                        self.reached_first(objective, owner, side, Some(car));
                    }
                }
                CheckedGoal::Escort(escorted, n) if self.is_car(car, escorted) => {
                    let owner = owner.unwrap_or(side);
                    if later {
                        if self.counts_for(objective, owner) {
                            let count = self.step_count(objective, owner, forward);
                            if forward && count >= u32::from(n) {
                                self.met(objective, owner, Some(car));
                            }
                        }
                        continue;
                    }
                    self.progress(objective, owner, count);
                    if forward && count >= u32::from(n) {
                        self.met(objective, owner, Some(car));
                    }
                }
                // A crossing by another car than the escorted one; goals a crossing never
                // meets.
                CheckedGoal::Escort(..)
                | CheckedGoal::Kills(_)
                | CheckedGoal::Eliminate(_)
                | CheckedGoal::Survive(_)
                | CheckedGoal::Hold(..)
                | CheckedGoal::Wipeout
                | CheckedGoal::AllOut
                | CheckedGoal::LeftBehind
                | CheckedGoal::All(_)
                | CheckedGoal::Any(_)
                | CheckedGoal::Then(_) => {}
            }
        }
    }

    fn is_car(&self, car: CarId, named: MatCar) -> bool {
        self.race.is_mission_car(car, named)
    }

    fn destroyed(&mut self, car: CarId) {
        let scorer = match self.state.pending_kill.take() {
            Some((pending, scorer)) if pending == car => scorer,
            _ => None,
        };
        let victim = self.side_of_car(car);
        // A neutral side kills for no one (and a neutral car's loss scored no one: see
        // `Race::kill_scores`).
        let killer = scorer
            .map(|p| self.side_of_player(p))
            .filter(|side| *side != victim && !self.neutral(*side));
        if let Some(side) = killer {
            self.state.kills[side.index()] += 1;
        }
        for (objective, goal, owner) in self.open_objectives() {
            let later = self.is_later_step(objective);
            match goal {
                CheckedGoal::Kills(k) => {
                    let Some(side) = killer else { continue };
                    if later {
                        if self.pursues(owner, side) && self.counts_for(objective, side) {
                            let kills = self.step_count(objective, side, true);
                            if kills >= u32::from(k) {
                                self.met(objective, side, None);
                            }
                        }
                        continue;
                    }
                    let kills = self.state.kills[side.index()];
                    if self.pursues(owner, side) {
                        self.progress(objective, side, kills);
                    }
                    if kills >= u32::from(k) {
                        self.reached_first(objective, owner, side, None);
                    }
                }
                CheckedGoal::Eliminate(named) if self.is_car(car, named) => {
                    let side = owner.unwrap_or(victim);
                    if self.counts_for(objective, side) {
                        self.progress(objective, side, 1);
                        self.met(objective, side, None);
                    } else {
                        // Destroyed before the step it is counts: it cannot be destroyed again.
                        self.failed(objective);
                    }
                }
                CheckedGoal::Escort(named, _) if self.is_car(car, named) => {
                    self.failed(objective);
                }
                CheckedGoal::Wipeout => {
                    for side in self.sides() {
                        if self.pursues(owner, side)
                            && self.counts_for(objective, side)
                            && self.wiped_out_but(side)
                        {
                            self.met(objective, side, None);
                            break;
                        }
                    }
                }
                // Another car than the named one destroyed; goals a car's loss never meets (a
                // survival is judged at the end of the turn); a side put out of the race is
                // read below, once the car is in the box.
                CheckedGoal::Eliminate(_)
                | CheckedGoal::Escort(..)
                | CheckedGoal::Laps(_)
                | CheckedGoal::Survive(_)
                | CheckedGoal::Hold(..)
                | CheckedGoal::AllOut
                | CheckedGoal::LeftBehind
                | CheckedGoal::All(_)
                | CheckedGoal::Any(_)
                | CheckedGoal::Then(_) => {}
            }
        }
        self.left_the_race(victim);
    }

    /// A car is left behind by the rolling road: its side meets an objective that says so.
    fn left_behind(&mut self, car: CarId) {
        let side = self.side_of_car(car);
        for (objective, goal, owner) in self.open_objectives() {
            if goal == CheckedGoal::LeftBehind
                && self.pursues(owner, side)
                && self.counts_for_car(objective, side, car)
            {
                self.met(objective, side, Some(car));
            }
        }
    }

    /// A car of `side` left the race (destroyed, or across the end of a point-to-point track):
    /// an objective met when the side has no car left is read.
    fn left_the_race(&mut self, side: SideId) {
        if self.has_cars(side) {
            return;
        }
        for (objective, goal, owner) in self.open_objectives() {
            if goal == CheckedGoal::AllOut
                && self.pursues(owner, side)
                && self.counts_for(objective, side)
            {
                self.met(objective, side, None);
            }
        }
    }

    /// Whether a side has a car left to race: in the race or in reserve.
    fn has_cars(&self, side: SideId) -> bool {
        let in_reserve = self
            .race
            .players()
            .iter()
            .zip(&self.state.side_of)
            .any(|(p, s)| *s == side && !p.reserve.is_empty());
        in_reserve || self.racing(side)
    }

    /// Whether every other side (neutral traffic aside) is wiped out: none of its cars in the
    /// race, none in reserve, and none got away across the end of a point-to-point track (a car
    /// that finished its run left the race, but was not destroyed).
    fn wiped_out_but(&self, side: SideId) -> bool {
        let got_away = |s: SideId| {
            self.race.cars().iter().any(|c| {
                self.state.side_of[c.player.index()] == s && matches!(c.place, Place::Finished(_))
            })
        };
        self.sides()
            .filter(|s| *s != side && !self.neutral(*s) && self.state.side_of.contains(s))
            .all(|s| !self.has_cars(s) && !got_away(s))
    }

    /// Whether a side has a car in the race.
    fn racing(&self, side: SideId) -> bool {
        self.race
            .cars()
            .iter()
            .any(|c| self.state.side_of[c.player.index()] == side && c.place.in_race())
    }

    /// The side's car standing on one of `spaces` at the end of a turn, counting only the car
    /// a later step is for; with `every`, whether every car of the side in the race stands on
    /// one (a side with no car in the race holds nothing).
    fn holder(
        &self,
        objective: ObjectiveId,
        side: SideId,
        spaces: &[SpaceId],
        every: bool,
    ) -> Option<Held> {
        let on = |c: &super::state::Car| c.place.space().is_some_and(|s| spaces.contains(&s));
        let mine = self
            .race
            .car_ids()
            .filter(|c| self.side_of_car(*c) == side && self.race.car(*c).place.in_race());
        if every {
            let mut cars = mine.peekable();
            cars.peek()?;
            return cars.all(|c| on(self.race.car(c))).then_some(Held::Every);
        }
        mine.into_iter()
            .find(|c| on(self.race.car(*c)) && self.counts_for_car(objective, side, *c))
            .map(Held::One)
    }

    fn turn_ended(&mut self, turn: u32) {
        for (objective, goal, owner) in self.open_objectives() {
            match goal {
                CheckedGoal::Survive(last) => {
                    for side in self.pursuers(owner) {
                        if !self.counts_for(objective, side) {
                            continue;
                        }
                        let racing = self.racing(side);
                        if racing {
                            self.progress(objective, side, turn.min(last));
                        }
                        if racing && turn >= last {
                            self.met(objective, side, None);
                            break;
                        }
                        if !racing && owner.is_some() {
                            self.failed(objective);
                        }
                    }
                }
                CheckedGoal::Hold(spaces, turns, every) => {
                    for side in self.pursuers(owner) {
                        if !self.counts_for(objective, side) {
                            continue;
                        }
                        let car = match self.holder(objective, side, &spaces, every) {
                            Some(Held::One(car)) => Some(car),
                            Some(Held::Every) => None,
                            None => continue,
                        };
                        let count = self.state.progress_of(objective, side) + 1;
                        self.progress(objective, side, count);
                        if count >= u32::from(turns) {
                            self.met(objective, side, car);
                            break;
                        }
                    }
                }
                // Goals met as they happen, not at the end of a turn.
                CheckedGoal::Laps(_)
                | CheckedGoal::Kills(_)
                | CheckedGoal::Eliminate(_)
                | CheckedGoal::Escort(..)
                | CheckedGoal::Wipeout
                | CheckedGoal::AllOut
                | CheckedGoal::LeftBehind
                | CheckedGoal::All(_)
                | CheckedGoal::Any(_)
                | CheckedGoal::Then(_) => {}
            }
        }
        if turn >= self.mission.turn_limit && !self.race.is_over() {
            self.settle(None);
        }
    }

    /// The race is settled among the sides seated (less a side that lost): the most VP wins,
    /// then each tie break in turn among the sides still level, then the tie rule. With a
    /// loser and one other side seated, that side wins.
    fn settle(&mut self, loser: Option<SideId>) {
        if self.race.is_over() {
            return;
        }
        // Only the sides seated in this race compete (a smaller race leaves some out).
        let mut level: Vec<SideId> = self
            .sides()
            .filter(|side| {
                self.state.side_of.contains(side) && Some(*side) != loser && !self.neutral(*side)
            })
            .collect();
        if let (Some(_), [only]) = (loser, level.as_slice()) {
            self.win(*only);
            return;
        }
        if self.mission.most_vp {
            level = self.most(&level, Judge::side_vp);
        }
        for tie_break in &self.mission.tie_breaks {
            if let [_] = level.as_slice() {
                break;
            }
            level = self.most(&level, |judge, side| judge.tie_score(*tie_break, side));
        }
        if let [leader] = level.as_slice() {
            self.win(*leader);
            return;
        }
        match self.mission.tie_winner.filter(|side| Some(*side) != loser) {
            Some(side) => self.win(side),
            None => self.race.end_race(RaceResult::Draw),
        }
    }

    /// The sides of `among` with the highest `score`.
    fn most(&self, among: &[SideId], score: impl Fn(&Self, SideId) -> u32) -> Vec<SideId> {
        let scores: Vec<(SideId, u32)> = among.iter().map(|s| (*s, score(self, *s))).collect();
        let best = scores.iter().map(|(_, v)| *v).max().unwrap_or(0);
        scores
            .into_iter()
            .filter(|(_, v)| *v == best)
            .map(|(s, _)| s)
            .collect()
    }

    /// A side's score for a tie break.
    fn tie_score(&self, tie_break: TieBreak, side: SideId) -> u32 {
        let mine = |c: &&super::state::Car| self.state.side_of[c.player.index()] == side;
        match tie_break {
            TieBreak::Kills => self.state.kills[side.index()],
            TieBreak::CarsLeft => {
                let racing = self
                    .race
                    .cars()
                    .iter()
                    .filter(mine)
                    .filter(|c| c.place.in_race());
                let reserve: usize = self
                    .race
                    .players()
                    .iter()
                    .zip(&self.state.side_of)
                    .filter(|(_, s)| **s == side)
                    .map(|(p, _)| p.reserve.len())
                    .sum();
                u32::try_from(racing.count() + reserve).unwrap_or(u32::MAX)
            }
            TieBreak::Finished => {
                let finished = self
                    .race
                    .cars()
                    .iter()
                    .filter(mine)
                    .filter(|c| matches!(c.place, Place::Finished(_)));
                u32::try_from(finished.count()).unwrap_or(u32::MAX)
            }
        }
    }

    fn side_vp(&self, side: SideId) -> u32 {
        self.state.side_vp(self.race.players(), side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::race_event::Motion;
    use crate::rules::test_support::mission_race;

    /// The jackals against the reapers with one objective, on the oval.
    fn race_with(objective: &str) -> Race {
        mission_race(
            &format!(
                r#"(kind: Mission, version: 1, name: "test", track: "", content: "",
                    sides: [
                        (id: "jackals", name: "Jackals", teams: ["chrome-jackals"]),
                        (id: "reapers", name: "Reapers", teams: ["rust-reapers"]),
                    ],
                    objectives: [{objective}],
                    turn_limit: (turn: 10))"#
            ),
            1,
        )
    }

    /// The reapers' cars in the race, and their seat.
    fn reapers(race: &Race) -> (Vec<CarId>, PlayerId) {
        let seat = (0..race.players().len())
            .map(|p| PlayerId(p as u8))
            .find(|p| race.team_of(*p).id.as_str() == "rust-reapers")
            .expect("seated");
        let cars = race
            .car_ids()
            .filter(|c| race.car(*c).player == seat && race.car(*c).place.in_race())
            .collect();
        (cars, seat)
    }

    #[test]
    fn a_wipeout_is_met_when_the_last_car_of_the_other_side_is_destroyed() {
        let mut race =
            race_with(r#"(id: "wipeout", side: Some("jackals"), goal: Wipeout, reward: Win)"#);
        let (cars, seat) = reapers(&race);
        race.empty_reserve(seat);
        let (last, rest) = cars.split_last().expect("cars");
        for car in rest {
            race.put(*car, Place::Destroyed, Motion::Eliminated);
        }
        assert_eq!(race.result(), None, "one reaper is left");
        race.put(*last, Place::Destroyed, Motion::Eliminated);
        assert_eq!(race.result(), Some(RaceResult::SideWon(SideId(0))));
    }

    #[test]
    fn a_side_whose_car_got_away_across_the_end_is_not_wiped_out() {
        let mut race =
            race_with(r#"(id: "wipeout", side: Some("jackals"), goal: Wipeout, reward: Win)"#);
        let (cars, seat) = reapers(&race);
        race.empty_reserve(seat);
        let (last, rest) = cars.split_last().expect("cars");
        race.put(*last, Place::Finished(0), Motion::Finished);
        for car in rest {
            race.put(*car, Place::Destroyed, Motion::Eliminated);
        }
        assert_eq!(race.result(), None, "one reaper got away");
    }

    #[test]
    fn a_wipeout_waits_while_the_other_side_has_a_car_in_reserve() {
        let mut race =
            race_with(r#"(id: "wipeout", side: Some("jackals"), goal: Wipeout, reward: Win)"#);
        let (cars, _) = reapers(&race);
        for car in &cars {
            race.put(*car, Place::Destroyed, Motion::Eliminated);
        }
        assert_eq!(race.result(), None, "the reapers' reserves can still enter");
    }

    #[test]
    fn every_car_out_is_met_when_the_last_car_is_destroyed_or_leaves_by_the_end() {
        let mut race =
            race_with(r#"(id: "all-gone", side: Some("reapers"), goal: AllOut, reward: End)"#);
        let (cars, seat) = reapers(&race);
        let (last, rest) = cars.split_last().expect("cars");
        for car in rest {
            race.put(*car, Place::Destroyed, Motion::Eliminated);
        }
        race.put(*last, Place::Finished(0), Motion::Finished);
        assert_eq!(
            race.objective_status(ObjectiveId(0)),
            Some(ObjectiveStatus::Open),
            "the reapers' reserves can still enter"
        );
        let mut race =
            race_with(r#"(id: "all-gone", side: Some("reapers"), goal: AllOut, reward: End)"#);
        race.empty_reserve(seat);
        for car in rest {
            race.put(*car, Place::Destroyed, Motion::Eliminated);
        }
        assert_eq!(race.result(), None, "one reaper is left");
        race.put(*last, Place::Finished(0), Motion::Finished);
        assert_eq!(
            race.objective_status(ObjectiveId(0)),
            Some(ObjectiveStatus::Met(SideId(1)))
        );
        // Ended and settled by VP: no one has any, so the tie's draw.
        assert_eq!(race.result(), Some(RaceResult::Draw));
    }

    #[test]
    fn a_tie_of_vp_at_the_limit_is_broken_by_the_tie_breaks_in_order_then_the_tie_rule() {
        // Crossings and kills worth nothing: the sides are level on VP; the jackals' kill
        // breaks the tie when the mission counts kills.
        let limit = |breaks: &str| {
            let mut race = mission_race(
                &format!(
                    r#"(kind: Mission, version: 1, name: "test", track: "", content: "",
                        sides: [
                            (id: "jackals", name: "Jackals", teams: ["chrome-jackals"]),
                            (id: "reapers", name: "Reapers", teams: ["rust-reapers"]),
                        ],
                        vp: (finish: 0, kills: 0, bonuses: false),
                        objectives: [],
                        turn_limit: (turn: 1, tie_breaks: [{breaks}]))"#
                ),
                1,
            );
            let (cars, _) = reapers(&race);
            let jackals = (0..race.players().len())
                .map(|p| PlayerId(p as u8))
                .find(|p| race.side_of(*p) == Some(SideId(0)))
                .expect("jackals");
            race.record(RaceEvent::Eliminated {
                car: cars[0],
                scored_by: Some(jackals),
            });
            race.put(cars[0], Place::Destroyed, Motion::Eliminated);
            race.record(RaceEvent::TurnEnded { turn: 1 });
            race
        };
        assert_eq!(limit("").result(), Some(RaceResult::Draw));
        assert_eq!(
            limit("Kills").result(),
            Some(RaceResult::SideWon(SideId(0)))
        );
        // Each side has a mat of cars left less the one lost: the reapers have one fewer, so
        // cars left gives it to the jackals as well; finished cars (none) leave them level.
        assert_eq!(limit("Finished").result(), Some(RaceResult::Draw));
        assert_eq!(
            limit("Finished, CarsLeft").result(),
            Some(RaceResult::SideWon(SideId(0)))
        );
    }

    /// The jackals against the reapers, the vipers neutral civilians who never act.
    fn with_civilians(objective: &str, neutral_kills: bool) -> Race {
        mission_race(
            &format!(
                r#"(kind: Mission, version: 1, name: "test", track: "", content: "",
                    sides: [
                        (id: "jackals", name: "Jackals", teams: ["chrome-jackals"]),
                        (id: "reapers", name: "Reapers", teams: ["rust-reapers"]),
                        (id: "civilians", name: "Civilians", teams: ["ash-vipers"],
                         bot: Some("random"), neutral: true, sits_out: 10),
                    ],
                    vp: (neutral_kills: {neutral_kills}),
                    objectives: [{objective}],
                    turn_limit: (turn: 10))"#
            ),
            2,
        )
    }

    fn seat_of(race: &Race, team: &str) -> PlayerId {
        (0..race.players().len())
            .map(|p| PlayerId(p as u8))
            .find(|p| race.team_of(*p).id.as_str() == team)
            .expect("seated")
    }

    #[test]
    fn a_neutral_car_lost_is_no_ones_kill_unless_the_mission_says_so() {
        for neutral_kills in [false, true] {
            let mut race = with_civilians(
                r#"(id: "first-blood", side: Some("jackals"), goal: Kills(1), reward: Win)"#,
                neutral_kills,
            );
            let (jackals, civilians) = (
                seat_of(&race, "chrome-jackals"),
                seat_of(&race, "ash-vipers"),
            );
            assert_eq!(race.kill_scores(jackals, civilians), neutral_kills);
            let civilian = race
                .cars_of(civilians)
                .find(|c| race.car(*c).place.in_race())
                .expect("a civilian car");
            let scored_by = race.kill_scores(jackals, civilians).then_some(jackals);
            race.record(RaceEvent::Eliminated {
                car: civilian,
                scored_by,
            });
            race.put(civilian, Place::Destroyed, Motion::Eliminated);
            let expected = if neutral_kills {
                Some(RaceResult::SideWon(SideId(0)))
            } else {
                None
            };
            assert_eq!(race.result(), expected, "neutral kills: {neutral_kills}");
        }
    }

    #[test]
    fn a_neutral_car_crossing_the_line_meets_and_beats_no_ones_laps() {
        let mut race = with_civilians(r#"(id: "lap", goal: Laps(1), reward: Win)"#, false);
        let civilians = seat_of(&race, "ash-vipers");
        let civilian = race.cars_of(civilians).next().expect("a civilian car");
        race.record(RaceEvent::LineCrossed {
            car: civilian,
            forward: true,
        });
        assert_eq!(
            race.objective_status(ObjectiveId(0)),
            Some(ObjectiveStatus::Open)
        );
        assert!(!race.is_over());
    }

    #[test]
    fn a_side_that_sits_out_cannot_play_and_claims_nothing_when_neutral() {
        let race = with_civilians(r#"(id: "lap", goal: Laps(2), reward: Win)"#, false);
        let civilians = seat_of(&race, "ash-vipers");
        assert!(race.sits_out(civilians));
        assert!(
            !race.can_play(civilians),
            "it holds cards and cars, but sits out"
        );
        assert!(!race.sits_out(seat_of(&race, "rust-reapers")));
        assert!(!race.claims_from(civilians, Score::Finish));
    }

    #[test]
    fn survival_fails_at_the_end_of_a_turn_the_side_has_no_car_in_the_race() {
        let mut race =
            race_with(r#"(id: "hold-out", side: Some("reapers"), goal: Survive(5), reward: Win)"#);
        let (cars, seat) = reapers(&race);
        race.empty_reserve(seat);
        for car in &cars {
            race.put(*car, Place::Destroyed, Motion::Eliminated);
        }
        race.record(RaceEvent::TurnEnded { turn: 1 });
        assert_eq!(
            race.objective_status(ObjectiveId(0)),
            Some(ObjectiveStatus::Failed)
        );
        assert_eq!(race.result(), None);
    }

    #[test]
    fn the_outcome_search_rewinds_a_missions_progress_with_the_cars() {
        let mut race = race_with(r#"(id: "laps", goal: Laps(3), reward: Win)"#);
        let car = race.car_ids().next().expect("a car");
        let mut mark = crate::rules::state::mark::Mark::default();
        race.mark(&mut mark);
        race.record(RaceEvent::LineCrossed { car, forward: true });
        assert_eq!(
            race.objective_progress(
                ObjectiveId(0),
                race.side_of(race.car(car).player).expect("side")
            ),
            Some(1)
        );
        race.rewind(&mark);
        let side = race.side_of(race.car(car).player).expect("side");
        assert_eq!(race.objective_progress(ObjectiveId(0), side), Some(0));
    }
}
