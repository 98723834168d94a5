//! Validation by play in the background: once the edits settle, every valid open track is
//! played ([`crate::sim::play_check`]) on a thread of its own, with the races counted for a
//! progress bar; a new edit or the user's Cancel stops it, and the window never waits for it.
//! Nothing here draws.

use super::job::{Job, JobHandle};
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

/// A check under way: the revision it checks, and its job (its total is the races to play,
/// set once the job knows which tracks can be played; `None` comes back when cancelled).
struct Check {
    revision: u64,
    job: Job<Option<Vec<Diagnostic>>>,
}

/// The background play check and its last findings.
#[derive(Default)]
pub struct PlayChecker {
    job: Option<Check>,
    /// The findings of the last check that finished, for the revision it checked.
    found: Vec<Diagnostic>,
    found_revision: Option<u64>,
    /// Counts the changes of `found`, so a reader can tell when to read it again.
    generation: u64,
    /// The races the last check played to its end (its findings are `found`).
    played: Option<usize>,
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
            self.played = None;
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
        self.job.as_ref().map(|check| {
            let (played, total) = check.job.progress();
            (played.min(total), total)
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
        if let Some(mut check) = self.job.take() {
            if let Some(Some(found)) = check.job.wait_next() {
                self.finished(check.job.progress().1, found);
            }
            self.found_revision = Some(check.revision);
        }
    }

    /// A check played `races` races to its end and found `found`.
    fn finished(&mut self, races: usize, found: Vec<Diagnostic>) {
        self.played = Some(races);
        self.found = found;
        self.generation += 1;
    }

    /// The last check played to its end: its races and how many findings it had (the panel says
    /// "nothing found" rather than nothing at all).
    #[must_use]
    pub fn summary(&self) -> Option<(usize, usize)> {
        self.played.map(|races| (races, self.found.len()))
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
        let (races, revision) = (check.job.progress().1, check.revision);
        if let Some(Some(found)) = arrived {
            self.finished(races, found);
        }
        self.found_revision = Some(revision);
        self.job = None;
    }

    fn start(&mut self, revision: u64, races: usize, snapshot: Snapshot) {
        let pack = snapshot.into_pack();
        let job = Job::spawn("play-check", move |handle| {
            handle.send(play_all(&pack, races, handle));
        });
        self.job = Some(Check { revision, job });
    }
}

/// Plays every valid track of the pack on its content; `None` when cancelled.
fn play_all(
    pack: &crate::content::RawPack,
    races: usize,
    watch: &JobHandle<Option<Vec<Diagnostic>>>,
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
    watch.set_total(races * tracks.len());
    play_tracks(
        tracks,
        &content,
        pack,
        &ruleset,
        races,
        0,
        watch.done_counter(),
        watch.cancel_flag(),
    )
}
