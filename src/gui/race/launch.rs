//! From what the studio holds to a race: the workspace's documents as edited (unsaved changes
//! included) become the race's content, and a saved record finds the track it was made on.
//! Nothing here draws; tests call it without a window.

use std::path::Path;
use std::sync::Arc;

use crate::content::track::Track;
use crate::content::{Document, RawPack};
use crate::rules::RaceRules;
use crate::rules::RaceSetup;
use crate::sim::driver::{Seats, play_race_within};
use crate::sim::load::identify;
use crate::sim::mission::{mission_from_documents, side_bot};
use crate::sim::play_check::PlayLimits;
use crate::sim::record::{RaceRecord, RecordFiles};
use crate::sim::session::{Replay, SeatControl, TestRace};
use crate::sim::{LoadRaceError, LoadedRace, race_from_documents};
use crate::validate::Diagnostic;
use crate::validate::diagnostic::PlayEvidence;

use super::super::play_checker::play_ruleset;
use super::super::validation::Validated;
use super::super::workspace::{DocumentId, Workspace};
use super::start::{SeatChoice, StartRequest};

/// Why a race could not start.
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
pub enum LaunchError {
    /// The content or the track has errors.
    #[error("the content has {} error(s): {}", .0.len(), .0.first().map(ToString::to_string).unwrap_or_default())]
    Invalid(Vec<Diagnostic>),
    /// Something else: a missing track, an unknown bot, a record that does not fit.
    #[error("{0}")]
    Other(String),
}

impl From<LoadRaceError> for LaunchError {
    fn from(error: LoadRaceError) -> Self {
        match error {
            LoadRaceError::Invalid(diagnostics) => Self::Invalid(diagnostics),
            LoadRaceError::Setup(error) => Self::Other(error.to_string()),
        }
    }
}

/// The workspace's documents as a pack, as edited, without its tracks: the race's track is
/// checked on its own, and another track's errors must not stop it.
pub(crate) fn pack_of(workspace: &Workspace) -> RawPack {
    let mut pack = workspace.snapshot().into_pack();
    pack.files
        .retain(|file| !matches!(file.document, Document::Track(_)));
    pack
}

/// The track the document `id` races on: a track as edited, or the track a course builds from
/// its tiles (course seed 0, as `validate` builds it, its tiles checked against the pack's kinds
/// of ground as edited). A rolling course builds its whole road; the race lays its tiles.
pub(crate) fn track_of(workspace: &Workspace, id: DocumentId) -> Result<Track, LaunchError> {
    match workspace.document(id).map(|d| &d.document) {
        Some(Document::Track(track)) => Ok(track.clone()),
        Some(Document::Course(course)) => {
            let path = workspace
                .validation_path(id)
                .ok_or_else(|| LaunchError::Other("the course is no longer open".to_owned()))?;
            crate::sim::course_track::CourseFiles::build(
                &path,
                course,
                &workspace.terrain_book(),
                0,
            )
            .map_err(LaunchError::Invalid)
        }
        _ => Err(LaunchError::Other(
            "the chosen track is no longer open".to_owned(),
        )),
    }
}

/// The rules of a race on `track` (a document of the workspace) under `ruleset`, from the
/// documents as edited.
fn loaded(workspace: &Workspace, track: &Track, ruleset: &str) -> Result<LoadedRace, LaunchError> {
    Ok(race_from_documents(&pack_of(workspace), track, ruleset)?)
}

/// The rules of a race on the track document `track_id` under `ruleset`, from the documents as
/// edited (the simulation screen's batches start here).
pub fn rules_for(
    workspace: &Workspace,
    track_id: DocumentId,
    ruleset: &str,
) -> Result<(LoadedRace, Track), LaunchError> {
    let track = track_of(workspace, track_id)?;
    Ok((loaded(workspace, &track, ruleset)?, track))
}

/// The rules of a race from what the last validation built (it must be of the documents as
/// they are now), when it built both the content and this track.
fn from_validation(
    workspace: &Workspace,
    validated: &Validated,
    track_id: DocumentId,
    track: &Track,
    ruleset: &str,
) -> Option<Result<LoadedRace, LaunchError>> {
    let content = validated.content.clone()?;
    let checked = validated
        .tracks
        .get(&workspace.validation_path(track_id)?)?
        .clone();
    Some(
        RaceRules::new(content, checked, ruleset)
            .map(|rules| LoadedRace {
                rules: Arc::new(rules),
                identity: identify(&pack_of(workspace), track, ruleset),
            })
            .map_err(|e| LaunchError::Other(e.to_string())),
    )
}

/// Starts the race the dialog asked for, on the workspace's documents as edited. `validated`
/// is the last validation when it is of the documents as they are: the race starts from the
/// content and track it checked; without it they are checked here. Returns the race and the
/// track it is drawn on.
pub fn start_race(
    workspace: &Workspace,
    request: &StartRequest,
    validated: Option<&Validated>,
) -> Result<(TestRace, Track), LaunchError> {
    let track = &track_of(workspace, request.track)?;
    let mission = request
        .mission
        .map(|id| mission_rules(workspace, id))
        .transpose()?;
    let (loaded, setup, side_bots) = if let Some(mission) = mission.as_ref() {
        let setup = mission.setup(request.teams.len(), request.seed)?;
        (mission.loaded.clone(), setup, mission.side_bots.clone())
    } else {
        let loaded = match validated
            .and_then(|v| from_validation(workspace, v, request.track, track, &request.ruleset))
        {
            Some(built) => built?,
            None => loaded(workspace, track, &request.ruleset)?,
        };
        let setup = RaceSetup::named_teams(&request.teams, request.seed)
            .map_err(|e| LaunchError::Other(e.to_string()))?;
        (loaded, setup, Vec::new())
    };
    // A side the mission gives a bot is played by it, whatever the seat asked.
    let seats = request
        .seats
        .iter()
        .zip(&setup.players)
        .map(|(seat, player)| {
            if let Some(profile) = side_bot(&loaded.rules, &side_bots, &player.team) {
                return Ok(SeatControl::Bot(profile.clone()));
            }
            match seat {
                SeatChoice::Human => Ok(SeatControl::Human),
                SeatChoice::Bot(id) => workspace
                    .bot_profile(id)
                    .cloned()
                    .map(SeatControl::Bot)
                    .ok_or_else(|| LaunchError::Other(format!("no bot profile `{id}` is open"))),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut files = RecordFiles::of(
        &workspace.root,
        &workspace.validation_path(request.track).unwrap_or_default(),
    )
    .map_err(LaunchError::Other)?;
    if let Some(mission) = &mission {
        files.mission = Some(mission.path.to_string_lossy().into_owned());
    }
    let race = TestRace::new(loaded, files, setup, seats)
        .map_err(|e| LaunchError::Other(e.to_string()))?;
    Ok((race, track.clone()))
}

/// A mission as the studio plays it: the documents as edited, on the open track it names.
#[derive(Clone, Debug)]
pub struct StudioMission {
    /// The rules of its race (the mission in them) and their identity.
    pub loaded: LoadedRace,
    /// The track it is played on, as edited.
    pub track: Track,
    /// The bot profile each side is always played by, side by side.
    pub side_bots: Vec<Option<crate::content::bot_profile::BotProfile>>,
    /// The path the mission document is known by.
    pub path: std::path::PathBuf,
}

impl StudioMission {
    /// The setup of a race of `players`, refused with the counts the mission allows when it
    /// does not allow that one.
    pub fn setup(&self, players: usize, seed: u64) -> Result<RaceSetup, LaunchError> {
        let mission = self.loaded.rules.mission.as_ref().ok_or_else(|| {
            LaunchError::Other("the mission did not reach the race's rules".to_owned())
        })?;
        if !mission.players.iter().any(|n| usize::from(*n) == players) {
            let counts: Vec<String> = mission.players.iter().map(u8::to_string).collect();
            return Err(LaunchError::Other(format!(
                "mission `{}` is played by {} players, not {players}",
                mission.name,
                counts.join(", ")
            )));
        }
        Ok(RaceSetup::for_mission(
            &self.loaded.rules.content,
            mission,
            players,
            seed,
        ))
    }
}

/// The mission document `id` ready to play: checked against the documents as edited and the
/// open track it names (relative to its file).
pub fn mission_rules(workspace: &Workspace, id: DocumentId) -> Result<StudioMission, LaunchError> {
    let (Some(Document::Mission(mission)), Some(path)) = (
        workspace.document(id).map(|d| &d.document),
        workspace.validation_path(id),
    ) else {
        return Err(LaunchError::Other(
            "the chosen mission is no longer open".to_owned(),
        ));
    };
    let track_file = super::super::validation::mission_track_path(&path, mission.track.as_str());
    // The mission's track: a track, or the track a course builds (seed 0, as the CLI's).
    let track = workspace
        .id_of_file(&track_file)
        .map(|t| track_of(workspace, t))
        .ok_or_else(|| {
            LaunchError::Other(format!(
                "the mission's track `{}` is not open",
                mission.track
            ))
        })??;
    let (loaded, side_bots) = mission_from_documents(&pack_of(workspace), &track, mission, &path)?;
    Ok(StudioMission {
        loaded,
        track,
        side_bots,
        path,
    })
}

/// Opens the race a finding of play names, to watch: the race `validate --play` played (the
/// same seed, teams and random bots) on the workspace's content and the track `track_id`,
/// shown at the decision named.
pub fn watch_play_race(
    workspace: &Workspace,
    track_id: DocumentId,
    evidence: &PlayEvidence,
) -> Result<(Replay, Track), LaunchError> {
    let (Some(seed), false) = (evidence.seed, evidence.teams.is_empty()) else {
        return Err(LaunchError::Other(
            "this finding comes from every race, not one".to_owned(),
        ));
    };
    let track = &track_of(workspace, track_id)?;
    let ruleset = play_ruleset(
        workspace
            .documents
            .iter()
            .filter_map(|d| match &d.document {
                Document::Ruleset(r) => Some(r.id.as_str()),
                _ => None,
            }),
    )
    .ok_or_else(|| LaunchError::Other("the content has no ruleset".to_owned()))?;
    let loaded = loaded(workspace, track, &ruleset)?;
    let setup = RaceSetup::named_teams(&evidence.teams, seed)
        .map_err(|e| LaunchError::Other(e.to_string()))?;
    let mut race = crate::rules::Race::new(Arc::clone(&loaded.rules), &setup)
        .map_err(|e| LaunchError::Other(e.to_string()))?;
    // The race as the check played it; a race that stalled stops where it stalled, which is
    // what the finding is about.
    let mut bots = Seats::random(seed, setup.players.len());
    play_race_within(
        &mut race,
        &mut bots,
        false,
        PlayLimits::default().most_decisions,
    )
    .ok();
    let files = RecordFiles::of(
        &workspace.root,
        &workspace.validation_path(track_id).unwrap_or_default(),
    )
    .map_err(LaunchError::Other)?;
    let record = RaceRecord::of(&race, &setup, loaded.identity.clone(), files);
    let mut replay = Replay::new(loaded, record).map_err(|e| LaunchError::Other(e.to_string()))?;
    if let Some(decision) = evidence.decision {
        replay.seek(decision);
    }
    Ok((replay, track.clone()))
}

/// Opens a saved record to watch: on the workspace's content, with the open track it was made
/// on (or the track file it names, read from disk, when no open track matches).
pub fn open_record(workspace: &Workspace, path: &Path) -> Result<(Replay, Track), LaunchError> {
    let record = RaceRecord::read(path)
        .map_err(|e| LaunchError::Other(format!("{}: {}", e.path.display(), e.message)))?;
    let ruleset = record.content.ruleset.clone();
    let mut tracks: Vec<Track> = workspace
        .documents
        .iter()
        .filter_map(|d| match &d.document {
            Document::Track(t) => Some(t.clone()),
            _ => None,
        })
        .collect();
    if let Ok(loaded) = Document::load(&record.files.resolve(path).1)
        && let Document::Track(track) = loaded.document
    {
        tracks.push(track);
    }
    let mut last_error = LaunchError::Other(format!(
        "the record was made on the track `{}`, which is not open",
        record.content.track
    ));
    for track in tracks {
        match loaded(workspace, &track, &ruleset) {
            Ok(loaded) if loaded.identity.track_hash == record.content.track_hash => {
                let replay =
                    Replay::new(loaded, record).map_err(|e| LaunchError::Other(e.to_string()))?;
                return Ok((replay, track));
            }
            Ok(_) => {}
            Err(error) => last_error = error,
        }
    }
    Err(last_error)
}

/// The race that shows finding `index` of the diagnostics (a finding of play), on a race screen
/// at the decision it names, and what to tell the user; or why it cannot be shown.
pub fn finding_race(
    session: &crate::gui::session::Session,
    index: usize,
) -> Result<(super::RaceScreen, String), String> {
    let diagnostic = session.diagnostics().get(index).ok_or("no such finding")?;
    let evidence = diagnostic
        .play
        .as_ref()
        .ok_or("the finding names no race")?;
    let workspace = session.workspace();
    let track = diagnostic
        .location
        .file
        .as_ref()
        .and_then(|file| workspace.document_named_by(file))
        .ok_or("The finding's track is not open")?;
    let (replay, track) = watch_play_race(workspace, track, evidence)
        .map_err(|error| format!("That race cannot be shown: {error}"))?;
    Ok((
        super::RaceScreen::replay(replay, track),
        format!("Watching the race that shows {}", diagnostic.code),
    ))
}

impl super::RaceScreen {
    /// Saves the race shown as a record (atomically, keeping a backup of a record it
    /// replaces), with paths relative to the record so that it replays wherever the project
    /// is. Returns what to tell the user, which the screen shows too.
    pub fn save_record(&mut self, path: &Path) -> String {
        let mut record = self.record();
        record.files = record.files.relative_to(path);
        let result = record
            .text_for(path)
            .unwrap_or_else(|| Err("a race record is saved as .json or .ron".to_owned()))
            .and_then(|text| {
                crate::content::save::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())
            });
        let message = match result {
            Ok(()) => format!("Saved the race record {}", path.display()),
            Err(error) => format!("Could not save the race record: {error}"),
        };
        self.say(message.clone());
        message
    }

    /// Where Save race record starts: `race-SEED.json` where the user works (the project
    /// folder, never the content folder, where it would be read as content), numbered when
    /// taken.
    #[must_use]
    pub fn suggested_record(&self, workspace: &Workspace) -> Option<std::path::PathBuf> {
        let seed = self.record().seed;
        crate::gui::session::free_file(&workspace.home(), &format!("race-{seed}"), "json")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workspace() -> Workspace {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        Workspace::open_with(&root.join("content"), &[root.join("tracks/oval.ron")])
    }

    fn request(workspace: &Workspace) -> StartRequest {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let track = workspace
            .id_of_file(&root.join("tracks/oval.ron"))
            .expect("the oval is open");
        request_on(track)
    }

    /// A race starts from the content the last validation checked (marked here by a team
    /// renamed in it), and without one checks the documents itself.
    #[test]
    fn a_race_starts_from_what_validation_built() {
        let workspace = workspace();
        let mut validated = workspace.snapshot().validate();
        assert!(validated.content.is_some(), "{:?}", validated.diagnostics);
        assert!(
            validated
                .tracks
                .keys()
                .any(|path| path.ends_with("oval.ron")),
            "the oval was checked"
        );
        let content = validated.content.as_mut().expect("content");
        let team = content
            .teams
            .iter_mut()
            .find(|t| t.id.as_str() == "rust-reapers")
            .expect("team");
        team.name = "Checked Reapers".into();

        let (race, _) =
            start_race(&workspace, &request(&workspace), Some(&validated)).expect("starts");
        let first = race.race().team_of(crate::rules::PlayerId(0));
        assert_eq!(first.name.as_str(), "Checked Reapers");

        let (race, _) = start_race(&workspace, &request(&workspace), None).expect("starts");
        let first = race.race().team_of(crate::rules::PlayerId(0));
        assert_eq!(first.name.as_str(), "Rust Reapers", "checked afresh");
    }

    /// A course is offered where tracks are, and races on the track it builds: the sample
    /// rolling road lays its first window of tiles, painted with the pack's own ground.
    #[test]
    fn a_race_starts_on_a_course_of_the_packs_own_tiles() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/devils-run");
        let course = root.join("courses/rolling-road.ron");
        let workspace = Workspace::open_with(&root.join("content"), std::slice::from_ref(&course));
        let id = workspace.id_of_file(&course).expect("the course is open");
        let dialog = super::super::start::StartDialog::new(&workspace, Some(id), 1);
        assert_eq!(
            dialog.track,
            Some(id),
            "the course is offered as the race's track"
        );
        let (race, track) = start_race(&workspace, &request_on(id), None).expect("starts");
        assert_eq!(track.tiles.len(), 7, "the runway and a pile of six");
        let road = race.race().road().expect("it rolls");
        assert_eq!(road.lead.0, 2, "three tiles on the table");
    }

    fn request_on(track: DocumentId) -> StartRequest {
        StartRequest {
            mission: None,
            track,
            ruleset: "standard".to_owned(),
            teams: vec!["rust-reapers".to_owned(), "chrome-jackals".to_owned()],
            seats: vec![SeatChoice::Human, SeatChoice::Human],
            seed: 3,
        }
    }
}
