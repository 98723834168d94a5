//! Property tests over seeded random races: after every decision at most one car per space
//! outside the trough, no car lost or duplicated, damage below elimination for racing cars,
//! VP conserved between pools, claims and the clock; every race ends well within the turn
//! limit. Runs on all four sample tracks with 2 to 10 players.
//!
//! `ROADWRIGHT_PROPERTY_SEEDS` sets the seeds per track and field size (default 28, so about a
//! thousand races).

use crate::common;

use roadwright::rules::setup::DEFAULT_TURN_LIMIT;
use roadwright::sim::{Bot, RandomBot, play_race};

fn seeds() -> u64 {
    std::env::var("ROADWRIGHT_PROPERTY_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(28)
}

/// Random races on `track`, every invariant checked after every decision (one test per track,
/// so the four run side by side).
fn random_races_keep_every_invariant_on(track: &'static str) {
    let mut races = 0;
    for (label, mut race, seed) in common::sample_races_on(track, seeds()) {
        race.set_logging(false);
        race.check_invariants().expect("setup keeps the invariants");
        let cars = race.cars().len();
        let bots: Vec<Box<dyn Bot + Send>> = (0..race.players().len())
            .map(|p| Box::new(RandomBot::new(seed * 31 + p as u64)) as Box<dyn Bot + Send>)
            .collect();
        if let Err(e) = play_race(
            &mut race,
            &mut roadwright::sim::Seats::from_bots(bots),
            true,
        ) {
            panic!("{label}: {e}");
        }
        assert_eq!(race.cars().len(), cars, "no car created or lost");
        assert!(
            race.turn() < DEFAULT_TURN_LIMIT,
            "{label}: ran to the turn limit"
        );
        races += 1;
    }
    assert_eq!(races, 9 * seeds(), "{track}: every field size and seed");
}

#[test]
fn random_races_keep_every_invariant_on_the_oval() {
    random_races_keep_every_invariant_on("oval");
}

#[test]
fn random_races_keep_every_invariant_on_the_road_course() {
    random_races_keep_every_invariant_on("road-course");
}

#[test]
fn random_races_keep_every_invariant_on_the_figure_eight() {
    random_races_keep_every_invariant_on("figure-eight");
}

#[test]
fn random_races_keep_every_invariant_on_the_thunder_oval() {
    random_races_keep_every_invariant_on("thunder-oval");
}

#[test]
fn the_race_command_plays_every_sample_track() {
    for track in ["oval", "road-course", "figure-eight", "thunder-oval"] {
        let run = common::roadwright(&[
            "race",
            "--track",
            &format!("tracks/{track}.ron"),
            "--players",
            "10",
            "--seed",
            "3",
            "--json",
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
        assert!(report["turns"].as_u64().unwrap_or(0) >= 1);
        assert_eq!(report["players"].as_array().map(Vec::len), Some(10));
    }
}

#[test]
fn the_same_seed_replays_the_same_race_through_the_cli() {
    let args = [
        "race",
        "--track",
        "tracks/oval.ron",
        "--players",
        "4",
        "--seed",
        "12",
    ];
    assert_eq!(
        common::roadwright(&args).stdout,
        common::roadwright(&args).stdout
    );
}
