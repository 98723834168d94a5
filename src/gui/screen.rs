//! The screens that fill the centre of the window, as egui's demo app has a `View` per window:
//! each screen is a type that implements [`Screen`], and the app routes drawing, actions and
//! keys to the one shown.
//!
//! Adding a screen is one file (the type and its `impl Screen`) plus one registration: a
//! [`ScreenKind`] variant (`screen_kind.rs`), with its name in [`ScreenKind::name`]. The app keeps the screens that
//! were opened ([`crate::gui::StudioApp`]) and shows one at a time; the editor is always there.

use std::any::Any;

use egui::Ui;

use super::action::Action;
use super::command::StudioCommand;
pub use super::screen_kind::ScreenKind;
use super::session::Session;

/// What a screen sees of the studio while it draws or acts: the session (documents, their
/// validation, the status line) and where to put the commands only the app can carry out.
pub struct StudioView<'a> {
    /// The documents, their histories, validation and the status line.
    pub session: &'a mut Session,
    /// Commands for the app (open a file dialog, start a race, show another screen).
    pub commands: &'a mut Vec<StudioCommand>,
    /// The window's clock (seconds).
    pub now: f64,
}

/// A screen of the studio.
pub trait Screen: Any {
    /// Which screen it is.
    fn kind(&self) -> ScreenKind;

    /// Draws the screen into the window's centre (its own side panels included) and asks for
    /// what only the app can do through `studio.commands`.
    fn ui(&mut self, ui: &mut Ui, studio: &mut StudioView<'_>);

    /// Whether `action` (one that applies to this screen) can be carried out now: the menus
    /// grey it out otherwise, and its keys do nothing.
    fn can(&self, _action: Action, _session: &Session) -> bool {
        true
    }

    /// What the menu calls `action` now, when the screen names it itself ("Undo Move 3
    /// spaces").
    fn label(&self, _action: Action, _session: &Session) -> Option<String> {
        None
    }

    /// Carries out `action`, which applies to this screen, while it is shown.
    fn act(&mut self, action: Action, studio: &mut StudioView<'_>);
}
