//! Checks that the drawing of a track is the data: what a designer sees on the canvas is how the
//! track plays. A graph can be sound while its picture is wrong (a lap closed across a gap, a
//! sector drawn on top of the next one, two roads crossing with no crossover), and then the
//! printed board and the races disagree. These checks warn, pointing at the spaces:
//!
//! - `space-overlap`: two spaces drawn on top of each other (a crossover pair excepted);
//! - `link-long`: a link drawn much longer than a space, which on the board is a jump across
//!   the gap;
//! - `link-over-space`: a link drawn across another space, which on the board reads as a path
//!   through it;
//! - `lap-crosses-itself`: the lap's centre line crossing itself away from a crossover, where
//!   cars on the two roads would not meet in play (7.12).
//!
//! Decisions (the rulebook is silent; these are drawing tolerances, not rules):
//! - a space's footprint is its own size (or the track's); "on top of" is centres nearer than
//!   [`OVERLAP_SHARE`] of the smaller side of the smaller space;
//! - "much longer" is longer than [`LONG_LINK`] times the larger side of its two spaces (a
//!   lane change on a straight is drawn 1.41 spaces long);
//! - the starting section's links into the lap are exempt from the link checks: the section is
//!   a separate piece (2.1: on the Essendarium the grid is "on a separate starting section")
//!   and is often drawn apart from the lap.
//!
//! Spaces are sorted into cells the size of the track's space, so each space is compared with
//! its neighbours only; a cell heaped with more than [`MAX_STACKED`] spaces is reported once as
//! a heap rather than pair by pair, which keeps a hostile file from making the check quadratic.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::diagnostic::ObjectRef;
use super::report::FileReport;
use super::track::{MAX_PER_CHECK, space_needles};
use crate::content::crossing::MAX_STACKED;
use crate::content::track::{CrossoverPair, Section, Space, SpaceRef, SpaceSize, Track};

/// Two spaces overlap when their centres are nearer than this share of the smaller side of the
/// smaller of the two.
pub const OVERLAP_SHARE: f32 = 0.5;

/// A link is "much longer than a space" beyond this many times the larger side of its spaces.
pub const LONG_LINK: f32 = 1.75;

/// A link passes over a space when it runs nearer its centre than this share of the space's
/// smaller side (a lane change between two neighbours passes 0.71 of a side from each).
pub const OVER_SPACE_SHARE: f32 = 0.3;

/// Links and lap segments longer than this many spaces are not searched for what they cross
/// (they are already reported as long), which bounds the search on a hostile file.
const SEARCH_LIMIT: f32 = 8.0;

/// A lap crossing itself within this many spaces of a crossover pair is that crossover.
const CROSSING_NEAR_CROSSOVER: f32 = 1.5;

/// A space as the drawing checks see it.
#[derive(Clone, Copy)]
struct Drawn {
    at: SpaceRef,
    x: f32,
    y: f32,
    /// The smaller side of its footprint.
    side: f32,
    /// The larger side of its footprint.
    extent: f32,
}

impl Drawn {
    fn of(at: SpaceRef, space: &Space, size: SpaceSize) -> Self {
        let size = space.size.unwrap_or(size);
        Self {
            at,
            x: space.x,
            y: space.y,
            side: size.length.min(size.width),
            extent: size.length.max(size.width),
        }
    }

    fn distance(&self, other: &Self) -> f32 {
        (self.x - other.x).hypot(self.y - other.y)
    }
}

/// The track's spaces by cell. A hash map: it is only looked up (every report is sorted
/// afterwards, and the heaps are sorted before they are listed), and on a 10,000-space track
/// the lookups are most of the check's time.
struct Cells {
    size: f32,
    cells: HashMap<(i64, i64), Vec<Drawn>>,
}

impl Cells {
    /// Cells as large as the track's space (spaces of their own size are near that size).
    fn new(spaces: &[Drawn], space_size: SpaceSize) -> Option<Self> {
        let size = space_size.length.max(space_size.width);
        if !(size.is_finite() && size > 0.0) {
            return None;
        }
        let mut cells: HashMap<(i64, i64), Vec<Drawn>> = HashMap::new();
        for space in spaces {
            cells
                .entry(Self::cell_of(size, space.x, space.y))
                .or_default()
                .push(*space);
        }
        Some(Self { size, cells })
    }

    // Saturating float-to-int casts: far-off spaces share an edge cell, harmlessly.
    #[allow(clippy::cast_possible_truncation)]
    fn cell_of(size: f32, x: f32, y: f32) -> (i64, i64) {
        ((x / size).floor() as i64, (y / size).floor() as i64)
    }

    /// The spaces in the cells a box from `(x0, y0)` to `(x1, y1)`, grown by `reach` on every
    /// side, touches.
    fn near(
        &self,
        (x0, y0): (f32, f32),
        (x1, y1): (f32, f32),
        reach: f32,
    ) -> impl Iterator<Item = &Drawn> {
        let (a, b) = (
            Self::cell_of(self.size, x0.min(x1) - reach, y0.min(y1) - reach),
            Self::cell_of(self.size, x0.max(x1) + reach, y0.max(y1) + reach),
        );
        (a.0..=b.0)
            .flat_map(move |cx| (a.1..=b.1).map(move |cy| (cx, cy)))
            .filter_map(|cell| self.cells.get(&cell))
            .filter(|here| here.len() <= MAX_STACKED)
            .flatten()
    }
}

/// Checks the drawing of a track whose numbers are all finite and in range.
pub fn check(track: &Track, report: &mut FileReport<'_>) {
    let spaces: Vec<Drawn> = track
        .spaces()
        .map(|(at, space)| Drawn::of(at, space, track.space_size))
        .collect();
    let Some(cells) = Cells::new(&spaces, track.space_size) else {
        return;
    };
    let crossing: BTreeSet<CrossoverPair> = track
        .crossover
        .iter()
        .copied()
        .chain(track.drawn_crossing())
        .flat_map(|pair| [pair, CrossoverPair(pair.1, pair.0)])
        .collect();
    let checks = Checks {
        track,
        cells: &cells,
        crossing: &crossing,
    };
    for (code, findings) in [
        ("space-overlap", checks.overlaps(&spaces)),
        ("link-long", checks.long_links(&spaces)),
        ("link-over-space", checks.links_over_spaces(&spaces)),
        ("lap-crosses-itself", checks.lap_crossings()),
    ] {
        warn(track, report, code, &findings);
    }
}

/// One thing found: the space it is reported at, and what is wrong.
type Finding = (SpaceRef, String);

/// Reports the first [`MAX_PER_CHECK`] findings of a check one by one, then a line counting
/// the rest.
fn warn(track: &Track, report: &mut FileReport<'_>, code: &'static str, findings: &[Finding]) {
    for (at, message) in findings.iter().take(MAX_PER_CHECK) {
        let needles = space_needles(track, *at);
        report.warning(
            code,
            Some(ObjectRef::Space { space: *at }),
            &needles,
            message.clone(),
        );
    }
    if findings.len() > MAX_PER_CHECK {
        let more = findings.len() - MAX_PER_CHECK;
        report.warning(
            code,
            None,
            &[super::locate::Needle::Field("sectors")],
            format!("and {more} more like these"),
        );
    }
}

struct Checks<'c> {
    track: &'c Track,
    cells: &'c Cells,
    /// Crossover pairs, declared or drawn, both ways round.
    crossing: &'c BTreeSet<CrossoverPair>,
}

impl Checks<'_> {
    fn space(&self, at: SpaceRef) -> Option<Drawn> {
        self.track
            .space(at)
            .map(|space| Drawn::of(at, space, self.track.space_size))
    }

    /// The length of a space, to say distances in spaces.
    fn in_spaces(&self, distance: f32) -> f32 {
        distance / self.track.space_size.length
    }

    /// Spaces drawn on top of each other (not a crossover pair), and heaps of spaces on one
    /// spot.
    fn overlaps(&self, spaces: &[Drawn]) -> Vec<Finding> {
        let mut findings = Vec::new();
        let mut heaps: Vec<&Vec<Drawn>> = self
            .cells
            .cells
            .values()
            .filter(|h| h.len() > MAX_STACKED)
            .collect();
        // The map's order is not the track's: list the heaps by their first space.
        heaps.sort_by_key(|heap| heap[0].at);
        for heap in heaps {
            findings.push((
                heap[0].at,
                format!(
                    "{} spaces are drawn within one space's square with space {}: spread them out",
                    heap.len(),
                    heap[0].at
                ),
            ));
        }
        for a in spaces {
            let Some(b) = self
                .cells
                .near((a.x, a.y), (a.x, a.y), OVERLAP_SHARE * a.side)
                .filter(|b| b.at > a.at && !self.crossing.contains(&CrossoverPair(a.at, b.at)))
                .find(|b| a.distance(b) < OVERLAP_SHARE * a.side.min(b.side))
            else {
                continue;
            };
            findings.push((
                a.at,
                format!(
                    "spaces {} and {} are drawn on top of each other ({:.2} spaces apart): on \
                     the board they are one square; move one, or declare them a crossover pair",
                    a.at,
                    b.at,
                    self.in_spaces(a.distance(b))
                ),
            ));
        }
        findings
    }

    /// The links to check: every forward link, less the starting section's links into the
    /// lap (module docs), with both ends drawn.
    fn links<'s>(&'s self, spaces: &'s [Drawn]) -> impl Iterator<Item = (Drawn, Drawn)> + 's {
        spaces.iter().flat_map(move |from| {
            self.track
                .space(from.at)
                .into_iter()
                .flat_map(|space| &space.next)
                .filter(move |to| {
                    !(from.at.section == Section::Start && to.section == Section::Lap)
                })
                .filter_map(move |&to| Some((*from, self.space(to)?)))
        })
    }

    /// Links drawn much longer than their spaces.
    fn long_links(&self, spaces: &[Drawn]) -> Vec<Finding> {
        self.links(spaces)
            .filter(|(a, b)| a.distance(b) > LONG_LINK * a.extent.max(b.extent))
            .map(|(a, b)| {
                (
                    a.at,
                    format!(
                        "link {} -> {} is drawn {:.1} spaces long: on the board it jumps the gap \
                         between them; draw the spaces next to each other, or link nearer ones \
                         (a lap closed across a gap: Reopen the lap)",
                        a.at,
                        b.at,
                        self.in_spaces(a.distance(&b))
                    ),
                )
            })
            .collect()
    }

    /// Links drawn across another space.
    fn links_over_spaces(&self, spaces: &[Drawn]) -> Vec<Finding> {
        let mut findings = Vec::new();
        for (a, b) in self.links(spaces) {
            let length = a.distance(&b);
            if length > SEARCH_LIMIT * a.extent.max(b.extent) || length <= 0.0 {
                continue;
            }
            let (ux, uy) = ((b.x - a.x) / length, (b.y - a.y) / length);
            // A space of the track's size or smaller is found; one drawn larger than the
            // track's spaces may be missed (its centre lies further off the link).
            let reach = OVER_SPACE_SHARE * self.cells.size;
            let over = self.cells.near((a.x, a.y), (b.x, b.y), reach).find(|c| {
                if c.at == a.at || c.at == b.at {
                    return false;
                }
                // A space stacked on an end (the other road of a crossover) is that end.
                if c.distance(&a) < a.side / 4.0 || c.distance(&b) < b.side / 4.0 {
                    return false;
                }
                let along = (c.x - a.x) * ux + (c.y - a.y) * uy;
                let aside = ((c.x - a.x) * uy - (c.y - a.y) * ux).abs();
                along > 0.1 * length && along < 0.9 * length && aside < OVER_SPACE_SHARE * c.side
            });
            if let Some(c) = over {
                findings.push((
                    a.at,
                    format!(
                        "link {} -> {} is drawn across space {}: on the board it reads as a \
                         way through that space; move the spaces, or link the ones beside each \
                         other",
                        a.at, b.at, c.at
                    ),
                ));
            }
        }
        findings
    }

    /// Where the lap's centre line crosses itself away from a crossover.
    fn lap_crossings(&self) -> Vec<Finding> {
        let centres: Vec<Option<(f32, f32, SpaceRef)>> = self
            .track
            .sectors
            .iter()
            .enumerate()
            .map(|(index, sector)| {
                let first = sector.spaces.first()?;
                let n = sector.spaces.len() as f32;
                let x = sector.spaces.iter().map(|s| s.x).sum::<f32>() / n;
                let y = sector.spaces.iter().map(|s| s.y).sum::<f32>() / n;
                Some((x, y, SpaceRef::lap(u32::try_from(index).ok()?, first.lane)))
            })
            .collect();
        let count = centres.len();
        let closed = self.track.lap_is_closed();
        let segments = if closed {
            count
        } else {
            count.saturating_sub(1)
        };
        let segment = |i: usize| -> Option<Segment> {
            let (x0, y0, at) = centres[i]?;
            let (x1, y1, _) = centres[(i + 1) % count]?;
            Some(((x0, y0), (x1, y1), at))
        };
        // Segments by the cells their boxes touch; long ones are left out (module docs).
        let limit = SEARCH_LIMIT * self.cells.size;
        let mut by_cell: BTreeMap<(i64, i64), Vec<usize>> = BTreeMap::new();
        for i in 0..segments {
            let Some((p, q, _)) = segment(i) else {
                continue;
            };
            if (q.0 - p.0).hypot(q.1 - p.1) > limit {
                continue;
            }
            let a = Cells::cell_of(self.cells.size, p.0.min(q.0), p.1.min(q.1));
            let b = Cells::cell_of(self.cells.size, p.0.max(q.0), p.1.max(q.1));
            for cx in a.0..=b.0 {
                for cy in a.1..=b.1 {
                    by_cell.entry((cx, cy)).or_default().push(i);
                }
            }
        }
        let adjacent = |i: usize, j: usize| j - i <= 1 || (closed && i == 0 && j + 1 == segments);
        let mut pairs = BTreeSet::new();
        for here in by_cell.values().filter(|h| h.len() <= 4 * MAX_STACKED) {
            for (n, &i) in here.iter().enumerate() {
                for &j in &here[n + 1..] {
                    let (i, j) = (i.min(j), i.max(j));
                    if !adjacent(i, j) {
                        pairs.insert((i, j));
                    }
                }
            }
        }
        let near_crossover = |(x, y): (f32, f32)| {
            let reach = CROSSING_NEAR_CROSSOVER * self.cells.size;
            self.crossing.iter().any(|pair| {
                self.track
                    .space(pair.0)
                    .is_some_and(|s| (s.x - x).hypot(s.y - y) < reach)
            })
        };
        let mut findings = Vec::new();
        for (i, j) in pairs {
            let (Some((p, q, at)), Some((r, s, _))) = (segment(i), segment(j)) else {
                continue;
            };
            let Some(point) = intersection(p, q, r, s) else {
                continue;
            };
            if near_crossover(point) {
                continue;
            }
            findings.push((
                at,
                format!(
                    "the lap crosses itself between sectors {i} and {} and sectors {j} and {}, \
                     with no crossover there: cars on the two roads would not meet in play \
                     (7.12); draw the roads crossing at right angles on whole spaces and detect \
                     the crossover, or move one road",
                    (i + 1) % count,
                    (j + 1) % count
                ),
            ));
        }
        findings
    }
}

/// A point of the plane.
type Point = (f32, f32);

/// A stretch of the lap's centre line: from a sector's centre to the next one's, reported at
/// the first sector's first space.
type Segment = (Point, Point, SpaceRef);

/// Where segments `from_a`-`to_a` and `from_b`-`to_b` cross. Each is taken half-open (its start
/// in, its end out), so a crossing at a sector's centre, where two segments of one road meet,
/// counts once.
fn intersection(from_a: Point, to_a: Point, from_b: Point, to_b: Point) -> Option<Point> {
    let (ax, ay) = (to_a.0 - from_a.0, to_a.1 - from_a.1);
    let (bx, by) = (to_b.0 - from_b.0, to_b.1 - from_b.1);
    let denominator = ax * by - ay * bx;
    if denominator.abs() < 1e-6 {
        return None;
    }
    let (gx, gy) = (from_b.0 - from_a.0, from_b.1 - from_a.1);
    let along_a = (gx * by - gy * bx) / denominator;
    let along_b = (gx * ay - gy * ax) / denominator;
    let inside = |v: f32| (-1e-4..1.0 - 1e-4).contains(&v);
    (inside(along_a) && inside(along_b))
        .then_some((from_a.0 + along_a * ax, from_a.1 + along_a * ay))
}
