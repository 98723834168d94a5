//! The mission editor's sides: each side's id and name, its teams (ticked among the pack's),
//! and the bot profile that always plays it, if any.

use egui::Ui;

use super::{Changed, MissionContext, change};
use crate::content::mission::{Mission, Side};
use crate::content::text::{Id, Text};
use crate::edit::list::free_id;
use crate::gui::fields::{self, RowAction};

/// Draws the sides' table.
pub(super) fn sides(
    ui: &mut Ui,
    mission: &Mission,
    context: &MissionContext<'_>,
    changed: &mut Changed,
) {
    ui.horizontal(|ui| {
        ui.heading("Sides");
        if ui.button("Add side").clicked() {
            let id = free_id(mission.sides.iter().map(|s| s.id.as_str()), "side");
            change(changed, mission, None, |m| {
                m.sides.push(Side {
                    id: Id::from(id.as_str()),
                    name: Text::from("New side"),
                    teams: Vec::new(),
                    bot: None,
                });
            });
        }
    });
    ui.weak(
        "Seats go round robin over the sides, in this order: the sides alternate at the table.",
    );
    let mut bots: Vec<(Option<usize>, &str)> = vec![(None, "(the seats choose)")];
    bots.extend(
        context
            .bots
            .iter()
            .enumerate()
            .map(|(i, b)| (Some(i), b.as_str())),
    );
    for (index, side) in mission.sides.iter().enumerate() {
        ui.push_id(("side", index), |ui| {
            ui.horizontal(|ui| {
                ui.label("Id");
                if let Some((id, group)) = fields::text::<Id>(ui, "side id", &side.id, 90.0) {
                    change(changed, mission, Some(group), |m| m.sides[index].id = id);
                }
                ui.label("Name");
                if let Some((name, group)) =
                    fields::text::<Text>(ui, "side name", &side.name, 140.0)
                {
                    change(changed, mission, Some(group), |m| {
                        m.sides[index].name = name;
                    });
                }
                ui.label("Always played by");
                let current = side
                    .bot
                    .as_ref()
                    .and_then(|b| context.bots.iter().position(|x| x == b.as_str()));
                if let Some(bot) =
                    fields::choice(ui, "side bot", ("side_bot", index), current, &bots)
                {
                    change(changed, mission, None, |m| {
                        m.sides[index].bot = bot.map(|i| Id::from(context.bots[i].as_str()));
                    });
                }
                match fields::row_actions(ui) {
                    Some(RowAction::Duplicate) => change(changed, mission, None, |m| {
                        let mut copy = m.sides[index].clone();
                        copy.id = Id::from(
                            free_id(m.sides.iter().map(|s| s.id.as_str()), copy.id.as_str())
                                .as_str(),
                        );
                        copy.teams.clear();
                        m.sides.insert(index + 1, copy);
                    }),
                    Some(RowAction::Delete) => change(changed, mission, None, |m| {
                        m.sides.remove(index);
                    }),
                    None => {}
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Teams:");
                for team in &context.teams {
                    let mut on = side.teams.contains(&team.id);
                    if ui.checkbox(&mut on, &team.name).changed() {
                        change(changed, mission, None, |m| {
                            let teams = &mut m.sides[index].teams;
                            if on {
                                teams.push(team.id.clone());
                            } else {
                                teams.retain(|t| *t != team.id);
                            }
                        });
                    }
                }
                // A team the pack lacks stays listed, for validation to name.
                for unknown in side
                    .teams
                    .iter()
                    .filter(|t| !context.teams.iter().any(|c| c.id == **t))
                {
                    ui.colored_label(ui.visuals().error_fg_color, format!("`{unknown}`?"));
                }
            });
        });
        ui.add_space(6.0);
    }
}
