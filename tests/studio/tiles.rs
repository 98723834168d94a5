//! Tiles in the studio: the selection saved as a tile file, the tile tool laying it at the end
//! of the lap with its ghost before the click, one undo step, and the reason shown (and nothing
//! laid) when it cannot join or would lie over the track.
//!
//! The tiles of a content pack opened on its own are kept in `tiles/` in its folder.

use crate::common;

use common::studio::{
    lay_a, lay_a_straight, menu, open_track_to_extend, polygons_of, settle, shown_track, start,
    workspace_copy,
};
use egui::{Color32, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use roadwright::content::Document;
use roadwright::content::track::SpaceRef;
use roadwright::gui::StudioApp;

fn press(harness: &mut Harness<'static, StudioApp>, key: Key) {
    harness.key_press(key);
    settle(harness);
}

/// The screen point of a space's centre on the shown canvas.
fn screen(harness: &Harness<'static, StudioApp>, at: SpaceRef) -> egui::Pos2 {
    let index = harness.state().shown().expect("shown");
    harness
        .state()
        .canvas(index)
        .and_then(|canvas| canvas.screen_position(&shown_track(harness), at))
        .expect("on screen")
}

fn refusal(harness: &Harness<'static, StudioApp>) -> Option<String> {
    let index = harness.state().shown().expect("shown");
    harness
        .state()
        .canvas(index)
        .expect("canvas")
        .refusal
        .clone()
}

#[test]
fn a_tile_saved_from_the_selection_is_laid_at_the_end_of_the_lap_with_its_ghost() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "File", "New track");
    lay_a_straight(&mut harness);
    lay_a(&mut harness, "Corner");
    // The whole new track, a straight and a corner, selected and saved as a tile.
    press(&mut harness, Key::V);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    settle(&mut harness);
    let index = harness.state().shown().expect("shown");
    assert!(
        !harness
            .state()
            .canvas(index)
            .expect("canvas")
            .selection
            .is_empty()
    );
    let field = harness.get_by_role_and_label(egui::accesskit::Role::TextInput, "Tile id");
    field.focus();
    field.type_text("bend");
    settle(&mut harness);
    harness.get_by_label("Save as tile").click();
    settle(&mut harness);
    let file = pack.path().join("tiles/bend.ron");
    let loaded = Document::load(&file)
        .unwrap_or_else(|e| panic!("the tile was written to {}: {e}", file.display()));
    let Document::Tile(tile) = loaded.document else {
        panic!("a tile file");
    };
    assert_eq!(tile.sectors.len(), 10);
    assert_eq!((tile.entry_lanes(), tile.exit_lanes()), (3, 3));
    harness.get_by_label_contains("Saved tile `bend` (10 sectors");

    // The tile tool: the saved tile is on the shelf, chosen, and its ghost follows the pointer.
    press(&mut harness, Key::I);
    harness.get_by_label_contains("bend — 10 sectors, 3 lanes in, 3 out");
    let before = shown_track(&harness);
    let middle = screen(&harness, SpaceRef::lap(2, 1));
    harness.hover_at(middle);
    harness.run();
    let ghost = Color32::from_rgba_unmultiplied(0x80, 0xc0, 0xff, 0x50);
    assert!(
        polygons_of(&harness, ghost) > 0,
        "its ghost before the click"
    );
    assert_eq!(refusal(&harness), None);
    harness.drag_at(middle);
    harness.drop_at(middle);
    settle(&mut harness);
    let laid = shown_track(&harness);
    assert_eq!(
        laid.sectors.len(),
        before.sectors.len() + 10,
        "laid at the end"
    );
    // Joined: the lap's old last sector now links into the tile's first.
    let last = before.sectors.len() - 1;
    assert!(
        laid.sectors[last]
            .spaces
            .iter()
            .all(|s| s.next.iter().any(|to| to.sector as usize == last + 1)),
        "the lap's end links into the tile"
    );
    // Laid as saved: the same shape, turned to carry on from the end of the lap.
    for (copy, cut) in laid.sectors[last + 1..].iter().zip(&tile.sectors) {
        for (a, b) in copy.spaces.iter().zip(&cut.spaces) {
            assert_eq!(a.terrain, b.terrain);
            assert!(
                (a.size.map_or(1.0, |s| s.length) - b.size.map_or(1.0, |s| s.length)).abs() < 1e-3
            );
        }
    }
    harness.get_by_label_contains("Laid tile `bend` at the end of the lap");
    // The track remembers the tile it laid, and the laid tiles are saved as a course.
    assert_eq!(
        laid.tiles,
        vec![roadwright::content::rolling_road::LaidTile {
            tile: roadwright::content::text::Id::from("bend"),
            first_sector: u32::try_from(last + 1).expect("small"),
        }]
    );
    let field = harness.get_by_role_and_label(egui::accesskit::Role::TextInput, "Course id");
    field.focus();
    field.type_text("bend-run");
    settle(&mut harness);
    harness.get_by_label("Save as course").click();
    settle(&mut harness);
    let file = pack.path().join("courses/bend-run.ron");
    let Document::Course(course) = Document::load(&file)
        .unwrap_or_else(|e| panic!("the course was written to {}: {e}", file.display()))
        .document
    else {
        panic!("a course file");
    };
    assert_eq!(
        course.layout,
        roadwright::content::course::Layout::Fixed(vec![roadwright::content::text::Id::from(
            "bend"
        )])
    );
    assert_eq!(course.tiles.as_str(), "../tiles");
    harness.get_by_label_contains("Saved course `bend-run` (1 tile in order)");
    menu(&mut harness, "Edit", "Undo Lay tile");
    assert_eq!(shown_track(&harness), before, "one undo step");
}

#[test]
fn a_tile_that_cannot_join_or_would_lie_over_the_track_is_refused_with_why() {
    let (pack, _) = workspace_copy();
    let folder = pack.path().join("tiles");
    std::fs::create_dir_all(&folder).expect("tiles");
    let tiles = [
        // Eight lanes after three: a lane would fork into three.
        common::tile("wide", |b| b.straight(2, 8)),
        // A quarter turn: four of them come back round onto the first.
        common::tile("quarter", |b| b.corner(4, 3, 90.0, 3.0)),
    ];
    for tile in &tiles {
        let text = Document::Tile(tile.clone())
            .to_text(roadwright::content::Format::Ron)
            .expect("text");
        std::fs::write(folder.join(format!("{}.ron", tile.id)), text).expect("write");
    }
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "File", "New track");
    lay_a_straight(&mut harness);
    press(&mut harness, Key::I);
    let before = shown_track(&harness);
    let middle = screen(&harness, SpaceRef::lap(2, 1));
    let refused = Color32::from_rgba_unmultiplied(0xff, 0x50, 0x40, 0x60);
    let try_to_lay = |harness: &mut Harness<'static, StudioApp>, label: &str, nudge: f32| {
        harness.get_by_label_contains(label).click();
        settle(harness);
        let at = middle + egui::vec2(nudge, 0.0);
        harness.hover_at(at);
        harness.run();
        let why = refusal(harness);
        let ghosts = polygons_of(harness, refused);
        harness.drag_at(at);
        harness.drop_at(at);
        settle(harness);
        (why, ghosts)
    };
    let (why, ghosts) = try_to_lay(&mut harness, "wide — 2 sectors", 1.0);
    let why = why.expect("refused");
    assert!(
        why.contains(
            "`wide` enters on 8 lanes and the lap ends on 3: a lane forks into at most two"
        ),
        "{why}"
    );
    assert!(ghosts > 0, "its ghost in the refusal colour");
    assert_eq!(shown_track(&harness), before, "nothing laid");
    for turn in 1..=3 {
        let (why, ghosts) = try_to_lay(&mut harness, "quarter — 4 sectors", turn as f32);
        assert_eq!((why, ghosts), (None, 0), "quarter turn {turn}");
    }
    let three = shown_track(&harness);
    assert_eq!(three.sectors.len(), before.sectors.len() + 12);
    let (why, ghosts) = try_to_lay(&mut harness, "quarter — 4 sectors", 4.0);
    let why = why.expect("refused");
    assert!(
        why.contains("`quarter` would lie over the track: its space"),
        "{why}"
    );
    assert!(ghosts > 0, "its ghost in the refusal colour");
    assert_eq!(shown_track(&harness), three, "nothing laid");
}

#[test]
fn nothing_is_laid_past_the_end_of_an_open_lap_that_meets_its_start() {
    let (pack, _) = workspace_copy();
    let folder = pack.path().join("tiles");
    std::fs::create_dir_all(&folder).expect("tiles");
    let short = common::tile("short", |b| b.straight(2, 3));
    let text = Document::Tile(short)
        .to_text(roadwright::content::Format::Ron)
        .expect("text");
    std::fs::write(folder.join("short.ron"), text).expect("write");
    // The oval with its last links taken out: its end is where its start is.
    let mut harness = open_track_to_extend(pack.path());
    press(&mut harness, Key::I);
    harness.hover_at(screen(&harness, SpaceRef::lap(20, 1)));
    harness.run();
    let why = refusal(&harness).expect("refused");
    assert!(
        why.contains("`short` would lie over the track: its space 40.")
            && why.contains("on space 0."),
        "{why}"
    );
}

#[test]
fn a_course_opens_in_its_editor_edits_with_undo_and_shows_the_track_it_builds() {
    // A project with the standard tiles and a fixed course: its editor lists the tiles it lays,
    // draws the track they build, and a change (here the tiles made a pile) is one edit that
    // Ctrl+Z takes back.
    let project = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("content"), &project.path().join("content"));
    common::copy_folder(&common::repo("tiles"), &project.path().join("tiles"));
    std::fs::create_dir_all(project.path().join("courses")).expect("courses");
    std::fs::copy(
        common::repo("courses/scrapyard-run.ron"),
        project.path().join("courses/scrapyard-run.ron"),
    )
    .expect("copy the course");
    let mut harness = start(StudioApp::open(project.path()));
    // Listed in the files panel (below the twenty-one tiles, past the window's edge), and shown.
    harness.get_by_label("scrapyard-run.ron (course)");
    let shown = harness
        .state()
        .workspace()
        .find(|d| matches!(d, Document::Course(_)))
        .expect("the course is open");
    harness
        .state_mut()
        .apply(roadwright::gui::StudioCommand::Show(Some(shown)));
    settle(&mut harness);
    harness.get_by_label_contains("Course `scrapyard-run`, its tiles from ../tiles");
    harness.get_by_label("9.");
    let course = |harness: &Harness<'static, StudioApp>| {
        let workspace = harness.state().workspace();
        workspace
            .documents
            .iter()
            .find_map(|open| match &open.document {
                Document::Course(course) => Some(course.clone()),
                _ => None,
            })
            .expect("the course is open")
    };
    assert!(matches!(
        course(&harness).layout,
        roadwright::content::course::Layout::Fixed(_)
    ));
    harness.get_by_label("Draw from a pile").click();
    settle(&mut harness);
    let roadwright::content::course::Layout::Pile { first, length, .. } = course(&harness).layout
    else {
        panic!("a pile now");
    };
    assert_eq!(
        first.as_ref().map(roadwright::content::text::Id::as_str),
        Some("start")
    );
    assert_eq!(length, 8);
    harness.get_by_label_contains("Preview seed");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    assert!(
        matches!(
            course(&harness).layout,
            roadwright::content::course::Layout::Fixed(_)
        ),
        "undone"
    );
}

#[test]
fn a_course_that_cannot_be_built_is_a_diagnostic_naming_its_tile() {
    // The studio builds each course of the project as `validate` does, so a course naming a
    // tile its folder lacks shows in the diagnostics, at the course.
    let project = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("content"), &project.path().join("content"));
    common::copy_folder(&common::repo("tiles"), &project.path().join("tiles"));
    std::fs::create_dir_all(project.path().join("courses")).expect("courses");
    let course = std::fs::read_to_string(common::repo("courses/scrapyard-run.ron"))
        .expect("course")
        .replace("\"jump\",", "\"no-such-tile\",");
    std::fs::write(project.path().join("courses/broken.ron"), course).expect("write");
    std::fs::copy(
        common::repo("courses/scrapyard-run.ron"),
        project.path().join("courses/fine.ron"),
    )
    .expect("copy");
    let harness = start(StudioApp::open(project.path()));
    let found: Vec<String> = harness
        .state()
        .diagnostics()
        .iter()
        .filter(|d| d.code == "course-build")
        .map(ToString::to_string)
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("broken.ron") && found[0].contains("no-such-tile"),
        "{found:?}"
    );
}
