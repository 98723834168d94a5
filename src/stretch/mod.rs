//! The stretch builder: lays down a track a whole stretch at a time (straights, corners that
//! keep, narrow or widen the lanes, single-lane and rough stretches, jump sections, a starting
//! section, the grid and the chute), computing both the graph and the geometry. The studio's
//! stretch tools drive this same builder; what it makes can then be edited space by space.
//!
//! # Conventions
//!
//! - The builder is a turtle: a cursor at the centre of the track's leading edge with a
//!   heading, in degrees clockwise from east on a y-down plane (as on screen). A positive turn
//!   is to the right.
//! - Lane 0, the apron, is on the side given by [`Inside`] for the whole track.
//! - Linking between sectors of different widths spreads the lanes evenly
//!   ([`lane_links`]): narrowing makes neighbouring lanes converge, widening makes a lane fork.
//!   A forward link never enters a trough; a lane that would is forked to the jump lanes beside
//!   it instead (7.14: only a movement event puts a car in the trough).

pub mod course;
mod links;
mod resume;
pub mod samples;
mod sector_step;
pub mod start_placement;
pub mod tile_set;

use std::f32::consts::PI;

pub use links::lane_links;
pub use sector_step::SectorStep;

use crate::content::kind::TrackKind;
use crate::content::race_deck::LaneSide;
use crate::content::text::{Id, TerrainId, Text};
use crate::content::track::{
    Chute, GridSlot, OffTrack, Section, Sector, Space, SpaceRef, SpaceSize, Track, TrackStyle,
};

/// Which side of the direction of travel the apron (lane 0) is on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Inside {
    /// Lane 0 on the right: a track driven clockwise on screen.
    Right,
    /// Lane 0 on the left: a track driven anticlockwise on screen.
    Left,
}

/// Why a stretch cannot be laid.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BuildError {
    /// A stretch of no sectors or no lanes.
    #[error("a stretch needs at least one sector and one lane")]
    Empty,
    /// A lane would have to split into more than two.
    #[error(
        "{from} lanes cannot widen to {to} at once: a lane forks into at most two (widen to {} lanes first)",
        from.saturating_mul(2).max(1)
    )]
    TooWide {
        /// Lanes before.
        from: u8,
        /// Lanes after.
        to: u8,
    },
    /// Closing a lap that has no sectors.
    #[error("the lap has no sectors to close")]
    NothingToClose,
    /// A sector number that does not exist.
    #[error("sector {0} does not exist")]
    NoSuchSector(u32),
    /// The lap's end runs past its start: closing it would draw the last stretch over the
    /// first.
    #[error(
        "the lap's end runs {:.1} spaces past its start, and no straight heading the way the start does is long enough to take that much off; shorten the track before closing it",
        f64::from(*tenths) / 10.0
    )]
    Overshoots {
        /// How far past, in tenths of a space.
        tenths: u32,
    },
    /// The lap's end is too far from its start, off its line, for links to join them without
    /// drawing across the gap ([`CLOSING_TOLERANCE`]).
    #[error(
        "the lap's end is {} spaces {} its start, {} lanes beside its line and turned {}° from it: closing it would draw links across the gap. Lay track until the end is within half a space and half a lane of the start, heading its way (on the start's line, a gap ahead is filled by a straight)",
        f64::from(ahead.unsigned_abs()) / 10.0,
        if *ahead >= 0 { "short of" } else { "past" },
        f64::from(aside.unsigned_abs()) / 10.0,
        turn.unsigned_abs()
    )]
    Gap {
        /// How far the start lies ahead of the end along the end's heading, in tenths of a
        /// space (negative: the end runs past it).
        ahead: i32,
        /// How far the start lies beside the end's line, in tenths of a lane.
        aside: i32,
        /// The turn from the end's heading to the start's, in whole degrees.
        turn: i32,
    },
}

/// How near its start the end of a lap must be for "Close the lap" to link them where they
/// are: within this share of a space along the line and of a lane across it, heading within
/// [`CLOSING_TURN`] degrees of the start's way. Beyond it the closing links would cross the
/// gap as long diagonals that look wrong and play as a shortcut, so closing is refused with
/// how far off the end is. (An end on the start's line is exempt: a straight fills its gap.)
pub const CLOSING_TOLERANCE: f32 = 0.5;

/// How far, in degrees, the lap's end may head away from its start's heading and still close.
pub const CLOSING_TURN: f32 = 30.0;

/// How the end of the lap lies against its start.
#[derive(Clone, Copy, Debug)]
struct Gap {
    /// How far the start is ahead of the end, along the end's heading (negative: behind).
    ahead: f32,
    /// How far the start lies beside the end's line (to its right, as the builder turns).
    aside: f32,
    /// The turn from the end's heading to the start's, in degrees.
    turn: f32,
    /// Whether the start is on the end's line and heading its way.
    in_line: bool,
}

/// The turtle's position: the centre of the next sector's leading edge.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Cursor {
    x: f32,
    y: f32,
    heading: f32,
}

/// Builds a track stretch by stretch.
#[derive(Clone, Debug)]
pub struct TrackBuilder {
    track: Track,
    inside: Inside,
    cursor: Cursor,
}

impl TrackBuilder {
    /// Starts a track at (`x`, `y`) heading `heading` degrees.
    #[must_use]
    pub fn new(
        id: &str,
        name: &str,
        style: TrackStyle,
        inside: Inside,
        at: (f32, f32),
        heading: f32,
    ) -> Self {
        Self {
            track: Track {
                kind: TrackKind::Track,
                version: Track::VERSION,
                id: Id::from(id),
                name: Text::from(name),
                style,
                space_size: SpaceSize {
                    length: 1.0,
                    width: 1.0,
                },
                sectors: Vec::new(),
                start_sectors: Vec::new(),
                grid: Vec::new(),
                chute: None,
                crossover: Vec::new(),
                route: crate::content::track::Route::Lap,
                background: None,
                tiles: Vec::new(),
                rolling: None,
            },
            inside,
            cursor: Cursor {
                x: at.0,
                y: at.1,
                heading,
            },
        }
    }

    /// The builder with spaces of `size` (a track starts with spaces one unit square).
    #[must_use]
    pub fn with_space_size(mut self, size: SpaceSize) -> Self {
        self.track.space_size = size;
        self
    }

    /// The number the next lap sector will get.
    #[must_use]
    pub fn next_sector(&self) -> u32 {
        u32::try_from(self.track.sectors.len()).unwrap_or(u32::MAX)
    }

    /// A straight of `sectors` × `lanes` paved spaces.
    pub fn straight(&mut self, sectors: u32, lanes: u8) -> Result<&mut Self, BuildError> {
        self.stretch(sectors, lanes, 0.0, None, |_| TerrainId::paved())
    }

    /// A corner turning `degrees` (positive to the right) over `sectors`, its centre line on an
    /// arc of `radius`. Fewer lanes than before make a converging corner, more a diverging one.
    pub fn corner(
        &mut self,
        sectors: u32,
        lanes: u8,
        degrees: f32,
        radius: f32,
    ) -> Result<&mut Self, BuildError> {
        self.stretch(sectors, lanes, degrees, Some(radius), |_| {
            TerrainId::paved()
        })
    }

    /// A whole plain oval: a straight, a half-turn, an equal straight and a half-turn, all on
    /// `lanes` lanes, then the lap is closed. The two straights being equal is what makes the
    /// loop meet itself.
    pub fn plain_oval(
        &mut self,
        straight: u32,
        corner: u32,
        lanes: u8,
        radius: f32,
    ) -> Result<&mut Self, BuildError> {
        self.straight(straight, lanes)?
            .corner(corner, lanes, 180.0, radius)?
            .straight(straight, lanes)?
            .corner(corner, lanes, 180.0, radius)?
            .close()
    }

    /// A single-lane stretch (5.4.4).
    pub fn single_lane(&mut self, sectors: u32) -> Result<&mut Self, BuildError> {
        self.straight(sectors, 1)
    }

    /// A rough (dirt) straight: no lane changes inside it (7.13).
    pub fn rough(&mut self, sectors: u32, lanes: u8) -> Result<&mut Self, BuildError> {
        self.stretch(sectors, lanes, 0.0, None, |_| TerrainId::rough())
    }

    /// A jump section: three lanes, the middle one the trough (7.14).
    pub fn jump(&mut self, sectors: u32) -> Result<&mut Self, BuildError> {
        self.stretch(sectors, 3, 0.0, None, |lane| {
            if lane == 1 {
                TerrainId::trough()
            } else {
                TerrainId::jump()
            }
        })
    }

    /// Lays `sectors` sectors, linking each to the one before.
    fn stretch(
        &mut self,
        sectors: u32,
        lanes: u8,
        degrees: f32,
        radius: Option<f32>,
        terrain: impl Fn(u8) -> TerrainId,
    ) -> Result<&mut Self, BuildError> {
        if sectors == 0 || lanes == 0 {
            return Err(BuildError::Empty);
        }
        if let Some(previous) = self.track.sectors.last() {
            let from = u8::try_from(previous.spaces.len()).unwrap_or(u8::MAX);
            lane_links(from, lanes).ok_or(BuildError::TooWide { from, to: lanes })?;
        }
        let step = degrees / f32::from(u16::try_from(sectors).unwrap_or(u16::MAX));
        for _ in 0..sectors {
            let sector = self.lay_sector(lanes, step, radius, &terrain);
            self.push_lap_sector(sector);
        }
        Ok(self)
    }

    /// Lays one unlinked sector of `lanes` at the cursor, turning `step` degrees on an arc of
    /// `radius` (or straight), and moves the cursor past it.
    fn lay_sector(
        &mut self,
        lanes: u8,
        step: f32,
        radius: Option<f32>,
        terrain: impl Fn(u8) -> TerrainId,
    ) -> Sector {
        let (centre, heading, advance) = match radius {
            Some(radius) if step != 0.0 => self.arc_step(step, radius),
            _ => self.straight_step(),
        };
        let spaces = (0..lanes)
            .map(|lane| {
                let (x, y) = self.lane_position(centre, heading, lane, lanes);
                Space {
                    lane,
                    terrain: terrain(lane),
                    next: Vec::new(),
                    x: round(x),
                    y: round(y),
                    heading: round(heading.rem_euclid(360.0)),
                    size: self.arc_size(step, radius, lane, lanes),
                    hazard: false,
                    hazard_players: Vec::new(),
                }
            })
            .collect();
        self.cursor = advance;
        Sector {
            spaces,
            off_track: OffTrack::default(),
        }
    }

    fn straight_step(&self) -> ((f32, f32), f32, Cursor) {
        let length = self.track.space_size.length;
        let (dx, dy) = direction(self.cursor.heading);
        let centre = (
            self.cursor.x + dx * length / 2.0,
            self.cursor.y + dy * length / 2.0,
        );
        let advance = Cursor {
            x: self.cursor.x + dx * length,
            y: self.cursor.y + dy * length,
            ..self.cursor
        };
        (centre, self.cursor.heading, advance)
    }

    /// One sector along an arc turning `step` degrees.
    fn arc_step(&self, step: f32, radius: f32) -> ((f32, f32), f32, Cursor) {
        let sign = step.signum();
        let (nx, ny) = right_normal(self.cursor.heading);
        // The turn's centre lies `radius` to the right for a right turn, to the left otherwise.
        let (cx, cy) = (
            self.cursor.x + sign * nx * radius,
            self.cursor.y + sign * ny * radius,
        );
        let point = |heading: f32| {
            let (nx, ny) = right_normal(heading);
            (cx - sign * nx * radius, cy - sign * ny * radius)
        };
        let middle = self.cursor.heading + step / 2.0;
        let end = self.cursor.heading + step;
        let (ex, ey) = point(end);
        (
            point(middle),
            middle,
            Cursor {
                x: ex,
                y: ey,
                heading: end,
            },
        )
    }

    fn lane_position(&self, centre: (f32, f32), heading: f32, lane: u8, lanes: u8) -> (f32, f32) {
        let (nx, ny) = right_normal(heading);
        let offset = self.lane_offset(lane, lanes);
        (centre.0 + nx * offset, centre.1 + ny * offset)
    }

    /// How far a lane's centre lies to the right of the track's centre line.
    fn lane_offset(&self, lane: u8, lanes: u8) -> f32 {
        let from_middle = (f32::from(lanes) - 1.0) / 2.0 - f32::from(lane);
        match self.inside {
            Inside::Right => from_middle * self.track.space_size.width,
            Inside::Left => -from_middle * self.track.space_size.width,
        }
    }

    /// On an arc a lane's spaces are as long as its own arc: shorter inside the turn, longer
    /// outside, so that drawn spaces neither overlap nor leave gaps. Straights use the track's
    /// size.
    fn arc_size(&self, step: f32, radius: Option<f32>, lane: u8, lanes: u8) -> Option<SpaceSize> {
        let radius = radius.filter(|_| step != 0.0)?;
        // Turning right, lanes to the right are nearer the turn's centre; turning left, farther.
        let lane_radius = radius - step.signum() * self.lane_offset(lane, lanes);
        let length = round((step.to_radians() * lane_radius).abs());
        (length > 0.0).then_some(SpaceSize {
            length,
            width: self.track.space_size.width,
        })
    }

    fn push_lap_sector(&mut self, sector: Sector) {
        let number = self.next_sector();
        if let Some(previous) = number.checked_sub(1) {
            link_sectors(
                &mut self.track.sectors,
                previous as usize,
                &sector,
                SpaceRef::lap(number, 0),
            );
        }
        self.track.sectors.push(sector);
    }

    /// Numbers a starting grid of `positions` on the lap's sectors `first..`, pole in the
    /// frontmost sector, lane 0 first in each sector (the inside is ahead, 2.1).
    pub fn grid(&mut self, first: u32, positions: u32) -> Result<&mut Self, BuildError> {
        let spaces = self.grid_spaces(Section::Lap, first, positions)?;
        self.track.grid = number_from_front(spaces);
        Ok(self)
    }

    /// Lines cars up ahead of the finish line, Thunder Alley style (3.0): the last position in
    /// sector 0 and the rest forward from there.
    pub fn grid_ahead_of_finish(&mut self, positions: u32) -> Result<&mut Self, BuildError> {
        self.grid(0, positions)
    }

    fn grid_spaces(
        &self,
        section: Section,
        first: u32,
        positions: u32,
    ) -> Result<Vec<SpaceRef>, BuildError> {
        let sectors = self.track.section(section);
        let mut spaces = Vec::new();
        let mut number = first;
        while (spaces.len() as u64) < u64::from(positions) {
            let sector = sectors
                .get(number as usize)
                .ok_or(BuildError::NoSuchSector(number))?;
            spaces.extend(
                sector
                    .spaces
                    .iter()
                    .filter(|s| s.terrain.is_paved())
                    .map(|s| SpaceRef {
                        section,
                        sector: number,
                        lane: s.lane,
                    }),
            );
            number += 1;
        }
        spaces.truncate(positions as usize);
        Ok(spaces)
    }

    /// Puts the chute beside the edge lane of lap sector `sector` on `side`.
    pub fn chute(&mut self, sector: u32, side: LaneSide) -> Result<&mut Self, BuildError> {
        let spaces = &self
            .track
            .sectors
            .get(sector as usize)
            .ok_or(BuildError::NoSuchSector(sector))?
            .spaces;
        let lane = match side {
            LaneSide::Inside => 0,
            LaneSide::Outside => u8::try_from(spaces.len() - 1).unwrap_or(0),
        };
        self.track.chute = Some(Chute {
            beside: SpaceRef::lap(sector, lane),
            side,
        });
        Ok(self)
    }

    /// Closes the lap: the last sector links into sector 0 across the finish line.
    ///
    /// When the lap ends on the line of its start but short of it, a closing straight is laid
    /// first, its spaces stretched or shrunk to meet the start exactly; when it runs past its
    /// start (the last stretch would be drawn over the first), nothing changes and the error
    /// says by how much. A lap whose end is elsewhere (a drawing traced by hand) is linked as
    /// it lies.
    pub fn close(&mut self) -> Result<&mut Self, BuildError> {
        let last = self
            .track
            .sectors
            .len()
            .checked_sub(1)
            .ok_or(BuildError::NothingToClose)?;
        let first = self.track.sectors[0].clone();
        let lanes = u8::try_from(self.track.sectors[last].spaces.len()).unwrap_or(u8::MAX);
        let to = u8::try_from(first.spaces.len()).unwrap_or(u8::MAX);
        lane_links(lanes, to).ok_or(BuildError::TooWide { from: lanes, to })?;
        if let Some(start) = self.start_of(&first) {
            let gap = self.gap_to(start);
            let length = self.track.space_size.length;
            if gap.in_line && gap.ahead > length / 4.0 {
                self.closing_straight(gap.ahead, lanes);
            } else if gap.in_line && gap.ahead < -length / 4.0 {
                return Err(BuildError::Overshoots {
                    tenths: (-gap.ahead / length * 10.0).round() as u32,
                });
            } else if !gap.in_line {
                let width = self.track.space_size.width;
                let near = gap.ahead.abs() <= CLOSING_TOLERANCE * length
                    && gap.aside.abs() <= CLOSING_TOLERANCE * width
                    && gap.turn.abs() <= CLOSING_TURN;
                if !near {
                    return Err(BuildError::Gap {
                        ahead: (gap.ahead / length * 10.0).round() as i32,
                        aside: (gap.aside / width * 10.0).round() as i32,
                        turn: gap.turn.round() as i32,
                    });
                }
            }
        }
        let last = self.track.sectors.len() - 1;
        link_sectors(&mut self.track.sectors, last, &first, SpaceRef::lap(0, 0));
        Ok(self)
    }

    /// Where the cursor stands against `start`: how far ahead along its heading, and whether
    /// it is on the same line heading the same way.
    fn gap_to(&self, start: Cursor) -> Gap {
        let (dx, dy) = direction(self.cursor.heading);
        let (nx, ny) = right_normal(self.cursor.heading);
        let (gx, gy) = (start.x - self.cursor.x, start.y - self.cursor.y);
        let turn = turn_between(self.cursor.heading, start.heading);
        let aside = gx * nx + gy * ny;
        Gap {
            ahead: gx * dx + gy * dy,
            aside,
            turn,
            in_line: turn.abs() < 2.0 && aside.abs() < self.track.space_size.width / 4.0,
        }
    }

    /// Lays a straight `distance` long, in whole sectors of spaces as close to the track's
    /// length as that allows.
    fn closing_straight(&mut self, distance: f32, lanes: u8) {
        let size = self.track.space_size;
        let sectors = (distance / size.length).round().max(1.0);
        let length = distance / sectors;
        self.track.space_size.length = length;
        for _ in 0..sectors as u32 {
            let mut sector = self.lay_sector(lanes, 0.0, None, |_| TerrainId::paved());
            if (length - size.length).abs() > 1e-3 {
                for space in &mut sector.spaces {
                    space.size = Some(SpaceSize {
                        length: round(length),
                        width: size.width,
                    });
                }
            }
            self.push_lap_sector(sector);
        }
        self.track.space_size = size;
    }

    /// Lays a copy of `sectors` (a stretch copied with [`copy_sectors`]) at the end of the lap,
    /// turned and moved so that it starts where the lap ends, and linked to it. The copy keeps
    /// its own links between its sectors (forks included), its terrain, sizes and off-track
    /// spots.
    pub fn paste(&mut self, sectors: &[Sector]) -> Result<&mut Self, BuildError> {
        let first = sectors.first().ok_or(BuildError::Empty)?;
        if first.spaces.is_empty() {
            return Err(BuildError::Empty);
        }
        if let Some(previous) = self.track.sectors.last() {
            let from = u8::try_from(previous.spaces.len()).unwrap_or(u8::MAX);
            let to = u8::try_from(first.spaces.len()).unwrap_or(u8::MAX);
            lane_links(from, to).ok_or(BuildError::TooWide { from, to })?;
        }
        let source = self.start_of(first).ok_or(BuildError::Empty)?;
        if self.track.sectors.is_empty() {
            // The first stretch of an empty lap stays where it was drawn.
            self.cursor = source;
        }
        let turn = self.cursor.heading - source.heading;
        let (cos, sin) = (turn.to_radians().cos(), turn.to_radians().sin());
        let place = |x: f32, y: f32| {
            let (dx, dy) = (x - source.x, y - source.y);
            (
                round(self.cursor.x + dx * cos - dy * sin),
                round(self.cursor.y + dx * sin + dy * cos),
            )
        };
        let base = self.next_sector();
        let copies: Vec<Sector> = sectors
            .iter()
            .map(|sector| Sector {
                spaces: sector
                    .spaces
                    .iter()
                    .map(|space| {
                        let (x, y) = place(space.x, space.y);
                        Space {
                            x,
                            y,
                            heading: round((space.heading + turn).rem_euclid(360.0)),
                            next: space
                                .next
                                .iter()
                                .map(|to| SpaceRef::lap(base + to.sector, to.lane))
                                .collect(),
                            ..space.clone()
                        }
                    })
                    .collect(),
                off_track: sector.off_track,
            })
            .collect();
        let mut copies = copies.into_iter();
        if let Some(first) = copies.next() {
            self.push_lap_sector(first);
        }
        self.track.sectors.extend(copies);
        if let Some(end) = self.track.sectors.last().and_then(|last| self.end_of(last)) {
            self.cursor = end;
        }
        Ok(self)
    }

    /// Lays a separate starting section of `sectors` × `lanes` (2.1: used once, at the start),
    /// beside the lap: it runs from `at` with `heading` and its last sector links into lap
    /// sector `joins`. Its spaces get grid positions 1-N from the front.
    pub fn starting_section(
        &mut self,
        sectors: u32,
        lanes: u8,
        at: (f32, f32),
        heading: f32,
        joins: u32,
    ) -> Result<&mut Self, BuildError> {
        if sectors == 0 || lanes == 0 {
            return Err(BuildError::Empty);
        }
        let target = self
            .track
            .sectors
            .get(joins as usize)
            .ok_or(BuildError::NoSuchSector(joins))?
            .clone();
        let to = u8::try_from(target.spaces.len()).unwrap_or(u8::MAX);
        lane_links(lanes, to).ok_or(BuildError::TooWide { from: lanes, to })?;
        let saved = self.cursor;
        self.cursor = Cursor {
            x: at.0,
            y: at.1,
            heading,
        };
        let mut start = Vec::new();
        for number in 0..sectors {
            let sector = self.lay_sector(lanes, 0.0, None, |_| TerrainId::paved());
            if let Some(previous) = number.checked_sub(1) {
                link_sectors(
                    &mut start,
                    previous as usize,
                    &sector,
                    SpaceRef::start(number, 0),
                );
            }
            start.push(sector);
        }
        let last = start.len() - 1;
        link_sectors(&mut start, last, &target, SpaceRef::lap(joins, 0));
        self.cursor = saved;
        self.track.start_sectors = start;
        let spaces = self.grid_spaces(Section::Start, 0, u32::from(lanes) * sectors)?;
        self.track.grid = number_from_front(spaces);
        Ok(self)
    }

    /// Finds the crossover: spaces of two different sectors drawn on the same spot, heading at
    /// right angles. Returns how many shared spaces it found (a figure 8 has four).
    pub fn detect_crossover(&mut self) -> usize {
        self.track.crossover = self.track.drawn_crossing();
        self.track.crossover.len()
    }

    /// The track as built so far.
    #[must_use]
    pub fn track(&self) -> &Track {
        &self.track
    }

    /// Finishes building.
    #[must_use]
    pub fn build(self) -> Track {
        self.track
    }
}

/// The lap sectors holding `spaces`, copied as one stretch for [`TrackBuilder::paste`]: their
/// links to each other are kept, numbered from 0 (the first copied sector), and links out of
/// the stretch are dropped. `None` unless the spaces' sectors are one run of consecutive lap
/// sectors.
#[must_use]
pub fn copy_sectors(track: &Track, spaces: &[SpaceRef]) -> Option<Vec<Sector>> {
    let numbers: std::collections::BTreeSet<u32> = spaces
        .iter()
        .filter(|at| at.section == Section::Lap)
        .map(|at| at.sector)
        .collect();
    let (&first, &last) = (numbers.first()?, numbers.last()?);
    if (last - first + 1) as usize != numbers.len() {
        return None;
    }
    let copied = track.sectors.get(first as usize..=last as usize)?;
    Some(
        copied
            .iter()
            .map(|sector| Sector {
                spaces: sector
                    .spaces
                    .iter()
                    .map(|space| Space {
                        next: space
                            .next
                            .iter()
                            .filter(|to| {
                                to.section == Section::Lap && to.sector > first && to.sector <= last
                            })
                            .map(|to| SpaceRef::lap(to.sector - first, to.lane))
                            .collect(),
                        ..space.clone()
                    })
                    .collect(),
                off_track: sector.off_track,
            })
            .collect(),
    )
}

/// Links every space of `sectors[from]` into `to` (whose first space is `first`), spreading
/// lanes evenly and never entering a trough.
pub(crate) fn link_sectors(sectors: &mut [Sector], from: usize, to: &Sector, first: SpaceRef) {
    let from_lanes = u8::try_from(sectors[from].spaces.len()).unwrap_or(u8::MAX);
    let to_lanes = u8::try_from(to.spaces.len()).unwrap_or(u8::MAX);
    let Some(links) = lane_links(from_lanes, to_lanes) else {
        return;
    };
    for (from_lane, (space, targets)) in sectors[from].spaces.iter_mut().zip(links).enumerate() {
        space.next.clear();
        if space.terrain.is_standard_trough() {
            // A car in the trough moves laterally out first (7.14); it has no forward link.
            continue;
        }
        for lane in targets {
            let into_trough = to
                .spaces
                .get(usize::from(lane))
                .is_some_and(|s| s.terrain.is_standard_trough());
            let lanes = if into_trough {
                // Around the trough, on this lane's own side of it: a lane left of the trough's
                // line goes to the jump lane on the left, one right of it to the right, and only
                // a lane straight in line with it forks to both. Two lanes forking both ways
                // would cross.
                trough_sides(from_lane, from_lanes, lane, to_lanes)
            } else {
                vec![lane]
            };
            for lane in lanes {
                let target = SpaceRef { lane, ..first };
                if !space.next.contains(&target) {
                    space.next.push(target);
                }
            }
        }
    }
}

/// The jump lanes a lane links to instead of the trough lane `trough` ahead: lane `lane` of
/// `lanes` lies where the lanes are spread evenly across the width (as [`lane_links`] spreads
/// them), and goes to the side of the trough it lies on, or to both when it is in line.
fn trough_sides(lane: usize, lanes: u8, trough: u8, to_lanes: u8) -> Vec<u8> {
    let position = if lanes > 1 {
        lane as f32 * (f32::from(to_lanes) - 1.0) / (f32::from(lanes) - 1.0)
    } else {
        (f32::from(to_lanes) - 1.0) / 2.0
    };
    let trough_at = f32::from(trough);
    if (position - trough_at).abs() < 1e-3 {
        vec![trough - 1, trough + 1]
    } else if position < trough_at {
        vec![trough - 1]
    } else {
        vec![trough + 1]
    }
}

/// Grid positions from the front: the last sector given holds pole, lane 0 first.
pub(crate) fn number_from_front(mut spaces: Vec<SpaceRef>) -> Vec<GridSlot> {
    spaces.sort_by(|a, b| b.sector.cmp(&a.sector).then(a.lane.cmp(&b.lane)));
    spaces
        .into_iter()
        .enumerate()
        .map(|(index, space)| GridSlot {
            position: u32::try_from(index + 1).unwrap_or(u32::MAX),
            space,
        })
        .collect()
}

fn direction(heading: f32) -> (f32, f32) {
    let radians = heading * PI / 180.0;
    (radians.cos(), radians.sin())
}

/// The unit vector to the right of travel on a y-down plane.
fn right_normal(heading: f32) -> (f32, f32) {
    let (dx, dy) = direction(heading);
    (-dy, dx)
}

/// The turn from heading `from` to heading `to`, in degrees from -180 to 180 (positive to the
/// right).
pub(crate) fn turn_between(from: f32, to: f32) -> f32 {
    (to - from + 180.0).rem_euclid(360.0) - 180.0
}

/// Where the starting section starts: the middle of its first sector's trailing edge and the
/// heading there, as [`TrackBuilder::starting_section`] takes them. `None` without one.
#[must_use]
pub fn starting_section_origin(track: &Track) -> Option<((f32, f32), f32)> {
    let edge = resume::trailing_edge(track.space_size, track.start_sectors.first()?)?;
    Some(((edge.x, edge.y), edge.heading))
}

/// Rounds drawing coordinates to 1/1000 so files stay short and stable.
pub(crate) fn round(value: f32) -> f32 {
    let rounded = (value * 1000.0).round() / 1000.0;
    if rounded == 0.0 { 0.0 } else { rounded }
}
