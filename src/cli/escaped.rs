//! What the commands print, with control characters escaped: names and ids come from files, and
//! a team or spec named with terminal escape sequences (`\u{1b}[2J`) would otherwise clear or
//! rewrite the user's terminal. Each control character but the line feed and the tab (C0, DEL
//! and C1) is written as `\u00XX`, which inside a JSON string is the very same character, so
//! `--json` output keeps its meaning; everything else passes through unchanged.

use std::fmt::Write as _;
use std::io::{self, Write};

/// A writer that escapes control characters on their way to `inner`.
pub struct Escaped<W: Write>(pub W);

impl<W: Write> Write for Escaped<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // Text is checked character by character; bytes that are not UTF-8 (nothing the
        // commands print) pass through as they are.
        let Ok(text) = std::str::from_utf8(buf) else {
            return self.0.write(buf);
        };
        if !text.chars().any(needs_escape) {
            self.0.write_all(buf)?;
            return Ok(buf.len());
        }
        let mut escaped = String::with_capacity(text.len() + 16);
        for c in text.chars() {
            if needs_escape(c) {
                // Writing into a String cannot fail.
                let _ = write!(escaped, "\\u{:04x}", u32::from(c));
            } else {
                escaped.push(c);
            }
        }
        self.0.write_all(escaped.as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// Whether a character is a control character a terminal would act on.
fn needs_escape(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_json_keeps_its_meaning() {
        let mut out = Escaped(Vec::new());
        write!(out, "team \u{1b}[2J\u{9b}31m \r ok\tnext\n").expect("written");
        let text = String::from_utf8(out.0).expect("text");
        assert_eq!(text, "team \\u001b[2J\\u009b31m \\u000d ok\tnext\n");
        let json = serde_json::to_string("a\u{9b}b").expect("json");
        let mut out = Escaped(Vec::new());
        out.write_all(json.as_bytes()).expect("written");
        let back: String = serde_json::from_slice(&out.0).expect("still JSON");
        assert_eq!(back, "a\u{9b}b");
    }
}
