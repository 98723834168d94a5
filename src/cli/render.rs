//! `roadwright render`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::Document;
use crate::content::track::SpaceRef;
use crate::content::track::Track;
use crate::render::legend::Legend;
use crate::render::{Heat, render_heat, render_track, save_png};
use crate::sim::load::track_hash;
use crate::sim::report::MOST_REPORT_BYTES;

/// The metrics a heat map can show, as `simulate` names them per space.
pub const HEAT_METRICS: [&str; 16] = crate::sim::batch::SpaceCounts::METRICS;

/// The parts of a `simulate --json` report a heat map reads: the track it was played on and the
/// per-space figures. The rest (a `--race-list` report's races) is skipped as it streams past.
#[derive(serde::Deserialize)]
struct HeatReport {
    identity: HeatIdentity,
    stats: HeatStats,
}

#[derive(serde::Deserialize)]
struct HeatIdentity {
    track: String,
    track_hash: String,
}

#[derive(serde::Deserialize)]
struct HeatStats {
    spaces: std::collections::BTreeMap<String, std::collections::BTreeMap<String, f64>>,
}

/// Reads a metric per space from a `simulate --json` report (`stats.spaces`) made on `track`:
/// a report of another track is refused (spaces matched by name would paint another track's
/// figures). Reports up to the size `simulate` writes are read, streamed.
fn read_heat(path: &Path, metric: &str, track: &Track) -> Result<Heat, (u8, String)> {
    let at = path.display();
    let unreadable = |message: String| (EXIT_UNREADABLE, message);
    let meta = std::fs::metadata(path).map_err(|e| unreadable(format!("{at}: {e}")))?;
    if !meta.is_file() {
        return Err(unreadable(format!("{at}: not a regular file")));
    }
    if meta.len() > MOST_REPORT_BYTES {
        return Err(unreadable(format!(
            "{at}: {} bytes, over the {MOST_REPORT_BYTES} a results file may have",
            meta.len()
        )));
    }
    let file = std::fs::File::open(path).map_err(|e| unreadable(format!("{at}: {e}")))?;
    let report: HeatReport =
        serde_json::from_reader(std::io::BufReader::new(file)).map_err(|e| {
            unreadable(format!(
                "{at}: {e}; give the JSON that `roadwright simulate --json` writes (its `identity` \
             and `stats.spaces`)"
            ))
        })?;
    if report.identity.track_hash != track_hash(track) {
        return Err((
            EXIT_CONTENT_ERRORS,
            format!(
                "{at}: its races were played on another track (`{}`, or another version of it): \
             the heat map would paint them on the wrong spaces",
                report.identity.track
            ),
        ));
    }
    let mut values = std::collections::BTreeMap::new();
    for (at_space, counts) in &report.stats.spaces {
        let Ok(space) = at_space.parse::<SpaceRef>() else {
            return Err(unreadable(format!("{at}: `{at_space}` is not a space")));
        };
        if let Some(v) = counts.get(metric) {
            values.insert(space, *v);
        }
    }
    Ok(Heat {
        metric: metric.replace('_', " "),
        values,
    })
}

/// `roadwright render`: the track, the picture and its heat map.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// The track file.
    pub track: PathBuf,
    /// The PNG to write.
    #[arg(short, long)]
    pub out: PathBuf,
    /// The picture's width in pixels (200-8192).
    #[arg(long, default_value_t = 1600, value_parser = clap::value_parser!(u32).range(200..=8192))]
    pub width: u32,
    /// Colour the spaces by a metric of this `simulate --json` report (a heat map).
    #[arg(long)]
    pub heat: Option<PathBuf>,
    /// The heat map's metric: `damage`, `eliminations`, `ends`, `collisions`, `passes`,
    /// `crossover_collisions`, `displacements`, `ground_damage`, `ground_eliminations` (what
    /// the pack's kinds of ground did there), `hazards_revealed`, or the damage there by cause:
    /// `enemy_fire_damage`, `own_fire_damage`, `collision_damage`, `own_collision_damage`,
    /// `hazard_damage`, `event_damage`.
    #[arg(long, default_value = "damage")]
    pub metric: String,
    /// The content folder whose terrain file says how the kinds of ground are coloured
    /// (without it, the rulebook's four).
    #[arg(long)]
    pub content: Option<PathBuf>,
}

/// How the kinds of ground of the pack in `content` are drawn (`None`: the rulebook's four),
/// or why not, with the exit status to give: the folder cannot be read, or its terrain file
/// has errors (a picture drawn from a terrain file `validate` refuses would show kinds the
/// races cannot use). What `render` and `print` take `--content` for.
pub(super) fn legend_of(content: Option<&Path>) -> Result<Legend, (u8, String)> {
    let Some(folder) = content else {
        return Ok(Legend::standard());
    };
    let pack = crate::content::RawPack::load(folder)
        .map_err(|error| (super::EXIT_UNREADABLE, error.to_string()))?;
    if !pack.errors.is_empty() {
        // A file that could not be read may be the terrain file: drawing with the rulebook's
        // colours instead would show a legend the pack does not have.
        let text: Vec<String> = pack.errors.iter().map(ToString::to_string).collect();
        return Err((
            super::EXIT_UNREADABLE,
            format!(
                "{}\nerror: {} has files that cannot be read; nothing was drawn",
                text.join("\n"),
                folder.display()
            ),
        ));
    }
    if let Err(found) = crate::validate::open::checked_pack_terrain(&pack) {
        let text: Vec<String> = found.iter().map(ToString::to_string).collect();
        return Err((
            super::EXIT_CONTENT_ERRORS,
            format!(
                "{}\nerror: the terrain file of {} has errors; nothing was drawn",
                text.join("\n"),
                folder.display()
            ),
        ));
    }
    Ok(Legend::of_pack(&pack))
}

/// Draws a track file to a PNG, as a heat map when `--heat` names a simulation report.
pub fn render(args: &RenderArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (track_path, out_path, width) = (args.track.as_path(), args.out.as_path(), args.width);
    let heat = args.heat.as_deref().map(|h| (h, args.metric.as_str()));
    let inputs: Vec<&Path> = std::iter::once(track_path)
        .chain(heat.map(|(results, _)| results))
        .chain(args.content.as_deref())
        .collect();
    if let Err(e) = crate::content::output_path::check_outputs(&[("-o", out_path)], &inputs) {
        writeln!(err, "error: {e}")?;
        return Ok(EXIT_UNREADABLE);
    }
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
    let heat = match heat {
        Some((_, metric)) if !HEAT_METRICS.contains(&metric) => {
            writeln!(
                err,
                "error: no metric `{metric}`; the metrics are {}",
                HEAT_METRICS.join(", ")
            )?;
            return Ok(EXIT_UNREADABLE);
        }
        Some((path, metric)) => match read_heat(path, metric, track) {
            Ok(heat) => Some(heat),
            Err((code, e)) => {
                writeln!(err, "error: {e}")?;
                return Ok(code);
            }
        },
        None => None,
    };
    let drawn = match &heat {
        Some(heat) => render_heat(track, width, heat),
        None => match legend_of(args.content.as_deref()) {
            Ok(legend) => render_track(track, &legend, width),
            Err((code, error)) => {
                writeln!(err, "{error}")?;
                return Ok(code);
            }
        },
    };
    let image = match drawn {
        Ok(image) => image,
        Err(error) => {
            writeln!(err, "{}: {error}", track_path.display())?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    // A picture that cannot be written is an output problem (exit 2), as for every command.
    if let Err(error) = save_png(&image, out_path) {
        writeln!(err, "{}: {error}", out_path.display())?;
        return Ok(EXIT_UNREADABLE);
    }
    writeln!(
        out,
        "wrote {} ({}×{})",
        out_path.display(),
        image.width(),
        image.height()
    )?;
    Ok(EXIT_OK)
}
