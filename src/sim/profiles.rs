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

/// A bot playing by a profile, seeded.
#[must_use]
pub fn bot_for(profile: &BotProfile, seed: u64) -> Box<dyn Bot + Send> {
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
