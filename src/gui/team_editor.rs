//! The team mat editor: the teams in a list, the chosen team's fields with a colour picker,
//! its cars in a table, and each car's counter drawn on both sides.

use egui::{Align2, Color32, FontId, Rect, Sense, Stroke, Ui, vec2};
use egui_extras::{Column, TableBuilder, TableRow};

use super::fields;
use crate::content::team_mats::{CarStats, Mount, TeamMat, TeamMats, parse_colour};
use crate::content::text::{CarNumber, Id, Text};
use crate::edit::list::free_id;
use crate::edit::{Edit, GroupKey, ListEdit};

const MOUNTS: [(Mount, &str); 3] = [
    (Mount::Front, "Front"),
    (Mount::Rear, "Rear"),
    (Mount::Turret, "Turret"),
];

/// The editor's state: the chosen team.
#[derive(Clone, Debug, Default)]
pub struct TeamEditor {
    /// The team shown.
    pub selected: usize,
}

impl TeamEditor {
    /// Shows the team with this id.
    pub fn show_team(&mut self, mats: &TeamMats, id: &str) {
        if let Some(index) = mats.teams.iter().position(|team| team.id.as_str() == id) {
            self.selected = index;
        }
    }

    /// Draws the editor. `weapons` are the combat deck's weapon type ids, offered for each car.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        mats: &TeamMats,
        weapons: &[Id],
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        egui::Panel::left("team-list")
            .resizable(true)
            .default_size(180.0)
            .show(ui, |ui| {
                self.team_list(ui, mats, edits);
            });
        let Some(team) = mats.teams.get(self.selected) else {
            ui.label("No team chosen.");
            return;
        };
        let index = self.selected;
        let mut edited = team_fields(ui, team);
        ui.separator();
        if let Some(changed) = cars_table(ui, team, weapons) {
            edited = Some(changed);
        }
        ui.horizontal(|ui| {
            if ui.button("Add car").clicked() {
                let mut copy = team.clone();
                let mut car = team.cars.last().cloned().unwrap_or_else(blank_car);
                car.number = CarNumber::from(format!("{}", team.cars.len() + 1).as_str());
                copy.cars.push(car);
                edited = Some((copy, None));
            }
            if ui
                .add_enabled(!team.cars.is_empty(), egui::Button::new("Remove last car"))
                .clicked()
            {
                let mut copy = team.clone();
                copy.cars.pop();
                edited = Some((copy, None));
            }
        });
        ui.separator();
        ui.strong("Counters (light and dark side)");
        counters(ui, team);
        if let Some((team, group)) = edited {
            edits.push((Edit::Teams(ListEdit::Set(index, team)), group));
        }
    }

    /// The list of teams, with Add team and Delete team.
    fn team_list(
        &mut self,
        ui: &mut Ui,
        mats: &TeamMats,
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        ui.strong(format!("{} teams", mats.teams.len()));
        for (index, team) in mats.teams.iter().enumerate() {
            let swatch = team_colour(team);
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(vec2(12.0, 12.0), Sense::hover());
                ui.painter().rect_filled(rect, 2.0, swatch);
                if ui
                    .selectable_label(self.selected == index, team.name.as_str())
                    .clicked()
                {
                    self.selected = index;
                }
            });
        }
        ui.separator();
        if ui.button("Add team").clicked() {
            let mut team = mats
                .teams
                .get(self.selected)
                .cloned()
                .unwrap_or_else(blank_team);
            let ids = mats.teams.iter().map(|t| t.id.as_str());
            team.id = Id::from(free_id(ids, "new-team").as_str());
            team.name = Text::from("New team");
            edits.push((Edit::Teams(ListEdit::Insert(mats.teams.len(), team)), None));
            self.selected = mats.teams.len();
        }
        if ui
            .add_enabled(
                self.selected < mats.teams.len(),
                egui::Button::new("Delete team"),
            )
            .clicked()
        {
            edits.push((Edit::Teams(ListEdit::Remove(self.selected)), None));
            self.selected = self.selected.saturating_sub(1);
        }
    }
}

fn cars_table(ui: &mut Ui, team: &TeamMat, weapons: &[Id]) -> Option<(TeamMat, Option<GroupKey>)> {
    let weapon_options: Vec<(usize, &str)> = weapons
        .iter()
        .enumerate()
        .map(|(i, w)| (i, w.as_str()))
        .collect();
    let mut edited = None;
    let drivers = fields::fitting_width(ui, team.cars.iter().map(|c| c.driver.as_str()), 110.0);
    // The driver's and the weapon's columns are sized to their longest values: a field cannot
    // grow an auto column it fills.
    let weapon_width = fields::choice_width(ui, weapon_options.iter().map(|(_, w)| *w));
    TableBuilder::new(ui)
        .id_salt("cars")
        .striped(true)
        .column(Column::auto().at_least(60.0))
        .column(Column::exact(drivers + 4.0))
        .columns(Column::auto().at_least(60.0), 2)
        .column(Column::exact(weapon_width + 4.0))
        .columns(Column::auto().at_least(60.0), 2)
        .header(20.0, |header| {
            fields::header(
                header,
                [
                    "Number",
                    "Driver",
                    "Defense",
                    "Base MP",
                    "Weapon",
                    "Mount",
                    "Targeting bonus",
                ],
            );
        })
        .body(|mut body| {
            for (car_index, car) in team.cars.iter().enumerate() {
                body.row(24.0, |mut row| {
                    if let Some((car, group)) = car_row(
                        &mut row,
                        (car, car_index, drivers),
                        weapons,
                        &weapon_options,
                    ) {
                        let mut copy = team.clone();
                        copy.cars[car_index] = car;
                        edited = Some((copy, group));
                    }
                });
            }
        });
    edited
}

/// One car's row of fields; the car as edited, if a field changed.
fn car_row(
    row: &mut TableRow<'_, '_>,
    (car, car_index, drivers): (&CarStats, usize, f32),
    weapons: &[Id],
    weapon_options: &[(usize, &str)],
) -> Option<(CarStats, Option<GroupKey>)> {
    let mut edited = None;
    let mut set = |car: CarStats, group| edited = Some((car, group));
    row.col(|ui| {
        if let Some((number, g)) = fields::text(ui, "number", &car.number, 50.0) {
            set(
                CarStats {
                    number,
                    ..car.clone()
                },
                Some(g),
            );
        }
    });
    row.col(|ui| {
        if let Some((driver, g)) = fields::text(ui, "driver", &car.driver, drivers) {
            set(
                CarStats {
                    driver,
                    ..car.clone()
                },
                Some(g),
            );
        }
    });
    row.col(|ui| {
        if let Some((defense, g)) = fields::number(ui, "defense", car.defense, 0..=9) {
            set(
                CarStats {
                    defense,
                    ..car.clone()
                },
                Some(g),
            );
        }
    });
    row.col(|ui| {
        if let Some((base_mp, g)) = fields::number(ui, "base_mp", car.base_mp, 0..=9) {
            set(
                CarStats {
                    base_mp,
                    ..car.clone()
                },
                Some(g),
            );
        }
    });
    row.col(|ui| {
        let current = weapons
            .iter()
            .position(|w| *w == car.weapon)
            .unwrap_or(usize::MAX);
        if let Some(chosen) =
            fields::choice(ui, "weapon", ("weapon", car_index), current, weapon_options)
        {
            set(
                CarStats {
                    weapon: weapons[chosen].clone(),
                    ..car.clone()
                },
                None,
            );
        }
    });
    row.col(|ui| {
        if let Some(mount) = fields::choice(ui, "mount", ("mount", car_index), car.mount, &MOUNTS) {
            set(
                CarStats {
                    mount,
                    ..car.clone()
                },
                None,
            );
        }
    });
    row.col(|ui| {
        let mut bonus = car.targeting_bonus;
        if ui
            .checkbox(&mut bonus, "")
            .accessible_name("targeting bonus")
            .changed()
        {
            set(
                CarStats {
                    targeting_bonus: bonus,
                    ..car.clone()
                },
                None,
            );
        }
    });
    edited
}

/// Each car's counter: the light side in the team colour, the dark side reversed.
fn counters(ui: &mut Ui, team: &TeamMat) {
    let colour = team_colour(team);
    let ink = if u32::from(colour.r()) + u32::from(colour.g()) + u32::from(colour.b()) > 380 {
        Color32::BLACK
    } else {
        Color32::WHITE
    };
    let size = 56.0;
    ui.horizontal_wrapped(|ui| {
        for car in &team.cars {
            for (fill, text) in [(colour, ink), (Color32::from_gray(30), colour)] {
                let (rect, _) = ui.allocate_exact_size(vec2(size, size), Sense::hover());
                draw_counter(ui, rect, fill, text, car);
            }
            ui.add_space(8.0);
        }
    });
}

fn draw_counter(ui: &Ui, rect: Rect, fill: Color32, ink: Color32, car: &CarStats) {
    let painter = ui.painter();
    painter.rect_filled(rect, 6.0, fill);
    painter.rect_stroke(rect, 6.0, Stroke::new(1.5, ink), egui::StrokeKind::Inside);
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        car.number.as_str(),
        FontId::proportional(20.0),
        ink,
    );
    painter.text(
        rect.right_bottom() + vec2(-5.0, -3.0),
        Align2::RIGHT_BOTTOM,
        format!("D{}", car.defense),
        FontId::proportional(11.0),
        ink,
    );
}

fn blank_car() -> CarStats {
    CarStats {
        number: CarNumber::from("1"),
        driver: Text::from("Driver"),
        defense: 2,
        base_mp: 2,
        weapon: Id::from("machine-guns"),
        mount: Mount::Front,
        targeting_bonus: false,
    }
}

fn blank_team() -> TeamMat {
    TeamMat {
        id: Id::from("new-team"),
        name: Text::from("New team"),
        colour: Text::from("#808080"),
        symbol: Text::from("Skull"),
        cars: (1..=8)
            .map(|n| CarStats {
                number: CarNumber::from(n.to_string().as_str()),
                ..blank_car()
            })
            .collect(),
    }
}

/// The team's colour, grey while its text is not a `#rrggbb` colour (validation says why).
fn team_colour(team: &TeamMat) -> Color32 {
    parse_colour(team.colour.as_str()).map_or(Color32::GRAY, |[r, g, b]| Color32::from_rgb(r, g, b))
}

/// The team's own fields: id, name, colour, symbol. The team as edited, if a field changed.
fn team_fields(ui: &mut Ui, team: &TeamMat) -> Option<(TeamMat, Option<GroupKey>)> {
    let mut edited: Option<(TeamMat, Option<GroupKey>)> = None;
    egui::Grid::new("team-fields")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Id");
            if let Some((id, g)) = fields::text(ui, "id", &team.id, 200.0) {
                edited = Some((TeamMat { id, ..team.clone() }, Some(g)));
            }
            ui.end_row();
            ui.label("Name");
            if let Some((name, g)) = fields::text(ui, "name", &team.name, 200.0) {
                edited = Some((
                    TeamMat {
                        name,
                        ..team.clone()
                    },
                    Some(g),
                ));
            }
            ui.end_row();
            ui.label("Colour");
            ui.horizontal(|ui| {
                let mut rgb = parse_colour(team.colour.as_str()).unwrap_or([128, 128, 128]);
                let response = ui.color_edit_button_srgb(&mut rgb);
                if response.changed() {
                    let colour =
                        Text::from(format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]).as_str());
                    edited = Some((
                        TeamMat {
                            colour,
                            ..team.clone()
                        },
                        Some(response.id.value()),
                    ));
                }
                if let Some((colour, g)) = fields::text(ui, "colour", &team.colour, 80.0) {
                    edited = Some((
                        TeamMat {
                            colour,
                            ..team.clone()
                        },
                        Some(g),
                    ));
                }
            });
            ui.end_row();
            ui.label("Symbol");
            if let Some((symbol, g)) = fields::text(ui, "symbol", &team.symbol, 200.0) {
                edited = Some((
                    TeamMat {
                        symbol,
                        ..team.clone()
                    },
                    Some(g),
                ));
            }
            ui.end_row();
        });
    edited
}
