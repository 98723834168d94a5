//! Movement outcome enumeration: every distinct end position of a movement, with one path
//! reaching each. Bots use it to choose; the editor uses it to show where a card can take a car.
//!
//! The search applies real steps to clones of the race, so it can never disagree with the
//! rules. States already seen (same cars in the same places, same MP left, same links and same
//! spaces visited in the current sector) are searched once, which keeps a nine-MP Lead on a
//! crowded track fast.

use std::collections::{BTreeMap, HashSet};

use super::decision::{Decision, IllegalDecision};
use super::ids::{CarId, PlayerId};
use super::movement::{Movement, Step, StepEnd};
use super::race_event::Marker;
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

/// Every distinct outcome of the movement in progress, sorted by the cars' end places, within
/// [`DEFAULT_SEARCH_LIMIT`]. Empty when no movement is in progress.
#[must_use]
pub fn enumerate_outcomes(race: &Race) -> Vec<Outcome> {
    enumerate_outcomes_within(race, DEFAULT_SEARCH_LIMIT).outcomes
}

/// The outcomes of the movement in progress, visiting at most `limit` positions.
#[must_use]
pub fn enumerate_outcomes_within(race: &Race, limit: usize) -> Enumeration {
    let Some(movement) = race.movement() else {
        return Enumeration::default();
    };
    let root = race.copy_without_history();
    let start: Vec<Place> = race.cars().iter().map(|c| c.place).collect();
    let mut search = Search {
        start,
        seen: HashSet::new(),
        found: BTreeMap::new(),
        budget: limit,
        truncated: false,
    };
    search.visit(&root, movement);
    Enumeration {
        visited: limit - search.budget,
        truncated: search.truncated,
        outcomes: search.found.into_values().collect(),
    }
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
        race.apply(&Decision::Play {
            card,
            car,
            ram_as_lead,
        })?;
        if race.movement().is_none() && race.legal_decisions().contains(&Decision::HoldFire) {
            race.apply(&Decision::HoldFire)?;
        }
        Ok(enumerate_outcomes(&race))
    }
}

type StateKey = (
    Vec<Place>,
    (
        u8,
        bool,
        Vec<crate::validate::checked_track::CellId>,
        Vec<CarId>,
    ),
);

struct Search {
    start: Vec<Place>,
    seen: HashSet<StateKey>,
    found: BTreeMap<(Vec<(CarId, Place)>, Ending), Outcome>,
    /// Positions the search may still visit.
    budget: usize,
    /// Whether it ran out.
    truncated: bool,
}

impl Search {
    fn visit(&mut self, race: &Race, movement: &Movement) {
        if self.budget == 0 {
            self.truncated = true;
            return;
        }
        self.budget -= 1;
        let steps = movement.legal_steps(race);
        if steps.is_empty() {
            let ending = if movement.mp == 0 {
                Ending::Spent
            } else {
                Ending::Stuck
            };
            self.record(race, movement, ending);
            return;
        }
        for step in steps {
            let mut next = race.clone();
            let mut m = movement.clone();
            match m.apply(&mut next, &step) {
                StepEnd::Continue => {
                    let key = (
                        next.cars().iter().map(|c| c.place).collect(),
                        m.search_key(&next),
                    );
                    if self.seen.insert(key) {
                        self.visit(&next, &m);
                    }
                }
                StepEnd::Ram(target) => self.record(&next, &m, Ending::Ram(target)),
                StepEnd::Crossover { moving, blocker } => {
                    self.record(&next, &m, Ending::Crossover { moving, blocker });
                }
            }
        }
    }

    fn record(&mut self, race: &Race, movement: &Movement, ending: Ending) {
        let moved: Vec<(CarId, Place)> = race
            .cars()
            .iter()
            .enumerate()
            .filter(|(i, c)| c.place != self.start[*i])
            .map(|(i, c)| (CarId(i as u16), c.place))
            .collect();
        self.found
            .entry((moved.clone(), ending))
            .or_insert_with(|| Outcome {
                moved,
                spent: movement.spent(),
                steps: movement.steps.clone(),
                ending,
            });
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
    if car.lapped > 0 {
        out.push(Marker::Lapped);
    }
    out
}
