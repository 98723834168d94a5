//! Summaries of content for `roadwright inspect` and the studio: totals, counts per kind, and
//! what the combat deck means for each weapon (expected damage per attack).

use std::collections::BTreeMap;

use serde::Serialize;

use super::combat_deck::CombatEventDeck;
use super::document::Document;

/// Counts and derived figures for a set of content files (a pack, or one file).
#[derive(Clone, PartialEq, Debug, Default, Serialize)]
pub struct ContentSummary {
    /// `pack`, or the kind of the single file summarised.
    pub kind: String,
    /// Content files that loaded.
    pub files: usize,
    /// Content files that did not load.
    pub unreadable_files: usize,
    /// Race cards in the deck (copies, not kinds).
    pub race_cards: u64,
    /// Movement event cards.
    pub movement_events: u64,
    /// Combat event cards.
    pub combat_events: u64,
    /// Teams on the mats.
    pub teams: usize,
    /// Cars on all mats.
    pub cars: usize,
    /// Weapon type ids declared by the combat deck.
    pub weapon_types: Vec<String>,
    /// Ruleset ids.
    pub rulesets: Vec<String>,
    /// Race cards per movement type (the rulebook table's rows).
    pub race_cards_by_movement: BTreeMap<String, u64>,
    /// Race cards per speed adjustment (the table's columns).
    pub race_cards_by_speed: BTreeMap<i32, u64>,
    /// Race cards with the starburst.
    pub race_cards_with_movement_event: u64,
    /// Movement event cards per event.
    pub movement_events_by_kind: BTreeMap<String, u64>,
    /// Combat cards per value.
    pub combat_events_by_value: BTreeMap<u8, u64>,
    /// Expected damage of one weapon attack, per weapon type.
    pub expected_weapon_damage: BTreeMap<String, WeaponOdds>,
    /// Expected damage of one collision attack.
    pub expected_collision_damage: Option<CollisionOdds>,
    /// Cars per weapon type.
    pub cars_by_weapon: BTreeMap<String, usize>,
    /// Cars per mount.
    pub cars_by_mount: BTreeMap<String, usize>,
    /// The kinds of ground the pack's terrain file defines, by id (empty without one: the
    /// rulebook's four).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub terrain_kinds: Vec<String>,
    /// The tokens in the pack's hazard deck (0 without one).
    #[serde(skip_serializing_if = "is_zero")]
    pub hazard_tokens: u64,
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
fn is_zero(count: &u64) -> bool {
    *count == 0
}

/// Expected damage of one attack with a weapon against each defense, without and with a
/// targeting bonus (index 0 is defense 1).
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct WeaponOdds {
    /// Against defense 1, 2, 3 without a targeting bonus.
    pub plain: [f64; 3],
    /// Against defense 1, 2, 3 with a targeting bonus.
    pub with_bonus: [f64; 3],
}

/// Expected damage of one collision attack.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct CollisionOdds {
    /// To the target.
    pub target: f64,
    /// To the active car.
    pub active: f64,
}

impl ContentSummary {
    /// Summarises documents; `kind` names what they are (`pack` or a file kind).
    #[must_use]
    pub fn of<'a>(
        kind: &str,
        documents: impl IntoIterator<Item = &'a Document>,
        unreadable_files: usize,
    ) -> Self {
        let mut summary = Self {
            kind: kind.to_owned(),
            unreadable_files,
            ..Self::default()
        };
        for document in documents {
            summary.files += 1;
            summary.add(document);
        }
        summary
    }

    fn add(&mut self, document: &Document) {
        match document {
            Document::RaceDeck(deck) => {
                self.race_cards += deck.total_cards();
                for card in &deck.cards {
                    let count = u64::from(card.count);
                    *self
                        .race_cards_by_movement
                        .entry(card.movement.label().to_owned())
                        .or_default() += count;
                    *self.race_cards_by_speed.entry(card.speed).or_default() += count;
                    if card.movement_event {
                        self.race_cards_with_movement_event += count;
                    }
                }
            }
            Document::MovementEventDeck(deck) => {
                self.movement_events += deck.total_cards();
                for card in &deck.cards {
                    *self
                        .movement_events_by_kind
                        .entry(card.effect.label().to_owned())
                        .or_default() += u64::from(card.count);
                }
            }
            Document::CombatEventDeck(deck) => {
                self.combat_events += deck.total_cards();
                self.weapon_types = deck.weapon_types.iter().map(|w| w.id.to_string()).collect();
                for card in &deck.cards {
                    *self.combat_events_by_value.entry(card.value).or_default() +=
                        u64::from(card.count);
                }
                self.expected_weapon_damage = weapon_odds(deck);
                self.expected_collision_damage = collision_odds(deck);
            }
            Document::TeamMats(mats) => {
                self.teams += mats.teams.len();
                for car in mats.teams.iter().flat_map(|team| &team.cars) {
                    self.cars += 1;
                    *self
                        .cars_by_weapon
                        .entry(car.weapon.to_string())
                        .or_default() += 1;
                    *self
                        .cars_by_mount
                        .entry(format!("{:?}", car.mount))
                        .or_default() += 1;
                }
            }
            Document::Ruleset(ruleset) => self.rulesets.push(ruleset.id.to_string()),
            Document::Terrain(file) => {
                self.terrain_kinds = file.kinds.iter().map(|kind| kind.id.to_string()).collect();
            }
            Document::HazardDeck(deck) => self.hazard_tokens += deck.total_tokens(),
            // Tracks have their own summary (`roadwright inspect TRACK`).
            Document::Track(_)
            | Document::Scenario(_)
            | Document::Mission(_)
            | Document::Tile(_)
            | Document::Course(_)
            | Document::BotProfile(_)
            | Document::TuningSpec(_) => {}
        }
    }
}

/// Rounds to three decimals so that summaries print and compare cleanly.
fn round3(value: f64) -> f64 {
    (value * 1000.0).round() / 1000.0
}

fn weapon_odds(deck: &CombatEventDeck) -> BTreeMap<String, WeaponOdds> {
    let total = deck.total_cards();
    if total == 0 {
        return BTreeMap::new();
    }
    let expected = |weapon: &str, defense: u8, bonus: u8| {
        let damage: u64 = deck
            .cards
            .iter()
            .filter(|card| card.value.saturating_add(bonus) >= defense)
            .filter_map(|card| {
                let result = card.weapons.get(weapon)?;
                Some(u64::from(card.count) * u64::from(result.damage))
            })
            .sum();
        round3(damage as f64 / total as f64)
    };
    deck.weapon_types
        .iter()
        .map(|weapon| {
            let id = weapon.id.as_str();
            let odds = WeaponOdds {
                plain: [1, 2, 3].map(|defense| expected(id, defense, 0)),
                with_bonus: [1, 2, 3].map(|defense| expected(id, defense, 1)),
            };
            (id.to_owned(), odds)
        })
        .collect()
}

fn collision_odds(deck: &CombatEventDeck) -> Option<CollisionOdds> {
    let total = deck.total_cards();
    if total == 0 {
        return None;
    }
    let sum = |pick: fn(&super::combat_deck::CombatCard) -> u8| -> f64 {
        let damage: u64 = deck
            .cards
            .iter()
            .map(|card| u64::from(card.count) * u64::from(pick(card)))
            .sum();
        round3(damage as f64 / total as f64)
    };
    Some(CollisionOdds {
        target: sum(|card| card.collision.target_damage),
        active: sum(|card| card.collision.active_damage),
    })
}
