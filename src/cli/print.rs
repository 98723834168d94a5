//! `roadwright print PATH -o OUT.pdf [--tts DIR]`: a track at true scale, tiled over sheets of
//! paper ([`crate::render::print_track`]), or a content pack (a folder, a deck or team mats
//! file) as card sheets, team mats and counters ([`crate::render::print_pack`]); with `--tts`,
//! the same as pictures for Tabletop Simulator ([`crate::render::deck_sheets`]).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::track::Track;
use crate::content::{Document, RawPack};
use crate::render::{
    Paper, PrintOptions, SheetOptions, deck_sheets, import_notes, print_pack, print_track,
    render_track, save_png, width_for_space,
};

/// What `print` was asked for beside its path.
pub struct PrintArgs {
    /// The PDF to write.
    pub pdf: Option<PathBuf>,
    /// The folder for Tabletop Simulator's pictures.
    pub tts: Option<PathBuf>,
    /// The track picture's pixels per space, for Tabletop Simulator.
    pub px_per_space: u32,
    /// The paper.
    pub paper: Paper,
    /// A track space's length, in millimetres.
    pub space_mm: f32,
    /// A card's bleed, in millimetres.
    pub bleed_mm: f32,
    /// Whether card sheets are followed by their backs.
    pub backs: bool,
}

/// What was read: a track, or the documents of a pack.
enum Printable {
    Track(Box<Track>, String),
    Pack(Vec<Document>),
}

/// Prints a track, a pack folder, a deck or team mats to a PDF and/or pictures.
pub fn print(
    path: &Path,
    args: &PrintArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    let checked = args
        .pdf
        .as_deref()
        .map_or(Ok(()), |pdf| {
            super::outputs::check_outputs(&[("-o", pdf)], &[path])
        })
        .and_then(|()| {
            args.tts.as_deref().map_or(Ok(()), |folder| {
                super::outputs::check_output_folder("--tts", folder, &[path])
            })
        });
    if let Err(e) = checked {
        writeln!(err, "error: {e}")?;
        return Ok(EXIT_UNREADABLE);
    }
    let printable = match read(path) {
        Ok(printable) => printable,
        Err((code, message)) => {
            writeln!(err, "{message}")?;
            return Ok(code);
        }
    };
    if let Some(pdf_path) = &args.pdf {
        let made = match &printable {
            Printable::Track(track, _) => track_pdf(track, args),
            Printable::Pack(documents) => pack_pdf(&documents.iter().collect::<Vec<_>>(), args),
        };
        let (pdf, said) = match made {
            Ok(made) => made,
            Err(message) => {
                writeln!(err, "{}: {message}", path.display())?;
                return Ok(EXIT_CONTENT_ERRORS);
            }
        };
        if let Err(error) = crate::content::save::write_atomic_without_backup(pdf_path, &pdf) {
            writeln!(err, "{}: {error}", pdf_path.display())?;
            return Ok(EXIT_UNREADABLE);
        }
        writeln!(out, "wrote {}: {said}", pdf_path.display())?;
    }
    if let Some(folder) = &args.tts {
        match tabletop(&printable, folder, args.px_per_space) {
            Ok(said) => writeln!(out, "wrote {}: {said}", folder.display())?,
            Err(message) => {
                writeln!(err, "{}: {message}", folder.display())?;
                return Ok(EXIT_UNREADABLE);
            }
        }
    }
    Ok(EXIT_OK)
}

/// Reads what `path` names, or the exit code and what to say.
fn read(path: &Path) -> Result<Printable, (u8, String)> {
    if path.is_dir() {
        let pack = RawPack::open(path);
        if let Some(error) = pack.errors.first() {
            return Err((EXIT_UNREADABLE, error.to_string()));
        }
        return Ok(Printable::Pack(
            pack.files.into_iter().map(|f| f.document).collect(),
        ));
    }
    let loaded = Document::load(path).map_err(|error| (EXIT_UNREADABLE, error.to_string()))?;
    match loaded.document {
        Document::Track(track) => {
            let stem = path
                .file_stem()
                .map_or_else(|| "track".to_owned(), |s| s.to_string_lossy().into_owned());
            Ok(Printable::Track(Box::new(track), stem))
        }
        document @ (Document::RaceDeck(_)
        | Document::MovementEventDeck(_)
        | Document::CombatEventDeck(_)
        | Document::TeamMats(_)) => Ok(Printable::Pack(vec![document])),
        other => Err((
            EXIT_CONTENT_ERRORS,
            format!(
                "{}: is a {} file: print takes a track, a content folder, a deck or team mats",
                path.display(),
                other.kind()
            ),
        )),
    }
}

/// The tiled track and what to say of it.
fn track_pdf(track: &Track, args: &PrintArgs) -> Result<(Vec<u8>, String), String> {
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
fn pack_pdf(documents: &[&Document], args: &PrintArgs) -> Result<(Vec<u8>, String), String> {
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
fn tabletop(printable: &Printable, folder: &Path, px_per_space: u32) -> Result<String, String> {
    std::fs::create_dir_all(folder).map_err(|e| e.to_string())?;
    let (sheets, track) = match printable {
        Printable::Pack(documents) => {
            let refs: Vec<&Document> = documents.iter().collect();
            (deck_sheets(&refs).map_err(|e| e.to_string())?, None)
        }
        Printable::Track(track, stem) => {
            let width = width_for_space(track, px_per_space)
                .filter(|w| crate::render::WIDTH_RANGE.contains(w))
                .ok_or_else(|| {
                    format!(
                        "at {px_per_space} pixels a space the picture would be wider than {} pixels",
                        crate::render::WIDTH_RANGE.end()
                    )
                })?;
            let image = render_track(track, width).map_err(|e| e.to_string())?;
            let file = format!("{stem}.png");
            save_png(&image, &folder.join(&file)).map_err(|e| e.to_string())?;
            (Vec::new(), Some(file))
        }
    };
    for sheet in &sheets {
        save_png(&sheet.image, &folder.join(&sheet.file)).map_err(|e| e.to_string())?;
    }
    // A README per export, so that the decks and a track exported into one folder keep both.
    let readme = match &track {
        Some(file) => format!("README-{}.txt", file.trim_end_matches(".png")),
        None => "README-decks.txt".to_owned(),
    };
    let notes = import_notes(&sheets, track.as_deref().map(|f| (f, px_per_space)));
    crate::content::save::write_atomic_without_backup(&folder.join(&readme), notes.as_bytes())
        .map_err(|e| e.to_string())?;
    Ok(match track {
        Some(file) => format!("{file} at {px_per_space} pixels a space, and {readme}"),
        None => format!(
            "{} deck sheets of 10 × 7 cards (the back in the last cell), and {readme}",
            sheets.len()
        ),
    })
}
