//! Driving the studio headless with `egui_kittest`: starting it, letting validation catch up,
//! and the clicks several studio test files share.

use std::fs;
use std::path::{Path, PathBuf};

use egui::epaint::Shape;
use egui::{Color32, Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use roadwright::content::Document;
use roadwright::content::track::{SpaceRef, Track};
use roadwright::gui::action::Action;
use roadwright::gui::{StudioApp, StudioCommand};

use super::{copy_of_standard_pack, repo};

/// The studio without its background check by play: a test that is not about the check must
/// not start hundreds of races behind its back (the check's own tests turn it on).
pub fn quiet(mut app: StudioApp) -> StudioApp {
    if app.prefs().play_races > 0 {
        app.apply(StudioCommand::Act(Action::TogglePlayCheck));
    }
    app
}

pub fn start(app: StudioApp) -> Harness<'static, StudioApp> {
    start_sized(app, [1400.0, 900.0])
}

/// [`start`] in a window of `size` points (the studio opens at 1280 x 800).
pub fn start_sized(app: StudioApp, size: [f32; 2]) -> Harness<'static, StudioApp> {
    let mut harness = Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, app: &mut StudioApp| app.ui(ui), quiet(app));
    settle(&mut harness);
    harness
}

/// Presses Tune on the Tune screen, waits for the run to end and gives its report (the run
/// said no error).
pub fn tune_to_the_end(
    harness: &mut Harness<'static, StudioApp>,
) -> roadwright::sim::tune::run::Report {
    harness.get_by_label("Tune").click();
    harness.run();
    harness
        .state_mut()
        .screen_mut::<roadwright::gui::tune::TuneScreen>()
        .expect("the Tune screen")
        .wait();
    settle(harness);
    let screen = harness
        .state()
        .screen::<roadwright::gui::tune::TuneScreen>()
        .expect("the Tune screen");
    assert_eq!(screen.error(), None);
    screen.report().expect("a report").0.clone()
}

/// Runs frames and waits for live validation to catch up.
pub fn settle(harness: &mut Harness<'static, StudioApp>) {
    // Two frames apply what was clicked and send it to validation; then wait for the result so
    // the spinner stops, and let the window settle.
    harness.run_steps(2);
    harness.state_mut().wait_for_validation();
    harness.state_mut().wait_for_background();
    harness.run();
}

/// A temporary copy of the standard pack with the sample oval beside it.
pub fn workspace_copy() -> (tempfile::TempDir, PathBuf) {
    let pack = copy_of_standard_pack();
    let track = pack.path().join("oval.ron");
    fs::copy(repo("tracks/oval.ron"), &track).expect("copy oval");
    (pack, track)
}

pub fn open_track(pack: &Path) -> Harness<'static, StudioApp> {
    let mut harness = start(StudioApp::open(pack));
    harness.get_by_label("oval.ron (track)").click();
    settle(&mut harness);
    harness
}

/// Opens the oval with its lap opened (the last sector's links into sector 0 taken out), so
/// that stretches can be laid at its end: a closed lap takes none (its end is the finish).
pub fn open_track_to_extend(pack: &Path) -> Harness<'static, StudioApp> {
    open_the_ovals_lap(pack);
    open_track(pack)
}

/// Takes the links of the oval's last sector into sector 0 out of its file in `pack`.
pub fn open_the_ovals_lap(pack: &Path) {
    let path = pack.join("oval.ron");
    let text = fs::read_to_string(&path).expect("the oval");
    let Ok(Document::Track(mut track)) = Document::parse(
        &roadwright::content::SourceFile::from_text(&path, text, roadwright::content::Format::Ron),
    ) else {
        panic!("a track");
    };
    for space in &mut track.sectors.last_mut().expect("sectors").spaces {
        space.next.retain(|to| to.sector != 0);
    }
    assert!(!track.lap_is_closed());
    let text = Document::Track(track)
        .to_text(roadwright::content::Format::Ron)
        .expect("writes");
    fs::write(&path, text).expect("write the oval");
}

pub fn shown_track(harness: &Harness<'static, StudioApp>) -> Track {
    let index = harness.state().shown().expect("a document is shown");
    match &harness.state().workspace().documents[index].document {
        Document::Track(track) => track.clone(),
        other => panic!("not a track: {:?}", other.kind()),
    }
}

pub fn click_space(harness: &mut Harness<'static, StudioApp>, at: SpaceRef) {
    let track = shown_track(harness);
    let index = harness.state().shown().expect("shown");
    let position = harness
        .state()
        .canvas(index)
        .and_then(|canvas| canvas.screen_position(&track, at))
        .expect("space on screen");
    harness.hover_at(position);
    harness.run();
    harness.drag_at(position);
    harness.drop_at(position);
    settle(harness);
}

/// Picks the stretch tool and lays its default stretch (five straight sectors).
pub fn lay_a_straight(harness: &mut Harness<'static, StudioApp>) {
    harness.get_by_label("Stretch").click();
    harness.run();
    harness.get_by_label("Lay stretch").click();
    settle(harness);
}

/// Picks a kind of stretch (its button's name, "Corner") in the stretch tool and lays it.
pub fn lay_a(harness: &mut Harness<'static, StudioApp>, kind: &str) {
    harness.get_by_label(kind).click();
    harness.run();
    harness.get_by_label("Lay stretch").click();
    settle(harness);
}

pub fn menu(harness: &mut Harness<'static, StudioApp>, menu: &str, item: &str) {
    harness.get_by_label(menu).click();
    harness.run();
    harness.get_by_label_contains(item).click();
    settle(harness);
}

/// The document the studio shows.
pub fn shown_document(harness: &Harness<'static, StudioApp>) -> Document {
    let index = harness.state().shown().expect("a document is shown");
    harness.state().workspace().documents[index]
        .document
        .clone()
}

/// Opens the standard pack's file with this sidebar label.
pub fn open_file(pack: &Path, label: &str) -> Harness<'static, StudioApp> {
    let mut harness = start(StudioApp::open(pack));
    harness.get_by_label(label).click();
    settle(&mut harness);
    harness
}

/// Opens the standard pack's file with this sidebar label in a 1280x800 window, the smallest
/// the studio is made for.
pub fn open_file_at_1280(pack: &Path, label: &str) -> Harness<'static, StudioApp> {
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(
            |ui, app: &mut StudioApp| app.ui(ui),
            quiet(StudioApp::open(pack)),
        );
    settle(&mut harness);
    harness.get_by_label(label).click();
    settle(&mut harness);
    harness
}

/// Starts the studio as eframe shows it: [`StudioApp::window_ui`], with the window's title and
/// close handling.
pub fn start_window(app: StudioApp) -> Harness<'static, StudioApp> {
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(|ui, app: &mut StudioApp| app.window_ui(ui), app);
    settle(&mut harness);
    harness
}

/// Fails, listing them, when the studio's diagnostics hold an error.
pub fn assert_no_errors(harness: &Harness<'static, StudioApp>) {
    let diagnostics = harness.state().diagnostics();
    assert!(
        !diagnostics
            .iter()
            .any(roadwright::validate::Diagnostic::is_error),
        "{diagnostics:?}"
    );
}

/// Clicks at a screen point with Shift held (the frames run by the caller's `settle`).
pub fn shift_click(harness: &mut Harness<'static, StudioApp>, at: Pos2) {
    harness.hover_at(at);
    harness.run();
    for pressed in [true, false] {
        harness.event_modifiers(
            Event::PointerButton {
                pos: at,
                button: PointerButton::Primary,
                pressed,
                modifiers: Modifiers::SHIFT,
            },
            Modifiers::SHIFT,
        );
    }
}

/// Every shape the last frame painted, with nested lists opened.
pub fn painted(harness: &Harness<'static, StudioApp>) -> Vec<Shape> {
    fn open(shape: &Shape, into: &mut Vec<Shape>) {
        if let Shape::Vec(shapes) = shape {
            for shape in shapes {
                open(shape, into);
            }
        } else {
            into.push(shape.clone());
        }
    }
    let mut shapes = Vec::new();
    for clipped in &harness.output().shapes {
        open(&clipped.shape, &mut shapes);
    }
    shapes
}

/// How many filled polygons of a colour the last frame painted.
pub fn polygons_of(harness: &Harness<'static, StudioApp>, fill: Color32) -> usize {
    painted(harness)
        .iter()
        .filter(|shape| matches!(shape, Shape::Path(path) if path.closed && path.fill == fill))
        .count()
}
