//! Drawing the track on the canvas, in the PNG renderer's colours.

use std::collections::BTreeSet;

use egui::epaint::StrokeKind;
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke};

use super::View;
use crate::content::track::{Space, SpaceRef, Track};
use crate::render::geometry::{chute_spot, finish_squares, hazard_mark, space_corners};
use crate::render::legend::Legend;
use crate::render::palette;

/// Below this zoom (pixels per track unit) links and grid numbers are left out: they would be
/// unreadable, and leaving them out keeps big tracks fast.
const DETAIL_ZOOM: f32 = 10.0;

/// What one frame draws.
pub struct Scene<'a> {
    pub view: View,
    pub track: &'a Track,
    pub selection: &'a BTreeSet<SpaceRef>,
    pub problems: &'a BTreeSet<SpaceRef>,
    pub hover: Option<SpaceRef>,
    pub first_click: Option<SpaceRef>,
    pub show_links: bool,
    pub backdrop: Option<&'a (egui::TextureId, crate::content::track::Background)>,
    pub preview: Option<&'a Track>,
    /// The preview cannot be laid: it is drawn in the refusal colour.
    pub refused: bool,
    /// How each kind of ground is drawn.
    pub legend: &'a Legend,
    pub selecting: Option<Rect>,
}

fn colour([r, g, b, a]: [u8; 4]) -> Color32 {
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// Draws the scene into `rect`.
pub fn draw(painter: &Painter, rect: Rect, scene: &Scene<'_>) {
    let painter = painter.with_clip_rect(rect);
    painter.rect_filled(rect, 0.0, colour(palette::GROUND));
    let view = scene.view;
    if let Some((texture, placement)) = scene.backdrop {
        draw_backdrop(&painter, rect, view, *texture, placement);
    }
    draw_spaces(&painter, rect, scene);
    draw_finish_and_chute(&painter, rect, scene);
    if view.zoom >= DETAIL_ZOOM {
        draw_details(&painter, rect, scene);
    }
    if let Some(preview) = scene.preview {
        let ghost = if scene.refused {
            Color32::from_rgba_unmultiplied(0xff, 0x50, 0x40, 0x60)
        } else {
            Color32::from_rgba_unmultiplied(0x80, 0xc0, 0xff, 0x50)
        };
        for (_, space) in preview.spaces() {
            let points: Vec<Pos2> = space_corners(preview, space, 0.0)
                .iter()
                .map(|&p| view.to_screen(rect, p))
                .collect();
            painter.add(Shape::convex_polygon(
                points,
                ghost,
                Stroke::new(1.0, ghost),
            ));
        }
    }
    if let Some(selecting) = scene.selecting {
        painter.rect_stroke(
            selecting,
            0.0,
            Stroke::new(1.0, Color32::WHITE),
            StrokeKind::Inside,
        );
    }
}

/// A space's corners on screen, `inset` of the way in.
fn screen_corners(scene: &Scene<'_>, rect: Rect, space: &Space, inset: f32) -> Vec<Pos2> {
    space_corners(scene.track, space, inset)
        .iter()
        .map(|&p| scene.view.to_screen(rect, p))
        .collect()
}

/// Every space on screen in its terrain's colour, with its marks: crossover, problem,
/// selected, first click of a two-click tool, under the pointer.
fn draw_spaces(painter: &Painter, rect: Rect, scene: &Scene<'_>) {
    let track = scene.track;
    let visible = |points: &[Pos2]| points.iter().any(|p| rect.expand(40.0).contains(*p));
    let crossover: BTreeSet<SpaceRef> = track
        .crossover
        .iter()
        .flat_map(|pair| [pair.0, pair.1])
        .collect();
    let outline = Stroke::new(1.0, colour(palette::OUTLINE));
    for (at, space) in track.spaces() {
        let points = screen_corners(scene, rect, space, 0.0);
        if !visible(&points) {
            continue;
        }
        painter.add(Shape::convex_polygon(
            points,
            colour(scene.legend.colour(&space.terrain)),
            outline,
        ));
        let marks = [
            (crossover.contains(&at), colour(palette::CROSSOVER), 2.0),
            (
                scene.problems.contains(&at),
                Color32::from_rgb(0xff, 0x30, 0x30),
                3.0,
            ),
            (
                scene.selection.contains(&at),
                Color32::from_rgb(0x40, 0xa0, 0xff),
                3.0,
            ),
            (
                scene.first_click == Some(at),
                Color32::from_rgb(0x40, 0xff, 0x80),
                3.0,
            ),
            (scene.hover == Some(at), Color32::WHITE, 1.5),
        ];
        if space.hazard {
            let triangle: Vec<Pos2> = hazard_mark(track, space)
                .iter()
                .map(|&p| scene.view.to_screen(rect, p))
                .collect();
            painter.add(Shape::closed_line(
                triangle,
                Stroke::new(2.0, colour(palette::HAZARD)),
            ));
            // A spot dealt only at some player counts says them.
            // Below the middle, where a grid number leaves room, scaled with the view.
            if let Some(label) = crate::render::geometry::hazard_players_label(space) {
                let zoom = scene.view.zoom;
                painter.text(
                    scene.view.to_screen(rect, (space.x, space.y)) + egui::vec2(0.0, zoom * 0.3),
                    egui::Align2::CENTER_CENTER,
                    label,
                    egui::FontId::proportional((zoom * 0.25).clamp(7.0, 18.0)),
                    colour(palette::HAZARD),
                );
            }
        }
        for (on, stroke_colour, width) in marks {
            if on {
                painter.add(Shape::closed_line(
                    screen_corners(scene, rect, space, 0.08),
                    Stroke::new(width, stroke_colour),
                ));
            }
        }
    }
}

/// The finish line's chequered squares and the chute.
fn draw_finish_and_chute(painter: &Painter, rect: Rect, scene: &Scene<'_>) {
    let (track, view) = (scene.track, scene.view);
    for (square, light) in finish_squares(track) {
        let points: Vec<Pos2> = square.iter().map(|&p| view.to_screen(rect, p)).collect();
        let fill = colour(if light {
            palette::FINISH_LIGHT
        } else {
            palette::FINISH_DARK
        });
        painter.add(Shape::convex_polygon(points, fill, Stroke::NONE));
    }
    if let Some(chute) = chute_spot(track) {
        draw_chute(painter, rect, view, track, &chute);
    }
}

/// The chute drawn at `spot`: an orange space marked C (on a rolling road the race draws it
/// again where it has moved).
pub fn draw_chute(painter: &Painter, rect: Rect, view: View, track: &Track, spot: &Space) {
    let points: Vec<Pos2> = space_corners(track, spot, 0.05)
        .iter()
        .map(|&p| view.to_screen(rect, p))
        .collect();
    painter.add(Shape::convex_polygon(
        points,
        colour(palette::CHUTE),
        Stroke::new(1.0, colour(palette::OUTLINE)),
    ));
    painter.text(
        view.to_screen(rect, (spot.x, spot.y)),
        Align2::CENTER_CENTER,
        "C",
        FontId::proportional((view.zoom * 0.5).clamp(8.0, 24.0)),
        Color32::BLACK,
    );
}

/// Forward links as arrows, and grid numbers.
fn draw_details(painter: &Painter, rect: Rect, scene: &Scene<'_>) {
    let track = scene.track;
    let view = scene.view;
    if scene.show_links {
        let link = Stroke::new(1.0, colour(palette::LINK));
        for (_, space) in track.spaces() {
            let from = view.to_screen(rect, (space.x, space.y));
            if !rect.contains(from) {
                continue;
            }
            for to in &space.next {
                if let Some(target) = track.space(*to) {
                    let to = view.to_screen(rect, (target.x, target.y));
                    painter.arrow(from, (to - from) * 0.8, link);
                }
            }
        }
    }
    let font = FontId::proportional((view.zoom * 0.45).clamp(8.0, 28.0));
    for slot in &track.grid {
        if let Some(space) = track.space(slot.space) {
            painter.text(
                view.to_screen(rect, (space.x, space.y)),
                Align2::CENTER_CENTER,
                slot.position.to_string(),
                font.clone(),
                colour(palette::GRID),
            );
        }
    }
}

/// The background picture: its top-left corner at (`x`, `y`), `scale` track units per pixel,
/// faded to its opacity.
fn draw_backdrop(
    painter: &Painter,
    rect: Rect,
    view: View,
    texture: egui::TextureId,
    placement: &crate::content::track::Background,
) {
    let Some(size) = painter
        .ctx()
        .tex_manager()
        .read()
        .meta(texture)
        .map(|meta| meta.size)
    else {
        return;
    };
    let width = size[0] as f32 * placement.scale;
    let height = size[1] as f32 * placement.scale;
    let screen = Rect::from_min_max(
        view.to_screen(rect, (placement.x, placement.y)),
        view.to_screen(rect, (placement.x + width, placement.y + height)),
    );
    let alpha = (placement.opacity.clamp(0.0, 1.0) * 255.0) as u8;
    painter.image(
        texture,
        screen,
        Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
        Color32::from_white_alpha(alpha),
    );
}
