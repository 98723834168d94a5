//! The compact race report: the event stream folded into one entry per activation, as a reader
//! of a race wants it. An activation's entry says in one line who played what for which car and
//! where it went; what decides races (fire results, damage, eliminations, VP) stands under it;
//! the rest (pushes, pulls, markers, lost MP) is folded into its details. At the end,
//! [`Race::standings`] gives each player's VP by source and cars lost.
//!
//! Every line comes from [`Race::describe`], so the compact report tells exactly what the full
//! log tells, only arranged.

use super::ids::{CarId, PlayerId};
use super::race_event::{Motion, RaceEvent};
use super::state::{Place, Race, RaceResult};

/// What an entry of the report is about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EntryKind {
    /// A turn began.
    Turn,
    /// A race card was played for a car: its movement and what came of it.
    Activation,
    /// The race ended.
    Result,
    /// Anything else worth telling on its own line (hands filled, discards, the clock).
    Other,
}

/// One entry of the compact report.
#[derive(Clone, PartialEq, Debug)]
pub struct ReportEntry {
    /// What it is about.
    pub kind: EntryKind,
    /// The index of the event it starts at.
    pub first_event: usize,
    /// The event a click on its line shows: for an activation, the car's last move of its own
    /// (where it went); otherwise the first event.
    pub focus: usize,
    /// Its one line.
    pub headline: String,
    /// Lines that stand out under it, always shown: attacks and their results, damage,
    /// eliminations, replacements, VP claimed or returned, movement events drawn and chosen.
    pub highlights: Vec<(usize, String)>,
    /// Lines folded under it: every car moved (pushes and pulls included), markers, lost MP.
    pub details: Vec<(usize, String)>,
}

impl ReportEntry {
    fn new(kind: EntryKind, first_event: usize, headline: String) -> Self {
        Self {
            kind,
            first_event,
            focus: first_event,
            headline,
            highlights: Vec::new(),
            details: Vec::new(),
        }
    }
}

/// The report being built, event by event, so a screen can keep it up to date as a race goes
/// on without telling old events again.
#[derive(Clone, Default, Debug)]
pub struct CompactReport {
    entries: Vec<ReportEntry>,
    /// The activation being told: its car, where it stood, where it is, and the other cars it
    /// shoved (pushed, pulled, displaced).
    open: Option<OpenActivation>,
    /// How many of the race's events have been read.
    read: usize,
}

#[derive(Clone, Debug)]
struct OpenActivation {
    entry: usize,
    car: CarId,
    line: String,
    from: Option<Place>,
    to: Option<Place>,
    shoved: Vec<CarId>,
}

impl CompactReport {
    /// The entries so far, oldest first.
    #[must_use]
    pub fn entries(&self) -> &[ReportEntry] {
        &self.entries
    }

    /// Brings the report up to the race: new events are added; a race with fewer events than
    /// were read (taken back) is told again from the start.
    pub fn update(&mut self, race: &Race) {
        let events = race.events();
        if events.len() < self.read {
            *self = Self::default();
        }
        for (index, event) in events.iter().enumerate().skip(self.read) {
            self.push(race, index, event);
        }
        self.read = events.len();
    }

    fn push(&mut self, race: &Race, index: usize, event: &RaceEvent) {
        let line = race.describe(event);
        match event {
            RaceEvent::TurnStarted { .. } => {
                self.close();
                self.start(EntryKind::Turn, index, line);
            }
            RaceEvent::CardPlayed { car, .. } => {
                self.close();
                let line = line.unwrap_or_default();
                self.start(EntryKind::Activation, index, Some(line.clone()));
                let open = OpenActivation {
                    entry: self.entries.len() - 1,
                    car: *car,
                    line,
                    from: None,
                    to: None,
                    shoved: Vec::new(),
                };
                self.entries[open.entry].headline = headline(race, &open);
                self.open = Some(open);
            }
            RaceEvent::Winner { .. } | RaceEvent::Draw => {
                self.close();
                self.start(EntryKind::Result, index, line);
            }
            RaceEvent::TurnEnded { .. }
            | RaceEvent::Passed { .. }
            | RaceEvent::Discarded { .. }
            | RaceEvent::HandFilled { .. }
            | RaceEvent::FirstPlayer { .. }
            | RaceEvent::Clock
            | RaceEvent::ClockStopped => {
                self.close();
                self.start(EntryKind::Other, index, line);
            }
            _ => {
                let Some(line) = line else {
                    return;
                };
                let Some(open) = &mut self.open else {
                    // Outside an activation (the race being set up, the end of turn): a line
                    // of its own.
                    self.start(EntryKind::Other, index, Some(line));
                    return;
                };
                if let RaceEvent::CarMoved {
                    car,
                    from,
                    to,
                    motion,
                } = event
                {
                    if *car == open.car && matches!(motion, Motion::Moved | Motion::Swapped) {
                        open.from.get_or_insert(*from);
                        open.to = Some(*to);
                        self.entries[open.entry].focus = index;
                    } else if *car != open.car && !open.shoved.contains(car) {
                        open.shoved.push(*car);
                    }
                    // Only a move changes what the headline says.
                    self.entries[open.entry].headline = headline(race, open);
                }
                let entry = &mut self.entries[open.entry];
                if stands_out(event) {
                    entry.highlights.push((index, line));
                } else {
                    entry.details.push((index, line));
                }
            }
        }
    }

    fn start(&mut self, kind: EntryKind, index: usize, line: Option<String>) {
        if let Some(line) = line {
            self.entries.push(ReportEntry::new(kind, index, line));
        }
    }

    fn close(&mut self) {
        self.open = None;
    }
}

/// Whether an event decides races and so stays in sight under its activation.
fn stands_out(event: &RaceEvent) -> bool {
    matches!(
        event,
        RaceEvent::Attack { .. }
            | RaceEvent::Collision { .. }
            | RaceEvent::CrossoverCollision { .. }
            | RaceEvent::Damage { .. }
            | RaceEvent::Eliminated { .. }
            | RaceEvent::Replacement { .. }
            | RaceEvent::VpClaimed { .. }
            | RaceEvent::VpReturned { .. }
            | RaceEvent::MovementEventDrawn { .. }
            | RaceEvent::EventChosen { .. }
    )
}

/// An activation's line: the card played, then its movement summarised (where the car went,
/// how many other cars it shoved).
fn headline(race: &Race, open: &OpenActivation) -> String {
    let went = match (open.from, open.to) {
        (Some(from), Some(to)) if from != to => format!(
            ": from {} to {}",
            race.place_name(from),
            race.place_name(to)
        ),
        _ => ": stays where it is".to_owned(),
    };
    let shoved = match open.shoved.len() {
        0 => String::new(),
        1 => ", moving 1 other car".to_owned(),
        n => format!(", moving {n} other cars"),
    };
    format!("{}{went}{shoved}", open.line)
}

/// One player's result: VP by source and cars lost.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Standing {
    /// The player.
    pub player: PlayerId,
    /// Their team's name.
    pub team: String,
    /// Whether they won.
    pub winner: bool,
    /// VP claimed in all.
    pub claimed: u32,
    /// VP claimed crossing the finish line, net of returns (11.1, 11.2).
    pub finish: u32,
    /// VP claimed for kills (11.3).
    pub kills: u32,
    /// VP left in their pool.
    pub pool: u32,
    /// VP the countdown clock took from their pool (11.4).
    pub clock: u32,
    /// Their cars eliminated.
    pub cars_lost: u32,
    /// Their cars still in the race (on the track, beside it, in the chute or in reserve).
    pub cars_left: u32,
}

impl Race {
    /// Every player's standing, the winner first, then by VP claimed, then in seat order.
    #[must_use]
    pub fn standings(&self) -> Vec<Standing> {
        let winner = match self.result() {
            Some(RaceResult::Winner(player)) => Some(player),
            _ => None,
        };
        let mut lost = vec![0u32; self.players().len()];
        for event in self.events() {
            if let RaceEvent::Eliminated { car, .. } = event
                && let Some(count) = lost.get_mut(self.car(*car).player.index())
            {
                *count += 1;
            }
        }
        let mut standings: Vec<Standing> = self
            .players()
            .iter()
            .enumerate()
            .map(|(index, state)| {
                let player = PlayerId(u8::try_from(index).unwrap_or(u8::MAX));
                let cars_left = self
                    .car_ids()
                    .filter(|&car| {
                        let car = self.car(car);
                        car.player == player && car.place != Place::Destroyed
                    })
                    .count();
                Standing {
                    player,
                    team: self.team_of(player).name.to_string(),
                    winner: winner == Some(player),
                    claimed: state.claimed(),
                    finish: state.claims.finish,
                    kills: state.claims.kills,
                    pool: state.pool,
                    clock: state.clock_removed,
                    cars_lost: lost[index],
                    cars_left: u32::try_from(cars_left).unwrap_or(u32::MAX),
                }
            })
            .collect();
        standings.sort_by_key(|s| (!s.winner, std::cmp::Reverse(s.claimed), s.player));
        standings
    }
}
