//! Opening what a race is played with: a content folder and a track file, loaded and checked.

use std::path::Path;

use super::checked::Content;
use super::checked_track::CheckedTrack;
use super::diagnostic::Diagnostic;
use super::pack::validate_pack;
use super::report::FileReport;
use super::terrain::TerrainBook;
use crate::content::{Document, RawPack};

/// Loads and checks a content folder. Returns its errors (warnings dropped) if it cannot race.
pub fn open_content(dir: &Path) -> Result<Content, Vec<Diagnostic>> {
    let pack = match RawPack::load(dir) {
        Ok(pack) => pack,
        Err(error) => return Err(vec![Diagnostic::from_load_error(&error)]),
    };
    let (content, diagnostics) = validate_pack(&pack);
    content.ok_or_else(|| {
        diagnostics
            .into_iter()
            .filter(Diagnostic::is_error)
            .collect()
    })
}

/// The kinds of ground of a pack: its terrain file's when it has one without errors, else the
/// rulebook's four (a broken terrain file is reported by the pack's validation).
#[must_use]
pub fn pack_terrain(pack: &RawPack) -> TerrainBook {
    checked_pack_terrain(pack).unwrap_or_else(|_| TerrainBook::standard())
}

/// The kinds of ground of the content folder at `content`: its pack's ([`pack_terrain`]), or the
/// rulebook's four when there is no folder there. What a lone track, tile or course is checked
/// and built against when it is raced with that content: `validate`, `course build`, `race`,
/// `simulate`, `print` and the studio all ask this (or [`pack_terrain`] of a pack they hold).
#[must_use]
pub fn content_terrain(content: &std::path::Path) -> TerrainBook {
    if content.is_dir() {
        pack_terrain(&RawPack::open(content))
    } else {
        TerrainBook::standard()
    }
}

/// The largest field of the content folder at `content`: the grid positions a lone track raced
/// with it must hold ([`Content::largest_field`]). The rulebook's 40 when there is no folder
/// there or its pack does not check (its errors are the pack's validation's to report).
#[must_use]
pub fn content_field(content: &Path) -> u32 {
    if !content.is_dir() {
        return super::limits::GRID_POSITIONS;
    }
    open_content(content).map_or(super::limits::GRID_POSITIONS, |c| c.largest_field())
}

/// The content folder what is at `path` is raced with: a project folder's own `content/` (the
/// project holds its pack beside its tracks, tiles and courses), else `content` (`--content`).
#[must_use]
pub fn content_for(path: &std::path::Path, content: &std::path::Path) -> std::path::PathBuf {
    let own = path.join("content");
    if own.is_dir() {
        own
    } else {
        content.to_owned()
    }
}

/// The kinds of ground what `opened` holds is checked against: its own pack's when it holds a
/// terrain file (a pack folder, or a project folder with its `content/`), else those of the
/// content folder at `content` ([`content_for`], [`content_terrain`]) it is raced with. The one
/// place `validate` decides which pack a lone track, tile or course is checked against.
#[must_use]
pub fn terrain_for(opened: &RawPack, content: &std::path::Path) -> TerrainBook {
    let holds_terrain = opened
        .files
        .iter()
        .any(|file| matches!(file.document, Document::Terrain(_)));
    if holds_terrain {
        pack_terrain(opened)
    } else {
        content_terrain(content)
    }
}

/// The kinds of ground of a pack: its terrain file's, the rulebook's four when it has none, or
/// the terrain file's errors. For what draws or checks a track by the pack's kinds, which must
/// not quietly fall back to the rulebook's when the pack's own file is broken.
pub fn checked_pack_terrain(pack: &RawPack) -> Result<TerrainBook, Vec<Diagnostic>> {
    let Some((loaded, file)) = pack.find(|document| match document {
        Document::Terrain(file) => Some(file),
        _ => None,
    }) else {
        return Ok(TerrainBook::standard());
    };
    let mut found = Vec::new();
    let book = super::terrain::check(file, &mut FileReport::new(&loaded.source, &mut found));
    book.ok_or_else(|| found.into_iter().filter(Diagnostic::is_error).collect())
}

/// Loads a track file and checks it against the kinds of ground of its pack (`terrain`).
pub fn open_track(path: &Path, terrain: &TerrainBook) -> Result<CheckedTrack, Vec<Diagnostic>> {
    let loaded = Document::load(path).map_err(|error| vec![Diagnostic::from_load_error(&error)])?;
    match &loaded.document {
        Document::Track(track) => CheckedTrack::new(track, terrain, &loaded.source),
        other => Err(vec![Diagnostic::error_in(
            path,
            "not-a-track",
            format!("{} holds a {}, not a track", path.display(), other.kind()),
        )]),
    }
}
