//! One document open in the studio: its file, its content as edited, what was last saved, and
//! its undo history.

use std::path::{Path, PathBuf};

use crate::content::save::{SaveError, write_atomic};
use crate::content::source::Format;
use crate::content::{Document, LoadError, LoadedDocument};
use crate::edit::{Edit, EditError, GroupKey, History};

use super::disk_stamp::DiskStamp;
use super::recovery;

/// An open document.
#[derive(Clone, Debug)]
pub struct OpenDocument {
    /// Its file; `None` until a new document is first saved.
    pub path: Option<PathBuf>,
    /// The format it is saved in.
    pub format: Format,
    /// The content as edited.
    pub document: Document,
    /// The content as last saved or loaded (`None` for a new, never saved document).
    saved: Option<Document>,
    /// Undo and redo.
    pub history: History<Document>,
    /// Where a never-saved document's recovery copy goes (a saved one's sits beside its file).
    pub untitled_copy: Option<PathBuf>,
    /// What its file held when last read or written here (`None` for a new document).
    disk: Option<DiskStamp>,
}

impl OpenDocument {
    /// A document loaded from its file.
    #[must_use]
    pub fn loaded(loaded: LoadedDocument) -> Self {
        Self {
            disk: Some(DiskStamp::of(
                &loaded.source.path,
                loaded.source.text.as_bytes(),
            )),
            path: Some(loaded.source.path.clone()),
            format: loaded.source.format,
            saved: Some(loaded.document.clone()),
            document: loaded.document,
            history: History::default(),
            untitled_copy: None,
        }
    }

    /// A new document that has no file yet; its unsaved work is autosaved to `copy`.
    #[must_use]
    pub fn untitled(document: Document, copy: PathBuf) -> Self {
        Self {
            path: None,
            format: Format::Ron,
            document,
            saved: None,
            history: History::default(),
            untitled_copy: Some(copy),
            disk: None,
        }
    }

    /// The name to show: the file name, or "untitled".
    #[must_use]
    pub fn name(&self) -> String {
        self.path.as_deref().and_then(Path::file_name).map_or_else(
            || format!("untitled {}", self.document.kind()),
            |name| name.to_string_lossy().into_owned(),
        )
    }

    /// Whether there are changes not on disk.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.saved.as_ref() != Some(&self.document)
    }

    /// Applies an edit, recording an undo step if it changed anything. On error nothing changes.
    pub fn apply(&mut self, edit: &Edit, group: Option<GroupKey>) -> Result<(), EditError> {
        let before = self.document.clone();
        edit.apply(&mut self.document)?;
        if self.document != before {
            self.history.record(before, edit.label(), group);
        }
        Ok(())
    }

    /// Replaces the content as one undoable step (recovering autosaved work).
    pub fn replace(&mut self, document: Document, label: &str) {
        let before = std::mem::replace(&mut self.document, document);
        self.history.record(before, label, None);
    }

    /// Takes back the last edit; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.undo(self.document.clone()) {
            Some(before) => {
                self.document = before;
                true
            }
            None => false,
        }
    }

    /// Does the last undone edit again; false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.history.redo(self.document.clone()) {
            Some(after) => {
                self.document = after;
                true
            }
            None => false,
        }
    }

    /// Saves to its own file (atomically, keeping a `.bak`), then drops its recovery copy.
    /// A document without a file cannot be saved this way: use [`Self::save_as`].
    pub fn save(&mut self) -> Result<(), SaveError> {
        let Some(path) = self.path.clone() else {
            return Err(SaveError::Io {
                path: PathBuf::from(self.name()),
                source: std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    "it has no file yet; use Save as",
                ),
            });
        };
        let text = self.document.to_text(self.format)?;
        write_atomic(&path, text.as_bytes())?;
        self.disk = Some(DiskStamp::of(&path, text.as_bytes()));
        self.remove_recovery();
        self.saved = Some(self.document.clone());
        Ok(())
    }

    /// Whether its file now holds something other than what the studio last read or wrote:
    /// someone else changed it.
    #[must_use]
    pub fn changed_on_disk(&self) -> bool {
        match (&self.path, &self.disk) {
            (Some(path), Some(stamp)) => stamp.differs_on_disk(path),
            _ => false,
        }
    }

    /// Reads its file again in place of the content as edited, as one undoable step (so the
    /// work it replaces can be taken back). On error nothing changes.
    pub fn reload(&mut self) -> Result<(), LoadError> {
        let Some(path) = self.path.clone() else {
            return Ok(());
        };
        let loaded = Document::load(&path)?;
        self.disk = Some(DiskStamp::of(&path, loaded.source.text.as_bytes()));
        self.format = loaded.source.format;
        self.saved = Some(loaded.document.clone());
        if loaded.document != self.document {
            self.replace(loaded.document, "Reload from disk");
        }
        Ok(())
    }

    /// Takes what its file holds now as what was last read, without reading it into the
    /// content: the user keeps their version, and the next save writes it over the file.
    pub fn accept_disk(&mut self) {
        if let Some(path) = &self.path
            && let Ok(bytes) = std::fs::read(path)
        {
            self.disk = Some(DiskStamp::of(path, &bytes));
        }
    }

    /// Where its recovery copy goes: beside its file, or its own untitled copy.
    #[must_use]
    pub fn recovery_path(&self) -> Option<PathBuf> {
        recovery::path_for(self.path.as_deref(), self.untitled_copy.as_deref())
    }

    /// Writes its recovery copy (nothing for a document with nowhere to put one).
    pub fn write_recovery(&self) -> Result<(), SaveError> {
        match self.recovery_path() {
            Some(path) => recovery::write(&path, &self.document, self.format),
            None => Ok(()),
        }
    }

    /// Removes its recovery copy, if any.
    pub fn remove_recovery(&self) {
        if let Some(path) = self.recovery_path() {
            recovery::remove_copy(&path);
        }
    }

    /// The content its recovery copy holds, if one exists, reads, and differs from what is open.
    #[must_use]
    pub fn find_recovery(&self) -> Option<Document> {
        recovery::find(&self.recovery_path()?, &self.document, self.format)
    }

    /// Saves to a new file, which becomes the document's own; the format follows the extension.
    pub fn save_as(&mut self, path: &Path) -> Result<(), SaveError> {
        // The old copy goes only once the new file is safe: a failed save keeps it.
        let old_copy = self.recovery_path();
        let previous = (self.path.replace(path.to_owned()), self.format);
        self.format = Format::from_path(path).unwrap_or(Format::Ron);
        let result = self.save();
        if result.is_ok() {
            if let Some(copy) = old_copy {
                recovery::remove_copy(&copy);
            }
            self.untitled_copy = None;
        } else {
            (self.path, self.format) = previous;
        }
        result
    }
}
