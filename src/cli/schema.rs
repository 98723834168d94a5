//! `roadwright schema`.

use std::io::{self, Write};
use std::path::Path;

use super::{EXIT_OK, EXIT_UNREADABLE};
use crate::content::schema::write_schemas;

/// Writes every format's JSON Schema into `folder`.
pub fn schema(folder: &Path, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    match write_schemas(folder) {
        Ok(paths) => {
            for path in paths {
                writeln!(out, "wrote {}", path.display())?;
            }
            Ok(EXIT_OK)
        }
        Err(error) => {
            writeln!(err, "{}: cannot write schemas: {error}", folder.display())?;
            Ok(EXIT_UNREADABLE)
        }
    }
}
