//! The simulation screen: a batch of bot races on the content as edited, played in the
//! background with a progress bar and Cancel, its statistics updating while it runs: win rates
//! per team and seat with their 95% intervals, race length, how races end, VP by source, damage
//! by team, car and weapon, a heat map on the track, and the notable races to watch.
//!
//! The screen draws [`BatchStats`] (folded from the races by [`crate::sim::stats`]) and turns
//! clicks into [`SimCommand`]s; the races are played by [`worker::BatchRun`]. This file holds
//! the screen's state and what it does with a command; `panels.rs` draws the form, the run
//! controls, the tabs and the heat map, `tables.rs` the tabs' tables and charts,
//! `mission_view.rs` and `harm_view.rs` the mission's and the losses' tabs, `launch.rs` what a
//! batch is started from, and `screen.rs` the screen's place in the studio.

mod harm_view;
pub mod launch;
mod mission_view;
mod panels;
pub use launch::TunedComparison;
mod screen;
mod tables;
mod worker;

use super::canvas::TrackCanvas;
use super::workspace::{DocumentId, Workspace};
use crate::content::track::Track;
use crate::sim::LoadedRace;
use crate::sim::batch::{BatchSpec, RaceSummary, notable_of};
use crate::sim::batch_fold::BatchFold;
use crate::sim::compare::{Comparison, compare_folds};
use crate::sim::stats::BatchStats;
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
    /// The documents as they were when the results shown were started: an edit since makes
    /// them out of date.
    results_content: Option<Vec<crate::content::Document>>,
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
    /// mission shown if one is, the standard ruleset, four players, the planner bot, 200
    /// races, seed 1.
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
                mission: workspace.mission_shown(shown),
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
            results_content: None,
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
        // The heat map draws the track in the kinds of ground the batch is played on.
        self.canvas.grounds = crate::gui::canvas::Grounds::played_on(loaded.rules.track.terrain());
        // Set by the form's Run, which knows the documents played.
        self.results_content = None;
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

    /// Whether the documents were edited since the results shown were started (their figures
    /// are of the content as it was).
    #[must_use]
    pub fn results_out_of_date(&self, workspace: &Workspace) -> bool {
        self.results_content.as_ref().is_some_and(|then| {
            then.len() != workspace.documents.len()
                || then
                    .iter()
                    .zip(&workspace.documents)
                    .any(|(then, now)| *then != now.document)
        })
    }

    /// What the results shown are of, when the form no longer says it (it was changed since
    /// they were started, or they were not started from it).
    #[must_use]
    pub fn results_differ_from_form(&self) -> Option<&str> {
        let of = self.results_of.as_deref()?;
        (self.results_form.as_ref() != Some(&self.form)).then_some(of)
    }
}
