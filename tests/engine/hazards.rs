//! Hazards (the pack's hazard deck and a track's hazard spots): the file and its validation,
//! dealing at setup, a car stopping on a face-down token and turning it over, each hazard
//! effect played from a position, what bots may know, and races without hazards unchanged.

use crate::common;

use common::rules::*;
use roadwright::content::hazard_deck::{Hazard, HazardDeck, HazardEffect, HazardTarget};
use roadwright::content::kind::HazardDeckKind;
use roadwright::content::source::{Format, SourceFile};
use roadwright::content::terrain::{CountsAs, Effect, GroundKind, Pattern, TerrainFile};
use roadwright::content::text::{Id, Text};
use roadwright::content::track::{SpaceRef, TerrainId, Track};
use roadwright::content::{Document, LoadedDocument, RawPack};
use roadwright::rules::{
    Marker, Place, QuakeWay, Race, RaceEvent, RaceRules, RaceSetup, enumerate_outcomes,
};
use roadwright::validate::{Severity, validate_document, validate_pack};

const RR: &str = "rust-reapers"; // #11 defense 3, #12 defense 1
const CJ: &str = "chrome-jackals";

/// A hazard with `count` tokens.
fn hazard(id: &str, effects: Vec<HazardEffect>, becomes: Option<&str>) -> Hazard {
    Hazard {
        id: Id::from(id),
        name: Text::from(id),
        count: 3,
        effects,
        becomes: becomes.map(TerrainId::from),
        target: roadwright::content::hazard_deck::HazardTarget::TheCar,
        drive_on: false,
    }
}

/// A deck of the given hazards.
fn deck(hazards: Vec<Hazard>) -> HazardDeck {
    HazardDeck {
        kind: HazardDeckKind::HazardDeck,
        version: HazardDeck::VERSION,
        name: Text::from("test hazards"),
        hazards,
    }
}

/// A deck of one hazard: every spot gets it.
fn only(effects: Vec<HazardEffect>, becomes: Option<&str>) -> HazardDeck {
    deck(vec![hazard("only", effects, becomes)])
}

/// A wreck on the road: entering it stops a car and slams it (Thunder Road's wreck).
fn wreck_kind() -> GroundKind {
    GroundKind {
        id: TerrainId::from("wreck"),
        name: Text::from("Wreck"),
        colour: Text::from("#303030"),
        pattern: Pattern::Dark,
        counts_as: CountsAs::Road,
        enter_cost: 1,
        enter_short: false,
        lane_changes: false,
        stacks: false,
        effects: vec![Effect::Stop, Effect::Damage(1)],
    }
}

fn terrain_with_wreck() -> TerrainFile {
    let mut file = TerrainFile::standard();
    file.kinds.push(wreck_kind());
    file
}

/// A four-lane straight with hazard spots at `spots`.
fn spotted(spots: &[&str]) -> Track {
    let mut track = test_track(&straight(12, "PPPP"));
    for at in spots {
        let at: SpaceRef = at.parse().expect("space");
        track.sectors[at.sector as usize]
            .spaces
            .iter_mut()
            .find(|s| s.lane == at.lane)
            .expect("on the straight")
            .hazard = true;
    }
    track
}

/// #12 (5 MP with solo-2) at 2.1, a hazard spot at 3.1 holding `deck`'s only hazard.
fn at_the_spot(deck: HazardDeck) -> Race {
    play_moving_first(
        Position::on_ground(&spotted(&["3.1"]), &terrain_with_wreck())
            .hazards(deck)
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-2"),
    )
}

fn revealed(race: &Race) -> Vec<&RaceEvent> {
    race.events()
        .iter()
        .filter(|e| matches!(e, RaceEvent::HazardRevealed { .. }))
        .collect()
}

fn parsed(name: &str, text: &str) -> Result<LoadedDocument, roadwright::content::LoadError> {
    let source =
        SourceFile::from_text(std::path::PathBuf::from(name), text.to_owned(), Format::Ron);
    Document::parse(&source).map(|document| LoadedDocument { source, document })
}

#[test]
fn a_spot_that_names_player_counts_holds_a_token_only_in_races_of_those_counts() {
    // Thunder Road prints a player count on some hazard spaces: fewer players leave them empty.
    let content = roadwright::validate::open::open_content(&common::repo("content")).expect("ok");
    let mut content = content.clone();
    content.hazards = Some(
        roadwright::validate::hazard_deck::HazardBook::from_deck(
            &only(vec![HazardEffect::Damage(1)], None),
            &content.terrain,
        )
        .expect("valid"),
    );
    let Document::Track(mut oval) = Document::load(&common::repo("tracks/oval.ron"))
        .expect("oval")
        .document
    else {
        panic!("a track");
    };
    for sector in [3, 9, 15] {
        oval.sectors[sector].spaces[1].hazard = true;
    }
    oval.sectors[9].spaces[1].hazard_players = vec![4, 5];
    oval.sectors[15].spaces[1].hazard_players = vec![5];
    let dealt = |players: usize| -> Vec<String> {
        let checked =
            roadwright::validate::checked_track::CheckedTrack::from_track(&oval, &content.terrain)
                .expect("valid track");
        let rules =
            std::sync::Arc::new(RaceRules::new(content.clone(), checked, "standard").expect("ok"));
        let setup = RaceSetup::first_teams(&rules.content, players, 1);
        let race = Race::new(rules, &setup).expect("setup");
        race.face_down_hazards()
            .map(|space| race.track().at(space).to_string())
            .collect()
    };
    assert_eq!(dealt(3), ["3.1"]);
    assert_eq!(dealt(4), ["3.1", "9.1"]);
    assert_eq!(dealt(5), ["3.1", "9.1", "15.1"]);
    // A count no race has, or counts on a space that is no spot, are refused at the space.
    let mut wrong = oval.clone();
    wrong.sectors[9].spaces[1].hazard_players = vec![1, 11];
    wrong.sectors[4].spaces[0].hazard_players = vec![3];
    let found = common::validate_track(&wrong);
    let codes: Vec<(&str, &str)> = found
        .iter()
        .filter(|d| d.code == "hazard-spot-players")
        .map(|d| (d.code, d.message.as_str()))
        .collect();
    assert_eq!(codes.len(), 2, "{found:#?}");
    assert!(
        codes
            .iter()
            .any(|(_, m)| m.contains("space 9.1 deals its hazard token at 1, 11 players")),
        "{codes:?}"
    );
    assert!(
        codes
            .iter()
            .any(|(_, m)| m.contains("space 4.0 names the player counts")),
        "{codes:?}"
    );
}

#[test]
fn setup_deals_a_face_down_token_to_each_spot_and_a_race_without_spots_draws_nothing() {
    let content = roadwright::validate::open::open_content(&common::repo("content")).expect("ok");
    let mines = only(vec![HazardEffect::Damage(1)], None);
    let race_on = |track: &Track, with_deck: bool, seed: u64| {
        let mut content = content.clone();
        if with_deck {
            content.hazards = Some(
                roadwright::validate::hazard_deck::HazardBook::from_deck(&mines, &content.terrain)
                    .expect("valid"),
            );
        }
        let checked =
            roadwright::validate::checked_track::CheckedTrack::from_track(track, &content.terrain)
                .expect("valid track");
        let rules = std::sync::Arc::new(RaceRules::new(content, checked, "standard").expect("ok"));
        let setup = RaceSetup::first_teams(&rules.content, 2, seed);
        Race::new(rules, &setup).expect("setup")
    };
    let oval = match Document::load(&common::repo("tracks/oval.ron"))
        .expect("oval")
        .document
    {
        Document::Track(track) => track,
        other => panic!("{}", other.kind()),
    };
    for seed in [1, 7] {
        let without = race_on(&oval, false, seed);
        let with = race_on(&oval, true, seed);
        assert_eq!(
            with.events(),
            without.events(),
            "a hazard deck and no spots: the rulebook's race, draw for draw"
        );
    }
    let mut spotted_oval = oval.clone();
    for sector in [3, 9, 15] {
        spotted_oval.sectors[sector].spaces[1].hazard = true;
    }
    let race = race_on(&spotted_oval, true, 1);
    let dealt: Vec<_> = race
        .events()
        .iter()
        .filter_map(|e| match e {
            RaceEvent::HazardsDealt { spots } => Some(spots.len()),
            _ => None,
        })
        .collect();
    assert_eq!(dealt, [3], "one token to each of the three spots");
    assert_eq!(race.face_down_hazards().count(), 3);
    // Spots and no deck: the spots stay empty and the race is the rulebook's.
    assert_eq!(
        race_on(&spotted_oval, false, 1).events(),
        race_on(&oval, false, 1).events()
    );
}

#[test]
fn a_car_entering_a_face_down_token_stops_and_turns_it_over_when_its_movement_ends() {
    let mut race = at_the_spot(only(vec![HazardEffect::Damage(2)], None));
    let id = car(&race, RR, "12");
    step(&mut race, "forward", "3.1");
    let events = race.events();
    assert!(
        mp_lost(events).contains(&4),
        "5 MP, 1 spent, 4 lost: {events:?}"
    );
    assert_eq!(where_is(&race, RR, "12"), "3.1");
    assert!(race.movement().is_none(), "the movement is over");
    assert_eq!(revealed(&race).len(), 1, "turned over as the movement ends");
    assert_eq!(race.car(id).damage, 2, "the mine's damage is dealt");
    assert_eq!(race.face_down_hazards().count(), 0, "the token is gone");
}

#[test]
fn a_token_that_lets_the_car_drive_on_gives_back_the_movement_it_had_left_once_resolved() {
    // Thunder Road's oil slick: "the vehicle spins ... then continues moving". The car stops on
    // the token (what lies under it is unknown until it is turned over), the token resolves,
    // and the car drives on with the 4 MP it had left.
    let mut slick = hazard("oil-slick", vec![HazardEffect::Damage(1)], None);
    slick.drive_on = true;
    let mut race = at_the_spot(deck(vec![slick]));
    let id = car(&race, RR, "12");
    step(&mut race, "forward", "3.1");
    assert_eq!(
        revealed(&race).len(),
        1,
        "turned over when the first movement ends"
    );
    assert_eq!(race.car(id).damage, 1, "resolved before the car drives on");
    assert_eq!(mp_left(&race), 4, "the MP it had left");
    finish_movement(&mut race);
    assert_eq!(where_is(&race, RR, "12"), "7.1", "it drove on four sectors");
    // Without `drive_on` the same token ends the movement there.
    let mut race = at_the_spot(deck(vec![hazard(
        "oil-slick",
        vec![HazardEffect::Damage(1)],
        None,
    )]));
    step(&mut race, "forward", "3.1");
    assert!(race.movement().is_none());
    assert_eq!(where_is(&race, RR, "12"), "3.1");
}

#[test]
fn a_token_that_eliminates_the_car_lets_nothing_drive_on() {
    let mut pit = hazard("pit", vec![HazardEffect::Eliminate], None);
    pit.drive_on = true;
    let mut race = at_the_spot(deck(vec![pit]));
    let id = car(&race, RR, "12");
    step(&mut race, "forward", "3.1");
    assert!(!race.car(id).place.in_race());
    assert!(race.movement().is_none());
}

#[test]
fn the_outcome_search_stops_at_a_face_down_token_without_looking_under_it() {
    let race = at_the_spot(only(vec![HazardEffect::Eliminate], None));
    let spot = sp(&race, "3.1");
    let id = car(&race, RR, "12");
    let outcomes = enumerate_outcomes(&race);
    assert!(!outcomes.is_empty());
    for outcome in &outcomes {
        if let Some(at) = outcome.steps.iter().position(|s| s.target() == spot) {
            assert_eq!(
                at + 1,
                outcome.steps.len(),
                "nothing follows the spot: {:?}",
                outcome.path_words(&race)
            );
        }
    }
    assert!(
        outcomes
            .iter()
            .any(|o| o.place_of(id) == Some(Place::Track(spot))),
        "stopping on the spot is an outcome"
    );
    assert_eq!(
        race.face_down_hazards().collect::<Vec<_>>(),
        [spot],
        "searching turned nothing over"
    );
}

#[test]
fn a_pushed_car_leaves_the_token_lying_only_the_moving_car_turns_it_over() {
    let mut race = play_moving_first(
        Position::on_ground(&spotted(&["3.1"]), &terrain_with_wreck())
            .hazards(only(vec![HazardEffect::Eliminate], None))
            .car(RR, "12", "1.1")
            .car(CJ, "21", "2.1")
            .play(RR, "12", "pursuit-2"),
    );
    step(&mut race, "forward", "2.1");
    assert_eq!(where_is(&race, CJ, "21"), "3.1", "pushed onto the spot");
    assert!(revealed(&race).is_empty());
    assert_eq!(race.face_down_hazards().count(), 1);
}

#[test]
fn a_wreck_slams_the_car_and_stays_on_the_road_as_the_ground_its_hazard_names() {
    let mut race = at_the_spot(only(vec![HazardEffect::Damage(1)], Some("wreck")));
    let id = car(&race, RR, "12");
    let spot = sp(&race, "3.1");
    step(&mut race, "forward", "3.1");
    assert_eq!(race.car(id).damage, 1, "the slam");
    assert!(race.events().iter().any(|e| matches!(
        e,
        RaceEvent::GroundChanged { space, kind } if *space == spot && kind.as_str() == "wreck"
    )));
    let ground = race.track().space(spot);
    assert_eq!(
        race.track().terrain().kind(ground.kind).id.as_str(),
        "wreck"
    );
    assert!(!race.track().plain_ground());
}

/// Ground a hazard leaves counts where the rules read stretches of it: a space turned rough
/// starts a rough stretch (what Bumpy Ride and the "furthest along" rules read), as rough
/// ground painted on the track would.
#[test]
fn rough_ground_a_hazard_leaves_makes_a_rough_stretch_of_its_sector() {
    let mut race = at_the_spot(only(vec![], Some("rough")));
    let spot = sp(&race, "3.1");
    let sector = race.track().space(spot).sector;
    assert_eq!(race.track().sector(sector).rough_left, None, "paved before");
    step(&mut race, "forward", "3.1");
    assert_eq!(
        race.track().space(spot).ground.counts_as,
        roadwright::content::terrain::CountsAs::Rough
    );
    assert_eq!(
        race.track().sector(sector).rough_left,
        Some(0),
        "a stretch of one sector"
    );
}

#[test]
fn a_pit_trap_attacks_the_car_like_a_combat_card_against_its_defense() {
    let trap = || {
        only(
            vec![HazardEffect::PitTrap {
                bonus: 0,
                damage: 2,
            }],
            None,
        )
    };
    // #12 has defense 1: a value-0 card misses, a value-1 card hits.
    for (card, hit) in [("wild-shot", false), ("glancing-blow", true)] {
        let mut race = play_moving_first(
            Position::on_ground(&spotted(&["3.1"]), &terrain_with_wreck())
                .hazards(trap())
                .car(RR, "12", "2.1")
                .play(RR, "12", "solo-2")
                .combat(&[card]),
        );
        let id = car(&race, RR, "12");
        step(&mut race, "forward", "3.1");
        assert!(race.events().iter().any(|e| matches!(
            e,
            RaceEvent::PitTrap { hit: h, defense: 1, .. } if *h == hit
        )));
        assert_eq!(race.car(id).damage, if hit { 2 } else { 0 }, "{card}");
    }
}

#[test]
fn a_quake_shifts_every_car_one_space_a_drawn_way_ahead_or_across_where_it_can() {
    // The three ways its docs promise, each drawn from the race's RNG: ahead along the lane,
    // towards the apron, towards the wall. Before, a quake never shifted a car ahead.
    let mut ways = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut race = play_moving_first(
            Position::on_ground(&spotted(&["3.1"]), &terrain_with_wreck())
                .hazards(only(vec![HazardEffect::Quake], None))
                .car(RR, "12", "2.1")
                .car(CJ, "21", "6.2")
                .car(CJ, "22", "6.3")
                .car(CJ, "23", "7.2")
                .play(RR, "12", "solo-2")
                .seed(seed),
        );
        step(&mut race, "forward", "3.1");
        let way = race
            .events()
            .iter()
            .find_map(|e| match e {
                RaceEvent::Quake { way } => Some(*way),
                _ => None,
            })
            .expect("a quake");
        ways.insert(format!("{way:?}"));
        let expected = match way {
            // As one: #23 leaves 7.2 and #21, behind it, takes it.
            QuakeWay::Ahead => ["4.1", "7.2", "7.3", "8.2"],
            // Towards the apron each car shifts, the inner one of the pair first.
            QuakeWay::Inside => ["3.0", "6.1", "6.2", "7.1"],
            // Towards the wall #22 is against it and stays, so #21 has nowhere to go.
            QuakeWay::Outside => ["3.2", "6.2", "6.3", "7.3"],
        };
        let found = [
            where_is(&race, RR, "12"),
            where_is(&race, CJ, "21"),
            where_is(&race, CJ, "22"),
            where_is(&race, CJ, "23"),
        ];
        assert_eq!(found, expected, "seed {seed}, {way:?}");
    }
    assert_eq!(ways.len(), 3, "every way is drawn: {ways:?}");
}

#[test]
fn the_sand_worm_takes_the_cars_farthest_back_each_of_them_on_a_tie_not_the_car_on_it() {
    // Thunder Road's sand worm: "Eliminate the road vehicle that is the farthest back on the
    // board. On a tie, eliminate each of them." A hazard's `target` names whom it strikes.
    let mut worm = hazard("sand-worm", vec![HazardEffect::Eliminate], None);
    worm.target = HazardTarget::Rearmost;
    let mut race = play_moving_first(
        Position::on_ground(&spotted(&["3.1"]), &terrain_with_wreck())
            .hazards(deck(vec![worm]))
            .car(RR, "12", "2.1")
            .car(CJ, "21", "1.0")
            .car(CJ, "22", "1.3")
            .car(CJ, "23", "6.2")
            .play(RR, "12", "solo-2"),
    );
    step(&mut race, "forward", "3.1");
    assert!(
        race.events()
            .iter()
            .any(|e| matches!(e, RaceEvent::HazardRevealed { .. })),
        "the token was turned over"
    );
    let place = |team: &str, number: &str| race.car(car(&race, team, number)).place;
    assert_eq!(place(CJ, "21"), Place::Destroyed, "farthest back, tied");
    assert_eq!(place(CJ, "22"), Place::Destroyed, "farthest back, tied");
    assert!(place(CJ, "23").in_race());
    assert_eq!(
        where_is(&race, RR, "12"),
        "3.1",
        "the car on it is not struck"
    );
}

#[test]
fn an_oil_slick_slides_the_car_aside_and_a_spin_marks_it() {
    let mut race = at_the_spot(only(
        vec![HazardEffect::SlideAside(1), HazardEffect::SpinAround],
        None,
    ));
    let id = car(&race, RR, "12");
    step(&mut race, "forward", "3.1");
    let at = where_is(&race, RR, "12");
    assert!(at == "3.0" || at == "3.2", "slid aside to {at}");
    assert!(race.car(id).spun_around);
    assert!(race.events().iter().any(|e| matches!(
        e,
        RaceEvent::MarkerPlaced {
            marker: Marker::SpinAround,
            ..
        }
    )));
}

#[test]
fn an_eliminating_hazard_eliminates_the_car_on_it_and_no_one_scores_the_kill() {
    let mut race = at_the_spot(only(vec![HazardEffect::Eliminate], None));
    let id = car(&race, RR, "12");
    step(&mut race, "forward", "3.1");
    assert_eq!(race.car(id).place, Place::Destroyed);
    assert!(race.events().iter().any(|e| matches!(
        e,
        RaceEvent::Eliminated {
            scored_by: None,
            ..
        }
    )));
}

#[test]
fn a_bot_sees_where_tokens_lie_but_not_which_token_lies_where() {
    let race = play_moving_first(
        Position::on_ground(
            &spotted(&["3.1", "5.2", "7.0", "9.3"]),
            &terrain_with_wreck(),
        )
        .hazards(deck(vec![
            hazard("mine", vec![HazardEffect::Damage(1)], None),
            hazard("worm", vec![HazardEffect::Eliminate], None),
        ]))
        .car(RR, "12", "2.1")
        .play(RR, "12", "solo-2"),
    );
    let spots: Vec<_> = race.face_down_hazards().collect();
    assert_eq!(spots.len(), 4);
    let view = race.view(race.deciding_player().expect("deciding"));
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
    let mut reveals = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let mut guess = view.determinise(&mut rng);
        assert_eq!(guess.face_down_hazards().collect::<Vec<_>>(), spots);
        // What the guessed token at 3.1 does tells which one the guess dealt there.
        let id = car(&guess, RR, "12");
        step(&mut guess, "forward", "3.1");
        reveals.insert(guess.car(id).place == Place::Destroyed);
    }
    assert_eq!(
        reveals.len(),
        2,
        "both kinds are dealt to the spot in some guess"
    );
}

#[test]
fn a_hostile_hazard_deck_is_refused_at_its_lines() {
    let text = r#"(
    kind: HazardDeck,
    version: 1,
    name: "Hostile",
    hazards: [
        (id: "mine", name: "Mine", count: 2, effects: [Damage(40)]),
        (id: "trap", name: "Trap", count: 1, effects: [PitTrap(bonus: 9, damage: 2)]),
        (id: "mud", name: "Mud", count: 0, becomes: Some("swamp")),
    ],
)"#;
    let loaded = parsed("hazards.ron", text).expect("parses");
    let found = validate_document(&loaded);
    let at = |code: &str| {
        found
            .iter()
            .filter(|d| d.code == code && d.severity == Severity::Error)
            .map(|d| d.location.line.expect("a line"))
            .collect::<Vec<_>>()
    };
    assert_eq!(at("effect-out-of-range"), [6, 7], "{found:#?}");
    assert_eq!(at("count-zero"), [8]);
    assert_eq!(at("terrain-undefined"), [8]);
    // A field this build does not know is refused with its line and column.
    let unknown = parsed(
        "hazards.ron",
        &text.replace("count: 2,", "count: 2, lava: 1,"),
    )
    .expect_err("an unknown field");
    assert!(unknown.to_string().contains("lava"), "{unknown}");
    assert_eq!(unknown.line, Some(6));
}

#[test]
fn a_hazard_spot_in_the_trough_is_an_error_and_spots_without_a_deck_a_warning() {
    let mut track = test_track(&straight(12, "PPPP"));
    track.sectors[4].spaces[2].terrain = TerrainId::from("trough");
    track.sectors[4].spaces[2].hazard = true;
    track.sectors[6].spaces[1].hazard = true;
    let text = Document::Track(track).to_text(Format::Ron).expect("saves");
    let mut pack = RawPack::open(&common::repo("content"));
    pack.files.push(parsed("track.ron", &text).expect("parses"));
    let (_, found) = validate_pack(&pack);
    let codes: Vec<_> = found
        .iter()
        .filter(|d| d.code.starts_with("hazard"))
        .map(|d| (d.code, d.severity))
        .collect();
    assert!(
        codes.contains(&("hazard-spot-in-trough", Severity::Error)),
        "{found:#?}"
    );
    assert!(codes.contains(&("hazard-spots-without-deck", Severity::Warning)));
}

#[test]
fn a_hazard_that_becomes_the_trough_is_refused() {
    let trench = only(vec![], Some("trough"));
    let errors = roadwright::validate::hazard_deck::HazardBook::from_deck(
        &trench,
        &roadwright::validate::checked::TerrainBook::standard(),
    )
    .expect_err("refused");
    assert!(errors.iter().any(|d| d.code == "hazard-becomes-trough"));
}

#[test]
fn the_devils_run_sample_validates_and_its_batch_counts_the_hazards_turned_over_at_the_spots() {
    let sample = common::repo("samples/devils-run");
    let track = sample.join("tracks/devils-run.ron");
    let content = sample.join("content");
    let run = common::roadwright(&[
        "validate",
        track.to_str().expect("utf-8"),
        "--content",
        content.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let run = common::roadwright(&["validate", content.to_str().expect("utf-8")]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let value = common::simulate_report(&track, &content, 16, 4);
    let spaces = value["stats"]["spaces"].as_object().expect("spaces");
    let Document::Track(drawn) = Document::load(&track).expect("the sample").document else {
        panic!("a track");
    };
    let spots: Vec<String> = drawn
        .spaces()
        .filter(|(_, space)| space.hazard)
        .map(|(at, _)| at.to_string())
        .collect();
    assert_eq!(spots.len(), 6);
    let revealed = |at: &str| {
        spaces
            .get(at)
            .map_or(0, |s| s["hazards_revealed"].as_u64().unwrap_or(0))
    };
    let at_spots: u64 = spots.iter().map(|at| revealed(at)).sum();
    let everywhere: u64 = spaces.keys().map(|at| revealed(at)).sum();
    assert!(at_spots > 0, "sixteen races turn tokens over");
    assert_eq!(at_spots, everywhere, "only at the spots");
}

#[test]
fn tune_takes_hazard_and_ground_parameters_and_writes_a_pack_that_keeps_both_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let sample = common::repo("samples/devils-run");
    let spec = dir.path().join("spec.ron");
    std::fs::write(
        &spec,
        format!(
            r#"(
    kind: TuningSpec,
    version: 1,
    name: "Hazards on Devil's Run",
    content: "{content}",
    track: "{track}",
    players: 2,
    bots: ["random"],
    budget: 60,
    seed: 3,
    parameters: [
        HazardCount(hazard: "mine", min: 1, max: 6),
        HazardDamage(hazard: "pit-trap", min: 2, max: 6),
        TerrainEnterCost(kind: "mud", min: 2, max: 4),
        TerrainDamage(kind: "wreck", min: 1, max: 3),
    ],
    objectives: [WinRateSpread(weight: 1.0)],
)"#,
            content = sample.join("content").display(),
            track = sample.join("tracks/devils-run.ron").display(),
        ),
    )
    .expect("written");
    let checked = common::roadwright(&["validate", spec.to_str().expect("utf-8")]);
    assert_eq!(checked.code, 0, "{}", checked.stdout);
    let out = dir.path().join("tuned");
    let run = common::roadwright(&[
        "tune",
        spec.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let report: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(out.join("tuning-report.json")).expect("report"),
    )
    .expect("JSON");
    // The new pack holds the hazard deck and the terrain file, each moved number within its
    // range (the search keeps the pack's own value where no candidate beat it).
    for (file, kind) in [("hazards.ron", "hazard_deck"), ("terrain.ron", "terrain")] {
        let loaded = Document::load(&out.join("content").join(file)).expect("kept");
        assert_eq!(loaded.document.kind().slug(), kind);
    }
    let validated = common::roadwright(&["validate", out.join("content").to_str().expect("utf-8")]);
    assert_eq!(validated.code, 0, "{}", validated.stdout);
    for change in report["changes"].as_array().expect("changes") {
        let after: i64 = change["after"]
            .as_str()
            .expect("after")
            .parse()
            .expect("a number");
        assert!((1..=6).contains(&after), "{change}");
    }
}

#[test]
fn the_check_by_play_names_the_ground_a_hazard_left_where_it_eliminated_cars() {
    let sample = common::repo("samples/devils-run");
    let run = common::roadwright(&[
        "validate",
        sample
            .join("tracks/devils-run.ron")
            .to_str()
            .expect("utf-8"),
        "--content",
        sample.join("content").to_str().expect("utf-8"),
        "--play=60",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .lines()
            .any(|line| line.contains("warning[ground-wrecks]: the pit a hazard left at")),
        "{}",
        run.stdout
    );
    // The track's own ground at those spots is paved: it is never blamed for the pits.
    assert!(!run.stdout.contains("the paved at"), "{}", run.stdout);
}

#[test]
fn a_hazard_may_not_leave_ground_where_cars_stack_nor_lie_on_it() {
    let mut terrain = TerrainFile::standard();
    let mut flats = wreck_kind();
    flats.id = TerrainId::from("salt-flats");
    flats.effects.clear();
    flats.stacks = true;
    terrain.kinds.push(flats);
    let book = roadwright::validate::checked::TerrainBook::from_file(&terrain).expect("valid");
    let errors = roadwright::validate::hazard_deck::HazardBook::from_deck(
        &only(vec![], Some("salt-flats")),
        &book,
    )
    .expect_err("refused");
    assert!(
        errors.iter().any(|d| d.code == "hazard-becomes-stack"),
        "{errors:#?}"
    );
    let mut track = spotted(&["4.1"]);
    track.sectors[4].spaces[1].terrain = TerrainId::from("salt-flats");
    let errors = roadwright::validate::checked_track::CheckedTrack::from_track(&track, &book)
        .expect_err("refused");
    assert!(
        errors.iter().any(|d| d.code == "hazard-spot-in-trough"),
        "{errors:#?}"
    );
}
