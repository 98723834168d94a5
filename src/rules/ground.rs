//! What a pack's kinds of ground (and hazard tokens) do to a moving car when its movement ends,
//! and the fire check of a burning car. The effects themselves are listed and decided in
//! `rules/movement.rs`'s docs (ground) and `rules/hazards.rs`'s (tokens).
//!
//! # Decisions where the rulebook is silent
//! - When a movement ends, what it left pending happens in this order: the face-down token the
//!   car stopped on is turned over (a token that lets the car drive on, once resolved, gives it
//!   back the MP it had left: a new movement of the same kind, its steps decided as any, which
//!   may not re-enter a space the car has been on, 7.1; the car drives on only while it is on
//!   the road and the race goes on); a ramp of drawn distance flies it; treacherous ground
//!   draws a hazard for it; the ground's damage is dealt; fire catches; an oil slick slides it.
//!   Each happens only while the car is still in the race and the race is not over.
//! - A drawn flight lands as a ramp's fixed one does (`Race::fly`), and the ground it lands on
//!   does not strike it: the movement that would strike it is over.
//! - Treacherous ground draws a token from the hazard deck's supply (the tokens not dealt to
//!   spots), resolves it where the car stands, and returns it to the supply; without a hazard
//!   deck it does nothing (validation says so: `hazard-ground-without-deck`).
//! - A burning car checks before each movement of its own (its card's, not one an event
//!   gives it): a combat card is drawn and discarded; when its value is at least the car's
//!   defense the car takes 1 damage, which scores for no one, and burns on; otherwise the fire
//!   goes out. A car does not catch fire twice: the marker is one.

use super::ids::{CarId, CombatCard};
use super::movement::Deferred;
use super::race_event::{DeckKind, Marker, RaceEvent};
use super::state::{Place, Race};

impl Race {
    /// What the ground left pending happens to `car`, its movement over. Returns the MP it
    /// drives on with when the token it turned over lets it (see the module's docs).
    pub(crate) fn settle_ground(&mut self, car: CarId, deferred: Deferred) -> Option<u8> {
        let still_on = |race: &Self, space| race.car(car).place == Place::Track(space);
        let mut drive_on = false;
        if let Some(spot) = deferred.revealing
            && still_on(self, spot)
        {
            drive_on = self.reveal_hazard(car, spot);
        }
        if let Some((ramp, flight)) = deferred.drawn_jump
            && still_on(self, ramp)
            && !self.frozen()
        {
            // A die of faces is one face drawn; without faces, every distance alike (the
            // draw the rulebook's races never make, so their streams stay as they were).
            let spaces = match flight.faces {
                Some(faces) => faces[usize::from(self.roll(0, 5))],
                None => self.roll(flight.min, flight.max.max(flight.min)),
            };
            self.fly(car, ramp, spaces);
        }
        if deferred.hazard
            && let Some(space) = self.car(car).place.space()
        {
            self.draw_hazard(car, space);
        }
        self.damage(car, deferred.damage, None);
        if deferred.fire && self.car(car).place.in_race() {
            self.set_marker(car, Marker::OnFire, true);
        }
        self.slide_aside(car, deferred.slide_aside);
        let on_the_road = self.car(car).place.space().is_some();
        (drive_on && on_the_road && deferred.mp_left > 0 && !self.frozen())
            .then_some(deferred.mp_left)
    }

    /// A burning car's check before it moves (see the module's docs).
    pub(crate) fn fire_check(&mut self, car: CarId) {
        let Some(card) = self.draw_card(DeckKind::Combat) else {
            return;
        };
        let rules = std::sync::Arc::clone(self.shared_rules());
        let value = rules.content.combat_deck[usize::from(card)].value;
        let defense = self.stats(car).defense.get();
        let burns = value >= defense;
        self.record(RaceEvent::FireCheck {
            car,
            card: CombatCard(card),
            value,
            defense,
            burns,
        });
        self.discard(DeckKind::Combat, card);
        if burns {
            self.damage(car, 1, None);
        } else {
            self.set_marker(car, Marker::OnFire, false);
        }
    }
}
