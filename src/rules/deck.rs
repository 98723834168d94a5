//! A deck of cards in play: the draw pile and the discards (4.3, 10.0).
//!
//! The draw pile is kept as how many copies of each card kind it holds, and a draw takes a
//! kind at random in proportion to its copies: the same chances as drawing the top card of a
//! shuffled pile, without ever holding one entry per copy, so a deck costs its number of kinds,
//! whatever its counts say. Cards whose order is known (a scenario stacks the next cards) lie on
//! top and are drawn first. Discards are the cards actually drawn, in the order discarded;
//! when the pile runs out they are shuffled back in (4.3) by adding them to its counts.

use rand::{Rng, RngExt};

/// A deck in play.
#[derive(PartialEq, Eq, Debug, Default)]
pub struct Deck {
    /// Cards on top of the pile in a known order, the top card last (drawn first).
    pub top: Vec<u16>,
    /// The rest of the pile, in no order: how many copies of card kind `i` it holds.
    pub pile: Vec<u32>,
    /// Discarded cards, the last discarded last.
    pub discard: Vec<u16>,
}

/// A copy into a deck reuses its room (a bot copies a position for every decision it weighs).
impl Clone for Deck {
    fn clone(&self) -> Self {
        Self {
            top: self.top.clone(),
            pile: self.pile.clone(),
            discard: self.discard.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.top.clone_from(&source.top);
        self.pile.clone_from(&source.pile);
        self.discard.clone_from(&source.discard);
    }
}

impl Deck {
    /// A deck holding `counts[i]` copies of card kind `i`.
    pub(crate) fn new(counts: impl Iterator<Item = u32>) -> Self {
        Self {
            top: Vec::new(),
            pile: counts.collect(),
            discard: Vec::new(),
        }
    }

    /// The cards left to draw.
    #[must_use]
    pub fn len(&self) -> usize {
        self.top.len() + self.pile.iter().map(|&c| c as usize).sum::<usize>()
    }

    /// Whether no card is left to draw (before the discards are shuffled back).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Draws the top card, shuffling the discards back into the pile when it is empty (4.3,
    /// 10.0). Returns the card and whether the deck was reshuffled for it.
    pub(crate) fn draw(&mut self, rng: &mut impl Rng) -> (Option<u16>, bool) {
        if let Some(card) = self.top.pop() {
            return (Some(card), false);
        }
        // The top is empty here: the deck is empty when no kind has a copy left in the pile.
        // The pile's count is taken once, for both questions (a draw at every card played).
        let mut total = pile_total(&self.pile);
        let reshuffled = total == 0 && !self.discard.is_empty();
        if reshuffled {
            // The discard pile keeps its room for the discards to come.
            let mut discards = std::mem::take(&mut self.discard);
            total = discards.len() as u64;
            for card in discards.drain(..) {
                self.put_back(card);
            }
            self.discard = discards;
        }
        (draw_counted(&mut self.pile, total, rng), reshuffled)
    }

    /// Puts one copy of `card` into the pile (not on top: its place is unknown).
    pub(crate) fn put_back(&mut self, card: u16) {
        let kind = usize::from(card);
        if kind >= self.pile.len() {
            self.pile.resize(kind + 1, 0);
        }
        self.pile[kind] += 1;
    }

    /// Moves `card` to the top of the deck, taking a copy out of the pile when it holds one
    /// (a scenario stacking the next card).
    pub(crate) fn stack(&mut self, card: u16) {
        if let Some(count) = self.pile.get_mut(usize::from(card))
            && *count > 0
        {
            *count -= 1;
        } else if let Some(i) = self.top.iter().position(|&c| c == card) {
            self.top.remove(i);
        }
        self.top.push(card);
    }

    /// Forgets the order of the cards on top: they go back into the pile (what a player who
    /// has not seen them knows of the deck).
    pub(crate) fn forget_order(&mut self) {
        for card in std::mem::take(&mut self.top) {
            self.put_back(card);
        }
    }
}

/// Takes one card from `counts` at random, each copy as likely as any other; `None` when empty.
pub(crate) fn draw_from(counts: &mut [u32], rng: &mut impl Rng) -> Option<u16> {
    draw_counted(counts, pile_total(counts), rng)
}

/// How many cards `counts` holds.
fn pile_total(counts: &[u32]) -> u64 {
    counts.iter().map(|&c| u64::from(c)).sum()
}

/// [`draw_from`] with the copies in `counts` counted already (`total`).
fn draw_counted(counts: &mut [u32], total: u64, rng: &mut impl Rng) -> Option<u16> {
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    for (kind, count) in counts.iter_mut().enumerate() {
        let here = u64::from(*count);
        if pick < here {
            *count -= 1;
            return Some(kind as u16);
        }
        pick -= here;
    }
    None
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn a_deck_holds_counts_not_copies_and_draws_each_copy_once() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        // A billion copies cost what one does: the pile is one number per kind.
        let huge = Deck::new([1_000_000_000, 1].into_iter());
        assert_eq!(huge.len(), 1_000_000_001);
        assert_eq!(huge.pile.len(), 2);

        let mut deck = Deck::new([3, 0, 2].into_iter());
        let mut drawn: Vec<u16> = (0..5)
            .map(|_| deck.draw(&mut rng).0.expect("a card"))
            .collect();
        drawn.sort_unstable();
        assert_eq!(drawn, vec![0, 0, 0, 2, 2], "every copy once");
        assert_eq!(
            deck.draw(&mut rng),
            (None, false),
            "nothing left, no discards"
        );

        deck.discard = vec![2, 0];
        let (card, reshuffled) = deck.draw(&mut rng);
        assert!(reshuffled, "the discards went back in");
        assert!(matches!(card, Some(0 | 2)));
        assert_eq!(deck.len(), 1);
        assert!(deck.discard.is_empty());
    }

    #[test]
    fn stacked_cards_are_drawn_first_in_order_and_forgotten_on_demand() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut deck = Deck::new([2, 2].into_iter());
        deck.stack(1);
        deck.stack(0);
        assert_eq!(deck.pile, vec![1, 1], "taken out of the pile");
        assert_eq!(deck.draw(&mut rng).0, Some(0), "the last stacked is on top");
        assert_eq!(deck.draw(&mut rng).0, Some(1));
        deck.stack(1);
        deck.forget_order();
        assert_eq!((deck.top.len(), deck.pile.clone()), (0, vec![1, 1]));
    }

    #[test]
    fn every_copy_is_as_likely_to_be_drawn() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut firsts = [0u32; 2];
        for _ in 0..10_000 {
            let mut deck = Deck::new([1, 3].into_iter());
            firsts[usize::from(deck.draw(&mut rng).0.expect("a card"))] += 1;
        }
        // One copy in four: 2,500 expected, sd about 43.
        assert!((2_300..2_700).contains(&firsts[0]), "{firsts:?}");
    }
}
