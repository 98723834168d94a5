//! A course where a track is asked for: `race`, `simulate`, `validate`, `print` and missions
//! take a course file ([`crate::content::course`]) in place of a track file, and play the
//! track it builds from its tiles ([`crate::stretch::course`]) with a course seed.
//!
//! The course seed is the command's `--course-seed` (0 when not given, and always 0 for a
//! mission or a scenario naming a course): the same course and seed are the same track, byte
//! for byte, so a race record keeps the seed and replays on the same draw. A batch can instead
//! draw a course per race ([`super::course_batch`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::content::course::{Course, Layout};
use crate::content::text::Id;
use crate::content::tile::Tile;
use crate::content::track::Track;
use crate::content::{Document, RawPack};
use crate::validate::Diagnostic;
use crate::validate::checked::TerrainBook;

/// A course file and the tiles of its folder, each tile checked.
#[derive(Clone, Debug)]
pub struct CourseFiles {
    /// Where the course was read from.
    pub path: PathBuf,
    /// The course.
    pub course: Course,
    /// Its folder's tiles, by id.
    pub tiles: BTreeMap<Id, Tile>,
}

/// The folder a course's tiles are read from: its `tiles`, named relative to the course file.
#[must_use]
pub fn tiles_folder(path: &Path, course: &Course) -> PathBuf {
    path.parent()
        .unwrap_or(Path::new("."))
        .join(course.tiles.as_str())
}

impl CourseFiles {
    /// The folder the course's tiles were read from.
    #[must_use]
    pub fn tiles_folder(&self) -> PathBuf {
        tiles_folder(&self.path, &self.course)
    }

    /// Reads the course at `path` (already loaded as `course`) and the tiles of its folder,
    /// each checked against `terrain` (the kinds of ground of the pack the course is raced
    /// with: [`crate::validate::open::content_terrain`]); the folder's problems and the tiles'
    /// errors, when there are any.
    pub fn read(
        path: &Path,
        course: Course,
        terrain: &TerrainBook,
    ) -> Result<Self, Vec<Diagnostic>> {
        let folder = tiles_folder(path, &course);
        if !folder.is_dir() {
            return Err(vec![Diagnostic::error_in(
                path,
                "course-build",
                format!(
                    "its tiles folder {} does not exist (it is named relative to the course)",
                    folder.display()
                ),
            )]);
        }
        let opened = RawPack::open(&folder);
        let mut problems: Vec<Diagnostic> = opened
            .errors
            .iter()
            .map(Diagnostic::from_load_error)
            .collect();
        let mut tiles = BTreeMap::new();
        let mut read_from: BTreeMap<Id, &Path> = BTreeMap::new();
        for file in &opened.files {
            if let Document::Tile(tile) = &file.document {
                problems.extend(
                    // A tile has no grid: no field to seat.
                    crate::validate::validate_document_against(file, terrain, 0)
                        .into_iter()
                        .filter(Diagnostic::is_error),
                );
                // Two files with one id: the course could lay either, so it lays neither (the
                // last one read used to win, silently).
                if let Some(first) = read_from.insert(tile.id.clone(), &file.source.path) {
                    problems.push(Diagnostic::error_in(
                        &file.source.path,
                        "duplicate-id",
                        format!(
                            "tile `{}` is also defined by {}: a course names tiles by id, so \
                             each tile of its folder needs its own",
                            tile.id,
                            first.display()
                        ),
                    ));
                }
                tiles.insert(tile.id.clone(), tile.clone());
            }
        }
        if problems.is_empty() {
            Ok(Self {
                path: path.to_owned(),
                course,
                tiles,
            })
        } else {
            Err(problems)
        }
    }

    /// The track the course `course` (read from `path`) builds with `seed`, its tiles read
    /// and checked against `terrain`: what every command and the studio race on.
    pub fn build(
        path: &Path,
        course: &Course,
        terrain: &TerrainBook,
        seed: u64,
    ) -> Result<Track, Vec<Diagnostic>> {
        Self::read(path, course.clone(), terrain)?.track(seed)
    }

    /// Loads the course file at `path` and its tiles, checked against `terrain`.
    pub fn load(path: &Path, terrain: &TerrainBook) -> Result<Self, Vec<Diagnostic>> {
        let loaded =
            Document::load(path).map_err(|error| vec![Diagnostic::from_load_error(&error)])?;
        let Document::Course(course) = loaded.document else {
            return Err(vec![Diagnostic::error_in(
                path,
                "not-a-track",
                format!(
                    "{} holds a {}, not a course",
                    path.display(),
                    loaded.document.kind()
                ),
            )]);
        };
        Self::read(path, course, terrain)
    }

    /// Whether its tiles are drawn from a pile (a seed gives another track).
    #[must_use]
    pub fn is_pile(&self) -> bool {
        matches!(self.course.layout, Layout::Pile { .. })
    }

    /// The track it builds with `seed`, or why it builds none (named at the course file).
    pub fn track(&self, seed: u64) -> Result<Track, Vec<Diagnostic>> {
        crate::stretch::course::build_course(&self.course, &self.tiles, seed)
            .map_err(|error| self.said(&error))
    }

    /// The tiles its rolling road is played from, each laid on its own
    /// ([`crate::stretch::course::loose_tiles`]), or why they cannot be (named at the course
    /// file).
    pub fn loose_tiles(&self) -> Result<Vec<crate::stretch::course::LooseTile>, Vec<Diagnostic>> {
        crate::stretch::course::loose_tiles(&self.course, &self.tiles)
            .map_err(|error| self.said(&error))
    }

    /// What printing the course gives: the track it builds with `seed`, or for a rolling
    /// road, its tiles each laid alone (once the road builds as the races build it).
    pub fn to_print(&self, seed: u64) -> Result<CoursePrint, Vec<Diagnostic>> {
        let track = self.track(seed)?;
        if self.course.rolling.is_some() {
            Ok(CoursePrint::Tiles(self.loose_tiles()?))
        } else {
            Ok(CoursePrint::Track(Box::new(track)))
        }
    }

    /// A building error said at the course file, where it points.
    fn said(&self, error: &crate::stretch::course::CourseError) -> Vec<Diagnostic> {
        let mut diagnostic = Diagnostic::error_in(&self.path, "course-build", error.to_string());
        if let Some((line, column)) = self.locate(error) {
            diagnostic.location.line = Some(line);
            diagnostic.location.column = Some(column);
        }
        vec![diagnostic]
    }

    /// Where in the course file `error` points: at the tile it names (in a fixed course, that
    /// place of the list; in a pile, the tile's entry), at `rolling` for a rolling road that
    /// cannot roll, else at the layout. Read again from the file, only when an error is
    /// reported.
    fn locate(&self, error: &crate::stretch::course::CourseError) -> Option<(usize, usize)> {
        use crate::validate::locate::Needle;
        let text = crate::content::SourceFile::read(&self.path).ok()?.text;
        // A rolling road that cannot roll is said at its `rolling` field.
        if matches!(error, crate::stretch::course::CourseError::Rolling(_)) {
            return crate::validate::locate::locate(&text, &[Needle::Field("rolling")]);
        }
        let mut needles = vec![Needle::Field("layout")];
        if let Some((index, tile)) = error.tile() {
            let times = match &self.course.layout {
                // The nth copy of the id in the list, for the tile at place `index`.
                Layout::Fixed(ids) => ids
                    .iter()
                    .take(index)
                    .filter(|id| id.as_str() == tile)
                    .count()
                    .max(1),
                Layout::Pile { .. } => 1,
            };
            needles.extend(std::iter::repeat_n(Needle::Value(tile), times));
        }
        crate::validate::locate::locate(&text, &needles)
    }
}

/// What a course prints as ([`CourseFiles::to_print`]).
#[derive(Clone, Debug)]
pub enum CoursePrint {
    /// The track it builds.
    Track(Box<Track>),
    /// A rolling road's tiles, each laid alone, to cut out and lay as the road rolls.
    Tiles(Vec<crate::stretch::course::LooseTile>),
}

/// The track at `path`: a track file as it is, a course file built with `course_seed` from
/// tiles checked against `terrain`.
pub fn track_or_course(
    path: &Path,
    course_seed: u64,
    terrain: &TerrainBook,
) -> Result<Track, Vec<Diagnostic>> {
    let loaded = Document::load(path).map_err(|error| vec![Diagnostic::from_load_error(&error)])?;
    match loaded.document {
        Document::Track(track) => Ok(track),
        Document::Course(course) => CourseFiles::build(path, &course, terrain, course_seed),
        other => Err(vec![Diagnostic::error_in(
            path,
            "not-a-track",
            format!(
                "{} holds a {}, not a track or a course",
                path.display(),
                other.kind()
            ),
        )]),
    }
}

/// The name a course's track built with `seed` goes by in diagnostics: `COURSE (course seed S)`
/// (what `validate` and the studio's check by play name the findings on it).
#[must_use]
pub fn built_name(course: &Path, seed: u64) -> PathBuf {
    PathBuf::from(format!("{} (course seed {seed})", course.display()))
}

/// The course a [`built_name`] names, and the seed; `None` for any other name.
#[must_use]
pub fn course_of_built(name: &Path) -> Option<(PathBuf, u64)> {
    let text = name.to_str()?;
    let (course, rest) = text.rsplit_once(" (course seed ")?;
    let seed = rest.strip_suffix(')')?.parse().ok()?;
    Some((PathBuf::from(course), seed))
}

/// What the draws of a course with a run of seeds gave.
#[derive(Clone, Debug, Default)]
pub struct CourseDraws {
    /// Each seed that built a track, with the track; a seed whose track is one an earlier seed
    /// built is left out (a fixed course builds one track).
    pub built: Vec<(u64, Track)>,
    /// Each seed that built none, with why.
    pub failed: Vec<(u64, String)>,
}

impl CourseFiles {
    /// Builds the course with each of `seeds` (a fixed course with the first only: it ignores
    /// the seed).
    #[must_use]
    pub fn draws(&self, seeds: std::ops::Range<u64>) -> CourseDraws {
        self.draws_beside(seeds, &mut std::collections::BTreeSet::new())
    }

    /// [`Self::draws`] of a run of seeds taken in parts: `seen` holds the hashes of the tracks
    /// the earlier parts built, so a track one of them built is left out here too.
    #[must_use]
    pub fn draws_beside(
        &self,
        seeds: std::ops::Range<u64>,
        seen: &mut std::collections::BTreeSet<String>,
    ) -> CourseDraws {
        let seeds = if self.is_pile() {
            seeds
        } else {
            seeds.start..seeds.start.saturating_add(1).min(seeds.end)
        };
        let mut draws = CourseDraws::default();
        for seed in seeds {
            match crate::stretch::course::build_course(&self.course, &self.tiles, seed) {
                Ok(track) => {
                    if seen.insert(super::load::track_hash(&track)) {
                        draws.built.push((seed, track));
                    }
                }
                Err(error) => draws.failed.push((seed, error.to_string())),
            }
        }
        draws
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_courses_name_leads_back_to_the_course_and_its_seed() {
        let course = Path::new("samples/devils-run/courses/rolling-road.ron");
        let name = built_name(course, 12);
        assert_eq!(
            name,
            PathBuf::from("samples/devils-run/courses/rolling-road.ron (course seed 12)")
        );
        assert_eq!(course_of_built(&name), Some((course.to_owned(), 12)));
        assert_eq!(course_of_built(course), None, "a plain path names no build");
    }
}
