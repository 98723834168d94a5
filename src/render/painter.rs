//! Where a card is drawn: a PDF page (krilla) or a picture (tiny-skia), behind one trait, so
//! that a printed card and a Tabletop Simulator card are laid out by the same code, in
//! millimetres, with the same lettering.

use image::RgbaImage;
use krilla::text::Font;
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

use super::pdf_draw::{PT_PER_MM, Surface, colour_fill, coloured_text, polygon};
use super::text::TextPainter;

/// Something cards are drawn on, in millimetres from its top left.
pub(super) trait Painter {
    /// A closed polygon, filled and outlined as asked (the outline `width` mm).
    fn polygon(
        &mut self,
        points: &[(f32, f32)],
        fill: Option<[u8; 3]>,
        line: Option<([u8; 3], f32)>,
    );

    /// `text` from (x, y), its baseline, at `size` points.
    fn text(&mut self, text: &str, at: (f32, f32), size: f32, colour: [u8; 3]);
}

/// A PDF page.
pub(super) struct PdfPainter<'s, 'p> {
    /// The page's surface.
    pub(super) surface: &'s mut Surface<'p>,
    /// The lettering.
    pub(super) font: &'s Font,
}

fn pt((x, y): (f32, f32)) -> (f32, f32) {
    (x * PT_PER_MM, y * PT_PER_MM)
}

impl Painter for PdfPainter<'_, '_> {
    fn polygon(
        &mut self,
        points: &[(f32, f32)],
        fill: Option<[u8; 3]>,
        line: Option<([u8; 3], f32)>,
    ) {
        let points: Vec<(f32, f32)> = points.iter().map(|&p| pt(p)).collect();
        let line = line.map(|([r, g, b], width)| krilla::paint::Stroke {
            paint: krilla::color::rgb::Color::new(r, g, b).into(),
            width: width * PT_PER_MM,
            ..krilla::paint::Stroke::default()
        });
        polygon(self.surface, &points, fill.map(colour_fill), line);
    }

    fn text(&mut self, text: &str, at: (f32, f32), size: f32, colour: [u8; 3]) {
        coloured_text(self.surface, self.font, text, pt(at), size, colour);
    }
}

/// A picture, `px_per_mm` pixels a millimetre. Text is set after the shapes (cards never draw
/// a shape over text), when the picture is taken.
pub(super) struct RasterPainter {
    pixmap: Pixmap,
    px_per_mm: f32,
    texts: Vec<SetText>,
}

/// A line of text waiting for the shapes to be drawn.
struct SetText {
    text: String,
    at: (f32, f32),
    size: f32,
    colour: [u8; 3],
}

impl RasterPainter {
    /// A white picture `width` x `height` pixels; `None` for one of no size.
    pub(super) fn new(width: u32, height: u32, px_per_mm: f32) -> Option<Self> {
        let mut pixmap = Pixmap::new(width, height)?;
        pixmap.fill(tiny_skia::Color::WHITE);
        Some(Self {
            pixmap,
            px_per_mm,
            texts: Vec::new(),
        })
    }

    /// The picture, its text set.
    pub(super) fn finish(self) -> Option<RgbaImage> {
        let (width, height) = (self.pixmap.width(), self.pixmap.height());
        let mut image = RgbaImage::from_raw(width, height, self.pixmap.data().to_vec())?;
        let letters = TextPainter::new()?;
        for set in &self.texts {
            let em = set.size / PT_PER_MM * self.px_per_mm;
            let (x, y) = (set.at.0 * self.px_per_mm, set.at.1 * self.px_per_mm);
            letters.draw_em(&mut image, &set.text, x, y, em, set.colour);
        }
        Some(image)
    }
}

fn paint([r, g, b]: [u8; 3]) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(r, g, b, 255);
    paint.anti_alias = true;
    paint
}

impl Painter for RasterPainter {
    fn polygon(
        &mut self,
        points: &[(f32, f32)],
        fill: Option<[u8; 3]>,
        line: Option<([u8; 3], f32)>,
    ) {
        let mut builder = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            let (x, y) = (x * self.px_per_mm, y * self.px_per_mm);
            if i == 0 {
                builder.move_to(x, y);
            } else {
                builder.line_to(x, y);
            }
        }
        builder.close();
        let Some(path) = builder.finish() else {
            return;
        };
        if let Some(colour) = fill {
            self.pixmap.fill_path(
                &path,
                &paint(colour),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        if let Some((colour, width)) = line {
            let stroke = Stroke {
                width: (width * self.px_per_mm).max(1.0),
                ..Stroke::default()
            };
            self.pixmap
                .stroke_path(&path, &paint(colour), &stroke, Transform::identity(), None);
        }
    }

    fn text(&mut self, text: &str, at: (f32, f32), size: f32, colour: [u8; 3]) {
        self.texts.push(SetText {
            text: text.to_owned(),
            at,
            size,
            colour,
        });
    }
}
