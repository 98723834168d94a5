//! Which missing link explains a track's unreachable spaces. One link removed from a
//! single-lane stretch cuts the lap: every space after it is out of reach of the grid and the
//! chute, every space before it can no longer reach the finish line, and listing them one by
//! one buries the cause. This finds the cause instead: a space with no way on (a dead end) or no
//! way in (nothing links into it) is mended with a plain link to its neighbouring sector, and
//! the spaces the mend brings back are its consequences, reported under it.
//!
//! The mend links a dead end into the next sector, and a space nothing enters from the previous
//! sector, lane to the same lane (or the nearest lane there: where lane counts change, the
//! stretch tools may have linked another lane, which the designer sees before applying the
//! fix). At most [`MOST_CAUSES`] causes are
//! tried, each by one reachability pass on a copy of the track.

use std::collections::BTreeSet;

use super::terrain::TerrainBook;
use super::track_graph::{Graph, Unreached};
use crate::content::track::{Section, SpaceRef, Track};

/// The most missing links looked for on one track.
pub const MOST_CAUSES: usize = 8;

/// A link whose absence explains unreachable spaces.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct MissingLink {
    /// The space the link would leave.
    pub(super) from: SpaceRef,
    /// The space it would enter.
    pub(super) to: SpaceRef,
    /// The spaces it would bring back, set by set.
    pub(super) mends: Unreached,
}

/// The missing links that explain what `unreached` holds, each with the spaces it mends. The
/// links are tried in turn on one copy of the track that keeps each link found, so two cuts in
/// a row are both found (the second mends what the first alone could not), and no space is
/// counted under two links.
pub(super) fn missing_links(
    track: &Track,
    terrain: &TerrainBook,
    lap_open: bool,
    unreached: &Unreached,
) -> Vec<MissingLink> {
    let mut found = Vec::new();
    if unreached.counts() == (0, 0, 0) {
        return found;
    }
    let mut mended = track.clone();
    let mut left = unreached.clone();
    for (from, to) in candidates(track, terrain).into_iter().take(MOST_CAUSES) {
        let mut tried = mended.clone();
        if !add_link(&mut tried, from, to) {
            continue;
        }
        let after = Unreached::of(&tried, &Graph::new(&tried, terrain), lap_open);
        let mends = left.mended_by(&after);
        if mends.counts() != (0, 0, 0) {
            left = after;
            mended = tried;
            found.push(MissingLink { from, to, mends });
        }
    }
    found
}

/// Adds the link `from` -> `to`; false when `from` does not exist or already links there.
fn add_link(track: &mut Track, from: SpaceRef, to: SpaceRef) -> bool {
    let sectors = match from.section {
        Section::Lap => &mut track.sectors,
        Section::Start => &mut track.start_sectors,
    };
    let Some(space) = usize::try_from(from.sector)
        .ok()
        .and_then(|sector| sectors.get_mut(sector))
        .and_then(|sector| {
            sector
                .spaces
                .iter_mut()
                .find(|space| space.lane == from.lane)
        })
    else {
        return false;
    };
    if space.next.contains(&to) {
        return false;
    }
    space.next.push(to);
    true
}

/// Dead ends and spaces nothing enters, each with the link the stretch tools would have made.
fn candidates(track: &Track, terrain: &TerrainBook) -> Vec<(SpaceRef, SpaceRef)> {
    let lap = track.sectors.len();
    let is_trough =
        |space: &crate::content::track::Space| terrain.rules_of(space.terrain.as_str()).is_trough();
    let entered: BTreeSet<SpaceRef> = track
        .spaces()
        .flat_map(|(_, space)| space.next.iter().copied())
        .collect();
    let previous_of = |at: SpaceRef| -> Option<(Section, u32)> {
        match (at.section, at.sector.checked_sub(1)) {
            (Section::Lap, Some(previous)) => Some((Section::Lap, previous)),
            (Section::Lap, None) if track.wraps() => {
                Some((Section::Lap, u32::try_from(lap.checked_sub(1)?).ok()?))
            }
            _ => None,
        }
    };
    let mut found = Vec::new();
    for (at, space) in track.spaces() {
        if is_trough(space) {
            continue;
        }
        if space.next.is_empty()
            && let Some(to) = way_on(track, terrain, at)
        {
            found.push((at, to));
        }
        if !entered.contains(&at)
            && let Some(from) =
                previous_of(at).and_then(|sector| nearest_lane(track, terrain, sector, at.lane))
            && track.space(from).is_some_and(|s| !is_trough(s))
        {
            found.push((from, at));
        }
    }
    // A link found twice (a dead end whose next space nothing enters) is tried once.
    let mut seen = BTreeSet::new();
    found.retain(|pair| seen.insert(*pair));
    found
}

/// Where the stretch tools would have linked a dead end at `at`: the next sector's space in
/// its lane, or in the lane nearest it (`None` at the end of an open lap, at a point-to-point
/// track's run-off, or at the end of the starting section, which joins the lap anywhere).
pub(super) fn way_on(track: &Track, terrain: &TerrainBook, at: SpaceRef) -> Option<SpaceRef> {
    let number = usize::try_from(at.sector).ok()?;
    let next = match at.section {
        Section::Lap if number + 1 < track.sectors.len() => (Section::Lap, at.sector + 1),
        Section::Lap if track.wraps() => (Section::Lap, 0),
        Section::Start if number + 1 < track.start_sectors.len() => (Section::Start, at.sector + 1),
        _ => return None,
    };
    nearest_lane(track, terrain, next, at.lane)
}

/// The space of `sector` in `lane`, or in the lane nearest it (not a trough).
fn nearest_lane(
    track: &Track,
    terrain: &TerrainBook,
    (section, number): (Section, u32),
    lane: u8,
) -> Option<SpaceRef> {
    track
        .section(section)
        .get(usize::try_from(number).ok()?)?
        .spaces
        .iter()
        .filter(|space| !terrain.rules_of(space.terrain.as_str()).is_trough())
        .min_by_key(|space| (space.lane.abs_diff(lane), space.lane))
        .map(|space| SpaceRef {
            section,
            sector: number,
            lane: space.lane,
        })
}
