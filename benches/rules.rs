//! The rules engine: whole races with random bots, and outcome enumeration for the costliest
//! card on a crowded track.
//!
//! Run with `cargo bench --bench rules`; the README records the figures.

use std::path::Path;
use std::sync::Arc;

use roadwright::content::kind::ScenarioKind;
use roadwright::content::scenario::{CarPlacement, CarRef, Scenario, Spot};
use roadwright::content::text::{Id, Text};
use roadwright::rules::{Decision, Place, Race, RaceRules, RaceSetup, enumerate_outcomes};
use roadwright::sim::{Bot, RandomBot, play_race};
use roadwright::validate::open::{open_content, open_track};

fn main() {
    divan::main();
}

fn rules() -> Arc<RaceRules> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let content = open_content(&root.join("content")).expect("content");
    let track = open_track(&root.join("tracks/oval.ron")).expect("track");
    Arc::new(RaceRules::new(content, track, "standard").expect("rules"))
}

/// One whole race, ten players on the oval, random bots, no log.
#[divan::bench(sample_count = 30)]
fn race_ten_players_oval(bencher: divan::Bencher) {
    let rules = rules();
    let mut seed = 0;
    bencher.bench_local(|| {
        seed += 1;
        let setup = RaceSetup::first_teams(&rules.content, 10, seed);
        let mut race = Race::new(Arc::clone(&rules), &setup).expect("setup");
        race.set_logging(false);
        let mut bots: Vec<Box<dyn Bot + Send>> = (0..10)
            .map(|p| Box::new(RandomBot::new(seed * 10 + p)) as Box<dyn Bot + Send>)
            .collect();
        play_race(&mut race, &mut bots, false).expect("race")
    });
}

/// The starting grid of a ten-player race (40 cars) as a scenario where `card` is played for
/// a base-3 car in the middle of the pack.
fn crowded(card: &str) -> Race {
    let rules = rules();
    let setup = RaceSetup::first_teams(&rules.content, 10, 7);
    let grid = Race::new(Arc::clone(&rules), &setup).expect("setup");
    let mut placements = Vec::new();
    let mut active = None;
    for c in grid.cars() {
        if let Place::Track(space) = c.place {
            let team = grid.team_of(c.player).id.clone();
            let at = grid.track().at(space);
            let base = grid.team_of(c.player).cars[c.mat_index].base_mp;
            if base == 3 && active.is_none() && (3..=6).contains(&at.sector) {
                active = Some(CarRef {
                    team: team.clone(),
                    number: c.number.clone(),
                });
            }
            placements.push(CarPlacement {
                team,
                number: c.number.clone(),
                at: Spot::Space(at),
                damage: 0,
                markers: Vec::new(),
                activated: false,
            });
        }
    }
    let scenario = Scenario {
        kind: ScenarioKind::Scenario,
        version: 1,
        name: Text::from("crowded grid"),
        track: Text::from(""),
        content: Text::from(""),
        ruleset: Id::from("standard"),
        players: grid
            .players()
            .iter()
            .map(|p| rules.content.teams[p.team].id.clone())
            .collect(),
        cars: placements,
        active: active.expect("a base-3 car mid-pack"),
        card: Id::from(card),
        ram_as_lead: false,
        seed: 1,
        next_combat_cards: Vec::new(),
        next_event_cards: Vec::new(),
        next_race_cards: Vec::new(),
        mp: None,
        claimed: Vec::new(),
    };
    let (mut race, play) = Race::from_scenario(rules, &scenario).expect("scenario");
    race.apply(&play).expect("play");
    if race.movement().is_none() {
        race.apply(&Decision::HoldFire).expect("move first");
    }
    race
}

/// Every outcome of Lead +6 (9 MP with a base-3 car) in the middle of a 40-car grid.
#[divan::bench(sample_count = 20)]
fn enumerate_lead_6_crowded(bencher: divan::Bencher) {
    let race = crowded("lead-6");
    bencher.bench_local(|| enumerate_outcomes(divan::black_box(&race)));
}

/// Every outcome of Diagonal Lead +5 (8 MP, diagonals) in the middle of a 40-car grid.
#[divan::bench(sample_count = 20)]
fn enumerate_diagonal_lead_5_crowded(bencher: divan::Bencher) {
    let race = crowded("diagonal-lead-5");
    bencher.bench_local(|| enumerate_outcomes(divan::black_box(&race)));
}
