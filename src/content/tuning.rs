//! The tuning spec file: what `roadwright tune` may change in a content pack, what it aims at,
//! and how many races it may play to get there (issue: automatic tuning). The search never
//! edits the pack in place; it writes the best candidate as a new pack.
//!
//! Paths are relative to the spec file. Every parameter names what it changes by the ids the
//! pack's files use, and gives its range (whole numbers, both ends included) or its choices.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::TuningSpecKind;
use super::team_mats::Mount;
use super::text::{CarNumber, Id, TerrainId, Text};
use super::{Document, RawPack};

/// A tuning spec file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TuningSpec {
    /// Always `TuningSpec`.
    pub kind: TuningSpecKind,
    /// The format version the file was written in.
    pub version: u32,
    /// What the tuning is for.
    pub name: Text,
    /// The content pack folder tuned, relative to the spec file.
    pub content: Text,
    /// The track the races are played on, relative to the spec file.
    pub track: Text,
    /// A mission file, relative to the spec file: the races play it (its sides, setup, deck
    /// changes, VP rules, objectives and turn limit) on the track with each candidate pack,
    /// seated as it seats `players`, which must be a count it allows; a side it gives a bot is
    /// played by that bot. A candidate the mission does not check against (a deck change
    /// taking out more copies than the candidate deck holds) is out, as a pack that does not
    /// validate is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission: Option<Text>,
    /// The ruleset's id.
    #[serde(default = "standard")]
    pub ruleset: Id,
    /// Players per race.
    pub players: u8,
    /// The bot profile of each seat, by id; one id plays every seat.
    pub bots: Vec<Id>,
    /// Races the search may play in all, the final measurement of the best candidate
    /// included.
    pub budget: u32,
    /// The seed of the search and of its races.
    #[serde(default)]
    pub seed: u64,
    /// What the search may change.
    pub parameters: Vec<Parameter>,
    /// What it aims at: each objective's shortfall, times its weight, is summed into the
    /// score the search lowers.
    pub objectives: Vec<Objective>,
    /// Whether the search ends at the first candidate that meets every objective (each
    /// shortfall 0: a fair share `within` its band, a race length in its range, a metric past
    /// its bound), rather than spending the whole budget. The candidate is then measured on
    /// fresh seeds (and confirmed) as the best always is; the report says the search stopped
    /// there.
    #[serde(default, skip_serializing_if = "super::skip::is_false")]
    pub stop_when_met: bool,
    /// The best few candidates of the search played again by stronger bots before one is
    /// chosen (`tune --confirm-bots` sets or overrides it). Its races are over and above the
    /// budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirm: Option<Confirm>,
}

/// How the search's best candidates are confirmed: cheap bots search, stronger bots choose.
/// A pack tuned fair for weak players need not be fair for good ones; the confirmation plays
/// the pack as it is and the `top` best candidates (as the search's tuples rate them) with
/// `bots` on seeds neither the search nor the final measurement used, and the candidate that
/// scores best there is the one written.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Confirm {
    /// The bot profile of each seat, by id; one id plays every seat.
    pub bots: Vec<Id>,
    /// How many of the search's best candidates are confirmed.
    #[serde(default = "default_confirm_top")]
    pub top: u8,
    /// Races each confirmed candidate, and the pack as it is, plays.
    #[serde(default = "default_confirm_races")]
    pub races: u32,
}

/// Candidates confirmed unless the spec says otherwise.
pub const DEFAULT_CONFIRM_TOP: u8 = 3;

/// The fewest races a confirmation may play: fewer say nothing about win rates.
pub const MIN_CONFIRM_RACES: u32 = 20;

/// Races of each confirmation unless the spec says otherwise: enough for a four-player win
/// rate's 95% interval to be about ±1.3 points.
pub const DEFAULT_CONFIRM_RACES: u32 = 4_000;

fn default_confirm_top() -> u8 {
    DEFAULT_CONFIRM_TOP
}

fn default_confirm_races() -> u32 {
    DEFAULT_CONFIRM_RACES
}

/// The design metrics an objective can name, by id (`sim::metrics::METRICS` computes them; a
/// test holds the two lists equal).
pub const METRIC_IDS: [&str; 9] = [
    "lead_changes",
    "lead_changes_per_turn",
    "drama",
    "decisiveness",
    "comeback_half",
    "comeback_three_quarters",
    "closeness",
    "eliminations_per_turn",
    "downtime",
];

fn standard() -> Id {
    Id::from("standard")
}

impl TuningSpec {
    /// The format version this build writes.
    pub const VERSION: u32 = 1;
}

/// Something the search may change, with the values it may take.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum Parameter {
    /// How many copies of a race card kind the deck holds.
    RaceCardCount {
        /// The card kind's id.
        card: Id,
        /// The fewest copies.
        min: u32,
        /// The most copies.
        max: u32,
    },
    /// A race card kind's speed.
    RaceCardSpeed {
        /// The card kind's id.
        card: Id,
        /// The lowest speed.
        min: i32,
        /// The highest speed.
        max: i32,
    },
    /// How many copies of a movement event the deck holds.
    MovementEventCount {
        /// The event's id.
        card: Id,
        /// The fewest copies.
        min: u32,
        /// The most copies.
        max: u32,
    },
    /// The damage a combat card deals with a weapon type.
    CombatDamage {
        /// The combat card's id.
        card: Id,
        /// The weapon type's id.
        weapon: Id,
        /// The least damage.
        min: u32,
        /// The most damage.
        max: u32,
    },
    /// A car's defense; every car of the team when no car is named.
    CarDefense {
        /// The team's id.
        team: Id,
        /// The car's number, or every car of the team.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        car: Option<CarNumber>,
        /// The lowest defense.
        min: u8,
        /// The highest defense.
        max: u8,
    },
    /// A car's base MP; every car of the team when no car is named.
    CarBaseMp {
        /// The team's id.
        team: Id,
        /// The car's number, or every car of the team.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        car: Option<CarNumber>,
        /// The lowest base MP.
        min: u8,
        /// The highest base MP.
        max: u8,
    },
    /// A car's weapon, one of some weapon types.
    CarWeapon {
        /// The team's id.
        team: Id,
        /// The car's number.
        car: CarNumber,
        /// The weapon types it may carry, by id.
        choices: Vec<Id>,
    },
    /// A car's weapon mount, one of some mounts.
    CarMount {
        /// The team's id.
        team: Id,
        /// The car's number.
        car: CarNumber,
        /// The mounts it may have.
        choices: Vec<Mount>,
    },
    /// The VP in every player's pool (the ruleset's victory points).
    VictoryPoints {
        /// The fewest.
        min: u32,
        /// The most.
        max: u32,
    },
    /// The MP entering a kind of ground costs (the pack's terrain file).
    TerrainEnterCost {
        /// The kind's id.
        kind: TerrainId,
        /// The least.
        min: u8,
        /// The most.
        max: u8,
    },
    /// The damage a kind of ground deals a car entering it (its first `Damage` effect).
    TerrainDamage {
        /// The kind's id.
        kind: TerrainId,
        /// The least.
        min: u8,
        /// The most.
        max: u8,
    },
    /// How many tokens of a hazard the hazard deck holds.
    HazardCount {
        /// The hazard's id.
        hazard: Id,
        /// The fewest.
        min: u32,
        /// The most.
        max: u32,
    },
    /// The damage a hazard deals the car that turns it over (its first `Damage` effect, or its
    /// pit trap's damage when it has none).
    HazardDamage {
        /// The hazard's id.
        hazard: Id,
        /// The least.
        min: u8,
        /// The most.
        max: u8,
    },
    /// One of the mission's own settings ([`super::mission_tuning`]): needs a `mission`.
    Mission(super::mission_tuning::MissionParameter),
}

/// A goal of the tuning. Each gives a shortfall (0 when met) that its weight multiplies.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum Objective {
    /// The teams' win rates close together: the shortfall is the highest team win rate minus
    /// the lowest, in percentage points.
    WinRateSpread {
        /// Its weight.
        weight: f64,
    },
    /// Every team near its fair share of wins: the shortfall is the largest distance of a
    /// team's win rate from the fair share (one race in as many as there are players), in
    /// percentage points. Stricter than the spread when one team stands out alone.
    FairShare {
        /// Its weight.
        weight: f64,
        /// How near, in points, is near enough: a team within this of its fair share counts as
        /// there (the shortfall is the distance beyond it). Absent: only the fair share itself.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        within: Option<f64>,
    },
    /// The first seat no better placed than the others: the shortfall is the distance of the
    /// first seat's win rate from the fair share, in percentage points.
    FirstSeatAdvantage {
        /// Its weight.
        weight: f64,
    },
    /// Races of a length: the shortfall is how many turns the mean race length lies outside
    /// the range.
    RaceLength {
        /// The shortest mean length wanted, in turns.
        min_turns: f64,
        /// The longest mean length wanted, in turns.
        max_turns: f64,
        /// Its weight.
        weight: f64,
    },
    /// Each side of the mission near its fair share of wins: the shortfall is the largest
    /// distance of a side's win rate from its fair share, in percentage points. A side's fair
    /// share is the races some side won, shared evenly between the sides (draws at the turn
    /// limit are nobody's, so a mission that ends drawn one race in ten asks 45% of each of
    /// two sides). Needs a mission.
    SideFairShare {
        /// Its weight.
        weight: f64,
        /// How near, in points, is near enough: a side within this of its fair share counts as
        /// there (the shortfall is the distance beyond it). Absent: only the fair share itself.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        within: Option<f64>,
    },
    /// A design metric (`sim::metrics`, by id: `drama`, `lead_changes`...) above or below a
    /// value: the shortfall is how far its mean lies on the wrong side.
    Metric {
        /// The metric's id.
        metric: Text,
        /// The least value wanted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        above: Option<f64>,
        /// The most value wanted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        below: Option<f64>,
        /// Its weight.
        weight: f64,
    },
}

impl Objective {
    /// What its shortfall is multiplied by.
    #[must_use]
    pub fn weight(&self) -> f64 {
        match self {
            Self::WinRateSpread { weight }
            | Self::FairShare { weight, .. }
            | Self::FirstSeatAdvantage { weight }
            | Self::SideFairShare { weight, .. }
            | Self::RaceLength { weight, .. }
            | Self::Metric { weight, .. } => *weight,
        }
    }

    /// Its weight, to change.
    pub fn weight_mut(&mut self) -> &mut f64 {
        match self {
            Self::WinRateSpread { weight }
            | Self::FairShare { weight, .. }
            | Self::FirstSeatAdvantage { weight }
            | Self::SideFairShare { weight, .. }
            | Self::RaceLength { weight, .. }
            | Self::Metric { weight, .. } => weight,
        }
    }
}

/// A value a parameter can take.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Value {
    /// A number.
    Number(i64),
    /// A weapon type's id.
    Weapon(Id),
    /// A mount.
    Mount(Mount),
    /// A track space.
    Space(super::track::SpaceRef),
}

impl Value {
    /// Why a range `(least, most)` cannot be searched when the pack or mission (`whose`) has
    /// this value, in words, or `None` when it can: a number outside the range. A search starts
    /// from the pack and mission as written, and a candidate leaves a parameter at that start
    /// as written, so a range without the written value would read its nearest value as
    /// "unchanged" and never set it (a turn limit of 7-8 on a mission of 12 played 8 as
    /// written, and a count of 5-5 on a mission of 4 was never set at all). `validate` and
    /// `tune` both refuse such a spec with these words.
    #[must_use]
    pub fn left_out_of(&self, (least, most): (i64, i64), whose: &str) -> Option<String> {
        let Self::Number(n) = self else {
            return None;
        };
        let range = if least == most {
            least.to_string()
        } else {
            format!("{least}-{most}")
        };
        (!(least..=most).contains(n)).then(|| {
            format!(
                "its range {range} leaves out the {whose}'s value {n}: the search starts from \
                 the {whose} as written, so the range must hold it (to search elsewhere only, \
                 tune a copy set there: a tuned mission or pack is one)"
            )
        })
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Number(n) => write!(f, "{n}"),
            Self::Weapon(id) => write!(f, "{id}"),
            Self::Mount(mount) => write!(f, "{mount:?}"),
            Self::Space(space) => write!(f, "{space}"),
        }
    }
}

impl Parameter {
    /// The value `pack` has for this parameter, if it has what the parameter names (the victory
    /// points of the ruleset `ruleset`; a team-wide parameter's first car's). Validation asks it
    /// to report a parameter naming nothing; the tuner, to start from the pack as it is.
    #[must_use]
    pub fn value_in(&self, pack: &RawPack, ruleset: &Id) -> Option<Value> {
        let parameter = self;
        let number = |n: i64| Some(Value::Number(n));
        match parameter {
            Parameter::RaceCardCount { card, .. } => {
                number(i64::from(race_card(pack, card)?.count))
            }
            Parameter::RaceCardSpeed { card, .. } => {
                number(i64::from(race_card(pack, card)?.speed))
            }
            Parameter::MovementEventCount { card, .. } => documents(pack).find_map(|d| match d {
                Document::MovementEventDeck(deck) => {
                    let card = deck.cards.iter().find(|c| c.id == *card)?;
                    number(i64::from(card.count))
                }
                _ => None,
            }),
            Parameter::CombatDamage { card, weapon, .. } => documents(pack).find_map(|d| match d {
                Document::CombatEventDeck(deck) => {
                    let card = deck.cards.iter().find(|c| c.id == *card)?;
                    number(i64::from(card.weapons.get(weapon)?.damage))
                }
                _ => None,
            }),
            Parameter::CarDefense { team, car, .. } => {
                number(i64::from(first_car(pack, team, car.as_ref())?.defense))
            }
            Parameter::CarBaseMp { team, car, .. } => {
                number(i64::from(first_car(pack, team, car.as_ref())?.base_mp))
            }
            Parameter::CarWeapon { team, car, .. } => Some(Value::Weapon(
                first_car(pack, team, Some(car))?.weapon.clone(),
            )),
            Parameter::CarMount { team, car, .. } => {
                Some(Value::Mount(first_car(pack, team, Some(car))?.mount))
            }
            Parameter::VictoryPoints { .. } => documents(pack).find_map(|d| match d {
                Document::Ruleset(r) if r.id == *ruleset => number(i64::from(r.victory_points)),
                _ => None,
            }),
            Parameter::TerrainEnterCost { kind, .. } => {
                number(i64::from(ground_kind(pack, kind)?.enter_cost))
            }
            Parameter::TerrainDamage { kind, .. } => ground_kind(pack, kind)?
                .effects
                .iter()
                .find_map(|e| match e {
                    super::terrain::Effect::Damage(n) => number(i64::from(*n)),
                    _ => None,
                }),
            Parameter::HazardCount { hazard, .. } => {
                number(i64::from(hazard_named(pack, hazard)?.count))
            }
            Parameter::HazardDamage { hazard, .. } => number(i64::from(*hazard_damage(
                &hazard_named(pack, hazard)?.effects,
            )?)),
            // A mission's settings are not the pack's: `MissionParameter::value_in` reads them.
            Parameter::Mission(_) => None,
        }
    }
}

fn ground_kind<'p>(pack: &'p RawPack, kind: &TerrainId) -> Option<&'p super::terrain::GroundKind> {
    documents(pack).find_map(|d| match d {
        Document::Terrain(file) => file.kinds.iter().find(|k| k.id == *kind),
        _ => None,
    })
}

fn hazard_named<'p>(pack: &'p RawPack, hazard: &Id) -> Option<&'p super::hazard_deck::Hazard> {
    documents(pack).find_map(|d| match d {
        Document::HazardDeck(deck) => deck.hazards.iter().find(|h| h.id == *hazard),
        _ => None,
    })
}

/// Which of a hazard's effects holds the damage number a [`Parameter::HazardDamage`] moves:
/// its first `Damage`, else its pit trap.
fn hazard_damage_at(effects: &[super::hazard_deck::HazardEffect]) -> Option<usize> {
    use super::hazard_deck::HazardEffect;
    effects
        .iter()
        .position(|e| matches!(e, HazardEffect::Damage(_)))
        .or_else(|| {
            effects
                .iter()
                .position(|e| matches!(e, HazardEffect::PitTrap { .. }))
        })
}

/// The damage number a [`Parameter::HazardDamage`] moves among a hazard's effects.
#[must_use]
pub fn hazard_damage(effects: &[super::hazard_deck::HazardEffect]) -> Option<&u8> {
    use super::hazard_deck::HazardEffect;
    match effects.get(hazard_damage_at(effects)?)? {
        HazardEffect::Damage(n) | HazardEffect::PitTrap { damage: n, .. } => Some(n),
        _ => None,
    }
}

/// [`hazard_damage`], to change.
pub fn hazard_damage_mut(effects: &mut [super::hazard_deck::HazardEffect]) -> Option<&mut u8> {
    use super::hazard_deck::HazardEffect;
    let index = hazard_damage_at(effects)?;
    match &mut effects[index] {
        HazardEffect::Damage(n) | HazardEffect::PitTrap { damage: n, .. } => Some(n),
        _ => None,
    }
}

fn documents(pack: &RawPack) -> impl Iterator<Item = &Document> {
    pack.files.iter().map(|f| &f.document)
}

fn race_card<'p>(pack: &'p RawPack, card: &Id) -> Option<&'p super::race_deck::RaceCard> {
    documents(pack).find_map(|d| match d {
        Document::RaceDeck(deck) => deck.cards.iter().find(|c| c.id == *card),
        _ => None,
    })
}

fn first_car<'p>(
    pack: &'p RawPack,
    team: &Id,
    car: Option<&CarNumber>,
) -> Option<&'p super::team_mats::CarStats> {
    documents(pack).find_map(|d| match d {
        Document::TeamMats(mats) => mats
            .teams
            .iter()
            .find(|t| t.id == *team)
            .and_then(|t| t.cars.iter().find(|c| car.is_none_or(|n| c.number == *n))),
        _ => None,
    })
}

impl Parameter {
    /// What the parameter changes, in words ("rust-reapers #7: base MP").
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Parameter::RaceCardCount { card, .. } => format!("race card {card}: count"),
            Parameter::RaceCardSpeed { card, .. } => format!("race card {card}: speed"),
            Parameter::MovementEventCount { card, .. } => format!("movement event {card}: count"),
            Parameter::CombatDamage { card, weapon, .. } => {
                format!("combat card {card}: {weapon} damage")
            }
            Parameter::CarDefense { team, car, .. } => {
                format!("{}: defense", car_name(team, car.as_ref()))
            }
            Parameter::CarBaseMp { team, car, .. } => {
                format!("{}: base MP", car_name(team, car.as_ref()))
            }
            Parameter::CarWeapon { team, car, .. } => format!("{team} #{car}: weapon"),
            Parameter::CarMount { team, car, .. } => format!("{team} #{car}: mount"),
            Parameter::VictoryPoints { .. } => "ruleset: victory points".to_owned(),
            Parameter::TerrainEnterCost { kind, .. } => format!("ground {kind}: MP to enter"),
            Parameter::TerrainDamage { kind, .. } => format!("ground {kind}: damage"),
            Parameter::HazardCount { hazard, .. } => format!("hazard {hazard}: count"),
            Parameter::HazardDamage { hazard, .. } => format!("hazard {hazard}: damage"),
            Parameter::Mission(parameter) => parameter.name(),
        }
    }
}

fn car_name(team: &Id, car: Option<&CarNumber>) -> String {
    car.map_or_else(
        || format!("{team} (every car)"),
        |car| format!("{team} #{car}"),
    )
}
