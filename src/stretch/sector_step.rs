//! The rigid motion that carries a sector onto the place just after it: a straight sector's
//! step is a shift of its length, a corner sector's a turn about the corner's centre. Inserting
//! a sector lays a copy this way and moves everything after it by the same motion, so the copy
//! is drawn in its own place and what follows keeps its shape.

use super::Cursor;
use super::resume::{leading_edge, trailing_edge};
use crate::content::track::{Sector, Space, SpaceSize};

/// From a sector's trailing edge to its leading edge, as a motion of the plane.
#[derive(Clone, Copy, Debug)]
pub struct SectorStep {
    from: Cursor,
    to: Cursor,
}

impl SectorStep {
    /// The step of `sector` (`size` is the track's space size, for spaces without their own);
    /// `None` for a sector with no spaces.
    #[must_use]
    pub fn of(size: SpaceSize, sector: &Sector) -> Option<Self> {
        Some(Self {
            from: trailing_edge(size, sector)?,
            to: leading_edge(size, sector)?,
        })
    }

    /// Moves a space by the step: turned about the trailing edge by the sector's turn, then
    /// carried onto the leading edge.
    pub fn move_space(&self, space: &mut Space) {
        let turn = self.to.heading - self.from.heading;
        let (sin, cos) = turn.to_radians().sin_cos();
        let (dx, dy) = (space.x - self.from.x, space.y - self.from.y);
        space.x = super::round(self.to.x + dx * cos - dy * sin);
        space.y = super::round(self.to.y + dx * sin + dy * cos);
        space.heading = super::round(space.heading + turn).rem_euclid(360.0);
    }
}
