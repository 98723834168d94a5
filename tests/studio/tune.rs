//! The Tune screen, clicked through: parameters ticked on the content as edited (an unsaved
//! edit included), a run in the background, its result, the content untouched, the tuned pack
//! written and compared with the pack as it is on the simulation screen; Stop keeps the best
//! so far.

use crate::common;

use roadwright::gui::workspace::DocumentId;

use std::fs;
use std::path::Path;

use common::studio::{menu, open_file, settle, tune_to_the_end, workspace_copy};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use roadwright::content::{Document, RawPack};
use roadwright::gui::StudioApp;
use roadwright::gui::screen::ScreenKind;
use roadwright::gui::simulation::SimulationScreen;
use roadwright::gui::tune::TuneScreen;

/// The team mats open, the first car of the first team's base MP set to 6 and not saved, then
/// Race > Tune… with the Rust Reapers' defense ticked through the filter.
fn tune_screen(pack: &Path, out: &Path, budget: u32) -> Harness<'static, StudioApp> {
    let mut harness = open_file(pack, "team_mats.ron (team_mats)");
    harness
        .get_all_by_role_and_label(Role::SpinButton, "base_mp")
        .next()
        .expect("the first car's")
        .set_value_accesskit(6.0);
    settle(&mut harness);
    menu(&mut harness, "Race", "Tune");
    assert_eq!(harness.state().shown_screen(), ScreenKind::Tune);
    harness
        .get_by_role_and_label(Role::TextInput, "Filter")
        .focus();
    harness.run();
    harness
        .get_by_role_and_label(Role::TextInput, "Filter")
        .type_text("rust-reapers (every car): def");
    harness.run();
    harness
        .get_by_label("rust-reapers (every car): defense")
        .click();
    harness.run();
    let form = &mut harness
        .state_mut()
        .screen_mut::<TuneScreen>()
        .expect("the screen")
        .form;
    form.budget = budget;
    "random".clone_into(&mut form.bot);
    form.out = out.display().to_string();
    harness.run();
    harness
}

/// Puts a second track beside the oval in `pack`.
fn copy_a_second_track(pack: &Path) {
    fs::copy(
        common::repo("tracks/thunder-oval.ron"),
        pack.join("thunder-oval.ron"),
    )
    .expect("copy a track");
}

/// Sets the Tune form on the last track open, not on the first the studio would offer, so
/// that the comparison's form is seen to name the track tuned on; that track.
fn tune_on_the_last_track(harness: &mut Harness<'static, StudioApp>) -> DocumentId {
    let workspace = harness.state().workspace();
    let tuned_on = workspace.track_ids().last().expect("a track");
    assert_ne!(workspace.track_ids().next(), Some(tuned_on));
    harness
        .state_mut()
        .screen_mut::<TuneScreen>()
        .expect("the screen")
        .form
        .setup
        .track = Some(tuned_on);
    tuned_on
}

/// The labels' texts.
fn texts(harness: &Harness<'static, StudioApp>) -> Vec<String> {
    harness
        .query_all(egui_kittest::kittest::by().role(Role::Label))
        .filter_map(|node| node.accesskit_node().value())
        .collect()
}

#[test]
fn a_tuning_runs_on_the_content_as_edited_and_opens_as_a_comparison() {
    let (pack, _) = workspace_copy();
    let mats_on_disk = fs::read_to_string(pack.path().join("team_mats.ron")).expect("mats");
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = out_dir.path().join("tuned");
    copy_a_second_track(pack.path());
    let mut harness = tune_screen(pack.path(), &out, 400);
    let tuned_on = tune_on_the_last_track(&mut harness);
    let spec = {
        let app = harness.state();
        app.screen::<TuneScreen>()
            .expect("screen")
            .form
            .spec(app.workspace())
    };
    assert_eq!(spec.parameters.len(), 1, "one parameter ticked: {spec:?}");
    harness.get_by_label("Tune").click();
    harness.run();
    assert!(
        harness
            .state()
            .screen::<TuneScreen>()
            .expect("screen")
            .is_running()
    );
    harness
        .state_mut()
        .screen_mut::<TuneScreen>()
        .expect("screen")
        .wait();
    settle(&mut harness);

    let screen = harness.state().screen::<TuneScreen>().expect("screen");
    assert_eq!(screen.error(), None);
    let (report, written) = screen.report().expect("a report");
    assert_eq!(written, out.as_path());
    let report = report.clone();
    assert!(report.evaluations > 1, "{report:?}");
    assert_eq!(report.teams_before.len(), 4);
    let shown = texts(&harness);
    for team in report.teams_before.keys() {
        assert!(
            shown.iter().any(|t| t == team),
            "{team} has a row: {shown:?}"
        );
    }
    assert!(
        shown
            .iter()
            .any(|t| t.starts_with("Score on fresh seeds: ")),
        "{shown:?}"
    );
    // The content on disk is untouched; the tuned pack holds the unsaved edit, and the report.
    assert_eq!(
        fs::read_to_string(pack.path().join("team_mats.ron")).expect("mats"),
        mats_on_disk
    );
    assert!(out.join("tuning-report.json").is_file());
    let tuned = RawPack::open(&out.join("content"));
    let mats = tuned
        .files
        .iter()
        .find_map(|f| match &f.document {
            Document::TeamMats(m) => Some(m.clone()),
            _ => None,
        })
        .expect("the tuned mats");
    assert_eq!(mats.teams[0].cars[0].base_mp, 6, "the edit not saved is in");
    let reapers = mats
        .teams
        .iter()
        .find(|t| t.id.as_str() == "rust-reapers")
        .expect("the team");
    let changed = report
        .changes
        .iter()
        .find(|c| c.parameter.contains("defense"));
    if let Some(change) = changed {
        let after: u8 = change.after.parse().expect("a number");
        assert!(reapers.cars.iter().all(|c| c.defense == after));
    }
    assert!(
        roadwright::validate::validate_pack(&tuned).0.is_some(),
        "the tuned pack validates"
    );

    opens_as_the_report_measured_it(&mut harness, &report);
    let simulation = harness
        .state()
        .screen::<SimulationScreen>()
        .expect("the screen");
    let named = (simulation.form.setup.track, simulation.form.mission);
    assert_eq!(
        named,
        (Some(tuned_on), None),
        "the form names the track tuned on"
    );
}

/// With "Confirm with" set, the search's best candidates are played again by the stronger
/// bots, and the result shows their verdict: each candidate's score, the one chosen (which is
/// the pack written), and the teams' win rates under them.
#[test]
fn a_tuning_confirmed_by_stronger_bots_shows_their_verdict() {
    let (pack, _) = workspace_copy();
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = out_dir.path().join("tuned");
    let mut harness = tune_screen(pack.path(), &out, 400);
    harness.get_by_label("Confirm with").click();
    harness.run();
    harness.get_by_label("Racer").click();
    harness.run();
    {
        let form = &mut harness
            .state_mut()
            .screen_mut::<TuneScreen>()
            .expect("the screen")
            .form;
        assert_eq!(
            form.confirm_bot.as_deref(),
            Some("racer"),
            "chosen in the list"
        );
        form.confirm_top = 2;
        form.confirm_races = 40;
    }
    harness.run();
    let report = tune_to_the_end(&mut harness);
    let confirmation = report.confirmation.clone().expect("a confirmation");
    assert_eq!(confirmation.races, 40);
    assert_eq!(confirmation.candidates.len(), 2);
    let chosen = confirmation.chosen().expect("one chosen");
    assert_eq!(
        report.changes, chosen.changes,
        "the pack written is the one chosen"
    );
    let shown = texts(&harness);
    for says in [
        "Confirmed by racer bots, 40 races each on seeds of their own",
        "the pack as it is",
        "1 (the search's best)",
        "chosen: written",
        "Win rates under racer bots, % (95%)",
    ] {
        assert!(shown.iter().any(|t| t == says), "{says}: {shown:?}");
    }
    // The form aims at every team's fair share: the verdict on it is said, as the run found it.
    assert!(confirmation.aims_at_fair_share);
    let verdict = if chosen.fair() {
        "Under racer bots every team's 95% interval lies within 3 points of its fair share."
    } else {
        "Under racer bots some team's 95% interval reaches"
    };
    assert!(
        shown.iter().any(|t| t.starts_with(verdict)),
        "{verdict}: {shown:?}"
    );
}

/// "Compare on the simulation screen" shows the tuned pack against the pack as it is, on the
/// run's final seeds, with the same figures as the report.
fn opens_as_the_report_measured_it(
    harness: &mut Harness<'static, StudioApp>,
    report: &roadwright::sim::tune::run::Report,
) {
    harness
        .get_by_label("Compare on the simulation screen")
        .click();
    settle(harness);
    assert!(harness.state().is_shown(ScreenKind::Simulation));
    harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("the simulation screen")
        .wait();
    settle(harness);
    let simulation = harness
        .state()
        .screen::<SimulationScreen>()
        .expect("screen");
    let comparison = simulation.comparison().expect("both sides played");
    // The form says what is shown: the run's bots, races and seed.
    assert_eq!(simulation.form.races, report.plan.final_races);
    assert!(simulation.form.bots.iter().all(|b| b == "random"));
    assert_eq!(
        simulation.stats().expect("stats").races,
        report.plan.final_races,
        "the fresh seeds of the final measurement"
    );
    // The form says what the results are of: the tuned pack, not the track file it names.
    let of = simulation
        .results_differ_from_form()
        .expect("the form says what the results are of");
    assert!(
        of.starts_with("the tuned pack (") && of.contains("beside the pack as it is"),
        "{of}"
    );
    harness.get_by_label_contains("Results shown are of the tuned pack");
    // The comparison's sides are the report's measurements, race for race: the pack as it is
    // on one side ("before"), the tuned pack on the other ("after").
    for (team, before) in &report.teams_before {
        let difference = &comparison.team_win_rate[team];
        assert!(
            (difference.a - before.rate).abs() < 1e-9,
            "{team}: {difference:?}"
        );
        assert!(
            (difference.b - report.teams_after[team].rate).abs() < 1e-9,
            "{team}: {difference:?}"
        );
    }
}

#[test]
fn stop_ends_the_run_at_once_and_writes_the_best_so_far() {
    let (pack, _) = workspace_copy();
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = out_dir.path().join("tuned");
    let mut harness = tune_screen(pack.path(), &out, 4_000);
    harness.get_by_label("Tune").click();
    harness.run();
    // Stop once an evaluation is done: the run ends within a race, and the best of what was
    // evaluated is written with the search's own figures.
    let deadline = std::time::Instant::now() + std::time::Duration::from_mins(2);
    while harness
        .query_by_label_contains("Best score so far")
        .is_none()
    {
        assert!(
            std::time::Instant::now() < deadline,
            "no evaluation done in two minutes"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
        harness.run();
    }
    stop_and_wait(&mut harness);
    let (report, _) = harness
        .state()
        .screen::<TuneScreen>()
        .expect("screen")
        .report()
        .expect("the best so far is measured and reported");
    assert!(report.stopped_early, "{report:?}");
    assert!(
        !report.fresh_seeds,
        "not kept waiting for the fresh measurement"
    );
    assert!(report.evaluations < report.plan.evaluations);
    assert!(out.join("content").is_dir(), "the best so far is written");
    harness.get_by_label_contains("Stopped after");
}

/// Presses Stop and waits for the run to end.
fn stop_and_wait(harness: &mut Harness<'static, StudioApp>) {
    harness.get_by_label("Stop").click();
    harness.run();
    harness
        .state_mut()
        .screen_mut::<TuneScreen>()
        .expect("screen")
        .wait();
    settle(harness);
}

#[test]
fn a_stop_before_the_first_evaluation_is_said_plainly_not_as_a_failure() {
    let (pack, _) = workspace_copy();
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = out_dir.path().join("tuned");
    // A budget whose first evaluation takes far longer than the click on Stop.
    let mut harness = tune_screen(pack.path(), &out, 10_000_000);
    harness.get_by_label("Tune").click();
    harness.run();
    stop_and_wait(&mut harness);
    let screen = harness.state().screen::<TuneScreen>().expect("screen");
    assert_eq!(screen.error(), None, "a stop is not a failure");
    let notice = screen.notice().expect("the stop is said");
    assert!(
        notice.contains("stopped before the first evaluation"),
        "{notice}"
    );
    harness.get_by_label_contains("Stopped: stopped before the first evaluation");
    assert!(
        !out.join("tuning-search.json").exists(),
        "nothing to resume"
    );
    assert!(!out.join("content").exists(), "nothing written");
}

#[test]
fn a_tuning_that_cannot_start_says_why() {
    let (pack, _) = workspace_copy();
    // The output folder inside the content folder: refused before anything is played.
    let inside = pack.path().join("tuned");
    let mut harness = tune_screen(pack.path(), &inside, 400);
    harness.get_by_label("Tune").click();
    harness.run();
    let screen = harness.state().screen::<TuneScreen>().expect("screen");
    assert!(!screen.is_running());
    let error = screen.error().expect("an error").to_owned();
    assert!(error.contains("inside the input folder"), "{error}");
    harness.get_by_label(&error);
    assert!(!inside.exists(), "nothing written");
}

/// Save as spec writes the screen's choices as a tuning spec in the project's `tuning/`
/// folder, and `roadwright tune` runs it as it is.
#[test]
fn save_as_spec_writes_a_spec_the_command_line_runs() {
    let project = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("content"), &project.path().join("content"));
    fs::create_dir(project.path().join("tracks")).expect("tracks");
    fs::copy(
        common::repo("tracks/oval.ron"),
        project.path().join("tracks/oval.ron"),
    )
    .expect("oval");
    let mut harness = common::studio::start(StudioApp::open(project.path()));
    harness.get_by_label("oval.ron (track)").click();
    settle(&mut harness);
    menu(&mut harness, "Race", "Tune");
    let screen = harness
        .state_mut()
        .screen_mut::<TuneScreen>()
        .expect("the screen");
    assert_eq!(screen.choose("rust-reapers (every car): defense", true), 1);
    screen.form.budget = 200;
    "random".clone_into(&mut screen.form.bot);
    harness.run();
    harness.get_by_label_contains("Press Tune to search");
    harness.get_by_label("Save as spec").click();
    settle(&mut harness);
    let spec = project.path().join("tuning/tune-oval.ron");
    assert!(
        spec.is_file(),
        "{:?}",
        harness
            .state()
            .screen::<TuneScreen>()
            .and_then(|t| t.error())
    );
    harness.get_by_label_contains("Saved");
    let out = project.path().join("out");
    let run = common::roadwright(&[
        "tune",
        spec.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(out.join("tuning-report.json").is_file());
}

/// The tuned pack's default folder lies beside the project, not in it: inside, `roadwright
/// validate` of the project would read the tuned copies as duplicate content.
#[test]
fn the_tuned_pack_goes_beside_the_project_by_default() {
    let root = tempfile::tempdir().expect("temp dir");
    let project = root.path().join("project");
    let (content, tracks) = (project.join("content"), project.join("tracks"));
    fs::create_dir_all(&tracks).expect("tracks folder");
    common::copy_folder(&common::repo("content"), &content);
    fs::copy(common::repo("tracks/oval.ron"), tracks.join("oval.ron")).expect("oval");
    let mut harness = common::studio::start(StudioApp::open(&project));
    assert!(
        harness.state().workspace().project.is_some(),
        "opened as a project"
    );
    menu(&mut harness, "Race", "Tune…");
    let out = harness
        .state()
        .screen::<roadwright::gui::tune::TuneScreen>()
        .expect("the tune screen")
        .form
        .out
        .clone();
    let out = Path::new(&out);
    assert!(
        !out.starts_with(std::path::absolute(&project).expect("absolute")),
        "{} is inside the project",
        out.display()
    );
    assert_eq!(out.file_name().and_then(|n| n.to_str()), Some("tuned-oval"));
}

/// Every objective's weight and values lie inside the window at about the studio's default
/// size: 1280 x 800 less the 80 points a project's longer file names (the samples' tiles and
/// missions) add to the files panel. The objectives wrap row by row (a grid's weight column
/// ran past the window's edge behind a design metric's long values).
#[test]
fn every_objectives_weight_is_inside_the_window() {
    let (pack, _) = workspace_copy();
    let mut harness = common::studio::start_sized(StudioApp::open(pack.path()), [1200.0, 800.0]);
    menu(&mut harness, "Race", "Tune…");
    let window = harness.ctx.content_rect();
    let weights: Vec<_> = harness
        .get_all_by_role_and_label(Role::SpinButton, "weight")
        .map(|w| w.rect())
        .collect();
    let objectives = harness
        .state()
        .screen::<TuneScreen>()
        .expect("the tune screen")
        .form
        .objectives
        .len();
    assert_eq!(weights.len(), objectives, "a weight per objective");
    for rect in weights {
        assert!(
            window.contains_rect(rect),
            "a weight at {rect:?} outside {window:?}"
        );
    }
    for label in ["above", "below"] {
        let rect = harness.get_by_label(label).rect();
        assert!(
            window.contains_rect(rect),
            "{label} at {rect:?} outside {window:?}"
        );
    }
}
