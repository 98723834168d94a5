//! The mission file: a race with sides, objectives and its own victory conditions.
//!
//! Apocalypse Road has one way to win: empty your victory point pool. The games of its family
//! are built on missions: Maximum Apocalypse's survivors cross a map together to rescue someone,
//! Road Wolf's teams score points until a turn limit, Rush 'n Crush's race goes to the first car
//! across the line after the set laps. A mission file says how one such game is played on a
//! track of a pack: which teams play on which **side**, where the cars start, which cards the
//! decks gain or lose, which sources of VP count and how much, the **objectives** each side
//! pursues and what meeting one is worth, and when the race ends if nobody wins first.
//!
//! Paths are relative to the mission file; a project keeps its missions in `missions/`.
//!
//! # How a mission seats its teams
//! Seats are dealt round robin over the sides, in the order the file lists them: the first team
//! of each side, then the second of each, and so on, so the sides alternate around the table.
//! A race with fewer players than the sides name takes the first seats of that order (the
//! mission's `players` says which counts it allows).
//!
//! # Objectives
//! Each objective is owned by one side, or by none: an objective with no side is a race between
//! all sides, taken by the first side to meet it. Each kind's rule:
//! - [`Goal::Laps`]: a car of the side has crossed the finish line N times (forward crossings
//!   less backward ones), before any car of another side has. It fails for the side when a car
//!   of another side gets there first.
//! - [`Goal::Kills`]: the side's teams have eliminated K cars of other sides (kills scored as
//!   11.3 scores them), before another side has. It fails when another side gets there first.
//! - [`Goal::Eliminate`]: the named car is destroyed, by any cause. It cannot fail.
//! - [`Goal::Escort`]: the named car crosses the finish line N times. It fails when the car is
//!   destroyed first.
//! - [`Goal::Survive`]: the side still has a car in the race at the end of turn T. It fails at
//!   the end of an earlier turn at which the side has no car in the race.
//! - [`Goal::Hold`]: at the end of a turn a car of the side stands on one of the named spaces;
//!   met when that has happened at the end of K turns (not necessarily in a row).
//! - [`Goal::Wipeout`]: no car of any other side is left: each is destroyed, none waits in
//!   reserve.
//! - [`Goal::AllOut`]: no car of the side is left to race: each has crossed the end of a
//!   point-to-point track or been destroyed, none waits in reserve ("game ends when all Runners
//!   have escaped or been stopped"). It cannot fail.
//! - [`Goal::Hold`] with `every`: at the end of a turn every car of the side still in the race
//!   stands on one of the spaces ("all back at the van").
//! - [`Goal::LeftBehind`]: a car of the side leaves by the back: a rolling road's rear tile is
//!   removed with it ("the game is a draw if any of the survivor vehicles exit off the BACK
//!   end"). A car cannot drive backward off a course, so on a road that does not roll no car
//!   leaves by the back, and validation says so. It cannot fail.
//!
//! # Objectives made of objectives
//! Three kinds name other objectives of the mission by id, their **parts**:
//! - [`Goal::All`]: the side has met every part. It fails when a part fails.
//! - [`Goal::Any`]: the side has met one part. It fails when every part has failed.
//! - [`Goal::Then`]: the parts in order: a part counts only once the one before it is met by
//!   the side, and only what happens after that (crossings, kills, turns held). Where the part
//!   before was met by one car (a crossing, a space held, an escorted car), the next part is
//!   for that car alone: "rescue the Scientist, then carry the Scientist back to your van". It
//!   fails when a part fails.
//!
//! A part is an objective like another and is rewarded when met; a part worth
//! [`Reward::Nothing`] only counts toward the objectives that name it. An objective is a part
//! of at most one sequence, never of itself, and belongs to the side of the objectives that
//! name it (or to none).
//!
//! # Rewards
//! - [`Reward::Win`]: the race ends the moment the objective is met: its side wins.
//! - [`Reward::Vp`]: VP added to its side's score, which breaks ties at the turn limit.
//! - [`Reward::Lose`]: the race ends and its side loses: the other sides seated settle it among
//!   themselves as at the turn limit (the most VP, then the tie rule; with one other side, that
//!   side wins). Rulebook silent; the decision is this file's.
//! - [`Reward::Draw`]: the race ends at once in a draw ("if the Limo is destroyed, the game is
//!   a draw"); the objective met, just before, says why.
//! - [`Reward::End`]: the race ends and is settled as at the turn limit ("game ends when all
//!   Runners have escaped or been stopped").
//! - [`Reward::Nothing`]: nothing by itself: a part of other objectives.
//!
//! # VP, pools and the turn limit
//! The pools stay as the rulebook has them, with the mission's amounts: a team that empties its
//! pool wins the race for its side (11.5), unless `vp.pool_wins` is off. The mission's turn
//! limit ends the race at the end of that turn: the side with the most VP (its teams' claims
//! plus its objectives' VP) wins when `most_vp` is on; a tie (or `most_vp` off) goes through
//! the `tie_breaks` in order (the most kills, cars left, cars finished), and what is still
//! level is settled by `ties`: a draw, or a named side wins. A side claims VP only from the
//! sources its `scores` names (all, by default).
//!
//! Format history: version 1 (current).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::MissionKind;
use super::scenario::{CarPlacement, CarRef};
use super::text::{Id, Text};
use super::track::SpaceRef;

/// A mission file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mission {
    /// Always `Mission`.
    pub kind: MissionKind,
    /// The format version the file was written in.
    pub version: u32,
    /// The mission's name.
    pub name: Text,
    /// What the players read before they play: the story and what each side must do.
    #[serde(default)]
    pub briefing: Text,
    /// The track file, relative to the mission file.
    pub track: Text,
    /// The content pack folder, relative to the mission file.
    pub content: Text,
    /// The ruleset's id.
    #[serde(default = "standard")]
    pub ruleset: Id,
    /// The player counts the mission allows; empty: exactly the teams its sides name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<u8>,
    /// The sides, each a group of teams playing together.
    pub sides: Vec<Side>,
    /// Where the cars start.
    #[serde(default)]
    pub setup: MissionSetup,
    /// Changes to the decks for this mission only, applied in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deck_changes: Vec<DeckChange>,
    /// Which sources of VP count, and how much.
    #[serde(default)]
    pub vp: VpRules,
    /// Whether a car may attack a car of its own side ([`FriendlyFire`]).
    #[serde(default, skip_serializing_if = "super::skip::is_default")]
    pub friendly_fire: FriendlyFire,
    /// What the sides pursue.
    pub objectives: Vec<Objective>,
    /// When the race ends if no one has won, and who wins then.
    pub turn_limit: TurnLimit,
}

/// Whether a car may attack a car of its own side. The rulebook is silent (it lets a car fire
/// at its own team's cars, 8.1 names no exception), so `Allowed` is the default; Road Wolf's
/// couriers "may not attack each other", which `Forbidden` says. With `Forbidden` a car of one's
/// own side is never offered as a target of a weapon (8.0) or a Sideswipe (10.0), to a person
/// or a bot, and a Ram that reaches one stops behind it without the collision attack (as a
/// suppressed car's does, 8.5). What an attack on another car spills onto an ally (Chain,
/// Spray, a crossover collision) still happens: the ally was not attacked.
#[derive(
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Serialize,
    Deserialize,
    JsonSchema,
)]
pub enum FriendlyFire {
    /// A car may attack any car, its own side's included (the rulebook's).
    #[default]
    Allowed,
    /// A car may not attack a car of its own side.
    Forbidden,
}

fn standard() -> Id {
    Id::from("standard")
}

impl Mission {
    /// The format version this build writes.
    pub const VERSION: u32 = 1;

    /// A mission to start from (the studio's File > New mission): `first` against `second`,
    /// the first side across the finish line twice wins (once, on a point-to-point `route`,
    /// whose line a car crosses once and leaves by), the most VP at the end of turn 20
    /// otherwise, on `track` with `content` (paths relative to where the mission is saved).
    #[must_use]
    pub fn starter(
        track: &str,
        content: &str,
        (first, second): (&Id, &Id),
        route: super::track::Route,
    ) -> Self {
        let (id, goal) = match route {
            super::track::Route::Lap => ("two-laps", Goal::Laps(2)),
            super::track::Route::PointToPoint => ("first-across", Goal::Laps(1)),
        };
        let side = |id: &str, name: &str, team: &Id| Side {
            id: Id::from(id),
            name: Text::from(name),
            teams: vec![team.clone()],
            ..Side::default()
        };
        Self {
            kind: MissionKind::Mission,
            version: Self::VERSION,
            name: Text::from("New mission"),
            briefing: Text::from(""),
            track: Text::from(track),
            content: Text::from(content),
            ruleset: standard(),
            players: Vec::new(),
            sides: vec![
                side("first", "First side", first),
                side("second", "Second side", second),
            ],
            setup: MissionSetup::Grid,
            deck_changes: Vec::new(),
            vp: VpRules::default(),
            friendly_fire: FriendlyFire::Allowed,
            objectives: vec![Objective {
                id: Id::from(id),
                side: None,
                goal,
                reward: Reward::Win,
            }],
            turn_limit: TurnLimit {
                turn: 20,
                most_vp: true,
                ties: Tie::Draw,
                tie_breaks: Vec::new(),
            },
        }
    }
}

/// A side: teams playing together, who win or lose together. A side may race fewer or more
/// cars a team than the others, start them damaged, harden or soften them, and claim VP from
/// some sources only: Maximum Apocalypse's two monster trucks against five survivors, Road
/// Wolf's runners who score by escaping and interceptors who score by stopping them.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// Its id, which objectives name.
    pub id: Id,
    /// Its name, as the race report says it.
    pub name: Text,
    /// Its teams (team ids of the pack's team mats).
    pub teams: Vec<Id>,
    /// The id of a bot profile of the content pack that always plays this side's seats, as
    /// raiders or the wasteland are played; absent: whoever the race seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<Id>,
    /// The sources of VP its teams claim ([`Score`]); absent: every source the mission's `vp`
    /// counts. A source left out claims nothing for the side, its bonus card included (a Race
    /// Bonus or Bounty in play is not used by a crossing or kill that claims nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<Score>>,
    /// How many cars each of its teams races at once (on the grid, and the most in the race as
    /// replacements come in); absent: the ruleset's count for the race's players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cars: Option<u8>,
    /// How many cars of each of its teams wait in reserve to replace the lost (8.3); absent:
    /// the rest of its mat. `Some(0)`: the cars it starts with are all it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserve: Option<u8>,
    /// Damage each of its cars starts the race with (added to a placed car's own); not given
    /// to replacements, which come in undamaged (8.3).
    #[serde(default, skip_serializing_if = "super::skip::is_default")]
    pub damage: u8,
    /// Added to the defense of each of its cars (8.0), kept within 1-3.
    #[serde(default, skip_serializing_if = "super::skip::is_default")]
    pub defense: i8,
    /// Whether the side is no one's: bikers, civilians, the wasteland's traffic. Its cars move
    /// and can be hit, but it never wins or loses, pursues no objective, claims no VP, and a
    /// kill of one of its cars claims nothing and counts for no objective unless
    /// `vp.neutral_kills` says so. It is always played by its `bot`, and seated as any side
    /// (a race must seat it at every player count the mission allows).
    #[serde(default, skip_serializing_if = "super::skip::is_false")]
    pub neutral: bool,
    /// The first turns its cars sit out: in turns 1 to N its player passes ("for the FIRST
    /// turn, the Enforcers are SKIPPED!"). At or past the turn limit its cars never act
    /// ("Civilian vehicles may not do anything"): they stand where they are, to be driven
    /// round, rammed or shot.
    #[serde(default, skip_serializing_if = "super::skip::is_default")]
    pub sits_out: u32,
}

/// A source of VP a side may claim from alone ([`Side::scores`]).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
pub enum Score {
    /// Crossings of the finish line (11.1), a point-to-point track's end included, and the
    /// Race Bonus.
    Finish,
    /// Kills (11.3) and the Bounty.
    Kills,
}

/// Where the cars start.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum MissionSetup {
    /// The rulebook's grid draw (3.0): each team's first cars, drawn round by round.
    #[default]
    Grid,
    /// Named cars on named spaces, beside the track or in the chute, with damage and markers,
    /// as a scenario places them. Each seated team must have at least one car placed and no
    /// more than the ruleset's cars per team; its other cars are its reserves, in mat order.
    /// The first seat holds the First Player marker.
    Placed(Vec<CarPlacement>),
}

/// Which deck a change is made to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum DeckName {
    /// The race deck.
    Race,
    /// The movement event deck.
    MovementEvent,
    /// The combat deck.
    Combat,
}

/// One change to a deck for this mission: cards are named by their ids in the pack.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum DeckChange {
    /// Adds copies of a card the pack defines.
    Add {
        /// The deck.
        deck: DeckName,
        /// The card's id.
        card: Id,
        /// Copies added.
        count: u32,
    },
    /// Takes copies of a card out (all of them takes the kind out of the deck).
    Remove {
        /// The deck.
        deck: DeckName,
        /// The card's id.
        card: Id,
        /// Copies taken out.
        count: u32,
    },
    /// Takes copies of one card out and puts as many of another in.
    Replace {
        /// The deck.
        deck: DeckName,
        /// The card taken out.
        card: Id,
        /// The card put in.
        with: Id,
        /// Copies replaced.
        count: u32,
    },
}

/// Which sources of VP count, and how much.
// Each switch is a field of the file format a designer turns on or off on its own: an enum of
// their combinations would say less.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VpRules {
    /// VP in each pool; absent: the ruleset's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool: Option<u8>,
    /// VP claimed for each crossing of the finish line (0: crossings score nothing).
    #[serde(default = "one")]
    pub finish: u8,
    /// VP claimed for each kill (0: kills score nothing).
    #[serde(default = "one")]
    pub kills: u8,
    /// Whether the movement event deck keeps its Bounty and Race Bonus cards.
    #[serde(default = "yes")]
    pub bonuses: bool,
    /// Whether the countdown clock runs; absent: as the ruleset says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<bool>,
    /// Whether a team that empties its pool wins the race for its side (11.5).
    #[serde(default = "yes")]
    pub pool_wins: bool,
    /// Whether a kill of a car of the killer's own side claims VP. The rulebook's "a kill of
    /// one's own car never scores" (11.3) is read for the side: by default an ally's car
    /// destroyed claims nothing (the kill is no one's, as a wreck is), so a side cannot score
    /// by shooting its own escort. `true` lets it claim as any kill does.
    #[serde(default, skip_serializing_if = "super::skip::is_false")]
    pub allied_kills: bool,
    /// Whether destroying a car of a neutral side claims kill VP and counts as a kill for
    /// objectives; off: it is no one's kill, as a wreck is.
    #[serde(default, skip_serializing_if = "super::skip::is_false")]
    pub neutral_kills: bool,
}

impl Default for VpRules {
    fn default() -> Self {
        Self {
            pool: None,
            finish: 1,
            kills: 1,
            bonuses: true,
            clock: None,
            pool_wins: true,
            allied_kills: false,
            neutral_kills: false,
        }
    }
}

fn one() -> u8 {
    1
}

fn yes() -> bool {
    true
}

/// Something a side pursues.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// Its id.
    pub id: Id,
    /// The side that pursues it; absent: every side races for it and the first to meet it
    /// takes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Id>,
    /// What meets it.
    pub goal: Goal,
    /// What meeting it is worth.
    pub reward: Reward,
}

/// What meets an objective (the module docs give each kind's rule).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Goal {
    /// A car of the side crosses the finish line this many times, first.
    Laps(u8),
    /// The side eliminates this many cars of other sides, first.
    Kills(u8),
    /// The named car is destroyed.
    Eliminate(CarRef),
    /// The named car crosses the finish line `laps` times.
    Escort {
        /// The car.
        car: CarRef,
        /// Crossings it must make.
        laps: u8,
    },
    /// The side has a car in the race at the end of this turn.
    Survive(u32),
    /// A car of the side (every car of the side still racing, with `every`) ends a turn on
    /// one of the spaces, `turns` times.
    Hold {
        /// The spaces.
        spaces: Vec<SpaceRef>,
        /// Turns it must end there.
        turns: u8,
        /// Whether every car of the side in the race must stand on one of them, not just one.
        #[serde(default, skip_serializing_if = "super::skip::is_false")]
        every: bool,
    },
    /// No car of another side is left.
    Wipeout,
    /// No car of the side is left to race: each has left by the end of a point-to-point track
    /// or been destroyed, none is in reserve.
    AllOut,
    /// A car of the side leaves by the back: a rolling road's rear tile is removed with it.
    LeftBehind,
    /// Every objective named (by id) is met by the side.
    All(Vec<Id>),
    /// One of the objectives named (by id) is met by the side.
    Any(Vec<Id>),
    /// The objectives named (by id) are met by the side in order, each counting only after the
    /// one before, by the car that met the one before where one car met it.
    Then(Vec<Id>),
}

/// What meeting an objective is worth.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Reward {
    /// The side wins the race at once.
    Win,
    /// VP added to the side's score.
    Vp(u8),
    /// The side loses: the race ends, settled among the other sides as at the turn limit.
    Lose,
    /// The race ends at once in a draw.
    Draw,
    /// The race ends at once, settled as at the turn limit.
    End,
    /// Nothing by itself: a part of the objectives that name it.
    Nothing,
}

/// The turn limit and how it is settled.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnLimit {
    /// The race ends at the end of this turn, from 1.
    pub turn: u32,
    /// Whether the side with the most VP wins then.
    #[serde(default = "yes")]
    pub most_vp: bool,
    /// Who wins a tie (or, with `most_vp` off, the race) at the limit.
    #[serde(default)]
    pub ties: Tie,
    /// Scores that break a tie of VP (or, with `most_vp` off, decide the race) before `ties`
    /// does, in order: the sides still level after one go on to the next.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tie_breaks: Vec<TieBreak>,
}

/// A score that breaks a tie at the turn limit: the side with the most wins.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
pub enum TieBreak {
    /// Cars of other sides its teams eliminated (kills as 11.3 scores them).
    Kills,
    /// Its cars still in the race or in reserve.
    CarsLeft,
    /// Its cars that left by the end of a point-to-point track.
    Finished,
}

/// Who wins a tie at the turn limit.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum Tie {
    /// Nobody: the race is a draw.
    #[default]
    Draw,
    /// This side (defenders who held out, say).
    Side(Id),
}
