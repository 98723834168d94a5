//! The race screen: a test race played on the content in the editor, or a saved race watched
//! again.
//!
//! The screen is a view of a [`TestRace`] (or a [`Replay`]): it draws the track with every car
//! as its counter, the players, the hand and the log, and turns clicks into [`RaceCommand`]s
//! that [`RaceScreen::apply`] carries out after the frame. Legal choices come from the engine
//! ([`Race::legal`]); the places a card can take a car come from the grouped outcome search
//! ([`enumerate_end_places`]). Bots think on a worker thread ([`worker`]).

pub mod board;
pub mod launch;
mod mission_panel;
mod panels;
mod screen;
pub mod start;
pub mod words;
pub mod worker;

use egui::{Color32, Panel, ScrollArea, Stroke, Ui};

use crate::content::track::Track;
use crate::rules::outcomes::EndPlaces;
use crate::rules::report::{CompactReport, ReportEntry};
use crate::rules::{CarId, Decision, Place, PlayerId, Race, Step, enumerate_end_places};
use crate::sim::record::RaceRecord;
use crate::sim::session::{Replay, Run, RunUntil, SeatControl, TestRace};

use super::canvas::TrackCanvas;
use board::{
    draw_cars, draw_hazards, draw_path, draw_road, fill_space, place_point, ring_place,
    ring_radius, space_point, team_colour,
};
pub use words::{card_label, choice_place, decision_label, event_place};
use worker::BotWorker;

/// What the screen asks of the studio (it cannot do these itself).
#[derive(Clone, PartialEq, Debug)]
pub enum RaceRequest {
    /// Save the race's record ([`RaceScreen::record`]) to a file the user picks.
    SaveRecord,
    /// Leave the race screen for the editor.
    Close,
}

/// A click on the race screen.
#[derive(Clone, PartialEq, Debug)]
pub enum RaceCommand {
    /// Choose a card of the hand to play.
    SelectCard(u16),
    /// Choose the car to play it for.
    SelectCar(CarId),
    /// Play a Ram card as a Lead ram (pulling the cars linked behind, 7.9).
    RamAsLead(bool),
    /// Make this decision (a person's).
    Decide(Decision),
    /// Play the selected card and car to the end place at this position of the highlighted
    /// list (moving first, without firing).
    MoveTo(usize),
    /// Take back the last human choice.
    Undo,
    /// Start again from the same seed.
    Restart,
    /// Let the bots play until this point.
    Run(RunUntil),
    /// Stop the bots.
    Pause,
    /// Seconds between two bot decisions.
    SetDelay(f32),
    /// Show where the log entry for this event happened.
    FocusEvent(usize),
    /// Replays: show the position after this many decisions.
    Seek(usize),
    /// Replays: show the start of this turn.
    SeekTurn(u32),
    /// Hand a player's seat to a person or a bot from now on.
    SetSeat(PlayerId, SeatControl),
    /// Hand every person's seat to a bot and let the bots play the race to its end.
    FinishWithBots,
    /// Save the race as a record.
    SaveRecord,
    /// Back to the editor.
    Close,
}

/// The places the chosen card can take the chosen car: the decisions that start the movement
/// (the card played, and holding fire before moving) and the grouped outcomes from there.
#[derive(Clone, Debug)]
pub struct Preview {
    /// The race position it was worked out for.
    position: usize,
    /// The decisions from the position to the movement's start.
    start: Vec<Decision>,
    /// The race at the movement's start (the outcomes' steps start here).
    base: Race,
    /// Where the car can end.
    pub places: EndPlaces,
}

/// What is on the screen: a race being played, or a record watched.
#[derive(Clone, Debug)]
pub enum RaceSession {
    /// A test race.
    Live(TestRace),
    /// A saved race, watched with the scrubber.
    Replay(Replay),
}

impl RaceSession {
    /// The race as shown.
    #[must_use]
    pub fn race(&self) -> &Race {
        match self {
            Self::Live(live) => live.race(),
            Self::Replay(replay) => replay.race(),
        }
    }
}

/// At most this many positions are searched to highlight where a card can go (a packed field
/// needs a few thousand; beyond this the highlight says it may be incomplete).
const PREVIEW_LIMIT: usize = 100_000;

/// The race screen's state.
pub struct RaceScreen {
    session: RaceSession,
    /// The track as drawn (the raw file's geometry).
    track: Track,
    canvas: TrackCanvas,
    card: Option<u16>,
    car: Option<CarId>,
    ram_as_lead: bool,
    preview: Option<Preview>,
    run: Option<Run>,
    /// Seconds between bot decisions.
    delay: f32,
    /// When the last decision was applied (egui time).
    last_decision_at: f64,
    worker: BotWorker,
    /// The log entry clicked, by event index.
    focused_event: Option<usize>,
    /// A one-line message (an illegal click, a record saved).
    message: Option<String>,
    /// The bot profiles a seat can be handed to (those open when the race started).
    offered: Vec<crate::content::bot_profile::BotProfile>,
    /// The race report so far, one entry per activation, kept up to date event by event.
    report: CompactReport,
}

impl RaceScreen {
    /// A screen on a test race; the bots start playing at once.
    #[must_use]
    /// A screen on a test race; the bots start playing at once. A seat can be handed to any of
    /// the `offered` bot profiles.
    pub fn live(
        race: TestRace,
        track: Track,
        offered: Vec<crate::content::bot_profile::BotProfile>,
    ) -> Self {
        let run = Run::from(race.race(), RunUntil::End);
        let mut screen = Self::new(RaceSession::Live(race), track);
        screen.run = Some(run);
        screen.offered = offered;
        screen
    }

    /// A screen watching a saved race, at its last position.
    #[must_use]
    pub fn replay(replay: Replay, track: Track) -> Self {
        Self::new(RaceSession::Replay(replay), track)
    }

    fn new(session: RaceSession, track: Track) -> Self {
        // The board is drawn in the colours of the kinds the race is played on.
        let mut canvas = TrackCanvas::default();
        canvas.grounds = crate::gui::canvas::Grounds::played_on(session.race().track().terrain());
        Self {
            session,
            track,
            canvas,
            card: None,
            car: None,
            ram_as_lead: false,
            preview: None,
            run: None,
            delay: 0.3,
            last_decision_at: f64::NEG_INFINITY,
            worker: BotWorker::default(),
            focused_event: None,
            message: None,
            offered: Vec::new(),
            report: CompactReport::default(),
        }
    }

    /// What is shown.
    #[must_use]
    pub fn session(&self) -> &RaceSession {
        &self.session
    }

    /// The race as shown.
    #[must_use]
    pub fn race(&self) -> &Race {
        self.session.race()
    }

    /// The places highlighted for the chosen card and car (or the movement in progress).
    #[must_use]
    pub fn preview(&self) -> Option<&Preview> {
        self.preview.as_ref()
    }

    /// Whether the bots are playing (not paused).
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.run.is_some()
    }

    /// Seconds between bot decisions.
    #[must_use]
    pub fn delay(&self) -> f32 {
        self.delay
    }

    /// The one-line message shown under the toolbar, if any.
    #[must_use]
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The race report's entries as the screen holds them (the last frame's).
    #[must_use]
    pub fn report(&self) -> &[ReportEntry] {
        self.report.entries()
    }

    /// Frames the whole board on the next frame (View > Fit track, Ctrl+0).
    pub fn fit_board(&mut self) {
        self.canvas.frame(&self.track, &[]);
    }

    /// The canvas (its camera), for tests that click on the board.
    #[must_use]
    pub fn canvas(&self) -> &TrackCanvas {
        &self.canvas
    }

    /// The track as drawn.
    #[must_use]
    pub fn track(&self) -> &Track {
        &self.track
    }

    /// Carries out a click; what only the studio can do comes back as a request.
    pub fn apply(&mut self, command: RaceCommand) -> Option<RaceRequest> {
        match command {
            RaceCommand::SelectCard(card) => {
                self.card = Some(card);
                self.refresh_preview();
            }
            RaceCommand::SelectCar(car) => {
                self.car = Some(car);
                self.refresh_preview();
            }
            RaceCommand::RamAsLead(on) => {
                self.ram_as_lead = on;
                self.refresh_preview();
            }
            RaceCommand::Decide(decision) => self.human(&[decision]),
            RaceCommand::MoveTo(index) => {
                if let Some(preview) = &self.preview
                    && let Some(place) = preview.places.places.get(index)
                {
                    let mut decisions = preview.start.clone();
                    decisions.extend(place.example.steps.iter().cloned().map(Decision::Move));
                    self.human(&decisions);
                }
            }
            RaceCommand::Undo => {
                if let RaceSession::Live(live) = &mut self.session {
                    self.worker.cancel();
                    if live.undo() == 0 {
                        self.message = Some("Nothing to undo".to_owned());
                    } else {
                        // Undo is for thinking again: the bots wait until asked.
                        self.run = None;
                        self.message = None;
                    }
                    self.after_decision();
                }
            }
            RaceCommand::Restart => match &mut self.session {
                RaceSession::Live(live) => {
                    self.worker.cancel();
                    live.restart();
                    self.after_decision();
                }
                RaceSession::Replay(replay) => replay.seek(0),
            },
            RaceCommand::Run(until) => {
                self.run = Some(Run::from(self.session.race(), until));
                // A run starts now, not a delay after the last decision.
                self.last_decision_at = f64::NEG_INFINITY;
            }
            RaceCommand::Pause => {
                self.run = None;
                self.worker.cancel();
            }
            RaceCommand::SetDelay(seconds) => self.delay = seconds.clamp(0.0, 5.0),
            RaceCommand::FocusEvent(index) => {
                self.focused_event = Some(index);
                if let Some(point) = event_place(self.race().events(), index)
                    .and_then(|place| place_point(self.race(), &self.track, place, 0))
                {
                    self.canvas.view.centre = egui::pos2(point.0, point.1);
                }
            }
            RaceCommand::Seek(to) => {
                if let RaceSession::Replay(replay) = &mut self.session {
                    replay.seek(to);
                }
            }
            RaceCommand::SeekTurn(turn) => {
                if let RaceSession::Replay(replay) = &mut self.session {
                    replay.seek_turn(turn);
                }
            }
            RaceCommand::SetSeat(player, control) => {
                if let RaceSession::Live(live) = &mut self.session {
                    // A copy with the old seats may be playing: its moves are not taken.
                    self.worker.cancel();
                    live.set_seat(player, control);
                    self.after_decision();
                }
            }
            RaceCommand::FinishWithBots => self.finish_with_bots(),
            RaceCommand::SaveRecord => {
                return Some(RaceRequest::SaveRecord);
            }
            RaceCommand::Close => return Some(RaceRequest::Close),
        }
        None
    }

    /// Hands every person's seat to a bot (the planner when it is offered, else the first
    /// profile) and lets the bots play to the end at full speed: the designer asked for the
    /// result, not to watch it.
    fn finish_with_bots(&mut self) {
        let RaceSession::Live(live) = &mut self.session else {
            return;
        };
        let bot = self
            .offered
            .iter()
            .find(|p| p.id.as_str() == "planner")
            .or_else(|| self.offered.first())
            .cloned();
        let Some(bot) = bot else {
            self.message = Some("No bot profile is open to hand the seats to".to_owned());
            return;
        };
        self.worker.cancel();
        let people: Vec<PlayerId> = live
            .seats()
            .iter()
            .enumerate()
            .filter(|(_, seat)| **seat == SeatControl::Human)
            .map(|(index, _)| PlayerId(index as u8))
            .collect();
        let handed = people.len();
        for player in people {
            live.set_seat(player, SeatControl::Bot(bot.clone()));
        }
        self.run = Some(Run::from(live.race(), RunUntil::End));
        self.delay = 0.0;
        self.last_decision_at = f64::NEG_INFINITY;
        self.message = Some(match handed {
            0 => "The bots play to the end at full speed".to_owned(),
            _ => format!(
                "The bots play to the end at full speed; {} took the people's seats",
                bot.name
            ),
        });
        self.after_decision();
    }

    /// The record of the race shown: the race so far, or the record watched.
    #[must_use]
    pub fn record(&self) -> RaceRecord {
        match &self.session {
            RaceSession::Live(live) => live.record(),
            RaceSession::Replay(replay) => replay.record().clone(),
        }
    }

    /// Says something on the screen's message line (a record saved, a save that failed).
    pub fn say(&mut self, message: String) {
        self.message = Some(message);
    }

    /// Applies a person's choice.
    fn human(&mut self, decisions: &[Decision]) {
        let RaceSession::Live(live) = &mut self.session else {
            return;
        };
        match live.apply_human_choice(decisions) {
            Ok(()) => {
                self.message = None;
                self.after_decision();
            }
            Err(error) => self.message = Some(error.to_string()),
        }
    }

    /// After any change of position: the selection and the highlight follow the race.
    fn after_decision(&mut self) {
        let race = self.session.race();
        let plays: Vec<(u16, CarId)> = race
            .legal()
            .iter()
            .filter_map(|d| match d {
                Decision::Play { card, car, .. } => Some((*card, *car)),
                _ => None,
            })
            .collect();
        if plays.is_empty() {
            self.card = None;
            self.car = None;
        } else {
            // Keep what still can be played; a single car is chosen for the player.
            self.card = self.card.filter(|c| plays.iter().any(|p| p.0 == *c));
            self.car = self.car.filter(|c| plays.iter().any(|p| p.1 == *c));
            let mut cars: Vec<CarId> = plays.iter().map(|p| p.1).collect();
            cars.dedup();
            if cars.len() == 1 {
                self.car = cars.first().copied();
            }
        }
        self.refresh_preview();
    }

    /// Works out the highlighted places for the position shown.
    fn refresh_preview(&mut self) {
        self.preview = None;
        let Some(race) = self.deciding_race() else {
            return;
        };
        let position = race.decisions().len();
        if race.movement().is_some() {
            let mut base = race.clone();
            base.set_logging(false);
            self.preview = Some(Preview {
                position,
                start: Vec::new(),
                places: enumerate_end_places(&base, PREVIEW_LIMIT),
                base,
            });
            return;
        }
        let (Some(card), Some(car)) = (self.card, self.car) else {
            return;
        };
        let play = Decision::Play {
            card,
            car,
            ram_as_lead: self.ram_as_lead,
        };
        if !race.legal().contains(&play) {
            return;
        }
        let mut base = race.clone();
        base.set_logging(false);
        let Ok(start) = base.play_to_movement(&play) else {
            return;
        };
        if base.movement().is_none() {
            return;
        }
        self.preview = Some(Preview {
            position,
            start,
            places: enumerate_end_places(&base, PREVIEW_LIMIT),
            base,
        });
    }

    /// Bots: collects the decisions worked out, and hands out more when the pace allows.
    fn tick(&mut self, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        if let Some(moves) = self.worker.poll() {
            self.take_bot_moves(moves, now);
        }
        let RaceSession::Live(live) = &self.session else {
            return;
        };
        if live.race().is_over() {
            self.run = None;
        }
        if self.worker.is_busy() {
            ctx.request_repaint_after(std::time::Duration::from_millis(10));
            return;
        }
        let Some(run) = self.run else {
            return;
        };
        if !live.bot_decides() {
            return;
        }
        let wait = self.last_decision_at + f64::from(self.delay) - now;
        if wait > 0.0 {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
            return;
        }
        // With a pause between moves, one decision at a time; without, as many as fit a frame.
        let most = if self.delay > 0.0 { 1 } else { usize::MAX };
        self.worker.start(live.clone(), run, most);
        ctx.request_repaint_after(std::time::Duration::from_millis(10));
    }

    /// Takes the race the bots played on; a copy from before a change of position (an undo,
    /// a restart, a person's choice) is never asked for, since those forget the work.
    fn take_bot_moves(&mut self, moves: worker::BotMoves, now: f64) {
        let RaceSession::Live(live) = &mut self.session else {
            return;
        };
        if moves.from != live.race().decisions().len()
            || moves.race.race().decisions().len() == moves.from
        {
            return;
        }
        *live = moves.race;
        self.last_decision_at = now;
        if self.run.is_some_and(|run| run.is_over(live.race())) {
            self.run = None;
        }
        self.after_decision();
    }

    /// Waits for the bots' work in progress and applies it (tests step the screen with it).
    pub fn wait_for_bots(&mut self) {
        if let Some(moves) = self.worker.wait() {
            self.take_bot_moves(moves, f64::NEG_INFINITY);
        }
    }

    /// Brings the race report up to the race: new events are told once; a race taken back
    /// (undo, restart, a replay moved back) is told again from its start.
    fn refresh_log(&mut self) {
        self.report.update(self.session.race());
    }

    /// Draws the screen and carries out what was clicked; returns what the studio must do.
    pub fn ui(&mut self, ui: &mut Ui) -> Vec<RaceRequest> {
        self.tick(ui.ctx());
        self.refresh_log();
        let mut commands = Vec::new();
        Panel::top("race_toolbar").show(ui, |ui| self.toolbar(ui, &mut commands));
        Panel::left("race_players")
            .resizable(true)
            .default_size(250.0)
            .show(ui, |ui| self.players_panel(ui, &mut commands));
        Panel::right("race_log")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| self.log_panel(ui, &mut commands));
        // The hand's panel keeps its height whatever it holds, so the board never jumps under
        // the pointer when the prompt changes.
        Panel::bottom("race_hand")
            .resizable(true)
            .default_size(160.0)
            .min_size(80.0)
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.hand_panel(ui, &mut commands));
            });
        egui::CentralPanel::default_margins().show(ui, |ui| self.board(ui, &mut commands));
        let mut requests = Vec::new();
        for command in commands {
            requests.extend(self.apply(command));
        }
        requests
    }

    /// The board: the track, the cars, and what the person deciding can do on it.
    fn board(&mut self, ui: &mut Ui, commands: &mut Vec<RaceCommand>) {
        let (response, rect) = self.canvas.view_only(ui, &self.track);
        let painter = ui.painter_at(rect);
        let view = self.canvas.view;
        let race = self.session.race();
        let mouse = response.hover_pos();
        // The space under the pointer, by the canvas's own hit test; the chute and off-track
        // spots, which are not spaces, by their rings.
        let under = mouse.and_then(|p| TrackCanvas::space_at(&self.track, view.to_track(rect, p)));
        let radius = ring_radius(&self.track, view);
        let mut hovered = None;
        draw_road(&painter, rect, view, race, &self.track);
        draw_hazards(&painter, rect, view, race, &self.track);
        if let Some(preview) = &self.preview
            && preview.position == race.decisions().len()
        {
            for (index, place) in preview.places.places.iter().enumerate() {
                let Some(point) = place_point(&preview.base, &self.track, place.place, 0) else {
                    continue;
                };
                let centre = view.to_screen(rect, point);
                let over = match place.place {
                    Place::Track(space) => under == Some(preview.base.track().at(space)),
                    _ => mouse.is_some_and(|p| p.distance(centre) <= radius),
                };
                if over {
                    hovered = Some(index);
                }
                let fill = if over {
                    Color32::from_rgba_unmultiplied(0xff, 0xe0, 0x40, 0xc0)
                } else {
                    Color32::from_rgba_unmultiplied(0xff, 0xe0, 0x40, 0x70)
                };
                match place.place {
                    Place::Track(space) => {
                        fill_space(
                            &painter,
                            rect,
                            view,
                            &preview.base,
                            &self.track,
                            space,
                            fill,
                        );
                    }
                    other => ring_place(
                        &painter,
                        rect,
                        view,
                        &preview.base,
                        &self.track,
                        other,
                        Stroke::new(3.0, fill),
                    ),
                }
            }
        }
        draw_cars(&painter, rect, view, race, &self.track);
        if let Some(index) = self.focused_event
            && let Some(place) = event_place(race.events(), index)
        {
            ring_place(
                &painter,
                rect,
                view,
                race,
                &self.track,
                place,
                Stroke::new(3.0, Color32::from_rgb(0x40, 0xa0, 0xff)),
            );
        }
        self.draw_targets(&painter, rect, commands, &response);
        self.draw_choices(&painter, rect, commands, &response);
        if let (Some(index), Some(preview)) = (hovered, &self.preview) {
            self.draw_hovered_path(&painter, rect, preview, index);
            if response.clicked() {
                commands.push(RaceCommand::MoveTo(index));
            }
        }
    }

    /// The race, when a person decides in it now (what the board's clickable marks need).
    fn deciding_race(&self) -> Option<&Race> {
        match &self.session {
            RaceSession::Live(live) if live.human_to_decide().is_some() => Some(live.race()),
            _ => None,
        }
    }

    /// When the person deciding may fire: each target ringed with its chance to hit; a click on
    /// one fires.
    fn draw_targets(
        &self,
        painter: &egui::Painter,
        rect: egui::Rect,
        commands: &mut Vec<RaceCommand>,
        response: &egui::Response,
    ) {
        let Some(race) = self.deciding_race() else {
            return;
        };
        let Some(attacker) = race.active_car() else {
            return;
        };
        let view = self.canvas.view;
        let legal = race.legal();
        for option in race.target_options(attacker) {
            let fire = Decision::Fire {
                target: option.target,
            };
            if !legal.contains(&fire) {
                continue;
            }
            let Some(point) = space_point(race, &self.track, option.space) else {
                continue;
            };
            let centre = view.to_screen(rect, point);
            let radius = ring_radius(&self.track, view);
            painter.circle_stroke(centre, radius, Stroke::new(3.0, Color32::RED));
            painter.text(
                centre + egui::vec2(0.0, radius),
                egui::Align2::CENTER_TOP,
                format!("{:.0}%", option.hit_chance * 100.0),
                egui::FontId::proportional(14.0),
                Color32::RED,
            );
            if response.clicked()
                && response
                    .interact_pointer_pos()
                    .is_some_and(|p| p.distance(centre) <= radius)
            {
                commands.push(RaceCommand::Decide(fire));
            }
        }
    }

    /// When a movement event asks where (Bump and Run, Open Road, Dangerous Debris): each place
    /// ringed on the board with what choosing it does; a click on one chooses it. A place two
    /// choices share is left to the buttons below.
    fn draw_choices(
        &self,
        painter: &egui::Painter,
        rect: egui::Rect,
        commands: &mut Vec<RaceCommand>,
        response: &egui::Response,
    ) {
        let Some(race) = self.deciding_race() else {
            return;
        };
        let view = self.canvas.view;
        let choices: Vec<(Place, &Decision)> = race
            .legal()
            .iter()
            .filter_map(|d| words::choice_place(race, d).map(|place| (place, d)))
            .collect();
        let radius = ring_radius(&self.track, view);
        let colour = Color32::from_rgb(0x30, 0xd0, 0xff);
        for &(place, decision) in &choices {
            let Some(point) = place_point(race, &self.track, place, 0) else {
                continue;
            };
            let centre = view.to_screen(rect, point);
            painter.circle_stroke(centre, radius, Stroke::new(3.0, colour));
            let unique = choices.iter().filter(|(p, _)| *p == place).count() == 1;
            let over = response
                .hover_pos()
                .is_some_and(|p| p.distance(centre) <= radius);
            if over && unique {
                painter.text(
                    centre + egui::vec2(0.0, -radius),
                    egui::Align2::CENTER_BOTTOM,
                    decision_label(race, decision),
                    egui::FontId::proportional(13.0),
                    Color32::WHITE,
                );
                if response.clicked() {
                    commands.push(RaceCommand::Decide(decision.clone()));
                }
            }
        }
    }

    /// The path to a highlighted place, and where each car it moves ends up.
    fn draw_hovered_path(
        &self,
        painter: &egui::Painter,
        rect: egui::Rect,
        preview: &Preview,
        index: usize,
    ) {
        let Some(place) = preview.places.places.get(index) else {
            return;
        };
        let base = &preview.base;
        let view = self.canvas.view;
        let Some(mover) = base.movement().map(|m| m.mover) else {
            return;
        };
        let mut points = Vec::new();
        if let Some(start) = place_point(base, &self.track, base.car(mover).place, 0) {
            points.push(view.to_screen(rect, start));
        }
        for step in &place.example.steps {
            let to = match step {
                Step::Forward { path, .. } => path.first().copied(),
                Step::Lateral { to, .. } | Step::Diagonal { to, .. } | Step::Swap { to } => {
                    Some(*to)
                }
            };
            if let Some(point) = to.and_then(|s| space_point(base, &self.track, s)) {
                points.push(view.to_screen(rect, point));
            }
        }
        draw_path(
            painter,
            &points,
            Stroke::new(3.0, Color32::from_rgb(0xff, 0xff, 0xff)),
        );
        // Cars pushed, pulled or displaced: an arrow from where they stand to where they end.
        for &(car, to) in &place.example.moved {
            if car == mover {
                continue;
            }
            let from = place_point(base, &self.track, base.car(car).place, 0);
            let to = place_point(base, &self.track, to, 0);
            if let (Some(from), Some(to)) = (from, to) {
                let (from, to) = (view.to_screen(rect, from), view.to_screen(rect, to));
                painter.arrow(
                    from,
                    to - from,
                    Stroke::new(2.5, team_colour(base, car).to_opaque()),
                );
            }
        }
        painter.text(
            points.last().copied().unwrap_or(rect.center()) + egui::vec2(0.0, -18.0),
            egui::Align2::CENTER_BOTTOM,
            format!(
                "{} MP · {}",
                place.example.spent,
                base.describe_ending(place.example.ending)
            ),
            egui::FontId::proportional(13.0),
            Color32::WHITE,
        );
    }
}
