//! The "Start a test race" dialog: a mission or none, the track, the ruleset, the players, who
//! plays each seat, and the seed. It reads what the workspace holds (missions, tracks,
//! rulesets, teams, bot profiles) and answers with a [`StartRequest`]; it never builds a race
//! itself. A mission chosen fixes the track, the ruleset, the player counts, each seat's team
//! (its round robin over the sides) and the seats of a side a bot always plays.

use egui::{ComboBox, Ui};

use crate::content::Document;
use crate::content::bot_profile::BotProfile;
use crate::validate::Diagnostic;

use super::super::validation::Validated;
use super::super::workspace::{DocumentId, Workspace};

/// Who plays a seat, as the dialog offers it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SeatChoice {
    /// A person.
    Human,
    /// A bot with this profile id.
    Bot(String),
}

/// What the dialog asks the studio to start.
#[derive(Clone, PartialEq, Debug)]
pub struct StartRequest {
    /// The mission document played, if any.
    pub mission: Option<DocumentId>,
    /// The track document.
    pub track: DocumentId,
    /// The ruleset id.
    pub ruleset: String,
    /// Each seat's team id, clockwise.
    pub teams: Vec<String>,
    /// Who plays each seat.
    pub seats: Vec<SeatChoice>,
    /// The race's seed.
    pub seed: u64,
}

/// What the dialog's buttons asked for.
#[derive(Clone, PartialEq, Debug)]
pub enum StartAnswer {
    /// Start this race.
    Start(StartRequest),
    /// Show the diagnostic at this position of the studio's list.
    Focus(usize),
    /// Close the dialog.
    Cancel,
}

/// The dialog's state: the choices so far.
#[derive(Clone, Debug)]
pub struct StartDialog {
    /// The mission document chosen, if any.
    pub mission: Option<DocumentId>,
    /// Why the chosen mission cannot be played now (its errors), when it cannot.
    mission_problem: Option<String>,
    /// Each seat's side, under a mission.
    sides: Vec<String>,
    /// The player counts the chosen mission allows.
    mission_players: Vec<usize>,
    /// The track document chosen.
    pub track: Option<DocumentId>,
    /// The ruleset chosen.
    pub ruleset: String,
    /// The number of players.
    pub players: usize,
    /// Each seat's team id (as many as the most players).
    pub teams: Vec<String>,
    /// Who plays each seat.
    pub seats: Vec<SeatChoice>,
    /// The seed, as typed.
    pub seed_text: String,
}

/// The most players a race may have (3.0).
const MOST_PLAYERS: usize = 10;

/// The choices the workspace offers.
struct Offer {
    missions: Vec<(DocumentId, String)>,
    tracks: Vec<(DocumentId, String)>,
    rulesets: Vec<(String, String, usize, usize)>,
    teams: Vec<(String, String)>,
    bots: Vec<BotProfile>,
}

impl Offer {
    fn of(workspace: &Workspace) -> Self {
        let mut offer = Self {
            missions: Vec::new(),
            tracks: Vec::new(),
            rulesets: Vec::new(),
            teams: Vec::new(),
            bots: Vec::new(),
        };
        for (id, open) in workspace.ids().zip(&workspace.documents) {
            match &open.document {
                // A course races on the track it builds (`launch::track_of`).
                Document::Track(_) | Document::Course(_) => {
                    offer.tracks.push((id, workspace.display_name(id)));
                }
                Document::Mission(mission) => offer.missions.push((
                    id,
                    format!("{} ({})", mission.name, workspace.display_name(id)),
                )),
                Document::Ruleset(r) => offer.rulesets.push((
                    r.id.to_string(),
                    r.name.to_string(),
                    usize::from(r.min_players),
                    usize::from(r.max_players),
                )),
                Document::TeamMats(mats) => offer.teams.extend(
                    mats.teams
                        .iter()
                        .map(|t| (t.id.to_string(), t.name.to_string())),
                ),
                Document::BotProfile(profile) => offer.bots.push(profile.clone()),
                _ => {}
            }
        }
        offer.rulesets.sort();
        offer.bots.sort_by(|a, b| a.id.cmp(&b.id));
        offer
    }
}

impl StartDialog {
    /// The dialog's first choices: the track shown (or the first), the `standard` ruleset (or
    /// the first), four players on the first teams, seat 1 a person and the others the
    /// `planner` bot (or the first profile), and a random seed.
    #[must_use]
    pub fn new(workspace: &Workspace, shown: Option<DocumentId>, seed: u64) -> Self {
        let offer = Offer::of(workspace);
        let track = shown
            .filter(|i| offer.tracks.iter().any(|(t, _)| t == i))
            .or_else(|| offer.tracks.first().map(|(i, _)| *i));
        let ruleset = offer
            .rulesets
            .iter()
            .find(|r| r.0 == "standard")
            .or_else(|| offer.rulesets.first())
            .map(|r| r.0.clone())
            .unwrap_or_default();
        let bot = offer
            .bots
            .iter()
            .find(|b| b.id.as_str() == "planner")
            .or_else(|| offer.bots.first())
            .map_or(SeatChoice::Human, |b| SeatChoice::Bot(b.id.to_string()));
        let teams: Vec<String> = (0..MOST_PLAYERS)
            .map(|seat| {
                offer
                    .teams
                    .get(seat % offer.teams.len().max(1))
                    .map(|t| t.0.clone())
                    .unwrap_or_default()
            })
            .collect();
        let seats = (0..MOST_PLAYERS)
            .map(|seat| {
                if seat == 0 {
                    SeatChoice::Human
                } else {
                    bot.clone()
                }
            })
            .collect();
        // A mission shown in the editor is the one raced.
        let mission = shown.filter(|&id| {
            matches!(
                workspace.document(id).map(|d| &d.document),
                Some(Document::Mission(_))
            )
        });
        Self {
            mission,
            mission_problem: None,
            sides: Vec::new(),
            mission_players: Vec::new(),
            track,
            ruleset,
            players: 4.min(offer.teams.len().max(2)),
            teams,
            seats,
            seed_text: seed.to_string(),
        }
    }

    /// The request the choices make, or why they make none.
    pub fn request(&self) -> Result<StartRequest, String> {
        if let Some(problem) = &self.mission_problem {
            return Err(problem.clone());
        }
        let track = self.track.ok_or("Open a track first (File > Open file…)")?;
        if self.ruleset.is_empty() {
            return Err("The content has no ruleset".to_owned());
        }
        let seed =
            self.seed_text.trim().parse::<u64>().map_err(|_| {
                format!("The seed `{}` is not a whole number", self.seed_text.trim())
            })?;
        let players = self.players.clamp(2, MOST_PLAYERS);
        let teams: Vec<String> = self.teams[..players].to_vec();
        let mut sorted = teams.clone();
        sorted.sort();
        sorted.dedup();
        if sorted.len() < teams.len() {
            return Err("Two seats have the same team: give each seat its own".to_owned());
        }
        if teams.iter().any(String::is_empty) {
            return Err("The content has no team mats".to_owned());
        }
        Ok(StartRequest {
            mission: self.mission,
            track,
            ruleset: self.ruleset.clone(),
            teams,
            seats: self.seats[..players].to_vec(),
            seed,
        })
    }

    /// Chooses a mission (or none): what it fixes follows at once from `validated`.
    pub fn choose_mission(
        &mut self,
        mission: Option<DocumentId>,
        workspace: &Workspace,
        validated: &Validated,
    ) {
        self.mission = mission;
        self.follow_mission(workspace, validated);
    }

    /// Sets what the chosen mission fixes: its track, ruleset, player count, each seat's team
    /// and side, and the bots of sides a bot always plays. Without a mission, nothing is fixed.
    fn follow_mission(&mut self, workspace: &Workspace, validated: &Validated) {
        self.mission_problem = None;
        self.sides.clear();
        self.mission_players.clear();
        let Some(id) = self.mission else {
            return;
        };
        let Some((path, Document::Mission(raw))) = workspace
            .document(id)
            .and_then(|d| Some((workspace.validation_path(id)?, &d.document)))
        else {
            self.mission_problem = Some("The chosen mission is no longer open".to_owned());
            return;
        };
        let track_file = super::super::validation::mission_track_path(&path, raw.track.as_str());
        self.track = workspace.id_of_file(&track_file);
        self.ruleset = raw.ruleset.to_string();
        let (Some(checked), Some(content)) = (validated.missions.get(&path), &validated.content)
        else {
            self.mission_problem = Some(format!(
                "The mission `{}` has errors (or its track `{}` is not open): see the \
                 diagnostics",
                raw.name, raw.track
            ));
            return;
        };
        self.mission_players = checked.players.iter().map(|n| usize::from(*n)).collect();
        if !self.mission_players.contains(&self.players) {
            self.players = checked.default_players();
        }
        for (seat, team) in checked.seated(MOST_PLAYERS).iter().enumerate() {
            if let Some(team) = content.teams.get(*team) {
                self.teams[seat] = team.id.to_string();
            }
            let side = checked
                .side_of_team(*team)
                .and_then(|s| checked.sides.get(s.index()));
            self.sides
                .push(side.map_or_else(String::new, |s| s.name.to_string()));
            if let Some(bot) = side.and_then(|s| s.bot.as_ref()) {
                self.seats[seat] = SeatChoice::Bot(bot.to_string());
            }
        }
    }

    /// Draws the dialog's window. `diagnostics` are the content's current ones: errors are
    /// listed, each a button showing it, and starting waits until there are none. A mission
    /// chosen is read from `validated` (the last validation).
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        workspace: &Workspace,
        diagnostics: &[Diagnostic],
        validated: &Validated,
        new_seed: u64,
    ) -> Option<StartAnswer> {
        let mut answer = None;
        let mut open = true;
        egui::Window::new("Start a test race")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                answer = self.contents(ui, workspace, diagnostics, validated, new_seed);
            });
        if !open {
            answer = Some(StartAnswer::Cancel);
        }
        answer
    }

    /// The mission, track, ruleset, number of players and seed.
    fn setup_grid(&mut self, ui: &mut Ui, offer: &Offer, new_seed: u64) {
        egui::Grid::new("race_setup").num_columns(2).show(ui, |ui| {
            let label = ui.label("Mission");
            let mission_name = offer
                .missions
                .iter()
                .find(|(i, _)| Some(*i) == self.mission)
                .map_or_else(
                    || "(none: the rulebook's race)".to_owned(),
                    |(_, n)| n.clone(),
                );
            ComboBox::from_id_salt("race_mission")
                .selected_text(mission_name)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.mission, None, "(none: the rulebook's race)");
                    for (index, name) in &offer.missions {
                        ui.selectable_value(&mut self.mission, Some(*index), name);
                    }
                })
                .response
                .labelled_by(label.id)
                .on_hover_text("A mission fixes the track, the ruleset, the teams and the sides");
            ui.end_row();
            let fixed = self.mission.is_none();
            let label = ui.label("Track");
            let track_name = |index: Option<DocumentId>| {
                offer
                    .tracks
                    .iter()
                    .find(|(i, _)| Some(*i) == index)
                    .map_or_else(|| "(none open)".to_owned(), |(_, n)| n.clone())
            };
            ui.add_enabled_ui(fixed, |ui| {
                ComboBox::from_id_salt("race_track")
                    .selected_text(track_name(self.track))
                    .show_ui(ui, |ui| {
                        for (index, name) in &offer.tracks {
                            ui.selectable_value(&mut self.track, Some(*index), name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
            ui.end_row();
            let label = ui.label("Ruleset");
            ui.add_enabled_ui(fixed, |ui| {
                ComboBox::from_id_salt("race_ruleset")
                    .selected_text(self.ruleset.clone())
                    .show_ui(ui, |ui| {
                        for (id, name, _, _) in &offer.rulesets {
                            ui.selectable_value(&mut self.ruleset, id.clone(), name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
            ui.end_row();
            let (least, most) = offer
                .rulesets
                .iter()
                .find(|r| r.0 == self.ruleset)
                .map_or((2, MOST_PLAYERS), |r| {
                    (r.2.max(2), r.3.clamp(2, MOST_PLAYERS))
                });
            let label = ui.label("Players");
            if self.mission_players.is_empty() {
                ui.add(egui::DragValue::new(&mut self.players).range(least..=most.max(least)))
                    .labelled_by(label.id);
            } else {
                ComboBox::from_id_salt("race_players")
                    .selected_text(self.players.to_string())
                    .show_ui(ui, |ui| {
                        for n in &self.mission_players {
                            ui.selectable_value(&mut self.players, *n, n.to_string());
                        }
                    })
                    .response
                    .labelled_by(label.id)
                    .on_hover_text("The player counts the mission allows");
            }
            ui.end_row();
            let label = ui.label("Seed");
            ui.horizontal(|ui| {
                ui.add(egui::TextEdit::singleline(&mut self.seed_text).desired_width(180.0))
                    .labelled_by(label.id);
                if ui
                    .button("New seed")
                    .on_hover_text("A new random seed")
                    .clicked()
                {
                    self.seed_text = new_seed.to_string();
                }
                if ui.button("Copy").clicked() {
                    ui.ctx().copy_text(self.seed_text.clone());
                }
            });
            ui.end_row();
        });
    }

    /// Each seat's team and who plays it.
    fn seats_grid(&mut self, ui: &mut Ui, offer: &Offer) {
        egui::Grid::new("race_seats")
            .num_columns(3)
            .striped(true)
            .show(ui, |ui| {
                let fixed = self.mission.is_none();
                for seat in 0..self.players.min(MOST_PLAYERS) {
                    let label = match self.sides.get(seat) {
                        Some(side) => ui.label(format!("Seat {} ({side})", seat + 1)),
                        None => ui.label(format!("Seat {}", seat + 1)),
                    };
                    let team_name = offer
                        .teams
                        .iter()
                        .find(|t| t.0 == self.teams[seat])
                        .map_or_else(|| self.teams[seat].clone(), |t| t.1.clone());
                    ui.add_enabled_ui(fixed, |ui| {
                        ComboBox::from_id_salt(("race_team", seat))
                            .selected_text(team_name)
                            .show_ui(ui, |ui| {
                                for (id, name) in &offer.teams {
                                    ui.selectable_value(&mut self.teams[seat], id.clone(), name);
                                }
                            })
                            .response
                            .labelled_by(label.id);
                    });
                    let who = match &self.seats[seat] {
                        SeatChoice::Human => "Human".to_owned(),
                        SeatChoice::Bot(id) => offer
                            .bots
                            .iter()
                            .find(|b| b.id.as_str() == id)
                            .map_or_else(|| id.clone(), |b| b.name.to_string()),
                    };
                    ComboBox::from_id_salt(("race_seat", seat))
                        .selected_text(who)
                        .show_ui(ui, |ui| {
                            ui.selectable_value(&mut self.seats[seat], SeatChoice::Human, "Human");
                            for bot in &offer.bots {
                                ui.selectable_value(
                                    &mut self.seats[seat],
                                    SeatChoice::Bot(bot.id.to_string()),
                                    bot.name.to_string(),
                                );
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    ui.end_row();
                }
            });
    }

    fn contents(
        &mut self,
        ui: &mut Ui,
        workspace: &Workspace,
        diagnostics: &[Diagnostic],
        validated: &Validated,
        new_seed: u64,
    ) -> Option<StartAnswer> {
        let offer = Offer::of(workspace);
        let mut answer = None;
        self.setup_grid(ui, &offer, new_seed);
        // What a mission fixes is set again each frame, so that a mission chosen (or edited,
        // or fixed) shows its seats at once.
        self.follow_mission(workspace, validated);
        ui.separator();
        self.seats_grid(ui, &offer);
        ui.separator();
        // Errors in another open track do not stop a race on this one.
        // Nor do errors in a mission not chosen.
        let other_tracks: Vec<std::path::PathBuf> = offer
            .tracks
            .iter()
            .filter(|(i, _)| Some(*i) != self.track)
            .chain(
                offer
                    .missions
                    .iter()
                    .filter(|(i, _)| Some(*i) != self.mission),
            )
            .filter_map(|(i, _)| workspace.validation_path(*i))
            .collect();
        let errors: Vec<(usize, &Diagnostic)> = diagnostics
            .iter()
            .enumerate()
            // Findings of play (a race reaching the turn limit) are for the designer to look
            // into, not reasons to refuse a test race.
            .filter(|(_, d)| d.is_error() && d.play.is_none())
            .filter(|(_, d)| {
                d.location
                    .file
                    .as_ref()
                    .is_none_or(|f| !other_tracks.contains(f))
            })
            .collect();
        if !errors.is_empty() {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!(
                    "The content has {} error{}: fix {} before racing.",
                    errors.len(),
                    if errors.len() == 1 { "" } else { "s" },
                    if errors.len() == 1 { "it" } else { "them" }
                ),
            );
            for (index, diagnostic) in errors.iter().take(5) {
                if ui
                    .link(diagnostic.to_string())
                    .on_hover_text("Show it")
                    .clicked()
                {
                    answer = Some(StartAnswer::Focus(*index));
                }
            }
        }
        let request = self.request();
        if let Err(why) = &request {
            ui.colored_label(ui.visuals().warn_fg_color, why);
        }
        ui.horizontal(|ui| {
            let ready = errors.is_empty() && request.is_ok();
            if ui
                .add_enabled(ready, egui::Button::new("Start race"))
                .clicked()
                && let Ok(request) = request
            {
                answer = Some(StartAnswer::Start(request));
            }
            if ui.button("Cancel").clicked() {
                answer = Some(StartAnswer::Cancel);
            }
        });
        answer
    }
}

/// A seed for a new race: different on every call (the clock's nanoseconds, mixed), shown in
/// the dialog so any race can be played again.
#[must_use]
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    crate::sim::batch::race_seed(nanos, 0)
}
