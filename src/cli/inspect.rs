//! `roadwright inspect`.

use std::io::{self, Write};
use std::path::PathBuf;

use super::{EXIT_OK, EXIT_UNREADABLE};
use crate::content::summary::ContentSummary;
use crate::content::track_summary::TrackSummary;
use crate::content::{Document, RawPack};

/// `roadwright inspect`: what to summarise, and how.
#[derive(Debug, clap::Args)]
pub struct InspectArgs {
    /// A content pack folder or a content file.
    pub path: PathBuf,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Prints a summary of a pack folder or a single content file.
pub fn inspect(args: &InspectArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (path, json) = (args.path.as_path(), args.json);
    let opened = RawPack::open(path);
    for error in &opened.errors {
        writeln!(err, "{error}")?;
    }
    if opened.files.is_empty() && !opened.errors.is_empty() {
        return Ok(EXIT_UNREADABLE);
    }
    let kind = match (opened.is_folder, opened.files.first()) {
        (false, Some(loaded)) => {
            if let Document::Track(track) = &loaded.document {
                return print_track(&TrackSummary::of(track), json, out);
            }
            loaded.document.kind().slug()
        }
        _ => "pack",
    };
    let summary = ContentSummary::of(
        kind,
        opened.files.iter().map(|loaded| &loaded.document),
        opened.errors.len(),
    );
    if json {
        super::write_json(out, &summary)?;
    } else {
        print_text(&summary, out)?;
    }
    Ok(if summary.unreadable_files > 0 {
        EXIT_UNREADABLE
    } else {
        EXIT_OK
    })
}

fn print_text(summary: &ContentSummary, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{} ({} file(s))", summary.kind, summary.files)?;
    writeln!(
        out,
        "race cards {}, movement events {}, combat events {}, teams {}, cars {}",
        summary.race_cards,
        summary.movement_events,
        summary.combat_events,
        summary.teams,
        summary.cars
    )?;
    if !summary.race_cards_by_movement.is_empty() {
        writeln!(out, "race cards by movement type:")?;
        for (movement, count) in &summary.race_cards_by_movement {
            writeln!(out, "  {movement:<24} {count:>3}")?;
        }
        let speeds: Vec<String> = summary
            .race_cards_by_speed
            .iter()
            .map(|(speed, count)| format!("{speed:+}: {count}"))
            .collect();
        writeln!(out, "race cards by speed: {}", speeds.join(", "))?;
        writeln!(
            out,
            "race cards with a movement event: {}",
            summary.race_cards_with_movement_event
        )?;
    }
    if !summary.movement_events_by_kind.is_empty() {
        writeln!(
            out,
            "movement events: {} kinds",
            summary.movement_events_by_kind.len()
        )?;
    }
    if !summary.expected_weapon_damage.is_empty() {
        writeln!(
            out,
            "expected damage per attack      def 1  def 2  def 3 | with targeting bonus"
        )?;
        for (weapon, odds) in &summary.expected_weapon_damage {
            writeln!(
                out,
                "  {weapon:<28} {:>5.2}  {:>5.2}  {:>5.2} | {:>5.2}  {:>5.2}  {:>5.2}",
                odds.plain[0],
                odds.plain[1],
                odds.plain[2],
                odds.with_bonus[0],
                odds.with_bonus[1],
                odds.with_bonus[2]
            )?;
        }
    }
    if let Some(collision) = &summary.expected_collision_damage {
        writeln!(
            out,
            "expected collision damage: target {:.2}, active car {:.2}",
            collision.target, collision.active
        )?;
    }
    if !summary.rulesets.is_empty() {
        writeln!(out, "rulesets: {}", summary.rulesets.join(", "))?;
    }
    Ok(())
}

fn print_track(summary: &TrackSummary, json: bool, out: &mut dyn Write) -> io::Result<u8> {
    if json {
        super::write_json(out, summary)?;
        return Ok(EXIT_OK);
    }
    writeln!(out, "{} ({})", summary.name, summary.id)?;
    writeln!(
        out,
        "{} spaces in {} sectors (+{} starting), {}-{} lanes",
        summary.spaces,
        summary.sectors,
        summary.start_sectors,
        summary.lanes_min,
        summary.lanes_max
    )?;
    writeln!(
        out,
        "converging {}, diverging {}, single-lane sectors {}",
        summary.converging, summary.diverging, summary.single_lane_sectors
    )?;
    writeln!(
        out,
        "rough {}, jump {}, trough {}, crossover {}",
        summary.rough_spaces, summary.jump_spaces, summary.trough_spaces, summary.crossover_spaces
    )?;
    writeln!(
        out,
        "grid positions {}, chute {}, {}",
        summary.grid_positions,
        if summary.chute { "yes" } else { "no" },
        summary.route
    )?;
    Ok(EXIT_OK)
}
