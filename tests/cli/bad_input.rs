//! Broken and hostile files: each gets one clear error naming the file (and the line, column and
//! field where the text has them), `roadwright validate` exits 2, and nothing panics, overflows
//! the stack or hangs.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use roadwright::content::{Document, LoadError, LoadErrorCode};

const VALID_DECK: &str = r#"(
    kind: RaceDeck,
    version: 1,
    name: "Tiny deck",
    cards: [
        (id: "solo-3", name: "Solo +3", movement: Solo, speed: 3, movement_event: false, count: 60),
    ],
)
"#;

fn write(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, bytes).expect("write test file");
    path
}

fn load_error(path: &Path) -> LoadError {
    Document::load(path).expect_err("the file must be refused")
}

/// Checks the error through the library and through the CLI: one diagnostic line, exit 2.
fn assert_refused(
    path: &Path,
    code: LoadErrorCode,
    fragment: &str,
    position: Option<(usize, usize)>,
) {
    let error = load_error(path);
    assert_eq!(error.code, code, "{error}");
    assert!(
        error.message.contains(fragment),
        "expected `{fragment}` in: {error}"
    );
    assert_eq!(error.path, path);
    if let Some((line, column)) = position {
        assert_eq!(
            (error.line, error.column),
            (Some(line), Some(column)),
            "{error}"
        );
    }
    let run = common::roadwright(&["validate", path.to_str().expect("utf-8 temp path")]);
    assert_eq!(
        run.code, 2,
        "exit status for {error}\nstdout: {}",
        run.stdout
    );
    let lines: Vec<_> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "one clear error, got: {}", run.stdout);
    assert!(
        lines[0].starts_with(&path.display().to_string())
            && lines[0].contains(&format!("error[{}]", code.as_str())),
        "{}",
        lines[0]
    );
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

#[test]
fn a_valid_file_loads() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(dir.path(), "deck.ron", VALID_DECK);
    let loaded = Document::load(&path).expect("valid deck loads");
    assert!(matches!(loaded.document, Document::RaceDeck(_)));
}

#[test]
fn syntax_error_reports_line_and_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    // The comma after `name: "Tiny deck"` is missing: the parser stops at `cards` on line 5.
    let text = VALID_DECK.replace("\"Tiny deck\",", "\"Tiny deck\"");
    let path = write(dir.path(), "deck.ron", text);
    assert_refused(&path, LoadErrorCode::Parse, "", Some((5, 5)));
}

#[test]
fn json_syntax_error_reports_line_and_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(
        dir.path(),
        "deck.json",
        "{\n  \"kind\": \"RaceDeck\",\n  \"version\": 1,\n  \"name\": \"x\" \"cards\": []\n}",
    );
    assert_refused(&path, LoadErrorCode::Parse, "expected", Some((4, 15)));
}

#[test]
fn wrong_type_names_the_field() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(
        dir.path(),
        "deck.ron",
        VALID_DECK.replace("speed: 3", "speed: \"fast\""),
    );
    assert_refused(
        &path,
        LoadErrorCode::Parse,
        "at `cards[0].speed`",
        Some((6, 63)),
    );
}

#[test]
fn unknown_field_names_the_field() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(
        dir.path(),
        "deck.ron",
        VALID_DECK.replace("count: 60", "count: 60, colour: 1"),
    );
    let error = load_error(&path);
    assert!(error.message.contains("colour"), "{error}");
    assert_refused(&path, LoadErrorCode::Parse, "at `cards[0]", Some((6, 101)));
}

#[test]
fn empty_and_whitespace_files_are_empty() {
    let dir = tempfile::tempdir().expect("temp dir");
    assert_refused(
        &write(dir.path(), "empty.ron", ""),
        LoadErrorCode::Empty,
        "is empty",
        None,
    );
    assert_refused(
        &write(dir.path(), "blank.ron", " \n\t\r\n  "),
        LoadErrorCode::Empty,
        "is empty",
        None,
    );
}

#[test]
fn binary_junk_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A deterministic stream of bytes, as a compressed or image file would hold.
    let junk: Vec<u8> = (0u32..4096)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let path = write(dir.path(), "junk.ron", junk);
    let error = load_error(&path);
    assert!(
        matches!(error.code, LoadErrorCode::NotUtf8 | LoadErrorCode::Binary),
        "{error}"
    );
    assert_refused(&path, error.code, "", None);
}

#[test]
fn nul_bytes_are_refused_with_their_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(dir.path(), "nul.ron", VALID_DECK.replace("Tiny", "Ti\0ny"));
    assert_refused(&path, LoadErrorCode::Binary, "NUL byte", Some((4, 14)));
}

#[test]
fn non_utf8_text_is_refused_with_its_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    // "Café" written in Latin-1: the é is the single byte 0xE9.
    let mut bytes = VALID_DECK.replace("Tiny deck", "Caf").into_bytes();
    let at = bytes.windows(3).position(|w| w == b"Caf").expect("marker") + 3;
    bytes.insert(at, 0xE9);
    let path = write(dir.path(), "latin1.ron", bytes);
    assert_refused(&path, LoadErrorCode::NotUtf8, "not UTF-8", Some((4, 15)));
}

#[test]
fn a_directory_given_as_a_file_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("deck.ron");
    fs::create_dir(&path).expect("make directory");
    let error = load_error(&path);
    assert_eq!(error.code, LoadErrorCode::NotAFile);
    assert!(error.message.contains("is a directory"), "{error}");
}

#[cfg(unix)]
#[test]
fn a_dangling_symlink_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("deck.ron");
    std::os::unix::fs::symlink(dir.path().join("gone.ron"), &path).expect("symlink");
    assert_refused(&path, LoadErrorCode::Io, "broken symbolic link", None);
}

#[cfg(unix)]
#[test]
fn a_looping_symlink_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = dir.path().join("a.ron");
    let b = dir.path().join("b.ron");
    std::os::unix::fs::symlink(&b, &a).expect("symlink a");
    std::os::unix::fs::symlink(&a, &b).expect("symlink b");
    assert_refused(
        &a,
        LoadErrorCode::Io,
        "symbolic link that cannot be followed",
        None,
    );
}

#[test]
fn a_100_mb_file_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("huge.ron");
    // A sparse file: 100 MB long without writing 100 MB.
    fs::File::create(&path)
        .and_then(|file| file.set_len(100 * 1024 * 1024))
        .expect("sparse file");
    assert_refused(
        &path,
        LoadErrorCode::TooLarge,
        "104857600 bytes, larger than the 16 MiB",
        None,
    );
}

#[test]
fn brackets_nested_200000_deep_are_refused_not_overflowed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let depth = 200_000;
    let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    // Deep in a known field, in an ignored spot of the header pass, and as the whole file.
    let in_field = VALID_DECK.replace("\"Tiny deck\"", &deep);
    assert_refused(
        &write(dir.path(), "field.ron", &in_field),
        LoadErrorCode::Parse,
        "recursion limit",
        None,
    );
    let whole = write(dir.path(), "whole.ron", &deep);
    assert_refused(&whole, LoadErrorCode::Parse, "", None);
    // serde_json skips unknown values without recursing, and the typed pass refuses the array
    // where a string belongs at once: still one clear error and no overflow.
    let json = format!("{{\"kind\": \"RaceDeck\", \"version\": 1, \"name\": {deep}}}");
    assert_refused(
        &write(dir.path(), "deep.json", json),
        LoadErrorCode::Parse,
        "at `name`",
        None,
    );
    let json_whole = write(dir.path(), "whole.json", &deep);
    assert_refused(&json_whole, LoadErrorCode::Parse, "", None);
}

#[test]
fn a_5_mb_string_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let long = "x".repeat(5 * 1024 * 1024);
    let path = write(
        dir.path(),
        "long.ron",
        VALID_DECK.replace("Tiny deck", &long),
    );
    assert_refused(
        &path,
        LoadErrorCode::Parse,
        "at `name`: a string of 5242880 bytes is longer than the limit of 4096 bytes",
        None,
    );
}

#[test]
fn a_duplicated_field_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(
        dir.path(),
        "dup.ron",
        VALID_DECK.replace(
            "name: \"Tiny deck\",",
            "name: \"Tiny deck\", name: \"Again\",",
        ),
    );
    assert_refused(
        &path,
        LoadErrorCode::Parse,
        "duplicate field named `name`",
        Some((4, 24)),
    );
}

#[test]
fn an_overflowing_number_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(
        dir.path(),
        "big.ron",
        VALID_DECK.replace("count: 60", "count: 99999999999999999999999"),
    );
    assert_refused(&path, LoadErrorCode::Parse, "cards[0].count", None);
    let path = write(
        dir.path(),
        "neg.ron",
        VALID_DECK.replace("count: 60", "count: -1"),
    );
    assert_refused(&path, LoadErrorCode::Parse, "cards[0].count", None);
}

#[test]
fn a_future_format_version_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(
        dir.path(),
        "future.ron",
        VALID_DECK.replace("version: 1", "version: 7"),
    );
    assert_refused(
        &path,
        LoadErrorCode::Version,
        "format version 7, newer than this Roadwright reads (up to 1)",
        None,
    );
    let path = write(
        dir.path(),
        "zero.ron",
        VALID_DECK.replace("version: 1", "version: 0"),
    );
    assert_refused(&path, LoadErrorCode::Version, "version 0", None);
}

#[test]
fn an_unknown_kind_is_refused_naming_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(
        dir.path(),
        "kind.ron",
        VALID_DECK.replace("kind: RaceDeck", "kind: Spaceship"),
    );
    assert_refused(&path, LoadErrorCode::Parse, "Spaceship", Some((2, 11)));
    let path = write(
        dir.path(),
        "nokind.ron",
        VALID_DECK.replace("kind: RaceDeck,", ""),
    );
    assert_refused(&path, LoadErrorCode::Parse, "kind", None);
}

#[test]
fn an_unknown_extension_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(dir.path(), "deck.txt", VALID_DECK);
    assert_refused(&path, LoadErrorCode::UnknownFormat, ".ron or .json", None);
}

#[test]
fn a_missing_file_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    assert_refused(
        &dir.path().join("nothing.ron"),
        LoadErrorCode::Io,
        "does not exist",
        None,
    );
}

#[test]
fn messages_speak_of_the_file_not_of_the_programs_types() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Not a content file at all: no `Header` struct in the message.
    let list = write(dir.path(), "list.ron", "[1, 2]");
    assert_refused(
        &list,
        LoadErrorCode::Parse,
        "opens with `(kind: ...",
        Some((1, 1)),
    );
    assert!(!load_error(&list).message.contains("Header"));
    // A number out of range says the range, in RON and in JSON.
    let card = |count: &str| {
        format!(
            "(kind: RaceDeck, version: 1, name: \"x\", cards: [(id: \"a\", name: \"A\", \
             movement: Solo, speed: 3, movement_event: false, count: {count})])"
        )
    };
    let huge = write(dir.path(), "huge.ron", card("4294967296"));
    assert_refused(
        &huge,
        LoadErrorCode::Parse,
        "at `cards[0].count`: the number is out of range: it must be a whole number from 0 to \
         4294967295",
        None,
    );
    let negative = write(
        dir.path(),
        "negative.json",
        r#"{"kind": "RaceDeck", "version": 1, "name": "x", "cards": [{"id": "a", "name": "A",
        "movement": "Solo", "speed": 3, "movement_event": false, "count": -4}]}"#,
    );
    assert_refused(
        &negative,
        LoadErrorCode::Parse,
        "expected a whole number from 0 to 4294967295",
        None,
    );
    // A misspelt value lists the choices, without the enum's Rust name.
    let misspelt = write(
        dir.path(),
        "misspelt.ron",
        card("4").replace("Solo", "Sollo"),
    );
    let error = load_error(&misspelt);
    assert!(error.message.contains("`Sollo`"), "{error}");
    assert!(!error.message.contains("MovementType"), "{error}");
}

/// Runs `roadwright` through the shell, for redirections (`> /dev/full`): its exit code.
#[cfg(unix)]
fn roadwright_sh(command: &str) -> i32 {
    common::roadwright_shell(&common::repo("."), command, None).code
}

/// Every command follows the table of exit codes in docs/command-line.md: 2 for an input named on the command
/// line that cannot be read, an output that cannot be written (`> /dev/full`, a name too long to
/// save) or a wrong command line; 1 for content with errors or a command refusing what it was
/// given, including what a file names (a scenario's track: `moves` said 2, `validate` 1); 0 for
/// success. Write errors said 1 from `render` and `completions` and 2 from `simulate`.
#[cfg(unix)]
#[test]
fn every_command_follows_the_exit_code_table() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().display();
    let scenario =
        std::fs::read_to_string(common::repo("tests/scenarios/lateral-displacement.ron"))
            .expect("scenario")
            .replace("\"../../tracks/oval.ron\"", "\"/etc/passwd\"")
            .replace(
                "\"../../content\"",
                &format!("\"{}\"", common::repo("content").display()),
            );
    std::fs::write(dir.path().join("scenario.ron"), scenario).expect("write");
    let broken = common::copy_of_standard_pack();
    let deck = broken.path().join("race_deck.ron");
    let text = std::fs::read_to_string(&deck).expect("deck");
    let at = text.find("count: ").expect("a count");
    let end = at + text[at..].find(',').expect("its end");
    std::fs::write(
        &deck,
        format!("{}count: 1000000{}", &text[..at], &text[end..]),
    )
    .expect("a card of a million copies");
    let b = broken.path().display();
    let long = "x".repeat(250);
    let rows: Vec<(String, i32)> = vec![
        // 2: inputs that cannot be read.
        ("validate /nope.ron".into(), 2),
        ("inspect /nope.ron".into(), 2),
        ("fmt /nope.ron".into(), 2),
        ("moves /nope.ron".into(), 2),
        ("targets /nope.ron".into(), 2),
        ("race --track /nope.ron".into(), 2),
        ("simulate --track /nope.ron".into(), 2),
        ("merge /nope.json".into(), 2),
        (format!("render /nope.ron -o {d}/x.png"), 2),
        (format!("print /nope.ron -o {d}/x.pdf"), 2),
        (format!("tune /nope.ron --out {d}/t"), 2),
        ("replay /nope.json".into(), 2),
        ("ladder --tracks /nope.ron --races 1".into(), 2),
        (format!("course build /nope.ron -o {d}/course.ron"), 2),
        // 2: outputs that cannot be written.
        ("completions bash > /dev/full".into(), 2),
        (
            "race --track tracks/oval.ron --players 2 > /dev/full".into(),
            2,
        ),
        ("render tracks/oval.ron -o /dev/full".into(), 2),
        (
            "simulate --track tracks/oval.ron --players 2 --races 2 --json /dev/full".into(),
            2,
        ),
        (format!("render tracks/oval.ron -o {d}/{long}.png"), 2),
        (format!("new-track oval -o {d}/{long}.ron"), 2),
        (
            format!("simulate --track tracks/oval.ron --races 2 --json {d}/{long}.json"),
            2,
        ),
        (format!("print content/race_deck.ron -o {d}/{long}.pdf"), 2),
        // 2: the command line.
        ("validate --no-such-option content".into(), 2),
        ("simulate --track tracks/oval.ron --players 11".into(), 2),
        // 1: content with errors, or what a file names.
        (format!("validate {b}"), 1),
        (
            format!("simulate --content {b} --track tracks/oval.ron --races 2"),
            1,
        ),
        (format!("print {b} -o {d}/y.pdf"), 1),
        (
            format!("ladder --content {b} --tracks tracks/oval.ron --races 1"),
            1,
        ),
        (format!("validate {d}/scenario.ron"), 1),
        (format!("moves {d}/scenario.ron"), 1),
        (format!("targets {d}/scenario.ron"), 1),
        ("new-track oval -o tracks/oval.ron".into(), 1),
        // 0.
        ("validate content".into(), 0),
        ("completions bash > /dev/null".into(), 0),
    ];
    for (command, code) in &rows {
        assert_eq!(roadwright_sh(command), *code, "roadwright {command}");
    }
}

/// Names come from files: a team named with terminal escape sequences is printed with its
/// control characters escaped (they passed through raw and could clear or rewrite the
/// terminal), and `--json` keeps the name as it is.
#[test]
fn control_characters_in_names_are_printed_escaped() {
    let pack = common::copy_of_standard_pack();
    let mats = pack.path().join("team_mats.ron");
    let text = std::fs::read_to_string(&mats).expect("mats");
    let at = text.find("name: \"").expect("a name") + "name: \"".len();
    std::fs::write(
        &mats,
        format!("{}\u{1b}[2J\u{9b}{}", &text[..at], &text[at..]),
    )
    .expect("write");
    let args = |json: bool| {
        let mut args = vec![
            "race".to_owned(),
            "--content".to_owned(),
            pack.path().display().to_string(),
            "--track".to_owned(),
            "tracks/oval.ron".to_owned(),
            "--players".to_owned(),
            "2".to_owned(),
        ];
        if json {
            args.push("--json".to_owned());
        }
        args
    };
    let text = common::roadwright(&args(false).iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(!text.stdout.contains('\u{1b}') && !text.stdout.contains('\u{9b}'));
    assert!(
        text.stdout.contains("\\u001b[2J\\u009bRust Reapers"),
        "{}",
        text.stdout
    );
    let json = common::roadwright(&args(true).iter().map(String::as_str).collect::<Vec<_>>());
    let report: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert_eq!(report["players"][0]["team"], "\u{1b}[2J\u{9b}Rust Reapers");
}

/// `fmt` refuses a file whose name is too long to save (its temporary file's name would pass
/// the system's 255 bytes) before writing anything, naming it.
#[test]
fn fmt_refuses_a_name_too_long_to_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text =
        std::fs::read_to_string(common::repo("content/rulesets/standard.ron")).expect("ruleset");
    let path = dir.path().join(format!("{}.ron", "r".repeat(246)));
    std::fs::write(&path, format!("{text}\n\n")).expect("write a file not in canonical form");
    let run = common::roadwright(&["fmt", path.to_str().expect("path")]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("its name is 250 bytes"),
        "{}",
        run.stderr
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).expect("list").count(),
        1,
        "no backup, no temporary file"
    );
}
