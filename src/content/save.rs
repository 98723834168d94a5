//! Writing content files: canonical text, atomic replacement, and a backup of what was there.
//!
//! Saving never leaves a half-written file: the new text goes to a temporary file created
//! exclusively, with an unpredictable name, in the same folder (the `atomic-write-file` crate),
//! is flushed to disk, and only then renamed over the old one, keeping its permissions. The
//! previous version is first written, the same way, to `NAME.bak`, so one bad save can always be
//! undone by hand and neither file is ever half written. A symbolic link is saved through: the
//! file it points to is updated and the link stays. An output whose path names a pipe or a
//! device (`/dev/stdout`, `/dev/null`, a FIFO, or a link to one) is written into it, never
//! replaced by a regular file; a content save there, or any write to a folder, is refused.

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
    /// The file changed on disk since it was read: saving would lose what is there now.
    #[error("{path} changed since it was read; not saved (read it again)")]
    Changed {
        /// The file.
        path: PathBuf,
    },
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

/// Replaces the file at `path`, which held `read` when it was read, with `bytes` atomically,
/// keeping `read` as [`backup_path`]: the text the user had is what is kept, whatever another
/// save did meanwhile. When the file no longer holds `read` (another program saved it since),
/// nothing is written and [`SaveError::Changed`] says so. Two saves of one file at once
/// (`fmt` twice) therefore keep the original in the backup: each backs up what it read, and
/// the one that comes second either sees the change or backs up the same original.
pub fn write_atomic_over(path: &Path, bytes: &[u8], read: &[u8]) -> Result<(), SaveError> {
    let io_error = |source| SaveError::Io {
        path: path.to_owned(),
        source,
    };
    let target = through_links(path).map_err(io_error)?;
    let now = fs::read(&target).map_err(io_error)?;
    if now != read {
        return Err(SaveError::Changed {
            path: path.to_owned(),
        });
    }
    remove_stale_temporaries(&target);
    write_new_version(&backup_path(&target), read).map_err(io_error)?;
    write_new_version(&target, bytes).map_err(io_error)
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
    // What the path finally names, asked of the system (which also resolves `/dev/stdout`'s
    // links into a pipe). Renaming a new file over a FIFO or a device would replace it with a
    // regular file: an output goes into it instead, and a content file is never one.
    if let Ok(meta) = fs::metadata(path)
        && !meta.is_file()
    {
        if meta.is_dir() {
            return Err(io_error(io::Error::other("it is a folder")));
        }
        if keep_backup {
            return Err(io_error(io::Error::other(
                "it is not a regular file (a pipe or a device); save the file elsewhere",
            )));
        }
        return write_into(path, bytes).map_err(io_error);
    }
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

/// The longest file name, in bytes, that the file systems this runs on take.
const NAME_MAX: usize = 255;

/// The bytes a save adds to a file's name for its temporary file (`.NAME.XXXXXX`).
const TEMPORARY_EXTRA: usize = 8;

/// Whether a file at `path` can be saved here (`keep_backup`: with its `.bak`): the temporary
/// files a save writes first (`.NAME.XXXXXX`, `.NAME.bak.XXXXXX`) must fit the system's 255
/// bytes a name, so a name of 248 bytes or more cannot be saved even though it can exist.
/// Commands ask before their work, so a batch is not played only to find its report cannot be
/// written.
pub fn name_fits(path: &Path, keep_backup: bool) -> Result<(), String> {
    let Some(name) = path.file_name() else {
        return Ok(());
    };
    let extra = TEMPORARY_EXTRA + if keep_backup { ".bak".len() } else { 0 };
    let most = NAME_MAX - extra;
    if name.len() > most {
        return Err(format!(
            "{}: its name is {} bytes; a file saved here may have at most {most} (the save \
             writes a temporary file of a longer name first)",
            path.display(),
            name.len()
        ));
    }
    Ok(())
}

/// Writes `bytes` into an existing pipe or device (`/dev/stdout`, `/dev/null`, a FIFO), as a
/// shell's `>` would: it is opened for writing, not created, truncated or replaced.
fn write_into(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = fs::OpenOptions::new().write(true).open(path)?;
    file.write_all(bytes)?;
    file.flush()
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

    /// A FIFO at `path` (made with the system's `mkfifo`), opened for reading and writing:
    /// that open never waits, and while it is held a writer finds a reader at once and what
    /// it writes stays in the pipe until read. (A reader that opened for reading only and
    /// waited for end of file could be fooled by a copy of an earlier reader's descriptor in a
    /// process another test is starting.)
    #[cfg(unix)]
    fn fifo_held_open(path: &Path) -> fs::File {
        let made = std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .expect("open the fifo")
    }

    /// Reads `len` bytes from a pipe.
    #[cfg(unix)]
    fn read_bytes(pipe: &mut fs::File, len: usize) -> Vec<u8> {
        use std::io::Read;
        let mut buffer = vec![0; len];
        pipe.read_exact(&mut buffer).expect("read the fifo");
        buffer
    }

    #[cfg(unix)]
    #[test]
    fn an_output_into_a_fifo_or_a_link_to_one_goes_into_it_and_leaves_it_a_fifo() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let fifo = dir.path().join("out.fifo");
        let mut pipe = fifo_held_open(&fifo);
        write_atomic_without_backup(&fifo, b"stats").expect("written into the fifo");
        assert_eq!(read_bytes(&mut pipe, 5), b"stats");
        let kind = fs::symlink_metadata(&fifo)
            .expect("still there")
            .file_type();
        assert!(kind.is_fifo(), "still a fifo, not replaced by a file");

        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&fifo, &link).expect("link");
        write_atomic_without_backup(&link, b"again").expect("through the link");
        assert_eq!(read_bytes(&mut pipe, 5), b"again");
        assert!(
            fs::symlink_metadata(&link)
                .expect("link")
                .file_type()
                .is_symlink()
        );
        assert!(
            fs::symlink_metadata(&fifo)
                .expect("fifo")
                .file_type()
                .is_fifo()
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_content_save_onto_a_fifo_or_a_folder_is_refused_and_changes_nothing() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let fifo = dir.path().join("deck.ron");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let error = write_atomic(&fifo, b"data").expect_err("not a regular file");
        assert!(error.to_string().contains("not a regular file"), "{error}");
        assert!(
            fs::symlink_metadata(&fifo)
                .expect("fifo")
                .file_type()
                .is_fifo()
        );
        let error = write_atomic_without_backup(dir.path(), b"data").expect_err("a folder");
        assert!(error.to_string().contains("folder"), "{error}");
        assert!(dir.path().is_dir());
    }

    #[test]
    fn two_saves_of_what_each_read_keep_the_original_in_the_backup() {
        // Two programs read the same file, then save one after the other (two `fmt` at once).
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("deck.ron");
        fs::write(&path, b"original").expect("write");
        let read = fs::read(&path).expect("read");
        write_atomic_over(&path, b"first", &read).expect("the first save");
        let second = write_atomic_over(&path, b"second", &read);
        assert!(
            matches!(second, Err(SaveError::Changed { .. })),
            "{second:?}"
        );
        assert_eq!(
            fs::read(&path).expect("file"),
            b"first",
            "the first save stands"
        );
        assert_eq!(
            fs::read(backup_path(&path)).expect("backup"),
            b"original",
            "the text the user had is kept"
        );
        // With the plain save, the second backs up what is on disk now: the original is gone.
        write_atomic(&path, b"third").expect("a plain save");
        assert_eq!(fs::read(backup_path(&path)).expect("backup"), b"first");
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
