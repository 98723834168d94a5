//! What the studio has open: a content pack (or single files), tracks beside it, and what
//! validation says about them.

use std::path::{Path, PathBuf};

use crate::content::RawPack;
use crate::content::summary::ContentSummary;
use crate::validate::{Diagnostic, validate_opened};

/// The open content and what validation says about it.
#[derive(Clone, Debug)]
pub struct Workspace {
    /// The folder or file that was opened.
    pub path: PathBuf,
    /// Files opened beside it (tracks), reopened on reload.
    pub extra: Vec<PathBuf>,
    /// The files that loaded, and those that did not.
    pub pack: RawPack,
    /// Every diagnostic, load failures included, sorted.
    pub diagnostics: Vec<Diagnostic>,
    /// Totals for the summary view.
    pub summary: ContentSummary,
}

impl Workspace {
    /// Opens a pack folder or a single file. Never fails: whatever cannot be read shows up as a
    /// diagnostic.
    #[must_use]
    pub fn open(path: &Path) -> Self {
        Self::open_with(path, &[])
    }

    /// Opens a pack folder (or a file) with extra files beside it, such as a track to work on
    /// next to the content.
    #[must_use]
    pub fn open_with(path: &Path, extra: &[PathBuf]) -> Self {
        let mut pack = RawPack::open(path);
        for file in extra {
            pack.add_file(file);
        }
        let diagnostics = validate_opened(&pack);
        let summary = ContentSummary::of(
            if pack.is_folder { "pack" } else { "file" },
            pack.files.iter().map(|loaded| &loaded.document),
            pack.errors.len(),
        );
        Self {
            path: path.to_owned(),
            extra: extra.to_vec(),
            pack,
            diagnostics,
            summary,
        }
    }

    /// The number of error diagnostics.
    #[must_use]
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }
}
