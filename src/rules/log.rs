//! The race log: the event stream ([`super::RaceEvent`]) told as a game report, for people
//! (the CLI, the studio) and for tests. Nothing here changes a race; every line is rendered from
//! one event, by the line its entry in the event table gives (`Race::describe`), with the names
//! below.

use super::ids::{CarId, CombatCard, EventCard, PlayerId, RaceCard};
use super::movement::Step;
use super::outcomes::Ending;
use super::state::{Place, Race};

impl Race {
    /// A car as people name it: `#21 (Red Devils)`.
    #[must_use]
    pub fn car_name(&self, id: CarId) -> String {
        format!(
            "#{} ({})",
            self.car_number(id),
            self.team_of(self.car(id).player).name
        )
    }

    /// A place as people name it.
    #[must_use]
    pub fn place_name(&self, place: Place) -> String {
        match place {
            Place::Reserve => "reserve".to_owned(),
            Place::Track(space) => self.track().at(space).to_string(),
            Place::OffTrack { sector, side } => {
                let s = self.track().sector(sector);
                let prefix = if s.section == crate::content::track::Section::Start {
                    "S"
                } else {
                    ""
                };
                format!("off track {side:?} of sector {prefix}{}", s.number).to_lowercase()
            }
            Place::Chute => "chute".to_owned(),
            Place::Destroyed => "destroyed".to_owned(),
            Place::Finished(order) => format!("the finish ({} across)", ordinal(order)),
        }
    }

    /// The name of a space's kind of ground (`Toxic goo`), lower-cased for prose.
    #[must_use]
    pub fn ground_name(&self, space: crate::validate::checked_track::SpaceId) -> String {
        let kind = self.track().space(space).kind;
        self.track()
            .terrain()
            .kind(kind)
            .name
            .as_str()
            .to_lowercase()
    }

    /// A tile of the rolling road, as the report says it: `tile 4 (straight-4)`.
    #[must_use]
    pub fn tile_name(&self, tile: crate::validate::laid_tiles::TilePlace) -> String {
        match self.track().laid_tiles().id(tile) {
            Some(id) => format!("tile {} ({id})", tile.ordinal()),
            None => format!("tile {}", tile.ordinal()),
        }
    }

    /// A hazard's name, as its token says it.
    #[must_use]
    pub fn hazard_name(&self, token: super::ids::HazardToken) -> String {
        self.rules()
            .content
            .hazards
            .as_ref()
            .and_then(|book| book.hazard(token.0))
            .map_or_else(|| format!("hazard {}", token.0), |h| h.name.to_string())
    }

    /// The prose log of the race so far: one line per event worth telling.
    #[must_use]
    pub fn log(&self) -> Vec<String> {
        self.events()
            .iter()
            .filter_map(|e| self.describe(e))
            .collect()
    }

    /// A player as people name them: `player 2 (Red Devils)`.
    #[must_use]
    pub fn player_name(&self, player: PlayerId) -> String {
        format!("player {} ({})", player.0 + 1, self.team_of(player).name)
    }

    /// A race card's printed name.
    #[must_use]
    pub fn race_card_name(&self, card: RaceCard) -> &str {
        self.rules().content.race_deck[card.index()].name.as_str()
    }

    /// A movement event card's printed name.
    #[must_use]
    pub fn event_card_name(&self, card: EventCard) -> &str {
        self.rules().content.movement_events[card.index()]
            .name
            .as_str()
    }

    /// A combat card's printed name.
    #[must_use]
    pub fn combat_card_name(&self, card: CombatCard) -> &str {
        self.rules().content.combat_deck[card.index()].name.as_str()
    }

    /// A movement step as people say it, in the position before it is taken.
    #[must_use]
    pub fn describe_step(&self, step: &Step) -> String {
        let at = |s| self.track().at(s).to_string();
        match step {
            Step::Forward { path, tail } => {
                let mut text = format!("forward {}", at(path[0]));
                if path.len() > 1 {
                    let pushed: Vec<String> = path[1..].iter().map(|s| at(*s)).collect();
                    text.push_str(" pushing to ");
                    text.push_str(&pushed.join(", "));
                }
                if !tail.is_empty() {
                    text.push_str(" with ");
                    text.push_str(&tail.len().to_string());
                    text.push_str(" linked behind");
                }
                text
            }
            Step::Lateral { to, forward, .. } => {
                let mut text = format!("lateral {}", at(*to));
                if self.car_on(*to).is_some() {
                    text.push_str(" displacing");
                }
                if !forward.is_empty() {
                    text.push_str(" (displaced forward to ");
                    text.push_str(&at(forward[0]));
                    text.push(')');
                }
                text
            }
            Step::Diagonal { to, .. } => format!("diagonal {}", at(*to)),
            Step::Swap { to } => format!("overtake {}", at(*to)),
        }
    }

    /// How a movement ended, as people say it.
    #[must_use]
    pub fn describe_ending(&self, ending: Ending) -> String {
        match ending {
            Ending::Spent => "all MP spent".to_owned(),
            Ending::Stuck => "no legal move left".to_owned(),
            Ending::Ram(target) => format!("rams {}", self.car_name(target)),
            Ending::Crossover { moving, blocker } => format!(
                "crossover collision: {} barred by {}",
                self.car_name(moving),
                self.car_name(blocker)
            ),
            Ending::Wrecked => "wrecked by the ground".to_owned(),
        }
    }

    /// A movement event choice as people say it.
    #[must_use]
    pub fn describe_choice(&self, choice: &super::EventChoice) -> String {
        use super::EventChoice;
        match choice {
            EventChoice::Decline => "not to use the card".to_owned(),
            EventChoice::Bump { car, to } => format!(
                "to bump {} into {}",
                self.car_name(*car),
                self.track().at(*to)
            ),
            EventChoice::Sideswipe { side } => {
                format!("to sideswipe to the {side:?}").to_lowercase()
            }
            EventChoice::OpenRoad { to } => format!("Open Road to {}", self.track().at(*to)),
            EventChoice::GetThere { mp } => format!("to move {mp} MP"),
            EventChoice::Drift { with } => format!("to drift past {}", self.car_name(*with)),
            EventChoice::Debris { car } => format!("{} for the debris", self.car_name(*car)),
        }
    }
}

/// `1st`, `2nd`, `3rd`, `4th`... for the car that finished after `before` others.
fn ordinal(before: u8) -> String {
    crate::content::ordinal::ordinal(u32::from(before) + 1)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_finishing_place_counts_the_cars_before_it() {
        // The ordinals themselves are `content::ordinal`'s (tested there).
        assert_eq!(super::ordinal(0), "1st");
        assert_eq!(super::ordinal(21), "22nd");
    }
}
