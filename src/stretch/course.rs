//! Building a course's track from its tiles ([`crate::content::course`]): each tile laid at the
//! end of the lap as pasted sectors are (turned and moved to carry on from it), the grid and
//! chute taken from the first tile that has them, the lap closed (a point-to-point course is
//! left open: its last tile's last sector is the run-off beyond the finish line). A pile is
//! drawn with the course's seed, and drawn again (the seed's own sequence) while a draw does not
//! close or lays a tile over another, up to [`MAX_DRAWS`] times. The track records the tiles it
//! was laid from; a rolling road's must keep a window it can roll with, and tiles never on the
//! table together may lie over each other.

use std::collections::BTreeMap;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{BuildError, Inside, TrackBuilder};
use crate::content::course::{Course, Layout, MAX_DRAWS, MAX_TILES, Route};
use crate::content::rolling_road::{LaidTile, LooseRole, MIN_WINDOW, RollingRoad};
use crate::content::text::Id;
use crate::content::tile::Tile;
use crate::content::track::{Chute, GridSlot, Section, SpaceRef, Track, TrackStyle};

/// How close, in spaces, two spaces' centres may come before one lies over the other: closer
/// than a space less a quarter (a space drawn half across two lanes is over both).
const OVERLAP: f32 = 0.75;

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
    /// A crossover tile is laid without its pair crossing it.
    #[error(
        "tile {index} (`{tile}`) is half of a crossover: its pair `{pair}` must be laid across it, at right angles on its spaces, and {}",
        if *laid { "it is laid elsewhere" } else { "the course does not lay it" }
    )]
    CrossingUnmet {
        /// The tile's place in the course, from 1.
        index: usize,
        /// Its id.
        tile: String,
        /// The pair it names.
        pair: String,
        /// Whether the pair is laid at all.
        laid: bool,
    },
    /// It lays more tiles than a course may.
    #[error(
        "the course lays {tiles} tiles; a course lays at most {most} (a track of that many tiles is far past any table)",
        most = MAX_TILES
    )]
    TooLong {
        /// The tiles it would lay (the pile's first tile and its length, or the fixed list).
        tiles: u64,
    },
    /// The lap does not close.
    #[error("the course does not close: {0}")]
    Open(String),
    /// A rolling road that cannot roll as written.
    #[error("the rolling road {0}")]
    Rolling(String),
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
        crossing: None,
    })
}

/// Why a tile cannot be laid at the end of a track's lap (the studio's tile tool).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TileRefusal {
    /// Its entry edge cannot join the lap's end.
    #[error(
        "`{tile}` enters on {to} lanes and the lap ends on {from}: a lane forks into at most two"
    )]
    Join {
        /// The tile's id.
        tile: String,
        /// Lanes of the lap's last sector.
        from: u8,
        /// Lanes of the tile's entry edge.
        to: u8,
    },
    /// Laid, it would lie over the track.
    #[error("`{tile}` would lie over the track: its space {at} on space {over}")]
    Overlap {
        /// The tile's id.
        tile: String,
        /// The laid tile's space (as numbered on the track).
        at: SpaceRef,
        /// The track's space under it.
        over: SpaceRef,
    },
    /// The builder refused it otherwise (an empty tile).
    #[error("`{tile}` cannot be laid: {why}")]
    Build {
        /// The tile's id.
        tile: String,
        /// Why.
        why: String,
    },
}

/// Lays `tile` at the end of the lap being built, turned and moved to carry on from it, and
/// refuses it when its entry edge cannot join or it would lie over a space of the track
/// (other than the sector it joins; a crossover tile may cross the track at right angles).
/// Returns the number of its first sector on the track.
pub fn lay_tile(builder: &mut TrackBuilder, tile: &Tile) -> Result<u32, TileRefusal> {
    let base = builder.next_sector();
    builder.paste(&tile.sectors).map_err(|error| match error {
        BuildError::TooWide { from, to } => TileRefusal::Join {
            tile: tile.id.to_string(),
            from,
            to,
        },
        other => TileRefusal::Build {
            tile: tile.id.to_string(),
            why: other.to_string(),
        },
    })?;
    let track = builder.track();
    let near = track.space_size.length.min(track.space_size.width) * OVERLAP;
    let (laid, before): (Vec<_>, Vec<_>) = track
        .spaces()
        .partition(|(at, _)| at.section == Section::Lap && at.sector >= base);
    for (at, space) in &laid {
        for (over, old) in &before {
            let joined = over.section == Section::Lap && over.sector + 1 == base;
            let crossing = tile.crossing.is_some()
                && (super::turn_between(space.heading, old.heading).abs() - 90.0).abs() < 10.0;
            if !joined && !crossing && (space.x - old.x).hypot(space.y - old.y) < near {
                return Err(TileRefusal::Overlap {
                    tile: tile.id.to_string(),
                    at: *at,
                    over: *over,
                });
            }
        }
    }
    Ok(base)
}

impl CourseError {
    /// Whether the error is the course's whatever the seed draws (a rolling road that cannot
    /// roll, a course too long, one that lays nothing): said once, not seed by seed.
    #[must_use]
    pub fn any_seed(&self) -> bool {
        matches!(self, Self::Rolling(_) | Self::TooLong { .. } | Self::Empty)
    }

    /// The tile the error is about, by its place in the course (from 1) and its id, when it
    /// names one: what a diagnostic points at in the course file.
    #[must_use]
    pub fn tile(&self) -> Option<(usize, &str)> {
        match self {
            Self::MissingTile { index, tile }
            | Self::Join { index, tile, .. }
            | Self::Overlap { index, tile, .. }
            | Self::CrossingUnmet { index, tile, .. } => Some((*index, tile.as_str())),
            Self::Empty
            | Self::TooLong { .. }
            | Self::Open(_)
            | Self::Rolling(_)
            | Self::NoDraw { .. } => None,
        }
    }
}

/// Builds `course`'s track from `tiles` (by id) with `seed` (a fixed course ignores it).
pub fn build_course(
    course: &Course,
    tiles: &BTreeMap<Id, Tile>,
    seed: u64,
) -> Result<Track, CourseError> {
    // Refused before anything is drawn or laid: a length of four billion drew until memory
    // ran out, and a million tiles laid for minutes.
    let laid = match &course.layout {
        Layout::Fixed(ids) => ids.len() as u64,
        Layout::Pile { first, length, .. } => u64::from(first.is_some()) + u64::from(*length),
    };
    if laid > u64::from(MAX_TILES) {
        return Err(CourseError::TooLong { tiles: laid });
    }
    if let Some(rolling) = course.rolling {
        rolling_fits(course.route, rolling, laid)?;
    }
    match &course.layout {
        Layout::Fixed(ids) => lay(course, &named(ids.iter(), tiles)?),
        Layout::Pile {
            first,
            tiles: pile,
            length,
        } => {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut last = CourseError::Empty;
            let shifts: BTreeMap<&Id, Shift> = tiles
                .iter()
                .filter_map(|(id, tile)| Some((id, Shift::of(tile)?)))
                .collect();
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
                // A draw whose pieces, put end to end, leave the lap open is not laid: it
                // could not close (laying and closing would say so at a hundred times the cost).
                let size = drawn.first().and_then(|id| tiles.get(*id));
                if let Some(open) = size
                    .filter(|_| course.route == Route::Lap)
                    .and_then(|first| open_end(&drawn, &shifts, first.space_size))
                {
                    last = CourseError::Open(open);
                    continue;
                }
                match lay(course, &named(drawn.into_iter(), tiles)?) {
                    Ok(track) => return Ok(track),
                    Err(
                        error @ (CourseError::Open(_)
                        | CourseError::Overlap { .. }
                        | CourseError::Join { .. }
                        | CourseError::CrossingUnmet { .. }),
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

/// Why a rolling road of `laid` tiles on `route` cannot roll, if it cannot: a window of fewer
/// than [`MIN_WINDOW`] tiles, more tiles on the table than the course lays, or a closed lap.
fn rolling_fits(route: Route, rolling: RollingRoad, laid: u64) -> Result<(), CourseError> {
    if rolling.window < MIN_WINDOW {
        return Err(CourseError::Rolling(format!(
            "keeps {} tile{} on the table; it needs at least {MIN_WINDOW} (a car that rolls the \
             road would stand on the rear tile it removes)",
            rolling.window,
            if rolling.window == 1 { "" } else { "s" }
        )));
    }
    if u64::from(rolling.window) > laid {
        return Err(CourseError::Rolling(format!(
            "keeps {} tiles on the table, but the course lays only {laid}: it could not lay \
             its first window, let alone the next tile",
            rolling.window
        )));
    }
    if route == Route::Lap {
        return Err(CourseError::Rolling(
            "runs on a closed lap: its rear tile is removed as the race goes on, so it runs \
             point to point (`route: PointToPoint`)"
                .to_owned(),
        ));
    }
    Ok(())
}

/// Where a tile's exit edge stands from its entry edge, in the entry's frame: how far ahead,
/// how far to the right, and how far it has turned (degrees, to the right).
#[derive(Clone, Copy, Debug)]
struct Shift {
    ahead: f32,
    right: f32,
    turn: f32,
}

impl Shift {
    /// The shift of `tile`, laid alone.
    fn of(tile: &Tile) -> Option<Self> {
        let mut builder = TrackBuilder::new(
            "shift",
            "shift",
            TrackStyle::ApocalypseRoad,
            Inside::Right,
            (0.0, 0.0),
            0.0,
        )
        .with_space_size(tile.space_size);
        let start = builder.start_of(tile.sectors.first()?)?;
        builder.paste(&tile.sectors).ok()?;
        let end = builder.cursor;
        let (dx, dy) = super::direction(start.heading);
        let (nx, ny) = super::right_normal(start.heading);
        let (gx, gy) = (end.x - start.x, end.y - start.y);
        Some(Self {
            ahead: gx * dx + gy * dy,
            right: gx * nx + gy * ny,
            turn: super::turn_between(start.heading, end.heading),
        })
    }
}

/// Why the tiles `drawn`, put end to end, cannot close, when they surely cannot: the lap's end
/// is turned from its start, beside its line, or past it, by more than closing allows (with a
/// margin for the rounding of laid spaces). `None` when the draw is worth laying.
fn open_end(
    drawn: &[&Id],
    shifts: &BTreeMap<&Id, Shift>,
    size: crate::content::track::SpaceSize,
) -> Option<String> {
    let (mut x, mut y, mut heading) = (0.0f32, 0.0f32, 0.0f32);
    for id in drawn {
        let shift = shifts.get(id)?;
        let (dx, dy) = super::direction(heading);
        let (nx, ny) = super::right_normal(heading);
        x += shift.ahead * dx + shift.right * nx;
        y += shift.ahead * dy + shift.right * ny;
        heading += shift.turn;
    }
    let (dx, dy) = super::direction(heading);
    let (nx, ny) = super::right_normal(heading);
    let ahead = -x * dx - y * dy;
    let aside = -x * nx - y * ny;
    let turn = super::turn_between(heading, 0.0);
    // Twice what closing allows (half a space), so that only a draw that surely stays open
    // is skipped.
    let near = turn.abs() <= 2.0 * super::CLOSING_TURN
        && aside.abs() <= 2.0 * super::CLOSING_TOLERANCE * size.width
        && ahead > -2.0 * super::CLOSING_TOLERANCE * size.length;
    (!near).then(|| {
        // `ahead` is how far the start lies ahead of the end: negative when the end ran past it
        // ("-12.0 spaces short" read as nonsense).
        let spaces = ahead / size.length;
        let along = if spaces < 0.0 {
            format!("runs {:.1} spaces past its start", -spaces)
        } else {
            format!("is {spaces:.1} spaces short of its start")
        };
        format!(
            "the lap's end {along}, {:.1} lanes beside its line and turned {turn:.0}° from it",
            aside / size.width
        )
    })
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

/// A tile of a rolling road laid on its own, to print and cut out.
#[derive(Clone, Debug)]
pub struct LooseTile {
    /// The tile laid alone (point to point: its finish line before its last sector, where it
    /// lies when the tile is the final one).
    pub track: Track,
    /// Its part in the road.
    pub role: LooseRole,
}

/// The tiles a rolling road is played from, each laid on its own: a pile's first tile, then
/// every tile of the pile with its copies; a fixed road's tiles in their order. Print makes
/// these of a rolling road: tiles cut out and laid as the road is played at the table, not the
/// one road a seed draws.
pub fn loose_tiles(
    course: &Course,
    tiles: &BTreeMap<Id, Tile>,
) -> Result<Vec<LooseTile>, CourseError> {
    let listed: Vec<(&Id, LooseRole)> = match &course.layout {
        Layout::Fixed(ids) => ids
            .iter()
            .enumerate()
            .map(|(index, id)| (id, LooseRole::InOrder(index + 1, ids.len())))
            .collect(),
        Layout::Pile {
            first, tiles: pile, ..
        } => first
            .iter()
            .map(|id| (id, LooseRole::First))
            .chain(pile.iter().map(|p| (&p.tile, LooseRole::Pile(p.count))))
            .collect(),
    };
    listed
        .into_iter()
        .enumerate()
        .map(|(index, (id, role))| {
            let tile = tiles.get(id).ok_or_else(|| CourseError::MissingTile {
                index: index + 1,
                tile: id.to_string(),
            })?;
            Ok(LooseTile {
                track: alone(tile)?,
                role,
            })
        })
        .collect()
}

/// `tile` laid alone as a point-to-point track named after it, with its grid and chute.
fn alone(tile: &Tile) -> Result<Track, CourseError> {
    let mut builder = TrackBuilder::new(
        tile.id.as_str(),
        tile.name.as_str(),
        TrackStyle::ApocalypseRoad,
        Inside::Right,
        (0.0, 0.0),
        0.0,
    )
    .with_space_size(tile.space_size);
    // A checked tile always pastes; an empty one is said as the course's lay says it.
    builder
        .paste(&tile.sectors)
        .map_err(|error| CourseError::Open(format!("tile `{}`: {error}", tile.id)))?;
    let mut track = builder.build();
    track.route = Route::PointToPoint;
    track.grid.clone_from(&tile.grid);
    track.chute = tile.chute;
    Ok(track)
}

/// Lays `tiles` in order, takes the grid and chute from the first that has them, checks that
/// no tile lies over another, and closes the lap (a point-to-point course stays open, its last
/// sector the run-off).
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
    let closed = course.route == Route::Lap;
    // Tiles a rolling road never has on the table together may lie over each other.
    let apart = course
        .rolling
        .map_or(usize::MAX, |rolling| rolling.window as usize);
    overlap(builder.track(), tiles, &starts, closed, apart)?;
    if closed {
        builder
            .close()
            .map_err(|error| CourseError::Open(error.to_string()))?;
    }
    builder.detect_crossover();
    crossings_met(builder.track(), tiles, &starts)?;
    let mut track = builder.build();
    track.route = course.route;
    track.rolling = course.rolling;
    track.tiles = tiles
        .iter()
        .zip(&starts)
        .map(|(tile, &first_sector)| LaidTile {
            tile: tile.id.clone(),
            first_sector,
        })
        .collect();
    if let Some((slots, chute)) = grid {
        track.grid = slots;
        track.chute = chute;
    }
    Ok(track)
}

/// The first space of a later tile that lies over a space of an earlier one not next to it:
/// their centres closer than half a space. On a `closed` course the last tile is next to the
/// first. Tiles `apart` or more places from each other are never on the table together (a
/// rolling road's window) and may lie over each other.
fn overlap(
    track: &Track,
    tiles: &[&Tile],
    starts: &[u32],
    closed: bool,
    apart: usize,
) -> Result<(), CourseError> {
    let size = track.space_size;
    let near = size.length.min(size.width) * OVERLAP;
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
                || (closed
                    && count > 2
                    && ((*tile == count - 1 && *other == 0)
                        || (*other == count - 1 && *tile == 0)));
            let crossing = tiles[*tile].crossing.as_ref() == Some(&tiles[*other].id)
                || tiles[*other].crossing.as_ref() == Some(&tiles[*tile].id);
            let never_together = tile.abs_diff(*other) >= apart;
            if !neighbours && !crossing && !never_together && (x - ox).hypot(y - oy) < near {
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

/// Every crossover tile crossed by its pair: some crossover space of the built track joins a
/// space of the one to a space of the other.
fn crossings_met(track: &Track, tiles: &[&Tile], starts: &[u32]) -> Result<(), CourseError> {
    let tile_of = |sector: u32| starts.iter().rposition(|&s| s <= sector).unwrap_or(0);
    for (index, tile) in tiles.iter().enumerate() {
        let Some(pair) = &tile.crossing else {
            continue;
        };
        let met = track.crossover.iter().any(|crossing| {
            let (a, b) = (tile_of(crossing.0.sector), tile_of(crossing.1.sector));
            (a == index && tiles[b].id == *pair) || (b == index && tiles[a].id == *pair)
        });
        if !met {
            return Err(CourseError::CrossingUnmet {
                index: index + 1,
                tile: tile.id.to_string(),
                pair: pair.to_string(),
                laid: tiles.iter().any(|t| t.id == *pair),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_that_runs_past_its_start_says_so() {
        // Twelve spaces straight on from the start: the end lies past it, not "-12.0 spaces
        // short of" it.
        let id = Id::from("straight");
        let shifts: BTreeMap<&Id, Shift> = [(
            &id,
            Shift {
                ahead: 12.0,
                right: 0.0,
                turn: 0.0,
            },
        )]
        .into_iter()
        .collect();
        let size = crate::content::track::SpaceSize {
            length: 1.0,
            width: 1.0,
        };
        let open = open_end(&[&id], &shifts, size).expect("open");
        assert!(open.contains("runs 12.0 spaces past its start"), "{open}");
        assert!(!open.contains('-'), "{open}");
    }

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
