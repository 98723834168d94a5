//! How cars were hurt and lost: every damage and elimination of whole races put down to a
//! cause (`sim::harm`), checked against the events themselves.

use std::sync::Arc;

use crate::common;
use roadwright::rules::{Race, RaceEvent, RaceSetup};
use roadwright::sim::harm::{Attributor, Cause};
use roadwright::sim::{Seats, play_race};

/// Races of `content` on `track` played to their end by random bots.
fn races(content: &str, track: &str, players: usize, count: u64) -> Vec<Race> {
    let loaded =
        roadwright::sim::load::load_race(&common::repo(content), &common::repo(track), "standard")
            .expect("a sample that loads");
    (0..count)
        .map(|seed| {
            let setup = RaceSetup::first_teams(&loaded.rules.content, players, seed);
            let mut race = Race::new(Arc::clone(&loaded.rules), &setup).expect("a race");
            let mut seats = Seats::random(seed, players);
            play_race(&mut race, &mut seats, false).expect("played");
            race
        })
        .collect()
}

#[test]
fn every_damage_and_elimination_has_a_named_cause_and_the_sums_are_the_races() {
    let mut causes = std::collections::BTreeSet::new();
    let mut losses = std::collections::BTreeSet::new();
    for race in races("content", "tracks/figure-eight.ron", 6, 40)
        .into_iter()
        .chain(races(
            "samples/devils-run/content",
            "samples/devils-run/tracks/devils-run.ron",
            4,
            40,
        ))
        .chain(races(
            "samples/devils-run/content",
            "samples/devils-run/courses/rolling-road.ron",
            4,
            20,
        ))
    {
        let harm = Attributor::of(&race);
        let mut damage = vec![0u64; race.cars().len()];
        let mut shots = 0;
        for event in race.events() {
            match event {
                RaceEvent::Damage { car, amount, .. } => damage[car.index()] += u64::from(*amount),
                RaceEvent::Attack { .. } => shots += 1,
                _ => {}
            }
        }
        for (i, car) in harm.cars.iter().enumerate() {
            assert_eq!(car.damage.total(), damage[i], "car {i}: {:?}", car.damage);
            assert_eq!(car.damage.other, 0, "car {i}: damage of no cause");
            assert_eq!(
                car.lost_to.is_some(),
                race.cars()[i].place == roadwright::rules::Place::Destroyed,
                "car {i}"
            );
            assert_ne!(car.lost_to, Some(Cause::Other), "car {i}: lost to no cause");
            losses.extend(car.lost_to.map(Cause::id));
            for cause in Cause::ALL {
                if car.damage.get(cause) > 0 {
                    causes.insert(cause.id());
                }
            }
        }
        assert_eq!(harm.attacks.shots, shots);
    }
    // The sample pack's ground and hazards strike, and random bots fire at their own team.
    for cause in [
        "enemy_fire",
        "own_fire",
        "collision",
        "ground",
        "hazard",
        "movement_event",
    ] {
        assert!(causes.contains(cause), "{cause} never seen: {causes:?}");
    }
    // The rolling road's removed tiles take the cars on them.
    assert!(losses.contains("road"), "{losses:?}");
}
