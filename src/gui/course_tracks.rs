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

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Copies a folder and everything in it.
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).expect("folder");
        for entry in std::fs::read_dir(from).expect("list") {
            let entry = entry.expect("entry");
            let target = to.join(entry.file_name());
            if entry.file_type().expect("type").is_dir() {
                copy(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).expect("copy");
            }
        }
    }

    /// A mission whose track is a course validates against the track the course builds, its
    /// editor draws that track, and its race starts on it.
    #[test]
    fn a_mission_on_a_course_validates_draws_and_races_in_the_studio() {
        let project = tempfile::tempdir().expect("temp dir");
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        copy(&root.join("samples/devils-run"), project.path());
        std::fs::create_dir_all(project.path().join("missions")).expect("missions");
        let mission = project.path().join("missions/road-battle.ron");
        std::fs::write(
            &mission,
            r#"(
    kind: Mission,
    version: 1,
    name: "Road battle",
    briefing: "Kills on the rolling road.",
    track: "../courses/rolling-road.ron",
    content: "../content",
    sides: [
        (id: "wolves", name: "The wolves", teams: ["rust-reapers"]),
        (id: "jackals", name: "The jackals", teams: ["chrome-jackals"]),
    ],
    vp: (finish: 0, kills: 1, bonuses: false, clock: Some(false)),
    objectives: [
        (id: "three-kills", goal: Kills(3), reward: Win),
    ],
    turn_limit: (turn: 12),
)
"#,
        )
        .expect("write the mission");
        let workspace = Workspace::open(project.path());
        let validated = workspace.snapshot().validate();
        let about_mission: Vec<String> = validated
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(ToString::to_string)
            .collect();
        assert!(about_mission.is_empty(), "{about_mission:#?}");
        assert_eq!(validated.missions.len(), 1, "the mission is checked");
        let id = workspace.id_of_file(&mission).expect("the mission is open");
        let mut courses = CourseTracks::default();
        let context = crate::gui::mission_editor::MissionContext::of(&workspace, id, &mut courses);
        assert_eq!(
            context.track.map(|t| t.tiles.len()),
            Some(7),
            "the editor draws the course's track"
        );
        let studio =
            super::super::race::launch::mission_rules(&workspace, id).expect("the mission loads");
        assert!(studio.track.rolling.is_some(), "on the rolling road");
    }
}
