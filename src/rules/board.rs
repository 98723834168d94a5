//! The public board rebuilt from the event stream alone: where every car is, its damage and
//! markers, every pool and claim, the clock, the First Player marker, where face-down hazard
//! tokens lie, the ground hazards changed, and the result.
//!
//! A replay viewer or a statistics pass folds events into a [`Board`] instead of re-running the
//! engine. The tests fold every event of thousands of races and compare the board with the
//! engine after every decision ([`Board::differences`]), which is what shows the stream is
//! complete: a change the engine made without an event would show up as a difference.

use std::collections::{BTreeMap, BTreeSet};

use super::ids::{CarId, PlayerId};
use super::race_event::{BonusKind, Marker, RaceEvent, VpSource};
use super::state::{Bonus, Car, Race, RaceResult};
use crate::content::text::TerrainId;
use crate::validate::checked_track::SpaceId;
use crate::validate::laid_tiles::TilePlace;

/// A player's pool and claims as the board shows them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardPlayer {
    /// The team's index in the content.
    pub team: usize,
    /// VP left in the pool.
    pub pool: u32,
    /// VP claimed for crossing the finish line, net of returns.
    pub finish: u32,
    /// VP claimed for kills, net of returns.
    pub kills: u32,
    /// VP the countdown clock removed.
    pub clock_removed: u32,
}

/// The public board, folded from events.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Board {
    /// Every car, by car id: place, damage and markers as the board shows them.
    pub cars: Vec<Car>,
    /// Every player, by seat.
    pub players: Vec<BoardPlayer>,
    /// The current turn.
    pub turn: u32,
    /// The holder of the First Player marker.
    pub first_player: Option<PlayerId>,
    /// Whether the countdown clock still runs.
    pub clock_running: bool,
    /// The Bounty card in play.
    pub bounty: Option<Bonus>,
    /// The Race Bonus card in play.
    pub finish_bonus: Option<Bonus>,
    /// How the race ended, once it has.
    pub result: Option<RaceResult>,
    /// The spaces where a face-down hazard token lies.
    pub face_down: BTreeSet<SpaceId>,
    /// The spaces a hazard changed, with the kind of ground each is now.
    pub changed_ground: BTreeMap<SpaceId, TerrainId>,
    /// A rolling road's tiles on the table, once the first is laid.
    pub road: Option<BoardRoad>,
}

/// A rolling road's tiles on the table, as the board shows them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardRoad {
    /// The rear tile.
    pub rear: TilePlace,
    /// The lead tile.
    pub lead: TilePlace,
    /// The final tile, once it is known.
    pub final_tile: Option<TilePlace>,
}

/// An event that does not fit the board it is applied to (a stream that does not start with
/// [`RaceEvent::RaceStarted`], or names a car or player that is not there).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("event {index} does not fit the board: {problem}")]
pub struct BoardError {
    /// The event's position in the stream.
    pub index: usize,
    /// What was wrong.
    pub problem: String,
}

impl Board {
    /// Folds a whole stream of events.
    pub fn from_events(events: &[RaceEvent]) -> Result<Self, BoardError> {
        let mut board = Self::default();
        for (index, event) in events.iter().enumerate() {
            board
                .apply(event)
                .map_err(|problem| BoardError { index, problem })?;
        }
        Ok(board)
    }

    fn car_mut(&mut self, car: CarId) -> Result<&mut Car, String> {
        self.cars
            .get_mut(car.index())
            .ok_or_else(|| format!("no car {}", car.0))
    }

    fn player_mut(&mut self, player: PlayerId) -> Result<&mut BoardPlayer, String> {
        self.players
            .get_mut(player.index())
            .ok_or_else(|| format!("no player {}", player.0))
    }

    /// Applies one event. Only the events that change the public board have an arm: the
    /// others (cards played, attacks, steps...) are told by the events that follow them (a
    /// `damage`, a `car_moved`), and a new event that changes the board without its arm here
    /// fails the test that folds every sample race's stream and compares it with the race.
    pub fn apply(&mut self, event: &RaceEvent) -> Result<(), String> {
        match event {
            RaceEvent::RaceStarted { seats, pool, cars } => {
                self.players = seats
                    .0
                    .iter()
                    .map(|&team| BoardPlayer {
                        team,
                        pool: *pool,
                        finish: 0,
                        kills: 0,
                        clock_removed: 0,
                    })
                    .collect();
                self.cars = cars
                    .iter()
                    .map(|c| Car::on_the_mat(c.player, c.mat_index))
                    .collect();
                self.turn = 1;
                self.clock_running = true;
            }
            RaceEvent::TurnStarted { turn } => self.turn = *turn,
            RaceEvent::TurnEnded { .. } => {
                for car in &mut self.cars {
                    car.activated = false;
                    car.temporary_damage = 0;
                }
            }
            RaceEvent::Clock => {
                for p in &mut self.players {
                    p.pool = p.pool.saturating_sub(1);
                    p.clock_removed += 1;
                }
            }
            RaceEvent::ClockStopped => self.clock_running = false,
            RaceEvent::FirstPlayer { seat } => self.first_player = Some(*seat),
            RaceEvent::CarMoved { car, to, .. } => self.car_mut(*car)?.place = *to,
            RaceEvent::Damage {
                car,
                amount,
                temporary,
            } => {
                let c = self.car_mut(*car)?;
                if *temporary {
                    c.temporary_damage += amount;
                } else {
                    c.damage += amount;
                }
            }
            RaceEvent::StartingDamage { car, amount } => self.car_mut(*car)?.damage += amount,
            RaceEvent::Replacement { car, activated } => self.car_mut(*car)?.activated = *activated,
            RaceEvent::CarFlipped { car } => self.car_mut(*car)?.activated = true,
            RaceEvent::MarkerPlaced { car, marker } => {
                set_marker(self.car_mut(*car)?, *marker, true);
            }
            RaceEvent::MarkerRemoved { car, marker } => {
                set_marker(self.car_mut(*car)?, *marker, false);
            }
            RaceEvent::VpClaimed {
                seat,
                car,
                source,
                amount,
            } => self.vp_change(*seat, *car, *source, i64::from(*amount))?,
            RaceEvent::VpReturned { seat, car, source } => {
                self.vp_change(*seat, *car, *source, -1)?;
            }
            RaceEvent::BonusChanged { kind, bonus } => match kind {
                BonusKind::Bounty => self.bounty = *bonus,
                BonusKind::RaceBonus => self.finish_bonus = *bonus,
            },
            RaceEvent::HazardsDealt { spots } => self.face_down.extend(spots.iter().copied()),
            RaceEvent::HazardRevealed { space, .. } => {
                self.face_down.remove(space);
            }
            RaceEvent::GroundChanged { space, kind } => {
                self.changed_ground.insert(*space, kind.clone());
            }
            RaceEvent::TileLaid { tile } => self.lay_tile(*tile),
            RaceEvent::TileRemoved { tile, discarded } => self.remove_tile(*tile, discarded)?,
            RaceEvent::FinalTile { tile } => self.road_mut()?.final_tile = Some(*tile),
            RaceEvent::Winner { seat } => self.result = Some(RaceResult::Winner(*seat)),
            RaceEvent::Draw => self.result = Some(RaceResult::Draw),
            RaceEvent::SideWon { side } => self.result = Some(RaceResult::SideWon(*side)),
            _ => {}
        }
        Ok(())
    }

    /// A rolling road's tile laid ahead: the lead tile now (the first one laid is the rear).
    fn lay_tile(&mut self, tile: TilePlace) {
        self.road
            .get_or_insert(BoardRoad {
                rear: tile,
                lead: tile,
                final_tile: None,
            })
            .lead = tile;
    }

    /// A rolling road's rear tile removed, its face-down tokens with it.
    fn remove_tile(&mut self, tile: TilePlace, discarded: &[SpaceId]) -> Result<(), String> {
        self.road_mut()?.rear = tile.next();
        for space in discarded {
            self.face_down.remove(space);
        }
        Ok(())
    }

    /// The rolling road, to change; an error before its first tile is laid.
    fn road_mut(&mut self) -> Result<&mut BoardRoad, String> {
        self.road
            .as_mut()
            .ok_or_else(|| "a rolling road's event before its first tile".to_owned())
    }

    /// A claim of `amount` VP by `car`, or a return when negative; a claim for the finish
    /// line is one more crossing the car holds, a return one fewer (11.2).
    fn vp_change(
        &mut self,
        player: PlayerId,
        car: CarId,
        source: VpSource,
        amount: i64,
    ) -> Result<(), String> {
        self.claim(player, source, amount)?;
        self.car_mut(car)?.count_vp(source, amount);
        Ok(())
    }

    /// A claim of `amount` VP from a pool, or a return when negative.
    fn claim(&mut self, player: PlayerId, source: VpSource, amount: i64) -> Result<(), String> {
        let p = self.player_mut(player)?;
        let shift = |value: u32, by: i64| {
            u32::try_from(i64::from(value) + by)
                .map_err(|_| format!("VP of player {} below 0", player.0))
        };
        p.pool = shift(p.pool, -amount)?;
        match source {
            VpSource::Finish => p.finish = shift(p.finish, amount)?,
            VpSource::Kill => p.kills = shift(p.kills, amount)?,
        }
        Ok(())
    }

    /// Every way this board differs from the engine's state (empty when they agree).
    #[must_use]
    pub fn differences(&self, race: &Race) -> Vec<String> {
        let mut out = Vec::new();
        if self.cars.len() != race.cars().len() {
            out.push(format!(
                "{} cars on the board, {} in the race",
                self.cars.len(),
                race.cars().len()
            ));
            return out;
        }
        for (i, (b, c)) in self.cars.iter().zip(race.cars()).enumerate() {
            if b != c {
                out.push(format!("car {i}: board {b:?}, engine {c:?}"));
            }
        }
        for (i, (b, p)) in self.players.iter().zip(race.players()).enumerate() {
            let engine = BoardPlayer {
                team: p.team,
                pool: p.pool,
                finish: p.claims.finish,
                kills: p.claims.kills,
                clock_removed: p.clock_removed,
            };
            if *b != engine {
                out.push(format!("player {i}: board {b:?}, engine {engine:?}"));
            }
        }
        if self.turn != race.turn() {
            out.push(format!("turn {} on the board, {}", self.turn, race.turn()));
        }
        if self.first_player != Some(race.first_player()) {
            out.push("the First Player marker differs".to_owned());
        }
        if self.clock_running != race.clock_running() {
            out.push("the clock differs".to_owned());
        }
        if self.bounty != race.bounty() || self.finish_bonus != race.finish_bonus() {
            out.push("the bonus cards in play differ".to_owned());
        }
        if self.result != race.result() {
            out.push(format!(
                "result {:?} on the board, {:?}",
                self.result,
                race.result()
            ));
        }
        let engine_road = race.road();
        let board_road = self.road.map(|road| (road.rear, road.lead));
        if board_road != engine_road.map(|road| (road.rear, road.lead))
            || self
                .road
                .and_then(|road| road.final_tile)
                .is_some_and(|tile| Some(tile) != engine_road.map(|road| road.final_tile))
        {
            out.push(format!(
                "the road on the board is {:?}, in the race {engine_road:?}",
                self.road
            ));
        }
        if !self.face_down.iter().copied().eq(race.face_down_hazards()) {
            out.push("the face-down hazard tokens lie elsewhere".to_owned());
        }
        for (space, kind) in &self.changed_ground {
            let now = &race
                .track()
                .terrain()
                .kind(race.track().space(*space).kind)
                .id;
            if now != kind {
                out.push(format!("space {} is {kind} on the board, {now}", space.0));
            }
        }
        out
    }
}

fn set_marker(car: &mut Car, marker: Marker, on: bool) {
    match marker {
        Marker::Suppression => car.suppressed = on,
        Marker::Reloading => car.reloading = on,
        Marker::SpinAround => car.spun_around = on,
        Marker::OnFire => car.on_fire = on,
        Marker::Lapped if on => car.lapped += 1,
        Marker::Lapped => car.lapped = car.lapped.saturating_sub(1),
    }
}
