//! One frame of the studio's track canvas with a 2,000-space track: laying out and painting
//! every space (with links and grid numbers at a close zoom, without at a fitted zoom), then
//! tessellating the shapes, which is the CPU work a frame costs before the GPU sees it. And one
//! frame of the race screen with 40 cars on the oval.
//!
//! Run with `cargo bench --bench canvas`; the README records the figures.

use std::collections::BTreeSet;

use egui::{CentralPanel, Context, RawInput, Rect, pos2, vec2};
use roadwright::gui::canvas::TrackCanvas;
use roadwright::gui::race::{RaceCommand, RaceScreen};
use roadwright::rules::RaceSetup;
use roadwright::sim::load_race;
use roadwright::sim::profiles::profiles_in;
use roadwright::sim::record::RecordFiles;
use roadwright::sim::session::{Run, RunUntil, SeatControl, TestRace};
use roadwright::stretch::samples::generated_oval;

fn main() {
    divan::main();
}

fn input() -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(pos2(0.0, 0.0), vec2(1600.0, 1000.0))),
        ..RawInput::default()
    }
}

fn frame(bencher: divan::Bencher, zoom: Option<f32>) {
    let track = generated_oval(2_000).expect("the generated oval builds");
    assert!(track.spaces().count() >= 2_000, "a 2,000-space track");
    let ctx = Context::default();
    let mut canvas = TrackCanvas::default();
    canvas.frame(&track, &[]);
    let problems = BTreeSet::new();
    let draw = |canvas: &mut TrackCanvas| {
        let output = ctx.run_ui(input(), |ui| {
            CentralPanel::default().show(ui, |ui| {
                let mut edits = Vec::new();
                canvas.ui(ui, &track, &problems, &mut edits);
            });
        });
        ctx.tessellate(output.shapes, output.pixels_per_point)
    };
    // The first frame fits the track to the canvas.
    draw(&mut canvas);
    if let Some(zoom) = zoom {
        canvas.view.zoom = zoom;
    }
    bencher.bench_local(|| divan::black_box(draw(&mut canvas)));
}

/// The whole 2,000-space track fitted to a 1600×1000 window.
#[divan::bench(sample_count = 30)]
fn frame_2000_spaces_fitted(bencher: divan::Bencher) {
    frame(bencher, None);
}

/// Zoomed in (40 px per space) so links, arrows and grid numbers are drawn.
#[divan::bench(sample_count = 30)]
fn frame_2000_spaces_close_up(bencher: divan::Bencher) {
    frame(bencher, Some(40.0));
}

/// The race screen in the middle of a ten-player race on the oval (40 cars, a few hundred log
/// lines): track, counters, players, hand and report, laid out and tessellated.
#[divan::bench(sample_count = 30)]
fn race_view_40_cars_on_the_oval(bencher: divan::Bencher) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let content = root.join("content");
    let track_file = root.join("tracks/oval.ron");
    let loaded = load_race(&content, &track_file, "standard").expect("the oval loads");
    let setup = RaceSetup::first_teams(&loaded.rules.content, 10, 7);
    let random = profiles_in(&content).remove("random").expect("random bot");
    let mut race = TestRace::new(
        loaded,
        RecordFiles::default(),
        setup,
        vec![SeatControl::Bot(random); 10],
    )
    .expect("starts");
    race.play_bots(&Run::from(race.race(), RunUntil::End), 150, None);
    assert_eq!(
        race.race()
            .cars()
            .iter()
            .filter(|c| c.place.in_race())
            .count(),
        40,
        "40 cars in the race"
    );
    let roadwright::content::Document::Track(track) =
        roadwright::content::Document::load(&track_file)
            .expect("loads")
            .document
    else {
        unreachable!("the oval is a track");
    };
    let mut screen = RaceScreen::live(race, track, Vec::new());
    screen.apply(RaceCommand::Pause);
    let ctx = Context::default();
    let mut draw = || {
        let output = ctx.run_ui(input(), |ui| {
            CentralPanel::default().show(ui, |ui| {
                screen.ui(ui);
            });
        });
        ctx.tessellate(output.shapes, output.pixels_per_point)
    };
    draw();
    bencher.bench_local(|| divan::black_box(draw()));
}
