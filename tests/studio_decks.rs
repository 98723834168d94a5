//! The deck editors driven headless as a person would: every field of a card editable, and
//! rows added, duplicated, deleted and sorted in each deck.
#![cfg(feature = "gui")]

mod common;

use common::studio::{menu, open_file, settle, shown_document, workspace_copy};
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use roadwright::content::Document;
use roadwright::content::combat_deck::CombatEventDeck;
use roadwright::content::movement_events::{MovementEvent, MovementEventDeck};
use roadwright::content::race_deck::RaceDeck;
use roadwright::content::text::Id;

fn race_deck(document: Document) -> RaceDeck {
    match document {
        Document::RaceDeck(deck) => deck,
        other => panic!("not a race deck: {}", other.kind()),
    }
}

fn movement_events(document: Document) -> MovementEventDeck {
    match document {
        Document::MovementEventDeck(deck) => deck,
        other => panic!("not a movement event deck: {}", other.kind()),
    }
}

fn combat_deck(document: Document) -> CombatEventDeck {
    match document {
        Document::CombatEventDeck(deck) => deck,
        other => panic!("not a combat deck: {}", other.kind()),
    }
}

#[test]
fn a_race_cards_printed_text_and_the_decks_name_are_edited_in_the_table() {
    let (pack, _) = workspace_copy();
    let mut harness = open_file(pack.path(), "race_deck.ron (race_deck)");
    let before = race_deck(shown_document(&harness));
    let text = harness
        .get_all_by_role_and_label(Role::TextInput, "text")
        .next()
        .expect("the first card's printed text");
    text.focus();
    text.type_text(" Hold on!");
    settle(&mut harness);
    let deck = race_deck(shown_document(&harness));
    assert_eq!(
        deck.cards[0].text.as_str(),
        format!("{} Hold on!", before.cards[0].text)
    );

    let name = harness.get_by_label("deck name");
    name.focus();
    name.type_text(" II");
    settle(&mut harness);
    let deck = race_deck(shown_document(&harness));
    assert_eq!(deck.name.as_str(), format!("{} II", before.name));
    menu(&mut harness, "Edit", "Undo Rename deck");
    assert_eq!(race_deck(shown_document(&harness)).name, before.name);
}

#[test]
fn movement_events_are_added_duplicated_deleted_and_sorted() {
    let (pack, _) = workspace_copy();
    let mut harness = open_file(pack.path(), "movement_events.ron (movement_event_deck)");
    let before = movement_events(shown_document(&harness));
    let total = before.total_cards();

    harness.get_by_label("Add event").click();
    settle(&mut harness);
    let deck = movement_events(shown_document(&harness));
    let added = deck.cards.last().expect("a card");
    assert_eq!(deck.cards.len(), before.cards.len() + 1);
    assert_eq!(added.id.as_str(), "new-event");
    assert_eq!(added.effect, MovementEvent::BumpAndRun);
    harness.get_by_label(&format!("Total: {} cards", total + 1));

    // The new row is the last: duplicate it, then delete the copy.
    let duplicate = harness.get_all_by_label("Duplicate").last().expect("row");
    duplicate.click();
    settle(&mut harness);
    let deck = movement_events(shown_document(&harness));
    assert_eq!(deck.cards.len(), before.cards.len() + 2);
    assert_eq!(deck.cards.last().expect("copy").id.as_str(), "new-event-2");
    harness
        .get_all_by_label("Delete")
        .last()
        .expect("row")
        .click();
    settle(&mut harness);
    assert_eq!(
        movement_events(shown_document(&harness)).cards.len(),
        before.cards.len() + 1
    );

    harness.get_by_label("Sort by id").click();
    settle(&mut harness);
    let deck = movement_events(shown_document(&harness));
    let ids: Vec<&str> = deck.cards.iter().map(|c| c.id.as_str()).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    assert_eq!(ids, sorted);
}

#[test]
fn combat_cards_and_weapon_types_are_added_renamed_and_deleted() {
    let (pack, _) = workspace_copy();
    let mut harness = open_file(pack.path(), "combat_deck.ron (combat_event_deck)");
    let before = combat_deck(shown_document(&harness));

    harness.get_by_label("Add card").click();
    settle(&mut harness);
    let deck = combat_deck(shown_document(&harness));
    let added = deck.cards.last().expect("a card");
    assert_eq!(added.id.as_str(), "new-card");
    let mut weapons: Vec<&Id> = before.weapon_types.iter().map(|w| &w.id).collect();
    weapons.sort();
    assert_eq!(
        added.weapons.keys().collect::<Vec<_>>(),
        weapons,
        "the new card has a result for every weapon type"
    );

    harness.get_by_label("Add weapon type").click();
    settle(&mut harness);
    let deck = combat_deck(shown_document(&harness));
    assert_eq!(deck.weapon_types.len(), before.weapon_types.len() + 1);
    let new_weapon = Id::from("new-weapon");
    assert!(
        deck.cards
            .iter()
            .all(|c| c.weapons.contains_key(&new_weapon))
    );
    harness.get_by_label("new-weapon: dmg, effects");

    // Typing the weapon's id carries every card's result along with it.
    let id_field = harness
        .get_all_by_role_and_label(Role::TextInput, "weapon id")
        .last()
        .expect("the new weapon's id");
    id_field.focus();
    id_field.type_text("s");
    settle(&mut harness);
    let deck = combat_deck(shown_document(&harness));
    let renamed = Id::from("new-weapons");
    assert_eq!(deck.weapon_types.last().expect("weapon").id, renamed);
    assert!(
        deck.cards
            .iter()
            .all(|c| c.weapons.contains_key(&renamed) && !c.weapons.contains_key(&new_weapon))
    );

    let description = harness
        .get_all_by_role_and_label(Role::TextInput, "weapon description")
        .last()
        .expect("its description");
    description.focus();
    description.type_text("Fire.");
    settle(&mut harness);
    let deck = combat_deck(shown_document(&harness));
    assert_eq!(
        deck.weapon_types
            .last()
            .expect("weapon")
            .description
            .as_str(),
        "Fire."
    );

    menu(&mut harness, "Edit", "Undo Edit weapon type");
    menu(&mut harness, "Edit", "Undo Edit weapon type");
    menu(&mut harness, "Edit", "Undo Add weapon type");
    let deck = combat_deck(shown_document(&harness));
    assert_eq!(deck.weapon_types, before.weapon_types);
    assert!(
        deck.cards
            .iter()
            .all(|c| c.weapons.len() == before.weapon_types.len())
    );
}
