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
