//! The standard content pack matches the rulebook and the brief, validates clean, and its files
//! are in canonical form (saving them gives back the same bytes).

use crate::common;

use std::collections::BTreeMap;

use roadwright::content::race_deck::{LaneSide, MovementInstruction, MovementType, RULEBOOK_TABLE};
use roadwright::content::ruleset::Ruleset;
use roadwright::content::summary::ContentSummary;
use roadwright::content::{Document, Format, RawPack, SourceFile};
use roadwright::validate::validate_pack;

fn standard_pack() -> RawPack {
    let pack = RawPack::load(&common::repo("content")).expect("content/ opens");
    assert!(pack.errors.is_empty(), "{:?}", pack.errors);
    pack
}

fn race_deck(pack: &RawPack) -> &roadwright::content::race_deck::RaceDeck {
    pack.find(|document| match document {
        Document::RaceDeck(deck) => Some(deck),
        _ => None,
    })
    .expect("a race deck")
    .1
}

#[test]
fn the_standard_pack_validates_without_errors_or_warnings() {
    let (content, diagnostics) = validate_pack(&standard_pack());
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let content = content.expect("checked content");
    assert_eq!(content.teams.len(), 10);
    assert_eq!(content.rulesets.len(), 2);
}

#[test]
fn totals_are_96_52_48_10_teams_80_cars() {
    let pack = standard_pack();
    let summary = ContentSummary::of("pack", pack.files.iter().map(|f| &f.document), 0);
    assert_eq!(
        (
            summary.race_cards,
            summary.movement_events,
            summary.combat_events,
            summary.teams,
            summary.cars
        ),
        (96, 52, 48, 10, 80)
    );
}

#[test]
fn race_deck_is_the_rulebook_table_plus_four_outside_line() {
    let pack = standard_pack();
    let deck = race_deck(&pack);
    let mut table: BTreeMap<(MovementType, i32), u32> = BTreeMap::new();
    let mut outside_line = 0;
    for card in &deck.cards {
        if card.instructions == [MovementInstruction::ForcedLane(LaneSide::Outside)] {
            assert_eq!(
                (card.movement, card.speed),
                (MovementType::Line, 3),
                "{}",
                card.id
            );
            outside_line += card.count;
        } else {
            assert!(card.instructions.is_empty(), "{}", card.id);
            *table.entry((card.movement, card.speed)).or_default() += card.count;
        }
    }
    assert_eq!(outside_line, 4);
    for (movement, counts) in RULEBOOK_TABLE {
        for (index, expected) in counts.into_iter().enumerate() {
            let speed = i32::try_from(index).expect("small") + 1;
            let got = table.remove(&(movement, speed)).unwrap_or(0);
            assert_eq!(got, expected, "{movement:?} +{speed}");
        }
    }
    assert!(
        table.is_empty(),
        "cards outside the rulebook table: {table:?}"
    );
}

#[test]
fn starburst_is_on_every_plus_5_and_6_and_every_ram_card_only() {
    let pack = standard_pack();
    for card in &race_deck(&pack).cards {
        let expected = card.speed >= 5
            || matches!(card.movement, MovementType::Ram | MovementType::DiagonalRam);
        assert_eq!(card.movement_event, expected, "{}", card.id);
    }
}

#[test]
fn movement_events_have_the_rulebook_counts() {
    let expected: BTreeMap<&str, u64> = [
        ("Big Air", 1),
        ("Blown Engine", 1),
        ("Blown Transmission", 1),
        ("Bottoming Out", 4),
        ("Bounty", 1),
        ("Bump and Run", 3),
        ("Bumpy Ride", 1),
        ("Dangerous Debris", 3),
        ("Drift", 3),
        ("Engine Failure", 1),
        ("Fuel Leak", 1),
        ("Get There", 2),
        ("Greasing the Landing", 1),
        ("High Flyer", 1),
        ("Into the Weeds", 2),
        ("Missed Jump", 2),
        ("Open Road", 4),
        ("Outta Gas", 1),
        ("Race Bonus", 1),
        ("Reloading", 3),
        ("Roll", 1),
        ("Shredded Tire", 1),
        ("Shot of NOS", 1),
        ("Sideswipe", 7),
        ("Snapped the Struts", 1),
        ("Spin-Around", 2),
        ("Suspension Failure", 1),
        ("Transmission Failure", 1),
    ]
    .into_iter()
    .collect();
    assert_eq!(expected.len(), 28);
    let pack = standard_pack();
    let summary = ContentSummary::of("pack", pack.files.iter().map(|f| &f.document), 0);
    let got: BTreeMap<&str, u64> = summary
        .movement_events_by_kind
        .iter()
        .map(|(name, count)| (name.as_str(), *count))
        .collect();
    assert_eq!(got, expected);
}

#[test]
fn rulesets_standard_and_long_have_12_and_15_vp() {
    let pack = standard_pack();
    let rulesets: BTreeMap<String, &Ruleset> = pack
        .files
        .iter()
        .filter_map(|f| match &f.document {
            Document::Ruleset(ruleset) => Some((ruleset.id.to_string(), ruleset)),
            _ => None,
        })
        .collect();
    assert_eq!(rulesets.len(), 2);
    assert_eq!(rulesets["standard"].victory_points, 12);
    assert_eq!(rulesets["long"].victory_points, 15);
    for ruleset in rulesets.values() {
        assert_eq!(
            (ruleset.min_players, ruleset.max_players, ruleset.hand_size),
            (2, 10, 6)
        );
        assert_eq!(ruleset.cars_for_players(4), Some(5));
        assert_eq!(ruleset.cars_for_players(5), Some(4));
        assert_eq!(ruleset.eliminating_damage, 6);
    }
}

#[test]
fn shipped_files_are_canonical_so_saving_gives_the_same_bytes() {
    for loaded in &standard_pack().files {
        let saved = loaded
            .document
            .to_text(loaded.source.format)
            .expect("serialises");
        assert!(
            saved == loaded.source.text,
            "{} is not canonical; run `roadwright fmt content`",
            loaded.source.path.display()
        );
    }
}

#[test]
fn json_content_loads_exactly_like_ron() {
    for loaded in &standard_pack().files {
        let json = loaded
            .document
            .to_text(Format::Json)
            .expect("serialises as JSON");
        let source = SourceFile::from_text(
            loaded.source.path.with_extension("json"),
            json,
            Format::Json,
        );
        let reparsed = Document::parse(&source).expect("JSON parses");
        assert_eq!(
            reparsed,
            loaded.document,
            "{}",
            loaded.source.path.display()
        );
    }
}

#[test]
fn a_version_1_ruleset_migrates_to_the_current_format() {
    let v1 = r#"(
        kind: Ruleset, version: 1, id: "old", name: "Old house rules",
        min_players: 3, max_players: 8,
        cars_per_team_2_to_4: 6, cars_per_team_5_to_10: 3,
        cars_on_mat: 8, hand_size: 5, victory_points: 10, eliminating_damage: 6,
        countdown_clock: false, crossover_collision: StopOnly,
    )"#;
    let document =
        Document::parse(&SourceFile::from_text("old.ron", v1, Format::Ron)).expect("v1 loads");
    let Document::Ruleset(ruleset) = document else {
        panic!("a ruleset");
    };
    assert_eq!(ruleset.version, Ruleset::VERSION);
    assert_eq!(
        ruleset.cars_for_players(2),
        None,
        "below the ruleset's 3 players"
    );
    assert_eq!(ruleset.cars_for_players(3), Some(6));
    assert_eq!(ruleset.cars_for_players(4), Some(6));
    assert_eq!(ruleset.cars_for_players(5), Some(3));
    assert_eq!(ruleset.cars_for_players(8), Some(3));
    assert_eq!(ruleset.cars_per_team.len(), 2);
    assert_eq!(
        (
            ruleset.hand_size,
            ruleset.victory_points,
            ruleset.countdown_clock
        ),
        (5, 10, false)
    );
    // Saving writes the current version, which loads back unchanged.
    let text = Document::Ruleset(ruleset.clone())
        .to_text(Format::Ron)
        .expect("saves");
    assert!(text.contains("version: 2"), "{text}");
    let again =
        Document::parse(&SourceFile::from_text("old.ron", text, Format::Ron)).expect("reloads");
    assert_eq!(again, Document::Ruleset(ruleset));
}
