//! Bots think off the frame thread: bot decisions are worked out on a thread of their own, on a
//! copy of the race, and collected by a later frame, so the window stays responsive while a
//! planner searches.
//!
//! With a pause between bot moves the worker makes one decision at a time. Without one it plays
//! on for up to a frame's worth of time ([`BATCH_TIME`]) and hands back every decision made, so
//! a race plays to its end at the engine's speed rather than one decision per frame.

use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread;
use std::time::{Duration, Instant};

use crate::rules::Decision;
use crate::sim::session::{Run, TestRace};

/// How long one batch of bot decisions may take before the frame sees them.
pub const BATCH_TIME: Duration = Duration::from_millis(30);

/// Bot decisions made on a copy of the race, and where they start.
#[derive(Clone, Debug)]
pub struct BotMoves {
    /// How many decisions the race had when the work started.
    pub from: usize,
    /// The decisions, in order.
    pub decisions: Vec<Decision>,
}

/// The bot work in progress, if any.
#[derive(Debug, Default)]
pub struct BotWorker {
    pending: Option<Receiver<BotMoves>>,
}

impl BotWorker {
    /// Starts playing bot decisions on a copy of `race` until `run` stops, a person must decide,
    /// or `most` decisions were made (at most [`BATCH_TIME`] when `most` is more than one).
    /// Work still in progress is dropped.
    pub fn start(&mut self, mut race: TestRace, run: Run, most: usize) {
        let (sender, receiver) = channel();
        let spawned = thread::Builder::new()
            .name("roadwright-bots".to_owned())
            .spawn(move || {
                let from = race.race().decisions().len();
                let deadline = (most > 1).then(|| Instant::now() + BATCH_TIME);
                let decisions = race.play_bots(&run, most, deadline);
                // The receiver is gone when the race moved on meanwhile: nothing to report.
                sender.send(BotMoves { from, decisions }).ok();
            });
        if spawned.is_ok() {
            self.pending = Some(receiver);
        }
    }

    /// Whether bot decisions are being worked out.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.pending.is_some()
    }

    /// The decisions worked out, once they are ready.
    pub fn poll(&mut self) -> Option<BotMoves> {
        let receiver = self.pending.as_ref()?;
        match receiver.try_recv() {
            Ok(moves) => {
                self.pending = None;
                Some(moves)
            }
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                // The thread died without an answer: forget it, the next frame asks again.
                self.pending = None;
                None
            }
        }
    }

    /// Waits for the work in progress (tests, and a window closing).
    pub fn wait(&mut self) -> Option<BotMoves> {
        let moves = self.pending.as_ref()?.recv().ok();
        self.pending = None;
        moves
    }

    /// Forgets the work in progress (an undo or a restart made it stale).
    pub fn cancel(&mut self) {
        self.pending = None;
    }
}
