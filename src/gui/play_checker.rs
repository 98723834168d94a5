//! Validation by play in the background: once the edits settle, the tracks that changed (as
//! play sees them) are played ([`crate::sim::play_check`]) on a thread of their own, with the
//! races counted for a progress bar; a new edit or the user's Cancel stops it, and the window
//! never waits for it. Nothing here draws.
//!
//! Each track's findings are kept with a fingerprint of what they were found on: the pack's
//! content (its decks, mats, rulesets, ground and hazards: not its missions, scenarios, tuning
//! specs or bot profiles, which play here never reads) and the track's graph (its geometry and background picture
//! left out, since the rules never read them). An edit replays only the tracks whose
//! fingerprint it changed (all of them when the content changed), so moving spaces or choosing
//! a picture plays nothing, and editing one track does not replay the others.

use std::collections::{BTreeMap, BTreeSet};
use std::hash::{Hash, Hasher};
use std::path::PathBuf;

use super::job::{Job, JobHandle};
use super::validation::Snapshot;
use crate::content::Document;
use crate::content::track::Track;
use crate::sim::play_check::{play_tracks, playable_tracks};
use crate::validate::Diagnostic;
use crate::validate::pack::validate_pack;

/// Seconds without an edit before the content is played: typing a name must not start (and
/// cancel) a few hundred races at every key.
pub const SETTLE_SECONDS: f64 = 1.5;

/// The ruleset play uses among these ids: `standard` when there is one, else the first in
/// order (the same choice from the checked content and from the documents).
#[must_use]
pub fn play_ruleset<'a>(ids: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut ids: Vec<&str> = ids.collect();
    ids.sort_unstable();
    ids.iter()
        .find(|&&id| id == "standard")
        .or_else(|| ids.first())
        .map(|id| (*id).to_owned())
}

/// What play sees of a snapshot: the content's fingerprint and each track's.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
struct Fingerprints {
    content: u64,
    tracks: BTreeMap<PathBuf, u64>,
}

impl Fingerprints {
    fn of(snapshot: &Snapshot) -> Self {
        let mut content = std::collections::hash_map::DefaultHasher::new();
        let mut tracks = BTreeMap::new();
        for (path, _, document) in &snapshot.documents {
            match document {
                Document::Track(track) => {
                    tracks.insert(path.clone(), fingerprint(&as_played(track)));
                }
                // A course is played as the track it builds (fingerprinted as a track); a tile
                // only through the courses that lay it.
                Document::Course(_) | Document::Tile(_) => {}
                // What play reads of the rest is the pack's content (decks, mats, rulesets,
                // ground, hazards): a mission, a scenario, a tuning spec or a bot profile
                // edited replays no track (random bots play; no mission is raced here).
                other if other.kind().pack_role().in_pack() => {
                    path.hash(&mut content);
                    format!("{other:?}").hash(&mut content);
                }
                _ => {}
            }
        }
        Self {
            content: content.finish(),
            tracks,
        }
    }
}

/// The snapshot with each course's track beside it, as `validate --play` plays a course: the
/// track it builds with course seed 0 (named `COURSE (course seed 0)`), its tiles checked against
/// the pack's kinds of ground as edited. A course that builds no track adds nothing (the static
/// diagnostics say why: `course-build`).
fn with_courses_built(mut snapshot: Snapshot) -> Snapshot {
    let terrain = snapshot
        .documents
        .iter()
        .find_map(|(_, _, document)| match document {
            Document::Terrain(file) => crate::validate::checked::TerrainBook::from_file(file).ok(),
            _ => None,
        })
        .unwrap_or_else(crate::validate::checked::TerrainBook::standard);
    let built: Vec<(PathBuf, crate::content::Format, Document)> = snapshot
        .documents
        .iter()
        .filter_map(|(path, format, document)| {
            let Document::Course(course) = document else {
                return None;
            };
            let track =
                crate::sim::course_track::CourseFiles::build(path, course, &terrain, 0).ok()?;
            let named = crate::sim::course_track::built_name(path, 0);
            Some((named, *format, Document::Track(track)))
        })
        .collect();
    snapshot.documents.extend(built);
    snapshot
}

/// A track as the rules read it: the drawing (positions, headings, sizes) and the background
/// picture taken out.
fn as_played(track: &Track) -> Track {
    let mut track = track.clone();
    track.background = None;
    track.space_size = crate::content::track::SpaceSize {
        length: 1.0,
        width: 1.0,
    };
    for sector in track
        .sectors
        .iter_mut()
        .chain(track.start_sectors.iter_mut())
    {
        for space in &mut sector.spaces {
            space.x = 0.0;
            space.y = 0.0;
            space.heading = 0.0;
            space.size = None;
        }
    }
    track
}

fn fingerprint(value: &impl std::fmt::Debug) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    format!("{value:?}").hash(&mut hasher);
    hasher.finish()
}

/// One track's findings and what they were found on.
#[derive(Clone, Debug)]
struct TrackFindings {
    content: u64,
    track: u64,
    races: usize,
    found: Vec<Diagnostic>,
}

/// A check under way: the revision it checks, what it plays on, and its job (its total is the
/// races to play; `None` comes back when cancelled).
struct Check {
    revision: u64,
    on: Fingerprints,
    job: Job<Option<PerTrack>>,
}

/// Track by track: the races played on it (0 for a track that cannot be played, which the
/// static diagnostics explain) and its findings.
type PerTrack = Vec<(PathBuf, usize, Vec<Diagnostic>)>;

/// The background play check and its findings.
#[derive(Default)]
pub struct PlayChecker {
    job: Option<Check>,
    /// Each track's last findings, with what they were found on.
    by_track: BTreeMap<PathBuf, TrackFindings>,
    /// The findings of every track as the documents are, sorted.
    found: Vec<Diagnostic>,
    /// Whether every track the documents hold has findings for them as they are.
    complete: bool,
    /// The revision the last check that ran (or found nothing to play) was for.
    found_revision: Option<u64>,
    /// Counts the changes of `found`, so a reader can tell when to read it again.
    generation: u64,
    /// Races per track of the findings kept.
    races: usize,
    /// Tracks the last check played (0 when nothing had changed for play).
    last_played: Option<usize>,
    /// The revision the documents are at, and since when (for the settle delay).
    revision: Option<u64>,
    changed_at: f64,
}

impl PlayChecker {
    /// Follows the documents: a new `revision` cancels the check under way and drops the
    /// findings of tracks it changed for play; once the edits have settled a check starts on
    /// `snapshot()` for the tracks that need one, `races` races per track (0: no play).
    /// Collects a finished check. Returns whether a check is under way.
    pub fn tick(
        &mut self,
        revision: u64,
        now: f64,
        races: usize,
        snapshot: impl FnOnce() -> Snapshot,
    ) -> bool {
        let changed = self.revision != Some(revision);
        if changed {
            self.revision = Some(revision);
            self.changed_at = now;
            self.stop();
        }
        self.collect();
        let settled = now - self.changed_at >= SETTLE_SECONDS;
        let due = self.job.is_none() && self.found_revision != Some(revision) && settled;
        if due && races == 0 {
            self.found_revision = Some(revision);
        }
        let start = due && races > 0;
        if changed || start {
            // One snapshot serves both: what the edit changed for play, and what to play.
            let snapshot = with_courses_built(snapshot());
            if changed {
                self.keep_findings_of(&Fingerprints::of(&snapshot), races);
            }
            if start {
                self.start(revision, races, snapshot);
            }
        }
        self.job.is_some()
    }

    /// Whether a check is due but waits for the edits to settle.
    #[must_use]
    pub fn waiting(&self) -> bool {
        self.job.is_none() && self.revision.is_some() && self.found_revision != self.revision
    }

    /// The findings of every track as the documents are (those checked so far).
    #[must_use]
    pub fn found(&self) -> &[Diagnostic] {
        &self.found
    }

    /// A number that changes whenever [`Self::found`] does.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Checks `revision` now, without waiting for edits to settle, and waits for the findings
    /// (tests, and scripts). Only what changed for play since the last check is played.
    pub fn run_now(&mut self, revision: u64, races: usize, snapshot: Snapshot) {
        self.stop();
        self.revision = Some(revision);
        let snapshot = with_courses_built(snapshot);
        self.keep_findings_of(&Fingerprints::of(&snapshot), races);
        self.start(revision, races, snapshot);
        self.wait();
    }

    /// Races played and to play, while a check runs.
    #[must_use]
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job.as_ref().map(|check| {
            let (played, total) = check.job.progress();
            (played.min(total), total)
        })
    }

    /// How many tracks the last check played: 0 when nothing had changed for play.
    #[must_use]
    pub fn last_played(&self) -> Option<usize> {
        self.last_played
    }

    /// Stops the check under way; the content is not played again until it changes.
    pub fn cancel(&mut self) {
        if let Some(job) = &self.job {
            self.found_revision = Some(job.revision);
        }
        self.stop();
    }

    /// Waits for the check under way (tests, and scripts).
    pub fn wait(&mut self) {
        if let Some(mut check) = self.job.take() {
            if let Some(Some(found)) = check.job.wait_next() {
                self.finished(&check.on, found);
            }
            self.found_revision = Some(check.revision);
        }
    }

    /// Every track checked: the races played on them all, and how many findings (the panel
    /// says "nothing found" rather than nothing at all).
    #[must_use]
    pub fn summary(&self) -> Option<(usize, usize)> {
        let races: usize = self.by_track.values().map(|t| t.races).sum();
        (self.complete && races > 0).then_some((races, self.found.len()))
    }

    /// Keeps the findings of the tracks `on` leaves as they were for play (at `races` races
    /// each), drops the rest and those of tracks gone.
    fn keep_findings_of(&mut self, on: &Fingerprints, races: usize) {
        let before = self.by_track.len();
        let kept_races = races == self.races;
        self.by_track.retain(|path, findings| {
            kept_races
                && findings.content == on.content
                && on.tracks.get(path) == Some(&findings.track)
        });
        self.races = races;
        self.complete = on
            .tracks
            .keys()
            .all(|path| self.by_track.contains_key(path));
        if self.by_track.len() != before {
            self.refresh_found();
        }
    }

    fn refresh_found(&mut self) {
        let mut found: Vec<Diagnostic> = self
            .by_track
            .values()
            .flat_map(|findings| findings.found.iter().cloned())
            .collect();
        found.sort_by_cached_key(ToString::to_string);
        found.dedup();
        self.found = found;
        self.generation += 1;
    }

    /// A check played its tracks to their end and found `found`, track by track.
    fn finished(&mut self, on: &Fingerprints, found: PerTrack) {
        self.last_played = Some(found.len());
        for (path, races, found) in found {
            let Some(&track) = on.tracks.get(&path) else {
                continue;
            };
            self.by_track.insert(
                path,
                TrackFindings {
                    content: on.content,
                    track,
                    races,
                    found,
                },
            );
        }
        self.complete = on
            .tracks
            .keys()
            .all(|path| self.by_track.contains_key(path));
        self.refresh_found();
    }

    fn stop(&mut self) {
        // A job dropped is cancelled.
        self.job = None;
    }

    fn collect(&mut self) {
        let Some(check) = &mut self.job else {
            return;
        };
        let arrived = check.job.poll().pop();
        if arrived.is_none() && !check.job.is_finished() {
            return;
        }
        let Some(check) = self.job.take() else {
            return;
        };
        if let Some(Some(found)) = arrived {
            self.finished(&check.on, found);
        }
        self.found_revision = Some(check.revision);
    }

    /// Starts a check of the tracks whose findings are not kept; with none, the revision is
    /// checked at once.
    fn start(&mut self, revision: u64, races: usize, snapshot: Snapshot) {
        let on = Fingerprints::of(&snapshot);
        let due: BTreeSet<PathBuf> = on
            .tracks
            .keys()
            .filter(|path| !self.by_track.contains_key(*path))
            .cloned()
            .collect();
        if due.is_empty() {
            self.last_played = Some(0);
            self.found_revision = Some(revision);
            return;
        }
        let pack = snapshot.into_pack();
        let job = Job::spawn("play-check", move |handle| {
            handle.send(play_all(&pack, &due, races, handle));
        });
        self.job = Some(Check { revision, on, job });
    }
}

/// Plays each valid track of the pack that is `due` on its content, track by track; `None`
/// when cancelled. Content with errors cannot be played: its tracks get no findings (the
/// static diagnostics say why).
fn play_all(
    pack: &crate::content::RawPack,
    due: &BTreeSet<PathBuf>,
    races: usize,
    watch: &JobHandle<Option<PerTrack>>,
) -> Option<PerTrack> {
    let none = || {
        due.iter()
            .map(|path| (path.clone(), 0, Vec::new()))
            .collect()
    };
    let Some(content) = validate_pack(pack).0 else {
        return Some(none());
    };
    let Some(ruleset) = play_ruleset(
        content
            .rulesets
            .keys()
            .map(crate::content::text::Id::as_str),
    ) else {
        return Some(none());
    };
    let tracks: Vec<_> = playable_tracks(&pack.files, &content.terrain)
        .into_iter()
        .filter(|(file, _)| due.contains(&file.source.path))
        .collect();
    watch.set_total(races * tracks.len());
    let playable: BTreeSet<PathBuf> = tracks
        .iter()
        .map(|(file, _)| file.source.path.clone())
        .collect();
    let mut found: PerTrack = due
        .iter()
        .filter(|path| !playable.contains(*path))
        .map(|path| (path.clone(), 0, Vec::new()))
        .collect();
    for track in tracks {
        let path = track.0.source.path.clone();
        let findings = play_tracks(
            vec![track],
            &content,
            pack,
            &ruleset,
            races,
            0,
            watch.done_counter(),
            watch.cancel_flag(),
        )?;
        found.push((path, races, findings));
    }
    Some(found)
}
