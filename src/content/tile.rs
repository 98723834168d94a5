//! The tile file: a piece of track saved to lay again, by hand at the end of a lap or in a
//! course built from tiles (Rush 'n Crush's course of tiles, Thunder Road: Vendetta's pile).
//!
//! A tile is a run of lap sectors as they were drawn: their spaces, terrain, hazard spots,
//! sizes and off-track spots, and the links between them, numbered from the tile's first
//! sector (0). Its **entry edge** is its first sector's lanes, its **exit edge** its last
//! sector's: a tile joins the previous one when the lane counts allow it (a lane forks into at
//! most two), and the next tile joins its last sector. Its last sector has no forward links:
//! they are the next tile's. Laid, it is turned and moved so that its entry carries on from
//! where the lap ends, as pasted sectors are.
//!
//! A **starting tile** also holds the grid and the chute, on its own spaces; a course takes
//! them from its first tile that has them.
//!
//! A **crossover tile** names its pair (`crossing`): the two are the halves of a figure 8's
//! crossover, laid so that they cross at right angles on the same spaces (the crossover the
//! built track detects). A course may lay them over each other, and must: a crossover tile laid
//! without its pair crossing it is refused.
//!
//! Format history: version 1 (current).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::TileKind;
use super::text::{Id, Text};
use super::track::{Chute, GridSlot, Sector, SpaceSize};

/// A tile file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    /// Always `Tile`.
    pub kind: TileKind,
    /// The format version the file was written in.
    pub version: u32,
    /// Its id, which courses name.
    pub id: Id,
    /// Its name.
    pub name: Text,
    /// The size of a space of the track it was cut from.
    pub space_size: SpaceSize,
    /// Its sectors in the direction of travel, as drawn; links numbered from its first sector.
    pub sectors: Vec<Sector>,
    /// The grid on its spaces (a starting tile).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grid: Vec<GridSlot>,
    /// The chute beside one of its spaces (a starting tile).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chute: Option<Chute>,
    /// The tile it crosses, for one half of a crossover: the two must be laid across each
    /// other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crossing: Option<Id>,
}

impl Tile {
    /// The format version this build writes.
    pub const VERSION: u32 = 1;

    /// The lanes of its entry edge (its first sector), 0 for an empty tile.
    #[must_use]
    pub fn entry_lanes(&self) -> usize {
        self.sectors.first().map_or(0, |s| s.spaces.len())
    }

    /// The lanes of its exit edge (its last sector), 0 for an empty tile.
    #[must_use]
    pub fn exit_lanes(&self) -> usize {
        self.sectors.last().map_or(0, |s| s.spaces.len())
    }
}
