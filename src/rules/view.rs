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

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::deck::draw_from;

use super::decision::Decision;
use super::ids::{CarId, PlayerId};
use super::movement::Movement;
use super::outcomes::Outcome;
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
            race_cards: self.race.movement_cards.len() + others,
            event_cards: self.race.event_cards.len(),
            combat_cards: self.race.combat_cards.len(),
        }
    }

    /// The face-up discard piles: race cards, movement events, combat cards.
    #[must_use]
    pub fn discards(&self) -> [&'a [u16]; 3] {
        [
            &self.race.movement_cards.discard,
            &self.race.event_cards.discard,
            &self.race.combat_cards.discard,
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
    /// engine's RNG is reseeded, all from `rng`. Event recording is off.
    #[must_use]
    pub fn determinise(&self, rng: &mut impl Rng) -> Race {
        let mut race = self.race.copy_without_history();
        let me = self.me.index();
        // The draw piles keep no order, so only the cards on top (a scenario's stacked ones)
        // have one to forget; the other hands go back into the race deck's pile and are dealt
        // again from it.
        for deck in [
            &mut race.movement_cards,
            &mut race.event_cards,
            &mut race.combat_cards,
        ] {
            deck.forget_order();
        }
        let sizes: Vec<usize> = race.players.iter().map(|p| p.hand.len()).collect();
        for (i, p) in race.players.iter_mut().enumerate() {
            if i != me {
                for card in p.hand.drain(..) {
                    race.movement_cards.put_back(card);
                }
            }
        }
        for (i, p) in race.players.iter_mut().enumerate() {
            if i != me {
                p.hand = (0..sizes[i])
                    .filter_map(|_| draw_from(&mut race.movement_cards.pile, rng))
                    .collect();
                p.hand.sort_unstable();
            }
        }
        // The face-down hazard tokens are dealt again from those not yet seen (the ones face
        // down and the ones never dealt), to the same spots.
        if !race.face_down.is_empty() {
            for (_, token) in &race.face_down {
                race.hazard_pile.put_back(*token);
            }
            race.hazard_pile.forget_order();
            for spot in &mut race.face_down {
                if let Some(token) = draw_from(&mut race.hazard_pile.pile, rng) {
                    spot.1 = token;
                }
            }
        }
        race.rng = ChaCha8Rng::seed_from_u64(rng.next_u64());
        race
    }
}

impl Race {
    /// A copy without the event log and the decision history (a search needs neither).
    pub(crate) fn copy_without_history(&self) -> Self {
        self.copy_with(
            Vec::new(),
            Vec::new(),
            false,
            super::workspace::Workspace::default(),
        )
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::rules::deck::Deck;

    fn race(players: usize, seed: u64) -> Race {
        crate::rules::test_support::race("oval", players, seed)
    }

    /// What a determinised race shows: every hand, every draw pile, and the next RNG draws.
    fn hidden(race: &Race) -> (Vec<Vec<u16>>, [Deck; 3], u64) {
        let mut rng = race.rng.clone();
        (
            race.players.iter().map(|p| p.hand.clone()).collect(),
            [
                race.movement_cards.clone(),
                race.event_cards.clone(),
                race.combat_cards.clone(),
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
            let hand = std::mem::take(&mut other.players[p].hand);
            let drawn: Vec<u16> = (0..hand.len())
                .filter_map(|_| draw_from(&mut other.movement_cards.pile, &mut deal))
                .collect();
            for card in hand {
                other.movement_cards.put_back(card);
            }
            other.players[p].hand = drawn;
        }
        for deck in [
            &mut other.movement_cards,
            &mut other.event_cards,
            &mut other.combat_cards,
        ] {
            let next = deck.draw(&mut deal).0.expect("a card");
            deck.top.push(next);
        }
        other.rng = ChaCha8Rng::seed_from_u64(999);
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
            a.players[0].hand, real.players[0].hand,
            "its own hand is kept"
        );
        for p in 1..4 {
            assert_eq!(a.players[p].hand.len(), real.players[p].hand.len());
        }
        // The unseen race cards are the same cards, dealt again.
        let unseen = |r: &Race| {
            let mut all: Vec<u16> = r
                .movement_cards
                .pile
                .iter()
                .enumerate()
                .flat_map(|(kind, &n)| std::iter::repeat_n(kind as u16, n as usize))
                .chain(r.movement_cards.top.iter().copied())
                .collect();
            for p in 1..4 {
                all.extend(&r.players[p].hand);
            }
            all.sort_unstable();
            all
        };
        assert_eq!(unseen(&a), unseen(&real));
        assert!(a.events().is_empty() && a.decisions().is_empty());
    }

    #[test]
    fn the_view_counts_what_the_player_cannot_see() {
        let real = race(5, 11);
        let view = real.view(PlayerId(2));
        let others: usize = [0, 1, 3, 4]
            .iter()
            .map(|p| real.players[*p].hand.len())
            .sum();
        let unseen = view.unseen();
        assert_eq!(unseen.race_cards, real.movement_cards.len() + others);
        assert_eq!(unseen.combat_cards, real.combat_cards.len());
        assert_eq!(view.hand(), &real.players[2].hand[..]);
        assert_eq!(
            view.players()
                .iter()
                .map(|p| p.hand_size)
                .collect::<Vec<_>>(),
            real.players
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
