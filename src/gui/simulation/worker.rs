//! A batch of bot races played as a background [`Job`], a slice at a time, so the screen shows
//! results while it runs; Cancel (or leaving the batch behind) stops it between races.

use crate::gui::job::Job;
use crate::sim::batch::{BatchSpec, RaceSummary, run_range};

/// Races played between two updates of the screen.
pub const SLICE: usize = 25;

/// What the batch job reports.
#[derive(Debug)]
pub enum BatchUpdate {
    /// More races, in race order, following those reported before.
    Races(Vec<RaceSummary>),
    /// A race could not be played.
    Failed(String),
}

/// A batch being played.
#[derive(Debug)]
pub struct BatchRun {
    job: Job<BatchUpdate>,
    /// Races in the batch.
    pub total: usize,
    /// When it started (the window's clock), for races per second.
    pub started: f64,
}

impl BatchRun {
    /// Starts playing `spec` on every core.
    #[must_use]
    pub fn start(spec: BatchSpec, now: f64) -> Self {
        let total = spec.races;
        let job = Job::spawn("batch", move |handle| {
            handle.set_total(spec.races);
            let mut start = 0;
            while start < spec.races && !handle.is_cancelled() {
                let end = (start + SLICE).min(spec.races);
                let progress = |_: usize| {
                    handle
                        .done_counter()
                        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                };
                let update = match run_range(&spec, start..end, 0, &progress, handle.cancel_flag())
                {
                    Ok(races) => BatchUpdate::Races(races),
                    Err(error) => BatchUpdate::Failed(error),
                };
                let failed = matches!(update, BatchUpdate::Failed(_));
                if !handle.send(update) || failed {
                    break;
                }
                start = end;
            }
        });
        Self {
            job,
            total,
            started: now,
        }
    }

    /// Races played so far.
    #[must_use]
    pub fn done(&self) -> usize {
        self.job.progress().0
    }

    /// Stops the batch between races.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// The updates that arrived, and whether the batch is finished (every race played,
    /// cancelled, or failed).
    #[must_use]
    pub fn poll(&mut self) -> (Vec<BatchUpdate>, bool) {
        let updates = self.job.poll();
        (updates, self.job.is_finished())
    }

    /// Waits for the next update (tests); `None` once the batch is finished.
    #[must_use]
    pub fn wait(&mut self) -> Option<BatchUpdate> {
        self.job.wait_next()
    }
}
