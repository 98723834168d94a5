//! The race screen as one of the studio's screens: the race's actions (undo a choice, pause,
//! step through a record, save it as a record) reach it from the table, and the record's file
//! comes back to it from the file dialog it asks for.

use std::path::PathBuf;

use egui::Ui;

use super::{RaceCommand, RaceRequest, RaceScreen, RaceSession};
use crate::gui::action::Action;
use crate::gui::command::StudioCommand;
use crate::gui::file_picker::{Picker, ScreenAsk};
use crate::gui::screen::{Screen, ScreenKind, StudioView};
use crate::gui::session::Session;
use crate::sim::session::RunUntil;

impl Screen for RaceScreen {
    fn kind(&self) -> ScreenKind {
        ScreenKind::Race
    }

    fn ui(&mut self, ui: &mut Ui, studio: &mut StudioView<'_>) {
        for request in RaceScreen::ui(self, ui) {
            match request {
                RaceRequest::Close => studio
                    .commands
                    .push(StudioCommand::Act(Action::BackToEditor)),
                RaceRequest::SaveRecord => self.ask_for_record_file(studio),
            }
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

    fn act(&mut self, action: Action, studio: &mut StudioView<'_>) {
        let command = match (action, self.session()) {
            (Action::SaveRecord, _) => {
                self.ask_for_record_file(studio);
                return;
            }
            (Action::Fit, _) => {
                self.fit_board();
                return;
            }
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

    fn picked(&mut self, what: &'static str, path: PathBuf, studio: &mut StudioView<'_>) {
        if what == RECORD {
            let message = self.save_record(&path);
            studio.session.status_mut().say(message);
        }
    }
}

/// The race screen's name for the record file it asks for.
const RECORD: &str = "record";

impl RaceScreen {
    /// Asks for the file to save the race as a record in, starting on a free `race-SEED.json`.
    fn ask_for_record_file(&self, studio: &mut StudioView<'_>) {
        let suggested = self.suggested_record(studio.session.workspace());
        studio
            .commands
            .push(StudioCommand::Pick(Picker::ForScreen(ScreenAsk {
                screen: ScreenKind::Race,
                what: RECORD,
                title: "Save the race record",
                extensions: &["json", "ron"],
                save: true,
                suggested,
                start_in: None,
            })));
    }
}
