//! The menu bar and the keyboard shortcuts.

use egui::{Key, KeyboardShortcut, Modifiers, Ui};

use super::canvas::Tool;
use super::command::StudioCommand;
use super::file_picker::Picker;
use super::prefs::{Prefs, Theme};

const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
const REDO_Y: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
const SELECT_ALL: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::A);
// Copy and paste reach the studio as egui's clipboard events, not as key presses; these name
// the keys in the menu and the shortcut list.
const COPY: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::C);
const PASTE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::V);
const FIT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Num0);
const RACE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::R);

/// What the menu bar knows to show: undo labels, dirty state, recent files.
pub struct MenuState<'a> {
    /// The preferences (recent files, theme).
    pub prefs: &'a Prefs,
    /// What undo would take back.
    pub undo: Option<&'a str>,
    /// What redo would do again.
    pub redo: Option<&'a str>,
    /// Whether the shown document is a track.
    pub track_shown: bool,
    /// Whether a race (or a record) is open.
    pub race_open: bool,
    /// Whether the race screen is shown.
    pub race_shown: bool,
}

/// The menu bar.
pub fn menu_bar(ui: &mut Ui, state: &MenuState<'_>, commands: &mut Vec<StudioCommand>) {
    let shortcut = |ui: &Ui, s: &KeyboardShortcut| ui.ctx().format_shortcut(s);
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui.button("New track").clicked() {
                commands.push(StudioCommand::NewTrack);
            }
            if ui
                .add(egui::Button::new("Open folder…").shortcut_text(shortcut(ui, &OPEN)))
                .clicked()
            {
                commands.push(StudioCommand::Pick(Picker::OpenFolder));
            }
            if ui.button("Open file…").clicked() {
                commands.push(StudioCommand::Pick(Picker::OpenFile));
            }
            ui.menu_button("Open recent", |ui| {
                if state.prefs.recent.is_empty() {
                    ui.weak("Nothing yet");
                }
                for path in &state.prefs.recent {
                    if ui.button(path.display().to_string()).clicked() {
                        commands.push(StudioCommand::Open(path.clone()));
                    }
                }
            });
            ui.separator();
            if ui
                .add(egui::Button::new("Save").shortcut_text(shortcut(ui, &SAVE)))
                .clicked()
            {
                commands.push(StudioCommand::Save);
            }
            if ui.button("Save as…").clicked() {
                commands.push(StudioCommand::Pick(Picker::SaveAs { suggested: None }));
            }
            if ui.button("Save all").clicked() {
                commands.push(StudioCommand::SaveAll);
            }
            if ui
                .add_enabled(state.track_shown, egui::Button::new("Export PNG…"))
                .clicked()
            {
                commands.push(StudioCommand::Pick(Picker::ExportPng));
            }
            if ui.button("Reload").clicked() {
                commands.push(StudioCommand::Reload);
            }
            ui.separator();
            if ui.button("Quit").clicked() {
                commands.push(StudioCommand::Quit);
            }
        });
        ui.menu_button("Edit", |ui| {
            let undo = state
                .undo
                .map_or_else(|| "Undo".to_owned(), |label| format!("Undo {label}"));
            if ui
                .add_enabled(
                    state.undo.is_some(),
                    egui::Button::new(undo).shortcut_text(shortcut(ui, &UNDO)),
                )
                .clicked()
            {
                commands.push(StudioCommand::Undo);
            }
            let redo = state
                .redo
                .map_or_else(|| "Redo".to_owned(), |label| format!("Redo {label}"));
            if ui
                .add_enabled(
                    state.redo.is_some(),
                    egui::Button::new(redo).shortcut_text(shortcut(ui, &REDO)),
                )
                .clicked()
            {
                commands.push(StudioCommand::Redo);
            }
            ui.separator();
            if ui
                .add(egui::Button::new("Copy sectors").shortcut_text(shortcut(ui, &COPY)))
                .on_hover_text("Copy the lap sectors of the selection")
                .clicked()
            {
                commands.push(StudioCommand::Copy);
            }
            if ui
                .add(egui::Button::new("Paste sectors").shortcut_text(shortcut(ui, &PASTE)))
                .on_hover_text("Lay the copied sectors at the end of the lap")
                .clicked()
            {
                commands.push(StudioCommand::Paste(None));
            }
            if ui
                .add(egui::Button::new("Select all").shortcut_text(shortcut(ui, &SELECT_ALL)))
                .clicked()
            {
                commands.push(StudioCommand::SelectAll);
            }
            if ui
                .add(egui::Button::new("Delete").shortcut_text("Del"))
                .clicked()
            {
                commands.push(StudioCommand::Delete);
            }
        });
        ui.menu_button("View", |ui| {
            if ui
                .add(egui::Button::new("Zoom in").shortcut_text("+"))
                .clicked()
            {
                commands.push(StudioCommand::ZoomIn);
            }
            if ui
                .add(egui::Button::new("Zoom out").shortcut_text("-"))
                .clicked()
            {
                commands.push(StudioCommand::ZoomOut);
            }
            if ui
                .add(egui::Button::new("Fit track").shortcut_text(shortcut(ui, &FIT)))
                .clicked()
            {
                commands.push(StudioCommand::Fit);
            }
            // The preference changes through the command, not here: the box shows it.
            let mut built_in = state.prefs.built_in_file_dialogs;
            if ui
                .checkbox(&mut built_in, "Built-in file dialogs")
                .clicked()
            {
                commands.push(StudioCommand::ToggleBuiltInDialogs);
            }
            let mut play = state.prefs.play_races > 0;
            if ui
                .checkbox(&mut play, "Check by play")
                .on_hover_text(
                    "Race the content in the background after edits and list what play finds",
                )
                .clicked()
            {
                commands.push(StudioCommand::TogglePlayCheck);
            }
            ui.menu_button("Theme", |ui| {
                for (theme, name) in [
                    (Theme::System, "System"),
                    (Theme::Dark, "Dark"),
                    (Theme::Light, "Light"),
                ] {
                    if ui.radio(state.prefs.theme == theme, name).clicked() {
                        commands.push(StudioCommand::SetTheme(theme));
                    }
                }
            });
        });
        ui.menu_button("Race", |ui| {
            if ui
                .add(egui::Button::new("Start a test race…").shortcut_text(shortcut(ui, &RACE)))
                .clicked()
            {
                commands.push(StudioCommand::NewRace);
            }
            if ui
                .button("Simulate…")
                .on_hover_text("Batches of bot races with statistics")
                .clicked()
            {
                commands.push(StudioCommand::ShowSimulation);
            }
            if ui.button("Watch a race record…").clicked() {
                commands.push(StudioCommand::Pick(Picker::OpenRecord));
            }
            ui.separator();
            let (label, show) = if state.race_shown {
                ("Back to the editor", false)
            } else {
                ("Show the race", true)
            };
            if ui
                .add_enabled(state.race_open, egui::Button::new(label))
                .clicked()
            {
                commands.push(StudioCommand::ShowRace(show));
            }
            if ui
                .add_enabled(state.race_open, egui::Button::new("Save race record…"))
                .clicked()
            {
                commands.push(StudioCommand::Pick(Picker::SaveRecord { suggested: None }));
            }
        });
        ui.menu_button("Help", |ui| {
            if ui
                .add(egui::Button::new("Keyboard shortcuts").shortcut_text("F1"))
                .clicked()
            {
                commands.push(StudioCommand::ToggleShortcuts);
            }
        });
    });
}

/// Every keyboard shortcut, as the keys to press and what they do, in the order the Help
/// window lists them (the same constants the menus and [`shortcuts`] use).
#[must_use]
pub fn shortcut_list(ctx: &egui::Context) -> Vec<(String, String)> {
    let chord = |s: &KeyboardShortcut| ctx.format_shortcut(s);
    let mut list: Vec<(String, String)> = [
        (chord(&OPEN), "Open a folder"),
        (chord(&SAVE), "Save the document shown"),
        (chord(&UNDO), "Undo"),
        (format!("{} or {}", chord(&REDO), chord(&REDO_Y)), "Redo"),
        (chord(&SELECT_ALL), "Select every space"),
        (chord(&COPY), "Copy the selected lap sectors"),
        (
            chord(&PASTE),
            "Paste the copied sectors at the end of the lap",
        ),
        ("Del".to_owned(), "Delete the selection"),
        ("Esc".to_owned(), "Clear the selection, leave a tool's step"),
        ("+ or =".to_owned(), "Zoom in"),
        ("-".to_owned(), "Zoom out"),
        (chord(&FIT), "Fit the track to the window"),
        (chord(&RACE), "Start a test race"),
        (
            "Esc (race)".to_owned(),
            "Back to the editor; the race stays open",
        ),
        ("Space (race)".to_owned(), "Pause the bots"),
        (
            "Left, Right (record)".to_owned(),
            "One decision back or forward",
        ),
        (
            "Right drag, or pinch".to_owned(),
            "Pan, zoom about the pointer",
        ),
        ("F1".to_owned(), "Show or hide this list"),
    ]
    .into_iter()
    .map(|(keys, what)| (keys, what.to_owned()))
    .collect();
    for (_, name, key) in Tool::ALL {
        list.push((key.name().to_owned(), format!("{name} tool")));
    }
    list
}

/// Turns key presses into commands, unless a text field has the keyboard: typing a `-` into a
/// card's name must not zoom the canvas, and Ctrl+Z there undoes the typing, not the document.
pub fn shortcuts(ctx: &egui::Context, commands: &mut Vec<StudioCommand>) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    ctx.input_mut(|input| {
        // The longer chord first: Ctrl+Z would also match Ctrl+Shift+Z.
        let chords = [
            (REDO, StudioCommand::Redo),
            (REDO_Y, StudioCommand::Redo),
            (UNDO, StudioCommand::Undo),
            (SAVE, StudioCommand::Save),
            (SELECT_ALL, StudioCommand::SelectAll),
            (FIT, StudioCommand::Fit),
            (RACE, StudioCommand::NewRace),
        ];
        for (chord, command) in chords {
            if input.consume_shortcut(&chord) {
                commands.push(command);
            }
        }
        if input.consume_shortcut(&OPEN) {
            commands.push(StudioCommand::Pick(Picker::OpenFolder));
        }
        let keys = [
            (Key::Delete, StudioCommand::Delete),
            (Key::Escape, StudioCommand::Escape),
            (Key::Plus, StudioCommand::ZoomIn),
            (Key::Equals, StudioCommand::ZoomIn),
            (Key::Minus, StudioCommand::ZoomOut),
        ];
        for (key, command) in keys {
            if input.consume_key(Modifiers::NONE, key) {
                commands.push(command);
            }
        }
        for event in &input.events {
            match event {
                egui::Event::Copy => commands.push(StudioCommand::Copy),
                egui::Event::Paste(text) => commands.push(StudioCommand::Paste(Some(text.clone()))),
                _ => {}
            }
        }
        if input.consume_key(Modifiers::NONE, Key::F1) {
            commands.push(StudioCommand::ToggleShortcuts);
        }
        for (tool, _, key) in Tool::ALL {
            if input.consume_key(Modifiers::NONE, key) {
                commands.push(StudioCommand::SetTool(tool));
            }
        }
    });
}
