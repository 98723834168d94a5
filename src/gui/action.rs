//! The studio's actions, in one table, as rerun's `UICommand`: each action's label, keys, menu,
//! the screens it applies to and when it is enabled. The menu bar, the Help sheet and key
//! handling are all generated from [`table`] ([`super::menu`]); none of them lists an action
//! of its own.
//!
//! Keys go only to the screen shown: an action whose [`Applies`] leaves out that screen is not
//! triggered by its keys there (Del on the race screen does not delete the hidden track's
//! selection).

use std::sync::LazyLock;

use egui::{Key, KeyboardShortcut, Modifiers};

use super::canvas::Tool;
use super::prefs::{Prefs, Theme};
use super::screen_kind::ScreenKind;

/// Something the user can ask of the studio from a menu or a key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// Start a new, empty track.
    NewTrack,
    /// Choose a content folder to open.
    OpenFolder,
    /// Choose a content file to open.
    OpenFile,
    /// Save the document shown.
    Save,
    /// Save the document shown to a new file.
    SaveAs,
    /// Save every document with changes.
    SaveAll,
    /// Draw the shown track to a PNG.
    ExportPng,
    /// Print the track shown or the content to a PDF, at real size.
    PrintPdf,
    /// Write the track shown or the decks as pictures for Tabletop Simulator.
    ExportTts,
    /// Read the open files again from disk.
    Reload,
    /// Close the window (asking first about unsaved changes).
    Quit,
    /// Undo the shown document's last edit, or the race's last choice.
    Undo,
    /// Redo what was undone.
    Redo,
    /// Copy the lap sectors of the selection.
    Copy,
    /// Lay the copied sectors at the end of the lap.
    Paste,
    /// Select every space of the shown track.
    SelectAll,
    /// Remove the selected sectors.
    Delete,
    /// Drop the selection and any half-done tool step.
    ClearSelection,
    /// Zoom the canvas in.
    ZoomIn,
    /// Zoom the canvas out.
    ZoomOut,
    /// Show the whole track.
    Fit,
    /// Pick a canvas tool.
    SetTool(Tool),
    /// Use the in-window file dialogs even where the system's would open, or stop.
    ToggleBuiltInDialogs,
    /// Turn the background check by play on or off.
    TogglePlayCheck,
    /// Change the colour theme.
    SetTheme(Theme),
    /// Open the "Start a test race" dialog.
    NewRace,
    /// Show the simulation screen.
    ShowSimulation,
    /// Show the Tune screen.
    ShowTune,
    /// Choose a race record to watch.
    OpenRecord,
    /// Show the race screen, or go back to the editor from it.
    ToggleRaceScreen,
    /// Choose where to save the race shown as a record.
    SaveRecord,
    /// Leave the race or simulation screen for the editor (it stays open).
    BackToEditor,
    /// Pause the bots, or let them play on.
    PauseBots,
    /// One decision back in a record.
    StepBack,
    /// One decision forward in a record.
    StepForward,
    /// Show or hide the keyboard shortcuts.
    ToggleShortcuts,
    /// Show the Getting started window.
    GettingStarted,
    /// Show what each diagnostic code means.
    DiagnosticCodes,
}

/// The menu an action is listed in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Menu {
    /// Files and documents.
    File,
    /// Undo and the selection.
    Edit,
    /// The canvas and preferences.
    View,
    /// Test races, simulations and records.
    Race,
    /// Help.
    Help,
    /// No menu: keys only (the tools have their toolbar, the race its buttons).
    None,
}

impl Menu {
    /// The menus, in the menu bar's order, with their titles.
    pub const BAR: [(Self, &'static str); 5] = [
        (Self::File, "File"),
        (Self::Edit, "Edit"),
        (Self::View, "View"),
        (Self::Race, "Race"),
        (Self::Help, "Help"),
    ];
}

/// A key that triggers an action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shortcut {
    /// A key, with or without modifiers.
    Chord(KeyboardShortcut),
    /// The system's copy (Ctrl+C), which reaches egui as a clipboard event.
    Copy,
    /// The system's paste (Ctrl+V), which reaches egui as a clipboard event with its text.
    Paste,
}

/// The screens on which an action applies (its menu item is enabled and its keys work).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Applies {
    /// Whatever is shown.
    Everywhere,
    /// Only on these screens.
    On(&'static [ScreenKind]),
}

impl Applies {
    /// Whether it applies on `screen`.
    #[must_use]
    pub fn on(self, screen: ScreenKind) -> bool {
        match self {
            Self::Everywhere => true,
            Self::On(screens) => screens.contains(&screen),
        }
    }
}

/// What the table needs to know of the studio to enable, label and tick its entries.
pub struct ActionState<'a> {
    /// The screen shown.
    pub screen: ScreenKind,
    /// The preferences (ticks of the View menu).
    pub prefs: &'a Prefs,
    /// Whether a race (or a record) is open.
    pub race_open: bool,
}

/// One row of the table.
#[derive(Clone, Copy)]
pub struct ActionSpec {
    /// The action.
    pub action: Action,
    /// Its name in the menu and the Help sheet.
    pub label: &'static str,
    /// What it does, in the Help sheet and the menu's tooltip.
    pub help: &'static str,
    /// Its keys; the first is shown in the menu.
    pub keys: &'static [Shortcut],
    /// Its menu, and the submenu within it.
    pub menu: Menu,
    /// A submenu of `menu` ("Theme").
    pub submenu: Option<&'static str>,
    /// A separator above it in its menu.
    pub separator_before: bool,
    /// The screens it applies to.
    pub applies: Applies,
    /// Whether it is enabled beyond its screens (the screen may refuse it too).
    pub enabled: fn(&ActionState<'_>) -> bool,
    /// For a setting: whether it is on (a tick or a radio in the menu).
    pub checked: Option<fn(&ActionState<'_>) -> bool>,
}

impl std::fmt::Debug for ActionSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ActionSpec")
            .field("action", &self.action)
            .field("label", &self.label)
            .finish_non_exhaustive()
    }
}

const fn chord(modifiers: Modifiers, key: Key) -> Shortcut {
    Shortcut::Chord(KeyboardShortcut::new(modifiers, key))
}

const fn key(key: Key) -> Shortcut {
    chord(Modifiers::NONE, key)
}

fn always(_: &ActionState<'_>) -> bool {
    true
}

fn race_open(state: &ActionState<'_>) -> bool {
    state.race_open
}

const EDITOR: Applies = Applies::On(&[ScreenKind::Editor]);
const EDITOR_AND_RACE: Applies = Applies::On(&[ScreenKind::Editor, ScreenKind::Race]);
const RACE: Applies = Applies::On(&[ScreenKind::Race]);
const AWAY_FROM_EDITOR: Applies =
    Applies::On(&[ScreenKind::Race, ScreenKind::Simulation, ScreenKind::Tune]);

/// A row with the defaults: no keys, no menu, everywhere, always enabled.
const fn row(action: Action, label: &'static str, help: &'static str) -> ActionSpec {
    ActionSpec {
        action,
        label,
        help,
        keys: &[],
        menu: Menu::None,
        submenu: None,
        separator_before: false,
        applies: Applies::Everywhere,
        enabled: always,
        checked: None,
    }
}

impl ActionSpec {
    const fn keys(mut self, keys: &'static [Shortcut]) -> Self {
        self.keys = keys;
        self
    }

    const fn menu(mut self, menu: Menu) -> Self {
        self.menu = menu;
        self
    }

    const fn separated(mut self) -> Self {
        self.separator_before = true;
        self
    }

    const fn on(mut self, applies: Applies) -> Self {
        self.applies = applies;
        self
    }

    const fn enabled(mut self, enabled: fn(&ActionState<'_>) -> bool) -> Self {
        self.enabled = enabled;
        self
    }

    const fn checked(mut self, checked: fn(&ActionState<'_>) -> bool) -> Self {
        self.checked = Some(checked);
        self
    }

    const fn submenu(mut self, submenu: &'static str) -> Self {
        self.submenu = Some(submenu);
        self
    }
}

/// The fixed rows, in menu order (the tools and themes are added by [`table`]).
const ROWS: &[ActionSpec] = &[
    row(Action::NewTrack, "New track", "Start a new, empty track").menu(Menu::File),
    row(Action::OpenFolder, "Open folder…", "Open a content folder")
        .keys(&[chord(Modifiers::COMMAND, Key::O)])
        .menu(Menu::File),
    row(Action::OpenFile, "Open file…", "Open one content file").menu(Menu::File),
    row(Action::Save, "Save", "Save the document shown")
        .keys(&[chord(Modifiers::COMMAND, Key::S)])
        .menu(Menu::File)
        .separated()
        .on(EDITOR),
    row(
        Action::SaveAs,
        "Save as…",
        "Save the document shown to a new file",
    )
    .menu(Menu::File)
    .on(EDITOR),
    row(
        Action::SaveAll,
        "Save all",
        "Save every document with changes",
    )
    .menu(Menu::File),
    row(
        Action::ExportPng,
        "Export PNG…",
        "Draw the track shown to a picture",
    )
    .menu(Menu::File)
    .on(EDITOR),
    row(
        Action::PrintPdf,
        "Print to PDF…",
        "The track shown at real size, tiled over paper, or the content's cards, mats and counters",
    )
    .menu(Menu::File),
    row(
        Action::ExportTts,
        "Export for Tabletop Simulator…",
        "The decks as 10 x 7 card sheets, or the track as one picture",
    )
    .menu(Menu::File),
    row(
        Action::Reload,
        "Reload",
        "Read the open files again from disk",
    )
    .menu(Menu::File),
    row(Action::Quit, "Quit", "Close the studio")
        .menu(Menu::File)
        .separated(),
    row(
        Action::Undo,
        "Undo",
        "Undo the last edit (on the race screen: your last choice)",
    )
    .keys(&[chord(Modifiers::COMMAND, Key::Z)])
    .menu(Menu::Edit)
    .on(EDITOR_AND_RACE),
    row(Action::Redo, "Redo", "Redo")
        .keys(&[
            chord(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z),
            chord(Modifiers::COMMAND, Key::Y),
        ])
        .menu(Menu::Edit)
        .on(EDITOR),
    row(
        Action::Copy,
        "Copy sectors",
        "Copy the selected lap sectors",
    )
    .keys(&[Shortcut::Copy])
    .menu(Menu::Edit)
    .separated()
    .on(EDITOR),
    row(
        Action::Paste,
        "Paste sectors",
        "Paste the copied sectors at the end of the lap",
    )
    .keys(&[Shortcut::Paste])
    .menu(Menu::Edit)
    .on(EDITOR),
    row(Action::SelectAll, "Select all", "Select every space")
        .keys(&[chord(Modifiers::COMMAND, Key::A)])
        .menu(Menu::Edit)
        .on(EDITOR),
    row(Action::Delete, "Delete", "Delete the selection")
        .keys(&[key(Key::Delete)])
        .menu(Menu::Edit)
        .on(EDITOR),
    row(
        Action::ClearSelection,
        "Clear the selection",
        "Clear the selection, leave a tool's step",
    )
    .keys(&[key(Key::Escape)])
    .on(EDITOR),
    row(Action::ZoomIn, "Zoom in", "Zoom in")
        .keys(&[key(Key::Plus), key(Key::Equals)])
        .menu(Menu::View)
        .on(EDITOR),
    row(Action::ZoomOut, "Zoom out", "Zoom out")
        .keys(&[key(Key::Minus)])
        .menu(Menu::View)
        .on(EDITOR),
    row(Action::Fit, "Fit track", "Fit the track to the window")
        .keys(&[chord(Modifiers::COMMAND, Key::Num0)])
        .menu(Menu::View)
        .on(EDITOR),
    row(
        Action::ToggleBuiltInDialogs,
        "Built-in file dialogs",
        "Use the studio's own file dialogs instead of the system's",
    )
    .menu(Menu::View)
    .separated()
    .checked(|state| state.prefs.built_in_file_dialogs),
    row(
        Action::TogglePlayCheck,
        "Check by play",
        "Race the content in the background after edits and list what play finds",
    )
    .menu(Menu::View)
    .checked(|state| state.prefs.play_races > 0),
    row(
        Action::NewRace,
        "Start a test race…",
        "Start a test race on the content as edited",
    )
    .keys(&[chord(Modifiers::COMMAND, Key::R)])
    .menu(Menu::Race),
    row(
        Action::ShowSimulation,
        "Simulate…",
        "Batches of bot races with statistics",
    )
    .menu(Menu::Race),
    row(
        Action::ShowTune,
        "Tune…",
        "Search for the values of chosen parameters that meet objectives, by bot races",
    )
    .menu(Menu::Race),
    row(
        Action::OpenRecord,
        "Watch a race record…",
        "Open a saved race to watch",
    )
    .menu(Menu::Race),
    row(
        Action::ToggleRaceScreen,
        "Show the race",
        "Show the race open, or go back to the editor",
    )
    .menu(Menu::Race)
    .separated()
    .enabled(race_open),
    row(
        Action::SaveRecord,
        "Save race record…",
        "Save the race's seed and decisions, to watch again",
    )
    .menu(Menu::Race)
    .enabled(race_open),
    row(
        Action::BackToEditor,
        "Back to the editor",
        "Back to the editor; the race or batch stays open",
    )
    .keys(&[key(Key::Escape)])
    .on(AWAY_FROM_EDITOR),
    row(
        Action::PauseBots,
        "Pause or play",
        "Pause the bots, or play on",
    )
    .keys(&[key(Key::Space)])
    .on(RACE),
    row(
        Action::StepBack,
        "One decision back",
        "One decision back (a record)",
    )
    .keys(&[key(Key::ArrowLeft)])
    .on(RACE),
    row(
        Action::StepForward,
        "One decision forward",
        "One decision forward (a record)",
    )
    .keys(&[key(Key::ArrowRight)])
    .on(RACE),
    row(
        Action::ToggleShortcuts,
        "Keyboard shortcuts",
        "Show or hide this list",
    )
    .keys(&[key(Key::F1)])
    .menu(Menu::Help),
    row(
        Action::GettingStarted,
        "Getting started",
        "What to do first: open or draw a track, race it, simulate it",
    )
    .menu(Menu::Help),
    row(
        Action::DiagnosticCodes,
        "Diagnostic codes",
        "What each code in the diagnostics means",
    )
    .menu(Menu::Help),
];

/// Mouse gestures the Help sheet lists beside the keys (they are the canvas's, not actions).
pub const GESTURES: [(&str, &str); 1] = [("Right drag, or pinch", "Pan, zoom about the pointer")];

/// Every action: the fixed rows, the canvas tools (their keys) and the themes (View > Theme).
#[must_use]
pub fn table() -> &'static [ActionSpec] {
    static TABLE: LazyLock<Vec<ActionSpec>> = LazyLock::new(|| {
        let mut rows = ROWS.to_vec();
        // The tools come after the rows of the editor's keys, the themes at the end of View.
        let view_end = rows
            .iter()
            .rposition(|r| r.menu == Menu::View)
            .map_or(rows.len(), |i| i + 1);
        let themes = [
            (Theme::System, "System"),
            (Theme::Dark, "Dark"),
            (Theme::Light, "Light"),
        ]
        .map(|(theme, name)| {
            let mut spec = row(Action::SetTheme(theme), name, "The colour theme")
                .menu(Menu::View)
                .submenu("Theme");
            spec.checked = Some(match theme {
                Theme::System => |s: &ActionState<'_>| s.prefs.theme == Theme::System,
                Theme::Dark => |s: &ActionState<'_>| s.prefs.theme == Theme::Dark,
                Theme::Light => |s: &ActionState<'_>| s.prefs.theme == Theme::Light,
            });
            spec
        });
        rows.splice(view_end..view_end, themes);
        for (((tool, name, _), keys), help) in Tool::ALL
            .into_iter()
            .zip(TOOL_KEYS.iter())
            .zip(TOOL_HELP.iter())
        {
            let mut spec = row(Action::SetTool(tool), name, help).on(EDITOR);
            spec.keys = keys;
            rows.push(spec);
        }
        rows
    });
    &TABLE
}

/// Each tool's line in the Help sheet: its name and what it does.
static TOOL_HELP: LazyLock<Vec<String>> = LazyLock::new(|| {
    Tool::ALL
        .iter()
        .map(|&(tool, name, _)| format!("{name} tool: {}", tool.hint()))
        .collect()
});

/// Each tool's key, as the table's rows hold keys: in a slice that lives as long as the table.
static TOOL_KEYS: LazyLock<Vec<[Shortcut; 1]>> =
    LazyLock::new(|| Tool::ALL.iter().map(|&(_, _, k)| [key(k)]).collect());

/// The row of an action.
#[must_use]
pub fn spec(action: Action) -> Option<&'static ActionSpec> {
    table().iter().find(|spec| spec.action == action)
}

/// Whether `action` applies on the screen shown and is enabled there (the screen's own say
/// comes on top: [`super::screen::Screen::can`]).
#[must_use]
pub fn applies(action: Action, state: &ActionState<'_>) -> bool {
    spec(action).is_some_and(|spec| spec.applies.on(state.screen) && (spec.enabled)(state))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_has_one_row_and_no_key_means_two_things_on_one_screen() {
        let rows = table();
        for (i, a) in rows.iter().enumerate() {
            assert!(
                rows[i + 1..].iter().all(|b| b.action != a.action),
                "{:?} has two rows",
                a.action
            );
            for b in &rows[i + 1..] {
                let shared = ScreenKind::ALL
                    .iter()
                    .any(|&screen| a.applies.on(screen) && b.applies.on(screen));
                let same_key = a.keys.iter().any(|k| b.keys.contains(k));
                assert!(
                    !(shared && same_key),
                    "{:?} and {:?} share a key on one screen",
                    a.action,
                    b.action
                );
            }
        }
    }

    #[test]
    fn editing_keys_do_not_apply_on_the_race_screen() {
        let prefs = Prefs::default();
        let state = ActionState {
            screen: ScreenKind::Race,
            prefs: &prefs,
            race_open: true,
        };
        for action in [
            Action::Delete,
            Action::Paste,
            Action::Redo,
            Action::SelectAll,
        ] {
            assert!(!applies(action, &state), "{action:?} on the race screen");
        }
        assert!(applies(Action::Undo, &state), "the race has its own undo");
    }
}
