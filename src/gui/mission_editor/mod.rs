//! The mission editor: a mission file as a document, edited in forms like the decks. Its
//! sections are the file's: the header (name, briefing, files, ruleset, player counts), the
//! sides, the objectives, the setup (the grid, or cars placed: a car's space is picked on the
//! mission's track drawn under them), the deck changes, the VP rules and the turn limit.
//!
//! Every widget changes a copy of the mission, handed over as one [`Edit::Mission`]; a field's
//! keystrokes share an undo group, so typing a name is one undo step. What does not check
//! (an unknown team, a space off the track) is left to validation, which names it at its line
//! in the diagnostics below, as for every document.

mod deck_changes;
mod objectives;
mod setup;
mod sides;

use std::collections::BTreeMap;

use egui::{ScrollArea, Ui};

use super::canvas::TrackCanvas;
use super::fields::{self, Draft};
use crate::content::Document;
use crate::content::mission::{DeckName, Mission, Tie};
use crate::content::text::{CarNumber, Id, Text};
use crate::content::track::Track;
use crate::edit::{Edit, GroupKey};

/// A changed copy of the mission and the undo group of the field that changed it.
type Changed = Option<(Mission, Option<GroupKey>)>;

/// Makes `change` to the mission (to the copy already changed this frame, if any).
fn change(
    changed: &mut Changed,
    mission: &Mission,
    group: Option<GroupKey>,
    change: impl FnOnce(&mut Mission),
) {
    let mut copy = changed.take().map_or_else(|| mission.clone(), |(m, _)| m);
    change(&mut copy);
    *changed = Some((copy, group));
}

/// A team of the pack, as the editor offers it.
#[derive(Clone, Debug)]
pub struct TeamChoice {
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: String,
    /// Its colour.
    pub colour: [u8; 3],
    /// Its cars' numbers, in mat order.
    pub numbers: Vec<CarNumber>,
    /// Each car's driver, defense and base MP in words, in mat order ("Nails Tanaka · defense
    /// 2 · 2 MP"): what a designer picks a car by.
    pub cars: Vec<String>,
}

impl TeamChoice {
    /// Car `number`'s driver, defense and MP in words, if the team has it.
    #[must_use]
    pub fn car_words(&self, number: &CarNumber) -> Option<&str> {
        let at = self.numbers.iter().position(|n| n == number)?;
        self.cars.get(at).map(String::as_str)
    }
}

/// What the mission is edited against: the open documents it names (its track borrowed, as
/// the context is made each frame).
#[derive(Clone, Debug, Default)]
pub struct MissionContext<'a> {
    /// The mission's track, when it is open (a course's: the track it builds).
    pub track: Option<&'a Track>,
    /// The pack's teams.
    pub teams: Vec<TeamChoice>,
    /// The pack's bot profile ids.
    pub bots: Vec<String>,
    /// Each deck's card ids.
    pub cards: Vec<(DeckName, Vec<Id>)>,
    /// The pack's kinds of ground (its terrain file, or the rulebook's four), as the setup
    /// diagram draws them.
    pub terrain: Option<&'a crate::content::terrain::TerrainFile>,
}

impl<'a> MissionContext<'a> {
    /// The context of a mission open in `workspace` as `id`.
    #[must_use]
    pub fn of(
        workspace: &'a super::workspace::Workspace,
        id: super::workspace::DocumentId,
        courses: &'a mut super::course_tracks::CourseTracks,
    ) -> Self {
        let mut context = Self {
            terrain: Some(workspace.terrain_file()),
            ..Self::default()
        };
        let track_file = match (workspace.document(id), workspace.validation_path(id)) {
            (Some(open), Some(path)) => match &open.document {
                Document::Mission(mission) => Some(super::validation::mission_track_path(
                    &path,
                    mission.track.as_str(),
                )),
                _ => None,
            },
            _ => None,
        };
        context.track = track_file
            .and_then(|file| workspace.id_of_file(&file))
            .and_then(|t| match &workspace.document(t)?.document {
                Document::Track(track) => Some(track),
                Document::Course(_) => courses.track(workspace, t),
                _ => None,
            });
        let mut cards = [
            (DeckName::Race, Vec::new()),
            (DeckName::MovementEvent, Vec::new()),
            (DeckName::Combat, Vec::new()),
        ];
        for open in &workspace.documents {
            match &open.document {
                Document::TeamMats(mats) => context.teams.extend(mats.teams.iter().map(|t| {
                    TeamChoice {
                        id: t.id.clone(),
                        name: t.name.to_string(),
                        colour: crate::content::team_mats::parse_colour(t.colour.as_str())
                            .unwrap_or([128, 128, 128]),
                        numbers: t.cars.iter().map(|c| c.number.clone()).collect(),
                        cars: t
                            .cars
                            .iter()
                            .map(|c| {
                                format!("{} · defense {} · {} MP", c.driver, c.defense, c.base_mp)
                            })
                            .collect(),
                    }
                })),
                Document::BotProfile(profile) => context.bots.push(profile.id.to_string()),
                Document::RaceDeck(deck) => {
                    cards[0].1.extend(deck.cards.iter().map(|c| c.id.clone()));
                }
                Document::MovementEventDeck(deck) => {
                    cards[1].1.extend(deck.cards.iter().map(|c| c.id.clone()));
                }
                Document::CombatEventDeck(deck) => {
                    cards[2].1.extend(deck.cards.iter().map(|c| c.id.clone()));
                }
                _ => {}
            }
        }
        context.bots.sort();
        context.cards = cards.into();
        context
    }

    /// A team's name by its id, or the id when the pack has no such team.
    fn team_name(&self, id: &Id) -> String {
        self.teams
            .iter()
            .find(|t| t.id == *id)
            .map_or_else(|| id.to_string(), |t| t.name.clone())
    }
}

/// The rows of the drafts of RON fields (text typed that does not parse yet), per field.
mod draft_rows {
    /// The player counts.
    pub const PLAYERS: usize = 0;
    /// An objective's spaces: this plus its index.
    pub const HOLD_SPACES: usize = 1_000;
    /// A placed car's spot: this plus its index.
    pub const SPOT: usize = 2_000;
    /// A placed car's markers: this plus its index.
    pub const MARKERS: usize = 3_000;
}

/// The mission editor's state: RON text that does not parse yet, the placed car whose space
/// is being picked on the track, and the track's camera, all of the mission shown (they are
/// dropped when another mission is shown, so no draft or pick carries over to it).
#[derive(Debug, Default)]
pub struct MissionEditor {
    shown: Option<super::workspace::DocumentId>,
    drafts: BTreeMap<usize, Draft>,
    picking: Option<usize>,
    canvas: TrackCanvas,
}

impl MissionEditor {
    /// Draws the editor of `mission` (the document `id`); its edits go to `edits`.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        id: super::workspace::DocumentId,
        mission: &Mission,
        context: &MissionContext<'_>,
        edits: &mut Vec<(Edit, Option<GroupKey>)>,
    ) {
        if self.shown != Some(id) {
            *self = Self {
                shown: Some(id),
                ..Self::default()
            };
        }
        let mut changed: Changed = None;
        ScrollArea::vertical()
            .id_salt(("mission_editor", id))
            .show(ui, |ui| self.form(ui, mission, context, &mut changed));
        if let Some((mission, group)) = changed {
            edits.push((Edit::Mission(Box::new(mission)), group));
        }
    }

    /// The form's sections, top to bottom.
    fn form(
        &mut self,
        ui: &mut Ui,
        mission: &Mission,
        context: &MissionContext<'_>,
        changed: &mut Changed,
    ) {
        self.header(ui, mission, changed);
        ui.separator();
        sides::sides(ui, mission, context, changed);
        ui.separator();
        objectives::objectives(self, ui, mission, context, changed);
        ui.separator();
        setup::setup(self, ui, mission, context, changed);
        ui.separator();
        deck_changes::deck_changes(ui, mission, context, changed);
        ui.separator();
        vp(ui, mission, changed);
        ui.separator();
        turn_limit(ui, mission, changed);
    }

    /// The placed car whose space the next click on the track picks, if any.
    #[must_use]
    pub fn picking(&self) -> Option<usize> {
        self.picking
    }

    /// The camera of the track under the placed cars (for tests that click a space).
    #[must_use]
    pub fn canvas(&self) -> &TrackCanvas {
        &self.canvas
    }

    /// Name, briefing, files, ruleset and player counts.
    fn header(&mut self, ui: &mut Ui, mission: &Mission, changed: &mut Changed) {
        egui::Grid::new("mission_header")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label("Name");
                if let Some((name, group)) =
                    fields::text::<Text>(ui, "mission name", &mission.name, 260.0)
                {
                    change(changed, mission, Some(group), |m| m.name = name);
                }
                ui.end_row();
                ui.label("Track");
                if let Some((track, group)) =
                    fields::text::<Text>(ui, "mission track", &mission.track, 260.0)
                {
                    change(changed, mission, Some(group), |m| m.track = track);
                }
                ui.end_row();
                ui.label("Content");
                if let Some((content, group)) =
                    fields::text::<Text>(ui, "mission content", &mission.content, 260.0)
                {
                    change(changed, mission, Some(group), |m| m.content = content);
                }
                ui.end_row();
                ui.label("Ruleset");
                if let Some((ruleset, group)) =
                    fields::text::<Id>(ui, "mission ruleset", &mission.ruleset, 120.0)
                {
                    change(changed, mission, Some(group), |m| m.ruleset = ruleset);
                }
                ui.end_row();
                ui.label("Players");
                ui.vertical(|ui| {
                    ui.set_max_width(260.0);
                    if let Some((players, group)) = fields::ron_field::<Vec<u8>>(
                        ui,
                        "mission players",
                        &mission.players,
                        "The player counts allowed, as [4, 5, 6]; [] is every team of the sides",
                        &mut self.drafts,
                        draft_rows::PLAYERS,
                    ) {
                        change(changed, mission, Some(group), |m| m.players = players);
                    }
                });
                ui.end_row();
            });
        ui.label("Briefing");
        let width = ui.available_width().min(720.0);
        if let Some((briefing, group)) =
            fields::paragraph::<Text>(ui, "briefing", &mission.briefing, width)
        {
            change(changed, mission, Some(group), |m| m.briefing = briefing);
        }
        ui.weak("Paths are relative to the mission file. The track and content are those the mission is validated and raced on.");
    }
}

/// Which sources of VP count, and how much.
fn vp(ui: &mut Ui, mission: &Mission, changed: &mut Changed) {
    ui.heading("Victory points");
    let vp = mission.vp;
    ui.horizontal_wrapped(|ui| {
        let mut own_pool = vp.pool.is_some();
        if ui
            .checkbox(&mut own_pool, "Own pool")
            .on_hover_text("Unticked: each team's pool is the ruleset's")
            .changed()
        {
            change(changed, mission, None, |m| {
                m.vp.pool = own_pool.then_some(12);
            });
        }
        if let Some(pool) = vp.pool
            && let Some((pool, group)) = fields::number(ui, "pool", pool, 1..=99)
        {
            change(changed, mission, Some(group), |m| m.vp.pool = Some(pool));
        }
        ui.label("VP a crossing");
        if let Some((finish, group)) = fields::number(ui, "finish VP", vp.finish, 0..=9) {
            change(changed, mission, Some(group), |m| m.vp.finish = finish);
        }
        ui.label("VP a kill");
        if let Some((kills, group)) = fields::number(ui, "kill VP", vp.kills, 0..=9) {
            change(changed, mission, Some(group), |m| m.vp.kills = kills);
        }
        let mut bonuses = vp.bonuses;
        if ui
            .checkbox(&mut bonuses, "Bounty and Race Bonus cards")
            .changed()
        {
            change(changed, mission, None, |m| m.vp.bonuses = bonuses);
        }
        ui.label("Clock");
        let clocks = [
            (None, "as the ruleset says"),
            (Some(true), "runs"),
            (Some(false), "off"),
        ];
        if let Some(clock) = fields::choice(ui, "clock", "mission_clock", vp.clock, &clocks) {
            change(changed, mission, None, |m| m.vp.clock = clock);
        }
        let mut pool_wins = vp.pool_wins;
        if ui
            .checkbox(&mut pool_wins, "An empty pool wins")
            .on_hover_text("A team that empties its pool wins the race for its side (11.5)")
            .changed()
        {
            change(changed, mission, None, |m| m.vp.pool_wins = pool_wins);
        }
        ui.label("Friendly fire");
        let fire = [
            (
                crate::content::mission::FriendlyFire::Allowed,
                "allowed (the rulebook's)",
            ),
            (
                crate::content::mission::FriendlyFire::Forbidden,
                "forbidden: no attack on one's own side",
            ),
        ];
        if let Some(friendly_fire) = fields::choice(
            ui,
            "friendly fire",
            "mission_friendly_fire",
            mission.friendly_fire,
            &fire,
        ) {
            change(changed, mission, None, |m| m.friendly_fire = friendly_fire);
        }
        let mut allied_kills = vp.allied_kills;
        if ui
            .checkbox(&mut allied_kills, "A kill of an ally's car scores")
            .on_hover_text(
                "Off (the default): destroying a car of one's own side claims nothing, as a \
                 kill of one's own car never scores (11.3)",
            )
            .changed()
        {
            change(changed, mission, None, |m| m.vp.allied_kills = allied_kills);
        }
        let mut neutral_kills = vp.neutral_kills;
        if ui
            .checkbox(&mut neutral_kills, "A kill of a neutral car scores")
            .on_hover_text(
                "Off (the default): a neutral side's car destroyed is no one's kill: it claims \
                 nothing and counts for no objective",
            )
            .changed()
        {
            change(changed, mission, None, |m| {
                m.vp.neutral_kills = neutral_kills;
            });
        }
    });
}

/// The turn limit and how it is settled.
fn turn_limit(ui: &mut Ui, mission: &Mission, changed: &mut Changed) {
    ui.heading("Turn limit");
    let limit = &mission.turn_limit;
    ui.horizontal_wrapped(|ui| {
        ui.label("The race ends at the end of turn");
        if let Some((turn, group)) = fields::number(ui, "turn limit", limit.turn, 1..=10_000) {
            change(changed, mission, Some(group), |m| m.turn_limit.turn = turn);
        }
        let mut most_vp = limit.most_vp;
        if ui.checkbox(&mut most_vp, "the most VP wins").changed() {
            change(changed, mission, None, |m| m.turn_limit.most_vp = most_vp);
        }
        ui.label(if most_vp {
            "; a tie goes to"
        } else {
            "; then it goes to"
        });
        let current = match &limit.ties {
            Tie::Draw => None,
            Tie::Side(id) => mission.sides.iter().position(|s| s.id == *id),
        };
        let names: Vec<String> = mission.sides.iter().map(|s| s.name.to_string()).collect();
        let mut options: Vec<(Option<usize>, &str)> = vec![(None, "nobody (a draw)")];
        options.extend(names.iter().enumerate().map(|(i, n)| (Some(i), n.as_str())));
        if let Some(tie) = fields::choice(ui, "ties", "mission_ties", current, &options) {
            change(changed, mission, None, |m| {
                m.turn_limit.ties = tie
                    .and_then(|i| m.sides.get(i))
                    .map_or(Tie::Draw, |s| Tie::Side(s.id.clone()));
            });
        }
    });
    tie_breaks(ui, mission, changed);
}

/// The scores that break a tie before the tie rule, in order: each chosen, removed, one added.
fn tie_breaks(ui: &mut Ui, mission: &Mission, changed: &mut Changed) {
    use crate::content::mission::TieBreak;
    const BREAKS: [(TieBreak, &str); 3] = [
        (TieBreak::Kills, "the most kills"),
        (TieBreak::CarsLeft, "the most cars left"),
        (TieBreak::Finished, "the most cars across the end"),
    ];
    let breaks = &mission.turn_limit.tie_breaks;
    ui.horizontal_wrapped(|ui| {
        ui.label("A tie is broken first by");
        for (n, tie_break) in breaks.iter().enumerate() {
            if n > 0 {
                ui.label("then");
            }
            if let Some(chosen) =
                fields::choice(ui, "tie break", ("tie_break", n), *tie_break, &BREAKS)
            {
                change(changed, mission, None, |m| {
                    m.turn_limit.tie_breaks[n] = chosen;
                });
            }
            if ui
                .small_button("✖")
                .on_hover_text("Remove this tie break")
                .clicked()
            {
                change(changed, mission, None, |m| {
                    m.turn_limit.tie_breaks.remove(n);
                });
            }
        }
        if breaks.is_empty() {
            ui.weak("nothing");
        }
        let unused = BREAKS.iter().find(|(b, _)| !breaks.contains(b));
        if let Some((next, _)) = unused
            && ui.small_button("+ tie break").clicked()
        {
            change(changed, mission, None, |m| {
                m.turn_limit.tie_breaks.push(*next);
            });
        }
    });
}
