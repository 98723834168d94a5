//! Movement scenarios from the rulebook (7.0-7.15), one per rule and per EXAMPLE paragraph.
//! The rulebook's pictures are lost; each test rebuilds the situation its text describes on a
//! small test track (lane 0 is the apron).

use crate::common;

use common::rules::*;
use roadwright::rules::outcomes::Ending;
use roadwright::rules::{Decision, Step, enumerate_outcomes};

const RR: &str = "rust-reapers"; // #11 base 1, #12 base 3, #13 base 1 (turret), #14 base 2
const CJ: &str = "chrome-jackals"; // #21 base 1, #22 base 3, #23 base 2, #24 base 2

fn four_lanes() -> roadwright::content::track::Track {
    test_track(&straight(12, "PPPP"))
}

#[test]
fn movement_points_are_the_card_speed_plus_the_base_mp_7_1() {
    let race = play_moving_first(
        Position::on(&four_lanes())
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-4"),
    );
    assert_eq!(mp_left(&race), 4 + 3);
}

#[test]
fn forward_and_lateral_moves_cost_one_mp_7_1() {
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-4"),
    );
    step(&mut race, "forward", "3.1");
    assert_eq!(mp_left(&race), 6);
    step(&mut race, "lateral", "3.2");
    assert_eq!(mp_left(&race), 5);
}

#[test]
fn a_car_never_moves_backward_nor_enters_a_space_twice_7_1() {
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-4"),
    );
    step(&mut race, "lateral", "2.2");
    assert!(
        !can_step(&race, "lateral", "2.1"),
        "back into a space already entered"
    );
    for s in steps(&race) {
        let at = race.track().at(s.target());
        assert!(at.sector >= 2, "a step goes backward to {at}");
    }
}

#[test]
fn all_movement_points_must_be_spent_7_1() {
    let race = play_moving_first(
        Position::on(&four_lanes())
            .car(RR, "11", "2.1")
            .play(RR, "11", "solo-2"),
    );
    let outcomes = enumerate_outcomes(&race);
    assert!(!outcomes.is_empty());
    for o in &outcomes {
        assert_eq!(o.ending, Ending::Spent);
        assert_eq!(o.spent, 3);
    }
    // Three MP on an empty four-lane straight: forward 3, or mixes with lane changes that
    // never revisit a space. 5.1 (straight on) is one of them, 2.1 (no move) is not.
    let ends: Vec<String> = outcomes
        .iter()
        .map(|o| race.place_name(o.moved[0].1))
        .collect();
    assert!(ends.contains(&"5.1".to_owned()));
    assert!(!ends.contains(&"2.0".to_owned()));
}

#[test]
fn example_7_3_solo_pushes_then_changes_lanes_and_unlinks() {
    // Car #23 (solo, 5 MP) moves forward three spaces pushing car B, changes lanes, moves on.
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "23", "2.1")
            .car(RR, "11", "3.1")
            .play(CJ, "23", "solo-3"),
    );
    for to in ["3.1", "4.1", "5.1"] {
        step(&mut race, "forward", to);
    }
    assert_eq!(
        where_is(&race, RR, "11"),
        "6.1",
        "B was pushed three spaces"
    );
    step(&mut race, "lateral", "5.2");
    step(&mut race, "forward", "6.2");
    assert_eq!(where_is(&race, CJ, "23"), "6.2");
    assert_eq!(where_is(&race, RR, "11"), "6.1", "B is no longer linked");
}

#[test]
fn example_7_5_overtake_swaps_pushes_and_changes_lanes() {
    // Forward 1 – overtake A – push B one space – overtake B – move laterally (5 MP).
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "22", "1.1")
            .car(RR, "11", "3.1")
            .car(RR, "12", "5.1")
            .play(CJ, "22", "overtake-2"),
    );
    step(&mut race, "forward", "2.1");
    step(&mut race, "swap", "3.1");
    assert_eq!(where_is(&race, RR, "11"), "2.1", "A swapped behind");
    step(&mut race, "forward", "4.1");
    step(&mut race, "forward", "5.1");
    assert_eq!(where_is(&race, RR, "12"), "6.1", "B pushed");
    step(&mut race, "swap", "6.1");
    assert_eq!(where_is(&race, RR, "12"), "5.1", "B overtaken");
    assert_eq!(where_is(&race, CJ, "22"), "6.1");
}

#[test]
fn only_overtake_may_swap_7_5() {
    let race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "22", "1.1")
            .car(RR, "11", "2.1")
            .play(CJ, "22", "solo-2"),
    );
    assert!(!steps(&race).iter().any(|s| matches!(s, Step::Swap { .. })));
}

#[test]
fn example_7_6_line_forms_with_cars_in_front_and_behind_and_cannot_change_lanes() {
    // Car #21 moves forward and forms a Line with cars A (in front), E and G (behind).
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "21", "3.1")
            .car(RR, "11", "4.1")
            .car(RR, "12", "2.1")
            .car(RR, "13", "1.1")
            .play(CJ, "21", "line-2"),
    );
    step(&mut race, "forward", "4.1");
    assert_eq!(where_is(&race, RR, "11"), "5.1");
    assert_eq!(where_is(&race, RR, "12"), "3.1");
    assert_eq!(where_is(&race, RR, "13"), "2.1");
    assert!(
        steps(&race)
            .iter()
            .all(|s| matches!(s, Step::Forward { .. })),
        "a racing line cannot change lanes"
    );
    step(&mut race, "forward", "5.1");
    step(&mut race, "forward", "6.1");
    assert_eq!(where_is(&race, CJ, "21"), "6.1");
    assert_eq!(where_is(&race, RR, "13"), "4.1");
}

#[test]
fn example_7_6_line_changes_lanes_first_then_picks_up_b_and_f() {
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "21", "3.1")
            .car(RR, "11", "4.2")
            .car(RR, "12", "2.2")
            .play(CJ, "21", "line-2"),
    );
    step(&mut race, "lateral", "3.2");
    step(&mut race, "forward", "4.2");
    assert_eq!(where_is(&race, RR, "11"), "5.2", "B pushed");
    assert_eq!(where_is(&race, RR, "12"), "3.2", "F follows");
}

#[test]
fn example_7_6_line_displaces_laterally_before_moving_forward() {
    // #21 pushes cars F and E sideways, then moves forward linking the centre line.
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "22", "3.1")
            .car(RR, "11", "3.2")
            .car(RR, "12", "3.3")
            .car(RR, "13", "4.2")
            .car(RR, "14", "2.2")
            .play(CJ, "22", "line-2"),
    );
    step(&mut race, "lateral", "3.2");
    assert_eq!(mp_left(&race), 3, "displacement costs 2 MP");
    assert_eq!(where_is(&race, RR, "11"), "3.3");
    assert_eq!(
        where_is(&race, RR, "12"),
        "4.3",
        "against the wall: displaced forward"
    );
    step(&mut race, "forward", "4.2");
    assert_eq!(where_is(&race, RR, "13"), "5.2");
    assert_eq!(where_is(&race, RR, "14"), "3.2");
}

#[test]
fn example_7_6_line_moves_ahead_and_picks_up_b() {
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "21", "3.1")
            .car(RR, "11", "5.1")
            .play(CJ, "21", "line-2"),
    );
    step(&mut race, "forward", "4.1");
    assert!(
        can_step(&race, "lateral", "4.2"),
        "no car linked yet: lanes may change"
    );
    step(&mut race, "forward", "5.1");
    assert_eq!(where_is(&race, RR, "11"), "6.1");
    assert!(
        !can_step(&race, "lateral", "5.2"),
        "linked: no more lane changes"
    );
}

#[test]
fn example_7_7_pursuit_pushes_a_and_b_and_leaves_c_behind() {
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "21", "3.1")
            .car(RR, "11", "4.1")
            .car(RR, "12", "5.1")
            .car(RR, "13", "2.1")
            .play(CJ, "21", "pursuit-2"),
    );
    step(&mut race, "forward", "4.1");
    assert_eq!(where_is(&race, RR, "11"), "5.1");
    assert_eq!(where_is(&race, RR, "12"), "6.1");
    assert_eq!(where_is(&race, RR, "13"), "2.1", "C is never pulled");
    assert!(
        !can_step(&race, "lateral", "4.2"),
        "linked pursuit cannot change lanes"
    );
}

#[test]
fn example_7_7_pursuit_may_displace_before_linking() {
    // Alternatively #21 pushes car D sideways and then moves forward pushing car C.
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "21", "3.1")
            .car(RR, "11", "3.2")
            .car(RR, "12", "4.2")
            .play(CJ, "21", "pursuit-3"),
    );
    step(&mut race, "lateral", "3.2");
    assert_eq!(where_is(&race, RR, "11"), "3.3");
    step(&mut race, "forward", "4.2");
    assert_eq!(where_is(&race, RR, "12"), "5.2");
}

#[test]
fn example_7_8_lead_pulls_the_cars_linked_behind_at_the_start() {
    // Cars B, C and D follow #21; car A beside it is not affected.
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "21", "3.1")
            .car(RR, "11", "2.1")
            .car(RR, "12", "1.1")
            .car(RR, "13", "0.1")
            .car(RR, "14", "3.2")
            .play(CJ, "21", "lead-2"),
    );
    step(&mut race, "forward", "4.1");
    step(&mut race, "forward", "5.1");
    step(&mut race, "lateral", "5.0");
    assert_eq!(
        where_is(&race, RR, "11"),
        "5.1",
        "B follows into the space #21 left"
    );
    assert_eq!(where_is(&race, RR, "12"), "4.1");
    assert_eq!(where_is(&race, RR, "13"), "3.1");
    assert_eq!(where_is(&race, RR, "14"), "3.2", "A is not linked");
}

#[test]
fn example_7_8_lead_without_cars_behind_works_like_solo() {
    // #21 moves forward, changes lanes in front of car A and goes on without taking it.
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "21", "3.1")
            .car(RR, "11", "3.2")
            .play(CJ, "21", "lead-2"),
    );
    step(&mut race, "forward", "4.1");
    step(&mut race, "lateral", "4.2");
    step(&mut race, "forward", "5.2");
    assert_eq!(where_is(&race, RR, "11"), "3.2");
}

#[test]
fn ram_stops_behind_the_car_it_would_push_and_rams_it_7_9() {
    let position = Position::on(&four_lanes())
        .car(RR, "11", "3.1")
        .car(CJ, "21", "5.1")
        .play(RR, "11", "ram-2")
        .combat(&["clipped"]);
    let mut race = play_moving_first(position);
    step(&mut race, "forward", "4.1");
    step(&mut race, "forward", "5.1");
    assert_eq!(
        where_is(&race, RR, "11"),
        "4.1",
        "stops in the space behind"
    );
    assert_eq!(
        where_is(&race, CJ, "21"),
        "5.1",
        "the rammed car is not pushed"
    );
    let card = collision_of(&race, "clipped");
    assert_eq!(race.car(car(&race, CJ, "21")).damage, card.target_damage);
    assert_eq!(race.car(car(&race, RR, "11")).damage, card.active_damage);
    assert!(race.movement().is_none(), "movement is over");
}

#[test]
fn a_suppressed_car_still_stops_but_makes_no_ram_attack_8_5() {
    let position = Position::on(&four_lanes())
        .marked(RR, "11", "3.1", vec![M::Suppressed])
        .car(CJ, "21", "4.1")
        .play(RR, "11", "ram-2");
    let mut race = play_moving_first(position);
    step(&mut race, "forward", "4.1");
    assert_eq!(where_is(&race, RR, "11"), "3.1");
    assert_eq!(race.car(car(&race, CJ, "21")).damage, 0);
    assert!(
        race.events()
            .iter()
            .all(|e| !matches!(e, roadwright::rules::RaceEvent::Collision { .. }))
    );
}

#[test]
fn ram_played_as_lead_pulls_the_cars_behind_7_9() {
    let position = Position::on(&four_lanes())
        .car(RR, "11", "3.1")
        .car(CJ, "21", "2.1")
        .play(RR, "11", "ram-2")
        .ram_as_lead();
    let mut race = play_moving_first(position);
    step(&mut race, "forward", "4.1");
    assert_eq!(where_is(&race, CJ, "21"), "3.1");
}

#[test]
fn example_7_10_lateral_displacement_cascades_and_the_wall_pushes_forward() {
    // #300 displaces A, which displaces B; B, against the wall, is displaced forward pushing C.
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "22", "3.1")
            .car(RR, "11", "3.2")
            .car(RR, "12", "3.3")
            .car(RR, "13", "4.3")
            .play(CJ, "22", "solo-2"),
    );
    step(&mut race, "lateral", "3.2");
    assert_eq!(
        mp_left(&race),
        3,
        "one displacement costs 2 MP however many cars move"
    );
    assert_eq!(where_is(&race, CJ, "22"), "3.2");
    assert_eq!(where_is(&race, RR, "11"), "3.3");
    assert_eq!(where_is(&race, RR, "12"), "4.3");
    assert_eq!(where_is(&race, RR, "13"), "5.3");
}

#[test]
fn a_car_displaced_against_the_apron_moves_forward_7_10() {
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "22", "3.1")
            .car(RR, "11", "3.0")
            .play(CJ, "22", "solo-2"),
    );
    step(&mut race, "lateral", "3.0");
    assert_eq!(where_is(&race, RR, "11"), "4.0");
}

fn diverging() -> roadwright::content::track::Track {
    // Three lanes, then four: lane 2 of sector 5 forks into lanes 2 and 3 of sector 6.
    let mut sectors = straight(6, "PPP");
    sectors.extend(straight(6, "PPPP"));
    sectors.push("PPP");
    test_track(&sectors)
}

#[test]
fn example_7_11_3_the_active_player_picks_the_lane_out_of_a_corner() {
    // #TOR may push car A along lane 2 or take the empty lane beside it; B follows either way.
    let race = play_moving_first(
        Position::on(&diverging())
            .car(CJ, "21", "5.2")
            .car(RR, "11", "6.2")
            .car(RR, "12", "4.2")
            .play(CJ, "21", "line-1"),
    );
    let forwards: Vec<Vec<String>> = steps(&race)
        .into_iter()
        .filter_map(|s| match s {
            Step::Forward { path, .. } => Some(
                path.iter()
                    .map(|p| race.track().at(*p).to_string())
                    .collect(),
            ),
            _ => None,
        })
        .collect();
    assert!(forwards.contains(&vec!["6.2".to_owned(), "7.2".to_owned()]));
    assert!(
        forwards.contains(&vec!["6.3".to_owned()]),
        "the empty lane below A"
    );
}

#[test]
fn outside_line_takes_the_outside_lane_at_every_fork_7_11_3() {
    let race = play_moving_first(Position::on(&diverging()).car(CJ, "21", "5.2").play(
        CJ,
        "21",
        "outside-line-3",
    ));
    assert!(can_step(&race, "forward", "6.3"));
    assert!(
        !can_step(&race, "forward", "6.2"),
        "the inside branch is not allowed"
    );
}

#[test]
fn example_7_11_2_a_line_into_a_converging_corner_takes_the_one_lane() {
    // Four lanes into three: lanes 2 and 3 both lead into lane 2. #TOR pushes A into the
    // corner; B, behind, joins the line.
    let mut sectors = straight(6, "PPPP");
    sectors.extend(straight(7, "PPP"));
    let mut race = play_moving_first(
        Position::on(&test_track(&sectors))
            .car(CJ, "21", "4.3")
            .car(RR, "11", "5.3")
            .car(RR, "12", "3.3")
            .play(CJ, "21", "line-1"),
    );
    step(&mut race, "forward", "5.3");
    assert_eq!(
        where_is(&race, RR, "11"),
        "6.2",
        "A enters the corner's lane"
    );
    assert_eq!(where_is(&race, RR, "12"), "4.3", "B joins the line");
}

#[test]
fn rough_ground_allows_no_lane_change_7_13() {
    let mut sectors = straight(4, "PPPP");
    sectors.extend(straight(4, "RRRR"));
    sectors.extend(straight(4, "PPPP"));
    let race = play_moving_first(
        Position::on(&test_track(&sectors))
            .car(CJ, "22", "5.1")
            .play(CJ, "22", "diagonal-solo-3"),
    );
    assert!(
        steps(&race)
            .iter()
            .all(|s| matches!(s, Step::Forward { .. })),
        "only forward moves inside rough ground, diagonals included"
    );
}

fn jump_track() -> roadwright::content::track::Track {
    let mut sectors = straight(4, "PPP");
    sectors.extend(straight(3, "JTJ"));
    sectors.extend(straight(5, "PPP"));
    test_track(&sectors)
}

#[test]
fn a_car_in_the_trough_must_first_move_laterally_out_7_14() {
    let race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "22", "5.1")
            .play(CJ, "22", "solo-2"),
    );
    let all = steps(&race);
    assert!(!all.is_empty());
    assert!(all.iter().all(|s| matches!(s, Step::Lateral { .. })));
}

#[test]
fn leaving_the_trough_may_displace_a_jump_car_forward_7_14() {
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "22", "5.1")
            .car(RR, "11", "5.0")
            .play(CJ, "22", "solo-2"),
    );
    step(&mut race, "lateral", "5.0");
    assert_eq!(
        where_is(&race, RR, "11"),
        "6.0",
        "a jump car cannot change lanes: forward"
    );
}

#[test]
fn cars_stack_in_the_trough_7_14() {
    // Two cars in the trough of one sector.
    let (race, _) = Position::on(&jump_track())
        .car(CJ, "22", "5.1")
        .car(RR, "11", "5.1")
        .car(RR, "12", "2.1")
        .play(RR, "12", "solo-2")
        .setup();
    race.check_invariants()
        .expect("stacking in the trough is allowed");
    assert_eq!(where_is(&race, CJ, "22"), "5.1");
    assert_eq!(where_is(&race, RR, "11"), "5.1");
}

#[test]
fn nothing_links_into_the_trough_7_14() {
    let race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "22", "3.1")
            .play(CJ, "22", "solo-4"),
    );
    for o in enumerate_outcomes(&race) {
        let at = race.place_name(o.moved[0].1);
        assert!(
            !["4.1", "5.1", "6.1"].contains(&at.as_str()),
            "ended in the trough at {at}"
        );
    }
}

#[test]
fn diagonal_moves_only_with_a_diagonal_card_7_15() {
    let solo = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "22", "3.1")
            .play(CJ, "22", "solo-3"),
    );
    assert!(
        !steps(&solo)
            .iter()
            .any(|s| matches!(s, Step::Diagonal { .. }))
    );
    let mut diagonal = play_moving_first(Position::on(&four_lanes()).car(CJ, "22", "3.1").play(
        CJ,
        "22",
        "diagonal-solo-3",
    ));
    step(&mut diagonal, "diagonal", "4.2");
    step(&mut diagonal, "diagonal", "5.3");
    assert_eq!(
        mp_left(&diagonal),
        4,
        "a diagonal costs 1 MP and may be used repeatedly"
    );
}

#[test]
fn leaving_the_chute_is_a_lateral_move_onto_the_track_8_3() {
    // The test track's chute is beside 1.0 on the inside.
    let mut race = play_moving_first(
        Position::on(&four_lanes())
            .spot(CJ, "22", At::Chute, vec![])
            .car(RR, "11", "1.0")
            .play(CJ, "22", "solo-2"),
    );
    let all = steps(&race);
    assert_eq!(all.len(), 1, "only the move onto the track: {all:?}");
    step(&mut race, "lateral", "1.0");
    assert_eq!(mp_left(&race), 3, "2 MP with a displacement");
    assert_eq!(
        where_is(&race, RR, "11"),
        "1.1",
        "displaced away from the chute"
    );
}

#[test]
fn a_spun_around_car_reenters_laterally_and_cannot_fire_first_10_0() {
    let position = Position::on(&four_lanes())
        .spot(
            CJ,
            "24",
            At::OffTrack {
                beside: space_ref("4.0"),
                side: Side::Outside,
            },
            vec![M::SpinAround],
        )
        .car(RR, "11", "4.3")
        .play(CJ, "24", "solo-2");
    let (mut race, play) = position.setup();
    race.apply(&play).expect("play");
    assert!(race.movement().is_some(), "no chance to fire before moving");
    step(&mut race, "lateral", "4.3");
    assert_eq!(where_is(&race, RR, "11"), "4.2", "displaced inward");
    assert!(
        !race.car(car(&race, CJ, "24")).spun_around,
        "the token is removed"
    );
}

#[test]
fn example_7_12_a_perpendicular_car_in_the_crossover_bars_the_way() {
    // Figure 8: 0.x and 20.x/21.x are the same spaces. Blue #21 sits on 21.0 (= 0.0).
    // White #X comes along lane 0 of the lap and tries to enter 0.0: it stops, both take 1.
    let position = Position::on_sample("figure-eight")
        .car(CJ, "21", "21.0")
        .car(RR, "11", "39.0")
        .play(RR, "11", "solo-4");
    let mut race = play_moving_first(position);
    step(&mut race, "forward", "0.0");
    assert_eq!(where_is(&race, RR, "11"), "39.0");
    assert_eq!(race.car(car(&race, RR, "11")).damage, 1);
    assert_eq!(race.car(car(&race, CJ, "21")).damage, 1);
    assert!(race.movement().is_none(), "remaining MP are lost");
}

#[test]
fn cars_in_the_crossover_cannot_be_displaced_laterally_7_12() {
    let race = play_moving_first(
        Position::on_sample("figure-eight")
            .car(CJ, "21", "0.1")
            .car(RR, "11", "0.0")
            .play(RR, "11", "solo-4"),
    );
    assert!(!can_step(&race, "lateral", "0.1"));
}

#[test]
fn outcome_enumeration_lists_each_end_position_once_with_a_path() {
    let race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "22", "3.1")
            .car(RR, "11", "4.1")
            .play(CJ, "22", "solo-2"),
    );
    let outcomes = enumerate_outcomes(&race);
    let mut keys: Vec<_> = outcomes.iter().map(|o| o.moved.clone()).collect();
    let before = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), before, "each end position once");
    // Every path replays to its end position.
    for o in &outcomes {
        let mut replay = race.clone();
        for s in &o.steps {
            replay
                .apply(&Decision::Move(s.clone()))
                .expect("the path is legal");
        }
        for (c, place) in &o.moved {
            assert_eq!(replay.car(*c).place, *place);
        }
    }
}

#[test]
fn thunder_alley_variant_gives_temporary_damage_in_the_crossover_7_12() {
    use roadwright::content::ruleset::CrossoverCollision;
    let position = Position::on_sample("figure-eight")
        .car(CJ, "21", "21.0")
        .car(RR, "11", "39.0")
        .play(RR, "11", "solo-4")
        .crossover(CrossoverCollision::TemporaryDamage { damage: 1 });
    let mut race = play_moving_first(position);
    step(&mut race, "forward", "0.0");
    let blocker = race.car(car(&race, CJ, "21"));
    assert_eq!((blocker.damage, blocker.temporary_damage), (0, 1));
}

#[test]
fn grand_prix_variant_only_stops_the_car_7_12() {
    use roadwright::content::ruleset::CrossoverCollision;
    let position = Position::on_sample("figure-eight")
        .car(CJ, "21", "21.0")
        .car(RR, "11", "39.0")
        .play(RR, "11", "solo-4")
        .crossover(CrossoverCollision::StopOnly);
    let mut race = play_moving_first(position);
    step(&mut race, "forward", "0.0");
    assert_eq!(where_is(&race, RR, "11"), "39.0");
    assert_eq!(race.car(car(&race, RR, "11")).damage, 0);
    assert_eq!(race.car(car(&race, CJ, "21")).damage, 0);
    assert!(race.movement().is_none());
}

#[test]
fn example_7_11_4_the_active_player_picks_which_converging_lane_forms_the_line_behind() {
    // Lanes 2 and 3 of sector 5 both lead into 6.2, where #21 starts a Line. Either car
    // behind may be the line; the other stays.
    let mut sectors = straight(6, "PPPP");
    sectors.extend(straight(7, "PPP"));
    let mut race = play_moving_first(
        Position::on(&test_track(&sectors))
            .car(CJ, "21", "6.2")
            .car(RR, "11", "5.2")
            .car(RR, "12", "5.3")
            .play(CJ, "21", "line-1"),
    );
    let tails: Vec<String> = steps(&race)
        .into_iter()
        .filter_map(|s| match s {
            Step::Forward { tail, .. } if !tail.is_empty() => {
                Some(race.track().at(tail[0]).to_string())
            }
            _ => None,
        })
        .collect();
    assert!(
        tails.contains(&"5.2".to_owned()) && tails.contains(&"5.3".to_owned()),
        "{tails:?}"
    );
    let outer = sp(&race, "5.3");
    let chosen = steps(&race)
        .into_iter()
        .find(|s| matches!(s, Step::Forward { tail, .. } if tail.first() == Some(&outer)))
        .expect("the outer lane as the line");
    race.apply(&Decision::Move(chosen)).expect("legal");
    assert_eq!(where_is(&race, RR, "12"), "6.2", "the chosen lane follows");
    assert_eq!(where_is(&race, RR, "11"), "5.2", "the other lane stays");
}

#[test]
fn an_enumeration_keeps_at_most_the_outcomes_asked_and_says_it_stopped() {
    let race = play_moving_first(
        Position::on(&four_lanes())
            .car(CJ, "22", "3.1")
            .car(RR, "11", "4.1")
            .play(CJ, "22", "solo-2"),
    );
    let every = roadwright::rules::enumerate_outcomes_within(&race, 200_000);
    assert!(every.outcomes.len() > 3 && !every.truncated);
    let some = roadwright::rules::enumerate_outcomes_at_most(&race, 200_000, 3);
    assert_eq!(some.outcomes.len(), 3);
    assert!(some.truncated, "it says it did not list everything");
}
