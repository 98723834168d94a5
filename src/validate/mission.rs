//! Checks of a mission against the content and the track it is played on, and the checked
//! mission the rules play ([`CheckedMission`]).
//!
//! A mission names teams, cars, spaces, cards and sides; every name is looked up here, and
//! each problem is reported at its line with a code of its own, so that the engine never meets
//! a side it cannot seat or an objective it cannot read.

use std::collections::BTreeSet;
use std::num::NonZeroU32;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::checked::Content;
use super::checked_track::{CellId, CheckedTrack, SpaceId};
use super::diagnostic::ObjectRef;
use super::limits::MAX_DECK_CARDS;
use super::locate::Needle;
use super::report::FileReport;
use crate::content::mission::{
    DeckChange, DeckName, Goal, Mission, MissionSetup, Reward, Side, Tie, VpRules,
};
use crate::content::movement_events::MovementEvent;
use crate::content::scenario::{CarPlacement, CarRef};
use crate::content::text::{Id, Text};

/// A side's index in its mission, in file order.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct SideId(pub u8);

impl SideId {
    /// The index.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// An objective's index in its mission, in file order.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct ObjectiveId(pub u16);

impl ObjectiveId {
    /// The index.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A checked side.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CheckedSide {
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: Text,
    /// Its teams, as indices into the content's teams.
    pub teams: Vec<usize>,
    /// The id of the bot profile that always plays it.
    pub bot: Option<Id>,
    /// Whether its teams claim VP for crossings (and a point-to-point track's end).
    pub claims_finish: bool,
    /// Whether its teams claim VP for kills.
    pub claims_kills: bool,
    /// The cars each of its teams races at once; `None`: the ruleset's.
    pub cars: Option<u8>,
    /// The cars each of its teams holds in reserve; `None`: the rest of its mat.
    pub reserve: Option<u8>,
    /// Damage each of its cars starts with.
    pub damage: u8,
    /// Added to its cars' defense (kept within 1-3).
    pub defense: i8,
    /// Whether it is no one's side (it never wins, pursues nothing, claims nothing).
    pub neutral: bool,
    /// The first turns its cars sit out.
    pub sits_out: u32,
}

/// A car named by a mission: its team (an index into the content's teams) and its index on
/// the team mat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MatCar {
    /// The team.
    pub team: usize,
    /// The car's index on the mat.
    pub mat_index: u16,
}

/// A checked goal: the names of [`Goal`] looked up.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CheckedGoal {
    /// Crossings of the finish line by one car of the side, first.
    Laps(u8),
    /// Kills of cars of other sides, first.
    Kills(u8),
    /// The car is destroyed.
    Eliminate(MatCar),
    /// The car crosses the finish line this many times.
    Escort(MatCar, u8),
    /// A car of the side in the race at the end of this turn.
    Survive(u32),
    /// A car of the side (every car of it in the race, when the flag is set) on one of the
    /// spaces at the end of this many turns.
    Hold(Vec<SpaceId>, u8, bool),
    /// No car of another side left.
    Wipeout,
    /// No car of the side left to race.
    AllOut,
    /// A car of the side left by the back.
    LeftBehind,
    /// Every part met by the side.
    All(Vec<ObjectiveId>),
    /// One part met by the side.
    Any(Vec<ObjectiveId>),
    /// The parts met by the side in order.
    Then(Vec<ObjectiveId>),
}

impl CheckedGoal {
    /// How many steps meet it (crossings, kills, turns held), for progress shown as `n/of`.
    #[must_use]
    pub fn target(&self) -> u32 {
        match self {
            Self::Laps(n) | Self::Kills(n) | Self::Escort(_, n) | Self::Hold(_, n, _) => {
                u32::from(*n)
            }
            Self::Survive(turn) => *turn,
            Self::Eliminate(_) | Self::Wipeout | Self::AllOut | Self::LeftBehind | Self::Any(_) => {
                1
            }
            Self::All(parts) | Self::Then(parts) => parts.len() as u32,
        }
    }

    /// The car the goal names, when its kind names one.
    #[must_use]
    pub fn named_car(&self) -> Option<MatCar> {
        match self {
            Self::Eliminate(car) | Self::Escort(car, _) => Some(*car),
            Self::Laps(_)
            | Self::Kills(_)
            | Self::Survive(_)
            | Self::Hold(..)
            | Self::Wipeout
            | Self::AllOut
            | Self::LeftBehind
            | Self::All(_)
            | Self::Any(_)
            | Self::Then(_) => None,
        }
    }

    /// The objectives the goal is made of.
    #[must_use]
    pub fn parts(&self) -> &[ObjectiveId] {
        match self {
            Self::All(parts) | Self::Any(parts) | Self::Then(parts) => parts,
            Self::Laps(_)
            | Self::Kills(_)
            | Self::Eliminate(_)
            | Self::Escort(..)
            | Self::Survive(_)
            | Self::Hold(..)
            | Self::Wipeout
            | Self::AllOut
            | Self::LeftBehind => &[],
        }
    }
}

/// A checked objective.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CheckedObjective {
    /// Its id.
    pub id: Id,
    /// Its side; `None`: every side races for it.
    pub side: Option<SideId>,
    /// What meets it.
    pub goal: CheckedGoal,
    /// What it is worth.
    pub reward: Reward,
    /// The part before it in the sequence ([`CheckedGoal::Then`]) it is a step of, if any: it
    /// counts only once that part is met.
    pub after: Option<ObjectiveId>,
    /// The objectives that name it as a part.
    pub part_of: Vec<ObjectiveId>,
}

/// A checked deck change: cards by their index in the pack's deck.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct CardChange {
    deck: DeckName,
    card: usize,
    delta: i64,
}

/// A deck change with its cards' names as the pack has them: a card a mission takes out
/// entirely is no longer in the race's content, so its name is kept here.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NamedDeckChange {
    /// The change as the file says it.
    pub change: DeckChange,
    /// The name of the card it adds, takes out or replaces.
    pub card: Text,
    /// The name of the card a replacement puts in.
    pub with: Option<Text>,
}

impl NamedDeckChange {
    /// The change with its cards' names found in `content` (an id stands in for a name it
    /// lacks).
    fn new(change: &DeckChange, content: &Content) -> Self {
        let name = |deck: DeckName, id: &Id| -> Text {
            let found = match deck {
                DeckName::Race => content
                    .race_deck
                    .iter()
                    .find(|c| c.id == *id)
                    .map(|c| &c.name),
                DeckName::MovementEvent => content
                    .movement_events
                    .iter()
                    .find(|c| c.id == *id)
                    .map(|c| &c.name),
                DeckName::Combat => content
                    .combat_deck
                    .iter()
                    .find(|c| c.id == *id)
                    .map(|c| &c.name),
            };
            found.cloned().unwrap_or_else(|| Text::from(id.as_str()))
        };
        match change {
            DeckChange::Add { deck, card, .. } | DeckChange::Remove { deck, card, .. } => Self {
                change: change.clone(),
                card: name(*deck, card),
                with: None,
            },
            DeckChange::Replace {
                deck, card, with, ..
            } => Self {
                change: change.clone(),
                card: name(*deck, card),
                with: Some(name(*deck, with)),
            },
        }
    }
}

/// A mission whose every name was found: the sides seat, the objectives read, the decks
/// change as it says. Only exists when its check found no error.
#[derive(Clone, PartialEq, Debug)]
pub struct CheckedMission {
    /// Its name.
    pub name: Text,
    /// Its briefing.
    pub briefing: Text,
    /// The ruleset's id.
    pub ruleset: Id,
    /// The sides, in file order.
    pub sides: Vec<CheckedSide>,
    /// The teams in seat order (round robin over the sides), as content indices.
    pub seats: Vec<usize>,
    /// The player counts allowed, ascending.
    pub players: Vec<u8>,
    /// Where the cars start.
    pub setup: MissionSetup,
    /// Which sources of VP count, and how much.
    pub vp: VpRules,
    /// Whether a car may attack a car of its own side.
    pub friendly_fire: crate::content::mission::FriendlyFire,
    /// The objectives, in file order.
    pub objectives: Vec<CheckedObjective>,
    /// The turn at whose end the race stops.
    pub turn_limit: u32,
    /// Whether the most VP wins at the limit.
    pub most_vp: bool,
    /// Who wins a tie at the limit; `None`: a draw.
    pub tie_winner: Option<SideId>,
    /// The scores that break a tie before `tie_winner`, in order.
    pub tie_breaks: Vec<crate::content::mission::TieBreak>,
    /// The deck changes as the file lists them, with their cards' names (for its sheet; the
    /// race content is made with [`Self::content`]).
    pub deck_changes: Vec<NamedDeckChange>,
    changes: Vec<CardChange>,
}

impl CheckedMission {
    /// Checks a mission built in memory against `content` and `track` (diagnostics point into
    /// its canonical text).
    pub fn from_mission(
        mission: &Mission,
        content: &Content,
        track: &CheckedTrack,
    ) -> Result<Self, Vec<super::Diagnostic>> {
        super::report::check_in_memory(mission, "mission.ron", |report| {
            check(mission, content, track, report)
        })
    }

    /// The sides' ids, in file order (at most [`MAX_SIDES`], so each fits).
    pub fn side_ids(&self) -> impl Iterator<Item = SideId> + '_ {
        (0..self.sides.len()).map(|i| SideId(i as u8))
    }

    /// The objectives' ids, in file order (at most [`MAX_OBJECTIVES`], so each fits).
    pub fn objective_ids(&self) -> impl Iterator<Item = ObjectiveId> + '_ {
        (0..self.objectives.len()).map(|i| ObjectiveId(i as u16))
    }

    /// The side a team plays on.
    #[must_use]
    pub fn side_of_team(&self, team: usize) -> Option<SideId> {
        self.sides
            .iter()
            .position(|side| side.teams.contains(&team))
            .map(|i| SideId(i as u8))
    }

    /// The teams seated for a race of `players` (the first seats of the round robin).
    #[must_use]
    pub fn seated(&self, players: usize) -> &[usize] {
        &self.seats[..players.min(self.seats.len())]
    }

    /// The player count a race runs with when none is asked: every team the sides name.
    #[must_use]
    pub fn default_players(&self) -> usize {
        self.seats.len()
    }

    /// The content a race of this mission is played with: its deck changes made, bonus cards
    /// taken out when bonuses are off, and its pool and clock in its ruleset.
    #[must_use]
    pub fn content(&self, base: &Content) -> Content {
        let mut content = base.clone();
        recount(&mut content.race_deck, &self.changes, DeckName::Race, |c| {
            &mut c.count
        });
        recount(
            &mut content.movement_events,
            &self.changes,
            DeckName::MovementEvent,
            |c| &mut c.count,
        );
        recount(
            &mut content.combat_deck,
            &self.changes,
            DeckName::Combat,
            |c| &mut c.count,
        );
        if !self.vp.bonuses {
            content.movement_events.retain(|c| {
                !matches!(
                    c.effect,
                    MovementEvent::Bounty { .. } | MovementEvent::RaceBonus { .. }
                )
            });
        }
        // A side's defense change is made to its teams' cars, which every rule reads.
        for side in self.sides.iter().filter(|s| s.defense != 0) {
            for team in &side.teams {
                if let Some(team) = content.teams.get_mut(*team) {
                    for car in &mut team.cars {
                        car.defense = car.defense.changed(side.defense);
                    }
                }
            }
        }
        if let Some(ruleset) = content.rulesets.get_mut(&self.ruleset) {
            if let Some(pool) = self.vp.pool {
                ruleset.victory_points = pool;
            }
            if let Some(clock) = self.vp.clock {
                ruleset.countdown_clock = clock;
            }
        }
        content
    }
}

/// Applies the changes to one deck's counts; a card whose copies all went is out of the deck.
fn recount<T>(
    cards: &mut Vec<T>,
    changes: &[CardChange],
    deck: DeckName,
    count: impl Fn(&mut T) -> &mut NonZeroU32,
) {
    let mut totals: Vec<i64> = cards
        .iter_mut()
        .map(|card| i64::from(count(card).get()))
        .collect();
    for change in changes.iter().filter(|c| c.deck == deck) {
        totals[change.card] += change.delta;
    }
    let mut totals = totals.into_iter();
    cards.retain_mut(|card| {
        let total = totals.next().unwrap_or(0).clamp(0, i64::from(u32::MAX));
        match NonZeroU32::new(total as u32) {
            Some(total) => {
                *count(card) = total;
                true
            }
            None => false,
        }
    });
}

/// The most copies a mission may add of one card.
pub const MAX_ADDED_COPIES: u32 = 1_000;

/// The most sides a mission may have (a side is counted in 8 bits).
pub const MAX_SIDES: usize = 32;

/// The most objectives a mission may have (an objective is counted in 16 bits).
pub const MAX_OBJECTIVES: usize = 256;

/// The latest turn limit a mission may set (a bot race of the rulebook ends long before).
pub const MAX_TURN_LIMIT: u32 = 10_000;

/// Checks a mission against the content and track it names; returns the checked mission when
/// it found no error.
pub fn check(
    mission: &Mission,
    content: &Content,
    track: &CheckedTrack,
    report: &mut FileReport<'_>,
) -> Option<CheckedMission> {
    let errors = report.error_count();
    if mission.sides.len() > MAX_SIDES || mission.objectives.len() > MAX_OBJECTIVES {
        report.error(
            "mission-too-big",
            None,
            &[Needle::Field("sides")],
            format!(
                "the mission has {} sides and {} objectives; it may have at most {MAX_SIDES} \
                 sides and {MAX_OBJECTIVES} objectives",
                mission.sides.len(),
                mission.objectives.len()
            ),
        );
        return None;
    }
    report.check_ids(
        "side",
        mission.sides.iter().map(|s| (&s.id, side_object(s))),
    );
    report.check_ids(
        "objective",
        mission
            .objectives
            .iter()
            .map(|o| (&o.id, ObjectRef::Objective { id: o.id.clone() })),
    );
    let ruleset = content.rulesets.get(&mission.ruleset);
    if ruleset.is_none() {
        report.error(
            "unknown-ruleset",
            None,
            &[Needle::Field("ruleset")],
            format!("the content has no ruleset `{}`", mission.ruleset),
        );
    }
    let sides = check_sides(mission, content, ruleset, report);
    let seats = round_robin(&sides);
    let players = check_players(mission, content, &sides, &seats, ruleset, report);
    check_setup(
        mission, content, track, &sides, &seats, &players, ruleset, report,
    );
    let changes = check_deck_changes(mission, content, report);
    check_vp(mission.vp, report);
    let find_side = |id: &Id| {
        mission
            .sides
            .iter()
            .position(|s| s.id == *id)
            .map(|i| SideId(i as u8))
    };
    let turn_limit = check_turn_limit(mission, report);
    let tie_winner = check_tie(mission, &sides, &find_side, report);
    let objectives = check_objectives(mission, content, track, &sides, &find_side, report);
    if let Some(ruleset) = ruleset {
        check_named_cars_race(
            mission,
            content,
            &sides,
            &objectives,
            &players,
            ruleset,
            report,
        );
    }
    if report.error_count() > errors {
        return None;
    }
    let mut players = players;
    players.sort_unstable();
    Some(CheckedMission {
        name: mission.name.clone(),
        briefing: mission.briefing.clone(),
        ruleset: mission.ruleset.clone(),
        sides,
        seats,
        players,
        setup: mission.setup.clone(),
        vp: mission.vp,
        friendly_fire: mission.friendly_fire,
        objectives,
        turn_limit,
        most_vp: mission.turn_limit.most_vp,
        tie_winner,
        tie_breaks: mission.turn_limit.tie_breaks.clone(),
        deck_changes: mission
            .deck_changes
            .iter()
            .map(|change| NamedDeckChange::new(change, content))
            .collect(),
        changes,
    })
}

/// The side the turn limit's tie goes to, found, and not a neutral one (reported).
fn check_tie(
    mission: &Mission,
    sides: &[CheckedSide],
    find_side: &dyn Fn(&Id) -> Option<SideId>,
    report: &mut FileReport<'_>,
) -> Option<SideId> {
    match &mission.turn_limit.ties {
        Tie::Draw => None,
        Tie::Side(id) => {
            let side = find_side(id);
            if side.is_none() {
                report.error(
                    "unknown-side",
                    None,
                    &[Needle::Field("ties"), Needle::Value(id.as_str())],
                    format!("the turn limit's tie goes to side `{id}`, which is not a side"),
                );
            }
            if side.is_some_and(|s| sides.get(s.index()).is_some_and(|s| s.neutral)) {
                report.error(
                    "objective-neutral-side",
                    None,
                    &[Needle::Field("ties"), Needle::Value(id.as_str())],
                    format!(
                        "the turn limit's tie goes to side `{id}`, which is neutral: it wins \
                         nothing"
                    ),
                );
            }
            side
        }
    }
}

/// A warning for each car an objective names (to escort, to destroy) that a race of the
/// mission does not put on the track at the start: on the grid each team races its first cars
/// on the mat (the ruleset's cars per team for the field), in a placed setup the cars placed.
/// Such a car comes in only as a replacement, if ever: the objective waits on its team losing
/// cars first.
fn check_named_cars_race(
    mission: &Mission,
    content: &Content,
    sides: &[CheckedSide],
    objectives: &[CheckedObjective],
    players: &[u8],
    ruleset: &super::checked::Ruleset,
    report: &mut FileReport<'_>,
) {
    for (objective, raw) in objectives.iter().zip(&mission.objectives) {
        let (CheckedGoal::Escort(car, _) | CheckedGoal::Eliminate(car)) = &objective.goal else {
            continue;
        };
        let team = &content.teams[car.team];
        let number = &team.cars[usize::from(car.mat_index)].number;
        let why = match &mission.setup {
            MissionSetup::Grid => {
                // The field sizes that leave it in the reserve, grouped by the cars each seats.
                let mut by_cars: Vec<(u8, Vec<String>)> = Vec::new();
                for count in players {
                    let Some(&per_team) = ruleset.cars_by_players.get(count) else {
                        continue;
                    };
                    let per_team = team_cars(sides, car.team, per_team);
                    if car.mat_index < u16::from(per_team) {
                        continue;
                    }
                    match by_cars.iter_mut().find(|(cars, _)| *cars == per_team) {
                        Some((_, counts)) => counts.push(count.to_string()),
                        None => by_cars.push((per_team, vec![count.to_string()])),
                    }
                }
                if by_cars.is_empty() {
                    continue;
                }
                let parts: Vec<String> = by_cars
                    .iter()
                    .map(|(cars, counts)| {
                        format!("of {} players its first {cars}", counts.join(" or "))
                    })
                    .collect();
                format!(
                    "a race seats only its team's cars in mat order, {}",
                    parts.join(", ")
                )
            }
            MissionSetup::Placed(placed) => {
                if placed
                    .iter()
                    .any(|p| p.team == team.id && p.number == *number)
                {
                    continue;
                }
                "the setup does not place it".to_owned()
            }
        };
        report.warning(
            "mission-car-in-reserve",
            Some(ObjectRef::Objective { id: raw.id.clone() }),
            &[Needle::Value(raw.id.as_str())],
            format!(
                "objective `{}` names {} #{number}, which starts in the reserve: {why}; it \
                 comes in only as a replacement, after its team loses a car",
                raw.id, team.name
            ),
        );
    }
}

/// The mission's turn limit, reported when it is not 1-[`MAX_TURN_LIMIT`].
fn check_turn_limit(mission: &Mission, report: &mut FileReport<'_>) -> u32 {
    let turn_limit = mission.turn_limit.turn;
    if turn_limit == 0 || turn_limit > MAX_TURN_LIMIT {
        report.error(
            "turn-limit-out-of-range",
            None,
            &[Needle::Field("turn_limit"), Needle::Field("turn")],
            format!("the turn limit is {turn_limit}; it must be 1-{MAX_TURN_LIMIT}"),
        );
    }
    turn_limit
}

fn side_object(side: &Side) -> ObjectRef {
    ObjectRef::Side {
        id: side.id.clone(),
    }
}

fn team_index(content: &Content, id: &Id) -> Option<usize> {
    content.teams.iter().position(|t| t.id == *id)
}

/// The sides with their teams looked up; unknown teams, teams on two sides and empty sides
/// are reported.
fn check_sides(
    mission: &Mission,
    content: &Content,
    ruleset: Option<&super::checked::Ruleset>,
    report: &mut FileReport<'_>,
) -> Vec<CheckedSide> {
    let contending = mission.sides.iter().filter(|s| !s.neutral).count();
    if contending < 2 {
        report.error(
            "mission-needs-two-sides",
            None,
            &[Needle::Field("sides")],
            format!(
                "the mission has {contending} side(s) that can win; it needs at least two (a \
                 cooperative mission puts the players on one side against a side of bots; a \
                 neutral side wins nothing)"
            ),
        );
    }
    for side in mission
        .sides
        .iter()
        .filter(|s| s.neutral && s.bot.is_none())
    {
        report.error(
            "neutral-side-needs-bot",
            Some(side_object(side)),
            &[Needle::Value(side.id.as_str()), Needle::Field("neutral")],
            format!(
                "side `{}` is neutral: it is no one's to play, so a bot profile plays it; say \
                 which (`bot: Some(\"...\")`)",
                side.id
            ),
        );
    }
    let mut seen: BTreeSet<usize> = BTreeSet::new();
    let mut sides = Vec::new();
    for side in &mission.sides {
        if side.teams.is_empty() {
            report.error(
                "side-without-teams",
                Some(side_object(side)),
                &[Needle::Value(side.id.as_str()), Needle::Field("teams")],
                format!("side `{}` has no team", side.id),
            );
        }
        let mut teams = Vec::new();
        for team in &side.teams {
            let needles = [
                Needle::Value(side.id.as_str()),
                Needle::Value(team.as_str()),
            ];
            match team_index(content, team) {
                None => report.error(
                    "unknown-team",
                    Some(side_object(side)),
                    &needles,
                    format!(
                        "side `{}` names team `{team}`, which the team mats lack",
                        side.id
                    ),
                ),
                Some(index) if !seen.insert(index) => report.error(
                    "team-on-two-sides",
                    Some(side_object(side)),
                    &needles,
                    format!(
                        "team `{team}` is named twice (side `{}` and another, or twice on it); \
                         a team plays on one side",
                        side.id
                    ),
                ),
                Some(index) => teams.push(index),
            }
        }
        if let Some(ruleset) = ruleset {
            check_side_cars(side, ruleset, report);
        }
        let scores = |score| side.scores.as_ref().is_none_or(|s| s.contains(&score));
        sides.push(CheckedSide {
            id: side.id.clone(),
            name: side.name.clone(),
            teams,
            bot: side.bot.clone(),
            claims_finish: scores(crate::content::mission::Score::Finish),
            claims_kills: scores(crate::content::mission::Score::Kills),
            cars: side.cars,
            reserve: side.reserve,
            damage: side.damage,
            defense: side.defense,
            neutral: side.neutral,
            sits_out: side.sits_out,
        });
    }
    sides
}

/// A side's cars a team within its mat (1 to the ruleset's cars on a mat) and their starting
/// damage short of what eliminates.
fn check_side_cars(side: &Side, ruleset: &super::checked::Ruleset, report: &mut FileReport<'_>) {
    if let Some(cars) = side.cars
        && (cars == 0 || cars > ruleset.cars_on_mat)
    {
        report.error(
            "side-cars-range",
            Some(side_object(side)),
            &[Needle::Value(side.id.as_str()), Needle::Field("cars")],
            format!(
                "side `{}` races {cars} cars a team; it must be 1 to the {} cars on a mat of \
                 ruleset `{}`",
                side.id, ruleset.cars_on_mat, ruleset.id
            ),
        );
    }
    if let Some(reserve) = side.reserve
        && u16::from(side.cars.unwrap_or(1)) + u16::from(reserve) > u16::from(ruleset.cars_on_mat)
    {
        report.warning(
            "side-cars-range",
            Some(side_object(side)),
            &[Needle::Value(side.id.as_str()), Needle::Field("reserve")],
            format!(
                "side `{}` keeps {reserve} cars in reserve; a mat of ruleset `{}` holds {} in \
                 all, so it keeps what is left",
                side.id, ruleset.id, ruleset.cars_on_mat
            ),
        );
    }
    if side.damage >= ruleset.eliminating_damage {
        report.error(
            "side-damage-range",
            Some(side_object(side)),
            &[Needle::Value(side.id.as_str()), Needle::Field("damage")],
            format!(
                "side `{}` starts its cars with {} damage; the {}th eliminates (ruleset `{}`)",
                side.id, side.damage, ruleset.eliminating_damage, ruleset.id
            ),
        );
    }
}

/// The teams in seat order: the first team of each side, then the second of each, and so on.
fn round_robin(sides: &[CheckedSide]) -> Vec<usize> {
    let longest = sides.iter().map(|s| s.teams.len()).max().unwrap_or(0);
    (0..longest)
        .flat_map(|k| sides.iter().filter_map(move |s| s.teams.get(k).copied()))
        .collect()
}

/// The player counts the mission allows, each one checked: within the seated teams, covered
/// by the ruleset, and seating every side.
fn check_players(
    mission: &Mission,
    content: &Content,
    sides: &[CheckedSide],
    seats: &[usize],
    ruleset: Option<&super::checked::Ruleset>,
    report: &mut FileReport<'_>,
) -> Vec<u8> {
    let counts: Vec<u8> = if mission.players.is_empty() {
        vec![u8::try_from(seats.len()).unwrap_or(u8::MAX)]
    } else {
        mission.players.clone()
    };
    for &count in &counts {
        let needles = [Needle::Field("players")];
        let n = usize::from(count);
        if n > seats.len() || n < 2 {
            report.error(
                "mission-players-out-of-range",
                None,
                &needles,
                format!(
                    "the mission allows {count} players; its sides name {} teams, and a race \
                     needs at least 2",
                    seats.len()
                ),
            );
            continue;
        }
        if let Some(ruleset) = ruleset
            && !ruleset.cars_by_players.contains_key(&count)
        {
            report.error(
                "mission-players-not-covered",
                None,
                &needles,
                format!(
                    "the mission allows {count} players; ruleset `{}` does not cover {count}",
                    ruleset.id
                ),
            );
        }
        let seated = &seats[..n];
        let seated_sides: Vec<&CheckedSide> = sides
            .iter()
            .filter(|side| side.teams.iter().any(|t| seated.contains(t)))
            .collect();
        let contending = seated_sides.iter().filter(|s| !s.neutral).count();
        if contending < 2 && sides.iter().filter(|s| !s.neutral).count() >= 2 {
            report.error(
                "side-unseated",
                None,
                &needles,
                format!(
                    "with {count} players only {contending} side(s) that can win play (seats go \
                     round the sides in turn); a race of a mission needs two"
                ),
            );
        }
        for side in sides {
            let seated = seated_sides.iter().any(|s| s.id == side.id);
            // A neutral side is the mission's traffic: a race without it is another mission.
            if !seated
                && !side.teams.is_empty()
                && (side.neutral || named_sides(mission, content, sides).contains(&&side.id))
            {
                report.error(
                    "side-unseated",
                    Some(ObjectRef::Side {
                        id: side.id.clone(),
                    }),
                    &needles,
                    format!(
                        "with {count} players, side `{}` has no seat, yet the mission names it \
                         (it is neutral traffic, or an objective, a car or the tie is its); \
                         allow more players, or list its team earlier",
                        side.id
                    ),
                );
            }
        }
    }
    counts
}

/// The sides the mission cannot do without: those owning an objective or the tie, and those
/// whose cars an objective names.
fn named_sides<'a>(mission: &'a Mission, content: &Content, sides: &[CheckedSide]) -> Vec<&'a Id> {
    let mut named: Vec<&Id> = mission
        .objectives
        .iter()
        .filter_map(|o| o.side.as_ref())
        .collect();
    if let Tie::Side(id) = &mission.turn_limit.ties {
        named.push(id);
    }
    for objective in &mission.objectives {
        if let Goal::Eliminate(car) | Goal::Escort { car, .. } = &objective.goal
            && let Some(team) = team_index(content, &car.team)
            && let Some(side) = sides.iter().position(|s| s.teams.contains(&team))
        {
            named.push(&mission.sides[side].id);
        }
    }
    named
}

/// A mission car looked up: its team must be on a side, its number on the team's mat.
fn find_car(
    content: &Content,
    sides: &[CheckedSide],
    car: &CarRef,
    what: &str,
    report: &mut FileReport<'_>,
) -> Option<MatCar> {
    let needles = [
        Needle::Value(car.team.as_str()),
        Needle::Value(car.number.as_str()),
    ];
    let object = Some(ObjectRef::Car {
        team: car.team.clone(),
        number: car.number.clone(),
    });
    let Some(team) = team_index(content, &car.team) else {
        report.error(
            "unknown-team",
            object,
            &needles,
            format!("{what} names team `{}`, which the team mats lack", car.team),
        );
        return None;
    };
    if !sides.iter().any(|s| s.teams.contains(&team)) {
        report.error(
            "team-not-on-a-side",
            object,
            &needles,
            format!(
                "{what} names a car of team `{}`, which is on no side of the mission",
                car.team
            ),
        );
        return None;
    }
    let Some(mat_index) = content.teams[team]
        .cars
        .iter()
        .position(|c| c.number == car.number)
    else {
        report.error(
            "unknown-car",
            object,
            &needles,
            format!("team `{}` has no car #{}", car.team, car.number),
        );
        return None;
    };
    Some(MatCar {
        team,
        mat_index: mat_index as u16,
    })
}

/// A placed setup: every car found, no car placed twice, no two cars on one space outside the
/// trough, every space and off-track spot there, damage below the eliminating amount, and each
/// seated team with one to its cars per team placed.
#[allow(clippy::too_many_arguments)]
fn check_setup(
    mission: &Mission,
    content: &Content,
    track: &CheckedTrack,
    sides: &[CheckedSide],
    seats: &[usize],
    players: &[u8],
    ruleset: Option<&super::checked::Ruleset>,
    report: &mut FileReport<'_>,
) {
    let MissionSetup::Placed(cars) = &mission.setup else {
        if let Some(ruleset) = ruleset {
            check_grid_seats(track, sides, seats, players, ruleset, report);
        }
        return;
    };
    let mut placed: Vec<MatCar> = Vec::new();
    let mut taken: Vec<CellId> = Vec::new();
    for placement in cars {
        let who = CarRef {
            team: placement.team.clone(),
            number: placement.number.clone(),
        };
        let Some(car) = find_car(content, sides, &who, "the setup", report) else {
            continue;
        };
        let needles = [
            Needle::Value(placement.team.as_str()),
            Needle::Value(placement.number.as_str()),
        ];
        let object = Some(ObjectRef::Car {
            team: who.team.clone(),
            number: who.number.clone(),
        });
        if placed.contains(&car) {
            report.error(
                "car-placed-twice",
                object.clone(),
                &needles,
                format!("car #{} of `{}` is placed twice", who.number, who.team),
            );
        }
        placed.push(car);
        // The side's starting damage is added to the placement's.
        let side_damage = sides
            .iter()
            .find(|s| s.teams.contains(&car.team))
            .map_or(0, |s| s.damage);
        let damage = placement.damage.saturating_add(side_damage);
        if let Some(ruleset) = ruleset
            && damage >= ruleset.eliminating_damage
        {
            report.error(
                "placed-damage-too-high",
                object.clone(),
                &needles,
                format!(
                    "car #{} of `{}` starts with {damage} damage (its side's included); the \
                     ruleset eliminates at {}",
                    who.number, who.team, ruleset.eliminating_damage
                ),
            );
        }
        check_spot(placement, track, &mut taken, object, &needles, report);
    }
    let Some(ruleset) = ruleset else {
        return;
    };
    for &count in players {
        let Some(&ruleset_cars) = ruleset.cars_by_players.get(&count) else {
            continue;
        };
        for &team in &seats[..usize::from(count).min(seats.len())] {
            let per_team = team_cars(sides, team, ruleset_cars);
            let n = placed.iter().filter(|c| c.team == team).count();
            if n == 0 || n > usize::from(per_team) {
                let id = &content.teams[team].id;
                report.error(
                    "placed-cars-per-team",
                    Some(ObjectRef::Team { id: id.clone() }),
                    &[Needle::Field("setup"), Needle::Value(id.as_str())],
                    format!(
                        "team `{id}` has {n} car(s) placed; with {count} players it races \
                         1-{per_team}"
                    ),
                );
            }
        }
    }
}

/// The cars a team races at once: its side's count, or the ruleset's for the field.
fn team_cars(sides: &[CheckedSide], team: usize, ruleset_cars: u8) -> u8 {
    sides
        .iter()
        .find(|s| s.teams.contains(&team))
        .and_then(|s| s.cars)
        .unwrap_or(ruleset_cars)
}

/// A grid setup's field (each seated team's cars) for every player count the mission allows
/// fits the track's start.
fn check_grid_seats(
    track: &CheckedTrack,
    sides: &[CheckedSide],
    seats: &[usize],
    players: &[u8],
    ruleset: &super::checked::Ruleset,
    report: &mut FileReport<'_>,
) {
    for &count in players {
        let Some(&ruleset_cars) = ruleset.cars_by_players.get(&count) else {
            continue;
        };
        let field: usize = seats[..usize::from(count).min(seats.len())]
            .iter()
            .map(|team| usize::from(team_cars(sides, *team, ruleset_cars)))
            .sum();
        if field > track.start_places() {
            report.error(
                "mission-grid-too-small",
                None,
                &[Needle::Field("track")],
                format!(
                    "with {count} players the mission starts {field} cars on the grid; its track \
                     starts {}",
                    track.start_places()
                ),
            );
            return;
        }
    }
}

fn check_spot(
    placement: &CarPlacement,
    track: &CheckedTrack,
    taken: &mut Vec<CellId>,
    object: Option<ObjectRef>,
    needles: &[Needle<'_>],
    report: &mut FileReport<'_>,
) {
    use crate::content::race_deck::LaneSide;
    use crate::content::scenario::Spot;
    let (at, side) = match placement.at {
        Spot::Chute => return,
        Spot::Space(at) => (at, None),
        Spot::OffTrack { beside, side } => (beside, Some(side)),
    };
    let Some(space) = track.find(at) else {
        report.error(
            "unknown-space",
            object,
            needles,
            format!("the track has no space {at}"),
        );
        return;
    };
    if let Some(side) = side {
        let spots = track.sector(track.space(space).sector).off_track;
        let there = match side {
            LaneSide::Inside => spots.inside,
            LaneSide::Outside => spots.outside,
        };
        if !there {
            report.error(
                "no-off-track-spot",
                object,
                needles,
                format!("the sector of {at} has no off-track spot on its {side:?} side"),
            );
        }
        return;
    }
    if track.in_run_off(space) {
        report.error(
            "run-off-start",
            object.clone(),
            needles,
            format!(
                "{at} is in the run-off of this point-to-point track, past the finish line: a \
                 car placed there could never finish"
            ),
        );
    }
    let ground = track.space(space).ground;
    let cell = track.space(space).cell;
    if !ground.shared && taken.contains(&cell) {
        report.error(
            "space-placed-twice",
            object,
            needles,
            format!("two cars are placed on {at}"),
        );
    }
    taken.push(cell);
}

/// The deck changes with their cards found: counts above zero, nothing taken out that the
/// deck does not hold, no deck left empty.
fn check_deck_changes(
    mission: &Mission,
    content: &Content,
    report: &mut FileReport<'_>,
) -> Vec<CardChange> {
    let ids = |deck: DeckName| -> Vec<(&Id, u32)> {
        match deck {
            DeckName::Race => content
                .race_deck
                .iter()
                .map(|c| (&c.id, c.count.get()))
                .collect(),
            DeckName::MovementEvent => content
                .movement_events
                .iter()
                .map(|c| (&c.id, c.count.get()))
                .collect(),
            DeckName::Combat => content
                .combat_deck
                .iter()
                .map(|c| (&c.id, c.count.get()))
                .collect(),
        }
    };
    let mut counts: Vec<(DeckName, Vec<i64>)> =
        [DeckName::Race, DeckName::MovementEvent, DeckName::Combat]
            .into_iter()
            .map(|deck| (deck, ids(deck).iter().map(|(_, n)| i64::from(*n)).collect()))
            .collect();
    let mut changes = Vec::new();
    for change in &mission.deck_changes {
        let (deck, parts): (DeckName, Vec<(&Id, i64)>) = match change {
            DeckChange::Add { deck, card, count } => (*deck, vec![(card, i64::from(*count))]),
            DeckChange::Remove { deck, card, count } => (*deck, vec![(card, -i64::from(*count))]),
            DeckChange::Replace {
                deck,
                card,
                with,
                count,
            } => (
                *deck,
                vec![(card, -i64::from(*count)), (with, i64::from(*count))],
            ),
        };
        let count = match change {
            DeckChange::Add { count, .. }
            | DeckChange::Remove { count, .. }
            | DeckChange::Replace { count, .. } => *count,
        };
        if count == 0 || count > MAX_ADDED_COPIES {
            report.error(
                "deck-change-count",
                None,
                &[Needle::Field("deck_changes"), Needle::Field("count")],
                format!("a deck change moves {count} copies; it must move 1-{MAX_ADDED_COPIES}"),
            );
            continue;
        }
        let deck_ids = ids(deck);
        let deck_counts = &mut counts.iter_mut().find(|(d, _)| *d == deck).map(|(_, c)| c);
        for (id, delta) in parts {
            let Some(card) = deck_ids.iter().position(|(i, _)| **i == *id) else {
                report.error(
                    "unknown-card",
                    None,
                    &[Needle::Field("deck_changes"), Needle::Value(id.as_str())],
                    format!("the {} has no card `{id}`", deck_label(deck)),
                );
                continue;
            };
            if let Some(counts) = deck_counts.as_deref_mut() {
                counts[card] += delta;
                if counts[card] < 0 {
                    report.error(
                        "deck-change-too-many",
                        None,
                        &[Needle::Field("deck_changes"), Needle::Value(id.as_str())],
                        format!(
                            "the mission takes out more copies of `{id}` than the {} holds",
                            deck_label(deck)
                        ),
                    );
                    counts[card] = 0;
                }
            }
            changes.push(CardChange { deck, card, delta });
        }
    }
    check_deck_totals(&counts, report);
    changes
}

/// Each deck as the mission's changes leave it: neither empty nor past the cards a deck may
/// hold.
fn check_deck_totals(counts: &[(DeckName, Vec<i64>)], report: &mut FileReport<'_>) {
    for (deck, counts) in counts {
        // Each change is held to MAX_ADDED_COPIES, but changes add up: the deck the race plays
        // with is held to the same limit as a pack's deck.
        let total = counts.iter().sum::<i64>();
        if total > i64::try_from(MAX_DECK_CARDS).unwrap_or(i64::MAX) {
            report.error(
                "deck-too-large",
                None,
                &[Needle::Field("deck_changes")],
                format!(
                    "the mission's changes make the {} {total} cards; a deck may hold at most \
                     {MAX_DECK_CARDS}",
                    deck_label(*deck)
                ),
            );
        }
        if total == 0 {
            report.error(
                "deck-change-empties",
                None,
                &[Needle::Field("deck_changes")],
                format!(
                    "the mission's changes leave the {} empty",
                    deck_label(*deck)
                ),
            );
        }
    }
}

fn deck_label(deck: DeckName) -> &'static str {
    match deck {
        DeckName::Race => "race deck",
        DeckName::MovementEvent => "movement event deck",
        DeckName::Combat => "combat deck",
    }
}

fn check_vp(vp: VpRules, report: &mut FileReport<'_>) {
    if vp.pool == Some(0) {
        report.error(
            "mission-pool-zero",
            None,
            &[Needle::Field("vp"), Needle::Field("pool")],
            "the mission's pools hold 0 VP; a pool needs at least 1".to_owned(),
        );
    }
}

/// The objectives with their sides, cars and spaces found; an objective no side can meet is
/// reported with why.
fn check_objectives(
    mission: &Mission,
    content: &Content,
    track: &CheckedTrack,
    sides: &[CheckedSide],
    find_side: &dyn Fn(&Id) -> Option<SideId>,
    report: &mut FileReport<'_>,
) -> Vec<CheckedObjective> {
    if mission.objectives.is_empty() {
        report.warning(
            "mission-without-objectives",
            None,
            &[Needle::Field("objectives")],
            "the mission has no objective: it plays as a race of pools with sides".to_owned(),
        );
    }
    let mut out = Vec::new();
    for objective in &mission.objectives {
        let id = objective.id.as_str();
        let object = Some(ObjectRef::Objective {
            id: objective.id.clone(),
        });
        let side = objective.side.as_ref().map(|name| (name, find_side(name)));
        if let Some((name, None)) = side {
            report.error(
                "unknown-side",
                object,
                &[Needle::Value(id), Needle::Value(name.as_str())],
                format!("objective `{id}` belongs to side `{name}`, which is not a side"),
            );
            continue;
        }
        let side = side.and_then(|(_, side)| side);
        if let Some(neutral) = side
            .and_then(|s| sides.get(s.index()))
            .filter(|s| s.neutral)
        {
            report.error(
                "objective-neutral-side",
                object.clone(),
                &[Needle::Value(id), Needle::Value(neutral.id.as_str())],
                format!(
                    "objective `{id}` is side `{}`'s, which is neutral: a neutral side pursues \
                     nothing and wins nothing",
                    neutral.id
                ),
            );
            continue;
        }
        let sought = Sought {
            mission,
            content,
            track,
            sides,
        };
        let Some(goal) = sought.goal(objective, side, report) else {
            continue;
        };
        if let Reward::Vp(0) = objective.reward {
            report.warning(
                "objective-worth-nothing",
                object,
                &[Needle::Value(id), Needle::Field("reward")],
                format!("objective `{id}` is worth 0 VP"),
            );
        }
        out.push(CheckedObjective {
            id: objective.id.clone(),
            side,
            goal,
            reward: objective.reward,
            after: None,
            part_of: Vec::new(),
        });
    }
    if out.len() == mission.objectives.len() {
        super::mission_parts::check(mission, &mut out, report);
    }
    out
}

/// What an objective's goal is checked against.
struct Sought<'a> {
    mission: &'a Mission,
    content: &'a Content,
    track: &'a CheckedTrack,
    sides: &'a [CheckedSide],
}

impl Sought<'_> {
    /// The car an objective names, found, and whether it is its side's own (`None` for an
    /// objective of no side: one that ends the race in a draw, or settles it, needs none);
    /// `None` when it is not found or needs a side it lacks (reported).
    fn named_car(
        &self,
        objective: &crate::content::mission::Objective,
        car: &CarRef,
        side: Option<SideId>,
        report: &mut FileReport<'_>,
    ) -> Option<(MatCar, Option<bool>)> {
        let found = find_car(self.content, self.sides, car, "the objective", report)?;
        let Some(side) = side else {
            if matches!(objective.reward, Reward::Draw | Reward::End) {
                return Some((found, None));
            }
            let id = objective.id.as_str();
            report.error(
                "objective-needs-side",
                Some(ObjectRef::Objective {
                    id: objective.id.clone(),
                }),
                &[Needle::Value(id)],
                format!(
                    "objective `{id}` names a car, so it belongs to a side: say which (only \
                     one that ends the race in a draw, or settles it, may have none)"
                ),
            );
            return None;
        };
        Some((
            found,
            Some(self.sides[side.index()].teams.contains(&found.team)),
        ))
    }

    /// An objective's goal with its names found, or `None` when it has an error (reported).
    fn goal(
        &self,
        objective: &crate::content::mission::Objective,
        side: Option<SideId>,
        report: &mut FileReport<'_>,
    ) -> Option<CheckedGoal> {
        let id = objective.id.as_str();
        let object = Some(ObjectRef::Objective {
            id: objective.id.clone(),
        });
        let unreachable = |report: &mut FileReport<'_>, why: String| {
            report.error(
                "objective-unreachable",
                object.clone(),
                &[Needle::Value(id), Needle::Field("goal")],
                format!("objective `{id}` can never be met: {why}"),
            );
            None
        };
        let limit = self.mission.turn_limit.turn;
        let side_teams: &[usize] = side
            .and_then(|s| self.sides.get(s.index()))
            .map_or(&[], |s| s.teams.as_slice());
        match &objective.goal {
            Goal::Laps(0) | Goal::Kills(0) | Goal::Escort { laps: 0, .. } => unreachable(
                report,
                "it asks for 0, which is met before the race".to_owned(),
            ),
            // A car crosses a point-to-point track's line once, and leaves the race by it.
            Goal::Laps(n) | Goal::Escort { laps: n, .. }
                if *n > 1 && self.track.point_to_point() =>
            {
                unreachable(
                    report,
                    format!(
                        "it asks for {n} crossings of the line of a point-to-point track, which \
                         a car crosses once, leaving the race by it"
                    ),
                )
            }
            Goal::Laps(n) => Some(CheckedGoal::Laps(*n)),
            Goal::Kills(k) => {
                let others = self.cars_to_kill(side_teams);
                if usize::from(*k) > others {
                    return unreachable(
                        report,
                        format!("the other sides' teams have {others} cars to kill, not {k}"),
                    );
                }
                Some(CheckedGoal::Kills(*k))
            }
            Goal::Eliminate(car) => {
                let (found, own) = self.named_car(objective, car, side, report)?;
                // A side may lose, draw or score nothing by its own car's loss, never win.
                if own == Some(true) && matches!(objective.reward, Reward::Win | Reward::Vp(_)) {
                    return unreachable(
                        report,
                        format!(
                            "car #{} is its own side's: its loss may lose or draw the race, \
                             not win it or score",
                            car.number
                        ),
                    );
                }
                Some(CheckedGoal::Eliminate(found))
            }
            Goal::Escort { car, laps } => {
                let (found, own) = self.named_car(objective, car, side, report)?;
                if own == Some(false) {
                    return unreachable(
                        report,
                        format!(
                            "car #{} of `{}` is another side's: a side escorts its own car",
                            car.number, car.team
                        ),
                    );
                }
                Some(CheckedGoal::Escort(found, *laps))
            }
            Goal::Survive(turn) if *turn == 0 || *turn > limit => unreachable(
                report,
                format!("turn {turn} is not a turn of the race (1-{limit})"),
            ),
            Goal::Survive(turn) => Some(CheckedGoal::Survive(*turn)),
            Goal::Hold {
                spaces,
                turns,
                every,
            } => self.hold(id, spaces, *turns, *every, report),
            Goal::Wipeout => Some(CheckedGoal::Wipeout),
            Goal::AllOut => Some(CheckedGoal::AllOut),
            Goal::LeftBehind if self.track.rolling().is_none() => unreachable(
                report,
                "the track does not roll: a car cannot drive off its back, and no rear tile is \
                 removed with it"
                    .to_owned(),
            ),
            Goal::LeftBehind => Some(CheckedGoal::LeftBehind),
            Goal::All(parts) => Some(CheckedGoal::All(self.parts(objective, parts, report)?)),
            Goal::Any(parts) => Some(CheckedGoal::Any(self.parts(objective, parts, report)?)),
            Goal::Then(parts) => Some(CheckedGoal::Then(self.parts(objective, parts, report)?)),
        }
    }

    /// The cars a side of `side_teams` can kill at most: every car of every other team.
    fn cars_to_kill(&self, side_teams: &[usize]) -> usize {
        self.sides
            .iter()
            .flat_map(|s| &s.teams)
            .filter(|t| !side_teams.contains(t))
            .map(|t| self.content.teams[*t].cars.len())
            .sum()
    }

    /// A hold's spaces found, and whether they can be held at all in the race.
    fn hold(
        &self,
        id: &str,
        spaces: &[crate::content::track::SpaceRef],
        turns: u8,
        every: bool,
        report: &mut FileReport<'_>,
    ) -> Option<CheckedGoal> {
        let limit = self.mission.turn_limit.turn;
        let unreachable = |report: &mut FileReport<'_>, why: String| {
            report.error(
                "objective-unreachable",
                Some(ObjectRef::Objective { id: Id::from(id) }),
                &[Needle::Value(id), Needle::Field("goal")],
                format!("objective `{id}` can never be met: {why}"),
            );
            None
        };
        if turns == 0 || u32::from(turns) > limit || spaces.is_empty() {
            return unreachable(
                report,
                format!(
                    "it asks for {turns} turns on {} spaces, in a race of {limit} turns",
                    spaces.len()
                ),
            );
        }
        let found = self.spaces(id, spaces, report);
        if let Some(at) = found.iter().find(|s| self.track.in_run_off(**s)) {
            // A car that enters the run-off has finished and leaves the road.
            return unreachable(
                report,
                format!(
                    "it holds {}, in the run-off of this point-to-point track, where no \
                             car stays",
                    self.track.at(*at)
                ),
            );
        }
        Some(CheckedGoal::Hold(found, turns, every))
    }

    /// The objectives a goal is made of, found by id; `None` when it names none or one the
    /// mission lacks (reported). How the parts fit together is [`super::mission_parts`]'s.
    fn parts(
        &self,
        objective: &crate::content::mission::Objective,
        parts: &[Id],
        report: &mut FileReport<'_>,
    ) -> Option<Vec<ObjectiveId>> {
        let id = objective.id.as_str();
        let object = Some(ObjectRef::Objective {
            id: objective.id.clone(),
        });
        if parts.is_empty() {
            report.error(
                "objective-unreachable",
                object,
                &[Needle::Value(id), Needle::Field("goal")],
                format!("objective `{id}` can never be met: it names no objective as a part"),
            );
            return None;
        }
        let mut found = Vec::new();
        for part in parts {
            match self.mission.objectives.iter().position(|o| o.id == *part) {
                Some(index) => found.push(ObjectiveId(index as u16)),
                None => report.error(
                    "unknown-objective",
                    object.clone(),
                    &[Needle::Value(id), Needle::Value(part.as_str())],
                    format!("objective `{id}` names `{part}` as a part, which is not an objective"),
                ),
            }
        }
        (found.len() == parts.len()).then_some(found)
    }

    /// The spaces an objective names, each one the track lacks reported.
    fn spaces(
        &self,
        id: &str,
        spaces: &[crate::content::track::SpaceRef],
        report: &mut FileReport<'_>,
    ) -> Vec<SpaceId> {
        let mut found = Vec::new();
        for at in spaces {
            match self.track.find(*at) {
                Some(space) => found.push(space),
                None => report.error(
                    "unknown-space",
                    Some(ObjectRef::Objective { id: Id::from(id) }),
                    &[Needle::Value(id), Needle::Value(&at.to_string())],
                    format!("objective `{id}` names space {at}, which the track lacks"),
                ),
            }
        }
        found
    }
}
