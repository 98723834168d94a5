//! Movement event scenarios (rulebook 10.0) and scoring (11.0-11.3).

mod common;

use common::rules::*;
use roadwright::rules::{Decision, EventChoice, Place, RaceEvent, RaceResult, VpSource};

const RR: &str = "rust-reapers";
const CJ: &str = "chrome-jackals";

fn jump_track() -> roadwright::content::track::Track {
    let mut sectors = straight(4, "PPP");
    sectors.extend(straight(3, "JTJ"));
    sectors.extend(straight(7, "PPP"));
    test_track(&sectors)
}

fn damage(race: &roadwright::rules::Race, team: &str, number: &str) -> u8 {
    race.car(car(race, team, number)).damage
}

/// The active CJ #21 (solo-5: 6 MP, starburst) drives down an empty lane 1 from 7.1.
fn with_event(position: Position, event: &str) -> roadwright::rules::Race {
    let mut race = play_moving_first(position.play(CJ, "21", "solo-5").events(&[event]));
    finish_movement(&mut race);
    race
}

#[test]
fn big_air_damages_the_cars_furthest_along_the_jump_and_drops_them_in_the_trough() {
    let race = with_event(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "6.0")
            .car(RR, "12", "6.2")
            .car(RR, "13", "5.0"),
        "big-air",
    );
    assert_eq!(damage(&race, RR, "11"), 2);
    assert_eq!(damage(&race, RR, "12"), 2);
    assert_eq!(damage(&race, RR, "13"), 0, "not the furthest along");
    assert_eq!(where_is(&race, RR, "11"), "6.1", "in the trough");
    assert_eq!(where_is(&race, RR, "12"), "6.1", "stacked in the trough");
    race.check_invariants().expect("stacking is allowed");
}

#[test]
fn blown_engine_eliminations_score_for_nobody() {
    let race = with_event(
        Position::on(&jump_track())
            .damaged(CJ, "21", "7.1", 3)
            .car(RR, "11", "2.0"),
        "blown-engine",
    );
    assert_eq!(race.car(car(&race, CJ, "21")).place, Place::Destroyed);
    assert!(race.players().iter().all(|p| p.claims.kills == 0));
}

#[test]
fn dangerous_debris_lets_each_player_choose_a_car() {
    let mut race = with_event(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(CJ, "22", "2.2")
            .car(RR, "11", "2.0")
            .car(RR, "12", "3.0"),
        "dangerous-debris",
    );
    let cj = race.car(car(&race, CJ, "21")).player;
    let rr = race.car(car(&race, RR, "11")).player;
    assert_eq!(
        race.deciding_player(),
        Some(cj),
        "the active player chooses first"
    );
    let pick = car(&race, CJ, "22");
    race.apply(&Decision::Event(EventChoice::Debris { car: pick }))
        .expect("choose");
    assert_eq!(race.deciding_player(), Some(rr), "then the next player");
    let pick = car(&race, RR, "12");
    race.apply(&Decision::Event(EventChoice::Debris { car: pick }))
        .expect("choose");
    assert_eq!(damage(&race, CJ, "22"), 1);
    assert_eq!(damage(&race, RR, "12"), 1);
    assert_eq!(damage(&race, RR, "11"), 0);
}

#[test]
fn spin_around_puts_the_car_beside_the_inside_lane_and_it_cannot_fire() {
    let race = with_event(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "1.1"),
        "spin-around",
    );
    assert!(where_is(&race, CJ, "21").starts_with("off track inside"));
    assert!(race.car(car(&race, CJ, "21")).spun_around);
    assert!(
        !race
            .legal_decisions()
            .iter()
            .any(|d| matches!(d, Decision::Fire { .. }))
    );
}

#[test]
fn into_the_weeds_puts_the_car_beside_the_outside_lane() {
    let race = with_event(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "1.1"),
        "into-the-weeds",
    );
    assert!(where_is(&race, CJ, "21").starts_with("off track outside"));
}

#[test]
fn reloading_after_firing_first_marks_the_car() {
    let (mut race, play) = Position::on(&jump_track())
        .car(CJ, "21", "7.1")
        .car(RR, "11", "8.1")
        .play(CJ, "21", "solo-5")
        .events(&["reloading"])
        .combat(&["wild-shot"])
        .setup();
    race.apply(&play).expect("play");
    let target = car(&race, RR, "11");
    race.apply(&Decision::Fire { target }).expect("fire first");
    finish_movement(&mut race);
    assert!(race.car(car(&race, CJ, "21")).reloading);
}

#[test]
fn reloading_without_firing_first_forbids_firing_after() {
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "2.1")
            .play(CJ, "21", "solo-5")
            .events(&["reloading"]),
    );
    finish_movement(&mut race);
    assert!(
        !race
            .legal_decisions()
            .iter()
            .any(|d| matches!(d, Decision::Fire { .. }))
    );
}

#[test]
fn sideswipe_into_an_opponent_is_a_collision_attack() {
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "13.2")
            .play(CJ, "21", "solo-5")
            .events(&["sideswipe"])
            .combat(&["clipped"]),
    );
    finish_movement(&mut race);
    let choices = race.legal_decisions();
    assert!(choices.contains(&Decision::Event(EventChoice::Sideswipe {
        side: Side::Outside
    })));
    assert!(
        !choices.contains(&Decision::Event(EventChoice::Decline)),
        "sideswipe is mandatory"
    );
    race.apply(&Decision::Event(EventChoice::Sideswipe {
        side: Side::Outside,
    }))
    .expect("sideswipe");
    assert_eq!(damage(&race, RR, "11"), 2);
    assert_eq!(damage(&race, CJ, "21"), 1);
    assert_eq!(
        where_is(&race, CJ, "21"),
        "13.1",
        "a collision: the active car stays"
    );
}

/// CJ #21 drives down the jump track and draws Bounty; RR #12 (5 damage) sits in its arc, and
/// the next combat card (Bullseye) hits. Returns the race ready to fire.
fn under_bounty(position: Position) -> roadwright::rules::Race {
    let (mut race, play) = position
        .car(CJ, "21", "7.1")
        .damaged(RR, "12", "0.2", 5)
        .play(CJ, "21", "solo-5")
        .events(&["bounty"])
        .combat(&["bullseye"])
        .setup();
    race.apply(&play).expect("play");
    race.apply(&Decision::HoldFire).ok();
    finish_movement(&mut race);
    race
}

#[test]
fn bounty_makes_kills_worth_two() {
    let mut race = under_bounty(Position::on(&jump_track()));
    assert_eq!(race.bounty().map(|b| b.markers), Some(4));
    let target = car(&race, RR, "12");
    race.apply(&Decision::Fire { target }).expect("fire");
    let cj = race.car(car(&race, CJ, "21")).player;
    assert_eq!(race.player(cj).claims.kills, 2);
    assert_eq!(race.bounty().map(|b| b.markers), Some(3));
}

#[test]
fn race_bonus_goes_into_play_with_its_markers_11_1() {
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "21", "8.1")
            .car(RR, "11", "11.0")
            .play(CJ, "21", "solo-5")
            .events(&["race-bonus"]),
    );
    finish_movement(&mut race);
    let cj = race.car(car(&race, CJ, "21")).player;
    assert_eq!(
        race.player(cj).claims.finish,
        1,
        "crossed before the card was drawn"
    );
    let bonus = race.finish_bonus().expect("in play");
    assert_eq!((bonus.markers, bonus.vp), (4, 2));
}

#[test]
fn crossing_the_finish_line_claims_one_vp_11_1() {
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "22", "12.1")
            .play(CJ, "22", "solo-2"),
    );
    finish_movement(&mut race);
    let cj = race.car(car(&race, CJ, "22")).player;
    assert_eq!(race.player(cj).claims.finish, 1);
    assert_eq!(race.player(cj).pool, 11);
}

#[test]
fn a_car_swapped_back_over_the_line_returns_its_vp_11_2() {
    // #22 pushes #11 over the line (+1 for its team), then overtakes it back (-1).
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "22", "12.1")
            .car(RR, "11", "13.1")
            .play(CJ, "22", "overtake-2"),
    );
    let rr = race.car(car(&race, RR, "11")).player;
    step(&mut race, "forward", "13.1");
    assert_eq!(race.player(rr).claims.finish, 1);
    step(&mut race, "swap", "0.1");
    assert_eq!(race.player(rr).claims.finish, 0, "returned to the pool");
    assert_eq!(race.player(rr).pool, 12);
    race.check_invariants().expect("VP conserved");
}

/// #22 (Chrome Jackals) at 13.1 overtakes #11 (Rust Reapers) at 0.1, just past the finish
/// line: #22 crosses it forward and #11 goes back over it.
fn overtake_over_the_line(position: Position) -> roadwright::rules::Race {
    let mut race = play_moving_first(position.car(CJ, "22", "13.1").car(RR, "11", "0.1").play(
        CJ,
        "22",
        "overtake-2",
    ));
    step(&mut race, "swap", "0.1");
    race
}

#[test]
fn a_car_sent_back_before_it_ever_scored_does_not_score_crossing_again_3_0() {
    let race = overtake_over_the_line(Position::on(&jump_track()));
    assert_eq!(race.car(car(&race, RR, "11")).lapped, 1);
}

#[test]
fn get_there_moves_solo_without_entering_occupied_spaces() {
    let mut race = with_event(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "1.1"),
        "get-there",
    );
    assert!(
        race.legal_decisions()
            .contains(&Decision::Event(EventChoice::Decline))
    );
    race.apply(&Decision::Event(EventChoice::GetThere { mp: 2 }))
        .expect("two MP");
    step(&mut race, "forward", "0.1");
    assert!(!can_step(&race, "forward", "1.1"), "occupied: not entered");

    step(&mut race, "lateral", "0.2");
    assert_eq!(where_is(&race, CJ, "21"), "0.2");
    assert_eq!(where_is(&race, RR, "11"), "1.1", "nobody pushed");
}

#[test]
fn open_road_jumps_to_link_behind_the_next_car() {
    let mut race = with_event(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "3.2"),
        "open-road",
    );
    let to = sp(&race, "2.2");
    race.apply(&Decision::Event(EventChoice::OpenRoad { to }))
        .expect("open road");
    assert_eq!(where_is(&race, CJ, "21"), "2.2");
    let cj = race.car(car(&race, CJ, "21")).player;
    assert_eq!(
        race.player(cj).claims.finish,
        1,
        "passed the finish line on the way"
    );
}

#[test]
fn shot_of_nos_moves_solo_the_drawn_cards_speed() {
    let mut race = with_event(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "1.1")
            .race_cards(&["solo-4"]),
        "shot-of-nos",
    );
    assert!(race.movement().is_some(), "a second movement");
    let mp = race.movement().map_or(0, |m| m.total);
    assert_eq!(mp, 4, "Solo +4 was on top of the race deck");
    finish_movement(&mut race);
}

#[test]
fn high_flyer_makes_the_leading_jump_car_move_five_overtake() {
    let mut race = with_event(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "6.0")
            .car(RR, "12", "6.2"),
        "high-flyer",
    );
    let movement = race.movement().expect("High Flyer's movement");
    assert_eq!(movement.mover, car(&race, RR, "11"), "inside favoured");
    assert_eq!(movement.total, 5);
    finish_movement(&mut race);
    assert_eq!(where_is(&race, RR, "11"), "11.0");
}

#[test]
fn bump_and_run_moves_an_adjacent_car_into_a_vacant_adjacent_space() {
    let mut race = with_event(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "13.2"),
        "bump-and-run",
    );
    let target = car(&race, RR, "11");
    let to = sp(&race, "12.2");
    race.apply(&Decision::Event(EventChoice::Bump { car: target, to }))
        .expect("bump");
    assert_eq!(where_is(&race, RR, "11"), "12.2");
}

#[test]
fn drift_swaps_with_the_car_linked_in_front() {
    let mut race = with_event(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "0.1"),
        "drift",
    );
    race.apply(&Decision::Event(EventChoice::Drift))
        .expect("drift");
    assert_eq!(where_is(&race, CJ, "21"), "0.1");
    assert_eq!(where_is(&race, RR, "11"), "13.1");
}

#[test]
fn suspension_failure_adds_damage_on_rough_ground() {
    let race = with_event(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "1.1"),
        "suspension-failure",
    );
    assert_eq!(damage(&race, CJ, "21"), 1, "paved at the end of its move");
}

#[test]
fn the_active_car_damage_events_take_their_numbers_from_the_content() {
    // (card, damage before, damage after) for the standard deck's numbers.
    for (card, before, after) in [
        ("blown-transmission", 0, 3),
        ("fuel-leak", 0, 1),
        ("outta-gas", 0, 2),
        ("shredded-tire", 0, 1),
        ("engine-failure", 1, 2),
        ("engine-failure", 2, 4),
        ("transmission-failure", 1, 2),
        ("transmission-failure", 3, 5),
    ] {
        let race = with_event(
            Position::on(&jump_track())
                .damaged(CJ, "21", "7.1", before)
                .car(RR, "11", "1.1"),
            card,
        );
        assert_eq!(damage(&race, CJ, "21"), after, "{card} from {before}");
    }
}

#[test]
fn the_jump_events_hit_the_right_cars() {
    let setup = || {
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "6.0")
            .car(RR, "12", "5.2")
            .car(RR, "13", "4.1")
    };
    let race = with_event(setup(), "bottoming-out");
    assert_eq!(
        (
            damage(&race, RR, "11"),
            damage(&race, RR, "12"),
            damage(&race, RR, "13")
        ),
        (1, 1, 0),
        "every car on the jump lanes, not the one in the trough"
    );
    let race = with_event(setup(), "greasing-the-landing");
    assert_eq!((damage(&race, RR, "11"), damage(&race, RR, "12")), (3, 0));
    assert_eq!(where_is(&race, RR, "11"), "6.1");
    let race = with_event(setup(), "missed-jump");
    assert_eq!((damage(&race, RR, "11"), damage(&race, RR, "12")), (1, 0));
    assert_eq!(where_is(&race, RR, "11"), "6.1");
}

#[test]
fn the_rough_events_hit_the_right_cars() {
    let mut sectors = straight(4, "PPP");
    sectors.extend(straight(3, "RRP"));
    sectors.extend(straight(7, "PPP"));
    let track = test_track(&sectors);
    let setup = || {
        Position::on(&track)
            .car(CJ, "21", "7.2")
            .car(RR, "11", "6.0")
            .car(RR, "12", "5.1")
            .car(RR, "13", "5.2")
    };
    let race = with_event(setup(), "bumpy-ride");
    assert_eq!(
        (
            damage(&race, RR, "11"),
            damage(&race, RR, "12"),
            damage(&race, RR, "13")
        ),
        (1, 1, 0),
        "rough spaces only"
    );
    let race = with_event(setup(), "roll");
    assert_eq!(
        (damage(&race, RR, "11"), damage(&race, RR, "12")),
        (4, 0),
        "furthest along"
    );
    let race = with_event(setup(), "snapped-the-struts");
    assert_eq!((damage(&race, RR, "11"), damage(&race, RR, "12")), (3, 0));
}

#[test]
fn while_race_bonus_is_in_play_a_crossing_scores_two_and_uses_a_marker() {
    // Turn 1: CJ's card draws Race Bonus. Turn 2: RR (now first player) drives #11 over the
    // line with the Solo +2 stacked on top of the race deck.
    let (mut race, play) = Position::on(&jump_track())
        .car(CJ, "21", "7.1")
        .car(RR, "11", "12.0")
        .play(CJ, "21", "solo-5")
        .events(&["race-bonus"])
        .race_cards(&["solo-2"; 12])
        .setup();
    race.apply(&play).expect("play");
    finish_turn_quietly(&mut race);
    let rr = race.car(car(&race, RR, "11")).player;
    assert_eq!(race.deciding_player(), Some(rr));
    let card = race.player(rr).hand[0];
    race.apply(&Decision::Play {
        card,
        car: car(&race, RR, "11"),
        ram_as_lead: false,
    })
    .expect("play Solo +2");
    if race.movement().is_none() {
        race.apply(&Decision::HoldFire).expect("move first");
    }
    step(&mut race, "forward", "13.0");
    step(&mut race, "forward", "0.0");
    assert_eq!(race.player(rr).claims.finish, 2);
    assert_eq!(race.finish_bonus().map(|b| b.markers), Some(3));
}

/// Four paved sectors, ten rough ones (4-13), four paved.
fn rough_track() -> roadwright::content::track::Track {
    let mut sectors = straight(4, "PPP");
    sectors.extend(straight(10, "RRR"));
    sectors.extend(straight(4, "PPP"));
    test_track(&sectors)
}

#[test]
fn open_road_does_not_change_lanes_on_rough_ground_7_13() {
    // 7.13: "No Event or Race Card can override this rule." #21 ends in rough lane 1 at 10.1,
    // alone in its sector; the next cars are at 13.0 and 13.1, still on rough ground. Open Road
    // may take it behind #12 in its own lane, not across to lane 0 behind #11.
    let mut race = with_event(
        Position::on(&rough_track())
            .car(CJ, "21", "4.1")
            .car(RR, "11", "13.0")
            .car(RR, "12", "13.1"),
        "open-road",
    );
    assert_eq!(where_is(&race, CJ, "21"), "10.1");
    let offered: Vec<String> = race
        .legal_decisions()
        .iter()
        .filter_map(|d| match d {
            Decision::Event(EventChoice::OpenRoad { to }) => Some(race.track().at(*to).to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(offered, ["12.1"]);
    let across = sp(&race, "12.0");
    assert!(
        race.apply(&Decision::Event(EventChoice::OpenRoad { to: across }))
            .is_err()
    );
}

#[test]
fn open_road_may_change_lanes_before_the_rough_ground_begins_7_13() {
    // From paved 1.1 the car may switch lanes before entering the rough stretch at sector 4.
    // (The scenario's `mp` makes the starburst card move one space.)
    let mut race = play_moving_first(
        Position::on(&rough_track())
            .car(CJ, "21", "0.1")
            .car(RR, "11", "8.0")
            .play(CJ, "21", "solo-5")
            .mp(1)
            .events(&["open-road"]),
    );
    finish_movement(&mut race);
    assert_eq!(where_is(&race, CJ, "21"), "1.1");
    let to = sp(&race, "7.0");
    race.apply(&Decision::Event(EventChoice::OpenRoad { to }))
        .expect("lane 0 is reached on paved ground");
    assert_eq!(where_is(&race, CJ, "21"), "7.0");
}

#[test]
fn a_car_moved_back_over_the_line_returns_a_kill_vp_when_it_has_no_finish_vp_11_2() {
    // 11.2: "the team that is moved backward must return one claimed VP". RR has claimed 2 VP
    // for kills and none for the finish line; #22 pushes #11 over the line, then overtakes it.
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "22", "12.1")
            .car(RR, "11", "13.1")
            .claimed(RR, 0, 2)
            .play(CJ, "22", "overtake-2"),
    );
    let rr = race.car(car(&race, RR, "11")).player;
    step(&mut race, "forward", "13.1");
    assert_eq!(race.player(rr).claims.finish, 1);
    step(&mut race, "swap", "0.1");
    // The finish VP it just claimed goes back first; then a second crossing back would take a
    // kill VP. Here one crossing returns one VP.
    assert_eq!(race.player(rr).claims.finish, 0);
    assert_eq!(race.player(rr).claims.kills, 2);
    assert_eq!(race.player(rr).pool, 10);
    // Swap back over the line again with only kill VP claimed: one kill VP returns.
    let race = overtake_over_the_line(Position::on(&jump_track()).claimed(RR, 0, 2));
    assert_eq!(race.player(rr).claims.kills, 1, "a kill VP went back");
    assert_eq!(race.player(rr).pool, 11);
    assert_eq!(
        race.car(car(&race, RR, "11")).lapped,
        0,
        "not marked lapped"
    );
    assert!(race.events().contains(&RaceEvent::VpReturned {
        player: rr,
        car: car(&race, RR, "11"),
        source: VpSource::Kill
    }));
    race.check_invariants().expect("VP conserved");
}

#[test]
fn nothing_changes_after_the_winning_crossing_11_5() {
    // 11.5: "The moment one player empties their pool, the game is over." CJ needs 1 VP; #22
    // overtakes #11 across the line: CJ wins at that moment, and #11 going back over the line
    // in the same swap returns nothing.
    let race = overtake_over_the_line(
        Position::on(&jump_track())
            .claimed(CJ, 11, 0)
            .claimed(RR, 3, 0),
    );
    let cj = race.car(car(&race, CJ, "22")).player;
    let rr = race.car(car(&race, RR, "11")).player;
    assert_eq!(race.result(), Some(RaceResult::Winner(cj)));
    assert_eq!(
        race.player(rr).claims.finish,
        3,
        "no VP returned after the end"
    );
    assert_eq!(race.player(rr).pool, 9);
    assert_eq!(
        race.events().last(),
        Some(&RaceEvent::Winner { player: cj })
    );
    assert!(race.legal_decisions().is_empty());
}

#[test]
fn a_claim_records_the_vp_actually_taken_11_5() {
    // With Bounty in play a kill is worth 2, but CJ's pool holds 1: the claim takes 1.
    let mut race = under_bounty(Position::on(&jump_track()).claimed(CJ, 11, 0));
    let target = car(&race, RR, "12");
    race.apply(&Decision::Fire { target }).expect("fire");
    let cj = race.car(car(&race, CJ, "21")).player;
    assert!(race.events().iter().any(|e| matches!(
        e,
        RaceEvent::VpClaimed { player, source: VpSource::Kill, amount: 1, .. } if *player == cj
    )));
    assert_eq!(race.player(cj).claims.kills, 1);
    assert_eq!(race.result(), Some(RaceResult::Winner(cj)));
    assert_eq!(
        race.events().last(),
        Some(&RaceEvent::Winner { player: cj })
    );
}
