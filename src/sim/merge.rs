//! Joining the reports of a batch's shards into the whole batch's (`roadwright merge`): each
//! report read with a bound on its size, checked against its digest and against the others
//! (every shard of one batch, each once, none stopped early), and their folded figures joined
//! exactly. The command line and the studio ask this; neither checks a shard itself.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::batch::{
    BatchIdentity, Notable, RaceSummary, Shard, SpaceCounts, notable_of, race_seed,
};
use super::batch_fold::BatchFold;
use super::report::{BatchReport, MOST_REPORT_BYTES, report_digest};
use super::stats::BatchStats;

/// Why shards' reports could not be merged.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MergeError {
    /// A path named no report (a folder without one, a folder that cannot be listed).
    #[error("error: {0}")]
    NoReports(String),
    /// A report could not be read or is not a report.
    #[error("{}: error[parse]: {why}", path.display())]
    Unreadable {
        /// The report.
        path: PathBuf,
        /// Why.
        why: String,
    },
    /// The reports are not every shard of one batch (the reason says which and why).
    #[error("error: {0}")]
    NotOneBatch(String),
    /// A report's numbers overflow when added to the others'.
    #[error("{}: error: its numbers overflow when added to the others'", .0.display())]
    Overflow(PathBuf),
}

/// The whole batch, joined from its shards' reports.
#[derive(Debug)]
pub struct Merged {
    /// The track's name.
    pub track: String,
    /// Seats at each race.
    pub players: usize,
    /// The batch's identity, as one run of it (one shard).
    pub identity: BatchIdentity,
    /// Its folded figures.
    pub fold: BatchFold,
    /// Its statistics.
    pub stats: BatchStats,
    /// Its notable races.
    pub notable: Vec<Notable>,
    /// Every race, in order, when every shard listed its races.
    pub races: Option<Vec<RaceSummary>>,
}

impl Merged {
    /// The report of the whole batch, as one run of it would write.
    #[must_use]
    pub fn report(&self) -> BatchReport<'_> {
        BatchReport {
            track: self.track.clone(),
            players: self.players,
            seed: self.identity.seed,
            races_asked: self.identity.races,
            shard: Shard::WHOLE,
            stopped_early: false,
            identity: &self.identity,
            stats: &self.stats,
            notable: &self.notable,
            fold: &self.fold,
            races: self.races.as_deref(),
            compare: None,
        }
    }
}

/// Merges the reports `paths` name (each file, and every `.json` report of each folder) into
/// the whole batch: the same statistics and notable races as one run of it, and the races
/// listed when every shard listed them. Reports that are not every shard of one batch are
/// refused, saying why.
pub fn merge_reports(paths: &[PathBuf]) -> Result<Merged, MergeError> {
    let inputs = reports_in(paths).map_err(MergeError::NoReports)?;
    let mut shards = Vec::new();
    for path in &inputs {
        let report = read_shard(path).map_err(|why| MergeError::Unreadable {
            path: path.clone(),
            why,
        })?;
        shards.push((path.as_path(), report));
    }
    if let Some(why) = not_one_batch(&shards) {
        return Err(MergeError::NotOneBatch(why));
    }
    let Some((_, first)) = shards.first() else {
        return Err(MergeError::NoReports("no report to merge".to_owned()));
    };
    let (track, players, mut identity) =
        (first.track.clone(), first.players, first.identity.clone());
    identity.shards = 1;
    let listed = shards.iter().all(|(_, s)| s.races.is_some());
    let mut fold = BatchFold::default();
    let mut races: Vec<RaceSummary> = Vec::new();
    let mut spaces: BTreeMap<String, SpaceCounts> = BTreeMap::new();
    for (path, s) in shards {
        let mut spaces_ok = true;
        for (at, counts) in s.stats.spaces {
            let total = spaces.entry(at).or_default();
            match total.checked_add(&counts) {
                Some(sum) => *total = sum,
                None => spaces_ok = false,
            }
        }
        if let (false, _) | (_, Err(_)) = (spaces_ok, fold.try_merge(&s.fold)) {
            return Err(MergeError::Overflow(path.to_owned()));
        }
        races.extend(s.races.into_iter().flatten());
    }
    races.sort_by_key(|r| r.index);
    let stats = BatchStats::from_fold(&fold, spaces);
    let notable = notable_of(&fold);
    Ok(Merged {
        track,
        players,
        identity,
        fold,
        stats,
        notable,
        races: listed.then_some(races),
    })
}

/// The parts of a `simulate --json` report that merging reads.
#[derive(serde::Deserialize)]
struct ShardReport {
    track: String,
    players: usize,
    shard: Shard,
    stopped_early: bool,
    identity: BatchIdentity,
    stats: ShardStats,
    fold: BatchFold,
    #[serde(default)]
    races: Option<Vec<RaceSummary>>,
    #[serde(default)]
    digest: String,
}

/// The per-space totals of a shard's report, named by space: merged by name (the fold keeps
/// them by space id, which only the track could name).
#[derive(serde::Deserialize)]
struct ShardStats {
    spaces: BTreeMap<String, SpaceCounts>,
}

/// Reads one shard report: a regular file (not a pipe or a device) of bounded size.
fn read_shard(path: &Path) -> Result<ShardReport, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".to_owned());
    }
    if meta.len() > MOST_REPORT_BYTES {
        return Err(format!(
            "{} bytes, over the {MOST_REPORT_BYTES} a report may have",
            meta.len()
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    serde_json::from_str::<ShardReport>(&text).map_err(|e| e.to_string())
}

/// Why the shards' reports are not one whole batch, or `None` when they are: every report of
/// the same batch (program, content, track, ruleset, teams, bots, seed, races, shard count),
/// each shard once, none missing, none stopped early, each with its shard's number of races.
fn not_one_batch(shards: &[(&Path, ShardReport)]) -> Option<String> {
    let (first_path, first) = shards.first()?;
    let count = first.identity.shards;
    let mut seen = BTreeSet::new();
    for (path, s) in shards {
        let at = path.display();
        let digest = report_digest(&s.fold, &s.stats.spaces, s.races.as_deref());
        if digest.as_deref() != Ok(s.digest.as_str()) {
            return Some(format!(
                "{at}: its figures do not match its digest: the report was edited, or made by \
                 another version"
            ));
        }
        if s.identity != first.identity || s.players != first.players {
            return Some(format!(
                "{at} is of another batch than {} (program, content, track, ruleset, teams, \
                 bots, seed, races and shard count must agree)",
                first_path.display()
            ));
        }
        if s.shard.count != count || s.shard.index == 0 || s.shard.index > count {
            return Some(format!(
                "{at}: shard {}/{} is not a shard of a batch in {count}",
                s.shard.index, s.shard.count
            ));
        }
        if !seen.insert(s.shard.index) {
            return Some(format!("{at}: shard {} is given twice", s.shard.index));
        }
        if s.stopped_early {
            return Some(format!(
                "{at}: shard {} was stopped before its end; play it again",
                s.shard.index
            ));
        }
        if let Some(why) = s.fold.inconsistency() {
            return Some(format!("{at}: its figures do not add up: {why}"));
        }
        let expected = s.shard.races_of(s.identity.races);
        if s.fold.races != expected as u64 {
            return Some(format!(
                "{at}: shard {} holds {} races, not the {expected} it plays",
                s.shard.index, s.fold.races
            ));
        }
        // The races it names are its own, with their seeds: a shard relabelled as another
        // (its races counted twice) names races of the shard it was.
        let foreign = s.fold.named_races().find(|(index, seed)| {
            *index >= s.identity.races
                || !s.shard.holds(*index)
                || *seed != race_seed(s.identity.seed, *index)
        });
        if let Some((index, _)) = foreign {
            return Some(format!(
                "{at}: it names race {index}, which is not one of shard {}'s races with its seed",
                s.shard.index
            ));
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| !seen.contains(i))
        .map(|i| i.to_string())
        .collect();
    (!missing.is_empty()).then(|| {
        format!(
            "shard(s) {} of {count} missing: the merge would not be the whole batch",
            missing.join(", ")
        )
    })
}

/// The report files `paths` name: each file, and every `.json` file of each folder (sorted).
fn reports_in(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| format!("{}: {e}", path.display()))?
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "json"))
                .collect();
            if found.is_empty() {
                return Err(format!(
                    "{}: the folder holds no .json report",
                    path.display()
                ));
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}
