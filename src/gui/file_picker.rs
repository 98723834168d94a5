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

use super::job::Job;
use super::screen_kind::ScreenKind;

/// A file or folder a screen asks for: the chosen path goes back to that screen
/// ([`super::screen::Screen::picked`]) with `what`, the screen's own name for the choice.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ScreenAsk {
    /// The screen that asked.
    pub screen: ScreenKind,
    /// What the choice is for, as the screen names it (handed back with the path).
    pub what: &'static str,
    /// The dialog's title.
    pub title: &'static str,
    /// The file name extensions shown (none: every file).
    pub extensions: &'static [&'static str],
    /// A save dialog (a file to write), or an open one (a file to read).
    pub save: bool,
    /// A folder and file name to start from (a save dialog).
    pub suggested: Option<PathBuf>,
    /// The folder to start in (an open dialog; a picture is looked for beside its track).
    pub start_in: Option<PathBuf>,
}

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
    /// A race record to watch.
    OpenRecord,
    /// A choice a screen asked for; the path goes back to it.
    ForScreen(ScreenAsk),
    /// Where to write a printed PDF; `suggested` as for [`Picker::SaveAs`].
    PrintPdf {
        /// The suggested file, if any.
        suggested: Option<PathBuf>,
    },
    /// The folder for Tabletop Simulator's pictures.
    ExportTts,
}

/// A path chosen in a file dialog, with what it was chosen for.
pub type Chosen = (Picker, PathBuf);

impl Picker {
    /// What the dialog is for, as a key: each purpose remembers the folder last chosen for it
    /// (records are kept in one place, prints in another, tracks in a third).
    #[must_use]
    pub fn purpose(&self) -> &'static str {
        match self {
            Self::OpenFolder => "open folder",
            Self::OpenFile | Self::SaveAs { .. } => "content file",
            Self::OpenRecord => "race record",
            Self::ForScreen(ask) => ask.what,
            Self::PrintPdf { .. } => "print",
            Self::ExportTts => "tabletop",
        }
    }

    /// The file a save dialog starts on, when there is one.
    fn suggested(&self) -> Option<&Path> {
        match self {
            Self::SaveAs { suggested } | Self::PrintPdf { suggested } => suggested.as_deref(),
            Self::ForScreen(ask) => ask.suggested.as_deref(),
            _ => None,
        }
    }

    /// Whether the dialog saves (asks for a file to write).
    fn saves(&self) -> bool {
        match self {
            Self::SaveAs { .. } | Self::PrintPdf { .. } => true,
            Self::ForScreen(ask) => ask.save,
            Self::OpenFolder | Self::OpenFile | Self::OpenRecord | Self::ExportTts => false,
        }
    }

    /// Whether it chooses a folder.
    fn folder(&self) -> bool {
        matches!(self, Self::OpenFolder | Self::ExportTts)
    }

    fn title(&self) -> &'static str {
        match self {
            Self::OpenFolder => "Open folder",
            Self::OpenFile => "Open file",
            Self::SaveAs { .. } => "Save as",
            Self::OpenRecord => "Open a race record",
            Self::ForScreen(ask) => ask.title,
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
            Self::OpenRecord => &["json", "ron"],
            Self::ForScreen(ask) => ask.extensions,
        }
    }

    /// Asks the system's dialog, which blocks until the user answers; `None` when cancelled.
    fn native(&self, start: &Path) -> Option<PathBuf> {
        let extensions = self.extensions();
        let mut dialog = rfd::FileDialog::new().set_title(self.title());
        if !extensions.is_empty() {
            dialog = dialog.add_filter(self.title(), extensions);
        }
        if self.folder() {
            return dialog.set_directory(start).pick_folder();
        }
        if !self.saves() {
            return dialog.set_directory(start).pick_file();
        }
        let (folder, name) = split(self.suggested(), start);
        let dialog = dialog.set_directory(folder);
        match name {
            Some(name) => dialog.set_file_name(name).save_file(),
            None => dialog.save_file(),
        }
    }

    /// The in-window dialog for this choice, open.
    fn in_window(&self, start: &Path) -> egui_file::FileDialog {
        let mut dialog = if self.folder() {
            egui_file::FileDialog::select_folder()
        } else if self.saves() {
            egui_file::FileDialog::save_file()
        } else {
            egui_file::FileDialog::open_file()
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
    /// the path chosen, if one was, with what it was chosen for.
    pub fn wait(&mut self) -> Option<Chosen> {
        let (picker, mut job) = self.native.take()?;
        job.wait_next().flatten().map(|path| (picker, path))
    }

    /// Ends the choice under way as if `path` had been chosen (tests, and scripts without a
    /// desktop portal): what it was chosen for, if a choice was under way.
    pub fn answer(&mut self, path: PathBuf) -> Option<Chosen> {
        let picker = self
            .open
            .take()
            .map(|(picker, _)| picker)
            .or_else(|| self.native.take().map(|(picker, _)| picker))?;
        Some((picker, path))
    }

    /// Draws the in-window dialog, or checks on the system's; the path chosen, with what it
    /// was chosen for, once it is.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<Chosen> {
        if let Some((picker, job)) = &mut self.native {
            if let Some(answer) = job.poll().pop() {
                let chosen = answer.map(|path| (picker.clone(), path));
                self.native = None;
                return chosen;
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
                let chosen = dialog.path().map(|p| (picker.clone(), p.to_owned()));
                self.open = None;
                chosen
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
            Some((Picker::OpenRecord, PathBuf::from("records/race-1.json")))
        );
        assert!(!picker.is_open());
    }
}
