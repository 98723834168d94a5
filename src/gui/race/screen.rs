//! The race screen as one of the studio's screens: its clicks become studio commands, and the
//! race's actions (undo a choice, pause, step through a record) reach it from the table.

use egui::Ui;

use super::{RaceCommand, RaceRequest, RaceScreen, RaceSession};
use crate::gui::action::Action;
use crate::gui::command::StudioCommand;
use crate::gui::file_picker::Picker;
use crate::gui::screen::{Screen, ScreenKind, StudioView};
use crate::gui::session::Session;
use crate::sim::session::RunUntil;

impl Screen for RaceScreen {
    fn kind(&self) -> ScreenKind {
        ScreenKind::Race
    }

    fn ui(&mut self, ui: &mut Ui, studio: &mut StudioView<'_>) {
        for request in RaceScreen::ui(self, ui) {
            studio.commands.push(match request {
                RaceRequest::Close => StudioCommand::Act(Action::BackToEditor),
                RaceRequest::SaveRecord => {
                    StudioCommand::Pick(Picker::SaveRecord { suggested: None })
                }
            });
        }
    }

    fn can(&self, action: Action, _session: &Session) -> bool {
        match (action, self.session()) {
            (Action::Undo, RaceSession::Live(live)) => live.can_undo(),
            (Action::PauseBots, RaceSession::Live(live)) => !live.race().is_over(),
            (Action::StepBack | Action::StepForward, RaceSession::Replay(_)) => true,
            (Action::Undo | Action::PauseBots | Action::StepBack | Action::StepForward, _) => false,
            _ => true,
        }
    }

    fn act(&mut self, action: Action, _studio: &mut StudioView<'_>) {
        let command = match (action, self.session()) {
            (Action::Undo, _) => RaceCommand::Undo,
            (Action::PauseBots, _) if self.is_running() => RaceCommand::Pause,
            (Action::PauseBots, _) => RaceCommand::Run(RunUntil::End),
            (Action::StepBack, RaceSession::Replay(replay)) => {
                RaceCommand::Seek(replay.position().saturating_sub(1))
            }
            (Action::StepForward, RaceSession::Replay(replay)) => {
                RaceCommand::Seek(replay.position() + 1)
            }
            _ => return,
        };
        // The race's own requests (save, close) come from its buttons, not from these.
        let _ = self.apply(command);
    }
}
