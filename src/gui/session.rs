//! The studio's session: the open documents with their histories, live validation, saving,
//! autosave and recovery, the unsaved-changes question, the preferences and the status line.
//! Nothing here draws or touches egui, so tests drive a whole editing session without a
//! window; [`super::StudioApp`] draws it and turns clicks into calls.

use std::path::{Path, PathBuf};

use super::document::OpenDocument;
use super::play_checker::PlayChecker;
use super::prefs::Prefs;
use super::recovery;
use super::status::StatusLine;
use super::validation::{Validated, Validator};
use super::workspace::{DocumentId, Workspace};
use crate::content::Document;
use crate::content::track::TrackStyle;
use crate::edit::track_edit::blank_track;
use crate::edit::{Edit, GroupKey};
use crate::validate::Diagnostic;

/// An answer to "there are unsaved changes".
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    /// Save everything, then go on.
    Save,
    /// Go on without saving.
    Discard,
    /// Do not go on.
    Cancel,
}

/// What to do once the unsaved-changes question is answered.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AfterQuestion {
    /// Open this folder or file in place of the workspace.
    Open(PathBuf),
    /// Read the open files again.
    Reload,
    /// Close the window.
    Quit,
}

/// Autosaved work found from a session that did not close cleanly.
#[derive(Clone, Debug)]
pub struct Recovery {
    /// The open document it belongs to; `None` for a track that was never saved.
    pub target: Option<DocumentId>,
    /// The copy on disk.
    pub copy: PathBuf,
    /// What the copy holds.
    pub document: Document,
}

/// How the workspace changed when a question was answered, for the views to follow.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reopened {
    /// Another folder was opened: nothing shown before exists any more.
    Other,
    /// The same files were read again: the same documents, fresh from disk.
    Same,
}

/// What to do about a file someone else changed ([`Session::disk_changes`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DiskAnswer {
    /// Read the file again (the work it replaces stays one undo away).
    Reload,
    /// Keep the version in the studio: with changes, save it over the file now; without,
    /// stop asking until the file changes again.
    KeepMine,
}

/// How often open files are looked at for changes made outside the studio, in seconds.
const DISK_CHECK_INTERVAL: f64 = 2.0;

/// The session's state.
pub struct Session {
    workspace: Workspace,
    validator: Validator,
    validated: Validated,
    /// The background check by play, and its findings.
    play: PlayChecker,
    /// The static diagnostics followed by the findings of play: what the panel lists.
    diagnostics: Vec<Diagnostic>,
    /// The play findings' generation the list was made with.
    play_generation: u64,
    /// Bumped on every change to the documents; validation runs when it moves.
    revision: u64,
    validated_revision: Option<u64>,
    prefs: Prefs,
    question: Option<AfterQuestion>,
    recoveries: Vec<Recovery>,
    /// The status bar's message (a save, an error), gone after a few seconds.
    status: StatusLine,
    quit_requested: bool,
    /// Set when the window may close although work is unsaved (the user said so).
    close_confirmed: bool,
    last_autosave: Option<f64>,
    /// Documents whose files changed on disk since the studio read or wrote them, waiting for
    /// the user to say what to do.
    disk_changes: Vec<DocumentId>,
    last_disk_check: Option<f64>,
}

impl Session {
    /// Opens a pack folder (or a file) with extra files beside it, remembering it in `prefs`,
    /// and looks for work a crashed session left behind.
    #[must_use]
    pub fn open(path: &Path, extra: &[PathBuf], mut prefs: Prefs) -> Self {
        prefs.remember(path);
        let mut session = Self {
            workspace: Workspace::open_with(path, extra),
            validator: Validator::new(),
            validated: Validated::default(),
            play: PlayChecker::default(),
            diagnostics: Vec::new(),
            play_generation: 0,
            revision: 0,
            validated_revision: None,
            prefs,
            question: None,
            recoveries: Vec::new(),
            status: StatusLine::default(),
            quit_requested: false,
            close_confirmed: false,
            last_autosave: None,
            disk_changes: Vec::new(),
            last_disk_check: None,
        };
        session.find_recoveries();
        session
    }

    /// What is open.
    #[must_use]
    pub fn workspace(&self) -> &Workspace {
        &self.workspace
    }

    /// The last validation: the diagnostics, and the content and tracks it checked.
    #[must_use]
    pub fn validated(&self) -> &Validated {
        &self.validated
    }

    /// The current diagnostics: the static checks', then those found by play.
    #[must_use]
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    fn combine_diagnostics(&mut self) {
        self.diagnostics = self.validated.diagnostics.clone();
        self.diagnostics.extend(self.play.found().iter().cloned());
        self.play_generation = self.play.generation();
    }

    /// Follows the background check by play (`now`, the window's clock, times the settling of
    /// edits); whether it is running or waiting to start.
    pub fn poll_play(&mut self, now: f64) -> bool {
        let workspace = &self.workspace;
        let running = self
            .play
            .tick(self.revision, now, self.prefs.play_races, || {
                workspace.snapshot()
            });
        if self.play.generation() != self.play_generation {
            self.combine_diagnostics();
        }
        running || self.play.waiting()
    }

    /// The last check by play of the documents as they are: its races and its findings.
    #[must_use]
    pub fn play_summary(&self) -> Option<(usize, usize)> {
        self.play.summary()
    }

    /// Races played and to play, while the check by play runs.
    #[must_use]
    pub fn play_progress(&self) -> Option<(usize, usize)> {
        self.play.progress()
    }

    /// How many tracks the last check by play played (0 when no edit since had changed
    /// anything play reads).
    #[must_use]
    pub fn play_last_played(&self) -> Option<usize> {
        self.play.last_played()
    }

    /// Stops the check by play under way (it runs again after the next edit).
    pub fn cancel_play(&mut self) {
        self.play.cancel();
    }

    /// Starts the check by play now, without waiting for edits to settle, and waits for it
    /// (tests, and scripts).
    pub fn play_now(&mut self) {
        self.play.run_now(
            self.revision,
            self.prefs.play_races,
            self.workspace.snapshot(),
        );
        self.combine_diagnostics();
    }

    /// Whether a validation newer than the last one received is being worked out.
    #[must_use]
    pub fn validating(&self) -> bool {
        self.validator.is_busy()
    }

    /// The preferences.
    #[must_use]
    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// The preferences, to change.
    pub fn prefs_mut(&mut self) -> &mut Prefs {
        &mut self.prefs
    }

    /// The status line.
    #[must_use]
    pub fn status(&self) -> &StatusLine {
        &self.status
    }

    /// The status line, to say something or let its message age.
    pub fn status_mut(&mut self) -> &mut StatusLine {
        &mut self.status
    }

    /// Whether a command asked to close the window and nothing is left unsaved or the user
    /// chose to discard it.
    #[must_use]
    pub fn quit_requested(&self) -> bool {
        self.quit_requested
    }

    /// Whether the user chose to close over unsaved work.
    #[must_use]
    pub fn close_confirmed(&self) -> bool {
        self.close_confirmed
    }

    /// The unsaved-changes question waiting for an answer, if any.
    #[must_use]
    pub fn question(&self) -> Option<&AfterQuestion> {
        self.question.as_ref()
    }

    /// Autosaved work found, waiting to be recovered or discarded.
    #[must_use]
    pub fn recoveries(&self) -> &[Recovery] {
        &self.recoveries
    }

    /// Marks the documents changed: validation runs again.
    pub fn changed(&mut self) {
        self.revision += 1;
    }

    /// Sends the documents to validation when they changed since it last saw them.
    pub fn submit_validation(&mut self) {
        if self.validated_revision != Some(self.revision) {
            self.validated_revision = Some(self.revision);
            self.validator.submit(self.workspace.snapshot());
        }
    }

    /// Takes the newest validation that arrived, if any; whether validation is still busy.
    pub fn poll_validation(&mut self) -> bool {
        if let Some(validated) = self.validator.poll() {
            self.validated = validated;
            self.combine_diagnostics();
        }
        self.submit_validation();
        self.validator.is_busy()
    }

    /// Blocks until the validation of the latest change has arrived.
    pub fn wait_for_validation(&mut self) {
        self.submit_validation();
        if let Some(validated) = self.validator.wait() {
            self.validated = validated;
            self.combine_diagnostics();
        }
    }

    /// Opens one more file (a track) beside the workspace; the new document, when it loaded.
    pub fn add_file(&mut self, path: &Path) -> Option<DocumentId> {
        self.workspace.extra.push(path.to_owned());
        self.prefs.remember(path);
        self.changed();
        match Document::load(path) {
            Ok(loaded) => Some(self.workspace.push(OpenDocument::loaded(loaded))),
            Err(error) => {
                self.workspace.errors.push(error);
                None
            }
        }
    }

    /// Starts a new, empty track with a recovery copy of its own.
    pub fn new_track(&mut self) -> DocumentId {
        let track = blank_track("new-track", "New track", TrackStyle::ApocalypseRoad);
        let copy = self.new_untitled_copy();
        self.changed();
        self.workspace
            .push(OpenDocument::untitled(Document::Track(track), copy))
    }

    /// Starts a new mission on `track` (the track shown, or the first open), its sides the
    /// pack's first two teams ([`Mission::starter`]); `None` when the pack has fewer than two
    /// teams or no track is open (said on the status line).
    ///
    /// [`Mission::starter`]: crate::content::mission::Mission::starter
    pub fn new_mission(&mut self, track: Option<DocumentId>) -> Option<DocumentId> {
        let Some((track, route)) = self.workspace.track_or_first(track).and_then(|id| {
            let open = self.workspace.document(id)?;
            let route = match &open.document {
                Document::Track(t) => t.route,
                Document::Course(c) => c.route,
                _ => crate::content::track::Route::Lap,
            };
            Some((open.path.clone()?, route))
        }) else {
            self.status
                .say("A mission is played on a saved track: open or save one first");
            return None;
        };
        let teams: Vec<crate::content::text::Id> = self
            .workspace
            .documents
            .iter()
            .filter_map(|d| match &d.document {
                Document::TeamMats(mats) => Some(mats.teams.iter().map(|t| t.id.clone())),
                _ => None,
            })
            .flatten()
            .collect();
        let [first, second, ..] = teams.as_slice() else {
            self.status
                .say("A mission needs two teams: the pack has fewer");
            return None;
        };
        let folder = self.workspace.missions_folder();
        let relative = crate::content::relative_path::relative_path;
        let mission = crate::content::mission::Mission::starter(
            &relative(&track, &folder),
            &relative(&self.workspace.root, &folder),
            (first, second),
            route,
        );
        let copy = self.new_untitled_copy();
        self.changed();
        Some(
            self.workspace
                .push(OpenDocument::untitled(Document::Mission(mission), copy)),
        )
    }

    /// The pack's hazard deck, or a new untitled one ([`HazardDeck::starter`]) when it has
    /// none: a pack holds one.
    ///
    /// [`HazardDeck::starter`]: crate::content::hazard_deck::HazardDeck::starter
    pub fn hazard_deck(&mut self) -> DocumentId {
        if let Some(id) = self
            .workspace
            .find(|d| matches!(d, Document::HazardDeck(_)))
        {
            return id;
        }
        let deck = crate::content::hazard_deck::HazardDeck::starter();
        let copy = self.new_untitled_copy();
        self.changed();
        self.workspace
            .push(OpenDocument::untitled(Document::HazardDeck(deck), copy))
    }

    /// Applies an edit to a document; whether it applied (a refused edit is said on the status
    /// line and changes nothing).
    pub fn edit(&mut self, id: DocumentId, edit: &Edit, group: Option<GroupKey>) -> bool {
        let Some(document) = self.workspace.document_mut(id) else {
            return false;
        };
        match document.apply(edit, group) {
            Ok(()) => {
                self.changed();
                true
            }
            Err(error) => {
                self.status.say(format!("{}: {error}", edit.label()));
                false
            }
        }
    }

    /// Undoes (or, with `redo`, does again) a document's last edit; whether anything changed.
    pub fn undo(&mut self, id: DocumentId, redo: bool) -> bool {
        let Some(document) = self.workspace.document_mut(id) else {
            return false;
        };
        let done = if redo {
            document.redo()
        } else {
            document.undo()
        };
        if done {
            self.changed();
        }
        done
    }

    /// Ends a document's current undo group (a drag or a stroke is over).
    pub fn close_undo_group(&mut self, id: DocumentId) {
        if let Some(document) = self.workspace.document_mut(id) {
            document.history.close_group();
        }
    }

    /// Asks about unsaved work before `then`, or goes on at once when there is none.
    pub fn ask_then(&mut self, then: AfterQuestion) -> Option<Reopened> {
        if self.workspace.is_dirty() && !(then == AfterQuestion::Quit && self.close_confirmed) {
            self.question = Some(then);
            None
        } else {
            self.go_on(then)
        }
    }

    /// Answers the unsaved-changes question.
    pub fn answer(&mut self, answer: Answer) -> Option<Reopened> {
        let then = self.question.take()?;
        match answer {
            Answer::Cancel => None,
            Answer::Discard => {
                // Work the user chose to throw away is not offered back next time.
                for document in &self.workspace.documents {
                    document.remove_recovery();
                }
                self.go_on(then)
            }
            Answer::Save => {
                self.save_all();
                if self.workspace.is_dirty() {
                    // Something could not be saved (an untitled track, a refused write): stay.
                    let why = self.status.text().unwrap_or_default().to_owned();
                    self.status
                        .say(format!("Not everything could be saved: {why}"));
                    None
                } else {
                    self.go_on(then)
                }
            }
        }
    }

    fn go_on(&mut self, then: AfterQuestion) -> Option<Reopened> {
        match then {
            AfterQuestion::Open(path) => {
                self.prefs.remember(&path);
                self.reopen(Workspace::open(&path));
                Some(Reopened::Other)
            }
            AfterQuestion::Reload => {
                let (path, extra) = (self.workspace.path.clone(), self.workspace.extra.clone());
                self.reopen(Workspace::open_with(&path, &extra));
                Some(Reopened::Same)
            }
            AfterQuestion::Quit => {
                self.close_confirmed = true;
                self.quit_requested = true;
                None
            }
        }
    }

    fn reopen(&mut self, workspace: Workspace) {
        self.workspace = workspace;
        self.disk_changes.clear();
        self.find_recoveries();
        self.changed();
    }

    /// Saves a document to its file, or to `path` (Save as). A file someone else changed
    /// since the studio read it is not overwritten: the document joins
    /// [`Self::disk_changes`] and the user is asked.
    pub fn save(&mut self, id: Option<DocumentId>, path: Option<&Path>) {
        let Some((id, document)) = id.and_then(|id| Some((id, self.workspace.document_mut(id)?)))
        else {
            self.status
                .say("Nothing to save: choose a file first".to_owned());
            return;
        };
        if path.is_none() && document.changed_on_disk() {
            let name = document.name();
            if !self.disk_changes.contains(&id) {
                self.disk_changes.push(id);
            }
            self.status.say(format!(
                "Not saved: {name} changed on disk since it was opened; reload it, keep yours or save yours as another file"
            ));
            return;
        }
        let result = match path {
            Some(path) => document.save_as(path),
            None => document.save(),
        };
        let saved = result.is_ok();
        self.status.say(match result {
            Ok(()) => format!("Saved {}", document.name()),
            Err(error) => format!("Could not save: {error}"),
        });
        if saved {
            // Saved over the file (Keep mine) or to another one (Save as): nothing to ask.
            self.disk_changes.retain(|&other| other != id);
        }
        self.changed();
    }

    /// The documents whose files changed on disk since the studio read or wrote them, in the
    /// order noticed, until the user answers.
    #[must_use]
    pub fn disk_changes(&self) -> &[DocumentId] {
        &self.disk_changes
    }

    /// Looks at the open files for changes made outside the studio, at most every
    /// [`DISK_CHECK_INTERVAL`] seconds (`now` in seconds); whether a new one was found.
    pub fn check_disk(&mut self, now: f64) -> bool {
        if self
            .last_disk_check
            .is_some_and(|last| now - last < DISK_CHECK_INTERVAL)
        {
            return false;
        }
        self.last_disk_check = Some(now);
        let mut found = false;
        for id in self.workspace.ids().collect::<Vec<_>>() {
            if !self.disk_changes.contains(&id)
                && self
                    .workspace
                    .document(id)
                    .is_some_and(OpenDocument::changed_on_disk)
            {
                self.disk_changes.push(id);
                found = true;
            }
        }
        found
    }

    /// Seconds until the next look at the files (for the window to wake up then).
    #[must_use]
    pub fn next_disk_check_in(&self, now: f64) -> f64 {
        self.last_disk_check
            .map_or(0.0, |last| (last + DISK_CHECK_INTERVAL - now).max(0.0))
    }

    /// Carries out the user's answer about a file changed on disk.
    pub fn answer_disk_change(&mut self, id: DocumentId, answer: DiskAnswer) {
        let Some(document) = self.workspace.document_mut(id) else {
            return;
        };
        let name = document.name();
        match answer {
            DiskAnswer::Reload => match document.reload() {
                Ok(()) => {
                    self.disk_changes.retain(|&other| other != id);
                    self.status.say(format!(
                        "Reloaded {name} from disk (Undo takes back the version you had)"
                    ));
                }
                Err(error) => self.status.say(format!("Could not reload: {error}")),
            },
            DiskAnswer::KeepMine => {
                document.accept_disk();
                let dirty = document.is_dirty();
                self.disk_changes.retain(|&other| other != id);
                if dirty {
                    self.save(Some(id), None);
                } else {
                    self.status.say(format!(
                        "Left {name} as the studio has it; the file on disk is untouched"
                    ));
                }
            }
        }
        self.changed();
    }

    /// Saves every document with changes.
    pub fn save_all(&mut self) {
        let dirty: Vec<DocumentId> = self
            .workspace
            .ids()
            .filter(|&id| {
                self.workspace
                    .document(id)
                    .is_some_and(OpenDocument::is_dirty)
            })
            .collect();
        if dirty.is_empty() {
            self.status.say("Nothing to save: every file is as saved");
            return;
        }
        let count = dirty.len();
        for id in dirty {
            self.save(Some(id), None);
        }
        // A file that could not be saved keeps its own message on the status line.
        if !self.workspace.is_dirty() {
            self.status.say(match count {
                1 => "Saved all: 1 file".to_owned(),
                n => format!("Saved all: {n} files"),
            });
        }
    }

    /// Takes back the autosaved work listed at `position`; the document it went into.
    pub fn recover(&mut self, position: usize) -> Option<DocumentId> {
        if position >= self.recoveries.len() {
            return None;
        }
        let Recovery {
            target,
            copy,
            document,
        } = self.recoveries.remove(position);
        let shown = if let Some(id) = target {
            let open = self.workspace.document_mut(id)?;
            open.replace(document, "Recover unsaved work");
            id
        } else {
            // The recovered track keeps its copy, so a second crash still finds it.
            self.workspace.push(OpenDocument::untitled(document, copy))
        };
        self.status
            .say("Recovered unsaved work: save it to keep it".to_owned());
        self.changed();
        Some(shown)
    }

    /// Throws away the autosaved work listed at `position`.
    pub fn discard_recovery(&mut self, position: usize) {
        if position < self.recoveries.len() {
            recovery::remove_copy(&self.recoveries.remove(position).copy);
        }
    }

    /// Writes recovery copies of every unsaved document now, as the timer would; nothing once
    /// the user has chosen to discard their changes and close.
    pub fn autosave_now(&mut self) {
        if self.close_confirmed {
            return;
        }
        for document in &self.workspace.documents {
            if !document.is_dirty() {
                // Back to what is on disk (undone, or saved): a copy left from before would be
                // offered next time as work lost in a crash.
                document.remove_recovery();
            } else if let Err(error) = document.write_recovery() {
                self.status.say(format!("Autosave failed: {error}"));
            }
        }
    }

    /// Seconds between autosaves (at least one).
    fn autosave_interval(&self) -> f64 {
        f64::from(self.prefs.autosave_seconds.max(1))
    }

    /// Seconds until the timer's next autosave, when there is unsaved work to save.
    #[must_use]
    pub fn next_autosave_in(&self, now: f64) -> Option<f64> {
        if self.close_confirmed || !self.workspace.is_dirty() {
            return None;
        }
        let last = self.last_autosave.unwrap_or(now);
        Some((last + self.autosave_interval() - now).max(0.0))
    }

    /// Autosaves when the interval has passed since the last autosave (`now` in seconds, the
    /// window's clock).
    pub fn autosave_on_timer(&mut self, now: f64) {
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

    fn find_recoveries(&mut self) {
        let workspace = &self.workspace;
        self.recoveries =
            workspace
                .ids()
                .filter_map(|id| {
                    let document = workspace.document(id)?;
                    Some(Recovery {
                        target: Some(id),
                        document: document.find_recovery()?,
                        copy: document.recovery_path()?,
                    })
                })
                .chain(recovery::find_untitled(&workspace.root).into_iter().map(
                    |(copy, document)| Recovery {
                        target: None,
                        copy,
                        document,
                    },
                ))
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

    /// Where Save as starts for a document: its own file, or for a new mission a file named
    /// after its name in the missions folder, or for a new track a file named after it where
    /// the tracks are: the workspace's `tracks` folder, else the folder of a track
    /// already open (the studio's default opens `content` with `tracks/oval.ron` beside it),
    /// else the workspace's folder.
    #[must_use]
    pub fn suggested_file(&self, id: DocumentId) -> Option<PathBuf> {
        let document = self.workspace.document(id)?;
        if let Some(path) = &document.path {
            return Some(path.clone());
        }
        let folder = match &document.document {
            Document::Mission(_) => self.workspace.missions_folder(),
            _ => self.workspace.tracks_folder(),
        };
        let stem = match &document.document {
            Document::Track(track) if !track.id.as_str().is_empty() => track.id.to_string(),
            Document::Mission(mission) => file_stem_of(mission.name.as_str(), "new-mission"),
            _ => "untitled".to_owned(),
        };
        free_file(&folder, &stem, "ron")
    }
}

/// A file name's stem made of a document's name: its letters and digits in lower case, words
/// joined by `-` ("The Limo Run!" is `the-limo-run`); `fallback` when nothing is left.
#[must_use]
pub fn file_stem_of(name: &str, fallback: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        fallback.to_owned()
    } else {
        words.join("-")
    }
}

/// `folder/stem.ext`, or `stem-2.ext`, `stem-3.ext`... the first no file has yet (beyond 9,999
/// taken names, none).
#[must_use]
pub fn free_file(folder: &Path, stem: &str, extension: &str) -> Option<PathBuf> {
    (1..=9_999)
        .map(|n| {
            if n == 1 {
                folder.join(format!("{stem}.{extension}"))
            } else {
                folder.join(format!("{stem}-{n}.{extension}"))
            }
        })
        .find(|p| !p.exists())
}
