//! A checked mission in words: its sides, setup, objectives, VP rules, turn limit and deck
//! changes, as its printed sheet and the studio's race screen say them. Names come from the
//! content (team and card names); a name the content lacks falls back to its id, so the words
//! never fail.

use super::checked::Content;
use super::checked_track::CheckedTrack;
use super::mission::{CheckedGoal, CheckedMission, MatCar, ObjectiveId};
use crate::content::mission::{DeckChange, DeckName, MissionSetup, Reward};
use crate::content::race_deck::LaneSide;

use crate::content::scenario::{Marker, Spot};
use crate::content::text::Id;

/// A mission's words: the checked mission and the content and track its names are read in.
#[derive(Clone, Copy)]
pub struct MissionWords<'a> {
    /// The mission.
    pub mission: &'a CheckedMission,
    /// The content the mission is played with (team and card names).
    pub content: &'a Content,
    /// The track (space names).
    pub track: &'a CheckedTrack,
}

/// "1 time", "2 times".
fn times(n: impl Into<u32>) -> String {
    match n.into() {
        1 => "once".to_owned(),
        2 => "twice".to_owned(),
        n => format!("{n} times"),
    }
}

/// "1 car", "3 cars".
fn count(n: impl Into<u32>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What a mission says of harming one's own side, in two sentences: whether a car may attack a
/// car of its side (`friendly_fire`), and what a kill of one claims (`vp.allied_kills`).
#[must_use]
pub fn side_rules(mission: &CheckedMission) -> [String; 2] {
    [
        match mission.friendly_fire {
            crate::content::mission::FriendlyFire::Allowed => {
                "A car may attack any car, its own side's too".to_owned()
            }
            crate::content::mission::FriendlyFire::Forbidden => {
                "A car may not attack a car of its own side: no shot, Sideswipe or ram at it"
                    .to_owned()
            }
        },
        if mission.vp.allied_kills {
            "A kill of a car of one's own side claims VP as any kill does".to_owned()
        } else {
            "A kill of a car of one's own side claims nothing".to_owned()
        },
    ]
}

/// What a kill of a neutral side's car means, when the mission has one.
#[must_use]
pub fn neutral_rule(mission: &CheckedMission) -> Option<String> {
    mission.sides.iter().any(|s| s.neutral).then(|| {
        if mission.vp.neutral_kills {
            "A kill of a neutral car claims VP and counts as a kill".to_owned()
        } else {
            "A neutral car's loss is no one's kill: it claims nothing and counts for no objective"
                .to_owned()
        }
    })
}

impl MissionWords<'_> {
    /// A team's name, by its content index.
    fn team(&self, team: usize) -> String {
        self.content
            .teams
            .get(team)
            .map_or_else(|| format!("team {team}"), |t| t.name.to_string())
    }

    /// A team's name, by its id.
    fn team_named(&self, id: &Id) -> String {
        self.content
            .teams
            .iter()
            .find(|t| t.id == *id)
            .map_or_else(|| format!("`{id}`"), |t| t.name.to_string())
    }

    /// A named car: "Convoy A #16".
    #[must_use]
    pub fn car(&self, car: MatCar) -> String {
        let number = self
            .content
            .teams
            .get(car.team)
            .and_then(|t| t.cars.get(usize::from(car.mat_index)))
            .map_or_else(
                || format!("car {}", car.mat_index + 1),
                |c| c.number.to_string(),
            );
        format!("{} #{number}", self.team(car.team))
    }

    /// A side's name.
    #[must_use]
    pub fn side(&self, side: super::mission::SideId) -> String {
        self.mission
            .sides
            .get(side.index())
            .map_or_else(|| format!("side {}", side.0), |s| s.name.to_string())
    }

    /// What meets a goal, as an instruction to its side.
    #[must_use]
    pub fn goal(&self, goal: &CheckedGoal) -> String {
        match goal {
            CheckedGoal::Laps(n) => {
                format!(
                    "be first to cross the finish line {} with one car",
                    times(*n)
                )
            }
            CheckedGoal::Kills(k) => format!(
                "be first to eliminate {} of other sides",
                count(*k, "car", "cars")
            ),
            CheckedGoal::Eliminate(car) => format!("destroy {}", self.car(*car)),
            CheckedGoal::Escort(car, n) => format!(
                "get {} across the finish line {}",
                self.car(*car),
                times(*n)
            ),
            CheckedGoal::Survive(turn) => {
                format!("still have a car in the race at the end of turn {turn}")
            }
            CheckedGoal::Hold(spaces, turns, every) => {
                let names: Vec<String> = spaces
                    .iter()
                    .map(|s| self.track.at(*s).to_string())
                    .collect();
                format!(
                    "end {} with {} on {}",
                    count(*turns, "turn", "turns"),
                    if *every {
                        "every car still racing"
                    } else {
                        "a car"
                    },
                    names.join(", ")
                )
            }
            CheckedGoal::Wipeout => "leave no car of another side in the race".to_owned(),
            CheckedGoal::AllOut => {
                "see every car of the side out of the race: across the end, or destroyed".to_owned()
            }
            CheckedGoal::LeftBehind => {
                "lose a car off the back of the road, with the rear tile".to_owned()
            }
            CheckedGoal::All(parts) => format!("meet all of {}", self.parts(parts, "and")),
            CheckedGoal::Any(parts) => format!("meet one of {}", self.parts(parts, "or")),
            CheckedGoal::Then(parts) => format!(
                "meet {}, in that order, each after the one before (by the same car, where one \
                 car met it)",
                self.parts(parts, "then")
            ),
        }
    }

    /// The parts of an objective made of others, by id, joined by `word`.
    fn parts(&self, parts: &[ObjectiveId], word: &str) -> String {
        let names: Vec<String> = parts
            .iter()
            .map(|p| {
                self.mission
                    .objectives
                    .get(p.index())
                    .map_or_else(|| format!("objective {}", p.0), |o| format!("`{}`", o.id))
            })
            .collect();
        names.join(&format!(" {word} "))
    }

    /// What meeting an objective is worth.
    #[must_use]
    pub fn reward(reward: Reward) -> String {
        match reward {
            Reward::Win => "wins the race".to_owned(),
            Reward::Vp(n) => format!("worth {n} VP"),
            Reward::Lose => "loses the race".to_owned(),
            Reward::Draw => "ends the race in a draw".to_owned(),
            Reward::End => "ends the race, settled by VP".to_owned(),
            Reward::Nothing => "a part of another objective".to_owned(),
        }
    }

    /// An objective in a line: its side (or every side), what meets it, what it is worth.
    #[must_use]
    pub fn objective(&self, objective: ObjectiveId) -> String {
        let Some(o) = self.mission.objectives.get(objective.index()) else {
            return format!("objective {}", objective.0);
        };
        let who = o
            .side
            .map_or_else(|| "Every side".to_owned(), |side| self.side(side));
        format!(
            "{who}: {} ({}) [{}]",
            self.goal(&o.goal),
            Self::reward(o.reward),
            o.id
        )
    }

    /// The sides, one line each: name, teams, and the bot that always plays it.
    #[must_use]
    pub fn sides(&self) -> Vec<String> {
        self.mission
            .sides
            .iter()
            .map(|side| {
                let teams: Vec<String> = side.teams.iter().map(|t| self.team(*t)).collect();
                let bot = side.bot.as_ref().map_or_else(String::new, |bot| {
                    format!(", always played by the bot `{bot}`")
                });
                let mut own = Vec::new();
                if side.neutral {
                    own.push("neutral: no one's side, it wins and claims nothing".to_owned());
                }
                if side.sits_out >= self.mission.turn_limit {
                    own.push("its cars never act".to_owned());
                } else if side.sits_out > 0 {
                    own.push(format!(
                        "its cars sit out {}",
                        if side.sits_out == 1 {
                            "the first turn".to_owned()
                        } else {
                            format!("turns 1-{}", side.sits_out)
                        }
                    ));
                }
                if let Some(cars) = side.cars {
                    own.push(format!("races {} a team", count(cars, "car", "cars")));
                }
                match side.reserve {
                    Some(0) => own.push("no reserve: no replacements".to_owned()),
                    Some(n) => own.push(format!("{} in reserve", count(n, "car", "cars"))),
                    None => {}
                }
                if side.damage > 0 {
                    own.push(format!("starts each car with {} damage", side.damage));
                }
                if side.defense != 0 {
                    own.push(format!("defense {:+} on each car (1-3)", side.defense));
                }
                match (
                    side.claims_finish || side.neutral,
                    side.claims_kills || side.neutral,
                ) {
                    (true, true) => {}
                    (true, false) => own.push("claims VP for crossings only".to_owned()),
                    (false, true) => own.push("claims VP for kills only".to_owned()),
                    (false, false) => {
                        own.push("claims no VP for crossings or kills".to_owned());
                    }
                }
                let own = if own.is_empty() {
                    String::new()
                } else {
                    format!("; {}", own.join("; "))
                };
                format!("{}: {}{bot}{own}", side.name, teams.join(", "))
            })
            .collect()
    }

    /// The player counts and the seating.
    #[must_use]
    pub fn players(&self) -> Vec<String> {
        let counts: Vec<String> = self
            .mission
            .players
            .iter()
            .map(ToString::to_string)
            .collect();
        let seats: Vec<String> = self.mission.seats.iter().map(|t| self.team(*t)).collect();
        vec![
            format!("Players: {}", counts.join(", ")),
            format!(
                "Seats in order (a smaller race takes the first): {}",
                seats.join(", ")
            ),
        ]
    }

    /// Where the cars start, one line per placed car.
    #[must_use]
    pub fn setup(&self) -> Vec<String> {
        match &self.mission.setup {
            MissionSetup::Grid => {
                vec!["The grid is drawn as the rulebook says (3.0).".to_owned()]
            }
            MissionSetup::Placed(cars) => cars
                .iter()
                .map(|car| {
                    let at = match car.at {
                        Spot::Space(space) => format!("on {space}"),
                        Spot::OffTrack { beside, side } => format!(
                            "off the track on the {} beside {beside}",
                            match side {
                                LaneSide::Inside => "inside",
                                LaneSide::Outside => "outside",
                            }
                        ),
                        Spot::Chute => "in the chute".to_owned(),
                    };
                    let mut extra = Vec::new();
                    if car.damage > 0 {
                        extra.push(count(car.damage, "damage", "damage"));
                    }
                    extra.extend(car.markers.iter().map(|m| marker(*m).to_owned()));
                    let extra = if extra.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", extra.join(", "))
                    };
                    format!("{} #{} {at}{extra}", self.team_named(&car.team), car.number)
                })
                .collect(),
        }
    }

    /// The VP rules, one line each.
    #[must_use]
    pub fn vp(&self) -> Vec<String> {
        let vp = &self.mission.vp;
        let pool = vp.pool.map_or_else(
            || {
                self.content
                    .rulesets
                    .get(&self.mission.ruleset)
                    .map_or_else(
                        || "as the ruleset says".to_owned(),
                        |r| format!("{} VP (the ruleset's)", r.victory_points),
                    )
            },
            |n| format!("{n} VP"),
        );
        let on = |yes: bool| if yes { "in" } else { "out" };
        vec![
            format!("Each team's pool: {pool}"),
            format!(
                "A crossing of the finish line claims {} VP; a kill claims {} VP",
                vp.finish, vp.kills
            ),
            format!("Bounty and Race Bonus cards: {}", on(vp.bonuses)),
            format!(
                "Countdown clock: {}",
                match vp.clock {
                    None => "as the ruleset says",
                    Some(true) => "runs",
                    Some(false) => "off",
                }
            ),
            if vp.pool_wins {
                "A team that empties its pool wins the race for its side".to_owned()
            } else {
                "An empty pool does not end the race".to_owned()
            },
        ]
        .into_iter()
        .chain(side_rules(self.mission))
        .chain(neutral_rule(self.mission))
        .collect()
    }

    /// The turn limit and how it is settled.
    #[must_use]
    pub fn turn_limit(&self) -> String {
        let mission = self.mission;
        let breaks: Vec<&str> = mission
            .tie_breaks
            .iter()
            .map(|b| match b {
                crate::content::mission::TieBreak::Kills => "the most kills",
                crate::content::mission::TieBreak::CarsLeft => "the most cars left",
                crate::content::mission::TieBreak::Finished => "the most cars across the end",
            })
            .collect();
        let broken = if breaks.is_empty() {
            String::new()
        } else {
            format!("{}, then ", breaks.join(", then "))
        };
        // What is still level after the tie breaks: the tie rule's side, or a draw.
        let settled = mission.tie_winner.map_or_else(
            || {
                if broken.is_empty() {
                    "is a draw".to_owned()
                } else {
                    format!("goes to {broken}a draw")
                }
            },
            |side| format!("goes to {broken}{}", self.side(side)),
        );
        if mission.most_vp {
            format!(
                "The race ends at the end of turn {}: the side with the most VP wins; a tie \
                 {settled}.",
                mission.turn_limit
            )
        } else {
            format!(
                "The race ends at the end of turn {} and {settled}.",
                mission.turn_limit
            )
        }
    }

    /// The kinds of ground the track is painted with, in the terrain book's order.
    fn kinds_used(&self) -> Vec<super::terrain::KindIndex> {
        let mut used: Vec<super::terrain::KindIndex> = self
            .track
            .space_ids()
            .map(|s| self.track.space(s).kind)
            .collect();
        used.sort_unstable();
        used.dedup();
        used
    }

    /// The rules of the road beyond the rulebook's, one line each: the pack's own kinds of
    /// ground the track is painted with and the hazard tokens dealt to its spots, in words;
    /// how a point-to-point track ends a car's run; where the reserves wait and come in.
    #[must_use]
    pub fn road(&self) -> Vec<String> {
        let terrain = self.track.terrain();
        let standard = super::terrain::TerrainBook::standard();
        let used = self.kinds_used();
        let mut lines: Vec<String> = used
            .into_iter()
            .map(|k| terrain.kind(k))
            .filter(|kind| {
                standard
                    .get(kind.id.as_str())
                    .is_none_or(|std| std != *kind)
            })
            .map(super::ground_words::ground_kind)
            .map(|line| format!("Ground: {line}"))
            .collect();
        if let (false, Some(book)) = (self.track.hazard_spots().is_empty(), &self.content.hazards) {
            lines.push(
                "Hazard spots (the warning triangles) are dealt a face-down token each at the \
                 start; a car that enters one turns it over:"
                    .to_owned(),
            );
            lines.extend(
                book.hazards()
                    .iter()
                    .map(|h| format!("Hazard: {}", super::ground_words::hazard(h, terrain))),
            );
        }
        if self.track.point_to_point() {
            lines.push(
                "The track runs from the grid to the chequered line once: a car that crosses \
                 it claims its crossing and leaves the race, its run done (it no longer \
                 activates, and cannot be shot or pushed)"
                    .to_owned(),
            );
        }
        if self.track.rolling().is_some() {
            lines.push(
                "The road rolls: only the tiles on the table are raced; when the road moves on, \
                 the rear tile is removed with every car on or beside it (eliminated, no one \
                 scores) and the next tile is laid ahead"
                    .to_owned(),
            );
        }
        lines.push(
            "A team's cars not on the track wait in reserve on its mat; when one of its cars is \
             eliminated, the next comes in through the chute (the C beside the road), up to \
             the cars it races at once (8.3)"
                .to_owned(),
        );
        lines
    }

    /// What every symbol of the setup diagram means, one line each: the grid's numbers, the
    /// chute, the off-track spots, the finish line, hazard spots, and each kind of ground the
    /// track is painted with by its print.
    #[must_use]
    pub fn symbols(&self) -> Vec<String> {
        let terrain = self.track.terrain();
        let used = self.kinds_used();
        let mut lines = vec![
            "Numbers on spaces: the grid's places, 1 the pole; the cars are drawn to them (3.0)"
                .to_owned(),
            "C in a diamond: the chute, where replacements come in".to_owned(),
            "Dashed circles beside the road: the off-track spots (Spin-Around, Into the Weeds)"
                .to_owned(),
            "The chequered line: the finish line".to_owned(),
        ];
        if !self.track.hazard_spots().is_empty() {
            lines.push("A triangle on a space: a hazard spot".to_owned());
        }
        if let MissionSetup::Placed(cars) = &self.mission.setup {
            lines.push(
                "A counter on a space: a car placed there, its number written on it".to_owned(),
            );
            let side_damage = self.mission.sides.iter().any(|side| side.damage > 0);
            if side_damage || cars.iter().any(|car| car.damage > 0) {
                lines.push(
                    "Black squares under a counter: the damage markers the car starts with (its \
                     side's included)"
                        .to_owned(),
                );
            }
            let mut markers: Vec<Marker> = cars.iter().flat_map(|c| c.markers.clone()).collect();
            markers.sort_by_key(|m| *m as u8);
            markers.dedup();
            if !markers.is_empty() {
                let said: Vec<String> = markers
                    .iter()
                    .map(|m| format!("{} {}", m.letter(), marker(*m)))
                    .collect();
                lines.push(format!(
                    "Letters over a counter: the markers the car starts with: {}",
                    said.join(", ")
                ));
            }
        }
        lines.extend(used.into_iter().map(|k| {
            let kind = terrain.kind(k);
            format!(
                "Printed {}: {}",
                super::ground_words::pattern(kind.pattern),
                kind.name
            )
        }));
        lines
    }

    /// The deck changes, one line each, with card names.
    #[must_use]
    pub fn deck_changes(&self) -> Vec<String> {
        self.mission
            .deck_changes
            .iter()
            .map(|named| {
                let card = &named.card;
                match &named.change {
                    DeckChange::Add { deck, count, .. } => {
                        format!("{}: add {count} × {card}", deck_name(*deck))
                    }
                    DeckChange::Remove { deck, count, .. } => {
                        format!("{}: take out {count} × {card}", deck_name(*deck))
                    }
                    DeckChange::Replace { deck, count, .. } => format!(
                        "{}: replace {count} × {card} with {}",
                        deck_name(*deck),
                        named.with.as_ref().map_or("", |w| w.as_str())
                    ),
                }
            })
            .collect()
    }
}

/// A deck's name.
fn deck_name(deck: DeckName) -> &'static str {
    match deck {
        DeckName::Race => "Race deck",
        DeckName::MovementEvent => "Movement event deck",
        DeckName::Combat => "Combat deck",
    }
}

/// A marker's name.
fn marker(marker: Marker) -> &'static str {
    match marker {
        Marker::Suppressed => "suppressed",
        Marker::Reloading => "reloading",
        Marker::SpinAround => "spun around",
        Marker::OnFire => "on fire",
    }
}
