//! `roadwright inspect`.

use std::io::{self, Write};
use std::path::Path;

use super::{EXIT_OK, EXIT_UNREADABLE};
use crate::content::summary::ContentSummary;
use crate::content::{Document, RawPack};

/// Prints a summary of a pack folder or a single content file.
pub fn inspect(
    path: &Path,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    let loaded = if path.is_dir() {
        RawPack::load(path).map(|pack| {
            for error in &pack.errors {
                let _ = writeln!(err, "{error}");
            }
            ContentSummary::of(
                "pack",
                pack.files.iter().map(|loaded| &loaded.document),
                pack.errors.len(),
            )
        })
    } else {
        Document::load(path)
            .map(|loaded| ContentSummary::of(loaded.document.kind().slug(), [&loaded.document], 0))
    };
    let summary = match loaded {
        Ok(summary) => summary,
        Err(error) => {
            writeln!(err, "{error}")?;
            return Ok(EXIT_UNREADABLE);
        }
    };
    if json {
        serde_json::to_writer_pretty(&mut *out, &summary).map_err(io::Error::other)?;
        writeln!(out)?;
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
