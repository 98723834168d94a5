//! The design report (`roadwright analyse`): why a track's or a mission's numbers are what they
//! are. For each subject (a mission's sides no bot profile always plays; on a track, one
//! player, whose seat turns round the table) it measures:
//!
//! - its **win rate** when every seat plays the strong profile, against its fair share;
//! - its **skill gap**: its win rate played by the strong profile against weak seats, minus its
//!   win rate played by the weak profile against strong seats (a game of luck has none);
//! - **restricted play** (Jaffe et al., "Evaluating Competitive Game Balance with Restricted
//!   Play", AIIDE 2012): its win rate when its bots never fire, never ram, never play a given
//!   race card kind, or avoid a given kind of ground ([`Restriction`]), the others
//!   unrestricted; an option's **value** is the win rate it loses without it, with its 95%
//!   interval.
//!
//! # Decisions taken
//! - **Common random numbers**: every arm of a subject plays the same race seeds, so two arms
//!   differ by their bots, not by the draw.
//! - **A dominant option** is one without which the subject wins less than
//!   [`DEFAULT_DOMINANT_SHARE`] of what it wins with it, beyond noise (the restricted win rate's
//!   95% interval lies wholly below that share): the game then all but asks for it. The share is
//!   a parameter (`analyse --dominant`).
//! - **Options measured**: firing and ramming; every race card kind of the pack; every kind of
//!   ground the track has but its commonest (the road itself, which cannot be avoided).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;

use super::batch::{BatchSpec, Shard, fold_shard};
use super::compare::{Difference, proportion_difference};
use super::mission::LoadedMission;
use super::stats::{BatchStats, Interval, wilson};
use crate::content::bot_profile::{BotProfile, Restriction};
use crate::rules::RaceRules;

/// The share of its unrestricted wins below which a subject deprived of an option calls that
/// option dominant (see the module's decisions).
pub const DEFAULT_DOMINANT_SHARE: f64 = 0.5;

/// What is analysed: a track raced by a field, or a mission.
pub enum Ground {
    /// A track under rules, `players` seats: the subject is one player, its seat turning.
    Track {
        /// The rules.
        rules: Arc<RaceRules>,
        /// Seats.
        players: usize,
    },
    /// A mission for `players` seats (the rules hold it): the subjects are its open sides.
    Mission {
        /// The rules, the mission in them.
        rules: Arc<RaceRules>,
        /// The bot profile each side is always played by (`None`: an open side).
        side_bots: Vec<Option<BotProfile>>,
        /// Seats.
        players: usize,
    },
}

/// How an analysis is played.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The strong profile: every unrestricted seat.
    pub strong: BotProfile,
    /// The weak profile of the skill gap.
    pub weak: BotProfile,
    /// Races of each arm.
    pub races: usize,
    /// The seed of every arm.
    pub seed: u64,
    /// The options measured.
    pub options: Vec<Restriction>,
    /// The share under which an option is dominant.
    pub dominant_share: f64,
}

/// The design report.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct DesignReport {
    /// The strong profile's id.
    pub strong: String,
    /// The weak profile's id.
    pub weak: String,
    /// Races of each arm.
    pub races: usize,
    /// The seed.
    pub seed: u64,
    /// Each subject.
    pub subjects: Vec<SubjectReport>,
}

/// One subject's figures.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct SubjectReport {
    /// The side's id, or "a player".
    pub subject: String,
    /// Its fair share of wins, in percent (one race in as many as there are players, or
    /// sides).
    pub fair: f64,
    /// Its win rate with every seat strong.
    pub win_rate: Interval,
    /// Its win rate played strong against weak seats.
    pub strong_against_weak: Interval,
    /// Its win rate played weak against strong seats.
    pub weak_against_strong: Interval,
    /// The skill gap: strong against weak minus weak against strong.
    pub skill_gap: Difference,
    /// Each option's worth to it.
    pub options: Vec<OptionValue>,
}

/// What an option is worth to a subject.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct OptionValue {
    /// The restriction that takes it away.
    pub restriction: Restriction,
    /// In words ("never fires").
    pub words: String,
    /// The subject's win rate so restricted.
    pub win_rate: Interval,
    /// What it loses: the unrestricted win rate minus this one (a minus: it does better
    /// without).
    pub value: Difference,
    /// Whether the option is dominant.
    pub dominant: bool,
}

impl Ground {
    /// A mission loaded from its file, for `players` seats (its own count when `None`).
    #[must_use]
    pub fn of_mission(mission: &LoadedMission, players: Option<usize>) -> Self {
        Self::Mission {
            rules: Arc::clone(&mission.race.rules),
            side_bots: mission.side_bots.clone(),
            players: players.unwrap_or_else(|| mission.mission().default_players()),
        }
    }

    /// The rules raced.
    #[must_use]
    pub fn rules(&self) -> &Arc<RaceRules> {
        match self {
            Self::Track { rules, .. } | Self::Mission { rules, .. } => rules,
        }
    }

    /// The open sides of a mission, by index (none on a track).
    fn open_sides(&self) -> Vec<usize> {
        match self {
            Self::Track { .. } => Vec::new(),
            Self::Mission {
                rules, side_bots, ..
            } => rules.mission.as_ref().map_or_else(Vec::new, |mission| {
                (0..mission.sides.len())
                    .filter(|&k| side_bots.get(k).is_none_or(Option::is_none))
                    .collect()
            }),
        }
    }

    /// The subjects' names.
    fn subjects(&self) -> Vec<String> {
        match self {
            Self::Track { .. } => vec!["a player".to_owned()],
            Self::Mission { rules, .. } => {
                let sides = rules.mission.as_ref().map(|m| &m.sides);
                self.open_sides()
                    .into_iter()
                    .filter_map(|k| Some(sides?.get(k)?.id.to_string()))
                    .collect()
            }
        }
    }

    /// The subject's fair share, in percent.
    fn fair(&self, subjects: usize) -> f64 {
        match self {
            Self::Track { players, .. } => 100.0 / (*players).max(1) as f64,
            Self::Mission { .. } => 100.0 / subjects.max(1) as f64,
        }
    }

    /// Plays `races` races from `seed` with subject `subject` played by `mine` and every
    /// other seat by `others`: its wins and the races.
    fn play(
        &self,
        subject: usize,
        (mine, others): (&BotProfile, &BotProfile),
        (races, seed, threads): (usize, u64, usize),
        cancel: &(dyn Fn() -> bool + Sync),
    ) -> Result<(usize, usize), String> {
        match self {
            Self::Track { rules, players } => {
                // The subject's seat turns round the table: seat s plays races/players of them.
                let (mut wins, mut played) = (0, 0);
                for seat in 0..*players {
                    let share = races / players + usize::from(seat < races % players);
                    let mut bots = vec![others.clone(); *players];
                    bots[seat] = mine.clone();
                    let spec = BatchSpec::new(Arc::clone(rules), &[], bots, share, seed)
                        .map_err(|e| e.to_string())?;
                    let fold = fold_shard(&spec, Shard::WHOLE, threads, false, &|_| {}, cancel)?;
                    wins += fold
                        .fold
                        .seat_wins
                        .get(seat)
                        .map_or(0, |&w| usize::try_from(w).unwrap_or(usize::MAX));
                    played += share;
                }
                Ok((wins, played))
            }
            Self::Mission {
                rules,
                side_bots,
                players,
            } => {
                let mission = rules
                    .mission
                    .as_ref()
                    .ok_or("the mission did not reach the race's rules")?;
                if !mission.players.iter().any(|n| usize::from(*n) == *players) {
                    return Err(format!(
                        "mission `{}` is not played by {players} players",
                        mission.name
                    ));
                }
                let setup =
                    crate::rules::RaceSetup::for_mission(&rules.content, mission, *players, seed);
                let teams: Vec<_> = setup.players.iter().map(|p| p.team.clone()).collect();
                let mut spec = BatchSpec::new(
                    Arc::clone(rules),
                    &teams,
                    vec![others.clone(); *players],
                    races,
                    seed,
                )
                .map_err(|e| e.to_string())?;
                let mut bots = side_bots.clone();
                bots.resize(mission.sides.len(), None);
                for (k, side) in self.open_sides().into_iter().enumerate() {
                    bots[side] = Some(if k == subject { mine } else { others }.clone());
                }
                spec.side_bots = bots;
                let fold = fold_shard(&spec, Shard::WHOLE, threads, false, &|_| {}, cancel)?;
                let stats = BatchStats::from_fold(&fold.fold, BTreeMap::new());
                let side = self.subjects().get(subject).cloned().unwrap_or_default();
                let wins = stats
                    .mission
                    .as_ref()
                    .and_then(|m| m.sides.get(&side))
                    .map_or(0, |s| s.wins);
                Ok((wins, races))
            }
        }
    }
}

/// Runs the analysis of `ground` by `plan` on `threads` threads (0: every core); `progress`
/// hears each arm done (of how many). `cancel` stops it within a race, with an error.
pub fn analyse(
    ground: &Ground,
    plan: &Plan,
    threads: usize,
    progress: &dyn Fn(usize, usize),
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<DesignReport, String> {
    let subjects = ground.subjects();
    let arms = subjects.len() * (3 + plan.options.len());
    let done = std::cell::Cell::new(0);
    let arm = |subject: usize, mine: &BotProfile, others: &BotProfile| {
        let played = ground.play(
            subject,
            (mine, others),
            (plan.races, plan.seed, threads),
            cancel,
        )?;
        if cancel() {
            return Err("stopped".to_owned());
        }
        done.set(done.get() + 1);
        progress(done.get(), arms);
        Ok::<_, String>(played)
    };
    let mut reports = Vec::with_capacity(subjects.len());
    for (k, subject) in subjects.iter().enumerate() {
        let (wins, races) = arm(k, &plan.strong, &plan.strong)?;
        let strong = arm(k, &plan.strong, &plan.weak)?;
        let weak = arm(k, &plan.weak, &plan.strong)?;
        let mut options = Vec::with_capacity(plan.options.len());
        for restriction in &plan.options {
            let mut restricted = plan.strong.clone();
            restricted.restrict = vec![restriction.clone()];
            let (kept, n) = arm(k, &restricted, &plan.strong)?;
            let win_rate = wilson(kept, n);
            let unrestricted = wins as f64 / races.max(1) as f64;
            options.push(OptionValue {
                restriction: restriction.clone(),
                words: restriction.words(),
                win_rate,
                // B minus A: what it wins with the option minus what it wins without.
                value: proportion_difference(kept, n, wins, races),
                dominant: dominant(win_rate, unrestricted, plan.dominant_share),
            });
        }
        reports.push(SubjectReport {
            subject: subject.clone(),
            fair: ground.fair(subjects.len()),
            win_rate: wilson(wins, races),
            strong_against_weak: wilson(strong.0, strong.1),
            weak_against_strong: wilson(weak.0, weak.1),
            skill_gap: proportion_difference(weak.0, weak.1, strong.0, strong.1),
            options,
        });
    }
    Ok(DesignReport {
        strong: plan.strong.id.to_string(),
        weak: plan.weak.id.to_string(),
        races: plan.races,
        seed: plan.seed,
        subjects: reports,
    })
}

/// Whether an option is dominant: the subject without it (winning `without`) wins less than
/// `share` of what it wins with it (`with`), beyond noise (the whole 95% interval below).
#[must_use]
pub fn dominant(without: Interval, with: f64, share: f64) -> bool {
    without.high < share * with
}

/// The options worth measuring under `rules`: firing, ramming, every race card kind, and every
/// kind of ground the track has but its commonest.
#[must_use]
pub fn options_of(rules: &RaceRules) -> Vec<Restriction> {
    let mut options = vec![Restriction::NoFire, Restriction::NoRam];
    options.extend(
        rules
            .content
            .race_deck
            .iter()
            .map(|card| Restriction::NoCard(card.id.clone())),
    );
    let track = &rules.track;
    let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
    for space in track.space_ids() {
        *counts
            .entry(usize::from(track.space(space).kind.0))
            .or_default() += 1;
    }
    let commonest = counts.iter().max_by_key(|(_, n)| **n).map(|(k, _)| *k);
    for (&kind, _) in counts.iter().filter(|(k, _)| Some(**k) != commonest) {
        let id = track.terrain().kinds()[kind].id.clone();
        options.push(Restriction::AvoidGround(id));
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An option is dominant only when the subject without it wins less than the share of
    /// what it wins with it at the top of its 95% interval: a drop within noise is not.
    #[test]
    fn an_option_is_dominant_only_when_its_loss_is_shown_beyond_noise() {
        // 60% with it; without it 20 of 100 (11.6% to 30.8%, under half of 60%).
        assert!(dominant(wilson(20, 100), 0.6, 0.5));
        // 25 of 100 reaches 34.1%, above half of 60%: not shown.
        assert!(!dominant(wilson(25, 100), 0.6, 0.5));
        // 2 of 10 is as low a rate as 20 of 100, but its interval reaches 51%.
        assert!(!dominant(wilson(2, 10), 0.6, 0.5));
        // A designer's stricter share.
        assert!(!dominant(wilson(20, 100), 0.6, 0.3));
    }
}
