//! Courses from the command line: tiles written as files, a fixed course and a pile built into
//! tracks that validate, byte for byte the same from the same seed, and tiles or joins that
//! cannot be built refused with the tile named.

use crate::common;

use std::fs;
use std::path::Path;

use roadwright::content::{Document, Format};

/// Writes the tiles (a starting straight of ten sectors with the rulebook's grid of 40 and the
/// chute, a long straight as long, a straight of four, a right-hand corner, a single lane) into
/// `dir/tiles/`.
fn write_tiles(dir: &Path) {
    let folder = dir.join("tiles");
    fs::create_dir_all(&folder).expect("tiles");
    let tiles = [
        common::tile("start", |b| {
            b.straight(10, 4)?
                .grid(0, 40)?
                .chute(9, roadwright::content::race_deck::LaneSide::Outside)
        }),
        common::tile("long", |b| b.straight(10, 4)),
        common::tile("straight", |b| b.straight(4, 4)),
        common::tile("corner", |b| b.corner(3, 4, 90.0, 3.0)),
        common::tile("single", |b| b.single_lane(2)),
    ];
    for tile in tiles {
        let text = Document::Tile(tile.clone())
            .to_text(Format::Ron)
            .expect("text");
        fs::write(folder.join(format!("{}.ron", tile.id)), text).expect("write");
    }
}

/// A closed square of the tiles `write_tiles` writes.
const SQUARE: &str = "Fixed([\"start\", \"corner\", \"straight\", \"corner\", \"long\", \"corner\", \"straight\", \"corner\"])";

fn write_course(dir: &Path, name: &str, layout: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    fs::write(
        &path,
        format!(
            "(\n    kind: Course,\n    version: 1,\n    id: \"square\",\n    name: \"Square\",\n    tiles: \"tiles\",\n    layout: {layout},\n)\n"
        ),
    )
    .expect("course");
    path
}

fn build(course: &Path, seed: u64, out: &Path) -> common::Run {
    common::roadwright(&[
        "course",
        "build",
        course.to_str().expect("path"),
        "--seed",
        &seed.to_string(),
        "-o",
        out.to_str().expect("path"),
    ])
}

#[test]
fn a_fixed_course_builds_a_track_that_validates_the_same_every_time() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_tiles(dir.path());
    let course = write_course(dir.path(), "square.ron", SQUARE);
    let (a, b) = (dir.path().join("a.ron"), dir.path().join("b.ron"));
    let run = build(&course, 0, &a);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let validated = common::roadwright(&["validate", a.to_str().expect("path")]);
    assert_eq!(
        validated.code, 0,
        "{}{}",
        validated.stdout, validated.stderr
    );
    assert_eq!(build(&course, 0, &b).code, 0);
    assert_eq!(
        fs::read(&a).expect("a"),
        fs::read(&b).expect("b"),
        "byte for byte"
    );
    let Ok(loaded) = Document::load(&a) else {
        panic!("the track loads");
    };
    let Document::Track(track) = loaded.document else {
        panic!("a track");
    };
    assert_eq!(track.sectors.len(), 10 + 4 + 10 + 4 + 4 * 3);
    assert_eq!(track.grid.len(), 40, "the starting tile's grid");
    assert!(track.chute.is_some(), "and its chute");
    // A tile given a tile-level problem is named at its line by validate and refused by build.
    let straight = dir.path().join("tiles/straight.ron");
    let text = fs::read_to_string(&straight).expect("tile");
    fs::write(&straight, text.replacen("lane: 1,", "lane: 7,", 1)).expect("write");
    let validated = common::roadwright(&["validate", straight.to_str().expect("path")]);
    assert_eq!(validated.code, 1, "{}", validated.stdout);
    assert!(
        validated.stdout.contains("error[tile-lanes]"),
        "{}",
        validated.stdout
    );
    let refused = build(&course, 0, &dir.path().join("c.ron"));
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    assert!(refused.stderr.contains("tile-lanes"), "{}", refused.stderr);
    assert!(!dir.path().join("c.ron").exists());
}

#[test]
fn a_pile_builds_the_same_track_from_the_same_seed() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_tiles(dir.path());
    let course = write_course(
        dir.path(),
        "pile.ron",
        "Pile(first: Some(\"start\"), tiles: [(tile: \"long\", count: 2), (tile: \"straight\", count: 4), (tile: \"corner\", count: 4)], length: 7)",
    );
    for seed in [1, 2, 3] {
        let (a, b) = (
            dir.path().join(format!("a{seed}.ron")),
            dir.path().join(format!("b{seed}.ron")),
        );
        let run = build(&course, seed, &a);
        assert_eq!(run.code, 0, "seed {seed}: {}", run.stderr);
        assert_eq!(build(&course, seed, &b).code, 0);
        assert_eq!(
            fs::read(&a).expect("a"),
            fs::read(&b).expect("b"),
            "seed {seed}"
        );
    }
}

#[test]
fn joins_that_cannot_be_made_are_refused_with_the_tile_and_its_edges() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_tiles(dir.path());
    let course = write_course(dir.path(), "bad.ron", "Fixed([\"single\", \"straight\"])");
    let out = dir.path().join("bad-track.ron");
    let run = build(&course, 0, &out);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "error[course-build]: tile 2 (`straight`): its entry edge of 4 lanes cannot join the exit edge of 1 lanes before it"
        ),
        "{}",
        run.stderr
    );
    assert!(!out.exists());
    let spiral = write_course(
        dir.path(),
        "spiral.ron",
        "Fixed([\"corner\", \"corner\", \"corner\", \"corner\", \"corner\", \"corner\"])",
    );
    let run = build(&spiral, 0, &out);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("tile 5 (`corner`) lies over tile 1 (`corner`)"),
        "{}",
        run.stderr
    );
}

#[test]
fn race_print_and_missions_take_a_course_and_a_record_replays_on_its_draw() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A race on the fixed course, and one on the pile's draw of seed 7, recorded.
    let run = common::roadwright(&[
        "race",
        "--track",
        "courses/scrapyard-loop.ron",
        "--seed",
        "3",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("winner"), "{}", run.stdout);
    let record = dir.path().join("race.json");
    let raced = common::roadwright(&[
        "race",
        "--track",
        "courses/scrapyard-pile.ron",
        "--course-seed",
        "7",
        "--record",
        record.to_str().expect("path"),
    ]);
    assert_eq!(raced.code, 0, "{}", raced.stderr);
    let text = fs::read_to_string(&record).expect("record");
    assert!(text.contains("\"course_seed\": 7"), "{text}");
    let replayed = common::roadwright(&["replay", record.to_str().expect("path")]);
    assert_eq!(replayed.code, 0, "{}", replayed.stderr);
    let winner = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("winner"))
            .map(str::to_owned)
    };
    assert_eq!(winner(&replayed.stdout), winner(&raced.stdout));
    // Another draw is another track: the record does not replay on it.
    let other = text.replace("\"course_seed\": 7", "\"course_seed\": 8");
    fs::write(&record, other).expect("write");
    let refused = common::roadwright(&["replay", record.to_str().expect("path")]);
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    // Printed: the track it builds, on paper.
    let pdf = dir.path().join("loop.pdf");
    let printed = common::roadwright(&[
        "print",
        "courses/scrapyard-loop.ron",
        "-o",
        pdf.to_str().expect("path"),
    ]);
    assert_eq!(printed.code, 0, "{}", printed.stderr);
    assert!(fs::read(&pdf).expect("pdf").starts_with(b"%PDF"));
    // A mission on the course.
    let mission = common::repo("missions/two-lap-race.ron");
    let text = fs::read_to_string(&mission)
        .expect("mission")
        .replace(
            "../tracks/oval.ron",
            &common::repo("courses/scrapyard-loop.ron")
                .display()
                .to_string(),
        )
        .replace("../content", &common::repo("content").display().to_string());
    let on_course = dir.path().join("two-laps.ron");
    fs::write(&on_course, text).expect("write");
    let raced = common::roadwright(&["race", "--mission", on_course.to_str().expect("path")]);
    assert_eq!(raced.code, 0, "{}", raced.stderr);
    assert!(
        raced.stdout.contains("objective two-laps         met by"),
        "the mission is played to its objective on the course's track: {}",
        raced.stdout
    );
}

#[test]
fn a_batch_draws_its_courses_by_index_and_reports_them_course_by_course() {
    let dir = tempfile::tempdir().expect("temp dir");
    let report = |threads: &str, name: &str| {
        let json = dir.path().join(name);
        let run = common::roadwright(&[
            "simulate",
            "--track",
            "courses/scrapyard-pile.ron",
            "--courses",
            "3",
            "--races",
            "12",
            "--threads",
            threads,
            "--json",
            json.to_str().expect("path"),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.contains("3 courses drawn"), "{}", run.stdout);
        let value: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&json).expect("report")).expect("json");
        value
    };
    let one = report("1", "one.json");
    let courses = one["courses"].as_array().expect("courses");
    let seeds: Vec<u64> = courses
        .iter()
        .map(|c| c["seed"].as_u64().expect("seed"))
        .collect();
    assert_eq!(seeds, [0, 1, 2], "course k is the draw of course seed k");
    let races: u64 = courses
        .iter()
        .map(|c| c["races"].as_u64().expect("races"))
        .sum();
    assert_eq!(races, 12);
    assert_eq!(one["stats"]["races"], 12);
    assert_eq!(
        one,
        report("2", "two.json"),
        "the same for any number of threads"
    );
    // Per race: twelve draws.
    let run = common::roadwright(&[
        "simulate",
        "--track",
        "courses/scrapyard-pile.ron",
        "--course-per-race",
        "--races",
        "6",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("6 courses drawn"), "{}", run.stdout);
    // A shard of such a batch is refused, before anything is played.
    let run = common::roadwright(&[
        "simulate",
        "--track",
        "courses/scrapyard-pile.ron",
        "--course-per-race",
        "--shard",
        "1/2",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn validate_reports_the_seeds_of_a_pile_that_draw_no_course() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_tiles(dir.path());
    // Three corners of four: no draw closes.
    let course = write_course(
        dir.path(),
        "open.ron",
        "Pile(first: Some(\"start\"), tiles: [(tile: \"corner\", count: 4)], length: 3)",
    );
    let run = common::roadwright(&[
        "validate",
        course.to_str().expect("path"),
        "--course-seeds",
        "3",
    ]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains(
            "error[course-build]: 3 of the 3 seeds 0-2 draw no course that builds: seeds 0, 1, 2; seed 0: none of 2000 draws"
        ),
        "{}",
        run.stdout
    );
    // The samples: every seed checked draws a course whose track is clean.
    let run = common::roadwright(&["validate", "courses", "tiles"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
}

#[test]
fn a_point_to_point_course_races_its_cars_off_the_road_at_the_finish_and_simulates() {
    let raced = common::roadwright(&[
        "race",
        "--track",
        "courses/scrapyard-run.ron",
        "--players",
        "3",
        "--seed",
        "2",
    ]);
    assert_eq!(raced.code, 0, "{}", raced.stderr);
    assert!(
        raced.stdout.contains("crosses the finish line")
            && raced.stdout.contains("leaves the race from 43."),
        "a car across the line leaves from the run-off, sector 43:\n{}",
        raced.stdout
    );
    assert!(raced.stdout.contains("winner: seat"), "{}", raced.stdout);
    // Every race of a batch ends one way or another, the run's mostly at the line.
    let endings = simulate_endings("courses/scrapyard-run.ron", "20", "4");
    assert_eq!(endings.values().sum::<u32>(), 20, "{endings:?}");
    assert!(endings.contains_key("finish_line"), "{endings:?}");
    // On a run of two tiles every car finishes before the clock has emptied a pool: the races
    // are settled by the pools (the fewest VP left wins, level pools the first across).
    let dir = tempfile::tempdir().expect("temp dir");
    let short = dir.path().join("short.ron");
    fs::write(
        &short,
        format!(
            "(kind: Course, version: 1, id: \"short\", name: \"Short\", tiles: {:?}, layout: Fixed([\"start\", \"straight-4\"]), route: PointToPoint)",
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tiles")
        ),
    )
    .expect("course");
    let endings = simulate_endings(short.to_str().expect("path"), "30", "1");
    assert_eq!(endings.values().sum::<u32>(), 30, "{endings:?}");
    assert!(endings.contains_key("settled"), "{endings:?}");
    assert!(
        !endings.contains_key("finish_line"),
        "no pool was emptied: {endings:?}"
    );
    // The track it builds says its route.
    let built = dir.path().join("short-track.ron");
    assert_eq!(build(&short, 0, &built).code, 0);
    let inspected = common::roadwright(&["inspect", built.to_str().expect("path")]);
    assert!(
        inspected.stdout.contains("chute yes, point to point"),
        "{}",
        inspected.stdout
    );
}

/// How the races of a two-player batch on `track` ended, by ending, from its `endings:` line.
fn simulate_endings(
    track: &str,
    races: &str,
    seed: &str,
) -> std::collections::BTreeMap<String, u32> {
    let run = common::roadwright(&[
        "simulate",
        "--track",
        track,
        "--players",
        "2",
        "--races",
        races,
        "--seed",
        seed,
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let line = run
        .stdout
        .lines()
        .find_map(|line| line.strip_prefix("endings: "))
        .unwrap_or_else(|| panic!("an endings line:\n{}", run.stdout));
    line.split(';')
        .next()
        .unwrap_or_default()
        .split(", ")
        .map(|ending| {
            let (name, count) = ending.rsplit_once(' ').expect("name count");
            (name.to_owned(), count.parse().expect("a count"))
        })
        .collect()
}

#[test]
fn course_build_never_writes_over_or_among_the_courses_own_tiles() {
    // `-o` naming one of the course's own tiles, even with `--force`, replaced the tile with
    // the track: the tiles are inputs, and nothing is written into their folder.
    let dir = tempfile::tempdir().expect("temp dir");
    write_tiles(dir.path());
    let course = write_course(dir.path(), "square.ron", SQUARE);
    let tile = dir.path().join("tiles/corner.ron");
    let before = fs::read(&tile).expect("tile");
    for out in [&tile, &dir.path().join("tiles/new-track.ron")] {
        let run = common::roadwright(&[
            "course",
            "build",
            course.to_str().expect("path"),
            "-o",
            out.to_str().expect("path"),
            "--force",
        ]);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(run.stderr.contains("-o"), "{}", run.stderr);
    }
    assert_eq!(
        fs::read(&tile).expect("tile"),
        before,
        "the tile is untouched"
    );
    assert!(!dir.path().join("tiles/new-track.ron").exists());
}

#[cfg(unix)]
#[test]
fn commands_that_make_a_file_do_not_write_through_a_dangling_link_without_force() {
    // `Path::exists` follows links: a link pointing nowhere read as free, and `course build`,
    // `course tiles` and `new-track` wrote through it to wherever it pointed.
    let dir = tempfile::tempdir().expect("temp dir");
    write_tiles(dir.path());
    let course = write_course(dir.path(), "square.ron", SQUARE);
    let elsewhere = dir.path().join("elsewhere");
    fs::create_dir(&elsewhere).expect("folder");
    let link = |name: &str| {
        let link = dir.path().join(name);
        std::os::unix::fs::symlink(elsewhere.join(name), &link).expect("link");
        link
    };
    let track_link = link("built.ron");
    let built = build(&course, 0, &track_link);
    let template_link = link("oval.ron");
    let made = common::roadwright(&[
        "new-track",
        "oval",
        "-o",
        template_link.to_str().expect("path"),
    ]);
    let tiles_out = dir.path().join("standard-tiles");
    fs::create_dir(&tiles_out).expect("folder");
    std::os::unix::fs::symlink(elsewhere.join("jump.ron"), tiles_out.join("jump.ron"))
        .expect("link");
    let tiles = common::roadwright(&[
        "course",
        "tiles",
        "--out",
        tiles_out.to_str().expect("path"),
    ]);
    for (what, run) in [
        ("course build", built),
        ("new-track", made),
        ("course tiles", tiles),
    ] {
        assert_eq!(run.code, 1, "{what}: {}", run.stderr);
        assert!(
            run.stderr.contains("error[exists]"),
            "{what}: {}",
            run.stderr
        );
    }
    assert_eq!(
        fs::read_dir(&elsewhere).expect("folder").count(),
        0,
        "nothing was written through a link"
    );
}

#[test]
fn a_course_longer_than_any_table_is_refused_before_it_is_drawn() {
    // A pile of length 4294967295 drew until memory ran out (validate and course build
    // aborted); a million tiles laid for minutes. Both are refused at once, by name.
    let dir = tempfile::tempdir().expect("temp dir");
    write_tiles(dir.path());
    let course = write_course(
        dir.path(),
        "endless.ron",
        "Pile(first: Some(\"start\"), tiles: [(tile: \"straight\", count: 4294967295)], length: 4294967295)",
    );
    let validated = common::roadwright(&["validate", course.to_str().expect("path")]);
    assert_eq!(
        validated.code, 1,
        "{}{}",
        validated.stdout, validated.stderr
    );
    assert!(
        validated.stdout.contains("course-build") && validated.stdout.contains("at most 500"),
        "{}",
        validated.stdout
    );
    let built = build(&course, 0, &dir.path().join("endless-track.ron"));
    assert_eq!(built.code, 1, "{}", built.stderr);
    assert!(built.stderr.contains("at most 500"), "{}", built.stderr);
}

#[test]
fn two_tiles_with_one_id_are_refused_with_both_files_named() {
    // The last file read used to win silently: which corner a course laid hung on file names.
    let dir = tempfile::tempdir().expect("temp dir");
    write_tiles(dir.path());
    let tiles = dir.path().join("tiles");
    let straight = fs::read_to_string(tiles.join("straight.ron")).expect("tile");
    // A different tile under the id `corner`.
    fs::write(
        tiles.join("zz-other-corner.ron"),
        straight.replace("\"straight\"", "\"corner\""),
    )
    .expect("tile");
    let course = write_course(dir.path(), "square.ron", SQUARE);
    let run = build(&course, 0, &dir.path().join("square-track.ron"));
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("duplicate-id")
            && run.stderr.contains("zz-other-corner.ron")
            && run.stderr.contains("corner.ron"),
        "{}",
        run.stderr
    );
}

#[test]
fn validate_refuses_the_tiles_a_course_would_refuse() {
    // Each of these passed `validate` as a tile and was refused only when a course laid it.
    let tiles = common::repo("tiles");
    let cases = [
        (
            "straight-2.ron",
            "x: 0.5, y: 0.5",
            "x: 333266200.0, y: 0.5",
            "geometry-out-of-range",
        ),
        (
            "straight-2.ron",
            "length: 1.0",
            "length: -1.0",
            "space-size",
        ),
        // Grid positions 1 and 2 both on 9.0.
        (
            "start.ron",
            "space: \"9.1\",",
            "space: \"9.0\",",
            "grid-duplicate-space",
        ),
    ];
    for (file, from, to, code) in cases {
        let dir = tempfile::tempdir().expect("temp dir");
        let text = fs::read_to_string(tiles.join(file)).expect("tile");
        assert!(text.contains(from), "{file} holds {from}");
        let path = dir.path().join(file);
        fs::write(&path, text.replacen(from, to, 1)).expect("write");
        let run = common::roadwright(&["validate", path.to_str().expect("path")]);
        assert_eq!(run.code, 1, "{code}: {}", run.stdout);
        assert!(
            run.stdout.contains(&format!("error[{code}]")),
            "{code}: {}",
            run.stdout
        );
    }
}

/// The Devil's Run sample (a pack with its own ground) copied into a temporary folder, with
/// `file` of its content changed by `edit`.
fn devils_run_with(file: &str, edit: &dyn Fn(String) -> String) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("samples/devils-run"), dir.path());
    let path = dir.path().join("content").join(file);
    let text = fs::read_to_string(&path).expect("content file");
    fs::write(&path, edit(text)).expect("write");
    dir
}

#[test]
fn a_fault_in_a_pack_with_its_own_ground_is_named_first_with_no_cascade_about_the_track() {
    // One card count of 0 in a pack with its own terrain: simulate, race and ladder printed 15
    // `terrain-undefined` lines about the track (checked against the rulebook's grounds) and
    // not the fault; validate named it.
    let dir = devils_run_with("race_deck.ron", &|t| t.replacen("count: 4", "count: 0", 1));
    let in_dir = |args: &[&str]| common::roadwright_in(dir.path(), args);
    let track = ["--track", "tracks/devils-run.ron", "--content", "content"];
    let runs = [
        (
            "simulate",
            [&["simulate", "--races", "2"][..], &track[..]].concat(),
        ),
        ("race", [&["race"][..], &track[..]].concat()),
        (
            "ladder",
            vec![
                "ladder",
                "--bots",
                "random,racer",
                "--races",
                "1",
                "--tracks",
                "tracks/devils-run.ron",
                "--content",
                "content",
            ],
        ),
    ];
    for (what, args) in runs {
        let run = in_dir(&args);
        assert_eq!(run.code, 1, "{what}: {}", run.stderr);
        assert!(
            run.stderr.contains("race_deck.ron") && !run.stderr.contains("terrain-undefined"),
            "{what}: {}",
            run.stderr
        );
    }
    // An unparsable hazard deck: the same exit status (2, unreadable) from every command.
    let dir = devils_run_with("hazards.ron", &|t| t.replacen('(', "((", 1));
    let in_dir = |args: &[&str]| common::roadwright_in(dir.path(), args);
    let validated = in_dir(&["validate", "content"]);
    let simulated = in_dir(&[
        "simulate",
        "--races",
        "2",
        "--track",
        "tracks/devils-run.ron",
        "--content",
        "content",
    ]);
    assert_eq!(validated.code, 2, "{}", validated.stdout);
    assert_eq!(simulated.code, 2, "{}", simulated.stderr);
    assert!(
        simulated.stderr.contains("hazards.ron"),
        "{}",
        simulated.stderr
    );
    // A missing comma in the terrain file itself: it is named, and the track's ground, which
    // only it defines, is not reported as undefined. (The hazard deck's kinds still are: it is
    // checked against the rulebook's four when the terrain file cannot be read.)
    let dir = devils_run_with("terrain.ron", &|t| {
        t.replacen("),\n        (", ")\n        (", 1)
    });
    let simulated = common::roadwright_in(
        dir.path(),
        &[
            "simulate",
            "--races",
            "2",
            "--track",
            "tracks/devils-run.ron",
            "--content",
            "content",
        ],
    );
    assert_eq!(simulated.code, 2, "{}", simulated.stderr);
    assert!(
        simulated.stderr.contains("terrain.ron"),
        "{}",
        simulated.stderr
    );
    assert!(
        !simulated
            .stderr
            .lines()
            .any(|l| l.contains("devils-run.ron") && l.contains("terrain-undefined")),
        "{}",
        simulated.stderr
    );
}

#[test]
fn render_and_print_refuse_a_terrain_file_validate_refuses() {
    // `render` drew with a terrain file `validate` rejects (a colour that is no colour here).
    let dir = devils_run_with("terrain.ron", &|t| {
        t.replacen("colour: \"#55585e\"", "colour: \"grey\"", 1)
    });
    let validated = common::roadwright_in(dir.path(), &["validate", "content"]);
    assert_eq!(validated.code, 1, "{}", validated.stdout);
    let png = dir.path().join("run.png");
    let rendered = common::roadwright_in(
        dir.path(),
        &[
            "render",
            "tracks/devils-run.ron",
            "--content",
            "content",
            "-o",
            png.to_str().expect("path"),
        ],
    );
    assert_eq!(rendered.code, 1, "{}", rendered.stderr);
    assert!(
        rendered.stderr.contains("terrain.ron"),
        "{}",
        rendered.stderr
    );
    assert!(!png.exists(), "nothing drawn");
}

#[cfg(target_os = "linux")]
#[test]
fn a_course_whose_tiles_folder_is_a_system_folder_is_refused_not_walked() {
    // Tiles read from `/proc` were walked for 90 s (through `/proc/self/root`, the whole
    // machine), then the walk aborted.
    let dir = tempfile::tempdir().expect("temp dir");
    let course = dir.path().join("proc.ron");
    fs::write(
        &course,
        "(\n    kind: Course,\n    version: 1,\n    id: \"proc\",\n    name: \"Proc\",\n    tiles: \"/proc\",\n    layout: Fixed([\"start\"]),\n)\n",
    )
    .expect("course");
    let run = common::roadwright(&["validate", course.to_str().expect("path")]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("/proc: error[not-a-file]") && run.stdout.contains("system folder"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_tiles_errors_stand_at_the_lines_of_their_spaces() {
    // Two links out of the tile, on lines 13 and 20, were both reported at the first `next` of
    // the file.
    let dir = tempfile::tempdir().expect("temp dir");
    let text = fs::read_to_string(common::repo("tiles/straight-2.ron")).expect("tile");
    let text = text
        .replacen("next: [\"1.0\"]", "next: [\"3.0\"]", 1)
        .replacen("next: [\"2.1\"]", "next: [\"0.1\"]", 1);
    let line_of = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .map(|i| i + 1)
            .expect("edited line")
    };
    let expected = [line_of("next: [\"3.0\"]"), line_of("next: [\"0.1\"]")];
    let path = dir.path().join("straight-2.ron");
    fs::write(&path, &text).expect("write");
    let run = common::roadwright(&["validate", path.to_str().expect("path")]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    let lines: Vec<usize> = run
        .stdout
        .lines()
        .filter(|l| l.contains("error[tile-link-outside]"))
        .map(|l| {
            l.split(':')
                .nth(1)
                .and_then(|n| n.parse().ok())
                .expect("a line number")
        })
        .collect();
    assert_eq!(lines, expected, "{}", run.stdout);
}

#[test]
fn a_course_build_error_stands_at_the_tile_it_names() {
    // course-build errors carried no line and column: the tile is found in the course file,
    // the second `corner` of the list at its own column.
    let dir = tempfile::tempdir().expect("temp dir");
    write_tiles(dir.path());
    let course = write_course(
        dir.path(),
        "square.ron",
        "Fixed([\"start\", \"corner\", \"straight\", \"nowhere\", \"long\", \"corner\", \"straight\", \"corner\"])",
    );
    let text = fs::read_to_string(&course).expect("course");
    let (line, row) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("\"nowhere\""))
        .expect("layout line");
    let column = row.find("\"nowhere\"").expect("column") + 1;
    let run = build(&course, 0, &dir.path().join("t.ron"));
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!(
            "square.ron:{}:{column}: error[course-build]",
            line + 1
        )),
        "{}",
        run.stderr
    );
}

#[test]
fn a_tiles_dead_ends_are_refused_by_validate_and_counted_past_twenty_five() {
    // A tile of dead-end sectors passed `validate` and `course build` then laid and checked its
    // track for minutes (20,000 sectors: over 600 s). A dead end inside a tile is refused as
    // the tile's, each of the first 25 at its line and the rest counted.
    let dir = tempfile::tempdir().expect("temp dir");
    write_tiles(dir.path());
    let sectors: Vec<String> = (0..100)
        .map(|i| {
            format!("        (spaces: [(lane: 0, next: [], x: {i}.5, y: 0.0, heading: 0.0)]),")
        })
        .collect();
    let tile = dir.path().join("tiles/dead.ron");
    fs::write(
        &tile,
        format!(
            "(\n    kind: Tile,\n    version: 1,\n    id: \"dead\",\n    name: \"Dead\",\n    space_size: (length: 1.0, width: 1.0),\n    sectors: [\n{}\n    ],\n)\n",
            sectors.join("\n")
        ),
    )
    .expect("tile");
    let run = common::roadwright(&["validate", tile.to_str().expect("path")]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    let dead: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("error[no-forward-link]"))
        .collect();
    assert_eq!(dead.len(), 26, "{}", run.stdout);
    assert!(
        dead.iter().any(|l| l.contains("and 74 more spaces")),
        "{}",
        run.stdout
    );
    assert!(
        dead.iter().any(|l| l.contains("dead.ron:9:")),
        "the first at its own line: {}",
        run.stdout
    );
    let course = write_course(dir.path(), "dead-run.ron", "Fixed([\"start\", \"dead\"])");
    let built = build(&course, 0, &dir.path().join("dead-track.ron"));
    assert_eq!(built.code, 1, "{}", built.stderr);
    assert!(built.stderr.contains("no-forward-link"), "{}", built.stderr);
}

/// The Devil's Run pack with the repository's tiles beside it, the `rough` tile painted with the
/// pack's own `mud` (as `devils-mile`), and a course laying it (`courses/mud-run.ron`).
fn mud_run() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("samples/devils-run"), dir.path());
    common::copy_folder(&common::repo("tiles"), &dir.path().join("tiles"));
    let rough = dir.path().join("tiles/rough.ron");
    let text = fs::read_to_string(&rough).expect("tile");
    fs::write(
        &rough,
        text.replace("terrain: \"rough\"", "terrain: \"mud\"")
            .replace("id: \"rough\"", "id: \"devils-mile\""),
    )
    .expect("paint the tile");
    fs::create_dir_all(dir.path().join("courses")).expect("courses");
    let course = fs::read_to_string(common::repo("courses/scrapyard-run.ron")).expect("course");
    fs::write(
        dir.path().join("courses/mud-run.ron"),
        course
            .replace("\"rough\",", "\"devils-mile\",")
            .replace("id: \"scrapyard-run\"", "id: \"mud-run\""),
    )
    .expect("course");
    dir
}

#[test]
fn a_course_of_tiles_painted_with_the_packs_own_ground_validates_builds_races_and_simulates() {
    // Tiles and courses read the pack they are raced with: a tile of `mud` (a kind the Devil's
    // Run pack defines) was `terrain-undefined` to validate, course build, race and simulate.
    let dir = mud_run();
    let run = |args: &[&str]| common::roadwright_in(dir.path(), args);
    let course = "courses/mud-run.ron";
    let validated = run(&["validate", course, "--content", "content"]);
    assert_eq!(
        validated.code, 0,
        "{}{}",
        validated.stdout, validated.stderr
    );
    assert!(
        validated.stderr.contains("0 error(s), 0 warning(s)"),
        "{}",
        validated.stderr
    );
    let tiles = run(&["validate", "tiles", "--content", "content"]);
    assert_eq!(tiles.code, 0, "{}{}", tiles.stdout, tiles.stderr);

    let built = run(&[
        "course",
        "build",
        course,
        "--content",
        "content",
        "-o",
        "built.ron",
    ]);
    assert_eq!(built.code, 0, "{}{}", built.stdout, built.stderr);
    let track = fs::read_to_string(dir.path().join("built.ron")).expect("the track");
    assert_eq!(
        track.matches("terrain: \"mud\"").count(),
        12,
        "the tile's twelve spaces"
    );

    let raced = run(&[
        "race",
        "--track",
        course,
        "--content",
        "content",
        "--players",
        "3",
    ]);
    assert_eq!(raced.code, 0, "{}{}", raced.stdout, raced.stderr);
    let simulated = run(&[
        "simulate",
        "--track",
        course,
        "--content",
        "content",
        "--players",
        "3",
        "--races",
        "5",
    ]);
    assert_eq!(
        simulated.code, 0,
        "{}{}",
        simulated.stdout, simulated.stderr
    );
    assert!(simulated.stdout.contains("5 races"), "{}", simulated.stdout);

    // Against the rulebook's grounds (no pack there) the tile is refused, named at its space.
    let bare = run(&[
        "course",
        "build",
        course,
        "--content",
        "nowhere",
        "-o",
        "bare.ron",
    ]);
    assert_ne!(bare.code, 0);
    assert!(
        bare.stderr.contains("error[terrain-undefined]")
            && bare.stderr.contains("tile `devils-mile` is `mud` ground"),
        "{}",
        bare.stderr
    );
    assert!(!dir.path().join("bare.ron").exists());
}

#[test]
fn a_project_folder_validates_and_plays_its_courses_on_its_own_pack() {
    // `validate PROJECT` from elsewhere: the project's courses lay tiles painted with its own
    // ground (`mud`), checked and played against the project's `content/`, not `--content`'s
    // default (which does not exist here, so the rulebook's four kinds would be used).
    let dir = mud_run();
    let name = dir
        .path()
        .file_name()
        .and_then(|n| n.to_str())
        .expect("a name")
        .to_owned();
    let parent = dir.path().parent().expect("a parent");
    let validated = common::roadwright_in(parent, &["validate", &name]);
    assert_eq!(
        validated.code, 0,
        "{}{}",
        validated.stdout, validated.stderr
    );
    assert!(
        !validated.stdout.contains("terrain-undefined"),
        "{}",
        validated.stdout
    );
    let played = common::roadwright_in(
        parent,
        &["validate", &name, "--play=3", "--course-seeds", "1"],
    );
    assert!(
        played.stderr.contains("played ") && !played.stderr.contains("played 0 race(s)"),
        "the project's tracks and courses are played: {}",
        played.stderr
    );
}

#[test]
fn a_race_on_the_rolling_road_is_recorded_and_replays_to_the_same_events() {
    // The road's tiles laid and removed are events of the race: a record (seed, course seed,
    // decisions) replays them, and the replayed log is the raced one, line for line.
    let dir = tempfile::tempdir().expect("temp dir");
    let record = dir.path().join("rolling.json");
    let record = record.to_str().expect("a path");
    let raced = common::roadwright(&[
        "race",
        "--track",
        "samples/devils-run/courses/rolling-road.ron",
        "--content",
        "samples/devils-run/content",
        "--course-seed",
        "5",
        "--seed",
        "9",
        "--players",
        "3",
        "--record",
        record,
    ]);
    assert_eq!(raced.code, 0, "{}{}", raced.stdout, raced.stderr);
    assert!(
        raced.stdout.contains("is removed from the road"),
        "the road rolled"
    );
    let replayed = common::roadwright(&["replay", record]);
    assert_eq!(replayed.code, 0, "{}{}", replayed.stdout, replayed.stderr);
    let road = |log: &str| -> Vec<String> {
        log.lines()
            .filter(|line| line.contains("tile "))
            .map(str::to_owned)
            .collect()
    };
    assert!(!road(&raced.stdout).is_empty());
    assert_eq!(road(&replayed.stdout), road(&raced.stdout));
}

#[test]
fn a_rolling_road_that_cannot_roll_is_refused_once_at_its_rolling_field() {
    // Window 0, and a pile too short for its window: whatever the seed draws, so said once
    // (not seed by seed) at the line of `rolling`, with the reason.
    let dir = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("samples/devils-run"), dir.path());
    let sample = fs::read_to_string(dir.path().join("courses/rolling-road.ron")).expect("course");
    let line_of_rolling = sample
        .lines()
        .position(|l| l.trim_start().starts_with("rolling:"))
        .expect("a rolling field")
        + 1;
    for (change, said) in [
        (
            sample.replace("window: 3,", "window: 0,"),
            "keeps 0 tiles on the table; it needs at least 2",
        ),
        (
            sample.replace("length: 6,", "length: 1,"),
            "keeps 3 tiles on the table, but the course lays only 2",
        ),
    ] {
        fs::write(dir.path().join("courses/broken.ron"), change).expect("write");
        let run = common::roadwright_in(
            dir.path(),
            &["validate", "courses/broken.ron", "--content", "content"],
        );
        assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
        let errors: Vec<&str> = run
            .stdout
            .lines()
            .filter(|l| l.contains("error[course-build]"))
            .collect();
        assert_eq!(errors.len(), 1, "{}", run.stdout);
        assert!(
            errors[0].contains(&format!("broken.ron:{line_of_rolling}:"))
                && errors[0].contains(said),
            "{}",
            run.stdout
        );
    }
}

/// The standard pack with one ruleset of 2 or 3 players racing 2 cars each: a field of 6.
fn pack_of_six(dir: &Path) -> std::path::PathBuf {
    let pack = dir.join("content");
    common::copy_folder(&common::repo("content"), &pack);
    fs::remove_file(pack.join("rulesets/long.ron")).expect("long");
    let standard = fs::read_to_string(pack.join("rulesets/standard.ron")).expect("standard");
    let bands = standard
        .find("cars_per_team")
        .and_then(|at| standard[at..].find("cars_on_mat").map(|end| at..at + end))
        .expect("the bands");
    let six = format!(
        "{}cars_per_team: [(min_players: 2, max_players: 3, cars: 2)],\n    {}",
        &standard[..bands.start],
        &standard[bands.end..]
    )
    .replace("max_players: 10,", "max_players: 3,");
    fs::write(pack.join("rulesets/standard.ron"), six).expect("write");
    pack
}

#[test]
fn a_track_holds_the_largest_field_its_packs_rulesets_seat_not_forty() {
    // Rush 'n Crush's two-lap race on five tiles, from the short starting tile's 12-car grid.
    let dir = tempfile::tempdir().expect("temp dir");
    let pack = pack_of_six(dir.path());
    let course = dir.path().join("two-laps.ron");
    fs::write(
        &course,
        format!(
            r#"(kind: Course, version: 1, id: "two-laps", name: "Two laps", tiles: "{}",
                layout: Fixed(["start-short", "straight-4", "hairpin-right", "straight-8", "hairpin-right"]))"#,
            common::repo("tiles").display()
        ),
    )
    .expect("course");
    let course = course.to_str().expect("utf-8");
    // The standard pack seats 40 cars: 12 places are too few, and said so.
    let standard = common::roadwright(&[
        "validate",
        course,
        "--content",
        common::repo("content").to_str().expect("utf-8"),
    ]);
    assert_eq!(standard.code, 1, "{}", standard.stdout);
    assert!(
        standard.stdout.contains("error[grid-too-small]")
            && standard.stdout.contains("the largest field needs 40"),
        "{}",
        standard.stdout
    );
    // The pack of six asks six.
    let pack = pack.to_str().expect("utf-8");
    let six = common::roadwright(&["validate", course, "--content", pack, "--play=20"]);
    assert_eq!(six.code, 0, "{}{}", six.stdout, six.stderr);
    assert!(!six.stdout.contains("grid-too-small"), "{}", six.stdout);
    let race = common::roadwright(&[
        "race",
        "--track",
        course,
        "--content",
        pack,
        "--players",
        "3",
        "--seed",
        "4",
    ]);
    assert_eq!(race.code, 0, "{}{}", race.stdout, race.stderr);
    // A race the grid cannot seat is refused at setup, not dealt short.
    let mut track = roadwright::stretch::samples::oval().expect("oval");
    track.grid.truncate(5);
    let oval = dir.path().join("five.ron");
    fs::write(
        &oval,
        Document::Track(track).to_text(Format::Ron).expect("text"),
    )
    .expect("track");
    let short = common::roadwright(&[
        "race",
        "--track",
        oval.to_str().expect("utf-8"),
        "--content",
        pack,
        "--players",
        "3",
    ]);
    assert_ne!(short.code, 0);
    assert!(
        short.stderr.contains("room for fewer than 6 cars"),
        "{}",
        short.stderr
    );
}
