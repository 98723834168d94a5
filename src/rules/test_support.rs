//! Races for the engine's unit tests: the standard content on a sample track.

use std::path::Path;
use std::sync::Arc;

use super::{Race, RaceRules, RaceSetup};
use crate::validate::open::{open_content, open_track};

/// A race on `track` with the first `players` teams of the standard content.
pub(crate) fn race(track: &str, players: usize, seed: u64) -> Race {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let content = open_content(&root.join("content")).expect("content");
    let track = open_track(
        &root.join(format!("tracks/{track}.ron")),
        &crate::validate::checked::TerrainBook::standard(),
    )
    .expect("track");
    let rules = Arc::new(RaceRules::new(content, track, "standard").expect("rules"));
    let setup = RaceSetup::first_teams(&rules.content, players, seed);
    Race::new(rules, &setup).expect("race")
}

/// A race on the oval with a kind of ground for every cost and effect of the vocabulary painted
/// over a quarter of its paved spaces (which, by `seed`), or `None` when the paint cut the lap.
pub(crate) fn race_on_every_ground(players: usize, seed: u64) -> Option<Race> {
    use rand::{RngExt, SeedableRng};

    use crate::content::terrain::{CountsAs, Effect, GroundKind, Pattern, TerrainFile};
    use crate::content::text::{TerrainId, Text};
    use crate::validate::checked::TerrainBook;
    use crate::validate::checked_track::CheckedTrack;

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let kinds: [(&str, u8, bool, bool, Vec<Effect>); 11] = [
        ("mud", 2, true, true, vec![]),
        ("bog", 3, false, true, vec![]),
        ("ice", 1, false, false, vec![]),
        ("goo", 1, false, true, vec![Effect::Stop]),
        (
            "mine",
            1,
            false,
            true,
            vec![Effect::Damage(2), Effect::Stop],
        ),
        ("glass", 1, false, true, vec![Effect::Slide(2)]),
        ("oil", 1, false, true, vec![Effect::SlideAside(1)]),
        ("ramp", 1, false, true, vec![Effect::Jump(3)]),
        (
            "stunt-ramp",
            1,
            false,
            true,
            vec![Effect::DrawnJump {
                min: 1,
                max: 3,
                faces: None,
            }],
        ),
        ("fire", 1, false, true, vec![Effect::Fire]),
        ("badlands", 1, false, true, vec![Effect::Hazard]),
    ];
    let mut file = TerrainFile::standard();
    for (id, enter_cost, enter_short, lane_changes, effects) in &kinds {
        file.kinds.push(GroundKind {
            id: TerrainId::from(*id),
            name: Text::from(*id),
            colour: Text::from("#808080"),
            pattern: Pattern::Grey,
            counts_as: CountsAs::Road,
            enter_cost: *enter_cost,
            enter_short: *enter_short,
            lane_changes: *lane_changes,
            stacks: *id == "ice",
            effects: effects.clone(),
        });
    }
    let book = TerrainBook::from_file(&file).expect("a valid terrain file");
    let crate::content::Document::Track(mut track) =
        crate::content::Document::load(&root.join("tracks/oval.ron"))
            .expect("oval")
            .document
    else {
        return None;
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for sector in &mut track.sectors {
        for space in &mut sector.spaces {
            if space.terrain.is_paved() && rng.random_range(0..4) == 0 {
                space.terrain = TerrainId::from(kinds[rng.random_range(0..kinds.len())].0);
            }
        }
    }
    // Hazard spots too: the search stops at a face-down token and never looks under it.
    for sector in &mut track.sectors {
        for space in &mut sector.spaces {
            // Not on the trough nor on ice, where cars stack: validation keeps spots off both.
            if ![TerrainId::TROUGH, "ice"].contains(&space.terrain.as_str())
                && rng.random_range(0..8) == 0
            {
                space.hazard = true;
            }
        }
    }
    let checked = CheckedTrack::from_track(&track, &book).ok()?;
    let mut content = open_content(&root.join("content")).expect("content");
    let hazards = crate::content::hazard_deck::HazardDeck {
        kind: crate::content::kind::HazardDeckKind::HazardDeck,
        version: 1,
        name: Text::from("every hazard"),
        hazards: vec![crate::content::hazard_deck::Hazard {
            id: crate::content::text::Id::from("mine"),
            name: Text::from("Mine"),
            count: 20,
            effects: vec![crate::content::hazard_deck::HazardEffect::Damage(1)],
            becomes: Some(TerrainId::from("mud")),
            target: crate::content::hazard_deck::HazardTarget::TheCar,
            drive_on: false,
        }],
    };
    content.hazards =
        Some(crate::validate::hazard_deck::HazardBook::from_deck(&hazards, &book).ok()?);
    content.terrain = book;
    let rules = Arc::new(RaceRules::new(content, checked, "standard").expect("rules"));
    let setup = RaceSetup::first_teams(&rules.content, players, seed);
    Race::new(rules, &setup).ok()
}

/// A race of the mission written in `ron` (its track and content fields are ignored: the oval
/// and the standard content), with every team its sides name.
pub(crate) fn mission_race(ron: &str, seed: u64) -> Race {
    use crate::content::{Document, Format, SourceFile};
    use crate::validate::mission::CheckedMission;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let content = open_content(&root.join("content")).expect("content");
    let track = open_track(
        &root.join("tracks/oval.ron"),
        &crate::validate::checked::TerrainBook::standard(),
    )
    .expect("track");
    let source = SourceFile::from_text(
        std::path::PathBuf::from("mission.ron"),
        ron.to_owned(),
        Format::Ron,
    );
    let Ok(Document::Mission(mission)) = Document::parse(&source) else {
        panic!("not a mission: {ron}");
    };
    let checked = CheckedMission::from_mission(&mission, &content, &track)
        .unwrap_or_else(|d| panic!("{d:#?}"));
    let players = checked.default_players();
    let setup = RaceSetup::for_mission(&content, &checked, players, seed);
    let rules = Arc::new(RaceRules::for_mission(&content, track, checked).expect("rules"));
    Race::new(rules, &setup).expect("race")
}
