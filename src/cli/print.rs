//! `roadwright print PATH -o OUT.pdf`: a track at true scale, tiled over sheets of paper
//! ([`crate::render::print_track`]), or a content pack (a folder, a deck or team mats file) as
//! card sheets, team mats and counters ([`crate::render::print_pack`]).

use std::io::{self, Write};
use std::path::Path;

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::{Document, RawPack};
use crate::render::{Paper, PrintOptions, SheetOptions, print_pack, print_track};

/// What `print` was asked for beside its path.
pub struct PrintArgs {
    /// The paper.
    pub paper: Paper,
    /// A track space's length, in millimetres.
    pub space_mm: f32,
    /// A card's bleed, in millimetres.
    pub bleed_mm: f32,
    /// Whether card sheets are followed by their backs.
    pub backs: bool,
}

/// Prints a track, a pack folder, a deck or team mats to a PDF.
pub fn print(
    path: &Path,
    out_path: &Path,
    args: &PrintArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    if let Err(e) = super::outputs::check_outputs(&[("-o", out_path)], &[path]) {
        writeln!(err, "error: {e}")?;
        return Ok(EXIT_UNREADABLE);
    }
    let (pdf, said) = if path.is_dir() {
        let pack = RawPack::open(path);
        if let Some(error) = pack.errors.first() {
            writeln!(err, "{error}")?;
            return Ok(EXIT_UNREADABLE);
        }
        let documents: Vec<&Document> = pack.files.iter().map(|f| &f.document).collect();
        match pack_pdf(&documents, args) {
            Ok(done) => done,
            Err(message) => {
                writeln!(err, "{}: {message}", path.display())?;
                return Ok(EXIT_CONTENT_ERRORS);
            }
        }
    } else {
        let loaded = match Document::load(path) {
            Ok(loaded) => loaded,
            Err(error) => {
                writeln!(err, "{error}")?;
                return Ok(EXIT_UNREADABLE);
            }
        };
        let done = match &loaded.document {
            Document::Track(track) => {
                let options = PrintOptions {
                    paper: args.paper,
                    space_mm: args.space_mm,
                    ..PrintOptions::default()
                };
                print_track(track, &options)
                    .map(|printed| {
                        let (rows, columns) = printed.grid;
                        let said = format!(
                            "an overview and {} pages ({rows} rows × {columns} columns, {} {}), a space {} mm",
                            printed.tiles.len(),
                            args.paper.name(),
                            if printed.landscape { "landscape" } else { "portrait" },
                            args.space_mm
                        );
                        (printed.pdf, said)
                    })
                    .map_err(|e| e.to_string())
            }
            Document::RaceDeck(_)
            | Document::MovementEventDeck(_)
            | Document::CombatEventDeck(_)
            | Document::TeamMats(_) => pack_pdf(&[&loaded.document], args),
            other => Err(format!(
                "is a {} file: print takes a track, a content folder, a deck or team mats",
                other.kind()
            )),
        };
        match done {
            Ok(done) => done,
            Err(message) => {
                writeln!(err, "{}: {message}", path.display())?;
                return Ok(EXIT_CONTENT_ERRORS);
            }
        }
    };
    if let Err(error) = crate::content::save::write_atomic_without_backup(out_path, &pdf) {
        writeln!(err, "{}: {error}", out_path.display())?;
        return Ok(EXIT_UNREADABLE);
    }
    writeln!(out, "wrote {}: {said}", out_path.display())?;
    Ok(EXIT_OK)
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
