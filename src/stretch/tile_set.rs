//! The standard tile set: twenty-one tiles cut from the sample tracks ([`super::samples`]) and from
//! short tracks laid with the same stretches, written to `tiles/` by `roadwright course tiles`.
//!
//! The pieces a course of this family is made of join each other freely: every tile's edges
//! have two to four lanes (a lane forks into at most two), the straights and the 90° corners
//! are four sectors long, and the starting tile twelve, so that a loop of them closes when its
//! opposite legs are equally long. The figure 8's pieces (its two lobes, the short link and the
//! crossover's two halves) are cut from the Essendarium Eight as they are drawn there. The two
//! hairpins turn the road back on itself in eight sectors, so that a short course (Rush 'n
//! Crush's four or five tiles) closes: the start, a hairpin, twelve sectors of straights and a
//! hairpin (`start, hairpin-right, straight-8, straight-4, hairpin-right`). The two bends turn
//! a gentler 45° in four sectors on four lanes, for courses that wander. The short starting
//! tile holds a 12-car grid in four sectors, for a pack whose rulesets seat no more (a track
//! must hold the largest field of its pack's rulesets): with it, `start-short, straight-4,
//! hairpin-right, straight-8, hairpin-right` closes in five tiles.

use std::ops::Range;

use super::samples::{figure_eight, oval, road_course};
use super::{BuildError, Inside, TrackBuilder};
use crate::content::race_deck::LaneSide;
use crate::content::text::Id;
use crate::content::tile::Tile;
use crate::content::track::{Section, SpaceRef, Track, TrackStyle};

/// The ids of the standard tiles, with what each is.
pub const TILE_SET: [(&str, &str); 21] = [
    (
        "start",
        "the starting tile: twelve sectors of four lanes, the 40-car grid and the chute",
    ),
    ("straight-2", "a straight of four sectors on two lanes"),
    (
        "straight-3",
        "a straight of four sectors on three lanes (Quarry Run's east leg)",
    ),
    (
        "straight-4",
        "a straight of four sectors on four lanes (Dust Bowl's back straight)",
    ),
    (
        "corner-right",
        "a 90° right-hand corner of four sectors on three lanes (Quarry Run's first corner)",
    ),
    (
        "corner-left",
        "a 90° left-hand corner of four sectors on three lanes",
    ),
    ("merge", "four lanes merging to two: two sectors of each"),
    ("split", "two lanes splitting to four: two sectors of each"),
    (
        "rough",
        "four rough sectors on three lanes, no lane changes (Quarry Run's south leg)",
    ),
    (
        "jump",
        "a jump section with its trough, then a sector of four lanes (Dust Bowl's jump)",
    ),
    (
        "lobe-left",
        "a 270° left-hand lobe of fourteen sectors on three lanes (the Essendarium Eight's)",
    ),
    (
        "lobe-right",
        "a 270° right-hand lobe of fourteen sectors on three lanes (the Essendarium Eight's)",
    ),
    (
        "link-2",
        "two sectors of two lanes between a lobe and the crossover",
    ),
    (
        "crossover-a",
        "the east-bound half of the crossover: laid across `crossover-b`",
    ),
    (
        "crossover-b",
        "the south-bound half of the crossover: laid across `crossover-a`",
    ),
    (
        "hairpin-right",
        "a 180° right-hand hairpin of eight sectors on four lanes (a short course's turn)",
    ),
    (
        "hairpin-left",
        "a 180° left-hand hairpin of eight sectors on four lanes",
    ),
    (
        "straight-8",
        "a straight of eight sectors on four lanes (with a straight-4, a short course's leg)",
    ),
    (
        "bend-right",
        "a gentle 45° right-hand bend of four sectors on four lanes",
    ),
    (
        "bend-left",
        "a gentle 45° left-hand bend of four sectors on four lanes",
    ),
    (
        "start-short",
        "a short starting tile: four sectors of four lanes, a 12-car grid and the chute (for a \
         pack whose rulesets seat at most 12 cars)",
    ),
];

/// The standard tiles, in the order of [`TILE_SET`].
pub fn standard_tiles() -> Result<Vec<Tile>, BuildError> {
    let dust_bowl = oval()?;
    let quarry = road_course()?;
    let eight = figure_eight()?;
    let corner = 4.0 / 90f32.to_radians();
    let laid = |lay: &dyn Fn(&mut TrackBuilder) -> Result<(), BuildError>| {
        let mut builder = TrackBuilder::new(
            "tile",
            "tile",
            TrackStyle::ApocalypseRoad,
            Inside::Right,
            (0.0, 0.0),
            0.0,
        );
        lay(&mut builder)?;
        Ok::<Track, BuildError>(builder.build())
    };
    let start = laid(&|b| {
        b.straight(12, 4)?
            .grid(0, 40)?
            .chute(11, LaneSide::Outside)?;
        Ok(())
    })?;
    let whole = |track: &Track| 0..u32::try_from(track.sectors.len()).unwrap_or(0);
    let straight_2 = laid(&|b| b.straight(4, 2).map(drop))?;
    let corner_left = laid(&|b| b.corner(4, 3, -90.0, corner).map(drop))?;
    let merge = laid(&|b| b.straight(2, 4)?.straight(2, 2).map(drop))?;
    let split = laid(&|b| b.straight(2, 2)?.straight(2, 4).map(drop))?;
    let hairpin_right = laid(&|b| b.corner(8, 4, 180.0, corner).map(drop))?;
    let hairpin_left = laid(&|b| b.corner(8, 4, -180.0, corner).map(drop))?;
    let straight_8 = laid(&|b| b.straight(8, 4).map(drop))?;
    let bend = 4.0 / 45f32.to_radians();
    let bend_right = laid(&|b| b.corner(4, 4, 45.0, bend).map(drop))?;
    let bend_left = laid(&|b| b.corner(4, 4, -45.0, bend).map(drop))?;
    let start_short = laid(&|b| {
        b.straight(4, 4)?.grid(0, 12)?.chute(3, LaneSide::Outside)?;
        Ok(())
    })?;
    let pieces: [(&Track, Range<u32>); 21] = [
        (&start, whole(&start)),
        (&straight_2, whole(&straight_2)),
        (&quarry, 28..32),
        (&dust_bowl, 25..29),
        (&quarry, 10..14),
        (&corner_left, whole(&corner_left)),
        (&merge, whole(&merge)),
        (&split, whole(&split)),
        (&quarry, 14..18),
        (&dust_bowl, 22..26),
        (&eight, 4..18),
        (&eight, 24..38),
        (&eight, 2..4),
        (&eight, 0..2),
        (&eight, 20..22),
        (&hairpin_right, whole(&hairpin_right)),
        (&hairpin_left, whole(&hairpin_left)),
        (&straight_8, whole(&straight_8)),
        (&bend_right, whole(&bend_right)),
        (&bend_left, whole(&bend_left)),
        (&start_short, whole(&start_short)),
    ];
    TILE_SET
        .iter()
        .zip(pieces)
        .map(|(&(id, what), (track, sectors))| {
            let mut tile = cut(track, sectors, id, what)?;
            if !id.starts_with("start") {
                // Only the starting tiles bring a grid and a chute: the others are cut from
                // where a sample track's grid may stand, and leave it behind.
                tile.grid.clear();
                tile.chute = None;
            }
            tile.crossing = match id {
                "crossover-a" => Some(Id::from("crossover-b")),
                "crossover-b" => Some(Id::from("crossover-a")),
                _ => None,
            };
            Ok(tile)
        })
        .collect()
}

/// Lap sectors `sectors` of `track` as a tile.
fn cut(track: &Track, sectors: Range<u32>, id: &str, what: &str) -> Result<Tile, BuildError> {
    let first = sectors.start;
    let spaces: Vec<SpaceRef> = track
        .spaces()
        .filter(|(at, _)| at.section == Section::Lap && sectors.contains(&at.sector))
        .map(|(at, _)| at)
        .collect();
    let mut name = what.to_owned();
    if let Some(first) = name.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    super::course::tile_from(track, &spaces, id, &name).ok_or(BuildError::NoSuchSector(first))
}
