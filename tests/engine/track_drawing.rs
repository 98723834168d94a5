//! The drawing is the data: tracks whose graph is sound but whose picture is wrong get warnings
//! that point at the spaces (spaces on top of each other, links much longer than a space or
//! drawn across one, a lap crossing itself with no crossover); the samples get none.

use crate::common;

use roadwright::content::track::{SpaceRef, Track};
use roadwright::edit::TrackEdit;
use roadwright::stretch::samples;
use roadwright::validate::{Diagnostic, Severity};

/// The drawing warnings a track gets, as (code, space).
fn drawing_warnings(track: &Track) -> Vec<(&'static str, Option<SpaceRef>)> {
    common::validate_track(track)
        .iter()
        .filter(|d| {
            [
                "space-overlap",
                "link-long",
                "link-over-space",
                "lap-crosses-itself",
            ]
            .contains(&d.code)
        })
        .inspect(|d| assert_eq!(d.severity, Severity::Warning, "{}", d.message))
        .map(|d: &Diagnostic| {
            let space = match d.location.object {
                Some(roadwright::validate::ObjectRef::Space { space }) => Some(space),
                _ => None,
            };
            (d.code, space)
        })
        .collect()
}

fn move_space(track: &mut Track, at: SpaceRef, x: f32, y: f32) {
    let space = track.sectors[at.sector as usize]
        .spaces
        .iter_mut()
        .find(|s| s.lane == at.lane)
        .expect("space");
    space.x = x;
    space.y = y;
}

fn position(track: &Track, at: SpaceRef) -> (f32, f32) {
    let space = track.space(at).expect("space");
    (space.x, space.y)
}

#[test]
fn the_samples_draw_what_they_play() {
    for name in ["oval", "road-course", "figure-eight", "thunder-oval"] {
        let track = samples::sample(name).expect("sample").expect("builds");
        assert_eq!(drawing_warnings(&track), [], "{name}");
    }
}

/// A space drawn on top of its neighbour is reported at it; a crossover pair, drawn on one spot
/// by design, is not (the figure 8 draws clean).
#[test]
fn spaces_drawn_on_top_of_each_other_are_a_warning() {
    let mut track = samples::oval().expect("oval");
    let (x, y) = position(&track, SpaceRef::lap(6, 1));
    move_space(&mut track, SpaceRef::lap(5, 1), x + 0.1, y);
    let found = drawing_warnings(&track);
    assert!(
        found.contains(&("space-overlap", Some(SpaceRef::lap(5, 1)))),
        "{found:?}"
    );
    let eight = samples::figure_eight().expect("figure eight");
    assert!(!eight.crossover.is_empty());
    assert!(
        drawing_warnings(&eight)
            .iter()
            .all(|(code, _)| *code != "space-overlap")
    );
}

/// A link that skips four sectors of the oval's far corner is drawn five spaces long: one
/// warning, naming it and its length.
#[test]
fn a_link_much_longer_than_a_space_is_a_warning() {
    let mut track = samples::oval().expect("oval");
    // Sector 20 linked straight into sector 25 skips four sectors of the far corner.
    TrackEdit::AddLink {
        from: SpaceRef::lap(20, 0),
        to: SpaceRef::lap(25, 0),
    }
    .apply(&mut track)
    .expect("link");
    let common = common::validate_track(&track);
    let long: Vec<_> = common.iter().filter(|d| d.code == "link-long").collect();
    assert_eq!(long.len(), 1, "{common:#?}");
    assert!(
        long[0].message.contains("link 20.0 -> 25.0 is drawn")
            && long[0].message.contains("spaces long"),
        "{}",
        long[0].message
    );
}

/// A space moved onto the middle of a link between two others is reported: the board would
/// show a way through it.
#[test]
fn a_link_drawn_across_another_space_is_a_warning() {
    let mut track = samples::oval().expect("oval");
    let (a, b) = (
        position(&track, SpaceRef::lap(3, 1)),
        position(&track, SpaceRef::lap(4, 1)),
    );
    // Beside the middle of the link 3.1 -> 4.1, a fifth of a space off it: no overlap with
    // either end, but the link runs through it.
    let (mx, my) = (f32::midpoint(a.0, b.0), f32::midpoint(a.1, b.1));
    let (length, ux, uy) = {
        let l = (b.0 - a.0).hypot(b.1 - a.1);
        (l, (b.0 - a.0) / l, (b.1 - a.1) / l)
    };
    assert!(length > 0.9);
    move_space(
        &mut track,
        SpaceRef::lap(20, 2),
        mx - uy * 0.2,
        my + ux * 0.2,
    );
    let found = drawing_warnings(&track);
    assert!(
        found.contains(&("link-over-space", Some(SpaceRef::lap(3, 1)))),
        "{found:?}"
    );
}

/// The figure 8's roads cross at its crossover and nowhere else: no warning. Moved half a
/// space along, with its crossover removed, they still cross, but off the grid of spaces and
/// with nothing declared there: a warning names the sectors.
#[test]
fn a_lap_crossing_itself_away_from_a_crossover_is_a_warning() {
    let mut track = samples::figure_eight().expect("figure eight");
    assert_eq!(drawing_warnings(&track), []);
    track.crossover.clear();
    // The second road of the crossing is the straight of sectors 18-23.
    for sector in &mut track.sectors[18..=23] {
        for space in &mut sector.spaces {
            let radians = space.heading.to_radians();
            space.x += radians.cos() * 0.5;
            space.y += radians.sin() * 0.5;
        }
    }
    let found = drawing_warnings(&track);
    assert!(
        found.iter().any(|(code, _)| *code == "lap-crosses-itself"),
        "{found:?}"
    );
    let message = common::validate_track(&track)
        .into_iter()
        .find(|d| d.code == "lap-crosses-itself")
        .expect("found")
        .message;
    assert!(
        message.contains("the lap crosses itself between sectors"),
        "{message}"
    );
}

/// Closing the gap lap of the editing tests by hand-made links is what Close the lap now
/// refuses; a file that does it anyway gets the long-link warning at each closing link.
#[test]
fn a_hand_closed_gap_is_reported_link_by_link() {
    let mut track = samples::oval().expect("oval");
    // Open the lap, then pull the last sector three lanes aside and four spaces back.
    TrackEdit::ReopenLap.apply(&mut track).expect("reopen");
    let last = track.sectors.len() - 1;
    for space in &mut track.sectors[last].spaces {
        let radians = space.heading.to_radians();
        space.x -= radians.cos() * 4.0 + radians.sin() * 3.0;
        space.y -= radians.sin() * 4.0 - radians.cos() * 3.0;
    }
    for lane in 0..track.sectors[last].spaces.len() as u8 {
        let to = SpaceRef::lap(0, lane.min(track.sectors[0].spaces.len() as u8 - 1));
        track.sectors[last]
            .spaces
            .iter_mut()
            .find(|s| s.lane == lane)
            .expect("space")
            .next = vec![to];
    }
    let long: Vec<_> = drawing_warnings(&track)
        .into_iter()
        .filter(|(code, _)| *code == "link-long")
        .collect();
    assert!(
        long.iter()
            .any(|(_, at)| at.is_some_and(|at| at.sector as usize == last)),
        "{long:?}"
    );
}
