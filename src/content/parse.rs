//! Turning a [`SourceFile`] into a typed value, with errors that name the line, the column and
//! the field path (`cards[3].speed`).
//!
//! Both parsers limit nesting depth (ron and `serde_json` both stop at 128 levels), so deeply
//! nested brackets are an error, not a stack overflow.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;

use super::error::{LoadError, LoadErrorCode};
use super::source::{Format, SourceFile};

/// Parses the whole text as `T`. Error messages speak of the file as the user wrote it: field
/// paths, the range a number must be in, never the program's type names.
pub fn parse<T: DeserializeOwned + JsonSchema>(source: &SourceFile) -> Result<T, LoadError> {
    let parsed = match source.format {
        Format::Ron => parse_ron(source),
        Format::Json => parse_json(source),
    };
    parsed.map_err(|mut error| {
        error.message = super::plain_words::plain_words::<T>(&error.message);
        error
    })
}

fn parse_ron<T: DeserializeOwned>(source: &SourceFile) -> Result<T, LoadError> {
    let options = ron::Options::default();
    let mut deserializer = ron::Deserializer::from_str_with_options(&source.text, &options)
        .map_err(|spanned| ron_error(source, &spanned, ""))?;
    let value = serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        let path = field_path(&error);
        let spanned = deserializer.span_error(error.into_inner());
        ron_error(source, &spanned, &path)
    })?;
    deserializer
        .end()
        .map_err(|error| ron_error(source, &deserializer.span_error(error), ""))?;
    Ok(value)
}

fn parse_json<T: DeserializeOwned>(source: &SourceFile) -> Result<T, LoadError> {
    let mut deserializer = serde_json::Deserializer::from_str(&source.text);
    let value = serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        let path = field_path(&error);
        json_error(source, error.inner(), &path)
    })?;
    deserializer
        .end()
        .map_err(|error| json_error(source, &error, ""))?;
    Ok(value)
}

/// The dotted path to the field being read, or empty at the top level or when the parser
/// failed before reaching any field (`serde_path_to_error` writes `.` and `?` for those).
fn field_path<E>(error: &serde_path_to_error::Error<E>) -> String {
    let path = error.path().to_string();
    if path == "." || path == "?" {
        String::new()
    } else {
        path
    }
}

fn located_message(path: &str, message: &str) -> String {
    if path.is_empty() {
        message.to_owned()
    } else {
        format!("at `{path}`: {message}")
    }
}

fn ron_error(source: &SourceFile, spanned: &ron::error::SpannedError, path: &str) -> LoadError {
    let start = spanned.span.start;
    LoadError::new(
        &source.path,
        LoadErrorCode::Parse,
        located_message(path, &spanned.code.to_string()),
    )
    .at(start.line.max(1), start.col.max(1))
}

fn json_error(source: &SourceFile, error: &serde_json::Error, path: &str) -> LoadError {
    // serde_json appends " at line L column C" to its message; the location is reported
    // separately, so it is cut from the sentence.
    let full = error.to_string();
    let message = match full.rsplit_once(" at line ") {
        Some((message, _)) if error.line() > 0 => message.to_owned(),
        _ => full,
    };
    let loaded = LoadError::new(
        &source.path,
        LoadErrorCode::Parse,
        located_message(path, &message),
    );
    if error.line() > 0 {
        loaded.at(error.line(), error.column().max(1))
    } else {
        loaded
    }
}
