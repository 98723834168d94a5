//! One frame of the studio's track canvas with a 2,000-space track: laying out and painting
//! every space (with links and grid numbers at a close zoom, without at a fitted zoom), then
//! tessellating the shapes, which is the CPU work a frame costs before the GPU sees it.
//!
//! Run with `cargo bench --bench canvas`; the README records the figures.

use std::collections::BTreeSet;

use egui::{CentralPanel, Context, RawInput, Rect, pos2, vec2};
use roadwright::gui::canvas::TrackCanvas;
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
