//! A pack's own ground and hazard tokens in words, for a sheet that plays alone: what each
//! kind of ground costs and does, how it is printed, and what each hazard token does when it is
//! turned over. The words follow the rules the engine plays (`rules/ground.rs`,
//! `rules/hazards.rs`) as the kinds' and tokens' docs say them.

use std::fmt::Write as _;

use super::hazard_deck::CheckedHazard;
use super::terrain::{CheckedKind, TerrainBook};
use crate::content::hazard_deck::{HazardEffect, HazardTarget};
use crate::content::terrain::{CountsAs, Effect, Pattern};

/// How a print pattern looks on paper.
#[must_use]
pub fn pattern(pattern: Pattern) -> &'static str {
    match pattern {
        Pattern::Plain => "plain",
        Pattern::Grey => "grey",
        Pattern::Hatch => "hatched",
        Pattern::BackHatch => "hatched the other way",
        Pattern::CrossHatch => "crosshatched",
        Pattern::Stripes => "striped",
        Pattern::Checks => "checked",
        Pattern::Dark => "dark",
    }
}

/// What one effect of a kind of ground does to a car that enters it.
fn effect(effect: &Effect) -> String {
    match effect {
        Effect::Stop => "it stops there, losing its remaining movement".to_owned(),
        Effect::Damage(n) => format!("it takes {n} damage when its movement ends"),
        Effect::Eliminate => "it is eliminated, a kill no one scores".to_owned(),
        Effect::Slide(n) => format!("it slides {n} more spaces the way it was going, free"),
        Effect::SlideAside(n) => {
            format!("when its movement ends it slides {n} spaces to a side drawn at random")
        }
        Effect::Jump(n) => format!(
            "entered from straight behind, it jumps {n} spaces ahead along its lane and stops; \
             entered any other way, it is eliminated"
        ),
        Effect::DrawnJump { min, max, faces } => {
            let flight = faces.map_or_else(
                || format!("{min} to {max} spaces, each as likely"),
                |faces| {
                    let faces: Vec<String> = faces.iter().map(ToString::to_string).collect();
                    format!("a die of {} spaces", faces.join(", "))
                },
            );
            format!(
                "entered from straight behind, it stops, and when its movement ends flies \
                 {flight} ahead; entered any other way, it is eliminated"
            )
        }
        Effect::Fire => "it catches fire when its movement ends: before each later movement a \
                         combat card is drawn, and at or above its defense it takes 1 damage and \
                         burns on, else the fire goes out"
            .to_owned(),
        Effect::Hazard => {
            "when its movement ends a hazard token is drawn and happens to it where it stands"
                .to_owned()
        }
    }
}

/// A kind of ground in a line: its name and print, what it costs, what a car may do on it and
/// what entering it does.
#[must_use]
pub fn ground_kind(kind: &CheckedKind) -> String {
    let rules = kind.rules;
    let mut terms = vec![format!("printed {}", pattern(kind.pattern))];
    if rules.enter_cost != 1 {
        terms.push(format!(
            "entering costs {} MP{}",
            rules.enter_cost,
            if rules.enter_short {
                " (a car with fewer left may still enter, spending them all)"
            } else {
                ""
            }
        ));
    }
    if !rules.lane_changes {
        terms.push("no lane changes inside it".to_owned());
    }
    if rules.shared && !rules.is_trough() {
        terms.push("any number of cars share a space of it, without pushing".to_owned());
    }
    match rules.counts_as {
        CountsAs::Road => {}
        CountsAs::Rough => terms.push("counts as rough ground for the cards".to_owned()),
        CountsAs::JumpLane => terms.push("counts as a jump lane".to_owned()),
        CountsAs::Trough => terms.push("counts as the trough".to_owned()),
    }
    let effects: Vec<String> = kind.effects.iter().map(effect).collect();
    if !effects.is_empty() {
        terms.push(format!("a car that enters: {}", effects.join("; then ")));
    }
    format!("{}: {}", kind.name, terms.join("; "))
}

/// A hazard token in a line: its name, how many the deck holds, whom it strikes, what it does
/// and what its space becomes.
#[must_use]
pub fn hazard(hazard: &CheckedHazard, terrain: &TerrainBook) -> String {
    let whom = match hazard.target {
        HazardTarget::TheCar => "the car that turns it over",
        HazardTarget::Rearmost => "the car farthest back on the board (each of them on a tie)",
    };
    let effects: Vec<String> = hazard
        .effects
        .iter()
        .map(|e| match e {
            HazardEffect::Damage(n) => format!("{n} damage"),
            HazardEffect::SpinAround => "it is spun around (the Spin-Around token)".to_owned(),
            HazardEffect::SlideAside(n) => {
                format!("it slides {n} spaces to a side drawn at random")
            }
            HazardEffect::Quake => {
                "every car on the track shifts one space the same way, drawn at random".to_owned()
            }
            HazardEffect::PitTrap { bonus, damage } => format!(
                "a combat card is drawn{}: at or above the car's defense it deals {damage} damage",
                if *bonus > 0 {
                    format!(", +{bonus}")
                } else {
                    String::new()
                }
            ),
            HazardEffect::Eliminate => "it is eliminated, a kill no one scores".to_owned(),
        })
        .collect();
    let tokens = format!(
        "{} ({} token{})",
        hazard.name,
        hazard.count,
        if hazard.count == 1 { "" } else { "s" }
    );
    let mut line = if effects.is_empty() {
        format!("{tokens}: does nothing to a car")
    } else {
        format!("{tokens}: strikes {whom}: {}", effects.join("; then "))
    };
    if let Some(kind) = hazard.becomes {
        // Writing into a String cannot fail.
        let _ = write!(
            line,
            "; its space becomes {} for the rest of the race",
            terrain.kind(kind).name
        );
    }
    if hazard.drive_on {
        line.push_str("; the car drives on with the movement it had left");
    }
    line
}
