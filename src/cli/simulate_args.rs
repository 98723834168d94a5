//! The arguments of `roadwright simulate` and `roadwright merge`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::builder::TypedValueParser as _;

use crate::content::bot_profile::BotProfile;
use crate::sim::batch::Shard;
use crate::sim::mission::LoadedMission;

/// `roadwright simulate`: what batch to play and what to write.
#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// The track file, or a course file (the track it builds with `--course-seed`).
    #[arg(long, required_unless_present = "mission")]
    pub track: Option<PathBuf>,
    /// The seed a course given as `--track` is built with (a pile's draw); with
    /// `--course-per-race` or `--courses`, the first course's.
    #[arg(long, default_value_t = 0)]
    pub course_seed: u64,
    /// With a course as `--track`: draw a new course for each race (race `i` on the draw of
    /// course seed `--course-seed` + i) and report the races course by course too.
    #[arg(long, requires = "track", conflicts_with_all = ["courses", "mission", "against", "against_track", "records", "csv", "race_list"])]
    pub course_per_race: bool,
    /// With a course as `--track`: draw N courses (course seeds `--course-seed` to
    /// `--course-seed` + N - 1) and play race `i` on course `i mod N`, reported course by
    /// course.
    #[arg(long, requires = "track", value_parser = clap::value_parser!(u32).range(1..=100_000).map(|n| n as usize),
          conflicts_with_all = ["mission", "against", "against_track", "records", "csv", "race_list"])]
    pub courses: Option<usize>,
    /// A mission file: its track, content, ruleset, sides and objectives (instead of
    /// `--track`, `--content`, `--ruleset` and `--teams`); the report gives win rates by side
    /// and how often each objective was met.
    #[arg(long, conflicts_with_all = ["track", "teams", "content", "ruleset"])]
    pub mission: Option<PathBuf>,
    /// The content pack folder (its bot profiles included).
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// The ruleset's id.
    #[arg(long, default_value = "standard")]
    pub ruleset: String,
    /// Players, 2-10 [default: 4, or every team of the mission's sides].
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=10).map(usize::from))]
    pub players: Option<usize>,
    /// Races to play.
    #[arg(long, default_value_t = 100)]
    pub races: usize,
    /// The batch's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Bot profile ids per seat, comma separated (repeated over the seats).
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// With `--mission`: the bot profile a side is always played by, `SIDE=PROFILE`, comma
    /// separated (over the mission's own; a side not named keeps the mission's, or the seat's
    /// `--bots`).
    #[arg(long, value_delimiter = ',', requires = "mission")]
    pub side_bots: Vec<String>,
    /// Team ids, comma separated, one per player (rotated over the seats race by race).
    #[arg(long, value_delimiter = ',')]
    pub teams: Vec<String>,
    /// Threads (0: every core; at most 1024).
    #[arg(long, default_value_t = 0, value_parser = super::parse_threads)]
    pub threads: usize,
    /// Write the report (statistics, notable races, and the batch's folded figures that
    /// `merge` joins) as JSON.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Also list every race in the `--json` report (memory and output grow with the
    /// races: without it a batch of any size keeps only its folded figures).
    #[arg(long)]
    pub race_list: bool,
    /// Write a CSV row per race and seat (and `NAME-teams.csv` per team); the races are
    /// kept until the end for it.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Write a race record of each notable race (longest, shortest, most eliminations,
    /// each draw) into this folder, for `roadwright replay`.
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Play the same seeds on this content folder too and report each metric's change.
    #[arg(long)]
    pub against: Option<PathBuf>,
    /// Play the same seeds on this track too (with `--against`, on both) and report each
    /// metric's change.
    #[arg(long)]
    pub against_track: Option<PathBuf>,
    /// Play only shard I of N of the batch (`--shard 2/8`); `roadwright merge` joins the
    /// shards' `--json` reports into the whole batch's. `--shard auto` reads I and N from a
    /// SLURM array job's or a Kubernetes Indexed Job's environment (`auto/N`: N given).
    #[arg(long, value_parser = super::parse_shard, default_value = "1/1")]
    pub shard: Shard,
}

impl SimulateArgs {
    /// The track file (a mission's, once resolved).
    pub(super) fn track(&self) -> &Path {
        self.track.as_deref().unwrap_or(Path::new(""))
    }

    /// Players per race.
    pub(super) fn players(&self) -> usize {
        self.players.unwrap_or(4)
    }

    /// These arguments with what a mission fixes filled in: its track, content, ruleset and
    /// seated teams, and its player count unless one was asked for.
    pub(super) fn for_mission(&self, mission: &LoadedMission) -> Result<Self, String> {
        let setup = mission.setup(self.players, self.seed)?;
        Ok(Self {
            track: Some(mission.track.clone()),
            course_seed: 0,
            course_per_race: false,
            courses: None,
            mission: Some(mission.path.clone()),
            content: mission.content.clone(),
            ruleset: mission.mission().ruleset.to_string(),
            players: Some(setup.players.len()),
            teams: setup.players.iter().map(|p| p.team.to_string()).collect(),
            bots: self.bots.clone(),
            side_bots: self.side_bots.clone(),
            races: self.races,
            seed: self.seed,
            threads: self.threads,
            json: self.json.clone(),
            race_list: self.race_list,
            csv: self.csv.clone(),
            records: self.records.clone(),
            against: self.against.clone(),
            against_track: self.against_track.clone(),
            shard: self.shard,
        })
    }

    /// The bot profile of each seat: the `--bots` list repeated over the seats (random by
    /// default); a choice that cannot be met is said on `err` with the exit status to give.
    pub(super) fn seat_bots(&self, err: &mut dyn Write) -> io::Result<Result<Vec<BotProfile>, u8>> {
        super::bot_choice::seat_bots(&self.content, &self.bots, self.players(), err)
    }
}

/// `roadwright merge`: the shards' reports to join.
#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The shards' reports, or folders of them (every `.json` file in a folder).
    #[arg(required = true)]
    pub reports: Vec<PathBuf>,
    /// Write the merged report as JSON here.
    #[arg(short, long)]
    pub out: Option<PathBuf>,
}
