//! The rules engine: whole races with random and planner bots, and outcome enumeration: the
//! costliest cards on a crowded grid, and the positions of real races (all of them, and the one
//! at the 99th percentile of work).
//!
//! Run with `cargo bench --no-default-features --bench rules`; the README records the figures.

use std::path::Path;
use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use roadwright::content::kind::ScenarioKind;
use roadwright::content::scenario::{CarPlacement, CarRef, Scenario, Spot};
use roadwright::content::text::{Id, Text};
use roadwright::rules::{
    CarId, Decision, Race, RaceRules, RaceSetup, enumerate_end_places, enumerate_outcomes,
    enumerate_outcomes_ending_at, enumerate_outcomes_within,
};
use roadwright::sim::profiles::{bot_for, profiles_in};
use roadwright::sim::{Bot, RandomBot, play_race};
use roadwright::validate::checked_track::SpaceId;
use roadwright::validate::open::{open_content, open_track};

fn main() {
    divan::main();
}

fn rules() -> Arc<RaceRules> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let content = open_content(&root.join("content")).expect("content");
    let track = open_track(
        &root.join("tracks/oval.ron"),
        &roadwright::validate::checked::TerrainBook::standard(),
    )
    .expect("track");
    Arc::new(RaceRules::new(content, track, "standard").expect("rules"))
}

/// Whole ten-player races on the oval without events, a new seed for each, every seat
/// driven by `bot(seed)`.
fn bench_races(bencher: divan::Bencher, bot: impl Fn(u64) -> Box<dyn Bot + Send>) {
    let rules = rules();
    let mut seed = 0;
    bencher.bench_local(|| {
        seed += 1;
        let setup = RaceSetup::first_teams(&rules.content, 10, seed);
        let mut race = Race::new(Arc::clone(&rules), &setup).expect("setup");
        race.set_logging(false);
        let bots: Vec<_> = (0..10).map(|p| bot(seed * 10 + p)).collect();
        play_race(
            &mut race,
            &mut roadwright::sim::Seats::from_bots(bots),
            false,
        )
        .expect("race")
    });
}

/// One whole race, ten players on the oval, random bots, no log.
#[divan::bench(sample_count = 30)]
fn race_ten_players_oval(bencher: divan::Bencher) {
    bench_races(bencher, |seed| Box::new(RandomBot::new(seed)));
}

/// The cars of a ten-player race (40 cars) on their starting grid.
fn grid() -> Race {
    let rules = rules();
    let setup = RaceSetup::first_teams(&rules.content, 10, 7);
    Race::new(rules, &setup).expect("setup")
}

/// A scenario on `grid`'s cars where each car of `places` stands on its space and `card` is
/// played for `active`, moving first.
fn scenario_race(grid: &Race, places: &[(CarId, SpaceId)], active: CarId, card: &str) -> Race {
    let car_ref = |id: CarId| CarRef {
        team: grid.team_of(grid.car(id).player).id.clone(),
        number: grid.car_number(id).clone(),
    };
    let placements = places
        .iter()
        .map(|&(id, space)| {
            let CarRef { team, number } = car_ref(id);
            CarPlacement {
                team,
                number,
                at: Spot::Space(grid.track().at(space)),
                damage: 0,
                markers: Vec::new(),
                activated: false,
            }
        })
        .collect();
    let rules = Arc::new(grid.rules().clone());
    let scenario = Scenario {
        kind: ScenarioKind::Scenario,
        version: 1,
        name: Text::from("benchmark position"),
        track: Text::from(""),
        content: Text::from(""),
        ruleset: Id::from("standard"),
        players: grid
            .players()
            .iter()
            .map(|p| rules.content.teams[p.team].id.clone())
            .collect(),
        cars: placements,
        active: car_ref(active),
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

fn base_mp(race: &Race, id: CarId) -> u8 {
    race.stats(id).base_mp
}

/// The starting grid of a ten-player race (40 cars) as a scenario where `card` is played for
/// a base-3 car in the middle of the pack.
fn crowded(card: &str) -> Race {
    let grid = grid();
    let places: Vec<(CarId, SpaceId)> = grid
        .car_ids()
        .filter_map(|id| grid.car(id).place.space().map(|s| (id, s)))
        .collect();
    let active = places
        .iter()
        .find(|(id, s)| base_mp(&grid, *id) == 3 && (3..=6).contains(&grid.track().at(*s).sector))
        .expect("a base-3 car mid-pack")
        .0;
    scenario_race(&grid, &places, active, card)
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

/// The widest movement start found in random ten-player races (2,400 races, four tracks, the
/// first two turns, cards of 8 MP and more; searched again when decks came to be drawn from
/// counts, which changed every seed's race): race 220 on the oval, in the packed field of the
/// first turns. Its full enumeration has 64,926 outcomes.
fn widest_packed_position() -> Race {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let content = open_content(&root.join("content")).expect("content");
    let track = open_track(
        &root.join("tracks/oval.ron"),
        &roadwright::validate::checked::TerrainBook::standard(),
    )
    .expect("track");
    let rules = Arc::new(RaceRules::new(content, track, "standard").expect("rules"));
    let seed = 220;
    let setup = RaceSetup::first_teams(&rules.content, 10, seed);
    let mut race = Race::new(rules, &setup).expect("setup");
    race.set_logging(false);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut widest: Option<(usize, Race)> = None;
    while !race.is_over() && race.turn() < 3 {
        if race.movement().is_some_and(|m| m.spent() == 0 && m.mp >= 8) {
            let outcomes = enumerate_outcomes_within(&race, usize::MAX).outcomes.len();
            if widest.as_ref().is_none_or(|(n, _)| outcomes > *n) {
                widest = Some((outcomes, race.clone()));
            }
        }
        let n = race.legal().len();
        race.apply_nth(rng.random_range(0..n));
    }
    let (outcomes, race) = widest.expect("a movement of 8 MP or more");
    eprintln!("widest packed position: {outcomes} outcomes");
    race
}

/// Every outcome of the widest packed position.
#[divan::bench(sample_count = 10)]
fn enumerate_widest_packed(bencher: divan::Bencher) {
    let race = widest_packed_position();
    bencher.bench_local(|| enumerate_outcomes_within(divan::black_box(&race), usize::MAX));
}

/// The end places of the widest packed position, grouped (what the studio highlights).
#[divan::bench(sample_count = 20)]
fn end_places_widest_packed(bencher: divan::Bencher) {
    let race = widest_packed_position();
    let grouped = enumerate_end_places(&race, usize::MAX);
    eprintln!(
        "{} end places, {} positions visited",
        grouped.places.len(),
        grouped.visited
    );
    bencher.bench_local(|| enumerate_end_places(divan::black_box(&race), usize::MAX));
}

/// Every outcome ending on the farthest of those places, on demand (hovering it).
#[divan::bench(sample_count = 20)]
fn outcomes_ending_at_widest_packed(bencher: divan::Bencher) {
    let race = widest_packed_position();
    let grouped = enumerate_end_places(&race, usize::MAX);
    let place = grouped
        .places
        .iter()
        .max_by_key(|p| p.example.spent)
        .expect("a place")
        .place;
    bencher
        .bench_local(|| enumerate_outcomes_ending_at(divan::black_box(&race), place, usize::MAX));
}

/// One whole race, ten players on the oval, planner bots (the shipped profile), no events.
#[divan::bench(sample_count = 10)]
fn race_ten_players_oval_planner(bencher: divan::Bencher) {
    let profiles = profiles_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("content"));
    let planner = profiles
        .get("planner")
        .expect("the planner profile")
        .clone();
    bench_races(bencher, |seed| bot_for(&planner, seed));
}

/// A play of a card chosen by the search bot (the shipped `searcher` profile): two-player races
/// on the oval played by planners to their fifth play, one position per seed, the bot made
/// afresh for each choice (its play-outs are the whole of its work; the planner it asks for the
/// candidates is part of it).
#[divan::bench(sample_count = 20)]
fn search_bot_play_two_players(bencher: divan::Bencher) {
    let profiles = profiles_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("content"));
    let searcher = profiles
        .get("searcher")
        .expect("the searcher profile")
        .clone();
    let planner = profiles.get("planner").expect("the planner").clone();
    let rules = rules();
    let positions: Vec<Race> = (0..20)
        .filter_map(|seed| {
            let setup = RaceSetup::first_teams(&rules.content, 2, seed);
            let mut race = Race::new(Arc::clone(&rules), &setup).expect("setup");
            race.set_logging(false);
            let mut seats = roadwright::sim::Seats::new(seed, [Some(&planner), Some(&planner)]);
            let mut plays = 0;
            while !race.is_over() {
                let legal = race.legal();
                if legal.len() > 1 && legal.iter().all(|d| matches!(d, Decision::Play { .. })) {
                    plays += 1;
                    if plays == 5 {
                        return Some(race);
                    }
                }
                seats.step(&mut race);
            }
            None
        })
        .collect();
    let mut next = 0;
    bencher.bench_local(|| {
        next = (next + 1) % positions.len();
        let race = &positions[next];
        let player = race.deciding_player().expect("a player to play");
        let mut bot = bot_for(&searcher, next as u64);
        bot.choose(&race.view(player), race.legal())
    });
}

/// The start of every movement in 30 ten-player random races on the oval (about 6,000
/// positions), each with the work its enumeration takes (positions visited).
fn real_positions() -> Vec<(usize, Race)> {
    let rules = rules();
    let mut out = Vec::new();
    for seed in 0..30 {
        let setup = RaceSetup::first_teams(&rules.content, 10, seed);
        let mut race = Race::new(Arc::clone(&rules), &setup).expect("setup");
        race.set_logging(false);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !race.is_over() {
            if race.movement().is_some_and(|m| m.spent() == 0) {
                let work = enumerate_outcomes_within(&race, usize::MAX).visited;
                out.push((work, race.clone()));
            }
            let n = race.legal().len();
            race.apply_nth(rng.random_range(0..n));
        }
    }
    out.sort_by_key(|(work, _)| *work);
    out
}

/// Enumerating every movement start of 30 real races, one after another: the mean cost per
/// position is this figure divided by the number of positions (printed once).
#[divan::bench(sample_count = 10)]
fn enumerate_every_real_position(bencher: divan::Bencher) {
    let positions = real_positions();
    eprintln!("{} positions", positions.len());
    bencher.bench_local(|| {
        for (_, race) in &positions {
            divan::black_box(enumerate_outcomes(race));
        }
    });
}

/// The position at the 99th percentile of work among those of real races: the p99 of
/// enumeration time over real decisions.
#[divan::bench(sample_count = 50)]
fn enumerate_real_position_p99(bencher: divan::Bencher) {
    let positions = real_positions();
    let (work, race) = &positions[positions.len() * 99 / 100];
    eprintln!("p99 position: {work} positions visited");
    bencher.bench_local(|| enumerate_outcomes(divan::black_box(race)));
}

/// The costliest position of real races.
#[divan::bench(sample_count = 20)]
fn enumerate_real_position_worst(bencher: divan::Bencher) {
    let positions = real_positions();
    let (work, race) = positions.last().expect("positions");
    eprintln!("worst position: {work} positions visited");
    bencher.bench_local(|| enumerate_outcomes(divan::black_box(race)));
}

/// `validate --play` on the oval with its defaults: 300 random-bot races over every player
/// count, the events read for coverage, in parallel on every core (the command line's check,
/// without loading the files).
#[divan::bench(sample_count = 10)]
fn play_check_oval_default(bencher: divan::Bencher) {
    use roadwright::content::{Document, RawPack};
    use roadwright::sim::play_check::{DEFAULT_PLAY_RACES, PlayCheck, PlayLimits};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pack = RawPack::load(&root.join("content")).expect("content");
    let track = Document::load(&root.join("tracks/oval.ron")).expect("track");
    let check = PlayCheck {
        rules: rules(),
        track: &track,
        pack: &pack,
        races: DEFAULT_PLAY_RACES,
        seed: 0,
        limits: PlayLimits::default(),
    };
    bencher.bench_local(|| {
        let found = check.run();
        assert!(found.is_empty(), "{found:?}");
        found
    });
}
