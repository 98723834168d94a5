//! Checks of a track graph (rulebook 2.1, 3.0, 5.4, 7.10-7.14, 8.3 and the glossary).
//!
//! Every diagnostic names the space (`sector.lane`) or sector it is about. Checks that would
//! fire for many spaces at once (an unreachable stretch) report the first
//! [`MAX_PER_CHECK`] spaces and then one line counting the rest, so a broken 10,000-space track
//! gives a readable list.

use std::collections::{BTreeMap, BTreeSet};

use super::diagnostic::{Fix, ObjectRef};
use super::locate::Needle;
use super::missing_links::{MissingLink, missing_links};
use super::report::FileReport;
use super::terrain::TerrainBook;
use super::track_graph::{Graph, Unreached};
use crate::content::crossing::CROSSING_ANGLE_TOLERANCE as CROSSOVER_ANGLE_TOLERANCE;
use crate::content::race_deck::LaneSide;
use crate::content::terrain::CountsAs;
use crate::content::track::{CrossoverPair, Section, Sector, SpaceRef, Track, TrackStyle};

/// The most diagnostics one check reports space by space.
pub const MAX_PER_CHECK: usize = 25;

/// Checks a track against the kinds of ground of its pack (`terrain`); `grid_needed` is the
/// largest field a ruleset can put on it (40 for the rulebook). Returns whether it found no
/// error.
pub fn check(
    track: &Track,
    grid_needed: u32,
    terrain: &TerrainBook,
    report: &mut FileReport<'_>,
) -> bool {
    let errors_before = report.error_count();
    if track.sectors.is_empty() {
        report.error(
            "track-empty",
            None,
            &[Needle::Field("sectors")],
            "the track has no sectors".to_owned(),
        );
        return false;
    }
    let drawing_sane = check_geometry(track, report);
    // A lap not (yet) closed; a point-to-point track is open by design, its finish line before
    // its run-off.
    let lap_open = !track.point_to_point() && !track.lap_is_closed();
    let unreached = Unreached::of(track, &Graph::new(track, terrain), lap_open);
    let missing = missing_links(track, terrain, lap_open, &unreached);
    let mut checker = Checker {
        track,
        terrain,
        report,
        lap_open,
        drawing_sane,
        explained: missing.iter().map(|link| link.from).collect(),
    };
    for section in [Section::Start, Section::Lap] {
        for (index, sector) in track.section(section).iter().enumerate() {
            let number = u32::try_from(index).unwrap_or(u32::MAX);
            checker.check_lanes(section, number, sector);
            checker.check_terrain(section, number, sector);
            checker.check_links(section, number, sector);
        }
    }
    checker.check_lap_closed();
    checker.check_reachability(unreached, &missing);
    checker.check_crossover();
    checker.check_grid(grid_needed);
    checker.check_chute();
    checker.check_route_round();
    checker.check_ramps();
    checker.check_hazard_spots();
    super::rolling_road::check(track, checker.report);
    if drawing_sane {
        super::drawing::check(track, checker.report);
    }
    checker.report.error_count() == errors_before
}

/// Warns that `track` marks hazard spots, or is painted with ground that draws hazards, and
/// its pack deals nothing to them (the pack has no hazard deck): the spots stay empty and the
/// ground draws nothing.
pub fn warn_spots_without_deck(track: &Track, terrain: &TerrainBook, report: &mut FileReport<'_>) {
    let spots: Vec<SpaceRef> = track
        .spaces()
        .filter(|(_, space)| space.hazard)
        .map(|(at, _)| at)
        .collect();
    if let Some(first) = spots.first() {
        report.warning(
            "hazard-spots-without-deck",
            Some(ObjectRef::Space { space: *first }),
            &[Needle::Field("hazard")],
            format!(
                "the track marks {} hazard spot{} (the first at {first}), but the pack has no \
                 hazard deck: they stay empty, and the track races as if it had none",
                spots.len(),
                if spots.len() == 1 { "" } else { "s" }
            ),
        );
    }
    if let Some((at, space)) = track
        .spaces()
        .find(|(_, space)| terrain.draws_hazards(space.terrain.as_str()))
    {
        report.warning(
            "hazard-spots-without-deck",
            Some(ObjectRef::Space { space: at }),
            &[Needle::Value(space.terrain.as_str())],
            format!(
                "space {at} is `{}`, ground that draws a hazard for a car entering it, but the \
                 pack has no hazard deck: it draws nothing",
                space.terrain
            ),
        );
    }
}

/// Every number of the drawing finite and within [`super::limits::MAX_COORDINATE`]: a NaN,
/// an infinity or a size near `f32::MAX` would only fail later, when the track is drawn. True
/// when nothing was reported.
fn check_geometry(track: &Track, report: &mut FileReport<'_>) -> bool {
    let mut sane_throughout = check_space_numbers(track.space_size, track.spaces(), report);
    if let Some(background) = &track.background {
        for (field, value) in [
            ("x", background.x),
            ("y", background.y),
            ("scale", background.scale),
            ("opacity", background.opacity),
        ] {
            if !sane(value) {
                sane_throughout = false;
                out_of_range(
                    &format!("the background picture's {field} ({value})"),
                    None,
                    "background",
                    report,
                );
            }
        }
    }
    sane_throughout
}

/// Whether a number of the drawing is finite and within [`super::limits::MAX_COORDINATE`].
fn sane(v: f32) -> bool {
    v.is_finite() && v.abs() <= super::limits::MAX_COORDINATE
}

fn out_of_range(
    what: &str,
    object: Option<ObjectRef>,
    field: &'static str,
    report: &mut FileReport<'_>,
) {
    report.error(
        "geometry-out-of-range",
        object,
        &[Needle::Field(field)],
        format!(
            "{what} is not a finite number within ±{}",
            super::limits::MAX_COORDINATE
        ),
    );
}

/// The numbers of spaces, as a track or a tile draws them: every one finite and within
/// [`super::limits::MAX_COORDINATE`] (`geometry-out-of-range`), and every size positive
/// (`space-size`). True when nothing was out of range.
pub(super) fn check_space_numbers<'s>(
    space_size: crate::content::track::SpaceSize,
    spaces: impl Iterator<Item = (SpaceRef, &'s crate::content::track::Space)>,
    report: &mut FileReport<'_>,
) -> bool {
    let mut sane_throughout = true;
    if !(sane(space_size.length) && sane(space_size.width)) {
        sane_throughout = false;
        out_of_range("the space size", None, "space_size", report);
    }
    if !(space_size.length > 0.0 && space_size.width > 0.0) {
        report.error(
            "space-size",
            None,
            &[Needle::Field("space_size")],
            "spaces must have a positive length and width".to_owned(),
        );
    }
    for (at, space) in spaces {
        let object = || Some(ObjectRef::Space { space: at });
        for (field, value) in [("x", space.x), ("y", space.y), ("heading", space.heading)] {
            if !sane(value) {
                sane_throughout = false;
                out_of_range(
                    &format!("space {at}'s {field} ({value})"),
                    object(),
                    field,
                    report,
                );
            }
        }
        if let Some(size) = space.size {
            if !(sane(size.length) && sane(size.width)) {
                sane_throughout = false;
                out_of_range(&format!("space {at}'s size"), object(), "size", report);
            }
            if !(size.length > 0.0 && size.width > 0.0) {
                report.error(
                    "space-size",
                    object(),
                    &[Needle::Field("size")],
                    format!("space {at} has a size that is not positive"),
                );
            }
        }
    }
    sane_throughout
}

/// A sector's name as diagnostics write it: `12` on the lap, `S2` in the starting section.
#[must_use]
pub fn sector_name(section: Section, number: u32) -> String {
    match section {
        Section::Lap => number.to_string(),
        Section::Start => format!("S{number}"),
    }
}

struct Checker<'t, 'r, 'a> {
    track: &'t Track,
    /// The kinds of ground the spaces name.
    terrain: &'t TerrainBook,
    report: &'r mut FileReport<'a>,
    /// The lap does not close yet (a track being drawn): its consequences (the last sector's
    /// spaces going nowhere, no space reaching the finish) are left to the one `lap-not-closed`
    /// error, instead of a page of them.
    lap_open: bool,
    /// Every number of the drawing is finite and in range, so where spaces are drawn means
    /// something (the crossing checks compare positions).
    drawing_sane: bool,
    /// Dead ends reported as the missing link that explains them (see
    /// [`super::missing_links`]), not a second time as dead ends.
    explained: BTreeSet<SpaceRef>,
}

/// Needles that find a space of `track` in its file's text (see [`super::locate`]): for
/// diagnostics about a space found elsewhere than in the static checks (by play).
#[must_use]
pub fn space_needles(track: &Track, at: SpaceRef) -> Vec<Needle<'static>> {
    let index = usize::try_from(at.sector)
        .ok()
        .and_then(|sector| track.section(at.section).get(sector))
        .and_then(|sector| sector.spaces.iter().position(|space| space.lane == at.lane));
    Checker::needles(at.section, at.sector, index)
}

/// Needles that find a sector (and a space of it, by its index in the sector) in a track's or
/// a tile's text.
#[must_use]
pub fn sector_needles(
    section: Section,
    sector: u32,
    space_index: Option<usize>,
) -> Vec<Needle<'static>> {
    Checker::needles(section, sector, space_index)
}

impl Checker<'_, '_, '_> {
    /// Needles that find a sector (and a space of it, by its index in the sector) in the text.
    fn needles(section: Section, sector: u32, space_index: Option<usize>) -> Vec<Needle<'static>> {
        let mut needles = vec![Needle::Field(match section {
            Section::Lap => "sectors",
            Section::Start => "start_sectors",
        })];
        needles.extend((0..=sector).map(|_| Needle::Field("spaces")));
        if let Some(index) = space_index {
            needles.extend((0..=index).map(|_| Needle::Field("lane")));
        }
        needles
    }

    fn space_index(&self, at: SpaceRef) -> Option<usize> {
        let sector = self
            .track
            .section(at.section)
            .get(usize::try_from(at.sector).ok()?)?;
        sector.spaces.iter().position(|space| space.lane == at.lane)
    }

    fn space_error(&mut self, code: &'static str, at: SpaceRef, message: String) {
        let needles = Self::needles(at.section, at.sector, self.space_index(at));
        let object = ObjectRef::Space { space: at };
        self.report.error(code, Some(object), &needles, message);
    }

    fn sector_error(&mut self, code: &'static str, section: Section, sector: u32, message: String) {
        let needles = Self::needles(section, sector, None);
        let object = ObjectRef::Sector {
            sector: crate::content::track::SectorRef {
                section,
                number: sector,
            },
        };
        self.report.error(code, Some(object), &needles, message);
    }

    /// Lanes run 0, 1, 2... from the apron, once each and in order, so that lateral neighbours
    /// (the next lane in or out) are the neighbours in the list.
    fn check_lanes(&mut self, section: Section, number: u32, sector: &Sector) {
        let name = sector_name(section, number);
        if sector.spaces.is_empty() {
            self.sector_error(
                "sector-empty",
                section,
                number,
                format!("sector {name} has no spaces"),
            );
            return;
        }
        let lanes: Vec<u8> = sector.spaces.iter().map(|space| space.lane).collect();
        let mut sorted = lanes.clone();
        sorted.sort_unstable();
        let contiguous = sorted
            .iter()
            .enumerate()
            .all(|(i, &lane)| usize::from(lane) == i);
        if !contiguous {
            self.sector_error(
                "lanes-not-contiguous",
                section,
                number,
                format!("sector {name} has lanes {lanes:?}; lanes must be 0 to N-1, once each"),
            );
        } else if lanes != sorted {
            self.sector_error(
                "lanes-out-of-order",
                section,
                number,
                format!(
                    "sector {name} lists lanes {lanes:?}; list them from the apron out so lateral \
                     neighbours are the next lane in or out"
                ),
            );
        }
    }

    /// Every space names a kind the pack defines; jump sections are jump lane, trough, jump
    /// lane; rough spaces in a sector are side by side.
    fn check_terrain(&mut self, section: Section, number: u32, sector: &Sector) {
        let name = sector_name(section, number);
        for (index, space) in sector.spaces.iter().enumerate() {
            if self.terrain.find(space.terrain.as_str()).is_none() {
                let at = SpaceRef {
                    section,
                    sector: number,
                    lane: space.lane,
                };
                let mut needles = Self::needles(section, number, Some(index));
                needles.push(Needle::Field("terrain"));
                self.report.error(
                    "terrain-undefined",
                    Some(ObjectRef::Space { space: at }),
                    &needles,
                    format!(
                        "space {at} is `{}` ground, which the pack's terrain file does not define \
                         (it defines {})",
                        space.terrain,
                        self.terrain
                            .kinds()
                            .iter()
                            .map(|kind| format!("`{}`", kind.id))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
        }
        let grounds: Vec<CountsAs> = sector
            .spaces
            .iter()
            .map(|space| self.terrain.rules_of(space.terrain.as_str()).counts_as)
            .collect();
        let listed = || {
            sector
                .spaces
                .iter()
                .map(|space| space.terrain.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let has_jump = grounds
            .iter()
            .any(|g| matches!(g, CountsAs::JumpLane | CountsAs::Trough));
        if has_jump && grounds != [CountsAs::JumpLane, CountsAs::Trough, CountsAs::JumpLane] {
            let trough_misplaced = grounds.iter().enumerate().any(|(i, g)| {
                *g == CountsAs::Trough
                    && !(i > 0
                        && grounds.get(i + 1) == Some(&CountsAs::JumpLane)
                        && grounds[i - 1] == CountsAs::JumpLane)
            });
            let (code, message) = if trough_misplaced {
                (
                    "trough-misplaced",
                    "a trough space must lie between two jump spaces",
                )
            } else {
                (
                    "jump-not-three-lanes",
                    "a jump sector must be exactly three lanes: jump, trough, jump",
                )
            };
            self.sector_error(
                code,
                section,
                number,
                format!("sector {name}: {message} (it has {})", listed()),
            );
        }
        let rough: Vec<usize> = grounds
            .iter()
            .enumerate()
            .filter(|(_, g)| **g == CountsAs::Rough)
            .map(|(i, _)| i)
            .collect();
        if let (Some(first), Some(last)) = (rough.first(), rough.last())
            && last - first + 1 != rough.len()
        {
            self.sector_error(
                "rough-not-contiguous",
                section,
                number,
                format!("sector {name} has paved lanes between rough lanes; a rough span is one block of lanes"),
            );
        }
    }

    /// Forward links: one or two, to existing spaces of the next sector, never crossing.
    /// A space with no forward link, unless the lap is still open at its end (that is
    /// `lap-not-closed`) or a missing link explains it (that is `link-missing`).
    fn check_dead_end(&mut self, at: SpaceRef, space: &crate::content::track::Space) {
        let end_of_open_lap = !self.track.wraps()
            && at.section == Section::Lap
            && at.sector as usize + 1 == self.track.sectors.len();
        if space.next.is_empty()
            && !self.terrain.rules_of(space.terrain.as_str()).is_trough()
            && !end_of_open_lap
            && !self.explained.contains(&at)
        {
            self.space_error(
                "no-forward-link",
                at,
                format!("space {at} has no forward link: cars there could never move on"),
            );
            if let Some(to) = super::missing_links::way_on(self.track, self.terrain, at) {
                self.report.offer_fix(Fix::AddLink { from: at, to });
            }
        }
    }

    fn check_links(&mut self, section: Section, number: u32, sector: &Sector) {
        let lap_len = u32::try_from(self.track.sectors.len()).unwrap_or(u32::MAX);
        let start_len = u32::try_from(self.track.start_sectors.len()).unwrap_or(u32::MAX);
        let next_sector = match section {
            Section::Lap => Some((Section::Lap, (number + 1) % lap_len)),
            Section::Start if number + 1 < start_len => Some((Section::Start, number + 1)),
            // The last starting sector joins the lap anywhere.
            Section::Start => None,
        };
        let mut ranges: Vec<(u8, u8, u8)> = Vec::new();
        for space in &sector.spaces {
            let at = SpaceRef {
                section,
                sector: number,
                lane: space.lane,
            };
            self.check_dead_end(at, space);
            if space.next.len() > 2 {
                self.space_error(
                    "too-many-links",
                    at,
                    format!(
                        "space {at} links forward to {} spaces; at most two (a fork)",
                        space.next.len()
                    ),
                );
            }
            let mut lanes = Vec::new();
            for target in &space.next {
                let Some(target_space) = self.track.space(*target) else {
                    self.space_error(
                        "dangling-link",
                        at,
                        format!("space {at} links to {target}, which does not exist"),
                    );
                    continue;
                };
                if self
                    .terrain
                    .rules_of(target_space.terrain.as_str())
                    .is_trough()
                {
                    self.space_error(
                        "link-into-trough",
                        at,
                        format!(
                            "space {at} links forward into the trough at {target}; only a movement \
                             event puts a car in the trough (7.14)"
                        ),
                    );
                }
                let allowed = match next_sector {
                    Some((next_section, next_number)) => {
                        target.section == next_section && target.sector == next_number
                    }
                    None => target.section == Section::Lap,
                };
                if allowed {
                    lanes.push(target.lane);
                } else {
                    let expected = match next_sector {
                        Some((s, n)) => format!("sector {}", sector_name(s, n)),
                        None => "the lap".to_owned(),
                    };
                    self.space_error(
                        "link-not-to-next-sector",
                        at,
                        format!("space {at} links to {target}; forward links go to {expected}"),
                    );
                }
            }
            if let (Some(low), Some(high)) = (lanes.iter().min(), lanes.iter().max()) {
                ranges.push((space.lane, *low, *high));
            }
        }
        ranges.sort_unstable();
        for pair in ranges.windows(2) {
            let ((inner, _, inner_high), (outer, outer_low, _)) = (pair[0], pair[1]);
            if inner_high > outer_low {
                let at = SpaceRef {
                    section,
                    sector: number,
                    lane: outer,
                };
                self.space_error(
                    "crossing-forks",
                    at,
                    format!(
                        "the links of space {at} cross those of lane {inner}: lane {inner} reaches lane {inner_high} of the next sector, lane {outer} reaches lane {outer_low}"
                    ),
                );
            }
        }
    }

    /// The lap is a cycle through the finish line: the last sector links into sector 0.
    /// With ground that eliminates a car (rocks), some route round the lap still crosses the
    /// finish line without entering it: otherwise no car could ever finish a lap.
    fn check_route_round(&mut self) {
        let deadly: Vec<&str> = self
            .terrain
            .kinds()
            .iter()
            .filter(|kind| self.terrain.wrecks(kind.id.as_str()))
            .map(|kind| kind.id.as_str())
            .collect();
        let painted = self
            .track
            .spaces()
            .any(|(_, space)| deadly.contains(&space.terrain.as_str()));
        if self.lap_open || !painted {
            return;
        }
        // Round the lap: from just past the finish line back to it (a grid spread over many
        // sectors may start some cars past the cut, but their second lap meets it).
        let starts: Vec<SpaceRef> = self
            .track
            .sectors
            .first()
            .map(|sector| {
                sector
                    .spaces
                    .iter()
                    .map(|s| SpaceRef::lap(0, s.lane))
                    .collect()
            })
            .unwrap_or_default();
        let (reached, finish) = Graph::surviving(self.track, self.terrain).reached_from(&starts);
        if finish {
            return;
        }
        // Where the lap is cut: the first sector round it that no car reaches alive.
        let cut = (0..self.track.sectors.len())
            .map(|index| u32::try_from(index).unwrap_or(u32::MAX))
            .find(|&number| {
                self.track.sectors[number as usize]
                    .spaces
                    .iter()
                    .all(|space| !reached.contains(&SpaceRef::lap(number, space.lane)))
            })
            .unwrap_or(0);
        self.sector_error(
            "lap-cut-by-ground",
            Section::Lap,
            cut,
            format!(
                "no car gets past sector {cut} without entering ground that eliminates it ({}): \
                 the lap is cut there, and no car could finish it",
                deadly
                    .iter()
                    .map(|id| format!("`{id}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }

    /// A ramp needs a run-up: a space in its own lane linking straight into it. Entered any
    /// other way, it wrecks the car.
    fn check_ramps(&mut self) {
        let mut run_ups: BTreeSet<SpaceRef> = BTreeSet::new();
        for (at, space) in self.track.spaces() {
            for to in &space.next {
                if to.lane == at.lane {
                    run_ups.insert(*to);
                }
            }
        }
        let ramps: Vec<SpaceRef> = self
            .track
            .spaces()
            .filter(|(at, space)| {
                self.terrain.jumps(space.terrain.as_str()) && !run_ups.contains(at)
            })
            .map(|(at, _)| at)
            .take(MAX_PER_CHECK)
            .collect();
        for at in ramps {
            self.report.warning(
                "ramp-without-run-up",
                Some(ObjectRef::Space { space: at }),
                &Self::needles(at.section, at.sector, self.space_index(at)),
                format!(
                    "the ramp at {at} has no space straight behind it in its lane: a car can \
                     only enter it from the side, and a ramp wrecks a car entering so"
                ),
            );
        }
    }

    /// A hazard spot in the trough would never be turned over: only the moving car turns a
    /// token over, and only a movement event (which moves cars unharmed) enters the trough. One
    /// on ground where cars stack could be turned over under a stack that the ground a hazard
    /// leaves could not hold.
    fn check_hazard_spots(&mut self) {
        let sunk: Vec<SpaceRef> = self
            .track
            .spaces()
            .filter(|(_, space)| {
                space.hazard && self.terrain.rules_of(space.terrain.as_str()).shared
            })
            .map(|(at, _)| at)
            .take(MAX_PER_CHECK)
            .collect();
        let counted: Vec<(SpaceRef, bool, Vec<u8>)> = self
            .track
            .spaces()
            .filter(|(_, space)| !space.hazard_players.is_empty())
            .map(|(at, space)| (at, space.hazard, space.hazard_players.clone()))
            .take(MAX_PER_CHECK)
            .collect();
        for (at, spot, counts) in counted {
            let wrong: Vec<String> = counts
                .iter()
                .filter(|n| !(2..=10).contains(*n))
                .map(ToString::to_string)
                .collect();
            let why = if !spot {
                "names the player counts a hazard token is dealt at, but is no hazard spot \
                 (`hazard: true`)"
                    .to_owned()
            } else if !wrong.is_empty() {
                format!(
                    "deals its hazard token at {} players, which no race has (2 to 10)",
                    wrong.join(", ")
                )
            } else {
                continue;
            };
            self.report.error(
                "hazard-spot-players",
                Some(ObjectRef::Space { space: at }),
                &Self::needles(at.section, at.sector, self.space_index(at)),
                format!("space {at} {why}"),
            );
        }
        for at in sunk {
            self.report.error(
                "hazard-spot-in-trough",
                Some(ObjectRef::Space { space: at }),
                &Self::needles(at.section, at.sector, self.space_index(at)),
                format!(
                    "space {at} is a hazard spot in the trough or on ground where cars stack: \
                     in the trough only a movement event puts a car, and it turns no token \
                     over; on a stack, the ground a hazard leaves could not hold the cars there"
                ),
            );
        }
    }

    /// A point-to-point track ends at its run-off, the last sector, beyond the finish line:
    /// there must be one and a road before it, nothing may link on from it, and no car may
    /// start on it.
    fn check_run_off(&mut self) {
        let count = self.track.sectors.len();
        if count < 2 {
            let number = u32::try_from(count.saturating_sub(1)).unwrap_or(u32::MAX);
            self.sector_error(
                "run-off-missing",
                Section::Lap,
                number,
                format!("the track is point to point and has {count} lap sector{}: it needs a road and, beyond the finish line, a run-off (its last sector)", if count == 1 { "" } else { "s" }),
            );
            return;
        }
        let last = u32::try_from(count - 1).unwrap_or(u32::MAX);
        let linked: Vec<SpaceRef> = self.track.sectors[count - 1]
            .spaces
            .iter()
            .filter(|space| !space.next.is_empty())
            .map(|space| SpaceRef::lap(last, space.lane))
            .collect();
        for at in linked {
            self.space_error(
                "run-off-linked",
                at,
                format!("space {at} is in the run-off (sector {last}, beyond the finish line of this point-to-point track) and links forward: the track ends there; remove its links, or make the track a lap"),
            );
        }
        let on_run_off = |at: SpaceRef| at.section == Section::Lap && at.sector == last;
        let slots: Vec<(u32, SpaceRef)> = self
            .track
            .grid
            .iter()
            .filter(|slot| on_run_off(slot.space))
            .map(|slot| (slot.position, slot.space))
            .collect();
        for (position, at) in slots {
            self.space_error(
                "run-off-start",
                at,
                format!("grid position {position} stands on space {at}, in the run-off beyond the finish line: a car there would start past it"),
            );
        }
        if let Some(chute) = self.track.chute.filter(|c| on_run_off(c.beside)) {
            self.space_error(
                "run-off-start",
                chute.beside,
                format!("the chute is beside space {}, in the run-off beyond the finish line: a replacement would enter past it", chute.beside),
            );
        }
    }

    fn check_lap_closed(&mut self) {
        if self.track.point_to_point() {
            self.check_run_off();
            return;
        }
        if self.lap_open {
            let last = self.track.sectors.len().saturating_sub(1);
            let number = u32::try_from(last).unwrap_or(u32::MAX);
            self.sector_error(
                "lap-not-closed",
                Section::Lap,
                number,
                format!("the lap is not closed: the last sector ({number}) does not link into sector 0, so no car can reach the finish line; close the lap (the inspector's Close the lap, or stretches until the end meets the start)"),
            );
            self.report.offer_fix(Fix::CloseLap);
        }
    }

    /// Spaces out of reach of the grid or the chute, or that cannot reach the finish line.
    /// Those a missing link explains are reported once, under it, with the link as its fix;
    /// the rest space by space.
    fn check_reachability(&mut self, mut unreached: Unreached, missing: &[MissingLink]) {
        for link in missing {
            let (grid, chute, stuck) = link.mends.counts();
            let spaces = |n: usize| {
                if n == 1 {
                    "1 space".to_owned()
                } else {
                    format!("{n} spaces")
                }
            };
            let parts: Vec<String> = [
                (grid, "cannot be reached from the starting grid"),
                (chute, "cannot be reached from the chute"),
                (stuck, "cannot reach the finish line"),
            ]
            .into_iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!("{} {what}", spaces(n)))
            .collect();
            let (from, to) = (link.from, link.to);
            self.space_error(
                "link-missing",
                from,
                format!(
                    "link {from} -> {to} is missing: because of it, {}; its Fix re-adds it",
                    parts.join(", ")
                ),
            );
            self.report.offer_fix(Fix::AddLink { from, to });
            unreached.remove(&link.mends);
        }
        let sorted = |set: Option<BTreeSet<SpaceRef>>| -> Vec<SpaceRef> {
            set.map(|set| set.into_iter().collect()).unwrap_or_default()
        };
        self.report_spaces(
            "unreachable-from-grid",
            &sorted(unreached.from_grid),
            "cannot be reached from the starting grid",
        );
        self.report_spaces(
            "unreachable-from-chute",
            &sorted(unreached.from_chute),
            "cannot be reached from the chute",
        );
        self.report_spaces(
            "finish-unreachable",
            &sorted(unreached.stuck),
            "can never reach the finish line (a dead end, or a loop that avoids it)",
        );
    }

    fn report_spaces(&mut self, code: &'static str, spaces: &[SpaceRef], what: &str) {
        for at in spaces.iter().take(MAX_PER_CHECK) {
            self.space_error(code, *at, format!("space {at} {what}"));
        }
        if spaces.len() > MAX_PER_CHECK {
            let more = spaces.len() - MAX_PER_CHECK;
            self.report.error(
                code,
                None,
                &[Needle::Field("sectors")],
                format!("{more} more spaces {what}"),
            );
        }
    }

    /// A crossover is four shared spaces: a 2×2 block of each stretch, at right angles.
    fn check_crossover(&mut self) {
        let pairs = &self.track.crossover;
        if pairs.is_empty() {
            if self.drawing_sane {
                self.check_undeclared_crossing();
            }
            return;
        }
        if pairs.len() != 4 {
            self.report.error(
                "crossover-size",
                None,
                &[Needle::Field("crossover")],
                format!(
                    "the crossover has {} shared spaces; a crossover has exactly four (7.12)",
                    pairs.len()
                ),
            );
            return;
        }
        for pair in pairs {
            for at in [pair.0, pair.1] {
                if self.track.space(at).is_none() {
                    self.report.error(
                        "dangling-link",
                        None,
                        &[Needle::Field("crossover"), Needle::Value(&at.to_string())],
                        format!("the crossover names {at}, which does not exist"),
                    );
                    return;
                }
            }
        }
        if self.drawing_sane && self.check_pairs_stacked() {
            return;
        }
        let pairs = &self.track.crossover;
        let sides = [
            pairs.iter().map(|p| p.0).collect::<Vec<_>>(),
            pairs.iter().map(|p| p.1).collect::<Vec<_>>(),
        ];
        for side in &sides {
            if !is_block(side) {
                let list: Vec<String> = side.iter().map(ToString::to_string).collect();
                self.report.error(
                    "crossover-shape",
                    None,
                    &[Needle::Field("crossover")],
                    format!(
                        "crossover spaces {} are not two lanes of two consecutive sectors",
                        list.join(", ")
                    ),
                );
                return;
            }
        }
        if sides[0].iter().any(|a| {
            sides[1]
                .iter()
                .any(|b| a.sector == b.sector && a.section == b.section)
        }) {
            self.report.error(
                "crossover-shape",
                None,
                &[Needle::Field("crossover")],
                "the two stretches of a crossover must be different sectors".to_owned(),
            );
            return;
        }
        let heading = |at: SpaceRef| self.track.space(at).map_or(0.0, |space| space.heading);
        let difference = (heading(sides[0][0]) - heading(sides[1][0])).rem_euclid(180.0);
        if (difference - 90.0).abs() > CROSSOVER_ANGLE_TOLERANCE {
            self.report.error(
                "crossover-not-perpendicular",
                None,
                &[Needle::Field("crossover")],
                format!("the two stretches of the crossover meet at {difference:.0}°; they must cross at right angles"),
            );
        }
    }

    /// Each pair's two spaces are one space on the board, so they must be drawn on one spot; a
    /// pair drawn apart is off the crossing (an edit moved one road, or the pairs name the
    /// wrong sectors). True when one was reported.
    fn check_pairs_stacked(&mut self) -> bool {
        let apart: Vec<(CrossoverPair, f32)> = self
            .track
            .crossover
            .iter()
            .filter_map(|&pair| {
                let distance = self.track.pair_distance(pair)?;
                (distance >= self.track.one_spot_tolerance()).then_some((pair, distance))
            })
            .collect();
        if apart.is_empty() {
            return false;
        }
        let drawn = self.track.drawn_crossing();
        let hint = if drawn.is_empty() {
            "no two lap spaces are drawn crossing".to_owned()
        } else {
            let list: Vec<String> = drawn.iter().map(|p| format!("{}/{}", p.0, p.1)).collect();
            format!(
                "the roads are drawn crossing at {} (Track > Detect crossover puts the crossover there)",
                list.join(", ")
            )
        };
        let length = self.track.space_size.length;
        for (pair, distance) in apart {
            self.report.error(
                "crossover-apart",
                Some(ObjectRef::Space { space: pair.0 }),
                &[
                    Needle::Field("crossover"),
                    Needle::Value(&pair.0.to_string()),
                ],
                format!(
                    "crossover pair {}/{} is drawn {:.1} spaces apart; the two spaces of a pair \
                     are one shared space and must be drawn on one spot (7.12); {hint}",
                    pair.0,
                    pair.1,
                    distance / length,
                ),
            );
            if !drawn.is_empty() {
                self.report.offer_fix(Fix::DetectCrossover);
            }
        }
        true
    }

    /// Lap spaces drawn on one spot at right angles with no crossover declared: cars there
    /// would not share the space (7.12).
    fn check_undeclared_crossing(&mut self) {
        let drawn = self.track.drawn_crossing();
        let Some(first) = drawn.first() else {
            return;
        };
        self.report.warning(
            "crossover-undeclared",
            Some(ObjectRef::Space { space: first.0 }),
            &[Needle::Field("sectors")],
            format!(
                "{} and {} are drawn on one spot at right angles ({} such pairs), but the track \
                 declares no crossover, so they are two separate spaces in play (7.12); \
                 Track > Detect crossover declares it",
                first.0,
                first.1,
                drawn.len()
            ),
        );
        self.report.offer_fix(Fix::DetectCrossover);
    }

    /// Grid positions 1..N, unique, on distinct existing spaces, N large enough, off the line.
    /// A Thunder Alley or Grand Prix track ignores its grid (3.0), but its slots must still name
    /// existing spaces: every reference a file makes is checked on every style.
    fn check_grid(&mut self, grid_needed: u32) {
        if !self.track.style.uses_grid() {
            for slot in &self.track.grid {
                if self.track.space(slot.space).is_none() {
                    self.report.error(
                        "grid-missing-space",
                        None,
                        &[
                            Needle::Field("grid"),
                            Needle::Value(&slot.space.to_string()),
                        ],
                        format!(
                            "grid position {} is on {}, which does not exist (the grid of this \
                             style is ignored, but it must still name real spaces)",
                            slot.position, slot.space
                        ),
                    );
                }
            }
            return;
        }
        let mut positions: Vec<u32> = self.track.grid.iter().map(|slot| slot.position).collect();
        positions.sort_unstable();
        let expected: Vec<u32> = (1..=u32::try_from(positions.len()).unwrap_or(u32::MAX)).collect();
        if positions != expected {
            self.report.error(
                "grid-numbering",
                None,
                &[Needle::Field("grid")],
                "grid positions must be numbered 1 to N, each once, without gaps".to_owned(),
            );
        }
        if (self.track.grid.len() as u64) < u64::from(grid_needed) {
            self.report.error(
                "grid-too-small",
                None,
                &[Needle::Field("grid")],
                format!(
                    "the grid has {} positions; the largest field needs {grid_needed}",
                    self.track.grid.len()
                ),
            );
        }
        let last_lap_sector = u32::try_from(self.track.sectors.len() - 1).unwrap_or(u32::MAX);
        let mut used: BTreeMap<SpaceRef, u32> = BTreeMap::new();
        for slot in &self.track.grid {
            let position = slot.position.to_string();
            let needles = [
                Needle::Field("grid"),
                Needle::Value(&slot.space.to_string()),
            ];
            if self.track.space(slot.space).is_none() {
                self.report.error(
                    "grid-missing-space",
                    None,
                    &needles,
                    format!(
                        "grid position {position} is on {}, which does not exist",
                        slot.space
                    ),
                );
                continue;
            }
            if let Some(other) = used.insert(slot.space, slot.position) {
                self.report.error(
                    "grid-duplicate-space",
                    None,
                    &needles,
                    format!(
                        "grid positions {other} and {position} are both on {}",
                        slot.space
                    ),
                );
            }
            if slot.space.section == Section::Lap && slot.space.sector == last_lap_sector {
                self.space_error(
                    "grid-at-finish",
                    slot.space,
                    format!("grid position {position} is on {}, just before the finish line: cars there would score on their first move", slot.space),
                );
            }
        }
    }

    /// Exactly one chute, beside an edge lane of the lap.
    fn check_chute(&mut self) {
        let Some(chute) = self.track.chute else {
            if self.track.style == TrackStyle::ApocalypseRoad {
                self.report.error(
                    "chute-missing",
                    None,
                    &[Needle::Field("sectors")],
                    "the track has no chute, where replacement cars enter (8.3)".to_owned(),
                );
                if let Some(beside) = chute_spot(self.track) {
                    self.report.offer_fix(Fix::PlaceChute {
                        beside,
                        side: LaneSide::Outside,
                    });
                }
            }
            return;
        };
        let needles = [Needle::Field("chute")];
        let Some(sector) = self
            .track
            .section(chute.beside.section)
            .get(usize::try_from(chute.beside.sector).unwrap_or(usize::MAX))
            .filter(|_| chute.beside.section == Section::Lap)
        else {
            self.report.error(
                "chute-no-access",
                None,
                &needles,
                format!(
                    "the chute is beside {}, which is not a space of the lap",
                    chute.beside
                ),
            );
            return;
        };
        let edge_lane = match chute.side {
            LaneSide::Inside => sector.spaces.iter().map(|s| s.lane).min(),
            LaneSide::Outside => sector.spaces.iter().map(|s| s.lane).max(),
        };
        if edge_lane != Some(chute.beside.lane) || self.track.space(chute.beside).is_none() {
            self.report.error(
                "chute-no-access",
                None,
                &needles,
                format!("the chute is on the {:?} side of {}, which is not that edge of its sector: a car could not move laterally onto the track", chute.side, chute.beside),
            );
        }
    }
}

/// Where a missing chute could go: beside the outermost lane of the lap sector a quarter of
/// the way round (the samples put theirs there), or the nearest sector after it whose outer
/// lane is plain road.
fn chute_spot(track: &Track) -> Option<SpaceRef> {
    let count = track.sectors.len();
    (0..count)
        .map(|offset| (count / 4 + offset) % count)
        .find_map(|index| {
            let outer = track.sectors[index].spaces.last()?;
            outer
                .terrain
                .is_paved()
                .then(|| SpaceRef::lap(u32::try_from(index).unwrap_or(u32::MAX), outer.lane))
        })
}

/// Whether four spaces are two adjacent lanes of two consecutive sectors of one section.
fn is_block(spaces: &[SpaceRef]) -> bool {
    let sectors: BTreeSet<(Section, u32)> =
        spaces.iter().map(|at| (at.section, at.sector)).collect();
    let lanes: BTreeSet<u8> = spaces.iter().map(|at| at.lane).collect();
    let unique: BTreeSet<&SpaceRef> = spaces.iter().collect();
    let consecutive = |values: Vec<u32>| values.len() == 2 && values[1] == values[0] + 1;
    unique.len() == 4
        && sectors.len() == 2
        && sectors
            .iter()
            .map(|(section, _)| section)
            .collect::<BTreeSet<_>>()
            .len()
            == 1
        && lanes.len() == 2
        && consecutive(sectors.iter().map(|(_, n)| *n).collect())
        && consecutive(lanes.iter().map(|&l| u32::from(l)).collect())
}
