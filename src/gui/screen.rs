//! The screens that fill the centre of the window, as egui's demo app has a `View` per window:
//! each screen is a type that implements [`Screen`], and the app routes drawing, actions and
//! keys to the one shown.
//!
//! Adding a screen is its folder (the type and its `impl Screen`) plus its registration: a
//! [`ScreenKind`] variant and a row of the registry ([`super::screens`]). The app keeps the
//! screens that were opened in one map ([`crate::gui::StudioApp`]) and shows one at a time; the
//! editor is one of them, opened first and never closed. A screen owns its messages: its buttons' requests are handled inside it, and
//! it asks the app only for the app's services ([`StudioCommand`]).

use std::any::Any;
use std::path::PathBuf;

use egui::Ui;

use super::action::Action;
use super::command::StudioCommand;
pub use super::screen_kind::ScreenKind;
use super::session::Session;
use super::workspace::DocumentId;

/// What a screen sees of the studio while it draws or acts: the session (documents, their
/// validation, the status line) and where to put the commands only the app can carry out.
pub struct StudioView<'a> {
    /// The documents, their histories, validation and the status line.
    pub session: &'a mut Session,
    /// Commands for the app (open a file dialog, start a race, show another screen).
    pub commands: &'a mut Vec<StudioCommand>,
    /// The window's clock (seconds).
    pub now: f64,
    /// The document the editor shows (a screen made from here starts on it).
    pub shown: Option<DocumentId>,
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

    /// Carries out `action`, which applies to this screen (while it is shown, or, for an
    /// action the app routes to it by kind, while it is open).
    fn act(&mut self, action: Action, studio: &mut StudioView<'_>);

    /// Takes the path chosen in a file dialog the screen asked for
    /// ([`super::file_picker::Picker::ForScreen`]); `what` is the screen's own name for the
    /// choice.
    fn picked(&mut self, _what: &'static str, _path: PathBuf, _studio: &mut StudioView<'_>) {}
}
