//! The simulation and Tune screens as the studio's tests and scripts reach them.

use super::StudioApp;
use crate::gui::screen::ScreenKind;
use crate::gui::simulation::SimulationScreen;
use crate::gui::tune::TuneScreen;

impl StudioApp {
    /// The simulation screen, once opened.
    #[must_use]
    pub fn simulation(&self) -> Option<&SimulationScreen> {
        self.screen()
    }

    /// The simulation screen, for tests that fill in its form and wait for its batch.
    pub fn simulation_mut(&mut self) -> Option<&mut SimulationScreen> {
        self.screen_mut()
    }

    /// Whether the simulation screen fills the centre.
    #[must_use]
    pub fn simulation_shown(&self) -> bool {
        self.shown == ScreenKind::Simulation
    }

    /// The Tune screen, once opened.
    #[must_use]
    pub fn tune(&self) -> Option<&TuneScreen> {
        self.screen()
    }

    /// The Tune screen, for tests that fill in its form and wait for its run.
    pub fn tune_mut(&mut self) -> Option<&mut TuneScreen> {
        self.screen_mut()
    }
}
