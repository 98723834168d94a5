//! The race in words: card buttons, decision buttons, what the person deciding is asked, and
//! where a log entry happened.

use crate::rules::{Decision, EventChoice, Place, Race, RaceEvent};

/// A card of the hand as its button shows it: name, movement, MP, whether it draws a movement
/// event, and how many copies are held when more than one.
#[must_use]
pub fn card_label(race: &Race, card: u16, copies: usize) -> String {
    let Some(kind) = race.rules().content.race_deck.get(usize::from(card)) else {
        return format!("card {card}");
    };
    format!(
        "{}{}\n{} · {} MP{}",
        kind.name,
        if copies > 1 {
            format!(" ×{copies}")
        } else {
            String::new()
        },
        kind.movement.label().trim_end_matches(" Movement"),
        kind.speed,
        if kind.movement_event { " · event" } else { "" }
    )
}

/// What the person deciding is asked, in words.
pub(super) fn prompt(race: &Race, legal: &[Decision]) -> String {
    let car = race.active_car().map(|c| race.car_name(c));
    match legal.first() {
        Some(Decision::Discard { .. } | Decision::KeepHand) => {
            "End of turn: discard a card, or keep your hand.".to_owned()
        }
        Some(Decision::Fire { .. } | Decision::HoldFire) => format!(
            "{}: fire at a target (ringed on the board with the chance to hit), or not.",
            car.unwrap_or_default()
        ),
        Some(Decision::Move(_)) => format!(
            "{}: click a highlighted space, or take one step at a time:",
            car.unwrap_or_default()
        ),
        Some(Decision::Event(_)) => {
            let card = race.events().iter().rev().find_map(|e| match e {
                RaceEvent::MovementEventDrawn { card } => race
                    .rules()
                    .content
                    .movement_events
                    .get(card.index())
                    .map(|c| format!("{} — {}", c.name, c.effect.text())),
                _ => None,
            });
            // The card's own text first: what it does, with its numbers.
            format!(
                "{} Choose below, or click a place ringed on the board.",
                card.unwrap_or_else(|| "A movement event.".to_owned())
            )
        }
        Some(Decision::Play { .. }) | None => String::new(),
    }
}

/// A decision as a button says it.
#[must_use]
pub fn decision_label(race: &Race, decision: &Decision) -> String {
    let card_name = |card: u16| {
        race.rules()
            .content
            .race_deck
            .get(usize::from(card))
            .map_or_else(|| format!("card {card}"), |c| c.name.to_string())
    };
    match decision {
        Decision::Play {
            card,
            car,
            ram_as_lead,
        } => format!(
            "Play {} for {}{}",
            card_name(*card),
            race.car_name(*car),
            if *ram_as_lead { " as a Lead ram" } else { "" }
        ),
        Decision::Fire { target } => {
            let chance = race
                .active_car()
                .and_then(|a| {
                    race.target_options(a)
                        .into_iter()
                        .find(|o| o.target == *target)
                })
                .map_or_else(String::new, |o| {
                    format!(" ({:.0}% to hit)", o.hit_chance * 100.0)
                });
            // Firing at one's own team is allowed (8.1 names no team): the button says so.
            let own = race
                .active_car()
                .is_some_and(|a| race.car(a).player == race.car(*target).player);
            format!(
                "Fire at {}{}{chance}",
                race.car_name(*target),
                if own { ", your own team's car" } else { "" }
            )
        }
        Decision::HoldFire => {
            if race.movement().is_none()
                && race
                    .legal()
                    .iter()
                    .any(|d| matches!(d, Decision::Fire { .. }))
            {
                "Hold fire".to_owned()
            } else {
                "Go on".to_owned()
            }
        }
        Decision::Move(step) => race.describe_step(step),
        Decision::Event(choice) => format!("Choose {}", race.describe_choice(choice)),
        Decision::Discard { card } => format!("Discard {}", card_name(*card)),
        Decision::KeepHand => "Keep the hand".to_owned(),
    }
}

/// Where the event at `index` happened: the place a car moved to, or where the car it names
/// stood then (the last place the stream put it before the event).
#[must_use]
pub fn event_place(events: &[RaceEvent], index: usize) -> Option<Place> {
    let event = events.get(index)?;
    if let RaceEvent::CarMoved { to, .. } = event {
        return Some(*to);
    }
    let car = event.car()?;
    events[..index].iter().rev().find_map(|e| match e {
        RaceEvent::CarMoved { car: c, to, .. } if *c == car => Some(*to),
        _ => None,
    })
}

/// Where on the board a movement event choice points, when it points somewhere: the space a
/// car is bumped to or Open Road jumps to, or the car that takes the debris.
#[must_use]
pub fn choice_place(race: &Race, decision: &Decision) -> Option<Place> {
    match decision {
        Decision::Event(EventChoice::Bump { to, .. } | EventChoice::OpenRoad { to }) => {
            Some(Place::Track(*to))
        }
        Decision::Event(EventChoice::Debris { car }) => Some(race.car(*car).place),
        _ => None,
    }
}
