//! The simulation screen: a batch of bot races on the content as edited, played in the
//! background with a progress bar and Cancel, its statistics updating while it runs: win rates
//! per team and seat with their 95% intervals, race length, how races end, VP by source, damage
//! by team, car and weapon, a heat map on the track, and the notable races to watch.
//!
//! The screen draws [`BatchStats`] (folded from the races by [`crate::sim::stats`]) and turns
//! clicks into [`SimCommand`]s; the races are played by [`worker::BatchRun`].

mod harm_view;
pub mod launch;
mod mission_view;
pub use launch::TunedComparison;
mod screen;
mod worker;

use std::collections::BTreeMap;

use egui::{Color32, ComboBox, Panel, RichText, ScrollArea, Stroke, Ui};
use egui_plot::{Bar, BarChart, BoxElem, BoxPlot, BoxSpread, Plot};

use super::canvas::TrackCanvas;
use super::race::board::fill_space_ref;
use super::workspace::{DocumentId, Workspace};
use crate::content::track::{SpaceRef, Track};
use crate::render::viridis;
use crate::sim::LoadedRace;
use crate::sim::batch::{BatchSpec, Notable, RaceSummary, SpaceCounts, notable_of};
use crate::sim::batch_fold::BatchFold;
use crate::sim::compare::{Comparison, Difference, compare_folds};
use crate::sim::stats::{BatchStats, Interval, TeamStats};
use worker::{BatchRun, BatchUpdate};

/// What a batch plays: chosen on the screen.
#[derive(Clone, PartialEq, Debug)]
pub struct SimForm {
    /// The track, the ruleset and the players (the first teams of the content, rotated over
    /// the seats race by race).
    pub setup: crate::gui::fields::RaceSetupForm,
    /// The bot profile id of each seat (as many as the most players; the first `players` play).
    pub bots: Vec<String>,
    /// Races to play.
    pub races: usize,
    /// The batch seed.
    pub seed: u64,
    /// Also play the same seeds on something else and show what differs.
    pub compare: Option<CompareWith>,
    /// The mission document the races play, if any: it fixes the track, the ruleset, the
    /// teams and the bots of its sides that a bot always plays.
    pub mission: Option<DocumentId>,
}

/// What a batch is compared with, on the same seeds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CompareWith {
    /// The files as saved (the content and the track as on disk): what the edits change.
    Saved,
    /// Another open track, on the same content.
    Track(DocumentId),
}

/// The result views.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum SimTab {
    /// Win rates per team and per seat, with intervals.
    #[default]
    WinRates,
    /// Race length and how races end.
    Races,
    /// The teams' figures, sortable.
    Teams,
    /// Cars and weapon types.
    Cars,
    /// A metric per space, on the track.
    HeatMap,
    /// The races worth watching.
    Notable,
    /// The edited content against the saved one, metric by metric.
    Compare,
    /// A mission's sides and objectives.
    Mission,
    /// How cars were hurt and lost, by cause, per side and named car.
    Losses,
}

impl SimTab {
    const ALL: [(Self, &'static str); 9] = [
        (Self::WinRates, "Win rates"),
        (Self::Races, "Races"),
        (Self::Teams, "Teams"),
        (Self::Cars, "Cars and weapons"),
        (Self::HeatMap, "Heat map"),
        (Self::Notable, "Notable races"),
        (Self::Compare, "Compare"),
        (Self::Mission, "Mission"),
        (Self::Losses, "Losses"),
    ];
}

/// The sortable tables.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Table {
    /// Teams.
    Teams,
    /// Cars.
    Cars,
    /// Weapon types.
    Weapons,
}

/// What the simulation's results are exported as.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Export {
    /// The statistics as JSON.
    Json,
    /// A CSV row per race and seat, and `NAME-teams.csv` a row per team.
    Csv,
    /// The heat map of the metric shown, as a PNG.
    HeatPng,
}

impl Export {
    /// Every export, in the order the screen offers them.
    pub const ALL: [Self; 3] = [Self::Json, Self::Csv, Self::HeatPng];

    /// The export's name, as the file dialog hands it back.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Json => "json",
            Self::Csv => "csv",
            Self::HeatPng => "heat-png",
        }
    }

    /// The file name an export of a batch seeded `seed` is offered under.
    #[must_use]
    pub fn file_name(self, seed: u64, metric: &str) -> String {
        match self {
            Self::Json => format!("simulation-{seed}.json"),
            Self::Csv => format!("simulation-{seed}.csv"),
            Self::HeatPng => format!("heat-{metric}-{seed}.png"),
        }
    }

    /// The file name extensions the dialog shows.
    #[must_use]
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Self::Json => &["json"],
            Self::Csv => &["csv"],
            Self::HeatPng => &["png"],
        }
    }
}

/// A click on the simulation screen.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum SimCommand {
    /// Play a batch with the form's choices.
    Run,
    /// Stop the batch.
    Cancel,
    /// Show a result view.
    Tab(SimTab),
    /// Sort a table by this column (again: the other way).
    Sort(Table, usize),
    /// The heat map's metric.
    Metric(&'static str),
    /// Watch race `index` of the batch.
    Watch(usize),
    /// Export the results.
    Export(Export),
    /// Back to the editor.
    Close,
}

/// What the screen asks of the studio.
#[derive(Clone, PartialEq, Debug)]
pub enum SimRequest {
    /// Build and start the batch the form describes (the studio knows the content).
    Run(SimForm),
    /// Open race `index` of the batch in the race viewer.
    Watch(usize),
    /// Choose a file to export the results to.
    Export(Export),
    /// Back to the editor.
    Close,
}

/// The screen's state.
pub struct SimulationScreen {
    /// The choices for the next batch.
    pub form: SimForm,
    run: Option<BatchRun>,
    /// The same seeds on the saved files, when comparing, and its races.
    saved_run: Option<BatchRun>,
    saved_fold: BatchFold,
    comparison: Option<Comparison>,
    /// What the two batches compared are called (the other one, this one).
    compare_names: (String, String),
    spec: Option<BatchSpec>,
    loaded: Option<LoadedRace>,
    track: Option<Track>,
    /// What the results shown are of, in words: the content and track played, the races and
    /// the seed. The form may since have changed (or, for a tuned pack, never described it).
    results_of: Option<String>,
    /// The form as it was when the results shown were started from it (`None`: they were not
    /// started from the form, as a tuned pack's comparison is not).
    results_form: Option<SimForm>,
    /// Whether the batch shown was cancelled before its end.
    cancelled: bool,
    /// The races played, without their per-space counts (those are summed in `fold` as the
    /// races arrive, so a long batch does not hold a copy of the track per race).
    races: Vec<RaceSummary>,
    /// Every race played, folded: what the statistics, notable races and comparison read.
    fold: BatchFold,
    stats: Option<BatchStats>,
    /// Whether races arrived since the statistics were worked out, and when they last were.
    stale: bool,
    stats_at: f64,
    error: Option<String>,
    tab: SimTab,
    /// Each table's sort: column, ascending (teams, cars, weapons).
    sorts: [(usize, bool); 3],
    metric: &'static str,
    canvas: TrackCanvas,
}

/// What a batch is of, for the form to say beside its results.
pub struct ResultsOf {
    /// The content, track, races and seed, in words.
    pub words: String,
    /// The form it was started from, if any: while the form still says the same, the words
    /// need no saying.
    pub form: Option<SimForm>,
}

/// The most races one batch of the screen plays.
pub const MOST_RACES: usize = 100_000;

impl SimulationScreen {
    /// A screen with the form filled from the workspace: the track shown (or the first), the
    /// standard ruleset, four players, the planner bot, 200 races, seed 1.
    #[must_use]
    pub fn new(workspace: &Workspace, shown: Option<DocumentId>) -> Self {
        let track = workspace.track_or_first(shown);
        let bot = workspace.bot_or_first("planner");
        Self {
            form: SimForm {
                setup: crate::gui::fields::RaceSetupForm::new(track),
                bots: vec![bot; 10],
                races: 200,
                seed: 1,
                compare: None,
                mission: None,
            },
            run: None,
            saved_run: None,
            saved_fold: BatchFold::default(),
            comparison: None,
            compare_names: (String::new(), String::new()),
            spec: None,
            loaded: None,
            track: None,
            results_of: None,
            results_form: None,
            cancelled: false,
            races: Vec::new(),
            fold: BatchFold::default(),
            stats: None,
            stale: false,
            stats_at: f64::NEG_INFINITY,
            error: None,
            tab: SimTab::default(),
            sorts: [(2, false), (0, true), (1, false)],
            metric: "damage",
            canvas: TrackCanvas::default(),
        }
    }

    /// Starts a batch the studio built from the form (the previous one, if running, stops);
    /// with `saved`, the same seeds on the saved files too, to compare.
    pub fn start(
        &mut self,
        spec: BatchSpec,
        loaded: LoadedRace,
        track: Track,
        now: f64,
        saved: Option<(BatchSpec, String, String)>,
        results_of: ResultsOf,
    ) {
        self.results_of = Some(results_of.words);
        self.results_form = results_of.form;
        self.cancelled = false;
        for run in self.run.iter().chain(&self.saved_run) {
            run.cancel();
        }
        self.saved_fold = BatchFold::default();
        self.comparison = None;
        self.saved_run = saved.map(|(spec, other, this)| {
            self.compare_names = (other, this);
            BatchRun::start(spec, now)
        });
        self.races.clear();
        self.fold = BatchFold::default();
        self.stats = None;
        self.error = None;
        self.run = Some(BatchRun::start(spec.clone(), now));
        self.spec = Some(spec);
        self.loaded = Some(loaded);
        self.track = Some(track);
    }

    /// Says why a batch could not start.
    pub fn fail(&mut self, error: String) {
        self.error = Some(error);
    }

    /// The races played so far, in race order.
    #[must_use]
    pub fn races(&self) -> &[RaceSummary] {
        &self.races
    }

    /// The statistics of the races played so far.
    #[must_use]
    pub fn stats(&self) -> Option<&BatchStats> {
        self.stats.as_ref()
    }

    /// Whether a batch is being played.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.run.is_some() || self.saved_run.is_some()
    }

    /// The edited content against the saved one, once both batches are played.
    #[must_use]
    pub fn comparison(&self) -> Option<&Comparison> {
        self.comparison.as_ref()
    }

    /// The batch played (for watching one of its races).
    #[must_use]
    pub fn spec(&self) -> Option<(&BatchSpec, &LoadedRace, &Track)> {
        Some((
            self.spec.as_ref()?,
            self.loaded.as_ref()?,
            self.track.as_ref()?,
        ))
    }

    /// Writes the results as `export` says to `path` (atomically; a CSV export writes
    /// `NAME-teams.csv` beside it).
    pub fn export(&self, export: Export, path: &std::path::Path) -> Result<(), String> {
        let stats = self.stats.as_ref().ok_or("no races have been played")?;
        match export {
            Export::Json => {
                let (spec, loaded, _) = self.spec().ok_or("no batch was played")?;
                let identity = crate::sim::batch::BatchIdentity::of(spec, &loaded.identity, 1);
                let notable = notable_of(&self.fold);
                crate::sim::report::BatchReport {
                    track: spec.rules.track.name.to_string(),
                    players: spec.teams.len(),
                    seed: spec.seed,
                    races_asked: spec.races,
                    shard: crate::sim::batch::Shard::WHOLE,
                    stopped_early: self.races.len() < spec.races,
                    identity: &identity,
                    stats,
                    notable: &notable,
                    fold: &self.fold,
                    races: None,
                    compare: self.comparison.as_ref(),
                }
                .write(path)
            }
            Export::Csv => {
                crate::sim::report::write_csv(path, &self.races, stats).map_err(|e| e.to_string())
            }
            Export::HeatPng => {
                let track = self.track.as_ref().ok_or("no track")?;
                let heat = crate::render::Heat {
                    metric: self.metric.replace('_', " "),
                    values: stats
                        .spaces
                        .iter()
                        .filter_map(|(at, counts)| {
                            Some((at.parse().ok()?, f64::from(counts.get(self.metric)?)))
                        })
                        .collect(),
                };
                let image =
                    crate::render::render_heat(track, 1600, &heat).map_err(|e| e.to_string())?;
                crate::render::save_png(&image, path).map_err(|e| e.to_string())
            }
        }
    }

    /// The heat map's metric.
    #[must_use]
    pub fn metric(&self) -> &'static str {
        self.metric
    }

    /// The result view shown.
    #[must_use]
    pub fn tab(&self) -> SimTab {
        self.tab
    }

    /// Takes in what the batch thread reported; the statistics follow at most twice a second
    /// while it runs (folding a long batch at every slice would cost more than playing it).
    pub fn poll(&mut self, now: f64) {
        if let Some(saved) = &mut self.saved_run {
            let (updates, finished) = saved.poll();
            for update in updates {
                self.take_saved(update);
            }
            if finished {
                self.saved_run = None;
                self.stale = true;
            }
        }
        let Some(run) = &mut self.run else {
            if self.stale {
                self.refresh_stats(now);
            }
            return;
        };
        let (updates, finished) = run.poll();
        for update in updates {
            self.take(update);
        }
        if finished {
            self.run = None;
        }
        if self.stale && (finished || now - self.stats_at >= 0.5) {
            self.refresh_stats(now);
        }
    }

    /// Races of the saved files' batch: folded, which is all a comparison reads of them.
    fn take_saved(&mut self, update: BatchUpdate) {
        match update {
            BatchUpdate::Races(races) => {
                for race in &races {
                    self.saved_fold.add(race);
                }
            }
            BatchUpdate::Failed(error) => self.error = Some(format!("the saved files: {error}")),
        }
    }

    fn take(&mut self, update: BatchUpdate) {
        match update {
            BatchUpdate::Races(races) => {
                for mut race in races {
                    self.fold.add(&race);
                    race.spaces = Vec::new();
                    self.races.push(race);
                }
                self.stale = true;
            }
            BatchUpdate::Failed(error) => self.error = Some(error),
        }
    }

    fn refresh_stats(&mut self, now: f64) {
        if let Some(loaded) = &self.loaded {
            let track = &loaded.rules.track;
            self.stats = Some(BatchStats::of_fold(&self.fold, track));
        }
        if self.saved_run.is_none() && self.run.is_none() && self.saved_fold.races > 0 {
            // Same seeds on both: B minus A is what the edits change.
            self.comparison = Some(compare_folds(&self.saved_fold, &self.fold));
        }
        self.stale = false;
        self.stats_at = now;
    }

    /// Waits for the batch's next slice of races and takes it in (tests wait on the batch's
    /// job, not on the clock).
    pub fn wait_next(&mut self) {
        if let Some(run) = &mut self.run {
            match run.wait() {
                Some(update) => self.take(update),
                None => self.run = None,
            }
        }
        self.refresh_stats(self.stats_at);
    }

    /// Waits until the batch is played (tests).
    pub fn wait(&mut self) {
        while let Some(run) = &mut self.run {
            match run.wait() {
                Some(update) => self.take(update),
                None => self.run = None,
            }
        }
        while let Some(run) = &mut self.saved_run {
            match run.wait() {
                Some(update) => self.take_saved(update),
                None => self.saved_run = None,
            }
        }
        self.refresh_stats(self.stats_at);
    }

    /// Carries out a click; what only the studio can do comes back.
    pub fn apply(&mut self, command: SimCommand) -> Option<SimRequest> {
        match command {
            SimCommand::Run => return Some(SimRequest::Run(self.form.clone())),
            SimCommand::Cancel => {
                for run in self.run.iter().chain(&self.saved_run) {
                    run.cancel();
                }
                self.cancelled = true;
            }
            SimCommand::Tab(tab) => self.tab = tab,
            SimCommand::Sort(table, column) => {
                let sort = &mut self.sorts[table as usize];
                *sort = if sort.0 == column {
                    (column, !sort.1)
                } else {
                    (column, column == 0)
                };
            }
            SimCommand::Metric(metric) => self.metric = metric,
            SimCommand::Watch(index) => return Some(SimRequest::Watch(index)),
            SimCommand::Export(export) => return Some(SimRequest::Export(export)),
            SimCommand::Close => return Some(SimRequest::Close),
        }
        None
    }

    /// Draws the screen; returns what the studio must do.
    pub fn ui(&mut self, ui: &mut Ui, workspace: &Workspace) -> Vec<SimRequest> {
        self.poll(ui.input(|i| i.time));
        if self.run.is_some() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
        let mut commands = Vec::new();
        let now = ui.input(|i| i.time);
        Panel::top("sim_form").show(ui, |ui| self.form_ui(ui, workspace, now, &mut commands));
        egui::CentralPanel::default_margins().show(ui, |ui| {
            ui.horizontal(|ui| {
                for (tab, name) in SimTab::ALL {
                    if ui.selectable_label(self.tab == tab, name).clicked() {
                        commands.push(SimCommand::Tab(tab));
                    }
                }
            });
            ui.separator();
            match (&self.stats, self.tab) {
                (None, _) => {
                    ui.label("No races yet: choose and press Run.");
                }
                (Some(stats), SimTab::WinRates) => {
                    let same_bots = self.spec.as_ref().is_some_and(|spec| {
                        spec.bots.windows(2).all(|pair| pair[0].id == pair[1].id)
                    });
                    win_rates(ui, stats, same_bots);
                }
                (Some(stats), SimTab::Races) => races_view(ui, stats, &self.races),
                (Some(stats), SimTab::Teams) => self.teams_table(ui, stats, &mut commands),
                (Some(stats), SimTab::Cars) => cars_view(ui, stats, self.sorts, &mut commands),
                (Some(_), SimTab::HeatMap) => self.heat_map(ui, &mut commands),
                (Some(_), SimTab::Compare) => {
                    compare_view(ui, self.comparison.as_ref(), &self.compare_names);
                }
                (Some(_), SimTab::Notable) => {
                    notable_view(ui, &notable_of(&self.fold), &mut commands);
                }
                (Some(stats), SimTab::Mission) => mission_view::mission_view(ui, stats),
                (Some(stats), SimTab::Losses) => harm_view::harm_view(ui, stats),
            }
        });
        let mut requests = Vec::new();
        for command in commands {
            requests.extend(self.apply(command));
        }
        requests
    }

    /// What the batch is compared with: nothing, the saved files, or another track.
    fn compare_choice(&mut self, ui: &mut Ui, workspace: &Workspace) {
        let label = ui.label("Compare with");
        let named = |with: Option<CompareWith>| match with {
            None => "nothing".to_owned(),
            Some(CompareWith::Saved) => "the saved files".to_owned(),
            Some(CompareWith::Track(id)) => workspace.display_name(id),
        };
        ComboBox::from_id_salt("sim_compare")
            .selected_text(named(self.form.compare))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.form.compare, None, named(None));
                ui.selectable_value(
                    &mut self.form.compare,
                    Some(CompareWith::Saved),
                    named(Some(CompareWith::Saved)),
                )
                .on_hover_text("The same seeds on the files as saved: what the edits change");
                for id in workspace
                    .track_ids()
                    .filter(|&id| Some(id) != self.form.setup.track)
                {
                    let with = Some(CompareWith::Track(id));
                    ui.selectable_value(&mut self.form.compare, with, named(with));
                }
            })
            .response
            .labelled_by(label.id);
    }

    /// Frames the heat map's track in its canvas on the next frame (View > Fit track, Ctrl+0).
    pub fn fit_heat_map(&mut self) {
        if let Some(track) = &self.track {
            self.canvas.frame(track, &[]);
        }
    }

    /// The heat map's canvas (its camera), for tests.
    #[must_use]
    pub fn heat_map_canvas(&self) -> &TrackCanvas {
        &self.canvas
    }

    /// The heat map's canvas, for tests that move its camera.
    pub fn heat_map_canvas_mut(&mut self) -> &mut TrackCanvas {
        &mut self.canvas
    }

    /// How many races the results are of: "200 races played", or "Cancelled after 177 of
    /// 200 races" for a batch stopped before its end.
    #[must_use]
    pub fn played_words(&self) -> String {
        let played = self.races.len();
        let total = self.spec.as_ref().map_or(played, |spec| spec.races);
        match (self.cancelled && played < total, played) {
            (true, _) => format!("Cancelled after {played} of {total} races"),
            (false, 1) => "1 race played".to_owned(),
            (false, n) => format!("{n} races played"),
        }
    }

    /// Run (or the progress and Cancel while a batch plays), and the exports once it played.
    fn run_controls(&self, ui: &mut Ui, now: f64, commands: &mut Vec<SimCommand>) {
        if let Some(run) = &self.run {
            let done = run.done();
            let rate = done as f64 / (now - run.started).max(1e-3);
            ui.add(
                egui::ProgressBar::new(done as f32 / run.total.max(1) as f32)
                    .desired_width(200.0)
                    .text(format!("{done}/{} races, {rate:.0}/s", run.total)),
            );
            if ui.button("Cancel").clicked() {
                commands.push(SimCommand::Cancel);
            }
        } else {
            if ui
                .add_enabled(
                    self.form.setup.track.is_some() || self.form.mission.is_some(),
                    egui::Button::new("Run"),
                )
                .clicked()
            {
                commands.push(SimCommand::Run);
            }
            if !self.races.is_empty() {
                // One piece: in the wrapping toolbar a label could break across rows.
                ui.add(egui::Label::new(self.played_words()).wrap_mode(egui::TextWrapMode::Extend));
                ui.separator();
                for (export, label) in [
                    (Export::Json, "Export JSON…"),
                    (Export::Csv, "Export CSV…"),
                    (Export::HeatPng, "Heat map PNG…"),
                ] {
                    if ui.button(label).clicked() {
                        commands.push(SimCommand::Export(export));
                    }
                }
            }
        }
    }

    fn form_ui(
        &mut self,
        ui: &mut Ui,
        workspace: &Workspace,
        now: f64,
        commands: &mut Vec<SimCommand>,
    ) {
        ui.horizontal_wrapped(|ui| {
            if crate::gui::fields::back_to_editor(ui).clicked() {
                commands.push(SimCommand::Close);
            }
            if crate::gui::fields::mission_choice(
                ui,
                workspace,
                &mut self.form.mission,
                "sim_mission",
            ) && let Some(players) = self
                .form
                .mission
                .and_then(|id| crate::gui::fields::mission_players(workspace, id))
            {
                // A mission seats every team of its sides unless told otherwise.
                self.form.setup.players = players;
            }
            if self.form.mission.is_none() {
                self.form.setup.ui(ui, workspace, "sim_track");
            } else {
                let label = ui.label("Players");
                ui.add(egui::DragValue::new(&mut self.form.setup.players).range(2..=10))
                    .labelled_by(label.id)
                    .on_hover_text("A count the mission allows; its seats take their teams");
            }
            let profiles = bot_profiles(workspace);
            let label = ui.label("Bots");
            // One choice for every seat at once, and below it one per seat.
            let all_same = self.form.bots[..self.form.setup.players.min(10)]
                .windows(2)
                .all(|w| w[0] == w[1]);
            ComboBox::from_id_salt("sim_bot")
                .selected_text(if all_same {
                    self.form.bots[0].clone()
                } else {
                    "(per seat)".to_owned()
                })
                .show_ui(ui, |ui| {
                    for (id, name) in &profiles {
                        if ui
                            .selectable_label(all_same && self.form.bots[0] == *id, name)
                            .clicked()
                        {
                            self.form.bots = vec![id.clone(); 10];
                        }
                    }
                })
                .response
                .labelled_by(label.id);
            let label = ui.label("Races");
            // Bigger batches belong to `roadwright simulate` (and its shards): the screen keeps
            // every race's summary.
            ui.add(egui::DragValue::new(&mut self.form.races).range(1..=MOST_RACES))
                .labelled_by(label.id);
            let label = ui.label("Seed");
            ui.add(egui::DragValue::new(&mut self.form.seed))
                .labelled_by(label.id);
            self.compare_choice(ui, workspace);
            ui.separator();
            self.run_controls(ui, now, commands);
        });
        ui.horizontal_wrapped(|ui| {
            let profiles = bot_profiles(workspace);
            for seat in 0..self.form.setup.players.min(10) {
                let label = ui.label(format!("Seat {}", seat + 1));
                ComboBox::from_id_salt(("sim_seat_bot", seat))
                    .selected_text(self.form.bots[seat].clone())
                    .show_ui(ui, |ui| {
                        for (id, name) in &profiles {
                            ui.selectable_value(&mut self.form.bots[seat], id.clone(), name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
            }
        });
        if let Some(of) = self.results_differ_from_form() {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("Results shown are of {of}")).strong());
                ui.weak("(Run plays what the form says)");
            });
        }
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
    }

    /// What the results shown are of, when the form no longer says it (it was changed since
    /// they were started, or they were not started from it).
    #[must_use]
    pub fn results_differ_from_form(&self) -> Option<&str> {
        let of = self.results_of.as_deref()?;
        (self.results_form.as_ref() != Some(&self.form)).then_some(of)
    }

    fn teams_table(&self, ui: &mut Ui, stats: &BatchStats, commands: &mut Vec<SimCommand>) {
        let rows = stats
            .teams
            .iter()
            .map(|(id, t)| {
                let mut cells = vec![
                    t.races.to_string(),
                    format!(
                        "{:.1}% ({:.1}-{:.1})",
                        t.win_rate.rate * 100.0,
                        t.win_rate.low * 100.0,
                        t.win_rate.high * 100.0
                    ),
                ];
                let means = t.means();
                cells.extend(means.iter().map(|v| format!("{v:.2}")));
                let mut values = vec![t.races as f64, t.win_rate.rate];
                values.extend(means);
                Row {
                    name: id.clone(),
                    values,
                    cells,
                }
            })
            .collect();
        let headers: Vec<&str> = ["Team", "Races", "Win rate"]
            .into_iter()
            .chain(TeamStats::MEANS.iter().map(|(_, heading)| *heading))
            .collect();
        ScrollArea::both().show(ui, |ui| {
            sorted_table(ui, Table::Teams, &headers, rows, self.sorts[0], commands);
        });
    }

    fn heat_map(&mut self, ui: &mut Ui, commands: &mut Vec<SimCommand>) {
        let (Some(track), Some(stats)) = (&self.track, &self.stats) else {
            return;
        };
        ui.horizontal(|ui| {
            let label = ui.label("Metric");
            ComboBox::from_id_salt("sim_metric")
                .selected_text(self.metric.replace('_', " "))
                .show_ui(ui, |ui| {
                    for metric in SpaceCounts::METRICS {
                        if ui
                            .selectable_label(self.metric == metric, metric.replace('_', " "))
                            .clicked()
                        {
                            commands.push(SimCommand::Metric(metric));
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });
        let values: BTreeMap<SpaceRef, u32> = stats
            .spaces
            .iter()
            .filter_map(|(at, counts)| Some((at.parse().ok()?, counts.get(self.metric)?)))
            .collect();
        let max = values.values().copied().max().unwrap_or(0);
        legend(ui, self.metric, max);
        let (response, rect) = self.canvas.view_only(ui, track);
        let painter = ui.painter_at(rect);
        for (at, value) in &values {
            if *value > 0 {
                let [r, g, b, _] = viridis(f64::from(*value) / f64::from(max.max(1)));
                fill_space_ref(
                    &painter,
                    rect,
                    self.canvas.view,
                    track,
                    *at,
                    Color32::from_rgb(r, g, b),
                );
            }
        }
        if let Some(pointer) = response.hover_pos() {
            let at = TrackCanvas::space_at(track, self.canvas.view.to_track(rect, pointer));
            if let Some(at) = at {
                let counts = stats
                    .spaces
                    .get(&at.to_string())
                    .copied()
                    .unwrap_or_default();
                response.on_hover_text(format!(
                    "Space {at}: {} passes, {} ends, {} damage, {} eliminations, {} collisions",
                    counts.passes,
                    counts.ends,
                    counts.damage,
                    counts.eliminations,
                    counts.collisions
                ));
            }
        }
    }
}

/// The bot profiles open, as (id, name).
fn bot_profiles(workspace: &Workspace) -> Vec<(String, String)> {
    workspace
        .bot_profiles()
        .map(|p| (p.id.to_string(), p.name.to_string()))
        .collect()
}

/// The heat map's legend: the scale from 0 to the largest value.
fn legend(ui: &mut Ui, metric: &str, max: u32) {
    ui.horizontal(|ui| {
        ui.label("0");
        let (rect, _) = ui.allocate_exact_size(egui::vec2(200.0, 12.0), egui::Sense::hover());
        let steps = 20;
        for i in 0..steps {
            let t = f64::from(i) / f64::from(steps - 1);
            let [r, g, b, _] = viridis(t);
            let x0 = rect.left() + rect.width() * i as f32 / steps as f32;
            let x1 = rect.left() + rect.width() * (i + 1) as f32 / steps as f32;
            ui.painter().rect_filled(
                egui::Rect::from_min_max(egui::pos2(x0, rect.top()), egui::pos2(x1, rect.bottom())),
                0.0,
                Color32::from_rgb(r, g, b),
            );
        }
        ui.label(format!("{max} {}", metric.replace('_', " ")));
    });
}

/// Win rate per team and per seat: bars with their 95% intervals. The first seat's advantage
/// is a figure only when every seat has the same bot (otherwise it measures the bots).
fn win_rates(ui: &mut Ui, stats: &BatchStats, same_bots: bool) {
    ui.label(if same_bots {
        format!(
            "{} races · first seat advantage {:+.1} points",
            stats.races,
            stats.first_seat_advantage * 100.0
        )
    } else {
        format!(
            "{} races · no first seat advantage: the seats have different bots",
            stats.races
        )
    });
    let intervals = |name: &str, rows: &[(String, Interval)]| {
        let bars: Vec<Bar> = rows
            .iter()
            .enumerate()
            .map(|(i, (label, rate))| Bar::new(i as f64, rate.rate * 100.0).name(label).width(0.6))
            .collect();
        let boxes: Vec<BoxElem> = rows
            .iter()
            .enumerate()
            .map(|(i, (label, rate))| {
                BoxElem::new(
                    i as f64,
                    BoxSpread::new(
                        rate.low * 100.0,
                        rate.low * 100.0,
                        rate.rate * 100.0,
                        rate.high * 100.0,
                        rate.high * 100.0,
                    ),
                )
                .name(label)
                .box_width(0.15)
                .stroke(Stroke::new(1.5, Color32::WHITE))
            })
            .collect();
        (
            BarChart::new(name.to_owned(), bars).color(Color32::from_rgb(0x40, 0xa0, 0xff)),
            BoxPlot::new(format!("{name} 95%"), boxes),
        )
    };
    let teams: Vec<(String, Interval)> = stats
        .teams
        .iter()
        .map(|(id, t)| (id.clone(), t.win_rate))
        .collect();
    let by_seat: Vec<(String, Interval)> = stats
        .seats
        .iter()
        .enumerate()
        .map(|(i, rate)| (format!("seat {}", i + 1), *rate))
        .collect();
    ui.columns(2, |columns| {
        for (ui, (title, rows)) in columns.iter_mut().zip([
            ("Win rate by team, %", teams),
            ("Win rate by seat, %", by_seat),
        ]) {
            ui.strong(title);
            // The figures at the body's size and colour, in columns: read at a glance, not
            // squinted at under the chart's title.
            egui::Grid::new(("win_rates", title))
                .striped(true)
                .num_columns(3)
                .show(ui, |ui| {
                    ui.label("");
                    ui.strong("wins");
                    ui.strong("95% interval");
                    ui.end_row();
                    for (label, rate) in &rows {
                        ui.label(label);
                        ui.strong(format!("{:.1}%", rate.rate * 100.0));
                        ui.label(format!("{:.1}–{:.1}%", rate.low * 100.0, rate.high * 100.0));
                        ui.end_row();
                    }
                });
            let (bars, boxes) = intervals(title, &rows);
            let names: Vec<String> = rows.iter().map(|(label, _)| label.clone()).collect();
            Plot::new(title)
                .height(220.0)
                .allow_scroll(false)
                // Each bar is named under it: the team or the seat.
                .x_axis_formatter(move |mark, _| {
                    let index = mark.value.round();
                    if (mark.value - index).abs() > 1e-6 || index < 0.0 {
                        return String::new();
                    }
                    names.get(index as usize).cloned().unwrap_or_default()
                })
                .show(ui, |plot| {
                    plot.bar_chart(bars);
                    plot.box_plot(boxes);
                });
        }
    });
}

/// Race length (a histogram of turns) and how races end.
fn races_view(ui: &mut Ui, stats: &BatchStats, races: &[RaceSummary]) {
    ui.label(format!(
        "Turns: mean {:.1}, median {:.0}, p10 {:.0}, p90 {:.0} · decisions: mean {:.0} · movement events drawn per race {:.1}",
        stats.turns.mean, stats.turns.median, stats.turns.p10, stats.turns.p90, stats.decisions.mean, stats.events_drawn
    ));
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    for race in races {
        *counts.entry(race.turns).or_default() += 1;
    }
    let bars: Vec<Bar> = counts
        .iter()
        .map(|(&turns, &n)| Bar::new(f64::from(turns), n as f64).width(0.8))
        .collect();
    Plot::new("sim_turns")
        .height(200.0)
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("races by turns", bars));
        });
    design_metrics(ui, stats);
    ui.strong("How races end");
    egui::Grid::new("sim_endings").striped(true).show(ui, |ui| {
        for (end, n) in &stats.endings {
            ui.label(end.replace('_', " "));
            ui.label(n.to_string());
            ui.end_row();
        }
    });
}

/// The design metrics: each one's mean and 95% interval, its definition on hover.
fn design_metrics(ui: &mut Ui, stats: &BatchStats) {
    ui.strong("Design metrics")
        .on_hover_text("Is it exciting? Measured over the races' standings (VP claimed)");
    egui::Grid::new("sim_design").striped(true).show(ui, |ui| {
        for heading in ["Metric", "Mean", "95% interval", "Races"] {
            ui.strong(heading);
        }
        ui.end_row();
        for figure in &stats.design {
            let definition = crate::sim::metrics::METRICS
                .iter()
                .find(|m| m.id == figure.id)
                .map_or("", |m| m.definition);
            let typical = crate::sim::metric_ranges::typical(&figure.id).map_or_else(
                String::new,
                |(low, high)| {
                    format!(
                        "\nTypically {low} to {high} ({}).",
                        crate::sim::metric_ranges::MEASURED_ON
                    )
                },
            );
            ui.label(&figure.name)
                .on_hover_text(format!("{definition}{typical}"));
            if let Some(why) = figure.missing() {
                ui.label("—");
                ui.label(why);
            } else {
                ui.strong(format!("{:.3}", figure.mean));
                ui.label(format!("{:.3}–{:.3}", figure.low, figure.high));
            }
            ui.label(figure.races.to_string());
            ui.end_row();
        }
    });
}

/// A row of a sortable table: its name (the first column), the numbers it sorts by (one per
/// further column) and what each of those columns shows.
struct Row {
    name: String,
    values: Vec<f64>,
    cells: Vec<String>,
}

/// A table whose header buttons sort it (again: the other way round).
fn sorted_table(
    ui: &mut Ui,
    table: Table,
    headers: &[&str],
    mut rows: Vec<Row>,
    (column, ascending): (usize, bool),
    commands: &mut Vec<SimCommand>,
) {
    rows.sort_by(|a, b| {
        let order = if column == 0 {
            a.name.cmp(&b.name)
        } else {
            a.values[column - 1].total_cmp(&b.values[column - 1])
        };
        if ascending { order } else { order.reverse() }
    });
    egui::Grid::new(("sim_table", table as usize))
        .striped(true)
        .show(ui, |ui| {
            for (index, name) in headers.iter().enumerate() {
                let arrow = match (column == index, ascending) {
                    (true, true) => " ^",
                    (true, false) => " v",
                    (false, _) => "",
                };
                if ui
                    .button(format!("{name}{arrow}"))
                    .on_hover_text("Sort")
                    .clicked()
                {
                    commands.push(SimCommand::Sort(table, index));
                }
            }
            ui.end_row();
            for row in rows {
                ui.label(row.name);
                for cell in row.cells {
                    ui.label(cell);
                }
                ui.end_row();
            }
        });
}

/// Damage by weapon type, and each car's damage taken and losses, each table sortable.
fn cars_view(
    ui: &mut Ui,
    stats: &BatchStats,
    sorts: [(usize, bool); 3],
    commands: &mut Vec<SimCommand>,
) {
    ScrollArea::vertical().show(ui, |ui| {
        ui.strong("Damage dealt per race, by weapon type");
        let weapons = stats
            .weapons
            .iter()
            .map(|(weapon, damage)| Row {
                name: weapon.clone(),
                values: vec![*damage],
                cells: vec![format!("{damage:.2}")],
            })
            .collect();
        sorted_table(
            ui,
            Table::Weapons,
            &["Weapon type", "Damage per race"],
            weapons,
            sorts[Table::Weapons as usize],
            commands,
        );
        ui.separator();
        ui.strong("Cars");
        let cars = stats
            .cars
            .iter()
            .map(|(car, s)| Row {
                name: car.clone(),
                values: vec![s.races as f64, s.damage_taken, s.lost],
                cells: vec![
                    s.races.to_string(),
                    format!("{:.2}", s.damage_taken),
                    format!("{:.0}%", s.lost * 100.0),
                ],
            })
            .collect();
        sorted_table(
            ui,
            Table::Cars,
            &["Car", "Races", "Damage taken per race", "Lost"],
            cars,
            sorts[Table::Cars as usize],
            commands,
        );
    });
}

/// This batch against the one compared with: each metric in both, the change with its 95%
/// interval, and whether the batches can tell it from noise.
fn compare_view(ui: &mut Ui, comparison: Option<&Comparison>, (other, this): &(String, String)) {
    let Some(c) = comparison else {
        ui.label("Choose what to compare with and Run: the same seeds are played on both, and each figure's change shows here.");
        return;
    };
    let mut rows: Vec<(String, Difference)> = c
        .team_win_rate
        .iter()
        .map(|(team, d)| (format!("win rate of {team}"), *d))
        .collect();
    rows.extend([
        ("first seat win rate".to_owned(), c.first_seat_win_rate),
        ("turns per race".to_owned(), c.turns),
        ("decisions per race".to_owned(), c.decisions),
    ]);
    // Every ending either batch had, a mission's own among them, after the length of the races.
    rows.extend(
        c.endings
            .iter()
            .map(|(end, d)| (end.words().to_owned(), *d)),
    );
    rows.extend([
        ("damage dealt per seat".to_owned(), c.damage_dealt),
        ("eliminations per race".to_owned(), c.eliminations),
        ("collisions per race".to_owned(), c.collisions),
        (
            "crossover collisions per race".to_owned(),
            c.crossover_collisions,
        ),
        ("movement events per race".to_owned(), c.events_drawn),
    ]);
    rows.extend(c.design.iter().map(|(id, d)| {
        let name = crate::sim::metrics::METRICS
            .iter()
            .find(|m| m.id == id)
            .map_or(id.as_str(), |m| m.name);
        (name.to_lowercase(), *d)
    }));
    ScrollArea::vertical().show(ui, |ui| {
        egui::Grid::new("sim_compare").striped(true).show(ui, |ui| {
            for heading in ["Metric", other.as_str(), this.as_str(), "Change (95%)", ""] {
                ui.strong(heading);
            }
            ui.end_row();
            for (name, d) in rows {
                ui.label(name);
                ui.label(format!("{:.3}", d.a));
                ui.label(format!("{:.3}", d.b));
                ui.label(format!("{:+.3} ({:+.3} to {:+.3})", d.diff, d.low, d.high));
                if d.significant() {
                    ui.colored_label(ui.visuals().warn_fg_color, d.verdict());
                } else {
                    ui.weak(d.verdict());
                }
                ui.end_row();
            }
        });
    });
}

/// The notable races, each with a Watch button.
fn notable_view(ui: &mut Ui, notable: &[Notable], commands: &mut Vec<SimCommand>) {
    egui::Grid::new("sim_notable").striped(true).show(ui, |ui| {
        for race in notable {
            ui.label(RichText::new(race.why.replace('-', " ")).strong());
            ui.label(format!("race {} · seed {}", race.index, race.seed));
            let why = race.why.replace('-', " ");
            if ui
                .button(format!("Watch race {} ({why})", race.index))
                .clicked()
            {
                commands.push(SimCommand::Watch(race.index));
            }
            ui.end_row();
        }
    });
}
