//! The hazard deck editor: one row per hazard. A hazard's effects are edited as RON
//! (`[Damage(2), Quake]`), as the terrain editor edits a kind's; text that does not parse is
//! kept in the field, marked, not applied, and says why. What the space becomes is chosen from
//! the pack's kinds of ground.

use std::collections::BTreeMap;

use egui::Ui;
use egui_extras::{Column, TableBuilder, TableRow};

use super::fields::{self, Draft, RowAction};
use crate::content::hazard_deck::{Hazard, HazardDeck, HazardEffect, HazardTarget};
use crate::content::terrain::TerrainFile;
use crate::content::text::{Id, TerrainId, Text};
use crate::edit::list::free_id;
use crate::edit::{Edit, GroupKey, ListEdit};

/// The effects a hazard may have, as the editor's hint says them.
const EFFECTS_HINT: &str =
    "Damage(n), SpinAround, SlideAside(n), Quake, PitTrap(bonus: b, damage: n), Eliminate";

/// The editor's state: effects typed that do not parse yet, with why.
#[derive(Clone, Debug, Default)]
pub struct HazardDeckEditor {
    drafts: BTreeMap<usize, Draft>,
}

impl HazardDeckEditor {
    /// Draws the editor; `terrain` is the pack's kinds of ground (what a space may become).
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        deck: &HazardDeck,
        terrain: &TerrainFile,
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        ui.horizontal(|ui| {
            ui.heading(deck.name.as_str());
            ui.label(format!(
                "{} hazards, {} tokens",
                deck.hazards.len(),
                deck.total_tokens()
            ));
            if ui.button("Add hazard").clicked() {
                let ids = deck.hazards.iter().map(|h| h.id.as_str());
                let hazard = Hazard {
                    id: Id::from(free_id(ids, "new-hazard").as_str()),
                    name: Text::from("New hazard"),
                    count: 1,
                    effects: vec![HazardEffect::Damage(1)],
                    becomes: None,
                    target: HazardTarget::TheCar,
                    drive_on: false,
                };
                edits.push((
                    Edit::Hazards(ListEdit::Insert(deck.hazards.len(), hazard)),
                    None,
                ));
            }
        });
        ui.weak(format!(
            "A token is dealt face down to each hazard spot at setup; the car that stops on one \
             turns it over. Effects: {EFFECTS_HINT}. Strikes: the car that turned it over, or the \
             car farthest back (the sand worm). Drives on: once the token has resolved, the car \
             drives on with the movement it had left (the oil slick). Becomes: the ground the \
             space is for the rest of the race."
        ));
        let id_width = fields::fitting_width(ui, deck.hazards.iter().map(|h| h.id.as_str()), 90.0);
        let name_width =
            fields::fitting_width(ui, deck.hazards.iter().map(|h| h.name.as_str()), 90.0);
        // "Stays" (the space keeps its ground) and every kind the pack defines.
        let mut becomes: Vec<(Option<&TerrainId>, &str)> = vec![(None, "(stays)")];
        becomes.extend(terrain.kinds.iter().map(|k| (Some(&k.id), k.name.as_str())));
        TableBuilder::new(ui)
            .id_salt("hazards")
            .striped(true)
            .column(Column::exact(id_width + 4.0))
            .column(Column::exact(name_width + 4.0))
            .column(Column::auto())
            .column(Column::remainder().at_least(200.0).clip(true))
            .column(Column::auto())
            .column(Column::auto())
            .column(Column::auto())
            .column(Column::auto())
            .header(20.0, |header| {
                fields::header(
                    header,
                    [
                        "Id",
                        "Name",
                        "Count",
                        "Effects",
                        "Strikes",
                        "Drives on",
                        "Becomes",
                        "",
                    ],
                );
            })
            .body(|body| {
                body.rows(40.0, deck.hazards.len(), |mut row| {
                    self.hazard_row(&mut row, deck, &becomes, (id_width, name_width), edits);
                });
            });
    }

    /// One hazard's row.
    fn hazard_row(
        &mut self,
        row: &mut TableRow<'_, '_>,
        deck: &HazardDeck,
        becomes: &[(Option<&TerrainId>, &str)],
        (id_width, name_width): (f32, f32),
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        let index = row.index();
        let hazard = &deck.hazards[index];
        let mut edited: Option<(Hazard, Option<GroupKey>)> = None;
        let mut changed = |change: &dyn Fn(&mut Hazard), group| {
            let mut copy = hazard.clone();
            change(&mut copy);
            edited = Some((copy, group));
        };
        row.col(|ui| {
            if let Some((id, group)) = fields::text::<Id>(ui, "id", &hazard.id, id_width) {
                changed(&|h| h.id = id.clone(), Some(group));
            }
        });
        row.col(|ui| {
            if let Some((name, group)) = fields::text::<Text>(ui, "name", &hazard.name, name_width)
            {
                changed(&|h| h.name = name.clone(), Some(group));
            }
        });
        row.col(|ui| {
            if let Some((count, group)) = fields::number(ui, "count", hazard.count, 1..=999) {
                changed(&|h| h.count = count, Some(group));
            }
        });
        row.col(|ui| {
            ui.vertical(|ui| {
                if let Some((effects, group)) = fields::ron_field::<Vec<HazardEffect>>(
                    ui,
                    "effects",
                    &hazard.effects,
                    EFFECTS_HINT,
                    &mut self.drafts,
                    index,
                ) {
                    changed(&|h| h.effects.clone_from(&effects), Some(group));
                }
            });
        });
        row.col(|ui| {
            let id = ("hazard-target", index);
            let targets = [HazardTarget::TheCar, HazardTarget::Rearmost].map(|t| (t, t.label()));
            if let Some(chosen) = fields::choice(ui, "strikes", id, hazard.target, &targets) {
                changed(&|h| h.target = chosen, None);
            }
        });
        row.col(|ui| {
            let mut drive_on = hazard.drive_on;
            if ui
                .checkbox(&mut drive_on, "")
                .on_hover_text(
                    "Once the token has resolved, the car drives on with the MP it had left",
                )
                .changed()
            {
                changed(&|h| h.drive_on = drive_on, None);
            }
        });
        row.col(|ui| {
            let id = ("hazard-becomes", index);
            let current = hazard.becomes.as_ref();
            if let Some(chosen) = fields::choice(ui, "becomes", id, current, becomes) {
                let chosen = chosen.cloned();
                changed(&|h| h.becomes.clone_from(&chosen), None);
            }
        });
        row.col(|ui| match fields::row_actions(ui) {
            Some(RowAction::Duplicate) => {
                let mut copy = hazard.clone();
                let ids = deck.hazards.iter().map(|h| h.id.as_str());
                copy.id = Id::from(free_id(ids, hazard.id.as_str()).as_str());
                edits.push((Edit::Hazards(ListEdit::Insert(index + 1, copy)), None));
                self.drafts.clear();
            }
            Some(RowAction::Delete) => {
                edits.push((Edit::Hazards(ListEdit::Remove(index)), None));
                self.drafts.clear();
            }
            None => {}
        });
        if let Some((hazard, group)) = edited {
            edits.push((Edit::Hazards(ListEdit::Set(index, hazard)), group));
        }
    }
}
