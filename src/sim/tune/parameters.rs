//! What a tuning may change: each spec parameter read against the pack (its values and the
//! pack's value), and a candidate's values set into a copy of the pack.

use crate::content::mission::Mission;
use crate::content::team_mats::Mount;
use crate::content::text::Id;
use crate::content::tuning::Parameter;
pub use crate::content::tuning::Value;
use crate::content::{Document, RawPack};
use std::ops::RangeInclusive;

/// One parameter as the search sees it: what it is, the values it may take, and the value
/// the pack has (its index, when the pack's value is among them).
#[derive(Clone, Debug)]
pub struct Dimension {
    /// The spec's parameter.
    pub parameter: Parameter,
    /// Its values, in order.
    pub values: Vec<Value>,
    /// The pack's value (a team-wide parameter's: its first car's).
    pub current: Value,
    /// The pack's value in words: "2", or "mixed: 1, 2" for a team-wide parameter whose cars
    /// differ (left at the baseline, they keep their own values).
    pub pack_text: String,
}

impl Dimension {
    /// A name for reports: what the parameter changes.
    #[must_use]
    pub fn name(&self) -> String {
        self.parameter.name()
    }
}

/// The values a parameter may take and the pack's value, or what it names that is missing.
pub(super) fn dimension(
    pack: &RawPack,
    mission: Option<&Mission>,
    parameter: &Parameter,
    ruleset: &Id,
) -> Result<Dimension, String> {
    let (current, mut values) = match parameter {
        Parameter::Mission(setting) => {
            let mission = mission.ok_or_else(|| {
                "it changes a mission's setting and the spec names no mission".to_owned()
            })?;
            let current = setting.value_in(mission, pack).ok_or_else(|| {
                format!("the mission `{}` has no {}", mission.name, setting.names())
            })?;
            (current, setting.values())
        }
        _ => (
            parameter
                .value_in(pack, ruleset)
                .ok_or_else(|| "it names something the pack does not have".to_owned())?,
            values_of(parameter),
        ),
    };
    // A car's starting space is one of those listed or the one the mission places it on: the
    // search starts from the mission as written.
    if matches!(current, Value::Space(_)) && !values.contains(&current) {
        values.insert(0, current.clone());
    }
    if values.is_empty() {
        return Err("it leaves no value to try".to_owned());
    }
    // A range must hold the value written (see `Value::left_out_of`).
    if let (Some(Value::Number(least)), Some(Value::Number(most))) = (values.first(), values.last())
    {
        let whose = if matches!(parameter, Parameter::Mission(_)) {
            "mission"
        } else {
            "pack"
        };
        if let Some(words) = current.left_out_of((*least, *most), whose) {
            return Err(words);
        }
    }
    let pack_text = match parameter {
        Parameter::CarDefense {
            team, car: None, ..
        }
        | Parameter::CarBaseMp {
            team, car: None, ..
        } => {
            let mut seen: Vec<u8> = documents(pack)
                .filter_map(|d| match d {
                    Document::TeamMats(mats) => mats.teams.iter().find(|t| t.id == *team),
                    _ => None,
                })
                .flat_map(|t| &t.cars)
                .map(|c| match parameter {
                    Parameter::CarDefense { .. } => c.defense,
                    _ => c.base_mp,
                })
                .collect();
            seen.sort_unstable();
            seen.dedup();
            if seen.len() > 1 {
                let listed: Vec<String> = seen.iter().map(ToString::to_string).collect();
                format!("mixed: {}", listed.join(", "))
            } else {
                current.to_string()
            }
        }
        _ => current.to_string(),
    };
    Ok(Dimension {
        parameter: parameter.clone(),
        values,
        current,
        pack_text,
    })
}

/// The values a parameter may take, in order.
fn values_of(parameter: &Parameter) -> Vec<Value> {
    let range = |min: i64, max: i64| (min..=max).map(Value::Number).collect();
    match parameter {
        Parameter::RaceCardCount { min, max, .. }
        | Parameter::MovementEventCount { min, max, .. }
        | Parameter::CombatDamage { min, max, .. }
        | Parameter::HazardCount { min, max, .. }
        | Parameter::VictoryPoints { min, max } => range(i64::from(*min), i64::from(*max)),
        Parameter::RaceCardSpeed { min, max, .. } => range(i64::from(*min), i64::from(*max)),
        Parameter::TerrainEnterCost { min, max, .. }
        | Parameter::TerrainDamage { min, max, .. }
        | Parameter::HazardDamage { min, max, .. } => range(i64::from(*min), i64::from(*max)),
        Parameter::CarDefense { min, max, .. } | Parameter::CarBaseMp { min, max, .. } => {
            range(i64::from(*min), i64::from(*max))
        }
        Parameter::CarWeapon { choices, .. } => {
            choices.iter().cloned().map(Value::Weapon).collect()
        }
        Parameter::CarMount { choices, .. } => choices.iter().copied().map(Value::Mount).collect(),
        Parameter::Mission(setting) => setting.values(),
    }
}

fn documents(pack: &RawPack) -> impl Iterator<Item = &Document> {
    pack.files.iter().map(|f| &f.document)
}

/// Sets `parameter` to `value` in the pack's documents.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // Values lie in the spec's checked ranges.
pub(super) fn set(pack: &mut RawPack, parameter: &Parameter, value: &Value, ruleset: &Id) {
    let number = match value {
        Value::Number(n) => *n,
        _ => 0,
    };
    for file in &mut pack.files {
        match (&mut file.document, parameter) {
            (Document::RaceDeck(deck), Parameter::RaceCardCount { card, .. }) => {
                if let Some(c) = deck.cards.iter_mut().find(|c| c.id == *card) {
                    c.count = number as u32;
                }
            }
            (Document::RaceDeck(deck), Parameter::RaceCardSpeed { card, .. }) => {
                if let Some(c) = deck.cards.iter_mut().find(|c| c.id == *card) {
                    c.speed = number as i32;
                }
            }
            (Document::MovementEventDeck(deck), Parameter::MovementEventCount { card, .. }) => {
                if let Some(c) = deck.cards.iter_mut().find(|c| c.id == *card) {
                    c.count = number as u32;
                }
            }
            (Document::CombatEventDeck(deck), Parameter::CombatDamage { card, weapon, .. }) => {
                if let Some(r) = deck
                    .cards
                    .iter_mut()
                    .find(|c| c.id == *card)
                    .and_then(|c| c.weapons.get_mut(weapon))
                {
                    r.damage = number as u8;
                }
            }
            (Document::TeamMats(mats), _) => set_car(mats, parameter, value, number),
            (Document::Terrain(file), Parameter::TerrainEnterCost { kind, .. }) => {
                if let Some(k) = file.kinds.iter_mut().find(|k| k.id == *kind) {
                    k.enter_cost = number as u8;
                }
            }
            (Document::Terrain(file), Parameter::TerrainDamage { kind, .. }) => {
                if let Some(amount) = file.kinds.iter_mut().find(|k| k.id == *kind).and_then(|k| {
                    k.effects.iter_mut().find_map(|e| match e {
                        crate::content::terrain::Effect::Damage(n) => Some(n),
                        _ => None,
                    })
                }) {
                    *amount = number as u8;
                }
            }
            (Document::HazardDeck(deck), Parameter::HazardCount { hazard, .. }) => {
                if let Some(h) = deck.hazards.iter_mut().find(|h| h.id == *hazard) {
                    h.count = number as u32;
                }
            }
            (Document::HazardDeck(deck), Parameter::HazardDamage { hazard, .. }) => {
                if let Some(amount) = deck
                    .hazards
                    .iter_mut()
                    .find(|h| h.id == *hazard)
                    .and_then(|h| crate::content::tuning::hazard_damage_mut(&mut h.effects))
                {
                    *amount = number as u8;
                }
            }
            (Document::Ruleset(played), Parameter::VictoryPoints { .. })
                if played.id == *ruleset =>
            {
                played.victory_points = number as u8;
            }
            _ => {}
        }
    }
}

#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // Values lie in the spec's checked ranges.
fn set_car(
    mats: &mut crate::content::team_mats::TeamMats,
    parameter: &Parameter,
    value: &Value,
    number: i64,
) {
    let (team, car) = match parameter {
        Parameter::CarDefense { team, car, .. } | Parameter::CarBaseMp { team, car, .. } => {
            (team, car.clone())
        }
        Parameter::CarWeapon { team, car, .. } | Parameter::CarMount { team, car, .. } => {
            (team, Some(car.clone()))
        }
        _ => return,
    };
    let Some(mat) = mats.teams.iter_mut().find(|t| t.id == *team) else {
        return;
    };
    for stats in mat
        .cars
        .iter_mut()
        .filter(|c| car.as_ref().is_none_or(|n| c.number == *n))
    {
        match (parameter, value) {
            (Parameter::CarDefense { .. }, _) => stats.defense = number as u8,
            (Parameter::CarBaseMp { .. }, _) => stats.base_mp = number as u8,
            (Parameter::CarWeapon { .. }, Value::Weapon(id)) => stats.weapon = id.clone(),
            (Parameter::CarMount { .. }, Value::Mount(mount)) => stats.mount = *mount,
            _ => {}
        }
    }
}

/// A parameter offered for tuning, with the part of the pack it belongs to (for grouping).
#[derive(Clone, PartialEq, Debug)]
pub struct Offered {
    /// The part of the pack: "Ruleset", "Race deck", "Movement events", "Combat deck", or a
    /// team's name.
    pub group: String,
    /// The parameter, with a default range around the pack's value.
    pub parameter: Parameter,
}

/// Every parameter of `pack` a tuning could let move, with a default range around the pack's
/// value, in the order a designer reads the pack: the ruleset's victory points, the race
/// deck (count, speed), the movement events (count), the combat deck (damage per weapon), then
/// each team (every car's defense and base MP, then each car's defense, base MP, weapon and
/// mount).
///
/// Default ranges, chosen to stay close to the pack: a count ±2 (from 0), a speed or a base
/// MP ±1 inside the limits validation allows, a damage from one less to one more (at least up
/// to 2, so a card that never hits can be made to), defense over its whole 1-3, victory points
/// ±3 (from 1). A designer widens them on the Tune screen or in the spec.
#[must_use]
pub fn offered(pack: &RawPack, ruleset: &Id) -> Vec<Offered> {
    let mut found = Vec::new();
    let mut add = |group: &str, parameter: Parameter| {
        found.push(Offered {
            group: group.to_owned(),
            parameter,
        });
    };
    let weapons: Vec<Id> = documents(pack)
        .filter_map(|d| match d {
            Document::CombatEventDeck(deck) => Some(deck.weapon_types.iter().map(|w| w.id.clone())),
            _ => None,
        })
        .flatten()
        .collect();
    // The documents in the order a designer reads the pack, whatever their files' order.
    let rank = |d: &Document| match d {
        Document::Ruleset(_) => 0,
        Document::RaceDeck(_) => 1,
        Document::MovementEventDeck(_) => 2,
        Document::CombatEventDeck(_) => 3,
        _ => 4,
    };
    let mut ordered: Vec<&Document> = documents(pack).collect();
    ordered.sort_by_key(|d| rank(d));
    for document in ordered {
        match document {
            Document::Ruleset(r) if r.id == *ruleset => {
                let vp = u32::from(r.victory_points);
                add(
                    "Ruleset",
                    Parameter::VictoryPoints {
                        min: vp.saturating_sub(3).max(1),
                        max: vp + 3,
                    },
                );
            }
            Document::RaceDeck(deck) => {
                for card in &deck.cards {
                    race_card_offer(card, &mut add);
                }
            }
            Document::MovementEventDeck(deck) => {
                for card in &deck.cards {
                    let (min, max) = count_range(card.count);
                    let card = card.id.clone();
                    add(
                        "Movement events",
                        Parameter::MovementEventCount { card, min, max },
                    );
                }
            }
            Document::CombatEventDeck(deck) => {
                for card in &deck.cards {
                    for (weapon, result) in &card.weapons {
                        let damage = u32::from(result.damage);
                        add(
                            "Combat deck",
                            Parameter::CombatDamage {
                                card: card.id.clone(),
                                weapon: weapon.clone(),
                                min: damage.saturating_sub(1),
                                max: damage.max(1) + 1,
                            },
                        );
                    }
                }
            }
            Document::TeamMats(mats) => {
                for team in &mats.teams {
                    team_offer(team, &weapons, &mut add);
                }
            }
            Document::Terrain(file) => ground_offer(file, &mut add),
            Document::HazardDeck(deck) => hazard_offer(deck, &mut add),
            _ => {}
        }
    }
    found
}

/// Every setting of `mission` a tuning could let move, grouped as "Mission", with a default
/// range around the mission's value: the turn limit three either side (from 1), each
/// objective's count one either side (from 1) and VP two either side, each placed car's
/// starting space among its sector's spaces on `track` (the one it is placed on first; that one
/// alone without the track) and its
/// damage from none to two more, each seated side's starting damage from none to two more (a
/// neutral side's strength is no side's balance), each deck change's count one either side
/// (from 1), and the finish and kill VP one either side. A designer narrows or widens them on
/// the Tune screen or in the spec.
#[must_use]
pub fn offered_in_mission(
    mission: &Mission,
    track: Option<&crate::content::track::Track>,
) -> Vec<Offered> {
    use crate::content::mission::{MissionSetup, Reward};
    use crate::content::mission_tuning::{MissionParameter as M, VpSource};
    let mut found = Vec::new();
    let mut add = |parameter: M| {
        found.push(Offered {
            group: "Mission".to_owned(),
            parameter: Parameter::Mission(parameter),
        });
    };
    let turn = mission.turn_limit.turn;
    add(M::TurnLimit {
        min: turn.saturating_sub(3).max(1),
        max: turn + 3,
    });
    for objective in &mission.objectives {
        if let Some(n) = crate::content::mission_tuning::goal_count(&objective.goal) {
            add(M::ObjectiveCount {
                objective: objective.id.clone(),
                min: n.saturating_sub(1).max(1),
                max: n + 1,
            });
        }
        if let Reward::Vp(vp) = objective.reward {
            add(M::ObjectiveVp {
                objective: objective.id.clone(),
                min: vp.saturating_sub(2),
                max: vp.saturating_add(2),
            });
        }
    }
    for side in mission.sides.iter().filter(|s| !s.neutral) {
        add(M::SideDamage {
            side: side.id.clone(),
            min: 0,
            max: side.damage.saturating_add(2),
        });
    }
    if let MissionSetup::Placed(cars) = &mission.setup {
        for placed in cars {
            if let crate::content::scenario::Spot::Space(at) = placed.at {
                let spaces: Vec<_> = track
                    .into_iter()
                    .flat_map(crate::content::track::Track::spaces)
                    .map(|(space, _)| space)
                    .filter(|s| s.section == at.section && s.sector == at.sector && *s != at)
                    .collect();
                add(M::CarStart {
                    team: placed.team.clone(),
                    car: placed.number.clone(),
                    spaces: std::iter::once(at).chain(spaces).collect(),
                });
            }
            add(M::CarDamage {
                team: placed.team.clone(),
                car: placed.number.clone(),
                min: 0,
                max: placed.damage.saturating_add(2),
            });
        }
    }
    for (index, change) in mission.deck_changes.iter().enumerate() {
        let n = *crate::content::mission_tuning::change_count(change);
        add(M::DeckChangeCount {
            change: u32::try_from(index + 1).unwrap_or(u32::MAX),
            min: n.saturating_sub(1).max(1),
            max: n + 1,
        });
    }
    for (source, vp) in [
        (VpSource::Finish, mission.vp.finish),
        (VpSource::Kills, mission.vp.kills),
    ] {
        add(M::Vp {
            source,
            min: vp.saturating_sub(1),
            max: vp.saturating_add(1),
        });
    }
    found
}

/// A kind of ground's numbers, for kinds that have any worth moving: the MP to enter of a
/// kind that costs more than the rulebook's 1 (one either side, within 1-6), and the damage it
/// deals (one either side, within 1-6).
fn ground_offer(
    file: &crate::content::terrain::TerrainFile,
    add: &mut impl FnMut(&str, Parameter),
) {
    use crate::validate::terrain::{DAMAGE_RANGE, ENTER_COST_RANGE};
    for kind in &file.kinds {
        if kind.enter_cost > 1 {
            add(
                "Kinds of ground",
                Parameter::TerrainEnterCost {
                    kind: kind.id.clone(),
                    min: (kind.enter_cost - 1).max(*ENTER_COST_RANGE.start()),
                    max: (kind.enter_cost + 1).min(*ENTER_COST_RANGE.end()),
                },
            );
        }
        let damage = kind.effects.iter().find_map(|e| match e {
            crate::content::terrain::Effect::Damage(n) => Some(*n),
            _ => None,
        });
        if let Some(damage) = damage {
            add(
                "Kinds of ground",
                Parameter::TerrainDamage {
                    kind: kind.id.clone(),
                    min: damage.saturating_sub(1).max(*DAMAGE_RANGE.start()),
                    max: (damage + 1).min(*DAMAGE_RANGE.end()),
                },
            );
        }
    }
}

/// A hazard's count (two either side, from 1) and its damage (one either side, within 1-6).
fn hazard_offer(
    deck: &crate::content::hazard_deck::HazardDeck,
    add: &mut impl FnMut(&str, Parameter),
) {
    use crate::validate::terrain::DAMAGE_RANGE;
    for hazard in &deck.hazards {
        let (min, max) = count_range(hazard.count);
        add(
            "Hazard deck",
            Parameter::HazardCount {
                hazard: hazard.id.clone(),
                min: min.max(1),
                max,
            },
        );
        if let Some(&damage) = crate::content::tuning::hazard_damage(&hazard.effects) {
            add(
                "Hazard deck",
                Parameter::HazardDamage {
                    hazard: hazard.id.clone(),
                    min: damage.saturating_sub(1).max(*DAMAGE_RANGE.start()),
                    max: (damage + 1).min(*DAMAGE_RANGE.end()),
                },
            );
        }
    }
}

/// The values the rulebook gives a parameter, when it gives a range narrower than a file may
/// hold (a race card's speed: +1 to +6 in the race card table), with the reason in words. A
/// tuned value outside it is allowed (a house rule) but said.
#[must_use]
pub fn rulebook_range(parameter: &Parameter) -> Option<(RangeInclusive<i64>, &'static str)> {
    use crate::validate::limits::RULEBOOK_SPEED_RANGE;
    match parameter {
        Parameter::RaceCardSpeed { .. } => Some((
            i64::from(*RULEBOOK_SPEED_RANGE.start())..=i64::from(*RULEBOOK_SPEED_RANGE.end()),
            "the rulebook's speeds are +1 to +6",
        )),
        _ => None,
    }
}

/// A count's default range: two fewer (from 0) to two more.
fn count_range(count: u32) -> (u32, u32) {
    (count.saturating_sub(2), count + 2)
}

fn race_card_offer(
    card: &crate::content::race_deck::RaceCard,
    add: &mut impl FnMut(&str, Parameter),
) {
    use crate::validate::limits::RULEBOOK_SPEED_RANGE;
    let (min, max) = count_range(card.count);
    add(
        "Race deck",
        Parameter::RaceCardCount {
            card: card.id.clone(),
            min,
            max,
        },
    );
    add(
        "Race deck",
        Parameter::RaceCardSpeed {
            card: card.id.clone(),
            // One either side, within the rulebook's speeds (a card already outside them keeps
            // its own speed in range).
            min: (card.speed - 1)
                .max(*RULEBOOK_SPEED_RANGE.start())
                .min(card.speed),
            max: (card.speed + 1)
                .min(*RULEBOOK_SPEED_RANGE.end())
                .max(card.speed),
        },
    );
}

/// A team's parameters: every car's defense and base MP, then each car's.
fn team_offer(
    team: &crate::content::team_mats::TeamMat,
    weapons: &[Id],
    add: &mut impl FnMut(&str, Parameter),
) {
    use crate::validate::limits::{BASE_MP_RANGE, MAX_DEFENSE};
    let mp = |base: u8| {
        (
            base.saturating_sub(1).max(*BASE_MP_RANGE.start()),
            (base + 1).min(*BASE_MP_RANGE.end()),
        )
    };
    let group = team.name.to_string();
    // A team-wide base MP spans its cars' own, one either side.
    let (Some(lowest), Some(highest)) = (
        team.cars.iter().map(|c| c.base_mp).min(),
        team.cars.iter().map(|c| c.base_mp).max(),
    ) else {
        return;
    };
    let id = || team.id.clone();
    add(
        &group,
        Parameter::CarDefense {
            team: id(),
            car: None,
            min: 1,
            max: MAX_DEFENSE,
        },
    );
    let (min, max) = (mp(lowest).0, mp(highest).1);
    add(
        &group,
        Parameter::CarBaseMp {
            team: id(),
            car: None,
            min,
            max,
        },
    );
    for car in &team.cars {
        let number = || car.number.clone();
        add(
            &group,
            Parameter::CarDefense {
                team: id(),
                car: Some(number()),
                min: 1,
                max: MAX_DEFENSE,
            },
        );
        let (min, max) = mp(car.base_mp);
        add(
            &group,
            Parameter::CarBaseMp {
                team: id(),
                car: Some(number()),
                min,
                max,
            },
        );
        add(
            &group,
            Parameter::CarWeapon {
                team: id(),
                car: number(),
                choices: weapons.to_vec(),
            },
        );
        add(
            &group,
            Parameter::CarMount {
                team: id(),
                car: number(),
                choices: vec![Mount::Front, Mount::Rear, Mount::Turret],
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Devil's Run sample pack (terrain and hazards).
    fn devils_run() -> RawPack {
        RawPack::open(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/devils-run/content"),
        )
    }

    #[test]
    fn hazard_and_ground_numbers_are_offered_set_and_read_back() {
        let ruleset = Id::from("standard");
        let mut pack = devils_run();
        let offer = offered(&pack, &ruleset);
        let group = |name: &str| offer.iter().filter(|o| o.group == name).count();
        assert!(
            group("Hazard deck") >= 7,
            "a count for each hazard, damage for some"
        );
        assert!(
            group("Kinds of ground") >= 2,
            "mud's cost, the wreck's damage"
        );
        let moved = [
            (
                Parameter::HazardCount {
                    hazard: Id::from("mine"),
                    min: 1,
                    max: 9,
                },
                7,
            ),
            (
                Parameter::HazardDamage {
                    hazard: Id::from("pit-trap"),
                    min: 1,
                    max: 6,
                },
                4,
            ),
            (
                Parameter::TerrainEnterCost {
                    kind: crate::content::text::TerrainId::from("mud"),
                    min: 1,
                    max: 6,
                },
                3,
            ),
            (
                Parameter::TerrainDamage {
                    kind: crate::content::text::TerrainId::from("wreck"),
                    min: 1,
                    max: 6,
                },
                2,
            ),
        ];
        for (parameter, value) in &moved {
            let before = parameter
                .value_in(&pack, &ruleset)
                .expect("the pack has it");
            assert_ne!(before, Value::Number(*value), "{}", parameter.name());
            set(&mut pack, parameter, &Value::Number(*value), &ruleset);
            assert_eq!(
                parameter.value_in(&pack, &ruleset),
                Some(Value::Number(*value)),
                "{}",
                parameter.name()
            );
        }
        // The moved pack still validates: the numbers stay in what the files allow.
        let (content, found) = crate::validate::validate_pack(&pack);
        assert!(content.is_some(), "{found:#?}");
    }
}
