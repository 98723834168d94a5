//! Ctrl-C for the long commands (`simulate`, `validate --play`): the first press sets a flag
//! the work checks, so the command stops cleanly and reports what it did.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by Ctrl-C.
static STOP: AtomicBool = AtomicBool::new(false);

/// Clears the flag and makes sure Ctrl-C sets it; returns the flag for the work to watch. The
/// handler is installed once per process (the crate refuses a second one, and the first
/// serves every command run in the process).
pub(crate) fn watch_ctrl_c() -> &'static AtomicBool {
    STOP.store(false, Ordering::Relaxed);
    let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::Relaxed));
    &STOP
}
