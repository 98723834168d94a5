//! The simulation screen's Losses view: for each side (each team, without a mission) and each
//! car a mission names, the damage taken and the cars lost per race by cause (enemy fire, fire
//! from its own side, collisions, ground, hazards, movement events), with the share its own
//! side did, and the attacks made on one's own side. A designer whose escort dies half the time
//! sees here whose guns killed it.

use egui::Ui;

use crate::sim::harm::{Cause, HarmFigures, HarmStats};
use crate::sim::stats::BatchStats;

/// The share of losses from one's own side above which a row is marked.
const MOSTLY: f64 = 0.5;

/// Draws the Losses view of `stats`.
pub(super) fn harm_view(ui: &mut Ui, stats: &BatchStats) {
    let harm = &stats.harm;
    let group = if stats.mission.is_some() {
        "side"
    } else {
        "team"
    };
    ui.label(format!(
        "Attacks on one's own side per 1,000 races: {:.0} of {:.0} shots, {:.0} of {:.0} \
         collisions",
        harm.own_side_shots_per_1000,
        harm.shots_per_1000,
        harm.own_side_collisions_per_1000,
        harm.collisions_per_1000
    ));
    ui.add_space(6.0);
    for (lost, title) in [
        (false, "Damage taken per race, by cause"),
        (true, "Cars lost per race, by cause"),
    ] {
        ui.strong(title);
        table(ui, harm, group, lost);
        ui.add_space(8.0);
    }
}

/// One table: a row per side (or team) and per named car, a column per cause, and the share
/// its own side did.
fn table(ui: &mut Ui, harm: &HarmStats, group: &str, lost: bool) {
    let rows = harm
        .sides
        .iter()
        .map(|(name, f)| (format!("{group} {name}"), f))
        .chain(
            harm.named_cars
                .iter()
                .map(|(name, f)| (format!("car {name}"), f)),
        );
    egui::Grid::new(("sim_harm", lost))
        .striped(true)
        .num_columns(Cause::ALL.len() + 2)
        .show(ui, |ui| {
            ui.strong(group);
            for cause in Cause::ALL {
                ui.strong(cause.words());
            }
            ui.strong("from its own side");
            ui.end_row();
            for (name, figures) in rows {
                row(ui, &name, figures, lost);
            }
        });
}

fn row(ui: &mut Ui, name: &str, figures: &HarmFigures, lost: bool) {
    ui.label(name);
    for cause in Cause::ALL {
        let value = figures.per_race(cause, lost);
        let text = format!("{value:.2}");
        if cause.own_side() && value > 0.0 {
            ui.colored_label(ui.visuals().warn_fg_color, text);
        } else {
            ui.label(text);
        }
    }
    let share = if lost {
        figures.own_side_loss_share
    } else {
        figures.own_side_damage_share
    };
    let text = format!("{:.0}%", share * 100.0);
    if share > MOSTLY {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("{text}: mostly its own"),
        );
    } else {
        ui.label(text);
    }
    ui.end_row();
}
