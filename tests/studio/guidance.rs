//! Guidance in the window: Getting started at a first start and when nothing is shown, its
//! buttons doing what they say, and the meaning of each diagnostic code in Help and beside
//! each diagnostic.

use crate::common;

use common::studio::{menu, settle, start, workspace_copy};
use egui_kittest::kittest::Queryable;
use roadwright::content::Document;
use roadwright::gui::screen::ScreenKind;
use roadwright::gui::{Prefs, StudioApp};

/// A first start on a track opens Getting started over it; its "Draw a new track" starts one and
/// steps aside; Help reopens it; unticking "Show at start" is remembered, and then the next
/// start does not open it.
#[test]
fn getting_started_opens_at_a_first_start_and_its_buttons_act() {
    let (_pack, path) = workspace_copy();
    let mut harness = start(StudioApp::with_prefs(&path, &[], Prefs::default()).welcomed());
    assert!(harness.state().getting_started_open());
    harness.get_by_label("Show at start");
    harness.get_by_label("Draw a new track").click();
    settle(&mut harness);
    assert!(!harness.state().getting_started_open(), "stepped aside");
    let shown = harness.state().shown().expect("a document is shown");
    let Document::Track(track) = &harness.state().workspace().documents[shown].document else {
        panic!("a track is shown");
    };
    assert!(track.sectors.is_empty(), "a new, empty track");

    menu(&mut harness, "Help", "Getting started");
    assert!(harness.state().getting_started_open());
    harness.get_by_label("Show at start").click();
    harness.run();
    assert!(!harness.state().prefs().show_getting_started);
    harness.get_by_label("Close").click();
    harness.run();
    assert!(!harness.state().getting_started_open());
    assert!(harness.query_by_label("Show at start").is_none());

    let prefs = harness.state().prefs().clone();
    let again = StudioApp::with_prefs(&path, &[], prefs).welcomed();
    assert!(!again.getting_started_open(), "not at the next start");
}

/// With nothing shown, the centre says what to do, and its buttons act: "Run a simulation…" opens
/// the simulation screen.
#[test]
fn with_nothing_shown_the_centre_says_what_to_do() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    assert!(harness.state().shown().is_none());
    for step in [
        "Open a track…",
        "Draw a new track",
        "Race it…",
        "Run a simulation…",
    ] {
        harness.get_by_label(step);
    }
    harness.get_by_label("Run a simulation…").click();
    settle(&mut harness);
    assert_eq!(harness.state().shown_screen(), ScreenKind::Simulation);
}

/// Help > Diagnostic codes lists every code with its meaning and finds codes by a word.
#[test]
fn help_lists_each_diagnostic_code_with_its_meaning() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "Help", "Diagnostic codes");
    for entry in roadwright::validate::code_book::CODE_BOOK {
        harness.get_by_label(entry.code);
        harness.get_by_label(entry.meaning);
    }
    let field = harness.get_by_role_and_label(egui::accesskit::Role::TextInput, "Find:");
    field.focus();
    field.type_text("crossover");
    harness.run();
    assert!(harness.query_by_label("crossover-apart").is_some());
    assert!(harness.query_by_label("deck-too-small").is_none());
}

/// Hovering a diagnostic says what its code means.
#[test]
fn hovering_a_diagnostic_says_what_its_code_means() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "File", "New track");
    let diagnostic = harness
        .state()
        .diagnostics()
        .iter()
        .find(|d| d.code == "track-empty")
        .expect("a new track is empty")
        .finding();
    // The panel names a track not saved as the files panel does.
    let diagnostic = format!("untitled track 1 (not saved): {diagnostic}");
    harness.get_by_label(&diagnostic).hover();
    harness.run();
    let meaning = roadwright::validate::code_book::meaning("track-empty")
        .expect("known")
        .meaning;
    assert!(
        harness.query_by_label_contains(meaning).is_some(),
        "the tooltip says: {meaning}"
    );
}

/// A diagnostic about a file that is not open (a content file that does not parse) has
/// nothing to show: its hover does not invite a click, and says why.
#[test]
fn a_diagnostic_with_nothing_to_show_does_not_offer_a_click() {
    let (pack, _) = workspace_copy();
    std::fs::write(
        pack.path().join("bots/broken.ron"),
        "(kind: BotProfile, version: ",
    )
    .expect("write");
    let mut harness = start(StudioApp::open(pack.path()));
    let line = harness
        .state()
        .diagnostics()
        .iter()
        .find(|d| d.code == "parse")
        .expect("the broken file is reported")
        .to_string();
    harness.get_by_label(&line).hover();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("Click to show it")
            .is_none()
    );
    harness.get_by_label_contains("It is about no file open here");
}
