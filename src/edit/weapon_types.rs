//! Edits of a combat deck's weapon types, which keep every card's per-weapon results in step:
//! each card holds one result per weapon type, keyed by the type's id, so adding, renaming or
//! removing a type changes every card with it. Team mats in other files that name a renamed
//! or removed type are left alone; validation points at them.

use crate::content::combat_deck::{AttackResult, CombatEventDeck, WeaponType};
use crate::content::text::Id;

use super::list::{ListEdit, ListEditError};

/// Why a weapon type edit could not be made.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum WeaponTypeEditError {
    /// The row does not exist, or the new order is not one.
    #[error(transparent)]
    List(#[from] ListEditError),
    /// The id belongs to another weapon type: taking it would merge the two types' results on
    /// every card.
    #[error("another weapon type already has the id `{0}`")]
    IdTaken(String),
}

/// Applies a weapon type edit to a deck; the deck is unchanged on error.
///
/// - `Insert` gives every card a result for the new type: no damage, no effects.
/// - `Set` with a new id moves every card's result to the new key.
/// - `Remove` drops the type's result from every card.
/// - `Reorder` only reorders the types (the cards' results are keyed, not ordered).
pub fn apply(
    edit: &ListEdit<WeaponType>,
    deck: &mut CombatEventDeck,
) -> Result<(), WeaponTypeEditError> {
    let taken_by_another = |id: &Id, except: Option<usize>| {
        deck.weapon_types
            .iter()
            .enumerate()
            .any(|(i, w)| Some(i) != except && w.id == *id)
    };
    match edit {
        ListEdit::Insert(_, weapon) if taken_by_another(&weapon.id, None) => {
            return Err(WeaponTypeEditError::IdTaken(weapon.id.to_string()));
        }
        ListEdit::Set(index, weapon) if taken_by_another(&weapon.id, Some(*index)) => {
            return Err(WeaponTypeEditError::IdTaken(weapon.id.to_string()));
        }
        _ => {}
    }
    let before = deck.weapon_types.clone();
    edit.apply(&mut deck.weapon_types)?;
    match edit {
        ListEdit::Insert(_, weapon) => {
            for card in &mut deck.cards {
                card.weapons
                    .entry(weapon.id.clone())
                    .or_insert_with(AttackResult::default);
            }
        }
        ListEdit::Set(index, weapon) => {
            let old = &before[*index].id;
            if *old != weapon.id {
                for card in &mut deck.cards {
                    if let Some(result) = card.weapons.remove(old) {
                        card.weapons.insert(weapon.id.clone(), result);
                    }
                }
            }
        }
        ListEdit::Remove(index) => {
            let old = &before[*index].id;
            // A file may hold two types with one id (validation reports it); while one of them
            // remains, the cards' results under that id are still its.
            if !deck.weapon_types.iter().any(|w| w.id == *old) {
                for card in &mut deck.cards {
                    card.weapons.remove(old);
                }
            }
        }
        ListEdit::Reorder(_) => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::text::Text;

    fn deck() -> CombatEventDeck {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/combat_deck.ron");
        match crate::content::Document::load(&path).unwrap().document {
            crate::content::Document::CombatEventDeck(deck) => deck,
            other => panic!("not a combat deck: {}", other.kind()),
        }
    }

    fn weapon(id: &str) -> WeaponType {
        WeaponType {
            id: Id::from(id),
            name: Text::from(id),
            description: Text::default(),
        }
    }

    #[test]
    fn a_new_weapon_type_gives_every_card_an_empty_result() {
        let mut deck = deck();
        let at = deck.weapon_types.len();
        apply(&ListEdit::Insert(at, weapon("flamers")), &mut deck).unwrap();
        assert_eq!(deck.weapon_types[at].id.as_str(), "flamers");
        for card in &deck.cards {
            assert_eq!(card.weapons[&Id::from("flamers")], AttackResult::default());
        }
    }

    #[test]
    fn renaming_a_weapon_type_rekeys_every_card_keeping_its_result() {
        let mut deck = deck();
        let old = deck.weapon_types[0].id.clone();
        let results: Vec<_> = deck.cards.iter().map(|c| c.weapons[&old].clone()).collect();
        let renamed = WeaponType {
            id: Id::from("autocannons"),
            ..deck.weapon_types[0].clone()
        };
        apply(&ListEdit::Set(0, renamed), &mut deck).unwrap();
        for (card, result) in deck.cards.iter().zip(results) {
            assert!(!card.weapons.contains_key(&old));
            assert_eq!(card.weapons[&Id::from("autocannons")], result);
        }
    }

    #[test]
    fn removing_a_weapon_type_drops_it_from_every_card() {
        let mut deck = deck();
        let old = deck.weapon_types[0].id.clone();
        let others = deck.weapon_types.len() - 1;
        apply(&ListEdit::Remove(0), &mut deck).unwrap();
        for card in &deck.cards {
            assert!(!card.weapons.contains_key(&old));
            assert_eq!(card.weapons.len(), others);
        }
    }

    #[test]
    fn taking_another_weapon_types_id_is_refused_and_changes_nothing() {
        let mut deck = deck();
        let before = deck.clone();
        let taken = deck.weapon_types[1].id.clone();
        let clash = WeaponType {
            id: taken.clone(),
            ..deck.weapon_types[0].clone()
        };
        assert_eq!(
            apply(&ListEdit::Set(0, clash), &mut deck),
            Err(WeaponTypeEditError::IdTaken(taken.to_string()))
        );
        assert!(apply(&ListEdit::Insert(0, weapon(taken.as_str())), &mut deck).is_err());
        assert_eq!(deck, before);
    }

    #[test]
    fn a_bad_index_leaves_the_deck_unchanged() {
        let mut deck = deck();
        let before = deck.clone();
        assert!(apply(&ListEdit::Remove(99), &mut deck).is_err());
        assert_eq!(deck, before);
    }
}
