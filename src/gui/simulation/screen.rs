//! The simulation screen as one of the studio's screens: its clicks become studio commands;
//! a batch is started here, on the documents as edited.

use egui::Ui;

use super::{SimRequest, SimulationScreen};
use crate::gui::action::Action;
use crate::gui::command::StudioCommand;
use crate::gui::file_picker::Picker;
use crate::gui::screen::{Screen, ScreenKind, StudioView};

impl Screen for SimulationScreen {
    fn kind(&self) -> ScreenKind {
        ScreenKind::Simulation
    }

    fn ui(&mut self, ui: &mut Ui, studio: &mut StudioView<'_>) {
        for request in SimulationScreen::ui(self, ui, studio.session.workspace()) {
            match request {
                SimRequest::Run(form) => {
                    self.run_form(studio.session.workspace(), &form, studio.now);
                }
                SimRequest::Watch(index) => {
                    studio.commands.push(StudioCommand::WatchBatchRace(index));
                }
                SimRequest::Export(export) => {
                    studio
                        .commands
                        .push(StudioCommand::Pick(Picker::ExportSimulation {
                            export,
                            suggested: None,
                        }));
                }
                SimRequest::Close => studio
                    .commands
                    .push(StudioCommand::Act(Action::BackToEditor)),
            }
        }
    }

    fn act(&mut self, _action: Action, _studio: &mut StudioView<'_>) {
        // Every action on this screen is the app's (Back to the editor) or a button's.
    }
}
