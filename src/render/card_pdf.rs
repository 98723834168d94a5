//! A content pack printed to play: card sheets for the race deck, the movement events and the
//! combat deck (one card per copy), the team mats and the car counters, in one PDF:
//! `roadwright print content -o pack.pdf`.
//!
//! # Decisions taken
//! - **Cards** are poker size, 63 × 88 mm, nine to a sheet (3 × 3), with a 2 mm bleed: each
//!   card's coloured border runs 2 mm past its trim line, so a cut a little off still leaves no
//!   white edge. Crop marks stand in the margin at every trim line. Every bleed of 0-5 mm
//!   prints on both papers: when nine cards and their bleed do not fit (above 3.5 mm on A4,
//!   2.5 mm on Letter), a sheet holds the most of 3 × 3, 3 × 2, 2 × 3 and 2 × 2 that fit.
//! - **Text** comes from the card's data: a race card's name, speed, starburst (a star behind
//!   the speed when it draws a movement event), movement type, instructions (a tag line:
//!   "Forks: outside lane") and text; a movement event's name
//!   and its sentence with its numbers; a combat card's value, damage and effects per weapon
//!   type and its collision result. Text that does not fit is set smaller, down to 5 pt, then
//!   cut with an ellipsis: nothing is printed outside its card.
//! - **Backs** (`--backs`): each sheet of faces is followed by its backs, columns mirrored, so
//!   that a duplex print flipped on the long edge puts each back behind its face.
//! - **Team mats**: a landscape page per team: the eight cars with number, driver, defense,
//!   base MP, weapon, mount, targeting bonus and six damage boxes.
//! - **Counters**: 20 mm squares, each car twice: its light side (the team's colour lightened,
//!   the number in black) and its dark side (the colour darkened, the number in white).

use krilla::Document as Pdf;
use krilla::page::PageSettings;
use krilla::text::Font;

use super::card_face::{
    CARD_MM, DeckSheets, Face, MmRect, decks, draw_back, draw_face, fitted, set_lines,
};
use super::painter::PdfPainter;
use super::pdf_draw::{
    PT_PER_MM, Surface, colour_fill, coloured_text, font, polygon, polyline, stroke, text_at,
    text_width,
};
use super::track_pdf::{Paper, PrintError};
use crate::content::Document;
use crate::content::team_mats::{TeamMat, parse_colour};

/// A counter's side in millimetres.
pub const COUNTER_MM: f32 = 20.0;

/// How a pack's cards are printed.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct SheetOptions {
    /// The paper.
    pub paper: Paper,
    /// How far each card's border runs past its trim line, in millimetres.
    pub bleed_mm: f32,
    /// Whether each sheet of faces is followed by its backs (for duplex printing).
    pub backs: bool,
}

impl Default for SheetOptions {
    fn default() -> Self {
        Self {
            paper: Paper::A4,
            bleed_mm: 2.0,
            backs: false,
        }
    }
}

/// One card printed: where, and which.
#[derive(Clone, PartialEq, Debug)]
pub struct PlacedCard {
    /// The page, from 1.
    pub page: usize,
    /// The deck's kind: `race`, `movement_event` or `combat`.
    pub deck: &'static str,
    /// The card's id.
    pub id: String,
    /// Whether this is a back.
    pub back: bool,
    /// The trim rectangle.
    pub trim: MmRect,
}

/// One line of text printed, and the card it belongs to (by index into the cards).
#[derive(Clone, PartialEq, Debug)]
pub struct PlacedText {
    /// The page, from 1.
    pub page: usize,
    /// The card it is on, if it is on one.
    pub card: Option<usize>,
    /// The text.
    pub text: String,
    /// Its box: the advance's width and the size's height, above its baseline.
    pub rect: MmRect,
}

/// A printed pack.
#[derive(Clone, Debug, Default)]
pub struct PrintedPack {
    /// The PDF file's bytes.
    pub pdf: Vec<u8>,
    /// The pages.
    pub pages: usize,
    /// The page size in millimetres (portrait; team mat pages are landscape).
    pub page_mm: (f32, f32),
    /// Every card printed, faces and backs.
    pub cards: Vec<PlacedCard>,
    /// Every line of text on a card.
    pub texts: Vec<PlacedText>,
    /// Team mat pages, by team id.
    pub mats: Vec<(String, usize)>,
    /// Counters printed: (car, side), side `light` or `dark`.
    pub counters: Vec<(String, &'static str)>,
}

/// The sheets being made: the PDF, what was placed, and the layout of a sheet of cards.
struct Printer {
    pdf: Pdf,
    printed: PrintedPack,
    font: Font,
    options: SheetOptions,
    /// A card with its bleed, in mm.
    cell: (f32, f32),
    /// The top left of the grid of cards, in mm.
    origin: (f32, f32),
    /// Columns and rows of cards on a sheet.
    grid: (usize, usize),
}

/// The grids of cards a sheet may hold, most cards first.
const GRIDS: [(usize, usize); 4] = [(3, 3), (3, 2), (2, 3), (2, 2)];

/// The widest bleed `print` takes, in millimetres.
pub const MAX_BLEED_MM: f32 = 5.0;

impl Printer {
    fn page(&self, landscape: bool) -> Result<PageSettings, PrintError> {
        let (w, h) = self.printed.page_mm;
        let (w, h) = if landscape { (h, w) } else { (w, h) };
        PageSettings::from_wh(w * PT_PER_MM, h * PT_PER_MM)
            .ok_or_else(|| PrintError::Pdf("a page of no size".to_owned()))
    }

    /// A sheet of faces (and its backs when asked).
    fn sheet(&mut self, deck: &DeckSheets, sheet: &[(String, Face)]) -> Result<(), PrintError> {
        for back in [false, true] {
            if back && !self.options.backs {
                continue;
            }
            self.printed.pages += 1;
            let settings = self.page(false)?;
            let (origin, cell, bleed) = (self.origin, self.cell, self.options.bleed_mm);
            let grid = self.grid;
            // The trim rectangle of the card in a column and row.
            let trim_at = |column: usize, row: usize| -> MmRect {
                (
                    origin.0 + column as f32 * cell.0 + bleed,
                    origin.1 + row as f32 * cell.1 + bleed,
                    CARD_MM.0,
                    CARD_MM.1,
                )
            };
            let mut page = self.pdf.start_page_with(settings);
            let mut surface = page.surface();
            for (slot, (id, face)) in sheet.iter().enumerate() {
                // Backs mirror the columns: flipped on the long edge, each lands behind its face.
                let column = if back {
                    grid.0 - 1 - slot % grid.0
                } else {
                    slot % grid.0
                };
                let trim = trim_at(column, slot / grid.0);
                self.printed.cards.push(PlacedCard {
                    page: self.printed.pages,
                    deck: deck.kind,
                    id: id.clone(),
                    back,
                    trim,
                });
                let card = self.printed.cards.len() - 1;
                let mut painter = PdfPainter {
                    surface: &mut surface,
                    font: &self.font,
                };
                let texts = if back {
                    draw_back(&mut painter, &deck.name, deck.colour, trim, bleed)
                } else {
                    draw_face(&mut painter, deck, face, trim, bleed)
                };
                let page_number = self.printed.pages;
                self.printed
                    .texts
                    .extend(texts.into_iter().map(|(text, rect)| PlacedText {
                        page: page_number,
                        card: Some(card),
                        text,
                        rect,
                    }));
            }
            crop_marks(
                &mut surface,
                (origin, cell, grid),
                bleed,
                self.printed.page_mm,
            );
            surface.finish();
            page.finish();
        }
        Ok(())
    }

    /// A landscape page per team.
    fn mats(&mut self, teams: &[TeamMat]) -> Result<(), PrintError> {
        let (w, h) = self.printed.page_mm;
        for team in teams {
            self.printed.pages += 1;
            let settings = self.page(true)?;
            let mut page = self.pdf.start_page_with(settings);
            let mut surface = page.surface();
            team_mat(&mut surface, &self.font, team, (h, w));
            surface.finish();
            page.finish();
            self.printed
                .mats
                .push((team.id.to_string(), self.printed.pages));
        }
        Ok(())
    }

    /// Sheets of counters: each car's light side beside its dark side.
    fn counters(&mut self, teams: &[TeamMat]) -> Result<(), PrintError> {
        let (w, h) = self.printed.page_mm;
        let pitch = COUNTER_MM + 2.0;
        // Pairs stay together on a row.
        let per_row = (((w - 20.0) / pitch).floor() as usize / 2 * 2).max(2);
        let rows = (((h - 30.0) / pitch).floor() as usize).max(1);
        for sheet in counter_list(teams).chunks(per_row * rows) {
            self.printed.pages += 1;
            let settings = self.page(false)?;
            let mut page = self.pdf.start_page_with(settings);
            let mut surface = page.surface();
            text_at(
                &mut surface,
                &self.font,
                "Car counters: cut along the lines; each car has a light side and a dark side",
                mm((10.0, 16.0)),
                9.0,
            );
            for (i, counter) in sheet.iter().enumerate() {
                let at = (
                    10.0 + (i % per_row) as f32 * pitch,
                    22.0 + (i / per_row) as f32 * pitch,
                );
                draw_counter(&mut surface, &self.font, counter, at);
                let side = if counter.light { "light" } else { "dark" };
                self.printed.counters.push((counter.car.clone(), side));
            }
            surface.finish();
            page.finish();
        }
        Ok(())
    }
}

/// Prints the decks, team mats and counters among `documents`.
pub fn print_pack(
    documents: &[&Document],
    options: &SheetOptions,
) -> Result<PrintedPack, PrintError> {
    if !(0.0..=MAX_BLEED_MM).contains(&options.bleed_mm) {
        return Err(PrintError::Options(format!(
            "a bleed of {} mm: print takes 0-{MAX_BLEED_MM} mm",
            options.bleed_mm
        )));
    }
    let page_mm = options.paper.size_mm();
    let cell = (
        CARD_MM.0 + 2.0 * options.bleed_mm,
        CARD_MM.1 + 2.0 * options.bleed_mm,
    );
    let origin_of = |(columns, rows): (usize, usize)| {
        (
            (page_mm.0 - cell.0 * columns as f32) / 2.0,
            (page_mm.1 - cell.1 * rows as f32) / 2.0,
        )
    };
    let Some(grid) = GRIDS.into_iter().find(|grid| {
        let (x, y) = origin_of(*grid);
        x >= 0.0 && y >= 0.0
    }) else {
        return Err(PrintError::Options(
            "four cards and their bleed do not fit on the paper".to_owned(),
        ));
    };
    let origin = origin_of(grid);
    let mut printer = Printer {
        pdf: Pdf::new(),
        printed: PrintedPack {
            page_mm,
            ..PrintedPack::default()
        },
        font: font()?,
        options: *options,
        cell,
        origin,
        grid,
    };
    for deck in decks(documents) {
        for sheet in deck.cards.chunks(grid.0 * grid.1) {
            printer.sheet(&deck, sheet)?;
        }
    }
    for document in documents {
        if let Document::TeamMats(mats) = document {
            printer.mats(&mats.teams)?;
            printer.counters(&mats.teams)?;
        }
    }
    let Printer {
        pdf, mut printed, ..
    } = printer;
    if printed.pages == 0 {
        return Err(PrintError::Options(
            "nothing to print: no deck, no team mats".to_owned(),
        ));
    }
    printed.pdf = pdf
        .finish()
        .map_err(|error| PrintError::Pdf(format!("{error:?}")))?;
    Ok(printed)
}

/// A point in millimetres as points.
fn mm(point: (f32, f32)) -> (f32, f32) {
    (point.0 * PT_PER_MM, point.1 * PT_PER_MM)
}

/// A rectangle in millimetres as its corners in points.
fn rect_points((x, y, w, h): MmRect) -> [(f32, f32); 4] {
    [
        mm((x, y)),
        mm((x + w, y)),
        mm((x + w, y + h)),
        mm((x, y + h)),
    ]
}

/// Crop marks in the margin at every trim line of a grid of cards.
fn crop_marks(
    surface: &mut Surface<'_>,
    (origin, cell, (columns, rows)): ((f32, f32), (f32, f32), (usize, usize)),
    bleed: f32,
    page: (f32, f32),
) {
    let line = stroke(0, 0.2, false);
    // Along each axis: the trim lines cross the grid, and a mark is drawn in the margin before
    // the grid and after it, as long as the margin has room (up to 6 mm, 1 mm from the edge).
    // `point(along, across)` turns an axis's coordinates back into (x, y).
    let mut marks = |count: usize,
                     start: f32,
                     size: f32,
                     across_start: f32,
                     across_end: f32,
                     across_page: f32,
                     point: &dyn Fn(f32, f32) -> (f32, f32)| {
        let before = (across_start - 1.0).clamp(0.0, 6.0);
        let after = (across_page - across_end - 1.0).clamp(0.0, 6.0);
        for index in 0..count {
            for at in [
                start + index as f32 * size + bleed,
                start + (index + 1) as f32 * size - bleed,
            ] {
                if before > 0.0 {
                    let ends = [
                        mm(point(at, across_start - before)),
                        mm(point(at, across_start - 0.5)),
                    ];
                    polyline(surface, &ends, line.clone());
                }
                if after > 0.0 {
                    let ends = [
                        mm(point(at, across_end + 0.5)),
                        mm(point(at, across_end + after)),
                    ];
                    polyline(surface, &ends, line.clone());
                }
            }
        }
    };
    let (right, bottom) = (
        origin.0 + cell.0 * columns as f32,
        origin.1 + cell.1 * rows as f32,
    );
    // Columns' edges, marked above and below the grid; rows' edges, left and right of it.
    marks(
        columns,
        origin.0,
        cell.0,
        origin.1,
        bottom,
        page.1,
        &|x, y| (x, y),
    );
    marks(rows, origin.1, cell.1, origin.0, right, page.0, &|y, x| {
        (x, y)
    });
}

/// A team's mat on a landscape page `page` mm: its name and colour, then a row per car.
fn team_mat(surface: &mut Surface<'_>, font: &Font, team: &TeamMat, page: (f32, f32)) {
    let colour = parse_colour(team.colour.as_str()).unwrap_or([128, 128, 128]);
    polygon(
        surface,
        &rect_points((10.0, 10.0, page.0 - 20.0, 14.0)),
        Some(colour_fill(colour)),
        None,
    );
    coloured_text(
        surface,
        font,
        &format!("{} — {}", team.name, team.symbol),
        mm((14.0, 20.0)),
        16.0,
        [255, 255, 255],
    );
    let columns: [(&str, f32); 8] = [
        ("No.", 16.0),
        ("Driver", 56.0),
        ("Defense", 20.0),
        ("Base MP", 20.0),
        ("Weapon", 34.0),
        ("Mount", 22.0),
        ("Targeting", 22.0),
        ("Damage", 60.0),
    ];
    let row_h = (page.1 - 50.0) / (team.cars.len().max(1) as f32 + 1.0);
    let row_h = row_h.min(18.0);
    let mut y = 30.0;
    let mut x = 10.0;
    for (title, width) in columns {
        text_at(surface, font, title, mm((x + 1.5, y + 6.0)), 9.0);
        x += width;
    }
    y += 9.0;
    for car in &team.cars {
        polygon(
            surface,
            &rect_points((10.0, y, page.0 - 20.0, row_h)),
            None,
            Some(stroke(0, 0.3, false)),
        );
        let cells = [
            car.number.to_string(),
            car.driver.to_string(),
            car.defense.to_string(),
            car.base_mp.to_string(),
            car.weapon.to_string(),
            format!("{:?}", car.mount),
            if car.targeting_bonus {
                "+1".to_owned()
            } else {
                "—".to_owned()
            },
        ];
        let mut x = 10.0;
        for ((_, width), cell) in columns.iter().zip(&cells) {
            let (lines, size) = fitted(std::slice::from_ref(cell), width - 3.0, row_h - 2.0, 11.0);
            let mut set = Vec::new();
            set_lines(
                &lines,
                x + 1.5,
                y + (row_h - size / PT_PER_MM * 1.2 * lines.len() as f32) / 2.0,
                size,
                &mut set,
            );
            for (line, _, baseline) in set {
                text_at(surface, font, &line, mm((x + 1.5, baseline)), size);
            }
            x += width;
        }
        // Six damage boxes: the sixth eliminates.
        let side = (row_h - 6.0).min(8.0);
        for i in 0..6 {
            let left = x + 2.0 + i as f32 * (side + 1.5);
            polygon(
                surface,
                &rect_points((left, y + (row_h - side) / 2.0, side, side)),
                None,
                Some(stroke(0, if i == 5 { 0.6 } else { 0.3 }, false)),
            );
        }
        y += row_h;
    }
}

/// One counter to print.
struct Counter {
    car: String,
    number: String,
    colour: [u8; 3],
    light: bool,
}

/// Each car of every team, light side then dark side.
fn counter_list(teams: &[TeamMat]) -> Vec<Counter> {
    let mut counters = Vec::new();
    for team in teams {
        let colour = parse_colour(team.colour.as_str()).unwrap_or([128, 128, 128]);
        for car in &team.cars {
            for light in [true, false] {
                counters.push(Counter {
                    car: format!("{} #{}", team.id, car.number),
                    number: car.number.to_string(),
                    colour,
                    light,
                });
            }
        }
    }
    counters
}

/// A counter at `at` (mm, top left).
fn draw_counter(surface: &mut Surface<'_>, font: &Font, counter: &Counter, at: (f32, f32)) {
    let [r, g, b] = counter.colour;
    let mix = |c: u8, toward: u8, share: f32| {
        (f32::from(c) + (f32::from(toward) - f32::from(c)) * share) as u8
    };
    let background = if counter.light {
        [mix(r, 255, 0.7), mix(g, 255, 0.7), mix(b, 255, 0.7)]
    } else {
        [mix(r, 0, 0.5), mix(g, 0, 0.5), mix(b, 0, 0.5)]
    };
    polygon(
        surface,
        &rect_points((at.0, at.1, COUNTER_MM, COUNTER_MM)),
        Some(colour_fill(background)),
        Some(stroke(0, 0.2, false)),
    );
    let size = 20.0;
    let width = text_width(&counter.number, size) / PT_PER_MM;
    let baseline = at.1 + COUNTER_MM / 2.0 + size / PT_PER_MM * 0.35;
    let ink = if counter.light {
        [0, 0, 0]
    } else {
        [255, 255, 255]
    };
    coloured_text(
        surface,
        font,
        &counter.number,
        mm((at.0 + (COUNTER_MM - width) / 2.0, baseline)),
        size,
        ink,
    );
}
