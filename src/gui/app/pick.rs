//! Where a file dialog opens: the choice suggested for what is saved, and the folder a person
//! is likely to look in.

use std::path::Path;

use super::StudioApp;
use crate::gui::file_picker::{Picker, native_dialogs_work};

impl StudioApp {
    /// Opens a file dialog, starting where the choice is likely made.
    pub(super) fn pick(&mut self, picker: Picker) {
        let workspace = self.session.workspace();
        let picker = match picker {
            Picker::SaveAs { suggested: None } => Picker::SaveAs {
                suggested: self
                    .editor
                    .shown()
                    .and_then(|id| self.session.suggested_file(id)),
            },
            Picker::SaveRecord { suggested: None } => Picker::SaveRecord {
                suggested: self
                    .race_screen()
                    .and_then(|r| r.suggested_record(workspace)),
            },
            Picker::ExportSimulation {
                export,
                suggested: None,
            } => Picker::ExportSimulation {
                export,
                suggested: self
                    .simulation()
                    .and_then(|s| s.suggested_export(workspace, export)),
            },
            other => other,
        };
        let native = native_dialogs_work(self.session.prefs().built_in_file_dialogs);
        // A background picture is named relative to its track: look beside it first.
        let beside_track = matches!(picker, Picker::Background)
            .then(|| {
                self.editor
                    .shown()
                    .and_then(|id| workspace.document(id)?.path.clone())
            })
            .flatten()
            .and_then(|path| path.parent().map(Path::to_path_buf));
        let start = beside_track.unwrap_or_else(|| workspace.root.clone());
        self.picker.pick(picker, &start, native);
    }
}
