//! The Tune screen as one of the studio's screens: a run is started here, on the documents as
//! edited; its comparison is handed to the app as a simulation screen, ready-made.

use egui::Ui;

use super::{TuneRequest, TuneScreen};
use crate::gui::action::Action;
use crate::gui::command::{OpenScreen, StudioCommand};
use crate::gui::screen::{Screen, ScreenKind, StudioView};
use crate::gui::simulation::SimulationScreen;

impl Screen for TuneScreen {
    fn kind(&self) -> ScreenKind {
        ScreenKind::Tune
    }

    fn ui(&mut self, ui: &mut Ui, studio: &mut StudioView<'_>) {
        for request in TuneScreen::ui(self, ui, studio.session.workspace()) {
            match request {
                TuneRequest::Compare => studio.commands.push(match self.comparison() {
                    // The tuned pack against the pack as it is, on the run's fresh seeds.
                    Ok(comparison) => {
                        let workspace = studio.session.workspace();
                        StudioCommand::OpenScreen(OpenScreen(Box::new(
                            SimulationScreen::comparing(
                                workspace,
                                studio.shown,
                                comparison,
                                studio.now,
                            ),
                        )))
                    }
                    Err(error) => {
                        StudioCommand::Say(format!("The tuned pack cannot be compared: {error}"))
                    }
                }),
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
