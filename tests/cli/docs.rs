//! The documentation says what the program does: every command its examples show parses as the
//! command line would take it, and the list of diagnostic codes is the code book's.

use crate::common;

use clap::Parser;
use roadwright::cli::Cli;

/// The markdown files of the documentation.
fn documents() -> Vec<std::path::PathBuf> {
    let mut files = vec![common::repo("README.md"), common::repo("ARCHITECTURE.md")];
    let mut docs: Vec<_> = std::fs::read_dir(common::repo("docs"))
        .expect("docs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The `roadwright …` commands of a text: the lines of its `sh` code blocks and its inline code
/// spans that start with the program's name and give a command arguments.
fn commands(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_sh = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            in_sh = trimmed == "```sh";
            continue;
        }
        if in_sh {
            let command = trimmed.split(" #").next().unwrap_or_default().trim();
            if command.starts_with("roadwright ") {
                found.push(command.to_owned());
            }
            continue;
        }
        // An inline span of the name and a command alone (`roadwright merge`) names the
        // command; one with arguments is an example.
        for (i, span) in line.split('`').enumerate() {
            if i % 2 == 1 && span.starts_with("roadwright ") && span.split_whitespace().count() > 2
            {
                found.push(span.to_owned());
            }
        }
    }
    found
}

/// Whether a command is a synopsis (placeholders in capitals, options in brackets, choices
/// with `|`) rather than an example to run.
fn synopsis(command: &str) -> bool {
    command.split_whitespace().any(|word| {
        let letters: Vec<char> = word.chars().filter(char::is_ascii_alphabetic).collect();
        word.contains('[')
            || word.contains('|')
            || word.contains("...")
            || word.contains('…')
            || (!letters.is_empty() && letters.iter().all(char::is_ascii_uppercase))
    })
}

#[test]
fn every_command_in_the_docs_examples_parses() {
    let mut checked = 0;
    for file in documents() {
        let text = std::fs::read_to_string(&file).expect("readable");
        for command in commands(&text) {
            if synopsis(&command) {
                continue;
            }
            // Shell redirections and pipes end the command's own words.
            let words: Vec<String> = command
                .split_whitespace()
                .take_while(|w| !w.starts_with('>') && *w != "|" && *w != "2>")
                .map(|w| w.trim_matches('"').trim_matches('\'').to_owned())
                .collect();
            match Cli::try_parse_from(&words) {
                Ok(_) => {}
                // `--help` is a command that parses: clap answers it with the help.
                Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => {}
                Err(error) => panic!("{}: `{command}` does not parse: {error}", file.display()),
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} commands found in the docs");
}

/// `docs/diagnostic-codes.md` is what `roadwright codes --markdown` writes from the code book.
/// Written again with `ROADWRIGHT_BLESS=1 cargo test --test cli docs::`.
#[test]
fn the_diagnostic_codes_page_is_the_code_book() {
    let run = common::roadwright(&["codes", "--markdown"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let path = common::repo("docs/diagnostic-codes.md");
    if std::env::var_os("ROADWRIGHT_BLESS").is_some() {
        std::fs::write(&path, &run.stdout).expect("bless");
    }
    let page = std::fs::read_to_string(&path).expect("docs/diagnostic-codes.md");
    assert!(
        page == run.stdout,
        "docs/diagnostic-codes.md is out of date: `roadwright codes --markdown > docs/diagnostic-codes.md`"
    );
}
