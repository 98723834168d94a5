//! Missions on the command line: `race --mission`, its record replayed, `validate` of a
//! mission, and hostile mission files refused at their lines with their codes.

use crate::common;

/// An escort mission on the oval: the reapers' courier #11 must cross twice; the jackals win
/// if it is destroyed. Each hostile variant below replaces one piece of it.
fn escort(content: &str, track: &str) -> String {
    format!(
        r#"(
    kind: Mission,
    version: 1,
    name: "Courier",
    briefing: "Get #11 across the line twice.",
    track: "{track}",
    content: "{content}",
    sides: [
        (id: "couriers", name: "Couriers", teams: ["rust-reapers"]),
        (id: "raiders", name: "Raiders", teams: ["chrome-jackals"]),
    ],
    setup: Placed([
        (team: "rust-reapers", number: "11", at: Space("3.1")),
        (team: "chrome-jackals", number: "21", at: Space("1.1")),
    ]),
    deck_changes: [
        Remove(deck: MovementEvent, card: "bounty", count: 1),
    ],
    objectives: [
        (id: "deliver", side: Some("couriers"), goal: Escort(car: (team: "rust-reapers", number: "11"), laps: 2), reward: Win),
        (id: "ambush", side: Some("raiders"), goal: Eliminate((team: "rust-reapers", number: "11")), reward: Win),
        (id: "hold-the-pass", side: Some("raiders"), goal: Hold(spaces: ["10.1"], turns: 2), reward: Vp(2)),
    ],
    turn_limit: (turn: 30, ties: Side("raiders")),
)
"#
    )
}

/// Writes the escort mission (changed by `edit`) into a temporary folder.
fn mission_file(edit: impl Fn(String) -> String) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("mission.ron");
    let text = edit(escort(
        common::repo("content").to_str().expect("utf-8"),
        common::repo("tracks/oval.ron").to_str().expect("utf-8"),
    ));
    std::fs::write(&path, text).expect("write");
    (dir, path)
}

#[test]
fn a_mission_races_from_the_command_line_and_its_record_replays_byte_for_byte() {
    let (dir, path) = mission_file(|text| text);
    let record = dir.path().join("race.json");
    let mission = path.to_str().expect("utf-8");
    let run = common::roadwright(&[
        "race",
        "--mission",
        mission,
        "--seed",
        "4",
        "--json",
        "--record",
        record.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["mission"]["name"], "Courier");
    assert_eq!(report["mission"]["sides"][0]["teams"][0], "rust-reapers");
    assert!(report["over"].as_bool().expect("over"));
    let replay = common::roadwright(&["replay", record.to_str().expect("utf-8"), "--json"]);
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    assert_eq!(replay.stdout, run.stdout);
    // A record of the mission is refused once the mission changed.
    std::fs::write(
        &path,
        std::fs::read_to_string(&path)
            .expect("read")
            .replace("turn: 30", "turn: 31"),
    )
    .expect("write");
    let changed = common::roadwright(&["replay", record.to_str().expect("utf-8")]);
    assert_ne!(changed.code, 0);
    assert!(changed.stderr.contains("mission"), "{}", changed.stderr);
}

#[test]
fn a_sound_mission_validates_clean() {
    let (_dir, path) = mission_file(|text| text);
    let run = common::roadwright(&["validate", path.to_str().expect("utf-8")]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("0 error(s), 0 warning(s)"),
        "{}",
        run.stderr
    );
}

/// Validates the escort mission with `from` replaced by `to`; the run must fail with `code`
/// reported at the line that holds `to` (or `at`, when given).
fn refused(from: &str, to: &str, code: &str, at: Option<&str>) {
    let (_dir, path) = mission_file(|text| {
        assert!(text.contains(from), "the mission holds {from}");
        text.replacen(from, to, 1)
    });
    let text = std::fs::read_to_string(&path).expect("read");
    let needle = at.unwrap_or(to);
    let line = text
        .lines()
        .position(|l| l.contains(needle))
        .map(|i| i + 1)
        .expect("the changed line");
    let run = common::roadwright(&["validate", path.to_str().expect("utf-8")]);
    assert_eq!(run.code, 1, "{code}: {}{}", run.stdout, run.stderr);
    let expected = format!("mission.ron:{line}:");
    assert!(
        run.stdout
            .lines()
            .any(|l| l.contains(&expected) && l.contains(&format!("error[{code}]"))),
        "{code} at line {line}: {}",
        run.stdout
    );
}

#[test]
fn hostile_missions_are_refused_at_their_lines_with_their_codes() {
    refused(
        r#"teams: ["chrome-jackals"]"#,
        r#"teams: ["chrome-jackalz"]"#,
        "unknown-team",
        None,
    );
    refused(
        r#"goal: Eliminate((team: "rust-reapers", number: "11"))"#,
        r#"goal: Eliminate((team: "rust-reapers", number: "99"))"#,
        "unknown-car",
        None,
    );
    refused(
        r#"spaces: ["10.1"]"#,
        r#"spaces: ["90.1"]"#,
        "unknown-space",
        None,
    );
    refused(
        r#"teams: ["chrome-jackals"]"#,
        r#"teams: ["chrome-jackals", "rust-reapers"]"#,
        "team-on-two-sides",
        None,
    );
    // A placed car of a team left out of every side.
    refused(
        r#"(team: "chrome-jackals", number: "21", at: Space("1.1")),"#,
        r#"(team: "chrome-jackals", number: "21", at: Space("1.1")), (team: "ash-vipers", number: "31", at: Space("5.1")),"#,
        "team-not-on-a-side",
        Some("ash-vipers"),
    );
    refused(
        r#"goal: Hold(spaces: ["10.1"], turns: 2)"#,
        "goal: Kills(99)",
        "objective-unreachable",
        Some("hold-the-pass"),
    );
    refused(
        r#"goal: Hold(spaces: ["10.1"], turns: 2)"#,
        "goal: Survive(31)",
        "objective-unreachable",
        Some("hold-the-pass"),
    );
    refused(
        r#"side: Some("raiders"), goal: Eliminate"#,
        r#"side: Some("couriers"), goal: Eliminate"#,
        "objective-unreachable",
        Some("ambush"),
    );
    refused("turn: 30", "turn: 0", "turn-limit-out-of-range", None);
    refused(
        r#"ties: Side("raiders")"#,
        r#"ties: Side("pirates")"#,
        "unknown-side",
        None,
    );
    refused(
        r#"card: "bounty", count: 1"#,
        r#"card: "bounty", count: 9"#,
        "deck-change-too-many",
        None,
    );
    refused(
        r#"card: "bounty""#,
        r#"card: "bountyhunter""#,
        "unknown-card",
        None,
    );
    refused(
        r#"at: Space("1.1")"#,
        r#"at: Space("3.1")"#,
        "space-placed-twice",
        Some(r#"number: "21""#),
    );
}

#[test]
fn a_mission_with_one_side_or_a_field_it_does_not_know_is_refused() {
    refused(
        r#"        (id: "raiders", name: "Raiders", teams: ["chrome-jackals"]),
"#,
        "",
        "mission-needs-two-sides",
        Some("sides:"),
    );
    let (_dir, path) = mission_file(|text| text.replace("briefing:", "briefin:"));
    let run = common::roadwright(&["validate", path.to_str().expect("utf-8")]);
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("mission.ron:5:"), "{}", run.stdout);
}

#[test]
fn a_mission_race_asked_for_a_player_count_it_does_not_allow_is_refused() {
    let (_dir, path) = mission_file(|text| text);
    let run = common::roadwright(&[
        "race",
        "--mission",
        path.to_str().expect("utf-8"),
        "--players",
        "3",
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("played by 2 players"), "{}", run.stderr);
}
