//! The `roadwright` command line, run as a user would run it.

use crate::common;

use std::fs;

use common::roadwright;

#[test]
fn validate_the_standard_pack_exits_0_with_nothing_to_report() {
    let run = roadwright(&["validate", "content"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains("0 error(s), 0 warning(s)"),
        "{}",
        run.stderr
    );
}

/// A folder of tracks is not a content pack missing its decks: each track is checked on its
/// own, as `validate content tracks` (the layout the README shows) expects.
#[test]
fn validate_understands_a_folder_of_tracks() {
    let run = roadwright(&["validate", "content", "tracks"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("0 error(s), 0 warning(s)"),
        "{}",
        run.stderr
    );
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(
        dir.path().join("broken.ron"),
        "(kind: Track, version: 1, sectors: [",
    )
    .expect("write");
    fs::copy("tracks/oval.ron", dir.path().join("oval.ron")).expect("copy");
    let run = roadwright(&["validate", dir.path().to_str().expect("utf-8")]);
    assert!(
        run.stdout.contains("broken.ron") && !run.stdout.contains("missing-file"),
        "{}",
        run.stdout
    );
}

#[test]
fn validate_accepts_single_files_and_several_paths() {
    let run = roadwright(&[
        "validate",
        "content/race_deck.ron",
        "content/rulesets/long.ron",
        "content/team_mats.ron",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
}

#[test]
fn inspect_json_reports_the_totals() {
    let run = roadwright(&["inspect", "content", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(summary["race_cards"], 96);
    assert_eq!(summary["movement_events"], 52);
    assert_eq!(summary["combat_events"], 48);
    assert_eq!(summary["teams"], 10);
    assert_eq!(summary["cars"], 80);
    assert_eq!(
        summary["weapon_types"],
        serde_json::json!(["machine-guns", "rockets", "flamethrower", "emp"])
    );
    assert_eq!(summary["race_cards_by_movement"]["Solo Movement"], 20);
    assert_eq!(summary["race_cards_by_speed"]["2"], 28);
    assert_eq!(summary["movement_events_by_kind"]["Sideswipe"], 7);
    assert_eq!(summary["combat_events_by_value"]["3"], 12);
}

#[test]
fn inspect_a_single_file_summarises_that_file() {
    let run = roadwright(&["inspect", "content/team_mats.ron", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(summary["kind"], "team_mats");
    assert_eq!(summary["cars"], 80);
    assert_eq!(summary["race_cards"], 0);
    let text = roadwright(&["inspect", "content"]);
    assert!(
        text.stdout
            .contains("race cards 96, movement events 52, combat events 48, teams 10, cars 80"),
        "{}",
        text.stdout
    );
}

#[test]
fn content_errors_print_path_line_column_and_code_and_exit_1() {
    let pack = common::copy_of_standard_pack();
    let deck = pack.path().join("race_deck.ron");
    let text = fs::read_to_string(&deck).expect("deck");
    // The first card's count becomes 0: `count: 4,` on line 12 of the canonical file.
    let edited = text.replacen("count: 4,", "count: 0,", 1);
    let line = edited
        .lines()
        .position(|l| l.contains("count: 0,"))
        .expect("edited line")
        + 1;
    fs::write(&deck, edited).expect("write");
    let run = roadwright(&["validate", pack.path().to_str().expect("utf-8")]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert_eq!(
        run.stdout.trim_end(),
        format!(
            "{}:{line}:13: error[count-zero]: race card `line-1` has a count of 0; remove it or give it at least one copy",
            deck.display()
        )
    );
}

#[test]
fn validate_json_lists_diagnostics_with_locations_and_objects() {
    let pack = common::copy_of_standard_pack();
    let mats = pack.path().join("team_mats.ron");
    let text = fs::read_to_string(&mats).expect("mats");
    fs::write(&mats, text.replacen("defense: 3", "defense: 5", 1)).expect("write");
    let run = roadwright(&["validate", pack.path().to_str().expect("utf-8"), "--json"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(report["errors"], 1);
    let diagnostic = &report["diagnostics"][0];
    assert_eq!(diagnostic["severity"], "error");
    assert_eq!(diagnostic["code"], "defense-out-of-range");
    assert_eq!(
        diagnostic["object"],
        serde_json::json!({"type": "car", "team": "rust-reapers", "number": "11"})
    );
    assert!(diagnostic["line"].as_u64().is_some_and(|line| line > 1));
    assert!(
        diagnostic["file"]
            .as_str()
            .is_some_and(|f| f.ends_with("team_mats.ron"))
    );
}

#[test]
fn an_unreadable_file_in_a_pack_exits_2_and_the_rest_is_still_checked() {
    let pack = common::copy_of_standard_pack();
    fs::write(
        pack.path().join("race_deck.ron"),
        "(kind: RaceDeck, version: 1,",
    )
    .expect("write");
    let mats = pack.path().join("team_mats.ron");
    let text = fs::read_to_string(&mats).expect("mats");
    fs::write(&mats, text.replacen("base_mp: 1", "base_mp: 0", 1)).expect("write");
    let run = roadwright(&["validate", pack.path().to_str().expect("utf-8")]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stdout
            .contains("race_deck.ron:1:28: error[parse]: Unexpected end of RON"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("error[base-mp-out-of-range]"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("error[missing-file]"), "{}", run.stdout);
}

#[test]
fn schema_writes_one_schema_per_format() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("schemas");
    let run = roadwright(&["schema", "--out", out.to_str().expect("utf-8")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut names: Vec<_> = fs::read_dir(&out)
        .expect("written")
        .map(|e| e.expect("entry").file_name().into_string().expect("utf-8"))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "bot_profile.schema.json",
            "combat_event_deck.schema.json",
            "course.schema.json",
            "hazard_deck.schema.json",
            "mission.schema.json",
            "movement_event_deck.schema.json",
            "race_deck.schema.json",
            "race_record.schema.json",
            "race_report.schema.json",
            "ruleset.schema.json",
            "scenario.schema.json",
            "team_mats.schema.json",
            "terrain.schema.json",
            "tile.schema.json",
            "track.schema.json",
            "tuning_spec.schema.json"
        ]
    );
    for name in names {
        let schema: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(out.join(name)).expect("read"))
                .expect("valid JSON");
        assert_eq!(
            schema["$schema"],
            "https://json-schema.org/draft/2020-12/schema"
        );
    }
}

#[test]
fn fmt_rewrites_a_file_canonically_and_keeps_a_backup() {
    let pack = common::copy_of_standard_pack();
    let ruleset = pack.path().join("rulesets").join("long.ron");
    let original = fs::read_to_string(&ruleset).expect("ruleset");
    let squashed: String = original.split_whitespace().collect::<Vec<_>>().join(" ");
    fs::write(&ruleset, &squashed).expect("write");
    let check = roadwright(&["fmt", "--check", pack.path().to_str().expect("utf-8")]);
    assert_eq!(check.code, 1);
    assert!(
        check.stdout.contains("long.ron: not in canonical form"),
        "{}",
        check.stdout
    );
    let run = roadwright(&["fmt", ruleset.to_str().expect("utf-8")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(fs::read_to_string(&ruleset).expect("formatted"), original);
    assert_eq!(
        fs::read_to_string(pack.path().join("rulesets").join("long.ron.bak")).expect("backup"),
        squashed
    );
    assert_eq!(
        roadwright(&["fmt", "--check", "content"]).code,
        0,
        "the shipped pack is canonical"
    );
}

#[test]
fn a_json_pack_validates_like_the_ron_one() {
    let pack = common::copy_of_standard_pack();
    for name in ["race_deck", "team_mats"] {
        let ron_path = pack.path().join(format!("{name}.ron"));
        let loaded = roadwright::content::Document::load(&ron_path).expect("loads");
        let json = loaded
            .document
            .to_text(roadwright::content::Format::Json)
            .expect("json");
        fs::remove_file(&ron_path).expect("remove ron");
        fs::write(pack.path().join(format!("{name}.json")), json).expect("write json");
    }
    let run = roadwright(&["validate", pack.path().to_str().expect("utf-8")]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    // Like the RON one: the same report, and the same pack read (each file's document equal).
    let ron = roadwright(&["validate", &common::repo("content").display().to_string()]);
    assert_eq!(ron.code, run.code);
    assert_eq!(ron.stdout, run.stdout);
    assert_eq!(ron.stderr, run.stderr);
    let documents = |folder: &std::path::Path| {
        let mut found: Vec<(String, roadwright::content::Document)> =
            roadwright::content::RawPack::open(folder)
                .files
                .into_iter()
                .map(|f| {
                    let stem = f
                        .source
                        .path
                        .strip_prefix(folder)
                        .expect("inside")
                        .with_extension("")
                        .display()
                        .to_string();
                    (stem, f.document)
                })
                .collect();
        found.sort_by(|a, b| a.0.cmp(&b.0));
        found
    };
    assert_eq!(documents(pack.path()), documents(&common::repo("content")));
}

#[test]
fn unknown_subcommands_and_missing_arguments_are_usage_errors() {
    let run = roadwright(&["validate"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("Usage"), "{}", run.stderr);
}

#[test]
fn a_missing_path_is_reported_as_missing() {
    let run = roadwright(&["validate", "no-such-pack"]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stdout.trim_end(),
        "no-such-pack: error[io]: does not exist"
    );
}

#[test]
fn a_mistyped_command_gets_a_suggestion_not_the_studio() {
    let run = roadwright(&["valdate", "content"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("did you mean `roadwright validate`"),
        "{}",
        run.stderr
    );
    let run = roadwright(&["rplay", "x.json"]);
    assert!(run.stderr.contains("`roadwright replay`"), "{}", run.stderr);
    // A real path is still the studio's path, and a real command still runs.
    assert_eq!(
        roadwright::cli::misspelt_command("content"),
        None,
        "an existing folder"
    );
    assert_eq!(roadwright::cli::misspelt_command("validate"), None);
    assert_eq!(roadwright::cli::misspelt_command("--help"), None);
}

#[test]
fn new_track_will_not_overwrite_without_force_and_outputs_keep_no_backup() {
    let dir = tempfile::tempdir().expect("temp dir");
    let track = dir.path().join("t.ron");
    let track_arg = track.to_str().expect("utf-8");
    assert_eq!(roadwright(&["new-track", "oval", "-o", track_arg]).code, 0);
    let again = roadwright(&["new-track", "road-course", "-o", track_arg]);
    assert_eq!(again.code, 1);
    assert!(again.stderr.contains("--force"), "{}", again.stderr);
    let oval = fs::read_to_string(&track).expect("kept");
    assert!(oval.contains("Oval"), "the first track is untouched");
    assert_eq!(
        roadwright(&["new-track", "road-course", "-o", track_arg, "--force"]).code,
        0
    );
    assert_ne!(fs::read_to_string(&track).expect("replaced"), oval);
    let png = dir.path().join("t.png");
    let png_arg = png.to_str().expect("utf-8");
    for _ in 0..2 {
        assert_eq!(
            roadwright(&["render", track_arg, "-o", png_arg, "--width", "300"]).code,
            0
        );
    }
    let names: Vec<String> = fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !std::path::Path::new(n)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("bak"))),
        "no backup of an output: {names:?}"
    );
}

#[test]
fn completions_are_printed_for_the_shells() {
    for shell in ["bash", "zsh", "fish"] {
        let run = roadwright(&["completions", shell]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.contains("validate") && run.stdout.contains("replay"));
    }
}

#[test]
fn json_piped_into_head_exits_quietly() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    for args in [
        vec![
            "race",
            "--track",
            "tracks/oval.ron",
            "--players",
            "10",
            "--json",
        ],
        vec![
            "moves",
            "tests/scenarios/lateral-displacement.ron",
            "--json",
        ],
        vec!["inspect", "content", "--json"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_roadwright"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        let mut first = [0u8; 16];
        child
            .stdout
            .take()
            .expect("stdout")
            .read_exact(&mut first)
            .expect("some output");
        // The pipe closes here, as `head -c 16` would close it.
        let output = child.wait_with_output().expect("ends");
        assert!(output.status.success(), "{args:?}: {:?}", output.status);
        assert!(
            output.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// The numeric fields of the race report's events: counts, MP, seats and turns. Anything else
/// numeric would be one of the engine's own indices, which no reader of the files can map.
const EVENT_NUMBERS: [&str; 13] = [
    "turn",
    "pool",
    "seat",
    "cards",
    "mp",
    "mp_left",
    "mp_lost",
    "value",
    "defense",
    "amount",
    "markers",
    "vp",
    "scored_by",
];

/// Checks one value of an event: places name spaces of the track, cards are deck ids, cars are
/// a team id and one of its mat's numbers, and no other number appears.
fn check_named(
    key: &str,
    value: &serde_json::Value,
    names: &(
        std::collections::BTreeSet<String>,
        std::collections::BTreeSet<String>,
        std::collections::BTreeSet<(String, String)>,
    ),
    context: &str,
) {
    use serde_json::Value;
    let (spaces, cards, team_cars) = names;
    match value {
        Value::Number(_) => assert!(
            EVENT_NUMBERS.contains(&key),
            "{context}: `{key}` is a bare number"
        ),
        Value::String(text) => match key {
            "to" | "from" if ["reserve", "chute", "destroyed"].contains(&text.as_str()) => {}
            "at" | "to" | "from" | "space" | "beside" | "path" | "tail" | "forward" => assert!(
                spaces.contains(text),
                "{context}: `{key}` {text} is no space of the track"
            ),
            "card" | "cards" => assert!(cards.contains(text), "{context}: no card {text}"),
            _ => {}
        },
        Value::Array(items) => {
            for item in items {
                check_named(key, item, names, context);
            }
        }
        Value::Object(fields) => {
            if let (Some(Value::String(team)), Some(Value::String(number))) =
                (fields.get("team"), fields.get("number"))
            {
                assert!(
                    team_cars.contains(&(team.clone(), number.clone())),
                    "{context}: no car {team} #{number}"
                );
                return;
            }
            for (k, v) in fields {
                check_named(k, v, names, context);
            }
        }
        Value::Bool(_) | Value::Null => {}
    }
}

#[test]
fn race_json_names_every_place_card_and_car_as_the_files_do() {
    use roadwright::rules::NamedEvent;
    let run = roadwright(&[
        "race",
        "--track",
        "tracks/figure-eight.ron",
        "--players",
        "6",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let events = report["events"].as_array().expect("events");
    assert!(events.len() > 100);
    // The events read back as the documented type (the schema is generated from it).
    let typed: Vec<NamedEvent> =
        serde_json::from_value(report["events"].clone()).expect("the documented shape");
    assert_eq!(typed.len(), events.len());

    let track = roadwright::validate::open::open_track(
        &common::repo("tracks/figure-eight.ron"),
        &roadwright::validate::checked::TerrainBook::standard(),
    )
    .expect("track");
    let spaces = track.space_ids().map(|s| track.at(s).to_string()).collect();
    let content =
        roadwright::validate::open::open_content(&common::repo("content")).expect("content");
    let cards = content
        .race_deck
        .iter()
        .map(|c| c.id.to_string())
        .chain(content.movement_events.iter().map(|c| c.id.to_string()))
        .chain(content.combat_deck.iter().map(|c| c.id.to_string()))
        .collect();
    let team_cars = content
        .teams
        .iter()
        .flat_map(|t| {
            t.cars
                .iter()
                .map(|c| (t.id.to_string(), c.number.to_string()))
        })
        .collect();
    let names = (spaces, cards, team_cars);
    let mut kinds = std::collections::BTreeSet::new();
    for (i, event) in events.iter().enumerate() {
        kinds.insert(event["event"].as_str().expect("kind").to_owned());
        check_named("", event, &names, &format!("event {i} {event}"));
    }
    for kind in ["car_moved", "card_played", "step", "damage", "attack"] {
        assert!(kinds.contains(kind), "the race had a {kind} event");
    }
    assert!(
        events.iter().any(|e| e["to"]["space"].is_string()),
        "moves name their spaces"
    );
}

/// The teams' results (which name no bot) of `races` two-player races on the oval from `seed`
/// with `bots` of `content`, on `threads` threads, the report written in `dir`.
fn two_player_teams(
    content: &str,
    bots: &str,
    races: u32,
    seed: u64,
    threads: &str,
    dir: &std::path::Path,
) -> String {
    let json = dir.join(format!("{bots}-{threads}.json"));
    let (races, seed) = (races.to_string(), seed.to_string());
    let run = roadwright(&[
        "simulate",
        "--content",
        content,
        "--track",
        "tracks/oval.ron",
        "--players",
        "2",
        "--races",
        &races,
        "--seed",
        &seed,
        "--bots",
        bots,
        "--threads",
        threads,
        "--json",
        json.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&json).expect("report")).expect("json");
    report["stats"]["teams"].to_string()
}

#[test]
fn a_planner_search_budget_is_read_from_its_profile_and_checked() {
    let pack = common::copy_of_standard_pack();
    let bots = pack.path().join("bots");
    let planner = fs::read_to_string(bots.join("planner.ron")).expect("planner");
    let quick = planner
        .replace("id: \"planner\"", "id: \"quick\"")
        .replace("    strategy:", "    search_limit: 20,\n    strategy:");
    fs::write(bots.join("quick.ron"), &quick).expect("write");
    let content = pack.path().to_str().expect("utf-8");
    let run = roadwright(&["validate", content]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    // The quick planner plays otherwise than the full one on the same seeds: its budget is
    // used (a budget ignored would give the very same races).
    let out = tempfile::tempdir().expect("temp dir");
    let races = |bots: &str| two_player_teams(content, bots, 3, 4, "0", out.path());
    assert_ne!(races("planner"), races("quick"));
    fs::write(
        bots.join("quick.ron"),
        quick.replace("search_limit: 20", "search_limit: 0"),
    )
    .expect("write");
    says_budget_out_of_range(content, "quick.ron:", "search_limit 0");
}

/// `validate CONTENT` fails with a `bot-search-limit-out-of-range` line that names `file` and
/// says `says`.
fn says_budget_out_of_range(content: &str, file: &str, says: &str) {
    let run = roadwright(&["validate", content]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let line = run
        .stdout
        .lines()
        .find(|l| l.contains("bot-search-limit-out-of-range"))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(
        line.contains(file) && line.contains(says),
        "names the file and the field: {line}"
    );
}

/// A search bot's profile (`Strategy::Search`): it plays, the same races for a seed on any
/// number of threads, otherwise than the planner it is built on; a budget of no play-out, or
/// of more play-outs than the bound, is an error naming the file and the field.
#[test]
fn a_search_bot_plays_by_its_profile_the_same_for_a_seed_and_its_budget_is_checked() {
    let pack = common::copy_of_standard_pack();
    let bots = pack.path().join("bots");
    let planner = fs::read_to_string(bots.join("planner.ron")).expect("planner");
    let weights =
        &planner[(planner.find("((").expect("weights") + 1)..=planner.find("))").expect("end")];
    let searcher = format!(
        "(\n    kind: BotProfile,\n    version: 1,\n    id: \"searcher\",\n    name: \"Searcher\",\n    \
         strategy: Search((\n        weights: {weights},\n        candidates: 2,\n        \
         rollouts: 2,\n        horizon: 2,\n        rollout_search_limit: 8,\n    )),\n)\n"
    );
    fs::write(bots.join("searcher.ron"), &searcher).expect("write");
    let content = pack.path().to_str().expect("utf-8");
    let run = roadwright(&["validate", content]);
    assert_eq!(run.code, 0, "{}{}{searcher}", run.stdout, run.stderr);
    let out = tempfile::tempdir().expect("temp dir");
    let races =
        |bots: &str, threads: &str| two_player_teams(content, bots, 4, 5, threads, out.path());
    let with_search = races("searcher,planner", "1");
    assert_eq!(
        with_search,
        races("searcher,planner", "2"),
        "the same races on two threads"
    );
    assert_ne!(
        with_search,
        races("planner,planner", "1"),
        "the search changes the play"
    );
    for (changes, says) in [
        (
            vec![("rollouts: 2", "rollouts: 0")],
            "rollouts 0 is outside 1 to",
        ),
        (
            vec![
                ("candidates: 2", "candidates: 200"),
                ("rollouts: 2", "rollouts: 100"),
            ],
            "200 candidates × 100 rollouts is 20000 play-outs",
        ),
    ] {
        let bad = changes
            .iter()
            .fold(searcher.clone(), |text, (from, to)| text.replace(from, to));
        fs::write(bots.join("searcher.ron"), &bad).expect("write");
        says_budget_out_of_range(content, "searcher.ron:", says);
    }
}

/// A search bot's `rivals_progress` beyond 4 (a rival held back worth more than four times
/// the bot's own going) is an error at the field, naming the file.
#[test]
fn a_search_bots_rivals_progress_out_of_range_is_an_error_at_its_line() {
    let pack = common::copy_of_standard_pack();
    let file = pack.path().join("bots/quick-searcher.ron");
    let quick = fs::read_to_string(&file).expect("the quick searcher");
    assert!(quick.contains("rivals_progress: 1.0"), "{quick}");
    fs::write(
        &file,
        quick.replace("rivals_progress: 1.0", "rivals_progress: 9.0"),
    )
    .expect("write");
    let run = roadwright(&["validate", pack.path().to_str().expect("utf-8")]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let line = run
        .stdout
        .lines()
        .find(|l| l.contains("bot-weight-not-finite"))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(
        line.contains("quick-searcher.ron:")
            && line.contains("rivals_progress 9 is outside 0 to 4"),
        "{line}"
    );
}

#[test]
fn a_bot_profile_with_a_weight_that_is_not_a_number_or_a_second_profile_of_one_id_is_an_error() {
    let pack = common::copy_of_standard_pack();
    let bots = pack.path().join("bots");
    let racer = fs::read_to_string(bots.join("racer.ron")).expect("racer");
    fs::write(
        bots.join("racer.ron"),
        racer.replace("kill_vp: 5.0", "kill_vp: NaN"),
    )
    .expect("write");
    fs::write(bots.join("racer-copy.ron"), &racer).expect("write");
    let run = roadwright(&["validate", pack.path().to_str().expect("utf-8")]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let nan = run
        .stdout
        .lines()
        .find(|l| l.contains("bot-weight-not-finite"))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(
        nan.contains("racer.ron:") && nan.contains("kill_vp"),
        "names the file, line and weight: {nan}"
    );
    assert!(
        run.stdout
            .lines()
            .any(|l| l.contains("duplicate-id") && l.contains("bot profile id `racer`")),
        "{}",
        run.stdout
    );
    // simulate refuses the pack rather than playing a bot that compares NaN.
    let run = roadwright(&[
        "simulate",
        "--track",
        "tracks/oval.ron",
        "--content",
        pack.path().to_str().expect("utf-8"),
        "--races",
        "2",
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
}

#[test]
fn impossible_command_lines_are_usage_errors_naming_the_option() {
    for (args, names) in [
        (
            vec!["render", "tracks/oval.ron", "-o", "x.png", "--width", "16"],
            "--width",
        ),
        (
            vec![
                "simulate",
                "--track",
                "tracks/oval.ron",
                "--threads",
                "100000",
            ],
            "threads",
        ),
        (vec!["validate", "tracks/oval.ron", "--play=0"], "--play"),
        (
            vec!["validate", "tracks/oval.ron", "--play=1000001"],
            "--play",
        ),
        (
            vec![
                "simulate",
                "--track",
                "tracks/oval.ron",
                "--players",
                "2",
                "--bots",
                "racer,random,planner",
            ],
            "--bots",
        ),
    ] {
        let run = roadwright(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(names), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
}

#[cfg(unix)]
#[test]
fn completions_into_a_full_disk_fail_cleanly() {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_roadwright"))
        .args(["completions", "bash"])
        .stdout(full)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(output.status.code(), Some(0), "the failure is reported");
    assert!(output.status.code().is_some(), "it exits, it is not killed");
    assert!(stderr.to_lowercase().contains("no space"), "{stderr}");
}

#[test]
fn validate_play_on_content_that_does_not_parse_exits_2_naming_file_and_line() {
    let pack = common::copy_of_standard_pack();
    let deck = pack.path().join("race_deck.ron");
    let text = fs::read_to_string(&deck).expect("deck");
    fs::write(&deck, text.replacen("speed:", "speed: :", 1)).expect("write");
    let run = roadwright(&[
        "validate",
        "tracks/oval.ron",
        "--play=5",
        "--content",
        pack.path().to_str().expect("utf-8"),
    ]);
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    let line = run
        .stdout
        .lines()
        .find(|l| l.contains("race_deck.ron:"))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(
        line.split(':')
            .nth(1)
            .is_some_and(|n| n.parse::<u32>().is_ok()),
        "a line number: {line}"
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_play_check_with_a_report() {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_roadwright"));
    command.args(["validate", "tracks/oval.ron", "--play=100000"]);
    let output = common::interrupted(command);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("error[play-stopped]") && stdout.contains("of 100000 races"),
        "{stdout}"
    );
}

/// `codes` says what a code means, lists every code by area, and refuses an unknown code with
/// the codes that share a word with it.
#[test]
fn codes_says_what_a_diagnostic_code_means() {
    let one = common::roadwright(&["codes", "deck-too-small"]);
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert!(
        one.stdout
            .starts_with("deck-too-small (Content): Fewer cards than"),
        "{}",
        one.stdout
    );
    let all = common::roadwright(&["codes"]);
    assert_eq!(all.code, 0);
    for heading in [
        "Files:",
        "Tracks:",
        "Content:",
        "Found by play:",
        "Missions:",
    ] {
        assert!(all.stdout.lines().any(|l| l == heading), "{heading}");
    }
    assert_eq!(
        all.stdout.lines().filter(|l| l.starts_with("  ")).count(),
        roadwright::validate::code_book::CODE_BOOK.len()
    );
    let unknown = common::roadwright(&["codes", "deck-small"]);
    assert_eq!(unknown.code, 2);
    assert!(unknown.stderr.contains("no diagnostic code `deck-small`"));
    assert!(
        unknown.stderr.contains("deck-too-small"),
        "{}",
        unknown.stderr
    );
}

/// `validate` reads a tuning spec: the sample checks clean, and a spec with no budget and an
/// unknown metric is refused with each problem at its line.
#[test]
fn validate_checks_a_tuning_spec() {
    let sample = common::roadwright(&["validate", "tuning/even-teams.ron"]);
    assert_eq!(sample.code, 0, "{}{}", sample.stdout, sample.stderr);
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = dir.path().join("bad.ron");
    let text = std::fs::read_to_string(common::repo("tuning/even-teams.ron")).expect("sample");
    std::fs::write(
        &bad,
        text.replace("budget: 20000", "budget: 0")
            .replace("\"drama\"", "\"thrill\""),
    )
    .expect("write");
    let run = common::roadwright(&["validate", bad.to_str().expect("path")]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout.contains(":12:5: error[tuning-budget]"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("error[tuning-metric]: no design metric `thrill`"),
        "{}",
        run.stdout
    );
}

/// A bot profile may restrict what it does: one that never fires and avoids a kind of ground
/// the pack has validates clean; one never playing a card kind the pack lacks is an error at
/// its `restrict`, naming the file, the profile and the card.
#[test]
fn a_bot_profiles_restrictions_name_what_the_pack_has() {
    let pack = common::copy_of_standard_pack();
    let bots = pack.path().join("bots");
    let planner = fs::read_to_string(bots.join("planner.ron")).expect("planner");
    let restricted = |restrict: &str| {
        planner
            .replace("id: \"planner\"", "id: \"careful\"")
            .replace(
                "    strategy:",
                &format!("    restrict: {restrict},\n    strategy:"),
            )
    };
    fs::write(
        bots.join("careful.ron"),
        restricted("[NoFire, NoRam, AvoidGround(\"trough\")]"),
    )
    .expect("write");
    let content = pack.path().to_str().expect("utf-8");
    let run = roadwright(&["validate", content]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    fs::write(
        bots.join("careful.ron"),
        restricted("[NoCard(\"no-such-card\")]"),
    )
    .expect("write");
    let run = roadwright(&["validate", content]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let line = run
        .stdout
        .lines()
        .find(|l| l.contains("bot-restriction-unknown"))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(
        line.contains("careful.ron:")
            && line.contains("never plays no-such-card but the pack has no race card kind"),
        "{line}"
    );
}
