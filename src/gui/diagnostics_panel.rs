//! The diagnostics panel: every finding, clickable to show its object.

use egui::{RichText, ScrollArea, Ui};

use super::command::{OpenScreen, StudioCommand};
use super::race::launch::finding_race;
use super::session::Session;
use crate::validate::Severity;
use crate::validate::code_book::meaning;

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
                    // Long messages wrap within the panel rather than run off its edge.
                    let response = ui.add(
                        egui::Label::new(RichText::new(diagnostic.to_string()).color(colour))
                            .wrap()
                            .sense(egui::Sense::click()),
                    );
                    if response.clicked() {
                        commands.push(StudioCommand::FocusDiagnostic(index));
                    }
                    response.on_hover_text(match meaning(diagnostic.code) {
                        Some(entry) => format!(
                            "{}: {}\nClick to show it; Help > Diagnostic codes lists every code.",
                            entry.code, entry.meaning
                        ),
                        None => "Click to show it".to_owned(),
                    });
                });
            }
        });
}
