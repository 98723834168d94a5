//! The engine's workspace: what a [`Race`](super::Race) keeps between calls that is not part
//! of the position. The legal decisions of the current point (listed once, when first asked
//! for), the room of old lists for the next listing, and, while an outcome search runs, the
//! cars it has moved.
//!
//! # Invariants
//! - Nothing here is the position: two races in the same position play the same whatever their
//!   workspaces hold. A copy of a race keeps what is true of its position (the decisions
//!   listed, and the cars an outcome search running on it has moved) and starts without the
//!   room kept for later (the spare lists and the activation's box); copying into a race keeps
//!   that race's own room.
//! - The listed legal decisions are those of the current point: whatever changes the position
//!   forgets them ([`Workspace::forget_legal`]), keeping their room.
//! - Its fields are changed only through its methods.

use std::cell::{Cell, OnceCell};

use super::activation::Activation;
use super::car_set::{self, CarSet};
use super::decision::Decision;
use super::ids::CarId;
use super::listed::Listed;
use super::movement::StepSink;

/// The engine's scratch beside a position (see the module docs).
#[derive(Default)]
pub(crate) struct Workspace {
    /// The legal decisions of the current point, listed once when first asked for.
    legal: OnceCell<Listed>,
    /// The same decisions built, when a front end or a bot that weighs them asked for them.
    built: OnceCell<Vec<Decision>>,
    /// Empty lists kept for their room: listing the legal decisions at every point of a race
    /// allocated a list and threw it away each time. Two are kept, because the next point's
    /// list is made while a movement step is applied from the last one; each in a cell of its
    /// own (a list of lists cost more to take from and give back to than the listing it
    /// saved).
    spare: [Cell<Listed>; 2],
    /// While an outcome search runs: the cars moved since it began; `None` otherwise.
    touched: Option<CarSet>,
    /// The box of the last activation that ended, for the next one (a race starts a hundred
    /// or more).
    activation: Option<Box<Activation>>,
}

impl std::fmt::Debug for Workspace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workspace")
            .field("legal", &self.legal)
            .field("touched", &self.touched)
            .finish_non_exhaustive()
    }
}

/// A copy keeps the listed decisions (they are the copy's too) but no spare room and no
/// search under way.
impl Clone for Workspace {
    fn clone(&self) -> Self {
        Self {
            legal: self.legal.clone(),
            built: self.built.clone(),
            spare: Default::default(),
            touched: self.touched.clone(),
            activation: None,
        }
    }

    /// A copy into a workspace keeps its own spare room.
    fn clone_from(&mut self, source: &Self) {
        self.legal.clone_from(&source.legal);
        self.built.clone_from(&source.built);
        self.touched.clone_from(&source.touched);
    }
}

impl Workspace {
    /// The legal decisions of the current point, listed by `list` the first time.
    #[inline]
    pub(crate) fn legal_or(&self, list: impl FnOnce() -> Listed) -> &Listed {
        self.legal.get_or_init(list)
    }

    /// The legal decisions of the current point built, listed by `list` the first time.
    pub(crate) fn decisions_or(&self, list: impl FnOnce() -> Listed) -> &[Decision] {
        self.built.get_or_init(|| self.legal_or(list).decisions())
    }

    /// Keeps `legal` as the current point's legal decisions.
    #[inline]
    pub(crate) fn set_legal(&mut self, legal: Listed) {
        self.forget_built();
        self.legal = OnceCell::from(legal);
    }

    /// Takes the listed legal decisions out, if they were listed.
    #[inline]
    pub(crate) fn take_legal(&mut self) -> Option<Listed> {
        self.forget_built();
        self.legal.take()
    }

    /// Drops the listed legal decisions (the position is changing), keeping the list's room.
    /// Most calls find nothing listed (every step of a movement asks): that is one look.
    #[inline]
    pub(crate) fn forget_legal(&mut self) {
        if self.legal.get().is_some() || self.built.get().is_some() {
            self.forget_listed();
        }
    }

    #[inline(never)]
    fn forget_listed(&mut self) {
        self.forget_built();
        if let Some(list) = self.legal.take() {
            self.keep_list(list);
        }
    }

    #[inline]
    fn forget_built(&mut self) {
        if self.built.get().is_some() {
            self.built.take();
        }
    }

    /// A kept list, empty (or a new one).
    #[inline]
    pub(crate) fn take_list(&self) -> Listed {
        let list = self.spare[0].take();
        if list.has_room() {
            return list;
        }
        self.spare[1].take()
    }

    /// Keeps a list's room for a later listing, in a free place (or lets it go when both
    /// hold one).
    #[inline]
    pub(crate) fn keep_list(&self, mut list: Listed) {
        if !list.has_room() {
            return;
        }
        list.clear();
        let first = self.spare[0].replace(list);
        if first.has_room() {
            self.spare[1].set(first);
        }
    }

    /// `activation` in a box: the box of the last one that ended, or a new one.
    #[inline]
    pub(crate) fn boxed(&mut self, activation: Activation) -> Box<Activation> {
        match self.activation.take() {
            Some(mut room) => {
                *room = activation;
                room
            }
            None => Box::new(activation),
        }
    }

    /// Keeps the box of an activation that ended, for the next one.
    pub(crate) fn keep_activation(&mut self, activation: Box<Activation>) {
        self.activation = Some(activation);
    }

    /// Starts following the cars moved, into `set` (emptied first; an outcome search lends
    /// its own set, so following allocates nothing).
    pub(crate) fn follow_moves(&mut self, mut set: CarSet) {
        set.clear();
        self.touched = Some(set);
    }

    /// Stops following the cars moved and gives back the set lent to
    /// [`Workspace::follow_moves`].
    pub(crate) fn stop_following(&mut self) -> CarSet {
        self.touched.take().unwrap_or_default()
    }

    /// Notes that `car` moved, when a search is following moves.
    #[inline]
    pub(crate) fn moved(&mut self, car: CarId) {
        if let Some(touched) = &mut self.touched {
            touched.insert(car);
        }
    }

    /// The cars moved since the search began following moves (none outside a search).
    pub(crate) fn touched(&self) -> car_set::Iter<'_> {
        static NONE: CarSet = CarSet::EMPTY;
        self.touched.as_ref().unwrap_or(&NONE).iter()
    }

    /// Copies the cars moved so far into `into` (for an undo mark).
    pub(crate) fn save_touched(&self, into: &mut CarSet) {
        if let Some(touched) = &self.touched {
            into.copy_from(touched);
        }
    }

    /// Puts back the cars moved that [`Workspace::save_touched`] copied.
    pub(crate) fn restore_touched(&mut self, from: &CarSet) {
        if let Some(touched) = &mut self.touched {
            touched.copy_from(from);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::race;

    #[test]
    fn a_copy_keeps_the_listed_decisions_and_none_of_the_room() {
        let mut race = race("oval", 4, 5);
        // Play into the race until an activation has ended and its box is kept for the next.
        for _ in 0..2_000 {
            if race.is_over() || race.work().activation.is_some() {
                break;
            }
            race.apply_nth(0);
        }
        let listed = race.legal().to_vec();
        assert!(race.work().legal.get().is_some(), "listed once asked for");
        assert!(
            race.work().activation.is_some(),
            "the race keeps a box for its next activation"
        );
        let copy = race.clone();
        assert!(
            copy.work().legal.get().is_some(),
            "the copy keeps the listing"
        );
        assert_eq!(copy.legal().to_vec(), listed);
        assert_eq!(copy.work().touched, race.work().touched);
        assert!(copy.work().activation.is_none(), "no box kept for the copy");
        assert!(
            copy.work().spare.iter().all(|cell| {
                let spare = cell.take();
                let empty = spare.is_empty();
                cell.set(spare);
                empty
            }),
            "no room kept for the copy"
        );
    }
}
