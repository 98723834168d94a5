//! A content file of any kind: detection by its `kind` field, version checks and migration.

use std::path::Path;

use super::error::{LoadError, LoadErrorCode};
use super::kind::{ContentKind, Header, content_kinds};
use super::parse::parse;
use super::save::{SaveError, to_text};
use super::source::{Format, SourceFile};

/// Reads a file's body written in `version`: the current format, or version 1 of a kind whose
/// format changed, migrated.
macro_rules! read_body {
    ($source:expr, $version:expr) => {
        parse($source)?
    };
    ($source:expr, $version:expr, $old:ty) => {
        match $version {
            1 => parse::<$old>($source)?.migrate(),
            _ => parse($source)?,
        }
    };
}

/// Writes [`Document`] and its per-kind methods from the table of kinds
/// ([`super::kind::content_kinds`]).
macro_rules! write_document {
    ($(
        $(#[$doc:meta])*
        $variant:ident: $ty:ty, $slug:literal ($name:literal), $role:ident, $marker:ident
            $(, migrates $old:ty)?;
    )*) => {
        /// The contents of one content file.
        #[derive(Clone, PartialEq, Debug)]
        pub enum Document {
            $($(#[$doc])* $variant($ty),)*
        }

        impl Document {
            /// What kind of file this is.
            #[must_use]
            pub fn kind(&self) -> ContentKind {
                match self {
                    $(Self::$variant(_) => ContentKind::$variant,)*
                }
            }

            /// The body of a file of `kind` written in `version` (checked), migrated.
            fn read(
                kind: ContentKind,
                version: u32,
                source: &SourceFile,
            ) -> Result<Self, LoadError> {
                Ok(match kind {
                    $(ContentKind::$variant => Self::$variant(
                        read_body!(source, version $(, $old)?)
                    ),)*
                })
            }

            /// The canonical text of the document in a format: what saving writes.
            pub fn to_text(&self, format: Format) -> Result<String, SaveError> {
                match self {
                    $(Self::$variant(value) => to_text(value, format),)*
                }
            }
        }
    };
}

content_kinds!(write_document);

impl Document {
    /// Parses a file of any kind, migrating an older format version to the current one.
    pub fn parse(source: &SourceFile) -> Result<Self, LoadError> {
        let header: Header = parse(source)?;
        let current = header.kind.current_version();
        if header.version > current {
            return Err(LoadError::new(
                &source.path,
                LoadErrorCode::Version,
                format!(
                    "is a {} file of format version {}, newer than this Roadwright reads \
                     (up to {current}); update Roadwright to open it",
                    header.kind, header.version
                ),
            ));
        }
        if header.version == 0 {
            return Err(LoadError::new(
                &source.path,
                LoadErrorCode::Version,
                format!(
                    "says format version 0, which no Roadwright ever wrote (versions start at 1; \
                     the current {} version is {current})",
                    header.kind
                ),
            ));
        }
        Self::read(header.kind, header.version, source)
    }

    /// Reads and parses a file.
    pub fn load(path: &Path) -> Result<LoadedDocument, LoadError> {
        let source = SourceFile::read(path)?;
        let document = Self::parse(&source)?;
        Ok(LoadedDocument { source, document })
    }
}

/// A document with the text it was parsed from, which validation uses to place diagnostics.
#[derive(Clone, Debug)]
pub struct LoadedDocument {
    /// Where the document came from, and its text.
    pub source: SourceFile,
    /// The parsed, migrated document.
    pub document: Document,
}
