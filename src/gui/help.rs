//! Guidance in the window: Getting started (what to do first, with buttons that do it, the
//! README's steps) and what each diagnostic code means. Getting started opens by itself on a
//! first run, until the user unticks "Show at start"; the centre shows it too when no document
//! is shown.

use egui::{RichText, Ui};

use super::action::Action;
use super::canvas::tool::Tool;
use super::command::StudioCommand;
use super::menu::action_keys;
use crate::validate::code_book::{CODE_BOOK, CodeArea};

/// The Help windows and what they remember while open.
#[derive(Default)]
pub struct HelpWindows {
    /// Whether Getting started is open.
    pub getting_started: bool,
    /// Whether the diagnostic codes are open.
    pub codes: bool,
    /// The codes window's filter.
    codes_filter: String,
}

impl HelpWindows {
    /// Draws the open windows. `show_at_start` is the preference the Getting started window's
    /// tick box changes.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        show_at_start: &mut bool,
        commands: &mut Vec<StudioCommand>,
    ) {
        if self.getting_started {
            let mut open = true;
            let mut close = false;
            egui::Window::new("Getting started")
                .open(&mut open)
                .collapsible(false)
                .default_width(520.0)
                .show(ctx, |ui| {
                    let asked = commands.len();
                    getting_started(ui, commands);
                    ui.separator();
                    ui.horizontal(|ui| {
                        ui.checkbox(show_at_start, "Show at start");
                        close = ui.button("Close").clicked();
                    });
                    // A step's button was clicked: the window steps aside for what it opened.
                    close |= commands.len() > asked;
                });
            self.getting_started = open && !close;
        }
        if self.codes {
            let mut open = true;
            egui::Window::new("Diagnostic codes")
                .open(&mut open)
                .default_width(640.0)
                .default_height(480.0)
                .show(ctx, |ui| code_list(ui, &mut self.codes_filter));
            self.codes = open;
        }
    }
}

/// The steps of a first hour, each with the button that starts it.
pub fn getting_started(ui: &mut Ui, commands: &mut Vec<StudioCommand>) {
    ui.label(
        "Roadwright designs and playtests Apocalypse Road content. The files panel on the left \
         lists the project: the content (race deck, movement events, combat deck, team mats, \
         rulesets) and the tracks. Click a file to edit it.",
    );
    ui.add_space(6.0);
    let keys = |action| action_keys(ui.ctx(), action).unwrap_or_default();
    let stretch = keys(Action::SetTool(Tool::Stretch));
    let start = keys(Action::SetTool(Tool::Start));
    let grid = keys(Action::SetTool(Tool::Grid));
    let chute = keys(Action::SetTool(Tool::Chute));
    let race = keys(Action::NewRace);
    let draw = format!(
        "The Stretch tool ({stretch}) lays straights and corners with a ghost that follows the \
         pointer; Close the lap in the inspector; the Start tool ({start}) places the starting \
         section beside the lap, Grid ({grid}) numbers the grid and Chute ({chute}) places the \
         chute. Problems show in the diagnostics under the canvas: click one to see where it is."
    );
    let race_text = format!(
        "Start a test race on the track shown ({race}): each seat a person or a bot. Hand a \
         seat to a bot at any time, take it back, or finish the race with bots."
    );
    let steps: [(&str, &str, Action); 4] = [
        (
            "Open a track…",
            "Choose a track or a content folder (tracks/oval.ron is a sample), or click a track in \
             the files panel.",
            Action::OpenFile,
        ),
        ("Draw a new track", &draw, Action::NewTrack),
        ("Race it…", &race_text, Action::NewRace),
        (
            "Run a simulation…",
            "Race hundreds of bot races: win rates with 95% intervals, first-seat advantage, \
             race length, heat maps; compare with another pack.",
            Action::Show(super::screen_kind::ScreenKind::Simulation),
        ),
    ];
    egui::Grid::new("getting_started")
        .num_columns(2)
        .spacing([12.0, 10.0])
        .show(ui, |ui| {
            for (button, text, action) in steps {
                if ui.button(button).clicked() {
                    commands.push(StudioCommand::Act(action));
                }
                ui.add(egui::Label::new(text).wrap());
                ui.end_row();
            }
        });
    ui.add_space(6.0);
    ui.label(
        "Everything is checked as you edit; the check by play races each changed track in the \
         background and reports what only play shows. The Help menu says what each diagnostic \
         code means and lists the keys.",
    );
}

/// Every code with its meaning, grouped by area, filtered by a word.
fn code_list(ui: &mut Ui, filter: &mut String) {
    ui.horizontal(|ui| {
        let label = ui.label("Find:");
        ui.text_edit_singleline(filter).labelled_by(label.id);
    });
    let words = filter.to_lowercase();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for area in CodeArea::ALL {
                let entries: Vec<_> = CODE_BOOK
                    .iter()
                    .filter(|e| e.area == area)
                    .filter(|e| {
                        words.is_empty()
                            || e.code.contains(&words)
                            || e.meaning.to_lowercase().contains(&words)
                    })
                    .collect();
                if entries.is_empty() {
                    continue;
                }
                ui.heading(area.label());
                egui::Grid::new(("codes", area.label()))
                    .num_columns(2)
                    .striped(true)
                    .show(ui, |ui| {
                        for entry in entries {
                            ui.label(RichText::new(entry.code).monospace());
                            ui.add(egui::Label::new(entry.meaning).wrap());
                            ui.end_row();
                        }
                    });
            }
        });
}
