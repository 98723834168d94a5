//! The studio window (egui/eframe). Thin: screens draw state and emit [`StudioCommand`]s and
//! [`crate::edit::Edit`]s, which the app applies after drawing; no game rule lives here.
//!
//! - [`app`]: the session, the screens and the routing between them; one frame of the window.
//! - [`screen`]: the [`screen::Screen`] trait every screen implements; [`screens`]: the
//!   registry, one row per screen. The screens: [`editor`] (the document shown, its inspector
//!   and the diagnostics), [`race`] (a test race or a record watched, its start dialog),
//!   [`simulation`] (batches of bot races and their statistics), [`tune`] (automatic tuning).
//! - [`action`]: what the user can ask for; [`action_table`]: every action in one table;
//!   [`menu`]: the menu bar, the Help sheet and key handling generated from it.
//! - [`job`]: background work with progress and cancel, used by validation, the check by play,
//!   race bots, batches, pictures and the system's file dialog.
//! - [`canvas`]: the track canvas (camera, drawing, tools); [`inspector`]: its side panel; the
//!   deck and team editors, one per file kind.
//! - [`session`]: the editing session without a window (documents and their histories,
//!   validation, saving, autosave and recovery, the unsaved-changes question); [`document`],
//!   [`workspace`]: open documents with their undo history and saved state, by [`DocumentId`];
//!   [`recovery`]: autosaved copies; [`validation`]: live validation as a job; [`prefs`]: what
//!   persists between runs.

pub mod action;
pub mod action_table;
pub mod analyse;
pub mod app;
pub mod backdrop;
mod banners;
pub mod canvas;
mod clipboard;
pub mod combat_deck_editor;
pub mod command;
pub mod course_editor;
pub mod course_tracks;
pub mod diagnostics_panel;
pub mod disk_stamp;
pub mod document;
pub mod editor;
pub mod fields;
pub mod file_picker;
pub mod hazard_deck_editor;
pub mod help;
pub mod inspector;
pub mod job;
pub mod menu;
pub mod mission_editor;
pub mod movement_events_editor;
pub mod play_checker;
pub mod plural;
pub mod prefs;
pub mod print_dialog;
mod question;
pub mod race;
pub mod race_deck_editor;
pub mod recovery;
pub mod rename_question;
pub mod screen;
mod screen_kind;
pub mod screens;
pub mod session;
mod sidebar;
pub mod simulation;
pub mod status;
pub mod team_editor;
pub mod terrain_editor;
pub mod tile_shelf;
pub mod tune;
pub mod validation;
pub mod workspace;

pub use app::StudioApp;
pub use command::StudioCommand;
pub use prefs::Prefs;
pub use session::Answer;
pub use session::Session;
pub use workspace::{DocumentId, Workspace};

use std::path::PathBuf;

/// Opens the studio window on `path` (a content pack folder or a content file), with `extra`
/// files (tracks) beside it, and runs until it is closed.
pub fn run(path: PathBuf, extra: Vec<PathBuf>) -> eframe::Result {
    eframe::run_native(
        "Roadwright",
        native_options(),
        Box::new(move |creation| {
            let prefs = StudioApp::stored_prefs(creation.storage);
            Ok(Box::new(
                StudioApp::with_prefs(&path, &extra, prefs).welcomed(),
            ))
        }),
    )
}

/// The window: its first size, and eframe keeping its size and position (and the app's
/// storage) between runs.
fn native_options() -> eframe::NativeOptions {
    eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Roadwright")
            .with_inner_size([1280.0, 800.0]),
        persist_window: true,
        ..eframe::NativeOptions::default()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_window_options_ask_eframe_to_keep_its_size_and_position() {
        let options = super::native_options();
        assert!(options.persist_window);
        assert_eq!(
            options.viewport.inner_size,
            Some(egui::vec2(1280.0, 800.0)),
            "the size of a first run"
        );
    }
}
