//! The race log: what happened, in order, for people (the CLI, the studio) and for tests.

use super::ids::{CarId, PlayerId};
use super::state::{Place, Race};

/// One thing that happened in a race.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LogEntry {
    /// A turn began.
    TurnStarted {
        /// Its number.
        turn: u32,
    },
    /// The countdown clock took a VP from every pool (11.4).
    Clock,
    /// The countdown clock stopped for the rest of the race.
    ClockStopped,
    /// A player passed: no car left to activate (4.4).
    Passed {
        /// Who.
        player: PlayerId,
    },
    /// A race card was played for a car.
    Played {
        /// The car.
        car: CarId,
        /// The race card kind.
        card: u16,
        /// Its movement points.
        mp: u8,
    },
    /// A car moved.
    Moved {
        /// The car.
        car: CarId,
        /// From.
        from: Place,
        /// To.
        to: Place,
    },
    /// A car crossed the finish line and its player claimed VP.
    Crossed {
        /// The car.
        car: CarId,
        /// VP claimed.
        vp: u32,
    },
    /// A lapped car crossed the finish line again, scoring nothing (3.0).
    CrossedLapped {
        /// The car.
        car: CarId,
    },
    /// A car went back over the finish line (11.2).
    CrossedBack {
        /// The car.
        car: CarId,
        /// Whether a claimed VP went back to the pool (otherwise the car is marked lapped).
        returned: bool,
    },
    /// A weapon attack.
    Attack {
        /// The attacker.
        attacker: CarId,
        /// The target.
        target: CarId,
        /// The combat card drawn.
        card: u16,
        /// Whether it hit.
        hit: bool,
    },
    /// A collision attack (Ram, Sideswipe).
    Collision {
        /// The active car.
        attacker: CarId,
        /// The target.
        target: CarId,
        /// The combat card drawn.
        card: u16,
    },
    /// A crossover collision (7.12).
    CrossoverCollision {
        /// The car that tried to enter.
        moving: CarId,
        /// The car barring its way.
        blocker: CarId,
    },
    /// A car took damage.
    Damage {
        /// The car.
        car: CarId,
        /// How much.
        amount: u8,
        /// Whether it was temporary damage.
        temporary: bool,
    },
    /// A car was eliminated.
    Eliminated {
        /// The car.
        car: CarId,
        /// The player who claimed a VP for it.
        scored_by: Option<PlayerId>,
    },
    /// A replacement car entered the chute (8.3).
    Replacement {
        /// The car.
        car: CarId,
    },
    /// A movement event card was drawn.
    Event {
        /// The card kind.
        card: u16,
    },
    /// A marker was placed on a car.
    Marker {
        /// The car.
        car: CarId,
        /// Which marker.
        marker: &'static str,
    },
    /// The First Player marker changed hands (4.5).
    FirstPlayer {
        /// The new holder.
        player: PlayerId,
    },
    /// A player won.
    Winner {
        /// Who.
        player: PlayerId,
    },
    /// The race ended without a winner.
    Draw,
}

impl Race {
    /// A car as people name it: `#21 (Red Devils)`.
    #[must_use]
    pub fn car_name(&self, id: CarId) -> String {
        let car = self.car(id);
        format!("#{} ({})", car.number, self.team_of(car.player).name)
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

    /// One log entry as a line of text.
    #[must_use]
    pub fn describe(&self, entry: &LogEntry) -> String {
        let content = &self.rules().content;
        let player = |p: PlayerId| format!("player {} ({})", p.0 + 1, self.team_of(p).name);
        match entry {
            LogEntry::TurnStarted { turn } => format!("— turn {turn} —"),
            LogEntry::Clock => "the countdown clock takes 1 VP from every pool".to_owned(),
            LogEntry::ClockStopped => "the countdown clock stops".to_owned(),
            LogEntry::Passed { player: p } => format!("{} passes", player(*p)),
            LogEntry::Played { car, card, mp } => format!(
                "{} plays {} for {} ({mp} MP)",
                player(self.car(*car).player),
                content.race_deck[usize::from(*card)].name,
                self.car_name(*car)
            ),
            LogEntry::Moved { car, from, to } => format!(
                "{} moves {} → {}",
                self.car_name(*car),
                self.place_name(*from),
                self.place_name(*to)
            ),
            LogEntry::Crossed { car, vp } => {
                format!("{} crosses the finish line: +{vp} VP", self.car_name(*car))
            }
            LogEntry::CrossedLapped { car } => format!(
                "{} crosses the finish line again after going back over it: no VP",
                self.car_name(*car)
            ),
            LogEntry::CrossedBack { car, returned } => format!(
                "{} goes back over the finish line{}",
                self.car_name(*car),
                if *returned {
                    ": 1 VP returns to the pool"
                } else {
                    ""
                }
            ),
            LogEntry::Attack {
                attacker,
                target,
                card,
                hit,
            } => format!(
                "{} fires at {}: {} — {}",
                self.car_name(*attacker),
                self.car_name(*target),
                content.combat_deck[usize::from(*card)].name,
                if *hit { "hit" } else { "miss" }
            ),
            LogEntry::Collision {
                attacker,
                target,
                card,
            } => format!(
                "{} collides with {}: {}",
                self.car_name(*attacker),
                self.car_name(*target),
                content.combat_deck[usize::from(*card)].name
            ),
            LogEntry::CrossoverCollision { moving, blocker } => format!(
                "{} is barred by {} in the crossover",
                self.car_name(*moving),
                self.car_name(*blocker)
            ),
            LogEntry::Damage {
                car,
                amount,
                temporary,
            } => format!(
                "{} takes {amount} {}damage",
                self.car_name(*car),
                if *temporary { "temporary " } else { "" }
            ),
            LogEntry::Eliminated { car, scored_by } => match scored_by {
                Some(p) => format!(
                    "{} is eliminated; {} claims the kill",
                    self.car_name(*car),
                    player(*p)
                ),
                None => format!("{} is eliminated", self.car_name(*car)),
            },
            LogEntry::Replacement { car } => {
                format!("{} enters the chute", self.car_name(*car))
            }
            LogEntry::Event { card } => format!(
                "movement event: {}",
                content.movement_events[usize::from(*card)].name
            ),
            LogEntry::Marker { car, marker } => {
                format!("{} gets a {marker} marker", self.car_name(*car))
            }
            LogEntry::FirstPlayer { player: p } => {
                format!("{} takes the First Player marker", player(*p))
            }
            LogEntry::Winner { player: p } => format!("{} wins", player(*p)),
            LogEntry::Draw => "the race ends without a winner".to_owned(),
        }
    }
}
