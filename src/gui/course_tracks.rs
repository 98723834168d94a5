//! The tracks the open courses build (course seed 0), kept between frames: the mission editor
//! draws a mission's course as the track it builds every frame, and building reads the course's
//! tiles from disk, so a course is built again only when it or the pack's ground changed.

use std::collections::BTreeMap;

use crate::content::Document;
use crate::content::course::Course;
use crate::content::terrain::TerrainFile;
use crate::content::track::Track;

use super::workspace::{DocumentId, Workspace};

/// The built tracks, by course document.
#[derive(Debug, Default)]
pub struct CourseTracks {
    built: BTreeMap<DocumentId, Built>,
}

/// One course's track, and what it was built from.
#[derive(Debug)]
struct Built {
    course: Course,
    terrain: TerrainFile,
    track: Option<Track>,
}

impl CourseTracks {
    /// The track the course document `id` builds with course seed 0 (its tiles checked
    /// against the pack's ground as edited), or `None` when `id` is no course or builds none
    /// (the diagnostics say why).
    pub fn track(&mut self, workspace: &Workspace, id: DocumentId) -> Option<&Track> {
        let Some(Document::Course(course)) = workspace.document(id).map(|d| &d.document) else {
            return None;
        };
        let terrain = workspace.terrain_file();
        let fresh = self
            .built
            .get(&id)
            .is_some_and(|b| b.course == *course && b.terrain == *terrain);
        if !fresh {
            let track = super::race::launch::track_of(workspace, id).ok();
            self.built.insert(
                id,
                Built {
                    course: course.clone(),
                    terrain: terrain.clone(),
                    track,
                },
            );
        }
        self.built.get(&id).and_then(|b| b.track.as_ref())
    }
}
