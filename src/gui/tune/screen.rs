//! The Tune screen as one of the studio's screens: its requests become studio commands; a run
//! is started here, on the documents as edited.

use egui::Ui;

use super::{TuneRequest, TuneScreen};
use crate::gui::action::Action;
use crate::gui::command::StudioCommand;
use crate::gui::screen::{Screen, ScreenKind, StudioView};

impl Screen for TuneScreen {
    fn kind(&self) -> ScreenKind {
        ScreenKind::Tune
    }

    fn ui(&mut self, ui: &mut Ui, studio: &mut StudioView<'_>) {
        for request in TuneScreen::ui(self, ui, studio.session.workspace()) {
            match request {
                TuneRequest::Compare => studio.commands.push(StudioCommand::CompareTuned),
                TuneRequest::Close => studio
                    .commands
                    .push(StudioCommand::Act(Action::BackToEditor)),
            }
        }
    }

    fn act(&mut self, _action: Action, _studio: &mut StudioView<'_>) {
        // Every action on this screen is the app's (Back to the editor) or a button's.
    }
}
