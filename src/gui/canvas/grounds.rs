//! The kinds of ground the editor offers and draws: the workspace's terrain file, or the
//! rulebook's four when it has none.

use crate::content::terrain::TerrainFile;
use crate::content::text::TerrainId;
use crate::render::legend::Legend;

/// The paint tool's kinds, in the file's order, with their names and colours.
#[derive(Clone, PartialEq, Debug)]
pub struct Grounds {
    /// Each kind's id and name.
    pub kinds: Vec<(TerrainId, String)>,
    /// How each kind is drawn.
    pub legend: Legend,
    /// The file they were read from.
    file: TerrainFile,
}

impl Grounds {
    /// The kinds of a terrain file.
    #[must_use]
    pub fn of(file: &TerrainFile) -> Self {
        Self {
            kinds: file
                .kinds
                .iter()
                .map(|kind| (kind.id.clone(), kind.name.to_string()))
                .collect(),
            legend: Legend::of(file),
            file: file.clone(),
        }
    }

    /// The kinds a race is played on (a checked track's book: a course's tiles' kinds too):
    /// the race's board and the heat map of its batch are drawn in them.
    #[must_use]
    pub fn played_on(book: &crate::validate::checked::TerrainBook) -> Self {
        Self {
            kinds: book
                .kinds()
                .iter()
                .map(|kind| (kind.id.clone(), kind.name.to_string()))
                .collect(),
            legend: Legend::from_kinds(
                book.kinds()
                    .iter()
                    .map(|kind| (kind.id.clone(), kind.colour, kind.pattern)),
            ),
            // Not read from a file: the rulebook's file stands in (a board's grounds are never
            // refreshed from the workspace's).
            file: TerrainFile::standard(),
        }
    }

    /// Reads `file` again when it is not the one these came from (the editor calls this every
    /// frame: an unchanged file costs a comparison, not a rebuild).
    pub fn refresh(&mut self, file: &TerrainFile) {
        if self.file != *file {
            *self = Self::of(file);
        }
    }

    /// The name of a kind, or its id when the file does not define it.
    #[must_use]
    pub fn name(&self, id: &TerrainId) -> String {
        self.kinds
            .iter()
            .find(|(kind, _)| kind == id)
            .map_or_else(|| id.to_string(), |(_, name)| name.clone())
    }
}

impl Default for Grounds {
    fn default() -> Self {
        Self::of(&TerrainFile::standard())
    }
}
