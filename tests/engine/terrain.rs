//! Kinds of ground as data (the pack's terrain file): the format and its migration, validation,
//! the rulebook's grounds unchanged, and each cost and effect of the vocabulary played from a
//! position.

use crate::common;

use common::rules::*;
use roadwright::content::source::{Format, SourceFile};
use roadwright::content::terrain::{CountsAs, Effect, GroundKind, Pattern, TerrainFile};
use roadwright::content::text::Text;
use roadwright::content::track::{SpaceRef, TerrainId, Track};
use roadwright::content::{Document, LoadedDocument, RawPack};
use roadwright::rules::outcomes::Ending;
use roadwright::rules::{Place, RaceEvent, enumerate_outcomes};
use roadwright::validate::{ObjectRef, Severity, validate_document, validate_pack};

const RR: &str = "rust-reapers"; // #11 base 1, #12 base 3
const CJ: &str = "chrome-jackals";

/// A kind of ground with the rulebook's numbers, to be changed by the test.
fn kind(id: &str) -> GroundKind {
    GroundKind {
        id: TerrainId::from(id),
        name: Text::from(id),
        colour: Text::from("#406040"),
        pattern: Pattern::Stripes,
        counts_as: CountsAs::Road,
        enter_cost: 1,
        enter_short: false,
        lane_changes: true,
        stacks: false,
        effects: Vec::new(),
    }
}

/// The standard pack's kinds and `extra`.
fn terrain_with(extra: Vec<GroundKind>) -> TerrainFile {
    let mut file = TerrainFile::standard();
    file.kinds.extend(extra);
    file
}

/// A sample track.
fn sample(name: &str) -> Track {
    match Document::load(&common::repo(&format!("tracks/{name}.ron")))
        .expect("a sample track")
        .document
    {
        Document::Track(track) => track,
        other => panic!("{}", other.kind()),
    }
}

/// Rocks: ground that eliminates a car.
fn rocks() -> GroundKind {
    let mut rocks = kind("rocks");
    rocks.effects = vec![Effect::Eliminate];
    rocks
}

/// A copy of the standard pack on disk whose terrain file adds `extra`.
fn pack_with(extra: Vec<GroundKind>) -> tempfile::TempDir {
    let pack = common::copy_of_standard_pack();
    std::fs::write(
        pack.path().join("terrain.ron"),
        Document::Terrain(terrain_with(extra))
            .to_text(Format::Ron)
            .expect("saves"),
    )
    .expect("written");
    pack
}

/// The standard pack in memory, its terrain file adding `extra`.
fn standard_pack_with(extra: &[GroundKind]) -> RawPack {
    let mut pack = RawPack::open(&common::repo("content"));
    for file in &mut pack.files {
        if let Document::Terrain(terrain) = &mut file.document {
            terrain.kinds.extend_from_slice(extra);
            file.source.text = file.document.to_text(Format::Ron).expect("saves");
        }
    }
    pack
}

/// `pack` validated with `track` saved among its files: the checked content and every finding.
fn validated_beside(
    pack: &RawPack,
    track: &Track,
) -> (
    Option<roadwright::validate::checked::Content>,
    Vec<roadwright::validate::Diagnostic>,
) {
    let text = Document::Track(track.clone())
        .to_text(Format::Ron)
        .expect("saves");
    let mut pack = pack.clone();
    pack.files.push(parsed("track.ron", text).expect("parses"));
    validate_pack(&pack)
}

/// A four-lane straight with the given spaces painted.
fn painted(spaces: &[(&str, &str)]) -> Track {
    let mut track = test_track(&straight(12, "PPPP"));
    for (at, id) in spaces {
        let at: SpaceRef = at.parse().expect("space");
        let space = track.sectors[at.sector as usize]
            .spaces
            .iter_mut()
            .find(|s| s.lane == at.lane)
            .expect("on the straight");
        space.terrain = TerrainId::from(*id);
    }
    track
}

fn parsed(name: &str, text: String) -> Result<LoadedDocument, roadwright::content::LoadError> {
    let source = SourceFile::from_text(std::path::PathBuf::from(name), text, Format::Ron);
    Document::parse(&source).map(|document| LoadedDocument { source, document })
}

#[test]
fn a_version_1_track_reads_its_grounds_as_the_standard_kinds_and_saves_as_version_2() {
    let current = std::fs::read_to_string(common::repo("tracks/oval.ron")).expect("oval");
    assert!(current.contains("version: 2") && current.contains("terrain: \"trough\""));
    let old = current
        .replacen("version: 2", "version: 1", 1)
        .replace("terrain: \"jump\"", "terrain: Jump")
        .replace("terrain: \"trough\"", "terrain: Trough");
    let migrated = parsed("old-oval.ron", old).expect("a version 1 track loads");
    let saved = migrated.document.to_text(Format::Ron).expect("saves");
    assert_eq!(
        saved, current,
        "migrated, it saves as today's format writes it"
    );
}

#[test]
fn a_hostile_terrain_file_is_refused_at_its_lines() {
    let text = r##"(
    kind: Terrain,
    version: 1,
    kinds: [
        (id: "mud", name: "Mud", colour: "brown", pattern: Grey, enter_cost: 0),
        (id: "mud", name: "Mud again", colour: "#553311", pattern: Grey),
        (id: "spikes", name: "Spikes", colour: "#999999", pattern: Checks, effects: [Damage(9)]),
        (id: "pit", name: "Pit", colour: "#111111", pattern: Dark, counts_as: Trough, effects: [Stop]),
    ],
)
"##;
    let loaded = parsed("terrain.ron", text.to_owned()).expect("it parses");
    let found = validate_document(&loaded);
    let at = |code: &str| {
        found
            .iter()
            .find(|d| d.code == code)
            .unwrap_or_else(|| panic!("no {code} in {found:#?}"))
            .location
            .line
    };
    assert_eq!(at("terrain-no-paved"), Some(4));
    assert_eq!(at("invalid-colour"), Some(5));
    assert_eq!(at("enter-cost-out-of-range"), Some(5));
    assert_eq!(at("duplicate-id"), Some(6));
    assert_eq!(at("effect-out-of-range"), Some(7));
    assert_eq!(at("trough-with-effects"), Some(8));
    assert!(found.iter().all(|d| d.severity == Severity::Error));

    // An effect outside the vocabulary does not parse: the error has its line and column.
    let unknown = text.replace("Damage(9)", "Teleport");
    let error = parsed("terrain.ron", unknown).expect_err("no such effect");
    assert_eq!(error.line, Some(7), "{error}");
    assert!(error.column.is_some(), "{error}");
}

#[test]
fn a_track_naming_a_kind_its_pack_does_not_define_is_an_error_at_the_space() {
    let mut track = sample("oval");
    track.sectors[3].spaces[1].terrain = TerrainId::from("mud");
    let text = Document::Track(track.clone())
        .to_text(Format::Ron)
        .expect("saves");
    let alone = validate_document(&parsed("oval.ron", text.clone()).expect("parses"));
    let undefined: Vec<_> = alone
        .iter()
        .filter(|d| d.code == "terrain-undefined")
        .collect();
    assert_eq!(undefined.len(), 1, "{alone:#?}");
    assert_eq!(
        undefined[0].location.object,
        Some(ObjectRef::Space {
            space: "3.1".parse().expect("space")
        })
    );
    assert!(
        undefined[0].message.contains("`mud`"),
        "{}",
        undefined[0].message
    );
    let line = undefined[0].location.line.expect("a line");
    assert!(
        text.lines()
            .nth(line - 1)
            .expect("line")
            .contains("\"mud\""),
        "line {line} is the space's"
    );

    // Beside a pack whose terrain file defines mud, the same track is clean.
    let (content, found) = validated_beside(&standard_pack_with(&[kind("mud")]), &track);
    assert!(content.is_some(), "{found:#?}");
    assert!(
        found.iter().all(|d| d.code != "terrain-undefined"),
        "{found:#?}"
    );
}

#[test]
fn a_pack_without_a_terrain_file_races_as_one_with_the_standard_file() {
    let without = common::copy_of_standard_pack();
    std::fs::remove_file(without.path().join("terrain.ron")).expect("the pack has one");
    for seed in ["3", "17"] {
        let race = |content: &std::path::Path| {
            let run = common::roadwright(&[
                "race",
                "--track",
                "tracks/road-course.ron",
                "--content",
                content.to_str().expect("utf-8"),
                "--seed",
                seed,
                "--json",
            ]);
            assert_eq!(run.code, 0, "{}", run.stderr);
            run.stdout
        };
        assert_eq!(
            race(without.path()),
            race(&common::repo("content")),
            "seed {seed}: the same race event for event"
        );
    }
}

#[test]
fn ground_that_costs_more_is_paid_for_and_a_car_short_of_it_enters_only_where_allowed() {
    let mut mud = kind("mud");
    mud.enter_cost = 2;
    mud.enter_short = true;
    let mut bog = kind("bog");
    bog.enter_cost = 3;
    let terrain = terrain_with(vec![mud, bog]);
    let track = painted(&[
        ("3.1", "mud"),
        ("4.1", "bog"),
        ("3.3", "mud"),
        ("3.2", "bog"),
    ]);
    // #11: base 1 + Solo 2 = 3 MP.
    let mut race = play_moving_first(
        Position::on_ground(&track, &terrain)
            .car(RR, "11", "2.1")
            .play(RR, "11", "solo-2"),
    );
    step(&mut race, "forward", "3.1");
    assert_eq!(mp_left(&race), 1, "mud costs 2 of the 3 MP");
    assert!(
        !can_step(&race, "forward", "4.1"),
        "bog costs 3, and a car with 1 MP left may not enter it short"
    );
    let mut race = play_moving_first(
        Position::on_ground(&track, &terrain)
            .car(RR, "11", "2.1")
            .play(RR, "11", "solo-2"),
    );
    step(&mut race, "lateral", "2.2");
    assert!(
        !can_step(&race, "forward", "3.2"),
        "2 MP left: bog costs 3 and may not be entered short"
    );
    step(&mut race, "lateral", "2.3");
    assert_eq!(mp_left(&race), 1);
    // 1 MP left: mud costs 2, but may be entered short, spending it.
    step(&mut race, "forward", "3.3");
    assert_eq!(where_is(&race, RR, "11"), "3.3");
    assert!(race.movement().is_none_or(|m| m.mp == 0));
}

#[test]
fn a_kind_without_lane_changes_holds_a_car_in_its_lane_as_rough_ground_does() {
    let mut ice = kind("ice");
    ice.lane_changes = false;
    let track = painted(&[("2.1", "ice")]);
    let race = play_moving_first(
        Position::on_ground(&track, &terrain_with(vec![ice]))
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-2"),
    );
    assert!(can_step(&race, "forward", "3.1"));
    assert!(!can_step(&race, "lateral", "2.0"));
    assert!(!can_step(&race, "lateral", "2.2"));
}

#[test]
fn toxic_goo_stops_the_car_and_its_remaining_mp_are_lost() {
    let mut goo = kind("toxic-goo");
    goo.effects = vec![Effect::Stop];
    let track = painted(&[("3.1", "toxic-goo")]);
    let mut race = play_moving_first(
        Position::on_ground(&track, &terrain_with(vec![goo]))
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-2"),
    );
    let before = race.events().len();
    step(&mut race, "forward", "3.1");
    let events = &race.events()[before..];
    assert!(events.iter().any(|e| matches!(
        e,
        RaceEvent::GroundStruck {
            effect: Effect::Stop,
            ..
        }
    )));
    assert!(
        mp_lost(events).contains(&4),
        "5 MP, 1 spent, 4 lost: {events:?}"
    );
    assert_eq!(where_is(&race, RR, "12"), "3.1");
    assert!(race.movement().is_none(), "the movement is over");
}

#[test]
fn a_mine_deals_its_damage_when_the_movement_ends_and_the_car_moves_on_meanwhile() {
    let mut mine = kind("mine");
    mine.effects = vec![Effect::Damage(2)];
    let track = painted(&[("3.1", "mine")]);
    let mut race = play_moving_first(
        Position::on_ground(&track, &terrain_with(vec![mine]))
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-2"),
    );
    let id = car(&race, RR, "12");
    step(&mut race, "forward", "3.1");
    assert_eq!(race.car(id).damage, 0, "not yet");
    assert_eq!(mp_left(&race), 4, "it moves on");
    finish_movement(&mut race);
    assert_eq!(race.car(id).damage, 2);
}

#[test]
fn rocks_eliminate_the_car_and_no_one_scores_the_kill() {
    let track = painted(&[("3.1", "rocks")]);
    let position = || {
        Position::on_ground(&track, &terrain_with(vec![rocks()]))
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-2")
    };
    let race = play_moving_first(position());
    let wrecked: Vec<_> = enumerate_outcomes(&race)
        .into_iter()
        .filter(|o| o.ending == Ending::Wrecked)
        .collect();
    assert_eq!(wrecked.len(), 1, "straight into the rocks is one outcome");
    assert_eq!(race.place_name(wrecked[0].moved[0].1), "3.1");

    let mut race = play_moving_first(position());
    let id = car(&race, RR, "12");
    step(&mut race, "forward", "3.1");
    assert_eq!(race.car(id).place, Place::Destroyed);
    assert!(race.events().iter().any(|e| matches!(
        e,
        RaceEvent::Eliminated {
            car,
            scored_by: None
        } if *car == id
    )));
}

#[test]
fn the_outcome_search_pays_for_ground_as_a_played_movement_does() {
    let mut mud = kind("mud");
    mud.enter_cost = 2;
    let track = painted(&[
        ("3.0", "mud"),
        ("3.1", "mud"),
        ("3.2", "mud"),
        ("3.3", "mud"),
    ]);
    let race = play_moving_first(
        Position::on_ground(&track, &terrain_with(vec![mud]))
            .car(RR, "11", "2.1")
            .play(RR, "11", "solo-2"),
    );
    // 3 MP: the mud sector costs 2 to cross into, so no car gets past sector 4.
    for outcome in enumerate_outcomes(&race) {
        let at = race.place_name(outcome.moved[0].1);
        assert!(
            !at.starts_with("5.") && !at.starts_with("6."),
            "reached {at} through the mud"
        );
        assert!(outcome.spent <= 3);
    }
}

#[test]
fn a_packs_kinds_are_drawn_in_their_colours_and_printed_in_their_patterns() {
    let pack = pack_with(vec![kind("mud")]);
    let terrain = terrain_with(vec![kind("mud")]);
    let mut track = sample("oval");
    for sector in &mut track.sectors[2..6] {
        for space in &mut sector.spaces {
            space.terrain = TerrainId::from("mud");
        }
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let track_path = dir.path().join("muddy.ron");
    std::fs::write(
        &track_path,
        Document::Track(track.clone())
            .to_text(Format::Ron)
            .expect("saves"),
    )
    .expect("written");
    let pixels = |content: Option<&std::path::Path>, colour: [u8; 4]| {
        let png = dir.path().join("muddy.png");
        let mut args = vec![
            "render",
            track_path.to_str().expect("utf-8"),
            "-o",
            png.to_str().expect("utf-8"),
        ];
        if let Some(content) = content {
            args.extend(["--content", content.to_str().expect("utf-8")]);
        }
        let run = common::roadwright(&args);
        assert_eq!(run.code, 0, "{}", run.stderr);
        image::open(&png)
            .expect("a PNG")
            .to_rgba8()
            .pixels()
            .filter(|p| p.0 == colour)
            .count()
    };
    let mud = [0x40, 0x60, 0x40, 0xff];
    let undefined = roadwright::render::legend::UNDEFINED;
    assert!(pixels(Some(pack.path()), mud) > 0, "mud in its colour");
    assert_eq!(pixels(Some(pack.path()), undefined), 0);
    assert_eq!(pixels(None, mud), 0, "the rulebook's legend has no mud");
    assert!(
        pixels(None, undefined) > 0,
        "an undefined kind shows loudly"
    );

    // On paper, the kind's pattern marks it: the same track printed with mud plain and with
    // mud striped differs.
    let print = |pattern: Pattern| {
        let mut file = terrain.clone();
        if let Some(mud) = file.kinds.iter_mut().find(|k| k.id.as_str() == "mud") {
            mud.pattern = pattern;
        }
        roadwright::render::print_track(
            &track,
            &roadwright::render::PrintOptions {
                legend: roadwright::render::legend::Legend::of(&file),
                ..roadwright::render::PrintOptions::default()
            },
        )
        .expect("prints")
        .pdf
    };
    assert_ne!(print(Pattern::Plain), print(Pattern::Stripes));
}

#[test]
fn a_lap_that_rocks_cut_is_an_error_and_a_gap_in_them_mends_it() {
    let pack = standard_pack_with(&[rocks()]);
    let oval = sample("oval");
    let with_rocks = |keep_open: Option<u8>| {
        let mut track = oval.clone();
        for space in &mut track.sectors[8].spaces {
            if Some(space.lane) != keep_open {
                space.terrain = TerrainId::from("rocks");
            }
        }
        validated_beside(&pack, &track).1
    };
    let cut = with_rocks(None);
    let found: Vec<_> = cut
        .iter()
        .filter(|d| d.code == "lap-cut-by-ground")
        .collect();
    assert_eq!(found.len(), 1, "{cut:#?}");
    assert!(
        found[0].message.contains("`rocks`") && found[0].message.contains("sector 8"),
        "{}",
        found[0].message
    );
    assert!(
        matches!(found[0].location.object, Some(ObjectRef::Sector { .. })),
        "it points at the sector that cuts the lap: {:?}",
        found[0].location
    );
    let open = with_rocks(Some(1));
    assert!(
        open.iter().all(|d| d.code != "lap-cut-by-ground"),
        "{open:#?}"
    );
}

#[test]
fn the_check_by_play_says_where_the_ground_eliminated_cars() {
    let pack = pack_with(vec![rocks()]);
    let mut track = sample("oval");
    // Rocks on the outside lane of sector 30: the inner lanes go round.
    let outer = track.sectors[30].spaces.last_mut().expect("a lane");
    outer.terrain = TerrainId::from("rocks");
    let lane = outer.lane;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("rocky.ron");
    std::fs::write(
        &path,
        Document::Track(track).to_text(Format::Ron).expect("saves"),
    )
    .expect("written");
    let run = common::roadwright(&[
        "validate",
        path.to_str().expect("utf-8"),
        "--content",
        pack.path().to_str().expect("utf-8"),
        "--play=40",
        "--json",
    ]);
    let found: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let diagnostics = found["diagnostics"].as_array().expect("diagnostics");
    assert!(
        diagnostics.iter().all(|d| d["code"] != "terrain-undefined"),
        "the track is checked against the pack's kinds: {diagnostics:#?}"
    );
    let wrecks: Vec<_> = diagnostics
        .iter()
        .filter(|d| d["code"] == "ground-wrecks")
        .collect();
    assert_eq!(wrecks.len(), 1, "{diagnostics:#?}");
    assert!(
        wrecks[0]["message"]
            .as_str()
            .expect("text")
            .contains(&format!("at 30.{lane} (`rocks`)")),
        "{:?}",
        wrecks[0]
    );
}

#[test]
fn planner_bots_steer_round_the_rocks_that_random_bots_drive_into() {
    use roadwright::rules::{Race, RaceSetup};
    use roadwright::sim::driver::{Seats, play_race};
    let dir = tempfile::tempdir().expect("temp dir");
    // Rock gardens on two straights.
    let (pack, path) = rocky(dir.path(), &[10, 11, 30, 31]);
    let loaded = roadwright::sim::load_race(pack.path(), &path, "standard").expect("loads");
    let planner = match Document::load(&common::repo("content/bots/planner.ron"))
        .expect("planner")
        .document
    {
        Document::BotProfile(profile) => profile,
        other => panic!("{}", other.kind()),
    };
    let wrecks = |planners: bool| {
        let mut total = 0;
        for seed in 1..=4 {
            let setup =
                RaceSetup::named_teams(&["rust-reapers", "chrome-jackals"], seed).expect("teams");
            let mut race = Race::new(loaded.rules.clone(), &setup).expect("race");
            let mut seats = if planners {
                Seats::new(seed, [Some(&planner), Some(&planner)])
            } else {
                Seats::random(seed, 2)
            };
            play_race(&mut race, &mut seats, false).expect("plays");
            total += race
                .events()
                .iter()
                .filter(|e| {
                    matches!(
                        e,
                        RaceEvent::GroundStruck {
                            effect: Effect::Eliminate,
                            ..
                        }
                    )
                })
                .count();
        }
        total
    };
    let (by_random, by_planners) = (wrecks(false), wrecks(true));
    assert!(by_random > 0, "random bots drive into the rocks");
    assert!(
        by_planners * 4 <= by_random,
        "planner bots steer round them: {by_planners} wrecks against random bots' {by_random}"
    );
}

#[test]
fn desert_glass_slides_the_car_on_the_way_it_was_going_for_free_and_stops_short_of_a_car() {
    let mut glass = kind("desert-glass");
    glass.effects = vec![Effect::Slide(1)];
    let terrain = terrain_with(vec![glass, rocks()]);
    let track = painted(&[
        ("3.1", "desert-glass"),
        ("2.2", "desert-glass"),
        ("3.3", "desert-glass"),
        ("4.3", "rocks"),
    ]);
    let position = || {
        Position::on_ground(&track, &terrain)
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-2")
    };
    // Forward onto the glass: on to 4.1, for the one MP the step cost.
    let mut race = play_moving_first(position());
    step(&mut race, "forward", "3.1");
    assert_eq!(where_is(&race, RR, "12"), "4.1");
    assert_eq!(mp_left(&race), 4);
    assert!(!can_step(&race, "lateral", "3.1"), "slid over: entered");

    // Sideways onto the glass: on across the lanes.
    let mut race = play_moving_first(position());
    step(&mut race, "lateral", "2.2");
    assert_eq!(where_is(&race, RR, "12"), "2.3");

    // A car where the slide would go: the slider stops on the glass.
    let mut race = play_moving_first(position().car(RR, "11", "4.1"));
    step(&mut race, "forward", "3.1");
    assert_eq!(where_is(&race, RR, "12"), "3.1");

    // Sliding onto rocks wrecks the car: each space slid into strikes in its turn.
    let mut race = play_moving_first(
        Position::on_ground(&track, &terrain)
            .car(RR, "12", "2.3")
            .play(RR, "12", "solo-2"),
    );
    let id = car(&race, RR, "12");
    step(&mut race, "forward", "3.3");
    assert_eq!(race.car(id).place, Place::Destroyed);
}

#[test]
fn a_ramp_jumps_a_car_from_straight_behind_and_wrecks_one_from_the_side() {
    let mut ramp = kind("ramp");
    ramp.effects = vec![Effect::Jump(3)];
    let terrain = terrain_with(vec![ramp]);
    let track = painted(&[("3.1", "ramp")]);
    let position = |at: &str| {
        Position::on_ground(&track, &terrain)
            .car(RR, "12", at)
            .play(RR, "12", "solo-2")
    };
    // From straight behind: three spaces on, over a car in the way, the MP left lost.
    let mut race = play_moving_first(position("2.1").car(RR, "11", "4.1"));
    let before = race.events().len();
    step(&mut race, "forward", "3.1");
    assert_eq!(where_is(&race, RR, "12"), "6.1");
    assert_eq!(where_is(&race, RR, "11"), "4.1", "jumped over, untouched");
    assert!(race.movement().is_none(), "the jump ends the movement");
    assert!(mp_lost(&race.events()[before..]).contains(&4));

    // A car where it would land: it lands short, on the nearest free space.
    let mut race = play_moving_first(position("2.1").car(RR, "11", "6.1"));
    step(&mut race, "forward", "3.1");
    assert_eq!(where_is(&race, RR, "12"), "5.1");

    // From the side: wrecked.
    let mut race = play_moving_first(position("3.0"));
    let id = car(&race, RR, "12");
    step(&mut race, "lateral", "3.1");
    assert_eq!(race.car(id).place, Place::Destroyed);
}

#[test]
fn a_ramp_landing_on_a_ramp_or_glass_stops_there_flights_never_chain() {
    // "a ramp flies n spaces and stops": with ramps at 3.1 and 6.1 (and glass at 9.1), a car
    // flying from 3.1 lands on 6.1 and stays. A pack whose every space was a ramp flew a car
    // round the lap a dozen times on one card.
    let mut ramp = kind("ramp");
    ramp.effects = vec![Effect::Jump(3)];
    let mut glass = kind("desert-glass");
    glass.effects = vec![Effect::Slide(1)];
    let terrain = terrain_with(vec![ramp, glass]);
    let position = |track: &Track| {
        Position::on_ground(track, &terrain)
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-2")
    };
    let track = painted(&[("3.1", "ramp"), ("6.1", "ramp")]);
    let mut race = play_moving_first(position(&track));
    step(&mut race, "forward", "3.1");
    assert_eq!(
        where_is(&race, RR, "12"),
        "6.1",
        "landed on the second ramp"
    );
    assert!(race.movement().is_none());
    let track = painted(&[("3.1", "ramp"), ("6.1", "desert-glass")]);
    let mut race = play_moving_first(position(&track));
    step(&mut race, "forward", "3.1");
    assert_eq!(
        where_is(&race, RR, "12"),
        "6.1",
        "the glass does not carry a landing on"
    );
}

#[test]
fn a_ramp_with_no_run_up_in_its_lane_is_a_warning_at_the_ramp() {
    let mut ramp = kind("ramp");
    ramp.effects = vec![Effect::Jump(2)];
    let pack = standard_pack_with(&[ramp.clone()]);
    let mut track = test_track(&straight(12, "PPPP"));
    track.sectors[3].spaces[1].terrain = TerrainId::from("ramp");
    let with = |track: &Track| validated_beside(&pack, track).1;
    assert!(
        with(&track).iter().all(|d| d.code != "ramp-without-run-up"),
        "a run-up in lane 1"
    );
    // Link lane 1 of sector 2 into lane 2 instead: nothing enters the ramp straight.
    track.sectors[2].spaces[1].next = vec!["3.2".parse().expect("space")];
    let found = with(&track);
    let ramp_warnings: Vec<_> = found
        .iter()
        .filter(|d| d.code == "ramp-without-run-up")
        .collect();
    assert_eq!(ramp_warnings.len(), 1, "{found:#?}");
    assert_eq!(
        ramp_warnings[0].location.object,
        Some(ObjectRef::Space {
            space: "3.1".parse().expect("space")
        })
    );
}

/// A copy of the standard pack with rocks, and the oval with rocks on every lane but the apron
/// of `sectors` (a file in `dir`).
fn rocky(dir: &std::path::Path, sectors: &[usize]) -> (tempfile::TempDir, std::path::PathBuf) {
    let pack = pack_with(vec![rocks()]);
    let mut track = sample("oval");
    for &sector in sectors {
        for space in track.sectors[sector].spaces.iter_mut().skip(1) {
            space.terrain = TerrainId::from("rocks");
        }
    }
    let path = dir.join("rocky.ron");
    std::fs::write(
        &path,
        Document::Track(track).to_text(Format::Ron).expect("saves"),
    )
    .expect("written");
    (pack, path)
}

#[test]
fn a_batch_counts_what_the_ground_did_space_by_space_and_the_heat_map_shows_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (pack, track) = rocky(dir.path(), &[10, 11]);
    let value = common::simulate_report(&track, pack.path(), 12, 2);
    let report = dir.path().join("report.json");
    std::fs::write(&report, value.to_string()).expect("written");
    let spaces = value["stats"]["spaces"].as_object().expect("spaces");
    let wrecks = |keep: &dyn Fn(&str) -> bool| -> u64 {
        spaces
            .iter()
            .filter(|(at, _)| keep(at))
            .map(|(_, s)| s["ground_eliminations"].as_u64().unwrap_or(0))
            .sum()
    };
    let on_rocks =
        |at: &str| (at.starts_with("10.") || at.starts_with("11.")) && !at.ends_with(".0");
    assert!(wrecks(&on_rocks) > 0, "random bots drive into the rocks");
    assert_eq!(wrecks(&|at| !on_rocks(at)), 0, "nowhere else");
    let png = dir.path().join("wrecks.png");
    let run = common::roadwright(&[
        "render",
        track.to_str().expect("utf-8"),
        "-o",
        png.to_str().expect("utf-8"),
        "--heat",
        report.to_str().expect("utf-8"),
        "--metric",
        "ground_eliminations",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn a_ramp_that_flies_a_car_over_the_finish_line_scores_it() {
    use roadwright::rules::VpSource;
    let mut ramp = kind("ramp");
    ramp.effects = vec![Effect::Jump(3)];
    let terrain = terrain_with(vec![ramp]);
    // The lap's last sector is 11: the ramp sends a car from 11.1 over the line to 2.1.
    let track = painted(&[("11.1", "ramp")]);
    let mut race = play_moving_first(
        Position::on_ground(&track, &terrain)
            .car(RR, "12", "10.1")
            .play(RR, "12", "solo-2"),
    );
    let before = race.events().len();
    step(&mut race, "forward", "11.1");
    assert_eq!(where_is(&race, RR, "12"), "2.1");
    assert!(
        race.events()[before..].iter().any(|e| matches!(
            e,
            RaceEvent::VpClaimed {
                source: VpSource::Finish,
                ..
            }
        )),
        "{:?}",
        &race.events()[before..]
    );
}

#[test]
fn a_ramp_flies_a_car_over_the_crossover_without_a_collision() {
    let mut ramp = kind("ramp");
    ramp.effects = vec![Effect::Jump(3)];
    let terrain = terrain_with(vec![ramp]);
    let mut track = sample("figure-eight");
    // 20.1 and 21.1 are crossover spaces; 1.1 shares 20.1's cell, across.
    let position = |track: &Track| {
        Position::on_ground(track, &terrain)
            .car(RR, "12", "18.1")
            .car(CJ, "21", "1.1")
            .play(RR, "12", "solo-2")
    };
    let paved = track.clone();
    track.sectors[19].spaces[1].terrain = TerrainId::from("ramp");
    let mut race = play_moving_first(position(&track));
    let before = race.events().len();
    step(&mut race, "forward", "19.1");
    assert_eq!(where_is(&race, RR, "12"), "22.1", "flown over");
    assert!(
        !race.events()[before..]
            .iter()
            .any(|e| matches!(e, RaceEvent::CrossoverCollision { .. })),
        "no collision with the car across"
    );
    // Without the ramp, the same way in is barred by the car across (7.12).
    let mut race = play_moving_first(position(&paved));
    step(&mut race, "forward", "19.1");
    step(&mut race, "forward", "20.1");
    assert!(
        race.events()
            .iter()
            .any(|e| matches!(e, RaceEvent::CrossoverCollision { .. }))
    );
}

#[test]
fn an_oil_slick_slides_the_car_to_a_drawn_side_when_its_movement_ends() {
    let mut oil = kind("oil");
    oil.effects = vec![Effect::SlideAside(1)];
    let terrain = terrain_with(vec![oil]);
    let track = painted(&[("3.1", "oil")]);
    // #11: 3 MP, straight on through the oil to 5.1.
    let run = |position: Position| {
        let mut race = play_moving_first(position);
        step(&mut race, "forward", "3.1");
        assert_eq!(where_is(&race, RR, "11"), "3.1", "nothing happens yet");
        step(&mut race, "forward", "4.1");
        step(&mut race, "forward", "5.1");
        where_is(&race, RR, "11")
    };
    let position = || {
        Position::on_ground(&track, &terrain)
            .car(RR, "11", "2.1")
            .play(RR, "11", "solo-2")
    };
    let ended = run(position());
    assert!(ended == "5.0" || ended == "5.2", "slid aside to {ended}");
    assert_eq!(run(position()), ended, "the race's RNG draws the side");
    // Hemmed in on both sides, the car stays where its movement ended.
    let hemmed = run(position().car(RR, "12", "5.0").car(RR, "13", "5.2"));
    assert_eq!(hemmed, "5.1");
}

#[test]
fn a_ramp_of_drawn_distance_stops_the_car_and_flies_it_a_drawn_distance_when_its_movement_ends() {
    let mut ramp = kind("stunt-ramp");
    ramp.effects = vec![Effect::DrawnJump {
        min: 2,
        max: 3,
        faces: None,
    }];
    let terrain = terrain_with(vec![ramp]);
    let track = painted(&[("3.1", "stunt-ramp")]);
    let run = |seed: u64| {
        let mut position = Position::on_ground(&track, &terrain)
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-2");
        position = position.seed(seed);
        let mut race = play_moving_first(position);
        step(&mut race, "forward", "3.1");
        assert!(mp_lost(race.events()).contains(&4), "it stops on the ramp");
        assert!(race.movement().is_none());
        where_is(&race, RR, "12")
    };
    let landings: std::collections::BTreeSet<String> = (0..12).map(run).collect();
    assert_eq!(
        landings,
        ["5.1".to_owned(), "6.1".to_owned()].into_iter().collect(),
        "two or three spaces on, as drawn"
    );
    assert_eq!(run(4), run(4), "the race's RNG draws it");
    // From the side it wrecks the car, as a fixed ramp does.
    let mut race = play_moving_first(
        Position::on_ground(&track, &terrain)
            .car(RR, "12", "3.0")
            .play(RR, "12", "solo-2"),
    );
    step(&mut race, "lateral", "3.1");
    assert_eq!(race.car(car(&race, RR, "12")).place, Place::Destroyed);
}

#[test]
fn a_stunt_die_of_set_faces_flies_the_car_only_the_distances_its_faces_show() {
    // Thunder Road's stunt die, as the designer sets it: five faces of 2 and one of 4 never
    // fly the car 3 spaces, and fly it 2 more often than 4.
    let mut ramp = kind("stunt-ramp");
    ramp.effects = vec![Effect::DrawnJump {
        min: 2,
        max: 4,
        faces: Some([2, 2, 2, 2, 2, 4]),
    }];
    let terrain = terrain_with(vec![ramp]);
    let track = painted(&[("3.1", "stunt-ramp")]);
    let run = |seed: u64| {
        let mut race = play_moving_first(
            Position::on_ground(&track, &terrain)
                .car(RR, "12", "2.1")
                .play(RR, "12", "solo-2")
                .seed(seed),
        );
        step(&mut race, "forward", "3.1");
        where_is(&race, RR, "12")
    };
    let landings: Vec<String> = (0..60).map(run).collect();
    let count = |at: &str| landings.iter().filter(|l| *l == at).count();
    assert_eq!(count("6.1"), 0, "no face shows 3");
    assert!(
        count("5.1") > count("7.1"),
        "2 is five faces of six: {landings:?}"
    );
    assert!(count("7.1") > 0, "4 is on a face");
    // A face outside the flight's range is refused at the kind.
    let mut wrong = kind("stunt-ramp");
    wrong.effects = vec![Effect::DrawnJump {
        min: 2,
        max: 4,
        faces: Some([2, 2, 2, 2, 2, 6]),
    }];
    let errors = common::document_errors(
        &roadwright::content::Document::Terrain(terrain_with(vec![wrong])),
        "terrain.ron",
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains("effect-out-of-range") && e.contains("a face of 6 spaces")),
        "{errors:#?}"
    );
}

#[test]
fn fire_marks_the_car_and_it_checks_before_its_next_movement_burning_on_or_going_out() {
    use roadwright::content::scenario::Marker;
    let mut fire = kind("fire");
    fire.effects = vec![Effect::Fire];
    let terrain = terrain_with(vec![fire]);
    let track = painted(&[("3.1", "fire")]);
    // Entering the fire sets the car alight when its movement ends.
    let mut race = play_moving_first(
        Position::on_ground(&track, &terrain)
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-2"),
    );
    let id = car(&race, RR, "12");
    step(&mut race, "forward", "3.1");
    assert!(!race.car(id).on_fire, "not yet");
    finish_movement(&mut race);
    assert!(race.car(id).on_fire);
    // A burning car (#12, defense 1) checks before it moves: a value-1 card burns it on with
    // 1 damage, a value-0 card puts the fire out.
    for (card, burns) in [("glancing-blow", true), ("wild-shot", false)] {
        let race = play_moving_first(
            Position::on_ground(&track, &terrain)
                .marked(RR, "12", "5.1", vec![Marker::OnFire])
                .play(RR, "12", "solo-2")
                .combat(&[card]),
        );
        let id = car(&race, RR, "12");
        assert!(race.events().iter().any(|e| matches!(
            e,
            RaceEvent::FireCheck { burns: b, .. } if *b == burns
        )));
        assert_eq!(race.car(id).on_fire, burns, "{card}");
        assert_eq!(race.car(id).damage, u8::from(burns), "{card}");
        assert!(race.movement().is_some(), "then it moves");
    }
}

#[test]
fn treacherous_ground_draws_a_hazard_for_the_car_when_its_movement_ends() {
    use roadwright::content::hazard_deck::{Hazard, HazardDeck, HazardEffect};
    let mut badlands = kind("badlands");
    badlands.effects = vec![Effect::Hazard];
    let terrain = terrain_with(vec![badlands]);
    let track = painted(&[("3.1", "badlands")]);
    let deck = HazardDeck {
        kind: roadwright::content::kind::HazardDeckKind::HazardDeck,
        version: 1,
        name: Text::from("mines"),
        hazards: vec![Hazard {
            id: roadwright::content::text::Id::from("mine"),
            name: Text::from("Mine"),
            count: 2,
            effects: vec![HazardEffect::Damage(2)],
            becomes: None,
            target: roadwright::content::hazard_deck::HazardTarget::TheCar,
            drive_on: false,
        }],
    };
    let mut race = play_moving_first(
        Position::on_ground(&track, &terrain)
            .hazards(deck)
            .car(RR, "12", "2.1")
            .play(RR, "12", "solo-2"),
    );
    let id = car(&race, RR, "12");
    step(&mut race, "forward", "3.1");
    assert_eq!(mp_left(&race), 4, "it drives on");
    finish_movement(&mut race);
    assert!(
        race.events()
            .iter()
            .any(|e| matches!(e, RaceEvent::HazardRevealed { .. }))
    );
    assert_eq!(race.car(id).damage, 2, "the mine, drawn and resolved");
    // The same ground in a pack without a hazard deck is a warning on the track.
    let (_, found) = validated_beside(
        &standard_pack_with(&[kind_with("badlands", Effect::Hazard)]),
        &track,
    );
    assert!(
        found
            .iter()
            .any(|d| d.code == "hazard-spots-without-deck" && d.severity == Severity::Warning),
        "{found:#?}"
    );
}

/// A kind with one effect.
fn kind_with(id: &str, effect: Effect) -> GroundKind {
    let mut ground = kind(id);
    ground.effects = vec![effect];
    ground
}

/// A kind where cars stack.
fn stacking(id: &str) -> GroundKind {
    let mut ground = kind(id);
    ground.stacks = true;
    ground
}

#[test]
fn cars_stack_on_ground_that_lets_them_a_car_entering_pushes_no_one_and_both_can_be_shot() {
    let terrain = terrain_with(vec![stacking("salt-flats")]);
    let track = painted(&[("3.1", "salt-flats"), ("4.1", "salt-flats")]);
    // #12 (Solo) drives into 3.1 where #21 stands: it joins it there, #21 is not pushed.
    let mut race = play_moving_first(
        Position::on_ground(&track, &terrain)
            .car(RR, "12", "2.1")
            .car(CJ, "21", "3.1")
            .play(RR, "12", "solo-2"),
    );
    assert!(can_step(&race, "forward", "3.1"));
    step(&mut race, "forward", "3.1");
    assert_eq!(where_is(&race, RR, "12"), "3.1");
    assert_eq!(where_is(&race, CJ, "21"), "3.1", "not pushed");
    // Both are on the space for a weapon aimed there.
    let stacked = roadwright::rules::combat::cars_on(&race, sp(&race, "3.1"));
    assert_eq!(stacked.len(), 2);
    // It drives on out of the stack, leaving #21 where it was.
    step(&mut race, "forward", "4.1");
    assert_eq!(where_is(&race, CJ, "21"), "3.1");
    race.check_invariants()
        .expect("the engine's invariants hold");
    // A car pushed into a stack space stops there: the push goes no further.
    let mut race = play_moving_first(
        Position::on_ground(&track, &terrain)
            .car(RR, "12", "1.1")
            .car(CJ, "21", "2.1")
            .car(CJ, "22", "3.1")
            .play(RR, "12", "pursuit-2"),
    );
    step(&mut race, "forward", "2.1");
    assert_eq!(where_is(&race, CJ, "21"), "3.1", "pushed into the stack");
    assert_eq!(where_is(&race, CJ, "22"), "3.1", "and the car there stays");
    race.check_invariants()
        .expect("the engine's invariants hold");
}

#[test]
fn a_ram_that_ends_on_damaging_ground_is_told_apart_from_the_grounds_damage_dealt_after_it() {
    // RR #11 drives over a mine (2 damage when its movement ends) and rams CJ #21: the
    // collision's damage (2 to the target, 1 to the rammer, "clipped") comes first, the mine's
    // after it. Each is put down to its own cause.
    use roadwright::sim::harm::{Attributor, Cause};
    let mut mine = kind("mine");
    mine.effects = vec![Effect::Damage(2)];
    let track = painted(&[("4.1", "mine")]);
    let mut race = play_moving_first(
        Position::on_ground(&track, &terrain_with(vec![mine]))
            .car(RR, "11", "3.1")
            .car(CJ, "21", "5.1")
            .play(RR, "11", "ram-2")
            .combat(&["clipped"]),
    );
    step(&mut race, "forward", "4.1");
    step(&mut race, "forward", "5.1");
    let rammer = car(&race, RR, "11");
    let target = car(&race, CJ, "21");
    let clipped = collision_of(&race, "clipped");
    assert_eq!(
        race.car(rammer).damage,
        clipped.active_damage + 2,
        "rammed, then the mine"
    );
    let harm = Attributor::of(&race);
    let of = |id: roadwright::rules::CarId, cause: Cause| harm.cars[id.index()].damage.get(cause);
    assert_eq!(
        of(target, Cause::Collision),
        u64::from(clipped.target_damage)
    );
    assert_eq!(
        of(rammer, Cause::Collision),
        u64::from(clipped.active_damage)
    );
    assert_eq!(of(rammer, Cause::Ground), 2);
    assert_eq!(harm.cars[rammer.index()].damage.total(), 3);
    assert_eq!(harm.attacks.collisions, 1);
    assert_eq!(harm.attacks.own_side_collisions, 0);
}
