//! Checks of a terrain file, and the checked kinds of ground the rules read ([`TerrainBook`]).
//!
//! A pack without a terrain file plays on the rulebook's four grounds
//! ([`TerrainBook::standard`]); the standard pack's `terrain.ron` holds exactly those, and a test
//! holds the two to each other.

use std::collections::BTreeMap;

use super::diagnostic::ObjectRef;
use super::locate::Needle;
use super::report::FileReport;
use crate::content::team_mats::parse_colour;
use crate::content::terrain::{CountsAs, Effect, GroundKind, Pattern, TerrainFile};
use crate::content::text::{Id, TerrainId, Text};

/// The most kinds a terrain file may define (a space keeps its kind's index in a byte).
pub const MAX_KINDS: usize = 64;

/// The most effects one kind may have.
pub const MAX_EFFECTS: usize = 4;

/// The movement points entering a space may cost, at least and at most. Zero is refused: a free
/// step would let one movement run round the lap for nothing.
pub const ENTER_COST_RANGE: std::ops::RangeInclusive<u8> = 1..=6;

/// The damage one terrain effect may deal, at least and at most (the rulebook's sixth marker
/// eliminates, 5.3).
pub const DAMAGE_RANGE: std::ops::RangeInclusive<u8> = 1..=6;

/// How far one slide or jump may carry a car, at least and at most.
pub const SLIDE_RANGE: std::ops::RangeInclusive<u8> = 1..=4;

/// The index of a kind in its [`TerrainBook`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct KindIndex(pub u8);

/// What the movement rules read of a kind at every step: kept in each space of a checked track,
/// so that the engine's hot path reads no table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
// Each flag is a rule of its own that the movement rules read at every step; packed into one
// byte they would cost a mask at each read.
#[allow(clippy::struct_excessive_bools)]
pub struct GroundRules {
    /// The rulebook ground it counts as.
    pub counts_as: CountsAs,
    /// The movement points entering costs (1 on the rulebook's grounds).
    pub enter_cost: u8,
    /// Whether a car short of `enter_cost` may enter with what it has left.
    pub enter_short: bool,
    /// Whether a car inside may change lanes.
    pub lane_changes: bool,
    /// Whether entering does anything ([`CheckedKind::effects`] says what).
    pub has_effects: bool,
    /// Whether cars share its spaces rather than each holding one: the trough, and kinds that
    /// let cars stack.
    pub shared: bool,
}

impl GroundRules {
    /// The rulebook's paved ground.
    pub const PAVED: Self = Self {
        counts_as: CountsAs::Road,
        enter_cost: 1,
        enter_short: false,
        lane_changes: true,
        has_effects: false,
        shared: false,
    };

    /// Whether it is the trough: entered only by a movement event, left by a lateral move
    /// (7.14).
    #[must_use]
    pub fn is_trough(self) -> bool {
        self.counts_as == CountsAs::Trough
    }

    /// Whether a car on it may not change lanes (7.13: rough ground and the jump lanes).
    #[must_use]
    pub fn locks_lanes(self) -> bool {
        !self.lane_changes
    }
}

/// A checked kind of ground.
#[derive(Clone, PartialEq, Debug)]
pub struct CheckedKind {
    /// Its id.
    pub id: TerrainId,
    /// Its name.
    pub name: Text,
    /// Its colour.
    pub colour: [u8; 3],
    /// Its print pattern.
    pub pattern: Pattern,
    /// Its rules.
    pub rules: GroundRules,
    /// What entering it does, in order (at most [`MAX_EFFECTS`]).
    pub effects: Vec<Effect>,
}

/// The checked kinds of a pack: every id distinct, paved among them, every number in range.
#[derive(Clone, PartialEq, Debug)]
pub struct TerrainBook {
    kinds: Vec<CheckedKind>,
    by_id: BTreeMap<TerrainId, KindIndex>,
}

impl TerrainBook {
    /// The rulebook's four grounds: what a pack without a terrain file plays on.
    #[must_use]
    pub fn standard() -> Self {
        let file = TerrainFile::standard();
        Self::from_checked_file(&file)
    }

    /// Checks a terrain file built in memory (diagnostics point into its canonical text).
    pub fn from_file(file: &TerrainFile) -> Result<Self, Vec<super::Diagnostic>> {
        super::report::check_in_memory(file, "terrain.ron", |report| check(file, report))
    }

    /// The kinds, in file order.
    #[must_use]
    pub fn kinds(&self) -> &[CheckedKind] {
        &self.kinds
    }

    /// A kind by index.
    #[must_use]
    pub fn kind(&self, index: KindIndex) -> &CheckedKind {
        &self.kinds[usize::from(index.0)]
    }

    /// The index of the kind an id names, if the book defines it.
    #[must_use]
    pub fn find(&self, id: &str) -> Option<KindIndex> {
        self.by_id.get(id).copied()
    }

    /// The kind an id names, if the book defines it.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<&CheckedKind> {
        self.find(id).map(|index| self.kind(index))
    }

    /// The rule-facing part of the kind an id names; paved rules for an id it does not define
    /// (a track naming one has an error, so it never reaches a race).
    #[must_use]
    pub fn rules_of(&self, id: &str) -> GroundRules {
        self.get(id).map_or(GroundRules::PAVED, |kind| kind.rules)
    }

    /// Whether entering ground of the kind an id names eliminates the car (rocks): no route
    /// round the lap may go through it.
    #[must_use]
    pub fn wrecks(&self, id: &str) -> bool {
        self.get(id)
            .is_some_and(|kind| kind.effects.contains(&Effect::Eliminate))
    }

    /// Whether ground of the kind an id names draws a hazard for a car entering it.
    #[must_use]
    pub fn draws_hazards(&self, id: &str) -> bool {
        self.get(id)
            .is_some_and(|kind| kind.effects.contains(&Effect::Hazard))
    }

    /// Whether ground of the kind an id names is a ramp (has a jump).
    #[must_use]
    pub fn jumps(&self, id: &str) -> bool {
        self.get(id).is_some_and(|kind| {
            kind.effects
                .iter()
                .any(|effect| matches!(effect, Effect::Jump(_) | Effect::DrawnJump { .. }))
        })
    }

    /// Builds the book of a file [`check`] accepted.
    fn from_checked_file(file: &TerrainFile) -> Self {
        let kinds: Vec<CheckedKind> = file.kinds.iter().map(checked_kind).collect();
        let by_id = kinds
            .iter()
            .enumerate()
            .map(|(index, kind)| {
                (
                    kind.id.clone(),
                    KindIndex(u8::try_from(index).unwrap_or(u8::MAX)),
                )
            })
            .collect();
        Self { kinds, by_id }
    }
}

fn checked_kind(kind: &GroundKind) -> CheckedKind {
    CheckedKind {
        id: kind.id.clone(),
        name: kind.name.clone(),
        colour: parse_colour(kind.colour.as_str()).unwrap_or([128, 128, 128]),
        pattern: kind.pattern,
        rules: GroundRules {
            counts_as: kind.counts_as,
            enter_cost: kind.enter_cost,
            enter_short: kind.enter_short,
            lane_changes: kind.lane_changes,
            has_effects: !kind.effects.is_empty(),
            shared: kind.stacks || kind.counts_as == CountsAs::Trough,
        },
        effects: kind.effects.clone(),
    }
}

fn object(kind: &GroundKind) -> ObjectRef {
    ObjectRef::TerrainKind {
        id: kind.id.clone(),
    }
}

/// Checks a terrain file; returns its book when it found no error.
pub fn check(file: &TerrainFile, report: &mut FileReport<'_>) -> Option<TerrainBook> {
    let errors_before = report.error_count();
    let ids: Vec<(Id, ObjectRef)> = file
        .kinds
        .iter()
        .map(|kind| (Id::from(kind.id.as_str()), object(kind)))
        .collect();
    report.check_ids("terrain kind", ids.iter().map(|(id, at)| (id, at.clone())));
    if file.kinds.len() > MAX_KINDS {
        report.error(
            "too-many-terrain-kinds",
            None,
            &[Needle::Field("kinds")],
            format!(
                "the file defines {} kinds of ground; at most {MAX_KINDS} fit on a track",
                file.kinds.len()
            ),
        );
    }
    if !file.kinds.iter().any(|kind| kind.id.is_paved()) {
        report.error(
            "terrain-no-paved",
            None,
            &[Needle::Field("kinds")],
            format!(
                "no kind has the id `{}`: every space that names no ground is paved, so the file \
                 must say what paved ground is",
                TerrainId::PAVED
            ),
        );
    }
    for kind in &file.kinds {
        check_kind(kind, report);
    }
    (report.error_count() == errors_before).then(|| TerrainBook::from_checked_file(file))
}

fn check_kind(kind: &GroundKind, report: &mut FileReport<'_>) {
    let id = kind.id.as_str();
    if parse_colour(kind.colour.as_str()).is_none() {
        report.error(
            "invalid-colour",
            Some(object(kind)),
            &[Needle::Value(id), Needle::Field("colour")],
            format!(
                "terrain kind `{id}` has colour `{}`; colours are written `#rrggbb`",
                kind.colour
            ),
        );
    }
    if !ENTER_COST_RANGE.contains(&kind.enter_cost) {
        report.error(
            "enter-cost-out-of-range",
            Some(object(kind)),
            &[Needle::Value(id), Needle::Field("enter_cost")],
            format!(
                "terrain kind `{id}` costs {} MP to enter; a cost is {} to {} MP",
                kind.enter_cost,
                ENTER_COST_RANGE.start(),
                ENTER_COST_RANGE.end()
            ),
        );
    }
    if kind.effects.len() > MAX_EFFECTS {
        report.error(
            "too-many-effects",
            Some(object(kind)),
            &[Needle::Value(id), Needle::Field("effects")],
            format!(
                "terrain kind `{id}` has {} effects; a kind has at most {MAX_EFFECTS}",
                kind.effects.len()
            ),
        );
    }
    for effect in &kind.effects {
        check_effect(kind, effect, report);
    }
    if kind.counts_as == CountsAs::Trough && !kind.effects.is_empty() {
        report.error(
            "trough-with-effects",
            Some(object(kind)),
            &[Needle::Value(id), Needle::Field("effects")],
            format!(
                "terrain kind `{id}` counts as the trough and has effects on entry; only a \
                 movement event puts a car in the trough (7.14), and that event says what \
                 happens there"
            ),
        );
    }
}

/// Each effect's numbers within their ranges: a slide's or a jump's spaces, a drawn flight and
/// its die's faces, damage.
fn check_effect(kind: &GroundKind, effect: &Effect, report: &mut FileReport<'_>) {
    let id = kind.id.as_str();
    if let Effect::Slide(spaces) | Effect::SlideAside(spaces) | Effect::Jump(spaces) = effect
        && !SLIDE_RANGE.contains(spaces)
    {
        report.error(
            "effect-out-of-range",
            Some(object(kind)),
            &[Needle::Value(id), Needle::Field("effects")],
            format!(
                "terrain kind `{id}` carries a car {spaces} spaces; a slide or a jump is \
                 {} to {}",
                SLIDE_RANGE.start(),
                SLIDE_RANGE.end()
            ),
        );
    }
    if let Effect::DrawnJump {
        min,
        max,
        faces: Some(faces),
    } = effect
        && let Some(face) = faces.iter().find(|face| !(min..=max).contains(face))
    {
        report.error(
            "effect-out-of-range",
            Some(object(kind)),
            &[Needle::Value(id), Needle::Field("faces")],
            format!(
                "terrain kind `{id}`'s die has a face of {face} spaces, outside its flight \
                 of {min} to {max}"
            ),
        );
    }
    if let Effect::DrawnJump { min, max, .. } = effect
        && !(SLIDE_RANGE.contains(min) && SLIDE_RANGE.contains(max) && min <= max)
    {
        report.error(
            "effect-out-of-range",
            Some(object(kind)),
            &[Needle::Value(id), Needle::Field("effects")],
            format!(
                "terrain kind `{id}` flies a car {min} to {max} spaces; a flight is drawn \
                 between {} and {}, the least first",
                SLIDE_RANGE.start(),
                SLIDE_RANGE.end()
            ),
        );
    }
    if let Effect::Damage(amount) = effect
        && !DAMAGE_RANGE.contains(amount)
    {
        report.error(
            "effect-out-of-range",
            Some(object(kind)),
            &[Needle::Value(id), Needle::Field("effects")],
            format!(
                "terrain kind `{id}` deals {amount} damage on entry; damage is {} to {}",
                DAMAGE_RANGE.start(),
                DAMAGE_RANGE.end()
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_book_is_the_rulebook_four() {
        let book = TerrainBook::standard();
        let ids: Vec<&str> = book.kinds().iter().map(|kind| kind.id.as_str()).collect();
        assert_eq!(ids, ["paved", "rough", "jump", "trough"]);
        assert_eq!(book.rules_of("paved"), GroundRules::PAVED);
        assert!(book.rules_of("rough").locks_lanes());
        assert!(book.rules_of("jump").locks_lanes());
        assert!(book.rules_of("trough").is_trough());
        assert!(!book.rules_of("trough").locks_lanes());
        assert!(
            book.kinds()
                .iter()
                .all(|kind| kind.rules.enter_cost == 1 && kind.effects.is_empty())
        );
    }

    #[test]
    fn the_standard_packs_terrain_file_is_the_standard_book_saved_as_written() {
        use crate::content::{Document, Format};
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/terrain.ron");
        let loaded = Document::load(&path).expect("the standard terrain file loads");
        let Document::Terrain(file) = &loaded.document else {
            panic!("content/terrain.ron is a {}", loaded.document.kind());
        };
        assert_eq!(*file, TerrainFile::standard());
        let mut found = Vec::new();
        let book = check(file, &mut FileReport::new(&loaded.source, &mut found));
        assert_eq!(found, [], "the standard file has no finding");
        assert_eq!(book, Some(TerrainBook::standard()));
        assert_eq!(
            loaded.document.to_text(Format::Ron).expect("saves"),
            loaded.source.text,
            "the file is in the canonical form saving writes"
        );
    }
}
