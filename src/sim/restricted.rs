//! Restricted play: a bot that never does what its profile's `restrict` forbids (never fires,
//! never rams, never plays a card kind, never steps onto a kind of ground), choosing as its
//! strategy would among the decisions left. A design report plays a side so restricted against
//! unrestricted sides to measure what each option is worth (Jaffe et al., "Evaluating
//! Competitive Game Balance with Restricted Play", AIIDE 2012).
//!
//! # Decisions taken
//! - **Forced choices**: when every legal decision is forbidden (the only card in hand is the
//!   one it never plays; every step left enters the ground it avoids), the rules still ask for
//!   one, and the bot chooses among them all as its strategy would. A restriction never makes
//!   a bot break the rules or stall the race.
//! - **Ground as painted**: a step avoided is one whose space entered is of that kind on the
//!   track the race plays (what the bot sees printed on the board).

use crate::content::bot_profile::Restriction;
use crate::content::race_deck::MovementType;
use crate::rules::{Decision, PlayerView, RaceRules, Step};

use super::bot::Bot;

/// A bot restricted: its strategy's bot, choosing only among the decisions its restrictions
/// leave.
pub struct RestrictedBot {
    inner: Box<dyn Bot + Send>,
    restrict: Vec<Restriction>,
}

impl Clone for RestrictedBot {
    fn clone(&self) -> Self {
        Self {
            inner: self.inner.clone_box(),
            restrict: self.restrict.clone(),
        }
    }
}

impl RestrictedBot {
    /// `inner` restricted by `restrict`.
    #[must_use]
    pub fn new(inner: Box<dyn Bot + Send>, restrict: Vec<Restriction>) -> Self {
        Self { inner, restrict }
    }
}

impl Bot for RestrictedBot {
    fn choose(&mut self, view: &PlayerView<'_>, legal: &[Decision]) -> usize {
        let rules = view.rules();
        let allowed: Vec<usize> = (0..legal.len())
            .filter(|&i| !self.restrict.iter().any(|r| forbids(r, &legal[i], rules)))
            .collect();
        if allowed.is_empty() || allowed.len() == legal.len() {
            return self.inner.choose(view, legal);
        }
        let left: Vec<Decision> = allowed.iter().map(|&i| legal[i].clone()).collect();
        let chosen = self.inner.choose(view, &left);
        allowed.get(chosen).copied().unwrap_or(allowed[0])
    }
}

/// Whether `restriction` forbids `decision` in a race under `rules`.
#[must_use]
pub fn forbids(restriction: &Restriction, decision: &Decision, rules: &RaceRules) -> bool {
    let card = |index: u16| rules.content.race_deck.get(usize::from(index));
    match (restriction, decision) {
        (Restriction::NoFire, Decision::Fire { .. }) => true,
        (Restriction::NoRam, Decision::Play { card: index, .. }) => card(*index)
            .is_some_and(|c| matches!(c.movement, MovementType::Ram | MovementType::DiagonalRam)),
        (Restriction::NoCard(id), Decision::Play { card: index, .. }) => {
            card(*index).is_some_and(|c| c.id == *id)
        }
        (Restriction::AvoidGround(kind), Decision::Move(step)) => {
            let entered = match step {
                Step::Forward { path, .. } => path.first().copied(),
                Step::Lateral { to, .. } | Step::Diagonal { to, .. } | Step::Swap { to } => {
                    Some(*to)
                }
            };
            entered.is_some_and(|space| {
                let track = &rules.track;
                track.terrain().kind(track.space(space).kind).id == *kind
            })
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Race;
    use crate::sim::bot::RandomBot;

    /// The oval race's rules, its first ram card kind's index and another kind's.
    fn cards(race: &Race) -> (u16, u16) {
        let deck = &race.rules().content.race_deck;
        let ram = deck
            .iter()
            .position(|c| matches!(c.movement, MovementType::Ram))
            .expect("a ram card");
        let solo = deck
            .iter()
            .position(|c| matches!(c.movement, MovementType::Solo))
            .expect("a solo card");
        (
            u16::try_from(ram).expect("small"),
            u16::try_from(solo).expect("small"),
        )
    }

    /// Each restriction forbids what it names and nothing else: a shot; a ram card; one card
    /// kind by its id; a step onto a kind of ground.
    #[test]
    fn each_restriction_forbids_what_it_names_and_nothing_else() {
        let race = crate::rules::test_support::race("oval", 2, 1);
        let rules = race.rules();
        let (ram, solo) = cards(&race);
        let play = |card: u16| Decision::Play {
            card,
            car: crate::rules::CarId(0),
            ram_as_lead: false,
        };
        let fire = Decision::Fire {
            target: crate::rules::CarId(1),
        };
        let track = &rules.track;
        let kind_of = |space| track.terrain().kind(track.space(space).kind).id.clone();
        let trough = track
            .space_ids()
            .find(|&s| kind_of(s).as_str() == "trough")
            .expect("a trough space");
        let road = track
            .space_ids()
            .find(|&s| kind_of(s).as_str() != "trough")
            .expect("a road space");
        let step = |to| {
            Decision::Move(Step::Diagonal {
                to,
                tail: crate::rules::movement::Spaces::new(),
            })
        };
        let solo_id = rules.content.race_deck[usize::from(solo)].id.clone();
        let cases = [
            (Restriction::NoFire, &fire, true),
            (Restriction::NoFire, &Decision::HoldFire, false),
            (Restriction::NoRam, &play(ram), true),
            (Restriction::NoRam, &play(solo), false),
            (Restriction::NoCard(solo_id.clone()), &play(solo), true),
            (Restriction::NoCard(solo_id), &play(ram), false),
            (
                Restriction::AvoidGround("trough".into()),
                &step(trough),
                true,
            ),
            (
                Restriction::AvoidGround("trough".into()),
                &step(road),
                false,
            ),
            (Restriction::AvoidGround("trough".into()), &fire, false),
        ];
        for (restriction, decision, forbidden) in cases {
            assert_eq!(
                forbids(&restriction, decision, rules),
                forbidden,
                "{} {decision:?}",
                restriction.words()
            );
        }
    }

    /// A restricted bot chooses among the decisions left (a random bot that never fires always
    /// holds fire), and among them all when every one is forbidden (the rules force one).
    #[test]
    fn a_restricted_bot_chooses_among_what_is_left_or_all_when_nothing_is() {
        let race = crate::rules::test_support::race("oval", 2, 1);
        let view = race.view(race.cars()[0].player);
        let fire = Decision::Fire {
            target: crate::rules::CarId(1),
        };
        let mut bot = RestrictedBot::new(Box::new(RandomBot::new(3)), vec![Restriction::NoFire]);
        let legal = [fire.clone(), Decision::HoldFire, fire.clone()];
        for _ in 0..20 {
            assert_eq!(bot.choose(&view, &legal), 1);
        }
        assert_eq!(bot.choose(&view, std::slice::from_ref(&fire)), 0);
    }
}

#[cfg(test)]
mod races {
    use crate::content::bot_profile::Restriction;
    use crate::rules::RaceEvent;
    use crate::sim::driver::{Seats, play_race};

    /// In whole races, a profile that never fires fires no shot while its rivals do, and one
    /// that never plays a card kind plays none of it: the restriction reaches play through the
    /// profile.
    #[test]
    fn a_profile_that_never_fires_fires_no_shot_in_whole_races() {
        let profiles = crate::sim::profiles::profiles_in(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content"),
        );
        let greedy = profiles.get("racer").expect("racer").clone();
        let mut restricted = greedy.clone();
        restricted.restrict = vec![Restriction::NoFire];
        let (mut mine, mut theirs) = (0, 0);
        for seed in 0..6 {
            let mut race = crate::rules::test_support::race("oval", 2, seed);
            let mut seats = Seats::new(seed, [Some(&restricted), Some(&greedy)]);
            play_race(&mut race, &mut seats, false).expect("a race");
            for event in race.events() {
                if let RaceEvent::Attack { attacker, .. } = event {
                    if race.car(*attacker).player.0 == 0 {
                        mine += 1;
                    } else {
                        theirs += 1;
                    }
                }
            }
        }
        assert_eq!(mine, 0, "the restricted seat never fires");
        assert!(theirs > 0, "its rival does: {theirs}");
    }
}
