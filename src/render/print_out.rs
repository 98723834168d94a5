//! What `print` writes, from the command line and the studio alike: a track or a pack as a
//! PDF ([`super::print_track`], [`super::print_pack`]) or as pictures for Tabletop Simulator
//! ([`super::deck_sheets`]), with what to say of it.

use std::path::Path;

use super::legend::Legend;
use super::{
    MissionSheet, Paper, PrintOptions, SheetOptions, TtsDecks, WIDTH_RANGE, import_notes,
    print_pack, print_track, render_track, save_png, width_for_space,
};
use crate::content::Document;
use crate::content::track::Track;

/// What is printed: a track (with the stem its pictures are named after), or the documents
/// of a pack (its decks, team mats; the rest is passed over).
#[derive(Clone, Debug)]
pub enum Printable {
    /// A track, the stem its outputs are named by, and how its kinds of ground are drawn.
    Track {
        /// The track.
        track: Box<Track>,
        /// The stem its outputs are named by.
        stem: String,
        /// Its pack's kinds of ground.
        legend: Legend,
    },
    /// A rolling road's tiles, each printed on its own to cut out, the stem its outputs are
    /// named by, and how its kinds of ground are drawn.
    RoadTiles {
        /// The tiles in the order printed.
        tiles: Vec<super::RoadTilePrint>,
        /// The stem its outputs are named by.
        stem: String,
        /// Its pack's kinds of ground.
        legend: Legend,
    },
    /// A pack's documents.
    Pack(Vec<Document>),
    /// A mission's sheet: its rules in words and its setup diagram (a PDF only).
    Mission(Box<MissionSheet>),
}

/// How it is printed.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct PrintSettings {
    /// The paper.
    pub paper: Paper,
    /// A track space's length, in millimetres.
    pub space_mm: f32,
    /// A card's bleed, in millimetres.
    pub bleed_mm: f32,
    /// Whether card sheets are followed by their backs.
    pub backs: bool,
    /// The Tabletop Simulator track picture's pixels per space.
    pub px_per_space: u32,
    /// Whether Tabletop Simulator pictures may replace files of the same names in their folder
    /// (without it, such files are refused, named).
    pub force: bool,
}

impl Default for PrintSettings {
    fn default() -> Self {
        Self {
            paper: Paper::A4,
            space_mm: super::DEFAULT_SPACE_MM,
            bleed_mm: 2.0,
            backs: false,
            px_per_space: 100,
            force: false,
        }
    }
}

/// Why nothing was written.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PrintFailure {
    /// What was asked cannot be printed (options, an empty pack).
    #[error("{0}")]
    Content(String),
    /// A file could not be written.
    #[error("{0}")]
    Write(String),
    /// Files of the names it would write are there, and replacing them was not asked.
    #[error("{0}")]
    Exists(String),
}

/// Writes `printable` as a PDF at `path` (atomically); what it holds, in words.
pub fn write_pdf(
    printable: &Printable,
    settings: &PrintSettings,
    path: &Path,
) -> Result<String, PrintFailure> {
    let (pdf, said) = match printable {
        Printable::Track { track, legend, .. } => track_pdf(track, legend, settings),
        Printable::RoadTiles { tiles, legend, .. } => road_tiles_pdf(tiles, legend, settings),
        Printable::Pack(documents) => pack_pdf(&documents.iter().collect::<Vec<_>>(), settings),
        Printable::Mission(sheet) => mission_pdf(sheet, settings),
    }
    .map_err(PrintFailure::Content)?;
    crate::content::save::write_atomic_without_backup(path, &pdf)
        .map_err(|e| PrintFailure::Write(e.to_string()))?;
    Ok(said)
}

/// Writes `printable`'s Tabletop Simulator pictures and README into `folder` (made if
/// missing); what was written, in words.
pub fn write_tts(
    printable: &Printable,
    settings: &PrintSettings,
    folder: &Path,
) -> Result<String, PrintFailure> {
    tabletop(printable, folder, settings)
}

/// How a track is printed under `args`, its kinds of ground drawn as `legend` says.
fn track_options(legend: &Legend, args: &PrintSettings) -> PrintOptions {
    PrintOptions {
        paper: args.paper,
        space_mm: args.space_mm,
        legend: legend.clone(),
        ..PrintOptions::default()
    }
}

/// The tiled track and what to say of it.
fn track_pdf(
    track: &Track,
    legend: &Legend,
    args: &PrintSettings,
) -> Result<(Vec<u8>, String), String> {
    let options = track_options(legend, args);
    let printed = print_track(track, &options).map_err(|e| e.to_string())?;
    let (rows, columns) = printed.grid;
    let said = format!(
        "an overview and {} pages ({rows} rows × {columns} columns, {} {}), a space {} mm",
        printed.tiles.len(),
        args.paper.name(),
        if printed.landscape {
            "landscape"
        } else {
            "portrait"
        },
        args.space_mm
    );
    Ok((printed.pdf, said))
}

/// A rolling road's tiles, one after another, and what to say of them.
fn road_tiles_pdf(
    tiles: &[super::RoadTilePrint],
    legend: &Legend,
    args: &PrintSettings,
) -> Result<(Vec<u8>, String), String> {
    let options = track_options(legend, args);
    let (pdf, printed) = super::print_road_tiles(tiles, &options).map_err(|e| e.to_string())?;
    let pages: usize = printed.iter().map(|p| 1 + p.tiles.len()).sum();
    let said = format!(
        "{} tiles of the rolling road, each on its own with its overview: {pages} pages ({}), a space {} mm",
        tiles.len(),
        args.paper.name(),
        args.space_mm
    );
    Ok((pdf, said))
}

/// A mission's sheet and what to say of it.
fn mission_pdf(sheet: &MissionSheet, args: &PrintSettings) -> Result<(Vec<u8>, String), String> {
    let printed = super::print_mission(sheet, args.paper).map_err(|e| e.to_string())?;
    let mut texts: Vec<&str> = vec![sheet.title.as_str(), sheet.briefing.as_str()];
    for (heading, lines) in &sheet.sections {
        texts.push(heading);
        texts.extend(lines.iter().map(String::as_str));
    }
    let missing = super::pdf_draw::missing_glyphs(texts);
    let warning = if missing.is_empty() {
        String::new()
    } else {
        format!(
            "; warning: the font has no glyph for {} character(s), printed as empty boxes",
            missing.len()
        )
    };
    Ok((
        printed.pdf,
        format!(
            "the mission sheet: {} of rules and the setup diagram ({}){warning}",
            if printed.text_pages == 1 {
                "1 page".to_owned()
            } else {
                format!("{} pages", printed.text_pages)
            },
            args.paper.name()
        ),
    ))
}

/// The card sheets, mats and counters of `documents`, and what to say of them.
fn pack_pdf(documents: &[&Document], args: &PrintSettings) -> Result<(Vec<u8>, String), String> {
    let options = SheetOptions {
        paper: args.paper,
        bleed_mm: args.bleed_mm,
        backs: args.backs,
    };
    let printed = print_pack(documents, &options).map_err(|e| e.to_string())?;
    let faces = printed.cards.iter().filter(|c| !c.back).count();
    Ok((
        printed.pdf,
        format!(
            "{} pages: {faces} cards{}, {} team mats, {} counters ({}){}",
            printed.pages,
            if args.backs { " with their backs" } else { "" },
            printed.mats.len(),
            printed.counters.len(),
            args.paper.name(),
            unprintable(documents)
        ),
    ))
}

/// What to say of the characters of `documents` the font cannot print (nothing when it can
/// print them all): every string of every document is looked at, names, drivers and card text.
fn unprintable(documents: &[&Document]) -> String {
    let mut strings = Vec::new();
    for document in documents {
        let value = document
            .to_text(crate::content::Format::Json)
            .ok()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok());
        if let Some(value) = value {
            collect_strings(&value, &mut strings);
        }
    }
    let missing = super::pdf_draw::missing_glyphs(strings.iter().map(String::as_str));
    if missing.is_empty() {
        return String::new();
    }
    let listed: Vec<String> = missing
        .iter()
        .take(20)
        .map(|c| format!("{c} (U+{:04X})", u32::from(*c)))
        .collect();
    format!(
        "; warning: the font has no glyph for {} character(s), printed as empty boxes: {}{}",
        missing.len(),
        listed.join(", "),
        if missing.len() > 20 { ", ..." } else { "" }
    )
}

/// Every string in a JSON value.
fn collect_strings(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::String(text) => out.push(text.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_strings(v, out)),
        serde_json::Value::Object(fields) => {
            for (key, v) in fields {
                out.push(key.clone());
                collect_strings(v, out);
            }
        }
        _ => {}
    }
}

/// A picture for Tabletop Simulator: its file, the picture, and how many copies are played.
type Board = (String, image::RgbaImage, u32);

/// What `printable` exports to Tabletop Simulator: its decks (planned, drawn as they are
/// written), its boards (drawn here, so a track that cannot be drawn leaves no folder behind),
/// and the stem its README is named by (none for decks alone).
fn tts_parts(
    printable: &Printable,
    px_per_space: u32,
) -> Result<(TtsDecks, Vec<Board>, Option<&str>), PrintFailure> {
    let content = |e: &dyn std::fmt::Display| PrintFailure::Content(e.to_string());
    // A track is drawn before anything is written: a track that cannot be drawn leaves no
    // folder behind. Decks are planned here and drawn as they are written.
    let picture = |track: &Track, legend: &Legend, file: String| {
        super::track_pdf::check_drawable(track).map_err(|e| content(&e))?;
        let width = width_for_space(track, px_per_space)
            .filter(|w| WIDTH_RANGE.contains(w))
            .ok_or_else(|| {
                PrintFailure::Content(format!(
                    "at {px_per_space} pixels a space the picture would be wider than {} pixels",
                    WIDTH_RANGE.end()
                ))
            })?;
        let image = render_track(track, legend, width).map_err(|e| content(&e))?;
        Ok::<_, PrintFailure>((file, image, 1))
    };
    Ok(match printable {
        Printable::Mission(_) => {
            return Err(PrintFailure::Content(
                "a mission sheet is printed as a PDF (-o), not as Tabletop Simulator pictures"
                    .to_owned(),
            ));
        }
        Printable::Pack(documents) => {
            let refs: Vec<&Document> = documents.iter().collect();
            (TtsDecks::of(&refs), Vec::new(), None)
        }
        Printable::Track {
            track,
            stem,
            legend,
        } => (
            TtsDecks::of(&[]),
            vec![picture(track, legend, format!("{stem}.png"))?],
            Some(stem),
        ),
        // Each tile of a rolling road is its own board, named after the road and the tile.
        Printable::RoadTiles {
            tiles,
            stem,
            legend,
        } => (
            TtsDecks::of(&[]),
            tiles
                .iter()
                .map(|tile| {
                    let file = format!("{stem}-{}.png", tile.track.id);
                    let (file, image, _) = picture(&tile.track, legend, file)?;
                    Ok((file, image, tile.copies))
                })
                .collect::<Result<Vec<_>, _>>()?,
            Some(stem),
        ),
    })
}

/// Tabletop Simulator's pictures and README in `folder` (made if missing, in a folder that
/// exists); what to say. Files already there are refused, named, unless `settings.force` asks to
/// replace them; a link planted where a file goes is replaced, never written through. Deck
/// sheets are drawn and written one at a time.
fn tabletop(
    printable: &Printable,
    folder: &Path,
    settings: &PrintSettings,
) -> Result<String, PrintFailure> {
    let px_per_space = settings.px_per_space;
    let content = |e: &dyn std::fmt::Display| PrintFailure::Content(e.to_string());
    let write = |e: &dyn std::fmt::Display| PrintFailure::Write(e.to_string());
    let (decks, boards, stem) = tts_parts(printable, px_per_space)?;
    // A README per export, so that the decks and a track exported into one folder keep both.
    let readme = match stem {
        Some(stem) => format!("README-{stem}.txt"),
        None => "README-decks.txt".to_owned(),
    };
    let files: Vec<&str> = decks
        .listing()
        .map(|(file, _, _)| file)
        .chain(boards.iter().map(|(file, _, _)| file.as_str()))
        .chain([readme.as_str()])
        .collect();
    let there: Vec<&str> = files
        .iter()
        .copied()
        .filter(|file| std::fs::symlink_metadata(folder.join(file)).is_ok())
        .collect();
    if !there.is_empty() && !settings.force {
        return Err(PrintFailure::Exists(format!(
            "already holds {}: choose a new folder, or pass --force to replace them",
            there.join(", ")
        )));
    }
    if !folder.is_dir() {
        std::fs::create_dir(folder).map_err(|e| write(&e))?;
    }
    for file in there {
        // Replaced, never written through: a link is removed first, so that what it points to
        // outside the folder is left alone.
        let path = folder.join(file);
        if std::fs::symlink_metadata(&path).is_ok_and(|meta| meta.file_type().is_symlink()) {
            std::fs::remove_file(&path).map_err(|e| write(&e))?;
        }
    }
    for (file, image, _) in &boards {
        save_png(image, &folder.join(file)).map_err(|e| write(&e))?;
    }
    for index in 0..decks.len() {
        let sheet = decks.draw(index).map_err(|e| content(&e))?;
        save_png(&sheet.image, &folder.join(&sheet.file)).map_err(|e| write(&e))?;
    }
    // A road tile played in several copies says so beside its picture.
    let listed: Vec<String> = boards
        .iter()
        .map(|(file, _, copies)| match copies {
            2.. => format!("{file} ({copies} copies)"),
            0 | 1 => file.clone(),
        })
        .collect();
    let listed: Vec<&str> = listed.iter().map(String::as_str).collect();
    let notes = import_notes(decks.listing(), &listed, px_per_space);
    let boards: Vec<&str> = boards.iter().map(|(file, _, _)| file.as_str()).collect();
    crate::content::save::write_atomic_without_backup(&folder.join(&readme), notes.as_bytes())
        .map_err(|e| write(&e))?;
    Ok(match boards.as_slice() {
        [] => format!(
            "{} deck sheets of 10 × 7 cards (the back in the last cell), and {readme}",
            decks.len()
        ),
        [file] => format!("{file} at {px_per_space} pixels a space, and {readme}"),
        files => format!(
            "{} boards ({}) at {px_per_space} pixels a space, and {readme}",
            files.len(),
            files.join(", ")
        ),
    })
}
