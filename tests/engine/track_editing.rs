//! Track edits, the ones the studio's tools emit: every sample track can be drawn from an empty
//! track with them alone, and each edit keeps the graph coherent.

use crate::common;

use roadwright::content::race_deck::LaneSide;
use roadwright::content::track::{
    Chute, CrossoverPair, Space, SpaceRef, TerrainId, Track, TrackStyle,
};
use roadwright::edit::track_edit::{blank_track, chute_beside};
use roadwright::edit::{Origin, Stretch, StretchShape, TrackEdit, TrackEditError};
use roadwright::stretch::Inside;
use roadwright::stretch::samples;

fn lay(shape: StretchShape, sectors: u32, lanes: u8) -> TrackEdit {
    lay_from(shape, sectors, lanes, Origin::default())
}

fn lay_from(shape: StretchShape, sectors: u32, lanes: u8, origin: Origin) -> TrackEdit {
    TrackEdit::AppendStretch {
        stretch: Stretch {
            shape,
            sectors,
            lanes,
        },
        origin,
    }
}

fn corner(degrees: f32, radius: f32) -> StretchShape {
    StretchShape::Corner { degrees, radius }
}

fn radius_for(sectors: u32, degrees: f32) -> f32 {
    sectors as f32 / degrees.abs().to_radians()
}

/// Applies edits one by one, as the studio does.
fn draw(mut track: Track, edits: &[TrackEdit]) -> Track {
    for edit in edits {
        edit.apply(&mut track)
            .unwrap_or_else(|error| panic!("{edit:?}: {error}"));
    }
    track
}

/// The graph, grid, chute and crossover are identical; the drawing agrees to a hundredth of a
/// space (edits resume from rounded coordinates).
fn assert_same_track(drawn: &Track, sample: &Track) {
    assert_eq!(drawn.sectors.len(), sample.sectors.len(), "lap length");
    assert_eq!(drawn.start_sectors.len(), sample.start_sectors.len());
    for ((at, a), (_, b)) in drawn.spaces().zip(sample.spaces()) {
        assert_eq!(
            (a.lane, a.terrain.clone(), &a.next),
            (b.lane, b.terrain.clone(), &b.next),
            "space {at}"
        );
        let near = |p: f32, q: f32| (p - q).abs() < 0.02;
        let heading = (a.heading - b.heading).rem_euclid(360.0);
        assert!(
            near(a.x, b.x) && near(a.y, b.y) && heading.min(360.0 - heading) < 0.05,
            "space {at} drawn at ({}, {}, {}°), the sample at ({}, {}, {}°)",
            a.x,
            a.y,
            a.heading,
            b.x,
            b.y,
            b.heading
        );
    }
    assert_eq!(drawn.grid, sample.grid, "grid");
    assert_eq!(drawn.chute, sample.chute, "chute");
    assert_eq!(drawn.crossover, sample.crossover, "crossover");
}

fn grid_of(track: &Track, first: u32, positions: usize) -> TrackEdit {
    let spaces: Vec<SpaceRef> = track
        .spaces()
        .filter(|(at, space)| at.sector >= first && space.terrain.as_str() == "paved")
        .map(|(at, _)| at)
        .take(positions)
        .collect();
    TrackEdit::NumberGrid { spaces }
}

fn chute(sector: u32, lane: u8) -> TrackEdit {
    TrackEdit::SetChute(Some(Chute {
        beside: SpaceRef::lap(sector, lane),
        side: LaneSide::Outside,
    }))
}

#[test]
fn the_oval_is_drawn_with_stretch_tools_alone() {
    let corner_radius = radius_for(10, 180.0);
    let track = draw(
        blank_track("dust-bowl", "Dust Bowl Oval", TrackStyle::ApocalypseRoad),
        &[
            lay(StretchShape::Straight, 10, 4),
            lay(corner(180.0, corner_radius), 10, 3),
            lay(StretchShape::Straight, 2, 3),
            lay(StretchShape::Jump, 3, 3),
            lay(StretchShape::Straight, 5, 4),
            lay(corner(180.0, corner_radius), 10, 3),
            TrackEdit::CloseLap,
        ],
    );
    let track = draw(track.clone(), &[grid_of(&track, 0, 40), chute(12, 2)]);
    assert_same_track(&track, &samples::oval().expect("oval"));
}

#[test]
fn the_road_course_is_drawn_with_stretch_tools_alone() {
    let turn = corner(90.0, radius_for(4, 90.0));
    let track = draw(
        blank_track(
            "quarry-run",
            "Quarry Run Road Course",
            TrackStyle::ApocalypseRoad,
        ),
        &[
            lay(StretchShape::Straight, 10, 4),
            lay(turn, 4, 3),
            lay(StretchShape::Rough, 4, 3),
            lay(corner(90.0, radius_for(4, 90.0)), 4, 2),
            lay(StretchShape::SingleLane, 3, 1),
            lay(StretchShape::Straight, 3, 2),
            lay(StretchShape::Straight, 4, 3),
            lay(turn, 4, 3),
            lay(StretchShape::Rough, 2, 3),
            lay(StretchShape::Straight, 2, 3),
            lay(turn, 4, 3),
            TrackEdit::CloseLap,
        ],
    );
    let track = draw(track.clone(), &[grid_of(&track, 0, 40), chute(10, 2)]);
    assert_same_track(&track, &samples::road_course().expect("road course"));
}

#[test]
fn the_figure_eight_is_drawn_with_stretch_tools_alone() {
    let origin = Origin {
        at: (-1.0, 0.0),
        heading: 0.0,
        inside: Inside::Right,
    };
    let track = draw(
        blank_track(
            "essendarium-eight",
            "Essendarium Eight",
            TrackStyle::ApocalypseRoad,
        ),
        &[
            lay_from(StretchShape::Straight, 4, 2, origin),
            lay(corner(-270.0, 3.0), 14, 3),
            lay(StretchShape::Straight, 6, 2),
            lay(corner(270.0, 3.0), 14, 3),
            lay(StretchShape::Straight, 2, 2),
            TrackEdit::CloseLap,
            TrackEdit::StartingSection {
                sectors: 10,
                lanes: 4,
                at: (10.0, 8.5),
                heading: 180.0,
                joins: 29,
            },
            chute(10, 2),
            TrackEdit::DetectCrossover,
        ],
    );
    assert_same_track(&track, &samples::figure_eight().expect("figure eight"));
    assert_eq!(track.crossover.len(), 4);
}

/// A figure 8 whose last straight ends one space past its start, closed after its crossover was
/// detected: the first straight (which holds one road of the crossing) loses a sector and
/// everything after it, the other road included, moves back a space. The crossover follows the
/// drawing: four pairs, each drawn on one spot, and validation finds nothing wrong with it.
#[test]
fn closing_a_figure_eight_that_overshoots_keeps_its_crossover_on_the_crossing() {
    let origin = Origin {
        at: (-3.0, 0.0),
        heading: 0.0,
        inside: Inside::Right,
    };
    let open = draw(
        blank_track("eight", "Eight", TrackStyle::ApocalypseRoad),
        &[
            lay_from(StretchShape::Straight, 6, 2, origin),
            lay(corner(-270.0, 3.0), 14, 3),
            lay(StretchShape::Straight, 6, 2),
            lay(corner(270.0, 3.0), 14, 3),
            lay(StretchShape::Straight, 1, 2),
            TrackEdit::DetectCrossover,
        ],
    );
    assert_eq!(open.crossover.len(), 4, "the open figure 8 crosses");
    let closed = draw(open.clone(), &[TrackEdit::CloseLap]);
    assert_eq!(
        closed.sectors.len(),
        open.sectors.len() - 1,
        "a sector shorter, closed"
    );
    assert_eq!(closed.crossover.len(), 4, "{:?}", closed.crossover);
    for &pair in &closed.crossover {
        assert!(closed.pair_is_stacked(pair), "{pair:?} drawn on one spot");
    }
    assert_eq!(closed.crossover, closed.drawn_crossing());
    assert_ne!(
        closed.crossover, open.crossover,
        "the pairs moved with the road"
    );
    let crossover_codes: Vec<String> = common::validate_track(&closed)
        .iter()
        .filter(|d| d.code.starts_with("crossover"))
        .map(ToString::to_string)
        .collect();
    assert!(crossover_codes.is_empty(), "{crossover_codes:?}");
}

/// Turning one road of a crossing would draw its shared spaces apart: refused, saying so, the
/// track unchanged. Moving a crossover space in the inspector moves its partner with it.
#[test]
fn an_edit_that_would_pull_the_crossover_apart_is_refused() {
    let eight = samples::figure_eight().expect("sample");
    let CrossoverPair(a, b) = eight.crossover[0];
    let road: Vec<SpaceRef> = eight.crossover.iter().map(|p| p.0).collect();
    let mut turned = eight.clone();
    let error = TrackEdit::Rotate {
        spaces: road,
        degrees: 30.0,
    }
    .apply(&mut turned)
    .expect_err("refused");
    assert!(
        matches!(error, TrackEditError::PullsCrossoverApart(_)),
        "{error}"
    );
    assert!(
        error.to_string().contains("pull the crossover apart"),
        "{error}"
    );
    assert_eq!(turned, eight, "unchanged");

    let mut moved = eight.clone();
    let space = eight.space(a).expect("space").clone();
    TrackEdit::SetGeometry {
        at: a,
        x: space.x + 0.5,
        y: space.y,
        heading: space.heading,
        size: space.size,
    }
    .apply(&mut moved)
    .expect("moves");
    let partner = moved.space(b).expect("partner");
    assert!((partner.x - (space.x + 0.5)).abs() < 1e-6 && (partner.y - space.y).abs() < 1e-6);
    assert!(moved.pair_is_stacked(CrossoverPair(a, b)));
}

#[test]
fn the_thunder_oval_is_drawn_with_stretch_tools_alone() {
    let turn = corner(180.0, radius_for(8, 180.0));
    let track = draw(
        blank_track("thunder-oval", "Thunder Oval", TrackStyle::ThunderAlley),
        &[
            lay(StretchShape::Straight, 10, 3),
            lay(turn, 8, 3),
            lay(StretchShape::Straight, 10, 3),
            lay(turn, 8, 3),
            TrackEdit::CloseLap,
        ],
    );
    let track = draw(track.clone(), &[grid_of(&track, 0, 40)]);
    assert_same_track(&track, &samples::thunder_oval().expect("thunder oval"));
}

fn oval() -> Track {
    samples::oval().expect("oval")
}

fn links_into(track: &Track, to: SpaceRef) -> usize {
    track.spaces().filter(|(_, s)| s.next.contains(&to)).count()
}

#[test]
fn removing_a_sector_renumbers_and_links_across_the_gap() {
    let mut track = oval();
    let chute_before = track.chute.expect("chute").beside;
    TrackEdit::RemoveSectors {
        section: roadwright::content::track::Section::Lap,
        sectors: vec![5, 6],
    }
    .apply(&mut track)
    .expect("remove");
    assert_eq!(track.sectors.len(), 38);
    assert_eq!(
        track.space(SpaceRef::lap(4, 0)).expect("4.0").next,
        [SpaceRef::lap(5, 0)],
        "sector 4 now links into what was sector 7"
    );
    assert_eq!(
        track.chute.expect("chute").beside,
        SpaceRef::lap(chute_before.sector - 2, chute_before.lane),
        "the chute followed its space"
    );
    assert!(
        track
            .grid
            .iter()
            .all(|slot| track.space(slot.space).is_some())
    );
    assert_eq!(
        track.grid.len(),
        32,
        "the grid slots on removed sectors went with them"
    );
}

#[test]
fn inserting_a_sector_puts_a_linked_copy_ahead() {
    let mut track = oval();
    TrackEdit::InsertSector { after: 39 }
        .apply(&mut track)
        .expect("insert");
    assert_eq!(track.sectors.len(), 41);
    assert_eq!(
        track.sectors[40].spaces.len(),
        track.sectors[39].spaces.len()
    );
    assert_eq!(
        links_into(&track, SpaceRef::lap(40, 0)),
        1,
        "39.0 links into the copy"
    );
    assert!(
        track.sectors[40]
            .spaces
            .iter()
            .all(|s| s.next.iter().all(|to| to.sector == 0)),
        "the copy closes the lap"
    );
}

#[test]
fn moving_the_finish_line_renumbers_the_lap() {
    let mut track = oval();
    let old_ten = track.sectors[10].clone();
    TrackEdit::SetFinishLine { sector: 10 }
        .apply(&mut track)
        .expect("finish line");
    assert_eq!(
        track.sectors[0].spaces[0],
        Space {
            next: track.sectors[0].spaces[0].next.clone(),
            ..old_ten.spaces[0].clone()
        }
    );
    assert_eq!(
        track.space(SpaceRef::lap(39, 0)).expect("39.0").next,
        [SpaceRef::lap(0, 0)],
        "old sector 9 is now 39 and crosses the line into 0"
    );
    assert_eq!(
        track.chute.expect("chute").beside.sector,
        2,
        "old 12 is now 2"
    );
}

#[test]
fn painting_a_trough_relinks_the_sector_before_around_it() {
    let mut track = oval();
    TrackEdit::SetTerrain {
        spaces: vec![SpaceRef::lap(1, 1)],
        terrain: TerrainId::trough(),
    }
    .apply(&mut track)
    .expect("paint");
    assert_eq!(
        track.space(SpaceRef::lap(1, 1)).expect("1.1").terrain,
        TerrainId::trough()
    );
    assert!(
        !track
            .space(SpaceRef::lap(0, 1))
            .expect("0.1")
            .next
            .contains(&SpaceRef::lap(1, 1)),
        "no forward link enters a trough (7.14)"
    );
    assert!(
        track
            .space(SpaceRef::lap(1, 1))
            .expect("1.1")
            .next
            .is_empty()
    );
}

#[test]
fn links_are_added_and_removed_and_bad_ones_refused_without_change() {
    let mut track = oval();
    let before = track.clone();
    let (from, to) = (SpaceRef::lap(0, 0), SpaceRef::lap(1, 1));
    TrackEdit::AddLink { from, to }
        .apply(&mut track)
        .expect("add");
    assert_eq!(
        track.space(from).expect("0.0").next,
        [SpaceRef::lap(1, 0), to]
    );
    assert!(matches!(
        TrackEdit::AddLink { from, to }.apply(&mut track),
        Err(TrackEditError::Link(_))
    ));
    TrackEdit::RemoveLink { from, to }
        .apply(&mut track)
        .expect("remove");
    assert_eq!(track, before);
    assert_eq!(
        TrackEdit::AddLink {
            from,
            to: SpaceRef::lap(99, 0)
        }
        .apply(&mut track),
        Err(TrackEditError::NoSuchSpace(SpaceRef::lap(99, 0)))
    );
    assert_eq!(track, before, "a refused edit changes nothing");
}

#[test]
fn a_stretch_is_moved_and_rotated_about_its_centre() {
    let mut track = oval();
    let spaces: Vec<SpaceRef> = (0..4).map(|lane| SpaceRef::lap(0, lane)).collect();
    let before: Vec<(f32, f32, f32)> = spaces
        .iter()
        .map(|&at| {
            track
                .space(at)
                .map(|s| (s.x, s.y, s.heading))
                .expect("space")
        })
        .collect();
    TrackEdit::Translate {
        spaces: spaces.clone(),
        dx: 2.0,
        dy: -1.0,
    }
    .apply(&mut track)
    .expect("move");
    let moved = track.space(spaces[0]).expect("space");
    assert_eq!((moved.x, moved.y), (before[0].0 + 2.0, before[0].1 - 1.0));
    TrackEdit::Rotate {
        spaces: spaces.clone(),
        degrees: 90.0,
    }
    .apply(&mut track)
    .expect("rotate");
    let turned = track.space(spaces[0]).expect("space");
    assert!((turned.heading - (before[0].2 + 90.0)).abs() < 1e-4);
    // Four lanes across a heading of 0 lie on a vertical line; turned 90° they lie on a horizontal one.
    let ys: Vec<f32> = spaces
        .iter()
        .map(|&at| track.space(at).expect("s").y)
        .collect();
    assert!(ys.iter().all(|y| (y - ys[0]).abs() < 1e-4), "{ys:?}");
}

#[test]
fn the_grid_is_numbered_from_the_front_and_the_chute_sits_on_an_edge() {
    let mut track = oval();
    let spaces = vec![
        SpaceRef::lap(2, 1),
        SpaceRef::lap(3, 0),
        SpaceRef::lap(2, 0),
    ];
    TrackEdit::NumberGrid { spaces }
        .apply(&mut track)
        .expect("grid");
    let order: Vec<(u32, String)> = track
        .grid
        .iter()
        .map(|slot| (slot.position, slot.space.to_string()))
        .collect();
    assert_eq!(
        order,
        [
            (1, "3.0".to_owned()),
            (2, "2.0".to_owned()),
            (3, "2.1".to_owned())
        ]
    );
    assert_eq!(
        chute_beside(&track, SpaceRef::lap(0, 1)),
        None,
        "a middle lane has no side"
    );
    assert_eq!(
        chute_beside(&track, SpaceRef::lap(0, 3)).map(|c| c.side),
        Some(LaneSide::Outside)
    );
    TrackEdit::AddCrossover(CrossoverPair(SpaceRef::lap(0, 0), SpaceRef::lap(20, 0)))
        .apply(&mut track)
        .expect("crossover");
    TrackEdit::RemoveCrossover(SpaceRef::lap(20, 0))
        .apply(&mut track)
        .expect("remove");
    assert!(track.crossover.is_empty());
}

#[test]
fn deleting_a_selection_removes_each_sector_it_touches_once() {
    use roadwright::content::track::Section;
    use roadwright::edit::track_edit::remove_sectors_holding;
    let edits = remove_sectors_holding(&[
        SpaceRef::lap(3, 0),
        SpaceRef::lap(3, 2),
        SpaceRef::start(1, 0),
        SpaceRef::lap(5, 1),
    ]);
    assert_eq!(
        edits,
        [
            TrackEdit::RemoveSectors {
                section: Section::Start,
                sectors: vec![1]
            },
            TrackEdit::RemoveSectors {
                section: Section::Lap,
                sectors: vec![3, 5]
            },
        ]
    );
    assert!(remove_sectors_holding(&[]).is_empty());
}

/// The diagnostics about a track's links and lanes: what the stretch tools are responsible for
/// (the grid, the chute and a closed lap are the user's to add).
const LINK_CODES: &[&str] = &[
    "crossing-forks",
    "dangling-link",
    "lanes-not-contiguous",
    "lanes-out-of-order",
    "link-into-trough",
    "link-not-to-next-sector",
    "no-forward-link",
    "too-many-links",
    "trough-misplaced",
    "jump-not-three-lanes",
    "rough-not-contiguous",
];

/// Random sequences of stretches of every shape, width and length, laid as the studio lays
/// them: whatever the tools accept, the track never has a link or lane error, before and after
/// the lap is closed.
#[test]
fn stretch_tools_never_make_a_link_error() {
    use rand::{RngExt, SeedableRng};

    // An open lap's last sector has nowhere to go yet: that is the lap not being closed.
    let check = |track: &Track, what: &str, open: bool| {
        let wrong: Vec<String> = common::validate_track(track)
            .into_iter()
            .filter(|d| LINK_CODES.contains(&d.code))
            .filter(|d| !(open && d.code == "no-forward-link"))
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect();
        assert!(wrong.is_empty(), "{what}: {wrong:#?}");
    };
    let seeds: u64 = std::env::var("ROADWRIGHT_BUILDER_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    for seed in 0..seeds {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut track = blank_track("random", "Random", TrackStyle::GrandPrix);
        let mut laid = Vec::new();
        for _ in 0..rng.random_range(2..9) {
            let shape = match rng.random_range(0..5) {
                0 => StretchShape::Straight,
                1 => {
                    let degrees = [-180.0, -90.0, -45.0, 45.0, 90.0, 180.0][rng.random_range(0..6)];
                    corner(degrees, rng.random_range(2.0..8.0))
                }
                2 => StretchShape::SingleLane,
                3 => StretchShape::Rough,
                _ => StretchShape::Jump,
            };
            let edit = lay(shape, rng.random_range(1..5), rng.random_range(1..6));
            // A stretch the tools refuse (a lane forking into three) changes nothing.
            if edit.apply(&mut track).is_ok() {
                laid.push(edit);
            }
        }
        check(&track, &format!("seed {seed}: {laid:?}"), true);
        if TrackEdit::CloseLap.apply(&mut track).is_ok() {
            check(&track, &format!("seed {seed} closed: {laid:?}"), false);
        }
    }
}

/// The crossover tool may be given a pair's two stacked spaces in either order: a pair re-added
/// the other way round is stored like the others, and the figure 8 still validates.
#[test]
fn a_crossover_pair_added_the_other_way_round_is_stored_like_the_others() {
    let mut track = samples::figure_eight().expect("figure 8");
    let CrossoverPair(a, b) = track.crossover[2];
    TrackEdit::RemoveCrossover(a)
        .apply(&mut track)
        .expect("removed");
    assert_eq!(track.crossover.len(), 3);
    TrackEdit::AddCrossover(CrossoverPair(b, a))
        .apply(&mut track)
        .expect("added");
    assert!(
        track.crossover.contains(&CrossoverPair(a, b)),
        "{:?}",
        track.crossover
    );
    let diagnostics = common::validate_track(&track);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
}

/// A stadium of three lanes whose first straight is ten sectors long and its second `second`:
/// the lap's end lies on the line of its start, short of it, on it or past it.
fn stadium(second: u32) -> Track {
    let radius = radius_for(5, 180.0);
    draw(
        blank_track("stadium", "Stadium", TrackStyle::ApocalypseRoad),
        &[
            lay(StretchShape::Straight, 10, 3),
            lay(corner(180.0, radius), 5, 3),
            lay(StretchShape::Straight, second, 3),
            lay(corner(180.0, radius), 5, 3),
        ],
    )
}

/// The errors of a lap laid with the tools, but for the grid and the chute (laid later) and
/// the codes `allowed`.
fn lap_errors(track: &Track, allowed: &[&str]) -> Vec<String> {
    common::validate_track(track)
        .iter()
        .filter(|d| d.severity == roadwright::validate::Severity::Error)
        .filter(|d| !["grid-too-small", "chute-missing"].contains(&d.code))
        .filter(|d| !allowed.contains(&d.code))
        .map(ToString::to_string)
        .collect()
}

/// Closing a lap that ends on its start's line but short of it lays a closing straight that
/// meets the start exactly; one that runs past its start loses that much of its last straight
/// heading the start's way (refused, unchanged, with how far, when it has none); one that ends
/// on its start is only linked.
#[test]
fn closing_the_lap_meets_its_start() {
    let short = stadium(14);
    let closed = draw(short.clone(), &[TrackEdit::CloseLap]);
    assert_eq!(
        closed.sectors.len(),
        short.sectors.len() + 4,
        "four closing sectors fill the four spaces left"
    );
    let last = closed.sectors.last().expect("sectors");
    let first = &closed.sectors[0];
    for (a, b) in last.spaces.iter().zip(&first.spaces) {
        let length = a.size.map_or(closed.space_size.length, |s| s.length);
        assert!(
            (a.x + length - b.x).abs() < 0.01 && (a.y - b.y).abs() < 0.01,
            "the last space ends where the first begins: {a:?} then {b:?}"
        );
        assert!(a.next.contains(&SpaceRef::lap(0, b.lane)), "linked: {a:?}");
    }
    let errors = lap_errors(&closed, &[]);
    assert!(errors.is_empty(), "a sound lap: {errors:?}");

    // Past its start by three spaces: the first straight (the one heading as the start does)
    // loses three sectors and the rest of the lap moves back to meet the start.
    let long = stadium(7);
    let closed = draw(long.clone(), &[TrackEdit::CloseLap]);
    assert_eq!(
        closed.sectors.len(),
        long.sectors.len() - 3,
        "three sectors fewer"
    );
    let last = closed.sectors.last().expect("sectors");
    for (a, b) in last.spaces.iter().zip(&closed.sectors[0].spaces) {
        assert!(a.next.contains(&SpaceRef::lap(0, b.lane)), "linked: {a:?}");
    }
    let errors = lap_errors(&closed, &[]);
    assert!(errors.is_empty(), "a sound lap: {errors:?}");
    let end = {
        let mut builder = roadwright::stretch::TrackBuilder::resume(
            closed.clone(),
            Inside::Right,
            (0.0, 0.0),
            0.0,
        );
        builder.straight(1, 3).expect("lays");
        let track = builder.build();
        let probe = track.sectors.last().expect("probe").spaces[0].clone();
        (probe.x, probe.y)
    };
    let first = &closed.sectors[0].spaces[0];
    assert!(
        (end.0 - first.x).abs() < 0.01 && (end.1 - first.y).abs() < 0.01,
        "the lap now ends where it starts: a sector laid after it lands on sector 0 ({end:?} vs {first:?})"
    );

    // A lap with no straight long enough to shorten is refused, unchanged, saying by how much.
    let radius = radius_for(5, 180.0);
    let tight = draw(
        blank_track("tight", "Tight", TrackStyle::ApocalypseRoad),
        &[
            lay(StretchShape::Straight, 1, 3),
            lay(corner(180.0, radius), 5, 3),
            lay(corner(180.0, radius), 5, 3),
        ],
    );
    let mut refused = tight.clone();
    let error = TrackEdit::CloseLap
        .apply(&mut refused)
        .expect_err("runs past its start");
    assert!(
        error.to_string().contains("1.0 spaces past its start"),
        "{error}"
    );
    assert_eq!(refused, tight, "nothing changed");

    let exact = draw(stadium(10), &[TrackEdit::CloseLap]);
    assert_eq!(exact.sectors.len(), 30, "only linked");
}

/// A copied stretch pasted at the end of the lap carries on from where the lap ends: pasting a
/// corner after that same corner draws what laying the corner twice draws, links and all; a
/// jump keeps its trough. Sectors that are not one run cannot be copied.
#[test]
fn a_copied_stretch_is_pasted_at_the_end_of_the_lap() {
    let blank = || blank_track("paste", "Paste", TrackStyle::ApocalypseRoad);
    let radius = radius_for(3, 90.0);
    let start = [
        lay(StretchShape::Straight, 4, 3),
        lay(corner(90.0, radius), 3, 3),
    ];
    let laid_twice = draw(
        blank(),
        &[&start[..], &[lay(corner(90.0, radius), 3, 3)]].concat(),
    );
    let once = draw(blank(), &start);
    let copied: Vec<SpaceRef> = (4..=6).map(|sector| SpaceRef::lap(sector, 1)).collect();
    let sectors = roadwright::stretch::copy_sectors(&once, &copied).expect("one run");
    assert_eq!(sectors.len(), 3);
    let pasted = draw(once, &[TrackEdit::PasteSectors { sectors }]);
    assert_same_track(&pasted, &laid_twice);

    let with_jump = draw(
        blank(),
        &[
            lay(StretchShape::Straight, 2, 3),
            lay(StretchShape::Jump, 2, 3),
            lay(StretchShape::Straight, 2, 3),
        ],
    );
    let jump =
        roadwright::stretch::copy_sectors(&with_jump, &[SpaceRef::lap(2, 0), SpaceRef::lap(3, 2)])
            .expect("one run");
    let pasted = draw(with_jump, &[TrackEdit::PasteSectors { sectors: jump }]);
    assert_eq!(pasted.sectors.len(), 8);
    for sector in &pasted.sectors[6..8] {
        assert_eq!(
            sector
                .spaces
                .iter()
                .map(|s| s.terrain.clone())
                .collect::<Vec<_>>(),
            [TerrainId::jump(), TerrainId::trough(), TerrainId::jump()],
            "the jump pasted with its trough"
        );
    }
    let errors = lap_errors(&pasted, &["lap-not-closed"]);
    assert!(errors.is_empty(), "links the checks accept: {errors:?}");

    assert!(
        roadwright::stretch::copy_sectors(&pasted, &[SpaceRef::lap(0, 0), SpaceRef::lap(2, 0)])
            .is_none(),
        "sectors 0 and 2 are not one run"
    );
}

/// A closed lap's last sector runs into the finish line: a stretch or pasted sectors laid after
/// it would fork the road there, so both are refused and the track is unchanged.
#[test]
fn nothing_is_laid_after_a_closed_lap() {
    let oval = samples::oval().expect("oval");
    assert!(oval.lap_is_closed());
    for edit in [
        lay(StretchShape::Straight, 2, 3),
        TrackEdit::PasteSectors {
            sectors: oval.sectors[..2].to_vec(),
        },
    ] {
        let mut track = oval.clone();
        assert_eq!(edit.apply(&mut track), Err(TrackEditError::LapClosed));
        assert_eq!(track, oval);
    }
}

/// A lap whose end lies three lanes beside its start's line and four spaces short of it is not
/// closed with long links across the gap: Close the lap refuses, unchanged, saying how far off
/// the end is. A closed lap reopens (its closing links go, its sectors stay) and takes more
/// track after it.
#[test]
fn a_lap_ending_off_its_start_is_not_closed_across_the_gap_and_a_closed_lap_reopens() {
    let radius = radius_for(5, 180.0);
    let size = blank_track("g", "G", TrackStyle::ApocalypseRoad).space_size;
    let off = draw(
        blank_track("gap", "Gap", TrackStyle::ApocalypseRoad),
        &[
            lay(StretchShape::Straight, 6, 3),
            lay(corner(180.0, radius), 5, 3),
            lay(StretchShape::Straight, 10, 3),
            // A wider second half-turn: the end comes back three lanes beside the start's line.
            lay(corner(180.0, radius + 1.5 * size.width), 5, 3),
        ],
    );
    let mut refused = off.clone();
    let error = TrackEdit::CloseLap
        .apply(&mut refused)
        .expect_err("three lanes off its start");
    let TrackEditError::Build(roadwright::stretch::BuildError::Gap { ahead, aside, turn }) = error
    else {
        panic!("refused for another reason: {error}");
    };
    assert_eq!(
        (ahead, aside.abs(), turn),
        (40, 30, 0),
        "four spaces short, three lanes beside, heading the start's way"
    );
    assert!(
        error
            .to_string()
            .contains("4 spaces short of its start, 3 lanes beside"),
        "{error}"
    );
    assert_eq!(refused, off, "nothing changed");

    // A closed lap reopens: the closing links go and nothing else; a stretch then lays on.
    let closed = draw(stadium(10), &[TrackEdit::CloseLap]);
    let reopened = draw(closed.clone(), &[TrackEdit::ReopenLap]);
    assert!(closed.lap_is_closed() && !reopened.lap_is_closed());
    assert_eq!(
        reopened.sectors.len(),
        closed.sectors.len(),
        "no sector removed"
    );
    assert_eq!(
        reopened.sectors[..closed.sectors.len() - 1],
        closed.sectors[..closed.sectors.len() - 1],
        "only the last sector's links changed"
    );
    assert_eq!(
        TrackEdit::ReopenLap.apply(&mut reopened.clone()),
        Err(TrackEditError::LapOpen),
        "an open lap has nothing to reopen"
    );
    let longer = draw(reopened, &[lay(StretchShape::Straight, 2, 3)]);
    assert_eq!(longer.sectors.len(), closed.sectors.len() + 2);
}

/// Inserting a sector on the figure-eight makes room for it: the sectors after it move one
/// sector's step on (a shift on a straight, a turn on a corner), so the copy is drawn on no
/// other space, it sits from the next sector as its source sat, and the crossover is found
/// again where the roads now cross.
#[test]
fn inserting_a_sector_moves_what_follows_one_space_on() {
    let before = samples::figure_eight().expect("figure eight");
    let nearest_allowed = |space: &Space| {
        let size = space.size.unwrap_or(before.space_size);
        0.9 * size.length.min(size.width)
    };
    let apart = |a: &Space, b: &Space| (a.x - b.x).hypot(a.y - b.y);
    for after in [2, 10, 25] {
        let mut track = before.clone();
        TrackEdit::InsertSector { after }
            .apply(&mut track)
            .expect("insert");
        assert_eq!(track.sectors.len(), before.sectors.len() + 1);
        let new = after as usize + 1;
        for (lane, space) in track.sectors[new].spaces.iter().enumerate() {
            let (nearest, at) = track
                .spaces()
                .filter(|(at, _)| *at != SpaceRef::lap(new as u32, lane as u8))
                .map(|(at, other)| (apart(space, other), at))
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .expect("other spaces");
            assert!(
                nearest > nearest_allowed(space),
                "after {after}: the new space {new}.{lane} is drawn {nearest:.2} from {at}"
            );
            // The new sector is as far from the next one as its source was.
            let (Some(next), Some(source), Some(old_next)) = (
                track.sectors[new + 1].spaces.get(lane),
                before.sectors[after as usize].spaces.get(lane),
                before.sectors[new].spaces.get(lane),
            ) else {
                continue;
            };
            assert!(
                (apart(space, next) - apart(source, old_next)).abs() < 0.02,
                "after {after}: lane {lane}'s link out of the new sector is {:.3} long, was {:.3}",
                apart(space, next),
                apart(source, old_next)
            );
        }
        assert!(
            track
                .crossover
                .iter()
                .all(|pair| track.pair_is_stacked(*pair)),
            "after {after}: the crossover is where the roads are drawn crossing"
        );
    }
}

/// Making a closed lap point to point opens it (its last sector becomes the run-off) and
/// nothing else; Close the lap is then refused with the reason, and making it a lap again
/// leaves it open to be closed.
#[test]
fn a_closed_lap_made_point_to_point_is_opened_and_cannot_be_closed_until_it_is_a_lap_again() {
    use roadwright::content::track::Route;
    let closed = draw(stadium(10), &[TrackEdit::CloseLap]);
    let run = draw(closed.clone(), &[TrackEdit::SetRoute(Route::PointToPoint)]);
    assert!(run.point_to_point() && !run.lap_is_closed());
    assert_eq!(
        run.sectors[..closed.sectors.len() - 1],
        closed.sectors[..closed.sectors.len() - 1],
        "only the last sector's links changed"
    );
    let refused = TrackEdit::CloseLap.apply(&mut run.clone());
    assert_eq!(refused, Err(TrackEditError::PointToPoint));
    assert!(
        refused
            .expect_err("refused")
            .to_string()
            .contains("point to point")
    );
    let lap = draw(run, &[TrackEdit::SetRoute(Route::Lap), TrackEdit::CloseLap]);
    assert_eq!(lap, closed, "a lap again, closed as before");
}
