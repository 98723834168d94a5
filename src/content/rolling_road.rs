//! The rolling road (Thunder Road: Vendetta's board): a track laid from tiles of which only a
//! window is on the table. The rear tile is removed as the race runs on, and every car on it is
//! eliminated; the next tile is laid ahead.
//!
//! A course says `rolling: Some((window: 3))` and the track it builds carries it, with the
//! tiles it laid ([`LaidTile`]); the race keeps which tiles are on the table. The rules, and the
//! decisions taken where the peer game and the rulebook meet:
//! - At the start the first `window` tiles are on the table (Thunder Road: the rear, middle and
//!   lead tiles). Hazard tokens are dealt only to the spots of the tiles on the table, and to a
//!   tile's spots when it is laid.
//! - The road rolls ([`RollWhen`]) when a car moves off the front edge of the lead tile (Thunder
//!   Road's moment, the default), when a car enters the lead tile, or at the end of each turn.
//!   Whatever the moment, a car that drives off the front edge of the lead tile lays the next
//!   tile then: past the lead tile there is no table to drive on. A car driving on keeps its
//!   remaining movement ("if the road vehicle that went off the board has remaining moves, it
//!   continues moving").
//! - A roll removes the rear tile (its face-down hazard tokens go back into the supply, from
//!   which tokens are drawn at random: Thunder Road shuffles the discards into a new supply
//!   when it runs out) and lays the next tile ahead, its hazard spots dealt tokens; then every
//!   car on or beside the removed tile is eliminated (no one scores the kill, as for ground
//!   that wrecks a car; each brings in its replacement as the rulebook's 8.3 says). The tile is
//!   laid before the cars go so that a player they put out makes the new lead tile the final
//!   one, as Thunder Road says.
//! - The chute moves with the road: a replacement car enters beside the rear tile's first
//!   sector, on the side the course's chute is on. Cars in the chute are not on the rear tile.
//! - The final tile is the last tile the course lays (a pile of length N and its first tile:
//!   Thunder Road's "the fifth tile is the final tile" is a pile of four after the start); with
//!   `final_when_player_out`, as soon as one player has no car left to race, the lead tile is the
//!   final tile (Thunder Road's rule for three or more players; when this happens while a car
//!   moves off the front, the new lead tile is the final one, since the tile is laid first).
//!   The finish line lies before the final tile's last sector, as on any point-to-point course;
//!   the road does not roll past the final tile. A car already past the line when its tile
//!   becomes final crosses it then.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::text::Id;

/// The fewest tiles a rolling road keeps on the table: with one, the tile a car stands on when
/// it rolls the road would be the rear tile it removes.
pub const MIN_WINDOW: u32 = 2;

/// A rolling road: how many tiles are on the table, when the road rolls, and when the final
/// tile is decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RollingRoad {
    /// How many tiles are on the table at once (Thunder Road: 3), at least [`MIN_WINDOW`].
    pub window: u32,
    /// When the rear tile is removed and the next one laid.
    #[serde(default, skip_serializing_if = "RollWhen::is_default")]
    pub roll: RollWhen,
    /// When one player has no car left to race, the lead tile becomes the final tile.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub final_when_player_out: bool,
}

/// A tile's part in a rolling road, as it is printed to cut out and play
/// (`stretch::course::loose_tiles`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LooseRole {
    /// The tile a pile's road is laid from first (the starting tile).
    First,
    /// A tile of the pile, with its copies.
    Pile(u32),
    /// A fixed road's tile at this place (from 1) of so many.
    InOrder(usize, usize),
}

/// The moment the road rolls.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum RollWhen {
    /// When a car moves off the front edge of the lead tile (Thunder Road).
    #[default]
    LeavingLead,
    /// When a car enters the lead tile.
    EnteringLead,
    /// At the end of every turn (and when a car drives off the front edge of the lead tile).
    EndOfTurn,
}

impl RollWhen {
    /// Whether it is the default moment (serde's skip test).
    #[must_use]
    // serde's `skip_serializing_if` hands over a reference.
    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub fn is_default(&self) -> bool {
        *self == Self::LeavingLead
    }

    /// How far past the lead tile a car must drive to roll the road: 0 when entering the lead
    /// tile does, 1 when only driving off its front edge does.
    #[must_use]
    pub const fn tiles_past_lead(self) -> u32 {
        match self {
            Self::EnteringLead => 0,
            Self::LeavingLead | Self::EndOfTurn => 1,
        }
    }

    /// The moment in a few words, for reports and the studio.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Self::LeavingLead => "when a car drives off the lead tile",
            Self::EnteringLead => "when a car enters the lead tile",
            Self::EndOfTurn => "at the end of every turn",
        }
    }
}

/// A tile a course laid: which tile, and the first lap sector it laid.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LaidTile {
    /// The tile's id.
    pub tile: Id,
    /// The lap sector its first sector became.
    pub first_sector: u32,
}
