//! The status bar's message: the last save, error or notice, gone after a few seconds so an old
//! "Saved" never reads as news.

/// How long a status message stays in the status bar, in seconds.
pub const STATUS_SECONDS: f64 = 8.0;

/// The message in the status bar and since when it shows.
#[derive(Clone, Debug, Default)]
pub struct StatusLine {
    text: Option<String>,
    /// When the message was first drawn (egui's clock); `None` until then.
    since: Option<f64>,
}

impl StatusLine {
    /// Shows a message, for [`STATUS_SECONDS`] from the next frame (a message said again
    /// starts again).
    pub fn say(&mut self, text: impl Into<String>) {
        self.text = Some(text.into());
        self.since = None;
    }

    /// The message shown, if any.
    #[must_use]
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// Starts the message's clock on its first frame and clears it once its time is up.
    pub fn tick(&mut self, now: f64) {
        if self.text.is_none() {
            return;
        }
        let since = *self.since.get_or_insert(now);
        if now - since >= STATUS_SECONDS {
            *self = Self::default();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_goes_after_its_time_and_saying_it_again_starts_again() {
        let mut status = StatusLine::default();
        status.say("Saved oval.ron");
        status.tick(10.0);
        status.tick(17.0);
        assert_eq!(status.text(), Some("Saved oval.ron"));
        // Saved again a second before it would have gone: shown for its full time again.
        status.say("Saved oval.ron");
        status.tick(17.5);
        status.tick(25.0);
        assert_eq!(status.text(), Some("Saved oval.ron"));
        status.tick(25.5);
        assert_eq!(status.text(), None);
    }
}
