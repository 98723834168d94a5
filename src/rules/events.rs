//! Movement events (rulebook 10.0): every card's effect, with its numbers read from the content.
//!
//! # Decisions where the rulebook is silent
//! - "Furthest along" a jump or rough section means the fewest sectors left to the end of that
//!   stretch; every car at that distance is affected ("or cars, if in the same sector").
//!   Rough means rough terrain (Bumpy Ride, Roll, Snapped the Struts); jump means the jump lanes
//!   beside the trough (Big Air, Bottoming Out, High Flyer...). Suspension Failure's extra
//!   damage counts rough and jump-lane spaces, not the trough: 10.0 says "in the rough section or
//!   the jump section", and 2.1 defines "Jump Section: These are the lanes on each side of the
//!   Trough" (7.14 likewise: "the two lanes on each side are called the Jump Section"). The
//!   card's `in_trough` says otherwise for a pack that wants the trough counted.
//! - Bump and Run moves an adjacent car (in front, beside or behind, 10.0 and the glossary)
//!   into a vacant space adjacent to it: forward, backward or sideways, never into the trough,
//!   never sideways off rough ground (7.13 cannot be overridden).
//! - Sideswipe into a car of one's own team is not a legal direction; a suppressed car cannot
//!   sideswipe into a car (8.5). With no legal direction the card is ignored.
//! - Open Road: a car in the trough is not "alone in a sector" for this card (it must leave the
//!   trough first), nor is a car beside the trough with a car in it. The car looks ahead along
//!   its own forward links and lands in any empty space directly behind a car of the nearest
//!   sector ahead that holds a car; trough cars are not cars "in front", so the car links
//!   behind the next car on the track. A car already linked behind a car stays where it is.
//!   The jump does not pass through a crossover space a perpendicular car holds (7.12): it goes
//!   round by the other lane, or stops in front of the barring car. A car standing on a space
//!   the active car drove through earlier is still the next car in front: the jump stops
//!   before its space and never enters it, so 7.1 does not bar it.
//! - 7.1's "may not ... enter the same space twice during an Action Segment" holds for every
//!   movement of the activation: the card's, Get There's, Shot of NOS's, and the active car's
//!   jump by Open Road, step by Sideswipe and swap by Drift. A combat result that places the
//!   active car (Bulldoze 8.5, the advance into an eliminated car's space 8.4) is the combat
//!   card's doing, not a movement, and is not limited by it.
//! - Shot of NOS moves the car as many MP as the drawn card's speed adjustment; the card is
//!   discarded.
//! - Dangerous Debris is chosen by each player in turn order, starting with the active player.
//! - A second Bounty or Race Bonus drawn while one is in play replaces it (the old card is
//!   discarded).
//! - Spin-Around and Into the Weeds use the other side of the sector if the named side has no
//!   off-track spot, and do nothing if neither side has one.

use std::collections::BTreeSet;

use crate::content::movement_events::MovementEvent;
use crate::content::race_deck::LaneSide;
use crate::content::terrain::CountsAs;
use crate::validate::checked_track::{CellId, SpaceId};

use super::activation::{Activation, Stage};
use super::combat::{self, CollisionKind};
use super::ids::{CarId, PlayerId};
use super::movement::{MoveKind, Style};
use super::race_event::{BonusKind, DeckKind, Marker, Motion, RaceEvent};
use super::state::{Place, Race};

/// Whom a damage card hits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Victims {
    /// The active car (Blown Engine, Fuel Leak...).
    ActiveCar,
    /// Every car on the terrain (Bottoming Out, Bumpy Ride).
    AllOn(CountsAs),
    /// The cars furthest along the terrain (Roll, Snapped the Struts).
    FurthestAlong(CountsAs),
    /// The cars furthest along the jump, who then drop into the trough (Big Air, Greasing the
    /// Landing, Missed Jump).
    IntoTheTrough(CountsAs),
}

/// The damage cards, which share one shape: whom they hit, how much, and whether a kill by
/// them scores. Other cards give `None`.
fn damage_card(effect: &MovementEvent) -> Option<(Victims, u8, bool)> {
    use MovementEvent as E;
    Some(match *effect {
        E::BigAir {
            damage,
            scores_kill,
        }
        | E::GreasingTheLanding {
            damage,
            scores_kill,
        }
        | E::MissedJump {
            damage,
            scores_kill,
        } => (
            Victims::IntoTheTrough(CountsAs::JumpLane),
            damage,
            scores_kill,
        ),
        E::BlownEngine {
            damage,
            scores_kill,
        }
        | E::BlownTransmission {
            damage,
            scores_kill,
        }
        | E::FuelLeak {
            damage,
            scores_kill,
        }
        | E::OuttaGas {
            damage,
            scores_kill,
        }
        | E::ShreddedTire {
            damage,
            scores_kill,
        } => (Victims::ActiveCar, damage, scores_kill),
        E::BottomingOut {
            damage,
            scores_kill,
        } => (Victims::AllOn(CountsAs::JumpLane), damage, scores_kill),
        E::BumpyRide {
            damage,
            scores_kill,
        } => (Victims::AllOn(CountsAs::Rough), damage, scores_kill),
        E::Roll {
            damage,
            scores_kill,
        }
        | E::SnappedTheStruts {
            damage,
            scores_kill,
        } => (Victims::FurthestAlong(CountsAs::Rough), damage, scores_kill),
        _ => return None,
    })
}

/// Whether a card does its work on the active car (damages, moves or marks it, or gives it a
/// choice to make), and so lapses when the car is out of the race by the time the card is
/// drawn (see [`crate::content::ruleset::EventAfterElimination`]). The others fall on other
/// cars or on the race, and happen all the same.
fn falls_on_the_active_car(effect: &MovementEvent) -> bool {
    use MovementEvent as E;
    match effect {
        E::BlownEngine { .. }
        | E::BlownTransmission { .. }
        | E::BumpAndRun
        | E::Drift
        | E::EngineFailure { .. }
        | E::FuelLeak { .. }
        | E::GetThere { .. }
        | E::IntoTheWeeds
        | E::OpenRoad
        | E::OuttaGas { .. }
        | E::Reloading
        | E::ShotOfNos
        | E::ShreddedTire { .. }
        | E::Sideswipe
        | E::SpinAround
        | E::SuspensionFailure { .. }
        | E::TransmissionFailure { .. } => true,
        E::BigAir { .. }
        | E::BottomingOut { .. }
        | E::Bounty { .. }
        | E::BumpyRide { .. }
        | E::DangerousDebris { .. }
        | E::GreasingTheLanding { .. }
        | E::HighFlyer { .. }
        | E::MissedJump { .. }
        | E::RaceBonus { .. }
        | E::Roll { .. }
        | E::SnappedTheStruts { .. } => false,
    }
}

/// A movement event waiting for a player's choice.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum EventStage {
    BumpAndRun,
    Sideswipe,
    OpenRoad,
    GetThere {
        min: u8,
        max: u8,
    },
    Drift,
    /// Players still to choose, the deciding one first.
    Debris {
        players: Vec<PlayerId>,
        damage: u8,
        scores_kill: bool,
    },
}

/// A choice in a movement event.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Debug,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum EventChoice {
    /// Do not use the card's option (Bump and Run, Open Road, Get There, Drift).
    Decline,
    /// Bump and Run: move `car` into the vacant space `to`.
    Bump {
        /// The adjacent car.
        car: CarId,
        /// A vacant space adjacent to it.
        to: SpaceId,
    },
    /// Sideswipe towards this side.
    Sideswipe {
        /// The side.
        side: LaneSide,
    },
    /// Open Road: move to this space.
    OpenRoad {
        /// The space, linked behind the next car in front.
        to: SpaceId,
    },
    /// Get There: move solo this many MP.
    GetThere {
        /// The MP.
        mp: u8,
    },
    /// Drift: swap with this car, linked directly in front (at a fork with a car on each
    /// branch, the player chooses which).
    Drift {
        /// The car in front.
        with: CarId,
    },
    /// Dangerous Debris: this car takes the damage.
    Debris {
        /// The deciding player's car.
        car: CarId,
    },
}

impl Race {
    /// The player who must decide in an event stage.
    pub(crate) fn event_player(activation: &Activation, event: &EventStage) -> PlayerId {
        Self::event_player_of(activation.player, event)
    }

    fn event_player_of(active: PlayerId, event: &EventStage) -> PlayerId {
        match event {
            EventStage::Debris { players, .. } => players.first().copied(),
            _ => None,
        }
        .unwrap_or(active)
    }

    /// Draws and resolves the movement event after the active car's movement (10.0).
    pub(crate) fn draw_event(&mut self, activation: &mut Activation) {
        activation.stage = Stage::AfterMove;
        let Some(card) = self.draw_card(DeckKind::MovementEvent) else {
            return;
        };
        self.record(RaceEvent::MovementEventDrawn {
            card: super::EventCard(card),
        });
        let effect = self.rules().content.movement_events[usize::from(card)]
            .effect
            .clone();
        let stays_in_play = self.resolve_event(card, &effect, activation);
        if !stays_in_play {
            self.discard(DeckKind::MovementEvent, card);
        }
    }

    /// Carries out a movement event card; returns whether the card stays in play (Bounty and
    /// Race Bonus while they hold markers).
    fn resolve_event(
        &mut self,
        card: u16,
        effect: &MovementEvent,
        activation: &mut Activation,
    ) -> bool {
        let car = activation.car;
        if !self.car(car).place.in_race() && falls_on_the_active_car(effect) {
            // Drawn after the car's own movement destroyed it (6.0, 10.0): nothing to act on.
            return false;
        }
        let scorer = |scores: bool| scores.then_some(activation.player);
        if let Some((victims, damage, scores)) = damage_card(effect) {
            self.damage_victims(car, victims, damage, scorer(scores));
            return false;
        }
        match *effect {
            MovementEvent::Bounty { markers, kill_vp } => {
                return self.put_in_play(BonusKind::Bounty, card, markers, kill_vp);
            }
            MovementEvent::RaceBonus { markers, finish_vp } => {
                return self.put_in_play(BonusKind::RaceBonus, card, markers, finish_vp);
            }
            MovementEvent::BumpAndRun => activation.stage = Stage::Event(EventStage::BumpAndRun),
            MovementEvent::Sideswipe => activation.stage = Stage::Event(EventStage::Sideswipe),
            MovementEvent::OpenRoad => activation.stage = Stage::Event(EventStage::OpenRoad),
            MovementEvent::Drift => activation.stage = Stage::Event(EventStage::Drift),
            MovementEvent::GetThere { min_mp, max_mp } => {
                activation.stage = Stage::Event(EventStage::GetThere {
                    min: min_mp,
                    max: max_mp,
                });
            }
            MovementEvent::DangerousDebris {
                damage,
                scores_kill,
            } => {
                activation.stage = Stage::Event(EventStage::Debris {
                    players: self.players_from(activation.player),
                    damage,
                    scores_kill,
                });
            }
            MovementEvent::EngineFailure {
                threshold,
                low_damage,
                high_damage,
                scores_kill,
            }
            | MovementEvent::TransmissionFailure {
                threshold,
                low_damage,
                high_damage,
                scores_kill,
            } => {
                let amount = if self.car(car).damage >= threshold {
                    high_damage
                } else {
                    low_damage
                };
                self.damage(car, amount, scorer(scores_kill));
            }
            MovementEvent::SuspensionFailure {
                damage,
                rough_extra,
                in_trough,
                scores_kill,
            } => {
                let rough = self.car(car).place.space().is_some_and(|s| {
                    match self.track().space(s).ground.counts_as {
                        CountsAs::Rough | CountsAs::JumpLane => true,
                        CountsAs::Trough => in_trough,
                        CountsAs::Road => false,
                    }
                });
                let amount = if rough {
                    damage.saturating_add(rough_extra)
                } else {
                    damage
                };
                self.damage(car, amount, scorer(scores_kill));
            }
            MovementEvent::HighFlyer { spaces } => self.high_flyer(spaces, activation),
            MovementEvent::IntoTheWeeds => {
                self.spin_off(car, LaneSide::Outside);
                activation.may_fire_after = false;
            }
            MovementEvent::SpinAround => {
                self.spin_off(car, LaneSide::Inside);
                activation.may_fire_after = false;
            }
            MovementEvent::Reloading => {
                if activation.fired_before {
                    self.set_marker(car, Marker::Reloading, true);
                } else {
                    activation.may_fire_after = false;
                }
            }
            MovementEvent::ShotOfNos => self.shot_of_nos(activation),
            // The damage cards were handled above.
            _ => {}
        }
        false
    }

    /// Shot of NOS: the active car moves solo as many MP as the speed of a race card drawn
    /// for it (the card is discarded), continuing its action segment.
    fn shot_of_nos(&mut self, activation: &mut Activation) {
        let car = activation.car;
        if let Some(drawn) = self.draw_card(DeckKind::Race) {
            self.record(RaceEvent::RaceCardDrawn {
                card: super::RaceCard(drawn),
            });
            self.discard(DeckKind::Race, drawn);
            let mp = self.rules().content.race_deck[usize::from(drawn)].speed;
            activation.stage = self.event_movement(
                (car, &activation.visited),
                car,
                mp,
                Style::plain(MoveKind::Solo),
            );
        }
    }

    /// Damage from a damage card to the cars it names; the jump cards then drop them into the
    /// trough beside them.
    fn damage_victims(
        &mut self,
        active: CarId,
        victims: Victims,
        damage: u8,
        scorer: Option<PlayerId>,
    ) {
        let cars = match victims {
            Victims::ActiveCar => vec![active],
            Victims::AllOn(terrain) => self.cars_on_terrain(|t| t == terrain),
            Victims::FurthestAlong(terrain) | Victims::IntoTheTrough(terrain) => {
                self.furthest_along(terrain)
            }
        };
        for victim in cars {
            let space = self.car(victim).place.space();
            self.damage(victim, damage, scorer);
            if matches!(victims, Victims::IntoTheTrough(_))
                && self.car(victim).place.in_race()
                && let Some(space) = space
                && let Some(trough) = self.track().trough_of(self.track().space(space).sector)
            {
                self.put(victim, Place::Track(trough), Motion::Trough);
            }
        }
    }

    /// High Flyer: the car closest to the front of the jump makes a solo Overtake move.
    fn high_flyer(&mut self, spaces: u8, activation: &mut Activation) {
        let flyer = self
            .furthest_along(CountsAs::JumpLane)
            .into_iter()
            .min_by_key(|c| {
                self.car(*c)
                    .place
                    .space()
                    .map(|s| self.track().space(s).lane)
            });
        if let Some(flyer) = flyer {
            activation.stage = self.event_movement(
                (activation.car, &activation.visited),
                flyer,
                spaces,
                Style::plain(MoveKind::Overtake),
            );
        }
    }

    /// Cars on terrain of a kind.
    fn cars_on_terrain(&self, kind: impl Fn(CountsAs) -> bool) -> Vec<CarId> {
        self.car_ids()
            .filter(|c| {
                self.car(*c)
                    .place
                    .space()
                    .is_some_and(|s| kind(self.track().space(s).ground.counts_as))
            })
            .collect()
    }

    /// The cars furthest along a jump or rough stretch (not those in the trough).
    fn furthest_along(&self, terrain: CountsAs) -> Vec<CarId> {
        let left = |c: CarId| {
            let space = self.car(c).place.space()?;
            let s = self.track().space(space);
            if s.ground.counts_as != terrain {
                return None;
            }
            let sector = self.track().sector(s.sector);
            match terrain {
                CountsAs::JumpLane => sector.jump_left,
                _ => sector.rough_left,
            }
        };
        let best = self.car_ids().filter_map(left).min();
        self.car_ids()
            .filter(|c| best.is_some() && left(*c) == best)
            .collect()
    }

    /// The legal choices of an event stage (empty when it has none and resolves as nothing).
    pub(crate) fn event_choices(
        &self,
        activation: &Activation,
        event: &EventStage,
    ) -> Vec<EventChoice> {
        let car = activation.car;
        let mut out = Vec::new();
        match event {
            EventStage::BumpAndRun => {
                out.push(EventChoice::Decline);
                for target in self.adjacent_cars(car) {
                    for to in self.bump_spaces(target) {
                        out.push(EventChoice::Bump { car: target, to });
                    }
                }
            }
            EventStage::Sideswipe => {
                out.extend(
                    self.sideswipe_sides(car, &activation.visited)
                        .into_iter()
                        .map(|side| EventChoice::Sideswipe { side }),
                );
            }
            EventStage::OpenRoad => {
                let spaces = self.open_road(car, &activation.visited);
                if !spaces.is_empty() {
                    out.push(EventChoice::Decline);
                    out.extend(spaces.into_iter().map(|to| EventChoice::OpenRoad { to }));
                }
            }
            EventStage::GetThere { min, max } => {
                out.push(EventChoice::Decline);
                out.extend(
                    (*min..=*max)
                        .filter(|mp| *mp > 0)
                        .map(|mp| EventChoice::GetThere { mp }),
                );
            }
            EventStage::Drift => {
                let mut ahead = self.cars_linked_ahead(car);
                ahead.retain(|(_, to)| !self.entered(&activation.visited, *to));
                if !ahead.is_empty() {
                    out.push(EventChoice::Decline);
                    out.extend(
                        ahead
                            .into_iter()
                            .map(|(with, _)| EventChoice::Drift { with }),
                    );
                }
            }
            EventStage::Debris { players, .. } => {
                if let Some(&player) = players.first() {
                    out.extend(
                        self.cars_of(player)
                            .filter(|c| {
                                matches!(
                                    self.car(*c).place,
                                    Place::Track(_) | Place::OffTrack { .. }
                                )
                            })
                            .map(|car| EventChoice::Debris { car }),
                    );
                }
            }
        }
        out
    }

    /// Applies an event choice (checked to be legal).
    pub(crate) fn apply_event_choice(&mut self, activation: &mut Activation, choice: EventChoice) {
        let car = activation.car;
        let player = activation.player;
        let Stage::Event(event) = &mut activation.stage else {
            return;
        };
        if self.logging() {
            self.record(RaceEvent::EventChosen {
                seat: Self::event_player_of(player, event),
                choice,
            });
        }
        let mut next = Stage::AfterMove;
        match (event, &choice) {
            (EventStage::BumpAndRun, EventChoice::Bump { car: target, to }) => {
                self.move_adjacent(*target, *to, Motion::Bumped);
            }
            (EventStage::Sideswipe, EventChoice::Sideswipe { side }) => {
                if let Some(space) = self.car(car).place.space()
                    && let Some(to) = self.track().lateral(space, *side)
                {
                    if let Some(target) = self.car_on(to) {
                        combat::collision(self, car, target, CollisionKind::Sideswipe, player);
                    } else {
                        self.put(car, Place::Track(to), Motion::Sideswiped);
                        activation.visited.push(self.cell(to));
                    }
                }
            }
            (EventStage::OpenRoad, EventChoice::OpenRoad { to }) => {
                let from = self.car(car).place;
                let crosses = from.space().is_some_and(|f| self.open_road_crosses(f, *to));
                self.put(car, Place::Track(*to), Motion::OpenRoad);
                activation.visited.push(self.cell(*to));
                if crosses {
                    self.crossed_line(car);
                }
            }
            (EventStage::GetThere { .. }, EventChoice::GetThere { mp }) => {
                let mut style = Style::plain(MoveKind::Solo);
                style.empty_only = true;
                next = self.event_movement((car, &activation.visited), car, *mp, style);
            }
            (EventStage::Drift, EventChoice::Drift { with }) => {
                let front = self
                    .cars_linked_ahead(car)
                    .into_iter()
                    .find(|(other, _)| other == with);
                if let (Some(from), Some((other, to))) = (self.car(car).place.space(), front) {
                    super::movement::swap(self, car, from, other, to);
                    activation.visited.push(self.cell(to));
                }
            }
            (
                EventStage::Debris {
                    players,
                    damage,
                    scores_kill,
                },
                EventChoice::Debris { car: victim },
            ) => {
                let (damage, scores) = (*damage, *scores_kill);
                players.remove(0);
                let rest = players.clone();
                self.damage(*victim, damage, scores.then_some(player));
                next = self.next_debris(rest, damage, scores);
            }
            _ => {}
        }
        activation.stage = next;
    }

    /// The Dangerous Debris stage for the players still to choose, skipping players with no car
    /// on the track.
    fn next_debris(&self, players: Vec<PlayerId>, damage: u8, scores_kill: bool) -> Stage {
        let players: Vec<PlayerId> = players
            .into_iter()
            .filter(|p| {
                self.cars_of(*p).any(|id| {
                    matches!(self.car(id).place, Place::Track(_) | Place::OffTrack { .. })
                })
            })
            .collect();
        if players.is_empty() {
            Stage::AfterMove
        } else {
            Stage::Event(EventStage::Debris {
                players,
                damage,
                scores_kill,
            })
        }
    }

    /// The cars linked directly in front of `car` (Drift), with their spaces: one per branch
    /// at a fork, in the track's branch order (inside first).
    fn cars_linked_ahead(&self, car: CarId) -> Vec<(CarId, SpaceId)> {
        let Some(space) = self.car(car).place.space() else {
            return Vec::new();
        };
        self.track()
            .space(space)
            .next
            .iter()
            .filter_map(|n| self.car_in_line(*n).map(|other| (other, *n)))
            .collect()
    }

    /// Cars adjacent to `car`: in front, beside, behind (glossary: Adjacent).
    fn adjacent_cars(&self, car: CarId) -> Vec<CarId> {
        let Some(space) = self.car(car).place.space() else {
            return Vec::new();
        };
        let s = self.track().space(space);
        let mut out: Vec<CarId> = s
            .next
            .iter()
            .chain(&s.prev)
            .chain(s.inner.iter())
            .chain(s.outer.iter())
            .flat_map(|n| combat::cars_on(self, *n))
            .filter(|c| *c != car)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Vacant spaces adjacent to a car that Bump and Run may move it into.
    fn bump_spaces(&self, car: CarId) -> Vec<SpaceId> {
        let Some(space) = self.car(car).place.space() else {
            return Vec::new();
        };
        let track = self.track();
        let s = track.space(space);
        let mut out: Vec<SpaceId> = s.next.iter().chain(&s.prev).copied().collect();
        if !s.ground.locks_lanes() {
            out.extend(s.inner);
            out.extend(s.outer);
        }
        out.retain(|to| !track.space(*to).ground.is_trough() && self.car_on(*to).is_none());
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The sides Sideswipe may take the car to: never off rough ground (7.13), never into the
    /// trough, or into an empty space the car entered earlier in this action segment
    /// (7.1); into a car only an opponent's, and only when the car is not suppressed (8.5).
    fn sideswipe_sides(&self, car: CarId, visited: &[CellId]) -> Vec<LaneSide> {
        let Some(space) = self.car(car).place.space() else {
            return Vec::new();
        };
        let track = self.track();
        let s = track.space(space);
        if s.ground.locks_lanes() {
            return Vec::new();
        }
        let owner = self.car(car).player;
        let suppressed = self.car(car).suppressed;
        [LaneSide::Inside, LaneSide::Outside]
            .into_iter()
            .filter(|side| {
                let Some(to) = track.lateral(space, *side) else {
                    return false;
                };
                if track.space(to).ground.is_trough() {
                    return false;
                }
                match self.car_on(to) {
                    None => !self.entered(visited, to),
                    Some(other) => {
                        self.car(other).player != owner
                            && !suppressed
                            && self.may_attack(car, other)
                    }
                }
            })
            .collect()
    }

    /// Whether the active car entered `space` earlier in its action segment (its cells so far,
    /// `visited`): 7.1 "may not ... enter the same space twice during an Action Segment" holds
    /// for every movement of the activation, the card's and the events' alike.
    fn entered(&self, visited: &[CellId], space: SpaceId) -> bool {
        visited.contains(&self.cell(space))
    }

    /// Open Road destinations (10.0: "may move any number of spaces forward to become linked
    /// with the next car in front of it. The lane may be changed in this movement").
    ///
    /// The car looks forward from where it is, sector by sector along its own forward links
    /// (so from a starting section it sees the lap sectors it joins, never the lap sectors
    /// behind the junction). The first sector ahead holding another car in line (trough cars
    /// are not "in front"; the car itself never is) gives the destinations: the empty spaces of
    /// the sector before it that link directly into a car's space. When every space of the next
    /// sector is barred by perpendicular cars on the crossover, the car stops just in front of
    /// them, in any empty lane (10.0: "if both lanes of the crossover are blocked
    /// perpendicularly, the car must stop in either lane just in front of the blocking cars").
    /// Lanes change only on paved ground (7.13: "No Event or Race Card can override this
    /// rule"), never into the trough.
    ///
    /// The jump never passes through or lands on a space the car entered earlier in its action
    /// segment (`visited`, 7.1), nor passes through a crossover space a perpendicular car holds
    /// (7.12: a car "that would have to enter a space with a car already barring its way in
    /// the crossover is forced to stop in the space before"): it goes round by the other lane
    /// when it can, and when every way on is barred it stops in front of the barring car, as
    /// the card says for both lanes barred (no collision: the card stops the car, it does not
    /// drive it into the cell). The cars it looks at are another matter: a car ahead stands
    /// where it stands, on a space the active car drove through earlier or not, and the jump
    /// ends in front of it without entering its space, so 7.1 does not hide it.
    ///
    /// A car already linked directly behind a car has nowhere to go: it is linked already.
    /// Looking ahead stops when it comes round to the car's own sector: with nobody else on the
    /// lap ahead of it, there is no next car to link with.
    pub(crate) fn open_road(&self, car: CarId, visited: &[CellId]) -> Vec<SpaceId> {
        let Some(from) = self.car(car).place.space() else {
            return Vec::new();
        };
        let track = self.track();
        if track.space(from).ground.is_trough() {
            return Vec::new();
        }
        let home = track.space(from).sector;
        let alone = track
            .sector(home)
            .spaces
            .iter()
            .flat_map(|s| combat::cars_on(self, *s))
            .all(|c| c == car);
        let in_line = |s: &SpaceId| {
            !track.space(*s).ground.is_trough()
                && self.car_in_line(*s).is_some_and(|other| other != car)
        };
        if !alone || track.space(from).next.iter().any(in_line) {
            return Vec::new();
        }
        let barred = |s: &SpaceId| self.blocked_across(*s).is_some();
        // The spaces the jump may pass through or stop on.
        let passable = |s: &SpaceId| *s == from || (!self.entered(visited, *s) && !barred(s));
        let empty = |s: &&SpaceId| self.car_on(**s).is_none();
        let mut layer = self.lane_changes([from].into(), &passable);
        for _ in 0..track.space_count() {
            // Every space the layer looks into, entered before or not: a car there is ahead.
            let ahead: BTreeSet<SpaceId> = layer
                .iter()
                .flat_map(|s| track.space(*s).next.iter().copied())
                .filter(|s| !track.space(*s).ground.is_trough())
                .collect();
            let Some(first) = ahead.first() else {
                return Vec::new();
            };
            let next_sector = track.space(*first).sector;
            if next_sector == home {
                // Round the whole lap and nobody else on it.
                return Vec::new();
            }
            let sector = &track.sector(next_sector).spaces;
            if sector.iter().all(barred) {
                return layer.iter().filter(empty).copied().collect();
            }
            if sector.iter().any(in_line) {
                return layer
                    .iter()
                    .filter(empty)
                    .filter(|s| track.space(**s).next.iter().any(in_line))
                    .copied()
                    .collect();
            }
            let onward: BTreeSet<SpaceId> = ahead.iter().copied().filter(&passable).collect();
            if onward.is_empty() {
                // Every way on is barred across or was entered before: the car stops in front
                // of a barring car (as the card says when both lanes are barred), and has
                // nowhere to go when only spaces it entered before lie ahead.
                return layer
                    .iter()
                    .filter(empty)
                    .filter(|s| track.space(**s).next.iter().any(barred))
                    .copied()
                    .collect();
            }
            layer = self.lane_changes(onward, &passable);
        }
        Vec::new()
    }

    /// `spaces` and every space reached from them by changing lanes, only from paved ground
    /// (7.13), never into the trough, and only into spaces `open` allows.
    fn lane_changes(
        &self,
        mut spaces: BTreeSet<SpaceId>,
        open: &dyn Fn(&SpaceId) -> bool,
    ) -> BTreeSet<SpaceId> {
        let track = self.track();
        let mut stack: Vec<SpaceId> = spaces.iter().copied().collect();
        while let Some(at) = stack.pop() {
            let space = track.space(at);
            if space.ground.locks_lanes() {
                continue;
            }
            for to in space.inner.into_iter().chain(space.outer) {
                if !track.space(to).ground.is_trough() && open(&to) && spaces.insert(to) {
                    stack.push(to);
                }
            }
        }
        spaces
    }

    /// Whether an Open Road jump from `from` to `to` passes the finish line.
    fn open_road_crosses(&self, from: SpaceId, to: SpaceId) -> bool {
        let track = self.track();
        let target = track.space(to).sector;
        let mut sector = track.space(from).sector;
        for _ in 0..track.space_count() {
            if sector == target {
                return false;
            }
            let Some(next) = track.sector(sector).next else {
                return false;
            };
            if next == track.first_lap_sector() {
                return true;
            }
            sector = next;
        }
        false
    }
}
