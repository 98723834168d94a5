//! Race records: `race --record` writes one, `replay` plays it again byte for byte, `--to N`
//! stops after decision N, other content is refused; a golden file pins what seeds mean.

mod common;

use roadwright::rules::{Race, RaceSetup};
use roadwright::sim::{Bot, RandomBot};
use sha2::{Digest, Sha256};

fn record_race(track: &str, players: &str, seed: &str, record: &std::path::Path) -> String {
    let run = common::roadwright(&[
        "race",
        "--track",
        &format!("tracks/{track}.ron"),
        "--players",
        players,
        "--seed",
        seed,
        "--json",
        "--record",
        record.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
}

#[test]
fn a_record_replays_byte_for_byte_on_every_sample_track() {
    let dir = tempfile::tempdir().expect("temp dir");
    for track in common::SAMPLE_TRACKS {
        let record = dir.path().join(format!("{track}.json"));
        let raced = record_race(track, "5", "21", &record);
        let replayed = common::roadwright(&["replay", record.to_str().expect("path"), "--json"]);
        assert_eq!(replayed.code, 0, "{track}: {}", replayed.stderr);
        assert_eq!(replayed.stdout, raced, "{track}: the replay differs");
        let report: serde_json::Value = serde_json::from_str(&raced).expect("json");
        assert!(report["events"].as_array().is_some_and(|e| e.len() > 100));
    }
}

#[test]
fn replay_to_n_gives_the_position_after_decision_n() {
    let dir = tempfile::tempdir().expect("temp dir");
    let record = dir.path().join("oval.json");
    let full: serde_json::Value =
        serde_json::from_str(&record_race("oval", "4", "9", &record)).expect("json");
    let run = common::roadwright(&[
        "replay",
        record.to_str().expect("path"),
        "--to",
        "40",
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let part: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(part["decisions"], 40);
    assert_eq!(part["over"], false);
    let (part_events, full_events) = (
        part["events"].as_array().expect("events"),
        full["events"].as_array().expect("events"),
    );
    assert!(part_events.len() < full_events.len());
    assert_eq!(
        part_events[..],
        full_events[..part_events.len()],
        "a prefix"
    );
    let beyond = common::roadwright(&["replay", record.to_str().expect("path"), "--to", "999999"]);
    assert_eq!(beyond.code, 1);
    assert!(beyond.stderr.contains("holds"), "{}", beyond.stderr);
}

#[test]
fn a_record_made_on_other_content_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let record = dir.path().join("oval.json");
    record_race("oval", "4", "3", &record);
    let pack = common::copy_of_standard_pack();
    let deck = pack.path().join("race_deck.ron");
    let text = std::fs::read_to_string(&deck).expect("deck");
    std::fs::write(&deck, text.replacen("count: 4", "count: 5", 1)).expect("edit");
    let run = common::roadwright(&[
        "replay",
        record.to_str().expect("path"),
        "--content",
        pack.path().to_str().expect("path"),
    ]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stderr.contains("made on other content: its pack"),
        "{}",
        run.stderr
    );
    // The same pack copied elsewhere, unedited, is the same content.
    let same = common::copy_of_standard_pack();
    let run = common::roadwright(&[
        "replay",
        record.to_str().expect("path"),
        "--content",
        same.path().to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let other_track = common::roadwright(&[
        "replay",
        record.to_str().expect("path"),
        "--track",
        "tracks/road-course.ron",
    ]);
    assert_eq!(other_track.code, 1);
    assert!(
        other_track.stderr.contains("its track `Dust Bowl Oval`"),
        "{}",
        other_track.stderr
    );
}

#[test]
fn a_broken_record_is_reported_with_its_line_and_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    let record = dir.path().join("broken.json");
    std::fs::write(
        &record,
        "{\n  \"kind\": \"RaceRecord\",\n  \"version\": x\n}\n",
    )
    .expect("write");
    let run = common::roadwright(&["replay", record.to_str().expect("path")]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("broken.json:3:"), "{}", run.stderr);
}

/// The fingerprint of a seeded race: its number of events and the SHA-256 of their JSON.
fn fingerprint(track: &str, players: usize, seed: u64) -> String {
    let rules = common::race_rules(track, "standard");
    let setup = RaceSetup::first_teams(&rules.content, players, seed);
    let mut race = Race::new(rules, &setup).expect("setup");
    let mut bots: Vec<Box<dyn Bot + Send>> = (0..players)
        .map(|p| Box::new(RandomBot::new(seed * 1000 + p as u64)) as Box<dyn Bot + Send>)
        .collect();
    roadwright::sim::play_race(&mut race, &mut bots, false).expect("race");
    let json = serde_json::to_string(race.events()).expect("json");
    let digest = Sha256::digest(json.as_bytes())
        .iter()
        .fold(String::new(), |mut hex, b| {
            use std::fmt::Write;
            let _ = write!(hex, "{b:02x}");
            hex
        });
    format!("{track} {players} {seed} {} {digest}", race.events().len())
}

#[test]
fn seeds_keep_their_meaning_golden_event_streams() {
    // If this fails after a dependency update (a shuffle, an RNG), a seed no longer means the
    // race it meant: every record ever written would replay differently. Re-bless only for a
    // deliberate rules change: `ROADWRIGHT_BLESS=1 cargo test --test race_records`.
    let path = common::repo("tests/golden/event_streams.txt");
    let now: Vec<String> = [
        ("oval", 4, 1),
        ("road-course", 2, 7),
        ("figure-eight", 6, 3),
        ("thunder-oval", 10, 11),
    ]
    .into_iter()
    .map(|(track, players, seed)| fingerprint(track, players, seed))
    .collect();
    let text = now.join("\n") + "\n";
    if std::env::var_os("ROADWRIGHT_BLESS").is_some() {
        std::fs::write(&path, &text).expect("bless");
    }
    let pinned = std::fs::read_to_string(&path).expect("golden file");
    assert_eq!(text, pinned, "seeded event streams changed");
}
