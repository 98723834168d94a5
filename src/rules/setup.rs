//! Setup (rulebook 3.0): teams and cars by player count, the grid draw in rounds, VP pools,
//! the First Player marker, hands.
//!
//! # Decisions where the rulebook is silent
//! - Each player lists the cars they race with (3.0: "four or five cars of their choice") and
//!   the order their other cars enter the chute as replacements (8.3); with no list, the team
//!   mat's order is used.
//! - In each round of the grid draw (3.0 step 4) the bag holds each team's next listed car.
//! - A race ends in a draw after a turn limit, so a batch of bot races always terminates.

use std::sync::Arc;

use super::activation::Phase;
use super::ids::{CarId, PlayerId};
use super::race_event::{CarEntry, Motion, RaceEvent, Seats};
use super::state::{Place, Race, RaceRules};
use crate::content::mission::MissionSetup;
use crate::content::text::{CarNumber, Id};
use crate::validate::checked::Content;
use crate::validate::checked_track::CheckedTrack;
use crate::validate::limits::MAX_DEFENSE;
use crate::validate::mission::CheckedMission;

/// The turn limit used when a setup does not give one.
pub const DEFAULT_TURN_LIMIT: u32 = 200;

/// One player's setup.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayerSetup {
    /// The team's id.
    pub team: Id,
    /// The cars to race, then the reserves in order of entry; empty means the mat's order.
    pub cars: Vec<CarNumber>,
}

/// How to set up a race.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RaceSetup {
    /// The players, in seating (clockwise) order.
    pub players: Vec<PlayerSetup>,
    /// The seed of the race's RNG.
    pub seed: u64,
    /// Turns after which the race ends without a winner.
    pub turn_limit: u32,
}

impl RaceSetup {
    /// A race of these teams, seat by seat, each with its mat's cars, with this seed: the one way
    /// a race is set up from team names (the CLI's `--team`, the studio's dialog, a finding of
    /// play). A name that is no id is refused here; one the content lacks, by [`Race::new`].
    pub fn named_teams(teams: &[impl AsRef<str>], seed: u64) -> Result<Self, SetupError> {
        let players = teams
            .iter()
            .map(|team| {
                let team = team.as_ref();
                Id::new(team.to_owned())
                    .map(|team| PlayerSetup {
                        team,
                        cars: Vec::new(),
                    })
                    .ok_or_else(|| SetupError::UnknownTeam(team.to_owned()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            players,
            seed,
            turn_limit: DEFAULT_TURN_LIMIT,
        })
    }

    /// A race of a mission with `players` players: the first seats of its round robin, each
    /// team with its mat's cars, and the mission's turn limit.
    #[must_use]
    pub fn for_mission(
        content: &Content,
        mission: &CheckedMission,
        players: usize,
        seed: u64,
    ) -> Self {
        Self {
            players: mission
                .seated(players)
                .iter()
                .map(|team| PlayerSetup {
                    team: content.teams[*team].id.clone(),
                    cars: Vec::new(),
                })
                .collect(),
            seed,
            turn_limit: mission.turn_limit,
        }
    }

    /// The first `players` teams of the content, each with its mat's cars in order.
    #[must_use]
    pub fn first_teams(content: &Content, players: usize, seed: u64) -> Self {
        Self {
            players: content
                .teams
                .iter()
                .take(players)
                .map(|t| PlayerSetup {
                    team: t.id.clone(),
                    cars: Vec::new(),
                })
                .collect(),
            seed,
            turn_limit: DEFAULT_TURN_LIMIT,
        }
    }
}

/// Why a race could not be set up.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SetupError {
    /// The ruleset does not exist.
    #[error("the content has no ruleset `{0}`")]
    UnknownRuleset(String),
    /// The track was checked against other kinds of ground than the content's.
    #[error(
        "the track was checked against other kinds of ground than the content's terrain file \
         defines; check it against the content's"
    )]
    TerrainMismatch,
    /// The ruleset does not allow this many players.
    #[error("the ruleset does not cover {0} players")]
    PlayerCount(usize),
    /// A team id is not in the content.
    #[error("the content has no team `{0}`")]
    UnknownTeam(String),
    /// Two players chose one team.
    #[error("team `{0}` is chosen twice")]
    TeamTwice(String),
    /// A car number is not on the team's mat, or is listed twice.
    #[error("team `{team}` has no car #{number} (or it is listed twice)")]
    UnknownCar {
        /// The team.
        team: String,
        /// The number.
        number: String,
    },
    /// A team has fewer cars than the race needs.
    #[error("team `{team}` lists {listed} cars; the race needs {needed}")]
    TooFewCars {
        /// The team.
        team: String,
        /// Cars available.
        listed: usize,
        /// Cars needed.
        needed: usize,
    },
    /// The track cannot hold the field.
    #[error("the track has room for fewer than {0} cars at the start")]
    GridTooSmall(usize),
    /// A mission race seats a team that is on none of its sides.
    #[error("team `{0}` is on no side of the mission")]
    NotOnASide(String),
    /// A mission's placed cars could not be placed.
    #[error("the mission's setup cannot be placed: {0}")]
    Placement(String),
}

impl RaceRules {
    /// The rules for a race of a mission on `track` with `content`: the mission's deck
    /// changes, pool and clock made, under its ruleset.
    pub fn for_mission(
        content: &Content,
        track: CheckedTrack,
        mission: CheckedMission,
    ) -> Result<Self, SetupError> {
        let mut rules = Self::new(mission.content(content), track, mission.ruleset.as_str())?;
        rules.mission = Some(mission);
        Ok(rules)
    }

    /// The rules for a race on `track` with `content` under the ruleset `ruleset`.
    pub fn new(content: Content, track: CheckedTrack, ruleset: &str) -> Result<Self, SetupError> {
        // Each space keeps its ground's rules, worked out when the track was checked: against
        // other kinds than the race's, they would be the wrong rules.
        if track.terrain() != &content.terrain {
            return Err(SetupError::TerrainMismatch);
        }
        let ruleset = content
            .rulesets
            .iter()
            .find(|(id, _)| id.as_str() == ruleset)
            .map(|(_, r)| r.clone())
            .ok_or_else(|| SetupError::UnknownRuleset(ruleset.to_owned()))?;
        let odds = content
            .teams
            .iter()
            .map(|team| {
                team.cars
                    .iter()
                    .map(|stats| {
                        (0..=MAX_DEFENSE)
                            .map(|defense| super::targeting::odds(&content, stats, defense))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        Ok(Self {
            content,
            track,
            ruleset,
            odds,
            mission: None,
        })
    }
}

impl Race {
    /// Sets up a race (3.0) and runs it to the first decision.
    pub fn new(rules: Arc<RaceRules>, setup: &RaceSetup) -> Result<Self, SetupError> {
        let mut race = Self::empty(rules, setup.seed, setup.turn_limit);
        let per_team = race.seat_players(setup)?;
        race.start_mission()?;
        race.record(RaceEvent::RaceStarted {
            seats: Seats(race.players().iter().map(|p| p.team).collect()),
            pool: u32::from(race.rules().ruleset.victory_points),
            cars: race
                .car_ids()
                .map(|id| CarEntry {
                    player: race.car(id).player,
                    mat_index: race.car(id).mat_index,
                    number: race.car_number(id).clone(),
                })
                .collect(),
        });
        let rules = Arc::clone(race.shared_rules());
        if let Some(MissionSetup::Placed(cars)) = rules.mission.as_ref().map(|m| &m.setup) {
            race.place_cars(cars)
                .map_err(|e| SetupError::Placement(e.to_string()))?;
            // A mission's placed setup has no grid draw: the first seat holds the marker.
            race.deal_hazards();
            race.begin(PlayerId(0));
            return Ok(race);
        }
        let positions = race
            .track()
            .start_positions(per_team * setup.players.len())
            .ok_or(SetupError::GridTooSmall(per_team * setup.players.len()))?;
        // The grid draw (3.0 step 4): round by round, one car of each team in the bag.
        let mut order = Vec::new();
        for round in 0..per_team {
            let mut bag: Vec<CarId> = (0..setup.players.len())
                .map(|p| race.racing_car(PlayerId(p as u8), round))
                .collect();
            race.shuffle(&mut bag);
            order.extend(bag);
        }
        for (car, space) in order.iter().zip(&positions) {
            race.put(*car, Place::Track(*space), Motion::Grid);
        }
        race.deal_hazards();
        race.begin(race.car(order[0]).player);
        Ok(race)
    }

    /// The first turn begins: the First Player marker is given to `first`, hands are filled
    /// (3.0 steps 5-6), and the race runs to its first decision.
    fn begin(&mut self, first: PlayerId) {
        self.begin_first_turn(first);
        self.fill_hands();
        self.enter_phase(Phase::Activation);
        self.advance();
    }

    /// Creates the players and their cars (all on the mat); returns the cars per team.
    pub(crate) fn seat_players(&mut self, setup: &RaceSetup) -> Result<usize, SetupError> {
        let n = setup.players.len();
        let per_team = usize::from(
            *self
                .rules()
                .ruleset
                .cars_by_players
                .get(&u8::try_from(n).unwrap_or(u8::MAX))
                .ok_or(SetupError::PlayerCount(n))?,
        );
        let rules = Arc::clone(self.shared_rules());
        let mut used = Vec::new();
        for (seat, p) in setup.players.iter().enumerate() {
            let team_index = rules
                .content
                .teams
                .iter()
                .position(|t| t.id == p.team)
                .ok_or_else(|| SetupError::UnknownTeam(p.team.to_string()))?;
            if used.contains(&team_index) {
                return Err(SetupError::TeamTwice(p.team.to_string()));
            }
            used.push(team_index);
            let team = &rules.content.teams[team_index];
            let mut order: Vec<usize> = Vec::new();
            for number in &p.cars {
                let index = team
                    .cars
                    .iter()
                    .position(|c| c.number == *number)
                    .filter(|i| !order.contains(i))
                    .ok_or_else(|| SetupError::UnknownCar {
                        team: p.team.to_string(),
                        number: number.to_string(),
                    })?;
                order.push(index);
            }
            for i in 0..team.cars.len() {
                if !order.contains(&i) {
                    order.push(i);
                }
            }
            if order.len() < per_team {
                return Err(SetupError::TooFewCars {
                    team: p.team.to_string(),
                    listed: order.len(),
                    needed: per_team,
                });
            }
            debug_assert_eq!(self.players().len(), seat);
            self.seat(
                team_index,
                u32::from(rules.ruleset.victory_points),
                &order,
                per_team,
            );
        }
        Ok(per_team)
    }

    /// A player's `round`-th racing car.
    pub(crate) fn racing_car(&self, player: PlayerId, round: usize) -> CarId {
        let first = self
            .car_ids()
            .find(|c| self.car(*c).player == player)
            .map_or(0, CarId::index);
        CarId((first + round) as u16)
    }
}
