//! Building a batch from the open documents, as the simulation screen's form describes it, and
//! opening one of its races to watch.

use super::{CompareWith, SimCommand, SimForm, SimTab, SimulationScreen};
use crate::gui::race::RaceScreen;
use crate::gui::race::launch::{LaunchError, rules_for};
use crate::gui::workspace::{DocumentId, Workspace};
use crate::sim::batch::BatchSpec;

/// A batch of the tuned pack and the same seeds on the pack as it is, ready to play.
#[derive(Debug)]
pub struct TunedComparison {
    /// The tuned pack's batch (the one the simulation screen shows).
    pub tuned: crate::sim::batch::BatchSpec,
    /// What the tuned batch is played with.
    pub loaded: crate::sim::LoadedRace,
    /// The track drawn.
    pub track: crate::content::track::Track,
    /// The mission document the tuning's races played, if any.
    pub mission: Option<DocumentId>,
    /// The track document they were played on (the mission's, for a mission).
    pub track_document: Option<DocumentId>,
    /// The ruleset's id.
    pub ruleset: String,
    /// The pack as it is, on the same seeds.
    pub current: crate::sim::batch::BatchSpec,
    /// Where the tuned pack is, in words (its folder), for the screen to say what it shows.
    pub pack: String,
}

impl SimulationScreen {
    /// A simulation screen showing a tuned pack against the pack as it is, on the tuning's
    /// fresh seeds, on its Compare view: what the Tune screen hands over. The form says what is
    /// shown: the run's mission and track, ruleset, bots, races and seed.
    #[must_use]
    pub fn comparing(
        workspace: &Workspace,
        shown: Option<DocumentId>,
        comparison: TunedComparison,
        now: f64,
    ) -> Self {
        let TunedComparison {
            tuned,
            loaded,
            track,
            mission,
            track_document,
            ruleset,
            current,
            pack,
        } = comparison;
        let words = format!(
            "the tuned pack ({pack}) on {}, beside the pack as it is: {} races from seed {}",
            track.name, tuned.races, tuned.seed
        );
        let mut screen = Self::new(workspace, shown);
        let form = &mut screen.form;
        // The form names what was tuned, whatever the studio shows now.
        form.mission = mission;
        form.setup.track = track_document.or(form.setup.track);
        form.setup.ruleset = ruleset;
        form.setup.players = tuned.bots.len();
        form.races = tuned.races;
        form.seed = tuned.seed;
        for (seat, bot) in form.bots.iter_mut().zip(tuned.bots.iter().cycle()) {
            *seat = bot.id.to_string();
        }
        screen.start(
            tuned,
            loaded,
            track,
            now,
            Some((current, "Pack as it is".to_owned(), "Tuned".to_owned())),
            super::ResultsOf { words, form: None },
        );
        screen.apply(SimCommand::Tab(SimTab::Compare));
        screen
    }

    /// Starts the batch `form` describes on the content as edited (with the same seeds on the
    /// saved files, or on another track, when it compares); says why when it cannot.
    pub fn run_form(&mut self, workspace: &Workspace, form: &SimForm, now: f64) {
        let built = match (form.mission, form.setup.track) {
            (Some(mission), _) => build_mission(workspace, mission, form).map(|built| {
                let of = format!("the mission {}", workspace.display_name(mission));
                (built, of)
            }),
            (None, Some(track_id)) => build(workspace, track_id, form).map(|built| {
                let of = format!(
                    "{} ({} ruleset)",
                    workspace.display_name(track_id),
                    form.setup.ruleset
                );
                (built, of)
            }),
            (None, None) => {
                self.fail("Open a track first".to_owned());
                return;
            }
        };
        match built {
            Ok(((spec, loaded, track, saved), of)) => {
                let words = format!(
                    "{of}, {} players, {} races from seed {}",
                    form.setup.players, form.races, form.seed
                );
                let of = super::ResultsOf {
                    words,
                    form: Some(form.clone()),
                };
                self.start(spec, loaded, track, now, saved, of);
                self.results_content = Some(
                    workspace
                        .documents
                        .iter()
                        .map(|d| d.document.clone())
                        .collect(),
                );
                if form.mission.is_some() {
                    self.apply(SimCommand::Tab(SimTab::Mission));
                }
            }
            Err(error) => self.fail(format!("The batch could not start: {error}")),
        }
    }

    /// Race `index` of the batch, on a race screen to watch.
    pub fn watch(&self, index: usize) -> Result<RaceScreen, String> {
        let (spec, loaded, track) = self.spec().ok_or("no batch was played")?;
        let record = crate::sim::batch::record_of(
            spec,
            index,
            loaded.identity.clone(),
            crate::sim::record::RecordFiles::default(),
        )?;
        let replay =
            crate::sim::session::Replay::new(loaded.clone(), record).map_err(|e| e.to_string())?;
        Ok(RaceScreen::replay(replay, track.clone()))
    }
}

/// What a started batch needs: its spec, the content it runs on, the track drawn, and the batch
/// it is compared with (with the names of both sides).
type Built = (
    BatchSpec,
    crate::sim::LoadedRace,
    crate::content::track::Track,
    Option<(BatchSpec, String, String)>,
);

/// The bot profile of each seat the form asks for.
fn seat_bots(
    workspace: &Workspace,
    form: &SimForm,
) -> Result<Vec<crate::content::bot_profile::BotProfile>, LaunchError> {
    form.bots
        .iter()
        .take(form.setup.players)
        .map(|id| {
            workspace
                .bot_profile(id)
                .cloned()
                .ok_or_else(|| LaunchError::Other(format!("no bot profile `{id}` is open")))
        })
        .collect()
}

/// A batch of the mission document `mission` as the form asks: its seats' teams by side, the
/// bots of the sides a bot always plays, on the documents as edited. A mission batch is not
/// compared (`roadwright simulate --mission --against` compares one).
fn build_mission(
    workspace: &Workspace,
    mission: DocumentId,
    form: &SimForm,
) -> Result<Built, LaunchError> {
    if form.compare.is_some() {
        return Err(LaunchError::Other(
            "a mission's batch is not compared on this screen: choose Compare with nothing \
             (roadwright simulate --mission --against compares one)"
                .to_owned(),
        ));
    }
    let mission = crate::gui::race::launch::mission_rules(workspace, mission)?;
    let setup = mission.setup(form.setup.players, form.seed)?;
    let teams: Vec<crate::content::text::Id> =
        setup.players.iter().map(|p| p.team.clone()).collect();
    let mut spec = BatchSpec::new(
        std::sync::Arc::clone(&mission.loaded.rules),
        &teams,
        seat_bots(workspace, form)?,
        form.races,
        form.seed,
    )
    .map_err(|e| LaunchError::Other(e.to_string()))?;
    spec.side_bots = mission.side_bots;
    Ok((spec, mission.loaded, mission.track, None))
}

fn build(
    workspace: &Workspace,
    track_id: DocumentId,
    form: &SimForm,
) -> Result<Built, LaunchError> {
    let (loaded, track) = rules_for(workspace, track_id, &form.setup.ruleset)?;
    let bots = seat_bots(workspace, form)?;
    let spec = BatchSpec::new(
        std::sync::Arc::clone(&loaded.rules),
        &[],
        bots,
        form.races,
        form.seed,
    )
    .map_err(|e| LaunchError::Other(e.to_string()))?;
    let this = workspace.display_name(track_id);
    let compared = match form.compare {
        None => None,
        Some(CompareWith::Saved) => Some((
            saved_spec(workspace, track_id, &form.setup.ruleset, &spec)?,
            "Saved".to_owned(),
            "Edited".to_owned(),
        )),
        Some(CompareWith::Track(other)) => {
            let (other_rules, _) = rules_for(workspace, other, &form.setup.ruleset)?;
            Some((
                BatchSpec {
                    rules: other_rules.rules,
                    ..spec.clone()
                },
                workspace.display_name(other),
                this,
            ))
        }
    };
    Ok((spec, loaded, track, compared))
}

/// The batch `spec` on the files as saved: the content folder and the track file read from
/// disk, the same teams, bots, races and seed.
fn saved_spec(
    workspace: &Workspace,
    track: DocumentId,
    ruleset: &str,
    spec: &BatchSpec,
) -> Result<BatchSpec, LaunchError> {
    let Some(path) = workspace.document(track).and_then(|d| d.path.clone()) else {
        return Err(LaunchError::Other(
            "the track has never been saved: there is nothing to compare with".to_owned(),
        ));
    };
    let loaded = crate::sim::load_race(&workspace.root, &path, ruleset)?;
    Ok(BatchSpec {
        rules: loaded.rules,
        ..spec.clone()
    })
}

impl SimulationScreen {
    /// Where an export of the simulation starts: `simulation-SEED.json` (or `.csv`, or
    /// `heat-METRIC-SEED.png`) beside the content folder, numbered when taken.
    #[must_use]
    pub fn suggested_export(
        &self,
        workspace: &Workspace,
        export: super::Export,
    ) -> Option<std::path::PathBuf> {
        // Where the user works, never in the content folder: a JSON file there would be read
        // as content.
        let name = export.file_name(self.form.seed, self.metric());
        let (stem, extension) = name.rsplit_once('.')?;
        crate::gui::session::free_file(&workspace.home(), stem, extension)
    }
}
