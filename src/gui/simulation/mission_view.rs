//! The simulation screen's Mission view: for a batch of a mission, each side's win rate with
//! its 95% interval, how often each objective was met and by which side, the share of races the
//! turn limit ended, and the turns a won race took.

use egui::Ui;

use crate::sim::stats::{BatchStats, Interval};

/// "52.1% (49.9–54.3%)".
fn rate_text(rate: &Interval) -> String {
    format!(
        "{:.1}% ({:.1}–{:.1}%)",
        rate.rate * 100.0,
        rate.low * 100.0,
        rate.high * 100.0
    )
}

/// Draws the Mission view of `stats`; says so when the batch played no mission.
pub(super) fn mission_view(ui: &mut Ui, stats: &BatchStats) {
    let Some(mission) = &stats.mission else {
        ui.label(
            "This batch plays no mission: choose one in the form to see its sides and objectives.",
        );
        return;
    };
    ui.label(format!(
        "{} races · ended by the turn limit {} · a won race takes {:.1} turns on average",
        stats.races,
        rate_text(&mission.ended_by_turn_limit),
        mission.turns_to_victory
    ));
    ui.strong("Win rate by side, 95% interval");
    egui::Grid::new("sim_mission_sides")
        .striped(true)
        .num_columns(4)
        .show(ui, |ui| {
            for title in ["side", "races seated", "wins", "win rate"] {
                ui.strong(title);
            }
            ui.end_row();
            for (side, figures) in &mission.sides {
                ui.label(side);
                ui.label(figures.races.to_string());
                ui.label(figures.wins.to_string());
                ui.strong(rate_text(&figures.win_rate));
                ui.end_row();
            }
            // No side's win: a draw by an objective, at the turn limit, or with no car left.
            ui.label("(drawn)");
            ui.label(stats.races.to_string());
            ui.label("");
            ui.label(rate_text(&mission.drawn));
            ui.end_row();
        });
    ui.add_space(8.0);
    ui.strong("Objectives met, 95% interval");
    egui::Grid::new("sim_mission_objectives")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            for title in ["objective", "met", "by side"] {
                ui.strong(title);
            }
            ui.end_row();
            for (objective, figures) in &mission.objectives {
                ui.label(objective);
                ui.strong(rate_text(&figures.met));
                let by: Vec<String> = figures
                    .by_side
                    .iter()
                    .map(|(side, n)| format!("{side} {n}"))
                    .collect();
                ui.label(by.join(" · "));
                ui.end_row();
            }
        });
}
