//! The mission editor's setup: the rulebook's grid, or cars placed. A placed car's team and
//! number are chosen among the pack's, its spot typed (a space, the chute or beside the track)
//! or picked on the mission's track drawn under the cars: press its Pick button, click a space.

use egui::{Align2, Color32, FontId, Stroke, Ui};

use super::{Changed, MissionContext, MissionEditor, change, draft_rows};
use crate::content::mission::{Mission, MissionSetup};
use crate::content::scenario::{CarPlacement, CarRef, Marker, Spot};
use crate::content::track::{SpaceRef, Track};
use crate::gui::canvas::TrackCanvas;
use crate::gui::fields::{self, RowAction};

/// The placed cars, when the setup places them.
fn placed(mission: &Mission) -> &[CarPlacement] {
    match &mission.setup {
        MissionSetup::Placed(cars) => cars,
        MissionSetup::Grid => &[],
    }
}

/// Changes placed car `index` of the copy.
fn set_car(m: &mut Mission, index: usize, change: impl FnOnce(&mut CarPlacement)) {
    if let MissionSetup::Placed(cars) = &mut m.setup
        && let Some(car) = cars.get_mut(index)
    {
        change(car);
    }
}

/// Draws the setup: the grid or the placed cars' table.
pub(super) fn setup(
    editor: &mut MissionEditor,
    ui: &mut Ui,
    mission: &Mission,
    context: &MissionContext<'_>,
    changed: &mut Changed,
) {
    let is_placed = matches!(mission.setup, MissionSetup::Placed(_));
    ui.horizontal(|ui| {
        ui.heading("Setup");
        let options = [(false, "the grid (3.0)"), (true, "cars placed")];
        if let Some(placed) = fields::choice(ui, "setup", "mission_setup", is_placed, &options) {
            editor.picking = None;
            change(changed, mission, None, |m| {
                m.setup = if placed {
                    MissionSetup::Placed(Vec::new())
                } else {
                    MissionSetup::Grid
                };
            });
        }
        if is_placed && ui.button("Add car").clicked() {
            let car = context.teams.first().map(|team| CarPlacement {
                team: team.id.clone(),
                number: team.numbers.first().cloned().unwrap_or_else(|| "1".into()),
                at: free_spot(placed(mission), context.track),
                damage: 0,
                markers: Vec::new(),
                activated: false,
            });
            if let Some(car) = car {
                change(changed, mission, None, |m| {
                    if let MissionSetup::Placed(cars) = &mut m.setup {
                        cars.push(car);
                    }
                });
            }
        }
    });
    if !is_placed {
        ui.weak("Each seated team's first cars are drawn to the grid as the rulebook says.");
        return;
    }
    ui.weak(
        "Each seated team needs a car placed; its others wait in reserve. A spot is \
         Space(\"3.1\"), Chute or OffTrack(beside: \"5.0\", side: Inside); Pick, then a click on \
         the track below, puts the car on a space.",
    );
    for (index, car) in placed(mission).iter().enumerate() {
        ui.push_id(("placed", index), |ui| {
            ui.horizontal_wrapped(|ui| {
                placed_row(editor, ui, mission, index, car, context, changed);
            });
        });
    }
    if let Some(track) = context.track {
        let size = egui::vec2(ui.available_width().min(900.0), 360.0);
        ui.allocate_ui(size, |ui| {
            placement_canvas(editor, ui, mission, context, track, changed);
        });
    } else {
        ui.weak("Open the mission's track to pick the cars' spaces on it.");
    }
}

/// Where a new car can stand: the first grid position (pole first) no placed car stands on,
/// or the chute when the grid is full or there is no track to read (a car in the chute is
/// where a replacement waits: it stands, and enters on its first activation).
fn free_spot(cars: &[CarPlacement], track: Option<&Track>) -> Spot {
    let taken = |space: SpaceRef| cars.iter().any(|c| c.at == Spot::Space(space));
    let mut grid: Vec<_> = track.map(|t| t.grid.iter().collect()).unwrap_or_default();
    grid.sort_by_key(|slot| slot.position);
    grid.into_iter()
        .map(|slot| slot.space)
        .find(|space| !taken(*space))
        .map_or(Spot::Chute, Spot::Space)
}

/// One placed car's row.
fn placed_row(
    editor: &mut MissionEditor,
    ui: &mut Ui,
    mission: &Mission,
    index: usize,
    car: &CarPlacement,
    context: &MissionContext<'_>,
    changed: &mut Changed,
) {
    let named = CarRef {
        team: car.team.clone(),
        number: car.number.clone(),
    };
    ui.horizontal(|ui| {
        if let Some(chosen) = super::objectives::car_choice(ui, ("placed", index), &named, context)
        {
            change(changed, mission, None, |m| {
                set_car(m, index, |c| {
                    c.team = chosen.team;
                    c.number = chosen.number;
                });
            });
        }
    });
    ui.label("at");
    ui.vertical(|ui| {
        ui.set_max_width(220.0);
        if let Some((spot, group)) = fields::ron_field::<Spot>(
            ui,
            "spot",
            &car.at,
            "Space(\"3.1\"), Chute, or OffTrack(beside: \"5.0\", side: Inside)",
            &mut editor.drafts,
            draft_rows::SPOT + index,
        ) {
            change(changed, mission, Some(group), |m| {
                set_car(m, index, |c| c.at = spot);
            });
        }
    });
    ui.label("damage");
    if let Some((damage, group)) = fields::number(ui, "damage", car.damage, 0..=9) {
        change(changed, mission, Some(group), |m| {
            set_car(m, index, |c| c.damage = damage);
        });
    }
    ui.label("markers");
    // A group sized as the field is, so the row wraps before it when the line has no room
    // (a group asking for the rest of the line is placed there whatever its width).
    let size = egui::vec2(160.0, ui.spacing().interact_size.y);
    ui.allocate_ui(size, |ui| {
        ui.set_max_width(160.0);
        if let Some((markers, group)) = fields::ron_field::<Vec<Marker>>(
            ui,
            "markers",
            &car.markers,
            "[Suppressed, Reloading, SpinAround, OnFire]",
            &mut editor.drafts,
            draft_rows::MARKERS + index,
        ) {
            change(changed, mission, Some(group), |m| {
                set_car(m, index, |c| c.markers = markers);
            });
        }
    });
    let picking = editor.picking == Some(index);
    if ui
        .selectable_label(picking, "Pick")
        .on_hover_text("Then click a space on the track below")
        .clicked()
    {
        editor.picking = if picking { None } else { Some(index) };
    }
    match fields::inline_row_actions(ui) {
        Some(RowAction::Duplicate) => change(changed, mission, None, |m| {
            if let MissionSetup::Placed(cars) = &mut m.setup {
                let copy = cars[index].clone();
                cars.insert(index + 1, copy);
            }
        }),
        Some(RowAction::Delete) => {
            editor.picking = None;
            editor.drafts.clear();
            change(changed, mission, None, |m| {
                if let MissionSetup::Placed(cars) = &mut m.setup {
                    cars.remove(index);
                }
            });
        }
        None => {}
    }
}

/// The mission's track under the placed cars' rows, each placed car drawn as its counter; with a car's
/// Pick pressed, a click on a space puts the car there.
fn placement_canvas(
    editor: &mut MissionEditor,
    ui: &mut Ui,
    mission: &Mission,
    context: &MissionContext<'_>,
    track: &Track,
    changed: &mut Changed,
) {
    let cars = placed(mission);
    ui.label(match editor.picking.and_then(|i| cars.get(i)) {
        Some(car) => format!(
            "Click a space for {} #{} (Esc to stop)",
            context.team_name(&car.team),
            car.number
        ),
        None if cars.is_empty() => format!("{}: the grid's slots are drawn to", track.name),
        None => format!("{}: the cars as placed", track.name),
    });
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        editor.picking = None;
    }
    // The track in the pack's own colours of ground, house kinds included.
    if let Some(terrain) = context.terrain {
        editor.canvas.grounds.refresh(terrain);
    }
    let (response, rect) = editor.canvas.view_only(ui, track);
    let painter = ui.painter().with_clip_rect(rect);
    let view = editor.canvas.view;
    let radius = (track.space_size.width * view.zoom * 0.32).clamp(6.0, 24.0);
    for car in cars {
        let Some(point) = crate::render::geometry::spot_point(track, car.at) else {
            continue;
        };
        let centre = view.to_screen(rect, point);
        let [r, g, b] = context
            .teams
            .iter()
            .find(|t| t.id == car.team)
            .map_or([200, 200, 200], |t| t.colour);
        painter.circle(
            centre,
            radius,
            Color32::from_rgb(r, g, b),
            Stroke::new(1.5, Color32::BLACK),
        );
        let light = 0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b) > 140.0;
        painter.text(
            centre,
            Align2::CENTER_CENTER,
            car.number.as_str(),
            FontId::proportional(radius),
            if light {
                Color32::BLACK
            } else {
                Color32::WHITE
            },
        );
    }
    if let (Some(index), true) = (editor.picking, response.clicked())
        && let Some(pointer) = response.interact_pointer_pos()
        && let Some(at) = TrackCanvas::space_at(track, view.to_track(rect, pointer))
    {
        editor.picking = None;
        editor.drafts.remove(&(draft_rows::SPOT + index));
        change(changed, mission, None, |m| {
            set_car(m, index, |c| c.at = Spot::Space(at));
        });
    }
}
