//! The Design report screen's drawing: the form along the top, then each subject's figures and
//! its options as bars of what each is worth, with their 95% intervals.

use egui::{Color32, ComboBox, RichText, ScrollArea, Sense, Stroke, Ui, Vec2};

use super::AnalyseScreen;
use crate::gui::workspace::Workspace;
use crate::sim::analyse::{OptionValue, SubjectReport};

/// What the screen asks of the studio.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnalyseRequest {
    /// Back to the editor.
    Close,
}

impl AnalyseScreen {
    /// Draws the screen; returns what the studio must do.
    pub fn ui(&mut self, ui: &mut Ui, workspace: &Workspace) -> Vec<AnalyseRequest> {
        self.poll();
        if self.job_running() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(200));
        }
        let mut requests = Vec::new();
        egui::Panel::top("analyse_form").show(ui, |ui| self.form_ui(ui, workspace, &mut requests));
        egui::CentralPanel::default_margins().show(ui, |ui| {
            ScrollArea::vertical().show(ui, |ui| self.report_ui(ui));
        });
        requests
    }

    fn job_running(&self) -> bool {
        self.running().is_some()
    }

    fn form_ui(&mut self, ui: &mut Ui, workspace: &Workspace, requests: &mut Vec<AnalyseRequest>) {
        ui.horizontal_wrapped(|ui| {
            if crate::gui::fields::back_to_editor(ui).clicked() {
                requests.push(AnalyseRequest::Close);
            }
            crate::gui::fields::mission_or_track(
                ui,
                workspace,
                (&mut self.form.mission, &mut self.form.setup),
                "analyse",
            );
            for (label, salt, value) in [
                ("Strong bots", "analyse_strong", &mut self.form.strong),
                ("Weak bots", "analyse_weak", &mut self.form.weak),
            ] {
                let label = ui.label(label);
                ComboBox::from_id_salt(salt)
                    .selected_text(value.clone())
                    .show_ui(ui, |ui| {
                        for profile in workspace.bot_profiles() {
                            let id = profile.id.to_string();
                            ui.selectable_value(value, id, profile.name.as_str());
                        }
                    })
                    .response
                    .labelled_by(label.id);
            }
            let label = ui.label("Races an arm");
            ui.add(egui::DragValue::new(&mut self.form.races).range(10..=100_000))
                .labelled_by(label.id)
                .on_hover_text(
                    "Races of each measurement: a side's win rate, each end of its skill gap, \
                     each option",
                );
            let label = ui.label("Seed");
            crate::gui::fields::seed(ui, "analyse", &mut self.form.seed).labelled_by(label.id);
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Options:");
            let options = &mut self.form.options;
            ui.checkbox(&mut options.fire, "never fire");
            ui.checkbox(&mut options.ram, "never ram");
            ui.checkbox(&mut options.cards, "never play each card kind");
            ui.checkbox(&mut options.ground, "avoid each kind of ground");
            ui.separator();
            match self.running() {
                Some((done, total)) => {
                    ui.spinner();
                    ui.label(format!("{done} of {total} measurements"));
                    if ui.button("Cancel").clicked() {
                        self.cancel();
                    }
                }
                None => {
                    if ui
                        .button("Run the report")
                        .on_hover_text("Play every measurement in the background, on every core")
                        .clicked()
                    {
                        self.start(workspace);
                    }
                }
            }
        });
        if let Some(error) = self.error() {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
    }

    fn report_ui(&self, ui: &mut Ui) {
        let Some(report) = self.report() else {
            ui.label(
                RichText::new(
                    "Choose a track or a mission and press Run the report: each side's win \
                     rate and skill gap, and what each option is worth to it (the win rate it \
                     loses without it).",
                )
                .weak(),
            );
            return;
        };
        ui.label(format!(
            "{} bots ({} for the skill gap), {} races a measurement, seed {}",
            report.strong, report.weak, report.races, report.seed
        ));
        for subject in &report.subjects {
            ui.separator();
            subject_ui(ui, subject, &report.weak, &report.strong);
        }
    }
}

/// A subject's heading, skill gap and the bars of its options, most valuable first.
fn subject_ui(ui: &mut Ui, subject: &SubjectReport, weak: &str, strong: &str) {
    ui.heading(format!(
        "{}: wins {} (fair {:.1}%)",
        subject.subject,
        subject.win_rate.percent_words(),
        subject.fair
    ));
    ui.label(format!(
        "Skill gap {} points: {} strong against {weak} seats, {} as {weak} against {strong}",
        subject.skill_gap.points_words(),
        subject.strong_against_weak.percent_words(),
        subject.weak_against_strong.percent_words(),
    ));
    let mut options: Vec<&OptionValue> = subject.options.iter().collect();
    options.sort_by(|a, b| b.value.diff.total_cmp(&a.value.diff));
    let reach = options
        .iter()
        .map(|o| o.value.low.abs().max(o.value.high.abs()))
        .fold(0.05, f64::max);
    egui::Grid::new(("analyse_options", &subject.subject))
        .striped(true)
        .show(ui, |ui| {
            for heading in [
                "option",
                "worth (points lost without it)",
                "",
                "wins without it",
            ] {
                ui.strong(heading);
            }
            ui.end_row();
            for option in options {
                ui.label(&option.words);
                worth_bar(ui, option, reach);
                ui.label(option.value.points_words());
                let text = option.win_rate.percent_words();
                if option.dominant {
                    ui.colored_label(ui.visuals().warn_fg_color, format!("{text}  dominant"))
                        .on_hover_text(
                            "Without it the side wins less than half as often as with it, \
                             beyond noise",
                        );
                } else {
                    ui.label(text);
                }
                ui.end_row();
            }
        });
}

/// A bar of an option's worth from a zero line in the middle (right: worth wins; left: the
/// side does better without it), with its 95% interval as a whisker.
fn worth_bar(ui: &mut Ui, option: &OptionValue, reach: f64) {
    let (rect, response) = ui.allocate_exact_size(Vec2::new(220.0, 14.0), Sense::hover());
    let painter = ui.painter_at(rect);
    #[allow(clippy::cast_possible_truncation)] // Screen coordinates.
    let x = |value: f64| rect.center().x + (value / reach) as f32 * rect.width() / 2.0;
    let zero = rect.center().x;
    let colour = if option.dominant {
        ui.visuals().warn_fg_color
    } else if option.value.diff >= 0.0 {
        Color32::from_rgb(70, 130, 180)
    } else {
        Color32::from_rgb(180, 110, 70)
    };
    let bar = egui::Rect::from_x_y_ranges(
        zero.min(x(option.value.diff))..=zero.max(x(option.value.diff)),
        rect.top() + 3.0..=rect.bottom() - 3.0,
    );
    painter.rect_filled(bar, 0.0, colour);
    let stroke = Stroke::new(1.0, ui.visuals().text_color());
    let y = rect.center().y;
    painter.line_segment(
        [
            (x(option.value.low), y).into(),
            (x(option.value.high), y).into(),
        ],
        stroke,
    );
    painter.line_segment(
        [(zero, rect.top()).into(), (zero, rect.bottom()).into()],
        Stroke::new(1.0, ui.visuals().weak_text_color()),
    );
    response.on_hover_text(format!(
        "{:+.1} points, 95% interval {:+.1} to {:+.1}",
        option.value.diff * 100.0,
        option.value.low * 100.0,
        option.value.high * 100.0
    ));
}
