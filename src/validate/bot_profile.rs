//! Checks of a bot profile: its weights are numbers a score can be made of, and a planner's
//! search budget is a count it can spend.

use super::diagnostic::ObjectRef;
use super::locate::Needle;
use super::report::FileReport;
use crate::content::bot_profile::{BotProfile, Restriction, SearchBudget, Strategy, Weights};
use crate::content::text::{Id, TerrainId};

/// The largest search budget a profile may give a planner: at about a microsecond a position a
/// search that size takes a second, and a race makes over a hundred per player.
pub const MAX_SEARCH_LIMIT: u32 = 1_000_000;

/// What a profile's restrictions may name: the pack's race card kinds and kinds of ground.
#[derive(Default)]
pub struct Known {
    /// The race card kinds' ids.
    pub cards: Vec<Id>,
    /// The kinds of ground's ids.
    pub grounds: Vec<TerrainId>,
}

/// Checks that each of a profile's restrictions names a card kind or kind of ground in
/// `known`: one naming nothing would forbid nothing, and a design report would measure noise.
pub fn check_restrictions(profile: &BotProfile, known: &Known, report: &mut FileReport<'_>) {
    for restriction in &profile.restrict {
        let missing = match restriction {
            Restriction::NoCard(card) if !known.cards.contains(card) => {
                Some(format!("race card kind `{card}`"))
            }
            Restriction::AvoidGround(kind) if !known.grounds.contains(kind) => {
                Some(format!("kind of ground `{kind}`"))
            }
            _ => None,
        };
        if let Some(missing) = missing {
            report.error(
                "bot-restriction-unknown",
                Some(ObjectRef::BotProfile {
                    id: profile.id.clone(),
                }),
                &[Needle::Field("restrict")],
                format!(
                    "bot profile `{}`: it {} but the pack has no {missing}",
                    profile.id,
                    restriction.words()
                ),
            );
        }
    }
}

/// Checks a profile's weights: each must be a finite number. A NaN or an infinite weight makes
/// every position score NaN or infinity, so the bot would compare nothing and pick by accident.
pub fn check(profile: &BotProfile, report: &mut FileReport<'_>) {
    let object = ObjectRef::BotProfile {
        id: profile.id.clone(),
    };
    report.check_ids("bot profile", [(&profile.id, object.clone())]);
    let limit = profile.search_limit;
    if !(1..=MAX_SEARCH_LIMIT).contains(&limit) {
        report.error(
            "bot-search-limit-out-of-range",
            Some(object.clone()),
            &[Needle::Field("search_limit")],
            format!(
                "bot profile `{}`: search_limit {limit} is outside 1 to {MAX_SEARCH_LIMIT}",
                profile.id
            ),
        );
    }
    let weights = match &profile.strategy {
        Strategy::Random => return,
        Strategy::Greedy(weights) | Strategy::Planner(weights) => weights,
        Strategy::Search(budget) => {
            check_budget(profile, budget, &object, report);
            &budget.weights
        }
    };
    for (field, value) in named_weights(weights) {
        if !value.is_finite() {
            report.error(
                "bot-weight-not-finite",
                Some(object.clone()),
                &[Needle::Field(field)],
                format!(
                    "bot profile `{}`: weight `{field}` is {value}, not a finite number",
                    profile.id
                ),
            );
        }
    }
}

/// The most play-outs a search bot may make of one play, the candidates times the rollouts: a
/// bound like [`MAX_SEARCH_LIMIT`] on a bot's thinking per decision.
pub const MAX_PLAY_OUTS: u32 = 10_000;

/// The most a rival's progress may count against a search bot, as a share of its own: beyond
/// a few times its own, holding a rival back would outweigh going anywhere.
pub const MAX_RIVALS_PROGRESS: f64 = 4.0;

/// The longest play-out a search bot may run, in activations.
pub const MAX_HORIZON: u32 = 1_000;

/// A search bot's budget: every count at least 1, within its bound.
fn check_budget(
    profile: &BotProfile,
    budget: &SearchBudget,
    object: &ObjectRef,
    report: &mut FileReport<'_>,
) {
    let counts = [
        ("candidates", budget.candidates, MAX_PLAY_OUTS),
        ("rollouts", budget.rollouts, MAX_PLAY_OUTS),
        ("horizon", budget.horizon, MAX_HORIZON),
        (
            "rollout_search_limit",
            budget.rollout_search_limit,
            MAX_SEARCH_LIMIT,
        ),
    ];
    for (field, value, most) in counts {
        if !(1..=most).contains(&value) {
            report.error(
                "bot-search-limit-out-of-range",
                Some(object.clone()),
                &[Needle::Field(field)],
                format!(
                    "bot profile `{}`: {field} {value} is outside 1 to {most}",
                    profile.id
                ),
            );
        }
    }
    if !(0.0..=MAX_RIVALS_PROGRESS).contains(&budget.rivals_progress) {
        report.error(
            "bot-weight-not-finite",
            Some(object.clone()),
            &[Needle::Field("rivals_progress")],
            format!(
                "bot profile `{}`: rivals_progress {} is outside 0 to {MAX_RIVALS_PROGRESS}",
                profile.id, budget.rivals_progress
            ),
        );
    }
    let play_outs = u64::from(budget.candidates) * u64::from(budget.rollouts);
    if play_outs > u64::from(MAX_PLAY_OUTS) {
        report.error(
            "bot-search-limit-out-of-range",
            Some(object.clone()),
            &[Needle::Field("rollouts")],
            format!(
                "bot profile `{}`: {} candidates × {} rollouts is {play_outs} play-outs a play; \
                 at most {MAX_PLAY_OUTS}",
                profile.id, budget.candidates, budget.rollouts
            ),
        );
    }
}

/// Each weight with its field name.
fn named_weights(w: &Weights) -> [(&'static str, f64); 7] {
    [
        ("progress", w.progress),
        ("finish_vp", w.finish_vp),
        ("kill_vp", w.kill_vp),
        ("damage_dealt", w.damage_dealt),
        ("damage_taken", w.damage_taken),
        ("cars_lost", w.cars_lost),
        ("rivals_pool", w.rivals_pool),
    ]
}
