//! A tuning run as a background [`Job`]: the same run as `roadwright tune` (search, final
//! measurements, tuned pack and report in the output folder), reporting each evaluation. Stop
//! ends the search and still measures and writes the best so far; dropping the run (the screen
//! closed, the studio quit) abandons it.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::gui::job::Job;
use crate::sim::tune::Tuning;
use crate::sim::tune::run::{Report, RunError, RunProgress, run};

/// What the tuning job reports.
#[derive(Debug)]
pub enum TuneUpdate {
    /// A step of the run.
    Progress(RunProgress),
    /// The run is over: its report (boxed: it is large beside a step), or why it failed.
    Finished(Result<Box<Report>, RunError>),
}

/// A tuning being run.
#[derive(Debug)]
pub struct TuneRun {
    job: Job<TuneUpdate>,
    stop: Arc<AtomicBool>,
}

impl TuneRun {
    /// Starts `tuning` into `out` (checked already) on every core.
    #[must_use]
    pub fn start(tuning: Arc<Tuning>, out: PathBuf) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = Arc::clone(&stop);
        let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let job = Job::spawn("tune", move |handle| {
            let result = run(
                &tuning,
                &out,
                threads,
                &|step| {
                    if let RunProgress::Evaluated { done, .. } = step {
                        handle.done_counter().store(done, Ordering::Relaxed);
                    }
                    if let RunProgress::Started { plan, .. } = step {
                        handle.set_total(plan.evaluations);
                    }
                    handle.send(TuneUpdate::Progress(step));
                },
                &stopping,
                handle.cancel_flag(),
            );
            handle.send(TuneUpdate::Finished(result.map(Box::new)));
        });
        Self { job, stop }
    }

    /// Ends the run within a race: the evaluation under way is dropped, and the best so far is
    /// written with the figures the search measured (see [`crate::sim::tune::run`]).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether Stop was asked.
    #[must_use]
    pub fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Evaluations done and planned.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        self.job.progress()
    }

    /// The updates that arrived.
    pub fn poll(&mut self) -> Vec<TuneUpdate> {
        self.job.poll()
    }

    /// Waits for the next update (tests); `None` once the run has ended.
    pub fn wait(&mut self) -> Option<TuneUpdate> {
        self.job.wait_next()
    }
}
