//! Movement event scenarios (rulebook 10.0) and scoring (11.0-11.3).

use crate::common;

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
    let with = car(&race, RR, "11");
    race.apply(&Decision::Event(EventChoice::Drift { with }))
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
    assert_eq!(open_road_offers(&race), ["12.1"]);
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
fn a_car_moved_back_over_the_line_returns_only_a_vp_it_claimed_itself_11_2() {
    // 11.2: "the team that is moved backward must return one claimed VP ... when that car
    // crosses the Finish Line again it may re-claim the token it lost". The VP returned is the
    // car's own crossing. RR has 2 kill VP and 1 finish VP (scored by other cars); #11 sits
    // just past the line and never crossed it. Overtaken back over the line, it gives back
    // nothing its team earned otherwise: it is lapped (3.0) instead.
    let race = overtake_over_the_line(Position::on(&jump_track()).claimed(RR, 1, 2));
    let rr = race.car(car(&race, RR, "11")).player;
    assert_eq!(race.player(rr).claims.kills, 2, "the kills stay claimed");
    assert_eq!(
        race.player(rr).claims.finish,
        1,
        "another car's crossing stays"
    );
    assert_eq!(race.player(rr).pool, 9);
    assert_eq!(race.car(car(&race, RR, "11")).lapped, 1, "marked lapped");
    assert!(
        !race
            .events()
            .iter()
            .any(|e| matches!(e, RaceEvent::VpReturned { .. })),
        "nothing returned"
    );
    race.check_invariants().expect("VP conserved");
}

#[test]
fn a_car_that_gave_its_vp_back_reclaims_it_when_it_crosses_again_11_2() {
    // #22 pushes #11 over the line (+1), overtakes it back (-1): #11 owes nothing and is not
    // lapped, so its next crossing claims the token again.
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "22", "12.1")
            .car(RR, "11", "13.1")
            .play(CJ, "22", "overtake-2"),
    );
    let rr = race.car(car(&race, RR, "11")).player;
    step(&mut race, "forward", "13.1");
    step(&mut race, "swap", "0.1");
    assert_eq!(race.player(rr).claims.finish, 0);
    assert_eq!(
        race.car(car(&race, RR, "11")).lapped,
        0,
        "it gave its VP back"
    );
    assert_eq!(race.car(car(&race, RR, "11")).crossings, 0);
    race.check_invariants().expect("VP conserved");
}

#[test]
fn a_lapped_car_scores_nothing_for_its_next_crossing_3_0() {
    // 3.0: Lapped tokens "indicate that these cars will not score a Victory Point (VP) for
    // crossing back over it the second time". #11 was sent back before it ever crossed; its
    // next crossing takes the token off and scores nothing; the one after scores.
    let mut race = overtake_over_the_line(Position::on(&jump_track()));
    let eleven = car(&race, RR, "11");
    let rr = race.car(eleven).player;
    assert_eq!(race.car(eleven).lapped, 1);
    let before = race.player(rr).claims.finish;
    // Play on until #11 has crossed the line forward again: the other cars take the first
    // legal decision, #11's player plays a card for #11 and drives it over the line.
    let crossed = |race: &roadwright::rules::Race| {
        race.car(eleven)
            .place
            .space()
            .is_some_and(|s| race.track().space(s).sector == race.track().first_lap_sector())
    };
    for _ in 0..200 {
        if crossed(&race) {
            break;
        }
        let legal = race.legal_decisions();
        let pick = legal
            .iter()
            .find(|d| match d {
                Decision::Play { car, .. } => *car == eleven,
                Decision::HoldFire | Decision::KeepHand => true,
                Decision::Move(step) => {
                    race.movement().is_some_and(|m| m.mover == eleven)
                        && race.track().space(step.target()).sector
                            == race.track().first_lap_sector()
                }
                _ => false,
            })
            .unwrap_or(&legal[0])
            .clone();
        race.apply(&pick).expect("legal");
    }
    assert!(crossed(&race), "#11 crossed the line again");
    assert_eq!(race.car(eleven).lapped, 0, "the token comes off");
    assert_eq!(
        race.player(rr).claims.finish,
        before,
        "no VP for that crossing"
    );
    assert_eq!(race.car(eleven).crossings, 0);
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
    assert_eq!(race.events().last(), Some(&RaceEvent::Winner { seat: cj }));
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
        RaceEvent::VpClaimed { seat, source: VpSource::Kill, amount: 1, .. } if *seat == cj
    )));
    assert_eq!(race.player(cj).claims.kills, 1);
    assert_eq!(race.result(), Some(RaceResult::Winner(cj)));
    assert_eq!(race.events().last(), Some(&RaceEvent::Winner { seat: cj }));
}

/// Open Road's offered destinations, as addresses.
fn open_road_offers(race: &roadwright::rules::Race) -> Vec<String> {
    race.legal_decisions()
        .iter()
        .filter_map(|d| match d {
            Decision::Event(EventChoice::OpenRoad { to }) => Some(race.track().at(*to).to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn open_road_links_behind_the_next_car_on_the_track_not_a_car_in_the_trough_10_0() {
    // "move any number of spaces forward to become linked with the next car in front of it":
    // a car in the trough is not in front (it is beside the jump lanes, off the racing line),
    // so #21 links behind #12 at 9.0, beyond the trough car #11.
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "21", "0.1")
            .car(RR, "11", "5.1")
            .car(RR, "12", "9.0")
            .play(CJ, "21", "solo-5")
            .mp(1)
            .events(&["open-road"]),
    );
    finish_movement(&mut race);
    assert_eq!(where_is(&race, CJ, "21"), "1.1");
    assert_eq!(open_road_offers(&race), ["8.0"]);
    let to = sp(&race, "8.0");
    race.apply(&Decision::Event(EventChoice::OpenRoad { to }))
        .expect("open road");
    assert_eq!(where_is(&race, CJ, "21"), "8.0");
}

#[test]
fn open_road_from_a_starting_section_looks_ahead_along_its_own_links_10_0() {
    // On the figure 8 the starting section's last sector S9 joins lap sector 29. #21 moves
    // from S7.3 to S8.3, alone in its sector, with #11 ahead at 29.2. The only space linked
    // directly behind #11 on #21's way is S9.3; lap sector 28 also links into 29.2 but lies
    // behind the junction, a lap away. No VP: #21 crosses no finish line.
    let mut race = play_moving_first(
        Position::on_sample("figure-eight")
            .car(CJ, "21", "S7.3")
            .car(RR, "11", "29.2")
            .play(CJ, "21", "solo-5")
            .mp(1)
            .events(&["open-road"]),
    );
    finish_movement(&mut race);
    assert_eq!(where_is(&race, CJ, "21"), "S8.3");
    assert_eq!(open_road_offers(&race), ["S9.3"]);
    let cj = race.car(car(&race, CJ, "21")).player;
    let to = sp(&race, "S9.3");
    race.apply(&Decision::Event(EventChoice::OpenRoad { to }))
        .expect("open road");
    assert_eq!(race.player(cj).claims.finish, 0, "no finish line crossed");
}

#[test]
fn open_road_offers_nothing_to_a_car_already_linked_behind_a_car_10_0() {
    // #21 ends at S9.0, linked directly behind #11 at 29.0 across the junction: it is linked
    // already, and the lap spaces behind #11 are not "forward" from the starting section.
    let mut race = play_moving_first(
        Position::on_sample("figure-eight")
            .car(CJ, "21", "S8.0")
            .car(RR, "11", "29.0")
            .play(CJ, "21", "solo-5")
            .mp(1)
            .events(&["open-road"]),
    );
    finish_movement(&mut race);
    assert_eq!(where_is(&race, CJ, "21"), "S9.0");
    assert!(open_road_offers(&race).is_empty());
    let cj = race.car(car(&race, CJ, "21")).player;
    assert_eq!(race.player(cj).claims.finish, 0);
}

/// Six sectors of two lanes, then six of three: lane 1 of sector 5 forks into 6.1 and 6.2.
fn forking_track() -> roadwright::content::track::Track {
    let mut sectors = straight(6, "PP");
    sectors.extend(straight(6, "PPP"));
    test_track(&sectors)
}

#[test]
fn drift_at_a_fork_swaps_with_the_car_the_player_chooses_10_0() {
    // "The Active Car may swap places with a car linked directly in front of it": at a fork
    // with a car on each branch, both are linked directly in front, and the player chooses.
    let mut race = play_moving_first(
        Position::on(&forking_track())
            .car(CJ, "21", "4.1")
            .car(RR, "11", "6.1")
            .car(RR, "12", "6.2")
            .play(CJ, "21", "solo-5")
            .mp(1)
            .events(&["drift"]),
    );
    finish_movement(&mut race);
    assert_eq!(where_is(&race, CJ, "21"), "5.1");
    let (eleven, twelve) = (car(&race, RR, "11"), car(&race, RR, "12"));
    let offered: Vec<EventChoice> = race
        .legal_decisions()
        .into_iter()
        .filter_map(|d| match d {
            Decision::Event(choice) => Some(choice),
            _ => None,
        })
        .collect();
    assert_eq!(
        offered,
        [
            EventChoice::Decline,
            EventChoice::Drift { with: eleven },
            EventChoice::Drift { with: twelve }
        ]
    );
    race.apply(&Decision::Event(EventChoice::Drift { with: twelve }))
        .expect("drift past the outside car");
    assert_eq!(where_is(&race, CJ, "21"), "6.2");
    assert_eq!(where_is(&race, RR, "12"), "5.1");
    assert_eq!(where_is(&race, RR, "11"), "6.1", "the inside car stays");
}

#[test]
fn get_there_may_not_enter_a_space_the_card_already_entered_7_1() {
    // 7.1: "The activated car may not ... enter the same space twice during an Action
    // Segment." Get There continues #21's action segment: having moved 7.1 -> 7.2 with its
    // card, it may not go back sideways into 7.1.
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .play(CJ, "21", "solo-5")
            .mp(1)
            .events(&["get-there"]),
    );
    step(&mut race, "lateral", "7.2");
    race.apply(&Decision::Event(EventChoice::GetThere { mp: 2 }))
        .expect("two MP");
    assert!(!can_step(&race, "lateral", "7.1"), "entered this segment");
    assert!(can_step(&race, "forward", "8.2"));
}

#[test]
fn shot_of_nos_may_not_enter_a_space_the_card_already_entered_7_1() {
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .play(CJ, "21", "solo-5")
            .mp(1)
            .race_cards(&["solo-4"])
            .events(&["shot-of-nos"]),
    );
    step(&mut race, "lateral", "7.2");
    assert_eq!(race.movement().map(|m| m.total), Some(4), "NOS moves");
    assert!(!can_step(&race, "lateral", "7.1"), "entered this segment");
    step(&mut race, "forward", "8.2");
    assert_eq!(where_is(&race, CJ, "21"), "8.2");
}

#[test]
fn open_road_never_takes_the_car_round_the_lap_to_link_behind_itself_10_0() {
    // "move any number of spaces forward to become linked with the next car in front of it":
    // #21 ends at 13.1 with nobody else on the lap (RR #11 sits in the trough, which is not in
    // front). Looking ahead round the lap comes back to #21 itself, which is never the next car:
    // the card offers nothing and #21 stays, claiming no finish-line VP.
    let mut race = with_event(
        Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "11", "5.1"),
        "open-road",
    );
    assert_eq!(where_is(&race, CJ, "21"), "13.1");
    assert!(
        open_road_offers(&race).is_empty(),
        "{:?}",
        open_road_offers(&race)
    );
    let behind_itself = sp(&race, "12.1");
    assert!(
        race.apply(&Decision::Event(EventChoice::OpenRoad {
            to: behind_itself
        }))
        .is_err()
    );
    let cj = race.car(car(&race, CJ, "21")).player;
    assert_eq!(race.player(cj).claims.finish, 0);
}

/// CJ #21 at 1.1 plays Solo +5 for two MP: forward to 2.1, then sideways to 2.0, and draws
/// `event`.
fn forward_then_inside(position: Position, event: &str) -> roadwright::rules::Race {
    let mut race = play_moving_first(
        position
            .car(CJ, "21", "1.1")
            .play(CJ, "21", "solo-5")
            .mp(2)
            .events(&[event]),
    );
    step(&mut race, "forward", "2.1");
    step(&mut race, "lateral", "2.0");
    assert_eq!(where_is(&race, CJ, "21"), "2.0");
    race
}

#[test]
fn open_road_never_enters_a_space_the_car_entered_earlier_in_its_action_segment_7_1() {
    // 7.1: "may not ... enter the same space twice during an Action Segment". #21 went 1.1 ->
    // 2.1 -> 2.0; RR #12 at 3.1 is the next car. Linking behind it means 2.1 again: refused.
    let mut race = forward_then_inside(
        Position::on(&jump_track()).car(RR, "12", "3.1"),
        "open-road",
    );
    assert!(
        open_road_offers(&race).is_empty(),
        "{:?}",
        open_road_offers(&race)
    );
    let again = sp(&race, "2.1");
    assert!(
        race.apply(&Decision::Event(EventChoice::OpenRoad { to: again }))
            .is_err()
    );
    assert_eq!(where_is(&race, CJ, "21"), "2.0");
}

#[test]
fn open_road_does_not_pass_through_a_space_entered_earlier_7_1() {
    // #21 went 1.1 -> 2.1 -> 2.0. With RR #12 at 3.2, linking behind it means crossing 2.1
    // again to reach 2.2: refused. With #12 at 4.2 (a jump lane), the car may change lanes in
    // sector 3 instead (3.0 -> 3.1 -> 3.2), which enters nothing twice: 3.2 links into 4.2, and
    // so does 3.1 (lane 1 forks round the trough).
    let race = forward_then_inside(
        Position::on(&jump_track()).car(RR, "12", "3.2"),
        "open-road",
    );
    assert!(
        open_road_offers(&race).is_empty(),
        "{:?}",
        open_road_offers(&race)
    );
    let race = forward_then_inside(
        Position::on(&jump_track()).car(RR, "12", "4.2"),
        "open-road",
    );
    assert_eq!(open_road_offers(&race), ["3.1", "3.2"]);
}

#[test]
fn sideswipe_never_moves_the_car_back_into_a_space_it_entered_7_1() {
    // Sideswipe "must move laterally one lane": from 2.0 only outside, to 2.1, where #21 has
    // been this action segment. With no legal side the card is ignored.
    let race = forward_then_inside(
        Position::on(&jump_track()).car(RR, "12", "9.1"),
        "sideswipe",
    );
    assert!(
        !race
            .legal_decisions()
            .iter()
            .any(|d| matches!(d, Decision::Event(EventChoice::Sideswipe { .. }))),
        "{:?}",
        race.legal_decisions()
    );
    assert_eq!(where_is(&race, CJ, "21"), "2.0");
}

#[test]
fn open_road_links_behind_cars_on_spaces_the_car_drove_through_earlier_10_0_7_1() {
    // The figure 8's crossover: 0.1 and 1.1 of the lap are 20.0 and 20.1 of the crossing
    // stretch. CJ #21 leads its line from 0.1 to 2.1, pulling RR #11 and #12 onto 1.1 and
    // 0.1, the spaces it drove through. Alone at 2.1, it draws Open Road: the next cars in
    // front, along its way round, are #11 and #12 barring both lanes of sector 20. The jump
    // never enters their spaces, so 7.1 does not hide them: "if both lanes of the crossover
    // are blocked perpendicularly, the car must stop in either lane just in front of the
    // blocking cars" (10.0), at 19.0 or 19.1.
    let mut race = play_moving_first(
        Position::on_sample("figure-eight")
            .car(CJ, "21", "0.1")
            .car(RR, "11", "39.1")
            .car(RR, "12", "38.1")
            .play(CJ, "21", "lead-6")
            .mp(2)
            .events(&["open-road"]),
    );
    step(&mut race, "forward", "1.1");
    step(&mut race, "forward", "2.1");
    assert_eq!(where_is(&race, CJ, "21"), "2.1");
    assert_eq!(where_is(&race, RR, "11"), "1.1");
    assert_eq!(where_is(&race, RR, "12"), "0.1");
    assert_eq!(open_road_offers(&race), ["19.0", "19.1"]);
    let to = sp(&race, "19.1");
    race.apply(&Decision::Event(EventChoice::OpenRoad { to }))
        .expect("open road");
    assert_eq!(where_is(&race, CJ, "21"), "19.1");
}

#[test]
fn open_road_does_not_carry_a_car_through_a_crossover_space_barred_across_7_12() {
    // 7.12: "Any car that would have to enter a space with a car already barring its way in
    // the crossover is forced to stop in the space before the occupied space". RR #11 holds
    // 1.1 (= 20.1) and #12 holds 0.0 (= 21.0), both crossing #21's way at right angles; RR
    // #13 is far ahead at 31.0. From 18.0 the only way on is 19.0 -> 20.0, and 20.0 leads
    // into 21.0, barred: the jump stops at 20.0, in front of #12. It does not slip through
    // the barred cells to link behind #13.
    let mut race = play_moving_first(
        Position::on_sample("figure-eight")
            .car(CJ, "21", "17.0")
            .car(RR, "11", "1.1")
            .car(RR, "12", "0.0")
            .car(RR, "13", "31.0")
            .play(CJ, "21", "solo-5")
            .mp(1)
            .events(&["open-road"]),
    );
    finish_movement(&mut race);
    assert_eq!(where_is(&race, CJ, "21"), "18.0");
    assert_eq!(open_road_offers(&race), ["20.0"]);
    // With only #11 barring sector 20, the jump goes round by the free lane and on past the
    // crossover to link behind #13 (30.0; 30.1 also leads into 31.0 when the lanes merge).
    let race = play_moving_first(
        Position::on_sample("figure-eight")
            .car(CJ, "21", "17.0")
            .car(RR, "11", "1.1")
            .car(RR, "13", "31.0")
            .play(CJ, "21", "solo-5")
            .mp(1)
            .events(&["open-road"]),
    );
    let mut race = race;
    finish_movement(&mut race);
    let offers = open_road_offers(&race);
    assert!(
        !offers.is_empty() && offers.iter().all(|s| s.starts_with("30.")),
        "{offers:?}"
    );
}

/// CJ #21 at 7.1 ends its Solo +5 at 13.1 and sideswipes RR #11 at 13.2 with a Bulldoze result
/// (Solid Hit); `behind` places RR #12 in 12.2, the space linked behind #11, when given.
fn sideswipe_bulldoze(position: Position, behind: bool) -> roadwright::rules::Race {
    let position = position
        .car(CJ, "21", "7.1")
        .car(RR, "11", "13.2")
        .play(CJ, "21", "solo-5")
        .events(&["sideswipe"])
        .combat(&["solid-hit"]);
    let position = if behind {
        position.car(RR, "12", "12.2")
    } else {
        position
    };
    let mut race = play_moving_first(position);
    finish_movement(&mut race);
    race.apply(&Decision::Event(EventChoice::Sideswipe {
        side: Side::Outside,
    }))
    .expect("sideswipe");
    race
}

#[test]
fn bulldoze_on_a_sideswipe_places_the_target_linked_behind_the_active_car_8_5() {
    // 8.5: "if the Active Car is still in play it takes the position of the targeted car. The
    // target car, if it is still in play, is placed linked behind the Active Car." #21 takes
    // 13.2; #11 goes to 12.2, directly behind it, not to 13.1 beside it.
    let race = sideswipe_bulldoze(Position::on(&jump_track()), false);
    assert_eq!(where_is(&race, CJ, "21"), "13.2");
    assert_eq!(where_is(&race, RR, "11"), "12.2", "placed linked behind");
    // With 12.2 held, there is nowhere linked behind to place #11: the two cars swap.
    let race = sideswipe_bulldoze(Position::on(&jump_track()), true);
    assert_eq!(where_is(&race, CJ, "21"), "13.2");
    assert_eq!(where_is(&race, RR, "11"), "13.1");
    assert_eq!(where_is(&race, RR, "12"), "12.2");
}

#[test]
fn a_ruleset_may_read_bulldoze_on_a_sideswipe_as_an_overtakes_swap_8_5() {
    use roadwright::content::ruleset::SideswipeBulldoze;
    let race = sideswipe_bulldoze(
        Position::on(&jump_track()).rule(|r| r.sideswipe_bulldoze = SideswipeBulldoze::Swap),
        false,
    );
    assert_eq!(where_is(&race, CJ, "21"), "13.2");
    assert_eq!(where_is(&race, RR, "11"), "13.1");
}

#[test]
fn suspension_failure_counts_the_jump_lanes_not_the_trough_2_1_10_0() {
    // 10.0: "If the Active Car is in the rough section or the jump section of the track it
    // receives an additional Damage marker"; 2.1: "Jump Section: These are the lanes on each
    // side of the Trough". A car that ends its movement in the trough (it had no MP to climb
    // out) takes 1; one on a jump lane takes 2.
    let in_trough = |mp: u8, at: &str| {
        let mut race = play_moving_first(
            Position::on(&jump_track())
                .car(CJ, "21", at)
                .play(CJ, "21", "solo-5")
                .mp(mp)
                .events(&["suspension-failure"]),
        );
        finish_movement(&mut race);
        race
    };
    let race = in_trough(1, "4.0");
    assert_eq!(where_is(&race, CJ, "21"), "5.0");
    assert_eq!(
        damage(&race, CJ, "21"),
        2,
        "a jump lane is the jump section"
    );
    let race = in_trough(0, "5.1");
    assert_eq!(where_is(&race, CJ, "21"), "5.1");
    assert_eq!(damage(&race, CJ, "21"), 1, "the trough is not");
}
