//! Race records: `race --record` writes one, `replay` plays it again byte for byte, `--to N`
//! stops after decision N, other content is refused; a golden file pins what seeds mean.

use crate::common;

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
    fingerprint_of(
        Race::new(rules, &setup).expect("setup"),
        track,
        players,
        seed,
    )
}

/// The fingerprint of a seeded race of a sample mission.
fn mission_fingerprint(mission: &str, players: usize, seed: u64) -> String {
    let loaded =
        roadwright::sim::mission::load_mission(&common::repo(&format!("missions/{mission}.ron")))
            .expect("mission");
    let setup = loaded.setup(Some(players), seed).expect("players");
    let race = Race::new(loaded.race.rules.clone(), &setup).expect("setup");
    fingerprint_of(race, &format!("mission:{mission}"), players, seed)
}

fn fingerprint_of(race: Race, track: &str, players: usize, seed: u64) -> String {
    let race = played(race, seed);
    let json = serde_json::to_string(race.events()).expect("json");
    let digest = hex(&Sha256::digest(json.as_bytes()));
    format!("{track} {players} {seed} {} {digest}", race.events().len())
}

/// `race` played to its end by random bots seeded from `seed`.
fn played(mut race: Race, seed: u64) -> Race {
    let bots: Vec<Box<dyn Bot + Send>> = (0..race.players().len())
        .map(|p| Box::new(RandomBot::new(seed * 1000 + p as u64)) as Box<dyn Bot + Send>)
        .collect();
    roadwright::sim::play_race(
        &mut race,
        &mut roadwright::sim::Seats::from_bots(bots),
        false,
    )
    .expect("race");
    race
}

/// A digest in hexadecimal.
fn hex(digest: &[u8]) -> String {
    digest.iter().fold(String::new(), |mut hex, b| {
        use std::fmt::Write;
        let _ = write!(hex, "{b:02x}");
        hex
    })
}

#[test]
fn seeds_keep_their_meaning_golden_event_streams() {
    // If this fails after a dependency update (a shuffle, an RNG), a seed no longer means the
    // race it meant: every record ever written would replay differently. Re-bless only for a
    // deliberate rules change: `ROADWRIGHT_BLESS=1 cargo test --test cli race_records::`. The
    // last line is a race of a sample mission: its events pin what the mission evaluator
    // records.
    let now: Vec<String> = [
        ("oval", 4, 1),
        ("road-course", 2, 7),
        ("figure-eight", 6, 3),
        ("thunder-oval", 10, 11),
    ]
    .into_iter()
    .map(|(track, players, seed)| fingerprint(track, players, seed))
    .chain([mission_fingerprint("two-lap-race", 4, 5)])
    .collect();
    assert_golden(
        "tests/golden/event_streams.txt",
        &now,
        "seeded event streams changed",
    );
}

#[test]
fn seeds_keep_their_meaning_over_sixty_random_races() {
    // The five races above pin a seed's meaning; these pin the engine's: sixty races of random
    // bots, fields of 3, 6 and 10 on every sample track (forks, the crossover, crowded grids
    // where long lines are pushed), one digest of all their events per track. A change made
    // for speed must leave every one of them as it was. Re-bless as above, and only for a
    // deliberate rules change.
    let now: Vec<String> = ["oval", "road-course", "figure-eight", "thunder-oval"]
        .into_iter()
        .map(|track| {
            let rules = common::race_rules(track, "standard");
            let mut hasher = Sha256::new();
            let mut events = 0;
            for players in [3, 6, 10] {
                for seed in 1..=5 {
                    let setup = RaceSetup::first_teams(&rules.content, players, seed);
                    let race = played(Race::new(rules.clone(), &setup).expect("setup"), seed);
                    events += race.events().len();
                    hasher.update(serde_json::to_string(race.events()).expect("json"));
                }
            }
            format!(
                "{track} 15 races {events} events {}",
                hex(&hasher.finalize())
            )
        })
        .collect();
    assert_golden(
        "tests/golden/event_streams_sixty.txt",
        &now,
        "the events of seeded random races changed",
    );
}

/// Compares `lines` with the golden file at `path` (from the repository's root), after writing
/// them there when `ROADWRIGHT_BLESS` is set.
fn assert_golden(path: &str, lines: &[String], changed: &str) {
    let path = common::repo(path);
    let text = lines.join("\n") + "\n";
    if std::env::var_os("ROADWRIGHT_BLESS").is_some() {
        std::fs::write(&path, &text).expect("bless");
    }
    let pinned = std::fs::read_to_string(&path).expect("golden file");
    assert_eq!(text, pinned, "{changed}");
}

#[test]
fn a_record_replays_from_any_working_directory_and_from_its_records_folder() {
    // A project of its own: content/, oval.ron, and records/ where the record is saved, with
    // paths given relative to the project.
    let project = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("content"), &project.path().join("content"));
    std::fs::copy(
        common::repo("tracks/oval.ron"),
        project.path().join("oval.ron"),
    )
    .expect("copy");
    std::fs::create_dir(project.path().join("records")).expect("records");
    let raced = common::roadwright_in(
        project.path(),
        &[
            "race",
            "--track",
            "oval.ron",
            "--content",
            "content",
            "--seed",
            "4",
            "--json",
            "--record",
            "records/r.ron",
        ],
    );
    assert_eq!(raced.code, 0, "{}", raced.stderr);
    let text = std::fs::read_to_string(project.path().join("records/r.ron")).expect("record");
    assert!(
        text.trim_start().starts_with('('),
        "a .ron record is RON: {text:.80}"
    );
    assert!(
        text.contains("\"../content\""),
        "paths relative to the record: {text:.400}"
    );
    // Played again from the records folder, from the project, and from elsewhere.
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let absolute = project.path().join("records/r.ron");
    for (cwd, record) in [
        (project.path().join("records"), "r.ron".to_owned()),
        (project.path().to_owned(), "records/r.ron".to_owned()),
        (
            elsewhere.path().to_owned(),
            absolute.to_str().expect("utf-8").to_owned(),
        ),
    ] {
        let replayed = common::roadwright_in(&cwd, &["replay", &record, "--json"]);
        assert_eq!(
            replayed.code,
            0,
            "from {}: {}",
            cwd.display(),
            replayed.stderr
        );
        assert_eq!(replayed.stdout, raced.stdout, "from {}", cwd.display());
    }
    // Another extension is refused before the race.
    let refused = common::roadwright_in(
        project.path(),
        &[
            "race",
            "--track",
            "oval.ron",
            "--content",
            "content",
            "--record",
            "r.txt",
        ],
    );
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(
        refused.stderr.contains(".json or .ron"),
        "{}",
        refused.stderr
    );
    // A pipe takes the record as JSON.
    let piped = common::roadwright(&[
        "race",
        "--track",
        "tracks/oval.ron",
        "--record",
        "/dev/stdout",
    ]);
    assert_eq!(piped.code, 0, "{}", piped.stderr);
    assert!(
        piped.stdout.contains("\"kind\": \"RaceRecord\""),
        "{}",
        piped.stdout
    );

    // A ruleset file the race did not use, added to the pack, leaves the record playable.
    let standard = std::fs::read_to_string(project.path().join("content/rulesets/standard.ron"))
        .expect("the standard ruleset");
    std::fs::write(
        project.path().join("content/rulesets/house.ron"),
        standard
            .replacen("id: \"standard\"", "id: \"house\"", 1)
            .replacen("name: \"", "name: \"House ", 1),
    )
    .expect("write");
    let replayed = common::roadwright_in(project.path(), &["replay", "records/r.ron"]);
    assert_eq!(replayed.code, 0, "{}", replayed.stderr);
}

#[test]
fn a_record_naming_the_root_as_its_content_is_refused_not_walked() {
    let dir = tempfile::tempdir().expect("temp dir");
    let record = dir.path().join("r.json");
    record_race("oval", "2", "3", &record);
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).expect("read")).expect("json");
    value["files"]["content"] = "/".into();
    std::fs::write(&record, value.to_string()).expect("write");
    let run = common::roadwright(&["replay", record.to_str().expect("utf-8")]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("root of the file system"),
        "{}",
        run.stderr
    );
}

#[test]
fn records_made_before_the_pack_hash_left_rulesets_out_still_replay() {
    let loaded = roadwright::sim::load_race(
        &common::repo("content"),
        &common::repo("tracks/oval.ron"),
        "standard",
    )
    .expect("loads");
    let current = &loaded.identity;
    assert_ne!(current.pack_hash, current.legacy_pack_hash);
    let setup = RaceSetup::first_teams(&loaded.rules.content, 2, 1);
    let race = Race::new(std::sync::Arc::clone(&loaded.rules), &setup).expect("race");
    let mut record = roadwright::sim::RaceRecord::of(
        &race,
        &setup,
        current.clone(),
        roadwright::sim::RecordFiles::default(),
    );
    record.content.pack_hash = current.legacy_pack_hash.clone();
    assert!(
        record.check_content(current).is_ok(),
        "an old record's hash"
    );
    record.content.pack_hash = "0".repeat(64);
    assert!(record.check_content(current).is_err(), "another pack");
}

/// A race record keeps its paths as text: a track or content folder whose path is not valid
/// UTF-8 is refused when a record is asked for, before anything is played (it was stored with
/// U+FFFD in place of its bytes, and `replay` could not open it). Without a record the race is
/// played.
#[cfg(unix)]
#[test]
fn a_path_that_is_not_utf8_is_refused_when_a_record_is_asked_for() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let odd = dir.path().join(std::ffi::OsStr::from_bytes(b"tracks-\xff"));
    std::fs::create_dir(&odd).expect("folder");
    let track = odd.join("oval.ron");
    std::fs::copy(common::repo("tracks/oval.ron"), &track).expect("oval");
    let record = dir.path().join("record.json");
    let records = dir.path().join("records");
    let run = |extra: &[&std::ffi::OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_roadwright"))
            .args(extra)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("runs")
    };
    let os = |s: &'static str| std::ffi::OsStr::new(s);
    for asked in [
        vec![
            os("race"),
            os("--players"),
            os("2"),
            os("--track"),
            track.as_os_str(),
            os("--record"),
            record.as_os_str(),
        ],
        vec![
            os("simulate"),
            os("--players"),
            os("2"),
            os("--races"),
            os("2"),
            os("--track"),
            track.as_os_str(),
            os("--records"),
            records.as_os_str(),
        ],
    ] {
        let output = run(&asked);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("not valid UTF-8") && stderr.contains("nothing was played"),
            "{stderr}"
        );
    }
    assert!(!record.exists() && !records.exists());
    let played = run(&[
        os("race"),
        os("--players"),
        os("2"),
        os("--track"),
        track.as_os_str(),
    ]);
    assert_eq!(played.status.code(), Some(0));
}

#[test]
fn race_bots_plays_a_race_of_the_named_profiles_and_its_record_replays() {
    // `race --bots`, as `simulate` takes it: a single race of planners, logged and recorded.
    let dir = tempfile::tempdir().expect("temp dir");
    let record = dir.path().join("planners.json");
    let record_arg = record.to_str().expect("utf-8 path");
    let args = |bots: Option<&'static str>| {
        let mut args: Vec<&str> = vec![
            "race",
            "--track",
            "tracks/oval.ron",
            "--players",
            "2",
            "--seed",
            "3",
            "--json",
        ];
        if let Some(bots) = bots {
            args.extend(["--bots", bots]);
        }
        args
    };
    let mut planned = args(Some("planner"));
    planned.extend(["--record", record_arg]);
    let planners = common::roadwright(&planned);
    assert_eq!(planners.code, 0, "{}", planners.stderr);
    let planners: serde_json::Value = serde_json::from_str(&planners.stdout).expect("json");
    let randoms = common::roadwright(&args(None));
    assert_eq!(randoms.code, 0, "{}", randoms.stderr);
    let randoms: serde_json::Value = serde_json::from_str(&randoms.stdout).expect("json");
    assert_ne!(
        planners["events"], randoms["events"],
        "planners play another race than random bots on the same seed"
    );
    let replayed = common::roadwright(&["replay", record_arg, "--json"]);
    assert_eq!(replayed.code, 0, "{}", replayed.stderr);
    let replayed: serde_json::Value = serde_json::from_str(&replayed.stdout).expect("json");
    assert_eq!(
        replayed["events"], planners["events"],
        "the record replays the race"
    );
    // A profile the pack does not hold is named, with the ones it has.
    let unknown = common::roadwright(&args(Some("nobody")));
    assert_eq!(unknown.code, 1, "{}", unknown.stderr);
    assert!(
        unknown.stderr.contains("no bot profile `nobody`") && unknown.stderr.contains("planner"),
        "{}",
        unknown.stderr
    );
}
