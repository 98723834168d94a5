//! Reading a content file from disk into text, refusing anything that is not a reasonable text
//! file before a parser ever sees it.
//!
//! Every refusal is a [`LoadError`] naming the file and, where it makes sense, the line and
//! column; nothing here panics on any input.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::error::{LoadError, LoadErrorCode};

/// The largest content file Roadwright reads. Real files are far smaller (the standard pack's
/// largest is under 40 KiB; a 10,000-space track well under 4 MiB); the limit keeps a stray
/// video or disk image from being read into memory.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// The two text formats content can be written in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    /// Rusty Object Notation, the format the shipped files use.
    Ron,
    /// JSON, for tools that prefer it; loads exactly like RON.
    Json,
}

impl Format {
    /// The format a file name's extension says, if any.
    #[must_use]
    pub fn from_path(path: &Path) -> Option<Self> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "ron" => Some(Self::Ron),
            "json" => Some(Self::Json),
            _ => None,
        }
    }
}

/// A content file's text, with where it came from.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path it was read from (or will be saved to).
    pub path: PathBuf,
    /// The whole text.
    pub text: String,
    /// The format its extension names.
    pub format: Format,
}

impl SourceFile {
    /// Wraps text that did not come from disk (tests, the studio's unsaved edits).
    #[must_use]
    pub fn from_text(path: impl Into<PathBuf>, text: impl Into<String>, format: Format) -> Self {
        Self {
            path: path.into(),
            text: text.into(),
            format,
        }
    }

    /// Reads a file, refusing directories, broken links, oversized, empty, binary and non-UTF-8
    /// files with a precise error.
    pub fn read(path: &Path) -> Result<Self, LoadError> {
        let error = |code, message: String| LoadError::new(path, code, message);
        let metadata =
            fs::metadata(path).map_err(|io_error| describe_metadata_error(path, &io_error))?;
        if metadata.is_dir() {
            return Err(error(
                LoadErrorCode::NotAFile,
                "is a directory, not a file".to_owned(),
            ));
        }
        if !metadata.is_file() {
            return Err(error(
                LoadErrorCode::NotAFile,
                "is not a regular file (a device, socket or pipe)".to_owned(),
            ));
        }
        // The name is checked after the path, so a missing path says "does not exist" rather
        // than "not a content file".
        let format = Format::from_path(path).ok_or_else(|| {
            error(
                LoadErrorCode::UnknownFormat,
                "is not a content file: the name must end in .ron or .json".to_owned(),
            )
        })?;
        if metadata.len() > MAX_FILE_BYTES {
            return Err(too_large(path, metadata.len()));
        }
        let mut bytes = Vec::new();
        // Read at most one byte past the limit, so a file that grows while it is read is still
        // refused instead of filling memory.
        fs::File::open(path)
            .and_then(|file| file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
            .map_err(|io_error| error(LoadErrorCode::Io, format!("cannot be read: {io_error}")))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(too_large(path, bytes.len() as u64));
        }
        let text = decode_text(path, bytes)?;
        Ok(Self {
            path: path.to_owned(),
            text,
            format,
        })
    }
}

fn too_large(path: &Path, bytes: u64) -> LoadError {
    LoadError::new(
        path,
        LoadErrorCode::TooLarge,
        format!(
            "is {bytes} bytes, larger than the {} MiB a content file may be",
            MAX_FILE_BYTES / (1024 * 1024)
        ),
    )
}

fn describe_metadata_error(path: &Path, io_error: &io::Error) -> LoadError {
    let is_link = fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_symlink());
    let message = if is_link && io_error.kind() == io::ErrorKind::NotFound {
        "is a broken symbolic link: its target does not exist".to_owned()
    } else if is_link {
        format!("is a symbolic link that cannot be followed (a loop?): {io_error}")
    } else if io_error.kind() == io::ErrorKind::NotFound {
        "does not exist".to_owned()
    } else {
        format!("cannot be read: {io_error}")
    };
    LoadError::new(path, LoadErrorCode::Io, message)
}

/// Checks that bytes are text a person wrote: not empty, valid UTF-8, no NUL bytes.
fn decode_text(path: &Path, bytes: Vec<u8>) -> Result<String, LoadError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(LoadError::new(
            path,
            LoadErrorCode::Empty,
            "is empty: a content file starts with `(kind: ..., version: ...)`".to_owned(),
        ));
    }
    let text = String::from_utf8(bytes).map_err(|utf8_error| {
        let valid = utf8_error.utf8_error().valid_up_to();
        let (line, column) = line_column(&utf8_error.as_bytes()[..valid]);
        LoadError::new(
            path,
            LoadErrorCode::NotUtf8,
            "is not UTF-8 text (is it a binary file, or saved in another encoding?)".to_owned(),
        )
        .at(line, column)
    })?;
    if let Some(offset) = text.find('\0') {
        let (line, column) = line_column(&text.as_bytes()[..offset]);
        return Err(LoadError::new(
            path,
            LoadErrorCode::Binary,
            "contains a NUL byte: this is a binary file, not text".to_owned(),
        )
        .at(line, column));
    }
    Ok(text)
}

/// The 1-based line and column just after `prefix`, counting columns in characters.
#[must_use]
pub fn line_column(prefix: &[u8]) -> (usize, usize) {
    let line_start = prefix
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = prefix.split(|&b| b == b'\n').count();
    let column = String::from_utf8_lossy(&prefix[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}
