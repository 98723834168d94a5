//! Placing a starting section with the pointer: the editor's ghost follows the pointer and
//! snaps to the lap as a stretch does. The pointer marks the section's front, where it joins
//! the lap: it joins the lap sector whose start is nearest, runs the way that sector runs, and
//! lies beside the lap at the pointer's distance from it, in half-lane steps (a section laid on
//! the lap's own line is the designer's choice, not refused).

use super::{direction, resume, right_normal};
use crate::content::track::Track;

/// Where a starting section goes, as [`super::TrackBuilder::starting_section`] takes it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct StartPlacement {
    /// The middle of its first sector's trailing edge.
    pub at: (f32, f32),
    /// Its heading.
    pub heading: f32,
    /// The lap sector it leads into.
    pub joins: u32,
}

/// The placement of a starting section `sectors` long whose front is at `point`: `None` on a
/// track without lap sectors.
#[must_use]
pub fn starting_section_at(
    track: &Track,
    point: (f32, f32),
    sectors: u32,
) -> Option<StartPlacement> {
    let (joins, edge) = track
        .sectors
        .iter()
        .enumerate()
        .filter_map(|(index, sector)| {
            Some((index, resume::trailing_edge(track.space_size, sector)?))
        })
        .min_by(|(_, a), (_, b)| {
            let d = |e: &super::Cursor| (e.x - point.0).hypot(e.y - point.1);
            d(a).total_cmp(&d(b))
        })?;
    let (nx, ny) = right_normal(edge.heading);
    let half_lane = track.space_size.width / 2.0;
    let aside = ((point.0 - edge.x) * nx + (point.1 - edge.y) * ny) / half_lane;
    let aside = aside.round() * half_lane;
    let (dx, dy) = direction(edge.heading);
    #[allow(clippy::cast_precision_loss)] // A section's sectors are few.
    let back = sectors as f32 * track.space_size.length;
    let front = (edge.x + nx * aside, edge.y + ny * aside);
    Some(StartPlacement {
        at: (
            super::round(front.0 - dx * back),
            super::round(front.1 - dy * back),
        ),
        heading: edge.heading,
        joins: u32::try_from(joins).ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stretch::samples;

    /// On the oval, whose first straight runs east with the infield to its right: a pointer
    /// about four lanes to the left of sector 5's start (outside the track) places a section
    /// that ends there, runs east and joins sector 5.
    #[test]
    fn the_front_joins_the_nearest_sector_start_beside_the_lap() {
        let oval = samples::oval().expect("oval");
        let edge = resume::trailing_edge(oval.space_size, &oval.sectors[5]).expect("edge");
        let (nx, ny) = right_normal(edge.heading);
        let pointer = (edge.x - nx * 4.1, edge.y - ny * 4.1);
        let placed = starting_section_at(&oval, pointer, 3).expect("placed");
        assert_eq!(placed.joins, 5);
        assert!((placed.heading - edge.heading).abs() < 1e-3);
        // Four space widths aside (snapped from 4.1), three sectors back.
        let (dx, dy) = direction(edge.heading);
        let expected = (edge.x - nx * 4.0 - dx * 3.0, edge.y - ny * 4.0 - dy * 3.0);
        assert!(
            (placed.at.0 - expected.0).abs() < 1e-2 && (placed.at.1 - expected.1).abs() < 1e-2,
            "{placed:?} vs {expected:?}"
        );
    }

    #[test]
    fn a_track_without_a_lap_has_no_place_for_it() {
        let empty = crate::stretch::TrackBuilder::new(
            "e",
            "E",
            crate::content::track::TrackStyle::ApocalypseRoad,
            crate::stretch::Inside::Right,
            (0.0, 0.0),
            0.0,
        )
        .build();
        assert_eq!(starting_section_at(&empty, (0.0, 0.0), 3), None);
    }
}
