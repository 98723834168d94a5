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
    common::roadwright(&[
        "tune",
        spec.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ])
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

    // The state as a search killed after its fifth evaluation leaves it: the search replays
    // those five and plays the rest, to the same answer.
    let state_path = out.join("tuning-search.json");
    let mut state: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&state_path).expect("state")).expect("json");
    state["search"]["evaluations"]
        .as_array_mut()
        .expect("evaluations")
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

/// The README's tuning demonstration starts from what it says: the unbalanced pack is the
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
