//! Building a race position from a scenario (`content::scenario`): the players, every placed
//! car with its damage and markers, the cards on top of the decks, and the card to play.

use std::sync::Arc;

use super::decision::Decision;
use super::ids::{CarId, PlayerId};
use super::race_event::DeckKind;
use super::setup::{PlayerSetup, RaceSetup, SetupError};
use super::state::{Place, Race, RaceRules};
use crate::content::scenario::{CarPlacement, CarRef, Scenario, Spot};
use crate::content::text::Id;
use crate::content::track::SpaceRef;

/// Why a scenario could not be set up.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ScenarioError {
    /// The players could not be seated.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A car's team is not one of the scenario's players.
    #[error("car #{number} belongs to team `{team}`, which is not among the players")]
    NotPlaying {
        /// The team.
        team: String,
        /// The number.
        number: String,
    },
    /// No such car on the team's mat.
    #[error("team `{team}` has no car #{number}")]
    UnknownCar {
        /// The team.
        team: String,
        /// The number.
        number: String,
    },
    /// A car is placed twice.
    #[error("car #{number} of `{team}` is placed twice")]
    PlacedTwice {
        /// The team.
        team: String,
        /// The number.
        number: String,
    },
    /// The track has no such space.
    #[error("the track has no space {0}")]
    UnknownSpace(SpaceRef),
    /// A car is placed beside a sector that has no off-track spot on that side.
    #[error("sector of {beside} has no off-track spot on its {side:?} side")]
    NoOffTrackSpot {
        /// The space the car is placed beside.
        beside: SpaceRef,
        /// The side.
        side: crate::content::race_deck::LaneSide,
    },
    /// Two cars on one space outside the trough.
    #[error("two cars are placed on {0}")]
    Occupied(SpaceRef),
    /// Too much damage for a car in the race.
    #[error("car #{number} of `{team}` has {damage} damage; the ruleset eliminates at {limit}")]
    TooMuchDamage {
        /// The team.
        team: String,
        /// The number.
        number: String,
        /// Its damage.
        damage: u8,
        /// The eliminating damage.
        limit: u8,
    },
    /// A card id is not in its deck.
    #[error("the {deck} has no card `{id}`")]
    UnknownCard {
        /// Which deck.
        deck: &'static str,
        /// The id.
        id: String,
    },
    /// A team's claims would empty its pool (or more): the race would already be over.
    #[error("team `{team}` has claimed {claimed} VP; its pool holds {pool}, so it must stay below")]
    TooManyClaims {
        /// The team.
        team: String,
        /// VP claimed.
        claimed: u32,
        /// VP in the pool at the start.
        pool: u32,
    },
    /// Claims are given for a team that is not racing.
    #[error("team `{0}` is given claims but is not among the players")]
    ClaimsNotPlaying(String),
    /// The active car is not in the race.
    #[error("the active car #{number} of `{team}` is not placed")]
    ActiveNotPlaced {
        /// The team.
        team: String,
        /// The number.
        number: String,
    },
}

impl Race {
    /// Sets up the scenario's position. Returns the race, waiting for the active player, and
    /// the decision that plays the scenario's card for the active car.
    pub fn from_scenario(
        rules: Arc<RaceRules>,
        scenario: &Scenario,
    ) -> Result<(Self, Decision), ScenarioError> {
        let setup = RaceSetup {
            players: scenario
                .players
                .iter()
                .map(|team| PlayerSetup {
                    team: team.clone(),
                    cars: Vec::new(),
                })
                .collect(),
            seed: scenario.seed,
            turn_limit: super::setup::DEFAULT_TURN_LIMIT,
        };
        let mut race = Self::empty(rules, scenario.seed, setup.turn_limit);
        race.seat_players(&setup)?;
        race.start_mission()?;
        race.place_cars(&scenario.cars)?;
        let active = race.find_car(&scenario.active)?;
        if !race.car(active).place.in_race() {
            return Err(ScenarioError::ActiveNotPlaced {
                team: scenario.active.team.to_string(),
                number: scenario.active.number.to_string(),
            });
        }
        race.deal_hazards();
        race.set_claims(scenario)?;
        let card = race.stack_decks(scenario)?;
        let player = race.car(active).player;
        race.start_scenario(player, card, scenario.mp);
        let decision = Decision::Play {
            card,
            car: active,
            ram_as_lead: scenario.ram_as_lead,
        };
        Ok((race, decision))
    }

    /// Places cars as a scenario or a mission's setup says, with their damage and markers;
    /// each team's cars not placed become its reserves, in mat order.
    pub(crate) fn place_cars(&mut self, cars: &[CarPlacement]) -> Result<(), ScenarioError> {
        let limit = self.rules().ruleset.eliminating_damage;
        let mut placed: Vec<CarId> = Vec::new();
        for placement in cars {
            let who = CarRef {
                team: placement.team.clone(),
                number: placement.number.clone(),
            };
            let car = self.find_car(&who)?;
            if placed.contains(&car) {
                return Err(ScenarioError::PlacedTwice {
                    team: who.team.to_string(),
                    number: who.number.to_string(),
                });
            }
            if placement.damage >= limit {
                return Err(ScenarioError::TooMuchDamage {
                    team: who.team.to_string(),
                    number: who.number.to_string(),
                    damage: placement.damage,
                    limit,
                });
            }
            let place = self.resolve_spot(placement.at)?;
            if let Place::Track(space) = place
                && !self.track().space(space).ground.is_trough()
                && self.car_on(space).is_some()
            {
                return Err(ScenarioError::Occupied(self.track().at(space)));
            }
            self.put(car, place, super::race_event::Motion::Placed);
            placed.push(car);
            self.set_condition(
                car,
                placement.damage,
                placement.activated,
                &placement.markers,
            );
        }
        // Reserves: each team's cars not placed, in mat order.
        for p in 0..self.players().len() {
            let player = PlayerId(p as u8);
            let reserve: Vec<CarId> = self
                .cars_of(player)
                .filter(|c| !placed.contains(c))
                .collect();
            self.set_reserve(player, reserve);
        }
        Ok(())
    }

    /// Takes each team's already claimed VP out of its pool.
    fn set_claims(&mut self, scenario: &Scenario) -> Result<(), ScenarioError> {
        for claims in &scenario.claimed {
            let seat = self
                .players()
                .iter()
                .position(|p| self.rules().content.teams[p.team].id == claims.team)
                .ok_or_else(|| ScenarioError::ClaimsNotPlaying(claims.team.to_string()))?;
            let player = PlayerId(seat as u8);
            let claimed = claims.finish.saturating_add(claims.kills);
            let pool = self.player(player).pool;
            if claimed >= pool {
                return Err(ScenarioError::TooManyClaims {
                    team: claims.team.to_string(),
                    claimed,
                    pool,
                });
            }
            self.set_claimed(player, claims.finish, claims.kills);
        }
        Ok(())
    }

    /// Puts the scenario's chosen cards on top of their decks; returns the played card's kind.
    fn stack_decks(&mut self, scenario: &Scenario) -> Result<u16, ScenarioError> {
        let rules = Arc::clone(self.shared_rules());
        let content = &rules.content;
        let find = |deck: &'static str, ids: Vec<&Id>, id: &Id| {
            ids.iter()
                .position(|i| *i == id)
                .map(|i| i as u16)
                .ok_or_else(|| ScenarioError::UnknownCard {
                    deck,
                    id: id.to_string(),
                })
        };
        let race_ids: Vec<&Id> = content.race_deck.iter().map(|c| &c.id).collect();
        let combat_ids: Vec<&Id> = content.combat_deck.iter().map(|c| &c.id).collect();
        let event_ids: Vec<&Id> = content.movement_events.iter().map(|c| &c.id).collect();
        let card = find("race deck", race_ids.clone(), &scenario.card)?;
        let stack = |deck: &'static str, ids: &[&Id], wanted: &[Id]| {
            wanted
                .iter()
                .map(|id| find(deck, ids.to_vec(), id))
                .collect::<Result<Vec<u16>, _>>()
        };
        let next_race = stack("race deck", &race_ids, &scenario.next_race_cards)?;
        let next_combat = stack("combat deck", &combat_ids, &scenario.next_combat_cards)?;
        let next_events = stack(
            "movement event deck",
            &event_ids,
            &scenario.next_event_cards,
        )?;
        self.stack_on_top(DeckKind::Race, &next_race);
        self.stack_on_top(DeckKind::Combat, &next_combat);
        self.stack_on_top(DeckKind::MovementEvent, &next_events);
        Ok(card)
    }

    /// A car by team id and number.
    pub fn find_car(&self, who: &CarRef) -> Result<CarId, ScenarioError> {
        let player = self
            .players()
            .iter()
            .position(|p| self.rules().content.teams[p.team].id == who.team)
            .map(|p| PlayerId(p as u8))
            .ok_or_else(|| ScenarioError::NotPlaying {
                team: who.team.to_string(),
                number: who.number.to_string(),
            })?;
        self.car_ids()
            .find(|c| self.car(*c).player == player && *self.car_number(*c) == who.number)
            .ok_or_else(|| ScenarioError::UnknownCar {
                team: who.team.to_string(),
                number: who.number.to_string(),
            })
    }

    fn resolve_spot(&self, spot: Spot) -> Result<Place, ScenarioError> {
        let space = |at: SpaceRef| self.track().find(at).ok_or(ScenarioError::UnknownSpace(at));
        Ok(match spot {
            Spot::Space(at) => Place::Track(space(at)?),
            Spot::OffTrack { beside, side } => {
                let sector = self.track().space(space(beside)?).sector;
                let spots = self.track().sector(sector).off_track;
                let there = match side {
                    crate::content::race_deck::LaneSide::Inside => spots.inside,
                    crate::content::race_deck::LaneSide::Outside => spots.outside,
                };
                if !there {
                    return Err(ScenarioError::NoOffTrackSpot { beside, side });
                }
                Place::OffTrack { sector, side }
            }
            Spot::Chute => Place::Chute,
        })
    }
}
