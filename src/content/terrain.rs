//! The terrain file: the kinds of ground a pack's tracks may be painted with.
//!
//! A kind is data: its id (what a track's spaces name), its name, how it is drawn and printed,
//! and its rules, said in a fixed vocabulary: what entering it costs, whether lanes may be
//! changed inside it, which of the rulebook's grounds it counts as, and what happens to a car
//! that enters it. The rulebook's four grounds (paved, rough, jump lane, trough) are the standard
//! pack's `terrain.ron`; a pack without a terrain file plays on exactly those four
//! ([`TerrainFile::standard`]), so the standard game never depends on the file being there.
//!
//! Format history: version 1 (current).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::TerrainFileKind;
use super::text::{TerrainId, Text};

/// A terrain file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainFile {
    /// Always `Terrain`.
    pub kind: TerrainFileKind,
    /// The format version the file was written in.
    pub version: u32,
    /// The kinds, in the order the studio's paint tool lists them.
    pub kinds: Vec<GroundKind>,
}

impl TerrainFile {
    /// The format version this build writes.
    pub const VERSION: u32 = 1;

    /// The rulebook's four grounds, as the standard pack's `terrain.ron` holds them: what a pack
    /// without a terrain file plays on.
    #[must_use]
    pub fn standard() -> Self {
        let kind =
            |id: &str, name: &str, colour: &str, pattern, counts_as, lane_changes| GroundKind {
                id: TerrainId::from(id),
                name: Text::from(name),
                colour: Text::from(colour),
                pattern,
                counts_as,
                enter_cost: 1,
                enter_short: false,
                lane_changes,
                stacks: false,
                effects: Vec::new(),
            };
        Self {
            kind: TerrainFileKind::Terrain,
            version: Self::VERSION,
            kinds: vec![
                kind(
                    TerrainId::PAVED,
                    "Paved",
                    "#55585e",
                    Pattern::Plain,
                    CountsAs::Road,
                    true,
                ),
                kind(
                    TerrainId::ROUGH,
                    "Rough",
                    "#8a5a2e",
                    Pattern::Hatch,
                    CountsAs::Rough,
                    false,
                ),
                kind(
                    TerrainId::JUMP,
                    "Jump lane",
                    "#c89348",
                    Pattern::CrossHatch,
                    CountsAs::JumpLane,
                    false,
                ),
                kind(
                    TerrainId::TROUGH,
                    "Trough",
                    "#3a2412",
                    Pattern::Dark,
                    CountsAs::Trough,
                    true,
                ),
            ],
        }
    }
}

/// One kind of ground.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroundKind {
    /// What track spaces name it by (`mud`, `desert-glass`), unique in the file.
    pub id: TerrainId,
    /// The name shown in the studio's legend and paint tool.
    pub name: Text,
    /// The colour it is drawn in, as `#rrggbb`.
    pub colour: Text,
    /// How print and play marks it, so that it reads in black and white.
    pub pattern: Pattern,
    /// Which of the rulebook's grounds the rules that name one take it for.
    #[serde(default)]
    pub counts_as: CountsAs,
    /// The movement points entering a space of this kind costs (rulebook: 1).
    #[serde(default = "one")]
    pub enter_cost: u8,
    /// Whether a car with fewer movement points left than `enter_cost` may still enter, spending
    /// all it has left (Thunder Road: Vendetta's mud).
    #[serde(default)]
    pub enter_short: bool,
    /// Whether a car inside may change lanes (rulebook 7.13: not on rough ground).
    #[serde(default = "yes")]
    pub lane_changes: bool,
    /// Whether cars may stack on it (Thunder Road's shared spaces): any number share a space
    /// of this kind, a car entering one neither pushes nor displaces the cars there, and they
    /// never link (see `rules/movement.rs`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stacks: bool,
    /// What happens to a car that enters a space of this kind, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
}

fn one() -> u8 {
    1
}

fn yes() -> bool {
    true
}

/// Which of the rulebook's grounds a kind counts as, for the rules that name one: the movement
/// events that strike rough ground or the jump lanes (10.0), the jump sections (7.14) and the
/// trough's own rules.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
)]
pub enum CountsAs {
    /// Ordinary road: no rule names it.
    #[default]
    Road,
    /// Rough ground: Bumpy Ride, Roll and Snapped the Struts strike cars on it.
    Rough,
    /// A jump lane beside the trough: Bottoming Out strikes cars on it, Into the Trough takes
    /// the car furthest along one (7.14).
    JumpLane,
    /// The trough between two jump lanes: entered only by a movement event, never by moving;
    /// a car in it leaves by a lateral move (7.14).
    Trough,
}

/// How print and play marks a kind: a fill that tells kinds apart without colour.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
pub enum Pattern {
    /// No mark: white on paper.
    Plain,
    /// A light grey fill.
    Grey,
    /// Diagonal lines rising to the right, on light grey.
    Hatch,
    /// Diagonal lines falling to the right, on light grey.
    BackHatch,
    /// Diagonal lines both ways, on grey.
    CrossHatch,
    /// Lines across the page, on a faint grey.
    Stripes,
    /// Lines across and down the page, on a faint grey.
    Checks,
    /// A dark fill.
    Dark,
}

impl Pattern {
    /// Every pattern, in the order the terrain editor lists them.
    pub const ALL: [Self; 8] = [
        Self::Plain,
        Self::Grey,
        Self::Hatch,
        Self::BackHatch,
        Self::CrossHatch,
        Self::Stripes,
        Self::Checks,
        Self::Dark,
    ];
}

/// What happens to a car that enters a space, from a fixed vocabulary the rules engine knows.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub enum Effect {
    /// The car stops: it loses its remaining movement points (toxic goo).
    Stop,
    /// The car takes this much damage when its movement ends, as a collision's damage is dealt
    /// (5.3); it moves on meanwhile.
    Damage(u8),
    /// The car is eliminated (impassable rocks).
    Eliminate,
    /// The car slides this many spaces further the way it was going, for free (desert glass):
    /// forward along its lane after a forward or diagonal step, on across the lanes after a
    /// lateral one. It stops short of a car, the trough, the wall or a space it entered already
    /// this movement, and each space it slides into strikes it as if entered.
    Slide(u8),
    /// An oil slick: when the car's movement ends, it slides this many spaces to a side drawn
    /// from the race's RNG, free, stopping short of a car, the trough or the wall.
    SlideAside(u8),
    /// A ramp: a car entering from the space straight behind it (a forward step in its lane,
    /// or a slide ahead) jumps this many spaces forward along its lane, the spaces between
    /// skipped, and loses its remaining MP; a car entering any other way is eliminated. It
    /// lands short of a car, the trough or a barred crossover space, on the nearest free space
    /// before it.
    Jump(u8),
    /// A ramp whose distance is drawn (Thunder Road's stunt die): a car entering from straight
    /// behind stops on it (it loses its remaining MP) and, when its movement ends, flies a
    /// distance drawn from the race's RNG, `min` to `max` spaces (or one of the die's `faces`),
    /// as `Jump` flies; a car entering any other way is eliminated.
    DrawnJump {
        /// The shortest flight.
        min: u8,
        /// The longest flight.
        max: u8,
        /// The die's six faces, each a flight (`min` to `max`), when they are not every
        /// distance from `min` to `max` alike: Thunder Road's stunt die, as the designer sets
        /// it. Without them every distance from `min` to `max` is as likely.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        faces: Option<[u8; 6]>,
    },
    /// Fire: when its movement ends the car takes the On Fire marker. Before each later
    /// movement of its own it checks: a combat card is drawn, and when its value is at least
    /// the car's defense the car takes 1 damage and burns on; otherwise the fire goes out.
    Fire,
    /// Treacherous ground: when the movement ends, a hazard is drawn from the pack's hazard
    /// deck and happens to the car where it stands, as a turned-over token would.
    Hazard,
}

impl Effect {
    /// Whether the effect moves the car on from its space within the step that struck it (a
    /// slide, a ramp's jump), so that one step may take a car more than one sector on. A
    /// drawn flight waits for the movement's end, outside the step.
    #[must_use]
    pub fn carries_within_step(self) -> bool {
        match self {
            Self::Slide(_) | Self::Jump(_) => true,
            Self::DrawnJump { .. }
            | Self::Stop
            | Self::Damage(_)
            | Self::Eliminate
            | Self::SlideAside(_)
            | Self::Fire
            | Self::Hazard => false,
        }
    }

    /// Whether the effect carries the car on from its space at all (a slide, a ramp, a drawn
    /// flight): a car that landed on such a space goes no further (no chain of flights).
    #[must_use]
    pub fn carries_on(self) -> bool {
        self.carries_within_step() || matches!(self, Self::DrawnJump { .. })
    }
}
