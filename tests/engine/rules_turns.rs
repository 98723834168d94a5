//! Setup (3.0), the turn sequence (4.0-4.5), the countdown clock (11.4), the end of the race
//! (11.5), and the decision API's guarantees.

use crate::common;

use common::rules::*;
use roadwright::rules::{Decision, Place, Race, RaceEvent, RaceResult, RaceSetup};
use roadwright::sim::{Bot, RandomBot, play_race};

const RR: &str = "rust-reapers";
const CJ: &str = "chrome-jackals";
const AV: &str = "ash-vipers";

fn new_race(track: &str, players: usize, seed: u64) -> Race {
    let rules = common::race_rules(track, "standard");
    let setup = RaceSetup::first_teams(&rules.content, players, seed);
    Race::new(rules, &setup).expect("setup")
}

#[test]
fn setup_races_five_cars_each_for_two_to_four_players_and_four_for_more_3_0() {
    for (players, per_team) in [(2, 5), (4, 5), (5, 4), (10, 4)] {
        let race = new_race("oval", players, 3);
        for p in 0..players {
            let on_track = race
                .cars()
                .iter()
                .filter(|c| c.player.index() == p && matches!(c.place, Place::Track(_)))
                .count();
            assert_eq!(on_track, per_team, "{players} players");
        }
    }
}

#[test]
fn the_grid_is_drawn_in_rounds_of_one_car_per_team_3_0() {
    let race = new_race("oval", 4, 11);
    let grid = race.track().start_positions(20).expect("grid");
    for round in 0..5 {
        let mut teams: Vec<usize> = grid[round * 4..round * 4 + 4]
            .iter()
            .map(|s| {
                let c = race.car_on(*s).expect("a car on every grid position");
                race.car(c).player.index()
            })
            .collect();
        teams.sort_unstable();
        assert_eq!(
            teams,
            [0, 1, 2, 3],
            "round {round} has one car of each team"
        );
    }
    let pole = race.car_on(grid[0]).expect("pole");
    assert_eq!(
        race.first_player(),
        race.car(pole).player,
        "position 1 holds the marker"
    );
}

#[test]
fn different_seeds_draw_different_grids_3_0() {
    let a = new_race("oval", 4, 1);
    let b = new_race("oval", 4, 2);
    let places = |r: &Race| r.cars().iter().map(|c| c.place).collect::<Vec<_>>();
    assert_ne!(places(&a), places(&b));
}

#[test]
fn thunder_alley_tracks_line_cars_up_ahead_of_the_finish_line_3_0() {
    let race = new_race("thunder-oval", 10, 5);
    let last_sector = race.track().sector(race.track().last_lap_sector()).number;
    for c in race.cars() {
        if let Place::Track(s) = c.place {
            let sector = race.track().at(s).sector;
            assert!(
                sector < 20 && sector != last_sector,
                "car at {}",
                race.track().at(s)
            );
        }
    }
    let back = race.track().start_positions(40).expect("room for 40")[39];
    assert_eq!(
        race.track().at(back).sector,
        0,
        "the last car just past the line"
    );
}

#[test]
fn every_player_starts_with_a_full_hand_and_a_full_pool_3_0() {
    let race = new_race("oval", 6, 9);
    for p in race.players() {
        assert_eq!(p.hand.len(), 6);
        assert_eq!(p.pool, 12);
    }
}

#[test]
fn hands_are_filled_and_the_clock_runs_at_the_next_turn_4_3_11_4() {
    let mut race = new_race("oval", 3, 4);
    let mut bots: Vec<RandomBot> = (0..3).map(RandomBot::new).collect();
    while race.turn() == 1 {
        let legal = race.legal_decisions();
        let p = race.deciding_player().expect("decider");
        let i = bots[p.index()].choose(&race.view(p), &legal);
        race.apply(&legal[i]).expect("legal");
    }
    for p in race.players() {
        assert_eq!(p.hand.len(), 6, "filled back to six");
        assert_eq!(p.clock_removed, 1, "the countdown clock took one");
    }
}

#[test]
fn the_countdown_clock_never_takes_a_last_vp_11_4() {
    // After every decision, an empty pool only ever belongs to the winner: the clock alone
    // never empties one.
    for seed in 0..10 {
        let mut race = new_race("oval", 2, seed);
        let mut bots: Vec<RandomBot> = (0..2).map(|p| RandomBot::new(seed + p)).collect();
        while let Some(p) = race.deciding_player() {
            let legal = race.legal_decisions();
            let i = bots[p.index()].choose(&race.view(p), &legal);
            race.apply(&legal[i]).expect("legal");
            for (seat, player) in race.players().iter().enumerate() {
                if player.pool == 0 {
                    assert_eq!(
                        race.result(),
                        Some(RaceResult::Winner(roadwright::rules::PlayerId(seat as u8)))
                    );
                }
            }
        }
    }
}

#[test]
fn a_player_with_no_car_to_activate_passes_4_4() {
    // RR's only car has already moved: after CJ's activation RR is passed over and, with no
    // car left to activate anywhere, the action phase ends (the discards of 4.5 begin).
    let (mut race, play) = Position::on(&test_track(&straight(12, "PPP")))
        .car(CJ, "22", "2.1")
        .activated(RR, "11", "8.0")
        .play(CJ, "22", "solo-2")
        .setup();
    race.apply(&play).expect("play");
    while race.active_car().is_some() {
        let d = race.legal_decisions()[0].clone();
        race.apply(&d).expect("legal");
    }
    let rr_car = car(&race, RR, "11");
    assert!(
        !race
            .events()
            .iter()
            .any(|e| matches!(e, RaceEvent::CardPlayed { car, .. } if *car == rr_car)),
        "RR never plays"
    );
    assert!(
        race.legal_decisions().contains(&Decision::KeepHand),
        "end of turn discards"
    );
    assert_eq!(race.turn(), 1);
}

#[test]
fn the_first_player_marker_goes_to_the_most_damaged_other_player_4_5() {
    // Seats: CJ (holder), RR, AV. CJ has the most damage but never keeps the marker; RR and AV
    // tie, and RR sits nearest the holder's left.
    let (mut race, play) = Position::on(&test_track(&straight(12, "PPP")))
        .car(CJ, "22", "2.1")
        .damaged(CJ, "21", "9.0", 5)
        .damaged(RR, "11", "6.0", 2)
        .damaged(AV, "31", "4.0", 2)
        .play(CJ, "22", "solo-2")
        .setup();
    race.apply(&play).expect("play");
    finish_turn_quietly(&mut race);
    let rr = race.car(car(&race, RR, "11")).player;
    let av = race.car(car(&race, AV, "31")).player;
    let damage = |p| -> u32 {
        race.cars()
            .iter()
            .filter(|c| c.player == p && c.place.in_race())
            .map(|c| u32::from(c.damage))
            .sum()
    };
    assert_eq!(damage(rr), damage(av), "the scenario keeps the tie");
    assert_eq!(
        race.first_player(),
        rr,
        "ties go to the tied player nearest the holder's left"
    );
}

#[test]
fn the_race_ends_the_moment_a_pool_is_empty_11_5() {
    for seed in 0..10 {
        let mut race = new_race("oval", 4, seed);
        let bots: Vec<Box<dyn Bot + Send>> = (0..4)
            .map(|p| Box::new(RandomBot::new(seed * 7 + p)) as Box<dyn Bot + Send>)
            .collect();
        let (result, _) = play_race(
            &mut race,
            &mut roadwright::sim::Seats::from_bots(bots),
            true,
        )
        .expect("race");
        if let RaceResult::Winner(w) = result {
            assert_eq!(race.player(w).pool, 0);
            assert!(
                matches!(race.events().last(), Some(RaceEvent::Winner { .. })),
                "nothing after: {:?}",
                &race.events()[race.events().len().saturating_sub(4)..]
            );
            assert!(race.legal_decisions().is_empty());
        }
    }
}

#[test]
fn an_illegal_decision_is_refused_and_changes_nothing() {
    let mut race = new_race("oval", 3, 8);
    let before = format!("{:?}", race.cars());
    let log_len = race.events().len();
    let wrong = Decision::Discard { card: 0 };
    assert!(race.apply(&wrong).is_err());
    assert_eq!(format!("{:?}", race.cars()), before);
    assert_eq!(race.events().len(), log_len);
}

#[test]
fn the_same_seed_and_decisions_replay_the_same_race() {
    let run = |seed: u64| {
        let mut race = new_race("figure-eight", 5, seed);
        let bots: Vec<Box<dyn Bot + Send>> = (0..5)
            .map(|p| Box::new(RandomBot::new(p)) as Box<dyn Bot + Send>)
            .collect();
        play_race(
            &mut race,
            &mut roadwright::sim::Seats::from_bots(bots),
            false,
        )
        .expect("race");
        race.log()
    };
    assert_eq!(run(42), run(42));
    assert_ne!(run(42), run(43));
}

#[test]
fn applying_the_nth_legal_decision_is_applying_that_decision() {
    let mut by_index = new_race("road-course", 4, 17);
    let mut by_value = by_index.clone();
    for _ in 0..200 {
        let n = by_index.legal().len();
        let pick = (by_index.events().len() * 7) % n;
        let decision = by_index.legal()[pick].clone();
        assert!(by_index.apply_nth(pick));
        by_value.apply(&decision).expect("legal");
        assert_eq!(by_index.events(), by_value.events());
    }
    let before = by_index.events().len();
    assert!(!by_index.apply_nth(usize::MAX), "no such decision");
    assert_eq!(by_index.events().len(), before, "nothing changed");
}
