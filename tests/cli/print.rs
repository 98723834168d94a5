//! `roadwright print`: a track at true scale, tiled over paper. The PDFs are rendered back to
//! pictures with `pdftoppm` (poppler-utils; `.ci/run` installs it) and measured.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use roadwright::content::Document;
use roadwright::content::track::{OffTrack, Sector, Space, Track};
use roadwright::render::{Paper, PrintOptions, print_track};

/// Renders page `page` (from 1) of `pdf` at `dpi` into a picture.
fn rendered(pdf: &Path, page: usize, dpi: u32) -> image::RgbImage {
    let dir = tempfile::tempdir().expect("temp dir");
    let stem = dir.path().join("page");
    let status = Command::new("pdftoppm")
        .args(["-r", &dpi.to_string(), "-png", "-f", &page.to_string()])
        .args(["-l", &page.to_string(), "-singlefile"])
        .arg(pdf)
        .arg(&stem)
        .status()
        .expect("pdftoppm runs: install poppler-utils (.ci/run does)");
    assert!(status.success(), "pdftoppm rendered page {page}");
    image::open(stem.with_extension("png"))
        .expect("the page as a picture")
        .to_rgb8()
}

fn oval() -> Track {
    match Document::load(&common::repo("tracks/oval.ron"))
        .expect("the oval")
        .document
    {
        Document::Track(track) => track,
        other => panic!("a track, not {}", other.kind()),
    }
}

/// The oval on A4: the command says how many pages, the PDF has the overview and each tile at
/// A4's size, and every space of the track lies on some tile.
#[test]
fn the_oval_prints_on_a4_pages_that_cover_every_space() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = dir.path().join("oval.pdf");
    let run = common::roadwright(&[
        "print",
        "tracks/oval.ron",
        "-o",
        pdf.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let printed = print_track(&oval(), &PrintOptions::default()).expect("printed");
    assert_eq!(
        printed.tiles.len(),
        8,
        "the oval at 30 mm a space takes 8 A4 pages"
    );
    assert!(
        run.stdout.contains("an overview and 8 pages"),
        "{}",
        run.stdout
    );
    // Every page is A4 (portrait here): 210 x 297 mm at 50 dpi is 413 x 585 pixels.
    for page in [1, 9] {
        let picture = rendered(&pdf, page, 50);
        let (w, h) = printed.page_mm;
        let expected = |mm: f32| (mm / 25.4 * 50.0).round() as i64;
        assert!(
            (i64::from(picture.width()) - expected(w)).abs() <= 1
                && (i64::from(picture.height()) - expected(h)).abs() <= 1,
            "page {page}: {}x{} pixels for {w}x{h} mm",
            picture.width(),
            picture.height()
        );
    }
    assert_eq!((printed.page_mm.0, printed.page_mm.1), (210.0, 297.0));
    // Every space's centre lies on some tile's area (the part of the drawing it prints).
    let track = oval();
    for (at, space) in track.spaces() {
        let across = (space.x - printed.origin.0) * printed.mm_per_unit;
        let down = (space.y - printed.origin.1) * printed.mm_per_unit;
        assert!(
            printed.tiles.iter().any(|tile| {
                let (left, top, width, height) = tile.area;
                (left..=left + width).contains(&across) && (top..=top + height).contains(&down)
            }),
            "space {at} at ({across}, {down}) mm is on no page"
        );
    }
    // Letter paper is another size.
    let letter = print_track(
        &track,
        &PrintOptions {
            paper: Paper::Letter,
            ..PrintOptions::default()
        },
    )
    .expect("printed");
    assert!(letter.page_mm == (215.9, 279.4) || letter.page_mm == (279.4, 215.9));
}

/// A straight of five paved spaces heading east, nothing else on it.
fn straight() -> Track {
    let mut track = oval();
    let length = track.space_size.length;
    track.sectors = (0..5)
        .map(|i| Sector {
            spaces: vec![Space {
                x: i as f32 * length,
                y: 0.0,
                heading: 0.0,
                ..track.sectors[0].spaces[0].clone()
            }],
            off_track: OffTrack {
                inside: false,
                outside: false,
            },
        })
        .collect();
    for sector in &mut track.sectors {
        sector.spaces[0].terrain = roadwright::content::track::TerrainId::paved();
        sector.spaces[0].size = None;
    }
    track.start_sectors.clear();
    track.grid.clear();
    track.chute = None;
    track.crossover.clear();
    track
}

/// The printed length of a space is the size asked for, measured on the rendered page: the
/// distance between the outlines of neighbouring spaces along a straight, at 25 and 40 mm.
#[test]
fn a_printed_space_is_the_size_asked_within_half_a_millimetre() {
    let dir = tempfile::tempdir().expect("temp dir");
    let track = straight();
    for space_mm in [25.0, 40.0] {
        let options = PrintOptions {
            space_mm,
            ..PrintOptions::default()
        };
        let printed = print_track(&track, &options).expect("printed");
        let pdf: PathBuf = dir.path().join(format!("straight-{space_mm}.pdf"));
        std::fs::write(&pdf, &printed.pdf).expect("write");
        // 254 dpi: 10 pixels a millimetre. The first tile starts at the drawing's top left.
        let picture = rendered(&pdf, 2, 254);
        let tile = printed.tiles[0];
        let row_mm = printed.margin_mm
            + printed.label_band_mm
            + (0.0 - printed.origin.1) * printed.mm_per_unit
            - tile.area.1;
        // A line a quarter of a space off the centre line: clear of the finish line's squares.
        let y = ((row_mm + space_mm * 0.2) * 10.0).round() as u32;
        let dark: Vec<u32> = (0..picture.width())
            .filter(|&x| picture.get_pixel(x, y).0[0] < 100)
            .collect();
        // The outlines are runs of dark pixels; their centres are a space apart.
        let mut centres = Vec::new();
        let mut run: Vec<u32> = Vec::new();
        for x in dark {
            if run.last().is_some_and(|&last| x > last + 1) {
                centres.push(run.iter().sum::<u32>() as f32 / run.len() as f32);
                run.clear();
            }
            run.push(x);
        }
        if !run.is_empty() {
            centres.push(run.iter().sum::<u32>() as f32 / run.len() as f32);
        }
        // The first dark run is the finish line's squares across sector 0's back edge, not an
        // outline: the gaps are measured from the next one on.
        let gaps: Vec<f32> = centres[1..]
            .windows(2)
            .map(|w| (w[1] - w[0]) / 10.0)
            .collect();
        let spaced: Vec<f32> = gaps
            .iter()
            .copied()
            .filter(|g| (g - space_mm).abs() < space_mm / 3.0)
            .collect();
        assert!(
            spaced.len() >= 2,
            "outlines a space apart at {space_mm} mm: gaps {gaps:?}"
        );
        for &gap in &spaced {
            assert!(
                (gap - space_mm).abs() <= 0.5,
                "a space printed {gap} mm long for {space_mm} mm: gaps {gaps:?}"
            );
        }
    }
}

/// Sizes outside what print takes, and a file it cannot print (a ruleset), are refused with a
/// reason.
#[test]
fn print_refuses_a_space_size_out_of_range_and_a_file_it_cannot_print() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = dir.path().join("x.pdf");
    let out = pdf.to_str().expect("path");
    let small = common::roadwright(&["print", "tracks/oval.ron", "-o", out, "--space-mm", "2"]);
    assert_eq!(small.code, 2, "{}", small.stderr);
    assert!(small.stderr.contains("10-80"), "{}", small.stderr);
    let ruleset = common::roadwright(&["print", "content/rulesets/standard.ron", "-o", out]);
    assert_eq!(ruleset.code, 1, "{}", ruleset.stderr);
    assert!(
        ruleset.stderr.contains(
            "print takes a track, a course, a content folder, a deck, team mats or a mission"
        ),
        "{}",
        ruleset.stderr
    );
    assert!(!pdf.exists(), "nothing written");
}

fn standard_documents() -> Vec<Document> {
    roadwright::content::RawPack::open(&common::repo("content"))
        .files
        .into_iter()
        .map(|f| f.document)
        .collect()
}

/// The standard pack's sheets: one card per copy of every card of the three decks, every line
/// of text inside its card's trim, the backs behind their faces, a mat per team and two
/// counters per car.
#[test]
fn the_pack_prints_one_card_per_copy_with_its_text_inside_it() {
    use roadwright::render::{SheetOptions, print_pack};
    let documents = standard_documents();
    let refs: Vec<&Document> = documents.iter().collect();
    let printed = print_pack(
        &refs,
        &SheetOptions {
            backs: true,
            ..SheetOptions::default()
        },
    )
    .expect("printed");
    let mut expected = std::collections::BTreeMap::new();
    for document in &documents {
        match document {
            Document::RaceDeck(deck) => {
                for card in &deck.cards {
                    expected.insert(("race", card.id.to_string()), card.count as usize);
                }
            }
            Document::MovementEventDeck(deck) => {
                for card in &deck.cards {
                    expected.insert(("movement_event", card.id.to_string()), card.count as usize);
                }
            }
            Document::CombatEventDeck(deck) => {
                for card in &deck.cards {
                    expected.insert(("combat", card.id.to_string()), card.count as usize);
                }
            }
            _ => {}
        }
    }
    for back in [false, true] {
        let mut found = std::collections::BTreeMap::new();
        for card in printed.cards.iter().filter(|c| c.back == back) {
            *found.entry((card.deck, card.id.clone())).or_insert(0) += 1;
        }
        assert_eq!(
            found,
            expected,
            "one {} per copy",
            if back { "back" } else { "face" }
        );
    }
    assert_eq!(expected.values().sum::<usize>(), 96 + 52 + 48);
    // Each back sits behind its face: the next page, the same row, the mirrored column.
    for face in printed.cards.iter().filter(|c| !c.back) {
        // The grid is centred on the page: a mirrored column's left edge.
        let mirrored = printed.page_mm.0 - face.trim.0 - face.trim.2;
        assert!(
            printed.cards.iter().any(|b| b.back
                && b.page == face.page + 1
                && b.id == face.id
                && (b.trim.0 - mirrored).abs() < 0.01
                && (b.trim.1 - face.trim.1).abs() < 0.01),
            "the back of {} on page {}",
            face.id,
            face.page
        );
    }
    // Every line of text lies inside its card's trim.
    for text in &printed.texts {
        let card = &printed.cards[text.card.expect("on a card")];
        let (x, y, w, h) = card.trim;
        let (tx, ty, tw, th) = text.rect;
        assert!(
            tx >= x && ty >= y && tx + tw <= x + w && ty + th <= y + h,
            "`{}` at {:?} leaves card {} at {:?}",
            text.text,
            text.rect,
            card.id,
            card.trim
        );
    }
    // A card's text comes from its data: the Outside Line's instruction, a combat card's
    // damage per weapon type, a movement event's numbers.
    let said_on = |id: &str, text: &str| {
        printed.texts.iter().any(|t| {
            t.card
                .is_some_and(|c| printed.cards[c].id == id && !printed.cards[c].back)
                && t.text.contains(text)
        })
    };
    assert!(said_on("outside-line-3", "Forks: outside lane"));
    assert!(said_on("wild-shot", "Machine Guns: 1 damage"));
    assert!(said_on("blown-engine", "3"));
    assert_eq!(printed.mats.len(), 10, "a mat per team");
    assert_eq!(
        printed.counters.len(),
        2 * 80,
        "each car's light and dark side"
    );
}

/// A sheet of cards rendered: outside the cards' bleed, only the crop marks at the trim lines
/// are inked (no text or border strays onto the page).
#[test]
fn a_card_sheet_inks_nothing_outside_its_cards_but_crop_marks() {
    use roadwright::render::{SheetOptions, print_pack};
    let documents = standard_documents();
    let refs: Vec<&Document> = documents.iter().collect();
    let printed = print_pack(&refs, &SheetOptions::default()).expect("printed");
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = dir.path().join("pack.pdf");
    std::fs::write(&pdf, &printed.pdf).expect("write");
    let dpi = 50.0;
    let picture = rendered(&pdf, 1, 50);
    let px = |mm: f32| mm / 25.4 * dpi;
    let on_page: Vec<_> = printed.cards.iter().filter(|c| c.page == 1).collect();
    let bleed = 2.0;
    let vertical_marks: Vec<f32> = on_page
        .iter()
        .flat_map(|c| [c.trim.0, c.trim.0 + c.trim.2])
        .collect();
    let horizontal_marks: Vec<f32> = on_page
        .iter()
        .flat_map(|c| [c.trim.1, c.trim.1 + c.trim.3])
        .collect();
    for (x, y, pixel) in picture.enumerate_pixels() {
        if pixel.0.iter().all(|&v| v > 230) {
            continue;
        }
        let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
        let in_a_card = on_page.iter().any(|c| {
            let (l, t, w, h) = c.trim;
            fx >= px(l - bleed) - 1.0
                && fx <= px(l + w + bleed) + 1.0
                && fy >= px(t - bleed) - 1.0
                && fy <= px(t + h + bleed) + 1.0
        });
        let on_a_mark = vertical_marks.iter().any(|&m| (fx - px(m)).abs() <= 1.5)
            || horizontal_marks.iter().any(|&m| (fy - px(m)).abs() <= 1.5);
        assert!(
            in_a_card || on_a_mark,
            "ink at ({x}, {y}) px, outside every card and off the crop marks"
        );
    }
}

/// `print content` writes the sheets and says what they hold; a deck file prints that deck.
#[test]
fn print_takes_a_content_folder_or_a_deck() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = dir.path().join("pack.pdf");
    let run = common::roadwright(&["print", "content", "-o", pdf.to_str().expect("path")]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("196 cards, 10 team mats, 160 counters"),
        "{}",
        run.stdout
    );
    // The first sheet is A4: 210 x 297 mm at 30 dpi is 248 x 351 pixels, give or take the
    // renderer's rounding.
    let picture = rendered(&pdf, 1, 30);
    assert!(
        picture.width().abs_diff(248) <= 1 && picture.height().abs_diff(351) <= 1,
        "{}x{}",
        picture.width(),
        picture.height()
    );
    let deck = dir.path().join("combat.pdf");
    let run = common::roadwright(&[
        "print",
        "content/combat_deck.ron",
        "-o",
        deck.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("6 pages: 48 cards"), "{}", run.stdout);
}

/// The Tabletop Simulator deck sheets: each deck as sheets of 10 x 7 cards, every card once in
/// its cells and the back in the last cell, the rest of the sheet empty.
#[test]
fn the_tabletop_simulator_export_writes_deck_sheets_of_ten_by_seven() {
    use roadwright::render::{CARD_PX, TTS_GRID, deck_sheets};
    let documents = standard_documents();
    let refs: Vec<&Document> = documents.iter().collect();
    let sheets = deck_sheets(&refs).expect("sheets");
    let per_deck = |kind: &str| -> usize {
        sheets
            .iter()
            .filter(|s| s.deck == kind)
            .map(|s| s.cards.len())
            .sum()
    };
    assert_eq!(
        (
            per_deck("race"),
            per_deck("movement_event"),
            per_deck("combat")
        ),
        (96, 52, 48),
        "every copy once"
    );
    assert_eq!(
        sheets.iter().filter(|s| s.deck == "race").count(),
        2,
        "69 + 27"
    );
    let (columns, rows) = TTS_GRID;
    for sheet in &sheets {
        assert_eq!(
            (sheet.image.width(), sheet.image.height()),
            (columns * CARD_PX.0, rows * CARD_PX.1),
            "{}",
            sheet.file
        );
        // A cell is a card when its centre is printed on (white on a face, the deck's colour
        // on the back) and its corner carries the deck's border; an empty cell is blank.
        let corner = |index: u32| {
            let (x, y) = (
                (index % columns) * CARD_PX.0 + 4,
                (index / columns) * CARD_PX.1 + 4,
            );
            sheet.image.get_pixel(x, y).0
        };
        let border = corner(0);
        assert_ne!(
            border[..3],
            [255, 255, 255],
            "{}: the border is coloured",
            sheet.file
        );
        for index in 0..columns * rows {
            let filled = index < sheet.cards.len() as u32 || index == columns * rows - 1;
            assert_eq!(
                corner(index) == border,
                filled,
                "{}: cell {index} {}",
                sheet.file,
                if filled { "holds a card" } else { "is empty" }
            );
        }
        let back = {
            let index = columns * rows - 1;
            let (x, y) = (
                (index % columns) * CARD_PX.0 + CARD_PX.0 / 2,
                (index / columns) * CARD_PX.1 + CARD_PX.1 / 4,
            );
            sheet.image.get_pixel(x, y).0
        };
        assert_eq!(
            back, border,
            "{}: the last cell is the back, all colour",
            sheet.file
        );
    }
}

/// `print --tts` writes the deck sheets, and the track as one picture at the pixels a space
/// asked, each with its README, one beside the other.
#[test]
fn print_tts_writes_the_pictures_and_a_readme_each() {
    let dir = tempfile::tempdir().expect("temp dir");
    let folder = dir.path().join("tts");
    let run = common::roadwright(&["print", "content", "--tts", folder.to_str().expect("path")]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    for file in [
        "race-deck-1.png",
        "race-deck-2.png",
        "movement-events-1.png",
        "combat-deck-1.png",
        "README-decks.txt",
    ] {
        assert!(folder.join(file).is_file(), "{file}");
    }
    let run = common::roadwright(&[
        "print",
        "tracks/oval.ron",
        "--tts",
        folder.to_str().expect("path"),
        "--px-per-space",
        "80",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(folder.join("oval.png").is_file());
    assert!(folder.join("README-oval.txt").is_file());
    assert!(
        folder.join("README-decks.txt").is_file(),
        "the decks' README is kept"
    );
}

/// A track a file gives a place that is no number (RON reads `NaN`) is refused by name, for
/// the PDF and the pictures alike, and nothing is written.
#[test]
fn a_track_with_a_space_at_no_place_is_refused_by_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(common::repo("tracks/oval.ron")).expect("oval");
    let at = text.find("x: ").expect("an x");
    let end = at + text[at..].find(',').expect("its end");
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, format!("{}x: NaN{}", &text[..at], &text[end..])).expect("write");
    let pdf = dir.path().join("broken.pdf");
    let folder = dir.path().join("tts");
    for args in [
        ["-o", pdf.to_str().expect("path")],
        ["--tts", folder.to_str().expect("path")],
    ] {
        let run = common::roadwright(&["print", broken.to_str().expect("path"), args[0], args[1]]);
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert!(
            run.stderr.contains("space 0.0 at (NaN") && run.stderr.contains("cannot be drawn"),
            "{}",
            run.stderr
        );
    }
    assert!(!pdf.exists() && !folder.exists(), "nothing written");
}

/// The track's picture for Tabletop Simulator has the pixels a space asked: measured on the
/// picture of a straight, between the outlines of neighbouring spaces.
#[test]
fn the_track_picture_has_the_pixels_a_space_asked() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("straight.ron");
    let text = Document::Track(straight())
        .to_text(roadwright::content::Format::Ron)
        .expect("text");
    std::fs::write(&file, text).expect("write");
    let folder = dir.path().join("tts");
    let run = common::roadwright(&[
        "print",
        file.to_str().expect("path"),
        "--tts",
        folder.to_str().expect("path"),
        "--px-per-space",
        "80",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let picture = image::open(folder.join("straight.png"))
        .expect("the picture")
        .to_rgb8();
    // Paved spaces are mid grey; the band of rows holding the most of them is the straight.
    let paved =
        |p: &image::Rgb<u8>| (0x48..=0x68).contains(&p.0[0]) && (0x48..=0x68).contains(&p.0[2]);
    let counts: Vec<usize> = (0..picture.height())
        .map(|y| {
            (0..picture.width())
                .filter(|&x| paved(picture.get_pixel(x, y)))
                .count()
        })
        .collect();
    let most = *counts.iter().max().expect("rows");
    let band: Vec<u32> = (0..picture.height())
        .filter(|&y| counts[y as usize] * 10 >= most * 9)
        .collect();
    // A quarter of the way down the band: clear of the links along the centre line.
    let y = band[0] + (band[band.len() - 1] - band[0]) / 4;
    let row: Vec<bool> = (0..picture.width())
        .map(|x| picture.get_pixel(x, y).0[0] < 0x40)
        .collect();
    let first = (0..row.len())
        .find(|&x| paved(picture.get_pixel(x as u32, y)))
        .expect("a space");
    let last = (0..row.len())
        .rev()
        .find(|&x| paved(picture.get_pixel(x as u32, y)))
        .expect("a space");
    // The dark runs between the first and the last paved pixel are the outlines between spaces.
    let mut centres = Vec::new();
    let mut run = Vec::new();
    for (x, &dark) in row.iter().enumerate().take(last + 1).skip(first) {
        if dark {
            run.push(x as f32);
        } else if !run.is_empty() {
            centres.push(run.iter().sum::<f32>() / run.len() as f32);
            run.clear();
        }
    }
    let gaps: Vec<f32> = centres.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(
        gaps.len() >= 3,
        "outlines between the five spaces: {centres:?}"
    );
    for gap in &gaps {
        assert!(
            (gap - 80.0).abs() <= 1.5,
            "a space {gap} pixels long for 80: {gaps:?}"
        );
    }
}

/// Every space of the oval is printed on some page: with every space made trough (solid
/// grey) and the grid numbers taken off, the pixel at each space's centre, on the page of a
/// tile that holds it, is grey, not the paper's white.
#[test]
fn every_space_of_the_oval_is_printed_on_some_page() {
    let mut track = oval();
    for sector in track
        .sectors
        .iter_mut()
        .chain(track.start_sectors.iter_mut())
    {
        for space in &mut sector.spaces {
            space.terrain = roadwright::content::track::TerrainId::trough();
        }
    }
    track.grid.clear();
    let printed = print_track(&track, &PrintOptions::default()).expect("printed");
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = dir.path().join("trough.pdf");
    std::fs::write(&pdf, &printed.pdf).expect("write");
    let dpi = 20.0;
    // Page 1 is the overview: tile i is page i + 2.
    let pages: Vec<image::RgbImage> = (0..printed.tiles.len())
        .map(|i| rendered(&pdf, i + 2, 20))
        .collect();
    let top = printed.margin_mm + printed.label_band_mm;
    for (at, space) in track.spaces() {
        let across = (space.x - printed.origin.0) * printed.mm_per_unit;
        let down = (space.y - printed.origin.1) * printed.mm_per_unit;
        let (index, tile) = printed
            .tiles
            .iter()
            .enumerate()
            .find(|(_, tile)| {
                let (left, up, width, height) = tile.area;
                (left..=left + width).contains(&across) && (up..=up + height).contains(&down)
            })
            .unwrap_or_else(|| panic!("space {at} lies on no tile"));
        let x = ((printed.margin_mm + across - tile.area.0) / 25.4 * dpi) as u32;
        let y = ((top + down - tile.area.1) / 25.4 * dpi) as u32;
        // A 3 x 3 window (2.5 mm): a glue line or a mark crossing the centre blends into a
        // pixel or two, a missing space leaves the paper white.
        let window: Vec<u8> = (x.saturating_sub(1)..=x + 1)
            .flat_map(|wx| (y.saturating_sub(1)..=y + 1).map(move |wy| (wx, wy)))
            .map(|(wx, wy)| pages[index].get_pixel(wx, wy).0[0])
            .collect();
        assert!(
            window.iter().any(|v| (60..=140).contains(v)),
            "space {at}: page {} around ({x}, {y}) px is {window:?}, not the trough's grey",
            index + 2
        );
    }
}

/// Runs `roadwright ARGS` under a 512 MiB address-space limit.
fn roadwright_capped(args: &[&str]) -> common::Run {
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    common::roadwright_shell(&common::repo("."), &quoted.join(" "), Some(512 << 10))
}

/// A copy of the standard race deck in `dir` with its first card's count replaced.
fn race_deck_with_count(dir: &Path, count: &str) -> PathBuf {
    let text = std::fs::read_to_string(common::repo("content/race_deck.ron")).expect("deck");
    let at = text.find("count: ").expect("a count");
    let end = at + text[at..].find(',').expect("its end");
    let deck = dir.join("race_deck.ron");
    std::fs::write(
        &deck,
        format!("{}count: {count}{}", &text[..at], &text[end..]),
    )
    .expect("write");
    deck
}

/// What `validate` rejects is never printed, to a PDF or as pictures: a count beyond the rules
/// (a million copies gave 111,146 pages; 2^31 aborted on a 512 GB allocation), a pack with a
/// car of defense 255. The errors are those `validate` prints; nothing is written.
#[test]
fn print_refuses_content_that_validate_rejects_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pack = common::copy_of_standard_pack();
    let mats = pack.path().join("team_mats.ron");
    let text = std::fs::read_to_string(&mats).expect("mats");
    std::fs::write(&mats, text.replacen("defense: 3", "defense: 255", 1)).expect("write");
    let pdf = dir.path().join("out.pdf");
    let folder = dir.path().join("tts");
    let million = race_deck_with_count(dir.path(), "1000000");
    let huge = tempfile::tempdir().expect("temp dir");
    let huge = race_deck_with_count(huge.path(), "2147483648");
    for input in [pack.path(), million.as_path(), huge.as_path()] {
        let validated = common::roadwright(&["validate", input.to_str().expect("path")]);
        assert_eq!(validated.code, 1, "{}", validated.stdout);
        for output in [
            ["-o", pdf.to_str().expect("path")],
            ["--tts", folder.to_str().expect("path")],
        ] {
            let run =
                roadwright_capped(&["print", input.to_str().expect("path"), output[0], output[1]]);
            assert_eq!(run.code, 1, "{}: {}", input.display(), run.stderr);
            assert!(run.stderr.contains("nothing was printed"), "{}", run.stderr);
            let first_error = validated.stdout.lines().next().expect("an error");
            assert!(run.stderr.contains(first_error), "{}", run.stderr);
            assert!(!pdf.exists() && !folder.exists(), "nothing written");
        }
    }
}

/// The largest deck a card may be printed in (999 copies of one card) is drawn for Tabletop
/// Simulator one sheet at a time, within 512 MiB (1,300 cards drawn whole took 1.2 GB).
#[test]
fn a_large_deck_is_drawn_for_tabletop_simulator_a_sheet_at_a_time() {
    let dir = tempfile::tempdir().expect("temp dir");
    let deck = race_deck_with_count(dir.path(), "999");
    let folder = dir.path().join("tts");
    let run = roadwright_capped(&[
        "print",
        deck.to_str().expect("path"),
        "--tts",
        folder.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("16 deck sheets"), "{}", run.stdout);
    assert!(folder.join("race-deck-16.png").is_file());
    let readme = std::fs::read_to_string(folder.join("README-decks.txt")).expect("readme");
    assert!(readme.contains("race-deck-16.png"), "{readme}");
}

/// `--tts` into a folder holding files of the names it writes refuses them, named; with
/// `--force` it replaces them, and a link planted in a file's place is replaced, never written
/// through (its target became a PNG).
#[cfg(unix)]
#[test]
fn print_tts_never_overwrites_without_force_nor_writes_through_a_link() {
    let dir = tempfile::tempdir().expect("temp dir");
    let folder = dir.path().join("tts");
    std::fs::create_dir(&folder).expect("folder");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "keep me").expect("victim");
    std::os::unix::fs::symlink(&victim, folder.join("race-deck-1.png")).expect("link");
    std::fs::write(folder.join("README-decks.txt"), "my notes").expect("notes");
    let deck = common::repo("content/race_deck.ron");
    let args = [
        "print",
        deck.to_str().expect("path"),
        "--tts",
        folder.to_str().expect("path"),
    ];
    let run = common::roadwright(&args);
    assert_eq!(
        run.code, 1,
        "refused, as a file that exists without --force: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("race-deck-1.png") && run.stderr.contains("--force"),
        "{}",
        run.stderr
    );
    assert_eq!(
        std::fs::read_to_string(folder.join("README-decks.txt")).expect("notes"),
        "my notes"
    );
    let forced = common::roadwright(&[&args[..], &["--force"]].concat());
    assert_eq!(forced.code, 0, "{}", forced.stderr);
    assert_eq!(std::fs::read_to_string(&victim).expect("victim"), "keep me");
    let sheet = folder.join("race-deck-1.png");
    assert!(std::fs::symlink_metadata(&sheet).is_ok_and(|m| m.file_type().is_file()));
    assert!(image::open(&sheet).is_ok(), "a picture in the folder");
}

/// Every bleed the help promises (0-5 mm) prints on A4 and Letter, every card and its bleed on
/// the page (from 4 mm on A4 and 3 mm on Letter nine cards did not fit and print failed); a bleed
/// of no number is a mistake of the command line (exit 2, as the others), not of the content.
#[test]
fn every_bleed_from_0_to_5_mm_prints_on_both_papers() {
    use roadwright::render::{SheetOptions, print_pack};
    let documents = standard_documents();
    let refs: Vec<&Document> = documents.iter().collect();
    for paper in [Paper::A4, Paper::Letter] {
        for bleed in [0.0, 2.5, 3.0, 3.5, 4.0, 5.0] {
            let options = SheetOptions {
                paper,
                bleed_mm: bleed,
                backs: true,
            };
            let printed = print_pack(&refs, &options).expect("prints");
            let (width, height) = printed.page_mm;
            for card in &printed.cards {
                let (x, y, w, h) = card.trim;
                assert!(
                    x - bleed >= 0.0
                        && y - bleed >= 0.0
                        && x + w + bleed <= width
                        && y + h + bleed <= height,
                    "{paper:?}, {bleed} mm: {card:?}"
                );
            }
            assert_eq!(printed.cards.iter().filter(|c| !c.back).count(), 196);
        }
    }
    let pdf = std::env::temp_dir().join("roadwright-bleed-nan.pdf");
    let run = common::roadwright(&[
        "print",
        "content",
        "-o",
        pdf.to_str().expect("path"),
        "--bleed-mm",
        "NaN",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("a bleed is 0-5 mm"), "{}", run.stderr);
}

/// Every output folder follows one rule: it is made when missing, but the folder it goes in
/// must exist (`tune --out` and `print --tts` made every missing parent).
#[test]
fn an_output_folder_in_a_missing_folder_is_refused_by_every_command() {
    let dir = tempfile::tempdir().expect("temp dir");
    let deep = dir.path().join("missing/tts");
    let run = common::roadwright(&[
        "print",
        "content/race_deck.ron",
        "--tts",
        deep.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("does not exist"), "{}", run.stderr);
    let run = common::roadwright(&[
        "tune",
        "tuning/even-teams.ron",
        "--out",
        deep.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("does not exist"), "{}", run.stderr);
    assert!(!dir.path().join("missing").exists());
}

/// Names the font has no glyph for (Hebrew, Arabic, emoji) printed as empty boxes without a
/// word: `print` now names each such character; the standard pack has none.
#[test]
fn print_names_the_characters_its_font_cannot_print() {
    let pack = common::copy_of_standard_pack();
    let mats = pack.path().join("team_mats.ron");
    let text = std::fs::read_to_string(&mats).expect("mats");
    let text = text
        .replacen("driver: \"Rook Calloway\"", "driver: \"רוק 😀\"", 1)
        .replacen("name: \"Rust Reapers\"", "name: \"حصاد\"", 1);
    std::fs::write(&mats, text).expect("write");
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = dir.path().join("pack.pdf");
    let run = common::roadwright(&[
        "print",
        pack.path().to_str().expect("path"),
        "-o",
        pdf.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for named in ["ר (U+05E8)", "ק (U+05E7)", "ح (U+062D)", "😀 (U+1F600)"] {
        assert!(run.stdout.contains(named), "{named}: {}", run.stdout);
    }
    let standard = common::roadwright(&["print", "content", "-o", pdf.to_str().expect("path")]);
    assert!(!standard.stdout.contains("no glyph"), "{}", standard.stdout);
}

/// The track is tiled in the orientation that takes fewer pages: every sample on every paper
/// takes no more pages than the same track turned a quarter (which is the other orientation's
/// tiling), and the oval takes 2 × 4 A4 pages, not the 3 × 4 with a blank row it once took.
#[test]
fn a_track_is_printed_on_the_fewest_pages() {
    use roadwright::render::{Paper, PrintOptions, print_track};
    for name in ["oval", "road-course", "figure-eight", "thunder-oval"] {
        let track = roadwright::stretch::samples::sample(name)
            .expect("sample")
            .expect("builds");
        let mut turned = track.clone();
        for space in turned.sectors.iter_mut().flat_map(|s| s.spaces.iter_mut()) {
            (space.x, space.y) = (-space.y, space.x);
            space.heading = (space.heading + 90.0).rem_euclid(360.0);
        }
        turned.start_sectors.clear();
        let mut flat = track.clone();
        flat.start_sectors.clear();
        for paper in [Paper::A4, Paper::Letter] {
            let options = PrintOptions {
                paper,
                ..PrintOptions::default()
            };
            let pages = |t: &roadwright::content::track::Track| {
                print_track(t, &options).expect("prints").tiles.len()
            };
            assert_eq!(pages(&flat), pages(&turned), "{name} on {paper:?}");
        }
    }
    let oval = roadwright::stretch::samples::oval().expect("oval");
    let printed = print_track(&oval, &PrintOptions::default()).expect("prints");
    assert_eq!(printed.grid, (2, 4), "rows × columns");
}

/// A rolling road is printed as its tiles, each on its own with an overview that says how it
/// is played (the starting tile laid first, each road tile's copies to shuffle into the pile),
/// not as the one road a seed draws; for Tabletop Simulator, a picture per tile.
#[test]
fn a_rolling_road_prints_each_tile_on_its_own_to_cut_out_and_shuffle() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = dir.path().join("road.pdf");
    let folder = dir.path().join("tts");
    let course = "samples/devils-run/courses/rolling-road.ron";
    let run = common::roadwright(&[
        "print",
        course,
        "--content",
        "samples/devils-run/content",
        "-o",
        pdf.to_str().expect("path"),
        "--tts",
        folder.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("8 tiles of the rolling road"),
        "{}",
        run.stdout
    );
    // The pages the library plans for the same tiles: each tile's overview, then its pages.
    let terrain =
        roadwright::validate::open::content_terrain(&common::repo("samples/devils-run/content"));
    let loose = roadwright::sim::course_track::CourseFiles::load(&common::repo(course), &terrain)
        .expect("the course reads")
        .loose_tiles()
        .expect("its tiles lay alone");
    let tiles: Vec<_> = loose
        .into_iter()
        .map(|tile| roadwright::render::RoadTilePrint::new(tile.track, tile.role))
        .collect();
    let names: Vec<String> = tiles.iter().map(|t| t.track.name.to_string()).collect();
    assert_eq!(
        names.len(),
        8,
        "the starting tile and the pile's seven tiles"
    );
    let (_, printed) =
        roadwright::render::print_road_tiles(&tiles, &PrintOptions::default()).expect("printed");
    let info = Command::new("pdfinfo").arg(&pdf).output().expect("pdfinfo");
    let pages: usize = printed.iter().map(|p| 1 + p.tiles.len()).sum();
    let info = String::from_utf8_lossy(&info.stdout).into_owned();
    let written: Option<usize> = info
        .lines()
        .find_map(|line| line.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok());
    assert_eq!(written, Some(pages), "{info}");
    let page_text = |page: usize| {
        let out = Command::new("pdftotext")
            .args(["-f", &page.to_string(), "-l", &page.to_string()])
            .arg(&pdf)
            .arg("-")
            .output()
            .expect("pdftotext");
        String::from_utf8_lossy(&out.stdout).replace('\n', " ")
    };
    let mut overview = 1;
    for (tile, plan) in tiles.iter().zip(&printed) {
        let text = page_text(overview);
        assert!(text.contains(tile.track.name.as_str()), "{text}");
        assert!(
            text.contains("The finish line counts only on the final tile"),
            "{text}"
        );
        overview += 1 + plan.tiles.len();
    }
    assert!(page_text(1).contains("The starting tile: lay it first"));
    let open_road = printed[0].tiles.len() + 2;
    assert!(
        page_text(open_road).contains("print 2 copies, and shuffle the road tiles"),
        "{}",
        page_text(open_road)
    );
    let readme = std::fs::read_to_string(folder.join("README-rolling-road.txt")).expect("README");
    assert!(
        readme.contains("rolling-road-open-road.png (2 copies)"),
        "{readme}"
    );
    for id in ["runway", "open-road", "boneyard"] {
        assert!(
            folder.join(format!("rolling-road-{id}.png")).is_file(),
            "{id}"
        );
    }
}
