//! Movement outcome enumeration: every distinct end position of a movement, with one path
//! reaching each. Bots use it to choose; the editor uses it to show where a card can take a car.
//!
//! The search applies real steps to clones of the race, so it can never disagree with the
//! rules. States already seen (same cars in the same places, same MP left, same links and same
//! spaces visited in the current sector) are searched once, which keeps a nine-MP Lead on a
//! crowded track fast.

use std::collections::{BTreeMap, HashSet};

use super::decision::{Decision, IllegalDecision};
use super::ids::CarId;
use super::movement::{Movement, Step, StepEnd};
use super::state::{Place, Race};

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

/// Every distinct outcome of the movement in progress, sorted by the cars' end places.
/// Empty when no movement is in progress.
#[must_use]
pub fn enumerate_outcomes(race: &Race) -> Vec<Outcome> {
    let Some(movement) = race.movement() else {
        return Vec::new();
    };
    let mut root = race.clone();
    root.set_logging(false);
    let start: Vec<Place> = race.cars().iter().map(|c| c.place).collect();
    let mut search = Search {
        start,
        seen: HashSet::new(),
        found: BTreeMap::new(),
    };
    search.visit(&root, movement);
    search.found.into_values().collect()
}

impl Race {
    /// The outcomes of playing `card` for `car` now (moving first, without firing).
    pub fn outcomes_of(
        &self,
        card: u16,
        car: CarId,
        ram_as_lead: bool,
    ) -> Result<Vec<Outcome>, IllegalDecision> {
        let mut race = self.clone();
        race.set_logging(false);
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
}

impl Search {
    fn visit(&mut self, race: &Race, movement: &Movement) {
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
