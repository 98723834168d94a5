//! Validation by play in the studio: the check runs in the background after edits settle,
//! can be cancelled, its findings join the diagnostics marked as found by play, a click shows
//! the space, and Watch opens the race that shows a finding.

use crate::common;

use common::studio::{settle, workspace_copy};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use roadwright::content::Document;
use roadwright::content::track::{SpaceRef, TerrainId};
use roadwright::gui::race::RaceScreen;
use roadwright::gui::race::RaceSession;
use roadwright::gui::screen::ScreenKind;
use roadwright::gui::{Prefs, StudioApp};
use roadwright::validate::ObjectRef;

fn studio(pack: &std::path::Path, play_races: usize) -> Harness<'static, StudioApp> {
    let prefs = Prefs {
        play_races,
        ..Prefs::default()
    };
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(
            |ui, app: &mut StudioApp| app.ui(ui),
            StudioApp::with_prefs(pack, &[], prefs),
        );
    settle(&mut harness);
    harness
}

#[test]
fn findings_of_play_join_the_diagnostics_and_a_click_shows_the_space() {
    let (pack, _) = workspace_copy();
    common::without_trough_events(pack.path());
    let mut harness = studio(pack.path(), 300);
    harness.state_mut().play_now();
    settle(&mut harness);
    let found: Vec<_> = harness
        .state()
        .diagnostics()
        .iter()
        .filter(|d| d.code == "space-never-entered")
        .cloned()
        .collect();
    assert!(!found.is_empty(), "{:?}", harness.state().diagnostics());
    harness.get_by_label_contains("Check by play: 300 races, ");
    assert!(
        found.iter().all(|d| d.play.is_some()),
        "marked as found by play"
    );
    let Some(ObjectRef::Space { space }) = found[0].location.object else {
        panic!("names a space");
    };
    let listed = found[0].to_string();
    assert!(listed.contains("found by play"), "{listed}");
    harness.get_by_label(&listed).click();
    settle(&mut harness);
    let shown = harness.state().shown().expect("the track is shown");
    let selection = &harness.state().canvas(shown).expect("canvas").selection;
    assert_eq!(
        selection.iter().copied().collect::<Vec<SpaceRef>>(),
        vec![space]
    );
    let Document::Track(track) = &harness.state().workspace().documents[shown].document else {
        panic!("a track");
    };
    assert_eq!(
        track.space(space).expect("space").terrain,
        TerrainId::trough()
    );
}

#[test]
fn the_check_runs_after_edits_settle_and_cancel_stops_it() {
    let (pack, _) = workspace_copy();
    // Enough races that it is still running when Cancel is clicked.
    let mut harness = studio(pack.path(), 1_000_000);
    let mut started = false;
    // The window's clock moves a frame at a time: the check starts at the frame after the
    // edits settle, with no wait on the wall clock.
    for _ in 0..400 {
        harness.step();
        if harness.state().play_progress().is_some() {
            started = true;
            break;
        }
    }
    assert!(started, "the check started once the edits settled");
    harness.run();
    harness.get_by_label_contains("Playing the content");
    harness.get_by_label("Stop playing").click();
    harness.run();
    assert_eq!(harness.state().play_progress(), None, "stopped");
    for _ in 0..50 {
        harness.step();
    }
    assert_eq!(
        harness.state().play_progress(),
        None,
        "not started again before the next edit"
    );
}

#[test]
fn watch_opens_the_race_that_shows_a_finding() {
    let (pack, _) = workspace_copy();
    common::endless_races(pack.path());
    let mut harness = studio(pack.path(), 4);
    harness.state_mut().play_now();
    settle(&mut harness);
    let finding = harness
        .state()
        .diagnostics()
        .iter()
        .find(|d| d.code == "turn-limit")
        .cloned()
        .expect("races reach the turn limit");
    let decision = finding
        .play
        .as_ref()
        .and_then(|p| p.decision)
        .expect("decision");
    harness.get_by_label("Watch").click();
    settle(&mut harness);
    assert!(
        harness.state().is_shown(ScreenKind::Race),
        "{:?}",
        harness.state().status()
    );
    let screen = harness.state().screen::<RaceScreen>().expect("race");
    let RaceSession::Replay(replay) = screen.session() else {
        panic!("a replay");
    };
    assert_eq!(replay.position(), decision, "at the decision named");
    assert_eq!(replay.race().turn(), 200);
    assert!(replay.race().is_over());
}

/// The studio's check by play finds what the static checks accept: a starting spur on grid
/// positions no field fills is reported with its first space named, marked as found by play,
/// and no static diagnostic is shown for the track.
#[test]
fn a_dead_end_branch_the_static_checks_accept_is_found_by_play_in_the_studio() {
    let (pack, oval) = workspace_copy();
    std::fs::remove_file(&oval).expect("remove the plain oval");
    common::oval_with_unfilled_starting_spur(pack.path());
    let mut harness = studio(pack.path(), 300);
    assert!(
        harness.state().diagnostics().is_empty(),
        "statically clean: {:?}",
        harness.state().diagnostics()
    );
    harness.state_mut().play_now();
    settle(&mut harness);
    let spur: SpaceRef = "S0.0".parse().expect("space");
    let finding = harness
        .state()
        .diagnostics()
        .iter()
        .find(|d| {
            d.code == "space-never-entered"
                && d.location.object == Some(ObjectRef::Space { space: spur })
        })
        .cloned()
        .unwrap_or_else(|| panic!("{:?}", harness.state().diagnostics()));
    assert!(finding.play.is_some(), "marked as found by play");
    harness.get_by_label_contains("S0.0");
}

/// A clean check says so: "Check by play: N races, nothing found" (silence read as "it did not
/// run").
#[test]
fn a_clean_check_by_play_says_it_found_nothing() {
    let (pack, _) = workspace_copy();
    let mut harness = studio(pack.path(), 20);
    harness.state_mut().play_now();
    settle(&mut harness);
    harness.get_by_label("Check by play: 20 races, nothing found");
}

/// The check by play replays only what changed as play sees it: moving a space or choosing a
/// background picture plays nothing, an edit of one track's graph replays that track alone,
/// and an edit of the content replays every track. The summary counts the races behind every
/// track's findings.
#[test]
fn the_check_by_play_replays_only_the_track_or_content_that_changed() {
    use roadwright::content::track::Background;
    use roadwright::edit::{Edit, TrackEdit};
    use roadwright::gui::StudioCommand;
    let (pack, _) = workspace_copy();
    std::fs::copy(
        common::repo("tracks/figure-eight.ron"),
        pack.path().join("figure-eight.ron"),
    )
    .expect("copy the figure 8");
    let mut harness = studio(pack.path(), 20);
    harness.state_mut().play_now();
    assert_eq!(harness.state().play_last_played(), Some(2), "both tracks");
    settle(&mut harness);
    harness.get_by_label_contains("Check by play: 40 races, ");

    let oval = harness
        .state()
        .workspace()
        .find(|d| matches!(d, Document::Track(t) if t.id.as_str() == "dust-bowl"))
        .expect("the oval");
    let edit = |harness: &mut Harness<'static, StudioApp>, edit: Edit| {
        harness.state_mut().apply(StudioCommand::Edit {
            document: oval,
            edit,
            group: None,
        });
        harness.state_mut().play_now();
        harness.state().play_last_played()
    };
    let moved = edit(
        &mut harness,
        Edit::Track(TrackEdit::Translate {
            spaces: vec![SpaceRef::lap(3, 1)],
            dx: 0.2,
            dy: 0.0,
        }),
    );
    assert_eq!(moved, Some(0), "a space moved: nothing to replay");
    let pictured = edit(
        &mut harness,
        Edit::Track(TrackEdit::SetBackground(Some(Background {
            path: "trace.png".into(),
            x: 0.0,
            y: 0.0,
            scale: 0.01,
            opacity: 0.5,
        }))),
    );
    assert_eq!(pictured, Some(0), "a picture chosen: nothing to replay");
    let painted = edit(
        &mut harness,
        Edit::Track(TrackEdit::SetTerrain {
            spaces: vec![SpaceRef::lap(3, 1)],
            terrain: TerrainId::rough(),
        }),
    );
    assert_eq!(painted, Some(1), "the oval's graph changed: the oval alone");
    settle(&mut harness);
    harness.get_by_label_contains("Check by play: 40 races, ");

    let deck = harness
        .state()
        .workspace()
        .find(|d| matches!(d, Document::RaceDeck(_)))
        .expect("the race deck");
    harness.state_mut().apply(StudioCommand::Edit {
        document: deck,
        edit: Edit::DeckName("Renamed".into()),
        group: None,
    });
    harness.state_mut().play_now();
    assert_eq!(
        harness.state().play_last_played(),
        Some(2),
        "content: every track"
    );
}

/// A mission edited replays no track: play reads the pack's content and the tracks, not the
/// missions beside them.
#[test]
fn a_mission_edit_replays_no_track() {
    use roadwright::edit::Edit;
    use roadwright::gui::StudioCommand;
    let (pack, _) = workspace_copy();
    std::fs::copy(
        common::repo("missions/courier.ron"),
        pack.path().join("courier.ron"),
    )
    .expect("copy the courier");
    let mut harness = studio(pack.path(), 20);
    harness.state_mut().play_now();
    assert_eq!(harness.state().play_last_played(), Some(1), "the oval");
    settle(&mut harness);
    let courier = harness
        .state()
        .workspace()
        .find(|d| matches!(d, Document::Mission(_)))
        .expect("the courier");
    let Some(Document::Mission(mut mission)) = harness
        .state()
        .workspace()
        .document(courier)
        .map(|d| d.document.clone())
    else {
        panic!("a mission");
    };
    mission.turn_limit.turn += 1;
    harness.state_mut().apply(StudioCommand::Edit {
        document: courier,
        edit: Edit::Mission(Box::new(mission)),
        group: None,
    });
    harness.state_mut().play_now();
    assert_eq!(
        harness.state().play_last_played(),
        Some(0),
        "a mission edited: nothing to replay"
    );
}

/// The summary counts the races actually played: a new, empty track (which cannot be played,
/// and whose diagnostics say why) adds none.
#[test]
fn the_summary_counts_only_races_played() {
    let (pack, _) = workspace_copy();
    let mut harness = studio(pack.path(), 20);
    common::studio::menu(&mut harness, "File", "New track");
    harness.state_mut().play_now();
    settle(&mut harness);
    harness.get_by_label("Check by play: 20 races, nothing found");
}

/// A project's course is played as `validate --play` plays it: the track it builds with
/// course seed 0, its tiles painted with the project's own ground, named after the course.
#[test]
fn the_check_by_play_plays_a_course_as_the_track_it_builds_on_the_projects_pack() {
    let project = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("samples/devils-run"), project.path());
    // The track aside: only the course is played.
    std::fs::remove_dir_all(project.path().join("tracks")).expect("no tracks");
    let mut harness = studio(project.path(), 10);
    harness.state_mut().play_now();
    assert_eq!(
        harness.state().play_last_played(),
        Some(1),
        "the course's track"
    );
    settle(&mut harness);
    harness.get_by_label_contains("Check by play: 10 races, ");
    let named: Vec<String> = harness
        .state()
        .diagnostics()
        .iter()
        .filter(|d| d.play.is_some())
        .map(ToString::to_string)
        .collect();
    assert!(!named.is_empty(), "ten races leave spaces never entered");
    // A finding on the course's track leads back to the course (to show it, to watch a race).
    let workspace = harness.state().workspace();
    let course = workspace
        .find(|d| matches!(d, Document::Course(_)))
        .expect("the course is open");
    let built = roadwright::sim::course_track::built_name(
        &workspace.validation_path(course).expect("a path"),
        0,
    );
    assert_eq!(workspace.document_named_by(&built), Some(course));
    assert!(
        named
            .iter()
            .all(|d| d.contains("rolling-road.ron (course seed 0)")),
        "{named:#?}"
    );
}
