//! Big tracks: parsing and validating a generated 10,000-space track, and rendering it.
//!
//! Run with `cargo bench --bench tracks`; the README records the figures.

use roadwright::content::{Document, Format, LoadedDocument, SourceFile};
use roadwright::stretch::samples::generated_oval;
use roadwright::validate::validate_document;

fn main() {
    divan::main();
}

fn ten_thousand_space_source() -> SourceFile {
    let track = generated_oval(10_000).expect("the generated oval builds");
    let text = Document::Track(track)
        .to_text(Format::Ron)
        .expect("serialises");
    SourceFile::from_text("generated.ron", text, Format::Ron)
}

/// Parse a 10,000-space track file from text (what opening it costs after the disk read).
#[divan::bench(sample_count = 20)]
fn load_10000_spaces(bencher: divan::Bencher) {
    let source = ten_thousand_space_source();
    bencher.bench(|| Document::parse(divan::black_box(&source)).expect("parses"));
}

/// Validate a loaded 10,000-space track: every check, reachability included.
#[divan::bench(sample_count = 20)]
fn validate_10000_spaces(bencher: divan::Bencher) {
    let source = ten_thousand_space_source();
    let document = Document::parse(&source).expect("parses");
    let loaded = LoadedDocument { source, document };
    bencher.bench(|| {
        let diagnostics = validate_document(divan::black_box(&loaded));
        assert!(diagnostics.is_empty());
    });
}

/// Load and validate together, as `roadwright validate` does for one track.
#[divan::bench(sample_count = 20)]
fn load_and_validate_10000_spaces(bencher: divan::Bencher) {
    let source = ten_thousand_space_source();
    bencher.bench(|| {
        let document = Document::parse(divan::black_box(&source)).expect("parses");
        validate_document(&LoadedDocument {
            source: source.clone(),
            document,
        })
    });
}

/// Render the 10,000-space track 1600 pixels wide.
#[divan::bench(sample_count = 10)]
fn render_10000_spaces(bencher: divan::Bencher) {
    let source = ten_thousand_space_source();
    let Document::Track(track) = Document::parse(&source).expect("parses") else {
        unreachable!("the source is a track");
    };
    bencher.bench(|| {
        roadwright::render::render_track(
            divan::black_box(&track),
            &roadwright::render::legend::Legend::standard(),
            1600,
        )
        .expect("renders")
    });
}
