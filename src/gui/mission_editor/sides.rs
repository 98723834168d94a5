//! The mission editor's sides: each side's id and name, its teams (ticked among the pack's),
//! the bot profile that always plays it, if any, and its own terms: the cars a team races,
//! their starting damage and defense, and the sources of VP it claims.

use egui::Ui;

use super::{Changed, MissionContext, change};
use crate::content::mission::{Mission, Score, Side};
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
                    ..Side::default()
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
            side_terms(ui, mission, index, changed);
        });
        ui.add_space(6.0);
    }
}

/// Side `index`'s own terms: its cars a team (its own count, or the ruleset's), their starting
/// damage and defense change, and which sources of VP it claims.
fn side_terms(ui: &mut Ui, mission: &Mission, index: usize, changed: &mut Changed) {
    let side = &mission.sides[index];
    ui.horizontal_wrapped(|ui| {
        let mut own = side.cars.is_some();
        if ui
            .checkbox(&mut own, "Its own cars a team")
            .on_hover_text("Off: the ruleset's cars per team for the race's players")
            .changed()
        {
            change(changed, mission, None, |m| {
                m.sides[index].cars = own.then_some(2);
            });
        }
        if let Some(cars) = side.cars
            && let Some((cars, group)) = fields::number(ui, "side cars", cars, 1..=8)
        {
            change(changed, mission, Some(group), |m| {
                m.sides[index].cars = Some(cars);
            });
        }
        let mut limited = side.reserve.is_some();
        if ui
            .checkbox(&mut limited, "Its own reserve")
            .on_hover_text("Off: the rest of the mat waits to replace the lost (8.3)")
            .changed()
        {
            change(changed, mission, None, |m| {
                m.sides[index].reserve = limited.then_some(0);
            });
        }
        if let Some(reserve) = side.reserve
            && let Some((reserve, group)) = fields::number(ui, "side reserve", reserve, 0..=7)
        {
            change(changed, mission, Some(group), |m| {
                m.sides[index].reserve = Some(reserve);
            });
        }
        ui.label("Starting damage");
        if let Some((damage, group)) = fields::number(ui, "side damage", side.damage, 0..=5) {
            change(changed, mission, Some(group), |m| {
                m.sides[index].damage = damage;
            });
        }
        ui.label("Defense change");
        if let Some((defense, group)) = fields::number(ui, "side defense", side.defense, -2..=2) {
            change(changed, mission, Some(group), |m| {
                m.sides[index].defense = defense;
            });
        }
        let mut neutral = side.neutral;
        if ui
            .checkbox(&mut neutral, "Neutral")
            .on_hover_text(
                "No one's side (bikers, civilians): its cars move and can be hit, but it wins, \
                 pursues and claims nothing; a bot plays it",
            )
            .changed()
        {
            change(changed, mission, None, |m| m.sides[index].neutral = neutral);
        }
        ui.label("Sits out turns 1 to");
        if let Some((turns, group)) = fields::number(ui, "side sits out", side.sits_out, 0..=10_000)
        {
            change(changed, mission, Some(group), |m| {
                m.sides[index].sits_out = turns;
            });
        }
        ui.label("Claims VP for");
        for (score, label) in [(Score::Finish, "crossings"), (Score::Kills, "kills")] {
            let claims = |s: &Side| s.scores.as_ref().is_none_or(|list| list.contains(&score));
            let mut on = claims(side);
            if ui.checkbox(&mut on, label).changed() {
                change(changed, mission, None, |m| {
                    let side = &mut m.sides[index];
                    let mut list: Vec<Score> = [Score::Finish, Score::Kills]
                        .into_iter()
                        .filter(|s| {
                            if *s == score {
                                on
                            } else {
                                side.scores.as_ref().is_none_or(|l| l.contains(s))
                            }
                        })
                        .collect();
                    list.sort_unstable();
                    // Both sources is what a side claims without the list.
                    side.scores = (list.len() < 2).then_some(list);
                });
            }
        }
    });
}
