//! The movement event deck editor: one row per event kind. An event's numbers are edited as
//! RON (`BigAir(damage: 2, scores_kill: true)`), which names every parameter of all 28 events
//! without a form per event; text that does not parse is kept in the field, marked, and not
//! applied.

use std::collections::BTreeMap;

use egui::{Color32, RichText, TextEdit, Ui};
use egui_extras::{Column, TableBuilder, TableRow};

use super::fields::{self, RowAction};
use crate::content::movement_events::{MovementEvent, MovementEventCard, MovementEventDeck};
use crate::content::text::{Id, Text};
use crate::edit::list::free_id;
use crate::edit::{Edit, GroupKey, ListEdit};

/// The editor's state: event text being typed that does not parse yet.
#[derive(Clone, Debug, Default)]
pub struct MovementEventsEditor {
    drafts: BTreeMap<usize, String>,
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
        let table = TableBuilder::new(ui)
            .id_salt("movement-events")
            .striped(true)
            .column(Column::auto().at_least(120.0))
            .column(Column::auto().at_least(120.0))
            .column(Column::auto())
            .column(Column::remainder().at_least(300.0))
            .column(Column::auto());
        fields::scrolled_to(table, self.scroll_to.take())
            .header(20.0, |header| {
                fields::header(
                    header,
                    ["Id", "Name", "Count", "Effect and its numbers", ""],
                );
            })
            .body(|body| {
                body.rows(24.0, deck.cards.len(), |mut row| {
                    self.card_row(&mut row, deck, edits);
                });
            });
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
            if let Some((id, group)) = fields::text(ui, "id", &card.id, 110.0) {
                edited = Some((MovementEventCard { id, ..card.clone() }, Some(group)));
            }
        });
        row.col(|ui| {
            if let Some((name, group)) = fields::text(ui, "name", &card.name, 110.0) {
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
            let shown = ron::to_string(&card.effect).unwrap_or_default();
            let draft = self.drafts.get(&index).cloned();
            let mut text = draft.clone().unwrap_or_else(|| shown.clone());
            let bad = draft.is_some();
            let mut field = TextEdit::singleline(&mut text).desired_width(f32::INFINITY);
            if bad {
                field = field.text_color(Color32::from_rgb(0xff, 0x60, 0x60));
            }
            let response = ui
                .add(field)
                .accessible_name("effect")
                .on_hover_text(card.effect.label());
            if response.changed() {
                match ron::from_str::<MovementEvent>(&text) {
                    Ok(effect) => {
                        self.drafts.remove(&index);
                        edited = Some((
                            MovementEventCard {
                                effect,
                                ..card.clone()
                            },
                            Some(response.id.value()),
                        ));
                    }
                    Err(_) => {
                        self.drafts.insert(index, text);
                    }
                }
            }
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
}
