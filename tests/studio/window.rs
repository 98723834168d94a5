//! The studio's window as eframe runs it, driven headless: the title bar's close button over
//! unsaved work, the autosave timer, recovery of never-saved tracks, and the preferences kept
//! in eframe's storage.

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use common::studio::{
    lay_a_straight, menu, open_the_ovals_lap, open_track_to_extend, settle, shown_track, start,
    start_window, workspace_copy,
};
use egui::{ViewportCommand, ViewportEvent, ViewportId};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use roadwright::content::Document;
use roadwright::content::track::Track;
use roadwright::gui::{StudioApp, StudioCommand};

fn commands(harness: &Harness<'static, StudioApp>) -> Vec<ViewportCommand> {
    harness
        .output()
        .viewport_output
        .get(&ViewportId::ROOT)
        .map(|viewport| viewport.commands.clone())
        .unwrap_or_default()
}

fn press_close_button(harness: &mut Harness<'static, StudioApp>) {
    harness
        .input_mut()
        .viewports
        .entry(ViewportId::ROOT)
        .or_default()
        .events
        .push(ViewportEvent::Close);
    harness.step();
}

#[test]
fn the_close_button_over_unsaved_work_is_held_back_and_asks_first() {
    let (pack, _) = workspace_copy();
    open_the_ovals_lap(pack.path());
    let mut harness = start_window(StudioApp::open(pack.path()));
    harness.get_by_label("oval.ron (track)").click();
    settle(&mut harness);

    // Nothing unsaved: the window may close.
    press_close_button(&mut harness);
    assert!(!commands(&harness).contains(&ViewportCommand::CancelClose));
    assert!(!harness.state().is_asking());

    lay_a_straight(&mut harness);
    press_close_button(&mut harness);
    assert!(
        commands(&harness).contains(&ViewportCommand::CancelClose),
        "{:?}",
        commands(&harness)
    );
    settle(&mut harness);
    assert!(harness.state().is_asking());
    harness.get_by_label("Cancel").click();
    settle(&mut harness);
    assert!(!harness.state().quit_requested());
    assert!(!commands(&harness).contains(&ViewportCommand::Close));

    press_close_button(&mut harness);
    settle(&mut harness);
    harness.get_by_label("Discard changes").click();
    harness.step();
    assert!(harness.state().quit_requested());
    assert!(commands(&harness).contains(&ViewportCommand::Close));
}

#[test]
fn the_window_title_names_the_folder_and_marks_unsaved_work() {
    let (pack, _) = workspace_copy();
    open_the_ovals_lap(pack.path());
    let mut harness = start_window(StudioApp::open(pack.path()));
    harness.get_by_label("oval.ron (track)").click();
    settle(&mut harness);
    let clean = harness.state().title();
    assert!(!clean.ends_with('*'), "{clean}");
    harness.get_by_label("Stretch").click();
    harness.run();
    harness.get_by_label("Lay stretch").click();
    harness.step();
    let title = harness.state().title();
    assert!(title.ends_with('*'), "{title}");
    assert!(
        commands(&harness).contains(&ViewportCommand::Title(title)),
        "the window's title follows in the frame of the edit"
    );
}

fn recovery_copy(track: &Path) -> PathBuf {
    track.with_file_name(".oval.ron.recovery")
}

/// The oval opened and, at 100 s on egui's clock, a stretch laid: unsaved work the autosave
/// timer is counting for.
fn edited_at_100_s(pack: &Path) -> Harness<'static, StudioApp> {
    let mut harness = open_track_to_extend(pack);
    harness.input_mut().time = Some(100.0);
    harness.step();
    lay_a_straight(&mut harness);
    harness
}

#[test]
fn unsaved_work_is_autosaved_when_the_interval_passes() {
    let (pack, track_path) = workspace_copy();
    let mut harness = edited_at_100_s(pack.path());
    harness.input_mut().time = Some(129.0);
    harness.step();
    assert!(
        !recovery_copy(&track_path).exists(),
        "29 s in: not yet (the interval is {} s)",
        harness.state().prefs().autosave_seconds
    );
    harness.input_mut().time = Some(131.0);
    harness.step();
    let copy: Track =
        ron::from_str(&fs::read_to_string(recovery_copy(&track_path)).expect("copy")).expect("ron");
    assert_eq!(copy, shown_track(&harness));
    assert_eq!(copy.sectors.len(), 45);
}

/// Work discarded on quit is not saved again by the autosave timer in the frames before the
/// window closes, so the next start offers nothing back.
#[test]
fn discarded_work_leaves_no_recovery_copy_even_if_the_timer_fires_while_closing() {
    let (pack, track_path) = workspace_copy();
    let mut harness = edited_at_100_s(pack.path());
    harness.input_mut().time = Some(131.0);
    harness.step();
    assert!(recovery_copy(&track_path).exists(), "autosaved");
    menu(&mut harness, "File", "Quit");
    harness.get_by_label("Discard changes").click();
    harness.step();
    assert!(!recovery_copy(&track_path).exists(), "discarded");
    // The window takes a frame or two to close; the timer must not bring the copy back.
    harness.input_mut().time = Some(200.0);
    harness.step();
    assert!(
        !recovery_copy(&track_path).exists(),
        "the timer wrote the discarded work again"
    );
    let next = start(StudioApp::open(pack.path()));
    assert!(
        next.query_by_label("Recover").is_none(),
        "nothing offered back"
    );
}

/// The autosave timer wakes the studio itself: with unsaved work and no input, the frame asks
/// to be repainted by the time the next autosave is due.
#[test]
fn the_autosave_timer_wakes_the_window_without_input() {
    let (pack, _) = workspace_copy();
    let mut harness = edited_at_100_s(pack.path());
    harness.input_mut().time = Some(105.0);
    harness.step();
    let delay = harness
        .output()
        .viewport_output
        .get(&ViewportId::ROOT)
        .map(|viewport| viewport.repaint_delay)
        .expect("the root viewport");
    let interval = f64::from(harness.state().prefs().autosave_seconds);
    assert!(
        delay.as_secs_f64() <= interval - 5.0 + 0.5,
        "repaint asked for in {delay:?}, the autosave is due in {} s",
        interval - 5.0
    );
}

/// A status message (here "Saved ...") goes after a few seconds, so an old one never reads as
/// news; a new message shows again.
#[test]
fn status_messages_expire() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track_to_extend(pack.path());
    harness.input_mut().time = Some(10.0);
    lay_a_straight(&mut harness);
    harness
        .state_mut()
        .apply(StudioCommand::Act(roadwright::gui::action::Action::Save));
    harness.step();
    assert!(harness.query_by_label("Saved oval.ron").is_some());
    harness.input_mut().time = Some(15.0);
    harness.step();
    assert!(harness.query_by_label("Saved oval.ron").is_some(), "5 s on");
    harness.input_mut().time = Some(19.0);
    harness.step();
    harness.step();
    assert!(harness.query_by_label("Saved oval.ron").is_none(), "9 s on");
    lay_a_straight(&mut harness);
    harness
        .state_mut()
        .apply(StudioCommand::Act(roadwright::gui::action::Action::Save));
    harness.step();
    assert!(
        harness.query_by_label("Saved oval.ron").is_some(),
        "a new save"
    );
}

fn untitled_tracks(harness: &Harness<'static, StudioApp>) -> Vec<Track> {
    harness
        .state()
        .workspace()
        .documents
        .iter()
        .filter(|d| d.path.is_none())
        .filter_map(|d| match &d.document {
            Document::Track(track) => Some(track.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn two_new_tracks_are_each_recovered_after_a_crash() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "File", "New track");
    harness.get_by_label("Lay stretch").click();
    settle(&mut harness);
    menu(&mut harness, "File", "New track");
    harness.get_by_label("Lay stretch").click();
    settle(&mut harness);
    harness.get_by_label("Lay stretch").click();
    settle(&mut harness);
    let made = untitled_tracks(&harness);
    assert_eq!(
        made.iter().map(|t| t.sectors.len()).collect::<Vec<_>>(),
        [5, 10]
    );
    harness.state_mut().autosave_now();
    drop(harness);

    let mut harness = start(StudioApp::open(pack.path()));
    assert_eq!(
        harness
            .query_all_by_label_contains("Unsaved work on a new track")
            .count(),
        2
    );
    harness
        .get_all_by_label("Recover")
        .next()
        .expect("first")
        .click();
    settle(&mut harness);
    harness.get_by_label("Recover").click();
    settle(&mut harness);
    assert_eq!(
        untitled_tracks(&harness),
        made,
        "both tracks, neither overwritten"
    );

    // Saving one drops its copy only; the other is still offered after another crash.
    let saved_to = pack.path().join("first.ron");
    let workspace = harness.state().workspace();
    let first = workspace
        .ids()
        .find(|&id| workspace.documents[id].path.is_none())
        .expect("untitled");
    harness.state_mut().apply(StudioCommand::Show(Some(first)));
    harness
        .state_mut()
        .apply(StudioCommand::SaveAs(saved_to.clone()));
    settle(&mut harness);
    // Saved under another name than its id: keep the id.
    harness.get_by_label_contains("Keep `").click();
    settle(&mut harness);
    assert!(saved_to.exists());
    drop(harness);
    let harness = start(StudioApp::open(pack.path()));
    assert_eq!(
        harness
            .query_all_by_label_contains("Unsaved work on a new track")
            .count(),
        1
    );
}

/// eframe's storage, kept in memory.
#[derive(Default)]
struct Memory(BTreeMap<String, String>);

impl eframe::Storage for Memory {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }

    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }

    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }

    fn flush(&mut self) {}
}

#[test]
fn preferences_round_trip_through_eframes_storage_and_saving_keeps_a_recovery_copy() {
    let (pack, track_path) = workspace_copy();
    let mut harness = open_track_to_extend(pack.path());
    menu(&mut harness, "View", "Theme");
    harness.get_by_label("Light").click();
    settle(&mut harness);
    lay_a_straight(&mut harness);
    let mut storage = Memory::default();
    harness.state_mut().save_to(&mut storage);
    let prefs = harness.state().prefs().clone();
    assert_eq!(StudioApp::stored_prefs(Some(&storage)), prefs);
    assert_eq!(
        StudioApp::stored_prefs(None),
        roadwright::gui::Prefs::default(),
        "a first run starts from the defaults"
    );
    assert!(
        recovery_copy(&track_path).exists(),
        "eframe's save on exit also keeps unsaved work"
    );
    let reopened = StudioApp::with_prefs(pack.path(), &[], StudioApp::stored_prefs(Some(&storage)));
    assert_eq!(reopened.prefs(), &prefs);
}

#[test]
fn open_recent_reopens_an_earlier_folder_and_export_png_draws_the_shown_track() {
    let (first, _) = workspace_copy();
    let (second, _) = workspace_copy();
    let mut harness = start(StudioApp::open(first.path()));
    harness
        .state_mut()
        .apply(StudioCommand::Open(second.path().to_owned()));
    settle(&mut harness);
    let second_path = second.path().canonicalize().expect("second");
    let open_folder =
        |h: &Harness<'static, StudioApp>| h.state().workspace().path.canonicalize().expect("open");
    assert_eq!(open_folder(&harness), second_path);
    let first_path = first.path().canonicalize().expect("first");
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label("Open recent").click();
    harness.run();
    harness
        .get_by_label(&first_path.display().to_string())
        .click();
    settle(&mut harness);
    assert_eq!(open_folder(&harness), first_path);

    harness.get_by_label("oval.ron (track)").click();
    settle(&mut harness);
    let png = first.path().join("oval.png");
    harness.state_mut().apply(StudioCommand::Act(
        roadwright::gui::action::Action::ExportPng,
    ));
    harness.state_mut().answer_file_dialog(png.clone());
    settle(&mut harness);
    let picture = image::open(&png).expect("a PNG was written");
    assert_eq!(picture.width(), 2400);
    assert!(picture.height() > 0);
    harness.get_by_label_contains("Exported");
}
