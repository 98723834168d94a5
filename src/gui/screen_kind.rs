//! Which screen fills the window's centre, as an id. Kept apart from the
//! [`super::screen::Screen`] trait and the registry ([`super::screens`]) so that the actions can
//! name the screens they apply to without depending on what a screen is.

/// Which screen fills the centre; its row in [`super::screens::SCREENS`] says the rest.
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
    /// The design report: win rates, skill gaps and what each option is worth.
    Analyse,
}
