//! Live validation off the UI thread.
//!
//! Each change sends a snapshot of the open documents to a worker thread, which validates
//! them as the command line would (a folder as a pack, files one by one) and sends back the
//! diagnostics with what validation built: the checked content and each checked track, from
//! which a test race starts without checking everything again. The worker skips snapshots
//! overtaken by newer ones, so typing fast on a big track never queues work, and the window
//! never waits for it.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc::{Sender, channel};

use super::job::Job;
use crate::content::source::{Format, SourceFile};
use crate::content::{Document, LoadError, LoadedDocument, RawPack};
use crate::validate::checked::Content;
use crate::validate::checked_track::CheckedTrack;
use crate::validate::locate::Needle;
use crate::validate::mission::CheckedMission;
use crate::validate::pack::validate_pack;
use crate::validate::report::FileReport;
use crate::validate::{Diagnostic, validate_opened};

/// What one validation run found and built.
#[derive(Clone, Debug, Default)]
pub struct Validated {
    /// Every diagnostic, sorted.
    pub diagnostics: Vec<Diagnostic>,
    /// The checked content, when the documents are a pack whose content files have no error.
    pub content: Option<Content>,
    /// Each track document without errors, checked, by the path validation names it with.
    pub tracks: BTreeMap<PathBuf, CheckedTrack>,
    /// Each mission document without errors, checked against the content and the open track
    /// it names, by the path validation names it with.
    pub missions: BTreeMap<PathBuf, CheckedMission>,
}

/// What one validation run needs: the documents as edited, and what failed to load.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The pack folder (or a single file's folder).
    pub root: PathBuf,
    /// Whether the files are checked together as a pack.
    pub is_folder: bool,
    /// The documents, with their file (or a made-up name for an untitled one) and format.
    pub documents: Vec<(PathBuf, Format, Document)>,
    /// Files that did not load.
    pub errors: Vec<LoadError>,
}

impl Snapshot {
    /// Validates the snapshot. Each document is written out as it would be saved, so that
    /// diagnostics point at the lines of the file the designer will get.
    #[must_use]
    pub fn validate(self) -> Validated {
        let pack = self.into_pack();
        let (content, mut diagnostics) = if pack.is_folder {
            validate_pack(&pack)
        } else {
            (None, validate_opened(&pack))
        };
        let terrain = content.as_ref().map_or_else(
            || crate::validate::open::pack_terrain(&pack),
            |content| content.terrain.clone(),
        );
        let mut tracks: BTreeMap<PathBuf, CheckedTrack> = pack
            .files
            .iter()
            .filter_map(|file| match &file.document {
                Document::Track(track) => CheckedTrack::new(track, &terrain, &file.source)
                    .ok()
                    .map(|checked| (file.source.path.clone(), checked)),
                _ => None,
            })
            .collect();
        let field = content.as_ref().map_or(
            crate::validate::limits::GRID_POSITIONS,
            crate::validate::checked::Content::largest_field,
        );
        check_courses(&pack, (&terrain, field), &mut tracks, &mut diagnostics);
        let missions = content.as_ref().map_or_else(BTreeMap::new, |content| {
            check_missions(&pack, content, &tracks, &mut diagnostics)
        });
        crate::validate::diagnostic::sort_diagnostics(&mut diagnostics);
        Validated {
            diagnostics,
            content,
            tracks,
            missions,
        }
    }

    /// The documents as a pack, each with the text it would be saved as (a race played on the
    /// studio's content reads this: unsaved edits included).
    #[must_use]
    pub fn into_pack(self) -> RawPack {
        let files = self
            .documents
            .into_iter()
            .filter_map(|(path, format, document)| {
                let text = document.to_text(format).ok()?;
                Some(LoadedDocument {
                    source: SourceFile::from_text(path, text, format),
                    document,
                })
            })
            .collect();
        RawPack {
            root: self.root,
            is_folder: self.is_folder,
            files,
            errors: self.errors,
        }
    }
}

/// The pack's missions checked as `validate` checks a mission file, but against the documents
/// as edited: the content open, and the open track each names (relative to the mission's
/// file). A mission whose track is not open says so. Its diagnostics join `diagnostics`
/// (sorted again); the missions without errors are returned.
fn check_missions(
    pack: &RawPack,
    content: &Content,
    tracks: &BTreeMap<PathBuf, CheckedTrack>,
    diagnostics: &mut Vec<Diagnostic>,
) -> BTreeMap<PathBuf, CheckedMission> {
    let profiles = crate::sim::profiles::profiles_of(pack);
    let mut checked = BTreeMap::new();
    for file in &pack.files {
        let Document::Mission(mission) = &file.document else {
            continue;
        };
        let mut found = Vec::new();
        let mut report = FileReport::new(&file.source, &mut found);
        let named = mission_track_path(&file.source.path, mission.track.as_str());
        let track = tracks
            .iter()
            .find(|(path, _)| crate::content::relative_path::same_file(path, &named))
            .map(|(_, track)| track);
        let mission_checked = if let Some(track) = track {
            let result = crate::validate::mission::check(mission, content, track, &mut report);
            crate::sim::mission::side_bots(mission, &profiles, &mut report);
            result
        } else {
            report.error(
                "mission-content",
                None,
                &[Needle::Field("track")],
                format!(
                    "the mission's track `{}` is not open in the studio, or has errors",
                    mission.track
                ),
            );
            None
        };
        if let Some(mission_checked) =
            mission_checked.filter(|_| !found.iter().any(Diagnostic::is_error))
        {
            checked.insert(file.source.path.clone(), mission_checked);
        }
        diagnostics.extend(found);
    }
    crate::validate::sort_diagnostics(diagnostics);
    checked
}

/// The track file a mission names, relative to the mission's file.
#[must_use]
pub fn mission_track_path(mission: &std::path::Path, track: &str) -> PathBuf {
    mission
        .parent()
        .unwrap_or(std::path::Path::new("."))
        .join(track)
}

/// The validation worker and what it last reported.
#[derive(Debug)]
pub struct Validator {
    jobs: Sender<(u64, Snapshot)>,
    results: Job<(u64, Validated)>,
    sent: u64,
    received: u64,
    /// A validation worked out on this thread when the worker is gone.
    fallback: Option<Validated>,
}

impl Default for Validator {
    fn default() -> Self {
        Self::new()
    }
}

impl Validator {
    /// Starts the worker thread; it ends when the validator is dropped.
    #[must_use]
    pub fn new() -> Self {
        let (jobs, job_queue) = channel::<(u64, Snapshot)>();
        // One job for the validator's life; it ends when the validator (and so the sender of
        // its requests) is dropped.
        let results = Job::spawn("validation", move |handle| {
            while let Ok(mut job) = job_queue.recv() {
                // Only the newest snapshot matters.
                while let Ok(newer) = job_queue.try_recv() {
                    job = newer;
                }
                let (generation, snapshot) = job;
                if handle.is_cancelled() || !handle.send((generation, snapshot.validate())) {
                    break;
                }
            }
        });
        Self {
            jobs,
            results,
            sent: 0,
            received: 0,
            fallback: None,
        }
    }

    /// Asks for a snapshot to be validated.
    pub fn submit(&mut self, snapshot: Snapshot) {
        self.sent += 1;
        if self.jobs.send((self.sent, snapshot.clone())).is_err() {
            // The worker could not start or has stopped: validate here rather than never.
            self.received = self.sent;
            self.fallback = Some(snapshot.validate());
        }
    }

    /// Whether a result newer than the last one received is still being worked out.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.received < self.sent
    }

    /// The newest validation that arrived since the last call, if any.
    pub fn poll(&mut self) -> Option<Validated> {
        let mut newest = self.fallback.take();
        for (generation, validated) in self.results.poll() {
            self.received = self.received.max(generation);
            newest = Some(validated);
        }
        newest
    }

    /// Waits for the validation of the last snapshot submitted (for tests and for saving).
    pub fn wait(&mut self) -> Option<Validated> {
        let mut newest = self.fallback.take();
        while self.received < self.sent {
            let Some((generation, validated)) = self.results.wait_next() else {
                break;
            };
            self.received = self.received.max(generation);
            newest = Some(validated);
        }
        newest
    }
}

/// Each course document is built from its tiles (course seed 0), checked against the pack's
/// kinds of ground as edited, as `validate` builds one: a tile the folder lacks, a join that
/// cannot be made, a tile with errors, each named at the course or the tile. The checked track
/// of each course that builds is kept under the course's file, where a mission naming the
/// course finds it. A course whose start seats fewer cars than the pack's largest `field` is
/// named too, as `validate` names it.
fn check_courses(
    pack: &RawPack,
    (terrain, field): (&crate::validate::checked::TerrainBook, u32),
    tracks: &mut BTreeMap<PathBuf, CheckedTrack>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for file in &pack.files {
        let Document::Course(course) = &file.document else {
            continue;
        };
        let built =
            crate::sim::course_track::CourseFiles::build(&file.source.path, course, terrain, 0)
                .and_then(|track| CheckedTrack::from_track(&track, terrain));
        match built {
            Ok(checked) => {
                if (checked.start_places() as u64) < u64::from(field) {
                    diagnostics.push(Diagnostic::error_in(
                        &file.source.path,
                        "grid-too-small",
                        format!(
                            "the course starts {} cars (course seed 0); the largest field of the \
                             pack's rulesets needs {field}",
                            checked.start_places()
                        ),
                    ));
                }
                tracks.insert(file.source.path.clone(), checked);
            }
            Err(found) => diagnostics.extend(found),
        }
    }
}
