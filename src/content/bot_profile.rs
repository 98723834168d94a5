//! The bot profile file: how a simulated player chooses, as weights a designer can edit.
//!
//! `random` picks any legal decision. `greedy` scores the position each decision leads to and
//! takes the best. `planner` looks one activation ahead: for every card and car it scores every
//! end position the card can reach, and the attacks open after it, on a determinised view of
//! the race. The shipped profiles live in `content/bots/` (`random`, `racer`, `brawler`,
//! `planner`); the simulator reads them from the content folder.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::BotProfileKind;
use super::text::{Id, Text};

/// A bot profile file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BotProfile {
    /// Always `BotProfile`.
    pub kind: BotProfileKind,
    /// The format version the file was written in.
    pub version: u32,
    /// A stable identifier (`planner`), what `simulate --bots` names.
    pub id: Id,
    /// The name shown in reports.
    pub name: Text,
    /// How it chooses.
    pub strategy: Strategy,
    /// A planner's budget: the positions its search of one card for one car may visit before
    /// it plays the best outcome found (the search tries forward steps first, and always
    /// finishes the first path it takes: a budget of 1 plans each card's first whole movement,
    /// forward first, and nothing more). Left out: [`DEFAULT_SEARCH_LIMIT`], enough for any card
    /// but the longest in a packed field. A smaller budget trades sight for speed; other
    /// strategies ignore it.
    #[serde(
        default = "default_search_limit",
        skip_serializing_if = "is_default_search_limit"
    )]
    pub search_limit: u32,
    /// What it never does, whatever its strategy would choose (restricted play, as a design
    /// report measures an option's worth: a side that never fires, never rams): decisions it
    /// forbids are left out of those it chooses among, unless every legal decision is forbidden
    /// (then the rules force one, and it chooses among them all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restrict: Vec<Restriction>,
}

/// Something a restricted bot never does.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Restriction {
    /// Never fire a weapon (it always holds fire).
    NoFire,
    /// Never play a Ram card (of either ram movement type).
    NoRam,
    /// Never play this race card kind (by its id).
    NoCard(Id),
    /// Never step onto this kind of ground (by its id), as the track is painted.
    AvoidGround(super::text::TerrainId),
}

impl Restriction {
    /// In words: "never fires", "never rams", "never plays sprint", "avoids mud".
    #[must_use]
    pub fn words(&self) -> String {
        match self {
            Self::NoFire => "never fires".to_owned(),
            Self::NoRam => "never rams".to_owned(),
            Self::NoCard(card) => format!("never plays {card}"),
            Self::AvoidGround(kind) => format!("avoids {kind}"),
        }
    }
}

/// A planner's search budget when its profile names none.
pub const DEFAULT_SEARCH_LIMIT: u32 = 4_000;

fn default_search_limit() -> u32 {
    DEFAULT_SEARCH_LIMIT
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference.
fn is_default_search_limit(limit: &u32) -> bool {
    *limit == DEFAULT_SEARCH_LIMIT
}

impl BotProfile {
    /// The format version this build writes.
    pub const VERSION: u32 = 1;
}

/// How a bot chooses among the legal decisions.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Strategy {
    /// Any legal decision, uniformly.
    Random,
    /// The decision whose immediate result scores best.
    Greedy(Weights),
    /// The card, car, movement and attack whose whole activation scores best, looking at every
    /// outcome of every card and car.
    Planner(Weights),
    /// The planner's best few plays, each played out a few activations on determinised copies
    /// of the race (every seat played by a quicker planner), and the one whose play-outs end
    /// best taken: a search for a game of hidden cards.
    Search(SearchBudget),
}

/// A search bot's weights and budget: `candidates` × `rollouts` play-outs of `horizon`
/// activations each, at every play of a card.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchBudget {
    /// What a position is worth (the play-outs' end positions are scored with them, and the
    /// planner that proposes the candidates plans with them).
    pub weights: Weights,
    /// The plays the planner rates best that are played out.
    pub candidates: u32,
    /// Play-outs of each candidate, each on a determinised copy of its own (the same copies
    /// for every candidate).
    pub rollouts: u32,
    /// Activations a play-out runs after the candidate's own, every seat's counted.
    pub horizon: u32,
    /// The search budget of the planner every seat plays by in a play-out (positions per card
    /// and car).
    pub rollout_search_limit: u32,
    /// How much a rival's progress counts against the bot when a play-out's end is scored, as
    /// a share of what its own counts for: the sectors covered and laps finished of every car
    /// not of its side (neutral cars aside), by the weights' `progress` and `finish_vp`. Left
    /// out: 0, the play-outs weigh the bot's own progress only, as the planner's score does; at
    /// 1 a play that holds a rival back is worth as much as one that takes the bot as far on.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rivals_progress: f64,
}

/// Whether a number is 0 (serde's skip test: a field left out reads as 0).
// serde's `skip_serializing_if` hands over a reference.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(value: &f64) -> bool {
    *value == 0.0
}

/// What a position is worth to a player: each term is multiplied by its weight and summed.
/// Positive weights are wanted, negative ones avoided.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// Per sector of the lap the player's cars have covered since the finish line (a lap is
    /// worth this times the lap's sectors, and the finish VP comes on top).
    pub progress: f64,
    /// Per VP claimed for crossing the finish line.
    pub finish_vp: f64,
    /// Per VP claimed for kills.
    pub kill_vp: f64,
    /// Per damage marker on other players' cars in the race.
    pub damage_dealt: f64,
    /// Per damage marker on the player's own cars (usually negative).
    pub damage_taken: f64,
    /// Per own car destroyed (usually negative).
    pub cars_lost: f64,
    /// Per VP left in the pools of the other players (usually negative: a rival's pool near
    /// empty is a threat).
    pub rivals_pool: f64,
}

impl Weights {
    /// What one damage marker a bot's own decision puts on a car of its own side (its own
    /// team's cars, and in a mission its allies') is worth to it: a loss as large as the larger
    /// of what damage dealt gains and damage taken costs, so that harming one's own side is
    /// never a coin toss against holding fire. (Decided here, not read from the profile: a
    /// profile that values damage dealt values damage to its side as a loss as large.)
    #[must_use]
    pub fn friendly_harm(&self) -> f64 {
        -self.damage_dealt.abs().max(self.damage_taken.abs())
    }
}
