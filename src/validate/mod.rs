//! The validation layer: raw content in, checked content or diagnostics out.
//!
//! Validation never stops at the first problem: every file is checked, then what the files must
//! agree on (weapon types, deck size against hand size and players). Each diagnostic carries a
//! severity, a stable code, a message naming the object, and a location (file, line and column
//! where found, and the object for the studio to select).

pub mod bot_profile;
pub mod checked;
pub mod checked_track;
pub mod code_book;
pub mod combat_deck;
pub mod diagnostic;
pub mod drawing;
pub mod ground_words;
pub mod hazard_deck;
pub mod laid_tiles;
pub mod limits;
pub mod locate;
mod missing_links;
pub mod mission;
mod mission_parts;
pub mod mission_words;
pub mod movement_events;
pub mod open;
pub mod pack;
pub mod race_deck;
pub mod report;
pub mod rolling_road;
pub mod ruleset;
pub mod team_mats;
pub mod terrain;
pub mod tile;
pub mod track;
mod track_graph;
pub mod tuning;

pub use diagnostic::{Diagnostic, Fix, Location, ObjectRef, Severity, sort_diagnostics};
pub use limits::Limits;
pub use pack::validate_pack;

use crate::content::{Document, LoadedDocument, RawPack};
use report::FileReport;

/// Validates one file on its own, against the rulebook's numbers ([`Limits::RULEBOOK`]) and
/// grounds. Checks that need another file (a team mat's weapon types) are left to
/// [`validate_pack`].
#[must_use]
pub fn validate_document(loaded: &LoadedDocument) -> Vec<Diagnostic> {
    validate_document_against(
        loaded,
        &terrain::TerrainBook::standard(),
        limits::GRID_POSITIONS,
    )
}

/// [`validate_document`], a track checked against the pack it is raced with: the kinds of
/// ground `terrain` and a starting grid of at least `field` positions (the largest field of
/// the pack's rulesets, [`checked::Content::largest_field`]; what [`open::content_field`]
/// says of a content folder).
#[must_use]
pub fn validate_document_against(
    loaded: &LoadedDocument,
    terrain: &terrain::TerrainBook,
    field: u32,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let limits = Limits::RULEBOOK;
    let mut report = FileReport::new(&loaded.source, &mut out);
    match &loaded.document {
        Document::RaceDeck(deck) => {
            race_deck::check(deck, &limits, &mut report);
        }
        Document::MovementEventDeck(deck) => {
            movement_events::check(deck, &limits, &mut report);
        }
        Document::CombatEventDeck(deck) => {
            combat_deck::check(deck, &mut report);
        }
        Document::TeamMats(mats) => {
            team_mats::check(mats, &limits, None, &mut report);
        }
        Document::Ruleset(ruleset) => {
            ruleset::check(ruleset, &mut report);
        }
        Document::Track(track) => {
            track::check(track, field, terrain, &mut report);
        }
        Document::Terrain(file) => {
            terrain::check(file, &mut report);
        }
        Document::HazardDeck(deck) => {
            hazard_deck::check(deck, terrain, &mut report);
        }
        Document::BotProfile(profile) => bot_profile::check(profile, &mut report),
        Document::Tile(tile) => tile::check(tile, terrain, &mut report),
        // A scenario names a track and a content folder; it is checked against them when it
        // is played (`roadwright moves`), where every unknown team, car or space is reported.
        // A mission names them too; `roadwright validate MISSION` checks it against them
        // (`sim::mission::load_mission`), at its lines. A course names its tiles' folder:
        // building it from them (`roadwright course build`) checks how they join.
        Document::Scenario(_) | Document::Mission(_) | Document::Course(_) => {}
        Document::TuningSpec(spec) => {
            tuning::check(spec, &mut report);
            tuning::check_files(spec, &loaded.source.path, &mut report);
        }
    }
    sort_diagnostics(&mut out);
    out
}

/// Validates what [`RawPack::open`] opened: a pack folder as a pack (files checked together), a
/// folder of tracks or other lone files and single files one by one. Load failures are diagnostics too; the result is sorted.
#[must_use]
pub fn validate_opened(opened: &RawPack) -> Vec<Diagnostic> {
    validate_opened_against(
        opened,
        &terrain::TerrainBook::standard(),
        limits::GRID_POSITIONS,
    )
}

/// [`validate_opened`], lone tracks checked against the pack they are raced with (its kinds of
/// ground `terrain`, its largest `field`, as [`validate_document_against`]); a pack's own
/// tracks are checked against its own.
#[must_use]
pub fn validate_opened_against(
    opened: &RawPack,
    terrain: &terrain::TerrainBook,
    field: u32,
) -> Vec<Diagnostic> {
    // A folder is a content pack when it holds any of a pack's own files (a deck, the team
    // mats, a ruleset); a folder of tracks, scenarios or tuning specs alone is checked file by
    // file, as each would be on its own.
    let is_pack = opened
        .files
        .iter()
        .any(|file| file.document.kind().pack_role().in_pack());
    if opened.is_folder && (is_pack || opened.files.is_empty()) {
        return validate_pack(opened).1;
    }
    let mut out: Vec<Diagnostic> = opened
        .files
        .iter()
        .flat_map(|file| validate_document_against(file, terrain, field))
        .chain(opened.errors.iter().map(Diagnostic::from_load_error))
        .collect();
    sort_diagnostics(&mut out);
    out
}
