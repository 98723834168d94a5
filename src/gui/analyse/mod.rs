//! The Design report screen: the studio's `roadwright analyse` on the documents as edited. A
//! track (one player, its seat turning) or a mission (its open sides), each subject's win rate
//! and skill gap, and what each option is worth to it by restricted play, drawn as bars with
//! their 95% intervals; a dominant option marked. The analysis runs in the background and can
//! be cancelled.

mod panels;
mod screen;

use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::job::Job;
use super::workspace::{DocumentId, Workspace};
use crate::content::bot_profile::Restriction;
use crate::sim::analyse::{
    DEFAULT_DOMINANT_SHARE, DesignReport, Ground, Plan, analyse, options_of,
};

/// The options a report measures, by group.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[allow(clippy::struct_excessive_bools)] // Four tick boxes of the form, each on its own.
pub struct OptionGroups {
    /// Firing.
    pub fire: bool,
    /// Ramming.
    pub ram: bool,
    /// Each race card kind.
    pub cards: bool,
    /// Each kind of ground the track has but its commonest.
    pub ground: bool,
}

impl OptionGroups {
    /// Whether `restriction`'s group is ticked.
    #[must_use]
    pub fn holds(self, restriction: &Restriction) -> bool {
        match restriction {
            Restriction::NoFire => self.fire,
            Restriction::NoRam => self.ram,
            Restriction::NoCard(_) => self.cards,
            Restriction::AvoidGround(_) => self.ground,
        }
    }
}

/// What a report is asked: chosen on the screen.
#[derive(Clone, PartialEq, Debug)]
pub struct AnalyseForm {
    /// The track, the ruleset and the players.
    pub setup: crate::gui::fields::RaceSetupForm,
    /// The mission analysed, if any (its own track and ruleset).
    pub mission: Option<DocumentId>,
    /// The strong profile: every unrestricted seat.
    pub strong: String,
    /// The weak profile of the skill gap.
    pub weak: String,
    /// Races of each arm.
    pub races: usize,
    /// The seed of every arm.
    pub seed: u64,
    /// The options measured.
    pub options: OptionGroups,
}

/// What the analysis job reports.
type Outcome = Result<DesignReport, String>;

/// The screen's state.
pub struct AnalyseScreen {
    /// The choices for the next report.
    pub form: AnalyseForm,
    job: Option<Job<Outcome>>,
    report: Option<DesignReport>,
    error: Option<String>,
}

impl AnalyseScreen {
    /// A screen on the mission shown (or the track shown, or the first), planner bots against
    /// random ones for the skill gap, 200 races an arm, firing and ramming measured.
    #[must_use]
    pub fn new(workspace: &Workspace, shown: Option<DocumentId>) -> Self {
        let mission = workspace.mission_shown(shown);
        let mut setup = crate::gui::fields::RaceSetupForm::new(workspace.track_or_first(shown));
        if let Some(players) =
            mission.and_then(|id| crate::gui::fields::mission_players(workspace, id))
        {
            setup.players = players;
        }
        Self {
            form: AnalyseForm {
                setup,
                mission,
                strong: workspace.bot_or_first("planner"),
                weak: workspace.bot_or_first("random"),
                races: 200,
                seed: 1,
                options: OptionGroups {
                    fire: true,
                    ram: true,
                    cards: false,
                    ground: false,
                },
            },
            job: None,
            report: None,
            error: None,
        }
    }

    /// What the form asks, ready to play on the documents as edited.
    fn ground_and_plan(&self, workspace: &Workspace) -> Result<(Ground, Plan), String> {
        let profile = |id: &str| {
            workspace
                .bot_profile(id)
                .cloned()
                .ok_or_else(|| format!("no bot profile `{id}` is open"))
        };
        let ground = if let Some(id) = self.form.mission {
            let mission = crate::gui::race::launch::mission_rules(workspace, id)
                .map_err(|e| e.to_string())?;
            Ground::Mission {
                rules: Arc::clone(&mission.loaded.rules),
                side_bots: mission.side_bots,
                players: self.form.setup.players,
            }
        } else {
            let track = self.form.setup.track.ok_or("Open a track first")?;
            let (loaded, _) =
                crate::gui::race::launch::rules_for(workspace, track, &self.form.setup.ruleset)
                    .map_err(|e| e.to_string())?;
            Ground::Track {
                rules: loaded.rules,
                players: self.form.setup.players,
            }
        };
        let options = options_of(ground.rules())
            .into_iter()
            .filter(|o| self.form.options.holds(o))
            .collect();
        let plan = Plan {
            strong: profile(&self.form.strong)?,
            weak: profile(&self.form.weak)?,
            races: self.form.races,
            seed: self.form.seed,
            options,
            dominant_share: DEFAULT_DOMINANT_SHARE,
        };
        Ok((ground, plan))
    }

    /// Starts the report in the background on every core; what is wrong with the form, said.
    pub fn start(&mut self, workspace: &Workspace) {
        match self.ground_and_plan(workspace) {
            Ok((ground, plan)) => {
                self.error = None;
                let threads =
                    std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
                self.job = Some(Job::spawn("analyse", move |handle| {
                    let outcome = analyse(
                        &ground,
                        &plan,
                        threads,
                        &|done, total| {
                            handle.set_total(total);
                            handle.done_counter().store(done, Ordering::Relaxed);
                        },
                        &|| handle.is_cancelled(),
                    );
                    handle.send(outcome);
                }));
            }
            Err(error) => self.error = Some(error),
        }
    }

    /// Cancels the report under way (within a race).
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel();
        }
    }

    /// Takes the report when it has come.
    pub fn poll(&mut self) {
        let Some(job) = &mut self.job else {
            return;
        };
        for outcome in job.poll() {
            match outcome {
                Ok(report) => self.report = Some(report),
                Err(error) => self.error = Some(error),
            }
        }
        if job.is_finished() {
            self.job = None;
        }
    }

    /// Waits for the report under way (tests).
    pub fn wait(&mut self) {
        if let Some(job) = &mut self.job {
            while let Some(outcome) = job.wait_next() {
                match outcome {
                    Ok(report) => self.report = Some(report),
                    Err(error) => self.error = Some(error),
                }
            }
        }
        self.job = None;
    }

    /// The last report.
    #[must_use]
    pub fn report(&self) -> Option<&DesignReport> {
        self.report.as_ref()
    }

    /// What went wrong last.
    #[must_use]
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Whether a report is under way, and its arms done and planned.
    #[must_use]
    pub fn running(&self) -> Option<(usize, usize)> {
        self.job.as_ref().map(Job::progress)
    }
}
