//! A batch over courses drawn from a pile: race `i` is played on course `k` (`k = i` with
//! `--course-per-race`, `k = i mod N` with `--courses N`), the draw of course seed
//! `first + k` (`first` is `--course-seed`, 0 unless given), so a race's course, like its
//! deal, follows from its index alone, the courses are those `validate --course-seeds` checks
//! and `course build --seed` writes, and the figures are the same for any number of threads.
//!
//! The races are folded twice: into one fold for the whole batch (its per-space counts left
//! out: the spaces of different tracks are not one board), and into one per course, reported
//! course by course.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use super::batch::{BatchSpec, RaceSummary, play_one};
use super::batch_fold::BatchFold;
use super::course_track::CourseFiles;
use crate::content::RawPack;
use crate::content::track::Track;
use crate::rules::RaceRules;

/// Which course each race of a batch plays.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CourseDraw {
    /// A new course per race.
    PerRace,
    /// `N` courses, race `i` on course `i mod N`.
    Cycle(usize),
}

impl CourseDraw {
    /// The course race `index` plays.
    #[must_use]
    pub fn course_of(self, index: usize) -> usize {
        match self {
            Self::PerRace => index,
            Self::Cycle(n) => index % n.max(1),
        }
    }
}

/// The course seed of course `k` of a batch whose first course seed is `first`.
#[must_use]
pub fn course_seed(first: u64, k: usize) -> u64 {
    first.wrapping_add(k as u64)
}

/// One course of a batch and its races.
#[derive(Clone, Debug)]
pub struct CourseRow {
    /// The course seed it was drawn with (the first, when several draws gave this track).
    pub seed: u64,
    /// Its track's hash (`sim::load::track_hash`): the same draw from two seeds is one course.
    pub track_hash: String,
    /// Its sectors.
    pub sectors: usize,
    /// Its races, folded.
    pub fold: BatchFold,
}

/// What a batch over drawn courses played.
#[derive(Clone, Debug, Default)]
pub struct CourseBatch {
    /// Every race, folded (no per-space counts).
    pub fold: BatchFold,
    /// Each distinct course, in the order its first race comes.
    pub courses: Vec<CourseRow>,
}

/// Plays `races` races seeded `seed` on the courses `files` draws from course seed `first`
/// on, each set up by `spec_on` (the batch's teams and bots on a course's rules), on `threads`
/// threads.
///
/// # Errors
/// The first course that cannot be built or played on, or a race that fails, by lowest index.
#[allow(clippy::too_many_arguments)]
pub fn fold_courses(
    files: &CourseFiles,
    draw: CourseDraw,
    pack: &RawPack,
    ruleset: &str,
    spec_on: &(dyn Fn(Arc<RaceRules>) -> Result<BatchSpec, String> + Sync),
    (races, seed, first, threads): (usize, u64, u64, usize),
    progress: &(dyn Fn(usize) + Sync),
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<CourseBatch, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let count = match draw {
        CourseDraw::PerRace => races,
        CourseDraw::Cycle(n) => n.min(races),
    };
    // Each course drawn, in course order, then the distinct tracks by hash.
    let built: Vec<Result<Track, String>> = pool.install(|| {
        (0..count)
            .into_par_iter()
            .map(|k| {
                files.track(course_seed(first, k)).map_err(|found| {
                    found
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("\n")
                })
            })
            .collect()
    });
    let mut distinct: BTreeMap<String, usize> = BTreeMap::new();
    let mut specs: Vec<(CourseRow, BatchSpec)> = Vec::new();
    let mut group_of_course = Vec::with_capacity(count);
    for (k, track) in built.into_iter().enumerate() {
        let track = track?;
        let hash = super::load::track_hash(&track);
        let group = if let Some(&group) = distinct.get(&hash) {
            group
        } else {
            let rules = super::load::race_from_documents(pack, &track, ruleset).map_err(|e| {
                format!(
                    "the course drawn with course seed {}: {e}",
                    course_seed(first, k)
                )
            })?;
            let mut spec = spec_on(rules.rules)?;
            spec.races = races;
            spec.seed = seed;
            distinct.insert(hash.clone(), specs.len());
            specs.push((
                CourseRow {
                    seed: course_seed(first, k),
                    track_hash: hash,
                    sectors: track.sectors.len(),
                    fold: BatchFold::default(),
                },
                spec,
            ));
            specs.len() - 1
        };
        group_of_course.push(group);
    }
    let done = AtomicUsize::new(0);
    let played: Vec<Result<RaceSummary, String>> = pool.install(|| {
        (0..races)
            .into_par_iter()
            .take_any_while(|_| !cancel())
            .map(|index| {
                let group = group_of_course[draw.course_of(index)];
                let mut summary = play_one(&specs[group].1, index)?;
                // One board per course: spaces are not added across tracks.
                summary.spaces = Vec::new();
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                Ok(summary)
            })
            .collect()
    });
    let mut played = played.into_iter().collect::<Result<Vec<_>, _>>()?;
    played.sort_by_key(|race| race.index);
    let mut batch = CourseBatch::default();
    for race in &played {
        batch.fold.add(race);
        let group = group_of_course[draw.course_of(race.index)];
        specs[group].0.fold.add(race);
    }
    batch.courses = specs.into_iter().map(|(row, _)| row).collect();
    Ok(batch)
}
