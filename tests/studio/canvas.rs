//! The track canvas driven headless as a person would: each tool clicked on the canvas, the
//! inspector's selection buttons, the keys (tools, Delete, Esc, zoom), panning and zooming with
//! the pointer, the first stretch's heading, and what the canvas draws.

use crate::common;

use common::studio::{
    click_space, menu, open_file, open_track, painted, polygons_of, settle, shift_click,
    shown_track, start, workspace_copy,
};
use egui::epaint::{Shape, Vertex};
use egui::{Color32, Event, Key, Modifiers, PointerButton, Pos2, accesskit::Role, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use roadwright::content::race_deck::LaneSide;
use roadwright::content::track::{Chute, CrossoverPair, SpaceRef, TerrainId, Track};
use roadwright::gui::StudioApp;
use roadwright::gui::canvas::{Tool, TrackCanvas};
use roadwright::render::palette;

fn canvas(harness: &Harness<'static, StudioApp>) -> TrackCanvas {
    let index = harness.state().shown().expect("shown");
    harness.state().canvas(index).expect("canvas").clone()
}

fn press(harness: &mut Harness<'static, StudioApp>, key: Key) {
    harness.key_press(key);
    settle(harness);
}

fn screen(harness: &Harness<'static, StudioApp>, at: SpaceRef) -> Pos2 {
    canvas(harness)
        .screen_position(&shown_track(harness), at)
        .expect("on screen")
}

fn colour([r, g, b, a]: [u8; 4]) -> Color32 {
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// The texts the last frame painted.
fn texts(harness: &Harness<'static, StudioApp>) -> Vec<String> {
    painted(harness)
        .iter()
        .filter_map(|shape| match shape {
            Shape::Text(text) => Some(text.galley.text().to_owned()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_link_tool_adds_a_forward_link_with_two_clicks_and_the_same_clicks_remove_it() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    press(&mut harness, Key::L);
    assert_eq!(canvas(&harness).tool, Tool::Link);
    let (from, to) = (SpaceRef::lap(3, 0), SpaceRef::lap(5, 0));
    let linked = |h: &Harness<'static, StudioApp>| {
        shown_track(h).space(from).expect("3.0").next.contains(&to)
    };
    assert!(!linked(&harness));

    click_space(&mut harness, from);
    assert_eq!(
        canvas(&harness).first_click,
        Some(from),
        "waits for the second"
    );
    click_space(&mut harness, to);
    assert!(linked(&harness));
    assert_eq!(canvas(&harness).first_click, None);

    click_space(&mut harness, from);
    click_space(&mut harness, to);
    assert!(!linked(&harness));
    menu(&mut harness, "Edit", "Undo Remove link");
    assert!(linked(&harness));
}

#[test]
fn the_finish_line_tool_makes_the_clicked_sector_sector_zero() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let before = shown_track(&harness);
    press(&mut harness, Key::F);
    click_space(&mut harness, SpaceRef::lap(10, 1));
    let after = shown_track(&harness);
    assert_eq!(after.sectors.len(), before.sectors.len());
    for lane in 0..3 {
        let old = before.space(SpaceRef::lap(10, lane)).expect("old 10");
        let new = after.space(SpaceRef::lap(0, lane)).expect("new 0");
        assert_eq!((new.x, new.y), (old.x, old.y), "lane {lane}");
    }
}

#[test]
fn the_chute_tool_puts_the_chute_beside_the_clicked_edge_space() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    press(&mut harness, Key::C);
    click_space(&mut harness, SpaceRef::lap(20, 0));
    assert_eq!(
        shown_track(&harness).chute,
        Some(Chute {
            beside: SpaceRef::lap(20, 0),
            side: LaneSide::Inside,
        })
    );
    // The middle lane has no side to put a chute on: nothing changes.
    click_space(&mut harness, SpaceRef::lap(22, 1));
    assert_eq!(
        shown_track(&harness).chute.map(|c| c.beside),
        Some(SpaceRef::lap(20, 0))
    );
    // The chute is drawn where it is, marked C.
    assert_eq!(polygons_of(&harness, colour(palette::CHUTE)), 1);
    assert!(texts(&harness).contains(&"C".to_owned()));
}

#[test]
fn the_crossover_tool_removes_a_pair_with_shift_and_adds_one_by_clicking_one_spot_twice() {
    let (pack, _) = workspace_copy();
    std::fs::copy(
        common::repo("tracks/figure-eight.ron"),
        pack.path().join("figure-eight.ron"),
    )
    .expect("copy");
    let mut harness = open_file(pack.path(), "figure-eight.ron (track)");
    assert_eq!(shown_track(&harness).crossover.len(), 4);
    press(&mut harness, Key::X);
    let spot = screen(&harness, SpaceRef::lap(0, 0));

    shift_click(&mut harness, spot);
    settle(&mut harness);
    let pairs = shown_track(&harness).crossover;
    assert_eq!(pairs.len(), 3, "shift-click removed the pair on that spot");
    let is_the_pair = |pair: &CrossoverPair| {
        [pair.0, pair.1] == [SpaceRef::lap(0, 0), SpaceRef::lap(21, 0)]
            || [pair.1, pair.0] == [SpaceRef::lap(0, 0), SpaceRef::lap(21, 0)]
    };
    assert!(!pairs.iter().any(is_the_pair));

    // Both spaces lie on the spot: the first click takes the top one, the second the other.
    click_space(&mut harness, SpaceRef::lap(0, 0));
    assert!(canvas(&harness).first_click.is_some());
    click_space(&mut harness, SpaceRef::lap(0, 0));
    let pairs = shown_track(&harness).crossover;
    assert_eq!(pairs.len(), 4);
    assert!(pairs.iter().any(is_the_pair), "{pairs:?}");
    // Crossover spaces are outlined in the crossover colour.
    let outlined = painted(&harness)
        .iter()
        .filter(|shape| {
            matches!(shape, Shape::Path(path) if path.stroke.color == egui::epaint::ColorMode::Solid(colour(palette::CROSSOVER)))
        })
        .count();
    assert_eq!(outlined, 8, "four pairs, eight outlined spaces");
}

#[test]
fn the_grid_tool_adds_a_clicked_space_to_the_grid_and_a_second_click_takes_it_off() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let before = shown_track(&harness).grid;
    let extra = SpaceRef::lap(20, 1);
    assert!(!before.iter().any(|slot| slot.space == extra));
    press(&mut harness, Key::G);
    click_space(&mut harness, extra);
    let grid = shown_track(&harness).grid;
    assert_eq!(grid.len(), before.len() + 1);
    assert!(grid.iter().any(|slot| slot.space == extra));
    click_space(&mut harness, extra);
    assert_eq!(shown_track(&harness).grid, before);
}

#[test]
fn the_hazard_tool_marks_a_clicked_space_a_hazard_spot_draws_its_triangle_and_clears_it() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let spot = SpaceRef::lap(5, 1);
    let triangles = |harness: &Harness<'static, StudioApp>| {
        painted(harness)
            .iter()
            .filter(|shape| match shape {
                Shape::Path(path) => {
                    path.points.len() == 3
                        && path.stroke.color
                            == egui::epaint::ColorMode::Solid(colour(palette::HAZARD))
                }
                _ => false,
            })
            .count()
    };
    assert_eq!(triangles(&harness), 0);
    press(&mut harness, Key::H);
    click_space(&mut harness, spot);
    assert!(shown_track(&harness).space(spot).expect("5.1").hazard);
    assert_eq!(triangles(&harness), 1, "the spot's warning triangle");
    harness.get_by_label(
        "1 hazard spot (each is dealt a face-down token from the pack's hazard deck at setup)",
    );
    // Selected, the spot's player counts are ticked in the inspector: dealt only at 4.
    press(&mut harness, Key::V);
    click_space(&mut harness, spot);
    harness
        .get_by_role_and_label(egui::accesskit::Role::CheckBox, "4")
        .click();
    settle(&mut harness);
    assert_eq!(
        shown_track(&harness)
            .space(spot)
            .expect("5.1")
            .hazard_players,
        [4]
    );
    harness.key_press_modifiers(egui::Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    assert!(
        shown_track(&harness)
            .space(spot)
            .expect("5.1")
            .hazard_players
            .is_empty()
    );
    press(&mut harness, Key::H);
    click_space(&mut harness, spot);
    assert!(!shown_track(&harness).space(spot).expect("5.1").hazard);
    assert_eq!(triangles(&harness), 0);
}

#[test]
fn the_selections_buttons_rotate_insert_and_remove_sectors() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let at = SpaceRef::lap(5, 1);
    let heading = shown_track(&harness).space(at).expect("5.1").heading;
    click_space(&mut harness, at);
    harness.get_by_label("Rotate +15°").click();
    settle(&mut harness);
    let turned = shown_track(&harness).space(at).expect("5.1").heading;
    assert!(
        ((turned - heading).rem_euclid(360.0) - 15.0).abs() < 1e-3,
        "{heading} -> {turned}"
    );

    harness.get_by_label("Insert sector after 5").click();
    settle(&mut harness);
    assert_eq!(shown_track(&harness).sectors.len(), 41);
    harness.get_by_label("Remove 1 sector").click();
    settle(&mut harness);
    assert_eq!(shown_track(&harness).sectors.len(), 40);
    assert!(canvas(&harness).selection.is_empty());
}

#[test]
fn delete_removes_the_selected_sectors_as_one_step_and_escape_clears_the_selection() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    click_space(&mut harness, SpaceRef::lap(7, 0));
    let other = screen(&harness, SpaceRef::lap(9, 2));
    shift_click(&mut harness, other);
    settle(&mut harness);
    assert_eq!(canvas(&harness).selection.len(), 2);
    press(&mut harness, Key::Delete);
    assert_eq!(shown_track(&harness).sectors.len(), 38);
    menu(&mut harness, "Edit", "Undo Remove sectors");
    assert_eq!(shown_track(&harness).sectors.len(), 40, "one step back");

    click_space(&mut harness, SpaceRef::lap(3, 0));
    assert_eq!(canvas(&harness).selection.len(), 1);
    press(&mut harness, Key::P);
    assert_eq!(canvas(&harness).tool, Tool::Paint);
    press(&mut harness, Key::Escape);
    assert!(canvas(&harness).selection.is_empty());
    assert_eq!(canvas(&harness).tool, Tool::Select);
}

#[test]
fn keys_zoom_in_and_out_and_ctrl_zero_fits_the_track() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let fitted = canvas(&harness).view;
    press(&mut harness, Key::Plus);
    let zoom = canvas(&harness).view.zoom;
    assert!((zoom / fitted.zoom - 1.25).abs() < 1e-4, "{zoom}");
    press(&mut harness, Key::Minus);
    press(&mut harness, Key::Minus);
    let zoom = canvas(&harness).view.zoom;
    assert!((zoom / fitted.zoom - 0.8).abs() < 1e-4, "{zoom}");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Num0);
    settle(&mut harness);
    // The first frame's fit saw a canvas a few pixels different while the panels settled.
    let refitted = canvas(&harness).view;
    assert_eq!(refitted.centre, fitted.centre);
    assert!(
        (refitted.zoom / fitted.zoom - 1.0).abs() < 0.02,
        "{refitted:?}"
    );
}

#[test]
fn dragging_with_the_right_button_pans_and_zooming_keeps_the_point_under_the_pointer() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let before = canvas(&harness).view;
    let grab = screen(&harness, SpaceRef::lap(0, 1));
    harness.hover_at(grab);
    harness.run();
    let button = |pressed, pos| Event::PointerButton {
        pos,
        button: PointerButton::Secondary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    harness.event(button(true, grab));
    harness.run();
    for step in 1..=4 {
        harness.event(Event::PointerMoved(grab + vec2(30.0 * step as f32, 0.0)));
        harness.run();
    }
    harness.event(button(false, grab + vec2(120.0, 0.0)));
    settle(&mut harness);
    let panned = canvas(&harness).view;
    assert_eq!(
        panned.zoom.to_bits(),
        before.zoom.to_bits(),
        "a pan does not zoom"
    );
    assert!(
        (panned.centre.x - (before.centre.x - 120.0 / before.zoom)).abs() < 1e-3,
        "{before:?} -> {panned:?}"
    );
    assert!(
        (screen(&harness, SpaceRef::lap(0, 1)) - (grab + vec2(120.0, 0.0))).length() < 0.5,
        "the space moved with the pointer"
    );

    let pointer = screen(&harness, SpaceRef::lap(10, 0));
    harness.hover_at(pointer);
    harness.run();
    harness.event(Event::Zoom(1.5));
    settle(&mut harness);
    let zoomed = canvas(&harness).view;
    assert!((zoomed.zoom / panned.zoom - 1.5).abs() < 1e-3);
    assert!(
        (screen(&harness, SpaceRef::lap(10, 0)) - pointer).length() < 0.5,
        "the space under the pointer stays under it"
    );
}

#[test]
fn the_first_stretch_of_a_new_track_takes_the_chosen_heading_and_side() {
    let (pack, _) = workspace_copy();
    let mut harness = start(StudioApp::open(pack.path()));
    menu(&mut harness, "File", "New track");
    harness.get_by_label("Stretch").click();
    settle(&mut harness);
    harness
        .get_by_role_and_label(Role::SpinButton, "First heading")
        .set_value_accesskit(90.0);
    harness.run();
    harness.get_by_label("left").click();
    harness.run();
    harness.get_by_label("Lay stretch").click();
    settle(&mut harness);
    let track = shown_track(&harness);
    let apron = track.space(SpaceRef::lap(0, 0)).expect("0.0");
    let outside = track.space(SpaceRef::lap(0, 2)).expect("0.2");
    let ahead = track.space(SpaceRef::lap(1, 1)).expect("1.1");
    let middle = track.space(SpaceRef::lap(0, 1)).expect("0.1");
    assert!((apron.heading - 90.0).abs() < 1e-3, "{}", apron.heading);
    assert!(
        ahead.y > middle.y,
        "heading 90 travels down the screen (+y)"
    );
    // Facing down the screen, the driver's left is +x: lane 0 is there.
    assert!(apron.x > outside.x, "{} vs {}", apron.x, outside.x);
    // Once the track has sectors, the heading comes from the lap's end: the fields go.
    assert!(harness.query_by_label("First heading").is_none());
}

#[test]
fn the_canvas_draws_every_space_in_its_terrain_colour_and_the_grid_numbers_close_up() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let track = shown_track(&harness);
    let count = |terrain: &TerrainId| {
        track
            .spaces()
            .filter(|(_, s)| s.terrain == *terrain)
            .count()
    };
    for (terrain, fill) in [
        (TerrainId::paved(), palette::PAVED),
        (TerrainId::jump(), palette::JUMP),
        (TerrainId::trough(), palette::TROUGH),
    ] {
        assert_eq!(
            polygons_of(&harness, colour(fill)),
            count(&terrain),
            "the fitted oval shows every {terrain:?} space in its colour"
        );
    }
    let paved = count(&TerrainId::paved());
    assert!(
        polygons_of(&harness, colour(palette::FINISH_LIGHT)) > 0,
        "the finish line's checks"
    );

    press(&mut harness, Key::P);
    click_space(&mut harness, SpaceRef::lap(5, 0));
    assert_eq!(polygons_of(&harness, colour(palette::ROUGH)), 1);
    assert_eq!(polygons_of(&harness, colour(palette::PAVED)), paved - 1);
    assert_eq!(
        shown_track(&harness)
            .space(SpaceRef::lap(5, 0))
            .expect("5.0")
            .terrain,
        TerrainId::rough()
    );

    // Grid numbers, in the grid colour, only appear close enough to read.
    let numbers = |h: &Harness<'static, StudioApp>| -> Vec<String> {
        painted(h)
            .iter()
            .filter_map(|shape| match shape {
                Shape::Text(text)
                    if text.galley.job.sections.first().map(|s| s.format.color)
                        == Some(colour(palette::GRID)) =>
                {
                    Some(text.galley.text().to_owned())
                }
                _ => None,
            })
            .collect()
    };
    let mut expected: Vec<String> = track
        .grid
        .iter()
        .map(|slot| slot.position.to_string())
        .collect();
    expected.sort();
    let mut shown = numbers(&harness);
    shown.sort();
    assert_eq!(shown, expected, "every grid number at the fitted zoom");
    while canvas(&harness).view.zoom >= 10.0 {
        press(&mut harness, Key::Minus);
    }
    assert!(numbers(&harness).is_empty(), "too small to read");
}

#[test]
fn a_background_picture_is_loaded_drawn_placed_scaled_and_faded() {
    let (pack, track_path) = workspace_copy();
    let picture = board_picture(pack.path());
    let mut harness = open_track(pack.path());
    choose_background(&mut harness, picture.clone());
    settle(&mut harness);
    let background = shown_track(&harness).background.expect("placed");
    assert_eq!(
        background.path.as_str(),
        "board.png",
        "relative to the track"
    );
    let drawn = |h: &Harness<'static, StudioApp>| -> Vec<Vec<Vertex>> {
        painted(h)
            .iter()
            .filter_map(|shape| match shape {
                Shape::Mesh(mesh) if mesh.texture_id != egui::TextureId::default() => {
                    Some(mesh.vertices.clone())
                }
                _ => None,
            })
            .collect()
    };
    let meshes = drawn(&harness);
    assert_eq!(meshes.len(), 1, "the picture is drawn under the track");
    assert_eq!(meshes[0][0].color.a(), 127, "at half opacity");

    for (name, value) in [("Opacity", 1.0), ("Units per pixel", 0.5), ("x", 3.0)] {
        harness
            .get_by_role_and_label(Role::SpinButton, name)
            .set_value_accesskit(value);
        settle(&mut harness);
    }
    let placed = shown_track(&harness).background.expect("placed");
    assert_eq!((placed.opacity, placed.scale, placed.x), (1.0, 0.5, 3.0));
    let meshes = drawn(&harness);
    assert_eq!(meshes[0][0].color.a(), 255);
    let xs: Vec<f32> = meshes[0].iter().map(|v| v.pos.x).collect();
    let width =
        xs.iter().copied().fold(f32::MIN, f32::max) - xs.iter().copied().fold(f32::MAX, f32::min);
    let zoom = canvas(&harness).view.zoom;
    assert!(
        (width - 40.0 * 0.5 * zoom).abs() < 0.5,
        "40 pixels at 0.5 units each: {width} on screen at zoom {zoom}"
    );
    // The picture's left edge is at x = 3: find it on screen from a space's known position.
    let space = shown_track(&harness)
        .space(SpaceRef::lap(0, 0))
        .cloned()
        .expect("0.0");
    let left = screen(&harness, SpaceRef::lap(0, 0)).x + (3.0 - space.x) * zoom;
    let drawn_left = xs.iter().copied().fold(f32::MAX, f32::min);
    assert!((drawn_left - left).abs() < 0.5, "{drawn_left} vs {left}");

    // Saved with the track, and a picture that is not one is reported, not fatal.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut harness);
    let saved: Track =
        ron::from_str(&std::fs::read_to_string(&track_path).expect("track")).expect("parse");
    assert_eq!(saved.background, Some(placed));
    let not_a_picture = pack.path().join("notes.png");
    std::fs::write(&not_a_picture, "not a picture").expect("write");
    choose_background(&mut harness, not_a_picture);
    settle(&mut harness);
    harness.get_by_label_contains("Cannot show");
    assert!(drawn(&harness).is_empty());
}

/// The stretch tool's ghost follows the pointer while the lap is open, and goes once the lap
/// is closed: a closed lap's end runs into the finish line, so no stretch can follow it (Lay
/// stretch is greyed and a click on the canvas lays nothing).
#[test]
fn the_stretch_ghost_goes_once_the_lap_is_closed() {
    let (pack, _) = workspace_copy();
    let mut harness = common::studio::open_track_to_extend(pack.path());
    let ghost = Color32::from_rgba_unmultiplied(0x80, 0xc0, 0xff, 0x50);
    press(&mut harness, Key::T);
    let middle = screen(&harness, SpaceRef::lap(20, 1));
    harness.hover_at(middle);
    harness.run();
    assert!(
        polygons_of(&harness, ghost) > 0,
        "a ghost under the pointer"
    );

    harness.get_by_label("Close the lap").click();
    settle(&mut harness);
    assert!(shown_track(&harness).lap_is_closed());
    let closed = shown_track(&harness);
    harness.hover_at(middle + egui::vec2(3.0, 0.0));
    harness.run();
    assert_eq!(polygons_of(&harness, ghost), 0, "no ghost on a closed lap");
    assert!(
        egui_kittest::kittest::NodeT::accesskit_node(&harness.get_by_label("Lay stretch"))
            .is_disabled()
    );
    harness.get_by_label("The lap is closed: no stretch follows its end.");
    harness.drag_at(middle);
    harness.drop_at(middle);
    settle(&mut harness);
    assert_eq!(shown_track(&harness), closed, "a click lays nothing");
}

/// A stretch that cannot be laid (the oval's three lanes cannot widen to eight at once) is not
/// a ghost that silently vanishes: it is drawn in the refusal colour where it would go, with
/// the reason and the width that works beside the pointer; a click lays nothing.
#[test]
fn a_stretch_that_cannot_be_laid_shows_why_before_the_click() {
    let (pack, _) = workspace_copy();
    let mut harness = common::studio::open_track_to_extend(pack.path());
    press(&mut harness, Key::T);
    harness.get_by_label("Straight").click();
    harness.run();
    harness
        .get_by_role_and_label(egui::accesskit::Role::SpinButton, "Lanes")
        .set_value_accesskit(8.0);
    harness.run();
    let middle = screen(&harness, SpaceRef::lap(20, 1));
    harness.hover_at(middle);
    harness.run();
    let refused = Color32::from_rgba_unmultiplied(0xff, 0x50, 0x40, 0x60);
    assert!(
        polygons_of(&harness, refused) > 0,
        "a ghost in the refusal colour"
    );
    let why = canvas(&harness).refusal.clone().expect("a reason");
    assert!(
        why.contains("3 lanes cannot widen to 8 at once") && why.contains("widen to 6 lanes first"),
        "{why}"
    );
    let before = shown_track(&harness);
    harness.drag_at(middle);
    harness.drop_at(middle);
    settle(&mut harness);
    assert_eq!(shown_track(&harness), before, "a click lays nothing");

    // Six lanes can be laid: the ghost is the usual one, and nothing is refused.
    harness
        .get_by_role_and_label(egui::accesskit::Role::SpinButton, "Lanes")
        .set_value_accesskit(6.0);
    harness.hover_at(middle + egui::vec2(2.0, 0.0));
    harness.run();
    assert_eq!(canvas(&harness).refusal, None);
}

/// The picture is placed directly: "Fit to track" covers the track with it, the Picture tool
/// drags it (one undo step per drag) and its corner handle scales it.
#[test]
fn the_background_picture_is_fitted_dragged_and_scaled_on_the_canvas() {
    let (pack, _) = workspace_copy();
    let picture = board_picture(pack.path());
    let mut harness = open_track(pack.path());
    choose_background(&mut harness, picture);
    settle(&mut harness);
    let placed = shown_track(&harness).background.expect("placed");

    harness.get_by_label("Fit to track").click();
    settle(&mut harness);
    let fitted = shown_track(&harness).background.expect("placed");
    let expected =
        roadwright::render::geometry::picture_fitted_to(&shown_track(&harness), [40, 20], &placed)
            .expect("fits");
    assert_eq!(fitted, expected);

    // Dragged 50 points right and 20 down with the Picture tool: moved by that over the zoom.
    press(&mut harness, Key::B);
    let zoom = canvas(&harness).view.zoom;
    let inside = screen(&harness, SpaceRef::lap(20, 1));
    drag(&mut harness, inside, inside + egui::vec2(50.0, 20.0));
    let moved = shown_track(&harness).background.expect("placed");
    assert!(
        (moved.x - (fitted.x + 50.0 / zoom)).abs() < 1e-3
            && (moved.y - (fitted.y + 20.0 / zoom)).abs() < 1e-3,
        "{fitted:?} -> {moved:?}"
    );
    assert!(
        (moved.scale - fitted.scale).abs() < 1e-6,
        "a move keeps the scale"
    );
    menu(&mut harness, "Edit", "Undo Background picture");
    assert_eq!(
        shown_track(&harness).background,
        Some(fitted.clone()),
        "one undo step"
    );

    // Its corner handle, dragged out, scales it about its top-left corner.
    let track = shown_track(&harness);
    let corner = canvas(&harness)
        .screen_position(&track, SpaceRef::lap(0, 0))
        .expect("0.0")
        + egui::vec2(
            (fitted.x + 40.0 * fitted.scale - track.space(SpaceRef::lap(0, 0)).expect("0.0").x)
                * zoom,
            (fitted.y + 20.0 * fitted.scale - track.space(SpaceRef::lap(0, 0)).expect("0.0").y)
                * zoom,
        );
    drag(&mut harness, corner, corner + egui::vec2(40.0, 20.0));
    let scaled = shown_track(&harness).background.expect("placed");
    assert!(
        scaled.scale > fitted.scale * 1.01,
        "{fitted:?} -> {scaled:?}"
    );
    assert!(
        (scaled.x - fitted.x).abs() < 1e-4 && (scaled.y - fitted.y).abs() < 1e-4,
        "scaled about its top-left corner"
    );
}

/// A 40x20 red picture, `board.png` in `folder`.
fn board_picture(folder: &std::path::Path) -> std::path::PathBuf {
    let picture = folder.join("board.png");
    image::RgbaImage::from_pixel(40, 20, image::Rgba([200, 30, 30, 255]))
        .save(&picture)
        .expect("write png");
    picture
}

/// A primary drag from `from` to `to` in small steps.
fn drag(harness: &mut Harness<'static, StudioApp>, from: Pos2, to: Pos2) {
    harness.hover_at(from);
    harness.run_steps(1);
    harness.drag_at(from);
    harness.run_steps(1);
    for step in 1..=5 {
        harness.hover_at(from + (to - from) * (step as f32 / 5.0));
        harness.run_steps(1);
    }
    harness.drop_at(to);
    settle(harness);
}

/// Chooses a background picture as a person does: "Choose picture…", then `picture` chosen in
/// the file dialog it opens (which hands it back to the editor).
fn choose_background(harness: &mut Harness<'static, StudioApp>, picture: std::path::PathBuf) {
    harness.get_by_label("Choose picture…").click();
    // One frame: the click asks for the dialog, answered before the in-window dialog (whose
    // fields have no accessible names) is drawn.
    harness.step();
    let Some((roadwright::gui::file_picker::Picker::ForScreen(asked), _)) =
        harness.state().file_dialog()
    else {
        panic!("Choose picture… asks for a file");
    };
    assert_eq!(asked.title, "Choose a background picture");
    harness.state_mut().answer_file_dialog(picture);
}
