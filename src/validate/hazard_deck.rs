//! Checks of a hazard deck, and the checked hazards the rules deal ([`HazardBook`]).

use super::diagnostic::ObjectRef;
use super::locate::Needle;
use super::report::FileReport;
use super::terrain::{DAMAGE_RANGE, KindIndex, SLIDE_RANGE, TerrainBook};
use crate::content::hazard_deck::{Hazard, HazardDeck, HazardEffect, HazardTarget};
use crate::content::text::{Id, Text};

/// The most effects one hazard may have.
pub const MAX_HAZARD_EFFECTS: usize = 4;

/// The most hazard kinds a deck may hold (a token is dealt as its kind's index in 16 bits, as
/// cards are).
pub const MAX_HAZARDS: usize = 256;

/// The bonus a pit trap may add to its drawn card, at most (8.0's targeting bonus is 1).
pub const MAX_PIT_BONUS: u8 = 3;

/// A checked hazard.
#[derive(Clone, PartialEq, Debug)]
pub struct CheckedHazard {
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: Text,
    /// How many tokens of it the deck holds (at least 1).
    pub count: u32,
    /// What it does, in order, to the cars it strikes.
    pub effects: Vec<HazardEffect>,
    /// Which cars it strikes.
    pub target: HazardTarget,
    /// The kind of ground its space becomes once turned over, in the pack's terrain book.
    pub becomes: Option<KindIndex>,
    /// The car that turned it over drives on with the movement it had left.
    pub drive_on: bool,
}

impl CheckedHazard {
    /// The damage it deals for certain (its `Damage` effects), for a bot weighing a face-down
    /// token: a pit trap's damage is a chance, and an elimination is counted apart.
    #[must_use]
    pub fn sure_damage(&self) -> u8 {
        self.effects
            .iter()
            .map(|effect| match effect {
                HazardEffect::Damage(amount) => *amount,
                _ => 0,
            })
            .fold(0, u8::saturating_add)
    }
}

/// The checked hazards of a pack: ids distinct, counts and numbers in range, every kind of
/// ground they turn a space into defined by the pack's terrain.
#[derive(Clone, PartialEq, Debug)]
pub struct HazardBook {
    hazards: Vec<CheckedHazard>,
}

impl HazardBook {
    /// Checks a hazard deck built in memory against `terrain` (diagnostics point into its
    /// canonical text).
    pub fn from_deck(
        deck: &HazardDeck,
        terrain: &TerrainBook,
    ) -> Result<Self, Vec<super::Diagnostic>> {
        super::report::check_in_memory(deck, "hazards.ron", |report| check(deck, terrain, report))
    }

    /// The hazards, in file order: a token is its hazard's index.
    #[must_use]
    pub fn hazards(&self) -> &[CheckedHazard] {
        &self.hazards
    }

    /// A hazard by token.
    #[must_use]
    pub fn hazard(&self, token: u16) -> Option<&CheckedHazard> {
        self.hazards.get(usize::from(token))
    }

    /// What turning over a token drawn from the whole deck costs a car on average: the damage
    /// it is sure to deal, and the chance it eliminates the car outright. A bot weighs a
    /// face-down token by these (it knows what the deck holds, not which token lies where). A
    /// token that strikes other cars ([`HazardTarget::Rearmost`]) costs the car on it nothing.
    #[must_use]
    pub fn expected_harm(&self) -> (f64, f64) {
        let total = self.total_tokens();
        if total == 0 {
            return (0.0, 0.0);
        }
        let (damage, eliminations) = self
            .hazards
            .iter()
            .filter(|hazard| hazard.target == HazardTarget::TheCar)
            .fold((0_u64, 0_u64), |(damage, eliminations), hazard| {
                let count = u64::from(hazard.count);
                let eliminates = hazard.effects.contains(&HazardEffect::Eliminate);
                (
                    damage + count * u64::from(hazard.sure_damage()),
                    eliminations + if eliminates { count } else { 0 },
                )
            });
        (
            damage as f64 / total as f64,
            eliminations as f64 / total as f64,
        )
    }

    /// How many tokens the deck holds.
    #[must_use]
    pub fn total_tokens(&self) -> u64 {
        self.hazards.iter().map(|h| u64::from(h.count)).sum()
    }
}

fn object(hazard: &Hazard) -> ObjectRef {
    ObjectRef::Hazard {
        id: hazard.id.clone(),
    }
}

/// Checks a hazard deck against the pack's kinds of ground; returns its book when it found no
/// error.
pub fn check(
    deck: &HazardDeck,
    terrain: &TerrainBook,
    report: &mut FileReport<'_>,
) -> Option<HazardBook> {
    let errors_before = report.error_count();
    report.check_ids(
        "hazard",
        deck.hazards
            .iter()
            .map(|hazard| (&hazard.id, object(hazard))),
    );
    if deck.total_tokens() == 0 {
        report.error(
            "deck-empty",
            None,
            &[Needle::Field("hazards")],
            "the hazard deck has no tokens, so no hazard spot could be dealt one".to_owned(),
        );
    }
    if deck.hazards.len() > MAX_HAZARDS {
        report.error(
            "deck-too-large",
            None,
            &[Needle::Field("hazards")],
            format!(
                "the hazard deck has {} kinds of hazard; a deck may hold at most {MAX_HAZARDS}",
                deck.hazards.len()
            ),
        );
    }
    report.check_deck_not_too_large(deck.total_tokens(), "hazard deck");
    let mut hazards = Vec::with_capacity(deck.hazards.len());
    for hazard in &deck.hazards {
        report.check_count(hazard.count, &hazard.id, &object(hazard));
        hazards.push(check_hazard(hazard, terrain, report));
    }
    (report.error_count() == errors_before).then(|| HazardBook {
        hazards: hazards.into_iter().flatten().collect(),
    })
}

fn check_hazard(
    hazard: &Hazard,
    terrain: &TerrainBook,
    report: &mut FileReport<'_>,
) -> Option<CheckedHazard> {
    let id = hazard.id.as_str();
    let at = |field| [Needle::Value(id), Needle::Field(field)];
    let mut fine = true;
    if hazard.effects.len() > MAX_HAZARD_EFFECTS {
        fine = false;
        report.error(
            "too-many-effects",
            Some(object(hazard)),
            &at("effects"),
            format!(
                "hazard `{id}` has {} effects; a hazard has at most {MAX_HAZARD_EFFECTS}",
                hazard.effects.len()
            ),
        );
    }
    for effect in &hazard.effects {
        let out_of_range = match *effect {
            HazardEffect::Damage(amount) | HazardEffect::PitTrap { damage: amount, .. }
                if !DAMAGE_RANGE.contains(&amount) =>
            {
                Some(format!(
                    "hazard `{id}` deals {amount} damage; damage is {} to {}",
                    DAMAGE_RANGE.start(),
                    DAMAGE_RANGE.end()
                ))
            }
            HazardEffect::PitTrap { bonus, .. } if bonus > MAX_PIT_BONUS => Some(format!(
                "hazard `{id}`'s pit trap adds {bonus} to the card it draws; the bonus is 0 to \
                 {MAX_PIT_BONUS}"
            )),
            HazardEffect::SlideAside(spaces) if !SLIDE_RANGE.contains(&spaces) => Some(format!(
                "hazard `{id}` slides a car {spaces} spaces; a slide is {} to {}",
                SLIDE_RANGE.start(),
                SLIDE_RANGE.end()
            )),
            _ => None,
        };
        if let Some(message) = out_of_range {
            fine = false;
            report.error(
                "effect-out-of-range",
                Some(object(hazard)),
                &at("effects"),
                message,
            );
        }
    }
    let becomes = check_becomes(hazard, terrain, report);
    fine &= becomes.is_ok();
    fine.then(|| CheckedHazard {
        id: hazard.id.clone(),
        name: hazard.name.clone(),
        count: hazard.count,
        effects: hazard.effects.clone(),
        target: hazard.target,
        becomes: becomes.ok().flatten(),
        drive_on: hazard.drive_on,
    })
}

/// The kind of ground a hazard leaves, in the pack's book: `Err` (reported) when the pack
/// does not define it, or it is ground no hazard may leave (the trough, ground where cars
/// stack).
fn check_becomes(
    hazard: &Hazard,
    terrain: &TerrainBook,
    report: &mut FileReport<'_>,
) -> Result<Option<KindIndex>, ()> {
    let id = hazard.id.as_str();
    let Some(kind) = &hazard.becomes else {
        return Ok(None);
    };
    let refused = match terrain.find(kind.as_str()) {
        Some(index) if terrain.kind(index).rules.is_trough() => (
            "hazard-becomes-trough",
            format!(
                "hazard `{id}` turns its space into `{kind}`, which counts as the trough; the \
                 trough lies between two jump lanes (7.14), and a hazard cannot dig one"
            ),
        ),
        Some(index) if terrain.kind(index).rules.shared => (
            "hazard-becomes-stack",
            format!(
                "hazard `{id}` turns its space into `{kind}`, ground where cars stack; a space \
                 that held one car at a time cannot become a stack mid-race"
            ),
        ),
        Some(index) => return Ok(Some(index)),
        None => (
            "terrain-undefined",
            format!(
                "hazard `{id}` turns its space into `{kind}`, a kind of ground the pack's \
                 terrain does not define"
            ),
        ),
    };
    let (code, message) = refused;
    report.error(
        code,
        Some(object(hazard)),
        &[Needle::Value(id), Needle::Field("becomes")],
        message,
    );
    Err(())
}

#[cfg(test)]
mod tests {
    use super::{HazardBook, TerrainBook};
    use crate::content::hazard_deck::{Hazard, HazardDeck, HazardEffect, HazardTarget};
    use crate::content::kind::HazardDeckKind;
    use crate::content::text::{Id, Text};

    fn deck(target: HazardTarget) -> HazardBook {
        let hazard = |id: &str, effects, target| Hazard {
            id: Id::from(id),
            name: Text::from(id),
            count: 1,
            effects,
            becomes: None,
            target,
            drive_on: false,
        };
        let deck = HazardDeck {
            kind: HazardDeckKind::HazardDeck,
            version: HazardDeck::VERSION,
            name: Text::from("two"),
            hazards: vec![
                hazard("mine", vec![HazardEffect::Damage(2)], HazardTarget::TheCar),
                hazard("worm", vec![HazardEffect::Eliminate], target),
            ],
        };
        HazardBook::from_deck(&deck, &TerrainBook::standard()).expect("valid")
    }

    #[test]
    fn a_token_that_strikes_the_car_farthest_back_costs_the_car_on_it_nothing() {
        // Two tokens: a mine (2 damage) and an elimination. Striking the car on it, the
        // elimination is half the deck's chance; striking the rearmost, none of it.
        assert_eq!(deck(HazardTarget::TheCar).expected_harm(), (1.0, 0.5));
        assert_eq!(deck(HazardTarget::Rearmost).expected_harm(), (1.0, 0.0));
    }
}
