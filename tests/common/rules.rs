//! Helpers for rules scenario tests: small test tracks, positions, and finding steps.
#![allow(dead_code)]

use std::sync::Arc;

use roadwright::content::kind::{ScenarioKind, TrackKind};
use roadwright::content::race_deck::LaneSide;
use roadwright::content::scenario::{CarPlacement, CarRef, Marker, Scenario, Spot};
use roadwright::content::text::{CarNumber, Id, Text};
use roadwright::content::track::{
    Chute, OffTrack, Sector, Space, SpaceRef, SpaceSize, TerrainId, Track, TrackStyle,
};
use roadwright::rules::{CarId, Decision, Race, RaceRules, Step};
use roadwright::validate::checked_track::{CheckedTrack, SpaceId};

/// A lap of sectors, each given as its lanes' terrain from the apron out: `P` paved, `R`
/// rough, `J` jump, `T` trough. Lanes link straight on; when the next sector has fewer lanes
/// the outer lanes converge, when it has more the outermost lane forks; nothing links into a
/// trough (a lane facing one links to the lane outside it).
pub fn test_track(sectors: &[&str]) -> Track {
    let lanes: Vec<Vec<TerrainId>> = sectors
        .iter()
        .map(|s| {
            s.chars()
                .map(|c| match c {
                    'R' => TerrainId::rough(),
                    'J' => TerrainId::jump(),
                    'T' => TerrainId::trough(),
                    _ => TerrainId::paved(),
                })
                .collect()
        })
        .collect();
    let n = lanes.len();
    let mut out = Vec::new();
    for (i, sector) in lanes.iter().enumerate() {
        let next = &lanes[(i + 1) % n];
        let m = next.len();
        let spaces = sector
            .iter()
            .enumerate()
            .map(|(lane, terrain)| {
                let mut targets: Vec<usize> = Vec::new();
                if *terrain != TerrainId::trough() {
                    targets.push(lane.min(m - 1));
                    if lane == sector.len() - 1 && m > sector.len() {
                        targets.extend(sector.len()..m);
                    }
                }
                let targets: Vec<SpaceRef> = targets
                    .into_iter()
                    .map(|t| {
                        if next[t] == TerrainId::trough() {
                            t + 1
                        } else {
                            t
                        }
                    })
                    .map(|t| SpaceRef::lap(((i + 1) % n) as u32, t as u8))
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .collect();
                Space {
                    lane: lane as u8,
                    terrain: terrain.clone(),
                    next: targets,
                    x: i as f32,
                    y: -(lane as f32),
                    heading: 0.0,
                    size: None,
                    hazard: false,
                    hazard_players: Vec::new(),
                }
            })
            .collect();
        out.push(Sector {
            spaces,
            off_track: OffTrack::default(),
        });
    }
    Track {
        kind: TrackKind::Track,
        version: Track::VERSION,
        id: Id::from("test"),
        name: Text::from("Test track"),
        style: TrackStyle::ThunderAlley,
        space_size: SpaceSize {
            length: 1.0,
            width: 1.0,
        },
        sectors: out,
        start_sectors: Vec::new(),
        grid: Vec::new(),
        chute: Some(Chute {
            beside: SpaceRef::lap(1, 0),
            side: LaneSide::Inside,
        }),
        crossover: Vec::new(),
        route: roadwright::content::track::Route::Lap,
        background: None,
        tiles: Vec::new(),
        rolling: None,
    }
}

/// The same track run point to point: the last sector's links into sector 0 go, and the last
/// sector becomes the run-off beyond the finish line.
pub fn point_to_point(mut track: Track) -> Track {
    if let Some(last) = track.sectors.last_mut() {
        for space in &mut last.spaces {
            space.next.clear();
        }
    }
    track.route = roadwright::content::track::Route::PointToPoint;
    track
}

/// `count` sectors of `lanes` paved lanes.
pub fn straight(count: usize, lanes: &str) -> Vec<&str> {
    vec![lanes; count]
}

/// Builds race positions.
pub struct Position {
    track: CheckedTrack,
    /// The kinds of ground, when not the standard pack's.
    terrain: Option<roadwright::validate::checked::TerrainBook>,
    /// The hazard deck, when the race has one (the standard pack has none).
    hazards: Option<roadwright::content::hazard_deck::HazardDeck>,
    scenario: Scenario,
    ruleset: String,
    crossover: Option<roadwright::content::ruleset::CrossoverCollision>,
    point_to_point: Option<roadwright::content::ruleset::PointToPointFinish>,
    /// A change to the ruleset's house rules (`Position::rule`).
    rule: Option<fn(&mut roadwright::validate::checked::Ruleset)>,
    /// The mission the race plays, if any.
    mission: Option<roadwright::content::mission::Mission>,
}

impl Position {
    /// A position on a track (checked: the test fails if the track is invalid).
    pub fn on(track: &Track) -> Self {
        let track = CheckedTrack::from_track(
            track,
            &roadwright::validate::checked::TerrainBook::standard(),
        )
        .unwrap_or_else(|d| panic!("{d:#?}"));
        Self::on_checked(track)
    }

    /// A position on a track painted with the kinds of ground of `terrain` (the race's pack
    /// is the standard one with that terrain file).
    pub fn on_ground(track: &Track, terrain: &roadwright::content::terrain::TerrainFile) -> Self {
        let book = roadwright::validate::checked::TerrainBook::from_file(terrain)
            .unwrap_or_else(|d| panic!("{d:#?}"));
        let track = CheckedTrack::from_track(track, &book).unwrap_or_else(|d| panic!("{d:#?}"));
        let mut position = Self::on_checked(track);
        position.terrain = Some(book);
        position
    }

    /// A position on a sample track.
    pub fn on_sample(name: &str) -> Self {
        let track = roadwright::validate::open::open_track(
            &super::repo(&format!("tracks/{name}.ron")),
            &roadwright::validate::checked::TerrainBook::standard(),
        )
        .expect("sample track");
        Self::on_checked(track)
    }

    fn on_checked(track: CheckedTrack) -> Self {
        Self {
            track,
            terrain: None,
            hazards: None,
            scenario: Scenario {
                kind: ScenarioKind::Scenario,
                version: 1,
                name: Text::from("test"),
                track: Text::from(""),
                content: Text::from(""),
                ruleset: Id::from("standard"),
                players: Vec::new(),
                cars: Vec::new(),
                active: CarRef {
                    team: Id::from(""),
                    number: CarNumber::from(""),
                },
                card: Id::from(""),
                ram_as_lead: false,
                seed: 0,
                next_combat_cards: Vec::new(),
                next_event_cards: Vec::new(),
                next_race_cards: Vec::new(),
                mp: None,
                claimed: Vec::new(),
            },
            ruleset: "standard".to_owned(),
            crossover: None,
            point_to_point: None,
            rule: None,
            mission: None,
        }
    }

    /// The race plays `mission` (checked against the position's content and track: the test
    /// fails if it has errors). Every team the position seats must be on one of its sides.
    pub fn mission(mut self, mission: roadwright::content::mission::Mission) -> Self {
        self.mission = Some(mission);
        self
    }

    /// Changes the ruleset the race plays by (a house rule the standard ruleset leaves at the
    /// rulebook's reading).
    pub fn rule(mut self, change: fn(&mut roadwright::validate::checked::Ruleset)) -> Self {
        self.rule = Some(change);
        self
    }

    /// Another crossover collision variant (7.12).
    pub fn crossover(mut self, rule: roadwright::content::ruleset::CrossoverCollision) -> Self {
        self.crossover = Some(rule);
        self
    }

    fn add(mut self, team: &str, number: &str, at: Spot, damage: u8, markers: Vec<Marker>) -> Self {
        let team = Id::from(team);
        if !self.scenario.players.contains(&team) {
            self.scenario.players.push(team.clone());
        }
        self.scenario.cars.push(CarPlacement {
            team,
            number: CarNumber::from(number),
            at,
            damage,
            markers,
            activated: false,
        });
        self
    }

    /// A car on a space.
    pub fn car(self, team: &str, number: &str, at: &str) -> Self {
        self.add(
            team,
            number,
            Spot::Space(at.parse().expect("space")),
            0,
            Vec::new(),
        )
    }

    /// A car on a space with damage.
    pub fn damaged(self, team: &str, number: &str, at: &str, damage: u8) -> Self {
        self.add(
            team,
            number,
            Spot::Space(at.parse().expect("space")),
            damage,
            Vec::new(),
        )
    }

    /// A car on a space with markers.
    pub fn marked(self, team: &str, number: &str, at: &str, markers: Vec<Marker>) -> Self {
        self.add(
            team,
            number,
            Spot::Space(at.parse().expect("space")),
            0,
            markers,
        )
    }

    /// A car somewhere else (off track, chute).
    pub fn spot(self, team: &str, number: &str, spot: Spot, markers: Vec<Marker>) -> Self {
        self.add(team, number, spot, 0, markers)
    }

    /// A car on a space that has already been activated this turn.
    pub fn activated(mut self, team: &str, number: &str, at: &str) -> Self {
        self = self.car(team, number, at);
        if let Some(last) = self.scenario.cars.last_mut() {
            last.activated = true;
        }
        self
    }

    /// A team that races without placed cars.
    pub fn player(mut self, team: &str) -> Self {
        self.scenario.players.push(Id::from(team));
        self
    }

    /// The card and active car.
    pub fn play(mut self, team: &str, number: &str, card: &str) -> Self {
        self.scenario.active = CarRef {
            team: Id::from(team),
            number: CarNumber::from(number),
        };
        self.scenario.card = Id::from(card);
        self
    }

    /// Ram as Lead.
    pub fn ram_as_lead(mut self) -> Self {
        self.scenario.ram_as_lead = true;
        self
    }

    /// Combat cards on top of the deck.
    pub fn combat(mut self, cards: &[&str]) -> Self {
        self.scenario.next_combat_cards = cards.iter().map(|c| Id::from(*c)).collect();
        self
    }

    /// Movement event cards on top of the deck.
    pub fn events(mut self, cards: &[&str]) -> Self {
        self.scenario.next_event_cards = cards.iter().map(|c| Id::from(*c)).collect();
        self
    }

    /// Race cards on top of the deck.
    pub fn race_cards(mut self, cards: &[&str]) -> Self {
        self.scenario.next_race_cards = cards.iter().map(|c| Id::from(*c)).collect();
        self
    }

    /// Movement points instead of the card's.
    pub fn mp(mut self, mp: u8) -> Self {
        self.scenario.mp = Some(mp);
        self
    }

    /// VP a team has already claimed.
    pub fn claimed(mut self, team: &str, finish: u32, kills: u32) -> Self {
        self.scenario
            .claimed
            .push(roadwright::content::scenario::TeamClaims {
                team: Id::from(team),
                finish,
                kills,
            });
        self
    }

    /// A hazard deck dealt to the track's hazard spots (checked against the race's kinds of
    /// ground: the test fails if it is invalid).
    pub fn hazards(mut self, deck: roadwright::content::hazard_deck::HazardDeck) -> Self {
        self.hazards = Some(deck);
        self
    }

    /// Another rule for the finish line of a point-to-point track.
    pub fn point_to_point_finish(
        mut self,
        rule: roadwright::content::ruleset::PointToPointFinish,
    ) -> Self {
        self.point_to_point = Some(rule);
        self
    }

    /// Another seed for the race's RNG (what chance draws).
    pub fn seed(mut self, seed: u64) -> Self {
        self.scenario.seed = seed;
        self
    }

    /// Another ruleset.
    pub fn ruleset(mut self, id: &str) -> Self {
        id.clone_into(&mut self.ruleset);
        self.scenario.ruleset = Id::from(id);
        self
    }

    /// The race before the card is played, and the play decision.
    pub fn setup(mut self) -> (Race, Decision) {
        // A race needs two players: add one with no car placed.
        for spare in ["ash-vipers", "iron-ravens"] {
            if self.scenario.players.len() < 2 && !self.scenario.players.contains(&Id::from(spare))
            {
                self.scenario.players.push(Id::from(spare));
            }
        }
        let mut content =
            roadwright::validate::open::open_content(&super::repo("content")).expect("content");
        if let Some(terrain) = self.terrain {
            content.terrain = terrain;
        }
        if let Some(deck) = &self.hazards {
            content.hazards = Some(
                roadwright::validate::hazard_deck::HazardBook::from_deck(deck, &content.terrain)
                    .unwrap_or_else(|d| panic!("{d:#?}")),
            );
        }
        let mut rules = match &self.mission {
            Some(mission) => {
                let checked = roadwright::validate::mission::CheckedMission::from_mission(
                    mission,
                    &content,
                    &self.track,
                )
                .unwrap_or_else(|d| panic!("{d:#?}"));
                RaceRules::for_mission(&content, self.track, checked).expect("rules")
            }
            None => RaceRules::new(content, self.track, &self.ruleset).expect("rules"),
        };
        if let Some(rule) = self.crossover {
            rules.ruleset.crossover_collision = rule;
        }
        if let Some(rule) = self.point_to_point {
            rules.ruleset.point_to_point = rule;
        }
        if let Some(change) = self.rule {
            change(&mut rules.ruleset);
        }
        Race::from_scenario(Arc::new(rules), &self.scenario).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// The MP each movement in `events` lost when it ended early, in order.
pub fn mp_lost(events: &[roadwright::rules::RaceEvent]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            roadwright::rules::RaceEvent::MovementEnded { mp_lost, .. } => Some(*mp_lost),
            _ => None,
        })
        .collect()
}

/// Plays the scenario's card, moving first when the car could fire.
pub fn play_moving_first(position: Position) -> Race {
    let (mut race, play) = position.setup();
    race.play_to_movement(&play)
        .expect("the card can be played");
    race
}

/// Applies the first legal decision until the card's movement is over (on an empty straight
/// that is straight ahead); a movement an event starts is left to the test.
pub fn finish_movement(race: &mut Race) {
    let start = race.events().len();
    let event_drawn = |race: &Race| {
        race.events()[start..]
            .iter()
            .any(|e| matches!(e, roadwright::rules::RaceEvent::MovementEventDrawn { .. }))
    };
    while race.movement().is_some() && !event_drawn(race) {
        let d = race.legal_decisions()[0].clone();
        race.apply(&d).expect("legal");
    }
}

/// Plays the rest of the current turn without firing or discarding: holds fire, keeps the
/// hand, and otherwise takes the first legal decision. Stops when the next turn begins.
pub fn finish_turn_quietly(race: &mut Race) {
    let turn = race.turn();
    for _ in 0..1_000 {
        if race.turn() != turn || race.is_over() {
            return;
        }
        let legal = race.legal_decisions();
        let quiet = legal
            .iter()
            .find(|d| matches!(d, Decision::KeepHand | Decision::HoldFire))
            .cloned()
            .unwrap_or_else(|| legal[0].clone());
        race.apply(&quiet).expect("legal");
    }
    panic!("turn {turn} did not end within 1,000 decisions");
}

/// A space by address.
pub fn sp(race: &Race, at: &str) -> SpaceId {
    race.track()
        .find(at.parse().expect("space"))
        .expect("space exists")
}

/// A car by team and number.
pub fn car(race: &Race, team: &str, number: &str) -> CarId {
    race.find_car(&CarRef {
        team: Id::from(team),
        number: CarNumber::from(number),
    })
    .expect("car")
}

/// Where a car is, as text (`3.1`, `chute`...).
pub fn where_is(race: &Race, team: &str, number: &str) -> String {
    race.place_name(race.car(car(race, team, number)).place)
}

/// The legal movement steps.
pub fn steps(race: &Race) -> Vec<Step> {
    race.legal_decisions()
        .into_iter()
        .filter_map(|d| match d {
            Decision::Move(step) => Some(step),
            _ => None,
        })
        .collect()
}

/// The first legal step of a kind (`forward`, `lateral`, `diagonal`, `swap`) entering `to`.
pub fn find_step(race: &Race, kind: &str, to: &str) -> Option<Step> {
    let target = sp(race, to);
    steps(race).into_iter().find(|s| {
        s.target() == target
            && matches!(
                (kind, s),
                ("forward", Step::Forward { .. })
                    | ("lateral", Step::Lateral { .. })
                    | ("diagonal", Step::Diagonal { .. })
                    | ("swap", Step::Swap { .. })
            )
    })
}

/// Applies the first legal step of a kind entering `to`, failing the test if there is none.
pub fn step(race: &mut Race, kind: &str, to: &str) {
    let Some(found) = find_step(race, kind, to) else {
        panic!(
            "no legal {kind} step into {to}; legal: {:?}",
            steps(race)
                .iter()
                .map(|s| race.track().at(s.target()).to_string())
                .collect::<Vec<_>>()
        );
    };
    race.apply(&Decision::Move(found)).expect("legal step");
}

/// Whether some legal step of a kind enters `to`.
pub fn can_step(race: &Race, kind: &str, to: &str) -> bool {
    find_step(race, kind, to).is_some()
}

/// MP left in the movement in progress (0 when none).
pub fn mp_left(race: &Race) -> u8 {
    race.movement().map_or(0, |m| m.mp)
}

#[allow(unused_imports)]
pub use roadwright::content::race_deck::LaneSide as Side;
/// Marker helpers re-exported for tests.
#[allow(unused_imports)]
pub use roadwright::content::scenario::Marker as M;
#[allow(unused_imports)]
pub use roadwright::content::scenario::Spot as At;
pub fn space_ref(at: &str) -> SpaceRef {
    at.parse().expect("space")
}

/// What the combat card `id` does in a collision attack (to the target, to the active car).
pub fn collision_of(race: &Race, id: &str) -> roadwright::content::combat_deck::CollisionResult {
    race.rules()
        .content
        .combat_deck
        .iter()
        .find(|c| c.id.as_str() == id)
        .expect("the combat card")
        .collision
        .clone()
}
