//! The rolling road (Thunder Road: Vendetta's board, `content::rolling_road`): the first window
//! on the table, a car driving off the lead tile removing the rear tile with its cars and
//! laying the next, the other moments, the final tile, hazard tokens dealt to laid tiles only,
//! hostile roads refused, and the sample course played whole with its events folded.

use crate::common;

use common::rules::*;
use roadwright::content::course::{Layout, Route};
use roadwright::content::rolling_road::{LaidTile, RollWhen, RollingRoad};
use roadwright::content::text::Id;
use roadwright::content::track::Track;
use roadwright::rules::{Board, Place, Race, RaceEvent, RaceSetup};
use roadwright::sim::{Bot, RandomBot};
use roadwright::stretch::course::build_course;
use roadwright::validate::laid_tiles::TilePlace;

const RR: &str = "rust-reapers"; // #12: 5 MP with solo-2
const CJ: &str = "chrome-jackals";

/// A point-to-point straight of `tiles` tiles of three sectors on four lanes, rolling with
/// `window` tiles on the table.
fn road(tiles: u32, window: u32, roll: RollWhen) -> Track {
    let sectors = (tiles * 3) as usize;
    let mut track = point_to_point(test_track(&straight(sectors, "PPPP")));
    track.tiles = (0..tiles)
        .map(|i| LaidTile {
            tile: Id::from(format!("tile-{}", i + 1).as_str()),
            first_sector: i * 3,
        })
        .collect();
    track.rolling = Some(RollingRoad {
        window,
        roll,
        final_when_player_out: false,
    });
    track
}

fn road_events(race: &Race) -> Vec<&RaceEvent> {
    race.events()
        .iter()
        .filter(|e| {
            matches!(
                e,
                RaceEvent::TileLaid { .. }
                    | RaceEvent::TileRemoved { .. }
                    | RaceEvent::FinalTile { .. }
            )
        })
        .collect()
}

#[test]
fn at_the_start_the_first_window_of_tiles_is_laid_and_the_rest_is_not_on_the_table() {
    let (race, _) = Position::on(&road(5, 3, RollWhen::LeavingLead))
        .car(RR, "12", "2.1")
        .play(RR, "12", "solo-2")
        .setup();
    let window = race.road().expect("a rolling road");
    assert_eq!((window.rear, window.lead), (TilePlace(0), TilePlace(2)));
    assert_eq!(window.final_tile, TilePlace(4));
    assert_eq!(
        road_events(&race),
        [0, 1, 2]
            .map(|t| RaceEvent::TileLaid { tile: TilePlace(t) })
            .iter()
            .collect::<Vec<_>>()
    );
    let sector = |at: &str| race.track().space(sp(&race, at)).sector;
    assert!(race.on_table(sector("8.0")));
    assert!(!race.on_table(sector("9.0")), "tile 4 is still in the pile");
}

#[test]
fn a_car_driving_off_the_lead_tile_removes_the_rear_tile_with_its_cars_and_lays_the_next() {
    // Thunder Road: "eliminate all road vehicles ... on the rear tile. Remove the rear tile
    // ... place the top tile from the draw pile ... If the road vehicle that went off the
    // board has remaining moves, it continues moving."
    let mut race = play_moving_first(
        Position::on(&road(5, 3, RollWhen::LeavingLead))
            .car(RR, "12", "5.1")
            .car(CJ, "21", "1.2")
            .car(CJ, "22", "4.0")
            .play(RR, "12", "solo-2"),
    );
    finish_movement(&mut race);
    let driver = car(&race, RR, "12");
    let at = race.car(driver).place.space().expect("on the road");
    assert!(
        race.track().space(at).sector.0 >= 10,
        "it drove on over the new tile with its remaining movement: {}",
        where_is(&race, RR, "12")
    );
    assert_eq!(race.car(car(&race, CJ, "21")).place, Place::Destroyed);
    assert!(
        race.car(car(&race, CJ, "22")).place.in_race(),
        "tile 2 stays: {:#?}",
        race.log()
    );
    let window = race.road().expect("rolling");
    assert_eq!((window.rear, window.lead), (TilePlace(1), TilePlace(3)));
    // Driven two tiles on, the road rolls twice (the next test); one tile on, once.
    // The events, in order: the tile goes, the next tile is laid, and the removed tile's car is
    // eliminated (scored by no one).
    let from_removal: Vec<&RaceEvent> = race
        .events()
        .iter()
        .skip_while(|e| !matches!(e, RaceEvent::TileRemoved { .. }))
        .filter(|e| {
            matches!(
                e,
                RaceEvent::TileRemoved { .. }
                    | RaceEvent::Eliminated { .. }
                    | RaceEvent::TileLaid { .. }
            )
        })
        .collect();
    assert_eq!(
        from_removal,
        vec![
            &RaceEvent::TileRemoved {
                tile: TilePlace(0),
                discarded: Vec::new()
            },
            &RaceEvent::TileLaid { tile: TilePlace(3) },
            &RaceEvent::Eliminated {
                car: car(&race, CJ, "21"),
                scored_by: None
            },
        ]
    );
}

#[test]
fn a_car_that_stays_on_the_lead_tile_rolls_nothing() {
    let mut race = play_moving_first(
        Position::on(&road(5, 3, RollWhen::LeavingLead))
            .car(RR, "12", "2.1")
            .car(CJ, "21", "0.2")
            .play(RR, "12", "solo-2"),
    );
    finish_movement(&mut race);
    assert_eq!(road_events(&race).len(), 3, "only the first window");
    assert!(race.car(car(&race, CJ, "21")).place.in_race());
}

#[test]
fn entering_the_lead_tile_rolls_the_road_when_the_course_says_so() {
    let mut race = play_moving_first(
        Position::on(&road(5, 3, RollWhen::EnteringLead))
            .car(RR, "12", "3.1")
            .car(CJ, "21", "1.2")
            .play(RR, "12", "solo-2"),
    );
    finish_movement(&mut race);
    // From 3.1 with 5 MP it reaches sector 8 at most: into tile 3, the lead tile.
    let window = race.road().expect("rolling");
    assert_eq!(window.rear, TilePlace(1));
    assert_eq!(race.car(car(&race, CJ, "21")).place, Place::Destroyed);
}

#[test]
fn at_the_end_of_every_turn_the_road_rolls_once_when_the_course_says_so() {
    let mut race = play_moving_first(
        Position::on(&road(6, 3, RollWhen::EndOfTurn))
            .car(RR, "12", "0.1")
            .car(CJ, "21", "0.3")
            .play(RR, "12", "solo-2"),
    );
    finish_movement(&mut race);
    assert_eq!(race.road().expect("rolling").rear, TilePlace(0));
    finish_turn_quietly(&mut race);
    let window = race.road().expect("rolling");
    assert_eq!((window.rear, window.lead), (TilePlace(1), TilePlace(3)));
    // The car left on tile 1 was eliminated with it.
    assert_eq!(race.car(car(&race, CJ, "21")).place, Place::Destroyed);
    let ended = race
        .events()
        .iter()
        .position(|e| matches!(e, RaceEvent::TurnEnded { .. }))
        .expect("the turn ended");
    let removed = race
        .events()
        .iter()
        .position(|e| matches!(e, RaceEvent::TileRemoved { .. }))
        .expect("a tile removed");
    assert!(removed < ended, "it rolls as the turn ends");
}

#[test]
fn the_last_tile_laid_is_the_final_tile_and_the_road_rolls_no_further() {
    let mut race = play_moving_first(
        Position::on(&road(4, 3, RollWhen::LeavingLead))
            .car(RR, "12", "5.1")
            .play(RR, "12", "solo-2"),
    );
    finish_movement(&mut race);
    assert!(
        race.events()
            .contains(&RaceEvent::FinalTile { tile: TilePlace(3) }),
        "the fourth tile is the last: the finish line is laid"
    );
    let window = race.road().expect("rolling");
    assert_eq!(
        (window.lead, window.final_tile),
        (TilePlace(3), TilePlace(3))
    );
    // Its finish line lies before its last sector, the run-off.
    assert_eq!(race.track().finish_sector(), race.track().last_lap_sector());
}

#[test]
fn hazard_tokens_are_dealt_to_the_tiles_on_the_table_and_to_a_tile_when_it_is_laid() {
    use roadwright::content::hazard_deck::{Hazard, HazardDeck, HazardTarget};
    let mut track = road(5, 3, RollWhen::LeavingLead);
    for at in ["4.3", "10.3"] {
        let at: roadwright::content::track::SpaceRef = at.parse().expect("space");
        let space = track.sectors[at.sector as usize]
            .spaces
            .iter_mut()
            .find(|s| s.lane == at.lane)
            .expect("space");
        space.hazard = true;
    }
    let deck = HazardDeck {
        kind: roadwright::content::kind::HazardDeckKind::HazardDeck,
        version: HazardDeck::VERSION,
        name: roadwright::content::text::Text::from("mines"),
        hazards: vec![Hazard {
            id: Id::from("mine"),
            name: roadwright::content::text::Text::from("Mine"),
            count: 4,
            effects: vec![roadwright::content::hazard_deck::HazardEffect::Damage(1)],
            becomes: None,
            target: HazardTarget::TheCar,
            drive_on: false,
        }],
    };
    let (race, _) = Position::on(&track)
        .hazards(deck.clone())
        .car(RR, "12", "7.1")
        .play(RR, "12", "solo-2")
        .setup();
    let dealt: Vec<_> = race.face_down_hazards().collect();
    assert_eq!(
        dealt,
        vec![sp(&race, "4.3")],
        "tile 4's spot waits for its tile"
    );
    let mut race = play_moving_first(
        Position::on(&track)
            .hazards(deck)
            .car(RR, "12", "7.1")
            .play(RR, "12", "solo-2"),
    );
    finish_movement(&mut race);
    let dealt: Vec<_> = race.face_down_hazards().collect();
    assert!(
        dealt.contains(&sp(&race, "10.3")),
        "laid, its spot is dealt"
    );
}

#[test]
fn hostile_rolling_roads_are_refused_with_the_reason() {
    let tiles: std::collections::BTreeMap<Id, roadwright::content::tile::Tile> =
        [common::tile("straight", |b| b.straight(4, 4))]
            .into_iter()
            .map(|t| (t.id.clone(), t))
            .collect();
    let course = |window: u32, length: usize, route| roadwright::content::course::Course {
        kind: roadwright::content::kind::CourseKind::Course,
        version: 1,
        id: Id::from("rolling"),
        name: roadwright::content::text::Text::from("Rolling"),
        tiles: roadwright::content::text::Text::from("tiles"),
        layout: Layout::Fixed(vec![Id::from("straight"); length]),
        route,
        rolling: Some(RollingRoad {
            window,
            roll: RollWhen::LeavingLead,
            final_when_player_out: false,
        }),
    };
    let refusal = |window, length, route| {
        build_course(&course(window, length, route), &tiles, 0)
            .expect_err("refused")
            .to_string()
    };
    assert!(refusal(0, 4, Route::PointToPoint).contains("keeps 0 tiles on the table"));
    assert!(refusal(1, 4, Route::PointToPoint).contains("needs at least 2"));
    assert!(refusal(5, 4, Route::PointToPoint).contains("lays only 4"));
    assert!(refusal(3, 4, Route::Lap).contains("point to point"));
    // A road that rolls builds, records the tiles it laid, and may lay a long straight.
    let built = build_course(&course(3, 4, Route::PointToPoint), &tiles, 0).expect("builds");
    assert_eq!(built.tiles.len(), 4);
    assert_eq!(built.tiles[2].first_sector, 8);
    // A track file whose road cannot roll is refused at its `rolling` and `tiles` fields.
    let mut track = road(3, 3, RollWhen::LeavingLead);
    track.rolling.as_mut().expect("rolling").window = 4;
    track.tiles[2].first_sector = 1;
    let codes = common::track_errors(track);
    assert!(
        codes
            .iter()
            .any(|c| c.contains("[rolling-window]") && c.contains("laid from 3")),
        "{codes:#?}"
    );
    assert!(
        codes
            .iter()
            .any(|c| c.contains("[rolling-tiles]") && c.contains("tile 3")),
        "{codes:#?}"
    );
}

/// The sample rolling road, built with `course_seed`, for `players` players.
fn sample_race(players: usize, seed: u64, course_seed: u64) -> Race {
    let loaded = roadwright::sim::load::load_race_on(
        &common::repo("samples/devils-run/content"),
        &common::repo("samples/devils-run/courses/rolling-road.ron"),
        "standard",
        course_seed,
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let setup = RaceSetup::first_teams(&loaded.rules.content, players, seed);
    Race::new(loaded.rules, &setup).expect("setup")
}

/// Plays `race` with random bots, folding the events after every decision: the board follows
/// the road (tiles laid, removed, tokens discarded) as it follows the cars.
fn play_folding(race: &mut Race, seed: u64) {
    let mut bots: Vec<RandomBot> = (0..race.players().len())
        .map(|p| RandomBot::new(seed * 131 + p as u64))
        .collect();
    let mut board = Board::default();
    let mut folded = 0;
    let mut decisions = 0;
    loop {
        for event in &race.events()[folded..] {
            board.apply(event).expect("the event fits the board");
        }
        folded = race.events().len();
        let diff = board.differences(race);
        assert!(diff.is_empty(), "after decision {decisions}: {diff:#?}");
        race.check_invariants()
            .unwrap_or_else(|e| panic!("after decision {decisions}: {e}"));
        let Some(player) = race.deciding_player() else {
            break;
        };
        let legal = race.legal_decisions();
        let pick = bots[player.index()].choose(&race.view(player), &legal);
        race.apply_listed(&legal[pick]);
        decisions += 1;
        assert!(decisions < 200_000, "runaway race");
    }
}

#[test]
fn the_sample_rolling_road_plays_whole_its_board_folds_from_the_events_and_a_seed_replays_it() {
    let mut rolled = 0;
    let mut early_finals = 0;
    for players in [2, 4, 6] {
        for seed in 0..4 {
            let mut race = sample_race(players, seed, seed);
            play_folding(&mut race, seed);
            assert!(race.is_over());
            // Every car on a removed tile was eliminated with it: no car stands behind the
            // rear tile.
            if let Some(window) = race.road() {
                let first = race.track().laid_tiles().first_sector(window.rear);
                for c in race.cars() {
                    if let Place::Track(space) = c.place {
                        assert!(race.track().space(space).sector >= first);
                    }
                }
            }
            // The sample's road says "when one player is out, the lead tile is the final
            // tile": a final tile before the last is said only once a player has no car left
            // to race (and a player out stays out).
            let last = race.track().laid_tiles().last_place();
            let early_final = race
                .events()
                .iter()
                .any(|e| matches!(e, RaceEvent::FinalTile { tile } if *tile != last));
            // No tile is laid past the final tile once it is said (a player put out by a roll
            // makes the tile that roll laid the final one).
            let mut said = None;
            for event in race.events() {
                match event {
                    RaceEvent::FinalTile { tile } => said = Some(*tile),
                    RaceEvent::TileLaid { tile } => assert!(
                        said.is_none_or(|last| *tile <= last),
                        "players {players} seed {seed}: {tile:?} laid past the final {said:?}"
                    ),
                    _ => {}
                }
            }
            if early_final {
                early_finals += 1;
                // The finish line moved back to before the final tile's last sector.
                let final_tile = race.road().expect("rolling").final_tile;
                assert_eq!(
                    race.track().finish_sector(),
                    race.track().laid_tiles().last_sector(final_tile),
                    "players {players} seed {seed}"
                );
                let out = race.players().iter().enumerate().any(|(seat, player)| {
                    player.reserve.is_empty()
                        && race
                            .cars()
                            .iter()
                            .filter(|c| c.player.index() == seat)
                            .all(|c| !c.place.in_race())
                });
                assert!(
                    out,
                    "players {players} seed {seed}: a final tile with no player out"
                );
            }
            rolled += race
                .events()
                .iter()
                .filter(|e| matches!(e, RaceEvent::TileRemoved { .. }))
                .count();
            // The same seeds give the same race, event for event.
            let mut again = sample_race(players, seed, seed);
            play_folding(&mut again, seed);
            assert_eq!(again.events(), race.events());
        }
    }
    assert!(rolled > 0, "the road rolled in some race");
    assert!(
        early_finals > 0,
        "a player was out before the pile was spent in some race"
    );
}

#[test]
fn a_car_driving_two_tiles_past_the_lead_tile_rolls_the_road_twice() {
    let mut race = play_moving_first(
        Position::on(&road(6, 3, RollWhen::LeavingLead))
            .car(RR, "12", "7.1")
            .car(CJ, "21", "4.0")
            .play(RR, "12", "solo-2"),
    );
    finish_movement(&mut race);
    assert_eq!(where_is(&race, RR, "12"), "12.1");
    let window = race.road().expect("rolling");
    assert_eq!((window.rear, window.lead), (TilePlace(2), TilePlace(4)));
    assert_eq!(race.car(car(&race, CJ, "21")).place, Place::Destroyed);
}

#[test]
fn a_bot_counts_a_car_on_the_rear_tile_as_half_lost_while_the_road_can_roll() {
    use roadwright::content::bot_profile::Weights;
    use roadwright::sim::score::{ROLLING_RISK, evaluate, on_doomed_tile};
    // Only losses count, so the worth is what the bot fears for its cars.
    let fear = Weights {
        progress: 0.0,
        finish_vp: 0.0,
        kill_vp: 0.0,
        damage_dealt: 0.0,
        damage_taken: 0.0,
        cars_lost: -10.0,
        rivals_pool: 0.0,
    };
    let worth = |at: &str, tiles: u32| {
        let (race, _) = Position::on(&road(tiles, 3, RollWhen::LeavingLead))
            .car(RR, "12", at)
            .play(RR, "12", "solo-2")
            .setup();
        let me = race.car(car(&race, RR, "12")).player;
        let doomed = on_doomed_tile(&race, race.car(car(&race, RR, "12")).place);
        (doomed, evaluate(&race, me, &fear))
    };
    assert_eq!(
        worth("1.1", 5),
        (true, -10.0 * ROLLING_RISK),
        "on the rear tile"
    );
    assert_eq!(worth("4.1", 5), (false, 0.0), "on the middle tile");
    // A road whose final tile is on the table rolls no more: the rear tile is safe.
    assert_eq!(worth("1.1", 3), (false, 0.0));
}

#[test]
fn a_car_left_behind_with_the_rear_tile_meets_its_sides_objective_and_says_so() {
    // Maximum Apocalypse: "The game is a draw if any of the survivor vehicles exit off the
    // BACK end": the jackals' #21 on the rear tile is left behind as #12 drives off the lead.
    use roadwright::content::mission::{Goal, Mission, Objective, Reward, Side};
    use roadwright::content::text::Text;
    let side = |id: &str, team: &str| Side {
        id: Id::from(id),
        name: Text::from(id),
        teams: vec![Id::from(team)],
        ..Side::default()
    };
    let mut mission = Mission::starter(
        "",
        "",
        (&Id::from(CJ), &Id::from(RR)),
        roadwright::content::track::Route::Lap,
    );
    mission.sides = vec![side("survivors", CJ), side("monsters", RR)];
    mission.objectives = vec![Objective {
        id: Id::from("off-the-back"),
        side: Some(Id::from("survivors")),
        goal: Goal::LeftBehind,
        reward: Reward::Draw,
    }];
    let mut race = play_moving_first(
        Position::on(&road(5, 3, RollWhen::LeavingLead))
            .car(RR, "12", "5.1")
            .car(CJ, "21", "1.2")
            .car(CJ, "22", "4.0")
            .play(RR, "12", "solo-2")
            .mission(mission),
    );
    finish_movement(&mut race);
    assert_eq!(race.result(), Some(roadwright::rules::RaceResult::Draw));
    let kinds: Vec<&str> = race
        .events()
        .iter()
        .skip_while(|e| !matches!(e, RaceEvent::TileRemoved { .. }))
        .map(RaceEvent::kind)
        .filter(|k| ["LeftBehind", "Eliminated", "ObjectiveMet", "Draw"].contains(k))
        .collect();
    assert_eq!(kinds, ["LeftBehind", "ObjectiveMet", "Draw"]);
    assert!(
        race.log()
            .iter()
            .any(|l| l.contains("left behind with the rear tile"))
    );
}

/// A bot searches a determinised copy of the race: on a rolling road the tiles still in the
/// pile are veiled in it (plain paved road without hazard spots), as a player at the table has
/// not seen them, while the real race keeps them; once a tile is laid, the copy shows it.
#[test]
fn a_bot_searches_the_road_ahead_veiled_until_its_tile_is_laid() {
    use rand::SeedableRng;
    use roadwright::content::terrain::CountsAs;
    let mut track = road(5, 3, RollWhen::LeavingLead);
    for sector in [7, 10, 13] {
        let space = track.sectors[sector]
            .spaces
            .iter_mut()
            .find(|s| s.lane == 3)
            .expect("lane 3");
        space.terrain = roadwright::content::text::TerrainId::rough();
    }
    let spot = track.sectors[10]
        .spaces
        .iter_mut()
        .find(|s| s.lane == 2)
        .expect("lane 2");
    spot.hazard = true;
    let deck = roadwright::content::hazard_deck::HazardDeck {
        kind: roadwright::content::kind::HazardDeckKind::HazardDeck,
        version: roadwright::content::hazard_deck::HazardDeck::VERSION,
        name: roadwright::content::text::Text::from("mines"),
        hazards: vec![roadwright::content::hazard_deck::Hazard {
            id: Id::from("mine"),
            name: roadwright::content::text::Text::from("Mine"),
            count: 4,
            effects: vec![roadwright::content::hazard_deck::HazardEffect::Damage(1)],
            becomes: None,
            target: roadwright::content::hazard_deck::HazardTarget::TheCar,
            drive_on: false,
        }],
    };
    let position = || {
        Position::on(&track)
            .hazards(deck.clone())
            .car(RR, "12", "5.1")
            .car(CJ, "21", "4.0")
            .play(RR, "12", "solo-2")
    };
    let (race, _) = position().setup();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let ground = |race: &Race, at: &str| race.track().space(sp(race, at)).ground.counts_as;
    let bots_copy = race
        .view(race.car(car(&race, RR, "12")).player)
        .determinise(&mut rng);
    assert_eq!(ground(&bots_copy, "7.3"), CountsAs::Rough, "tile 3 is laid");
    assert_eq!(
        ground(&bots_copy, "10.3"),
        CountsAs::Road,
        "tile 4 is in the pile"
    );
    assert_eq!(
        ground(&bots_copy, "13.3"),
        CountsAs::Road,
        "tile 5 is in the pile"
    );
    assert!(
        !bots_copy
            .track()
            .hazard_spots()
            .contains(&sp(&race, "10.2")),
        "no spot shows on a tile in the pile"
    );
    assert_eq!(ground(&race, "10.3"), CountsAs::Rough, "the race keeps it");
    // The stretches of rough ground are counted again on the veiled track.
    let sector = |race: &Race, at: &str| race.track().space(sp(race, at)).sector;
    let rough_left = |race: &Race, at: &str| race.track().sector(sector(race, at)).rough_left;
    assert_eq!(rough_left(&race, "10.3"), Some(0));
    assert_eq!(
        rough_left(&bots_copy, "10.3"),
        None,
        "no rough stretch in the pile"
    );
    assert!(race.track().hazard_spots().contains(&sp(&race, "10.2")));

    // The car drives off the lead tile: tile 4 is laid, and the next copy shows it.
    let mut race = play_moving_first(position());
    finish_movement(&mut race);
    assert_eq!(race.road().expect("rolling").lead, TilePlace(3));
    let bots_copy = race
        .view(race.car(car(&race, RR, "12")).player)
        .determinise(&mut rng);
    assert_eq!(
        ground(&bots_copy, "10.3"),
        CountsAs::Rough,
        "tile 4 is laid"
    );
    assert!(
        bots_copy
            .track()
            .hazard_spots()
            .contains(&sp(&race, "10.2"))
    );
    assert_eq!(ground(&bots_copy, "13.3"), CountsAs::Road, "tile 5 is not");
}
