//! What the studio has open: a content pack (or a single file) and its diagnostics.

use std::path::{Path, PathBuf};

use crate::content::summary::ContentSummary;
use crate::content::{Document, RawPack};
use crate::validate::{Diagnostic, sort_diagnostics, validate_document, validate_pack};

/// The open content and what validation says about it.
#[derive(Clone, Debug)]
pub struct Workspace {
    /// The folder or file that was opened.
    pub path: PathBuf,
    /// The files that loaded, and those that did not.
    pub pack: RawPack,
    /// Every diagnostic, load failures included, sorted.
    pub diagnostics: Vec<Diagnostic>,
    /// Totals for the summary view.
    pub summary: ContentSummary,
    /// Files opened beside the pack (tracks), reopened on reload.
    pub extra: Vec<PathBuf>,
}

impl Workspace {
    /// Opens a pack folder, or a single file as a pack of one. Never fails: whatever cannot be
    /// read shows up as a diagnostic.
    #[must_use]
    pub fn open(path: &Path) -> Self {
        let (pack, diagnostics) = if path.is_dir() {
            match RawPack::load(path) {
                Ok(pack) => {
                    let diagnostics = validate_pack(&pack).1;
                    (pack, diagnostics)
                }
                Err(error) => (
                    RawPack {
                        root: path.to_owned(),
                        ..RawPack::default()
                    },
                    vec![Diagnostic::from_load_error(&error)],
                ),
            }
        } else {
            let root = path.parent().unwrap_or(path).to_owned();
            match Document::load(path) {
                Ok(loaded) => {
                    let diagnostics = validate_document(&loaded);
                    let pack = RawPack {
                        root,
                        files: vec![loaded],
                        errors: Vec::new(),
                    };
                    (pack, diagnostics)
                }
                Err(error) => {
                    let diagnostics = vec![Diagnostic::from_load_error(&error)];
                    let pack = RawPack {
                        root,
                        files: Vec::new(),
                        errors: vec![error],
                    };
                    (pack, diagnostics)
                }
            }
        };
        let mut diagnostics = diagnostics;
        sort_diagnostics(&mut diagnostics);
        let summary = ContentSummary::of(
            if path.is_dir() { "pack" } else { "file" },
            pack.files.iter().map(|loaded| &loaded.document),
            pack.errors.len(),
        );
        Self {
            path: path.to_owned(),
            pack,
            diagnostics,
            summary,
            extra: Vec::new(),
        }
    }

    /// Opens a pack folder (or file) together with extra files, such as a track to edit beside
    /// the content. Whatever cannot be read shows up as a diagnostic.
    #[must_use]
    pub fn open_with(path: &Path, extra: &[PathBuf]) -> Self {
        let mut workspace = Self::open(path);
        for file in extra {
            match Document::load(file) {
                Ok(loaded) => workspace.pack.files.push(loaded),
                Err(error) => workspace.pack.errors.push(error),
            }
        }
        workspace.extra = extra.to_vec();
        workspace.diagnostics = validate_pack(&workspace.pack).1;
        if !path.is_dir() {
            // A single file opened with extras is not a pack: check each file on its own.
            workspace.diagnostics = workspace
                .pack
                .files
                .iter()
                .flat_map(validate_document)
                .chain(
                    workspace
                        .pack
                        .errors
                        .iter()
                        .map(Diagnostic::from_load_error),
                )
                .collect();
            sort_diagnostics(&mut workspace.diagnostics);
        }
        workspace
    }

    /// The number of error diagnostics.
    #[must_use]
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }
}
