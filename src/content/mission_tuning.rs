//! What a tuning may change in a mission's own settings (a tuning spec's `Mission(...)`
//! parameters): the turn limit, an objective's count or VP, a placed car's starting space or
//! damage, the damage a side's cars start with, a deck change's count, and the mission's VP
//! amounts. A tuned mission is written as a
//! new file; the mission read is never changed.
//!
//! Each parameter names what it changes the way the mission file does: an objective by its id,
//! a placed car by its team and number, a deck change by its place in the list (from 1).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::mission::{DeckChange, Goal, Mission, MissionSetup, Reward};
use super::scenario::Spot;
use super::text::{CarNumber, Id};
use super::track::SpaceRef;
use super::tuning::Value;
use super::{Document, RawPack};

/// Something a tuning may change in the mission it plays.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum MissionParameter {
    /// The turn at whose end the race stops.
    TurnLimit {
        /// The earliest turn.
        min: u32,
        /// The latest turn.
        max: u32,
    },
    /// The count in an objective's goal: the crossings of `Laps` and `Escort`, the kills of
    /// `Kills`, the turn of `Survive`, the turns of `Hold`.
    ObjectiveCount {
        /// The objective's id.
        objective: Id,
        /// The fewest.
        min: u32,
        /// The most.
        max: u32,
    },
    /// The VP an objective with a `Vp` reward is worth.
    ObjectiveVp {
        /// The objective's id.
        objective: Id,
        /// The fewest VP.
        min: u8,
        /// The most VP.
        max: u8,
    },
    /// The space a placed car starts on, one of those listed (the space it is placed on in the
    /// mission is tried as well).
    CarStart {
        /// The team's id.
        team: Id,
        /// The car's number.
        car: CarNumber,
        /// The spaces it may start on.
        spaces: Vec<SpaceRef>,
    },
    /// The damage a placed car starts with.
    CarDamage {
        /// The team's id.
        team: Id,
        /// The car's number.
        car: CarNumber,
        /// The least damage.
        min: u8,
        /// The most damage.
        max: u8,
    },
    /// The damage each car of a side starts the race with (the side's `damage`, added to a
    /// placed car's own; replacements come in undamaged, 8.3). The finest of a mission's
    /// settings on a side's strength: one damage is one hit of the rulebook's.
    SideDamage {
        /// The side's id.
        side: Id,
        /// The least damage.
        min: u8,
        /// The most damage.
        max: u8,
    },
    /// The copies a deck change adds, takes out or replaces.
    DeckChangeCount {
        /// The change's place in the mission's list, from 1.
        change: u32,
        /// The fewest copies.
        min: u32,
        /// The most copies.
        max: u32,
    },
    /// One of the mission's VP amounts.
    Vp {
        /// Which.
        source: VpSource,
        /// The least.
        min: u8,
        /// The most.
        max: u8,
    },
}

/// One of a mission's VP amounts ([`super::mission::VpRules`]).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
pub enum VpSource {
    /// The VP in each pool (absent from the mission: the ruleset's).
    Pool,
    /// The VP claimed for each crossing of the finish line.
    Finish,
    /// The VP claimed for each kill.
    Kills,
}

impl MissionParameter {
    /// What it changes, in words ("mission: turn limit", "mission: escort #2 starting space").
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Self::TurnLimit { .. } => "mission: turn limit".to_owned(),
            Self::ObjectiveCount { objective, .. } => {
                format!("mission objective {objective}: count")
            }
            Self::ObjectiveVp { objective, .. } => format!("mission objective {objective}: VP"),
            Self::CarStart { team, car, .. } => format!("mission: {team} #{car} starting space"),
            Self::CarDamage { team, car, .. } => format!("mission: {team} #{car} starting damage"),
            Self::SideDamage { side, .. } => format!("mission side {side}: starting damage"),
            Self::DeckChangeCount { change, .. } => format!("mission deck change {change}: count"),
            Self::Vp { source, .. } => format!("mission: {} VP", source.word()),
        }
    }

    /// The values it may take, in order: its range, or the listed spaces.
    #[must_use]
    pub fn values(&self) -> Vec<Value> {
        let range = |min: i64, max: i64| (min..=max).map(Value::Number).collect();
        match self {
            Self::TurnLimit { min, max }
            | Self::ObjectiveCount { min, max, .. }
            | Self::DeckChangeCount { min, max, .. } => range(i64::from(*min), i64::from(*max)),
            Self::ObjectiveVp { min, max, .. }
            | Self::CarDamage { min, max, .. }
            | Self::SideDamage { min, max, .. }
            | Self::Vp { min, max, .. } => range(i64::from(*min), i64::from(*max)),
            Self::CarStart { spaces, .. } => spaces.iter().copied().map(Value::Space).collect(),
        }
    }

    /// The value `mission` has, if it has what the parameter names; the VP pool of a mission
    /// that leaves it to the ruleset is `ruleset`'s in `pack`.
    #[must_use]
    pub fn value_in(&self, mission: &Mission, pack: &RawPack) -> Option<Value> {
        let number = |n: i64| Some(Value::Number(n));
        match self {
            Self::TurnLimit { .. } => number(i64::from(mission.turn_limit.turn)),
            Self::ObjectiveCount { objective, .. } => {
                let goal = &mission.objectives.iter().find(|o| o.id == *objective)?.goal;
                number(i64::from(goal_count(goal)?))
            }
            Self::ObjectiveVp { objective, .. } => {
                match mission
                    .objectives
                    .iter()
                    .find(|o| o.id == *objective)?
                    .reward
                {
                    Reward::Vp(vp) => number(i64::from(vp)),
                    _ => None,
                }
            }
            Self::CarStart { team, car, .. } => match placed(mission, team, car)?.at {
                Spot::Space(space) => Some(Value::Space(space)),
                Spot::OffTrack { .. } | Spot::Chute => None,
            },
            Self::CarDamage { team, car, .. } => {
                number(i64::from(placed(mission, team, car)?.damage))
            }
            Self::SideDamage { side, .. } => number(i64::from(
                mission.sides.iter().find(|s| s.id == *side)?.damage,
            )),
            Self::DeckChangeCount { change, .. } => {
                let index = usize::try_from(change.checked_sub(1)?).ok()?;
                number(i64::from(*change_count(mission.deck_changes.get(index)?)))
            }
            Self::Vp { source, .. } => {
                let vp = &mission.vp;
                number(i64::from(match source {
                    VpSource::Finish => vp.finish,
                    VpSource::Kills => vp.kills,
                    VpSource::Pool => match vp.pool {
                        Some(pool) => pool,
                        None => pack.files.iter().find_map(|f| match &f.document {
                            Document::Ruleset(r) if r.id == mission.ruleset => {
                                Some(r.victory_points)
                            }
                            _ => None,
                        })?,
                    },
                }))
            }
        }
    }

    /// Sets the parameter to `value` in `mission` (a value of the wrong kind, or a parameter
    /// naming what the mission lacks, changes nothing: [`Self::value_in`] is checked first).
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // Values lie in the spec's checked ranges.
    pub fn set(&self, mission: &mut Mission, value: &Value) {
        let number = match value {
            Value::Number(n) => *n,
            _ => 0,
        };
        match self {
            Self::TurnLimit { .. } => mission.turn_limit.turn = number as u32,
            Self::ObjectiveCount { objective, .. } => {
                if let Some(count) = mission
                    .objectives
                    .iter_mut()
                    .find(|o| o.id == *objective)
                    .and_then(|o| goal_count_mut(&mut o.goal))
                {
                    count.set(number as u32);
                }
            }
            Self::ObjectiveVp { objective, .. } => {
                if let Some(o) = mission.objectives.iter_mut().find(|o| o.id == *objective)
                    && let Reward::Vp(vp) = &mut o.reward
                {
                    *vp = number as u8;
                }
            }
            Self::CarStart { team, car, .. } => {
                if let (Some(p), Value::Space(space)) = (placed_mut(mission, team, car), value) {
                    p.at = Spot::Space(*space);
                }
            }
            Self::CarDamage { team, car, .. } => {
                if let Some(p) = placed_mut(mission, team, car) {
                    p.damage = number as u8;
                }
            }
            Self::SideDamage { side, .. } => {
                if let Some(s) = mission.sides.iter_mut().find(|s| s.id == *side) {
                    s.damage = number as u8;
                }
            }
            Self::DeckChangeCount { change, .. } => {
                let index = change.saturating_sub(1) as usize;
                if let Some(c) = mission.deck_changes.get_mut(index) {
                    *change_count_mut(c) = number as u32;
                }
            }
            Self::Vp { source, .. } => match source {
                VpSource::Finish => mission.vp.finish = number as u8,
                VpSource::Kills => mission.vp.kills = number as u8,
                VpSource::Pool => mission.vp.pool = Some(number as u8),
            },
        }
    }

    /// What the parameter names that a mission must have, in words, for an error saying the
    /// mission has none ("objective `escort-home` whose goal has a count", "placed car
    /// rust-reapers #2").
    #[must_use]
    pub fn names(&self) -> String {
        match self {
            Self::TurnLimit { .. } => "turn limit".to_owned(),
            Self::ObjectiveCount { objective, .. } => {
                format!("objective `{objective}` whose goal has a count")
            }
            Self::ObjectiveVp { objective, .. } => format!("objective `{objective}` worth VP"),
            Self::CarStart { team, car, .. } => {
                format!("car {team} #{car} placed on a track space")
            }
            Self::CarDamage { team, car, .. } => format!("placed car {team} #{car}"),
            Self::SideDamage { side, .. } => format!("side `{side}`"),
            Self::DeckChangeCount { change, .. } => format!("deck change {change} (from 1)"),
            Self::Vp { source, .. } => format!("{} VP", source.word()),
        }
    }

    /// Its range as (least, most), for a parameter with one.
    #[must_use]
    pub fn range(&self) -> Option<(i64, i64)> {
        match self {
            Self::TurnLimit { min, max }
            | Self::ObjectiveCount { min, max, .. }
            | Self::DeckChangeCount { min, max, .. } => Some((i64::from(*min), i64::from(*max))),
            Self::ObjectiveVp { min, max, .. }
            | Self::CarDamage { min, max, .. }
            | Self::SideDamage { min, max, .. }
            | Self::Vp { min, max, .. } => Some((i64::from(*min), i64::from(*max))),
            Self::CarStart { .. } => None,
        }
    }
}

impl VpSource {
    /// The amount in words: "pool", "finish", "kill".
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Pool => "pool",
            Self::Finish => "finish",
            Self::Kills => "kill",
        }
    }
}

/// A goal's count, for the goals that have one: what [`MissionParameter::ObjectiveCount`]
/// moves.
#[must_use]
pub fn goal_count(goal: &Goal) -> Option<u32> {
    match goal {
        Goal::Laps(n) | Goal::Kills(n) | Goal::Escort { laps: n, .. } => Some(u32::from(*n)),
        Goal::Hold { turns, .. } => Some(u32::from(*turns)),
        Goal::Survive(turn) => Some(*turn),
        Goal::Eliminate(_)
        | Goal::Wipeout
        | Goal::AllOut
        | Goal::LeftBehind
        | Goal::All(_)
        | Goal::Any(_)
        | Goal::Then(_) => None,
    }
}

/// A goal's count, to change: a small count or a turn.
enum CountMut<'g> {
    Small(&'g mut u8),
    Turn(&'g mut u32),
}

impl CountMut<'_> {
    #[allow(clippy::cast_possible_truncation)] // Counts lie in the spec's checked ranges.
    fn set(self, value: u32) {
        match self {
            Self::Small(n) => *n = value.min(u32::from(u8::MAX)) as u8,
            Self::Turn(n) => *n = value,
        }
    }
}

fn goal_count_mut(goal: &mut Goal) -> Option<CountMut<'_>> {
    match goal {
        Goal::Laps(n) | Goal::Kills(n) | Goal::Escort { laps: n, .. } => Some(CountMut::Small(n)),
        Goal::Hold { turns, .. } => Some(CountMut::Small(turns)),
        Goal::Survive(turn) => Some(CountMut::Turn(turn)),
        Goal::Eliminate(_)
        | Goal::Wipeout
        | Goal::AllOut
        | Goal::LeftBehind
        | Goal::All(_)
        | Goal::Any(_)
        | Goal::Then(_) => None,
    }
}

/// The copies a deck change moves: what [`MissionParameter::DeckChangeCount`] moves.
#[must_use]
pub fn change_count(change: &DeckChange) -> &u32 {
    match change {
        DeckChange::Add { count, .. }
        | DeckChange::Remove { count, .. }
        | DeckChange::Replace { count, .. } => count,
    }
}

fn change_count_mut(change: &mut DeckChange) -> &mut u32 {
    match change {
        DeckChange::Add { count, .. }
        | DeckChange::Remove { count, .. }
        | DeckChange::Replace { count, .. } => count,
    }
}

fn placed<'m>(
    mission: &'m Mission,
    team: &Id,
    car: &CarNumber,
) -> Option<&'m super::scenario::CarPlacement> {
    match &mission.setup {
        MissionSetup::Placed(cars) => cars.iter().find(|p| p.team == *team && p.number == *car),
        MissionSetup::Grid => None,
    }
}

fn placed_mut<'m>(
    mission: &'m mut Mission,
    team: &Id,
    car: &CarNumber,
) -> Option<&'m mut super::scenario::CarPlacement> {
    match &mut mission.setup {
        MissionSetup::Placed(cars) => cars
            .iter_mut()
            .find(|p| p.team == *team && p.number == *car),
        MissionSetup::Grid => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mission with one of every setting a tuning may move.
    fn mission() -> Mission {
        let text = r#"(
            kind: Mission,
            version: 1,
            name: "Every setting",
            track: "oval.ron",
            content: "content",
            sides: [
                (id: "escort", name: "The escort", teams: ["rust-reapers"]),
                (id: "raiders", name: "The raiders", teams: ["chrome-jackals"]),
            ],
            setup: Placed([
                (team: "rust-reapers", number: "15", at: Space("4.1"), damage: 1),
                (team: "chrome-jackals", number: "21", at: Chute),
            ]),
            deck_changes: [Remove(deck: Race, card: "sprint", count: 2)],
            vp: (finish: 2, kills: 1),
            objectives: [
                (id: "deliver", side: Some("escort"), goal: Escort(car: (team: "rust-reapers", number: "15"), laps: 2), reward: Win),
                (id: "hold", side: Some("raiders"), goal: Hold(spaces: ["9.1"], turns: 3), reward: Vp(4)),
                (id: "last", side: Some("escort"), goal: Survive(20), reward: Vp(1)),
                (id: "ambush", side: Some("raiders"), goal: Eliminate((team: "rust-reapers", number: "15")), reward: Win),
            ],
            turn_limit: (turn: 25),
        )"#;
        let source = crate::content::SourceFile::from_text(
            "every-setting.ron",
            text.to_owned(),
            crate::content::Format::Ron,
        );
        match Document::parse(&source) {
            Ok(Document::Mission(mission)) => mission,
            other => panic!("a mission: {other:?}"),
        }
    }

    fn pack() -> RawPack {
        RawPack::open(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content"))
    }

    /// Each setting, the mission's value, and another.
    fn cases() -> Vec<(MissionParameter, Value, Value)> {
        let mut cases = count_cases();
        cases.extend(damage_cases());
        cases
    }

    /// The starting damage of a placed car and of a side's cars: the mission's, and another.
    fn damage_cases() -> Vec<(MissionParameter, Value, Value)> {
        vec![
            (
                MissionParameter::CarDamage {
                    team: "rust-reapers".into(),
                    car: "15".into(),
                    min: 0,
                    max: 3,
                },
                Value::Number(1),
                Value::Number(0),
            ),
            (
                MissionParameter::SideDamage {
                    side: "raiders".into(),
                    min: 0,
                    max: 2,
                },
                Value::Number(0),
                Value::Number(2),
            ),
        ]
    }

    /// The settings that are not a starting damage: the mission's value, and another.
    fn count_cases() -> Vec<(MissionParameter, Value, Value)> {
        let car = || CarNumber::from("15");
        let team = || Id::from("rust-reapers");
        vec![
            (
                MissionParameter::TurnLimit { min: 1, max: 40 },
                Value::Number(25),
                Value::Number(30),
            ),
            (
                MissionParameter::ObjectiveCount {
                    objective: "deliver".into(),
                    min: 1,
                    max: 4,
                },
                Value::Number(2),
                Value::Number(3),
            ),
            (
                MissionParameter::ObjectiveCount {
                    objective: "hold".into(),
                    min: 1,
                    max: 4,
                },
                Value::Number(3),
                Value::Number(1),
            ),
            (
                MissionParameter::ObjectiveCount {
                    objective: "last".into(),
                    min: 1,
                    max: 40,
                },
                Value::Number(20),
                Value::Number(18),
            ),
            (
                MissionParameter::ObjectiveVp {
                    objective: "hold".into(),
                    min: 0,
                    max: 9,
                },
                Value::Number(4),
                Value::Number(6),
            ),
            (
                MissionParameter::CarStart {
                    team: team(),
                    car: car(),
                    spaces: vec![SpaceRef::lap(4, 2)],
                },
                Value::Space(SpaceRef::lap(4, 1)),
                Value::Space(SpaceRef::lap(4, 2)),
            ),
            (
                MissionParameter::DeckChangeCount {
                    change: 1,
                    min: 1,
                    max: 3,
                },
                Value::Number(2),
                Value::Number(1),
            ),
            (
                MissionParameter::Vp {
                    source: VpSource::Finish,
                    min: 0,
                    max: 3,
                },
                Value::Number(2),
                Value::Number(3),
            ),
            (
                MissionParameter::Vp {
                    source: VpSource::Kills,
                    min: 0,
                    max: 3,
                },
                Value::Number(1),
                Value::Number(0),
            ),
            (
                MissionParameter::Vp {
                    source: VpSource::Pool,
                    min: 5,
                    max: 15,
                },
                // The standard ruleset's pool, which the mission leaves as it is.
                Value::Number(12),
                Value::Number(9),
            ),
        ]
    }

    /// Each setting reads the mission's value, and setting another value changes that and
    /// nothing else of the mission.
    #[test]
    fn each_mission_setting_reads_and_sets_its_own_field_only() {
        let (mission, pack) = (mission(), pack());
        for (parameter, before, after) in cases() {
            assert_eq!(
                parameter.value_in(&mission, &pack),
                Some(before),
                "{}",
                parameter.name()
            );
            let mut moved = mission.clone();
            parameter.set(&mut moved, &after);
            assert_eq!(
                parameter.value_in(&moved, &pack),
                Some(after),
                "{}",
                parameter.name()
            );
            // Setting the value back gives the mission as written: nothing else moved (the
            // pool, absent in the file, comes back written).
            let mut back = moved.clone();
            parameter.set(
                &mut back,
                &parameter.value_in(&mission, &pack).expect("read"),
            );
            if !matches!(
                parameter,
                MissionParameter::Vp {
                    source: VpSource::Pool,
                    ..
                }
            ) {
                assert_eq!(back, mission, "{}", parameter.name());
            }
        }
    }

    /// What a mission lacks is read as nothing: an objective without a count or a VP reward,
    /// a car in the chute (no space to move), a car or a deck change it does not have.
    #[test]
    fn a_setting_naming_what_the_mission_lacks_reads_nothing() {
        let (mission, pack) = (mission(), pack());
        let lacking = [
            MissionParameter::ObjectiveCount {
                objective: "ambush".into(),
                min: 1,
                max: 2,
            },
            MissionParameter::ObjectiveVp {
                objective: "deliver".into(),
                min: 1,
                max: 2,
            },
            MissionParameter::ObjectiveCount {
                objective: "no-such".into(),
                min: 1,
                max: 2,
            },
            MissionParameter::CarStart {
                team: "chrome-jackals".into(),
                car: "21".into(),
                spaces: vec![SpaceRef::lap(1, 1)],
            },
            MissionParameter::CarDamage {
                team: "rust-reapers".into(),
                car: "99".into(),
                min: 0,
                max: 1,
            },
            MissionParameter::SideDamage {
                side: "no-such".into(),
                min: 0,
                max: 1,
            },
            MissionParameter::DeckChangeCount {
                change: 2,
                min: 1,
                max: 2,
            },
            MissionParameter::DeckChangeCount {
                change: 0,
                min: 1,
                max: 2,
            },
        ];
        for parameter in lacking {
            assert_eq!(
                parameter.value_in(&mission, &pack),
                None,
                "{}",
                parameter.name()
            );
        }
    }
}
