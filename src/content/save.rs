//! Writing content files: canonical text, atomic replacement, and a backup of what was there.
//!
//! Saving never leaves a half-written file: the new text goes to a temporary file created
//! exclusively, with an unpredictable name, in the same folder (the `atomic-write-file` crate),
//! is flushed to disk, and only then renamed over the old one, keeping its permissions. The
//! previous version is first written, the same way, to `NAME.bak`, so one bad save can always be
//! undone by hand and neither file is ever half written. A symbolic link is saved through: the
//! file it points to is updated and the link stays.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::source::Format;

/// Why a file could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The value could not be written as RON.
    #[error("cannot write RON: {0}")]
    Ron(#[from] ron::Error),
    /// The value could not be written as JSON.
    #[error("cannot write JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The file system refused.
    #[error("cannot save {path}: {source}")]
    Io {
        /// The file being saved.
        path: PathBuf,
        /// What the file system said.
        source: io::Error,
    },
}

/// The canonical text of a value: what every save writes, so that saving an unchanged file
/// gives back the same bytes.
pub fn to_text<T: Serialize>(value: &T, format: Format) -> Result<String, SaveError> {
    let mut text = match format {
        Format::Ron => {
            // Depth 4 keeps one card per block and small nested records (a car, a weapon result)
            // on one line each, which reads and diffs well.
            let config = ron::ser::PrettyConfig::new()
                .indentor("    ")
                .depth_limit(4)
                .separate_tuple_members(false);
            ron::ser::to_string_pretty(value, config)?
        }
        Format::Json => serde_json::to_string_pretty(value)?,
    };
    text.push('\n');
    Ok(text)
}

/// The path of the backup kept when `path` is overwritten.
#[must_use]
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

/// Replaces the file at `path` with `bytes` atomically, first keeping the previous version as
/// [`backup_path`] (itself written atomically).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    replace_file(path, bytes, true)
}

/// Replaces the file at `path` with `bytes` atomically without keeping a backup: for files the
/// program owns, such as the studio's recovery copies, and for outputs (pictures, new tracks).
pub fn write_atomic_without_backup(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    replace_file(path, bytes, false)
}

/// How old a leftover temporary file must be before a save removes it: younger ones may belong
/// to a save still under way in another process.
const STALE_AFTER: std::time::Duration = std::time::Duration::from_mins(1);

fn replace_file(path: &Path, bytes: &[u8], keep_backup: bool) -> Result<(), SaveError> {
    let io_error = |source| SaveError::Io {
        path: path.to_owned(),
        source,
    };
    // Saving through a symbolic link updates the file it points to and keeps the link.
    let target = through_links(path).map_err(io_error)?;
    remove_stale_temporaries(&target);
    if keep_backup && target.is_file() {
        // The backup is a new file written atomically, so a kill or a full disk never leaves
        // a truncated one; a `.bak` that is a link is replaced, never written through.
        let old = fs::read(&target).map_err(io_error)?;
        write_new_version(&backup_path(&target), &old).map_err(io_error)?;
    }
    write_new_version(&target, bytes).map_err(io_error)
}

/// Writes `bytes` to a temporary file created exclusively, with an unpredictable name, in the
/// same folder, flushes it and renames it over `path` (keeping the old file's permissions).
/// The temporary file is removed if anything fails.
fn write_new_version(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = atomic_write_file::AtomicWriteFile::options().open(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// The file a path finally names, following symbolic links (at most 40, as the kernel does);
/// a path that is not a link is itself.
fn through_links(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_owned();
    for _ in 0..40 {
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&at)?;
                at = match at.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Removes temporary files that an interrupted save of `path` left behind: the ones this
/// program's saves create (`.NAME.XXXXXX`, and the older `NAME.PID.rw-tmp`), once they are
/// older than [`STALE_AFTER`].
fn remove_stale_temporaries(path: &Path) {
    let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let name = name.to_string_lossy();
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let file_name = entry.file_name().to_string_lossy().into_owned();
        if !is_temporary_of(&file_name, &name) {
            continue;
        }
        let old_enough = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= STALE_AFTER);
        if old_enough {
            // Another process may have removed it first; nothing else to do then.
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether `file` is a temporary file of a save of `name`.
fn is_temporary_of(file: &str, name: &str) -> bool {
    if let Some(suffix) = file
        .strip_prefix('.')
        .and_then(|rest| rest.strip_prefix(name))
        .and_then(|rest| rest.strip_prefix('.'))
    {
        return suffix.len() == 6 && suffix.chars().all(|c| c.is_ascii_alphanumeric());
    }
    file.strip_prefix(name)
        .and_then(|rest| rest.strip_prefix('.'))
        .and_then(|rest| rest.strip_suffix(".rw-tmp"))
        .is_some_and(|pid| pid.chars().all(|c| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_the_file_and_keeps_a_backup() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("deck.ron");
        write_atomic(&path, b"first").expect("first save");
        assert!(
            !backup_path(&path).exists(),
            "nothing to back up on the first save"
        );
        write_atomic(&path, b"second").expect("second save");
        assert_eq!(fs::read(&path).expect("saved file"), b"second");
        assert_eq!(fs::read(backup_path(&path)).expect("backup"), b"first");
        let leftovers: Vec<_> = fs::read_dir(dir.path())
            .expect("list")
            .filter_map(Result::ok)
            .filter(|entry| {
                let name = entry.file_name().to_string_lossy().into_owned();
                is_temporary_of(&name, "deck.ron")
            })
            .collect();
        assert!(
            leftovers.is_empty(),
            "temporary files left behind: {leftovers:?}"
        );
    }

    #[test]
    fn a_failed_save_leaves_the_old_file_alone() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("missing-folder").join("deck.ron");
        let error = write_atomic(&path, b"data").expect_err("no folder to save into");
        assert!(error.to_string().contains("deck.ron"), "{error}");
        assert!(!path.exists());
    }
}
