//! The mission editor's objectives: each one's id, its side (or every side), its kind with the
//! kind's own values (laps, kills, a named car, turns, spaces), and its reward.

use egui::Ui;

use super::{Changed, MissionContext, MissionEditor, change, draft_rows};
use crate::content::goal_kind::GoalKind;
use crate::content::mission::{Goal, Mission, Objective, Reward};
use crate::content::scenario::CarRef;
use crate::content::text::{CarNumber, Id};
use crate::content::track::SpaceRef;
use crate::edit::list::free_id;
use crate::gui::fields::{self, RowAction};

/// A goal of `kind`, keeping what it can of `old` (the car it names).
fn goal_of_kind(kind: GoalKind, old: &Goal, context: &MissionContext) -> Goal {
    let car = old.named_car().cloned().unwrap_or_else(|| {
        context.teams.first().map_or_else(
            || CarRef {
                team: Id::from("team"),
                number: CarNumber::from("1"),
            },
            |team| CarRef {
                team: team.id.clone(),
                number: team
                    .numbers
                    .first()
                    .cloned()
                    .unwrap_or_else(|| CarNumber::from("1")),
            },
        )
    });
    kind.starting_goal(car)
}

/// A named car's team and number, chosen among the pack's; the new car when changed.
pub(super) fn car_choice(
    ui: &mut Ui,
    id: (&str, usize),
    car: &CarRef,
    context: &MissionContext<'_>,
) -> Option<CarRef> {
    let mut teams: Vec<(usize, &str)> = context
        .teams
        .iter()
        .enumerate()
        .map(|(i, t)| (i, t.name.as_str()))
        .collect();
    let team = context
        .teams
        .iter()
        .position(|t| t.id == car.team)
        .unwrap_or_else(|| {
            teams.push((context.teams.len(), car.team.as_str()));
            context.teams.len()
        });
    let mut chosen = None;
    if let Some(team) = fields::choice(ui, "car team", (id.0, id.1, "team"), team, &teams)
        && let Some(choice) = context.teams.get(team)
    {
        chosen = Some(CarRef {
            team: choice.id.clone(),
            number: choice
                .numbers
                .first()
                .cloned()
                .unwrap_or_else(|| car.number.clone()),
        });
    }
    let numbers: Vec<&CarNumber> = context
        .teams
        .get(team)
        .map(|t| t.numbers.iter().collect())
        .unwrap_or_default();
    let mut options: Vec<(usize, String)> = numbers
        .iter()
        .enumerate()
        .map(|(i, n)| (i, format!("#{n}")))
        .collect();
    let at = numbers
        .iter()
        .position(|n| **n == car.number)
        .unwrap_or_else(|| {
            options.push((numbers.len(), format!("#{}?", car.number)));
            numbers.len()
        });
    let options: Vec<(usize, &str)> = options.iter().map(|(i, n)| (*i, n.as_str())).collect();
    if let Some(number) = fields::choice(ui, "car number", (id.0, id.1, "number"), at, &options)
        && let Some(number) = numbers.get(number)
    {
        chosen = Some(CarRef {
            team: car.team.clone(),
            number: (*number).clone(),
        });
    }
    chosen
}

/// Draws the objectives' table.
pub(super) fn objectives(
    editor: &mut MissionEditor,
    ui: &mut Ui,
    mission: &Mission,
    context: &MissionContext<'_>,
    changed: &mut Changed,
) {
    ui.horizontal(|ui| {
        ui.heading("Objectives");
        if ui.button("Add objective").clicked() {
            let id = free_id(
                mission.objectives.iter().map(|o| o.id.as_str()),
                "objective",
            );
            change(changed, mission, None, |m| {
                m.objectives.push(Objective {
                    id: Id::from(id.as_str()),
                    side: m.sides.first().map(|s| s.id.clone()),
                    goal: Goal::Laps(2),
                    reward: Reward::Win,
                });
            });
        }
    });
    ui.weak(
        "An objective of no side is a race between the sides: the first to meet it takes it. \
         One worth Win ends the race at once.",
    );
    let side_names: Vec<String> = mission.sides.iter().map(|s| s.name.to_string()).collect();
    let mut sides: Vec<(Option<usize>, &str)> = vec![(None, "every side")];
    sides.extend(
        side_names
            .iter()
            .enumerate()
            .map(|(i, n)| (Some(i), n.as_str())),
    );
    for (index, objective) in mission.objectives.iter().enumerate() {
        ui.push_id(("objective", index), |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label("Id");
                if let Some((id, group)) =
                    fields::text::<Id>(ui, "objective id", &objective.id, 90.0)
                {
                    change(changed, mission, Some(group), |m| {
                        m.objectives[index].id = id;
                    });
                }
                let side = objective
                    .side
                    .as_ref()
                    .and_then(|id| mission.sides.iter().position(|s| s.id == *id));
                if let Some(side) = fields::choice(
                    ui,
                    "objective side",
                    ("objective_side", index),
                    side,
                    &sides,
                ) {
                    change(changed, mission, None, |m| {
                        m.objectives[index].side =
                            side.and_then(|i| m.sides.get(i)).map(|s| s.id.clone());
                    });
                }
                let kinds: Vec<(usize, &str)> = GoalKind::ALL
                    .iter()
                    .enumerate()
                    .map(|(i, kind)| (i, kind.label()))
                    .collect();
                let kind = GoalKind::ALL
                    .iter()
                    .position(|k| *k == objective.goal.kind())
                    .unwrap_or(0);
                if let Some(kind) = fields::choice(ui, "goal", ("goal", index), kind, &kinds)
                    && let Some(&kind) = GoalKind::ALL.get(kind)
                {
                    let goal = goal_of_kind(kind, &objective.goal, context);
                    change(changed, mission, None, |m| m.objectives[index].goal = goal);
                }
                goal_values(editor, ui, mission, index, context, changed);
                reward(ui, mission, index, changed);
                match fields::row_actions(ui) {
                    Some(RowAction::Duplicate) => change(changed, mission, None, |m| {
                        let mut copy = m.objectives[index].clone();
                        copy.id = Id::from(
                            free_id(m.objectives.iter().map(|o| o.id.as_str()), copy.id.as_str())
                                .as_str(),
                        );
                        m.objectives.insert(index + 1, copy);
                    }),
                    Some(RowAction::Delete) => {
                        editor.drafts.clear();
                        change(changed, mission, None, |m| {
                            m.objectives.remove(index);
                        });
                    }
                    None => {}
                }
            });
        });
    }
}

/// The values of objective `index`'s goal, as its kind has them.
fn goal_values(
    editor: &mut MissionEditor,
    ui: &mut Ui,
    mission: &Mission,
    index: usize,
    context: &MissionContext<'_>,
    changed: &mut Changed,
) {
    let goal = &mission.objectives[index].goal;
    let set = |changed: &mut Changed, group, goal: Goal| {
        change(changed, mission, group, |m| m.objectives[index].goal = goal);
    };
    match goal {
        Goal::Laps(n) => {
            if let Some((n, group)) = fields::number(ui, "laps", *n, 1..=99) {
                set(changed, Some(group), Goal::Laps(n));
            }
            ui.label("crossings");
        }
        Goal::Kills(n) => {
            if let Some((n, group)) = fields::number(ui, "kills", *n, 1..=99) {
                set(changed, Some(group), Goal::Kills(n));
            }
            ui.label("kills");
        }
        Goal::Eliminate(car) => {
            if let Some(car) = car_choice(ui, ("eliminate", index), car, context) {
                set(changed, None, Goal::Eliminate(car));
            }
        }
        Goal::Escort { car, laps } => {
            if let Some(car) = car_choice(ui, ("escort", index), car, context) {
                set(changed, None, Goal::Escort { car, laps: *laps });
            }
            if let Some((laps, group)) = fields::number(ui, "escort laps", *laps, 1..=99) {
                set(
                    changed,
                    Some(group),
                    Goal::Escort {
                        car: car.clone(),
                        laps,
                    },
                );
            }
            ui.label("crossings");
        }
        Goal::Survive(turn) => {
            ui.label("to the end of turn");
            if let Some((turn, group)) = fields::number(ui, "survive turn", *turn, 1..=10_000) {
                set(changed, Some(group), Goal::Survive(turn));
            }
        }
        Goal::Hold { spaces, turns } => {
            ui.vertical(|ui| {
                ui.set_max_width(200.0);
                if let Some((spaces, group)) = fields::ron_field::<Vec<SpaceRef>>(
                    ui,
                    "hold spaces",
                    spaces,
                    "The spaces, as [\"10.1\", \"10.2\"] (sector.lane; S for the starting section)",
                    &mut editor.drafts,
                    draft_rows::HOLD_SPACES + index,
                ) {
                    set(
                        changed,
                        Some(group),
                        Goal::Hold {
                            spaces,
                            turns: *turns,
                        },
                    );
                }
            });
            if let Some((turns, group)) = fields::number(ui, "hold turns", *turns, 1..=99) {
                set(
                    changed,
                    Some(group),
                    Goal::Hold {
                        spaces: spaces.clone(),
                        turns,
                    },
                );
            }
            ui.label("turns");
        }
        Goal::Wipeout => {
            ui.label("");
        }
    }
}

/// Objective `index`'s reward: the race, or VP.
fn reward(ui: &mut Ui, mission: &Mission, index: usize, changed: &mut Changed) {
    let reward = mission.objectives[index].reward;
    ui.horizontal(|ui| {
        let kinds = [(false, "wins the race"), (true, "VP")];
        let is_vp = matches!(reward, Reward::Vp(_));
        if let Some(vp) = fields::choice(ui, "reward", ("reward", index), is_vp, &kinds) {
            change(changed, mission, None, |m| {
                m.objectives[index].reward = if vp { Reward::Vp(2) } else { Reward::Win };
            });
        }
        if let Reward::Vp(n) = reward
            && let Some((n, group)) = fields::number(ui, "reward VP", n, 1..=99)
        {
            change(changed, mission, Some(group), |m| {
                m.objectives[index].reward = Reward::Vp(n);
            });
        }
    });
}
