//! `roadwright render`.

use std::io::{self, Write};
use std::path::Path;

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::Document;
use crate::content::track::SpaceRef;
use crate::render::{Heat, render_heat, render_track, save_png};

/// The metrics a heat map can show, as `simulate` names them per space.
pub const HEAT_METRICS: [&str; 7] = crate::sim::batch::SpaceCounts::METRICS;

/// Reads a metric per space from a `simulate --json` report (`stats.spaces`).
/// The largest results file `render --heat` reads: a report's per-space figures are a few
/// hundred bytes a space, so this is room for a track far larger than any board.
const MOST_HEAT_BYTES: u64 = 64 * 1024 * 1024;

fn read_heat(path: &Path, metric: &str) -> Result<Heat, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{}: not a regular file", path.display()));
    }
    if meta.len() > MOST_HEAT_BYTES {
        return Err(format!(
            "{}: {} bytes, over the {MOST_HEAT_BYTES} a results file may have",
            path.display(),
            meta.len()
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let report: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let spaces = report
        .pointer("/stats/spaces")
        .and_then(serde_json::Value::as_object)
        .ok_or_else(|| {
            format!(
                "{}: no `stats.spaces`; give the JSON that `roadwright simulate --json` writes",
                path.display()
            )
        })?;
    let mut values = std::collections::BTreeMap::new();
    for (at, counts) in spaces {
        let Ok(space) = at.parse::<SpaceRef>() else {
            return Err(format!("{}: `{at}` is not a space", path.display()));
        };
        if let Some(v) = counts.get(metric).and_then(serde_json::Value::as_f64) {
            values.insert(space, v);
        }
    }
    Ok(Heat {
        metric: metric.replace('_', " "),
        values,
    })
}

/// Draws a track file to a PNG, as a heat map when `heat` names a simulation report and a
/// metric.
pub fn render(
    track_path: &Path,
    out_path: &Path,
    width: u32,
    heat: Option<(&Path, &str)>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    let inputs: Vec<&Path> = std::iter::once(track_path)
        .chain(heat.map(|(results, _)| results))
        .collect();
    if let Err(e) = crate::content::output_path::check_outputs(&[("-o", out_path)], &inputs) {
        writeln!(err, "error: {e}")?;
        return Ok(EXIT_UNREADABLE);
    }
    let heat = match heat {
        Some((_, metric)) if !HEAT_METRICS.contains(&metric) => {
            writeln!(
                err,
                "error: no metric `{metric}`; the metrics are {}",
                HEAT_METRICS.join(", ")
            )?;
            return Ok(EXIT_UNREADABLE);
        }
        Some((path, metric)) => match read_heat(path, metric) {
            Ok(heat) => Some(heat),
            Err(e) => {
                writeln!(err, "error: {e}")?;
                return Ok(EXIT_UNREADABLE);
            }
        },
        None => None,
    };
    let loaded = match Document::load(track_path) {
        Ok(loaded) => loaded,
        Err(error) => {
            writeln!(err, "{error}")?;
            return Ok(EXIT_UNREADABLE);
        }
    };
    let Document::Track(track) = &loaded.document else {
        writeln!(
            err,
            "{}: is a {} file, not a track",
            track_path.display(),
            loaded.document.kind()
        )?;
        return Ok(EXIT_CONTENT_ERRORS);
    };
    let drawn = match &heat {
        Some(heat) => render_heat(track, width, heat),
        None => render_track(track, width),
    };
    match drawn.and_then(|image| save_png(&image, out_path).map(|()| image)) {
        Ok(image) => {
            writeln!(
                out,
                "wrote {} ({}×{})",
                out_path.display(),
                image.width(),
                image.height()
            )?;
            Ok(EXIT_OK)
        }
        Err(error) => {
            writeln!(err, "{}: {error}", out_path.display())?;
            Ok(EXIT_CONTENT_ERRORS)
        }
    }
}
