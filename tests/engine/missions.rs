//! Missions played by the engine: each objective kind from a position (met, not met, the race
//! ending at the right event), the VP rules a mission changes, and the turn limit's
//! settlement.

use crate::common;

use common::rules::*;
use roadwright::content::kind::MissionKind;
use roadwright::content::mission::{
    Goal, Mission, MissionSetup, Objective, Reward, Side, Tie, TurnLimit, VpRules,
};
use roadwright::content::scenario::CarRef;
use roadwright::content::text::{CarNumber, Id, Text};
use roadwright::rules::{Decision, ObjectiveStatus, Race, RaceEvent, RaceResult, VpSource};
use roadwright::validate::mission::{ObjectiveId, SideId};

const RR: &str = "rust-reapers";
const CJ: &str = "chrome-jackals";
/// The jackals' side: listed first.
const JACKALS: SideId = SideId(0);
/// The reapers' side.
const REAPERS: SideId = SideId(1);

/// Four paved sectors, a jump, seven paved: the finish line lies between 13 and 0.
fn jump_track() -> roadwright::content::track::Track {
    let mut sectors = straight(4, "PPP");
    sectors.extend(straight(3, "JTJ"));
    sectors.extend(straight(7, "PPP"));
    test_track(&sectors)
}

/// A mission of the jackals against the reapers with these objectives and a limit of ten
/// turns settled by the most VP, else a draw.
fn mission(objectives: Vec<Objective>) -> Mission {
    let side = |id: &str, team: &str| Side {
        id: Id::from(id),
        name: Text::from(id),
        teams: vec![Id::from(team)],
        bot: None,
        ..Side::default()
    };
    Mission {
        kind: MissionKind::Mission,
        version: Mission::VERSION,
        name: Text::from("test"),
        briefing: Text::from(""),
        track: Text::from(""),
        content: Text::from(""),
        ruleset: Id::from("standard"),
        players: Vec::new(),
        sides: vec![side("jackals", CJ), side("reapers", RR)],
        setup: MissionSetup::Grid,
        deck_changes: Vec::new(),
        vp: VpRules::default(),
        friendly_fire: roadwright::content::mission::FriendlyFire::Allowed,
        objectives,
        turn_limit: TurnLimit {
            turn: 10,
            most_vp: true,
            ties: Tie::Draw,
            tie_breaks: Vec::new(),
        },
    }
}

fn objective(id: &str, side: Option<&str>, goal: Goal, reward: Reward) -> Objective {
    Objective {
        id: Id::from(id),
        side: side.map(Id::from),
        goal,
        reward,
    }
}

fn car_ref(team: &str, number: &str) -> CarRef {
    CarRef {
        team: Id::from(team),
        number: CarNumber::from(number),
    }
}

/// CJ #22 at 12.1 drives solo-2 over the finish line; RR #11 waits at 3.1.
fn crossing(mission: Mission) -> Race {
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "22", "12.1")
            .car(RR, "11", "3.1")
            .play(CJ, "22", "solo-2")
            .mission(mission),
    );
    finish_movement(&mut race);
    race
}

/// The kinds of the last `n` events, in order.
fn last_kinds(race: &Race, n: usize) -> Vec<&'static str> {
    let events = race.events();
    events[events.len().saturating_sub(n)..]
        .iter()
        .map(RaceEvent::kind)
        .collect()
}

#[test]
fn a_laps_objective_wins_at_the_crossing_that_meets_it_and_nothing_happens_after() {
    let race = crossing(mission(vec![objective(
        "first-lap",
        None,
        Goal::Laps(1),
        Reward::Win,
    )]));
    assert_eq!(race.result(), Some(RaceResult::SideWon(JACKALS)));
    assert_eq!(
        last_kinds(&race, 4),
        [
            "LineCrossed",
            "ObjectiveProgress",
            "ObjectiveMet",
            "SideWon"
        ]
    );
    // The race ended at the crossing: the VP for it was never claimed.
    assert!(
        !race
            .events()
            .iter()
            .any(|e| matches!(e, RaceEvent::VpClaimed { .. }))
    );
    assert!(race.legal_decisions().is_empty());
    assert_eq!(
        race.objective_status(ObjectiveId(0)),
        Some(ObjectiveStatus::Met(JACKALS))
    );
}

#[test]
fn a_laps_objective_not_yet_met_counts_the_crossing_and_the_race_goes_on() {
    let race = crossing(mission(vec![objective(
        "two-laps",
        None,
        Goal::Laps(2),
        Reward::Win,
    )]));
    assert!(!race.is_over());
    assert_eq!(race.objective_progress(ObjectiveId(0), JACKALS), Some(1));
    assert_eq!(race.objective_progress(ObjectiveId(0), REAPERS), Some(0));
    assert!(race.events().iter().any(|e| matches!(
        e,
        RaceEvent::ObjectiveProgress { count: 1, of: 2, side, .. } if *side == JACKALS
    )));
    // The finish line still scores as the rulebook says.
    let cj = race.car(car(&race, CJ, "22")).player;
    assert_eq!(race.player(cj).claims.finish, 1);
}

#[test]
fn a_sides_laps_objective_fails_when_another_side_gets_there_first() {
    let race = crossing(mission(vec![objective(
        "reapers-lap",
        Some("reapers"),
        Goal::Laps(1),
        Reward::Win,
    )]));
    assert!(!race.is_over());
    assert_eq!(
        race.objective_status(ObjectiveId(0)),
        Some(ObjectiveStatus::Failed)
    );
    assert!(race.events().iter().any(|e| matches!(
        e,
        RaceEvent::ObjectiveFailed { side: Some(side), .. } if *side == REAPERS
    )));
}

#[test]
fn a_mission_that_makes_the_finish_line_worth_nothing_claims_nothing_and_still_counts_laps() {
    let mut m = mission(vec![objective(
        "two-laps",
        None,
        Goal::Laps(2),
        Reward::Win,
    )]);
    m.vp.finish = 0;
    let race = crossing(m);
    let cj = race.car(car(&race, CJ, "22")).player;
    assert_eq!(race.player(cj).pool, 12);
    assert!(
        !race
            .events()
            .iter()
            .any(|e| matches!(e, RaceEvent::VpClaimed { .. }))
    );
    assert_eq!(race.objective_progress(ObjectiveId(0), JACKALS), Some(1));
}

#[test]
fn an_escort_is_met_when_the_escorted_car_crosses_its_laps() {
    let race = crossing(mission(vec![objective(
        "courier",
        Some("jackals"),
        Goal::Escort {
            car: car_ref(CJ, "22"),
            laps: 1,
        },
        Reward::Win,
    )]));
    assert_eq!(race.result(), Some(RaceResult::SideWon(JACKALS)));
}

#[test]
fn an_escort_is_not_met_by_another_car_of_the_side() {
    let race = crossing(mission(vec![objective(
        "courier",
        Some("jackals"),
        Goal::Escort {
            car: car_ref(CJ, "21"),
            laps: 1,
        },
        Reward::Win,
    )]));
    assert!(!race.is_over());
    assert_eq!(race.objective_progress(ObjectiveId(0), JACKALS), Some(0));
}

/// CJ #21 at 7.1 drives solo-5 past RR #12 (5 damage, at 0.2) and fires at it with a
/// bullseye drawn: the kill.
fn kill(mission: Mission) -> Race {
    let (mut race, play) = Position::on(&jump_track())
        .car(CJ, "21", "7.1")
        .damaged(RR, "12", "0.2", 5)
        .play(CJ, "21", "solo-5")
        .events(&["bounty"])
        .combat(&["bullseye"])
        .mission(mission)
        .setup();
    race.apply(&play).expect("play");
    race.apply(&Decision::HoldFire).ok();
    finish_movement(&mut race);
    let target = car(&race, RR, "12");
    race.apply(&Decision::Fire { target }).expect("fire");
    race
}

#[test]
fn a_kills_objective_wins_once_the_killed_car_is_in_the_destroyed_box() {
    let race = kill(mission(vec![objective(
        "first-blood",
        Some("jackals"),
        Goal::Kills(1),
        Reward::Win,
    )]));
    assert_eq!(race.result(), Some(RaceResult::SideWon(JACKALS)));
    assert_eq!(where_is(&race, RR, "12"), "destroyed");
    assert_eq!(last_kinds(&race, 2), ["ObjectiveMet", "SideWon"]);
    // The race was won before the kill's VP and the replacement.
    assert!(!race.events().iter().any(|e| matches!(
        e,
        RaceEvent::VpClaimed {
            source: VpSource::Kill,
            ..
        } | RaceEvent::Replacement { .. }
    )));
}

#[test]
fn a_kills_objective_short_of_its_count_records_progress_only() {
    let race = kill(mission(vec![objective(
        "three-kills",
        None,
        Goal::Kills(3),
        Reward::Win,
    )]));
    assert!(!race.is_over());
    assert_eq!(race.objective_progress(ObjectiveId(0), JACKALS), Some(1));
    assert_eq!(race.objective_progress(ObjectiveId(0), REAPERS), Some(0));
}

#[test]
fn eliminating_a_named_car_scores_the_objectives_vp_for_its_side() {
    let race = kill(mission(vec![objective(
        "get-twelve",
        Some("jackals"),
        Goal::Eliminate(car_ref(RR, "12")),
        Reward::Vp(3),
    )]));
    assert!(!race.is_over());
    assert_eq!(
        race.objective_status(ObjectiveId(0)),
        Some(ObjectiveStatus::Met(JACKALS))
    );
    // Three for the objective and two for the kill under Bounty.
    assert_eq!(race.side_vp(JACKALS), 5);
    assert_eq!(race.side_vp(REAPERS), 0);
}

#[test]
fn an_escort_fails_when_the_escorted_car_is_destroyed_and_the_raiders_win() {
    let race = kill(mission(vec![
        objective(
            "courier",
            Some("reapers"),
            Goal::Escort {
                car: car_ref(RR, "12"),
                laps: 2,
            },
            Reward::Win,
        ),
        objective(
            "stop-the-courier",
            Some("jackals"),
            Goal::Eliminate(car_ref(RR, "12")),
            Reward::Win,
        ),
    ]));
    assert_eq!(
        race.objective_status(ObjectiveId(0)),
        Some(ObjectiveStatus::Failed)
    );
    assert_eq!(race.result(), Some(RaceResult::SideWon(JACKALS)));
}

/// CJ #22 at 12.1 plays solo-2 over the line (to 3.1); RR #11 sits out of its way at 5.2,
/// already activated; the rest of turn 1 is played quietly.
fn end_of_turn_one(mission: Mission) -> Race {
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "22", "12.1")
            .activated(RR, "11", "5.2")
            .play(CJ, "22", "solo-2")
            .mission(mission),
    );
    finish_turn_quietly(&mut race);
    race
}

#[test]
fn survival_is_met_at_the_end_of_its_turn_and_the_race_ends_after_that_turn() {
    let race = end_of_turn_one(mission(vec![objective(
        "hold-out",
        Some("reapers"),
        Goal::Survive(1),
        Reward::Win,
    )]));
    assert_eq!(race.result(), Some(RaceResult::SideWon(REAPERS)));
    assert_eq!(race.turn(), 1, "no second turn begins");
    let ended = race
        .events()
        .iter()
        .position(|e| matches!(e, RaceEvent::TurnEnded { turn: 1 }))
        .expect("turn 1 ended");
    assert_eq!(
        race.events()[ended + 1..]
            .iter()
            .map(RaceEvent::kind)
            .collect::<Vec<_>>(),
        ["ObjectiveProgress", "ObjectiveMet", "SideWon"]
    );
}

#[test]
fn survival_of_a_later_turn_is_not_met_yet() {
    let race = end_of_turn_one(mission(vec![objective(
        "hold-out",
        Some("reapers"),
        Goal::Survive(3),
        Reward::Win,
    )]));
    assert!(!race.is_over());
    assert_eq!(race.turn(), 2);
    assert_eq!(race.objective_progress(ObjectiveId(0), REAPERS), Some(1));
}

#[test]
fn holding_a_space_at_the_end_of_a_turn_counts_and_meets_the_objective() {
    let hold = |turns| {
        end_of_turn_one(mission(vec![objective(
            "hold-the-bridge",
            Some("reapers"),
            Goal::Hold {
                spaces: vec![space_ref("5.2"), space_ref("6.2")],
                turns,
                every: false,
            },
            Reward::Win,
        )]))
    };
    assert_eq!(hold(1).result(), Some(RaceResult::SideWon(REAPERS)));
    let longer = hold(2);
    assert!(!longer.is_over());
    assert_eq!(longer.objective_progress(ObjectiveId(0), REAPERS), Some(1));
}

#[test]
fn a_space_no_car_of_the_side_holds_counts_nothing() {
    let race = end_of_turn_one(mission(vec![objective(
        "hold-the-far-lane",
        Some("reapers"),
        Goal::Hold {
            spaces: vec![space_ref("9.2")],
            turns: 1,
            every: false,
        },
        Reward::Win,
    )]));
    assert!(!race.is_over());
    assert_eq!(race.objective_progress(ObjectiveId(0), REAPERS), Some(0));
}

/// A mission whose limit is turn 1, settled as `ties` says.
fn limited(ties: Tie, objectives: Vec<Objective>) -> Mission {
    let mut m = mission(objectives);
    m.turn_limit = TurnLimit {
        turn: 1,
        most_vp: true,
        ties,
        tie_breaks: Vec::new(),
    };
    m
}

#[test]
fn at_the_turn_limit_the_side_with_the_most_vp_wins() {
    // The jackals' crossing is their 1 VP: the reapers have none.
    let race = end_of_turn_one(limited(Tie::Draw, Vec::new()));
    assert_eq!(race.result(), Some(RaceResult::SideWon(JACKALS)));
    assert_eq!(
        race.events().last(),
        Some(&RaceEvent::SideWon { side: JACKALS })
    );
    // The report's line names the side without a verb that would agree with one name only.
    let line = race
        .describe(&RaceEvent::SideWon { side: JACKALS })
        .expect("a side's win is told");
    assert_eq!(
        line,
        format!("the race goes to {}", race.side_name(JACKALS))
    );
}

#[test]
fn objective_vp_count_at_the_turn_limit() {
    // The reapers hold their space for 2 VP and beat the jackals' 1 for the crossing.
    let race = end_of_turn_one(limited(
        Tie::Draw,
        vec![objective(
            "hold",
            Some("reapers"),
            Goal::Hold {
                spaces: vec![space_ref("5.2")],
                turns: 1,
                every: false,
            },
            Reward::Vp(2),
        )],
    ));
    assert_eq!(race.side_vp(REAPERS), 2);
    assert_eq!(race.result(), Some(RaceResult::SideWon(REAPERS)));
}

#[test]
fn a_tie_at_the_turn_limit_is_a_draw_or_goes_to_the_named_side() {
    let tie = |ties| {
        let m = limited(
            ties,
            vec![objective(
                "hold",
                Some("reapers"),
                Goal::Hold {
                    spaces: vec![space_ref("5.2")],
                    turns: 1,
                    every: false,
                },
                Reward::Vp(1),
            )],
        );
        end_of_turn_one(m)
    };
    let draw = tie(Tie::Draw);
    assert_eq!(draw.side_vp(JACKALS), draw.side_vp(REAPERS));
    assert_eq!(draw.result(), Some(RaceResult::Draw));
    assert_eq!(draw.events().last(), Some(&RaceEvent::Draw));
    let to_reapers = tie(Tie::Side(Id::from("reapers")));
    assert_eq!(to_reapers.result(), Some(RaceResult::SideWon(REAPERS)));
}

#[test]
fn emptying_a_pool_wins_for_the_teams_side_unless_the_mission_says_not() {
    let pool = |pool_wins| {
        let mut m = mission(Vec::new());
        m.vp.pool_wins = pool_wins;
        let mut race = play_moving_first(
            Position::on(&jump_track())
                .car(CJ, "22", "12.1")
                .car(RR, "11", "3.1")
                .claimed(CJ, 11, 0)
                .play(CJ, "22", "solo-2")
                .mission(m),
        );
        finish_movement(&mut race);
        race
    };
    let won = pool(true);
    assert_eq!(won.result(), Some(RaceResult::SideWon(JACKALS)));
    assert_eq!(last_kinds(&won, 2), ["Winner", "SideWon"]);
    let goes_on = pool(false);
    assert!(!goes_on.is_over());
    let cj = goes_on.car(car(&goes_on, CJ, "22")).player;
    assert_eq!(goes_on.player(cj).pool, 0);
}

#[test]
fn nothing_is_recorded_after_an_objective_wins_the_race_not_even_another_objectives_progress() {
    // The elimination meets the first objective and ends the race; the kill would have moved
    // the second one on.
    let race = kill(mission(vec![
        objective(
            "get-twelve",
            Some("jackals"),
            Goal::Eliminate(car_ref(RR, "12")),
            Reward::Win,
        ),
        objective(
            "three-kills",
            Some("jackals"),
            Goal::Kills(3),
            Reward::Vp(2),
        ),
    ]));
    assert_eq!(race.result(), Some(RaceResult::SideWon(JACKALS)));
    assert_eq!(
        race.events().last(),
        Some(&RaceEvent::SideWon { side: JACKALS })
    );
    assert_eq!(race.objective_progress(ObjectiveId(1), JACKALS), Some(0));
}

#[test]
fn a_mission_may_not_place_a_car_or_hold_a_space_in_a_point_to_point_run_off() {
    // A car placed in the run-off starts past the finish line and can never cross it; a held
    // run-off space is never held (a car that enters it has finished and left the road).
    use roadwright::content::scenario::{CarPlacement, Spot};
    let track = roadwright::validate::checked_track::CheckedTrack::from_track(
        &point_to_point(test_track(&straight(6, "PPP"))),
        &roadwright::validate::checked::TerrainBook::standard(),
    )
    .expect("track");
    let content =
        roadwright::validate::open::open_content(&common::repo("content")).expect("content");
    let place = |team: &str, number: &str, at: &str| CarPlacement {
        team: Id::from(team),
        number: CarNumber::from(number),
        at: Spot::Space(at.parse().expect("space")),
        damage: 0,
        markers: Vec::new(),
        activated: false,
    };
    let codes = |mission: &Mission| -> Vec<&'static str> {
        match roadwright::validate::mission::CheckedMission::from_mission(mission, &content, &track)
        {
            Ok(_) => Vec::new(),
            Err(found) => found.iter().map(|d| d.code).collect(),
        }
    };
    let hold = |at: &str| {
        objective(
            "hold",
            Some("jackals"),
            Goal::Hold {
                spaces: vec![at.parse().expect("space")],
                turns: 2,
                every: false,
            },
            Reward::Win,
        )
    };
    let mut sound = mission(vec![hold("4.1")]);
    sound.setup = MissionSetup::Placed(vec![place(CJ, "21", "1.1"), place(RR, "11", "2.1")]);
    assert_eq!(codes(&sound), Vec::<&str>::new());
    let mut placed = sound.clone();
    placed.setup = MissionSetup::Placed(vec![place(CJ, "21", "5.1"), place(RR, "11", "2.1")]);
    assert_eq!(codes(&placed), ["run-off-start"]);
    let mut holding = sound;
    holding.objectives = vec![hold("5.1")];
    assert_eq!(codes(&holding), ["objective-unreachable"]);
}

/// The jackals and the reapers on one side, the vipers on the other; `allied_kills` as given.
fn allies(allied_kills: bool) -> Mission {
    let mut allied = mission(vec![objective(
        "last",
        Some("vipers"),
        Goal::Survive(10),
        Reward::Win,
    )]);
    allied.sides = vec![
        Side {
            id: Id::from("allies"),
            name: Text::from("allies"),
            teams: vec![Id::from(CJ), Id::from(RR)],
            bot: None,
            ..Side::default()
        },
        Side {
            id: Id::from("vipers"),
            name: Text::from("vipers"),
            teams: vec![Id::from("ash-vipers")],
            bot: None,
            ..Side::default()
        },
    ];
    allied.vp.allied_kills = allied_kills;
    allied
}

#[test]
fn a_kill_of_an_allys_car_claims_nothing_unless_the_mission_says_so_11_3() {
    // 11.3: "a kill of one's own car never scores", read for the side: CJ #21 destroys RR #12,
    // its ally's car, with Bounty in play. No VP is claimed and the kill is no one's.
    let race = kill(allies(false));
    assert_eq!(where_is(&race, RR, "12"), "destroyed");
    assert!(
        race.events().iter().any(|e| matches!(
            e,
            RaceEvent::Eliminated {
                scored_by: None,
                ..
            }
        )),
        "the kill is no one's"
    );
    assert!(!race.events().iter().any(|e| matches!(
        e,
        RaceEvent::VpClaimed {
            source: VpSource::Kill,
            ..
        }
    )));
    // With `allied_kills`, the ally's car claims as any kill does (Bounty makes it 2).
    let race = kill(allies(true));
    let cj = race.car(car(&race, CJ, "21")).player;
    assert!(race.events().iter().any(|e| matches!(
        e,
        RaceEvent::VpClaimed {
            seat,
            source: VpSource::Kill,
            ..
        } if *seat == cj
    )));
}

#[test]
fn a_mission_that_forbids_friendly_fire_offers_no_ally_as_a_target() {
    // Road Wolf's couriers "may not attack each other": with `FriendlyFire::Forbidden`, CJ #21
    // may not fire at RR #12, its ally's car, though it stands in its arc; allowed (the
    // rulebook's default) it may.
    use roadwright::content::mission::FriendlyFire;
    let shooter = |friendly_fire: FriendlyFire| {
        let mut allied = allies(false);
        allied.friendly_fire = friendly_fire;
        let (mut race, play) = Position::on(&jump_track())
            .car(CJ, "21", "7.1")
            .car(RR, "12", "0.2")
            .play(CJ, "21", "solo-5")
            .events(&["bounty"])
            .mission(allied)
            .setup();
        race.apply(&play).expect("play");
        race.apply(&Decision::HoldFire).ok();
        finish_movement(&mut race);
        race
    };
    let fires_at_ally = |race: &Race| {
        let ally = car(race, RR, "12");
        race.legal_decisions()
            .iter()
            .any(|d| matches!(d, Decision::Fire { target } if *target == ally))
    };
    assert!(fires_at_ally(&shooter(FriendlyFire::Allowed)));
    let race = shooter(FriendlyFire::Forbidden);
    assert!(!fires_at_ally(&race), "{:?}", race.legal_decisions());
    let ally = car(&race, RR, "12");
    let mut refused = race.clone();
    assert!(refused.apply(&Decision::Fire { target: ally }).is_err());
}

#[test]
fn a_ram_into_an_ally_stops_without_an_attack_when_friendly_fire_is_forbidden() {
    use roadwright::content::mission::FriendlyFire;
    let mut allied = allies(false);
    allied.friendly_fire = FriendlyFire::Forbidden;
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "21", "8.1")
            .car(RR, "12", "10.1")
            .play(CJ, "21", "ram-2")
            .combat(&["solid-hit"])
            .mission(allied),
    );
    step(&mut race, "forward", "9.1");
    step(&mut race, "forward", "10.1");
    assert_eq!(where_is(&race, CJ, "21"), "9.1", "stopped behind its ally");
    assert!(
        !race
            .events()
            .iter()
            .any(|e| matches!(e, RaceEvent::Collision { .. })),
        "no collision attack"
    );
    assert_eq!(race.car(car(&race, RR, "12")).damage, 0);
}

/// CJ #21 after its movement, `target` (a car of `team`) in its arc at 0.2, the combat deck's
/// top card a sure hit; the allies' mission.
fn aimed_at(team: &str, number: &str) -> Race {
    let (mut race, play) = Position::on(&jump_track())
        .car(CJ, "21", "7.1")
        .car(team, number, "0.2")
        .play(CJ, "21", "solo-5")
        .events(&["bounty"])
        .combat(&["bullseye"])
        .mission(allies(false))
        .setup();
    race.apply(&play).expect("play");
    race.apply(&Decision::HoldFire).ok();
    finish_movement(&mut race);
    race
}

#[test]
fn fire_at_an_allys_car_is_harm_from_its_own_side_and_fire_at_another_sides_is_enemy_fire() {
    use roadwright::sim::harm::{Attributor, Cause};
    for (team, number, cause) in [
        (RR, "12", Cause::OwnFire),
        ("ash-vipers", "31", Cause::EnemyFire),
    ] {
        let mut race = aimed_at(team, number);
        let target = car(&race, team, number);
        race.apply(&Decision::Fire { target })
            .expect("a legal shot");
        let damage = race.car(target).damage;
        assert!(damage > 0, "{team}: the bullseye hits");
        let harm = Attributor::of(&race);
        let taken = harm.cars[target.index()].damage;
        assert_eq!(taken.get(cause), u64::from(damage), "{team}: {taken:?}");
        assert_eq!(taken.total(), u64::from(damage), "{team}: nothing else");
        assert_eq!(harm.attacks.shots, 1);
        assert_eq!(
            harm.attacks.own_side_shots,
            u32::from(cause == Cause::OwnFire)
        );
    }
}

#[test]
fn a_bot_holds_fire_rather_than_shoot_its_allys_car() {
    // Only the ally's car is in the arc (RR #11, defense 3: many cards miss it): firing at it
    // can only harm the side. Before the shot cost its expected damage, a determinised copy
    // that drew a miss scored the shot as holding fire does, and the bot fired at random.
    let race = aimed_at(RR, "11");
    let shooter = race.deciding_player().expect("CJ decides");
    let legal = race.legal_decisions().clone();
    assert!(legal.contains(&Decision::HoldFire), "{legal:?}");
    let ally = car(&race, RR, "11");
    assert!(
        legal.contains(&Decision::Fire { target: ally }),
        "{legal:?}"
    );
    let profiles = roadwright::sim::profiles::profiles_in(&common::repo("content"));
    for name in [
        "planner",
        "brawler",
        "racer",
        "sprinter",
        "searcher",
        "quick-searcher",
    ] {
        for seed in 0..24 {
            let mut bot = roadwright::sim::profiles::bot_for(&profiles[name], seed);
            let chosen = bot.choose(&race.view(shooter), &legal);
            assert_eq!(legal[chosen], Decision::HoldFire, "{name}, seed {seed}");
        }
    }
}

/// An objective worth nothing by itself: a part of others.
fn part(id: &str, side: Option<&str>, goal: Goal) -> Objective {
    objective(id, side, goal, Reward::Nothing)
}

/// Holding `spaces` at the end of `turns` turns, with one car or every car of the side.
fn hold(spaces: &[&str], turns: u8, every: bool) -> Goal {
    Goal::Hold {
        spaces: spaces.iter().map(|s| space_ref(s)).collect(),
        turns,
        every,
    }
}

fn ids(parts: &[&str]) -> Vec<Id> {
    parts.iter().map(|p| Id::from(*p)).collect()
}

#[test]
fn an_objective_worth_a_draw_ends_the_race_in_a_draw_at_the_event_that_meets_it() {
    // "If the Limo is destroyed, the game is a draw": RR #12 plays the limo.
    let limo = |number: &str| {
        mission(vec![objective(
            "limo-lost",
            None,
            Goal::Eliminate(car_ref(RR, number)),
            Reward::Draw,
        )])
    };
    let race = kill(limo("12"));
    assert_eq!(race.result(), Some(RaceResult::Draw));
    assert_eq!(last_kinds(&race, 2), ["ObjectiveMet", "Draw"]);
    // Another car's crossing leaves the limo's objective open and the race on.
    let other = crossing(limo("11"));
    assert!(!other.is_over());
    assert_eq!(
        other.objective_status(ObjectiveId(0)),
        Some(ObjectiveStatus::Open)
    );
}

#[test]
fn an_objective_worth_a_loss_ends_the_race_and_the_other_side_wins() {
    let race = kill(mission(vec![objective(
        "limo-lost",
        Some("reapers"),
        Goal::Eliminate(car_ref(RR, "12")),
        Reward::Lose,
    )]));
    assert_eq!(
        race.objective_status(ObjectiveId(0)),
        Some(ObjectiveStatus::Met(REAPERS))
    );
    assert_eq!(race.result(), Some(RaceResult::SideWon(JACKALS)));
    assert_eq!(last_kinds(&race, 2), ["ObjectiveMet", "SideWon"]);
}

#[test]
fn an_objective_that_ends_the_race_settles_it_by_vp_not_for_its_own_side() {
    // The reapers hold 5.2 at the end of turn 1 and so end the race; the jackals' crossing is
    // the only VP, so the jackals win it.
    let race = end_of_turn_one(mission(vec![objective(
        "stand-off",
        Some("reapers"),
        hold(&["5.2"], 1, false),
        Reward::End,
    )]));
    assert_eq!(race.turn(), 1, "no second turn begins");
    assert_eq!(race.result(), Some(RaceResult::SideWon(JACKALS)));
    assert_eq!(last_kinds(&race, 2), ["ObjectiveMet", "SideWon"]);
}

/// As [`end_of_turn_one`], with CJ #21 already activated on 9.2.
fn end_of_turn_one_with_21_at_9_2(mission: Mission) -> Race {
    let mut race = play_moving_first(
        Position::on(&jump_track())
            .car(CJ, "22", "12.1")
            .activated(RR, "11", "5.2")
            .activated(CJ, "21", "9.2")
            .play(CJ, "22", "solo-2")
            .mission(mission),
    );
    finish_turn_quietly(&mut race);
    race
}

#[test]
fn a_sequence_is_met_when_its_steps_are_met_in_order_by_the_same_car() {
    // "Rescue the Scientist at the Police Station, then carry the Scientist back to your
    // van": #22 crosses the line (the rescue), then ends the turn on 3.1 (the van).
    let steps = |home: &str| {
        mission(vec![
            part("rescue", Some("jackals"), Goal::Laps(1)),
            part("home", Some("jackals"), hold(&[home], 1, false)),
            objective(
                "rescue-then-home",
                Some("jackals"),
                Goal::Then(ids(&["rescue", "home"])),
                Reward::Win,
            ),
        ])
    };
    let race = end_of_turn_one_with_21_at_9_2(steps("3.1"));
    assert_eq!(race.result(), Some(RaceResult::SideWon(JACKALS)));
    assert_eq!(
        last_kinds(&race, 4),
        [
            "ObjectiveMet",
            "ObjectiveProgress",
            "ObjectiveMet",
            "SideWon"
        ]
    );
    // #21 stands on 9.2, but the rescue was #22's: the step after it is #22's alone.
    let other_car = end_of_turn_one_with_21_at_9_2(steps("9.2"));
    assert!(!other_car.is_over());
    assert_eq!(
        other_car.objective_status(ObjectiveId(0)),
        Some(ObjectiveStatus::Met(JACKALS))
    );
    assert_eq!(
        other_car.objective_status(ObjectiveId(1)),
        Some(ObjectiveStatus::Open)
    );
    // Without the sequence, #21 holding 9.2 is the side holding it.
    let alone = end_of_turn_one_with_21_at_9_2(mission(vec![objective(
        "home",
        Some("jackals"),
        hold(&["9.2"], 1, false),
        Reward::Win,
    )]));
    assert_eq!(alone.result(), Some(RaceResult::SideWon(JACKALS)));
}

#[test]
fn a_later_step_counts_only_what_happens_after_the_step_before_is_met() {
    // Home first, then the crossing: the crossing came before home was held, so it does not
    // count, and the sequence waits.
    let race = end_of_turn_one(mission(vec![
        part("rescue", Some("jackals"), Goal::Laps(1)),
        part("home", Some("jackals"), hold(&["3.1"], 1, false)),
        objective(
            "home-then-rescue",
            Some("jackals"),
            Goal::Then(ids(&["home", "rescue"])),
            Reward::Win,
        ),
    ]));
    assert!(!race.is_over());
    assert_eq!(
        race.objective_status(ObjectiveId(1)),
        Some(ObjectiveStatus::Met(JACKALS))
    );
    assert_eq!(
        race.objective_status(ObjectiveId(0)),
        Some(ObjectiveStatus::Open)
    );
    assert_eq!(race.objective_progress(ObjectiveId(0), JACKALS), Some(0));
    assert_eq!(race.objective_progress(ObjectiveId(2), JACKALS), Some(1));
}

#[test]
fn all_of_waits_for_every_part_and_any_of_takes_the_first_met() {
    let with = |whole: Goal| {
        end_of_turn_one(mission(vec![
            part("cross", Some("jackals"), Goal::Laps(1)),
            part("far-lane", Some("jackals"), hold(&["9.2"], 1, false)),
            objective("whole", Some("jackals"), whole, Reward::Win),
        ]))
    };
    let all = with(Goal::All(ids(&["cross", "far-lane"])));
    assert!(!all.is_over());
    assert_eq!(all.objective_progress(ObjectiveId(2), JACKALS), Some(1));
    assert_eq!(
        all.objective_status(ObjectiveId(2)),
        Some(ObjectiveStatus::Open)
    );
    let any = with(Goal::Any(ids(&["far-lane", "cross"])));
    assert_eq!(any.result(), Some(RaceResult::SideWon(JACKALS)));
    assert_eq!(any.turn(), 1);
    // Met at the crossing, before the end of the turn.
    assert!(
        !any.events()
            .iter()
            .any(|e| matches!(e, RaceEvent::TurnEnded { .. }))
    );
}

#[test]
fn a_sequence_fails_with_a_step_and_any_of_only_once_every_part_has_failed() {
    let race = kill(mission(vec![
        part(
            "courier",
            Some("reapers"),
            Goal::Escort {
                car: car_ref(RR, "12"),
                laps: 1,
            },
        ),
        part("hold-out", Some("reapers"), Goal::Survive(5)),
        objective(
            "deliver-then-hold",
            Some("reapers"),
            Goal::Then(ids(&["courier", "hold-out"])),
            Reward::Win,
        ),
        objective(
            "either",
            Some("reapers"),
            Goal::Any(ids(&["courier", "hold-out"])),
            Reward::Vp(2),
        ),
    ]));
    assert!(!race.is_over());
    let status = |n: u16| race.objective_status(ObjectiveId(n));
    assert_eq!(status(0), Some(ObjectiveStatus::Failed));
    assert_eq!(status(2), Some(ObjectiveStatus::Failed));
    assert_eq!(status(3), Some(ObjectiveStatus::Open));
}

#[test]
fn holding_with_every_car_needs_every_car_of_the_side_on_the_spaces() {
    let every = |spaces: &[&str]| {
        end_of_turn_one_with_21_at_9_2(mission(vec![objective(
            "all-at-the-van",
            Some("jackals"),
            hold(spaces, 1, true),
            Reward::Win,
        )]))
    };
    assert_eq!(
        every(&["3.1", "9.2"]).result(),
        Some(RaceResult::SideWon(JACKALS))
    );
    let one_away = every(&["3.1"]);
    assert!(!one_away.is_over());
    assert_eq!(
        one_away.objective_progress(ObjectiveId(0), JACKALS),
        Some(0)
    );
}

#[test]
fn a_side_claims_vp_only_from_the_sources_it_scores_and_its_kills_still_count() {
    use roadwright::content::mission::Score;
    // Road Wolf's interceptors "earn one point for every vehicle they stop": the jackals
    // claim kills only, so their crossing claims nothing, though it counts as a lap.
    let mut interceptors = mission(vec![objective(
        "first-lap",
        Some("jackals"),
        Goal::Laps(2),
        Reward::Win,
    )]);
    interceptors.sides[0].scores = Some(vec![Score::Kills]);
    let race = crossing(interceptors);
    assert!(
        !race
            .events()
            .iter()
            .any(|e| matches!(e, RaceEvent::VpClaimed { .. }))
    );
    assert_eq!(race.objective_progress(ObjectiveId(0), JACKALS), Some(1));
    assert_eq!(race.side_vp(JACKALS), 0);
    // The runners claim crossings only: their kill claims nothing (nor uses the Bounty) but
    // counts for a kills objective.
    let mut runners = mission(vec![objective(
        "three-kills",
        Some("jackals"),
        Goal::Kills(3),
        Reward::Win,
    )]);
    runners.sides[0].scores = Some(vec![Score::Finish]);
    let race = kill(runners);
    assert_eq!(where_is(&race, RR, "12"), "destroyed");
    assert!(!race.events().iter().any(|e| matches!(
        e,
        RaceEvent::VpClaimed {
            source: VpSource::Kill,
            ..
        }
    )));
    assert_eq!(race.objective_progress(ObjectiveId(0), JACKALS), Some(1));
    let bounty_changes = |race: &Race| {
        race.events()
            .iter()
            .filter(|e| matches!(e, RaceEvent::BonusChanged { .. }))
            .count()
    };
    // As the rulebook has it, the same kill claims the Bounty's 2 and uses one of its markers.
    let scored = kill(mission(Vec::new()));
    assert_eq!(scored.side_vp(JACKALS), 2);
    assert_eq!(bounty_changes(&scored), bounty_changes(&race) + 1);
}

#[test]
fn a_sides_cars_and_damage_are_checked_against_the_ruleset_and_its_field_against_the_grid() {
    let content =
        roadwright::validate::open::open_content(&common::repo("content")).expect("content");
    let mut small = roadwright::stretch::samples::oval().expect("oval");
    // Two teams of five: ten places, and one fewer.
    small.grid.truncate(9);
    let track = roadwright::validate::checked_track::CheckedTrack::from_track(
        &small,
        &roadwright::validate::checked::TerrainBook::standard(),
    )
    .expect("a track seats any race its grid fits");
    let codes = |mission: &Mission| -> Vec<&'static str> {
        match roadwright::validate::mission::CheckedMission::from_mission(mission, &content, &track)
        {
            Ok(_) => Vec::new(),
            Err(found) => found.iter().map(|d| d.code).collect(),
        }
    };
    let wipeout = || {
        mission(vec![objective(
            "wipeout",
            Some("jackals"),
            Goal::Wipeout,
            Reward::Win,
        )])
    };
    assert_eq!(codes(&wipeout()), ["mission-grid-too-small"]);
    // The reapers race four: nine places seat them.
    let mut fewer = wipeout();
    fewer.sides[1].cars = Some(4);
    assert_eq!(codes(&fewer), Vec::<&str>::new());
    let mut none = fewer.clone();
    none.sides[1].cars = Some(0);
    assert_eq!(codes(&none), ["side-cars-range"]);
    let mut more_than_a_mat = fewer.clone();
    more_than_a_mat.sides[1].cars = Some(9);
    assert!(codes(&more_than_a_mat).contains(&"side-cars-range"));
    let mut wrecked = fewer.clone();
    wrecked.sides[1].damage = 6;
    assert_eq!(codes(&wrecked), ["side-damage-range"]);
    // A car left behind needs a road that rolls.
    let mut behind = fewer;
    behind.objectives = vec![objective(
        "off-the-back",
        Some("jackals"),
        Goal::LeftBehind,
        Reward::Draw,
    )];
    assert_eq!(codes(&behind), ["objective-unreachable"]);
}

#[test]
fn a_neutral_side_is_played_by_a_bot_pursues_nothing_and_does_not_count_as_a_side_to_win() {
    let content =
        roadwright::validate::open::open_content(&common::repo("content")).expect("content");
    let track = roadwright::validate::checked_track::CheckedTrack::from_track(
        &roadwright::stretch::samples::oval().expect("oval"),
        &roadwright::validate::checked::TerrainBook::standard(),
    )
    .expect("track");
    let codes = |mission: &Mission| -> Vec<&'static str> {
        match roadwright::validate::mission::CheckedMission::from_mission(mission, &content, &track)
        {
            Ok(_) => Vec::new(),
            Err(found) => found.iter().map(|d| d.code).collect(),
        }
    };
    let civilians = Side {
        id: Id::from("civilians"),
        name: Text::from("Civilians"),
        teams: vec![Id::from("ash-vipers")],
        bot: Some(Id::from("random")),
        neutral: true,
        sits_out: 10,
        ..Side::default()
    };
    let mut sound = mission(vec![objective(
        "wipeout",
        Some("jackals"),
        Goal::Wipeout,
        Reward::Win,
    )]);
    sound.sides.push(civilians.clone());
    assert_eq!(codes(&sound), Vec::<&str>::new());
    let mut no_bot = sound.clone();
    no_bot.sides[2].bot = None;
    assert_eq!(codes(&no_bot), ["neutral-side-needs-bot"]);
    let mut pursuing = sound.clone();
    pursuing.objectives[0].side = Some(Id::from("civilians"));
    assert_eq!(codes(&pursuing), ["objective-neutral-side"]);
    // One side that can win, and traffic, is no contest.
    let mut alone = sound;
    alone.sides.remove(1);
    assert!(codes(&alone).contains(&"mission-needs-two-sides"));
}

#[test]
fn a_new_mission_on_a_point_to_point_track_is_won_across_the_end_once_not_in_laps() {
    use roadwright::content::track::Route;
    let content =
        roadwright::validate::open::open_content(&common::repo("content")).expect("content");
    let run = point_to_point(test_track(&straight(8, "PPP")));
    let track = roadwright::validate::checked_track::CheckedTrack::from_track(
        &run,
        &roadwright::validate::checked::TerrainBook::standard(),
    )
    .expect("track");
    let teams = (&Id::from(CJ), &Id::from(RR));
    let starter = Mission::starter("", "", teams, Route::PointToPoint);
    assert_eq!(starter.objectives[0].goal, Goal::Laps(1));
    assert!(
        roadwright::validate::mission::CheckedMission::from_mission(&starter, &content, &track)
            .is_ok()
    );
    let laps = Mission::starter("", "", teams, Route::Lap);
    assert_eq!(laps.objectives[0].goal, Goal::Laps(2));
    // Two crossings of a line a car crosses once are refused, and said why.
    let refused =
        roadwright::validate::mission::CheckedMission::from_mission(&laps, &content, &track)
            .expect_err("two crossings of a point-to-point line");
    assert_eq!(refused[0].code, "objective-unreachable");
    assert!(refused[0].message.contains("which a car crosses once"));
}
