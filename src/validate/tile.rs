//! Checks a tile file on its own: it has sectors with spaces, its links stay inside it (each
//! into the next of its sectors; its last sector has none, they are the next tile's), its
//! spaces' lanes are numbered from 0, its ground is of the kinds known, and its grid and chute
//! stand on its spaces, on distinct spaces; the numbers of its drawing are finite, within range
//! and its sizes positive, as a track's are. How it joins others is a course's check: it is built and its track
//! checked.

use super::diagnostic::ObjectRef;
use super::locate::Needle;
use super::report::FileReport;
use super::terrain::TerrainBook;
use crate::content::tile::Tile;
use crate::content::track::{Section, SpaceRef};

/// Checks `tile`, its kinds of ground against `terrain`.
pub fn check(tile: &Tile, terrain: &TerrainBook, report: &mut FileReport<'_>) {
    if tile.sectors.is_empty() || tile.sectors.iter().any(|s| s.spaces.is_empty()) {
        report.error(
            "tile-empty",
            None,
            &[Needle::Field("sectors")],
            format!(
                "tile `{}` needs at least one sector, and every sector a space",
                tile.id
            ),
        );
        return;
    }
    let last = tile.sectors.len() - 1;
    let exists = |at: SpaceRef| has_space(tile, at);
    for (number, sector) in tile.sectors.iter().enumerate() {
        for (lane, space) in sector.spaces.iter().enumerate() {
            let at = SpaceRef::lap(u32::try_from(number).unwrap_or(u32::MAX), space.lane);
            let object = Some(ObjectRef::Space { space: at });
            // Each diagnostic at its own space's line: the sector's `spaces`, then the space.
            let here = super::track::sector_needles(
                Section::Lap,
                u32::try_from(number).unwrap_or(u32::MAX),
                Some(lane),
            );
            let and = |last: Needle<'static>| -> Vec<Needle<'static>> {
                here.iter().copied().chain([last]).collect()
            };
            if usize::from(space.lane) != lane {
                report.error(
                    "tile-lanes",
                    object.clone(),
                    &here,
                    format!(
                        "sector {number} of tile `{}` numbers its lanes out of order: lane {} is \
                         its space {lane}",
                        tile.id, space.lane
                    ),
                );
            }
            if terrain.find(space.terrain.as_str()).is_none() {
                report.error(
                    "terrain-undefined",
                    object.clone(),
                    &here
                        .iter()
                        .copied()
                        .chain([Needle::Value(space.terrain.as_str())])
                        .collect::<Vec<_>>(),
                    format!(
                        "space {at} of tile `{}` is `{}` ground, which the kinds known do not define",
                        tile.id, space.terrain
                    ),
                );
            }
            for to in &space.next {
                let inside = number < last
                    && to.section == Section::Lap
                    && to.sector as usize == number + 1
                    && exists(*to);
                if !inside {
                    report.error(
                        "tile-link-outside",
                        object.clone(),
                        &and(Needle::Field("next")),
                        format!(
                            "space {at} of tile `{}` links to {to}, which is not a space of the \
                             tile's next sector{}",
                            tile.id,
                            if number == last {
                                " (the last sector's links are the next tile's)"
                            } else {
                                ""
                            }
                        ),
                    );
                }
            }
        }
    }
    check_drawing_and_grid(tile, report);
}

/// The tile's drawing numbers, as a track's are checked (a course lays the tile by them, and a
/// tile that passes here must not be refused there), and its grid positions and chute on its
/// spaces, the grid's on distinct ones.
fn check_drawing_and_grid(tile: &Tile, report: &mut FileReport<'_>) {
    // The drawing's numbers, as a track's are checked: a course lays the tile by them, and a
    // tile that passes here must not be refused there.
    let spaces = tile
        .sectors
        .iter()
        .enumerate()
        .flat_map(|(number, sector)| {
            let number = u32::try_from(number).unwrap_or(u32::MAX);
            sector
                .spaces
                .iter()
                .map(move |space| (SpaceRef::lap(number, space.lane), space))
        });
    super::track::check_space_numbers(tile.space_size, spaces, report);
    let mut used: std::collections::BTreeMap<SpaceRef, u32> = std::collections::BTreeMap::new();
    for slot in &tile.grid {
        if let Some(other) = used.insert(slot.space, slot.position) {
            report.error(
                "grid-duplicate-space",
                None,
                &[
                    Needle::Field("grid"),
                    Needle::Value(&slot.space.to_string()),
                ],
                format!(
                    "grid positions {other} and {} of tile `{}` are both on {}",
                    slot.position, tile.id, slot.space
                ),
            );
        }
    }
    let placed = tile
        .grid
        .iter()
        .map(|slot| slot.space)
        .chain(tile.chute.map(|c| c.beside));
    for at in placed {
        if !has_space(tile, at) {
            report.error(
                "tile-grid-outside",
                None,
                &[Needle::Value(&at.to_string())],
                format!(
                    "tile `{}` puts its grid or chute by {at}, which is not one of its spaces",
                    tile.id
                ),
            );
        }
    }
}

/// Whether `at` is a space of `tile`.
fn has_space(tile: &Tile, at: SpaceRef) -> bool {
    at.section == Section::Lap
        && tile
            .sectors
            .get(at.sector as usize)
            .is_some_and(|s| usize::from(at.lane) < s.spaces.len())
}
