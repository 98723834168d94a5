//! The layers of the crate's architecture map (`src/lib.rs`) hold: no module imports a layer
//! above it. Every line of code under `src/LAYER/` that names `crate::OTHER` is checked against
//! the layers `LAYER` may use (comments, which may point anywhere, are skipped).

use std::path::Path;

use crate::common;

/// Each layer, and the layers its code may name.
const LAYERS: &[(&str, &[&str])] = &[
    ("content", &[]),
    ("validate", &["content"]),
    ("rules", &["content", "validate"]),
    ("sim", &["content", "validate", "rules", "stretch"]),
    ("stretch", &["content"]),
    ("edit", &["content", "stretch"]),
    ("render", &["content", "validate"]),
    (
        "cli",
        &[
            "content", "validate", "rules", "sim", "stretch", "edit", "render",
        ],
    ),
    (
        "gui",
        &[
            "content", "validate", "rules", "sim", "stretch", "edit", "render",
        ],
    ),
];

/// Every `.rs` file under `folder`.
fn sources(folder: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The layers a line of code names as `crate::LAYER`.
fn named_layers(line: &str) -> Vec<&str> {
    line.match_indices("crate::")
        .filter_map(|(at, _)| {
            let rest = &line[at + "crate::".len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            LAYERS
                .iter()
                .map(|(layer, _)| *layer)
                .find(|layer| *layer == &rest[..end])
        })
        .collect()
}

/// Every line that names a layer its own may not use, as `file:line: text`.
fn upward_imports(src: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for (layer, allowed) in LAYERS {
        for file in sources(&src.join(layer)) {
            let text = std::fs::read_to_string(&file).expect("a source file");
            for (number, line) in text.lines().enumerate() {
                if line.trim_start().starts_with("//") {
                    continue;
                }
                for named in named_layers(line) {
                    if named != *layer && !allowed.contains(&named) {
                        found.push(format!(
                            "{}:{}: `{layer}` uses `{named}`: {}",
                            file.display(),
                            number + 1,
                            line.trim()
                        ));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn no_layer_imports_a_layer_above_it() {
    let found = upward_imports(&common::repo("src"));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The check finds an upward import where there is one: a `content` file that names `sim`.
#[test]
fn an_upward_import_is_found() {
    let dir = tempfile::tempdir().expect("temp");
    for (layer, _) in LAYERS {
        std::fs::create_dir_all(dir.path().join(layer)).expect("folder");
    }
    std::fs::write(
        dir.path().join("content/mod.rs"),
        "// crate::sim in a comment is fine\nuse crate::sim::batch::BatchSpec;\n",
    )
    .expect("write");
    std::fs::write(dir.path().join("sim/mod.rs"), "use crate::rules::Race;\n").expect("write");
    let found = upward_imports(dir.path());
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("content/mod.rs:2"), "{found:?}");
}

/// The top-level modules of a layer (`src/LAYER/NAME.rs` or `src/LAYER/NAME/`) each names, as
/// `crate::LAYER::NAME` anywhere under it, `super::NAME` in a file directly in `src/LAYER/`, or
/// `super::super::NAME` one folder down. Comments are skipped.
fn module_imports(
    gui: &Path,
    layer: &str,
) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let path = format!("crate::{layer}::");
    let module_of = |file: &Path| -> (String, usize) {
        let inside = file.strip_prefix(gui).expect("under gui");
        let mut parts = inside.iter();
        let first = parts.next().expect("a part").to_string_lossy().into_owned();
        let depth = inside.iter().count() - 1;
        (first.trim_end_matches(".rs").to_owned(), depth)
    };
    let word = |rest: &str| -> String {
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        rest[..end].to_owned()
    };
    let mut graph = std::collections::BTreeMap::<String, std::collections::BTreeSet<String>>::new();
    for file in sources(gui) {
        let (module, depth) = module_of(&file);
        if module == "mod" {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file");
        for line in text.lines() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            let mut named: Vec<String> = line
                .match_indices(path.as_str())
                .map(|(at, p)| word(&line[at + p.len()..]))
                .collect();
            let up = match depth {
                0 => Some("super::"),
                1 => Some("super::super::"),
                _ => None,
            };
            if let Some(up) = up {
                named.extend(line.match_indices(up).filter_map(|(at, p)| {
                    // `super::super::x` also holds `super::x`: only the whole prefix counts.
                    let before = &line[..at];
                    (!before.ends_with("super::")).then(|| word(&line[at + p.len()..]))
                }));
            }
            for other in named {
                if !other.is_empty() && other != module && other != "super" {
                    graph.entry(module.clone()).or_default().insert(other);
                }
            }
        }
    }
    graph
}

#[test]
fn the_studio_s_modules_name_each_other_only_in_the_one_pair_the_map_allows() {
    // ARCHITECTURE.md: "The one pair that names each other is `gui::screen` and
    // `gui::command`".
    assert_eq!(mutual_pairs("gui"), ["command <-> screen"]);
}

/// The pairs of a layer's top-level modules that name each other.
fn mutual_pairs(layer: &str) -> Vec<String> {
    let names = module_imports(&common::repo(&format!("src/{layer}")), layer);
    let mut pairs = Vec::new();
    for (a, named) in &names {
        for b in named {
            if a < b && names.get(b).is_some_and(|theirs| theirs.contains(a)) {
                pairs.push(format!("{a} <-> {b}"));
            }
        }
    }
    pairs
}

#[test]
fn the_command_line_s_files_name_each_other_in_no_pair() {
    // A command's file uses the files it needs (its arguments, printing, bot choice) and
    // none of them uses it back: `simulate` and `simulate_courses` named each other.
    let names = module_imports(&common::repo("src/cli"), "cli");
    assert!(
        names
            .get("simulate_courses")
            .is_some_and(|n| n.contains("simulate_args")),
        "the graph is read: {names:?}"
    );
    assert_eq!(mutual_pairs("cli"), Vec::<String>::new());
}

#[test]
fn only_the_state_module_writes_the_race() {
    // ARCHITECTURE.md, "One owner for the race's state": `Race`'s fields are private to
    // `rules/state.rs`, whose children `state/change.rs` (the named changes) and
    // `state/mark.rs` (the search's undo) are the only other files that reach its parts.
    let rules = common::repo("src/rules");
    let text = std::fs::read_to_string(rules.join("state.rs")).expect("state.rs");
    let start = text.find("pub struct Race {").expect("the race");
    let body = &text[start..start + text[start..].find("\n}").expect("its end")];
    let public: Vec<&str> = body
        .lines()
        .filter(|l| l.trim_start().starts_with("pub"))
        .collect();
    assert_eq!(public.len(), 1, "fields open to other modules: {public:?}");
    let mut reaching: Vec<String> = sources(&rules)
        .into_iter()
        .filter(|file| {
            let text = std::fs::read_to_string(file).expect("a source file");
            ["self.position.", "self.flow.", "self.records."]
                .iter()
                .any(|part| text.contains(part))
        })
        .map(|file| {
            file.strip_prefix(&rules)
                .expect("under rules")
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    reaching.sort();
    assert_eq!(reaching, ["state.rs", "state/change.rs", "state/mark.rs"]);
}

/// The variants of `pub enum NAME` in a source text, by name.
fn enum_variants(text: &str, name: &str) -> Vec<String> {
    let start = text.find(&format!("pub enum {name} {{")).expect("the enum");
    let body = &text[start..];
    let end = body.find("\n}").expect("its end");
    body[..end]
        .lines()
        .skip(1)
        .filter_map(|line| {
            let variant = line.strip_prefix("    ")?;
            let first = variant.chars().next()?;
            first.is_ascii_uppercase().then(|| {
                variant
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .next()
                    .unwrap_or_default()
                    .to_owned()
            })
        })
        .collect()
}

#[test]
fn every_studio_action_has_a_row_in_the_action_table() {
    // The menu bar, the Help sheet and the keys are made from the action table (its rows, and
    // the screens registry's Show rows): an action with no row could never be chosen.
    let src = common::repo("src/gui");
    let read = |file: &str| std::fs::read_to_string(src.join(file)).expect(file);
    let actions = enum_variants(&read("action.rs"), "Action");
    assert!(actions.len() >= 30, "the enum read: {actions:?}");
    let rows = read("action_table.rs") + &read("screens.rs");
    let missing: Vec<&String> = actions
        .iter()
        .filter(|action| {
            !rows
                .match_indices(&format!("Action::{action}"))
                .any(|(at, p)| {
                    !rows[at + p.len()..]
                        .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                })
        })
        .collect();
    assert!(missing.is_empty(), "actions without a row: {missing:?}");
}

#[test]
fn the_rules_engine_s_map_names_every_module() {
    // `src/rules/mod.rs` opens with the engine's layout: every module it declares is named
    // there (as `name` or [`name`]).
    let text = std::fs::read_to_string(common::repo("src/rules/mod.rs")).expect("rules/mod.rs");
    let docs: String = text
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .collect::<Vec<_>>()
        .join("\n");
    let modules: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            let l = l
                .trim_start_matches("pub(crate) ")
                .trim_start_matches("pub ");
            l.strip_prefix("mod ")?.strip_suffix(';')
        })
        .collect();
    assert!(modules.len() >= 25, "modules read: {modules:?}");
    let unnamed: Vec<&&str> = modules
        .iter()
        .filter(|m| !docs.contains(&format!("`{m}`")))
        .collect();
    assert!(
        unnamed.is_empty(),
        "modules the map does not name: {unnamed:?}"
    );
}
