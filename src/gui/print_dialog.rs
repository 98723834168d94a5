//! File > Print to PDF… and Export decks and track for Tabletop Simulator…: a window with what is
//! printed (the track, course or mission shown, or the content pack, as edited; a rolling road as
//! its tiles one by one) and the options `roadwright print` takes; the place is chosen in a file
//! dialog, and the file is written off the frame thread as a [`Job`], with Cancel, the window
//! saying what was written.

use std::path::{Path, PathBuf};

use egui::{ComboBox, Context, DragValue};

use super::job::Job;
use super::workspace::{DocumentId, Workspace};
use crate::content::Document;
use crate::render::{Paper, PrintFailure, PrintSettings, Printable, write_pdf, write_tts};
use crate::sim::course_track::{CourseFiles, CoursePrint};

/// What the window makes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PrintKind {
    /// A PDF to print.
    Pdf,
    /// Pictures for Tabletop Simulator, in a folder.
    Tabletop,
}

/// What is printed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PrintWhat {
    /// A track document.
    Track(DocumentId),
    /// The content pack: its decks, team mats and counters.
    Pack,
    /// A mission document's sheet (a PDF only): its rules in words and its setup diagram.
    Mission(DocumentId),
    /// A course document: the track it builds, or a rolling road's tiles each on its own.
    Course(DocumentId),
}

/// What the window asks of the studio.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PrintAnswer {
    /// Open the file dialog for where to write.
    Choose,
    /// Close the window.
    Close,
}

/// The window's state.
pub struct PrintDialog {
    /// PDF or pictures.
    pub kind: PrintKind,
    /// The track shown or the pack.
    pub what: PrintWhat,
    /// The options.
    pub settings: PrintSettings,
    job: Option<Job<Result<String, PrintFailure>>>,
    target: Option<PathBuf>,
    /// What the last writing did: what was written, or why not.
    pub outcome: Option<Result<String, String>>,
}

impl PrintDialog {
    /// The window for `kind`, on the track shown when there is one, else the pack.
    #[must_use]
    pub fn new(kind: PrintKind, workspace: &Workspace, shown: Option<DocumentId>) -> Self {
        let is_mission = |id: DocumentId| {
            matches!(
                workspace.document(id).map(|d| &d.document),
                Some(Document::Mission(_))
            )
        };
        let is_course = |id: DocumentId| {
            matches!(
                workspace.document(id).map(|d| &d.document),
                Some(Document::Course(_))
            )
        };
        let what = match shown {
            Some(id) if workspace.track_ids().any(|t| t == id) => PrintWhat::Track(id),
            Some(id) if kind == PrintKind::Pdf && is_mission(id) => PrintWhat::Mission(id),
            Some(id) if is_course(id) => PrintWhat::Course(id),
            _ => PrintWhat::Pack,
        };
        Self {
            kind,
            what,
            settings: PrintSettings::default(),
            job: None,
            target: None,
            outcome: None,
        }
    }

    /// The file (or folder) the dialog suggests: named after the track or `pack`, in `home`.
    #[must_use]
    pub fn suggested(&self, workspace: &Workspace) -> PathBuf {
        let stem = match self.what {
            PrintWhat::Track(id) => workspace.file_stem(id, "track"),
            PrintWhat::Mission(id) => workspace.file_stem(id, "mission"),
            PrintWhat::Course(id) => workspace.file_stem(id, "course"),
            PrintWhat::Pack => "pack".to_owned(),
        };
        match self.kind {
            PrintKind::Pdf => crate::gui::session::free_file(&workspace.home(), &stem, "pdf")
                .unwrap_or_else(|| workspace.home().join(format!("{stem}.pdf"))),
            PrintKind::Tabletop => workspace.home().join(format!("{stem}-tts")),
        }
    }

    /// Starts writing to `path` what the window describes, from the documents as edited.
    pub fn start(&mut self, path: &Path, workspace: &Workspace) {
        let printable = match self.what {
            PrintWhat::Track(id) => {
                let Some(Document::Track(track)) = workspace.document(id).map(|d| &d.document)
                else {
                    self.outcome = Some(Err("the track is no longer open".to_owned()));
                    return;
                };
                Printable::Track {
                    track: Box::new(track.clone()),
                    stem: workspace.file_stem(id, "track"),
                    legend: crate::render::legend::Legend::of(workspace.terrain_file()),
                }
            }
            PrintWhat::Pack => Printable::Pack(
                crate::gui::race::launch::pack_of(workspace)
                    .files
                    .into_iter()
                    .map(|f| f.document)
                    .collect(),
            ),
            PrintWhat::Mission(id) => match mission_sheet(workspace, id) {
                Ok(sheet) => Printable::Mission(Box::new(sheet)),
                Err(why) => {
                    self.outcome = Some(Err(why));
                    return;
                }
            },
            PrintWhat::Course(id) => match course_print(workspace, id) {
                Ok(printable) => printable,
                Err(why) => {
                    self.outcome = Some(Err(why));
                    return;
                }
            },
        };
        let (kind, settings, target) = (self.kind, self.settings, path.to_owned());
        self.target = Some(target.clone());
        self.outcome = None;
        self.job = Some(Job::spawn("print", move |handle| {
            let written = match kind {
                PrintKind::Pdf => write_pdf(&printable, &settings, &target),
                PrintKind::Tabletop => write_tts(&printable, &settings, &target),
            };
            // Cancelled: the window was closed; nobody is told.
            if !handle.is_cancelled() {
                handle.send(written);
            }
        }));
    }

    /// Whether a file is being written.
    #[must_use]
    pub fn is_writing(&self) -> bool {
        self.job.is_some()
    }

    /// Takes in the job's answer; what to say on the status line when it came.
    pub fn poll(&mut self) -> Option<String> {
        let job = self.job.as_mut()?;
        let answer = job.poll().pop();
        if answer.is_none() && !job.is_finished() {
            return None;
        }
        self.job = None;
        Some(self.take(answer))
    }

    /// Waits for the writing to end (tests wait on the job, not the clock); what to say.
    pub fn wait(&mut self) -> Option<String> {
        let mut job = self.job.take()?;
        let answer = job.wait_next();
        Some(self.take(answer))
    }

    fn take(&mut self, answer: Option<Result<String, PrintFailure>>) -> String {
        let target = self
            .target
            .as_deref()
            .map_or_else(String::new, |p| p.display().to_string());
        let outcome = match answer {
            Some(Ok(said)) => Ok(format!("Wrote {target}: {said}")),
            Some(Err(failure)) => Err(format!("Could not write {target}: {failure}")),
            None => Err(format!("Writing {target} stopped")),
        };
        let said = match &outcome {
            Ok(message) | Err(message) => message.clone(),
        };
        self.outcome = Some(outcome);
        said
    }

    /// The window's title.
    fn title(&self) -> &'static str {
        match self.kind {
            PrintKind::Pdf => "Print to PDF",
            PrintKind::Tabletop => "Export decks and track for Tabletop Simulator",
        }
    }

    /// Draws the window; what it asks.
    pub fn show(&mut self, ctx: &Context, workspace: &Workspace) -> Option<PrintAnswer> {
        let mut answer = None;
        let mut open = true;
        egui::Window::new(self.title())
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .show(ctx, |ui| {
                self.what_choice(ui, workspace);
                ui.separator();
                self.options_ui(ui);
                ui.separator();
                if self.job.is_some() {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label("Writing…");
                        if ui.button("Cancel").clicked() {
                            self.job = None;
                            self.outcome = Some(Err("Cancelled".to_owned()));
                        }
                    });
                    ctx.request_repaint_after(std::time::Duration::from_millis(100));
                } else {
                    ui.horizontal(|ui| {
                        let label = match self.kind {
                            PrintKind::Pdf => "Choose the PDF file…",
                            PrintKind::Tabletop => "Choose the folder…",
                        };
                        if ui.button(label).clicked() {
                            answer = Some(PrintAnswer::Choose);
                        }
                        if ui.button("Close").clicked() {
                            answer = Some(PrintAnswer::Close);
                        }
                    });
                }
                match &self.outcome {
                    Some(Ok(message)) => {
                        ui.label(message);
                    }
                    Some(Err(message)) => {
                        ui.colored_label(ui.visuals().error_fg_color, message);
                    }
                    None => {}
                }
            });
        if !open {
            answer = Some(PrintAnswer::Close);
        }
        answer
    }

    fn what_choice(&mut self, ui: &mut egui::Ui, workspace: &Workspace) {
        ui.label("Print");
        for id in workspace.track_ids() {
            ui.radio_value(
                &mut self.what,
                PrintWhat::Track(id),
                format!("the track {}", workspace.display_name(id)),
            );
        }
        for id in workspace.ids() {
            if let Some(Document::Course(course)) = workspace.document(id).map(|d| &d.document) {
                let what = if course.rolling.is_some() {
                    "the tiles of the rolling road"
                } else {
                    "the course"
                };
                ui.radio_value(
                    &mut self.what,
                    PrintWhat::Course(id),
                    format!("{what} {}", workspace.display_name(id)),
                );
            }
        }
        ui.radio_value(
            &mut self.what,
            PrintWhat::Pack,
            "the content: cards, team mats and counters",
        );
        // A mission's sheet is a PDF only.
        if self.kind == PrintKind::Pdf {
            for id in workspace.ids() {
                if let Some(Document::Mission(mission)) =
                    workspace.document(id).map(|d| &d.document)
                {
                    ui.radio_value(
                        &mut self.what,
                        PrintWhat::Mission(id),
                        format!("the mission sheet of {}", mission.name),
                    );
                }
            }
        }
    }

    fn options_ui(&mut self, ui: &mut egui::Ui) {
        let settings = &mut self.settings;
        egui::Grid::new("print_options")
            .num_columns(2)
            .show(ui, |ui| match (self.kind, self.what) {
                (PrintKind::Pdf, what) => {
                    let label = ui.label("Paper");
                    ComboBox::from_id_salt("print_paper")
                        .selected_text(settings.paper.name())
                        .show_ui(ui, |ui| {
                            for paper in [Paper::A4, Paper::Letter] {
                                ui.selectable_value(&mut settings.paper, paper, paper.name());
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    ui.end_row();
                    if matches!(what, PrintWhat::Track(_) | PrintWhat::Course(_)) {
                        let label = ui.label("A space's length, mm");
                        ui.add(
                            DragValue::new(&mut settings.space_mm)
                                .range(crate::render::SPACE_MM_RANGE)
                                .speed(0.5),
                        )
                        .labelled_by(label.id);
                    } else if matches!(what, PrintWhat::Pack) {
                        let label = ui.label("Bleed, mm");
                        ui.add(
                            DragValue::new(&mut settings.bleed_mm)
                                .range(0.0..=5.0)
                                .speed(0.1),
                        )
                        .labelled_by(label.id);
                        ui.end_row();
                        ui.label("");
                        ui.checkbox(&mut settings.backs, "Backs after each sheet (duplex)");
                    }
                    ui.end_row();
                }
                (PrintKind::Tabletop, PrintWhat::Track(_) | PrintWhat::Course(_)) => {
                    let label = ui.label("Pixels per space");
                    ui.add(DragValue::new(&mut settings.px_per_space).range(20..=400))
                        .labelled_by(label.id);
                    ui.end_row();
                }
                // The window offers a mission's sheet for a PDF only.
                (PrintKind::Tabletop, PrintWhat::Pack | PrintWhat::Mission(_)) => {
                    ui.label("Deck sheets of 10 × 7 cards, the back in the last cell");
                    ui.end_row();
                    ui.label("");
                    ui.weak("Team mats and counters are not exported: Print to PDF prints them.");
                    ui.end_row();
                }
            });
    }
}

/// The sheet of the mission document `id`, checked against the documents as edited and the
/// open track it names; why not, when it does not check.
/// What printing the course document `id` (as edited, its tiles read from its folder and
/// checked against the pack's kinds of ground) gives: the track it builds with course seed 0,
/// or a rolling road's tiles each on its own, as `roadwright print` prints them.
fn course_print(workspace: &Workspace, id: DocumentId) -> Result<Printable, String> {
    let Some(Document::Course(course)) = workspace.document(id).map(|d| &d.document) else {
        return Err("the course is no longer open".to_owned());
    };
    let path = workspace
        .validation_path(id)
        .ok_or("the course is no longer open")?;
    let said = |found: Vec<crate::validate::Diagnostic>| {
        let lines: Vec<String> = found.iter().map(ToString::to_string).collect();
        format!("The course cannot be printed: {}", lines.join("; "))
    };
    let printed = CourseFiles::read(&path, course.clone(), &workspace.terrain_book())
        .and_then(|files| files.to_print(0))
        .map_err(said)?;
    let stem = workspace.file_stem(id, "course");
    let legend = crate::render::legend::Legend::of(workspace.terrain_file());
    Ok(match printed {
        CoursePrint::Track(track) => Printable::Track {
            track,
            stem,
            legend,
        },
        CoursePrint::Tiles(tiles) => Printable::RoadTiles {
            tiles: tiles
                .into_iter()
                .map(|tile| crate::render::RoadTilePrint::new(tile.track, tile.role))
                .collect(),
            stem,
            legend,
        },
    })
}

fn mission_sheet(
    workspace: &Workspace,
    id: DocumentId,
) -> Result<crate::render::MissionSheet, String> {
    let mission = crate::gui::race::launch::mission_rules(workspace, id)
        .map_err(|e| format!("The mission cannot be printed: {e}"))?;
    let rules = &mission.loaded.rules;
    let checked = rules
        .mission
        .as_ref()
        .ok_or("The mission did not reach the race's rules")?;
    let words = crate::validate::mission_words::MissionWords {
        mission: checked,
        content: &rules.content,
        track: &rules.track,
    };
    Ok(crate::render::MissionSheet::new(
        words,
        mission.track.clone(),
        crate::render::legend::Legend::of(workspace.terrain_file()),
    ))
}
