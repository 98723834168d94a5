//! The race log: the event stream ([`RaceEvent`]) told as a game report, for people (the CLI,
//! the studio) and for tests. Nothing here changes a race; every line is rendered from one
//! event.

use super::ids::{CarId, PlayerId};
use super::movement::Step;
use super::outcomes::Ending;
use super::race_event::{Marker, Motion, RaceEvent, VpSource};
use super::state::{Place, Race};

impl Race {
    /// A car as people name it: `#21 (Red Devils)`.
    #[must_use]
    pub fn car_name(&self, id: CarId) -> String {
        format!(
            "#{} ({})",
            self.car_number(id),
            self.team_of(self.car(id).player).name
        )
    }

    /// A place as people name it.
    #[must_use]
    pub fn place_name(&self, place: Place) -> String {
        match place {
            Place::Reserve => "reserve".to_owned(),
            Place::Track(space) => self.track().at(space).to_string(),
            Place::OffTrack { sector, side } => {
                let s = self.track().sector(sector);
                let prefix = if s.section == crate::content::track::Section::Start {
                    "S"
                } else {
                    ""
                };
                format!("off track {side:?} of sector {prefix}{}", s.number).to_lowercase()
            }
            Place::Chute => "chute".to_owned(),
            Place::Destroyed => "destroyed".to_owned(),
        }
    }

    /// The prose log of the race so far: one line per event worth telling.
    #[must_use]
    pub fn log(&self) -> Vec<String> {
        self.events()
            .iter()
            .filter_map(|e| self.describe(e))
            .collect()
    }

    /// One event as a line of a game report, or `None` for bookkeeping events a reader does
    /// not need (movement steps, whose moves are told car by car, and counters flipping).
    #[must_use]
    // One arm per event kind: a table of wordings, kept together so the report reads evenly.
    #[allow(clippy::too_many_lines)]
    pub fn describe(&self, event: &RaceEvent) -> Option<String> {
        let content = &self.rules().content;
        let player = |p: PlayerId| format!("player {} ({})", p.0 + 1, self.team_of(p).name);
        let car = |c: CarId| self.car_name(c);
        Some(match event {
            RaceEvent::RaceStarted { teams, pool, cars } => format!(
                "the race starts: {} players, {} cars, {pool} VP in every pool",
                teams.len(),
                cars.len()
            ),
            RaceEvent::TurnStarted { turn } => format!("— turn {turn} —"),
            RaceEvent::TurnEnded { .. }
            | RaceEvent::Step { .. }
            | RaceEvent::CarFlipped { .. }
            | RaceEvent::ForkTaken { .. } => return None,
            RaceEvent::HandFilled { player: p, cards } => {
                format!("{} draws {} race cards", player(*p), cards.len())
            }
            RaceEvent::DeckReshuffled { deck, cards } => {
                format!("the {deck:?} deck is reshuffled ({cards} cards)").to_lowercase()
            }
            RaceEvent::Clock => "the countdown clock takes 1 VP from every pool".to_owned(),
            RaceEvent::ClockStopped => "the countdown clock stops".to_owned(),
            RaceEvent::FirstPlayer { player: p } => {
                format!("{} takes the First Player marker", player(*p))
            }
            RaceEvent::Passed { player: p } => format!("{} passes", player(*p)),
            RaceEvent::CardPlayed {
                player: p,
                car: c,
                card,
                mp,
                ram_as_lead,
            } => format!(
                "{} plays {} for {} ({mp} MP{})",
                player(*p),
                content.race_deck[usize::from(*card)].name,
                car(*c),
                if *ram_as_lead {
                    ", ramming as Lead"
                } else {
                    ""
                }
            ),
            RaceEvent::MovementEnded { car: c, mp_lost } => {
                format!("{} stops: {mp_lost} MP lost", car(*c))
            }
            RaceEvent::CarMoved {
                car: c,
                from,
                to,
                motion,
            } => format!(
                "{} {} from {} to {}",
                car(*c),
                motion_verb(*motion),
                self.place_name(*from),
                self.place_name(*to)
            ),
            RaceEvent::Attack {
                attacker,
                target,
                card,
                value,
                defense,
                hit,
            } => format!(
                "{} fires at {}: {} ({value} against defense {defense}) — {}",
                car(*attacker),
                car(*target),
                content.combat_deck[usize::from(*card)].name,
                if *hit { "hit" } else { "miss" }
            ),
            RaceEvent::Collision {
                attacker,
                target,
                card,
                cause,
            } => format!(
                "{} {} {}: {}",
                car(*attacker),
                match cause {
                    super::race_event::CollisionCause::Ram => "rams",
                    super::race_event::CollisionCause::Sideswipe => "sideswipes",
                },
                car(*target),
                content.combat_deck[usize::from(*card)].name
            ),
            RaceEvent::CrossoverCollision { moving, blocker } => format!(
                "{} is barred by {} in the crossover",
                car(*moving),
                car(*blocker)
            ),
            RaceEvent::Damage {
                car: c,
                amount,
                temporary,
            } => format!(
                "{} takes {amount} {}damage",
                car(*c),
                if *temporary { "temporary " } else { "" }
            ),
            RaceEvent::Eliminated { car: c, scored_by } => match scored_by {
                Some(p) => format!("{} is eliminated; {} claims the kill", car(*c), player(*p)),
                None => format!("{} is eliminated", car(*c)),
            },
            RaceEvent::Replacement { car: c, activated } => format!(
                "{} enters the chute{}",
                car(*c),
                if *activated {
                    " (it may not move until next turn)"
                } else {
                    ""
                }
            ),
            RaceEvent::MarkerPlaced { car: c, marker } => {
                format!("{} gets a {} marker", car(*c), marker_name(*marker))
            }
            RaceEvent::MarkerRemoved { car: c, marker } => match marker {
                Marker::Lapped => format!(
                    "{} crosses the finish line again after going back over it: no VP",
                    car(*c)
                ),
                _ => format!("{} loses its {} marker", car(*c), marker_name(*marker)),
            },
            RaceEvent::VpClaimed {
                player: p,
                car: c,
                source,
                amount,
            } => match source {
                VpSource::Finish => format!(
                    "{} crosses the finish line: {} claims {amount} VP",
                    car(*c),
                    player(*p)
                ),
                VpSource::Kill => format!("{} claims {amount} VP for the kill", player(*p)),
            },
            RaceEvent::VpReturned {
                player: p,
                car: c,
                source,
            } => format!(
                "{} goes back over the finish line: {} returns 1 {} VP to the pool",
                car(*c),
                player(*p),
                match source {
                    VpSource::Finish => "finish",
                    VpSource::Kill => "kill",
                }
            ),
            RaceEvent::MovementEventDrawn { card } => format!(
                "movement event: {}",
                content.movement_events[usize::from(*card)].name
            ),
            RaceEvent::EventChosen { player: p, choice } => {
                format!("{} chooses {}", player(*p), self.describe_choice(choice))
            }
            RaceEvent::RaceCardDrawn { card } => format!(
                "Shot of NOS draws {}",
                content.race_deck[usize::from(*card)].name
            ),
            RaceEvent::BonusChanged { kind, bonus } => match bonus {
                Some(b) => format!("{kind:?} is in play with {} markers", b.markers),
                None => format!("{kind:?} is discarded"),
            },
            RaceEvent::Discarded { player: p, card } => format!(
                "{} discards {}",
                player(*p),
                content.race_deck[usize::from(*card)].name
            ),
            RaceEvent::Winner { player: p } => format!("{} wins", player(*p)),
            RaceEvent::Draw => "the race ends without a winner".to_owned(),
        })
    }

    /// A movement step as people say it, in the position before it is taken.
    #[must_use]
    pub fn describe_step(&self, step: &Step) -> String {
        let at = |s| self.track().at(s).to_string();
        match step {
            Step::Forward { path, tail } => {
                let mut text = format!("forward {}", at(path[0]));
                if path.len() > 1 {
                    let pushed: Vec<String> = path[1..].iter().map(|s| at(*s)).collect();
                    text.push_str(" pushing to ");
                    text.push_str(&pushed.join(", "));
                }
                if !tail.is_empty() {
                    text.push_str(" with ");
                    text.push_str(&tail.len().to_string());
                    text.push_str(" linked behind");
                }
                text
            }
            Step::Lateral { to, forward, .. } => {
                let mut text = format!("lateral {}", at(*to));
                if self.car_on(*to).is_some() {
                    text.push_str(" displacing");
                }
                if !forward.is_empty() {
                    text.push_str(" (displaced forward to ");
                    text.push_str(&at(forward[0]));
                    text.push(')');
                }
                text
            }
            Step::Diagonal { to, .. } => format!("diagonal {}", at(*to)),
            Step::Swap { to } => format!("overtake {}", at(*to)),
        }
    }

    /// How a movement ended, as people say it.
    #[must_use]
    pub fn describe_ending(&self, ending: Ending) -> String {
        match ending {
            Ending::Spent => "all MP spent".to_owned(),
            Ending::Stuck => "no legal move left".to_owned(),
            Ending::Ram(target) => format!("rams {}", self.car_name(target)),
            Ending::Crossover { moving, blocker } => format!(
                "crossover collision: {} barred by {}",
                self.car_name(moving),
                self.car_name(blocker)
            ),
        }
    }

    /// A movement event choice as people say it.
    #[must_use]
    pub fn describe_choice(&self, choice: &super::EventChoice) -> String {
        use super::EventChoice;
        match choice {
            EventChoice::Decline => "not to use the card".to_owned(),
            EventChoice::Bump { car, to } => format!(
                "to bump {} into {}",
                self.car_name(*car),
                self.track().at(*to)
            ),
            EventChoice::Sideswipe { side } => {
                format!("to sideswipe to the {side:?}").to_lowercase()
            }
            EventChoice::OpenRoad { to } => format!("Open Road to {}", self.track().at(*to)),
            EventChoice::GetThere { mp } => format!("to move {mp} MP"),
            EventChoice::Drift { with } => format!("to drift past {}", self.car_name(*with)),
            EventChoice::Debris { car } => format!("{} for the debris", self.car_name(*car)),
        }
    }
}

fn motion_verb(motion: Motion) -> &'static str {
    match motion {
        Motion::Grid => "lines up",
        Motion::Placed => "is placed",
        Motion::Moved | Motion::Collided => "moves",
        Motion::Pushed => "is pushed",
        Motion::Pulled => "is pulled",
        Motion::Displaced => "is displaced",
        Motion::Swapped => "swaps",
        Motion::Bumped => "is bumped",
        Motion::Trough => "drops into the trough",
        Motion::SpunOff => "spins off",
        Motion::OpenRoad => "takes the open road",
        Motion::Sideswiped => "swerves",
        Motion::Replacement => "comes in",
        Motion::Eliminated => "is removed",
    }
}

fn marker_name(marker: Marker) -> &'static str {
    match marker {
        Marker::Suppression => "Suppression",
        Marker::Reloading => "Reloading",
        Marker::SpinAround => "Spin-Around",
        Marker::Lapped => "Lapped",
    }
}
