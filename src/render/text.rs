//! Drawing text into an image with the studio's font.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use image::{Rgba, RgbaImage};

/// The font, loaded once per picture.
pub struct TextPainter {
    font: FontRef<'static>,
}

impl TextPainter {
    /// Loads the studio's font; `None` only if the bundled font were corrupt.
    pub fn new() -> Option<Self> {
        FontRef::try_from_slice(epaint_default_fonts::UBUNTU_LIGHT)
            .ok()
            .map(|font| Self { font })
    }

    /// The width of `text` at `size` pixels.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let scaled = self.font.as_scaled(PxScale::from(size));
        text.chars()
            .map(|c| scaled.h_advance(self.font.glyph_id(c)))
            .sum()
    }

    /// Draws `text` centred on (`x`, `y`).
    pub fn centred(
        &self,
        image: &mut RgbaImage,
        text: &str,
        x: f32,
        y: f32,
        size: f32,
        colour: [u8; 3],
    ) {
        let scaled = self.font.as_scaled(PxScale::from(size));
        let left = x - self.width(text, size) / 2.0;
        let baseline = y + f32::midpoint(scaled.ascent(), scaled.descent());
        self.draw(image, text, left, baseline, size, colour);
    }

    /// Draws `text` with its baseline starting at (`x`, `y`), `em` pixels to the em (as a
    /// PDF sets a font size), not to the line.
    pub fn draw_em(
        &self,
        image: &mut RgbaImage,
        text: &str,
        x: f32,
        y: f32,
        em: f32,
        colour: [u8; 3],
    ) {
        let line = self
            .font
            .units_per_em()
            .map_or(em, |units| em * self.font.height_unscaled() / units);
        self.draw(image, text, x, y, line, colour);
    }

    /// Draws `text` with its baseline starting at (`x`, `y`).
    pub fn draw(
        &self,
        image: &mut RgbaImage,
        text: &str,
        x: f32,
        y: f32,
        size: f32,
        colour: [u8; 3],
    ) {
        let scale = PxScale::from(size);
        let scaled = self.font.as_scaled(scale);
        let mut caret = x;
        for c in text.chars() {
            let glyph = self
                .font
                .glyph_id(c)
                .with_scale_and_position(scale, point(caret, y));
            caret += scaled.h_advance(glyph.id);
            let Some(outlined) = self.font.outline_glyph(glyph) else {
                continue;
            };
            let bounds = outlined.px_bounds();
            outlined.draw(|gx, gy, coverage| {
                let px = bounds.min.x as i64 + i64::from(gx);
                let py = bounds.min.y as i64 + i64::from(gy);
                let (Ok(px), Ok(py)) = (u32::try_from(px), u32::try_from(py)) else {
                    return;
                };
                if px >= image.width() || py >= image.height() {
                    return;
                }
                let pixel = image.get_pixel_mut(px, py);
                let alpha = coverage.clamp(0.0, 1.0);
                for channel in 0..3 {
                    let under = f32::from(pixel[channel]);
                    let over = f32::from(colour[channel]);
                    pixel[channel] = (under + (over - under) * alpha).round() as u8;
                }
                *pixel = Rgba([pixel[0], pixel[1], pixel[2], 255]);
            });
        }
    }
}
