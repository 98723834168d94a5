//! The Tune screen as one of the studio's screens: a run is started here, on the documents as
//! edited; its comparison is handed to the app as a simulation screen, ready-made.

use egui::Ui;

use super::{TuneRequest, TuneScreen};
use crate::edit::Edit;
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
                TuneRequest::ApplyMission => {
                    let said = match self.tuned_mission(studio.session.workspace()) {
                        Ok((id, mission, changes_pack)) => {
                            let edit = Edit::Mission(Box::new(mission));
                            if studio.session.edit(id, &edit, None) {
                                let name = studio.session.workspace().display_name(id);
                                if changes_pack {
                                    format!(
                                        "Applied the tuned settings to {name} (undo takes them \
                                         back); the pack's changes are in the tuned pack, not \
                                         applied"
                                    )
                                } else {
                                    format!(
                                        "Applied the tuned settings to {name} (undo takes them \
                                         back)"
                                    )
                                }
                            } else {
                                "The tuned settings were not applied".to_owned()
                            }
                        }
                        Err(error) => format!("The tuned mission cannot be applied: {error}"),
                    };
                    studio.commands.push(StudioCommand::Say(said));
                }
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
