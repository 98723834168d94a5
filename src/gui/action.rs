//! The studio's actions, as rerun's `UICommand`: what the user can ask for from a menu or a key,
//! and what a row of the action table ([`super::action_table`]) says of one: its label, keys,
//! menu, the screens it applies to and when it is enabled. Screens take actions
//! ([`super::screen::Screen::act`]); the table, the menus and the keys are above them.
//!
//! Keys go only to the screen shown: an action whose [`Applies`] leaves out that screen is not
//! triggered by its keys there (Del on the race screen does not delete the hidden track's
//! selection).

use egui::KeyboardShortcut;

use super::canvas::Tool;
use super::prefs::{Prefs, Theme};
use super::screen_kind::ScreenKind;

/// Something the user can ask of the studio from a menu or a key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// Start a new, empty track.
    NewTrack,
    /// Start a new mission on the track shown.
    NewMission,
    /// Show the pack's hazard deck, starting one when it has none.
    HazardDeck,
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
    /// Show a screen (opening it the first time): the screens registry's Show entries.
    Show(ScreenKind),
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
    /// On every screen but these.
    Except(&'static [ScreenKind]),
}

impl Applies {
    /// Whether it applies on `screen`.
    #[must_use]
    pub fn on(self, screen: ScreenKind) -> bool {
        match self {
            Self::Everywhere => true,
            Self::On(screens) => screens.contains(&screen),
            Self::Except(screens) => !screens.contains(&screen),
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
