//! The files panel at the window's left, on every screen: the summary and each open document,
//! with a star on those with unsaved changes, and the files that could not be read.

use egui::{ScrollArea, Ui};

use super::command::StudioCommand;
use super::workspace::{DocumentId, Workspace};

/// Draws the list; a click shows the document in the editor.
pub fn files_panel(
    ui: &mut Ui,
    workspace: &Workspace,
    shown: Option<DocumentId>,
    commands: &mut Vec<StudioCommand>,
) {
    ui.heading("Content");
    if ui.selectable_label(shown.is_none(), "Summary").clicked() {
        commands.push(StudioCommand::Show(None));
    }
    // Long file names scroll sideways rather than widen the panel.
    ScrollArea::both().auto_shrink(false).show(ui, |ui| {
        for (id, document) in workspace.ids().zip(&workspace.documents) {
            let dirty = if document.is_dirty() { " *" } else { "" };
            let label = format!(
                "{} ({}){dirty}",
                workspace.display_name(id),
                document.document.kind()
            );
            if ui.selectable_label(shown == Some(id), label).clicked() {
                commands.push(StudioCommand::Show(Some(id)));
            }
        }
        for error in &workspace.errors {
            ui.colored_label(
                ui.visuals().error_fg_color,
                error.path.display().to_string(),
            );
        }
    });
}
