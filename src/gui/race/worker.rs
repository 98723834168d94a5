//! Bots think off the frame thread: one background [`Job`] per race screen, for as long as the
//! screen lives, plays the bots' decisions on a copy of the race (its bots included) and hands
//! the played copy back, so the window stays responsive while a planner searches.
//!
//! With a pause between bot moves the job makes one decision at a time. Without one it plays on
//! for up to a frame's worth of time ([`BATCH_TIME`]) and hands back every decision made, so a
//! race plays to its end at the engine's speed rather than one decision per frame.

use std::sync::mpsc::{Sender, channel};
use std::time::{Duration, Instant};

use crate::gui::job::Job;
use crate::sim::session::{Run, TestRace};

/// How long one batch of bot decisions may take before the frame sees them.
pub const BATCH_TIME: Duration = Duration::from_millis(30);

/// Bot decisions played on a copy of the race.
#[derive(Debug)]
pub struct BotMoves {
    /// The request it answers (an answer to an older request is stale).
    pub request: u64,
    /// How many decisions the race had when the work started.
    pub from: usize,
    /// The race after the bots' decisions, their state included.
    pub race: TestRace,
}

/// What the screen asks the job: play on this copy until the run stops.
struct Request {
    id: u64,
    race: TestRace,
    run: Run,
    most: usize,
}

/// The race's bot job, and the request it is working on, if any.
#[derive(Debug)]
pub struct BotWorker {
    requests: Sender<Request>,
    job: Job<BotMoves>,
    sent: u64,
    pending: Option<u64>,
}

impl std::fmt::Debug for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Request")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

impl Default for BotWorker {
    fn default() -> Self {
        let (requests, queue) = channel::<Request>();
        // One thread for the screen's life: it ends when the screen (and so the sender of its
        // requests) is dropped.
        let job = Job::spawn("bots", move |handle| {
            while let Ok(Request {
                id,
                mut race,
                run,
                most,
            }) = queue.recv()
            {
                let from = race.race().decisions().len();
                let deadline = (most > 1).then(|| Instant::now() + BATCH_TIME);
                race.play_bots(&run, most, deadline);
                let moves = BotMoves {
                    request: id,
                    from,
                    race,
                };
                if handle.is_cancelled() || !handle.send(moves) {
                    break;
                }
            }
        });
        Self {
            requests,
            job,
            sent: 0,
            pending: None,
        }
    }
}

impl BotWorker {
    /// Starts playing bot decisions on a copy of `race` until `run` stops, a person must decide,
    /// or `most` decisions were made (at most [`BATCH_TIME`] when `most` is more than one).
    /// Work still in progress is forgotten.
    pub fn start(&mut self, race: TestRace, run: Run, most: usize) {
        self.sent += 1;
        let request = Request {
            id: self.sent,
            race,
            run,
            most,
        };
        if self.requests.send(request).is_ok() {
            self.pending = Some(self.sent);
        }
    }

    /// Whether bot decisions are being worked out.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.pending.is_some()
    }

    /// The decisions worked out for the latest request, once they are ready.
    pub fn poll(&mut self) -> Option<BotMoves> {
        let arrived = self.job.poll();
        if self.job.is_finished() {
            // The job died without an answer: forget it, the next frame asks again.
            self.pending = None;
        }
        self.current(arrived)
    }

    /// Waits for the work in progress (tests, and a window closing).
    pub fn wait(&mut self) -> Option<BotMoves> {
        while let Some(wanted) = self.pending {
            let moves = self.job.wait_next()?;
            if moves.request == wanted {
                self.pending = None;
                return Some(moves);
            }
        }
        None
    }

    /// Forgets the work in progress (an undo or a restart made it stale).
    pub fn cancel(&mut self) {
        self.pending = None;
    }

    fn current(&mut self, arrived: Vec<BotMoves>) -> Option<BotMoves> {
        let wanted = self.pending?;
        let moves = arrived.into_iter().find(|m| m.request == wanted)?;
        self.pending = None;
        Some(moves)
    }
}
