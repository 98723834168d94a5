//! Test races in the studio, clicked through as a person would: start a race from the Race menu,
//! play a card by clicking a highlighted space, undo it, let the bots finish, race on an unsaved
//! edit, watch a saved record with the scrubber, and be refused on content with errors.

use crate::common;

use std::fs;

use common::studio::{click_space, menu, open_track, settle, shown_track, start, workspace_copy};
use egui::epaint::Shape;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use roadwright::content::track::{SpaceRef, TerrainId};
use roadwright::gui::race::RaceScreen;
use roadwright::gui::race::start::SeatChoice;
use roadwright::gui::race::{RaceCommand, RaceSession, card_label, choice_place};
use roadwright::gui::screen::ScreenKind;
use roadwright::gui::{StudioApp, StudioCommand};
use roadwright::rules::report::EntryKind;
use roadwright::rules::{Decision, Place, Race};
use roadwright::sim::profiles::profiles_in;
use roadwright::sim::record::RecordFiles;
use roadwright::sim::session::{Run, RunUntil, SeatControl, TestRace};

fn race(harness: &Harness<'static, StudioApp>) -> Race {
    harness
        .state()
        .screen::<RaceScreen>()
        .expect("a race is open")
        .race()
        .clone()
}

/// Opens the dialog with Ctrl+R and sets a known seed.
fn open_dialog(harness: &mut Harness<'static, StudioApp>, seed: u64) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::R);
    settle(harness);
    let dialog = harness
        .state_mut()
        .start_dialog_mut()
        .expect("Ctrl+R opens the dialog");
    dialog.seed_text = seed.to_string();
    harness.run();
}

/// Puts a bot with this profile in each of the dialog's first four seats.
fn all_bots(harness: &mut Harness<'static, StudioApp>, profile: &str) {
    let dialog = harness.state_mut().start_dialog_mut().expect("dialog");
    for seat in 0..4 {
        dialog.seats[seat] = SeatChoice::Bot(profile.to_owned());
    }
    harness.run();
}

/// Clicks Start race and makes the bots play without a pause.
fn start_race(harness: &mut Harness<'static, StudioApp>) {
    harness.get_by_label("Start race").click();
    settle(harness);
    assert!(
        harness.state().is_shown(ScreenKind::Race),
        "the race screen is shown"
    );
    harness
        .state_mut()
        .screen_mut::<RaceScreen>()
        .expect("race")
        .apply(RaceCommand::SetDelay(0.0));
}

/// Runs frames (letting the bots' thread finish each batch) until `done` holds.
fn until(harness: &mut Harness<'static, StudioApp>, done: impl Fn(&StudioApp) -> bool) {
    for _ in 0..3_000 {
        if done(harness.state()) {
            return;
        }
        if let Some(screen) = harness.state_mut().screen_mut::<RaceScreen>() {
            screen.wait_for_bots();
        }
        harness.step();
    }
    panic!("the race did not get there");
}

fn person_plays_a_card(app: &StudioApp) -> bool {
    app.screen::<RaceScreen>().is_some_and(|screen| {
        let RaceSession::Live(live) = screen.session() else {
            return false;
        };
        live.human_to_decide().is_some()
            && live
                .race()
                .legal()
                .iter()
                .any(|d| matches!(d, Decision::Play { .. }))
    })
}

/// Every text painted in the last frame, with where.
fn painted_texts(harness: &Harness<'static, StudioApp>) -> Vec<(String, Pos2)> {
    fn open(shape: &Shape, into: &mut Vec<(String, Pos2)>) {
        match shape {
            Shape::Vec(shapes) => shapes.iter().for_each(|s| open(s, into)),
            Shape::Text(text) => into.push((
                text.galley.text().to_owned(),
                text.visual_bounding_rect().center(),
            )),
            _ => {}
        }
    }
    let mut texts = Vec::new();
    for clipped in &harness.output().shapes {
        open(&clipped.shape, &mut texts);
    }
    texts
}

/// Where a space of the race's track is on screen.
fn on_screen(harness: &Harness<'static, StudioApp>, place: Place) -> Pos2 {
    let screen = harness.state().screen::<RaceScreen>().expect("race");
    let Place::Track(space) = place else {
        panic!("not a track space: {place:?}");
    };
    let at = screen.race().track().at(space);
    screen
        .canvas()
        .screen_position(screen.track(), at)
        .expect("on screen")
}

fn click_at(harness: &mut Harness<'static, StudioApp>, position: Pos2) {
    harness.hover_at(position);
    harness.step();
    harness.drag_at(position);
    harness.step();
    harness.drop_at(position);
    harness.step();
}

/// Hovering a highlighted place draws its path and says what the move costs and how it ends.
fn hovering_says_the_cost_and_ending(
    harness: &mut Harness<'static, StudioApp>,
    before: &Race,
    card: u16,
    car: roadwright::rules::CarId,
    example: &roadwright::rules::Outcome,
    position: Pos2,
) {
    harness.hover_at(position);
    harness.step();
    let mut moving = before.clone();
    moving
        .apply(&Decision::Play {
            card,
            car,
            ram_as_lead: false,
        })
        .expect("legal");
    if moving.movement().is_none() {
        moving.apply(&Decision::HoldFire).expect("legal");
    }
    let said = format!(
        "{} MP · {}",
        example.spent,
        moving.describe_ending(example.ending)
    );
    assert!(
        painted_texts(harness).iter().any(|(text, _)| *text == said),
        "hovering says {said:?}"
    );
}

#[test]
fn a_person_plays_a_card_by_clicking_a_highlighted_space_and_undoes_it() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    open_dialog(&mut harness, 7);
    start_race(&mut harness);
    until(&mut harness, person_plays_a_card);

    let before = race(&harness);
    let Some(Decision::Play { card, car, .. }) = before
        .legal()
        .iter()
        .find(|d| matches!(d, Decision::Play { .. }))
        .cloned()
    else {
        unreachable!("checked above");
    };
    let copies = before
        .player(before.car(car).player)
        .hand
        .iter()
        .filter(|c| **c == card)
        .count();
    harness
        .get_by_label(&card_label(&before, card, copies))
        .click();
    harness.run();
    let cars_to_choose = before
        .legal()
        .iter()
        .filter(|d| matches!(d, Decision::Play { card: c, ram_as_lead: false, .. } if *c == card))
        .count();
    if cars_to_choose > 1 {
        harness.get_by_label(&before.car_name(car)).click();
        harness.run();
    }
    let preview = harness
        .state()
        .screen::<RaceScreen>()
        .and_then(|s| s.preview())
        .expect("the reachable places are highlighted")
        .clone();
    let start = before.car(car).place;
    let target = preview
        .places
        .places
        .iter()
        .map(|p| p.place)
        .find(|p| *p != start && matches!(p, Place::Track(_)))
        .expect("the card can take the car somewhere");
    let position = on_screen(&harness, target);
    let example = &preview
        .places
        .places
        .iter()
        .find(|p| p.place == target)
        .expect("highlighted")
        .example;
    hovering_says_the_cost_and_ending(&mut harness, &before, card, car, example, position);
    click_at(&mut harness, position);

    let after = race(&harness);
    assert_eq!(after.car(car).place, target, "the car moved where clicked");
    let number = before.car_number(car).to_string();
    let moved_to = on_screen(&harness, target);
    assert!(
        painted_texts(&harness)
            .iter()
            .any(|(text, at)| *text == number && at.distance(moved_to) < 6.0),
        "the counter #{number} is drawn on its new space"
    );

    let report = |h: &Harness<'static, StudioApp>| {
        let screen = h.state().screen::<RaceScreen>().expect("race");
        let mut told = roadwright::rules::report::CompactReport::default();
        told.update(screen.race());
        (screen.report().to_vec(), told.entries().to_vec())
    };
    let (shown, told) = report(&harness);
    assert_eq!(shown, told, "the report follows the race");

    harness.get_by_label("Undo").click();
    harness.run();
    let (shown, told) = report(&harness);
    assert_eq!(shown, told, "and drops what the undo took back");
    let undone = race(&harness);
    assert_eq!(undone.car(car).place, start, "back where it was");
    assert_eq!(undone.decisions().len(), before.decisions().len());
    assert!(person_plays_a_card(harness.state()), "asked again");
}

#[test]
fn bots_play_a_race_to_its_end_and_the_winner_is_announced() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    // Seed 13: a race that ends with the countdown clock running (seed 12 did before cb29da2's
    // rule fixes changed its race: the starburst drawn after a car's own destruction, 6.0, and
    // Bulldoze on a Sideswipe, 8.5).
    open_dialog(&mut harness, 13);
    let dialog = harness.state_mut().start_dialog_mut().expect("dialog");
    dialog.seats[0] = SeatChoice::Bot("random".to_owned());
    for seat in 1..4 {
        dialog.seats[seat] = SeatChoice::Bot("racer".to_owned());
    }
    harness.run();
    start_race(&mut harness);
    until(&mut harness, |app| {
        app.screen::<RaceScreen>()
            .is_some_and(|s| s.race().is_over())
    });
    harness.run();
    let finished = race(&harness);
    let announcement = match finished.result().expect("over") {
        roadwright::rules::RaceResult::Winner(player) => format!(
            "Player {} ({}) wins the race",
            player.index() + 1,
            finished.team_of(player).name
        ),
        roadwright::rules::RaceResult::Draw => "The race ends without a winner".to_owned(),
        roadwright::rules::RaceResult::SideWon(_) => unreachable!("a race without a mission"),
    };
    harness.get_by_label(&announcement);
    assert!(
        !harness
            .state()
            .screen::<RaceScreen>()
            .expect("race")
            .is_running(),
        "the bots stop at the end"
    );
    // This race ends with the countdown clock running, and an ended race has nothing left to
    // count down: the clock is not announced.
    assert!(
        finished.clock_running(),
        "the seed ends with the clock running"
    );
    assert!(
        harness
            .query_by_label("The countdown clock is running")
            .is_none()
    );

    // The standings: one row per player, the winner first, with VP by source and cars lost
    // on the player's own row.
    harness.get_by_label("Cars lost");
    let standings = finished.standings();
    let mut rows = Vec::new();
    for standing in &standings {
        let name = format!("{} {}", standing.player.index() + 1, standing.team);
        let row = harness.get_by_label(&name).rect();
        rows.push(row.center().y);
        let on_row: Vec<String> = harness
            .query_all(egui_kittest::kittest::by().role(egui::accesskit::Role::Label))
            .filter(|n| {
                let r = n.rect();
                (r.center().y - row.center().y).abs() < 3.0 && r.left() > row.right()
            })
            .filter_map(|n| egui_kittest::kittest::NodeT::accesskit_node(&n).value())
            .collect();
        let expected: Vec<String> = [
            standing.claimed,
            standing.finish,
            standing.kills,
            standing.pool,
            standing.cars_lost,
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(on_row, expected, "{standing:?}");
    }
    assert!(rows.windows(2).all(|w| w[0] < w[1]), "in standing order");
}

#[test]
fn a_race_on_an_unsaved_edit_plays_the_edited_track() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let at = SpaceRef::lap(6, 1);
    assert_ne!(
        shown_track(&harness).space(at).expect("space").terrain,
        TerrainId::rough()
    );
    harness.key_press(Key::P);
    settle(&mut harness);
    click_space(&mut harness, at);
    assert_eq!(
        shown_track(&harness).space(at).expect("space").terrain,
        TerrainId::rough(),
        "painted"
    );
    assert!(harness.state().workspace().is_dirty(), "not saved");

    open_dialog(&mut harness, 3);
    start_race(&mut harness);
    let race = race(&harness);
    let space = race.track().find(at).expect("on the race's track");
    let rough = race.track().terrain().find("rough");
    assert_eq!(Some(race.track().space(space).kind), rough);
    assert!(harness.state().workspace().is_dirty(), "still not saved");
}

#[test]
fn a_saved_record_is_watched_with_the_scrubber() {
    let (pack, track) = workspace_copy();
    // A race played to its end, saved as the studio saves records.
    let loaded = roadwright::sim::load_race(pack.path(), &track, "standard").expect("loads");
    let setup = roadwright::rules::RaceSetup::first_teams(&loaded.rules.content, 3, 99);
    let random = profiles_in(pack.path()).remove("random").expect("random");
    let mut played = TestRace::new(
        loaded,
        RecordFiles {
            content: pack.path().display().to_string(),
            track: track.display().to_string(),
            mission: None,
            course_seed: None,
        },
        setup,
        vec![SeatControl::Bot(random); 3],
    )
    .expect("starts");
    played.play_bots(&Run::from(played.race(), RunUntil::End), usize::MAX, None);
    let saved = pack.path().join("race.json");
    fs::write(&saved, played.record().to_json().expect("json")).expect("write");

    let mut harness = open_track(pack.path());
    harness
        .state_mut()
        .apply(StudioCommand::OpenRecord(saved.clone()));
    settle(&mut harness);
    assert!(
        harness.state().is_shown(ScreenKind::Race),
        "{:?}",
        harness.state().status()
    );
    let last = played.race().decisions().len();
    let position = |h: &Harness<'static, StudioApp>| race(h).decisions().len();
    assert_eq!(position(&harness), last, "opens at the end");
    harness.get_by_label("First").click();
    harness.run();
    assert_eq!(position(&harness), 0);
    harness.get_by_label("Forward").click();
    harness.run();
    assert_eq!(position(&harness), 1);
    harness.key_press(Key::ArrowRight);
    harness.run();
    assert_eq!(position(&harness), 2, "the arrow key steps too");
    harness
        .state_mut()
        .screen_mut::<RaceScreen>()
        .expect("race")
        .apply(RaceCommand::SeekTurn(3));
    harness.run();
    assert_eq!(race(&harness).turn(), 3);
    harness.get_by_label("Turn 3");
    harness.get_by_label("Last").click();
    harness.run();
    assert_eq!(position(&harness), last);
    assert_eq!(race(&harness).result(), played.race().result());
}

#[test]
fn a_race_is_refused_on_content_with_errors_and_the_error_can_be_shown() {
    let (pack, _) = workspace_copy();
    let deck = pack.path().join("race_deck.ron");
    let text = fs::read_to_string(&deck).expect("read");
    fs::write(&deck, text.replacen("speed: 1,", "speed: 13,", 1)).expect("write");
    let mut harness = open_track(pack.path());
    open_dialog(&mut harness, 1);
    harness.get_by_label_contains("The content has 1 error");
    harness.get_by_label("Start race").click();
    settle(&mut harness);
    assert!(
        harness.state().screen::<RaceScreen>().is_none(),
        "no race starts"
    );
    harness
        .get_by_label("Start a test race")
        .get_by_label_contains("speed-out-of-range")
        .click();
    settle(&mut harness);
    let shown = harness.state().shown().expect("a document is shown");
    assert_eq!(
        harness.state().workspace().documents[shown].path.as_deref(),
        Some(deck.as_path()),
        "the error's file is shown"
    );
}

#[test]
fn the_race_menu_starts_a_race_and_switches_between_race_and_editor() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    menu(&mut harness, "Race", "Start a test race");
    assert!(harness.state().start_dialog().is_some());
    harness
        .state_mut()
        .start_dialog_mut()
        .expect("dialog")
        .seed_text = "5".to_owned();
    harness.run();
    start_race(&mut harness);
    harness.get_by_label("Back to editor").click();
    settle(&mut harness);
    assert!(
        !harness.state().is_shown(ScreenKind::Race),
        "the editor is back"
    );
    assert!(
        harness.state().screen::<RaceScreen>().is_some(),
        "the race stays open"
    );
    menu(&mut harness, "Race", "Show the race");
    assert!(harness.state().is_shown(ScreenKind::Race));
    harness.key_press(Key::Escape);
    settle(&mut harness);
    harness.get_by_label("Test race…").click();
    settle(&mut harness);
    assert!(
        harness.state().start_dialog().is_some(),
        "the track toolbar's button opens the dialog"
    );
    harness
        .get_by_label("Start a test race")
        .get_by_label("Cancel")
        .click();
    settle(&mut harness);
    assert!(harness.state().start_dialog().is_none());
    menu(&mut harness, "Race", "Show the race");
    harness.key_press(Key::Escape);
    settle(&mut harness);
    assert!(
        !harness.state().is_shown(ScreenKind::Race),
        "Esc goes back to the editor"
    );
}

#[test]
fn pause_stops_the_bots_and_step_plays_one_decision_at_a_time() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    open_dialog(&mut harness, 31);
    all_bots(&mut harness, "random");
    start_race(&mut harness);
    // A slow pace, so the race is still under way when Pause is clicked (without a pause the
    // bots may play it to its end within a frame).
    harness
        .state_mut()
        .screen_mut::<RaceScreen>()
        .expect("race")
        .apply(RaceCommand::SetDelay(5.0));
    harness.get_by_label("Pause").click();
    harness.run();
    assert!(
        !harness
            .state()
            .screen::<RaceScreen>()
            .expect("race")
            .is_running()
    );
    let paused_at = race(&harness).decisions().len();
    assert!(!race(&harness).is_over());
    for _ in 0..20 {
        harness
            .state_mut()
            .screen_mut::<RaceScreen>()
            .expect("race")
            .wait_for_bots();
        harness.step();
    }
    assert_eq!(
        race(&harness).decisions().len(),
        paused_at,
        "paused bots wait"
    );

    harness.get_by_label("Step").click();
    until(&mut harness, |app| {
        app.screen::<RaceScreen>()
            .is_some_and(|s| !s.is_running() && s.race().decisions().len() > paused_at)
    });
    assert_eq!(
        race(&harness).decisions().len(),
        paused_at + 1,
        "one decision"
    );

    harness.get_by_label("To end of turn").click();
    harness.step();
    assert!(
        harness
            .state()
            .screen::<RaceScreen>()
            .expect("race")
            .is_running()
    );
    let turn = race(&harness).turn();
    until(&mut harness, |app| {
        app.screen::<RaceScreen>().is_some_and(|s| !s.is_running())
    });
    assert_eq!(
        race(&harness).turn(),
        turn + 1,
        "stopped as the next turn began"
    );
}

/// Save record goes through the file dialog (the in-window one here), suggests
/// `race-SEED.json` beside the content folder (never in it, where it would be read as
/// content), and writes a record that opens again where it ended.
#[test]
fn a_race_is_saved_as_a_record_through_the_in_window_dialog_and_opens_again() {
    let root = tempfile::tempdir().expect("temp dir");
    let pack = root.path().join("pack");
    common::copy_folder(&common::repo("content"), &pack);
    fs::copy(common::repo("tracks/oval.ron"), pack.join("oval.ron")).expect("oval");
    // egui_file's text fields carry no accessible name (see studio_editing.rs).
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_accessibility_check(false)
        .build_ui_state(
            |ui, app: &mut StudioApp| app.ui(ui),
            common::studio::quiet(StudioApp::open(&pack)),
        );
    settle(&mut harness);
    menu(&mut harness, "View", "Built-in file dialogs");
    harness.get_by_label("oval.ron (track)").click();
    settle(&mut harness);
    open_dialog(&mut harness, 4242);
    all_bots(&mut harness, "random");
    start_race(&mut harness);
    until(&mut harness, |app| {
        app.screen::<RaceScreen>()
            .is_some_and(|s| s.race().is_over())
    });
    harness.get_by_label("Save record…").click();
    settle(&mut harness);
    harness.get_by_label("Save").click();
    settle(&mut harness);
    let saved = root.path().join("race-4242.json");
    assert!(saved.exists(), "{:?}", harness.state().status());
    assert!(
        !pack.join("race-4242.json").exists(),
        "not in the content folder"
    );
    let played = race(&harness);

    harness.state_mut().apply(StudioCommand::OpenRecord(saved));
    settle(&mut harness);
    let RaceSession::Replay(replay) = harness
        .state()
        .screen::<RaceScreen>()
        .expect("race")
        .session()
    else {
        panic!("a record is watched");
    };
    assert_eq!(replay.position(), played.decisions().len());
    assert_eq!(replay.race().result(), played.result());
}

/// Races seeds 0, 1, 2... with the person in seat 1 (taking the first legal decision each time)
/// against random bots, until `wanted` finds what it looks for in a position where the person
/// decides; returns it with the race at that position. The harness shows that position.
fn until_the_person_can<T>(
    harness: &mut Harness<'static, StudioApp>,
    what: &str,
    wanted: impl Fn(&Race) -> Option<T>,
) -> (T, Race) {
    for seed in 0..60 {
        open_dialog(harness, seed);
        let dialog = harness.state_mut().start_dialog_mut().expect("dialog");
        for seat in 1..4 {
            dialog.seats[seat] = SeatChoice::Bot("random".to_owned());
        }
        harness.run();
        start_race(harness);
        loop {
            until(harness, |app| {
                app.screen::<RaceScreen>().is_some_and(|s| {
                    s.race().is_over()
                        || matches!(s.session(), RaceSession::Live(l) if l.human_to_decide().is_some())
                })
            });
            let now = race(harness);
            if now.is_over() {
                break;
            }
            if let Some(found) = wanted(&now) {
                harness.run();
                return (found, now);
            }
            harness
                .state_mut()
                .screen_mut::<RaceScreen>()
                .expect("race")
                .apply(RaceCommand::Decide(now.legal()[0].clone()));
            harness.step();
        }
    }
    panic!("no seed of 60 let the person {what}");
}

/// A movement event that asks where (Bump and Run, Open Road, Dangerous Debris) rings its
/// places on the board; clicking one makes that choice.
#[test]
fn a_movement_event_choice_is_made_by_clicking_its_place_on_the_board() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let ((place, choice), now) =
        until_the_person_can(&mut harness, "choose where an event goes", |now| {
            let placed: Vec<(Place, Decision)> = now
                .legal()
                .iter()
                .filter_map(|d| choice_place(now, d).map(|p| (p, d.clone())))
                .collect();
            placed
                .iter()
                .find(|(p, _)| {
                    placed.iter().filter(|(q, _)| q == p).count() == 1
                        && matches!(p, Place::Track(_))
                })
                .cloned()
        });
    let position = on_screen(&harness, place);
    click_at(&mut harness, position);
    assert_eq!(
        race(&harness).decisions().get(now.decisions().len()),
        Some(&choice),
        "the click chose {choice:?}"
    );
}

/// A new, still broken track open beside the oval does not stop a race on the oval; a race on
/// the broken one is refused with its errors listed.
#[test]
fn a_broken_new_track_does_not_stop_a_race_on_another_track() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let oval = harness.state().shown().expect("the oval is shown");
    menu(&mut harness, "File", "New track");
    assert!(
        harness
            .state()
            .diagnostics()
            .iter()
            .any(roadwright::validate::Diagnostic::is_error),
        "an empty track has errors"
    );
    open_dialog(&mut harness, 8);
    assert_ne!(
        harness.state().start_dialog().expect("dialog").track,
        Some(oval),
        "the dialog starts on the track shown"
    );
    assert!(
        harness.query_by_label("Start race").is_some(),
        "the dialog is open"
    );
    harness
        .get_by_label("Start a test race")
        .get_by_label_contains("before racing");
    harness
        .state_mut()
        .start_dialog_mut()
        .expect("dialog")
        .track = Some(oval);
    harness.run();
    assert!(
        harness
            .get_by_label("Start a test race")
            .query_by_label_contains("before racing")
            .is_none(),
        "the other track's errors do not count"
    );
    harness.run();
    start_race(&mut harness);
    assert!(
        harness.state().screen::<RaceScreen>().is_some(),
        "racing on the oval"
    );
}

/// When the person deciding may fire, each legal target is ringed with its chance to hit; a
/// click on the ring fires at that car.
#[test]
fn fire_targets_show_their_chance_to_hit_and_a_click_fires() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let (option, now) = until_the_person_can(&mut harness, "fire", |now| {
        let attacker = now.active_car()?;
        now.target_options(attacker).into_iter().find(|o| {
            now.legal().contains(&Decision::Fire { target: o.target })
                && matches!(now.car(o.target).place, Place::Track(_))
        })
    });
    let at = on_screen(&harness, Place::Track(option.space));
    let chance = format!("{:.0}%", option.hit_chance * 100.0);
    assert!(
        painted_texts(&harness)
            .iter()
            .any(|(text, _)| *text == chance),
        "the chance {chance} is shown"
    );
    click_at(&mut harness, at);
    assert_eq!(
        race(&harness).decisions().get(now.decisions().len()),
        Some(&Decision::Fire {
            target: option.target
        }),
        "the click fired at the ringed car"
    );
}

/// A click on a line of the race report centres the board on where it happened.
#[test]
fn a_click_on_the_race_report_shows_where_it_happened() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    open_dialog(&mut harness, 17);
    all_bots(&mut harness, "random");
    start_race(&mut harness);
    until(&mut harness, |app| {
        app.screen::<RaceScreen>()
            .is_some_and(|s| s.race().decisions().len() > 30)
    });
    // The bots may have played the race to its end within a frame: stop them either way.
    harness
        .state_mut()
        .screen_mut::<RaceScreen>()
        .expect("race")
        .apply(RaceCommand::Pause);
    harness.run();
    let now = race(&harness);
    let screen = harness.state().screen::<RaceScreen>().expect("race");
    // The last activation that moved its car and others: its line, where its car went, and
    // the first of its folded lines.
    let entry = screen
        .report()
        .iter()
        .rev()
        .find(|e| {
            e.kind == EntryKind::Activation && e.focus != e.first_event && !e.details.is_empty()
        })
        .expect("an activation that moved")
        .clone();
    let Some(roadwright::rules::RaceEvent::CarMoved {
        to: Place::Track(to),
        ..
    }) = now.events().get(entry.focus)
    else {
        panic!("the line shows its car's last move: {entry:?}");
    };
    let to = *to;
    harness
        .get_all_by_label(&entry.headline)
        .last()
        .expect("listed")
        .click();
    harness.run();
    let screen = harness.state().screen::<RaceScreen>().expect("race");
    let space = screen.track().space(now.track().at(to)).expect("space");
    let centre = screen.canvas().view.centre;
    assert!(
        (centre.x - space.x).abs() < 1e-3 && (centre.y - space.y).abs() < 1e-3,
        "centred on {}: {centre:?}",
        now.track().at(to)
    );

    // Lines under an entry are folded, and open on a click (the last entry with any: its fold
    // is the last one drawn).
    let entry = screen
        .report()
        .iter()
        .rev()
        .find(|e| !e.details.is_empty())
        .expect("folded lines")
        .clone();
    let (_, folded) = &entry.details[0];
    assert!(
        harness.query_all_by_label(folded).next().is_none(),
        "folded"
    );
    let header = format!("{} more: cars moved, markers", entry.details.len());
    harness
        .get_all_by_label(&header)
        .last()
        .expect("the fold")
        .click();
    harness.run();
    assert!(
        harness.query_all_by_label(folded).next().is_some(),
        "unfolded: {folded}"
    );
}

/// The studio drives a race as `simulate` does (one bot per seat for the whole race, seeded the
/// same way): a test race with a planner in every seat makes the decisions of the batch's race
/// with the same seed, teams and profiles.
#[test]
fn the_studios_planner_seats_decide_as_simulate_does_for_the_same_seed() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let batch_seed = 5;
    open_dialog(
        &mut harness,
        roadwright::sim::batch::race_seed(batch_seed, 0),
    );
    all_bots(&mut harness, "planner");
    start_race(&mut harness);
    until(&mut harness, |app| {
        app.screen::<RaceScreen>()
            .is_some_and(|s| s.race().is_over())
    });
    let studio = harness
        .state()
        .screen::<RaceScreen>()
        .expect("race")
        .record();
    let setup = studio.setup();
    let loaded = roadwright::sim::load_race(pack.path(), &pack.path().join("oval.ron"), "standard")
        .expect("the pack loads");
    let planner = profiles_in(pack.path())
        .remove("planner")
        .expect("the planner profile");
    let spec = roadwright::sim::batch::BatchSpec {
        rules: loaded.rules,
        teams: setup.players.iter().map(|p| p.team.clone()).collect(),
        bots: vec![planner; setup.players.len()],
        races: 1,
        seed: batch_seed,
        side_bots: Vec::new(),
    };
    let batch =
        roadwright::sim::batch::record_of(&spec, 0, loaded.identity, RecordFiles::default())
            .expect("the batch's race");
    assert!(studio.decisions.len() > 50, "a whole race was played");
    assert_eq!(
        studio.decisions, batch.decisions,
        "the same race, decision for decision"
    );
}

/// Keys go only to the screen shown: with a selection, a copied sector and an undone edit in
/// the editor, Del, Ctrl+V and Ctrl+Shift+Z pressed on the race screen leave the track as it
/// was (before the action table, all three edited the hidden track).
#[test]
fn editing_keys_on_the_race_screen_leave_the_track_untouched() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    click_space(&mut harness, SpaceRef::lap(7, 0));
    harness.event(egui::Event::Copy);
    settle(&mut harness);
    harness.key_press(Key::Delete);
    settle(&mut harness);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    click_space(&mut harness, SpaceRef::lap(7, 0));
    let before = shown_track(&harness);
    let document = harness.state().shown().expect("the oval is shown");
    let redo = |harness: &Harness<'static, StudioApp>| {
        harness.state().workspace().documents[document.0]
            .history
            .redo_label()
            .map(str::to_owned)
    };
    assert!(
        redo(&harness).is_some(),
        "an undone edit waits to be redone"
    );
    let selected = |harness: &Harness<'static, StudioApp>| {
        !harness
            .state()
            .canvas(document)
            .expect("canvas")
            .selection
            .is_empty()
    };
    assert!(selected(&harness), "a space is selected");

    open_dialog(&mut harness, 3);
    all_bots(&mut harness, "random");
    start_race(&mut harness);
    harness.key_press(Key::Delete);
    harness.event(egui::Event::Paste(String::new()));
    harness.key_press_modifiers(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
    settle(&mut harness);
    assert!(
        harness.state().is_shown(ScreenKind::Race),
        "still on the race screen"
    );

    menu(&mut harness, "Race", "Back to the editor");
    assert!(
        !harness.state().is_shown(ScreenKind::Race),
        "back in the editor"
    );
    assert_eq!(shown_track(&harness), before, "the track is untouched");
    assert!(redo(&harness).is_some(), "the edit was not redone");
    assert!(selected(&harness), "the selection was not deleted");
}

/// A race with a person at the table can be finished by bots: "Finish with bots" hands every
/// person's seat to a bot and the race plays to its end; a seat can be taken back by a person
/// at any time (the panel's "Played by" choice).
#[test]
fn finish_with_bots_plays_a_person_s_race_to_its_end_and_a_seat_can_be_taken_back() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    open_dialog(&mut harness, 21);
    start_race(&mut harness);
    until(&mut harness, person_plays_a_card);
    let person = race(&harness)
        .deciding_player()
        .expect("the person decides");

    // Handed to a bot and taken back: the person decides again.
    let screen = harness
        .state_mut()
        .screen_mut::<RaceScreen>()
        .expect("race");
    let planner = profiles_in(pack.path()).remove("planner").expect("planner");
    let _ = screen.apply(RaceCommand::SetSeat(person, SeatControl::Bot(planner)));
    let _ = screen.apply(RaceCommand::Pause);
    let _ = screen.apply(RaceCommand::SetSeat(person, SeatControl::Human));
    harness.run();
    assert!(
        person_plays_a_card(harness.state()),
        "the person's seat again"
    );

    let _ = harness
        .state_mut()
        .screen_mut::<RaceScreen>()
        .expect("race")
        .apply(RaceCommand::SetDelay(0.5));
    harness.get_by_label("Finish with bots").click();
    // The bots play on at once: frames, not a settle that waits for the window to be still.
    harness.run_steps(2);
    assert!(
        harness
            .state()
            .screen::<RaceScreen>()
            .expect("race")
            .delay()
            < f32::EPSILON,
        "at full speed"
    );
    until(&mut harness, |app| {
        app.screen::<RaceScreen>()
            .is_some_and(|s| s.race().is_over())
    });
    let RaceSession::Live(live) = harness
        .state()
        .screen::<RaceScreen>()
        .expect("race")
        .session()
    else {
        panic!("a live race");
    };
    assert!(
        live.seats().iter().all(|seat| *seat != SeatControl::Human),
        "every seat went to a bot"
    );
    assert!(
        harness.query_by_label("Finish with bots").is_some(),
        "the button stays, greyed once the race is over"
    );
}

/// Esc with a menu open closes the menu and does nothing else: on the race screen it does not
/// also leave for the editor.
#[test]
fn escape_closes_an_open_menu_first() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    open_dialog(&mut harness, 8);
    all_bots(&mut harness, "random");
    start_race(&mut harness);
    pause(&mut harness);
    harness.get_by_label("Race").click();
    harness.run();
    let item = "Save race record…";
    assert!(harness.query_by_label(item).is_some(), "the menu is open");
    harness.key_press(Key::Escape);
    harness.run();
    assert!(harness.query_by_label(item).is_none(), "Esc closed it");
    assert!(
        harness.state().is_shown(ScreenKind::Race),
        "and did not leave the race"
    );
    harness.key_press(Key::Escape);
    harness.run();
    assert!(
        !harness.state().is_shown(ScreenKind::Race),
        "the next Esc goes back to the editor"
    );
}

/// At 1280x800, the race toolbar's buttons keep to one row, and a twenty-digit seed has its own
/// line with its Copy button beside it: nothing wraps away from its label or out of the window.
#[test]
fn the_race_toolbar_fits_one_row_at_1280_by_800() {
    let (pack, _) = workspace_copy();
    let mut harness = common::studio::open_file_at_1280(pack.path(), "oval.ron (track)");
    open_dialog(&mut harness, 14_870_338_195_041_709_316);
    start_race(&mut harness);
    pause(&mut harness);
    harness.run();
    let row = harness.get_by_label("Back to editor").rect().center().y;
    for item in ["Play", "Finish with bots", "Restart", "Save record…"] {
        let at = harness.get_by_label(item).rect();
        assert!(
            (at.center().y - row).abs() < 2.0 && at.right() <= 1280.0,
            "{item} is on the toolbar's row, in the window ({at:?}, row {row})"
        );
    }
    // The seed has its own line, its Copy button beside it.
    let seed = harness.get_by_label("Seed 14870338195041709316").rect();
    let copy = harness.get_by_label("Copy").rect();
    assert!(
        (seed.center().y - copy.center().y).abs() < 2.0 && copy.left() > seed.right(),
        "Copy beside the seed ({seed:?}, {copy:?})"
    );
    assert!(copy.right() <= 1280.0, "in the window");
}

/// Stops the bots of the race shown.
fn pause(harness: &mut Harness<'static, StudioApp>) {
    let _ = harness
        .state_mut()
        .screen_mut::<RaceScreen>()
        .expect("race")
        .apply(RaceCommand::Pause);
}

/// A car may fire at any car around it, its own team's included (8.1 names no team): the fire
/// button for one of the player's own cars says so.
#[test]
fn a_fire_button_at_the_player_s_own_car_says_so() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let (target, now) = until_the_person_can(&mut harness, "fire at an own car", |now| {
        let me = now.car(now.active_car()?).player;
        now.legal().iter().find_map(|d| match d {
            Decision::Fire { target } if now.car(*target).player == me => Some(*target),
            _ => None,
        })
    });
    let label = roadwright::gui::race::decision_label(&now, &Decision::Fire { target });
    assert!(label.contains("your own team's car"), "{label}");
    harness.get_by_label(&label);
    // Another player's car is named without the mark.
    let me = now.car(now.active_car().expect("the active car")).player;
    let other = now
        .car_ids()
        .find(|c| now.car(*c).player != me)
        .expect("another player's car");
    let label = roadwright::gui::race::decision_label(&now, &Decision::Fire { target: other });
    assert!(!label.contains("own team"), "{label}");
}

/// An event the person must decide about is prompted with the card's text and its numbers
/// (Dangerous Debris says how much damage each player assigns).
#[test]
fn an_event_prompt_shows_what_the_card_does() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let (card, _) = until_the_person_can(&mut harness, "decide an event", |now| {
        if !matches!(now.legal().first(), Some(Decision::Event(_))) {
            return None;
        }
        now.events().iter().rev().find_map(|e| match e {
            roadwright::rules::RaceEvent::MovementEventDrawn { card } => now
                .rules()
                .content
                .movement_events
                .get(card.index())
                .cloned(),
            _ => None,
        })
    });
    let text = card.effect.text();
    assert!(!text.is_empty());
    harness.get_by_label_contains(&format!("{} — {text}", card.name));
}

/// At 1280x800 the race's board gets half the window's width or more: the project's files
/// panel steps aside on the race screen (and comes back with the editor).
#[test]
fn the_race_board_keeps_half_the_window_at_1280_by_800() {
    let (pack, _) = workspace_copy();
    let mut harness = common::studio::open_file_at_1280(pack.path(), "oval.ron (track)");
    open_dialog(&mut harness, 3);
    harness.get_by_label("Start race").click();
    settle(&mut harness);
    assert!(harness.state().is_shown(ScreenKind::Race));
    assert!(
        harness.query_by_label("oval.ron (track)").is_none(),
        "no files panel on the race screen"
    );
    let board = harness
        .state()
        .screen::<RaceScreen>()
        .expect("race")
        .canvas()
        .shown_rect()
        .expect("drawn");
    assert!(
        board.width() >= 640.0,
        "the board is {} wide",
        board.width()
    );
    assert!(
        board.height() >= 450.0,
        "the board is {} high",
        board.height()
    );
    menu(&mut harness, "Race", "Back to the editor");
    harness.get_by_label("oval.ron (track)");
}

/// Seats are named alike everywhere: "Human" and the bot profile's own name ("Planner"), in the
/// start dialog's choices as on the race screen (they were "Human"/"human" and "Bot: Planner").
#[test]
fn seats_are_named_alike_in_the_dialog_and_on_the_race_screen() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    open_dialog(&mut harness, 3);
    let seats: Vec<String> = harness
        .query_all(egui_kittest::kittest::By::new().role(egui::accesskit::Role::ComboBox))
        .filter_map(|node| node.value())
        .collect();
    assert!(seats.iter().any(|s| s == "Human"), "{seats:?}");
    assert!(seats.iter().any(|s| s == "Planner"), "{seats:?}");
    assert!(seats.iter().all(|s| !s.starts_with("Bot: ")), "{seats:?}");

    // On the race screen, each seat's "Played by" names it the same way.
    start_race(&mut harness);
    let played_by: Vec<String> = harness
        .query_all(egui_kittest::kittest::By::new().role(egui::accesskit::Role::ComboBox))
        .filter_map(|node| node.value())
        .collect();
    assert!(played_by.iter().any(|s| s == "Human"), "{played_by:?}");
    assert!(played_by.iter().any(|s| s == "Planner"), "{played_by:?}");
    assert!(
        played_by
            .iter()
            .all(|s| s != "human" && !s.starts_with("Bot: ")),
        "{played_by:?}"
    );
}

#[test]
fn the_devils_run_sample_races_in_the_studio_its_tokens_drawn_until_turned_over() {
    let project = tempfile::tempdir().expect("temp dir");
    for folder in ["content", "content/bots", "content/rulesets", "tracks"] {
        std::fs::create_dir_all(project.path().join(folder)).expect("folder");
    }
    let sample = common::repo("samples/devils-run");
    for file in [
        "content/race_deck.ron",
        "content/movement_events.ron",
        "content/combat_deck.ron",
        "content/team_mats.ron",
        "content/terrain.ron",
        "content/hazards.ron",
        "content/rulesets/standard.ron",
        "content/bots/random.ron",
        "content/bots/racer.ron",
        "tracks/devils-run.ron",
    ] {
        std::fs::copy(sample.join(file), project.path().join(file)).expect("copied");
    }
    let mut harness = start(StudioApp::open(project.path()));
    harness.get_by_label("devils-run.ron (track)").click();
    settle(&mut harness);
    // Seed 8: the racers turn some tokens over and leave others (seed 3 did until the bots
    // stopped firing at their own team on a missed draw, which changed their races).
    open_dialog(&mut harness, 8);
    all_bots(&mut harness, "racer");
    start_race(&mut harness);
    let discs = |harness: &Harness<'static, StudioApp>| {
        painted_texts(harness)
            .iter()
            .filter(|(text, _)| text == "?")
            .count()
    };
    // The board is drawn in the pack's colours: no space in the colour of a kind the drawing
    // does not know (mud, goo, rocks and the ramp are the pack's own).
    let undefined = {
        let [r, g, b, a] = roadwright::render::legend::UNDEFINED;
        egui::Color32::from_rgba_unmultiplied(r, g, b, a)
    };
    let mut unknown = 0;
    for clipped in &harness.output().shapes {
        fn count(shape: &Shape, colour: egui::Color32, found: &mut usize) {
            match shape {
                Shape::Vec(shapes) => shapes.iter().for_each(|s| count(s, colour, found)),
                Shape::Path(path) if path.fill == colour => *found += 1,
                _ => {}
            }
        }
        count(&clipped.shape, undefined, &mut unknown);
    }
    assert_eq!(unknown, 0, "every kind drawn in its own colour");
    let dealt = race(&harness).events().iter().find_map(|e| match e {
        roadwright::rules::RaceEvent::HazardsDealt { spots } => Some(spots.len()),
        _ => None,
    });
    assert_eq!(dealt, Some(6), "a face-down token on each of the six spots");
    until(&mut harness, |app| {
        app.screen::<RaceScreen>()
            .is_some_and(|s| s.race().is_over())
    });
    harness.run();
    let finished = race(&harness);
    let turned = finished
        .events()
        .iter()
        .filter(|e| matches!(e, roadwright::rules::RaceEvent::HazardRevealed { .. }))
        .count();
    assert!(turned > 0, "the racers drove onto some");
    let lying = finished.face_down_hazards().count();
    assert!(lying > 0, "some are still face down at the end");
    assert_eq!(
        discs(&harness),
        lying,
        "the tokens still face down, and only they, are drawn"
    );
}
