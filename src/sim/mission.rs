//! Loading a mission for a race: its file, the content and track it names (relative to it),
//! its check against them at its own lines, and the rules of a race that plays it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::load::{LoadRaceError, LoadedRace, load_race, sha256};
use super::profiles::profiles_in;
use crate::content::bot_profile::BotProfile;
use crate::content::mission::Mission;
use crate::content::{Document, Format};
use crate::rules::{RaceRules, RaceSetup};
use crate::validate::locate::Needle;
use crate::validate::mission::CheckedMission;
use crate::validate::report::FileReport;
use crate::validate::{Diagnostic, sort_diagnostics};

/// A mission ready to race: the rules with the mission in them, and what it was read from.
#[derive(Clone, Debug)]
pub struct LoadedMission {
    /// The rules (the mission's deck changes, pool and clock made) and the identity of the
    /// content, the track and the mission.
    pub race: LoadedRace,
    /// The mission file.
    pub path: PathBuf,
    /// The content folder it names, resolved.
    pub content: PathBuf,
    /// The track file it names, resolved.
    pub track: PathBuf,
    /// The bot profile each side is always played by, side by side (`None`: whoever the race
    /// seats).
    pub side_bots: Vec<Option<BotProfile>>,
    /// Warnings its check found.
    pub warnings: Vec<Diagnostic>,
    /// The checked mission (the rules hold it too).
    checked: CheckedMission,
    /// The mission as its file says it, to play it on other content ([`Self::on`]).
    raw: Mission,
    /// The mission file's text, where findings about it point.
    source: crate::content::SourceFile,
    /// The mission file's canonical text's SHA-256.
    hash: String,
}

impl LoadedMission {
    /// The checked mission.
    #[must_use]
    pub fn mission(&self) -> &CheckedMission {
        &self.checked
    }

    /// The setup of a race of `players` (the mission's own count when `None`), refused with
    /// the counts it allows when it does not allow that one.
    pub fn setup(&self, players: Option<usize>, seed: u64) -> Result<RaceSetup, String> {
        let mission = self.mission();
        let players = players.unwrap_or_else(|| mission.default_players());
        if !mission.players.iter().any(|n| usize::from(*n) == players) {
            return Err(format!(
                "mission `{}` is played by {} players, not {players}",
                mission.name,
                mission
                    .players
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        Ok(RaceSetup::for_mission(
            &self.race.rules.content,
            mission,
            players,
            seed,
        ))
    }

    /// The rules of a race of this mission on other content or another track (`simulate
    /// --against`): the mission checked again against them, its problems there reported.
    pub fn on(&self, content: &Path, track: &Path) -> Result<LoadedRace, LoadRaceError> {
        let base = load_race(content, track, self.raw.ruleset.as_str())?;
        let checked =
            CheckedMission::from_mission(&self.raw, &base.rules.content, &base.rules.track)
                .map_err(LoadRaceError::Invalid)?;
        let rules = RaceRules::for_mission(&base.rules.content, base.rules.track.clone(), checked)?;
        let mut identity = base.identity;
        identity.mission.clone_from(&self.race.identity.mission);
        identity.mission_hash = Some(self.hash.clone());
        Ok(LoadedRace {
            rules: Arc::new(rules),
            identity,
        })
    }

    /// Each seat's bot profile for a race set up by `setup`: its side's, when the side is
    /// always played by one, else `default`.
    #[must_use]
    pub fn seat_profiles<'a>(
        &'a self,
        setup: &RaceSetup,
        default: impl Fn(usize) -> Option<&'a BotProfile>,
    ) -> Vec<Option<&'a BotProfile>> {
        setup
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| {
                side_bot(&self.race.rules, &self.side_bots, &p.team).or_else(|| default(seat))
            })
            .collect()
    }
}

/// The bot profile a team's side is always played by, of `side_bots` (side by side), in a race
/// of `rules`; `None` without a mission or when its side has none.
#[must_use]
pub fn side_bot<'a>(
    rules: &RaceRules,
    side_bots: &'a [Option<BotProfile>],
    team: &crate::content::text::Id,
) -> Option<&'a BotProfile> {
    let mission = rules.mission.as_ref()?;
    let index = rules.content.teams.iter().position(|t| t.id == *team)?;
    let side = mission.side_of_team(index)?;
    side_bots.get(side.index())?.as_ref()
}

/// Opens a mission file, the content and track it names, and checks the mission against them.
/// Diagnostics point into the mission file (or into the content, when that has errors).
pub fn load_mission(path: &Path) -> Result<LoadedMission, LoadRaceError> {
    let invalid = |diagnostics| LoadRaceError::Invalid(diagnostics);
    let loaded =
        Document::load(path).map_err(|e| invalid(vec![Diagnostic::from_load_error(&e)]))?;
    let Document::Mission(mission) = &loaded.document else {
        return Err(invalid(vec![Diagnostic::error_in(
            path,
            "not-a-mission",
            format!(
                "{} holds a {}, not a mission",
                path.display(),
                loaded.document.kind()
            ),
        )]));
    };
    let base = path.parent().unwrap_or(Path::new("."));
    let content_path = base.join(mission.content.as_str());
    let track_path = base.join(mission.track.as_str());
    let mut found = Vec::new();
    let base_race = match load_race(&content_path, &track_path, mission.ruleset.as_str()) {
        Ok(race) => race,
        Err(LoadRaceError::Invalid(diagnostics)) => {
            let mut report = FileReport::new(&loaded.source, &mut found);
            report.error(
                "mission-content",
                None,
                &[Needle::Field("content")],
                format!(
                    "the mission's content `{}` or track `{}` has errors: {} (listed below)",
                    mission.content,
                    mission.track,
                    errors_by_file(&diagnostics)
                ),
            );
            found.extend(diagnostics);
            return Err(invalid(found));
        }
        Err(LoadRaceError::Setup(e)) => {
            let mut report = FileReport::new(&loaded.source, &mut found);
            report.error(
                "unknown-ruleset",
                None,
                &[Needle::Field("ruleset")],
                e.to_string(),
            );
            return Err(invalid(found));
        }
    };
    let rules = &base_race.rules;
    let mut report = FileReport::new(&loaded.source, &mut found);
    let checked =
        crate::validate::mission::check(mission, &rules.content, &rules.track, &mut report);
    let side_bots = side_bots(mission, &profiles_in(&content_path), &mut report);
    sort_diagnostics(&mut found);
    let Some(checked) = checked.filter(|_| !found.iter().any(Diagnostic::is_error)) else {
        return Err(invalid(found));
    };
    let mission_rules =
        RaceRules::for_mission(&rules.content, rules.track.clone(), checked.clone())?;
    let hash = sha256(&loaded.document.to_text(Format::Ron).unwrap_or_default());
    let mut identity = base_race.identity.clone();
    identity.mission = Some(mission.name.to_string());
    identity.mission_hash = Some(hash.clone());
    Ok(LoadedMission {
        race: LoadedRace {
            rules: Arc::new(mission_rules),
            identity,
        },
        path: path.to_owned(),
        content: content_path,
        track: track_path,
        side_bots,
        warnings: found,
        checked,
        raw: mission.clone(),
        hash,
        source: loaded.source.clone(),
    })
}

/// A mission race from documents already loaded (the studio's, as edited): the rules of a race
/// of `mission` on `pack` and `track`, the mission checked against them (diagnostics point into
/// its canonical text, named `mission_path`), and the bot profile each side is always played
/// by, from the pack's profiles.
pub fn mission_from_documents(
    pack: &crate::content::RawPack,
    track: &crate::content::track::Track,
    mission: &Mission,
    mission_path: &Path,
) -> Result<(LoadedRace, Vec<Option<BotProfile>>), LoadRaceError> {
    let base = super::load::race_from_documents(pack, track, mission.ruleset.as_str())?;
    let text = Document::Mission(mission.clone())
        .to_text(Format::Ron)
        .unwrap_or_default();
    let source = crate::content::SourceFile::from_text(mission_path.to_owned(), text, Format::Ron);
    let profiles = super::profiles::profiles_of(pack);
    let mut found = Vec::new();
    let mut report = FileReport::new(&source, &mut found);
    let checked = crate::validate::mission::check(
        mission,
        &base.rules.content,
        &base.rules.track,
        &mut report,
    );
    let side_bots = side_bots(mission, &profiles, &mut report);
    sort_diagnostics(&mut found);
    let Some(checked) = checked.filter(|_| !found.iter().any(Diagnostic::is_error)) else {
        return Err(LoadRaceError::Invalid(found));
    };
    let rules = RaceRules::for_mission(&base.rules.content, base.rules.track.clone(), checked)?;
    let mut identity = base.identity;
    identity.mission = Some(mission.name.to_string());
    identity.mission_hash = Some(sha256(&source.text));
    Ok((
        LoadedRace {
            rules: Arc::new(rules),
            identity,
        },
        side_bots,
    ))
}

/// How many errors each file has, as a message says it: `2 in content/race_deck.ron, 1 in
/// tracks/oval.ron`.
fn errors_by_file(diagnostics: &[Diagnostic]) -> String {
    let mut counts: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for diagnostic in diagnostics.iter().filter(|d| d.is_error()) {
        let file = diagnostic
            .location
            .file
            .as_ref()
            .map_or_else(|| "the content".to_owned(), |f| f.display().to_string());
        *counts.entry(file).or_default() += 1;
    }
    counts
        .iter()
        .map(|(file, n)| format!("{n} in {file}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A mission file loaded and checked ([`load_mission`]), or what is wrong with it as
/// diagnostics.
pub fn open_checked(path: &Path) -> Result<LoadedMission, Vec<Diagnostic>> {
    load_mission(path).map_err(|e| match e {
        LoadRaceError::Invalid(diagnostics) => diagnostics,
        LoadRaceError::Setup(e) => {
            vec![Diagnostic::error_in(path, "mission-content", e.to_string())]
        }
    })
}

/// The bot profile of each side that names one, looked up among the content's `profiles` (by
/// id); a side naming a profile missing there is reported.
pub fn side_bots(
    mission: &Mission,
    profiles: &std::collections::BTreeMap<String, BotProfile>,
    report: &mut FileReport<'_>,
) -> Vec<Option<BotProfile>> {
    mission
        .sides
        .iter()
        .map(|side| {
            let id = side.bot.as_ref()?;
            let profile = profiles.get(id.as_str()).cloned();
            if profile.is_none() {
                report.error(
                    "unknown-bot-profile",
                    Some(crate::validate::ObjectRef::Side {
                        id: side.id.clone(),
                    }),
                    &[Needle::Value(side.id.as_str()), Needle::Value(id.as_str())],
                    format!(
                        "side `{}` is played by bot profile `{id}`, which the content lacks \
                         (it has: {})",
                        side.id,
                        profiles.keys().cloned().collect::<Vec<_>>().join(", ")
                    ),
                );
            }
            profile
        })
        .collect()
}

/// The fewest cars a side must lose in a mission's play check before the share its own side
/// destroyed is judged: fewer prove nothing.
pub const OWN_SIDE_LOSSES_AT_LEAST: u64 = 10;

/// What playing a mission showed: `validate --play` of a mission file.
#[derive(Clone, PartialEq, Debug)]
pub struct MissionPlay {
    /// Races played, at every player count the mission allows.
    pub races: usize,
    /// Its findings: a side that never won, an objective never met, races the turn limit
    /// ended.
    pub findings: Vec<Diagnostic>,
}

/// Plays `races` races of the mission at each player count it allows, with random bots (a side
/// the mission gives a bot is played by it), and reports what a designer should know: each side
/// should win at least once, each objective be met at least once, the turn limit end few
/// races, and no side lose most of its cars (at least [`OWN_SIDE_LOSSES_AT_LEAST`]) to its own
/// side. `None` when it was cancelled.
pub fn play_mission(
    loaded: &LoadedMission,
    races: usize,
    seed: u64,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &(dyn Fn() -> bool + Sync),
) -> Option<MissionPlay> {
    use super::batch::{BatchSpec, Shard, fold_shard};
    let random = BotProfile {
        kind: crate::content::kind::BotProfileKind::BotProfile,
        version: BotProfile::VERSION,
        id: crate::content::text::Id::from("random"),
        name: crate::content::text::Text::from("Random"),
        strategy: crate::content::bot_profile::Strategy::Random,
        search_limit: crate::content::bot_profile::DEFAULT_SEARCH_LIMIT,
        restrict: Vec::new(),
    };
    let mut fold = super::batch_fold::BatchFold::default();
    let mut done = 0;
    for &players in &loaded.mission().players {
        let setup = loaded.setup(Some(usize::from(players)), seed).ok()?;
        let teams: Vec<_> = setup.players.iter().map(|p| p.team.clone()).collect();
        let mut spec = BatchSpec::new(
            Arc::clone(&loaded.race.rules),
            &teams,
            vec![random.clone(); teams.len()],
            races,
            seed,
        )
        .ok()?;
        spec.side_bots.clone_from(&loaded.side_bots);
        let played = fold_shard(
            &spec,
            Shard::WHOLE,
            0,
            false,
            &|n| progress(done + n),
            cancel,
        )
        .ok()?;
        if (played.fold.races as usize) < races {
            return None;
        }
        done += races;
        fold.merge(&played.fold);
    }
    let played = fold.races as usize;
    Some(MissionPlay {
        races: played,
        findings: play_findings(loaded, &fold),
    })
}

/// What a mission's races showed, each a warning at the side, objective or turn limit.
fn play_findings(loaded: &LoadedMission, fold: &super::batch_fold::BatchFold) -> Vec<Diagnostic> {
    let mission = fold.mission.clone().unwrap_or_default();
    let played = fold.races as usize;
    let evidence = || crate::validate::diagnostic::PlayEvidence {
        races: played,
        seed: None,
        players: None,
        teams: Vec::new(),
        decision: None,
    };
    let mut findings = Vec::new();
    let mut finding = |code: &'static str, needle: Needle<'_>, message: String| {
        let mut report = FileReport::new(&loaded.source, &mut findings);
        report.warning(code, None, &[needle], message);
        if let Some(last) = findings.last_mut() {
            last.play = Some(evidence());
        }
    };
    // A neutral side wins nothing by design: only the sides that can win are asked.
    for side in loaded.mission().sides.iter().filter(|s| !s.neutral) {
        let (wins, seated) = mission
            .sides
            .get(side.id.as_str())
            .copied()
            .unwrap_or_default();
        if wins == 0 && seated > 0 {
            finding(
                "side-never-wins",
                Needle::Value(side.id.as_str()),
                format!(
                    "side `{}` won none of the {seated} races it played (random bots): can it win?",
                    side.id
                ),
            );
        }
    }
    for objective in &loaded.mission().objectives {
        let met: u64 = mission
            .objectives
            .get(objective.id.as_str())
            .map_or(0, |by_side| by_side.values().sum());
        if met == 0 {
            finding(
                "objective-never-met",
                Needle::Value(objective.id.as_str()),
                format!(
                    "objective `{}` was met in none of {played} races (random bots): is it \
                     reachable?",
                    objective.id
                ),
            );
        }
    }
    for side in &loaded.mission().sides {
        let Some(harm) = mission.harm.get(side.id.as_str()) else {
            continue;
        };
        let (lost, own) = (harm.lost.total(), harm.lost.own_side());
        if lost >= OWN_SIDE_LOSSES_AT_LEAST && own * 2 > lost {
            finding(
                "side-harms-itself",
                Needle::Value(side.id.as_str()),
                format!(
                    "side `{}` lost {lost} cars in {played} races (random bots), {own} of them \
                     ({:.0}%) to its own side's fire and collisions{}",
                    side.id,
                    100.0 * own as f64 / lost as f64,
                    match loaded.mission().friendly_fire {
                        crate::content::mission::FriendlyFire::Allowed => {
                            ": `friendly_fire: Forbidden` keeps a side's guns off its own cars"
                        }
                        crate::content::mission::FriendlyFire::Forbidden => {
                            " (friendly fire is forbidden: these are crossover collisions with its own cars)"
                        }
                    }
                ),
            );
        }
    }
    if mission.at_limit > 0 {
        finding(
            "races-end-at-turn-limit",
            Needle::Field("turn_limit"),
            format!(
                "{} of {played} races ({:.0}%) ran to the turn limit (random bots)",
                mission.at_limit,
                100.0 * mission.at_limit as f64 / played.max(1) as f64
            ),
        );
    }
    findings
}
