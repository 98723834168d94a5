//! The simulation screen's result tabs: win rates with their intervals, races, design metrics,
//! cars, a comparison of two batches and the notable races, each drawn from [`BatchStats`]
//! (sortable tables where a table has columns to sort by).

use std::collections::BTreeMap;

use egui::{Color32, RichText, ScrollArea, Stroke, Ui};
use egui_plot::{Bar, BarChart, BoxElem, BoxPlot, BoxSpread, Plot};

use super::{SimCommand, Table};
use crate::sim::batch::{Notable, RaceSummary};
use crate::sim::compare::{Comparison, Difference};
use crate::sim::stats::{BatchStats, Interval};

/// Win rate per team and per seat: bars with their 95% intervals. The first seat's advantage
/// is a figure only when every seat has the same bot (otherwise it measures the bots).
pub(super) fn win_rates(ui: &mut Ui, stats: &BatchStats, same_bots: bool) {
    ui.label(if same_bots {
        format!(
            "{} races · first seat advantage {:+.1} points",
            stats.races,
            stats.first_seat_advantage * 100.0
        )
    } else {
        format!(
            "{} races · no first seat advantage: the seats have different bots",
            stats.races
        )
    });
    let intervals = |name: &str, rows: &[(String, Interval)]| {
        let bars: Vec<Bar> = rows
            .iter()
            .enumerate()
            .map(|(i, (label, rate))| Bar::new(i as f64, rate.rate * 100.0).name(label).width(0.6))
            .collect();
        let boxes: Vec<BoxElem> = rows
            .iter()
            .enumerate()
            .map(|(i, (label, rate))| {
                BoxElem::new(
                    i as f64,
                    BoxSpread::new(
                        rate.low * 100.0,
                        rate.low * 100.0,
                        rate.rate * 100.0,
                        rate.high * 100.0,
                        rate.high * 100.0,
                    ),
                )
                .name(label)
                .box_width(0.15)
                .stroke(Stroke::new(1.5, Color32::WHITE))
            })
            .collect();
        (
            BarChart::new(name.to_owned(), bars).color(Color32::from_rgb(0x40, 0xa0, 0xff)),
            BoxPlot::new(format!("{name} 95%"), boxes),
        )
    };
    let teams: Vec<(String, Interval)> = stats
        .teams
        .iter()
        .map(|(id, t)| (id.clone(), t.win_rate))
        .collect();
    let by_seat: Vec<(String, Interval)> = stats
        .seats
        .iter()
        .enumerate()
        .map(|(i, rate)| (format!("seat {}", i + 1), *rate))
        .collect();
    ui.columns(2, |columns| {
        for (ui, (title, rows)) in columns.iter_mut().zip([
            ("Win rate by team, %", teams),
            ("Win rate by seat, %", by_seat),
        ]) {
            ui.strong(title);
            // The figures at the body's size and colour, in columns: read at a glance, not
            // squinted at under the chart's title.
            egui::Grid::new(("win_rates", title))
                .striped(true)
                .num_columns(3)
                .show(ui, |ui| {
                    ui.label("");
                    ui.strong("wins");
                    ui.strong("95% interval");
                    ui.end_row();
                    for (label, rate) in &rows {
                        ui.label(label);
                        ui.strong(format!("{:.1}%", rate.rate * 100.0));
                        ui.label(format!("{:.1}–{:.1}%", rate.low * 100.0, rate.high * 100.0));
                        ui.end_row();
                    }
                });
            let (bars, boxes) = intervals(title, &rows);
            let names: Vec<String> = rows.iter().map(|(label, _)| label.clone()).collect();
            Plot::new(title)
                .height(220.0)
                .allow_scroll(false)
                // Each bar is named under it: the team or the seat.
                .x_axis_formatter(move |mark, _| {
                    let index = mark.value.round();
                    if (mark.value - index).abs() > 1e-6 || index < 0.0 {
                        return String::new();
                    }
                    names.get(index as usize).cloned().unwrap_or_default()
                })
                .show(ui, |plot| {
                    plot.bar_chart(bars);
                    plot.box_plot(boxes);
                });
        }
    });
}

/// Race length (a histogram of turns) and how races end.
pub(super) fn races_view(ui: &mut Ui, stats: &BatchStats, races: &[RaceSummary]) {
    ui.label(format!(
        "Turns: mean {:.1}, median {:.0}, p10 {:.0}, p90 {:.0} · decisions: mean {:.0} · movement events drawn per race {:.1}",
        stats.turns.mean, stats.turns.median, stats.turns.p10, stats.turns.p90, stats.decisions.mean, stats.events_drawn
    ));
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    for race in races {
        *counts.entry(race.turns).or_default() += 1;
    }
    let bars: Vec<Bar> = counts
        .iter()
        .map(|(&turns, &n)| Bar::new(f64::from(turns), n as f64).width(0.8))
        .collect();
    Plot::new("sim_turns")
        .height(200.0)
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("races by turns", bars));
        });
    design_metrics(ui, stats);
    ui.strong("How races end");
    egui::Grid::new("sim_endings").striped(true).show(ui, |ui| {
        for (end, n) in &stats.endings {
            ui.label(end.replace('_', " "));
            ui.label(n.to_string());
            ui.end_row();
        }
    });
}

/// The design metrics: each one's mean and 95% interval, its definition on hover.
pub(super) fn design_metrics(ui: &mut Ui, stats: &BatchStats) {
    ui.strong("Design metrics")
        .on_hover_text("Is it exciting? Measured over the races' standings (VP claimed)");
    egui::Grid::new("sim_design").striped(true).show(ui, |ui| {
        for heading in ["Metric", "Mean", "95% interval", "Races"] {
            ui.strong(heading);
        }
        ui.end_row();
        for figure in &stats.design {
            let definition = crate::sim::metrics::METRICS
                .iter()
                .find(|m| m.id == figure.id)
                .map_or("", |m| m.definition);
            let typical = crate::sim::metric_ranges::typical(&figure.id).map_or_else(
                String::new,
                |(low, high)| {
                    format!(
                        "\nTypically {low} to {high} ({}).",
                        crate::sim::metric_ranges::MEASURED_ON
                    )
                },
            );
            ui.label(&figure.name)
                .on_hover_text(format!("{definition}{typical}"));
            if let Some(why) = figure.missing() {
                ui.label("—");
                ui.label(why);
            } else {
                ui.strong(format!("{:.3}", figure.mean));
                ui.label(format!("{:.3}–{:.3}", figure.low, figure.high));
            }
            ui.label(figure.races.to_string());
            ui.end_row();
        }
    });
}

/// A row of a sortable table: its name (the first column), the numbers it sorts by (one per
/// further column) and what each of those columns shows.
pub(super) struct Row {
    pub(super) name: String,
    pub(super) values: Vec<f64>,
    pub(super) cells: Vec<String>,
}

/// A table whose header buttons sort it (again: the other way round).
pub(super) fn sorted_table(
    ui: &mut Ui,
    table: Table,
    headers: &[&str],
    mut rows: Vec<Row>,
    (column, ascending): (usize, bool),
    commands: &mut Vec<SimCommand>,
) {
    rows.sort_by(|a, b| {
        let order = if column == 0 {
            a.name.cmp(&b.name)
        } else {
            a.values[column - 1].total_cmp(&b.values[column - 1])
        };
        if ascending { order } else { order.reverse() }
    });
    egui::Grid::new(("sim_table", table as usize))
        .striped(true)
        .show(ui, |ui| {
            for (index, name) in headers.iter().enumerate() {
                let arrow = match (column == index, ascending) {
                    (true, true) => " ^",
                    (true, false) => " v",
                    (false, _) => "",
                };
                if ui
                    .button(format!("{name}{arrow}"))
                    .on_hover_text("Sort")
                    .clicked()
                {
                    commands.push(SimCommand::Sort(table, index));
                }
            }
            ui.end_row();
            for row in rows {
                ui.label(row.name);
                for cell in row.cells {
                    ui.label(cell);
                }
                ui.end_row();
            }
        });
}

/// Damage by weapon type, and each car's damage taken and losses, each table sortable.
pub(super) fn cars_view(
    ui: &mut Ui,
    stats: &BatchStats,
    sorts: [(usize, bool); 3],
    commands: &mut Vec<SimCommand>,
) {
    ScrollArea::vertical().show(ui, |ui| {
        ui.strong("Damage dealt per race, by weapon type");
        let weapons = stats
            .weapons
            .iter()
            .map(|(weapon, damage)| Row {
                name: weapon.clone(),
                values: vec![*damage],
                cells: vec![format!("{damage:.2}")],
            })
            .collect();
        sorted_table(
            ui,
            Table::Weapons,
            &["Weapon type", "Damage per race"],
            weapons,
            sorts[Table::Weapons as usize],
            commands,
        );
        ui.separator();
        ui.strong("Cars");
        let cars = stats
            .cars
            .iter()
            .map(|(car, s)| Row {
                name: car.clone(),
                values: vec![s.races as f64, s.damage_taken, s.lost],
                cells: vec![
                    s.races.to_string(),
                    format!("{:.2}", s.damage_taken),
                    format!("{:.0}%", s.lost * 100.0),
                ],
            })
            .collect();
        sorted_table(
            ui,
            Table::Cars,
            &["Car", "Races", "Damage taken per race", "Lost"],
            cars,
            sorts[Table::Cars as usize],
            commands,
        );
    });
}

/// This batch against the one compared with: each metric in both, the change with its 95%
/// interval, and whether the batches can tell it from noise.
pub(super) fn compare_view(
    ui: &mut Ui,
    comparison: Option<&Comparison>,
    (other, this): &(String, String),
) {
    let Some(c) = comparison else {
        ui.label("Choose what to compare with and Run: the same seeds are played on both, and each figure's change shows here.");
        return;
    };
    let mut rows: Vec<(String, Difference)> = c
        .team_win_rate
        .iter()
        .map(|(team, d)| (format!("win rate of {team}"), *d))
        .collect();
    rows.extend([
        ("first seat win rate".to_owned(), c.first_seat_win_rate),
        ("turns per race".to_owned(), c.turns),
        ("decisions per race".to_owned(), c.decisions),
    ]);
    // Every ending either batch had, a mission's own among them, after the length of the races.
    rows.extend(
        c.endings
            .iter()
            .map(|(end, d)| (end.words().to_owned(), *d)),
    );
    rows.extend([
        ("damage dealt per seat".to_owned(), c.damage_dealt),
        ("eliminations per race".to_owned(), c.eliminations),
        ("collisions per race".to_owned(), c.collisions),
        (
            "crossover collisions per race".to_owned(),
            c.crossover_collisions,
        ),
        ("movement events per race".to_owned(), c.events_drawn),
    ]);
    rows.extend(c.design.iter().map(|(id, d)| {
        let name = crate::sim::metrics::METRICS
            .iter()
            .find(|m| m.id == id)
            .map_or(id.as_str(), |m| m.name);
        (name.to_lowercase(), *d)
    }));
    ScrollArea::vertical().show(ui, |ui| {
        egui::Grid::new("sim_compare").striped(true).show(ui, |ui| {
            for heading in ["Metric", other.as_str(), this.as_str(), "Change (95%)", ""] {
                ui.strong(heading);
            }
            ui.end_row();
            for (name, d) in rows {
                ui.label(name);
                ui.label(format!("{:.3}", d.a));
                ui.label(format!("{:.3}", d.b));
                ui.label(format!("{:+.3} ({:+.3} to {:+.3})", d.diff, d.low, d.high));
                if d.significant() {
                    ui.colored_label(ui.visuals().warn_fg_color, d.verdict());
                } else {
                    ui.weak(d.verdict());
                }
                ui.end_row();
            }
        });
    });
}

/// The notable races, each with a Watch button.
pub(super) fn notable_view(ui: &mut Ui, notable: &[Notable], commands: &mut Vec<SimCommand>) {
    egui::Grid::new("sim_notable").striped(true).show(ui, |ui| {
        for race in notable {
            ui.label(RichText::new(race.why.replace('-', " ")).strong());
            ui.label(format!("race {} · seed {}", race.index, race.seed));
            let why = race.why.replace('-', " ");
            if ui
                .button(format!("Watch race {} ({why})", race.index))
                .clicked()
            {
                commands.push(SimCommand::Watch(race.index));
            }
            ui.end_row();
        }
    });
}
