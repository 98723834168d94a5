//! Rewriting every space reference of a track when sectors are renumbered (a sector removed or
//! inserted, the finish line moved), so links, the grid, the chute and the crossover follow
//! their spaces.

use crate::content::track::{SpaceRef, Track};

/// Rewrites every reference through `map`; references it maps to `None` are dropped (a link into
/// a removed sector, a grid slot on it).
pub fn remap(track: &mut Track, map: impl Fn(SpaceRef) -> Option<SpaceRef>) {
    for sector in track
        .sectors
        .iter_mut()
        .chain(track.start_sectors.iter_mut())
    {
        for space in &mut sector.spaces {
            space.next = space.next.iter().filter_map(|&to| map(to)).collect();
        }
    }
    track.grid.retain_mut(|slot| match map(slot.space) {
        Some(space) => {
            slot.space = space;
            true
        }
        None => false,
    });
    track.chute = track.chute.and_then(|mut chute| {
        chute.beside = map(chute.beside)?;
        Some(chute)
    });
    track
        .crossover
        .retain_mut(|pair| match (map(pair.0), map(pair.1)) {
            (Some(a), Some(b)) => {
                pair.0 = a;
                pair.1 = b;
                true
            }
            _ => false,
        });
}
