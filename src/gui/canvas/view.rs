//! The canvas's camera: which track point is at the middle of the canvas, and how many pixels
//! a track unit takes.

use egui::{Pos2, Rect, Vec2, pos2};

/// The camera.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct View {
    /// The track point shown at the canvas's centre.
    pub centre: Pos2,
    /// Pixels per track unit.
    pub zoom: f32,
}

impl Default for View {
    fn default() -> Self {
        Self {
            centre: Pos2::ZERO,
            zoom: 24.0,
        }
    }
}

impl View {
    /// The closest and farthest the camera goes, in pixels per track unit.
    pub const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 0.5..=400.0;

    /// A track point on screen, in a canvas occupying `rect`.
    #[must_use]
    pub fn to_screen(&self, rect: Rect, (x, y): (f32, f32)) -> Pos2 {
        rect.center() + (pos2(x, y) - self.centre) * self.zoom
    }

    /// A screen point on the track.
    #[must_use]
    pub fn to_track(&self, rect: Rect, point: Pos2) -> (f32, f32) {
        let at = self.centre + (point - rect.center()) / self.zoom;
        (at.x, at.y)
    }

    /// Zooms by `factor`, keeping the track point under `anchor` (a screen point) still.
    pub fn zoom_about(&mut self, rect: Rect, anchor: Pos2, factor: f32) {
        let before = self.to_track(rect, anchor);
        self.zoom = (self.zoom * factor).clamp(*Self::ZOOM_RANGE.start(), *Self::ZOOM_RANGE.end());
        let after = self.to_track(rect, anchor);
        self.centre += Vec2::new(before.0 - after.0, before.1 - after.1);
    }

    /// Shows the track rectangle `bounds` whole, with a margin, in a canvas of `rect`.
    pub fn fit(&mut self, rect: Rect, bounds: Rect) {
        let size = bounds.size().max(Vec2::splat(1.0)) * 1.1;
        self.centre = bounds.center();
        self.zoom = (rect.width() / size.x)
            .min(rect.height() / size.y)
            .clamp(*Self::ZOOM_RANGE.start(), *Self::ZOOM_RANGE.end());
    }
}
