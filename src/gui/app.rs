//! The studio application: the window's panels, the open documents, and the commands that
//! change them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use egui::{Panel, RichText, ScrollArea, Ui};

use super::canvas::{CanvasEdit, Tool, TrackCanvas};
use super::combat_deck_editor::CombatDeckEditor;
use super::command::{Answer, StudioCommand};
use super::diagnostics_panel::diagnostics_panel;
use super::document::OpenDocument;
use super::file_picker::{FilePicker, Picker, native_dialogs_work};
use super::inspector::{InspectorRequests, track_inspector};
use super::menu::{MenuState, menu_bar, shortcut_list, shortcuts};
use super::movement_events_editor::MovementEventsEditor;
use super::prefs::{Prefs, Theme};
use super::race::launch::{open_record, start_race};
use super::race::start::{StartAnswer, StartDialog};
use super::race::{RaceRequest, RaceScreen};
use super::race_deck_editor::RaceDeckEditor;
use super::recovery;
use super::status::{STATUS_SECONDS, StatusLine};
use super::team_editor::TeamEditor;
use super::validation::{Validated, Validator};
use super::workspace::Workspace;
use crate::content::Document;
use crate::content::track::{SpaceRef, TrackStyle};
use crate::edit::Edit;
use crate::edit::track_edit::{blank_track, remove_sectors_holding};
use crate::validate::{Diagnostic, ObjectRef};

/// What to do once the unsaved-changes question is answered.
#[derive(Clone, PartialEq, Debug)]
enum AfterQuestion {
    Open(PathBuf),
    Reload,
    Quit,
}

/// Autosaved work found from a session that did not close cleanly.
struct Recovery {
    /// The open document it belongs to; `None` for a track that was never saved.
    target: Option<usize>,
    /// The copy on disk.
    copy: PathBuf,
    /// What the copy holds.
    document: Document,
}

/// A background picture loaded for the canvas.
struct Backdrop {
    /// The file it was loaded from.
    path: PathBuf,
    /// The picture, or nothing when the file could not be read as one (the error went to the
    /// status line once; it is not read again every frame).
    texture: Option<egui::TextureHandle>,
}

/// What fills the centre of the window.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Screen {
    /// The editor: the document shown, with its inspector and the diagnostics.
    #[default]
    Editor,
    /// The race screen (when a race or a record is open).
    Race,
}

/// The studio's state.
pub struct StudioApp {
    workspace: Workspace,
    shown: Option<usize>,
    canvases: BTreeMap<usize, TrackCanvas>,
    race_deck: RaceDeckEditor,
    movement_events: MovementEventsEditor,
    combat_deck: CombatDeckEditor,
    teams: TeamEditor,
    validator: Validator,
    /// The last validation: diagnostics, and the checked content and tracks it built.
    validated: Validated,
    /// Bumped on every change to the documents; validation runs when it moves.
    revision: u64,
    validated_revision: Option<u64>,
    prefs: Prefs,
    question: Option<AfterQuestion>,
    recoveries: Vec<Recovery>,
    /// The status bar's message (a save, an error), gone after a few seconds.
    status: StatusLine,
    /// Whether the keyboard shortcuts window is open (Help menu, F1).
    shortcuts_open: bool,
    /// The in-window file dialog, when one is open.
    picker: FilePicker,
    quit_requested: bool,
    /// Set when the window may close although work is unsaved (the user said so).
    close_confirmed: bool,
    last_autosave: Option<f64>,
    backdrop: Option<Backdrop>,
    applied_theme: Option<Theme>,
    /// The test race (or the record watched), kept while the editor is shown.
    race: Option<RaceScreen>,
    /// What fills the centre.
    screen: Screen,
    /// The "Start a test race" dialog, when open.
    start_dialog: Option<StartDialog>,
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
    pub fn with_prefs(path: &Path, extra: &[PathBuf], mut prefs: Prefs) -> Self {
        let workspace = Workspace::open_with(path, extra);
        prefs.remember(path);
        let mut app = Self {
            workspace,
            shown: None,
            canvases: BTreeMap::new(),
            race_deck: RaceDeckEditor::default(),
            movement_events: MovementEventsEditor::default(),
            combat_deck: CombatDeckEditor::default(),
            teams: TeamEditor::default(),
            validator: Validator::new(),
            validated: Validated::default(),
            revision: 0,
            validated_revision: None,
            prefs,
            question: None,
            recoveries: Vec::new(),
            status: StatusLine::default(),
            shortcuts_open: false,
            picker: FilePicker::default(),
            quit_requested: false,
            close_confirmed: false,
            last_autosave: None,
            backdrop: None,
            applied_theme: None,
            race: None,
            screen: Screen::Editor,
            start_dialog: None,
        };
        app.find_recoveries();
        app
    }

    /// The status line's message, while it shows one.
    #[must_use]
    pub fn status(&self) -> Option<&str> {
        self.status.text()
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
        &self.workspace
    }

    /// The current diagnostics.
    #[must_use]
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.validated.diagnostics
    }

    /// The document shown in the centre.
    #[must_use]
    pub fn shown(&self) -> Option<usize> {
        self.shown
    }

    /// The canvas of a track document, if it has been shown.
    #[must_use]
    pub fn canvas(&self, document: usize) -> Option<&TrackCanvas> {
        self.canvases.get(&document)
    }

    /// The preferences, as they would be stored.
    #[must_use]
    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// Whether a command asked to close the window and nothing is left unsaved or the user
    /// chose to discard it.
    #[must_use]
    pub fn quit_requested(&self) -> bool {
        self.quit_requested
    }

    /// The window title: the shown document and a dot when anything is unsaved.
    #[must_use]
    pub fn title(&self) -> String {
        let shown = self.shown.map_or_else(
            || self.workspace.path.display().to_string(),
            |i| self.workspace.display_name(i),
        );
        let dirty = if self.workspace.is_dirty() { " *" } else { "" };
        format!("Roadwright — {shown}{dirty}")
    }

    /// Whether the unsaved-changes question is showing.
    #[must_use]
    pub fn is_asking(&self) -> bool {
        self.question.is_some()
    }

    /// Blocks until the diagnostics of the latest change have arrived (tests, and scripts
    /// that need them).
    pub fn wait_for_validation(&mut self) {
        self.submit_validation();
        if let Some(validated) = self.validator.wait() {
            self.validated = validated;
        }
    }

    /// Writes recovery copies of every unsaved document now, as the timer would; nothing once
    /// the user has chosen to discard their changes and close.
    pub fn autosave_now(&mut self) {
        if self.close_confirmed {
            return;
        }
        for document in &self.workspace.documents {
            if document.is_dirty()
                && let Err(error) = recovery::write(document)
            {
                self.status.say(format!("Autosave failed: {error}"));
            }
        }
    }

    fn find_recoveries(&mut self) {
        let documents = &self.workspace.documents;
        self.recoveries = (0..documents.len())
            .filter_map(|index| {
                let found = recovery::find(&documents[index])?;
                Some(Recovery {
                    target: Some(index),
                    copy: recovery::path_for(&documents[index])?,
                    document: found,
                })
            })
            .chain(
                recovery::find_untitled(&self.workspace.root)
                    .into_iter()
                    .map(|(copy, document)| Recovery {
                        target: None,
                        copy,
                        document,
                    }),
            )
            .collect();
    }

    /// A recovery copy for a new track: free on disk, and not another open track's.
    fn new_untitled_copy(&self) -> PathBuf {
        let taken: Vec<&Path> = self
            .workspace
            .documents
            .iter()
            .filter_map(|d| d.untitled_copy.as_deref())
            .chain(self.recoveries.iter().map(|r| r.copy.as_path()))
            .collect();
        recovery::new_untitled_path(&self.workspace.root, &taken)
    }

    fn changed(&mut self) {
        self.revision += 1;
    }

    fn submit_validation(&mut self) {
        if self.validated_revision != Some(self.revision) {
            self.validated_revision = Some(self.revision);
            self.validator.submit(self.workspace.snapshot());
        }
    }

    /// Carries out a command.
    #[allow(clippy::too_many_lines)] // One arm per command reads better than a dispatch table.
    pub fn apply(&mut self, command: StudioCommand) {
        match command {
            StudioCommand::Open(path) => self.ask_then(AfterQuestion::Open(path)),
            StudioCommand::Reload => self.ask_then(AfterQuestion::Reload),
            StudioCommand::Quit => self.ask_then(AfterQuestion::Quit),
            StudioCommand::ToggleShortcuts => self.shortcuts_open = !self.shortcuts_open,
            StudioCommand::ToggleBuiltInDialogs => {
                self.prefs.built_in_file_dialogs = !self.prefs.built_in_file_dialogs;
            }
            StudioCommand::Pick(picker) => {
                let picker = match picker {
                    Picker::SaveAs { suggested: None } => Picker::SaveAs {
                        suggested: self.suggested_file(),
                    },
                    Picker::SaveRecord { suggested: None } => Picker::SaveRecord {
                        suggested: self.suggested_record(),
                    },
                    other => other,
                };
                let native = native_dialogs_work(self.prefs.built_in_file_dialogs);
                let start = self.workspace.root.clone();
                self.picker.pick(picker, &start, native);
            }
            StudioCommand::Answer(answer) => self.answer(answer),
            StudioCommand::NewRace => {
                self.start_dialog =
                    Some(StartDialog::new(&self.workspace, self.shown, fresh_seed()));
            }
            StudioCommand::StartRace(request) => match start_race(
                &self.workspace,
                &request,
                (!self.validator.is_busy()).then_some(&self.validated),
            ) {
                Ok((race, track)) => {
                    self.race = Some(RaceScreen::live(race, track));
                    self.screen = Screen::Race;
                    self.start_dialog = None;
                    self.status
                        .say(format!("Race started, seed {}", request.seed));
                }
                Err(error) => self
                    .status
                    .say(format!("The race could not start: {error}")),
            },
            StudioCommand::ShowRace(show) => {
                self.screen = if show && self.race.is_some() {
                    Screen::Race
                } else {
                    Screen::Editor
                };
            }
            StudioCommand::OpenRecord(path) => match open_record(&self.workspace, &path) {
                Ok((replay, track)) => {
                    self.race = Some(RaceScreen::replay(replay, track));
                    self.screen = Screen::Race;
                    self.status.say(format!("Watching {}", path.display()));
                }
                Err(error) => self
                    .status
                    .say(format!("{} cannot be watched: {error}", path.display())),
            },
            StudioCommand::SaveRecord(path) => self.save_record(&path),
            StudioCommand::AddFile(path) => {
                let before = self.workspace.documents.len();
                self.workspace.extra.push(path.clone());
                match Document::load(&path) {
                    Ok(loaded) => {
                        self.workspace.documents.push(OpenDocument::loaded(loaded));
                        self.shown = Some(before);
                    }
                    Err(error) => self.workspace.errors.push(error),
                }
                self.prefs.remember(&path);
                self.changed();
            }
            StudioCommand::NewTrack => {
                let track = blank_track("new-track", "New track", TrackStyle::ApocalypseRoad);
                self.workspace.documents.push(OpenDocument::untitled(
                    Document::Track(track),
                    self.new_untitled_copy(),
                ));
                let index = self.workspace.documents.len() - 1;
                self.shown = Some(index);
                let canvas = self.canvases.entry(index).or_default();
                canvas.tool = Tool::Stretch;
                self.changed();
            }
            StudioCommand::Show(index) => {
                self.shown = index.filter(|&i| i < self.workspace.documents.len());
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
            StudioCommand::Escape if self.race_shown() => self.screen = Screen::Editor,
            StudioCommand::Undo | StudioCommand::Redo => {
                let undo = command == StudioCommand::Undo;
                if let Some(document) = self.shown.and_then(|i| self.workspace.documents.get_mut(i))
                {
                    let done = if undo {
                        document.undo()
                    } else {
                        document.redo()
                    };
                    if done {
                        self.after_document_change();
                    }
                }
            }
            StudioCommand::Save => {
                let untitled = self
                    .shown
                    .and_then(|i| self.workspace.documents.get(i))
                    .is_some_and(|d| d.path.is_none());
                if untitled {
                    // A new track has no file yet: Save is Save as, in the tracks folder.
                    self.apply(StudioCommand::Pick(Picker::SaveAs { suggested: None }));
                } else {
                    self.save(self.shown, None);
                }
            }
            StudioCommand::SaveAs(path) => self.save(self.shown, Some(&path)),
            StudioCommand::SaveAll => self.save_all(),
            StudioCommand::ExportPng(path) => self.export_png(&path),
            StudioCommand::SetBackground(path) => self.set_background(&path),
            StudioCommand::SelectAll => {
                if let Some((index, Document::Track(track))) = self.shown_document() {
                    let track = track.clone();
                    self.canvases.entry(index).or_default().select_all(&track);
                }
            }
            StudioCommand::Delete => self.delete_selection(),
            StudioCommand::Escape => {
                if let Some(canvas) = self.shown.and_then(|i| self.canvases.get_mut(&i)) {
                    canvas.clear_selection();
                    canvas.tool = Tool::Select;
                }
            }
            StudioCommand::ZoomIn | StudioCommand::ZoomOut | StudioCommand::Fit => {
                self.view(&command);
            }
            StudioCommand::SetTool(tool) => {
                if let Some(canvas) = self.shown.and_then(|i| self.canvases.get_mut(&i)) {
                    canvas.tool = tool;
                    canvas.first_click = None;
                }
            }
            StudioCommand::SetTheme(theme) => self.prefs.theme = theme,
            StudioCommand::FocusDiagnostic(index) => self.focus(index),
            StudioCommand::Recover(target) => self.recover(target),
            StudioCommand::DiscardRecovery(position) => {
                if position < self.recoveries.len() {
                    recovery::remove_copy(&self.recoveries.remove(position).copy);
                }
            }
        }
    }

    fn shown_document(&self) -> Option<(usize, &Document)> {
        let index = self.shown?;
        Some((index, &self.workspace.documents.get(index)?.document))
    }

    fn edit(&mut self, index: usize, edit: &Edit, group: Option<crate::edit::GroupKey>) {
        let Some(document) = self.workspace.documents.get_mut(index) else {
            return;
        };
        match document.apply(edit, group) {
            Ok(()) => self.after_document_change(),
            Err(error) => self.status.say(format!("{}: {error}", edit.label())),
        }
    }

    fn after_document_change(&mut self) {
        if let Some((index, Document::Track(track))) = self.shown_document() {
            let track = track.clone();
            if let Some(canvas) = self.canvases.get_mut(&index) {
                canvas.prune(&track);
            }
        }
        self.changed();
    }

    fn ask_then(&mut self, then: AfterQuestion) {
        if self.workspace.is_dirty() && !(then == AfterQuestion::Quit && self.close_confirmed) {
            self.question = Some(then);
        } else {
            self.go_on(then);
        }
    }

    fn answer(&mut self, answer: Answer) {
        let Some(then) = self.question.take() else {
            return;
        };
        match answer {
            Answer::Cancel => {}
            Answer::Discard => {
                // Work the user chose to throw away is not offered back next time.
                for document in &self.workspace.documents {
                    recovery::remove(document);
                }
                self.go_on(then);
            }
            Answer::Save => {
                self.save_all();
                if self.workspace.is_dirty() {
                    // Something could not be saved (an untitled track, a refused write): stay.
                    self.status.say(format!(
                        "Not everything could be saved: {}",
                        self.status.text().unwrap_or_default()
                    ));
                } else {
                    self.go_on(then);
                }
            }
        }
    }

    fn go_on(&mut self, then: AfterQuestion) {
        match then {
            AfterQuestion::Open(path) => {
                self.prefs.remember(&path);
                self.reopen(Workspace::open(&path));
            }
            AfterQuestion::Reload => {
                let (path, extra) = (self.workspace.path.clone(), self.workspace.extra.clone());
                let shown = self.shown;
                self.reopen(Workspace::open_with(&path, &extra));
                self.shown = shown.filter(|&i| i < self.workspace.documents.len());
            }
            AfterQuestion::Quit => {
                self.close_confirmed = true;
                self.quit_requested = true;
            }
        }
    }

    fn reopen(&mut self, workspace: Workspace) {
        self.workspace = workspace;
        self.shown = None;
        self.canvases.clear();
        self.backdrop = None;
        self.find_recoveries();
        self.changed();
    }

    fn save(&mut self, index: Option<usize>, path: Option<&Path>) {
        let Some(document) = index.and_then(|i| self.workspace.documents.get_mut(i)) else {
            self.status
                .say("Nothing to save: choose a file first".to_owned());
            return;
        };
        let result = match path {
            Some(path) => document.save_as(path),
            None => document.save(),
        };
        self.status.say(match result {
            Ok(()) => format!("Saved {}", document.name()),
            Err(error) => format!("Could not save: {error}"),
        });
        self.changed();
    }

    fn save_all(&mut self) {
        let dirty: Vec<usize> = (0..self.workspace.documents.len())
            .filter(|&i| self.workspace.documents[i].is_dirty())
            .collect();
        for index in dirty {
            self.save(Some(index), None);
        }
    }

    /// Saves the race on the race screen as a record (atomically, keeping a backup of a record
    /// it replaces).
    fn save_record(&mut self, path: &Path) {
        let Some(race) = &mut self.race else {
            return;
        };
        let record = race.record();
        let result = record
            .to_json()
            .map_err(|e| e.to_string())
            .and_then(|text| {
                crate::content::save::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())
            });
        let message = match result {
            Ok(()) => format!("Saved the race record {}", path.display()),
            Err(error) => format!("Could not save the race record: {error}"),
        };
        race.say(message.clone());
        self.status.say(message);
    }

    fn export_png(&mut self, path: &Path) {
        let Some((_, Document::Track(track))) = self.shown_document() else {
            return;
        };
        let result = crate::render::render_track(track, 2400)
            .map_err(|e| e.to_string())
            .and_then(|image| crate::render::save_png(&image, path).map_err(|e| e.to_string()));
        self.status.say(match result {
            Ok(()) => format!("Exported {}", path.display()),
            Err(error) => format!("Could not export: {error}"),
        });
    }

    fn set_background(&mut self, picture: &Path) {
        let Some(index) = self.shown else {
            return;
        };
        let folder = self.workspace.documents[index]
            .path
            .as_deref()
            .and_then(Path::parent)
            .unwrap_or(&self.workspace.root)
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
        if position >= self.recoveries.len() {
            return;
        }
        let Recovery {
            target,
            copy,
            document,
        } = self.recoveries.remove(position);
        if let Some(index) = target {
            if let Some(open) = self.workspace.documents.get_mut(index) {
                open.replace(document, "Recover unsaved work");
                self.shown = Some(index);
            }
        } else {
            // The recovered track keeps its copy, so a second crash still finds it.
            self.workspace
                .documents
                .push(OpenDocument::untitled(document, copy));
            self.shown = Some(self.workspace.documents.len() - 1);
        }
        self.status
            .say("Recovered unsaved work: save it to keep it".to_owned());
        self.changed();
    }

    /// Shows a diagnostic's document and selects its object.
    fn focus(&mut self, index: usize) {
        let Some(diagnostic) = self.validated.diagnostics.get(index).cloned() else {
            return;
        };
        let document = diagnostic
            .location
            .file
            .as_ref()
            .and_then(|file| {
                (0..self.workspace.documents.len())
                    .find(|&i| self.workspace.validation_path(i).as_ref() == Some(file))
            })
            .or_else(|| self.document_for(diagnostic.location.object.as_ref()?));
        let Some(document) = document else {
            return;
        };
        self.shown = Some(document);
        let Some(object) = diagnostic.location.object else {
            return;
        };
        match (&self.workspace.documents[document].document, object) {
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

    fn document_for(&self, object: &ObjectRef) -> Option<usize> {
        self.workspace.find(|document| {
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
    pub fn problem_spaces(&self, index: usize) -> BTreeSet<SpaceRef> {
        let Some(path) = self.workspace.validation_path(index) else {
            return BTreeSet::new();
        };
        let Some(Document::Track(track)) = self.workspace.documents.get(index).map(|d| &d.document)
        else {
            return BTreeSet::new();
        };
        let mut spaces = BTreeSet::new();
        for diagnostic in &self.validated.diagnostics {
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
        if let Some(validated) = self.validator.poll() {
            self.validated = validated;
        }
        self.submit_validation();
        if self.validator.is_busy() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        self.apply_theme(&ctx);
        let mut commands = Vec::new();
        shortcuts(&ctx, &mut commands);
        let (undo, redo) = self
            .shown
            .and_then(|i| self.workspace.documents.get(i))
            .map_or((None, None), |d| {
                (d.history.undo_label(), d.history.redo_label())
            });
        let menu = MenuState {
            prefs: &self.prefs,
            undo,
            redo,
            track_shown: matches!(self.shown_document(), Some((_, Document::Track(_)))),
            race_open: self.race.is_some(),
            race_shown: self.race_shown(),
        };
        Panel::top("menu_bar").show(ui, |ui| menu_bar(ui, &menu, &mut commands));
        self.status.tick(ui.input(|i| i.time));
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
                if let Some(status) = self.status.text() {
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
                &self.workspace,
                &self.validated.diagnostics,
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
        if self.race_shown() {
            // The race takes the window: the editor's panels wait behind it, as they were.
            Panel::left("files")
                .resizable(true)
                .default_size(220.0)
                .show(ui, |ui| self.sidebar(ui, &mut commands));
            let mut requests = Vec::new();
            if let Some(race) = &mut self.race {
                egui::CentralPanel::no_frame().show(ui, |ui| requests = race.ui(ui));
            }
            for request in requests {
                commands.push(match request {
                    RaceRequest::Close => StudioCommand::ShowRace(false),
                    RaceRequest::SaveRecord(_) => {
                        StudioCommand::Pick(Picker::SaveRecord { suggested: None })
                    }
                });
            }
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
                    &self.validated.diagnostics,
                    self.validator.is_busy(),
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
        if let Some(index) = self.shown
            && let Some(Document::Track(track)) =
                self.workspace.documents.get(index).map(|d| &d.document)
        {
            let canvas = self.canvases.entry(index).or_default();
            Panel::right("inspector")
                .resizable(true)
                .default_size(280.0)
                .show(ui, |ui| {
                    requests = track_inspector(ui, track, canvas, &mut track_edits);
                });
        }
        egui::CentralPanel::default_margins().show(ui, |ui| {
            self.recovery_banner(ui, &mut commands);
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
            && let Some(document) = self.shown.and_then(|i| self.workspace.documents.get_mut(i))
        {
            // A released mouse ends a drag's undo step.
            document.history.close_group();
        }
        self.finish_frame(&ctx, commands);
    }

    /// After drawing: the commands, the file dialog, and the autosave timer.
    fn finish_frame(&mut self, ctx: &egui::Context, mut commands: Vec<StudioCommand>) {
        if let Some(command) = self.picker.show(ctx) {
            commands.push(command);
        }
        for command in commands {
            self.apply(command);
        }
        self.autosave_on_timer(ctx.input(|i| i.time));
        // Nothing else wakes an idle window: the next autosave asks for its own frame.
        if let Some(delay) = self.next_autosave_in(ctx.input(|i| i.time)) {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(delay));
        }
    }

    fn apply_theme(&mut self, ctx: &egui::Context) {
        if self.applied_theme != Some(self.prefs.theme) {
            self.applied_theme = Some(self.prefs.theme);
            ctx.set_theme(match self.prefs.theme {
                Theme::System => egui::ThemePreference::System,
                Theme::Dark => egui::ThemePreference::Dark,
                Theme::Light => egui::ThemePreference::Light,
            });
        }
    }

    /// Where Save as starts for the document shown: its own file, or for a new track a file
    /// named after it where the tracks are: the workspace's `tracks` folder, else the folder of
    /// a track already open (the studio's default opens `content` with `tracks/oval.ron`
    /// beside it), else the workspace's folder.
    fn suggested_file(&self) -> Option<PathBuf> {
        let document = self.shown.and_then(|i| self.workspace.documents.get(i))?;
        if let Some(path) = &document.path {
            return Some(path.clone());
        }
        let tracks = self.workspace.root.join("tracks");
        let open_track_folder = || {
            self.workspace
                .documents
                .iter()
                .find_map(|d| match (&d.document, &d.path) {
                    (Document::Track(_), Some(path)) => path.parent().map(Path::to_owned),
                    _ => None,
                })
        };
        let folder = if tracks.is_dir() {
            tracks
        } else {
            open_track_folder().unwrap_or_else(|| self.workspace.root.clone())
        };
        let stem = match &document.document {
            Document::Track(track) if !track.id.as_str().is_empty() => track.id.to_string(),
            _ => "untitled".to_owned(),
        };
        // A name no file has yet (beyond 9,999 taken names, no suggestion).
        let free = (1..=9_999)
            .map(|n| {
                if n == 1 {
                    folder.join(format!("{stem}.ron"))
                } else {
                    folder.join(format!("{stem}-{n}.ron"))
                }
            })
            .find(|p| !p.exists())?;
        Some(free)
    }

    /// Where Save race record starts: `race-SEED.json` in the workspace's folder (records there
    /// are not read as content), numbered when taken.
    fn suggested_record(&self) -> Option<PathBuf> {
        let record = self.race.as_ref()?.record();
        let folder = &self.workspace.root;
        (1..=9_999)
            .map(|n| {
                if n == 1 {
                    folder.join(format!("race-{}.json", record.seed))
                } else {
                    folder.join(format!("race-{}-{n}.json", record.seed))
                }
            })
            .find(|p| !p.exists())
    }

    /// Seconds between autosaves (at least one).
    fn autosave_interval(&self) -> f64 {
        f64::from(self.prefs.autosave_seconds.max(1))
    }

    /// Seconds until the timer's next autosave, when there is unsaved work to save.
    fn next_autosave_in(&self, now: f64) -> Option<f64> {
        if self.close_confirmed || !self.workspace.is_dirty() {
            return None;
        }
        let last = self.last_autosave.unwrap_or(now);
        Some((last + self.autosave_interval() - now).max(0.0))
    }

    fn autosave_on_timer(&mut self, now: f64) {
        let interval = self.autosave_interval();
        match self.last_autosave {
            None => self.last_autosave = Some(now),
            Some(last) if now - last >= interval => {
                self.last_autosave = Some(now);
                self.autosave_now();
            }
            Some(_) => {}
        }
    }

    fn sidebar(&self, ui: &mut Ui, commands: &mut Vec<StudioCommand>) {
        ui.heading("Content");
        if ui
            .selectable_label(self.shown.is_none(), "Summary")
            .clicked()
        {
            commands.push(StudioCommand::Show(None));
        }
        ScrollArea::vertical().show(ui, |ui| {
            for (index, document) in self.workspace.documents.iter().enumerate() {
                let dirty = if document.is_dirty() { " *" } else { "" };
                let label = format!(
                    "{} ({}){dirty}",
                    self.workspace.display_name(index),
                    document.document.kind()
                );
                if ui
                    .selectable_label(self.shown == Some(index), label)
                    .clicked()
                {
                    commands.push(StudioCommand::Show(Some(index)));
                }
            }
            for error in &self.workspace.errors {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    error.path.display().to_string(),
                );
            }
        });
    }

    fn recovery_banner(&self, ui: &mut Ui, commands: &mut Vec<StudioCommand>) {
        for (position, found) in self.recoveries.iter().enumerate() {
            let name = found.target.map_or_else(
                || "a new track".to_owned(),
                |i| self.workspace.display_name(i),
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
        let Some(index) = self.shown.filter(|&i| i < self.workspace.documents.len()) else {
            summary_view(ui, &self.workspace);
            return;
        };
        let weapons: Vec<crate::content::text::Id> = self
            .workspace
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
        let backdrop = self
            .backdrop
            .as_ref()
            .and_then(|b| b.texture.as_ref())
            .map(egui::TextureHandle::id);
        match &self.workspace.documents[index].document {
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

    /// Loads the shown track's background picture into a texture when it changes.
    fn load_backdrop(&mut self, ctx: &egui::Context, index: usize) {
        let document = &self.workspace.documents[index];
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
            .unwrap_or(&self.workspace.root);
        let path = folder.join(background.path.as_str());
        if self.backdrop.as_ref().is_some_and(|b| b.path == path) {
            return;
        }
        let texture = match image::open(&path) {
            Ok(picture) => {
                let rgba = picture.to_rgba8();
                let size = [rgba.width() as usize, rgba.height() as usize];
                let colour = egui::ColorImage::from_rgba_unmultiplied(size, rgba.as_raw());
                Some(ctx.load_texture(
                    path.display().to_string(),
                    colour,
                    egui::TextureOptions::LINEAR,
                ))
            }
            Err(error) => {
                self.status
                    .say(format!("Cannot show {}: {error}", path.display()));
                None
            }
        };
        self.backdrop = Some(Backdrop { path, texture });
    }

    fn question_dialog(&self, ctx: &egui::Context, commands: &mut Vec<StudioCommand>) {
        let Some(then) = &self.question else {
            return;
        };
        let doing = match then {
            AfterQuestion::Open(_) => "opening another folder",
            AfterQuestion::Reload => "reloading from disk",
            AfterQuestion::Quit => "closing",
        };
        egui::Modal::new(egui::Id::unique("unsaved-question")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            for (index, document) in self.workspace.documents.iter().enumerate() {
                if document.is_dirty() {
                    ui.label(format!("- {}", self.workspace.display_name(index)));
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
            && self.workspace.is_dirty()
            && !self.close_confirmed
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.apply(StudioCommand::Quit);
        }
        let title = self.title();
        self.ui(ui);
        if self.title() != title || ctx.cumulative_frame_nr() == 1 {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(self.title()));
        }
        if self.quit_requested {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// Keeps what must outlive the window: the preferences in eframe's storage, and a recovery
    /// copy of unsaved work.
    pub fn save_to(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, Prefs::KEY, &self.prefs);
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
