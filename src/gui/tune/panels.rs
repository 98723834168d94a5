//! The Tune screen's drawing: the form along the top, the parameters on the left, and the
//! objectives, progress and result in the middle. What it shows lives in the screen's state
//! ([`super::TuneScreen`]); this file only draws it and turns clicks into edits and requests.

use std::path::Path;

use egui::{ComboBox, Panel, RichText, ScrollArea, Ui};

use super::{ObjectiveRow, ParameterRow, TuneRequest, TuneScreen};
use crate::content::mission_tuning::MissionParameter;
use crate::content::tuning::{METRIC_IDS, Objective, Parameter};
use crate::gui::workspace::Workspace;
use crate::sim::stats::Interval;

impl TuneScreen {
    /// Draws the screen; returns what the studio must do.
    pub fn ui(&mut self, ui: &mut Ui, workspace: &Workspace) -> Vec<TuneRequest> {
        self.poll();
        if self.run.is_some() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(200));
        }
        let mut requests = Vec::new();
        Panel::top("tune_form").show(ui, |ui| self.form_ui(ui, workspace, &mut requests));
        self.offer_mission_settings(workspace);
        Panel::left("tune_parameters")
            .resizable(true)
            .default_size(440.0)
            .size_range(280.0..=560.0)
            .show(ui, |ui| self.parameters_ui(ui));
        egui::CentralPanel::default_margins().show(ui, |ui| {
            ScrollArea::vertical().show(ui, |ui| {
                self.objectives_ui(ui);
                ui.separator();
                self.progress_ui(ui);
                self.result_ui(ui, &mut requests);
            });
        });
        requests
    }

    fn form_ui(&mut self, ui: &mut Ui, workspace: &Workspace, requests: &mut Vec<TuneRequest>) {
        ui.horizontal_wrapped(|ui| {
            if crate::gui::fields::back_to_editor(ui).clicked() {
                requests.push(TuneRequest::Close);
            }
            if crate::gui::fields::mission_or_track(
                ui,
                workspace,
                (&mut self.form.mission, &mut self.form.setup),
                "tune",
            ) {
                // A mission is weighed by its sides, not its teams: its sides' fair share is
                // ticked in place of the teams', and the other way round.
                let mission = self.form.mission.is_some();
                for row in &mut self.form.objectives {
                    match row.objective {
                        Objective::SideFairShare { .. } => row.chosen = mission,
                        Objective::FairShare { .. } => row.chosen = !mission,
                        _ => {}
                    }
                }
            }
            let label = ui.label("Bots");
            ComboBox::from_id_salt("tune_bot")
                .selected_text(self.form.bot.clone())
                .show_ui(ui, |ui| {
                    for profile in workspace.bot_profiles() {
                        let id = profile.id.to_string();
                        ui.selectable_value(&mut self.form.bot, id, profile.name.as_str());
                    }
                })
                .response
                .labelled_by(label.id);
            self.confirm_ui(ui, workspace);
            let label = ui.label("Budget (races)");
            ui.add(egui::DragValue::new(&mut self.form.budget).range(100..=1_000_000))
                .labelled_by(label.id)
                .on_hover_text(
                    "Races the whole run may play: a fifth measures the pack and the best \
                     candidate on fresh seeds, the rest is the search",
                );
            let label = ui.label("Seed");
            crate::gui::fields::seed(ui, "tune", &mut self.form.seed).labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let label = ui.label("Output folder");
            ui.add(egui::TextEdit::singleline(&mut self.form.out).desired_width(420.0))
                .labelled_by(label.id)
                .on_hover_text(
                    "The tuned pack is written here (content/), with tuning-report.json; the \
                     same choices run again resume the search saved here",
                );
            ui.separator();
            self.run_controls(ui, workspace);
        });
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        if let Some(notice) = &self.notice {
            ui.label(notice);
        }
        if let Some(saved) = &self.saved {
            ui.label(saved);
        }
    }

    /// The stronger bots that confirm the search's best candidates (nobody by default), and how
    /// many candidates and races.
    fn confirm_ui(&mut self, ui: &mut Ui, workspace: &Workspace) {
        let label = ui.label("Confirm with");
        ComboBox::from_id_salt("tune_confirm_bot")
            .selected_text(
                self.form
                    .confirm_bot
                    .clone()
                    .unwrap_or_else(|| "nobody".to_owned()),
            )
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.form.confirm_bot, None, "nobody");
                for profile in workspace.bot_profiles() {
                    let id = Some(profile.id.to_string());
                    ui.selectable_value(&mut self.form.confirm_bot, id, profile.name.as_str());
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(
                "Stronger bots that play the search's best candidates and the pack as it is \
                 again, on seeds of their own; the candidate they score best is written",
            );
        if self.form.confirm_bot.is_some() {
            let label = ui.label("Candidates");
            ui.add(
                egui::DragValue::new(&mut self.form.confirm_top)
                    .range(1..=crate::validate::tuning::MAX_CONFIRM_TOP),
            )
            .labelled_by(label.id)
            .on_hover_text("How many of the search's best candidates are confirmed");
            let label = ui.label("Confirming races");
            ui.add(egui::DragValue::new(&mut self.form.confirm_races).range(
                crate::content::tuning::MIN_CONFIRM_RACES..=crate::validate::tuning::MAX_BUDGET,
            ))
            .labelled_by(label.id)
            .on_hover_text(
                "Races each confirmed candidate, and the pack as it is, plays (over and \
                     above the budget)",
            );
        }
    }

    fn run_controls(&mut self, ui: &mut Ui, workspace: &Workspace) {
        if let Some(run) = &self.run {
            let (done, total) = run.progress();
            let text = if let Some(candidates) = self.confirming {
                format!("confirming the best {candidates} with stronger bots…")
            } else if self.measuring {
                "measuring the pack and the best on fresh seeds…".to_owned()
            } else {
                format!("{done}/{total} evaluations")
            };
            ui.add(
                egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                    .desired_width(320.0)
                    .text(text),
            );
            let stopping = run.stopping();
            if ui
                .add_enabled(!stopping && !self.measuring, egui::Button::new("Stop"))
                .on_hover_text("End the search now: the best so far is measured and written")
                .clicked()
            {
                self.stop();
            }
            if ui
                .button("Cancel")
                .on_hover_text("Abandon the run: nothing is written (the evaluations done are kept for a resume)")
                .clicked()
            {
                self.cancel();
            }
        } else {
            let chosen = self.form.parameters.iter().filter(|r| r.chosen).count();
            if ui
                .add_enabled(chosen > 0, egui::Button::new("Tune"))
                .on_disabled_hover_text("Tick at least one parameter the search may move")
                .clicked()
            {
                self.start(workspace);
            }
            if ui
                .add_enabled(chosen > 0, egui::Button::new("Save as spec"))
                .on_hover_text(
                    "Write these choices as a tuning spec in the project's tuning folder, to run \
                     again with `roadwright tune`",
                )
                .clicked()
            {
                self.save_spec(workspace);
            }
        }
    }

    fn parameters_ui(&mut self, ui: &mut Ui) {
        let chosen = self.form.parameters.iter().filter(|r| r.chosen).count();
        ui.heading(format!("Parameters ({chosen} ticked)"));
        ui.horizontal(|ui| {
            let label = ui.label("Filter");
            ui.add(egui::TextEdit::singleline(&mut self.filter).desired_width(200.0))
                .labelled_by(label.id);
        });
        let filter = self.filter.to_lowercase();
        ScrollArea::vertical().show(ui, |ui| {
            let mut groups: Vec<String> = Vec::new();
            for row in &self.form.parameters {
                if !groups.contains(&row.offered.group) {
                    groups.push(row.offered.group.clone());
                }
            }
            for group in groups {
                let rows: Vec<usize> = (0..self.form.parameters.len())
                    .filter(|&i| {
                        let row = &self.form.parameters[i];
                        row.offered.group == group
                            && (filter.is_empty()
                                || row
                                    .offered
                                    .parameter
                                    .name()
                                    .to_lowercase()
                                    .contains(&filter))
                    })
                    .collect();
                if rows.is_empty() {
                    continue;
                }
                let ticked = rows
                    .iter()
                    .filter(|&&i| self.form.parameters[i].chosen)
                    .count();
                egui::CollapsingHeader::new(format!("{group} ({ticked}/{})", rows.len()))
                    .id_salt(("tune_group", &group))
                    .default_open(group == "Ruleset" || group == "Mission")
                    // A filter opens every group with a match (a collapsed one hides it).
                    .open((!filter.is_empty()).then_some(true))
                    .show(ui, |ui| {
                        for i in rows {
                            parameter_row(ui, &mut self.form.parameters[i]);
                        }
                    });
            }
        });
    }

    fn objectives_ui(&mut self, ui: &mut Ui) {
        ui.heading("Objectives");
        ui.label(
            RichText::new(
                "The search lowers the score: each ticked objective's shortfall (0 when met) \
                 times its weight, summed.",
            )
            .weak(),
        );
        // Each objective is one row that wraps: at the studio's default width a grid's last
        // column (the weights) ran past the window's edge behind a metric's long values.
        for (i, row) in self.form.objectives.iter_mut().enumerate() {
            ui.horizontal_wrapped(|ui| objective_row(ui, i, row));
        }
        ui.checkbox(
            &mut self.form.stop_when_met,
            "Stop when every ticked objective is met",
        )
        .on_hover_text(
            "End the search at the first candidate that meets them all (a fair share within \
             its band, a length in its range): it is then measured on fresh seeds as the best \
             always is",
        );
    }

    fn progress_ui(&self, ui: &mut Ui) {
        let Some(plan) = self.plan else {
            if self.finished.is_none() {
                let ticked = self.form.parameters.iter().any(|r| r.chosen);
                ui.label(if ticked {
                    "Press Tune to search, or Save as spec to run it from the command line."
                } else {
                    "Tick parameters, then press Tune."
                });
            }
            return;
        };
        ui.label(format!(
            "{} evaluations of {} races, then {} races each for the pack and the best{}",
            plan.evaluations,
            plan.races_per_evaluation,
            plan.final_races,
            if self.resumed > 0 {
                format!(" (resumed: {} evaluations done before)", self.resumed)
            } else {
                String::new()
            }
        ));
        if self.run.is_some() && self.best_score.is_finite() {
            ui.label(format!("Best score so far: {:.2}", self.best_score));
        }
    }

    /// Where the tuned mission is, and the button that applies it to the project.
    fn tuned_mission_ui(&self, ui: &mut Ui, file: &Path, requests: &mut Vec<TuneRequest>) {
        ui.label(format!("The tuned mission is {}", file.display()));
        if ui
            .add_enabled(
                self.result_moves_mission(),
                egui::Button::new("Apply to the project"),
            )
            .on_hover_text(
                "Set the tuned mission's settings into the mission tuned, as one edit (undo \
                 takes it back)",
            )
            .on_disabled_hover_text("The result changes none of the mission's settings")
            .clicked()
        {
            requests.push(TuneRequest::ApplyMission);
        }
    }

    fn result_ui(&self, ui: &mut Ui, requests: &mut Vec<TuneRequest>) {
        let Some(finished) = &self.finished else {
            return;
        };
        let report = &finished.report;
        ui.separator();
        ui.heading("Result");
        if report.stopped_early {
            ui.label(format!(
                "Stopped after {} of {} evaluations: the best so far was written.{}",
                report.evaluations,
                report.plan.evaluations,
                if report.fresh_seeds {
                    ""
                } else {
                    " Its figures are the search's, on the seeds it was picked on (they flatter \
                     it); run again to resume and measure it on fresh seeds."
                }
            ));
        }
        if let Some(met) = report.good_enough {
            ui.label(format!(
                "Good enough: evaluation {met} of {} met every objective, and the search \
                 stopped there.",
                report.plan.evaluations
            ));
        }
        ui.label(format!(
            "Score on {}: {:.2} -> {:.2}. The tuned pack is {}",
            report.seeds(),
            report.score_before,
            report.score_after,
            finished
                .out
                .join(crate::sim::tune::run::PACK_FOLDER)
                .display()
        ));
        if !report.improved() && report.fresh_seeds {
            // The report's words, capitalised as a sentence of the screen.
            let words = report.no_better_words();
            ui.colored_label(ui.visuals().warn_fg_color, format!("O{}.", &words[1..]));
        }
        ui.strong("Changes");
        if report.changes.is_empty() {
            ui.label("None: the pack as it is scored best.");
        }
        egui::Grid::new("tune_changes")
            .striped(true)
            .show(ui, |ui| {
                for change in &report.changes {
                    ui.label(&change.parameter);
                    ui.label(format!("{} -> {}", change.before, change.after));
                    if let Some(why) = &change.beyond_rulebook {
                        ui.colored_label(
                            ui.visuals().warn_fg_color,
                            format!("outside the rulebook: {why}"),
                        );
                    }
                    ui.end_row();
                }
            });
        ui.strong(format!("Objectives on {}", report.seeds()));
        before_after(
            ui,
            "tune_objective_results",
            "objective",
            report
                .before
                .iter()
                .zip(&report.after)
                .map(|(before, after)| {
                    (
                        before.name.clone(),
                        format!("{:.2} ({})", before.value, before.verdict_words()),
                        format!("{:.2} ({})", after.value, after.verdict_words()),
                        String::new(),
                    )
                }),
        );
        win_rate_tables(ui, report);
        // The run's own verdict, not the form's: the form may have changed since the run.
        if let Some(confirmation) = &report.confirmation {
            confirmation_ui(ui, confirmation);
        }
        if let Some(file) = &report.mission_file {
            self.tuned_mission_ui(ui, file, requests);
        }
        if ui
            .button("Compare on the simulation screen")
            .on_hover_text(
                "Play the tuned pack and the pack as it is on the same fresh seeds, side by side",
            )
            .clicked()
        {
            requests.push(TuneRequest::Compare);
        }
    }
}

/// A striped grid of figures before and after tuning, each row named in the first column
/// (headed `what`).
fn before_after(
    ui: &mut Ui,
    id: &str,
    what: &str,
    rows: impl Iterator<Item = (String, String, String, String)>,
) {
    egui::Grid::new(id).striped(true).show(ui, |ui| {
        ui.label(what);
        ui.label("before");
        ui.label("after");
        ui.label("change (95%)");
        ui.end_row();
        for (name, before, after, change) in rows {
            ui.label(name);
            ui.label(before);
            ui.label(after);
            ui.label(change);
            ui.end_row();
        }
    });
}

fn rate_text(rate: crate::sim::stats::Interval) -> String {
    format!(
        "{:.1} ({:.1}-{:.1})",
        rate.rate * 100.0,
        rate.low * 100.0,
        rate.high * 100.0
    )
}

/// A parameter's tick box, name and range (or choices).
fn parameter_row(ui: &mut Ui, row: &mut ParameterRow) {
    ui.horizontal(|ui| {
        ui.checkbox(&mut row.chosen, row.offered.parameter.name());
        match &mut row.offered.parameter {
            Parameter::RaceCardCount { min, max, .. }
            | Parameter::MovementEventCount { min, max, .. }
            | Parameter::CombatDamage { min, max, .. }
            | Parameter::HazardCount { min, max, .. }
            | Parameter::VictoryPoints { min, max } => range(ui, min, max),
            Parameter::RaceCardSpeed { min, max, .. } => range(ui, min, max),
            Parameter::CarDefense { min, max, .. }
            | Parameter::CarBaseMp { min, max, .. }
            | Parameter::TerrainEnterCost { min, max, .. }
            | Parameter::TerrainDamage { min, max, .. }
            | Parameter::HazardDamage { min, max, .. } => {
                range(ui, min, max);
            }
            Parameter::CarWeapon { choices, .. } => {
                let listed: Vec<String> = choices.iter().map(ToString::to_string).collect();
                choices_label(ui, &listed);
            }
            Parameter::CarMount { choices, .. } => {
                let listed: Vec<String> = choices.iter().map(|m| format!("{m:?}")).collect();
                choices_label(ui, &listed);
            }
            Parameter::Mission(setting) => mission_setting_row(ui, setting),
        }
    });
}

/// A mission setting's range, or the spaces a placed car may start on (typed as a list).
fn mission_setting_row(ui: &mut Ui, setting: &mut MissionParameter) {
    match setting {
        MissionParameter::TurnLimit { min, max }
        | MissionParameter::ObjectiveCount { min, max, .. }
        | MissionParameter::DeckChangeCount { min, max, .. } => range(ui, min, max),
        MissionParameter::ObjectiveVp { min, max, .. }
        | MissionParameter::CarDamage { min, max, .. }
        | MissionParameter::SideDamage { min, max, .. }
        | MissionParameter::Vp { min, max, .. } => range(ui, min, max),
        MissionParameter::CarStart { team, car, spaces } => {
            let listed = spaces
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            // The text as typed lives in the screen's memory while it is edited: a space half
            // typed ("3.") is not a space yet and would otherwise vanish from the field.
            let id = ui.make_persistent_id(("car_start", team.as_str(), car.as_str()));
            let mut text: String = ui.data_mut(|d| d.get_temp(id)).unwrap_or(listed);
            let label = ui.label("on");
            let edit = ui
                .add(egui::TextEdit::singleline(&mut text).desired_width(180.0))
                .labelled_by(label.id)
                .on_hover_text(
                    "the spaces it may start on, like 3.1, 3.2 (the one it is placed on is \
                     tried as well)",
                );
            if edit.changed() {
                // Only what reads as spaces is kept; a space half typed waits for its digits.
                *spaces = text
                    .split(',')
                    .filter_map(|part| part.trim().parse().ok())
                    .collect();
            }
            if edit.has_focus() {
                ui.data_mut(|d| d.insert_temp(id, text));
            } else {
                ui.data_mut(|d| d.remove::<String>(id));
            }
        }
    }
}

/// The choices a parameter may take, cut to the panel's width (all of them on hover).
fn choices_label(ui: &mut Ui, listed: &[String]) {
    let text = listed.join(", ");
    ui.add(egui::Label::new(RichText::new(&text).weak()).truncate())
        .on_hover_text(text);
}

/// Two drag values, from and to, each held on its side of the other.
fn range<N: egui::emath::Numeric>(ui: &mut Ui, min: &mut N, max: &mut N) {
    let label = ui.label("from");
    ui.add(egui::DragValue::new(min).range(N::MIN..=*max))
        .labelled_by(label.id)
        .on_hover_text("the lowest value tried");
    let label = ui.label("to");
    ui.add(egui::DragValue::new(max).range(*min..=N::MAX))
        .labelled_by(label.id)
        .on_hover_text("the highest value tried");
}

/// The width an objective's tick box and name take, so the weights line up.
const OBJECTIVE_NAME_WIDTH: f32 = 280.0;

/// An objective's tick box, what it means, its weight and its values, added to a wrapping row
/// (no group of their own, so the values wrap to the next line when the panel is narrow).
fn objective_row(ui: &mut Ui, index: usize, row: &mut ObjectiveRow) {
    let (name, meaning) = objective_words(&row.objective);
    let tick = ui.checkbox(&mut row.chosen, name).on_hover_text(meaning);
    ui.add_space((OBJECTIVE_NAME_WIDTH - tick.rect.width()).max(0.0));
    let weight = row.objective.weight_mut();
    let label = ui.label("weight");
    ui.add(egui::DragValue::new(weight).range(0.0..=1000.0).speed(0.1))
        .labelled_by(label.id);
    match &mut row.objective {
        Objective::RaceLength {
            min_turns,
            max_turns,
            ..
        } => {
            let label = ui.label("from");
            ui.add(
                egui::DragValue::new(min_turns)
                    .range(0.0..=*max_turns)
                    .speed(0.1),
            )
            .labelled_by(label.id);
            let label = ui.label("to");
            ui.add(
                egui::DragValue::new(max_turns)
                    .range(*min_turns..=100.0)
                    .speed(0.1),
            )
            .labelled_by(label.id);
            ui.label("turns");
        }
        Objective::Metric {
            metric,
            above,
            below,
            ..
        } => {
            let label = ui.label("metric");
            ComboBox::from_id_salt(("tune_metric", index))
                .selected_text(metric.as_str())
                .show_ui(ui, |ui| {
                    for id in METRIC_IDS {
                        if ui.selectable_label(metric.as_str() == id, id).clicked() {
                            *metric = id.into();
                        }
                    }
                })
                .response
                .labelled_by(label.id);
            bound(ui, "above", above);
            bound(ui, "below", below);
        }
        Objective::FairShare { within, .. } | Objective::SideFairShare { within, .. } => {
            let mut on = within.is_some();
            let tick = ui
                .checkbox(&mut on, "within ±")
                .on_hover_text("near enough: this many points either side of the fair share");
            if tick.changed() {
                *within = on.then_some(3.0);
            }
            if let Some(points) = within {
                ui.add(
                    egui::DragValue::new(points)
                        .range(0.0..=50.0)
                        .speed(0.1)
                        .suffix(" points"),
                )
                .labelled_by(tick.id);
            }
        }
        Objective::WinRateSpread { .. } | Objective::FirstSeatAdvantage { .. } => {}
    }
}

/// A metric's bound: ticked to use it, and its value.
/// The two are one group of a fixed width, so a wrapping row moves them to the next line
/// together.
fn bound(ui: &mut Ui, word: &str, value: &mut Option<f64>) {
    let size = egui::vec2(130.0, ui.spacing().interact_size.y);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        let mut on = value.is_some();
        let tick = ui.checkbox(&mut on, word);
        if tick.changed() {
            *value = on.then_some(0.0);
        }
        if let Some(v) = value {
            ui.add(egui::DragValue::new(v).speed(0.01))
                .labelled_by(tick.id);
        }
    });
}

/// The teams' win rates before and after, and under a mission its sides'.
fn win_rate_tables(ui: &mut Ui, report: &crate::sim::tune::run::Report) {
    let row = |name: &String, before: &Interval, after: Option<&Interval>, change: String| {
        let after = after.map_or_else(String::new, |after| rate_text(*after));
        (name.clone(), rate_text(*before), after, change)
    };
    ui.strong(format!("Win rates on {}, % (95%)", report.seeds()));
    before_after(
        ui,
        "tune_win_rates",
        "team",
        report.teams_before.iter().map(|(team, before)| {
            let change = report.team_changes.get(team).map_or_else(String::new, |d| {
                format!("{:+.1} points, {}", d.diff * 100.0, d.verdict())
            });
            row(team, before, report.teams_after.get(team), change)
        }),
    );
    if !report.sides_before.is_empty() {
        ui.strong(format!(
            "The mission's sides on {}, % (95%)",
            report.seeds()
        ));
        before_after(
            ui,
            "tune_side_rates",
            "side",
            report.sides_before.iter().map(|(side, before)| {
                row(side, before, report.sides_after.get(side), String::new())
            }),
        );
    }
}

/// The stronger bots' verdict: each candidate's score and how far its teams' intervals reach
/// from the fair share, the one chosen, the teams' win rates under them and, when the spec
/// aims at the fair share, whether every team lies within 3 points of it.
fn confirmation_ui(ui: &mut Ui, confirmation: &crate::sim::tune::confirm::Confirmation) {
    let bots = confirmation.bots_in_words();
    ui.strong(format!(
        "Confirmed by {bots} bots, {} races each on seeds of their own",
        confirmation.races
    ));
    ui.label(format!("It cost {}.", confirmation.cost.words()));
    egui::Grid::new("tune_confirmation")
        .striped(true)
        .show(ui, |ui| {
            for heading in ["candidate", "score", "farthest 95% end from fair", ""] {
                ui.strong(heading);
            }
            ui.end_row();
            let rows = std::iter::once((
                "the pack as it is".to_owned(),
                &confirmation.baseline,
                false,
            ))
            .chain(
                confirmation
                    .candidates
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (c.label(), c, i == confirmation.chosen)),
            );
            for (name, candidate, chosen) in rows {
                ui.label(name);
                ui.label(format!("{:.2}", candidate.score));
                ui.label(format!("{:.2} points", candidate.fair_reach));
                ui.label(if chosen { "chosen: written" } else { "" });
                ui.end_row();
            }
        });
    let Some(chosen) = confirmation.chosen() else {
        return;
    };
    ui.strong(format!("Win rates under {bots} bots, % (95%)"));
    for (id, what, before, after) in [
        (
            "tune_confirmed_rates",
            "team",
            &confirmation.baseline.teams,
            &chosen.teams,
        ),
        (
            "tune_confirmed_sides",
            "side",
            &confirmation.baseline.sides,
            &chosen.sides,
        ),
    ] {
        // A pack's confirmation has no sides: no empty table for them.
        if !before.is_empty() {
            before_after(
                ui,
                id,
                what,
                before.iter().map(|(name, was)| {
                    let now = after.get(name).map_or_else(String::new, |a| rate_text(*a));
                    (name.clone(), rate_text(*was), now, String::new())
                }),
            );
        }
    }
    if confirmation.aims_at_fair_share {
        let who = if confirmation.by_sides() {
            "side"
        } else {
            "team"
        };
        if chosen.fair() {
            ui.label(format!(
                "Under {bots} bots every {who}'s 95% interval lies within 3 points of its fair \
                 share ({:.1}%).",
                chosen.fair
            ));
        } else {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!(
                    "Under {bots} bots some {who}'s 95% interval reaches {:.2} points from its \
                     fair share ({:.1}%): the result is not shown fair for them.",
                    chosen.fair_reach, chosen.fair
                ),
            );
        }
    }
}

/// An objective's name and what it measures.
fn objective_words(objective: &Objective) -> (&'static str, &'static str) {
    match objective {
        Objective::FairShare { .. } => (
            "Every team near its fair share",
            "The largest distance of a team's win rate from one race in as many as there are \
             players, in percentage points",
        ),
        Objective::WinRateSpread { .. } => (
            "Win rates close together",
            "The highest team win rate minus the lowest, in percentage points",
        ),
        Objective::SideFairShare { .. } => (
            "Each side of the mission near its fair share",
            "The largest distance of a side's win rate from its share of the races some side \
             won, in percentage points (needs a mission)",
        ),
        Objective::FirstSeatAdvantage { .. } => (
            "No first-seat advantage",
            "How far the first seat's win rate lies from its fair share, in percentage points",
        ),
        Objective::RaceLength { .. } => (
            "Race length",
            "How many turns the mean race length lies outside the range",
        ),
        Objective::Metric { .. } => (
            "A design metric",
            "How far the metric's mean lies on the wrong side of its bounds (the simulation \
             screen's Races view defines each metric)",
        ),
    }
}
