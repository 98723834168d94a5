//! The mission editor's objectives: each one's id, its side (or every side), its kind with the
//! kind's own values (laps, kills, a named car, turns, spaces, the objectives it is made of),
//! and its reward.

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

/// A named car's team and number, chosen among the pack's, with its driver, defense and MP in
/// words; the new car when changed.
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
    // The car's driver, defense and MP: what a designer picks it by.
    if let Some(words) = context
        .teams
        .get(team)
        .and_then(|t| t.car_words(&car.number))
    {
        ui.weak(words);
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
         One that wins, loses, draws or ends the race does so at once. All, any and in-order \
         objectives are made of others, their parts (a part worth nothing only counts for them).",
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
                match fields::inline_row_actions(ui) {
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
        Goal::Hold {
            spaces,
            turns,
            every,
        } => {
            let hold = |spaces: Vec<SpaceRef>, turns: u8, every: bool| Goal::Hold {
                spaces,
                turns,
                every,
            };
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
                    set(changed, Some(group), hold(spaces, *turns, *every));
                }
            });
            if let Some((turns, group)) = fields::number(ui, "hold turns", *turns, 1..=99) {
                set(changed, Some(group), hold(spaces.clone(), turns, *every));
            }
            ui.label("turns");
            let mut all = *every;
            if ui
                .checkbox(&mut all, "every car")
                .on_hover_text("Every car of the side still racing must stand on the spaces")
                .changed()
            {
                set(changed, None, hold(spaces.clone(), *turns, all));
            }
        }
        Goal::Wipeout | Goal::AllOut | Goal::LeftBehind => {
            ui.label("");
        }
        Goal::All(parts) | Goal::Any(parts) | Goal::Then(parts) => {
            parts_values(ui, mission, index, parts, changed);
        }
    }
}

/// The parts of objective `index` (made of others): each one chosen among the mission's
/// other objectives, moved earlier (a sequence's order), removed; a part added.
fn parts_values(ui: &mut Ui, mission: &Mission, index: usize, parts: &[Id], changed: &mut Changed) {
    let others: Vec<(usize, &str)> = mission
        .objectives
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != index)
        .map(|(i, o)| (i, o.id.as_str()))
        .collect();
    let with_parts = |parts: Vec<Id>, goal: &Goal| match goal {
        Goal::Any(_) => Goal::Any(parts),
        Goal::Then(_) => Goal::Then(parts),
        _ => Goal::All(parts),
    };
    let goal = &mission.objectives[index].goal;
    let separator = match goal {
        Goal::Then(_) => "then",
        Goal::Any(_) => "or",
        _ => "and",
    };
    for (n, part) in parts.iter().enumerate() {
        if n > 0 {
            ui.label(separator);
        }
        let at = mission.objectives.iter().position(|o| o.id == *part);
        let mut options = others.clone();
        let unknown = format!("{part}?");
        if at.is_none() {
            options.push((usize::MAX, unknown.as_str()));
        }
        let shown = at.unwrap_or(usize::MAX);
        if let Some(chosen) = fields::choice(
            ui,
            "objective part",
            ("part", index * 64 + n),
            shown,
            &options,
        ) && let Some(o) = mission.objectives.get(chosen)
        {
            let mut new = parts.to_vec();
            new[n] = o.id.clone();
            let goal = with_parts(new, goal);
            change(changed, mission, None, |m| m.objectives[index].goal = goal);
        }
        if n > 0 && ui.small_button("⏶").on_hover_text("Earlier").clicked() {
            let mut new = parts.to_vec();
            new.swap(n - 1, n);
            let goal = with_parts(new, goal);
            change(changed, mission, None, |m| m.objectives[index].goal = goal);
        }
        if ui
            .small_button("✖")
            .on_hover_text("Remove this part")
            .clicked()
        {
            let mut new = parts.to_vec();
            new.remove(n);
            let goal = with_parts(new, goal);
            change(changed, mission, None, |m| m.objectives[index].goal = goal);
        }
    }
    let unused = others
        .iter()
        .find(|(i, _)| !parts.contains(&mission.objectives[*i].id));
    if let Some((i, _)) = unused
        && ui
            .small_button("+ part")
            .on_hover_text("Name another objective as a part")
            .clicked()
    {
        let mut new = parts.to_vec();
        new.push(mission.objectives[*i].id.clone());
        let goal = with_parts(new, goal);
        change(changed, mission, None, |m| m.objectives[index].goal = goal);
    }
}

/// The kinds of reward, as the studio offers them.
const REWARDS: [(RewardKind, &str); 6] = [
    (RewardKind::Win, "wins the race"),
    (RewardKind::Vp, "VP"),
    (RewardKind::Lose, "loses the race"),
    (RewardKind::Draw, "a draw"),
    (RewardKind::End, "ends the race"),
    (RewardKind::Nothing, "nothing (a part)"),
];

/// A reward's kind, without its VP.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum RewardKind {
    Win,
    Vp,
    Lose,
    Draw,
    End,
    Nothing,
}

impl RewardKind {
    fn of(reward: Reward) -> Self {
        match reward {
            Reward::Win => Self::Win,
            Reward::Vp(_) => Self::Vp,
            Reward::Lose => Self::Lose,
            Reward::Draw => Self::Draw,
            Reward::End => Self::End,
            Reward::Nothing => Self::Nothing,
        }
    }

    fn reward(self) -> Reward {
        match self {
            Self::Win => Reward::Win,
            Self::Vp => Reward::Vp(2),
            Self::Lose => Reward::Lose,
            Self::Draw => Reward::Draw,
            Self::End => Reward::End,
            Self::Nothing => Reward::Nothing,
        }
    }
}

/// Objective `index`'s reward: the race won or lost, VP, a draw, the end, or nothing. Its
/// widgets join the objective's wrapping row, so a long row wraps instead of running past the
/// panel's edge.
fn reward(ui: &mut Ui, mission: &Mission, index: usize, changed: &mut Changed) {
    let reward = mission.objectives[index].reward;
    if let Some(kind) = fields::choice(
        ui,
        "reward",
        ("reward", index),
        RewardKind::of(reward),
        &REWARDS,
    ) {
        change(changed, mission, None, |m| {
            m.objectives[index].reward = kind.reward();
        });
    }
    if let Reward::Vp(n) = reward
        && let Some((n, group)) = fields::number(ui, "reward VP", n, 1..=99)
    {
        change(changed, mission, Some(group), |m| {
            m.objectives[index].reward = Reward::Vp(n);
        });
    }
}
