//! Batches of bot races: a pure function of the content, the seats' bots, the teams and a seed
//! range. Races run in parallel (rayon) and the results come back in race order, so a batch
//! gives the same results for any number of threads.
//!
//! Race `i` of a batch seeded `s` is seeded from `(s, i)` alone, and its seats take the batch's
//! teams rotated by `i`, so over a batch every team sits in every seat equally often.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;

use super::batch_fold::BatchFold;
use super::driver::Seats;
use super::harm::{Attacks, Attributor, CarHarm, Cause, HarmSums};
use crate::content::bot_profile::BotProfile;
use crate::content::terrain::Effect;
use crate::content::text::Id;
use crate::rules::{
    CarId, Motion, Place, PlayerId, PlayerSetup, Race, RaceEvent, RaceResult, RaceRules, RaceSetup,
    VpSource,
};

/// What a batch plays.
#[derive(Clone, Debug)]
pub struct BatchSpec {
    /// The content, track and ruleset.
    pub rules: Arc<RaceRules>,
    /// The teams in play, one per seat (rotated over the seats race by race).
    pub teams: Vec<Id>,
    /// The bot of each seat.
    pub bots: Vec<BotProfile>,
    /// Races to play.
    pub races: usize,
    /// The batch's seed.
    pub seed: u64,
    /// For a batch of a mission: the bot profile each side is always played by, side by side
    /// (a seat whose team's side has one plays by it, whatever `bots` says for the seat).
    pub side_bots: Vec<Option<BotProfile>>,
}

/// Why a batch cannot be set up.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BatchSetupError {
    /// The teams do not fill the seats.
    #[error("{players} players need {players} teams; {teams} given or available")]
    Teams {
        /// Seats at each race.
        players: usize,
        /// Teams given, or the content's teams when none were named.
        teams: usize,
    },
}

impl BatchSpec {
    /// The batch of `bots.len()` seats on `rules`: the teams named, or the content's first
    /// teams when none are; the races and the seed. The one way a batch is set up, from files
    /// (`roadwright simulate`) or from the documents open in the studio.
    pub fn new(
        rules: Arc<RaceRules>,
        teams: &[Id],
        bots: Vec<BotProfile>,
        races: usize,
        seed: u64,
    ) -> Result<Self, BatchSetupError> {
        let players = bots.len();
        let teams: Vec<Id> = if teams.is_empty() {
            rules
                .content
                .teams
                .iter()
                .take(players)
                .map(|t| t.id.clone())
                .collect()
        } else {
            teams.to_vec()
        };
        if teams.len() != players {
            return Err(BatchSetupError::Teams {
                players,
                teams: teams.len(),
            });
        }
        Ok(Self {
            rules,
            teams,
            bots,
            races,
            seed,
            side_bots: Vec::new(),
        })
    }

    /// The bot profile a seat plays by when its team is `team`: its side's, in a mission whose
    /// side is always played by one, else the seat's.
    #[must_use]
    pub fn seat_bot(&self, seat: usize, team: &Id) -> &BotProfile {
        super::mission::side_bot(&self.rules, &self.side_bots, team).unwrap_or(&self.bots[seat])
    }
}

/// What makes a batch the batch it is: shards of one batch agree on all of it, and `merge`
/// joins only reports that do.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct BatchIdentity {
    /// The program that played it (`roadwright 0.1.0`): another version may play another race
    /// from the same seed.
    pub program: String,
    /// The track's id and the SHA-256 of its canonical text.
    pub track: String,
    /// See `track`.
    pub track_hash: String,
    /// SHA-256 over the content pack's documents.
    pub pack_hash: String,
    /// The ruleset's id and the SHA-256 of its canonical text.
    pub ruleset: String,
    /// See `ruleset`.
    pub ruleset_hash: String,
    /// The teams, one per seat of race 0.
    pub teams: Vec<String>,
    /// The bot profile of each seat.
    pub bots: Vec<String>,
    /// The batch's seed.
    pub seed: u64,
    /// Races in the whole batch.
    pub races: usize,
    /// How many shards it was split into.
    pub shards: usize,
    /// For a batch of a mission: the SHA-256 of the mission's canonical text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission_hash: Option<String>,
}

impl BatchIdentity {
    /// The identity of a batch played from `spec` on content `content`, in `shards` shards.
    #[must_use]
    pub fn of(spec: &BatchSpec, content: &super::record::ContentIdentity, shards: usize) -> Self {
        Self {
            program: format!("roadwright {}", env!("CARGO_PKG_VERSION")),
            track: content.track.clone(),
            track_hash: content.track_hash.clone(),
            pack_hash: content.pack_hash.clone(),
            ruleset: content.ruleset.clone(),
            ruleset_hash: content.ruleset_hash.clone(),
            teams: spec.teams.iter().map(ToString::to_string).collect(),
            bots: spec.bots.iter().map(|b| b.id.to_string()).collect(),
            seed: spec.seed,
            races: spec.races,
            shards,
            mission_hash: content.mission_hash.clone(),
        }
    }
}

/// How a race ended.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum RaceEnd {
    /// The winner's last VP came from crossing the finish line; in a mission, a side met an
    /// objective worth the race at the finish line (laps, an escort).
    FinishLine,
    /// The winner's last VP came from a kill; in a mission, a side met an objective worth the
    /// race by a kill (kills, a car to eliminate, a wipeout).
    Kill,
    /// The race reached its turn limit, or no car was left: no winner.
    Draw,
    /// A side of the mission met an objective worth the race at the end of a turn (a hold, a
    /// survival).
    Objective,
    /// The mission's turn limit gave the race to a side (the most VP, or the tie's side).
    TurnLimit,
    /// No car was left on a point-to-point track: the player with the fewest VP left won
    /// without emptying their pool.
    Settled,
}

impl RaceEnd {
    /// Every ending, in the order reports list them.
    pub const ALL: [Self; 6] = [
        Self::FinishLine,
        Self::Kill,
        Self::Objective,
        Self::TurnLimit,
        Self::Settled,
        Self::Draw,
    ];

    /// The ending as a comparison names it.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Self::FinishLine => "won at the finish line",
            Self::Kill => "won by a kill",
            Self::Objective => {
                "won by a mission objective (at the end of a turn, or as a car left)"
            }
            Self::TurnLimit => "decided at the mission's turn limit",
            Self::Settled => "settled when no car was left",
            Self::Draw => "drawn",
        }
    }
}

/// One seat's part in a race.
#[derive(Clone, PartialEq, Debug, serde::Serialize, serde::Deserialize)]
pub struct SeatResult {
    /// The team in that seat.
    pub team: String,
    /// The seat's bot profile.
    pub bot: String,
    /// VP left in the pool.
    pub pool: u32,
    /// VP claimed for the finish line.
    pub finish_vp: u32,
    /// VP claimed for kills.
    pub kill_vp: u32,
    /// VP the countdown clock took.
    pub clock_vp: u32,
    /// Damage the seat's cars dealt to other teams' cars.
    pub damage_dealt: u32,
    /// Damage the seat's cars took.
    pub damage_taken: u32,
    /// The seat's cars eliminated.
    pub cars_lost: u32,
    /// Other teams' cars the seat eliminated.
    pub eliminations: u32,
    /// The damage its cars took and the cars it lost, by cause ([`super::harm`]).
    #[serde(default)]
    pub harm: HarmSums,
}

/// What happened on one space of the track.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct SpaceCounts {
    /// Cars that entered it.
    pub passes: u32,
    /// Activations that ended with the car there.
    pub ends: u32,
    /// Damage taken by cars there.
    pub damage: u32,
    /// Cars eliminated there.
    pub eliminations: u32,
    /// Collision attacks (rams, sideswipes) on a car there.
    pub collisions: u32,
    /// Crossover collisions with the car barring the way there.
    pub crossover_collisions: u32,
    /// Cars laterally displaced into it.
    pub displacements: u32,
    /// Damage the ground dealt cars entering it (a kind of the pack's terrain file).
    #[serde(default)]
    pub ground_damage: u32,
    /// Cars the ground eliminated there.
    #[serde(default)]
    pub ground_eliminations: u32,
    /// Hazard tokens turned over there.
    #[serde(default)]
    pub hazards_revealed: u32,
    /// Damage enemy fire dealt cars there ([`super::harm::Cause`]).
    #[serde(default)]
    pub enemy_fire_damage: u32,
    /// Damage fire from their own side dealt cars there.
    #[serde(default)]
    pub own_fire_damage: u32,
    /// Damage collisions with another side dealt cars there.
    #[serde(default)]
    pub collision_damage: u32,
    /// Damage collisions with their own side dealt cars there.
    #[serde(default)]
    pub own_collision_damage: u32,
    /// Damage hazards dealt cars there.
    #[serde(default)]
    pub hazard_damage: u32,
    /// Damage movement events dealt cars there.
    #[serde(default)]
    pub event_damage: u32,
}

impl SpaceCounts {
    /// The metrics a heat map can show, as reports name them.
    pub const METRICS: [&'static str; 16] = [
        "damage",
        "eliminations",
        "ends",
        "collisions",
        "passes",
        "crossover_collisions",
        "displacements",
        "ground_damage",
        "ground_eliminations",
        "hazards_revealed",
        "enemy_fire_damage",
        "own_fire_damage",
        "collision_damage",
        "own_collision_damage",
        "hazard_damage",
        "event_damage",
    ];

    /// The count of the damage of one cause (`None` for the ground, counted where it struck
    /// as `ground_damage`, and for other causes).
    fn damage_of(&mut self, cause: Cause) -> Option<&mut u32> {
        match cause {
            Cause::EnemyFire => Some(&mut self.enemy_fire_damage),
            Cause::OwnFire => Some(&mut self.own_fire_damage),
            Cause::Collision => Some(&mut self.collision_damage),
            Cause::OwnCollision => Some(&mut self.own_collision_damage),
            Cause::Hazard => Some(&mut self.hazard_damage),
            Cause::MovementEvent => Some(&mut self.event_damage),
            // The rolling road deals no damage: its eliminations are counted where they were.
            Cause::Ground | Cause::Road | Cause::Other => None,
        }
    }

    /// One metric by its name ([`Self::METRICS`]).
    #[must_use]
    pub fn get(&self, metric: &str) -> Option<u32> {
        Some(match metric {
            "damage" => self.damage,
            "eliminations" => self.eliminations,
            "ends" => self.ends,
            "collisions" => self.collisions,
            "passes" => self.passes,
            "crossover_collisions" => self.crossover_collisions,
            "displacements" => self.displacements,
            "ground_damage" => self.ground_damage,
            "ground_eliminations" => self.ground_eliminations,
            "hazards_revealed" => self.hazards_revealed,
            "enemy_fire_damage" => self.enemy_fire_damage,
            "own_fire_damage" => self.own_fire_damage,
            "collision_damage" => self.collision_damage,
            "own_collision_damage" => self.own_collision_damage,
            "hazard_damage" => self.hazard_damage,
            "event_damage" => self.event_damage,
            _ => return None,
        })
    }

    /// Adds another's counts (saturating: counts of races played here never come near it).
    pub fn add(&mut self, other: &Self) {
        if let Some(sum) = self.zip(other, |a, b| Some(a.saturating_add(b))) {
            *self = sum;
        }
    }

    /// The sum of two counts read from files, or `None` when one would overflow.
    #[must_use]
    pub fn checked_add(&self, other: &Self) -> Option<Self> {
        self.zip(other, u32::checked_add)
    }

    /// Each count of `self` and `other` combined by `f`; `None` when `f` refuses one.
    fn zip(&self, other: &Self, f: impl Fn(u32, u32) -> Option<u32>) -> Option<Self> {
        Some(Self {
            passes: f(self.passes, other.passes)?,
            ends: f(self.ends, other.ends)?,
            damage: f(self.damage, other.damage)?,
            eliminations: f(self.eliminations, other.eliminations)?,
            collisions: f(self.collisions, other.collisions)?,
            crossover_collisions: f(self.crossover_collisions, other.crossover_collisions)?,
            displacements: f(self.displacements, other.displacements)?,
            ground_damage: f(self.ground_damage, other.ground_damage)?,
            ground_eliminations: f(self.ground_eliminations, other.ground_eliminations)?,
            hazards_revealed: f(self.hazards_revealed, other.hazards_revealed)?,
            enemy_fire_damage: f(self.enemy_fire_damage, other.enemy_fire_damage)?,
            own_fire_damage: f(self.own_fire_damage, other.own_fire_damage)?,
            collision_damage: f(self.collision_damage, other.collision_damage)?,
            own_collision_damage: f(self.own_collision_damage, other.own_collision_damage)?,
            hazard_damage: f(self.hazard_damage, other.hazard_damage)?,
            event_damage: f(self.event_damage, other.event_damage)?,
        })
    }
}

/// One car's part in a race.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct CarResult {
    /// `team #number`.
    pub car: String,
    /// Damage it took.
    pub damage_taken: u32,
    /// Whether it was eliminated.
    pub lost: bool,
    /// Its damage by cause, and what eliminated it ([`super::harm`]).
    #[serde(default)]
    pub harm: CarHarm,
}

/// One race of a batch.
#[derive(Clone, PartialEq, Debug, serde::Serialize, serde::Deserialize)]
pub struct RaceSummary {
    /// Its index in the batch.
    pub index: usize,
    /// Its seed: `roadwright race`-style replay of exactly this race.
    pub seed: u64,
    /// The winning seat.
    pub winner: Option<usize>,
    /// How it ended.
    pub end: RaceEnd,
    /// Turns played.
    pub turns: u32,
    /// Decisions made.
    pub decisions: usize,
    /// Movement event cards drawn.
    pub events_drawn: u32,
    /// Every seat.
    pub seats: Vec<SeatResult>,
    /// Damage dealt to other teams' cars, by weapon type (`collision` for rams and
    /// sideswipes).
    pub damage_by_weapon: std::collections::BTreeMap<String, u32>,
    /// Every car that raced.
    pub cars: Vec<CarResult>,
    /// Its design metrics ([`super::metrics`]).
    #[serde(default)]
    pub metrics: super::metrics::RaceMetrics,
    /// The attacks made, and those on the attacker's own side ([`super::harm`]).
    #[serde(default)]
    pub attacks: Attacks,
    /// What happened on each space, by space id (left out of the JSON per race; the batch's
    /// statistics sum them).
    #[serde(skip)]
    pub spaces: Vec<SpaceCounts>,
    /// For a race of a mission: its sides, who won and which objectives were met.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission: Option<MissionResult>,
}

impl RaceSummary {
    /// Whether the seat won the race: it won itself, or in a mission race its side won.
    #[must_use]
    pub fn won(&self, seat: usize) -> bool {
        match &self.mission {
            Some(mission) => {
                mission.winner.is_some() && mission.winner.as_ref() == mission.sides.get(seat)
            }
            None => self.winner == Some(seat),
        }
    }
}

/// How a race of a mission went, by side and objective ids.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct MissionResult {
    /// Each seat's side.
    pub sides: Vec<String>,
    /// The side that won; absent for a draw.
    pub winner: Option<String>,
    /// Each objective and the side that met it, if one did, in the mission's order.
    pub objectives: Vec<(String, Option<String>)>,
    /// Whether the race ran to the mission's turn limit and ended there (won on VP or the
    /// tie's rule, or drawn).
    #[serde(default)]
    pub at_limit: bool,
    /// The cars its objectives name (`team #number`): the car to escort, the car to destroy.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub named_cars: Vec<String>,
}

impl MissionResult {
    /// The mission's part of a finished race, or `None` for a race without a mission.
    #[must_use]
    pub fn of(race: &Race) -> Option<Self> {
        use crate::rules::ObjectiveStatus;
        use crate::validate::mission::ObjectiveId;
        let mission = race.mission()?;
        let side_id =
            |side: crate::validate::mission::SideId| mission.sides[side.index()].id.to_string();
        Some(Self {
            sides: (0..race.players().len())
                .map(|seat| {
                    race.side_of(PlayerId(seat as u8))
                        .map(side_id)
                        .unwrap_or_default()
                })
                .collect(),
            winner: match race.result() {
                Some(RaceResult::SideWon(side)) => Some(side_id(side)),
                _ => None,
            },
            objectives: mission
                .objectives
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    let met = match race.objective_status(ObjectiveId(i as u16)) {
                        Some(ObjectiveStatus::Met(side)) => Some(side_id(side)),
                        _ => None,
                    };
                    (o.id.to_string(), met)
                })
                .collect(),
            at_limit: race
                .events()
                .iter()
                .rev()
                .any(|e| matches!(e, RaceEvent::TurnEnded { turn } if *turn >= mission.turn_limit))
                && !matches!(
                    race.events().iter().rev().nth(1),
                    Some(RaceEvent::ObjectiveMet { .. })
                ),
            named_cars: super::harm::named_cars(race.rules()),
        })
    }
}

/// The seed of race `index` of a batch seeded `seed` (`SplitMix64` of both).
#[must_use]
pub fn race_seed(seed: u64, index: usize) -> u64 {
    let mut z = seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The setup of race `index`: the teams rotated by `index` over the seats.
#[must_use]
pub fn race_setup(spec: &BatchSpec, index: usize) -> RaceSetup {
    let n = spec.teams.len();
    RaceSetup {
        players: (0..n)
            .map(|seat| PlayerSetup {
                team: spec.teams[(seat + index) % n].clone(),
                cars: Vec::new(),
            })
            .collect(),
        seed: race_seed(spec.seed, index),
        turn_limit: spec
            .rules
            .mission
            .as_ref()
            .map_or(crate::rules::setup::DEFAULT_TURN_LIMIT, |m| m.turn_limit),
    }
}

/// Plays race `index` of a batch to its end.
fn play_index(spec: &BatchSpec, index: usize) -> Result<(RaceSetup, Race), String> {
    let setup = race_setup(spec, index);
    let mut race = Race::new(Arc::clone(&spec.rules), &setup).map_err(|e| e.to_string())?;
    let mut bots = Seats::new(
        setup.seed,
        setup
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| Some(spec.seat_bot(seat, &p.team))),
    );
    super::driver::play_race(&mut race, &mut bots, false).map_err(|e| e.to_string())?;
    Ok((setup, race))
}

/// Plays race `index` of a batch and sums it up.
pub fn play_one(spec: &BatchSpec, index: usize) -> Result<RaceSummary, String> {
    let (setup, race) = play_index(spec, index)?;
    Ok(summarise(spec, index, setup.seed, &race))
}

/// Reads a finished race's events into its summary.
fn summarise(spec: &BatchSpec, index: usize, seed: u64, race: &Race) -> RaceSummary {
    let mut tally = Tally::new(race);
    for event in race.events() {
        tally.apply(race, event);
    }
    let Tally {
        dealt,
        taken,
        lost,
        kills,
        last_claim,
        events_drawn,
        spaces,
        car_damage,
        by_weapon,
        attributor,
        ..
    } = tally;
    let harm = attributor.finish();
    let car_harm = |c: CarId| harm.cars.get(c.index()).copied().unwrap_or_default();
    let cars = race
        .car_ids()
        .filter(|c| race.car(*c).place != Place::Reserve || car_damage[c.index()] > 0)
        .map(|c| CarResult {
            car: format!(
                "{} #{}",
                race.team_of(race.car(c).player).id,
                race.car_number(c)
            ),
            damage_taken: car_damage[c.index()],
            lost: race.car(c).place == Place::Destroyed,
            harm: car_harm(c),
        })
        .collect();
    let pool_end = match last_claim {
        Some(VpSource::Kill) => RaceEnd::Kill,
        _ => RaceEnd::FinishLine,
    };
    let (winner, end) = match race.result() {
        Some(RaceResult::Winner(p)) if race.player(p).pool > 0 => {
            (Some(p.index()), RaceEnd::Settled)
        }
        Some(RaceResult::Winner(p)) => (Some(p.index()), pool_end),
        Some(RaceResult::SideWon(_)) => (None, mission_end(race, pool_end)),
        _ => (None, RaceEnd::Draw),
    };
    RaceSummary {
        index,
        seed,
        winner,
        end,
        turns: race.turn(),
        decisions: race.decisions().len(),
        events_drawn,
        damage_by_weapon: by_weapon,
        cars,
        metrics: super::metrics::Timeline::of(race).metrics(),
        attacks: harm.attacks,
        spaces,
        mission: MissionResult::of(race),
        seats: race
            .players()
            .iter()
            .enumerate()
            .map(|(seat, p)| SeatResult {
                team: race.rules().content.teams[p.team].id.to_string(),
                bot: spec
                    .seat_bot(seat, &race.rules().content.teams[p.team].id)
                    .id
                    .to_string(),
                pool: p.pool,
                finish_vp: p.claims.finish,
                kill_vp: p.claims.kills,
                clock_vp: p.clock_removed,
                damage_dealt: dealt[seat],
                damage_taken: taken[seat],
                cars_lost: lost[seat],
                eliminations: kills[seat],
                harm: race.cars_of(PlayerId(seat as u8)).fold(
                    HarmSums::default(),
                    |mut sums, car| {
                        sums.add(&car_harm(car));
                        sums
                    },
                ),
            })
            .collect(),
    }
}

/// How a side won a mission race, read from its last events: an objective met (at the finish
/// line, by a kill, or at the end of a turn, by its kind), a pool emptied (the pool's own
/// ending), or the turn limit's settlement.
fn mission_end(race: &Race, pool_end: RaceEnd) -> RaceEnd {
    use crate::validate::mission::CheckedGoal;
    // An objective made of others is met in the same moment as its last part: the ending is
    // the kind of the first objective of that run of events.
    let trailing = race
        .events()
        .iter()
        .rev()
        .skip(1)
        .take_while(|e| {
            matches!(
                e,
                RaceEvent::ObjectiveMet { .. } | RaceEvent::ObjectiveProgress { .. }
            )
        })
        .filter(|e| matches!(e, RaceEvent::ObjectiveMet { .. }))
        .last();
    let before_win = trailing.or_else(|| race.events().iter().rev().nth(1));
    match before_win {
        Some(RaceEvent::ObjectiveMet { objective, .. }) => {
            let goal = race
                .mission()
                .and_then(|m| m.objectives.get(objective.index()))
                .map(|o| &o.goal);
            match goal {
                Some(CheckedGoal::Laps(_) | CheckedGoal::Escort(..)) => RaceEnd::FinishLine,
                Some(CheckedGoal::Kills(_) | CheckedGoal::Eliminate(_) | CheckedGoal::Wipeout) => {
                    RaceEnd::Kill
                }
                Some(
                    CheckedGoal::Survive(_)
                    | CheckedGoal::Hold(..)
                    | CheckedGoal::AllOut
                    | CheckedGoal::LeftBehind
                    | CheckedGoal::All(_)
                    | CheckedGoal::Any(_)
                    | CheckedGoal::Then(_),
                )
                | None => RaceEnd::Objective,
            }
        }
        Some(RaceEvent::Winner { .. }) => pool_end,
        _ => RaceEnd::TurnLimit,
    }
}

/// A race of a batch worth watching, and why.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Notable {
    /// Why: `longest`, `shortest`, `most-eliminations` or `draw`.
    pub why: String,
    /// The race's index in the batch.
    pub index: usize,
    /// Its seed.
    pub seed: u64,
}

/// The races of a batch worth watching: the longest and the shortest (in decisions), the one
/// with the most eliminations, and the draws (the first
/// [`super::batch_fold::LISTED_DRAWS`] of them). The
/// earliest race wins a tie.
#[must_use]
pub fn notable(races: &[RaceSummary]) -> Vec<Notable> {
    notable_of(&BatchFold::of(races))
}

/// The notable races of a folded batch (see [`notable`]).
#[must_use]
pub fn notable_of(fold: &BatchFold) -> Vec<Notable> {
    let note = |why: &str, index: usize, seed: u64| Notable {
        why: why.to_owned(),
        index,
        seed,
    };
    let mut out = Vec::new();
    for (why, mark) in [
        ("longest", fold.longest),
        ("shortest", fold.shortest),
        ("most-eliminations", fold.most_eliminations),
    ] {
        if let Some(m) = mark {
            out.push(note(why, m.index, m.seed));
        }
    }
    out.extend(
        fold.draws
            .iter()
            .map(|&(index, seed)| note("draw", index, seed)),
    );
    out
}

/// The record of race `index` of a batch: the race is played again from its seed with the
/// same bots (a batch race is a pure function of both), and its decisions are kept.
pub fn record_of(
    spec: &BatchSpec,
    index: usize,
    content: super::record::ContentIdentity,
    files: super::record::RecordFiles,
) -> Result<super::record::RaceRecord, String> {
    let (setup, race) = play_index(spec, index)?;
    Ok(super::record::RaceRecord::of(&race, &setup, content, files))
}

/// A deterministic slice of a batch's races: shard `index` (1-based) of `count` plays the
/// races whose index leaves remainder `index - 1` divided by `count`. Shards of one batch,
/// merged, are the whole batch.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// Which shard, from 1.
    pub index: usize,
    /// How many shards.
    pub count: usize,
}

impl Shard {
    /// The whole batch.
    pub const WHOLE: Self = Self { index: 1, count: 1 };

    /// How many of a batch's `races` this shard plays.
    #[must_use]
    pub fn races_of(self, races: usize) -> usize {
        if self.count == 0 || self.index == 0 || self.index > self.count {
            return 0;
        }
        let whole_rounds = races / self.count;
        whole_rounds + usize::from(races % self.count >= self.index)
    }

    /// Whether race `race` belongs to this shard.
    #[must_use]
    pub fn holds(self, race: usize) -> bool {
        self.count > 0 && self.index > 0 && race % self.count == self.index - 1
    }

    /// The `k`th race of a batch this shard plays (from 0), found by arithmetic: a shard never
    /// walks the batch's other races to find its own (a shard of 2^64 - 1 races would never
    /// get there). `k` is below [`Self::races_of`].
    #[must_use]
    pub fn race(self, k: usize) -> usize {
        (self.index - 1) + k * self.count
    }
}

/// Plays the races of a batch whose indices are in `range` (the studio plays a batch a slice at
/// a time, to show results while it runs); together the slices are the whole batch.
pub fn run_range(
    spec: &BatchSpec,
    range: std::ops::Range<usize>,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Vec<RaceSummary>, String> {
    let range = range.start.min(spec.races)..range.end.min(spec.races);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let done = AtomicUsize::new(0);
    let results: Vec<Result<RaceSummary, String>> = pool.install(|| {
        range
            .into_par_iter()
            .take_any_while(|_| !cancel.load(Ordering::Relaxed))
            .map(|index| {
                let summary = play_one(spec, index);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                summary
            })
            .collect()
    });
    let mut races = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    // `take_any_while` keeps no order promise once it stops: the races are put back in order.
    races.sort_by_key(|r| r.index);
    Ok(races)
}

/// A shard of a batch played and folded ([`fold_shard`]).
#[derive(Clone, Debug, Default)]
pub struct FoldedBatch {
    /// Every race played, folded.
    pub fold: BatchFold,
    /// The races played, in race order, without their per-space counts, when they were asked
    /// for (a per-race list or CSV); empty otherwise.
    pub races: Vec<RaceSummary>,
}

/// What one thread of a folded batch has: its races folded, the races kept, and the error of
/// the lowest race index that failed (so the error reported is the same for any split).
#[derive(Default)]
struct Partial {
    done: FoldedBatch,
    error: Option<(usize, String)>,
}

impl Partial {
    fn merge(mut self, other: Self) -> Self {
        self.done.fold.merge(&other.done.fold);
        self.done.races.extend(other.done.races);
        self.error = match (self.error, other.error) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
        self
    }
}

/// Plays one shard of a batch on `threads` threads (0: all cores) and folds each race into the
/// batch's figures as it finishes: memory does not grow with the number of races, unless
/// `keep_races` asks for the list of races too. Ctrl-C (`cancel` answering true) stops it at
/// once: races not begun are skipped, nothing is allocated for them. The fold is the same for any number of
/// threads (see [`BatchFold`]).
pub fn fold_shard(
    spec: &BatchSpec,
    shard: Shard,
    threads: usize,
    keep_races: bool,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<FoldedBatch, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let done = AtomicUsize::new(0);
    let partial = pool.install(|| {
        (0..shard.races_of(spec.races))
            .into_par_iter()
            .map(|k| shard.race(k))
            // Once cancelled, no race is even handed out: the rest of a huge batch is not
            // walked (Ctrl-C is heard within one race).
            .take_any_while(|_| !cancel())
            .fold(Partial::default, |mut partial, index| {
                if partial.error.is_some() {
                    return partial;
                }
                match play_one(spec, index) {
                    Ok(mut summary) => {
                        partial.done.fold.add(&summary);
                        if keep_races {
                            summary.spaces = Vec::new();
                            partial.done.races.push(summary);
                        }
                    }
                    Err(e) => partial.error = Some((index, e)),
                }
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                partial
            })
            .reduce(Partial::default, Partial::merge)
    });
    if let Some((_, error)) = partial.error {
        return Err(error);
    }
    let mut batch = partial.done;
    batch.races.sort_by_key(|r| r.index);
    Ok(batch)
}

/// The figures of one race, folded from its events.
struct Tally {
    dealt: Vec<u32>,
    taken: Vec<u32>,
    lost: Vec<u32>,
    kills: Vec<u32>,
    active: Option<PlayerId>,
    last_claim: Option<VpSource>,
    events_drawn: u32,
    places: Vec<Place>,
    spaces: Vec<SpaceCounts>,
    car_damage: Vec<u32>,
    weapon: Option<String>,
    by_weapon: std::collections::BTreeMap<String, u32>,
    attributor: Attributor,
}

impl Tally {
    fn new(race: &Race) -> Self {
        let n = race.players().len();
        Self {
            dealt: vec![0; n],
            taken: vec![0; n],
            lost: vec![0; n],
            kills: vec![0; n],
            active: None,
            last_claim: None,
            events_drawn: 0,
            places: vec![Place::Reserve; race.cars().len()],
            spaces: vec![SpaceCounts::default(); race.track().space_count()],
            car_damage: vec![0; race.cars().len()],
            weapon: None,
            by_weapon: std::collections::BTreeMap::new(),
            attributor: Attributor::new(race.cars().len()),
        }
    }

    /// The space a car is on, as an index.
    fn at(&self, car: CarId) -> Option<usize> {
        self.places[car.index()].space().map(|s| s.0 as usize)
    }

    /// Folds one event.
    fn apply(&mut self, race: &Race, event: &RaceEvent) {
        if let Some(harmed) = self.attributor.read(race, event)
            && let Some(s) = self.at(harmed.car)
            && let Some(count) = self.spaces[s].damage_of(harmed.cause)
        {
            *count += u32::from(harmed.damage);
        }
        match event {
            RaceEvent::CardPlayed { seat, .. } => self.active = Some(*seat),
            RaceEvent::Attack { attacker, .. } => {
                self.weapon = Some(race.stats(*attacker).weapon.to_string());
            }
            RaceEvent::Collision { target, .. } => {
                self.weapon = Some("collision".to_owned());
                if let Some(s) = self.at(*target) {
                    self.spaces[s].collisions += 1;
                }
            }
            RaceEvent::CrossoverCollision { blocker, .. } => {
                if let Some(s) = self.at(*blocker) {
                    self.spaces[s].crossover_collisions += 1;
                }
            }
            RaceEvent::Damage { car, amount, .. } => {
                let owner = race.car(*car).player;
                self.taken[owner.index()] += u32::from(*amount);
                self.car_damage[car.index()] += u32::from(*amount);
                if let Some(s) = self.at(*car) {
                    self.spaces[s].damage += u32::from(*amount);
                }
                if let Some(a) = self.active.filter(|a| *a != owner) {
                    self.dealt[a.index()] += u32::from(*amount);
                    if let Some(w) = &self.weapon {
                        *self.by_weapon.entry(w.clone()).or_default() += u32::from(*amount);
                    }
                }
            }
            RaceEvent::Eliminated { car, scored_by } => {
                self.lost[race.car(*car).player.index()] += 1;
                if let Some(p) = scored_by {
                    self.kills[p.index()] += 1;
                }
                if let Some(s) = self.at(*car) {
                    self.spaces[s].eliminations += 1;
                }
            }
            RaceEvent::CarMoved {
                car, to, motion, ..
            } => {
                self.places[car.index()] = *to;
                if let Place::Track(s) = to {
                    self.spaces[s.0 as usize].passes += 1;
                    if *motion == Motion::Displaced {
                        self.spaces[s.0 as usize].displacements += 1;
                    }
                }
            }
            RaceEvent::CarFlipped { car } => {
                if let Some(s) = self.at(*car) {
                    self.spaces[s].ends += 1;
                }
            }
            RaceEvent::GroundStruck { space, effect, .. } => {
                let counts = &mut self.spaces[space.0 as usize];
                match effect {
                    Effect::Damage(amount) => counts.ground_damage += u32::from(*amount),
                    Effect::Eliminate => counts.ground_eliminations += 1,
                    Effect::Stop
                    | Effect::Slide(_)
                    | Effect::SlideAside(_)
                    | Effect::Jump(_)
                    | Effect::DrawnJump { .. }
                    | Effect::Fire
                    | Effect::Hazard => {}
                }
            }
            RaceEvent::HazardRevealed { space, .. } => {
                self.spaces[space.0 as usize].hazards_revealed += 1;
            }
            RaceEvent::VpClaimed { source, .. } => self.last_claim = Some(*source),
            RaceEvent::MovementEventDrawn { .. } => self.events_drawn += 1,
            _ => {}
        }
        // Damage belongs to a weapon only in the attack that drew it.
        if !matches!(
            event,
            RaceEvent::Attack { .. }
                | RaceEvent::Collision { .. }
                | RaceEvent::Damage { .. }
                | RaceEvent::Eliminated { .. }
                | RaceEvent::Replacement { .. }
                | RaceEvent::CarMoved { .. }
                | RaceEvent::VpClaimed { .. }
                | RaceEvent::BonusChanged { .. }
                | RaceEvent::MarkerPlaced { .. }
        ) {
            self.weapon = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn a_shard_plays_as_many_races_as_it_holds() {
        for races in [0, 1, 2, 5, 24, 101] {
            for count in 1..=7 {
                for index in 1..=count {
                    let shard = Shard { index, count };
                    let held: Vec<usize> = (0..races).filter(|r| shard.holds(*r)).collect();
                    assert_eq!(
                        shard.races_of(races),
                        held.len(),
                        "{index}/{count} of {races}"
                    );
                    let found: Vec<usize> =
                        (0..shard.races_of(races)).map(|k| shard.race(k)).collect();
                    assert_eq!(found, held, "{index}/{count} of {races}");
                }
            }
        }
    }

    #[test]
    fn a_shard_of_a_huge_batch_finds_its_races_by_arithmetic() {
        let shard = Shard {
            index: 3,
            count: 1_000_000_000,
        };
        assert_eq!(shard.races_of(usize::MAX), usize::MAX / 1_000_000_000 + 1);
        assert_eq!(shard.race(0), 2);
        let last = shard.race(shard.races_of(usize::MAX) - 1);
        assert!(shard.holds(last) && last > usize::MAX - 1_000_000_000);
    }
}
