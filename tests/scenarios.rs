//! Scenario files and `roadwright moves`.

mod common;

use std::fs;

fn write_scenario(dir: &std::path::Path, cars: &str, extra: &str) -> std::path::PathBuf {
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
    active: (team: "chrome-jackals", number: "22"),
    card: "solo-2",
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
    assert!(run.stdout.contains("path: "));
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
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("nowhere.ron"), "{}", run.stderr);
}

#[test]
fn the_sample_scenario_is_valid_and_canonical() {
    let run = common::roadwright(&["validate", "tests/scenarios/lateral-displacement.ron"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
}
