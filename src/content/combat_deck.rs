//! The combat event deck file (rulebook 8.0-8.5) and the weapon types its cards name.
//!
//! The rulebook does not print the combat cards; the standard deck is the project's design
//! (`content/README.md` gives the reasoning). Weapon types are data: a card holds one result per
//! weapon type declared in this file, and team mats name those types.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kind::CombatEventDeckKind;
use super::text::{Id, Text};

/// A combat event deck file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatEventDeck {
    /// Always `CombatEventDeck`.
    pub kind: CombatEventDeckKind,
    /// The format version the file was written in.
    pub version: u32,
    /// A name for the deck, shown in the studio.
    pub name: Text,
    /// The weapon types the cards give results for and team mats arm cars with.
    pub weapon_types: Vec<WeaponType>,
    /// The card kinds, each with how many copies the deck holds.
    pub cards: Vec<CombatCard>,
}

impl CombatEventDeck {
    /// The format version this build writes.
    pub const VERSION: u32 = 1;

    /// How many physical cards the deck holds.
    #[must_use]
    pub fn total_cards(&self) -> u64 {
        self.cards.iter().map(|card| u64::from(card.count)).sum()
    }
}

/// A weapon type (a section of every combat card).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WeaponType {
    /// A stable identifier that combat cards and team mats refer to (`machine-guns`).
    pub id: Id,
    /// The name shown to players.
    pub name: Text,
    /// What the weapon is for, shown in the studio.
    #[serde(default)]
    pub description: Text,
}

/// One kind of combat event card.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatCard {
    /// A stable identifier, unique in the deck.
    pub id: Id,
    /// The card's name.
    pub name: Text,
    /// The value compared with the target's defense: a hit when value (plus 1 for a targeting
    /// bonus) is at least the defense (8.0).
    pub value: u8,
    /// The result of a hit for each weapon type, keyed by weapon type id.
    pub weapons: BTreeMap<Id, AttackResult>,
    /// The result of a collision attack (ram or sideswipe, 8.4), which always lands.
    pub collision: CollisionResult,
    /// How many copies of this card the deck holds.
    pub count: u32,
}

/// What a weapon hit does. The default is a miss: no damage, no effects.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttackResult {
    /// Damage markers placed on the target.
    pub damage: u8,
    /// Additional effects (8.5). Bulldoze and Chain only exist on collisions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<AttackEffect>,
}

/// What a collision attack does: target damage first, active car damage second (8.4). Both
/// must be at least 1 ("All Collision Attacks involve some damage to the target car and the
/// Active Car"); the default is that least collision, 1 and 1.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CollisionResult {
    /// Damage markers placed on the target car.
    pub target_damage: u8,
    /// Damage markers placed on the active car.
    pub active_damage: u8,
    /// Additional effects (8.5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<AttackEffect>,
}

impl Default for CollisionResult {
    fn default() -> Self {
        Self {
            target_damage: 1,
            active_damage: 1,
            effects: Vec::new(),
        }
    }
}

/// The additional attack results of rulebook 8.5.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, JsonSchema,
)]
pub enum AttackEffect {
    /// After damage, the active car takes the target's place and the target goes behind it.
    Bulldoze,
    /// Cars linked in front of a rammed target, or beside a sideswiped one, each take 1 damage.
    Chain,
    /// Every legal target adjacent to the target takes 1 damage.
    Spray,
    /// The target may not fire or ram on its next activation.
    Suppress,
}

impl AttackEffect {
    /// Whether the rulebook limits the effect to physical attacks (ram, sideswipe).
    #[must_use]
    pub fn collision_only(self) -> bool {
        matches!(self, Self::Bulldoze | Self::Chain)
    }
}
