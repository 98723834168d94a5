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
            Picker::PrintPdf { suggested: None } => Picker::PrintPdf {
                suggested: self.print_dialog.as_ref().map(|d| d.suggested(workspace)),
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
        // Else the folder last chosen in a dialog, else where the user works.
        let start = beside_track
            .or_else(|| self.last_folder.clone())
            .unwrap_or_else(|| workspace.home());
        let start = std::path::absolute(&start).unwrap_or(start);
        self.picker.pick(picker, &start, native);
    }

    /// Remembers the folder of a path chosen in a file dialog: the next dialog starts there.
    pub(super) fn remember_folder(&mut self, command: &crate::gui::StudioCommand) {
        use crate::gui::StudioCommand as C;
        let (C::Open(chosen)
        | C::AddFile(chosen)
        | C::SaveAs(chosen)
        | C::ExportPng(chosen)
        | C::SetBackground(chosen)
        | C::OpenRecord(chosen)
        | C::SaveRecord(chosen)
        | C::ExportSimulation(_, chosen)
        | C::PrintTo(chosen)) = command
        else {
            return;
        };
        let folder = if chosen.is_dir() {
            Some(chosen.clone())
        } else {
            chosen.parent().map(Path::to_path_buf)
        };
        if let Some(folder) = folder.filter(|f| !f.as_os_str().is_empty()) {
            self.last_folder = Some(folder);
        }
    }
}
