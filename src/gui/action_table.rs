//! The action table: one row per action (its label, keys, menu, the screens it applies to and
//! when it is enabled), in menu order. The menu bar, the Help sheet and key handling are all
//! generated from [`table`] ([`super::menu`]); none of them lists an action of its own. The
//! screens' Show entries come from the screens registry ([`super::screens`]).

use std::sync::LazyLock;

use egui::{Key, KeyboardShortcut, Modifiers};

use super::action::{Action, ActionSpec, ActionState, Applies, Menu, Shortcut};
use super::canvas::Tool;
use super::prefs::Theme;
use super::screen_kind::ScreenKind;

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
const AWAY_FROM_EDITOR: Applies = Applies::Except(&[ScreenKind::Editor]);
/// The screens that draw a track: the editor, the race's board and the simulation's heat map.
const TRACK_SHOWN: Applies =
    Applies::On(&[ScreenKind::Editor, ScreenKind::Race, ScreenKind::Simulation]);

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
    row(
        Action::NewMission,
        "New mission",
        "Start a mission on the track shown: the pack's first two teams as two sides, the first across the line twice wins",
    )
    .menu(Menu::File),
    row(
        Action::HazardDeck,
        "Hazard deck",
        "Show the pack's hazard deck (the face-down tokens dealt to hazard spots), starting one when it has none",
    )
    .menu(Menu::File),
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
        "Export decks and track for Tabletop Simulator…",
        "The decks as 10 x 7 card sheets, or the track as one picture (team mats and counters \
         are printed to PDF, not exported)",
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
        .on(TRACK_SHOWN),
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
        // The screens' Show entries follow "Start a test race…", in the registry's order.
        let after_race = rows
            .iter()
            .position(|r| r.action == Action::NewRace)
            .map_or(rows.len(), |i| i + 1);
        let shows = super::screens::SCREENS.iter().filter_map(|screen| {
            let show = screen.show.as_ref()?;
            Some(row(Action::Show(screen.kind), show.label, show.help).menu(Menu::Race))
        });
        rows.splice(after_race..after_race, shows);
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
    use crate::gui::prefs::Prefs;

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
                let shared = super::super::screens::SCREENS
                    .iter()
                    .any(|screen| a.applies.on(screen.kind) && b.applies.on(screen.kind));
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
