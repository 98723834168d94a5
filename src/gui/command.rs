//! What the studio's widgets ask for. Widgets never change state while drawing; they return
//! commands, and [`super::StudioApp::apply`] carries them out after the frame's drawing.

use std::path::PathBuf;

/// A request from a widget.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StudioCommand {
    /// Open a content pack folder or a content file.
    Open(PathBuf),
    /// Load the current pack again from disk.
    Reload,
    /// Show a file of the pack in the central panel, or the summary for `None`.
    SelectFile(Option<usize>),
    /// Close the window.
    Quit,
}
