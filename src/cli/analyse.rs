//! `roadwright analyse`: the design report of a track or a mission ([`crate::sim::analyse`]):
//! each subject's win rate and skill gap, and what each option (firing, ramming, a card kind,
//! a kind of ground) is worth to it by restricted play.

use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;

use clap::builder::TypedValueParser;

use super::{EXIT_CONTENT_ERRORS, EXIT_OK};
use crate::content::bot_profile::Restriction;
use crate::sim::analyse::{
    DEFAULT_DOMINANT_SHARE, DesignReport, Ground, Plan, analyse, options_of,
};

/// `roadwright analyse`: what to analyse and how many races each arm plays.
#[derive(Debug, clap::Args)]
pub struct AnalyseArgs {
    /// The content pack folder (its bot profiles included).
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// The ruleset's id.
    #[arg(long, default_value = "standard")]
    pub ruleset: String,
    /// The track (or course) raced; the subject is one player, its seat turning round.
    #[arg(long, default_value = "tracks/oval.ron")]
    pub track: PathBuf,
    /// Analyse a mission instead: its subjects are the sides no bot profile always plays, on
    /// its own track and content.
    #[arg(long, conflicts_with_all = ["track", "ruleset", "content"])]
    pub mission: Option<PathBuf>,
    /// Players of each race [default: 4, or the mission's own count].
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=10).map(|n| n as usize))]
    pub players: Option<usize>,
    /// The strong profile (every unrestricted seat), by id or path.
    #[arg(long, default_value = "planner")]
    pub strong: String,
    /// The weak profile of the skill gap, by id or path.
    #[arg(long, default_value = "random")]
    pub weak: String,
    /// Races of each arm (a subject's win rate, each side of its skill gap, each option).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=1_000_000).map(|n| n as usize))]
    pub races: usize,
    /// The seed of every arm.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (0: every core).
    #[arg(long, default_value_t = 0, value_parser = super::parse_threads)]
    pub threads: usize,
    /// An option is dominant when the subject without it wins less than this share of what it
    /// wins with it, beyond noise.
    #[arg(long, default_value_t = DEFAULT_DOMINANT_SHARE)]
    pub dominant: f64,
    /// The options measured, comma separated: `fire`, `ram`, `cards` (every race card kind),
    /// `ground` (every kind of ground the track has but its commonest) [default: all four].
    #[arg(long, value_delimiter = ',', value_parser = ["fire", "ram", "cards", "ground"])]
    pub options: Vec<String>,
    /// Write the report as JSON.
    #[arg(long)]
    pub json: Option<PathBuf>,
}

/// Runs the analysis and prints it.
pub fn analyse_command(
    args: &AnalyseArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    if !(0.0..=1.0).contains(&args.dominant) {
        writeln!(
            err,
            "error: --dominant {} is a share: give 0 to 1",
            args.dominant
        )?;
        return Ok(EXIT_CONTENT_ERRORS);
    }
    let mission = match &args.mission {
        Some(path) => match super::race::load_mission_rules(path, err)? {
            Ok(mission) => Some(mission),
            Err(code) => return Ok(code),
        },
        None => None,
    };
    let (ground, content) = if let Some(mission) = &mission {
        (
            Ground::of_mission(mission, args.players),
            mission.content.clone(),
        )
    } else {
        let loaded =
            match super::race::load_rules(&args.content, &args.track, &args.ruleset, 0, err)? {
                Ok(loaded) => loaded,
                Err(code) => return Ok(code),
            };
        let players = args.players.unwrap_or(4);
        (
            Ground::Track {
                rules: Arc::clone(&loaded.rules),
                players,
            },
            args.content.clone(),
        )
    };
    let profiles = match super::ladder::named_profiles(
        &[args.strong.clone(), args.weak.clone()],
        &content,
        err,
    )? {
        Ok(profiles) => profiles,
        Err(code) => return Ok(code),
    };
    let rules = Arc::clone(ground.rules());
    let plan = Plan {
        strong: profiles[0].clone(),
        weak: profiles[1].clone(),
        races: args.races,
        seed: args.seed,
        options: options_of(&rules)
            .into_iter()
            .filter(|option| {
                let group = match option {
                    Restriction::NoFire => "fire",
                    Restriction::NoRam => "ram",
                    Restriction::NoCard(_) => "cards",
                    Restriction::AvoidGround(_) => "ground",
                };
                args.options.is_empty() || args.options.iter().any(|o| o == group)
            })
            .collect(),
        dominant_share: args.dominant,
    };
    let cancel = super::interrupt::watch_ctrl_c();
    let report = match analyse(&ground, &plan, args.threads, &|_, _| {}, &|| {
        cancel.load(std::sync::atomic::Ordering::Relaxed)
    }) {
        Ok(report) => report,
        Err(error) => {
            writeln!(err, "error: {error}")?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    print_report(&report, out)?;
    if let Some(path) = &args.json {
        let json = serde_json::to_string_pretty(&report).map_err(io::Error::other)?;
        crate::content::save::write_atomic_without_backup(path, json.as_bytes())
            .map_err(|e| io::Error::other(e.to_string()))?;
    }
    Ok(EXIT_OK)
}

/// The report as text: each subject's figures, then its options, most valuable first, each
/// with a bar of its value.
fn print_report(report: &DesignReport, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "design report: {} bots ({} for the skill gap), {} races an arm, seed {}",
        report.strong, report.weak, report.races, report.seed
    )?;
    for subject in &report.subjects {
        writeln!(out)?;
        writeln!(
            out,
            "{}: wins {} (fair {:.1}%)",
            subject.subject,
            subject.win_rate.percent_words(),
            subject.fair
        )?;
        writeln!(
            out,
            "  skill gap {} points: {} against {} seats, {} as {} against {}",
            subject.skill_gap.points_words(),
            subject.strong_against_weak.percent_words(),
            report.weak,
            subject.weak_against_strong.percent_words(),
            report.weak,
            report.strong
        )?;
        writeln!(
            out,
            "  what each option is worth (win rate lost without it, points, 95%):"
        )?;
        let mut options: Vec<_> = subject.options.iter().collect();
        options.sort_by(|a, b| b.value.diff.total_cmp(&a.value.diff));
        for option in options {
            // One # per 2 points lost; a minus: it does better without.
            let bar = "#".repeat((option.value.diff * 50.0).clamp(0.0, 40.0).round() as usize);
            writeln!(
                out,
                "    {:<28} {:<24} wins {:<22} {bar}{}",
                option.words,
                option.value.points_words(),
                option.win_rate.percent_words(),
                if option.dominant { "  DOMINANT" } else { "" }
            )?;
        }
    }
    Ok(())
}
