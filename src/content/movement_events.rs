//! The movement event deck file (rulebook 10.0).
//!
//! Each card kind carries its effect *with its numbers* (damage, distances, marker counts), so a
//! designer can tune them without touching code. Where the rulebook says "no player receives the
//! VP" for a car it eliminates, the effect has `scores_kill: false`; Missed Jump is the one
//! damaging card whose text does not say so, and the standard deck keeps it scoring (11.3).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::MovementEventDeckKind;
use super::text::{Id, Text};

/// A movement event deck file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MovementEventDeck {
    /// Always `MovementEventDeck`.
    pub kind: MovementEventDeckKind,
    /// The format version the file was written in.
    pub version: u32,
    /// A name for the deck, shown in the studio.
    pub name: Text,
    /// The card kinds, each with how many copies the deck holds.
    pub cards: Vec<MovementEventCard>,
}

impl MovementEventDeck {
    /// The format version this build writes.
    pub const VERSION: u32 = 1;

    /// How many physical cards the deck holds.
    #[must_use]
    pub fn total_cards(&self) -> u64 {
        self.cards.iter().map(|card| u64::from(card.count)).sum()
    }
}

/// One kind of movement event card.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MovementEventCard {
    /// A stable identifier, unique in the deck (`big-air`).
    pub id: Id,
    /// The name printed on the card (`Big Air`).
    pub name: Text,
    /// What the card does, with its numbers.
    pub effect: MovementEvent,
    /// How many copies of this card the deck holds.
    pub count: u32,
}

/// The 28 movement events of rulebook 10.0 with their tunable numbers.
///
/// "Damage" is a number of damage markers; "furthest along" means nearest the end of the
/// section, inside favoured over outside (as the rulebook spells out for High Flyer).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum MovementEvent {
    /// The car(s) furthest along the jump take `damage` and drop into the trough.
    BigAir {
        /// Damage to each car.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// The active car takes `damage`.
    BlownEngine {
        /// Damage to the active car.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// The active car takes `damage`.
    BlownTransmission {
        /// Damage to the active car.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// Every car in a jump section takes `damage`.
    BottomingOut {
        /// Damage to each car.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// Placed in play with `markers` markers; each scored kill is worth `kill_vp` and removes one.
    Bounty {
        /// Markers placed on the card.
        markers: u8,
        /// Victory points a kill scores while the card is in play.
        kill_vp: u8,
    },
    /// The active car may move one adjacent car into a vacant space adjacent to that car.
    BumpAndRun,
    /// Every car in a rough section takes `damage`.
    BumpyRide {
        /// Damage to each car.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// Each player assigns `damage` to one of their cars on the track.
    DangerousDebris {
        /// Damage each player assigns.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// The active car may swap places with the car linked directly in front of it.
    Drift,
    /// The active car takes `low_damage`, or `high_damage` when it already has `threshold` or more.
    EngineFailure {
        /// Damage already on the car from which the higher amount applies.
        threshold: u8,
        /// Damage below the threshold.
        low_damage: u8,
        /// Damage at or above the threshold.
        high_damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// The active car takes `damage`.
    FuelLeak {
        /// Damage to the active car.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// The active car may move solo `min_mp` to `max_mp` MP without entering an occupied space.
    GetThere {
        /// The fewest movement points it may use.
        min_mp: u8,
        /// The most movement points it may use.
        max_mp: u8,
    },
    /// The car(s) furthest along the jump take `damage` and drop into the trough.
    GreasingTheLanding {
        /// Damage to each car.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// The car closest to the end of the jump makes an immediate solo overtake move of `spaces`.
    HighFlyer {
        /// Movement points of the move.
        spaces: u8,
    },
    /// Spin-around token; the car goes off track beside the outside lane and re-enters laterally.
    IntoTheWeeds,
    /// The car(s) furthest along the jump take `damage` and drop into the trough.
    MissedJump {
        /// Damage to each car.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// Alone in its sector, the active car may move forward to link with the next car ahead.
    OpenRoad,
    /// The active car takes `damage`.
    OuttaGas {
        /// Damage to the active car.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// Placed in play with `markers` markers; each finish line crossing scores `finish_vp` and
    /// removes one.
    RaceBonus {
        /// Markers placed on the card.
        markers: u8,
        /// Victory points a crossing scores while the card is in play.
        finish_vp: u8,
    },
    /// The active car may not fire this turn, or, if it fired before moving, not before moving next time.
    Reloading,
    /// The car(s) furthest along the rough section take `damage`.
    Roll {
        /// Damage to each car.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// The active car takes `damage`.
    ShreddedTire {
        /// Damage to the active car.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// The active car draws the top race card and moves solo that many spaces.
    ShotOfNos,
    /// The active car must move one lane in or out; into an opponent it makes a collision attack.
    Sideswipe,
    /// The car(s) furthest along the rough section take `damage`.
    SnappedTheStruts {
        /// Damage to each car.
        damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// Spin-around token; the car goes off track beside the inside lane and re-enters laterally.
    SpinAround,
    /// The active car takes `damage`, plus `rough_extra` when in a rough or jump section.
    SuspensionFailure {
        /// Damage to the active car.
        damage: u8,
        /// Extra damage in rough or jump sections.
        rough_extra: u8,
        /// Whether the extra damage applies in the trough too. The rulebook's jump section is
        /// "the lanes on each side of the Trough" (2.1, 7.14), so the standard card says no.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        in_trough: bool,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
    /// The active car takes `low_damage`, or `high_damage` when it already has `threshold` or more.
    TransmissionFailure {
        /// Damage already on the car from which the higher amount applies.
        threshold: u8,
        /// Damage below the threshold.
        low_damage: u8,
        /// Damage at or above the threshold.
        high_damage: u8,
        /// Whether a car eliminated by this card scores a kill.
        scores_kill: bool,
    },
}

impl MovementEvent {
    /// The number of distinct movement events in rulebook 10.0.
    pub const KINDS: usize = 28;

    /// What the card does, in a sentence with its numbers, as its printed text would say it
    /// (the race screen's prompt; a kill marked when an elimination by the card scores one).
    #[must_use]
    pub fn text(&self) -> String {
        if let Some(text) = self.fixed_text() {
            return text.to_owned();
        }
        if let Some(text) = self.damage_text() {
            return text;
        }
        match *self {
            Self::Bounty { markers, kill_vp } => format!(
                "Stays in play with {markers} markers: each kill scores {kill_vp} VP and removes \
                 one."
            ),
            Self::RaceBonus { markers, finish_vp } => format!(
                "Stays in play with {markers} markers: each finish line crossing scores \
                 {finish_vp} VP and removes one."
            ),
            Self::GetThere { min_mp, max_mp } => format!(
                "The active car may move solo {min_mp} to {max_mp} MP without entering an \
                 occupied space."
            ),
            Self::HighFlyer { spaces } => format!(
                "The car closest to the end of the jump makes a solo overtake move of {spaces} \
                 spaces at once."
            ),
            Self::EngineFailure {
                threshold,
                low_damage,
                high_damage,
                scores_kill,
            }
            | Self::TransmissionFailure {
                threshold,
                low_damage,
                high_damage,
                scores_kill,
            } => format!(
                "The active car takes {low_damage} damage, or {high_damage} if it already has \
                 {threshold} or more.{}",
                kill_note(scores_kill)
            ),
            _ => String::new(),
        }
    }

    /// The text of the events that deal damage.
    fn damage_text(&self) -> Option<String> {
        let kill = kill_note;
        Some(match *self {
            Self::BigAir {
                damage,
                scores_kill,
            }
            | Self::GreasingTheLanding {
                damage,
                scores_kill,
            }
            | Self::MissedJump {
                damage,
                scores_kill,
            } => format!(
                "The car(s) furthest along the jump take {damage} damage and drop into the \
                 trough.{}",
                kill(scores_kill)
            ),
            Self::BlownEngine {
                damage,
                scores_kill,
            }
            | Self::BlownTransmission {
                damage,
                scores_kill,
            }
            | Self::FuelLeak {
                damage,
                scores_kill,
            }
            | Self::OuttaGas {
                damage,
                scores_kill,
            }
            | Self::ShreddedTire {
                damage,
                scores_kill,
            } => format!("The active car takes {damage} damage.{}", kill(scores_kill)),
            Self::BottomingOut {
                damage,
                scores_kill,
            } => format!(
                "Every car in a jump section takes {damage} damage.{}",
                kill(scores_kill)
            ),
            Self::BumpyRide {
                damage,
                scores_kill,
            } => format!(
                "Every car in a rough section takes {damage} damage.{}",
                kill(scores_kill)
            ),
            Self::Roll {
                damage,
                scores_kill,
            }
            | Self::SnappedTheStruts {
                damage,
                scores_kill,
            } => {
                format!(
                    "The car(s) furthest along the rough section take {damage} damage.{}",
                    kill(scores_kill)
                )
            }
            Self::DangerousDebris {
                damage,
                scores_kill,
            } => format!(
                "Each player assigns {damage} damage to one of their cars on the track.{}",
                kill(scores_kill)
            ),
            Self::SuspensionFailure {
                damage,
                rough_extra,
                in_trough,
                scores_kill,
            } => format!(
                "The active car takes {damage} damage, {rough_extra} more in a rough or jump \
                 section{}.{}",
                if in_trough { " or the trough" } else { "" },
                kill(scores_kill)
            ),
            _ => return None,
        })
    }

    /// The text of the events without numbers.
    fn fixed_text(&self) -> Option<&'static str> {
        Some(match self {
            Self::BumpAndRun => {
                "The active car may move one adjacent car into a vacant space next to it."
            }
            Self::Drift => {
                "The active car may swap places with the car linked directly in front of it."
            }
            Self::IntoTheWeeds => {
                "Spin-around: the car goes off track beside the outside lane \
                                   and comes back in sideways."
            }
            Self::SpinAround => {
                "Spin-around: the car goes off track beside the inside lane and \
                                 comes back in sideways."
            }
            Self::OpenRoad => {
                "Alone in its sector, the active car may move forward to link with \
                               the next car ahead."
            }
            Self::Reloading => {
                "The active car may not fire this turn (or, having fired before \
                                moving, not before it moves next)."
            }
            Self::ShotOfNos => {
                "The active car draws the top race card and moves solo that many spaces."
            }
            Self::Sideswipe => {
                "The active car must move one lane in or out; into another car it \
                                makes a collision attack."
            }
            _ => return None,
        })
    }

    /// The event's name in the rulebook, which also keys the per-kind counts in `inspect`.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::BigAir { .. } => "Big Air",
            Self::BlownEngine { .. } => "Blown Engine",
            Self::BlownTransmission { .. } => "Blown Transmission",
            Self::BottomingOut { .. } => "Bottoming Out",
            Self::Bounty { .. } => "Bounty",
            Self::BumpAndRun => "Bump and Run",
            Self::BumpyRide { .. } => "Bumpy Ride",
            Self::DangerousDebris { .. } => "Dangerous Debris",
            Self::Drift => "Drift",
            Self::EngineFailure { .. } => "Engine Failure",
            Self::FuelLeak { .. } => "Fuel Leak",
            Self::GetThere { .. } => "Get There",
            Self::GreasingTheLanding { .. } => "Greasing the Landing",
            Self::HighFlyer { .. } => "High Flyer",
            Self::IntoTheWeeds => "Into the Weeds",
            Self::MissedJump { .. } => "Missed Jump",
            Self::OpenRoad => "Open Road",
            Self::OuttaGas { .. } => "Outta Gas",
            Self::RaceBonus { .. } => "Race Bonus",
            Self::Reloading => "Reloading",
            Self::Roll { .. } => "Roll",
            Self::ShreddedTire { .. } => "Shredded Tire",
            Self::ShotOfNos => "Shot of NOS",
            Self::Sideswipe => "Sideswipe",
            Self::SnappedTheStruts { .. } => "Snapped the Struts",
            Self::SpinAround => "Spin-Around",
            Self::SuspensionFailure { .. } => "Suspension Failure",
            Self::TransmissionFailure { .. } => "Transmission Failure",
        }
    }

    /// Every damage amount the card can deal to one car, for range checks.
    #[must_use]
    pub fn damage_amounts(&self) -> Vec<u8> {
        match *self {
            Self::BigAir { damage, .. }
            | Self::BlownEngine { damage, .. }
            | Self::BlownTransmission { damage, .. }
            | Self::BottomingOut { damage, .. }
            | Self::BumpyRide { damage, .. }
            | Self::DangerousDebris { damage, .. }
            | Self::FuelLeak { damage, .. }
            | Self::GreasingTheLanding { damage, .. }
            | Self::MissedJump { damage, .. }
            | Self::OuttaGas { damage, .. }
            | Self::Roll { damage, .. }
            | Self::ShreddedTire { damage, .. }
            | Self::SnappedTheStruts { damage, .. } => vec![damage],
            Self::SuspensionFailure {
                damage,
                rough_extra,
                ..
            } => vec![damage, damage.saturating_add(rough_extra)],
            Self::EngineFailure {
                low_damage,
                high_damage,
                ..
            }
            | Self::TransmissionFailure {
                low_damage,
                high_damage,
                ..
            } => vec![low_damage, high_damage],
            Self::Bounty { .. }
            | Self::BumpAndRun
            | Self::Drift
            | Self::GetThere { .. }
            | Self::HighFlyer { .. }
            | Self::IntoTheWeeds
            | Self::OpenRoad
            | Self::RaceBonus { .. }
            | Self::Reloading
            | Self::ShotOfNos
            | Self::Sideswipe
            | Self::SpinAround => Vec::new(),
        }
    }
}

/// What a damage card's text adds when a car it eliminates scores a kill.
fn kill_note(scores: bool) -> &'static str {
    if scores {
        " A car it eliminates scores a kill."
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::MovementEvent;

    #[test]
    fn a_card_s_text_carries_its_numbers() {
        let debris = MovementEvent::DangerousDebris {
            damage: 1,
            scores_kill: false,
        };
        assert_eq!(
            debris.text(),
            "Each player assigns 1 damage to one of their cars on the track."
        );
        let failure = MovementEvent::EngineFailure {
            threshold: 3,
            low_damage: 1,
            high_damage: 2,
            scores_kill: true,
        };
        assert_eq!(
            failure.text(),
            "The active car takes 1 damage, or 2 if it already has 3 or more. A car it \
             eliminates scores a kill."
        );
        let nos = MovementEvent::GetThere {
            min_mp: 2,
            max_mp: 4,
        };
        assert!(nos.text().contains("2 to 4 MP"), "{}", nos.text());
    }
}
