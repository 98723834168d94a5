//! `roadwright tune SPEC --out DIR`: automatic tuning of a content pack by a tuning spec
//! ([`crate::sim::tune`]). The pack is never edited: the best candidate is written as a new
//! pack folder (the pack copied, the changed files rewritten), with a report of every change
//! and of each objective before and after, both measured again on fresh seeds.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use indicatif::{ProgressBar, ProgressStyle};

use super::interrupt::watch_ctrl_c;
use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::output_path::check_output_folder;
use crate::content::source::SourceFile;
use crate::content::text::Id;
use crate::content::tuning::{Confirm, DEFAULT_CONFIRM_RACES, DEFAULT_CONFIRM_TOP};
use crate::content::{Document, LoadedDocument};
use crate::sim::tune::Tuning;
use crate::sim::tune::confirm::{Confirmation, Confirmed, bots_in_words, fair_reach};
use crate::sim::tune::run::{
    PACK_FOLDER, Report, RunError, RunProgress, confirm_shard, prepare_output, run, search_only,
};
use crate::validate::{Diagnostic, validate_document};

/// `roadwright tune`: the spec and where the tuned pack goes.
#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// The tuning spec file.
    pub spec: PathBuf,
    /// The folder to write the tuned pack and the report into.
    #[arg(long)]
    pub out: PathBuf,
    /// Threads (0: every core).
    #[arg(long, default_value_t = 0, value_parser = super::parse_threads)]
    pub threads: usize,
    /// Confirm the search's best candidates with these bot profiles, comma-separated (one for
    /// every seat, or one for all): they play the pack as it is and each candidate on seeds of
    /// their own, and the candidate they score best is written. Sets the spec's `confirm`.
    #[arg(long, value_delimiter = ',')]
    pub confirm_bots: Vec<String>,
    /// How many of the search's best candidates are confirmed (3 unless the spec says).
    #[arg(long)]
    pub confirm_top: Option<u8>,
    /// Races each confirmed candidate, and the pack as it is, plays (4000 unless the spec
    /// says).
    #[arg(long)]
    pub confirm_races: Option<u32>,
    /// Only search (resuming), saving the search in the output folder: the confirmation is
    /// then played as shards (`--confirm-shard`), and a last run without either writes the
    /// result from them.
    #[arg(long, conflicts_with = "confirm_shard")]
    pub search_only: bool,
    /// Play only shard I of N of the confirmation of the search saved in the output folder
    /// (`--confirm-shard 2/8`; `auto` reads I and N from a SLURM array job or a Kubernetes
    /// Indexed Job, as `simulate --shard auto` does), written as
    /// `OUT/confirm-shards/shard-I-of-N.json`; the run that writes the result merges them.
    #[arg(long, value_parser = super::parse_shard)]
    pub confirm_shard: Option<crate::sim::batch::Shard>,
}

impl TuneArgs {
    /// The spec's confirmation with the command line's options laid over it; an error when an
    /// option asks to change a confirmation there is none of.
    fn confirm(&self, spec: Option<Confirm>) -> Result<Option<Confirm>, String> {
        let bots: Vec<Id> = self
            .confirm_bots
            .iter()
            .map(|b| Id::from(b.trim()))
            .collect();
        let mut confirm = match (spec, bots.is_empty()) {
            (spec, true) => spec,
            (Some(spec), false) => Some(Confirm { bots, ..spec }),
            (None, false) => Some(Confirm {
                bots,
                top: DEFAULT_CONFIRM_TOP,
                races: DEFAULT_CONFIRM_RACES,
            }),
        };
        match confirm.as_mut() {
            Some(confirm) => {
                confirm.top = self.confirm_top.unwrap_or(confirm.top);
                confirm.races = self.confirm_races.unwrap_or(confirm.races);
            }
            None if self.confirm_top.is_some() || self.confirm_races.is_some() => {
                return Err(
                    "--confirm-top and --confirm-races need --confirm-bots (or a spec with \
                     `confirm`)"
                        .to_owned(),
                );
            }
            None => {}
        }
        Ok(confirm)
    }
}

/// Runs a tuning: checks, searches (resuming from `DIR/tuning-search.json` when it is there),
/// measures the baseline and the best on fresh seeds, writes the new pack and the report.
/// Ctrl-C ends the run within a race: the evaluation under way is dropped and the best so far
/// is written at once, with the figures the search measured on its own seeds.
pub fn tune(args: &TuneArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (spec_path, out_dir, threads) = (args.spec.as_path(), args.out.as_path(), args.threads);
    let tuning = match open_tuning(args, err)? {
        Ok(tuning) => tuning,
        Err(code) => return Ok(code),
    };
    if args.search_only || args.confirm_shard.is_some() {
        return tune_part(args, &tuning, out, err);
    }
    let bar = ProgressBar::hidden();
    // The plan is said before the search starts, not after it.
    let said = std::cell::RefCell::new(&mut *out);
    let failed_say = std::cell::Cell::new(None);
    let progress = |step: RunProgress| match step {
        RunProgress::Started { plan, resumed } => {
            let line = writeln!(
                said.borrow_mut(),
                "{}: {} parameters, {} evaluations of {} races, then {} races each for the \
                 baseline and the best{}",
                tuning.spec.name,
                tuning.dimensions.len(),
                plan.evaluations,
                plan.races_per_evaluation,
                plan.final_races,
                if resumed > 0 {
                    format!(" (resuming: {resumed} evaluations done)")
                } else {
                    String::new()
                }
            );
            if let Err(error) = line {
                failed_say.set(Some(error));
            }
            show_bar(&bar, plan.evaluations);
        }
        RunProgress::Evaluated { done, best_score } => {
            bar.set_position(done as u64);
            bar.set_message(format!("best score {best_score:.2}"));
        }
        RunProgress::Confirming { candidates, races } => {
            bar.finish_and_clear();
            let line = writeln!(
                said.borrow_mut(),
                "confirming the search's best {candidates} candidates and the pack as it is \
                 with {} bots, {races} races each",
                tuning.confirm.as_ref().map_or_else(String::new, |c| {
                    let ids: Vec<String> = c.bots.iter().map(|b| b.id.to_string()).collect();
                    bots_in_words(&ids)
                })
            );
            if let Err(error) = line {
                failed_say.set(Some(error));
            }
        }
        RunProgress::Measuring => bar.finish_and_clear(),
    };
    let never = AtomicBool::new(false);
    let result = run(
        &tuning,
        out_dir,
        threads,
        &|step| {
            progress(step);
        },
        watch_ctrl_c(),
        &never,
    );
    bar.finish_and_clear();
    if let Some(error) = failed_say.into_inner() {
        return Err(error);
    }
    match result {
        Ok(report) => {
            print_report(&report, &tuning, &out_dir.join(PACK_FOLDER), out)?;
            Ok(EXIT_OK)
        }
        Err(error @ RunError::StoppedEmpty) => {
            writeln!(err, "{error}")?;
            Ok(EXIT_OK)
        }
        Err(error @ (RunError::Output(_) | RunError::Write { .. })) => {
            writeln!(err, "{error}")?;
            Ok(EXIT_UNREADABLE)
        }
        Err(error) => {
            writeln!(err, "{}: {error}", spec_path.display())?;
            Ok(EXIT_CONTENT_ERRORS)
        }
    }
}

/// `--search-only` or `--confirm-shard I/N`: one part of a tuning whose confirmation a cluster
/// plays as shards.
fn tune_part(
    args: &TuneArgs,
    tuning: &Tuning,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    let out_dir = args.out.as_path();
    let result = if let Some(shard) = args.confirm_shard {
        confirm_shard(tuning, out_dir, shard, args.threads, watch_ctrl_c()).map(|path| {
            format!(
                "confirmation shard {} of {} written: {}",
                shard.index,
                shard.count,
                path.display()
            )
        })
    } else {
        search_only(tuning, out_dir, args.threads, &|_| {}, watch_ctrl_c()).map(|(search, done)| {
            let plan = tuning.plan();
            if done {
                format!(
                    "search done ({} of {} evaluations{}): play the confirmation with \
                         `--confirm-shard I/N` (or `auto` in an array job), then run without \
                         either to write the result",
                    search.evaluations.len(),
                    plan.evaluations,
                    search
                        .good_enough(tuning)
                        .map_or_else(String::new, |n| format!(", good enough at {n}"))
                )
            } else {
                format!(
                    "search stopped after {} of {} evaluations: run again to resume it",
                    search.evaluations.len(),
                    plan.evaluations
                )
            }
        })
    };
    match result {
        Ok(said) => {
            writeln!(out, "{said}")?;
            Ok(EXIT_OK)
        }
        Err(error @ (RunError::Output(_) | RunError::Write { .. })) => {
            writeln!(err, "{error}")?;
            Ok(EXIT_UNREADABLE)
        }
        Err(error) => {
            writeln!(err, "{}: {error}", args.spec.display())?;
            Ok(EXIT_CONTENT_ERRORS)
        }
    }
}

/// Reads the spec and what it names, and checks the output folder: the tuning, or the exit
/// code of what is wrong (said on `err`).
fn open_tuning(args: &TuneArgs, err: &mut dyn Write) -> io::Result<Result<Tuning, u8>> {
    let (spec_path, out_dir) = (args.spec.as_path(), args.out.as_path());
    let loaded = match SourceFile::read(spec_path).and_then(|source| {
        Document::parse(&source).map(|document| LoadedDocument { source, document })
    }) {
        Ok(loaded) => loaded,
        Err(error) => {
            writeln!(err, "{error}")?;
            return Ok(Err(EXIT_UNREADABLE));
        }
    };
    // Checked exactly as `roadwright validate` checks it: a spec it rejects is never run.
    let errors: Vec<Diagnostic> = validate_document(&loaded)
        .into_iter()
        .filter(Diagnostic::is_error)
        .collect();
    let mut spec = match loaded.document {
        Document::TuningSpec(spec) => spec,
        other => {
            writeln!(
                err,
                "{}: a {} file, not a tuning spec",
                spec_path.display(),
                other.kind()
            )?;
            return Ok(Err(EXIT_UNREADABLE));
        }
    };
    if !errors.is_empty() {
        for error in &errors {
            writeln!(err, "{error}")?;
        }
        writeln!(
            err,
            "{}: the spec has {} errors (`roadwright validate` lists the same); nothing was \
             played",
            spec_path.display(),
            errors.len()
        )?;
        return Ok(Err(EXIT_CONTENT_ERRORS));
    }
    spec.confirm = match args.confirm(spec.confirm.take()) {
        Ok(confirm) => confirm,
        Err(message) => {
            writeln!(err, "{message}")?;
            return Ok(Err(EXIT_UNREADABLE));
        }
    };
    let tuning = match Tuning::prepare(spec_path, spec) {
        Ok(tuning) => tuning,
        Err(error) => {
            writeln!(err, "{}: {error}", spec_path.display())?;
            return Ok(Err(EXIT_CONTENT_ERRORS));
        }
    };
    // The spec and the track are checked here; the pack by `prepare_output`, as for the studio.
    let track = spec_path
        .parent()
        .unwrap_or(Path::new("."))
        .join(tuning.spec.track.as_str());
    let checked = check_output_folder("--out", out_dir, &[spec_path, &track])
        .and_then(|()| prepare_output(&tuning, out_dir).map_err(|e| format!("--out {e}")));
    if let Err(message) = checked {
        writeln!(err, "{message}")?;
        return Ok(Err(EXIT_UNREADABLE));
    }
    Ok(Ok(tuning))
}

/// The evaluations done and every change the result makes.
fn print_changes(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{} evaluations; changes:", report.evaluations)?;
    if report.changes.is_empty() {
        writeln!(out, "  none: the pack as it is scored best")?;
    }
    for change in &report.changes {
        let beyond = change
            .beyond_rulebook
            .as_ref()
            .map_or_else(String::new, |why| format!(" (outside the rulebook: {why})"));
        writeln!(
            out,
            "  {}: {} -> {}{beyond}",
            change.parameter, change.before, change.after
        )?;
    }
    Ok(())
}

fn print_report(
    report: &Report,
    tuning: &Tuning,
    pack: &Path,
    out: &mut dyn Write,
) -> io::Result<()> {
    if report.stopped_early {
        writeln!(
            out,
            "stopped after {} of {} evaluations: the best so far is written{}; run again to \
             resume",
            report.evaluations,
            report.plan.evaluations,
            if report.fresh_seeds {
                ""
            } else {
                ", with the search's figures on the seeds it was picked on (they flatter it)"
            }
        )?;
    }
    if let Some(met) = report.good_enough {
        writeln!(
            out,
            "good enough: evaluation {met} of {} met every objective on its races, and the \
             search stopped there",
            report.plan.evaluations
        )?;
    }
    print_changes(report, out)?;
    writeln!(out, "objectives on {} (before -> after):", report.seeds())?;
    for (before, after) in report.before.iter().zip(&report.after) {
        writeln!(
            out,
            "  {:<32} {:>8.2} ({}) -> {:>8.2} ({})  (shortfall {:.2} -> {:.2})",
            before.name,
            before.value,
            before.verdict_words(),
            after.value,
            after.verdict_words(),
            before.shortfall,
            after.shortfall
        )?;
    }
    writeln!(
        out,
        "win rates on {}, % (95%), before -> after:",
        report.seeds()
    )?;
    for (team, before) in &report.teams_before {
        let change = report.team_changes.get(team).map_or_else(String::new, |d| {
            format!("  {:+.1} points, {}", d.diff * 100.0, d.verdict())
        });
        rate_line(out, team, *before, report.teams_after.get(team), &change)?;
    }
    let players = tuning.spec.players;
    writeln!(
        out,
        "  the farthest end of a team's 95% interval from the fair {:.1}%: {:.2} -> {:.2} points",
        100.0 / f64::from(players.max(1)),
        fair_reach(&report.teams_before, players),
        fair_reach(&report.teams_after, players)
    )?;
    if !report.sides_before.is_empty() {
        writeln!(out, "the mission's sides, % (95%), before -> after:")?;
    }
    for (side, before) in &report.sides_before {
        rate_line(out, side, *before, report.sides_after.get(side), "")?;
    }
    if let Some(confirmation) = &report.confirmation {
        print_confirmation(confirmation, out)?;
    }
    writeln!(
        out,
        "score on {} {:.2} -> {:.2}; the tuned pack is {}",
        report.seeds(),
        report.score_before,
        report.score_after,
        pack.display()
    )?;
    if let Some(mission) = &report.mission_file {
        writeln!(
            out,
            "the tuned mission is {} (it plays the tuned pack beside it; its briefing is as \
             written: read it again for the numbers it names)",
            mission.display()
        )?;
    }
    if !report.improved() && report.fresh_seeds {
        // The search's best was best on its own seeds only: say so rather than sell it.
        writeln!(out, "on fresh seeds {}", report.no_better_words())?;
    }
    Ok(())
}

/// The stronger bots' verdict: each candidate's score and reach from the fair share, the one
/// chosen, and each team's win rate under them; for a spec aiming at the fair share, whether
/// every team's 95% interval lies within 3 points of it.
fn print_confirmation(confirmation: &Confirmation, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "confirmed by {} bots on seeds of their own, {} races each ({}):",
        confirmation.bots_in_words(),
        confirmation.races,
        confirmation.cost.words()
    )?;
    let row = |out: &mut dyn Write, name: &str, c: &Confirmed, mark: &str| {
        writeln!(
            out,
            "  {name:<32} score {:>8.2}, farthest 95% end from the fair {:.1}%: {:.2} \
             points{mark}",
            c.score, c.fair, c.fair_reach
        )
    };
    row(out, "the pack as it is", &confirmation.baseline, "")?;
    for (i, candidate) in confirmation.candidates.iter().enumerate() {
        let name = format!("candidate {}", candidate.label());
        let mark = if i == confirmation.chosen {
            "  <- chosen"
        } else {
            ""
        };
        row(out, &name, candidate, mark)?;
    }
    let Some(chosen) = confirmation.chosen() else {
        return Ok(());
    };
    if chosen.rank != 1 {
        writeln!(
            out,
            "  the stronger bots chose candidate {} over the search's best; its changes:",
            chosen.rank
        )?;
        for change in &chosen.changes {
            writeln!(
                out,
                "    {}: {} -> {}",
                change.parameter, change.before, change.after
            )?;
        }
    }
    writeln!(
        out,
        "  win rates under {} bots, % (95%), as it is -> chosen:",
        confirmation.bots_in_words()
    )?;
    for (team, before) in &confirmation.baseline.teams {
        rate_line(out, team, *before, chosen.teams.get(team), "")?;
    }
    for (side, before) in &confirmation.baseline.sides {
        rate_line(out, side, *before, chosen.sides.get(side), "")?;
    }
    if !confirmation.aims_at_fair_share {
        return Ok(());
    }
    let who = if confirmation.by_sides() {
        "side"
    } else {
        "team"
    };
    let verdict = if chosen.fair() {
        format!("every {who}'s 95% interval lies within 3 points of its fair share")
    } else {
        format!(
            "some {who}'s 95% interval reaches more than 3 points from its fair share: the \
             tuned pack is not shown fair for these bots"
        )
    };
    writeln!(
        out,
        "  under {} bots {verdict}",
        confirmation.bots_in_words()
    )
}

/// Shows `bar` on stderr (evaluations done, best score) when stderr is a terminal.
fn show_bar(bar: &ProgressBar, evaluations: usize) {
    if !io::stderr().is_terminal() {
        return;
    }
    bar.set_length(evaluations as u64);
    bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} evaluations, {msg}, ETA {eta}")
    {
        bar.set_style(style);
    }
}

/// One team's or side's win rate before and after, with its 95% intervals and `change`.
fn rate_line(
    out: &mut dyn Write,
    name: &str,
    before: crate::sim::stats::Interval,
    after: Option<&crate::sim::stats::Interval>,
    change: &str,
) -> io::Result<()> {
    let after = after.copied().unwrap_or(before);
    writeln!(
        out,
        "  {name:<20} {:>5.1} ({:.1}-{:.1}) -> {:>5.1} ({:.1}-{:.1}){change}",
        before.rate * 100.0,
        before.low * 100.0,
        before.high * 100.0,
        after.rate * 100.0,
        after.low * 100.0,
        after.high * 100.0
    )
}
