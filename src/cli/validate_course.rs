//! What `validate` says of a course file: it is built (a pile with each of `--course-seeds`
//! seeds), the seeds that build no track are reported in one diagnostic with the first reason,
//! and each track it builds is checked as a track file is, at the lines of its canonical text,
//! under the name `COURSE (course seed S)` (`roadwright course build COURSE --seed S` writes
//! that text). With `--play` those tracks are played too.

use std::path::Path;

use crate::content::{Document, Format, LoadedDocument, SourceFile};
use crate::sim::course_track::CourseFiles;
use crate::validate::Diagnostic;

/// How many seeds of a pile are built at a time: the tracks of one part are checked (and
/// played) and dropped before the next is built, so memory does not grow with `--course-seeds`
/// (30,000 seeds kept 30,000 tracks and aborted).
const SEEDS_AT_A_TIME: u64 = 256;

/// A course's diagnostics; the tracks it builds are handed to `each` as documents to check and
/// play, a part at a time.
pub(super) fn course_tracks(
    path: &Path,
    course: &crate::content::course::Course,
    seeds: u64,
    terrain: &crate::validate::checked::TerrainBook,
    each: &mut dyn FnMut(Vec<LoadedDocument>),
) -> Vec<Diagnostic> {
    let files = match CourseFiles::read(path, course.clone(), terrain) {
        Ok(files) => files,
        Err(found) => return found,
    };
    // What is wrong whatever the seed draws is said once, where it is written.
    if let Err(error) = crate::stretch::course::build_course(&files.course, &files.tiles, 0)
        && error.any_seed()
    {
        return files.track(0).err().unwrap_or_default();
    }
    let seeds = seeds.max(1);
    let mut seen = std::collections::BTreeSet::new();
    let mut failing: Vec<u64> = Vec::new();
    let mut first_reason = None;
    let mut start = 0;
    while start < seeds {
        let end = start.saturating_add(SEEDS_AT_A_TIME).min(seeds);
        let draws = files.draws_beside(start..end, &mut seen);
        for (seed, reason) in draws.failed {
            failing.push(seed);
            first_reason.get_or_insert(reason);
        }
        each(documents(path, &files, draws.built));
        if !files.is_pile() {
            break;
        }
        start = end;
    }
    let Some(first) = first_reason else {
        return Vec::new();
    };
    let message = if files.is_pile() {
        let listed: Vec<String> = failing.iter().map(u64::to_string).collect();
        format!(
            "{} of the {seeds} seeds 0-{} draw no course that builds: seeds {}; seed {}: {first}",
            failing.len(),
            seeds - 1,
            listed.join(", "),
            failing[0]
        )
    } else {
        first
    };
    vec![Diagnostic::error_in(path, "course-build", message)]
}

/// The tracks built, as the documents `validate` checks: named `COURSE (course seed S)` for a
/// pile, at the lines of their canonical text.
fn documents(
    path: &Path,
    files: &CourseFiles,
    built: Vec<(u64, crate::content::track::Track)>,
) -> Vec<LoadedDocument> {
    built
        .into_iter()
        .filter_map(|(seed, track)| {
            let text = Document::Track(track).to_text(Format::Ron).ok()?;
            let name = if files.is_pile() {
                crate::sim::course_track::built_name(path, seed)
            } else {
                path.to_owned()
            };
            let source = SourceFile::from_text(name, text, Format::Ron);
            Some(LoadedDocument {
                document: Document::parse(&source).ok()?,
                source,
            })
        })
        .collect()
}
