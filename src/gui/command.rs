//! What the studio's widgets ask for. Widgets never change state while drawing; they return
//! commands, and [`super::StudioApp::apply`] carries them out after the frame's drawing.

use std::path::PathBuf;

use super::canvas::Tool;
use super::prefs::Theme;
use crate::edit::{Edit, GroupKey};

/// A request from a widget, a menu or a shortcut.
#[derive(Clone, PartialEq, Debug)]
pub enum StudioCommand {
    /// Open a content pack folder or a content file in place of what is open.
    Open(PathBuf),
    /// Open one more file (a track) beside what is open.
    AddFile(PathBuf),
    /// Start a new, empty track.
    NewTrack,
    /// Load the open files again from disk.
    Reload,
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
    /// Undo the shown document's last edit.
    Undo,
    /// Redo the shown document's last undone edit.
    Redo,
    /// Save the shown document to its file.
    Save,
    /// Save the shown document to a new file.
    SaveAs(PathBuf),
    /// Save every document with changes.
    SaveAll,
    /// Draw the shown track to a PNG.
    ExportPng(PathBuf),
    /// Use this picture as the shown track's background.
    SetBackground(PathBuf),
    /// Select every space of the shown track.
    SelectAll,
    /// Copy the lap sectors of the selection (one run of consecutive sectors).
    Copy,
    /// Lay the copied sectors at the end of the shown track's lap: from the text pasted when it
    /// holds a copied stretch (another studio's copy), else from the studio's own copy.
    Paste(Option<String>),
    /// Remove the selected sectors.
    Delete,
    /// Drop the selection and any half-done tool action.
    Escape,
    /// Zoom the canvas in.
    ZoomIn,
    /// Zoom the canvas out.
    ZoomOut,
    /// Show the whole track.
    Fit,
    /// Pick a canvas tool.
    SetTool(Tool),
    /// Change the colour theme.
    SetTheme(Theme),
    /// Show and select what a diagnostic is about.
    FocusDiagnostic(usize),
    /// Take back the autosaved work the recovery banner lists at this position.
    Recover(usize),
    /// Throw away the autosaved work the recovery banner lists at this position.
    DiscardRecovery(usize),
    /// Answer the unsaved-changes question.
    Answer(Answer),
    /// Answer "this file changed on disk" for a document.
    DiskChange(super::workspace::DocumentId, super::session::DiskAnswer),
    /// Close the window (asking first about unsaved changes).
    Quit,
    /// Show or hide the list of keyboard shortcuts (Help menu, F1).
    ToggleShortcuts,
    /// Choose a file or folder for something (the system's dialog, or the in-window one).
    Pick(super::file_picker::Picker),
    /// Use the in-window file dialogs even where the system's would open, or stop.
    ToggleBuiltInDialogs,
    /// Open the "Start a test race" dialog (Race menu, Ctrl+R).
    NewRace,
    /// Start a test race on the documents as edited.
    StartRace(super::race::start::StartRequest),
    /// Show the race screen (`true`) or the editor (`false`).
    ShowRace(bool),
    /// Open a saved race record to watch.
    OpenRecord(PathBuf),
    /// Save the race on the race screen as a record.
    SaveRecord(PathBuf),
    /// Stop the background check by play.
    CancelPlayCheck,
    /// Turn the background check by play on or off (View menu).
    TogglePlayCheck,
    /// Open the race that shows the finding of play at this position of the diagnostics.
    WatchPlayRace(usize),
    /// Show the simulation screen (Race > Simulate).
    ShowSimulation,
    /// Play the batch the simulation screen's form describes.
    RunSimulation(super::simulation::SimForm),
    /// Open race `index` of the simulation's batch in the race viewer.
    WatchBatchRace(usize),
    /// Write the simulation's results to a file.
    ExportSimulation(super::simulation::Export, PathBuf),
}

/// An answer to "there are unsaved changes".
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    /// Save everything, then go on.
    Save,
    /// Go on without saving.
    Discard,
    /// Do not go on.
    Cancel,
}
