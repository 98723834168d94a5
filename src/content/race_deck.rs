//! The race deck file (rulebook 6.0 and the race card table at its end).
//!
//! A deck is a list of card *kinds* with counts, not one entry per physical card: the standard
//! deck is 26 kinds making 96 cards.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::RaceDeckKind;
use super::text::{Id, Text};

/// A race deck file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RaceDeck {
    /// Always `RaceDeck`.
    pub kind: RaceDeckKind,
    /// The format version the file was written in.
    pub version: u32,
    /// A name for the deck, shown in the studio.
    pub name: Text,
    /// The card kinds, each with how many copies the deck holds.
    pub cards: Vec<RaceCard>,
}

impl RaceDeck {
    /// The format version this build writes.
    pub const VERSION: u32 = 1;

    /// How many physical cards the deck holds.
    #[must_use]
    pub fn total_cards(&self) -> u64 {
        self.cards.iter().map(|card| u64::from(card.count)).sum()
    }

    /// Cards per movement type and speed, beside the rulebook's table: a column for every
    /// speed the rulebook has (+1 to +6) and every other speed a card of the deck has, so no
    /// card goes uncounted.
    #[must_use]
    pub fn table(&self) -> SpeedTable {
        let speeds: Vec<i32> = (1..=6)
            .chain(self.cards.iter().map(|card| card.speed))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let column = |speed: i32| speeds.iter().position(|&s| s == speed);
        let rows = MovementType::ALL
            .iter()
            .map(|&movement| {
                let mut deck = vec![0_u64; speeds.len()];
                for card in self.cards.iter().filter(|card| card.movement == movement) {
                    if let Some(slot) = column(card.speed).and_then(|i| deck.get_mut(i)) {
                        *slot += u64::from(card.count);
                    }
                }
                let mut rulebook = vec![0_u64; speeds.len()];
                if let Some((_, counts)) = RULEBOOK_TABLE.iter().find(|(m, _)| *m == movement) {
                    for (speed, &count) in (1..).zip(counts) {
                        if let Some(slot) = column(speed).and_then(|i| rulebook.get_mut(i)) {
                            *slot = u64::from(count);
                        }
                    }
                }
                SpeedRow {
                    movement,
                    deck,
                    rulebook,
                }
            })
            .collect();
        SpeedTable { speeds, rows }
    }
}

/// A deck's cards per movement type and speed, beside the rulebook's ([`RaceDeck::table`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SpeedTable {
    /// The speeds, one per column, ascending.
    pub speeds: Vec<i32>,
    /// One row per movement type, in the rulebook's order.
    pub rows: Vec<SpeedRow>,
}

/// One movement type's cards at each speed of a [`SpeedTable`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SpeedRow {
    /// The movement type.
    pub movement: MovementType,
    /// This deck's cards at each speed.
    pub deck: Vec<u64>,
    /// The rulebook's cards at each speed.
    pub rulebook: Vec<u64>,
}

impl SpeedTable {
    /// Cards at each speed, all movement types together: this deck's and the rulebook's.
    #[must_use]
    pub fn column_totals(&self) -> (Vec<u64>, Vec<u64>) {
        let mut deck = vec![0; self.speeds.len()];
        let mut rulebook = vec![0; self.speeds.len()];
        for row in &self.rows {
            for (total, count) in deck.iter_mut().zip(&row.deck) {
                *total += count;
            }
            for (total, count) in rulebook.iter_mut().zip(&row.rulebook) {
                *total += count;
            }
        }
        (deck, rulebook)
    }
}

/// One kind of race card and how many copies of it the deck holds.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RaceCard {
    /// A stable identifier, unique in the deck (`solo-4`).
    pub id: Id,
    /// The name shown to players (`Solo +4`).
    pub name: Text,
    /// The movement type (7.1): how the active car links with other cars.
    pub movement: MovementType,
    /// The on-track speed adjustment added to the car's base movement points (6.0).
    pub speed: i32,
    /// Whether the card shows the starburst: a movement event is drawn after movement (10.0).
    pub movement_event: bool,
    /// Movement instructions printed on the card; they override the rulebook but never the
    /// track rules (6.0).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub instructions: Vec<MovementInstruction>,
    /// The card's printed text, for people; the engine reads `instructions`.
    #[serde(default, skip_serializing_if = "is_empty_text")]
    pub text: Text,
    /// How many copies of this card the deck holds.
    pub count: u32,
}

fn is_empty_text(text: &Text) -> bool {
    text.as_str().is_empty()
}

/// The nine movement types of the rulebook's race card table.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
pub enum MovementType {
    /// 7.4: alone, with conditional linking to cars in front.
    Solo,
    /// 7.6: links with the cars in front and behind; the racing line cannot change lanes.
    Line,
    /// 7.7: pushes the cars in front, never pulls those behind.
    Pursuit,
    /// 7.8: pulls the cars linked behind at the start of the activation.
    Lead,
    /// 7.5: solo, and may swap places with the car linked directly in front.
    Overtake,
    /// 7.9: solo, but stops behind the first car it would push and rams it.
    Ram,
    /// Solo movement that may also move diagonally (7.15).
    DiagonalSolo,
    /// Lead movement that may also move diagonally (7.15).
    DiagonalLead,
    /// Ram movement that may also move diagonally (7.15).
    DiagonalRam,
}

impl MovementType {
    /// Every movement type, in the order of the rulebook's table.
    pub const ALL: [Self; 9] = [
        Self::Line,
        Self::Pursuit,
        Self::Solo,
        Self::Lead,
        Self::Overtake,
        Self::DiagonalSolo,
        Self::DiagonalLead,
        Self::Ram,
        Self::DiagonalRam,
    ];

    /// The name the rulebook's table uses.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Solo => "Solo Movement",
            Self::Line => "Line Movement",
            Self::Pursuit => "Pursuit Movement",
            Self::Lead => "Lead Movement",
            Self::Overtake => "Overtake Movement",
            Self::Ram => "Ram Movement",
            Self::DiagonalSolo => "Diagonal Solo Movement",
            Self::DiagonalLead => "Diagonal Lead Movement",
            Self::DiagonalRam => "Diagonal Ram Movement",
        }
    }

    /// Whether the card lets the car move diagonally (7.15).
    #[must_use]
    pub fn allows_diagonal(self) -> bool {
        matches!(
            self,
            Self::DiagonalSolo | Self::DiagonalLead | Self::DiagonalRam
        )
    }
}

/// The rulebook's race card table: for each movement type, the cards at speed +1 to +6. The
/// standard deck adds four Outside Line cards (Line, +3) that the table leaves out.
pub const RULEBOOK_TABLE: [(MovementType, [u32; 6]); 9] = [
    (MovementType::Line, [4, 4, 4, 0, 0, 0]),
    (MovementType::Pursuit, [0, 4, 4, 4, 0, 0]),
    (MovementType::Solo, [0, 4, 4, 4, 4, 4]),
    (MovementType::Lead, [0, 4, 4, 4, 0, 4]),
    (MovementType::Overtake, [0, 4, 0, 0, 0, 0]),
    (MovementType::DiagonalSolo, [0, 0, 4, 0, 0, 0]),
    (MovementType::DiagonalLead, [0, 0, 2, 2, 4, 0]),
    (MovementType::Ram, [0, 4, 4, 4, 0, 0]),
    (MovementType::DiagonalRam, [0, 4, 0, 0, 0, 0]),
];

/// A movement instruction printed on a race card.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
pub enum MovementInstruction {
    /// At every fork the racing line must take this side's lane (7.11.3, "Outside Line").
    ForcedLane(LaneSide),
}

/// The inside (apron) or outside (wall) of the track.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
pub enum LaneSide {
    /// Towards the apron: lane 0.
    Inside,
    /// Towards the outside wall: the highest lane.
    Outside,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(id: &str, movement: MovementType, speed: i32, count: u32) -> RaceCard {
        RaceCard {
            id: Id::new(id).expect("short"),
            name: Text::new(id).expect("short"),
            movement,
            speed,
            movement_event: false,
            instructions: Vec::new(),
            text: Text::default(),
            count,
        }
    }

    /// A card at a speed outside the rulebook's +1 to +6 gets its own column: every card of the
    /// deck is counted in the table, and the rulebook has none there.
    #[test]
    fn the_speed_table_counts_every_card_at_every_speed() {
        let deck = RaceDeck {
            kind: RaceDeckKind::RaceDeck,
            version: RaceDeck::VERSION,
            name: Text::new("test").expect("short"),
            cards: vec![
                card("solo-7", MovementType::Solo, 7, 2),
                card("line-1", MovementType::Line, 1, 4),
                card("line-0", MovementType::Line, 0, 1),
            ],
        };
        let table = deck.table();
        assert_eq!(table.speeds, [0, 1, 2, 3, 4, 5, 6, 7]);
        let (deck_totals, rulebook_totals) = table.column_totals();
        assert_eq!(deck_totals.iter().sum::<u64>(), deck.total_cards());
        assert_eq!(deck_totals, [1, 4, 0, 0, 0, 0, 0, 2]);
        assert_eq!((rulebook_totals[0], rulebook_totals[7]), (0, 0));
        assert_eq!(
            rulebook_totals.iter().sum::<u64>(),
            92,
            "the rulebook's table"
        );
    }
}
