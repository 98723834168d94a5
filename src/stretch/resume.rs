//! Picking up an existing track where its lap ends, so the editor can lay the next stretch on
//! any track, including one written by hand or traced from a photo.
//!
//! A track file keeps no turtle: the cursor is worked out from the last lap sector. Its spaces
//! give the centre line (their mean) and the heading at the sector's middle. On a corner the
//! lanes are drawn with different lengths (inner shorter), and the difference between two
//! lanes' lengths gives the angle the sector turns; half of it is still to turn at the leading
//! edge. A one-lane corner cannot show its turn this way and is treated as straight, which a
//! designer sees at once and can fix by rotating the new stretch.

use super::{Cursor, Inside, TrackBuilder, direction, right_normal};
use crate::content::track::{Sector, SpaceSize, Track};

impl TrackBuilder {
    /// A builder that continues `track`: the next stretch starts at the leading edge of the last
    /// lap sector, and lane 0 stays on the side it is on now. An empty lap starts at (`at`,
    /// `heading`) with lane 0 on `inside`.
    #[must_use]
    pub fn resume(track: Track, inside: Inside, at: (f32, f32), heading: f32) -> Self {
        let inside = track_inside(&track).unwrap_or(inside);
        let mut builder = Self {
            track,
            inside,
            cursor: Cursor {
                x: at.0,
                y: at.1,
                heading,
            },
        };
        if let Some(cursor) = builder
            .track
            .sectors
            .last()
            .and_then(|last| builder.end_of(last))
        {
            builder.cursor = cursor;
        }
        builder
    }

    /// Where the next stretch would start: the centre of its leading edge, its heading, and the
    /// side lane 0 is on.
    #[must_use]
    pub fn next_origin(&self) -> ((f32, f32), f32, Inside) {
        (
            (self.cursor.x, self.cursor.y),
            self.cursor.heading,
            self.inside,
        )
    }

    /// Where the sector's leading edge is ([`leading_edge`] at the track's space size).
    pub(super) fn end_of(&self, sector: &Sector) -> Option<Cursor> {
        leading_edge(self.track.space_size, sector)
    }

    /// Where the sector's trailing edge is ([`trailing_edge`] at the track's space size).
    pub(super) fn start_of(&self, sector: &Sector) -> Option<Cursor> {
        trailing_edge(self.track.space_size, sector)
    }
}

/// Where a sector's leading edge is: past its middle by half its length, turned by half its
/// turn. `size` is the track's space size, for spaces without their own.
pub(super) fn leading_edge(size: SpaceSize, sector: &Sector) -> Option<Cursor> {
    let count = sector.spaces.len();
    if count == 0 {
        return None;
    }
    let n = count as f32;
    let centre_x = sector.spaces.iter().map(|s| s.x).sum::<f32>() / n;
    let centre_y = sector.spaces.iter().map(|s| s.y).sum::<f32>() / n;
    let heading = sector.spaces[0].heading;
    let length = |index: usize| sector.spaces[index].size.unwrap_or(size).length;
    let mean_length = (0..count).map(length).sum::<f32>() / n;
    let step = turn_of(sector, heading);
    if step.abs() < 1e-3 {
        let (dx, dy) = direction(heading);
        return Some(Cursor {
            x: centre_x + dx * mean_length / 2.0,
            y: centre_y + dy * mean_length / 2.0,
            heading,
        });
    }
    // The centre line is an arc of `radius` turning `step` per sector.
    let radius = mean_length / step.to_radians().abs();
    let sign = step.signum();
    let (nx, ny) = right_normal(heading);
    let (cx, cy) = (centre_x + sign * nx * radius, centre_y + sign * ny * radius);
    let end = heading + step / 2.0;
    let (ex, ey) = right_normal(end);
    Some(Cursor {
        x: cx - sign * ex * radius,
        y: cy - sign * ey * radius,
        heading: end,
    })
}

/// Where a sector's trailing edge is and its heading there: its leading edge worked out for
/// the sector driven the other way, turned back round.
pub(super) fn trailing_edge(size: SpaceSize, sector: &Sector) -> Option<Cursor> {
    let mut reversed = sector.clone();
    for space in &mut reversed.spaces {
        space.heading = (space.heading + 180.0).rem_euclid(360.0);
    }
    let edge = leading_edge(size, &reversed)?;
    Some(Cursor {
        heading: (edge.heading - 180.0).rem_euclid(360.0),
        ..edge
    })
}

/// The degrees a sector turns (positive to the right), from how much longer its outer lane
/// is than its inner one.
fn turn_of(sector: &Sector, heading: f32) -> f32 {
    let (Some(first), Some(last)) = (sector.spaces.first(), sector.spaces.last()) else {
        return 0.0;
    };
    let (Some(first_size), Some(last_size)) = (first.size, last.size) else {
        return 0.0;
    };
    let (nx, ny) = right_normal(heading);
    // How far the last lane lies to the right of the first.
    let apart = (last.x - first.x) * nx + (last.y - first.y) * ny;
    if apart.abs() < 1e-3 {
        return 0.0;
    }
    // Turning right, lanes further right are nearer the centre and shorter.
    let shorter_right = last_size.length - first_size.length;
    (-shorter_right / apart).to_degrees()
}

/// Which side lane 0 is on, from the first sector with two lanes or more.
fn track_inside(track: &Track) -> Option<Inside> {
    track.sectors.iter().find_map(|sector| {
        let (first, second) = (sector.spaces.first()?, sector.spaces.get(1)?);
        let (nx, ny) = right_normal(first.heading);
        let right = (second.x - first.x) * nx + (second.y - first.y) * ny;
        Some(if right > 0.0 {
            Inside::Left
        } else {
            Inside::Right
        })
    })
}

#[cfg(test)]
mod tests {
    use super::super::samples;
    use super::*;
    use crate::content::track::TrackStyle;

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 0.01
    }

    fn same_heading(a: f32, b: f32) -> bool {
        let apart = (a - b).rem_euclid(360.0);
        apart.min(360.0 - apart) < 0.01
    }

    #[test]
    fn resuming_mid_build_continues_exactly_where_the_builder_was() {
        let mut builder = TrackBuilder::new(
            "t",
            "T",
            TrackStyle::ApocalypseRoad,
            Inside::Right,
            (0.0, 0.0),
            0.0,
        );
        builder
            .straight(3, 4)
            .expect("straight")
            .corner(5, 3, 90.0, 3.0)
            .expect("corner");
        let expected = builder.cursor;
        let resumed = TrackBuilder::resume(builder.build(), Inside::Left, (9.0, 9.0), 45.0);
        assert_eq!(
            resumed.inside,
            Inside::Right,
            "lane 0 side read from the track"
        );
        assert!(
            close(resumed.cursor.x, expected.x),
            "{:?} vs {expected:?}",
            resumed.cursor
        );
        assert!(
            close(resumed.cursor.y, expected.y),
            "{:?} vs {expected:?}",
            resumed.cursor
        );
        assert!(
            same_heading(resumed.cursor.heading, expected.heading),
            "{:?} vs {expected:?}",
            resumed.cursor
        );
    }

    #[test]
    fn a_left_turn_and_a_left_inside_are_recognised() {
        let mut builder = TrackBuilder::new(
            "t",
            "T",
            TrackStyle::ApocalypseRoad,
            Inside::Left,
            (1.0, 2.0),
            90.0,
        );
        builder.corner(6, 2, -120.0, 4.0).expect("corner");
        let expected = builder.cursor;
        let resumed = TrackBuilder::resume(builder.build(), Inside::Right, (0.0, 0.0), 0.0);
        assert_eq!(resumed.inside, Inside::Left);
        assert!(close(resumed.cursor.x, expected.x) && close(resumed.cursor.y, expected.y));
        assert!(
            same_heading(resumed.cursor.heading, expected.heading),
            "{:?} vs {expected:?}",
            resumed.cursor
        );
    }

    #[test]
    fn an_empty_lap_starts_where_asked() {
        let track = samples::oval().expect("oval");
        let mut empty = track.clone();
        empty.sectors.clear();
        let resumed = TrackBuilder::resume(empty, Inside::Left, (5.0, 6.0), 30.0);
        assert_eq!(
            (resumed.cursor.x, resumed.cursor.y, resumed.cursor.heading),
            (5.0, 6.0, 30.0)
        );
    }
}
