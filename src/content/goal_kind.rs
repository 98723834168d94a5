//! The kinds of mission objective: the one place a kind is registered.
//!
//! A kind of objective is a variant of [`Goal`] (what the file says) and of
//! [`crate::validate::mission::CheckedGoal`] (what the engine reads), and one row here: its
//! name as the studio offers it and the goal a designer starts from. Every match over a goal's
//! kind names each kind, with no catch-all arm, so a new kind does not compile until every
//! place that must say something about it does (validation, the engine's reading of the
//! events, the bots' lens, the words, the endings); the test below holds this list to the
//! file format's variants.

use super::mission::Goal;
use super::scenario::CarRef;
use super::text::Id;
use super::track::SpaceRef;

/// A kind of objective, without its values.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum GoalKind {
    /// [`Goal::Laps`].
    Laps,
    /// [`Goal::Kills`].
    Kills,
    /// [`Goal::Eliminate`].
    Eliminate,
    /// [`Goal::Escort`].
    Escort,
    /// [`Goal::Survive`].
    Survive,
    /// [`Goal::Hold`].
    Hold,
    /// [`Goal::Wipeout`].
    Wipeout,
    /// [`Goal::AllOut`].
    AllOut,
    /// [`Goal::LeftBehind`].
    LeftBehind,
    /// [`Goal::All`].
    All,
    /// [`Goal::Any`].
    Any,
    /// [`Goal::Then`].
    Then,
}

impl GoalKind {
    /// Every kind, in the order the studio offers them.
    pub const ALL: [Self; 12] = [
        Self::Laps,
        Self::Kills,
        Self::Eliminate,
        Self::Escort,
        Self::Survive,
        Self::Hold,
        Self::Wipeout,
        Self::AllOut,
        Self::LeftBehind,
        Self::All,
        Self::Any,
        Self::Then,
    ];

    /// The kind as the studio's goal picker says it.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Laps => "laps first",
            Self::Kills => "kills first",
            Self::Eliminate => "eliminate a car",
            Self::Escort => "escort a car",
            Self::Survive => "survive to a turn",
            Self::Hold => "hold spaces",
            Self::Wipeout => "wipe out the others",
            Self::AllOut => "every car out of the race",
            Self::LeftBehind => "a car left by the back",
            Self::All => "all of some objectives",
            Self::Any => "any of some objectives",
            Self::Then => "objectives in order",
        }
    }

    /// Whether the kind is made of other objectives (its parts).
    #[must_use]
    pub fn has_parts(self) -> bool {
        matches!(self, Self::All | Self::Any | Self::Then)
    }

    /// A goal of this kind with the values a designer starts from, naming `car` when the kind
    /// names one (a kind made of parts starts with none).
    #[must_use]
    pub fn starting_goal(self, car: CarRef) -> Goal {
        match self {
            Self::Laps => Goal::Laps(2),
            Self::Kills => Goal::Kills(3),
            Self::Eliminate => Goal::Eliminate(car),
            Self::Escort => Goal::Escort { car, laps: 2 },
            Self::Survive => Goal::Survive(10),
            Self::Hold => Goal::Hold {
                spaces: vec![SpaceRef::lap(0, 0)],
                turns: 2,
                every: false,
            },
            Self::Wipeout => Goal::Wipeout,
            Self::AllOut => Goal::AllOut,
            Self::LeftBehind => Goal::LeftBehind,
            Self::All => Goal::All(Vec::new()),
            Self::Any => Goal::Any(Vec::new()),
            Self::Then => Goal::Then(Vec::new()),
        }
    }
}

impl Goal {
    /// The goal's kind.
    #[must_use]
    pub fn kind(&self) -> GoalKind {
        match self {
            Self::Laps(_) => GoalKind::Laps,
            Self::Kills(_) => GoalKind::Kills,
            Self::Eliminate(_) => GoalKind::Eliminate,
            Self::Escort { .. } => GoalKind::Escort,
            Self::Survive(_) => GoalKind::Survive,
            Self::Hold { .. } => GoalKind::Hold,
            Self::Wipeout => GoalKind::Wipeout,
            Self::AllOut => GoalKind::AllOut,
            Self::LeftBehind => GoalKind::LeftBehind,
            Self::All(_) => GoalKind::All,
            Self::Any(_) => GoalKind::Any,
            Self::Then(_) => GoalKind::Then,
        }
    }

    /// The objectives the goal is made of, by id (empty for a kind without parts).
    #[must_use]
    pub fn parts(&self) -> &[Id] {
        match self {
            Self::All(parts) | Self::Any(parts) | Self::Then(parts) => parts,
            Self::Laps(_)
            | Self::Kills(_)
            | Self::Eliminate(_)
            | Self::Escort { .. }
            | Self::Survive(_)
            | Self::Hold { .. }
            | Self::Wipeout
            | Self::AllOut
            | Self::LeftBehind => &[],
        }
    }

    /// The car the goal names, when its kind names one.
    #[must_use]
    pub fn named_car(&self) -> Option<&CarRef> {
        match self {
            Self::Eliminate(car) | Self::Escort { car, .. } => Some(car),
            Self::Laps(_)
            | Self::Kills(_)
            | Self::Survive(_)
            | Self::Hold { .. }
            | Self::Wipeout
            | Self::AllOut
            | Self::LeftBehind
            | Self::All(_)
            | Self::Any(_)
            | Self::Then(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::content::text::CarNumber;

    /// The file format's goal variants, read from its schema.
    fn format_variants() -> BTreeSet<String> {
        let schema = serde_json::to_value(schemars::schema_for!(Goal)).expect("schema");
        let mut names = BTreeSet::new();
        for variant in schema["oneOf"].as_array().expect("variants") {
            if let Some(name) = variant["const"].as_str() {
                names.insert(name.to_owned());
            }
            if let Some(properties) = variant["properties"].as_object() {
                names.extend(properties.keys().cloned());
            }
            if let Some(values) = variant["enum"].as_array() {
                names.extend(values.iter().filter_map(|v| v.as_str().map(str::to_owned)));
            }
        }
        names
    }

    #[test]
    fn every_kind_of_the_file_format_is_registered_once_and_starts_as_itself() {
        let car = CarRef {
            team: Id::from("team"),
            number: CarNumber::from("1"),
        };
        let mut registered = BTreeSet::new();
        for kind in GoalKind::ALL {
            let goal = kind.starting_goal(car.clone());
            assert_eq!(goal.kind(), kind, "{kind:?} starts as another kind");
            assert!(registered.insert(kind), "{kind:?} is listed twice");
            let written = serde_json::to_value(&goal).expect("a goal writes");
            let name = written
                .as_str()
                .map(str::to_owned)
                .or_else(|| written.as_object().and_then(|o| o.keys().next().cloned()))
                .expect("a variant name");
            assert!(
                format_variants().contains(&name),
                "{name} is not a goal of the file format"
            );
        }
        assert_eq!(
            format_variants().len(),
            GoalKind::ALL.len(),
            "every goal of the file format is a registered kind: {:?}",
            format_variants()
        );
    }
}
