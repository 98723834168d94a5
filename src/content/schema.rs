//! JSON Schemas of every file format, generated from the types that are the formats.
//!
//! The checked-in copies live in `schemas/`; a test fails when they differ from what the types
//! generate, and `roadwright schema --out schemas` rewrites them. This module lists the
//! content formats; the formats written by the layers above (race records, race reports) are
//! added by the command line's list ([`crate::cli::all_schemas`]), so that this layer depends
//! on nothing above it.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use schemars::{JsonSchema, Schema, SchemaGenerator, generate::SchemaSettings};

use super::kind::content_kinds;

/// One file format's schema with the file name it is saved under.
#[derive(Clone, Debug)]
pub struct NamedSchema {
    /// `race_deck.schema.json` and so on.
    pub file_name: String,
    /// The schema itself.
    pub schema: Schema,
}

impl NamedSchema {
    /// The schema as the text checked into `schemas/`.
    #[must_use]
    pub fn to_text(&self) -> String {
        // A schema is a JSON value built in memory; writing it cannot fail.
        let mut text = serde_json::to_string_pretty(&self.schema).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// The schema of `T`, saved as `SLUG.schema.json`.
#[must_use]
pub fn named<T: JsonSchema>(slug: &str) -> NamedSchema {
    let generator = SchemaGenerator::new(SchemaSettings::draft2020_12());
    NamedSchema {
        file_name: format!("{slug}.schema.json"),
        schema: generator.into_root_schema_for::<T>(),
    }
}

/// Writes [`content_schemas`] from the table of kinds ([`super::kind::content_kinds`]).
macro_rules! write_content_schemas {
    ($(
        $(#[$doc:meta])*
        $variant:ident: $ty:ty, $slug:literal ($name:literal), $role:ident, $marker:ident
            $(, migrates $old:ty)?;
    )*) => {
        /// The schemas of the content file formats, in the table's order.
        #[must_use]
        pub fn content_schemas() -> Vec<NamedSchema> {
            vec![$(named::<$ty>($slug)),*]
        }
    };
}

content_kinds!(write_content_schemas);

/// Writes `schemas` into `folder`, creating it if needed, and returns the paths written.
pub fn write_schemas(folder: &Path, schemas: Vec<NamedSchema>) -> io::Result<Vec<PathBuf>> {
    fs::create_dir_all(folder)?;
    schemas
        .into_iter()
        .map(|named| {
            let path = folder.join(&named.file_name);
            fs::write(&path, named.to_text())?;
            Ok(path)
        })
        .collect()
}
