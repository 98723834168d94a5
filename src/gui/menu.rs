//! The menu bar, the Help sheet of keys, and key handling: all three generated from the action
//! table ([`super::action_table::table`]), so an action is described once.

use std::path::PathBuf;

use egui::{Modifiers, Ui};

use super::action::{Action, ActionState, Menu, Shortcut};
use super::action_table::table;
use super::command::StudioCommand;
use super::screens::SCREENS;

/// What the menu bar needs besides the table.
pub struct MenuContext<'a> {
    /// The screen shown, the preferences, what is open.
    pub state: ActionState<'a>,
    /// Recently opened folders and files (File > Open recent).
    pub recent: &'a [PathBuf],
    /// For an action that applies on the screen shown: whether the screen allows it now, and
    /// the label it gives it (`None`: the table's).
    pub screen: &'a dyn Fn(Action) -> (bool, Option<String>),
}

/// Whether an action can be asked for now: it applies on the screen shown, the table enables
/// it, and the screen allows it.
fn enabled(context: &MenuContext<'_>, action: Action) -> (bool, Option<String>) {
    if !super::action_table::applies(action, &context.state) {
        return (false, None);
    }
    (context.screen)(action)
}

/// The first key of an action, as the platform writes it (`Ctrl+R`), if it has one.
#[must_use]
pub fn action_keys(ctx: &egui::Context, action: Action) -> Option<String> {
    super::action_table::table()
        .iter()
        .find(|spec| spec.action == action)
        .and_then(|spec| spec.keys.first())
        .map(|&shortcut| keys_text(ctx, shortcut))
}

/// The keys of a shortcut as the platform writes them.
fn keys_text(ctx: &egui::Context, shortcut: Shortcut) -> String {
    match shortcut {
        Shortcut::Chord(chord) if chord.modifiers == Modifiers::NONE => {
            chord.logical_key.name().to_owned()
        }
        Shortcut::Chord(chord) => ctx.format_shortcut(&chord),
        Shortcut::Copy => ctx.format_shortcut(&egui::KeyboardShortcut::new(
            Modifiers::COMMAND,
            egui::Key::C,
        )),
        Shortcut::Paste => ctx.format_shortcut(&egui::KeyboardShortcut::new(
            Modifiers::COMMAND,
            egui::Key::V,
        )),
    }
}

/// Undo and redo, taken from a text field before it sees them.
fn undo_keys(
    ctx: &egui::Context,
    applies: &impl Fn(Action) -> bool,
    commands: &mut Vec<StudioCommand>,
) {
    let undo = |action: Action| matches!(action, Action::Undo | Action::Redo) && applies(action);
    consume_chords(ctx, chords_of(undo), commands);
}

/// The key chords of the actions `wanted` lets through, the longer chord first (Ctrl+Z would
/// also match Ctrl+Shift+Z).
fn chords_of(wanted: impl Fn(Action) -> bool) -> Vec<(egui::KeyboardShortcut, Action)> {
    let mut chords: Vec<(egui::KeyboardShortcut, Action)> = table()
        .iter()
        .filter(|spec| wanted(spec.action))
        .flat_map(|spec| {
            spec.keys.iter().filter_map(|shortcut| match shortcut {
                Shortcut::Chord(chord) => Some((*chord, spec.action)),
                Shortcut::Copy | Shortcut::Paste => None,
            })
        })
        .collect();
    chords.sort_by_key(|(chord, _)| std::cmp::Reverse(modifier_count(chord.modifiers)));
    chords
}

/// Takes the pressed chords out of the input, as their actions.
fn consume_chords(
    ctx: &egui::Context,
    chords: Vec<(egui::KeyboardShortcut, Action)>,
    commands: &mut Vec<StudioCommand>,
) {
    ctx.input_mut(|input| {
        for (chord, action) in chords {
            if input.consume_shortcut(&chord) {
                commands.push(StudioCommand::Act(action));
            }
        }
    });
}

/// The menu bar.
pub fn menu_bar(ui: &mut Ui, context: &MenuContext<'_>, commands: &mut Vec<StudioCommand>) {
    egui::MenuBar::new().ui(ui, |ui| {
        for (menu, title) in Menu::BAR {
            ui.menu_button(title, |ui| menu_items(ui, menu, context, commands));
        }
    });
}

/// The items of one menu, in the table's order; a submenu at the place of its first item.
fn menu_items(
    ui: &mut Ui,
    menu: Menu,
    context: &MenuContext<'_>,
    commands: &mut Vec<StudioCommand>,
) {
    let rows: Vec<_> = table().iter().filter(|spec| spec.menu == menu).collect();
    let mut submenus_drawn: Vec<&str> = Vec::new();
    for spec in &rows {
        if let Some(submenu) = spec.submenu {
            if submenus_drawn.contains(&submenu) {
                continue;
            }
            submenus_drawn.push(submenu);
            ui.menu_button(submenu, |ui| {
                for item in rows.iter().filter(|r| r.submenu == Some(submenu)) {
                    let on = item.checked.is_some_and(|checked| checked(&context.state));
                    if ui.radio(on, item.label).clicked() {
                        commands.push(StudioCommand::Act(item.action));
                    }
                }
            });
            continue;
        }
        if spec.separator_before {
            ui.separator();
        }
        let (can, label) = enabled(context, spec.action);
        let label = label.unwrap_or_else(|| spec.label.to_owned());
        let clicked = if let Some(checked) = spec.checked {
            // The preference changes through the action, not here: the box shows it.
            let mut on = checked(&context.state);
            ui.add_enabled(can, egui::Checkbox::new(&mut on, label))
                .on_hover_text(spec.help)
                .clicked()
        } else {
            let mut button = egui::Button::new(label);
            if let Some(first) = spec.keys.first() {
                button = button.shortcut_text(keys_text(ui.ctx(), *first));
            }
            ui.add_enabled(can, button)
                .on_hover_text(spec.help)
                .clicked()
        };
        if clicked {
            commands.push(StudioCommand::Act(spec.action));
        }
        if spec.action == Action::OpenFile {
            recent_menu(ui, context.recent, commands);
        }
    }
}

fn recent_menu(ui: &mut Ui, recent: &[PathBuf], commands: &mut Vec<StudioCommand>) {
    ui.menu_button("Open recent", |ui| {
        if recent.is_empty() {
            ui.weak("Nothing yet");
        }
        for path in recent {
            if ui.button(path.display().to_string()).clicked() {
                commands.push(StudioCommand::Open(path.clone()));
            }
        }
    });
}

/// Every key, as the keys to press, where they work and what they do, in the table's order,
/// then the canvas's mouse gestures: the Help sheet.
#[must_use]
pub fn shortcut_list(ctx: &egui::Context) -> Vec<(String, String)> {
    let mut list: Vec<(String, String)> = table()
        .iter()
        .filter(|spec| !spec.keys.is_empty())
        .map(|spec| {
            let keys: Vec<String> = spec.keys.iter().map(|&k| keys_text(ctx, k)).collect();
            let mut keys = keys.join(" or ");
            let names: Vec<&str> = SCREENS
                .iter()
                .filter(|screen| spec.applies.on(screen.kind))
                .map(|screen| screen.name)
                .collect();
            if names.len() < SCREENS.len() {
                keys = format!("{keys} ({})", names.join(", "));
            }
            (keys, spec.help.to_owned())
        })
        .collect();
    list.extend(
        super::action_table::GESTURES
            .iter()
            .map(|(keys, what)| ((*keys).to_owned(), (*what).to_owned())),
    );
    list
}

/// The commands the keys pressed this frame stand for, among the actions that apply on the
/// screen shown (`applies`); nothing while a text field has the keyboard: typing a `-` into a
/// card's name must not zoom the canvas, and Ctrl+Z there undoes the typing, not the document.
pub fn pressed_keys(
    ctx: &egui::Context,
    applies: impl Fn(Action) -> bool,
    field_undo: impl Fn(Action) -> bool,
) -> Vec<StudioCommand> {
    let mut commands = Vec::new();
    if ctx.egui_wants_keyboard_input() {
        // A text field has the keyboard: its keys are its own, except undo and redo of the
        // document step the field itself made (`field_undo`). A field's typing is one undo
        // step, so the studio's undo takes back the whole field edit; the field's own undo
        // would take back a few characters at a time, each one more edit of the document.
        undo_keys(
            ctx,
            &|action| applies(action) && field_undo(action),
            &mut commands,
        );
        return commands;
    }
    // Esc with a menu or a drop-down open closes it, and does nothing else: the key is taken
    // here before any action sees it (a popup would close on it only if nobody consumed it).
    if egui::Popup::is_any_open(ctx)
        && ctx.input_mut(|input| input.consume_key(Modifiers::NONE, egui::Key::Escape))
    {
        egui::Popup::close_all(ctx);
    }
    consume_chords(ctx, chords_of(&applies), &mut commands);
    let (mut copy, mut paste) = (None, None);
    for spec in table().iter().filter(|spec| applies(spec.action)) {
        for shortcut in spec.keys {
            match shortcut {
                Shortcut::Copy => copy = Some(spec.action),
                Shortcut::Paste => paste = Some(spec.action),
                Shortcut::Chord(_) => {}
            }
        }
    }
    ctx.input(|input| {
        for event in &input.events {
            match event {
                egui::Event::Copy if copy.is_some() => {
                    commands.extend(copy.map(StudioCommand::Act));
                }
                egui::Event::Paste(text) if paste.is_some() => {
                    commands.push(StudioCommand::PasteText(text.clone()));
                }
                _ => {}
            }
        }
    });
    commands
}

fn modifier_count(modifiers: Modifiers) -> usize {
    [
        modifiers.alt,
        modifiers.ctrl || modifiers.command || modifiers.mac_cmd,
        modifiers.shift,
    ]
    .into_iter()
    .filter(|&on| on)
    .count()
}
