//! Test races as the studio plays them, without a window: people and bots at one table, undo to
//! the last human choice, restart, runs that stop where asked, records watched again.

use crate::common;

use common::repo;
use roadwright::content::bot_profile::BotProfile;
use roadwright::rules::{Decision, PlayerId, RaceSetup};
use roadwright::sim::profiles::profiles_in;
use roadwright::sim::record::RecordFiles;
use roadwright::sim::session::{Replay, Run, RunUntil, SeatControl, TestRace};
use roadwright::sim::{LoadedRace, load_race};

fn oval() -> LoadedRace {
    load_race(&repo("content"), &repo("tracks/oval.ron"), "standard").expect("oval loads")
}

fn profile(id: &str) -> BotProfile {
    profiles_in(&repo("content"))
        .remove(id)
        .unwrap_or_else(|| panic!("no profile {id}"))
}

/// Four players on the oval: seat 1 a person, the others random bots.
fn table(seed: u64) -> TestRace {
    let loaded = oval();
    let setup = RaceSetup::first_teams(&loaded.rules.content, 4, seed);
    let seats = vec![
        SeatControl::Human,
        SeatControl::Bot(profile("random")),
        SeatControl::Bot(profile("random")),
        SeatControl::Bot(profile("random")),
    ];
    TestRace::new(loaded, RecordFiles::default(), setup, seats).expect("starts")
}

/// Plays bots until the person must decide.
fn to_the_person(race: &mut TestRace) {
    while race.human_to_decide().is_none() && !race.race().is_over() {
        assert!(race.bot_decides(), "nobody else decides");
        assert!(race.step_bot(), "a bot decides when no person does");
    }
}

#[test]
fn bots_play_until_a_person_must_decide_and_never_for_them() {
    let mut race = table(3);
    to_the_person(&mut race);
    let person = race.human_to_decide().expect("the person decides");
    assert_eq!(person.index(), 0);
    assert!(!race.bot_decides(), "no bot decides while a person does");
    let before = race.race().decisions().len();
    assert!(!race.step_bot(), "a bot cannot decide for the person");
    assert_eq!(race.race().decisions().len(), before);
}

#[test]
fn undo_takes_back_the_persons_choice_and_the_bot_replies_after_it() {
    let mut race = table(5);
    to_the_person(&mut race);
    // The person decides until a bot's turn comes; the last of those decisions is undone.
    let mut asked_at = 0;
    let mut position_before = Vec::new();
    while race.human_to_decide().is_some() {
        asked_at = race.race().decisions().len();
        position_before = race.race().cars().to_vec();
        let choice = race.race().legal()[0].clone();
        race.apply_human(&choice).expect("legal");
    }
    // The bots answer until the person is asked again.
    to_the_person(&mut race);
    assert!(race.race().decisions().len() > asked_at + 1);
    let taken = race.undo();
    assert!(taken >= 2, "the choice and the replies: {taken}");
    assert_eq!(race.race().decisions().len(), asked_at);
    assert_eq!(race.race().cars(), position_before.as_slice());
    assert_eq!(race.human_to_decide().map(PlayerId::index), Some(0));
}

#[test]
fn a_choice_of_several_decisions_is_one_undo_and_an_illegal_one_changes_nothing() {
    let mut race = table(8);
    to_the_person(&mut race);
    let asked_at = race.race().decisions().len();
    let Some(Decision::Play { card, car, .. }) = race
        .race()
        .legal()
        .iter()
        .find(|d| matches!(d, Decision::Play { .. }))
        .cloned()
    else {
        panic!("the person plays a card first");
    };
    let play = Decision::Play {
        card,
        car,
        ram_as_lead: false,
    };
    // Holding fire is legal after the card only when the car could fire: build the choice as
    // the race screen does, from the positions it goes through.
    let mut scratch = race.race().clone();
    scratch.apply(&play).expect("legal");
    let mut choice = vec![play];
    if scratch.movement().is_none() {
        choice.push(Decision::HoldFire);
        scratch.apply(&Decision::HoldFire).expect("legal");
    }
    let step = scratch.legal()[0].clone();
    choice.push(step);
    race.apply_human_choice(&choice)
        .expect("the choice is legal");
    assert_eq!(race.race().decisions().len(), asked_at + choice.len());
    race.undo();
    assert_eq!(
        race.race().decisions().len(),
        asked_at,
        "one undo for the choice"
    );

    let before = race.race().decisions().len();
    let mut broken = choice.clone();
    broken.push(Decision::KeepHand);
    broken.push(Decision::KeepHand);
    assert!(race.apply_human_choice(&broken).is_err());
    assert_eq!(race.race().decisions().len(), before, "nothing of it stays");
}

#[test]
fn the_same_seed_and_choices_give_the_same_race_after_an_undo() {
    let mut race = table(11);
    to_the_person(&mut race);
    while race.human_to_decide().is_some() {
        race.apply_human(&race.race().legal()[0].clone())
            .expect("legal");
    }
    let choice = race.race().decisions().last().cloned().expect("decided");
    let asked_at = race.race().decisions().len() - 1;
    to_the_person(&mut race);
    let first = race.race().decisions().to_vec();
    assert!(first.len() > asked_at + 2, "the bots replied");
    race.undo();
    assert_eq!(race.race().decisions().len(), asked_at);
    race.apply_human(&choice).expect("legal");
    to_the_person(&mut race);
    assert_eq!(
        race.race().decisions(),
        first.as_slice(),
        "bots answer a position the same way every time"
    );
}

#[test]
fn restart_goes_back_to_the_first_position_of_the_same_seed() {
    let mut race = table(2);
    let fresh: Vec<_> = race.race().cars().to_vec();
    to_the_person(&mut race);
    race.apply_human(&race.race().legal()[0].clone())
        .expect("legal");
    race.restart();
    assert!(race.race().decisions().is_empty());
    assert_eq!(race.race().cars(), fresh.as_slice());
    assert!(!race.can_undo());
}

#[test]
fn runs_stop_after_a_decision_an_activation_or_a_turn() {
    let loaded = oval();
    let setup = RaceSetup::first_teams(&loaded.rules.content, 3, 4);
    let seats = vec![SeatControl::Bot(profile("racer")); 3];
    let mut race = TestRace::new(loaded, RecordFiles::default(), setup, seats).expect("starts");

    let made = race.play_bots(
        &Run::from(race.race(), RunUntil::Decision),
        usize::MAX,
        None,
    );
    assert_eq!(made.len(), 1);

    let run = Run::from(race.race(), RunUntil::Activation);
    let made = race.play_bots(&run, usize::MAX, None);
    assert!(!made.is_empty());
    assert!(
        race.race().active_car().is_none(),
        "stopped between activations"
    );
    assert!(
        !made.iter().any(|d| matches!(d, Decision::Play { .. })),
        "the activation begun by the first decision ends, no other starts: {made:?}"
    );

    let turn = race.race().turn();
    race.play_bots(&Run::from(race.race(), RunUntil::Turn), usize::MAX, None);
    assert_eq!(race.race().turn(), turn + 1, "stopped at the next turn");

    race.play_bots(&Run::from(race.race(), RunUntil::End), usize::MAX, None);
    assert!(race.race().is_over());
    assert!(race.race().result().is_some());
}

#[test]
fn a_record_of_a_test_race_is_watched_again_position_by_position_and_by_turn() {
    let loaded = oval();
    let setup = RaceSetup::first_teams(&loaded.rules.content, 4, 21);
    let seats = vec![SeatControl::Bot(profile("random")); 4];
    let mut race =
        TestRace::new(loaded.clone(), RecordFiles::default(), setup, seats).expect("starts");
    race.play_bots(&Run::from(race.race(), RunUntil::End), usize::MAX, None);
    let record = race.record();
    assert_eq!(record.decisions.len(), race.race().decisions().len());

    let mut replay = Replay::new(loaded, record.clone()).expect("the record fits its content");
    assert_eq!(replay.position(), replay.last());
    assert_eq!(replay.race().result(), race.race().result());
    replay.seek(0);
    assert_eq!(replay.position(), 0);
    assert_eq!(replay.race().turn(), 1);
    replay.seek(10);
    assert_eq!(replay.position(), 10);
    let ten = replay.race().cars().to_vec();
    replay.seek(40);
    replay.seek(10);
    assert_eq!(
        replay.race().cars(),
        ten.as_slice(),
        "back is the same as forward"
    );
    replay.seek_turn(3);
    assert_eq!(replay.race().turn(), 3);
    replay.seek(replay.position().saturating_sub(1));
    assert_eq!(replay.race().turn(), 2, "the turn starts at that position");
    replay.seek(usize::MAX);
    assert_eq!(
        replay.position(),
        replay.last(),
        "seeking past the end stops at it"
    );
}

#[test]
fn a_record_refuses_other_content() {
    let loaded = oval();
    let setup = RaceSetup::first_teams(&loaded.rules.content, 2, 1);
    let seats = vec![SeatControl::Bot(profile("random")); 2];
    let race = TestRace::new(loaded, RecordFiles::default(), setup, seats).expect("starts");
    let record = race.record();
    let figure_eight = load_race(
        &repo("content"),
        &repo("tracks/figure-eight.ron"),
        "standard",
    )
    .expect("loads");
    let error = Replay::new(figure_eight, record).expect_err("another track");
    assert!(error.to_string().contains("track"), "{error}");
}

#[test]
fn a_record_saved_among_the_content_files_is_not_read_as_content() {
    let pack = common::copy_of_standard_pack();
    let before = roadwright::content::RawPack::load(pack.path()).expect("loads");
    let loaded = load_race(pack.path(), &repo("tracks/oval.ron"), "standard").expect("loads");
    let setup = RaceSetup::first_teams(&loaded.rules.content, 2, 1);
    let seats = vec![SeatControl::Bot(profile("random")); 2];
    let race = TestRace::new(loaded, RecordFiles::default(), setup, seats).expect("starts");
    let json = race.record().to_json().expect("json");
    std::fs::write(pack.path().join("race.json"), &json).expect("write");
    let ron = ron::to_string(&race.record()).expect("ron");
    std::fs::write(pack.path().join("race.ron"), ron).expect("write");
    let after = roadwright::content::RawPack::load(pack.path()).expect("loads");
    assert!(after.errors.is_empty(), "{:?}", after.errors);
    assert_eq!(after.files.len(), before.files.len());

    // A broken file that only looks like a record is still reported.
    std::fs::write(pack.path().join("broken.json"), "{\"kind\": \"RaceDeck\"").expect("write");
    let broken = roadwright::content::RawPack::load(pack.path()).expect("loads");
    assert_eq!(broken.errors.len(), 1);
}

#[test]
fn a_broken_track_beside_the_content_does_not_stop_a_race_on_another_track() {
    let pack = common::copy_of_standard_pack();
    // A track with one sector and no lap: an error of its own file.
    let broken = roadwright::edit::track_edit::blank_track(
        "broken",
        "Broken",
        roadwright::content::track::TrackStyle::ApocalypseRoad,
    );
    let text = roadwright::content::Document::Track(broken)
        .to_text(roadwright::content::Format::Ron)
        .expect("serialises");
    std::fs::write(pack.path().join("broken.ron"), text).expect("write");
    let (content, diagnostics) = roadwright::validate::pack::validate_pack(
        &roadwright::content::RawPack::load(pack.path()).expect("loads"),
    );
    assert!(
        diagnostics.iter().any(|d| d.is_error()
            && d.location
                .file
                .as_ref()
                .is_some_and(|f| f.ends_with("broken.ron"))),
        "the broken track is reported: {diagnostics:?}"
    );
    assert!(content.is_some(), "the decks and mats are still playable");
    let loaded = load_race(pack.path(), &repo("tracks/oval.ron"), "standard");
    assert!(loaded.is_ok(), "{:?}", loaded.err());
}

/// A person's seat handed to a bot is played by it from then on, so a race can be finished by
/// bots; handed back, the person decides again.
#[test]
fn a_seat_handed_to_a_bot_is_played_by_it_and_can_be_taken_back() {
    let mut race = table(12);
    to_the_person(&mut race);
    let person = race.human_to_decide().expect("the person decides");
    assert!(race.set_seat(person, SeatControl::Bot(profile("planner"))));
    assert_eq!(race.human_to_decide(), None, "nobody waits for a person");
    assert!(race.bot_decides(), "the planner decides for the seat");
    let before = race.race().decisions().len();
    assert!(race.step_bot());
    assert_eq!(race.race().decisions().len(), before + 1);

    assert!(race.set_seat(person, SeatControl::Human));
    to_the_person(&mut race);
    assert!(
        race.race().is_over() || race.human_to_decide() == Some(person),
        "the person decides again"
    );

    assert!(race.set_seat(person, SeatControl::Bot(profile("random"))));
    race.play_bots(&Run::from(race.race(), RunUntil::End), usize::MAX, None);
    assert!(race.race().is_over(), "bots in every seat finish the race");
    assert!(
        !race.set_seat(PlayerId(9), SeatControl::Human),
        "no seat 10 at a table of four"
    );
}
