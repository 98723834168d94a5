//! How the batch commands print a batch's figures (`simulate`, `merge`, a course batch) and
//! their progress.

use std::io::{self, IsTerminal, Write};

use indicatif::{ProgressBar, ProgressStyle};

use crate::sim::batch::Notable;
use crate::sim::harm::{Cause, HarmFigures, HarmStats};
use crate::sim::stats::BatchStats;

/// A progress bar on stderr (done/total, races per second, ETA), hidden when stderr is not a
/// terminal.
pub(super) fn progress_bar(races: usize) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(races as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} races, {per_sec}, ETA {eta}")
    {
        bar.set_style(style);
    }
    bar
}

/// A mission batch's figures: each side's win rate, each objective's, the turn limit's share.
fn print_mission(mission: &crate::sim::stats::MissionStats, out: &mut dyn Write) -> io::Result<()> {
    let pct = |x: f64| x * 100.0;
    writeln!(out, "{:<20} {:>6} {:>17}", "side", "races", "win % (95%)")?;
    for (side, s) in &mission.sides {
        writeln!(
            out,
            "{:<20} {:>6} {:>5.1} ({:>4.1}-{:>4.1})",
            side,
            s.races,
            pct(s.win_rate.rate),
            pct(s.win_rate.low),
            pct(s.win_rate.high)
        )?;
    }
    writeln!(
        out,
        "{:<20} {:>6} {:>5.1} ({:>4.1}-{:>4.1})",
        "(drawn)",
        mission.sides.values().map(|s| s.races).max().unwrap_or(0),
        pct(mission.drawn.rate),
        pct(mission.drawn.low),
        pct(mission.drawn.high)
    )?;
    for (objective, o) in &mission.objectives {
        let by: Vec<String> = o
            .by_side
            .iter()
            .map(|(side, n)| format!("{side} {n}"))
            .collect();
        writeln!(
            out,
            "objective {:<18} met {:>5.1}% ({:.1}-{:.1}){}",
            objective,
            pct(o.met.rate),
            pct(o.met.low),
            pct(o.met.high),
            if by.is_empty() {
                String::new()
            } else {
                format!(": {}", by.join(", "))
            }
        )?;
    }
    writeln!(
        out,
        "ended by the turn limit {:.1}% ({:.1}-{:.1}); turns to victory: mean {:.1}",
        pct(mission.ended_by_turn_limit.rate),
        pct(mission.ended_by_turn_limit.low),
        pct(mission.ended_by_turn_limit.high),
        mission.turns_to_victory
    )
}

/// How cars were hurt and lost: damage and cars lost per race by cause, for each side (each
/// team without a mission) and each car the mission names, and the attacks on one's own side.
fn print_harm(harm: &HarmStats, mission: bool, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "how cars were hurt, per race: damage by cause / cars lost by cause ({})",
        Cause::ALL
            .iter()
            .map(|c| c.words())
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    let row = |what: &str, name: &str, f: &HarmFigures, out: &mut dyn Write| {
        let figures = |lost: bool| {
            Cause::ALL
                .iter()
                .map(|c| format!("{:.2}", f.per_race(*c, lost)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        writeln!(
            out,
            "  {what} {name:<20} damage {} / lost {}; own side {:.0}% of damage, {:.0}% of cars lost",
            figures(false),
            figures(true),
            f.own_side_damage_share * 100.0,
            f.own_side_loss_share * 100.0
        )
    };
    let group = if mission { "side" } else { "team" };
    for (name, f) in &harm.sides {
        row(group, name, f, out)?;
    }
    for (name, f) in &harm.named_cars {
        row("car ", name, f, out)?;
    }
    writeln!(
        out,
        "attacks on one's own side per 1,000 races: {:.0} of {:.0} shots, {:.0} of {:.0} collisions",
        harm.own_side_shots_per_1000,
        harm.shots_per_1000,
        harm.own_side_collisions_per_1000,
        harm.collisions_per_1000
    )
}

/// A batch's statistics as the command prints them: win rates, race length, endings, VP,
/// damage, a mission's figures, harm by cause, and the notable races.
pub(super) fn print_stats(
    stats: &BatchStats,
    notable: &[Notable],
    out: &mut dyn Write,
) -> io::Result<()> {
    let pct = |x: f64| x * 100.0;
    writeln!(out, "{} races", stats.races)?;
    writeln!(
        out,
        "{:<20} {:>6} {:>17} {:>7} {:>7} {:>8} {:>8} {:>6}",
        "team", "races", "win % (95%)", "fin VP", "kill VP", "dealt", "taken", "lost"
    )?;
    for (team, t) in &stats.teams {
        writeln!(
            out,
            "{:<20} {:>6} {:>5.1} ({:>4.1}-{:>4.1}) {:>7.2} {:>7.2} {:>8.2} {:>8.2} {:>6.2}",
            team,
            t.races,
            pct(t.win_rate.rate),
            pct(t.win_rate.low),
            pct(t.win_rate.high),
            t.finish_vp,
            t.kill_vp,
            t.damage_dealt,
            t.damage_taken,
            t.cars_lost
        )?;
    }
    for (bot, i) in &stats.bots {
        writeln!(
            out,
            "bot {bot:<16} win {:>5.1}% ({:.1}-{:.1})",
            pct(i.rate),
            pct(i.low),
            pct(i.high)
        )?;
    }
    for (seat, i) in stats.seats.iter().enumerate() {
        writeln!(
            out,
            "seat {:>2}: win {:>5.1}% ({:.1}-{:.1})",
            seat + 1,
            pct(i.rate),
            pct(i.low),
            pct(i.high)
        )?;
    }
    if let Some(mission) = &stats.mission {
        print_mission(mission, out)?;
    }
    print_harm(&stats.harm, stats.mission.is_some(), out)?;
    writeln!(
        out,
        "first seat advantage {:+.1} points; turns: mean {:.1}, median {}, p10 {}, p90 {}; \
         decisions: mean {:.0}",
        pct(stats.first_seat_advantage),
        stats.turns.mean,
        stats.turns.median,
        stats.turns.p10,
        stats.turns.p90,
        stats.decisions.mean
    )?;
    let endings: Vec<String> = stats
        .endings
        .iter()
        .map(|(end, count)| format!("{end} {count}"))
        .collect();
    writeln!(
        out,
        "endings: {}; movement events drawn per race {:.1}",
        endings.join(", "),
        stats.events_drawn
    )?;
    writeln!(
        out,
        "design metrics (mean, 95% interval; docs/simulation-and-tuning.md defines each):"
    )?;
    for metric in &stats.design {
        if let Some(why) = metric.missing() {
            writeln!(out, "  {:<32} {:>8} ({why})", metric.name, "—")?;
            continue;
        }
        writeln!(
            out,
            "  {:<32} {:>8.3} ({:.3}-{:.3}) over {} races",
            metric.name, metric.mean, metric.low, metric.high, metric.races
        )?;
    }
    for n in notable {
        writeln!(
            out,
            "notable: {} — race {} (seed {})",
            n.why, n.index, n.seed
        )?;
    }
    Ok(())
}
