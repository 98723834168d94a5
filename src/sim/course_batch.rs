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

/// A course ready to race: its row (empty fold) and the batch's spec on its rules.
struct Course {
    row: CourseRow,
    spec: BatchSpec,
}

/// What one thread of a course batch has: its races folded, the batch's and each course's (by
/// track hash, with the index of its first race), and the error of the lowest race index that
/// failed (so the error reported is the same for any split).
#[derive(Default)]
struct Partial {
    fold: BatchFold,
    courses: BTreeMap<String, (usize, CourseRow)>,
    error: Option<(usize, String)>,
}

impl Partial {
    fn add(&mut self, index: usize, course: &Course, race: &RaceSummary) {
        self.fold.add(race);
        let (first, row) = self
            .courses
            .entry(course.row.track_hash.clone())
            .or_insert_with(|| (index, course.row.clone()));
        if index < *first {
            // The course is named by the seed of its first race, whichever thread played it.
            *first = index;
            row.seed = course.row.seed;
        }
        row.fold.add(race);
    }

    /// Plays race `index` on `course` (or keeps why it has none) and folds it.
    fn play(&mut self, index: usize, course: Result<&Course, &String>) {
        let course = match course {
            Ok(course) => course,
            Err(e) => {
                self.error = Some((index, e.clone()));
                return;
            }
        };
        match play_one(&course.spec, index) {
            Ok(mut summary) => {
                // One board per course: spaces are not added across tracks.
                summary.spaces = Vec::new();
                self.add(index, course, &summary);
            }
            Err(e) => self.error = Some((index, e)),
        }
    }

    fn merge(mut self, other: Self) -> Self {
        self.fold.merge(&other.fold);
        for (hash, (first, row)) in other.courses {
            match self.courses.entry(hash) {
                std::collections::btree_map::Entry::Vacant(slot) => {
                    slot.insert((first, row));
                }
                std::collections::btree_map::Entry::Occupied(mut slot) => {
                    let (mine, kept) = slot.get_mut();
                    kept.fold.merge(&row.fold);
                    if first < *mine {
                        *mine = first;
                        kept.seed = row.seed;
                    }
                }
            }
        }
        self.error = match (self.error, other.error) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
        self
    }
}

/// Plays `races` races seeded `seed` on the courses `files` draws from course seed `first`
/// on, each set up by `spec_on` (the batch's teams and bots on a course's rules), on `threads`
/// threads.
///
/// With `--courses N` the N courses are built first (every race on one of them shares it);
/// with a course per race, each race builds its own course as it is played and drops it after,
/// so memory does not grow with the races (20,000 races kept 20,000 tracks and aborted).
/// Races are folded as they finish. Ctrl-C (`cancel`) is heard within one race or one course
/// being built: what was not begun is skipped.
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
    let course_at = |k: usize| -> Result<Course, String> {
        let track = files.track(course_seed(first, k)).map_err(|found| {
            found
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        })?;
        let rules = super::load::race_from_documents(pack, &track, ruleset).map_err(|e| {
            format!(
                "the course drawn with course seed {}: {e}",
                course_seed(first, k)
            )
        })?;
        let mut spec = spec_on(rules.rules)?;
        spec.races = races;
        spec.seed = seed;
        Ok(Course {
            row: CourseRow {
                seed: course_seed(first, k),
                track_hash: super::load::track_hash(&track),
                sectors: track.sectors.len(),
                fold: BatchFold::default(),
            },
            spec,
        })
    };
    let cycle: Vec<Result<Course, String>> = match draw {
        CourseDraw::PerRace => Vec::new(),
        CourseDraw::Cycle(n) => pool.install(|| {
            (0..n.min(races))
                .into_par_iter()
                .map(|k| {
                    if cancel() {
                        Err(String::new())
                    } else {
                        course_at(k)
                    }
                })
                .collect()
        }),
    };
    if cancel() {
        // Stopped while the courses were being built: no race was played.
        return Ok(CourseBatch::default());
    }
    if let Some(Err(error)) = cycle.iter().find(|c| c.is_err()) {
        return Err(error.clone());
    }
    let done = AtomicUsize::new(0);
    let partial = pool.install(|| {
        (0..races)
            .into_par_iter()
            .take_any_while(|_| !cancel())
            .fold(Partial::default, |mut partial, index| {
                if partial.error.is_none() {
                    let built;
                    let course = match draw {
                        CourseDraw::PerRace => {
                            built = course_at(index);
                            built.as_ref()
                        }
                        CourseDraw::Cycle(_) => cycle[draw.course_of(index)].as_ref(),
                    };
                    partial.play(index, course);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
                partial
            })
            .reduce(Partial::default, Partial::merge)
    });
    if let Some((_, error)) = partial.error {
        return Err(error);
    }
    let mut courses: Vec<(usize, CourseRow)> = partial.courses.into_values().collect();
    courses.sort_by_key(|(first, _)| *first);
    Ok(CourseBatch {
        fold: partial.fold,
        courses: courses.into_iter().map(|(_, row)| row).collect(),
    })
}
