//! The race screen's panels: the toolbar (bots' pace, undo, restart, the seed, or a record's
//! scrubber), the players in turn order, the race report, and the hand with the choices of the
//! person deciding.

use egui::{Color32, RichText, ScrollArea, Sense, Ui};

use crate::rules::{CarId, Decision, Place, PlayerId, Race, RaceResult};
use crate::sim::session::{Replay, RunUntil, SeatControl, TestRace};

use super::words::{card_label, decision_label, prompt};
use super::{RaceCommand, RaceScreen, RaceSession, board};
use crate::rules::report::{EntryKind, ReportEntry};

impl RaceScreen {
    pub(super) fn toolbar(&self, ui: &mut Ui, commands: &mut Vec<RaceCommand>) {
        ui.horizontal_wrapped(|ui| {
            if crate::gui::fields::back_to_editor(ui)
                .on_hover_text("Back to the editor (Esc); the race stays open")
                .clicked()
            {
                commands.push(RaceCommand::Close);
            }
            match &self.session {
                RaceSession::Live(live) => self.live_controls(ui, live, commands),
                RaceSession::Replay(replay) => scrubber(ui, replay, commands),
            }
            ui.separator();
            if ui
                .button("Save record…")
                .on_hover_text("Save the race's seed and decisions, to watch again")
                .clicked()
            {
                commands.push(RaceCommand::SaveRecord);
            }
        });
        // The seed has a line of its own, with its Copy button: a twenty-digit seed on the
        // buttons' row pushed them (or itself) onto a second line at 1280 pixels.
        ui.horizontal(|ui| {
            if let RaceSession::Live(live) = &self.session {
                let seed = live.setup().seed;
                ui.label(format!("Seed {seed}"));
                if ui.small_button("Copy").clicked() {
                    ui.ctx().copy_text(seed.to_string());
                }
            }
            if let Some(message) = &self.message {
                ui.colored_label(ui.visuals().warn_fg_color, message);
            }
        });
    }

    fn live_controls(&self, ui: &mut Ui, live: &TestRace, commands: &mut Vec<RaceCommand>) {
        let over = live.race().is_over();
        if self.run.is_some() {
            if ui
                .button("Pause")
                .on_hover_text("Stop the bots (Space)")
                .clicked()
            {
                commands.push(RaceCommand::Pause);
            }
        } else {
            for until in [
                RunUntil::End,
                RunUntil::Decision,
                RunUntil::Activation,
                RunUntil::Turn,
            ] {
                let label = match until {
                    RunUntil::End => "Play",
                    RunUntil::Decision => "Step",
                    RunUntil::Activation => "To end of activation",
                    RunUntil::Turn => "To end of turn",
                };
                if ui.add_enabled(!over, egui::Button::new(label)).clicked() {
                    commands.push(RaceCommand::Run(until));
                }
            }
        }
        let mut delay = self.delay;
        // A short slider: the toolbar holds a twenty-digit seed on one row at 1280 pixels.
        ui.spacing_mut().slider_width = 60.0;
        if ui
            .add(
                egui::Slider::new(&mut delay, 0.0..=2.0)
                    .text("s/move")
                    .max_decimals(1),
            )
            .on_hover_text("Seconds between two bot moves (0: as fast as the engine goes)")
            .changed()
        {
            commands.push(RaceCommand::SetDelay(delay));
        }
        // Also with bots in every seat: the race is played out at full speed.
        if ui
            .add_enabled(!over, egui::Button::new("Finish with bots"))
            .on_hover_text("Hand every person's seat to a bot and play to the end at full speed")
            .clicked()
        {
            commands.push(RaceCommand::FinishWithBots);
        }
        ui.separator();
        if ui
            .add_enabled(live.can_undo(), egui::Button::new("Undo"))
            .on_hover_text("Take back your last choice (Ctrl+Z)")
            .clicked()
        {
            commands.push(RaceCommand::Undo);
        }
        if ui
            .button("Restart")
            .on_hover_text("Start again from the same seed")
            .clicked()
        {
            commands.push(RaceCommand::Restart);
        }
    }

    /// Who plays a seat of a live race: a person or one of the offered bot profiles, changed at
    /// any time.
    fn seat_choice(
        &self,
        ui: &mut Ui,
        player: PlayerId,
        current: &SeatControl,
        commands: &mut Vec<RaceCommand>,
    ) {
        ui.horizontal(|ui| {
            let label = ui.label("Played by");
            egui::ComboBox::from_id_salt(("race_seat_control", player.index()))
                .selected_text(current.label())
                .show_ui(ui, |ui| {
                    if ui
                        .selectable_label(
                            *current == SeatControl::Human,
                            SeatControl::Human.label(),
                        )
                        .clicked()
                    {
                        commands.push(RaceCommand::SetSeat(player, SeatControl::Human));
                    }
                    for profile in &self.offered {
                        let chosen = matches!(current, SeatControl::Bot(p) if p.id == profile.id);
                        if ui
                            .selectable_label(chosen, profile.name.to_string())
                            .clicked()
                        {
                            commands.push(RaceCommand::SetSeat(
                                player,
                                SeatControl::Bot(profile.clone()),
                            ));
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });
    }

    pub(super) fn players_panel(&self, ui: &mut Ui, commands: &mut Vec<RaceCommand>) {
        let race = self.race();
        ui.heading(format!("Turn {}", race.turn()));
        // Once the race is over the clock has nothing left to count down; a ruleset or a
        // mission without the clock never runs it.
        if race.countdown_running() && race.result().is_none() {
            ui.colored_label(ui.visuals().warn_fg_color, "The countdown clock is running");
        }
        if let Some(result) = race.result() {
            let text = match result {
                RaceResult::Winner(player) => format!(
                    "Player {} ({}) wins the race",
                    player.0 + 1,
                    race.team_of(player).name
                ),
                RaceResult::Draw => "The race ends without a winner".to_owned(),
                RaceResult::SideWon(side) => {
                    format!("The mission goes to {}", race.side_name(side))
                }
            };
            ui.label(RichText::new(text).strong().size(18.0));
            standings_table(ui, race);
        }
        super::mission_panel::mission_panel(ui, race);
        let seats: Vec<SeatControl> = match &self.session {
            RaceSession::Live(live) => live.seats().to_vec(),
            RaceSession::Replay(_) => Vec::new(),
        };
        ScrollArea::vertical().show(ui, |ui| {
            for player in race.players_from(race.first_player()) {
                ui.separator();
                let state = race.player(player);
                let team = race.team_of(player);
                let [r, g, b] = team.colour;
                let deciding = race.deciding_player() == Some(player);
                let who = seats
                    .get(player.index())
                    .map_or_else(String::new, |s| format!(" — {}", s.label()));
                ui.horizontal(|ui| {
                    let (swatch, _) =
                        ui.allocate_exact_size(egui::vec2(14.0, 14.0), Sense::hover());
                    ui.painter()
                        .rect_filled(swatch, 2.0, Color32::from_rgb(r, g, b));
                    let name =
                        RichText::new(format!("Player {}: {}{who}", player.0 + 1, team.name));
                    ui.label(if deciding { name.strong() } else { name });
                    if deciding {
                        ui.label("(to play)");
                    }
                });
                if let Some(current) = seats.get(player.index()) {
                    self.seat_choice(ui, player, current, commands);
                }
                ui.label(format!(
                    "Pool {} VP · claimed {} (finish {}, kills {}){}",
                    state.pool,
                    state.claimed(),
                    state.claims.finish,
                    state.claims.kills,
                    if state.clock_removed > 0 {
                        format!(" · clock took {}", state.clock_removed)
                    } else {
                        String::new()
                    }
                ));
                ui.label(format!("{} cards in hand", state.hand.len()));
                for car in race.car_ids().filter(|c| race.car(*c).player == player) {
                    let state = race.car(car);
                    if state.place == Place::Reserve {
                        continue;
                    }
                    let markers = board::marker_letters(race, car);
                    ui.label(format!(
                        "  #{} {} · damage {}{}{}",
                        race.car_number(car),
                        race.place_name(state.place),
                        state.damage,
                        if state.activated { " · activated" } else { "" },
                        if markers.is_empty() {
                            String::new()
                        } else {
                            format!(" · {markers}")
                        }
                    ));
                }
                let reserves = state.reserve.len();
                if reserves > 0 {
                    ui.label(format!("  {reserves} in reserve"));
                }
            }
        });
    }

    pub(super) fn log_panel(&self, ui: &mut Ui, commands: &mut Vec<RaceCommand>) {
        ui.heading("Race report");
        // Every entry is laid out (lines wrap, so rows differ in height), but each is told once
        // and egui keeps the laid-out text between frames.
        ScrollArea::vertical()
            .stick_to_bottom(true)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for entry in self.report.entries() {
                    self.report_entry(ui, entry, commands);
                }
            });
    }

    /// One entry: its line (a click shows where it happened), what stands out under it in
    /// the warning colour, and the rest folded.
    fn report_entry(&self, ui: &mut Ui, entry: &ReportEntry, commands: &mut Vec<RaceCommand>) {
        let mut line = |ui: &mut Ui, index: usize, text: RichText| {
            if ui
                .selectable_label(self.focused_event == Some(index), text)
                .on_hover_text("Show where it happened")
                .clicked()
            {
                commands.push(RaceCommand::FocusEvent(index));
            }
        };
        let headline = RichText::new(&entry.headline);
        line(
            ui,
            entry.focus,
            match entry.kind {
                EntryKind::Turn => headline.strong(),
                EntryKind::Result => headline.strong().size(16.0),
                EntryKind::Activation | EntryKind::Other => headline,
            },
        );
        if entry.highlights.is_empty() && entry.details.is_empty() {
            return;
        }
        ui.indent(("report", entry.first_event), |ui| {
            let stands_out = ui.visuals().warn_fg_color;
            for (index, text) in &entry.highlights {
                line(ui, *index, RichText::new(text).strong().color(stands_out));
            }
            if !entry.details.is_empty() {
                egui::CollapsingHeader::new(format!(
                    "{} more: cars moved, markers",
                    entry.details.len()
                ))
                .id_salt(("report details", entry.first_event))
                .default_open(false)
                .show(ui, |ui| {
                    for (index, text) in &entry.details {
                        line(ui, *index, RichText::new(text).small());
                    }
                });
            }
        });
    }

    pub(super) fn hand_panel(&self, ui: &mut Ui, commands: &mut Vec<RaceCommand>) {
        let RaceSession::Live(live) = &self.session else {
            ui.label("Watching a saved race: move through it with the scrubber above.");
            return;
        };
        let race = live.race();
        let Some(player) = live.human_to_decide() else {
            let text = match race.deciding_player() {
                None => "The race is over.".to_owned(),
                Some(p) if self.run.is_some() => {
                    format!("Player {} ({}) is thinking…", p.0 + 1, race.team_of(p).name)
                }
                Some(p) => format!(
                    "Player {} ({}) plays next: press Play or Step.",
                    p.0 + 1,
                    race.team_of(p).name
                ),
            };
            ui.label(text);
            if let Some(human) = live.seats().iter().position(|s| *s == SeatControl::Human) {
                self.hand_cards(ui, race, PlayerId(human as u8), None, commands);
            }
            return;
        };
        let legal = race.legal();
        let plays = legal.iter().any(|d| matches!(d, Decision::Play { .. }));
        if plays {
            ui.label(RichText::new(format!(
                "Your activation, player {}: choose a card and a car, then click a highlighted space.",
                player.0 + 1
            ))
            .strong());
            self.hand_cards(ui, race, player, Some(legal), commands);
            self.car_choice(ui, race, legal, commands);
            return;
        }
        ui.label(RichText::new(prompt(race, legal)).strong());
        ui.horizontal_wrapped(|ui| {
            for decision in legal {
                if ui.button(decision_label(race, decision)).clicked() {
                    commands.push(RaceCommand::Decide(decision.clone()));
                }
            }
        });
    }

    /// The hand as cards; clickable when the player may play them.
    fn hand_cards(
        &self,
        ui: &mut Ui,
        race: &Race,
        player: PlayerId,
        legal: Option<&[Decision]>,
        commands: &mut Vec<RaceCommand>,
    ) {
        let mut hand = race.player(player).hand.clone();
        hand.sort_unstable();
        let mut kinds = hand.clone();
        kinds.dedup();
        ui.horizontal_wrapped(|ui| {
            for card in kinds {
                let copies = hand.iter().filter(|c| **c == card).count();
                let text = card_label(race, card, copies);
                let playable = legal.is_some_and(|l| {
                    l.iter()
                        .any(|d| matches!(d, Decision::Play { card: c, .. } if *c == card))
                });
                let button = egui::Button::selectable(self.card == Some(card), text)
                    .min_size(egui::vec2(110.0, 44.0));
                if ui.add_enabled(playable, button).clicked() {
                    commands.push(RaceCommand::SelectCard(card));
                }
            }
        });
    }

    fn car_choice(
        &self,
        ui: &mut Ui,
        race: &Race,
        legal: &[Decision],
        commands: &mut Vec<RaceCommand>,
    ) {
        let mut choices: Vec<CarId> = legal
            .iter()
            .filter_map(|d| match d {
                Decision::Play { car, .. } => Some(*car),
                _ => None,
            })
            .collect();
        choices.sort_unstable();
        choices.dedup();
        ui.horizontal_wrapped(|ui| {
            ui.label("Car:");
            for choice in choices {
                if ui
                    .selectable_label(self.car == Some(choice), race.car_name(choice))
                    .clicked()
                {
                    commands.push(RaceCommand::SelectCar(choice));
                }
            }
            let (Some(card), Some(car)) = (self.card, self.car) else {
                return;
            };
            let lead_ram = Decision::Play {
                card,
                car,
                ram_as_lead: true,
            };
            if legal.contains(&lead_ram) {
                let mut on = self.ram_as_lead;
                if ui.checkbox(&mut on, "Ram as Lead").changed() {
                    commands.push(RaceCommand::RamAsLead(on));
                }
            }
            let play = Decision::Play {
                card,
                car,
                ram_as_lead: self.ram_as_lead,
            };
            if ui
                .button("Play and fire first…")
                .on_hover_text("Play the card, then choose whether to fire before moving")
                .clicked()
            {
                commands.push(RaceCommand::Decide(play));
            }
            if let Some(preview) = &self.preview {
                ui.label(format!(
                    "{} places reachable{}",
                    preview.places.places.len(),
                    if preview.places.truncated {
                        " (search stopped at its limit: some may be missing)"
                    } else {
                        ""
                    }
                ));
            }
        });
    }
}

/// The replay controls: first, back, forward, last, the position slider and a turn to jump to.
/// The final standings: VP by source and cars lost, the winner first.
fn standings_table(ui: &mut Ui, race: &Race) {
    egui::Grid::new("race_standings")
        .striped(true)
        .num_columns(6)
        .show(ui, |ui| {
            for title in ["Player", "VP", "Finish", "Kills", "Pool", "Cars lost"] {
                ui.label(RichText::new(title).strong());
            }
            ui.end_row();
            for standing in race.standings() {
                let name = format!("{} {}", standing.player.0 + 1, standing.team);
                ui.label(if standing.winner {
                    RichText::new(name).strong()
                } else {
                    RichText::new(name)
                })
                .on_hover_text(format!(
                    "Player {}: {} cars left; the clock took {} VP from the pool",
                    standing.player.0 + 1,
                    standing.cars_left,
                    standing.clock
                ));
                for value in [
                    standing.claimed,
                    standing.finish,
                    standing.kills,
                    standing.pool,
                    standing.cars_lost,
                ] {
                    ui.label(value.to_string());
                }
                ui.end_row();
            }
        });
}

fn scrubber(ui: &mut Ui, replay: &Replay, commands: &mut Vec<RaceCommand>) {
    let position = replay.position();
    let last = replay.last();
    if ui
        .button("First")
        .on_hover_text("The first position")
        .clicked()
    {
        commands.push(RaceCommand::Seek(0));
    }
    if ui
        .button("Back")
        .on_hover_text("One decision back (Left)")
        .clicked()
    {
        commands.push(RaceCommand::Seek(position.saturating_sub(1)));
    }
    if ui
        .button("Forward")
        .on_hover_text("One decision forward (Right)")
        .clicked()
    {
        commands.push(RaceCommand::Seek(position + 1));
    }
    if ui
        .button("Last")
        .on_hover_text("The last position")
        .clicked()
    {
        commands.push(RaceCommand::Seek(last));
    }
    let mut at = position;
    if ui
        .add(egui::Slider::new(&mut at, 0..=last).text(format!("of {last} decisions")))
        .changed()
    {
        commands.push(RaceCommand::Seek(at));
    }
    let mut turn = replay.race().turn();
    if ui
        .add(
            egui::DragValue::new(&mut turn)
                .range(1..=replay.last_turn())
                .prefix("turn "),
        )
        .on_hover_text("Jump to the start of a turn")
        .changed()
    {
        commands.push(RaceCommand::SeekTurn(turn));
    }
}
