//! The event stream is complete: folding the events alone over an empty board gives, after
//! every decision, the engine's place, damage and markers for every car and every pool and
//! claim. Runs seeded random races on all four sample tracks with 2 to 10 players.
//!
//! `ROADWRIGHT_EVENT_SEEDS` sets the seeds per track and field size (default 6, so 216 races;
//! `ROADWRIGHT_EVENT_SEEDS=280 cargo test --release --test engine race_events::` plays 10,080).

use crate::common;

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
            assert_eq!(last, Some(&RaceEvent::Winner { seat: w }), "{label}");
            assert_eq!(race.player(w).pool, 0, "{label}");
        }
        Some(RaceResult::Draw) => assert_eq!(last, Some(&RaceEvent::Draw), "{label}"),
        Some(RaceResult::SideWon(side)) => {
            assert_eq!(last, Some(&RaceEvent::SideWon { side }), "{label}");
        }
        None => panic!("{label}: no result"),
    }
    // The prose log is made from the events: one line for each, bar the bookkeeping ones
    // (steps, whose moves are told car by car, flipped counters, forks, turn ends).
    let told = race
        .events()
        .iter()
        .filter(|e| !BOOKKEEPING.contains(&e.kind()))
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
fn races_of_the_sample_missions_rebuild_from_their_events_and_end_by_them() {
    let mut missions: Vec<_> = std::fs::read_dir(common::repo("missions"))
        .expect("missions folder")
        .map(|e| e.expect("entry").path())
        .collect();
    missions.sort();
    assert!(!missions.is_empty());
    for path in missions {
        let loaded = roadwright::sim::mission::load_mission(&path)
            .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        for &players in &loaded.mission().players {
            for seed in 0..seeds() {
                let setup = loaded
                    .setup(Some(usize::from(players)), seed)
                    .expect("allowed");
                let mut race = Race::new(loaded.race.rules.clone(), &setup).expect("setup");
                let label = format!("{} {players} players seed {seed}", path.display());
                play_and_rebuild(&mut race, seed, &label);
                if let Some(RaceResult::SideWon(side)) = race.result() {
                    let won = race.events().iter().any(|e| {
                        matches!(e, RaceEvent::ObjectiveMet { side: s, .. } if *s == side)
                            || matches!(e, RaceEvent::Winner { .. })
                            || matches!(e, RaceEvent::TurnEnded { turn } if *turn == loaded.mission().turn_limit)
                    });
                    assert!(won, "{label}: a side won without meeting anything");
                }
            }
        }
    }
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

fn property_seeds() -> u64 {
    std::env::var("ROADWRIGHT_PROPERTY_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(56)
}

/// What the rule properties saw in a race's events, so that a run that never met a case
/// cannot pass for one that checked it.
#[derive(Default)]
struct Seen {
    /// Steps of an active car in an event's movement (Get There, Shot of NOS, High Flyer).
    event_steps: usize,
    /// Cars that entered a spot whose car their collision eliminated, on a crossover.
    crossover_kills: usize,
}

/// Checks the rulebook's properties on a finished race's events, with the board folded from
/// them: 7.1 ("may not ... enter the same space twice during an Action Segment"), event
/// movements included; 8.4 with 7.12 (a car entering the spot of a car its collision
/// eliminated enters it from its own stretch: the space it moves to is ahead of it or beside
/// it); and every move of a car by its own movement goes to a space linked to the one it left.
fn check_rule_properties(race: &Race, label: &str, seen: &mut Seen) {
    let track = race.track();
    let mut board = Board::default();
    // The active car, the cells it has stood on this action segment, and whether its card's
    // movement is over (steps after that are an event's).
    let mut active: Option<(roadwright::rules::CarId, Vec<u32>, bool)> = None;
    let cell = |s: roadwright::validate::checked_track::SpaceId| track.space(s).cell.0;
    for (i, event) in race.events().iter().enumerate() {
        match event {
            RaceEvent::CardPlayed { car, .. } => {
                let start = board.cars[car.index()].place.space().map(cell);
                active = Some((*car, start.into_iter().collect(), false));
            }
            RaceEvent::MovementEventDrawn { .. } => {
                if let Some((_, _, after_card)) = &mut active {
                    *after_card = true;
                }
            }
            RaceEvent::CarFlipped { .. }
            | RaceEvent::Passed { .. }
            | RaceEvent::TurnEnded { .. } => {
                active = None;
            }
            RaceEvent::Step { car, step, .. } => {
                if let Some((mover, visited, after_card)) = &mut active
                    && mover == car
                {
                    let to = cell(step.target());
                    assert!(
                        !visited.contains(&to),
                        "{label}: event {i}: the active car enters {} twice in one action \
                         segment (7.1)",
                        track.at(step.target())
                    );
                    if *after_card {
                        seen.event_steps += 1;
                    }
                }
            }
            RaceEvent::CarMoved {
                car,
                from: roadwright::rules::Place::Track(from),
                to: roadwright::rules::Place::Track(to),
                motion:
                    motion @ (roadwright::rules::Motion::Moved | roadwright::rules::Motion::Collided),
            } => {
                let here = track.space(*from);
                let linked = here.next.contains(to)
                    || here.inner == Some(*to)
                    || here.outer == Some(*to)
                    || track.diagonals_ahead(*from).contains(to);
                assert!(
                    linked,
                    "{label}: event {i}: car {} moves ({motion:?}) from {} to {}, which are not \
                     linked: it left its stretch",
                    car.0,
                    track.at(*from),
                    track.at(*to)
                );
                if *motion == roadwright::rules::Motion::Collided && track.space(*to).crossover {
                    seen.crossover_kills += 1;
                }
            }
            _ => {}
        }
        if let RaceEvent::CarMoved { car, to, .. } = event
            && let Some((mover, visited, _)) = &mut active
            && mover == car
            && let Some(space) = to.space()
        {
            visited.push(cell(space));
        }
        board.apply(event).expect("the stream folds");
    }
}

#[test]
fn thousands_of_races_keep_one_visit_per_space_and_crossover_kills_on_their_stretch() {
    let mut seen = Seen::default();
    let mut races = 0;
    for (label, mut race, seed) in common::sample_races(property_seeds()) {
        let players = race.players().len();
        let mut bots: Vec<RandomBot> = (0..players)
            .map(|p| RandomBot::new(seed * 977 + p as u64))
            .collect();
        let mut decisions = 0;
        while let Some(player) = race.deciding_player() {
            let legal = race.legal_decisions();
            let pick = bots[player.index()].choose(&race.view(player), &legal);
            race.apply_listed(&legal[pick]);
            decisions += 1;
            assert!(decisions < 200_000, "{label}: runaway race");
        }
        check_rule_properties(&race, &label, &mut seen);
        races += 1;
    }
    assert_eq!(races, 4 * 9 * property_seeds());
    assert!(
        seen.event_steps > 100,
        "event movements were checked ({})",
        seen.event_steps
    );
    assert!(
        seen.crossover_kills > 0,
        "a crossover kill was checked ({})",
        seen.crossover_kills
    );
}

/// The event kinds the game report leaves out: steps (their moves are told car by car),
/// flipped counters, forks and turn ends.
const BOOKKEEPING: [&str; 5] = [
    "Step",
    "CarFlipped",
    "ForkTaken",
    "TurnEnded",
    "LineCrossed",
];

#[test]
fn every_event_has_its_named_form_and_a_line_of_prose_unless_it_is_bookkeeping() {
    let mut seen = std::collections::BTreeSet::new();
    for (label, mut race, seed) in common::sample_races(1) {
        play_and_rebuild(&mut race, seed, &label);
        for (index, event) in race.events().iter().enumerate() {
            let raw = serde_json::to_value(event).expect("json");
            let named = serde_json::to_value(race.name_event(event)).expect("json");
            assert_eq!(
                raw["event"], named["event"],
                "{label}: event {index}: its named form is another event"
            );
            let line = race.describe(event);
            if BOOKKEEPING.contains(&event.kind()) {
                assert_eq!(line, None, "{label}: event {index} is bookkeeping");
            } else {
                assert!(
                    line.is_some_and(|l| !l.is_empty()),
                    "{label}: event {index} ({}) has no line of prose",
                    event.kind()
                );
            }
            seen.insert(event.kind());
        }
    }
    // The table names every kind once, and the races above reach most of them.
    let kinds: std::collections::BTreeSet<&str> = RaceEvent::KINDS.iter().copied().collect();
    assert_eq!(kinds.len(), RaceEvent::KINDS.len());
    assert!(seen.is_subset(&kinds));
    assert!(seen.len() >= 20, "only {seen:?} were played");
}

/// Kinds of ground drawn at random from every cost and effect of the vocabulary.
fn wild_ground(rng: &mut rand_chacha::ChaCha8Rng) -> roadwright::content::terrain::TerrainFile {
    use rand::RngExt;
    use roadwright::content::terrain::{CountsAs, Effect, GroundKind, Pattern, TerrainFile};
    use roadwright::content::text::{TerrainId, Text};
    let mut file = TerrainFile::standard();
    for index in 0..5 {
        let mut effects = Vec::new();
        for _ in 0..rng.random_range(0..=2) {
            effects.push(match rng.random_range(0..15) {
                0..=1 => Effect::Stop,
                2..=3 => Effect::Damage(rng.random_range(1..=3)),
                4 => Effect::Eliminate,
                5..=7 => Effect::Slide(rng.random_range(1..=2)),
                8..=9 => Effect::SlideAside(1),
                10 => Effect::DrawnJump {
                    min: 1,
                    max: 3,
                    faces: (rng.random_range(0..2) == 0).then_some([1, 2, 2, 3, 3, 3]),
                },
                11 => Effect::Fire,
                12 => Effect::Hazard,
                _ => Effect::Jump(rng.random_range(2..=4)),
            });
        }
        file.kinds.push(GroundKind {
            id: TerrainId::from(format!("wild-{index}").as_str()),
            name: Text::from("Wild"),
            colour: Text::from("#123456"),
            pattern: Pattern::Grey,
            counts_as: CountsAs::Road,
            enter_cost: rng.random_range(1..=3),
            enter_short: rng.random(),
            lane_changes: rng.random_range(0..4) > 0,
            // The last kind lets cars stack; hazards leave the others behind.
            stacks: index == 4,
            effects,
        });
    }
    file
}

/// A hazard deck of every hazard effect, some leaving wild ground behind.
fn wild_hazards(rng: &mut rand_chacha::ChaCha8Rng) -> roadwright::content::hazard_deck::HazardDeck {
    use rand::RngExt;
    use roadwright::content::hazard_deck::{Hazard, HazardDeck, HazardEffect};
    use roadwright::content::text::{Id, TerrainId, Text};
    let effects = [
        HazardEffect::Damage(1),
        HazardEffect::SpinAround,
        HazardEffect::SlideAside(1),
        HazardEffect::Quake,
        HazardEffect::PitTrap {
            bonus: 1,
            damage: 2,
        },
        HazardEffect::Eliminate,
    ];
    HazardDeck {
        kind: roadwright::content::kind::HazardDeckKind::HazardDeck,
        version: HazardDeck::VERSION,
        name: Text::from("wild"),
        hazards: effects
            .iter()
            .enumerate()
            .map(|(index, effect)| Hazard {
                id: Id::from(format!("h-{index}").as_str()),
                name: Text::from("Wild hazard"),
                count: rng.random_range(1..=3),
                effects: vec![*effect],
                becomes: (rng.random_range(0..3) == 0)
                    .then(|| TerrainId::from(format!("wild-{}", rng.random_range(0..4)).as_str())),
                // Some strike the car farthest back (the sand worm), not the car on them.
                target: if rng.random_range(0..3) == 0 {
                    roadwright::content::hazard_deck::HazardTarget::Rearmost
                } else {
                    roadwright::content::hazard_deck::HazardTarget::TheCar
                },
                // Some let the car drive on once resolved (the oil slick, the pit trap).
                drive_on: rng.random_range(0..3) == 0,
            })
            .collect(),
    }
}

#[test]
fn races_on_wild_ground_rebuild_from_their_events_too() {
    use rand::{RngExt, SeedableRng};
    use roadwright::content::Document;
    use roadwright::content::track::TerrainId;
    use roadwright::validate::checked::TerrainBook;
    use roadwright::validate::checked_track::CheckedTrack;
    let oval = match Document::load(&common::repo("tracks/oval.ron"))
        .expect("oval")
        .document
    {
        Document::Track(track) => track,
        other => panic!("{}", other.kind()),
    };
    let content =
        roadwright::validate::open::open_content(&common::repo("content")).expect("content");
    let mut played = 0;
    let mut revealed: u64 = 0;
    for seed in 0..4 * seeds() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let file = wild_ground(&mut rng);
        let book = TerrainBook::from_file(&file).expect("a valid terrain file");
        let mut track = oval.clone();
        for sector in &mut track.sectors {
            for space in &mut sector.spaces {
                if space.terrain.is_paved() && rng.random_range(0..4) == 0 {
                    space.terrain =
                        TerrainId::from(format!("wild-{}", rng.random_range(0..5)).as_str());
                }
            }
        }
        // Hazard spots on a few spaces that are not the trough, and a deck of every hazard.
        for sector in &mut track.sectors {
            for space in &mut sector.spaces {
                if !["trough", "wild-4"].contains(&space.terrain.as_str())
                    && rng.random_range(0..10) == 0
                {
                    space.hazard = true;
                }
            }
        }
        // A lap the wild rocks cut is refused, as it should be: another seed plays.
        let Ok(checked) = CheckedTrack::from_track(&track, &book) else {
            continue;
        };
        let mut content = content.clone();
        content.hazards = Some(
            roadwright::validate::hazard_deck::HazardBook::from_deck(
                &wild_hazards(&mut rng),
                &book,
            )
            .expect("a valid hazard deck"),
        );
        content.terrain = book;
        let rules = std::sync::Arc::new(
            roadwright::rules::RaceRules::new(content, checked, "standard").expect("rules"),
        );
        let players = 2 + (seed % 5) as usize;
        let setup = RaceSetup::first_teams(&rules.content, players, seed);
        let mut race = Race::new(std::sync::Arc::clone(&rules), &setup).expect("setup");
        play_and_rebuild(&mut race, seed, &format!("wild ground, seed {seed}"));
        // The engine's own invariants hold after every decision too.
        let mut race = Race::new(rules, &setup).expect("setup");
        roadwright::sim::play_race(
            &mut race,
            &mut roadwright::sim::Seats::random(seed + 1, players),
            true,
        )
        .unwrap_or_else(|e| panic!("wild ground, seed {seed}: {e}"));
        revealed += race
            .events()
            .iter()
            .filter(|e| matches!(e, RaceEvent::HazardRevealed { .. }))
            .count() as u64;
        played += 1;
    }
    assert!(
        played >= 2 * seeds(),
        "only {played} wild tracks were raceable"
    );
    assert!(
        revealed >= played,
        "only {revealed} hazards turned over in {played} races"
    );
}
