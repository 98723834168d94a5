//! The planner bot: it looks one activation ahead. For every card in hand and every car it may
//! activate, it lists every end position the card can reach (outcome enumeration, within a
//! bound) on a determinised copy of the race and scores each with the attack it could make
//! afterwards; it plays the best card for the best car and then follows the planned path. Other
//! decisions (fire before moving, movement events, discards) it takes greedily.
//!
//! # Decisions where a heuristic stands in for a search
//! - An outcome is scored from where the cars end: the sectors the active player's cars gain
//!   (a crossing of the finish line counts its VP), and the best expected damage of a shot from
//!   the end space at a car of another side. The movement event a starburst card draws is not
//!   foreseen.
//! - A ram or a crossover collision into a car of its own side (its own team's, or in a
//!   mission an ally's) costs the collision's expected damage at
//!   [`Weights::friendly_harm`]; one into a rival is scored by where the cars end, as before.

use std::collections::VecDeque;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap;

use super::bot::Bot;
use super::greedy::GreedyBot;
use super::mission_score::MissionLens;
use super::score::{DECIDED, lap_length, lap_progress};
use super::scratch::Scratch;
use crate::content::bot_profile::Weights;
use crate::rules::outcomes::Ending;
use crate::rules::{
    CarId, Decision, OutcomeSearch, Place, PlayerId, PlayerView, Race, RaceResult, Step,
};
use crate::validate::checked_track::SpaceId;

/// How much a rival car's progress counts against the planner, next to its own cars' (which
/// count 1): pushing rivals ahead helps them, but less than moving one's own cars helps.
const RIVAL_SHARE: f64 = 0.2;

/// Positions one card's outcome search may visit unless the profile says otherwise
/// (`search_limit`): enough for any ordinary card, and a bound on a bot's thinking in a packed
/// field.
const DEFAULT_SEARCH_LIMIT: usize = crate::content::bot_profile::DEFAULT_SEARCH_LIMIT as usize;

/// One play planned: its score, its index among the legal decisions, the steps of its best
/// movement.
#[derive(Clone, Debug)]
pub(crate) struct PlannedPlay {
    /// What the planner thinks the activation is worth.
    pub score: f64,
    /// The play's index among the legal decisions.
    pub index: usize,
    /// The movement planned.
    pub steps: Vec<Step>,
}

/// A bot that plans each activation.
#[derive(Clone, Debug)]
pub struct PlannerBot {
    weights: Weights,
    rng: ChaCha8Rng,
    greedy: GreedyBot,
    /// The steps still to take of the planned movement.
    plan: VecDeque<Step>,
    /// The outcome search, its buffers kept between plays.
    search: OutcomeSearch,
    /// The best expected damage of a shot from each end space of the play being planned.
    shots: FxHashMap<SpaceId, f64>,
    /// Each car's progress along the lap before the activation planned (worked out once for
    /// all the plays and their outcomes).
    progress: Vec<f64>,
    /// Positions one card's search may visit.
    search_limit: usize,
    /// In a mission race, the side's view of its objectives for the activation planned.
    lens: Option<MissionLens>,
    /// The copy each play is planned on.
    trial: Scratch,
}

impl PlannerBot {
    /// A planner with its weights and seed.
    #[must_use]
    pub fn new(weights: Weights, seed: u64) -> Self {
        Self {
            weights,
            rng: ChaCha8Rng::seed_from_u64(seed),
            greedy: GreedyBot::new(weights, seed ^ 0x9e37_79b9_7f4a_7c15),
            plan: VecDeque::new(),
            search: OutcomeSearch::default(),
            shots: FxHashMap::default(),
            progress: Vec::new(),
            search_limit: DEFAULT_SEARCH_LIMIT,
            lens: None,
            trial: Scratch::default(),
        }
    }

    /// The same planner with another search budget (at least one position).
    #[must_use]
    pub fn with_search_limit(mut self, limit: usize) -> Self {
        self.search_limit = limit.max(1);
        self
    }

    /// Plans every play of `legal` (a card for a car each) on `race`, a determinised copy of
    /// `me`'s view, and hands each that can be planned to `planned`, in the order listed.
    pub(crate) fn plan_plays(
        &mut self,
        race: &Race,
        me: PlayerId,
        legal: &[Decision],
        mut planned: impl FnMut(PlannedPlay),
    ) {
        self.lens = race
            .mission()
            .map(|_| MissionLens::of(race, me, &self.weights));
        self.progress.clear();
        self.progress.extend(
            race.cars()
                .iter()
                .map(|car| lap_progress(race.track(), car.place)),
        );
        for (index, play) in legal.iter().enumerate() {
            if let Some((score, steps)) = self.plan_play(race, play) {
                planned(PlannedPlay {
                    score,
                    index,
                    steps,
                });
            }
        }
    }

    /// Follows `steps` as the movement of the activation just started (a play chosen by
    /// someone else: the search bot).
    pub(crate) fn follow(&mut self, steps: &[Step]) {
        self.plan.clear();
        self.plan.extend(steps.iter().cloned());
    }

    /// The best activation for one play: its score and its steps.
    fn plan_play(&mut self, race: &Race, play: &Decision) -> Option<(f64, Vec<Step>)> {
        // Taken out for the planning, which borrows the bot, and put back for its room.
        let mut scratch = std::mem::take(&mut self.trial);
        let trial = scratch.copy_of(race);
        let planned = match trial.play_to_movement(play) {
            Ok(_) => self.plan_movement(race, trial),
            Err(_) => None,
        };
        self.trial = scratch;
        planned
    }

    /// The best outcome of the movement under way in `trial` (played from `race`).
    fn plan_movement(&mut self, race: &Race, trial: &mut Race) -> Option<(f64, Vec<Step>)> {
        let mover = trial.movement()?.mover;
        let me = race.car(mover).player;
        let track = race.track();
        let lap = lap_length(track);
        let weights = self.weights;
        let rng = &mut self.rng;
        // Many outcomes leave the mover on the same space: its best shot from there is worked
        // out once (in the first position found with the mover there).
        let shots = &mut self.shots;
        shots.clear();
        let progress = &self.progress;
        let lens = self.lens.as_ref();
        let friend =
            |car: CarId| lens.map_or(race.car(car).player == me, |l| l.friendly(race, car));
        // What a crossing is worth: the mission's finish VP (1 in the rulebook's race).
        let crossing_vp = f64::from(race.base_vp(false));
        // A ram or a crossover collision into a car of the side harms the side.
        let friendly_harm = weights.friendly_harm();
        let ram_damage = race.expected_collision_damage();
        let crossover_damage = f64::from(race.rules().ruleset.crossover_collision.damage_each());
        let (hazard_damage, hazard_loss) = race.rules().content.hazards.as_ref().map_or(
            (0.0, 0.0),
            crate::validate::hazard_deck::HazardBook::expected_harm,
        );
        let best = self.search.best(trial, self.search_limit, |reached| {
            // A movement that ends a mission race is won or lost outright.
            if let Some(RaceResult::SideWon(side)) = reached.race.result() {
                return if race.side_of(me) == Some(side) {
                    DECIDED
                } else {
                    -DECIDED
                };
            }
            let mut score = 0.0;
            for (car, place) in reached.moved {
                let mut gain = lap_progress(track, *place) - progress[car.index()];
                let mut crossings = 0.0;
                if gain < -lap / 2.0 {
                    gain += lap;
                    crossings = 1.0;
                }
                let sign = if friend(*car) { 1.0 } else { -RIVAL_SHARE };
                score +=
                    sign * (weights.progress * gain + weights.finish_vp * crossings * crossing_vp);
                if let Some(lens) = lens {
                    let i = car.index();
                    score += sign
                        * (weights.progress * gain * (lens.progress_share[i] - 1.0)
                            + lens.crossing[i] * crossings);
                }
            }
            if let Some((_, Place::Track(end))) =
                reached.moved.iter().find(|(car, _)| *car == mover)
            {
                let shot = *shots.entry(*end).or_insert_with(|| {
                    reached
                        .race
                        .target_options_from(mover, *end)
                        .into_iter()
                        .filter(|t| !friend(t.target))
                        .map(|t| {
                            t.expected_damage
                                * lens.map_or(1.0, |l| l.damage_share[t.target.index()])
                        })
                        .fold(0.0, f64::max)
                });
                score += weights.damage_dealt * shot;
                if let Some(lens) = lens {
                    score += lens.hold_worth(*end);
                }
            }
            // What the ground does to the mover (nothing on the rulebook's grounds, where the
            // score is left exactly as it was).
            if reached.ground_damage > 0 {
                score += weights.damage_taken * f64::from(reached.ground_damage);
            }
            match reached.ending {
                Ending::Wrecked => score += weights.cars_lost,
                Ending::Ram(target) if friend(target) => score += friendly_harm * ram_damage,
                Ending::Crossover { moving, blocker } => {
                    let other = if moving == mover { blocker } else { moving };
                    if friend(other) {
                        score += friendly_harm * crossover_damage;
                    }
                }
                Ending::Ram(_) | Ending::Spent | Ending::Stuck => {}
            }
            // A face-down hazard token, weighed by what the deck holds on average.
            if reached.hazard {
                score += weights.damage_taken * hazard_damage + weights.cars_lost * hazard_loss;
            }
            // A tiny random share breaks ties between equally good outcomes.
            score + rng.random::<f64>() * 1e-6
        })?;
        Some((best.score, best.steps))
    }
}

/// What the planner does with a decision before it looks at the race.
enum Next {
    /// Taken already: the only decision, or the next step of the plan.
    Chosen(usize),
    /// A card to play: plan every play.
    Plan,
    /// Anything else: the greedy choice.
    Greedy,
}

impl PlannerBot {
    /// What `legal` asks of the planner before it looks at the race (following its plan).
    fn next(&mut self, legal: &[Decision]) -> Next {
        if legal.len() < 2 {
            self.plan.pop_front();
            return Next::Chosen(0);
        }
        if legal.iter().all(|d| matches!(d, Decision::Play { .. })) {
            return Next::Plan;
        }
        if let Some(next) = self.plan.front()
            && let Some(i) = legal
                .iter()
                .position(|d| matches!(d, Decision::Move(step) if step == next))
        {
            self.plan.pop_front();
            return Next::Chosen(i);
        }
        if legal.iter().any(|d| matches!(d, Decision::Move(_))) {
            // Off the plan (an event moved someone): plan no further this activation.
            self.plan.clear();
        }
        Next::Greedy
    }

    /// The best play of `legal` planned on `race`, its movement kept as the plan; `None` (and
    /// no plan) when no play could be planned.
    fn best_play(&mut self, race: &Race, me: PlayerId, legal: &[Decision]) -> Option<usize> {
        let mut best: Option<PlannedPlay> = None;
        self.plan_plays(race, me, legal, |play| {
            if best.as_ref().is_none_or(|b| play.score > b.score) {
                best = Some(play);
            }
        });
        let Some(best) = best else {
            self.plan.clear();
            return None;
        };
        self.plan = best.steps.into();
        Some(best.index)
    }

    /// [`Bot::choose`] for `me` on `race` as it stands: a copy the deciding bot may read
    /// whole, because it is its own guess of the hidden cards already (a search bot's
    /// play-out world). Nothing is dealt again, which spares a copy of the race per decision.
    pub(crate) fn choose_on(&mut self, race: &Race, me: PlayerId, legal: &[Decision]) -> usize {
        match self.next(legal) {
            Next::Chosen(index) => index,
            Next::Plan => match self.best_play(race, me, legal) {
                Some(index) => index,
                None => self.greedy.choose_on(race, me, legal),
            },
            Next::Greedy => self.greedy.choose_on(race, me, legal),
        }
    }
}

impl Bot for PlannerBot {
    fn choose(&mut self, view: &PlayerView<'_>, legal: &[Decision]) -> usize {
        match self.next(legal) {
            Next::Chosen(index) => index,
            Next::Plan => {
                let race = view.determinise(&mut self.rng);
                match self.best_play(&race, view.me(), legal) {
                    Some(index) => index,
                    None => self.greedy.choose(view, legal),
                }
            }
            Next::Greedy => self.greedy.choose(view, legal),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::race;

    /// The shipped planner's weights (`content/bots/planner.ron`).
    fn shipped_weights() -> Weights {
        let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
        let profiles = crate::sim::profiles::profiles_in(&content);
        match &profiles
            .get("planner")
            .expect("the planner profile")
            .strategy
        {
            crate::content::bot_profile::Strategy::Planner(weights) => *weights,
            other => panic!("the planner profile plans: {other:?}"),
        }
    }

    /// A budget of one position lets the search take only its first path: the plan is the
    /// whole movement made of the first step listed at every point (forward first), where the
    /// default budget weighs every way and often plans another.
    #[test]
    fn a_one_position_budget_plans_the_first_whole_movement_and_no_other() {
        let weights = shipped_weights();
        let mut longest_full_plan = 0;
        let mut plays = 0;
        let mut differs = false;
        for seed in 0..6 {
            let mut race = race("oval", 4, seed);
            while !race.is_over()
                && !race
                    .legal()
                    .iter()
                    .all(|d| matches!(d, Decision::Play { .. }))
            {
                race.apply_nth(0);
            }
            let Some(player) = race.deciding_player() else {
                continue;
            };
            let legal = race.legal().to_vec();
            let view = race.view(player);
            let mut full = PlannerBot::new(weights, seed);
            full.choose(&view, &legal);
            longest_full_plan = longest_full_plan.max(full.plan.len());
            let mut short = PlannerBot::new(weights, seed).with_search_limit(1);
            let chosen = short.choose(&view, &legal);
            let mut following = race.clone();
            if following.play_to_movement(&legal[chosen]).is_err() || following.movement().is_none()
            {
                continue;
            }
            assert!(
                !short.plan.is_empty(),
                "seed {seed}: a whole movement planned"
            );
            for step in &short.plan {
                let first = following
                    .movement()
                    .expect("moving")
                    .legal_steps(&following);
                assert_eq!(
                    Some(step),
                    first.first(),
                    "seed {seed}: the first way listed"
                );
                following
                    .apply(&Decision::Move(step.clone()))
                    .expect("a legal step");
            }
            assert!(
                following
                    .movement()
                    .is_none_or(|m| m.legal_steps(&following).is_empty()),
                "seed {seed}: the plan runs to the movement's end"
            );
            differs |= short.plan != full.plan;
            plays += 1;
        }
        assert!(plays >= 4, "only {plays} positions with a card to play");
        assert!(
            longest_full_plan >= 3,
            "the default budget planned at most {longest_full_plan} steps"
        );
        assert!(differs, "the default budget sometimes plans another way");
    }
}
