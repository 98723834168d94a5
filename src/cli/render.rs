//! `roadwright render`.

use std::io::{self, Write};
use std::path::Path;

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::Document;
use crate::render::{render_track, save_png};

/// Draws a track file to a PNG.
pub fn render(
    track_path: &Path,
    out_path: &Path,
    width: u32,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
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
    match render_track(track, width).and_then(|image| save_png(&image, out_path).map(|()| image)) {
        Ok(image) => {
            writeln!(
                out,
                "wrote {} ({}×{})",
                out_path.display(),
                image.width(),
                image.height()
            )?;
            Ok(EXIT_OK)
        }
        Err(error) => {
            writeln!(err, "{}: {error}", out_path.display())?;
            Ok(EXIT_CONTENT_ERRORS)
        }
    }
}
