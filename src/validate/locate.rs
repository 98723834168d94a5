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
    let mut from = 0;
    let mut found = None;
    for needle in needles {
        let hit = match *needle {
            Needle::Value(value) => find_quoted(text, from, value),
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
    found.map(|offset| line_column(&text.as_bytes()[..offset]))
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
    fn field_names_inside_longer_words_do_not_match() {
        let ron = "(recount: 2, count: 3)";
        assert_eq!(locate(ron, &[Needle::Field("count")]), Some((1, 14)));
    }
}
