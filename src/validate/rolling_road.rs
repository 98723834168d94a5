//! Checks of a rolling road ([`crate::content::rolling_road`]) on a track: a window the road
//! can roll with, the tiles it was laid from, and a start on the first tiles on the table.
//!
//! A course builds only tracks that pass these; a track file written by hand (or a course's
//! track edited afterwards) is checked here, so the engine never meets a window it cannot keep.

use super::locate::Needle;
use super::report::FileReport;
use crate::content::rolling_road::MIN_WINDOW;
use crate::content::track::{Route, Section, SpaceRef, Track};

/// Reports what stops `track`'s rolling road from rolling; nothing for a track that does not
/// roll.
pub fn check(track: &Track, report: &mut FileReport<'_>) {
    let Some(rolling) = track.rolling else {
        return;
    };
    let mut window_error = |message: String| {
        report.error(
            "rolling-window",
            None,
            &[Needle::Field("rolling"), Needle::Field("window")],
            message,
        );
    };
    if rolling.window < MIN_WINDOW {
        window_error(format!(
            "the rolling road keeps {} tile{} on the table; it needs at least {MIN_WINDOW} (a car \
             that rolls the road would stand on the rear tile it removes)",
            rolling.window,
            if rolling.window == 1 { "" } else { "s" }
        ));
    }
    if track.route == Route::Lap {
        window_error(
            "the rolling road runs on a closed lap: its rear tile is removed as the race goes on, \
             so it runs point to point (`route: PointToPoint`)"
                .to_owned(),
        );
    }
    if (rolling.window as usize) > track.tiles.len() {
        window_error(format!(
            "the rolling road keeps {} tiles on the table, but the track was laid from {}: it \
             could not lay its first window (`tiles` lists the tiles laid)",
            rolling.window,
            track.tiles.len()
        ));
    }
    check_tiles(track, report);
    if rolling.window >= MIN_WINDOW && (rolling.window as usize) <= track.tiles.len() {
        check_start(track, rolling.window as usize, report);
    }
}

/// The laid tiles cover the lap from sector 0, each starting after the one before, and the
/// track has no separate starting section (no tile lays it).
fn check_tiles(track: &Track, report: &mut FileReport<'_>) {
    let mut tiles_error = |message: String| {
        report.error("rolling-tiles", None, &[Needle::Field("tiles")], message);
    };
    let sectors = track.sectors.len();
    let mut before: Option<u32> = None;
    for (index, laid) in track.tiles.iter().enumerate() {
        let place = index + 1;
        let wrong = match before {
            None if laid.first_sector != 0 => Some("the first tile must start at sector 0"),
            Some(last) if laid.first_sector <= last => {
                Some("each tile must start after the one before it")
            }
            _ if laid.first_sector as usize >= sectors => Some("the lap has no such sector"),
            _ => None,
        };
        if let Some(wrong) = wrong {
            tiles_error(format!(
                "tile {place} (`{}`) starts at sector {}: {wrong}",
                laid.tile, laid.first_sector
            ));
            return;
        }
        before = Some(laid.first_sector);
    }
    if !track.start_sectors.is_empty() {
        tiles_error(
            "a rolling road has no separate starting section: its start is its first tile"
                .to_owned(),
        );
    }
}

/// The grid and the chute stand on the tiles on the table at the start.
fn check_start(track: &Track, window: usize, report: &mut FileReport<'_>) {
    let Some(lead) = track.tiles.get(window) else {
        // The whole road is on the table at the start.
        return;
    };
    let on_table = |at: SpaceRef| at.section == Section::Lap && at.sector < lead.first_sector;
    if let Some(slot) = track.grid.iter().find(|slot| !on_table(slot.space)) {
        report.error(
            "rolling-tiles",
            None,
            &[Needle::Field("grid")],
            format!(
                "grid position {} is on space {}, past the first {window} tiles on the table at \
                 the start",
                slot.position, slot.space
            ),
        );
    }
    if let Some(chute) = track.chute.filter(|chute| !on_table(chute.beside)) {
        report.error(
            "rolling-tiles",
            None,
            &[Needle::Field("chute")],
            format!(
                "the chute is beside space {}, past the first {window} tiles on the table at the \
                 start",
                chute.beside
            ),
        );
    }
}
