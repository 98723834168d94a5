//! Checks of a combat event deck and its weapon types.

use std::collections::{BTreeMap, BTreeSet};
use std::num::NonZeroU32;

use super::checked;
use super::diagnostic::ObjectRef;
use super::limits::MAX_DEFENSE;
use super::locate::Needle;
use super::report::FileReport;
use crate::content::combat_deck::{AttackEffect, CombatCard, CombatEventDeck, WeaponType};
use crate::content::text::Id;

/// The checked weapon types and cards of a combat deck.
pub type CheckedCombat = (BTreeMap<Id, WeaponType>, Vec<checked::CombatCard>);

fn object(card: &CombatCard) -> ObjectRef {
    ObjectRef::CombatCard {
        id: card.id.clone(),
    }
}

/// The highest value a combat card may have before it is flagged as unusual (8.0: values 0-3).
const RULEBOOK_MAX_VALUE: u8 = 3;

/// Checks a combat deck; returns its weapon types and checked cards when it found no error.
pub fn check(deck: &CombatEventDeck, report: &mut FileReport<'_>) -> Option<CheckedCombat> {
    let errors_before = report.error_count();
    report.check_ids(
        "weapon type",
        deck.weapon_types.iter().map(|weapon| {
            let object = ObjectRef::WeaponType {
                id: weapon.id.clone(),
            };
            (&weapon.id, object)
        }),
    );
    if deck.weapon_types.is_empty() {
        report.error(
            "no-weapon-types",
            None,
            &[Needle::Field("weapon_types")],
            "the combat deck declares no weapon types, so no car can carry a weapon".to_owned(),
        );
    }
    report.check_ids(
        "combat card",
        deck.cards.iter().map(|card| (&card.id, object(card))),
    );
    report.check_deck_not_empty(
        deck.total_cards(),
        "combat deck",
        "no attack could be resolved",
    );
    let declared: BTreeSet<&str> = deck.weapon_types.iter().map(|w| w.id.as_str()).collect();
    for card in &deck.cards {
        report.check_count(card.count, &card.id, &object(card));
        check_card(card, &declared, report);
    }
    check_hit_chances(deck, report);
    if report.error_count() > errors_before {
        return None;
    }
    let weapon_types = deck
        .weapon_types
        .iter()
        .map(|weapon| (weapon.id.clone(), weapon.clone()))
        .collect();
    let cards = deck
        .cards
        .iter()
        .map(|card| {
            Some(checked::CombatCard {
                id: card.id.clone(),
                name: card.name.clone(),
                value: card.value,
                weapons: card.weapons.clone(),
                collision: card.collision.clone(),
                count: NonZeroU32::new(card.count)?,
            })
        })
        .collect::<Option<_>>()?;
    Some((weapon_types, cards))
}

fn check_card(card: &CombatCard, declared: &BTreeSet<&str>, report: &mut FileReport<'_>) {
    let id = card.id.as_str();
    if card.value > RULEBOOK_MAX_VALUE {
        report.warning(
            "combat-value-unusual",
            Some(object(card)),
            &[Needle::Value(id), Needle::Field("value")],
            format!(
                "combat card `{id}` has value {}, above the rulebook's 0-3: it hits every car",
                card.value
            ),
        );
    }
    for weapon in declared {
        if !card.weapons.contains_key(*weapon) {
            report.error(
                "missing-weapon-result",
                Some(object(card)),
                &[Needle::Value(id), Needle::Field("weapons")],
                format!("combat card `{id}` has no result for weapon type `{weapon}`"),
            );
        }
    }
    for (weapon, result) in &card.weapons {
        let at_weapon = [Needle::Value(id), Needle::Value(weapon.as_str())];
        if !declared.contains(weapon.as_str()) {
            report.error(
                "unknown-weapon-type",
                Some(object(card)),
                &at_weapon,
                format!(
                    "combat card `{id}` gives a result for `{weapon}`, which is not one of the \
                     deck's weapon types"
                ),
            );
        }
        for effect in &result.effects {
            if effect.collision_only() {
                report.error(
                    "collision-only-effect",
                    Some(object(card)),
                    &at_weapon,
                    format!(
                        "combat card `{id}` gives {effect:?} to weapon `{weapon}`, but 8.5 only \
                         allows {effect:?} on collisions (ram, sideswipe)"
                    ),
                );
            }
        }
        warn_repeated_effects(card, &result.effects, &at_weapon, report);
    }
    let at_collision = [Needle::Value(id), Needle::Field("collision")];
    // 8.4: "All Collision Attacks involve some damage to the target car and the Active Car."
    let missing: Vec<&str> = [
        (card.collision.target_damage, "the target"),
        (card.collision.active_damage, "the active car"),
    ]
    .into_iter()
    .filter(|(damage, _)| *damage == 0)
    .map(|(_, who)| who)
    .collect();
    if !missing.is_empty() {
        report.error(
            "collision-without-damage",
            Some(object(card)),
            &at_collision,
            format!(
                "combat card `{id}`'s collision result gives no damage to {}; 8.4: all \
                 collision attacks involve some damage to the target car and the active car",
                missing.join(" or ")
            ),
        );
    }
    warn_repeated_effects(card, &card.collision.effects, &at_collision, report);
}

fn warn_repeated_effects(
    card: &CombatCard,
    effects: &[AttackEffect],
    needles: &[Needle<'_>],
    report: &mut FileReport<'_>,
) {
    let unique: BTreeSet<_> = effects.iter().collect();
    if unique.len() < effects.len() {
        report.warning(
            "repeated-effect",
            Some(object(card)),
            needles,
            format!(
                "combat card `{}` lists an effect twice; effects do not stack",
                card.id
            ),
        );
    }
}

/// Flags a deck that cannot hit the toughest cars: an error when not even a targeting bonus
/// helps, a warning when only a bonus does.
fn check_hit_chances(deck: &CombatEventDeck, report: &mut FileReport<'_>) {
    let Some(best) = deck
        .cards
        .iter()
        .filter(|card| card.count > 0)
        .map(|card| card.value)
        .max()
    else {
        return;
    };
    if best.saturating_add(1) < MAX_DEFENSE {
        report.error(
            "never-hits-defense",
            None,
            &[Needle::Field("cards")],
            format!(
                "the best combat card has value {best}: a defense-{MAX_DEFENSE} car can never be \
                 hit, even with a targeting bonus"
            ),
        );
    } else if best < MAX_DEFENSE {
        report.warning(
            "never-hits-defense",
            None,
            &[Needle::Field("cards")],
            format!(
                "the best combat card has value {best}: only cars with a targeting bonus can hit \
                 a defense-{MAX_DEFENSE} car"
            ),
        );
    }
}
