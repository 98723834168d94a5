//! Checks across the files of a content pack.

use std::collections::{BTreeMap, BTreeSet};

use super::checked::{self, Content};
use super::diagnostic::{Diagnostic, Location, ObjectRef, Severity};
use super::limits::{GRID_POSITIONS, Limits};
use super::locate::Needle;
use super::report::FileReport;
use super::terrain::TerrainBook;
use super::{combat_deck, movement_events, race_deck, ruleset, team_mats};
use crate::content::combat_deck::CombatEventDeck;
use crate::content::team_mats::TeamMats;
use crate::content::text::Id;
use crate::content::{ContentKind, Document, LoadedDocument, RawPack};

/// Validates a whole pack: every file on its own, then what files must agree on. Returns the
/// checked content when its files (decks, mats, rulesets, and any file that did not load) have
/// no error, and every diagnostic, sorted, either way. Tracks kept in the pack are checked too,
/// but an error in one does not withhold the content: a race on another track can still run.
#[must_use]
pub fn validate_pack(pack: &RawPack) -> (Option<Content>, Vec<Diagnostic>) {
    let mut out: Vec<Diagnostic> = pack
        .errors
        .iter()
        .map(Diagnostic::from_load_error)
        .collect();
    let by_kind = files_by_kind(pack, &mut out);
    let single = |kind| by_kind.get(&kind).and_then(|files| files.first().copied());

    let (limits, checked_rulesets) = check_rulesets(&by_kind, &mut out);
    check_bot_profiles(&by_kind, &mut out);

    let race_deck = single(ContentKind::RaceDeck).and_then(|loaded| match &loaded.document {
        Document::RaceDeck(deck) => race_deck::check(
            deck,
            &limits,
            &mut FileReport::new(&loaded.source, &mut out),
        ),
        _ => None,
    });
    let movement_events =
        single(ContentKind::MovementEventDeck).and_then(|loaded| match &loaded.document {
            Document::MovementEventDeck(deck) => movement_events::check(
                deck,
                &limits,
                &mut FileReport::new(&loaded.source, &mut out),
            ),
            _ => None,
        });
    let combat_file =
        single(ContentKind::CombatEventDeck).and_then(|loaded| match &loaded.document {
            Document::CombatEventDeck(deck) => Some((loaded, deck)),
            _ => None,
        });
    let combat = combat_file.and_then(|(loaded, deck)| {
        combat_deck::check(deck, &mut FileReport::new(&loaded.source, &mut out))
    });
    let declared: Option<BTreeSet<&str>> =
        combat_file.map(|(_, deck)| deck.weapon_types.iter().map(|w| w.id.as_str()).collect());
    let teams_file = single(ContentKind::TeamMats).and_then(|loaded| match &loaded.document {
        Document::TeamMats(mats) => Some((loaded, mats)),
        _ => None,
    });
    let teams = teams_file.and_then(|(loaded, mats)| {
        team_mats::check(
            mats,
            &limits,
            declared.as_ref(),
            &mut FileReport::new(&loaded.source, &mut out),
        )
    });

    if let (Some((combat_loaded, deck)), Some((_, mats))) = (combat_file, teams_file) {
        warn_unused_weapons(
            deck,
            mats,
            &mut FileReport::new(&combat_loaded.source, &mut out),
        );
    }

    let grounds = check_grounds(&by_kind, &mut out);
    let (terrain, track_terrain, hazards, has_hazard_deck) = (
        grounds.terrain,
        grounds.track_terrain,
        grounds.hazards,
        grounds.has_hazard_deck,
    );

    let content = match (race_deck, movement_events, combat, teams, terrain, hazards) {
        (
            Some(race_deck),
            Some(movement_events),
            Some((weapon_types, combat_deck)),
            Some(teams),
            Some(terrain),
            Ok(hazards),
        ) if !checked_rulesets.is_empty() && !out.iter().any(Diagnostic::is_error) => {
            Some(Content {
                race_deck,
                movement_events,
                weapon_types,
                combat_deck,
                teams,
                rulesets: checked_rulesets,
                terrain,
                hazards,
            })
        }
        _ => None,
    };
    // A track must seat the largest field of the pack's rulesets; the rulebook's 40 when
    // they did not check.
    let field = content
        .as_ref()
        .map_or(GRID_POSITIONS, Content::largest_field);
    // Tracks are checked after the content is judged: a track with errors is not playable, but
    // it does not make the decks and mats unplayable on another track.
    for loaded in by_kind.get(&ContentKind::Track).into_iter().flatten() {
        if let Document::Track(track) = &loaded.document {
            let mut report = FileReport::new(&loaded.source, &mut out);
            super::track::check(track, field, &track_terrain, &mut report);
            if !has_hazard_deck {
                super::track::warn_spots_without_deck(track, &track_terrain, &mut report);
            }
        }
    }

    super::diagnostic::sort_diagnostics(&mut out);
    (content, out)
}

/// What a pack's optional terrain file and hazard deck gave.
struct Grounds {
    /// The checked kinds of ground: the standard four without a terrain file, `None` when the
    /// file has errors.
    terrain: Option<TerrainBook>,
    /// What the pack's tracks are checked against: its kinds, or the rulebook's four when its
    /// terrain file is broken (so that the tracks' other problems show).
    track_terrain: TerrainBook,
    /// The checked hazards: `Ok(None)` without a hazard deck, `Err` when the deck has errors.
    hazards: Result<Option<super::hazard_deck::HazardBook>, ()>,
    /// Whether the pack holds a hazard deck at all.
    has_hazard_deck: bool,
}

/// Checks the pack's terrain file and hazard deck, both optional.
fn check_grounds(
    by_kind: &BTreeMap<ContentKind, Vec<&LoadedDocument>>,
    out: &mut Vec<Diagnostic>,
) -> Grounds {
    let single = |kind| by_kind.get(&kind).and_then(|files| files.first().copied());
    // A pack without a terrain file plays on the rulebook's grounds; one with a broken terrain
    // file plays on none (its tracks are still checked against the rulebook's, so that their
    // other problems show).
    let terrain_file = single(ContentKind::Terrain).and_then(|loaded| match &loaded.document {
        Document::Terrain(file) => Some((loaded, file)),
        _ => None,
    });
    let terrain = match terrain_file {
        Some((loaded, file)) => {
            super::terrain::check(file, &mut FileReport::new(&loaded.source, out))
        }
        None => Some(TerrainBook::standard()),
    };
    let track_terrain = terrain.clone().unwrap_or_else(TerrainBook::standard);
    // The hazard deck is optional too; its hazards name kinds of the pack's terrain.
    let hazard_file = single(ContentKind::HazardDeck).map(|loaded| match &loaded.document {
        Document::HazardDeck(deck) => super::hazard_deck::check(
            deck,
            &track_terrain,
            &mut FileReport::new(&loaded.source, out),
        )
        .ok_or(()),
        _ => Err(()),
    });
    let has_hazard_deck = hazard_file.is_some();
    let hazards = match hazard_file {
        None => Ok(None),
        Some(Ok(book)) => Ok(Some(book)),
        Some(Err(())) => Err(()),
    };

    Grounds {
        terrain,
        track_terrain,
        hazards,
        has_hazard_deck,
    }
}

/// Warns about weapon types no car carries: their columns on every combat card are dead weight.
fn warn_unused_weapons(deck: &CombatEventDeck, mats: &TeamMats, report: &mut FileReport<'_>) {
    let carried: BTreeSet<&str> = mats
        .teams
        .iter()
        .flat_map(|team| team.cars.iter().map(|car| car.weapon.as_str()))
        .collect();
    for weapon in &deck.weapon_types {
        if !carried.contains(weapon.id.as_str()) {
            report.warning(
                "unused-weapon-type",
                Some(ObjectRef::WeaponType {
                    id: weapon.id.clone(),
                }),
                &[Needle::Value(weapon.id.as_str())],
                format!(
                    "weapon type `{}` is carried by no car on any team mat",
                    weapon.id
                ),
            );
        }
    }
}

/// Checks every ruleset file and derives the limits the other files are checked against.
fn check_rulesets(
    by_kind: &BTreeMap<ContentKind, Vec<&LoadedDocument>>,
    out: &mut Vec<Diagnostic>,
) -> (Limits, BTreeMap<Id, checked::Ruleset>) {
    let rulesets: Vec<_> = by_kind
        .get(&ContentKind::Ruleset)
        .into_iter()
        .flatten()
        .filter_map(|loaded| match &loaded.document {
            Document::Ruleset(value) => Some((*loaded, value)),
            _ => None,
        })
        .collect();
    let limits = Limits::from_rulesets(rulesets.iter().map(|(_, ruleset)| *ruleset));
    let mut checked_rulesets = BTreeMap::new();
    let mut ruleset_ids = BTreeSet::new();
    for (loaded, value) in &rulesets {
        let mut report = FileReport::new(&loaded.source, out);
        if !ruleset_ids.insert(value.id.as_str()) {
            report.error(
                "duplicate-id",
                Some(ObjectRef::Ruleset {
                    id: value.id.clone(),
                }),
                &[Needle::Field("id")],
                format!("ruleset id `{}` is used by more than one file", value.id),
            );
        }
        if let Some(checked) = ruleset::check(value, &mut report) {
            checked_rulesets.insert(checked.id.clone(), checked);
        }
    }

    (limits, checked_rulesets)
}

/// Checks every bot profile, and that no two files share a profile id (`simulate --bots` names
/// a profile by id: two files of one id would make the choice an accident of file order).
fn check_bot_profiles(
    by_kind: &BTreeMap<ContentKind, Vec<&LoadedDocument>>,
    out: &mut Vec<Diagnostic>,
) {
    let mut ids = BTreeSet::new();
    // The card kinds and kinds of ground a restriction may name: the pack's, and the
    // rulebook's four kinds of ground when it has no terrain file.
    let documents = by_kind.values().flatten().map(|l| &l.document);
    let mut known = super::bot_profile::Known::default();
    for document in documents {
        match document {
            Document::RaceDeck(deck) => known.cards.extend(deck.cards.iter().map(|c| c.id.clone())),
            Document::Terrain(file) => known
                .grounds
                .extend(file.kinds.iter().map(|k| k.id.clone())),
            _ => {}
        }
    }
    if !by_kind.contains_key(&ContentKind::Terrain) {
        known.grounds.extend(
            super::terrain::TerrainBook::standard()
                .kinds()
                .iter()
                .map(|k| k.id.clone()),
        );
    }
    for loaded in by_kind.get(&ContentKind::BotProfile).into_iter().flatten() {
        let Document::BotProfile(profile) = &loaded.document else {
            continue;
        };
        let mut report = FileReport::new(&loaded.source, out);
        if !ids.insert(profile.id.as_str()) {
            report.error(
                "duplicate-id",
                Some(ObjectRef::BotProfile {
                    id: profile.id.clone(),
                }),
                &[Needle::Field("id")],
                format!(
                    "bot profile id `{}` is used by more than one file",
                    profile.id
                ),
            );
        }
        super::bot_profile::check(profile, &mut report);
        super::bot_profile::check_restrictions(profile, &known, &mut report);
    }
}

/// Groups the loaded files by kind and reports missing and duplicated files.
fn files_by_kind<'a>(
    pack: &'a RawPack,
    out: &mut Vec<Diagnostic>,
) -> BTreeMap<ContentKind, Vec<&'a LoadedDocument>> {
    let mut by_kind: BTreeMap<ContentKind, Vec<&LoadedDocument>> = BTreeMap::new();
    for loaded in &pack.files {
        by_kind
            .entry(loaded.document.kind())
            .or_default()
            .push(loaded);
    }
    let failed_kinds_unknown = !pack.errors.is_empty();
    // A folder nothing could be read from is described by its load errors alone; listing every
    // kind as missing would only bury them.
    let nothing_read = pack.files.is_empty() && failed_kinds_unknown;
    // What each kind is to a pack ([`crate::content::PackRole`]): the decks and mats are one
    // each, the rulesets at least one, the terrain file and the hazard deck at most one each
    // (without them the pack plays on the rulebook's grounds, with no hazards).
    for &kind in ContentKind::ALL {
        let role = kind.pack_role();
        let files = by_kind.get(&kind).map_or(&[][..], Vec::as_slice);
        if files.is_empty() && !nothing_read && role.required() {
            // When some file failed to load it may be the missing one; say so rather than
            // claiming the pack lacks it.
            let because = if failed_kinds_unknown {
                " (or it is among the files that failed to load)"
            } else {
                ""
            };
            out.push(Diagnostic {
                severity: Severity::Error,
                code: "missing-file",
                message: format!("the pack has no {kind} file{because}"),
                location: Location {
                    file: Some(pack.root.clone()),
                    ..Location::default()
                },
                play: None,
                fix: None,
            });
        }
        if role.single() {
            for extra in files.iter().skip(1) {
                out.push(Diagnostic {
                    severity: Severity::Error,
                    code: "duplicate-file",
                    message: format!(
                        "a pack holds one {kind} file, and {} is already one",
                        files[0].source.path.display()
                    ),
                    location: Location {
                        file: Some(extra.source.path.clone()),
                        ..Location::default()
                    },
                    play: None,
                    fix: None,
                });
            }
        }
    }
    by_kind
}
