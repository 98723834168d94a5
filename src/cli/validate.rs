//! `roadwright validate`.

use std::io::{self, Write};
use std::path::PathBuf;

use serde::Serialize;

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::{Document, RawPack};
use crate::sim::load::check_scenario;
use crate::validate::{Diagnostic, Severity, sort_diagnostics, validate_opened};

#[derive(Serialize)]
struct Report<'a> {
    errors: usize,
    warnings: usize,
    unreadable_files: usize,
    diagnostics: &'a [Diagnostic],
}

/// Validates each path (a pack folder or a single file) and prints every diagnostic.
pub fn validate(
    paths: &[PathBuf],
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    let mut diagnostics = Vec::new();
    let mut unreadable = 0;
    for path in paths {
        let opened = RawPack::open(path);
        unreadable += opened.errors.len();
        diagnostics.extend(validate_opened(&opened));
        // A scenario is checked as `moves` would use it: its content, track and position.
        for file in &opened.files {
            if let Document::Scenario(scenario) = &file.document {
                diagnostics.extend(check_scenario(&file.source.path, scenario));
            }
        }
    }
    sort_diagnostics(&mut diagnostics);
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    if json {
        let report = Report {
            errors,
            warnings,
            unreadable_files: unreadable,
            diagnostics: &diagnostics,
        };
        super::write_json(out, &report)?;
    } else {
        for diagnostic in &diagnostics {
            writeln!(out, "{diagnostic}")?;
        }
        writeln!(
            err,
            "{errors} error(s), {warnings} warning(s){}",
            if unreadable > 0 {
                format!(", {unreadable} file(s) could not be read")
            } else {
                String::new()
            }
        )?;
    }
    Ok(if unreadable > 0 {
        EXIT_UNREADABLE
    } else if errors > 0 {
        EXIT_CONTENT_ERRORS
    } else {
        EXIT_OK
    })
}
