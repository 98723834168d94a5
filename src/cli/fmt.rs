//! `roadwright fmt`.

use std::io::{self, Write};
use std::path::PathBuf;

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::save::{name_fits, write_atomic_over};
use crate::content::{LoadedDocument, RawPack};

/// Rewrites (or, with `check`, lists) content files whose text is not canonical.
pub fn fmt(
    paths: &[PathBuf],
    check: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
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
