//! The track file: the graph of spaces the rules read, plus the geometry the studio draws.
//!
//! # Graph semantics
//!
//! - The **lap** is `sectors`, in the direction of travel. The finish line lies between the last
//!   sector and sector 0: a car moving from the last sector into sector 0 crosses it.
//! - A **sector** holds its spaces from the apron (lane 0) to the outside wall. Lateral
//!   neighbours are the next lane in or out in the same sector; they are implied by lane numbers.
//! - Each space lists its **forward links** (`next`): one or two spaces of the next sector. Two
//!   spaces linking into one make a converging lane, one space linking to two a diverging lane.
//! - **Terrain**: rough spaces allow no lane change (7.13); a jump section is a run of three-lane
//!   sectors `Jump, Trough, Jump` (7.14). Trough spaces may have no forward links: a car there
//!   must first move laterally out.
//! - An optional **starting section** (`start_sectors`, addressed `S<n>.<lane>`) holds the grid on
//!   tracks like the Essendarium; its last sector links into the lap and is never entered again.
//! - The **crossover** of a figure 8 is four pairs of spaces: each pair is one physical space
//!   that belongs to two stretches crossing at right angles (7.12).
//! - **Off-track spots** beside each sector (Spin-Around, Into the Weeds, pits of 12-13) exist
//!   on both sides unless the sector's `off_track` says otherwise.
//! - The **chute** is a spot beside one track space; leaving it is a lateral move onto that space.
//!
//! Geometry (`x`, `y`, `heading` of each space, the space size, a background image) is for
//! drawing and editing only; the rules never read it.

use std::fmt;
use std::str::FromStr;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::kind::TrackKind;
use super::race_deck::LaneSide;
use super::rolling_road::{LaidTile, RollingRoad};
pub use super::text::TerrainId;
use super::text::{Id, Text};

/// A track file. `G` is how a space names its ground: a [`TerrainId`] in the current format,
/// the rulebook's four fixed grounds in version 1 ([`TrackV1`]).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Track")]
pub struct Track<G: GroundName = TerrainId> {
    /// Always `Track`.
    pub kind: TrackKind,
    /// The format version the file was written in.
    pub version: u32,
    /// A stable identifier (`dust-bowl-oval`).
    pub id: Id,
    /// The name shown to players.
    pub name: Text,
    /// Which game's conventions the track follows (3.0, 12, 13).
    pub style: TrackStyle,
    /// The drawn size of every space, in track units, unless a space gives its own.
    pub space_size: SpaceSize,
    /// The lap, in the direction of travel; the finish line lies before sector 0.
    pub sectors: Vec<Sector<G>>,
    /// A separate starting section, used once at the start (may be empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub start_sectors: Vec<Sector<G>>,
    /// Starting grid positions, 1 to N.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grid: Vec<GridSlot>,
    /// Where replacement cars enter (8.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chute: Option<Chute>,
    /// The four shared spaces of a figure-8 crossover, or none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crossover: Vec<CrossoverPair>,
    /// Laps round a closed lap (the rulebook's race), or one run from start to finish.
    #[serde(default, skip_serializing_if = "Route::is_lap")]
    pub route: Route,
    /// A picture to trace over in the editor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<Background>,
    /// The tiles a course laid it from, in order, each with the first lap sector it laid
    /// (empty for a track drawn or edited as a whole).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiles: Vec<LaidTile>,
    /// A rolling road: only a window of its tiles is on the table at once
    /// ([`crate::content::rolling_road`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolling: Option<RollingRoad>,
}

impl Track {
    /// The lap sector the starting section leads into: where its last sector's first link
    /// into the lap goes. `None` without a starting section, or before it is linked.
    #[must_use]
    pub fn starting_join(&self) -> Option<u32> {
        self.start_sectors
            .last()?
            .spaces
            .iter()
            .flat_map(|space| &space.next)
            .find(|to| to.section == Section::Lap)
            .map(|to| to.sector)
    }

    /// The format version this build writes.
    pub const VERSION: u32 = 2;

    /// Whether the track is point to point ([`Route::PointToPoint`]).
    #[must_use]
    pub fn point_to_point(&self) -> bool {
        self.route == Route::PointToPoint
    }

    /// Whether the road runs on from the last sector into sector 0: a closed lap, not a
    /// point-to-point track (whose run-off leads nowhere, whatever its links say).
    #[must_use]
    pub fn wraps(&self) -> bool {
        !self.point_to_point() && self.lap_is_closed()
    }

    /// Whether the lap is closed: its last sector links into sector 0, through the finish line.
    #[must_use]
    pub fn lap_is_closed(&self) -> bool {
        self.sectors.last().is_some_and(|last| {
            last.spaces
                .iter()
                .flat_map(|space| &space.next)
                .any(|to| to.section == Section::Lap && to.sector == 0)
        })
    }

    /// The sectors of a section.
    #[must_use]
    pub fn section(&self, section: Section) -> &[Sector] {
        match section {
            Section::Lap => &self.sectors,
            Section::Start => &self.start_sectors,
        }
    }

    /// The space a reference names, if it exists.
    #[must_use]
    pub fn space(&self, at: SpaceRef) -> Option<&Space> {
        self.section(at.section)
            .get(usize::try_from(at.sector).ok()?)?
            .spaces
            .iter()
            .find(|space| space.lane == at.lane)
    }

    /// Every space with its reference, starting section first, in sector and lane order.
    pub fn spaces(&self) -> impl Iterator<Item = (SpaceRef, &Space)> {
        [Section::Start, Section::Lap]
            .into_iter()
            .flat_map(move |section| {
                self.section(section)
                    .iter()
                    .enumerate()
                    .flat_map(move |(index, sector)| {
                        let sector_number = u32::try_from(index).unwrap_or(u32::MAX);
                        sector.spaces.iter().map(move |space| {
                            (
                                SpaceRef {
                                    section,
                                    sector: sector_number,
                                    lane: space.lane,
                                },
                                space,
                            )
                        })
                    })
            })
    }
}

/// Which game's conventions a track follows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum TrackStyle {
    /// An Apocalypse Road track: cars start on its grid.
    ApocalypseRoad,
    /// A Thunder Alley track: its grid is ignored and cars line up ahead of the finish line (3.0).
    ThunderAlley,
    /// A Grand Prix track: as Thunder Alley.
    GrandPrix,
}

impl TrackStyle {
    /// Its name as people write it ("Apocalypse Road").
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::ApocalypseRoad => "Apocalypse Road",
            Self::ThunderAlley => "Thunder Alley",
            Self::GrandPrix => "Grand Prix",
        }
    }

    /// Whether the printed grid is used; on Thunder Alley and Grand Prix tracks cars line up
    /// ahead of the finish line instead (3.0).
    #[must_use]
    pub fn uses_grid(self) -> bool {
        self == Self::ApocalypseRoad
    }
}

/// The drawn size of a space.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpaceSize {
    /// Along the direction of travel.
    pub length: f32,
    /// Across the track.
    pub width: f32,
}

/// A sector: the spaces at the same distance from the finish line.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Sector")]
pub struct Sector<G: GroundName = TerrainId> {
    /// The spaces, lane 0 (apron) first.
    pub spaces: Vec<Space<G>>,
    /// Which sides have an off-track spot.
    #[serde(default, skip_serializing_if = "OffTrack::is_both")]
    pub off_track: OffTrack,
}

/// The off-track spots beside a sector.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OffTrack {
    /// A spot beside lane 0, inside the apron.
    pub inside: bool,
    /// A spot beside the outermost lane, outside the wall.
    pub outside: bool,
}

impl Default for OffTrack {
    fn default() -> Self {
        Self {
            inside: true,
            outside: true,
        }
    }
}

impl OffTrack {
    // serde's `skip_serializing_if` hands over a reference.
    #[allow(clippy::trivially_copy_pass_by_ref)]
    fn is_both(&self) -> bool {
        *self == Self::default()
    }
}

/// One space.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Space")]
pub struct Space<G: GroundName = TerrainId> {
    /// Its lane, 0 at the apron.
    pub lane: u8,
    /// Its ground: the id of a kind the pack's terrain file defines (`paved` when left out).
    #[serde(default = "G::paved", skip_serializing_if = "G::is_paved")]
    pub terrain: G,
    /// The spaces a forward move can enter: one, or two at a fork.
    pub next: Vec<SpaceRef>,
    /// Drawn centre, x (track units, growing right).
    pub x: f32,
    /// Drawn centre, y (track units, growing down, as on screen).
    pub y: f32,
    /// Direction of travel in degrees, clockwise from east (0 = right, 90 = down).
    pub heading: f32,
    /// This space's drawn size, when it differs from the track's `space_size` (a wide corner
    /// space traced from a photo, say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<SpaceSize>,
    /// Whether a hazard token is dealt face down to this space at setup (from the pack's
    /// hazard deck; a car that enters turns it over).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hazard: bool,
    /// The player counts at which the hazard spot holds a token (Thunder Road prints a
    /// player count on some of its hazard spaces, and a race of fewer players leaves them
    /// empty); empty: at every count.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hazard_players: Vec<u8>,
}

/// How a track file names a space's ground.
pub trait GroundName: Clone + PartialEq + fmt::Debug + JsonSchema {
    /// Paved ground, a space's ground when the file names none.
    fn paved() -> Self;
    /// Whether this is paved ground (left out when saving).
    fn is_paved(&self) -> bool;
}

impl GroundName for TerrainId {
    fn paved() -> Self {
        Self::paved()
    }

    fn is_paved(&self) -> bool {
        Self::is_paved(self)
    }
}

/// The ground of a space in track format version 1: the rulebook's four, fixed in the format.
/// Version 2 names a kind of the pack's terrain file instead; these four are the standard
/// pack's kinds of the same names, lower-cased.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub enum LegacyTerrain {
    /// Ordinary track.
    #[default]
    Paved,
    /// Rough (dirt) track.
    Rough,
    /// A jump lane beside the trough.
    Jump,
    /// The trough between two jump lanes.
    Trough,
}

impl GroundName for LegacyTerrain {
    fn paved() -> Self {
        Self::Paved
    }

    fn is_paved(&self) -> bool {
        *self == Self::Paved
    }
}

impl LegacyTerrain {
    /// The standard pack's kind of the same ground.
    #[must_use]
    pub fn id(self) -> TerrainId {
        TerrainId::from(match self {
            Self::Paved => TerrainId::PAVED,
            Self::Rough => TerrainId::ROUGH,
            Self::Jump => TerrainId::JUMP,
            Self::Trough => TerrainId::TROUGH,
        })
    }
}

/// How a track's race runs.
///
/// The rulebook's race runs laps: the finish line lies before sector 0 and each crossing scores
/// (11.1). A point-to-point track is a decision of this project for courses of tiles (Rush 'n
/// Crush's "open" course, Thunder Road: Vendetta's road to the finish line): the finish line lies
/// before its last sector, the **run-off**, whose spaces have no forward links. A car that
/// enters the run-off has crossed the finish line: it claims the crossing as 11.1 says, and
/// then what the ruleset's [`super::ruleset::PointToPointFinish`] says happens (by default it
/// leaves the race, its run done). Nothing lies behind sector 0.
#[derive(
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Serialize,
    Deserialize,
    JsonSchema,
)]
pub enum Route {
    /// Laps round a closed lap: the last sector links into sector 0 (the rulebook's race).
    #[default]
    Lap,
    /// One run from the grid to the finish line before the last sector (the run-off).
    PointToPoint,
}

impl Route {
    /// Whether it is the rulebook's lap (serde's skip test).
    #[must_use]
    // serde's `skip_serializing_if` hands over a reference.
    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub fn is_lap(&self) -> bool {
        *self == Self::Lap
    }

    /// The route in a few words, for reports.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Self::Lap => "laps",
            Self::PointToPoint => "point to point",
        }
    }
}

/// A track file of format version 1, read only to be migrated.
pub type TrackV1 = Track<LegacyTerrain>;

impl TrackV1 {
    /// The same track in the current format: each space names the standard kind of its ground.
    #[must_use]
    pub fn migrate(self) -> Track {
        let sectors = |sectors: Vec<Sector<LegacyTerrain>>| {
            sectors
                .into_iter()
                .map(|sector| Sector {
                    spaces: sector
                        .spaces
                        .into_iter()
                        .map(|space| Space {
                            lane: space.lane,
                            terrain: space.terrain.id(),
                            next: space.next,
                            x: space.x,
                            y: space.y,
                            heading: space.heading,
                            size: space.size,
                            hazard: space.hazard,
                            hazard_players: Vec::new(),
                        })
                        .collect(),
                    off_track: sector.off_track,
                })
                .collect()
        };
        Track {
            kind: self.kind,
            version: Track::VERSION,
            id: self.id,
            name: self.name,
            style: self.style,
            space_size: self.space_size,
            sectors: sectors(self.sectors),
            start_sectors: sectors(self.start_sectors),
            grid: self.grid,
            chute: self.chute,
            crossover: self.crossover,
            route: self.route,
            background: self.background,
            tiles: self.tiles,
            rolling: self.rolling,
        }
    }
}

/// Which part of the track a sector number counts in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Section {
    /// The starting section (`S` prefix).
    Start,
    /// The lap.
    Lap,
}

/// The address of a space: `12.3` is lane 3 of lap sector 12, `S2.1` lane 1 of starting
/// sector 2.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct SpaceRef {
    /// Lap or starting section.
    pub section: Section,
    /// The sector number within that section.
    pub sector: u32,
    /// The lane.
    pub lane: u8,
}

impl SpaceRef {
    /// A space of the lap.
    #[must_use]
    pub fn lap(sector: u32, lane: u8) -> Self {
        Self {
            section: Section::Lap,
            sector,
            lane,
        }
    }

    /// A space of the starting section.
    #[must_use]
    pub fn start(sector: u32, lane: u8) -> Self {
        Self {
            section: Section::Start,
            sector,
            lane,
        }
    }
}

impl fmt::Display for SpaceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.section == Section::Start {
            f.write_str("S")?;
        }
        write!(f, "{}.{}", self.sector, self.lane)
    }
}

impl SpaceRef {
    /// The sector the space is in.
    #[must_use]
    pub fn sector_ref(self) -> SectorRef {
        SectorRef {
            section: self.section,
            number: self.sector,
        }
    }
}

/// The address of a sector: `12` is lap sector 12, `S2` starting sector 2.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct SectorRef {
    /// Lap or starting section.
    pub section: Section,
    /// The sector number within that section.
    pub number: u32,
}

impl fmt::Display for SectorRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.section == Section::Start {
            f.write_str("S")?;
        }
        write!(f, "{}", self.number)
    }
}

impl Serialize for SectorRef {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Why a text is not a space address.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "`{0}` is not a space: write `sector.lane`, like `12.3`, or `S2.1` in the starting section"
)]
pub struct SpaceRefError(String);

impl FromStr for SpaceRef {
    type Err = SpaceRefError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || SpaceRefError(text.chars().take(40).collect());
        let (section, rest) = match text.strip_prefix('S') {
            Some(rest) => (Section::Start, rest),
            None => (Section::Lap, text),
        };
        let (sector, lane) = rest.split_once('.').ok_or_else(error)?;
        let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        if !digits(sector) || !digits(lane) {
            return Err(error());
        }
        Ok(Self {
            section,
            sector: sector.parse().map_err(|_| error())?,
            lane: lane.parse().map_err(|_| error())?,
        })
    }
}

impl Serialize for SpaceRef {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for SpaceRef {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = super::text::Id::deserialize(deserializer)?;
        text.as_str().parse().map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for SpaceRef {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SpaceRef".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": "^S?[0-9]+\\.[0-9]+$",
            "description": "A space: `sector.lane` (`12.3`), or `S2.1` in the starting section."
        })
    }
}

/// A starting grid position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GridSlot {
    /// The position number, 1 for pole.
    pub position: u32,
    /// The space it is painted on.
    pub space: SpaceRef,
}

/// The chute: a spot beside a track space where replacement cars enter (8.3).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Chute {
    /// The track space a car leaving the chute moves laterally onto.
    pub beside: SpaceRef,
    /// Which side of that space the chute is on.
    pub side: LaneSide,
}

/// One physical crossover space shared by two stretches of track.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize, Deserialize, JsonSchema,
)]
pub struct CrossoverPair(pub SpaceRef, pub SpaceRef);

/// A background picture placed under the track in the editor.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Background {
    /// The image file, relative to the track file.
    pub path: Text,
    /// Where the image's top-left corner sits, x.
    pub x: f32,
    /// Where the image's top-left corner sits, y.
    pub y: f32,
    /// Track units per image pixel.
    pub scale: f32,
    /// 0 (invisible) to 1 (opaque).
    pub opacity: f32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn space_refs_read_and_write_as_sector_dot_lane() {
        assert_eq!("12.3".parse(), Ok(SpaceRef::lap(12, 3)));
        assert_eq!("S2.1".parse(), Ok(SpaceRef::start(2, 1)));
        assert_eq!(SpaceRef::lap(12, 3).to_string(), "12.3");
        assert_eq!(SpaceRef::start(2, 1).to_string(), "S2.1");
        for bad in [
            "", "12", "12.", ".3", "a.b", "12.3.4", "-1.0", "1.256", "s1.0", "1 .0",
        ] {
            assert!(bad.parse::<SpaceRef>().is_err(), "{bad}");
        }
    }
}
