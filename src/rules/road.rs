//! The rolling road ([`crate::content::rolling_road`] gives the rules and the decisions taken
//! where Thunder Road: Vendetta and the rulebook meet): which tiles are on the table, the roll
//! that removes the rear tile and lays the next, the final tile and its finish line.
//!
//! # When the engine rolls the road
//! A roll is settled when the movement that carried a car past its moment has ended (its
//! collisions and ground settled), at the end of the activation for a car an event moved, and at
//! the end of the turn for [`RollWhen::EndOfTurn`]. The engine weighs a movement step by step and
//! takes back steps it only tried, so nothing is dealt or destroyed in the middle of a movement,
//! as for damage and eliminations. The car that drove on has kept its remaining movement all the
//! same; what differs from the table is that the hazard tokens of the tile it drove onto are
//! dealt when it stops, so none of them stops it on the way. A token dealt under a car lies
//! there for the next car to drive onto it.
//!
//! # What the bots know of the road ahead
//! The race holds the whole road the course drew, but a player at the table sees a tile only
//! once it is laid. A bot searches a race [`crate::rules::PlayerView::determinise`] makes, and
//! on a rolling road that race is played on the track veiled past the lead tile
//! ([`CheckedTrack::veiled_past`]): the tiles still in the pile are plain paved road with no
//! hazard spot, so a bot weighing a movement that drives off the front edge finds no mud, ramp
//! or token there, and finds them once the tile is laid. The veiled track is made once per lead
//! tile and kept with the race's rules ([`Veils`]). The shape of the tiles ahead is not veiled:
//! the race cannot draw the pile again without the course.

use std::sync::{Arc, OnceLock};

use crate::content::rolling_road::RollWhen;
use crate::validate::checked_track::{CheckedTrack, SectorId, SpaceId};
use crate::validate::laid_tiles::TilePlace;

use super::ids::PlayerId;
use super::race_event::RaceEvent;
use super::state::{Place, Race, RaceRules};

/// A rolling road's veiled rules, one per lead tile, each made when a bot first asks for it
/// (the track a player at the table knows: see the module's docs). Empty on a track that does
/// not roll. Two rules that differ only in what they have made so far are equal.
#[derive(Clone, Default)]
pub(crate) struct Veils(Vec<OnceLock<Arc<RaceRules>>>);

impl Veils {
    /// Room for one veil per tile of `track`'s rolling road (none when it does not roll).
    pub(crate) fn for_track(track: &CheckedTrack) -> Self {
        let tiles = if track.rolling().is_some() {
            track.laid_tiles().len()
        } else {
            0
        };
        Self((0..tiles).map(|_| OnceLock::new()).collect())
    }

    /// Drops the veils made (the track they were made of has changed).
    pub(crate) fn forget(&mut self) {
        for veil in &mut self.0 {
            veil.take();
        }
    }
}

impl PartialEq for Veils {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for Veils {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Veils({})", self.0.len())
    }
}

/// The tiles of a rolling road on the table, and the final one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RoadWindow {
    /// The rear tile: the next to be removed.
    pub rear: TilePlace,
    /// The lead tile: the last laid.
    pub lead: TilePlace,
    /// The final tile: the finish line lies before its last sector.
    pub final_tile: TilePlace,
}

impl Race {
    /// The tiles of the rolling road on the table, or `None` on a track that does not roll.
    #[must_use]
    pub fn road(&self) -> Option<RoadWindow> {
        self.road_window()
    }

    /// Puts the race on its track as a player knows it now: on a rolling road whose pile is
    /// not spent, the tiles past the lead tile are veiled (see the module's docs). For a
    /// determinised copy only; the veiled rules are made once per lead tile.
    pub(crate) fn veil_the_pile(&mut self) {
        let Some(road) = self.road_window() else {
            return;
        };
        if road.lead >= road.final_tile {
            return;
        }
        let rules = self.shared_rules();
        let Some(slot) = rules.veils.0.get(usize::from(road.lead.0)) else {
            return;
        };
        let veiled = Arc::clone(slot.get_or_init(|| {
            let mut veiled = RaceRules::clone(rules);
            veiled.track = rules.track.veiled_past(road.lead);
            // The veiled rules make no veils of their own: a bot's copy keeps the one it has.
            veiled.veils = Veils::default();
            Arc::new(veiled)
        }));
        self.set_rules(veiled);
    }

    /// Whether `sector` is on the table: on a tile of the rolling road's window, or anywhere on
    /// a track that does not roll.
    #[must_use]
    pub fn on_table(&self, sector: SectorId) -> bool {
        self.road_window().is_none_or(|road| {
            self.track()
                .laid_tiles()
                .spans(road.rear, road.lead, sector)
        })
    }

    /// The sector a car at `place` is on or beside: `None` off the board (the chute, the
    /// reserve, destroyed, finished). What the rolling road, the sand worm and the bots read.
    #[must_use]
    pub fn board_sector(&self, place: Place) -> Option<SectorId> {
        match place {
            Place::Track(space) => Some(self.track().space(space).sector),
            Place::OffTrack { sector, .. } => Some(sector),
            Place::Reserve | Place::Chute | Place::Destroyed | Place::Finished(_) => None,
        }
    }

    /// The space a car leaving the chute moves onto: the track's chute, or on a rolling road,
    /// the edge space of the rear tile's first sector on the chute's side (the chute moves
    /// with the road).
    #[must_use]
    pub fn chute_beside(&self) -> SpaceId {
        let chute = self.track().chute();
        match self.road_window() {
            Some(road) if !self.on_table(self.track().space(chute.beside).sector) => {
                let first = self.track().laid_tiles().first_sector(road.rear);
                self.track().edge_of(first, chute.side)
            }
            _ => chute.beside,
        }
    }

    /// Setup: the first window of tiles is laid, and the final tile said when it is among
    /// them. Nothing on a track that does not roll.
    pub(crate) fn lay_first_tiles(&mut self) {
        let Some(rolling) = self.track().rolling() else {
            return;
        };
        let tiles = self.track().laid_tiles();
        let last = tiles.last_place();
        let lead = TilePlace(
            u16::try_from(rolling.window.saturating_sub(1))
                .unwrap_or(u16::MAX)
                .min(last.0),
        );
        self.set_road(RoadWindow {
            rear: TilePlace(0),
            lead,
            final_tile: last,
        });
        for place in 0..=lead.0 {
            self.record(RaceEvent::TileLaid {
                tile: TilePlace(place),
            });
        }
        if lead == last {
            self.record(RaceEvent::FinalTile { tile: last });
        }
    }

    /// Rolls the road while a car stands past its moment (see the module's docs): called when
    /// a movement or an activation has ended.
    pub(crate) fn roll_for_cars(&mut self) {
        let Some(rolling) = self.track().rolling() else {
            return;
        };
        let past = u16::try_from(rolling.roll.tiles_past_lead()).unwrap_or(1);
        // Each roll lays one tile, so the loop ends within the road's tiles.
        while let Some(road) = self.road_window()
            && road.lead < road.final_tile
            && !self.frozen()
            && self
                .farthest_tile()
                .is_some_and(|far| far.0 >= road.lead.0 + past)
        {
            self.roll_road();
        }
    }

    /// The end of a turn rolls the road once when it rolls at the end of every turn.
    pub(crate) fn roll_at_turn_end(&mut self) {
        if self
            .track()
            .rolling()
            .is_some_and(|rolling| rolling.roll == RollWhen::EndOfTurn)
            && self
                .road_window()
                .is_some_and(|road| road.lead < road.final_tile)
            && !self.frozen()
        {
            self.roll_road();
        }
    }

    /// The tile of the car farthest along the road, if a car is on or beside it.
    fn farthest_tile(&self) -> Option<TilePlace> {
        let tiles = self.track().laid_tiles();
        self.cars()
            .iter()
            .filter_map(|car| self.board_sector(car.place))
            .map(|sector| tiles.tile_of(sector))
            .max()
    }

    /// One roll: the rear tile is removed with its face-down tokens and the next tile laid
    /// ahead with its spots dealt; then every car on or beside the removed tile is eliminated.
    /// The final tile is said when it is laid, or when a player is out and the road says so:
    /// a player put out by this roll makes the new lead tile the final one (Thunder Road: "If
    /// this occurs while moving off the front of the board, place the new lead tile (it becomes
    /// the final tile)"), which is why the tile is laid before the cars go.
    fn roll_road(&mut self) {
        let Some(road) = self.road_window() else {
            return;
        };
        let (rear, lead) = (road.rear, road.lead.next());
        let rules = std::sync::Arc::clone(self.shared_rules());
        let tiles = rules.track.laid_tiles();
        let on_rear = |sector: SectorId| tiles.tile_of(sector) == rear;
        let discarded = self.discard_face_down(|space| on_rear(rules.track.space(space).sector));
        self.set_road(RoadWindow {
            rear: rear.next(),
            lead,
            final_tile: road.final_tile,
        });
        self.record(RaceEvent::TileRemoved {
            tile: rear,
            discarded,
        });
        self.record(RaceEvent::TileLaid { tile: lead });
        let (first, last) = (tiles.first_sector(lead), tiles.last_sector(lead));
        self.deal_hazards_where(
            |race, space| {
                let sector = race.track().space(space).sector;
                sector >= first && sector <= last
            },
            false,
        );
        if lead == road.final_tile {
            self.record(RaceEvent::FinalTile { tile: lead });
        }
        let doomed: Vec<_> = self
            .car_ids()
            .filter(|id| self.board_sector(self.car(*id).place).is_some_and(on_rear))
            .collect();
        for car in doomed {
            // Said before the elimination, so that what reads the events (a mission's
            // objective, the harm report) knows the car left by the back.
            if !self.frozen() {
                self.record(RaceEvent::LeftBehind { car });
            }
            self.wreck(car);
        }
        self.final_if_out();
    }

    /// With `final_when_player_out`, once some player has no car left to race (none in the
    /// race, none in reserve), the lead tile is the final tile. Called after every
    /// elimination and roll.
    pub(crate) fn final_if_out(&mut self) {
        let Some(road) = self.road_window() else {
            return;
        };
        if road.final_tile <= road.lead
            || self.frozen()
            || !self
                .track()
                .rolling()
                .is_some_and(|rolling| rolling.final_when_player_out)
        {
            return;
        }
        let out = (0..self.players().len()).any(|seat| {
            let player = PlayerId(u8::try_from(seat).unwrap_or(u8::MAX));
            self.player(player).reserve.is_empty()
                && !self
                    .cars_of(player)
                    .any(|car| self.car(car).place.in_race())
        });
        if !out {
            return;
        }
        self.set_road(RoadWindow {
            final_tile: road.lead,
            ..road
        });
        let run_off = self.track().laid_tiles().last_sector(road.lead);
        self.move_finish_line(run_off);
        self.record(RaceEvent::FinalTile { tile: road.lead });
        // A car already past the new line crosses it now, as if it had driven it.
        let line = self.track().finish_sector();
        let past: Vec<_> = self
            .car_ids()
            .filter(|id| {
                self.car(*id)
                    .place
                    .space()
                    .is_some_and(|space| self.track().space(space).sector == line)
            })
            .collect();
        for car in past {
            self.crossed_line(car);
        }
    }
}
