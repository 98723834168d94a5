//! Finding where an object sits in a file's text, so a diagnostic about a card or a car can
//! carry a line and column even though the parsers do not keep spans for every value.
//!
//! Objects are found by their identifiers, which are quoted strings in both RON and JSON, then
//! by field name after them. A needle that is not found leaves the last position found.

use crate::content::source::line_column;

/// Something to look for in a file's text.
#[derive(Clone, Copy, Debug)]
pub enum Needle<'a> {
    /// A string value, such as an id: matched with its quotes.
    Value(&'a str),
    /// A field name followed by a colon: `speed:` in RON, `"speed":` in JSON.
    Field(&'a str),
}

/// The 1-based line and column of the last needle found, searching each one after the
/// previous; `None` when the first is not found.
#[must_use]
pub fn locate(text: &str, needles: &[Needle<'_>]) -> Option<(usize, usize)> {
    last_found(text, needles, &|from, value| find_quoted(text, from, value))
        .map(|offset| line_column(&text.as_bytes()[..offset]))
}

/// The offset of the last needle found, each searched after the previous, quoted values by
/// `quoted` (from an offset): what [`locate`] and [`TextIndex::locate`] share.
fn last_found(
    text: &str,
    needles: &[Needle<'_>],
    quoted: &dyn Fn(usize, &str) -> Option<usize>,
) -> Option<usize> {
    let mut from = 0;
    let mut found = None;
    for needle in needles {
        let hit = match *needle {
            Needle::Value(value) => quoted(from, value),
            Needle::Field(name) => find_field(text, from, name),
        };
        match hit {
            Some(offset) => {
                found = Some(offset);
                from = offset + 1;
            }
            None => break,
        }
    }
    found
}

/// What [`TextIndex::locate`] reads a file's text by, built once per file: where each line
/// starts, and where each quoted string starts, by its text. Without it every diagnostic read
/// the file from its start, so a file's validation time grew with the square of its errors
/// (60,085 errors: 132 s).
#[derive(Debug, Default)]
pub struct TextIndex {
    /// The byte offset of each line's start.
    line_starts: Vec<usize>,
    /// For each text between two consecutive quote characters, the offsets of the opening
    /// quotes: every place `"text"` stands, for a text with no quote or backslash in it.
    quoted: std::collections::HashMap<String, Vec<usize>>,
}

impl TextIndex {
    /// Indexes `text`.
    #[must_use]
    pub fn of(text: &str) -> Self {
        let bytes = text.as_bytes();
        let line_starts = std::iter::once(0)
            .chain(
                bytes
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| **b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        let quotes: Vec<usize> = bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'"')
            .map(|(i, _)| i)
            .collect();
        let mut by_text: std::collections::HashMap<String, Vec<usize>> =
            std::collections::HashMap::new();
        for pair in quotes.windows(2) {
            if let Some(inner) = text.get(pair[0] + 1..pair[1])
                && !inner.contains('\\')
            {
                by_text.entry(inner.to_owned()).or_default().push(pair[0]);
            }
        }
        Self {
            line_starts,
            quoted: by_text,
        }
    }

    /// [`locate`], read through the index: the same answer.
    #[must_use]
    pub fn locate(&self, text: &str, needles: &[Needle<'_>]) -> Option<(usize, usize)> {
        last_found(text, needles, &|from, value| {
            self.find_quoted(text, from, value)
        })
        .map(|offset| self.line_column(text, offset))
    }

    /// The first `"value"` at or after `from`.
    fn find_quoted(&self, text: &str, from: usize, value: &str) -> Option<usize> {
        if value.contains(['"', '\\']) {
            // Written escaped in the text: not among the indexed strings.
            return find_quoted(text, from, value);
        }
        let offsets = self.quoted.get(value)?;
        let first = offsets.partition_point(|o| *o < from);
        offsets.get(first).copied()
    }

    /// [`line_column`] of the text before `offset`, from the line starts.
    fn line_column(&self, text: &str, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|start| *start <= offset);
        let start = self.line_starts[line - 1];
        let column = String::from_utf8_lossy(&text.as_bytes()[start..offset])
            .chars()
            .count()
            + 1;
        (line, column)
    }
}

fn find_quoted(text: &str, from: usize, value: &str) -> Option<usize> {
    let quoted = format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""));
    text.get(from..)?.find(&quoted).map(|i| from + i)
}

fn find_field(text: &str, from: usize, name: &str) -> Option<usize> {
    let rest = text.get(from..)?;
    let mut search = 0;
    while let Some(i) = rest[search..].find(name) {
        let start = search + i;
        let end = start + name.len();
        let before_ok = start == 0
            || !rest[..start]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
        let after = rest[end..].trim_start_matches('"').trim_start();
        if before_ok && after.starts_with(':') {
            let quote_before = start > 0 && rest[..start].ends_with('"');
            return Some(from + start - usize::from(quote_before));
        }
        search = end;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_field_after_an_id_in_ron_and_json() {
        let ron = "(\n  cards: [\n    (id: \"a\", count: 1),\n    (\n      id: \"b\",\n      count: 0,\n    ),\n  ],\n)";
        assert_eq!(
            locate(ron, &[Needle::Value("b"), Needle::Field("count")]),
            Some((6, 7))
        );
        let json = "{\"cards\": [{\"id\": \"a\", \"count\": 1},\n {\"id\": \"b\", \"count\": 0}]}";
        assert_eq!(
            locate(json, &[Needle::Value("b"), Needle::Field("count")]),
            Some((2, 14))
        );
    }

    #[test]
    fn a_missing_field_keeps_the_object_position_and_a_missing_object_gives_none() {
        let ron = "(id: \"b\", name: \"x\")";
        assert_eq!(
            locate(ron, &[Needle::Value("b"), Needle::Field("count")]),
            Some((1, 6))
        );
        assert_eq!(locate(ron, &[Needle::Value("zzz")]), None);
    }

    #[test]
    fn the_index_finds_what_a_search_from_the_start_finds() {
        let texts = [
            "(id: \"b\", name: \"x\")",
            "(\n  cards: [\n    (id: \"a\", count: 1),\n    (id: \"b\", count: 0),\n  ],\n)",
            "{\"cards\": [{\"id\": \"a\", \"count\": 1}, {\"id\": \"b\", \"count\": 0}]}",
            "// a \"b\" in a comment\n(id: \"b\", name: \"say \\\"b\\\"\", note: \"é\", count: 2)",
        ];
        let needles: [&[Needle<'_>]; 6] = [
            &[Needle::Value("b"), Needle::Field("count")],
            &[Needle::Value("a")],
            &[Needle::Field("cards"), Needle::Value("b")],
            &[Needle::Value("zzz")],
            &[Needle::Value("say \"b\"")],
            &[Needle::Value("é"), Needle::Field("count")],
        ];
        for text in texts {
            let index = TextIndex::of(text);
            for needle in needles {
                assert_eq!(
                    index.locate(text, needle),
                    locate(text, needle),
                    "{text:?} {needle:?}"
                );
            }
        }
    }

    #[test]
    fn field_names_inside_longer_words_do_not_match() {
        let ron = "(recount: 2, count: 3)";
        assert_eq!(locate(ron, &[Needle::Field("count")]), Some((1, 14)));
    }
}
