//! Checks of a race deck.

use std::num::NonZeroU32;

use super::checked;
use super::diagnostic::ObjectRef;
use super::limits::{Limits, RULEBOOK_SPEED_RANGE, SPEED_RANGE};
use super::locate::Needle;
use super::report::FileReport;
use crate::content::race_deck::{MovementInstruction, RaceCard, RaceDeck};

fn object(card: &RaceCard) -> ObjectRef {
    ObjectRef::RaceCard {
        id: card.id.clone(),
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
