//! The tile shelf: the tiles of the project's `tiles/` folder, which the tile tool lays at the
//! end of the lap, and the selection saved as a new tile there.
//!
//! Tiles are files the studio writes straight to disk (no open document, no undo): a tile is
//! saved whole, under a new name, and never replaces a file that is there.

use crate::validate::checked::TerrainBook;
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
    /// The id the laid tiles are saved under as a course.
    pub draft_course: String,
}

impl TileShelf {
    /// Reads `folder`'s tiles when it is not the folder already read (or `force`), each
    /// checked against the kinds of ground `terrain` gives (the pack's as edited: a tile
    /// painted with the pack's own ground is the pack's tile).
    pub fn load(&mut self, folder: &Path, force: bool, terrain: impl FnOnce() -> TerrainBook) {
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
        let terrain = terrain();
        self.problems
            .extend(opened.errors.iter().map(ToString::to_string));
        for file in &opened.files {
            if let Document::Tile(tile) = &file.document {
                let errors: Vec<String> =
                    // A tile has no grid: no field to seat.
                    crate::validate::validate_document_against(file, &terrain, 0)
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

    /// Saves the tiles the tile tool laid on `track`, in order, as a fixed course named by the
    /// draft in `folder` (its tiles named relative to it, its route the track's), never over a
    /// file that exists. Returns what to tell the designer.
    pub fn save_course(&mut self, track: &Track, folder: &Path) -> Result<String, String> {
        let tiles = self
            .folder
            .clone()
            .ok_or_else(|| "There is no tiles folder the tiles came from".to_owned())?;
        let id = file_id(&self.draft_course, "course")?;
        let path = folder.join(format!("{id}.ron"));
        if path.exists() {
            return Err(format!(
                "{} exists: give the course another id (a saved course is never replaced)",
                path.display()
            ));
        }
        std::fs::create_dir_all(folder)
            .map_err(|e| format!("{}: cannot make the folder: {e}", folder.display()))?;
        let course = crate::content::course::Course {
            kind: crate::content::kind::CourseKind::Course,
            version: crate::content::course::Course::VERSION,
            id: Id::from(id.as_str()),
            name: crate::content::text::Text::from(id.as_str()),
            tiles: crate::content::text::Text::from(
                crate::content::relative_path::relative_path(&tiles, folder).as_str(),
            ),
            layout: crate::content::course::Layout::Fixed(
                track.tiles.iter().map(|laid| laid.tile.clone()).collect(),
            ),
            route: track.route,
            rolling: track.rolling,
        };
        let text = Document::Course(course)
            .to_text(Format::Ron)
            .map_err(|e| e.to_string())?;
        crate::content::save::write_atomic_without_backup(&path, text.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        self.draft_course.clear();
        Ok(format!(
            "Saved course `{id}` ({} in order) to {}",
            crate::gui::plural::counted(track.tiles.len(), "tile"),
            path.display()
        ))
    }

    /// Saves the lap sectors holding `selection` on `track` as a tile named by the drafts, in
    /// the shelf's folder (made if missing), and chooses it. Returns what to tell the designer:
    /// where it went, or why nothing was written. The shelf is read again, its tiles checked
    /// against `terrain` (the pack's kinds of ground, which the saved tile may be painted with).
    pub fn save_selection(
        &mut self,
        track: &Track,
        selection: &[SpaceRef],
        terrain: &TerrainBook,
    ) -> Result<String, String> {
        let folder = self
            .folder
            .clone()
            .ok_or_else(|| "There is no tiles folder to save into".to_owned())?;
        let id = file_id(&self.draft_id, "tile")?;
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
        self.load(&folder, true, || terrain.clone());
        self.chosen = Some(Id::from(id.as_str()));
        self.draft_id.clear();
        self.draft_name.clear();
        Ok(said)
    }
}

/// A draft id fit to name a file (letters, digits, - and _), or why not, for a `what`.
fn file_id(draft: &str, what: &str) -> Result<String, String> {
    let id = draft.trim().to_owned();
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(format!(
            "A {what}'s id names its file: use letters, digits, - and _ (not `{id}`)"
        ));
    }
    Ok(id)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::TileShelf;
    use crate::content::Document;
    use crate::validate::checked::TerrainBook;

    /// The Devil's Run pack's kinds of ground, which define `mud`.
    fn devils_run_terrain() -> TerrainBook {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/devils-run/content/terrain.ron");
        let Document::Terrain(file) = Document::load(&path).expect("terrain").document else {
            panic!("a terrain file");
        };
        TerrainBook::from_file(&file).expect("checked")
    }

    #[test]
    fn a_tile_painted_with_the_packs_own_ground_is_on_the_shelf_of_that_pack() {
        let folder = tempfile::tempdir().expect("temp dir");
        let rough =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tiles/rough.ron"))
                .expect("tile");
        std::fs::write(
            folder.path().join("mud.ron"),
            rough
                .replace("terrain: \"rough\"", "terrain: \"mud\"")
                .replace("id: \"rough\"", "id: \"mud\""),
        )
        .expect("write");
        let mut shelf = TileShelf::default();
        shelf.load(folder.path(), true, devils_run_terrain);
        assert_eq!(shelf.tiles.len(), 1, "{:?}", shelf.problems);
        assert!(shelf.problems.is_empty(), "{:?}", shelf.problems);
        // On a pack of the rulebook's grounds the same tile is refused, saying why.
        shelf.load(folder.path(), true, TerrainBook::standard);
        assert!(shelf.tiles.is_empty());
        assert!(
            shelf.problems.iter().any(|p| p.contains("`mud` ground")),
            "{:?}",
            shelf.problems
        );
    }
}
