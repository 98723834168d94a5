//! The outcome search's undo: what a movement step can change, copied before the step so the
//! search can step forward and back on one race instead of cloning it for every step.
//!
//! A movement step moves cars (places and the cell index), sets markers, claims or returns VP
//! at the finish line (which can end the race), uses a Race Bonus card (which can discard it)
//! and records events; nothing else. Drawing cards, damage and eliminations happen when the
//! movement has ended, outside the search. A rule that lets a step change anything else must
//! add it here, or the search's rewound positions drift from the real ones (the outcome tests
//! compare every outcome with the same steps applied to a fresh copy).

use super::car_set::CarSet;
use super::ids::CarId;
use super::state::{Bonus, Car, Claims, Race, RaceResult};

/// What a movement step can change in a race ([`Race::mark`], [`Race::rewind`]). The buffers
/// are reused: marking into the same `Mark` again allocates nothing.
#[derive(Clone, Debug, Default)]
pub(crate) struct Mark {
    cars: Vec<Car>,
    occupant: Vec<Option<CarId>>,
    pools: Vec<(u32, Claims)>,
    bounty: Option<Bonus>,
    finish_bonus: Option<Bonus>,
    event_discards: usize,
    result: Option<RaceResult>,
    events: usize,
    touched: CarSet,
    mission: Option<Box<super::mission::MissionState>>,
}

impl Race {
    /// Copies what a movement step can change into `mark`.
    pub(crate) fn mark(&self, mark: &mut Mark) {
        mark.cars.clone_from(&self.cars);
        mark.occupant.clone_from(&self.occupant);
        mark.pools.clear();
        mark.pools
            .extend(self.players.iter().map(|p| (p.pool, p.claims)));
        mark.bounty = self.bounty;
        mark.finish_bonus = self.finish_bonus;
        mark.event_discards = self.event_cards.discard.len();
        mark.result = self.result;
        mark.events = self.log.len();
        self.work.save_touched(&mut mark.touched);
        mark.mission.clone_from(&self.mission);
    }

    /// Puts back what [`Race::mark`] copied, undoing the movement steps taken since.
    pub(crate) fn rewind(&mut self, mark: &Mark) {
        self.cars.copy_from_slice(&mark.cars);
        self.occupant.copy_from_slice(&mark.occupant);
        for (player, &(pool, claims)) in self.players.iter_mut().zip(&mark.pools) {
            player.pool = pool;
            player.claims = claims;
        }
        self.bounty = mark.bounty;
        self.finish_bonus = mark.finish_bonus;
        self.event_cards.discard.truncate(mark.event_discards);
        self.result = mark.result;
        self.log.truncate(mark.events);
        self.work.restore_touched(&mark.touched);
        self.mission.clone_from(&mark.mission);
        self.work.forget_legal();
    }
}
