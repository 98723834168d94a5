//! Autosaved copies of unsaved work, offered back after a crash.
//!
//! A document's recovery copy sits beside its file as a hidden `.NAME.recovery` (a new,
//! never-saved track as `.untitled-track.ron.recovery` in the content folder). Content packs
//! skip hidden files, so a copy never loads as content. Saving or discarding removes it; a copy
//! still there when a document is opened means the studio did not close cleanly.

use std::fs;
use std::path::{Path, PathBuf};

use crate::content::Document;
use crate::content::save::{SaveError, write_atomic_without_backup};
use crate::content::source::{Format, SourceFile};

use super::document::OpenDocument;

/// Where the untitled track's copy goes in `folder`.
fn untitled_path(folder: &Path) -> PathBuf {
    folder.join(".untitled-track.ron.recovery")
}

/// Where a document's recovery copy goes, given the folder for untitled ones.
#[must_use]
pub fn path_for(document: &OpenDocument, untitled_folder: &Path) -> PathBuf {
    match &document.path {
        Some(path) => {
            let mut name = std::ffi::OsString::from(".");
            name.push(path.file_name().unwrap_or_default());
            name.push(".recovery");
            path.with_file_name(name)
        }
        None => untitled_path(untitled_folder),
    }
}

/// Writes the document's recovery copy.
pub fn write(document: &OpenDocument, untitled_folder: &Path) -> Result<(), SaveError> {
    let text = document.document.to_text(document.format)?;
    write_atomic_without_backup(&path_for(document, untitled_folder), text.as_bytes())
}

/// Removes a document's recovery copy, if any. A copy that cannot be removed does no harm
/// beyond being offered again, so failure is ignored.
pub fn remove(document: &OpenDocument) {
    if document.path.is_some() {
        let _ = fs::remove_file(path_for(document, Path::new(".")));
    }
}

/// Removes the untitled track's recovery copy in `folder`.
pub fn remove_untitled(folder: &Path) {
    let _ = fs::remove_file(untitled_path(folder));
}

/// The recovered content for a document, if a copy exists, reads, and differs from what is
/// open.
#[must_use]
pub fn find(document: &OpenDocument, untitled_folder: &Path) -> Option<Document> {
    read(&path_for(document, untitled_folder), document.format)
        .filter(|found| *found != document.document)
}

/// An untitled track left in `folder`, if any.
#[must_use]
pub fn find_untitled(folder: &Path) -> Option<Document> {
    read(&untitled_path(folder), Format::Ron)
}

fn read(path: &Path, format: Format) -> Option<Document> {
    let text = fs::read_to_string(path).ok()?;
    // A damaged copy is not offered: it could only replace good work with bad.
    Document::parse(&SourceFile::from_text(path, text, format)).ok()
}
