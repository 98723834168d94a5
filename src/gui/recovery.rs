//! Autosaved copies of unsaved work, offered back after a crash.
//!
//! A document's recovery copy sits beside its file as a hidden `.NAME.recovery`. A new,
//! never-saved track gets its own `.untitled-track-N.ron.recovery` in the content folder when
//! it is created (N is the first number free on disk and in the session), so two new tracks
//! never overwrite each other's copy. Content packs skip hidden files, so a copy never loads
//! as content. Saving or discarding removes it; a copy still there when a folder is opened
//! means the studio did not close cleanly.

use std::fs;
use std::path::{Path, PathBuf};

use crate::content::Document;
use crate::content::save::{SaveError, write_atomic_without_backup};
use crate::content::source::{Format, SourceFile};

const UNTITLED_PREFIX: &str = ".untitled-track";
const UNTITLED_SUFFIX: &str = ".ron.recovery";

/// A recovery copy for a new track in `folder`: the first name not on disk and not `taken`.
#[must_use]
pub fn new_untitled_path(folder: &Path, taken: &[&Path]) -> PathBuf {
    // Among n names in use one of the first n + 1 is free (files on disk are bounded the same
    // way, barring a folder filled with copies while this runs).
    let bound = taken.len() + fs::read_dir(folder).map_or(0, Iterator::count) + 1;
    (1..=bound)
        .map(|n| folder.join(format!("{UNTITLED_PREFIX}-{n}{UNTITLED_SUFFIX}")))
        .find(|path| !path.exists() && !taken.contains(&path.as_path()))
        .unwrap_or_else(|| folder.join(format!("{UNTITLED_PREFIX}{UNTITLED_SUFFIX}")))
}

/// Where the recovery copy of a document goes: beside its file (`saved`), or, for a document
/// never saved, its own untitled copy.
#[must_use]
pub fn path_for(saved: Option<&Path>, untitled: Option<&Path>) -> Option<PathBuf> {
    match saved {
        Some(path) => {
            let mut name = std::ffi::OsString::from(".");
            name.push(path.file_name().unwrap_or_default());
            name.push(".recovery");
            Some(path.with_file_name(name))
        }
        None => untitled.map(Path::to_path_buf),
    }
}

/// Writes a recovery copy of `document` at `path`, in `format`.
pub fn write(path: &Path, document: &Document, format: Format) -> Result<(), SaveError> {
    let text = document.to_text(format)?;
    write_atomic_without_backup(path, text.as_bytes())
}

/// Removes a recovery copy. A copy that cannot be removed does no harm beyond being offered
/// again, so failure is ignored.
pub fn remove_copy(path: &Path) {
    let _ = fs::remove_file(path);
}

/// The content of the recovery copy at `path`, if it exists, reads and differs from `open`.
#[must_use]
pub fn find(path: &Path, open: &Document, format: Format) -> Option<Document> {
    read(path, format).filter(|found| found != open)
}

/// New tracks left in `folder`, with their copies' paths, sorted by path.
#[must_use]
pub fn find_untitled(folder: &Path) -> Vec<(PathBuf, Document)> {
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut found: Vec<(PathBuf, Document)> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| {
                    name.starts_with(UNTITLED_PREFIX) && name.ends_with(UNTITLED_SUFFIX)
                })
        })
        .filter_map(|path| read(&path, Format::Ron).map(|document| (path, document)))
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

fn read(path: &Path, format: Format) -> Option<Document> {
    let text = fs::read_to_string(path).ok()?;
    // A damaged copy is not offered: it could only replace good work with bad.
    Document::parse(&SourceFile::from_text(path, text, format)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_tracks_get_copies_of_their_own() {
        let folder = tempfile::tempdir().unwrap();
        let first = new_untitled_path(folder.path(), &[]);
        let second = new_untitled_path(folder.path(), &[first.as_path()]);
        assert_ne!(first, second, "a copy taken in the session is not reused");
        fs::write(&second, "left by a crash").unwrap();
        let third = new_untitled_path(folder.path(), &[first.as_path()]);
        assert!(third != first && third != second, "nor is one on disk");
    }
}
