//! The editor screen: the document shown (a track on its canvas with the inspector, or a deck
//! or team editor), the diagnostics below it, and the editing actions (selection, clipboard,
//! zoom, tools). Edits go to the [`Session`]; nothing here writes a file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use egui::{Panel, Ui};

use super::action::Action;
use super::backdrop::Backdrop;
use super::banners::{disk_banner, recovery_banner};
use super::canvas::{CanvasEdit, Tool, TrackCanvas};
use super::clipboard::CopiedStretch;
use super::combat_deck_editor::CombatDeckEditor;
use super::command::StudioCommand;
use super::diagnostics_panel::diagnostics_panel;
use super::file_picker::{Picker, ScreenAsk};
use super::hazard_deck_editor::HazardDeckEditor;
use super::inspector::{InspectorRequests, TileRequest, track_inspector};
use super::mission_editor::{MissionContext, MissionEditor};
use super::movement_events_editor::MovementEventsEditor;
use super::race_deck_editor::RaceDeckEditor;
use super::screen::{Screen, ScreenKind, StudioView};
use super::session::Session;
use super::team_editor::TeamEditor;
use super::terrain_editor::TerrainEditor;
use super::workspace::{DocumentId, Workspace};
use crate::content::Document;
use crate::content::track::{Sector, SpaceRef, Track};
use crate::edit::track_edit::remove_sectors_holding;
use crate::edit::{Edit, GroupKey, TrackEdit};
use crate::validate::{Fix, ObjectRef};

/// The editor's state: which document is shown and each editor's view of it.
#[derive(Default)]
pub struct EditorScreen {
    shown: Option<DocumentId>,
    canvases: BTreeMap<DocumentId, TrackCanvas>,
    race_deck: RaceDeckEditor,
    movement_events: MovementEventsEditor,
    terrain: TerrainEditor,
    hazards: HazardDeckEditor,
    combat_deck: CombatDeckEditor,
    teams: TeamEditor,
    mission: MissionEditor,
    course: super::course_editor::CourseEditor,
    /// The tracks the open courses build, for a mission on a course.
    course_tracks: super::course_tracks::CourseTracks,
    backdrop: Option<Backdrop>,
    /// The sectors last copied (kept here too: the system clipboard may not be reachable).
    clipboard: Option<Vec<Sector>>,
    /// Text for the system clipboard, handed to egui at the end of the frame.
    copied_text: Option<String>,
}

impl EditorScreen {
    /// The editor showing `shown` (or the summary).
    #[must_use]
    pub fn showing(shown: Option<DocumentId>) -> Self {
        Self {
            shown,
            ..Self::default()
        }
    }

    /// The mission editor's state (the car whose space is being picked, its track's camera).
    #[must_use]
    pub fn mission_editor(&self) -> &MissionEditor {
        &self.mission
    }

    /// The document shown.
    #[must_use]
    pub fn shown(&self) -> Option<DocumentId> {
        self.shown
    }

    /// Shows a document (or the summary for `None`); one that is not open shows the summary.
    pub fn show(&mut self, id: Option<DocumentId>, workspace: &Workspace) {
        self.shown = id.filter(|&id| workspace.document(id).is_some());
    }

    /// Shows a new track with the stretch tool in hand.
    pub fn show_new_track(&mut self, id: DocumentId) {
        self.shown = Some(id);
        self.canvases.entry(id).or_default().tool = Tool::Stretch;
    }

    /// The canvas of a track document, if it has been shown.
    #[must_use]
    pub fn canvas(&self, document: DocumentId) -> Option<&TrackCanvas> {
        self.canvases.get(&document)
    }

    /// The views follow a workspace opened or read again: fresh canvases, no picture, and the
    /// document `shown` (one that is still open).
    pub fn reset(&mut self, shown: Option<DocumentId>) {
        self.canvases.clear();
        self.backdrop = None;
        self.shown = shown;
    }

    /// Text copied for the system clipboard this frame.
    pub fn take_copied_text(&mut self) -> Option<String> {
        self.copied_text.take()
    }

    /// Waits until the background picture being loaded is read (tests and scripts).
    pub fn wait_for_background(&mut self) {
        if let Some(backdrop) = &mut self.backdrop {
            backdrop.wait();
        }
    }

    fn shown_track<'a>(&self, workspace: &'a Workspace) -> Option<(DocumentId, &'a Track)> {
        let id = self.shown?;
        match &workspace.document(id)?.document {
            Document::Track(track) => Some((id, track)),
            _ => None,
        }
    }

    /// Applies an edit to a document; the shown track's selection keeps only spaces that
    /// still exist. A refused edit is said on the status line.
    pub fn edit(
        &mut self,
        session: &mut Session,
        id: DocumentId,
        edit: &Edit,
        group: Option<GroupKey>,
    ) {
        self.edit_saying(session, id, edit, group, None);
    }

    /// Applies an edit (see [`Self::edit`]) and says what it did: the edit's own outcome when
    /// it has one, else `otherwise`.
    fn edit_saying(
        &mut self,
        session: &mut Session,
        id: DocumentId,
        edit: &Edit,
        group: Option<GroupKey>,
        otherwise: Option<String>,
    ) {
        if !session.edit(id, edit, group) {
            return;
        }
        self.prune_selection(session.workspace());
        if let Some(said) = outcome(edit, session.workspace(), id).or(otherwise) {
            session.status_mut().say(said);
        }
    }

    fn prune_selection(&mut self, workspace: &Workspace) {
        if let Some((id, track)) = self.shown_track(workspace)
            && let Some(canvas) = self.canvases.get_mut(&id)
        {
            canvas.prune(track);
        }
    }

    /// Copies the lap sectors of the shown track's selection, for the studio and (as text) for
    /// the system clipboard.
    fn copy_selection(&mut self, session: &mut Session) {
        let Some((id, track)) = self.shown_track(session.workspace()) else {
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
                    "Copied {}: Ctrl+V lays them at the end of the lap",
                    super::plural::counted(sectors.len(), "sector")
                );
                self.copied_text = CopiedStretch::text(&sectors);
                self.clipboard = Some(sectors);
                message
            }
            None => "Select spaces of one run of consecutive lap sectors to copy them".to_owned(),
        };
        session.status_mut().say(message);
    }

    /// Lays copied sectors at the end of the shown track's lap and selects them: from `text`
    /// when it holds a copied stretch (another studio's copy), else from the studio's own copy.
    pub fn paste(&mut self, session: &mut Session, text: Option<&str>) {
        let Some((id, track)) = self.shown_track(session.workspace()) else {
            return;
        };
        let before = track.sectors.len();
        let Some(sectors) = text
            .and_then(CopiedStretch::parse)
            .or_else(|| self.clipboard.clone())
        else {
            session
                .status_mut()
                .say("Nothing to paste: select lap sectors and copy them first");
            return;
        };
        let count = sectors.len();
        self.edit(
            session,
            id,
            &Edit::Track(TrackEdit::PasteSectors { sectors }),
            None,
        );
        if let Some((_, track)) = self.shown_track(session.workspace())
            && track.sectors.len() > before
        {
            let pasted: BTreeSet<SpaceRef> = track
                .spaces()
                .map(|(at, _)| at)
                .filter(|at| at.section == crate::content::track::Section::Lap)
                .filter(|at| at.sector as usize >= before)
                .collect();
            self.canvases.entry(id).or_default().selection = pasted;
            session
                .status_mut()
                .say(format!("Pasted {count} sectors at the end of the lap"));
        }
    }

    /// Saves the selection as a tile, or reads the tiles folder again, as the inspector asked,
    /// and says what happened.
    fn tile_request(&mut self, session: &mut Session, request: TileRequest) {
        let folder = session.workspace().tiles_folder();
        let Some((id, track)) = self.shown_track(session.workspace()) else {
            return;
        };
        let canvas = self.canvases.entry(id).or_default();
        let mut said = Vec::new();
        if request == TileRequest::Reload {
            canvas
                .tiles
                .load(&folder, true, || session.workspace().terrain_book());
            said.push(format!(
                "Read {} from {}",
                super::plural::counted(canvas.tiles.tiles.len(), "tile"),
                folder.display()
            ));
        }
        if request == TileRequest::SaveCourse {
            let folder = session.workspace().courses_folder();
            said.push(match canvas.tiles.save_course(track, &folder) {
                Ok(saved) | Err(saved) => saved,
            });
        }
        if request == TileRequest::Save {
            let selection: Vec<SpaceRef> = canvas.selection.iter().copied().collect();
            said.push(
                match canvas.tiles.save_selection(
                    track,
                    &selection,
                    &session.workspace().terrain_book(),
                ) {
                    Ok(saved) | Err(saved) => saved,
                },
            );
        }
        for message in said {
            session.status_mut().say(message);
        }
    }

    /// Makes `picture` the shown track's background, named relative to the track's folder.
    pub fn set_background(&mut self, session: &mut Session, picture: &Path) {
        let Some(id) = self.shown else {
            return;
        };
        let workspace = session.workspace();
        let folder = workspace
            .document(id)
            .and_then(|d| d.path.as_deref())
            .and_then(Path::parent)
            .unwrap_or(&workspace.root)
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
            session,
            id,
            &Edit::Track(TrackEdit::SetBackground(Some(background))),
            None,
        );
    }

    /// Draws the shown track to a PNG.
    pub fn export_png(&self, session: &mut Session, path: &Path) {
        let Some((_, track)) = self.shown_track(session.workspace()) else {
            return;
        };
        let legend = crate::render::legend::Legend::of(session.workspace().terrain_file());
        let result = crate::render::render_track(track, &legend, 2400)
            .map_err(|e| e.to_string())
            .and_then(|image| crate::render::save_png(&image, path).map_err(|e| e.to_string()));
        session.status_mut().say(match result {
            Ok(()) => format!("Exported {}", path.display()),
            Err(error) => format!("Could not export: {error}"),
        });
    }

    fn delete_selection(&mut self, session: &mut Session) {
        let Some(id) = self.shown else {
            return;
        };
        let Some(canvas) = self.canvases.get_mut(&id) else {
            return;
        };
        let selected: Vec<SpaceRef> = canvas.selection.iter().copied().collect();
        canvas.selection.clear();
        // A selection across the starting section and the lap is two removals, one undo.
        let group = canvas.new_group();
        for edit in remove_sectors_holding(&selected) {
            self.edit(session, id, &Edit::Track(edit), Some(group));
        }
    }

    fn view(&mut self, action: Action, workspace: &Workspace) {
        let Some((id, track)) = self.shown_track(workspace) else {
            return;
        };
        let canvas = self.canvases.entry(id).or_default();
        match action {
            Action::ZoomIn => canvas.zoom(1.25),
            Action::ZoomOut => canvas.zoom(0.8),
            _ => canvas.frame(track, &[]),
        }
    }

    /// Applies diagnostic `index`'s one-click fix to its track, and says what it did.
    pub fn apply_fix(&mut self, session: &mut Session, index: usize) {
        let Some(diagnostic) = session.diagnostics().get(index) else {
            return;
        };
        let Some(fix) = diagnostic.fix.clone() else {
            return;
        };
        let workspace = session.workspace();
        let Some(document) = workspace.document_about(diagnostic) else {
            return;
        };
        let Some(Document::Track(track)) = workspace.document(document).map(|d| &d.document) else {
            return;
        };
        let edit = Edit::Track(fix_edit(&fix, track));
        self.shown = Some(document);
        let fixed = format!("Fixed: {}", fix.label());
        self.edit_saying(session, document, &edit, None, Some(fixed));
    }

    /// Shows and selects what diagnostic `index` is about.
    pub fn focus(&mut self, session: &Session, index: usize) {
        let Some(diagnostic) = session.diagnostics().get(index) else {
            return;
        };
        let workspace = session.workspace();
        let Some(document) = workspace.document_about(diagnostic) else {
            return;
        };
        self.shown = Some(document);
        let Some(object) = &diagnostic.location.object else {
            return;
        };
        let Some(open) = workspace.document(document) else {
            return;
        };
        match (&open.document, object) {
            (Document::Track(track), ObjectRef::Space { space: at }) => {
                let canvas = self.canvases.entry(document).or_default();
                canvas.selection = BTreeSet::from([*at]);
                canvas.frame(track, &[*at]);
            }
            (Document::Track(track), ObjectRef::Sector { sector }) => {
                let spaces: Vec<SpaceRef> = track
                    .spaces()
                    .map(|(at, _)| at)
                    .filter(|at| at.sector_ref() == *sector)
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

    /// Starts loading the shown track's background picture when it changes (as a job), and
    /// takes it in once it is read.
    fn load_backdrop(&mut self, ctx: &egui::Context, session: &mut Session, id: DocumentId) {
        let workspace = session.workspace();
        let Some(document) = workspace.document(id) else {
            return;
        };
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
            .unwrap_or(&workspace.root);
        let path = folder.join(background.path.as_str());
        if self.backdrop.as_ref().is_none_or(|b| b.path() != path) {
            self.backdrop = Some(Backdrop::load(path, ctx));
        }
        if let Some(backdrop) = &mut self.backdrop
            && let Some(error) = backdrop.poll(ctx)
        {
            session.status_mut().say(format!(
                "Cannot show {}: {error}",
                backdrop.path().display()
            ));
        }
    }

    /// The centre: the shown document's editor, or the summary.
    fn central(
        &mut self,
        ui: &mut Ui,
        session: &mut Session,
        track_edits: &mut Vec<CanvasEdit>,
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
        commands: &mut Vec<StudioCommand>,
    ) {
        let Some(id) = self
            .shown
            .filter(|&id| session.workspace().document(id).is_some())
        else {
            summary_view(ui, session.workspace(), commands);
            return;
        };
        self.load_backdrop(ui.ctx(), session, id);
        let workspace = session.workspace();
        let Some(open) = workspace.document(id) else {
            return;
        };
        match &open.document {
            Document::Track(track) => {
                let problems = problem_spaces(session, id);
                let backdrop = self.backdrop.as_ref().and_then(Backdrop::texture);
                let canvas = self.canvases.entry(id).or_default();
                canvas.grounds.refresh(workspace.terrain_file());
                track_view(
                    ui,
                    track,
                    canvas,
                    backdrop,
                    &problems,
                    track_edits,
                    commands,
                );
            }
            Document::RaceDeck(deck) => self.race_deck.ui(ui, deck, edits),
            Document::MovementEventDeck(deck) => self.movement_events.ui(ui, deck, edits),
            Document::CombatEventDeck(deck) => self.combat_deck.ui(ui, deck, edits),
            Document::TeamMats(mats) => {
                let weapons = weapon_ids(workspace);
                self.teams.ui(ui, mats, &weapons, edits);
            }
            Document::Terrain(file) => self.terrain.ui(ui, file, edits),
            Document::HazardDeck(deck) => {
                self.hazards.ui(ui, deck, workspace.terrain_file(), edits);
            }
            Document::Mission(mission) => {
                let context = MissionContext::of(workspace, id, &mut self.course_tracks);
                self.mission.ui(ui, id, mission, &context, edits);
            }
            Document::Course(course) => {
                let path = workspace.validation_path(id).unwrap_or_default();
                self.course
                    .ui(ui, id, (course, &path), workspace.terrain_file(), edits);
            }
            Document::Ruleset(_)
            | Document::Scenario(_)
            | Document::BotProfile(_)
            | Document::TuningSpec(_)
            | Document::Tile(_) => text_only_view(ui, &open.document),
        }
    }
}

/// The editor's name for the background picture it asks for.
const BACKGROUND: &str = "background";
/// The editor's name for the PNG it asks where to export.
const PNG: &str = "png";

impl Screen for EditorScreen {
    fn kind(&self) -> ScreenKind {
        ScreenKind::Editor
    }

    fn ui(&mut self, ui: &mut Ui, studio: &mut StudioView<'_>) {
        let session = &mut *studio.session;
        let commands = &mut *studio.commands;
        Panel::bottom("diagnostics")
            .resizable(true)
            .default_size(150.0)
            .show(ui, |ui| {
                diagnostics_panel(ui, session, commands);
            });
        let mut track_edits: Vec<CanvasEdit> = Vec::new();
        let mut edits = Vec::new();
        let mut requests = InspectorRequests::default();
        if let Some((id, track)) = self.shown_track(session.workspace()) {
            let canvas = self.canvases.entry(id).or_default();
            canvas
                .tiles
                .load(&session.workspace().tiles_folder(), false, || {
                    session.workspace().terrain_book()
                });
            Panel::right("inspector")
                .resizable(true)
                .default_size(280.0)
                .show(ui, |ui| {
                    requests = track_inspector(ui, track, canvas, &mut track_edits);
                });
        }
        egui::CentralPanel::default_margins().show(ui, |ui| {
            recovery_banner(ui, session, commands);
            disk_banner(ui, session, commands);
            self.central(ui, session, &mut track_edits, &mut edits, commands);
        });
        if requests.delete_selection {
            commands.push(StudioCommand::Act(Action::Delete));
        }
        if let Some(request) = requests.tiles {
            self.tile_request(session, request);
        }
        if requests.pick_background {
            // A background picture is named relative to its track: looked for beside it.
            let start_in = self
                .shown
                .and_then(|id| session.workspace().document(id)?.path.clone())
                .and_then(|path| path.parent().map(Path::to_path_buf));
            commands.push(StudioCommand::Pick(Picker::ForScreen(ScreenAsk {
                screen: ScreenKind::Editor,
                what: BACKGROUND,
                title: "Choose a background picture",
                extensions: &["png", "jpg", "jpeg"],
                save: false,
                suggested: None,
                start_in,
            })));
        }
        if let Some(document) = self.shown {
            commands.extend(
                track_edits
                    .into_iter()
                    .map(|(edit, group)| (Edit::Track(edit), group))
                    .chain(edits)
                    .map(|(edit, group)| StudioCommand::Edit {
                        document,
                        edit,
                        group,
                    }),
            );
            if !ui.input(|i| i.pointer.any_down()) && !ui.ctx().egui_wants_keyboard_input() {
                // A released mouse ends a drag's undo step, and a text field left ends its
                // typing's: while a field has the keyboard its keystrokes, frame after frame,
                // are one step.
                session.close_undo_group(document);
            }
        }
    }

    fn can(&self, action: Action, session: &Session) -> bool {
        let track_shown = self.shown_track(session.workspace()).is_some();
        let history = self
            .shown
            .and_then(|id| session.workspace().document(id))
            .map(|d| &d.history);
        match action {
            Action::Undo => history.is_some_and(|h| h.undo_label().is_some()),
            Action::Redo => history.is_some_and(|h| h.redo_label().is_some()),
            Action::ExportPng
            | Action::Copy
            | Action::Paste
            | Action::SelectAll
            | Action::Delete
            | Action::ZoomIn
            | Action::ZoomOut
            | Action::Fit
            | Action::SetTool(_) => track_shown,
            _ => true,
        }
    }

    fn label(&self, action: Action, session: &Session) -> Option<String> {
        let history = &session.workspace().document(self.shown?)?.history;
        match action {
            Action::Undo => history.undo_label().map(|label| format!("Undo {label}")),
            Action::Redo => history.redo_label().map(|label| format!("Redo {label}")),
            _ => None,
        }
    }

    fn picked(&mut self, what: &'static str, path: PathBuf, studio: &mut StudioView<'_>) {
        match what {
            BACKGROUND => self.set_background(studio.session, &path),
            PNG => self.export_png(studio.session, &path),
            _ => {}
        }
    }

    fn act(&mut self, action: Action, studio: &mut StudioView<'_>) {
        let session = &mut *studio.session;
        match action {
            Action::Undo | Action::Redo => {
                if let Some(id) = self.shown
                    && session.undo(id, action == Action::Redo)
                {
                    self.prune_selection(session.workspace());
                }
            }
            Action::Save => {
                let untitled = self
                    .shown
                    .and_then(|id| session.workspace().document(id))
                    .is_some_and(|d| d.path.is_none());
                if untitled {
                    // A new track has no file yet: Save is Save as, in the tracks folder.
                    studio
                        .commands
                        .push(StudioCommand::Pick(Picker::SaveAs { suggested: None }));
                } else {
                    session.save(self.shown, None);
                }
            }
            Action::SaveAs => studio
                .commands
                .push(StudioCommand::Pick(Picker::SaveAs { suggested: None })),
            Action::ExportPng => {
                studio
                    .commands
                    .push(StudioCommand::Pick(Picker::ForScreen(ScreenAsk {
                        screen: ScreenKind::Editor,
                        what: PNG,
                        title: "Export PNG",
                        extensions: &["png"],
                        save: true,
                        suggested: None,
                        start_in: None,
                    })));
            }
            Action::SelectAll => {
                if let Some((id, track)) = self.shown_track(session.workspace()) {
                    self.canvases.entry(id).or_default().select_all(track);
                }
            }
            Action::Copy => self.copy_selection(session),
            Action::Paste => self.paste(session, None),
            Action::Delete => self.delete_selection(session),
            Action::ClearSelection => {
                if let Some(canvas) = self.shown.and_then(|id| self.canvases.get_mut(&id)) {
                    canvas.clear_selection();
                    canvas.tool = Tool::Select;
                }
            }
            Action::ZoomIn | Action::ZoomOut | Action::Fit => {
                self.view(action, session.workspace());
            }
            Action::SetTool(tool) => {
                if let Some(canvas) = self.shown.and_then(|id| self.canvases.get_mut(&id)) {
                    canvas.tool = tool;
                    canvas.first_click = None;
                }
            }
            _ => {}
        }
    }
}

/// Spaces the diagnostics point at in a track document, to mark on the canvas.
#[must_use]
pub fn problem_spaces(session: &Session, id: DocumentId) -> BTreeSet<SpaceRef> {
    let workspace = session.workspace();
    let Some(path) = workspace.validation_path(id) else {
        return BTreeSet::new();
    };
    let Some(Document::Track(track)) = workspace.document(id).map(|d| &d.document) else {
        return BTreeSet::new();
    };
    let mut spaces = BTreeSet::new();
    for diagnostic in session.diagnostics() {
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

/// What the status line says after a whole-track edit whose effect is not visible at a glance.
fn outcome(edit: &Edit, workspace: &Workspace, id: DocumentId) -> Option<String> {
    let Document::Track(track) = &workspace.document(id)?.document else {
        return None;
    };
    match edit {
        Edit::Track(TrackEdit::CloseLap) => Some(format!(
            "Closed the lap: its {} sectors run back to sector 0{}",
            track.sectors.len(),
            match track.crossover.len() {
                0 => String::new(),
                n => format!("; the crossover's {n} pairs are where the roads are drawn crossing"),
            }
        )),
        Edit::Track(TrackEdit::InsertSector { after }) => Some(format!(
            "Inserted sector {}: the {} after it moved one sector on{}",
            after + 1,
            super::plural::counted(
                track.sectors.len().saturating_sub(*after as usize + 2),
                "sector"
            ),
            if track.lap_is_closed() {
                "; the lap's end no longer meets its start where it did: the diagnostics show where the drawing is off"
            } else {
                ""
            }
        )),
        Edit::Track(TrackEdit::LayTile { tile }) => Some(format!(
            "Laid tile `{}` at the end of the lap: sectors {}-{}{}",
            tile.id,
            track.sectors.len().saturating_sub(tile.sectors.len()),
            track.sectors.len().saturating_sub(1),
            if tile.grid.is_empty() || track.grid.is_empty() {
                ""
            } else {
                "; the grid and chute are the tile's when the track had none"
            }
        )),
        Edit::Track(TrackEdit::ReopenLap) => Some(format!(
            "Reopened the lap: sector {} no longer runs into sector 0; lay on from it, or Close the lap again",
            track.sectors.len().saturating_sub(1)
        )),
        Edit::Track(TrackEdit::DetectCrossover) => Some(match track.crossover.len() {
            0 => "No crossover found: no two lap spaces are drawn on one spot".to_owned(),
            1 => "Crossover detected: 1 pair of spaces drawn on one spot".to_owned(),
            n => format!("Crossover detected: {n} pairs of spaces drawn on one spot"),
        }),
        _ => None,
    }
}

/// The track edit that carries out a diagnostic's fix on `track`.
fn fix_edit(fix: &Fix, track: &crate::content::track::Track) -> TrackEdit {
    match fix {
        Fix::AddLink { from, to } => TrackEdit::AddLink {
            from: *from,
            to: *to,
        },
        Fix::CloseLap => TrackEdit::CloseLap,
        Fix::DetectCrossover => TrackEdit::DetectCrossover,
        Fix::PlaceChute { beside, side } => TrackEdit::SetChute(Some(
            crate::edit::track_edit::chute_beside(track, *beside).unwrap_or(
                crate::content::track::Chute {
                    beside: *beside,
                    side: *side,
                },
            ),
        )),
    }
}

/// The weapon type ids of the open combat deck (the team editor's weapon choices).
fn weapon_ids(workspace: &Workspace) -> Vec<crate::content::text::Id> {
    workspace
        .documents
        .iter()
        .find_map(|d| match &d.document {
            Document::CombatEventDeck(deck) => {
                Some(deck.weapon_types.iter().map(|w| w.id.clone()).collect())
            }
            _ => None,
        })
        .unwrap_or_default()
}

/// A track: the toolbar, the line saying what is under the pointer, and the canvas.
fn track_view(
    ui: &mut Ui,
    track: &Track,
    canvas: &mut TrackCanvas,
    backdrop: Option<egui::TextureId>,
    problems: &BTreeSet<SpaceRef>,
    track_edits: &mut Vec<CanvasEdit>,
    commands: &mut Vec<StudioCommand>,
) {
    ui.horizontal(|ui| {
        for (tool, name, key) in Tool::ALL {
            if ui
                .selectable_label(canvas.tool == tool, name)
                .on_hover_text(format!("{} ({key:?})", tool.hint()))
                .clicked()
            {
                commands.push(StudioCommand::Act(Action::SetTool(tool)));
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
            commands.push(StudioCommand::Act(Action::NewRace));
        }
    });
    let hover = canvas.hover.map_or_else(String::new, |at| {
        let terrain = track
            .space(at)
            .map(|s| canvas.grounds.name(&s.terrain))
            .unwrap_or_default();
        format!("Space {at} ({terrain})")
    });
    ui.label(if hover.is_empty() {
        canvas.tool.hint().to_owned()
    } else {
        hover
    });
    canvas.backdrop = backdrop.zip(track.background.clone());
    canvas.ui(ui, track, problems, track_edits);
}

/// Documents edited as text for now: what they hold, in a line.
fn text_only_view(ui: &mut Ui, document: &Document) {
    match document {
        Document::Ruleset(ruleset) => {
            ui.heading(ruleset.name.as_str());
            ui.label(format!(
                "{} VP, hand of {}, {}-{} players (rulesets are edited as text for now)",
                ruleset.victory_points, ruleset.hand_size, ruleset.min_players, ruleset.max_players
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
            match &profile.strategy {
                crate::content::bot_profile::Strategy::Planner(_) => {
                    ui.label(format!(
                        "A planner searching up to {} positions per card and car \
                         (search_limit).",
                        profile.search_limit
                    ));
                }
                crate::content::bot_profile::Strategy::Search(budget) => {
                    ui.label(format!(
                        "A search bot: the planner's best {} plays (up to {} positions per \
                         card and car), each played out {} times for {} activations by a \
                         planner searching up to {} positions.",
                        budget.candidates,
                        profile.search_limit,
                        budget.rollouts,
                        budget.horizon,
                        budget.rollout_search_limit
                    ));
                    if budget.rivals_progress > 0.0 {
                        ui.label(format!(
                            "At a play-out's end its rivals' progress counts against it, {} \
                             times as much as its own for it (rivals_progress).",
                            budget.rivals_progress
                        ));
                    }
                }
                crate::content::bot_profile::Strategy::Random
                | crate::content::bot_profile::Strategy::Greedy(_) => {}
            }
            if !profile.restrict.is_empty() {
                let words: Vec<String> = profile
                    .restrict
                    .iter()
                    .map(crate::content::bot_profile::Restriction::words)
                    .collect();
                ui.label(format!("Restricted: it {} (restrict).", words.join(", ")));
            }
            ui.label("Bot profiles are edited as text for now.");
        }
        Document::TuningSpec(spec) => {
            ui.heading(spec.name.as_str());
            ui.label(format!(
                "Tuning spec: {} parameters, {} objectives, {} races on {} (edited as text \
                 for now)",
                spec.parameters.len(),
                spec.objectives.len(),
                spec.budget,
                spec.track
            ));
        }
        Document::Tile(tile) => {
            ui.heading(tile.name.as_str());
            ui.label(format!(
                "Tile `{}`: {} sectors, {} grid places (tiles are laid with the track's Tile \
                 tool and edited as text)",
                tile.id,
                tile.sectors.len(),
                tile.grid.len()
            ));
        }
        // Drawn by their own editors (see `EditorScreen::central`).
        Document::Track(_)
        | Document::RaceDeck(_)
        | Document::MovementEventDeck(_)
        | Document::CombatEventDeck(_)
        | Document::TeamMats(_)
        | Document::Terrain(_)
        | Document::HazardDeck(_)
        | Document::Mission(_)
        | Document::Course(_) => {}
    }
}

/// Nothing shown: what to do first, then the content folder's summary.
fn summary_view(ui: &mut Ui, workspace: &Workspace, commands: &mut Vec<StudioCommand>) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.heading("Getting started");
        super::help::getting_started(ui, commands);
        ui.separator();
        content_summary(ui, workspace);
    });
}

/// The content folder's totals.
fn content_summary(ui: &mut Ui, workspace: &Workspace) {
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
