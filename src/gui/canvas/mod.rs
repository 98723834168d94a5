//! The track canvas: pan and zoom, the track drawn as the PNG renderer draws it, hovering,
//! selecting and the tools. It reads the track and emits [`TrackEdit`]s; the app applies them
//! after the frame, so the canvas never changes a document itself.

mod grounds;
mod paint;
pub mod tool;
mod view;

use std::collections::BTreeSet;

use egui::{PointerButton, Pos2, Rect, Response, Sense, Ui, Vec2, pos2};

pub use grounds::Grounds;
pub use paint::draw_chute;
pub use tool::{ShapeChoice, StartOptions, StretchOptions, Tool};
pub use view::View;

use crate::content::text::TerrainId;
use crate::content::track::{Background, CrossoverPair, Section, SpaceRef, Track};
use crate::edit::track_edit::chute_beside;
use crate::edit::{GroupKey, TrackEdit};
use crate::render::geometry::{contains, space_corners};

/// A track edit and the undo group it belongs to.
pub type CanvasEdit = (TrackEdit, Option<GroupKey>);

/// A drag in progress.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Drag {
    /// Selecting with a box from this screen point.
    Box(Pos2),
    /// Moving the selection; the group makes the whole drag one undo step.
    Move(GroupKey),
    /// Painting; one stroke is one undo step.
    Paint(GroupKey),
    /// Moving the background picture.
    MovePicture(GroupKey),
    /// Scaling the background picture by its corner handle.
    ScalePicture(GroupKey),
}

/// How near (screen points) the pointer must be to the picture's corner handle to scale it.
const HANDLE_REACH: f32 = 10.0;

/// The canvas's state: camera, tool, selection.
#[derive(Clone, Debug)]
pub struct TrackCanvas {
    /// The camera.
    pub view: View,
    /// The active tool.
    pub tool: Tool,
    /// The selected spaces.
    pub selection: BTreeSet<SpaceRef>,
    /// The space under the pointer.
    pub hover: Option<SpaceRef>,
    /// The stretch tool's settings.
    pub stretch: StretchOptions,
    /// The starting section tool's settings.
    pub start: StartOptions,
    /// The tiles the tile tool lays, and the one it lays.
    pub tiles: crate::gui::tile_shelf::TileShelf,
    /// What the paint tool paints.
    pub terrain: TerrainId,
    /// The kinds of ground the workspace defines, set by the editor each frame.
    pub grounds: Grounds,
    /// The first space clicked with the link or crossover tool.
    pub first_click: Option<SpaceRef>,
    /// Whether to draw forward links.
    pub show_links: bool,
    /// The background picture's texture and placement, set by the app each frame.
    pub backdrop: Option<(egui::TextureId, crate::content::track::Background)>,
    /// Why the tool cannot act where the pointer is (a stretch that cannot be laid), as the
    /// canvas says beside the pointer; `None` when it can.
    pub refusal: Option<String>,
    drag: Option<Drag>,
    /// Track bounds to show on the next frame (fit, or a diagnostic's object).
    frame_request: Option<Rect>,
    /// Whether the canvas has been drawn: its first frame shows the whole track.
    drawn: bool,
    next_group: GroupKey,
    /// The canvas's last screen rectangle, for zooming from the keyboard.
    last_rect: Option<Rect>,
}

impl Default for TrackCanvas {
    /// A canvas with the select tool that frames the whole track on its first frame (an empty
    /// track keeps the default view).
    fn default() -> Self {
        Self {
            view: View::default(),
            tool: Tool::default(),
            selection: BTreeSet::new(),
            hover: None,
            stretch: StretchOptions::default(),
            start: StartOptions::default(),
            tiles: crate::gui::tile_shelf::TileShelf::default(),
            terrain: TerrainId::rough(),
            grounds: Grounds::default(),
            first_click: None,
            show_links: true,
            backdrop: None,
            refusal: None,
            drag: None,
            frame_request: None,
            drawn: false,
            next_group: 0,
            last_rect: None,
        }
    }
}

impl TrackCanvas {
    /// Frames these spaces (or the whole track for an empty list) on the next frame.
    pub fn frame(&mut self, track: &Track, spaces: &[SpaceRef]) {
        let points: Vec<(f32, f32)> = if spaces.is_empty() {
            track.spaces().map(|(_, s)| (s.x, s.y)).collect()
        } else {
            spaces
                .iter()
                .filter_map(|&at| track.space(at).map(|s| (s.x, s.y)))
                .collect()
        };
        if points.is_empty() {
            return;
        }
        let mut bounds = Rect::NOTHING;
        for (x, y) in points {
            bounds.extend_with(pos2(x, y));
        }
        self.frame_request = Some(bounds.expand(if spaces.is_empty() { 1.0 } else { 4.0 }));
    }

    /// Zooms in (factor above 1) or out about the canvas's centre.
    pub fn zoom(&mut self, factor: f32) {
        if let Some(rect) = self.last_rect {
            self.view.zoom_about(rect, rect.center(), factor);
        } else {
            self.view.zoom =
                (self.view.zoom * factor).clamp(*View::ZOOM_RANGE.start(), *View::ZOOM_RANGE.end());
        }
    }

    /// Where a space's centre was drawn on screen in the last frame.
    #[must_use]
    pub fn screen_position(&self, track: &Track, at: SpaceRef) -> Option<Pos2> {
        let space = track.space(at)?;
        Some(self.view.to_screen(self.last_rect?, (space.x, space.y)))
    }

    /// Where the canvas was drawn in the last frame.
    #[must_use]
    pub fn shown_rect(&self) -> Option<Rect> {
        self.last_rect
    }

    /// The track point under a screen point, by the last frame's camera.
    #[must_use]
    pub fn track_point(&self, screen: Pos2) -> Option<(f32, f32)> {
        Some(self.view.to_track(self.last_rect?, screen))
    }

    /// Forgets the selection and any half-done two-click action.
    pub fn clear_selection(&mut self) {
        self.selection.clear();
        self.first_click = None;
    }

    /// Selects every space.
    pub fn select_all(&mut self, track: &Track) {
        self.selection = track.spaces().map(|(at, _)| at).collect();
    }

    /// Drops selected spaces that no longer exist (after an undo or a removal).
    pub fn prune(&mut self, track: &Track) {
        self.selection.retain(|&at| track.space(at).is_some());
        self.first_click = self.first_click.filter(|&at| track.space(at).is_some());
    }

    /// The space at a track point, last drawn first (what the eye sees on top).
    #[must_use]
    pub fn space_at(track: &Track, point: (f32, f32)) -> Option<SpaceRef> {
        Self::spaces_at(track, point).pop()
    }

    /// Every space at a track point, in drawing order (the top one last).
    #[must_use]
    pub fn spaces_at(track: &Track, point: (f32, f32)) -> Vec<SpaceRef> {
        track
            .spaces()
            .filter(|(_, space)| contains(&space_corners(track, space, 0.0), point))
            .map(|(at, _)| at)
            .collect()
    }

    /// Draws the canvas filling `ui` and returns the edits its tools made.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        track: &Track,
        problems: &BTreeSet<SpaceRef>,
        edits: &mut Vec<CanvasEdit>,
    ) -> Response {
        let (response, canvas_painter, rect) = self.begin(ui, track);
        let pointer = response.hover_pos();
        self.hover = pointer.and_then(|p| Self::space_at(track, self.view.to_track(rect, p)));
        self.use_tool(ui, &response, rect, track, edits);
        let (preview, refused) = match self.tool {
            Tool::Stretch => match self.stretch_preview(track, pointer, rect) {
                Some((ghost, why)) => (Some(ghost), why),
                None => (None, None),
            },
            Tool::Start => (self.start_preview(track, pointer, rect), None),
            Tool::Tile => match self.tile_preview(track, pointer) {
                Some((ghost, why)) => (Some(ghost), why),
                None => (None, None),
            },
            _ => (None, None),
        };
        paint::draw(
            &canvas_painter,
            rect,
            &paint::Scene {
                view: self.view,
                track,
                selection: &self.selection,
                problems,
                hover: self.hover,
                first_click: self.first_click,
                show_links: self.show_links,
                backdrop: self.backdrop.as_ref(),
                preview: preview.as_ref(),
                refused: refused.is_some(),
                legend: &self.grounds.legend,
                selecting: match self.drag {
                    Some(Drag::Box(start)) => pointer.map(|p| Rect::from_two_pos(start, p)),
                    _ => None,
                },
            },
        );
        if self.tool == Tool::Picture {
            self.draw_picture_handle(&canvas_painter.with_clip_rect(rect), rect, track);
        }
        self.refusal = refused;
        if let (Some(why), Some(at)) = (&self.refusal, pointer) {
            refusal_note(ui, &canvas_painter.with_clip_rect(rect), at, why);
        }
        response
    }

    /// Draws the track filling `ui` with no tool: pan and zoom only (the race screen draws its
    /// cars over it). Returns the response, for clicks, and the canvas's rectangle.
    pub fn view_only(&mut self, ui: &mut Ui, track: &Track) -> (Response, Rect) {
        let (response, painter, rect) = self.begin(ui, track);
        if response.dragged_by(PointerButton::Primary) {
            // Nothing to select or move during a race: a left drag pans too.
            self.view.centre -= response.drag_delta() / self.view.zoom;
        }
        let none = BTreeSet::new();
        paint::draw(
            &painter,
            rect,
            &paint::Scene {
                view: self.view,
                track,
                selection: &none,
                problems: &none,
                hover: None,
                first_click: None,
                show_links: false,
                backdrop: None,
                preview: None,
                refused: false,
                legend: &self.grounds.legend,
                selecting: None,
            },
        );
        (response, rect)
    }

    /// A frame's start: the canvas fills `ui`, frames the track on its first frame (or what was
    /// asked to be shown), and follows the camera controls.
    fn begin(&mut self, ui: &mut Ui, track: &Track) -> (Response, egui::Painter, Rect) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        let rect = response.rect;
        self.last_rect = Some(rect);
        if !std::mem::replace(&mut self.drawn, true) && self.frame_request.is_none() {
            self.frame(track, &[]);
        }
        if let Some(bounds) = self.frame_request.take() {
            self.view.fit(rect, bounds);
        }
        self.navigate(ui, &response, rect);
        (response, painter, rect)
    }

    /// Scroll to zoom about the pointer; drag with the middle or right button to pan.
    fn navigate(&mut self, ui: &Ui, response: &Response, rect: Rect) {
        if let Some(pointer) = response.hover_pos() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom * (scroll * 0.002).exp();
            if (factor - 1.0).abs() > f32::EPSILON {
                self.view.zoom_about(rect, pointer, factor);
            }
        }
        if response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
        {
            self.view.centre -= response.drag_delta() / self.view.zoom;
        }
    }

    /// A fresh undo group: edits made with it are one undo step.
    pub fn new_group(&mut self) -> GroupKey {
        self.next_group += 1;
        // Canvas groups live in their own range so they never merge with a field's edits.
        (1 << 62) | self.next_group
    }

    /// The paint tool: a click or a drag paints the spaces under the pointer, one undo step per
    /// drag.
    fn paint_tool(
        &mut self,
        response: &Response,
        at: Option<SpaceRef>,
        track: &Track,
        edits: &mut Vec<CanvasEdit>,
    ) {
        if response.drag_started_by(PointerButton::Primary) {
            self.drag = Some(Drag::Paint(self.new_group()));
        }
        let group = match self.drag {
            Some(Drag::Paint(group)) => Some(group),
            _ => None,
        };
        let painting = response.clicked() || response.dragged_by(PointerButton::Primary);
        if painting
            && let Some(at) = at
            && track.space(at).is_some_and(|s| s.terrain != self.terrain)
        {
            edits.push((
                TrackEdit::SetTerrain {
                    spaces: vec![at],
                    terrain: self.terrain.clone(),
                },
                group,
            ));
        }
        if response.drag_stopped() {
            self.drag = None;
        }
    }

    /// The link and crossover tools: a click on `under` (the spaces under the pointer, top
    /// last) is one of the tool's two clicks.
    fn link_or_crossover_tool(
        &mut self,
        under: &[SpaceRef],
        track: &Track,
        shift: bool,
        edits: &mut Vec<CanvasEdit>,
    ) {
        // The two spaces of a crossover lie on one spot, so the top one would be found twice:
        // the second click takes the space beneath the first instead.
        let at = match (self.tool, self.first_click, under.last()) {
            (Tool::Crossover, Some(first), Some(&top)) if top == first && !shift => {
                under.iter().rev().find(|&&at| at != first).copied()
            }
            (_, _, top) => top.copied(),
        };
        if let Some(at) = at {
            self.two_clicks(track, at, shift, edits);
        }
    }

    fn use_tool(
        &mut self,
        ui: &Ui,
        response: &Response,
        rect: Rect,
        track: &Track,
        edits: &mut Vec<CanvasEdit>,
    ) {
        let shift = ui.input(|i| i.modifiers.shift);
        let at_pointer = |canvas: &Self| {
            response
                .interact_pointer_pos()
                .and_then(|p| Self::space_at(track, canvas.view.to_track(rect, p)))
        };
        match self.tool {
            Tool::Select => {
                let (origin, alt) = ui.input(|i| (i.pointer.press_origin(), i.modifiers.alt));
                self.select_tool(response, rect, track, (shift, alt, origin), edits);
            }
            Tool::Paint => {
                let at = at_pointer(self);
                self.paint_tool(response, at, track, edits);
            }
            Tool::Stretch | Tool::Tile => self.lay_tool(response, rect, edits),
            Tool::Link | Tool::Crossover => {
                if response.clicked()
                    && let Some(point) = response.interact_pointer_pos()
                {
                    let under = Self::spaces_at(track, self.view.to_track(rect, point));
                    self.link_or_crossover_tool(&under, track, shift, edits);
                }
            }
            Tool::FinishLine => {
                if response.clicked()
                    && let Some(at) = at_pointer(self)
                    && at.section == Section::Lap
                {
                    edits.push((TrackEdit::SetFinishLine { sector: at.sector }, None));
                }
            }
            Tool::Chute => {
                if response.clicked()
                    && let Some(at) = at_pointer(self)
                    && let Some(chute) = chute_beside(track, at)
                {
                    edits.push((TrackEdit::SetChute(Some(chute)), None));
                }
            }
            Tool::Picture => {
                let origin = ui.input(|i| i.pointer.press_origin());
                self.picture_tool(ui.ctx(), response, rect, (track, origin), edits);
            }
            Tool::Start => {
                if response.clicked()
                    && let Some(p) = response.interact_pointer_pos()
                    && let Some(edit) = self.start_edit(track, self.view.to_track(rect, p))
                {
                    edits.push((edit, None));
                }
            }
            Tool::Hazard => {
                if response.clicked()
                    && let Some(at) = at_pointer(self)
                    && let Some(space) = track.space(at)
                {
                    edits.push((
                        TrackEdit::SetHazard {
                            spaces: vec![at],
                            hazard: !space.hazard,
                        },
                        None,
                    ));
                }
            }
            Tool::Grid => {
                if response.clicked()
                    && let Some(at) = at_pointer(self)
                {
                    let mut spaces: BTreeSet<SpaceRef> =
                        track.grid.iter().map(|slot| slot.space).collect();
                    if !spaces.remove(&at) {
                        spaces.insert(at);
                    }
                    edits.push((
                        TrackEdit::NumberGrid {
                            spaces: spaces.into_iter().collect(),
                        },
                        None,
                    ));
                }
            }
        }
    }

    fn select_tool(
        &mut self,
        response: &Response,
        rect: Rect,
        track: &Track,
        (shift, alt, press_origin): (bool, bool, Option<Pos2>),
        edits: &mut Vec<CanvasEdit>,
    ) {
        let under = |canvas: &Self, p: Pos2| Self::space_at(track, canvas.view.to_track(rect, p));
        if response.clicked() {
            match response.interact_pointer_pos().and_then(|p| under(self, p)) {
                Some(at) if shift && !self.selection.remove(&at) => {
                    self.selection.insert(at);
                }
                Some(_) if shift => {}
                Some(at) => self.selection = BTreeSet::from([at]),
                None if !shift => self.selection.clear(),
                None => {}
            }
        }
        // A drag is recognised only after the pointer has moved: it starts where the button
        // went down, not where the pointer is now.
        if response.drag_started_by(PointerButton::Primary)
            && let Some(start) = press_origin.or_else(|| response.interact_pointer_pos())
        {
            // As in Tiled: a drag from a selected space moves the selection; a drag from an
            // unselected space or from nowhere selects with a box, so a space is never moved
            // by accident. Alt moves the space under the pointer without selecting it first;
            // Shift makes any drag a box that adds to the selection.
            self.drag = Some(match under(self, start) {
                Some(at) if !shift && self.selection.contains(&at) => Drag::Move(self.new_group()),
                Some(at) if !shift && alt => {
                    self.selection = BTreeSet::from([at]);
                    Drag::Move(self.new_group())
                }
                _ => Drag::Box(start),
            });
        }
        if let Some(Drag::Move(group)) = self.drag
            && response.dragged_by(PointerButton::Primary)
        {
            let delta: Vec2 = response.drag_delta() / self.view.zoom;
            if delta != Vec2::ZERO && !self.selection.is_empty() {
                edits.push((
                    TrackEdit::Translate {
                        spaces: self.selection.iter().copied().collect(),
                        dx: delta.x,
                        dy: delta.y,
                    },
                    Some(group),
                ));
            }
        }
        if response.drag_stopped() {
            if let (Some(Drag::Box(start)), Some(end)) =
                (self.drag, response.interact_pointer_pos())
            {
                let screen = Rect::from_two_pos(start, end);
                if !shift {
                    self.selection.clear();
                }
                self.selection.extend(
                    track
                        .spaces()
                        .filter(|(_, s)| screen.contains(self.view.to_screen(rect, (s.x, s.y))))
                        .map(|(at, _)| at),
                );
            }
            self.drag = None;
        }
    }

    fn two_clicks(
        &mut self,
        track: &Track,
        at: SpaceRef,
        shift: bool,
        edits: &mut Vec<CanvasEdit>,
    ) {
        if self.tool == Tool::Crossover && shift {
            edits.push((TrackEdit::RemoveCrossover(at), None));
            self.first_click = None;
            return;
        }
        let Some(from) = self.first_click.take() else {
            self.first_click = Some(at);
            return;
        };
        if from == at {
            return;
        }
        let edit = if self.tool == Tool::Crossover {
            TrackEdit::AddCrossover(CrossoverPair(from, at))
        } else if track.space(from).is_some_and(|s| s.next.contains(&at)) {
            TrackEdit::RemoveLink { from, to: at }
        } else {
            TrackEdit::AddLink { from, to: at }
        };
        edits.push((edit, None));
    }

    /// The background picture, `size` pixels, as drawn on screen in `rect`.
    fn picture_rect(&self, rect: Rect, size: [usize; 2], picture: &Background) -> Rect {
        #[allow(clippy::cast_precision_loss)] // Pictures are at most 8192 pixels a side.
        let (width, height) = (
            size[0] as f32 * picture.scale,
            size[1] as f32 * picture.scale,
        );
        Rect::from_two_pos(
            self.view.to_screen(rect, (picture.x, picture.y)),
            self.view
                .to_screen(rect, (picture.x + width, picture.y + height)),
        )
    }

    /// The shown picture's size in pixels, once its texture is loaded.
    #[must_use]
    pub fn picture_size(&self, ctx: &egui::Context) -> Option<[usize; 2]> {
        let (texture, _) = self.backdrop.as_ref()?;
        ctx.tex_manager()
            .read()
            .meta(*texture)
            .map(|meta| meta.size)
    }

    /// The picture tool: a drag moves the background picture, a drag from its corner handle
    /// scales it about its top-left corner; each drag is one undo step.
    fn picture_tool(
        &mut self,
        ctx: &egui::Context,
        response: &Response,
        rect: Rect,
        (track, press_origin): (&Track, Option<Pos2>),
        edits: &mut Vec<CanvasEdit>,
    ) {
        let (Some(picture), Some(size)) = (&track.background, self.picture_size(ctx)) else {
            return;
        };
        if response.drag_started_by(PointerButton::Primary)
            && let Some(start) = press_origin.or_else(|| response.interact_pointer_pos())
        {
            let corner = self.picture_rect(rect, size, picture).max;
            let group = self.new_group();
            self.drag = Some(if start.distance(corner) <= HANDLE_REACH {
                Drag::ScalePicture(group)
            } else {
                Drag::MovePicture(group)
            });
        }
        if response.dragged_by(PointerButton::Primary) {
            let mut placed = picture.clone();
            let group = match self.drag {
                Some(Drag::MovePicture(group)) => {
                    let delta = response.drag_delta() / self.view.zoom;
                    placed.x += delta.x;
                    placed.y += delta.y;
                    Some(group)
                }
                Some(Drag::ScalePicture(group)) => {
                    let pointer = response.interact_pointer_pos();
                    if let Some((px, py)) = pointer.map(|p| self.view.to_track(rect, p)) {
                        #[allow(clippy::cast_precision_loss)] // At most 8192 a side.
                        let (width, height) = (size[0] as f32, size[1] as f32);
                        let scale = ((px - placed.x) / width).max((py - placed.y) / height);
                        placed.scale = scale.clamp(1e-4, 10.0);
                    }
                    Some(group)
                }
                _ => None,
            };
            if let Some(group) = group
                && placed != *picture
            {
                edits.push((TrackEdit::SetBackground(Some(placed)), Some(group)));
            }
        }
        if response.drag_stopped() {
            self.drag = None;
        }
    }

    /// With the picture tool, the picture's outline and its corner handle.
    fn draw_picture_handle(&self, painter: &egui::Painter, rect: Rect, track: &Track) {
        let (Some(picture), Some(size)) = (&track.background, self.picture_size(painter.ctx()))
        else {
            return;
        };
        let shown = self.picture_rect(rect, size, picture);
        let stroke = egui::Stroke::new(1.5, egui::Color32::from_rgb(0xff, 0xc0, 0x40));
        painter.rect_stroke(shown, 0.0, stroke, egui::StrokeKind::Middle);
        painter.rect_filled(
            Rect::from_center_size(shown.max, egui::vec2(10.0, 10.0)),
            1.0,
            stroke.color,
        );
    }

    /// The starting section the start tool lays with its front at `point`.
    fn start_edit(&self, track: &Track, point: (f32, f32)) -> Option<TrackEdit> {
        let placed =
            crate::stretch::start_placement::starting_section_at(track, point, self.start.sectors)?;
        Some(TrackEdit::StartingSection {
            sectors: self.start.sectors,
            lanes: self.start.lanes,
            at: placed.at,
            heading: placed.heading,
            joins: placed.joins,
        })
    }

    /// The starting section as the start tool would lay it under the pointer: its ghost.
    fn start_preview(&self, track: &Track, pointer: Option<Pos2>, rect: Rect) -> Option<Track> {
        let edit = self.start_edit(track, self.view.to_track(rect, pointer?))?;
        let mut preview = Track {
            grid: Vec::new(),
            ..track.clone()
        };
        edit.apply(&mut preview).ok()?;
        preview.sectors.clear();
        preview.chute = None;
        preview.crossover.clear();
        Some(preview)
    }

    /// A click with the stretch or tile tool: the stretch, or the chosen tile, laid at the end
    /// of the lap.
    fn lay_tool(&self, response: &Response, rect: Rect, edits: &mut Vec<CanvasEdit>) {
        if !response.clicked() {
            return;
        }
        if self.tool == Tool::Tile {
            if let Some(tile) = self.tiles.chosen_tile() {
                edits.push((
                    TrackEdit::LayTile {
                        tile: Box::new(tile.clone()),
                    },
                    None,
                ));
            }
            return;
        }
        let at = response
            .interact_pointer_pos()
            .map_or((0.0, 0.0), |p| self.view.to_track(rect, p));
        edits.push((
            TrackEdit::AppendStretch {
                stretch: self.stretch.stretch(),
                origin: self.stretch.origin(at),
            },
            None,
        ));
    }

    /// The chosen tile as the tile tool would lay it, shown while the pointer is on the canvas:
    /// laid at the end of the lap, or (when it cannot join) laid on nothing where it would
    /// go, with why. `None` with no tile chosen or a closed lap.
    fn tile_preview(
        &self,
        track: &Track,
        pointer: Option<Pos2>,
    ) -> Option<(Track, Option<String>)> {
        pointer?;
        let tile = self.tiles.chosen_tile()?;
        let mut preview = Track {
            grid: Vec::new(),
            ..track.clone()
        };
        let mut kept = preview.sectors.len();
        let edit = TrackEdit::LayTile {
            tile: Box::new(tile.clone()),
        };
        let refused = match edit.apply(&mut preview) {
            Ok(()) => None,
            Err(crate::edit::TrackEditError::LapClosed) => return None,
            Err(error) => Some(format!("Cannot lay this tile: {error}")),
        };
        if refused.is_some() {
            // Where it would go: pasted with no check, or (when its edge cannot join the lap's
            // end) pasted after one sector as wide as its entry, standing where the lap ends.
            let mut builder = crate::stretch::TrackBuilder::resume(
                track.clone(),
                crate::stretch::Inside::Right,
                (0.0, 0.0),
                0.0,
            );
            if builder.paste(&tile.sectors).is_ok() {
                preview = builder.build();
            } else {
                let ((x, y), heading, inside) = builder.next_origin();
                let length = track.space_size.length;
                let (dx, dy) = (heading.to_radians().cos(), heading.to_radians().sin());
                let mut alone = crate::stretch::TrackBuilder::new(
                    "ghost",
                    "ghost",
                    track.style,
                    inside,
                    (x - dx * length, y - dy * length),
                    heading,
                )
                .with_space_size(track.space_size);
                let lanes = u8::try_from(tile.entry_lanes()).ok()?;
                alone.straight(1, lanes).ok()?;
                alone.paste(&tile.sectors).ok()?;
                preview = alone.build();
                kept = 1;
            }
        }
        preview.sectors.drain(..kept.min(preview.sectors.len()));
        preview.start_sectors.clear();
        preview.grid.clear();
        preview.chute = None;
        preview.crossover.clear();
        Some((preview, refused))
    }

    /// The track as it would be with the stretch laid: what the stretch tool shows under the
    /// pointer before the click. A stretch that cannot be laid is shown where it would go, laid
    /// on nothing, with why (and what would work).
    fn stretch_preview(
        &self,
        track: &Track,
        pointer: Option<Pos2>,
        rect: Rect,
    ) -> Option<(Track, Option<String>)> {
        let origin = self.stretch.origin(self.view.to_track(rect, pointer?));
        let stretch = self.stretch.stretch();
        let mut preview = Track {
            grid: Vec::new(),
            ..track.clone()
        };
        let kept = preview.sectors.len();
        let refused = TrackEdit::AppendStretch { stretch, origin }
            .apply(&mut preview)
            .err();
        if let Some(error) = refused {
            // A closed lap takes no stretch anywhere: the inspector says so, and a ghost
            // drawn over the finish would only hide it.
            if matches!(error, crate::edit::TrackEditError::LapClosed) {
                return None;
            }
            let builder = crate::stretch::TrackBuilder::resume(
                track.clone(),
                origin.inside,
                origin.at,
                origin.heading,
            );
            let (at, heading, inside) = builder.next_origin();
            let mut alone = Track {
                sectors: Vec::new(),
                start_sectors: Vec::new(),
                grid: Vec::new(),
                chute: None,
                crossover: Vec::new(),
                ..track.clone()
            };
            let origin = crate::edit::Origin {
                at,
                heading,
                inside,
            };
            // A stretch that cannot be laid even on nothing (no lanes) shows only why.
            let _ = TrackEdit::AppendStretch { stretch, origin }.apply(&mut alone);
            return Some((alone, Some(format!("Cannot lay this stretch: {error}"))));
        }
        preview.sectors.drain(..kept);
        preview.start_sectors.clear();
        preview.chute = None;
        preview.crossover.clear();
        Some((preview, None))
    }
}

/// Why the tool under the pointer cannot act, written beside the pointer on a dark plate: below
/// and to the right of it, or above and to the left where the visible canvas (the painter's
/// clip, which a side panel may narrow) would cut it off.
fn refusal_note(ui: &Ui, painter: &egui::Painter, at: Pos2, why: &str) {
    let rect = painter.clip_rect();
    let galley = painter.layout(
        why.to_owned(),
        egui::FontId::proportional(13.0),
        ui.visuals().error_fg_color,
        360.0,
    );
    let size = galley.size();
    let mut corner = at + egui::vec2(16.0, 16.0);
    // The plate is 4 points wider than the text on each side: kept whole inside the canvas.
    if corner.y + size.y + 8.0 > rect.bottom() {
        corner.y = at.y - 16.0 - size.y;
    }
    if corner.x + size.x + 8.0 > rect.right() {
        corner.x = (rect.right() - size.x - 8.0).max(rect.left() + 8.0);
    }
    let plate = Rect::from_min_size(corner, galley.size()).expand(4.0);
    painter.rect_filled(plate, 3.0, egui::Color32::from_black_alpha(220));
    painter.galley(corner, galley, ui.visuals().error_fg_color);
}
