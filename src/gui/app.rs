//! The studio application: menu bar, file list, summary and diagnostics.

use std::path::{Path, PathBuf};

use egui::{Panel, RichText, ScrollArea, Ui};

use super::command::StudioCommand;
use super::workspace::Workspace;
use crate::content::Document;
use crate::content::track_summary::TrackSummary;
use crate::validate::Severity;

/// The studio's state.
pub struct StudioApp {
    workspace: Workspace,
    selected_file: Option<usize>,
    /// Set when a command asks to close; the eframe wrapper turns it into a viewport command.
    quit_requested: bool,
    /// The picture of the selected track, and which file it shows.
    track_picture: Option<(usize, egui::TextureHandle)>,
}

impl StudioApp {
    /// Opens the studio on a pack folder or a content file.
    #[must_use]
    pub fn open(path: &Path) -> Self {
        Self::open_with(path, &[])
    }

    /// Opens the studio on a pack folder with extra files beside it (a track).
    #[must_use]
    pub fn open_with(path: &Path, extra: &[PathBuf]) -> Self {
        Self {
            workspace: Workspace::open_with(path, extra),
            selected_file: None,
            quit_requested: false,
            track_picture: None,
        }
    }

    /// What is open.
    #[must_use]
    pub fn workspace(&self) -> &Workspace {
        &self.workspace
    }

    /// Whether a command asked to close the window.
    #[must_use]
    pub fn quit_requested(&self) -> bool {
        self.quit_requested
    }

    /// Carries out a command from a widget.
    pub fn apply(&mut self, command: StudioCommand) {
        match command {
            StudioCommand::Open(path) => {
                self.workspace = Workspace::open(&path);
                self.selected_file = None;
                self.track_picture = None;
            }
            StudioCommand::Reload => {
                let path = self.workspace.path.clone();
                let extra = self.workspace.extra.clone();
                self.workspace = Workspace::open_with(&path, &extra);
                self.track_picture = None;
                self.selected_file = self
                    .selected_file
                    .filter(|&index| index < self.workspace.pack.files.len());
            }
            StudioCommand::SelectFile(index) => {
                self.selected_file = index.filter(|&index| index < self.workspace.pack.files.len());
            }
            StudioCommand::Quit => self.quit_requested = true,
        }
    }

    /// Draws the whole studio into `ui` and applies what the widgets asked for.
    pub fn ui(&mut self, ui: &mut Ui) {
        let mut commands = Vec::new();
        Panel::top("menu_bar").show(ui, |ui| menu_bar(ui, &mut commands));
        Panel::bottom("diagnostics")
            .resizable(true)
            .default_size(160.0)
            .show(ui, |ui| diagnostics_panel(ui, &self.workspace));
        Panel::left("files")
            .resizable(true)
            .default_size(240.0)
            .show(ui, |ui| {
                file_list(ui, &self.workspace, self.selected_file, &mut commands);
            });
        egui::CentralPanel::default_margins().show(ui, |ui| {
            let picture = self.track_picture(ui.ctx());
            ScrollArea::both().show(ui, |ui| match self.selected_file {
                Some(index) => file_view(ui, &self.workspace, index, picture.as_ref()),
                None => summary_view(ui, &self.workspace),
            });
        });
        for command in commands {
            self.apply(command);
        }
    }
}

impl StudioApp {
    /// The picture of the selected file when it is a track, drawn once and kept as a texture.
    fn track_picture(&mut self, ctx: &egui::Context) -> Option<egui::TextureHandle> {
        let index = self.selected_file?;
        if let Some((shown, texture)) = &self.track_picture
            && *shown == index
        {
            return Some(texture.clone());
        }
        let Document::Track(track) = &self.workspace.pack.files.get(index)?.document else {
            return None;
        };
        // A track that cannot be drawn (no spaces) simply shows no picture; its diagnostics say why.
        let image = crate::render::render_track(track, 1200).ok()?;
        let size = [image.width() as usize, image.height() as usize];
        let colour = egui::ColorImage::from_rgba_unmultiplied(size, image.as_raw());
        let texture = ctx.load_texture(
            format!("track-{index}"),
            colour,
            egui::TextureOptions::LINEAR,
        );
        self.track_picture = Some((index, texture.clone()));
        Some(texture)
    }
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        StudioApp::ui(self, ui);
        if self.quit_requested {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

fn menu_bar(ui: &mut Ui, commands: &mut Vec<StudioCommand>) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui.button("Open content folder…").clicked()
                && let Some(folder) = rfd::FileDialog::new().pick_folder()
            {
                commands.push(StudioCommand::Open(folder));
            }
            if ui.button("Open content file…").clicked()
                && let Some(file) = rfd::FileDialog::new()
                    .add_filter("Content", &["ron", "json"])
                    .pick_file()
            {
                commands.push(StudioCommand::Open(file));
            }
            if ui.button("Reload").clicked() {
                commands.push(StudioCommand::Reload);
            }
            ui.separator();
            if ui.button("Quit").clicked() {
                commands.push(StudioCommand::Quit);
            }
        });
    });
}

fn file_list(
    ui: &mut Ui,
    workspace: &Workspace,
    selected: Option<usize>,
    commands: &mut Vec<StudioCommand>,
) {
    ui.heading("Content");
    if ui.selectable_label(selected.is_none(), "Summary").clicked() {
        commands.push(StudioCommand::SelectFile(None));
    }
    for (index, loaded) in workspace.pack.files.iter().enumerate() {
        let name = loaded
            .source
            .path
            .strip_prefix(&workspace.pack.root)
            .ok()
            .or_else(|| loaded.source.path.file_name().map(Path::new))
            .unwrap_or(&loaded.source.path)
            .display()
            .to_string();
        let label = format!("{name} ({})", loaded.document.kind());
        if ui
            .selectable_label(selected == Some(index), label)
            .clicked()
        {
            commands.push(StudioCommand::SelectFile(Some(index)));
        }
    }
    for error in &workspace.pack.errors {
        ui.colored_label(
            ui.visuals().error_fg_color,
            error.path.display().to_string(),
        );
    }
}

fn summary_view(ui: &mut Ui, workspace: &Workspace) {
    let summary = &workspace.summary;
    ui.heading(workspace.path.display().to_string());
    egui::Grid::new("summary").striped(true).show(ui, |ui| {
        for (label, value) in [
            ("Race cards", summary.race_cards.to_string()),
            ("Movement events", summary.movement_events.to_string()),
            ("Combat events", summary.combat_events.to_string()),
            ("Teams", summary.teams.to_string()),
            ("Cars", summary.cars.to_string()),
            ("Weapon types", summary.weapon_types.join(", ")),
            ("Rulesets", summary.rulesets.join(", ")),
        ] {
            ui.label(label);
            ui.label(value);
            ui.end_row();
        }
    });
}

fn file_view(
    ui: &mut Ui,
    workspace: &Workspace,
    index: usize,
    picture: Option<&egui::TextureHandle>,
) {
    let Some(loaded) = workspace.pack.files.get(index) else {
        return;
    };
    ui.heading(loaded.source.path.display().to_string());
    match &loaded.document {
        Document::RaceDeck(deck) => {
            for card in &deck.cards {
                ui.label(format!(
                    "{} ×{}  ({})",
                    card.name,
                    card.count,
                    card.movement.label()
                ));
            }
        }
        Document::MovementEventDeck(deck) => {
            for card in &deck.cards {
                ui.label(format!("{} ×{}", card.name, card.count));
            }
        }
        Document::CombatEventDeck(deck) => {
            for card in &deck.cards {
                ui.label(format!(
                    "{} ×{}  (value {})",
                    card.name, card.count, card.value
                ));
            }
        }
        Document::TeamMats(mats) => {
            for team in &mats.teams {
                ui.label(format!("{} — {} cars", team.name, team.cars.len()));
            }
        }
        Document::Track(track) => {
            let summary = TrackSummary::of(track);
            ui.label(format!(
                "{}: {} spaces in {} sectors, {}-{} lanes, {} grid positions",
                track.name,
                summary.spaces,
                summary.sectors,
                summary.lanes_min,
                summary.lanes_max,
                summary.grid_positions
            ));
            if let Some(texture) = picture {
                let width = ui.available_width().min(texture.size_vec2().x);
                ui.add(egui::Image::new(texture).max_width(width));
            }
        }
        Document::Scenario(scenario) => {
            ui.label(format!(
                "Scenario: {} — {} cars on {}",
                scenario.name,
                scenario.cars.len(),
                scenario.track
            ));
        }
        Document::Ruleset(ruleset) => {
            ui.label(format!(
                "{}: {} VP, hand of {}, {}-{} players",
                ruleset.name,
                ruleset.victory_points,
                ruleset.hand_size,
                ruleset.min_players,
                ruleset.max_players
            ));
        }
    }
}

fn diagnostics_panel(ui: &mut Ui, workspace: &Workspace) {
    let errors = workspace.error_count();
    let warnings = workspace.diagnostics.len() - errors;
    ui.label(
        RichText::new(format!(
            "Diagnostics: {errors} error(s), {warnings} warning(s)"
        ))
        .strong(),
    );
    ScrollArea::vertical().show(ui, |ui| {
        for diagnostic in &workspace.diagnostics {
            let colour = match diagnostic.severity {
                Severity::Error => ui.visuals().error_fg_color,
                Severity::Warning => ui.visuals().warn_fg_color,
            };
            ui.colored_label(colour, diagnostic.to_string());
        }
    });
}
