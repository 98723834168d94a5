//! Where a file dialog opens: the choice suggested for what is saved, and the folder a person
//! is likely to look in.

use std::path::{Path, PathBuf};

use super::StudioApp;
use crate::gui::command::StudioCommand;
use crate::gui::file_picker::{Picker, native_dialogs_work};

impl StudioApp {
    /// Opens a file dialog, starting where the choice is likely made.
    pub(super) fn pick(&mut self, picker: Picker) {
        let workspace = self.session.workspace();
        let picker = match picker {
            Picker::SaveAs { suggested: None } => Picker::SaveAs {
                suggested: self.shown().and_then(|id| self.session.suggested_file(id)),
            },
            Picker::PrintPdf { suggested: None } => Picker::PrintPdf {
                suggested: self.print_dialog.as_ref().map(|d| d.suggested(workspace)),
            },
            other => other,
        };
        let native = native_dialogs_work(self.session.prefs().built_in_file_dialogs);
        // Where the screen that asked starts it, else the folder last chosen for the same
        // purpose, else where the user works.
        let asked_start = match &picker {
            Picker::ForScreen(ask) => ask.start_in.clone(),
            _ => None,
        };
        let start = asked_start
            .or_else(|| self.last_folders.get(picker.purpose()).cloned())
            .unwrap_or_else(|| workspace.home());
        let start = std::path::absolute(&start).unwrap_or(start);
        self.picker.pick(picker, &start, native);
    }

    /// Carries out a path chosen in a file dialog: a screen's choice goes back to the screen
    /// that asked (when it is still open), the others are the app's. The folder is remembered
    /// for the dialog's purpose: the next dialog for it starts there.
    pub(super) fn chosen(&mut self, picker: Picker, path: PathBuf) {
        self.remember_folder(picker.purpose(), &path);
        let command = match picker {
            Picker::OpenFolder => StudioCommand::Open(path),
            Picker::OpenFile => StudioCommand::AddFile(path),
            Picker::SaveAs { .. } => StudioCommand::SaveAs(path),
            Picker::OpenRecord => StudioCommand::OpenRecord(path),
            Picker::PrintPdf { .. } | Picker::ExportTts => StudioCommand::PrintTo(path),
            Picker::ForScreen(ask) => {
                self.with_screen(ask.screen, |screen, studio| {
                    screen.picked(ask.what, path, studio);
                });
                return;
            }
        };
        self.apply(command);
    }

    /// Remembers the folder of a path chosen in a file dialog for `purpose`: the next dialog
    /// for it starts there.
    fn remember_folder(&mut self, purpose: &'static str, chosen: &Path) {
        let folder = if chosen.is_dir() {
            Some(chosen.to_path_buf())
        } else {
            chosen.parent().map(Path::to_path_buf)
        };
        if let Some(folder) = folder.filter(|f| !f.as_os_str().is_empty()) {
            self.last_folders.insert(purpose, folder);
        }
    }
}
