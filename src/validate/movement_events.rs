//! Checks of a movement event deck.

use std::num::NonZeroU32;

use super::checked;
use super::diagnostic::ObjectRef;
use super::limits::Limits;
use super::locate::Needle;
use super::report::FileReport;
use crate::content::movement_events::{MovementEvent, MovementEventCard, MovementEventDeck};

fn object(card: &MovementEventCard) -> ObjectRef {
    ObjectRef::MovementEvent {
        id: card.id.clone(),
    }
}

/// Checks a movement event deck; returns the checked cards when it found no error.
pub fn check(
    deck: &MovementEventDeck,
    limits: &Limits,
    report: &mut FileReport<'_>,
) -> Option<Vec<checked::MovementEventCard>> {
    let errors_before = report.error_count();
    report.check_ids(
        "movement event",
        deck.cards.iter().map(|card| (&card.id, object(card))),
    );
    report.check_deck_not_empty(
        deck.total_cards(),
        "movement event deck",
        "starburst cards could never draw one",
    );
    for card in &deck.cards {
        report.check_count(card.count, &card.id, &object(card));
        check_numbers(card, *limits, report);
    }
    if report.error_count() > errors_before {
        return None;
    }
    deck.cards
        .iter()
        .map(|card| {
            Some(checked::MovementEventCard {
                id: card.id.clone(),
                name: card.name.clone(),
                effect: card.effect.clone(),
                count: NonZeroU32::new(card.count)?,
            })
        })
        .collect()
}

fn check_numbers(card: &MovementEventCard, limits: Limits, report: &mut FileReport<'_>) {
    let at_effect = [Needle::Value(card.id.as_str()), Needle::Field("effect")];
    let damages = card.effect.damage_amounts();
    if !damages.is_empty() && damages.iter().all(|&damage| damage == 0) {
        report.warning(
            "event-no-effect",
            Some(object(card)),
            &at_effect,
            format!("movement event `{}` deals no damage", card.id),
        );
    }
    if let Some(&most) = damages.iter().max()
        && most >= limits.fewest_to_eliminate
    {
        report.warning(
            "event-eliminates",
            Some(object(card)),
            &at_effect,
            format!(
                "movement event `{}` deals {most} damage, enough to eliminate an undamaged car \
                 (the {} damage eliminates{})",
                card.id,
                crate::content::ordinal::ordinal(u32::from(limits.fewest_to_eliminate)),
                if limits.fewest_to_eliminate < limits.eliminating_damage {
                    " under the pack's ruleset that eliminates soonest"
                } else {
                    ""
                }
            ),
        );
    }
    let problem = match card.effect {
        MovementEvent::Bounty { markers: 0, .. } | MovementEvent::RaceBonus { markers: 0, .. } => {
            Some("has 0 markers, so it is discarded as soon as it comes into play".to_owned())
        }
        MovementEvent::Bounty { kill_vp: 0, .. } => {
            Some("makes kills worth 0 VP while in play".to_owned())
        }
        MovementEvent::RaceBonus { finish_vp: 0, .. } => {
            Some("makes finish line crossings worth 0 VP while in play".to_owned())
        }
        MovementEvent::GetThere { min_mp, max_mp } if min_mp > max_mp || max_mp == 0 => {
            Some(format!("moves {min_mp} to {max_mp} MP, an empty range"))
        }
        MovementEvent::HighFlyer { spaces: 0 } => Some("moves 0 spaces".to_owned()),
        MovementEvent::EngineFailure { threshold, .. }
        | MovementEvent::TransmissionFailure { threshold, .. }
            if threshold >= limits.eliminating_damage =>
        {
            Some(format!(
                "switches to its higher damage at {threshold} damage, which no car in the race \
                 can have"
            ))
        }
        _ => None,
    };
    if let Some(problem) = problem {
        report.error(
            "event-number-out-of-range",
            Some(object(card)),
            &at_effect,
            format!("movement event `{}` {problem}", card.id),
        );
    }
}
