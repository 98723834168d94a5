//! The tile shelf: the tiles of the project's `tiles/` folder, which the tile tool lays at the
//! end of the lap, and the selection saved as a new tile there.
//!
//! Tiles are files the studio writes straight to disk (no open document, no undo): a tile is
//! saved whole, under a new name, and never replaces a file that is there.

use std::path::{Path, PathBuf};

use crate::content::text::Id;
use crate::content::tile::Tile;
use crate::content::track::{SpaceRef, Track};
use crate::content::{Document, Format, RawPack};

/// The tiles at hand and the one the tile tool lays.
#[derive(Clone, Debug, Default)]
pub struct TileShelf {
    /// The folder read (`None` until the editor sets one).
    pub folder: Option<PathBuf>,
    /// Its tiles, sorted by id.
    pub tiles: Vec<Tile>,
    /// The tile the tool lays, by id.
    pub chosen: Option<Id>,
    /// The files of the folder that could not be read or are not sound tiles, said in the
    /// inspector.
    pub problems: Vec<String>,
    /// The id a new tile is saved under.
    pub draft_id: String,
    /// The name a new tile is saved with.
    pub draft_name: String,
}

impl TileShelf {
    /// Reads `folder`'s tiles when it is not the folder already read (or `force`).
    pub fn load(&mut self, folder: &Path, force: bool) {
        if !force && self.folder.as_deref() == Some(folder) {
            return;
        }
        self.folder = Some(folder.to_owned());
        self.tiles.clear();
        self.problems.clear();
        if !folder.is_dir() {
            return;
        }
        let opened = RawPack::open(folder);
        self.problems
            .extend(opened.errors.iter().map(ToString::to_string));
        for file in &opened.files {
            if let Document::Tile(tile) = &file.document {
                let errors: Vec<String> = crate::validate::validate_document(file)
                    .into_iter()
                    .filter(crate::validate::Diagnostic::is_error)
                    .map(|d| d.to_string())
                    .collect();
                if errors.is_empty() {
                    self.tiles.push(tile.clone());
                } else {
                    self.problems.extend(errors);
                }
            }
        }
        self.tiles.sort_by(|a, b| a.id.cmp(&b.id));
        if self
            .chosen
            .as_ref()
            .is_none_or(|id| !self.tiles.iter().any(|t| t.id == *id))
        {
            self.chosen = self.tiles.first().map(|t| t.id.clone());
        }
    }

    /// The tile the tool lays.
    #[must_use]
    pub fn chosen_tile(&self) -> Option<&Tile> {
        let id = self.chosen.as_ref()?;
        self.tiles.iter().find(|t| t.id == *id)
    }

    /// Saves the lap sectors holding `selection` on `track` as a tile named by the drafts, in
    /// the shelf's folder (made if missing), and chooses it. Returns what to tell the designer:
    /// where it went, or why nothing was written.
    pub fn save_selection(
        &mut self,
        track: &Track,
        selection: &[SpaceRef],
    ) -> Result<String, String> {
        let folder = self
            .folder
            .clone()
            .ok_or_else(|| "There is no tiles folder to save into".to_owned())?;
        let id = self.draft_id.trim().to_owned();
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(format!(
                "A tile's id names its file: use letters, digits, - and _ (not `{id}`)"
            ));
        }
        let name = if self.draft_name.trim().is_empty() {
            id.clone()
        } else {
            self.draft_name.trim().to_owned()
        };
        let tile =
            crate::stretch::course::tile_from(track, selection, &id, &name).ok_or_else(|| {
                "Select spaces of one run of consecutive lap sectors to save them as a tile"
                    .to_owned()
            })?;
        let path = folder.join(format!("{id}.ron"));
        if path.exists() {
            return Err(format!(
                "{} exists: give the tile another id (a saved tile is never replaced)",
                path.display()
            ));
        }
        std::fs::create_dir_all(&folder)
            .map_err(|e| format!("{}: cannot make the folder: {e}", folder.display()))?;
        let said = format!(
            "Saved tile `{id}` ({} sectors, enters on {} lanes, leaves on {}) to {}",
            tile.sectors.len(),
            tile.entry_lanes(),
            tile.exit_lanes(),
            path.display()
        );
        let text = Document::Tile(tile)
            .to_text(Format::Ron)
            .map_err(|e| e.to_string())?;
        crate::content::save::write_atomic_without_backup(&path, text.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        self.load(&folder, true);
        self.chosen = Some(Id::from(id.as_str()));
        self.draft_id.clear();
        self.draft_name.clear();
        Ok(said)
    }
}
