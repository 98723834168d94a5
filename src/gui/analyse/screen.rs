//! The Design report as one of the studio's screens.

use egui::Ui;

use super::AnalyseScreen;
use super::panels::AnalyseRequest;
use crate::gui::action::Action;
use crate::gui::command::StudioCommand;
use crate::gui::screen::{Screen, ScreenKind, StudioView};

impl Screen for AnalyseScreen {
    fn kind(&self) -> ScreenKind {
        ScreenKind::Analyse
    }

    fn ui(&mut self, ui: &mut Ui, studio: &mut StudioView<'_>) {
        for request in AnalyseScreen::ui(self, ui, studio.session.workspace()) {
            match request {
                AnalyseRequest::Close => studio
                    .commands
                    .push(StudioCommand::Act(Action::BackToEditor)),
            }
        }
    }

    fn act(&mut self, _action: Action, _studio: &mut StudioView<'_>) {
        // Every action on this screen is the app's (Back to the editor) or a button's.
    }
}
