//! The simulation screen's drawing: the form along the top, the run controls, the result tabs
//! and the heat map. What it shows lives in the screen's state ([`super::SimulationScreen`]);
//! this file only draws it and turns clicks into [`super::SimCommand`]s. The tabs' tables and
//! charts are `tables.rs`'s.

use std::collections::BTreeMap;

use egui::{Color32, ComboBox, Panel, RichText, ScrollArea, Ui};

use super::tables::{
    Row, cars_view, compare_view, notable_view, races_view, sorted_table, win_rates,
};
use super::{
    CompareWith, Export, MOST_RACES, SimCommand, SimRequest, SimTab, SimulationScreen, Table,
    harm_view, mission_view,
};
use crate::content::track::SpaceRef;
use crate::gui::canvas::TrackCanvas;
use crate::gui::race::board::fill_space_inside;
use crate::gui::workspace::Workspace;
use crate::render::viridis;
use crate::sim::batch::{SpaceCounts, notable_of};
use crate::sim::stats::{BatchStats, TeamStats};

impl SimulationScreen {
    /// Draws the screen; returns what the studio must do.
    pub fn ui(&mut self, ui: &mut Ui, workspace: &Workspace) -> Vec<SimRequest> {
        self.poll(ui.input(|i| i.time));
        if self.run.is_some() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
        let mut commands = Vec::new();
        let now = ui.input(|i| i.time);
        Panel::top("sim_form").show(ui, |ui| self.form_ui(ui, workspace, now, &mut commands));
        egui::CentralPanel::default_margins().show(ui, |ui| {
            ui.horizontal(|ui| {
                for (tab, name) in SimTab::ALL {
                    if ui.selectable_label(self.tab == tab, name).clicked() {
                        commands.push(SimCommand::Tab(tab));
                    }
                }
            });
            ui.separator();
            match (&self.stats, self.tab) {
                (None, _) => {
                    ui.label("No races yet: choose and press Run.");
                }
                (Some(stats), SimTab::WinRates) => {
                    let same_bots = self.spec.as_ref().is_some_and(|spec| {
                        spec.bots.windows(2).all(|pair| pair[0].id == pair[1].id)
                    });
                    win_rates(ui, stats, same_bots);
                }
                (Some(stats), SimTab::Races) => races_view(ui, stats, &self.races),
                (Some(stats), SimTab::Teams) => self.teams_table(ui, stats, &mut commands),
                (Some(stats), SimTab::Cars) => cars_view(ui, stats, self.sorts, &mut commands),
                (Some(_), SimTab::HeatMap) => self.heat_map(ui, &mut commands),
                (Some(_), SimTab::Compare) => {
                    compare_view(ui, self.comparison.as_ref(), &self.compare_names);
                }
                (Some(_), SimTab::Notable) => {
                    notable_view(ui, &notable_of(&self.fold), &mut commands);
                }
                (Some(stats), SimTab::Mission) => mission_view::mission_view(ui, stats),
                (Some(stats), SimTab::Losses) => harm_view::harm_view(ui, stats),
            }
        });
        let mut requests = Vec::new();
        for command in commands {
            requests.extend(self.apply(command));
        }
        requests
    }

    /// What the batch is compared with: nothing, the saved files, or another track.
    fn compare_choice(&mut self, ui: &mut Ui, workspace: &Workspace) {
        let label = ui.label("Compare with");
        let named = |with: Option<CompareWith>| match with {
            None => "nothing".to_owned(),
            Some(CompareWith::Saved) => "the saved files".to_owned(),
            Some(CompareWith::Track(id)) => workspace.display_name(id),
        };
        ComboBox::from_id_salt("sim_compare")
            .selected_text(named(self.form.compare))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.form.compare, None, named(None));
                ui.selectable_value(
                    &mut self.form.compare,
                    Some(CompareWith::Saved),
                    named(Some(CompareWith::Saved)),
                )
                .on_hover_text("The same seeds on the files as saved: what the edits change");
                for id in workspace
                    .track_ids()
                    .filter(|&id| Some(id) != self.form.setup.track)
                {
                    let with = Some(CompareWith::Track(id));
                    ui.selectable_value(&mut self.form.compare, with, named(with));
                }
            })
            .response
            .labelled_by(label.id);
    }

    /// Run (or the progress and Cancel while a batch plays), and the exports once it played.
    fn run_controls(&self, ui: &mut Ui, now: f64, commands: &mut Vec<SimCommand>) {
        if let Some(run) = &self.run {
            let done = run.done();
            let rate = done as f64 / (now - run.started).max(1e-3);
            ui.add(
                egui::ProgressBar::new(done as f32 / run.total.max(1) as f32)
                    .desired_width(200.0)
                    .text(format!("{done}/{} races, {rate:.0}/s", run.total)),
            );
            if ui.button("Cancel").clicked() {
                commands.push(SimCommand::Cancel);
            }
        } else {
            if ui
                .add_enabled(
                    self.form.setup.track.is_some() || self.form.mission.is_some(),
                    egui::Button::new("Run"),
                )
                .clicked()
            {
                commands.push(SimCommand::Run);
            }
            if !self.races.is_empty() {
                // One piece: in the wrapping toolbar a label could break across rows.
                ui.add(egui::Label::new(self.played_words()).wrap_mode(egui::TextWrapMode::Extend));
                ui.separator();
                for (export, label) in [
                    (Export::Json, "Export JSON…"),
                    (Export::Csv, "Export CSV…"),
                    (Export::HeatPng, "Heat map PNG…"),
                ] {
                    if ui.button(label).clicked() {
                        commands.push(SimCommand::Export(export));
                    }
                }
            }
        }
    }

    fn form_ui(
        &mut self,
        ui: &mut Ui,
        workspace: &Workspace,
        now: f64,
        commands: &mut Vec<SimCommand>,
    ) {
        ui.horizontal_wrapped(|ui| {
            if crate::gui::fields::back_to_editor(ui).clicked() {
                commands.push(SimCommand::Close);
            }
            crate::gui::fields::mission_or_track(
                ui,
                workspace,
                (&mut self.form.mission, &mut self.form.setup),
                "sim",
            );
            let profiles = bot_profiles(workspace);
            let label = ui.label("Bots");
            // One choice for every seat at once, and below it one per seat.
            let all_same = self.form.bots[..self.form.setup.players.min(10)]
                .windows(2)
                .all(|w| w[0] == w[1]);
            ComboBox::from_id_salt("sim_bot")
                .selected_text(if all_same {
                    self.form.bots[0].clone()
                } else {
                    "(per seat)".to_owned()
                })
                .show_ui(ui, |ui| {
                    for (id, name) in &profiles {
                        if ui
                            .selectable_label(all_same && self.form.bots[0] == *id, name)
                            .clicked()
                        {
                            self.form.bots = vec![id.clone(); 10];
                        }
                    }
                })
                .response
                .labelled_by(label.id);
            let label = ui.label("Races");
            // Bigger batches belong to `roadwright simulate` (and its shards): the screen keeps
            // every race's summary.
            ui.add(egui::DragValue::new(&mut self.form.races).range(1..=MOST_RACES))
                .labelled_by(label.id);
            let label = ui.label("Seed");
            crate::gui::fields::seed(ui, "simulation", &mut self.form.seed).labelled_by(label.id);
            self.compare_choice(ui, workspace);
            ui.separator();
            self.run_controls(ui, now, commands);
        });
        ui.horizontal_wrapped(|ui| {
            let profiles = bot_profiles(workspace);
            for seat in 0..self.form.setup.players.min(10) {
                let label = ui.label(format!("Seat {}", seat + 1));
                ComboBox::from_id_salt(("sim_seat_bot", seat))
                    .selected_text(self.form.bots[seat].clone())
                    .show_ui(ui, |ui| {
                        for (id, name) in &profiles {
                            ui.selectable_value(&mut self.form.bots[seat], id.clone(), name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
            }
        });
        if self.results_out_of_date(workspace) {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    RichText::new("Results are out of date").strong(),
                );
                ui.weak("(the content was edited since they were played: Run plays it as it is)");
            });
        }
        if let Some(of) = self.results_differ_from_form() {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("Results shown are of {of}")).strong());
                ui.weak("(Run plays what the form says)");
            });
        }
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
    }

    fn teams_table(&self, ui: &mut Ui, stats: &BatchStats, commands: &mut Vec<SimCommand>) {
        let rows = stats
            .teams
            .iter()
            .map(|(id, t)| {
                let mut cells = vec![
                    t.races.to_string(),
                    format!(
                        "{:.1}% ({:.1}-{:.1})",
                        t.win_rate.rate * 100.0,
                        t.win_rate.low * 100.0,
                        t.win_rate.high * 100.0
                    ),
                ];
                let means = t.means();
                cells.extend(means.iter().map(|v| format!("{v:.2}")));
                let mut values = vec![t.races as f64, t.win_rate.rate];
                values.extend(means);
                Row {
                    name: id.clone(),
                    values,
                    cells,
                }
            })
            .collect();
        let headers: Vec<&str> = ["Team", "Races", "Win rate"]
            .into_iter()
            .chain(TeamStats::MEANS.iter().map(|(_, heading)| *heading))
            .collect();
        ScrollArea::both().show(ui, |ui| {
            sorted_table(ui, Table::Teams, &headers, rows, self.sorts[0], commands);
        });
    }

    fn heat_map(&mut self, ui: &mut Ui, commands: &mut Vec<SimCommand>) {
        let (Some(track), Some(stats)) = (&self.track, &self.stats) else {
            return;
        };
        ui.horizontal(|ui| {
            let label = ui.label("Metric");
            ComboBox::from_id_salt("sim_metric")
                .selected_text(self.metric.replace('_', " "))
                .show_ui(ui, |ui| {
                    for metric in SpaceCounts::METRICS {
                        if ui
                            .selectable_label(self.metric == metric, metric.replace('_', " "))
                            .clicked()
                        {
                            commands.push(SimCommand::Metric(metric));
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });
        let values: BTreeMap<SpaceRef, u32> = stats
            .spaces
            .iter()
            .filter_map(|(at, counts)| Some((at.parse().ok()?, counts.get(self.metric)?)))
            .collect();
        let max = values.values().copied().max().unwrap_or(0);
        legend(ui, self.metric, max);
        // A fifth of a space's narrower side: the value fills the middle, its ground the rim.
        let margin = 0.2 * track.space_size.width.min(track.space_size.length);
        let (response, rect) = self.canvas.view_only(ui, track);
        let painter = ui.painter_at(rect);
        for (at, value) in &values {
            if *value > 0 {
                let [r, g, b, _] = viridis(f64::from(*value) / f64::from(max.max(1)));
                // Inside a margin: each space's kind of ground, house kinds in their own
                // colours, still shows round its value.
                fill_space_inside(
                    &painter,
                    (rect, self.canvas.view),
                    track,
                    (*at, margin),
                    Color32::from_rgb(r, g, b),
                );
            }
        }
        if let Some(pointer) = response.hover_pos() {
            let at = TrackCanvas::space_at(track, self.canvas.view.to_track(rect, pointer));
            if let Some(at) = at {
                let counts = stats
                    .spaces
                    .get(&at.to_string())
                    .copied()
                    .unwrap_or_default();
                response.on_hover_text(format!(
                    "Space {at}: {} passes, {} ends, {} damage, {} eliminations, {} collisions",
                    counts.passes,
                    counts.ends,
                    counts.damage,
                    counts.eliminations,
                    counts.collisions
                ));
            }
        }
    }
}

/// The bot profiles open, as (id, name).
fn bot_profiles(workspace: &Workspace) -> Vec<(String, String)> {
    workspace
        .bot_profiles()
        .map(|p| (p.id.to_string(), p.name.to_string()))
        .collect()
}

/// The heat map's legend: the scale from 0 to the largest value.
fn legend(ui: &mut Ui, metric: &str, max: u32) {
    ui.horizontal(|ui| {
        ui.label("0");
        let (rect, _) = ui.allocate_exact_size(egui::vec2(200.0, 12.0), egui::Sense::hover());
        let steps = 20;
        for i in 0..steps {
            let t = f64::from(i) / f64::from(steps - 1);
            let [r, g, b, _] = viridis(t);
            let x0 = rect.left() + rect.width() * i as f32 / steps as f32;
            let x1 = rect.left() + rect.width() * (i + 1) as f32 / steps as f32;
            ui.painter().rect_filled(
                egui::Rect::from_min_max(egui::pos2(x0, rect.top()), egui::pos2(x1, rect.bottom())),
                0.0,
                Color32::from_rgb(r, g, b),
            );
        }
        ui.label(format!("{max} {}", metric.replace('_', " ")));
    });
}
