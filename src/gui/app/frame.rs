//! One frame of the window: the menu bar, the status line and the files panel around the
//! screen shown, the dialogs over it, and then what was asked (keys, clicks) carried out.

use egui::{Panel, Ui};

use super::StudioApp;
use crate::gui::action::Action;
use crate::gui::command::StudioCommand;
use crate::gui::editor::EditorScreen;
use crate::gui::menu::{MenuContext, menu_bar, pressed_keys, shortcut_list};
use crate::gui::prefs::{Prefs, Theme};
use crate::gui::question::unsaved_question;
use crate::gui::race::start::StartAnswer;
use crate::gui::screen::ScreenKind;
use crate::gui::sidebar::files_panel;
use crate::gui::status::STATUS_SECONDS;

impl StudioApp {
    /// Draws the whole studio into `ui` and applies what the widgets asked for.
    pub fn ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let now = ctx.input(|i| i.time);
        if self.session.poll_validation() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        // The check by play waits for edits to settle, then reports progress: both need frames.
        if self.session.poll_play(now) {
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
        self.apply_theme(&ctx);
        // Keys go to the screen shown only: an action that does not apply there is not read.
        let mut commands = pressed_keys(
            &ctx,
            |action| self.allows(action),
            |action| self.field_made_the_step(&ctx, action),
        );
        self.menu_bar(ui, &mut commands);
        self.session.status_mut().tick(now);
        self.shortcuts_window(&ctx);
        self.help.show(
            &ctx,
            &mut self.session.prefs_mut().show_getting_started,
            &mut commands,
        );
        Panel::bottom("status").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(self.title());
                if let Some(status) = self.session.status().text() {
                    ui.separator();
                    ui.label(status);
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_secs_f64(STATUS_SECONDS));
                }
            });
        });
        self.start_dialog_ui(&ctx, &mut commands);
        self.print_dialog_ui(&ctx);
        self.last_time = now;
        // A race needs its board more than the project's files: the race screen goes without
        // them (Back to the editor brings them back).
        if self.shown != ScreenKind::Race {
            Panel::left("files")
                .resizable(true)
                .default_size(220.0)
                .show(ui, |ui| {
                    files_panel(ui, self.session.workspace(), self.shown(), &mut commands);
                });
        }
        let said = self.session.status().text().map(str::to_owned);
        self.with_screen_into(self.shown, &mut commands, |screen, studio| {
            screen.ui(ui, studio);
        });
        if self.session.status().text() != said.as_deref() {
            // Said while the screen drew (a picture that cannot be shown): the status line was
            // drawn already, so another frame shows it.
            ctx.request_repaint();
        }
        unsaved_question(&ctx, &self.session, &mut commands);
        if let Some(answer) = self.rename_question.as_ref().and_then(|q| q.show(&ctx)) {
            commands.push(StudioCommand::RenameAnswer(answer));
        }
        self.finish_frame(&ctx, commands);
    }

    /// Whether the text field with the keyboard made the step of the shown document that
    /// `action` (undo or redo) would take back or do again: then Ctrl+Z there is the studio's.
    fn field_made_the_step(&self, ctx: &egui::Context, action: Action) -> bool {
        let Some(focused) = ctx.memory(egui::Memory::focused) else {
            return false;
        };
        let Some(document) = (self.shown == ScreenKind::Editor)
            .then(|| self.shown())
            .flatten()
            .and_then(|id| self.session.workspace().document(id))
        else {
            return false;
        };
        let made_by = match action {
            Action::Undo => document.history.undo_made_by(),
            Action::Redo => document.history.redo_made_by(),
            _ => None,
        };
        made_by == Some(focused.value())
    }

    /// The menu bar, enabled and labelled as the screen shown says.
    fn menu_bar(&self, ui: &mut Ui, commands: &mut Vec<StudioCommand>) {
        let screen = |action: Action| {
            let (can, label) = self.screen_of(self.shown).map_or((false, None), |screen| {
                (
                    screen.can(action, &self.session),
                    screen.label(action, &self.session),
                )
            });
            let label = label.or_else(|| {
                (action == Action::ToggleRaceScreen && self.shown == ScreenKind::Race)
                    .then(|| "Back to the editor".to_owned())
            });
            (can, label)
        };
        let context = MenuContext {
            state: self.action_state(),
            recent: &self.session.prefs().recent,
            screen: &screen,
        };
        Panel::top("menu_bar").show(ui, |ui| menu_bar(ui, &context, commands));
    }

    fn shortcuts_window(&mut self, ctx: &egui::Context) {
        if !self.shortcuts_open {
            return;
        }
        let mut open = true;
        egui::Window::new("Keyboard shortcuts")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                    for (keys, what) in shortcut_list(ctx) {
                        ui.strong(keys);
                        ui.label(what);
                        ui.end_row();
                    }
                });
                ui.label("Shortcuts do nothing while a text field has the keyboard.");
            });
        self.shortcuts_open = open;
    }

    fn start_dialog_ui(&mut self, ctx: &egui::Context, commands: &mut Vec<StudioCommand>) {
        let Some(dialog) = &mut self.start_dialog else {
            return;
        };
        match dialog.show(
            ctx,
            self.session.workspace(),
            self.session.diagnostics(),
            self.session.validated(),
            crate::gui::race::start::fresh_seed(),
        ) {
            Some(StartAnswer::Start(request)) => self.start_race(&request),
            Some(StartAnswer::Focus(index)) => {
                commands.push(StudioCommand::FocusDiagnostic(index));
            }
            Some(StartAnswer::Cancel) => self.start_dialog = None,
            None => {}
        }
    }

    /// After drawing: the commands, the file dialog, and the autosave timer.
    fn finish_frame(&mut self, ctx: &egui::Context, mut commands: Vec<StudioCommand>) {
        if let Some((picker, path)) = self.picker.show(ctx) {
            commands.push(StudioCommand::Chosen(picker, path));
        }
        for command in commands {
            self.apply(command);
        }
        if let Some(text) = self
            .screen_mut::<EditorScreen>()
            .and_then(EditorScreen::take_copied_text)
        {
            ctx.copy_text(text);
        }
        let now = ctx.input(|i| i.time);
        self.session.autosave_on_timer(now);
        // Files changed outside are looked for every few seconds, idle or not.
        self.session.check_disk(now);
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(
            self.session.next_disk_check_in(now).max(0.1),
        ));
        // Nothing else wakes an idle window: the next autosave asks for its own frame.
        if let Some(delay) = self.session.next_autosave_in(now) {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(delay));
        }
    }

    fn apply_theme(&mut self, ctx: &egui::Context) {
        if self.applied_theme != Some(self.session.prefs().theme) {
            self.applied_theme = Some(self.session.prefs().theme);
            ctx.set_theme(match self.session.prefs().theme {
                Theme::System => egui::ThemePreference::System,
                Theme::Dark => egui::ThemePreference::Dark,
                Theme::Light => egui::ThemePreference::Light,
            });
        }
    }

    /// Draws the whole window as eframe shows it: everything [`StudioApp::ui`] draws, plus the
    /// window's part. A close request (the title bar's button) over unsaved work is cancelled
    /// and asked about; the title follows the dirty marker; a confirmed quit closes the window.
    pub fn window_ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if ctx.input(|i| i.viewport().close_requested())
            && self.session.workspace().is_dirty()
            && !self.session.close_confirmed()
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.apply(StudioCommand::Act(Action::Quit));
        }
        let title = self.title();
        self.ui(ui);
        if self.title() != title || ctx.cumulative_frame_nr() == 1 {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(self.title()));
        }
        if self.session.quit_requested() {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// Keeps what must outlive the window: the preferences in eframe's storage, and a recovery
    /// copy of unsaved work.
    pub fn save_to(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, Prefs::KEY, self.session.prefs());
        self.autosave_now();
    }

    /// The preferences eframe's storage holds, or the defaults.
    #[must_use]
    pub fn stored_prefs(storage: Option<&dyn eframe::Storage>) -> Prefs {
        storage
            .and_then(|storage| eframe::get_value::<Prefs>(storage, Prefs::KEY))
            .unwrap_or_default()
    }
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.window_ui(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.save_to(storage);
    }
}
