//! Design metrics: is a race exciting? Measures computed over a race's event stream, after the
//! game-design literature (Browne 2008; Ludii's `Evaluation/src/metrics`: lead change, drama,
//! decisiveness; TAG's game metrics: leader gap, decision points), summed over a batch with
//! their 95% intervals.
//!
//! # Decisions taken (the rulebook says nothing of them)
//! - A player's **standing** is the VP they have claimed (finish line and kills, returns
//!   subtracted). The **leader** is the one player with strictly the most; a tie at the top is
//!   a shared lead and no leader. No positional tie-break: on a track, VP are the score, and a
//!   shared lead is honest where a tie-break would invent a leader.
//! - The race is read **activation by activation** (a race card played): the unit a player
//!   waits through at the table, and the moments standings are sampled at (before each card
//!   played, and once at the end).
//!
//! # The metrics of one race
//! - **Lead changes**: times the leader becomes a different player than the last leader (the
//!   first leader is not a change); also per turn.
//! - **Drama**: how far behind the eventual winner stood, averaged over the activations where
//!   they were behind the top: the gap to the top, as a share of the VP a player needs to win
//!   (the ruleset's pool). 0 when the winner was never behind.
//! - **Decisiveness**: the share of the race's activations before the winner took the lead
//!   for good (1 when they only led at the very end).
//! - **Comeback at half / at three quarters**: the winner was not the leader at the activation
//!   half (three quarters) of the way through the race.
//! - **Closeness**: the VP between first and second at the end.
//! - **Eliminations per turn**.
//! - **Downtime**: other players' activations between two of a player's own, averaged over
//!   the players and their waits.
//!
//! Drama, decisiveness and the comebacks need a winner: a drawn race has none of them. Nor
//! has a mission race a side won: its teams win together, often on an objective that no VP
//! standing shows (a car escorted home), so "how far behind the winner stood" has no one
//! winner to follow and no standing that says who was ahead. They are left out of such races
//! (a batch's figures are over the races that have them); the other metrics stay on the VP
//! standings. The simulation screen's Mission view and `simulate --mission` give a mission's
//! own figures: each side's wins, each objective's completion, the races the turn limit ended.

use crate::rules::{Race, RaceEvent, RaceResult};

/// The design metrics of one race (`None`: not defined for it, as drama for a draw).
#[derive(Clone, Copy, PartialEq, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct RaceMetrics {
    /// Times the leader changed.
    pub lead_changes: u32,
    /// Lead changes per turn.
    pub lead_changes_per_turn: f64,
    /// The winner's mean gap to the top while behind, as a share of the VP to win.
    pub drama: Option<f64>,
    /// The share of the race before the winner led for good.
    pub decisiveness: Option<f64>,
    /// Whether the winner was not leading half-way.
    pub comeback_half: Option<bool>,
    /// Whether the winner was not leading three quarters of the way.
    pub comeback_three_quarters: Option<bool>,
    /// First's VP minus second's at the end.
    pub closeness: u32,
    /// Eliminations per turn.
    pub eliminations_per_turn: f64,
    /// Other players' activations between two of a player's own.
    pub downtime: Option<f64>,
}

/// A race as the metrics read it: who played each activation, the VP each player had claimed
/// before it (and, last, at the end), the winner, the turns, the eliminations and the VP to win.
#[derive(Clone, PartialEq, Debug)]
pub struct Timeline {
    /// The player of each activation, in order.
    pub activations: Vec<usize>,
    /// Claimed VP by player before each activation, then at the end: one more than
    /// `activations`.
    pub standings: Vec<Vec<u32>>,
    /// The winner.
    pub winner: Option<usize>,
    /// Turns played.
    pub turns: u32,
    /// Cars eliminated.
    pub eliminations: u32,
    /// The VP a player needs to win (the pool).
    pub to_win: u32,
}

impl Timeline {
    /// Reads a finished race's events.
    #[must_use]
    pub fn of(race: &Race) -> Self {
        let players = race.players().len();
        let mut claimed = vec![0u32; players];
        let mut activations = Vec::new();
        let mut standings = Vec::new();
        let mut eliminations = 0;
        let mut pool = 0;
        for event in race.events() {
            match event {
                RaceEvent::RaceStarted { pool: p, .. } => pool = *p,
                RaceEvent::CardPlayed { seat, .. } => {
                    standings.push(claimed.clone());
                    activations.push(seat.index());
                }
                RaceEvent::VpClaimed { seat, amount, .. } => {
                    if let Some(vp) = claimed.get_mut(seat.index()) {
                        *vp += amount;
                    }
                }
                RaceEvent::VpReturned { seat, .. } => {
                    if let Some(vp) = claimed.get_mut(seat.index()) {
                        *vp = vp.saturating_sub(1);
                    }
                }
                RaceEvent::Eliminated { .. } => eliminations += 1,
                _ => {}
            }
        }
        standings.push(claimed);
        Self {
            activations,
            standings,
            winner: match race.result() {
                Some(RaceResult::Winner(player)) => Some(player.index()),
                _ => None,
            },
            turns: race.turn(),
            eliminations,
            to_win: pool,
        }
    }

    /// The metrics of the race.
    #[must_use]
    pub fn metrics(&self) -> RaceMetrics {
        let leaders: Vec<Option<usize>> = self.standings.iter().map(|s| leader(s)).collect();
        let mut lead_changes = 0;
        let mut last = None;
        for leader in leaders.iter().flatten() {
            if last.is_some_and(|last| last != *leader) {
                lead_changes += 1;
            }
            last = Some(*leader);
        }
        let turns = f64::from(self.turns.max(1));
        let closeness = self.standings.last().map_or(0, |end| {
            let mut sorted = end.clone();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            sorted[0].saturating_sub(sorted.get(1).copied().unwrap_or(0))
        });
        let mut metrics = RaceMetrics {
            lead_changes,
            lead_changes_per_turn: f64::from(lead_changes) / turns,
            closeness,
            eliminations_per_turn: f64::from(self.eliminations) / turns,
            downtime: self.downtime(),
            ..RaceMetrics::default()
        };
        if let Some(winner) = self.winner {
            metrics.drama = Some(self.drama(winner));
            // The last sample the winner did not lead at; the lead for good starts after it.
            let samples = leaders.len();
            let for_good = leaders
                .iter()
                .rposition(|l| *l != Some(winner))
                .map_or(0, |i| i + 1);
            #[allow(clippy::cast_precision_loss)] // Activations are few.
            let share = for_good.min(samples - 1) as f64 / (samples - 1).max(1) as f64;
            metrics.decisiveness = Some(share);
            let at = |fraction: f64| {
                #[allow(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    clippy::cast_precision_loss
                )]
                let index = ((samples - 1) as f64 * fraction).floor() as usize;
                leaders[index] != Some(winner)
            };
            metrics.comeback_half = Some(at(0.5));
            metrics.comeback_three_quarters = Some(at(0.75));
        }
        metrics
    }

    /// The winner's mean gap to the top over the samples where they were behind it, as a share
    /// of the VP to win.
    fn drama(&self, winner: usize) -> f64 {
        let gaps: Vec<u32> = self
            .standings
            .iter()
            .filter_map(|s| {
                let top = s.iter().copied().max()?;
                let theirs = s.get(winner).copied()?;
                (theirs < top).then_some(top - theirs)
            })
            .collect();
        if gaps.is_empty() {
            return 0.0;
        }
        let mean = f64::from(gaps.iter().sum::<u32>())
            / f64::from(u32::try_from(gaps.len()).unwrap_or(u32::MAX));
        mean / f64::from(self.to_win.max(1))
    }

    /// Other players' activations between two of a player's own, averaged over every wait.
    fn downtime(&self) -> Option<f64> {
        let mut last_own: Vec<Option<usize>> = Vec::new();
        let (mut waited, mut waits) = (0usize, 0usize);
        for (index, &player) in self.activations.iter().enumerate() {
            if last_own.len() <= player {
                last_own.resize(player + 1, None);
            }
            if let Some(previous) = last_own[player] {
                waited += index - previous - 1;
                waits += 1;
            }
            last_own[player] = Some(index);
        }
        #[allow(clippy::cast_precision_loss)] // Activations are few.
        (waits > 0).then(|| waited as f64 / waits as f64)
    }
}

/// The one player with strictly the most VP, if there is one.
fn leader(standing: &[u32]) -> Option<usize> {
    let top = *standing.iter().max()?;
    let mut at_top = standing.iter().enumerate().filter(|(_, vp)| **vp == top);
    let (first, _) = at_top.next()?;
    at_top.next().is_none().then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two players; activations alternate 0, 1, 0, 1; standings before each and at the end.
    fn timeline(standings: &[[u32; 2]], winner: Option<usize>) -> Timeline {
        let activations = (0..standings.len() - 1).map(|i| i % 2).collect();
        Timeline {
            activations,
            standings: standings.iter().map(|s| s.to_vec()).collect(),
            winner,
            turns: 2,
            eliminations: 1,
            to_win: 4,
        }
    }

    /// Player 0 leads, player 1 overtakes and wins: one lead change; the winner was behind by
    /// 1 at one of five samples (drama 1/4 of the VP to win); they led for good from the fourth
    /// sample (decisiveness 3/4); not leading half-way, leading at three quarters.
    #[test]
    fn a_comeback_is_one_lead_change_with_drama() {
        let race = timeline(&[[0, 0], [1, 0], [1, 1], [1, 2], [1, 4]], Some(1));
        let metrics = race.metrics();
        assert_eq!(metrics.lead_changes, 1);
        assert!((metrics.lead_changes_per_turn - 0.5).abs() < 1e-9);
        assert_eq!(metrics.drama, Some(0.25));
        assert_eq!(metrics.decisiveness, Some(0.75));
        assert_eq!(
            metrics.comeback_half,
            Some(true),
            "a shared lead is no lead"
        );
        assert_eq!(metrics.comeback_three_quarters, Some(false));
        assert_eq!(metrics.closeness, 3);
        assert!((metrics.eliminations_per_turn - 0.5).abs() < 1e-9);
        assert_eq!(
            metrics.downtime,
            Some(1.0),
            "one other activation between own ones"
        );
    }

    /// A winner ahead from the first VP on: no lead change, no drama, decided early; a draw has
    /// no winner's metrics.
    #[test]
    fn a_runaway_and_a_draw() {
        let runaway = timeline(&[[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]], Some(0)).metrics();
        assert_eq!(runaway.lead_changes, 0);
        assert_eq!(runaway.drama, Some(0.0));
        assert_eq!(runaway.decisiveness, Some(0.25));
        assert_eq!(runaway.comeback_half, Some(false));
        let draw = timeline(&[[0, 0], [1, 1], [1, 1]], None).metrics();
        assert_eq!(
            (draw.drama, draw.decisiveness, draw.comeback_half),
            (None, None, None)
        );
        assert_eq!(draw.closeness, 0);
    }

    /// A tuning spec names metrics by the ids its file format lists: the same ids as here.
    #[test]
    fn the_tuning_format_lists_every_metric() {
        let ids: Vec<&str> = METRICS.iter().map(|m| m.id).collect();
        assert_eq!(ids, crate::content::tuning::METRIC_IDS);
    }

    #[test]
    fn the_leader_is_the_one_player_strictly_ahead() {
        assert_eq!(leader(&[0, 0, 0]), None);
        assert_eq!(leader(&[2, 3, 3]), None);
        assert_eq!(leader(&[2, 3, 1]), Some(1));
    }
}

/// One design metric as a batch reports it: its id, its name, what it measures (one sentence,
/// for the docs, the CLI and the studio's hover), and its value in a race.
#[derive(Clone, Copy, Debug)]
pub struct MetricDef {
    /// A stable id (`lead_changes`), for JSON and scripts.
    pub id: &'static str,
    /// Its name.
    pub name: &'static str,
    /// What it measures.
    pub definition: &'static str,
    /// Its value in a race, when defined there.
    pub value: fn(&RaceMetrics) -> Option<f64>,
}

const fn metric(
    id: &'static str,
    name: &'static str,
    definition: &'static str,
    value: fn(&RaceMetrics) -> Option<f64>,
) -> MetricDef {
    MetricDef {
        id,
        name,
        definition,
        value,
    }
}

/// Every design metric, in the order reports list them.
pub const METRICS: [MetricDef; 9] = [
    metric(
        "lead_changes",
        "Lead changes per race",
        "Times the leader (the one player with strictly the most VP claimed) became another player.",
        |m| Some(f64::from(m.lead_changes)),
    ),
    metric(
        "lead_changes_per_turn",
        "Lead changes per turn",
        "Lead changes divided by the race's turns.",
        |m| Some(m.lead_changes_per_turn),
    ),
    metric(
        "drama",
        "Drama",
        "How far behind the top the eventual winner stood while behind, as a share of the VP to win, averaged over those moments (Ludii's drama on standings; 0 if never behind).",
        |m| m.drama,
    ),
    metric(
        "decisiveness",
        "Decisiveness",
        "The share of the race (in activations) before the winner took the lead for good: near 1, decided at the end.",
        |m| m.decisiveness,
    ),
    metric(
        "comeback_half",
        "Comeback from half-way",
        "The share of races won by a player who was not leading half-way through.",
        |m| m.comeback_half.map(f64::from),
    ),
    metric(
        "comeback_three_quarters",
        "Comeback from three quarters",
        "The share of races won by a player who was not leading three quarters of the way through.",
        |m| m.comeback_three_quarters.map(f64::from),
    ),
    metric(
        "closeness",
        "Closeness (VP gap at the end)",
        "VP claimed by the first player minus the second at the end.",
        |m| Some(f64::from(m.closeness)),
    ),
    metric(
        "eliminations_per_turn",
        "Eliminations per turn",
        "Cars eliminated divided by the race's turns.",
        |m| Some(m.eliminations_per_turn),
    ),
    metric(
        "downtime",
        "Downtime",
        "Other players' activations between two of a player's own, averaged over every wait.",
        |m| m.downtime,
    ),
];

/// The fixed-point scale metric values are summed at: sums stay integers, so a batch folds
/// exactly in any order and on any number of threads.
pub const SCALE: f64 = 1_000_000.0;
