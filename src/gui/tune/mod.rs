//! The Tune screen: `roadwright tune` on the content as edited. The designer ticks the
//! parameters the search may move (each offered with a range around the pack's value, grouped
//! by deck and team, filtered by name), the objectives and their weights, the bots, players,
//! budget and seed; the search runs in the background with its progress, Stop (the best so far
//! is still measured) and Cancel; the result lists every change and each objective and team
//! before and after, and opens as a comparison with the pack as it is on the simulation
//! screen. The content is never edited: the tuned pack is written to the output folder, as
//! the command writes it, and a second run with the same choices resumes the search.
//!
//! This file holds the screen's state and what it does (the form, starting, stopping, the
//! result and its comparison); `panels` draws it, `worker` runs the search as a job, and
//! `screen` registers it with the studio.

mod panels;
mod screen;
mod worker;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::workspace::{DocumentId, Workspace};
use crate::content::Document;
use crate::content::tuning::{Objective, Parameter, TuningSpec};
use crate::sim::tune::run::{Report, RunError, RunProgress, prepare_output};
use crate::sim::tune::{Offered, Plan, Tuning, offered, offered_in_mission};
use crate::validate::checked_track::CheckedTrack;
use worker::{TuneRun, TuneUpdate};

/// A parameter offered on the screen, and whether the search may move it.
#[derive(Clone, PartialEq, Debug)]
pub struct ParameterRow {
    /// The parameter, with its range as edited.
    pub offered: Offered,
    /// Ticked: the search may move it.
    pub chosen: bool,
}

/// An objective offered on the screen, and whether the search aims at it.
#[derive(Clone, PartialEq, Debug)]
pub struct ObjectiveRow {
    /// The objective, with its values as edited.
    pub objective: Objective,
    /// Ticked: it counts in the score.
    pub chosen: bool,
}

/// What a tuning is asked to do: chosen on the screen.
#[derive(Clone, PartialEq, Debug)]
pub struct TuneForm {
    /// The track, the ruleset and the players.
    pub setup: crate::gui::fields::RaceSetupForm,
    /// The mission document the races play, if any: it fixes the track and the ruleset.
    pub mission: Option<DocumentId>,
    /// The bot profile every seat plays.
    pub bot: String,
    /// The stronger bot profile that confirms the search's best candidates, if any.
    pub confirm_bot: Option<String>,
    /// How many of the search's best candidates it confirms.
    pub confirm_top: u8,
    /// Races each confirmed candidate, and the pack as it is, plays.
    pub confirm_races: u32,
    /// Races the whole run may play.
    pub budget: u32,
    /// Whether the search ends at the first candidate that meets every objective.
    pub stop_when_met: bool,
    /// The search's seed.
    pub seed: u64,
    /// Every parameter of the content, ticked or not.
    pub parameters: Vec<ParameterRow>,
    /// Every kind of objective, ticked or not.
    pub objectives: Vec<ObjectiveRow>,
    /// The output folder, as typed.
    pub out: String,
}

impl TuneForm {
    /// The tuning spec the form describes (the parameters and objectives ticked), with the
    /// content folder and the track named as `roadwright tune` finds them from a spec in the
    /// project's `tuning/` folder (absolute when they lie outside the project).
    #[must_use]
    pub fn spec(&self, workspace: &Workspace) -> TuningSpec {
        let home = workspace.home();
        let relative = |path: &Path| {
            let path = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
            path.strip_prefix(&home)
                .map_or_else(|_| path.clone(), |p| Path::new("..").join(p))
                .display()
                .to_string()
        };
        // A mission races on its own track under its own ruleset.
        let mission = self.mission.and_then(|id| {
            let open = workspace.document(id)?;
            let Document::Mission(mission) = &open.document else {
                return None;
            };
            let path = workspace.validation_path(id)?;
            let track = crate::gui::validation::mission_track_path(&path, mission.track.as_str());
            Some((mission, path, track))
        });
        let track = match &mission {
            Some((_, _, track)) => workspace.id_of_file(track),
            None => self.setup.track,
        };
        let track_name = track.map_or_else(String::new, |id| workspace.display_name(id));
        let track_path = track
            .and_then(|id| workspace.document(id)?.path.clone())
            .map_or_else(|| track_name.clone(), |path| relative(&path));
        let ruleset = mission.as_ref().map_or_else(
            || self.setup.ruleset.clone(),
            |(mission, _, _)| mission.ruleset.to_string(),
        );
        TuningSpec {
            kind: crate::content::kind::TuningSpecKind::default(),
            version: TuningSpec::VERSION,
            name: format!("Tuning on {track_name}").as_str().into(),
            content: relative(&std::path::absolute(&workspace.root).unwrap_or_default())
                .as_str()
                .into(),
            track: track_path.as_str().into(),
            mission: mission
                .as_ref()
                .map(|(_, path, _)| relative(path).as_str().into()),
            ruleset: ruleset.as_str().into(),
            // The form keeps 2 to 10; anything else is left for the spec's check to name.
            players: u8::try_from(self.setup.players).unwrap_or(u8::MAX),
            bots: vec![self.bot.as_str().into()],
            budget: self.budget,
            stop_when_met: self.stop_when_met,
            seed: self.seed,
            parameters: self
                .parameters
                .iter()
                .filter(|row| row.chosen)
                .map(|row| row.offered.parameter.clone())
                .collect(),
            objectives: self
                .objectives
                .iter()
                .filter(|row| row.chosen)
                .map(|row| row.objective.clone())
                .collect(),
            confirm: self
                .confirm_bot
                .as_ref()
                .map(|bot| crate::content::tuning::Confirm {
                    bots: vec![bot.as_str().into()],
                    top: self.confirm_top,
                    races: self.confirm_races,
                }),
        }
    }
}

/// What the screen asks of the studio.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TuneRequest {
    /// Show the tuned pack against the pack as it is on the simulation screen.
    Compare,
    /// Set the tuned mission's settings into the mission tuned, as one undoable edit.
    ApplyMission,
    /// Back to the editor.
    Close,
}

/// A run that ended with its report.
struct Finished {
    report: Report,
    out: PathBuf,
    tuning: Arc<Tuning>,
    track: crate::content::track::Track,
    ran_on: RanOn,
}

/// What a run was played on, as the form named it when it started (the form may change
/// while it runs): the comparison's simulation form names the same.
#[derive(Clone, PartialEq, Debug)]
struct RanOn {
    /// The mission document, if the races played one.
    mission: Option<DocumentId>,
    /// The track document (the mission's own, for a mission).
    track: Option<DocumentId>,
    /// The ruleset's id.
    ruleset: String,
}

/// The screen's state.
pub struct TuneScreen {
    /// The choices for the next run.
    pub form: TuneForm,
    /// Only the parameters whose name holds this are listed.
    pub filter: String,
    run: Option<TuneRun>,
    /// The run's tuning and track, and what the form named (kept for the comparison once it
    /// ends).
    tuning: Option<(Arc<Tuning>, crate::content::track::Track, RanOn)>,
    out: PathBuf,
    plan: Option<Plan>,
    resumed: usize,
    best_score: f64,
    measuring: bool,
    /// While the stronger bots confirm: how many candidates.
    confirming: Option<usize>,
    finished: Option<Finished>,
    error: Option<String>,
    /// How the last run ended when that is no failure (stopped before anything was written).
    notice: Option<String>,
    /// The spec file last saved, and the command that runs it.
    saved: Option<String>,
    /// The mission whose settings the parameters offer (`None`: no mission's).
    mission_rows: Option<DocumentId>,
}

impl TuneScreen {
    /// A screen with the form filled from the workspace: the track shown (or the first), the
    /// mission shown if one is (its own player count, its sides' fair share ticked), the
    /// standard ruleset, four players, the racer bot (or the first), a budget of 4,000 races,
    /// seed 1, nothing ticked but the objectives of even teams; the output folder beside the
    /// project, named after the mission or the track.
    #[must_use]
    pub fn new(workspace: &Workspace, shown: Option<DocumentId>) -> Self {
        let track = workspace.track_or_first(shown);
        let bot = workspace.bot_or_first("racer");
        let mission = workspace.mission_shown(shown);
        let mut setup = crate::gui::fields::RaceSetupForm::new(track);
        // A mission is played by its own count and weighed by its sides, from the start.
        if let Some(players) =
            mission.and_then(|id| crate::gui::fields::mission_players(workspace, id))
        {
            setup.players = players;
        }
        let named = match (mission, track) {
            (Some(id), _) => workspace.file_stem(id, "mission"),
            (None, Some(id)) => workspace.file_stem(id, "track"),
            (None, None) => "pack".to_owned(),
        };
        let out = workspace
            .beside_project()
            .join(format!("tuned-{named}"))
            .display()
            .to_string();
        let parameters = offered(&pack_of(workspace), &setup.ruleset.as_str().into())
            .into_iter()
            .map(|offered| ParameterRow {
                offered,
                chosen: false,
            })
            .collect();
        let mut screen = Self {
            form: TuneForm {
                setup,
                mission,
                bot,
                confirm_bot: None,
                confirm_top: crate::content::tuning::DEFAULT_CONFIRM_TOP,
                confirm_races: crate::content::tuning::DEFAULT_CONFIRM_RACES,
                budget: 4_000,
                stop_when_met: false,
                seed: 1,
                parameters,
                objectives: default_objectives(mission.is_some()),
                out,
            },
            filter: String::new(),
            run: None,
            tuning: None,
            out: PathBuf::new(),
            plan: None,
            resumed: 0,
            best_score: f64::INFINITY,
            measuring: false,
            confirming: None,
            finished: None,
            error: None,
            notice: None,
            saved: None,
            mission_rows: None,
        };
        screen.offer_mission_settings(workspace);
        screen
    }

    /// Offers the settings of the mission chosen on the form as parameters (grouped as
    /// "Mission", first), in place of those of the mission chosen before; nothing when the
    /// mission chosen is the one offered already.
    pub fn offer_mission_settings(&mut self, workspace: &Workspace) {
        if self.mission_rows == self.form.mission {
            return;
        }
        self.mission_rows = self.form.mission;
        self.form
            .parameters
            .retain(|row| !matches!(row.offered.parameter, Parameter::Mission(_)));
        let Some(id) = self.form.mission else {
            return;
        };
        let Some(Document::Mission(mission)) = workspace.document(id).map(|d| &d.document) else {
            return;
        };
        let rules = crate::gui::race::launch::mission_rules(workspace, id).ok();
        let rows = offered_in_mission(mission, rules.as_ref().map(|r| &r.track))
            .into_iter()
            .map(|offered| ParameterRow {
                offered,
                chosen: false,
            });
        self.form.parameters.splice(0..0, rows);
    }

    /// Writes the form as a tuning spec in the project's `tuning/` folder under a free name
    /// (its content and track named from there); says where, or why not.
    pub fn save_spec(&mut self, workspace: &Workspace) {
        let spec = self.form.spec(workspace);
        let problems = crate::validate::tuning::errors(&spec);
        if !problems.is_empty() {
            self.error = Some(problems.join("; "));
            return;
        }
        let folder = workspace.home().join("tuning");
        let stem = format!(
            "tune-{}",
            self.form
                .setup
                .track
                .map_or_else(|| "pack".to_owned(), |id| workspace.file_stem(id, "track"))
        );
        let written = std::fs::create_dir_all(&folder)
            .map_err(|e| e.to_string())
            .and_then(|()| {
                crate::gui::session::free_file(&folder, &stem, "ron")
                    .ok_or_else(|| "no free file name".to_owned())
            })
            .and_then(|path| {
                let text = Document::TuningSpec(spec)
                    .to_text(crate::content::Format::Ron)
                    .map_err(|e| e.to_string())?;
                crate::content::save::write_atomic_without_backup(&path, text.as_bytes())
                    .map_err(|e| e.to_string())?;
                Ok(path)
            });
        match written {
            Ok(path) => {
                self.error = None;
                self.saved = Some(format!(
                    "Saved {}: `roadwright tune {} --out DIR` runs it",
                    path.display(),
                    path.display()
                ));
            }
            Err(error) => self.error = Some(format!("The spec could not be saved: {error}")),
        }
    }

    /// What the last Save as spec said.
    #[must_use]
    pub fn saved(&self) -> Option<&str> {
        self.saved.as_deref()
    }

    /// Ticks (or not) every parameter whose name is `name` ("rust-reapers (every car):
    /// defense"); how many there were.
    pub fn choose(&mut self, name: &str, chosen: bool) -> usize {
        let mut found = 0;
        for row in &mut self.form.parameters {
            if row.offered.parameter.name() == name {
                row.chosen = chosen;
                found += 1;
            }
        }
        found
    }

    /// Starts the run the form describes on the content as edited; says why when it cannot.
    pub fn start(&mut self, workspace: &Workspace) {
        self.error = None;
        self.notice = None;
        match self.prepared(workspace) {
            Ok((tuning, track, out)) => {
                let tuning = Arc::new(tuning);
                self.finished = None;
                self.plan = None;
                self.resumed = 0;
                self.best_score = f64::INFINITY;
                self.measuring = false;
                self.confirming = None;
                self.run = Some(TuneRun::start(Arc::clone(&tuning), out.clone()));
                let ran_on = self.ran_on(workspace, &tuning);
                self.tuning = Some((tuning, track, ran_on));
                self.out = out;
            }
            Err(error) => self.error = Some(error),
        }
    }

    /// What the run about to start is played on, by document.
    fn ran_on(&self, workspace: &Workspace, tuning: &Tuning) -> RanOn {
        let mission_track = self.form.mission.and_then(|id| {
            let Some(Document::Mission(mission)) = workspace.document(id).map(|d| &d.document)
            else {
                return None;
            };
            let path = workspace.validation_path(id)?;
            let track = crate::gui::validation::mission_track_path(&path, mission.track.as_str());
            workspace.id_of_file(&track)
        });
        RanOn {
            mission: self.form.mission,
            track: if self.form.mission.is_some() {
                mission_track
            } else {
                self.form.setup.track
            },
            ruleset: tuning.spec.ruleset.to_string(),
        }
    }

    /// The tuning and its output folder, checked.
    fn prepared(
        &self,
        workspace: &Workspace,
    ) -> Result<(Tuning, crate::content::track::Track, PathBuf), String> {
        let studio_mission = self
            .form
            .mission
            .map(|id| crate::gui::race::launch::mission_rules(workspace, id))
            .transpose()
            .map_err(|e| e.to_string())?;
        let track = if let Some(mission) = &studio_mission {
            &mission.track
        } else {
            let Some(track_id) = self.form.setup.track else {
                return Err("Open a track first".to_owned());
            };
            let Some(Document::Track(track)) = workspace.document(track_id).map(|d| &d.document)
            else {
                return Err("the chosen track is no longer open".to_owned());
            };
            track
        };
        if !workspace.is_folder {
            return Err("Open a content folder to tune: a file on its own is no pack".to_owned());
        }
        let spec = self.form.spec(workspace);
        let problems = crate::validate::tuning::errors(&spec);
        if !problems.is_empty() {
            return Err(problems.join("; "));
        }
        let pack = pack_of(workspace);
        let terrain = crate::validate::open::pack_terrain(&pack);
        let checked = CheckedTrack::from_track(track, &terrain).map_err(|found| {
            format!(
                "the track cannot be raced on: {}",
                found.first().map_or_else(String::new, ToString::to_string)
            )
        })?;
        let profiles: BTreeMap<String, _> = workspace
            .bot_profiles()
            .map(|p| (p.id.to_string(), p.clone()))
            .collect();
        let mission = self.form.mission.and_then(|id| {
            let open = workspace.document(id)?;
            let Document::Mission(mission) = &open.document else {
                return None;
            };
            Some((mission.clone(), workspace.validation_path(id)))
        });
        let track_file = match &mission {
            Some((mission, path)) => path.as_ref().map(|path| {
                crate::gui::validation::mission_track_path(path, mission.track.as_str())
            }),
            None => self
                .form
                .setup
                .track
                .and_then(|id| workspace.document(id)?.path.clone()),
        };
        let mission_file = mission.as_ref().and_then(|(_, path)| path.clone());
        let mut tuning = Tuning::new(
            spec,
            pack,
            checked,
            mission.map(|(mission, _)| mission),
            &profiles,
        )
        .map_err(|e| e.to_string())?;
        tuning.track_file = track_file;
        if let Some(mission) = &mut tuning.mission {
            mission.file = mission_file;
        }
        let out = PathBuf::from(self.form.out.trim());
        if out.as_os_str().is_empty() {
            return Err("Name an output folder".to_owned());
        }
        let out = std::path::absolute(&out).unwrap_or(out);
        prepare_output(&tuning, &out).map_err(|e| e.to_string())?;
        Ok((tuning, track.clone(), out))
    }

    /// Ends the run within a race: the best so far is written with the search's own figures.
    pub fn stop(&self) {
        if let Some(run) = &self.run {
            run.stop();
        }
    }

    /// Abandons the run: nothing more is measured or written (the evaluations done stay saved
    /// for a resume).
    pub fn cancel(&mut self) {
        self.run = None;
        self.measuring = false;
        self.confirming = None;
    }

    /// Whether a run is under way.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.run.is_some()
    }

    /// The last run's report and output folder.
    #[must_use]
    pub fn report(&self) -> Option<(&Report, &Path)> {
        self.finished.as_ref().map(|f| (&f.report, f.out.as_path()))
    }

    /// Why the last run could not start or failed.
    #[must_use]
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// How the last run ended when that is no failure (a stop before anything was written).
    #[must_use]
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Takes in what the run reported.
    pub fn poll(&mut self) {
        let Some(run) = &mut self.run else {
            return;
        };
        let updates = run.poll();
        for update in updates {
            self.take(update);
        }
    }

    /// Waits until the run has ended (tests wait on the job, not on the clock).
    pub fn wait(&mut self) {
        while let Some(run) = &mut self.run {
            match run.wait() {
                Some(update) => self.take(update),
                None => self.run = None,
            }
        }
    }

    fn take(&mut self, update: TuneUpdate) {
        match update {
            TuneUpdate::Progress(RunProgress::Started { plan, resumed }) => {
                self.plan = Some(plan);
                self.resumed = resumed;
            }
            TuneUpdate::Progress(RunProgress::Evaluated { best_score, .. }) => {
                self.best_score = best_score;
            }
            TuneUpdate::Progress(RunProgress::Confirming { candidates, .. }) => {
                self.confirming = Some(candidates);
            }
            TuneUpdate::Progress(RunProgress::Measuring) => {
                self.confirming = None;
                self.measuring = true;
            }
            TuneUpdate::Finished(result) => {
                self.run = None;
                self.measuring = false;
                match (result, self.tuning.clone()) {
                    (Ok(report), Some((tuning, track, ran_on))) => {
                        self.finished = Some(Finished {
                            report: *report,
                            out: self.out.clone(),
                            tuning,
                            track,
                            ran_on,
                        });
                    }
                    // A stop before the first evaluation is what the user asked for, not a
                    // failure: said plainly.
                    (Err(RunError::StoppedEmpty), _) => {
                        self.notice = Some(format!("Stopped: {}", RunError::StoppedEmpty));
                    }
                    (Err(error), _) => self.error = Some(format!("The tuning failed: {error}")),
                    (Ok(_), None) => {}
                }
            }
        }
    }

    /// The mission the run tuned, as it is edited now, with the settings the run's result moves
    /// set into it (what was edited since the run kept), and whether the result changes the
    /// pack too (the tuned pack is in the output folder; applying the mission leaves the pack).
    pub fn tuned_mission(
        &self,
        workspace: &Workspace,
    ) -> Result<(DocumentId, crate::content::mission::Mission, bool), String> {
        let finished = self.finished.as_ref().ok_or("no tuning has finished")?;
        let id = finished.ran_on.mission.ok_or("the run played no mission")?;
        let Some(Document::Mission(open)) = workspace.document(id).map(|d| &d.document) else {
            return Err("the mission tuned is no longer open".to_owned());
        };
        let mut mission = open.clone();
        finished
            .tuning
            .set_mission_settings(&finished.report.point, &mut mission);
        let changes_pack = finished
            .tuning
            .moved(&finished.report.point)
            .any(|d| !matches!(d.parameter, Parameter::Mission(_)));
        Ok((id, mission, changes_pack))
    }

    /// Whether the finished run's result moves any of the mission's settings.
    #[must_use]
    pub fn result_moves_mission(&self) -> bool {
        self.finished.as_ref().is_some_and(|finished| {
            finished
                .tuning
                .moved(&finished.report.point)
                .any(|d| matches!(d.parameter, Parameter::Mission(_)))
        })
    }

    /// The tuned pack (as written) against the pack as it was tuned, on the fresh seeds of
    /// the run's final measurement.
    pub fn comparison(&self) -> Result<crate::gui::simulation::TunedComparison, String> {
        let finished = self.finished.as_ref().ok_or("no tuning has finished")?;
        let tuning = &finished.tuning;
        let mut tuned_pack =
            crate::content::RawPack::open(&finished.out.join(crate::sim::tune::run::PACK_FOLDER));
        // The race's track is the one tuned on; a track file copied with the folder is not
        // content.
        tuned_pack
            .files
            .retain(|file| !matches!(file.document, Document::Track(_)));
        let track = finished.track.clone();
        let ruleset = tuning.spec.ruleset.as_str();
        let batch = |pack: &crate::content::RawPack, point: &[usize]| {
            let mut loaded = crate::sim::race_from_documents(pack, &track, ruleset)
                .map_err(|e| e.to_string())?;
            // The tuning's own batch: under a mission, its seating, side bots and rules.
            let spec = tuning
                .batch(
                    loaded.rules.content.clone(),
                    point,
                    finished.report.plan.final_races,
                    crate::sim::tune::final_seed(tuning.spec.seed),
                )?
                .ok_or("the mission does not check against this pack")?;
            loaded.rules = Arc::clone(&spec.rules);
            Ok::<_, String>((spec, loaded))
        };
        // Each plays its own mission: the tuned one with the tuned pack.
        let (tuned, loaded) = batch(&tuned_pack, &finished.report.point)?;
        let (current, _) = batch(&tuning.pack, &tuning.baseline())?;
        Ok(crate::gui::simulation::TunedComparison {
            tuned,
            loaded,
            track,
            mission: finished.ran_on.mission,
            track_document: finished.ran_on.track,
            ruleset: finished.ran_on.ruleset.clone(),
            current,
            pack: finished
                .out
                .join(crate::sim::tune::run::PACK_FOLDER)
                .display()
                .to_string(),
        })
    }
}

/// The objectives offered, each kind once: the even-teams ones ticked, or with a `mission` the
/// sides' fair share in place of the teams'.
fn default_objectives(mission: bool) -> Vec<ObjectiveRow> {
    let row = |objective, chosen| ObjectiveRow { objective, chosen };
    vec![
        row(
            Objective::FairShare {
                weight: 1.0,
                within: None,
            },
            !mission,
        ),
        row(Objective::WinRateSpread { weight: 1.0 }, false),
        row(Objective::FirstSeatAdvantage { weight: 0.5 }, false),
        row(
            Objective::SideFairShare {
                weight: 1.0,
                within: None,
            },
            mission,
        ),
        row(
            Objective::RaceLength {
                min_turns: 5.0,
                max_turns: 9.0,
                weight: 1.0,
            },
            false,
        ),
        row(
            Objective::Metric {
                metric: "drama".into(),
                above: Some(0.08),
                below: None,
                weight: 10.0,
            },
            false,
        ),
    ]
}

/// The workspace's documents as a pack, as edited, without its tracks.
fn pack_of(workspace: &Workspace) -> crate::content::RawPack {
    crate::gui::race::launch::pack_of(workspace)
}
