//! Combat scenarios (rulebook 8.0-8.5, 9.0): targeting arcs, hits, effects, elimination,
//! replacement cars.

use crate::common;

use common::rules::*;
use roadwright::rules::{Decision, Place, RaceEvent};

const RR: &str = "rust-reapers"; // #11 front rockets d3, #12 rear rockets d1 bonus, #13 turret d1 bonus
const CJ: &str = "chrome-jackals"; // #21 front MG d2 bonus, #22 front MG d1, #24 turret MG d1

fn three_lanes() -> roadwright::content::track::Track {
    test_track(&straight(12, "PPP"))
}

fn surrounded(shooter: &str) -> (roadwright::rules::Race, Decision) {
    // The yellow car in the middle lane with A, B, C in front, D, E beside, F, G, H behind.
    Position::on(&three_lanes())
        .car(RR, shooter, "5.1")
        .car(CJ, "21", "6.0")
        .car(CJ, "22", "6.1")
        .car(CJ, "23", "6.2")
        .car(CJ, "24", "5.0")
        .car(CJ, "25", "5.2")
        .car(CJ, "26", "4.0")
        .car(CJ, "27", "4.1")
        .car(CJ, "28", "4.2")
        .play(RR, shooter, "solo-2")
        .setup()
}

fn fire_targets(shooter: &str) -> Vec<String> {
    let (mut race, play) = surrounded(shooter);
    race.apply(&play).expect("play");
    let mut out: Vec<String> = race
        .legal_decisions()
        .into_iter()
        .filter_map(|d| match d {
            Decision::Fire { target } => Some(race.car_number(target).to_string()),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

#[test]
fn example_8_1_targets_depend_on_the_weapon_mount() {
    assert_eq!(fire_targets("11"), ["21", "22", "23"], "front: A, B, C");
    assert_eq!(fire_targets("12"), ["26", "27", "28"], "rear: F, G, H");
    assert_eq!(
        fire_targets("13"),
        ["21", "22", "23", "24", "25", "26", "27", "28"],
        "turret: every adjacent car"
    );
}

fn duel(shooter: &str, card: &str, target: &str) -> roadwright::rules::Race {
    let (mut race, play) = Position::on(&three_lanes())
        .car(RR, shooter, "5.1")
        .car(CJ, target, "6.1")
        .car(CJ, "27", "4.1")
        .play(RR, shooter, "solo-2")
        .combat(&[card])
        .setup();
    race.apply(&play).expect("play");
    let target = car(&race, CJ, target);
    race.apply(&Decision::Fire { target })
        .expect("fire before moving");
    race
}

#[test]
fn a_hit_needs_the_card_value_to_reach_the_defense_8_0() {
    // Wild Shot is value 0: it misses #22 (defense 1) from #11 (no targeting bonus).
    let race = duel("11", "wild-shot", "22");
    assert_eq!(race.car(car(&race, CJ, "22")).damage, 0);
    assert!(
        race.events()
            .iter()
            .any(|e| matches!(e, RaceEvent::Attack { hit: false, .. }))
    );
}

#[test]
fn the_targeting_bonus_adds_one_and_is_the_only_way_to_hit_with_zero_8_0() {
    // #13 has the targeting bonus and a turret: 0 + 1 >= defense 1 of #22.
    let race = duel("13", "ricochet", "22");
    let ricochet_rockets = 1;
    assert_eq!(race.car(car(&race, CJ, "22")).damage, ricochet_rockets);
}

#[test]
fn one_attack_per_activation_8_0() {
    let race = duel("13", "ricochet", "22");
    // After firing before moving, the car moves; no second chance to fire comes.
    let mut race = race;
    while race.movement().is_some() {
        let d = race.legal_decisions()[0].clone();
        race.apply(&d).expect("step");
    }
    assert!(
        !race
            .legal_decisions()
            .iter()
            .any(|d| matches!(d, Decision::Fire { .. })),
        "a car shoots once per activation"
    );
}

/// Plays the position's card and fires at a car before moving.
fn fire_first(
    position: Position,
    team: &str,
    number: &str,
) -> (roadwright::rules::Race, roadwright::rules::CarId) {
    let (mut race, play) = position.setup();
    race.apply(&play).expect("play");
    let target = car(&race, team, number);
    race.apply(&Decision::Fire { target }).expect("fire");
    (race, target)
}

/// RR #13 (turret, targeting bonus) fires Ricochet at CJ #22 (defense 1, five damage).
fn shoot_down_cj_22() -> (roadwright::rules::Race, roadwright::rules::CarId) {
    fire_first(
        Position::on(&three_lanes())
            .car(RR, "13", "5.1")
            .damaged(CJ, "22", "6.1", 5)
            .play(RR, "13", "solo-2")
            .combat(&["ricochet"]),
        CJ,
        "22",
    )
}

#[test]
fn the_sixth_damage_eliminates_and_scores_for_the_active_player_8_2_11_3() {
    let (race, target) = shoot_down_cj_22();
    assert_eq!(race.car(target).place, Place::Destroyed);
    let rr = race.car(car(&race, RR, "13")).player;
    assert_eq!(race.player(rr).claims.kills, 1);
    assert_eq!(race.player(rr).pool, 11);
}

#[test]
fn eliminating_ones_own_car_never_scores_11_3() {
    let (race, target) = fire_first(
        Position::on(&three_lanes())
            .car(RR, "13", "5.1")
            .damaged(RR, "12", "6.1", 5)
            .player(CJ)
            .play(RR, "13", "solo-2")
            .combat(&["ricochet"]),
        RR,
        "12",
    );
    assert_eq!(race.car(target).place, Place::Destroyed);
    let rr = race.car(car(&race, RR, "13")).player;
    assert_eq!(race.player(rr).claims.kills, 0);
}

#[test]
fn a_replacement_car_enters_the_chute_same_side_up_8_3() {
    let (race, target) = shoot_down_cj_22();
    let in_chute: Vec<_> = race
        .car_ids()
        .filter(|c| race.car(*c).place == Place::Chute)
        .collect();
    assert_eq!(in_chute.len(), 1, "one replacement for one loss");
    let replacement = race.car(in_chute[0]);
    assert_eq!(replacement.player, race.car(target).player);
    assert!(
        !replacement.activated,
        "the lost car had not moved: its replacement may"
    );
}

#[test]
fn spray_hits_cars_around_the_target_that_could_be_targeted_8_5() {
    // A flamethrower (Spray on Ricochet) from a front mount: the car beside the target in
    // front is hit; the car beside the shooter cannot be targeted by a front weapon and is not.
    let (mut race, play) = Position::on(&three_lanes())
        .car(CJ, "26", "5.1") // flamethrower, front, targeting bonus
        .car(RR, "12", "6.1") // defense 1
        .car(RR, "13", "6.2")
        .car(RR, "14", "5.2")
        .play(CJ, "26", "solo-2")
        .combat(&["ricochet"])
        .setup();
    race.apply(&play).expect("play");
    let target = car(&race, RR, "12");
    race.apply(&Decision::Fire { target }).expect("fire");
    assert_eq!(race.car(target).damage, 1);
    assert_eq!(race.car(car(&race, RR, "13")).damage, 1, "sprayed");
    assert_eq!(
        race.car(car(&race, RR, "14")).damage,
        0,
        "outside the front arc"
    );
    assert_eq!(
        race.car(car(&race, CJ, "26")).damage,
        0,
        "never the active car"
    );
}

#[test]
fn suppress_stops_the_next_attack_and_is_removed_after_that_activation_8_5() {
    let (mut race, play) = Position::on(&three_lanes())
        .marked(RR, "13", "5.1", vec![M::Suppressed])
        .car(CJ, "22", "6.1")
        .play(RR, "13", "solo-2")
        .setup();
    race.apply(&play).expect("play");
    assert!(
        !race
            .legal_decisions()
            .iter()
            .any(|d| matches!(d, Decision::Fire { .. })),
        "a suppressed car may not fire"
    );
    while race.active_car().is_some() {
        let d = race.legal_decisions()[0].clone();
        race.apply(&d).expect("decision");
    }
    assert!(!race.car(car(&race, RR, "13")).suppressed);
}

#[test]
fn bulldoze_puts_the_active_car_in_the_targets_place_8_5() {
    let mut race = play_moving_first(
        Position::on(&three_lanes())
            .car(RR, "11", "4.1")
            .car(CJ, "27", "5.1") // defense 3
            .play(RR, "11", "ram-2")
            .combat(&["solid-hit"]),
    );
    step(&mut race, "forward", "5.1");
    assert_eq!(where_is(&race, RR, "11"), "5.1");
    assert_eq!(where_is(&race, CJ, "27"), "4.1", "placed linked behind");
}

#[test]
fn chain_on_a_ram_damages_every_car_linked_in_front_of_the_target_8_5() {
    let mut race = play_moving_first(
        Position::on(&three_lanes())
            .car(RR, "11", "4.1")
            .car(CJ, "27", "5.1")
            .car(CJ, "28", "6.1")
            .car(CJ, "21", "7.1")
            .play(RR, "11", "ram-2")
            .combat(&["glancing-blow"]),
    );
    step(&mut race, "forward", "5.1");
    assert_eq!(race.car(car(&race, CJ, "28")).damage, 1);
    assert_eq!(race.car(car(&race, CJ, "21")).damage, 1);
}

#[test]
fn a_ram_that_eliminates_its_target_moves_into_its_space_8_4() {
    let mut race = play_moving_first(
        Position::on(&three_lanes())
            .car(RR, "11", "4.1")
            .damaged(CJ, "27", "5.1", 5)
            .play(RR, "11", "ram-2")
            .combat(&["clipped"]),
    );
    step(&mut race, "forward", "5.1");
    assert_eq!(race.car(car(&race, CJ, "27")).place, Place::Destroyed);
    assert_eq!(where_is(&race, RR, "11"), "5.1");
}

#[test]
fn the_active_car_may_still_fire_after_a_ram_7_9() {
    let mut race = play_moving_first(
        Position::on(&three_lanes())
            .car(RR, "11", "4.1")
            .car(CJ, "27", "5.1")
            .play(RR, "11", "ram-2")
            .combat(&["clipped"])
            .events(&["bounty"]),
    );
    step(&mut race, "forward", "5.1");
    assert!(
        race.legal_decisions()
            .iter()
            .any(|d| matches!(d, Decision::Fire { .. }))
    );
}

#[test]
fn a_car_eliminated_by_its_own_ram_has_moved_so_its_replacement_waits_8_3() {
    // 8.3: "If the eliminated car has already moved this turn, the car in the chute will not be
    // able to move until the next turn." #11 (5 damage) rams #27; Ricochet gives the rammer 1.
    let mut race = play_moving_first(
        Position::on(&three_lanes())
            .damaged(RR, "11", "4.1", 5)
            .car(CJ, "27", "6.1")
            .play(RR, "11", "ram-2")
            .combat(&["ricochet"]),
    );
    step(&mut race, "forward", "5.1");
    step(&mut race, "forward", "6.1");
    assert_eq!(race.car(car(&race, RR, "11")).place, Place::Destroyed);
    let replacement = race
        .car_ids()
        .find(|c| race.car(*c).place == Place::Chute)
        .expect("a replacement in the chute");
    assert!(
        race.car(replacement).activated,
        "placed same side up as the eliminated car, which had moved"
    );
    assert!(race.events().contains(&RaceEvent::Replacement {
        car: replacement,
        activated: true
    }));
    let rr = race.car(replacement).player;
    let plays_it = |race: &roadwright::rules::Race| {
        race.legal_decisions()
            .iter()
            .any(|d| matches!(d, Decision::Play { car, .. } if *car == replacement))
    };
    let turn = race.turn();
    while race.turn() == turn {
        assert!(!plays_it(&race), "the replacement may not move this turn");
        let legal = race.legal_decisions();
        let quiet = legal
            .iter()
            .find(|d| matches!(d, Decision::KeepHand | Decision::HoldFire))
            .unwrap_or(&legal[0])
            .clone();
        race.apply(&quiet).expect("legal");
    }
    while race.current_player() != rr {
        let first = race.legal_decisions()[0].clone();
        race.apply(&first).expect("legal");
    }
    assert!(plays_it(&race), "next turn it may");
}

#[test]
fn target_options_name_the_arc_and_the_odds_for_every_mount_8_1() {
    use roadwright::rules::FiringArc::{Front, Rear, Side};
    // The standard combat deck holds 12 cards of each value 0-3, so a car hits defense d with
    // chance (4 - d + bonus) / 4, capped at 1.
    let options = |shooter: &str| {
        let (race, _) = surrounded(shooter);
        let me = car(&race, RR, shooter);
        race.target_options(me)
            .into_iter()
            .map(|t| {
                (
                    race.car_number(t.target).to_string(),
                    t.arc,
                    t.defense,
                    t.hit_chance,
                )
            })
            .collect::<Vec<_>>()
    };
    // #11: front rockets, no bonus.
    assert_eq!(
        options("11"),
        [
            ("21".to_owned(), Front, 2, 0.5),
            ("22".to_owned(), Front, 1, 0.75),
            ("23".to_owned(), Front, 2, 0.5)
        ]
    );
    // #12: rear rockets with a targeting bonus.
    assert_eq!(
        options("12"),
        [
            ("26".to_owned(), Rear, 1, 1.0),
            ("27".to_owned(), Rear, 3, 0.5),
            ("28".to_owned(), Rear, 3, 0.5)
        ]
    );
    // #13: turret, every adjacent car, sides included.
    let turret = options("13");
    assert_eq!(turret.len(), 8);
    let sides: Vec<&str> = turret
        .iter()
        .filter(|t| t.1 == Side)
        .map(|t| t.0.as_str())
        .collect();
    assert_eq!(sides, ["24", "25"]);
    // After moving: the same car two sectors back would have F, G, H in front of it.
    let (race, _) = surrounded("11");
    let me = car(&race, RR, "11");
    let from_behind: Vec<String> = race
        .target_options_from(me, sp(&race, "3.1"))
        .into_iter()
        .map(|t| race.car_number(t.target).to_string())
        .collect();
    assert_eq!(from_behind, ["26", "27", "28"]);
    assert!(
        race.target_options(me)
            .iter()
            .all(|t| t.expected_damage > 0.0 && t.expected_damage <= 3.0)
    );
}

#[test]
fn a_ram_that_eliminates_a_car_across_the_crossover_enters_it_in_its_own_direction_8_4_7_12() {
    // 8.4: "the Active Car must enter the space the eliminated car occupied"; 7.12: a car on a
    // crossover space travels in the direction of the stretch it came from. #21 stands on
    // 21.0, the crossover spot shared with lap space 0.0; #11 comes along lane 0 from 39.0 and
    // rams it out of the race. #11 enters the spot as 0.0, its own stretch, and races on from
    // there; entering it as 21.0 would put it on the other stretch, half a lap away.
    let mut race = play_moving_first(
        Position::on_sample("figure-eight")
            .damaged(CJ, "21", "21.0", 5)
            .car(RR, "11", "39.0")
            .play(RR, "11", "ram-2")
            .combat(&["clipped"]),
    );
    step(&mut race, "forward", "0.0");
    assert_eq!(race.car(car(&race, CJ, "21")).place, Place::Destroyed);
    assert_eq!(where_is(&race, RR, "11"), "0.0");
}

/// #11 (5 damage) rams #27 with Ram 2, a starburst card; Ricochet gives the rammer its sixth
/// damage. `event` is the movement event on top of the deck.
fn rammer_destroyed_with_event(event: &str, position: Position) -> roadwright::rules::Race {
    let mut race = play_moving_first(
        position
            .damaged(RR, "11", "4.1", 5)
            .car(CJ, "27", "6.1")
            .play(RR, "11", "ram-2")
            .combat(&["ricochet"])
            .events(&[event]),
    );
    step(&mut race, "forward", "5.1");
    step(&mut race, "forward", "6.1");
    assert_eq!(race.car(car(&race, RR, "11")).place, Place::Destroyed);
    race
}

fn event_drawn(race: &roadwright::rules::Race) -> bool {
    race.events()
        .iter()
        .any(|e| matches!(e, RaceEvent::MovementEventDrawn { .. }))
}

#[test]
fn a_starburst_event_is_drawn_after_the_active_car_is_destroyed_by_its_own_ram_6_0_10_0() {
    // 6.0: "a Movement Event card must be drawn at the end of the Active Car's movement"; 10.0:
    // "must be drawn and played after completing the movement of the Active Car". No exception
    // for a car that did not survive it: Bounty is drawn and goes into play.
    let race = rammer_destroyed_with_event("bounty", Position::on(&three_lanes()));
    assert!(event_drawn(&race), "the starburst's event is drawn");
    assert_eq!(
        race.bounty().map(|b| b.markers),
        Some(4),
        "Bounty is in play"
    );
    // A card that acts on the active car lapses: Blown Engine finds no car to damage, and
    // nothing else happens to the destroyed car.
    let race = rammer_destroyed_with_event("blown-engine", Position::on(&three_lanes()));
    let rammer = car(&race, RR, "11");
    let drawn = race
        .events()
        .iter()
        .position(|e| matches!(e, RaceEvent::MovementEventDrawn { .. }))
        .expect("the starburst's event is drawn");
    assert!(
        !race.events()[drawn..]
            .iter()
            .any(|e| matches!(e, RaceEvent::Damage { car, .. } if *car == rammer)),
        "no damage for a car that is gone: {:?}",
        &race.events()[drawn..]
    );
    assert_eq!(race.car(rammer).place, Place::Destroyed);
    assert!(race.movement().is_none());
}

#[test]
fn a_ruleset_may_skip_the_event_of_a_destroyed_active_car() {
    // The house rule `EventAfterElimination::Skip`: the event dies with the car.
    use roadwright::content::ruleset::EventAfterElimination;
    let race = rammer_destroyed_with_event(
        "bounty",
        Position::on(&three_lanes()).rule(|r| {
            r.event_after_elimination = EventAfterElimination::Skip;
        }),
    );
    assert!(!event_drawn(&race), "no event drawn");
    assert_eq!(race.bounty(), None);
}
