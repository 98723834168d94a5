//! The studio window (egui/eframe). Thin: panels draw state and emit [`StudioCommand`]s, which
//! the app applies after drawing; no game rule lives here.

mod app;
mod command;
mod workspace;

pub use app::StudioApp;
pub use command::StudioCommand;
pub use workspace::Workspace;

use std::path::PathBuf;

/// Opens the studio window on `path` (a content pack folder or a content file), with `extra`
/// files (tracks) beside it, and runs until it is closed.
pub fn run(path: PathBuf, extra: Vec<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Roadwright")
            .with_inner_size([1280.0, 800.0]),
        ..eframe::NativeOptions::default()
    };
    eframe::run_native(
        "Roadwright",
        options,
        Box::new(move |_creation| Ok(Box::new(StudioApp::open_with(&path, &extra)))),
    )
}
