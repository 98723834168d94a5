//! Point-to-point tracks: the finish line before the run-off, a car that crosses it leaving the
//! race (or winning, by the ruleset's choice), and the race's end when no car is left. The
//! rulebook's tracks are laps; these are the project's decisions, documented on
//! `content::track::Route` and `content::ruleset::PointToPointFinish`.

use crate::common;

use common::rules::*;
use roadwright::content::ruleset::PointToPointFinish;
use roadwright::rules::{Place, RaceEvent, RaceResult};

const RR: &str = "rust-reapers";
const CJ: &str = "chrome-jackals";

/// Six sectors of three lanes, run once: sector 5 is the run-off.
fn run() -> roadwright::content::track::Track {
    point_to_point(test_track(&straight(6, "PPP")))
}

/// #22 (Chrome Jackals), on 3.1 with `position`'s other cars, plays Solo 4 and drives two
/// spaces ahead, into the run-off at 5.1 when the track is `run()`.
fn drive_two_ahead(position: Position) -> roadwright::rules::Race {
    let mut race = play_moving_first(position.car(CJ, "22", "3.1").play(CJ, "22", "solo-4"));
    step(&mut race, "forward", "4.1");
    step(&mut race, "forward", "5.1");
    race
}

#[test]
fn a_car_that_enters_the_run_off_claims_the_crossing_and_leaves_the_race() {
    let race = drive_two_ahead(Position::on(&run()).car(RR, "11", "0.1"));
    let cj = race.car(car(&race, CJ, "22")).player;
    assert_eq!(
        race.player(cj).claims.finish,
        1,
        "11.1: the crossing scores"
    );
    assert_eq!(race.player(cj).pool, 11);
    assert_eq!(race.car(car(&race, CJ, "22")).place, Place::Finished(0));
    assert_eq!(where_is(&race, CJ, "22"), "the finish (1st across)");
    assert_eq!(
        race.car_on(sp(&race, "5.1")),
        None,
        "the run-off stays empty"
    );
    assert!(
        steps(&race).is_empty(),
        "its run is done: the MP left are lost"
    );
    assert!(race.events().iter().any(|e| matches!(
        e,
        RaceEvent::CarMoved {
            to: Place::Finished(0),
            ..
        }
    )));
    race.check_invariants().expect("VP and cells consistent");
    assert!(!race.is_over(), "one crossing does not empty a pool");
}

#[test]
fn a_car_pushed_into_the_run_off_finishes_and_the_car_behind_drives_on_after_it() {
    let mut race = play_moving_first(
        Position::on(&run())
            .car(CJ, "22", "3.1")
            .car(RR, "11", "4.1")
            .play(CJ, "22", "solo-4"),
    );
    step(&mut race, "forward", "4.1");
    let rr = race.car(car(&race, RR, "11")).player;
    assert_eq!(race.car(car(&race, RR, "11")).place, Place::Finished(0));
    assert_eq!(
        race.player(rr).claims.finish,
        1,
        "pushed over the line, it scores"
    );
    assert_eq!(where_is(&race, CJ, "22"), "4.1");
    step(&mut race, "forward", "5.1");
    assert_eq!(
        race.car(car(&race, CJ, "22")).place,
        Place::Finished(1),
        "second across"
    );
    race.check_invariants().expect("consistent");
}

#[test]
fn on_a_lap_the_same_step_crosses_nothing_and_stays_on_the_road() {
    // The same six sectors as a lap: the finish line lies before sector 0, not the last one.
    let race = drive_two_ahead(Position::on(&test_track(&straight(6, "PPP"))).car(RR, "11", "0.1"));
    let cj = race.car(car(&race, CJ, "22")).player;
    assert_eq!(race.player(cj).claims.finish, 0);
    assert_eq!(where_is(&race, CJ, "22"), "5.1");
}

#[test]
fn nothing_lies_behind_sector_0_and_nothing_beyond_the_run_off() {
    let (race, _) = Position::on(&run())
        .car(CJ, "22", "2.1")
        .play(CJ, "22", "solo-2")
        .setup();
    let track = race.track();
    for lane in 0..3 {
        let first = track.space(sp(&race, &format!("0.{lane}")));
        assert!(first.prev.is_empty(), "0.{lane} has nothing behind it");
        let run_off = track.space(sp(&race, &format!("5.{lane}")));
        assert!(run_off.next.is_empty(), "5.{lane} leads nowhere");
    }
    assert!(track.point_to_point());
}

#[test]
fn when_the_first_car_across_wins_its_crossing_ends_the_race() {
    let mut race = play_moving_first(
        Position::on(&run())
            .car(CJ, "22", "3.1")
            .car(RR, "11", "0.1")
            .point_to_point_finish(PointToPointFinish::FirstAcrossWins)
            .play(CJ, "22", "solo-4"),
    );
    step(&mut race, "forward", "4.1");
    assert!(!race.is_over());
    step(&mut race, "forward", "5.1");
    let cj = race.car(car(&race, CJ, "22")).player;
    assert_eq!(race.result(), Some(RaceResult::Winner(cj)));
    assert_eq!(
        race.player(cj).pool,
        0,
        "its player claimed all the pool had left"
    );
    race.check_invariants().expect("VP conserved");
}

#[test]
fn when_no_car_is_left_the_player_with_the_fewest_vp_left_wins_at_the_turns_end() {
    // Rust Reapers race with no car placed: once #22 finishes, no car is left in the race.
    let mut race = drive_two_ahead(Position::on(&run()).player(RR));
    assert!(!race.is_over(), "settled at the end of the turn");
    finish_turn_quietly(&mut race);
    let cj = race.car(car(&race, CJ, "22")).player;
    assert_eq!(
        race.result(),
        Some(RaceResult::Winner(cj)),
        "11 VP left against 12"
    );
}

#[test]
fn when_no_car_is_left_and_the_pools_are_level_the_first_across_wins() {
    // Rust Reapers claimed a VP before: 11 left each, and only #22 finished.
    let mut race = drive_two_ahead(Position::on(&run()).player(RR).claimed(RR, 1, 0));
    finish_turn_quietly(&mut race);
    let cj = race.car(car(&race, CJ, "22")).player;
    assert_eq!(race.result(), Some(RaceResult::Winner(cj)));
    // #22 pushes #11 over the line first, then follows it: 11 VP left each, #11 first across.
    let mut race = drive_two_ahead(Position::on(&run()).car(RR, "11", "4.1"));
    assert_eq!(where_is(&race, RR, "11"), "the finish (1st across)");
    assert_eq!(where_is(&race, CJ, "22"), "the finish (2nd across)");
    finish_turn_quietly(&mut race);
    let rr = race.car(car(&race, RR, "11")).player;
    assert_eq!(race.result(), Some(RaceResult::Winner(rr)));
}

#[test]
fn on_a_lap_a_car_crossing_the_line_scores_and_races_on() {
    let mut race = play_moving_first(
        Position::on(&test_track(&straight(6, "PPP")))
            .car(CJ, "22", "5.1")
            .player(RR)
            .play(CJ, "22", "solo-2"),
    );
    step(&mut race, "forward", "0.1");
    let cj = race.car(car(&race, CJ, "22")).player;
    assert_eq!(race.player(cj).pool, 11);
    assert!(race.car(car(&race, CJ, "22")).place.in_race(), "it laps on");
}

/// The error codes checking `track` gives.
fn errors(track: &roadwright::content::track::Track) -> Vec<&'static str> {
    match roadwright::validate::checked_track::CheckedTrack::from_track(
        track,
        &roadwright::validate::checked::TerrainBook::standard(),
    ) {
        Ok(_) => Vec::new(),
        Err(diagnostics) => diagnostics.iter().map(|d| d.code).collect(),
    }
}

#[test]
fn a_point_to_point_track_needs_a_run_off_that_leads_nowhere_and_holds_no_start() {
    assert_eq!(errors(&run()), Vec::<&str>::new());
    // The same open road as a lap is a lap left open.
    let mut lap = run();
    lap.route = roadwright::content::track::Route::Lap;
    let lap_errors = errors(&lap);
    assert!(lap_errors.contains(&"lap-not-closed"), "{lap_errors:?}");
    assert!(
        !lap_errors.iter().any(|code| code.starts_with("run-off")),
        "{lap_errors:?}"
    );
    let mut linked = run();
    linked.sectors[5].spaces[1].next = vec![roadwright::content::track::SpaceRef::lap(0, 1)];
    assert!(
        errors(&linked).contains(&"run-off-linked"),
        "{:?}",
        errors(&linked)
    );
    let mut chute_past = run();
    chute_past.chute = Some(roadwright::content::track::Chute {
        beside: roadwright::content::track::SpaceRef::lap(5, 0),
        side: roadwright::content::race_deck::LaneSide::Inside,
    });
    assert_eq!(errors(&chute_past), ["run-off-start"]);
    let alone = point_to_point(test_track(&straight(1, "PPP")));
    assert!(
        errors(&alone).contains(&"run-off-missing"),
        "{:?}",
        errors(&alone)
    );
}
