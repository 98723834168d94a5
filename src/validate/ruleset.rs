//! Checks of a ruleset.

use std::collections::BTreeMap;

use super::checked;
use super::diagnostic::ObjectRef;
use super::limits::GRID_POSITIONS;
use super::locate::Needle;
use super::report::FileReport;
use crate::content::ruleset::Ruleset;

/// The player counts the rulebook allows (1.0: "2 to 10 players").
const RULEBOOK_PLAYERS: std::ops::RangeInclusive<u8> = 2..=10;

/// Checks a ruleset's numbers against each other; returns the checked ruleset when it found no
/// error.
pub fn check(ruleset: &Ruleset, report: &mut FileReport<'_>) -> Option<checked::Ruleset> {
    let errors_before = report.error_count();
    let object_ref = ObjectRef::Ruleset {
        id: ruleset.id.clone(),
    };
    let object = || Some(object_ref.clone());
    report.check_ids("ruleset", [(&ruleset.id, object_ref.clone())]);
    for (field, value) in [
        ("hand_size", ruleset.hand_size),
        ("victory_points", ruleset.victory_points),
        ("eliminating_damage", ruleset.eliminating_damage),
        ("cars_on_mat", ruleset.cars_on_mat),
    ] {
        if value == 0 {
            report.error(
                "ruleset-zero",
                object(),
                &[Needle::Field(field)],
                format!("ruleset `{}` sets `{field}` to 0", ruleset.id),
            );
        }
    }
    let players = ruleset.min_players..=ruleset.max_players;
    if ruleset.min_players == 0 || players.is_empty() {
        report.error(
            "player-range",
            object(),
            &[Needle::Field("min_players")],
            format!(
                "ruleset `{}` allows {} to {} players, an empty range",
                ruleset.id, ruleset.min_players, ruleset.max_players
            ),
        );
    } else if !RULEBOOK_PLAYERS.contains(&ruleset.min_players)
        || !RULEBOOK_PLAYERS.contains(&ruleset.max_players)
    {
        report.warning(
            "player-range",
            object(),
            &[Needle::Field("min_players")],
            format!(
                "ruleset `{}` allows {} to {} players, outside the rulebook's 2 to 10",
                ruleset.id, ruleset.min_players, ruleset.max_players
            ),
        );
    }
    let cars_by_players = check_bands(ruleset, &object_ref, report);
    if report.error_count() > errors_before {
        return None;
    }
    Some(checked::Ruleset {
        id: ruleset.id.clone(),
        name: ruleset.name.clone(),
        cars_by_players,
        cars_on_mat: ruleset.cars_on_mat,
        hand_size: ruleset.hand_size,
        victory_points: ruleset.victory_points,
        eliminating_damage: ruleset.eliminating_damage,
        countdown_clock: ruleset.countdown_clock,
        crossover_collision: ruleset.crossover_collision,
        point_to_point: ruleset.point_to_point,
        event_after_elimination: ruleset.event_after_elimination,
        sideswipe_bulldoze: ruleset.sideswipe_bulldoze,
    })
}

/// Checks that the cars-per-team bands give every allowed player count exactly one number, within
/// the mat and the grid; returns that number per player count.
fn check_bands(
    ruleset: &Ruleset,
    object_ref: &ObjectRef,
    report: &mut FileReport<'_>,
) -> BTreeMap<u8, u8> {
    let object = || Some(object_ref.clone());
    let players = ruleset.min_players..=ruleset.max_players;
    let mut cars_by_players: BTreeMap<u8, u8> = BTreeMap::new();
    for count in players.clone() {
        let bands: Vec<_> = ruleset
            .cars_per_team
            .iter()
            .filter(|band| (band.min_players..=band.max_players).contains(&count))
            .collect();
        match bands.as_slice() {
            [] => report.error(
                "cars-per-team-bands",
                object(),
                &[Needle::Field("cars_per_team")],
                format!(
                    "ruleset `{}` does not say how many cars each team has with {count} players",
                    ruleset.id
                ),
            ),
            [band] => {
                cars_by_players.insert(count, band.cars);
            }
            _ => report.error(
                "cars-per-team-bands",
                object(),
                &[Needle::Field("cars_per_team")],
                format!(
                    "ruleset `{}` has {} bands for {count} players; each count needs exactly one",
                    ruleset.id,
                    bands.len()
                ),
            ),
        }
    }
    for (&count, &cars) in &cars_by_players {
        if cars == 0 || cars > ruleset.cars_on_mat {
            report.error(
                "cars-per-team-range",
                object(),
                &[Needle::Field("cars_per_team")],
                format!(
                    "ruleset `{}` gives each team {cars} cars with {count} players; it must be \
                     1 to the {} cars on a mat",
                    ruleset.id, ruleset.cars_on_mat
                ),
            );
        }
        let field = u32::from(count) * u32::from(cars);
        if field > GRID_POSITIONS {
            report.warning(
                "grid-too-small",
                object(),
                &[Needle::Field("cars_per_team")],
                format!(
                    "ruleset `{}` puts {field} cars on the track with {count} players, more than \
                     the {GRID_POSITIONS} positions of a standard starting grid",
                    ruleset.id
                ),
            );
        }
    }
    cars_by_players
}
