//! Where things are drawn, in track units: the shared geometry of the PNG renderer and the
//! studio canvas, so both show the same track.

use crate::content::race_deck::LaneSide;
use crate::content::track::{Space, Track};

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

/// The unit vector of a heading (degrees clockwise from east, y down).
#[must_use]
pub fn direction(heading: f32) -> (f32, f32) {
    let radians = heading.to_radians();
    (radians.cos(), radians.sin())
}

/// The squares of the chequered finish line along the trailing edge of sector 0, each with
/// whether it is a light square.
#[must_use]
pub fn finish_squares(track: &Track) -> Vec<([(f32, f32); 4], bool)> {
    let Some(first) = track.sectors.first() else {
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
