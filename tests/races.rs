//! Whole races with random bots: the engine's invariants hold after every decision.

mod common;

use roadwright::rules::{Race, RaceSetup};
use roadwright::sim::{Bot, RandomBot, play_race};

fn play(track: &str, players: usize, seed: u64) -> usize {
    let rules = common::race_rules(track, "standard");
    let setup = RaceSetup::first_teams(&rules.content, players, seed);
    let mut race = Race::new(rules, &setup).expect("setup");
    race.check_invariants().expect("setup keeps the invariants");
    let mut bots: Vec<Box<dyn Bot + Send>> = (0..players)
        .map(|p| Box::new(RandomBot::new(seed * 31 + p as u64)) as Box<dyn Bot + Send>)
        .collect();
    match play_race(&mut race, &mut bots, true) {
        Ok((_, decisions)) => decisions,
        Err(e) => {
            for line in race.log().iter().rev().take(30).rev() {
                eprintln!("{}", race.describe(line));
            }
            panic!("{track} {players} players seed {seed}: {e}")
        }
    }
}

#[test]
fn random_races_keep_every_invariant() {
    for seed in 0..20 {
        for players in [2, 5, 10] {
            play("oval", players, seed);
        }
    }
}
