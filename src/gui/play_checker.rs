//! Validation by play in the background: once the edits settle, every valid open track is
//! played ([`crate::sim::play_check`]) on a thread of its own, with the races counted for a
//! progress bar; a new edit or the user's Cancel stops it, and the window never waits for it.
//! Nothing here draws.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread;

use super::validation::Snapshot;
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

/// A check running on its thread.
struct Job {
    revision: u64,
    progress: Arc<AtomicUsize>,
    /// Races to play: the worker sets it once it knows which tracks can be played.
    total: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
    result: Receiver<Option<Vec<Diagnostic>>>,
}

/// The background play check and its last findings.
#[derive(Default)]
pub struct PlayChecker {
    job: Option<Job>,
    /// The findings of the last check that finished, for the revision it checked.
    found: Vec<Diagnostic>,
    found_revision: Option<u64>,
    /// Counts the changes of `found`, so a reader can tell when to read it again.
    generation: u64,
    /// The revision the documents are at, and since when (for the settle delay).
    revision: Option<u64>,
    changed_at: f64,
}

impl PlayChecker {
    /// Follows the documents: a new `revision` cancels the check under way and drops findings
    /// about content that is gone; once the edits have settled a new check starts on
    /// `snapshot()`, `races` races per track (0: no play). Collects a finished check. Returns
    /// whether a check is under way.
    pub fn tick(
        &mut self,
        revision: u64,
        now: f64,
        races: usize,
        snapshot: impl FnOnce() -> Snapshot,
    ) -> bool {
        if self.revision != Some(revision) {
            self.revision = Some(revision);
            self.changed_at = now;
            self.stop();
            if !self.found.is_empty() {
                self.found.clear();
                self.generation += 1;
            }
        }
        self.collect();
        let settled = now - self.changed_at >= SETTLE_SECONDS;
        if self.job.is_none() && self.found_revision != Some(revision) && settled {
            if races == 0 {
                self.found_revision = Some(revision);
            } else {
                self.start(revision, races, snapshot());
            }
        }
        self.job.is_some()
    }

    /// Whether a check is due but waits for the edits to settle.
    #[must_use]
    pub fn waiting(&self) -> bool {
        self.job.is_none() && self.revision.is_some() && self.found_revision != self.revision
    }

    /// The findings of the last finished check.
    #[must_use]
    pub fn found(&self) -> &[Diagnostic] {
        &self.found
    }

    /// A number that changes whenever [`Self::found`] does.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Checks `revision` now, whatever ran before and without waiting for edits to settle, and
    /// waits for the findings (tests, and scripts).
    pub fn run_now(&mut self, revision: u64, races: usize, snapshot: Snapshot) {
        self.stop();
        self.revision = Some(revision);
        self.start(revision, races, snapshot);
        self.wait();
    }

    /// Races played and to play, while a check runs.
    #[must_use]
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job.as_ref().map(|job| {
            let total = job.total.load(Ordering::Relaxed);
            (job.progress.load(Ordering::Relaxed).min(total), total)
        })
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
        if let Some(job) = self.job.take() {
            if let Ok(Some(found)) = job.result.recv() {
                self.found = found;
                self.generation += 1;
            }
            self.found_revision = Some(job.revision);
        }
    }

    fn stop(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel.store(true, Ordering::Relaxed);
        }
    }

    fn collect(&mut self) {
        let Some(job) = &self.job else {
            return;
        };
        match job.result.try_recv() {
            Ok(found) => {
                if let Some(found) = found {
                    self.found = found;
                    self.generation += 1;
                }
                self.found_revision = Some(job.revision);
                self.job = None;
            }
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => {
                self.found_revision = Some(job.revision);
                self.job = None;
            }
        }
    }

    fn start(&mut self, revision: u64, races: usize, snapshot: Snapshot) {
        let pack = snapshot.into_pack();
        let progress = Arc::new(AtomicUsize::new(0));
        let total = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (sender, result) = channel();
        let watch = Watch {
            played: Arc::clone(&progress),
            total: Arc::clone(&total),
            cancel: Arc::clone(&cancel),
        };
        let spawned = thread::Builder::new()
            .name("roadwright-play-check".to_owned())
            .spawn(move || {
                sender.send(play_all(&pack, races, &watch)).ok();
            });
        if spawned.is_ok() {
            self.job = Some(Job {
                revision,
                progress,
                total,
                cancel,
                result,
            });
        } else {
            self.found_revision = Some(revision);
        }
    }
}

/// What the check's thread shares with the window: races played, races to play, and Cancel.
struct Watch {
    played: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
}

/// Plays every valid track of the pack on its content; `None` when cancelled.
fn play_all(
    pack: &crate::content::RawPack,
    races: usize,
    watch: &Watch,
) -> Option<Vec<Diagnostic>> {
    let Some(content) = validate_pack(pack).0 else {
        // Content with errors cannot be played; the static diagnostics say why.
        return Some(Vec::new());
    };
    let ruleset = play_ruleset(
        content
            .rulesets
            .keys()
            .map(crate::content::text::Id::as_str),
    )?;
    let tracks = playable_tracks(&pack.files);
    watch.total.store(races * tracks.len(), Ordering::Relaxed);
    play_tracks(
        tracks,
        &content,
        pack,
        &ruleset,
        races,
        0,
        &watch.played,
        &watch.cancel,
    )
}
