//! The course editor: a course's tiles as a list to reorder, replace, add to and remove from
//! (a pile's first tile, its tiles with their counts, its length, and the seed to preview), its
//! route and rolling road, and below, the track it builds with each tile outlined and named.
//! Every change is one undoable edit of the whole course ([`Edit::Course`]); a course that does
//! not build says why, naming the tile and the join.

use std::path::{Path, PathBuf};

use egui::{Align2, Color32, FontId, Rect, RichText, ScrollArea, Ui};

use super::canvas::{TrackCanvas, View};
use super::fields;
use crate::content::course::{Course, Layout, PileTile, Route};
use crate::content::rolling_road::{RollWhen, RollingRoad};
use crate::content::terrain::TerrainFile;
use crate::content::text::Id;
use crate::content::track::{SpaceRef, Track};
use crate::edit::{Edit, GroupKey};
use crate::sim::course_track::CourseFiles;

/// What the editor keeps between frames: the preview seed and the last build (building a pile
/// may draw many times, so a course is built again only when it, its seed or the ground
/// changed).
#[derive(Debug, Default)]
pub struct CourseEditor {
    shown: Option<super::workspace::DocumentId>,
    /// The seed a pile is drawn with in the preview (what `course build --seed` takes).
    preview_seed: u64,
    canvas: TrackCanvas,
    preview: Option<Preview>,
}

/// A course built for the preview, and what it was built from.
#[derive(Debug)]
struct Preview {
    course: Course,
    seed: u64,
    terrain: TerrainFile,
    path: PathBuf,
    /// The ids of the tiles its folder holds, in order.
    tile_ids: Vec<Id>,
    /// The track, or why there is none.
    built: Result<Track, Vec<String>>,
}

/// The course being edited, changed, and the group its edit joins.
type Changed = Option<(Course, Option<GroupKey>)>;

impl CourseEditor {
    /// Draws the editor of `course` (the document `id`, read from or to be saved at `path`),
    /// built with the pack's kinds of ground (`terrain`); its edits go to `edits`.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        id: super::workspace::DocumentId,
        (course, path): (&Course, &Path),
        terrain: &TerrainFile,
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        if self.shown != Some(id) {
            *self = Self {
                shown: Some(id),
                ..Self::default()
            };
        }
        self.refresh(course, path, terrain);
        let Some(preview) = self.preview.take() else {
            return;
        };
        let mut changed: Changed = None;
        ScrollArea::vertical()
            .id_salt(("course_editor", id))
            .max_height(ui.available_height() * 0.45)
            .show(ui, |ui| {
                self.form(ui, course, &preview, &mut changed);
            });
        ui.separator();
        match &preview.built {
            Ok(track) => self.draw(ui, track, course),
            Err(errors) => {
                for error in errors {
                    ui.colored_label(ui.visuals().error_fg_color, error);
                }
            }
        }
        self.preview = Some(preview);
        if let Some((course, group)) = changed {
            edits.push((Edit::Course(Box::new(course)), group));
        }
    }

    /// Builds the course again when it, the seed, the ground or its file changed.
    fn refresh(&mut self, course: &Course, path: &Path, terrain: &TerrainFile) {
        let fresh = self.preview.as_ref().is_some_and(|p| {
            p.course == *course
                && p.seed == self.preview_seed
                && p.terrain == *terrain
                && p.path == path
        });
        if fresh {
            return;
        }
        let book = crate::validate::checked::TerrainBook::from_file(terrain)
            .unwrap_or_else(|_| crate::validate::checked::TerrainBook::standard());
        let files = CourseFiles::read(path, course.clone(), &book);
        // The tiles read (sorted by id); when some tile is unsound, the ids the folder holds,
        // so the lists still offer them.
        let tile_ids: Vec<Id> = if let Ok(files) = &files {
            files.tiles.keys().cloned().collect()
        } else {
            let folder = crate::sim::course_track::tiles_folder(path, course);
            let mut ids: Vec<Id> = crate::content::RawPack::open(&folder)
                .files
                .iter()
                .filter_map(|file| match &file.document {
                    crate::content::Document::Tile(tile) => Some(tile.id.clone()),
                    _ => None,
                })
                .collect();
            ids.sort();
            ids.dedup();
            ids
        };
        let built = files
            .and_then(|files| files.track(self.preview_seed))
            .map_err(|found| found.iter().map(|d| d.message.clone()).collect());
        self.preview = Some(Preview {
            course: course.clone(),
            seed: self.preview_seed,
            terrain: terrain.clone(),
            path: path.to_owned(),
            tile_ids,
            built,
        });
        // A new track is framed whole.
        self.canvas = TrackCanvas::default();
        self.canvas.grounds.refresh(terrain);
    }

    /// The form: the heading, the tiles, the route and the rolling road.
    fn form(&mut self, ui: &mut Ui, course: &Course, preview: &Preview, changed: &mut Changed) {
        ui.heading(course.name.as_str());
        ui.label(format!(
            "Course `{}`, its tiles from {} ({} there). Laid in order, or drawn from a pile \
             with a seed; `roadwright course build` writes the track it builds.",
            course.id,
            course.tiles,
            preview.tile_ids.len()
        ));
        let ids: Vec<(&Id, &str)> = preview
            .tile_ids
            .iter()
            .map(|id| (id, id.as_str()))
            .collect();
        match &course.layout {
            Layout::Fixed(laid) => fixed_rows(ui, course, laid, &ids, changed),
            Layout::Pile {
                first,
                tiles,
                length,
            } => {
                pile_rows(ui, course, (first.as_ref(), tiles, *length), &ids, changed);
                ui.horizontal(|ui| {
                    ui.label("Preview seed");
                    crate::gui::fields::seed(ui, "course preview", &mut self.preview_seed)
                        .accessible_name("preview seed");
                    ui.weak("(the draw shown below; races take their own course seed)");
                });
            }
        }
        ui.separator();
        route_rows(ui, course, changed);
    }

    /// The built track, each tile outlined in turn and named at its first sector; on a rolling
    /// road the first window bright and the rest of the pile dimmed.
    fn draw(&mut self, ui: &mut Ui, track: &Track, course: &Course) {
        let (_, rect) = self.canvas.view_only(ui, track);
        let painter = ui.painter_at(rect);
        let view = self.canvas.view;
        let window = course.rolling.map_or(usize::MAX, |r| r.window as usize);
        let tints = [
            Color32::from_rgba_unmultiplied(0x40, 0x90, 0xff, 0x30),
            Color32::from_rgba_unmultiplied(0xff, 0xb0, 0x30, 0x30),
        ];
        for (index, laid) in track.tiles.iter().enumerate() {
            let end = track
                .tiles
                .get(index + 1)
                .map_or(u32::MAX, |next| next.first_sector);
            let tint = if index >= window {
                Color32::from_rgba_unmultiplied(0x10, 0x10, 0x10, 0xa0)
            } else {
                tints[index % 2]
            };
            for sector in laid.first_sector..end.min(track.sectors.len() as u32) {
                for space in &track.sectors[sector as usize].spaces {
                    let at = SpaceRef::lap(sector, space.lane);
                    super::race::board::fill_space_ref(&painter, rect, view, track, at, tint);
                }
            }
            label(
                &painter,
                rect,
                view,
                track,
                laid.first_sector,
                &format!("{} · {}", index + 1, laid.tile),
            );
        }
        if let Some(rolling) = course.rolling {
            painter.text(
                rect.left_top() + egui::vec2(8.0, 8.0),
                Align2::LEFT_TOP,
                format!(
                    "A rolling road: the first {} tiles on the table at the start (the others dimmed), {}",
                    rolling.window,
                    rolling.roll.words()
                ),
                FontId::proportional(13.0),
                Color32::from_rgb(0xf0, 0xd0, 0x60),
            );
        }
    }
}

/// A fixed course's tiles in order: each replaced, moved or removed, and one added at the end.
fn fixed_rows(
    ui: &mut Ui,
    course: &Course,
    laid: &[Id],
    ids: &[(&Id, &str)],
    changed: &mut Changed,
) {
    let set = |layout: Vec<Id>| {
        let mut copy = course.clone();
        copy.layout = Layout::Fixed(layout);
        copy
    };
    egui::Grid::new("course_tiles")
        .striped(true)
        .show(ui, |ui| {
            for (index, id) in laid.iter().enumerate() {
                ui.label(format!("{}.", index + 1));
                if let Some(chosen) = fields::choice(ui, "tile", ("course-tile", index), id, ids) {
                    let mut layout = laid.to_vec();
                    layout[index] = chosen.clone();
                    *changed = Some((set(layout), None));
                }
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(index > 0, egui::Button::new("Up").small())
                        .clicked()
                    {
                        let mut layout = laid.to_vec();
                        layout.swap(index, index - 1);
                        *changed = Some((set(layout), None));
                    }
                    if ui
                        .add_enabled(index + 1 < laid.len(), egui::Button::new("Down").small())
                        .clicked()
                    {
                        let mut layout = laid.to_vec();
                        layout.swap(index, index + 1);
                        *changed = Some((set(layout), None));
                    }
                    if ui.small_button("Remove").clicked() {
                        let mut layout = laid.to_vec();
                        layout.remove(index);
                        *changed = Some((set(layout), None));
                    }
                });
                ui.end_row();
            }
        });
    ui.horizontal(|ui| {
        if let Some(id) = add_tile(ui, "Add a tile at the end", ids) {
            let mut layout = laid.to_vec();
            layout.push(id);
            *changed = Some((set(layout), None));
        }
        if ui
            .button("Draw from a pile")
            .on_hover_text("The same tiles as a pile: the first laid first, the rest drawn")
            .clicked()
        {
            let mut copy = course.clone();
            copy.layout = Layout::pile_of(laid);
            *changed = Some((copy, None));
        }
    });
}

/// A pile's first tile, its tiles and their counts, and how many are drawn.
fn pile_rows(
    ui: &mut Ui,
    course: &Course,
    (first, tiles, length): (Option<&Id>, &[PileTile], u32),
    ids: &[(&Id, &str)],
    changed: &mut Changed,
) {
    let set = |first: Option<Id>, tiles: Vec<PileTile>, length: u32| {
        let mut copy = course.clone();
        copy.layout = Layout::Pile {
            first,
            tiles,
            length,
        };
        copy
    };
    ui.horizontal(|ui| {
        ui.label("First tile");
        let mut options: Vec<(Option<&Id>, &str)> = vec![(None, "(none)")];
        options.extend(ids.iter().map(|(id, name)| (Some(*id), *name)));
        if let Some(chosen) = fields::choice(ui, "first tile", "course-first", first, &options) {
            *changed = Some((set(chosen.cloned(), tiles.to_vec(), length), None));
        }
    });
    egui::Grid::new("course_pile").striped(true).show(ui, |ui| {
        for (index, entry) in tiles.iter().enumerate() {
            if let Some(chosen) =
                fields::choice(ui, "tile", ("course-pile", index), &entry.tile, ids)
            {
                let mut pile = tiles.to_vec();
                pile[index].tile = chosen.clone();
                *changed = Some((set(first.cloned(), pile, length), None));
            }
            ui.label("copies");
            if let Some((count, group)) = fields::number(ui, "copies", entry.count, 1..=99) {
                let mut pile = tiles.to_vec();
                pile[index].count = count;
                *changed = Some((set(first.cloned(), pile, length), Some(group)));
            }
            if ui
                .small_button("Remove")
                .on_hover_text("Take it out of the pile")
                .clicked()
            {
                let mut pile = tiles.to_vec();
                pile.remove(index);
                *changed = Some((set(first.cloned(), pile, length), None));
            }
            ui.end_row();
        }
    });
    ui.horizontal(|ui| {
        if let Some(id) = add_tile(ui, "Add a tile to the pile", ids) {
            let mut pile = tiles.to_vec();
            match pile.iter_mut().find(|t| t.tile == id) {
                Some(entry) => entry.count += 1,
                None => pile.push(PileTile { tile: id, count: 1 }),
            }
            *changed = Some((set(first.cloned(), pile, length), None));
        }
        ui.label("Tiles drawn");
        let most = crate::content::course::MAX_TILES;
        if let Some((drawn, group)) = fields::number(ui, "tiles drawn", length, 1..=most) {
            *changed = Some((set(first.cloned(), tiles.to_vec(), drawn), Some(group)));
        }
    });
}

/// A combo box offering every tile of the folder; the one picked, once.
fn add_tile(ui: &mut Ui, text: &str, ids: &[(&Id, &str)]) -> Option<Id> {
    let mut picked = None;
    egui::ComboBox::from_id_salt(text)
        .selected_text(text)
        .show_ui(ui, |ui| {
            for (id, name) in ids {
                if ui.selectable_label(false, *name).clicked() {
                    picked = Some((*id).clone());
                }
            }
        })
        .response
        .accessible_name(text);
    picked
}

/// The route, and the rolling road with its window, moment and final tile.
fn route_rows(ui: &mut Ui, course: &Course, changed: &mut Changed) {
    ui.horizontal(|ui| {
        ui.label("Route");
        let routes = [
            (Route::Lap, "laps"),
            (Route::PointToPoint, "point to point"),
        ];
        if let Some(route) = fields::choice(ui, "route", "course-route", course.route, &routes) {
            let mut copy = course.clone();
            copy.route = route;
            if route == Route::Lap {
                copy.rolling = None;
            }
            *changed = Some((copy, None));
        }
        let mut rolls = course.rolling.is_some();
        if ui
            .checkbox(&mut rolls, "Rolling road")
            .on_hover_text(
                "Only a window of the tiles is on the table; the rear tile is removed with its \
                 cars as the race runs on (Thunder Road). It runs point to point.",
            )
            .changed()
        {
            let mut copy = course.clone();
            copy.rolling = rolls.then_some(RollingRoad {
                window: 3,
                roll: RollWhen::LeavingLead,
                final_when_player_out: false,
            });
            if rolls {
                copy.route = Route::PointToPoint;
            }
            *changed = Some((copy, None));
        }
    });
    let Some(rolling) = course.rolling else {
        return;
    };
    let set = |rolling: RollingRoad| {
        let mut copy = course.clone();
        copy.rolling = Some(rolling);
        copy
    };
    ui.horizontal(|ui| {
        ui.label("Tiles on the table");
        if let Some((window, group)) = fields::number(ui, "window", rolling.window, 2..=20) {
            *changed = Some((set(RollingRoad { window, ..rolling }), Some(group)));
        }
        ui.label("It rolls");
        let moments = [
            RollWhen::LeavingLead,
            RollWhen::EnteringLead,
            RollWhen::EndOfTurn,
        ]
        .map(|m| (m, m.words()));
        if let Some(roll) = fields::choice(ui, "rolls", "course-roll", rolling.roll, &moments) {
            *changed = Some((set(RollingRoad { roll, ..rolling }), None));
        }
        let mut out = rolling.final_when_player_out;
        if ui
            .checkbox(&mut out, "Final tile when a player is out")
            .changed()
        {
            *changed = Some((
                set(RollingRoad {
                    final_when_player_out: out,
                    ..rolling
                }),
                None,
            ));
        }
    });
    ui.label(RichText::new("The last tile laid is always the final one.").weak());
}

/// A tile's name beside the road at its first sector.
fn label(painter: &egui::Painter, rect: Rect, view: View, track: &Track, sector: u32, text: &str) {
    let Some(point) = track
        .sectors
        .get(sector as usize)
        .and_then(crate::render::geometry::beside_road)
    else {
        return;
    };
    let size = (track.space_size.width * 0.45 * view.zoom).clamp(11.0, 20.0);
    painter.text(
        view.to_screen(rect, point),
        Align2::LEFT_CENTER,
        text,
        FontId::proportional(size),
        Color32::from_rgb(0xf0, 0xd0, 0x60),
    );
}
