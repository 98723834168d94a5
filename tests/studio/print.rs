//! File > Print to PDF… and Export decks and track for Tabletop Simulator…: the window offers the
//! track shown or the content, its file dialog suggests a name, and the file is written off the
//! frame thread from the documents as edited.

use crate::common;

use common::studio::{menu, open_file, settle, workspace_copy};
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use roadwright::gui::file_picker::Picker;
use roadwright::gui::print_dialog::{PrintKind, PrintWhat};
use roadwright::gui::{StudioApp, StudioCommand};

/// Gives the print window's file dialog the answer `target`, as a person would, and waits for
/// the writing to end; what the window says.
fn print_to(
    harness: &mut egui_kittest::Harness<'static, StudioApp>,
    target: &std::path::Path,
) -> String {
    harness
        .state_mut()
        .apply(StudioCommand::PrintTo(target.to_path_buf()));
    harness
        .state_mut()
        .print_dialog_mut()
        .expect("the window")
        .wait()
        .expect("the writing ends")
}

#[test]
fn print_to_pdf_writes_the_track_shown_in_the_background() {
    let (pack, _) = workspace_copy();
    // egui_file's text fields carry no accessible name (see editing.rs): the in-window file
    // dialog opens here, with no desktop portal.
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1400.0, 900.0])
        .with_accessibility_check(false)
        .build_ui_state(
            |ui, app: &mut StudioApp| app.ui(ui),
            common::studio::quiet(StudioApp::open(pack.path())),
        );
    settle(&mut harness);
    harness.get_by_label("oval.ron (track)").click();
    settle(&mut harness);
    menu(&mut harness, "File", "Print to PDF");
    let dialog = harness.state_mut().print_dialog_mut().expect("the window");
    assert_eq!(dialog.kind, PrintKind::Pdf);
    assert!(
        matches!(dialog.what, PrintWhat::Track(_)),
        "the track shown"
    );
    harness.get_by_label("Choose the PDF file…").click();
    settle(&mut harness);
    let (picker, _) = harness.state().file_dialog().expect("a file dialog");
    let Picker::PrintPdf {
        suggested: Some(suggested),
    } = picker
    else {
        panic!("a PDF to save, with a name: {picker:?}");
    };
    // Named after the track, and free (oval.pdf, or oval-2.pdf when that is taken).
    let name = suggested
        .file_name()
        .and_then(|n| n.to_str())
        .expect("a name");
    assert!(name.starts_with("oval"), "{name}");
    assert_eq!(suggested.extension().and_then(|e| e.to_str()), Some("pdf"));
    assert!(!suggested.exists(), "{} is free", suggested.display());
    // The file dialog's answer, as a person would give it.
    let out = tempfile::tempdir().expect("temp dir");
    let pdf = out.path().join("oval.pdf");
    harness
        .state_mut()
        .apply(StudioCommand::PrintTo(pdf.clone()));
    let dialog = harness.state_mut().print_dialog_mut().expect("the window");
    assert!(dialog.is_writing(), "written off the frame thread");
    let said = dialog.wait().expect("the writing ends");
    assert!(said.contains("an overview and 8 pages"), "{said}");
    let bytes = std::fs::read(&pdf).expect("the PDF");
    assert!(bytes.starts_with(b"%PDF"), "a PDF");
    settle(&mut harness);
    harness.get_by_label_contains("an overview and 8 pages");
}

#[test]
fn the_content_exports_for_tabletop_simulator_as_edited() {
    let (pack, _) = workspace_copy();
    // An edit not saved: the first race card from 4 copies to 50 takes the race deck from 96
    // cards (two sheets of 69) to 142 (three).
    let mut harness = open_file(pack.path(), "race_deck.ron (race_deck)");
    let saved = std::fs::read_to_string(pack.path().join("race_deck.ron")).expect("deck");
    harness
        .get_all_by_role_and_label(Role::SpinButton, "count")
        .next()
        .expect("the first card's count")
        .set_value_accesskit(50.0);
    settle(&mut harness);
    menu(
        &mut harness,
        "File",
        "Export decks and track for Tabletop Simulator",
    );
    harness
        .get_by_label("the content: cards, team mats and counters")
        .click();
    settle(&mut harness);
    let dialog = harness.state_mut().print_dialog_mut().expect("the window");
    assert_eq!(dialog.what, PrintWhat::Pack);
    let out = tempfile::tempdir().expect("temp dir");
    let folder = out.path().join("tts");
    let said = print_to(&mut harness, &folder);
    assert!(said.contains("5 deck sheets"), "{said}");
    for file in [
        "race-deck-1.png",
        "race-deck-2.png",
        "race-deck-3.png",
        "combat-deck-1.png",
        "README-decks.txt",
    ] {
        assert!(folder.join(file).is_file(), "{file}");
    }
    let readme = std::fs::read_to_string(folder.join("README-decks.txt")).expect("readme");
    assert!(readme.contains("race-deck-3.png"), "{readme}");
    // The edit reached the export, not the file.
    assert_eq!(
        std::fs::read_to_string(pack.path().join("race_deck.ron")).expect("deck"),
        saved
    );
}

/// A rolling road shown in the studio is printed as `roadwright print` prints it: its tiles,
/// each on its own with its overview, not the one road a seed draws.
#[test]
fn print_to_pdf_of_a_rolling_road_shown_writes_its_tiles_each_on_its_own() {
    let project = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("samples/devils-run"), project.path());
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1400.0, 900.0])
        .with_accessibility_check(false)
        .build_ui_state(
            |ui, app: &mut StudioApp| app.ui(ui),
            common::studio::quiet(StudioApp::open(project.path())),
        );
    settle(&mut harness);
    let course = harness
        .state()
        .workspace()
        .find(|d| matches!(d, roadwright::content::Document::Course(_)))
        .expect("the course is open");
    harness.state_mut().apply(StudioCommand::Show(Some(course)));
    settle(&mut harness);
    menu(&mut harness, "File", "Print to PDF");
    let dialog = harness.state_mut().print_dialog_mut().expect("the window");
    assert_eq!(dialog.what, PrintWhat::Course(course), "the course shown");
    harness.get_by_label_contains("the tiles of the rolling road");
    let out = tempfile::tempdir().expect("temp dir");
    let pdf = out.path().join("road.pdf");
    let said = print_to(&mut harness, &pdf);
    assert!(said.contains("8 tiles of the rolling road"), "{said}");
    assert!(std::fs::read(&pdf).expect("the PDF").starts_with(b"%PDF"));
}
