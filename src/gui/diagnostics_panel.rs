//! The diagnostics panel: every finding, clickable to show its object.

use egui::{RichText, ScrollArea, Ui};

use super::command::{OpenScreen, StudioCommand};
use super::race::launch::finding_race;
use super::session::Session;
use super::workspace::Workspace;
use crate::validate::code_book::meaning;
use crate::validate::{Diagnostic, Severity};

/// Draws the session's diagnostics; a click asks to focus one. While the background check by
/// play runs, its progress (races played, races to play) is shown with a Cancel button. A
/// finding of play that one race shows has a Watch button that opens that race.
pub fn diagnostics_panel(ui: &mut Ui, session: &Session, commands: &mut Vec<StudioCommand>) {
    let diagnostics = session.diagnostics();
    let busy = session.validating();
    let play = session.play_progress();
    let played = session.play_summary();
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(format!(
                "Diagnostics: {errors} error(s), {warnings} warning(s)"
            ))
            .strong(),
        );
        if busy {
            ui.spinner();
            ui.weak("checking…");
        }
        if let Some((played, total)) = play {
            ui.separator();
            ui.label("Playing the content:");
            ui.add(
                egui::ProgressBar::new(played as f32 / total.max(1) as f32)
                    .desired_width(160.0)
                    .text(format!("{played}/{total} races")),
            );
            if ui
                .button("Stop playing")
                .on_hover_text("Cancel the races; they run again after the next edit")
                .clicked()
            {
                commands.push(StudioCommand::CancelPlayCheck);
            }
        } else if let Some((races, found)) = played {
            // A clean check says so: silence would read as "it did not run".
            ui.separator();
            ui.label(match found {
                0 => format!("Check by play: {races} races, nothing found"),
                1 => format!("Check by play: {races} races, 1 finding"),
                n => format!("Check by play: {races} races, {n} findings"),
            });
        }
    });
    ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (index, diagnostic) in diagnostics.iter().enumerate() {
                let colour = match diagnostic.severity {
                    Severity::Error => ui.visuals().error_fg_color,
                    Severity::Warning => ui.visuals().warn_fg_color,
                };
                ui.horizontal(|ui| {
                    if diagnostic.play.as_ref().is_some_and(|p| p.seed.is_some())
                        && ui
                            .small_button("Watch")
                            .on_hover_text("Watch the race that shows it")
                            .clicked()
                    {
                        match finding_race(session, index) {
                            Ok((race, message)) => {
                                commands
                                    .push(StudioCommand::OpenScreen(OpenScreen(Box::new(race))));
                                commands.push(StudioCommand::Say(message));
                            }
                            Err(message) => commands.push(StudioCommand::Say(message)),
                        }
                    }
                    if let Some(fix) = &diagnostic.fix
                        && ui.small_button("Fix").on_hover_text(fix.label()).clicked()
                    {
                        commands.push(StudioCommand::ApplyFix(index));
                    }
                    let workspace = session.workspace();
                    let shows = workspace.document_about(diagnostic).is_some();
                    // Long messages wrap within the panel rather than run off its edge.
                    let response = ui.add(
                        egui::Label::new(
                            RichText::new(panel_line(diagnostic, workspace)).color(colour),
                        )
                        .wrap()
                        .sense(if shows {
                            egui::Sense::click()
                        } else {
                            egui::Sense::hover()
                        }),
                    );
                    if shows && response.clicked() {
                        commands.push(StudioCommand::FocusDiagnostic(index));
                    }
                    let what = meaning(diagnostic.code)
                        .map(|entry| format!("{}: {}\n", entry.code, entry.meaning))
                        .unwrap_or_default();
                    let click = if shows {
                        "Click to show it; "
                    } else {
                        "It is about no file open here; "
                    };
                    response.on_hover_text(format!(
                        "{what}{click}Help > Diagnostic codes lists every code."
                    ));
                });
            }
        });
}

/// A diagnostic as the panel lists it: as the command line writes it, except that a document
/// not saved yet is named as the files panel names it, without the line and column of a file
/// that does not exist.
fn panel_line(diagnostic: &Diagnostic, workspace: &Workspace) -> String {
    let unsaved = diagnostic
        .location
        .file
        .as_ref()
        .and_then(|file| workspace.document_named_by(file))
        .filter(|&id| workspace.document(id).is_some_and(|d| d.path.is_none()));
    match unsaved {
        Some(id) => format!(
            "{} (not saved): {}",
            workspace.display_name(id),
            diagnostic.finding()
        ),
        None => diagnostic.to_string(),
    }
}
