//! The track inspector: the track's own fields, the active tool's options, and the selected
//! spaces' fields and actions. Like the canvas it only emits edits.

use egui::Ui;

use super::canvas::{CanvasEdit, Grounds, ShapeChoice, Tool, TrackCanvas};
use super::fields;
use crate::content::text::{Id, Text};
use crate::content::track::{Background, OffTrack, Route, Section, SpaceRef, Track, TrackStyle};
use crate::edit::TrackEdit;
use crate::stretch::Inside;

const ROUTES: [(Route, &str); 2] = [
    (Route::Lap, Route::Lap.words()),
    (Route::PointToPoint, Route::PointToPoint.words()),
];

const STYLES: [(TrackStyle, &str); 3] = [
    (TrackStyle::ApocalypseRoad, "Apocalypse Road"),
    (TrackStyle::ThunderAlley, "Thunder Alley"),
    (TrackStyle::GrandPrix, "Grand Prix"),
];

/// What the inspector asks of the app beyond edits.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct InspectorRequests {
    /// Pick a background picture with a file dialog.
    pub pick_background: bool,
    /// Remove the sectors holding the selection (what Edit > Delete does).
    pub delete_selection: bool,
    /// What to do with the tile shelf.
    pub tiles: Option<TileRequest>,
}

/// What the inspector asks of the tile shelf.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TileRequest {
    /// Save the selection as a tile under the shelf's drafts.
    Save,
    /// Read the tiles folder again.
    Reload,
    /// Save the tiles the tool laid, in order, as a new course.
    SaveCourse,
}

/// Draws the inspector for a track.
pub fn track_inspector(
    ui: &mut Ui,
    track: &Track,
    canvas: &mut TrackCanvas,
    edits: &mut Vec<CanvasEdit>,
) -> InspectorRequests {
    let mut requests = InspectorRequests::default();
    // The panel keeps the width the designer gave it: long text wraps, and anything wider
    // still scrolls sideways instead of widening the panel for good.
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    egui::ScrollArea::both().auto_shrink(false).show(ui, |ui| {
        section(ui, "Track", |ui| track_fields(ui, track, edits));
        section(ui, "Tool", |ui| {
            if tool_options(ui, track, canvas, edits) {
                requests.tiles = Some(TileRequest::Reload);
            }
            if !track.tiles.is_empty() && save_as_course(ui, track, &mut canvas.tiles) {
                requests.tiles = Some(TileRequest::SaveCourse);
            }
        });
        section(ui, "Selection", |ui| {
            requests.delete_selection = selection(ui, track, canvas, edits);
            if !canvas.selection.is_empty() && save_as_tile(ui, &mut canvas.tiles) {
                requests.tiles = Some(TileRequest::Save);
            }
        });
        section(ui, "Lap", |ui| lap_actions(ui, track, edits));
        let picture_size = canvas.picture_size(ui.ctx());
        section(ui, "Background picture", |ui| {
            background(ui, track, picture_size, edits, &mut requests);
        });
    });
    requests
}

/// The stretch tool's options: the shape, its size, a corner's turn, the first stretch's
/// heading and side, and Lay stretch.
fn stretch_options(
    ui: &mut Ui,
    track: &Track,
    options: &mut super::canvas::StretchOptions,
    edits: &mut Vec<CanvasEdit>,
) {
    ui.horizontal_wrapped(|ui| {
        for (shape, name) in ShapeChoice::ALL {
            ui.selectable_value(&mut options.shape, shape, name);
        }
    });
    fields_grid("stretch-options")
        .num_columns(2)
        .show(ui, |ui| {
            let fixed_width = matches!(options.shape, ShapeChoice::SingleLane | ShapeChoice::Jump);
            let size = options.size_mut();
            ui.label("Sectors");
            ui.add(egui::DragValue::new(&mut size.sectors).range(1..=200))
                .accessible_name("Sectors");
            ui.end_row();
            if !fixed_width {
                ui.label("Lanes");
                ui.add(egui::DragValue::new(&mut size.lanes).range(1..=12))
                    .accessible_name("Lanes");
                ui.end_row();
            }
            if options.shape == ShapeChoice::Corner {
                ui.label("Turn (°, + is right)");
                ui.add(egui::DragValue::new(&mut options.degrees).range(-360.0..=360.0))
                    .accessible_name("Turn");
                ui.end_row();
                ui.label("Radius");
                ui.add(
                    egui::DragValue::new(&mut options.radius)
                        .range(0.5..=100.0)
                        .speed(0.1),
                )
                .accessible_name("Radius");
                ui.end_row();
            }
            if track.sectors.is_empty() {
                ui.label("Heading (°, clockwise from east)");
                ui.add(egui::DragValue::new(&mut options.start_heading).range(0.0..=359.0))
                    .accessible_name("First heading");
                ui.end_row();
                ui.label("Lane 0 on the");
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut options.start_inside, Inside::Right, "right");
                    ui.selectable_value(&mut options.start_inside, Inside::Left, "left");
                });
                ui.end_row();
            }
        });
    let closed = track.lap_is_closed();
    if closed {
        ui.label("The lap is closed: no stretch follows its end.");
    }
    if ui
        .add_enabled(!closed, egui::Button::new("Lay stretch"))
        .on_disabled_hover_text(
            "The lap is closed: its end runs into the finish line. Remove the closing \
             sectors to lay more, or insert sectors with the selection.",
        )
        .clicked()
    {
        edits.push((
            TrackEdit::AppendStretch {
                stretch: options.stretch(),
                origin: options.origin((0.0, 0.0)),
            },
            None,
        ));
    }
}

/// The tile tool's options: the tiles of the folder, one chosen; true when the designer asks
/// for the folder to be read again.
fn tile_options(ui: &mut Ui, shelf: &mut crate::gui::tile_shelf::TileShelf) -> bool {
    let folder = shelf
        .folder
        .as_ref()
        .map_or_else(String::new, |f| f.display().to_string());
    if shelf.tiles.is_empty() {
        ui.label(format!(
            "No tiles in {folder}: select lap sectors and save them as a tile (Selection), or \
             write the standard set with `roadwright course tiles -o tiles`"
        ));
    }
    for tile in &shelf.tiles {
        let label = format!(
            "{} — {} sectors, {} lanes in, {} out",
            tile.id,
            tile.sectors.len(),
            tile.entry_lanes(),
            tile.exit_lanes()
        );
        let chosen = shelf.chosen.as_ref() == Some(&tile.id);
        if ui
            .selectable_label(chosen, label)
            .on_hover_text(tile.name.as_str())
            .clicked()
        {
            shelf.chosen = Some(tile.id.clone());
        }
    }
    for problem in &shelf.problems {
        ui.colored_label(ui.visuals().warn_fg_color, problem);
    }
    ui.button("Read the tiles folder again")
        .on_hover_text(folder)
        .clicked()
}

/// The selection's "save as tile" row; true when the designer asks to save.
fn save_as_tile(ui: &mut Ui, shelf: &mut crate::gui::tile_shelf::TileShelf) -> bool {
    ui.separator();
    ui.label("Save the selected lap sectors as a tile, to lay again with the tile tool");
    let mut save = false;
    fields_grid("save-tile").num_columns(2).show(ui, |ui| {
        ui.label("Tile id");
        ui.add(egui::TextEdit::singleline(&mut shelf.draft_id).desired_width(140.0))
            .accessible_name("Tile id");
        ui.end_row();
        ui.label("Tile name");
        ui.add(egui::TextEdit::singleline(&mut shelf.draft_name).desired_width(140.0))
            .accessible_name("Tile name");
        ui.end_row();
    });
    ui.add_enabled_ui(!shelf.draft_id.trim().is_empty(), |ui| {
        save = ui.button("Save as tile").clicked();
    });
    save
}

/// The "save the laid tiles as a course" row, under the tools, once the tile tool has laid a
/// tile; true when the designer asks to save.
fn save_as_course(
    ui: &mut Ui,
    track: &Track,
    shelf: &mut crate::gui::tile_shelf::TileShelf,
) -> bool {
    ui.separator();
    let ids: Vec<&str> = track.tiles.iter().map(|laid| laid.tile.as_str()).collect();
    ui.label(format!(
        "The tile tool laid {} here ({}): save them, in order, as a course",
        crate::gui::plural::counted(ids.len(), "tile"),
        ids.join(", ")
    ));
    let mut save = false;
    ui.horizontal(|ui| {
        ui.label("Course id");
        ui.add(egui::TextEdit::singleline(&mut shelf.draft_course).desired_width(140.0))
            .accessible_name("Course id");
        ui.add_enabled_ui(!shelf.draft_course.trim().is_empty(), |ui| {
            save = ui.button("Save as course").clicked();
        });
    });
    save
}

/// A collapsible section, open unless the designer closes it.
fn section(ui: &mut Ui, title: &str, body: impl FnOnce(&mut Ui)) {
    egui::CollapsingHeader::new(title)
        .default_open(true)
        .show(ui, body);
}

fn track_fields(ui: &mut Ui, track: &Track, edits: &mut Vec<CanvasEdit>) {
    let info = |id: Id, name: Text, style: TrackStyle| TrackEdit::SetInfo { id, name, style };
    egui::Grid::new("track-fields")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Id");
            if let Some((id, g)) = fields::text(ui, "id", &track.id, 160.0) {
                edits.push((info(id, track.name.clone(), track.style), Some(g)));
            }
            ui.end_row();
            ui.label("Name");
            if let Some((name, g)) = fields::text(ui, "name", &track.name, 160.0) {
                edits.push((info(track.id.clone(), name, track.style), Some(g)));
            }
            ui.end_row();
            ui.label("Style");
            if let Some(style) = fields::choice(ui, "style", "track-style", track.style, &STYLES) {
                edits.push((info(track.id.clone(), track.name.clone(), style), None));
            }
            ui.end_row();
            ui.label("Route").on_hover_text(
                "Laps round a closed lap, or one run to the finish line before the last sector \
                 (the run-off): a car that enters it has finished",
            );
            if let Some(route) = fields::choice(ui, "route", "track-route", track.route, &ROUTES) {
                edits.push((TrackEdit::SetRoute(route), None));
            }
            ui.end_row();
        });
    ui.label(format!(
        "{} lap sectors, {} starting sectors, {} grid positions",
        track.sectors.len(),
        track.start_sectors.len(),
        track.grid.len()
    ));
}

/// The tool's options; true when the tile tool asks for its folder to be read again.
fn tool_options(
    ui: &mut Ui,
    track: &Track,
    canvas: &mut TrackCanvas,
    edits: &mut Vec<CanvasEdit>,
) -> bool {
    ui.label(canvas.tool.hint());
    match canvas.tool {
        Tool::Stretch => stretch_options(ui, track, &mut canvas.stretch, edits),
        Tool::Start => start_options(ui, track, canvas),
        Tool::Tile => return tile_options(ui, &mut canvas.tiles),
        Tool::Picture => {
            if track.background.is_none() {
                ui.weak("No picture yet: choose one under Background picture.");
            }
        }
        Tool::Paint => {
            ui.horizontal_wrapped(|ui| {
                for (terrain, name) in &canvas.grounds.kinds {
                    ui.selectable_value(&mut canvas.terrain, terrain.clone(), name);
                }
            });
        }
        Tool::Crossover => {
            if ui.button("Detect crossover from the drawing").clicked() {
                edits.push((TrackEdit::DetectCrossover, None));
            }
            ui.label(format!("{} crossover pairs", track.crossover.len()));
        }
        Tool::Chute => {
            if track.chute.is_some() && ui.button("Remove chute").clicked() {
                edits.push((TrackEdit::SetChute(None), None));
            }
        }
        Tool::Hazard => hazard_spots(ui, track),
        Tool::Select | Tool::Link | Tool::FinishLine | Tool::Grid => {}
    }
    false
}

/// The hazard tool's count of the track's spots.
fn hazard_spots(ui: &mut Ui, track: &Track) {
    let spots = track.spaces().filter(|(_, space)| space.hazard).count();
    ui.label(format!(
        "{} (each is dealt a face-down token from the pack's hazard deck at setup)",
        super::plural::counted(spots, "hazard spot")
    ));
}

/// The fields of the one space selected: terrain, place, heading, links, off-track spots.
fn one_space(
    ui: &mut Ui,
    track: &Track,
    at: SpaceRef,
    space: &crate::content::track::Space,
    grounds: &Grounds,
    edits: &mut Vec<CanvasEdit>,
) {
    ui.strong(format!("Space {at}"));
    let geometry = |x, y, heading| TrackEdit::SetGeometry {
        at,
        x,
        y,
        heading,
        size: space.size,
    };
    fields_grid("space-fields").show(ui, |ui| {
        ui.label("Terrain");
        // The kinds by index: a kind the pack does not define shows as "?" until repainted.
        let options: Vec<(usize, &str)> = grounds
            .kinds
            .iter()
            .enumerate()
            .map(|(index, (_, name))| (index, name.as_str()))
            .collect();
        let current = grounds
            .kinds
            .iter()
            .position(|(id, _)| *id == space.terrain)
            .unwrap_or(usize::MAX);
        if let Some(chosen) = fields::choice(ui, "terrain", "space-terrain", current, &options)
            && let Some((terrain, _)) = grounds.kinds.get(chosen)
        {
            edits.push((
                TrackEdit::SetTerrain {
                    spaces: vec![at],
                    terrain: terrain.clone(),
                },
                None,
            ));
        }
        ui.end_row();
        ui.label("Hazard spot");
        let mut hazard = space.hazard;
        if ui
            .checkbox(&mut hazard, "")
            .on_hover_text("A face-down token from the pack's hazard deck is dealt here at setup")
            .changed()
        {
            edits.push((
                TrackEdit::SetHazard {
                    spaces: vec![at],
                    hazard,
                },
                None,
            ));
        }
        ui.end_row();
        if space.hazard {
            hazard_players_row(ui, at, space, edits);
        }
        ui.label("x");
        if let Some((x, g)) = fields::number(ui, "x", space.x, -10_000.0..=10_000.0) {
            edits.push((geometry(x, space.y, space.heading), Some(g)));
        }
        ui.end_row();
        ui.label("y");
        if let Some((y, g)) = fields::number(ui, "y", space.y, -10_000.0..=10_000.0) {
            edits.push((geometry(space.x, y, space.heading), Some(g)));
        }
        ui.end_row();
        ui.label("Heading (°)");
        if let Some((heading, g)) = fields::number(ui, "heading", space.heading, -360.0..=720.0) {
            edits.push((geometry(space.x, space.y, heading), Some(g)));
        }
        ui.end_row();
    });
    ui.label("Forward links:");
    for to in &space.next {
        ui.horizontal(|ui| {
            ui.label(format!("-> {to}"));
            if ui.small_button("Remove").clicked() {
                edits.push((TrackEdit::RemoveLink { from: at, to: *to }, None));
            }
        });
    }
    if let Some(sector) = track.section(at.section).get(at.sector as usize) {
        let mut off = sector.off_track;
        let before = off;
        ui.checkbox(&mut off.inside, "Off-track spot inside");
        ui.checkbox(&mut off.outside, "Off-track spot outside");
        if off != before {
            edits.push((off_track(at, off), None));
        }
    }
}

/// The selection's fields and actions; true when its sectors should be removed.
fn selection(
    ui: &mut Ui,
    track: &Track,
    canvas: &TrackCanvas,
    edits: &mut Vec<CanvasEdit>,
) -> bool {
    let selected: Vec<SpaceRef> = canvas.selection.iter().copied().collect();
    ui.label(format!(
        "{} selected",
        super::plural::counted(selected.len(), "space")
    ));
    if selected.is_empty() {
        return false;
    }
    if let [at] = selected[..]
        && let Some(space) = track.space(at)
    {
        one_space(ui, track, at, space, &canvas.grounds, edits);
    }
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        ui.label("Paint as");
        for (terrain, name) in &canvas.grounds.kinds {
            if ui.small_button(name).clicked() {
                edits.push((
                    TrackEdit::SetTerrain {
                        spaces: selected.clone(),
                        terrain: terrain.clone(),
                    },
                    None,
                ));
            }
        }
    });
    ui.horizontal(|ui| {
        for (hazard, label) in [(true, "Mark hazard spots"), (false, "Clear hazard spots")] {
            if ui.small_button(label).clicked() {
                edits.push((
                    TrackEdit::SetHazard {
                        spaces: selected.clone(),
                        hazard,
                    },
                    None,
                ));
            }
        }
    });
    ui.horizontal(|ui| {
        if ui.button("Rotate -15°").clicked() {
            edits.push((
                TrackEdit::Rotate {
                    spaces: selected.clone(),
                    degrees: -15.0,
                },
                None,
            ));
        }
        if ui.button("Rotate +15°").clicked() {
            edits.push((
                TrackEdit::Rotate {
                    spaces: selected.clone(),
                    degrees: 15.0,
                },
                None,
            ));
        }
    });
    let mut remove = false;
    let sectors: std::collections::BTreeSet<(Section, u32)> =
        selected.iter().map(|at| (at.section, at.sector)).collect();
    ui.horizontal(|ui| {
        if let Some(&(Section::Lap, last)) = sectors.iter().next_back()
            && ui.button(format!("Insert sector after {last}")).clicked()
        {
            edits.push((TrackEdit::InsertSector { after: last }, None));
        }
        let label = match sectors.len() {
            1 => "Remove 1 sector".to_owned(),
            n => format!("Remove {n} sectors"),
        };
        remove = ui.button(label).clicked();
    });
    if ui.button("Number the selection as the grid").clicked() {
        edits.push((
            TrackEdit::NumberGrid {
                spaces: selected.clone(),
            },
            None,
        ));
    }
    if let [a, b] = selected[..]
        && ui
            .button(format!("Make {a} and {b} a crossover pair"))
            .clicked()
    {
        edits.push((
            TrackEdit::AddCrossover(crate::content::track::CrossoverPair(a, b)),
            None,
        ));
    }
    remove
}

fn off_track(at: SpaceRef, off_track: OffTrack) -> TrackEdit {
    TrackEdit::SetOffTrack {
        section: at.section,
        sector: at.sector,
        off_track,
    }
}

fn lap_actions(ui: &mut Ui, track: &Track, edits: &mut Vec<CanvasEdit>) {
    if track.point_to_point() {
        ui.weak(format!(
            "Point to point: the finish line lies before sector {}, the run-off.",
            track.sectors.len().saturating_sub(1)
        ));
    } else if track.lap_is_closed() {
        if ui
            .button("Reopen the lap")
            .on_hover_text(
                "Unlink the last sector from sector 0, to lay more track after it or close it \
                 elsewhere",
            )
            .clicked()
        {
            edits.push((TrackEdit::ReopenLap, None));
        }
    } else if ui
        .add_enabled(
            !track.sectors.is_empty(),
            egui::Button::new("Close the lap"),
        )
        .on_hover_text(
            "Link the last sector into sector 0: an end on the start's line is met by a \
             straight; an end off it must lie within half a space and half a lane of the start",
        )
        .on_disabled_hover_text("Lay the lap first")
        .clicked()
    {
        edits.push((TrackEdit::CloseLap, None));
    }
    ui.label("Starting section (2.1)");
    match track.starting_join() {
        Some(sector) => ui.weak(format!(
            "{} × {}; the starting section joins lap sector {sector}.",
            super::plural::counted(track.start_sectors.len(), "sector"),
            super::plural::counted(
                track.start_sectors.first().map_or(0, |s| s.spaces.len()),
                "lane"
            ),
        )),
        None if track.start_sectors.is_empty() => ui.weak("The track has no starting section."),
        None => ui.weak("The starting section joins no lap sector yet."),
    };
}

/// The start tool's options: the section's size, and what the ghost does.
fn start_options(ui: &mut Ui, track: &Track, canvas: &mut TrackCanvas) {
    let options = &mut canvas.start;
    fields_grid("start-options").show(ui, |ui| {
        ui.label("Sectors × lanes");
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(&mut options.sectors).range(1..=40))
                .accessible_name("Starting sectors");
            ui.add(egui::DragValue::new(&mut options.lanes).range(1..=12))
                .accessible_name("Starting lanes");
        });
        ui.end_row();
    });
    if track.sectors.is_empty() {
        ui.weak("Lay the lap first: the starting section joins it.");
    } else {
        ui.weak(
            "The ghost's front is at the pointer: it joins the lap sector that starts nearest, \
             runs that sector's way, and lies at the pointer's distance from the lap. Laying it \
             again replaces the one the track has; the grid is numbered on it.",
        );
    }
}

fn background(
    ui: &mut Ui,
    track: &Track,
    picture_size: Option<[usize; 2]>,
    edits: &mut Vec<CanvasEdit>,
    requests: &mut InspectorRequests,
) {
    if ui.button("Choose picture…").clicked() {
        requests.pick_background = true;
    }
    let Some(background) = &track.background else {
        ui.weak("No picture: choose a photo of a real board to trace over.");
        return;
    };
    ui.label(background.path.as_str());
    let mut edited = background.clone();
    let mut group = None;
    fields_grid("background").show(ui, |ui| {
        for (name, value, range) in [
            ("x", &mut edited.x, -10_000.0..=10_000.0),
            ("y", &mut edited.y, -10_000.0..=10_000.0),
            ("Units per pixel", &mut edited.scale, 0.0001..=10.0),
            ("Opacity", &mut edited.opacity, 0.0..=1.0),
        ] {
            ui.label(name);
            if let Some((new, g)) = fields::number(ui, name, *value, range) {
                *value = new;
                group = Some(g);
            }
            ui.end_row();
        }
    });
    if let Some(g) = group {
        edits.push((TrackEdit::SetBackground(Some(edited)), Some(g)));
    }
    let fitted = picture_size
        .and_then(|size| crate::render::geometry::picture_fitted_to(track, size, background));
    if ui
        .add_enabled(fitted.is_some(), egui::Button::new("Fit to track"))
        .on_hover_text("Scale and centre the picture so it covers the track")
        .on_disabled_hover_text("The picture is still loading, or the track has no spaces")
        .clicked()
        && let Some(fitted) = fitted
    {
        edits.push((TrackEdit::SetBackground(Some(fitted)), None));
    }
    ui.weak("Or drag it with the Picture tool (B); its corner handle scales it.");
    if ui.button("Remove picture").clicked() {
        edits.push((TrackEdit::SetBackground(None::<Background>), None));
    }
}

/// A grid of named fields. The inspector wraps long text to keep its width, so the names'
/// column is given room enough that a name such as "Heading, joins sector" wraps between
/// words, not inside them.
fn fields_grid(id: &str) -> egui::Grid {
    egui::Grid::new(id).num_columns(2).min_col_width(110.0)
}

/// The player counts at which a hazard spot holds a token: a box for each count (none ticked:
/// every count).
fn hazard_players_row(
    ui: &mut Ui,
    at: SpaceRef,
    space: &crate::content::track::Space,
    edits: &mut Vec<CanvasEdit>,
) {
    ui.label("Dealt at").on_hover_text(
        "The player counts at which the spot holds a token; none ticked: every count",
    );
    // Three rows of three: the inspector's value column is narrow, and a wrapped row hid 10.
    egui::Grid::new(("hazard-players", at))
        .spacing([2.0, 2.0])
        .show(ui, |ui| {
            for count in 2..=10u8 {
                if count > 2 && (count - 2) % 3 == 0 {
                    ui.end_row();
                }
                let mut on = space.hazard_players.contains(&count);
                if ui
                    .checkbox(&mut on, count.to_string())
                    .on_hover_text(format!("Deal its token in races of {count} players"))
                    .changed()
                {
                    let mut players: Vec<u8> = space
                        .hazard_players
                        .iter()
                        .copied()
                        .filter(|n| *n != count)
                        .collect();
                    if on {
                        players.push(count);
                        players.sort_unstable();
                    }
                    edits.push((
                        TrackEdit::SetHazardPlayers {
                            spaces: vec![at],
                            players,
                        },
                        None,
                    ));
                }
            }
        });
    ui.end_row();
}
