//! Missions in the studio: a project's missions open and are checked against the content and
//! the open track as edited; a test race plays a mission chosen in the Start dialog, seated by
//! its sides, and the race screen shows each side's objectives and where they stand.

use crate::common;

use std::fs;
use std::path::Path;

use common::studio::{settle, start, tune_to_the_end};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use roadwright::content::Document;
use roadwright::content::mission::{Mission, MissionSetup};
use roadwright::content::scenario::Spot;
use roadwright::content::track::SpaceRef;
use roadwright::gui::StudioApp;
use roadwright::gui::race::start::SeatChoice;
use roadwright::gui::race::{RaceCommand, RaceScreen, RaceSession};
use roadwright::gui::screen::ScreenKind;
use roadwright::gui::simulation::{SimTab, SimulationScreen};
use roadwright::rules::{ObjectiveStatus, RaceResult};

/// A project folder (content, the oval, and the courier mission with its raiders always played
/// by the random bot, plus `extra` missions by file name).
fn project(extra: &[(&str, String)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("content"), &dir.path().join("content"));
    fs::create_dir(dir.path().join("tracks")).expect("tracks");
    fs::copy(
        common::repo("tracks/oval.ron"),
        dir.path().join("tracks/oval.ron"),
    )
    .expect("oval");
    fs::create_dir(dir.path().join("missions")).expect("missions");
    let courier = fs::read_to_string(common::repo("missions/courier.ron"))
        .expect("courier")
        .replace(
            r#"teams: ["chrome-jackals"])"#,
            r#"teams: ["chrome-jackals"], bot: Some("random"))"#,
        );
    assert!(courier.contains("Some(\"random\")"));
    fs::write(dir.path().join("missions/courier.ron"), courier).expect("write");
    for (name, text) in extra {
        fs::write(dir.path().join("missions").join(name), text).expect("write");
    }
    dir
}

fn mission_id(
    harness: &Harness<'static, StudioApp>,
    project: &Path,
    name: &str,
) -> roadwright::gui::workspace::DocumentId {
    harness
        .state()
        .workspace()
        .id_of_file(&project.join("missions").join(name))
        .expect("the mission is open")
}

#[test]
fn a_projects_missions_are_checked_in_the_studio_and_a_broken_one_is_named_at_its_line() {
    let broken = fs::read_to_string(common::repo("missions/courier.ron"))
        .expect("courier")
        .replace(r#"teams: ["rust-reapers"]"#, r#"teams: ["rust-reapres"]"#);
    let dir = project(&[("broken.ron", broken)]);
    // The studio checks a document as it would save it: its lines are the canonical text's.
    let canonical = roadwright::content::Document::load(&dir.path().join("missions/broken.ron"))
        .expect("it parses")
        .document
        .to_text(roadwright::content::Format::Ron)
        .expect("text");
    let line = canonical
        .lines()
        .position(|l| l.contains("rust-reapres"))
        .expect("the line")
        + 1;
    let harness = start(StudioApp::open(dir.path()));
    let validated = harness.state().validated();
    let checked: Vec<String> = validated
        .missions
        .keys()
        .map(|p| p.file_name().expect("name").to_string_lossy().into_owned())
        .collect();
    assert_eq!(checked, ["courier.ron"], "the sound mission is checked");
    let found = harness
        .state()
        .diagnostics()
        .iter()
        .find(|d| d.code == "unknown-team")
        .expect("the broken mission's team is reported");
    assert!(
        found
            .location
            .file
            .as_ref()
            .is_some_and(|f| f.ends_with("missions/broken.ron")),
        "{found}"
    );
    assert_eq!(found.location.line, Some(line), "{found}");
}

#[test]
fn a_mission_race_starts_from_the_dialog_seated_by_its_sides_and_shows_its_objectives() {
    let dir = project(&[]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::R);
    settle(&mut harness);
    let courier = mission_id(&harness, dir.path(), "courier.ron");
    let dialog = harness.state_mut().start_dialog_mut().expect("the dialog");
    dialog.mission = Some(courier);
    dialog.seed_text = "5".to_owned();
    harness.run();
    // The mission seats its two teams, side by side, and its raiders' seat is the random
    // bot's whatever is asked of it.
    let dialog = harness.state_mut().start_dialog_mut().expect("the dialog");
    assert_eq!(dialog.players, 2);
    assert_eq!(dialog.teams[..2], ["rust-reapers", "chrome-jackals"]);
    dialog.seats[0] = SeatChoice::Bot("random".to_owned());
    dialog.seats[1] = SeatChoice::Human;
    harness.run();
    let dialog = harness.state().start_dialog().expect("the dialog");
    assert_eq!(dialog.seats[1], SeatChoice::Bot("random".to_owned()));
    assert!(
        harness
            .query_all_by_label_contains("Seat 2 (The raiders)")
            .next()
            .is_some(),
        "the seat says its side"
    );

    harness.get_by_label("Start race").click();
    settle(&mut harness);
    assert!(harness.state().is_shown(ScreenKind::Race));
    let _ = harness
        .state_mut()
        .screen_mut::<RaceScreen>()
        .expect("race")
        .apply(RaceCommand::SetDelay(0.0));
    harness.run();
    harness.get_by_label_contains("Mission: The courier");
    harness.get_by_label_contains("get Rust Reapers #15 across the finish line twice");
    for _ in 0..5_000 {
        if harness
            .state()
            .screen::<RaceScreen>()
            .is_some_and(|s| s.race().is_over())
        {
            break;
        }
        if let Some(screen) = harness.state_mut().screen_mut::<RaceScreen>() {
            screen.wait_for_bots();
        }
        harness.step();
    }
    let screen = harness.state().screen::<RaceScreen>().expect("race");
    let race = screen.race();
    assert!(race.is_over(), "the bots finish the mission");
    let mission = race.mission().expect("the race plays the mission");
    assert_eq!(mission.name.as_str(), "The courier");
    let RaceSession::Live(live) = screen.session() else {
        panic!("a live race");
    };
    assert!(
        live.record()
            .files
            .mission
            .as_deref()
            .is_some_and(|m| m.ends_with("courier.ron"))
    );
    // The result is the mission's, and the panel says how each objective stands.
    let RaceResult::SideWon(side) = race.result().expect("a result") else {
        panic!("the courier ends with a side's win: {:?}", race.result());
    };
    let winner = race.side_name(side);
    harness.get_by_label_contains(&format!("The mission goes to {winner}"));
    let met = mission
        .objective_ids()
        .find(|id| race.objective_status(*id) == Some(ObjectiveStatus::Met(side)));
    assert!(
        met.is_some() || side.0 == 1,
        "a win is an objective met or the turn limit's"
    );
    if met.is_some() {
        harness.get_by_label_contains(&format!("met by {winner}"));
    }
}

#[test]
fn the_race_panel_says_the_countdown_clock_runs_only_when_the_race_has_one() {
    // A person holds the first seat, so the race waits on turn 1. The standard race runs the
    // countdown clock (11.4); the courier turns it off, and the panel said it ran all the same
    // (from the clock's marker, which every race starts with).
    let dir = project(&[]);
    for mission in [None, Some("courier.ron")] {
        let mut harness = start(StudioApp::open(dir.path()));
        harness.key_press_modifiers(Modifiers::COMMAND, Key::R);
        settle(&mut harness);
        let id = mission.map(|file| mission_id(&harness, dir.path(), file));
        let dialog = harness.state_mut().start_dialog_mut().expect("the dialog");
        dialog.mission = id;
        dialog.seed_text = "5".to_owned();
        harness.run();
        let dialog = harness.state_mut().start_dialog_mut().expect("the dialog");
        dialog.seats[0] = SeatChoice::Human;
        harness.run();
        harness.get_by_label("Start race").click();
        settle(&mut harness);
        let race = race_of(&harness);
        assert!(
            !race.is_over(),
            "{mission:?}: the race waits for the person"
        );
        assert!(
            race.clock_running(),
            "{mission:?}: the clock's marker stands"
        );
        let announced = harness
            .query_by_label("The countdown clock is running")
            .is_some();
        assert_eq!(announced, mission.is_none(), "{mission:?}");
        assert_eq!(race.countdown_running(), mission.is_none(), "{mission:?}");
    }
}

#[test]
fn a_mission_batch_on_the_simulation_screen_shows_each_sides_win_rate_and_each_objective() {
    let dir = project(&[]);
    let mut harness = start(StudioApp::open(dir.path()));
    let courier = mission_id(&harness, dir.path(), "courier.ron");
    common::studio::menu(&mut harness, "Race", "Simulate");
    // Chosen as a person would: the mission seats its two teams.
    harness
        .get_by_role_and_label(egui::accesskit::Role::ComboBox, "Mission")
        .click();
    harness.run();
    harness.get_by_label("courier.ron").click();
    harness.run();
    let screen = harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("the simulation screen");
    assert_eq!(screen.form.mission, Some(courier));
    assert_eq!(screen.form.setup.players, 2, "every team of its sides");
    screen.form.setup.players = 3;
    screen.form.races = 30;
    screen.form.bots = vec!["racer".to_owned(); 10];
    harness.run();
    // Three players: the courier is played by two.
    harness.get_by_label("Run").click();
    harness.run();
    harness.get_by_label_contains("is played by 2 players, not 3");

    harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("screen")
        .form
        .setup
        .players = 2;
    harness.run();
    harness.get_by_label("Run").click();
    harness.run();
    harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("screen")
        .wait();
    settle(&mut harness);
    let screen = harness
        .state()
        .screen::<SimulationScreen>()
        .expect("screen");
    assert_eq!(
        screen.tab(),
        SimTab::Mission,
        "a mission's batch shows its view"
    );
    let stats = screen.stats().expect("the batch played");
    let mission = stats.mission.as_ref().expect("the batch plays the mission");
    let sides: Vec<&str> = mission.sides.keys().map(String::as_str).collect();
    assert_eq!(sides, ["couriers", "raiders"]);
    assert_eq!(
        mission.sides.values().map(|s| s.races).sum::<usize>(),
        60,
        "each side is seated in each of the 30 races"
    );
    // The raiders are the random bot's, whatever the seats ask: the racer plays the couriers.
    let spec = screen.spec().expect("spec").0;
    assert_eq!(
        spec.seat_bot(1, &"chrome-jackals".into()).id.as_str(),
        "random"
    );
    assert_eq!(
        spec.seat_bot(0, &"rust-reapers".into()).id.as_str(),
        "racer"
    );
    harness.get_by_label("Win rate by side, 95% interval");
    harness.get_by_label("deliver");
    harness.get_by_label("ambush");
    // Losses: each side and the courier the mission names, damage and cars lost by cause.
    harness.get_by_label("Losses").click();
    harness.run();
    harness.get_by_label("Damage taken per race, by cause");
    harness.get_by_label("Cars lost per race, by cause");
    for row in ["side couriers", "side raiders", "car rust-reapers #15"] {
        assert_eq!(
            harness.query_all_by_label(row).count(),
            2,
            "{row} in both tables"
        );
    }
    assert_eq!(
        harness.query_all_by_label("fire from its own side").count(),
        2
    );
    harness.get_by_label_contains("Attacks on one's own side per 1,000 races");
    let harm = &screen_stats(&harness).harm;
    assert!(harm.named_cars.contains_key("rust-reapers #15"));
    let courier = &harm.sides["couriers"];
    assert_eq!(courier.races, 30);
}

fn screen_stats(harness: &Harness<'static, StudioApp>) -> roadwright::sim::stats::BatchStats {
    harness
        .state()
        .screen::<SimulationScreen>()
        .expect("screen")
        .stats()
        .expect("stats")
        .clone()
}

/// The courier with its cars placed: #15 of the reapers on 3.1, #21 of the jackals on 1.2.
fn placed_courier() -> String {
    fs::read_to_string(common::repo("missions/courier.ron"))
        .expect("courier")
        .replace(
            "    vp: (pool_wins: false, clock: Some(false)),",
            r#"    setup: Placed([
        (team: "rust-reapers", number: "15", at: Space("3.1")),
        (team: "chrome-jackals", number: "21", at: Space("1.2")),
    ]),
    vp: (pool_wins: false, clock: Some(false)),"#,
        )
}

fn race_of(harness: &Harness<'static, StudioApp>) -> roadwright::rules::Race {
    harness
        .state()
        .screen::<RaceScreen>()
        .expect("the race screen")
        .race()
        .clone()
}

fn shown_mission(harness: &Harness<'static, StudioApp>) -> Mission {
    match common::studio::shown_document(harness) {
        Document::Mission(mission) => mission,
        other => panic!("a mission is shown, not a {}", other.kind()),
    }
}

#[test]
fn the_mission_editor_sets_friendly_fire_and_allied_kills_as_undoable_edits() {
    use roadwright::content::mission::FriendlyFire;
    let dir = project(&[]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("courier.ron (mission)").click();
    settle(&mut harness);
    assert_eq!(shown_mission(&harness).friendly_fire, FriendlyFire::Allowed);
    assert!(!shown_mission(&harness).vp.allied_kills);

    // Friendly fire is chosen as a person would, from its combo box.
    harness
        .get_by_role_and_label(egui::accesskit::Role::ComboBox, "friendly fire")
        .scroll_to_me();
    settle(&mut harness);
    harness
        .get_by_role_and_label(egui::accesskit::Role::ComboBox, "friendly fire")
        .click();
    settle(&mut harness);
    harness
        .get_by_label("forbidden: no attack on one's own side")
        .click();
    settle(&mut harness);
    assert_eq!(
        shown_mission(&harness).friendly_fire,
        FriendlyFire::Forbidden
    );

    // The allied kills' tick.
    harness
        .get_by_label("A kill of an ally's car scores")
        .scroll_to_me();
    settle(&mut harness);
    harness
        .get_by_label("A kill of an ally's car scores")
        .click();
    settle(&mut harness);
    assert!(shown_mission(&harness).vp.allied_kills);

    // Each is one undoable edit, undone in turn.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    assert!(!shown_mission(&harness).vp.allied_kills, "the tick undone");
    assert_eq!(
        shown_mission(&harness).friendly_fire,
        FriendlyFire::Forbidden
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    assert_eq!(
        shown_mission(&harness).friendly_fire,
        FriendlyFire::Allowed,
        "the choice undone"
    );
}

#[test]
fn the_mission_editor_edits_with_undo_and_picks_a_placed_cars_space_on_the_track() {
    let dir = project(&[("placed.ron", placed_courier())]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("placed.ron (mission)").click();
    settle(&mut harness);
    harness.get_by_label("Objectives");
    harness.get_by_label("Turn limit");
    assert!(!shown_mission(&harness).turn_limit.most_vp);

    // A tick is an undoable edit.
    harness.get_by_label("the most VP wins").scroll_to_me();
    settle(&mut harness);
    harness.get_by_label("the most VP wins").click();
    settle(&mut harness);
    assert!(shown_mission(&harness).turn_limit.most_vp);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    assert!(!shown_mission(&harness).turn_limit.most_vp, "undone");

    // Pick, then a click on a space of the track under the rows, puts the car there.
    harness
        .query_all_by_label("Pick")
        .next()
        .expect("the first car's Pick")
        .scroll_to_me();
    settle(&mut harness);
    harness
        .query_all_by_label("Pick")
        .next()
        .expect("the first car's Pick")
        .click();
    settle(&mut harness);
    assert_eq!(
        harness
            .state()
            .mission_editor()
            .and_then(roadwright::gui::mission_editor::MissionEditor::picking),
        Some(0)
    );
    harness.get_by_label_contains("Click a space for Rust Reapers #15");
    let Some(Document::Track(track)) = harness
        .state()
        .workspace()
        .id_of_file(&dir.path().join("tracks/oval.ron"))
        .and_then(|id| harness.state().workspace().document(id))
        .map(|d| d.document.clone())
    else {
        panic!("the oval is open");
    };
    let target = SpaceRef::lap(5, 0);
    let at = harness
        .state()
        .mission_editor()
        .and_then(|e| e.canvas().screen_position(&track, target))
        .expect("the space is drawn");
    harness.hover_at(at);
    harness.run();
    harness.drag_at(at);
    harness.drop_at(at);
    settle(&mut harness);
    let MissionSetup::Placed(cars) = shown_mission(&harness).setup else {
        panic!("the cars stay placed");
    };
    assert_eq!(cars[0].at, Spot::Space(target));
    assert_eq!(
        cars[1].at,
        Spot::Space(SpaceRef::lap(1, 2)),
        "the other car stays"
    );
    assert_eq!(
        harness
            .state()
            .mission_editor()
            .and_then(roadwright::gui::mission_editor::MissionEditor::picking),
        None
    );
    // The mission still checks: a car on a free space of its track.
    common::studio::assert_no_errors(&harness);
    // The mission shown is the one the Start dialog offers to race.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::R);
    settle(&mut harness);
    let placed = mission_id(&harness, dir.path(), "placed.ron");
    assert_eq!(
        harness.state().start_dialog().and_then(|d| d.mission),
        Some(placed)
    );
}

#[test]
fn a_tuning_of_a_mission_weighs_its_sides_and_compares_on_the_simulation_screen() {
    use roadwright::content::tuning::{Objective, Parameter};
    use roadwright::gui::tune::TuneScreen;
    let dir = project(&[]);
    let out = dir.path().join("tuned");
    let mut harness = start(StudioApp::open(dir.path()));
    let courier = mission_id(&harness, dir.path(), "courier.ron");
    common::studio::menu(&mut harness, "Race", "Tune");
    let form = &mut harness
        .state_mut()
        .screen_mut::<TuneScreen>()
        .expect("the Tune screen")
        .form;
    form.mission = Some(courier);
    form.setup.players = 2;
    form.budget = 200;
    "racer".clone_into(&mut form.bot);
    form.out = out.display().to_string();
    for row in &mut form.parameters {
        row.chosen = matches!(
            &row.offered.parameter,
            Parameter::CarBaseMp { team, car: None, .. } if team.as_str() == "rust-reapers"
        );
    }
    for row in &mut form.objectives {
        row.chosen = matches!(row.objective, Objective::SideFairShare { .. });
    }
    harness.run();
    let spec = {
        let app = harness.state();
        app.screen::<TuneScreen>()
            .expect("screen")
            .form
            .spec(app.workspace())
    };
    assert_eq!(
        spec.mission
            .as_ref()
            .map(roadwright::content::text::Text::as_str),
        Some("../missions/courier.ron")
    );
    assert_eq!(
        spec.track.as_str(),
        "../tracks/oval.ron",
        "the mission's track"
    );
    let report = tune_to_the_end(&mut harness);
    let sides: Vec<&str> = report.sides_after.keys().map(String::as_str).collect();
    assert_eq!(sides, ["couriers", "raiders"]);
    assert_eq!(
        report.after[0].name,
        "largest distance of a side from its fair share (points)"
    );
    harness.get_by_label_contains("The mission's sides on fresh seeds");
    // The comparison plays the mission too: its Mission view has the sides.
    harness
        .get_by_label("Compare on the simulation screen")
        .click();
    settle(&mut harness);
    harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("the simulation screen")
        .wait();
    settle(&mut harness);
    let simulation = harness
        .state()
        .screen::<SimulationScreen>()
        .expect("the simulation screen");
    let mission = simulation
        .stats()
        .and_then(|s| s.mission.as_ref())
        .expect("the comparison plays the mission");
    assert_eq!(mission.sides.len(), 2);
}

/// The Tune screen offers the settings of the mission chosen (its turn limit first); a run
/// moving one writes the tuned mission, and "Apply to the project" sets the tuned value into
/// the mission open as one edit, which undo takes back.
#[test]
fn a_tuning_of_a_missions_own_settings_applies_to_the_project_as_one_undoable_edit() {
    use roadwright::content::mission_tuning::MissionParameter;
    use roadwright::content::tuning::{Objective, Parameter};
    use roadwright::gui::tune::TuneScreen;
    let dir = project(&[]);
    let out = dir.path().join("tuned");
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("courier.ron (mission)").click();
    settle(&mut harness);
    let courier = mission_id(&harness, dir.path(), "courier.ron");
    common::studio::menu(&mut harness, "Race", "Tune");
    // The mission shown is chosen, and its settings are offered in their own group.
    harness.get_by_label("mission: turn limit");
    harness.get_by_label("mission objective deliver: count");
    let form = &mut harness
        .state_mut()
        .screen_mut::<TuneScreen>()
        .expect("the Tune screen")
        .form;
    assert_eq!(form.mission, Some(courier));
    form.setup.players = 2;
    form.budget = 400;
    "racer".clone_into(&mut form.bot);
    form.out = out.display().to_string();
    for row in &mut form.parameters {
        row.chosen = matches!(
            &row.offered.parameter,
            Parameter::Mission(MissionParameter::TurnLimit { .. })
        );
        if let Parameter::Mission(MissionParameter::TurnLimit { min, max }) =
            &mut row.offered.parameter
        {
            (*min, *max) = (5, 25);
        }
    }
    for row in &mut form.objectives {
        row.chosen = matches!(row.objective, Objective::SideFairShare { .. });
    }
    harness.run();
    let report = tune_to_the_end(&mut harness);
    let change = report
        .changes
        .iter()
        .find(|c| c.parameter == "mission: turn limit")
        .expect("the turn limit moved");
    assert_eq!(change.before, "25");
    let tuned: u32 = change.after.parse().expect("a turn");
    assert_ne!(tuned, 25);
    let written = report.mission_file.clone().expect("the tuned mission");
    assert!(
        fs::read_to_string(&written)
            .expect("written")
            .contains(&format!("turn: {tuned},"))
    );
    let turn = |harness: &Harness<'static, StudioApp>| match harness
        .state()
        .workspace()
        .document(courier)
        .map(|d| &d.document)
    {
        Some(Document::Mission(mission)) => mission.turn_limit.turn,
        _ => panic!("the courier is open"),
    };
    assert_eq!(turn(&harness), 25, "nothing applied before Apply");
    harness.get_by_label("Apply to the project").click();
    settle(&mut harness);
    assert_eq!(turn(&harness), tuned);
    assert!(
        harness
            .state()
            .status()
            .is_some_and(|s| s.starts_with("Applied the tuned settings to courier.ron")),
        "{:?}",
        harness.state().status()
    );
    harness.key_press(Key::Escape);
    settle(&mut harness);
    assert_eq!(harness.state().shown_screen(), ScreenKind::Editor);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    assert_eq!(turn(&harness), 25, "one undo takes the tuned settings back");
}

/// Race > Design report… opens on the mission shown; Run the report plays it in the
/// background on the documents as edited, and the screen shows each open side's win rate,
/// skill gap and the options measured, each with its bar.
#[test]
fn the_design_report_shows_each_sides_skill_gap_and_options_of_the_mission_shown() {
    use roadwright::gui::analyse::AnalyseScreen;
    let dir = project(&[]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("courier.ron (mission)").click();
    settle(&mut harness);
    let courier = mission_id(&harness, dir.path(), "courier.ron");
    common::studio::menu(&mut harness, "Race", "Design report");
    assert_eq!(harness.state().shown_screen(), ScreenKind::Analyse);
    let form = &mut harness
        .state_mut()
        .screen_mut::<AnalyseScreen>()
        .expect("the Design report screen")
        .form;
    assert_eq!(form.mission, Some(courier), "the mission shown");
    assert_eq!(form.setup.players, 2, "its own count");
    form.races = 12;
    "racer".clone_into(&mut form.strong);
    harness.run();
    harness.get_by_label("Run the report").click();
    // The report runs in the background: a frame starts it (the screen repaints while it runs).
    harness.step();
    harness
        .state_mut()
        .screen_mut::<AnalyseScreen>()
        .expect("the screen")
        .wait();
    settle(&mut harness);
    let screen = harness
        .state()
        .screen::<AnalyseScreen>()
        .expect("the screen");
    assert_eq!(screen.error(), None);
    let report = screen.report().expect("a report");
    let sides: Vec<&str> = report.subjects.iter().map(|s| s.subject.as_str()).collect();
    // The raiders are always played by the random bot here: the couriers are the one side
    // open to the report's bots.
    assert_eq!(sides, ["couriers"]);
    for subject in &report.subjects {
        let words: Vec<&str> = subject.options.iter().map(|o| o.words.as_str()).collect();
        assert_eq!(words, ["never fires", "never rams"]);
    }
    // One side wins a race, or none: the two sides' win rates add up to one at most.
    let total: f64 = report.subjects.iter().map(|s| s.win_rate.rate).sum();
    assert!(total <= 1.0 + 1e-9, "{total}");
    harness.get_by_label_contains("couriers: wins");
    harness.get_by_label_contains("Skill gap");
    harness.get_by_label("never fires");
    harness.get_by_label("never rams");
}

#[test]
fn print_to_pdf_writes_the_sheet_of_the_mission_shown_as_edited() {
    use roadwright::gui::StudioCommand;
    use roadwright::gui::print_dialog::PrintWhat;
    let dir = project(&[]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("courier.ron (mission)").click();
    settle(&mut harness);
    common::studio::menu(&mut harness, "File", "Print to PDF");
    let courier = mission_id(&harness, dir.path(), "courier.ron");
    let dialog = harness.state_mut().print_dialog_mut().expect("the window");
    assert_eq!(
        dialog.what,
        PrintWhat::Mission(courier),
        "the mission shown"
    );
    let pdf = dir.path().join("courier.pdf");
    harness
        .state_mut()
        .apply(StudioCommand::PrintTo(pdf.clone()));
    let dialog = harness.state_mut().print_dialog_mut().expect("the window");
    let said = dialog.wait().expect("the writing ends");
    assert!(
        said.contains("the mission sheet: 1 page of rules and the setup diagram"),
        "{said}"
    );
    assert!(std::fs::read(&pdf).expect("the PDF").starts_with(b"%PDF"));
}

#[test]
fn file_new_mission_starts_one_on_the_track_shown_that_checks_and_saves_among_the_missions() {
    let dir = project(&[]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("oval.ron (track)").click();
    settle(&mut harness);
    common::studio::menu(&mut harness, "File", "New mission");
    let mission = shown_mission(&harness);
    assert_eq!(mission.name.as_str(), "New mission");
    assert_eq!(mission.track.as_str(), "../tracks/oval.ron");
    assert_eq!(mission.content.as_str(), "../content");
    let teams: Vec<&str> = mission
        .sides
        .iter()
        .flat_map(|s| s.teams.iter().map(roadwright::content::text::Id::as_str))
        .collect();
    assert_eq!(teams, ["rust-reapers", "chrome-jackals"]);
    // It checks against the content and the oval as it stands: no error, and it is ready to
    // race.
    common::studio::assert_no_errors(&harness);
    assert!(
        harness
            .state()
            .validated()
            .missions
            .keys()
            .any(|p| p.starts_with(dir.path().join("missions"))
                && p.to_string_lossy().contains("not saved")),
        "the new mission is checked: {:?}",
        harness.state().validated().missions.keys()
    );
    // Save as offers the project's missions folder.
    let mut session = roadwright::gui::session::Session::open(
        dir.path(),
        &[],
        roadwright::gui::prefs::Prefs::default(),
    );
    let id = session.new_mission(None).expect("a new mission");
    assert_eq!(
        session.suggested_file(id),
        Some(dir.path().join("missions/new-mission.ron"))
    );
    // Named, the mission's file follows its name.
    let Some(Document::Mission(mut named)) =
        session.workspace().document(id).map(|d| d.document.clone())
    else {
        panic!("the new mission");
    };
    named.name = "The Limo Run!".into();
    assert!(session.edit(id, &roadwright::edit::Edit::Mission(Box::new(named)), None));
    assert_eq!(
        session.suggested_file(id),
        Some(dir.path().join("missions/the-limo-run.ron"))
    );
}

#[test]
fn a_draft_typed_in_one_mission_is_not_shown_in_another() {
    let dir = project(&[("two.ron", placed_courier())]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("courier.ron (mission)").click();
    settle(&mut harness);
    harness.get_by_label("mission players").focus();
    harness.run();
    harness.get_by_label("mission players").type_text("[2,");
    harness.run();
    harness.get_by_label_contains("Does not parse");
    harness.get_by_label("two.ron (mission)").click();
    settle(&mut harness);
    assert!(
        harness
            .query_all_by_label_contains("Does not parse")
            .next()
            .is_none(),
        "the courier's draft stays the courier's"
    );
    assert_eq!(shown_mission(&harness).players, Vec::<u8>::new());
}

/// Picks `option` in the `nth` combo box labelled `label`.
fn choose(harness: &mut Harness<'static, StudioApp>, label: &str, nth: usize, option: &str) {
    let combo = || {
        harness
            .query_all_by_role_and_label(egui::accesskit::Role::ComboBox, label)
            .nth(nth)
            .unwrap_or_else(|| panic!("combo box {label} #{nth}"))
    };
    combo().scroll_to_me();
    settle(harness);
    harness
        .query_all_by_role_and_label(egui::accesskit::Role::ComboBox, label)
        .nth(nth)
        .expect("the combo box")
        .click();
    settle(harness);
    // The list may be taller than its popup: the option is scrolled to, as a person would.
    harness.get_by_label(option).scroll_to_me();
    settle(harness);
    harness.get_by_label(option).click();
    settle(harness);
}

#[test]
fn the_mission_editor_makes_an_objective_of_others_and_a_part_worth_nothing_with_undo() {
    use roadwright::content::mission::{Goal, Reward};
    let dir = project(&[]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("courier.ron (mission)").click();
    settle(&mut harness);
    harness.get_by_label("Add objective").click();
    settle(&mut harness);
    assert_eq!(shown_mission(&harness).objectives.len(), 3);

    // The new objective (the couriers') becomes a sequence, and names the delivery.
    choose(&mut harness, "goal", 2, "objectives in order");
    assert_eq!(
        shown_mission(&harness).objectives[2].goal,
        Goal::Then(Vec::new())
    );
    harness.get_by_label("+ part").scroll_to_me();
    settle(&mut harness);
    harness.get_by_label("+ part").click();
    settle(&mut harness);
    assert_eq!(
        shown_mission(&harness).objectives[2].goal,
        Goal::Then(vec!["deliver".into()])
    );
    // The delivery becomes a part worth nothing by itself; the ambush, a draw.
    choose(&mut harness, "reward", 0, "nothing (a part)");
    assert_eq!(
        shown_mission(&harness).objectives[0].reward,
        Reward::Nothing
    );
    choose(&mut harness, "reward", 1, "a draw");
    assert_eq!(shown_mission(&harness).objectives[1].reward, Reward::Draw);
    common::studio::assert_no_errors(&harness);

    // Each is one undoable edit.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    assert_eq!(shown_mission(&harness).objectives[1].reward, Reward::Win);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    assert_eq!(shown_mission(&harness).objectives[0].reward, Reward::Win);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    assert_eq!(
        shown_mission(&harness).objectives[2].goal,
        Goal::Then(Vec::new())
    );
}

#[test]
fn the_mission_editor_sets_a_sides_own_cars_and_scores_and_the_tie_breaks_with_undo() {
    use roadwright::content::mission::{Score, TieBreak};
    let dir = project(&[]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("courier.ron (mission)").click();
    settle(&mut harness);
    let click_nth = |harness: &mut Harness<'static, StudioApp>, label: &str, nth: usize| {
        harness
            .query_all_by_label(label)
            .nth(nth)
            .expect("the control")
            .scroll_to_me();
        settle(harness);
        harness
            .query_all_by_label(label)
            .nth(nth)
            .expect("the control")
            .click();
        settle(harness);
    };
    // The raiders race two cars a team; the couriers claim no kill VP.
    click_nth(&mut harness, "Its own cars a team", 1);
    assert_eq!(shown_mission(&harness).sides[1].cars, Some(2));
    click_nth(&mut harness, "kills", 0);
    assert_eq!(
        shown_mission(&harness).sides[0].scores,
        Some(vec![Score::Finish])
    );
    // A tie broken by kills first.
    click_nth(&mut harness, "+ tie break", 0);
    assert_eq!(
        shown_mission(&harness).turn_limit.tie_breaks,
        [TieBreak::Kills]
    );
    common::studio::assert_no_errors(&harness);
    for _ in 0..3 {
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        settle(&mut harness);
    }
    let undone = shown_mission(&harness);
    assert_eq!(undone.sides[1].cars, None);
    assert_eq!(undone.sides[0].scores, None);
    assert!(undone.turn_limit.tie_breaks.is_empty());
}

#[test]
fn a_placed_or_named_car_shows_its_driver_defense_and_mp() {
    let dir = project(&[("placed.ron", placed_courier())]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("placed.ron (mission)").click();
    settle(&mut harness);
    // #15 is placed and named by both objectives: each row says who drives it.
    let rows = harness
        .query_all_by_label_contains("Nails Tanaka · defense 2 · 2 MP")
        .count();
    assert_eq!(rows, 3, "the placed car and the two objectives' cars");
    // The other placed car, the jackals' #21, says its own: four rows in all.
    assert_eq!(
        harness.query_all_by_label_contains(" · defense ").count(),
        4
    );
}

/// A long objective or placed-car row wraps within the panel: every row's Duplicate and Delete
/// buttons shown lie inside the window (they used to run past its right edge, out of reach,
/// as a group placed whole at the end of the line).
#[test]
fn a_long_mission_row_wraps_and_keeps_its_buttons_in_the_window() {
    let dir = project(&[("placed.ron", placed_courier())]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("placed.ron (mission)").click();
    settle(&mut harness);
    let window = harness.ctx.content_rect();
    let mut seen = 0;
    for label in ["Duplicate", "Delete"] {
        for button in harness.get_all_by_label(label) {
            let rect = button.rect();
            if rect.top() > window.bottom() {
                continue;
            }
            seen += 1;
            assert!(
                rect.right() <= window.right(),
                "a {label} button at {rect:?} past the window's edge {}",
                window.right()
            );
        }
    }
    // Two sides, two objectives and two placed cars, each with its two buttons; the rows
    // below the window's bottom are not counted.
    assert!(seen >= 8, "{seen} buttons shown");
}

#[test]
fn simulate_and_tune_open_on_the_mission_shown() {
    let dir = project(&[]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("courier.ron (mission)").click();
    settle(&mut harness);
    let courier = mission_id(&harness, dir.path(), "courier.ron");
    common::studio::menu(&mut harness, "Race", "Simulate");
    assert_eq!(
        harness
            .state()
            .screen::<SimulationScreen>()
            .expect("the simulation screen")
            .form
            .mission,
        Some(courier)
    );
    harness.get_by_label("Back to editor").click();
    settle(&mut harness);
    common::studio::menu(&mut harness, "Race", "Tune");
    let form = &harness
        .state()
        .screen::<roadwright::gui::tune::TuneScreen>()
        .expect("the tune screen")
        .form;
    assert_eq!(form.mission, Some(courier));
    // Ready to run on the mission as it is: its own player count, its sides weighed, the
    // output named after it.
    assert_eq!(form.setup.players, 2);
    let ticked: Vec<bool> = form
        .objectives
        .iter()
        .filter(|row| {
            matches!(
                row.objective,
                roadwright::content::tuning::Objective::FairShare { .. }
                    | roadwright::content::tuning::Objective::SideFairShare { .. }
            )
        })
        .map(|row| row.chosen)
        .collect();
    assert_eq!(ticked, [false, true], "the sides' share, not the teams'");
    assert!(form.out.ends_with("tuned-courier"), "{}", form.out);
}

#[test]
fn a_car_added_to_a_placed_setup_stands_on_the_first_free_grid_place_not_the_chute() {
    let dir = project(&[("placed.ron", placed_courier())]);
    let mut harness = start(StudioApp::open(dir.path()));
    harness.get_by_label("placed.ron (mission)").click();
    settle(&mut harness);
    harness.get_by_label("Add car").scroll_to_me();
    settle(&mut harness);
    harness.get_by_label("Add car").click();
    settle(&mut harness);
    let oval = roadwright::stretch::samples::oval().expect("oval");
    let pole = oval
        .grid
        .iter()
        .find(|slot| slot.position == 1)
        .expect("pole")
        .space;
    let MissionSetup::Placed(cars) = shown_mission(&harness).setup else {
        panic!("placed");
    };
    assert_eq!(cars.len(), 3);
    assert_eq!(cars[2].at, Spot::Space(pole), "on pole, where it can stand");
}
