//! A fuzz guard over the newest surfaces, beside `fuzz_commands`' packs: each case mutates one
//! file of a pack's own ground (its terrain file, its hazard deck), a tile, a course or a
//! mission, or sets the scheduler's variables `--shard auto` reads to hostile values, and runs
//! the commands that read it as the real binary under a 2 GiB address-space limit. None may
//! panic, abort or hang (each case is bounded: a course of at most 500 tiles, a few races);
//! what `validate` rejects, the commands that race it refuse too (nothing wrong accepted), and
//! what it accepts, they race.
//!
//! `ROADWRIGHT_SURFACE_FUZZ` sets the number of cases (default 12, two per surface);
//! `ROADWRIGHT_SURFACE_FUZZ=3000 cargo test --release --test cli fuzz_surfaces` is the long
//! run. Case `n` is seeded by `n` and mutates surface `n mod 6`, so a failure names the case that
//! reproduces it.

use crate::common;

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use rand::RngExt;
use rand::seq::IndexedRandom;

/// What a number may become.
const EXTREMES: [&str; 6] = ["0", "-1", "4294967295", "1e308", "NaN", "333266200"];

/// Cases whose mutated file `validate` accepted (or whose environment `--shard auto` took), by
/// surface.
static ACCEPTED: [AtomicU64; 6] = [const { AtomicU64::new(0) }; 6];

/// Counts an accepted case of `surface`.
fn accepted(surface: usize) {
    ACCEPTED[surface].fetch_add(1, Ordering::Relaxed);
}

/// The exit code of `roadwright ARGS` in `dir` under a 2 GiB address-space limit, and its
/// stderr; a panic or an abort fails the case, naming it.
fn run(dir: &Path, args: &str, case: u64) -> (i32, String) {
    let run = common::roadwright_shell(dir, args, Some(2 << 20));
    assert!(
        (0..=2).contains(&run.code) && !run.stderr.contains("panicked"),
        "case {case}: `roadwright {args}` crashed (exit {}): {}{}",
        run.code,
        run.stdout,
        run.stderr
    );
    (run.code, format!("{}{}", run.stdout, run.stderr))
}

/// A folder holding every surface: `pack/` (the Devil's Run pack, its own ground and hazards)
/// with `devils-run.ron`; `content/`, `tracks/` and `missions/` as the repository has them;
/// `tiles/` and `course.ron` (the scrapyard pile).
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let at = dir.path();
    common::copy_folder(
        &common::repo("samples/devils-run/content"),
        &at.join("pack"),
    );
    std::fs::copy(
        common::repo("samples/devils-run/tracks/devils-run.ron"),
        at.join("devils-run.ron"),
    )
    .expect("track");
    for folder in ["content", "tracks", "missions", "tiles"] {
        common::copy_folder(&common::repo(folder), &at.join(folder));
    }
    let course = std::fs::read_to_string(common::repo("courses/scrapyard-pile.ron"))
        .expect("course")
        .replace("tiles: \"../tiles\"", "tiles: \"tiles\"");
    std::fs::write(at.join("course.ron"), course).expect("course");
    dir
}

/// Mutates the file at `path` (relative to `dir`), as `fuzz_commands` mutates a pack's.
fn mutate(dir: &Path, path: &str, rng: &mut rand_chacha::ChaCha8Rng) {
    let path = dir.join(path);
    let bytes = std::fs::read(&path).expect("file");
    let mutated = common::mutation::mutate(&bytes, rng, &EXTREMES, &EXTREMES);
    std::fs::write(&path, mutated).expect("mutated");
}

/// The pack's own ground or hazards: validate, simulate and render.
fn ground(dir: &Path, file: &str, case: u64, rng: &mut rand_chacha::ChaCha8Rng) {
    mutate(dir, &format!("pack/{file}"), rng);
    let (pack, said) = run(dir, "validate pack", case);
    let (track, _) = run(dir, "validate devils-run.ron --content pack", case);
    let simulate = run(
        dir,
        "simulate --content pack --track devils-run.ron --players 2 --races 3 --threads 1",
        case,
    );
    let render = run(dir, "render devils-run.ron --content pack -o run.png", case);
    if pack == 0 && track == 0 {
        accepted(usize::from(file != "terrain.ron"));
        assert_eq!(
            simulate.0, 0,
            "case {case}: valid, but simulate: {}",
            simulate.1
        );
        assert_eq!(render.0, 0, "case {case}: valid, but render: {}", render.1);
    } else if pack != 0 {
        assert_ne!(
            simulate.0, 0,
            "case {case}: validate rejects the pack ({said}), but simulate took it"
        );
        if file == "terrain.ron" {
            assert_ne!(
                render.0, 0,
                "case {case}: validate rejects the terrain ({said}), but render drew it"
            );
        }
    }
}

/// A tile of the course's folder: validate it, build the course, race it.
fn tile(dir: &Path, case: u64, rng: &mut rand_chacha::ChaCha8Rng) {
    let tiles = [
        "corner-right",
        "straight-2",
        "straight-4",
        "rough",
        "jump",
        "start",
    ];
    let name = tiles.choose(rng).expect("tiles");
    mutate(dir, &format!("tiles/{name}.ron"), rng);
    let (valid, said) = run(dir, &format!("validate tiles/{name}.ron"), case);
    let build = run(dir, "course build course.ron --seed 1 -o built.ron", case);
    let simulate = run(
        dir,
        "simulate --track course.ron --course-seed 1 --players 2 --races 3 --threads 1",
        case,
    );
    if valid != 0 {
        for (command, (code, out)) in [("course build", build), ("simulate", simulate)] {
            assert_ne!(
                code, 0,
                "case {case}: validate rejects tile {name} ({said}), but {command} took it: {out}"
            );
        }
        assert!(!dir.join("built.ron").exists(), "case {case}: built");
    } else {
        accepted(2);
    }
}

/// The course: validate it, build it, race it.
fn course(dir: &Path, case: u64, rng: &mut rand_chacha::ChaCha8Rng) {
    mutate(dir, "course.ron", rng);
    let (valid, said) = run(dir, "validate course.ron --course-seeds 4", case);
    let build = run(dir, "course build course.ron --seed 0 -o built.ron", case);
    let simulate = run(
        dir,
        "simulate --track course.ron --players 2 --races 3 --threads 1",
        case,
    );
    if valid == 0 {
        accepted(3);
        assert_eq!(
            build.0, 0,
            "case {case}: valid, but course build: {}",
            build.1
        );
        assert_eq!(
            simulate.0, 0,
            "case {case}: valid, but simulate: {}",
            simulate.1
        );
    }
    if build.0 != 0 {
        // Seed 0 is one of the seeds validate builds: what does not build is not valid.
        assert_ne!(
            valid, 0,
            "case {case}: course build refused ({}), validate took it",
            build.1
        );
        assert_ne!(
            simulate.0, 0,
            "case {case}: course build refused, simulate took it: {said}"
        );
    }
}

/// A mission: validate it, race it, simulate it, print it.
fn mission(dir: &Path, case: u64, rng: &mut rand_chacha::ChaCha8Rng) {
    let missions = ["courier", "last-convoy", "team-battle", "two-lap-race"];
    let name = missions.choose(rng).expect("missions");
    let path = format!("missions/{name}.ron");
    mutate(dir, &path, rng);
    let (valid, said) = run(dir, &format!("validate {path}"), case);
    let race = run(dir, &format!("race --mission {path} --seed 3"), case);
    let simulate = run(
        dir,
        &format!("simulate --mission {path} --races 3 --threads 1"),
        case,
    );
    let print = run(dir, &format!("print {path} -o mission.pdf"), case);
    if valid == 0 {
        accepted(4);
        assert_eq!(race.0, 0, "case {case}: valid, but race: {}", race.1);
        assert_eq!(
            simulate.0, 0,
            "case {case}: valid, but simulate: {}",
            simulate.1
        );
    } else {
        for (command, (code, out)) in [("race", race), ("simulate", simulate), ("print", print)] {
            assert_ne!(
                code, 0,
                "case {case}: validate rejects {name} ({said}), but {command} took it: {out}"
            );
        }
    }
}

/// The scheduler's variables set to hostile values: `--shard auto` plays a shard of the batch
/// or refuses, naming what it read, and never crashes.
fn scheduler(dir: &Path, case: u64, rng: &mut rand_chacha::ChaCha8Rng) {
    let names = [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_MAX",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_STEP",
        "JOB_COMPLETION_INDEX",
        "ROADWRIGHT_SHARDS",
    ];
    let values = [
        "0",
        "1",
        "2",
        "3",
        "4",
        "-1",
        "",
        " 2 ",
        "4294967295",
        "18446744073709551616",
        "1e3",
        "x",
    ];
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_roadwright"));
    command.current_dir(dir).args([
        "simulate",
        "--track",
        "tracks/oval.ron",
        "--players",
        "2",
        "--races",
        "4",
        "--threads",
        "1",
        "--shard",
        "auto",
        "--json",
        "shard.json",
    ]);
    // A SLURM task, a Kubernetes pod, or neither, then one variable (or more, for neither) set
    // to a hostile value.
    let base: &[(&str, &str)] = match rng.random_range(0..3) {
        0 => &[
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ],
        1 => &[("JOB_COMPLETION_INDEX", "1"), ("ROADWRIGHT_SHARDS", "4")],
        _ => &[],
    };
    for name in names {
        command.env_remove(name);
    }
    for (name, value) in base {
        command.env(name, value);
    }
    let hostile = if base.is_empty() { 4 } else { 1 };
    for _ in 0..rng.random_range(0..=hostile) {
        command.env(
            names.choose(rng).expect("names"),
            values.choose(rng).expect("values"),
        );
    }
    let output = command.output().expect("runs");
    let run = common::Run::of(&output);
    assert!(
        (0..=2).contains(&run.code) && !run.stderr.contains("panicked"),
        "case {case}: --shard auto crashed (exit {}): {}",
        run.code,
        run.stderr
    );
    if run.code == 0 {
        accepted(5);
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("shard.json")).expect("json"))
                .expect("a report");
        let (index, count) = (
            report["shard"]["index"].as_u64().expect("index"),
            report["shard"]["count"].as_u64().expect("count"),
        );
        assert!(
            (1..=count).contains(&index),
            "case {case}: played shard {index} of {count}"
        );
    } else {
        assert!(run.stderr.len() < 2_000, "case {case}: {}", run.stderr);
    }
}

fn case(n: u64) {
    let mut rng = common::mutation::case_rng(n);
    let dir = workspace();
    let dir = dir.path();
    match n % 6 {
        0 => ground(dir, "terrain.ron", n, &mut rng),
        1 => ground(dir, "hazards.ron", n, &mut rng),
        2 => tile(dir, n, &mut rng),
        3 => course(dir, n, &mut rng),
        4 => mission(dir, n, &mut rng),
        _ => scheduler(dir, n, &mut rng),
    }
}

#[test]
fn mutated_ground_hazards_tiles_courses_missions_and_schedulers_crash_nothing() {
    let cases: u64 = std::env::var("ROADWRIGHT_SURFACE_FUZZ")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let threads = 2;
    std::thread::scope(|scope| {
        for thread in 0..threads {
            scope.spawn(move || {
                let mut n = thread;
                while n < cases {
                    case(n);
                    n += threads;
                }
            });
        }
    });
    let counts: Vec<u64> = ACCEPTED.iter().map(|n| n.load(Ordering::Relaxed)).collect();
    eprintln!(
        "surface fuzz: {cases} cases; accepted (terrain, hazards, tile, course, mission, \
         scheduler): {counts:?}"
    );
}
