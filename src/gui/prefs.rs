//! What the studio remembers between runs (through eframe's storage): recent files, the theme,
//! autosave timing, canvas options. The window's size and place eframe keeps itself.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The colour theme.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum Theme {
    /// Follow the system.
    #[default]
    System,
    /// Dark.
    Dark,
    /// Light.
    Light,
}

/// The remembered preferences.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Recently opened folders and files, newest first.
    pub recent: Vec<PathBuf>,
    /// The colour theme.
    pub theme: Theme,
    /// Seconds between autosaves of unsaved work to recovery copies.
    pub autosave_seconds: u32,
    /// Whether the canvas draws forward links.
    pub show_links: bool,
    /// Whether file dialogs are drawn in the window even where the system's would open.
    pub built_in_file_dialogs: bool,
    /// Races per track the background check by play runs after edits (0: none).
    pub play_races: usize,
    /// Whether the Getting started window opens when the studio starts.
    pub show_getting_started: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        Self {
            recent: Vec::new(),
            theme: Theme::System,
            autosave_seconds: 30,
            show_links: true,
            built_in_file_dialogs: false,
            play_races: crate::sim::play_check::DEFAULT_PLAY_RACES,
            show_getting_started: true,
        }
    }
}

impl Prefs {
    /// How many recent entries are kept.
    pub const RECENT_LIMIT: usize = 10;

    /// The key in eframe's storage.
    pub const KEY: &'static str = "roadwright-prefs";

    /// Puts `path` first in the recent list.
    pub fn remember(&mut self, path: &Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_owned());
        self.recent.retain(|known| *known != path);
        self.recent.insert(0, path);
        self.recent.truncate(Self::RECENT_LIMIT);
    }
}
