//! The outcome search's undo: what a movement step can change, copied before the step so the
//! search can step forward and back on one race instead of cloning it for every step.
//!
//! A movement step moves cars (places and the cell index), sets markers, claims or returns VP
//! at the finish line (which can end the race), uses a Race Bonus card (which can discard it)
//! and records events; nothing else. Drawing cards, damage and eliminations happen when the
//! movement has ended, outside the search. Every change a step makes is one of the named
//! changes of `state/change.rs`; a rule that lets a step make one that changes anything else
//! must add it here, or the search's rewound positions drift from the real ones (the outcome
//! tests compare every outcome with the same steps applied to a fresh copy).

use super::super::car_set::CarSet;
use super::super::ids::CarId;
use super::{Bonus, Car, Claims, Race, RaceResult};

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
    mission: Option<Box<super::super::mission::MissionState>>,
}

impl Race {
    /// Copies what a movement step can change into `mark`.
    pub(crate) fn mark(&self, mark: &mut Mark) {
        mark.cars.clone_from(&self.position.cars);
        mark.occupant.clone_from(&self.position.occupant);
        mark.pools.clear();
        mark.pools
            .extend(self.position.players.iter().map(|p| (p.pool, p.claims)));
        mark.bounty = self.position.bounty;
        mark.finish_bonus = self.position.finish_bonus;
        mark.event_discards = self.position.event_cards.discard.len();
        mark.result = self.flow.result;
        mark.events = self.records.log.len();
        self.work.save_touched(&mut mark.touched);
        mark.mission.clone_from(&self.mission);
    }

    /// Puts back what [`Race::mark`] copied, undoing the movement steps taken since.
    pub(crate) fn rewind(&mut self, mark: &Mark) {
        self.position.cars.copy_from_slice(&mark.cars);
        self.position.occupant.copy_from_slice(&mark.occupant);
        for (player, &(pool, claims)) in self.position.players.iter_mut().zip(&mark.pools) {
            player.pool = pool;
            player.claims = claims;
        }
        self.position.bounty = mark.bounty;
        self.position.finish_bonus = mark.finish_bonus;
        self.position
            .event_cards
            .discard
            .truncate(mark.event_discards);
        self.flow.result = mark.result;
        self.records.log.truncate(mark.events);
        self.work.restore_touched(&mark.touched);
        self.mission.clone_from(&mark.mission);
        self.work.forget_legal();
    }
}
