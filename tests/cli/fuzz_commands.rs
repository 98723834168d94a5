//! A fuzz guard over every command that reads a content pack: each case mutates one file of a
//! copy of the standard pack (bytes flipped, cut or repeated; numbers swapped for 0, -1,
//! 2^32 - 1, 1e308 or NaN; brackets nested thousands deep) and runs `validate`, a five-race
//! `simulate`, `print` and `tune` of a small spec on it, each as the real binary under a 2 GiB
//! address-space limit. None may panic or abort; when `validate` rejects the pack, every other
//! command refuses it too (an error for every invalid input); when `validate` accepts it,
//! `simulate` and `print` succeed.
//!
//! `ROADWRIGHT_COMMAND_FUZZ` sets the number of cases (default 24, a few seconds);
//! `ROADWRIGHT_COMMAND_FUZZ=2000 cargo test --release --test cli fuzz_commands` is the long run.
//! Case `n` is seeded by `n`, so a failure names the case that reproduces it.

use crate::common;

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use rand::seq::IndexedRandom;

/// What a number may become.
const EXTREMES: [&str; 5] = ["0", "-1", "4294967295", "1e308", "NaN"];

/// The exit code of `roadwright ARGS` run in `dir` under a 2 GiB address-space limit, and its
/// stderr; a panic or an abort fails the case, naming it.
fn run(dir: &Path, args: &str, case: u64) -> (i32, String) {
    let run = common::roadwright_shell(dir, args, Some(2 << 20));
    assert!(
        (0..=2).contains(&run.code) && !run.stderr.contains("panicked"),
        "case {case}: `roadwright {args}` crashed (exit {}): {}",
        run.code,
        run.stderr
    );
    (run.code, run.stderr)
}

/// Cases whose pack `validate` accepted.
static VALID: AtomicU64 = AtomicU64::new(0);

/// A small spec over `content` and `oval.ron` beside it: one evaluation.
const SPEC: &str = r#"(
    kind: TuningSpec,
    version: 1,
    name: "fuzz",
    content: "content",
    track: "oval.ron",
    players: 2,
    bots: ["random"],
    budget: 60,
    seed: 3,
    parameters: [CarDefense(team: "rust-reapers", min: 1, max: 3)],
    objectives: [WinRateSpread(weight: 1.0)],
)"#;

fn case(files: &[(std::path::PathBuf, Vec<u8>)], case: u64) {
    let mut rng = common::mutation::case_rng(case);
    let dir = tempfile::tempdir().expect("temp dir");
    let content = dir.path().join("content");
    common::copy_folder(&common::repo("content"), &content);
    std::fs::copy(common::repo("tracks/oval.ron"), dir.path().join("oval.ron")).expect("oval");
    std::fs::write(dir.path().join("spec.ron"), SPEC).expect("spec");
    let (relative, bytes) = files.choose(&mut rng).expect("files");
    let mutated = common::mutation::mutate(bytes, &mut rng, &EXTREMES, &EXTREMES);
    std::fs::write(content.join(relative), mutated).expect("mutated");
    let (valid, said) = run(dir.path(), "validate content", case);
    let simulate = run(
        dir.path(),
        "simulate --content content --track oval.ron --players 2 --races 5 --threads 1",
        case,
    );
    let print = run(dir.path(), "print content -o pack.pdf", case);
    let tune = run(dir.path(), "tune spec.ron --out tuned", case);
    if valid == 0 {
        VALID.fetch_add(1, Ordering::Relaxed);
        assert_eq!(
            simulate.0, 0,
            "case {case}: valid, but simulate: {}",
            simulate.1
        );
        assert_eq!(print.0, 0, "case {case}: valid, but print: {}", print.1);
    } else {
        for (command, (code, stderr)) in [("simulate", simulate), ("print", print), ("tune", tune)]
        {
            assert_ne!(
                code, 0,
                "case {case}: validate rejects the pack ({said}), but {command} took it: {stderr}"
            );
        }
        assert!(
            !dir.path().join("pack.pdf").exists(),
            "case {case}: printed"
        );
    }
}

#[test]
fn mutated_packs_are_refused_alike_by_every_command_and_crash_none() {
    let cases: u64 = std::env::var("ROADWRIGHT_COMMAND_FUZZ")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24);
    let root = common::repo("content");
    let pack = roadwright::content::RawPack::load(&root).expect("pack");
    let files: Vec<(std::path::PathBuf, Vec<u8>)> = pack
        .files
        .iter()
        .map(|f| {
            let relative = f
                .source
                .path
                .strip_prefix(&root)
                .expect("inside")
                .to_owned();
            (relative, f.source.text.clone().into_bytes())
        })
        .collect();
    let threads = 2;
    std::thread::scope(|scope| {
        for thread in 0..threads {
            let files = &files;
            scope.spawn(move || {
                let mut n = thread;
                while n < cases {
                    case(files, n);
                    n += threads;
                }
            });
        }
    });
    let valid = VALID.load(Ordering::Relaxed);
    eprintln!("command fuzz: {cases} cases, {valid} packs valid");
    // Both halves of the check ran: some mutated packs stayed valid (every command must take
    // them) and some did not (every command must refuse them). The default 24 cases find 3
    // valid; a run asked for fewer cases may find none.
    if cases >= 24 {
        assert!(
            valid > 0 && valid < cases,
            "{valid} of {cases} packs valid: one half of the check never ran"
        );
    }
}
