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
    let mut errors = SpaceErrors {
        report,
        counts: std::collections::BTreeMap::new(),
    };
    for (number, sector) in tile.sectors.iter().enumerate() {
        let number = u32::try_from(number).unwrap_or(u32::MAX);
        for (lane, space) in sector.spaces.iter().enumerate() {
            let at = SpaceRef::lap(number, space.lane);
            let place = (number, lane);
            if usize::from(space.lane) != lane {
                errors.error(
                    "tile-lanes",
                    place,
                    None,
                    format!(
                        "sector {number} of tile `{}` numbers its lanes out of order: lane {} is \
                         its space {lane}",
                        tile.id, space.lane
                    ),
                );
            }
            if terrain.find(space.terrain.as_str()).is_none() {
                errors.error(
                    "terrain-undefined",
                    place,
                    Some(Needle::Value(space.terrain.as_str())),
                    format!(
                        "space {at} of tile `{}` is `{}` ground, which the kinds known do not define",
                        tile.id, space.terrain
                    ),
                );
            }
            if (number as usize) < last
                && space.next.is_empty()
                && !terrain.rules_of(space.terrain.as_str()).is_trough()
            {
                // A dead end inside the tile: any track laid from it is refused, and a tile of
                // twenty thousand of them was laid and checked for minutes first.
                errors.error(
                    "no-forward-link",
                    place,
                    Some(Needle::Field("next")),
                    format!(
                        "space {at} of tile `{}` has no forward link: cars there could never \
                         move on (only the tile's last sector leaves its links to the next tile)",
                        tile.id
                    ),
                );
            }
            for to in &space.next {
                let inside = (number as usize) < last
                    && to.section == Section::Lap
                    && to.sector == number + 1
                    && exists(*to);
                if !inside {
                    errors.error(
                        "tile-link-outside",
                        place,
                        Some(Needle::Field("next")),
                        format!(
                            "space {at} of tile `{}` links to {to}, which is not a space of the \
                             tile's next sector{}",
                            tile.id,
                            if number as usize == last {
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
    errors.finish();
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

/// A tile's errors about its spaces: each code reported for its first
/// [`super::track::MAX_PER_CHECK`] spaces, at the space's own line, then one line counting the
/// rest (a tile of twenty thousand broken spaces gives a readable list, found in linear time).
struct SpaceErrors<'r, 'a> {
    report: &'r mut FileReport<'a>,
    counts: std::collections::BTreeMap<&'static str, usize>,
}

impl SpaceErrors<'_, '_> {
    /// Reports `code` about the space `lane` (its index) of sector `number`, found in the text
    /// by the sector's `spaces`, the space, then `last`.
    fn error(
        &mut self,
        code: &'static str,
        (number, lane): (u32, usize),
        last: Option<Needle<'_>>,
        message: String,
    ) {
        let count = self.counts.entry(code).or_default();
        *count += 1;
        if *count > super::track::MAX_PER_CHECK {
            return;
        }
        let mut needles = super::track::sector_needles(Section::Lap, number, Some(lane));
        needles.extend(last);
        let at = SpaceRef::lap(number, u8::try_from(lane).unwrap_or(u8::MAX));
        self.report.error(
            code,
            Some(ObjectRef::Space { space: at }),
            &needles,
            message,
        );
    }

    /// One line for each code with spaces past those reported.
    fn finish(self) {
        for (code, count) in self.counts {
            if count > super::track::MAX_PER_CHECK {
                self.report.error(
                    code,
                    None,
                    &[Needle::Field("sectors")],
                    format!(
                        "and {} more spaces of the tile with the same problem",
                        count - super::track::MAX_PER_CHECK
                    ),
                );
            }
        }
    }
}
