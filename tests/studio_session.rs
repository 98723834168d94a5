//! The studio's session without a window: documents, edits and their undo, validation,
//! saving, the unsaved-changes question, autosave and recovery, all driven by calls.
#![cfg(feature = "gui")]

mod common;

use std::fs;

use common::studio::workspace_copy;
use roadwright::content::Document;
use roadwright::content::text::{Id, Text};
use roadwright::content::track::TrackStyle;
use roadwright::edit::{Edit, TrackEdit};
use roadwright::gui::command::Answer;
use roadwright::gui::session::{AfterQuestion, Reopened};
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
