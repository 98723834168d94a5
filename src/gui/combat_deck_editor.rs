//! The combat deck editor: value, count, the collision result and each weapon type's result
//! for every card kind. Effects are typed as names separated by commas (`Spray, Suppress`).

use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder, TableRow};

use super::fields::{self, RowAction};
use crate::content::combat_deck::{
    AttackEffect, AttackResult, CollisionResult, CombatCard, CombatEventDeck, WeaponType,
};
use crate::content::text::{Id, Text};
use crate::edit::list::free_id;
use crate::edit::{Edit, GroupKey, ListEdit};

const EFFECTS: [(AttackEffect, &str); 4] = [
    (AttackEffect::Bulldoze, "Bulldoze"),
    (AttackEffect::Chain, "Chain"),
    (AttackEffect::Spray, "Spray"),
    (AttackEffect::Suppress, "Suppress"),
];

/// Effects as the editor shows them.
#[must_use]
pub fn effects_text(effects: &[AttackEffect]) -> String {
    effects
        .iter()
        .filter_map(|e| {
            EFFECTS
                .iter()
                .find(|(effect, _)| effect == e)
                .map(|(_, name)| *name)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A menu of effect checkboxes; returns the new list when one was ticked or cleared.
fn effects_menu(ui: &mut Ui, effects: &[AttackEffect]) -> Option<Vec<AttackEffect>> {
    let shown = effects_text(effects);
    let mut changed = None;
    ui.menu_button(
        if shown.is_empty() {
            "none".to_owned()
        } else {
            shown
        },
        |ui| {
            for (effect, name) in EFFECTS {
                let mut on = effects.contains(&effect);
                if ui.checkbox(&mut on, name).changed() {
                    let mut list: Vec<AttackEffect> =
                        effects.iter().copied().filter(|e| *e != effect).collect();
                    if on {
                        list.push(effect);
                        list.sort();
                    }
                    changed = Some(list);
                }
            }
        },
    );
    changed
}

/// The editor's state.
#[derive(Clone, Debug, Default)]
pub struct CombatDeckEditor {
    /// A row to bring into view.
    pub scroll_to: Option<usize>,
    /// This frame's id and name column widths: the longest of each, whole.
    widths: (f32, f32),
}

impl CombatDeckEditor {
    /// Scrolls to the card with this id.
    pub fn show_card(&mut self, deck: &CombatEventDeck, id: &str) {
        self.scroll_to = deck.cards.iter().position(|card| card.id.as_str() == id);
    }

    /// Draws the editor; edits go to `edits`.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        deck: &CombatEventDeck,
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        self.toolbar(ui, deck, edits);
        weapon_types(ui, deck, edits);
        ui.separator();
        let weapons: Vec<_> = deck.weapon_types.iter().map(|w| w.id.clone()).collect();
        self.widths = (
            fields::fitting_width(ui, deck.cards.iter().map(|c| c.id.as_str()), 80.0),
            fields::fitting_width(ui, deck.cards.iter().map(|c| c.name.as_str()), 80.0),
        );
        let table = TableBuilder::new(ui)
            .id_salt("combat-cards")
            .striped(true)
            // Sized to the longest id and name: a field cannot grow an auto column it fills.
            .column(Column::exact(self.widths.0 + 4.0))
            .column(Column::exact(self.widths.1 + 4.0))
            .columns(Column::auto(), 4)
            .column(Column::auto().at_least(90.0))
            // A weapon's column holds its damage over its effects; its title wraps between
            // words ("machine-guns:" over "dmg, effects").
            .columns(Column::auto().at_least(92.0), weapons.len())
            .column(Column::auto());
        fields::scrolled_to(table, self.scroll_to.take())
            .header(20.0, |header| {
                let fixed = [
                    "Id",
                    "Name",
                    "Value",
                    "Count",
                    "Target dmg",
                    "Own dmg",
                    "Collision effects",
                ]
                .map(str::to_owned);
                let per_weapon = weapons.iter().map(|w| format!("{w}: dmg, effects"));
                fields::header(
                    header,
                    fixed.into_iter().chain(per_weapon).chain([String::new()]),
                );
            })
            .body(|body| {
                body.rows(24.0, deck.cards.len(), |mut row| {
                    self.card_row(&mut row, deck, &weapons, edits);
                });
            });
    }
    /// The deck's name, its total, and the buttons that add and sort cards.
    fn toolbar(
        &mut self,
        ui: &mut Ui,
        deck: &CombatEventDeck,
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        ui.horizontal(|ui| {
            fields::deck_name(ui, &deck.name, edits);
            ui.label(RichText::new(format!("Total: {} cards", deck.total_cards())).strong());
            if ui.button("Add card").clicked() {
                edits.push((
                    Edit::CombatCards(ListEdit::Insert(deck.cards.len(), new_card(deck))),
                    None,
                ));
                self.scroll_to = Some(deck.cards.len());
            }
            if ui.button("Sort by value").clicked() {
                let mut order: Vec<usize> = (0..deck.cards.len()).collect();
                order.sort_by(|&a, &b| {
                    deck.cards[a]
                        .value
                        .cmp(&deck.cards[b].value)
                        .then(deck.cards[a].id.cmp(&deck.cards[b].id))
                });
                edits.push((Edit::CombatCards(ListEdit::Reorder(order)), None));
            }
        });
    }

    /// One card's row: its fields, its result per weapon type, and its row actions.
    fn card_row(
        &mut self,
        row: &mut TableRow<'_, '_>,
        deck: &CombatEventDeck,
        weapons: &[Id],
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        let index = row.index();
        let card = &deck.cards[index];
        let mut edited: Option<(CombatCard, Option<GroupKey>)> = None;
        let change = |f: &dyn Fn(&mut CombatCard)| {
            let mut copy = card.clone();
            f(&mut copy);
            copy
        };
        row.col(|ui| {
            if let Some((id, g)) = fields::text(ui, "id", &card.id, self.widths.0) {
                edited = Some((change(&|c| c.id = id.clone()), Some(g)));
            }
        });
        row.col(|ui| {
            if let Some((name, g)) = fields::text(ui, "name", &card.name, self.widths.1) {
                edited = Some((change(&|c| c.name = name.clone()), Some(g)));
            }
        });
        row.col(|ui| {
            if let Some((value, g)) = fields::number(ui, "value", card.value, 0..=9) {
                edited = Some((change(&|c| c.value = value), Some(g)));
            }
        });
        row.col(|ui| {
            if let Some((count, g)) = fields::number(ui, "count", card.count, 0..=99) {
                edited = Some((change(&|c| c.count = count), Some(g)));
            }
        });
        row.col(|ui| {
            if let Some((damage, g)) =
                fields::number(ui, "target_damage", card.collision.target_damage, 0..=9)
            {
                edited = Some((change(&|c| c.collision.target_damage = damage), Some(g)));
            }
        });
        row.col(|ui| {
            if let Some((damage, g)) =
                fields::number(ui, "active_damage", card.collision.active_damage, 0..=9)
            {
                edited = Some((change(&|c| c.collision.active_damage = damage), Some(g)));
            }
        });
        row.col(|ui| {
            if let Some(effects) = effects_menu(ui, &card.collision.effects) {
                edited = Some((change(&|c| c.collision.effects.clone_from(&effects)), None));
            }
        });
        for weapon in weapons {
            row.col(|ui| {
                let Some(result) = card.weapons.get(weapon) else {
                    ui.weak("missing");
                    return;
                };
                if let Some((damage, g)) = fields::number(ui, "damage", result.damage, 0..=9) {
                    edited = Some((
                        change(&|c| {
                            if let Some(r) = c.weapons.get_mut(weapon) {
                                r.damage = damage;
                            }
                        }),
                        Some(g),
                    ));
                }
                if let Some(effects) = effects_menu(ui, &result.effects) {
                    edited = Some((
                        change(&|c| {
                            if let Some(r) = c.weapons.get_mut(weapon) {
                                r.effects.clone_from(&effects);
                            }
                        }),
                        None,
                    ));
                }
            });
        }
        row.col(|ui| match fields::stacked_row_actions(ui) {
            Some(RowAction::Duplicate) => {
                let mut copy = card.clone();
                let ids = deck.cards.iter().map(|c| c.id.as_str());
                copy.id = Id::from(free_id(ids, card.id.as_str()).as_str());
                edits.push((Edit::CombatCards(ListEdit::Insert(index + 1, copy)), None));
                self.scroll_to = Some(index + 1);
            }
            Some(RowAction::Delete) => {
                edits.push((Edit::CombatCards(ListEdit::Remove(index)), None));
            }
            None => {}
        });
        if let Some((card, group)) = edited {
            edits.push((Edit::CombatCards(ListEdit::Set(index, card)), group));
        }
    }
}

/// A new card with an id of its own and a miss for every weapon type.
fn new_card(deck: &CombatEventDeck) -> CombatCard {
    let ids = deck.cards.iter().map(|c| c.id.as_str());
    CombatCard {
        id: Id::from(free_id(ids, "new-card").as_str()),
        name: Text::from("New card"),
        value: 0,
        weapons: deck
            .weapon_types
            .iter()
            .map(|w| (w.id.clone(), AttackResult::default()))
            .collect(),
        collision: CollisionResult::default(),
        count: 1,
    }
}

/// The deck's weapon types: id, name and description, with add and delete. Changing an id
/// carries every card's result for that weapon to the new id.
fn weapon_types(ui: &mut Ui, deck: &CombatEventDeck, edits: &mut Vec<(Edit, Option<GroupKey>)>) {
    ui.horizontal(|ui| {
        ui.strong("Weapon types");
        if ui.button("Add weapon type").clicked() {
            let ids = deck.weapon_types.iter().map(|w| w.id.as_str());
            let weapon = WeaponType {
                id: Id::from(free_id(ids, "new-weapon").as_str()),
                name: Text::from("New weapon"),
                description: Text::default(),
            };
            edits.push((
                Edit::WeaponTypes(ListEdit::Insert(deck.weapon_types.len(), weapon)),
                None,
            ));
        }
    });
    // Rows laid out left to right, not a grid: a grid cell offers a text field only its
    // column's width from the frame before, which left every field too narrow to read.
    ui.horizontal(|ui| {
        ui.add_sized(
            [120.0, 18.0],
            egui::Label::new(egui::RichText::new("Id").strong()),
        );
        ui.add_sized(
            [140.0, 18.0],
            egui::Label::new(egui::RichText::new("Name").strong()),
        );
        ui.strong("Description");
    });
    for (index, weapon) in deck.weapon_types.iter().enumerate() {
        ui.horizontal(|ui| {
            let mut edited = None;
            if let Some((id, g)) = fields::text(ui, "weapon id", &weapon.id, 120.0) {
                edited = Some((
                    WeaponType {
                        id,
                        ..weapon.clone()
                    },
                    g,
                ));
            }
            if let Some((name, g)) = fields::text(ui, "weapon name", &weapon.name, 140.0) {
                edited = Some((
                    WeaponType {
                        name,
                        ..weapon.clone()
                    },
                    g,
                ));
            }
            // The rest of the row, but for the Delete button after it.
            let room = (ui.available_width() - 64.0).max(420.0);
            if let Some((description, g)) =
                fields::paragraph(ui, "weapon description", &weapon.description, room)
            {
                edited = Some((
                    WeaponType {
                        description,
                        ..weapon.clone()
                    },
                    g,
                ));
            }
            if ui.small_button("Delete").clicked() {
                edits.push((Edit::WeaponTypes(ListEdit::Remove(index)), None));
            }
            if let Some((weapon, group)) = edited {
                edits.push((Edit::WeaponTypes(ListEdit::Set(index, weapon)), Some(group)));
            }
        });
    }
}
