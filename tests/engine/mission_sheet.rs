//! A mission in words and on paper: the words its sheet and the studio's race screen say, and
//! the sheet's pages and setup diagram.

use crate::common;

use roadwright::content::scenario::Spot;
use roadwright::render::{MissionSheet, Paper, print_mission};
use roadwright::sim::mission::{LoadedMission, load_mission};
use roadwright::validate::mission_words::MissionWords;

/// The sample courier mission, written with a placed setup, deck changes and a VP objective
/// into a temporary folder.
fn placed_courier(briefing: &str) -> (tempfile::TempDir, LoadedMission) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("courier.ron");
    let text = format!(
        r#"(
    kind: Mission,
    version: 1,
    name: "Placed courier",
    briefing: "{briefing}",
    track: "{track}",
    content: "{content}",
    sides: [
        (id: "couriers", name: "Couriers", teams: ["rust-reapers"]),
        (id: "raiders", name: "Raiders", teams: ["chrome-jackals"], bot: Some("planner")),
    ],
    setup: Placed([
        (team: "rust-reapers", number: "11", at: Space("3.1"), damage: 2, markers: [Suppressed]),
        (team: "rust-reapers", number: "12", at: Chute),
        (team: "chrome-jackals", number: "21", at: Space("1.1")),
        (team: "chrome-jackals", number: "22", at: OffTrack(beside: "5.0", side: Inside)),
    ]),
    deck_changes: [
        Remove(deck: MovementEvent, card: "bounty", count: 1),
    ],
    vp: (pool_wins: false, kills: 2),
    objectives: [
        (id: "deliver", side: Some("couriers"), goal: Escort(car: (team: "rust-reapers", number: "11"), laps: 2), reward: Win),
        (id: "ambush", side: Some("raiders"), goal: Eliminate((team: "rust-reapers", number: "11")), reward: Win),
        (id: "hold", side: Some("raiders"), goal: Hold(spaces: ["10.1"], turns: 2), reward: Vp(2)),
        (id: "first", goal: Laps(1), reward: Vp(1)),
    ],
    turn_limit: (turn: 30, most_vp: false, ties: Side("raiders")),
)"#,
        track = common::repo("tracks/oval.ron").display(),
        content = common::repo("content").display(),
    );
    std::fs::write(&path, text).expect("write");
    let loaded = load_mission(&path).expect("the mission loads");
    (dir, loaded)
}

fn words(loaded: &LoadedMission) -> MissionWords<'_> {
    MissionWords {
        mission: loaded.mission(),
        content: &loaded.race.rules.content,
        track: &loaded.race.rules.track,
    }
}

/// The mission's sheet on its track, drawn with the rulebook's kinds of ground.
fn sheet_of(loaded: &LoadedMission) -> MissionSheet {
    let track = match roadwright::content::Document::load(&loaded.track)
        .expect("track")
        .document
    {
        roadwright::content::Document::Track(track) => track,
        other => panic!("not a track: {}", other.kind()),
    };
    MissionSheet::new(
        words(loaded),
        track,
        roadwright::render::legend::Legend::standard(),
    )
}

#[test]
fn a_missions_words_name_its_teams_cars_spaces_cards_and_rewards() {
    let (_dir, loaded) = placed_courier("Get the courier home.");
    let words = words(&loaded);
    let objectives: Vec<String> = loaded
        .mission()
        .objective_ids()
        .map(|id| words.objective(id))
        .collect();
    assert_eq!(
        objectives,
        [
            "Couriers: get Rust Reapers #11 across the finish line twice (wins the race) [deliver]",
            "Raiders: destroy Rust Reapers #11 (wins the race) [ambush]",
            "Raiders: end 2 turns with a car on 10.1 (worth 2 VP) [hold]",
            "Every side: be first to cross the finish line once with one car (worth 1 VP) [first]",
        ]
    );
    assert_eq!(
        words.sides(),
        [
            "Couriers: Rust Reapers",
            "Raiders: Chrome Jackals, always played by the bot `planner`"
        ]
    );
    assert_eq!(
        words.setup(),
        [
            "Rust Reapers #11 on 3.1 (2 damage, suppressed)",
            "Rust Reapers #12 in the chute",
            "Chrome Jackals #21 on 1.1",
            "Chrome Jackals #22 off the track on the inside beside 5.0",
        ]
    );
    // The bounty's every copy is taken out, so the race's content no longer has it: the
    // change keeps the name the pack gave it.
    assert_eq!(
        words.deck_changes(),
        ["Movement event deck: take out 1 × Bounty"]
    );
    assert_eq!(
        words.turn_limit(),
        "The race ends at the end of turn 30 and goes to Raiders."
    );
    let vp = words.vp();
    assert!(
        vp.contains(&"A crossing of the finish line claims 1 VP; a kill claims 2 VP".to_owned()),
        "{vp:?}"
    );
    assert!(
        vp.contains(&"An empty pool does not end the race".to_owned()),
        "{vp:?}"
    );
}

#[test]
fn a_mission_sheet_marks_each_placed_car_in_its_team_colour_and_says_every_section() {
    let (_dir, loaded) = placed_courier("Get the courier home.");
    let sheet = sheet_of(&loaded);
    let headings: Vec<&str> = sheet.sections.iter().map(|(h, _)| h.as_str()).collect();
    assert_eq!(
        headings,
        [
            "Players",
            "Sides",
            "Objectives",
            "Setup",
            "Victory points",
            "The road",
            "Symbols on the diagram",
            "Deck changes"
        ]
    );
    let reapers = loaded.race.rules.content.teams[0].colour;
    let cars: Vec<(Spot, &str, [u8; 3])> = sheet
        .cars
        .iter()
        .map(|c| (c.at, c.label.as_str(), c.colour))
        .collect();
    assert_eq!(cars.len(), 4);
    assert_eq!(
        (cars[1].0, cars[1].1, cars[1].2),
        (Spot::Chute, "12", reapers)
    );
    let printed = print_mission(&sheet, Paper::A4).expect("printed");
    assert!(printed.pdf.starts_with(b"%PDF"));
    assert_eq!(printed.text_pages, 1);
}

/// Each placed car's counter carries the damage it starts with (its side's on top of its
/// own) and its markers, and the sheet's symbols say how to read them.
#[test]
fn a_placed_cars_counter_carries_its_starting_damage_and_markers_and_the_symbols_say_so() {
    let (_dir, loaded) = placed_courier("Get the courier home.");
    let sheet = sheet_of(&loaded);
    let counters: Vec<(&str, u8, Vec<&str>)> = sheet
        .cars
        .iter()
        .map(|c| {
            (
                c.label.as_str(),
                c.damage,
                c.markers.iter().map(|m| m.letter()).collect(),
            )
        })
        .collect();
    assert_eq!(
        counters,
        [
            ("11", 2, vec!["S"]),
            ("12", 0, vec![]),
            ("21", 0, vec![]),
            ("22", 0, vec![])
        ]
    );
    let symbols = &sheet
        .sections
        .iter()
        .find(|(h, _)| h == "Symbols on the diagram")
        .expect("the symbols")
        .1;
    assert!(
        symbols
            .iter()
            .any(|l| l.starts_with("Black squares under a counter")),
        "{symbols:?}"
    );
    assert!(
        symbols
            .iter()
            .any(|l| l == "Letters over a counter: the markers the car starts with: S suppressed"),
        "{symbols:?}"
    );
    // A side's starting damage comes on top of a placement's.
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(&loaded.path).expect("the mission");
    let path = dir.path().join("courier.ron");
    std::fs::write(
        &path,
        text.replace(
            "teams: [\"rust-reapers\"]),",
            "teams: [\"rust-reapers\"], damage: 1),",
        ),
    )
    .expect("write");
    let sided = load_mission(&path).expect("the mission loads");
    let damage: Vec<u8> = sheet_of(&sided).cars.iter().map(|c| c.damage).collect();
    assert_eq!(damage, [3, 1, 0, 0]);
    assert!(
        print_mission(&sheet, Paper::A4)
            .expect("printed")
            .pdf
            .starts_with(b"%PDF")
    );
}

#[test]
fn a_long_briefing_runs_onto_a_second_page_of_rules() {
    let long = "The road is long and the night is longer. ".repeat(95);
    let (_dir, loaded) = placed_courier(&long);
    let sheet = sheet_of(&loaded);
    let a4 = print_mission(&sheet, Paper::A4).expect("printed");
    assert_eq!(a4.text_pages, 2);
}
