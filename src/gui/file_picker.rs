//! Choosing a file or folder: the system's dialog where there is one, an in-window dialog
//! (`egui_file`) where there is not.
//!
//! On Linux the system dialogs go through the desktop portal over D-Bus; without a session bus
//! (a bare X server, a container, a remote session) `rfd` returns nothing and says nothing, so
//! the studio could neither open nor save. There, and whenever the user asks for it (View >
//! Built-in file dialogs), the studio draws its own dialog in the window. It is drawn like any
//! other window, so it never blocks a frame. The system's dialog blocks whoever asks it, so it is
//! asked on a thread of its own and its answer collected by a later frame: the window keeps
//! drawing (a race's bots keep playing) while it is open.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use super::command::StudioCommand;
use super::job::Job;

/// What a file or folder is being chosen for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Picker {
    /// A folder to open as the workspace.
    OpenFolder,
    /// A content or track file to open beside the workspace.
    OpenFile,
    /// Where to save the document shown; `suggested` is a folder and file name to start from.
    SaveAs {
        /// The suggested file, if any.
        suggested: Option<PathBuf>,
    },
    /// Where to export the track shown as a picture.
    ExportPng,
    /// A background picture for the track shown.
    Background,
    /// A race record to watch.
    OpenRecord,
    /// Where to export the simulation's results; `suggested` as for [`Picker::SaveAs`].
    ExportSimulation {
        /// What is exported.
        export: super::simulation::Export,
        /// The suggested file, if any.
        suggested: Option<PathBuf>,
    },
    /// Where to save the race shown as a record; `suggested` as for [`Picker::SaveAs`].
    SaveRecord {
        /// The suggested file, if any.
        suggested: Option<PathBuf>,
    },
    /// Where to write a printed PDF; `suggested` as for [`Picker::SaveAs`].
    PrintPdf {
        /// The suggested file, if any.
        suggested: Option<PathBuf>,
    },
    /// The folder for Tabletop Simulator's pictures.
    ExportTts,
}

impl Picker {
    /// The command the chosen path stands for.
    #[must_use]
    pub fn command(&self, path: PathBuf) -> StudioCommand {
        match self {
            Self::OpenFolder => StudioCommand::Open(path),
            Self::OpenFile => StudioCommand::AddFile(path),
            Self::SaveAs { .. } => StudioCommand::SaveAs(path),
            Self::ExportPng => StudioCommand::ExportPng(path),
            Self::Background => StudioCommand::SetBackground(path),
            Self::OpenRecord => StudioCommand::OpenRecord(path),
            Self::ExportSimulation { export, .. } => StudioCommand::ExportSimulation(*export, path),
            Self::SaveRecord { .. } => StudioCommand::SaveRecord(path),
            Self::PrintPdf { .. } | Self::ExportTts => StudioCommand::PrintTo(path),
        }
    }

    /// The file a save dialog starts on, when there is one.
    fn suggested(&self) -> Option<&Path> {
        match self {
            Self::SaveAs { suggested }
            | Self::SaveRecord { suggested }
            | Self::PrintPdf { suggested }
            | Self::ExportSimulation { suggested, .. } => suggested.as_deref(),
            _ => None,
        }
    }

    fn title(&self) -> &'static str {
        match self {
            Self::OpenFolder => "Open folder",
            Self::OpenFile => "Open file",
            Self::SaveAs { .. } => "Save as",
            Self::ExportPng => "Export PNG",
            Self::Background => "Choose a background picture",
            Self::OpenRecord => "Open a race record",
            Self::ExportSimulation { .. } => "Export the simulation",
            Self::SaveRecord { .. } => "Save the race record",
            Self::PrintPdf { .. } => "Print to PDF",
            Self::ExportTts => "A folder for Tabletop Simulator's pictures",
        }
    }

    /// The file name extensions shown (none: every file).
    fn extensions(&self) -> &'static [&'static str] {
        match self {
            Self::OpenFolder | Self::ExportTts => &[],
            Self::PrintPdf { .. } => &["pdf"],
            Self::OpenFile | Self::SaveAs { .. } => &["ron", "json"],
            Self::ExportPng => &["png"],
            Self::Background => &["png", "jpg", "jpeg"],
            Self::OpenRecord | Self::SaveRecord { .. } => &["json", "ron"],
            Self::ExportSimulation { export, .. } => export.extensions(),
        }
    }

    /// Asks the system's dialog, which blocks until the user answers; `None` when cancelled.
    fn native(&self, start: &Path) -> Option<PathBuf> {
        let extensions = self.extensions();
        let mut dialog = rfd::FileDialog::new().set_title(self.title());
        if !extensions.is_empty() {
            dialog = dialog.add_filter(self.title(), extensions);
        }
        match self {
            Self::OpenFolder | Self::ExportTts => dialog.set_directory(start).pick_folder(),
            Self::OpenFile | Self::Background | Self::OpenRecord => {
                dialog.set_directory(start).pick_file()
            }
            Self::SaveAs { .. }
            | Self::SaveRecord { .. }
            | Self::ExportPng
            | Self::PrintPdf { .. }
            | Self::ExportSimulation { .. } => {
                let (folder, name) = split(self.suggested(), start);
                let dialog = dialog.set_directory(folder);
                match name {
                    Some(name) => dialog.set_file_name(name).save_file(),
                    None => dialog.save_file(),
                }
            }
        }
    }

    /// The in-window dialog for this choice, open.
    fn in_window(&self, start: &Path) -> egui_file::FileDialog {
        let mut dialog = match self {
            Self::OpenFolder | Self::ExportTts => egui_file::FileDialog::select_folder(),
            Self::OpenFile | Self::Background | Self::OpenRecord => {
                egui_file::FileDialog::open_file()
            }
            Self::SaveAs { .. }
            | Self::ExportPng
            | Self::SaveRecord { .. }
            | Self::PrintPdf { .. }
            | Self::ExportSimulation { .. } => egui_file::FileDialog::save_file(),
        }
        .title(self.title());
        let extensions = self.extensions();
        if !extensions.is_empty() {
            dialog = dialog.show_files_filter(Box::new(move |path: &Path| {
                path.extension()
                    .and_then(OsStr::to_str)
                    .is_some_and(|e| extensions.contains(&e.to_ascii_lowercase().as_str()))
            }));
        }
        let (folder, name) = split(self.suggested(), start);
        dialog = dialog.initial_path(folder);
        if let Some(name) = name {
            dialog = dialog.default_filename(name);
        }
        dialog.open();
        dialog
    }
}

/// A suggested file as its folder and name, or `start` and no name.
fn split(suggested: Option<&Path>, start: &Path) -> (PathBuf, Option<String>) {
    match suggested {
        Some(file) => (
            file.parent()
                .map_or_else(|| start.to_owned(), Path::to_owned),
            file.file_name().map(|n| n.to_string_lossy().into_owned()),
        ),
        None => (start.to_owned(), None),
    }
}

/// Whether the system's dialogs can open here: not on Linux without a D-Bus session (the
/// portal's way in), and not when the user chose the built-in ones.
#[must_use]
pub fn native_dialogs_work(built_in_chosen: bool) -> bool {
    !built_in_chosen
        && (!cfg!(target_os = "linux") || std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some())
}

/// How the system's dialog is asked (a test puts a stand-in here).
type SystemDialog = fn(&Picker, &Path) -> Option<PathBuf>;

/// The choice under way, if any: an in-window dialog, or the system's on its thread.
pub struct FilePicker {
    /// The folder the choice under way started in.
    started_in: PathBuf,
    open: Option<(Picker, egui_file::FileDialog)>,
    native: Option<(Picker, Job<Option<PathBuf>>)>,
    system: SystemDialog,
}

impl Default for FilePicker {
    fn default() -> Self {
        Self {
            started_in: PathBuf::new(),
            open: None,
            native: None,
            system: Picker::native,
        }
    }
}

impl FilePicker {
    /// Starts a choice: the system's dialog when `native` (on a thread of its own), otherwise
    /// the in-window one. Either way the answer comes from [`Self::show`] in a later frame. A
    /// choice already under way is dropped for the new one.
    pub fn pick(&mut self, picker: Picker, start: &Path, native: bool) {
        start.clone_into(&mut self.started_in);
        if native {
            let asked = picker.clone();
            let start = start.to_owned();
            let system = self.system;
            let job = Job::spawn("file-dialog", move |handle| {
                // Nobody listens any more when another choice replaced this one.
                handle.send(system(&asked, &start));
            });
            self.open = None;
            self.native = Some((picker, job));
            return;
        }
        let dialog = picker.in_window(start);
        self.native = None;
        self.open = Some((picker, dialog));
    }

    /// The choice under way, if any, and the folder it started in.
    #[must_use]
    pub fn asked(&self) -> Option<(&Picker, &Path)> {
        let picker = self
            .open
            .as_ref()
            .map(|(p, _)| p)
            .or_else(|| self.native.as_ref().map(|(p, _)| p))?;
        Some((picker, &self.started_in))
    }

    /// Whether a dialog is open (in the window or the system's).
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.open.is_some() || self.native.is_some()
    }

    /// Waits for the system's dialog to answer (tests and scripts; the window polls instead):
    /// the command of the path chosen, if one was.
    pub fn wait(&mut self) -> Option<StudioCommand> {
        let (picker, mut job) = self.native.take()?;
        job.wait_next().flatten().map(|path| picker.command(path))
    }

    /// Draws the in-window dialog, or checks on the system's; the command of the path chosen,
    /// once it is.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<StudioCommand> {
        if let Some((picker, job)) = &mut self.native {
            if let Some(answer) = job.poll().pop() {
                let command = answer.map(|path| picker.command(path));
                self.native = None;
                return command;
            }
            if job.is_finished() {
                self.native = None;
            } else {
                ctx.request_repaint_after(std::time::Duration::from_millis(100));
            }
            return None;
        }
        let (picker, dialog) = self.open.as_mut()?;
        dialog.show(ctx);
        match dialog.state() {
            egui_file::State::Open => None,
            egui_file::State::Selected => {
                let command = dialog.path().map(|p| picker.command(p.to_owned()));
                self.open = None;
                command
            }
            egui_file::State::Closed | egui_file::State::Cancelled => {
                self.open = None;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A system dialog that takes its time, as a person does, then picks a file.
    #[allow(clippy::unnecessary_wraps)] // It stands in for `Picker::native`, whose type it has.
    fn slow_dialog(_: &Picker, start: &Path) -> Option<PathBuf> {
        std::thread::sleep(std::time::Duration::from_millis(300));
        Some(start.join("race-1.json"))
    }

    /// The system's dialog is asked on its own thread: `pick` returns at once, frames go on
    /// while the dialog is open, and the choice comes through `show` in a later frame.
    #[test]
    fn the_system_dialog_never_blocks_the_frame_that_asks() {
        let mut picker = FilePicker {
            system: slow_dialog,
            ..FilePicker::default()
        };
        let asked = std::time::Instant::now();
        picker.pick(Picker::OpenRecord, Path::new("records"), true);
        assert!(
            asked.elapsed() < std::time::Duration::from_millis(200),
            "pick did not wait for the dialog"
        );
        let ctx = egui::Context::default();
        assert_eq!(picker.show(&ctx), None, "not answered yet");
        assert!(picker.is_open());
        // Wait on the dialog's job, not the clock.
        let answer = picker.wait();
        assert_eq!(
            answer,
            Some(StudioCommand::OpenRecord(PathBuf::from(
                "records/race-1.json"
            )))
        );
        assert!(!picker.is_open());
    }
}
