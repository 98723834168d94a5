//! `roadwright print TRACK -o track.pdf`: the track at true scale, tiled over sheets of paper
//! ([`crate::render::print_track`]).

use std::io::{self, Write};
use std::path::Path;

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::Document;
use crate::render::{Paper, PrintOptions, print_track};

/// Prints a track file to a PDF.
pub fn print(
    track_path: &Path,
    out_path: &Path,
    paper: Paper,
    space_mm: f32,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    if let Err(e) = super::outputs::check_outputs(&[("-o", out_path)], &[track_path]) {
        writeln!(err, "error: {e}")?;
        return Ok(EXIT_UNREADABLE);
    }
    let loaded = match Document::load(track_path) {
        Ok(loaded) => loaded,
        Err(error) => {
            writeln!(err, "{error}")?;
            return Ok(EXIT_UNREADABLE);
        }
    };
    let Document::Track(track) = &loaded.document else {
        writeln!(
            err,
            "{}: is a {} file, not a track",
            track_path.display(),
            loaded.document.kind()
        )?;
        return Ok(EXIT_CONTENT_ERRORS);
    };
    let options = PrintOptions {
        paper,
        space_mm,
        ..PrintOptions::default()
    };
    let printed = match print_track(track, &options) {
        Ok(printed) => printed,
        Err(error) => {
            writeln!(err, "{}: {error}", track_path.display())?;
            return Ok(EXIT_UNREADABLE);
        }
    };
    if let Err(error) = crate::content::save::write_atomic_without_backup(out_path, &printed.pdf) {
        writeln!(err, "{}: {error}", out_path.display())?;
        return Ok(EXIT_UNREADABLE);
    }
    let (rows, columns) = printed.grid;
    writeln!(
        out,
        "wrote {}: an overview and {} pages ({rows} rows × {columns} columns, {} {}), a space {space_mm} mm",
        out_path.display(),
        printed.tiles.len(),
        paper.name(),
        if printed.landscape {
            "landscape"
        } else {
            "portrait"
        },
    )?;
    Ok(EXIT_OK)
}
