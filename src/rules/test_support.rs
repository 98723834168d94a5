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
