//! Save as, asked once more: a track saved under a new file name keeps the id and name it had
//! (other files and records name it by its id), unless the designer says to take the new
//! file's. The question is asked only when the file's name and the track's id differ.

use std::path::{Path, PathBuf};

use super::workspace::{DocumentId, Workspace};
use crate::content::Document;
use crate::content::text::{Id, Text};

/// A Save as waiting on whether to rename the track after its new file.
#[derive(Clone, Debug)]
pub struct RenameQuestion {
    /// The document saved.
    pub document: DocumentId,
    /// Where it is saved.
    pub path: PathBuf,
    /// The track's id now.
    pub old_id: String,
    /// The id the new file's name gives (`dust-bowl-2` from `Dust Bowl 2.ron`).
    pub id: Id,
    /// The name it gives (`Dust Bowl 2`).
    pub name: Text,
}

/// What the designer answered.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RenameAnswer {
    /// Save, with the id and name taken from the new file's name.
    Rename,
    /// Save, keeping the id and name.
    Keep,
    /// Do not save.
    Cancel,
}

impl RenameQuestion {
    /// The question for saving `document` as `path`, when it is a track whose id is not the
    /// file's name.
    #[must_use]
    pub fn for_save_as(workspace: &Workspace, document: DocumentId, path: &Path) -> Option<Self> {
        let Document::Track(track) = &workspace.document(document)?.document else {
            return None;
        };
        let stem = path.file_stem()?.to_str()?;
        let id = id_from(stem)?;
        if id.as_str() == track.id.as_str() {
            return None;
        }
        let name = Text::new(name_from(id.as_str()))?;
        Some(Self {
            document,
            path: path.to_path_buf(),
            old_id: track.id.to_string(),
            id,
            name,
        })
    }

    /// Shows the question; the answer once given.
    #[must_use]
    pub fn show(&self, ctx: &egui::Context) -> Option<RenameAnswer> {
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("rename-question")).show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.heading("Rename the track after its new file?");
            ui.label(format!(
                "The track's id is `{}`; the new file is {}. Other files and race records \
                 name a track by its id.",
                self.old_id,
                self.path.display()
            ));
            ui.horizontal(|ui| {
                if ui
                    .button(format!("Rename to `{}` ({})", self.id, self.name))
                    .clicked()
                {
                    answer = Some(RenameAnswer::Rename);
                }
                if ui.button(format!("Keep `{}`", self.old_id)).clicked() {
                    answer = Some(RenameAnswer::Keep);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(RenameAnswer::Cancel);
                }
            });
        });
        answer
    }
}

/// An id from a file name: lower-case words joined by hyphens (`Dust Bowl 2` -> `dust-bowl-2`);
/// `None` when nothing of it is a letter or a digit.
fn id_from(stem: &str) -> Option<Id> {
    let words: Vec<String> = stem
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    if words.is_empty() {
        return None;
    }
    Id::new(words.join("-"))
}

/// A name from an id: its words, each capitalised (`dust-bowl-2` -> `Dust Bowl 2`).
fn name_from(id: &str) -> String {
    id.split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_gives_an_id_and_a_name() {
        assert_eq!(id_from("Dust Bowl 2").expect("id").as_str(), "dust-bowl-2");
        assert_eq!(id_from("quarry_run").expect("id").as_str(), "quarry-run");
        assert!(id_from("--").is_none());
        assert_eq!(name_from("dust-bowl-2"), "Dust Bowl 2");
    }
}
