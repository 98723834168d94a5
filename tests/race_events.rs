//! The event stream is complete: folding the events alone over an empty board gives, after
//! every decision, the engine's place, damage and markers for every car and every pool and
//! claim. Runs seeded random races on all four sample tracks with 2 to 10 players.
//!
//! `ROADWRIGHT_EVENT_SEEDS` sets the seeds per track and field size (default 6, so 216 races;
//! `ROADWRIGHT_EVENT_SEEDS=280 cargo test --release --test race_events` plays 10,080).

mod common;

use roadwright::rules::{Board, Decision, Race, RaceEvent, RaceResult, RaceSetup};
use roadwright::sim::{Bot, RandomBot};

fn seeds() -> u64 {
    std::env::var("ROADWRIGHT_EVENT_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6)
}

/// Plays a race with random bots, folding the new events after every decision and comparing.
fn play_and_rebuild(race: &mut Race, seed: u64, label: &str) {
    let players = race.players().len();
    let mut bots: Vec<RandomBot> = (0..players)
        .map(|p| RandomBot::new(seed * 131 + p as u64))
        .collect();
    let mut board = Board::default();
    let mut folded = 0;
    let mut fold = |race: &Race, board: &mut Board, decision: usize| {
        for event in &race.events()[folded..] {
            board
                .apply(event)
                .unwrap_or_else(|e| panic!("{label}: decision {decision}: {e}"));
        }
        folded = race.events().len();
        let diff = board.differences(race);
        assert!(
            diff.is_empty(),
            "{label}: after decision {decision}: {diff:#?}"
        );
    };
    fold(race, &mut board, 0);
    let mut decision = 0;
    while let Some(player) = race.deciding_player() {
        let legal: Vec<Decision> = race.legal_decisions();
        let pick = bots[player.index()].choose(&race.view(player), &legal);
        race.apply_listed(&legal[pick]);
        decision += 1;
        fold(race, &mut board, decision);
        assert!(decision < 200_000, "{label}: runaway race");
    }
    // Nothing is recorded after the event that ends the race (11.5).
    let last = race.events().last();
    match race.result() {
        Some(RaceResult::Winner(w)) => {
            assert_eq!(last, Some(&RaceEvent::Winner { player: w }), "{label}");
            assert_eq!(race.player(w).pool, 0, "{label}");
        }
        Some(RaceResult::Draw) => assert_eq!(last, Some(&RaceEvent::Draw), "{label}"),
        None => panic!("{label}: no result"),
    }
    // The prose log is made from the events: one line for each, bar the bookkeeping ones
    // (steps, whose moves are told car by car, flipped counters, forks, turn ends).
    let told = race
        .events()
        .iter()
        .filter(|e| {
            !matches!(
                e,
                RaceEvent::Step { .. }
                    | RaceEvent::CarFlipped { .. }
                    | RaceEvent::ForkTaken { .. }
                    | RaceEvent::TurnEnded { .. }
            )
        })
        .count();
    assert_eq!(
        race.log().len(),
        told,
        "{label}: a line for every event told"
    );
}

#[test]
fn the_events_alone_rebuild_every_car_and_pool_after_every_decision() {
    let mut races = 0;
    for (label, mut race, seed) in common::sample_races(seeds()) {
        play_and_rebuild(&mut race, seed, &label);
        races += 1;
    }
    assert_eq!(races, 4 * 9 * seeds());
}

#[test]
fn the_stream_serialises_and_reads_back_unchanged() {
    let rules = common::race_rules("figure-eight", "standard");
    let setup = RaceSetup::first_teams(&rules.content, 6, 5);
    let mut race = Race::new(rules, &setup).expect("setup");
    play_and_rebuild(&mut race, 5, "figure-eight json");
    let json = serde_json::to_string(race.events()).expect("json");
    let back: Vec<RaceEvent> = serde_json::from_str(&json).expect("read back");
    assert_eq!(back, race.events());
    let board = Board::from_events(&back).expect("fold");
    assert!(board.differences(&race).is_empty());
}
