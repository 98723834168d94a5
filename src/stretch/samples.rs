//! The four sample tracks, written as builder programs. `roadwright new-track` writes them,
//! and `tracks/` holds their output.
//!
//! Geometry is worked out so each lap closes exactly: an oval's two straights are equal, a
//! road course's opposite legs are equal, and the figure 8's lobes have radius equal to the
//! distance from the crossing to the lobe, so the return stretch passes through the crossing.

use super::{BuildError, Inside, TrackBuilder};
use crate::content::race_deck::LaneSide;
use crate::content::track::{Track, TrackStyle};

/// The names `roadwright new-track` accepts, with what each is.
pub const SAMPLES: [(&str, &str); 4] = [
    (
        "oval",
        "a 40-sector oval with converging corners and a jump section with its trough",
    ),
    (
        "road-course",
        "a 44-sector road course with rough sections and a single-lane stretch",
    ),
    (
        "figure-eight",
        "a 40-sector figure 8 with a four-space crossover and a separate starting section",
    ),
    (
        "thunder-oval",
        "a 36-sector Thunder Alley style oval, no terrain, cars lined up ahead of the finish line",
    ),
];

/// Builds a sample track by name.
#[must_use]
pub fn sample(name: &str) -> Option<Result<Track, BuildError>> {
    Some(match name {
        "oval" => oval(),
        "road-course" => road_course(),
        "figure-eight" => figure_eight(),
        "thunder-oval" => thunder_oval(),
        _ => return None,
    })
}

/// A builder at the origin heading east, lane 0 on the right: a track driven clockwise on
/// screen, as every sample but the figure 8 starts.
fn at_origin(id: &str, name: &str, style: TrackStyle) -> TrackBuilder {
    TrackBuilder::new(id, name, style, Inside::Right, (0.0, 0.0), 0.0)
}

/// The arc radius that makes `sectors` sectors of length 1 turn `degrees`.
fn radius_for(sectors: u32, degrees: f32) -> f32 {
    sectors as f32 / degrees.abs().to_radians()
}

/// Dust Bowl: a 40-sector oval. Four-lane straights converge to three lanes in the corners; the
/// back straight holds a three-sector jump section with its trough.
pub fn oval() -> Result<Track, BuildError> {
    let corner = radius_for(10, 180.0);
    let mut builder = at_origin("dust-bowl", "Dust Bowl Oval", TrackStyle::ApocalypseRoad);
    builder
        .straight(10, 4)?
        .corner(10, 3, 180.0, corner)?
        .straight(2, 3)?
        .jump(3)?
        .straight(5, 4)?
        .corner(10, 3, 180.0, corner)?
        .close()?
        .grid(0, 40)?
        .chute(12, LaneSide::Outside)?;
    Ok(builder.build())
}

/// Quarry Run: a 44-sector road course of four right-angle corners, with a rough south leg, a
/// rough patch on the north leg, and a single-lane stretch on the west leg.
pub fn road_course() -> Result<Track, BuildError> {
    let corner = radius_for(4, 90.0);
    let mut builder = at_origin(
        "quarry-run",
        "Quarry Run Road Course",
        TrackStyle::ApocalypseRoad,
    );
    builder
        .straight(10, 4)?
        .corner(4, 3, 90.0, corner)?
        .rough(4, 3)?
        .corner(4, 2, 90.0, corner)?
        .single_lane(3)?
        .straight(3, 2)?
        .straight(4, 3)?
        .corner(4, 3, 90.0, corner)?
        .rough(2, 3)?
        .straight(2, 3)?
        .corner(4, 3, 90.0, corner)?
        .close()?
        .grid(0, 40)?
        .chute(10, LaneSide::Outside)?;
    Ok(builder.build())
}

/// Essendarium Eight: a 40-sector figure 8. The east-bound stretch (sectors 0-1) and the
/// south-bound stretch (sectors 20-21) share four crossover spaces; each lobe turns 270° on
/// three lanes. The grid is on a separate four-lane starting section that joins the lower lobe.
pub fn figure_eight() -> Result<Track, BuildError> {
    let lobe = 3.0;
    let mut builder = TrackBuilder::new(
        "essendarium-eight",
        "Essendarium Eight",
        TrackStyle::ApocalypseRoad,
        Inside::Right,
        (-1.0, 0.0),
        0.0,
    );
    builder
        .straight(2, 2)?
        .straight(2, 2)?
        .corner(14, 3, -270.0, lobe)?
        .straight(2, 2)?
        .straight(2, 2)?
        .straight(2, 2)?
        .corner(14, 3, 270.0, lobe)?
        .straight(2, 2)?
        .close()?
        .starting_section(10, 4, (10.0, 8.5), 180.0, 29)?
        .chute(10, LaneSide::Outside)?;
    builder.detect_crossover();
    Ok(builder.build())
}

/// Thunder Oval: a 36-sector, three-lane Thunder Alley style oval with no terrain. Its grid is
/// lined up ahead of the finish line as rule 3.0 says for such tracks, and it has no chute:
/// there the chute is the space just past the finish line.
pub fn thunder_oval() -> Result<Track, BuildError> {
    let corner = radius_for(8, 180.0);
    let mut builder = at_origin("thunder-oval", "Thunder Oval", TrackStyle::ThunderAlley);
    builder
        .plain_oval(10, 8, 3, corner)?
        .grid_ahead_of_finish(40)?;
    Ok(builder.build())
}

/// A generated oval of about `spaces` spaces on four lanes (two long straights, two 10-sector
/// corners), for stress tests and benchmarks of big tracks.
pub fn generated_oval(spaces: u32) -> Result<Track, BuildError> {
    let corner_spaces = 2 * 10 * 4;
    let straight = (spaces.saturating_sub(corner_spaces) / 8).max(11);
    let radius = radius_for(10, 180.0) * 1.5;
    let mut builder = at_origin(
        "generated-oval",
        "Generated oval",
        TrackStyle::ApocalypseRoad,
    );
    builder
        .plain_oval(straight, 10, 4, radius)?
        .grid(0, 40)?
        .chute(5, LaneSide::Outside)?;
    Ok(builder.build())
}
