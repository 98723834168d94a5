//! How a mission's objectives fit together: the parts of the objectives made of others
//! ([`crate::content::mission::Goal::All`], `Any`, `Then`) and the objectives whose ends of the race
//! would meet at one event.
//!
//! The rules, each with its own code so a designer reads what to change:
//! - an objective is never a part of itself, however far down (`objective-cycle`);
//! - an objective is a step of at most one sequence, and named once by each objective
//!   (`objective-part-twice`): a step counts after the step before it, which must be one;
//! - a part belongs to the side of the objective that names it, or, for an objective of no
//!   side, to none (`objective-part-side`);
//! - two objectives met by one event may not end the race in two ways, a draw and a win, or a
//!   win for two sides (`objective-conflict`). "One event" is read as the same goal (the same
//!   car named, or the same side's count): what the file says alike is met alike. Goals that
//!   differ but happen to meet at one moment are settled in file order, the first listed first.
//!
//! What it fills in: each objective's `after` (the step before it) and `part_of`.

use super::diagnostic::ObjectRef;
use super::locate::Needle;
use super::mission::{CheckedObjective, ObjectiveId};
use super::report::FileReport;
use crate::content::mission::{Mission, Reward};

/// Checks how the objectives fit together and fills in their `after` and `part_of`.
/// `objectives` are the mission's, checked, in file order.
pub(super) fn check(
    mission: &Mission,
    objectives: &mut [CheckedObjective],
    report: &mut FileReport<'_>,
) {
    for (index, objective) in objectives.iter().enumerate() {
        let whole = ObjectiveId(index as u16);
        let parts = objective.goal.parts();
        for (n, part) in parts.iter().enumerate() {
            if parts[..n].contains(part) {
                error(
                    report,
                    "objective-part-twice",
                    objective,
                    &format!(
                        "objective `{}` names `{}` twice: name each part once",
                        objective.id,
                        objectives[part.index()].id
                    ),
                );
            }
            let named = &objectives[part.index()];
            if named.side != objective.side {
                error(
                    report,
                    "objective-part-side",
                    objective,
                    &format!(
                        "objective `{}` is {}, but its part `{}` is {}: a part belongs to the \
                         side of the objective that names it",
                        objective.id,
                        side_words(mission, objective),
                        named.id,
                        side_words(mission, named)
                    ),
                );
            }
        }
        if let Some(cycle) = cycle_from(objectives, whole) {
            error(
                report,
                "objective-cycle",
                objective,
                &format!(
                    "objective `{}` is a part of itself: {}",
                    objective.id,
                    cycle
                        .iter()
                        .map(|o| format!("`{}`", objectives[o.index()].id))
                        .collect::<Vec<_>>()
                        .join(" names ")
                ),
            );
        }
    }
    link(objectives, report);
    check_conflicts(mission, objectives, report);
}

/// Fills in each objective's `part_of` and `after`, reporting a step of two sequences.
fn link(objectives: &mut [CheckedObjective], report: &mut FileReport<'_>) {
    let mut steps: Vec<Option<ObjectiveId>> = vec![None; objectives.len()];
    for index in 0..objectives.len() {
        let whole = ObjectiveId(index as u16);
        let goal = objectives[index].goal.clone();
        let sequence = matches!(goal, super::mission::CheckedGoal::Then(_));
        for (n, part) in goal.parts().iter().enumerate() {
            let named = &mut objectives[part.index()];
            if !named.part_of.contains(&whole) {
                named.part_of.push(whole);
            }
            if !sequence {
                continue;
            }
            if let Some(other) = steps[part.index()].filter(|o| *o != whole) {
                let message = format!(
                    "objective `{}` is a step of two sequences (`{}` and `{}`): a step counts \
                     after the one before it, which must be one",
                    objectives[part.index()].id,
                    objectives[other.index()].id,
                    objectives[index].id
                );
                error(report, "objective-part-twice", &objectives[index], &message);
                continue;
            }
            steps[part.index()] = Some(whole);
            objectives[part.index()].after = n.checked_sub(1).map(|before| goal.parts()[before]);
        }
    }
    for objective in objectives.iter() {
        if objective.reward == Reward::Nothing && objective.part_of.is_empty() {
            report.warning(
                "objective-worth-nothing",
                Some(object(objective)),
                &[
                    Needle::Value(objective.id.as_str()),
                    Needle::Field("reward"),
                ],
                format!(
                    "objective `{}` is worth nothing and no objective names it as a part",
                    objective.id
                ),
            );
        }
    }
}

/// A path from `start` back to itself through the parts, if there is one.
fn cycle_from(objectives: &[CheckedObjective], start: ObjectiveId) -> Option<Vec<ObjectiveId>> {
    // Depth-first over the parts; the mission's objectives are few (at most a few hundred).
    let mut path = vec![start];
    let mut next = vec![0_usize];
    let mut seen = vec![false; objectives.len()];
    while let (Some(at), Some(n)) = (path.last().copied(), next.last_mut()) {
        let parts = objectives[at.index()].goal.parts();
        let Some(part) = parts.get(*n).copied() else {
            path.pop();
            next.pop();
            continue;
        };
        *n += 1;
        if part == start {
            path.push(start);
            return Some(path);
        }
        if !seen[part.index()] {
            seen[part.index()] = true;
            path.push(part);
            next.push(0);
        }
    }
    None
}

/// Whether a reward ends the race when met.
fn ends_the_race(reward: Reward) -> bool {
    match reward {
        Reward::Win | Reward::Lose | Reward::Draw | Reward::End => true,
        Reward::Vp(_) | Reward::Nothing => false,
    }
}

/// Two objectives met by one event that end the race in two ways.
fn check_conflicts(
    mission: &Mission,
    objectives: &[CheckedObjective],
    report: &mut FileReport<'_>,
) {
    for (j, later) in objectives.iter().enumerate() {
        if !ends_the_race(later.reward) {
            continue;
        }
        let clash = objectives[..j].iter().find(|earlier| {
            ends_the_race(earlier.reward)
                && earlier.goal == later.goal
                && (later.goal.named_car().is_some() || earlier.side == later.side)
                && (earlier.reward != later.reward || earlier.side != later.side)
        });
        if let Some(earlier) = clash {
            error(
                report,
                "objective-conflict",
                later,
                &format!(
                    "objectives `{}` and `{}` are met by the same event, and the first {}, the \
                     second {}: say which one the event means",
                    earlier.id,
                    later.id,
                    end_words(mission, earlier),
                    end_words(mission, later)
                ),
            );
        }
    }
}

/// How an objective ends the race, in words.
fn end_words(mission: &Mission, objective: &CheckedObjective) -> String {
    let side = side_words(mission, objective);
    match objective.reward {
        Reward::Win => format!("wins it for {side}"),
        Reward::Lose => format!("loses it for {side}"),
        Reward::Draw => "ends it in a draw".to_owned(),
        Reward::End => "ends it at once".to_owned(),
        Reward::Vp(_) | Reward::Nothing => "scores".to_owned(),
    }
}

/// An objective's side, in words.
fn side_words(mission: &Mission, objective: &CheckedObjective) -> String {
    objective
        .side
        .and_then(|s| mission.sides.get(s.index()))
        .map_or_else(
            || "every side's".to_owned(),
            |side| format!("side `{}`'s", side.id),
        )
}

fn object(objective: &CheckedObjective) -> ObjectRef {
    ObjectRef::Objective {
        id: objective.id.clone(),
    }
}

fn error(
    report: &mut FileReport<'_>,
    code: &'static str,
    objective: &CheckedObjective,
    message: &str,
) {
    report.error(
        code,
        Some(object(objective)),
        &[Needle::Value(objective.id.as_str()), Needle::Field("goal")],
        message.to_owned(),
    );
}
