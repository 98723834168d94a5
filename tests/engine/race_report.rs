//! The compact race report: one entry per activation with its movement summarised, what
//! decides races in sight, the rest folded; and the standings at the end.

use crate::common;

use roadwright::rules::report::{CompactReport, EntryKind};
use roadwright::rules::{Race, RaceEvent, RaceResult};
use roadwright::sim::Seats;

/// A ten-player race on the figure 8 played to its end by random bots, with the compact report
/// kept up to date every few decisions as a screen keeps it.
fn race_told_as_it_goes(seed: u64) -> (Race, CompactReport) {
    let rules = common::race_rules("figure-eight", "standard");
    let setup = roadwright::rules::RaceSetup::first_teams(&rules.content, 10, seed);
    let mut race = Race::new(rules, &setup).expect("setup");
    let mut seats = Seats::random(seed, 10);
    let mut report = CompactReport::default();
    let mut decisions = 0;
    while race.result().is_none() {
        seats.step(&mut race).expect("a bot decides");
        decisions += 1;
        if decisions % 7 == 0 {
            report.update(&race);
        }
    }
    report.update(&race);
    (race, report)
}

/// The report tells every line of the full log once and in order, only arranged: each
/// activation's line opens with the card played; pushes are folded; attacks and eliminations
/// stand out; one entry per card played. Told as it goes, it is the report told at the end.
#[test]
fn the_compact_report_tells_each_event_once_one_entry_per_activation() {
    let (race, report) = race_told_as_it_goes(11);
    let log = race.log();
    let mut told = Vec::new();
    for entry in report.entries() {
        told.push((entry.first_event, entry.headline.clone()));
        told.extend(entry.highlights.iter().cloned());
        told.extend(entry.details.iter().cloned());
    }
    told.sort_by_key(|(index, _)| *index);
    assert_eq!(told.len(), log.len(), "every told event once");
    for ((_, shown), line) in told.iter().zip(&log) {
        assert!(shown.starts_with(line.as_str()), "{shown:?} tells {line:?}");
    }

    let played = race
        .events()
        .iter()
        .filter(|e| matches!(e, RaceEvent::CardPlayed { .. }))
        .count();
    let activations: Vec<_> = report
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Activation)
        .collect();
    assert_eq!(activations.len(), played);
    assert!(
        activations
            .iter()
            .any(|e| e.headline.contains(": from ") && e.headline.contains("other car")),
        "some activation summarises its movement and the cars it moved"
    );
    let all_highlights: Vec<&str> = activations
        .iter()
        .flat_map(|e| e.highlights.iter().map(|(_, l)| l.as_str()))
        .collect();
    let all_details: Vec<&str> = activations
        .iter()
        .flat_map(|e| e.details.iter().map(|(_, l)| l.as_str()))
        .collect();
    assert!(all_highlights.iter().any(|l| l.contains(" fires at ")));
    assert!(all_highlights.iter().any(|l| l.contains(" is eliminated")));
    assert!(all_details.iter().any(|l| l.contains(" is pushed ")));
    assert!(!all_highlights.iter().any(|l| l.contains(" is pushed ")));
    assert_eq!(
        report.entries().last().map(|e| e.kind),
        Some(EntryKind::Result)
    );

    let mut at_the_end = CompactReport::default();
    at_the_end.update(&race);
    assert_eq!(at_the_end.entries(), report.entries());
}

/// The standings: the winner first, then by VP; VP by source adds up to what was claimed; cars
/// lost are the player's cars the stream eliminated.
#[test]
fn the_standings_give_vp_by_source_and_cars_lost() {
    let (race, _) = race_told_as_it_goes(11);
    let standings = race.standings();
    assert_eq!(standings.len(), 10);
    let Some(RaceResult::Winner(winner)) = race.result() else {
        panic!("a winner");
    };
    assert_eq!(standings[0].player, winner);
    assert!(standings[0].winner && standings[1..].iter().all(|s| !s.winner));
    for pair in standings[1..].windows(2) {
        assert!(pair[0].claimed >= pair[1].claimed, "{pair:?}");
    }
    let mut lost_in_all = 0;
    for standing in &standings {
        assert_eq!(standing.claimed, standing.finish + standing.kills);
        let lost = race
            .events()
            .iter()
            .filter(|e| matches!(e, RaceEvent::Eliminated { car, .. } if race.car(*car).player == standing.player))
            .count() as u32;
        assert_eq!(standing.cars_lost, lost, "{standing:?}");
        lost_in_all += lost;
    }
    assert!(lost_in_all > 0, "a ten-player race loses cars");
}

/// The design metrics read the race's standings as the engine keeps them: the VP claimed at
/// the end are each player's claims, and every metric of many races lies in its range.
#[test]
fn design_metrics_follow_the_standings_and_stay_in_range() {
    use roadwright::sim::metrics::Timeline;
    for seed in 0..12 {
        let (race, _) = race_told_as_it_goes(seed);
        let timeline = Timeline::of(&race);
        let end: Vec<u32> = race
            .players()
            .iter()
            .map(roadwright::rules::Player::claimed)
            .collect();
        assert_eq!(timeline.standings.last(), Some(&end), "seed {seed}");
        assert_eq!(timeline.standings.len(), timeline.activations.len() + 1);
        let metrics = timeline.metrics();
        for share in [metrics.drama, metrics.decisiveness].into_iter().flatten() {
            assert!((0.0..=1.0).contains(&share), "seed {seed}: {metrics:?}");
        }
        assert_eq!(
            metrics.drama.is_some(),
            race.result()
                .is_some_and(|r| matches!(r, RaceResult::Winner(_)))
        );
        // Ten players: about nine others' activations between one's own.
        let downtime = metrics.downtime.expect("players wait");
        assert!((5.0..=12.0).contains(&downtime), "seed {seed}: {downtime}");
    }
}
