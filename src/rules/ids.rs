//! Newtype ids of the race: players (seats), cars, and cards of each deck.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A player, by seat: seats run clockwise around the table.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

/// A car of the race (its index in [`super::Race::cars`]).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct CarId(pub u16);

impl PlayerId {
    /// The index into the player list.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl CarId {
    /// The index into the car list.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Defines a card kind of one deck: its index among the deck file's card kinds.
macro_rules! card_kind {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize,
            JsonSchema,
        )]
        #[serde(transparent)]
        pub struct $name(pub u16);

        impl $name {
            /// The index into the deck's card kinds.
            #[must_use]
            pub fn index(self) -> usize {
                usize::from(self.0)
            }
        }
    };
}

card_kind!(
    /// A race card kind (its index in the race deck).
    RaceCard
);
card_kind!(
    /// A movement event card kind (its index in the movement event deck).
    EventCard
);
card_kind!(
    /// A combat card kind (its index in the combat deck).
    CombatCard
);
card_kind!(
    /// A hazard kind (its index in the hazard deck): what a token turned over is.
    HazardToken
);
