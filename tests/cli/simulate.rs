//! `roadwright simulate`: batches of bot races, reproducible for any thread count, with
//! statistics, JSON and CSV; bot profiles as data; bots that beat random play.

use crate::common;

use std::fs;

use common::roadwright;

/// A batch of 24 races of 3 players on the oval, seed 5, with more arguments.
fn simulate(extra: &[&str]) -> common::Run {
    simulate_batch("3", "24", "5", extra)
}

/// A batch on the oval.
fn simulate_batch(players: &str, races: &str, seed: &str, extra: &[&str]) -> common::Run {
    let mut args = vec![
        "simulate",
        "--track",
        "tracks/oval.ron",
        "--players",
        players,
        "--races",
        races,
        "--seed",
        seed,
    ];
    args.extend_from_slice(extra);
    roadwright(&args)
}

/// The digest `merge` checks, made again for a report edited in a test: SHA-256 of the fold,
/// the per-space totals and the races listed, as JSON with sorted keys.
fn digest_of(report: &serde_json::Value) -> String {
    use sha2::{Digest, Sha256};
    let races = report
        .get("races")
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    let value = serde_json::json!([report["fold"], report["stats"]["spaces"], races]);
    Sha256::digest(value.to_string().as_bytes())
        .iter()
        .fold(String::new(), |mut hex, b| {
            use std::fmt::Write as _;
            let _ = write!(hex, "{b:02x}");
            hex
        })
}

/// A JSON file written by a command.
fn read_json(path: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&fs::read_to_string(path).expect("json")).expect("parse")
}

#[test]
fn a_batch_gives_the_same_results_for_any_number_of_threads() {
    let dir = tempfile::tempdir().expect("temp dir");
    let one = dir.path().join("one.json");
    let two = dir.path().join("two.json");
    let run = simulate(&[
        "--bots",
        "racer,random,brawler",
        "--threads",
        "1",
        "--race-list",
        "--json",
        one.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let again = simulate(&[
        "--bots",
        "racer,random,brawler",
        "--threads",
        "2",
        "--race-list",
        "--json",
        two.to_str().expect("path"),
    ]);
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert_eq!(run.stdout, again.stdout);
    assert_eq!(
        fs::read_to_string(&one).expect("json"),
        fs::read_to_string(&two).expect("json")
    );
    let report = read_json(&one);
    assert_eq!(report["races"].as_array().map(Vec::len), Some(24));
    // Teams rotate over the seats: each of the three teams sat in each seat 8 times.
    let races = report["races"].as_array().expect("races");
    for seat in 0..3 {
        let mut teams: Vec<&str> = races
            .iter()
            .filter_map(|r| r["seats"][seat]["team"].as_str())
            .collect();
        teams.sort_unstable();
        teams.dedup();
        assert_eq!(teams.len(), 3, "seat {seat} saw every team");
    }
    let stats = &report["stats"];
    let wins: u64 = stats["teams"]
        .as_object()
        .expect("teams")
        .values()
        .map(|t| t["wins"].as_u64().unwrap_or(0))
        .sum();
    let draws = stats["endings"]["draw"].as_u64().unwrap_or(0);
    assert_eq!(wins + draws, 24, "every race has one winner or is a draw");
    for team in stats["teams"].as_object().expect("teams").values() {
        let (low, rate, high) = (
            team["win_rate"]["low"].as_f64().expect("low"),
            team["win_rate"]["rate"].as_f64().expect("rate"),
            team["win_rate"]["high"].as_f64().expect("high"),
        );
        assert!(low <= rate && rate <= high);
    }
}

#[test]
fn a_race_of_a_batch_is_named_by_its_seed_and_the_csv_has_a_row_per_seat() {
    let dir = tempfile::tempdir().expect("temp dir");
    let csv = dir.path().join("races.csv");
    let run = simulate(&["--csv", csv.to_str().expect("path")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = fs::read_to_string(&csv).expect("csv");
    assert_eq!(
        text.lines().count(),
        1 + 24 * 3,
        "a header and a row per race and seat"
    );
    let teams = fs::read_to_string(dir.path().join("races-teams.csv")).expect("teams csv");
    assert_eq!(teams.lines().count(), 1 + 3);
    assert!(
        run.stdout.contains("first seat advantage"),
        "{}",
        run.stdout
    );
}

#[test]
fn an_unknown_bot_profile_is_refused_with_the_ones_there_are() {
    let run = simulate(&["--bots", "genius"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("no bot profile `genius`") && run.stderr.contains("planner"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_shipped_profiles_load_and_validate() {
    let profiles = roadwright::sim::profiles::profiles_in(&common::repo("content"));
    let ids: Vec<&String> = profiles.keys().collect();
    assert_eq!(
        ids,
        [
            "brawler",
            "planner",
            "quick-searcher",
            "racer",
            "random",
            "searcher",
            "sprinter"
        ]
    );
    let run = roadwright(&[
        "validate",
        "content/bots/random.ron",
        "content/bots/racer.ron",
        "content/bots/brawler.ron",
        "content/bots/planner.ron",
        "content/bots/searcher.ron",
        "content/bots/quick-searcher.ron",
        "content/bots/sprinter.ron",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
}

#[test]
fn racer_and_planner_beat_random_play() {
    // Small batches with a clear margin; docs/simulation-and-tuning.md has the large ones.
    for bot in ["racer", "planner"] {
        let dir = tempfile::tempdir().expect("temp dir");
        let json = dir.path().join("h2h.json");
        let bots = format!("{bot},random");
        let run = simulate_batch(
            "2",
            "16",
            "9",
            &["--bots", &bots, "--json", json.to_str().expect("path")],
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        let report = read_json(&json);
        let low = report["stats"]["bots"][bot]["low"].as_f64().expect("low");
        assert!(low > 0.5, "{bot} beats random: {}", report["stats"]["bots"]);
    }
}

#[test]
fn notable_races_are_recorded_and_replay_as_they_were_played() {
    let dir = tempfile::tempdir().expect("temp dir");
    let records = dir.path().join("records");
    let json = dir.path().join("batch.json");
    let run = simulate(&[
        "--bots",
        "racer,random",
        "--records",
        records.to_str().expect("path"),
        "--race-list",
        "--json",
        json.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report = read_json(&json);
    let notable = report["notable"].as_array().expect("notable");
    let whys: Vec<&str> = notable.iter().filter_map(|n| n["why"].as_str()).collect();
    for why in ["longest", "shortest", "most-eliminations"] {
        assert!(whys.contains(&why), "{whys:?}");
    }
    for n in notable {
        let index = n["index"].as_u64().expect("index") as usize;
        let why = n["why"].as_str().expect("why");
        let file = records.join(format!("race-{index}-{why}.json"));
        let replayed = roadwright(&["replay", file.to_str().expect("path"), "--json"]);
        assert_eq!(replayed.code, 0, "{}", replayed.stderr);
        let replay: serde_json::Value = serde_json::from_str(&replayed.stdout).expect("json");
        let summary = &report["races"][index];
        assert_eq!(
            replay["decisions"], summary["decisions"],
            "race {index} replays with as many decisions as it was played"
        );
        let winner = summary["winner"].as_u64().map(|w| w + 1);
        assert_eq!(
            replay["winner"].as_u64(),
            winner,
            "race {index}: same winner"
        );
    }
}

#[test]
fn compare_shows_nothing_for_the_same_content_and_a_change_after_an_edit() {
    let dir = tempfile::tempdir().expect("temp dir");
    let same = common::copy_of_standard_pack();
    let json = dir.path().join("same.json");
    let run = simulate(&[
        "--against",
        same.path().to_str().expect("path"),
        "--json",
        json.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report = read_json(&json);
    assert_eq!(
        report["compare"]["turns"]["diff"], 0.0,
        "same seeds, same content"
    );
    assert!(!run.stdout.contains(" *"), "{}", run.stdout);
    // Every race card two speed points faster: races get shorter.
    let faster = common::copy_of_standard_pack();
    let deck = faster.path().join("race_deck.ron");
    let text = fs::read_to_string(&deck).expect("deck");
    let edited = text.lines().fold(String::new(), |mut out, line| {
        use std::fmt::Write as _;
        match line.split_once("speed: ") {
            Some((head, tail)) => {
                let (number, rest) = tail.split_once(',').expect("speed field");
                let speed: i32 = number.trim().parse().expect("speed");
                let _ = writeln!(out, "{head}speed: {},{rest}", (speed + 2).min(12));
            }
            None => {
                let _ = writeln!(out, "{line}");
            }
        }
        out
    });
    fs::write(&deck, edited).expect("edit");
    let json = dir.path().join("faster.json");
    let run = simulate_batch(
        "3",
        "120",
        "5",
        &[
            "--against",
            faster.path().to_str().expect("path"),
            "--json",
            json.to_str().expect("path"),
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report = read_json(&json);
    let decisions = &report["compare"]["decisions"];
    assert!(
        decisions["diff"].as_f64().expect("diff") != 0.0,
        "the edit changed the races: {decisions}"
    );
    assert!(run.stdout.contains("compared with"), "{}", run.stdout);
}

#[test]
fn compare_plays_the_same_seeds_on_another_track() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("tracks.json");
    let figure_eight =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tracks/figure-eight.ron");
    let run = simulate(&[
        "--against-track",
        figure_eight.to_str().expect("path"),
        "--json",
        json.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("compared with track") && run.stdout.contains("figure-eight.ron"),
        "{}",
        run.stdout
    );
    let report = read_json(&json);
    let compare = &report["compare"];
    // Only the figure 8 has a crossover: crossover collisions appear on side B alone.
    assert_eq!(compare["crossover_collisions"]["a"], 0.0, "{compare}");
    assert!(
        compare["crossover_collisions"]["b"].as_f64().expect("b") > 0.0,
        "{compare}"
    );
    assert!(
        compare["decisions"]["a"] != compare["decisions"]["b"],
        "another track, other races: {compare}"
    );
    // A track that does not load is refused, naming it.
    let run = simulate(&["--against-track", "no-such-track.ron"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("no-such-track.ron"), "{}", run.stderr);
}

#[test]
fn the_report_counts_weapons_cars_and_spaces() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("batch.json");
    let run = simulate(&["--bots", "brawler", "--json", json.to_str().expect("path")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report = read_json(&json);
    let stats = &report["stats"];
    // Damage by weapon type adds up to the damage the seats dealt.
    let by_weapon: f64 = stats["weapons"]
        .as_object()
        .expect("weapons")
        .values()
        .filter_map(serde_json::Value::as_f64)
        .sum();
    let dealt: f64 = stats["teams"]
        .as_object()
        .expect("teams")
        .values()
        .map(|t| t["damage_dealt"].as_f64().expect("dealt") * t["races"].as_f64().expect("n"))
        .sum::<f64>()
        / 24.0;
    assert!(
        by_weapon > 0.0 && by_weapon <= dealt + 1e-9,
        "{by_weapon} vs {dealt}"
    );
    assert!(stats["weapons"].get("collision").is_some(), "brawlers ram");
    // Cars are named by team and number; spaces by address, with every car's first pass.
    assert!(
        stats["cars"]
            .as_object()
            .is_some_and(|c| c.keys().all(|k| k.contains(" #")))
    );
    let spaces = stats["spaces"].as_object().expect("spaces");
    let passes: u64 = spaces
        .values()
        .map(|s| s["passes"].as_u64().unwrap_or(0))
        .sum();
    let ends: u64 = spaces
        .values()
        .map(|s| s["ends"].as_u64().unwrap_or(0))
        .sum();
    assert!(
        passes > ends && ends > 0,
        "{passes} passes, {ends} activations ended"
    );
    assert!(
        spaces.keys().all(|k| k.contains('.')),
        "addressed as sector.lane"
    );
}

#[test]
fn a_heat_map_colours_the_track_by_a_metric_with_a_legend() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("batch.json");
    let run = simulate(&["--bots", "brawler", "--json", json.to_str().expect("path")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let png = dir.path().join("heat.png");
    let drawn = roadwright(&[
        "render",
        "tracks/oval.ron",
        "--heat",
        json.to_str().expect("path"),
        "--metric",
        "passes",
        "-o",
        png.to_str().expect("path"),
        "--width",
        "800",
    ]);
    assert_eq!(drawn.code, 0, "{}", drawn.stderr);
    let image = image::open(&png).expect("a PNG").to_rgba8();
    // The space with the most passes is drawn in the scale's top colour, and the legend bar
    // runs the whole scale.
    let top = roadwright::render::viridis(1.0);
    let bottom = roadwright::render::viridis(0.0);
    let has = |colour: [u8; 4]| image.pixels().any(|p| p.0 == colour);
    assert!(
        has(top),
        "the busiest space is drawn at the top of the scale"
    );
    assert!(has(bottom), "the legend starts at the bottom of the scale");
    let unknown = roadwright(&[
        "render",
        "tracks/oval.ron",
        "--heat",
        json.to_str().expect("path"),
        "--metric",
        "fun",
        "-o",
        png.to_str().expect("path"),
    ]);
    assert_eq!(unknown.code, 2);
    assert!(
        unknown.stderr.contains("the metrics are damage"),
        "{}",
        unknown.stderr
    );
}

#[test]
fn shards_merge_into_exactly_the_whole_batch() {
    let dir = tempfile::tempdir().expect("temp dir");
    let whole = dir.path().join("whole.json");
    let run = simulate(&[
        "--bots",
        "racer,random",
        "--race-list",
        "--json",
        whole.to_str().expect("p"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut parts = Vec::new();
    for shard in ["1/3", "2/3", "3/3"] {
        let part = dir.path().join(format!("part-{}.json", &shard[..1]));
        let run = simulate(&[
            "--bots",
            "racer,random",
            "--shard",
            shard,
            "--race-list",
            "--json",
            part.to_str().expect("p"),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        parts.push(part);
    }
    let merged = dir.path().join("merged.json");
    let mut args = vec!["merge"];
    args.extend(parts.iter().map(|p| p.to_str().expect("p")));
    args.extend(["-o", merged.to_str().expect("p")]);
    let run = roadwright(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (whole, merged) = (read_json(&whole), read_json(&merged));
    assert_eq!(merged["stats"], whole["stats"], "the same statistics");
    assert_eq!(merged["fold"], whole["fold"], "the same folded figures");
    assert_eq!(merged["races"], whole["races"], "the same races");
    assert_eq!(merged["notable"], whole["notable"]);
    // A shard given twice is refused.
    let twice = roadwright(&[
        "merge",
        parts[0].to_str().expect("p"),
        parts[0].to_str().expect("p"),
    ]);
    assert_eq!(twice.code, 1, "{}", twice.stderr);
}

#[cfg(unix)]
#[test]
fn json_to_dev_stdout_goes_into_the_pipe_and_a_fifo_stays_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    // `common::roadwright` reads stdout through a pipe: /dev/stdout names that pipe. Renaming
    // a temporary file over it used to fail (or, as root, replace the device node).
    let run = simulate_batch("2", "4", "1", &["--json", "/dev/stdout"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let start = run.stdout.find("{\n").expect("the report is in the output");
    // The statistics are printed after the report: read the one JSON value at the start.
    let report: serde_json::Value = serde_json::Deserializer::from_str(&run.stdout[start..])
        .into_iter()
        .next()
        .expect("a value")
        .expect("a whole JSON report");
    assert_eq!(report["stats"]["races"], 4);

    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("report.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let reader = std::thread::spawn({
        let fifo = fifo.clone();
        move || fs::read_to_string(fifo).expect("read")
    });
    let run = simulate_batch("2", "4", "1", &["--json", fifo.to_str().expect("path")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = reader.join().expect("reader");
    assert!(
        text.contains("\"races\""),
        "the report came through the fifo"
    );
    assert!(
        fs::symlink_metadata(&fifo)
            .expect("there")
            .file_type()
            .is_fifo(),
        "still a fifo"
    );
}

#[test]
fn without_race_list_a_report_folds_its_races_and_lists_none() {
    // A batch keeps its races' figures folded, not the races: the report has the same
    // statistics with or without the list, and lists the races only when asked.
    let dir = tempfile::tempdir().expect("temp dir");
    let (folded, listed) = (
        dir.path().join("folded.json"),
        dir.path().join("listed.json"),
    );
    let run = simulate(&["--json", folded.to_str().expect("p")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = simulate(&["--race-list", "--json", listed.to_str().expect("p")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (folded, listed) = (read_json(&folded), read_json(&listed));
    assert!(
        folded.get("races").is_none(),
        "no per-race list unless asked"
    );
    assert_eq!(listed["races"].as_array().map(Vec::len), Some(24));
    assert_eq!(folded["stats"], listed["stats"]);
    assert_eq!(folded["notable"], listed["notable"]);
    assert_eq!(folded["fold"]["races"], 24);
}

#[cfg(unix)]
#[test]
fn ctrl_c_on_ten_million_races_stops_in_little_memory_and_compares_nothing() {
    // Under a 1 GiB address-space limit: a slot per unplayed race (the old collect) would not
    // fit; folding races as they finish needs a few megabytes. It ends: the races not begun
    // are skipped (ten million of them would take hours).
    let binary = env!("CARGO_BIN_EXE_roadwright");
    let mut command = std::process::Command::new("sh");
    command.arg("-c").arg(format!(
        "ulimit -v 1048576; exec '{binary}' simulate --track tracks/oval.ron --players 2 \
         --races 10000000 --against content"
    ));
    let output = common::interrupted(command);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("of 10000000 races finished"), "{stderr}");
    assert!(stderr.contains("not compared"), "{stderr}");
    assert!(!stdout.contains("compared with"), "{stdout}");
    assert!(
        stdout.contains("races"),
        "the statistics of what was played: {stdout}"
    );
}

#[cfg(unix)]
#[test]
fn a_shard_of_the_largest_batch_finds_its_races_at_once_and_hears_ctrl_c() {
    // Shard 5 of 7 of 2^64 - 1 races: its races are found by arithmetic, so the first is played
    // at once, and Ctrl-C stops it within a race (walking the batch for its races never ended,
    // Ctrl-C or not). Its first race is the batch's race 4, with the batch's seed for it.
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_roadwright"));
    command.args([
        "simulate",
        "--track",
        "tracks/oval.ron",
        "--players",
        "2",
        "--threads",
        "1",
        "--races",
        &usize::MAX.to_string(),
        "--shard",
        "5/7",
    ]);
    let output = common::interrupted(command);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("races finished") && !stderr.contains("stopped: 0 of"),
        "races were played before Ctrl-C: {stderr}"
    );
}

#[test]
fn an_output_naming_an_input_or_a_missing_folder_is_refused_before_any_race() {
    let track_before = fs::read(common::repo("tracks/oval.ron")).expect("the oval");
    for (option, path, says) in [
        ("--json", "tracks/oval.ron", "inputs"),
        ("--csv", "content/batch.csv", "inside the input folder"),
        ("--json", "no-such-folder/batch.json", "does not exist"),
        ("--records", "content/records", "inside the input folder"),
    ] {
        let run = simulate(&[option, path]);
        assert_eq!(run.code, 2, "{option} {path}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{}", run.stderr);
        assert!(run.stderr.contains("nothing was played"), "{}", run.stderr);
        assert!(
            !run.stdout.contains("races"),
            "no race was played: {}",
            run.stdout
        );
    }
    assert_eq!(
        fs::read(common::repo("tracks/oval.ron")).expect("the oval"),
        track_before,
        "the track is untouched"
    );
    assert!(!common::repo("content/batch.csv").exists());
    for args in [
        vec![
            "race",
            "--track",
            "tracks/oval.ron",
            "--record",
            "tracks/oval.ron",
        ],
        vec!["render", "tracks/oval.ron", "-o", "tracks/oval.ron"],
    ] {
        let run = roadwright(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("inputs"), "{}", run.stderr);
    }
    assert_eq!(
        fs::read(common::repo("tracks/oval.ron")).expect("the oval"),
        track_before
    );
}

#[cfg(unix)]
#[test]
fn the_statistics_are_printed_even_when_the_report_cannot_be_written() {
    // /dev/full takes the open and refuses the write: the batch is played, its figures shown,
    // and the failure reported with exit 2.
    let run = simulate_batch("2", "4", "1", &["--json", "/dev/full"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.starts_with("4 races"), "{}", run.stdout);
    assert!(run.stderr.contains("/dev/full"), "{}", run.stderr);
}

#[test]
fn merge_refuses_to_write_over_one_of_its_reports() {
    let dir = tempfile::tempdir().expect("temp dir");
    let part = dir.path().join("part.json");
    let run = simulate(&["--shard", "1/2", "--json", part.to_str().expect("p")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let before = fs::read(&part).expect("report");
    let p = part.to_str().expect("p");
    let run = roadwright(&["merge", p, "-o", p]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("inputs"), "{}", run.stderr);
    assert_eq!(
        fs::read(&part).expect("report"),
        before,
        "the report is untouched"
    );
}

#[test]
fn merge_joins_only_every_shard_of_one_batch() {
    let dir = tempfile::tempdir().expect("temp dir");
    let shard = |name: &str, spec: &str, seed: &str| {
        let path = dir.path().join(name);
        let run = simulate_batch(
            "3",
            "24",
            seed,
            &["--shard", spec, "--json", path.to_str().expect("p")],
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        path
    };
    let one = shard("one.json", "1/3", "5");
    let two = shard("two.json", "2/3", "5");
    let three = shard("three.json", "3/3", "5");
    let other_seed = shard("other.json", "3/3", "6");
    assert_eq!(merge(&[&one, &two, &three]).code, 0, "the whole batch");
    let missing = merge(&[&one, &two]);
    assert_eq!(missing.code, 1);
    assert!(
        missing.stderr.contains("3 of 3 missing"),
        "{}",
        missing.stderr
    );
    let mixed = merge(&[&one, &two, &other_seed]);
    assert_eq!(mixed.code, 1);
    assert!(mixed.stderr.contains("another batch"), "{}", mixed.stderr);

    // Reports edited by hand (or by a hostile hand) are refused, saying why: first by their
    // digest; with the digest made again to match, by what does not add up.
    let edited = |name: &str, edit: &dyn Fn(&mut serde_json::Value)| {
        let mut report = read_json(&three);
        edit(&mut report);
        report["digest"] = digest_of(&report).into();
        let path = dir.path().join(name);
        fs::write(&path, report.to_string()).expect("write");
        path
    };
    let mut tampered = read_json(&three);
    tampered["fold"]["teams"]["rust-reapers"]["damage_dealt"] = 999_999.into();
    let tampered_path = dir.path().join("tampered.json");
    fs::write(&tampered_path, tampered.to_string()).expect("write");
    let run = merge(&[&one, &two, &tampered_path]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("digest"), "{}", run.stderr);
    let out_of_range = edited("range.json", &|r| r["shard"]["index"] = 5.into());
    let run = merge(&[&one, &two, &out_of_range]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("not a shard"), "{}", run.stderr);
    let stopped = edited("stopped.json", &|r| r["stopped_early"] = true.into());
    let run = merge(&[&one, &two, &stopped]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("stopped"), "{}", run.stderr);
    let short = edited("short.json", &|r| r["fold"]["races"] = 3.into());
    let run = merge(&[&one, &two, &short]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("do not add up"), "{}", run.stderr);
    // Figures that add up in each report but overflow when added together.
    let huge = |r: &mut serde_json::Value| r["fold"]["events_drawn"]["sum"] = u64::MAX.into();
    let huge_three = edited("huge3.json", &huge);
    let two_huge = {
        let mut report = read_json(&two);
        huge(&mut report);
        report["digest"] = digest_of(&report).into();
        let path = dir.path().join("huge2.json");
        fs::write(&path, report.to_string()).expect("write");
        path
    };
    let run = merge(&[&one, &two_huge, &huge_three]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("overflow"), "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    // A team that wins more races than it played.
    let cheat = edited("cheat.json", &|r| {
        let teams = r["fold"]["teams"].as_object_mut().expect("teams");
        for team in teams.values_mut() {
            team["wins"] = 1_000.into();
        }
    });
    let run = merge(&[&one, &two, &cheat]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("do not add up"), "{}", run.stderr);

    #[cfg(unix)]
    {
        let fifo = dir.path().join("fifo.json");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo");
        assert!(made.success());
        let run = merge(&[&one, &two, &fifo]);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(run.stderr.contains("not a regular file"), "{}", run.stderr);
    }
}

#[test]
fn against_with_a_shard_plays_the_same_shard_on_both_sides() {
    // The same content on both sides: when both play the same races, every figure is the same.
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("shard.json");
    let run = simulate(&[
        "--shard",
        "2/3",
        "--against",
        "content",
        "--json",
        json.to_str().expect("p"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report = read_json(&json);
    for metric in ["turns", "decisions", "events_drawn", "damage_dealt"] {
        let d = &report["compare"][metric];
        assert_eq!(d["a"], d["b"], "{metric}: {d}");
    }
}

#[test]
fn a_heat_map_refuses_an_oversized_results_file_and_draws_a_large_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let png = dir.path().join("heat.png");
    let render = |results: &std::path::Path| {
        roadwright(&[
            "render",
            "tracks/oval.ron",
            "--heat",
            results.to_str().expect("path"),
            "--metric",
            "damage",
            "-o",
            png.to_str().expect("path"),
            "--width",
            "400",
        ])
    };
    // 200,000 entries, most naming spaces the oval does not have: drawn (the largest value is
    // worked out once, not once per space).
    let mut text = format!(
        "{{\"identity\":{{\"track\":\"oval\",\"track_hash\":\"{}\"}},\"stats\":{{\"spaces\":{{",
        oval_hash()
    );
    for i in 0..200_000 {
        use std::fmt::Write as _;
        let _ = write!(text, "\"{}.{}\":{{\"damage\":{}}},", i / 4, i % 4, i % 97);
    }
    text.pop();
    text.push_str("}}}");
    let many = dir.path().join("many.json");
    fs::write(&many, text).expect("write");
    let run = render(&many);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Drawn: the spaces of the oval that the file names take the scale's colours.
    let image = image::open(&png).expect("a PNG").to_rgba8();
    let top = roadwright::render::viridis(1.0);
    assert!(
        image.pixels().any(|p| p.0 == top),
        "the largest value is drawn"
    );
    // A file over the limit (the largest report merge reads too) is refused before it is read.
    let huge = dir.path().join("huge.json");
    fs::File::create(&huge)
        .and_then(|f| f.set_len(roadwright::sim::report::MOST_REPORT_BYTES + 1))
        .expect("a large file");
    let run = render(&huge);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("bytes, over the"), "{}", run.stderr);
}

/// The SHA-256 of the oval's canonical text, as reports carry it.
fn oval_hash() -> String {
    let Ok(roadwright::content::Document::Track(track)) =
        roadwright::content::Document::load(&common::repo("tracks/oval.ron")).map(|l| l.document)
    else {
        panic!("the oval");
    };
    roadwright::sim::load::track_hash(&track)
}

/// A heat map is drawn only from a report of the track it is drawn on: a report of the
/// figure-eight painted on the oval (spaces matched by name) is refused, exit 1. Reports as
/// large as `simulate --race-list` writes them are read: one past 64 MiB (refused before) is
/// drawn.
#[test]
fn a_heat_map_is_drawn_only_from_a_report_of_its_track_of_any_size_simulate_writes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let report = dir.path().join("eight.json");
    let run = roadwright(&[
        "simulate",
        "--track",
        "tracks/figure-eight.ron",
        "--players",
        "2",
        "--races",
        "6",
        "--race-list",
        "--json",
        report.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let png = dir.path().join("heat.png");
    let render = |track: &str, results: &std::path::Path| {
        roadwright(&[
            "render",
            track,
            "--heat",
            results.to_str().expect("path"),
            "-o",
            png.to_str().expect("path"),
            "--width",
            "300",
        ])
    };
    let wrong = render("tracks/oval.ron", &report);
    assert_eq!(wrong.code, 1, "{}", wrong.stderr);
    assert!(wrong.stderr.contains("another track"), "{}", wrong.stderr);
    assert!(!png.exists(), "nothing drawn");
    // The same report with its races copied until it passes 64 MiB, as a long `--race-list`
    // batch writes it. Written as text (each race's JSON repeated), not built as one value.
    let mut value = read_json(&report);
    let races: Vec<String> = value["races"]
        .as_array()
        .expect("races")
        .iter()
        .map(ToString::to_string)
        .collect();
    value["races"] = serde_json::json!([]);
    let rest = value.to_string();
    let mut listed = Vec::new();
    let mut bytes = 0;
    while bytes < 66 << 20 {
        for race in &races {
            bytes += race.len() + 1;
            listed.push(race.as_str());
        }
    }
    let text = rest.replacen(
        "\"races\":[]",
        &format!("\"races\":[{}]", listed.join(",")),
        1,
    );
    let large = dir.path().join("large.json");
    fs::write(&large, text).expect("write");
    assert!(fs::metadata(&large).expect("size").len() > 64 << 20);
    let right = render("tracks/figure-eight.ron", &large);
    assert_eq!(right.code, 0, "{}", right.stderr);
    assert!(png.is_file());
}

/// A batch reports each design metric's mean and 95% interval in its JSON and its text, and
/// `--against` compares them: the same content on the same seeds changes none of them.
#[test]
fn design_metrics_are_reported_with_intervals_and_compared() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("batch.json");
    let same = common::copy_of_standard_pack();
    let run = simulate(&[
        "--bots",
        "random",
        "--against",
        same.path().to_str().expect("path"),
        "--json",
        json.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report = read_json(&json);
    let design = report["stats"]["design"]
        .as_array()
        .expect("design metrics");
    let ids: Vec<&str> = design.iter().filter_map(|m| m["id"].as_str()).collect();
    let expected: Vec<&str> = roadwright::sim::metrics::METRICS
        .iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(ids, expected);
    for metric in design {
        let (low, mean, high) = (
            metric["low"].as_f64().expect("low"),
            metric["mean"].as_f64().expect("mean"),
            metric["high"].as_f64().expect("high"),
        );
        assert!(low <= mean && mean <= high, "{metric}");
        assert!(metric["races"].as_u64().expect("races") > 0, "{metric}");
        let id = metric["id"].as_str().expect("id");
        if [
            "drama",
            "decisiveness",
            "comeback_half",
            "comeback_three_quarters",
        ]
        .contains(&id)
        {
            assert!((0.0..=1.0).contains(&mean), "{metric}");
        }
        if id == "downtime" {
            // Three players: about two others' activations between one's own.
            assert!((1.0..=3.5).contains(&mean), "{metric}");
        }
    }
    assert!(
        run.stdout.contains("design metrics (mean, 95% interval"),
        "{}",
        run.stdout
    );
    for metric in &roadwright::sim::metrics::METRICS {
        assert!(run.stdout.contains(metric.name), "{} listed", metric.name);
    }
    let compared = report["compare"]["design"].as_array().expect("compared");
    assert_eq!(compared.len(), expected.len());
    for pair in compared {
        assert_eq!(pair[1]["diff"], 0.0, "same seeds, same content: {pair}");
    }
}

/// The two shards of an eight-race two-player batch seeded 5, as `one.json` and `two.json` in
/// `dir`.
fn two_shards(dir: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let shard = |name: &str, spec: &str| {
        let path = dir.join(name);
        let run = simulate_batch(
            "2",
            "8",
            "5",
            &["--shard", spec, "--json", path.to_str().expect("p")],
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        path
    };
    (shard("one.json", "1/2"), shard("two.json", "2/2"))
}

/// `roadwright merge` of these reports.
fn merge(parts: &[&std::path::Path]) -> common::Run {
    let mut args = vec!["merge"];
    args.extend(parts.iter().map(|p| p.to_str().expect("p")));
    roadwright(&args)
}

/// `merge` does not trust a shard's arithmetic, whether or not its digest was made again: a
/// shard relabelled as another (its races counted twice, exit 0) names races that are not the
/// other shard's; a histogram of race lengths that disagrees with its moments, or a crafted
/// one past the turn limit (a mean of 1.4 billion turns), is refused.
#[test]
fn merge_refuses_a_relabelled_shard_and_figures_that_do_not_agree() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (one, two) = two_shards(dir.path());
    let resealed = |name: &str, from: &std::path::Path, edit: &dyn Fn(&mut serde_json::Value)| {
        let mut report = read_json(from);
        edit(&mut report);
        report["digest"] = digest_of(&report).into();
        let path = dir.path().join(name);
        fs::write(&path, report.to_string()).expect("write");
        path
    };
    assert_eq!(merge(&[&one, &two]).code, 0, "the whole batch");
    let relabelled = resealed("relabelled.json", &one, &|r| r["shard"]["index"] = 2.into());
    let run = merge(&[&one, &relabelled]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("not one of shard 2's races"),
        "{}",
        run.stderr
    );
    let skewed = resealed("skewed.json", &two, &|r| {
        r["fold"]["turns"] = serde_json::json!({ "5": 4 });
    });
    let run = merge(&[&one, &skewed]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("histogram"), "{}", run.stderr);
    let crafted = resealed("crafted.json", &two, &|r| {
        let turns: u64 = 1_400_000_000;
        r["fold"]["turns"] = serde_json::json!({ turns.to_string(): 4 });
        r["fold"]["turn_moments"] = serde_json::json!({
            "n": 4,
            "sum": 4 * turns,
            "sum_sq": 4 * u128::from(turns) * u128::from(turns),
        });
    });
    let run = merge(&[&one, &crafted]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("turn limit"), "{}", run.stderr);
}

/// What the digest protects, as docs/simulation-and-tuning.md says: a shard edited without its
/// digest made again is refused; one edited by someone who makes the digest again, with
/// figures that still add up (two teams' damage swapped), is merged. The digest is a check
/// against damage, not a seal against a forger: it is a plain SHA-256 anyone can recompute.
#[test]
fn the_digest_catches_an_edited_shard_but_not_a_forger_who_makes_it_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (one, two) = two_shards(dir.path());
    let swap = |report: &mut serde_json::Value| {
        let teams = report["fold"]["teams"].as_object_mut().expect("teams");
        let names: Vec<String> = teams.keys().cloned().collect();
        let first = teams[&names[0]]["damage_dealt"].clone();
        teams[&names[0]]["damage_dealt"] = teams[&names[1]]["damage_dealt"].clone();
        teams[&names[1]]["damage_dealt"] = first;
    };
    let mut edited = read_json(&two);
    swap(&mut edited);
    assert_ne!(
        edited["fold"],
        read_json(&two)["fold"],
        "the edit changes a figure"
    );
    let unsealed = dir.path().join("unsealed.json");
    fs::write(&unsealed, edited.to_string()).expect("write");
    let run = merge(&[&one, &unsealed]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("digest"), "{}", run.stderr);
    edited["digest"] = digest_of(&edited).into();
    let resealed = dir.path().join("resealed.json");
    fs::write(&resealed, edited.to_string()).expect("write");
    let run = merge(&[&one, &resealed]);
    assert_eq!(run.code, 0, "a forger's shard merges: {}", run.stderr);
}

/// `--shard auto` as the tasks of a SLURM array job and of a Kubernetes Indexed Job see it:
/// each task plays its shard, and `merge` of the folder of their reports is the whole batch.
#[test]
fn shard_auto_reads_the_array_task_from_the_environment_and_merge_takes_a_folder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let whole = dir.path().join("whole.json");
    let run = simulate(&["--json", whole.to_str().expect("p")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let task = |env: &[(&str, String)], out: &std::path::Path| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_roadwright"))
            .args([
                "simulate",
                "--track",
                "tracks/oval.ron",
                "--players",
                "3",
                "--races",
                "24",
                "--seed",
                "5",
                "--shard",
                "auto",
                "--json",
                out.to_str().expect("p"),
            ])
            // What this test runs under (perhaps a scheduler's task) is not what it plays.
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("SLURM_ARRAY_TASK_MIN")
            .env_remove("SLURM_ARRAY_TASK_MAX")
            .env_remove("SLURM_ARRAY_TASK_COUNT")
            .env_remove("SLURM_ARRAY_TASK_STEP")
            .env_remove("JOB_COMPLETION_INDEX")
            .env_remove("ROADWRIGHT_SHARDS")
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("runs");
        common::Run::of(&output)
    };
    // SLURM, ids 0-2.
    let slurm = dir.path().join("slurm");
    fs::create_dir(&slurm).expect("folder");
    for id in 0..3 {
        let run = task(
            &[
                ("SLURM_ARRAY_TASK_ID", id.to_string()),
                ("SLURM_ARRAY_TASK_MIN", "0".to_owned()),
                ("SLURM_ARRAY_TASK_COUNT", "3".to_owned()),
            ],
            &slurm.join(format!("task-{id}.json")),
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
    }
    // Kubernetes, indices 0-2, the count from the manifest.
    let pods = dir.path().join("pods");
    fs::create_dir(&pods).expect("folder");
    for index in 0..3 {
        let run = task(
            &[
                ("JOB_COMPLETION_INDEX", index.to_string()),
                ("ROADWRIGHT_SHARDS", "3".to_owned()),
            ],
            &pods.join(format!("pod-{index}.json")),
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
    }
    let whole = read_json(&whole);
    for folder in [&slurm, &pods] {
        let merged = dir.path().join("merged.json");
        let run = roadwright(&[
            "merge",
            folder.to_str().expect("p"),
            "-o",
            merged.to_str().expect("p"),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let merged = read_json(&merged);
        assert_eq!(merged["stats"], whole["stats"], "{}", folder.display());
        assert_eq!(merged["fold"], whole["fold"]);
    }
    // No scheduler: refused, saying what it looked for.
    let run = task(&[], &dir.path().join("none.json"));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("SLURM_ARRAY_TASK_ID"), "{}", run.stderr);
}

/// `roadwright ladder`: every profile seated in every race; the racer is rated above the random
/// bot by more than its interval, and the ratings are the same for any number of threads.
#[test]
fn the_ladder_rates_the_racer_above_the_random_bot_the_same_on_any_number_of_threads() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ladder = |threads: &str, name: &str| {
        let json = dir.path().join(name);
        let run = roadwright(&[
            "ladder",
            "--bots",
            "random,racer",
            "--tracks",
            "tracks/oval.ron",
            "--races",
            "40",
            "--threads",
            threads,
            "--time-races",
            "1",
            "--json",
            json.to_str().expect("p"),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.contains("ms/race, 2 players"), "{}", run.stdout);
        read_json(&json)
    };
    let one = ladder("1", "one.json");
    let rungs = one["ladder"]["rungs"].as_array().expect("rungs");
    assert_eq!(rungs[0]["profile"], "racer", "{one}");
    assert_eq!(rungs[1]["profile"], "random");
    assert_eq!(rungs[1]["rating"], 0.0, "the random bot is the zero");
    assert!(rungs[0]["low"].as_f64().expect("low") > 0.0, "{one}");
    assert_eq!(one["ladder"]["races"], 40);
    let won: f64 = one["ladder"]["games"]["racer"]["random"]
        .as_f64()
        .expect("games")
        + one["ladder"]["games"]["random"]["racer"]
            .as_f64()
            .expect("games");
    assert!(
        (won - 40.0).abs() < 1e-9,
        "one game per race between the two: {won}"
    );
    let two = ladder("2", "two.json");
    assert_eq!(one["ladder"], two["ladder"], "the same on two threads");
    // A profile the content does not have is refused.
    let run = roadwright(&["ladder", "--bots", "random,ace", "--races", "1"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("no bot profile `ace`"),
        "{}",
        run.stderr
    );
    // A profile file outside the content is rated by its path; a file that is no profile, or a
    // profile named twice, is refused.
    let ladder = |bots: &str| {
        roadwright(&[
            "ladder",
            "--bots",
            bots,
            "--tracks",
            "tracks/oval.ron",
            "--races",
            "4",
            "--time-races",
            "0",
        ])
    };
    let run = ladder("random,samples/planner-budgets/planner-1.ron");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.lines().any(|l| l.starts_with("planner-1 ")),
        "{}",
        run.stdout
    );
    let run = ladder("random,tracks/oval.ron");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("not a bot profile"), "{}", run.stderr);
    let run = ladder("planner,samples/planner-budgets/planner-1.ron,planner");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("two of the bots are the profile `planner`"),
        "{}",
        run.stderr
    );
}

/// `roadwright ladder --mission`: the profiles play the mission's open sides in turn, each
/// profile each side equally often; a side's win is its profile's game; a mission with one side
/// open to them is refused with the reason.
#[test]
fn a_ladder_over_a_mission_plays_each_profile_on_each_side_in_turn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("mission.json");
    let run = roadwright(&[
        "ladder",
        "--mission",
        "missions/courier.ron",
        "--bots",
        "random,planner",
        "--races",
        "24",
        "--time-races",
        "1",
        "--json",
        json.to_str().expect("p"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("each profile on each side"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("ms/race, 2 players"), "{}", run.stdout);
    let report = read_json(&json);
    assert_eq!(report["ladder"]["races"], 24);
    let sides = report["ladder"]["sides"].as_array().expect("sides");
    assert_eq!(sides.len(), 4, "two profiles on two sides: {sides:?}");
    for record in sides {
        assert_eq!(
            record["races"], 12,
            "each profile plays each side half the races"
        );
    }
    let wins = |profile: &str| -> u64 {
        sides
            .iter()
            .filter(|r| r["profile"] == profile)
            .map(|r| r["wins"].as_u64().expect("wins"))
            .sum()
    };
    let rungs = report["ladder"]["rungs"].as_array().expect("rungs");
    for rung in rungs {
        let profile = rung["profile"].as_str().expect("id");
        assert_eq!(rung["wins"].as_u64(), Some(wins(profile)), "{profile}");
        assert_eq!(rung["races"], 24, "{profile} plays in every race");
    }
    assert_eq!(rungs[0]["profile"], "planner", "{report}");
    let games = &report["ladder"]["games"];
    let played = games["planner"]["random"].as_f64().expect("games")
        + games["random"]["planner"].as_f64().expect("games");
    assert!((played - 24.0).abs() < 1e-9, "one game a race: {played}");
    assert!(
        report["mission"]
            .as_str()
            .expect("mission")
            .ends_with("courier.ron")
    );
    // The wasteland of the last convoy is always the planner's: one side is left to rate on.
    let run = roadwright(&[
        "ladder",
        "--mission",
        "missions/last-convoy.ron",
        "--bots",
        "random,racer",
        "--races",
        "2",
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("has 1 side no bot profile always plays"),
        "{}",
        run.stderr
    );
}

#[cfg(unix)]
#[test]
fn a_ladder_stopped_by_ctrl_c_says_so_and_times_no_bot() {
    // A ladder stopped by Ctrl-C printed and wrote its partial table as whole, with 0.0 ms
    // timings (the timing, cut short too, divided a few races' time by all of them).
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("ladder.json");
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_roadwright"));
    command.args([
        "ladder",
        "--bots",
        "random,racer",
        "--races",
        "1000000",
        "--json",
        json.to_str().expect("utf-8"),
    ]);
    let output = common::interrupted(command);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    // A million races on each of the four sample tracks.
    assert!(
        stderr.contains("stopped:") && stderr.contains("of 4000000 races played"),
        "{stderr}"
    );
    assert!(!stdout.contains(" 0.0\n"), "no timing of nothing: {stdout}");
    let report = read_json(&json);
    assert_eq!(report["stopped_early"], true);
    assert_eq!(report["races_asked"], 4_000_000);
    assert!(report["ladder"]["races"].as_u64().expect("races") < 4_000_000);
    assert_eq!(report["ms_per_race"], serde_json::json!({}));
}

#[cfg(unix)]
#[test]
fn a_course_per_race_batch_builds_each_course_as_it_plays_it_and_hears_ctrl_c() {
    // Each race's course is built as the race is played and dropped after: under a 1 GiB
    // address-space limit a million races start at once and Ctrl-C stops them (all the courses
    // were built first, and kept: 20,000 races aborted out of memory, and Ctrl-C went unheard
    // while they were built).
    let binary = env!("CARGO_BIN_EXE_roadwright");
    let mut command = std::process::Command::new("sh");
    command.arg("-c").arg(format!(
        "ulimit -v 1048576; exec '{binary}' simulate --track courses/scrapyard-pile.ron \
         --course-per-race --players 2 --races 1000000"
    ));
    let output = common::interrupted(command);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("of 1000000 races finished") && !stderr.contains("stopped: 0 of"),
        "races were played before Ctrl-C: {stderr}"
    );
    assert!(stdout.contains("courses drawn"), "{stdout}");
}
