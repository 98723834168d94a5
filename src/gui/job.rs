//! Background jobs: work done off the frame thread, in the manner of `poll-promise`, with
//! progress and a way to stop it.
//!
//! Every piece of studio work that may take longer than a frame runs as a [`Job`]: validation,
//! the check by play, the bots of a test race, simulations, background pictures and the
//! system's file dialog. A job is one thread. It reports by [`JobHandle::send`]ing updates,
//! which the owner collects with [`Job::poll`] (each frame) or [`Job::wait_next`] (tests and
//! scripts wait on the job rather than on the clock). Progress is two counters the work
//! advances and the owner reads. Cancel is a flag the work checks between steps; dropping the
//! job raises it too, so work whose screen or document is gone stops instead of running on
//! unseen.
//!
//! A job that needs more than one request over its life (validation, a race's bots) keeps a
//! request channel of its own beside the job; when the owner drops the job, that channel's
//! sender goes with it and the thread's loop ends.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};

/// What a job and its owner share: progress, and the cancel flag.
#[derive(Debug, Default)]
struct Shared {
    done: AtomicUsize,
    total: AtomicUsize,
    cancel: AtomicBool,
}

/// The work's side of a job: where it reports, counts its progress and learns it is cancelled.
pub struct JobHandle<T> {
    shared: Arc<Shared>,
    sender: Sender<T>,
    /// The window to wake when an update is sent (a job finishing while nothing moves must
    /// still be seen).
    wake: Option<egui::Context>,
}

impl<T> JobHandle<T> {
    /// Reports an update; `false` when the owner is gone (the work should stop).
    pub fn send(&self, update: T) -> bool {
        let sent = self.sender.send(update).is_ok();
        if let Some(ctx) = &self.wake {
            ctx.request_repaint();
        }
        sent
    }

    /// Whether the owner asked the work to stop (or dropped the job).
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.shared.cancel.load(Ordering::Relaxed)
    }

    /// The cancel flag itself, for engine loops that take one (`run_range`, the play check).
    #[must_use]
    pub fn cancel_flag(&self) -> &AtomicBool {
        &self.shared.cancel
    }

    /// The counter of steps done, for engine loops that count into one.
    #[must_use]
    pub fn done_counter(&self) -> &AtomicUsize {
        &self.shared.done
    }

    /// Sets how many steps the work has in all (shown as `done / total`).
    pub fn set_total(&self, total: usize) {
        self.shared.total.store(total, Ordering::Relaxed);
    }
}

/// Work in progress on a thread of its own, and the updates it sent that were not yet taken.
pub struct Job<T> {
    shared: Arc<Shared>,
    updates: Receiver<T>,
    finished: bool,
}

impl<T> std::fmt::Debug for Job<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job")
            .field("progress", &self.progress())
            .field("finished", &self.finished)
            .finish_non_exhaustive()
    }
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a thread named `name`. When no thread can be started the job ends at
    /// once without an update, as a job whose work stopped does: each owner already handles
    /// that (validation falls back to this thread; a picture reports its reader stopped).
    pub fn spawn(name: &str, work: impl FnOnce(&JobHandle<T>) + Send + 'static) -> Self {
        Self::start(name, None, work)
    }

    /// [`Self::spawn`], waking the window `ctx` at each update.
    pub fn spawn_waking(
        name: &str,
        ctx: &egui::Context,
        work: impl FnOnce(&JobHandle<T>) + Send + 'static,
    ) -> Self {
        Self::start(name, Some(ctx.clone()), work)
    }

    fn start(
        name: &str,
        wake: Option<egui::Context>,
        work: impl FnOnce(&JobHandle<T>) + Send + 'static,
    ) -> Self {
        let shared = Arc::new(Shared::default());
        let (sender, updates) = channel();
        let handle = JobHandle {
            shared: Arc::clone(&shared),
            sender,
            wake,
        };
        // A thread that cannot start drops the work and its handle: the job is then finished.
        let _ = std::thread::Builder::new()
            .name(format!("roadwright-{name}"))
            .spawn(move || work(&handle));
        Self {
            shared,
            updates,
            finished: false,
        }
    }
}

impl<T> Job<T> {
    /// Every update that arrived since the last call (the frame's look at the job).
    pub fn poll(&mut self) -> Vec<T> {
        let mut arrived = Vec::new();
        loop {
            match self.updates.try_recv() {
                Ok(update) => arrived.push(update),
                Err(TryRecvError::Empty) => return arrived,
                Err(TryRecvError::Disconnected) => {
                    self.finished = true;
                    return arrived;
                }
            }
        }
    }

    /// The next update, waiting for it; `None` once the work has ended and every update was
    /// taken (tests and scripts wait on the job, never on the clock).
    pub fn wait_next(&mut self) -> Option<T> {
        if let Ok(update) = self.updates.recv() {
            Some(update)
        } else {
            self.finished = true;
            None
        }
    }

    /// Whether the work has ended (seen by the last [`Self::poll`] or [`Self::wait_next`]).
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Steps done and steps in all, as the work counted them.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        (
            self.shared.done.load(Ordering::Relaxed),
            self.shared.total.load(Ordering::Relaxed),
        )
    }

    /// Asks the work to stop at its next check.
    pub fn cancel(&self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether the job was asked to stop.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.shared.cancel.load(Ordering::Relaxed)
    }
}

/// A job nobody holds is cancelled: its screen, document or question is gone.
impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_reports_its_updates_and_its_end() {
        let mut job = Job::spawn("test", |handle| {
            handle.set_total(3);
            for step in 0..3 {
                handle.done_counter().fetch_add(1, Ordering::Relaxed);
                handle.send(step);
            }
        });
        let mut seen = Vec::new();
        while let Some(step) = job.wait_next() {
            seen.push(step);
        }
        assert_eq!(seen, [0, 1, 2]);
        assert!(job.is_finished());
        assert_eq!(job.progress(), (3, 3));
    }

    #[test]
    fn a_cancelled_job_stops_at_its_next_check() {
        let (go, gate) = channel::<()>();
        let mut job = Job::spawn("test", move |handle| {
            gate.recv().ok();
            let mut steps = 0;
            while !handle.is_cancelled() && steps < 1_000_000 {
                steps += 1;
            }
            handle.send(steps);
        });
        job.cancel();
        go.send(()).ok();
        assert_eq!(job.wait_next(), Some(0), "no step after the cancel");
    }

    #[test]
    fn dropping_a_job_cancels_its_work() {
        let (seen_send, seen) = channel::<bool>();
        let (go, gate) = channel::<()>();
        let job = Job::<()>::spawn("test", move |handle| {
            gate.recv().ok();
            seen_send.send(handle.is_cancelled()).ok();
        });
        drop(job);
        go.send(()).ok();
        assert_eq!(seen.recv().ok(), Some(true), "the work saw the cancel");
    }
}
