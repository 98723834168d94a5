//! What the studio has open: a content pack (or single files) and tracks beside it, each as an
//! editable [`OpenDocument`].

use std::path::{Path, PathBuf};

use crate::content::summary::ContentSummary;
use crate::content::{Document, LoadError, RawPack};

use super::document::OpenDocument;
use super::validation::Snapshot;

/// The rulebook's four kinds of ground, for a workspace without a terrain file.
static STANDARD_TERRAIN: std::sync::LazyLock<crate::content::terrain::TerrainFile> =
    std::sync::LazyLock::new(crate::content::terrain::TerrainFile::standard);

/// A document of the open workspace.
///
/// Documents are only ever added to an open workspace (opening or reloading makes a new one), so
/// a document's place in the list is its identity for the workspace's life; the newtype keeps
/// it from being confused with any other number.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct DocumentId(pub usize);

impl std::ops::Index<DocumentId> for Vec<OpenDocument> {
    type Output = OpenDocument;

    fn index(&self, id: DocumentId) -> &OpenDocument {
        &self[id.0]
    }
}

/// The open documents.
#[derive(Clone, Debug)]
pub struct Workspace {
    /// The folder or file that was opened.
    pub path: PathBuf,
    /// Files opened beside it (tracks), reopened on reload.
    pub extra: Vec<PathBuf>,
    /// The pack folder, or a single file's folder; untitled work is recovered from here.
    pub root: PathBuf,
    /// Whether the files are checked together as a pack.
    pub is_folder: bool,
    /// The project folder (the one holding `content/` and `tracks/`), when the files are in
    /// one.
    pub project: Option<PathBuf>,
    /// The documents, in the order listed.
    pub documents: Vec<OpenDocument>,
    /// Files that did not load.
    pub errors: Vec<LoadError>,
}

impl Workspace {
    /// Opens a pack folder or a single file. Never fails: whatever cannot be read shows up as a
    /// diagnostic.
    #[must_use]
    pub fn open(path: &Path) -> Self {
        Self::open_with(path, &[])
    }

    /// Opens a pack folder (or a file) with extra files beside it, such as a track to work on
    /// next to the content.
    #[must_use]
    pub fn open_with(path: &Path, extra: &[PathBuf]) -> Self {
        // Within a project, whatever was opened brings the whole project: its content pack and
        // every track (a single track file opened alone would lose both).
        let project = Project::around(path);
        let (pack_path, mut beside) = match &project {
            Some(project) => (
                project.content.clone(),
                project
                    .tracks
                    .iter()
                    .chain(&project.missions)
                    .chain(&project.tiles)
                    .chain(&project.courses)
                    .cloned()
                    .collect(),
            ),
            None => (path.to_owned(), Vec::new()),
        };
        for file in extra {
            if !beside
                .iter()
                .any(|listed| crate::content::relative_path::same_file(listed, file))
            {
                beside.push(file.clone());
            }
        }
        let mut pack = RawPack::open(&pack_path);
        for file in &beside {
            pack.add_file(file);
        }
        Self {
            path: path.to_owned(),
            extra: extra.to_vec(),
            root: pack.root,
            is_folder: pack.is_folder,
            project: project
                .as_ref()
                .and_then(|p| p.content.parent().map(Path::to_path_buf)),
            documents: pack.files.into_iter().map(OpenDocument::loaded).collect(),
            errors: pack.errors,
        }
    }

    /// The document read from `file`, if one was.
    #[must_use]
    pub fn id_of_file(&self, file: &Path) -> Option<DocumentId> {
        self.ids().find(|&id| {
            self.documents[id]
                .path
                .as_deref()
                .is_some_and(|path| crate::content::relative_path::same_file(path, file))
        })
    }

    /// The document to show first: the file that was opened, when a single file was.
    #[must_use]
    pub fn opened_file(&self) -> Option<DocumentId> {
        if self.path.is_file() {
            self.id_of_file(&self.path)
        } else {
            None
        }
    }

    /// Whether any document has unsaved changes.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.documents.iter().any(OpenDocument::is_dirty)
    }

    /// Every document's id, in the order listed.
    pub fn ids(&self) -> impl Iterator<Item = DocumentId> + use<> {
        (0..self.documents.len()).map(DocumentId)
    }

    /// A document.
    #[must_use]
    pub fn document(&self, id: DocumentId) -> Option<&OpenDocument> {
        self.documents.get(id.0)
    }

    /// A document, to change.
    pub fn document_mut(&mut self, id: DocumentId) -> Option<&mut OpenDocument> {
        self.documents.get_mut(id.0)
    }

    /// Adds a document at the end of the list; its id.
    pub fn push(&mut self, document: OpenDocument) -> DocumentId {
        self.documents.push(document);
        DocumentId(self.documents.len() - 1)
    }

    /// A document's name relative to the pack folder, as listed.
    #[must_use]
    pub fn display_name(&self, id: DocumentId) -> String {
        let Some(document) = self.document(id) else {
            return String::new();
        };
        match &document.path {
            Some(path) => path
                .strip_prefix(&self.root)
                .ok()
                .or_else(|| path.file_name().map(Path::new))
                .unwrap_or(path)
                .display()
                .to_string(),
            None => self.untitled_name(id),
        }
    }

    /// Totals for the summary view.
    #[must_use]
    pub fn summary(&self) -> ContentSummary {
        ContentSummary::of(
            if self.is_folder { "pack" } else { "file" },
            self.documents.iter().map(|d| &d.document),
            self.errors.len(),
        )
    }

    /// The first document matching `pick`.
    pub fn find(&self, pick: impl Fn(&Document) -> bool) -> Option<DocumentId> {
        self.documents
            .iter()
            .position(|d| pick(&d.document))
            .map(DocumentId)
    }

    /// The document whose diagnostics name `file` (see [`Self::validation_path`]).
    #[must_use]
    pub fn document_named_by(&self, file: &std::path::Path) -> Option<DocumentId> {
        // A finding on the track a course builds names the course with its seed.
        let file = crate::sim::course_track::course_of_built(file)
            .map_or_else(|| file.to_owned(), |(course, _)| course);
        self.ids()
            .find(|&id| self.validation_path(id).as_deref() == Some(file.as_path()))
    }

    /// The open document a diagnostic is about: the file it names, or (for a diagnostic of the
    /// whole pack) the document holding its object.
    #[must_use]
    pub fn document_about(&self, diagnostic: &crate::validate::Diagnostic) -> Option<DocumentId> {
        use crate::validate::ObjectRef;
        if let Some(id) = diagnostic
            .location
            .file
            .as_ref()
            .and_then(|file| self.document_named_by(file))
        {
            return Some(id);
        }
        let object = diagnostic.location.object.as_ref()?;
        self.find(|document| {
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

    /// The track documents open, in document order.
    pub fn track_ids(&self) -> impl Iterator<Item = DocumentId> + '_ {
        self.ids()
            .filter(|&id| matches!(self.documents[id.0].document, Document::Track(_)))
    }

    /// The track a new form starts on: `shown` when it is a track, else the first open.
    #[must_use]
    pub fn track_or_first(&self, shown: Option<DocumentId>) -> Option<DocumentId> {
        shown
            .filter(|id| self.track_ids().any(|t| t == *id))
            .or_else(|| self.track_ids().next())
    }

    /// The bot profile `preferred` when it is open, else the first open one, else `random`.
    #[must_use]
    pub fn bot_or_first(&self, preferred: &str) -> String {
        self.bot_profiles()
            .map(|p| p.id.to_string())
            .min_by_key(|id| id != preferred)
            .unwrap_or_else(|| "random".to_owned())
    }

    /// The stem of a document's file (`oval` for `tracks/oval.ron`), or `fallback` for one
    /// never saved: what files made from it are named after.
    #[must_use]
    pub fn file_stem(&self, id: DocumentId, fallback: &str) -> String {
        self.document(id)
            .and_then(|d| d.path.as_ref()?.file_stem()?.to_str().map(str::to_owned))
            .unwrap_or_else(|| fallback.to_owned())
    }

    /// The bot profiles open, in document order.
    pub fn bot_profiles(&self) -> impl Iterator<Item = &crate::content::bot_profile::BotProfile> {
        self.documents.iter().filter_map(|d| match &d.document {
            Document::BotProfile(profile) => Some(profile),
            _ => None,
        })
    }

    /// The kinds of ground of the open pack: its terrain file as edited, or the rulebook's four
    /// when it has none.
    #[must_use]
    pub fn terrain_file(&self) -> &crate::content::terrain::TerrainFile {
        self.documents
            .iter()
            .find_map(|d| match &d.document {
                Document::Terrain(file) => Some(file),
                _ => None,
            })
            .unwrap_or_else(|| &STANDARD_TERRAIN)
    }

    /// The kinds of ground of the pack as edited, checked ([`Self::terrain_file`]); the
    /// rulebook's four while its terrain file has errors. What the pack's tiles and courses are
    /// checked against.
    #[must_use]
    pub fn terrain_book(&self) -> crate::validate::checked::TerrainBook {
        crate::validate::checked::TerrainBook::from_file(self.terrain_file())
            .unwrap_or_else(|_| crate::validate::checked::TerrainBook::standard())
    }

    /// The open bot profile with this id.
    #[must_use]
    pub fn bot_profile(&self, id: &str) -> Option<&crate::content::bot_profile::BotProfile> {
        self.bot_profiles()
            .find(|profile| profile.id.as_str() == id)
    }

    /// Where the user works, and where file dialogs start and records and exports are offered:
    /// the project folder, else the folder beside a pack folder (never inside it, where a file
    /// would be read as content), else a single file's folder. Always absolute, so that a
    /// dialog can go up from it.
    #[must_use]
    pub fn home(&self) -> PathBuf {
        let home = match (&self.project, self.is_folder) {
            (Some(project), _) => project.clone(),
            (None, true) => self.root.parent().unwrap_or(&self.root).to_owned(),
            (None, false) => self.root.clone(),
        };
        // A relative path's project can be the empty path (the working folder itself).
        if home.as_os_str().is_empty() {
            return std::env::current_dir().unwrap_or(home);
        }
        std::path::absolute(&home).unwrap_or(home)
    }

    /// Where a folder made from the project goes (a tuned pack): beside the project, never in
    /// it, where `roadwright validate` of the project would read its copies as duplicate
    /// content; [`Self::home`] when no project is open (it is outside the pack already).
    #[must_use]
    pub fn beside_project(&self) -> PathBuf {
        let home = self.home();
        match &self.project {
            Some(_) => home
                .parent()
                .map_or_else(|| home.clone(), Path::to_path_buf),
            None => home,
        }
    }

    /// The folder new tracks go in: a `tracks/` folder of the project (or of the pack folder),
    /// else the folder of a track already open, else [`Self::home`].
    #[must_use]
    pub fn tracks_folder(&self) -> PathBuf {
        let home = self.home();
        let open_track_folder = || {
            self.documents
                .iter()
                .find_map(|d| match (&d.document, &d.path) {
                    (Document::Track(_), Some(path)) => path.parent().map(Path::to_owned),
                    _ => None,
                })
        };
        // Only the project's or the pack's own tracks folder: beside a lone pack is anywhere.
        let project_tracks = self.project.as_ref().map(|_| home.join("tracks"));
        project_tracks
            .into_iter()
            .chain([self.root.join("tracks")])
            .find(|tracks| tracks.is_dir())
            .or_else(open_track_folder)
            .unwrap_or(home)
    }

    /// The folder tiles are kept in: the project's `tiles/` folder, else a `tiles/` folder in
    /// the one new tracks go in (made when the first tile is saved; a pack is read without its
    /// subfolders, so tiles there are not taken for content).
    #[must_use]
    pub fn tiles_folder(&self) -> PathBuf {
        if self.project.is_some() {
            self.home().join("tiles")
        } else {
            self.tracks_folder().join("tiles")
        }
    }

    /// The folder new courses go in: the project's `courses/` folder, or beside the tiles
    /// folder of a pack opened on its own (a course names its tiles relative to it).
    #[must_use]
    pub fn courses_folder(&self) -> PathBuf {
        if self.project.is_some() {
            self.home().join("courses")
        } else {
            self.tracks_folder().join("courses")
        }
    }

    /// The folder new missions go in: the project's `missions/` folder (when the project has
    /// one), else [`Self::home`]. A mission names its track and content relative to it.
    #[must_use]
    pub fn missions_folder(&self) -> PathBuf {
        let home = self.home();
        let missions = home.join("missions");
        if self.project.is_some() && missions.is_dir() {
            missions
        } else {
            home
        }
    }

    /// `shown`, when it is a mission: what Simulate and Tune open on (its batch plays the
    /// mission, not a bare race on the first track).
    #[must_use]
    pub fn mission_shown(&self, shown: Option<DocumentId>) -> Option<DocumentId> {
        shown.filter(|id| {
            self.document(*id)
                .is_some_and(|d| matches!(d.document, crate::content::Document::Mission(_)))
        })
    }

    /// The file a document's diagnostics name: its own, or for an untitled one its name, said
    /// not to be saved (its lines are those it will have once saved), in the pack folder.
    #[must_use]
    pub fn validation_path(&self, id: DocumentId) -> Option<PathBuf> {
        let document = self.document(id)?;
        // An untitled track is named in the folder it will be saved in, not the content pack's.
        let folder = match document.document {
            Document::Track(_) => self.tracks_folder(),
            Document::Mission(_) => self.missions_folder(),
            _ => self.root.clone(),
        };
        Some(
            document
                .path
                .clone()
                .unwrap_or_else(|| folder.join(format!("{} (not saved)", self.untitled_name(id)))),
        )
    }

    /// An untitled document's name, numbered among the untitled ones of its kind ("untitled
    /// track 2"), so that two new tracks are never taken for one another.
    fn untitled_name(&self, id: DocumentId) -> String {
        let Some(document) = self.document(id) else {
            return String::new();
        };
        let kind = document.document.kind();
        let number = self.documents[..=id.0]
            .iter()
            .filter(|d| d.path.is_none() && d.document.kind() == kind)
            .count();
        format!("{} {number}", document.name())
    }

    /// The documents as validation needs them. An untitled document is named after the folder
    /// it would be saved in.
    #[must_use]
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            root: self.root.clone(),
            is_folder: self.is_folder,
            documents: self
                .documents
                .iter()
                .enumerate()
                .filter_map(|(index, d)| {
                    Some((
                        self.validation_path(DocumentId(index))?,
                        d.format,
                        d.document.clone(),
                    ))
                })
                .collect(),
            errors: self.errors.clone(),
        }
    }
}

/// A project: a folder holding a content pack (`content/`), its tracks (`tracks/`) and its
/// missions (`missions/`), the layout of this repository and of `roadwright new-track`'s
/// default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    /// The content pack folder.
    pub content: PathBuf,
    /// Every track file in the tracks folder, by name.
    pub tracks: Vec<PathBuf>,
    /// Every mission file in the missions folder, by name.
    pub missions: Vec<PathBuf>,
    /// Every tile file in the tiles folder, by name (what the Tile tool lays and courses are
    /// built from).
    pub tiles: Vec<PathBuf>,
    /// Every course file in the courses folder, by name.
    pub courses: Vec<PathBuf>,
}

impl Project {
    /// The project `path` belongs to: the project folder itself, its `content/` folder, a file
    /// in its `content/` folder, or a file in its `tracks/`, `missions/`, `tiles/` or `courses/`
    /// folder. `None` when `path` is not in one (a pack folder on its own, a file elsewhere).
    #[must_use]
    pub fn around(path: &Path) -> Option<Self> {
        let named = |p: &Path, name: &str| p.file_name().is_some_and(|n| n == name);
        let root = if path.is_dir() && path.join("content").is_dir() {
            path.to_owned()
        } else if path.is_dir() && named(path, "content") {
            path.parent()?.to_owned()
        } else if path.is_file() {
            let folder = path.parent()?;
            if !["content", "tracks", "missions", "tiles", "courses"]
                .iter()
                .any(|name| named(folder, name))
            {
                return None;
            }
            folder.parent()?.to_owned()
        } else {
            // Nothing there: the studio says so rather than open the project around it.
            return None;
        };
        let content = root.join("content");
        if !content.is_dir() {
            return None;
        }
        let files_in = |folder: &str| {
            let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(folder))
                .map(|entries| {
                    entries
                        .filter_map(Result::ok)
                        .map(|entry| entry.path())
                        .filter(|p| {
                            p.is_file() && p.extension().is_some_and(|e| e == "ron" || e == "json")
                        })
                        .collect()
                })
                .unwrap_or_default();
            files.sort();
            files
        };
        Some(Self {
            content,
            tracks: files_in("tracks"),
            missions: files_in("missions"),
            tiles: files_in("tiles"),
            courses: files_in("courses"),
        })
    }
}
