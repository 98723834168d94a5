//! The race deck editor: a table of card kinds, the deck's totals beside the rulebook's table,
//! and a chart of its speeds.

use egui::{Color32, RichText, ScrollArea, Ui};
use egui_extras::{Column, TableBuilder, TableRow};
use egui_plot::{Bar, BarChart, Legend, Plot};

use super::fields;
use crate::content::race_deck::{LaneSide, MovementInstruction, MovementType, RaceCard, RaceDeck};
use crate::content::text::{Id, Text};
use crate::edit::list::free_id;
use crate::edit::{Edit, GroupKey, ListEdit};

/// The editor's own state: which row is selected.
#[derive(Clone, Debug, Default)]
pub struct RaceDeckEditor {
    /// The selected row.
    pub selected: Option<usize>,
    /// A row to bring into view on the next frame.
    pub scroll_to: Option<usize>,
}

const MOVEMENTS: [(MovementType, &str); 9] = [
    (MovementType::Solo, "Solo"),
    (MovementType::Line, "Line"),
    (MovementType::Pursuit, "Pursuit"),
    (MovementType::Lead, "Lead"),
    (MovementType::Overtake, "Overtake"),
    (MovementType::Ram, "Ram"),
    (MovementType::DiagonalSolo, "Diagonal Solo"),
    (MovementType::DiagonalLead, "Diagonal Lead"),
    (MovementType::DiagonalRam, "Diagonal Ram"),
];

const LANES: [(Option<LaneSide>, &str); 3] = [
    (None, "—"),
    (Some(LaneSide::Inside), "Inside line"),
    (Some(LaneSide::Outside), "Outside line"),
];

impl RaceDeckEditor {
    /// Selects the card with this id and scrolls to it.
    pub fn show_card(&mut self, deck: &RaceDeck, id: &str) {
        self.selected = deck.cards.iter().position(|card| card.id.as_str() == id);
        self.scroll_to = self.selected;
    }

    /// Draws the editor; edits go to `edits`.
    pub fn ui(&mut self, ui: &mut Ui, deck: &RaceDeck, edits: &mut Vec<(Edit, Option<GroupKey>)>) {
        ui.horizontal(|ui| {
            fields::deck_name(ui, &deck.name, edits);
            ui.label(RichText::new(format!("Total: {} cards", deck.total_cards())).strong());
        });
        self.toolbar(ui, deck, edits);
        ui.separator();
        // The totals and the chart get a panel of their own below the table: sharing the
        // width in halves let the table run on under them, where its last columns could not
        // be clicked. Below, the table keeps the editor's whole width.
        egui::Panel::bottom("race-deck-totals-panel")
            .resizable(true)
            .default_size(250.0)
            .show(ui, |ui| {
                ScrollArea::both()
                    .id_salt("race-deck-totals-scroll")
                    .show(ui, |ui| {
                        ui.horizontal_top(|ui| {
                            ui.vertical(|ui| totals(ui, deck));
                            ui.vertical(|ui| speed_chart(ui, deck));
                        });
                    });
            });
        // A table wider than the room left scrolls sideways instead of running on.
        ScrollArea::horizontal()
            .id_salt("race-cards-scroll")
            .show(ui, |ui| self.table(ui, deck, edits));
    }

    fn toolbar(&mut self, ui: &mut Ui, deck: &RaceDeck, edits: &mut Vec<(Edit, Option<GroupKey>)>) {
        ui.horizontal(|ui| {
            if ui.button("Add card").clicked() {
                let card = RaceCard {
                    id: Id::from(unique_id(deck, "new-card").as_str()),
                    name: Text::from("New card"),
                    movement: MovementType::Solo,
                    speed: 1,
                    movement_event: false,
                    instructions: Vec::new(),
                    text: Text::default(),
                    count: 1,
                };
                edits.push((
                    Edit::RaceCards(ListEdit::Insert(deck.cards.len(), card)),
                    None,
                ));
                self.selected = Some(deck.cards.len());
                self.scroll_to = self.selected;
            }
            let selected = self.selected.filter(|&i| i < deck.cards.len());
            if ui
                .add_enabled(selected.is_some(), egui::Button::new("Duplicate"))
                .clicked()
                && let Some(index) = selected
            {
                let mut copy = deck.cards[index].clone();
                copy.id = Id::from(unique_id(deck, copy.id.as_str()).as_str());
                edits.push((Edit::RaceCards(ListEdit::Insert(index + 1, copy)), None));
                self.selected = Some(index + 1);
                self.scroll_to = self.selected;
            }
            if ui
                .add_enabled(selected.is_some(), egui::Button::new("Delete"))
                .clicked()
                && let Some(index) = selected
            {
                edits.push((Edit::RaceCards(ListEdit::Remove(index)), None));
                self.selected = None;
            }
            ui.label("Sort by:");
            for (name, key) in [
                ("id", SortKey::Id),
                ("movement", SortKey::Movement),
                ("speed", SortKey::Speed),
                ("count", SortKey::Count),
            ] {
                if ui.button(name).clicked() {
                    edits.push((Edit::RaceCards(ListEdit::Reorder(sorted(deck, key))), None));
                    self.selected = None;
                }
            }
        });
    }

    fn table(&mut self, ui: &mut Ui, deck: &RaceDeck, edits: &mut Vec<(Edit, Option<GroupKey>)>) {
        let table = TableBuilder::new(ui)
            .id_salt("race-cards")
            .striped(true)
            .sense(egui::Sense::click())
            .column(Column::auto().at_least(110.0))
            .column(Column::auto().at_least(110.0))
            .column(Column::auto().at_least(110.0))
            .columns(Column::auto(), 2)
            .column(Column::auto().at_least(100.0))
            .column(Column::auto().at_least(170.0))
            .column(Column::remainder());
        fields::scrolled_to(table, self.scroll_to.take())
            .header(20.0, |header| {
                fields::header(
                    header,
                    [
                        "Id",
                        "Name",
                        "Movement",
                        "Speed",
                        "Event",
                        "Instruction",
                        "Printed text",
                        "Count",
                    ],
                );
            })
            .body(|body| {
                body.rows(24.0, deck.cards.len(), |mut row| {
                    self.card_row(&mut row, deck, edits);
                });
            });
    }

    /// One card's row: its fields; a click on the row selects the card.
    fn card_row(
        &mut self,
        row: &mut TableRow<'_, '_>,
        deck: &RaceDeck,
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        let index = row.index();
        let card = &deck.cards[index];
        row.set_selected(self.selected == Some(index));
        let mut edited: Option<(RaceCard, Option<GroupKey>)> = None;
        let mut set = |change: &dyn Fn(&mut RaceCard), group| {
            let mut copy = card.clone();
            change(&mut copy);
            edited = Some((copy, group));
        };
        row.col(|ui| {
            if let Some((id, group)) = fields::text(ui, "id", &card.id, 100.0) {
                set(&|c| c.id = id.clone(), Some(group));
            }
        });
        row.col(|ui| {
            if let Some((name, group)) = fields::text(ui, "name", &card.name, 100.0) {
                set(&|c| c.name = name.clone(), Some(group));
            }
        });
        row.col(|ui| {
            if let Some(movement) = fields::choice(
                ui,
                "movement",
                ("movement", index),
                card.movement,
                &MOVEMENTS,
            ) {
                set(&|c| c.movement = movement, None);
            }
        });
        row.col(|ui| {
            if let Some((speed, group)) = fields::number(ui, "speed", card.speed, -9..=9) {
                set(&|c| c.speed = speed, Some(group));
            }
        });
        row.col(|ui| {
            let mut event = card.movement_event;
            if ui
                .checkbox(&mut event, "")
                .accessible_name("movement event")
                .changed()
            {
                set(&|c| c.movement_event = event, None);
            }
        });
        row.col(|ui| {
            let lane = card
                .instructions
                .first()
                .map(|MovementInstruction::ForcedLane(side)| *side);
            if let Some(lane) = fields::choice(ui, "lane", ("lane", index), lane, &LANES) {
                set(
                    &|c| {
                        c.instructions = lane
                            .map(MovementInstruction::ForcedLane)
                            .into_iter()
                            .collect();
                    },
                    None,
                );
            }
        });
        row.col(|ui| {
            if let Some((text, group)) = fields::text(ui, "text", &card.text, 160.0) {
                set(&|c| c.text = text.clone(), Some(group));
            }
        });
        row.col(|ui| {
            if let Some((count, group)) = fields::number(ui, "count", card.count, 0..=99) {
                set(&|c| c.count = count, Some(group));
            }
        });
        if row.response().clicked() {
            self.selected = Some(index);
        }
        if let Some((card, group)) = edited {
            edits.push((Edit::RaceCards(ListEdit::Set(index, card)), group));
        }
    }
}

#[derive(Clone, Copy)]
enum SortKey {
    Id,
    Movement,
    Speed,
    Count,
}

fn sorted(deck: &RaceDeck, key: SortKey) -> Vec<usize> {
    let mut order: Vec<usize> = (0..deck.cards.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&deck.cards[a], &deck.cards[b]);
        match key {
            SortKey::Id => a.id.cmp(&b.id),
            SortKey::Movement => a.movement.cmp(&b.movement).then(a.speed.cmp(&b.speed)),
            SortKey::Speed => a.speed.cmp(&b.speed).then(a.movement.cmp(&b.movement)),
            SortKey::Count => b.count.cmp(&a.count),
        }
    });
    order
}

/// An id not yet used in the deck, starting from `base`.
fn unique_id(deck: &RaceDeck, base: &str) -> String {
    free_id(deck.cards.iter().map(|card| card.id.as_str()), base)
}

/// The deck's counts per movement type and speed beside the rulebook's: a column for every
/// speed a card has, so every card is counted somewhere.
fn totals(ui: &mut Ui, deck: &RaceDeck) {
    ui.strong("Cards per movement type and speed: this deck (rulebook)");
    let table = deck.table();
    egui::Grid::new("race-deck-totals")
        .striped(true)
        .show(ui, |ui| {
            ui.label("Card type");
            for speed in &table.speeds {
                ui.label(format!("{speed:+}"));
            }
            ui.label("Total");
            ui.end_row();
            for row in &table.rows {
                ui.label(row.movement.label());
                for (&count, &expected) in row.deck.iter().zip(&row.rulebook) {
                    compared(ui, count, expected);
                }
                compared(ui, row.deck.iter().sum(), row.rulebook.iter().sum());
                ui.end_row();
            }
            let (deck_totals, rulebook_totals) = table.column_totals();
            ui.strong("Totals");
            for (count, expected) in deck_totals.iter().zip(&rulebook_totals) {
                compared(ui, *count, *expected);
            }
            compared(ui, deck_totals.iter().sum(), rulebook_totals.iter().sum());
            ui.end_row();
        });
    ui.small("The standard deck adds 4 Outside Line cards (Line +3) to the rulebook's 92.");
}

fn compared(ui: &mut Ui, count: u64, expected: u64) {
    if count == expected {
        ui.label(if count == 0 {
            "-".to_owned()
        } else {
            count.to_string()
        });
    } else {
        ui.label(
            RichText::new(format!("{count} ({expected})"))
                .color(Color32::from_rgb(0xe0, 0xa0, 0x30)),
        );
    }
}

/// Bars of cards per speed, this deck beside the rulebook.
fn speed_chart(ui: &mut Ui, deck: &RaceDeck) {
    let table = deck.table();
    let (by_speed, rulebook) = table.column_totals();
    let bars = |counts: &[u64], offset: f64| {
        table
            .speeds
            .iter()
            .zip(counts)
            .map(|(&speed, &n)| Bar::new(f64::from(speed) + offset, n as f64).width(0.35))
            .collect::<Vec<_>>()
    };
    Plot::new("race-deck-speeds")
        .legend(Legend::default())
        .height(180.0)
        .width(360.0)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .show(ui, |plot| {
            plot.bar_chart(
                BarChart::new("This deck", bars(&by_speed, -0.18))
                    .color(Color32::from_rgb(0x40, 0xa0, 0xff)),
            );
            plot.bar_chart(
                BarChart::new("Rulebook", bars(&rulebook, 0.18)).color(Color32::from_gray(150)),
            );
        });
}
