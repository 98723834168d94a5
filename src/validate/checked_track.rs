//! The checked track: a validated track graph, indexed for the rules engine.
//!
//! [`CheckedTrack::new`] exists only for a track [`super::track::check`] accepts, so the engine
//! never meets a dangling link, a missing chute or a grid that is too small. Spaces get dense
//! [`SpaceId`]s; the two spaces of each crossover pair share one [`CellId`] (one physical space,
//! two directions of travel, rulebook 7.12).
//!
//! Decisions taken where the rulebook is silent, for tracks of other styles (3.0, 12, 13):
//! - On a Thunder Alley or Grand Prix track the printed grid is ignored. The last car is placed
//!   in sector 0 just past the finish line and placement continues forward, two cars a sector
//!   in the two innermost lanes (the restart lanes of 2.1), the inside car ahead.
//! - Without a chute the chute is beside the innermost space of sector 0, "the space just past
//!   the finish line" (2.1).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::diagnostic::Diagnostic;
use super::laid_tiles::{LaidTiles, TilePlace};
use super::report::FileReport;
use super::terrain::{GroundRules, KindIndex, TerrainBook};
use crate::content::race_deck::LaneSide;
use crate::content::rolling_road::RollingRoad;
use crate::content::save;
use crate::content::source::{Format, SourceFile};
use crate::content::team_mats::Mount;
use crate::content::terrain::CountsAs;
use crate::content::text::{Id, Text};
use crate::content::track::{OffTrack, Route, Section, SpaceRef, Track, TrackStyle};

/// A space of a checked track.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct SpaceId(pub u32);

/// The spaces diagonally ahead of or behind a space: a handful, kept inline (the engine asks
/// for them at every step and every shot).
pub type Diagonals = smallvec::SmallVec<[SpaceId; 4]>;

/// The spaces a weapon fires into from one space: a dozen at most on the rulebook's tracks.
pub type FireArc = smallvec::SmallVec<[SpaceId; 12]>;

/// A sector of a checked track (starting sectors and lap sectors share one numbering).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct SectorId(pub u32);

/// A physical space: the two spaces of a crossover pair are one cell.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct CellId(pub u32);

impl SpaceId {
    fn index(self) -> usize {
        self.0 as usize
    }
}

/// One space and its neighbours.
#[derive(Clone, PartialEq, Debug)]
pub struct TrackSpace {
    /// Its address in the file.
    pub at: SpaceRef,
    /// Its sector.
    pub sector: SectorId,
    /// Its lane (0 at the apron).
    pub lane: u8,
    /// Its kind of ground, in the track's [`TerrainBook`].
    pub kind: KindIndex,
    /// What the movement rules read of its ground.
    pub ground: GroundRules,
    /// Forward links, inside lane first.
    pub next: Vec<SpaceId>,
    /// Spaces linking forward into this one, inside lane first.
    pub prev: Vec<SpaceId>,
    /// The lateral neighbour towards the apron.
    pub inner: Option<SpaceId>,
    /// The lateral neighbour towards the outside wall.
    pub outer: Option<SpaceId>,
    /// The physical space.
    pub cell: CellId,
    /// Whether it is one of the crossover's spaces.
    pub crossover: bool,
    /// Whether it is a hazard spot: a hazard token is dealt to it face down at setup.
    pub hazard: bool,
    /// The player counts at which a hazard spot holds a token, as bits (bit n: n players);
    /// 0: every count.
    pub hazard_players: u16,
}

/// One sector.
#[derive(Clone, PartialEq, Debug)]
pub struct TrackSector {
    /// The starting section or the lap, and the number in it.
    pub section: Section,
    /// Its number in its section.
    pub number: u32,
    /// Its spaces, lane 0 first.
    pub spaces: Vec<SpaceId>,
    /// The sector after it in the direction of travel.
    pub next: Option<SectorId>,
    /// Which off-track spots it has.
    pub off_track: OffTrack,
    /// For a sector with rough ground: how many sectors after it still have rough ground
    /// (0 for the last sector of a rough stretch). "Furthest along" means the smallest number.
    pub rough_left: Option<u32>,
    /// The same for jump sections.
    pub jump_left: Option<u32>,
}

/// The chute: a spot beside one track space.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ChuteSpot {
    /// The space a car leaving the chute moves onto.
    pub beside: SpaceId,
    /// The side of the track the chute is on.
    pub side: LaneSide,
}

/// A validated, indexed track graph.
#[derive(Clone, PartialEq, Debug)]
pub struct CheckedTrack {
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: Text,
    /// Its style.
    pub style: TrackStyle,
    spaces: Vec<TrackSpace>,
    sectors: Vec<TrackSector>,
    index: BTreeMap<SpaceRef, SpaceId>,
    /// Grid spaces by position (index 0 is position 1); empty on tracks without a printed grid.
    grid: Vec<SpaceId>,
    /// Thunder Alley / Grand Prix placement spaces from the back: the last car goes first.
    ahead_of_line: Vec<SpaceId>,
    chute: ChuteSpot,
    first_lap_sector: SectorId,
    last_lap_sector: SectorId,
    /// Laps, or point to point (the last lap sector is then the run-off).
    route: Route,
    /// The sector just past the finish line: lap sector 0 on a lap, the run-off on a
    /// point-to-point track (a rolling road moves it back to its final tile's last sector).
    finish: SectorId,
    /// Each space's diagonals ahead and behind, worked out once: movement and targeting ask
    /// for them at every step of a search.
    diagonals: Vec<(Diagonals, Diagonals)>,
    /// Each space's weapon arcs, by mount (front, rear, turret), worked out once: every
    /// activation asks for the active car's targets before and after it moves.
    arcs: Vec<[FireArc; 3]>,
    /// The kinds of ground its spaces name.
    terrain: TerrainBook,
    /// Every space costs 1 MP to enter and does nothing on entry (the rulebook's grounds): the
    /// movement rules skip the ground's price and effects at every step.
    plain_ground: bool,
    /// Some space's ground carries a car on within a step (a slide, a ramp): a step may then
    /// take a car more than one sector on.
    ground_carries: bool,
    /// The hazard spots, in space order: where setup deals the hazard tokens.
    hazard_spots: Vec<SpaceId>,
    /// The tiles it was laid from (none for a track drawn as a whole).
    tiles: LaidTiles,
    /// A rolling road: a window of its tiles on the table at once.
    rolling: Option<RollingRoad>,
}

impl CheckedTrack {
    /// Checks a track against the kinds of ground of its pack and indexes it, or returns the
    /// diagnostics that stop it from racing. `source` is where the track was read from
    /// (diagnostics point into it).
    pub fn new(
        track: &Track,
        terrain: &TerrainBook,
        source: &SourceFile,
    ) -> Result<Self, Vec<Diagnostic>> {
        let mut diagnostics = Vec::new();
        // The grid's size is judged against a pack's field where the pack is known (validation)
        // and against the race's where the race is (setup's `GridTooSmall`): a track seats any
        // race that fits its grid.
        let ok = super::track::check(
            track,
            0,
            terrain,
            &mut FileReport::new(source, &mut diagnostics),
        );
        if !ok {
            diagnostics.retain(Diagnostic::is_error);
            return Err(diagnostics);
        }
        Ok(Self::index(track, terrain))
    }

    /// Checks a track that was built in memory (diagnostics point into its canonical text).
    pub fn from_track(track: &Track, terrain: &TerrainBook) -> Result<Self, Vec<Diagnostic>> {
        let text = save::to_text(track, Format::Ron).unwrap_or_default();
        let source = SourceFile::from_text(
            PathBuf::from(format!("{}.ron", track.id.as_str())),
            text,
            Format::Ron,
        );
        Self::new(track, terrain, &source)
    }

    /// Builds the index; the track has passed [`super::track::check`].
    // Building the index is one pass per derived table; splitting it would only pass the
    // half-built tables around.
    #[allow(clippy::too_many_lines)]
    fn index(track: &Track, terrain: &TerrainBook) -> Self {
        let mut spaces = Vec::new();
        let mut sectors = Vec::new();
        let mut index = BTreeMap::new();
        for section in [Section::Start, Section::Lap] {
            for (number, sector) in track.section(section).iter().enumerate() {
                let sector_id = SectorId(sectors.len() as u32);
                let mut ids = Vec::new();
                for space in &sector.spaces {
                    let id = SpaceId(spaces.len() as u32);
                    let at = SpaceRef {
                        section,
                        sector: number as u32,
                        lane: space.lane,
                    };
                    index.insert(at, id);
                    ids.push(id);
                    spaces.push(TrackSpace {
                        at,
                        sector: sector_id,
                        lane: space.lane,
                        kind: terrain.find(space.terrain.as_str()).unwrap_or_default(),
                        ground: terrain.rules_of(space.terrain.as_str()),
                        next: Vec::new(),
                        prev: Vec::new(),
                        inner: None,
                        outer: None,
                        cell: CellId(id.0),
                        crossover: false,
                        hazard: space.hazard,
                        hazard_players: space
                            .hazard_players
                            .iter()
                            .filter(|n| **n < 16)
                            .fold(0, |bits, n| bits | 1 << n),
                    });
                }
                sectors.push(TrackSector {
                    section,
                    number: number as u32,
                    spaces: ids,
                    next: None,
                    off_track: sector.off_track,
                    rough_left: None,
                    jump_left: None,
                });
            }
        }
        // Links, lateral neighbours and sector order.
        for (at, space) in track.spaces() {
            // Validation has refused dangling references; skipping one here keeps a bad track
            // from ever crashing the index all the same.
            let Some(&id) = index.get(&at) else {
                continue;
            };
            let mut next: Vec<SpaceId> = space
                .next
                .iter()
                .filter_map(|to| index.get(to).copied())
                .collect();
            next.sort_by_key(|to| spaces[to.index()].lane);
            for to in &next {
                spaces[to.index()].prev.push(id);
            }
            spaces[id.index()].next = next;
        }
        for sector in &mut sectors {
            let ids = sector.spaces.clone();
            for pair in ids.windows(2) {
                spaces[pair[0].index()].outer = Some(pair[1]);
                spaces[pair[1].index()].inner = Some(pair[0]);
            }
            let next = ids
                .iter()
                .filter_map(|id| spaces[id.index()].next.first())
                .map(|to| spaces[to.index()].sector)
                .next();
            sector.next = next;
        }
        // Spaces are numbered sector by sector, lane 0 first, so id order is lane order here.
        for space in &mut spaces {
            space.prev.sort_unstable();
        }
        // Crossover cells: the second space of a pair takes the first one's cell, so cell ids
        // are space ids and stay below the space count.
        for pair in &track.crossover {
            let (Some(&a), Some(&b)) = (index.get(&pair.0), index.get(&pair.1)) else {
                continue;
            };
            let cell = spaces[a.index()].cell;
            spaces[b.index()].cell = cell;
            spaces[a.index()].crossover = true;
            spaces[b.index()].crossover = true;
        }
        let lap: Vec<usize> = (0..sectors.len())
            .filter(|&s| sectors[s].section == Section::Lap)
            .collect();
        // Validation refuses a track without a lap (`track-empty`); the defaults only keep the
        // index total.
        let first_lap_sector = SectorId(lap.first().copied().unwrap_or_default() as u32);
        let last_lap_sector = SectorId(lap.last().copied().unwrap_or_default() as u32);
        count_runs(&mut sectors, &spaces, &lap, track.route == Route::Lap);
        let grid = if track.style.uses_grid() {
            let mut slots: Vec<(u32, SpaceId)> = track
                .grid
                .iter()
                .filter_map(|slot| Some((slot.position, *index.get(&slot.space)?)))
                .collect();
            slots.sort_unstable();
            slots.into_iter().map(|(_, id)| id).collect()
        } else {
            Vec::new()
        };
        let mut ahead_of_line = Vec::new();
        for &s in &lap {
            let usable: Vec<SpaceId> = sectors[s]
                .spaces
                .iter()
                .copied()
                .filter(|id| {
                    let space = &spaces[id.index()];
                    !space.ground.is_trough() && !space.crossover
                })
                .take(2)
                .collect();
            ahead_of_line.extend(usable.iter().rev());
        }
        let chute = match track
            .chute
            .and_then(|c| Some((*index.get(&c.beside)?, c.side)))
        {
            Some((beside, side)) => ChuteSpot { beside, side },
            None => ChuteSpot {
                beside: sectors
                    .get(first_lap_sector.0 as usize)
                    .and_then(|s| s.spaces.first().copied())
                    .unwrap_or(SpaceId(0)),
                side: LaneSide::Inside,
            },
        };
        let mut checked = Self {
            id: track.id.clone(),
            name: track.name.clone(),
            style: track.style,
            spaces,
            sectors,
            index,
            grid,
            ahead_of_line,
            chute,
            first_lap_sector,
            last_lap_sector,
            route: track.route,
            finish: match track.route {
                Route::Lap => first_lap_sector,
                Route::PointToPoint => last_lap_sector,
            },
            diagonals: Vec::new(),
            arcs: Vec::new(),
            terrain: terrain.clone(),
            plain_ground: false,
            ground_carries: false,
            hazard_spots: Vec::new(),
            tiles: LaidTiles::new(&track.tiles, first_lap_sector, last_lap_sector),
            rolling: track.rolling,
        };
        checked.diagonals = (0..checked.spaces.len())
            .map(|i| {
                let id = SpaceId(i as u32);
                (
                    checked.diagonals_of(&checked.space(id).next),
                    checked.diagonals_of(&checked.space(id).prev),
                )
            })
            .collect();
        checked.arcs = (0..checked.spaces.len())
            .map(|i| {
                let id = SpaceId(i as u32);
                [Mount::Front, Mount::Rear, Mount::Turret].map(|mount| checked.arc_of(id, mount))
            })
            .collect();
        checked.hazard_spots = (0..checked.spaces.len())
            .map(|i| SpaceId(i as u32))
            .filter(|id| checked.space(*id).hazard)
            .collect();
        // A hazard spot stops the car that enters it while its token lies face down, so a
        // track with spots is not plain even on the rulebook's grounds.
        checked.plain_ground = checked.hazard_spots.is_empty()
            && checked
                .spaces
                .iter()
                .all(|space| space.ground.enter_cost == 1 && !space.ground.has_effects);
        checked.ground_carries = checked
            .spaces
            .iter()
            .any(|space| space.ground.has_effects && checked.kind_carries(space.kind));
        checked
    }

    /// A space.
    #[must_use]
    #[inline]
    pub fn space(&self, id: SpaceId) -> &TrackSpace {
        &self.spaces[id.index()]
    }

    /// A sector.
    #[must_use]
    pub fn sector(&self, id: SectorId) -> &TrackSector {
        &self.sectors[id.0 as usize]
    }

    /// The number of spaces.
    #[must_use]
    pub fn space_count(&self) -> usize {
        self.spaces.len()
    }

    /// An upper bound on cell ids: a cell's id is the id of its first space.
    #[must_use]
    pub fn cell_count(&self) -> usize {
        self.spaces.len()
    }

    /// The first space of a cell (for a crossover cell, the first space of its pair).
    #[must_use]
    pub fn cell_space(&self, cell: CellId) -> SpaceId {
        SpaceId(cell.0)
    }

    /// All space ids.
    pub fn space_ids(&self) -> impl Iterator<Item = SpaceId> + '_ {
        (0..self.spaces.len() as u32).map(SpaceId)
    }

    /// All sector ids.
    pub fn sector_ids(&self) -> impl Iterator<Item = SectorId> + '_ {
        (0..self.sectors.len() as u32).map(SectorId)
    }

    /// The space at an address, if it exists.
    #[must_use]
    pub fn find(&self, at: SpaceRef) -> Option<SpaceId> {
        self.index.get(&at).copied()
    }

    /// The address of a space.
    #[must_use]
    pub fn at(&self, id: SpaceId) -> SpaceRef {
        self.space(id).at
    }

    /// The spaces the cars of a field of `cars` start on, by grid position (position 1 first),
    /// or `None` when the track cannot hold that many.
    #[must_use]
    pub fn start_positions(&self, cars: usize) -> Option<Vec<SpaceId>> {
        if self.style.uses_grid() {
            (self.grid.len() >= cars).then(|| self.grid[..cars].to_vec())
        } else {
            (self.ahead_of_line.len() >= cars)
                .then(|| self.ahead_of_line[..cars].iter().rev().copied().collect())
        }
    }

    /// How many cars the track can start: its grid's positions, or the spaces ahead of the
    /// line of a style without a grid.
    #[must_use]
    pub fn start_places(&self) -> usize {
        if self.style.uses_grid() {
            self.grid.len()
        } else {
            self.ahead_of_line.len()
        }
    }

    /// The chute.
    #[must_use]
    pub fn chute(&self) -> ChuteSpot {
        self.chute
    }

    /// Lap sector 0, just past the finish line.
    #[must_use]
    pub fn first_lap_sector(&self) -> SectorId {
        self.first_lap_sector
    }

    /// The last lap sector, just before the finish line.
    #[must_use]
    pub fn last_lap_sector(&self) -> SectorId {
        self.last_lap_sector
    }

    /// The space at the lateral neighbour on a side.
    #[must_use]
    #[inline]
    pub fn lateral(&self, id: SpaceId, side: LaneSide) -> Option<SpaceId> {
        match side {
            LaneSide::Inside => self.space(id).inner,
            LaneSide::Outside => self.space(id).outer,
        }
    }

    /// Spaces diagonally ahead: lateral neighbours of the forward spaces that are not forward
    /// spaces themselves (7.15).
    #[must_use]
    pub fn diagonals_ahead(&self, id: SpaceId) -> &[SpaceId] {
        &self.diagonals[id.index()].0
    }

    /// Spaces diagonally behind (the rear arc's diagonals, 8.1).
    #[must_use]
    pub fn diagonals_behind(&self, id: SpaceId) -> &[SpaceId] {
        &self.diagonals[id.index()].1
    }

    /// The spaces a weapon of `mount` fires into from `id`, sorted (8.1): the front arc is
    /// the forward spaces and those diagonally ahead, the rear arc the spaces linking in and
    /// those diagonally behind, a turret both and the lateral neighbours too.
    #[must_use]
    pub fn arc(&self, id: SpaceId, mount: Mount) -> &[SpaceId] {
        let arcs = &self.arcs[id.index()];
        match mount {
            Mount::Front => &arcs[0],
            Mount::Rear => &arcs[1],
            Mount::Turret => &arcs[2],
        }
    }

    /// Works out [`Self::arc`] from the links and the diagonals.
    fn arc_of(&self, id: SpaceId, mount: Mount) -> FireArc {
        let s = self.space(id);
        let mut out = FireArc::new();
        if matches!(mount, Mount::Front | Mount::Turret) {
            out.extend_from_slice(&s.next);
            out.extend_from_slice(self.diagonals_ahead(id));
        }
        if mount == Mount::Turret {
            out.extend(s.inner);
            out.extend(s.outer);
        }
        if matches!(mount, Mount::Rear | Mount::Turret) {
            out.extend_from_slice(&s.prev);
            out.extend_from_slice(self.diagonals_behind(id));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The lateral neighbours of `linked` (a space's forward or backward links) that are not
    /// among them, sorted.
    fn diagonals_of(&self, linked: &[SpaceId]) -> Diagonals {
        let mut out: Diagonals = linked
            .iter()
            .flat_map(|n| [self.space(*n).inner, self.space(*n).outer])
            .flatten()
            .filter(|d| !linked.contains(d))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether every space costs 1 MP to enter and does nothing on entry, as on the rulebook's
    /// grounds.
    #[must_use]
    #[inline]
    pub fn plain_ground(&self) -> bool {
        self.plain_ground
    }

    /// Whether some space's ground carries a car on within a step (a slide, a ramp), so that
    /// one step may take a car more than one sector on.
    #[must_use]
    pub fn ground_carries(&self) -> bool {
        self.ground_carries
    }

    /// The hazard spots, in space order.
    #[must_use]
    pub fn hazard_spots(&self) -> &[SpaceId] {
        &self.hazard_spots
    }

    /// The hazard spots that hold a token in a race of `players` players, in space order: a
    /// spot that names player counts holds one only at those.
    pub fn hazard_spots_for(&self, players: usize) -> impl Iterator<Item = SpaceId> + '_ {
        self.hazard_spots.iter().copied().filter(move |spot| {
            let bits = self.space(*spot).hazard_players;
            bits == 0 || (players < 16 && bits & (1 << players) != 0)
        })
    }

    /// Turns `space` into ground of kind `kind` of its book (a hazard that stays on the board),
    /// keeping what the movement rules read of the whole track true.
    pub(crate) fn repaint(&mut self, space: SpaceId, kind: KindIndex) {
        self.repaint_all(&[space], kind);
    }

    /// Turns each of `spaces` into ground of kind `kind`, keeping what the movement rules read
    /// of the whole track true: the flags the movement reads, and the rough and jump runs (a
    /// space turned rough lengthens its stretch, one turned paved ends it).
    fn repaint_all(&mut self, spaces: &[SpaceId], kind: KindIndex) {
        let rules = self.terrain.kind(kind).rules;
        for space in spaces {
            let Some(target) = self.spaces.get_mut(space.index()) else {
                continue;
            };
            target.kind = kind;
            target.ground = rules;
        }
        self.plain_ground = self.plain_ground && rules.enter_cost == 1 && !rules.has_effects;
        self.ground_carries = self.ground_carries || self.kind_carries(kind);
        let lap: Vec<usize> = (self.first_lap_sector.0 as usize..=self.last_lap_sector.0 as usize)
            .filter(|&s| self.sectors[s].section == Section::Lap)
            .collect();
        count_runs(
            &mut self.sectors,
            &self.spaces,
            &lap,
            self.route == Route::Lap,
        );
    }

    /// Whether a kind of ground carries a car on within a step
    /// ([`crate::content::terrain::Effect::carries_within_step`]).
    fn kind_carries(&self, kind: KindIndex) -> bool {
        self.terrain
            .kind(kind)
            .effects
            .iter()
            .any(|effect| effect.carries_within_step())
    }

    /// The kinds of ground its spaces name.
    #[must_use]
    pub fn terrain(&self) -> &TerrainBook {
        &self.terrain
    }

    /// The trough space of a sector, if it has one.
    #[must_use]
    pub fn trough_of(&self, sector: SectorId) -> Option<SpaceId> {
        self.sector(sector)
            .spaces
            .iter()
            .copied()
            .find(|id| self.space(*id).ground.is_trough())
    }

    /// The edge space of a sector on a side (lane 0 inside, the last lane outside).
    #[must_use]
    pub fn edge_of(&self, sector: SectorId, side: LaneSide) -> SpaceId {
        let spaces = &self.sector(sector).spaces;
        match side {
            LaneSide::Inside => spaces[0],
            LaneSide::Outside => spaces[spaces.len() - 1],
        }
    }

    /// Whether moving forward from `from` into `to` crosses the finish line forwards: into
    /// sector 0 on a lap, into the run-off (the last sector) on a point-to-point track.
    #[must_use]
    #[inline]
    pub fn crosses_line(&self, from: SpaceId, to: SpaceId) -> bool {
        let (a, b) = (self.space(from).sector, self.space(to).sector);
        b == self.finish && a != self.finish
    }

    /// The sector just past the finish line (lap sector 0 on a lap, the run-off on a
    /// point-to-point track).
    #[must_use]
    pub fn finish_sector(&self) -> SectorId {
        self.finish
    }

    /// Moves the finish line of a point-to-point track to before `sector` (a rolling road's
    /// final tile said early: its last sector is the run-off).
    pub(crate) fn move_finish(&mut self, sector: SectorId) {
        if self.route == Route::PointToPoint {
            self.finish = sector;
        }
    }

    /// The track as a player at the table knows it while `lead` is the lead tile of its rolling
    /// road: every space on a tile past it is paved and no hazard spot (a tile not yet laid is
    /// face down in the pile). What a bot searches on (`PlayerView::determinise`).
    ///
    /// Decision: the veil covers what the tile is painted with, not its shape. A tile's lanes
    /// and the trough are the track's graph, which a race cannot redraw without the course's
    /// pile; the ground and the hazard spots are what a tile's face shows.
    #[must_use]
    pub fn veiled_past(&self, lead: TilePlace) -> Self {
        let mut veiled = self.clone();
        // A checked book always defines paved ground (`terrain-no-paved`).
        let Some(paved) = self.terrain.find(crate::content::text::TerrainId::PAVED) else {
            return veiled;
        };
        let last_laid = self.tiles.last_sector(lead);
        let unlaid: Vec<SpaceId> = self
            .space_ids()
            .filter(|&id| {
                let space = self.space(id);
                space.sector > last_laid
                    && self.sector(space.sector).section == Section::Lap
                    && !space.ground.is_trough()
            })
            .collect();
        veiled.repaint_all(&unlaid, paved);
        for &id in &unlaid {
            let space = &mut veiled.spaces[id.index()];
            space.hazard = false;
            space.hazard_players = 0;
        }
        let spaces = &veiled.spaces;
        veiled
            .hazard_spots
            .retain(|spot| spaces[spot.index()].hazard);
        veiled
    }

    /// The tiles it was laid from, in order (none for a track drawn as a whole).
    #[must_use]
    pub fn laid_tiles(&self) -> &LaidTiles {
        &self.tiles
    }

    /// Its rolling road, if only a window of its tiles is on the table at once.
    #[must_use]
    pub fn rolling(&self) -> Option<RollingRoad> {
        self.rolling
    }

    /// Whether the track is point to point: its last lap sector is the run-off, beyond the
    /// finish line, and a car that enters it has finished.
    #[must_use]
    pub fn point_to_point(&self) -> bool {
        self.route == Route::PointToPoint
    }

    /// Whether `space` is in the run-off of a point-to-point track: past the finish line, where
    /// no car stays (a car that enters it has finished).
    #[must_use]
    pub fn in_run_off(&self, space: SpaceId) -> bool {
        self.point_to_point() && self.space(space).sector == self.last_lap_sector
    }
}

/// Works out, for every lap sector, how many sectors after it still have rough ground and jump
/// lanes (`lap` lists the lap's sectors in order; a `cyclic` lap runs on from its end).
fn count_runs(sectors: &mut [TrackSector], spaces: &[TrackSpace], lap: &[usize], cyclic: bool) {
    let has = |sector: &TrackSector, ground: CountsAs| {
        sector
            .spaces
            .iter()
            .any(|id| spaces[id.index()].ground.counts_as == ground)
    };
    let rough: Vec<bool> = lap
        .iter()
        .map(|&s| has(&sectors[s], CountsAs::Rough))
        .collect();
    let jump: Vec<bool> = lap
        .iter()
        .map(|&s| has(&sectors[s], CountsAs::JumpLane))
        .collect();
    for (i, &s) in lap.iter().enumerate() {
        sectors[s].rough_left = run_left(&rough, i, cyclic);
        sectors[s].jump_left = run_left(&jump, i, cyclic);
    }
}

/// For a run flag list, how many following entries still have the flag (`None` when the entry
/// itself does not); a `cyclic` list (a lap) runs on from its end into its start.
fn run_left(flags: &[bool], i: usize, cyclic: bool) -> Option<u32> {
    if !flags[i] {
        return None;
    }
    let n = flags.len();
    let mut left = 0;
    while left < n as u32 {
        let next = i + 1 + left as usize;
        if !cyclic && next >= n {
            break;
        }
        if !flags[next % n] {
            break;
        }
        left += 1;
    }
    Some(left)
}
