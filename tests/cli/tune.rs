//! `roadwright tune`: a tuning spec searched over batches of bot races; the pack untouched, the
//! best candidate written as a new pack with a report; a second run resumes the search.

use crate::common;

use std::fs;
use std::path::Path;

/// The standard pack and the oval in `dir`, the Rust Reapers' cars all at defense 1 and base
/// MP 1, and a spec letting both move (random bots, a small budget).
fn unbalanced(dir: &Path, team: &str) -> std::path::PathBuf {
    let content = dir.join("content");
    common::copy_folder(&common::repo("content"), &content);
    let mats = content.join("team_mats.ron");
    let text = fs::read_to_string(&mats).expect("mats");
    let start = text.find("id: \"rust-reapers\"").expect("the team");
    let end = start + text[start + 10..].find("id: \"").expect("the next team") + 10;
    let mut block = text[start..end].to_owned();
    for digit in ['2', '3', '4', '5', '6'] {
        block = block
            .replace(&format!("defense: {digit}"), "defense: 1")
            .replace(&format!("base_mp: {digit}"), "base_mp: 1");
    }
    fs::write(&mats, format!("{}{block}{}", &text[..start], &text[end..])).expect("write");
    fs::copy(common::repo("tracks/oval.ron"), dir.join("oval.ron")).expect("oval");
    let spec = dir.join("spec.ron");
    fs::write(
        &spec,
        format!(
            r#"(
    kind: TuningSpec,
    version: 1,
    name: "Rust Reapers back in the race",
    content: "content",
    track: "oval.ron",
    players: 4,
    bots: ["random"],
    budget: 400,
    seed: 3,
    parameters: [
        CarDefense(team: "{team}", min: 1, max: 3),
        CarBaseMp(team: "{team}", min: 1, max: 4),
    ],
    objectives: [WinRateSpread(weight: 1.0), FirstSeatAdvantage(weight: 0.5)],
)"#
        ),
    )
    .expect("spec");
    spec
}

/// `roadwright tune SPEC --out OUT`.
fn tune(spec: &Path, out: &Path) -> common::Run {
    tune_with(spec, out, &[])
}

/// `roadwright tune SPEC --out OUT` and `options`.
fn tune_with(spec: &Path, out: &Path, options: &[&str]) -> common::Run {
    let mut args = vec![
        "tune",
        spec.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ];
    args.extend_from_slice(options);
    common::roadwright(&args)
}

/// The search plays, writes a new pack that validates (the original untouched) and a report of
/// each change (within its range) and each objective before and after; run again, it resumes
/// every evaluation instead of playing it.
#[test]
fn tune_writes_a_new_pack_and_a_report_and_resumes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let spec = unbalanced(dir.path(), "rust-reapers");
    let mats_before = fs::read_to_string(dir.path().join("content/team_mats.ron")).expect("mats");
    let out = dir.path().join("tuned");
    let run = tune(&spec, &out);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("16 evaluations of 20 races"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("objectives on fresh seeds"),
        "{}",
        run.stdout
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("content/team_mats.ron")).expect("mats"),
        mats_before,
        "the pack is never edited"
    );
    let validated = common::roadwright(&["validate", out.join("content").to_str().expect("path")]);
    assert_eq!(validated.code, 0, "{}", validated.stdout);
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("tuning-report.json")).expect("report"))
            .expect("json");
    assert_eq!(report["evaluations"], 16);
    for change in report["changes"].as_array().expect("changes") {
        let after: u8 = change["after"]
            .as_str()
            .expect("after")
            .parse()
            .expect("a number");
        assert!((1..=4).contains(&after), "{change}");
    }
    assert_eq!(report["before"].as_array().map(Vec::len), Some(2));
    // Each team's win rate before and after, with its interval.
    let teams = report["teams_after"].as_object().expect("teams");
    assert_eq!(teams.len(), 4);
    for rate in teams.values() {
        assert!(rate["low"].as_f64() <= rate["rate"].as_f64(), "{rate}");
    }
    says_met_and_noise_as_the_report_measured(&run.stdout, &report);
    assert!(
        run.stdout.contains("win rates on fresh seeds"),
        "{}",
        run.stdout
    );
    assert_eq!(report["after"].as_array().map(Vec::len), Some(2));

    let again = tune(&spec, &out);
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert!(
        again.stdout.contains("(resuming: 16 evaluations done)"),
        "{}",
        again.stdout
    );
    let resumed: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("tuning-report.json")).expect("report"))
            .expect("json");
    assert_eq!(
        resumed["changes"], report["changes"],
        "the same search, replayed"
    );

    // The state as a search killed after its fifth evaluation leaves it (its first five
    // evaluations and their five digests): the search replays those five and plays the rest,
    // to the same answer.
    let state_path = out.join("tuning-search.json");
    let mut state: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&state_path).expect("state")).expect("json");
    state["search"]["evaluations"]
        .as_array_mut()
        .expect("evaluations")
        .truncate(5);
    state["digests"]
        .as_array_mut()
        .expect("digests")
        .truncate(5);
    fs::write(&state_path, state.to_string()).expect("write");
    let killed = tune(&spec, &out);
    assert_eq!(killed.code, 0, "{}", killed.stderr);
    assert!(
        killed.stdout.contains("(resuming: 5 evaluations done)"),
        "{}",
        killed.stdout
    );
    let finished: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("tuning-report.json")).expect("report"))
            .expect("json");
    assert_eq!(
        finished["changes"], report["changes"],
        "the same search, finished"
    );
    assert_eq!(finished["evaluations"], 16);
}

/// With `--confirm-bots`, the search's best candidates and the pack as it is are played again
/// by the stronger bots on seeds of their own; the candidate they score best is the pack
/// written, and the report gives both verdicts. The confirmation does not change the search: a
/// run with it resumes a search run without it.
#[test]
fn tune_confirms_the_best_candidates_with_stronger_bots() {
    let dir = tempfile::tempdir().expect("temp dir");
    let spec = unbalanced(dir.path(), "rust-reapers");
    // Aiming at the fair share too: the report then says whether the pack is fair for the
    // stronger bots.
    let text = fs::read_to_string(&spec).expect("spec");
    fs::write(
        &spec,
        text.replace(
            "FirstSeatAdvantage(weight: 0.5)]",
            "FairShare(weight: 1.0)]",
        ),
    )
    .expect("spec");
    let out = dir.path().join("tuned");
    let plain = tune(&spec, &out);
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    assert!(!plain.stdout.contains("confirm"), "{}", plain.stdout);
    let run = tune_with(
        &spec,
        &out,
        &[
            "--confirm-bots",
            "racer",
            "--confirm-top",
            "2",
            "--confirm-races",
            "40",
        ],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    for says in [
        "(resuming: 16 evaluations done)",
        "confirming the search's best 2 candidates and the pack as it is with racer bots, 40 \
         races each",
        "confirmed by racer bots on seeds of their own, 40 races each (",
        " races in ",
        "the pack as it is",
        "candidate 1 (the search's best)",
        "<- chosen",
        "win rates under racer bots, % (95%), as it is -> chosen:",
        "under racer bots ",
        "the farthest end of a team's 95% interval from the fair 25.0%",
    ] {
        assert!(run.stdout.contains(says), "{says}: {}", run.stdout);
    }
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("tuning-report.json")).expect("report"))
            .expect("json");
    let confirmation = &report["confirmation"];
    assert_eq!(confirmation["races"], 40);
    assert_eq!(confirmation["aims_at_fair_share"], true);
    assert_eq!(
        confirmation["bots"],
        serde_json::json!(["racer", "racer", "racer", "racer"])
    );
    let candidates = confirmation["candidates"].as_array().expect("candidates");
    assert_eq!(candidates.len(), 2);
    assert_eq!(candidates[0]["rank"], 1);
    assert_eq!(candidates[1]["rank"], 2);
    let chosen = confirmation["chosen"].as_u64().expect("chosen") as usize;
    let score = |c: &serde_json::Value| c["score"].as_f64().expect("a score");
    assert!(
        candidates
            .iter()
            .all(|c| score(&candidates[chosen]) <= score(c)),
        "the lowest score under the stronger bots is chosen: {confirmation}"
    );
    assert_eq!(
        report["changes"], candidates[chosen]["changes"],
        "the pack written is the candidate chosen"
    );
    assert_eq!(
        confirmation["baseline"]["teams"]
            .as_object()
            .map(serde_json::Map::len),
        Some(4)
    );
    assert!(confirmation["baseline"]["fair_reach"].as_f64() > Some(0.0));
    // The best two are different candidates; one that changes nothing is the pack as it is,
    // with its figures.
    assert_ne!(candidates[0]["changes"], candidates[1]["changes"]);
    for candidate in candidates {
        if candidate["changes"].as_array().is_some_and(Vec::is_empty) {
            assert_eq!(candidate["score"], confirmation["baseline"]["score"]);
            assert_eq!(candidate["teams"], confirmation["baseline"]["teams"]);
        }
    }

    let lonely = tune_with(&spec, &out, &["--confirm-top", "2"]);
    assert_eq!(lonely.code, 2, "{}", lonely.stderr);
    assert!(
        lonely
            .stderr
            .contains("--confirm-top and --confirm-races need --confirm-bots"),
        "{}",
        lonely.stderr
    );
    let unknown = tune_with(&spec, &out, &["--confirm-bots", "nobody"]);
    assert_eq!(unknown.code, 1, "{}", unknown.stderr);
    assert!(
        unknown.stderr.contains("`nobody`"),
        "the unknown profile is named: {}",
        unknown.stderr
    );
}

/// A parameter naming a team the pack lacks is refused with its place in the spec; an output
/// folder holding a pack tune did not write is never replaced.
#[test]
fn tune_refuses_a_missing_team_and_a_foreign_pack() {
    let dir = tempfile::tempdir().expect("temp dir");
    let spec = unbalanced(dir.path(), "no-such-team");
    let out = dir.path().join("tuned");
    let run = tune(&spec, &out);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("parameter 1: it names something the pack does not have"),
        "{}",
        run.stderr
    );

    let spec = unbalanced(dir.path(), "rust-reapers");
    fs::create_dir_all(out.join("content")).expect("a foreign pack");
    let run = tune(&spec, &out);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("tune did not write"), "{}", run.stderr);
}

/// The tuning demonstration (docs/simulation-and-tuning.md) starts from what it says: the unbalanced pack is the
/// standard one with its two faults and nothing else, and the spec that tunes it validates and
/// names what the pack has.
#[test]
fn the_unbalanced_pack_is_the_standard_one_with_its_two_faults() {
    use roadwright::content::{Document, RawPack};
    let standard = RawPack::open(&common::repo("content"));
    let unbalanced = RawPack::open(&common::repo("tuning/unbalanced/content"));
    let kinds = |pack: &RawPack| -> Vec<String> {
        pack.files
            .iter()
            .map(|f| {
                f.source
                    .path
                    .strip_prefix(&pack.root)
                    .expect("inside")
                    .display()
                    .to_string()
            })
            .collect()
    };
    assert_eq!(kinds(&standard), kinds(&unbalanced), "the same files");
    for (a, b) in standard.files.iter().zip(&unbalanced.files) {
        match (&a.document, &b.document) {
            (Document::TeamMats(a), Document::TeamMats(b)) => {
                for (ta, tb) in a.teams.iter().zip(&b.teams) {
                    if tb.id.as_str() == "rust-reapers" {
                        assert!(tb.cars.iter().all(|c| c.defense == 1 && c.base_mp == 1));
                        for (ca, cb) in ta.cars.iter().zip(&tb.cars) {
                            let mut fixed = cb.clone();
                            fixed.defense = ca.defense;
                            fixed.base_mp = ca.base_mp;
                            assert_eq!(&fixed, ca, "only defense and base MP differ");
                        }
                    } else {
                        assert_eq!(ta, tb);
                    }
                }
            }
            (Document::CombatEventDeck(a), Document::CombatEventDeck(b)) => {
                for (ca, cb) in a.cards.iter().zip(&b.cards) {
                    if cb.id.as_str() == "bullseye" {
                        assert!(cb.weapons.values().all(|w| w.damage == 0), "{cb:?}");
                        assert_eq!(ca.collision, cb.collision);
                        assert_eq!(ca.value, cb.value);
                    } else {
                        assert_eq!(ca, cb);
                    }
                }
            }
            (a, b) => assert_eq!(a, b),
        }
    }
    let spec = common::repo("tuning/rescue-reapers.ron");
    let validated = common::roadwright(&["validate", spec.to_str().expect("path")]);
    assert_eq!(
        validated.code, 0,
        "{}{}",
        validated.stdout, validated.stderr
    );
    let source = roadwright::content::SourceFile::read(&spec).expect("spec");
    let Ok(Document::TuningSpec(parsed)) = Document::parse(&source) else {
        panic!("a tuning spec");
    };
    roadwright::sim::tune::Tuning::prepare(&spec, parsed).expect("it names what the pack has");
}

/// The standard pack as `dir/content` and the oval as `dir/oval.ron`.
fn pack_and_oval(dir: &Path) {
    common::copy_folder(&common::repo("content"), &dir.join("content"));
    fs::copy(common::repo("tracks/oval.ron"), dir.join("oval.ron")).expect("oval");
}

/// Writes `dir/NAME`: a small spec over `dir/content` and `dir/oval.ron` (two players, random
/// bots, 60 races: one evaluation), with the fields in `changes` written instead of the
/// defaults.
fn small_spec(dir: &Path, name: &str, changes: &[(&str, &str)]) -> std::path::PathBuf {
    let mut fields = vec![
        ("name", "\"small\"".to_owned()),
        ("content", "\"content\"".to_owned()),
        ("track", "\"oval.ron\"".to_owned()),
        ("ruleset", "\"standard\"".to_owned()),
        ("players", "2".to_owned()),
        ("bots", "[\"random\"]".to_owned()),
        ("budget", "60".to_owned()),
        ("seed", "3".to_owned()),
        (
            "parameters",
            "[CarDefense(team: \"rust-reapers\", min: 1, max: 3)]".to_owned(),
        ),
        ("objectives", "[WinRateSpread(weight: 1.0)]".to_owned()),
        ("confirm", "None".to_owned()),
    ];
    for (field, value) in changes {
        let slot = fields
            .iter_mut()
            .find(|(f, _)| f == field)
            .expect("a spec field");
        (*value).clone_into(&mut slot.1);
    }
    let body = fields
        .iter()
        .fold(String::new(), |mut body, (field, value)| {
            use std::fmt::Write;
            let _ = writeln!(body, "    {field}: {value},");
            body
        });
    let path = dir.join(name);
    fs::write(
        &path,
        format!("(\n    kind: TuningSpec,\n    version: 1,\n{body})\n"),
    )
    .expect("spec");
    path
}

/// `roadwright tune SPEC --out OUT` under a 2 GiB address-space limit: a spec that asked for
/// tens of gigabytes aborted the process.
fn tune_capped(spec: &Path, out: &Path) -> common::Run {
    common::roadwright_shell(
        &common::repo("."),
        &format!("tune '{}' --out '{}'", spec.display(), out.display()),
        Some(2 << 20),
    )
}

/// Every spec `validate` rejects, `tune` refuses with the same code before playing a race, and
/// the other way round: bad weights, metrics, budgets, ranges (a card count up to 2^32 - 1 asked
/// for 96 GiB), seats, and names the pack does not have, a missing content folder (named, not
/// its parent), a missing track, and a track that is the spec itself.
/// Spec fields written wrong, and what `validate` and `tune` say of each.
fn bad_specs() -> Vec<(&'static str, String, &'static str)> {
    let defense = |team: &str, car: &str| {
        format!("[CarDefense(team: \"{team}\", car: Some(\"{car}\"), min: 1, max: 3)]")
    };
    vec![
        (
            "objectives",
            "[WinRateSpread(weight: -1.0)]".into(),
            "tuning-weight",
        ),
        (
            "objectives",
            "[WinRateSpread(weight: NaN)]".into(),
            "tuning-weight",
        ),
        (
            "objectives",
            "[Metric(metric: \"no-such-metric\", above: Some(1.0), weight: 1.0)]".into(),
            "tuning-metric",
        ),
        ("parameters", "[]".into(), "tuning-empty"),
        ("budget", "0".into(), "tuning-budget"),
        (
            "parameters",
            "[CarDefense(team: \"rust-reapers\", min: 3, max: 1)]".into(),
            "tuning-range",
        ),
        (
            "parameters",
            "[RaceCardCount(card: \"solo-5\", min: 0, max: 4294967295)]".into(),
            "tuning-range",
        ),
        (
            "parameters",
            "[RaceCardCount(card: \"solo-5\", min: 1000, max: 100000000)]".into(),
            "tuning-range",
        ),
        (
            "parameters",
            "[CombatDamage(card: \"bullseye\", weapon: \"rockets\", min: 0, max: 4294967295)]"
                .into(),
            "tuning-range",
        ),
        (
            "parameters",
            "[VictoryPoints(min: 1, max: 4294967295)]".into(),
            "tuning-range",
        ),
        (
            "bots",
            "[\"random\", \"random\", \"random\"]".into(),
            "tuning-players",
        ),
        (
            "parameters",
            "[RaceCardCount(card: \"no-such-card\", min: 1, max: 2)]".into(),
            "tuning-reference",
        ),
        (
            "parameters",
            defense("no-such-team", "11"),
            "tuning-reference",
        ),
        (
            "parameters",
            defense("rust-reapers", "99"),
            "tuning-reference",
        ),
        (
            "parameters",
            "[CarWeapon(team: \"rust-reapers\", car: \"11\", choices: [\"no-such-weapon\"])]"
                .into(),
            "tuning-reference",
        ),
        ("bots", "[\"no-such-bot\"]".into(), "tuning-reference"),
        ("ruleset", "\"no-such-ruleset\"".into(), "tuning-reference"),
        (
            "content",
            "\"no-such-folder\"".into(),
            "no-such-folder does not exist",
        ),
        ("track", "\"no-such-track.ron\"".into(), "tuning-files"),
        (
            "objectives",
            "[SideFairShare(weight: 1.0)]".into(),
            "tuning-needs-mission",
        ),
        ("track", "\"spec.ron\"".into(), "is this spec itself"),
        (
            "parameters",
            "[Mission(TurnLimit(min: 5, max: 9))]".into(),
            "tuning-needs-mission",
        ),
        (
            "objectives",
            "[FairShare(weight: 1.0, within: Some(-1.0))]".into(),
            "tuning-range",
        ),
    ]
}

/// Confirmations written wrong: an unknown profile, no candidate, too few races, a bot count
/// that fits no seating.
fn bad_confirms() -> Vec<(&'static str, String, &'static str)> {
    [
        ("Some((bots: [\"no-such-bot\"]))", "tuning-reference"),
        ("Some((bots: [\"random\"], top: 0))", "tuning-range"),
        ("Some((bots: [\"random\"], races: 5))", "tuning-budget"),
        (
            "Some((bots: [\"random\", \"random\", \"random\"]))",
            "tuning-players",
        ),
    ]
    .into_iter()
    .map(|(value, says)| ("confirm", value.to_owned(), says))
    .collect()
}

#[test]
fn tune_refuses_every_spec_validate_rejects_and_validate_catches_what_tune_refuses() {
    let dir = tempfile::tempdir().expect("temp dir");
    pack_and_oval(dir.path());
    let out = dir.path().join("tuned");
    for (field, value, says) in &bad_specs()
        .into_iter()
        .chain(bad_confirms())
        .collect::<Vec<_>>()
    {
        let spec = small_spec(dir.path(), "spec.ron", &[(field, value.as_str())]);
        let validated = common::roadwright(&["validate", spec.to_str().expect("path")]);
        assert_eq!(validated.code, 1, "{field}: {value}: {}", validated.stdout);
        assert!(
            validated.stdout.contains(says),
            "validate, {field}: {value}: {}",
            validated.stdout
        );
        let tuned = tune_capped(&spec, &out);
        assert_eq!(tuned.code, 1, "{field}: {value}: {}", tuned.stderr);
        assert!(
            tuned.stderr.contains(says) && tuned.stderr.contains("nothing was played"),
            "tune, {field}: {value}: {}",
            tuned.stderr
        );
        assert!(
            !out.join("content").exists(),
            "{field}: {value}: nothing written"
        );
    }
    // The spec as it is validates and tunes.
    let spec = small_spec(dir.path(), "spec.ron", &[]);
    let validated = common::roadwright(&["validate", spec.to_str().expect("path")]);
    assert_eq!(validated.code, 0, "{}", validated.stdout);
}

/// A temporary project (the standard pack, the oval, the small spec) tuned once into `tuned/`:
/// the folder, the spec and the output folder.
fn tuned_once() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    pack_and_oval(dir.path());
    let spec = small_spec(dir.path(), "spec.ron", &[]);
    let out = dir.path().join("tuned");
    let first = tune(&spec, &out);
    assert_eq!(first.code, 0, "{}", first.stderr);
    (dir, spec, out)
}

/// A tuned pack tuned again into the folder it lies in is refused, whatever path names the
/// folder, and nothing of it is lost (it was deleted with its notes and pictures, exit 0).
#[test]
fn tuning_a_tuned_pack_again_into_its_own_folder_is_refused_and_loses_nothing() {
    let (dir, _, out) = tuned_once();
    let pack = out.join("content");
    fs::write(pack.join("README.md"), "notes").expect("readme");
    fs::create_dir(pack.join("art")).expect("art");
    fs::write(pack.join("art/cover.png"), "png").expect("art");
    let mats_before = fs::read(pack.join("team_mats.ron")).expect("mats");
    let again = small_spec(dir.path(), "again.ron", &[("content", "\"tuned/content\"")]);
    let named_through = dir.path().join("tuned/./content/..");
    for folder in [&out, &named_through] {
        let run = tune(&again, folder);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(run.stderr.contains("holds"), "{}", run.stderr);
    }
    assert_eq!(
        fs::read_to_string(pack.join("README.md")).expect("kept"),
        "notes"
    );
    assert!(pack.join("art/cover.png").is_file());
    assert_eq!(
        fs::read(pack.join("team_mats.ron")).expect("mats"),
        mats_before
    );
}

/// Linked files and folders of a pack are content: `validate` and `simulate` see the bots of a
/// linked `bots/` folder alike, and the tuned pack holds copies of what the links point to (it
/// lacked `team_mats.ron`).
#[cfg(unix)]
#[test]
fn linked_files_and_folders_of_a_pack_are_read_alike_and_copied_by_tune() {
    let dir = tempfile::tempdir().expect("temp dir");
    pack_and_oval(dir.path());
    let content = dir.path().join("content");
    let elsewhere = dir.path().join("elsewhere");
    fs::create_dir(&elsewhere).expect("folder");
    fs::rename(
        content.join("team_mats.ron"),
        elsewhere.join("team_mats.ron"),
    )
    .expect("move");
    std::os::unix::fs::symlink(
        elsewhere.join("team_mats.ron"),
        content.join("team_mats.ron"),
    )
    .expect("link");
    fs::rename(content.join("bots"), elsewhere.join("bots")).expect("move");
    fs::write(
        elsewhere.join("bots/cautious.ron"),
        fs::read_to_string(elsewhere.join("bots/racer.ron"))
            .expect("racer")
            .replace("id: \"racer\"", "id: \"cautious\""),
    )
    .expect("a bot only the linked folder has");
    std::os::unix::fs::symlink(elsewhere.join("bots"), content.join("bots")).expect("link");
    let validated = common::roadwright(&["validate", content.to_str().expect("path")]);
    assert_eq!(validated.code, 0, "{}", validated.stdout);
    let simulated = common::roadwright(&[
        "simulate",
        "--content",
        content.to_str().expect("path"),
        "--track",
        "tracks/oval.ron",
        "--players",
        "2",
        "--races",
        "2",
        "--bots",
        "cautious",
    ]);
    assert_eq!(simulated.code, 0, "{}", simulated.stderr);
    let spec = small_spec(dir.path(), "spec.ron", &[("bots", "[\"cautious\"]")]);
    let out = dir.path().join("tuned");
    let run = tune(&spec, &out);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mats = out.join("content/team_mats.ron");
    assert!(
        fs::symlink_metadata(&mats).is_ok_and(|m| m.file_type().is_file()),
        "a copy, not a link"
    );
    assert!(out.join("content/bots/cautious.ron").is_file());
    let tuned = common::roadwright(&["validate", out.join("content").to_str().expect("path")]);
    assert_eq!(tuned.code, 0, "{}", tuned.stdout);
}

/// While a run holds the output folder's lock, a second run into it is refused (two runs of
/// different specs both exited 0 naming the same pack, and one result was lost).
#[test]
fn a_second_tune_into_a_folder_being_written_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    pack_and_oval(dir.path());
    let spec = small_spec(dir.path(), "spec.ron", &[]);
    let out = dir.path().join("tuned");
    fs::create_dir(&out).expect("folder");
    let lock = fs::File::create(out.join(".tune.lock")).expect("lock file");
    lock.lock().expect("held, as a run under way holds it");
    let run = tune(&spec, &out);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("another tune"), "{}", run.stderr);
    assert!(!out.join("content").exists());
    lock.unlock().expect("released");
    let run = tune(&spec, &out);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// A saved search that was tampered with is refused with its name and no panic: a point outside
/// the spec's ranges (it panicked in the search), a file larger than any search of the spec (a
/// 360 MB one aborted), a forged score (it changed the result).
#[test]
fn a_tampered_saved_search_is_refused() {
    let (_dir, spec, out) = tuned_once();
    let state_path = out.join("tuning-search.json");
    let saved = fs::read_to_string(&state_path).expect("state");
    let state: serde_json::Value = serde_json::from_str(&saved).expect("json");

    let mut far = state.clone();
    far["search"]["evaluations"][0]["point"] = serde_json::json!([999, 999, 999]);
    let mut forged = state.clone();
    forged["search"]["evaluations"][0]["score"] = serde_json::json!(-1000.0);
    let huge = format!("{}{}", saved, " ".repeat(3 << 20));
    for (what, text, says) in [
        ("a far point", far.to_string(), "digest"),
        ("a forged score", forged.to_string(), "digest"),
        ("a huge file", huge, "larger than"),
        ("not json", "{".to_owned(), "not a saved search"),
    ] {
        fs::write(&state_path, &text).expect("tamper");
        let run = tune_capped(&spec, &out);
        assert_eq!(run.code, 2, "{what}: {}", run.stderr);
        assert!(
            run.stderr.contains("tuning-search.json") && run.stderr.contains(says),
            "{what}: {}",
            run.stderr
        );
        assert!(!run.stderr.contains("panicked"), "{what}: {}", run.stderr);
    }
}

/// Ctrl-C on a run of the largest budget stops it within a race, not after the evaluation under
/// way and the final measurement (over 400 s, Ctrl-C pressed twice): the best so far is written
/// with the search's figures.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_tune_of_the_largest_budget_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    pack_and_oval(dir.path());
    let spec = small_spec(dir.path(), "spec.ron", &[("budget", "10000000")]);
    let out = dir.path().join("tuned");
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_roadwright"));
    command.args([
        "tune",
        spec.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    let output = common::interrupted(command);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("stopped before the first evaluation"),
        "{stdout}{stderr}"
    );
    assert!(!out.join("content").exists(), "nothing to write yet");
    assert!(
        !out.join("tuning-search.json").exists(),
        "no empty search is left to resume"
    );

    // Ctrl-C once the search has saved an evaluation: the best so far is written at once, its
    // figures the search's own.
    let spec = small_spec(dir.path(), "spec.ron", &[("budget", "20000")]);
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_roadwright"));
    command.args([
        "tune",
        spec.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    let saved = out.join("tuning-search.json");
    let evaluated = || {
        fs::read_to_string(&saved)
            .ok()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .is_some_and(|state| {
                state["search"]["evaluations"]
                    .as_array()
                    .is_some_and(|done| !done.is_empty())
            })
    };
    let output = common::interrupted_when(command, &evaluated);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("stopped after"), "{stdout}{stderr}");
    assert!(stdout.contains("on the search's seeds"), "{stdout}");
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("tuning-report.json")).expect("report"))
            .expect("json");
    assert_eq!(report["fresh_seeds"], false);
    assert!(report["evaluations"].as_u64() < report["plan"]["evaluations"].as_u64());
    assert!(
        out.join("content/team_mats.ron").is_file(),
        "the best so far"
    );
}

/// Each objective is marked met or unmet, and each team's change beyond noise or within it, in
/// the Compare view's words, from the same figures the report holds.
fn says_met_and_noise_as_the_report_measured(stdout: &str, report: &serde_json::Value) {
    for (before, after) in report["before"]
        .as_array()
        .expect("before")
        .iter()
        .zip(report["after"].as_array().expect("after"))
    {
        let verdict = |o: &serde_json::Value| {
            if o["shortfall"].as_f64() == Some(0.0) {
                "met"
            } else {
                "unmet"
            }
        };
        let line = format!(
            "{:.2} ({}) -> {:>8.2} ({})",
            before["value"].as_f64().expect("value"),
            verdict(before),
            after["value"].as_f64().expect("value"),
            verdict(after)
        );
        assert!(stdout.contains(&line), "{line} in {stdout}");
    }
    let changes = report["team_changes"].as_object().expect("team changes");
    assert_eq!(changes.len(), 4);
    for (team, change) in changes {
        let beyond = change["low"].as_f64() > Some(0.0) || change["high"].as_f64() < Some(0.0);
        let words = if beyond { "changed" } else { "within noise" };
        assert!(
            stdout
                .lines()
                .any(|line| line.contains(team.as_str()) && line.ends_with(words)),
            "{team}: {words} in {stdout}"
        );
    }
}

/// The sample courier mission as `dir/courier.ron`, on `dir/content` and `dir/oval.ron`.
fn courier_beside(dir: &Path) {
    let text = fs::read_to_string(common::repo("missions/courier.ron"))
        .expect("courier")
        .replace("../tracks/oval.ron", "oval.ron")
        .replace("../content", "content");
    fs::write(dir.join("courier.ron"), text).expect("mission");
}

/// A spec naming a mission tunes toward each side's fair share: its races play the mission
/// (its sides' win rates are in the report), and a spec whose player count the mission does
/// not allow, or whose mission is not there, is refused by `validate` and `tune` alike.
#[test]
fn tune_of_a_mission_weighs_its_sides_and_refuses_a_count_it_does_not_allow() {
    let dir = tempfile::tempdir().expect("temp dir");
    pack_and_oval(dir.path());
    courier_beside(dir.path());
    let mission = [
        ("mission", "Some(\"courier.ron\")"),
        ("objectives", "[SideFairShare(weight: 1.0)]"),
        ("bots", "[\"racer\"]"),
        ("budget", "200"),
    ];
    // The field is not among the small spec's: it is written after them.
    let with = |extra: &[(&str, &str)]| {
        let spec = small_spec(dir.path(), "spec.ron", extra);
        let text = fs::read_to_string(&spec).expect("spec");
        let (field, value) = mission[0];
        fs::write(
            &spec,
            text.replacen("    name:", &format!("    {field}: {value},\n    name:"), 1),
        )
        .expect("spec");
        spec
    };
    let spec = with(&mission[1..]);
    let validated = common::roadwright(&["validate", spec.to_str().expect("path")]);
    assert_eq!(validated.code, 0, "{}", validated.stdout);
    let out = dir.path().join("tuned");
    let run = tune(&spec, &out);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("the mission's sides"), "{}", run.stdout);
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("tuning-report.json")).expect("report"))
            .expect("json");
    let sides: Vec<&String> = report["sides_after"]
        .as_object()
        .expect("sides")
        .keys()
        .collect();
    assert_eq!(sides, ["couriers", "raiders"]);
    assert_eq!(
        report["after"][0]["name"],
        "largest distance of a side from its fair share (points)"
    );
    // The courier is a two-player mission.
    let mut three = mission[1..].to_vec();
    three.push(("players", "3"));
    let spec = with(&three);
    let validated = common::roadwright(&["validate", spec.to_str().expect("path")]);
    assert_eq!(validated.code, 1, "{}", validated.stdout);
    assert!(
        validated.stdout.contains("tuning-players"),
        "{}",
        validated.stdout
    );
    let tuned = tune_capped(&spec, &dir.path().join("tuned-3"));
    assert_eq!(tuned.code, 1, "{}", tuned.stderr);
    assert!(
        tuned.stderr.contains("is played by 2 players, not 3"),
        "{}",
        tuned.stderr
    );
    fs::remove_file(dir.path().join("courier.ron")).expect("remove");
    let spec = with(&mission[1..]);
    let validated = common::roadwright(&["validate", spec.to_str().expect("path")]);
    assert_eq!(validated.code, 1, "{}", validated.stdout);
    assert!(
        validated.stdout.contains("tuning-files"),
        "{}",
        validated.stdout
    );
}

/// A spec over `dir/content`, `dir/oval.ron` and the courier beside them, with `extra` fields
/// (each `field: value`) written in as well.
fn courier_spec(
    dir: &Path,
    name: &str,
    changes: &[(&str, &str)],
    extra: &[&str],
) -> std::path::PathBuf {
    let spec = small_spec(dir, name, changes);
    let text = fs::read_to_string(&spec).expect("spec");
    let fields = std::iter::once("mission: Some(\"courier.ron\")")
        .chain(extra.iter().copied())
        .fold(String::new(), |mut fields, field| {
            use std::fmt::Write;
            let _ = writeln!(fields, "    {field},");
            fields
        });
    fs::write(
        &spec,
        text.replacen("    name:", &format!("{fields}    name:"), 1),
    )
    .expect("spec");
    spec
}

/// A tuning of a mission's own settings writes the tuned mission as a new file beside the
/// tuned pack (naming that pack and the track tuned on, and valid), leaves the mission read as
/// it was, and reports each side before and after.
#[test]
fn tune_of_a_missions_own_settings_writes_a_new_mission_and_leaves_the_one_read() {
    let dir = tempfile::tempdir().expect("temp dir");
    pack_and_oval(dir.path());
    courier_beside(dir.path());
    let read = fs::read(dir.path().join("courier.ron")).expect("courier");
    let settings = "[Mission(TurnLimit(min: 5, max: 25)), \
                    Mission(ObjectiveCount(objective: \"deliver\", min: 1, max: 3))]";
    let mut changes = COURIER_CHANGES.to_vec();
    changes.push(("parameters", settings));
    let spec = courier_spec(dir.path(), "spec.ron", &changes, &[]);
    let validated = common::roadwright(&["validate", spec.to_str().expect("path")]);
    assert_eq!(validated.code, 0, "{}", validated.stdout);
    let out = dir.path().join("tuned");
    let run = tune(&spec, &out);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let written = out.join("tuned-mission.ron");
    assert!(
        run.stdout
            .contains(&format!("the tuned mission is {}", written.display())),
        "{}",
        run.stdout
    );
    assert_eq!(
        fs::read(dir.path().join("courier.ron")).expect("courier"),
        read,
        "the mission read is as it was"
    );
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("tuning-report.json")).expect("report"))
            .expect("json");
    assert_eq!(report["mission_file"], written.display().to_string());
    for field in ["sides_before", "sides_after"] {
        let sides: Vec<&String> = report[field].as_object().expect("sides").keys().collect();
        assert_eq!(sides, ["couriers", "raiders"], "{field}");
    }
    let text = fs::read_to_string(&written).expect("the tuned mission");
    let turn = |text: &str| -> u32 {
        let at = text.find("turn_limit:").expect("a turn limit");
        let tail = &text[at..];
        let digits: String = tail[tail.find("turn:").expect("turn") + 5..]
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().expect("a turn")
    };
    let change_to = |name: &str| {
        report["changes"]
            .as_array()
            .expect("changes")
            .iter()
            .find(|c| c["parameter"] == name)
            .map(|c| c["after"].as_str().expect("after").to_owned())
    };
    let expected_turn = change_to("mission: turn limit").unwrap_or_else(|| "25".to_owned());
    assert_eq!(turn(&text).to_string(), expected_turn);
    let expected_laps =
        change_to("mission objective deliver: count").unwrap_or_else(|| "2".to_owned());
    assert!(text.contains(&format!("laps: {expected_laps},")), "{text}");
    assert!(text.contains("content: \"content\","), "{text}");
    assert!(text.contains("track: \"../oval.ron\","), "{text}");
    let validated = common::roadwright(&["validate", written.to_str().expect("path")]);
    assert_eq!(validated.code, 0, "{}", validated.stdout);
}

/// The objectives, bots and budget of the courier's small specs.
const COURIER_CHANGES: [(&str, &str); 3] = [
    ("objectives", "[SideFairShare(weight: 1.0)]"),
    ("bots", "[\"racer\"]"),
    ("budget", "200"),
];

/// A mission setting naming what the mission lacks is refused by `validate` and `tune`
/// alike; told to stop when every objective is met, the search ends at the first candidate
/// that meets them and says so, not as a run stopped short.
#[test]
fn a_missing_mission_setting_is_refused_and_a_search_good_enough_stops_and_says_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    pack_and_oval(dir.path());
    courier_beside(dir.path());
    let common_changes = COURIER_CHANGES;
    let mut lacking = common_changes.to_vec();
    lacking.push((
        "parameters",
        "[Mission(ObjectiveCount(objective: \"no-such\", min: 1, max: 3))]",
    ));
    let spec = courier_spec(dir.path(), "lacking.ron", &lacking, &[]);
    let validated = common::roadwright(&["validate", spec.to_str().expect("path")]);
    assert_eq!(validated.code, 1, "{}", validated.stdout);
    assert!(
        validated.stdout.contains("tuning-reference")
            && validated
                .stdout
                .contains("the mission `The courier` has no objective `no-such` whose goal"),
        "{}",
        validated.stdout
    );
    let refused = tune_capped(&spec, &dir.path().join("tuned-lacking"));
    assert_eq!(refused.code, 1, "{}", refused.stderr);

    // Good enough at once: any side is within 50 points of its share.
    let mut met = common_changes.to_vec();
    met[0] = (
        "objectives",
        "[SideFairShare(weight: 1.0, within: Some(50.0))]",
    );
    met.push(("parameters", "[Mission(TurnLimit(min: 5, max: 25))]"));
    let spec = courier_spec(dir.path(), "met.ron", &met, &["stop_when_met: true"]);
    let out = dir.path().join("tuned-met");
    let run = tune(&spec, &out);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("good enough: evaluation 1 of"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("stopped after"), "{}", run.stdout);
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("tuning-report.json")).expect("report"))
            .expect("json");
    assert_eq!(report["good_enough"], 1);
    assert_eq!(report["evaluations"], 1);
    assert_eq!(report["stopped_early"], false);
}

/// A range that leaves out the value written, the mission's or the pack's, is refused by
/// `validate` and `tune` alike, naming the range and the value (a search starts from them as
/// written, and a range without it never set its nearest value: a count of 5-5 on a mission
/// of 4 played 4).
#[test]
fn a_range_that_leaves_out_the_written_value_is_refused_by_validate_and_tune() {
    let dir = tempfile::tempdir().expect("temp dir");
    pack_and_oval(dir.path());
    courier_beside(dir.path());
    for (name, parameters, words) in [
        (
            "turns.ron",
            "[Mission(TurnLimit(min: 5, max: 10))]",
            "parameter 1: its range 5-10 leaves out the mission's value 25",
        ),
        (
            "vp.ron",
            "[Mission(TurnLimit(min: 20, max: 25)), VictoryPoints(min: 3, max: 3)]",
            "parameter 2: its range 3 leaves out the pack's value 12",
        ),
    ] {
        let mut changes = COURIER_CHANGES.to_vec();
        changes.push(("parameters", parameters));
        let spec = courier_spec(dir.path(), name, &changes, &[]);
        let validated = common::roadwright(&["validate", spec.to_str().expect("path")]);
        assert_eq!(validated.code, 1, "{}", validated.stdout);
        assert!(
            validated.stdout.contains("tuning-range") && validated.stdout.contains(words),
            "{name}: {}",
            validated.stdout
        );
        let refused = tune_capped(&spec, &dir.path().join(format!("tuned-{name}")));
        assert_eq!(refused.code, 1, "{name}: {}", refused.stderr);
        assert!(
            refused.stdout.contains(words) || refused.stderr.contains(words),
            "{name}: {}{}",
            refused.stdout,
            refused.stderr
        );
    }
}

/// A confirmation played as shards (the search alone first, then each shard, then the run
/// that writes the result) gives the verdict and the tuned pack a single run gives; the run
/// that writes the result names a shard missing, and a shard before the search is refused.
#[test]
fn a_confirmation_played_as_shards_and_merged_is_the_one_a_single_run_plays() {
    let dir = tempfile::tempdir().expect("temp dir");
    pack_and_oval(dir.path());
    let spec = small_spec(
        dir.path(),
        "spec.ron",
        &[
            ("confirm", "Some((bots: [\"racer\"], top: 2, races: 24))"),
            ("budget", "200"),
        ],
    );
    let spec_text = spec.to_str().expect("path");
    let whole = dir.path().join("whole");
    let run = tune(&spec, &whole);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("races in"), "{}", run.stdout);

    let sharded = dir.path().join("sharded");
    let out = sharded.to_str().expect("path");
    let early = common::roadwright(&["tune", spec_text, "--out", out, "--confirm-shard", "1/3"]);
    assert_eq!(early.code, 2, "{}", early.stderr);
    assert!(
        early.stderr.contains("--search-only` first"),
        "{}",
        early.stderr
    );
    let searched = common::roadwright(&["tune", spec_text, "--out", out, "--search-only"]);
    assert_eq!(searched.code, 0, "{}", searched.stderr);
    assert!(
        searched.stdout.contains("search done"),
        "{}",
        searched.stdout
    );
    for shard in ["1/3", "3/3"] {
        let played =
            common::roadwright(&["tune", spec_text, "--out", out, "--confirm-shard", shard]);
        assert_eq!(played.code, 0, "{}", played.stderr);
    }
    let missing = tune(&spec, &sharded);
    assert_eq!(missing.code, 2, "{}", missing.stderr);
    assert!(
        missing.stderr.contains("shards 2 of 3 are missing"),
        "{}",
        missing.stderr
    );
    let played = common::roadwright(&["tune", spec_text, "--out", out, "--confirm-shard", "2/3"]);
    assert_eq!(played.code, 0, "{}", played.stderr);
    let merged = tune(&spec, &sharded);
    assert_eq!(merged.code, 0, "{}{}", merged.stdout, merged.stderr);
    assert!(merged.stdout.contains("in 3 shards"), "{}", merged.stdout);

    let report = |folder: &Path| -> serde_json::Value {
        let text = fs::read_to_string(folder.join("tuning-report.json")).expect("report");
        let mut report: serde_json::Value = serde_json::from_str(&text).expect("json");
        // What the confirmation cost is the run's own; the rest is the same for any split.
        let cost = report["confirmation"]["cost"].take();
        // Each point is played once: the pack as it is and each candidate that changes it.
        let points = 1 + report["confirmation"]["candidates"]
            .as_array()
            .expect("candidates")
            .iter()
            .filter(|c| !c["changes"].as_array().expect("changes").is_empty())
            .count();
        assert_eq!(cost["races"], 24 * points, "{cost}");
        assert!(points > 1, "a candidate besides the pack as it is");
        report
    };
    let (one, three) = (report(&whole), report(&sharded));
    assert_eq!(one["confirmation"], three["confirmation"]);
    assert_eq!(one["changes"], three["changes"]);
    assert_eq!(one["after"], three["after"]);
}
