//! What a position is worth to a player, by a profile's weights ([`Weights`]).

use crate::content::bot_profile::Weights;
use crate::content::track::Section;
use crate::rules::{Place, PlayerId, Race, RaceResult};
use crate::validate::checked_track::CheckedTrack;

/// The score of a won race (and minus it, of a lost one): above anything a position is worth.
const DECIDED: f64 = 1.0e6;

/// How far along the lap a car on `place` is, in sectors from the finish line (0 on the
/// starting section and off the board).
#[must_use]
pub fn lap_progress(track: &CheckedTrack, place: Place) -> f64 {
    let sector = match place {
        Place::Track(space) => track.space(space).sector,
        Place::OffTrack { sector, .. } => sector,
        Place::Chute => track.space(track.chute().beside).sector,
        Place::Reserve | Place::Destroyed => return 0.0,
    };
    let sector = track.sector(sector);
    if sector.section == Section::Lap {
        f64::from(sector.number)
    } else {
        0.0
    }
}

/// The sectors of one lap.
#[must_use]
pub fn lap_length(track: &CheckedTrack) -> f64 {
    f64::from(track.sector(track.last_lap_sector()).number + 1)
}

/// The position's worth to `me`: its progress (sectors covered, a lap for each finish VP), VP
/// by source, damage dealt and taken, cars lost and the rivals' pools, each by its weight; a
/// decided race is worth more than anything.
#[must_use]
pub fn evaluate(race: &Race, me: PlayerId, weights: &Weights) -> f64 {
    match race.result() {
        Some(RaceResult::Draw) | None => {}
        Some(_) if race.won_by(me) => return DECIDED,
        Some(_) => return -DECIDED,
    }
    let track = race.track();
    let (mut progress, mut dealt, mut taken, mut lost) = (0.0, 0.0, 0.0, 0.0);
    for car in race.cars() {
        let damage = f64::from(car.damage) + f64::from(car.temporary_damage);
        if car.player == me {
            match car.place {
                Place::Destroyed => lost += 1.0,
                Place::Reserve => {}
                _ => {
                    progress += lap_progress(track, car.place);
                    taken += damage;
                }
            }
        } else if car.place.in_race() {
            dealt += damage;
        }
    }
    let mine = race.player(me);
    // A finish VP stands for a whole lap covered: progress runs on across the line.
    let lap = lap_length(track);
    progress += lap * f64::from(mine.claims.finish);
    let rivals_pool: f64 = race
        .players()
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != me.index())
        .map(|(_, p)| f64::from(p.pool))
        .sum();
    weights.progress * progress
        + weights.finish_vp * f64::from(mine.claims.finish)
        + weights.kill_vp * f64::from(mine.claims.kills)
        + weights.damage_dealt * dealt
        + weights.damage_taken * taken
        + weights.cars_lost * lost
        + weights.rivals_pool * rivals_pool
}
