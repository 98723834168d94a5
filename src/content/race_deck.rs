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

    /// Cards per movement type at speed +1 to +6, laid out like [`RULEBOOK_TABLE`]; cards at
    /// other speeds are not counted here (validation reports them).
    #[must_use]
    pub fn table(&self) -> Vec<(MovementType, [u32; 6])> {
        MovementType::ALL
            .iter()
            .map(|&movement| {
                let mut row = [0; 6];
                for card in self.cards.iter().filter(|card| card.movement == movement) {
                    if let Some(slot) = usize::try_from(card.speed - 1)
                        .ok()
                        .and_then(|i| row.get_mut(i))
                    {
                        *slot += card.count;
                    }
                }
                (movement, row)
            })
            .collect()
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
