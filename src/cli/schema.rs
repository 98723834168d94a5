//! `roadwright schema`.

use std::io::{self, Write};
use std::path::PathBuf;

use super::{EXIT_OK, EXIT_UNREADABLE};
use crate::content::schema::{NamedSchema, content_schemas, named, write_schemas};

/// The schemas of every file format the program reads or writes, in a fixed order: the
/// content formats, race records, and the race report `race --json` prints.
#[must_use]
pub fn all_schemas() -> Vec<NamedSchema> {
    let mut out = content_schemas();
    out.push(named::<crate::sim::record::RaceRecord>("race_record"));
    out.push(named::<super::race::RaceReport>("race_report"));
    out
}

/// `roadwright schema`: where the schemas go.
#[derive(Debug, clap::Args)]
pub struct SchemaArgs {
    /// The folder to write into (created if needed).
    #[arg(long)]
    pub out: PathBuf,
}

/// Writes every format's JSON Schema into `--out`.
pub fn schema(args: &SchemaArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let folder = args.out.as_path();
    match write_schemas(folder, all_schemas()) {
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
