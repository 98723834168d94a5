//! A batch of bot races played off the frame thread, a slice at a time, so the screen shows
//! results while it runs; Cancel stops it between races.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread;

use crate::sim::batch::{BatchSpec, RaceSummary, run_range};

/// Races played between two updates of the screen.
pub const SLICE: usize = 25;

/// What the batch thread reports.
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
    updates: Receiver<BatchUpdate>,
    done: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
    /// Races in the batch.
    pub total: usize,
    /// When it started (the window's clock), for races per second.
    pub started: f64,
}

impl BatchRun {
    /// Starts playing `spec` on every core.
    #[must_use]
    pub fn start(spec: BatchSpec, now: f64) -> Self {
        let (sender, updates) = channel();
        let done = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let total = spec.races;
        let (counted, stop) = (Arc::clone(&done), Arc::clone(&cancel));
        let spawned = thread::Builder::new()
            .name("roadwright-batch".to_owned())
            .spawn(move || {
                let mut start = 0;
                while start < spec.races && !stop.load(Ordering::Relaxed) {
                    let end = (start + SLICE).min(spec.races);
                    let progress = |_: usize| {
                        counted.fetch_add(1, Ordering::Relaxed);
                    };
                    let update = match run_range(&spec, start..end, 0, &progress, &stop) {
                        Ok(races) => BatchUpdate::Races(races),
                        Err(error) => BatchUpdate::Failed(error),
                    };
                    let failed = matches!(update, BatchUpdate::Failed(_));
                    if sender.send(update).is_err() || failed {
                        break;
                    }
                    start = end;
                }
            });
        if spawned.is_err() {
            cancel.store(true, Ordering::Relaxed);
        }
        Self {
            updates,
            done,
            cancel,
            total,
            started: now,
        }
    }

    /// Races played so far.
    #[must_use]
    pub fn done(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    /// Stops the batch between races.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The updates that arrived, and whether the batch thread is finished (every race played,
    /// cancelled, or failed).
    #[must_use]
    pub fn poll(&self) -> (Vec<BatchUpdate>, bool) {
        let mut updates = Vec::new();
        loop {
            match self.updates.try_recv() {
                Ok(update) => updates.push(update),
                Err(std::sync::mpsc::TryRecvError::Empty) => return (updates, false),
                Err(std::sync::mpsc::TryRecvError::Disconnected) => return (updates, true),
            }
        }
    }

    /// Waits for the next update (tests); `None` once the thread is finished.
    #[must_use]
    pub fn wait(&self) -> Option<BatchUpdate> {
        self.updates.recv().ok()
    }
}
