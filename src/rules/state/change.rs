//! The named changes to a race: every write to the position, the turn flow and the records
//! goes through one of these (placing and moving a car, markers, scoring, damage, elimination,
//! the turn's flow, cards dealt and drawn, the end of the race). The rule modules decide *what*
//! happens and say it with these; the fields themselves are private to `rules/state.rs` and its
//! two children, this file and the search's undo (`state/mark.rs`), so a reader of these three
//! files knows everything a step can change.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

use super::super::deck::draw_from;

use super::super::activation::Phase;
use super::super::ids::{CarId, PlayerId};
use super::super::mission::{Fact, MissionState};
use super::super::race_event::{BonusKind, DeckKind, Marker, Motion, RaceEvent, VpSource};
use super::super::road::RoadWindow;
use super::{Bonus, Car, Claims, Place, Player, Race, RaceResult};
use crate::content::mission::Score;
use crate::content::race_deck::LaneSide;
use crate::content::ruleset::PointToPointFinish;
use crate::content::scenario::Marker as ScenarioMarker;
use crate::validate::checked_track::SpaceId;
use crate::validate::terrain::KindIndex;

impl Race {
    /// Records an event, when the race keeps its log or plays a mission. Inlined, so that the
    /// check comes before any call: the engine reports hundreds of events in every race, and
    /// races played by the hundred thousand keep no log.
    #[inline]
    pub(crate) fn record(&mut self, event: RaceEvent) {
        if self.records() {
            self.keep_event(event);
        }
    }

    /// Whether something keeps the events: the race's log, or the mission it plays (which
    /// reads them as they happen).
    #[inline]
    fn records(&self) -> bool {
        self.records.logging || self.mission.is_some()
    }

    #[inline(never)]
    fn keep_event(&mut self, event: RaceEvent) {
        if self.mission.is_none() {
            self.records.log.push(event);
            return;
        }
        // A mission race's event is logged first, then read for the objectives: what reading
        // it records (an objective met, a side's win) follows it in the log.
        let fact = Fact::of(&event);
        if self.records.logging {
            self.records.log.push(event);
        }
        if let Some(fact) = fact {
            self.observe(fact);
        }
    }

    /// Puts a car somewhere, keeping the cell index right, and records the move. No rule is
    /// applied.
    // Always inlined, as `relocate` is: a car's every move comes here.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn put(&mut self, id: CarId, place: Place, motion: Motion) {
        if self.frozen() {
            return;
        }
        let from = self.position.cars[id.index()].place;
        self.relocate(id, place);
        // Not even built when nothing records it (an outcome search moves cars by the
        // hundred thousand); a mission reads a car's arrival in the Destroyed Cars box.
        if self.records() && from != place {
            self.record(RaceEvent::CarMoved {
                car: id,
                from,
                to: place,
                motion,
            });
        }
    }

    /// Swaps two cars on track spaces (Overtake, Drift, Bulldoze), recording both moves.
    pub(crate) fn exchange(&mut self, a: CarId, b: CarId) {
        if self.frozen() {
            return;
        }
        let (pa, pb) = (self.car(a).place, self.car(b).place);
        self.relocate(b, Place::Reserve);
        self.relocate(a, pb);
        self.relocate(b, pa);
        self.record(RaceEvent::CarMoved {
            car: a,
            from: pa,
            to: pb,
            motion: Motion::Swapped,
        });
        self.record(RaceEvent::CarMoved {
            car: b,
            from: pb,
            to: pa,
            motion: Motion::Swapped,
        });
    }

    /// Sets a marker on a car or takes it off, recording the change.
    pub(crate) fn set_marker(&mut self, id: CarId, marker: Marker, on: bool) {
        if self.frozen() {
            return;
        }
        let car = &mut self.position.cars[id.index()];
        let changed = match marker {
            Marker::Suppression => std::mem::replace(&mut car.suppressed, on) != on,
            Marker::Reloading => std::mem::replace(&mut car.reloading, on) != on,
            Marker::SpinAround => std::mem::replace(&mut car.spun_around, on) != on,
            Marker::OnFire => std::mem::replace(&mut car.on_fire, on) != on,
            // Lapped tokens count: each placed one is one more, each removed one less.
            Marker::Lapped if on => {
                car.lapped += 1;
                true
            }
            Marker::Lapped if car.lapped > 0 => {
                car.lapped -= 1;
                true
            }
            Marker::Lapped => false,
        };
        if !changed {
            return;
        }
        self.record(if on {
            RaceEvent::MarkerPlaced { car: id, marker }
        } else {
            RaceEvent::MarkerRemoved { car: id, marker }
        });
    }

    /// Moves a car and keeps the cell index right; records nothing.
    // Always inlined: every car moved at every step comes here, and as a call it was 3% of a
    // random race's instructions (measured with callgrind over the `rules` bench).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn relocate(&mut self, id: CarId, place: Place) {
        // Each space is looked up once, for its ground and its cell (a car moves at every step
        // of every race).
        if let Place::Track(old) = self.position.cars[id.index()].place {
            let space = self.rules.track.space(old);
            let cell = space.cell.0 as usize;
            if !space.ground.shared && self.position.occupant[cell] == Some(id) {
                self.position.occupant[cell] = None;
            }
        }
        self.position.cars[id.index()].place = place;
        self.work.moved(id);
        if let Place::Track(new) = place {
            let space = self.rules.track.space(new);
            if !space.ground.shared {
                self.position.occupant[space.cell.0 as usize] = Some(id);
            }
        }
    }

    /// Moves a car one space forward, scoring a crossing of the finish line (11.1).
    pub(crate) fn move_forward(&mut self, id: CarId, to: SpaceId, motion: Motion) {
        if self.frozen() {
            return;
        }
        let from = self.car(id).place.space();
        if self.records.logging
            && let Some(from) = from
            && self.track().space(from).next.len() > 1
        {
            self.record(RaceEvent::ForkTaken {
                car: id,
                at: from,
                to,
            });
        }
        self.put(id, Place::Track(to), motion);
        if let Some(from) = from
            && self.track().crosses_line(from, to)
        {
            self.crossed_line(id);
        }
    }

    /// Moves a car to an adjacent space in whatever direction that is, scoring or returning a
    /// VP when it crosses the finish line (11.1, 11.2).
    pub(crate) fn move_adjacent(&mut self, id: CarId, to: SpaceId, motion: Motion) {
        let Some(from) = self.car(id).place.space() else {
            self.put(id, Place::Track(to), motion);
            return;
        };
        if self.track().space(from).next.contains(&to) {
            self.move_forward(id, to, motion);
        } else if self.track().space(to).next.contains(&from) {
            self.put(id, Place::Track(to), motion);
            if self.track().crosses_line(to, from) {
                self.crossed_back(id);
            }
        } else {
            self.put(id, Place::Track(to), motion);
        }
    }

    /// A car crossed the finish line going forward: its player claims VP (11.1), or, if it was
    /// lapped, its Lapped marker goes instead (3.0).
    pub(crate) fn crossed_line(&mut self, id: CarId) {
        if self.frozen() {
            return;
        }
        if self.mission.is_some() {
            self.record(RaceEvent::LineCrossed {
                car: id,
                forward: true,
            });
            // The crossing may have met the mission's objective and ended the race.
            if self.frozen() {
                return;
            }
        }
        let player = self.car(id).player;
        if self.car(id).lapped > 0 {
            self.set_marker(id, Marker::Lapped, false);
        } else if self.claims_from(player, Score::Finish) {
            let vp = self.use_bonus(BonusKind::RaceBonus);
            self.claim(player, id, vp, VpSource::Finish);
        }
        if self.track().point_to_point() {
            self.end_run(id);
        }
    }

    /// A car across the finish line of a point-to-point track, its crossing scored: by the
    /// ruleset's [`PointToPointFinish`], its player wins on the spot (claiming all their pool
    /// has left), or the car leaves the race. Either way it goes off the road: the run-off
    /// stays empty, so a car pushed into it never meets another there.
    fn end_run(&mut self, id: CarId) {
        if self.frozen() {
            return;
        }
        let player = self.car(id).player;
        if self.rules.ruleset.point_to_point == PointToPointFinish::FirstAcrossWins
            && self.claims_from(player, Score::Finish)
        {
            let left = self.position.players[player.index()].pool;
            self.claim(player, id, left, VpSource::Finish);
            if self.frozen() {
                return;
            }
        }
        let before = self
            .position
            .cars
            .iter()
            .filter(|c| matches!(c.place, Place::Finished(_)))
            .count();
        self.put(
            id,
            Place::Finished(u8::try_from(before).unwrap_or(u8::MAX)),
            Motion::Finished,
        );
    }

    /// The VP of one crossing (Race Bonus) or one kill (Bounty): the card's VP while it is in
    /// play, which uses one of its markers and leaves play with the last one; 1 otherwise.
    fn use_bonus(&mut self, kind: BonusKind) -> u32 {
        if self.frozen() {
            return 0;
        }
        let slot = match kind {
            BonusKind::Bounty => &mut self.position.bounty,
            BonusKind::RaceBonus => &mut self.position.finish_bonus,
        };
        let Some(bonus) = slot else {
            return self.base_vp(kind == BonusKind::Bounty);
        };
        bonus.markers = bonus.markers.saturating_sub(1);
        let vp = u32::from(bonus.vp);
        let card = bonus.card;
        if bonus.markers == 0 {
            *slot = None;
            self.position.event_cards.discard.push(card);
        }
        let bonus = *slot;
        self.record(RaceEvent::BonusChanged { kind, bonus });
        vp
    }

    /// A car went back over the finish line (11.2): "the team that is moved backward must
    /// return one claimed VP", and "when that car crosses the Finish Line again it may re-claim
    /// the token it lost", so the VP returned is the one *this car* claimed for crossing. A
    /// car that holds no such claim (it never crossed, or its crossings were already given
    /// back) returns nothing its team earned otherwise: it is marked lapped instead, and its
    /// next forward crossing scores nothing (3.0, the Lapped tokens).
    pub(crate) fn crossed_back(&mut self, id: CarId) {
        if self.frozen() {
            return;
        }
        if self.mission.is_some() {
            self.record(RaceEvent::LineCrossed {
                car: id,
                forward: false,
            });
            if self.frozen() {
                return;
            }
        }
        let player = self.car(id).player;
        let p = &mut self.position.players[player.index()];
        let car = &mut self.position.cars[id.index()];
        if car.crossings == 0 || p.claims.finish == 0 {
            self.set_marker(id, Marker::Lapped, true);
            return;
        }
        car.count_vp(VpSource::Finish, -1);
        p.claims.finish -= 1;
        p.pool += 1;
        self.record(RaceEvent::VpReturned {
            seat: player,
            car: id,
            source: VpSource::Finish,
        });
    }

    /// A player claims VP from their pool for `car`; emptying it wins the race on the spot
    /// (11.5). The event records what was actually taken.
    pub(crate) fn claim(&mut self, player: PlayerId, car: CarId, vp: u32, source: VpSource) {
        if self.frozen() {
            return;
        }
        let vp = vp.min(self.position.players[player.index()].pool);
        // A mission may make a source worth nothing, or keep a race going past an empty pool:
        // then nothing is claimed.
        if vp == 0 && self.mission.is_some() {
            return;
        }
        let p = &mut self.position.players[player.index()];
        p.pool -= vp;
        match source {
            VpSource::Finish => p.claims.finish += vp,
            VpSource::Kill => p.claims.kills += vp,
        }
        self.position.cars[car.index()].count_vp(source, i64::from(vp));
        let won = p.pool == 0 && self.pool_wins();
        self.record(RaceEvent::VpClaimed {
            seat: player,
            car,
            source,
            amount: vp,
        });
        if won {
            self.end_race(RaceResult::Winner(player));
        }
    }

    /// Gives a car damage markers (9.0); the sixth eliminates it at once (5.3, 8.2). A kill of
    /// another team's car scores for the active player unless the cause says it does not (11.3).
    pub(crate) fn damage(&mut self, id: CarId, amount: u8, scoring: Option<PlayerId>) {
        self.add_damage(id, amount, false, scoring);
    }

    /// Temporary damage (the Thunder Alley crossover variant).
    pub(crate) fn temporary_damage(&mut self, id: CarId, amount: u8, scoring: Option<PlayerId>) {
        self.add_damage(id, amount, true, scoring);
    }

    fn add_damage(&mut self, id: CarId, amount: u8, temporary: bool, scoring: Option<PlayerId>) {
        if amount == 0 || self.frozen() || !self.car(id).place.in_race() {
            return;
        }
        let limit = self.rules.ruleset.eliminating_damage;
        let car = &mut self.position.cars[id.index()];
        let room = limit.saturating_sub(car.damage + car.temporary_damage);
        let amount = amount.min(room);
        if temporary {
            car.temporary_damage += amount;
        } else {
            car.damage += amount;
        }
        self.record(RaceEvent::Damage {
            car: id,
            amount,
            temporary,
        });
        let car = &self.position.cars[id.index()];
        if car.damage + car.temporary_damage >= limit {
            self.eliminate(id, scoring);
        }
    }

    /// Slides a car `spaces` spaces to a side drawn from the race's RNG (an oil slick, when
    /// its movement ends), free, stopping short of a car, the trough, a barred crossover space
    /// or the wall. Draws nothing for no spaces or a car no longer on the track. The ground it
    /// slides onto does nothing: the movement is over, and only a moving car is struck.
    pub(crate) fn slide_aside(&mut self, id: CarId, spaces: u8) {
        if spaces == 0 || self.car(id).place.space().is_none() || self.frozen() {
            return;
        }
        let side = self.toss_side();
        for _ in 0..spaces {
            let Some(at) = self.car(id).place.space() else {
                return;
            };
            let Some(to) = self.track().lateral(at, side) else {
                return;
            };
            if self.track().space(to).ground.is_trough()
                || self.car_on(to).is_some()
                || self.blocked_across(to).is_some()
            {
                return;
            }
            self.put(id, Place::Track(to), Motion::Moved);
        }
    }

    /// Eliminates a car that entered ground that wrecks it; no one scores the kill.
    pub(crate) fn wreck(&mut self, id: CarId) {
        if self.car(id).place.in_race() && !self.frozen() {
            self.eliminate(id, None);
        }
    }

    fn eliminate(&mut self, id: CarId, scoring: Option<PlayerId>) {
        let owner = self.car(id).player;
        // 8.3: a car eliminated during its own activation has moved this turn, so its
        // replacement may not activate until the next turn.
        let has_moved = self.car(id).activated || self.flow.active == Some(id);
        let scorer = scoring.filter(|p| self.kill_scores(*p, owner));
        self.record(RaceEvent::Eliminated {
            car: id,
            scored_by: scorer,
        });
        self.put(id, Place::Destroyed, Motion::Eliminated);
        // A mission may have ended the race the moment the car was destroyed.
        if let Some(player) =
            scorer.filter(|p| !self.frozen() && self.claims_from(*p, Score::Kills))
        {
            let vp = self.use_bonus(BonusKind::Bounty);
            self.claim(player, id, vp, VpSource::Kill);
        }
        if !self.frozen() {
            self.replace(owner, has_moved);
        }
        self.final_if_out();
    }

    /// Replacement cars to the chute (8.3): up to the race's cars per team, same side up as
    /// the eliminated car. (A car that finished a point-to-point run is simply no longer in the
    /// race: each elimination still brings in one replacement, as on a lap.)
    fn replace(&mut self, player: PlayerId, activated: bool) {
        let max = usize::from(self.racing_cars(player));
        let in_race = self
            .cars_of(player)
            .filter(|c| self.car(*c).place.in_race())
            .count();
        if in_race >= max {
            return;
        }
        let p = &mut self.position.players[player.index()];
        if p.reserve.is_empty() {
            return;
        }
        let id = p.reserve.remove(0);
        self.position.cars[id.index()].activated = activated;
        self.record(RaceEvent::Replacement { car: id, activated });
        self.put(id, Place::Chute, Motion::Replacement);
    }

    /// Draws the top card of a deck, recording a reshuffle when the deck ran out.
    pub(crate) fn draw_card(&mut self, deck: DeckKind) -> Option<u16> {
        if self.frozen() {
            return None;
        }
        let (pile, rng) = self.position.deck_mut(deck);
        let (card, reshuffled) = pile.draw(rng);
        if reshuffled {
            let cards = pile.len() + usize::from(card.is_some());
            self.record(RaceEvent::DeckReshuffled { deck, cards });
        }
        card
    }

    /// Shuffles a list with the race's RNG (setup's draw bag).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.position.rng);
    }

    // The turn's flow (4.0-4.5, 11.4).

    /// Gives the action to `player` (4.4), or the discards when the action phase is over.
    #[inline]
    pub(crate) fn give_action(&mut self, player: PlayerId) {
        self.flow.current = player;
    }

    /// Moves the First Player marker to `player` (3.0, 4.5).
    pub(crate) fn pass_first_player(&mut self, player: PlayerId) {
        self.flow.first_player = player;
        self.record(RaceEvent::FirstPlayer { seat: player });
    }

    /// The end of turn's markers (4.5): every car's temporary damage removed, and every car
    /// flipped back to its unactivated side.
    pub(crate) fn clear_turn_markers(&mut self) {
        for car in &mut self.position.cars {
            car.temporary_damage = 0;
            car.activated = false;
        }
    }

    /// Starts the next turn.
    pub(crate) fn start_next_turn(&mut self) {
        self.flow.turn += 1;
        self.record(RaceEvent::TurnStarted {
            turn: self.flow.turn,
        });
    }

    /// The countdown clock stops for good (11.4: it would take someone's last VP).
    pub(crate) fn stop_clock(&mut self) {
        self.flow.clock_running = false;
        self.record(RaceEvent::ClockStopped);
    }

    /// The countdown clock takes 1 VP from every pool (11.4).
    pub(crate) fn clock_takes_one(&mut self) {
        for p in &mut self.position.players {
            p.pool -= 1;
            p.clock_removed += 1;
        }
        self.record(RaceEvent::Clock);
    }

    /// Ends the race with `result`, recording it: a winner, a side's win or a draw.
    pub(crate) fn end_race(&mut self, result: RaceResult) {
        self.flow.result = Some(result);
        self.record(match result {
            RaceResult::Winner(seat) => RaceEvent::Winner { seat },
            RaceResult::Draw => RaceEvent::Draw,
            RaceResult::SideWon(side) => RaceEvent::SideWon { side },
        });
    }

    // Cards in hand and on the discards.

    /// Puts a race card into a player's hand.
    pub(crate) fn deal(&mut self, player: PlayerId, card: u16) {
        self.position.players[player.index()].hand.push(card);
    }

    /// Sorts a player's hand (the order the legal plays are listed in).
    pub(crate) fn sort_hand(&mut self, player: PlayerId) {
        self.position.players[player.index()].hand.sort_unstable();
    }

    /// Puts a card on its deck's discards.
    #[inline]
    pub(crate) fn discard(&mut self, deck: DeckKind, card: u16) {
        self.position.deck_mut(deck).0.discard.push(card);
    }

    /// Discards a card from a player's hand (4.5), when it is there.
    pub(crate) fn discard_from_hand(&mut self, player: PlayerId, card: u16) {
        if self.play_from_hand(player, card) {
            self.discard(DeckKind::Race, card);
            self.record(RaceEvent::Discarded {
                seat: player,
                card: super::super::RaceCard(card),
            });
        }
    }

    /// Keeps a decision in the race's record (a seed and these replay it).
    pub(crate) fn record_decision(&mut self, decision: super::super::Decision) {
        self.records.history.push(decision);
    }

    /// Puts Bounty or Race Bonus into play (10.0; a second one replaces the first, whose card
    /// is discarded); returns whether the card stays in play.
    pub(crate) fn put_in_play(&mut self, kind: BonusKind, card: u16, markers: u8, vp: u8) -> bool {
        let slot = match kind {
            BonusKind::Bounty => &mut self.position.bounty,
            BonusKind::RaceBonus => &mut self.position.finish_bonus,
        };
        if let Some(old) = slot.take() {
            self.position.event_cards.discard.push(old.card);
        }
        let bonus = (markers > 0).then_some(Bonus { card, markers, vp });
        *slot = bonus;
        self.record(RaceEvent::BonusChanged { kind, bonus });
        bonus.is_some()
    }

    /// A roll from `min` to `max` with the race's RNG (a drawn flight's range).
    pub(crate) fn roll(&mut self, min: u8, max: u8) -> u8 {
        self.position.rng.random_range(min..=max)
    }

    /// A side drawn at random, inside or outside (a slide aside, a quake).
    pub(crate) fn toss_side(&mut self) -> LaneSide {
        if self.position.rng.random::<bool>() {
            LaneSide::Inside
        } else {
            LaneSide::Outside
        }
    }

    // Hazard tokens (`rules/hazards.rs`).

    /// Lays a token drawn from the hazard pile face down on `space` (setup); false when the
    /// pile is spent.
    pub(crate) fn lay_face_down(&mut self, space: SpaceId) -> bool {
        let (Some(token), _) = self.position.hazard_pile.draw(&mut self.position.rng) else {
            return false;
        };
        self.position.face_down.push((space, token));
        true
    }

    /// Takes the face-down tokens off every spot for which `leaves` holds and puts them back
    /// into the supply (a rolling road's rear tile removed); the spots, in space order.
    pub(crate) fn discard_face_down(&mut self, leaves: impl Fn(SpaceId) -> bool) -> Vec<SpaceId> {
        let mut spots = Vec::new();
        let position = &mut self.position;
        position.face_down.retain(|&(space, token)| {
            if leaves(space) {
                spots.push(space);
                position.hazard_pile.put_back(token);
                false
            } else {
                true
            }
        });
        spots
    }

    /// Sets the rolling road's tiles on the table (`rules/road.rs`).
    pub(crate) fn set_road(&mut self, road: RoadWindow) {
        self.position.road = Some(road);
    }

    /// Turns over the face-down token on `space`, taking it off the track; `None` when none
    /// lies there.
    pub(crate) fn turn_over(&mut self, space: SpaceId) -> Option<u16> {
        let index = self
            .position
            .face_down
            .iter()
            .position(|(at, _)| *at == space)?;
        Some(self.position.face_down.remove(index).1)
    }

    /// A token drawn at random from the hazard supply, which goes back at once (treacherous
    /// ground); `None` when the supply is empty.
    pub(crate) fn draw_from_supply(&mut self) -> Option<u16> {
        let token = draw_from(&mut self.position.hazard_pile.pile, &mut self.position.rng)?;
        self.position.hazard_pile.put_back(token);
        Some(token)
    }

    /// The race's own copy of its rules, to change its track: the veils made of the track
    /// before the change no longer show it, so they are dropped.
    fn rules_mut(&mut self) -> &mut super::RaceRules {
        let rules = Arc::make_mut(&mut self.rules);
        rules.veils.forget();
        rules
    }

    /// Moves the finish line before `run_off` (a rolling road's final tile said early): the
    /// race's own copy of the track changes, as a hazard's repainting does.
    pub(crate) fn move_finish_line(&mut self, run_off: crate::validate::checked_track::SectorId) {
        self.rules_mut().track.move_finish(run_off);
    }

    /// Paints a space with another kind of ground (what a turned-over hazard leaves), keeping
    /// the cell index right, and records it.
    pub(crate) fn repaint(&mut self, space: SpaceId, kind: KindIndex) {
        self.rules_mut().track.repaint(space, kind);
        // The cell index follows the ground: a space where cars stack holds none in it,
        // another holds the car on it (validation keeps a hazard from leaving ground where
        // cars stack, and spots off it, so at most one car stands there).
        let cell = self.cell(space).0 as usize;
        self.position.occupant[cell] = if self.track().space(space).ground.shared {
            None
        } else {
            self.car_ids()
                .find(|id| self.car(*id).place == Place::Track(space))
        };
        self.work.forget_legal();
        let kind = self.rules.content.terrain.kind(kind).id.clone();
        self.record(RaceEvent::GroundChanged { space, kind });
    }

    // An activation (4.4).

    /// Takes a played card out of the player's hand; false when it was not there.
    pub(crate) fn play_from_hand(&mut self, player: PlayerId, card: u16) -> bool {
        let hand = &mut self.position.players[player.index()].hand;
        let Some(i) = hand.iter().position(|c| *c == card) else {
            return false;
        };
        hand.remove(i);
        true
    }

    /// Uses a scenario's movement points for its card, once.
    pub(crate) fn use_scenario_mp(&mut self) -> Option<u8> {
        self.flow.scenario_mp.take()
    }

    /// Marks `car` as the car whose activation is under way (8.3: it has moved this turn).
    pub(crate) fn start_activating(&mut self, car: CarId) {
        self.flow.active = Some(car);
    }

    /// The activation under way is over.
    pub(crate) fn stop_activating(&mut self) {
        self.flow.active = None;
    }

    /// Flips a car to its activated side (4.4 step 3).
    pub(crate) fn flip(&mut self, id: CarId) {
        self.position.cars[id.index()].activated = true;
        self.record(RaceEvent::CarFlipped { car: id });
    }

    /// Takes the point of play out, to work out the next (it reads [`Phase::Over`] meanwhile).
    #[inline]
    pub(crate) fn take_phase(&mut self) -> Phase {
        std::mem::replace(&mut self.flow.phase, Phase::Over)
    }

    /// Enters a point of play.
    #[inline]
    pub(crate) fn enter_phase(&mut self, phase: Phase) {
        self.flow.phase = phase;
    }

    // Building a position: seating the players (3.0), a scenario's or a mission's placed
    // setup.

    /// Seats a player of team `team` with a full pool and every car of its mat, in `mat_order`
    /// (the first `racing` race, the rest are its reserves, in order). The player's cars are
    /// one run of ids ([`Player`]'s `cars`).
    pub(crate) fn seat(&mut self, team: usize, pool: u32, mat_order: &[usize], racing: u8) {
        let player = PlayerId(self.position.players.len() as u8);
        let first_car = self.position.cars.len() as u16;
        let mut reserve = Vec::new();
        for (k, &mat_index) in mat_order.iter().enumerate() {
            let id = CarId(self.position.cars.len() as u16);
            // A team mat holds the ruleset's cars per mat (a u8), checked by validation.
            self.position
                .cars
                .push(Car::on_the_mat(player, mat_index as u16));
            if k >= usize::from(racing) {
                reserve.push(id);
            }
        }
        self.position.players.push(Player {
            team,
            pool,
            claims: Claims::default(),
            clock_removed: 0,
            hand: Vec::new(),
            reserve,
            cars: (first_car, mat_order.len() as u16),
            racing,
        });
    }

    /// The first turn begins with `first` holding the First Player marker and the action
    /// (3.0 step 5).
    pub(crate) fn begin_first_turn(&mut self, first: PlayerId) {
        self.flow.first_player = first;
        self.flow.current = first;
        self.record(RaceEvent::TurnStarted { turn: 1 });
        self.record(RaceEvent::FirstPlayer { seat: first });
    }

    /// A scenario's start: `player` holds the First Player marker, the action and only `card`,
    /// which moves its car `mp` movement points when the scenario says.
    pub(crate) fn start_scenario(&mut self, player: PlayerId, card: u16, mp: Option<u8>) {
        self.position.players[player.index()].hand = vec![card];
        self.flow.first_player = player;
        self.flow.current = player;
        self.flow.scenario_mp = mp;
        self.flow.phase = Phase::Activation;
    }

    /// A placed car's damage and markers, as a scenario or a mission's setup says.
    pub(crate) fn set_condition(
        &mut self,
        id: CarId,
        damage: u8,
        activated: bool,
        markers: &[ScenarioMarker],
    ) {
        let car = &mut self.position.cars[id.index()];
        car.damage = damage;
        car.activated = activated;
        for marker in markers {
            match marker {
                ScenarioMarker::Suppressed => car.suppressed = true,
                ScenarioMarker::Reloading => car.reloading = true,
                ScenarioMarker::SpinAround => car.spun_around = true,
                ScenarioMarker::OnFire => car.on_fire = true,
            }
        }
    }

    /// A car starts the race with damage (its mission side's), before the first turn: short
    /// of what eliminates (validated), with its event for the board.
    pub(crate) fn start_damaged(&mut self, id: CarId, amount: u8) {
        let limit = self.rules.ruleset.eliminating_damage.saturating_sub(1);
        let car = &mut self.position.cars[id.index()];
        let amount = amount.min(limit.saturating_sub(car.damage));
        if amount == 0 {
            return;
        }
        car.damage += amount;
        self.record(RaceEvent::StartingDamage { car: id, amount });
    }

    /// A player's reserve cars, in the order they enter the chute.
    pub(crate) fn set_reserve(&mut self, player: PlayerId, reserve: Vec<CarId>) {
        self.position.players[player.index()].reserve = reserve;
    }

    /// VP a player claimed before a scenario's position, taken out of its pool (the caller
    /// checked the pool holds them).
    pub(crate) fn set_claimed(&mut self, player: PlayerId, finish: u32, kills: u32) {
        let p = &mut self.position.players[player.index()];
        p.pool -= finish.saturating_add(kills);
        p.claims.finish = finish;
        p.claims.kills = kills;
    }

    /// Puts cards on top of a deck, the first to be drawn first, taking them out of the pile.
    pub(crate) fn stack_on_top(&mut self, deck: DeckKind, cards: &[u16]) {
        let (deck, _) = self.position.deck_mut(deck);
        for &card in cards.iter().rev() {
            deck.stack(card);
        }
    }

    /// Deals again at random from `rng` what `me` cannot see (the other hands, the draw
    /// piles' order, the face-down hazard tokens) and reseeds the race's RNG from it: a race
    /// consistent with everything `me` knows ([`super::super::PlayerView::determinise`]).
    pub(crate) fn deal_unseen_again(&mut self, me: PlayerId, rng: &mut impl Rng) {
        let me = me.index();
        let race = self;
        // The draw piles keep no order, so only the cards on top (a scenario's stacked ones)
        // have one to forget; the other hands go back into the race deck's pile and are dealt
        // again from it.
        for deck in [
            &mut race.position.movement_cards,
            &mut race.position.event_cards,
            &mut race.position.combat_cards,
        ] {
            deck.forget_order();
        }
        let sizes: Vec<usize> = race.position.players.iter().map(|p| p.hand.len()).collect();
        for (i, p) in race.position.players.iter_mut().enumerate() {
            if i != me {
                for card in p.hand.drain(..) {
                    race.position.movement_cards.put_back(card);
                }
            }
        }
        for (i, p) in race.position.players.iter_mut().enumerate() {
            if i != me {
                p.hand = (0..sizes[i])
                    .filter_map(|_| draw_from(&mut race.position.movement_cards.pile, rng))
                    .collect();
                p.hand.sort_unstable();
            }
        }
        // The face-down hazard tokens are dealt again from those not yet seen (the ones face
        // down and the ones never dealt), to the same spots.
        if !race.position.face_down.is_empty() {
            for (_, token) in &race.position.face_down {
                race.position.hazard_pile.put_back(*token);
            }
            race.position.hazard_pile.forget_order();
            for spot in &mut race.position.face_down {
                if let Some(token) = draw_from(&mut race.position.hazard_pile.pile, rng) {
                    spot.1 = token;
                }
            }
        }
        race.position.rng = ChaCha8Rng::seed_from_u64(rng.next_u64());
    }

    // The mission's bookkeeping (its fields are `rules/mission.rs`'s own).

    /// Starts a mission's bookkeeping, once the players are seated.
    pub(crate) fn begin_mission(&mut self, state: Box<MissionState>) {
        self.mission = Some(state);
    }

    /// Takes the mission's bookkeeping out while an event is read for the objectives (what
    /// the reading records is then logged without being read again).
    pub(crate) fn take_mission_state(&mut self) -> Option<Box<MissionState>> {
        self.mission.take()
    }

    /// Puts the mission's bookkeeping back after reading an event.
    pub(crate) fn restore_mission_state(&mut self, state: Box<MissionState>) {
        self.mission = Some(state);
    }
}

/// Positions the unit tests set up by hand.
#[cfg(test)]
impl Race {
    /// Empties a player's reserve (no replacement car can enter).
    pub(crate) fn empty_reserve(&mut self, player: PlayerId) {
        self.position.players[player.index()].reserve.clear();
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::super::super::ids::PlayerId;
    use super::super::{Deck, Race};
    use super::draw_from;

    fn race(players: usize, seed: u64) -> Race {
        crate::rules::test_support::race("oval", players, seed)
    }

    /// What a determinised race shows: every hand, every draw pile, and the next RNG draws.
    fn hidden(race: &Race) -> (Vec<Vec<u16>>, [Deck; 3], u64) {
        let mut rng = race.position.rng.clone();
        (
            race.position
                .players
                .iter()
                .map(|p| p.hand.clone())
                .collect(),
            [
                race.position.movement_cards.clone(),
                race.position.event_cards.clone(),
                race.position.combat_cards.clone(),
            ],
            rng.next_u64(),
        )
    }

    #[test]
    fn a_determinised_race_depends_only_on_what_the_player_knows() {
        let real = race(4, 3);
        // The same race with everything player 0 cannot see changed: the other hands swapped
        // with draw pile cards, the next cards of every pile known (stacked on top), the
        // engine's RNG reseeded.
        let mut other = real.clone();
        let mut deal = ChaCha8Rng::seed_from_u64(5);
        for p in 1..4 {
            let hand = std::mem::take(&mut other.position.players[p].hand);
            let drawn: Vec<u16> = (0..hand.len())
                .filter_map(|_| draw_from(&mut other.position.movement_cards.pile, &mut deal))
                .collect();
            for card in hand {
                other.position.movement_cards.put_back(card);
            }
            other.position.players[p].hand = drawn;
        }
        for deck in [
            &mut other.position.movement_cards,
            &mut other.position.event_cards,
            &mut other.position.combat_cards,
        ] {
            let next = deck.draw(&mut deal).0.expect("a card");
            deck.top.push(next);
        }
        other.position.rng = ChaCha8Rng::seed_from_u64(999);
        assert_ne!(hidden(&real), hidden(&other), "the hidden state differs");
        let me = PlayerId(0);
        let a = real.view(me).determinise(&mut ChaCha8Rng::seed_from_u64(7));
        let b = other
            .view(me)
            .determinise(&mut ChaCha8Rng::seed_from_u64(7));
        assert_eq!(
            hidden(&a),
            hidden(&b),
            "the bot's race cannot tell them apart"
        );
        assert_eq!(
            a.position.players[0].hand, real.position.players[0].hand,
            "its own hand is kept"
        );
        for p in 1..4 {
            assert_eq!(
                a.position.players[p].hand.len(),
                real.position.players[p].hand.len()
            );
        }
        // The unseen race cards are the same cards, dealt again.
        let unseen = |r: &Race| {
            let mut all: Vec<u16> = r
                .position
                .movement_cards
                .pile
                .iter()
                .enumerate()
                .flat_map(|(kind, &n)| std::iter::repeat_n(kind as u16, n as usize))
                .chain(r.position.movement_cards.top.iter().copied())
                .collect();
            for p in 1..4 {
                all.extend(&r.position.players[p].hand);
            }
            all.sort_unstable();
            all
        };
        assert_eq!(unseen(&a), unseen(&real));
        assert!(a.events().is_empty() && a.decisions().is_empty());
    }
}
