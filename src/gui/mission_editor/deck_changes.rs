//! The mission editor's deck changes: each adds, takes out or replaces copies of a card of one
//! of the pack's decks, by its id, for this mission only.

use egui::Ui;

use super::{Changed, MissionContext, change};
use crate::content::mission::{DeckChange, DeckName, Mission};
use crate::content::text::Id;
use crate::gui::fields::{self, RowAction};

/// The deck a change is made to, its card, the card put in (a replacement's), and its count.
fn parts(change: &DeckChange) -> (usize, DeckName, &Id, Option<&Id>, u32) {
    match change {
        DeckChange::Add { deck, card, count } => (0, *deck, card, None, *count),
        DeckChange::Remove { deck, card, count } => (1, *deck, card, None, *count),
        DeckChange::Replace {
            deck,
            card,
            with,
            count,
        } => (2, *deck, card, Some(with), *count),
    }
}

/// The change made of its parts.
fn made(kind: usize, deck: DeckName, card: Id, with: Id, count: u32) -> DeckChange {
    match kind {
        0 => DeckChange::Add { deck, card, count },
        1 => DeckChange::Remove { deck, card, count },
        _ => DeckChange::Replace {
            deck,
            card,
            with,
            count,
        },
    }
}

/// A card choice among a deck's ids (an id the deck lacks stays shown, for validation to name).
fn card_choice(ui: &mut Ui, name: &str, id: (&str, usize), current: &Id, ids: &[Id]) -> Option<Id> {
    let mut options: Vec<(usize, &str)> = ids
        .iter()
        .enumerate()
        .map(|(i, c)| (i, c.as_str()))
        .collect();
    let at = ids.iter().position(|c| c == current).unwrap_or_else(|| {
        options.push((ids.len(), current.as_str()));
        ids.len()
    });
    fields::choice(ui, name, id, at, &options).and_then(|i| ids.get(i).cloned())
}

/// Draws the deck changes' table.
pub(super) fn deck_changes(
    ui: &mut Ui,
    mission: &Mission,
    context: &MissionContext<'_>,
    changed: &mut Changed,
) {
    let ids_of = |deck: DeckName| -> &[Id] {
        context
            .cards
            .iter()
            .find(|(d, _)| *d == deck)
            .map_or(&[], |(_, ids)| ids.as_slice())
    };
    ui.horizontal(|ui| {
        ui.heading("Deck changes");
        if ui.button("Add deck change").clicked()
            && let Some(card) = ids_of(DeckName::Race).first()
        {
            let card = card.clone();
            change(changed, mission, None, |m| {
                m.deck_changes.push(DeckChange::Add {
                    deck: DeckName::Race,
                    card,
                    count: 1,
                });
            });
        }
    });
    let kinds = [(0, "add"), (1, "take out"), (2, "replace")];
    let decks = [
        (DeckName::Race, "race deck"),
        (DeckName::MovementEvent, "movement event deck"),
        (DeckName::Combat, "combat deck"),
    ];
    for (index, deck_change) in mission.deck_changes.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            {
                let (kind, deck, card, with, count) = parts(deck_change);
                let with = with.cloned().unwrap_or_else(|| card.clone());
                let set = |changed: &mut Changed, kind, deck, card: Id, with: Id, count| {
                    change(changed, mission, None, |m| {
                        m.deck_changes[index] = made(kind, deck, card, with, count);
                    });
                };
                if let Some(kind) = fields::choice(ui, "change", ("change", index), kind, &kinds) {
                    set(changed, kind, deck, card.clone(), with.clone(), count);
                }
                if let Some(deck) = fields::choice(ui, "deck", ("deck", index), deck, &decks) {
                    // Another deck's cards: its first.
                    let first = ids_of(deck)
                        .first()
                        .cloned()
                        .unwrap_or_else(|| card.clone());
                    set(changed, kind, deck, first.clone(), first, count);
                }
                if let Some(card) = card_choice(ui, "card", ("card", index), card, ids_of(deck)) {
                    set(changed, kind, deck, card, with.clone(), count);
                }
                if kind == 2 {
                    ui.label("with");
                    if let Some(with) =
                        card_choice(ui, "with", ("with", index), &with, ids_of(deck))
                    {
                        set(changed, kind, deck, card.clone(), with, count);
                    }
                }
                ui.horizontal(|ui| {
                    ui.label("×");
                    if let Some((count, group)) = fields::number(ui, "copies", count, 1..=999) {
                        change(changed, mission, Some(group), |m| {
                            m.deck_changes[index] =
                                made(kind, deck, card.clone(), with.clone(), count);
                        });
                    }
                });
                match fields::row_actions(ui) {
                    Some(RowAction::Duplicate) => change(changed, mission, None, |m| {
                        let copy = m.deck_changes[index].clone();
                        m.deck_changes.insert(index + 1, copy);
                    }),
                    Some(RowAction::Delete) => change(changed, mission, None, |m| {
                        m.deck_changes.remove(index);
                    }),
                    None => {}
                }
            }
        });
    }
}
