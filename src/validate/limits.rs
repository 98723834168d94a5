//! The numbers a file is checked against that another file decides.
//!
//! A race deck's size only means something against a hand size and a player count, which a
//! ruleset sets. Checking a single file uses the rulebook's numbers; checking a pack uses the
//! most demanding of its rulesets for what must hold in every race (a deck large enough, a mat
//! of the most cars any ruleset seats from), and each ruleset's own where a warning is about
//! some race (a card that eliminates outright under the ruleset that eliminates soonest). A
//! ruleset that seats fewer cars from a mat than the mat holds takes its first cars.

use crate::content::ruleset::Ruleset;

/// Numbers from the rulesets that other files are checked against.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// The most players any ruleset allows.
    pub max_players: u8,
    /// The largest hand size of any ruleset.
    pub hand_size: u8,
    /// Cars on each team mat.
    pub cars_on_mat: u8,
    /// The damage that eliminates a car, under the ruleset that takes the most (what no car
    /// can have in any race of the pack).
    pub eliminating_damage: u8,
    /// The damage that eliminates a car under the ruleset that takes the least (what
    /// eliminates a car in some race of the pack).
    pub fewest_to_eliminate: u8,
}

impl Limits {
    /// The rulebook's numbers: 10 players, hands of 6, 8 cars a mat, the 6th damage eliminates.
    pub const RULEBOOK: Self = Self {
        max_players: 10,
        hand_size: 6,
        cars_on_mat: 8,
        eliminating_damage: 6,
        fewest_to_eliminate: 6,
    };

    /// The most demanding numbers among rulesets, or the rulebook's when there are none.
    #[must_use]
    pub fn from_rulesets<'a>(rulesets: impl IntoIterator<Item = &'a Ruleset>) -> Self {
        rulesets
            .into_iter()
            .map(|ruleset| Self {
                max_players: ruleset.max_players,
                hand_size: ruleset.hand_size,
                cars_on_mat: ruleset.cars_on_mat,
                eliminating_damage: ruleset.eliminating_damage,
                fewest_to_eliminate: ruleset.eliminating_damage,
            })
            .reduce(|a, b| Self {
                max_players: a.max_players.max(b.max_players),
                hand_size: a.hand_size.max(b.hand_size),
                cars_on_mat: a.cars_on_mat.max(b.cars_on_mat),
                eliminating_damage: a.eliminating_damage.max(b.eliminating_damage),
                fewest_to_eliminate: a.fewest_to_eliminate.min(b.fewest_to_eliminate),
            })
            .unwrap_or(Self::RULEBOOK)
    }
}

/// The most defense a car can have (8.0: "a number between 1 and 3").
pub const MAX_DEFENSE: u8 = 3;
/// The range of base movement points a car may have. The standard mats use 1-3; up to 6 stays
/// playable on a 40-sector track.
pub const BASE_MP_RANGE: std::ops::RangeInclusive<u8> = 1..=6;
/// Speed adjustments a card may have: below 0 would subtract from the car's base, above 12 would
/// lap a small track in one move.
pub const SPEED_RANGE: std::ops::RangeInclusive<i32> = 0..=12;
/// The speed adjustments of the rulebook's race card table.
pub const RULEBOOK_SPEED_RANGE: std::ops::RangeInclusive<i32> = 1..=6;
/// The most copies of one card kind a deck may hold: a game shuffles a deck by hand, and the
/// standard decks hold at most 7 of a kind.
pub const MAX_CARD_COUNT: u32 = 999;
/// The most cards one deck may hold in all (the standard decks hold 96, 52 and 48): the engine
/// holds a shuffled deck card by card, so this bounds a race's memory whatever a file says.
pub const MAX_DECK_CARDS: u64 = 9_999;
/// The largest coordinate, size or scale a track's geometry may use, in space units. Beyond it
/// (or for a non-finite number) drawing would overflow: such geometry is refused up front.
pub const MAX_COORDINATE: f32 = 1.0e6;
/// The grid positions a track has (glossary: "spaces numbered 1-40").
pub const GRID_POSITIONS: u32 = 40;
