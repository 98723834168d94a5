//! The race screen's mission panel: under a mission, each side's VP and objectives, each
//! objective in the words its printed sheet uses, with its progress and whether it is met or
//! failed, and how the race ends at the turn limit. Read from the race only (its mission state
//! is part of the position, so a replay shows it as it stood at each decision).

use egui::{RichText, Ui};

use crate::rules::{ObjectiveStatus, Race};
use crate::validate::mission::SideId;
use crate::validate::mission_words::MissionWords;

/// One objective's line: its words, where it stands, and its progress for `side`.
fn objective_line(
    race: &Race,
    words: &MissionWords<'_>,
    id: crate::validate::mission::ObjectiveId,
    sides: &[SideId],
) -> String {
    let Some(objective) = words.mission.objectives.get(id.index()) else {
        return String::new();
    };
    let target = objective.goal.target();
    let progress: Vec<String> = sides
        .iter()
        .map(|side| {
            let done = race.objective_progress(id, *side).unwrap_or(0).min(target);
            if sides.len() == 1 {
                format!("{done}/{target}")
            } else {
                format!("{} {done}/{target}", words.side(*side))
            }
        })
        .collect();
    let status = match race.objective_status(id).unwrap_or_default() {
        ObjectiveStatus::Open => "open".to_owned(),
        ObjectiveStatus::Met(side) => format!("met by {}", words.side(side)),
        ObjectiveStatus::Failed => "failed".to_owned(),
    };
    format!(
        "{} ({}) — {} · {status}",
        words.goal(&objective.goal),
        MissionWords::reward(objective.reward),
        progress.join(" · ")
    )
}

/// Draws the mission panel; nothing for a race without a mission.
pub(super) fn mission_panel(ui: &mut Ui, race: &Race) {
    let Some(mission) = race.mission() else {
        return;
    };
    let words = MissionWords {
        mission,
        content: &race.rules().content,
        track: race.track(),
    };
    egui::CollapsingHeader::new(RichText::new(format!("Mission: {}", mission.name)).strong())
        .id_salt("race_mission")
        .default_open(true)
        .show(ui, |ui| {
            let all: Vec<SideId> = mission.side_ids().collect();
            for side in &all {
                ui.label(
                    RichText::new(format!(
                        "{} — {} VP",
                        words.side(*side),
                        race.side_vp(*side)
                    ))
                    .strong(),
                );
                for id in mission.objective_ids() {
                    if mission.objectives[id.index()].side == Some(*side) {
                        ui.label(format!("  {}", objective_line(race, &words, id, &[*side])));
                    }
                }
            }
            let shared: Vec<_> = mission
                .objective_ids()
                .filter(|id| mission.objectives[id.index()].side.is_none())
                .collect();
            if !shared.is_empty() {
                ui.label(RichText::new("Every side").strong());
                for id in shared {
                    ui.label(format!("  {}", objective_line(race, &words, id, &all)));
                }
            }
            ui.label(words.turn_limit());
        });
}
