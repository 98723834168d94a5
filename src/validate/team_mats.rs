//! Checks of team mats.

use std::collections::{BTreeMap, BTreeSet};

use super::checked::{self, Defense};
use super::diagnostic::ObjectRef;
use super::limits::{BASE_MP_RANGE, Limits, MAX_DEFENSE};
use super::locate::Needle;
use super::report::FileReport;
use crate::content::team_mats::{CarStats, TeamMat, TeamMats, parse_colour};
use crate::content::text::CarNumber;

fn team_object(team: &TeamMat) -> ObjectRef {
    ObjectRef::Team {
        id: team.id.clone(),
    }
}

fn car_object(team: &TeamMat, car: &CarStats) -> ObjectRef {
    ObjectRef::Car {
        team: team.id.clone(),
        number: car.number.clone(),
    }
}

/// Checks team mats. `weapons` is the set of declared weapon type ids when known (checking a
/// pack), or `None` when the file is checked on its own. Returns the checked teams when it found
/// no error.
pub fn check(
    mats: &TeamMats,
    limits: &Limits,
    weapons: Option<&BTreeSet<&str>>,
    report: &mut FileReport<'_>,
) -> Option<Vec<checked::Team>> {
    let errors_before = report.error_count();
    report.check_ids(
        "team",
        mats.teams.iter().map(|team| (&team.id, team_object(team))),
    );
    if mats.teams.len() < usize::from(limits.max_players) {
        report.error(
            "too-few-teams",
            None,
            &[Needle::Field("teams")],
            format!(
                "there are {} teams, but {} players need one team each",
                mats.teams.len(),
                limits.max_players
            ),
        );
    }
    let mut colours: BTreeMap<[u8; 3], &str> = BTreeMap::new();
    for team in &mats.teams {
        let at_colour = [Needle::Value(team.id.as_str()), Needle::Field("colour")];
        match parse_colour(team.colour.as_str()) {
            None => report.error(
                "invalid-colour",
                Some(team_object(team)),
                &at_colour,
                format!(
                    "team `{}` has colour `{}`; colours are written `#rrggbb`",
                    team.id, team.colour
                ),
            ),
            Some(rgb) => {
                if let Some(other) = colours.insert(rgb, team.id.as_str()) {
                    report.warning(
                        "duplicate-colour",
                        Some(team_object(team)),
                        &at_colour,
                        format!(
                            "team `{}` has the same colour as team `{other}`; their cars will \
                             look alike",
                            team.id
                        ),
                    );
                }
            }
        }
        check_cars(team, *limits, weapons, report);
    }
    if report.error_count() > errors_before {
        return None;
    }
    mats.teams
        .iter()
        .map(|team| {
            Some(checked::Team {
                id: team.id.clone(),
                name: team.name.clone(),
                colour: parse_colour(team.colour.as_str())?,
                symbol: team.symbol.clone(),
                cars: team
                    .cars
                    .iter()
                    .map(|car| {
                        Some(checked::Car {
                            number: car.number.clone(),
                            driver: car.driver.clone(),
                            defense: Defense::new(car.defense)?,
                            base_mp: car.base_mp,
                            weapon: car.weapon.clone(),
                            mount: car.mount,
                            targeting_bonus: car.targeting_bonus,
                        })
                    })
                    .collect::<Option<_>>()?,
            })
        })
        .collect()
}

fn check_cars(
    team: &TeamMat,
    limits: Limits,
    weapons: Option<&BTreeSet<&str>>,
    report: &mut FileReport<'_>,
) {
    let team_id = team.id.as_str();
    if team.cars.len() != usize::from(limits.cars_on_mat) {
        report.error(
            "wrong-car-count",
            Some(team_object(team)),
            &[Needle::Value(team_id), Needle::Field("cars")],
            format!(
                "team `{team_id}` has {} cars; a team mat holds {}",
                team.cars.len(),
                limits.cars_on_mat
            ),
        );
    }
    let mut numbers: BTreeSet<&CarNumber> = BTreeSet::new();
    for car in &team.cars {
        let object = car_object(team, car);
        let at_car = |field| {
            [
                Needle::Value(team_id),
                Needle::Value(car.number.as_str()),
                Needle::Field(field),
            ]
        };
        if !car.number.is_well_formed() {
            report.error(
                "malformed-car-number",
                Some(object.clone()),
                &at_car("number"),
                format!(
                    "team `{team_id}` has a car numbered `{}`; numbers are 1 to {} letters or \
                     digits",
                    car.number,
                    CarNumber::MAX_CHARS
                ),
            );
        }
        if !numbers.insert(&car.number) {
            report.error(
                "duplicate-car-number",
                Some(object.clone()),
                &[
                    Needle::Value(team_id),
                    Needle::Value(car.number.as_str()),
                    Needle::Value(car.number.as_str()),
                ],
                format!("team `{team_id}` has two cars numbered {}", car.number),
            );
        }
        if Defense::new(car.defense).is_none() {
            report.error(
                "defense-out-of-range",
                Some(object.clone()),
                &at_car("defense"),
                format!(
                    "car {} of team `{team_id}` has defense {}; defense is 1 to {MAX_DEFENSE}",
                    car.number, car.defense
                ),
            );
        }
        if !BASE_MP_RANGE.contains(&car.base_mp) {
            report.error(
                "base-mp-out-of-range",
                Some(object.clone()),
                &at_car("base_mp"),
                format!(
                    "car {} of team `{team_id}` has {} base MP; base MP is {} to {}",
                    car.number,
                    car.base_mp,
                    BASE_MP_RANGE.start(),
                    BASE_MP_RANGE.end()
                ),
            );
        }
        if let Some(weapons) = weapons
            && !weapons.contains(car.weapon.as_str())
        {
            report.error(
                "unknown-weapon-type",
                Some(object),
                &at_car("weapon"),
                format!(
                    "car {} of team `{team_id}` carries `{}`, which is not a weapon type of the \
                     combat deck",
                    car.number, car.weapon
                ),
            );
        }
    }
}
