//! Edits of a track: what the canvas tools and the inspector emit.
//!
//! Each edit keeps the graph coherent where it can: laying a stretch links it to the lap's end,
//! removing or inserting a sector renumbers every reference and links its neighbours, moving
//! the finish line renumbers the lap. What an edit cannot decide (a starting section that
//! joined a removed sector) is left for validation to report.

use std::collections::BTreeSet;

use crate::content::race_deck::LaneSide;
use crate::content::text::{Id, TerrainId, Text};
use crate::content::tile::Tile;
use crate::content::track::{
    Background, Chute, CrossoverPair, OffTrack, Route, Section, Sector, SpaceRef, SpaceSize, Track,
    TrackStyle,
};
use crate::stretch::{
    BuildError, Inside, TrackBuilder, lane_links, link_sectors, number_from_front,
};

use super::references::remap;

/// The shape of a stretch laid by the stretch tool.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum StretchShape {
    /// Paved and straight.
    Straight,
    /// Paved, turning `degrees` (positive to the right) on an arc of `radius`; fewer lanes than
    /// before converge, more diverge.
    Corner {
        /// The whole stretch's turn.
        degrees: f32,
        /// The centre line's radius, in track units.
        radius: f32,
    },
    /// One paved lane (5.4.4); the lane count is ignored.
    SingleLane,
    /// Rough ground (7.13).
    Rough,
    /// A jump section: three lanes, the trough in the middle (7.14); the lane count is ignored.
    Jump,
}

/// A stretch to lay at the end of the lap.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Stretch {
    /// Its shape.
    pub shape: StretchShape,
    /// How many sectors long.
    pub sectors: u32,
    /// How many lanes wide.
    pub lanes: u8,
}

/// Where the first stretch of an empty lap starts.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Origin {
    /// The centre of its leading edge.
    pub at: (f32, f32),
    /// Direction of travel, degrees clockwise from east.
    pub heading: f32,
    /// Which side lane 0 is on.
    pub inside: Inside,
}

impl Default for Origin {
    fn default() -> Self {
        Self {
            at: (0.0, 0.0),
            heading: 0.0,
            inside: Inside::Right,
        }
    }
}

/// One edit of a track.
#[derive(Clone, PartialEq, Debug)]
pub enum TrackEdit {
    /// Sets the id, name and style.
    SetInfo {
        /// The stable identifier.
        id: Id,
        /// The name shown to players.
        name: Text,
        /// Which game's conventions it follows.
        style: TrackStyle,
    },
    /// Lays a stretch at the end of the lap (at `origin` if the lap is empty).
    AppendStretch {
        /// What to lay.
        stretch: Stretch,
        /// Where an empty lap starts.
        origin: Origin,
    },
    /// Lays a copied stretch ([`crate::stretch::copy_sectors`]) at the end of the lap.
    PasteSectors {
        /// The sectors, linked to each other from 0.
        sectors: Vec<Sector>,
    },
    /// Lays a tile at the end of the lap ([`crate::stretch::course::lay_tile`]); a starting
    /// tile also brings its grid and chute when the track has none, and a crossover tile
    /// laid across the track finds the crossover.
    LayTile {
        /// The tile.
        tile: Box<Tile>,
    },
    /// Sets the route: laps, or point to point. Making a closed lap point to point opens it
    /// (its last sector's links into sector 0 go): its last sector becomes the run-off.
    SetRoute(Route),
    /// Links the lap's last sector into sector 0 across the finish line.
    CloseLap,
    /// Removes the links from the lap's last sector into sector 0: the lap is open again, its
    /// sectors where they are (a closing straight laid by Close the lap stays; Delete removes it).
    ReopenLap,
    /// Replaces the starting section (2.1) with a straight one joining lap sector `joins`, and
    /// numbers the grid on it.
    StartingSection {
        /// Its length.
        sectors: u32,
        /// Its width.
        lanes: u8,
        /// The centre of its first sector's trailing edge.
        at: (f32, f32),
        /// Its direction of travel.
        heading: f32,
        /// The lap sector it leads into.
        joins: u32,
    },
    /// Sets the terrain of spaces (the paint tool).
    SetTerrain {
        /// The spaces.
        spaces: Vec<SpaceRef>,
        /// Their new surface.
        terrain: TerrainId,
    },
    /// Marks spaces as hazard spots, or clears them (the hazard tool).
    SetHazard {
        /// The spaces.
        spaces: Vec<SpaceRef>,
        /// Whether they are hazard spots now.
        hazard: bool,
    },
    /// The player counts at which hazard spots hold a token (empty: every count).
    SetHazardPlayers {
        /// The spaces.
        spaces: Vec<SpaceRef>,
        /// The counts, ascending.
        players: Vec<u8>,
    },
    /// Removes whole sectors of one section, renumbering those after them and linking across
    /// the gap.
    RemoveSectors {
        /// Lap or starting section.
        section: Section,
        /// The sector numbers.
        sectors: Vec<u32>,
    },
    /// Inserts a copy of lap sector `after` just ahead of it, linked in between.
    InsertSector {
        /// The sector copied and followed.
        after: u32,
    },
    /// Adds a forward link.
    AddLink {
        /// From this space.
        from: SpaceRef,
        /// Into this one.
        to: SpaceRef,
    },
    /// Removes a forward link.
    RemoveLink {
        /// From this space.
        from: SpaceRef,
        /// Into this one.
        to: SpaceRef,
    },
    /// Moves spaces by (`dx`, `dy`) track units, each with the other space of its crossover
    /// pair.
    Translate {
        /// The spaces.
        spaces: Vec<SpaceRef>,
        /// Right.
        dx: f32,
        /// Down.
        dy: f32,
    },
    /// Turns spaces `degrees` clockwise about their centre.
    Rotate {
        /// The spaces.
        spaces: Vec<SpaceRef>,
        /// The turn.
        degrees: f32,
    },
    /// Sets one space's drawing (the inspector).
    SetGeometry {
        /// The space.
        at: SpaceRef,
        /// Centre x.
        x: f32,
        /// Centre y.
        y: f32,
        /// Heading in degrees.
        heading: f32,
        /// Its own size, or the track's.
        size: Option<SpaceSize>,
    },
    /// Sets which sides of a sector have an off-track spot.
    SetOffTrack {
        /// Lap or starting section.
        section: Section,
        /// The sector.
        sector: u32,
        /// The spots.
        off_track: OffTrack,
    },
    /// Moves the finish line so it lies just behind lap sector `sector`, which becomes 0.
    SetFinishLine {
        /// The sector that becomes sector 0.
        sector: u32,
    },
    /// Numbers these spaces as the grid, from the front (pole in the frontmost sector, lane 0
    /// first, 2.1); an empty list clears the grid.
    NumberGrid {
        /// The grid spaces.
        spaces: Vec<SpaceRef>,
    },
    /// Places (or, with `None`, removes) the chute.
    SetChute(Option<Chute>),
    /// Adds a crossover pair (7.12).
    AddCrossover(CrossoverPair),
    /// Removes every crossover pair holding this space.
    RemoveCrossover(SpaceRef),
    /// Finds the crossover from the drawing: lap spaces drawn on one spot at right angles.
    DetectCrossover,
    /// Sets or removes the background picture.
    SetBackground(Option<Background>),
}

/// Why a track edit cannot be made.
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
pub enum TrackEditError {
    /// The stretch builder refused.
    #[error(transparent)]
    Build(#[from] BuildError),
    /// A space that does not exist.
    #[error("space {0} does not exist")]
    NoSuchSpace(SpaceRef),
    /// A sector that does not exist.
    #[error("sector {0} does not exist")]
    NoSuchSector(u32),
    /// A link that is already there, or not there to remove.
    #[error("{0}")]
    Link(String),
    /// An edit with nothing to act on.
    #[error("nothing is selected")]
    NothingSelected,
    /// A stretch laid at the end of a lap that is closed: its end runs into sector 0.
    #[error(
        "the lap is closed: a stretch laid after its last sector would fork the road into the \
         finish line (remove the closing sectors first, or insert sectors with the inspector)"
    )]
    LapClosed,
    /// Closing the lap of a point-to-point track.
    #[error(
        "the track is point to point: its end is the run-off, beyond the finish line; make it a \
         lap (the inspector's Route) before closing it"
    )]
    PointToPoint,
    /// Reopening a lap that is not closed.
    #[error("the lap is not closed: its last sector does not run into sector 0")]
    LapOpen,
    /// A tile that cannot be laid at the end of the lap.
    #[error(transparent)]
    Tile(#[from] crate::stretch::course::TileRefusal),
    /// An edit that would draw the two spaces of a crossover pair apart.
    #[error(
        "this would pull the crossover apart: {} and {} would no longer be drawn on one spot \
         (select both roads of the crossing, or remove the crossover first)",
        .0.0, .0.1
    )]
    PullsCrossoverApart(CrossoverPair),
}

impl TrackEdit {
    /// A short name for the undo menu.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::SetInfo { .. } => "Edit track info",
            Self::AppendStretch { stretch, .. } => match stretch.shape {
                StretchShape::Straight => "Lay straight",
                StretchShape::Corner { .. } => "Lay corner",
                StretchShape::SingleLane => "Lay single lane",
                StretchShape::Rough => "Lay rough stretch",
                StretchShape::Jump => "Lay jump section",
            },
            Self::PasteSectors { .. } => "Paste sectors",
            Self::LayTile { .. } => "Lay tile",
            Self::SetRoute(Route::Lap) => "Make the track a lap",
            Self::SetRoute(Route::PointToPoint) => "Make the track point to point",
            Self::CloseLap => "Close lap",
            Self::ReopenLap => "Reopen lap",
            Self::StartingSection { .. } => "Lay starting section",
            Self::SetTerrain { .. } => "Paint terrain",
            Self::SetHazard { hazard: true, .. } => "Mark hazard spots",
            Self::SetHazard { hazard: false, .. } => "Clear hazard spots",
            Self::SetHazardPlayers { .. } => "Set the player counts of hazard spots",
            Self::RemoveSectors { .. } => "Remove sectors",
            Self::InsertSector { .. } => "Insert sector",
            Self::AddLink { .. } => "Add link",
            Self::RemoveLink { .. } => "Remove link",
            Self::Translate { .. } => "Move",
            Self::Rotate { .. } => "Rotate",
            Self::SetGeometry { .. } => "Edit space",
            Self::SetOffTrack { .. } => "Edit off-track spots",
            Self::SetFinishLine { .. } => "Set finish line",
            Self::NumberGrid { .. } => "Number grid",
            Self::SetChute(_) => "Place chute",
            Self::AddCrossover(_) => "Add crossover pair",
            Self::RemoveCrossover(_) => "Remove crossover pair",
            Self::DetectCrossover => "Detect crossover",
            Self::SetBackground(_) => "Background picture",
        }
    }

    /// Applies the edit. On error the track is unchanged.
    ///
    /// A crossover that was drawn true (every pair on one spot) stays true: an edit that
    /// renumbers or moves sectors under it finds it again from the drawing, and a rotation that
    /// would draw a pair apart is refused.
    pub fn apply(&self, track: &mut Track) -> Result<(), TrackEditError> {
        let mut edited = track.clone();
        self.apply_to(&mut edited)?;
        self.keep_crossover_true(track, &mut edited)?;
        *track = edited;
        Ok(())
    }

    fn keep_crossover_true(&self, before: &Track, after: &mut Track) -> Result<(), TrackEditError> {
        let is_true = |track: &Track| track.crossover.iter().all(|p| track.pair_is_stacked(*p));
        if before.crossover.is_empty() || !is_true(before) {
            // No crossover, or one the designer is still putting right: theirs to fix, and
            // validation says what is wrong with it.
            return Ok(());
        }
        if after.crossover.len() == before.crossover.len() && is_true(after) {
            return Ok(());
        }
        match self {
            // Edits the designer aims at chosen spaces: moving one road alone is refused.
            Self::Rotate { .. } | Self::Translate { .. } | Self::SetGeometry { .. } => {
                let apart = after
                    .crossover
                    .iter()
                    .copied()
                    .find(|pair| !after.pair_is_stacked(*pair))
                    .unwrap_or(before.crossover[0]);
                Err(TrackEditError::PullsCrossoverApart(apart))
            }
            // The designer's own crossover edits say what they mean.
            Self::AddCrossover(_) | Self::RemoveCrossover(_) | Self::DetectCrossover => Ok(()),
            // Edits that renumber, remove or move whole sectors: the crossover is where the
            // roads are now drawn crossing (none, if the crossing is gone).
            _ => {
                after.crossover = after.drawn_crossing();
                Ok(())
            }
        }
    }

    fn apply_to(&self, track: &mut Track) -> Result<(), TrackEditError> {
        match self {
            Self::SetInfo { id, name, style } => {
                track.id = id.clone();
                track.name = name.clone();
                track.style = *style;
            }
            Self::AppendStretch { .. } | Self::PasteSectors { .. } | Self::LayTile { .. }
                if track.lap_is_closed() =>
            {
                return Err(TrackEditError::LapClosed);
            }
            Self::AppendStretch { stretch, origin } => append(track, *stretch, *origin)?,
            Self::LayTile { tile } => lay_tile(track, tile)?,
            Self::PasteSectors { sectors } => {
                with_builder(track, |builder| builder.paste(sectors).map(|_| ()))?;
            }
            Self::CloseLap if track.point_to_point() => return Err(TrackEditError::PointToPoint),
            Self::CloseLap => close_lap(track)?,
            Self::ReopenLap => reopen_lap(track)?,
            Self::SetRoute(route) => set_route(track, *route)?,
            Self::StartingSection {
                sectors,
                lanes,
                at,
                heading,
                joins,
            } => with_builder(track, |builder| {
                builder
                    .starting_section(*sectors, *lanes, *at, *heading, *joins)
                    .map(|_| ())
            })?,
            Self::SetTerrain { spaces, terrain } => {
                require(track, spaces)?;
                each_space(track, spaces, |space| space.terrain = terrain.clone());
                relink_around_troughs(track, spaces);
            }
            Self::SetHazard { spaces, hazard } => {
                change_spaces(track, spaces, |space| space.hazard = *hazard)?;
            }
            Self::SetHazardPlayers { spaces, players } => {
                change_spaces(track, spaces, |s| s.hazard_players.clone_from(players))?;
            }
            Self::RemoveSectors { section, sectors } => remove_sectors(track, *section, sectors)?,
            Self::InsertSector { after } => insert_sector(track, *after)?,
            Self::AddLink { from, to } => add_link(track, *from, *to)?,
            Self::RemoveLink { from, to } => remove_link(track, *from, *to)?,
            Self::Translate { spaces, dx, dy } => translate(track, spaces, *dx, *dy)?,
            Self::Rotate { spaces, degrees } => rotate(track, spaces, *degrees)?,
            Self::SetGeometry {
                at,
                x,
                y,
                heading,
                size,
            } => {
                let space = space_mut(track, *at).ok_or(TrackEditError::NoSuchSpace(*at))?;
                space.x = *x;
                space.y = *y;
                space.heading = heading.rem_euclid(360.0);
                space.size = *size;
                move_partners(track, *at, *x, *y);
            }
            Self::SetOffTrack {
                section,
                sector,
                off_track,
            } => set_off_track(track, *section, *sector, *off_track)?,
            Self::SetFinishLine { sector } => set_finish_line(track, *sector)?,
            Self::NumberGrid { spaces } => {
                require(track, spaces)?;
                let unique: BTreeSet<SpaceRef> = spaces.iter().copied().collect();
                track.grid = number_from_front(unique.into_iter().collect());
            }
            Self::SetChute(chute) => {
                if let Some(chute) = chute {
                    require(track, &[chute.beside])?;
                }
                track.chute = *chute;
            }
            Self::AddCrossover(pair) => {
                require(track, &[pair.0, pair.1])?;
                let pair = oriented_like_the_others(track, *pair);
                if !track.crossover.contains(&pair) {
                    track.crossover.push(pair);
                }
            }
            Self::RemoveCrossover(at) => {
                track
                    .crossover
                    .retain(|pair| pair.0 != *at && pair.1 != *at);
            }
            Self::DetectCrossover => {
                with_builder(track, |builder| {
                    builder.detect_crossover();
                    Ok(())
                })?;
            }
            Self::SetBackground(background) => track.background.clone_from(background),
        }
        Ok(())
    }
}

fn set_off_track(
    track: &mut Track,
    section: Section,
    sector: u32,
    off_track: OffTrack,
) -> Result<(), TrackEditError> {
    let sectors = match section {
        Section::Lap => &mut track.sectors,
        Section::Start => &mut track.start_sectors,
    };
    sectors
        .get_mut(sector as usize)
        .ok_or(TrackEditError::NoSuchSector(sector))?
        .off_track = off_track;
    Ok(())
}

/// Draws the other space of each crossover pair holding `at` at (`x`, `y`): the two are one
/// spot on the board.
fn move_partners(track: &mut Track, at: SpaceRef, x: f32, y: f32) {
    let partners: Vec<SpaceRef> = track
        .crossover
        .iter()
        .filter_map(|&CrossoverPair(a, b)| (a == at).then_some(b).or((b == at).then_some(a)))
        .collect();
    for partner in partners {
        if let Some(space) = space_mut(track, partner) {
            space.x = x;
            space.y = y;
        }
    }
}

/// The chute beside the edge lane of a space on the side it touches: lane 0 is the inside.
#[must_use]
pub fn chute_beside(track: &Track, at: SpaceRef) -> Option<Chute> {
    let lanes = track
        .section(at.section)
        .get(at.sector as usize)?
        .spaces
        .len();
    let side = if at.lane == 0 {
        LaneSide::Inside
    } else if usize::from(at.lane) + 1 == lanes {
        LaneSide::Outside
    } else {
        return None;
    };
    Some(Chute { beside: at, side })
}

fn with_builder(
    track: &mut Track,
    build: impl FnOnce(&mut TrackBuilder) -> Result<(), BuildError>,
) -> Result<(), TrackEditError> {
    let mut builder = TrackBuilder::resume(track.clone(), Inside::Right, (0.0, 0.0), 0.0);
    build(&mut builder)?;
    *track = builder.build();
    Ok(())
}

fn lay_tile(track: &mut Track, tile: &Tile) -> Result<(), TrackEditError> {
    let mut builder = TrackBuilder::resume(track.clone(), Inside::Right, (0.0, 0.0), 0.0);
    let base = crate::stretch::course::lay_tile(&mut builder, tile)?;
    let mut laid = builder.build();
    let moved = |at: SpaceRef| SpaceRef::lap(base + at.sector, at.lane);
    if laid.grid.is_empty() && !tile.grid.is_empty() {
        laid.grid = tile
            .grid
            .iter()
            .map(|slot| crate::content::track::GridSlot {
                position: slot.position,
                space: moved(slot.space),
            })
            .collect();
    }
    if laid.chute.is_none() {
        laid.chute = tile.chute.map(|chute| crate::content::track::Chute {
            beside: moved(chute.beside),
            side: chute.side,
        });
    }
    if tile.crossing.is_some() {
        laid.crossover = laid.drawn_crossing();
    }
    // The track remembers which tile laid which sectors: what "save the laid tiles as a
    // course" writes, and what a course's track keeps.
    laid.tiles.push(crate::content::rolling_road::LaidTile {
        tile: tile.id.clone(),
        first_sector: base,
    });
    *track = laid;
    Ok(())
}

fn append(track: &mut Track, stretch: Stretch, origin: Origin) -> Result<(), TrackEditError> {
    let mut builder = TrackBuilder::resume(track.clone(), origin.inside, origin.at, origin.heading);
    let Stretch {
        shape,
        sectors,
        lanes,
    } = stretch;
    match shape {
        StretchShape::Straight => builder.straight(sectors, lanes)?,
        StretchShape::Corner { degrees, radius } => {
            builder.corner(sectors, lanes, degrees, radius)?
        }
        StretchShape::SingleLane => builder.single_lane(sectors)?,
        StretchShape::Rough => builder.rough(sectors, lanes)?,
        StretchShape::Jump => builder.jump(sectors)?,
    };
    *track = builder.build();
    Ok(())
}

/// Changes each of `spaces` (all of them on the track: `require` said so).
fn each_space(
    track: &mut Track,
    spaces: &[SpaceRef],
    mut change: impl FnMut(&mut crate::content::track::Space),
) {
    for &at in spaces {
        if let Some(space) = space_mut(track, at) {
            change(space);
        }
    }
}

fn space_mut(track: &mut Track, at: SpaceRef) -> Option<&mut crate::content::track::Space> {
    let sectors = match at.section {
        Section::Lap => &mut track.sectors,
        Section::Start => &mut track.start_sectors,
    };
    sectors
        .get_mut(at.sector as usize)?
        .spaces
        .iter_mut()
        .find(|space| space.lane == at.lane)
}

/// A crossover pair with its first space on the same road as the first spaces of the pairs
/// already there (validation reads the first spaces as one road and the second as the other,
/// 7.12). The user may click the two stacked spaces in either order.
fn oriented_like_the_others(track: &Track, pair: CrossoverPair) -> CrossoverPair {
    match track
        .crossover
        .first()
        .and_then(|first| track.space(first.0))
    {
        Some(first) => track.oriented(pair, first.heading),
        None => pair,
    }
}

/// Changes each of `spaces`, all of which must exist ([`require`]).
fn change_spaces(
    track: &mut Track,
    spaces: &[SpaceRef],
    change: impl FnMut(&mut crate::content::track::Space),
) -> Result<(), TrackEditError> {
    require(track, spaces)?;
    each_space(track, spaces, change);
    Ok(())
}

fn require(track: &Track, spaces: &[SpaceRef]) -> Result<(), TrackEditError> {
    if spaces.is_empty() {
        return Err(TrackEditError::NothingSelected);
    }
    match spaces.iter().find(|&&at| track.space(at).is_none()) {
        Some(&missing) => Err(TrackEditError::NoSuchSpace(missing)),
        None => Ok(()),
    }
}

/// Painting a trough changes which links are legal (7.14: no forward link enters a trough, a
/// trough has none of its own): the sectors touching a painted space are linked again.
fn relink_around_troughs(track: &mut Track, painted: &[SpaceRef]) {
    let touched: BTreeSet<(Section, u32)> = painted
        .iter()
        .filter(|at| {
            track
                .space(**at)
                .is_some_and(|space| space.terrain.is_standard_trough())
                || track
                    .section(at.section)
                    .get(at.sector as usize)
                    .is_some_and(|sector| {
                        sector.spaces.iter().any(|s| s.terrain.is_standard_trough())
                    })
        })
        .map(|at| (at.section, at.sector))
        .collect();
    for (section, sector) in touched {
        if section != Section::Lap {
            continue;
        }
        let count = track.sectors.len() as u32;
        let before = sector
            .checked_sub(1)
            .or(count.checked_sub(1).filter(|_| track.lap_is_closed()));
        if let Some(before) = before {
            relink(track, before, sector);
        }
        if sector + 1 < count || track.lap_is_closed() {
            relink(track, sector, (sector + 1) % count);
        }
    }
}

/// Links every space of lap sector `from` into lap sector `to`, as the builder would.
fn relink(track: &mut Track, from: u32, to: u32) {
    let Some(target) = track.sectors.get(to as usize).cloned() else {
        return;
    };
    let from_lanes = track
        .sectors
        .get(from as usize)
        .map_or(0, |s| s.spaces.len());
    if lane_links(
        u8::try_from(from_lanes).unwrap_or(u8::MAX),
        u8::try_from(target.spaces.len()).unwrap_or(u8::MAX),
    )
    .is_some()
    {
        link_sectors(
            &mut track.sectors,
            from as usize,
            &target,
            SpaceRef::lap(to, 0),
        );
    }
}

/// Closes the lap so that its end meets its start ([`TrackBuilder::close`]). A lap whose end
/// runs past its start on its line is first made shorter: the last straight heading the way
/// the start does loses as many whole sectors as it takes, and everything after it moves back
/// by as much; a gap left over is then filled by the closing straight. The designer's first
/// straight is usually that straight, and one undo gives it back.
fn close_lap(track: &mut Track) -> Result<(), TrackEditError> {
    let closed = with_builder(track, |builder| builder.close().map(|_| ()));
    let Err(TrackEditError::Build(BuildError::Overshoots { tenths })) = closed else {
        return closed;
    };
    let mut shorter = track.clone();
    if shorten_last_straight(&mut shorter, tenths) {
        with_builder(&mut shorter, |builder| builder.close().map(|_| ()))?;
        *track = shorter;
        Ok(())
    } else {
        closed
    }
}

/// Unlinks the lap's last sector from sector 0, so that stretches can be laid after it again.
/// Sets the route; a closed lap made point to point is opened first (its last sector becomes
/// the run-off).
fn set_route(track: &mut Track, route: Route) -> Result<(), TrackEditError> {
    if route == Route::PointToPoint && track.lap_is_closed() {
        reopen_lap(track)?;
    }
    track.route = route;
    Ok(())
}

fn reopen_lap(track: &mut Track) -> Result<(), TrackEditError> {
    if !track.lap_is_closed() {
        return Err(TrackEditError::LapOpen);
    }
    if let Some(last) = track.sectors.last_mut() {
        for space in &mut last.spaces {
            space
                .next
                .retain(|to| !(to.section == Section::Lap && to.sector == 0));
        }
    }
    Ok(())
}

/// Takes `tenths` of a space, rounded up to whole sectors, off the last straight run of lap
/// sectors heading as sector 0 does, and moves the sectors after it back; false when no such
/// straight is long enough (one sector of it is always kept).
fn shorten_last_straight(track: &mut Track, tenths: u32) -> bool {
    let Some(heading) = track
        .sectors
        .first()
        .and_then(|s| s.spaces.first())
        .map(|s| s.heading)
    else {
        return false;
    };
    let remove = tenths.div_ceil(10) as usize;
    let same_way = |sector: &Sector| {
        sector.spaces.iter().all(|space| {
            crate::stretch::turn_between(heading, space.heading).abs() < 1.0
                && space
                    .size
                    .is_none_or(|s| (s.length - track.space_size.length).abs() < 1e-3)
        })
    };
    // The last run of such sectors long enough, as (first, last) indices.
    let long_enough = |&(first, last): &(usize, usize)| last + 1 - first > remove;
    let mut found = None;
    let mut run: Option<(usize, usize)> = None;
    for (index, sector) in track.sectors.iter().enumerate().rev() {
        if same_way(sector) {
            run = Some(run.map_or((index, index), |(_, last)| (index, last)));
        } else if let Some(ended) = run.take()
            && long_enough(&ended)
        {
            found = Some(ended);
            break;
        }
    }
    let Some((_, last)) = found.or(run.filter(long_enough)) else {
        return false;
    };
    let removed: Vec<u32> = ((last + 1 - remove)..=last).map(|s| s as u32).collect();
    let after = last + 1 - remove;
    if remove_sectors(track, Section::Lap, &removed).is_err() {
        return false;
    }
    let back = remove as f32 * track.space_size.length;
    let (dx, dy) = (
        heading.to_radians().cos() * back,
        heading.to_radians().sin() * back,
    );
    for sector in &mut track.sectors[after..] {
        for space in &mut sector.spaces {
            space.x = crate::stretch::round(space.x - dx);
            space.y = crate::stretch::round(space.y - dy);
        }
    }
    true
}

fn remove_sectors(
    track: &mut Track,
    section: Section,
    sectors: &[u32],
) -> Result<(), TrackEditError> {
    let count = track.section(section).len() as u32;
    if sectors.is_empty() {
        return Err(TrackEditError::NothingSelected);
    }
    if let Some(&missing) = sectors.iter().find(|&&s| s >= count) {
        return Err(TrackEditError::NoSuchSector(missing));
    }
    let was_closed = track.lap_is_closed();
    let removed: BTreeSet<u32> = sectors.iter().copied().collect();
    let kept: Vec<u32> = (0..count).filter(|s| !removed.contains(s)).collect();
    let new_number = |old: u32| kept.binary_search(&old).ok().map(|i| i as u32);
    remap(track, |at| {
        if at.section != section {
            return Some(at);
        }
        Some(SpaceRef {
            sector: new_number(at.sector)?,
            ..at
        })
    });
    let list = match section {
        Section::Lap => &mut track.sectors,
        Section::Start => &mut track.start_sectors,
    };
    let mut index = 0;
    list.retain(|_| {
        index += 1;
        !removed.contains(&(index - 1))
    });
    if section == Section::Lap {
        // Sectors either side of a removed run are linked across it.
        for (new, &old) in kept.iter().enumerate() {
            let new = new as u32;
            let previous = match new.checked_sub(1) {
                Some(p) => Some((p, kept[p as usize])),
                None if was_closed => kept.last().map(|&last| (kept.len() as u32 - 1, last)),
                None => None,
            };
            if let Some((previous, previous_old)) = previous
                && (previous_old + 1) % count != old
            {
                relink(track, previous, new);
            }
        }
    }
    Ok(())
}

fn insert_sector(track: &mut Track, after: u32) -> Result<(), TrackEditError> {
    let source = track
        .sectors
        .get(after as usize)
        .cloned()
        .ok_or(TrackEditError::NoSuchSector(after))?;
    let was_closed = track.lap_is_closed();
    let count = track.sectors.len() as u32;
    let is_last = after + 1 == count;
    remap(track, |at| {
        Some(if at.section == Section::Lap && at.sector > after {
            SpaceRef {
                sector: at.sector + 1,
                ..at
            }
        } else {
            at
        })
    });
    // The copy is laid one sector's step on from its source, and what follows moves by the
    // same step (a shift on a straight, a turn about the corner's centre on a corner), so the
    // new sector is not drawn on the next one and the rest keeps its shape. The starting
    // section moves with the sector it joins.
    let step = crate::stretch::SectorStep::of(track.space_size, &source)
        .ok_or(TrackEditError::NoSuchSector(after))?;
    let mut copy = source;
    for space in &mut copy.spaces {
        step.move_space(space);
        space.next.clear();
    }
    let moves = |sector: &mut Sector| sector.spaces.iter_mut().for_each(|s| step.move_space(s));
    track.sectors[after as usize + 1..]
        .iter_mut()
        .for_each(moves);
    if track.starting_join().is_some_and(|join| join > after) {
        track.start_sectors.iter_mut().for_each(moves);
    }
    track.sectors.insert(after as usize + 1, copy);
    relink(track, after, after + 1);
    if !is_last {
        relink(track, after + 1, after + 2);
    } else if was_closed {
        relink(track, after + 1, 0);
    }
    Ok(())
}

fn rotate(track: &mut Track, spaces: &[SpaceRef], degrees: f32) -> Result<(), TrackEditError> {
    require(track, spaces)?;
    let points: Vec<(f32, f32)> = spaces
        .iter()
        .filter_map(|&at| track.space(at).map(|s| (s.x, s.y)))
        .collect();
    let n = points.len() as f32;
    let cx = points.iter().map(|p| p.0).sum::<f32>() / n;
    let cy = points.iter().map(|p| p.1).sum::<f32>() / n;
    let (sin, cos) = degrees.to_radians().sin_cos();
    for &at in spaces {
        if let Some(space) = space_mut(track, at) {
            let (dx, dy) = (space.x - cx, space.y - cy);
            space.x = cx + dx * cos - dy * sin;
            space.y = cy + dx * sin + dy * cos;
            space.heading = (space.heading + degrees).rem_euclid(360.0);
        }
    }
    Ok(())
}

fn set_finish_line(track: &mut Track, sector: u32) -> Result<(), TrackEditError> {
    let count = track.sectors.len() as u32;
    if sector >= count {
        return Err(TrackEditError::NoSuchSector(sector));
    }
    remap(track, |at| {
        Some(if at.section == Section::Lap {
            SpaceRef {
                sector: (at.sector + count - sector) % count,
                ..at
            }
        } else {
            at
        })
    });
    track.sectors.rotate_left(sector as usize);
    Ok(())
}

fn add_link(track: &mut Track, from: SpaceRef, to: SpaceRef) -> Result<(), TrackEditError> {
    require(track, &[from, to])?;
    let space = space_mut(track, from).ok_or(TrackEditError::NoSuchSpace(from))?;
    if space.next.contains(&to) {
        return Err(TrackEditError::Link(format!(
            "{from} already links to {to}"
        )));
    }
    space.next.push(to);
    space.next.sort();
    Ok(())
}

fn remove_link(track: &mut Track, from: SpaceRef, to: SpaceRef) -> Result<(), TrackEditError> {
    let space = space_mut(track, from).ok_or(TrackEditError::NoSuchSpace(from))?;
    let before = space.next.len();
    space.next.retain(|next| *next != to);
    if space.next.len() == before {
        return Err(TrackEditError::Link(format!(
            "{from} does not link to {to}"
        )));
    }
    Ok(())
}

fn translate(
    track: &mut Track,
    spaces: &[SpaceRef],
    dx: f32,
    dy: f32,
) -> Result<(), TrackEditError> {
    require(track, spaces)?;
    // The two spaces of a crossover pair are one physical space drawn twice: moving one moves
    // the other, or the pair would come apart on the board.
    let mut moving: BTreeSet<SpaceRef> = spaces.iter().copied().collect();
    for &CrossoverPair(a, b) in &track.crossover {
        if moving.contains(&a) || moving.contains(&b) {
            moving.extend([a, b]);
        }
    }
    for at in moving {
        if let Some(space) = space_mut(track, at) {
            space.x += dx;
            space.y += dy;
        }
    }
    Ok(())
}

/// The edits that remove every sector holding one of `spaces`: one per section touched.
#[must_use]
pub fn remove_sectors_holding(spaces: &[SpaceRef]) -> Vec<TrackEdit> {
    [Section::Start, Section::Lap]
        .into_iter()
        .filter_map(|section| {
            let sectors: BTreeSet<u32> = spaces
                .iter()
                .filter(|at| at.section == section)
                .map(|at| at.sector)
                .collect();
            (!sectors.is_empty()).then(|| TrackEdit::RemoveSectors {
                section,
                sectors: sectors.into_iter().collect(),
            })
        })
        .collect()
}

/// A new track with no sectors, for File > New track.
#[must_use]
pub fn blank_track(id: &str, name: &str, style: TrackStyle) -> Track {
    TrackBuilder::new(id, name, style, Inside::Right, (0.0, 0.0), 0.0).build()
}
