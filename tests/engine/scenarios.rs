//! Scenario files and `roadwright moves`.

use crate::common;

use std::fs;

fn write_scenario(dir: &std::path::Path, cars: &str, extra: &str) -> std::path::PathBuf {
    write_scenario_for(dir, ("chrome-jackals", "22"), "solo-2", cars, extra)
}

/// A scenario on the oval with Chrome Jackals and Rust Reapers racing: `active` (team, number)
/// plays `card`; `cars` and `extra` are written into the file as they are.
fn write_scenario_for(
    dir: &std::path::Path,
    (team, number): (&str, &str),
    played: &str,
    cars: &str,
    extra: &str,
) -> std::path::PathBuf {
    let root = common::repo("");
    let text = format!(
        r#"(
    kind: Scenario,
    version: 1,
    name: "test",
    track: "{track}",
    content: "{content}",
    players: ["chrome-jackals", "rust-reapers"],
    cars: [{cars}],
    active: (team: "{team}", number: "{number}"),
    card: "{played}",
    {extra}
)"#,
        track = root.join("tracks/oval.ron").display(),
        content = root.join("content").display(),
    );
    let path = dir.join("scenario.ron");
    fs::write(&path, text).expect("write");
    path
}

#[test]
fn moves_lists_every_outcome_of_the_sample_scenario() {
    let run = common::roadwright(&[
        "moves",
        "tests/scenarios/lateral-displacement.ron",
        "--json",
        "--all",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["mp"], 5);
    let outcomes = report["outcomes"].as_array().expect("outcomes");
    assert!(outcomes.len() > 5);
    // Displacing #11 into #12 against the wall pushes #12 forward into #13 (7.10 EXAMPLE).
    let cascade = outcomes.iter().any(|o| {
        let cars = o["cars"].as_array().expect("cars");
        let at = |n: &str| {
            cars.iter()
                .find(|c| {
                    c["car"]
                        .as_str()
                        .is_some_and(|s| s.starts_with(&format!("#{n} ")))
                })
                .and_then(|c| c["at"].as_str())
                .map(str::to_owned)
        };
        at("11").as_deref() == Some("5.3")
            && at("12").as_deref() == Some("6.3")
            && at("13").as_deref() == Some("7.3")
    });
    assert!(cascade, "the displacement cascade is one of the outcomes");
    for o in outcomes {
        assert!(!o["path"].as_array().expect("path").is_empty());
        assert!(o["mp_spent"].as_u64().unwrap_or(0) <= 5);
    }
}

#[test]
fn moves_prints_a_readable_list() {
    let run = common::roadwright(&["moves", "tests/scenarios/lateral-displacement.ron"]);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout
            .contains("Solo +2 for #22 (Chrome Jackals) (5 MP)")
    );
    assert!(run.stdout.contains("places to end on"), "{}", run.stdout);
    assert!(run.stdout.contains("one way: "), "{}", run.stdout);
    let all = common::roadwright(&["moves", "tests/scenarios/lateral-displacement.ron", "--all"]);
    assert!(all.stdout.contains("path: "), "{}", all.stdout);
}

#[test]
fn moves_answers_with_the_places_to_end_on_each_with_its_outcomes_and_one_path() {
    let grouped = common::roadwright(&[
        "moves",
        "tests/scenarios/lateral-displacement.ron",
        "--json",
    ]);
    assert_eq!(grouped.code, 0, "{}", grouped.stderr);
    let grouped: serde_json::Value = serde_json::from_str(&grouped.stdout).expect("json");
    assert!(
        grouped.get("outcomes").is_none(),
        "no outcome list unless asked"
    );
    let places = grouped["places"].as_array().expect("places");
    assert!(places.len() > 1);
    let every = common::roadwright(&[
        "moves",
        "tests/scenarios/lateral-displacement.ron",
        "--json",
        "--all",
    ]);
    let every: serde_json::Value = serde_json::from_str(&every.stdout).expect("json");
    let outcomes = every["outcomes"].as_array().expect("outcomes");
    // Each place's count is the outcomes leaving #22 there; together, every outcome.
    let mut total = 0;
    for place in places {
        let at = place["at"].as_str().expect("at");
        let ending_there = outcomes
            .iter()
            .filter(|o| {
                o["cars"].as_array().is_some_and(|cars| {
                    cars.iter().any(|c| {
                        c["car"].as_str().is_some_and(|n| n.starts_with("#22 ")) && c["at"] == at
                    })
                })
            })
            .count();
        assert_eq!(place["outcomes"], ending_there, "{at}");
        total += place["outcomes"].as_u64().expect("count");
        assert!(
            !place["example"]["path"]
                .as_array()
                .expect("path")
                .is_empty()
        );
    }
    assert_eq!(total as usize, outcomes.len());
}

#[test]
fn a_scenario_naming_a_missing_space_is_an_error_naming_it() {
    let dir = tempfile::tempdir().expect("dir");
    let path = write_scenario(
        dir.path(),
        r#"(team: "chrome-jackals", number: "22", at: Space("99.9"))"#,
        "",
    );
    let run = common::roadwright(&["moves", path.to_str().expect("utf-8")]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("no space 99.9"), "{}", run.stderr);
    // `validate` checks the scenario as `moves` would use it.
    let checked = common::roadwright(&["validate", path.to_str().expect("utf-8")]);
    assert_eq!(checked.code, 1, "{}", checked.stdout);
    assert!(
        checked.stdout.contains("error[scenario]") && checked.stdout.contains("no space 99.9"),
        "{}",
        checked.stdout
    );
    let sample = common::roadwright(&["validate", "tests/scenarios/lateral-displacement.ron"]);
    assert_eq!(sample.code, 0, "{}", sample.stdout);
}

#[test]
fn two_cars_on_one_space_is_an_error() {
    let dir = tempfile::tempdir().expect("dir");
    let path = write_scenario(
        dir.path(),
        r#"(team: "chrome-jackals", number: "22", at: Space("5.1")), (team: "rust-reapers", number: "11", at: Space("5.1"))"#,
        "",
    );
    let run = common::roadwright(&["moves", path.to_str().expect("utf-8")]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("two cars are placed on 5.1"),
        "{}",
        run.stderr
    );
}

#[test]
fn an_unknown_card_or_team_is_an_error() {
    let dir = tempfile::tempdir().expect("dir");
    let path = write_scenario(
        dir.path(),
        r#"(team: "chrome-jackals", number: "22", at: Space("5.1")), (team: "nobody", number: "11", at: Space("6.1"))"#,
        "",
    );
    let run = common::roadwright(&["moves", path.to_str().expect("utf-8")]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("`nobody`"), "{}", run.stderr);
}

#[test]
fn a_broken_scenario_file_gives_its_line_and_column() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("broken.ron");
    fs::write(
        &path,
        "(\n    kind: Scenario,\n    version: 1,\n    name: \"x\",\n    track: ,\n)",
    )
    .expect("write");
    let run = common::roadwright(&["moves", path.to_str().expect("utf-8")]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("broken.ron:5:"), "{}", run.stderr);
}

#[test]
fn a_missing_track_is_reported() {
    let dir = tempfile::tempdir().expect("dir");
    let text = fs::read_to_string(common::repo("tests/scenarios/lateral-displacement.ron"))
        .expect("sample")
        .replace("../../tracks/oval.ron", "nowhere.ron")
        .replace(
            "../../content",
            &common::repo("content").display().to_string(),
        );
    let path = dir.path().join("scenario.ron");
    fs::write(&path, text).expect("write");
    let run = common::roadwright(&["moves", path.to_str().expect("utf-8")]);
    // The scenario was read; the track it names is its content's fault: 1, as `validate` says.
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("nowhere.ron"), "{}", run.stderr);
}

#[test]
fn the_sample_scenario_is_valid_and_canonical() {
    let path = "tests/scenarios/lateral-displacement.ron";
    let run = common::roadwright(&["validate", path]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("0 error(s), 0 warning(s)"),
        "{}",
        run.stderr
    );
    // Canonical: saving it writes the same bytes (`roadwright fmt` would change nothing).
    let loaded = roadwright::content::Document::load(&common::repo(path)).expect("it loads");
    let saved = loaded
        .document
        .to_text(loaded.source.format)
        .expect("it serialises");
    assert!(saved == loaded.source.text, "{path} is not canonical");
}

/// A scenario on the oval with the active car `number` of Rust Reapers at 5.1 and Chrome
/// Jackals in front (6.1), beside (5.2) and behind (4.1).
fn mount_scenario(dir: &std::path::Path, number: &str) -> std::path::PathBuf {
    write_scenario_for(
        dir,
        ("rust-reapers", number),
        "solo-2",
        &format!(
            r#"(team: "rust-reapers", number: "{number}", at: Space("5.1")),
        (team: "chrome-jackals", number: "21", at: Space("6.1")),
        (team: "chrome-jackals", number: "22", at: Space("5.2")),
        (team: "chrome-jackals", number: "23", at: Space("4.1"))"#
        ),
        "",
    )
}

#[test]
fn targets_answers_for_front_rear_and_turret_mounts() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Rust Reapers #11 fires forward, #12 backward, #13 from a turret.
    for (number, expected) in [
        ("11", vec!["6.1"]),
        ("12", vec!["4.1"]),
        ("13", vec!["4.1", "5.2", "6.1"]),
    ] {
        let path = mount_scenario(dir.path(), number);
        let run = common::roadwright(&["targets", path.to_str().expect("path"), "--json"]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
        let mut at: Vec<&str> = report["before"]
            .as_array()
            .expect("before")
            .iter()
            .filter_map(|t| t["at"].as_str())
            .collect();
        at.sort_unstable();
        assert_eq!(at, expected, "#{number}");
        assert!(
            report["after"].as_array().is_some_and(|a| !a.is_empty()),
            "targets after each movement"
        );
        for t in report["before"].as_array().expect("before") {
            let chance = t["hit_chance"].as_f64().expect("chance");
            assert!((0.0..=1.0).contains(&chance));
        }
    }
}

#[test]
fn moves_json_reports_each_affected_car_the_vp_and_how_the_movement_ended() {
    // #22 (Chrome Jackals) behind #11 (Rust Reapers) just before the finish line of the oval,
    // with 3 MP set by the scenario: pushing #11 over the line scores for Rust Reapers.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write_scenario_for(
        dir.path(),
        ("chrome-jackals", "22"),
        "pursuit-2",
        r#"(team: "chrome-jackals", number: "22", at: Space("38.1")),
        (team: "rust-reapers", number: "11", at: Space("39.1"), damage: 2)"#,
        "mp: Some(3),",
    );
    let run = common::roadwright(&["moves", path.to_str().expect("path"), "--json", "--all"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["mp"], 3, "the scenario's MP");
    let outcomes = report["outcomes"].as_array().expect("outcomes");
    assert!(
        outcomes
            .iter()
            .all(|o| o["ending_kind"] == "spent" || o["ending_kind"] == "stuck")
    );
    let pushed_over = outcomes
        .iter()
        .find(|o| {
            o["vp"].as_array().is_some_and(|v| {
                v.iter()
                    .any(|p| p["team"] == "Rust Reapers" && p["finish"] == 1)
            })
        })
        .expect("an outcome that pushes #11 over the line");
    let rr = pushed_over["affected"]
        .as_array()
        .expect("affected")
        .iter()
        .find(|c| c["car"] == "#11 (Rust Reapers)")
        .expect("#11 is affected");
    assert_eq!(rr["damage"], 2, "its damage is reported");
    assert_eq!(rr["damage_taken"], 0);
}

#[test]
fn moves_stops_at_its_search_limit_and_says_so() {
    // The sample position with 12 MP has about a thousand positions, far more than 50.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("long.ron");
    let text = std::fs::read_to_string(common::repo("tests/scenarios/lateral-displacement.ron"))
        .expect("sample")
        .replace(
            "../../tracks/oval.ron",
            &common::repo("tracks/oval.ron").display().to_string(),
        )
        .replace(
            "../../content",
            &common::repo("content").display().to_string(),
        )
        .replace(
            "    card: \"solo-2\",\n",
            "    card: \"solo-2\",\n    mp: Some(12),\n",
        );
    std::fs::write(&path, text).expect("write");
    let path = path.to_str().expect("path");
    let run = common::roadwright(&["moves", path, "--json", "--max-positions", "50"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("stopped after 50 positions"),
        "{}",
        run.stderr
    );
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["truncated"], true);
    assert_eq!(report["positions"], 50);
    let whole = common::roadwright(&["moves", path, "--json"]);
    let report: serde_json::Value = serde_json::from_str(&whole.stdout).expect("json");
    assert_eq!(
        report["truncated"], false,
        "the default limit is enough here"
    );
    assert!(whole.stderr.is_empty(), "{}", whole.stderr);
}

#[test]
fn a_car_placed_beside_a_sector_without_an_off_track_spot_is_an_error() {
    // The oval's sector 0 loses its inside spot; a scenario that puts a car there is refused,
    // naming the space and the side, by `moves` and by `validate`.
    let dir = tempfile::tempdir().expect("dir");
    let oval = fs::read_to_string(common::repo("tracks/oval.ron")).expect("oval");
    let track = dir.path().join("oval.ron");
    fs::write(
        &track,
        oval.replacen(
            "        (\n            spaces: [",
            "        (\n            off_track: (inside: false, outside: true),\n            spaces: [",
            1,
        ),
    )
    .expect("write");
    let path = write_scenario_for(
        dir.path(),
        ("chrome-jackals", "22"),
        "solo-2",
        r#"(team: "chrome-jackals", number: "22", at: Space("5.1")),
        (team: "rust-reapers", number: "11", at: OffTrack(beside: "0.0", side: Inside))"#,
        "",
    );
    // The same scenario on the changed copy of the oval.
    let oval_path = common::repo("tracks/oval.ron").display().to_string();
    let text = fs::read_to_string(&path).expect("scenario");
    fs::write(
        &path,
        text.replace(&oval_path, &track.display().to_string()),
    )
    .expect("write");
    let run = common::roadwright(&["moves", path.to_str().expect("utf-8")]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("0.0 has no off-track spot on its Inside side"),
        "{}",
        run.stderr
    );
    let checked = common::roadwright(&["validate", path.to_str().expect("utf-8")]);
    assert_eq!(checked.code, 1, "{}", checked.stdout);
    assert!(
        checked.stdout.contains("no off-track spot"),
        "{}",
        checked.stdout
    );
}

#[test]
fn targets_stops_its_search_at_max_positions_and_says_so() {
    let run = common::roadwright(&[
        "targets",
        "tests/scenarios/lateral-displacement.ron",
        "--json",
        "--max-positions",
        "3",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("--max-positions"), "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["truncated"], true);
    let whole = common::roadwright(&[
        "targets",
        "tests/scenarios/lateral-displacement.ron",
        "--json",
    ]);
    let whole: serde_json::Value = serde_json::from_str(&whole.stdout).expect("json");
    assert_eq!(whole["truncated"], false);
    assert!(
        whole["after"].as_array().expect("after").len()
            > report["after"].as_array().expect("after").len()
    );
}
