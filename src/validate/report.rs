//! Collecting diagnostics about one file, placing each at its object in the text.

use std::collections::BTreeMap;

use super::diagnostic::{Diagnostic, Location, ObjectRef, Severity};
use super::locate::{Needle, TextIndex};
use crate::content::SourceFile;
use crate::content::text::Id;

/// Checks a value built in memory (a file the studio or a test made, not read from disk) as if
/// saved to `name` in RON, so that its diagnostics point into its canonical text: what `check`
/// returned, or the errors it found.
pub fn check_in_memory<T: serde::Serialize, R>(
    value: &T,
    name: &str,
    check: impl FnOnce(&mut FileReport<'_>) -> Option<R>,
) -> Result<R, Vec<Diagnostic>> {
    let text =
        crate::content::save::to_text(value, crate::content::Format::Ron).unwrap_or_default();
    let source = SourceFile::from_text(
        std::path::PathBuf::from(name),
        text,
        crate::content::Format::Ron,
    );
    let mut found = Vec::new();
    check(&mut FileReport::new(&source, &mut found)).ok_or_else(|| {
        found.retain(Diagnostic::is_error);
        found
    })
}

/// Diagnostics being collected for one file.
pub struct FileReport<'a> {
    source: &'a SourceFile,
    out: &'a mut Vec<Diagnostic>,
    /// The errors in `out`, kept as they are pushed (counting them at each ask made checks that
    /// ask per object quadratic).
    errors: usize,
    /// The file's text indexed for placing diagnostics, built at the first one.
    index: std::cell::OnceCell<TextIndex>,
}

impl<'a> FileReport<'a> {
    /// Starts reporting on a file into `out`.
    pub fn new(source: &'a SourceFile, out: &'a mut Vec<Diagnostic>) -> Self {
        let errors = out.iter().filter(|d| d.is_error()).count();
        Self {
            source,
            out,
            errors,
            index: std::cell::OnceCell::new(),
        }
    }

    /// How many errors have been reported into the list so far (all files, not only this one).
    #[must_use]
    pub fn error_count(&self) -> usize {
        self.errors
    }

    /// Offers `fix` on the diagnostic reported last (the one-click mend the studio shows).
    pub fn offer_fix(&mut self, fix: super::diagnostic::Fix) {
        if let Some(last) = self.out.last_mut() {
            last.fix = Some(fix);
        }
    }

    /// Adds a diagnostic placed at the needles (see [`super::locate::locate`]).
    pub fn push(
        &mut self,
        severity: Severity,
        code: &'static str,
        object: Option<ObjectRef>,
        needles: &[Needle<'_>],
        message: String,
    ) {
        let text = &self.source.text;
        let position = self
            .index
            .get_or_init(|| TextIndex::of(text))
            .locate(text, needles);
        if severity == Severity::Error {
            self.errors += 1;
        }
        self.out.push(Diagnostic {
            severity,
            code,
            message,
            location: Location {
                file: Some(self.source.path.clone()),
                line: position.map(|(line, _)| line),
                column: position.map(|(_, column)| column),
                object,
            },
            play: None,
            fix: None,
        });
    }

    /// Adds an error.
    pub fn error(
        &mut self,
        code: &'static str,
        object: Option<ObjectRef>,
        needles: &[Needle<'_>],
        message: String,
    ) {
        self.push(Severity::Error, code, object, needles, message);
    }

    /// Adds a warning.
    pub fn warning(
        &mut self,
        code: &'static str,
        object: Option<ObjectRef>,
        needles: &[Needle<'_>],
        message: String,
    ) {
        self.push(Severity::Warning, code, object, needles, message);
    }

    /// Reports ids used twice (an error: other files and diagnostics could not tell the objects
    /// apart) and ids that break the `lower-case-words` convention (a warning).
    pub fn check_ids<'i>(
        &mut self,
        what: &str,
        ids: impl IntoIterator<Item = (&'i Id, ObjectRef)>,
    ) {
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        for (id, object) in ids {
            let occurrence = seen.entry(id.as_str()).or_default();
            *occurrence += 1;
            if id.as_str().is_empty() {
                self.error(
                    "empty-id",
                    Some(object),
                    &[Needle::Field("id")],
                    format!("a {what} has an empty id"),
                );
                continue;
            }
            if *occurrence == 2 {
                // Point at the second occurrence: the first is the one others mean.
                let needles = [Needle::Value(id.as_str()), Needle::Value(id.as_str())];
                self.error(
                    "duplicate-id",
                    Some(object),
                    &needles,
                    format!("{what} id `{id}` is used more than once"),
                );
            } else if *occurrence == 1 && !id.is_conventional() {
                self.warning(
                    "unconventional-id",
                    Some(object),
                    &[Needle::Value(id.as_str())],
                    format!(
                        "{what} id `{id}` should be lower-case letters and digits in words \
                         joined by `-`"
                    ),
                );
            }
        }
    }

    /// Reports a deck with no cards at all; `consequence` says what that breaks.
    pub fn check_deck_not_empty(&mut self, total: u64, what: &str, consequence: &str) {
        if total == 0 {
            self.error(
                "deck-empty",
                None,
                &[Needle::Field("cards")],
                format!("the {what} has no cards, so {consequence}"),
            );
        }
        self.check_deck_not_too_large(total, what);
    }

    /// Reports a deck holding more cards than [`super::limits::MAX_DECK_CARDS`].
    pub fn check_deck_not_too_large(&mut self, total: u64, what: &str) {
        if total > super::limits::MAX_DECK_CARDS {
            self.error(
                "deck-too-large",
                None,
                &[Needle::Field("cards")],
                format!(
                    "the {what} has {total} cards; a deck may hold at most {}",
                    super::limits::MAX_DECK_CARDS
                ),
            );
        }
    }

    /// Reports a card kind with no copies.
    pub fn check_count(&mut self, count: u32, id: &Id, object: &ObjectRef) {
        if count == 0 {
            self.error(
                "count-zero",
                Some(object.clone()),
                &[Needle::Value(id.as_str()), Needle::Field("count")],
                format!("{object} has a count of 0; remove it or give it at least one copy"),
            );
        }
        if count > super::limits::MAX_CARD_COUNT {
            self.error(
                "count-too-large",
                Some(object.clone()),
                &[Needle::Value(id.as_str()), Needle::Field("count")],
                format!(
                    "{object} has a count of {count}; a deck may hold 1 to {} copies of a card",
                    super::limits::MAX_CARD_COUNT
                ),
            );
        }
    }
}
