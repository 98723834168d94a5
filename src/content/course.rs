//! The course file: a track built from tiles ([`super::tile::Tile`]), named in order or drawn
//! from a shuffled pile by a seed.
//!
//! A course is closed by default: its last tile joins its first across the finish line, and the
//! race runs laps. A course with `route: PointToPoint` is open: its tiles run from the start to
//! the finish line, which lies before the last tile's last sector (the run-off, see
//! [`Route`]); nothing joins its end to its start. The grid and the chute come from the first
//! tile that has them. `roadwright
//! course build COURSE --seed S -o TRACK` writes the track it builds; the same course and seed
//! build the same track, byte for byte.
//!
//! A course with `rolling: Some(...)` is a rolling road: only a window of its tiles is on the
//! table at once ([`super::rolling_road`]).
//!
//! Paths are relative to the course file.
//!
//! # A pile
//! `Pile { tiles: [(tile, count)...], length }` shuffles the tiles (each as many times as its
//! count) with the seed and lays the first `length`, after the pile's `first` tile when it names
//! one (the starting tile). A draw that does not close, or that lays a tile over another, is
//! drawn again from the next seed of the seed's own sequence, at most [`MAX_DRAWS`] times; a
//! pile none of whose draws closes is refused, with how many were tried. An open (point to
//! point) pile need not close: only a draw that lays a tile over another is drawn again.
//! A course lays at most [`MAX_TILES`] tiles.
//!
//! Format history: version 1 (current).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::CourseKind;
pub use super::rolling_road::RollingRoad;
use super::text::{Id, Text};
pub use super::track::Route;

/// How many draws of a pile are tried before it is refused.
pub const MAX_DRAWS: u32 = 2_000;

/// The most tiles a course lays (a fixed list, or a pile's first tile and its length). The
/// standard tiles are two to ten sectors long, so this is a track of thousands of sectors,
/// far past any table; it bounds the work and memory of a draw.
pub const MAX_TILES: u32 = 500;

/// A course file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Course {
    /// Always `Course`.
    pub kind: CourseKind,
    /// The format version the file was written in.
    pub version: u32,
    /// The id the built track gets.
    pub id: Id,
    /// The name the built track gets.
    pub name: Text,
    /// The folder its tiles are in, relative to the course file.
    pub tiles: Text,
    /// The tiles it lays.
    pub layout: Layout,
    /// Closed (laps, the default) or open (point to point): the route of the track it builds.
    #[serde(default, skip_serializing_if = "Route::is_lap")]
    pub route: Route,
    /// A rolling road: only a window of the laid tiles is on the table at once, the rear one
    /// removed as the race runs on ([`super::rolling_road`]). It runs point to point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolling: Option<RollingRoad>,
}

impl Course {
    /// The format version this build writes.
    pub const VERSION: u32 = 1;
}

/// The tiles a course lays.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Layout {
    /// These tiles, by id, in order.
    Fixed(Vec<Id>),
    /// Tiles drawn from a shuffled pile.
    Pile {
        /// The tile laid first, before the drawn ones (the starting tile).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        first: Option<Id>,
        /// The pile: each tile and how many copies it holds.
        tiles: Vec<PileTile>,
        /// How many tiles are drawn.
        length: u32,
    },
}

impl Layout {
    /// The pile a fixed list of tiles `laid` makes: the first laid first, each other tile
    /// with its copies (the course editor's "Draw from a pile").
    #[must_use]
    pub fn pile_of(laid: &[Id]) -> Self {
        let mut tiles: Vec<PileTile> = Vec::new();
        for id in laid.iter().skip(1) {
            match tiles.iter_mut().find(|t| t.tile == *id) {
                Some(entry) => entry.count += 1,
                None => tiles.push(PileTile {
                    tile: id.clone(),
                    count: 1,
                }),
            }
        }
        Self::Pile {
            first: laid.first().cloned(),
            length: u32::try_from(laid.len().saturating_sub(1)).unwrap_or(u32::MAX),
            tiles,
        }
    }
}

/// A tile of a pile and its copies.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PileTile {
    /// The tile's id.
    pub tile: Id,
    /// Copies in the pile.
    pub count: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_list_made_a_pile_keeps_its_first_tile_and_counts_the_rest() {
        let laid: Vec<Id> = ["start", "straight-4", "corner-right", "straight-4"]
            .into_iter()
            .map(Id::from)
            .collect();
        let Layout::Pile {
            first,
            tiles,
            length,
        } = Layout::pile_of(&laid)
        else {
            panic!("a pile");
        };
        assert_eq!(first, Some(Id::from("start")));
        assert_eq!(length, 3);
        assert_eq!(
            tiles,
            vec![
                PileTile {
                    tile: Id::from("straight-4"),
                    count: 2
                },
                PileTile {
                    tile: Id::from("corner-right"),
                    count: 1
                },
            ]
        );
    }
}
