//! Tracks: the four samples, every track validation rule, a 10,000-space track, the picture.

use crate::common;

use roadwright::content::race_deck::LaneSide;
use roadwright::content::track::{
    Chute, CrossoverPair, GridSlot, SpaceRef, TerrainId, Track, TrackStyle,
};
use roadwright::content::track_summary::TrackSummary;
use roadwright::content::{Document, Format, LoadedDocument, SourceFile};
use roadwright::stretch::samples::{self, SAMPLES, sample};
use roadwright::validate::{Diagnostic, Severity, validate_document};

const SAMPLE_FILES: [(&str, &str); 4] = [
    ("oval", "tracks/oval.ron"),
    ("road-course", "tracks/road-course.ron"),
    ("figure-eight", "tracks/figure-eight.ron"),
    ("thunder-oval", "tracks/thunder-oval.ron"),
];

fn load(path: &str) -> (LoadedDocument, Track) {
    let loaded = Document::load(&common::repo(path)).expect("sample loads");
    let Document::Track(track) = loaded.document.clone() else {
        panic!("{path} is a track");
    };
    (loaded, track)
}

/// Validates a track as its own file.
fn validate(track: &Track) -> Vec<Diagnostic> {
    common::validate_track(track)
}

fn codes(diagnostics: &[Diagnostic]) -> Vec<&'static str> {
    let mut codes: Vec<_> = diagnostics.iter().map(|d| d.code).collect();
    codes.sort_unstable();
    codes.dedup();
    codes
}

fn sample_track(name: &str) -> Track {
    sample(name).expect("known sample").expect("builds")
}

#[test]
fn every_sample_validates_clean() {
    for (_, path) in SAMPLE_FILES {
        let (loaded, _) = load(path);
        let diagnostics = validate_document(&loaded);
        assert!(diagnostics.is_empty(), "{path}: {diagnostics:#?}");
    }
}

#[test]
fn samples_are_what_the_builder_makes_and_save_back_identically() {
    assert_eq!(SAMPLES.len(), SAMPLE_FILES.len());
    for (name, path) in SAMPLE_FILES {
        let (loaded, track) = load(path);
        let saved = Document::Track(track).to_text(Format::Ron).expect("saves");
        assert!(
            saved == loaded.source.text,
            "{path}: load then save changed the file"
        );
        let built = Document::Track(sample_track(name))
            .to_text(Format::Ron)
            .expect("saves");
        assert!(
            built == loaded.source.text,
            "{path} differs from `roadwright new-track {name}`"
        );
    }
}

#[test]
fn samples_cover_every_track_feature() {
    let oval = TrackSummary::of(&load("tracks/oval.ron").1);
    assert!((24..=40).contains(&oval.sectors), "{oval:?}");
    assert!(
        oval.converging > 0 && oval.jump_spaces > 0 && oval.trough_spaces > 0,
        "{oval:?}"
    );
    let road = TrackSummary::of(&load("tracks/road-course.ron").1);
    assert!(
        road.rough_spaces > 0 && road.single_lane_sectors > 0,
        "{road:?}"
    );
    assert!(road.converging > 0 && road.diverging > 0, "{road:?}");
    let eight = TrackSummary::of(&load("tracks/figure-eight.ron").1);
    assert_eq!(eight.crossover_spaces, 4);
    assert!(eight.start_sectors > 0, "{eight:?}");
    let (_, thunder) = load("tracks/thunder-oval.ron");
    let thunder_summary = TrackSummary::of(&thunder);
    assert_eq!(thunder.style, TrackStyle::ThunderAlley);
    assert_eq!(
        (
            thunder_summary.rough_spaces,
            thunder_summary.jump_spaces,
            thunder_summary.trough_spaces
        ),
        (0, 0, 0)
    );
    // Lined up ahead of the finish line: the last car in sector 0, the rest forward from it.
    let last = thunder
        .grid
        .iter()
        .max_by_key(|slot| slot.position)
        .expect("grid");
    assert_eq!(last.space.sector, 0);
    for summary in [&oval, &road, &eight] {
        assert_eq!(summary.grid_positions, 40, "{summary:?}");
        assert!(summary.chute, "{summary:?}");
    }
    // Every grid of an Apocalypse Road track has pole at the front and lane 0 first.
    let (_, oval_track) = load("tracks/oval.ron");
    let pole = oval_track
        .grid
        .iter()
        .find(|slot| slot.position == 1)
        .expect("pole");
    assert_eq!(pole.space, SpaceRef::lap(9, 0));
}

/// Applies an edit to a sample and returns the distinct codes it produces. The drawing's
/// warnings are left out: an edit that breaks the graph by hand (a space stacked on another, a
/// link skipping a sector) also draws wrong, and `track_drawing` tests those.
fn broken(name: &str, edit: impl FnOnce(&mut Track)) -> Vec<&'static str> {
    let mut track = sample_track(name);
    edit(&mut track);
    let drawing = [
        "space-overlap",
        "link-long",
        "link-over-space",
        "lap-crosses-itself",
    ];
    let diagnostics: Vec<Diagnostic> = validate(&track)
        .into_iter()
        .filter(|d| !drawing.contains(&d.code))
        .collect();
    assert!(
        diagnostics.iter().all(|d| d.severity == Severity::Error),
        "{diagnostics:#?}"
    );
    codes(&diagnostics)
}

fn space_mut(track: &mut Track, sector: u32, lane: u8) -> &mut roadwright::content::track::Space {
    track.sectors[sector as usize]
        .spaces
        .iter_mut()
        .find(|s| s.lane == lane)
        .expect("space")
}

#[test]
fn an_empty_track_and_bad_space_size_are_errors() {
    assert_eq!(broken("oval", |t| t.sectors.clear()), ["track-empty"]);
    assert_eq!(broken("oval", |t| t.space_size.width = 0.0), ["space-size"]);
    let odd_space = broken("oval", |t| {
        space_mut(t, 3, 1).size = Some(roadwright::content::track::SpaceSize {
            length: 1.0,
            width: -1.0,
        });
    });
    assert_eq!(odd_space, ["space-size"]);
}

#[test]
fn lanes_must_be_contiguous_and_in_order() {
    // An extra space numbered 5 beside lanes 0-2, linked in and out so only its number is wrong.
    let gap = broken("oval", |t| {
        let mut extra = t.sectors[15].spaces[2].clone();
        extra.lane = 5;
        extra.next = vec![SpaceRef::lap(16, 2)];
        t.sectors[15].spaces.push(extra);
        space_mut(t, 14, 2).next.push(SpaceRef::lap(15, 5));
    });
    assert_eq!(gap, ["lanes-not-contiguous"]);
    assert_eq!(
        broken("oval", |t| t.sectors[5].spaces.swap(0, 1)),
        ["lanes-out-of-order"]
    );
}

#[test]
fn jump_and_trough_shape_is_checked() {
    let first_trough = |t: &Track| {
        t.sectors
            .iter()
            .position(|s| s.spaces.iter().any(|x| x.terrain.as_str() == "trough"))
            .expect("trough") as u32
    };
    assert_eq!(
        broken("oval", |t| {
            let s = first_trough(t);
            space_mut(t, s, 0).terrain = TerrainId::paved();
        }),
        ["trough-misplaced"]
    );
    let no_trough = broken("thunder-oval", |t| {
        for space in &mut t.sectors[4].spaces {
            space.terrain = TerrainId::jump();
        }
    });
    assert_eq!(no_trough, ["jump-not-three-lanes"]);
    assert_eq!(
        broken("oval", |t| {
            let s = first_trough(t) - 1;
            space_mut(t, s, 1).next = vec![SpaceRef::lap(s + 1, 1)];
        }),
        ["link-into-trough"]
    );
}

#[test]
fn rough_lanes_must_be_one_block() {
    let codes = broken("road-course", |t| {
        let rough = t
            .sectors
            .iter()
            .position(|s| s.spaces.iter().all(|x| x.terrain.as_str() == "rough"))
            .expect("rough sector");
        t.sectors[rough].spaces[1].terrain = TerrainId::paved();
    });
    assert_eq!(codes, ["rough-not-contiguous"]);
}

#[test]
fn forward_links_are_checked() {
    // A dead end that strands nobody (cars there can still change lanes) is itself the
    // finding, with the link the stretch tools would make as its fix.
    let mut dead_end = sample_track("oval");
    space_mut(&mut dead_end, 3, 2).next.clear();
    let found = validate(&dead_end);
    assert_eq!(codes(&found), ["no-forward-link"]);
    assert_eq!(
        found[0].fix,
        Some(roadwright::validate::Fix::AddLink {
            from: SpaceRef::lap(3, 2),
            to: SpaceRef::lap(4, 2)
        })
    );
    assert_eq!(
        broken("thunder-oval", |t| space_mut(t, 3, 1).next = vec![
            SpaceRef::lap(4, 0),
            SpaceRef::lap(4, 1),
            SpaceRef::lap(4, 2)
        ]),
        ["too-many-links"]
    );
    assert_eq!(
        broken("oval", |t| space_mut(t, 3, 2).next =
            vec![SpaceRef::lap(99, 0)]),
        ["dangling-link"]
    );
    assert_eq!(
        broken("oval", |t| space_mut(t, 3, 2).next =
            vec![SpaceRef::lap(5, 2)]),
        ["link-not-to-next-sector"]
    );
    let crossing = broken("thunder-oval", |t| {
        space_mut(t, 3, 0).next = vec![SpaceRef::lap(4, 1)];
        space_mut(t, 3, 1).next = vec![SpaceRef::lap(4, 0)];
    });
    assert_eq!(crossing, ["crossing-forks"]);
}

#[test]
fn the_lap_must_close_through_the_finish_line() {
    let codes = broken("thunder-oval", |t| {
        for space in &mut t.sectors[35].spaces {
            space.next = vec![SpaceRef::lap(34, space.lane)];
        }
    });
    assert!(codes.contains(&"lap-not-closed"), "{codes:?}");
    // Nothing reaches the finish, which the one lap error already says.
    assert!(!codes.contains(&"finish-unreachable"), "{codes:?}");
}

/// A track still being drawn (the lap not closed yet) gets one hint to close the lap, not an
/// error for every space of its last sector and every space that cannot reach the finish.
#[test]
fn an_open_lap_is_one_hint_to_close_it() {
    let mut builder = roadwright::stretch::TrackBuilder::new(
        "drawing",
        "Drawing",
        roadwright::content::track::TrackStyle::GrandPrix,
        roadwright::stretch::Inside::Right,
        (0.0, 0.0),
        0.0,
    );
    builder
        .straight(6, 3)
        .and_then(|b| b.corner(4, 3, 90.0, 4.0))
        .expect("laid");
    let diagnostics = validate(&builder.build());
    let lap: Vec<_> = diagnostics
        .iter()
        .filter(|d| ["lap-not-closed", "no-forward-link", "finish-unreachable"].contains(&d.code))
        .collect();
    assert_eq!(lap.len(), 1, "{lap:#?}");
    assert_eq!(lap[0].code, "lap-not-closed");
    assert!(
        lap[0].message.contains("close the lap"),
        "{}",
        lap[0].message
    );
}

#[test]
fn every_space_must_be_reachable_and_reach_the_finish() {
    // On a rough stretch nobody changes lanes, so a lane no link enters cannot be reached.
    let unreachable = broken("road-course", |t| {
        let rough = t
            .sectors
            .iter()
            .position(|s| s.spaces.iter().all(|x| x.terrain.as_str() == "rough"))
            .expect("rough") as u32;
        space_mut(t, rough, 2).next = vec![SpaceRef::lap(rough + 1, 1)];
    });
    // Reported as the link that would reach it, with what it cuts off counted under it.
    assert_eq!(unreachable, ["link-missing"]);
    // A dead end inside a rough stretch strands every car behind it.
    let stranded = broken("road-course", |t| {
        let rough = t
            .sectors
            .iter()
            .position(|s| s.spaces.iter().all(|x| x.terrain.as_str() == "rough"))
            .expect("rough") as u32;
        space_mut(t, rough + 3, 0).next.clear();
    });
    assert_eq!(stranded, ["link-missing"]);
}

#[test]
fn the_crossover_is_four_shared_spaces_at_right_angles() {
    assert_eq!(
        broken("figure-eight", |t| {
            t.crossover.pop();
        }),
        ["crossover-size"]
    );
    // Four pairs, each drawn on one spot, but one named twice: not a 2x2 block.
    assert_eq!(
        broken("figure-eight", |t| t.crossover[3] = t.crossover[0]),
        ["crossover-shape"]
    );
    let codes = broken("figure-eight", |t| {
        for sector in [20, 21] {
            for space in &mut t.sectors[sector].spaces {
                space.heading = 0.0;
            }
        }
    });
    assert_eq!(codes, ["crossover-not-perpendicular"]);
}

/// A pair's two spaces are one shared space, so they must be drawn on one spot: a pair naming a
/// space elsewhere on the lap is reported with both spaces, how far apart they are drawn, and
/// where the roads do cross.
#[test]
fn a_crossover_pair_drawn_apart_is_reported_with_where_the_roads_cross() {
    let mut track = samples::figure_eight().expect("sample");
    let CrossoverPair(a, b) = track.crossover[0];
    track.crossover[0].1 = SpaceRef::lap(b.sector + 3, b.lane);
    let found = common::validate_track(&track);
    let apart: Vec<_> = found
        .iter()
        .filter(|d| d.code == "crossover-apart")
        .collect();
    assert_eq!(apart.len(), 1, "{found:?}");
    let message = &apart[0].message;
    assert!(
        message.contains(&format!("{a}/{}", SpaceRef::lap(b.sector + 3, b.lane)))
            && message.contains(" spaces apart")
            && message.contains(&format!("drawn crossing at {a}/{b}")),
        "{message}"
    );
    assert_eq!(apart[0].severity, Severity::Error);
}

/// Spaces drawn crossing at right angles with no crossover declared are two separate spaces in
/// play: a warning says where, and a figure 8 with its crossover says nothing of the kind.
#[test]
fn a_crossing_drawn_but_not_declared_is_a_warning() {
    let mut track = samples::figure_eight().expect("sample");
    let codes = |track: &Track| -> Vec<&'static str> {
        common::validate_track(track)
            .iter()
            .map(|d| d.code)
            .filter(|code| code.starts_with("crossover"))
            .collect()
    };
    assert!(codes(&track).is_empty());
    track.crossover.clear();
    assert_eq!(codes(&track), ["crossover-undeclared"]);
    assert!(codes(&samples::oval().expect("oval")).is_empty());
}

#[test]
fn the_grid_is_numbered_one_to_forty_on_distinct_spaces_off_the_line() {
    assert_eq!(
        broken("oval", |t| t.grid[39].position = 41),
        ["grid-numbering"]
    );
    assert_eq!(
        broken("oval", |t| {
            t.grid.pop();
        }),
        ["grid-too-small"]
    );
    assert_eq!(
        broken("oval", |t| t.grid[39].space = t.grid[38].space),
        ["grid-duplicate-space"]
    );
    assert_eq!(
        broken("oval", |t| t.grid[39].space = SpaceRef::lap(99, 9)),
        ["grid-missing-space"]
    );
    assert_eq!(
        broken("oval", |t| t.grid[39] = GridSlot {
            position: 40,
            space: SpaceRef::lap(39, 1)
        }),
        ["grid-at-finish"]
    );
}

#[test]
fn an_apocalypse_road_track_has_one_chute_beside_an_edge_lane() {
    assert_eq!(broken("oval", |t| t.chute = None), ["chute-missing"]);
    assert_eq!(
        broken("oval", |t| t.chute = Some(Chute {
            beside: SpaceRef::lap(12, 1),
            side: LaneSide::Outside
        })),
        ["chute-no-access"]
    );
    assert_eq!(
        broken("oval", |t| t.chute = Some(Chute {
            beside: SpaceRef::lap(12, 0),
            side: LaneSide::Outside
        })),
        ["chute-no-access"]
    );
    // A Thunder Alley track needs none: its chute is the space past the finish line (2.1).
    assert!(validate(&sample_track("thunder-oval")).is_empty());
}

#[test]
fn diagnostics_name_and_place_the_space() {
    let mut track = sample_track("oval");
    space_mut(&mut track, 3, 2).next.clear();
    let diagnostics = validate(&track);
    let found = &diagnostics[0];
    assert_eq!(
        found.message,
        "space 3.2 has no forward link: cars there could never move on"
    );
    let text = Document::Track(track).to_text(Format::Ron).expect("text");
    let line = text
        .lines()
        .nth(found.location.line.expect("line") - 1)
        .expect("line exists");
    assert!(line.contains("(lane: 2, next: []"), "{line}");
}

#[test]
fn a_10000_space_track_loads_and_validates() {
    let track = roadwright::stretch::samples::generated_oval(10_000).expect("builds");
    let text = Document::Track(track).to_text(Format::Ron).expect("saves");
    let source = SourceFile::from_text("huge.ron", text, Format::Ron);
    let document = Document::parse(&source).expect("loads");
    let Document::Track(loaded) = &document else {
        panic!("a track")
    };
    assert_eq!(loaded.spaces().count(), 10_000);
    let diagnostics = validate_document(&LoadedDocument { source, document });
    assert!(
        diagnostics.is_empty(),
        "{:#?}",
        &diagnostics[..diagnostics.len().min(5)]
    );
}

#[test]
fn the_picture_shows_terrain_crossover_grid_and_chute() {
    use roadwright::render::{palette, render_track};
    let has = |image: &image::RgbaImage, colour: [u8; 4]| image.pixels().any(|p| p.0 == colour);
    let draw = |track: &Track| {
        render_track(track, &roadwright::render::legend::Legend::standard(), 800).expect("renders")
    };
    // Each feature's colour is present when the track has the feature and absent when the
    // same track is drawn without it, so the colour comes from the feature and not by chance.
    let oval = draw(&sample_track("oval"));
    assert_eq!(oval.width(), 800);
    assert!(has(&oval, palette::JUMP), "jump lanes drawn");
    assert!(has(&oval, palette::TROUGH), "trough drawn");
    assert!(!has(&oval, palette::ROUGH), "no rough on the oval");
    assert!(has(&oval, palette::CHUTE), "chute drawn");
    assert!(has(&oval, palette::GRID), "grid positions outlined");
    let mut bare = sample_track("oval");
    bare.chute = None;
    bare.grid.clear();
    let bare = draw(&bare);
    assert!(!has(&bare, palette::CHUTE), "no chute, nothing orange");
    assert!(!has(&bare, palette::GRID), "no grid, no grid outlines");
    let road = draw(&sample_track("road-course"));
    assert!(has(&road, palette::ROUGH), "rough drawn");
    let mut eight = sample_track("figure-eight");
    assert!(has(&draw(&eight), palette::CROSSOVER), "crossover drawn");
    eight.crossover.clear();
    assert!(
        !has(&draw(&eight), palette::CROSSOVER),
        "no crossover, no outline"
    );
    assert!(
        roadwright::render::render_track(
            &sample_track("oval"),
            &roadwright::render::legend::Legend::standard(),
            50
        )
        .is_err(),
        "too narrow"
    );
    // A space with its own size is drawn at that size: a wider space covers more pixels.
    let mut wide = sample_track("thunder-oval");
    let plain = roadwright::render::render_track(
        &wide,
        &roadwright::render::legend::Legend::standard(),
        800,
    )
    .expect("renders");
    space_mut(&mut wide, 4, 1).size = Some(roadwright::content::track::SpaceSize {
        length: 3.0,
        width: 3.0,
    });
    let bigger = roadwright::render::render_track(
        &wide,
        &roadwright::render::legend::Legend::standard(),
        800,
    )
    .expect("renders");
    let paved = |image: &image::RgbaImage| {
        image
            .pixels()
            .filter(|p| p.0 == roadwright::render::palette::PAVED)
            .count()
    };
    assert!(paved(&bigger) > paved(&plain), "the big space shows");
}

#[test]
fn the_cli_validates_inspects_and_renders_tracks() {
    let run = common::roadwright(&[
        "validate",
        "tracks/oval.ron",
        "tracks/road-course.ron",
        "tracks/figure-eight.ron",
        "tracks/thunder-oval.ron",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let run = common::roadwright(&["inspect", "tracks/figure-eight.ron", "--json"]);
    let summary: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    for key in [
        "spaces",
        "sectors",
        "lanes_min",
        "lanes_max",
        "converging",
        "diverging",
        "single_lane_sectors",
        "rough_spaces",
        "jump_spaces",
        "trough_spaces",
        "crossover_spaces",
        "grid_positions",
        "chute",
    ] {
        assert!(summary.get(key).is_some(), "{key} missing");
    }
    assert_eq!(summary["crossover_spaces"], 4);
    assert_eq!(summary["chute"], true);
    let dir = tempfile::tempdir().expect("temp dir");
    let png = dir.path().join("oval.png");
    let run = common::roadwright(&[
        "render",
        "tracks/oval.ron",
        "-o",
        png.to_str().expect("utf-8"),
        "--width",
        "640",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let image = image::open(&png).expect("a PNG");
    assert_eq!(image.width(), 640);
    let written = dir.path().join("new.ron");
    let run = common::roadwright(&[
        "new-track",
        "figure-eight",
        "-o",
        written.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        std::fs::read_to_string(&written).expect("written"),
        std::fs::read_to_string(common::repo("tracks/figure-eight.ron")).expect("sample")
    );
    assert_eq!(
        common::roadwright(&[
            "new-track",
            "moon-base",
            "-o",
            written.to_str().expect("utf-8")
        ])
        .code,
        1
    );
}

#[test]
fn every_reference_is_checked_on_every_track_style() {
    // A Thunder Alley track ignores its printed grid (3.0), but a grid slot, a chute or a
    // crossover naming a space that does not exist is still an error, never a crash later.
    let ghost = SpaceRef::lap(99, 0);
    let with_ghost_grid = broken("thunder-oval", |t| {
        t.grid.push(GridSlot {
            position: 1,
            space: ghost,
        });
    });
    assert_eq!(with_ghost_grid, ["grid-missing-space"]);
    let with_ghost_chute = broken("thunder-oval", |t| {
        t.chute = Some(Chute {
            beside: ghost,
            side: LaneSide::Inside,
        });
    });
    assert_eq!(with_ghost_chute, ["chute-no-access"]);
    // Whatever validation accepts, the checked track accepts: no panic either way.
    for style in [TrackStyle::ThunderAlley, TrackStyle::GrandPrix] {
        let mut track = sample_track("oval");
        track.style = style;
        track.grid.push(GridSlot {
            position: 41,
            space: ghost,
        });
        let checked = roadwright::validate::checked_track::CheckedTrack::from_track(
            &track,
            &roadwright::validate::checked::TerrainBook::standard(),
        );
        assert!(checked.is_err(), "{style:?}: the ghost slot is refused");
    }
}

#[test]
fn non_finite_or_absurd_geometry_is_a_validation_error() {
    for edit in [
        (|t: &mut Track| space_mut(t, 3, 1).x = f32::NAN) as fn(&mut Track),
        |t| space_mut(t, 3, 1).heading = f32::INFINITY,
        |t| space_mut(t, 3, 1).y = -f32::MAX,
        |t| t.space_size.width = f32::MAX,
    ] {
        let codes = broken("oval", edit);
        assert!(codes.contains(&"geometry-out-of-range"), "{codes:?}");
    }
    // The same in a file: RON reads `NaN`, and validate reports it with its place.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nan.ron");
    let text = std::fs::read_to_string(common::repo("tracks/oval.ron")).expect("oval");
    let at = text.find("x: ").expect("a coordinate");
    let end = at + text[at..].find(',').expect("comma");
    std::fs::write(&path, format!("{}x: NaN{}", &text[..at], &text[end..])).expect("write");
    let run = common::roadwright(&["validate", path.to_str().expect("path")]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("error[geometry-out-of-range]"),
        "{}",
        run.stdout
    );
    let render = common::roadwright(&[
        "render",
        path.to_str().expect("path"),
        "-o",
        dir.path().join("nan.png").to_str().expect("path"),
    ]);
    // Drawing a broken track is allowed (it helps find the problem); it must not crash.
    assert!([0, 1, 2].contains(&render.code), "{}", render.stderr);
    assert!(!render.stderr.contains("panicked"), "{}", render.stderr);
}

/// One link removed from the road course's single-lane stretch cut the lap and gave 79 errors,
/// none naming the link. Now one error names it, counts what it cuts off, and offers it back
/// as its fix; nothing else is listed space by space.
#[test]
fn a_removed_link_is_named_with_its_consequences_under_it() {
    let mut track = sample_track("road-course");
    let (from, to) = (SpaceRef::lap(22, 0), SpaceRef::lap(23, 0));
    assert_eq!(track.space(from).map(|s| s.next.clone()), Some(vec![to]));
    roadwright::edit::TrackEdit::RemoveLink { from, to }
        .apply(&mut track)
        .expect("removed");
    let found = validate(&track);
    assert_eq!(codes(&found), ["link-missing"], "{found:#?}");
    assert_eq!(found.len(), 1);
    let message = &found[0].message;
    assert!(
        message.starts_with("link 22.0 -> 23.0 is missing: because of it, ")
            && message.contains("spaces cannot be reached from the starting grid")
            && message.contains("cannot reach the finish line"),
        "{message}"
    );
    assert_eq!(
        found[0].location.object,
        Some(roadwright::validate::ObjectRef::Space { space: from })
    );
    assert_eq!(
        found[0].fix,
        Some(roadwright::validate::Fix::AddLink { from, to })
    );
}

/// Diagnostics with a one-click mend carry it: an open lap is closed, a crossing drawn but not
/// declared is detected, a missing chute is placed beside an outer lane; applied, each mend
/// leaves nothing of its kind.
#[test]
fn diagnostics_with_a_one_click_mend_offer_it() {
    use roadwright::edit::TrackEdit;
    use roadwright::validate::Fix;
    let fix_of = |track: &Track, code: &str| {
        validate(track)
            .into_iter()
            .find(|d| d.code == code)
            .unwrap_or_else(|| panic!("{code} reported"))
            .fix
            .unwrap_or_else(|| panic!("{code} has a fix"))
    };
    let mut open = sample_track("oval");
    TrackEdit::ReopenLap.apply(&mut open).expect("reopen");
    assert_eq!(fix_of(&open, "lap-not-closed"), Fix::CloseLap);

    let mut undeclared = sample_track("figure-eight");
    undeclared.crossover.clear();
    assert_eq!(
        fix_of(&undeclared, "crossover-undeclared"),
        Fix::DetectCrossover
    );

    let mut no_chute = sample_track("oval");
    no_chute.chute = None;
    let Fix::PlaceChute { beside, side } = fix_of(&no_chute, "chute-missing") else {
        panic!("a chute placement");
    };
    no_chute.chute = Some(Chute { beside, side });
    assert!(
        validate(&no_chute)
            .iter()
            .all(|d| !d.code.starts_with("chute")),
        "{:#?}",
        validate(&no_chute)
    );
}

/// Two links cut in a row on the road course's single-lane stretch are both named, and
/// between them they account for every space cut off: nothing is listed space by space, and
/// no space is counted under both.
#[test]
fn two_cuts_in_a_row_are_both_named_and_explain_everything() {
    let mut track = sample_track("road-course");
    for (from, to) in [
        (SpaceRef::lap(22, 0), SpaceRef::lap(23, 0)),
        (SpaceRef::lap(23, 0), SpaceRef::lap(24, 0)),
    ] {
        roadwright::edit::TrackEdit::RemoveLink { from, to }
            .apply(&mut track)
            .expect("removed");
    }
    let found = validate(&track);
    assert_eq!(codes(&found), ["link-missing"], "{found:#?}");
    let named: Vec<_> = found
        .iter()
        .map(|d| d.message.split(" is missing").next().unwrap_or_default())
        .collect();
    assert_eq!(named, ["link 22.0 -> 23.0", "link 23.0 -> 24.0"]);
}
