//! Parser messages in the words of the file: the parsers name Rust types (`struct Header`,
//! `in RaceCard`, `expected u32`) and say "out of bounds" without the bounds. This rewrites
//! them to speak of fields and ranges as the user wrote them, reading the range of a number
//! from the format's JSON Schema.

use schemars::{JsonSchema, SchemaGenerator, generate::SchemaSettings};
use serde_json::Value;

/// Rewrites a parser message about a `T` file in plain words.
pub(crate) fn plain_words<T: JsonSchema>(message: &str) -> String {
    // The message may start with the field path the parse module put there.
    let (path, body) = match message.strip_prefix("at `") {
        Some(rest) => match rest.split_once("`: ") {
            Some((path, body)) => (Some(path), body),
            None => (None, message),
        },
        None => (None, message),
    };
    let path = path.map(readable_path);
    let path = path.as_deref().filter(|p| !p.is_empty());
    let mut body = body.to_owned();
    if body.contains("struct `Header`") || body.contains("`Header`") {
        "a content file opens with `(kind: ..., version: ...)` (in JSON, an object with \
         \"kind\" and \"version\"); this one does not"
            .clone_into(&mut body);
    }
    body = strip_type_names(&body);
    for (rust, words) in NUMBER_WORDS {
        body = body.replace(&format!("expected {rust}"), &format!("expected {words}"));
    }
    if body.contains("out of bounds")
        && let Some(range) = path.and_then(|p| number_range::<T>(p))
    {
        body = format!("the number is out of range: it must be {range}");
    }
    let body = body.replace(" instead", "");
    match path {
        Some(path) => format!("at `{path}`: {body}"),
        None => body,
    }
}

/// The words for the integer types serde names.
const NUMBER_WORDS: [(&str, &str); 9] = [
    ("u8", "a whole number from 0 to 255"),
    ("u16", "a whole number from 0 to 65535"),
    ("u32", "a whole number from 0 to 4294967295"),
    ("u64", "a whole number from 0 to 18446744073709551615"),
    ("i8", "a whole number from -128 to 127"),
    ("i16", "a whole number from -32768 to 32767"),
    ("i32", "a whole number from -2147483648 to 2147483647"),
    ("i64", "a whole number"),
    ("f32", "a number"),
];

/// Drops the Rust type names the parsers add: ``in `RaceCard` `` and ``in enum `Terrain` ``.
fn strip_type_names(body: &str) -> String {
    let mut out = body.to_owned();
    for marker in [" in enum `", " in `", " for struct `", " for enum `"] {
        while let Some(start) = out.find(marker) {
            let after = start + marker.len();
            let Some(end) = out[after..].find('`') else {
                break;
            };
            out.replace_range(start..=after + end, "");
        }
    }
    out
}

/// The range of the integer field at `path` (`cards[3].count`), from `T`'s schema.
fn number_range<T: JsonSchema>(path: &str) -> Option<String> {
    let schema = SchemaGenerator::new(SchemaSettings::draft2020_12()).into_root_schema_for::<T>();
    let root = schema.as_value();
    let mut at = root;
    for segment in path.split('.') {
        let (name, indexed) = match segment.split_once('[') {
            Some((name, _)) => (name, segment.matches('[').count()),
            None => (segment, 0),
        };
        if !name.is_empty() {
            at = resolve(root, at).get("properties")?.get(name)?;
        }
        for _ in 0..indexed {
            at = resolve(root, at).get("items")?;
        }
    }
    let format = resolve(root, at).get("format")?.as_str()?;
    let words = match format {
        "uint8" => "u8",
        "uint16" => "u16",
        "uint32" | "uint" => "u32",
        "uint64" => "u64",
        "int8" => "i8",
        "int16" => "i16",
        "int32" => "i32",
        "int64" => "i64",
        _ => return None,
    };
    NUMBER_WORDS
        .iter()
        .find(|(rust, _)| *rust == words)
        .map(|(_, text)| (*text).to_owned())
}

/// Follows a `$ref` to its definition.
fn resolve<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    let mut at = schema;
    for _ in 0..16 {
        let Some(reference) = at.get("$ref").and_then(Value::as_str) else {
            return at;
        };
        let Some(name) = reference.strip_prefix("#/$defs/") else {
            return at;
        };
        match root.get("$defs").and_then(|d| d.get(name)) {
            Some(next) => at = next,
            None => return at,
        }
    }
    at
}

/// A field path without the `?` segments `serde_path_to_error` writes where it cannot name
/// the step (an element read through a generic visitor): `cards[5].?.weapons` is
/// `cards[5].weapons` to the user, and `?[2]` is `[2]`.
fn readable_path(path: &str) -> String {
    let mut out = String::new();
    for segment in path.split('.') {
        let segment = match segment.strip_prefix('?') {
            Some(index) if index.is_empty() || index.starts_with('[') => index,
            _ => segment,
        };
        if !out.is_empty() && !segment.is_empty() && !segment.starts_with('[') {
            out.push('.');
        }
        out.push_str(segment);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{plain_words, readable_path};
    use crate::content::race_deck::RaceDeck;

    #[test]
    fn unnamed_path_steps_are_left_out_wherever_they_stand() {
        assert_eq!(readable_path("cards[5].?"), "cards[5]");
        assert_eq!(
            readable_path("cards[5].?.weapons.emp"),
            "cards[5].weapons.emp"
        );
        assert_eq!(readable_path("?.cards[1]"), "cards[1]");
        assert_eq!(readable_path("a.?[2].b"), "a[2].b");
        assert_eq!(readable_path("?"), "");
        assert_eq!(
            plain_words::<RaceDeck>("at `cards[2].?.speed`: invalid type"),
            "at `cards[2].speed`: invalid type"
        );
        assert_eq!(plain_words::<RaceDeck>("at `?`: oops"), "oops");
    }
}
