//! The commands that open or feed the race and simulation screens: start a test race, watch a
//! record, a finding of play or a batch's race, save a record, run and export a batch, compare
//! a tuned pack with the pack as it is.

use super::StudioApp;
use crate::gui::command::StudioCommand;
use crate::gui::race::RaceScreen;
use crate::gui::race::launch::{finding_race, open_record, start_race};
use crate::gui::simulation::SimulationScreen;

impl StudioApp {
    /// Carries out a race or simulation command (the others are not for here).
    pub(super) fn apply_to_races(&mut self, command: StudioCommand) {
        let session = &mut self.session;
        match command {
            StudioCommand::StartRace(request) => {
                let validated = (!session.validating()).then_some(session.validated());
                match start_race(session.workspace(), &request, validated) {
                    Ok((race, track)) => {
                        self.start_dialog = None;
                        let offered = session.workspace().bot_profiles().cloned().collect();
                        self.open_screen(Box::new(RaceScreen::live(race, track, offered)));
                        self.say(format!("Race started, seed {}", request.seed));
                    }
                    Err(error) => self.say(format!("The race could not start: {error}")),
                }
            }
            StudioCommand::OpenRecord(path) => match open_record(session.workspace(), &path) {
                Ok((replay, track)) => {
                    self.open_screen(Box::new(RaceScreen::replay(replay, track)));
                    self.say(format!("Watching {}", path.display()));
                }
                Err(error) => self.say(format!("{} cannot be watched: {error}", path.display())),
            },
            StudioCommand::SaveRecord(path) => {
                if let Some(race) = self.race_screen_mut() {
                    let message = race.save_record(&path);
                    self.say(message);
                }
            }
            StudioCommand::WatchPlayRace(index) => match finding_race(session, index) {
                Ok((race, message)) => {
                    self.open_screen(Box::new(race));
                    self.say(message);
                }
                Err(message) => self.say(message),
            },
            StudioCommand::RunSimulation(form) => {
                let now = self.last_time;
                let Self {
                    session, screens, ..
                } = self;
                if let Some(simulation) = super::screen_in::<SimulationScreen>(screens) {
                    simulation.run_form(session.workspace(), &form, now);
                }
            }
            StudioCommand::WatchBatchRace(index) => {
                match self.simulation().map(|simulation| simulation.watch(index)) {
                    Some(Ok(race)) => self.open_screen(Box::new(race)),
                    Some(Err(error)) => self.say(format!("That race cannot be shown: {error}")),
                    None => {}
                }
            }
            StudioCommand::ExportSimulation(export, path) => {
                let result = self
                    .simulation()
                    .ok_or_else(|| "no simulation".to_owned())
                    .and_then(|s| s.export(export, &path));
                self.say(match result {
                    Ok(()) if export == crate::gui::simulation::Export::Csv => format!(
                        "Exported {} and the teams beside it, {}",
                        path.display(),
                        crate::sim::report::teams_csv_path(&path).display()
                    ),
                    Ok(()) => format!("Exported {}", path.display()),
                    Err(error) => format!("Could not export: {error}"),
                });
            }
            StudioCommand::CompareTuned => self.compare_tuned(),
            _ => {}
        }
    }

    /// Opens the simulation screen on the Tune screen's tuned pack against the pack as it is,
    /// on the run's fresh seeds, and shows the comparison.
    fn compare_tuned(&mut self) {
        let comparison = self
            .screen::<crate::gui::tune::TuneScreen>()
            .ok_or_else(|| "no tuning".to_owned())
            .and_then(crate::gui::tune::TuneScreen::comparison);
        let crate::gui::tune::TunedComparison {
            tuned,
            loaded,
            track,
            current,
        } = match comparison {
            Ok(comparison) => comparison,
            Err(error) => {
                self.say(format!("The tuned pack cannot be compared: {error}"));
                return;
            }
        };
        self.act(crate::gui::action::Action::ShowSimulation);
        let now = self.last_time;
        if let Some(simulation) = self.screen_mut::<SimulationScreen>() {
            // The form says what is shown: the run's bots, races and seed.
            let form = &mut simulation.form;
            form.setup.players = tuned.bots.len();
            form.races = tuned.races;
            form.seed = tuned.seed;
            for (seat, bot) in form.bots.iter_mut().zip(tuned.bots.iter().cycle()) {
                *seat = bot.id.to_string();
            }
            simulation.start(
                tuned,
                loaded,
                track,
                now,
                Some((current, "Pack as it is".to_owned(), "Tuned".to_owned())),
            );
            simulation.apply(crate::gui::simulation::SimCommand::Tab(
                crate::gui::simulation::SimTab::Compare,
            ));
        }
    }
}
