//! What `print` writes, from the command line and the studio alike: a track or a pack as a
//! PDF ([`super::print_track`], [`super::print_pack`]) or as pictures for Tabletop Simulator
//! ([`super::deck_sheets`]), with what to say of it.

use std::path::Path;

use super::{
    Paper, PrintOptions, SheetOptions, WIDTH_RANGE, deck_sheets, import_notes, print_pack,
    print_track, render_track, save_png, width_for_space,
};
use crate::content::Document;
use crate::content::track::Track;

/// What is printed: a track (with the stem its pictures are named after), or the documents
/// of a pack (its decks, team mats; the rest is passed over).
#[derive(Clone, Debug)]
pub enum Printable {
    /// A track.
    Track(Box<Track>, String),
    /// A pack's documents.
    Pack(Vec<Document>),
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
}

impl Default for PrintSettings {
    fn default() -> Self {
        Self {
            paper: Paper::A4,
            space_mm: super::DEFAULT_SPACE_MM,
            bleed_mm: 2.0,
            backs: false,
            px_per_space: 100,
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
}

/// Writes `printable` as a PDF at `path` (atomically); what it holds, in words.
pub fn write_pdf(
    printable: &Printable,
    settings: &PrintSettings,
    path: &Path,
) -> Result<String, PrintFailure> {
    let (pdf, said) = match printable {
        Printable::Track(track, _) => track_pdf(track, settings),
        Printable::Pack(documents) => pack_pdf(&documents.iter().collect::<Vec<_>>(), settings),
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
    tabletop(printable, folder, settings.px_per_space)
}

/// The tiled track and what to say of it.
fn track_pdf(track: &Track, args: &PrintSettings) -> Result<(Vec<u8>, String), String> {
    let options = PrintOptions {
        paper: args.paper,
        space_mm: args.space_mm,
        ..PrintOptions::default()
    };
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
            "{} pages: {faces} cards{}, {} team mats, {} counters ({})",
            printed.pages,
            if args.backs { " with their backs" } else { "" },
            printed.mats.len(),
            printed.counters.len(),
            args.paper.name()
        ),
    ))
}

/// Tabletop Simulator's pictures and README in `folder` (made if missing); what to say.
fn tabletop(
    printable: &Printable,
    folder: &Path,
    px_per_space: u32,
) -> Result<String, PrintFailure> {
    let content = |e: &dyn std::fmt::Display| PrintFailure::Content(e.to_string());
    let write = |e: &dyn std::fmt::Display| PrintFailure::Write(e.to_string());
    // Everything is drawn before anything is written: a track that cannot be drawn leaves no
    // folder behind.
    let (sheets, track) = match printable {
        Printable::Pack(documents) => {
            let refs: Vec<&Document> = documents.iter().collect();
            (deck_sheets(&refs).map_err(|e| content(&e))?, None)
        }
        Printable::Track(track, stem) => {
            super::track_pdf::check_drawable(track).map_err(|e| content(&e))?;
            let width = width_for_space(track, px_per_space)
                .filter(|w| WIDTH_RANGE.contains(w))
                .ok_or_else(|| {
                    PrintFailure::Content(format!(
                        "at {px_per_space} pixels a space the picture would be wider than {} pixels",
                        WIDTH_RANGE.end()
                    ))
                })?;
            let image = render_track(track, width).map_err(|e| content(&e))?;
            (Vec::new(), Some((format!("{stem}.png"), image)))
        }
    };
    std::fs::create_dir_all(folder).map_err(|e| write(&e))?;
    if let Some((file, image)) = &track {
        save_png(image, &folder.join(file)).map_err(|e| write(&e))?;
    }
    for sheet in &sheets {
        save_png(&sheet.image, &folder.join(&sheet.file)).map_err(|e| write(&e))?;
    }
    let track = track.map(|(file, _)| file);
    // A README per export, so that the decks and a track exported into one folder keep both.
    let readme = match &track {
        Some(file) => format!("README-{}.txt", file.trim_end_matches(".png")),
        None => "README-decks.txt".to_owned(),
    };
    let notes = import_notes(&sheets, track.as_deref().map(|f| (f, px_per_space)));
    crate::content::save::write_atomic_without_backup(&folder.join(&readme), notes.as_bytes())
        .map_err(|e| write(&e))?;
    Ok(match track {
        Some(file) => format!("{file} at {px_per_space} pixels a space, and {readme}"),
        None => format!(
            "{} deck sheets of 10 × 7 cards (the back in the last cell), and {readme}",
            sheets.len()
        ),
    })
}
