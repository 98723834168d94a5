//! Player views: the race as one player knows it, which is all a bot receives.
//!
//! A [`PlayerView`] shows the public board (every car's place, damage and markers; pools and
//! claims; the clock, the First Player marker, the bonus cards in play; the discard piles),
//! the player's own hand, and only the number of cards everyone else holds and the decks hold.
//! It never hands out the [`Race`] itself, so a bot cannot read the deck order, another hand or
//! the engine's RNG.
//!
//! Bots that look ahead ask [`PlayerView::determinise`] for a race to search: every card the
//! player cannot see (the other hands and the draw piles) is dealt again at random from what is
//! unseen, and the engine's RNG is reseeded. The unseen cards are sorted before they are
//! shuffled, so the result depends only on what the player knows and on the bot's own RNG.
//!
//! # Decisions where the rulebook is silent
//! - Discard piles are face up, so every player may know them.

use rand::Rng;

use super::decision::Decision;
use super::ids::{CarId, PlayerId};
use super::movement::Movement;
use super::outcomes::Outcome;
use super::race_event::DeckKind;
use super::state::{Bonus, Car, Claims, Race, RaceResult, RaceRules};
use super::targeting::TargetOption;
use crate::validate::checked::Car as CarStats;
use crate::validate::checked_track::CheckedTrack;

/// What everyone knows of a player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PublicPlayer {
    /// The team's index in the content.
    pub team: usize,
    /// VP left in the pool.
    pub pool: u32,
    /// VP claimed, by source.
    pub claims: Claims,
    /// VP the countdown clock removed.
    pub clock_removed: u32,
    /// Race cards in hand (how many, not which).
    pub hand_size: usize,
    /// Reserve cars left on the team mat.
    pub reserves: usize,
}

/// How many cards a player cannot see.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Unseen {
    /// Race cards in the draw pile and in the other players' hands.
    pub race_cards: usize,
    /// Movement event cards in the draw pile.
    pub event_cards: usize,
    /// Combat cards in the draw pile.
    pub combat_cards: usize,
}

/// The race as one player knows it.
#[derive(Clone, Copy, Debug)]
pub struct PlayerView<'a> {
    race: &'a Race,
    me: PlayerId,
}

impl Race {
    /// The race as `player` knows it.
    #[must_use]
    pub fn view(&self, player: PlayerId) -> PlayerView<'_> {
        PlayerView {
            race: self,
            me: player,
        }
    }
}

impl<'a> PlayerView<'a> {
    /// Whose view this is.
    #[must_use]
    pub fn me(&self) -> PlayerId {
        self.me
    }

    /// The content, track and ruleset (public: printed on the cards and the board).
    #[must_use]
    pub fn rules(&self) -> &'a RaceRules {
        self.race.rules()
    }

    /// The track.
    #[must_use]
    pub fn track(&self) -> &'a CheckedTrack {
        self.race.track()
    }

    /// Every car: place, damage, markers and side up are all on the board.
    #[must_use]
    pub fn cars(&self) -> &'a [Car] {
        self.race.cars()
    }

    /// A car.
    #[must_use]
    pub fn car(&self, id: CarId) -> &'a Car {
        self.race.car(id)
    }

    /// A car's team mat entry.
    #[must_use]
    pub fn stats(&self, id: CarId) -> &'a CarStats {
        self.race.stats(id)
    }

    /// Every player as the table sees them.
    #[must_use]
    pub fn players(&self) -> Vec<PublicPlayer> {
        self.race
            .players()
            .iter()
            .map(|p| PublicPlayer {
                team: p.team,
                pool: p.pool,
                claims: p.claims,
                clock_removed: p.clock_removed,
                hand_size: p.hand.len(),
                reserves: p.reserve.len(),
            })
            .collect()
    }

    /// The player's own hand (race card kinds).
    #[must_use]
    pub fn hand(&self) -> &'a [u16] {
        &self.race.player(self.me).hand
    }

    /// The cards the player cannot see, counted.
    #[must_use]
    pub fn unseen(&self) -> Unseen {
        let others: usize = self
            .race
            .players()
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != self.me.index())
            .map(|(_, p)| p.hand.len())
            .sum();
        Unseen {
            race_cards: self.race.deck(DeckKind::Race).len() + others,
            event_cards: self.race.deck(DeckKind::MovementEvent).len(),
            combat_cards: self.race.deck(DeckKind::Combat).len(),
        }
    }

    /// The face-up discard piles: race cards, movement events, combat cards.
    #[must_use]
    pub fn discards(&self) -> [&'a [u16]; 3] {
        [
            &self.race.deck(DeckKind::Race).discard,
            &self.race.deck(DeckKind::MovementEvent).discard,
            &self.race.deck(DeckKind::Combat).discard,
        ]
    }

    /// The current turn.
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.race.turn()
    }

    /// The holder of the First Player marker.
    #[must_use]
    pub fn first_player(&self) -> PlayerId {
        self.race.first_player()
    }

    /// Who decides next.
    #[must_use]
    pub fn deciding_player(&self) -> Option<PlayerId> {
        self.race.deciding_player()
    }

    /// Whether the countdown clock still runs.
    #[must_use]
    pub fn clock_running(&self) -> bool {
        self.race.clock_running()
    }

    /// The Bounty and Race Bonus cards in play.
    #[must_use]
    pub fn bonuses(&self) -> (Option<Bonus>, Option<Bonus>) {
        (self.race.bounty(), self.race.finish_bonus())
    }

    /// How the race ended, once it has.
    #[must_use]
    pub fn result(&self) -> Option<RaceResult> {
        self.race.result()
    }

    /// The car being activated, if any.
    #[must_use]
    pub fn active_car(&self) -> Option<CarId> {
        self.race.active_car()
    }

    /// The movement in progress, if any.
    #[must_use]
    pub fn movement(&self) -> Option<&'a Movement> {
        self.race.movement()
    }

    /// The player's legal decisions (empty when someone else decides).
    #[must_use]
    pub fn legal_decisions(&self) -> Vec<Decision> {
        if self.race.deciding_player() == Some(self.me) {
            self.race.legal_decisions()
        } else {
            Vec::new()
        }
    }

    /// The cars `car` could fire at from where it stands ([`Race::target_options`]).
    #[must_use]
    pub fn target_options(&self, car: CarId) -> Vec<TargetOption> {
        self.race.target_options(car)
    }

    /// Where one of the player's cards could take one of the player's cars
    /// ([`Race::outcomes_of`]); empty when that is not a legal play now.
    #[must_use]
    pub fn outcomes_of(&self, card: u16, car: CarId, ram_as_lead: bool) -> Vec<Outcome> {
        if self.race.deciding_player() != Some(self.me) {
            return Vec::new();
        }
        self.race
            .outcomes_of(card, car, ram_as_lead)
            .unwrap_or_default()
    }

    /// A race consistent with everything the player knows, for searching ahead: the other
    /// hands and the draw piles are dealt again at random from the unseen cards and the
    /// engine's RNG is reseeded, all from `rng`; on a rolling road, the tiles still in the pile
    /// are veiled (`rules/road.rs`). Event recording is off.
    #[must_use]
    pub fn determinise(&self, rng: &mut impl Rng) -> Race {
        let mut race = self.race.copy_without_history();
        race.deal_unseen_again(self.me, rng);
        race.veil_the_pile();
        race
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn race(players: usize, seed: u64) -> Race {
        crate::rules::test_support::race("oval", players, seed)
    }

    #[test]
    fn the_view_counts_what_the_player_cannot_see() {
        let real = race(5, 11);
        let view = real.view(PlayerId(2));
        let others: usize = [0, 1, 3, 4]
            .iter()
            .map(|p| real.player(PlayerId(*p)).hand.len())
            .sum();
        let unseen = view.unseen();
        assert_eq!(unseen.race_cards, real.deck(DeckKind::Race).len() + others);
        assert_eq!(unseen.combat_cards, real.deck(DeckKind::Combat).len());
        assert_eq!(view.hand(), &real.player(PlayerId(2)).hand[..]);
        assert_eq!(
            view.players()
                .iter()
                .map(|p| p.hand_size)
                .collect::<Vec<_>>(),
            real.players()
                .iter()
                .map(|p| p.hand.len())
                .collect::<Vec<_>>()
        );
        let decider = real.deciding_player().expect("someone decides");
        assert!(!real.view(decider).legal_decisions().is_empty());
        let bystander = PlayerId(((decider.0 as usize + 1) % 5) as u8);
        assert!(real.view(bystander).legal_decisions().is_empty());
    }
}
