//! How a car was hurt and lost, and by whom: every damage marker and elimination of a race put
//! down to its cause, read from the events around it, and the attacks made on one's own side.
//!
//! The engine's events say what happened in order (an attack, then the damage it dealt); this
//! module reads that order back into causes without adding anything to the events, so the
//! event streams stay as they are.
//!
//! # Decisions
//! - A car's **side** is its mission side; without a mission, its own team (the rulebook's
//!   race has no allies).
//! - Damage after a weapon attack is **enemy fire** or **own-side fire** by whether the
//!   attacker is of the damaged car's side. After a collision attack (a ram or a sideswipe) or
//!   a crossover collision it is a **collision** or an **own-side collision** the same way; the
//!   active car's own damage in a collision with an ally is an own-side collision too (it rammed
//!   its own side), in a collision with an enemy a plain collision.
//! - Damage the ground deals (a kind's `Damage`, a burning car's fire check) and cars the ground
//!   wrecks are the **ground**; hazard tokens, a quake and a pit trap are **hazards**; damage a
//!   movement event card deals (Debris, Into the Trough, ...) is a **movement event**.
//! - The ground's damage to a moving car is dealt when its movement ends, after a ram or a
//!   crossover collision at its end and after a hazard it stopped on: it is told apart from
//!   theirs by what each still owes the car (the combat card's damage to the active car, the
//!   token's damage).
//! - An elimination has the cause of the damage that ended it, or of the ground or hazard that
//!   wrecked the car. Anything else is **other**: no rule of today's engine deals it (a test
//!   holds every race of the standard content and the sample packs to that).

use serde::{Deserialize, Serialize};

use crate::content::hazard_deck::HazardEffect;
use crate::rules::{CarId, Race, RaceEvent};

/// Why a car took damage or was eliminated.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// A weapon attack by a car of another side.
    EnemyFire,
    /// A weapon attack by a car of its own side.
    OwnFire,
    /// A collision (ram, sideswipe, crossover) with a car of another side.
    Collision,
    /// A collision with a car of its own side.
    OwnCollision,
    /// The ground (a kind of the pack's terrain, fire).
    Ground,
    /// A hazard token (a mine, a pit trap, a quake, a sand worm).
    Hazard,
    /// A movement event card.
    MovementEvent,
    /// A rolling road's rear tile removed with the car on it.
    Road,
    /// None of the above.
    Other,
}

impl Cause {
    /// Every cause, in the order reports list them.
    pub const ALL: [Self; 9] = [
        Self::EnemyFire,
        Self::OwnFire,
        Self::Collision,
        Self::OwnCollision,
        Self::Ground,
        Self::Hazard,
        Self::MovementEvent,
        Self::Road,
        Self::Other,
    ];

    /// The cause as files and reports name it (`own_fire`).
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Self::EnemyFire => "enemy_fire",
            Self::OwnFire => "own_fire",
            Self::Collision => "collision",
            Self::OwnCollision => "own_collision",
            Self::Ground => "ground",
            Self::Hazard => "hazard",
            Self::MovementEvent => "movement_event",
            Self::Road => "road",
            Self::Other => "other",
        }
    }

    /// The cause in words (`fire from its own side`).
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Self::EnemyFire => "enemy fire",
            Self::OwnFire => "fire from its own side",
            Self::Collision => "collisions",
            Self::OwnCollision => "collisions with its own side",
            Self::Ground => "ground",
            Self::Hazard => "hazards",
            Self::MovementEvent => "movement events",
            Self::Road => "the rolling road",
            Self::Other => "other",
        }
    }

    /// Whether the cause is a car of the victim's own side.
    #[must_use]
    pub fn own_side(self) -> bool {
        matches!(self, Self::OwnFire | Self::OwnCollision)
    }
}

/// A count for each cause.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ByCause {
    /// Enemy fire.
    pub enemy_fire: u64,
    /// Fire from its own side.
    pub own_fire: u64,
    /// Collisions with another side.
    pub collision: u64,
    /// Collisions with its own side.
    pub own_collision: u64,
    /// The ground.
    pub ground: u64,
    /// Hazards.
    pub hazard: u64,
    /// Movement events.
    pub movement_event: u64,
    /// A rolling road's rear tile removed.
    pub road: u64,
    /// Anything else.
    pub other: u64,
}

impl ByCause {
    /// The count of one cause.
    #[must_use]
    pub fn get(&self, cause: Cause) -> u64 {
        match cause {
            Cause::EnemyFire => self.enemy_fire,
            Cause::OwnFire => self.own_fire,
            Cause::Collision => self.collision,
            Cause::OwnCollision => self.own_collision,
            Cause::Ground => self.ground,
            Cause::Hazard => self.hazard,
            Cause::MovementEvent => self.movement_event,
            Cause::Road => self.road,
            Cause::Other => self.other,
        }
    }

    /// The count of one cause, to change.
    pub fn get_mut(&mut self, cause: Cause) -> &mut u64 {
        match cause {
            Cause::EnemyFire => &mut self.enemy_fire,
            Cause::OwnFire => &mut self.own_fire,
            Cause::Collision => &mut self.collision,
            Cause::OwnCollision => &mut self.own_collision,
            Cause::Ground => &mut self.ground,
            Cause::Hazard => &mut self.hazard,
            Cause::MovementEvent => &mut self.movement_event,
            Cause::Road => &mut self.road,
            Cause::Other => &mut self.other,
        }
    }

    /// Every cause's count.
    #[must_use]
    pub fn total(&self) -> u64 {
        Cause::ALL.iter().map(|c| self.get(*c)).sum()
    }

    /// The counts of the causes that are the victim's own side.
    #[must_use]
    pub fn own_side(&self) -> u64 {
        self.own_fire + self.own_collision
    }

    /// Adds another's counts, each checked (`None` on an overflow, part added) or saturating.
    pub fn combine(&mut self, other: &Self, checked: bool) -> Option<()> {
        for cause in Cause::ALL {
            let into = self.get_mut(cause);
            *into = if checked {
                into.checked_add(other.get(cause))?
            } else {
                into.saturating_add(other.get(cause))
            };
        }
        Some(())
    }
}

/// What one car suffered in a race.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct CarHarm {
    /// Damage it took, by cause.
    pub damage: ByCause,
    /// What eliminated it, if it was.
    pub lost_to: Option<Cause>,
}

/// Damage and eliminations by cause, summed over cars or races.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct HarmSums {
    /// Damage taken, by cause.
    pub damage: ByCause,
    /// Cars lost, by cause.
    pub lost: ByCause,
}

impl HarmSums {
    /// Adds one car's harm in a race.
    pub fn add(&mut self, car: &CarHarm) {
        self.damage.combine(&car.damage, false);
        if let Some(cause) = car.lost_to {
            *self.lost.get_mut(cause) += 1;
        }
    }

    /// Adds another's sums, each checked (`None` on an overflow, part added) or saturating.
    pub fn combine(&mut self, other: &Self, checked: bool) -> Option<()> {
        self.damage.combine(&other.damage, checked)?;
        self.lost.combine(&other.lost, checked)
    }
}

/// A race's harm, car by car, and the attacks made on one's own side.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct RaceHarm {
    /// Each car, by car id.
    pub cars: Vec<CarHarm>,
    /// The attacks made.
    pub attacks: Attacks,
}

/// The attacks of a race, and those on one's own side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Attacks {
    /// Weapon attacks made.
    pub shots: u32,
    /// Weapon attacks at a car of the attacker's own side.
    pub own_side_shots: u32,
    /// Collision attacks made (rams and sideswipes).
    pub collisions: u32,
    /// Collision attacks on a car of the active car's own side.
    pub own_side_collisions: u32,
}

/// One damage or elimination put down to its cause: what [`Attributor::read`] finds in an
/// event.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Harmed {
    /// The car.
    pub car: CarId,
    /// Why.
    pub cause: Cause,
    /// The damage dealt (0 for an elimination).
    pub damage: u8,
    /// Whether it was the car's elimination.
    pub eliminated: bool,
}

/// What is under way as events arrive: the agent of the damage that follows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Context {
    /// Nothing that deals damage.
    Quiet,
    /// A weapon attack by a car.
    Fire(CarId),
    /// A collision: the active car and its target.
    Collision(CarId, CarId),
    /// The ground.
    Ground,
    /// A hazard token.
    Hazard,
    /// A movement event card.
    Event,
    /// A rolling road's rear tile removed.
    Road,
}

/// Reads a race's events in order and puts each damage and elimination down to its cause.
#[derive(Clone, Debug)]
pub struct Attributor {
    context: Context,
    /// Ground damage a moving car has still to take when its movement ends, by car.
    pending_ground: Vec<u32>,
    /// Whether any car has ground damage pending (most events need not clear them then).
    any_pending: bool,
    /// The damage events the context still owes each car it names (a moving car's ground
    /// damage comes after them).
    owed: Vec<(CarId, u8)>,
    /// The last damage: its car and cause (an elimination right after it has its cause).
    last_damage: Option<(CarId, Cause)>,
    harm: RaceHarm,
}

impl Attributor {
    /// An attributor for a race of `cars` cars.
    #[must_use]
    pub fn new(cars: usize) -> Self {
        Self {
            context: Context::Quiet,
            pending_ground: vec![0; cars],
            any_pending: false,
            owed: Vec::new(),
            last_damage: None,
            harm: RaceHarm {
                cars: vec![CarHarm::default(); cars],
                ..RaceHarm::default()
            },
        }
    }

    /// A finished race's harm.
    #[must_use]
    pub fn of(race: &Race) -> RaceHarm {
        let mut attributor = Self::new(race.cars().len());
        for event in race.events() {
            attributor.read(race, event);
        }
        attributor.finish()
    }

    /// The harm read so far.
    #[must_use]
    pub fn finish(self) -> RaceHarm {
        self.harm
    }

    /// Reads the next event of `race`; a damage or an elimination comes back with its cause.
    pub fn read(&mut self, race: &Race, event: &RaceEvent) -> Option<Harmed> {
        let harmed = match event {
            RaceEvent::Damage { car, amount, .. } => {
                let cause = self.damage_cause(race, *car);
                self.last_damage = Some((*car, cause));
                if let Some(harm) = self.harm.cars.get_mut(car.index()) {
                    *harm.damage.get_mut(cause) += u64::from(*amount);
                }
                return Some(Harmed {
                    car: *car,
                    cause,
                    damage: *amount,
                    eliminated: false,
                });
            }
            RaceEvent::Eliminated { car, .. } => {
                let cause = match self.last_damage {
                    Some((damaged, cause)) if damaged == *car => cause,
                    _ => self.context_cause(race, *car).unwrap_or(Cause::Other),
                };
                if let Some(slot) = self.pending_ground.get_mut(car.index()) {
                    *slot = 0;
                }
                if let Some(harm) = self.harm.cars.get_mut(car.index()) {
                    harm.lost_to = Some(cause);
                }
                Some(Harmed {
                    car: *car,
                    cause,
                    damage: 0,
                    eliminated: true,
                })
            }
            _ => {
                self.follow(race, event);
                None
            }
        };
        self.last_damage = None;
        harmed
    }

    /// Takes note of an event that is not itself harm: what it starts or settles.
    fn follow(&mut self, race: &Race, event: &RaceEvent) {
        match event {
            RaceEvent::Attack {
                attacker, target, ..
            } => {
                self.harm.attacks.shots += 1;
                self.harm.attacks.own_side_shots += u32::from(same_side(race, *attacker, *target));
                self.start(Context::Fire(*attacker), Vec::new());
            }
            RaceEvent::Collision {
                attacker,
                target,
                card,
                ..
            } => {
                self.harm.attacks.collisions += 1;
                self.harm.attacks.own_side_collisions +=
                    u32::from(same_side(race, *attacker, *target));
                let result = race
                    .rules()
                    .content
                    .combat_deck
                    .get(usize::from(card.0))
                    .map_or((0, 0), |c| {
                        (c.collision.target_damage, c.collision.active_damage)
                    });
                let (to_target, to_attacker) = result;
                self.start(
                    Context::Collision(*attacker, *target),
                    vec![
                        (*target, u8::from(to_target > 0)),
                        (*attacker, u8::from(to_attacker > 0)),
                    ],
                );
            }
            RaceEvent::CrossoverCollision { moving, blocker } => {
                let hurts = u8::from(race.rules().ruleset.crossover_collision.damage_each() > 0);
                self.start(
                    Context::Collision(*moving, *blocker),
                    vec![(*moving, hurts), (*blocker, hurts)],
                );
            }
            RaceEvent::GroundStruck { car, effect, .. } => {
                if let crate::content::terrain::Effect::Damage(amount) = effect
                    && let Some(slot) = self.pending_ground.get_mut(car.index())
                {
                    *slot += u32::from(*amount);
                    self.any_pending = true;
                }
                self.start(Context::Ground, Vec::new());
            }
            RaceEvent::FireCheck { .. } => self.start(Context::Ground, Vec::new()),
            RaceEvent::HazardRevealed { car, hazard, .. } => {
                let hits = race
                    .rules()
                    .content
                    .hazards
                    .as_ref()
                    .and_then(|book| book.hazard(hazard.0))
                    .map_or(0, |h| {
                        h.effects
                            .iter()
                            .filter(|e| matches!(e, HazardEffect::Damage(n) if *n > 0))
                            .count()
                    });
                self.start(
                    Context::Hazard,
                    vec![(*car, u8::try_from(hits).unwrap_or(u8::MAX))],
                );
            }
            RaceEvent::PitTrap { car, hit, .. } => {
                self.start(Context::Hazard, vec![(*car, u8::from(*hit))]);
            }
            RaceEvent::Quake { .. } => self.start(Context::Hazard, Vec::new()),
            RaceEvent::TileRemoved { .. } => self.start(Context::Road, Vec::new()),
            RaceEvent::MovementEventDrawn { .. } => {
                // The event is drawn once the movement is over: its ground has struck.
                self.settle_pending();
                self.start(Context::Event, Vec::new());
            }
            RaceEvent::CardPlayed { .. }
            | RaceEvent::TurnStarted { .. }
            | RaceEvent::TurnEnded { .. } => {
                self.settle_pending();
                self.start(Context::Quiet, Vec::new());
            }
            _ => {}
        }
    }

    /// Forgets the ground damage pending: the movements it was for are over.
    fn settle_pending(&mut self) {
        if self.any_pending {
            self.pending_ground.fill(0);
            self.any_pending = false;
        }
    }

    fn start(&mut self, context: Context, owed: Vec<(CarId, u8)>) {
        self.context = context;
        self.owed = owed;
    }

    /// The cause of damage to `car` now.
    fn damage_cause(&mut self, race: &Race, car: CarId) -> Cause {
        let pending = self.pending_ground.get(car.index()).copied().unwrap_or(0);
        if pending > 0 && self.context != Context::Ground {
            // A moving car's ground damage comes after what the context owes it.
            match self.owed.iter_mut().find(|(c, _)| *c == car) {
                Some((_, n)) if *n > 0 => *n -= 1,
                _ => {
                    self.pending_ground[car.index()] = 0;
                    return Cause::Ground;
                }
            }
        } else if let Some((_, n)) = self.owed.iter_mut().find(|(c, _)| *c == car) {
            *n = n.saturating_sub(1);
        }
        if self.context == Context::Ground
            && let Some(slot) = self.pending_ground.get_mut(car.index())
        {
            *slot = 0;
        }
        self.context_cause(race, car).unwrap_or(Cause::Other)
    }

    /// The cause the context gives harm to `car`, if it deals any.
    fn context_cause(&self, race: &Race, car: CarId) -> Option<Cause> {
        Some(match self.context {
            Context::Quiet => return None,
            Context::Fire(attacker) if same_side(race, attacker, car) => Cause::OwnFire,
            Context::Fire(_) => Cause::EnemyFire,
            Context::Collision(attacker, target) => {
                let own = if car == attacker {
                    same_side(race, attacker, target)
                } else {
                    same_side(race, attacker, car)
                };
                if own {
                    Cause::OwnCollision
                } else {
                    Cause::Collision
                }
            }
            Context::Ground => Cause::Ground,
            Context::Hazard => Cause::Hazard,
            Context::Event => Cause::MovementEvent,
            Context::Road => Cause::Road,
        })
    }
}

/// Whether two cars are of one side (their mission side, or one team without a mission).
fn same_side(race: &Race, a: CarId, b: CarId) -> bool {
    race.same_side(race.car(a).player, race.car(b).player)
}

/// The cars a mission names (the car to escort, the car to destroy), as batch reports key cars
/// (`team #number`), in the objectives' order, each once.
#[must_use]
pub fn named_cars(rules: &crate::rules::RaceRules) -> Vec<String> {
    let Some(mission) = rules.mission.as_ref() else {
        return Vec::new();
    };
    let mut names: Vec<String> = Vec::new();
    for objective in &mission.objectives {
        let Some(car) = objective.goal.named_car() else {
            continue;
        };
        let Some(team) = rules.content.teams.get(car.team) else {
            continue;
        };
        let Some(stats) = team.cars.get(usize::from(car.mat_index)) else {
            continue;
        };
        let name = format!("{} #{}", team.id, stats.number);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// Harm sums as a report gives them: per race (or per race the car raced), by cause id.
#[derive(Clone, PartialEq, Debug, Default, Serialize)]
pub struct HarmFigures {
    /// Races counted.
    pub races: u64,
    /// Damage taken per race, by cause id (causes that never struck left out).
    pub damage: std::collections::BTreeMap<&'static str, f64>,
    /// Cars lost per race, by cause id (causes that never struck left out).
    pub lost: std::collections::BTreeMap<&'static str, f64>,
    /// The share of the damage taken that came from its own side (0 when none was taken).
    pub own_side_damage_share: f64,
    /// The share of the cars lost that its own side destroyed (0 when none was lost).
    pub own_side_loss_share: f64,
}

impl HarmFigures {
    /// The figures of `sums` over `races` races.
    #[must_use]
    pub fn of(sums: &HarmSums, races: u64) -> Self {
        let per = |n: u64| n as f64 / races.max(1) as f64;
        let by = |counts: &ByCause| {
            Cause::ALL
                .iter()
                .filter(|c| counts.get(**c) > 0)
                .map(|c| (c.id(), per(counts.get(*c))))
                .collect()
        };
        let share = |counts: &ByCause| counts.own_side() as f64 / counts.total().max(1) as f64;
        Self {
            races,
            damage: by(&sums.damage),
            lost: by(&sums.lost),
            own_side_damage_share: share(&sums.damage),
            own_side_loss_share: share(&sums.lost),
        }
    }

    /// The figure of one cause, per race (damage when `lost` is false).
    #[must_use]
    pub fn per_race(&self, cause: Cause, lost: bool) -> f64 {
        let map = if lost { &self.lost } else { &self.damage };
        map.get(cause.id()).copied().unwrap_or(0.0)
    }
}

/// A batch's harm: each side's (each team's without a mission) and the attacks on one's own
/// side.
#[derive(Clone, PartialEq, Debug, Default, Serialize)]
pub struct HarmStats {
    /// Each side's figures (each team's, in a race without a mission), by id.
    pub sides: std::collections::BTreeMap<String, HarmFigures>,
    /// The figures of each car a mission names (the escorted car, the car to destroy), per
    /// race it raced, by `team #number`.
    pub named_cars: std::collections::BTreeMap<String, HarmFigures>,
    /// Weapon attacks per 1,000 races.
    pub shots_per_1000: f64,
    /// Weapon attacks at one's own side per 1,000 races.
    pub own_side_shots_per_1000: f64,
    /// Collision attacks per 1,000 races.
    pub collisions_per_1000: f64,
    /// Collision attacks on one's own side per 1,000 races.
    pub own_side_collisions_per_1000: f64,
}
