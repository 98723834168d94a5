//! Writing content files: canonical text, atomic replacement, and a backup of what was there.
//!
//! Saving never leaves a half-written file: the new text goes to a temporary file in the same
//! folder, is flushed to disk, and only then renamed over the old one. The previous version is
//! first copied to `NAME.bak`, so one bad save can always be undone by hand.

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

/// Replaces the file at `path` with `bytes` atomically, first copying any existing file to
/// [`backup_path`].
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    replace_file(path, bytes, true)
}

/// Replaces the file at `path` with `bytes` atomically without keeping a backup: for files the
/// program owns, such as the studio's recovery copies.
pub fn write_atomic_without_backup(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    replace_file(path, bytes, false)
}

fn replace_file(path: &Path, bytes: &[u8], keep_backup: bool) -> Result<(), SaveError> {
    let io_error = |source| SaveError::Io {
        path: path.to_owned(),
        source,
    };
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
        _ => PathBuf::from("."),
    };
    let mut temporary_name = path.file_name().unwrap_or_default().to_os_string();
    temporary_name.push(format!(".{}.rw-tmp", std::process::id()));
    let temporary = folder.join(temporary_name);
    let written = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        if keep_backup && path.exists() {
            let backup = backup_path(path);
            fs::copy(path, &backup)?;
            fs::File::open(&backup)?.sync_all()?;
        }
        fs::rename(&temporary, path)?;
        // The rename is only durable once the folder itself is flushed; not every platform can
        // open a folder for that, and the data is already safe in the file, so failure is ignored.
        if let Ok(dir) = fs::File::open(&folder) {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written.map_err(io_error)
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
            .filter(|entry| entry.file_name().to_string_lossy().ends_with(".rw-tmp"))
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
