//! Where a track's roads are *drawn* crossing, as opposed to the crossover pairs its file
//! declares (7.12). Editing keeps the two in step, and validation compares them: a declared
//! pair whose two spaces are not drawn on one spot is not a shared space on the board.

use std::collections::{BTreeMap, BTreeSet};

use super::track::{CrossoverPair, Section, SpaceRef, Track};

/// How far from a right angle (degrees) two stacked spaces may lie and still be read as the two
/// roads of a crossing.
pub const CROSSING_ANGLE_TOLERANCE: f32 = 15.0;

/// A lap space as drawn: where, at which position, heading which way.
type Drawn = (SpaceRef, f32, f32, f32);

/// More spaces than this drawn within one small cell are a heap, not a crossing (a crossing
/// stacks two).
pub const MAX_STACKED: usize = 16;

impl Track {
    /// How close (track units) the centres of two spaces must be drawn to be one spot: a quarter
    /// of a space's width, well under the distance between two neighbouring spaces.
    #[must_use]
    pub fn one_spot_tolerance(&self) -> f32 {
        self.space_size.width / 4.0
    }

    /// How far apart (track units) the two spaces of a pair are drawn, or `None` when one of
    /// them does not exist.
    #[must_use]
    pub fn pair_distance(&self, pair: CrossoverPair) -> Option<f32> {
        let (a, b) = (self.space(pair.0)?, self.space(pair.1)?);
        Some((a.x - b.x).hypot(a.y - b.y))
    }

    /// Whether the two spaces of a pair are drawn on one spot.
    #[must_use]
    pub fn pair_is_stacked(&self, pair: CrossoverPair) -> bool {
        self.pair_distance(pair)
            .is_some_and(|d| d < self.one_spot_tolerance())
    }

    /// Every pair of lap spaces in different sectors drawn on one spot at right angles: the
    /// crossing as drawn. Pairs are oriented so that their first spaces are on one road (the
    /// road of the first pair's first space, told apart by heading), which is how the file
    /// format reads them.
    ///
    /// Spaces are sorted into cells a tolerance wide, so only neighbours are compared; a cell
    /// heaped with more than [`MAX_STACKED`] spaces is no crossing and is skipped, which keeps a
    /// hostile file from making this quadratic.
    #[must_use]
    pub fn drawn_crossing(&self) -> Vec<CrossoverPair> {
        let tolerance = self.one_spot_tolerance();
        if !(tolerance.is_finite() && tolerance > 0.0) {
            return Vec::new();
        }
        let mut cells: BTreeMap<(i64, i64), Vec<Drawn>> = BTreeMap::new();
        for (at, space) in self.spaces().filter(|(at, _)| at.section == Section::Lap) {
            if !(space.x.is_finite() && space.y.is_finite() && space.heading.is_finite()) {
                continue;
            }
            // Saturating float-to-int casts: far-off spaces share an edge cell, harmlessly.
            #[allow(clippy::cast_possible_truncation)]
            let cell = (
                (space.x / tolerance).floor() as i64,
                (space.y / tolerance).floor() as i64,
            );
            cells
                .entry(cell)
                .or_default()
                .push((at, space.x, space.y, space.heading));
        }
        let mut pairs = BTreeSet::new();
        for (&(cx, cy), here) in &cells {
            if here.len() > MAX_STACKED {
                continue;
            }
            for dx in -1..=1 {
                for dy in -1..=1 {
                    let Some(there) = cells.get(&(cx + dx, cy + dy)) else {
                        continue;
                    };
                    if there.len() > MAX_STACKED {
                        continue;
                    }
                    for &(a, ax, ay, a_heading) in here {
                        for &(b, bx, by, b_heading) in there {
                            let near = (ax - bx).hypot(ay - by) < tolerance;
                            let angle = (a_heading - b_heading).rem_euclid(180.0);
                            if a < b
                                && near
                                && a.sector != b.sector
                                && (angle - 90.0).abs() < CROSSING_ANGLE_TOLERANCE
                            {
                                pairs.insert(CrossoverPair(a, b));
                            }
                        }
                    }
                }
            }
        }
        let pairs: Vec<CrossoverPair> = pairs.into_iter().collect();
        let Some(first) = pairs.first().copied() else {
            return pairs;
        };
        let reference = self.heading_of(first.0);
        pairs
            .into_iter()
            .map(|pair| self.oriented(pair, reference))
            .collect()
    }

    /// The pair turned so its first space is on the road heading along `reference` (the two
    /// roads cross at right angles, so one space is near parallel to it and the other not).
    #[must_use]
    pub fn oriented(&self, pair: CrossoverPair, reference: f32) -> CrossoverPair {
        // How far from parallel two headings are, 0 to 90 degrees.
        let apart = |a: f32, b: f32| {
            let d = (a - b).rem_euclid(180.0);
            d.min(180.0 - d)
        };
        if apart(self.heading_of(pair.0), reference) > apart(self.heading_of(pair.1), reference) {
            CrossoverPair(pair.1, pair.0)
        } else {
            pair
        }
    }

    fn heading_of(&self, at: SpaceRef) -> f32 {
        self.space(at).map_or(0.0, |space| space.heading)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::kind::TrackKind;
    use crate::content::track::{OffTrack, Sector, Space, SpaceSize, TerrainId, TrackStyle};

    fn space(lane: u8, x: f32, y: f32, heading: f32) -> Space {
        Space {
            lane,
            x,
            y,
            heading,
            terrain: TerrainId::paved(),
            next: Vec::new(),
            size: None,
            hazard: false,
            hazard_players: Vec::new(),
        }
    }

    /// Two one-space sectors, drawn at (0,0) heading east and at `at` heading `heading`.
    fn two_sectors(at: (f32, f32), heading: f32) -> Track {
        Track {
            kind: TrackKind::Track,
            version: Track::VERSION,
            id: "t".into(),
            name: "T".into(),
            style: TrackStyle::ApocalypseRoad,
            space_size: SpaceSize {
                length: 1.0,
                width: 1.0,
            },
            sectors: vec![
                Sector {
                    spaces: vec![space(0, 0.0, 0.0, 0.0)],
                    off_track: OffTrack::default(),
                },
                Sector {
                    spaces: vec![space(0, at.0, at.1, heading)],
                    off_track: OffTrack::default(),
                },
            ],
            start_sectors: Vec::new(),
            grid: Vec::new(),
            chute: None,
            crossover: Vec::new(),
            route: crate::content::track::Route::Lap,
            background: None,
            tiles: Vec::new(),
            rolling: None,
        }
    }

    #[test]
    fn stacked_spaces_at_right_angles_are_a_crossing_and_oriented_by_road() {
        let track = two_sectors((0.1, 0.0), 90.0);
        assert_eq!(
            track.drawn_crossing(),
            vec![CrossoverPair(SpaceRef::lap(0, 0), SpaceRef::lap(1, 0))]
        );
        assert!(track.pair_is_stacked(CrossoverPair(SpaceRef::lap(0, 0), SpaceRef::lap(1, 0))));
        // Read against the second road's heading, the pair turns round.
        assert_eq!(
            track.oriented(
                CrossoverPair(SpaceRef::lap(0, 0), SpaceRef::lap(1, 0)),
                90.0
            ),
            CrossoverPair(SpaceRef::lap(1, 0), SpaceRef::lap(0, 0))
        );
    }

    #[test]
    fn spaces_apart_or_parallel_are_no_crossing() {
        assert!(two_sectors((1.0, 0.0), 90.0).drawn_crossing().is_empty());
        assert!(two_sectors((0.1, 0.0), 0.0).drawn_crossing().is_empty());
        let apart = two_sectors((1.0, 0.0), 90.0);
        assert!(!apart.pair_is_stacked(CrossoverPair(SpaceRef::lap(0, 0), SpaceRef::lap(1, 0))));
    }
}
