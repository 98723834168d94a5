//! Newtype ids of the race: players (seats) and cars.

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
