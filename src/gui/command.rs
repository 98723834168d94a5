//! What the studio's widgets ask for. Widgets never change state while drawing; they return
//! commands, and [`super::StudioApp::apply`] carries them out after the frame's drawing.

use std::path::PathBuf;

use crate::edit::{Edit, GroupKey};

/// A request from a widget, a menu or a shortcut.
#[derive(Clone, PartialEq, Debug)]
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
    /// Draw the shown track to a PNG.
    ExportPng(PathBuf),
    /// Use this picture as the shown track's background.
    SetBackground(PathBuf),
    /// Show and select what a diagnostic is about.
    FocusDiagnostic(usize),
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
    /// Start a test race on the documents as edited.
    StartRace(super::race::start::StartRequest),
    /// Open a saved race record to watch.
    OpenRecord(PathBuf),
    /// Save the race on the race screen as a record.
    SaveRecord(PathBuf),
    /// Stop the background check by play.
    CancelPlayCheck,
    /// Open the race that shows the finding of play at this position of the diagnostics.
    WatchPlayRace(usize),
    /// Play the batch the simulation screen's form describes.
    RunSimulation(super::simulation::SimForm),
    /// Open race `index` of the simulation's batch in the race viewer.
    WatchBatchRace(usize),
    /// Write what the print window describes to this file or folder.
    PrintTo(PathBuf),
    /// Write the simulation's results to a file.
    ExportSimulation(super::simulation::Export, PathBuf),
    /// Play the Tune screen's tuned pack against the pack as it is on the simulation screen.
    CompareTuned,
}
