//! The screens registry: one row per screen that fills the window's centre, saying which it is,
//! its name, and whether (and how) the Race menu's Show entry opens it. The menus, the Help
//! sheet's "where a key works" and the Show actions all come from here.
//!
//! Adding a screen: its folder (the type and its `impl Screen`), a [`ScreenKind`] variant and a
//! row here. A screen opened by handing it a value (a race started, a tuned pack compared) is
//! built by whoever has the value and handed to the app as
//! [`StudioCommand::OpenScreen`](super::command::StudioCommand::OpenScreen); its row then has no
//! Show entry.

use super::analyse::AnalyseScreen;
use super::screen::Screen;
use super::screen_kind::ScreenKind;
use super::simulation::SimulationScreen;
use super::tune::TuneScreen;
use super::workspace::{DocumentId, Workspace};

/// Makes a screen the first time it is shown: from what is open and the document shown.
pub type Build = fn(&Workspace, Option<DocumentId>) -> Box<dyn Screen>;

/// A screen's entry in the Race menu, which shows it (and opens it the first time).
#[derive(Clone, Copy)]
pub struct ShowEntry {
    /// The menu item.
    pub label: &'static str,
    /// What it does, in the menu's tooltip.
    pub help: &'static str,
    /// How the screen is made the first time it is shown.
    pub build: Build,
}

/// One row of the registry.
#[derive(Clone, Copy)]
pub struct ScreenRow {
    /// Which screen.
    pub kind: ScreenKind,
    /// Its name, as the Help sheet lists where a key works.
    pub name: &'static str,
    /// Its Show entry, when the Race menu opens it.
    pub show: Option<ShowEntry>,
}

/// Every screen, in the order the window offers them.
pub const SCREENS: &[ScreenRow] = &[
    ScreenRow {
        kind: ScreenKind::Editor,
        name: "editor",
        // Always open: "Back to the editor" shows it.
        show: None,
    },
    ScreenRow {
        kind: ScreenKind::Race,
        name: "race",
        // Opened with a race: Race > Start a test race…, or a record or a batch's race watched.
        show: None,
    },
    ScreenRow {
        kind: ScreenKind::Simulation,
        name: "simulation",
        show: Some(ShowEntry {
            label: "Simulate…",
            help: "Batches of bot races with statistics",
            build: |workspace, shown| Box::new(SimulationScreen::new(workspace, shown)),
        }),
    },
    ScreenRow {
        kind: ScreenKind::Tune,
        name: "tune",
        show: Some(ShowEntry {
            label: "Tune…",
            help: "Search for the values of chosen parameters that meet objectives, by bot races",
            build: |workspace, shown| Box::new(TuneScreen::new(workspace, shown)),
        }),
    },
    ScreenRow {
        kind: ScreenKind::Analyse,
        name: "design report",
        show: Some(ShowEntry {
            label: "Design report…",
            help: "Each side's win rate and skill gap, and what each option is worth to it by \
                   restricted play",
            build: |workspace, shown| Box::new(AnalyseScreen::new(workspace, shown)),
        }),
    },
];

/// The row of a screen.
#[must_use]
pub fn row(kind: ScreenKind) -> Option<&'static ScreenRow> {
    SCREENS.iter().find(|row| row.kind == kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_screen_kind_has_one_row() {
        let kinds: Vec<ScreenKind> = SCREENS.iter().map(|row| row.kind).collect();
        let mut unique = kinds.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), kinds.len(), "a screen with two rows");
        // A kind without a row would be missing from the Help sheet and the menus.
        for kind in [
            ScreenKind::Editor,
            ScreenKind::Race,
            ScreenKind::Simulation,
            ScreenKind::Tune,
        ] {
            assert!(row(kind).is_some(), "{kind:?} has no row");
        }
    }
}
