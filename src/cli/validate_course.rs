//! What `validate` says of a course file: it is built (a pile with each of `--course-seeds`
//! seeds), the seeds that build no track are reported in one diagnostic with the first reason,
//! and each track it builds is checked as a track file is, at the lines of its canonical text,
//! under the name `COURSE (course seed S)` (`roadwright course build COURSE --seed S` writes
//! that text). With `--play` those tracks are played too.

use std::path::{Path, PathBuf};

use crate::content::{Document, Format, LoadedDocument, SourceFile};
use crate::sim::course_track::CourseFiles;
use crate::validate::Diagnostic;

/// A course's diagnostics, and the tracks it builds as documents to check and play.
pub(super) fn course_tracks(
    path: &Path,
    course: &crate::content::course::Course,
    seeds: u64,
) -> (Vec<Diagnostic>, Vec<LoadedDocument>) {
    let files = match CourseFiles::read(path, course.clone()) {
        Ok(files) => files,
        Err(found) => return (found, Vec::new()),
    };
    let draws = files.draws(0..seeds.max(1));
    let mut found = Vec::new();
    if let Some((_, first)) = draws.failed.first() {
        let message = if files.is_pile() {
            let failing: Vec<String> = draws.failed.iter().map(|(s, _)| s.to_string()).collect();
            format!(
                "{} of the {} seeds 0-{} draw no course that builds: seeds {}; seed {}: {first}",
                draws.failed.len(),
                seeds.max(1),
                seeds.max(1) - 1,
                failing.join(", "),
                draws.failed[0].0
            )
        } else {
            first.clone()
        };
        found.push(Diagnostic::error_in(path, "course-build", message));
    }
    let documents = draws
        .built
        .into_iter()
        .filter_map(|(seed, track)| {
            let text = Document::Track(track).to_text(Format::Ron).ok()?;
            let name = if files.is_pile() {
                PathBuf::from(format!("{} (course seed {seed})", path.display()))
            } else {
                path.to_owned()
            };
            let source = SourceFile::from_text(name, text, Format::Ron);
            Some(LoadedDocument {
                document: Document::parse(&source).ok()?,
                source,
            })
        })
        .collect();
    (found, documents)
}
