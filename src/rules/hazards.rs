//! Hazards: the face-down tokens a pack's hazard deck deals to a track's hazard spots, and what
//! one does when a car turns it over (Thunder Road: Vendetta's hazards; the rulebook has none).
//!
//! # Decisions (the rulebook has no hazards)
//! - Setup deals one token face down to each hazard spot, in space order, drawn from the hazard
//!   deck with the race's RNG once the grid is placed. A track without spots, or a pack
//!   without a hazard deck, draws nothing, so its race is the rulebook's draw for draw. When
//!   the deck holds fewer tokens than the track has spots, the last spots stay empty.
//! - Only the moving car turns a token over, as only the moving car is struck by its ground:
//!   cars pushed, pulled, displaced or moved by an event onto a spot leave its token lying.
//! - A car that enters a spot with a face-down token stops there (the MP it has left are
//!   lost), and the token is turned over when its movement ends. What lies under a token is
//!   chance, and a movement is one decision that the outcome search plans whole: turning it
//!   over mid-movement would either let the search peek under it or make the rest of the plan
//!   hang on a draw. (Thunder Road's mine stops the car as well; its oil slick and pit trap
//!   let the car drive on, and here they do not.)
//! - The token covers its space: the ground under it does not strike the car that stops on it.
//!   Once turned over, the token is gone and the space is its ground again, or the kind of
//!   ground the hazard says it becomes (a wreck, a pit, mud) for the rest of the race.
//!   Ground where cars stack keeps its ground (validation keeps spots off it, but treacherous
//!   ground that draws hazards may be such ground), and a hazard never leaves such ground.
//! - A hazard's effects happen in order, before the damage and the slide its car's ground
//!   dealt on the way: `Damage` is taken at once, as a collision's is (5.3); `SpinAround`
//!   places the Spin-Around token; `SlideAside` slides the car to a side drawn from the
//!   race's RNG; `Eliminate` eliminates it, a kill no one scores (the ground is nobody's car,
//!   11.3).
//! - A pit trap is an attack resolved like a weapon's (8.0): a combat card is drawn (and
//!   discarded), and it hits when its value plus the trap's bonus is at least the car's
//!   defense; a hit deals the trap's damage, which scores for no one.
//! - A quake shifts every car on the track one lane towards the same side, drawn from the
//!   race's RNG, cars in the trough and off the track excepted. Cars shift from that side
//!   inward (the car nearest the wall first, when shifting towards the wall), so a car moves
//!   into the space its neighbour left; a car shifts only into a free space (no car, not the
//!   trough, not a crossover space another car bars), and the ground there does not strike
//!   it (it was shaken, not driven). Shifting across the lanes, no car crosses the finish line.
//! - A bot sees where face-down tokens lie and what the hazard deck holds, never which token
//!   lies where ([`super::view::PlayerView::determinise`] deals them again from what is
//!   unseen).

use crate::content::hazard_deck::HazardEffect;
use crate::content::race_deck::LaneSide;
use crate::validate::checked_track::SpaceId;

use super::ids::{CarId, HazardToken};
use super::race_event::{DeckKind, Marker, Motion, RaceEvent};
use super::state::{Place, Race};

impl Race {
    /// Deals a face-down token to each of the track's hazard spots (setup).
    pub(crate) fn deal_hazards(&mut self) {
        if self.track().hazard_spots().is_empty() || self.hazard_pile().is_empty() {
            return;
        }
        let rules = std::sync::Arc::clone(self.shared_rules());
        let mut dealt = Vec::new();
        for &space in rules.track.hazard_spots() {
            if !self.lay_face_down(space) {
                break;
            }
            dealt.push(space);
        }
        self.record(RaceEvent::HazardsDealt { spots: dealt });
    }

    /// The face-down token on `space`, if one lies there.
    pub(crate) fn face_down_at(&self, space: SpaceId) -> Option<u16> {
        self.face_down()
            .iter()
            .find(|(at, _)| *at == space)
            .map(|(_, token)| *token)
    }

    /// The spaces where a face-down hazard token lies, in space order: what every player sees.
    pub fn face_down_hazards(&self) -> impl Iterator<Item = SpaceId> + '_ {
        self.face_down().iter().map(|(space, _)| *space)
    }

    /// Turns over the token on `space` under `car` and resolves it (see the module's docs).
    pub(crate) fn reveal_hazard(&mut self, car: CarId, space: SpaceId) {
        if self.is_over() {
            return;
        }
        let Some(token) = self.turn_over(space) else {
            return;
        };
        self.resolve_hazard(car, space, token);
    }

    /// Treacherous ground: a token drawn from the supply happens to `car` on `space`, and goes
    /// back (`rules/ground.rs`).
    pub(crate) fn draw_hazard(&mut self, car: CarId, space: SpaceId) {
        if self.is_over() || self.frozen() {
            return;
        }
        let Some(token) = self.draw_from_supply() else {
            return;
        };
        self.resolve_hazard(car, space, token);
    }

    /// What a turned-over token does to `car` on `space`: its effects in order, then the ground
    /// it leaves.
    fn resolve_hazard(&mut self, car: CarId, space: SpaceId, token: u16) {
        self.record(RaceEvent::HazardRevealed {
            car,
            space,
            hazard: HazardToken(token),
        });
        let rules = std::sync::Arc::clone(self.shared_rules());
        let Some(hazard) = rules
            .content
            .hazards
            .as_ref()
            .and_then(|book| book.hazard(token))
        else {
            return;
        };
        for effect in &hazard.effects {
            if self.is_over() {
                return;
            }
            match *effect {
                HazardEffect::Damage(amount) => self.damage(car, amount, None),
                HazardEffect::SpinAround => {
                    if self.car(car).place.in_race() {
                        self.set_marker(car, Marker::SpinAround, true);
                    }
                }
                HazardEffect::SlideAside(spaces) => self.slide_aside(car, spaces),
                HazardEffect::Quake => self.quake(),
                HazardEffect::PitTrap { bonus, damage } => self.pit_trap(car, bonus, damage),
                HazardEffect::Eliminate => self.wreck(car),
            }
        }
        // Ground where cars stack keeps its ground (treacherous ground may draw a hazard there):
        // the cars sharing it could not all stand on what the hazard would leave.
        if let Some(kind) = hazard.becomes
            && !self.is_over()
            && !self.track().space(space).ground.shared
        {
            self.repaint(space, kind);
        }
    }

    /// A pit trap's attack on `car`.
    fn pit_trap(&mut self, car: CarId, bonus: u8, damage: u8) {
        if !self.car(car).place.in_race() {
            return;
        }
        let Some(card) = self.draw_card(DeckKind::Combat) else {
            return;
        };
        let rules = std::sync::Arc::clone(self.shared_rules());
        let value = rules.content.combat_deck[usize::from(card)]
            .value
            .saturating_add(bonus);
        let defense = self.stats(car).defense.get();
        let hit = value >= defense;
        self.record(RaceEvent::PitTrap {
            car,
            card: super::CombatCard(card),
            value,
            defense,
            hit,
        });
        if hit {
            self.damage(car, damage, None);
        }
        self.discard(DeckKind::Combat, card);
    }

    /// A quake: every car on the track shifts one lane towards a drawn side.
    fn quake(&mut self) {
        let side = self.toss_side();
        self.record(RaceEvent::Quake { side });
        let mut cars: Vec<(u8, CarId, SpaceId)> = self
            .car_ids()
            .filter_map(|car| {
                let space = self.car(car).place.space()?;
                let ground = self.track().space(space);
                (!ground.ground.is_trough()).then_some((ground.lane, car, space))
            })
            .collect();
        // The car nearest the side shifts first, so the one beside it may take its space.
        match side {
            LaneSide::Inside => cars.sort_unstable(),
            LaneSide::Outside => cars.sort_unstable_by(|a, b| b.cmp(a)),
        }
        for (_, car, space) in cars {
            let Some(to) = self.track().lateral(space, side) else {
                continue;
            };
            if self.track().space(to).ground.is_trough()
                || self.car_on(to).is_some()
                || self.blocked_across(to).is_some()
            {
                continue;
            }
            self.put(car, Place::Track(to), Motion::Shaken);
        }
    }
}
