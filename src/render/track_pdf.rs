//! A track printed at true scale: `roadwright print TRACK -o track.pdf`. The track is drawn in
//! millimetres (a space's length is [`PrintOptions::space_mm`]) and tiled over sheets of paper
//! with an overlap, so that the pages, trimmed along one edge and laid over their neighbour,
//! make the board. The first page is an overview of how the pages join.
//!
//! # Decisions taken
//! - **Scale**: a space's length (along the lane) is 30 mm by default, room for a car counter
//!   of about an inch with a margin; its width follows the track's own proportions.
//! - **Tiling**: each page keeps a 10 mm margin printers can reach and a band at the top for
//!   its label; neighbouring pages share a 15 mm overlap. The orientation (portrait or
//!   landscape) that needs fewer pages is chosen; portrait when they tie.
//! - **Alignment**: a dashed glue line runs through the middle of each overlap, with a cross
//!   where two meet: trim one page along its line and lay it over the next so the lines meet.
//! - **Black and white**: terrain reads without colour: paved spaces white, rough ones light
//!   grey with a diagonal hatch, jump lanes mid grey with a cross-hatch, the trough dark grey;
//!   crossover spaces carry a thick inner frame and an X, off-track spots a dashed circle, the
//!   chute a diamond with a C, grid spaces their number.
//! - **Lettering**: the studio's font (Ubuntu Light, from egui), embedded and subset.

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Rect};
use krilla::page::PageSettings;
use krilla::paint::{FillRule, Stroke};
use krilla::text::Font;

use super::geometry::{finish_squares, space_corners};
use super::legend::Legend;
use super::pdf_draw::{
    PT_PER_MM, Surface, centred_text, circle, fill, font, polygon, polygon_path, polyline, stroke,
    text_at,
};
pub use super::print_error::PrintError;
use crate::content::race_deck::LaneSide;
use crate::content::terrain::Pattern;
use crate::content::track::Track;

/// A sheet of paper.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Width and height in portrait, in millimetres.
    #[must_use]
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Self::A4 => (210.0, 297.0),
            Self::Letter => (215.9, 279.4),
        }
    }

    /// Its name, as labels say it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::A4 => "A4",
            Self::Letter => "Letter",
        }
    }
}

/// How a track is printed.
#[derive(Clone, PartialEq, Debug)]
pub struct PrintOptions {
    /// The paper.
    pub paper: Paper,
    /// A space's length on paper, in millimetres.
    pub space_mm: f32,
    /// What neighbouring pages share, in millimetres.
    pub overlap_mm: f32,
    /// The blank border of each page, in millimetres.
    pub margin_mm: f32,
    /// How each kind of ground is marked (the pack's terrain file).
    pub legend: Legend,
}

impl Default for PrintOptions {
    fn default() -> Self {
        Self {
            paper: Paper::A4,
            space_mm: DEFAULT_SPACE_MM,
            overlap_mm: 15.0,
            margin_mm: 10.0,
            legend: Legend::standard(),
        }
    }
}

/// A space's printed length unless asked otherwise, in millimetres.
pub const DEFAULT_SPACE_MM: f32 = 30.0;

/// The space sizes `print` accepts, in millimetres.
pub const SPACE_MM_RANGE: std::ops::RangeInclusive<f32> = 10.0..=80.0;

/// The band at the top of a page that holds its label, in millimetres.
const LABEL_BAND_MM: f32 = 8.0;

/// The most pages a printed track may take.
pub const MOST_PAGES: usize = 400;

/// One page of the tiled track: the part of the drawing it shows.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Tile {
    /// Its row, from 1 at the top.
    pub row: usize,
    /// Its column, from 1 at the left.
    pub column: usize,
    /// The part of the drawing it shows, in millimetres from the drawing's top left:
    /// (left, top, width, height).
    pub area: (f32, f32, f32, f32),
}

/// A printed track: the PDF and where each page lies.
#[derive(Clone, Debug)]
pub struct PrintedTrack {
    /// The PDF file's bytes.
    pub pdf: Vec<u8>,
    /// The tiles, row by row (the PDF's pages after the overview).
    pub tiles: Vec<Tile>,
    /// Rows and columns of tiles.
    pub grid: (usize, usize),
    /// Whether the pages are landscape.
    pub landscape: bool,
    /// The page size in millimetres, as printed (landscape swaps it).
    pub page_mm: (f32, f32),
    /// Millimetres per track unit.
    pub mm_per_unit: f32,
    /// The drawing's top left in track units (a tile's area is measured from it).
    pub origin: (f32, f32),
    /// The page margin in millimetres (a tile's drawing starts there, below the label band).
    pub margin_mm: f32,
    /// The label band's height in millimetres.
    pub label_band_mm: f32,
}

/// The drawing's extent in track units, off-track spots and the chute included.
pub(super) fn extent(track: &Track) -> Option<(f32, f32, f32, f32)> {
    // The drawn bounds reach half a space past the centres; the spots and the chute lie
    // about a space further.
    let more = track.space_size.length.max(track.space_size.width) * 1.1;
    super::geometry::track_bounds(track)
        .map(|(l, t, r, b)| (l - more, t - more, r + more, b + more))
}

/// Whether `track` can be drawn: a space size and every space's place and heading finite
/// numbers (a file may say NaN; validation reports it, printing refuses it), naming the first
/// space that cannot.
pub fn check_drawable(track: &Track) -> Result<(), PrintError> {
    let size = track.space_size;
    if !(size.length.is_finite() && size.width.is_finite() && size.length > 0.0 && size.width > 0.0)
    {
        return Err(PrintError::Options(format!(
            "the track's space size {} x {} cannot be drawn",
            size.length, size.width
        )));
    }
    for (at, space) in track.spaces() {
        let sized = space.size.is_none_or(|own| {
            own.length.is_finite() && own.width.is_finite() && own.length > 0.0 && own.width > 0.0
        });
        if !(sized && space.x.is_finite() && space.y.is_finite() && space.heading.is_finite()) {
            return Err(PrintError::Options(format!(
                "space {at} at ({}, {}) heading {} cannot be drawn \
                 (`roadwright validate` lists the track's problems)",
                space.x, space.y, space.heading
            )));
        }
    }
    Ok(())
}

/// How many tiles of `step` (after the first `first`) cover `length`.
fn tiles_over(length: f32, first: f32, step: f32) -> usize {
    if length <= first {
        1
    } else {
        1 + ((length - first) / step).ceil() as usize
    }
}

/// Prints `track` as `options` say: an overview page, then the tiles row by row.
pub fn print_track(track: &Track, options: &PrintOptions) -> Result<PrintedTrack, PrintError> {
    let plan = plan(track, options)?;
    let font = font()?;
    let mut document = Document::new();
    add_pages(&mut document, track, options, &plan, &font, None)?;
    let pdf = document
        .finish()
        .map_err(|error| PrintError::Pdf(format!("{error:?}")))?;
    Ok(PrintedTrack {
        pdf,
        ..plan.printed
    })
}

/// A tile of a rolling road to print on its own, with what its overview page says of it.
#[derive(Clone, Debug)]
pub struct RoadTilePrint {
    /// The tile laid alone.
    pub track: Track,
    /// What its overview page says of it, under its name.
    pub note: String,
    /// How many copies the road is played with.
    pub copies: u32,
}

impl RoadTilePrint {
    /// A tile of a rolling road laid alone as `track`, and the words that say how it is
    /// played as `role` says.
    #[must_use]
    pub fn new(track: Track, role: crate::content::rolling_road::LooseRole) -> Self {
        use crate::content::rolling_road::LooseRole;
        let finish = "The finish line counts only on the final tile.";
        let note = match role {
            LooseRole::First => {
                format!("The starting tile: lay it first, the road tiles after it. {finish}")
            }
            LooseRole::Pile(copies) => format!(
                "A road tile: print {copies} {}, and shuffle the road tiles face down into the pile. {finish}",
                if copies == 1 { "copy" } else { "copies" }
            ),
            LooseRole::InOrder(place, of) => {
                format!("Tile {place} of {of}: the road lays its tiles in this order. {finish}")
            }
        };
        let copies = match role {
            LooseRole::Pile(copies) => copies,
            LooseRole::First | LooseRole::InOrder(..) => 1,
        };
        Self {
            track,
            note,
            copies,
        }
    }
}

/// Prints the tiles of a rolling road into one PDF, each as [`print_track`] prints a track:
/// an overview page (with the tile's note) and its pages, so that each tile is cut out on its
/// own and the road tiles are shuffled into the pile. Returns the PDF and each tile's pages.
pub fn print_road_tiles(
    tiles: &[RoadTilePrint],
    options: &PrintOptions,
) -> Result<(Vec<u8>, Vec<PrintedTrack>), PrintError> {
    let plans = tiles
        .iter()
        .map(|tile| plan(&tile.track, options))
        .collect::<Result<Vec<_>, _>>()?;
    let pages: usize = plans.iter().map(|p| p.printed.tiles.len() + 1).sum();
    if pages > MOST_PAGES {
        return Err(PrintError::TooManyPages(pages));
    }
    let font = font()?;
    let mut document = Document::new();
    for (tile, plan) in tiles.iter().zip(&plans) {
        add_pages(
            &mut document,
            &tile.track,
            options,
            plan,
            &font,
            Some(&tile.note),
        )?;
    }
    let pdf = document
        .finish()
        .map_err(|error| PrintError::Pdf(format!("{error:?}")))?;
    let printed = plans.into_iter().map(|plan| plan.printed).collect();
    Ok((pdf, printed))
}

/// How a track lies on the pages: the pages (without the PDF yet), the drawing's size and the
/// step from one page to the next, in millimetres.
struct Plan {
    printed: PrintedTrack,
    drawing_mm: (f32, f32),
    step: (f32, f32),
}

/// Works out how `track` is tiled over pages as `options` say.
#[allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)] // Page counts are small.
fn plan(track: &Track, options: &PrintOptions) -> Result<Plan, PrintError> {
    if !SPACE_MM_RANGE.contains(&options.space_mm) {
        return Err(PrintError::Options(format!(
            "a space of {} mm: print takes {}-{} mm",
            options.space_mm,
            SPACE_MM_RANGE.start(),
            SPACE_MM_RANGE.end()
        )));
    }
    check_drawable(track)?;
    let (left, top, right, bottom) = extent(track).ok_or(PrintError::Empty)?;
    let mm_per_unit = options.space_mm / track.space_size.length.max(f32::EPSILON);
    let (width_mm, height_mm) = ((right - left) * mm_per_unit, (bottom - top) * mm_per_unit);
    let (paper_w, paper_h) = options.paper.size_mm();
    let layout = |page_w: f32, page_h: f32| {
        let area_w = page_w - 2.0 * options.margin_mm;
        let area_h = page_h - 2.0 * options.margin_mm - LABEL_BAND_MM;
        let (step_w, step_h) = (area_w - options.overlap_mm, area_h - options.overlap_mm);
        if step_w <= 10.0 || step_h <= 10.0 {
            return None;
        }
        let columns = tiles_over(width_mm, area_w, step_w);
        let rows = tiles_over(height_mm, area_h, step_h);
        Some((columns, rows, area_w, area_h, step_w, step_h))
    };
    let portrait = layout(paper_w, paper_h);
    let landscape = layout(paper_h, paper_w);
    let ((columns, rows, area_w, area_h, step_w, step_h), is_landscape) =
        match (portrait, landscape) {
            (Some(p), Some(l)) if l.0 * l.1 < p.0 * p.1 => (l, true),
            (Some(p), _) => (p, false),
            (None, Some(l)) => (l, true),
            (None, None) => {
                return Err(PrintError::Options(
                    "the margin and overlap leave no room on the page".to_owned(),
                ));
            }
        };
    if columns * rows > MOST_PAGES {
        return Err(PrintError::TooManyPages(columns * rows));
    }
    let page_mm = if is_landscape {
        (paper_h, paper_w)
    } else {
        (paper_w, paper_h)
    };
    let mut tiles = Vec::new();
    for row in 0..rows {
        for column in 0..columns {
            tiles.push(Tile {
                row: row + 1,
                column: column + 1,
                area: (column as f32 * step_w, row as f32 * step_h, area_w, area_h),
            });
        }
    }
    let printed = PrintedTrack {
        pdf: Vec::new(),
        tiles,
        grid: (rows, columns),
        landscape: is_landscape,
        page_mm,
        mm_per_unit,
        origin: (left, top),
        margin_mm: options.margin_mm,
        label_band_mm: LABEL_BAND_MM,
    };
    Ok(Plan {
        printed,
        drawing_mm: (width_mm, height_mm),
        step: (step_w, step_h),
    })
}

/// Adds `track`'s overview page (with `note` under its heading, if any) and its pages to
/// `document`.
fn add_pages(
    document: &mut Document,
    track: &Track,
    options: &PrintOptions,
    plan: &Plan,
    font: &Font,
    note: Option<&str>,
) -> Result<(), PrintError> {
    let printed = &plan.printed;
    let (page_w, page_h) = printed.page_mm;
    let settings = || {
        PageSettings::from_wh(page_w * PT_PER_MM, page_h * PT_PER_MM)
            .ok_or_else(|| PrintError::Pdf("a page of no size".to_owned()))
    };
    {
        let mut page = document.start_page_with(settings()?);
        let mut surface = page.surface();
        overview(
            &mut surface,
            track,
            options,
            printed,
            plan.drawing_mm,
            font,
            note,
        );
        surface.finish();
        page.finish();
    }
    for tile in &printed.tiles {
        let mut page = document.start_page_with(settings()?);
        let mut surface = page.surface();
        tile_page(&mut surface, track, options, printed, tile, plan.step, font);
        surface.finish();
        page.finish();
    }
    Ok(())
}

/// Where a track point lands on the page, in points: `scale` points per track unit, the
/// drawing's `origin` (track units) at `at` (points).
#[derive(Clone, Copy)]
pub(super) struct Placement {
    pub(super) scale: f32,
    pub(super) origin: (f32, f32),
    pub(super) at: (f32, f32),
}

impl Placement {
    pub(super) fn point(self, (x, y): (f32, f32)) -> (f32, f32) {
        (
            self.at.0 + (x - self.origin.0) * self.scale,
            self.at.1 + (y - self.origin.1) * self.scale,
        )
    }

    fn points<const N: usize>(self, corners: [(f32, f32); N]) -> [(f32, f32); N] {
        corners.map(|c| self.point(c))
    }
}

/// The whole track at `placement`: terrain, frames, numbers, finish line, chute, crossover,
/// off-track spots. Lines are `mm` times their width at true scale (the overview is smaller).
pub(super) fn draw_track(
    surface: &mut Surface<'_>,
    track: &Track,
    legend: &Legend,
    placement: Placement,
    font: &Font,
    mm: f32,
) {
    let crossover: Vec<_> = track
        .crossover
        .iter()
        .flat_map(|pair| [pair.0, pair.1])
        .collect();
    let space_pt = track.space_size.width.min(track.space_size.length) * placement.scale;
    for (at, space) in track.spaces() {
        let corners = placement.points(space_corners(track, space, 0.0));
        let pattern = legend.pattern(&space.terrain);
        let level = match pattern {
            Pattern::Plain => 255,
            Pattern::Grey | Pattern::Hatch | Pattern::BackHatch => 225,
            Pattern::CrossHatch => 190,
            Pattern::Stripes | Pattern::Checks => 240,
            Pattern::Dark => 95,
        };
        polygon(surface, &corners, Some(fill(level)), None);
        hatch(surface, &corners, pattern, space_pt);
        polygon(surface, &corners, None, Some(stroke(0, 0.3 * mm, false)));
        if crossover.contains(&at) {
            let inner = placement.points(space_corners(track, space, track.space_size.width * 0.1));
            polygon(surface, &inner, None, Some(stroke(0, 0.8 * mm, false)));
            polyline(surface, &[inner[0], inner[2]], stroke(0, 0.4 * mm, false));
            polyline(surface, &[inner[1], inner[3]], stroke(0, 0.4 * mm, false));
        }
        if space.hazard {
            let mark =
                crate::render::geometry::hazard_mark(track, space).map(|p| placement.point(p));
            polygon(surface, &mark, None, Some(stroke(0, 0.6 * mm, false)));
            // A spot dealt only at some player counts says them, as Thunder Road's tiles do.
            if let Some(label) = crate::render::geometry::hazard_players_label(space) {
                let (x, y) = placement.point((space.x, space.y));
                centred_text(
                    surface,
                    font,
                    &label,
                    (x, y + space_pt * 0.25),
                    space_pt * 0.22,
                );
            }
        }
    }
    for (corners, light) in finish_squares(track) {
        let corners = placement.points(corners);
        polygon(
            surface,
            &corners,
            Some(fill(if light { 255 } else { 0 })),
            None,
        );
    }
    for slot in &track.grid {
        if let Some(space) = track.space(slot.space) {
            let centre = placement.point((space.x, space.y));
            centred_text(
                surface,
                font,
                &slot.position.to_string(),
                centre,
                space_pt * 0.4,
            );
        }
    }
    for spot in off_track_spots(track) {
        let centre = placement.point(spot);
        circle(surface, centre, space_pt * 0.3, stroke(80, 0.3 * mm, true));
    }
    if let Some(chute) = super::geometry::chute_spot(track) {
        let (x, y) = placement.point((chute.x, chute.y));
        let r = space_pt * 0.45;
        polygon(
            surface,
            &[(x, y - r), (x + r, y), (x, y + r), (x - r, y)],
            Some(fill(235)),
            Some(stroke(0, 0.4 * mm, false)),
        );
        centred_text(surface, font, "C", (x, y), space_pt * 0.4);
    }
}

/// Lines that tell kinds apart without colour (the rulebook's rough ground has a diagonal
/// hatch, its jump lanes a cross-hatch). Each direction is a vector of length √2.
fn hatch(surface: &mut Surface<'_>, corners: &[(f32, f32); 4], pattern: Pattern, space_pt: f32) {
    let across = 2f32.sqrt();
    let diagonals: &[(f32, f32)] = match pattern {
        Pattern::Hatch => &[(1.0, 1.0)],
        Pattern::BackHatch => &[(1.0, -1.0)],
        Pattern::CrossHatch => &[(1.0, 1.0), (1.0, -1.0)],
        Pattern::Stripes => &[(across, 0.0)],
        Pattern::Checks => &[(across, 0.0), (0.0, across)],
        Pattern::Plain | Pattern::Grey | Pattern::Dark => return,
    };
    let Some(path) = polygon_path(corners) else {
        return;
    };
    surface.push_clip_path(&path, &FillRule::NonZero);
    let (cx, cy) = corners
        .iter()
        .fold((0.0, 0.0), |(x, y), c| (x + c.0 / 4.0, y + c.1 / 4.0));
    let reach = space_pt * 1.5;
    let gap = space_pt / 6.0;
    let line = Stroke {
        width: (space_pt / 60.0).max(0.3),
        ..stroke(60, 0.0, false)
    };
    for &(dx, dy) in diagonals {
        let mut offset = -reach;
        while offset <= reach {
            // Lines at 45 degrees, `offset` apart across them.
            let (ox, oy) = (
                cx + offset * dy / 2f32.sqrt(),
                cy - offset * dx / 2f32.sqrt(),
            );
            let (ux, uy) = (dx / 2f32.sqrt(), dy / 2f32.sqrt());
            polyline(
                surface,
                &[
                    (ox - ux * reach, oy - uy * reach),
                    (ox + ux * reach, oy + uy * reach),
                ],
                line.clone(),
            );
            offset += gap;
        }
    }
    surface.pop();
}

/// The off-track spots (track units): beside lane 0 and beside the outermost lane of each
/// sector, where its `off_track` keeps them, a space's width out.
fn off_track_spots(track: &Track) -> Vec<(f32, f32)> {
    track
        .sectors
        .iter()
        .chain(&track.start_sectors)
        .flat_map(|sector| {
            [
                (sector.off_track.inside, LaneSide::Inside),
                (sector.off_track.outside, LaneSide::Outside),
            ]
            .into_iter()
            .filter(|(kept, _)| *kept)
            .filter_map(|(_, side)| super::geometry::off_track_spot(track, sector, side))
        })
        .collect()
}

/// The first page: the whole track, the tiles drawn over it with their names, and how to
/// join them.
#[allow(clippy::cast_precision_loss)] // Page counts are small.
fn overview(
    surface: &mut Surface<'_>,
    track: &Track,
    options: &PrintOptions,
    printed: &PrintedTrack,
    (width_mm, height_mm): (f32, f32),
    font: &Font,
    note: Option<&str>,
) {
    let (page_w, page_h) = printed.page_mm;
    let margin = options.margin_mm;
    let heading = if note.is_some() { 30.0 } else { 24.0 };
    let box_w = (page_w - 2.0 * margin) * PT_PER_MM;
    let box_h = (page_h - 2.0 * margin - heading) * PT_PER_MM;
    let (rows, columns) = printed.grid;
    // The tiles' whole area, which is at least the drawing.
    let (_, _, area_w, area_h) = printed
        .tiles
        .first()
        .map_or((0.0, 0.0, 1.0, 1.0), |t| t.area);
    let last = printed
        .tiles
        .last()
        .map_or((0.0, 0.0, 1.0, 1.0), |t| t.area);
    let covered = (
        (last.0 + area_w).max(width_mm),
        (last.1 + area_h).max(height_mm),
    );
    let fit = (box_w / covered.0).min(box_h / covered.1);
    let at = (
        margin * PT_PER_MM + (box_w - covered.0 * fit) / 2.0,
        (margin + heading) * PT_PER_MM,
    );
    text_at(
        surface,
        font,
        &format!("{} — {} pages to print", track.name, printed.tiles.len()),
        (margin * PT_PER_MM, (margin + 6.0) * PT_PER_MM),
        14.0,
    );
    text_at(
        surface,
        font,
        &format!(
            "{} {}, a space {} mm long, {} rows × {} columns; pages overlap by {} mm.",
            options.paper.name(),
            if printed.landscape {
                "landscape"
            } else {
                "portrait"
            },
            options.space_mm,
            rows,
            columns,
            options.overlap_mm
        ),
        (margin * PT_PER_MM, (margin + 12.0) * PT_PER_MM),
        9.0,
    );
    text_at(
        surface,
        font,
        "Trim each page along its dashed line on the right and at the bottom, lay it over its neighbour so the crosses meet, and tape.",
        (margin * PT_PER_MM, (margin + 17.0) * PT_PER_MM),
        8.0,
    );
    if let Some(note) = note {
        text_at(
            surface,
            font,
            note,
            (margin * PT_PER_MM, (margin + 23.0) * PT_PER_MM),
            10.0,
        );
    }
    let placement = Placement {
        scale: printed.mm_per_unit * fit,
        origin: printed.origin,
        at,
    };
    draw_track(
        surface,
        track,
        &options.legend,
        placement,
        font,
        fit / PT_PER_MM,
    );
    for tile in &printed.tiles {
        let (x, y, w, h) = tile.area;
        let corners = [
            (at.0 + x * fit, at.1 + y * fit),
            (at.0 + (x + w) * fit, at.1 + y * fit),
            (at.0 + (x + w) * fit, at.1 + (y + h) * fit),
            (at.0 + x * fit, at.1 + (y + h) * fit),
        ];
        let line = Stroke {
            paint: rgb::Color::new(200, 40, 40).into(),
            ..stroke(0, 0.3, false)
        };
        polygon(surface, &corners, None, Some(line));
        text_at(
            surface,
            font,
            &tile_name(tile),
            (corners[0].0 + 2.0, corners[0].1 + 9.0),
            8.0,
        );
    }
}

/// A tile's name on its page and the overview: "row 1, column 2".
#[must_use]
pub fn tile_name(tile: &Tile) -> String {
    format!("row {}, column {}", tile.row, tile.column)
}

/// One tile's page: its label, the track clipped to its area, and the glue lines and
/// crosses in the overlaps.
#[allow(clippy::cast_precision_loss)] // Page counts are small.
fn tile_page(
    surface: &mut Surface<'_>,
    track: &Track,
    options: &PrintOptions,
    printed: &PrintedTrack,
    tile: &Tile,
    (step_w, step_h): (f32, f32),
    font: &Font,
) {
    let margin = options.margin_mm;
    let (rows, columns) = printed.grid;
    text_at(
        surface,
        font,
        &format!(
            "{} — {} (of {} × {}) — a space {} mm — {}",
            track.name,
            tile_name(tile),
            rows,
            columns,
            options.space_mm,
            options.paper.name()
        ),
        (margin * PT_PER_MM, (margin + 5.0) * PT_PER_MM),
        9.0,
    );
    let (x, y, w, h) = tile.area;
    let top = margin + LABEL_BAND_MM;
    let Some(clip) = Rect::from_xywh(
        margin * PT_PER_MM,
        top * PT_PER_MM,
        w * PT_PER_MM,
        h * PT_PER_MM,
    ) else {
        return;
    };
    let mut frame = PathBuilder::new();
    frame.push_rect(clip);
    let Some(frame) = frame.finish() else {
        return;
    };
    surface.push_clip_path(&frame, &FillRule::NonZero);
    // Track units to page points: the tile's area starts at the drawing area's top left.
    let scale = printed.mm_per_unit * PT_PER_MM;
    let placement = Placement {
        scale,
        origin: (
            printed.origin.0 + x / printed.mm_per_unit,
            printed.origin.1 + y / printed.mm_per_unit,
        ),
        at: (margin * PT_PER_MM, top * PT_PER_MM),
    };
    draw_track(surface, track, &options.legend, placement, font, 1.0);
    // Glue lines through the middle of each overlap, in drawing millimetres: the same lines
    // on both pages that share them.
    let overlap = options.overlap_mm;
    let page = |mx: f32, my: f32| ((margin + mx - x) * PT_PER_MM, (top + my - y) * PT_PER_MM);
    let glue = stroke(0, 0.25, true);
    for column in 1..columns {
        let gx = column as f32 * step_w + overlap / 2.0;
        if gx > x && gx < x + w {
            polyline(surface, &[page(gx, y), page(gx, y + h)], glue.clone());
        }
    }
    for row in 1..rows {
        let gy = row as f32 * step_h + overlap / 2.0;
        if gy > y && gy < y + h {
            polyline(surface, &[page(x, gy), page(x + w, gy)], glue.clone());
        }
    }
    for column in 0..=columns {
        for row in 0..=rows {
            let (gx, gy) = (
                column as f32 * step_w + overlap / 2.0,
                row as f32 * step_h + overlap / 2.0,
            );
            if gx > x && gx < x + w && gy > y && gy < y + h {
                let (px, py) = page(gx, gy);
                let arm = 4.0 * PT_PER_MM;
                let mark = stroke(0, 0.35, false);
                polyline(surface, &[(px - arm, py), (px + arm, py)], mark.clone());
                polyline(surface, &[(px, py - arm), (px, py + arm)], mark);
            }
        }
    }
    surface.pop();
}
