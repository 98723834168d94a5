//! The studio application: the window's panels, the open documents, and the commands that
//! change them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use egui::{Panel, RichText, ScrollArea, Ui};

use super::backdrop::Backdrop;
use super::canvas::{CanvasEdit, Tool, TrackCanvas};
use super::clipboard::CopiedStretch;
use super::combat_deck_editor::CombatDeckEditor;
use super::command::{Answer, StudioCommand};
use super::diagnostics_panel::diagnostics_panel;
use super::file_picker::{FilePicker, Picker, native_dialogs_work};
use super::inspector::{InspectorRequests, track_inspector};
use super::menu::{MenuState, menu_bar, shortcut_list, shortcuts};
use super::movement_events_editor::MovementEventsEditor;
use super::prefs::{Prefs, Theme};
use super::race::launch::{LaunchError, open_record, rules_for, start_race, watch_play_race};
use super::race::start::{StartAnswer, StartDialog};
use super::race::{RaceRequest, RaceScreen};
use super::race_deck_editor::RaceDeckEditor;
use super::session::{AfterQuestion, DiskAnswer, Reopened, Session, free_file};
use super::simulation::{CompareWith, Export, SimForm, SimRequest, SimulationScreen};
use super::status::STATUS_SECONDS;
use super::team_editor::TeamEditor;
use super::workspace::{DocumentId, Workspace};
use crate::content::Document;
use crate::content::track::SpaceRef;
use crate::edit::Edit;
use crate::edit::track_edit::remove_sectors_holding;
use crate::sim::batch::BatchSpec;
use crate::validate::{Diagnostic, ObjectRef};

/// What fills the centre of the window.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Screen {
    /// The editor: the document shown, with its inspector and the diagnostics.
    #[default]
    Editor,
    /// The race screen (when a race or a record is open).
    Race,
    /// The simulation screen: batches of bot races and their statistics.
    Simulation,
}

/// The studio's state.
pub struct StudioApp {
    /// The documents, validation, saving and recovery: everything but the window.
    session: Session,
    shown: Option<DocumentId>,
    canvases: BTreeMap<DocumentId, TrackCanvas>,
    race_deck: RaceDeckEditor,
    movement_events: MovementEventsEditor,
    combat_deck: CombatDeckEditor,
    teams: TeamEditor,
    /// Whether the keyboard shortcuts window is open (Help menu, F1).
    shortcuts_open: bool,
    /// The file dialog, when one is open.
    picker: FilePicker,
    backdrop: Option<Backdrop>,
    /// The sectors last copied (kept here too: the system clipboard may not be reachable).
    clipboard: Option<Vec<crate::content::track::Sector>>,
    /// Text for the system clipboard, handed to egui at the end of the frame.
    copied_text: Option<String>,
    applied_theme: Option<Theme>,
    /// The test race (or the record watched), kept while the editor is shown.
    race: Option<RaceScreen>,
    /// What fills the centre.
    screen: Screen,
    /// The "Start a test race" dialog, when open.
    start_dialog: Option<StartDialog>,
    /// The simulation screen, kept while another screen is shown.
    simulation: Option<SimulationScreen>,
    /// The window's clock at the last frame (a batch's races per second count from it).
    last_time: f64,
}

impl StudioApp {
    /// Opens the studio on a pack folder or a content file.
    #[must_use]
    pub fn open(path: &Path) -> Self {
        Self::open_with(path, &[])
    }

    /// Opens the studio on a pack folder with extra files beside it (a track).
    #[must_use]
    pub fn open_with(path: &Path, extra: &[PathBuf]) -> Self {
        Self::with_prefs(path, extra, Prefs::default())
    }

    /// Opens the studio with remembered preferences.
    #[must_use]
    pub fn with_prefs(path: &Path, extra: &[PathBuf], prefs: Prefs) -> Self {
        let session = Session::open(path, extra, prefs);
        // A single file opened is shown at once (the rest of its project is listed beside it).
        let shown = session.workspace().opened_file();
        Self {
            session,
            shown,
            canvases: BTreeMap::new(),
            race_deck: RaceDeckEditor::default(),
            movement_events: MovementEventsEditor::default(),
            combat_deck: CombatDeckEditor::default(),
            teams: TeamEditor::default(),
            shortcuts_open: false,
            picker: FilePicker::default(),
            backdrop: None,
            clipboard: None,
            copied_text: None,
            applied_theme: None,
            race: None,
            screen: Screen::Editor,
            start_dialog: None,
            simulation: None,
            last_time: 0.0,
        }
    }

    /// Plays the content now (the background check by play, without waiting for edits to
    /// settle) and waits for its findings (tests, and scripts).
    pub fn play_now(&mut self) {
        self.session.play_now();
    }

    /// Races played and to play while the background check by play runs.
    #[must_use]
    pub fn play_progress(&self) -> Option<(usize, usize)> {
        self.session.play_progress()
    }

    /// The status line's message, while it shows one.
    #[must_use]
    pub fn status(&self) -> Option<&str> {
        self.session.status().text()
    }

    /// The race screen, when a race or a record is open.
    #[must_use]
    pub fn race_screen(&self) -> Option<&RaceScreen> {
        self.race.as_ref()
    }

    /// The race screen, for tests that set its pace.
    pub fn race_screen_mut(&mut self) -> Option<&mut RaceScreen> {
        self.race.as_mut()
    }

    /// Whether the race screen fills the centre.
    #[must_use]
    pub fn race_shown(&self) -> bool {
        self.screen == Screen::Race && self.race.is_some()
    }

    /// The simulation screen, once opened.
    #[must_use]
    pub fn simulation(&self) -> Option<&SimulationScreen> {
        self.simulation.as_ref()
    }

    /// The simulation screen, for tests that fill in its form and wait for its batch.
    pub fn simulation_mut(&mut self) -> Option<&mut SimulationScreen> {
        self.simulation.as_mut()
    }

    /// Whether the simulation screen fills the centre.
    #[must_use]
    pub fn simulation_shown(&self) -> bool {
        self.screen == Screen::Simulation && self.simulation.is_some()
    }

    /// The "Start a test race" dialog, when open.
    #[must_use]
    pub fn start_dialog(&self) -> Option<&StartDialog> {
        self.start_dialog.as_ref()
    }

    /// The dialog, for tests that fill it in.
    pub fn start_dialog_mut(&mut self) -> Option<&mut StartDialog> {
        self.start_dialog.as_mut()
    }

    /// What is open.
    #[must_use]
    pub fn workspace(&self) -> &Workspace {
        self.session.workspace()
    }

    /// The current diagnostics.
    #[must_use]
    pub fn diagnostics(&self) -> &[Diagnostic] {
        self.session.diagnostics()
    }

    /// The document shown in the centre.
    #[must_use]
    pub fn shown(&self) -> Option<DocumentId> {
        self.shown
    }

    /// The canvas of a track document, if it has been shown.
    #[must_use]
    pub fn canvas(&self, document: DocumentId) -> Option<&TrackCanvas> {
        self.canvases.get(&document)
    }

    /// The preferences, as they would be stored.
    #[must_use]
    pub fn prefs(&self) -> &Prefs {
        self.session.prefs()
    }

    /// Whether a command asked to close the window and nothing is left unsaved or the user
    /// chose to discard it.
    #[must_use]
    pub fn quit_requested(&self) -> bool {
        self.session.quit_requested()
    }

    /// The window title: the shown document and a dot when anything is unsaved.
    #[must_use]
    pub fn title(&self) -> String {
        let workspace = self.session.workspace();
        let shown = self.shown.map_or_else(
            || workspace.path.display().to_string(),
            |id| workspace.display_name(id),
        );
        let dirty = if workspace.is_dirty() { " *" } else { "" };
        format!("Roadwright — {shown}{dirty}")
    }

    /// Whether the unsaved-changes question is showing.
    #[must_use]
    pub fn is_asking(&self) -> bool {
        self.session.question().is_some()
    }

    /// Blocks until the diagnostics of the latest change have arrived (tests, and scripts
    /// that need them).
    pub fn wait_for_validation(&mut self) {
        self.session.wait_for_validation();
    }

    /// Writes recovery copies of every unsaved document now, as the timer would; nothing once
    /// the user has chosen to discard their changes and close.
    pub fn autosave_now(&mut self) {
        self.session.autosave_now();
    }

    /// Carries out a command.
    #[allow(clippy::too_many_lines)] // One arm per command reads better than a dispatch table.
    pub fn apply(&mut self, command: StudioCommand) {
        match command {
            StudioCommand::Open(path) => self.ask_then(AfterQuestion::Open(path)),
            StudioCommand::Reload => self.ask_then(AfterQuestion::Reload),
            StudioCommand::Quit => self.ask_then(AfterQuestion::Quit),
            StudioCommand::Answer(answer) => {
                let reopened = self.session.answer(answer);
                self.follow(reopened);
            }
            StudioCommand::ToggleShortcuts => self.shortcuts_open = !self.shortcuts_open,
            StudioCommand::ToggleBuiltInDialogs => {
                let prefs = self.session.prefs_mut();
                prefs.built_in_file_dialogs = !prefs.built_in_file_dialogs;
            }
            StudioCommand::Pick(picker) => {
                let picker = match picker {
                    Picker::SaveAs { suggested: None } => Picker::SaveAs {
                        suggested: self.shown.and_then(|id| self.session.suggested_file(id)),
                    },
                    Picker::SaveRecord { suggested: None } => Picker::SaveRecord {
                        suggested: self.suggested_record(),
                    },
                    Picker::ExportSimulation {
                        export,
                        suggested: None,
                    } => Picker::ExportSimulation {
                        export,
                        suggested: self.suggested_export(export),
                    },
                    other => other,
                };
                let native = native_dialogs_work(self.session.prefs().built_in_file_dialogs);
                // A background picture is named relative to its track: look beside it first.
                let workspace = self.session.workspace();
                let beside_track = matches!(picker, Picker::Background)
                    .then(|| {
                        self.shown
                            .and_then(|id| workspace.document(id)?.path.clone())
                    })
                    .flatten()
                    .and_then(|path| path.parent().map(Path::to_path_buf));
                let start = beside_track.unwrap_or_else(|| workspace.root.clone());
                self.picker.pick(picker, &start, native);
            }
            StudioCommand::NewRace => {
                self.start_dialog = Some(StartDialog::new(
                    self.session.workspace(),
                    self.shown,
                    fresh_seed(),
                ));
            }
            StudioCommand::StartRace(request) => {
                let validated = (!self.session.validating()).then_some(self.session.validated());
                match start_race(self.session.workspace(), &request, validated) {
                    Ok((race, track)) => {
                        self.race = Some(RaceScreen::live(race, track));
                        self.screen = Screen::Race;
                        self.start_dialog = None;
                        self.say(format!("Race started, seed {}", request.seed));
                    }
                    Err(error) => self.say(format!("The race could not start: {error}")),
                }
            }
            StudioCommand::ShowRace(show) => {
                self.screen = if show && self.race.is_some() {
                    Screen::Race
                } else {
                    Screen::Editor
                };
            }
            StudioCommand::OpenRecord(path) => match open_record(self.session.workspace(), &path) {
                Ok((replay, track)) => {
                    self.race = Some(RaceScreen::replay(replay, track));
                    self.screen = Screen::Race;
                    self.say(format!("Watching {}", path.display()));
                }
                Err(error) => {
                    self.say(format!("{} cannot be watched: {error}", path.display()));
                }
            },
            StudioCommand::SaveRecord(path) => self.save_record(&path),
            StudioCommand::AddFile(path) => {
                if let Some(id) = self.session.add_file(&path) {
                    self.shown = Some(id);
                }
            }
            StudioCommand::NewTrack => {
                let id = self.session.new_track();
                self.shown = Some(id);
                self.canvases.entry(id).or_default().tool = Tool::Stretch;
            }
            StudioCommand::Show(id) => {
                self.shown = id.filter(|&id| self.session.workspace().document(id).is_some());
                self.screen = Screen::Editor;
            }
            StudioCommand::Edit {
                document,
                edit,
                group,
            } => self.edit(document, &edit, group),
            StudioCommand::Undo if self.race_shown() => {
                if let Some(race) = &mut self.race {
                    race.apply(super::race::RaceCommand::Undo);
                }
            }
            StudioCommand::Escape if self.race_shown() || self.simulation_shown() => {
                self.screen = Screen::Editor;
            }
            StudioCommand::Undo | StudioCommand::Redo => {
                if let Some(id) = self.shown
                    && self.session.undo(id, command == StudioCommand::Redo)
                {
                    self.prune_selection();
                }
            }
            StudioCommand::Save => {
                let untitled = self
                    .shown
                    .and_then(|id| self.session.workspace().document(id))
                    .is_some_and(|d| d.path.is_none());
                if untitled {
                    // A new track has no file yet: Save is Save as, in the tracks folder.
                    self.apply(StudioCommand::Pick(Picker::SaveAs { suggested: None }));
                } else {
                    self.session.save(self.shown, None);
                }
            }
            StudioCommand::SaveAs(path) => self.session.save(self.shown, Some(&path)),
            StudioCommand::SaveAll => self.session.save_all(),
            StudioCommand::ExportPng(path) => self.export_png(&path),
            StudioCommand::SetBackground(path) => self.set_background(&path),
            StudioCommand::SelectAll => {
                if let Some((id, Document::Track(track))) = self.shown_document() {
                    let track = track.clone();
                    self.canvases.entry(id).or_default().select_all(&track);
                }
            }
            StudioCommand::Copy => self.copy_selection(),
            StudioCommand::Paste(text) => self.paste(text.as_deref()),
            StudioCommand::Delete => self.delete_selection(),
            StudioCommand::Escape => {
                if let Some(canvas) = self.shown.and_then(|id| self.canvases.get_mut(&id)) {
                    canvas.clear_selection();
                    canvas.tool = Tool::Select;
                }
            }
            StudioCommand::ZoomIn | StudioCommand::ZoomOut | StudioCommand::Fit => {
                self.view(&command);
            }
            StudioCommand::SetTool(tool) => {
                if let Some(canvas) = self.shown.and_then(|id| self.canvases.get_mut(&id)) {
                    canvas.tool = tool;
                    canvas.first_click = None;
                }
            }
            StudioCommand::SetTheme(theme) => self.session.prefs_mut().theme = theme,
            StudioCommand::FocusDiagnostic(index) => self.focus(index),
            StudioCommand::Recover(position) => self.recover(position),
            StudioCommand::DiskChange(id, answer) => self.session.answer_disk_change(id, answer),
            StudioCommand::DiscardRecovery(position) => self.session.discard_recovery(position),
            StudioCommand::CancelPlayCheck => self.session.cancel_play(),
            StudioCommand::TogglePlayCheck => {
                let prefs = self.session.prefs_mut();
                prefs.play_races = if prefs.play_races == 0 {
                    crate::sim::play_check::DEFAULT_PLAY_RACES
                } else {
                    0
                };
            }
            StudioCommand::WatchPlayRace(index) => self.watch_play_race(index),
            StudioCommand::ShowSimulation => {
                if self.simulation.is_none() {
                    self.simulation =
                        Some(SimulationScreen::new(self.session.workspace(), self.shown));
                }
                self.screen = Screen::Simulation;
            }
            StudioCommand::RunSimulation(form) => self.run_simulation(&form),
            StudioCommand::WatchBatchRace(index) => self.watch_batch_race(index),
            StudioCommand::ExportSimulation(export, path) => {
                let result = self
                    .simulation
                    .as_ref()
                    .ok_or_else(|| "no simulation".to_owned())
                    .and_then(|s| s.export(export, &path));
                self.say(match result {
                    Ok(()) => format!("Exported {}", path.display()),
                    Err(error) => format!("Could not export: {error}"),
                });
            }
        }
    }

    /// Starts a batch on the content as edited, as the simulation screen's form says.
    fn run_simulation(&mut self, form: &SimForm) {
        let Some(screen) = &mut self.simulation else {
            return;
        };
        let Some(track_id) = form.track else {
            screen.fail("Open a track first".to_owned());
            return;
        };
        let workspace = self.session.workspace();
        let built = rules_for(workspace, track_id, &form.ruleset).and_then(|(loaded, track)| {
            let bots = form
                .bots
                .iter()
                .take(form.players)
                .map(|id| {
                    workspace
                        .documents
                        .iter()
                        .find_map(|d| match &d.document {
                            Document::BotProfile(p) if p.id.as_str() == id => Some(p.clone()),
                            _ => None,
                        })
                        .ok_or_else(|| LaunchError::Other(format!("no bot profile `{id}` is open")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let teams: Vec<_> = loaded
                .rules
                .content
                .teams
                .iter()
                .take(form.players)
                .map(|t| t.id.clone())
                .collect();
            if teams.len() < form.players {
                return Err(LaunchError::Other(format!(
                    "{} players need {} teams; the content has {}",
                    form.players,
                    form.players,
                    teams.len()
                )));
            }
            let spec = BatchSpec {
                rules: std::sync::Arc::clone(&loaded.rules),
                teams,
                bots,
                races: form.races,
                seed: form.seed,
            };
            let this = workspace.display_name(track_id);
            let saved = match form.compare {
                None => None,
                Some(CompareWith::Saved) => Some((
                    saved_spec(workspace, track_id, &form.ruleset, &spec)?,
                    "Saved".to_owned(),
                    "Edited".to_owned(),
                )),
                Some(CompareWith::Track(other)) => {
                    let (other_rules, _) = rules_for(workspace, other, &form.ruleset)?;
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
            Ok((spec, loaded, track, saved))
        });
        match built {
            Ok((spec, loaded, track, saved)) => {
                screen.start(spec, loaded, track, self.last_time, saved);
            }
            Err(error) => screen.fail(format!("The batch could not start: {error}")),
        }
    }

    /// Opens race `index` of the simulation's batch in the race viewer.
    fn watch_batch_race(&mut self, index: usize) {
        let Some((spec, loaded, track)) = self.simulation.as_ref().and_then(SimulationScreen::spec)
        else {
            return;
        };
        let record = crate::sim::batch::record_of(
            spec,
            index,
            loaded.identity.clone(),
            crate::sim::record::RecordFiles::default(),
        )
        .and_then(|record| {
            crate::sim::session::Replay::new(loaded.clone(), record).map_err(|e| e.to_string())
        });
        match record {
            Ok(replay) => {
                self.race = Some(RaceScreen::replay(replay, track.clone()));
                self.screen = Screen::Race;
            }
            Err(error) => self.say(format!("That race cannot be shown: {error}")),
        }
    }

    /// Opens the race that shows a finding of play, at the decision it names.
    fn watch_play_race(&mut self, index: usize) {
        let Some(diagnostic) = self.session.diagnostics().get(index).cloned() else {
            return;
        };
        let Some(evidence) = &diagnostic.play else {
            return;
        };
        let workspace = self.session.workspace();
        let track = diagnostic.location.file.as_ref().and_then(|file| {
            workspace
                .ids()
                .find(|&id| workspace.validation_path(id).as_ref() == Some(file))
        });
        let Some(track) = track else {
            self.say("The finding's track is not open".to_owned());
            return;
        };
        match watch_play_race(workspace, track, evidence) {
            Ok((replay, track)) => {
                self.race = Some(RaceScreen::replay(replay, track));
                self.screen = Screen::Race;
                self.say(format!("Watching the race that shows {}", diagnostic.code));
            }
            Err(error) => self.say(format!("That race cannot be shown: {error}")),
        }
    }

    /// Says something on the status line.
    fn say(&mut self, message: String) {
        self.session.status_mut().say(message);
    }

    /// Asks about unsaved work before `then` (or goes on at once), and follows what happened.
    fn ask_then(&mut self, then: AfterQuestion) {
        let reopened = self.session.ask_then(then);
        self.follow(reopened);
    }

    /// The views follow a workspace opened or read again: nothing shown of another folder; the
    /// same document shown after a reload, with fresh canvases.
    fn follow(&mut self, reopened: Option<Reopened>) {
        let Some(reopened) = reopened else {
            return;
        };
        self.canvases.clear();
        self.backdrop = None;
        self.shown = match reopened {
            Reopened::Other => self.session.workspace().opened_file(),
            Reopened::Same => self
                .shown
                .filter(|&id| self.session.workspace().document(id).is_some()),
        };
    }

    fn shown_document(&self) -> Option<(DocumentId, &Document)> {
        let id = self.shown?;
        Some((id, &self.session.workspace().document(id)?.document))
    }

    fn edit(&mut self, id: DocumentId, edit: &Edit, group: Option<crate::edit::GroupKey>) {
        if self.session.edit(id, edit, group) {
            self.prune_selection();
        }
    }

    /// After a document changed: the shown track's selection keeps only spaces that exist.
    fn prune_selection(&mut self) {
        if let Some((id, Document::Track(track))) = self.shown_document() {
            let track = track.clone();
            if let Some(canvas) = self.canvases.get_mut(&id) {
                canvas.prune(&track);
            }
        }
    }

    /// Saves the race on the race screen as a record (atomically, keeping a backup of a record
    /// it replaces).
    fn save_record(&mut self, path: &Path) {
        let Some(race) = &mut self.race else {
            return;
        };
        let mut record = race.record();
        // Paths relative to the record, so that it replays wherever the project is.
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
        race.say(message.clone());
        self.session.status_mut().say(message);
    }

    fn export_png(&mut self, path: &Path) {
        let Some((_, Document::Track(track))) = self.shown_document() else {
            return;
        };
        let result = crate::render::render_track(track, 2400)
            .map_err(|e| e.to_string())
            .and_then(|image| crate::render::save_png(&image, path).map_err(|e| e.to_string()));
        self.session.status_mut().say(match result {
            Ok(()) => format!("Exported {}", path.display()),
            Err(error) => format!("Could not export: {error}"),
        });
    }

    /// Copies the lap sectors of the shown track's selection, for the studio and (as text) for
    /// the system clipboard.
    fn copy_selection(&mut self) {
        let Some((id, Document::Track(track))) = self.shown_document() else {
            return;
        };
        let selection: Vec<SpaceRef> = self
            .canvases
            .get(&id)
            .map(|c| c.selection.iter().copied().collect())
            .unwrap_or_default();
        let message = match crate::stretch::copy_sectors(track, &selection) {
            Some(sectors) => {
                let message = format!(
                    "Copied {} sectors: Ctrl+V lays them at the end of the lap",
                    sectors.len()
                );
                self.copied_text = CopiedStretch::text(&sectors);
                self.clipboard = Some(sectors);
                message
            }
            None => "Select spaces of one run of consecutive lap sectors to copy them".to_owned(),
        };
        self.session.status_mut().say(message);
    }

    /// Lays copied sectors at the end of the shown track's lap and selects them.
    fn paste(&mut self, text: Option<&str>) {
        let Some((id, Document::Track(track))) = self.shown_document() else {
            return;
        };
        let before = track.sectors.len();
        let Some(sectors) = text
            .and_then(CopiedStretch::parse)
            .or_else(|| self.clipboard.clone())
        else {
            self.session
                .status_mut()
                .say("Nothing to paste: select lap sectors and copy them first");
            return;
        };
        let count = sectors.len();
        self.edit(
            id,
            &Edit::Track(crate::edit::TrackEdit::PasteSectors { sectors }),
            None,
        );
        if let Some(Document::Track(track)) =
            self.session.workspace().document(id).map(|d| &d.document)
            && track.sectors.len() > before
        {
            let pasted: BTreeSet<SpaceRef> = track
                .spaces()
                .map(|(at, _)| at)
                .filter(|at| at.section == crate::content::track::Section::Lap)
                .filter(|at| at.sector as usize >= before)
                .collect();
            self.canvases.entry(id).or_default().selection = pasted;
            self.session
                .status_mut()
                .say(format!("Pasted {count} sectors at the end of the lap"));
        }
    }

    fn set_background(&mut self, picture: &Path) {
        let Some(index) = self.shown else {
            return;
        };
        let folder = self.session.workspace().documents[index]
            .path
            .as_deref()
            .and_then(Path::parent)
            .unwrap_or(&self.session.workspace().root)
            .to_owned();
        let relative = picture.strip_prefix(&folder).unwrap_or(picture);
        let background = crate::content::track::Background {
            path: crate::content::text::Text::from(relative.to_string_lossy().as_ref()),
            x: 0.0,
            y: 0.0,
            scale: 0.02,
            opacity: 0.5,
        };
        self.edit(
            index,
            &Edit::Track(crate::edit::TrackEdit::SetBackground(Some(background))),
            None,
        );
    }

    fn delete_selection(&mut self) {
        let Some(index) = self.shown else {
            return;
        };
        let Some(canvas) = self.canvases.get_mut(&index) else {
            return;
        };
        let selected: Vec<SpaceRef> = canvas.selection.iter().copied().collect();
        canvas.selection.clear();
        // A selection across the starting section and the lap is two removals, one undo.
        let group = canvas.new_group();
        for edit in remove_sectors_holding(&selected) {
            self.edit(index, &Edit::Track(edit), Some(group));
        }
    }

    fn view(&mut self, command: &StudioCommand) {
        let Some((index, Document::Track(track))) = self.shown_document() else {
            return;
        };
        let track = track.clone();
        let canvas = self.canvases.entry(index).or_default();
        match command {
            StudioCommand::ZoomIn => canvas.zoom(1.25),
            StudioCommand::ZoomOut => canvas.zoom(0.8),
            _ => canvas.frame(&track, &[]),
        }
    }

    fn recover(&mut self, position: usize) {
        if let Some(id) = self.session.recover(position) {
            self.shown = Some(id);
        }
    }

    /// Shows a diagnostic's document and selects its object.
    fn focus(&mut self, index: usize) {
        let Some(diagnostic) = self.session.diagnostics().get(index).cloned() else {
            return;
        };
        let document = diagnostic
            .location
            .file
            .as_ref()
            .and_then(|file| {
                let workspace = self.session.workspace();
                workspace
                    .ids()
                    .find(|&id| workspace.validation_path(id).as_ref() == Some(file))
            })
            .or_else(|| self.document_for(diagnostic.location.object.as_ref()?));
        let Some(document) = document else {
            return;
        };
        self.shown = Some(document);
        let Some(object) = diagnostic.location.object else {
            return;
        };
        match (
            &self.session.workspace().documents[document].document,
            object,
        ) {
            (Document::Track(track), ObjectRef::Space { space: at }) => {
                let canvas = self.canvases.entry(document).or_default();
                canvas.selection = BTreeSet::from([at]);
                canvas.frame(track, &[at]);
            }
            (Document::Track(track), ObjectRef::Sector { sector }) => {
                let spaces: Vec<SpaceRef> = track
                    .spaces()
                    .map(|(at, _)| at)
                    .filter(|at| at.sector_ref() == sector)
                    .collect();
                let canvas = self.canvases.entry(document).or_default();
                canvas.selection = spaces.iter().copied().collect();
                canvas.frame(track, &spaces);
            }
            (Document::RaceDeck(deck), ObjectRef::RaceCard { id }) => {
                self.race_deck.show_card(deck, id.as_str());
            }
            (Document::MovementEventDeck(deck), ObjectRef::MovementEvent { id }) => {
                self.movement_events.show_card(deck, id.as_str());
            }
            (Document::CombatEventDeck(deck), ObjectRef::CombatCard { id }) => {
                self.combat_deck.show_card(deck, id.as_str());
            }
            (
                Document::TeamMats(mats),
                ObjectRef::Team { id } | ObjectRef::Car { team: id, .. },
            ) => {
                self.teams.show_team(mats, id.as_str());
            }
            _ => {}
        }
    }

    fn document_for(&self, object: &ObjectRef) -> Option<DocumentId> {
        self.session.workspace().find(|document| {
            matches!(
                (object, document),
                (ObjectRef::RaceCard { .. }, Document::RaceDeck(_))
                    | (
                        ObjectRef::MovementEvent { .. },
                        Document::MovementEventDeck(_)
                    )
                    | (
                        ObjectRef::CombatCard { .. } | ObjectRef::WeaponType { .. },
                        Document::CombatEventDeck(_)
                    )
                    | (
                        ObjectRef::Team { .. } | ObjectRef::Car { .. },
                        Document::TeamMats(_)
                    )
            )
        })
    }

    /// Spaces the diagnostics point at in a track document, to mark on the canvas.
    #[must_use]
    pub fn problem_spaces(&self, id: DocumentId) -> BTreeSet<SpaceRef> {
        let Some(path) = self.session.workspace().validation_path(id) else {
            return BTreeSet::new();
        };
        let Some(Document::Track(track)) =
            self.session.workspace().document(id).map(|d| &d.document)
        else {
            return BTreeSet::new();
        };
        let mut spaces = BTreeSet::new();
        for diagnostic in self.session.diagnostics() {
            if diagnostic.location.file.as_ref() != Some(&path) {
                continue;
            }
            match &diagnostic.location.object {
                Some(ObjectRef::Space { space }) => {
                    spaces.insert(*space);
                }
                Some(ObjectRef::Sector { sector }) => {
                    spaces.extend(
                        track
                            .spaces()
                            .map(|(at, _)| at)
                            .filter(|at| at.sector_ref() == *sector),
                    );
                }
                _ => {}
            }
        }
        spaces
    }
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

/// A seed for a new race: different on every call (the clock's nanoseconds, mixed), shown in
/// the dialog so any race can be played again.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    crate::sim::batch::race_seed(nanos, 0)
}

impl StudioApp {
    /// Draws the whole studio into `ui` and applies what the widgets asked for.
    pub fn ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if self.session.poll_validation() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        // The check by play waits for edits to settle, then reports progress: both need frames.
        if self.session.poll_play(ctx.input(|i| i.time)) {
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
        self.apply_theme(&ctx);
        let mut commands = Vec::new();
        shortcuts(&ctx, &mut commands);
        let (undo, redo) = self
            .shown
            .and_then(|id| self.session.workspace().document(id))
            .map_or((None, None), |d| {
                (d.history.undo_label(), d.history.redo_label())
            });
        let menu = MenuState {
            prefs: self.session.prefs(),
            undo,
            redo,
            track_shown: matches!(self.shown_document(), Some((_, Document::Track(_)))),
            race_open: self.race.is_some(),
            race_shown: self.race_shown(),
        };
        Panel::top("menu_bar").show(ui, |ui| menu_bar(ui, &menu, &mut commands));
        self.session.status_mut().tick(ui.input(|i| i.time));
        if self.shortcuts_open {
            let mut open = true;
            egui::Window::new("Keyboard shortcuts")
                .open(&mut open)
                .collapsible(false)
                .resizable(false)
                .show(&ctx, |ui| {
                    egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                        for (keys, what) in shortcut_list(&ctx) {
                            ui.strong(keys);
                            ui.label(what);
                            ui.end_row();
                        }
                    });
                    ui.label("Shortcuts do nothing while a text field has the keyboard.");
                });
            self.shortcuts_open = open;
        }
        Panel::bottom("status").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(self.title());
                if let Some(status) = self.session.status().text() {
                    ui.separator();
                    ui.label(status);
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_secs_f64(STATUS_SECONDS));
                }
            });
        });
        if let Some(dialog) = &mut self.start_dialog {
            match dialog.show(
                &ctx,
                self.session.workspace(),
                self.session.diagnostics(),
                fresh_seed(),
            ) {
                Some(StartAnswer::Start(request)) => {
                    commands.push(StudioCommand::StartRace(request));
                }
                Some(StartAnswer::Focus(index)) => {
                    commands.push(StudioCommand::FocusDiagnostic(index));
                }
                Some(StartAnswer::Cancel) => self.start_dialog = None,
                None => {}
            }
        }
        self.last_time = ctx.input(|i| i.time);
        if self.race_shown() || self.simulation_shown() {
            // The screen takes the window: the editor's panels wait behind it, as they were.
            Panel::left("files")
                .resizable(true)
                .default_size(220.0)
                .show(ui, |ui| self.sidebar(ui, &mut commands));
            egui::CentralPanel::no_frame().show(ui, |ui| {
                if self.simulation_shown() {
                    commands.extend(self.simulation_ui(ui));
                } else {
                    commands.extend(self.race_ui(ui));
                }
            });
            self.question_dialog(&ctx, &mut commands);
            self.finish_frame(&ctx, commands);
            return;
        }
        Panel::bottom("diagnostics")
            .resizable(true)
            .default_size(150.0)
            .show(ui, |ui| {
                diagnostics_panel(
                    ui,
                    self.session.diagnostics(),
                    self.session.validating(),
                    self.session.play_progress(),
                    &mut commands,
                );
            });
        Panel::left("files")
            .resizable(true)
            .default_size(220.0)
            .show(ui, |ui| self.sidebar(ui, &mut commands));
        let mut track_edits: Vec<CanvasEdit> = Vec::new();
        let mut edits = Vec::new();
        let mut requests = InspectorRequests::default();
        // Fields borrowed apart: the track is read while its canvas changes, without a copy.
        if let Some(id) = self.shown
            && let Some(Document::Track(track)) =
                self.session.workspace().document(id).map(|d| &d.document)
        {
            let canvas = self.canvases.entry(id).or_default();
            Panel::right("inspector")
                .resizable(true)
                .default_size(280.0)
                .show(ui, |ui| {
                    requests = track_inspector(ui, track, canvas, &mut track_edits);
                });
        }
        egui::CentralPanel::default_margins().show(ui, |ui| {
            self.recovery_banner(ui, &mut commands);
            self.disk_banner(ui, &mut commands);
            self.central(ui, &mut track_edits, &mut edits, &mut commands);
        });
        self.question_dialog(&ctx, &mut commands);
        if requests.delete_selection {
            commands.push(StudioCommand::Delete);
        }
        if requests.pick_background {
            commands.push(StudioCommand::Pick(Picker::Background));
        }
        if let Some(document) = self.shown {
            commands.extend(
                track_edits
                    .into_iter()
                    .map(|(edit, group)| StudioCommand::Edit {
                        document,
                        edit: Edit::Track(edit),
                        group,
                    }),
            );
            commands.extend(edits.into_iter().map(|(edit, group)| StudioCommand::Edit {
                document,
                edit,
                group,
            }));
        }
        if !ctx.input(|i| i.pointer.any_down())
            && let Some(id) = self.shown
        {
            // A released mouse ends a drag's undo step.
            self.session.close_undo_group(id);
        }
        self.finish_frame(&ctx, commands);
    }

    /// The simulation screen, and the studio commands its clicks stand for.
    fn simulation_ui(&mut self, ui: &mut Ui) -> Vec<StudioCommand> {
        let Some(simulation) = &mut self.simulation else {
            return Vec::new();
        };
        let requests = simulation.ui(ui, self.session.workspace());
        requests
            .into_iter()
            .map(|request| match request {
                SimRequest::Run(form) => StudioCommand::RunSimulation(form),
                SimRequest::Watch(index) => StudioCommand::WatchBatchRace(index),
                SimRequest::Export(export) => StudioCommand::Pick(Picker::ExportSimulation {
                    export,
                    suggested: None,
                }),
                SimRequest::Close => StudioCommand::Show(self.shown),
            })
            .collect()
    }

    /// The race screen, and the studio commands its clicks stand for.
    fn race_ui(&mut self, ui: &mut Ui) -> Vec<StudioCommand> {
        let Some(race) = &mut self.race else {
            return Vec::new();
        };
        race.ui(ui)
            .into_iter()
            .map(|request| match request {
                RaceRequest::Close => StudioCommand::ShowRace(false),
                RaceRequest::SaveRecord => {
                    StudioCommand::Pick(Picker::SaveRecord { suggested: None })
                }
            })
            .collect()
    }

    /// After drawing: the commands, the file dialog, and the autosave timer.
    fn finish_frame(&mut self, ctx: &egui::Context, mut commands: Vec<StudioCommand>) {
        if let Some(command) = self.picker.show(ctx) {
            commands.push(command);
        }
        for command in commands {
            self.apply(command);
        }
        if let Some(text) = self.copied_text.take() {
            ctx.copy_text(text);
        }
        self.session.autosave_on_timer(ctx.input(|i| i.time));
        // Files changed outside are looked for every few seconds, idle or not.
        let now = ctx.input(|i| i.time);
        self.session.check_disk(now);
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(
            self.session.next_disk_check_in(now).max(0.1),
        ));
        // Nothing else wakes an idle window: the next autosave asks for its own frame.
        if let Some(delay) = self.session.next_autosave_in(ctx.input(|i| i.time)) {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(delay));
        }
    }

    fn apply_theme(&mut self, ctx: &egui::Context) {
        if self.applied_theme != Some(self.session.prefs().theme) {
            self.applied_theme = Some(self.session.prefs().theme);
            ctx.set_theme(match self.session.prefs().theme {
                Theme::System => egui::ThemePreference::System,
                Theme::Dark => egui::ThemePreference::Dark,
                Theme::Light => egui::ThemePreference::Light,
            });
        }
    }

    /// Where an export of the simulation starts: `simulation-SEED.json` (or `.csv`, or
    /// `heat-METRIC-SEED.png`) beside the content folder, numbered when taken.
    fn suggested_export(&self, export: Export) -> Option<PathBuf> {
        let simulation = self.simulation.as_ref()?;
        let root = &self.session.workspace().root;
        // Beside the content folder, not in it: a JSON file there would be read as content.
        let folder = if self.session.workspace().is_folder {
            root.parent().unwrap_or(root)
        } else {
            root
        };
        let name = export.file_name(simulation.form.seed, simulation.metric());
        let (stem, extension) = name.rsplit_once('.')?;
        free_file(folder, stem, extension)
    }

    /// Where Save race record starts: `race-SEED.json` in the workspace's folder (records there
    /// are not read as content), numbered when taken.
    fn suggested_record(&self) -> Option<PathBuf> {
        let seed = self.race.as_ref()?.record().seed;
        free_file(
            &self.session.workspace().root,
            &format!("race-{seed}"),
            "json",
        )
    }

    fn sidebar(&self, ui: &mut Ui, commands: &mut Vec<StudioCommand>) {
        ui.heading("Content");
        if ui
            .selectable_label(self.shown.is_none(), "Summary")
            .clicked()
        {
            commands.push(StudioCommand::Show(None));
        }
        // Long file names scroll sideways rather than widen the panel.
        ScrollArea::both().auto_shrink(false).show(ui, |ui| {
            let workspace = self.session.workspace();
            for (id, document) in workspace.ids().zip(&workspace.documents) {
                let dirty = if document.is_dirty() { " *" } else { "" };
                let label = format!(
                    "{} ({}){dirty}",
                    workspace.display_name(id),
                    document.document.kind()
                );
                if ui.selectable_label(self.shown == Some(id), label).clicked() {
                    commands.push(StudioCommand::Show(Some(id)));
                }
            }
            for error in &self.session.workspace().errors {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    error.path.display().to_string(),
                );
            }
        });
    }

    /// A line for each file someone else changed since the studio read it: reload it, or
    /// keep the studio's version (saving it over the file when it has changes), or save the
    /// studio's version as another file.
    fn disk_banner(&self, ui: &mut Ui, commands: &mut Vec<StudioCommand>) {
        let workspace = self.session.workspace();
        for &id in self.session.disk_changes() {
            let Some(document) = workspace.document(id) else {
                continue;
            };
            let name = workspace.display_name(id);
            let dirty = document.is_dirty();
            ui.horizontal_wrapped(|ui| {
                let text = if dirty {
                    format!("{name} changed on disk since you opened it, and you have changes of your own.")
                } else {
                    format!("{name} changed on disk since you opened it.")
                };
                ui.label(RichText::new(text).color(ui.visuals().warn_fg_color));
                // Named after the file: several lines may stand, and File > Reload (every file)
                // is another button.
                let reload = if dirty {
                    format!("Reload {name} (yours stay one Undo away)")
                } else {
                    format!("Reload {name}")
                };
                if ui.button(reload).clicked() {
                    commands.push(StudioCommand::DiskChange(id, DiskAnswer::Reload));
                }
                let keep = if dirty { "Keep mine (save over it)" } else { "Ignore" };
                if ui.button(keep).clicked() {
                    commands.push(StudioCommand::DiskChange(id, DiskAnswer::KeepMine));
                }
                if dirty && ui.button("Save mine as...").clicked() {
                    commands.push(StudioCommand::Show(Some(id)));
                    commands.push(StudioCommand::Pick(Picker::SaveAs { suggested: None }));
                }
            });
        }
    }

    fn recovery_banner(&self, ui: &mut Ui, commands: &mut Vec<StudioCommand>) {
        for (position, found) in self.session.recoveries().iter().enumerate() {
            let name = found.target.map_or_else(
                || "a new track".to_owned(),
                |i| self.session.workspace().display_name(i),
            );
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(format!("Unsaved work on {name} from a session that did not close cleanly was found."))
                        .color(ui.visuals().warn_fg_color),
                );
                if ui.button("Recover").clicked() {
                    commands.push(StudioCommand::Recover(position));
                }
                if ui.button("Discard").clicked() {
                    commands.push(StudioCommand::DiscardRecovery(position));
                }
            });
        }
    }

    fn central(
        &mut self,
        ui: &mut Ui,
        track_edits: &mut Vec<CanvasEdit>,
        edits: &mut Vec<(Edit, Option<crate::edit::GroupKey>)>,
        commands: &mut Vec<StudioCommand>,
    ) {
        let Some(index) = self
            .shown
            .filter(|&id| self.session.workspace().document(id).is_some())
        else {
            summary_view(ui, self.session.workspace());
            return;
        };
        let weapons: Vec<crate::content::text::Id> = self
            .session
            .workspace()
            .documents
            .iter()
            .find_map(|d| match &d.document {
                Document::CombatEventDeck(deck) => {
                    Some(deck.weapon_types.iter().map(|w| w.id.clone()).collect())
                }
                _ => None,
            })
            .unwrap_or_default();
        let problems = self.problem_spaces(index);
        self.load_backdrop(ui.ctx(), index);
        let backdrop = self.backdrop.as_ref().and_then(Backdrop::texture);
        match &self.session.workspace().documents[index].document {
            Document::Track(track) => {
                let canvas = self.canvases.entry(index).or_default();
                ui.horizontal(|ui| {
                    for (tool, name, key) in Tool::ALL {
                        if ui
                            .selectable_label(canvas.tool == tool, name)
                            .on_hover_text(format!("{} ({key:?})", tool.hint()))
                            .clicked()
                        {
                            commands.push(StudioCommand::SetTool(tool));
                        }
                    }
                    ui.separator();
                    ui.checkbox(&mut canvas.show_links, "Links");
                    ui.separator();
                    if ui
                        .button("Test race…")
                        .on_hover_text("Race on this track as it is now (Ctrl+R)")
                        .clicked()
                    {
                        commands.push(StudioCommand::NewRace);
                    }
                });
                let hover = canvas.hover.map_or_else(String::new, |at| {
                    let terrain = track
                        .space(at)
                        .map(|s| format!("{:?}", s.terrain))
                        .unwrap_or_default();
                    format!("Space {at} ({terrain})")
                });
                ui.label(if hover.is_empty() {
                    canvas.tool.hint().to_owned()
                } else {
                    hover
                });
                canvas.backdrop = backdrop.zip(track.background.clone());
                canvas.ui(ui, track, &problems, track_edits);
            }
            Document::RaceDeck(deck) => self.race_deck.ui(ui, deck, edits),
            Document::MovementEventDeck(deck) => self.movement_events.ui(ui, deck, edits),
            Document::CombatEventDeck(deck) => self.combat_deck.ui(ui, deck, edits),
            Document::TeamMats(mats) => self.teams.ui(ui, mats, &weapons, edits),
            Document::Ruleset(ruleset) => {
                ui.heading(ruleset.name.as_str());
                ui.label(format!(
                    "{} VP, hand of {}, {}-{} players (rulesets are edited as text for now)",
                    ruleset.victory_points,
                    ruleset.hand_size,
                    ruleset.min_players,
                    ruleset.max_players
                ));
            }
            Document::Scenario(scenario) => {
                ui.label(format!(
                    "Scenario: {} — {} cars on {}",
                    scenario.name,
                    scenario.cars.len(),
                    scenario.track
                ));
            }
            Document::BotProfile(profile) => {
                ui.heading(profile.name.as_str());
                ui.label("Bot profiles are edited as text for now.");
            }
        }
    }

    /// Starts loading the shown track's background picture when it changes (on the loader's
    /// thread), and takes it in once it is read.
    fn load_backdrop(&mut self, ctx: &egui::Context, id: DocumentId) {
        let document = &self.session.workspace().documents[id];
        let Document::Track(track) = &document.document else {
            return;
        };
        let Some(background) = &track.background else {
            self.backdrop = None;
            return;
        };
        let folder = document
            .path
            .as_deref()
            .and_then(Path::parent)
            .unwrap_or(&self.session.workspace().root);
        let path = folder.join(background.path.as_str());
        if self.backdrop.as_ref().is_none_or(|b| b.path() != path) {
            self.backdrop = Some(Backdrop::load(path, ctx));
        }
        if let Some(backdrop) = &mut self.backdrop
            && let Some(error) = backdrop.poll(ctx)
        {
            self.session.status_mut().say(format!(
                "Cannot show {}: {error}",
                backdrop.path().display()
            ));
        }
    }

    /// Waits until the background picture being loaded is read (tests and scripts: the window
    /// shows it on the frame after).
    pub fn wait_for_background(&mut self) {
        if let Some(backdrop) = &mut self.backdrop {
            backdrop.wait();
        }
    }

    fn question_dialog(&self, ctx: &egui::Context, commands: &mut Vec<StudioCommand>) {
        let Some(then) = self.session.question() else {
            return;
        };
        let doing = match then {
            AfterQuestion::Open(_) => "opening another folder",
            AfterQuestion::Reload => "reloading from disk",
            AfterQuestion::Quit => "closing",
        };
        egui::Modal::new(egui::Id::unique("unsaved-question")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            let workspace = self.session.workspace();
            for (id, document) in workspace.ids().zip(&workspace.documents) {
                if document.is_dirty() {
                    ui.label(format!("- {}", workspace.display_name(id)));
                }
            }
            ui.label(format!("Save them before {doing}?"));
            ui.horizontal(|ui| {
                if ui.button("Save all").clicked() {
                    commands.push(StudioCommand::Answer(Answer::Save));
                }
                if ui.button("Discard changes").clicked() {
                    commands.push(StudioCommand::Answer(Answer::Discard));
                }
                if ui.button("Cancel").clicked() {
                    commands.push(StudioCommand::Answer(Answer::Cancel));
                }
            });
        });
    }
}

impl StudioApp {
    /// Draws the whole window as eframe shows it: everything [`StudioApp::ui`] draws, plus the
    /// window's part. A close request (the title bar's button) over unsaved work is cancelled
    /// and asked about; the title follows the dirty marker; a confirmed quit closes the window.
    pub fn window_ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if ctx.input(|i| i.viewport().close_requested())
            && self.session.workspace().is_dirty()
            && !self.session.close_confirmed()
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.apply(StudioCommand::Quit);
        }
        let title = self.title();
        self.ui(ui);
        if self.title() != title || ctx.cumulative_frame_nr() == 1 {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(self.title()));
        }
        if self.session.quit_requested() {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// Keeps what must outlive the window: the preferences in eframe's storage, and a recovery
    /// copy of unsaved work.
    pub fn save_to(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, Prefs::KEY, self.session.prefs());
        self.autosave_now();
    }

    /// The preferences eframe's storage holds, or the defaults.
    #[must_use]
    pub fn stored_prefs(storage: Option<&dyn eframe::Storage>) -> Prefs {
        storage
            .and_then(|storage| eframe::get_value::<Prefs>(storage, Prefs::KEY))
            .unwrap_or_default()
    }
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.window_ui(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.save_to(storage);
    }
}

fn summary_view(ui: &mut Ui, workspace: &Workspace) {
    let summary = workspace.summary();
    ui.heading(workspace.path.display().to_string());
    egui::Grid::new("summary").striped(true).show(ui, |ui| {
        for (label, value) in [
            ("Race cards", summary.race_cards.to_string()),
            ("Movement events", summary.movement_events.to_string()),
            ("Combat events", summary.combat_events.to_string()),
            ("Teams", summary.teams.to_string()),
            ("Cars", summary.cars.to_string()),
            ("Weapon types", summary.weapon_types.join(", ")),
            ("Rulesets", summary.rulesets.join(", ")),
        ] {
            ui.label(label);
            ui.label(value);
            ui.end_row();
        }
    });
}
