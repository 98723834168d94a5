//! The terrain editor: one row per kind of ground. A kind's effects are edited as RON
//! (`[Stop, Damage(2)]`), as the movement event editor edits an event's numbers; text that does
//! not parse is kept in the field, marked, not applied, and says why.

use std::collections::BTreeMap;

use egui::Ui;
use egui_extras::{Column, TableBuilder, TableRow};

use super::fields::{self, Draft, RowAction};
use crate::content::team_mats::parse_colour;
use crate::content::terrain::{CountsAs, Effect, GroundKind, Pattern, TerrainFile};
use crate::content::text::{TerrainId, Text};
use crate::edit::list::free_id;
use crate::edit::{Edit, GroupKey, ListEdit};

/// The patterns as the editor names them.
const PATTERNS: [(Pattern, &str); 8] = [
    (Pattern::Plain, "Plain"),
    (Pattern::Grey, "Grey"),
    (Pattern::Hatch, "Hatch"),
    (Pattern::BackHatch, "Back hatch"),
    (Pattern::CrossHatch, "Cross-hatch"),
    (Pattern::Stripes, "Stripes"),
    (Pattern::Checks, "Checks"),
    (Pattern::Dark, "Dark"),
];

/// The rulebook grounds a kind may count as, as the editor names them.
const COUNTS_AS: [(CountsAs, &str); 4] = [
    (CountsAs::Road, "Road"),
    (CountsAs::Rough, "Rough"),
    (CountsAs::JumpLane, "Jump lane"),
    (CountsAs::Trough, "Trough"),
];

/// The editor's state: effects typed that do not parse yet, with why.
#[derive(Clone, Debug, Default)]
pub struct TerrainEditor {
    drafts: BTreeMap<usize, Draft>,
}

impl TerrainEditor {
    /// Draws the editor; edits go to `edits`.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        file: &TerrainFile,
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        ui.horizontal(|ui| {
            ui.heading("Kinds of ground");
            ui.label(format!("{} kinds", file.kinds.len()));
            if ui.button("Add kind").clicked() {
                let ids = file.kinds.iter().map(|k| k.id.as_str());
                let kind = GroundKind {
                    id: TerrainId::from(free_id(ids, "new-ground").as_str()),
                    name: Text::from("New ground"),
                    colour: Text::from("#808080"),
                    pattern: Pattern::Grey,
                    counts_as: CountsAs::Road,
                    enter_cost: 1,
                    enter_short: false,
                    lane_changes: true,
                    stacks: false,
                    effects: Vec::new(),
                };
                edits.push((
                    Edit::GroundKinds(ListEdit::Insert(file.kinds.len(), kind)),
                    None,
                ));
            }
        });
        ui.weak(
            "Counts as: which rulebook ground the movement events and jump rules take it for. \
             MP: what entering costs; Short: a car with fewer MP left may still enter, spending \
             them; Stack: cars share its spaces. Effects: Stop, Damage(n), Eliminate, Slide(n), SlideAside(n), Jump(n), \
             DrawnJump(min: a, max: b, faces: Some([..6 faces])), Fire, Hazard.",
        );
        let id_width = fields::fitting_width(ui, file.kinds.iter().map(|k| k.id.as_str()), 90.0);
        let name_width =
            fields::fitting_width(ui, file.kinds.iter().map(|k| k.name.as_str()), 90.0);
        TableBuilder::new(ui)
            .id_salt("terrain-kinds")
            .striped(true)
            .column(Column::exact(id_width + 4.0))
            .column(Column::exact(name_width + 4.0))
            .columns(Column::auto(), 7)
            .column(Column::remainder().at_least(160.0).clip(true))
            .column(Column::auto())
            .header(20.0, |header| {
                fields::header(
                    header,
                    [
                        "Id",
                        "Name",
                        "Colour",
                        "Pattern",
                        "Counts as",
                        "MP",
                        "Short",
                        "Lanes",
                        "Stack",
                        "Effects",
                        "",
                    ],
                );
            })
            .body(|body| {
                body.rows(40.0, file.kinds.len(), |mut row| {
                    self.kind_row(&mut row, file, (id_width, name_width), edits);
                });
            });
    }

    /// One kind's row.
    fn kind_row(
        &mut self,
        row: &mut TableRow<'_, '_>,
        file: &TerrainFile,
        (id_width, name_width): (f32, f32),
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        let index = row.index();
        let kind = &file.kinds[index];
        let mut edited: Option<(GroundKind, Option<GroupKey>)> = None;
        let mut changed = |change: &dyn Fn(&mut GroundKind), group| {
            let mut copy = kind.clone();
            change(&mut copy);
            edited = Some((copy, group));
        };
        row.col(|ui| {
            if let Some((id, group)) = fields::text::<TerrainId>(ui, "id", &kind.id, id_width) {
                changed(&|k| k.id = id.clone(), Some(group));
            }
        });
        row.col(|ui| {
            if let Some((name, group)) = fields::text::<Text>(ui, "name", &kind.name, name_width) {
                changed(&|k| k.name = name.clone(), Some(group));
            }
        });
        row.col(|ui| {
            let mut rgb = parse_colour(kind.colour.as_str()).unwrap_or([128, 128, 128]);
            let response = ui
                .color_edit_button_srgb(&mut rgb)
                .on_hover_text(kind.colour.as_str());
            if response.changed() {
                let [r, g, b] = rgb;
                let colour = Text::from(format!("#{r:02x}{g:02x}{b:02x}").as_str());
                changed(&|k| k.colour = colour.clone(), Some(response.id.value()));
            }
        });
        row.col(|ui| {
            let id = ("terrain-pattern", index);
            if let Some(pattern) = fields::choice(ui, "pattern", id, kind.pattern, &PATTERNS) {
                changed(&|k| k.pattern = pattern, None);
            }
        });
        row.col(|ui| {
            let id = ("terrain-counts-as", index);
            if let Some(ground) = fields::choice(ui, "counts as", id, kind.counts_as, &COUNTS_AS) {
                changed(&|k| k.counts_as = ground, None);
            }
        });
        row.col(|ui| {
            if let Some((cost, group)) = fields::number(ui, "enter cost", kind.enter_cost, 1..=6) {
                changed(&|k| k.enter_cost = cost, Some(group));
            }
        });
        for (value, hover, set) in [
            (
                kind.enter_short,
                "enter short",
                (|k: &mut GroundKind, on| k.enter_short = on) as fn(&mut GroundKind, bool),
            ),
            (kind.lane_changes, "lane changes", |k, on| {
                k.lane_changes = on;
            }),
            (kind.stacks, "cars may stack", |k, on| k.stacks = on),
        ] {
            if let Some(on) = flag(row, value, hover) {
                changed(&|k| set(k, on), None);
            }
        }
        row.col(|ui| {
            ui.vertical(|ui| {
                let hover = "Stop, Damage(n), Eliminate, Slide(n), SlideAside(n), Jump(n), \
                             DrawnJump(min: a, max: b, faces: Some([..6 faces])), Fire, Hazard";
                if let Some((effects, group)) = fields::ron_field::<Vec<Effect>>(
                    ui,
                    "effects",
                    &kind.effects,
                    hover,
                    &mut self.drafts,
                    index,
                ) {
                    changed(&|k| k.effects.clone_from(&effects), Some(group));
                }
            });
        });
        row.col(|ui| match fields::row_actions(ui) {
            Some(RowAction::Duplicate) => {
                let mut copy = kind.clone();
                let ids = file.kinds.iter().map(|k| k.id.as_str());
                copy.id = TerrainId::from(free_id(ids, kind.id.as_str()).as_str());
                edits.push((Edit::GroundKinds(ListEdit::Insert(index + 1, copy)), None));
                self.drafts.clear();
            }
            Some(RowAction::Delete) => {
                edits.push((Edit::GroundKinds(ListEdit::Remove(index)), None));
                self.drafts.clear();
            }
            None => {}
        });
        if let Some((kind, group)) = edited {
            edits.push((Edit::GroundKinds(ListEdit::Set(index, kind)), group));
        }
    }
}

/// A tick box in its own column; the new value when it was clicked.
fn flag(row: &mut TableRow<'_, '_>, value: bool, hover: &str) -> Option<bool> {
    let mut clicked = None;
    row.col(|ui| {
        let mut on = value;
        if ui.checkbox(&mut on, "").on_hover_text(hover).changed() {
            clicked = Some(on);
        }
    });
    clicked
}
