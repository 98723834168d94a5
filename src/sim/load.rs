//! Loading what a race is played with: one entry point for the command line and the studio.
//!
//! [`load_race`] opens a content folder and a track file; [`race_from_documents`] takes the
//! documents a front end already holds (the studio's, unsaved edits included). Both check the
//! content, build the [`RaceRules`] and the [`ContentIdentity`] a race record carries.

use std::path::Path;
use std::sync::Arc;

use sha2::{Digest, Sha256};

use super::course_track::CourseFiles;
use super::record::ContentIdentity;
use crate::content::scenario::Scenario;
use crate::content::source::Format;
use crate::content::terrain::TerrainFile;
use crate::content::track::Track;
use crate::content::{Document, RawPack};
use crate::rules::{Race, RaceRules, SetupError};
use crate::validate::Diagnostic;
use crate::validate::checked::{Content, TerrainBook};
use crate::validate::checked_track::CheckedTrack;
use crate::validate::pack::validate_pack;

/// The rules of a race and the identity of the content they came from.
#[derive(Clone, Debug)]
pub struct LoadedRace {
    /// The checked content, track and ruleset.
    pub rules: Arc<RaceRules>,
    /// What the content was: names and hashes.
    pub identity: ContentIdentity,
}

/// Why a race could not be loaded.
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
pub enum LoadRaceError {
    /// The content or the track has errors (or could not be read).
    #[error("the content has errors")]
    Invalid(Vec<Diagnostic>),
    /// The ruleset is not in the content.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Opens a content folder and a track file and makes the rules of a race under `ruleset`. A
/// course file in place of the track is built with course seed 0 ([`load_race_on`]).
pub fn load_race(content: &Path, track: &Path, ruleset: &str) -> Result<LoadedRace, LoadRaceError> {
    load_race_on(content, track, ruleset, 0)
}

/// [`load_race`] with the seed a course file in place of the track is built with
/// ([`super::course_track`]); a track file ignores it.
pub fn load_race_on(
    content: &Path,
    track: &Path,
    ruleset: &str,
    course_seed: u64,
) -> Result<LoadedRace, LoadRaceError> {
    let pack = RawPack::load(content)
        .map_err(|error| LoadRaceError::Invalid(vec![Diagnostic::from_load_error(&error)]))?;
    let loaded = Document::load(track)
        .map_err(|error| LoadRaceError::Invalid(vec![Diagnostic::from_load_error(&error)]))?;
    let raw_track = match &loaded.document {
        Document::Track(raw_track) => raw_track,
        Document::Course(course) => {
            let terrain = crate::validate::open::pack_terrain(&pack);
            let files = CourseFiles::read(track, course.clone(), &terrain)
                .map_err(LoadRaceError::Invalid)?;
            let built = files.track(course_seed).map_err(LoadRaceError::Invalid)?;
            return race_from_documents(&pack, &built, ruleset).map_err(|error| match error {
                LoadRaceError::Invalid(found) => {
                    let mut all = vec![Diagnostic::error_in(
                        track,
                        "course-build",
                        format!(
                            "the track course seed {course_seed} builds has errors (below, at \
                             the lines of the track as `course build` writes it)"
                        ),
                    )];
                    all.extend(found);
                    LoadRaceError::Invalid(all)
                }
                other @ LoadRaceError::Setup(_) => other,
            });
        }
        other => {
            return Err(LoadRaceError::Invalid(vec![Diagnostic::error_in(
                track,
                "not-a-track",
                format!(
                    "{} holds a {}, not a track or a course",
                    track.display(),
                    other.kind()
                ),
            )]));
        }
    };
    let checked = |terrain: &TerrainBook| CheckedTrack::new(raw_track, terrain, &loaded.source);
    let content = checked_content(&pack, &checked)?;
    let checked_track = checked(&content.terrain).map_err(LoadRaceError::Invalid)?;
    rules_of(&pack, content, raw_track, checked_track, ruleset)
}

/// Makes the rules of a race from documents already loaded: a pack and a track, checked
/// against the pack's kinds of ground (diagnostics about the track point into its canonical
/// text).
pub fn race_from_documents(
    pack: &RawPack,
    track: &Track,
    ruleset: &str,
) -> Result<LoadedRace, LoadRaceError> {
    let checked = |terrain: &TerrainBook| CheckedTrack::from_track(track, terrain);
    let content = checked_content(pack, &checked)?;
    let checked_track = checked(&content.terrain).map_err(LoadRaceError::Invalid)?;
    rules_of(pack, content, track, checked_track, ruleset)
}

/// The pack's checked content, or the errors that stop a race: the pack's first, each naming
/// its file, then the track's against the rulebook's grounds when the pack defines no kinds of
/// its own (nor a file it could not read). A pack with its own terrain file that fails has no
/// kinds to check the track against, and checked against the rulebook's every space of the
/// pack's ground would be `terrain-undefined`: fifteen lines about the track hid the one fault
/// (a card count of 0, a missing comma) in another file.
fn checked_content(
    pack: &RawPack,
    check_track: &dyn Fn(&TerrainBook) -> Result<CheckedTrack, Vec<Diagnostic>>,
) -> Result<Content, LoadRaceError> {
    let (content, diagnostics) = validate_pack(pack);
    content.ok_or_else(|| {
        let mut found: Vec<Diagnostic> = diagnostics
            .into_iter()
            .filter(Diagnostic::is_error)
            .collect();
        // A file that could not be read may be the pack's terrain file (a missing comma in
        // it): the pack's kinds are unknown then too.
        let own_ground = !pack.errors.is_empty()
            || pack
                .find(|document| match document {
                    Document::Terrain(file) => Some(file),
                    _ => None,
                })
                .is_some();
        if !own_ground && let Err(track_errors) = check_track(&TerrainBook::standard()) {
            found.extend(track_errors);
        }
        LoadRaceError::Invalid(found)
    })
}

fn rules_of(
    pack: &RawPack,
    content: Content,
    track: &Track,
    checked_track: CheckedTrack,
    ruleset: &str,
) -> Result<LoadedRace, LoadRaceError> {
    let rules = RaceRules::new(content, checked_track, ruleset)?;
    let identity = identify(pack, track, ruleset);
    Ok(LoadedRace {
        rules: Arc::new(rules),
        identity,
    })
}

/// The identity of a pack, a track and a ruleset: their names and the SHA-256 of their
/// canonical text, so that moving or reformatting a file does not change it but any edit does.
#[must_use]
pub fn identify(pack: &RawPack, track: &Track, ruleset: &str) -> ContentIdentity {
    // The pack hash covers what a race reads besides its track and ruleset: the kinds that are
    // the pack's content (`ContentKind::pack_role`: the three decks, the team mats, a hazard
    // deck), and a terrain file unless it holds just the rulebook's grounds (a pack with the standard file plays exactly as one without, so both are the
    // same content). Rulesets are identified one by one (another ruleset added to the pack does
    // not change this race); bot profiles change how players choose, not the rules.
    let hashes = |keep: &dyn Fn(&Document) -> bool| {
        let mut documents: Vec<String> = pack
            .files
            .iter()
            .filter(|f| keep(&f.document))
            .map(|f| sha256(&canonical(&f.document)))
            .collect();
        // Files are identified by what they hold, not where they sit in the folder.
        documents.sort();
        sha256(&documents.join("\n"))
    };
    let pack_hash = hashes(&|d| match d {
        Document::Terrain(file) => file.kinds != TerrainFile::standard().kinds,
        Document::Ruleset(_) => false,
        _ => d.kind().pack_role().in_pack(),
    });
    // Records written before this build hashed every ruleset into the pack too.
    let legacy_pack_hash = hashes(&|d| {
        !matches!(
            d,
            Document::Track(_)
                | Document::Scenario(_)
                | Document::BotProfile(_)
                | Document::TuningSpec(_)
                | Document::Terrain(_)
                | Document::HazardDeck(_)
        )
    });
    let ruleset_hash = pack
        .files
        .iter()
        .find_map(|f| match &f.document {
            Document::Ruleset(r) if r.id.as_str() == ruleset => {
                Some(sha256(&canonical(&f.document)))
            }
            _ => None,
        })
        .unwrap_or_default();
    ContentIdentity {
        track: track.name.to_string(),
        track_hash: track_hash(track),
        pack: pack
            .root
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        pack_hash,
        legacy_pack_hash,
        ruleset: ruleset.to_owned(),
        ruleset_hash,
        mission: None,
        mission_hash: None,
    }
}

/// Checks a scenario as `moves` would use it: its content and track load and check, its
/// position can be set up (players, cars, spaces, cards) and its card can be played. Returns the
/// problems found (empty when the scenario is usable), each naming the scenario file.
#[must_use]
pub fn check_scenario(path: &Path, scenario: &Scenario) -> Vec<Diagnostic> {
    let base = path.parent().unwrap_or(Path::new("."));
    let loaded = match load_race(
        &base.join(scenario.content.as_str()),
        &base.join(scenario.track.as_str()),
        scenario.ruleset.as_str(),
    ) {
        Ok(loaded) => loaded,
        Err(LoadRaceError::Invalid(diagnostics)) => {
            let mut out = vec![Diagnostic::error_in(
                path,
                "scenario",
                format!(
                    "the scenario's content `{}` or track `{}` has errors",
                    scenario.content, scenario.track
                ),
            )];
            out.extend(diagnostics);
            return out;
        }
        Err(LoadRaceError::Setup(e)) => {
            return vec![Diagnostic::error_in(path, "scenario", e.to_string())];
        }
    };
    match Race::from_scenario(loaded.rules, scenario) {
        Ok((mut race, play)) => match race.apply(&play) {
            Ok(()) => Vec::new(),
            Err(_) => vec![Diagnostic::error_in(
                path,
                "scenario",
                format!(
                    "the active car cannot play `{}` in this position",
                    scenario.card
                ),
            )],
        },
        Err(e) => vec![Diagnostic::error_in(path, "scenario", e.to_string())],
    }
}

/// The SHA-256 of a track's canonical text: what a race record and a batch report carry to say
/// which track they were played on, whatever its file is called.
#[must_use]
pub fn track_hash(track: &crate::content::track::Track) -> String {
    sha256(&canonical(&Document::Track(track.clone())))
}

fn canonical(document: &Document) -> String {
    // Saving a parsed document cannot fail for the types we hold; an empty text would only
    // make two such documents look alike, never crash.
    document.to_text(Format::Ron).unwrap_or_default()
}

/// The SHA-256 of a text, in lower-case hex: the digest records, reports and saved searches
/// carry.
#[must_use]
pub fn sha256(text: &str) -> String {
    use std::fmt::Write;
    let digest = Sha256::digest(text.as_bytes());
    digest.iter().fold(String::new(), |mut hex, b| {
        // Writing into a String cannot fail.
        let _ = write!(hex, "{b:02x}");
        hex
    })
}
