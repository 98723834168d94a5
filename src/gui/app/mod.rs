//! The studio application: the session, the screens, and the routing between them. Each frame
//! the app draws the menu bar and the files panel, hands the centre to the screen shown, and
//! then carries out what was asked: app-wide actions here, the others by the screen shown.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::action::{Action, ActionState};
use super::action_table::applies;
use super::command::{OpenScreen, StudioCommand};
use super::editor::{EditorScreen, problem_spaces};
use super::file_picker::{FilePicker, Picker};
use super::help::HelpWindows;
use super::prefs::{Prefs, Theme};
use super::race::RaceScreen;
use super::race::start::{StartDialog, fresh_seed};
use super::screen::{Screen, ScreenKind, StudioView};
use super::session::{AfterQuestion, Reopened, Session};
use super::workspace::{DocumentId, Workspace};
use crate::content::track::SpaceRef;
use crate::validate::Diagnostic;

/// The studio's state.
pub struct StudioApp {
    /// The documents, validation, saving and recovery: everything but the window.
    session: Session,
    /// The screens opened, kept while another is shown: the editor, always there (the screen
    /// the others go back to), and a race, a simulation or a tuning once opened.
    screens: BTreeMap<ScreenKind, Box<dyn Screen>>,
    /// What fills the centre.
    shown: ScreenKind,
    /// Whether the keyboard shortcuts window is open (Help menu, F1).
    shortcuts_open: bool,
    /// Getting started and the diagnostic codes (Help menu).
    help: HelpWindows,
    /// The file dialog, when one is open.
    picker: FilePicker,
    applied_theme: Option<Theme>,
    /// The "Start a test race" dialog, when open.
    start_dialog: Option<StartDialog>,
    /// A Save as asking whether the track takes its new file's id and name, when asked.
    rename_question: Option<super::rename_question::RenameQuestion>,
    /// The print window (File > Print to PDF…, Export decks and track for Tabletop
    /// Simulator…), when open.
    print_dialog: Option<super::print_dialog::PrintDialog>,
    /// The window's clock at the last frame (a batch's races per second count from it).
    last_time: f64,
    /// The folder of the last path chosen in a file dialog: the next one starts there.
    last_folders: BTreeMap<&'static str, PathBuf>,
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
        let editor: Box<dyn Screen> =
            Box::new(EditorScreen::showing(session.workspace().opened_file()));
        Self {
            session,
            screens: BTreeMap::from([(ScreenKind::Editor, editor)]),
            shown: ScreenKind::Editor,
            shortcuts_open: false,
            help: HelpWindows::default(),
            picker: FilePicker::default(),
            applied_theme: None,
            start_dialog: None,
            rename_question: None,
            print_dialog: None,
            last_time: 0.0,
            last_folders: BTreeMap::new(),
        }
    }

    /// Opens Getting started if the preferences ask for it at start (the window's first frame:
    /// the studio run by a person, not a test). With nothing shown the centre says the same,
    /// so the window stays closed.
    #[must_use]
    pub fn welcomed(mut self) -> Self {
        self.help.getting_started =
            self.session.prefs().show_getting_started && self.shown().is_some();
        self
    }

    /// Whether the Getting started window is open.
    #[must_use]
    pub fn getting_started_open(&self) -> bool {
        self.help.getting_started
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

    /// How many tracks the last check by play played (0: nothing play reads had changed).
    #[must_use]
    pub fn play_last_played(&self) -> Option<usize> {
        self.session.play_last_played()
    }

    /// The status line's message, while it shows one.
    #[must_use]
    pub fn status(&self) -> Option<&str> {
        self.session.status().text()
    }

    /// The screen that fills the centre.
    #[must_use]
    pub fn shown_screen(&self) -> ScreenKind {
        self.shown
    }

    /// Whether the screen `kind` fills the centre.
    #[must_use]
    pub fn is_shown(&self, kind: ScreenKind) -> bool {
        self.shown == kind
    }

    /// The open screen of type `T` (tests and scripts reach a screen's state through it:
    /// `app.screen::<RaceScreen>()`).
    #[must_use]
    pub fn screen<T: Screen>(&self) -> Option<&T> {
        self.screens.values().find_map(|screen| {
            let screen: &dyn std::any::Any = screen.as_ref();
            screen.downcast_ref()
        })
    }

    /// The open screen of type `T`, to change (tests that fill in a form or set a pace).
    pub fn screen_mut<T: Screen>(&mut self) -> Option<&mut T> {
        self.screens.values_mut().find_map(|screen| {
            let screen: &mut dyn std::any::Any = screen.as_mut();
            screen.downcast_mut()
        })
    }

    /// The file dialog open, if any: what it asks and the folder it started in.
    #[must_use]
    pub fn file_dialog(&self) -> Option<(&Picker, &Path)> {
        self.picker.asked()
    }

    /// Answers the open file dialog with `path`, as if the user had chosen it there, and carries
    /// out the choice (tests, and scripts without a desktop portal). Nothing when no dialog is
    /// open.
    pub fn answer_file_dialog(&mut self, path: std::path::PathBuf) {
        if let Some((picker, path)) = self.picker.answer(path) {
            self.apply(StudioCommand::Chosen(picker, path));
        }
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

    /// What the last validation built: the checked content, tracks and missions.
    #[must_use]
    pub fn validated(&self) -> &super::validation::Validated {
        self.session.validated()
    }

    /// The document shown in the editor.
    #[must_use]
    pub fn shown(&self) -> Option<DocumentId> {
        self.editor().and_then(EditorScreen::shown)
    }

    /// The canvas of a track document, if it has been shown.
    #[must_use]
    pub fn canvas(&self, document: DocumentId) -> Option<&super::canvas::TrackCanvas> {
        self.editor()?.canvas(document)
    }

    /// The mission editor (the placed car being picked, the track under the cars).
    #[must_use]
    pub fn mission_editor(&self) -> Option<&super::mission_editor::MissionEditor> {
        self.editor()
            .map(super::editor::EditorScreen::mission_editor)
    }

    /// Spaces the diagnostics point at in a track document, to mark on the canvas.
    #[must_use]
    pub fn problem_spaces(&self, id: DocumentId) -> std::collections::BTreeSet<SpaceRef> {
        problem_spaces(&self.session, id)
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

    /// The window title: the shown document, `*` when it is unsaved, and how many others are.
    #[must_use]
    pub fn title(&self) -> String {
        let workspace = self.session.workspace();
        let shown = self.shown();
        let name = shown.map_or_else(
            || workspace.path.display().to_string(),
            |id| workspace.display_name(id),
        );
        let dirty = |id: DocumentId| {
            workspace
                .document(id)
                .is_some_and(super::document::OpenDocument::is_dirty)
        };
        let others = workspace
            .ids()
            .filter(|&id| Some(id) != shown && dirty(id))
            .count();
        let others = match others {
            0 => String::new(),
            n => format!(" ({} unsaved)", super::plural::counted(n, "other file")),
        };
        let star = if shown.is_some_and(dirty) { " *" } else { "" };
        format!("Roadwright — {name}{star}{others}")
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

    /// Waits until the background picture being loaded is read (tests and scripts: the window
    /// shows it on the frame after).
    pub fn wait_for_background(&mut self) {
        if let Some(editor) = self.screen_mut::<EditorScreen>() {
            editor.wait_for_background();
        }
    }

    /// The editor (always open: the app opens it first and never closes it).
    fn editor(&self) -> Option<&EditorScreen> {
        self.screen::<EditorScreen>()
    }

    /// Lets the editor act on the session: show a document, apply an edit, paste.
    fn with_editor(&mut self, f: impl FnOnce(&mut EditorScreen, &mut Session)) {
        let Self {
            session, screens, ..
        } = self;
        let editor = screens.get_mut(&ScreenKind::Editor).and_then(|screen| {
            let screen: &mut dyn std::any::Any = screen.as_mut();
            screen.downcast_mut::<EditorScreen>()
        });
        if let Some(editor) = editor {
            f(editor, session);
        }
    }

    /// The open screen of `kind`.
    fn screen_of(&self, kind: ScreenKind) -> Option<&dyn Screen> {
        self.screens.get(&kind).map(AsRef::as_ref)
    }

    /// Lets the open screen of `kind` act, with the studio's view, then carries out what it
    /// asked for; nothing when no such screen is open.
    fn with_screen(
        &mut self,
        kind: ScreenKind,
        f: impl FnOnce(&mut dyn Screen, &mut StudioView<'_>),
    ) {
        let mut commands = Vec::new();
        self.with_screen_into(kind, &mut commands, f);
        for command in commands {
            self.apply(command);
        }
    }

    /// Lets the open screen of `kind` draw or act, with the studio's view, its requests going
    /// into `commands` (carried out later by the caller).
    fn with_screen_into(
        &mut self,
        kind: ScreenKind,
        commands: &mut Vec<StudioCommand>,
        f: impl FnOnce(&mut dyn Screen, &mut StudioView<'_>),
    ) {
        let now = self.last_time;
        let shown = self.shown();
        let Self {
            session, screens, ..
        } = self;
        let Some(screen) = screens.get_mut(&kind) else {
            return;
        };
        let mut studio = StudioView {
            session,
            commands,
            now,
            shown,
        };
        f(screen.as_mut(), &mut studio);
    }

    /// What the action table needs to know this frame.
    fn action_state(&self) -> ActionState<'_> {
        ActionState {
            screen: self.shown,
            prefs: self.session.prefs(),
            race_open: self.screens.contains_key(&ScreenKind::Race),
        }
    }

    /// Whether `action` can be asked for now: it applies on the screen shown, and the screen
    /// allows it.
    fn allows(&self, action: Action) -> bool {
        if !applies(action, &self.action_state()) {
            return false;
        }
        self.screen_of(self.shown)
            .is_some_and(|screen| screen.can(action, &self.session))
    }

    /// Shows a screen, in place of one of its kind.
    fn open_screen(&mut self, screen: Box<dyn Screen>) {
        self.shown = screen.kind();
        self.screens.insert(self.shown, screen);
    }

    /// Carries out a command.
    pub fn apply(&mut self, command: StudioCommand) {
        match command {
            StudioCommand::Act(action) => self.act(action),
            StudioCommand::Open(path) => self.ask_then(AfterQuestion::Open(path)),
            StudioCommand::Answer(answer) => {
                let reopened = self.session.answer(answer);
                self.follow(reopened);
            }
            StudioCommand::Pick(picker) => self.pick(picker),
            StudioCommand::PasteText(text) if self.shown == ScreenKind::Editor => {
                self.with_editor(|editor, session| editor.paste(session, Some(&text)));
            }
            StudioCommand::PasteText(_) => {}
            StudioCommand::AddFile(path) => {
                if let Some(id) = self.session.add_file(&path) {
                    self.show_document(Some(id));
                    self.shown = ScreenKind::Editor;
                }
            }
            StudioCommand::Show(id) => {
                self.show_document(id);
                self.shown = ScreenKind::Editor;
            }
            StudioCommand::Edit {
                document,
                edit,
                group,
            } => self.with_editor(|editor, session| editor.edit(session, document, &edit, group)),
            StudioCommand::SaveAs(path) => {
                let question = self.shown().and_then(|id| {
                    super::rename_question::RenameQuestion::for_save_as(
                        self.session.workspace(),
                        id,
                        &path,
                    )
                });
                match question {
                    Some(question) => self.rename_question = Some(question),
                    None => self.session.save(self.shown(), Some(&path)),
                }
            }
            StudioCommand::RenameAnswer(answer) => self.rename_answered(answer),
            StudioCommand::FocusDiagnostic(index) => {
                self.with_editor(|editor, session| editor.focus(session, index));
                self.shown = ScreenKind::Editor;
            }
            StudioCommand::ApplyFix(index) => {
                self.with_editor(|editor, session| editor.apply_fix(session, index));
                self.shown = ScreenKind::Editor;
            }
            StudioCommand::Recover(position) => {
                if let Some(id) = self.session.recover(position) {
                    self.show_document(Some(id));
                }
            }
            StudioCommand::DiskChange(id, answer) => self.session.answer_disk_change(id, answer),
            StudioCommand::DiscardRecovery(position) => self.session.discard_recovery(position),
            StudioCommand::CancelPlayCheck => self.session.cancel_play(),
            StudioCommand::Chosen(picker, path) => self.chosen(picker, path),
            StudioCommand::OpenRecord(path) => self.open_record(&path),
            StudioCommand::PrintTo(_) => self.print_to(&command),
            StudioCommand::Say(message) => self.say(message),
            StudioCommand::OpenScreen(OpenScreen(screen)) => self.open_screen(screen),
        }
    }

    /// Carries out an action of the table, if it can be asked for now: app-wide ones here,
    /// the rest by the screen shown.
    fn act(&mut self, action: Action) {
        if !self.allows(action) {
            return;
        }
        match action {
            Action::NewTrack => {
                let id = self.session.new_track();
                self.with_editor(|editor, _| editor.show_new_track(id));
                self.shown = ScreenKind::Editor;
            }
            Action::NewMission => {
                let shown = self.editor().and_then(super::editor::EditorScreen::shown);
                if let Some(id) = self.session.new_mission(shown) {
                    self.with_editor(|editor, session| editor.show(Some(id), session.workspace()));
                    self.shown = ScreenKind::Editor;
                }
            }
            Action::HazardDeck => {
                let id = self.session.hazard_deck();
                self.with_editor(|editor, session| editor.show(Some(id), session.workspace()));
                self.shown = ScreenKind::Editor;
            }
            Action::OpenFolder => self.pick(Picker::OpenFolder),
            Action::OpenFile => self.pick(Picker::OpenFile),
            Action::OpenRecord => self.pick(Picker::OpenRecord),
            // The race's record is saved from any screen while a race is open.
            Action::SaveRecord => self.with_screen(ScreenKind::Race, |race, studio| {
                race.act(action, studio);
            }),
            Action::SaveAll => self.session.save_all(),
            Action::Reload => self.ask_then(AfterQuestion::Reload),
            Action::Quit => self.ask_then(AfterQuestion::Quit),
            Action::ToggleBuiltInDialogs => {
                let prefs = self.session.prefs_mut();
                prefs.built_in_file_dialogs = !prefs.built_in_file_dialogs;
            }
            Action::TogglePlayCheck => {
                let prefs = self.session.prefs_mut();
                prefs.play_races = if prefs.play_races == 0 {
                    crate::sim::play_check::DEFAULT_PLAY_RACES
                } else {
                    0
                };
            }
            Action::SetTheme(theme) => self.session.prefs_mut().theme = theme,
            Action::NewRace => {
                let dialog = StartDialog::new(self.session.workspace(), self.shown(), fresh_seed());
                self.start_dialog = Some(dialog);
            }
            Action::Show(kind) => self.show(kind),
            Action::PrintPdf | Action::ExportTts => self.open_print(action),
            Action::ToggleRaceScreen => {
                self.shown = if self.shown == ScreenKind::Race {
                    ScreenKind::Editor
                } else {
                    ScreenKind::Race
                };
            }
            Action::BackToEditor => self.shown = ScreenKind::Editor,
            Action::ToggleShortcuts => self.shortcuts_open = !self.shortcuts_open,
            Action::GettingStarted => self.help.getting_started = true,
            Action::DiagnosticCodes => self.help.codes = true,
            _ => self.with_screen(self.shown, |screen, studio| screen.act(action, studio)),
        }
    }

    /// Shows the screen `kind`, made the first time by its row of the registry (a screen
    /// without a Show entry is shown only once opened).
    fn show(&mut self, kind: ScreenKind) {
        if !self.screens.contains_key(&kind) {
            let Some(show) = super::screens::row(kind).and_then(|row| row.show) else {
                return;
            };
            let screen = (show.build)(self.session.workspace(), self.shown());
            self.screens.insert(kind, screen);
        }
        self.shown = kind;
    }

    /// Starts the test race the start dialog asks for, on the documents as edited, and shows it;
    /// says why when it cannot start (the dialog stays open then).
    fn start_race(&mut self, request: &super::race::start::StartRequest) {
        let session = &self.session;
        let validated = (!session.validating()).then_some(session.validated());
        match super::race::launch::start_race(session.workspace(), request, validated) {
            Ok((race, track)) => {
                self.start_dialog = None;
                let offered = session.workspace().bot_profiles().cloned().collect();
                self.open_screen(Box::new(RaceScreen::live(race, track, offered)));
                self.say(format!("Race started, seed {}", request.seed));
            }
            Err(error) => self.say(format!("The race could not start: {error}")),
        }
    }

    /// Opens a race record in the race viewer.
    fn open_record(&mut self, path: &Path) {
        match super::race::launch::open_record(self.session.workspace(), path) {
            Ok((replay, track)) => {
                self.open_screen(Box::new(RaceScreen::replay(replay, track)));
                self.say(format!("Watching {}", path.display()));
            }
            Err(error) => self.say(format!("{} cannot be watched: {error}", path.display())),
        }
    }

    /// Saves as the rename question was answered: with the new id and name, as they were, or
    /// not at all.
    fn rename_answered(&mut self, answer: super::rename_question::RenameAnswer) {
        use super::rename_question::RenameAnswer;
        let Some(question) = self.rename_question.take() else {
            return;
        };
        let document = question.document;
        if answer == RenameAnswer::Rename
            && let Some(crate::content::Document::Track(track)) = self
                .session
                .workspace()
                .document(document)
                .map(|d| &d.document)
        {
            let edit = crate::edit::Edit::Track(crate::edit::TrackEdit::SetInfo {
                id: question.id.clone(),
                name: question.name.clone(),
                style: track.style,
            });
            self.with_editor(|editor, session| {
                editor.edit(session, document, &edit, None);
            });
        }
        if answer != RenameAnswer::Cancel {
            self.session.save(Some(document), Some(&question.path));
        }
    }

    /// Whether the rename question of a Save as is showing.
    #[must_use]
    pub fn is_asking_rename(&self) -> bool {
        self.rename_question.is_some()
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
        let shown = match reopened {
            Reopened::Other => self.session.workspace().opened_file(),
            Reopened::Same => self
                .shown()
                .filter(|&id| self.session.workspace().document(id).is_some()),
        };
        self.with_editor(|editor, _| editor.reset(shown));
    }

    /// Shows a document in the editor (or nothing).
    fn show_document(&mut self, id: Option<DocumentId>) {
        self.with_editor(|editor, session| editor.show(id, session.workspace()));
    }
}

mod frame;
mod pick;
mod print;
