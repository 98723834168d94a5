//! The unsaved-changes question, asked before opening another folder, reloading or closing.

use super::command::StudioCommand;
use super::session::{AfterQuestion, Answer, Session};

/// Shows the question while the session asks it; the answer comes back as a command.
pub fn unsaved_question(ctx: &egui::Context, session: &Session, commands: &mut Vec<StudioCommand>) {
    let Some(then) = session.question() else {
        return;
    };
    let doing = match then {
        AfterQuestion::Open(_) => "opening another folder",
        AfterQuestion::Reload => "reloading from disk",
        AfterQuestion::Quit => "closing",
    };
    egui::Modal::new(egui::Id::unique("unsaved-question")).show(ctx, |ui| {
        ui.heading("Unsaved changes");
        let workspace = session.workspace();
        for (id, document) in workspace.ids().zip(&workspace.documents) {
            if document.is_dirty() {
                ui.label(format!("- {}", workspace.display_name(id)));
            }
        }
        ui.label(format!("Save them before {doing}?"));
        ui.horizontal(|ui| {
            if ui.button("Save all").clicked() {
                commands.push(StudioCommand::Answer(Answer::Save));
            }
            if ui.button("Discard changes").clicked() {
                commands.push(StudioCommand::Answer(Answer::Discard));
            }
            if ui.button("Cancel").clicked() {
                commands.push(StudioCommand::Answer(Answer::Cancel));
            }
        });
    });
}
