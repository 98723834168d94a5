//! What a position is worth to a player, by a profile's weights ([`Weights`]).

use crate::content::bot_profile::Weights;
use crate::content::track::Section;
use crate::rules::{Place, PlayerId, Race, RaceResult};
use crate::validate::checked_track::CheckedTrack;

use super::mission_score::{MissionLens, objectives_worth};

/// The score of a won race (and minus it, of a lost one): above anything a position is worth.
pub(crate) const DECIDED: f64 = 1.0e6;

/// How far along the lap a car on `place` is, in sectors from the finish line (0 on the
/// starting section and off the board).
#[must_use]
pub fn lap_progress(track: &CheckedTrack, place: Place) -> f64 {
    let sector = match place {
        Place::Track(space) => track.space(space).sector,
        Place::OffTrack { sector, .. } => sector,
        Place::Chute => track.space(track.chute().beside).sector,
        Place::Reserve | Place::Destroyed | Place::Finished(_) => return 0.0,
    };
    let sector = track.sector(sector);
    if sector.section == Section::Lap {
        f64::from(sector.number)
    } else {
        0.0
    }
}

/// What a car on a rolling road's rear tile counts as of a car lost, while the road can still
/// roll: the next car to drive off the lead tile removes it with every car on it, most likely
/// before the car's own next activation. (Decided here, not read from the profile, as
/// [`Weights::friendly_harm`] is: a profile that fears losing cars fears the rear tile.)
pub const ROLLING_RISK: f64 = 0.5;

/// Whether a car at `place` stands on or beside the rear tile of a rolling road that can still
/// roll (its lead tile is not the final one).
#[must_use]
pub fn on_doomed_tile(race: &Race, place: Place) -> bool {
    let Some(road) = race.road().filter(|road| road.lead < road.final_tile) else {
        return false;
    };
    race.board_sector(place)
        .is_some_and(|sector| race.track().laid_tiles().tile_of(sector) == road.rear)
}

/// The sectors of one lap.
#[must_use]
pub fn lap_length(track: &CheckedTrack) -> f64 {
    f64::from(track.sector(track.last_lap_sector()).number + 1)
}

/// What a decision that attacks a car of `me`'s side costs before its card is drawn: firing at
/// one of its own team's cars, or in a mission an ally's, is worth the expected damage of the
/// shot at [`Weights::friendly_harm`]; any other decision nothing. A bot adds it to the
/// position the decision reaches on its determinised copy, where a missed shot at an ally
/// would otherwise score as holding fire does (a coin toss, not a choice). Where a rule or
/// the mission rewards the attack (a kill worth VP), the position's own worth still outweighs
/// it.
#[must_use]
pub fn friendly_fire_cost(
    race: &Race,
    me: PlayerId,
    decision: &crate::rules::Decision,
    weights: &Weights,
) -> f64 {
    let crate::rules::Decision::Fire { target } = decision else {
        return 0.0;
    };
    if !race.same_side(me, race.car(*target).player) {
        return 0.0;
    }
    let Some(attacker) = race.active_car() else {
        return 0.0;
    };
    let expected = race
        .target_options(attacker)
        .into_iter()
        .find(|t| t.target == *target)
        .map_or(0.0, |t| t.expected_damage);
    weights.friendly_harm() * expected
}

/// The position's worth to `me`: its progress (sectors covered, a lap for each finish VP), VP
/// by source, damage dealt and taken, cars lost and the rivals' pools, each by its weight; a
/// decided race is worth more than anything. In a mission race the player's side counts as
/// theirs, and its objectives add their worth ([`super::mission_score`]).
#[must_use]
pub fn evaluate(race: &Race, me: PlayerId, weights: &Weights) -> f64 {
    match race.result() {
        Some(RaceResult::Draw) | None => {}
        Some(_) if race.won_by(me) => return DECIDED,
        Some(_) => return -DECIDED,
    }
    if race.mission().is_some() {
        let lens = MissionLens::of(race, me, weights);
        return board_worth(race, me, weights, Some(&lens))
            + objectives_worth(race, me, weights, &lens);
    }
    board_worth(race, me, weights, None)
}

/// What the board is worth to `me` (and its side, through `lens`): the terms of [`evaluate`]
/// but the objectives. Without a lens every share is 1 and only `me` is a friend, so the
/// arithmetic is the rulebook race's, term for term.
fn board_worth(race: &Race, me: PlayerId, weights: &Weights, lens: Option<&MissionLens>) -> f64 {
    let friend = |p: PlayerId| lens.map_or(p == me, |l| l.friend[p.index()]);
    let share =
        |shares: fn(&MissionLens) -> &[f64], car: usize| lens.map_or(1.0, |l| shares(l)[car]);
    let track = race.track();
    let (mut progress, mut dealt, mut taken, mut lost) = (0.0, 0.0, 0.0, 0.0);
    for (i, car) in race.cars().iter().enumerate() {
        let damage = f64::from(car.damage) + f64::from(car.temporary_damage);
        let damage = damage * share(|l| &l.damage_share, i);
        if friend(car.player) {
            match car.place {
                Place::Destroyed => lost += lens.map_or(1.0, |l| l.loss_share),
                Place::Reserve => {}
                _ => {
                    progress += lap_progress(track, car.place) * share(|l| &l.progress_share, i);
                    taken += damage;
                    if on_doomed_tile(race, car.place) {
                        lost += ROLLING_RISK * lens.map_or(1.0, |l| l.loss_share);
                    }
                }
            }
        } else if car.place.in_race() {
            dealt += damage;
        }
    }
    let (mut finish, mut kills, mut rivals_pool) = (0.0, 0.0, 0.0);
    for (i, p) in race.players().iter().enumerate() {
        if friend(PlayerId(i as u8)) {
            finish += f64::from(p.claims.finish);
            kills += f64::from(p.claims.kills);
        } else {
            rivals_pool += f64::from(p.pool);
        }
    }
    // A finish VP stands for a whole lap covered: progress runs on across the line.
    let lap = lap_length(track);
    progress += lap * finish;
    weights.progress * progress
        + weights.finish_vp * finish
        + weights.kill_vp * kills
        + weights.damage_dealt * dealt
        + weights.damage_taken * taken
        + weights.cars_lost * lost
        + weights.rivals_pool * rivals_pool
}

/// What the cars not of `me`'s side have covered, scored as `me`'s own progress is (sectors by
/// `progress`, each lap finished by a lap's sectors and `finish_vp`); neutral cars aside. What
/// a search bot's `rivals_progress` counts against it at a play-out's end.
#[must_use]
pub fn rivals_progress(race: &Race, me: PlayerId, weights: &Weights) -> f64 {
    let rival = |player: PlayerId| !race.same_side(me, player) && !race.is_neutral(player);
    let track = race.track();
    let lap = lap_length(track);
    let mut worth = 0.0;
    for car in race.cars() {
        if rival(car.player) && car.place.in_race() {
            worth += weights.progress * lap_progress(track, car.place);
        }
    }
    for (seat, player) in race.players().iter().enumerate() {
        let id = PlayerId(u8::try_from(seat).unwrap_or(u8::MAX));
        if rival(id) {
            worth += (weights.progress * lap + weights.finish_vp) * f64::from(player.claims.finish);
        }
    }
    worth
}
