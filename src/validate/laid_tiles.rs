//! The tiles a checked track was laid from, indexed for the engine and the studio: which tile
//! holds a sector, and the sectors each tile holds. A rolling road
//! ([`crate::content::rolling_road`]) keeps a window of them on the table.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::checked_track::SectorId;
use crate::content::rolling_road::LaidTile;
use crate::content::text::Id;

/// A tile's place on the road, from 0 (the first tile laid).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct TilePlace(pub u16);

impl TilePlace {
    /// The place after it.
    #[must_use]
    pub const fn next(self) -> Self {
        Self(self.0.saturating_add(1))
    }

    /// Its place counted from 1, as players and reports count.
    #[must_use]
    pub fn ordinal(self) -> u32 {
        u32::from(self.0) + 1
    }
}

/// The tiles of a track, in the order they were laid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LaidTiles {
    /// Each tile's id and its first sector.
    tiles: Vec<(Id, SectorId)>,
    /// The last sector of the lap: the last tile's last.
    last: SectorId,
}

impl LaidTiles {
    /// The tiles `laid` of a track whose lap sectors start at `first_lap` and end at `last_lap`
    /// (validation has held them in order inside the lap; a tile that is not is dropped, so a
    /// bad list never crashes the index).
    #[must_use]
    pub fn new(laid: &[LaidTile], first_lap: SectorId, last_lap: SectorId) -> Self {
        let mut tiles: Vec<(Id, SectorId)> = Vec::with_capacity(laid.len());
        for tile in laid.iter().take(usize::from(u16::MAX)) {
            let first = SectorId(first_lap.0.saturating_add(tile.first_sector));
            let after_last = tiles.last().is_none_or(|(_, before)| first > *before);
            if after_last && first <= last_lap {
                tiles.push((tile.tile.clone(), first));
            }
        }
        Self {
            tiles,
            last: last_lap,
        }
    }

    /// How many tiles there are (0 for a track not laid from tiles).
    #[must_use]
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether the track was not laid from tiles.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// The last tile's place.
    #[must_use]
    pub fn last_place(&self) -> TilePlace {
        TilePlace(u16::try_from(self.tiles.len().saturating_sub(1)).unwrap_or(u16::MAX))
    }

    /// The tile holding `sector` (the first tile for a sector before it: a starting section).
    #[must_use]
    pub fn tile_of(&self, sector: SectorId) -> TilePlace {
        let after = self.tiles.partition_point(|(_, first)| *first <= sector);
        TilePlace(u16::try_from(after.saturating_sub(1)).unwrap_or(u16::MAX))
    }

    /// The tile's id.
    #[must_use]
    pub fn id(&self, place: TilePlace) -> Option<&Id> {
        self.tiles.get(usize::from(place.0)).map(|(id, _)| id)
    }

    /// The tile's first sector.
    #[must_use]
    pub fn first_sector(&self, place: TilePlace) -> SectorId {
        self.tiles
            .get(usize::from(place.0))
            .map_or(self.last, |(_, first)| *first)
    }

    /// The tile's last sector.
    #[must_use]
    pub fn last_sector(&self, place: TilePlace) -> SectorId {
        self.tiles
            .get(usize::from(place.0) + 1)
            .map_or(self.last, |(_, next)| SectorId(next.0.saturating_sub(1)))
    }

    /// Whether `sector` lies on a tile from `from` to `to`, both included.
    #[must_use]
    pub fn spans(&self, from: TilePlace, to: TilePlace, sector: SectorId) -> bool {
        sector >= self.first_sector(from) && sector <= self.last_sector(to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn laid(starts: &[u32]) -> Vec<LaidTile> {
        starts
            .iter()
            .enumerate()
            .map(|(i, &first_sector)| LaidTile {
                tile: Id::from(format!("t{i}").as_str()),
                first_sector,
            })
            .collect()
    }

    #[test]
    fn each_sector_belongs_to_the_tile_that_laid_it() {
        let tiles = LaidTiles::new(&laid(&[0, 12, 16]), SectorId(0), SectorId(21));
        assert_eq!(tiles.len(), 3);
        assert_eq!(tiles.tile_of(SectorId(0)), TilePlace(0));
        assert_eq!(tiles.tile_of(SectorId(11)), TilePlace(0));
        assert_eq!(tiles.tile_of(SectorId(12)), TilePlace(1));
        assert_eq!(tiles.tile_of(SectorId(21)), TilePlace(2));
        assert_eq!(tiles.last_sector(TilePlace(0)), SectorId(11));
        assert_eq!(tiles.last_sector(TilePlace(2)), SectorId(21));
        assert!(tiles.spans(TilePlace(1), TilePlace(2), SectorId(12)));
        assert!(!tiles.spans(TilePlace(1), TilePlace(2), SectorId(11)));
    }

    #[test]
    fn a_list_out_of_order_drops_the_tiles_that_break_it() {
        let tiles = LaidTiles::new(&laid(&[0, 12, 5, 30]), SectorId(0), SectorId(21));
        assert_eq!(
            tiles.len(),
            2,
            "the tile at 5 is behind the one before, 30 is off the lap"
        );
    }
}
