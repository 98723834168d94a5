//! Checks of a tuning spec: on its own ([`check`]: something to change, something to aim at,
//! ranges that hold a value and that the rules accept, weights that are numbers, metrics that
//! exist, a field and a budget that can be played), and against the files it names
//! ([`check_files`]: the content folder and the track exist and can be played, and every card,
//! team, car, weapon type, bot profile and ruleset it names is in the pack). `roadwright
//! validate` runs both; `roadwright tune` refuses a spec with any error either finds, so the
//! two never disagree.

use std::ops::RangeInclusive;
use std::path::Path;

use super::limits::{BASE_MP_RANGE, MAX_CARD_COUNT, MAX_DEFENSE, SPEED_RANGE};
use super::locate::Needle;
use super::report::FileReport;
use crate::content::mission_tuning::MissionParameter;
use crate::content::tuning::{
    Confirm, METRIC_IDS, MIN_CONFIRM_RACES, Objective, Parameter, TuningSpec, Value,
};
use crate::content::{Document, RawPack};

/// The most races a spec may budget: a search beyond it is a typo, not a plan.
pub const MAX_BUDGET: u32 = 10_000_000;

/// The most parameters a spec may let change: the search keeps a table of every value of every
/// parameter, and a thousand is already far beyond what a budget can explore.
pub const MAX_PARAMETERS: usize = 1_000;

/// Checks `spec`, reporting each problem with the field it is in.
pub fn check(spec: &TuningSpec, report: &mut FileReport<'_>) {
    if spec.parameters.is_empty() {
        report.error(
            "tuning-empty",
            None,
            &[Needle::Field("parameters")],
            "the spec lets nothing change: name at least one parameter".to_owned(),
        );
    }
    if spec.objectives.is_empty() {
        report.error(
            "tuning-empty",
            None,
            &[Needle::Field("objectives")],
            "the spec aims at nothing: name at least one objective".to_owned(),
        );
    }
    if !(2..=10).contains(&spec.players) {
        report.error(
            "tuning-players",
            None,
            &[Needle::Field("players")],
            format!("{} players: races have 2 to 10", spec.players),
        );
    }
    if spec.bots.is_empty()
        || (spec.bots.len() != 1 && spec.bots.len() != usize::from(spec.players))
    {
        report.error(
            "tuning-players",
            None,
            &[Needle::Field("bots")],
            format!(
                "{} bot profiles for {} players: name one for every seat, or one for all",
                spec.bots.len(),
                spec.players
            ),
        );
    }
    if spec.budget == 0 || spec.budget > MAX_BUDGET {
        report.error(
            "tuning-budget",
            None,
            &[Needle::Field("budget")],
            format!("a budget of {} races: give 1 to {MAX_BUDGET}", spec.budget),
        );
    }
    if spec.parameters.len() > MAX_PARAMETERS {
        report.error(
            "tuning-range",
            None,
            &[Needle::Field("parameters")],
            format!(
                "{} parameters: a spec may let at most {MAX_PARAMETERS} change",
                spec.parameters.len()
            ),
        );
    }
    for parameter in &spec.parameters {
        check_parameter(parameter, report);
    }
    if let Some(confirm) = &spec.confirm {
        check_confirm(confirm, spec.players, report);
    }
    if spec.mission.is_none()
        && let Some(setting) = spec.parameters.iter().find_map(|p| match p {
            Parameter::Mission(setting) => Some(setting),
            _ => None,
        })
    {
        report.error(
            "tuning-needs-mission",
            None,
            &[Needle::Field("Mission")],
            format!(
                "the parameter `{}` changes a mission's setting: name a `mission`",
                setting.name()
            ),
        );
    }
    for objective in &spec.objectives {
        check_objective(objective, report);
        if matches!(objective, Objective::SideFairShare { .. }) && spec.mission.is_none() {
            report.error(
                "tuning-needs-mission",
                None,
                &[Needle::Field("SideFairShare")],
                "the objective SideFairShare weighs a mission's sides: name a `mission`".to_owned(),
            );
        }
    }
}

/// The most candidates a spec may confirm: each plays its own batch with the stronger bots.
pub const MAX_CONFIRM_TOP: u8 = 20;

fn check_confirm(confirm: &Confirm, players: u8, report: &mut FileReport<'_>) {
    if confirm.bots.is_empty()
        || (confirm.bots.len() != 1 && confirm.bots.len() != usize::from(players))
    {
        report.error(
            "tuning-players",
            None,
            &[Needle::Field("confirm"), Needle::Field("bots")],
            format!(
                "{} confirming bot profiles for {players} players: name one for every seat, or \
                 one for all",
                confirm.bots.len()
            ),
        );
    }
    if !(1..=MAX_CONFIRM_TOP).contains(&confirm.top) {
        report.error(
            "tuning-range",
            None,
            &[Needle::Field("confirm"), Needle::Field("top")],
            format!(
                "confirming the top {} candidates: confirm 1 to {MAX_CONFIRM_TOP}",
                confirm.top
            ),
        );
    }
    let fewest = MIN_CONFIRM_RACES;
    if !(fewest..=MAX_BUDGET).contains(&confirm.races) {
        report.error(
            "tuning-budget",
            None,
            &[Needle::Field("confirm"), Needle::Field("races")],
            format!(
                "confirming with {} races a candidate: give {fewest} to {MAX_BUDGET}",
                confirm.races
            ),
        );
    }
}

fn check_parameter(parameter: &Parameter, report: &mut FileReport<'_>) {
    let (name, empty) = match parameter {
        Parameter::RaceCardCount { card, min, max }
        | Parameter::MovementEventCount { card, min, max } => (card.to_string(), min > max),
        Parameter::RaceCardSpeed { card, min, max } => (card.to_string(), min > max),
        Parameter::CombatDamage {
            card,
            weapon,
            min,
            max,
        } => (format!("{card} / {weapon}"), min > max),
        Parameter::CarDefense { team, min, max, .. }
        | Parameter::CarBaseMp { team, min, max, .. } => (team.to_string(), min > max),
        Parameter::CarWeapon { team, car, choices } => {
            (format!("{team} #{car}"), choices.is_empty())
        }
        Parameter::CarMount { team, car, choices } => {
            (format!("{team} #{car}"), choices.is_empty())
        }
        Parameter::VictoryPoints { min, max } => {
            ("victory points".to_owned(), min > max || *min == 0)
        }
        Parameter::TerrainEnterCost { kind, min, max }
        | Parameter::TerrainDamage { kind, min, max } => (kind.to_string(), min > max),
        Parameter::HazardCount { hazard, min, max } => (hazard.to_string(), min > max),
        Parameter::HazardDamage { hazard, min, max } => (hazard.to_string(), min > max),
        Parameter::Mission(setting) => (
            setting.name(),
            match setting {
                MissionParameter::CarStart { spaces, .. } => spaces.is_empty(),
                _ => setting.range().is_some_and(|(min, max)| min > max),
            },
        ),
    };
    if empty {
        report.error(
            "tuning-range",
            None,
            &[Needle::Field("parameters"), Needle::Value(&name)],
            format!("the parameter for `{name}` leaves no value to try (min above max, no choices, or no VP)"),
        );
    } else if let Some((what, (min, max), allowed)) = range_of(parameter)
        && !(allowed.contains(&min) && allowed.contains(&max))
    {
        report.error(
            "tuning-range",
            None,
            &[Needle::Field("parameters"), Needle::Value(&name)],
            format!(
                "the parameter for `{name}` ranges {min} to {max}; a {what} is {} to {}",
                allowed.start(),
                allowed.end()
            ),
        );
    }
}

/// The errors [`check`] finds in `spec`, as sentences: for a spec held in memory (the studio's
/// Tune form), which has no file to point into. The tuner refuses a spec with any.
#[must_use]
pub fn errors(spec: &TuningSpec) -> Vec<String> {
    let source = crate::content::SourceFile::from_text(
        "tuning spec",
        String::new(),
        crate::content::Format::Ron,
    );
    let mut out = Vec::new();
    check(spec, &mut FileReport::new(&source, &mut out));
    out.into_iter()
        .filter(super::Diagnostic::is_error)
        .map(|d| d.message)
        .collect()
}

/// A numeric parameter's kind in words, its range, and the values the rules accept for it:
/// the same bounds the pack's own files are checked against.
fn range_of(parameter: &Parameter) -> Option<(&'static str, (i64, i64), RangeInclusive<i64>)> {
    let cards = 0..=i64::from(MAX_CARD_COUNT);
    Some(match parameter {
        Parameter::RaceCardCount { min, max, .. }
        | Parameter::MovementEventCount { min, max, .. } => {
            ("card count", (i64::from(*min), i64::from(*max)), cards)
        }
        Parameter::RaceCardSpeed { min, max, .. } => (
            "card speed",
            (i64::from(*min), i64::from(*max)),
            i64::from(*SPEED_RANGE.start())..=i64::from(*SPEED_RANGE.end()),
        ),
        Parameter::CombatDamage { min, max, .. } => (
            "combat card's damage",
            (i64::from(*min), i64::from(*max)),
            0..=i64::from(u8::MAX),
        ),
        Parameter::CarDefense { min, max, .. } => (
            "car's defense",
            (i64::from(*min), i64::from(*max)),
            1..=i64::from(MAX_DEFENSE),
        ),
        Parameter::CarBaseMp { min, max, .. } => (
            "car's base MP",
            (i64::from(*min), i64::from(*max)),
            i64::from(*BASE_MP_RANGE.start())..=i64::from(*BASE_MP_RANGE.end()),
        ),
        Parameter::VictoryPoints { min, max } => (
            "VP pool",
            (i64::from(*min), i64::from(*max)),
            1..=i64::from(u8::MAX),
        ),
        Parameter::TerrainEnterCost { min, max, .. } => (
            "kind of ground's MP to enter",
            (i64::from(*min), i64::from(*max)),
            i64::from(*super::terrain::ENTER_COST_RANGE.start())
                ..=i64::from(*super::terrain::ENTER_COST_RANGE.end()),
        ),
        Parameter::TerrainDamage { min, max, .. } | Parameter::HazardDamage { min, max, .. } => (
            "ground's or hazard's damage",
            (i64::from(*min), i64::from(*max)),
            i64::from(*super::terrain::DAMAGE_RANGE.start())
                ..=i64::from(*super::terrain::DAMAGE_RANGE.end()),
        ),
        Parameter::HazardCount { min, max, .. } => (
            "hazard count",
            (i64::from(*min), i64::from(*max)),
            1..=i64::from(MAX_CARD_COUNT),
        ),
        Parameter::Mission(setting) => {
            let (what, allowed) = match setting {
                MissionParameter::TurnLimit { .. } => (
                    "mission's turn limit",
                    1..=i64::from(super::mission::MAX_TURN_LIMIT),
                ),
                MissionParameter::ObjectiveCount { .. } => {
                    ("objective's count", 1..=i64::from(u8::MAX))
                }
                MissionParameter::ObjectiveVp { .. } | MissionParameter::Vp { .. } => {
                    ("mission's VP amount", 0..=i64::from(u8::MAX))
                }
                MissionParameter::CarDamage { .. } => {
                    ("placed car's starting damage", 0..=i64::from(u8::MAX))
                }
                MissionParameter::SideDamage { .. } => {
                    ("side's starting damage", 0..=i64::from(u8::MAX))
                }
                MissionParameter::DeckChangeCount { .. } => {
                    ("deck change's count", 1..=i64::from(MAX_CARD_COUNT))
                }
                MissionParameter::CarStart { .. } => return None,
            };
            (what, setting.range()?, allowed)
        }
        Parameter::CarWeapon { .. } | Parameter::CarMount { .. } => return None,
    })
}

/// Checks what `spec` (the file at `path`) names against the files it names: the content folder
/// (it exists and validates), the track (it exists, is not the spec itself, and can be raced
/// on), the ruleset and bot profiles (in the pack), and what each parameter changes (a card,
/// team, car or weapon type the pack has).
pub fn check_files(spec: &TuningSpec, path: &Path, report: &mut FileReport<'_>) {
    let folder = path.parent().unwrap_or(Path::new("."));
    let content = folder.join(spec.content.as_str());
    if content.is_dir() {
        check_pack(spec, &content, report);
    } else {
        report.error(
            "tuning-files",
            None,
            &[Needle::Field("content")],
            format!(
                "the content folder {} does not exist (it is named relative to the spec)",
                content.display()
            ),
        );
    }
    let track = folder.join(spec.track.as_str());
    let same = |a: &Path, b: &Path| matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b);
    if same(&track, path) {
        report.error(
            "tuning-files",
            None,
            &[Needle::Field("track")],
            format!("the track {} is this spec itself", spec.track),
        );
        return;
    }
    let pack = RawPack::open(&content);
    match super::open::open_track(&track, &super::open::pack_terrain(&pack)) {
        Err(found) => report.error(
            "tuning-files",
            None,
            &[Needle::Field("track")],
            format!(
                "the track {} cannot be raced on: {}",
                track.display(),
                found.first().map_or_else(String::new, ToString::to_string)
            ),
        ),
        Ok(checked) => {
            if let (Some(mission), Some(content)) = (&spec.mission, super::validate_pack(&pack).0) {
                check_mission(
                    spec,
                    &folder.join(mission.as_str()),
                    (&pack, &content),
                    &checked,
                    report,
                );
            }
        }
    }
}

/// The spec's mission: it reads, it checks against the pack and the track, and it allows the
/// spec's player count.
fn check_mission(
    spec: &TuningSpec,
    file: &Path,
    (pack, content): (&RawPack, &super::checked::Content),
    track: &super::checked_track::CheckedTrack,
    report: &mut FileReport<'_>,
) {
    let mut refuse = |message: String| {
        report.error("tuning-files", None, &[Needle::Field("mission")], message);
    };
    let mission = match Document::load(file) {
        Ok(loaded) => match loaded.document {
            Document::Mission(mission) => mission,
            other => {
                refuse(format!(
                    "{} holds a {}, not a mission",
                    file.display(),
                    other.kind()
                ));
                return;
            }
        },
        Err(error) => {
            refuse(format!("the mission {}: {error}", file.display()));
            return;
        }
    };
    match super::mission::CheckedMission::from_mission(&mission, content, track) {
        Err(found) => refuse(format!(
            "the mission {} does not check against the pack and track: {} (`roadwright \
             validate {}` lists its problems)",
            file.display(),
            found
                .first()
                .map_or_else(String::new, |d| d.message.clone()),
            file.display()
        )),
        Ok(checked) if !checked.players.contains(&spec.players) => {
            let counts: Vec<String> = checked.players.iter().map(u8::to_string).collect();
            report.error(
                "tuning-players",
                None,
                &[Needle::Field("players")],
                format!(
                    "the mission `{}` is played by {} players, not {}",
                    mission.name,
                    counts.join(", "),
                    spec.players
                ),
            );
        }
        Ok(_) => {}
    }
    for (index, parameter) in spec.parameters.iter().enumerate() {
        let Parameter::Mission(setting) = parameter else {
            continue;
        };
        if let Some(value) = setting.value_in(&mission, pack) {
            range_holds(parameter, index, &value, "mission", report);
        } else {
            report.error(
                "tuning-reference",
                None,
                &[Needle::Field("parameters")],
                format!(
                    "parameter {}: the mission `{}` has no {}",
                    index + 1,
                    mission.name,
                    setting.names()
                ),
            );
        }
    }
}

/// Reports a parameter (the `index`th, from 0) whose range leaves out the value the pack or
/// mission (`whose`) has ([`Value::left_out_of`]).
fn range_holds(
    parameter: &Parameter,
    index: usize,
    value: &Value,
    whose: &str,
    report: &mut FileReport<'_>,
) {
    // A range that is no range (min above max) is reported as that alone.
    if let Some((_, range, _)) = range_of(parameter)
        && range.0 <= range.1
        && let Some(words) = value.left_out_of(range, whose)
    {
        report.error(
            "tuning-range",
            None,
            &[Needle::Field("parameters")],
            format!("parameter {}: {words}", index + 1),
        );
    }
}

/// The pack's part of [`check_files`].
fn check_pack(spec: &TuningSpec, content: &Path, report: &mut FileReport<'_>) {
    let pack = RawPack::open(content);
    let errors = super::validate_pack(&pack)
        .1
        .iter()
        .filter(|d| d.is_error())
        .count();
    if errors > 0 {
        report.error(
            "tuning-files",
            None,
            &[Needle::Field("content")],
            format!(
                "the content at {} has {errors} errors: `roadwright validate {}` lists them",
                content.display(),
                content.display()
            ),
        );
    }
    let documents = || pack.files.iter().map(|f| &f.document);
    if !documents().any(|d| matches!(d, Document::Ruleset(r) if r.id == spec.ruleset)) {
        report.error(
            "tuning-reference",
            None,
            &[Needle::Field("ruleset")],
            format!("the pack has no ruleset `{}`", spec.ruleset),
        );
    }
    let bots: Vec<&str> = documents()
        .filter_map(|d| match d {
            Document::BotProfile(profile) => Some(profile.id.as_str()),
            _ => None,
        })
        .collect();
    let confirming = spec.confirm.iter().flat_map(|c| &c.bots);
    for bot in spec
        .bots
        .iter()
        .chain(confirming)
        .filter(|b| !bots.contains(&b.as_str()))
    {
        report.error(
            "tuning-reference",
            None,
            &[Needle::Field("bots"), Needle::Value(bot.as_str())],
            format!(
                "the pack has no bot profile `{bot}`; it has {}",
                if bots.is_empty() {
                    "none".to_owned()
                } else {
                    bots.join(", ")
                }
            ),
        );
    }
    let weapons: Vec<&str> = documents()
        .filter_map(|d| match d {
            Document::CombatEventDeck(deck) => {
                Some(deck.weapon_types.iter().map(|w| w.id.as_str()))
            }
            _ => None,
        })
        .flatten()
        .collect();
    for (index, parameter) in spec.parameters.iter().enumerate() {
        let needles = [Needle::Field("parameters")];
        // A mission's settings are checked against the mission (`check_mission`).
        let pack_value = match parameter {
            Parameter::Mission(_) => None,
            _ => Some(parameter.value_in(&pack, &spec.ruleset)),
        };
        if let Some(Some(value)) = &pack_value {
            range_holds(parameter, index, value, "pack", report);
        }
        if let Some(None) = pack_value {
            report.error(
                "tuning-reference",
                None,
                &needles,
                format!(
                    "parameter {}: it names something the pack does not have ({})",
                    index + 1,
                    parameter.name()
                ),
            );
        }
        if let Parameter::CarWeapon { choices, .. } = parameter {
            for weapon in choices.iter().filter(|w| !weapons.contains(&w.as_str())) {
                report.error(
                    "tuning-reference",
                    None,
                    &[Needle::Field("parameters"), Needle::Value(weapon.as_str())],
                    format!(
                        "parameter {}: the pack's combat deck has no weapon type `{weapon}`",
                        index + 1
                    ),
                );
            }
        }
    }
}

fn check_objective(objective: &Objective, report: &mut FileReport<'_>) {
    match objective {
        Objective::WinRateSpread { .. } | Objective::FirstSeatAdvantage { .. } => {}
        Objective::FairShare { within, .. } | Objective::SideFairShare { within, .. } => {
            if let Some(points) = within
                && !(points.is_finite() && (0.0..=100.0).contains(points))
            {
                report.error(
                    "tuning-range",
                    None,
                    &[Needle::Field("within")],
                    format!("within {points} points of the fair share: give 0 to 100"),
                );
            }
        }
        Objective::RaceLength {
            min_turns,
            max_turns,
            ..
        } => {
            if !(min_turns.is_finite() && max_turns.is_finite() && min_turns <= max_turns) {
                report.error(
                    "tuning-range",
                    None,
                    &[Needle::Field("min_turns")],
                    format!("race length {min_turns} to {max_turns} turns is no range"),
                );
            }
        }
        Objective::Metric {
            metric,
            above,
            below,
            ..
        } => {
            if !METRIC_IDS.contains(&metric.as_str()) {
                report.error(
                    "tuning-metric",
                    None,
                    &[Needle::Value(metric.as_str())],
                    format!(
                        "no design metric `{metric}`; the metrics are {}",
                        METRIC_IDS.join(", ")
                    ),
                );
            }
            let bounds_bad = match (above, below) {
                (None, None) => true,
                (Some(a), Some(b)) => !(a.is_finite() && b.is_finite() && a <= b),
                (Some(v), None) | (None, Some(v)) => !v.is_finite(),
            };
            if bounds_bad {
                report.error(
                    "tuning-range",
                    None,
                    &[Needle::Value(metric.as_str())],
                    format!(
                        "the objective on `{metric}` needs `above`, `below` or both, finite, \
                         above not over below"
                    ),
                );
            }
        }
    }
    let weight = objective.weight();
    if !(weight.is_finite() && weight >= 0.0) {
        report.error(
            "tuning-weight",
            None,
            &[Needle::Field("weight")],
            format!("an objective's weight of {weight}: weights are finite and not negative"),
        );
    }
}
