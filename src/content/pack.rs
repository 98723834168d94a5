//! A content pack: a folder of content files, found by walking it.
//!
//! Files are recognised by their `kind` field, not their names, so a designer may organise a
//! pack as they like. Files that do not end in `.ron` or `.json` (READMEs, backups) are skipped,
//! and so are race records saved among the content files.

use std::fs;
use std::path::{Path, PathBuf};

use super::document::{Document, LoadedDocument};
use super::error::{LoadError, LoadErrorCode};
use super::parse::parse;
use super::source::{Format, SourceFile};

/// How deep a pack's folders may nest; deeper folders are reported, not walked, which also
/// bounds the walk if a folder links back into itself.
pub const MAX_FOLDER_DEPTH: usize = 8;

/// The most folder entries a pack's walk looks at. A pack holds tens of files; a folder past
/// this is no pack (a course whose tiles folder was `/proc` was walked for 90 s, then aborted),
/// and the walk stops there with an error.
pub const MAX_FOLDER_ENTRIES: usize = 100_000;

/// Every content file found in a folder, loaded as far as each could be.
#[derive(Clone, Debug, Default)]
pub struct RawPack {
    /// The folder the pack was loaded from (for a single file, the file's folder).
    pub root: PathBuf,
    /// Whether this is a whole folder (checked as a pack) or files opened one by one (each
    /// checked on its own).
    pub is_folder: bool,
    /// The files that loaded, sorted by path.
    pub files: Vec<LoadedDocument>,
    /// The files that did not, sorted by path. A pack with errors still opens.
    pub errors: Vec<LoadError>,
}

impl RawPack {
    /// Loads every content file below `root`. Only an unreadable `root` is an error; problems
    /// with single files are collected in [`RawPack::errors`].
    pub fn load(root: &Path) -> Result<Self, LoadError> {
        let metadata = fs::metadata(root).map_err(|error| {
            LoadError::new(
                root,
                LoadErrorCode::Io,
                format!("cannot be opened: {error}"),
            )
        })?;
        if !metadata.is_dir() {
            return Err(LoadError::new(
                root,
                LoadErrorCode::NotAFile,
                "is not a folder: a content pack is a folder of content files".to_owned(),
            ));
        }
        // The root of the file system is never a pack: walking it (a hostile race record can
        // name it) would read the whole machine. Nor is a system folder of the kernel's.
        if let Some(what) = root
            .canonicalize()
            .ok()
            .and_then(|real| never_a_pack(&real))
        {
            return Err(LoadError::new(
                root,
                LoadErrorCode::NotAFile,
                format!("is {what}, not a content pack"),
            ));
        }
        let mut paths = Vec::new();
        let mut errors = Vec::new();
        let mut walk = Walk {
            ancestors: Vec::new(),
            entries_left: MAX_FOLDER_ENTRIES,
        };
        collect_files(root, &mut walk, &mut paths, &mut errors);
        if walk.entries_left == 0 {
            errors.push(LoadError::new(
                root,
                LoadErrorCode::NotAFile,
                format!(
                    "holds more than {MAX_FOLDER_ENTRIES} files and folders: it is not a content \
                     folder, and the rest was not read"
                ),
            ));
        }
        paths.sort();
        let mut files = Vec::new();
        for path in paths {
            match Document::load(&path) {
                Ok(loaded) => files.push(loaded),
                Err(_) if is_race_record(&path) => {}
                Err(error) => errors.push(error),
            }
        }
        errors.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(Self {
            root: root.to_owned(),
            is_folder: true,
            files,
            errors,
        })
    }

    /// Opens `path`: a folder as a pack, a file as a set of one. Never fails: a folder that
    /// cannot be listed or a file that cannot be read is an entry of [`RawPack::errors`].
    #[must_use]
    pub fn open(path: &Path) -> Self {
        if path.is_dir() {
            return Self::load(path).unwrap_or_else(|error| Self {
                root: path.to_owned(),
                is_folder: true,
                files: Vec::new(),
                errors: vec![error],
            });
        }
        let mut opened = Self {
            root: path.parent().unwrap_or(path).to_owned(),
            ..Self::default()
        };
        opened.add_file(path);
        opened
    }

    /// Loads one more file into the set (a track opened beside a pack, say).
    pub fn add_file(&mut self, path: &Path) {
        match Document::load(path) {
            Ok(loaded) => self.files.push(loaded),
            Err(error) => self.errors.push(error),
        }
    }

    /// The first loaded document matching `pick`, with its source.
    pub fn find<'a, T>(
        &'a self,
        pick: impl Fn(&'a Document) -> Option<&'a T>,
    ) -> Option<(&'a LoadedDocument, &'a T)> {
        self.files
            .iter()
            .find_map(|loaded| pick(&loaded.document).map(|value| (loaded, value)))
    }
}

/// Files a folder may hold beside its content that are not content.
#[derive(serde::Deserialize, schemars::JsonSchema)]
enum NotContent {
    /// A race record (`race --record`, the studio's Save race record).
    RaceRecord,
}

/// Just the `kind` of a file that is not content; every other field is ignored.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct NotContentHeader {
    #[allow(dead_code)] // Parsed to recognise the file; its value is the one variant.
    kind: NotContent,
}

/// Whether a file is a race record. Records saved in the content folder are skipped when the
/// folder is read as a pack: they are not content, and reporting them as broken content would
/// block validation and races.
fn is_race_record(path: &Path) -> bool {
    SourceFile::read(path).is_ok_and(|source| parse::<NotContentHeader>(&source).is_ok())
}

/// Lists the content files under `folder`, following links: a linked file or folder is read as
/// what it points to, so `validate`, `simulate` and `tune`'s copy of the pack all see the same
/// files (a linked `bots/` folder was validated as absent and then found empty by `simulate`).
/// `ancestors` holds the real paths of the folders being walked: a link back to one of them (a
/// loop) is reported, not followed.
fn collect_files(
    folder: &Path,
    walk: &mut Walk,
    paths: &mut Vec<PathBuf>,
    errors: &mut Vec<LoadError>,
) {
    let ancestors = &mut walk.ancestors;
    let depth = ancestors.len();
    if depth > MAX_FOLDER_DEPTH {
        errors.push(LoadError::new(
            folder,
            LoadErrorCode::NotAFile,
            format!("is nested more than {MAX_FOLDER_DEPTH} folders deep and was not read"),
        ));
        return;
    }
    let real = folder.canonicalize().unwrap_or_else(|_| folder.to_owned());
    if let Some(what) = never_a_pack(&real) {
        // A link inside the pack that leads there (`/proc/self/root` is the whole machine).
        errors.push(LoadError::new(
            folder,
            LoadErrorCode::NotAFile,
            format!("is a link to {what} and was not read"),
        ));
        return;
    }
    if ancestors.contains(&real) {
        errors.push(LoadError::new(
            folder,
            LoadErrorCode::Io,
            "is a link back to a folder that holds it (a loop) and was not read again".to_owned(),
        ));
        return;
    }
    let entries = match fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(error) => {
            errors.push(LoadError::new(
                folder,
                LoadErrorCode::Io,
                format!("cannot be listed: {error}"),
            ));
            return;
        }
    };
    ancestors.push(real);
    for entry in entries.filter_map(Result::ok) {
        if walk.entries_left == 0 {
            break;
        }
        walk.entries_left -= 1;
        let path = entry.path();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        // `metadata` follows links; a broken link is not a folder, and the loader reports it
        // as the file it names.
        if fs::metadata(&path).is_ok_and(|meta| meta.is_dir()) {
            collect_files(&path, walk, paths, errors);
        } else if Format::from_path(&path).is_some() {
            paths.push(path);
        }
    }
    walk.ancestors.pop();
}

/// What a folder is, when it is one no pack is read from: the root of the file system, or a
/// system folder of the kernel's (`/proc`, `/sys`, `/dev`), whose walk reads the machine.
fn never_a_pack(real: &Path) -> Option<&'static str> {
    if real.parent().is_none() {
        return Some("the root of the file system");
    }
    ["/proc", "/sys", "/dev"]
        .iter()
        .any(|system| real.starts_with(system))
        .then_some("a system folder of the kernel's")
}

/// A pack's walk through its folders: the real paths of the folders being walked (a link back
/// to one is a loop), and how many more entries it may look at ([`MAX_FOLDER_ENTRIES`]).
struct Walk {
    ancestors: Vec<PathBuf>,
    entries_left: usize,
}
