//! Where things are drawn, in track units: the shared geometry of the PNG renderer and the
//! studio canvas, so both show the same track.

use crate::content::race_deck::LaneSide;
use crate::content::track::{Sector, Space, SpaceRef, Track};

/// The four corners of a space's rectangle, shrunk by `inset` track units on every side, in
/// order around it (back-left, front-left, front-right, back-right as seen travelling).
#[must_use]
pub fn space_corners(track: &Track, space: &Space, inset: f32) -> [(f32, f32); 4] {
    let (dx, dy) = direction(space.heading);
    let (nx, ny) = (-dy, dx);
    let size = space.size.unwrap_or(track.space_size);
    let half_length = size.length / 2.0 - inset;
    let half_width = size.width / 2.0 - inset;
    let corner = |along: f32, across: f32| {
        (
            space.x + dx * along * half_length + nx * across * half_width,
            space.y + dy * along * half_length + ny * across * half_width,
        )
    };
    [
        corner(-1.0, -1.0),
        corner(1.0, -1.0),
        corner(1.0, 1.0),
        corner(-1.0, 1.0),
    ]
}

/// What a hazard spot dealt only at some player counts says beside it (`4,5p`); `None` for a
/// spot dealt at every count.
#[must_use]
pub fn hazard_players_label(space: &crate::content::track::Space) -> Option<String> {
    (!space.hazard_players.is_empty()).then(|| {
        let counts: Vec<String> = space
            .hazard_players
            .iter()
            .map(ToString::to_string)
            .collect();
        format!("{}p", counts.join(","))
    })
}

/// A point beside the road at `sector`, a lane's width in from its inside lane, where no car
/// stands (the chute is on the outside of the standard start): where a tile's name is written,
/// in the studio's race and its course editor alike. `None` for a sector of one lane.
#[must_use]
pub fn beside_road(sector: &Sector) -> Option<(f32, f32)> {
    let (inside, next) = (sector.spaces.first()?, sector.spaces.get(1)?);
    Some((2.0 * inside.x - next.x, 2.0 * inside.y - next.y))
}

/// The warning triangle that marks a hazard spot (Thunder Road's hazard symbol): a triangle
/// inside the space standing upright on the page whatever the space's heading, drawn by the
/// canvas, the PNG and the PDF alike. It once pointed the way of travel, and on a bend or a
/// straight going down the page it read as an arrow: a warning sign is not a direction.
#[must_use]
pub fn hazard_mark(track: &Track, space: &Space) -> [(f32, f32); 3] {
    let size = space.size.unwrap_or(track.space_size);
    let r = size.length.min(size.width) * 0.3;
    // y grows down the page: the apex is above the centre, the base below it.
    let at = |across: f32, down: f32| (space.x + across * r, space.y + down * r);
    [at(0.0, -1.0), at(-0.85, 0.7), at(0.85, 0.7)]
}

/// The unit vector of a heading (degrees clockwise from east, y down).
#[must_use]
pub fn direction(heading: f32) -> (f32, f32) {
    let radians = heading.to_radians();
    (radians.cos(), radians.sin())
}

/// The squares of the chequered finish line along the trailing edge of sector 0 (of the
/// run-off, the last sector, on a point-to-point track), each with whether it is a light
/// square.
#[must_use]
pub fn finish_squares(track: &Track) -> Vec<([(f32, f32); 4], bool)> {
    let line = if track.point_to_point() {
        track.sectors.last()
    } else {
        track.sectors.first()
    };
    let Some(first) = line else {
        return Vec::new();
    };
    let squares = 4;
    let size = track.space_size.width / squares as f32;
    let mut out = Vec::new();
    for space in &first.spaces {
        let (dx, dy) = direction(space.heading);
        let (nx, ny) = (-dy, dx);
        let length = space.size.unwrap_or(track.space_size).length;
        let edge_x = space.x - dx * length / 2.0;
        let edge_y = space.y - dy * length / 2.0;
        for row in 0..2 {
            for column in 0..squares {
                let across = -track.space_size.width / 2.0 + size * column as f32;
                let along = size * row as f32 - size;
                let corner = |a: f32, c: f32| (edge_x + dx * a + nx * c, edge_y + dy * a + ny * c);
                out.push((
                    [
                        corner(along, across),
                        corner(along + size, across),
                        corner(along + size, across + size),
                        corner(along, across + size),
                    ],
                    (row + column) % 2 == 0,
                ));
            }
        }
    }
    out
}

/// The chute drawn as a space beside the one it enters, on its side.
#[must_use]
pub fn chute_spot(track: &Track) -> Option<Space> {
    let chute = track.chute?;
    spot_beside(track, chute.beside, chute.side)
}

/// Where a spot beside the space `beside`, on `side` of the track, is drawn (the chute; on a
/// rolling road the chute stands beside the rear tile).
#[must_use]
pub fn spot_beside(track: &Track, beside: SpaceRef, side: LaneSide) -> Option<Space> {
    let chute = crate::content::track::Chute { beside, side };
    let space = track.space(chute.beside)?;
    let sector = track
        .section(chute.beside.section)
        .get(chute.beside.sector as usize)?;
    // The inside is where lane 0 lies relative to lane 1; a one-lane sector uses the right.
    let (dx, dy) = direction(space.heading);
    let right = (-dy, dx);
    let inside = match (sector.spaces.first(), sector.spaces.get(1)) {
        (Some(lane0), Some(lane1)) => {
            let (vx, vy) = (lane0.x - lane1.x, lane0.y - lane1.y);
            let length = vx.hypot(vy).max(f32::EPSILON);
            (vx / length, vy / length)
        }
        _ => right,
    };
    let sign = match chute.side {
        LaneSide::Inside => 1.0,
        LaneSide::Outside => -1.0,
    };
    let offset = track.space_size.width * 1.1;
    Some(Space {
        x: space.x + sign * inside.0 * offset,
        y: space.y + sign * inside.1 * offset,
        ..space.clone()
    })
}

/// Whether a point lies inside a convex polygon given in order around it.
#[must_use]
pub fn contains(corners: &[(f32, f32)], point: (f32, f32)) -> bool {
    let mut left = false;
    let mut right = false;
    for (i, a) in corners.iter().enumerate() {
        let b = corners[(i + 1) % corners.len()];
        let cross = (b.0 - a.0) * (point.1 - a.1) - (b.1 - a.1) * (point.0 - a.0);
        left |= cross > 0.0;
        right |= cross < 0.0;
    }
    // Inside a convex polygon the point is on one side of every edge.
    !(left && right)
}

/// The drawn bounds of a track (space centres, half a space out on every side), as
/// (left, top, right, bottom); `None` for a track with no spaces.
#[must_use]
pub fn track_bounds(track: &Track) -> Option<(f32, f32, f32, f32)> {
    let margin = track.space_size.length.max(track.space_size.width) / 2.0;
    track
        .spaces()
        .fold(None, |bounds, (_, space)| {
            let (l, t, r, b) = bounds.unwrap_or((space.x, space.y, space.x, space.y));
            Some((
                l.min(space.x),
                t.min(space.y),
                r.max(space.x),
                b.max(space.y),
            ))
        })
        .map(|(l, t, r, b)| (l - margin, t - margin, r + margin, b + margin))
}

/// A background picture `size` pixels large placed to cover the track's drawn bounds, centred
/// on them, its path and opacity kept: the start for tracing a photo of a board, whose edges
/// lie beyond the track. `None` for a track with no spaces or a picture with no pixels.
#[must_use]
pub fn picture_fitted_to(
    track: &Track,
    size: [usize; 2],
    picture: &crate::content::track::Background,
) -> Option<crate::content::track::Background> {
    let (left, top, right, bottom) = track_bounds(track)?;
    #[allow(clippy::cast_precision_loss)] // Pictures are at most 8192 pixels a side.
    let (width, height) = (size[0] as f32, size[1] as f32);
    if width < 1.0 || height < 1.0 {
        return None;
    }
    let scale = ((right - left) / width).max((bottom - top) / height);
    let (cx, cy) = (f32::midpoint(left, right), f32::midpoint(top, bottom));
    Some(crate::content::track::Background {
        x: cx - width * scale / 2.0,
        y: cy - height * scale / 2.0,
        scale,
        ..picture.clone()
    })
}

/// Where the off-track spot on `side` of `sector` is drawn (track units): a space's width out
/// from its edge lane, away from the sector's other end.
#[must_use]
pub fn off_track_spot(track: &Track, sector: &Sector, side: LaneSide) -> Option<(f32, f32)> {
    let (first, last) = (sector.spaces.first()?, sector.spaces.last()?);
    let outward = |from: &Space, toward: &Space| -> (f32, f32) {
        let (vx, vy) = (from.x - toward.x, from.y - toward.y);
        let length = vx.hypot(vy);
        if length > f32::EPSILON {
            (vx / length, vy / length)
        } else {
            let (dx, dy) = direction(from.heading);
            (dy, -dx)
        }
    };
    let width = track.space_size.width;
    let (edge, other) = match side {
        LaneSide::Inside => (first, last),
        LaneSide::Outside => (last, first),
    };
    let (ux, uy) = outward(edge, other);
    Some((edge.x + ux * width, edge.y + uy * width))
}

/// Where a spot a scenario or mission places a car is drawn, in track units: a space's
/// centre, the chute's, or the off-track spot beside a sector ([`off_track_spot`]).
#[must_use]
pub fn spot_point(track: &Track, spot: crate::content::scenario::Spot) -> Option<(f32, f32)> {
    use crate::content::scenario::Spot;
    match spot {
        Spot::Space(at) => track.space(at).map(|s| (s.x, s.y)),
        Spot::OffTrack { beside, side } => {
            let sector = track
                .section(beside.section)
                .get(usize::try_from(beside.sector).ok()?)?;
            off_track_spot(track, sector, side)
        }
        Spot::Chute => chute_spot(track).map(|s| (s.x, s.y)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::track::Background;

    #[test]
    fn a_hazard_mark_stands_upright_whatever_the_road_heading() {
        let oval: Track = ron::from_str(include_str!("../../tracks/oval.ron")).expect("oval");
        let space = &oval.sectors[0].spaces[0];
        let shape = |space: &Space, track: &Track| {
            hazard_mark(track, space).map(|(x, y)| (x - space.x, y - space.y))
        };
        let mut turned = space.clone();
        turned.heading = 90.0;
        let upright = shape(space, &oval);
        assert_eq!(upright, shape(&turned, &oval), "the heading turns nothing");
        // The apex is the highest point on the page (y grows down), the base level below it.
        assert!(upright[0].1 < upright[1].1);
        assert!((upright[1].1 - upright[2].1).abs() < f32::EPSILON);
        assert!(
            upright[0].0.abs() < f32::EPSILON,
            "the apex over the centre"
        );
    }

    /// The fitted picture covers the track's bounds, touching them on one axis, centred.
    #[test]
    fn a_fitted_picture_covers_the_track_centred() {
        let oval: Track = ron::from_str(include_str!("../../tracks/oval.ron")).expect("oval");
        let (left, top, right, bottom) = track_bounds(&oval).expect("bounds");
        let picture = Background {
            path: "board.png".into(),
            x: 5.0,
            y: 5.0,
            scale: 1.0,
            opacity: 0.4,
        };
        let fitted = picture_fitted_to(&oval, [400, 100], &picture).expect("fitted");
        let (x1, y1) = (
            fitted.x + 400.0 * fitted.scale,
            fitted.y + 100.0 * fitted.scale,
        );
        let near = |a: f32, b: f32| (a - b).abs() < 1e-3;
        assert!(fitted.x <= left + 1e-3 && fitted.y <= top + 1e-3);
        assert!(x1 >= right - 1e-3 && y1 >= bottom - 1e-3);
        assert!(near(fitted.x - left, right - x1) || near(x1 - right, left - fitted.x));
        assert!(near(fitted.y - top, bottom - y1));
        assert!(
            near(fitted.x, left) || near(fitted.y, top),
            "touches on one axis"
        );
        assert_eq!((fitted.path.as_str(), fitted.opacity), ("board.png", 0.4));
        assert_eq!(picture_fitted_to(&oval, [0, 10], &picture), None);
    }
}
