//! Courses built from tiles: a square of straights and corners closes into a lap; edges that
//! cannot join, a tile over another, an open course and a missing tile are each named; a pile
//! closes by its draws, the same track for the same seed.

use crate::common;

use std::collections::BTreeMap;

use roadwright::content::course::{Course, Layout, PileTile};
use roadwright::content::kind::CourseKind;
use roadwright::content::text::{Id, Text};
use roadwright::content::tile::Tile;
use roadwright::stretch::course::{CourseError, build_course};

fn tiles() -> BTreeMap<Id, Tile> {
    [
        common::tile("straight", |b| b.straight(4, 4)),
        common::tile("corner", |b| b.corner(3, 4, 90.0, 3.0)),
        common::tile("single", |b| b.single_lane(2)),
    ]
    .into_iter()
    .map(|t| (t.id.clone(), t))
    .collect()
}

fn course(layout: Layout) -> Course {
    Course {
        kind: CourseKind::Course,
        version: Course::VERSION,
        id: Id::from("square"),
        name: Text::from("Square"),
        tiles: Text::from("tiles"),
        layout,
        route: roadwright::content::course::Route::Lap,
        rolling: None,
    }
}

fn fixed(ids: &[&str]) -> Course {
    course(Layout::Fixed(ids.iter().map(|id| Id::from(*id)).collect()))
}

#[test]
fn a_square_of_straights_and_corners_closes_into_a_lap() {
    let square = ["straight", "corner"].repeat(4);
    let track = build_course(&fixed(&square), &tiles(), 0).expect("it closes");
    assert_eq!(track.sectors.len(), 4 * 4 + 4 * 3);
    assert!(track.lap_is_closed());
}

#[test]
fn edges_that_cannot_join_a_tile_over_another_and_an_open_course_are_named() {
    let tiles = tiles();
    let join = build_course(&fixed(&["single", "straight"]), &tiles, 0);
    assert_eq!(
        join,
        Err(CourseError::Join {
            index: 2,
            tile: "straight".to_owned(),
            from: 1,
            to: 4
        })
    );
    let spiral = build_course(&fixed(&["corner"; 6]), &tiles, 0);
    assert!(
        matches!(
            spiral,
            Err(CourseError::Overlap {
                index: 5,
                other: 1,
                ..
            })
        ),
        "{spiral:?}"
    );
    let open = build_course(&fixed(&["straight", "corner"]), &tiles, 0);
    assert!(matches!(open, Err(CourseError::Open(_))), "{open:?}");
    let missing = build_course(&fixed(&["straight", "hairpin"]), &tiles, 0);
    assert_eq!(
        missing,
        Err(CourseError::MissingTile {
            index: 2,
            tile: "hairpin".to_owned()
        })
    );
}

/// A pile of four straights and four corners, `length` of them drawn.
fn square_pile(length: u32) -> Course {
    course(Layout::Pile {
        first: None,
        tiles: vec![
            PileTile {
                tile: Id::from("straight"),
                count: 4,
            },
            PileTile {
                tile: Id::from("corner"),
                count: 4,
            },
        ],
        length,
    })
}

#[test]
fn a_pile_draws_a_course_that_closes_the_same_for_the_same_seed() {
    let pile = square_pile(8);
    let tiles = tiles();
    let text = |seed| {
        let track = build_course(&pile, &tiles, seed).expect("a draw closes");
        assert!(track.lap_is_closed());
        roadwright::content::Document::Track(track)
            .to_text(roadwright::content::Format::Ron)
            .expect("text")
    };
    for seed in 0..10 {
        assert_eq!(text(seed), text(seed), "seed {seed} builds one track");
    }
}

/// The standard tiles, as `tiles/` holds them.
fn standard() -> BTreeMap<Id, Tile> {
    roadwright::stretch::tile_set::standard_tiles()
        .expect("the standard tiles build")
        .into_iter()
        .map(|t| (t.id.clone(), t))
        .collect()
}

/// The course file at `path` under the repository.
fn sample_course(path: &str) -> Course {
    let loaded = roadwright::content::Document::load(std::path::Path::new(path)).expect(path);
    let roadwright::content::Document::Course(course) = loaded.document else {
        panic!("{path} holds a course");
    };
    course
}

#[test]
fn the_standard_tiles_are_what_the_tile_set_cuts_and_each_checks_clean() {
    let tiles = standard();
    assert!(tiles.len() >= 12, "at least twelve tiles");
    for (id, tile) in &tiles {
        let path = format!("tiles/{id}.ron");
        let on_disk = std::fs::read_to_string(&path).expect(&path);
        let made = roadwright::content::Document::Tile(tile.clone())
            .to_text(roadwright::content::Format::Ron)
            .expect("text");
        assert!(
            on_disk == made,
            "{path} differs from `roadwright course tiles`"
        );
        let loaded = roadwright::content::Document::load(std::path::Path::new(&path)).expect(&path);
        let errors: Vec<_> = roadwright::validate::validate_document(&loaded)
            .into_iter()
            .filter(roadwright::validate::Diagnostic::is_error)
            .collect();
        assert!(errors.is_empty(), "{path}: {errors:#?}");
    }
    // The pieces the issue lists: lanes two to four, both corners, merge and split, rough, a
    // jump with its trough, the crossover's two halves naming each other, a starting tile.
    let lanes: Vec<usize> = ["straight-2", "straight-3", "straight-4"]
        .iter()
        .map(|id| tiles[&Id::from(*id)].entry_lanes())
        .collect();
    assert_eq!(lanes, [2, 3, 4]);
    assert_eq!(
        (
            tiles[&Id::from("merge")].entry_lanes(),
            tiles[&Id::from("merge")].exit_lanes()
        ),
        (4, 2)
    );
    assert_eq!(
        (
            tiles[&Id::from("split")].entry_lanes(),
            tiles[&Id::from("split")].exit_lanes()
        ),
        (2, 4)
    );
    let terrain = |id: &str| -> Vec<String> {
        tiles[&Id::from(id)]
            .sectors
            .iter()
            .flat_map(|s| s.spaces.iter().map(|space| space.terrain.to_string()))
            .collect()
    };
    assert!(terrain("rough").iter().all(|t| t == "rough"));
    assert!(terrain("jump").iter().any(|t| t == "trough"));
    assert_eq!(
        tiles[&Id::from("crossover-a")].crossing,
        Some(Id::from("crossover-b"))
    );
    assert_eq!(
        tiles[&Id::from("crossover-b")].crossing,
        Some(Id::from("crossover-a"))
    );
    let start = &tiles[&Id::from("start")];
    assert_eq!(start.grid.len(), 40);
    assert!(start.chute.is_some());
    // The short start seats a pack of twelve cars or fewer.
    let short = &tiles[&Id::from("start-short")];
    assert_eq!((short.sectors.len(), short.grid.len()), (4, 12));
    assert!(short.chute.is_some());
    assert!(
        tiles
            .values()
            .filter(|t| !t.id.as_str().starts_with("start"))
            .all(|t| t.grid.is_empty() && t.chute.is_none())
    );
}

#[test]
fn the_fixed_sample_course_builds_eight_tiles_into_a_track_that_validates() {
    let course = sample_course("courses/scrapyard-loop.ron");
    let Layout::Fixed(ids) = &course.layout else {
        panic!("a fixed course");
    };
    assert_eq!(ids.len(), 8);
    let track = build_course(&course, &standard(), 0).expect("it builds");
    assert!(track.lap_is_closed());
    assert_eq!(track.grid.len(), 40);
    assert_eq!(common::track_errors(track), Vec::<String>::new());
}

#[test]
fn a_short_course_of_five_standard_tiles_closes_validates_and_races() {
    // Rush 'n Crush's short courses: the start, a hairpin, twelve sectors of straights and a
    // hairpin close into a 40-sector lap with the 40-car grid.
    let course = sample_course("courses/short-circuit.ron");
    let Layout::Fixed(ids) = &course.layout else {
        panic!("a fixed course");
    };
    assert_eq!(ids.len(), 5);
    let track = build_course(&course, &standard(), 0).expect("it builds");
    assert!(track.lap_is_closed());
    assert_eq!(track.sectors.len(), 40);
    assert_eq!(track.tiles.len(), 5, "each tile laid is recorded");
    assert_eq!(common::track_errors(track.clone()), Vec::<String>::new());
    let standard = roadwright::content::RawPack::load(&common::repo("content")).expect("pack");
    let loaded =
        roadwright::sim::race_from_documents(&standard, &track, "standard").expect("it races");
    let setup = roadwright::rules::RaceSetup::first_teams(&loaded.rules.content, 6, 3);
    let mut race = roadwright::rules::Race::new(loaded.rules, &setup).expect("setup");
    let mut bots = roadwright::sim::RandomBot::new(3);
    while let Some(player) = race.deciding_player() {
        let legal = race.legal_decisions();
        let chosen = roadwright::sim::Bot::choose(&mut bots, &race.view(player), &legal);
        race.apply_listed(&legal[chosen]);
    }
    assert!(race.is_over());
}

#[test]
fn four_gentle_bends_turn_as_a_hairpin_does_and_the_lap_closes() {
    // The 45° bends: four of them turn the road back as a hairpin does, more gently.
    let ids = [
        "start",
        "bend-right",
        "bend-right",
        "bend-right",
        "bend-right",
        "straight-8",
        "straight-4",
        "bend-right",
        "bend-right",
        "bend-right",
        "bend-right",
    ];
    let track = build_course(&fixed(&ids), &standard(), 0).expect("it closes");
    assert!(track.lap_is_closed());
    assert_eq!(track.sectors.len(), 56);
    assert_eq!(common::track_errors(track), Vec::<String>::new());
}

#[test]
fn every_seed_of_the_sample_pile_draws_a_course_that_validates_the_same_each_time() {
    let course = sample_course("courses/scrapyard-pile.ron");
    let tiles = standard();
    let mut distinct = std::collections::BTreeSet::new();
    for seed in 0..100 {
        let track =
            build_course(&course, &tiles, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let again = build_course(&course, &tiles, seed).expect("again");
        assert!(track == again, "seed {seed} builds one track");
        distinct.insert(roadwright::sim::load::track_hash(&track));
        assert_eq!(
            common::track_errors(track),
            Vec::<String>::new(),
            "seed {seed}"
        );
    }
    assert!(
        distinct.len() > 20,
        "the seeds draw many courses: {}",
        distinct.len()
    );
}

#[test]
fn the_crossover_tiles_must_meet_and_a_tile_laid_over_another_is_named() {
    let tiles = standard();
    let eight = fixed(&[
        "crossover-a",
        "link-2",
        "lobe-left",
        "link-2",
        "crossover-b",
        "link-2",
        "lobe-right",
        "link-2",
    ]);
    let track = build_course(&eight, &tiles, 0).expect("the figure 8 closes");
    assert_eq!(track.crossover.len(), 4, "the halves cross on four spaces");
    // Its second half replaced by a plain link: that link lies over the first half.
    let mut plain = eight.clone();
    if let Layout::Fixed(ids) = &mut plain.layout {
        ids[4] = Id::from("link-2");
    }
    assert!(
        matches!(
            build_course(&plain, &tiles, 0),
            Err(CourseError::Overlap { index: 5, other: 1, ref tile, ref other_tile, .. })
                if tile == "link-2" && other_tile == "crossover-a"
        ),
        "{:?}",
        build_course(&plain, &tiles, 0)
    );
    // A half laid where nothing crosses it.
    let alone = fixed(&[
        "start",
        "corner-right",
        "corner-right",
        "jump",
        "rough",
        "crossover-a",
        "link-2",
        "corner-right",
        "corner-right",
    ]);
    let refused = build_course(&alone, &tiles, 0);
    assert_eq!(
        refused,
        Err(CourseError::CrossingUnmet {
            index: 6,
            tile: "crossover-a".to_owned(),
            pair: "crossover-b".to_owned(),
            laid: false,
        })
    );
    assert!(
        refused
            .expect_err("refused")
            .to_string()
            .contains("the course does not lay it")
    );
}

#[test]
fn an_open_course_runs_from_its_start_to_a_run_off_and_is_never_closed() {
    let mut run = fixed(&["straight", "corner", "straight"]);
    run.route = roadwright::content::course::Route::PointToPoint;
    let track = build_course(&run, &tiles(), 0).expect("an open course need not close");
    assert!(track.point_to_point());
    assert!(!track.lap_is_closed());
    let last = track.sectors.last().expect("sectors");
    assert!(
        last.spaces.iter().all(|s| s.next.is_empty()),
        "the run-off leads nowhere"
    );
    // The same tiles as a lap are refused: they do not close.
    let lap = build_course(&fixed(&["straight", "corner", "straight"]), &tiles(), 0);
    assert!(matches!(lap, Err(CourseError::Open(_))), "{lap:?}");
    // An open course still may not lay a tile over another.
    let mut spiral = fixed(&["corner"; 6]);
    spiral.route = roadwright::content::course::Route::PointToPoint;
    assert!(matches!(
        build_course(&spiral, &tiles(), 0),
        Err(CourseError::Overlap { index: 5, .. })
    ));
}

#[test]
fn the_point_to_point_sample_course_builds_a_track_that_validates_and_its_finish_ends_the_road() {
    let course = sample_course("courses/scrapyard-run.ron");
    assert_eq!(
        course.route,
        roadwright::content::course::Route::PointToPoint
    );
    let track = build_course(&course, &standard(), 0).expect("it builds");
    assert!(track.point_to_point());
    assert_eq!(track.grid.len(), 40);
    assert_eq!(common::track_errors(track.clone()), Vec::<String>::new());
    // Drawn, the chequered line lies across the run-off's trailing edge, not sector 0's.
    let squares = roadwright::render::geometry::finish_squares(&track);
    let run_off = track.sectors.last().expect("sectors");
    let near = |(x, y): (f32, f32)| {
        run_off
            .spaces
            .iter()
            .any(|s| (s.x - x).hypot(s.y - y) < track.space_size.length)
    };
    assert!(!squares.is_empty());
    assert!(squares.iter().all(|(corners, _)| near(corners[0])));
}

#[test]
fn an_open_pile_draws_a_run_for_every_seed_without_needing_to_close() {
    let mut pile = square_pile(5);
    pile.route = roadwright::content::course::Route::PointToPoint;
    let tiles = tiles();
    for seed in 0..20 {
        let track =
            build_course(&pile, &tiles, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(
            track.point_to_point() && !track.lap_is_closed(),
            "seed {seed}"
        );
        assert!(track == build_course(&pile, &tiles, seed).expect("again"));
    }
}
