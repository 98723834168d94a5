//! A batch's files, written the same way by `roadwright simulate`, `roadwright merge` and the
//! studio's export: the JSON report (the figures, the fold `merge` joins, what makes the batch
//! this batch, and a digest of what `merge` reads) and the CSVs (a row per race and seat, and
//! a row per team beside it).

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::batch::{BatchIdentity, Notable, RaceSummary, Shard, SpaceCounts};
use super::batch_fold::BatchFold;
use super::compare::Comparison;
use super::stats::BatchStats;
use crate::content::save::{SaveError, write_atomic_without_backup};

/// The largest report `merge` and `render --heat` read: a report without `--race-list` is a few
/// hundred kilobytes, with it about a kilobyte a race. Both read what `simulate` writes.
pub const MOST_REPORT_BYTES: u64 = 512 * 1024 * 1024;

/// The JSON report of a batch (or of one shard of it).
#[derive(Serialize)]
pub struct BatchReport<'a> {
    /// The track's name.
    pub track: String,
    /// Seats at each race.
    pub players: usize,
    /// The batch's seed.
    pub seed: u64,
    /// Races the batch was asked for (all shards).
    pub races_asked: usize,
    /// The slice of the batch played.
    pub shard: Shard,
    /// Whether it was stopped before its end (Ctrl-C).
    pub stopped_early: bool,
    /// What makes the batch this batch (`merge` joins only shards that agree on it).
    pub identity: &'a BatchIdentity,
    /// The statistics.
    pub stats: &'a BatchStats,
    /// Races worth watching (the longest, the shortest, the most damage).
    pub notable: &'a [Notable],
    /// The batch's figures folded race by race: what `merge` joins.
    pub fold: &'a BatchFold,
    /// Every race, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub races: Option<&'a [RaceSummary]>,
    /// The comparison with another version, when one was played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compare: Option<&'a Comparison>,
}

/// The report as written: with the digest of what `merge` reads.
#[derive(Serialize)]
struct Sealed<'a> {
    #[serde(flatten)]
    report: &'a BatchReport<'a>,
    /// SHA-256 of what `merge` reads (the fold, the per-space totals, the races listed): a
    /// report edited by hand no longer matches, and `merge` refuses it.
    digest: String,
}

impl BatchReport<'_> {
    /// Writes the report as JSON (atomically, no backup: a report is made again, not edited).
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let digest = report_digest(self.fold, &self.stats.spaces, self.races)?;
        let sealed = Sealed {
            report: self,
            digest,
        };
        let mut text = serde_json::to_string_pretty(&sealed).map_err(|e| e.to_string())?;
        text.push('\n');
        write_atomic_without_backup(path, text.as_bytes()).map_err(|e| e.to_string())
    }
}

/// The digest of what `merge` reads of a report, over its JSON with keys sorted (so that a
/// report read back gives the same digest).
pub fn report_digest(
    fold: &BatchFold,
    spaces: &std::collections::BTreeMap<String, SpaceCounts>,
    races: Option<&[RaceSummary]>,
) -> Result<String, String> {
    let value = serde_json::to_value((fold, spaces, races)).map_err(|e| e.to_string())?;
    Ok(super::load::sha256(&value.to_string()))
}

/// One row per race and seat at `path`, one row per team at [`teams_csv_path`] beside it.
pub fn write_csv(path: &Path, races: &[RaceSummary], stats: &BatchStats) -> Result<(), SaveError> {
    write_atomic_without_backup(path, super::stats::races_csv(races).as_bytes())?;
    let teams = super::stats::teams_csv(stats);
    write_atomic_without_backup(&teams_csv_path(path), teams.as_bytes())
}

/// The teams CSV written beside `NAME.csv`: `NAME-teams.csv`.
#[must_use]
pub fn teams_csv_path(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!("{stem}-teams.csv"))
}
