//! `roadwright analyse`: the design report of a mission and of a track.

use crate::common;

/// A mission's design report names each of its sides with its win rate, skill gap and each
/// option measured, its JSON holds the same figures (an option's value is the win rate lost
/// without it), and a track's report has one subject, a player.
#[test]
fn analyse_reports_each_sides_skill_gap_and_what_each_option_is_worth() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("report.json");
    let run = common::roadwright(&[
        "analyse",
        "--mission",
        common::repo("missions/courier.ron").to_str().expect("path"),
        "--strong",
        "racer",
        "--races",
        "16",
        "--options",
        "fire,ram",
        "--json",
        json.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    for says in [
        "design report: racer bots (random for the skill gap), 16 races an arm",
        "couriers: wins",
        "raiders: wins",
        "skill gap",
        "never fires",
        "never rams",
    ] {
        assert!(run.stdout.contains(says), "{says}: {}", run.stdout);
    }
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("json");
    let subjects = report["subjects"].as_array().expect("subjects");
    let names: Vec<&str> = subjects
        .iter()
        .map(|s| s["subject"].as_str().expect("a name"))
        .collect();
    assert_eq!(names, ["couriers", "raiders"]);
    for subject in subjects {
        let with = subject["win_rate"]["rate"].as_f64().expect("a rate");
        let options = subject["options"].as_array().expect("options");
        assert_eq!(options.len(), 2);
        for option in options {
            let without = option["win_rate"]["rate"].as_f64().expect("a rate");
            let value = option["value"]["diff"].as_f64().expect("a value");
            assert!((value - (with - without)).abs() < 1e-9, "{option}");
        }
        let gap = subject["skill_gap"]["diff"].as_f64().expect("a gap");
        let strong = subject["strong_against_weak"]["rate"]
            .as_f64()
            .expect("rate");
        let weak = subject["weak_against_strong"]["rate"]
            .as_f64()
            .expect("rate");
        assert!((gap - (strong - weak)).abs() < 1e-9);
    }
    let track = common::roadwright(&[
        "analyse",
        "--content",
        common::repo("content").to_str().expect("path"),
        "--track",
        common::repo("tracks/oval.ron").to_str().expect("path"),
        "--players",
        "2",
        "--strong",
        "racer",
        "--races",
        "6",
        "--options",
        "fire",
    ]);
    assert_eq!(track.code, 0, "{}{}", track.stdout, track.stderr);
    assert!(
        track.stdout.contains("a player: wins") && track.stdout.contains("(fair 50.0%)"),
        "{}",
        track.stdout
    );
    let refused = common::roadwright(&["analyse", "--dominant", "2"]);
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    assert!(refused.stderr.contains("is a share"), "{}", refused.stderr);
}
