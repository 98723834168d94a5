//! The team mats file (rulebook 2.2, 2.3): each team's eight cars.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::TeamMatsKind;
use super::text::{CarNumber, Id, Text};

/// A team mats file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamMats {
    /// Always `TeamMats`.
    pub kind: TeamMatsKind,
    /// The format version the file was written in.
    pub version: u32,
    /// The teams, in the order the studio lists them.
    pub teams: Vec<TeamMat>,
}

impl TeamMats {
    /// The format version this build writes.
    pub const VERSION: u32 = 1;
}

/// One team's mat.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamMat {
    /// A stable identifier, unique among the teams (`rust-reapers`).
    pub id: Id,
    /// The team's name.
    pub name: Text,
    /// The team colour as `#rrggbb`, used for counters and the studio.
    pub colour: Text,
    /// The team symbol's name, printed on counters and VP tokens.
    pub symbol: Text,
    /// The team's cars; the rulebook has eight per mat.
    pub cars: Vec<CarStats>,
}

/// One car on a team mat.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CarStats {
    /// The number on the car's roof, unique within the team.
    pub number: CarNumber,
    /// The driver's name.
    pub driver: Text,
    /// The value a combat card must meet or exceed to hit the car (1-3).
    pub defense: u8,
    /// The movement points the car adds to a race card's speed.
    pub base_mp: u8,
    /// The weapon type id, one of the combat deck's weapon types.
    pub weapon: Id,
    /// Which way the weapon fires.
    pub mount: Mount,
    /// Whether 1 is added to every combat card the car draws when attacking (8.0).
    pub targeting_bonus: bool,
}

/// Where a weapon is mounted, which decides the spaces it can fire into (8.1).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
pub enum Mount {
    /// Fires at adjacent spaces ahead, diagonals included.
    Front,
    /// Fires at adjacent spaces behind, diagonals included.
    Rear,
    /// Fires at every adjacent space.
    Turret,
}

/// Parses a `#rrggbb` colour.
#[must_use]
pub fn parse_colour(text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

#[cfg(test)]
mod tests {
    use super::parse_colour;

    #[test]
    fn colours_are_hash_and_six_hex_digits() {
        assert_eq!(parse_colour("#ff8000"), Some([255, 128, 0]));
        assert_eq!(parse_colour("#FF8000"), Some([255, 128, 0]));
        assert_eq!(parse_colour("ff8000"), None);
        assert_eq!(parse_colour("#ff80"), None);
        assert_eq!(parse_colour("#gg8000"), None);
        assert_eq!(parse_colour("#ff80é0"), None);
    }
}
