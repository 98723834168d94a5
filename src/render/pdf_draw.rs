//! Drawing on a PDF page with krilla, in points, for the printed track and card sheets: the
//! studio's font, grey and coloured fills and lines, polygons, circles, and text placed,
//! measured and wrapped.

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point};
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, FillRule, Stroke, StrokeDash};
use krilla::text::{Font, TextDirection};

use super::print_error::PrintError;

/// Points (the PDF's unit) per millimetre.
pub(super) const PT_PER_MM: f32 = 72.0 / 25.4;

/// The lettering: the studio's font.
pub(super) fn font() -> Result<Font, PrintError> {
    Font::new(epaint_default_fonts::UBUNTU_LIGHT.into(), 0)
        .ok_or_else(|| PrintError::Pdf("the bundled font could not be read".to_owned()))
}

/// A page's drawing surface.
pub(super) type Surface<'a> = krilla::surface::Surface<'a>;

/// A grey paint, 0 black to 255 white.
pub(super) fn grey(level: u8) -> krilla::paint::Paint {
    rgb::Color::new(level, level, level).into()
}

/// A solid grey fill.
pub(super) fn fill(level: u8) -> Fill {
    colour_fill([level; 3])
}

/// A grey line `width_mm` wide, dashed or not.
pub(super) fn stroke(level: u8, width_mm: f32, dashed: bool) -> Stroke {
    Stroke {
        paint: grey(level),
        width: width_mm * PT_PER_MM,
        dash: dashed.then(|| StrokeDash {
            array: vec![1.5 * PT_PER_MM, 1.0 * PT_PER_MM],
            offset: 0.0,
        }),
        ..Stroke::default()
    }
}

/// Draws the closed polygon `points` (in points) with the fill and stroke given.
pub(super) fn polygon(
    surface: &mut Surface<'_>,
    points: &[(f32, f32)],
    fill: Option<Fill>,
    line: Option<Stroke>,
) {
    if let Some(path) = polygon_path(points) {
        surface.set_fill(fill);
        surface.set_stroke(line);
        surface.draw_path(&path);
    }
}

/// A path through `points`, from the first.
fn path_through(points: &[(f32, f32)]) -> PathBuilder {
    let mut builder = PathBuilder::new();
    for (i, &(x, y)) in points.iter().enumerate() {
        if i == 0 {
            builder.move_to(x, y);
        } else {
            builder.line_to(x, y);
        }
    }
    builder
}

/// Draws the open line through `points` (in points).
pub(super) fn polyline(surface: &mut Surface<'_>, points: &[(f32, f32)], line: Stroke) {
    if let Some(path) = path_through(points).finish() {
        surface.set_fill(None);
        surface.set_stroke(Some(line));
        surface.draw_path(&path);
    }
}

/// Writes `text` centred on (x, y), in points, `size` points high.
pub(super) fn centred_text(
    surface: &mut Surface<'_>,
    font: &Font,
    text: &str,
    (x, y): (f32, f32),
    size: f32,
) {
    let left = x - text_width(text, size) / 2.0;
    text_at(surface, font, text, (left, y + size * 0.35), size);
}

/// Writes `text` from (x, y) (its baseline), in points, in black.
pub(super) fn text_at(
    surface: &mut Surface<'_>,
    font: &Font,
    text: &str,
    at: (f32, f32),
    size: f32,
) {
    coloured_text(surface, font, text, at, size, [0, 0, 0]);
}

/// The advance of `text` at `size` points, from the font's metrics (the glyphs the studio's
/// lettering uses are all in it).
pub(super) fn text_width(text: &str, size: f32) -> f32 {
    use ab_glyph::Font as _;
    ab_glyph::FontRef::try_from_slice(epaint_default_fonts::UBUNTU_LIGHT).map_or(
        size * 0.5 * text.chars().count() as f32,
        |face| {
            // Advances in font units over the em: a PDF font size is the em.
            let per_unit = face.units_per_em().map_or(0.0, |units| size / units);
            text.chars()
                .map(|c| face.h_advance_unscaled(face.glyph_id(c)) * per_unit)
                .sum()
        },
    )
}

/// The characters of `texts` that the bundled font has no glyph for: they print as empty boxes
/// (Hebrew, Arabic and emoji among them), so `print` names them rather than pass them over.
#[must_use]
pub fn missing_glyphs<'a>(texts: impl IntoIterator<Item = &'a str>) -> Vec<char> {
    use ab_glyph::Font as _;
    let Ok(face) = ab_glyph::FontRef::try_from_slice(epaint_default_fonts::UBUNTU_LIGHT) else {
        return Vec::new();
    };
    let mut missing: Vec<char> = texts
        .into_iter()
        .flat_map(str::chars)
        .filter(|c| !c.is_whitespace() && !c.is_control() && face.glyph_id(*c).0 == 0)
        .collect();
    missing.sort_unstable();
    missing.dedup();
    missing
}

/// The closed path through `points`.
pub(super) fn polygon_path(points: &[(f32, f32)]) -> Option<krilla::geom::Path> {
    let mut builder = path_through(points);
    builder.close();
    builder.finish()
}

/// A circle of radius `r` around `centre`, as a polygon of 24 sides.
#[allow(clippy::cast_precision_loss)] // 24 sides.
pub(super) fn circle(surface: &mut Surface<'_>, (x, y): (f32, f32), r: f32, line: Stroke) {
    let points: Vec<(f32, f32)> = (0..24)
        .map(|i| {
            let a = i as f32 / 24.0 * std::f32::consts::TAU;
            (x + r * a.cos(), y + r * a.sin())
        })
        .collect();
    polygon(surface, &points, None, Some(line));
}

/// A solid fill of an RGB colour.
pub(super) fn colour_fill([r, g, b]: [u8; 3]) -> Fill {
    Fill {
        paint: rgb::Color::new(r, g, b).into(),
        opacity: NormalizedF32::ONE,
        rule: FillRule::NonZero,
    }
}

/// `text` broken into lines no wider than `width` points at `size` points, at spaces (a word
/// wider than the line is cut where it must be).
pub(super) fn wrap(text: &str, width: f32, size: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if text_width(&candidate, size) <= width || line.is_empty() {
                line = candidate;
            } else {
                lines.push(std::mem::take(&mut line));
                word.clone_into(&mut line);
            }
            // A single word too wide for the line is cut, letter by letter.
            while text_width(&line, size) > width && line.chars().count() > 1 {
                let mut head = String::new();
                for c in line.chars() {
                    let next = format!("{head}{c}");
                    if text_width(&next, size) > width && !head.is_empty() {
                        break;
                    }
                    head = next;
                }
                let rest = line[head.len()..].to_owned();
                lines.push(head);
                line = rest;
            }
        }
        lines.push(line);
    }
    lines
}

/// Writes `text` from (x, y) (its baseline), in points, filled with `colour` and not outlined
/// (a stroke left set by a shape would outline the glyphs).
pub(super) fn coloured_text(
    surface: &mut Surface<'_>,
    font: &Font,
    text: &str,
    (x, y): (f32, f32),
    size: f32,
    colour: [u8; 3],
) {
    surface.set_fill(Some(colour_fill(colour)));
    surface.set_stroke(None);
    surface.draw_text(
        Point::from_xy(x, y),
        font.clone(),
        size,
        text,
        false,
        TextDirection::Auto,
    );
}
