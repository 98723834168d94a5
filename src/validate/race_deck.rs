//! Checks of a race deck.

use std::num::NonZeroU32;

use super::checked;
use super::diagnostic::ObjectRef;
use super::limits::{Limits, RULEBOOK_SPEED_RANGE, SPEED_RANGE};
use super::locate::Needle;
use super::report::FileReport;
use crate::content::race_deck::{MovementInstruction, MovementType, RaceCard, RaceDeck};

fn object(card: &RaceCard) -> ObjectRef {
    ObjectRef::RaceCard {
        id: card.id.clone(),
    }
}

/// A card's name that says other numbers than the card has: "Solo +6" at speed +7 prints a
/// starburst showing 7 under a name saying 6, and players read both. The name's last `+N` (or
/// `-N`) is its speed; the longest movement type named in it (whole words, "Diagonal Solo"
/// before "Solo") is its movement. A name with neither says nothing to check.
fn check_name(card: &RaceCard, report: &mut FileReport<'_>) {
    let name = card.name.as_str();
    let named_speed = name
        .split_whitespace()
        .rev()
        .filter(|word| word.starts_with(['+', '-']))
        .find_map(|word| word.parse::<i32>().ok());
    let words: Vec<String> = name.split_whitespace().map(str::to_lowercase).collect();
    let named_movement = MovementType::ALL
        .iter()
        .filter_map(|&movement| {
            let short: Vec<String> = movement
                .label()
                .trim_end_matches(" Movement")
                .split_whitespace()
                .map(str::to_lowercase)
                .collect();
            words
                .windows(short.len())
                .any(|window| window == short.as_slice())
                .then_some((short.len(), movement))
        })
        .max_by_key(|(length, _)| *length)
        .map(|(_, movement)| movement);
    let speed = named_speed
        .filter(|&named| named != card.speed)
        .map(|named| {
            format!(
                "has speed {:+}: the printed card would say both; rename it or set its speed to \
             {named:+}",
                card.speed
            )
        });
    let movement = named_movement
        .filter(|&named| named != card.movement)
        .map(|named| {
            format!(
                "its movement is {}: the printed card would say both; rename it or set its \
                 movement to {}",
                card.movement.label(),
                named.label()
            )
        });
    let at_name = [Needle::Value(card.id.as_str()), Needle::Field("name")];
    for contradiction in speed.into_iter().chain(movement) {
        report.warning(
            "card-name-contradicts",
            Some(object(card)),
            &at_name,
            format!(
                "race card `{}` is named \"{name}\" but {contradiction}",
                card.id
            ),
        );
    }
}

/// Checks a race deck against `limits`; returns the checked cards when it found no error.
pub fn check(
    deck: &RaceDeck,
    limits: &Limits,
    report: &mut FileReport<'_>,
) -> Option<Vec<checked::RaceCard>> {
    let errors_before = report.error_count();
    report.check_ids(
        "race card",
        deck.cards.iter().map(|card| (&card.id, object(card))),
    );
    for card in &deck.cards {
        report.check_count(card.count, &card.id, &object(card));
        let at_speed = [Needle::Value(card.id.as_str()), Needle::Field("speed")];
        if !SPEED_RANGE.contains(&card.speed) {
            report.error(
                "speed-out-of-range",
                Some(object(card)),
                &at_speed,
                format!(
                    "race card `{}` has speed {:+}; speeds must be {} to {}",
                    card.id,
                    card.speed,
                    SPEED_RANGE.start(),
                    SPEED_RANGE.end()
                ),
            );
        } else if !RULEBOOK_SPEED_RANGE.contains(&card.speed) {
            report.warning(
                "speed-unusual",
                Some(object(card)),
                &at_speed,
                format!(
                    "race card `{}` has speed {:+}, outside the rulebook's +1 to +6",
                    card.id, card.speed
                ),
            );
        }
        check_name(card, report);
        let lanes: Vec<_> = card
            .instructions
            .iter()
            .map(|MovementInstruction::ForcedLane(side)| *side)
            .collect();
        if lanes.windows(2).any(|pair| pair[0] != pair[1]) {
            report.error(
                "conflicting-instructions",
                Some(object(card)),
                &[
                    Needle::Value(card.id.as_str()),
                    Needle::Field("instructions"),
                ],
                format!(
                    "race card `{}` forces both the inside and the outside lane",
                    card.id
                ),
            );
        }
    }
    let needed = u64::from(limits.max_players) * u64::from(limits.hand_size);
    let total = deck.total_cards();
    report.check_deck_not_too_large(total, "race deck");
    if total < needed {
        report.error(
            "deck-too-small",
            None,
            &[Needle::Field("cards")],
            format!(
                "the race deck has {total} cards, fewer than the {needed} needed to deal hands \
                 of {} to {} players",
                limits.hand_size, limits.max_players
            ),
        );
    }
    if report.error_count() > errors_before {
        return None;
    }
    deck.cards
        .iter()
        .map(|card| {
            Some(checked::RaceCard {
                id: card.id.clone(),
                name: card.name.clone(),
                movement: card.movement,
                speed: u8::try_from(card.speed).ok()?,
                movement_event: card.movement_event,
                forced_lane: card
                    .instructions
                    .first()
                    .map(|MovementInstruction::ForcedLane(side)| *side),
                count: NonZeroU32::new(card.count)?,
            })
        })
        .collect()
}
