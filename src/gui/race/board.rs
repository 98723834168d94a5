//! The race drawn over the track: each car as its counter, the places a card can take a car,
//! the path to the one under the pointer, and the targets of an attack.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2};

use crate::content::race_deck::LaneSide;
use crate::content::track::Track;
use crate::gui::canvas::View;
use crate::render::geometry::{chute_spot, direction, space_corners, spot_beside};
use crate::rules::{CarId, Place, Race};
use crate::validate::checked_track::SpaceId;

/// Where a place is drawn, in track units; `None` for places off the board (reserve,
/// destroyed). Cars sharing the chute or an off-track spot are fanned out by `slot`.
#[must_use]
pub fn place_point(race: &Race, track: &Track, place: Place, slot: usize) -> Option<(f32, f32)> {
    let fan = |(x, y): (f32, f32)| {
        let step = track.space_size.width * 0.35;
        (x + step * slot as f32, y - step * slot as f32)
    };
    match place {
        // Cars sharing a space (the trough, ground where cars stack) fan out as in the chute.
        Place::Track(space) => space_point(race, track, space).map(fan),
        // On a rolling road the chute moves with the rear tile.
        Place::Chute => match (race.road(), track.chute) {
            (Some(_), Some(chute)) => {
                spot_beside(track, race.track().at(race.chute_beside()), chute.side)
            }
            _ => chute_spot(track),
        }
        .map(|s| fan((s.x, s.y))),
        Place::OffTrack { sector, side } => {
            let checked = race.track();
            let edge = space_point(race, track, checked.edge_of(sector, side))?;
            let other_side = match side {
                LaneSide::Inside => LaneSide::Outside,
                LaneSide::Outside => LaneSide::Inside,
            };
            let other = space_point(race, track, checked.edge_of(sector, other_side))?;
            let (mut vx, mut vy) = (edge.0 - other.0, edge.1 - other.1);
            let length = vx.hypot(vy);
            if length < f32::EPSILON {
                // A one-lane sector: beside it, to the right of travel.
                let heading = track
                    .space(checked.at(checked.edge_of(sector, side)))
                    .map_or(0.0, |s| s.heading);
                let (dx, dy) = direction(heading);
                (vx, vy) = (-dy, dx);
            } else {
                (vx, vy) = (vx / length, vy / length);
            }
            let offset = track.space_size.width * 1.1;
            Some(fan((edge.0 + vx * offset, edge.1 + vy * offset)))
        }
        Place::Reserve | Place::Destroyed | Place::Finished(_) => None,
    }
}

/// The centre of a track space, in track units.
#[must_use]
pub fn space_point(race: &Race, track: &Track, space: SpaceId) -> Option<(f32, f32)> {
    track.space(race.track().at(space)).map(|s| (s.x, s.y))
}

/// The team colour of a car.
#[must_use]
pub fn team_colour(race: &Race, car: CarId) -> Color32 {
    let [r, g, b] = race.team_of(race.car(car).player).colour;
    Color32::from_rgb(r, g, b)
}

/// A rolling road as it lies on the table: every space of a tile not on the table (still in
/// the pile, or removed) under a veil of the backdrop's colour, and each tile on the table
/// named at its first sector (`3 · goo-gulch`, the final one marked).
pub fn draw_road(painter: &Painter, rect: Rect, view: View, race: &Race, track: &Track) {
    let Some(road) = race.road() else {
        return;
    };
    let checked = race.track();
    let veil = Color32::from_rgba_unmultiplied(0x1b, 0x1b, 0x1b, 0xd8);
    for space in checked.space_ids() {
        if !race.on_table(checked.space(space).sector) {
            fill_space(painter, rect, view, race, track, space, veil);
        }
    }
    // The chute moved with the rear tile: marked where it stands now.
    if let Some(chute) = track.chute
        && let Some(spot) = spot_beside(track, checked.at(race.chute_beside()), chute.side)
        && checked.at(race.chute_beside()) != chute.beside
    {
        crate::gui::canvas::draw_chute(painter, rect, view, track, &spot);
    }
    let tiles = checked.laid_tiles();
    let size = (track.space_size.width.min(track.space_size.length) * 0.45 * view.zoom).max(11.0);
    for place in road.rear.0..=road.lead.0 {
        let place = crate::validate::laid_tiles::TilePlace(place);
        let first = checked.sector(tiles.first_sector(place));
        let Some(point) = track
            .section(first.section)
            .get(first.number as usize)
            .and_then(crate::render::geometry::beside_road)
        else {
            continue;
        };
        let id = tiles.id(place).map(ToString::to_string).unwrap_or_default();
        let label = if place == road.final_tile {
            format!("{} · {id} · final", place.ordinal())
        } else {
            format!("{} · {id}", place.ordinal())
        };
        painter.text(
            view.to_screen(rect, point),
            Align2::LEFT_CENTER,
            label,
            FontId::proportional(size),
            Color32::from_rgb(0xf0, 0xd0, 0x60),
        );
    }
}

/// What hazards did to the board, under the cars: each space a hazard changed, filled in its
/// new ground's colour, and a face-down token (a dark disc with a `?`) on each spot that still
/// holds one. Which token lies there is not shown: nobody at the table knows.
pub fn draw_hazards(painter: &Painter, rect: Rect, view: View, race: &Race, track: &Track) {
    for event in race.events() {
        if let crate::rules::RaceEvent::GroundChanged { space, .. } = event {
            let kind = race.track().space(*space).kind;
            let [r, g, b] = race.track().terrain().kind(kind).colour;
            fill_space(
                painter,
                rect,
                view,
                race,
                track,
                *space,
                Color32::from_rgb(r, g, b),
            );
        }
    }
    let radius = (track.space_size.width.min(track.space_size.length) * 0.28 * view.zoom).max(4.0);
    for space in race.face_down_hazards() {
        let Some(point) = space_point(race, track, space) else {
            continue;
        };
        let centre = view.to_screen(rect, point);
        painter.circle(
            centre,
            radius,
            Color32::from_rgb(0x30, 0x18, 0x18),
            Stroke::new(2.0, Color32::from_rgb(0xe8, 0x30, 0x28)),
        );
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            "?",
            egui::FontId::proportional(radius * 1.3),
            Color32::WHITE,
        );
    }
}

/// Draws every car in the race as its counter: a square in its team colour with its roof
/// number, darkened once activated (the dark side, 4.4), its damage as a red number in the
/// corner and its markers as letters below (S suppression, R reloading, Sp spun around).
pub fn draw_cars(painter: &Painter, rect: Rect, view: View, race: &Race, track: &Track) {
    let size = (track.space_size.width.min(track.space_size.length) * 0.7 * view.zoom).max(10.0);
    let mut shared: std::collections::BTreeMap<Place, usize> = std::collections::BTreeMap::new();
    for car in race.car_ids() {
        let state = race.car(car);
        let fans_out = |place: Place| match place {
            Place::Chute | Place::OffTrack { .. } => true,
            Place::Track(space) => race.track().space(space).ground.shared,
            Place::Reserve | Place::Destroyed | Place::Finished(_) => false,
        };
        let slot = match state.place {
            place if fans_out(place) => {
                let slot = shared.entry(state.place).or_default();
                *slot += 1;
                *slot - 1
            }
            _ => 0,
        };
        let Some(point) = place_point(race, track, state.place, slot) else {
            continue;
        };
        let centre = view.to_screen(rect, point);
        draw_counter(painter, centre, size, race, car);
    }
}

/// One car counter centred on `centre`, `size` pixels wide.
pub fn draw_counter(painter: &Painter, centre: Pos2, size: f32, race: &Race, car: CarId) {
    let state = race.car(car);
    let mut fill = team_colour(race, car);
    if state.activated {
        fill = fill.gamma_multiply(0.45).to_opaque();
    }
    let square = Rect::from_center_size(centre, Vec2::splat(size));
    painter.rect_filled(square, size * 0.15, fill);
    painter.rect_stroke(
        square,
        size * 0.15,
        Stroke::new(1.5, Color32::BLACK),
        StrokeKind::Inside,
    );
    let text = if fill.intensity() > 0.55 {
        Color32::BLACK
    } else {
        Color32::WHITE
    };
    painter.text(
        centre,
        Align2::CENTER_CENTER,
        race.car_number(car).to_string(),
        FontId::proportional(size * 0.45),
        text,
    );
    let damage = state.damage + state.temporary_damage;
    if damage > 0 {
        let corner = square.right_top();
        painter.circle_filled(corner, size * 0.22, Color32::from_rgb(0xd0, 0x10, 0x10));
        painter.text(
            corner,
            Align2::CENTER_CENTER,
            damage.to_string(),
            FontId::proportional(size * 0.3),
            Color32::WHITE,
        );
    }
    let markers = marker_letters(race, car);
    if !markers.is_empty() {
        painter.text(
            square.center_bottom() + Vec2::new(0.0, 2.0),
            Align2::CENTER_TOP,
            markers,
            FontId::proportional((size * 0.3).max(9.0)),
            Color32::WHITE,
        );
    }
}

/// A car's markers as short letters: S suppression, R reloading, Sp spun around, L lapped.
#[must_use]
pub fn marker_letters(race: &Race, car: CarId) -> String {
    let state = race.car(car);
    let mut letters = String::new();
    for (on, letter) in [
        (state.suppressed, "S"),
        (state.reloading, "R"),
        (state.spun_around, "Sp"),
        (state.lapped > 0, "L"),
    ] {
        if on {
            letters.push_str(letter);
        }
    }
    letters
}

/// Fills a track space with a colour, a little inside its edges.
pub fn fill_space(
    painter: &Painter,
    rect: Rect,
    view: View,
    race: &Race,
    track: &Track,
    space: SpaceId,
    fill: Color32,
) {
    fill_space_ref(painter, rect, view, track, race.track().at(space), fill);
}

/// Fills a space of the track file, by its address, a little inside its edges.
pub fn fill_space_ref(
    painter: &Painter,
    rect: Rect,
    view: View,
    track: &Track,
    at: crate::content::track::SpaceRef,
    fill: Color32,
) {
    fill_space_inside(painter, (rect, view), track, (at, 0.05), fill);
}

/// Fills the space `at` inside a margin of `inset` track units, leaving what is drawn under it
/// showing round the edge (the heat map leaves each space's ground).
pub fn fill_space_inside(
    painter: &Painter,
    (rect, view): (Rect, View),
    track: &Track,
    (at, inset): (crate::content::track::SpaceRef, f32),
    fill: Color32,
) {
    let Some(shape) = track.space(at) else {
        return;
    };
    let points: Vec<Pos2> = space_corners(track, shape, inset)
        .iter()
        .map(|&p| view.to_screen(rect, p))
        .collect();
    painter.add(Shape::convex_polygon(
        points,
        fill,
        Stroke::new(2.0, fill.to_opaque()),
    ));
}

/// Rings a place (a space, the chute or an off-track spot) with a circle.
pub fn ring_place(
    painter: &Painter,
    rect: Rect,
    view: View,
    race: &Race,
    track: &Track,
    place: Place,
    stroke: Stroke,
) {
    if let Some(point) = place_point(race, track, place, 0) {
        painter.circle_stroke(
            view.to_screen(rect, point),
            ring_radius(track, view),
            stroke,
        );
    }
}

/// The radius of the rings drawn round a place, in pixels: a little over half a space, never
/// too small to click.
#[must_use]
pub fn ring_radius(track: &Track, view: View) -> f32 {
    (track.space_size.width * 0.55 * view.zoom).max(10.0)
}

/// A line through the screen points of a path, with an arrow head on its last leg.
pub fn draw_path(painter: &Painter, points: &[Pos2], stroke: Stroke) {
    if points.len() < 2 {
        return;
    }
    painter.add(Shape::line(points[..points.len() - 1].to_vec(), stroke));
    let (from, to) = (points[points.len() - 2], points[points.len() - 1]);
    painter.arrow(from, to - from, stroke);
}
