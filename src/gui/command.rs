//! What the studio's widgets ask the app for. Widgets never change state while drawing; they
//! return commands, and [`super::StudioApp::apply`] carries them out after the frame's drawing.
//!
//! These are the app's services only: open and show documents, edit them, pick a file, say
//! something, open a screen handed over ready-made. A screen's own requests (run a batch, export
//! it, save a record) are its own messages, handled inside it; a file it asks for comes back to
//! it ([`super::screen::Screen::picked`]).

use std::path::PathBuf;

use super::screen::Screen;
use crate::edit::{Edit, GroupKey};

/// A screen handed to the app to show, ready-made (a race started, a batch's race to watch, a
/// tuned pack to compare): it takes the place of an open screen of its kind.
pub struct OpenScreen(pub Box<dyn Screen>);

impl std::fmt::Debug for OpenScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpenScreen({:?})", self.0.kind())
    }
}

/// A request from a widget, a menu or a shortcut.
#[derive(Debug)]
pub enum StudioCommand {
    /// An action of the table ([`super::action`]): from a menu, a key or a button.
    Act(super::action::Action),
    /// Lay the copied sectors held by this pasted text (another studio's copy) at the end of
    /// the shown track's lap; text that holds none pastes the studio's own copy.
    PasteText(String),
    /// Open a content pack folder or a content file in place of what is open.
    Open(PathBuf),
    /// Open one more file (a track) beside what is open.
    AddFile(PathBuf),
    /// Show a document in the centre, or the summary for `None`.
    Show(Option<super::workspace::DocumentId>),
    /// Change a document.
    Edit {
        /// The document.
        document: super::workspace::DocumentId,
        /// The change.
        edit: Edit,
        /// Edits of one group make one undo step.
        group: Option<GroupKey>,
    },
    /// Save the shown document to a new file.
    SaveAs(PathBuf),
    /// Answer whether a track saved as a new file takes the file's id and name.
    RenameAnswer(super::rename_question::RenameAnswer),
    /// Show and select what a diagnostic is about.
    FocusDiagnostic(usize),
    /// Apply a diagnostic's one-click fix to its document.
    ApplyFix(usize),
    /// Take back the autosaved work the recovery banner lists at this position.
    Recover(usize),
    /// Throw away the autosaved work the recovery banner lists at this position.
    DiscardRecovery(usize),
    /// Answer the unsaved-changes question.
    Answer(super::session::Answer),
    /// Answer "this file changed on disk" for a document.
    DiskChange(super::workspace::DocumentId, super::session::DiskAnswer),
    /// Choose a file or folder for something (the system's dialog, or the in-window one).
    Pick(super::file_picker::Picker),
    /// A path chosen in a file dialog, for what it was asked for.
    Chosen(super::file_picker::Picker, PathBuf),
    /// Open a saved race record to watch.
    OpenRecord(PathBuf),
    /// Stop the background check by play.
    CancelPlayCheck,
    /// Write what the print window describes to this file or folder.
    PrintTo(PathBuf),
    /// Say something on the status line.
    Say(String),
    /// Show this screen, in place of an open one of its kind.
    OpenScreen(OpenScreen),
}
