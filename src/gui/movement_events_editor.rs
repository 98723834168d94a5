//! The movement event deck editor: one row per event kind. An event's numbers are edited as
//! RON (`BigAir(damage: 2, scores_kill: true)`), which names every parameter of all 28 events
//! without a form per event; text that does not parse is kept in the field, marked, not
//! applied, and says why: under the field, and above the table so the deck is never silently
//! left as it was.

use std::collections::BTreeMap;

use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder, TableRow};

use super::fields::{self, Draft, RowAction};
use crate::content::movement_events::{MovementEvent, MovementEventCard, MovementEventDeck};
use crate::content::text::{Id, Text};
use crate::edit::list::free_id;
use crate::edit::{Edit, GroupKey, ListEdit};

/// A row's height, and what a row with an effect that does not parse adds for its reason.
const ROW_HEIGHT: f32 = 24.0;
const ERROR_HEIGHT: f32 = 16.0;

/// The editor's state: event text being typed that does not parse yet.
#[derive(Clone, Debug, Default)]
pub struct MovementEventsEditor {
    drafts: BTreeMap<usize, Draft>,
    /// This frame's id and name column widths: the longest of each, whole.
    widths: (f32, f32),
    /// A row to bring into view.
    pub scroll_to: Option<usize>,
}

impl MovementEventsEditor {
    /// Scrolls to the card with this id.
    pub fn show_card(&mut self, deck: &MovementEventDeck, id: &str) {
        self.scroll_to = deck.cards.iter().position(|card| card.id.as_str() == id);
    }

    /// Draws the editor; edits go to `edits`.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        deck: &MovementEventDeck,
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        self.toolbar(ui, deck, edits);
        self.not_applied(ui, deck);
        self.widths = (
            fields::fitting_width(ui, deck.cards.iter().map(|c| c.id.as_str()), 90.0),
            fields::fitting_width(ui, deck.cards.iter().map(|c| c.name.as_str()), 90.0),
        );
        let table = TableBuilder::new(ui)
            .id_salt("movement-events")
            .striped(true)
            // Sized to the longest id and name: a field cannot grow an auto column it fills.
            .column(Column::exact(self.widths.0 + 4.0))
            .column(Column::exact(self.widths.1 + 4.0))
            .column(Column::auto())
            // The effect takes what the others leave, and its row actions stay in sight.
            .column(Column::remainder().at_least(240.0).clip(true))
            .column(Column::auto());
        fields::scrolled_to(table, self.scroll_to.take())
            .header(20.0, |header| {
                fields::header(
                    header,
                    ["Id", "Name", "Count", "Effect and its numbers", ""],
                );
            })
            .body(|body| {
                // A row whose effect does not parse is taller: the reason is written under it.
                let heights: Vec<f32> = (0..deck.cards.len())
                    .map(|index| {
                        if self.drafts.contains_key(&index) {
                            ROW_HEIGHT + ERROR_HEIGHT
                        } else {
                            ROW_HEIGHT
                        }
                    })
                    .collect();
                body.heterogeneous_rows(heights.into_iter(), |mut row| {
                    self.card_row(&mut row, deck, edits);
                });
            });
    }

    /// Above the table, while any effect typed does not parse: which, and that the deck keeps
    /// its last good effect until it does.
    fn not_applied(&self, ui: &mut Ui, deck: &MovementEventDeck) {
        for (index, draft) in &self.drafts {
            let id = deck.cards.get(*index).map_or("?", |card| card.id.as_str());
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!(
                    "Not applied: the effect of `{id}` does not parse ({}); the deck keeps its \
                     last good effect until the text parses.",
                    draft.error
                ),
            );
        }
    }

    /// The deck's name, its total, and the buttons that add and sort events.
    fn toolbar(
        &mut self,
        ui: &mut Ui,
        deck: &MovementEventDeck,
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        ui.horizontal(|ui| {
            fields::deck_name(ui, &deck.name, edits);
            ui.label(RichText::new(format!("Total: {} cards", deck.total_cards())).strong());
            if ui.button("Add event").clicked() {
                let ids = deck.cards.iter().map(|c| c.id.as_str());
                let card = MovementEventCard {
                    id: Id::from(free_id(ids, "new-event").as_str()),
                    name: Text::from("New event"),
                    effect: MovementEvent::BumpAndRun,
                    count: 1,
                };
                edits.push((
                    Edit::MovementEvents(ListEdit::Insert(deck.cards.len(), card)),
                    None,
                ));
                self.scroll_to = Some(deck.cards.len());
            }
            if ui.button("Sort by id").clicked() {
                let mut order: Vec<usize> = (0..deck.cards.len()).collect();
                order.sort_by(|&a, &b| deck.cards[a].id.cmp(&deck.cards[b].id));
                edits.push((Edit::MovementEvents(ListEdit::Reorder(order)), None));
                self.drafts.clear();
            }
        });
    }

    /// One event's row: its fields, its effect as text, and its row actions.
    fn card_row(
        &mut self,
        row: &mut TableRow<'_, '_>,
        deck: &MovementEventDeck,
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        let index = row.index();
        let card = &deck.cards[index];
        let mut edited = None;
        row.col(|ui| {
            if let Some((id, group)) = fields::text(ui, "id", &card.id, self.widths.0) {
                edited = Some((MovementEventCard { id, ..card.clone() }, Some(group)));
            }
        });
        row.col(|ui| {
            if let Some((name, group)) = fields::text(ui, "name", &card.name, self.widths.1) {
                edited = Some((
                    MovementEventCard {
                        name,
                        ..card.clone()
                    },
                    Some(group),
                ));
            }
        });
        row.col(|ui| {
            if let Some((count, group)) = fields::number(ui, "count", card.count, 0..=99) {
                edited = Some((
                    MovementEventCard {
                        count,
                        ..card.clone()
                    },
                    Some(group),
                ));
            }
        });
        row.col(|ui| {
            ui.vertical(|ui| {
                if let Some(card) = self.effect_cell(ui, index, card) {
                    edited = Some(card);
                }
            });
        });
        row.col(|ui| match fields::row_actions(ui) {
            Some(RowAction::Duplicate) => {
                let mut copy = card.clone();
                let ids = deck.cards.iter().map(|c| c.id.as_str());
                copy.id = Id::from(free_id(ids, card.id.as_str()).as_str());
                edits.push((
                    Edit::MovementEvents(ListEdit::Insert(index + 1, copy)),
                    None,
                ));
                self.drafts.clear();
                self.scroll_to = Some(index + 1);
            }
            Some(RowAction::Delete) => {
                edits.push((Edit::MovementEvents(ListEdit::Remove(index)), None));
                self.drafts.clear();
            }
            None => {}
        });
        if let Some((card, group)) = edited {
            edits.push((Edit::MovementEvents(ListEdit::Set(index, card)), group));
        }
    }

    /// An event's effect as RON text; the card with its new effect when the text parses. Text
    /// that does not parse is kept as a draft and says why under the field.
    fn effect_cell(
        &mut self,
        ui: &mut Ui,
        index: usize,
        card: &MovementEventCard,
    ) -> Option<(MovementEventCard, Option<GroupKey>)> {
        let (effect, group) = fields::ron_field(
            ui,
            "effect",
            &card.effect,
            card.effect.label(),
            &mut self.drafts,
            index,
        )?;
        Some((
            MovementEventCard {
                effect,
                ..card.clone()
            },
            Some(group),
        ))
    }
}
