//! Each validation check, triggered alone by one edit of the standard pack, with the object and
//! place it points at.

use crate::common;

use roadwright::content::combat_deck::{AttackEffect, AttackResult, CombatEventDeck, WeaponType};
use roadwright::content::movement_events::{MovementEvent, MovementEventDeck};
use roadwright::content::race_deck::{LaneSide, MovementInstruction, RaceDeck};
use roadwright::content::ruleset::{CarsPerTeam, Ruleset};
use roadwright::content::team_mats::TeamMats;
use roadwright::content::text::{CarNumber, Id, Text};
use roadwright::content::{Document, RawPack};
use roadwright::validate::{Diagnostic, ObjectRef, Severity, validate_document, validate_pack};

fn standard() -> RawPack {
    RawPack::load(&common::repo("content")).expect("content/ opens")
}

/// Applies an edit to the pack's documents, rewrites their text (so positions are real), and
/// validates.
fn validate_edited(
    edit: impl FnOnce(&mut Vec<roadwright::content::LoadedDocument>),
) -> Vec<Diagnostic> {
    let mut pack = standard();
    edit(&mut pack.files);
    for loaded in &mut pack.files {
        loaded.source.text = loaded
            .document
            .to_text(loaded.source.format)
            .expect("serialises");
    }
    validate_pack(&pack).1
}

fn edit_race(edit: impl FnOnce(&mut RaceDeck)) -> Vec<Diagnostic> {
    validate_edited(|files| {
        for file in files {
            if let Document::RaceDeck(deck) = &mut file.document {
                edit(deck);
                return;
            }
        }
    })
}

fn edit_events(edit: impl FnOnce(&mut MovementEventDeck)) -> Vec<Diagnostic> {
    validate_edited(|files| {
        for file in files {
            if let Document::MovementEventDeck(deck) = &mut file.document {
                edit(deck);
                return;
            }
        }
    })
}

fn edit_combat(edit: impl FnOnce(&mut CombatEventDeck)) -> Vec<Diagnostic> {
    validate_edited(|files| {
        for file in files {
            if let Document::CombatEventDeck(deck) = &mut file.document {
                edit(deck);
                return;
            }
        }
    })
}

fn edit_teams(edit: impl FnOnce(&mut TeamMats)) -> Vec<Diagnostic> {
    validate_edited(|files| {
        for file in files {
            if let Document::TeamMats(mats) = &mut file.document {
                edit(mats);
                return;
            }
        }
    })
}

fn edit_standard_ruleset(edit: impl FnOnce(&mut Ruleset)) -> Vec<Diagnostic> {
    validate_edited(|files| {
        for file in files {
            if let Document::Ruleset(ruleset) = &mut file.document
                && ruleset.id.as_str() == "standard"
            {
                edit(ruleset);
                return;
            }
        }
    })
}

fn codes(diagnostics: &[Diagnostic]) -> Vec<(&'static str, Severity)> {
    let mut codes: Vec<_> = diagnostics.iter().map(|d| (d.code, d.severity)).collect();
    codes.dedup();
    codes
}

fn only(diagnostics: &[Diagnostic], code: &'static str, severity: Severity) -> Diagnostic {
    assert_eq!(
        codes(diagnostics),
        vec![(code, severity)],
        "{diagnostics:#?}"
    );
    diagnostics[0].clone()
}

fn car(team: &str, number: &str) -> ObjectRef {
    ObjectRef::Car {
        team: team.into(),
        number: number.into(),
    }
}

#[test]
fn a_card_with_count_zero_is_an_error_at_its_count_line() {
    let diagnostics = edit_race(|deck| deck.cards[4].count = 0);
    let found = only(&diagnostics, "count-zero", Severity::Error);
    assert_eq!(
        found.location.object,
        Some(ObjectRef::RaceCard {
            id: "pursuit-3".into()
        })
    );
    // Find the line of `count: 0` inside the pursuit-3 block of the rewritten file.
    let pack = standard();
    let file = found.location.file.clone().expect("file");
    assert!(file.ends_with("race_deck.ron"));
    let mut deck = pack
        .files
        .iter()
        .find(|f| f.source.path == file)
        .expect("deck")
        .document
        .clone();
    if let Document::RaceDeck(deck) = &mut deck {
        deck.cards[4].count = 0;
    }
    let text = deck
        .to_text(roadwright::content::Format::Ron)
        .expect("text");
    let card_line = text
        .lines()
        .position(|l| l.contains("\"pursuit-3\""))
        .expect("card");
    let count_line = card_line
        + text
            .lines()
            .skip(card_line)
            .position(|l| l.contains("count: 0"))
            .expect("count")
        + 1;
    assert_eq!(found.location.line, Some(count_line));
    assert_eq!(found.location.column, Some(13));
    assert!(
        found
            .message
            .contains("race card `pursuit-3` has a count of 0"),
        "{}",
        found.message
    );
}

#[test]
fn a_race_deck_too_small_for_ten_hands_of_six_is_an_error() {
    let diagnostics = edit_race(|deck| {
        for card in &mut deck.cards {
            card.count = 2;
        }
        deck.cards.truncate(29);
    });
    let found = only(&diagnostics, "deck-too-small", Severity::Error);
    assert!(
        found.message.contains("50 cards, fewer than the 60 needed"),
        "{}",
        found.message
    );
}

#[test]
fn speed_outside_0_to_12_is_an_error_and_outside_the_table_a_warning() {
    // Renamed with the speed, so that the name says nothing the card contradicts.
    let renamed = |deck: &mut RaceDeck, speed: i32| {
        deck.cards[0].speed = speed;
        deck.cards[0].name = Text::new(format!("Line {speed:+}")).expect("short");
    };
    let error = edit_race(|deck| renamed(deck, 13));
    assert_eq!(
        only(&error, "speed-out-of-range", Severity::Error)
            .location
            .object,
        Some(ObjectRef::RaceCard {
            id: "line-1".into()
        })
    );
    let warning = edit_race(|deck| renamed(deck, 0));
    only(&warning, "speed-unusual", Severity::Warning);
}

/// A card named "Solo +6" at speed +7 prints a starburst showing 7 under a name saying 6: a
/// warning at its name. So is a name saying another movement type ("Lead +4" on a Solo card);
/// "Outside Line +3" on a Line card and "Diagonal Solo +3" on a Diagonal Solo card say nothing
/// wrong.
#[test]
fn a_card_whose_name_contradicts_its_numbers_is_a_warning() {
    let index = |deck: &RaceDeck, id: &str| {
        deck.cards
            .iter()
            .position(|c| c.id.as_str() == id)
            .expect("card")
    };
    let speed = edit_race(|deck| {
        let solo = index(deck, "solo-6");
        deck.cards[solo].speed = 7;
    });
    // Speed +7 is also outside the rulebook's table (speed-unusual).
    let found = speed
        .iter()
        .find(|d| d.code == "card-name-contradicts")
        .expect("the name is said");
    assert_eq!(found.severity, Severity::Warning);
    assert!(
        found.message.contains("named \"Solo +6\" but has speed +7"),
        "{}",
        found.message
    );
    assert_eq!(
        found.location.object,
        Some(ObjectRef::RaceCard {
            id: "solo-6".into()
        })
    );
    let movement = edit_race(|deck| {
        let lead = index(deck, "lead-4");
        deck.cards[lead].movement = roadwright::content::race_deck::MovementType::Solo;
    });
    let found = only(&movement, "card-name-contradicts", Severity::Warning);
    assert!(
        found.message.contains("its movement is Solo Movement")
            && found.message.contains("set its movement to Lead Movement"),
        "{}",
        found.message
    );
    assert!(
        edit_race(|_| {}).is_empty(),
        "the standard names (Outside Line +3, Diagonal Solo +3) agree with their cards"
    );
}

#[test]
fn a_card_forcing_both_lanes_is_an_error() {
    let diagnostics = edit_race(|deck| {
        deck.cards[0].instructions = vec![
            MovementInstruction::ForcedLane(LaneSide::Inside),
            MovementInstruction::ForcedLane(LaneSide::Outside),
        ];
    });
    only(&diagnostics, "conflicting-instructions", Severity::Error);
}

#[test]
fn a_duplicated_card_id_is_an_error_and_an_odd_one_a_warning() {
    let duplicate = edit_race(|deck| deck.cards[1].id = Id::from("line-1"));
    only(&duplicate, "duplicate-id", Severity::Error);
    let odd = edit_race(|deck| deck.cards[1].id = Id::from("Line Two"));
    only(&odd, "unconventional-id", Severity::Warning);
}

#[test]
fn movement_event_numbers_are_checked() {
    let empty_range = edit_events(|deck| {
        let card = deck
            .cards
            .iter_mut()
            .find(|c| c.id.as_str() == "get-there")
            .expect("get there");
        card.effect = MovementEvent::GetThere {
            min_mp: 3,
            max_mp: 2,
        };
    });
    let found = only(&empty_range, "event-number-out-of-range", Severity::Error);
    assert_eq!(
        found.location.object,
        Some(ObjectRef::MovementEvent {
            id: "get-there".into()
        })
    );
    let lethal = edit_events(|deck| {
        deck.cards[0].effect = MovementEvent::BigAir {
            damage: 6,
            scores_kill: false,
        };
    });
    only(&lethal, "event-eliminates", Severity::Warning);
    let harmless = edit_events(|deck| {
        deck.cards[0].effect = MovementEvent::BigAir {
            damage: 0,
            scores_kill: false,
        };
    });
    only(&harmless, "event-no-effect", Severity::Warning);
}

#[test]
fn a_combat_card_without_a_result_for_a_weapon_is_an_error() {
    let diagnostics = edit_combat(|deck| {
        deck.cards[2].weapons.remove("rockets");
    });
    let found = only(&diagnostics, "missing-weapon-result", Severity::Error);
    assert!(
        found
            .message
            .contains("combat card `sparks` has no result for weapon type `rockets`"),
        "{}",
        found.message
    );
}

#[test]
fn a_combat_card_naming_an_unknown_weapon_is_an_error() {
    let diagnostics = edit_combat(|deck| {
        deck.cards[0].weapons.insert(
            Id::from("laser"),
            AttackResult {
                damage: 1,
                effects: vec![],
            },
        );
    });
    let found = only(&diagnostics, "unknown-weapon-type", Severity::Error);
    assert_eq!(
        found.location.object,
        Some(ObjectRef::CombatCard {
            id: "wild-shot".into()
        })
    );
}

#[test]
fn a_car_carrying_an_unknown_weapon_is_an_error() {
    let diagnostics = edit_teams(|mats| mats.teams[2].cars[5].weapon = Id::from("laser"));
    let found = only(&diagnostics, "unknown-weapon-type", Severity::Error);
    assert_eq!(found.location.object, Some(car("ash-vipers", "36")));
    assert!(
        found
            .message
            .contains("car 36 of team `ash-vipers` carries `laser`"),
        "{}",
        found.message
    );
}

#[test]
fn bulldoze_or_chain_on_a_weapon_is_an_error() {
    let diagnostics = edit_combat(|deck| {
        if let Some(result) = deck.cards[0].weapons.get_mut("machine-guns") {
            result.effects.push(AttackEffect::Bulldoze);
        }
    });
    only(&diagnostics, "collision-only-effect", Severity::Error);
}

#[test]
fn a_deck_that_cannot_hit_defense_3_is_flagged() {
    let never = edit_combat(|deck| {
        for card in &mut deck.cards {
            card.value = card.value.min(1);
        }
    });
    only(&never, "never-hits-defense", Severity::Error);
    let bonus_only = edit_combat(|deck| {
        for card in &mut deck.cards {
            card.value = card.value.min(2);
        }
    });
    let found = only(&bonus_only, "never-hits-defense", Severity::Warning);
    assert!(
        found.message.contains("only cars with a targeting bonus"),
        "{}",
        found.message
    );
}

#[test]
fn an_unused_weapon_type_is_a_warning() {
    let diagnostics = edit_combat(|deck| {
        deck.weapon_types.push(WeaponType {
            id: Id::from("laser"),
            name: Text::from("Laser"),
            description: Text::default(),
        });
        for card in &mut deck.cards {
            card.weapons.insert(
                Id::from("laser"),
                AttackResult {
                    damage: 1,
                    effects: vec![],
                },
            );
        }
    });
    let found = only(&diagnostics, "unused-weapon-type", Severity::Warning);
    assert_eq!(
        found.location.object,
        Some(ObjectRef::WeaponType { id: "laser".into() })
    );
}

#[test]
fn defense_outside_1_to_3_is_an_error() {
    for defense in [0, 4] {
        let diagnostics = edit_teams(|mats| mats.teams[0].cars[0].defense = defense);
        let found = only(&diagnostics, "defense-out-of-range", Severity::Error);
        assert_eq!(found.location.object, Some(car("rust-reapers", "11")));
    }
}

#[test]
fn base_mp_outside_1_to_6_is_an_error() {
    for base_mp in [0, 7] {
        let diagnostics = edit_teams(|mats| mats.teams[9].cars[7].base_mp = base_mp);
        let found = only(&diagnostics, "base-mp-out-of-range", Severity::Error);
        assert_eq!(found.location.object, Some(car("black-widows", "108")));
    }
}

#[test]
fn a_team_without_eight_cars_is_an_error() {
    let diagnostics = edit_teams(|mats| {
        mats.teams[3].cars.pop();
    });
    let found = only(&diagnostics, "wrong-car-count", Severity::Error);
    assert_eq!(
        found.location.object,
        Some(ObjectRef::Team {
            id: "iron-ravens".into()
        })
    );
}

#[test]
fn car_numbers_must_be_unique_and_well_formed() {
    let duplicate = edit_teams(|mats| mats.teams[0].cars[1].number = CarNumber::from("11"));
    only(&duplicate, "duplicate-car-number", Severity::Error);
    let malformed = edit_teams(|mats| mats.teams[0].cars[1].number = CarNumber::from("#12"));
    only(&malformed, "malformed-car-number", Severity::Error);
}

#[test]
fn team_colours_must_parse_and_should_differ() {
    let invalid = edit_teams(|mats| mats.teams[0].colour = Text::from("rust"));
    only(&invalid, "invalid-colour", Severity::Error);
    let same = edit_teams(|mats| mats.teams[1].colour = mats.teams[0].colour.clone());
    only(&same, "duplicate-colour", Severity::Warning);
}

#[test]
fn fewer_teams_than_players_is_an_error() {
    let diagnostics = edit_teams(|mats| {
        mats.teams.pop();
    });
    let found = only(&diagnostics, "too-few-teams", Severity::Error);
    assert!(
        found.message.contains("9 teams, but 10 players"),
        "{}",
        found.message
    );
}

#[test]
fn ruleset_bands_must_cover_each_player_count_once() {
    let gap = edit_standard_ruleset(|ruleset| ruleset.cars_per_team[1].min_players = 6);
    let found = only(&gap, "cars-per-team-bands", Severity::Error);
    assert!(
        found.message.contains("with 5 players"),
        "{}",
        found.message
    );
    let overlap = edit_standard_ruleset(|ruleset| ruleset.cars_per_team[0].max_players = 5);
    only(&overlap, "cars-per-team-bands", Severity::Error);
}

#[test]
fn ruleset_numbers_must_agree_with_each_other() {
    let too_many = edit_standard_ruleset(|ruleset| {
        ruleset.cars_per_team = vec![CarsPerTeam {
            min_players: 2,
            max_players: 10,
            cars: 9,
        }];
    });
    assert!(
        codes(&too_many).contains(&("cars-per-team-range", Severity::Error)),
        "{too_many:#?}"
    );
    let crowded = edit_standard_ruleset(|ruleset| ruleset.cars_per_team[1].cars = 5);
    let found = only(&crowded, "grid-too-small", Severity::Warning);
    assert!(
        found
            .message
            .contains("45 cars on the track with 9 players"),
        "{}",
        found.message
    );
    let zero = edit_standard_ruleset(|ruleset| ruleset.victory_points = 0);
    only(&zero, "ruleset-zero", Severity::Error);
    let backwards = edit_standard_ruleset(|ruleset| {
        ruleset.min_players = 8;
        ruleset.max_players = 4;
    });
    only(&backwards, "player-range", Severity::Error);
}

#[test]
fn a_bigger_hand_size_in_a_ruleset_raises_the_deck_size_needed() {
    let diagnostics = edit_standard_ruleset(|ruleset| ruleset.hand_size = 10);
    let found = only(&diagnostics, "deck-too-small", Severity::Error);
    assert!(
        found
            .message
            .contains("96 cards, fewer than the 100 needed"),
        "{}",
        found.message
    );
}

#[test]
fn a_pack_missing_a_file_or_holding_two_is_an_error() {
    let missing = validate_edited(|files| {
        files.retain(|f| !matches!(f.document, Document::CombatEventDeck(_)));
    });
    let found = only(&missing, "missing-file", Severity::Error);
    assert!(
        found.message.contains("no combat_event_deck file"),
        "{}",
        found.message
    );
    let doubled = validate_edited(|files| {
        let mut copy = files
            .iter()
            .find(|f| matches!(f.document, Document::RaceDeck(_)))
            .expect("deck")
            .clone();
        copy.source.path = copy.source.path.with_file_name("race_deck_copy.ron");
        files.push(copy);
    });
    only(&doubled, "duplicate-file", Severity::Error);
}

#[test]
fn validation_reports_every_problem_not_just_the_first() {
    let diagnostics = validate_edited(|files| {
        for file in files {
            match &mut file.document {
                Document::RaceDeck(deck) => deck.cards[0].count = 0,
                Document::TeamMats(mats) => mats.teams[0].cars[0].defense = 9,
                Document::CombatEventDeck(deck) => {
                    deck.cards[0].weapons.remove("emp");
                }
                Document::Ruleset(ruleset) => ruleset.hand_size = 0,
                Document::Terrain(file) => file.kinds[1].enter_cost = 0,
                Document::MovementEventDeck(_)
                | Document::HazardDeck(_)
                | Document::Track(_)
                | Document::Scenario(_)
                | Document::Mission(_)
                | Document::Tile(_)
                | Document::Course(_)
                | Document::BotProfile(_)
                | Document::TuningSpec(_) => {}
            }
        }
    });
    let found: Vec<_> = codes(&diagnostics)
        .into_iter()
        .map(|(code, _)| code)
        .collect();
    for code in [
        "count-zero",
        "defense-out-of-range",
        "missing-weapon-result",
        "ruleset-zero",
        "enter-cost-out-of-range",
    ] {
        assert!(found.contains(&code), "{code} missing from {found:?}");
    }
}

#[test]
fn a_single_file_is_checked_on_its_own_against_the_rulebook_numbers() {
    let pack = standard();
    let mut loaded = pack
        .files
        .iter()
        .find(|f| matches!(f.document, Document::TeamMats(_)))
        .expect("mats")
        .clone();
    assert!(validate_document(&loaded).is_empty());
    if let Document::TeamMats(mats) = &mut loaded.document {
        mats.teams[0].cars[0].weapon = Id::from("laser");
        mats.teams[0].cars[1].defense = 0;
    }
    loaded.source.text = loaded.document.to_text(loaded.source.format).expect("text");
    // On its own a team mat cannot know the weapon types, so only the defense is reported.
    let diagnostics = validate_document(&loaded);
    only(&diagnostics, "defense-out-of-range", Severity::Error);
}

#[test]
fn an_empty_event_or_combat_deck_is_an_error() {
    let events = edit_events(|deck| deck.cards.clear());
    let found = only(&events, "deck-empty", Severity::Error);
    assert!(
        found.message.contains("movement event deck has no cards"),
        "{}",
        found.message
    );
    let combat = edit_combat(|deck| deck.cards.clear());
    let found = only(&combat, "deck-empty", Severity::Error);
    assert!(
        found.message.contains("combat deck has no cards"),
        "{}",
        found.message
    );
}

#[test]
fn a_collision_that_spares_the_active_car_is_an_error_8_4() {
    // 8.4: "All Collision Attacks involve some damage to the target car and the Active Car."
    let diagnostics = edit_combat(|deck| deck.cards[0].collision.active_damage = 0);
    let found = only(&diagnostics, "collision-without-damage", Severity::Error);
    assert!(
        found.message.contains("the active car"),
        "{}",
        found.message
    );
    let diagnostics = edit_combat(|deck| deck.cards[1].collision.target_damage = 0);
    let found = only(&diagnostics, "collision-without-damage", Severity::Error);
    assert!(found.message.contains("the target"), "{}", found.message);
}

#[test]
fn card_counts_are_bounded_by_what_a_game_can_use() {
    // A count of 4,294,967,295 used to validate clean and then make a race allocate 8 GB.
    let diagnostics = edit_race(|deck| deck.cards[0].count = u32::MAX);
    // Both the card and its deck are out of bounds.
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code).collect();
    assert!(codes.contains(&"count-too-large"), "{codes:?}");
    assert!(codes.contains(&"deck-too-large"), "{codes:?}");
    let found = diagnostics
        .iter()
        .find(|d| d.code == "count-too-large")
        .expect("count");
    assert!(found.message.contains("1 to 999"), "{}", found.message);
    let just_right = edit_race(|deck| deck.cards[0].count = 999);
    assert!(
        just_right.iter().all(|d| d.severity != Severity::Error),
        "{just_right:#?}"
    );
    for edit in [
        edit_events(|deck| deck.cards[0].count = 1_000),
        edit_combat(|deck| deck.cards[0].count = 1_000),
    ] {
        only(&edit, "count-too-large", Severity::Error);
    }
}

/// The quoted words joined by hyphens in a source file: where diagnostic codes are written.
fn hyphenated_literals(text: &str) -> Vec<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            s.contains('-')
                && !s.starts_with('-')
                && !s.ends_with('-')
                && !s.contains("--")
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
        .map(str::to_owned)
        .collect()
}

/// Every code the validator, the loaders and the check by play can emit has a meaning in the
/// code book (shown by Help > Diagnostic codes and `roadwright codes`), and the book lists no
/// code nothing emits.
#[test]
fn every_diagnostic_code_has_a_meaning_in_the_code_book() {
    use roadwright::validate::code_book::{CODE_BOOK, meaning};
    let src = common::repo("src");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(src.join("validate"))
        .expect("validate")
        .map(|e| e.expect("entry").path())
        .filter(|p| !p.ends_with("code_book.rs"))
        .collect();
    files.extend(
        [
            "sim/play_check.rs",
            "sim/load.rs",
            "sim/mission.rs",
            "cli/validate.rs",
            "cli/course.rs",
        ]
        .iter()
        .map(|f| src.join(f)),
    );
    let mut emitted: std::collections::BTreeSet<String> = files
        .iter()
        .flat_map(|f| hyphenated_literals(&std::fs::read_to_string(f).expect("source")))
        .collect();
    emitted.extend(
        roadwright::content::LoadErrorCode::ALL
            .iter()
            .map(|c| c.as_str().to_owned()),
    );
    emitted.insert("scenario".to_owned());
    let missing: Vec<&String> = emitted.iter().filter(|c| meaning(c).is_none()).collect();
    assert!(missing.is_empty(), "codes with no meaning: {missing:?}");
    let unused: Vec<&str> = CODE_BOOK
        .iter()
        .map(|e| e.code)
        .filter(|c| !emitted.contains(*c))
        .collect();
    assert!(
        unused.is_empty(),
        "meanings of codes nothing emits: {unused:?}"
    );
}

/// The sample tuning spec reads and checks clean; each kind of mistake in a spec is reported
/// with its code, at its field.
#[test]
fn a_tuning_spec_is_read_and_its_mistakes_reported() {
    use roadwright::content::tuning::{Objective, Parameter, TuningSpec};
    use roadwright::content::{LoadedDocument, SourceFile};
    let path = common::repo("tuning/even-teams.ron");
    let source = SourceFile::read(&path).expect("the sample spec");
    let document = Document::parse(&source).expect("parses");
    let loaded = LoadedDocument {
        source,
        document: document.clone(),
    };
    assert!(
        validate_document(&loaded).is_empty(),
        "{:?}",
        validate_document(&loaded)
    );
    let Document::TuningSpec(sample) = document else {
        panic!("a tuning spec");
    };
    let check = |edit: &dyn Fn(&mut TuningSpec)| -> Vec<&'static str> {
        let mut spec = sample.clone();
        edit(&mut spec);
        let document = Document::TuningSpec(spec);
        let text = document
            .to_text(roadwright::content::Format::Ron)
            .expect("text");
        let loaded = LoadedDocument {
            source: SourceFile::from_text(&path, text, roadwright::content::Format::Ron),
            document,
        };
        let found = validate_document(&loaded);
        assert!(found.iter().all(|d| d.location.line.is_some()), "{found:?}");
        found.iter().map(|d| d.code).collect()
    };
    assert_eq!(check(&|s| s.parameters.clear()), ["tuning-empty"]);
    assert_eq!(check(&|s| s.objectives.clear()), ["tuning-empty"]);
    assert_eq!(check(&|s| s.players = 11), ["tuning-players"]);
    assert_eq!(
        check(&|s| s.bots = vec!["racer".into(); 3]),
        ["tuning-players"]
    );
    assert_eq!(check(&|s| s.budget = 0), ["tuning-budget"]);
    assert_eq!(
        check(&|s| {
            s.parameters.push(Parameter::CarDefense {
                team: "rust-reapers".into(),
                car: None,
                min: 3,
                max: 1,
            });
        }),
        ["tuning-range"]
    );
    assert_eq!(
        check(&|s| {
            s.objectives.push(Objective::Metric {
                metric: "excitement".into(),
                above: Some(1.0),
                below: None,
                weight: 1.0,
            });
        }),
        ["tuning-metric"]
    );
    assert_eq!(
        check(&|s| s.objectives.push(Objective::WinRateSpread { weight: -1.0 })),
        ["tuning-weight"]
    );
}

#[test]
fn a_card_that_eliminates_outright_under_one_ruleset_of_the_pack_is_a_warning() {
    // The pack's rulesets are each checked for what eliminates: 4 damage is short of the
    // standard 6th, but the long ruleset made to eliminate at the 4th takes it.
    let big_air = MovementEvent::BigAir {
        damage: 4,
        scores_kill: false,
    };
    let under_both = validate_edited(|files| {
        for file in files {
            match &mut file.document {
                Document::Ruleset(ruleset) if ruleset.id.as_str() == "long" => {
                    ruleset.eliminating_damage = 4;
                }
                Document::MovementEventDeck(deck) => deck.cards[0].effect = big_air.clone(),
                _ => {}
            }
        }
    });
    let warning = only(&under_both, "event-eliminates", Severity::Warning);
    assert!(
        warning
            .message
            .contains("the 4th damage eliminates under the pack's ruleset that eliminates soonest"),
        "{}",
        warning.message
    );
    let standard = edit_events(|deck| deck.cards[0].effect = big_air.clone());
    assert!(
        !codes(&standard).contains(&("event-eliminates", Severity::Warning)),
        "4 damage eliminates under no ruleset of the standard pack"
    );
}
