//! The simulation screen, clicked through: a batch on the oval runs in the background, shows
//! win rates, a heat map and the notable races (one opens in the race viewer), and can be
//! cancelled.

use crate::common;

use common::studio::{menu, open_track, settle, workspace_copy};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use roadwright::gui::StudioApp;
use roadwright::gui::race::RaceScreen;
use roadwright::gui::race::RaceSession;
use roadwright::gui::screen::ScreenKind;
use roadwright::gui::simulation::SimulationScreen;
use roadwright::gui::simulation::{SimForm, SimTab};

/// Opens the simulation screen, fills in its form and clicks Run.
fn start(harness: &mut Harness<'static, StudioApp>, fill: impl FnOnce(&mut SimForm)) {
    menu(harness, "Race", "Simulate");
    assert!(harness.state().is_shown(ScreenKind::Simulation));
    fill(
        &mut harness
            .state_mut()
            .screen_mut::<SimulationScreen>()
            .expect("screen")
            .form,
    );
    harness.run();
    harness.get_by_label("Run").click();
    harness.run();
}

/// Starts `races` random-bot races.
fn simulate(harness: &mut Harness<'static, StudioApp>, races: usize) {
    start(harness, |form| {
        form.races = races;
        form.bots = vec!["random".to_owned(); 10];
    });
}

/// Waits for the batch shown to end, and lets the window settle.
fn wait_for_batch(harness: &mut Harness<'static, StudioApp>) {
    harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("the simulation screen")
        .wait();
    settle(harness);
}

/// Plays a batch the form describes to its end and shows the Compare view; its comparison.
fn compared(
    harness: &mut Harness<'static, StudioApp>,
    fill: impl FnOnce(&mut SimForm),
) -> roadwright::sim::compare::Comparison {
    start(harness, |form| {
        form.bots = vec!["random".to_owned(); 10];
        fill(form);
    });
    harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("screen")
        .wait();
    settle(harness);
    harness.get_by_label("Compare").click();
    settle(harness);
    harness
        .state()
        .screen::<SimulationScreen>()
        .and_then(|s| s.comparison())
        .expect("both batches played")
        .clone()
}

fn stats_of<'a>(
    harness: &'a Harness<'static, StudioApp>,
) -> &'a roadwright::sim::stats::BatchStats {
    harness
        .state()
        .screen::<SimulationScreen>()
        .and_then(|s| s.stats())
        .expect("statistics")
}

#[test]
fn a_batch_on_the_oval_shows_win_rates_a_heat_map_and_notable_races() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    simulate(&mut harness, 60);
    wait_for_batch(&mut harness);
    let stats = stats_of(&harness).clone();
    assert_eq!(stats.races, 60);
    assert_eq!(stats.teams.len(), 4, "four players: four teams");
    harness.get_by_label("Win rate by team, %");
    // Every seat has the same bot: the first seat's advantage is a figure worth showing.
    harness.get_by_label(&format!(
        "60 races · first seat advantage {:+.1} points",
        stats.first_seat_advantage * 100.0
    ));
    // Each team's win rate and interval on its own row, at the body's size, right of its name.
    for (team, figures) in &stats.teams {
        let name = harness
            .get_all_by_label(team)
            .map(|node| node.rect())
            .min_by(|a, b| a.top().total_cmp(&b.top()))
            .expect("the team's row");
        let on_row = |text: String| {
            harness.get_all_by_label(&text).any(|node| {
                let r = node.rect();
                (r.center().y - name.center().y).abs() < 3.0 && r.left() > name.right()
            })
        };
        let rate = figures.win_rate;
        assert!(
            on_row(format!("{:.1}%", rate.rate * 100.0)),
            "{team}'s win rate"
        );
        assert!(
            on_row(format!("{:.1}–{:.1}%", rate.low * 100.0, rate.high * 100.0)),
            "{team}'s interval"
        );
    }

    harness.get_by_label("Heat map").click();
    settle(&mut harness);
    ctrl_0_fits_the_heat_map_again(&mut harness);
    let most = stats
        .spaces
        .values()
        .map(|c| c.damage)
        .max()
        .expect("spaces");
    harness.get_by_label(&format!("{most} damage"));
    // The space that took the most damage is painted the scale's top colour.
    let [r, g, b, _] = roadwright::render::viridis(1.0);
    let top = egui::Color32::from_rgb(r, g, b);
    let painted_top = harness.output().shapes.iter().any(|clipped| {
        matches!(&clipped.shape, egui::epaint::Shape::Path(path) if path.closed && path.fill == top)
    });
    assert!(painted_top, "the hottest space is drawn in the top colour");

    harness.get_by_label("Notable races").click();
    settle(&mut harness);
    let longest = roadwright::sim::batch::notable(
        harness
            .state()
            .screen::<SimulationScreen>()
            .expect("s")
            .races(),
    )
    .into_iter()
    .find(|n| n.why == "longest")
    .expect("a longest race");
    harness
        .get_by_label(&format!("Watch race {} (longest)", longest.index))
        .click();
    settle(&mut harness);
    assert!(
        harness.state().is_shown(ScreenKind::Race),
        "{:?}",
        harness.state().status()
    );
    let Some(RaceSession::Replay(replay)) = harness
        .state()
        .screen::<RaceScreen>()
        .map(roadwright::gui::race::RaceScreen::session)
    else {
        panic!("a replay");
    };
    let summary = &harness
        .state()
        .screen::<SimulationScreen>()
        .expect("s")
        .races()[longest.index];
    assert_eq!(
        replay.last(),
        summary.decisions,
        "the race the batch played"
    );
}

#[test]
fn a_batch_can_be_cancelled_and_keeps_the_races_played() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    simulate(&mut harness, 100_000);
    assert!(
        harness
            .state()
            .screen::<SimulationScreen>()
            .expect("screen")
            .is_running()
    );
    // Some races are in: wait on the batch, not the clock.
    harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("s")
        .wait_next();
    assert!(
        !harness
            .state()
            .screen::<SimulationScreen>()
            .expect("s")
            .races()
            .is_empty()
    );
    harness.run();
    harness.get_by_label("Cancel").click();
    harness.run();
    wait_for_batch(&mut harness);
    let screen = harness
        .state()
        .screen::<SimulationScreen>()
        .expect("screen");
    assert!(!screen.is_running());
    let played = screen.races().len();
    assert!(played > 0 && played < 100_000, "{played}");
    assert_eq!(screen.stats().expect("stats").races, played);
    harness.get_by_label("Run");
    let said = harness
        .get_by_label(&format!("Cancelled after {played} of 100000 races"))
        .rect();
    let line = harness.get_by_label("Run").rect().height();
    assert!(said.height() < line, "on one row of the toolbar: {said:?}");

    // The form changed after the batch no longer describes its results: the screen says what
    // they are of.
    assert_eq!(screen.results_differ_from_form(), None, "the form says it");
    assert!(
        harness
            .query_by_label_contains("Results shown are of")
            .is_none()
    );
    harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("screen")
        .form
        .seed = 99;
    settle(&mut harness);
    let of = harness
        .state()
        .screen::<SimulationScreen>()
        .expect("screen")
        .results_differ_from_form()
        .expect("the form no longer says it")
        .to_owned();
    assert!(of.contains("100000 races from seed 1"), "{of}");
    harness.get_by_label_contains("Results shown are of");
}

/// An unsaved deck edit (every race card at speed 6) played against the saved deck on the same
/// seeds: the comparison shows races got shorter, beyond noise.
#[test]
fn compare_with_saved_shows_what_an_unsaved_deck_edit_changes() {
    use roadwright::content::Document;
    use roadwright::edit::{Edit, ListEdit};
    use roadwright::gui::StudioCommand;
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    let workspace = harness.state().workspace();
    let deck_id = workspace
        .find(|d| matches!(d, Document::RaceDeck(_)))
        .expect("the race deck");
    let Document::RaceDeck(deck) = &workspace.documents[deck_id].document else {
        unreachable!("found as a race deck");
    };
    let edits: Vec<StudioCommand> = deck
        .cards
        .iter()
        .enumerate()
        .map(|(i, card)| {
            let mut fast = card.clone();
            fast.speed = 6;
            StudioCommand::Edit {
                document: deck_id,
                edit: Edit::RaceCards(ListEdit::Set(i, fast)),
                group: None,
            }
        })
        .collect();
    for edit in edits {
        harness.state_mut().apply(edit);
    }
    settle(&mut harness);
    assert!(harness.state().workspace().is_dirty(), "unsaved");
    common::studio::assert_no_errors(&harness);

    let comparison = compared(&mut harness, |form| {
        form.races = 60;
        form.compare = Some(roadwright::gui::simulation::CompareWith::Saved);
    });
    assert!(
        comparison.turns.diff < 0.0 && comparison.turns.significant(),
        "{:?}",
        comparison.turns
    );
    harness.get_by_label("turns per race");
}

/// The results go out as JSON (the batch report `simulate` writes), CSV (a row per race and seat, and the teams)
/// and the heat map as a PNG, as the export dialog's choice would write them.
#[test]
fn a_batch_is_exported_as_json_csv_and_a_heat_map_picture() {
    use roadwright::gui::simulation::Export;
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    simulate(&mut harness, 30);
    wait_for_batch(&mut harness);
    harness.get_by_label("Export JSON…");
    let out = tempfile::tempdir().expect("temp");
    for (export, name) in [
        (Export::Json, "batch.json"),
        (Export::Csv, "batch.csv"),
        (Export::HeatPng, "heat.png"),
    ] {
        export_to(&mut harness, export, out.path().join(name));
    }
    // The last export said where both of the CSV's files went.
    let csv_said = format!(
        "Exported {} and the teams beside it, {}",
        out.path().join("batch.csv").display(),
        out.path().join("batch-teams.csv").display()
    );
    export_to(&mut harness, Export::Csv, out.path().join("batch.csv"));
    assert_eq!(harness.state().status(), Some(csv_said.as_str()));
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(out.path().join("batch.json")).expect("json written"),
    )
    .expect("JSON");
    assert_eq!(json["stats"]["races"], 30, "the report of the 30 races");
    let csv = std::fs::read_to_string(out.path().join("batch.csv")).expect("csv written");
    assert_eq!(
        csv.lines().count(),
        1 + 30 * 4,
        "a header and a row per race and seat"
    );
    let teams = std::fs::read_to_string(out.path().join("batch-teams.csv")).expect("teams");
    assert_eq!(teams.lines().count(), 1 + 4);
    let picture = image::open(out.path().join("heat.png")).expect("a picture");
    assert_eq!(picture.width(), 1600);
}

/// Each seat can have its own bot profile: the batch reports a win rate per profile.
#[test]
fn seats_can_be_played_by_different_bot_profiles() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    menu(&mut harness, "Race", "Simulate");
    let form = &mut harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("screen")
        .form;
    form.races = 20;
    form.bots = vec!["random".to_owned(); 10];
    "racer".clone_into(&mut form.bots[0]);
    harness.run();
    harness.get_by_label("Seat 1");
    harness.get_by_label("Run").click();
    harness.run();
    wait_for_batch(&mut harness);
    let stats = stats_of(&harness);
    let profiles: Vec<&String> = stats.bots.keys().collect();
    assert_eq!(profiles, ["racer", "random"]);
    // The first seat's advantage would measure the bots, not the seat: it is not shown.
    harness.get_by_label("20 races · no first seat advantage: the seats have different bots");
    assert!(
        harness
            .query_by_label_contains("first seat advantage +")
            .is_none()
            && harness
                .query_by_label_contains("first seat advantage -")
                .is_none()
    );
}

/// The weapon types table lists the most damaging first, and a click on its header turns it
/// round.
#[test]
fn tables_sort_by_a_click_on_their_headers() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    simulate(&mut harness, 30);
    wait_for_batch(&mut harness);
    harness.get_by_label("Cars and weapons").click();
    settle(&mut harness);
    let weapons = stats_of(&harness).weapons.clone();
    let most = weapons
        .iter()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .expect("weapons")
        .0
        .clone();
    let least = weapons
        .iter()
        .min_by(|a, b| a.1.total_cmp(b.1))
        .expect("weapons")
        .0
        .clone();
    assert_ne!(most, least);
    let top = |h: &Harness<'static, StudioApp>, name: &str| h.get_by_label(name).rect().top();
    assert!(
        top(&harness, &most) < top(&harness, &least),
        "most damage first"
    );
    harness.get_by_label("Damage per race v").click();
    settle(&mut harness);
    assert!(top(&harness, &least) < top(&harness, &most), "turned round");
    harness.get_by_label("Damage per race ^");
}

/// The same seeds on another open track: the figure 8's crossover collisions show against the
/// oval, which has none.
#[test]
fn a_batch_compares_with_another_track() {
    use roadwright::gui::simulation::CompareWith;
    let (pack, oval) = workspace_copy();
    let eight = pack.path().join("figure-eight.ron");
    std::fs::copy(common::repo("tracks/figure-eight.ron"), &eight).expect("copy");
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(
            |ui, app: &mut StudioApp| app.ui(ui),
            common::studio::quiet(StudioApp::open(pack.path())),
        );
    settle(&mut harness);
    let workspace = harness.state().workspace();
    let id_of = |path: &std::path::Path| {
        workspace
            .ids()
            .find(|&id| workspace.documents[id].path.as_deref() == Some(path))
            .expect("open")
    };
    let (oval_id, eight_id) = (id_of(&oval), id_of(&eight));
    let comparison = compared(&mut harness, |form| {
        form.setup.track = Some(oval_id);
        form.compare = Some(CompareWith::Track(eight_id));
        form.races = 40;
    });
    let crossings = comparison.crossover_collisions;
    assert!(
        crossings.a > 0.0,
        "the figure 8 has crossover collisions: {crossings:?}"
    );
    assert!(crossings.b.abs() < f64::EPSILON, "the oval has none");
    harness.get_by_label("figure-eight.ron");
}

/// Export goes through the file dialog (the in-window one here), which offers
/// `simulation-SEED.json` beside the content folder, where it cannot be taken for content.
#[test]
fn export_offers_a_file_beside_the_content_folder() {
    // The content in a folder of its own, so that "beside it" is this test's folder too.
    let outer = tempfile::tempdir().expect("temp");
    let content = outer.path().join("content");
    common::copy_folder(&common::repo("content"), &content);
    std::fs::copy(common::repo("tracks/oval.ron"), content.join("oval.ron")).expect("copy");
    // egui_file's text fields carry no accessible name (see studio_editing.rs).
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_accessibility_check(false)
        .build_ui_state(
            |ui, app: &mut StudioApp| app.ui(ui),
            common::studio::quiet(StudioApp::open(&content)),
        );
    settle(&mut harness);
    menu(&mut harness, "View", "Built-in file dialogs");
    harness.get_by_label("oval.ron (track)").click();
    settle(&mut harness);
    simulate(&mut harness, 10);
    wait_for_batch(&mut harness);
    harness.get_by_label("Export JSON…").click();
    settle(&mut harness);
    harness.get_by_label("Save").click();
    settle(&mut harness);
    let written = outer.path().join("simulation-1.json");
    assert!(written.exists(), "{:?}", harness.state().status());
    assert!(
        !content.join("simulation-1.json").exists(),
        "not in the content folder"
    );
}

/// The studio's export and `roadwright simulate` write a batch's files one way: the same seed,
/// teams, bots and content give the same JSON report (figures, fold, identity, digest) and the
/// same CSV files.
#[test]
fn the_studio_exports_the_files_simulate_writes() {
    use roadwright::gui::simulation::Export;
    let (pack, track) = workspace_copy();
    let mut harness = open_track(pack.path());
    simulate(&mut harness, 20);
    wait_for_batch(&mut harness);
    let out = tempfile::tempdir().expect("temp");
    for (export, name) in [(Export::Json, "studio.json"), (Export::Csv, "studio.csv")] {
        export_to(&mut harness, export, out.path().join(name));
    }
    let path = |name: &str| out.path().join(name).display().to_string();
    let run = common::roadwright(&[
        "simulate",
        "--content",
        &pack.path().display().to_string(),
        "--track",
        &track.display().to_string(),
        "--players",
        "4",
        "--bots",
        "random",
        "--races",
        "20",
        "--seed",
        "1",
        "--json",
        &path("cli.json"),
        "--csv",
        &path("cli.csv"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let read = |name: &str| std::fs::read_to_string(out.path().join(name)).expect(name);
    let studio: serde_json::Value = serde_json::from_str(&read("studio.json")).expect("JSON");
    let cli: serde_json::Value = serde_json::from_str(&read("cli.json")).expect("JSON");
    assert_eq!(studio, cli, "one report");
    assert_eq!(read("studio.csv"), read("cli.csv"), "one CSV of races");
    assert_eq!(
        read("studio-teams.csv"),
        read("cli-teams.csv"),
        "one CSV of teams"
    );
}

/// The Races view lists each design metric's mean and 95% interval, its definition on hover.
#[test]
fn the_races_view_shows_the_design_metrics_with_their_definitions() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    simulate(&mut harness, 40);
    wait_for_batch(&mut harness);
    let tabs: Vec<_> = harness.get_all_by_label("Races").collect();
    tabs.iter()
        .find(|tab| tab.rect().top() > 90.0 && tab.rect().top() < 130.0)
        .expect("the Races tab, in the tab row")
        .click();
    drop(tabs);
    settle(&mut harness);
    assert_eq!(
        harness
            .state()
            .screen::<SimulationScreen>()
            .expect("screen")
            .tab(),
        SimTab::Races
    );
    harness.get_by_label("Design metrics");
    let stats = stats_of(&harness).clone();
    for figure in &stats.design {
        harness.get_by_label(&figure.name);
        let mean = format!("{:.3}", figure.mean);
        assert!(harness.get_all_by_label(&mean).next().is_some(), "{mean}");
    }
    let drama = roadwright::sim::metrics::METRICS
        .iter()
        .find(|m| m.id == "drama")
        .expect("drama");
    harness.get_by_label(drama.name).hover();
    harness.run();
    assert!(
        harness.query_by_label_contains(drama.definition).is_some(),
        "the definition on hover"
    );
}

/// Exports the simulation's results as a person does: the export's button, then `path` chosen
/// in the file dialog it opens (which hands the path back to the simulation screen).
fn export_to(
    harness: &mut Harness<'static, StudioApp>,
    export: roadwright::gui::simulation::Export,
    path: std::path::PathBuf,
) {
    use roadwright::gui::simulation::Export;
    let button = match export {
        Export::Json => "Export JSON…",
        Export::Csv => "Export CSV…",
        Export::HeatPng => "Heat map PNG…",
    };
    harness.get_by_label(button).click();
    // One frame: the click asks for the dialog. The in-window dialog (egui_file) would fail the
    // harness's accessibility check once drawn, so it is answered before it is.
    harness.step();
    assert!(
        harness.state().file_dialog().is_some(),
        "{button} asks where to write"
    );
    harness.state_mut().answer_file_dialog(path);
    settle(harness);
}

/// Shown, the heat map fits the track; zoomed away, Ctrl+0 fits it again.
fn ctrl_0_fits_the_heat_map_again(harness: &mut Harness<'static, StudioApp>) {
    let screen = |h: &Harness<'static, StudioApp>| {
        h.state()
            .screen::<SimulationScreen>()
            .expect("screen")
            .tab()
    };
    assert_eq!(screen(harness), SimTab::HeatMap);
    let view = |h: &Harness<'static, StudioApp>| {
        h.state()
            .screen::<SimulationScreen>()
            .expect("screen")
            .heat_map_canvas()
            .view
    };
    let fitted = view(harness);
    harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("screen")
        .heat_map_canvas_mut()
        .view
        .zoom *= 4.0;
    harness.run();
    assert_ne!(view(harness), fitted);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num0);
    harness.run_steps(2);
    assert_eq!(view(harness), fitted, "Ctrl+0 fits the track again");
}

/// A design metric's hover gives its definition and the standard pack's typical range beside
/// it, so a figure can be read as ordinary or not.
#[test]
fn a_design_metrics_hover_gives_its_typical_range() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    simulate(&mut harness, 20);
    wait_for_batch(&mut harness);
    harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("screen")
        .apply(roadwright::gui::simulation::SimCommand::Tab(SimTab::Races));
    harness.run();
    harness.get_by_label("Lead changes per race").hover();
    harness.run();
    let (low, high) = roadwright::sim::metric_ranges::typical("lead_changes").expect("range");
    harness.get_by_label_contains(&format!("Typically {low} to {high} (standard pack"));
}

#[test]
fn the_seed_field_keeps_every_digit_of_a_u64_seed() {
    // A DragValue went through f64: 9370370290971726043 came back as ...725824, so Run played
    // another batch than the one shown.
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    menu(&mut harness, "Race", "Simulate");
    let seed_of = |harness: &Harness<'static, StudioApp>| {
        harness
            .state()
            .screen::<SimulationScreen>()
            .expect("screen")
            .form
            .seed
    };
    // The form's seed set to 0: the digits typed after it read as the seed (a leading 0 is no
    // digit of a number).
    harness
        .state_mut()
        .screen_mut::<SimulationScreen>()
        .expect("screen")
        .form
        .seed = 0;
    harness.run();
    let field = harness
        .get_all_by_role_and_label(egui::accesskit::Role::TextInput, "Seed")
        .next()
        .expect("the seed field");
    field.focus();
    harness.run();
    let field = harness
        .get_all_by_role_and_label(egui::accesskit::Role::TextInput, "Seed")
        .next()
        .expect("the seed field");
    field.type_text("9370370290971726043");
    common::studio::settle(&mut harness);
    assert_eq!(seed_of(&harness), 9_370_370_290_971_726_043);
    // Text that is no number leaves the seed as it was.
    let field = harness
        .get_all_by_role_and_label(egui::accesskit::Role::TextInput, "Seed")
        .next()
        .expect("the seed field");
    field.type_text("x");
    common::studio::settle(&mut harness);
    assert_eq!(seed_of(&harness), 9_370_370_290_971_726_043);
}

#[test]
fn results_are_marked_out_of_date_after_an_edit() {
    let (pack, _) = workspace_copy();
    let mut harness = open_track(pack.path());
    simulate(&mut harness, 4);
    wait_for_batch(&mut harness);
    assert!(
        harness
            .query_by_label_contains("Results are out of date")
            .is_none()
    );
    // An edit of the pack: the race deck renamed, as its editor does.
    let screen_out_of_date = |harness: &Harness<'static, StudioApp>| {
        harness
            .state()
            .screen::<SimulationScreen>()
            .expect("screen")
            .results_out_of_date(harness.state().workspace())
    };
    assert!(!screen_out_of_date(&harness));
    let deck = harness
        .state()
        .workspace()
        .documents
        .iter()
        .position(|d| matches!(d.document, roadwright::content::Document::RaceDeck(_)))
        .expect("the race deck");
    harness
        .state_mut()
        .apply(roadwright::gui::command::StudioCommand::Edit {
            document: roadwright::gui::workspace::DocumentId(deck),
            edit: roadwright::edit::Edit::DeckName("Edited deck".into()),
            group: None,
        });
    settle(&mut harness);
    assert!(screen_out_of_date(&harness));
    harness.get_by_label_contains("Results are out of date");
}

/// On a pack with house ground (Devil's Run's mud, goo, glass and rocks), the heat map and a
/// mission's setup diagram draw each kind in its own colour, not the colour of a kind the
/// drawing does not know.
#[test]
fn house_ground_is_drawn_in_its_own_colour_on_the_heat_map_and_the_mission_diagram() {
    use roadwright::content::text::TerrainId;
    use roadwright::render::legend::UNDEFINED;
    let dir = tempfile::tempdir().expect("temp dir");
    common::copy_folder(&common::repo("samples/devils-run"), dir.path());
    std::fs::create_dir(dir.path().join("missions")).expect("missions");
    let courier = std::fs::read_to_string(common::repo("missions/courier.ron"))
        .expect("courier")
        .replace("../tracks/oval.ron", "../tracks/devils-run.ron")
        .replace(
            "    vp: (pool_wins: false, clock: Some(false)),",
            r#"    setup: Placed([
        (team: "rust-reapers", number: "15", at: Space("3.1")),
        (team: "chrome-jackals", number: "21", at: Space("1.2")),
    ]),
    vp: (pool_wins: false, clock: Some(false)),"#,
        );
    assert!(courier.contains("Placed"), "a setup diagram to draw");
    std::fs::write(dir.path().join("missions/mud-run.ron"), courier).expect("mission");
    let mut harness = common::studio::start(StudioApp::open(&dir.path().join("content")));
    let mud = TerrainId::from("mud");
    let terrain = std::fs::read_to_string(dir.path().join("content/terrain.ron")).expect("terrain");
    assert!(terrain.contains("id: \"mud\""), "the sample paints mud");
    harness.get_by_label("devils-run.ron (track)").click();
    settle(&mut harness);
    start(&mut harness, |form| {
        form.races = 4;
        form.bots = vec!["random".to_owned(); 10];
    });
    wait_for_batch(&mut harness);
    let heat = harness
        .state()
        .screen::<SimulationScreen>()
        .expect("the simulation screen")
        .heat_map_canvas()
        .grounds
        .legend
        .colour(&mud);
    assert_ne!(heat, UNDEFINED, "the heat map knows the mud");
    harness.key_press(egui::Key::Escape);
    settle(&mut harness);
    harness.get_by_label("mud-run.ron (mission)").click();
    settle(&mut harness);
    let diagram = harness
        .state()
        .mission_editor()
        .expect("the mission editor")
        .canvas()
        .grounds
        .legend
        .colour(&mud);
    assert_eq!(
        diagram, heat,
        "the diagram draws the mud as the heat map does"
    );
}
