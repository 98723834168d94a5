//! A mission's sheet as a PDF: its briefing and rules in words on the first pages, then the
//! setup diagram (the whole track on one page, each placed car marked in its team's colour,
//! or the grid's numbered slots when the grid is drawn).
//!
//! The words are the validate layer's ([`MissionWords`]): the sheet says a mission as the
//! studio's race screen does.

use krilla::Document;
use krilla::page::PageSettings;
use krilla::text::Font;

use super::legend::Legend;
use super::pdf_draw::{
    PT_PER_MM, Surface, colour_fill, coloured_text, fill, font, polygon, stroke, text_at,
    text_width, wrap,
};
use super::print_error::PrintError;
use super::track_pdf::{Paper, Placement, check_drawable, draw_track, extent};
use crate::content::mission::MissionSetup;
use crate::content::scenario::{Marker, Spot};
use crate::content::track::Track;
use crate::validate::mission_words::MissionWords;

/// A mission sheet's contents, in words and pieces.
#[derive(Clone, Debug)]
pub struct MissionSheet {
    /// The mission's name.
    pub title: String,
    /// Its briefing.
    pub briefing: String,
    /// Its rules, section by section: a heading and its lines.
    pub sections: Vec<(String, Vec<String>)>,
    /// The track it is played on.
    pub track: Track,
    /// How the track's kinds of ground are drawn.
    pub legend: Legend,
    /// The cars placed at the start (empty when the grid is drawn).
    pub cars: Vec<SheetCar>,
}

impl MissionSheet {
    /// The sheet of a checked mission, played on `track` drawn with `legend`.
    #[must_use]
    pub fn new(words: MissionWords<'_>, track: Track, legend: Legend) -> Self {
        let mission = words.mission;
        let mut rules = words.players();
        rules.push(words.turn_limit());
        let mut sections = vec![
            ("Players".to_owned(), rules),
            ("Sides".to_owned(), words.sides()),
            (
                "Objectives".to_owned(),
                mission
                    .objective_ids()
                    .map(|id| words.objective(id))
                    .collect(),
            ),
            ("Setup".to_owned(), words.setup()),
            ("Victory points".to_owned(), words.vp()),
            ("The road".to_owned(), words.road()),
            ("Symbols on the diagram".to_owned(), words.symbols()),
        ];
        let changes = words.deck_changes();
        if !changes.is_empty() {
            sections.push(("Deck changes".to_owned(), changes));
        }
        let cars = match &mission.setup {
            MissionSetup::Grid => Vec::new(),
            MissionSetup::Placed(cars) => cars
                .iter()
                .map(|car| {
                    let team = words.content.teams.iter().position(|t| t.id == car.team);
                    // The side's starting damage comes on top of the placement's, as the race
                    // deals it.
                    let side_damage = mission
                        .sides
                        .iter()
                        .find(|side| team.is_some_and(|t| side.teams.contains(&t)))
                        .map_or(0, |side| side.damage);
                    SheetCar {
                        at: car.at,
                        label: car.number.to_string(),
                        colour: team
                            .and_then(|t| words.content.teams.get(t))
                            .map_or([200, 200, 200], |t| t.colour),
                        damage: car.damage.saturating_add(side_damage),
                        markers: car.markers.clone(),
                    }
                })
                .collect(),
        };
        Self {
            title: mission.name.to_string(),
            briefing: mission.briefing.to_string(),
            sections,
            track,
            legend,
            cars,
        }
    }
}

/// A car on the setup diagram.
#[derive(Clone, Debug)]
pub struct SheetCar {
    /// Where it starts.
    pub at: Spot,
    /// What its counter says: its number.
    pub label: String,
    /// Its team's colour.
    pub colour: [u8; 3],
    /// The damage it starts with (its side's included): a dot each under its counter.
    pub damage: u8,
    /// The markers it starts with: a letter each over its counter ([`Marker::letter`]).
    pub markers: Vec<Marker>,
}

/// A printed mission sheet.
#[derive(Clone, Debug)]
pub struct PrintedMission {
    /// The PDF file's bytes.
    pub pdf: Vec<u8>,
    /// Pages of words before the setup diagram.
    pub text_pages: usize,
}

/// The page margin, in millimetres.
const MARGIN_MM: f32 = 15.0;
/// Body text size, in points.
const BODY_PT: f32 = 10.0;
/// Heading size, in points.
const HEADING_PT: f32 = 12.5;
/// Title size, in points.
const TITLE_PT: f32 = 18.0;

/// One line of the laid-out text: what it says, its size, its indent in points.
struct Line {
    text: String,
    size: f32,
    indent: f32,
    gap_before: f32,
}

/// Prints a mission sheet on `paper`.
pub fn print_mission(sheet: &MissionSheet, paper: Paper) -> Result<PrintedMission, PrintError> {
    check_drawable(&sheet.track)?;
    let font = font()?;
    let (page_w, page_h) = paper.size_mm();
    let (page_w, page_h) = (page_w * PT_PER_MM, page_h * PT_PER_MM);
    let margin = MARGIN_MM * PT_PER_MM;
    let lines = lay_out(sheet, page_w - 2.0 * margin);
    let pages = paginate(&lines, page_h - 2.0 * margin);
    let mut document = Document::new();
    let settings = |w: f32, h: f32| {
        PageSettings::from_wh(w, h).ok_or_else(|| PrintError::Pdf("a page of no size".to_owned()))
    };
    for page_lines in &pages {
        let mut page = document.start_page_with(settings(page_w, page_h)?);
        let mut surface = page.surface();
        let mut y = margin;
        for line in page_lines {
            y += line.gap_before + line.size * 1.3;
            text_at(
                &mut surface,
                &font,
                &line.text,
                (margin + line.indent, y),
                line.size,
            );
        }
        surface.finish();
        page.finish();
    }
    // The diagram's page is turned to the track's shape.
    let (left, top, right, bottom) = extent(&sheet.track).unwrap_or((0.0, 0.0, 1.0, 1.0));
    let landscape = right - left > bottom - top;
    let (w, h) = if landscape {
        (page_h, page_w)
    } else {
        (page_w, page_h)
    };
    {
        let mut page = document.start_page_with(settings(w, h)?);
        let mut surface = page.surface();
        setup_diagram(&mut surface, sheet, (w, h), &font);
        surface.finish();
        page.finish();
    }
    let pdf = document
        .finish()
        .map_err(|error| PrintError::Pdf(format!("{error:?}")))?;
    Ok(PrintedMission {
        pdf,
        text_pages: pages.len(),
    })
}

/// The sheet's words as lines no wider than `width` points.
fn lay_out(sheet: &MissionSheet, width: f32) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut push = |text: &str, size: f32, indent: f32, gap: f32| {
        for (i, piece) in wrap(text, width - indent, size).into_iter().enumerate() {
            lines.push(Line {
                text: piece,
                size,
                indent,
                gap_before: if i == 0 { gap } else { 0.0 },
            });
        }
    };
    push(&sheet.title, TITLE_PT, 0.0, 0.0);
    if !sheet.briefing.trim().is_empty() {
        push(sheet.briefing.trim(), BODY_PT, 0.0, 6.0);
    }
    for (heading, body) in &sheet.sections {
        push(heading, HEADING_PT, 0.0, 10.0);
        for line in body {
            push(&format!("• {line}"), BODY_PT, 8.0, 2.0);
        }
    }
    lines
}

/// The lines page by page, each page at most `height` points of text.
fn paginate(lines: &[Line], height: f32) -> Vec<Vec<&Line>> {
    let mut pages = vec![Vec::new()];
    let mut used = 0.0;
    for line in lines {
        let need = line.gap_before + line.size * 1.3;
        if used + need > height && pages.last().is_some_and(|p| !p.is_empty()) {
            pages.push(Vec::new());
            used = 0.0;
        }
        used += need;
        if let Some(page) = pages.last_mut() {
            page.push(line);
        }
    }
    pages
}

/// The setup diagram: a heading, the track fitted to the page, the placed cars on it.
fn setup_diagram(surface: &mut Surface<'_>, sheet: &MissionSheet, (w, h): (f32, f32), font: &Font) {
    let margin = MARGIN_MM * PT_PER_MM;
    let heading = 14.0 * PT_PER_MM;
    text_at(
        surface,
        font,
        &format!("{} — setup on {}", sheet.title, sheet.track.name),
        (margin, margin + HEADING_PT),
        HEADING_PT,
    );
    let note = if sheet.cars.is_empty() {
        "The numbers are the grid's slots: the cars are drawn to them as the rulebook says (3.0)."
    } else {
        "Each car starts where its counter is, its number on it; C is the chute."
    };
    text_at(
        surface,
        font,
        note,
        (margin, margin + HEADING_PT + 12.0),
        BODY_PT - 1.0,
    );
    let Some((left, top, right, bottom)) = extent(&sheet.track) else {
        return;
    };
    let (box_w, box_h) = (w - 2.0 * margin, h - 2.0 * margin - heading);
    let scale = (box_w / (right - left)).min(box_h / (bottom - top));
    let placement = Placement {
        scale,
        origin: (left, top),
        at: (
            margin + (box_w - (right - left) * scale) / 2.0,
            margin + heading,
        ),
    };
    let mm = scale * sheet.track.space_size.length / PT_PER_MM / super::DEFAULT_SPACE_MM;
    draw_track(surface, &sheet.track, &sheet.legend, placement, font, mm);
    let space_pt = sheet
        .track
        .space_size
        .width
        .min(sheet.track.space_size.length)
        * placement.scale;
    for car in &sheet.cars {
        let Some(spot) = super::geometry::spot_point(&sheet.track, car.at) else {
            continue;
        };
        let centre = placement.point(spot);
        counter(surface, font, car, centre, space_pt * 0.36);
    }
}

/// A car's counter: a disc in its team's colour with its number, black or white to be read.
#[allow(clippy::cast_precision_loss)] // 20 sides.
fn counter(surface: &mut Surface<'_>, font: &Font, car: &SheetCar, (x, y): (f32, f32), r: f32) {
    let points: Vec<(f32, f32)> = (0..20)
        .map(|i| {
            let a = i as f32 / 20.0 * std::f32::consts::TAU;
            (x + r * a.cos(), y + r * a.sin())
        })
        .collect();
    polygon(
        surface,
        &points,
        Some(colour_fill(car.colour)),
        Some(stroke(0, 0.3, false)),
    );
    let [red, green, blue] = car.colour.map(f32::from);
    let light = 0.299 * red + 0.587 * green + 0.114 * blue > 140.0;
    let ink = if light { [0, 0, 0] } else { [255, 255, 255] };
    let size = r * 0.95;
    let width = text_width(&car.label, size);
    coloured_text(
        surface,
        font,
        &car.label,
        (x - width / 2.0, y + size * 0.35),
        size,
        ink,
    );
    // Its starting damage: a row of dots under the disc, as damage markers lie on a counter.
    let dot = r * 0.18;
    let count = usize::from(car.damage);
    let row = (count as f32 - 1.0) * dot * 2.6;
    for i in 0..count {
        let cx = x - row / 2.0 + i as f32 * dot * 2.6;
        let cy = y + r + dot * 1.8;
        let square = [
            (cx - dot, cy - dot),
            (cx + dot, cy - dot),
            (cx + dot, cy + dot),
            (cx - dot, cy + dot),
        ];
        polygon(surface, &square, Some(fill(0)), None);
    }
    // Its markers: their letters over the disc.
    if !car.markers.is_empty() {
        let letters: Vec<&str> = car.markers.iter().map(|m| m.letter()).collect();
        let text = letters.join(" ");
        let size = r * 0.7;
        let width = text_width(&text, size);
        text_at(
            surface,
            font,
            &text,
            (x - width / 2.0, y - r - size * 0.3),
            size,
        );
    }
}
