//! `roadwright codes`: what each diagnostic code means.

use std::io::{self, Write};

use super::{EXIT_OK, EXIT_UNREADABLE};
use crate::validate::code_book::{CODE_BOOK, CodeArea, meaning};

/// `roadwright codes`: one code, every code, or every code as Markdown.
#[derive(Debug, clap::Args)]
pub struct CodesArgs {
    /// The code (`deck-too-small`); all codes without it.
    pub code: Option<String>,
    /// List every code as Markdown (what `docs/diagnostic-codes.md` holds).
    #[arg(long, conflicts_with = "code")]
    pub markdown: bool,
}

/// Prints what a code means, every code grouped by where it comes from, or (`--markdown`) the
/// codes document. An unknown code exits 2 with the nearest known codes.
pub fn codes(args: &CodesArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    if args.markdown {
        return markdown(out);
    }
    let code = args.code.as_deref();
    if let Some(code) = code {
        if let Some(entry) = meaning(code) {
            writeln!(
                out,
                "{} ({}): {}",
                entry.code,
                entry.area.label(),
                entry.meaning
            )?;
            return Ok(EXIT_OK);
        }
        let near: Vec<&str> = CODE_BOOK
            .iter()
            .map(|e| e.code)
            .filter(|c| code.split('-').any(|word| c.contains(word)))
            .collect();
        writeln!(err, "no diagnostic code `{code}`")?;
        if !near.is_empty() {
            writeln!(err, "codes with a word of it: {}", near.join(", "))?;
        }
        return Ok(EXIT_UNREADABLE);
    }
    for area in CodeArea::ALL {
        writeln!(out, "{}:", area.label())?;
        for entry in CODE_BOOK.iter().filter(|e| e.area == area) {
            writeln!(out, "  {:<30} {}", entry.code, entry.meaning)?;
        }
    }
    Ok(EXIT_OK)
}

/// Every code as Markdown, grouped by where it comes from: `docs/diagnostic-codes.md` is this
/// output (`roadwright codes --markdown > docs/diagnostic-codes.md`), and a test holds it to the
/// code book.
fn markdown(out: &mut dyn Write) -> io::Result<u8> {
    writeln!(out, "# Diagnostic codes")?;
    writeln!(out)?;
    writeln!(
        out,
        "Every code `validate`, the loaders and the check by play can report, with what it means \
         and what to do. Written by `roadwright codes --markdown` from `src/validate/code_book.rs`; \
         do not edit by hand."
    )?;
    for area in CodeArea::ALL {
        writeln!(out)?;
        writeln!(out, "## {}", area.label())?;
        writeln!(out)?;
        writeln!(out, "| code | meaning |")?;
        writeln!(out, "|---|---|")?;
        for entry in CODE_BOOK.iter().filter(|e| e.area == area) {
            writeln!(
                out,
                "| `{}` | {} |",
                entry.code,
                entry.meaning.replace('|', "\\|")
            )?;
        }
    }
    Ok(EXIT_OK)
}
