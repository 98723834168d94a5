//! The studio window, driven headless with `egui_kittest` as a person would click it.

use crate::common;

use std::fs;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use roadwright::gui::StudioApp;

/// Runs the real studio headless on an app, one frame drawn.
fn harness(app: StudioApp) -> Harness<'static, StudioApp> {
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(
            |ui, app: &mut StudioApp| app.ui(ui),
            common::studio::quiet(app),
        );
    harness.run_steps(2);
    harness.state_mut().wait_for_validation();
    harness.run();
    harness
}

fn studio(path: &std::path::Path) -> Harness<'static, StudioApp> {
    harness(StudioApp::open(path))
}

#[test]
fn the_studio_opens_on_the_standard_pack_with_its_totals() {
    let harness = studio(&common::repo("content"));
    // Each total stands on its own row of the summary, to the right of its name.
    for (name, total) in [
        ("Race cards", "96"),
        ("Movement events", "52"),
        ("Combat events", "48"),
        ("Cars", "80"),
    ] {
        let name_at = harness.get_by_label(name).rect();
        let total_at = harness.get_by_label(total).rect();
        assert!(
            (name_at.center().y - total_at.center().y).abs() < 2.0
                && total_at.left() > name_at.right(),
            "{name}: {total} beside it ({name_at:?}, {total_at:?})"
        );
    }
    harness.get_by_label("Diagnostics: 0 error(s), 0 warning(s)");
    harness.get_by_label("race_deck.ron (race_deck)");
}

#[test]
fn clicking_a_file_shows_its_cards_and_summary_goes_back() {
    let mut harness = studio(&common::repo("content"));
    harness.get_by_label("race_deck.ron (race_deck)").click();
    harness.run();
    harness.get_by_label("Total: 96 cards");
    assert!(
        harness.query_by_label("Race cards").is_none(),
        "the summary made way for the file"
    );
    harness.get_by_label("Summary").click();
    harness.run();
    harness.get_by_label("Race cards");
}

#[test]
fn file_quit_asks_the_window_to_close() {
    let mut harness = studio(&common::repo("content"));
    assert!(!harness.state().quit_requested());
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label("Quit").click();
    harness.run();
    assert!(harness.state().quit_requested());
}

#[test]
fn a_broken_pack_opens_and_lists_its_problems() {
    let pack = common::copy_of_standard_pack();
    let deck = pack.path().join("race_deck.ron");
    let text = fs::read_to_string(&deck).expect("deck");
    fs::write(&deck, text.replacen("count: 4,", "count: 0,", 1)).expect("write");
    fs::write(pack.path().join("junk.ron"), [0xff_u8, 0xfe, 0x00]).expect("write junk");
    let harness = studio(pack.path());
    harness.get_by_label("Diagnostics: 2 error(s), 0 warning(s)");
    harness.get_by_label_contains("error[count-zero]: race card `line-1` has a count of 0");
    harness.get_by_label_contains("junk.ron:1:1: error[not-utf8]: is not UTF-8 text");
}

#[test]
fn reload_picks_up_changes_made_on_disk() {
    let pack = common::copy_of_standard_pack();
    let mut harness = studio(pack.path());
    harness.get_by_label("Diagnostics: 0 error(s), 0 warning(s)");
    let mats = pack.path().join("team_mats.ron");
    let text = fs::read_to_string(&mats).expect("mats");
    fs::write(&mats, text.replacen("defense: 3", "defense: 7", 1)).expect("write");
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label("Reload").click();
    harness.run_steps(2);
    harness.state_mut().wait_for_validation();
    harness.run();
    harness.get_by_label("Diagnostics: 1 error(s), 0 warning(s)");
    assert!(
        harness
            .state()
            .workspace()
            .documents
            .iter()
            .any(|d| matches!(
                &d.document,
                roadwright::content::Document::TeamMats(mats)
                    if mats.teams.iter().flat_map(|t| &t.cars).any(|c| c.defense == 7)
            )),
        "the edited mats were read again"
    );
}

fn studio_with_track(track: &std::path::Path) -> Harness<'static, StudioApp> {
    harness(StudioApp::open_with(
        &common::repo("content"),
        &[track.to_owned()],
    ))
}

#[test]
fn the_default_studio_shows_the_sample_track_on_the_canvas() {
    let mut harness = studio_with_track(&common::repo("tracks/oval.ron"));
    harness.get_by_label("Diagnostics: 0 error(s), 0 warning(s)");
    harness.get_by_label("oval.ron (track)").click();
    harness.run();
    harness.get_by_label("40 lap sectors, 0 starting sectors, 40 grid positions");
    let files = harness.state().workspace().documents.len();
    let files_in = |folder: &str| {
        fs::read_dir(common::repo(folder))
            .expect(folder)
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "ron"))
            })
            .count()
    };
    assert_eq!(
        files,
        7 + files_in("content/bots")
            + files_in("tracks")
            + files_in("missions")
            + files_in("tiles")
            + files_in("courses"),
        "seven pack files, the bot profiles, and every track, mission, tile and course of the \
         project"
    );
    // The files panel lists the project's tiles and courses too.
    harness.get_by_label("scrapyard-run.ron (course)");
    harness.get_by_label("straight-4.ron (tile)");
    let shown = harness.state().shown().expect("the track is shown");
    assert!(
        harness.state().canvas(shown).is_some(),
        "the track has a canvas"
    );
}

#[test]
fn a_broken_track_beside_the_pack_lists_its_problems() {
    let dir = tempfile::tempdir().expect("temp dir");
    let track = dir.path().join("broken.ron");
    let text = fs::read_to_string(common::repo("tracks/oval.ron")).expect("oval");
    fs::write(&track, text.replacen("next: [\"4.2\"]", "next: []", 1)).expect("write");
    let harness = studio_with_track(&track);
    harness.get_by_label("Diagnostics: 1 error(s), 0 warning(s)");
    harness.get_by_label_contains("error[no-forward-link]: space 3.2 has no forward link");
}

#[test]
fn the_studio_opens_a_single_content_file() {
    let mut harness = studio(&common::repo("content/race_deck.ron"));
    harness.get_by_label("Diagnostics: 0 error(s), 0 warning(s)");
    harness.get_by_label("race_deck.ron (race_deck)").click();
    harness.run();
    harness.get_by_label("Total: 96 cards");
    let missing = studio(&common::repo("content/no_such_file.ron"));
    missing.get_by_label_contains("no_such_file.ron: error[io]: does not exist");
}

/// A project is a folder with `content/` and `tracks/`. Opening one track file of it opens the
/// whole project, that track shown: the content pack is checked with it and every other track
/// is listed (opening the file alone used to lose both). The project folder opens the same way.
#[test]
fn opening_one_track_opens_its_project_with_every_track() {
    let project = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("content"), &project.path().join("content"));
    fs::create_dir(project.path().join("tracks")).expect("tracks folder");
    for name in ["oval.ron", "figure-eight.ron"] {
        fs::copy(
            common::repo(&format!("tracks/{name}")),
            project.path().join("tracks").join(name),
        )
        .expect("copy a track");
    }
    let opened = project.path().join("tracks/figure-eight.ron");
    let harness = studio(&opened);
    let workspace = harness.state().workspace();
    let listed = |name: &str| {
        workspace
            .documents
            .iter()
            .any(|d| d.path.as_deref().and_then(|p| p.file_name()) == Some(name.as_ref()))
    };
    for name in [
        "race_deck.ron",
        "team_mats.ron",
        "oval.ron",
        "figure-eight.ron",
    ] {
        assert!(listed(name), "{name} is listed");
    }
    assert!(workspace.is_folder, "the pack is checked as a pack");
    let shown = harness.state().shown().expect("a document is shown");
    assert_eq!(
        workspace.documents[shown.0].path.as_deref(),
        Some(opened.as_path()),
        "the track opened is shown"
    );
    harness.get_by_label("Diagnostics: 0 error(s), 0 warning(s)");

    let folder = studio(project.path());
    assert_eq!(
        folder.state().workspace().documents.len(),
        workspace.documents.len(),
        "the project folder opens the same documents"
    );
    assert_eq!(
        folder.state().shown(),
        None,
        "a folder opens on its summary"
    );
}

#[test]
fn an_unreadable_content_folder_is_reported_even_with_a_track_beside_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("no-such-pack");
    let harness = harness(StudioApp::open_with(
        &missing,
        &[common::repo("tracks/oval.ron")],
    ));
    // The folder's own error, and nothing else: not five "missing file" lines burying it.
    harness.get_by_label("Diagnostics: 1 error(s), 0 warning(s)");
    harness.get_by_label_contains("no-such-pack: error[io]");
}

/// Help > Keyboard shortcuts lists every shortcut, the canvas tools' keys included; F1 shows
/// and hides the same list.
#[test]
fn the_help_menu_lists_the_keyboard_shortcuts() {
    let mut harness = studio(&common::repo("content"));
    assert!(harness.query_by_label("Keyboard shortcuts").is_none());
    harness.get_by_label("Help").click();
    harness.run();
    harness.get_by_label_contains("Keyboard shortcuts").click();
    harness.run();
    for what in [
        "Save the document shown",
        "Undo",
        "Redo",
        "Fit the track to the window",
        "Crossover tool",
        "Grid tool",
    ] {
        assert!(
            harness.query_by_label_contains(what).is_some(),
            "{what} is listed"
        );
    }
    assert!(
        harness.query_by_label("X (editor)").is_some(),
        "the crossover tool's key"
    );
    harness.key_press(egui::Key::F1);
    harness.run();
    assert!(
        harness.query_by_label_contains("Crossover tool").is_none(),
        "F1 hides it"
    );
    harness.key_press(egui::Key::F1);
    harness.run();
    assert!(
        harness.query_by_label_contains("Crossover tool").is_some(),
        "F1 shows it"
    );
}

/// A long diagnostic wraps inside the window at 1280x800 rather than running off its edge.
#[test]
fn a_long_diagnostic_wraps_inside_the_window() {
    use roadwright::gui::StudioCommand;
    let (pack, _) = common::studio::workspace_copy();
    let mut harness = common::studio::open_file_at_1280(pack.path(), "oval.ron (track)");
    harness.state_mut().apply(StudioCommand::Act(
        roadwright::gui::action::Action::NewTrack,
    ));
    common::studio::settle(&mut harness);
    common::studio::lay_a_straight(&mut harness);
    let long = harness
        .state()
        .diagnostics()
        .iter()
        .find(|d| d.code == "lap-not-closed")
        .expect("an open lap")
        .finding();
    // The panel names a track not saved as the files panel does.
    let long = format!("untitled track 1 (not saved): {long}");
    assert!(long.len() > 200, "a long message: {long}");
    let shown = harness.get_by_label(&long).rect();
    assert!(shown.right() <= 1280.0, "inside the window: {shown:?}");
    assert!(shown.height() > 20.0, "on more than one line: {shown:?}");
}

/// A search bot's profile says its budget in words, and that it counts its rivals' progress
/// against it when the profile says so (the quick searcher's `rivals_progress: 1.0`).
#[test]
fn a_search_bots_profile_says_its_budget_and_its_rivals_progress() {
    let (pack, _) = common::studio::workspace_copy();
    let harness = common::studio::open_file(pack.path(), "bots/quick-searcher.ron (bot_profile)");
    harness.get_by_label_contains("each played out 4 times for 3 activations");
    harness.get_by_label_contains("its rivals' progress counts against it, 1 times as much");
}

/// A restricted profile says what it never does; an unrestricted one says nothing of it.
#[test]
fn a_restricted_profile_says_what_it_never_does() {
    let (pack, _) = common::studio::workspace_copy();
    let bots = pack.path().join("bots");
    let planner = std::fs::read_to_string(bots.join("planner.ron")).expect("planner");
    std::fs::write(
        bots.join("careful.ron"),
        planner
            .replace("id: \"planner\"", "id: \"careful\"")
            .replace(
                "    strategy:",
                "    restrict: [NoFire, NoRam],\n    strategy:",
            ),
    )
    .expect("write");
    let harness = common::studio::open_file(pack.path(), "bots/careful.ron (bot_profile)");
    harness.get_by_label("Restricted: it never fires, never rams (restrict).");
    let harness = common::studio::open_file(pack.path(), "bots/planner.ron (bot_profile)");
    assert!(harness.query_by_label_contains("Restricted:").is_none());
}
