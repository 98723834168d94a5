//! Fuzzing over mutated shipped files: every iteration mutates one file of the standard pack or
//! a sample track (every fourth, of the Devil's Run project: its terrain file, hazard deck and
//! track) (bytes flipped, cut or repeated, numbers swapped for extreme ones, tokens
//! such as `NaN` or `4294967295` inserted), loads it from disk as the CLI does, validates the
//! pack and the track, and when both are valid sets up a short race, plays it with random
//! decisions and enumerates a card's outcomes. Nothing may panic or abort, and memory stays
//! bounded.
//!
//! `ROADWRIGHT_FUZZ_ITERATIONS` sets the number of iterations (default 1,500);
//! `ROADWRIGHT_FUZZ_ITERATIONS=1000000 cargo test --release --no-default-features --test engine fuzz::`
//! is the long run recorded in docs/performance.md. Each iteration is seeded by its number, so a
//! failure names the iteration that reproduces it.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use roadwright::content::{Document, LoadedDocument, RawPack};
use roadwright::rules::{Decision, Race, RaceRules, RaceSetup, enumerate_outcomes_within};
use roadwright::validate::Diagnostic;
use roadwright::validate::checked_track::CheckedTrack;
use roadwright::validate::pack::validate_pack;

const TOKENS: [&str; 16] = [
    "0",
    "-1",
    "4294967295",
    "18446744073709551616",
    "NaN",
    "inf",
    "-inf",
    "3.4e38",
    "[]",
    "()",
    "\"\"",
    ",",
    "Some(",
    "\"99.9\"",
    "\0",
    "\u{feff}",
];

/// How far the iterations got: loaded, valid content and track, raced.
static LOADED: AtomicU64 = AtomicU64::new(0);
static VALID: AtomicU64 = AtomicU64::new(0);
static RACED: AtomicU64 = AtomicU64::new(0);

/// The files an iteration may mutate: the pack's and the sample tracks'.
struct Base {
    pack: RawPack,
    tracks: Vec<LoadedDocument>,
    /// Each mutable file: its bytes, and whether it is a track (else the pack's file `index`).
    files: Vec<(String, Vec<u8>, Target)>,
}

/// What a mutable file is: the pack's file at an index, or a sample track.
#[derive(Clone, Copy)]
enum Target {
    Pack(usize),
    Track,
}

/// The standard pack with the sample tracks.
fn base() -> Base {
    let tracks = common::SAMPLE_TRACKS.map(|name| format!("tracks/{name}.ron"));
    base_of("content", &tracks)
}

/// The Devil's Run pack (a terrain file and a hazard deck) with its track.
fn devils_run() -> Base {
    base_of(
        "samples/devils-run/content",
        &["samples/devils-run/tracks/devils-run.ron".to_owned()],
    )
}

/// A pack folder and tracks, by their paths in the repository.
fn base_of(pack: &str, track_paths: &[String]) -> Base {
    let pack = RawPack::load(&common::repo(pack)).expect("pack");
    let mut files = Vec::new();
    for (i, file) in pack.files.iter().enumerate() {
        let name = file
            .source
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        files.push((name, file.source.text.clone().into_bytes(), Target::Pack(i)));
    }
    let mut tracks = Vec::new();
    for relative in track_paths {
        let path = common::repo(relative);
        let loaded = Document::load(&path).expect("sample track");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        files.push((name, loaded.source.text.clone().into_bytes(), Target::Track));
        tracks.push(loaded);
    }
    Base {
        pack,
        tracks,
        files,
    }
}

/// One to three random mutations of a file's bytes ([`common::mutation::mutate`]): the tokens
/// inserted, and the first eight, the numbers swapped in.
fn mutate(bytes: &[u8], rng: &mut ChaCha8Rng) -> Vec<u8> {
    common::mutation::mutate(bytes, rng, &TOKENS, &TOKENS[..8])
}

/// Plays a few turns of a race on valid content, with random decisions, and enumerates the
/// outcomes of the first card a player could play.
fn play(rules: Arc<RaceRules>, rng: &mut ChaCha8Rng) {
    let players = rng.random_range(2..=4).min(rules.content.teams.len());
    if players < 2 {
        return;
    }
    let mut setup = RaceSetup::first_teams(&rules.content, players, rng.random());
    setup.turn_limit = 3;
    let Ok(mut race) = Race::new(rules, &setup) else {
        return;
    };
    let mut enumerated = false;
    for _ in 0..3_000 {
        if race.is_over() {
            break;
        }
        let n = race.legal().len();
        if n == 0 {
            break;
        }
        if !enumerated
            && let Some(play) = race.legal().first().cloned()
            && matches!(play, Decision::Play { .. })
        {
            let mut trial = race.clone();
            if trial.apply(&play).is_ok() {
                let _ = trial.apply(&Decision::HoldFire);
                let found = enumerate_outcomes_within(&trial, 2_000);
                for outcome in &found.outcomes {
                    let _ = outcome.effects(&trial);
                }
                enumerated = true;
            }
        }
        let pick = rng.random_range(0..n);
        assert!(race.apply_nth(pick));
    }
    let _ = race.log();
}

fn iterate(base: &Base, dir: &Path, iteration: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(iteration);
    let (name, bytes, target) = base.files.choose(&mut rng).expect("files");
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, mutate(bytes, &mut rng)).expect("write the mutated file");
    let loaded = match Document::load(&path) {
        Ok(loaded) => loaded,
        Err(error) => {
            let _ = Diagnostic::from_load_error(&error).to_string();
            return;
        }
    };
    LOADED.fetch_add(1, Ordering::Relaxed);
    let mut pack = base.pack.clone();
    let mut track = base.tracks[rng.random_range(0..base.tracks.len())].clone();
    match *target {
        Target::Pack(i) => pack.files[i] = loaded,
        Target::Track => track = loaded,
    }
    let (content, diagnostics) = validate_pack(&pack);
    for d in &diagnostics {
        let _ = d.to_string();
    }
    let Document::Track(raw_track) = &track.document else {
        return;
    };
    // The track is checked against the pack's kinds of ground (the rulebook's when the pack
    // is broken), as `validate --content` does.
    let standard = roadwright::validate::checked::TerrainBook::standard();
    let terrain = content.as_ref().map_or(&standard, |c| &c.terrain);
    let checked = CheckedTrack::new(raw_track, terrain, &track.source);
    if let Err(diagnostics) = &checked {
        for d in diagnostics {
            let _ = d.to_string();
        }
    }
    let (Some(content), Ok(checked)) = (content, checked) else {
        return;
    };
    VALID.fetch_add(1, Ordering::Relaxed);
    if let Ok(rules) = RaceRules::new(content, checked, "standard") {
        play(Arc::new(rules), &mut rng);
        RACED.fetch_add(1, Ordering::Relaxed);
    }
}

fn iterations() -> u64 {
    std::env::var("ROADWRIGHT_FUZZ_ITERATIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_500)
}

/// The most memory the process may have used, from the kernel's own count (Linux only).
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn mutated_shipped_files_never_crash_the_loader_the_checks_or_a_race() {
    // Every fourth iteration mutates the Devil's Run project: terrain, hazards and their track.
    let bases = [base(), devils_run()];
    let total = iterations();
    let threads = 2;
    std::thread::scope(|scope| {
        for thread in 0..threads {
            let bases = &bases;
            scope.spawn(move || {
                let dir = tempfile::tempdir().expect("temp dir");
                let mut iteration = thread;
                while iteration < total {
                    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        let base = &bases[usize::from(iteration % 4 == 3)];
                        iterate(base, dir.path(), iteration);
                    }));
                    if let Err(panic) = result {
                        eprintln!("fuzz iteration {iteration} panicked");
                        std::panic::resume_unwind(panic);
                    }
                    iteration += threads;
                }
            });
        }
    });
    eprintln!(
        "fuzz: {total} iterations, {} mutated files loaded, {} valid packs and tracks, {} races",
        LOADED.load(Ordering::Relaxed),
        VALID.load(Ordering::Relaxed),
        RACED.load(Ordering::Relaxed)
    );
    if let Some(peak) = peak_memory_kib() {
        assert!(
            peak < 2 * 1024 * 1024,
            "the run peaked at {peak} KiB: memory is not bounded"
        );
    }
}

/// The other inputs a user or a script hands the program: a race record, a bot profile, a
/// scenario, a shard report of `simulate` (each made once, then mutated iteration by
/// iteration).
struct Inputs {
    record: Vec<u8>,
    profile: Vec<u8>,
    scenario: Vec<u8>,
    shard_one: std::path::PathBuf,
    shard_two: Vec<u8>,
    /// What `merge` prints for the two shards unchanged.
    merged: String,
    /// Keeps the shard reports' folder.
    _dir: tempfile::TempDir,
}

fn inputs() -> Inputs {
    use roadwright::sim::{RaceRecord, RecordFiles};
    let loaded = roadwright::sim::load_race(
        &common::repo("content"),
        &common::repo("tracks/oval.ron"),
        "standard",
    )
    .expect("loads");
    let setup = RaceSetup::first_teams(&loaded.rules.content, 3, 11);
    let mut race = Race::new(Arc::clone(&loaded.rules), &setup).expect("race");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..400 {
        let n = race.legal().len();
        if n == 0 {
            break;
        }
        assert!(race.apply_nth(rng.random_range(0..n)));
    }
    let files = RecordFiles {
        content: common::repo("content").display().to_string(),
        track: common::repo("tracks/oval.ron").display().to_string(),
        mission: None,
        course_seed: None,
    };
    let record = RaceRecord::of(&race, &setup, loaded.identity.clone(), files)
        .to_json()
        .expect("json");
    let scenario =
        std::fs::read_to_string(common::repo("tests/scenarios/lateral-displacement.ron"))
            .expect("scenario");
    let scenario = absolute_paths(&scenario);
    let dir = tempfile::tempdir().expect("temp dir");
    let mut shards = Vec::new();
    for index in 1..=2 {
        let path = dir.path().join(format!("shard-{index}.json"));
        let mut words: Vec<String> = ["simulate", "--ruleset", "standard", "--players", "2"]
            .map(String::from)
            .to_vec();
        words.extend([
            "--track".to_owned(),
            common::repo("tracks/oval.ron").display().to_string(),
            "--content".to_owned(),
            common::repo("content").display().to_string(),
            "--races=6".to_owned(),
            "--seed=3".to_owned(),
            "--threads=1".to_owned(),
            format!("--shard={index}/2"),
            format!("--json={}", path.display()),
        ]);
        if index == 2 {
            words.push("--race-list".to_owned());
        }
        let code = run_command(&words);
        assert_eq!(code, 0);
        shards.push(path);
    }
    let mut merged = Vec::new();
    let mut words = vec!["merge".to_owned()];
    words.extend(shards.iter().map(|s| s.display().to_string()));
    let code = run_command_to(&words, &mut merged);
    assert_eq!(code, 0);
    Inputs {
        record: record.into_bytes(),
        profile: std::fs::read(common::repo("content/bots/racer.ron")).expect("profile"),
        scenario: scenario.into_bytes(),
        shard_two: std::fs::read(&shards[1]).expect("shard"),
        shard_one: shards.swap_remove(0),
        merged: String::from_utf8(merged).expect("utf-8"),
        _dir: dir,
    }
}

/// A scenario with its track and content named by absolute paths, so that a mutated copy
/// anywhere still finds them.
fn absolute_paths(scenario: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for line in scenario.lines() {
        let trimmed = line.trim_start();
        let field = ["track: \"", "content: \""]
            .into_iter()
            .find(|f| trimmed.starts_with(f));
        if let Some(field) = field {
            let rest = &trimmed[field.len()..];
            let name = rest.split('"').next().unwrap_or_default();
            let absolute = common::repo("tests/scenarios").join(name);
            let _ = writeln!(out, "    {field}{}\",", absolute.display());
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// How many of each input the mutation run fed through to the end.
static INPUTS_READ: AtomicU64 = AtomicU64::new(0);
static INPUTS_USED: AtomicU64 = AtomicU64::new(0);

/// One mutated input, used as the program would use it. Nothing may panic, and a mutated
/// shard report that `merge` accepts must merge into the same figures as the original.
fn iterate_input(inputs: &Inputs, dir: &Path, iteration: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(iteration);
    match iteration % 4 {
        0 => {
            let path = dir.join("record.json");
            std::fs::write(&path, mutate(&inputs.record, &mut rng)).expect("write");
            let Ok(record) = roadwright::sim::RaceRecord::read(&path) else {
                return;
            };
            INPUTS_READ.fetch_add(1, Ordering::Relaxed);
            let (content, track) = record.files.resolve(&path);
            let Ok(loaded) =
                roadwright::sim::load_race(&content, &track, record.content.ruleset.as_str())
            else {
                return;
            };
            if record.replay(loaded.rules, &loaded.identity, None).is_ok() {
                INPUTS_USED.fetch_add(1, Ordering::Relaxed);
            }
        }
        1 => {
            let path = dir.join("profile.ron");
            std::fs::write(&path, mutate(&inputs.profile, &mut rng)).expect("write");
            let Ok(loaded) = Document::load(&path) else {
                return;
            };
            INPUTS_READ.fetch_add(1, Ordering::Relaxed);
            let errors = roadwright::validate::validate_document(&loaded);
            let Document::BotProfile(profile) = &loaded.document else {
                return;
            };
            if errors.iter().any(Diagnostic::is_error) {
                return;
            }
            let rules = common::race_rules("oval", "standard");
            let setup = RaceSetup::first_teams(&rules.content, 2, iteration);
            let Ok(mut race) = Race::new(rules, &setup) else {
                return;
            };
            let mut bot = roadwright::sim::profiles::bot_for(profile, iteration);
            for _ in 0..30 {
                let Some(player) = race.deciding_player() else {
                    break;
                };
                let legal = race.legal_decisions();
                let pick = bot.choose(&race.view(player), &legal);
                assert!(pick < legal.len(), "a bot picks a legal decision");
                race.apply_listed(&legal[pick]);
            }
            INPUTS_USED.fetch_add(1, Ordering::Relaxed);
        }
        2 => {
            let path = dir.join("scenario.ron");
            std::fs::write(&path, mutate(&inputs.scenario, &mut rng)).expect("write");
            let Ok(loaded) = Document::load(&path) else {
                return;
            };
            INPUTS_READ.fetch_add(1, Ordering::Relaxed);
            if let Document::Scenario(scenario) = &loaded.document
                && roadwright::sim::load::check_scenario(&path, scenario).is_empty()
            {
                INPUTS_USED.fetch_add(1, Ordering::Relaxed);
            }
        }
        _ => {
            let path = dir.join("shard-2.json");
            std::fs::write(&path, mutate(&inputs.shard_two, &mut rng)).expect("write");
            INPUTS_READ.fetch_add(1, Ordering::Relaxed);
            let mut out = Vec::new();
            let words = [
                "merge".to_owned(),
                inputs.shard_one.display().to_string(),
                path.display().to_string(),
            ];
            let code = run_command_to(&words, &mut out);
            if code == 0 {
                // Accepted: the mutation touched nothing merge reads (a digit of the
                // statistics it works out again, say), so the figures are the originals.
                assert_eq!(
                    String::from_utf8_lossy(&out),
                    inputs.merged,
                    "iteration {iteration}: a changed report merged into other figures"
                );
                INPUTS_USED.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

fn input_iterations() -> u64 {
    std::env::var("ROADWRIGHT_FUZZ_INPUTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400)
}

#[test]
fn mutated_records_profiles_scenarios_and_shard_reports_never_crash_or_pass_wrong() {
    let inputs = inputs();
    let total = input_iterations();
    let threads = 2;
    std::thread::scope(|scope| {
        for thread in 0..threads {
            let inputs = &inputs;
            scope.spawn(move || {
                let dir = tempfile::tempdir().expect("temp dir");
                let mut iteration = thread;
                while iteration < total {
                    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        iterate_input(inputs, dir.path(), iteration);
                    }));
                    if let Err(panic) = result {
                        eprintln!("input mutation {iteration} panicked");
                        std::panic::resume_unwind(panic);
                    }
                    iteration += threads;
                }
            });
        }
    });
    let (read, used) = (
        INPUTS_READ.load(Ordering::Relaxed),
        INPUTS_USED.load(Ordering::Relaxed),
    );
    eprintln!("{total} input mutations: {read} read, {used} used to the end");
    assert!(
        read > total / 10,
        "the mutations are not all rejected at once"
    );
    assert!(used > 0, "some mutated inputs are used to the end");
}

/// Runs a command line in-process (as the binary would, without its first word) and returns
/// its exit status, dropping what it writes.
fn run_command(words: &[String]) -> u8 {
    run_command_to(words, &mut Vec::new())
}

/// Runs a command line in-process, its report into `out`, and returns its exit status.
fn run_command_to(words: &[String], out: &mut Vec<u8>) -> u8 {
    use clap::Parser;
    let cli = roadwright::cli::Cli::try_parse_from(
        std::iter::once("roadwright").chain(words.iter().map(String::as_str)),
    )
    .expect("the command line parses");
    let command = cli.command.expect("a subcommand");
    roadwright::cli::run(&command, out, &mut Vec::new()).expect("io")
}

/// Iterations of the mission fuzz (`ROADWRIGHT_FUZZ_MISSIONS`, default 200).
fn mission_iterations() -> u64 {
    std::env::var("ROADWRIGHT_FUZZ_MISSIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200)
}

/// Tokens a hostile mission might hold: objectives and setups no side can meet, names no pack
/// has.
const MISSION_TOKENS: [&str; 12] = [
    "Laps(0)",
    "Kills(255)",
    "Survive(0)",
    "Wipeout",
    "Hold(spaces: [], turns: 0)",
    "Placed([])",
    "Side(\"nobody\")",
    "\"no-such-team\"",
    "\"99\"",
    "Space(\"99.9\")",
    "Chute",
    "Some(\"nobody\")",
];

#[test]
fn mutated_missions_are_refused_at_their_lines_or_race_to_the_end_never_crash() {
    let mut missions: Vec<(String, Vec<u8>)> = std::fs::read_dir(common::repo("missions"))
        .expect("missions")
        .map(|e| e.expect("entry").path())
        .map(|path| {
            // The copy lives elsewhere: its paths name the repository's track and content.
            let text = std::fs::read_to_string(&path)
                .expect("mission")
                .replace(
                    "\"../tracks/",
                    &format!("\"{}/", common::repo("tracks").display()),
                )
                .replace(
                    "\"../content\"",
                    &format!("\"{}\"", common::repo("content").display()),
                );
            (path.display().to_string(), text.into_bytes())
        })
        .collect();
    missions.sort();
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut refused, mut raced) = (0, 0);
    for iteration in 0..mission_iterations() {
        let mut rng = common::mutation::case_rng(iteration);
        let (name, bytes) = missions.choose(&mut rng).expect("a mission");
        let mutated = common::mutation::mutate(bytes, &mut rng, &MISSION_TOKENS, &TOKENS);
        let path = dir.path().join("mission.ron");
        std::fs::write(&path, &mutated).expect("write");
        let outcome =
            std::panic::catch_unwind(|| match roadwright::sim::mission::load_mission(&path) {
                Err(_) => false,
                Ok(loaded) => {
                    let players = loaded.mission().players[0];
                    let setup = loaded
                        .setup(Some(usize::from(players)), iteration)
                        .expect("an allowed count");
                    let mut race = Race::new(Arc::clone(&loaded.race.rules), &setup)
                        .expect("a checked mission sets up");
                    let mut seats = roadwright::sim::Seats::random(iteration, setup.players.len());
                    match roadwright::sim::driver::play_race_within(
                        &mut race, &mut seats, true, 50_000,
                    ) {
                        Ok(_) | Err(roadwright::sim::RaceError::Runaway(_)) => {}
                        Err(e) => panic!("the race broke: {e}"),
                    }
                    true
                }
            });
        match outcome {
            Ok(true) => raced += 1,
            Ok(false) => refused += 1,
            Err(panic) => {
                eprintln!("mission mutation {iteration} of {name} panicked");
                std::panic::resume_unwind(panic);
            }
        }
    }
    eprintln!(
        "{} mission mutations: {refused} refused, {raced} raced",
        mission_iterations()
    );
    assert!(raced > 0 && refused > 0, "{refused} refused, {raced} raced");
}
