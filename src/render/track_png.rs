//! The track picture.

use std::path::Path;

use image::{ImageEncoder, RgbaImage};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

use super::geometry::{self, space_corners};
use super::legend::Legend;
use super::palette;
use super::text::TextPainter;
use crate::content::save::{SaveError, write_atomic_without_backup};
use crate::content::track::{Space, SpaceRef, Track};

/// The narrowest and widest pictures `render` makes, in pixels.
pub const WIDTH_RANGE: std::ops::RangeInclusive<u32> = 200..=8192;
/// Space around the track, in pixels.
const MARGIN: f32 = 24.0;
/// Height of the title band, in pixels.
const TITLE: f32 = 36.0;

/// Why a picture could not be made or saved.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// Nothing to draw.
    #[error("the track has no spaces to draw")]
    Empty,
    /// A width outside [`WIDTH_RANGE`], or a track so tall the picture would be huge.
    #[error(
        "a picture {width}×{height} pixels is outside what render makes (width 200-8192, height up to 16384)"
    )]
    Size {
        /// Requested width.
        width: u32,
        /// Resulting height.
        height: u32,
    },
    /// The bundled font could not be read.
    #[error("the bundled font could not be read")]
    Font,
    /// PNG encoding failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(#[from] image::ImageError),
    /// The file could not be written.
    #[error(transparent)]
    Save(#[from] SaveError),
}

/// Maps track units to pixels.
struct View {
    scale: f32,
    min_x: f32,
    min_y: f32,
}

impl View {
    fn point(&self, x: f32, y: f32) -> (f32, f32) {
        (
            MARGIN + (x - self.min_x) * self.scale,
            MARGIN + TITLE + (y - self.min_y) * self.scale,
        )
    }
}

/// Draws a track `width` pixels wide, spaces coloured by their kind of ground.
pub fn render_track(track: &Track, legend: &Legend, width: u32) -> Result<RgbaImage, RenderError> {
    render(track, width, Fill::Ground(legend))
}

/// What colours the spaces.
#[derive(Clone, Copy)]
enum Fill<'a> {
    /// Their kinds of ground.
    Ground(&'a Legend),
    /// A metric.
    Heat(&'a Heat),
}

/// The width in pixels at which [`render_track`] draws a space `px_per_space` pixels long: the
/// track's extent in spaces (as the picture frames it) at that scale, with the margins.
#[must_use]
pub fn width_for_space(track: &Track, px_per_space: u32) -> Option<u32> {
    let reach = track.space_size.length.max(track.space_size.width) * 1.5;
    let (min_x, max_x) = track
        .spaces()
        .fold(None, |range: Option<(f32, f32)>, (_, space)| {
            let (lo, hi) = range.unwrap_or((space.x, space.x));
            Some((lo.min(space.x), hi.max(space.x)))
        })?;
    let spaces = (max_x - min_x + 2.0 * reach) / track.space_size.length.max(f32::EPSILON);
    let width = spaces * px_per_space as f32 + 2.0 * MARGIN;
    (width.is_finite() && width < u32::MAX as f32).then(|| width.round() as u32)
}

/// Draws a track `width` pixels wide with every space coloured by a metric (a heat map): the
/// perceptual viridis scale from 0 to the largest value, spaces without a value in grey, and a
/// legend naming the metric and the scale's ends.
pub fn render_heat(track: &Track, width: u32, heat: &Heat) -> Result<RgbaImage, RenderError> {
    render(track, width, Fill::Heat(heat))
}

/// A metric per space, for [`render_heat`].
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Heat {
    /// The metric's name, shown in the legend.
    pub metric: String,
    /// Its value per space.
    pub values: std::collections::BTreeMap<SpaceRef, f64>,
}

impl Heat {
    fn max(&self) -> f64 {
        self.values.values().copied().fold(0.0, f64::max)
    }

    /// A space's colour: viridis by its share of `max`, the largest value (worked out once
    /// per picture: once per space made a large results file quadratic); grey without a value.
    fn colour(&self, at: SpaceRef, max: f64) -> [u8; 4] {
        match self.values.get(&at) {
            Some(v) if max > 0.0 && *v > 0.0 => viridis(v / max),
            _ => palette::HEAT_NONE,
        }
    }
}

/// The viridis scale (perceptually uniform, readable in grey and by colour-blind readers) at
/// `t` in 0-1 (a number that is not finite is 0), as the `colorous` crate tabulates it.
#[must_use]
pub fn viridis(t: f64) -> [u8; 4] {
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let colorous::Color { r, g, b } = colorous::VIRIDIS.eval_continuous(t);
    [r, g, b, 255]
}

fn render(track: &Track, width: u32, fill: Fill<'_>) -> Result<RgbaImage, RenderError> {
    let spaces: Vec<(SpaceRef, &Space)> = track.spaces().collect();
    if spaces.is_empty() {
        return Err(RenderError::Empty);
    }
    let reach = track.space_size.length.max(track.space_size.width) * 1.5;
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for (_, space) in &spaces {
        min_x = min_x.min(space.x - reach);
        min_y = min_y.min(space.y - reach);
        max_x = max_x.max(space.x + reach);
        max_y = max_y.max(space.y + reach);
    }
    let scale = (width as f32 - 2.0 * MARGIN) / (max_x - min_x).max(f32::EPSILON);
    let height = ((max_y - min_y) * scale + 2.0 * MARGIN + TITLE).ceil();
    let height_px = if height.is_finite() && height <= 16384.0 {
        height as u32
    } else {
        u32::MAX
    };
    if !WIDTH_RANGE.contains(&width) || height_px > 16384 {
        return Err(RenderError::Size {
            width,
            height: height_px,
        });
    }
    let view = View {
        scale,
        min_x,
        min_y,
    };
    let mut pixmap = Pixmap::new(width, height_px).ok_or(RenderError::Size {
        width,
        height: height_px,
    })?;
    pixmap.fill(to_colour(palette::GROUND));

    draw_spaces(&mut pixmap, &view, track, &spaces, fill);
    draw_finish_line(&mut pixmap, &view, track);
    for slot in &track.grid {
        if let Some(space) = track.space(slot.space) {
            let inner = space_corners(track, space, 0.1);
            stroke_polygon(&mut pixmap, &view, &inner, palette::GRID, 0.05 * scale);
        }
    }
    let chute_centre = draw_chute(&mut pixmap, &view, track);

    let mut image =
        RgbaImage::from_raw(width, height_px, pixmap.data().to_vec()).ok_or(RenderError::Size {
            width,
            height: height_px,
        })?;
    draw_labels(&mut image, &view, track, spaces.len(), chute_centre)?;
    if let Fill::Heat(heat) = fill {
        draw_legend(&mut image, heat)?;
    }
    Ok(image)
}

/// The heat map's legend: the metric's name, a gradient bar and the values at its ends.
fn draw_legend(image: &mut RgbaImage, heat: &Heat) -> Result<(), RenderError> {
    let painter = TextPainter::new().ok_or(RenderError::Font)?;
    let (bar_w, bar_h) = (220u32, 14u32);
    let x0 = image.width().saturating_sub(bar_w + MARGIN as u32);
    let y0 = (MARGIN + 30.0) as u32;
    for dx in 0..bar_w {
        let colour = viridis(f64::from(dx) / f64::from(bar_w - 1));
        for dy in 0..bar_h {
            if let Some(pixel) = image.get_pixel_mut_checked(x0 + dx, y0 + dy) {
                *pixel = image::Rgba(colour);
            }
        }
    }
    let text = [235, 235, 235];
    let label_y = (y0 + bar_h) as f32 + 16.0;
    painter.draw(image, &heat.metric, x0 as f32, y0 as f32 - 6.0, 16.0, text);
    painter.draw(image, "0", x0 as f32, label_y, 14.0, text);
    let max = format!("{}", (heat.max() * 100.0).round() / 100.0);
    let right = (x0 + bar_w) as f32 - painter.width(&max, 14.0);
    painter.draw(image, &max, right, label_y, 14.0, text);
    Ok(())
}

/// Fills every space by terrain, outlines it, marks the crossover, and draws forward links.
fn draw_spaces(
    pixmap: &mut Pixmap,
    view: &View,
    track: &Track,
    spaces: &[(SpaceRef, &Space)],
    fill: Fill<'_>,
) {
    let scale = view.scale;
    let crossover: Vec<SpaceRef> = track
        .crossover
        .iter()
        .flat_map(|pair| [pair.0, pair.1])
        .collect();
    let max = match fill {
        Fill::Heat(heat) => heat.max(),
        Fill::Ground(_) => 0.0,
    };
    for (at, space) in spaces {
        let colour = match fill {
            Fill::Heat(heat) => heat.colour(*at, max),
            Fill::Ground(legend) => legend.colour(&space.terrain),
        };
        let corners = space_corners(track, space, 0.0);
        fill_polygon(pixmap, view, &corners, colour);
        stroke_polygon(pixmap, view, &corners, palette::OUTLINE, 0.05 * scale);
        if crossover.contains(at) {
            let inner = space_corners(track, space, 0.12);
            stroke_polygon(pixmap, view, &inner, palette::CROSSOVER, 0.08 * scale);
        }
        if space.hazard {
            let mark = crate::render::geometry::hazard_mark(track, space);
            stroke_polygon(pixmap, view, &mark, palette::HAZARD, 0.07 * scale);
        }
    }
    for (_, space) in spaces {
        for target in &space.next {
            if let Some(to) = track.space(*target) {
                line(
                    pixmap,
                    view,
                    (space.x, space.y),
                    (to.x, to.y),
                    palette::LINK,
                    0.06 * scale,
                );
            }
        }
    }
}

/// Grid numbers, the chute's letter and the title.
fn draw_labels(
    image: &mut RgbaImage,
    view: &View,
    track: &Track,
    space_count: usize,
    chute_centre: Option<(f32, f32)>,
) -> Result<(), RenderError> {
    let scale = view.scale;
    let painter = TextPainter::new().ok_or(RenderError::Font)?;
    let number_size =
        (track.space_size.width.min(track.space_size.length) * scale * 0.45).clamp(6.0, 40.0);
    if number_size >= 7.0 {
        for slot in &track.grid {
            if let Some(space) = track.space(slot.space) {
                let (x, y) = view.point(space.x, space.y);
                painter.centred(
                    image,
                    &slot.position.to_string(),
                    x,
                    y,
                    number_size,
                    [255, 255, 255],
                );
            }
        }
    }
    if let Some((x, y)) = chute_centre {
        painter.centred(image, "C", x, y, number_size.max(8.0), [20, 20, 20]);
    }
    // A hazard spot dealt only at some player counts says them, below its middle, as the
    // studio and the printed track do.
    let [red, green, blue, _] = palette::HAZARD;
    for (_, space) in track.spaces() {
        if let Some(label) = crate::render::geometry::hazard_players_label(space) {
            let (x, y) = view.point(space.x, space.y);
            painter.centred(
                image,
                &label,
                x,
                y + 0.3 * scale,
                (0.25 * scale).clamp(7.0, 18.0),
                [red, green, blue],
            );
        }
    }
    let title = picture_title(track, space_count);
    painter.draw(image, &title, MARGIN, MARGIN + 16.0, 20.0, [235, 235, 235]);
    Ok(())
}

/// The line above a track's picture: its name, its size and its style as people write it.
fn picture_title(track: &Track, spaces: usize) -> String {
    format!(
        "{}  ·  {} sectors, {} spaces  ·  {}",
        track.name,
        track.sectors.len(),
        spaces,
        track.style.name()
    )
}

/// Writes a picture as PNG, atomically.
pub fn save_png(image: &RgbaImage, path: &Path) -> Result<(), RenderError> {
    let mut bytes = Vec::new();
    image::codecs::png::PngEncoder::new(&mut bytes).write_image(
        image.as_raw(),
        image.width(),
        image.height(),
        image::ExtendedColorType::Rgba8,
    )?;
    // A picture is an output, not a document: it is replaced atomically without a `.bak`.
    write_atomic_without_backup(path, &bytes)?;
    Ok(())
}

fn to_colour([red, green, blue, alpha]: [u8; 4]) -> Color {
    Color::from_rgba8(red, green, blue, alpha)
}

fn paint(colour: [u8; 4]) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(to_colour(colour));
    paint.anti_alias = true;
    paint
}

fn polygon_path(view: &View, corners: &[(f32, f32)]) -> Option<tiny_skia::Path> {
    let mut builder = PathBuilder::new();
    for (index, &(x, y)) in corners.iter().enumerate() {
        let (px, py) = view.point(x, y);
        if index == 0 {
            builder.move_to(px, py);
        } else {
            builder.line_to(px, py);
        }
    }
    builder.close();
    builder.finish()
}

fn fill_polygon(pixmap: &mut Pixmap, view: &View, corners: &[(f32, f32)], colour: [u8; 4]) {
    if let Some(path) = polygon_path(view, corners) {
        pixmap.fill_path(
            &path,
            &paint(colour),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

fn stroke_polygon(
    pixmap: &mut Pixmap,
    view: &View,
    corners: &[(f32, f32)],
    colour: [u8; 4],
    width: f32,
) {
    if let Some(path) = polygon_path(view, corners) {
        let stroke = Stroke {
            width: width.max(1.0),
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &paint(colour), &stroke, Transform::identity(), None);
    }
}

fn line(
    pixmap: &mut Pixmap,
    view: &View,
    from: (f32, f32),
    to: (f32, f32),
    colour: [u8; 4],
    width: f32,
) {
    let mut builder = PathBuilder::new();
    let (x0, y0) = view.point(from.0, from.1);
    let (x1, y1) = view.point(to.0, to.1);
    builder.move_to(x0, y0);
    builder.line_to(x1, y1);
    if let Some(path) = builder.finish() {
        let stroke = Stroke {
            width: width.max(1.0),
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &paint(colour), &stroke, Transform::identity(), None);
    }
}

/// A chequered strip along the trailing edge of sector 0: the line cars cross from the last
/// sector.
fn draw_finish_line(pixmap: &mut Pixmap, view: &View, track: &Track) {
    for (square, light) in geometry::finish_squares(track) {
        let colour = if light {
            palette::FINISH_LIGHT
        } else {
            palette::FINISH_DARK
        };
        fill_polygon(pixmap, view, &square, colour);
    }
}

/// Draws the chute beside its space and returns its centre in pixels, for its label.
fn draw_chute(pixmap: &mut Pixmap, view: &View, track: &Track) -> Option<(f32, f32)> {
    let moved = geometry::chute_spot(track)?;
    let corners = space_corners(track, &moved, 0.05);
    fill_polygon(pixmap, view, &corners, palette::CHUTE);
    stroke_polygon(pixmap, view, &corners, palette::OUTLINE, 0.05 * view.scale);
    Some(view.point(moved.x, moved.y))
}

#[cfg(test)]
mod title_tests {
    use super::*;

    /// The heat map and track pictures name the style as people write it, not `ApocalypseRoad`.
    #[test]
    fn the_title_names_the_style_in_words() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tracks/oval.ron");
        let Ok(crate::content::Document::Track(track)) =
            crate::content::Document::load(&path).map(|loaded| loaded.document)
        else {
            panic!("the sample oval");
        };
        let title = picture_title(&track, 148);
        assert!(title.ends_with("·  Apocalypse Road"), "{title}");
    }

    /// A hazard spot dealt only at some player counts is labelled with them on the picture:
    /// the same spot without counts draws no label.
    #[test]
    fn a_spot_dealt_at_some_player_counts_says_them() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tracks/oval.ron");
        let Ok(crate::content::Document::Track(mut track)) =
            crate::content::Document::load(&path).map(|loaded| loaded.document)
        else {
            panic!("the sample oval");
        };
        let space = &mut track.sectors[20].spaces[1];
        space.hazard = true;
        let plain = render_track(&track, &Legend::standard(), 1600).expect("drawn");
        track.sectors[20].spaces[1].hazard_players = vec![4, 5];
        let labelled = render_track(&track, &Legend::standard(), 1600).expect("drawn");
        let changed = plain
            .pixels()
            .zip(labelled.pixels())
            .filter(|(a, b)| a != b)
            .count();
        assert!(
            changed > 20,
            "the label `4,5p` is drawn: {changed} pixels changed"
        );
    }
}
