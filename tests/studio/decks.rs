//! The deck and team mat editors driven headless as a person would: every field of a card,
//! team and car editable, and rows added, duplicated, deleted and sorted.

use crate::common;

use common::studio::{menu, open_file, settle, shown_document, workspace_copy};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use roadwright::content::Document;
use roadwright::content::combat_deck::CombatEventDeck;
use roadwright::content::movement_events::{MovementEvent, MovementEventDeck};
use roadwright::content::race_deck::{LaneSide, MovementInstruction, MovementType, RaceDeck};
use roadwright::content::team_mats::{Mount, TeamMats};
use roadwright::content::text::Id;
use roadwright::gui::StudioApp;

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
        .get_all_by_role_and_label(Role::MultilineTextInput, "weapon description")
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

#[test]
fn race_cards_are_added_retyped_duplicated_sorted_and_deleted() {
    let (pack, _) = workspace_copy();
    let mut harness = open_file(pack.path(), "race_deck.ron (race_deck)");
    let before = race_deck(shown_document(&harness));

    harness.get_by_label("Add card").click();
    settle(&mut harness);
    let deck = race_deck(shown_document(&harness));
    assert_eq!(deck.cards.len(), before.cards.len() + 1);
    let last = deck.cards.len() - 1;
    assert_eq!(deck.cards[last].id.as_str(), "new-card");

    // The new row is selected and scrolled to: give it a movement type and a forced lane. Its
    // boxes are opened through accessibility (the last row sits at the table's clipped edge,
    // where a pointer click can miss); the choices are clicked.
    harness
        .get_all_by_role_and_label(Role::ComboBox, "movement")
        .last()
        .expect("its movement")
        .click_accesskit();
    harness.run_steps(10);
    harness.get_by_label("Diagonal Ram").click();
    settle(&mut harness);
    harness
        .get_all_by_role_and_label(Role::ComboBox, "lane")
        .last()
        .expect("its lane")
        .click_accesskit();
    harness.run_steps(10);
    harness.get_by_label("Outside line").click();
    settle(&mut harness);
    let deck = race_deck(shown_document(&harness));
    assert_eq!(deck.cards[last].movement, MovementType::DiagonalRam);
    assert_eq!(
        deck.cards[last].instructions,
        [MovementInstruction::ForcedLane(LaneSide::Outside)]
    );

    harness.get_by_label("Duplicate").click();
    settle(&mut harness);
    let deck = race_deck(shown_document(&harness));
    assert_eq!(deck.cards.len(), before.cards.len() + 2);
    assert_eq!(deck.cards[last + 1].id.as_str(), "new-card-2");
    assert_eq!(deck.cards[last + 1].movement, MovementType::DiagonalRam);

    // The copy is the selected row: Delete takes it away.
    harness.get_by_label("Delete").click();
    settle(&mut harness);
    let deck = race_deck(shown_document(&harness));
    assert_eq!(deck.cards.len(), before.cards.len() + 1);
    assert!(!deck.cards.iter().any(|c| c.id.as_str() == "new-card-2"));

    harness.get_by_role_and_label(Role::Button, "speed").click();
    settle(&mut harness);
    let deck = race_deck(shown_document(&harness));
    assert!(deck.cards.windows(2).all(|w| w[0].speed <= w[1].speed));
}

fn team_mats(document: Document) -> TeamMats {
    match document {
        Document::TeamMats(mats) => mats,
        other => panic!("not team mats: {}", other.kind()),
    }
}

#[test]
fn every_field_of_a_team_and_its_cars_is_edited_and_teams_and_cars_are_added_and_removed() {
    let (pack, _) = workspace_copy();
    let mut harness = open_file(pack.path(), "team_mats.ron (team_mats)");
    let before = team_mats(shown_document(&harness));
    let second = &before.teams[1];
    harness.get_by_label(second.name.as_str()).click();
    settle(&mut harness);

    let type_into = |harness: &mut egui_kittest::Harness<'static, roadwright::gui::StudioApp>,
                     label: &str,
                     text: &str| {
        let field = harness
            .get_all_by_role_and_label(Role::TextInput, label)
            .next()
            .unwrap_or_else(|| panic!("a {label} field"));
        field.focus();
        field.type_text(text);
        settle(harness);
    };
    type_into(&mut harness, "name", " II");
    type_into(&mut harness, "symbol", "+");
    type_into(&mut harness, "driver", " Jr");
    // The colour as text: select what is there and type over it.
    let colour = harness.get_by_role_and_label(Role::TextInput, "colour");
    colour.focus();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_role_and_label(Role::TextInput, "colour")
        .type_text("#123456");
    settle(&mut harness);
    for (label, value) in [("defense", 4.0), ("base_mp", 3.0)] {
        harness
            .get_all_by_role_and_label(Role::SpinButton, label)
            .next()
            .expect("the first car's")
            .set_value_accesskit(value);
        settle(&mut harness);
    }
    for (label, choice) in [("mount", "Turret"), ("weapon", "emp")] {
        harness
            .get_all_by_role_and_label(Role::ComboBox, label)
            .next()
            .expect("the first car's")
            .click();
        harness.run_steps(10);
        harness.get_by_label(choice).click();
        settle(&mut harness);
    }
    let bonus_before = second.cars[0].targeting_bonus;
    harness
        .get_all_by_label("targeting bonus")
        .next()
        .expect("the first car's")
        .click();
    settle(&mut harness);

    let mats = team_mats(shown_document(&harness));
    let team = &mats.teams[1];
    assert_eq!(team.name.as_str(), format!("{} II", second.name));
    assert_eq!(team.symbol.as_str(), format!("{}+", second.symbol));
    assert_eq!(team.colour.as_str(), "#123456");
    let car = &team.cars[0];
    assert_eq!(car.driver.as_str(), format!("{} Jr", second.cars[0].driver));
    assert_eq!((car.defense, car.base_mp), (4, 3));
    assert_eq!(car.mount, Mount::Turret);
    assert_eq!(car.weapon.as_str(), "emp");
    assert_eq!(car.targeting_bonus, !bonus_before);
    assert_eq!(mats.teams[0], before.teams[0], "other teams untouched");

    harness.get_by_label("Add car").click();
    settle(&mut harness);
    assert_eq!(team_mats(shown_document(&harness)).teams[1].cars.len(), 9);
    harness.get_by_label("Remove last car").click();
    settle(&mut harness);
    assert_eq!(team_mats(shown_document(&harness)).teams[1].cars.len(), 8);

    harness.get_by_label("Add team").click();
    settle(&mut harness);
    let mats = team_mats(shown_document(&harness));
    assert_eq!(mats.teams.len(), 11);
    assert_eq!(mats.teams[10].id.as_str(), "new-team");
    harness.get_by_label("Delete team").click();
    settle(&mut harness);
    assert_eq!(team_mats(shown_document(&harness)).teams.len(), 10);
}

/// Every weapon type's fields show whole: the id and name fields are as wide as asked (a grid
/// used to squeeze them to 40 points), and the description takes the row's room and wraps, so
/// the text laid out at the field's width fits the field's height.
#[test]
fn weapon_type_descriptions_are_not_cut_off() {
    let (pack, _) = workspace_copy();
    let harness = open_file(pack.path(), "combat_deck.ron (combat_event_deck)");
    let deck = combat_deck(shown_document(&harness));
    let fields: Vec<_> = harness.get_all_by_label("weapon description").collect();
    assert_eq!(fields.len(), deck.weapon_types.len());
    let font = egui::TextStyle::Body.resolve(&harness.ctx.global_style());
    for (field, weapon) in fields.iter().zip(&deck.weapon_types) {
        let rect = field.rect();
        // The text edit's inner margin, 4 points a side.
        let text = harness.ctx.fonts_mut(|fonts| {
            fonts.layout(
                weapon.description.to_string(),
                font.clone(),
                egui::Color32::WHITE,
                rect.width() - 8.0,
            )
        });
        assert!(
            rect.height() + 0.5 >= text.size().y + 4.0,
            "{}: a {:.0}x{:.0} field for {:.0}x{:.0} of text",
            weapon.id,
            rect.width(),
            rect.height(),
            text.size().x,
            text.size().y
        );
        assert!(
            rect.width() >= 400.0,
            "{}: {:.0} wide",
            weapon.id,
            rect.width()
        );
    }
}

/// The race deck's totals and speed chart have their own room, never over the card table:
/// every card's Printed text and Count fields shown lie clear of them and inside the window,
/// so a click on a count reaches the count (the totals used to be drawn over the last
/// columns).
#[test]
fn the_race_decks_totals_never_cover_the_card_tables_fields() {
    let (pack, _) = workspace_copy();
    let harness = open_file(pack.path(), "race_deck.ron (race_deck)");
    let totals = harness
        .get_by_label("Cards per movement type and speed: this deck (rulebook)")
        .rect()
        .union(harness.get_by_label("Totals").rect());
    let window = harness.ctx.content_rect();
    for label in ["count", "text"] {
        let fields: Vec<_> = harness.get_all_by_label(label).collect();
        assert!(!fields.is_empty(), "{label} fields shown");
        for field in fields {
            let rect = field.rect();
            if rect.top() > window.bottom() {
                continue;
            }
            assert!(
                !rect.intersects(totals),
                "a {label} field at {rect:?} runs under the totals at {totals:?}"
            );
            assert!(window.contains(rect.center()), "{label} field at {rect:?}");
        }
    }
}

/// A card at speed +7, outside the rulebook's +1 to +6, is shown in a column of its own in
/// the totals: no card is counted in the total and shown nowhere.
#[test]
fn the_race_decks_totals_show_every_speed() {
    let (pack, _) = workspace_copy();
    let path = pack.path().join("race_deck.ron");
    let text = std::fs::read_to_string(&path).expect("deck");
    std::fs::write(&path, text.replacen("speed: 6,", "speed: 7,", 1)).expect("write");
    let harness = open_file(pack.path(), "race_deck.ron (race_deck)");
    harness.get_by_label("+7");
    harness.get_by_label("+6");
}

/// Ctrl+Z in a text field takes back the whole field edit (the studio's undo step for the
/// field's typing), not a few characters; Ctrl+Shift+Z brings it all back. The field keeps the
/// keyboard throughout.
#[test]
fn undo_in_a_text_field_undoes_the_whole_field_edit() {
    let (pack, _) = workspace_copy();
    let mut harness = open_file(pack.path(), "race_deck.ron (race_deck)");
    let before = race_deck(shown_document(&harness)).name.to_string();
    let name = harness.get_by_label("deck name");
    name.focus();
    name.type_text(" the second");
    settle(&mut harness);
    harness.get_by_label("deck name").type_text(" edition");
    settle(&mut harness);
    assert_eq!(
        race_deck(shown_document(&harness)).name.as_str(),
        format!("{before} the second edition")
    );
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    settle(&mut harness);
    assert_eq!(
        race_deck(shown_document(&harness)).name.as_str(),
        before,
        "the whole field edit undone"
    );
    assert!(
        harness.get_by_label("deck name").is_focused(),
        "still typing there"
    );
    harness.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    settle(&mut harness);
    assert_eq!(
        race_deck(shown_document(&harness)).name.as_str(),
        format!("{before} the second edition"),
        "and redone"
    );
}

/// An event's numbers typed as text that does not parse are kept, marked, and say why at the
/// field and above the table; the deck keeps its last good effect meanwhile, and text that
/// parses again is applied and the message goes.
#[test]
fn an_effect_that_does_not_parse_says_why_and_is_not_applied() {
    let (pack, _) = workspace_copy();
    let mut harness = open_file(pack.path(), "movement_events.ron (movement_event_deck)");
    let before = movement_events(shown_document(&harness));
    let field = harness
        .get_all_by_role_and_label(Role::TextInput, "effect")
        .next()
        .expect("the first event's effect");
    field.focus();
    field.type_text("(");
    settle(&mut harness);
    assert_eq!(
        movement_events(shown_document(&harness)),
        before,
        "not applied"
    );
    let id = before.cards[0].id.as_str();
    let above = format!("Not applied: the effect of `{id}` does not parse (");
    harness.get_by_label_contains(&above);
    harness.get_by_label_contains("Does not parse: ");

    // Taking the stray bracket back applies the text, and the messages go.
    harness.key_press(egui::Key::Backspace);
    settle(&mut harness);
    assert!(harness.query_by_label_contains("Not applied:").is_none());
    assert!(
        harness
            .query_by_label_contains("Does not parse: ")
            .is_none()
    );
    assert_eq!(
        movement_events(shown_document(&harness)).cards[0].effect,
        before.cards[0].effect
    );
}

/// The width the body font needs for `text`.
fn text_width(
    harness: &egui_kittest::Harness<'static, roadwright::gui::StudioApp>,
    text: &str,
) -> f32 {
    // The font the fields draw in: the style's body text.
    let font = egui::TextStyle::Body.resolve(&harness.ctx.global_style());
    harness.ctx.fonts_mut(|fonts| {
        fonts
            .layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE)
            .size()
            .x
    })
}

/// Every field named `name` is wide enough for the longest of `values`.
fn fields_hold(
    harness: &egui_kittest::Harness<'static, roadwright::gui::StudioApp>,
    role: Role,
    name: &str,
    values: impl IntoIterator<Item = String>,
) {
    let longest = values
        .into_iter()
        .max_by(|a, b| text_width(harness, a).total_cmp(&text_width(harness, b)))
        .expect("values");
    let needed = text_width(harness, &longest);
    let fields: Vec<_> = harness.get_all_by_role_and_label(role, name).collect();
    assert!(!fields.is_empty(), "{name} fields");
    for field in fields {
        assert!(
            field.rect().width() >= needed,
            "a {name} field {} wide cannot show `{longest}` ({needed})",
            field.rect().width()
        );
    }
}

/// At 1280x800 no id, name, driver or weapon is cut: each column's fields are as wide as its
/// longest value, and every row's buttons are inside the window.
#[test]
fn deck_tables_show_every_value_whole_at_1280_by_800() {
    let (pack, _) = workspace_copy();
    let mut harness =
        common::studio::open_file_at_1280(pack.path(), "movement_events.ron (movement_event_deck)");
    let deck = movement_events(shown_document(&harness));
    fields_hold(
        &harness,
        Role::TextInput,
        "id",
        deck.cards.iter().map(|c| c.id.to_string()),
    );
    fields_hold(
        &harness,
        Role::TextInput,
        "name",
        deck.cards.iter().map(|c| c.name.to_string()),
    );
    for button in harness.get_all_by_label("Delete") {
        assert!(
            button.rect().right() <= 1280.0,
            "a Delete button off the window"
        );
    }

    harness
        .get_by_label("combat_deck.ron (combat_event_deck)")
        .click();
    settle(&mut harness);
    let deck = combat_deck(shown_document(&harness));
    fields_hold(
        &harness,
        Role::TextInput,
        "id",
        deck.cards.iter().map(|c| c.id.to_string()),
    );
    let rows = deck.weapon_types.len() + deck.cards.len();
    let buttons: Vec<_> = harness.get_all_by_label("Delete").collect();
    assert!(
        buttons.len() >= rows.min(8),
        "the rows' Delete buttons are drawn"
    );
    for button in buttons {
        assert!(
            button.rect().right() <= 1280.0,
            "a Delete button off the window"
        );
    }

    harness.get_by_label("team_mats.ron (team_mats)").click();
    settle(&mut harness);
    let mats = team_mats(shown_document(&harness));
    fields_hold(
        &harness,
        Role::TextInput,
        "driver",
        mats.teams[0].cars.iter().map(|c| c.driver.to_string()),
    );
    // The weapon boxes are as wide as the longest weapon's name: none wraps inside its box.
    let weapons: Vec<String> = deck.weapon_types.iter().map(|w| w.id.to_string()).collect();
    fields_hold(&harness, Role::ComboBox, "weapon", weapons);
}

fn terrain(document: Document) -> roadwright::content::terrain::TerrainFile {
    match document {
        Document::Terrain(file) => file,
        other => panic!("not a terrain file: {}", other.kind()),
    }
}

#[test]
fn kinds_of_ground_are_added_given_effects_and_the_paint_tool_offers_them() {
    use roadwright::content::terrain::Effect;
    let (pack, _) = workspace_copy();
    let mut harness = open_file(pack.path(), "terrain.ron (terrain)");
    harness.get_by_label("Kinds of ground");
    let before = terrain(shown_document(&harness));
    assert_eq!(before.kinds.len(), 4, "the rulebook's four");

    harness.get_by_label("Add kind").click();
    settle(&mut harness);
    let file = terrain(shown_document(&harness));
    assert_eq!(file.kinds.len(), 5);
    assert_eq!(file.kinds[4].id.as_str(), "new-ground");

    // The new kind's effects, typed as text: what does not parse is kept and said, not applied.
    let effects = harness
        .get_all_by_role_and_label(Role::TextInput, "effects")
        .last()
        .expect("the new row's effects");
    effects.focus();
    harness.key_press(egui::Key::Backspace);
    harness.key_press(egui::Key::Backspace);
    settle(&mut harness);
    harness
        .get_all_by_role_and_label(Role::TextInput, "effects")
        .last()
        .expect("the new row's effects")
        .type_text("[Stop, Damage(2)");
    settle(&mut harness);
    assert!(
        terrain(shown_document(&harness)).kinds[4]
            .effects
            .is_empty()
    );
    harness.get_by_label_contains("Does not parse: ");
    harness
        .get_all_by_role_and_label(Role::TextInput, "effects")
        .last()
        .expect("the new row's effects")
        .type_text("]");
    settle(&mut harness);
    assert_eq!(
        terrain(shown_document(&harness)).kinds[4].effects,
        [Effect::Stop, Effect::Damage(2)]
    );
    menu(&mut harness, "Edit", "Undo Edit row");
    assert!(
        terrain(shown_document(&harness)).kinds[4]
            .effects
            .is_empty()
    );

    // The track's paint tool offers the new kind beside the rulebook's.
    harness.get_by_label("oval.ron (track)").click();
    settle(&mut harness);
    harness.get_by_label("Paint").click();
    settle(&mut harness);
    harness.get_by_label("New ground");
}

#[test]
fn the_hazard_deck_is_started_from_the_file_menu_and_its_hazards_are_edited_as_rows() {
    use roadwright::content::hazard_deck::{HazardEffect, HazardTarget};
    let (pack, _) = workspace_copy();
    let mut harness = open_file(pack.path(), "terrain.ron (terrain)");
    menu(&mut harness, "File", "Hazard deck");
    let deck = |harness: &Harness<'static, StudioApp>| match shown_document(harness) {
        Document::HazardDeck(deck) => deck,
        other => panic!("{}", other.kind()),
    };
    assert_eq!(deck(&harness).hazards.len(), 3, "a deck to start from");
    harness.get_by_label("Add hazard").click();
    settle(&mut harness);
    assert_eq!(deck(&harness).hazards.len(), 4);
    assert_eq!(deck(&harness).hazards[3].id.as_str(), "new-hazard");
    let effects = || "effects";
    harness
        .get_all_by_role_and_label(Role::TextInput, effects())
        .last()
        .expect("the new row's effects")
        .focus();
    for _ in 0.."[Damage(1)]".len() {
        harness.key_press(egui::Key::Backspace);
    }
    settle(&mut harness);
    harness
        .get_all_by_role_and_label(Role::TextInput, effects())
        .last()
        .expect("the new row's effects")
        .type_text("[Quake, PitTrap(bonus: 1, damage: 3)]");
    settle(&mut harness);
    assert_eq!(
        deck(&harness).hazards[3].effects,
        [
            HazardEffect::Quake,
            HazardEffect::PitTrap {
                bonus: 1,
                damage: 3
            }
        ]
    );
    // A sand worm strikes the car farthest back, chosen in the row, one undo step.
    harness
        .get_all_by_role_and_label(Role::ComboBox, "strikes")
        .last()
        .expect("the new row's target")
        .click_accesskit();
    harness.run_steps(10);
    harness.get_by_label("the car farthest back").click();
    settle(&mut harness);
    assert_eq!(deck(&harness).hazards[3].target, HazardTarget::Rearmost);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    settle(&mut harness);
    assert_eq!(deck(&harness).hazards[3].target, HazardTarget::TheCar);
    // The menu shows the same deck again rather than starting a second one.
    menu(&mut harness, "File", "Hazard deck");
    assert_eq!(deck(&harness).hazards.len(), 4);
}
