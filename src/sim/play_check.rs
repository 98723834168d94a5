//! Validation by play: the engine races the content a few hundred times with random bots and
//! reports what only play shows: spaces no car ever enters, fork branches never taken, chute or
//! off-track spots cars enter and never leave, races that stall, hit the turn limit or loop on
//! crossover collisions, cars that cannot move although the way ahead is clear, races without
//! a winner, race lengths out of range, a seat or a team mat winning far more or less than its
//! share, race cards never played and movement events never drawn.
//!
//! The races are the ones `roadwright race` plays: race `i` of a check seeded `s` is
//! `roadwright race --seed S --players P --teams ...` with the seed, players and teams each
//! finding names.
//!
//! Every finding is a [`Diagnostic`] with its own code, naming the space, sector, card or team,
//! placed in its file where it can be, and carrying [`PlayEvidence`]: the races played and, for
//! a finding one race shows, its seed, player count and decision, so `roadwright race` or the
//! studio can show it again.
//!
//! # Decisions taken here (the rulebook is silent; each is a field of [`PlayLimits`])
//! - Bots are random: they try every legal decision sooner or later, which is what coverage
//!   needs; no strategy hides a branch. Player counts cycle over the ruleset's range and teams
//!   rotate over the seats.
//! - A car stuck in the chute or an off-track spot is only reported when cars went in, in at
//!   least [`PlayLimits::stuck_races`] races, and none ever came out: never going in is normal
//!   in short races, and one car that went off track as its race ended proves nothing.
//! - Win shares are judged with a z-score against the fair share of each race (1/players),
//!   reported beyond 5 by default. Random bots do not play like people (with them the standard
//!   pack's Scrap Kings win about a fifth more than their share, z = 4.4 over 3,000 races,
//!   while the planner balance report has every team within 3 points), so this check is for
//!   gross imbalance: a team or a seat that cannot win, or cannot lose. Balance itself is
//!   measured with `simulate` and the planner.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;

use super::batch::race_seed;
use super::driver::{RaceError, Seats, play_race_within};
use crate::content::race_deck::LaneSide;
use crate::content::text::TerrainId;
use crate::content::{Document, LoadedDocument, RawPack};
use crate::rules::{Motion, Place, PlayerSetup, Race, RaceEvent, RaceResult, RaceRules, RaceSetup};
use crate::validate::checked::{Content, TerrainBook};
use crate::validate::checked_track::{CheckedTrack, SectorId, SpaceId};
use crate::validate::diagnostic::PlayEvidence;
use crate::validate::locate::Needle;
use crate::validate::report::FileReport;
use crate::validate::track::space_needles;
use crate::validate::{Diagnostic, ObjectRef, Severity, sort_diagnostics};

/// The thresholds of the play checks.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct PlayLimits {
    /// Races shorter than this on average (in turns) are reported.
    pub shortest_mean_turns: f64,
    /// Races longer than this on average are reported.
    pub longest_mean_turns: f64,
    /// Crossover collisions in one activation that count as a loop.
    pub crossover_loop: usize,
    /// The z-score beyond which a seat's or a team's wins are reported.
    pub win_share_z: f64,
    /// Decisions after which a race is abandoned as runaway.
    pub most_decisions: usize,
    /// Races in which cars must have gone into the chute or an off-track spot, without ever
    /// coming out, before it is reported.
    pub stuck_races: usize,
}

impl Default for PlayLimits {
    /// The standard pack's races last 8 to 25 turns on average on the sample tracks with random
    /// bots; the bounds leave a wide margin on either side.
    fn default() -> Self {
        Self {
            shortest_mean_turns: 3.0,
            longest_mean_turns: 80.0,
            crossover_loop: 12,
            win_share_z: 5.0,
            most_decisions: 200_000,
            stuck_races: 10,
        }
    }
}

/// How many races `validate --play` plays when not told.
pub const DEFAULT_PLAY_RACES: usize = 300;

/// The most races per track `validate --play=N` accepts: about a minute of random races per
/// track on one core, and a bound on the time a check can take.
pub const MOST_RACES: usize = 100_000;

/// What to play.
#[derive(Clone, Debug)]
pub struct PlayCheck<'a> {
    /// The rules of the race: content, checked track, ruleset.
    pub rules: Arc<RaceRules>,
    /// The track as loaded, so findings point at its lines.
    pub track: &'a LoadedDocument,
    /// The pack, so findings about cards and teams point at their files.
    pub pack: &'a RawPack,
    /// Races to play.
    pub races: usize,
    /// The batch seed (race `i` is seeded from it and `i`).
    pub seed: u64,
    /// The thresholds.
    pub limits: PlayLimits,
}

/// The tracks among `files` that pass the static checks against the pack's kinds of ground
/// (`terrain`), each with its checked form: what play can race.
#[must_use]
pub fn playable_tracks<'a>(
    files: &'a [LoadedDocument],
    terrain: &TerrainBook,
) -> Vec<(&'a LoadedDocument, CheckedTrack)> {
    files
        .iter()
        .filter_map(|file| match &file.document {
            Document::Track(track) => {
                Some((file, CheckedTrack::new(track, terrain, &file.source).ok()?))
            }
            _ => None,
        })
        .collect()
}

/// Plays each of `tracks` on checked `content` (read from `pack`, where findings about cards
/// and teams point) under `ruleset`, `races` races each from `seed`, counting races in
/// `progress` and stopping, with `None`, when `cancel` is set. A track the ruleset cannot be
/// set up on is a `play-setup` error of its own.
#[allow(clippy::too_many_arguments)] // The batch's what, where and how many, and its watch.
pub fn play_tracks(
    tracks: Vec<(&LoadedDocument, CheckedTrack)>,
    content: &Content,
    pack: &RawPack,
    ruleset: &str,
    races: usize,
    seed: u64,
    progress: &AtomicUsize,
    cancel: &AtomicBool,
) -> Option<Vec<Diagnostic>> {
    let mut found = Vec::new();
    for (file, checked) in tracks {
        match RaceRules::new(content.clone(), checked, ruleset) {
            Ok(rules) => {
                let check = PlayCheck {
                    rules: Arc::new(rules),
                    track: file,
                    pack,
                    races,
                    seed,
                    limits: PlayLimits::default(),
                };
                found.extend(check.run_watched(progress, cancel)?);
            }
            Err(error) => found.push(Diagnostic::error_in(
                &file.source.path,
                "play-setup",
                error.to_string(),
            )),
        }
    }
    Some(found)
}

/// What one race showed.
#[derive(Clone, Debug, Default)]
struct RaceTally {
    seed: u64,
    players: usize,
    teams: Vec<usize>,
    winner: Option<usize>,
    turns: u32,
    entered: BTreeSet<SpaceId>,
    branches: BTreeSet<(SpaceId, SpaceId)>,
    chute_in: bool,
    chute_out: bool,
    spots_in: BTreeSet<(SectorId, LaneSide)>,
    spots_out: BTreeSet<(SectorId, LaneSide)>,
    cards: BTreeSet<u16>,
    events: BTreeSet<u16>,
    /// Cars the ground eliminated, by space and, where a hazard changed the ground there
    /// first, the kind it left.
    wrecks: std::collections::BTreeMap<(SpaceId, Option<TerrainId>), usize>,
    /// The ground hazards changed in the race so far.
    changed: std::collections::BTreeMap<SpaceId, TerrainId>,
    /// A problem this race shows: code, message, and the decision where it shows when known
    /// (problems read from the event stream name their activation in the message instead).
    problem: Option<(&'static str, String, Option<usize>)>,
}

impl PlayCheck<'_> {
    /// Plays the races (in parallel; the findings do not depend on the number of threads) and
    /// returns the findings, sorted.
    #[must_use]
    pub fn run(&self) -> Vec<Diagnostic> {
        self.run_watched(&AtomicUsize::new(0), &AtomicBool::new(false))
            .unwrap_or_default()
    }

    /// [`Self::run`], counting the races finished in `progress` and stopping early, with
    /// `None`, once `cancel` is set (the studio runs it in the background).
    #[must_use]
    pub fn run_watched(
        &self,
        progress: &AtomicUsize,
        cancel: &AtomicBool,
    ) -> Option<Vec<Diagnostic>> {
        let tallies: Option<Vec<RaceTally>> = (0..self.races)
            .into_par_iter()
            .map(|index| {
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let tally = self.play(index);
                progress.fetch_add(1, Ordering::Relaxed);
                Some(tally)
            })
            .collect();
        Some(self.findings(&tallies?))
    }

    /// The setup of race `index` of the check: its player count, its teams rotated over the
    /// seats, its seed.
    #[must_use]
    pub fn setup(&self, index: usize) -> RaceSetup {
        let teams = self.rules.content.teams.len();
        let counts = &self.rules.ruleset.cars_by_players;
        let least = counts.keys().next().map_or(2, |&n| usize::from(n).max(2));
        let most = counts
            .keys()
            .next_back()
            .map_or(least, |&n| usize::from(n))
            .clamp(least, teams.max(least));
        let players = least + index % (most - least + 1);
        RaceSetup {
            players: (0..players)
                .map(|s| PlayerSetup {
                    team: self.rules.content.teams[(s + index) % teams.max(1)]
                        .id
                        .clone(),
                    cars: Vec::new(),
                })
                .collect(),
            seed: race_seed(self.seed, index),
            turn_limit: crate::rules::setup::DEFAULT_TURN_LIMIT,
        }
    }

    /// Plays race `index` to its end and tallies it.
    fn play(&self, index: usize) -> RaceTally {
        let setup = self.setup(index);
        let mut tally = RaceTally {
            seed: setup.seed,
            players: setup.players.len(),
            teams: setup
                .players
                .iter()
                .filter_map(|p| self.rules.content.teams.iter().position(|t| t.id == p.team))
                .collect(),
            ..RaceTally::default()
        };
        let mut race = match Race::new(Arc::clone(&self.rules), &setup) {
            Ok(race) => race,
            Err(error) => {
                tally.problem = Some(("play-setup", error.to_string(), None));
                return tally;
            }
        };
        let mut bots = Seats::random(setup.seed, setup.players.len());
        tally.problem =
            match play_race_within(&mut race, &mut bots, false, self.limits.most_decisions) {
                Ok(_) => None,
                Err(error @ RaceError::NoLegalDecision { decision, .. }) => {
                    Some(("no-legal-decision", error.to_string(), Some(decision)))
                }
                Err(error) => Some((
                    "play-runaway",
                    error.to_string(),
                    Some(race.decisions().len()),
                )),
            };
        tally.turns = race.turn();
        tally.winner = match race.result() {
            Some(RaceResult::Winner(player)) => Some(player.index()),
            _ => None,
        };
        if race.result() == Some(RaceResult::Draw) && tally.problem.is_none() {
            tally.problem = Some(if race.turn() >= setup.turn_limit {
                (
                    "turn-limit",
                    format!(
                        "the race reached the turn limit ({} turns) without a winner",
                        setup.turn_limit
                    ),
                    Some(race.decisions().len()),
                )
            } else {
                (
                    "race-without-winner",
                    format!("the race ended without a winner in turn {}", race.turn()),
                    Some(race.decisions().len()),
                )
            });
        }
        self.read_events(&race, &mut tally);
        tally
    }

    /// Tallies what the event stream shows: where cars went, cards played, events drawn, and
    /// crossover collisions repeating within one activation.
    fn read_events(&self, race: &Race, tally: &mut RaceTally) {
        let track = race.track();
        let mut collisions_in_activation = 0;
        let mut activation = 0;
        let mut stalls = StallWatch::new(race.cars().len());
        // A rolling road's removed tiles: a car eliminated off track beside one has left its
        // spot with the tile (it did not stay stuck there).
        let mut removed: Vec<crate::validate::laid_tiles::TilePlace> = Vec::new();
        for event in race.events() {
            if let RaceEvent::TileRemoved { tile, .. } = event {
                removed.push(*tile);
            }
            if let Some((car, space)) = stalls.see(event, track)
                && tally.problem.is_none()
            {
                tally.problem = Some((
                    "no-legal-movement",
                    format!(
                        "{} could not move from {} in activation {} although the way ahead \
                         was clear",
                        race.car_name(car),
                        track.at(space),
                        activation + 1
                    ),
                    None,
                ));
            }
            match event {
                RaceEvent::CardPlayed { card, .. } => {
                    tally.cards.insert(card.0);
                    collisions_in_activation = 0;
                    activation += 1;
                }
                RaceEvent::MovementEventDrawn { card } => {
                    tally.events.insert(card.0);
                }
                RaceEvent::GroundStruck {
                    space,
                    effect: crate::content::terrain::Effect::Eliminate,
                    ..
                } => {
                    let left = tally.changed.get(space).cloned();
                    *tally.wrecks.entry((*space, left)).or_default() += 1;
                }
                RaceEvent::GroundChanged { space, kind } => {
                    tally.changed.insert(*space, kind.clone());
                }
                RaceEvent::CrossoverCollision { .. } => {
                    collisions_in_activation += 1;
                    if collisions_in_activation == self.limits.crossover_loop
                        && tally.problem.is_none()
                    {
                        tally.problem = Some((
                            "crossover-loop",
                            format!(
                                "{collisions_in_activation} crossover collisions in activation {activation}"
                            ),
                            None,
                        ));
                    }
                }
                RaceEvent::CarMoved {
                    from, to, motion, ..
                } => {
                    if let Place::Track(space) = to {
                        tally.entered.insert(*space);
                    }
                    if let (Place::Track(a), Place::Track(b)) = (from, to)
                        && track.space(*a).next.contains(b)
                    {
                        tally.branches.insert((*a, *b));
                    }
                    match (from, to) {
                        (_, Place::Chute) if *motion != Motion::Eliminated => {
                            tally.chute_in = true;
                        }
                        (Place::Chute, Place::Track(_)) => tally.chute_out = true,
                        (_, Place::OffTrack { sector, side }) => {
                            tally.spots_in.insert((*sector, *side));
                        }
                        (Place::OffTrack { sector, side }, Place::Track(_)) => {
                            tally.spots_out.insert((*sector, *side));
                        }
                        (Place::OffTrack { sector, side }, Place::Destroyed)
                            if removed.contains(&track.laid_tiles().tile_of(*sector)) =>
                        {
                            tally.spots_out.insert((*sector, *side));
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
    }

    /// The findings of all the races together.
    fn findings(&self, tallies: &[RaceTally]) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let races = tallies.len();
        let evidence = PlayEvidence {
            races,
            seed: None,
            players: None,
            teams: Vec::new(),
            decision: None,
        };
        self.track_findings(tallies, &evidence, &mut out);
        self.wreck_findings(tallies, &evidence, &mut out);
        self.spot_findings(tallies, &evidence, &mut out);
        self.race_findings(tallies, &evidence, &mut out);
        self.content_findings(tallies, &evidence, &mut out);
        // One finding per problem code, from the first race that shows it.
        let mut shown: BTreeSet<&str> = BTreeSet::new();
        for tally in tallies {
            if let Some((code, message, decision)) = &tally.problem
                && shown.insert(code)
            {
                // A race without a winner (the engine ends one when no car is left to race)
                // is not in the rulebook but not broken either: worth a look. Every other
                // problem a single race shows stops races: an error.
                let severity = if *code == "race-without-winner" {
                    Severity::Warning
                } else {
                    Severity::Error
                };
                self.on_track(
                    &mut out,
                    severity,
                    code,
                    None,
                    &[],
                    message.clone(),
                    PlayEvidence {
                        races,
                        seed: Some(tally.seed),
                        players: Some(tally.players),
                        teams: tally
                            .teams
                            .iter()
                            .map(|&t| self.rules.content.teams[t].id.to_string())
                            .collect(),
                        decision: *decision,
                    },
                );
            }
        }
        sort_diagnostics(&mut out);
        out
    }

    /// Where the ground eliminated cars, space by space: what the designer's rocks did.
    fn wreck_findings(
        &self,
        tallies: &[RaceTally],
        evidence: &PlayEvidence,
        out: &mut Vec<Diagnostic>,
    ) {
        let Document::Track(track) = &self.track.document else {
            return;
        };
        let mut wrecks: std::collections::BTreeMap<(SpaceId, Option<TerrainId>), (usize, usize)> =
            std::collections::BTreeMap::new();
        for tally in tallies {
            for (key, cars) in &tally.wrecks {
                let (total, races) = wrecks.entry(key.clone()).or_default();
                *total += cars;
                *races += 1;
            }
        }
        let checked = &self.rules.track;
        for ((space, left), (cars, races)) in wrecks {
            let at = checked.at(space);
            // Ground a hazard left is named as such: the track's own ground there is another.
            let (kind, by_hazard) = match left
                .as_ref()
                .and_then(|id| checked.terrain().get(id.as_str()))
            {
                Some(kind) => (kind, " a hazard left"),
                None => (checked.terrain().kind(checked.space(space).kind), ""),
            };
            self.on_track(
                out,
                Severity::Warning,
                "ground-wrecks",
                Some(ObjectRef::Space { space: at }),
                &space_needles(track, at),
                format!(
                    "the {}{by_hazard} at {at} (`{}`) eliminated {cars} car(s) in {races} of {} races",
                    kind.name.as_str().to_lowercase(),
                    kind.id,
                    evidence.races
                ),
                evidence.clone(),
            );
        }
    }

    /// Spaces never entered and fork branches never taken.
    fn track_findings(
        &self,
        tallies: &[RaceTally],
        evidence: &PlayEvidence,
        out: &mut Vec<Diagnostic>,
    ) {
        let checked = &self.rules.track;
        let entered: BTreeSet<SpaceId> = union(tallies, |t| &t.entered);
        let branches: BTreeSet<(SpaceId, SpaceId)> = union(tallies, |t| &t.branches);
        let Document::Track(track) = &self.track.document else {
            return;
        };
        for space in checked.space_ids() {
            let at = checked.at(space);
            if !entered.contains(&space) {
                self.on_track(
                    out,
                    Severity::Warning,
                    "space-never-entered",
                    Some(ObjectRef::Space { space: at }),
                    &space_needles(track, at),
                    format!("no car entered space {at} in {} races", evidence.races),
                    evidence.clone(),
                );
            }
            let next = &checked.space(space).next;
            if next.len() > 1 {
                for &branch in next {
                    if !branches.contains(&(space, branch)) {
                        let to = checked.at(branch);
                        self.on_track(
                            out,
                            Severity::Warning,
                            "branch-never-taken",
                            Some(ObjectRef::Space { space: at }),
                            &space_needles(track, at),
                            format!(
                                "no car went from {at} to {to} in {} races: the fork's branch is never taken",
                                evidence.races
                            ),
                            evidence.clone(),
                        );
                    }
                }
            }
        }
    }

    /// The chute and the off-track spots: cars that went in and never came out.
    fn spot_findings(
        &self,
        tallies: &[RaceTally],
        evidence: &PlayEvidence,
        out: &mut Vec<Diagnostic>,
    ) {
        let checked = &self.rules.track;
        let Document::Track(track) = &self.track.document else {
            return;
        };
        let chute_in = tallies.iter().filter(|t| t.chute_in).count();
        let chute_out = tallies.iter().any(|t| t.chute_out);
        if chute_in >= self.limits.stuck_races && !chute_out {
            let at = checked.at(checked.chute().beside);
            self.on_track(
                out,
                Severity::Warning,
                "chute-never-left",
                Some(ObjectRef::Space { space: at }),
                &[Needle::Field("chute")],
                format!(
                    "cars entered the chute beside {at} in {chute_in} races but none ever left it"
                ),
                evidence.clone(),
            );
        }
        let mut spots_in: std::collections::BTreeMap<(SectorId, LaneSide), usize> =
            std::collections::BTreeMap::new();
        for spot in tallies.iter().flat_map(|t| t.spots_in.iter()) {
            *spots_in.entry(*spot).or_default() += 1;
        }
        let spots_out: BTreeSet<(SectorId, LaneSide)> = union(tallies, |t| &t.spots_out);
        let stuck = spots_in.iter().filter(|(spot, races)| {
            **races >= self.limits.stuck_races && !spots_out.contains(spot)
        });
        for ((sector, side), races_in) in stuck {
            let s = checked.sector(*sector);
            let first = checked.at(s.spaces[0]);
            self.on_track(
                out,
                Severity::Warning,
                "off-track-never-left",
                Some(ObjectRef::Sector {
                    sector: first.sector_ref(),
                }),
                &space_needles(track, first),
                format!(
                    "cars went off track on the {} of sector {} in {races_in} races but none came back",
                    format!("{side:?}").to_lowercase(),
                    first.sector_ref(),
                ),
                evidence.clone(),
            );
        }
    }

    /// How long races last, and how the first seat fares.
    fn race_findings(
        &self,
        tallies: &[RaceTally],
        evidence: &PlayEvidence,
        out: &mut Vec<Diagnostic>,
    ) {
        let turns: f64 =
            tallies.iter().map(|t| f64::from(t.turns)).sum::<f64>() / tallies.len().max(1) as f64;
        if !tallies.is_empty()
            && (turns < self.limits.shortest_mean_turns || turns > self.limits.longest_mean_turns)
        {
            self.on_track(
                out,
                Severity::Warning,
                "race-length",
                None,
                &[],
                format!(
                    "races last {turns:.1} turns on average, outside {}-{}",
                    self.limits.shortest_mean_turns, self.limits.longest_mean_turns
                ),
                evidence.clone(),
            );
        }
        // The first seat: its wins against its fair share, race by race.
        let (wins, share, variance) = win_share(tallies, |_| Some(0));
        if let Some(z) = z_score(wins, share, variance)
            && z.abs() > self.limits.win_share_z
        {
            self.on_track(
                out,
                Severity::Warning,
                "first-seat-advantage",
                None,
                &[],
                format!(
                    "with random bots the first seat won {wins:.0} races where its fair share is {share:.0} (z = {z:.1})"
                ),
                evidence.clone(),
            );
        }
    }

    /// Cards never played, movement events never drawn, team mats winning out of share.
    fn content_findings(
        &self,
        tallies: &[RaceTally],
        evidence: &PlayEvidence,
        out: &mut Vec<Diagnostic>,
    ) {
        let content = &self.rules.content;
        let played: BTreeSet<u16> = union(tallies, |t| &t.cards);
        let drawn: BTreeSet<u16> = union(tallies, |t| &t.events);
        let file = |pick: fn(&Document) -> bool| self.pack.files.iter().find(|f| pick(&f.document));
        let race_cards: Vec<(&str, ObjectRef)> = content
            .race_deck
            .iter()
            .map(|c| (c.id.as_str(), ObjectRef::RaceCard { id: c.id.clone() }))
            .collect();
        let events: Vec<(&str, ObjectRef)> = content
            .movement_events
            .iter()
            .map(|c| (c.id.as_str(), ObjectRef::MovementEvent { id: c.id.clone() }))
            .collect();
        if let Some(deck) = file(|d| matches!(d, Document::RaceDeck(_))) {
            let seen = (&played, "card-never-played", "race card", "played");
            never_seen(deck, out, race_cards, seen, evidence);
        }
        if let Some(deck) = file(|d| matches!(d, Document::MovementEventDeck(_))) {
            let seen = (&drawn, "event-never-drawn", "movement event", "drawn");
            never_seen(deck, out, events, seen, evidence);
        }
        if let Some(mats) = file(|d| matches!(d, Document::TeamMats(_))) {
            for (index, team) in content.teams.iter().enumerate() {
                let (wins, share, variance) =
                    win_share(tallies, |t| t.teams.iter().position(|&x| x == index));
                if let Some(z) = z_score(wins, share, variance)
                    && z.abs() > self.limits.win_share_z
                {
                    push_play(
                        mats,
                        out,
                        Severity::Warning,
                        "team-win-share",
                        Some(ObjectRef::Team {
                            id: team.id.clone(),
                        }),
                        &[Needle::Value(team.id.as_str())],
                        format!(
                            "with random bots team `{}` won {wins:.0} races where its fair share is {share:.0} (z = {z:.1})",
                            team.id
                        ),
                        evidence.clone(),
                    );
                }
            }
        }
    }

    /// A finding placed in the track's file.
    #[allow(clippy::too_many_arguments)] // Each is one part of a diagnostic.
    fn on_track(
        &self,
        out: &mut Vec<Diagnostic>,
        severity: Severity,
        code: &'static str,
        object: Option<ObjectRef>,
        needles: &[Needle<'_>],
        message: String,
        evidence: PlayEvidence,
    ) {
        push_play(
            self.track, out, severity, code, object, needles, message, evidence,
        );
    }
}

/// A finding of play placed in `file`.
#[allow(clippy::too_many_arguments)] // Each is one part of a diagnostic.
fn push_play(
    file: &LoadedDocument,
    out: &mut Vec<Diagnostic>,
    severity: Severity,
    code: &'static str,
    object: Option<ObjectRef>,
    needles: &[Needle<'_>],
    message: String,
    evidence: PlayEvidence,
) {
    FileReport::new(&file.source, out).push(severity, code, object, needles, message);
    if let Some(last) = out.last_mut() {
        last.play = Some(evidence);
    }
}

/// Everything any race saw of one kind.
fn union<T: Ord + Copy>(
    tallies: &[RaceTally],
    seen: impl Fn(&RaceTally) -> &BTreeSet<T>,
) -> BTreeSet<T> {
    tallies
        .iter()
        .flat_map(|t| seen(t).iter().copied())
        .collect()
}

/// Follows the event stream for movements that end without a single step, MP lost, while the
/// spaces ahead of the car are empty: nothing on the board stops the car, so the track (or the
/// engine) does. Where every car is comes from the stream's moves alone.
struct StallWatch {
    places: Vec<Place>,
    stepped: bool,
}

impl StallWatch {
    fn new(cars: usize) -> Self {
        Self {
            places: vec![Place::Reserve; cars],
            stepped: false,
        }
    }

    /// Takes in one event; the car and its space when the event ends such a movement.
    fn see(
        &mut self,
        event: &RaceEvent,
        track: &crate::validate::checked_track::CheckedTrack,
    ) -> Option<(crate::rules::CarId, SpaceId)> {
        match event {
            RaceEvent::CardPlayed { .. } => self.stepped = false,
            RaceEvent::Step { .. } => self.stepped = true,
            RaceEvent::CarMoved { car, to, .. } => {
                if let Some(place) = self.places.get_mut(car.index()) {
                    *place = *to;
                }
            }
            RaceEvent::MovementEnded { car, mp_lost } if !self.stepped && *mp_lost > 0 => {
                let Some(Place::Track(space)) = self.places.get(car.index()).copied() else {
                    return None;
                };
                let clear = track
                    .space(space)
                    .next
                    .iter()
                    .all(|next| !self.places.contains(&Place::Track(*next)));
                return clear.then_some((*car, space));
            }
            _ => {}
        }
        None
    }
}

/// Wins of a seat (given race by race; `None` when it was not at the table), against its fair
/// share: observed wins, expected wins, and the variance of that expectation.
fn win_share(tallies: &[RaceTally], seat: impl Fn(&RaceTally) -> Option<usize>) -> (f64, f64, f64) {
    tallies.iter().filter_map(|t| Some((t, seat(t)?))).fold(
        (0.0, 0.0, 0.0),
        |(w, e, v), (t, seat)| {
            let p = 1.0 / t.players as f64;
            (
                w + f64::from(u8::from(t.winner == Some(seat))),
                e + p,
                v + p * (1.0 - p),
            )
        },
    )
}

/// A warning for each card of a deck that play never saw: `seen` is the kinds that were, the
/// finding's code, and the card's noun and the verb that says what never happened to it.
fn never_seen(
    file: &LoadedDocument,
    out: &mut Vec<Diagnostic>,
    cards: Vec<(&str, ObjectRef)>,
    (seen, code, noun, verb): (&BTreeSet<u16>, &'static str, &str, &str),
    evidence: &PlayEvidence,
) {
    for (kind, (id, object)) in cards.into_iter().enumerate() {
        if !u16::try_from(kind).is_ok_and(|kind| seen.contains(&kind)) {
            push_play(
                file,
                out,
                Severity::Warning,
                code,
                Some(object),
                &[Needle::Value(id)],
                format!("{noun} `{id}` was never {verb} in {} races", evidence.races),
                evidence.clone(),
            );
        }
    }
}

/// How many standard deviations `observed` lies from `expected`, when there is any spread.
fn z_score(observed: f64, expected: f64, variance: f64) -> Option<f64> {
    (variance > 0.0).then(|| (observed - expected) / variance.sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CarId, PlayerId};
    use crate::validate::checked_track::CheckedTrack;

    fn oval() -> CheckedTrack {
        crate::validate::open::open_track(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tracks/oval.ron"),
            &crate::validate::checked::TerrainBook::standard(),
        )
        .expect("the oval")
    }

    fn moved(car: u16, to: SpaceId) -> RaceEvent {
        RaceEvent::CarMoved {
            car: CarId(car),
            from: Place::Reserve,
            to: Place::Track(to),
            motion: Motion::Grid,
        }
    }

    fn played(car: u16) -> RaceEvent {
        RaceEvent::CardPlayed {
            seat: PlayerId(0),
            car: CarId(car),
            card: crate::rules::RaceCard(0),
            mp: 3,
            ram_as_lead: false,
        }
    }

    /// A car that loses its MP without a step while the spaces ahead are empty is reported;
    /// one boxed in by a car ahead, or one that took a step, is not.
    #[test]
    fn a_movement_ending_without_a_step_on_a_clear_way_is_a_stall() {
        let track = oval();
        let start = track.space_ids().next().expect("a space");
        let ahead = track.space(start).next[0];
        let ended = RaceEvent::MovementEnded {
            car: CarId(0),
            mp_lost: 3,
        };

        let mut watch = StallWatch::new(2);
        for event in [moved(0, start), played(0)] {
            assert_eq!(watch.see(&event, &track), None);
        }
        assert_eq!(watch.see(&ended, &track), Some((CarId(0), start)));

        let mut boxed_in = StallWatch::new(2);
        for event in [moved(0, start), moved(1, ahead), played(0)] {
            boxed_in.see(&event, &track);
        }
        assert_eq!(boxed_in.see(&ended, &track), None, "a car ahead stops it");

        let mut stepped = StallWatch::new(2);
        let step = RaceEvent::Step {
            car: CarId(0),
            step: crate::rules::Step::Diagonal {
                to: ahead,
                tail: smallvec::SmallVec::new(),
            },
            mp_left: 2,
        };
        for event in [moved(0, start), played(0), step] {
            stepped.see(&event, &track);
        }
        assert_eq!(stepped.see(&ended, &track), None, "it moved");
    }
}
