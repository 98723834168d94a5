//! `roadwright new-track`.

use std::io::{self, Write};
use std::path::PathBuf;

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::save::write_atomic_without_backup;
use crate::content::{Document, Format};
use crate::stretch::samples::{SAMPLES, sample};

/// `roadwright new-track`: the template and the file to write.
#[derive(Debug, clap::Args)]
pub struct NewTrackArgs {
    /// The template's name.
    pub template: String,
    /// Replace the file if it exists.
    #[arg(long)]
    pub force: bool,
    /// The track file to write (`.ron` or `.json`).
    #[arg(short, long)]
    pub out: PathBuf,
}

/// Writes a sample track to `--out`.
pub fn new_track(args: &NewTrackArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (template, out_path, force) = (args.template.as_str(), args.out.as_path(), args.force);
    if let Err(e) = crate::content::output_path::check_outputs(&[("-o", out_path)], &[]) {
        writeln!(err, "error: {e}")?;
        return Ok(EXIT_UNREADABLE);
    }
    if !force && crate::content::output_path::occupied(out_path) {
        writeln!(
            err,
            "{}: error[exists]: the file exists; give --force to replace it",
            out_path.display()
        )?;
        return Ok(EXIT_CONTENT_ERRORS);
    }
    let Some(built) = sample(template) else {
        writeln!(err, "no template named `{template}`; the templates are:")?;
        for (name, what) in SAMPLES {
            writeln!(err, "  {name:<14} {what}")?;
        }
        return Ok(EXIT_CONTENT_ERRORS);
    };
    let track = match built {
        Ok(track) => track,
        Err(error) => {
            writeln!(err, "template `{template}` cannot be built: {error}")?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    let format = Format::from_path(out_path).unwrap_or(Format::Ron);
    let text = Document::Track(track)
        .to_text(format)
        .map_err(io::Error::other)?;
    // A new file from a template: replaced atomically (with --force) but without a `.bak`.
    match write_atomic_without_backup(out_path, text.as_bytes()) {
        Ok(()) => {
            writeln!(out, "wrote {}", out_path.display())?;
            Ok(EXIT_OK)
        }
        Err(error) => {
            writeln!(err, "{error}")?;
            Ok(EXIT_UNREADABLE)
        }
    }
}
