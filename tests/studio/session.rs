//! The studio's session without a window: documents, edits and their undo, validation,
//! saving, the unsaved-changes question, autosave and recovery, all driven by calls.

use crate::common;

use std::fs;

use common::studio::workspace_copy;
use roadwright::content::Document;
use roadwright::content::text::{Id, Text};
use roadwright::content::track::TrackStyle;
use roadwright::edit::{Edit, TrackEdit};
use roadwright::gui::session::Answer;
use roadwright::gui::session::{AfterQuestion, DiskAnswer, Reopened};
use roadwright::gui::{DocumentId, Prefs, Session};

fn rename(name: &str) -> Edit {
    Edit::Track(TrackEdit::SetInfo {
        id: Id::from("oval"),
        name: Text::from(name),
        style: TrackStyle::ApocalypseRoad,
    })
}

fn oval(session: &Session) -> DocumentId {
    session
        .workspace()
        .find(|d| matches!(d, Document::Track(_)))
        .expect("the oval is open")
}

fn name(session: &Session, id: DocumentId) -> String {
    match &session.workspace().documents[id].document {
        Document::Track(track) => track.name.to_string(),
        _ => unreachable!("a track"),
    }
}

#[test]
fn an_edit_is_undone_redone_validated_and_saved_without_a_window() {
    let (pack, track_file) = workspace_copy();
    let mut session = Session::open(pack.path(), &[], Prefs::default());
    let id = oval(&session);
    let before = name(&session, id);

    assert!(session.edit(id, &rename("Renamed Oval"), None));
    assert_eq!(name(&session, id), "Renamed Oval");
    assert!(session.workspace().is_dirty());
    assert!(session.undo(id, false));
    assert_eq!(name(&session, id), before);
    assert!(session.undo(id, true), "redo");
    assert_eq!(name(&session, id), "Renamed Oval");

    session.wait_for_validation();
    assert!(
        !session
            .diagnostics()
            .iter()
            .any(roadwright::validate::Diagnostic::is_error),
        "{:?}",
        session.diagnostics()
    );
    assert!(session.validated().content.is_some());

    session.save(Some(id), None);
    assert!(!session.workspace().is_dirty());
    assert!(
        fs::read_to_string(&track_file)
            .expect("saved")
            .contains("Renamed Oval")
    );
    assert_eq!(
        session.status().text(),
        Some("Saved oval.ron"),
        "the status line says so"
    );
}

#[test]
fn quitting_over_unsaved_work_asks_and_discarding_quits() {
    let (pack, _) = workspace_copy();
    let mut session = Session::open(pack.path(), &[], Prefs::default());
    let id = oval(&session);
    assert_eq!(session.ask_then(AfterQuestion::Quit), None);
    assert!(session.quit_requested(), "nothing unsaved: quits at once");

    let mut session = Session::open(pack.path(), &[], Prefs::default());
    session.edit(id, &rename("Unsaved"), None);
    assert_eq!(session.ask_then(AfterQuestion::Quit), None);
    assert_eq!(session.question(), Some(&AfterQuestion::Quit), "asked");
    assert!(!session.quit_requested());
    assert_eq!(session.answer(Answer::Cancel), None);
    assert!(session.question().is_none() && !session.quit_requested());

    session.ask_then(AfterQuestion::Quit);
    session.answer(Answer::Discard);
    assert!(session.quit_requested());
}

#[test]
fn reloading_reads_the_files_again_after_asking() {
    let (pack, _) = workspace_copy();
    let mut session = Session::open(pack.path(), &[], Prefs::default());
    let id = oval(&session);
    let before = name(&session, id);
    session.edit(id, &rename("Thrown away"), None);
    session.ask_then(AfterQuestion::Reload);
    assert_eq!(session.answer(Answer::Discard), Some(Reopened::Same));
    assert_eq!(name(&session, id), before, "read again from disk");
    assert!(!session.workspace().is_dirty());
}

#[test]
fn autosaved_work_is_offered_back_to_the_next_session() {
    let (pack, _) = workspace_copy();
    let mut session = Session::open(pack.path(), &[], Prefs::default());
    let id = oval(&session);
    session.edit(id, &rename("Crashed Oval"), None);
    session.autosave_now();
    drop(session);

    let mut next = Session::open(pack.path(), &[], Prefs::default());
    assert_eq!(next.recoveries().len(), 1, "the autosaved copy is found");
    assert_eq!(next.recoveries()[0].target, Some(id));
    let recovered = next.recover(0).expect("recovered");
    assert_eq!(recovered, id);
    assert_eq!(name(&next, id), "Crashed Oval");
    assert!(next.workspace().is_dirty(), "recovered work is unsaved");
    assert!(next.undo(id, false), "and the recovery is one undo step");
}

/// A document edited, autosaved, then undone back to what is on disk loses its recovery copy at
/// the next autosave (the one on closing included): the next session offers nothing.
#[test]
fn a_document_back_to_its_saved_state_leaves_no_recovery_copy() {
    let (pack, _) = workspace_copy();
    let mut session = Session::open(pack.path(), &[], Prefs::default());
    let id = oval(&session);
    session.edit(id, &rename("Crashed Oval"), None);
    session.autosave_now();
    let copy = pack.path().join(".oval.ron.recovery");
    assert!(copy.exists(), "autosaved beside the file");
    assert!(session.undo(id, false));
    assert!(!session.workspace().is_dirty());
    session.autosave_now();
    assert!(!copy.exists(), "removed once the document is as saved");
    drop(session);
    let next = Session::open(pack.path(), &[], Prefs::default());
    assert!(next.recoveries().is_empty(), "no false offer");
}

#[test]
fn a_new_track_gets_a_recovery_copy_and_a_suggested_file() {
    let (pack, _) = workspace_copy();
    let mut session = Session::open(pack.path(), &[], Prefs::default());
    let id = session.new_track();
    let document = &session.workspace().documents[id];
    assert!(document.path.is_none());
    assert!(document.untitled_copy.is_some());
    assert_eq!(
        session.suggested_file(id),
        Some(pack.path().join("new-track.ron")),
        "beside the open oval"
    );
}

/// Someone else rewrites the oval's file while the studio has it open: the studio's name in
/// it, or theirs.
fn rewrite_outside(track_file: &std::path::Path, name: &str) {
    let text = fs::read_to_string(track_file).expect("track");
    let theirs: Vec<String> = text
        .lines()
        .map(|line| {
            if line.starts_with("    name: ") {
                format!("    name: \"{name}\",")
            } else {
                line.to_owned()
            }
        })
        .collect();
    assert_ne!(
        text.lines().collect::<Vec<_>>(),
        theirs,
        "the name line changed"
    );
    fs::write(track_file, theirs.join("\n")).expect("write");
}

/// The name the track file on disk holds.
fn name_on_disk(track_file: &std::path::Path) -> String {
    match Document::load(track_file).expect("track").document {
        Document::Track(track) => track.name.to_string(),
        _ => unreachable!("a track"),
    }
}

/// The studio renames the oval "Mine" while someone else renames its file "Theirs", then
/// the studio tries to save.
fn mine_against_theirs() -> (tempfile::TempDir, std::path::PathBuf, Session, DocumentId) {
    let (pack, track_file) = workspace_copy();
    let mut session = Session::open(pack.path(), &[], Prefs::default());
    let id = oval(&session);
    assert!(session.edit(id, &rename("Mine"), None));
    rewrite_outside(&track_file, "Theirs");
    session.save(Some(id), None);
    (pack, track_file, session, id)
}

#[test]
fn a_save_does_not_overwrite_a_file_changed_on_disk_until_the_user_says_so() {
    let (_pack, track_file, mut session, id) = mine_against_theirs();
    assert_eq!(
        name_on_disk(&track_file),
        "Theirs",
        "their edit is still there"
    );
    assert_eq!(session.disk_changes(), &[id], "the user is asked");
    assert!(
        session.workspace().is_dirty(),
        "and the studio's work is kept"
    );
    assert!(
        session
            .status()
            .text()
            .is_some_and(|t| t.contains("changed on disk")),
        "{:?}",
        session.status().text()
    );

    // Keep mine: saved over theirs, nothing left to ask.
    session.answer_disk_change(id, DiskAnswer::KeepMine);
    assert_eq!(name_on_disk(&track_file), "Mine");
    assert!(session.disk_changes().is_empty());
    assert!(!session.workspace().is_dirty());
}

#[test]
fn reloading_a_file_changed_on_disk_keeps_the_studios_version_one_undo_away() {
    let (_pack, track_file, mut session, id) = mine_against_theirs();
    assert_eq!(session.disk_changes(), &[id]);

    session.answer_disk_change(id, DiskAnswer::Reload);
    assert_eq!(name(&session, id), "Theirs");
    assert!(
        !session.workspace().is_dirty(),
        "what is shown is what is on disk"
    );
    assert!(session.disk_changes().is_empty());
    assert!(session.undo(id, false));
    assert_eq!(name(&session, id), "Mine", "nothing the user made is lost");
    // Saving that now is an ordinary save over the file the studio read last.
    session.save(Some(id), None);
    assert_eq!(name_on_disk(&track_file), "Mine");
}

#[test]
fn a_file_changed_outside_while_nothing_is_edited_is_offered_for_reloading() {
    let (pack, track_file) = workspace_copy();
    let mut session = Session::open(pack.path(), &[], Prefs::default());
    let id = oval(&session);
    assert!(!session.check_disk(0.0), "nothing changed yet");
    rewrite_outside(&track_file, "Theirs");
    assert!(
        !session.check_disk(1.0),
        "the files are looked at every few seconds, not every frame"
    );
    assert!(session.check_disk(2.5), "noticed");
    assert_eq!(session.disk_changes(), &[id]);
    assert!(!session.check_disk(5.0), "noticed once");

    session.answer_disk_change(id, DiskAnswer::Reload);
    assert_eq!(name(&session, id), "Theirs");
    assert!(!session.workspace().is_dirty());

    // Ignoring a change: the studio keeps what it shows and asks no more until the next one.
    rewrite_outside(&track_file, "Theirs again");
    assert!(session.check_disk(8.0));
    session.answer_disk_change(id, DiskAnswer::KeepMine);
    assert_eq!(name(&session, id), "Theirs");
    assert!(!session.check_disk(11.0), "not asked again");
    assert_eq!(
        name_on_disk(&track_file),
        "Theirs again",
        "ignoring writes nothing"
    );
}

/// Where the user works is the project folder, absolute even when the studio was started with
/// a relative path (so a dialog can go up from it), and never the content folder.
#[test]
fn home_is_the_absolute_project_folder_from_a_relative_path() {
    // Tests run in the repository, itself a project (content/ and tracks/).
    let workspace = roadwright::gui::Workspace::open(std::path::Path::new("tracks/oval.ron"));
    let home = workspace.home();
    assert!(home.is_absolute(), "{}", home.display());
    assert_eq!(home, common::repo(""));
    assert_eq!(workspace.tracks_folder(), common::repo("tracks"));
}
