//! Editing in the studio, driven headless with `egui_kittest` as a person would: laying
//! stretches, undo and redo, painting, live diagnostics, deck and team edits, saving, and
//! recovering after a crash.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::studio::{
    click_space, lay_a, lay_a_straight, menu, open_the_ovals_lap, open_track, open_track_to_extend,
    settle, shown_track, start, workspace_copy,
};
use egui::{Key, Modifiers, accesskit::Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};
use roadwright::content::Document;
use roadwright::content::race_deck::RaceDeck;
use roadwright::content::track::{SpaceRef, TerrainId, Track};
use roadwright::gui::StudioApp;
use roadwright::gui::screen::ScreenKind;

/// The studio on a copy of the standard pack with the sample figure 8 beside it, shown.
fn open_figure_eight() -> (tempfile::TempDir, Harness<'static, StudioApp>) {
    let (pack, _) = workspace_copy();
    fs::copy(
        common::repo("tracks/figure-eight.ron"),
        pack.path().join("figure-eight.ron"),
    )
    .expect("copy the figure 8");
    let mut harness = start(StudioApp::open(pack.path()));
    harness.get_by_label("figure-eight.ron (track)").click();
    settle(&mut harness);
    (pack, harness)
}

/// Drags the shown track's space `at` by `by` on screen, in five moves, as a hand would.
/// Selects the space with a click (a drag moves only what is selected), then drags it.
fn drag_space(harness: &mut Harness<'static, StudioApp>, at: SpaceRef, by: egui::Vec2) {
    click_space(harness, at);
    let track = shown_track(harness);
    let index = harness.state().shown().expect("shown");
    let start = harness
        .state()
        .canvas(index)
        .expect("canvas")
        .screen_position(&track, at)
        .expect("on screen");
    drag_from(harness, start, by);
}

/// A drag from `start` by `by`, in five steps, as a hand moves.
fn drag_from(harness: &mut Harness<'static, StudioApp>, start: egui::Pos2, by: egui::Vec2) {
    harness.drag_at(start);
    for step in 1..=5 {
        harness.hover_at(start + by * (step as f32 / 5.0));
        harness.run_steps(1);
    }
    harness.drop_at(start + by);
    settle(harness);
}

#[test]
fn a_stretch_is_laid_undone_and_redone_from_the_menus() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track_to_extend(pack.path());
    lay_a_straight(&mut harness);
    assert_eq!(shown_track(&harness).sectors.len(), 45, "five sectors laid");
    harness.get_by_label("45 lap sectors, 0 starting sectors, 40 grid positions");
    assert!(
        harness.state().title().ends_with('*'),
        "{}",
        harness.state().title()
    );
    menu(&mut harness, "Edit", "Undo Lay straight");
    assert_eq!(shown_track(&harness).sectors.len(), 40);
    assert!(
        !harness.state().title().ends_with('*'),
        "undone back to the saved file"
    );
    menu(&mut harness, "Edit", "Redo Lay straight");
    assert_eq!(shown_track(&harness).sectors.len(), 45);

    // The `*` marks the shown document; another one unsaved is counted beside it.
    harness.get_by_label("race_deck.ron (race_deck)").click();
    settle(&mut harness);
    let title = harness.state().title();
    assert!(
        title.ends_with("race_deck.ron (1 other file unsaved)"),
        "{title}"
    );
}

#[test]
fn keyboard_undo_and_redo_work_on_the_canvas_but_not_in_a_text_field() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track_to_extend(pack.path());
    lay_a_straight(&mut harness);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    assert_eq!(
        shown_track(&harness).sectors.len(),
        40,
        "Ctrl+Z undid the stretch"
    );
    harness.key_press_modifiers(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
    settle(&mut harness);
    assert_eq!(
        shown_track(&harness).sectors.len(),
        45,
        "Ctrl+Shift+Z redid it"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    settle(&mut harness);
    assert_eq!(
        shown_track(&harness).sectors.len(),
        45,
        "Ctrl+Y redid it too"
    );

    // Typing in the track's name field: the keys go to the text, not to the shortcuts.
    let name = harness.get(By::new().role(Role::TextInput).value("Dust Bowl Oval"));
    name.focus();
    harness.run();
    let zoom = |h: &Harness<'static, StudioApp>| {
        let index = h.state().shown().expect("shown");
        h.state().canvas(index).expect("canvas").view.zoom
    };
    let before = zoom(&harness);
    harness.key_press(Key::Minus);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    assert_eq!(
        shown_track(&harness).sectors.len(),
        45,
        "no undo while typing"
    );
    assert!(
        (zoom(&harness) - before).abs() < f32::EPSILON,
        "no zoom while typing"
    );
}

#[test]
fn painting_rough_shows_the_matching_diagnostic_and_fixing_it_clears_it() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    harness.get_by_label("Diagnostics: 0 error(s), 0 warning(s)");
    harness.get_by_label("Paint").click();
    harness.run();
    harness.get_by_label("Rough").click();
    harness.run();
    click_space(&mut harness, SpaceRef::lap(5, 0));
    click_space(&mut harness, SpaceRef::lap(5, 2));
    let track = shown_track(&harness);
    assert_eq!(
        track.space(SpaceRef::lap(5, 0)).expect("5.0").terrain,
        TerrainId::rough()
    );
    harness.get_by_label_contains(
        "error[rough-not-contiguous]: sector 5 has paved lanes between rough lanes",
    );
    let index = harness.state().shown().expect("shown");
    let sector_five: Vec<SpaceRef> = (0..4).map(|lane| SpaceRef::lap(5, lane)).collect();
    assert_eq!(
        harness
            .state()
            .problem_spaces(index)
            .into_iter()
            .collect::<Vec<_>>(),
        sector_five,
        "the canvas marks every space of the sector the diagnostic names"
    );
    harness
        .get_by_label_contains("rough-not-contiguous")
        .click();
    settle(&mut harness);
    let selected = &harness.state().canvas(index).expect("canvas").selection;
    assert_eq!(
        selected.len(),
        4,
        "clicking the diagnostic selected sector 5: {selected:?}"
    );
    assert!(selected.iter().all(|at| at.sector == 5));
    harness.get_by_label("Paint").click();
    harness.run();
    click_space(&mut harness, SpaceRef::lap(5, 1));
    assert!(
        harness
            .query_by_label_contains("rough-not-contiguous")
            .is_none(),
        "the diagnostic went away once the rough block was whole"
    );
    assert!(
        harness.state().problem_spaces(index).is_empty(),
        "and so did the marks"
    );
}

/// A link removed from the road course's single-lane stretch is one diagnostic naming it,
/// with a Fix button that puts it back: the track validates clean again, and Undo takes the
/// fix back like any edit.
#[test]
fn a_diagnostics_fix_button_mends_the_track() {
    let (pack, _) = workspace_copy();
    let path = pack.path().join("road-course.ron");
    let text = fs::read_to_string(common::repo("tracks/road-course.ron")).expect("road course");
    fs::write(
        &path,
        text.replacen(
            "(lane: 0, next: [\"23.0\"], x: 9.5",
            "(lane: 0, next: [], x: 9.5",
            1,
        ),
    )
    .expect("write");
    let mut harness = start(StudioApp::open(pack.path()));
    harness.get_by_label("Diagnostics: 1 error(s), 0 warning(s)");
    harness.get_by_label_contains("error[link-missing]: link 22.0 -> 23.0 is missing");
    harness.get_by_label("Fix").click();
    settle(&mut harness);
    harness.get_by_label("Diagnostics: 0 error(s), 0 warning(s)");
    assert_eq!(
        harness.state().status(),
        Some("Fixed: Add link 22.0 -> 23.0")
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    harness.get_by_label("Diagnostics: 1 error(s), 0 warning(s)");
}

/// A new track's diagnostics name it as the files panel does, "untitled track 1 (not
/// saved)", without the line and column of a file that does not exist yet.
#[test]
fn an_unsaved_tracks_diagnostics_name_it_plainly() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "File", "New track");
    lay_a_straight(&mut harness);
    // Before, a line and column came between the name and the finding.
    harness.get_by_label_contains("untitled track 1 (not saved): error[lap-not-closed]");
}

#[test]
fn clicking_a_diagnostic_selects_and_frames_its_space() {
    let (pack, track_path) = workspace_copy();
    let text = fs::read_to_string(&track_path).expect("oval");
    fs::write(&track_path, text.replacen("next: [\"4.2\"]", "next: []", 1)).expect("write");
    let mut harness = start(StudioApp::open(pack.path()));
    harness
        .get_by_label_contains("error[no-forward-link]: space 3.2 has no forward link")
        .click();
    settle(&mut harness);
    let index = harness.state().shown().expect("the track is shown");
    let canvas = harness.state().canvas(index).expect("canvas");
    assert_eq!(
        canvas.selection.iter().copied().collect::<Vec<_>>(),
        [SpaceRef::lap(3, 2)]
    );
    assert!(
        canvas.view.zoom > 30.0,
        "framed close up, zoom {}",
        canvas.view.zoom
    );
}

#[test]
fn selecting_by_click_shift_click_and_box_and_hovering_names_the_space() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let index = harness.state().shown().expect("shown");
    let track = shown_track(&harness);
    let canvas = |h: &Harness<'static, StudioApp>| h.state().canvas(index).expect("canvas").clone();
    let position = |h: &Harness<'static, StudioApp>, at| {
        canvas(h).screen_position(&track, at).expect("on screen")
    };
    let a = position(&harness, SpaceRef::lap(2, 1));
    harness.hover_at(a);
    harness.run_steps(2);
    harness.get_by_label("Space 2.1 (Paved)");
    click_space(&mut harness, SpaceRef::lap(2, 1));
    assert_eq!(canvas(&harness).selection.len(), 1);
    let b = position(&harness, SpaceRef::lap(7, 0));
    harness.hover_at(b);
    harness.run_steps(1);
    harness.event_modifiers(
        egui::Event::PointerButton {
            pos: b,
            button: egui::PointerButton::Primary,
            pressed: true,
            modifiers: Modifiers::SHIFT,
        },
        Modifiers::SHIFT,
    );
    harness.event_modifiers(
        egui::Event::PointerButton {
            pos: b,
            button: egui::PointerButton::Primary,
            pressed: false,
            modifiers: Modifiers::SHIFT,
        },
        Modifiers::SHIFT,
    );
    settle(&mut harness);
    assert_eq!(
        canvas(&harness)
            .selection
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        [SpaceRef::lap(2, 1), SpaceRef::lap(7, 0)],
        "shift-click added to the selection"
    );
    // A box around sector 0 from empty ground selects its four spaces.
    let corner_a = position(&harness, SpaceRef::lap(0, 0));
    let corner_b = position(&harness, SpaceRef::lap(0, 3));
    let outside = egui::Rect::from_two_pos(corner_a, corner_b).expand(6.0);
    harness.hover_at(outside.left_top() - egui::vec2(0.0, 30.0));
    harness.run_steps(1);
    harness.drag_at(outside.left_top() - egui::vec2(0.0, 30.0));
    harness.run_steps(1);
    harness.hover_at(outside.right_bottom());
    harness.run_steps(1);
    harness.drop_at(outside.right_bottom());
    settle(&mut harness);
    let selected = canvas(&harness).selection;
    assert!(
        (0..4).all(|lane| selected.contains(&SpaceRef::lap(0, lane))),
        "box selected sector 0: {selected:?}"
    );

    // A shift-drag that starts on a selected space is a box that adds sector 1, not a move.
    let from = position(&harness, SpaceRef::lap(0, 0));
    let to = position(&harness, SpaceRef::lap(1, 3));
    // Past sector 1's far corner, so the box holds its spaces' centres.
    let beyond = egui::vec2(
        8.0 * (to.x - from.x).signum(),
        8.0 * (to.y - from.y).signum(),
    );
    let before = shown_track(&harness);
    harness.event(egui::Event::ModifiersChanged(Modifiers::SHIFT));
    harness.hover_at(from);
    harness.run_steps(1);
    harness.drag_at(from);
    harness.run_steps(1);
    for step in 1..=4 {
        harness.hover_at(from + (to + beyond - from) * (step as f32 / 4.0));
        harness.run_steps(1);
    }
    harness.drop_at(to + beyond);
    harness.run_steps(1);
    harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    settle(&mut harness);
    let selected = canvas(&harness).selection;
    assert!(
        (0..2).all(|sector| (0..4).all(|lane| selected.contains(&SpaceRef::lap(sector, lane)))),
        "sectors 0 and 1 selected: {selected:?}"
    );
    assert_eq!(shown_track(&harness), before, "nothing moved");
}

/// As in Tiled, a drag that starts on a space not selected selects with a box and moves
/// nothing; Alt and a drag moves the space under the pointer without selecting it first.
#[test]
fn dragging_an_unselected_space_selects_instead_of_moving_it() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let before = shown_track(&harness);
    let at = SpaceRef::lap(2, 1);
    let index = harness.state().shown().expect("shown");
    let start = harness
        .state()
        .canvas(index)
        .expect("canvas")
        .screen_position(&before, at)
        .expect("on screen");
    let by = egui::vec2(60.0, 30.0);
    drag_from(&mut harness, start, by);
    assert_eq!(shown_track(&harness), before, "nothing moved");
    assert!(
        harness
            .state()
            .canvas(index)
            .expect("canvas")
            .selection
            .contains(&at),
        "the box from it selected it"
    );

    // With Alt, the same drag moves the space under the pointer.
    harness.key_press(Key::Escape);
    harness.event(egui::Event::ModifiersChanged(Modifiers::ALT));
    let other = SpaceRef::lap(5, 1);
    let start = harness
        .state()
        .canvas(index)
        .expect("canvas")
        .screen_position(&before, other)
        .expect("on screen");
    drag_from(&mut harness, start, by);
    harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    settle(&mut harness);
    let moved = shown_track(&harness);
    assert!(
        moved.space(other).expect("s").x > before.space(other).expect("s").x + 0.5,
        "Alt-drag moved it"
    );
}

#[test]
fn dragging_the_selection_moves_it_as_one_undo_step() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let before = shown_track(&harness);
    click_space(&mut harness, SpaceRef::lap(2, 1));
    drag_space(&mut harness, SpaceRef::lap(2, 1), egui::vec2(40.0, 0.0));
    let moved = shown_track(&harness);
    let (was, now) = (
        before.space(SpaceRef::lap(2, 1)).expect("s"),
        moved.space(SpaceRef::lap(2, 1)).expect("s"),
    );
    assert!(now.x > was.x + 0.5, "moved right: {} -> {}", was.x, now.x);
    menu(&mut harness, "Edit", "Undo Move");
    assert_eq!(
        shown_track(&harness),
        before,
        "one undo took the whole drag back"
    );
}

/// A crossover space of the figure 8 is one physical space drawn for both roads: dragging it
/// moves both spaces of its pair, so the crossover stays one place on the board.
#[test]
fn dragging_a_crossover_space_moves_both_spaces_of_its_pair() {
    let (_pack, mut harness) = open_figure_eight();
    let before = shown_track(&harness);
    let (a, b) = (SpaceRef::lap(0, 0), SpaceRef::lap(21, 0));
    assert!(
        before.crossover.iter().any(|p| (p.0, p.1) == (a, b)),
        "a crossover pair"
    );
    drag_space(&mut harness, a, egui::vec2(0.0, 40.0));
    let after = shown_track(&harness);
    let shift = |at: SpaceRef| {
        let (was, now) = (before.space(at).expect("s"), after.space(at).expect("s"));
        (now.x - was.x, now.y - was.y)
    };
    let (moved_a, moved_b) = (shift(a), shift(b));
    assert!(moved_a.1 > 0.5, "dragged down: {moved_a:?}");
    assert_eq!(moved_a, moved_b, "both spaces of the pair moved together");
    let untouched = SpaceRef::lap(5, 0);
    assert_eq!(shift(untouched), (0.0, 0.0), "nothing else moved");
}

/// The starting section is placed with the pointer, as stretches are: the start tool's ghost
/// follows it, and a click lays the section with its front beside the lap sector that starts
/// nearest, running that sector's way, the grid numbered on it. The inspector says which lap
/// sector the section joins.
#[test]
fn the_starting_section_is_placed_with_a_ghost_beside_the_lap() {
    let (_pack, mut harness) = open_figure_eight();
    let before = shown_track(&harness);
    let join = before.starting_join().expect("a starting section");
    assert_ne!(join, 0, "the figure 8 joins past the finish line");
    harness.get_by_label(&format!(
        "10 sectors × 4 lanes; the starting section joins lap sector {join}."
    ));
    harness.key_press(egui::Key::S);
    settle(&mut harness);
    harness.get_by_label("Sectors × lanes");
    let shown = harness.state().shown().expect("shown");
    let canvas = harness.state().canvas(shown).expect("canvas").clone();
    let (lane_0, lane_1) = (
        canvas
            .screen_position(&before, SpaceRef::lap(5, 0))
            .expect("5.0"),
        canvas
            .screen_position(&before, SpaceRef::lap(5, 1))
            .expect("5.1"),
    );
    // Two and a half lanes out from sector 5's lane 0, away from the rest of its lanes.
    let pointer = lane_0 + (lane_0 - lane_1) * 2.5;
    let placed = roadwright::stretch::start_placement::starting_section_at(
        &before,
        canvas.track_point(pointer).expect("on the canvas"),
        10,
    )
    .expect("a place");
    harness.hover_at(pointer);
    harness.run();
    let ghost = egui::Color32::from_rgba_unmultiplied(0x80, 0xc0, 0xff, 0x50);
    let ghosts = painted_polygons(&harness, ghost);
    assert_eq!(ghosts, 40, "the ghost shows the section's 40 spaces");
    harness.drag_at(pointer);
    harness.drop_at(pointer);
    settle(&mut harness);
    let after = shown_track(&harness);
    assert_eq!(after.starting_join(), Some(placed.joins));
    assert_eq!(after.start_sectors.len(), 10);
    let front = &after.start_sectors[9].spaces[0];
    assert!(
        (front.heading - placed.heading).abs() < 1e-3,
        "runs the joined sector's way at its start"
    );
    assert_eq!(after.grid.len(), 40, "the grid numbered on it");
    assert!(
        after
            .grid
            .iter()
            .all(|slot| slot.space.section == roadwright::content::track::Section::Start)
    );
    harness.get_by_label(&format!(
        "10 sectors × 4 lanes; the starting section joins lap sector {}.",
        placed.joins
    ));
}

/// How many filled polygons of a colour the last frame painted.
fn painted_polygons(harness: &Harness<'static, StudioApp>, fill: egui::Color32) -> usize {
    fn count(shape: &egui::epaint::Shape, fill: egui::Color32) -> usize {
        match shape {
            egui::epaint::Shape::Vec(shapes) => shapes.iter().map(|s| count(s, fill)).sum(),
            egui::epaint::Shape::Path(path) => usize::from(path.closed && path.fill == fill),
            _ => 0,
        }
    }
    harness
        .output()
        .shapes
        .iter()
        .map(|clipped| count(&clipped.shape, fill))
        .sum()
}

/// The selected space's field names keep to one line: "Heading (°)" used to wrap inside the
/// word ("Headin g") in the inspector's narrow names column.
#[test]
fn the_space_fields_names_do_not_wrap_inside_a_word() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    click_space(&mut harness, SpaceRef::lap(0, 0));
    let name = harness.get_by_label("Heading (°)").rect();
    let one_line = harness.get_by_label("Terrain").rect().height();
    assert!(
        name.height() < one_line * 1.5,
        "Heading (°) takes {:.0} points, a line {:.0}",
        name.height(),
        one_line
    );
}

/// The inspector keeps the width the designer gave it: selecting spaces whose actions have
/// long names (a crossover pair, a whole track) used to widen it for good.
#[test]
#[allow(
    clippy::float_cmp,
    reason = "the same layout gives the same edge to the bit; any change is the fault"
)]
fn the_inspector_keeps_its_width_whatever_it_shows() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let left_edge =
        |h: &Harness<'static, StudioApp>| h.get_by_label("Reopen the lap").rect().left();
    let before = left_edge(&harness);
    click_space(&mut harness, SpaceRef::lap(0, 0));
    assert_eq!(left_edge(&harness), before, "one space selected");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    settle(&mut harness);
    assert!(
        harness
            .state()
            .shown()
            .and_then(|index| harness.state().canvas(index))
            .map_or(0, |c| c.selection.len())
            > 100,
        "everything selected"
    );
    assert_eq!(left_edge(&harness), before, "everything selected");
    click_space(&mut harness, SpaceRef::lap(0, 0));
    assert_eq!(left_edge(&harness), before, "one space again");
}

/// Each kind of stretch keeps its own length and width: a corner made three sectors long is
/// not laid as long as the eight-sector straight set before it, and switching back finds the
/// straight's eight.
#[test]
fn each_kind_of_stretch_keeps_its_own_length_and_width() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "File", "New track");
    harness.get_by_label("Stretch").click();
    harness.run();
    let sectors = |h: &Harness<'static, StudioApp>| {
        h.get_by_role_and_label(Role::SpinButton, "Sectors").value()
    };
    let set = |h: &mut Harness<'static, StudioApp>, name: &str, value: f64| {
        h.get_by_role_and_label(Role::SpinButton, name)
            .set_value_accesskit(value);
        h.run();
    };
    harness.get_by_label("Straight").click();
    harness.run();
    set(&mut harness, "Sectors", 8.0);
    set(&mut harness, "Lanes", 4.0);
    harness.get_by_label("Corner").click();
    harness.run();
    assert_eq!(
        sectors(&harness).as_deref(),
        Some("5"),
        "the corner's own length"
    );
    set(&mut harness, "Sectors", 3.0);
    harness.get_by_label("Straight").click();
    harness.run();
    assert_eq!(
        sectors(&harness).as_deref(),
        Some("8"),
        "the straight's length kept"
    );
    harness.get_by_label("Lay stretch").click();
    settle(&mut harness);
    harness.get_by_label("Corner").click();
    harness.run();
    harness.get_by_label("Lay stretch").click();
    settle(&mut harness);
    let track = shown_track(&harness);
    assert_eq!(
        track.sectors.len(),
        11,
        "8 straight sectors and 3 corner ones"
    );
    assert_eq!(
        track.sectors[0].spaces.len(),
        4,
        "the straight's four lanes"
    );
    assert_eq!(
        track.sectors[10].spaces.len(),
        3,
        "the corner's own three lanes"
    );
}

/// Copy and paste of a stretch: Ctrl+C (egui's copy event) copies the selected lap sectors
/// and puts them on the system clipboard as text; Edit > Paste sectors lays them at the end of
/// the lap as one undo step, the pasted sectors selected; Ctrl+V with that text does the same.
#[test]
fn a_copied_stretch_is_pasted_at_the_end_of_the_lap_from_the_menu_or_the_keyboard() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "File", "New track");
    lay_a_straight(&mut harness);
    lay_a(&mut harness, "Corner");
    let laid = shown_track(&harness).sectors.len();
    assert_eq!(laid, 10, "a straight and a corner");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    settle(&mut harness);
    harness.event(egui::Event::Copy);
    harness.step();
    let copied = harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .expect("the copy is on the system clipboard");
    assert!(copied.contains("roadwright_sectors"), "{copied}");
    settle(&mut harness);
    harness.get_by_label_contains("Copied 10 sectors");

    menu(&mut harness, "Edit", "Paste sectors");
    let pasted = shown_track(&harness);
    assert_eq!(pasted.sectors.len(), 2 * laid, "the stretch laid again");
    let index = harness.state().shown().expect("shown");
    let selected = &harness.state().canvas(index).expect("canvas").selection;
    assert!(
        selected.iter().all(|at| at.sector as usize >= laid) && !selected.is_empty(),
        "the pasted sectors are selected"
    );
    menu(&mut harness, "Edit", "Undo Paste sectors");
    assert_eq!(shown_track(&harness).sectors.len(), laid, "one undo step");

    harness.event(egui::Event::Paste(copied));
    settle(&mut harness);
    assert_eq!(
        shown_track(&harness).sectors.len(),
        2 * laid,
        "pasted from the clipboard's text"
    );
}

/// A new track's diagnostics say it is not saved, and two new tracks are told apart: each is
/// numbered ("untitled track 1", "untitled track 2") in the list and in its diagnostics.
#[test]
fn an_unsaved_tracks_diagnostics_say_so_and_tell_two_new_tracks_apart() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "File", "New track");
    lay_a_straight(&mut harness);
    menu(&mut harness, "File", "New track");
    lay_a_straight(&mut harness);
    lay_a_straight(&mut harness);
    let lines: Vec<String> = harness
        .state()
        .diagnostics()
        .iter()
        .filter(|d| d.code == "lap-not-closed")
        .map(ToString::to_string)
        .collect();
    assert_eq!(lines.len(), 2, "one for each new track: {lines:?}");
    assert!(
        lines[0].contains("untitled track 1 (not saved)")
            && lines[1].contains("untitled track 2 (not saved)"),
        "{lines:?}"
    );
    assert!(
        lines[0].contains("sector (4)") && lines[1].contains("sector (9)"),
        "each track's own finding: {lines:?}"
    );
    harness.get_by_label("untitled track 1 (track) *");
    harness.get_by_label("untitled track 2 (track) *");
}

/// Close the lap refuses a lap whose end is nowhere near its start and says how far off it
/// is; a closed lap offers Reopen the lap, which unlinks it (and Close comes back).
#[test]
fn close_the_lap_refuses_a_gap_and_a_closed_lap_reopens() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "File", "New track");
    lay_a(&mut harness, "Straight");
    harness.get_by_label("Corner").click();
    harness.run();
    harness.get_by_label("Lay stretch").click();
    settle(&mut harness);
    harness.get_by_label("Close the lap").click();
    settle(&mut harness);
    let status = harness.state().status().unwrap_or_default().to_owned();
    assert!(
        status.contains("spaces past its start")
            && status.contains("lanes beside its line and turned 90°"),
        "{status}"
    );
    assert!(!shown_track(&harness).lap_is_closed(), "nothing linked");

    let mut harness = open_track(pack.path());
    assert!(shown_track(&harness).lap_is_closed());
    harness.get_by_label("Reopen the lap").click();
    settle(&mut harness);
    assert!(!shown_track(&harness).lap_is_closed());
    assert!(
        harness
            .state()
            .status()
            .is_some_and(|s| s.starts_with("Reopened the lap")),
        "{:?}",
        harness.state().status()
    );
    harness.get_by_label("Close the lap").click();
    settle(&mut harness);
    assert!(shown_track(&harness).lap_is_closed(), "closed again");
}

#[test]
fn a_new_track_is_drawn_closed_and_numbered_from_the_tools() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "File", "New track");
    harness.get_by_label("0 lap sectors, 0 starting sectors, 0 grid positions");
    for _ in 0..2 {
        lay_a(&mut harness, "Straight");
        harness.get_by_label("Corner").click();
        harness.run();
        // The default corner turns 90°: twice makes a half-turn.
        harness.get_by_label("Lay stretch").click();
        settle(&mut harness);
        harness.get_by_label("Lay stretch").click();
        settle(&mut harness);
    }
    harness.get_by_label("Close the lap").click();
    settle(&mut harness);
    assert_eq!(
        harness.state().status(),
        Some("Closed the lap: its 30 sectors run back to sector 0"),
        "the status line says what Close the lap did"
    );
    let track = shown_track(&harness);
    assert_eq!(track.sectors.len(), 30);
    assert!(
        track.sectors[29]
            .spaces
            .iter()
            .all(|s| s.next.iter().all(|to| to.sector == 0)),
        "the lap is closed"
    );
    harness.get_by_label_contains("error[grid-too-small]");
    harness
        .state_mut()
        .apply(roadwright::gui::StudioCommand::Act(
            roadwright::gui::action::Action::SelectAll,
        ));
    harness.run();
    harness
        .get_by_label("Number the selection as the grid")
        .click();
    settle(&mut harness);
    assert_eq!(shown_track(&harness).grid.len(), 90);
    assert!(harness.query_by_label_contains("grid-too-small").is_none());
}

#[test]
fn changing_a_card_count_changes_the_total_and_the_table() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    harness.get_by_label("race_deck.ron (race_deck)").click();
    settle(&mut harness);
    harness.get_by_label("Total: 96 cards");
    let count = harness
        .get_all_by_role_and_label(Role::SpinButton, "count")
        .next()
        .expect("the first card's count");
    count.set_value_accesskit(5.0);
    settle(&mut harness);
    harness.get_by_label("Total: 97 cards");
    harness.get_by_label("97 (92)");
    menu(&mut harness, "Edit", "Undo Edit row");
    harness.get_by_label("Total: 96 cards");
}

#[test]
fn a_driver_is_edited_in_the_team_mat_editor_beside_the_counters() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    harness.get_by_label("team_mats.ron (team_mats)").click();
    settle(&mut harness);
    harness.get_by_label("10 teams");
    harness.get_by_label("Counters (light and dark side)");
    let driver = harness
        .get_all_by_role_and_label(Role::TextInput, "driver")
        .next()
        .expect("the first driver field");
    driver.focus();
    driver.type_text("!");
    settle(&mut harness);
    let Document::TeamMats(mats) =
        &harness.state().workspace().documents[harness.state().shown().expect("shown")].document
    else {
        panic!("team mats shown");
    };
    assert!(
        mats.teams[0].cars[0].driver.as_str().ends_with('!'),
        "{}",
        mats.teams[0].cars[0].driver
    );
}

#[test]
fn saving_writes_the_file_atomically_with_a_backup_and_loads_back_identical() {
    let (pack, track_path) = workspace_copy();
    open_the_ovals_lap(pack.path());
    let original = fs::read_to_string(&track_path).expect("oval");
    let mut harness = open_track(pack.path());
    lay_a_straight(&mut harness);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut harness);
    assert!(
        !harness.state().title().ends_with('*'),
        "saved: {}",
        harness.state().title()
    );
    let edited = shown_track(&harness);
    assert_eq!(
        fs::read_to_string(roadwright::content::save::backup_path(&track_path)).expect("backup"),
        original,
        "the previous file is kept as a backup"
    );
    let reopened = harness_reopened(pack.path());
    assert_eq!(reopened, edited, "the saved track loads back identical");
    let race_deck = pack.path().join("race_deck.ron");
    let before: RaceDeck =
        ron::from_str(&fs::read_to_string(&race_deck).expect("deck")).expect("parse");
    assert_eq!(
        before.total_cards(),
        96,
        "only the track's own file was written"
    );
}

fn harness_reopened(pack: &Path) -> Track {
    let harness = open_track_to_extend(pack);
    shown_track(&harness)
}

#[test]
fn unsaved_work_is_recovered_after_a_crash() {
    let (pack, track_path) = workspace_copy();
    let mut harness = open_track_to_extend(pack.path());
    lay_a_straight(&mut harness);
    let edited = shown_track(&harness);
    harness.state_mut().autosave_now();
    // The crash: the studio goes away without saving or asking.
    drop(harness);
    let on_disk: Track =
        ron::from_str(&fs::read_to_string(&track_path).expect("oval")).expect("parse");
    assert_eq!(
        on_disk.sectors.len(),
        40,
        "the file itself was never touched"
    );
    let mut harness = start(StudioApp::open(pack.path()));
    harness.get_by_label_contains(
        "Unsaved work on oval.ron from a session that did not close cleanly",
    );
    harness.get_by_label("Recover").click();
    settle(&mut harness);
    assert_eq!(shown_track(&harness), edited);
    assert!(
        harness.state().title().ends_with('*'),
        "recovered work is unsaved until saved"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut harness);
    let again = harness_reopened(pack.path());
    assert_eq!(again, edited);
    let fresh = harness_after_clean_save(pack.path());
    assert!(fresh, "after saving, no recovery is offered");
}

fn harness_after_clean_save(pack: &Path) -> bool {
    let harness = start(StudioApp::open(pack));
    harness.query_by_label("Recover").is_none()
}

#[test]
fn closing_over_unsaved_changes_asks_first() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track_to_extend(pack.path());
    lay_a_straight(&mut harness);
    menu(&mut harness, "File", "Quit");
    assert!(harness.state().is_asking());
    assert!(!harness.state().quit_requested());
    harness.get_by_label("Cancel").click();
    settle(&mut harness);
    assert!(
        !harness.state().quit_requested(),
        "cancel keeps the window open"
    );
    menu(&mut harness, "File", "Quit");
    harness.get_by_label("Discard changes").click();
    settle(&mut harness);
    assert!(harness.state().quit_requested());
}

#[test]
fn opening_over_unsaved_changes_asks_and_save_all_saves_first() {
    let (pack, track_path) = workspace_copy();
    let mut harness = open_track_to_extend(pack.path());
    lay_a_straight(&mut harness);
    harness
        .state_mut()
        .apply(roadwright::gui::StudioCommand::Open(common::repo(
            "content",
        )));
    settle(&mut harness);
    assert!(harness.state().is_asking());
    harness.get_by_label("Save all").click();
    settle(&mut harness);
    let saved: Track =
        ron::from_str(&fs::read_to_string(&track_path).expect("oval")).expect("parse");
    assert_eq!(saved.sectors.len(), 45);
    assert_eq!(
        harness.state().workspace().path,
        common::repo("content"),
        "then it opened"
    );
}

#[test]
fn recent_files_and_the_theme_persist_in_the_preferences() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "View", "Theme");
    harness.get_by_label("Light").click();
    settle(&mut harness);
    let prefs = harness.state().prefs().clone();
    assert_eq!(prefs.theme, roadwright::gui::prefs::Theme::Light);
    assert_eq!(
        prefs.recent.first(),
        Some(&pack.path().canonicalize().expect("path"))
    );
    let text = ron::to_string(&prefs).expect("prefs serialise");
    let back: roadwright::gui::Prefs = ron::from_str(&text).expect("and load");
    assert_eq!(back, prefs);
}

/// Opens `app` with the in-window file dialogs chosen, lays a stretch on a new track and
/// presses Ctrl+S, then clicks the dialog's Save; the file written, which must be the shown
/// document's file afterwards.
fn save_a_new_track_through_the_in_window_dialog(app: StudioApp) -> PathBuf {
    // egui_file's two text fields (folder, file name) carry no accessible name, which the
    // harness's accessibility check refuses; the studio's own widgets are checked everywhere
    // else.
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1400.0, 900.0])
        .with_accessibility_check(false)
        .build_ui_state(
            |ui, app: &mut StudioApp| app.ui(ui),
            common::studio::quiet(app),
        );
    settle(&mut harness);
    menu(&mut harness, "View", "Built-in file dialogs");
    assert!(harness.state().prefs().built_in_file_dialogs);
    menu(&mut harness, "File", "New track");
    lay_a(&mut harness, "Straight");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    settle(&mut harness);
    assert!(
        harness.query_by_label_contains("Save as").is_some(),
        "the dialog is open"
    );
    assert!(
        harness
            .query_all(By::new().role(Role::TextInput).value("new-track.ron"))
            .next()
            .is_some(),
        "the track's name is suggested"
    );
    harness.get_by_label("Save").click();
    settle(&mut harness);
    let index = harness.state().shown().expect("shown");
    let saved = harness.state().workspace().documents[index]
        .path
        .clone()
        .expect("the track has its file now");
    assert!(saved.exists(), "{} written", saved.display());
    assert!(!harness.state().workspace().is_dirty());
    saved
}

/// Without the system's dialogs (no desktop portal, or chosen in the View menu) the studio
/// draws its own: Ctrl+S on a new track opens Save as in the workspace's `tracks` folder with
/// the track's name suggested, and its Save button writes the file.
#[test]
fn ctrl_s_on_a_new_track_saves_it_through_the_in_window_dialog() {
    let (pack, _) = workspace_copy();
    fs::create_dir(pack.path().join("tracks")).expect("tracks folder");
    let saved = save_a_new_track_through_the_in_window_dialog(StudioApp::open(pack.path()));
    assert_eq!(saved, pack.path().join("tracks/new-track.ron"));
}

/// Save as under another file name asks whether the track takes the new file's id and name:
/// Rename saves `dust-bowl-2` as "Dust Bowl 2"; Keep saves the id it had; Cancel saves nothing.
#[test]
fn save_as_asks_whether_to_rename_the_track_after_its_new_file() {
    use roadwright::gui::StudioCommand;
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let saved_id = |path: &Path| {
        let Ok(Document::Track(track)) = Document::load(path).map(|l| l.document) else {
            panic!("a track at {}", path.display());
        };
        (track.id.to_string(), track.name.to_string())
    };
    let renamed = pack.path().join("Dust Bowl 2.ron");
    harness
        .state_mut()
        .apply(StudioCommand::SaveAs(renamed.clone()));
    settle(&mut harness);
    assert!(harness.state().is_asking_rename());
    assert!(!renamed.exists(), "nothing saved before the answer");
    harness
        .get_by_label_contains("Rename to `dust-bowl-2`")
        .click();
    settle(&mut harness);
    assert_eq!(
        saved_id(&renamed),
        ("dust-bowl-2".to_owned(), "Dust Bowl 2".to_owned())
    );

    let kept = pack.path().join("another.ron");
    harness
        .state_mut()
        .apply(StudioCommand::SaveAs(kept.clone()));
    settle(&mut harness);
    harness.get_by_label_contains("Keep `dust-bowl-2`").click();
    settle(&mut harness);
    assert_eq!(saved_id(&kept).0, "dust-bowl-2");

    let cancelled = pack.path().join("not-saved.ron");
    harness
        .state_mut()
        .apply(StudioCommand::SaveAs(cancelled.clone()));
    settle(&mut harness);
    harness.get_by_label("Cancel").click();
    settle(&mut harness);
    assert!(!cancelled.exists() && !harness.state().is_asking_rename());
}

/// The studio's default layout: the `content` folder opened with a track from a `tracks`
/// folder beside it. A new track is suggested beside that track, not among the content files.
#[test]
fn a_new_track_is_saved_beside_the_tracks_already_open() {
    let root = tempfile::tempdir().expect("temp dir");
    let content = root.path().join("content");
    let tracks = root.path().join("tracks");
    fs::create_dir(&tracks).expect("tracks folder");
    common::copy_folder(&common::repo("content"), &content);
    fs::copy(common::repo("tracks/oval.ron"), tracks.join("oval.ron")).expect("oval");
    let saved = save_a_new_track_through_the_in_window_dialog(StudioApp::open_with(
        &content,
        &[tracks.join("oval.ron")],
    ));
    assert_eq!(saved, tracks.join("new-track.ron"));
}

/// A background picture is named relative to its track, so its dialog opens beside the track
/// (the track's own folder), not in the content folder.
#[test]
fn the_background_picture_dialog_opens_beside_the_track() {
    let (_root, tracks, mut harness) = project_with_built_in_dialogs();
    harness.get_by_label("Choose picture…").click();
    settle(&mut harness);
    harness.get_by_label_contains("Choose a background picture");
    let folder = tracks.display().to_string();
    assert!(
        harness
            .query_all(By::new().role(Role::TextInput).value(&folder))
            .next()
            .is_some(),
        "the dialog shows {folder}"
    );
}

/// Someone else changes the track's file while it is edited: Ctrl+S does not write over it;
/// a line above the editor says so, and its Reload reads their version, the studio's one Undo
/// away.
#[test]
fn a_file_changed_on_disk_is_not_overwritten_and_can_be_reloaded() {
    let (pack, track_file) = workspace_copy();
    let mut harness = open_track_to_extend(pack.path());
    lay_a_straight(&mut harness);
    let theirs =
        fs::read_to_string(&track_file)
            .expect("track")
            .replacen("Dust Bowl Oval", "Their Oval", 1);
    fs::write(&track_file, &theirs).expect("their edit");

    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut harness);
    assert_eq!(
        fs::read_to_string(&track_file).expect("track"),
        theirs,
        "their edit is not overwritten"
    );
    harness.get_by_label_contains("changed on disk since you opened it");
    assert!(harness.query_by_label("Keep mine (save over it)").is_some());
    assert!(harness.query_by_label("Save mine as...").is_some());

    harness
        .get_by_label("Reload oval.ron (yours stay one Undo away)")
        .click();
    settle(&mut harness);
    let track = shown_track(&harness);
    assert_eq!(track.name.to_string(), "Their Oval");
    assert_eq!(
        track.sectors.len(),
        40,
        "their version, without the stretch"
    );
    assert!(
        harness
            .query_by_label_contains("changed on disk since you opened it")
            .is_none(),
        "answered"
    );
    menu(&mut harness, "Edit", "Undo Reload from disk");
    assert_eq!(
        shown_track(&harness).sectors.len(),
        45,
        "the stretch is back"
    );
}

/// Detect crossover and Save all say what they did on the status line (and when there was
/// nothing to do).
#[test]
fn detect_crossover_and_save_all_say_what_they_did() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track_to_extend(pack.path());
    // The crossover tool's options hold the button.
    harness.key_press(egui::Key::X);
    settle(&mut harness);
    harness
        .get_by_label("Detect crossover from the drawing")
        .click();
    settle(&mut harness);
    assert_eq!(
        harness.state().status(),
        Some("No crossover found: no two lap spaces are drawn on one spot")
    );
    let mut figure_eight = start(StudioApp::open(&common::repo("tracks/figure-eight.ron")));
    let pairs = shown_track(&figure_eight).crossover.len();
    assert!(pairs > 1, "the figure 8 crosses itself");
    figure_eight.key_press(egui::Key::X);
    settle(&mut figure_eight);
    figure_eight
        .get_by_label("Detect crossover from the drawing")
        .click();
    settle(&mut figure_eight);
    assert_eq!(
        figure_eight.state().status().map(str::to_owned),
        Some(format!(
            "Crossover detected: {pairs} pairs of spaces drawn on one spot"
        ))
    );

    lay_a_straight(&mut harness);
    menu(&mut harness, "File", "Save all");
    assert_eq!(harness.state().status(), Some("Saved all: 1 file"));
    menu(&mut harness, "File", "Save all");
    assert_eq!(
        harness.state().status(),
        Some("Nothing to save: every file is as saved")
    );
}

/// File dialogs start where the user works: the project folder (not its content folder), then
/// the folder last chosen for the same purpose; a new track's diagnostics name the tracks folder
/// it will be saved in; a race record is offered in the project folder, never in `content/`.
#[test]
fn file_dialogs_start_in_the_project_then_in_the_folder_last_chosen() {
    use roadwright::gui::StudioCommand;
    use roadwright::gui::action::Action;
    use roadwright::gui::file_picker::Picker;
    let (root, tracks, mut harness) = project_with_built_in_dialogs();
    let started_in = |harness: &egui_kittest::Harness<'static, StudioApp>| {
        harness
            .state()
            .file_dialog()
            .map(|(_, folder)| folder.to_owned())
            .expect("a dialog is open")
    };
    harness
        .state_mut()
        .apply(StudioCommand::Act(Action::OpenRecord));
    settle(&mut harness);
    assert_eq!(started_in(&harness), root.path(), "the project folder");
    harness.get_by_label("Cancel").click();
    settle(&mut harness);

    menu(&mut harness, "File", "New track");
    lay_a(&mut harness, "Straight");
    let new = harness.state().shown().expect("the new track");
    let named = harness
        .state()
        .workspace()
        .validation_path(new)
        .expect("a name");
    assert_eq!(
        named.parent(),
        Some(tracks.as_path()),
        "{}",
        named.display()
    );
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    settle(&mut harness);
    harness.get_by_label("Save").click();
    settle(&mut harness);
    assert!(!harness.state().workspace().is_dirty(), "saved in tracks/");

    // A track saved in tracks/ does not move where records are looked for: each purpose has
    // its own last folder.
    harness
        .state_mut()
        .apply(StudioCommand::Act(Action::OpenRecord));
    settle(&mut harness);
    assert_eq!(started_in(&harness), root.path(), "records' own folder");
    harness.get_by_label("Cancel").click();
    settle(&mut harness);
    harness
        .state_mut()
        .apply(StudioCommand::Act(Action::OpenFile));
    settle(&mut harness);
    assert_eq!(
        started_in(&harness),
        tracks,
        "the folder last chosen for a file"
    );
    harness.get_by_label("Cancel").click();
    settle(&mut harness);

    harness.get_by_label("oval.ron (track)").click();
    settle(&mut harness);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::R);
    settle(&mut harness);
    harness.get_by_label("Start race").click();
    settle(&mut harness);
    assert!(
        harness.state().is_shown(ScreenKind::Race),
        "a race on the oval"
    );
    harness
        .state_mut()
        .apply(StudioCommand::Act(Action::SaveRecord));
    settle(&mut harness);
    let Some((Picker::ForScreen(asked), _)) = harness.state().file_dialog() else {
        panic!("Save race record asks for a file");
    };
    let Some(offered) = &asked.suggested else {
        panic!("Save race record asks with a suggestion");
    };
    assert_eq!(offered.parent(), Some(root.path()), "{}", offered.display());
}

/// A project (`content/` and `tracks/oval.ron`) in a temporary folder, opened on its oval with
/// the in-window file dialogs; the folder and its tracks folder.
fn project_with_built_in_dialogs() -> (tempfile::TempDir, PathBuf, Harness<'static, StudioApp>) {
    let root = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("content"), &root.path().join("content"));
    let tracks = root.path().join("tracks");
    fs::create_dir(&tracks).expect("tracks folder");
    fs::copy(common::repo("tracks/oval.ron"), tracks.join("oval.ron")).expect("oval");
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1400.0, 900.0])
        // egui_file's text fields carry no accessible name (see the Save as test).
        .with_accessibility_check(false)
        .build_ui_state(
            |ui, app: &mut StudioApp| app.ui(ui),
            common::studio::quiet(StudioApp::open(&tracks.join("oval.ron"))),
        );
    settle(&mut harness);
    menu(&mut harness, "View", "Built-in file dialogs");
    (root, tracks, harness)
}

/// The inspector's Route makes the oval point to point: its lap opens, the inspector says where
/// the finish line now lies, the track checks clean, and Undo makes it a closed lap again.
#[test]
fn the_route_makes_a_lap_point_to_point_and_undo_closes_it_again() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    assert!(shown_track(&harness).lap_is_closed());
    harness
        .get_by_role_and_label(egui::accesskit::Role::ComboBox, "route")
        .click();
    harness.run();
    harness.get_by_label("point to point").click();
    settle(&mut harness);
    let track = shown_track(&harness);
    assert!(track.point_to_point() && !track.lap_is_closed());
    harness.get_by_label("Point to point: the finish line lies before sector 39, the run-off.");
    crate::common::studio::assert_no_errors(&harness);
    menu(&mut harness, "Edit", "Undo Make the track point to point");
    settle(&mut harness);
    let track = shown_track(&harness);
    assert!(!track.point_to_point() && track.lap_is_closed());
}
