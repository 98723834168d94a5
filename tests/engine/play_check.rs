//! Validation by play (`validate --play`): the samples pass, planted problems that the static
//! checks accept are found with the space or the seed that shows them, and the findings do not
//! depend on the number of threads.

use crate::common;

use std::fs;
use std::sync::Arc;

use common::{copy_of_standard_pack, repo, roadwright};
use roadwright::content::{Document, Format, RawPack};
use roadwright::rules::RaceRules;
use roadwright::sim::play_check::{PlayCheck, PlayLimits};
use roadwright::validate::checked_track::CheckedTrack;
use roadwright::validate::pack::validate_pack;

/// Checks that `content` passes the static checks, then plays the oval on it (`--play=N`) and
/// returns the run and its JSON report.
fn play_oval(content: &str, races: &str) -> (common::Run, serde_json::Value) {
    assert_eq!(
        roadwright(&["validate", content]).code,
        0,
        "statically fine"
    );
    let play = format!("--play={races}");
    let run = roadwright(&[
        "validate",
        &play,
        "--json",
        "--content",
        content,
        "tracks/oval.ron",
    ]);
    let report = json(&run);
    (run, report)
}

fn json(run: &common::Run) -> serde_json::Value {
    serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", run.stdout, run.stderr))
}

#[test]
fn the_sample_tracks_pass_validation_by_play() {
    let run = roadwright(&[
        "validate",
        "--play",
        "tracks/oval.ron",
        "tracks/road-course.ron",
        "tracks/figure-eight.ron",
        "tracks/thunder-oval.ron",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout, "", "nothing found");
    assert!(
        run.stderr.contains("0 error(s), 0 warning(s)"),
        "{}",
        run.stderr
    );
    // A clean play check says what it played, not silence.
    assert!(
        run.stderr
            .contains("played 1200 race(s) on 4 track(s): nothing found"),
        "{}",
        run.stderr
    );
}

/// A jump's trough is only ever entered through the events that drop a car into it: without
/// them the content still passes every static check, and play names each trough space, at its
/// line in the track file.
#[test]
fn a_trough_no_event_can_reach_is_found_by_play_with_its_spaces_named() {
    let pack = copy_of_standard_pack();
    common::without_trough_events(pack.path());
    let (run, report) = play_oval(pack.path().to_str().expect("utf-8"), "300");
    assert_eq!(run.code, 0, "warnings only: {}", run.stderr);
    assert_eq!(report["played"]["races"], 300, "{report}");
    assert_eq!(report["played"]["tracks"], 1);
    assert!(report["played"]["findings"].as_u64() > Some(0));
    let never: Vec<&serde_json::Value> = report["diagnostics"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|d| d["code"] == "space-never-entered")
        .collect();
    let Document::Track(oval) = Document::load(&repo("tracks/oval.ron"))
        .expect("loads")
        .document
    else {
        panic!("a track");
    };
    let troughs: Vec<String> = oval
        .spaces()
        .filter(|(_, s)| s.terrain.as_str() == "trough")
        .map(|(at, _)| at.to_string())
        .collect();
    assert!(!troughs.is_empty(), "the oval has a jump");
    let named: Vec<&str> = never
        .iter()
        .filter_map(|d| d["object"]["space"].as_str())
        .collect();
    for trough in &troughs {
        assert!(named.contains(&trough.as_str()), "{trough} in {named:?}");
    }
    assert_eq!(named.len(), troughs.len(), "only the troughs: {named:?}");
    for finding in never {
        assert!(
            finding["line"].as_u64().is_some(),
            "placed in the file: {finding}"
        );
        assert_eq!(finding["play"]["races"], 300);
        assert_eq!(finding["severity"], "warning");
    }
}

/// A starting spur on grid positions no field fills (the largest takes 40): every spur space
/// is reachable from a grid position and reaches the finish line, so the static checks accept
/// the track, but no car ever starts there. Play names the spur's first space, and nothing off
/// the spur.
#[test]
fn a_dead_end_branch_static_checks_accept_is_found_by_play_with_its_spaces_named() {
    let folder = tempfile::tempdir().expect("temp dir");
    let spur = common::oval_with_unfilled_starting_spur(folder.path());
    let spur = spur.to_str().expect("utf-8");
    let statically = roadwright(&["validate", "--json", spur]);
    assert_eq!(statically.code, 0, "{}", statically.stderr);
    assert_eq!(
        json(&statically)["diagnostics"],
        serde_json::json!([]),
        "the static checks accept the spur"
    );
    let run = roadwright(&["validate", "--play=300", "--json", spur]);
    assert_eq!(run.code, 0, "warnings only: {}", run.stderr);
    let report = json(&run);
    let found = report["diagnostics"].as_array().expect("list");
    let named: Vec<(&str, &str)> = found
        .iter()
        .map(|d| {
            (
                d["code"].as_str().expect("code"),
                d["object"]["space"].as_str().unwrap_or("-"),
            )
        })
        .collect();
    // S1.0 lies just behind lap space 2.0, so Bump and Run can move a car back into it: play
    // follows the rules, not the drawn links, and may see it entered. S0.0 no car can reach.
    assert!(
        named.contains(&("space-never-entered", "S0.0")),
        "{found:?}"
    );
    assert!(
        named.iter().all(
            |&(code, space)| code == "space-never-entered" && ["S0.0", "S1.0"].contains(&space)
        ),
        "only the spur: {found:?}"
    );
    for finding in found {
        assert!(
            finding["line"].as_u64().is_some(),
            "placed in the file: {finding}"
        );
        assert_eq!(finding["play"]["races"], 300);
    }
}

/// Pools too deep and cars too tough to eliminate: the content passes the static checks, and
/// play finds races reaching the turn limit, with the seed, players and teams of one; the same
/// arguments to `roadwright race` play that race again.
#[test]
fn races_that_never_end_are_found_with_the_race_that_shows_it() {
    let pack = copy_of_standard_pack();
    common::endless_races(pack.path());
    let content = pack.path().to_str().expect("utf-8");
    let (run, report) = play_oval(content, "6");
    assert_eq!(run.code, 1, "an error: {}", run.stdout);
    let diagnostics = report["diagnostics"].as_array().expect("list");
    let limit = diagnostics
        .iter()
        .find(|d| d["code"] == "turn-limit")
        .unwrap_or_else(|| panic!("turn limit reported: {diagnostics:?}"));
    assert_eq!(limit["severity"], "error");
    assert!(
        diagnostics.iter().any(|d| d["code"] == "race-length"),
        "the average length too"
    );
    let play = &limit["play"];
    let seed = play["seed"].as_u64().expect("seed").to_string();
    let players = play["players"].as_u64().expect("players").to_string();
    let teams: Vec<&str> = play["teams"]
        .as_array()
        .expect("teams")
        .iter()
        .filter_map(|t| t.as_str())
        .collect();
    assert_eq!(teams.len().to_string(), players);
    let teams = teams.join(",");
    let again = roadwright(&[
        "race",
        "--track",
        "tracks/oval.ron",
        "--content",
        content,
        "--seed",
        &seed,
        "--players",
        &players,
        "--teams",
        &teams,
        "--json",
    ]);
    assert_eq!(again.code, 0, "{}", again.stderr);
    let race = json(&again);
    assert_eq!(race["turns"], 200, "the race reached the limit again");
    assert_eq!(race["winner"], serde_json::Value::Null);
    assert_eq!(
        race["decisions"].as_u64(),
        play["decision"].as_u64(),
        "at the decision named"
    );
}

#[test]
fn findings_do_not_depend_on_the_number_of_threads() {
    let pack = RawPack::load(&repo("content")).expect("loads");
    let content = validate_pack(&pack).0.expect("valid");
    let track = Document::load(&repo("tracks/figure-eight.ron")).expect("loads");
    let Document::Track(raw) = &track.document else {
        panic!("a track");
    };
    let checked = CheckedTrack::new(
        raw,
        &roadwright::validate::checked::TerrainBook::standard(),
        &track.source,
    )
    .expect("valid");
    let check = PlayCheck {
        rules: Arc::new(RaceRules::new(content, checked, "standard").expect("rules")),
        track: &track,
        pack: &pack,
        races: 40,
        seed: 9,
        // Strict limits, so that there is something to compare.
        limits: PlayLimits {
            stuck_races: 1,
            win_share_z: 0.5,
            ..PlayLimits::default()
        },
    };
    let run_on = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("pool")
            .install(|| check.run())
    };
    let one = run_on(1);
    assert!(!one.is_empty(), "the strict limits find something");
    assert_eq!(one, run_on(2));
    assert_eq!(one, run_on(3));
}

/// A team whose cars crawl (1 MP) and break at a touch (defense 1) cannot win its share: play
/// names the team, at its line in the team mats. Random bots dilute any edge (cards carry most
/// of the speed), so the gap shows beyond the gross-imbalance threshold after about 3,000
/// races (z = -6 at 3,000, -7 at 4,000).
#[test]
fn a_team_that_cannot_win_is_found_by_play() {
    let pack = copy_of_standard_pack();
    let file = pack.path().join("team_mats.ron");
    let mut loaded = Document::load(&file).expect("loads");
    let Document::TeamMats(mats) = &mut loaded.document else {
        panic!("the team mats");
    };
    for car in &mut mats.teams[0].cars {
        car.base_mp = 1;
        car.defense = 1;
    }
    let weak = mats.teams[0].id.to_string();
    fs::write(&file, loaded.document.to_text(Format::Ron).expect("text")).expect("write");
    let (run, report) = play_oval(pack.path().to_str().expect("utf-8"), "3000");
    let finding = report["diagnostics"]
        .as_array()
        .expect("list")
        .iter()
        .find(|d| d["code"] == "team-win-share")
        .unwrap_or_else(|| panic!("the weak team is reported: {}", run.stdout));
    assert_eq!(finding["object"]["id"], weak.as_str());
    assert!(
        finding["file"]
            .as_str()
            .expect("file")
            .ends_with("team_mats.ron")
    );
    assert!(finding["line"].as_u64().is_some());
}
