//! `roadwright fmt`.

use std::io::{self, Write};
use std::path::PathBuf;

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::save::{name_fits, write_atomic_over};
use crate::content::{LoadedDocument, RawPack};

/// `roadwright fmt`: the files to rewrite, or to check.
#[derive(Debug, clap::Args)]
pub struct FmtArgs {
    /// Content pack folders or content files.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Change nothing; list the files that are not canonical and exit 1 if there are any.
    #[arg(long)]
    pub check: bool,
}

/// Rewrites (or, with `--check`, lists) content files whose text is not canonical.
pub fn fmt(args: &FmtArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (paths, check) = (&args.paths, args.check);
    let mut documents: Vec<LoadedDocument> = Vec::new();
    let mut failures = 0;
    for path in paths {
        let opened = RawPack::open(path);
        for error in &opened.errors {
            writeln!(err, "{error}")?;
        }
        failures += opened.errors.len();
        documents.extend(opened.files);
    }
    let mut not_canonical = 0;
    for loaded in &documents {
        let canonical = match loaded.document.to_text(loaded.source.format) {
            Ok(text) => text,
            Err(error) => {
                writeln!(err, "{}: {error}", loaded.source.path.display())?;
                failures += 1;
                continue;
            }
        };
        if canonical == loaded.source.text {
            continue;
        }
        not_canonical += 1;
        if check {
            writeln!(
                out,
                "{}: not in canonical form",
                loaded.source.path.display()
            )?;
        } else if let Err(error) = name_fits(&loaded.source.path, true) {
            writeln!(err, "{error}")?;
            failures += 1;
        } else if let Err(error) = write_atomic_over(
            &loaded.source.path,
            canonical.as_bytes(),
            loaded.source.text.as_bytes(),
        ) {
            writeln!(err, "{error}")?;
            failures += 1;
        } else {
            writeln!(out, "formatted {}", loaded.source.path.display())?;
        }
    }
    Ok(if failures > 0 {
        EXIT_UNREADABLE
    } else if check && not_canonical > 0 {
        EXIT_CONTENT_ERRORS
    } else {
        EXIT_OK
    })
}
