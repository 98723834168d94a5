//! Bot profiles: read from a content folder and turned into bots.

use std::collections::BTreeMap;
use std::path::Path;

use super::bot::{Bot, RandomBot};
use super::greedy::GreedyBot;
use super::planner::PlannerBot;
use super::search_bot::SearchBot;
use crate::content::bot_profile::{BotProfile, Strategy};
use crate::content::{Document, RawPack};

/// The bot profiles of a content folder, by id (its `bots/` folder, or anywhere in it).
#[must_use]
pub fn profiles_in(content: &Path) -> BTreeMap<String, BotProfile> {
    profiles_of(&RawPack::open(content))
}

/// The bot profiles among a pack's documents, by id.
#[must_use]
pub fn profiles_of(pack: &RawPack) -> BTreeMap<String, BotProfile> {
    pack.files
        .iter()
        .filter_map(|f| match &f.document {
            Document::BotProfile(profile) => Some((profile.id.to_string(), profile.clone())),
            _ => None,
        })
        .collect()
}

/// Why bot profiles could not be given to a batch's seats or sides.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ProfileError {
    /// More profiles named than there are seats.
    #[error("names {named} profiles for {seats} seats: at most one per seat")]
    TooMany {
        /// Profiles named.
        named: usize,
        /// Seats.
        seats: usize,
    },
    /// A profile the pack does not hold.
    #[error("no bot profile `{name}` in {folder} (it has: {known})")]
    Unknown {
        /// The profile asked for.
        name: String,
        /// The content folder.
        folder: String,
        /// The profiles it holds.
        known: String,
    },
    /// A side's choice not written `SIDE=PROFILE`.
    #[error("{0}: write SIDE=PROFILE")]
    NotAPair(String),
    /// A side the mission does not have.
    #[error("the mission has no side `{side}` (it has: {known})")]
    NoSide {
        /// The side named.
        side: String,
        /// The mission's sides.
        known: String,
    },
}

/// The profile `name` among `profiles` (the pack at `content`'s).
fn find_profile(
    profiles: &BTreeMap<String, BotProfile>,
    name: &str,
    content: &Path,
) -> Result<BotProfile, ProfileError> {
    profiles
        .get(name)
        .cloned()
        .ok_or_else(|| ProfileError::Unknown {
            name: name.to_owned(),
            folder: content.display().to_string(),
            known: profiles.keys().cloned().collect::<Vec<_>>().join(", "),
        })
}

/// The bot profiles of `seats` seats from the pack at `content`: `names` repeated over the
/// seats, random when empty.
pub fn seat_profiles(
    content: &Path,
    names: &[String],
    seats: usize,
) -> Result<Vec<BotProfile>, ProfileError> {
    let profiles = profiles_in(content);
    let names: Vec<String> = if names.is_empty() {
        vec!["random".to_owned()]
    } else {
        names.to_vec()
    };
    if names.len() > seats {
        return Err(ProfileError::TooMany {
            named: names.len(),
            seats,
        });
    }
    (0..seats)
        .map(|seat| find_profile(&profiles, &names[seat % names.len()], content))
        .collect()
}

/// The bot profile each side of a mission is always played by: `bots` (the mission's own, by
/// side), with the sides each `SIDE=PROFILE` of `pairs` names played by the profile it names
/// from the pack at `content`.
pub fn side_profiles(
    content: &Path,
    sides: &[&str],
    mut bots: Vec<Option<BotProfile>>,
    pairs: &[String],
) -> Result<Vec<Option<BotProfile>>, ProfileError> {
    let profiles = profiles_in(content);
    for pair in pairs {
        let (side, profile) = pair
            .split_once('=')
            .ok_or_else(|| ProfileError::NotAPair(pair.clone()))?;
        let index = sides
            .iter()
            .position(|s| *s == side)
            .ok_or_else(|| ProfileError::NoSide {
                side: side.to_owned(),
                known: sides.join(", "),
            })?;
        if let Some(slot) = bots.get_mut(index) {
            *slot = Some(find_profile(&profiles, profile, content)?);
        }
    }
    Ok(bots)
}

/// A bot playing by a profile, seeded.
#[must_use]
pub fn bot_for(profile: &BotProfile, seed: u64) -> Box<dyn Bot + Send> {
    let bot = strategy_bot(profile, seed);
    if profile.restrict.is_empty() {
        bot
    } else {
        Box::new(super::restricted::RestrictedBot::new(
            bot,
            profile.restrict.clone(),
        ))
    }
}

/// The bot of a profile's strategy, unrestricted.
fn strategy_bot(profile: &BotProfile, seed: u64) -> Box<dyn Bot + Send> {
    match &profile.strategy {
        Strategy::Random => Box::new(RandomBot::new(seed)),
        Strategy::Greedy(weights) => Box::new(GreedyBot::new(*weights, seed)),
        Strategy::Planner(weights) => Box::new(
            PlannerBot::new(*weights, seed).with_search_limit(profile.search_limit as usize),
        ),
        Strategy::Search(budget) => {
            Box::new(SearchBot::new(*budget, profile.search_limit as usize, seed))
        }
    }
}
