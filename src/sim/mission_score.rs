//! What a mission adds to a position's worth for a bot: its side's objectives, weighed by what
//! they are worth and how far along they are, so that bots play toward the mission's goals.
//!
//! Without a mission nothing here changes a score: every player is their own side, and the
//! terms below are all zero.
//!
//! # Decisions where a heuristic stands in for a search
//! - An objective worth the race is worth [`WIN_VP`] VP of the profile's finish-line weight
//!   (about a whole pool); one worth VP, its VP. Its worth counts in proportion to its progress
//!   for the bot's side, and against the bot in proportion to the best rival side's progress.
//! - A side escorting a car values that car's progress and safety [`ESCORT_SHARE`] times as
//!   much as another car's; a side sent to eliminate a car values damage on it
//!   [`HUNT_SHARE`] times as much as damage on another.
//! - A space to hold is worth a share of the objective for each car of the side standing on
//!   it, as if the turn ended there.
//! - A side that must survive counts its cars lost [`SURVIVE_SHARE`] times.
//! - Damage on a neutral side's car is worth nothing to a side (its loss scores for no one),
//!   unless the mission makes it a kill (`vp.neutral_kills`).

use crate::content::bot_profile::Weights;
use crate::content::mission::Reward;
use crate::rules::{CarId, ObjectiveStatus, PlayerId, Race};
use crate::validate::checked_track::SpaceId;
use crate::validate::mission::{CheckedGoal, ObjectiveId, SideId};

/// The VP (at the finish-line weight) an objective worth the race is valued at.
pub const WIN_VP: f64 = 12.0;

/// How much more an escorted car's progress and damage count than another car's.
pub const ESCORT_SHARE: f64 = 4.0;

/// How much more damage on a car the side must eliminate counts than damage on another.
pub const HUNT_SHARE: f64 = 4.0;

/// How much more a side that must survive counts each car it loses.
pub const SURVIVE_SHARE: f64 = 3.0;

/// A player's view of a mission race, worked out once per decision: who is on their side,
/// what each car and space is worth to them beyond the rulebook's score.
#[derive(Clone, Debug, Default)]
pub struct MissionLens {
    /// Whether each player is on the player's side (the player included).
    pub friend: Vec<bool>,
    /// Extra worth of one forward crossing of the finish line by each car (laps and escorts
    /// the side pursues), at the profile's weights.
    pub crossing: Vec<f64>,
    /// How much each car's progress counts (1, or more for a car the side escorts).
    pub progress_share: Vec<f64>,
    /// How much damage on each car counts (1, or more for a car the side hunts or escorts).
    pub damage_share: Vec<f64>,
    /// The worth of a car of the side standing on a space to hold, by space.
    pub hold: Vec<(SpaceId, f64)>,
    /// How much each car the side loses counts (1, or more when it must survive).
    pub loss_share: f64,
}

impl MissionLens {
    /// The lens of `me` on `race` (all players their own side, nothing extra, without a
    /// mission).
    #[must_use]
    pub fn of(race: &Race, me: PlayerId, weights: &Weights) -> Self {
        let players = race.players().len();
        let cars = race.cars().len();
        let mut lens = Self {
            friend: (0..players)
                .map(|p| race.same_side(me, PlayerId(p as u8)))
                .collect(),
            crossing: vec![0.0; cars],
            progress_share: vec![1.0; cars],
            damage_share: vec![1.0; cars],
            hold: Vec::new(),
            loss_share: 1.0,
        };
        let (Some(mission), Some(side)) = (race.mission(), race.side_of(me)) else {
            return lens;
        };
        // Neutral traffic scores for no one: harm to it is worth nothing to a side, unless the
        // mission makes its loss a kill.
        if !race.is_neutral(me) && !mission.vp.neutral_kills {
            for car in race.car_ids() {
                if race.is_neutral(race.car(car).player) {
                    lens.damage_share[car.index()] = 0.0;
                }
            }
        }
        for (i, objective) in mission.objectives.iter().enumerate() {
            let id = ObjectiveId(i as u16);
            if race.objective_status(id) != Some(ObjectiveStatus::Open) {
                continue;
            }
            // A later step the side has not reached yet gives nothing to pursue now.
            let mine = objective.side.is_none_or(|owner| owner == side)
                && race.objective_counts_for(id, side);
            let worth = worth_of(race, id, weights);
            let target = f64::from(objective.goal.target().max(1));
            match &objective.goal {
                CheckedGoal::Laps(_) if mine => {
                    for car in race.car_ids() {
                        if lens.friend[race.car(car).player.index()] {
                            lens.crossing[car.index()] += worth / target;
                        }
                    }
                }
                CheckedGoal::Escort(named, _) => {
                    if let Some(car) = race.mission_car(*named) {
                        if mine {
                            lens.crossing[car.index()] += worth / target;
                            lens.progress_share[car.index()] = ESCORT_SHARE;
                        }
                        // Hunted by the other side, guarded by its own: damage on it counts
                        // more either way.
                        lens.damage_share[car.index()] = ESCORT_SHARE;
                    }
                }
                CheckedGoal::Eliminate(named) => {
                    if let Some(car) = race.mission_car(*named) {
                        lens.damage_share[car.index()] = HUNT_SHARE;
                    }
                }
                CheckedGoal::Hold(spaces, ..) if mine => {
                    lens.hold
                        .extend(spaces.iter().map(|space| (*space, worth / target)));
                }
                CheckedGoal::Survive(_) if mine => lens.loss_share = SURVIVE_SHARE,
                // Kills and a wipeout are weighed through the damage the bot deals; another
                // side's laps, ground or survival give this side nothing to pursue; a side
                // out of the race is reached by the crossings and losses scored already (and a
                // car left behind by the cars a side counts lost on the rear tile); an
                // objective made of others is pursued through its parts, each weighed with
                // its share of it (`worth_of`).
                CheckedGoal::Laps(_)
                | CheckedGoal::Hold(..)
                | CheckedGoal::Survive(_)
                | CheckedGoal::Kills(_)
                | CheckedGoal::Wipeout
                | CheckedGoal::AllOut
                | CheckedGoal::LeftBehind
                | CheckedGoal::All(_)
                | CheckedGoal::Any(_)
                | CheckedGoal::Then(_) => {}
            }
        }
        lens
    }

    /// Whether a car is on the player's side.
    #[must_use]
    pub fn friendly(&self, race: &Race, car: CarId) -> bool {
        self.friend[race.car(car).player.index()]
    }

    /// The worth of a car of the side standing on `space` (a space to hold), or 0.
    #[must_use]
    pub fn hold_worth(&self, space: SpaceId) -> f64 {
        self.hold
            .iter()
            .filter(|(s, _)| *s == space)
            .map(|(_, w)| *w)
            .sum()
    }
}

/// What an objective's reward is worth by itself at the profile's finish-line weight. Losing
/// is a win's worth against; a draw, an end settled by VP and a part's nothing are worth
/// nothing by themselves (a draw is neither sought nor shunned: the sides' VP and cars decide
/// what it means).
fn worth(reward: Reward, weights: &Weights) -> f64 {
    let per_vp = weights.finish_vp.abs().max(1.0);
    match reward {
        Reward::Win => WIN_VP * per_vp,
        Reward::Vp(vp) => f64::from(vp) * per_vp,
        Reward::Lose => -WIN_VP * per_vp,
        Reward::Draw | Reward::End | Reward::Nothing => 0.0,
    }
}

/// What meeting an objective is worth: its own reward, and its share of each objective made
/// of it (the whole's worth over its parts, all of an `Any`'s worth). The parts are acyclic
/// (validated), so this ends.
fn worth_of(race: &Race, objective: ObjectiveId, weights: &Weights) -> f64 {
    let Some(o) = race
        .mission()
        .and_then(|m| m.objectives.get(objective.index()))
    else {
        return 0.0;
    };
    let mut total = worth(o.reward, weights);
    for whole in &o.part_of {
        let Some(w) = race.mission().and_then(|m| m.objectives.get(whole.index())) else {
            continue;
        };
        let share = match w.goal {
            CheckedGoal::Any(_) => 1.0,
            _ => 1.0 / w.goal.parts().len().max(1) as f64,
        };
        total += share * worth_of(race, *whole, weights);
    }
    total
}

/// The objectives' worth to `me` in `race`: each open one's worth in proportion to its
/// progress for the side, less the best rival side's share of those it races for; what
/// standing on a space to hold is worth now. Zero without a mission.
#[must_use]
pub fn objectives_worth(race: &Race, me: PlayerId, weights: &Weights, lens: &MissionLens) -> f64 {
    let (Some(mission), Some(side)) = (race.mission(), race.side_of(me)) else {
        return 0.0;
    };
    let sides = mission.sides.len();
    let mut total = 0.0;
    for (i, objective) in mission.objectives.iter().enumerate() {
        let id = ObjectiveId(i as u16);
        if race.objective_status(id) != Some(ObjectiveStatus::Open) {
            continue;
        }
        let worth = worth_of(race, id, weights);
        let target = f64::from(objective.goal.target().max(1));
        let share = |s: SideId| f64::from(race.objective_progress(id, s).unwrap_or(0)) / target;
        let pursues = |s: SideId| objective.side.is_none_or(|owner| owner == s);
        if pursues(side) {
            total += worth * share(side);
        }
        let rival = (0..sides)
            .map(|s| SideId(s as u8))
            .filter(|s| *s != side && pursues(*s))
            .map(share)
            .fold(0.0, f64::max);
        total -= worth * rival;
    }
    for car in race.car_ids() {
        if lens.friendly(race, car)
            && let Some(space) = race.car(car).place.space()
        {
            total += lens.hold_worth(space);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::mission_race;
    use crate::sim::score::evaluate;

    /// The courier mission: the reapers escort #11 across the line twice; the jackals hunt it.
    fn courier() -> Race {
        mission_race(
            r#"(kind: Mission, version: 1, name: "courier", track: "", content: "",
                sides: [
                    (id: "couriers", name: "Couriers", teams: ["rust-reapers"]),
                    (id: "raiders", name: "Raiders", teams: ["chrome-jackals"]),
                ],
                objectives: [
                    (id: "deliver", side: Some("couriers"),
                     goal: Escort(car: (team: "rust-reapers", number: "11"), laps: 2), reward: Win),
                    (id: "ambush", side: Some("raiders"),
                     goal: Eliminate((team: "rust-reapers", number: "11")), reward: Win),
                ],
                turn_limit: (turn: 20))"#,
            3,
        )
    }

    fn weights() -> Weights {
        Weights {
            progress: 1.0,
            finish_vp: 25.0,
            kill_vp: 20.0,
            damage_dealt: 2.0,
            damage_taken: -1.0,
            cars_lost: -6.0,
            rivals_pool: 0.0,
        }
    }

    fn seat_of(race: &Race, team: &str) -> PlayerId {
        (0..race.players().len())
            .map(|p| PlayerId(p as u8))
            .find(|p| race.team_of(*p).id.as_str() == team)
            .expect("seated")
    }

    fn car_of(race: &Race, team: &str, number: &str) -> CarId {
        race.car_ids()
            .find(|c| {
                race.team_of(race.car(*c).player).id.as_str() == team
                    && race.car_number(*c).as_str() == number
            })
            .expect("car")
    }

    #[test]
    // The shares are set, not computed: exact comparison is what is meant.
    #[allow(clippy::float_cmp)]
    fn the_escorted_car_counts_more_for_both_sides_and_its_crossings_for_its_own() {
        let race = courier();
        let courier = car_of(&race, "rust-reapers", "11");
        let other = car_of(&race, "rust-reapers", "12");
        for side in ["rust-reapers", "chrome-jackals"] {
            let lens = MissionLens::of(&race, seat_of(&race, side), &weights());
            assert_eq!(lens.damage_share[courier.index()], ESCORT_SHARE, "{side}");
            assert_eq!(lens.damage_share[other.index()], 1.0, "{side}");
        }
        let couriers = MissionLens::of(&race, seat_of(&race, "rust-reapers"), &weights());
        assert!(couriers.crossing[courier.index()] > 0.0);
        assert_eq!(couriers.crossing[other.index()], 0.0);
        let raiders = MissionLens::of(&race, seat_of(&race, "chrome-jackals"), &weights());
        assert_eq!(raiders.crossing[courier.index()], 0.0);
    }

    #[test]
    fn raiders_value_damage_on_the_courier_above_damage_on_another_car_and_couriers_fear_it() {
        let race = courier();
        let hurt = |number: &str| {
            let mut copy = race.clone();
            let car = car_of(&copy, "rust-reapers", number);
            copy.damage(car, 2, None);
            copy
        };
        let (on_courier, on_other) = (hurt("11"), hurt("12"));
        let raiders = seat_of(&race, "chrome-jackals");
        let couriers = seat_of(&race, "rust-reapers");
        assert!(
            evaluate(&on_courier, raiders, &weights()) > evaluate(&on_other, raiders, &weights())
        );
        assert!(
            evaluate(&on_courier, couriers, &weights()) < evaluate(&on_other, couriers, &weights())
        );
    }

    #[test]
    fn an_objectives_progress_is_worth_its_share_to_its_side_and_costs_the_rivals() {
        let mut race = courier();
        let couriers = seat_of(&race, "rust-reapers");
        let raiders = seat_of(&race, "chrome-jackals");
        let before = (
            evaluate(&race, couriers, &weights()),
            evaluate(&race, raiders, &weights()),
        );
        let courier = car_of(&race, "rust-reapers", "11");
        race.record(crate::rules::RaceEvent::LineCrossed {
            car: courier,
            forward: true,
        });
        let half = WIN_VP * 25.0 / 2.0;
        let after = (
            evaluate(&race, couriers, &weights()),
            evaluate(&race, raiders, &weights()),
        );
        assert!(
            (after.0 - before.0 - half).abs() < 1e-9,
            "{before:?} {after:?}"
        );
        assert!(
            (before.1 - after.1 - half).abs() < 1e-9,
            "{before:?} {after:?}"
        );
    }
}
