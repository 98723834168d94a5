//! Building a course's track from its tiles ([`crate::content::course`]): each tile laid at the
//! end of the lap as pasted sectors are (turned and moved to carry on from it), the grid and
//! chute taken from the first tile that has them, the lap closed. A pile is drawn with the
//! course's seed, and drawn again (the seed's own sequence) while a draw does not close or lays
//! a tile over another, up to [`MAX_DRAWS`] times.

use std::collections::BTreeMap;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{BuildError, Inside, TrackBuilder};
use crate::content::course::{Course, Layout, MAX_DRAWS};
use crate::content::text::Id;
use crate::content::tile::Tile;
use crate::content::track::{Chute, GridSlot, Section, SpaceRef, Track, TrackStyle};

/// Why a course gives no track.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CourseError {
    /// It lays no tile.
    #[error("the course lays no tile")]
    Empty,
    /// A tile it names is not among the tiles.
    #[error("tile {index}: there is no tile `{tile}` in the course's tiles folder")]
    MissingTile {
        /// The tile's place in the course, from 1.
        index: usize,
        /// Its id.
        tile: String,
    },
    /// A tile's entry edge cannot join the previous tile's exit edge.
    #[error(
        "tile {index} (`{tile}`): its entry edge of {to} lanes cannot join the exit edge of {from} lanes before it (a lane forks into at most two)"
    )]
    Join {
        /// The tile's place in the course, from 1.
        index: usize,
        /// Its id.
        tile: String,
        /// Lanes of the exit edge before it.
        from: u8,
        /// Lanes of its entry edge.
        to: u8,
    },
    /// A tile lies over another.
    #[error("tile {index} (`{tile}`) lies over tile {other} (`{other_tile}`) at space {at}")]
    Overlap {
        /// The later tile's place, from 1.
        index: usize,
        /// Its id.
        tile: String,
        /// The earlier tile's place, from 1.
        other: usize,
        /// Its id.
        other_tile: String,
        /// The later tile's space that lies over the earlier one's.
        at: SpaceRef,
    },
    /// The lap does not close.
    #[error("the course does not close: {0}")]
    Open(String),
    /// No draw of the pile closes.
    #[error(
        "none of {tries} draws of the pile from seed {seed} closes without a tile over another; the last: {last}"
    )]
    NoDraw {
        /// Draws tried.
        tries: u32,
        /// The seed.
        seed: u64,
        /// Why the last draw failed.
        last: String,
    },
}

/// The lap sectors holding `spaces` cut from `track` as a tile `id` named `name`: one run of
/// consecutive lap sectors ([`super::copy_sectors`]), with the grid slots and the chute that
/// stand on them; `None` unless the spaces are one such run.
#[must_use]
pub fn tile_from(track: &Track, spaces: &[SpaceRef], id: &str, name: &str) -> Option<Tile> {
    let sectors = super::copy_sectors(track, spaces)?;
    let first = spaces
        .iter()
        .filter(|at| at.section == Section::Lap)
        .map(|at| at.sector)
        .min()?;
    let count = u32::try_from(sectors.len()).ok()?;
    let inside = |at: SpaceRef| {
        (at.section == Section::Lap && at.sector >= first && at.sector < first + count)
            .then(|| SpaceRef::lap(at.sector - first, at.lane))
    };
    Some(Tile {
        kind: crate::content::kind::TileKind::Tile,
        version: Tile::VERSION,
        id: Id::from(id),
        name: crate::content::text::Text::from(name),
        space_size: track.space_size,
        sectors,
        grid: track
            .grid
            .iter()
            .filter_map(|slot| {
                Some(GridSlot {
                    position: slot.position,
                    space: inside(slot.space)?,
                })
            })
            .collect(),
        chute: track.chute.and_then(|c| {
            Some(Chute {
                beside: inside(c.beside)?,
                side: c.side,
            })
        }),
    })
}

/// Builds `course`'s track from `tiles` (by id) with `seed` (a fixed course ignores it).
pub fn build_course(
    course: &Course,
    tiles: &BTreeMap<Id, Tile>,
    seed: u64,
) -> Result<Track, CourseError> {
    match &course.layout {
        Layout::Fixed(ids) => lay(course, &named(ids.iter(), tiles)?),
        Layout::Pile {
            first,
            tiles: pile,
            length,
        } => {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut last = CourseError::Empty;
            for _ in 0..MAX_DRAWS {
                let mut counts: Vec<u64> = pile.iter().map(|p| u64::from(p.count)).collect();
                let mut drawn: Vec<&Id> = first.iter().collect();
                for _ in 0..*length {
                    let total: u64 = counts.iter().sum();
                    if total == 0 {
                        break;
                    }
                    let mut pick = rng.random_range(0..total);
                    for (index, count) in counts.iter_mut().enumerate() {
                        if pick < *count {
                            *count -= 1;
                            drawn.push(&pile[index].tile);
                            break;
                        }
                        pick -= *count;
                    }
                }
                match lay(course, &named(drawn.into_iter(), tiles)?) {
                    Ok(track) => return Ok(track),
                    Err(
                        error @ (CourseError::Open(_)
                        | CourseError::Overlap { .. }
                        | CourseError::Join { .. }),
                    ) => {
                        last = error;
                    }
                    Err(error) => return Err(error),
                }
            }
            Err(CourseError::NoDraw {
                tries: MAX_DRAWS,
                seed,
                last: last.to_string(),
            })
        }
    }
}

/// The tiles `ids` name, in order.
fn named<'t, 'i>(
    ids: impl Iterator<Item = &'i Id>,
    tiles: &'t BTreeMap<Id, Tile>,
) -> Result<Vec<&'t Tile>, CourseError> {
    ids.enumerate()
        .map(|(index, id)| {
            tiles.get(id).ok_or_else(|| CourseError::MissingTile {
                index: index + 1,
                tile: id.to_string(),
            })
        })
        .collect()
}

/// Lays `tiles` in order, takes the grid and chute from the first that has them, checks that
/// no tile lies over another, and closes the lap.
fn lay(course: &Course, tiles: &[&Tile]) -> Result<Track, CourseError> {
    let first = tiles.first().ok_or(CourseError::Empty)?;
    let mut builder = TrackBuilder::new(
        course.id.as_str(),
        course.name.as_str(),
        TrackStyle::ApocalypseRoad,
        Inside::Right,
        (0.0, 0.0),
        0.0,
    )
    .with_space_size(first.space_size);
    let mut starts = Vec::with_capacity(tiles.len());
    let mut grid: Option<(Vec<GridSlot>, Option<Chute>)> = None;
    for (index, tile) in tiles.iter().enumerate() {
        let base = builder.next_sector();
        starts.push(base);
        builder.paste(&tile.sectors).map_err(|error| match error {
            BuildError::TooWide { from, to } => CourseError::Join {
                index: index + 1,
                tile: tile.id.to_string(),
                from,
                to,
            },
            other => CourseError::Open(other.to_string()),
        })?;
        if grid.is_none() && (!tile.grid.is_empty() || tile.chute.is_some()) {
            let moved = |at: SpaceRef| SpaceRef::lap(base + at.sector, at.lane);
            grid = Some((
                tile.grid
                    .iter()
                    .map(|slot| GridSlot {
                        position: slot.position,
                        space: moved(slot.space),
                    })
                    .collect(),
                tile.chute.map(|c| Chute {
                    beside: moved(c.beside),
                    side: c.side,
                }),
            ));
        }
    }
    overlap(builder.track(), tiles, &starts)?;
    builder
        .close()
        .map_err(|error| CourseError::Open(error.to_string()))?;
    let mut track = builder.build();
    if let Some((slots, chute)) = grid {
        track.grid = slots;
        track.chute = chute;
    }
    Ok(track)
}

/// The first space of a later tile that lies over a space of an earlier one not next to it:
/// their centres closer than half a space.
fn overlap(track: &Track, tiles: &[&Tile], starts: &[u32]) -> Result<(), CourseError> {
    let size = track.space_size;
    let near = size.length.min(size.width) * 0.5;
    let tile_of = |sector: u32| starts.iter().rposition(|&s| s <= sector).unwrap_or(0);
    let spaces: Vec<(SpaceRef, (f32, f32), usize)> = track
        .spaces()
        .filter(|(at, _)| at.section == Section::Lap)
        .map(|(at, s)| (at, (s.x, s.y), tile_of(at.sector)))
        .collect();
    let count = tiles.len();
    for (i, (at, (x, y), tile)) in spaces.iter().enumerate() {
        for (_, (ox, oy), other) in &spaces[..i] {
            // Neighbours share an edge (and the last tile meets the first at the line).
            let neighbours = tile.abs_diff(*other) <= 1
                || (count > 2
                    && ((*tile == count - 1 && *other == 0)
                        || (*other == count - 1 && *tile == 0)));
            if !neighbours && (x - ox).hypot(y - oy) < near {
                let (later, earlier) = if tile > other {
                    (*tile, *other)
                } else {
                    (*other, *tile)
                };
                return Err(CourseError::Overlap {
                    index: later + 1,
                    tile: tiles[later].id.to_string(),
                    other: earlier + 1,
                    other_tile: tiles[earlier].id.to_string(),
                    at: *at,
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_cut_from_the_oval_round_trips_through_its_file_and_lays_as_cut() {
        let oval = crate::stretch::samples::sample("oval")
            .expect("a sample")
            .expect("it builds");
        let run: Vec<SpaceRef> = oval
            .spaces()
            .filter(|(at, _)| at.section == Section::Lap && (0..6).contains(&at.sector))
            .map(|(at, _)| at)
            .collect();
        let cut = tile_from(&oval, &run, "oval-start", "The oval's start").expect("one run");
        assert_eq!(cut.sectors.len(), 6);
        // The oval's grid stands on these sectors: the tile keeps the slots on them, from 0.
        assert!(!cut.grid.is_empty());
        assert!(cut.grid.iter().all(|slot| slot.space.sector < 6));
        let text = crate::content::Document::Tile(cut.clone())
            .to_text(crate::content::Format::Ron)
            .expect("text");
        let source = crate::content::SourceFile::from_text(
            "oval-start.ron",
            text,
            crate::content::Format::Ron,
        );
        let Ok(crate::content::Document::Tile(read)) = crate::content::Document::parse(&source)
        else {
            panic!("the tile reads back");
        };
        assert_eq!(read, cut, "the file holds the tile");
        // Laid on an empty lap, it stays where it was drawn: the oval's sectors, their links
        // out of the run dropped.
        let mut builder = TrackBuilder::new(
            "t",
            "t",
            TrackStyle::ApocalypseRoad,
            Inside::Right,
            (0.0, 0.0),
            0.0,
        )
        .with_space_size(read.space_size);
        builder.paste(&read.sectors).expect("laid");
        let laid = builder.build();
        for (sector, (laid, cut)) in laid.sectors.iter().zip(&oval.sectors[..6]).enumerate() {
            for (a, b) in laid.spaces.iter().zip(&cut.spaces) {
                assert_eq!(
                    (a.x, a.y, a.heading),
                    (b.x, b.y, b.heading),
                    "sector {sector}"
                );
                assert_eq!(a.terrain, b.terrain);
            }
        }
    }
}
