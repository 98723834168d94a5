//! The simulation screen as one of the studio's screens: it handles its own requests (run a
//! batch on the documents as edited, open one of its races, export its results to the file it
//! asked for) and asks the app only for the app's services.

use std::path::PathBuf;

use egui::Ui;

use super::{Export, SimRequest, SimulationScreen};
use crate::gui::action::Action;
use crate::gui::command::{OpenScreen, StudioCommand};
use crate::gui::file_picker::{Picker, ScreenAsk};
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
                SimRequest::Watch(index) => studio.commands.push(match self.watch(index) {
                    Ok(race) => StudioCommand::OpenScreen(OpenScreen(Box::new(race))),
                    Err(error) => StudioCommand::Say(format!("That race cannot be shown: {error}")),
                }),
                SimRequest::Export(export) => {
                    let suggested = self.suggested_export(studio.session.workspace(), export);
                    studio
                        .commands
                        .push(StudioCommand::Pick(Picker::ForScreen(ScreenAsk {
                            screen: ScreenKind::Simulation,
                            what: export.name(),
                            title: "Export the simulation",
                            extensions: export.extensions(),
                            save: true,
                            suggested,
                            start_in: None,
                        })));
                }
                SimRequest::Close => studio
                    .commands
                    .push(StudioCommand::Act(Action::BackToEditor)),
            }
        }
    }

    fn act(&mut self, action: Action, _studio: &mut StudioView<'_>) {
        // Every other action on this screen is the app's (Back to the editor) or a button's.
        if action == Action::Fit {
            self.fit_heat_map();
        }
    }

    fn picked(&mut self, what: &'static str, path: PathBuf, studio: &mut StudioView<'_>) {
        let Some(export) = Export::ALL.into_iter().find(|e| e.name() == what) else {
            return;
        };
        let message = match self.export(export, &path) {
            Ok(()) if export == Export::Csv => format!(
                "Exported {} and the teams beside it, {}",
                path.display(),
                crate::sim::report::teams_csv_path(&path).display()
            ),
            Ok(()) => format!("Exported {}", path.display()),
            Err(error) => format!("Could not export: {error}"),
        };
        studio.session.status_mut().say(message);
    }
}
