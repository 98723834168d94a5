//! The legal decisions of one point of a race, listed compactly.
//!
//! Every point of a race lists its legal decisions, and most of them are movement steps whose
//! paths and tails are short runs of spaces. A [`Decision`] owns its spaces: 72 bytes, written
//! at every point and dropped one by one at the next. Here a decision is a small `Copy` item,
//! and the spaces of every listed step lie in one shared run, so listing writes a few words
//! per decision and forgetting a list costs nothing. The decisions themselves are built only
//! when asked for: the one applied, or all of them when a front end or a bot that weighs them
//! reads them (the workspace keeps them built for the rest of the point). A bot that picks by the count alone (the random bot of batches
//! and of the check by play) never has them built.
//!
//! # Invariants
//! - [`Listed::decision`]`(i)` is the `i`-th of [`Listed::decisions`], and both keep the order
//!   the decisions were listed in (the order bots pick by and records keep).
//! - Every run of an item lies within `spaces`.

use super::decision::Decision;
use super::events::EventChoice;
use super::ids::CarId;
use super::movement::{StepRef, StepSink};
use crate::validate::checked_track::SpaceId;

/// Where a step's run of spaces lies in [`Listed::spaces`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Run {
    start: u32,
    len: u32,
}

/// One listed decision, its spaces kept apart (see the module's docs).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Item {
    /// A decision that holds no spaces: kept as it is.
    Plain(Plain),
    /// A movement step.
    Step(StepItem),
}

/// The decisions that hold no spaces ([`Decision`]'s other variants).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Plain {
    Play {
        card: u16,
        car: CarId,
        ram_as_lead: bool,
    },
    Fire {
        target: CarId,
    },
    HoldFire,
    Event(EventChoice),
    Discard {
        card: u16,
    },
    KeepHand,
}

/// A movement step, its spaces in runs of [`Listed::spaces`] ([`StepRef`]'s variants).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum StepItem {
    Forward {
        path: Run,
        tail: Run,
    },
    Lateral {
        to: SpaceId,
        forward: Run,
        tail: Run,
    },
    Diagonal {
        to: SpaceId,
        tail: Run,
    },
    Swap {
        to: SpaceId,
    },
}

/// The legal decisions of one point, in the order listed (see the module's docs).
#[derive(Clone, Debug, Default)]
pub(crate) struct Listed {
    items: Vec<Item>,
    /// The spaces of the listed steps, run after run.
    spaces: Vec<SpaceId>,
}

impl Listed {
    /// How many decisions are listed.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether none is.
    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Whether the list has room of its own, worth keeping for the next listing.
    #[inline]
    pub(crate) fn has_room(&self) -> bool {
        self.items.capacity() > 0
    }

    /// Lists [`Decision::Play`].
    pub(crate) fn play(&mut self, card: u16, car: CarId, ram_as_lead: bool) {
        self.items.push(Item::Plain(Plain::Play {
            card,
            car,
            ram_as_lead,
        }));
    }

    /// Lists [`Decision::Fire`].
    pub(crate) fn fire(&mut self, target: CarId) {
        self.items.push(Item::Plain(Plain::Fire { target }));
    }

    /// Lists [`Decision::HoldFire`].
    pub(crate) fn hold_fire(&mut self) {
        self.items.push(Item::Plain(Plain::HoldFire));
    }

    /// Lists [`Decision::Event`].
    pub(crate) fn event(&mut self, choice: EventChoice) {
        self.items.push(Item::Plain(Plain::Event(choice)));
    }

    /// Lists [`Decision::Discard`].
    pub(crate) fn discard(&mut self, card: u16) {
        self.items.push(Item::Plain(Plain::Discard { card }));
    }

    /// Lists [`Decision::KeepHand`].
    pub(crate) fn keep_hand(&mut self) {
        self.items.push(Item::Plain(Plain::KeepHand));
    }

    /// The `index`-th decision listed, built.
    pub(crate) fn decision(&self, index: usize) -> Option<Decision> {
        self.items.get(index).map(|item| self.build(*item))
    }

    /// Every decision listed, built.
    pub(crate) fn decisions(&self) -> Vec<Decision> {
        self.items.iter().map(|item| self.build(*item)).collect()
    }

    /// The `index`-th decision listed when it is a movement step, its spaces borrowed from the
    /// list: applied without being built.
    #[inline]
    pub(crate) fn step(&self, index: usize) -> Option<StepRef<'_>> {
        match self.items.get(index)? {
            Item::Step(step) => Some(self.step_ref(*step)),
            Item::Plain(_) => None,
        }
    }

    #[inline]
    fn run(&mut self, spaces: &[SpaceId]) -> Run {
        // A run of spaces is a push through a line of cars: far fewer than 2^32 of them.
        let start = self.spaces.len() as u32;
        // Most runs are an empty tail or a path of one space: pushed one by one, not copied
        // (a copy of a few bytes through `memcpy` cost more than the listing around it).
        for &space in spaces {
            self.spaces.push(space);
        }
        Run {
            start,
            len: spaces.len() as u32,
        }
    }

    #[inline]
    fn spaces_of(&self, run: Run) -> &[SpaceId] {
        let start = run.start as usize;
        &self.spaces[start..start + run.len as usize]
    }

    #[inline]
    fn step_ref(&self, step: StepItem) -> StepRef<'_> {
        match step {
            StepItem::Forward { path, tail } => StepRef::Forward {
                path: self.spaces_of(path),
                tail: self.spaces_of(tail),
            },
            StepItem::Lateral { to, forward, tail } => StepRef::Lateral {
                to,
                forward: self.spaces_of(forward),
                tail: self.spaces_of(tail),
            },
            StepItem::Diagonal { to, tail } => StepRef::Diagonal {
                to,
                tail: self.spaces_of(tail),
            },
            StepItem::Swap { to } => StepRef::Swap { to },
        }
    }

    fn build(&self, item: Item) -> Decision {
        match item {
            Item::Step(step) => Decision::Move(self.step_ref(step).to_step()),
            Item::Plain(Plain::Play {
                card,
                car,
                ram_as_lead,
            }) => Decision::Play {
                card,
                car,
                ram_as_lead,
            },
            Item::Plain(Plain::Fire { target }) => Decision::Fire { target },
            Item::Plain(Plain::HoldFire) => Decision::HoldFire,
            Item::Plain(Plain::Event(choice)) => Decision::Event(choice),
            Item::Plain(Plain::Discard { card }) => Decision::Discard { card },
            Item::Plain(Plain::KeepHand) => Decision::KeepHand,
        }
    }
}

impl StepSink for Listed {
    #[inline]
    fn clear(&mut self) {
        self.items.clear();
        self.spaces.clear();
    }

    #[inline]
    fn forward(&mut self, path: &[SpaceId], tail: &[SpaceId]) {
        let item = Item::Step(StepItem::Forward {
            path: self.run(path),
            tail: self.run(tail),
        });
        self.items.push(item);
    }

    #[inline]
    fn lateral(&mut self, to: SpaceId, forward: &[SpaceId], tail: &[SpaceId]) {
        let item = Item::Step(StepItem::Lateral {
            to,
            forward: self.run(forward),
            tail: self.run(tail),
        });
        self.items.push(item);
    }

    #[inline]
    fn diagonal(&mut self, to: SpaceId, tail: &[SpaceId]) {
        let item = Item::Step(StepItem::Diagonal {
            to,
            tail: self.run(tail),
        });
        self.items.push(item);
    }

    #[inline]
    fn swap(&mut self, to: SpaceId) {
        self.items.push(Item::Step(StepItem::Swap { to }));
    }
}

#[cfg(test)]
mod tests {
    use smallvec::smallvec;

    use super::{Listed, StepSink};
    use crate::rules::decision::Decision;
    use crate::rules::events::EventChoice;
    use crate::rules::ids::CarId;
    use crate::rules::movement::Step;
    use crate::validate::checked_track::SpaceId;

    /// A list of every kind of decision, each listed the way the race lists it.
    fn every_kind() -> (Listed, Vec<Decision>) {
        let s = SpaceId;
        let mut listed = Listed::default();
        listed.play(3, CarId(7), true);
        listed.forward(&[s(1), s(2), s(3), s(4), s(5), s(6), s(7), s(8)], &[s(9)]);
        listed.fire(CarId(2));
        listed.hold_fire();
        listed.lateral(s(10), &[s(11), s(12)], &[]);
        listed.event(EventChoice::Bump {
            car: CarId(4),
            to: s(13),
        });
        listed.diagonal(s(14), &[s(15), s(16)]);
        listed.swap(s(17));
        listed.discard(5);
        listed.keep_hand();
        let decisions = vec![
            Decision::Play {
                card: 3,
                car: CarId(7),
                ram_as_lead: true,
            },
            Decision::Move(Step::Forward {
                path: smallvec![s(1), s(2), s(3), s(4), s(5), s(6), s(7), s(8)],
                tail: smallvec![s(9)],
            }),
            Decision::Fire { target: CarId(2) },
            Decision::HoldFire,
            Decision::Move(Step::Lateral {
                to: s(10),
                forward: smallvec![s(11), s(12)],
                tail: smallvec![],
            }),
            Decision::Event(EventChoice::Bump {
                car: CarId(4),
                to: s(13),
            }),
            Decision::Move(Step::Diagonal {
                to: s(14),
                tail: smallvec![s(15), s(16)],
            }),
            Decision::Move(Step::Swap { to: s(17) }),
            Decision::Discard { card: 5 },
            Decision::KeepHand,
        ];
        (listed, decisions)
    }

    #[test]
    fn every_decision_listed_is_built_again_as_it_was_in_its_place() {
        let (listed, decisions) = every_kind();
        assert_eq!(listed.len(), decisions.len());
        for (i, decision) in decisions.iter().enumerate() {
            assert_eq!(listed.decision(i).as_ref(), Some(decision), "decision {i}");
        }
        assert_eq!(listed.decision(decisions.len()), None);
        assert_eq!(listed.decisions(), decisions);
    }

    #[test]
    fn a_cleared_list_lists_afresh_keeping_its_room() {
        let (mut listed, _) = every_kind();
        listed.clear();
        assert!(listed.is_empty());
        assert!(listed.has_room());
        assert!(listed.decisions().is_empty());
        listed.forward(&[SpaceId(20)], &[]);
        assert_eq!(
            listed.decisions(),
            vec![Decision::Move(Step::Forward {
                path: smallvec![SpaceId(20)],
                tail: smallvec![],
            })]
        );
    }
}
