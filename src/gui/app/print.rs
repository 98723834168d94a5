//! File > Print to PDF… and Export decks and track for Tabletop Simulator…: the print window
//! opened, drawn, its file dialog asked, and the writing started where the user chose.

use super::StudioApp;
use crate::gui::action::Action;
use crate::gui::command::StudioCommand;
use crate::gui::file_picker::Picker;
use crate::gui::print_dialog::{PrintAnswer, PrintDialog, PrintKind};

impl StudioApp {
    /// Opens the print window for `action` (Print to PDF or Export for Tabletop Simulator).
    pub(super) fn open_print(&mut self, action: Action) {
        let kind = if action == Action::ExportTts {
            PrintKind::Tabletop
        } else {
            PrintKind::Pdf
        };
        self.print_dialog = Some(PrintDialog::new(
            kind,
            self.session.workspace(),
            self.shown(),
        ));
    }

    /// The print window, if open: its answers, and the writing's end on the status line.
    pub(super) fn print_dialog_ui(&mut self, ctx: &egui::Context) {
        let Some(dialog) = &mut self.print_dialog else {
            return;
        };
        if let Some(said) = dialog.poll() {
            self.session.status_mut().say(said);
        }
        let Some(dialog) = &mut self.print_dialog else {
            return;
        };
        match dialog.show(ctx, self.session.workspace()) {
            Some(PrintAnswer::Choose) => {
                let picker = match dialog.kind {
                    PrintKind::Pdf => Picker::PrintPdf { suggested: None },
                    PrintKind::Tabletop => Picker::ExportTts,
                };
                self.pick(picker);
            }
            Some(PrintAnswer::Close) => self.print_dialog = None,
            None => {}
        }
    }

    /// Writes what the print window describes to `path` (a file or a folder).
    pub(super) fn print_to(&mut self, command: &StudioCommand) {
        let StudioCommand::PrintTo(path) = command else {
            return;
        };
        if let Some(dialog) = &mut self.print_dialog {
            dialog.start(path, self.session.workspace());
            self.session
                .status_mut()
                .say(format!("Writing {}…", path.display()));
        }
    }

    /// The print window, for tests that choose its options and wait for its writing.
    pub fn print_dialog_mut(&mut self) -> Option<&mut PrintDialog> {
        self.print_dialog.as_mut()
    }
}
