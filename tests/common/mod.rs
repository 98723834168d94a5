//! Helpers shared by the integration tests.
#![allow(dead_code)] // Each test binary uses a different subset.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A path inside the repository.
pub fn repo(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// What a run of the real `roadwright` binary gave.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// What a finished process gave.
    pub fn of(output: &std::process::Output) -> Self {
        Self {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }
}

/// Runs the real binary with arguments, from the repository root.
pub fn roadwright(args: &[&str]) -> Run {
    roadwright_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// `roadwright simulate` on a track and content folder with random bots, and its `--json`
/// report (the run must succeed).
pub fn simulate_report(track: &Path, content: &Path, races: u32, players: u8) -> serde_json::Value {
    let dir = tempfile::tempdir().expect("temp dir");
    let report = dir.path().join("report.json");
    let run = roadwright(&[
        "simulate",
        "--track",
        track.to_str().expect("utf-8"),
        "--content",
        content.to_str().expect("utf-8"),
        "--races",
        &races.to_string(),
        "--players",
        &players.to_string(),
        "--bots",
        "random",
        "--json",
        report.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    serde_json::from_str(&fs::read_to_string(&report).expect("report")).expect("JSON")
}

/// Runs the real binary with arguments, from `dir`.
pub fn roadwright_in(dir: &Path, args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_roadwright"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the roadwright binary runs");
    Run::of(&output)
}

/// Runs the real binary through the shell from `dir`, `arguments` as a shell reads them (so
/// redirections such as `> /dev/full` work), under an address-space limit of `limit_kib` when
/// one is given: a command that asks for more aborts, and the test sees it.
pub fn roadwright_shell(dir: &Path, arguments: &str, limit_kib: Option<u64>) -> Run {
    let limit = limit_kib.map_or_else(String::new, |kib| format!("ulimit -v {kib}; "));
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{limit}exec '{}' {arguments}",
            env!("CARGO_BIN_EXE_roadwright")
        ))
        .current_dir(dir)
        .output()
        .expect("sh runs");
    Run::of(&output)
}

/// Runs `command` (its output piped), sends it Ctrl-C (SIGINT) after three seconds (long
/// enough to load and start, far too short for the long work the tests ask for) and waits for
/// it to end. A command still running 20 seconds after Ctrl-C is killed and the test fails:
/// Ctrl-C must stop it within a race or an evaluation, not at the end of the work.
#[cfg(unix)]
pub fn interrupted(command: Command) -> std::process::Output {
    let started = std::time::Instant::now();
    interrupted_when(command, &|| {
        started.elapsed() >= std::time::Duration::from_secs(3)
    })
}

/// As [`interrupted`], Ctrl-C sent once `ready` says so (asked every 50 ms, for two minutes at
/// most): for a test that needs the command to have got somewhere first, however loaded the
/// machine is.
#[cfg(unix)]
pub fn interrupted_when(mut command: Command, ready: &dyn Fn() -> bool) -> std::process::Output {
    use std::process::Stdio;
    let mut child = command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let waited = std::time::Instant::now();
    while !ready() && waited.elapsed() < std::time::Duration::from_mins(2) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    // Read as it comes, so that a chatty command never blocks on a full pipe.
    let read = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = std::io::Read::read_to_end(&mut pipe, &mut bytes);
            }
            bytes
        })
    };
    let stdout = read(child.stdout.take().map(|p| Box::new(p) as _));
    let stderr = read(child.stderr.take().map(|p| Box::new(p) as _));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            let said = stderr.join().expect("stderr");
            panic!(
                "still running 20 s after Ctrl-C: {}",
                String::from_utf8_lossy(&said)
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    std::process::Output {
        status,
        stdout: stdout.join().expect("stdout"),
        stderr: stderr.join().expect("stderr"),
    }
}

/// Copies the standard content pack into a fresh temporary folder.
pub fn copy_of_standard_pack() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_folder(&repo("content"), dir.path());
    dir
}

/// Copies a folder and everything in it.
pub fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create folder");
    for entry in std::fs::read_dir(from).expect("list folder") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy file");
        }
    }
}

/// The rules of a race on a sample track with the standard content and ruleset.
pub fn race_rules(track: &str, ruleset: &str) -> std::sync::Arc<roadwright::rules::RaceRules> {
    let content = roadwright::validate::open::open_content(&repo("content")).expect("content");
    let track = roadwright::validate::open::open_track(
        &repo(&format!("tracks/{track}.ron")),
        &roadwright::validate::checked::TerrainBook::standard(),
    )
    .expect("track");
    std::sync::Arc::new(roadwright::rules::RaceRules::new(content, track, ruleset).expect("rules"))
}
/// The four sample tracks.
pub const SAMPLE_TRACKS: [&str; 4] = ["oval", "road-course", "figure-eight", "thunder-oval"];

/// Fresh races on every sample track with 2 to 10 players and seeds `0..seeds`, the first
/// teams seated, with a label naming each.
pub fn sample_races(seeds: u64) -> impl Iterator<Item = (String, roadwright::rules::Race, u64)> {
    SAMPLE_TRACKS
        .into_iter()
        .flat_map(move |track| sample_races_on(track, seeds))
}

/// The races of [`sample_races`] on one track: 2 to 10 players, `seeds` seeds each.
pub fn sample_races_on(
    track: &'static str,
    seeds: u64,
) -> impl Iterator<Item = (String, roadwright::rules::Race, u64)> {
    let rules = race_rules(track, "standard");
    (2..=10usize).flat_map(move |players| {
        let rules = rules.clone();
        (0..seeds).map(move |seed| {
            let setup = roadwright::rules::RaceSetup::first_teams(&rules.content, players, seed);
            let race = roadwright::rules::Race::new(rules.clone(), &setup).expect("setup");
            (
                format!("{track}, {players} players, seed {seed}"),
                race,
                seed,
            )
        })
    })
}

pub mod mutation;
pub mod rules;
#[cfg(feature = "gui")]
pub mod studio;

/// Validates a track as its own file, with real text so positions are real.
pub fn validate_track(
    track: &roadwright::content::track::Track,
) -> Vec<roadwright::validate::Diagnostic> {
    use roadwright::content::{Document, Format, LoadedDocument, SourceFile};
    let document = Document::Track(track.clone());
    let text = document.to_text(Format::Ron).expect("serialises");
    let loaded = LoadedDocument {
        source: SourceFile::from_text("track.ron", text, Format::Ron),
        document,
    };
    roadwright::validate::validate_document(&loaded)
}

/// Rewrites a pack's movement event deck without the cards that drop a car into a jump's
/// trough (the trough is then never entered: a planted problem only play finds).
pub fn without_trough_events(pack: &Path) {
    use roadwright::content::{Document, Format};
    let file = pack.join("movement_events.ron");
    let mut loaded = Document::load(&file).expect("loads");
    let Document::MovementEventDeck(deck) = &mut loaded.document else {
        panic!("not the event deck");
    };
    deck.cards.retain(|card| {
        !["big-air", "greasing-the-landing", "missed-jump"].contains(&card.id.as_str())
    });
    fs::write(&file, loaded.document.to_text(Format::Ron).expect("text")).expect("write");
}

/// Rewrites a pack's standard ruleset so that races never end: pools too deep, cars too tough
/// to eliminate, no countdown clock (a planted problem only play finds).
pub fn endless_races(pack: &Path) {
    let ruleset = pack.join("rulesets/standard.ron");
    let text = fs::read_to_string(&ruleset).expect("read");
    let text = text
        .replace("victory_points: 12,", "victory_points: 250,")
        .replace("eliminating_damage: 6,", "eliminating_damage: 200,")
        .replace("countdown_clock: true,", "countdown_clock: false,");
    fs::write(&ruleset, text).expect("write");
}

/// Adds to a track a starting spur that no race ever uses: two one-lane starting sectors
/// (S0.0, S1.0) joining lap sector 2, with grid positions after the last one. The static checks
/// accept it (every spur space is reachable from a grid position and reaches the finish line),
/// but cars take the grid positions in order (3.0) and the largest field of the standard
/// ruleset fills 40, so the spur is a dead-end branch only play finds.
pub fn with_unfilled_starting_spur(track: &mut roadwright::content::track::Track) {
    use roadwright::content::track::{GridSlot, OffTrack, Sector, Space, TerrainId};
    let at = |text: &str| text.parse().expect("a space");
    let space = |next: &str, x: f32| Space {
        lane: 0,
        terrain: TerrainId::paved(),
        next: vec![at(next)],
        x,
        y: 3.5,
        heading: 0.0,
        size: None,
        hazard: false,
        hazard_players: Vec::new(),
    };
    track.start_sectors = vec![
        Sector {
            spaces: vec![space("S1.0", 0.5)],
            off_track: OffTrack::default(),
        },
        Sector {
            spaces: vec![space("2.0", 1.5)],
            off_track: OffTrack::default(),
        },
    ];
    let last = track
        .grid
        .iter()
        .map(|slot| slot.position)
        .max()
        .unwrap_or(0);
    track.grid.push(GridSlot {
        position: last + 1,
        space: at("S0.0"),
    });
    track.grid.push(GridSlot {
        position: last + 2,
        space: at("S1.0"),
    });
}

/// The oval with [`with_unfilled_starting_spur`], written as `spur.ron` into `folder`.
pub fn oval_with_unfilled_starting_spur(folder: &Path) -> PathBuf {
    use roadwright::content::{Document, Format};
    let mut loaded = Document::load(&repo("tracks/oval.ron")).expect("loads");
    let Document::Track(track) = &mut loaded.document else {
        panic!("a track");
    };
    with_unfilled_starting_spur(track);
    let path = folder.join("spur.ron");
    fs::write(&path, loaded.document.to_text(Format::Ron).expect("text")).expect("write");
    path
}

/// A tile cut from a track laid by `lay` from the origin heading 0 (all its lap sectors, with
/// the grid and chute it lays).
pub fn tile(
    id: &str,
    lay: impl Fn(
        &mut roadwright::stretch::TrackBuilder,
    ) -> Result<&mut roadwright::stretch::TrackBuilder, roadwright::stretch::BuildError>,
) -> roadwright::content::tile::Tile {
    let mut builder = roadwright::stretch::TrackBuilder::new(
        id,
        id,
        roadwright::content::track::TrackStyle::ApocalypseRoad,
        roadwright::stretch::Inside::Right,
        (0.0, 0.0),
        0.0,
    );
    lay(&mut builder).expect("laid");
    let track = builder.build();
    let spaces: Vec<_> = track.spaces().map(|(at, _)| at).collect();
    roadwright::stretch::course::tile_from(&track, &spaces, id, id).expect("one run")
}

/// The track's errors as `validate` finds them in the file `course build` writes.
pub fn track_errors(track: roadwright::content::track::Track) -> Vec<String> {
    document_errors(&roadwright::content::Document::Track(track), "built.ron")
}

/// A document's errors as `validate` finds them in its canonical file `name`.
pub fn document_errors(document: &roadwright::content::Document, name: &str) -> Vec<String> {
    let text = document
        .to_text(roadwright::content::Format::Ron)
        .expect("text");
    let source =
        roadwright::content::SourceFile::from_text(name, text, roadwright::content::Format::Ron);
    let loaded = roadwright::content::LoadedDocument {
        document: roadwright::content::Document::parse(&source).expect("it reads back"),
        source,
    };
    roadwright::validate::validate_document(&loaded)
        .into_iter()
        .filter(roadwright::validate::Diagnostic::is_error)
        .map(|d| d.to_string())
        .collect()
}
