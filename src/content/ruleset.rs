//! Ruleset presets: the numbers of rulebook sections 3-11 that a house rule may change.
//!
//! Format history:
//! - version 1 had two fixed player bands (`cars_per_team_2_to_4`, `cars_per_team_5_to_10`),
//!   copying 3.0 literally;
//! - version 2 (current) lists bands of player counts, so a house rule can, say, give three
//!   players six cars each. Version 1 files migrate on load ([`RulesetV1::migrate`]). It
//!   later gained the optional `point_to_point` (default `Leave`): files without it read as
//!   before.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::RulesetKind;
use super::text::{Id, Text};

/// A ruleset file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// Always `Ruleset`.
    pub kind: RulesetKind,
    /// The format version the file was written in.
    pub version: u32,
    /// A stable identifier (`standard`, `long`), used to pick the ruleset for a race.
    pub id: Id,
    /// The name shown in the studio.
    pub name: Text,
    /// The fewest players a race may have (3.0: 2).
    pub min_players: u8,
    /// The most players a race may have (3.0: 10).
    pub max_players: u8,
    /// Cars each team starts with, by player count (3.0: 5 for 2-4, 4 for 5-10). The bands
    /// must cover every player count from `min_players` to `max_players` exactly once.
    pub cars_per_team: Vec<CarsPerTeam>,
    /// Cars on each team mat, the pool replacements come from (2.2: 8).
    pub cars_on_mat: u8,
    /// Race cards in a full hand (4.3: 6).
    pub hand_size: u8,
    /// Victory points in each team's pool: 12 for a short race, 15 for a long one (11.0).
    pub victory_points: u8,
    /// The damage marker that eliminates a car (5.3, 9.2: the 6th).
    pub eliminating_damage: u8,
    /// Whether each pool loses a VP at the end of every turn (11.4).
    pub countdown_clock: bool,
    /// What happens when a car runs into a car blocking the crossover (7.12).
    pub crossover_collision: CrossoverCollision,
    /// What crossing the finish line of a point-to-point track does (the rulebook's tracks are
    /// laps; see [`PointToPointFinish`]). Read only on such a track.
    #[serde(default, skip_serializing_if = "super::skip::is_default")]
    pub point_to_point: PointToPointFinish,
    /// Whether a starburst card's movement event is drawn when the active car was eliminated
    /// in its own movement (6.0, 10.0; see [`EventAfterElimination`]).
    #[serde(default, skip_serializing_if = "super::skip::is_default")]
    pub event_after_elimination: EventAfterElimination,
    /// Where a Bulldoze on a Sideswipe puts the target (8.5; see [`SideswipeBulldoze`]).
    #[serde(default, skip_serializing_if = "super::skip::is_default")]
    pub sideswipe_bulldoze: SideswipeBulldoze,
}

/// Whether a starburst card's movement event is drawn when the active car did not survive its
/// own movement (a ram that destroyed it, a crossover collision, ground that wrecks).
///
/// The rulebook reads one way, twice: 6.0 "If the [starburst] is shown, a Movement Event card
/// must be drawn at the end of the Active Car's movement", and 10.0 "a Movement Event card must
/// be drawn and played after completing the movement of the Active Car". Neither makes an
/// exception for a car that is gone, so the card is drawn, and what it does to the active car
/// lapses (there is no car to damage, move or mark), while what it does to other cars or to the
/// race (Missed Jump, Dangerous Debris, Bounty, Race Bonus) happens. A designer who prefers the
/// event to die with the car may say `Skip`.
#[derive(
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Serialize,
    Deserialize,
    JsonSchema,
)]
pub enum EventAfterElimination {
    /// The card is drawn; its effects on the active car lapse (6.0, 10.0).
    #[default]
    Draw,
    /// No card is drawn when the active car is out of the race (a house rule).
    Skip,
}

/// Where a Bulldoze result of a Sideswipe collision puts the two cars (8.5).
///
/// 8.5 says two things of Bulldoze: "if the Active Car is still in play it takes the position of
/// the targeted car. The target car, if it is still in play, is placed linked behind the Active
/// Car", and "The result is exactly the same as a 1-space Overtake movement type (7.5)". On a
/// Ram they agree: the target is directly in front, and the overtake's swap puts it linked
/// behind. On a Sideswipe the target is beside the active car, and a swap would leave it
/// beside, not behind: the two sentences part. The first is the rule (it says where each car
/// goes); the second is its explanation for the case it was written for, the Ram. So the active
/// car takes the target's space and the target is placed in the space linked directly behind it
/// (the space of its lane in the sector before). When that space is held (by a car in line, or
/// across on the crossover), is the trough, or does not exist (no space of that lane leads in),
/// the target cannot be placed there and the two cars swap, the nearest placement the overtake
/// sentence allows. A designer who reads the overtake sentence as the rule may say `Swap`.
#[derive(
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Serialize,
    Deserialize,
    JsonSchema,
)]
pub enum SideswipeBulldoze {
    /// The active car takes the target's space; the target is placed linked behind it (8.5's
    /// first sentence), or the two swap when there is no free space behind.
    #[default]
    LinkedBehind,
    /// The two cars swap spaces, as a 1-space Overtake swaps (8.5's last sentence).
    Swap,
}

/// What a car crossing the finish line of a point-to-point track does
/// ([`super::track::Route::PointToPoint`]): the rulebook is silent, its tracks being laps, so
/// this is the project's decision, a house rule a designer may change.
///
/// Either way the crossing first scores as 11.1 says (a Race Bonus included). The race still
/// ends the moment a pool empties (11.5), and the countdown clock runs as 11.4 says, so on a
/// long enough course the first crossing after the clock stops usually wins. When no car is left
/// in the race (every car finished or destroyed and no replacement waiting), the race ends at
/// the end of that turn: the player with the fewest VP left in their pool wins, a tie going to
/// the player whose car crossed first (a draw when none of them finished a car; in a mission
/// race, the mission's settlement decides). A finished car is not replaced:
/// it was not eliminated (8.3).
#[derive(
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Serialize,
    Deserialize,
    JsonSchema,
)]
pub enum PointToPointFinish {
    /// The car claims its crossing and leaves the race, its run done: it is no longer on the
    /// track, activates no more, and cannot be shot or pushed.
    #[default]
    Leave,
    /// The first car across wins the race for its player on the spot (Rush 'n Crush, Thunder
    /// Road: Vendetta): its player claims everything left in their pool.
    FirstAcrossWins,
}

impl Ruleset {
    /// The format version this build writes.
    pub const VERSION: u32 = 2;

    /// Cars per team for a player count, when exactly one band covers it.
    #[must_use]
    pub fn cars_for_players(&self, players: u8) -> Option<u8> {
        let mut matching = self
            .cars_per_team
            .iter()
            .filter(|band| (band.min_players..=band.max_players).contains(&players));
        match (matching.next(), matching.next()) {
            (Some(band), None) => Some(band.cars),
            _ => None,
        }
    }
}

/// Cars per team for a band of player counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CarsPerTeam {
    /// The fewest players of the band.
    pub min_players: u8,
    /// The most players of the band.
    pub max_players: u8,
    /// Cars each team runs at once with that many players.
    pub cars: u8,
}

/// The crossover collision variants of 7.12.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum CrossoverCollision {
    /// Apocalypse Road: the moving car stops and both cars take `damage` markers.
    Damage {
        /// Damage to each car (7.12: 1).
        damage: u8,
    },
    /// Thunder Alley: both cars take temporary damage instead.
    TemporaryDamage {
        /// Temporary damage to each car (7.12: 1).
        damage: u8,
    },
    /// Grand Prix: the moving car only stops; nobody takes damage.
    StopOnly,
}

impl CrossoverCollision {
    /// The damage markers (temporary or not) each car of a crossover collision takes.
    #[must_use]
    pub fn damage_each(self) -> u8 {
        match self {
            Self::Damage { damage } | Self::TemporaryDamage { damage } => damage,
            Self::StopOnly => 0,
        }
    }
}

/// Version 1 of the ruleset format, kept so that old files still load.
#[derive(Clone, PartialEq, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesetV1 {
    /// Always `Ruleset`.
    pub kind: RulesetKind,
    /// Always 1.
    pub version: u32,
    /// See [`Ruleset::id`].
    pub id: Id,
    /// See [`Ruleset::name`].
    pub name: Text,
    /// See [`Ruleset::min_players`].
    pub min_players: u8,
    /// See [`Ruleset::max_players`].
    pub max_players: u8,
    /// Cars per team with 2 to 4 players.
    pub cars_per_team_2_to_4: u8,
    /// Cars per team with 5 to 10 players.
    pub cars_per_team_5_to_10: u8,
    /// See [`Ruleset::cars_on_mat`].
    pub cars_on_mat: u8,
    /// See [`Ruleset::hand_size`].
    pub hand_size: u8,
    /// See [`Ruleset::victory_points`].
    pub victory_points: u8,
    /// See [`Ruleset::eliminating_damage`].
    pub eliminating_damage: u8,
    /// See [`Ruleset::countdown_clock`].
    pub countdown_clock: bool,
    /// See [`Ruleset::crossover_collision`].
    pub crossover_collision: CrossoverCollision,
}

impl RulesetV1 {
    /// Converts to the current format: the two fixed bands become two `cars_per_team` entries,
    /// each clipped to the ruleset's player range (an empty band is dropped).
    #[must_use]
    pub fn migrate(self) -> Ruleset {
        let bands = [
            (2, 4, self.cars_per_team_2_to_4),
            (5, 10, self.cars_per_team_5_to_10),
        ];
        let cars_per_team = bands
            .into_iter()
            .filter_map(|(low, high, cars)| {
                let min_players = low.max(self.min_players);
                let max_players = high.min(self.max_players);
                (min_players <= max_players).then_some(CarsPerTeam {
                    min_players,
                    max_players,
                    cars,
                })
            })
            .collect();
        Ruleset {
            kind: RulesetKind::Ruleset,
            version: Ruleset::VERSION,
            id: self.id,
            name: self.name,
            min_players: self.min_players,
            max_players: self.max_players,
            cars_per_team,
            cars_on_mat: self.cars_on_mat,
            hand_size: self.hand_size,
            victory_points: self.victory_points,
            eliminating_damage: self.eliminating_damage,
            countdown_clock: self.countdown_clock,
            crossover_collision: self.crossover_collision,
            point_to_point: PointToPointFinish::Leave,
            event_after_elimination: EventAfterElimination::Draw,
            sideswipe_bulldoze: SideswipeBulldoze::LinkedBehind,
        }
    }
}
