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

#[test]
fn a_pile_draws_a_course_that_closes_the_same_for_the_same_seed() {
    let pile = course(Layout::Pile {
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
        length: 8,
    });
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
