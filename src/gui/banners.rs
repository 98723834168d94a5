//! The lines above the editor that ask about the session: unsaved work found from a session that
//! did not close cleanly, and files someone else changed since the studio read them.

use egui::{RichText, Ui};

use super::command::StudioCommand;
use super::file_picker::Picker;
use super::session::{DiskAnswer, Session};

/// A line for each file someone else changed since the studio read it: reload it, or keep the
/// studio's version (saving it over the file when it has changes), or save the studio's
/// version as another file.
pub fn disk_banner(ui: &mut Ui, session: &Session, commands: &mut Vec<StudioCommand>) {
    let workspace = session.workspace();
    for &id in session.disk_changes() {
        let Some(document) = workspace.document(id) else {
            continue;
        };
        let name = workspace.display_name(id);
        let dirty = document.is_dirty();
        ui.horizontal_wrapped(|ui| {
            let text = if dirty {
                format!(
                    "{name} changed on disk since you opened it, and you have changes of your own."
                )
            } else {
                format!("{name} changed on disk since you opened it.")
            };
            ui.label(RichText::new(text).color(ui.visuals().warn_fg_color));
            // Named after the file: several lines may stand, and File > Reload (every file)
            // is another button.
            let reload = if dirty {
                format!("Reload {name} (yours stay one Undo away)")
            } else {
                format!("Reload {name}")
            };
            if ui.button(reload).clicked() {
                commands.push(StudioCommand::DiskChange(id, DiskAnswer::Reload));
            }
            let keep = if dirty {
                "Keep mine (save over it)"
            } else {
                "Ignore"
            };
            if ui.button(keep).clicked() {
                commands.push(StudioCommand::DiskChange(id, DiskAnswer::KeepMine));
            }
            if dirty && ui.button("Save mine as...").clicked() {
                commands.push(StudioCommand::Show(Some(id)));
                commands.push(StudioCommand::Pick(Picker::SaveAs { suggested: None }));
            }
        });
    }
}

/// A line for each piece of unsaved work found from a session that did not close cleanly.
pub fn recovery_banner(ui: &mut Ui, session: &Session, commands: &mut Vec<StudioCommand>) {
    for (position, found) in session.recoveries().iter().enumerate() {
        let name = found.target.map_or_else(
            || "a new track".to_owned(),
            |i| session.workspace().display_name(i),
        );
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(format!(
                    "Unsaved work on {name} from a session that did not close cleanly was found."
                ))
                .color(ui.visuals().warn_fg_color),
            );
            if ui.button("Recover").clicked() {
                commands.push(StudioCommand::Recover(position));
            }
            if ui.button("Discard").clicked() {
                commands.push(StudioCommand::DiscardRecovery(position));
            }
        });
    }
}
