//! The error for a content file that cannot be loaded.

use std::fmt;
use std::path::{Path, PathBuf};

/// Why a file could not be loaded, as a stable code for scripts and tests.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LoadErrorCode {
    /// The file system refused: missing, broken link, link loop, permission.
    Io,
    /// A directory or device where a file was expected.
    NotAFile,
    /// Larger than [`super::source::MAX_FILE_BYTES`].
    TooLarge,
    /// Empty or only white space.
    Empty,
    /// Not valid UTF-8.
    NotUtf8,
    /// Contains NUL bytes.
    Binary,
    /// The name does not end in `.ron` or `.json`.
    UnknownFormat,
    /// The text does not parse as the format, or not as the expected content (wrong type,
    /// unknown or duplicated field, number out of range, nesting too deep).
    Parse,
    /// A format version this build does not read.
    Version,
    /// A file of another kind than the one asked for.
    WrongKind,
}

impl LoadErrorCode {
    /// Every code.
    pub const ALL: [Self; 10] = [
        Self::Io,
        Self::NotAFile,
        Self::TooLarge,
        Self::Empty,
        Self::NotUtf8,
        Self::Binary,
        Self::UnknownFormat,
        Self::Parse,
        Self::Version,
        Self::WrongKind,
    ];

    /// The code as printed in `severity[code]`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Io => "io",
            Self::NotAFile => "not-a-file",
            Self::TooLarge => "too-large",
            Self::Empty => "empty",
            Self::NotUtf8 => "not-utf8",
            Self::Binary => "binary",
            Self::UnknownFormat => "unknown-format",
            Self::Parse => "parse",
            Self::Version => "version",
            Self::WrongKind => "wrong-kind",
        }
    }
}

/// A content file that could not be loaded: which file, where in it, and why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// The 1-based line, when the problem has a place in the text.
    pub line: Option<usize>,
    /// The 1-based column, when the problem has a place in the text.
    pub column: Option<usize>,
    /// The kind of problem.
    pub code: LoadErrorCode,
    /// What is wrong, as a sentence about the file ("is empty", "at `cards[2].speed`: ...").
    pub message: String,
}

impl LoadError {
    /// An error about a whole file.
    #[must_use]
    pub fn new(path: &Path, code: LoadErrorCode, message: String) -> Self {
        Self {
            path: path.to_owned(),
            line: None,
            column: None,
            code,
            message,
        }
    }

    /// Places the error at a line and column of the file.
    #[must_use]
    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.line = Some(line);
        self.column = Some(column);
        self
    }
}

impl fmt::Display for LoadError {
    /// `path:line:col: message`, the form compilers use, so editors can jump to it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let (Some(line), Some(column)) = (self.line, self.column) {
            write!(f, ":{line}:{column}")?;
        }
        write!(f, ": {}", self.message)
    }
}
