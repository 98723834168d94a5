//! The diagnostics panel: every finding, clickable to show its object.

use egui::{RichText, ScrollArea, Ui};

use super::command::StudioCommand;
use crate::validate::{Diagnostic, Severity};

/// Draws the list; a click asks to focus that diagnostic.
pub fn diagnostics_panel(
    ui: &mut Ui,
    diagnostics: &[Diagnostic],
    busy: bool,
    commands: &mut Vec<StudioCommand>,
) {
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
    });
    ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (index, diagnostic) in diagnostics.iter().enumerate() {
                let colour = match diagnostic.severity {
                    Severity::Error => ui.visuals().error_fg_color,
                    Severity::Warning => ui.visuals().warn_fg_color,
                };
                let response = ui.add(
                    egui::Label::new(RichText::new(diagnostic.to_string()).color(colour))
                        .sense(egui::Sense::click()),
                );
                if response.clicked() {
                    commands.push(StudioCommand::FocusDiagnostic(index));
                }
                response.on_hover_text("Click to show it");
            }
        });
}
