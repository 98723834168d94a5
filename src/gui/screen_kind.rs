//! Where a screen is registered: the kinds of screen that fill the window's centre. Kept apart
//! from the [`super::screen::Screen`] trait so that the action table can name the screens an
//! action applies to without depending on what a screen is.

/// Which screen fills the centre. The registration of a screen.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub enum ScreenKind {
    /// The editor: the document shown, with its inspector and the diagnostics.
    #[default]
    Editor,
    /// A test race, or a record watched.
    Race,
    /// Batches of bot races and their statistics.
    Simulation,
    /// Automatic tuning of the content by bot races.
    Tune,
}

impl ScreenKind {
    /// Every screen, in the order the window offers them.
    pub const ALL: [Self; 4] = [Self::Editor, Self::Race, Self::Simulation, Self::Tune];

    /// The screen's name, as the Help sheet lists where a key works.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Editor => "editor",
            Self::Race => "race",
            Self::Simulation => "simulation",
            Self::Tune => "tune",
        }
    }
}
