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
        let veils = super::road::Veils::for_track(&track);
        Ok(Self {
            content,
            track,
            ruleset,
            odds,
            mission: None,
            veils,
        })
    }
}

impl Race {
    /// Sets up a race (3.0) and runs it to the first decision.
    pub fn new(rules: Arc<RaceRules>, setup: &RaceSetup) -> Result<Self, SetupError> {
        let mut race = Self::empty(rules, setup.seed, setup.turn_limit);
        race.seat_players(setup)?;
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
            race.damage_sides_at_start();
            // A mission's placed setup has no grid draw: the first seat holds the marker.
            race.deal_hazards();
            race.begin(PlayerId(0));
            return Ok(race);
        }
        let field: usize = race.players().iter().map(|p| usize::from(p.racing)).sum();
        let positions = race
            .track()
            .start_positions(field)
            .ok_or(SetupError::GridTooSmall(field))?;
        // The grid draw (3.0 step 4): round by round, one car of each team in the bag; a team
        // whose mission side races fewer cars than the others is out of the later rounds.
        let rounds = race.players().iter().map(|p| p.racing).max().unwrap_or(0);
        let mut order = Vec::new();
        for round in 0..rounds {
            let mut bag: Vec<CarId> = (0..setup.players.len())
                .map(|p| PlayerId(p as u8))
                .filter(|p| round < race.player(*p).racing)
                .map(|p| race.racing_car(p, usize::from(round)))
                .collect();
            race.shuffle(&mut bag);
            order.extend(bag);
        }
        for (car, space) in order.iter().zip(&positions) {
            race.put(*car, Place::Track(*space), Motion::Grid);
        }
        race.damage_sides_at_start();
        race.deal_hazards();
        race.begin(race.car(order[0]).player);
        Ok(race)
    }

    /// Each car in the race at the start takes its mission side's starting damage.
    fn damage_sides_at_start(&mut self) {
        let cars: Vec<(CarId, u8)> = self
            .car_ids()
            .filter(|c| self.car(*c).place.in_race())
            .filter_map(|c| {
                let damage = self.mission_side(self.car(c).player)?.damage;
                (damage > 0).then_some((c, damage))
            })
            .collect();
        for (car, damage) in cars {
            self.start_damaged(car, damage);
        }
    }

    /// The first turn begins: the First Player marker is given to `first`, hands are filled
    /// (3.0 steps 5-6), and the race runs to its first decision.
    fn begin(&mut self, first: PlayerId) {
        self.begin_first_turn(first);
        self.fill_hands();
        self.enter_phase(Phase::Activation);
        self.advance();
    }

    /// Creates the players and their cars (all on the mat): each team races the ruleset's
    /// cars per team, or its mission side's, and brings no more cars than the ruleset's mat
    /// holds (its first, in the order asked), the rest of the mat left in the box.
    pub(crate) fn seat_players(&mut self, setup: &RaceSetup) -> Result<(), SetupError> {
        let n = setup.players.len();
        let ruleset_per_team = *self
            .rules()
            .ruleset
            .cars_by_players
            .get(&u8::try_from(n).unwrap_or(u8::MAX))
            .ok_or(SetupError::PlayerCount(n))?;
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
            order.truncate(usize::from(rules.ruleset.cars_on_mat));
            // The players are being seated: the side is found by team, not by seat.
            let side = rules.mission.as_ref().and_then(|m| {
                m.side_of_team(team_index)
                    .and_then(|s| m.sides.get(s.index()))
            });
            let per_team = side.and_then(|side| side.cars).unwrap_or(ruleset_per_team);
            // A side's reserve: that many cars wait to replace the lost (two monster trucks
            // and no more), the rest of the mat by default.
            if let Some(reserve) = side.and_then(|side| side.reserve) {
                order.truncate(usize::from(per_team) + usize::from(reserve));
            }
            if order.len() < usize::from(per_team) {
                return Err(SetupError::TooFewCars {
                    team: p.team.to_string(),
                    listed: order.len(),
                    needed: usize::from(per_team),
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
        Ok(())
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

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::Arc;

    use super::*;
    use crate::rules::race_event::RaceEvent;
    use crate::rules::test_support::mission_race;

    /// Two monster trucks against the survivors: the reapers race 2 cars a team, damaged 2,
    /// and the jackals' cars are one defense harder.
    fn monsters() -> Race {
        mission_race(
            r#"(kind: Mission, version: 1, name: "monsters", track: "", content: "",
                sides: [
                    (id: "survivors", name: "Survivors", teams: ["chrome-jackals"], defense: 1),
                    (id: "monsters", name: "Monsters", teams: ["rust-reapers"], cars: Some(2),
                     damage: 2),
                ],
                objectives: [(id: "wipeout", side: Some("monsters"), goal: Wipeout, reward: Win)],
                turn_limit: (turn: 10))"#,
            5,
        )
    }

    fn seat(race: &Race, team: &str) -> PlayerId {
        (0..race.players().len())
            .map(|p| PlayerId(p as u8))
            .find(|p| race.team_of(*p).id.as_str() == team)
            .expect("seated")
    }

    fn in_race(race: &Race, player: PlayerId) -> Vec<CarId> {
        race.cars_of(player)
            .filter(|c| race.car(*c).place.in_race())
            .collect()
    }

    #[test]
    fn a_side_races_its_own_cars_a_team_damaged_and_hardened_as_the_mission_says() {
        let race = monsters();
        let (monsters, survivors) = (seat(&race, "rust-reapers"), seat(&race, "chrome-jackals"));
        assert_eq!(in_race(&race, monsters).len(), 2);
        // Two players: the ruleset's five cars a team.
        assert_eq!(in_race(&race, survivors).len(), 5);
        for car in in_race(&race, monsters) {
            assert_eq!(race.car(car).damage, 2);
        }
        for car in in_race(&race, survivors) {
            assert_eq!(race.car(car).damage, 0);
        }
        let started = race
            .events()
            .iter()
            .filter(|e| matches!(e, RaceEvent::StartingDamage { amount: 2, .. }))
            .count();
        assert_eq!(started, 2, "each monster's damage is on the board");
        // The jackals' mat cars are defense 1 or 2: one harder each, within 3.
        let base = crate::validate::open::open_content(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("content"),
        )
        .expect("content");
        let jackals = base
            .teams
            .iter()
            .find(|t| t.id.as_str() == "chrome-jackals")
            .expect("jackals");
        for car in in_race(&race, survivors) {
            let was = jackals.cars[usize::from(race.car(car).mat_index)].defense;
            assert_eq!(race.stats(car).defense, was.changed(1));
            assert!(race.stats(car).defense.get() <= 3);
        }
    }

    #[test]
    fn a_side_of_fewer_cars_brings_a_replacement_only_up_to_its_own_count() {
        let mut race = monsters();
        let monsters = seat(&race, "rust-reapers");
        let first = in_race(&race, monsters)[0];
        race.wreck(first);
        assert_eq!(
            in_race(&race, monsters).len(),
            2,
            "one replacement, to the chute"
        );
        assert!(race.check_invariants().is_ok());
    }

    #[test]
    fn a_side_with_no_reserve_has_only_the_cars_it_starts_with() {
        let mut race = mission_race(
            r#"(kind: Mission, version: 1, name: "monsters", track: "", content: "",
                sides: [
                    (id: "survivors", name: "Survivors", teams: ["chrome-jackals"]),
                    (id: "monsters", name: "Monsters", teams: ["rust-reapers"], cars: Some(2),
                     reserve: Some(0)),
                ],
                objectives: [(id: "wipeout", side: Some("survivors"), goal: Wipeout, reward: Win)],
                turn_limit: (turn: 10))"#,
            5,
        );
        let monsters = seat(&race, "rust-reapers");
        assert_eq!(race.cars_of(monsters).count(), 2, "two trucks, and no more");
        let trucks = in_race(&race, monsters);
        race.wreck(trucks[0]);
        assert_eq!(in_race(&race, monsters).len(), 1, "no replacement");
        race.wreck(trucks[1]);
        assert_eq!(
            race.result(),
            Some(crate::rules::RaceResult::SideWon(
                crate::validate::mission::SideId(0)
            )),
            "both trucks destroyed: the survivors' wipeout"
        );
    }

    #[test]
    fn a_team_brings_only_the_cars_its_rulesets_mat_holds() {
        // A ruleset whose mat holds 6: the seventh and eighth cars of an 8-car mat stay in
        // the box, and never come in as replacements.
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut content =
            crate::validate::open::open_content(&root.join("content")).expect("content");
        for ruleset in content.rulesets.values_mut() {
            ruleset.cars_on_mat = 6;
        }
        let track = crate::validate::open::open_track(
            &root.join("tracks/oval.ron"),
            &crate::validate::checked::TerrainBook::standard(),
        )
        .expect("track");
        let rules = Arc::new(RaceRules::new(content, track, "standard").expect("rules"));
        let setup = RaceSetup::first_teams(&rules.content, 3, 1);
        let race = Race::new(rules, &setup).expect("race");
        for p in 0..3 {
            assert_eq!(race.cars_of(PlayerId(p)).count(), 6);
        }
    }
}
