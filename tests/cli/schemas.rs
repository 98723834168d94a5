//! The checked-in JSON Schemas are the ones the types generate.

use crate::common;

use roadwright::cli::all_schemas;

#[test]
fn checked_in_schemas_match_the_types() {
    let folder = common::repo("schemas");
    let mut expected_files: Vec<String> = Vec::new();
    for named in all_schemas() {
        let path = folder.join(&named.file_name);
        let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|error| {
            panic!(
                "{}: {error}; run `cargo run -- schema --out schemas`",
                path.display()
            )
        });
        assert!(
            on_disk == named.to_text(),
            "{} is out of date; run `cargo run -- schema --out schemas`",
            path.display()
        );
        expected_files.push(named.file_name);
    }
    let mut present: Vec<String> = std::fs::read_dir(&folder)
        .expect("schemas/ exists")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    present.sort();
    expected_files.sort();
    assert_eq!(
        present, expected_files,
        "schemas/ holds exactly one schema per format"
    );
}

#[test]
fn schemas_pin_the_kind_and_describe_the_fields() {
    let race = all_schemas()
        .into_iter()
        .find(|s| s.file_name == "race_deck.schema.json")
        .expect("race deck schema");
    let text = race.to_text();
    assert!(
        text.contains("\"RaceDeck\""),
        "the kind marker is in the schema"
    );
    assert!(
        text.contains("\"maxLength\": 4096"),
        "text limits are in the schema"
    );
    assert!(
        text.contains("The on-track speed adjustment"),
        "doc comments become descriptions"
    );
}
