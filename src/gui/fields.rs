//! Small editing widgets shared by the tables and the inspector. Each returns the new value
//! and an undo group (the widget's id), so that the keystrokes of one field or the frames of
//! one drag make a single undo step.

use std::collections::BTreeMap;

use egui::emath::Numeric;
use egui::{Color32, DragValue, RichText, TextEdit, Ui};

use crate::content::text::Text;
use crate::edit::{Edit, GroupKey};

/// A one-line text field over a bounded string type, named `name` for screen readers (and
/// tests), `width` wide or as wide as its text, whichever is wider: a value is never cut.
pub fn text<T: for<'a> From<&'a str> + AsRef<str>>(
    ui: &mut Ui,
    name: &str,
    value: &T,
    width: f32,
) -> Option<(T, GroupKey)> {
    let width = fitting_width(ui, [value.as_ref()], width);
    edited(ui, name, value, |text| {
        TextEdit::singleline(text).desired_width(width)
    })
}

/// A longer text (a description) `width` wide that wraps onto as many lines as it needs, so
/// none of it is cut off.
pub fn paragraph<T: for<'a> From<&'a str> + AsRef<str>>(
    ui: &mut Ui,
    name: &str,
    value: &T,
    width: f32,
) -> Option<(T, GroupKey)> {
    edited(ui, name, value, |text| {
        TextEdit::multiline(text)
            .desired_rows(1)
            .desired_width(width)
    })
}

/// A text field made by `field` over a copy of `value`; the new value and the edit's undo
/// group when it changed.
fn edited<T: for<'a> From<&'a str> + AsRef<str>>(
    ui: &mut Ui,
    name: &str,
    value: &T,
    field: impl FnOnce(&mut String) -> TextEdit<'_>,
) -> Option<(T, GroupKey)> {
    let mut text = value.as_ref().to_owned();
    let response = ui.add(field(&mut text)).accessible_name(name);
    response
        .changed()
        .then(|| (T::from(text.as_str()), response.id.value()))
}

/// The width a one-line field needs to show the longest of `texts` whole (its margins
/// included), at least `least`: columns of ids, names and drivers sized to what they hold, so
/// none is cut at 1280 pixels wide.
#[must_use]
pub fn fitting_width<'t>(ui: &Ui, texts: impl IntoIterator<Item = &'t str>, least: f32) -> f32 {
    widest_in(ui, texts, &egui::TextStyle::Body, least)
}

/// [`fitting_width`] for texts drawn in `style`.
fn widest_in<'t>(
    ui: &Ui,
    texts: impl IntoIterator<Item = &'t str>,
    style: &egui::TextStyle,
    least: f32,
) -> f32 {
    let font = style.resolve(ui.style());
    let widest = ui.fonts_mut(|fonts| {
        texts
            .into_iter()
            .map(|text| {
                fonts
                    .layout_no_wrap(text.to_owned(), font.clone(), egui::Color32::WHITE)
                    .size()
                    .x
            })
            .fold(0.0, f32::max)
    });
    // A text field's inner margin on both sides, and room for the cursor.
    (widest + 2.0 * ui.spacing().button_padding.x + 12.0).max(least)
}

/// A number dragged or typed within `range`.
pub fn number<N: Numeric>(
    ui: &mut Ui,
    name: &str,
    value: N,
    range: std::ops::RangeInclusive<N>,
) -> Option<(N, GroupKey)> {
    let mut edited = value;
    let response = ui
        .add(DragValue::new(&mut edited).range(range))
        .accessible_name(name);
    (response.changed() && edited != value).then(|| (edited, response.id.value()))
}

/// A seed typed in full: a text field that keeps every digit of a `u64` (a `DragValue` goes
/// through `f64`, and a seed past 2^53 came back with its last digits changed, so Run played
/// another batch than the one shown). Text that is no number shows in the error colour and
/// leaves the seed as it was; a seed changed elsewhere (New seed, a loaded form) is shown anew.
pub fn seed(ui: &mut Ui, id_salt: &str, seed: &mut u64) -> egui::Response {
    let id = ui.make_persistent_id(("seed field", id_salt));
    let typed: Option<String> = ui.data(|d| d.get_temp(id));
    // What was typed stands while it is being typed (empty, or not yet a number); a number
    // that is not the seed means the seed was changed elsewhere.
    let mut text = typed
        .filter(|t| t.parse::<u64>().map_or(true, |v| v == *seed))
        .unwrap_or_else(|| seed.to_string());
    let valid = text.parse::<u64>().is_ok();
    // Narrow enough for the form's row to keep Run on it at the default window width; a
    // longer seed scrolls inside the field, every digit kept.
    let mut edit = egui::TextEdit::singleline(&mut text).desired_width(100.0);
    if !valid {
        edit = edit.text_color(ui.visuals().error_fg_color);
    }
    let response = ui.add(edit);
    if response.changed()
        && let Ok(value) = text.trim().parse::<u64>()
    {
        *seed = value;
    }
    ui.data_mut(|d| d.insert_temp(id, text));
    response
}

/// The width of a combo box whose longest option is the longest of `options`: the box, its
/// arrow and the text.
#[must_use]
pub fn choice_width<'t>(ui: &Ui, options: impl IntoIterator<Item = &'t str>) -> f32 {
    fitting_width(ui, options, 60.0) + ui.spacing().icon_width
}

/// A choice from a fixed list, shown as a combo box as wide as its longest option (so no
/// option wraps inside it).
pub fn choice<T: Copy + PartialEq>(
    ui: &mut Ui,
    name: &str,
    id: impl std::hash::Hash + std::fmt::Debug,
    value: T,
    options: &[(T, &str)],
) -> Option<T> {
    let current = options
        .iter()
        .find(|(option, _)| *option == value)
        .map_or("?", |(_, name)| *name);
    let mut chosen = value;
    let width = choice_width(ui, options.iter().map(|(_, name)| *name));
    egui::ComboBox::from_id_salt(id)
        .width(width)
        .selected_text(current)
        .show_ui(ui, |ui| {
            for (option, option_name) in options {
                ui.selectable_value(&mut chosen, *option, *option_name);
            }
        })
        .response
        .accessible_name(name);
    (chosen != value).then_some(chosen)
}

/// The track a batch or a tuning is played on: a combo box of the open tracks, labelled
/// "Track".
fn track_choice(
    ui: &mut Ui,
    workspace: &crate::gui::workspace::Workspace,
    track: &mut Option<crate::gui::workspace::DocumentId>,
    id: &str,
) {
    let label = ui.label("Track");
    let name = track.map_or_else(|| "(none open)".to_owned(), |id| workspace.display_name(id));
    egui::ComboBox::from_id_salt(id)
        .selected_text(name)
        .show_ui(ui, |ui| {
            for id in workspace.track_ids() {
                ui.selectable_value(track, Some(id), workspace.display_name(id));
            }
        })
        .response
        .labelled_by(label.id);
}

/// The mission a batch or a tuning plays, or none: a combo box of the open missions, labelled
/// "Mission"; true when the choice changed.
pub fn mission_choice(
    ui: &mut Ui,
    workspace: &crate::gui::workspace::Workspace,
    mission: &mut Option<crate::gui::workspace::DocumentId>,
    id: &str,
) -> bool {
    let before = *mission;
    let label = ui.label("Mission");
    let named = |id: Option<crate::gui::workspace::DocumentId>| {
        id.map_or_else(|| "none".to_owned(), |id| workspace.display_name(id))
    };
    egui::ComboBox::from_id_salt(id)
        .selected_text(named(*mission))
        .show_ui(ui, |ui| {
            ui.selectable_value(mission, None, named(None));
            for id in workspace.ids() {
                if matches!(
                    workspace.document(id).map(|d| &d.document),
                    Some(crate::content::Document::Mission(_))
                ) {
                    ui.selectable_value(mission, Some(id), named(Some(id)));
                }
            }
        })
        .response
        .labelled_by(label.id)
        .on_hover_text("A mission fixes the track, the ruleset and the teams by side");
    *mission != before
}

/// The mission choice, then what the race is played on: a track's track, ruleset and players,
/// or a mission's players alone (it brings its own track and ruleset). A mission chosen seats
/// its own count. Whether the mission chosen changed. The simulation, Tune and Design report
/// forms start with it.
pub fn mission_or_track(
    ui: &mut Ui,
    workspace: &crate::gui::workspace::Workspace,
    (mission, setup): (
        &mut Option<crate::gui::workspace::DocumentId>,
        &mut RaceSetupForm,
    ),
    id: &str,
) -> bool {
    let changed = mission_choice(ui, workspace, mission, &format!("{id}_mission"));
    if changed && let Some(players) = mission.and_then(|id| mission_players(workspace, id)) {
        setup.players = players;
    }
    if mission.is_none() {
        setup.ui(ui, workspace, &format!("{id}_track"));
    } else {
        let label = ui.label("Players");
        ui.add(egui::DragValue::new(&mut setup.players).range(2..=10))
            .labelled_by(label.id)
            .on_hover_text("A count the mission allows; its seats take their teams");
    }
    changed
}

/// The player count a mission document seats when none is asked: every team of its sides (a
/// count its check then holds to those it allows).
#[must_use]
pub fn mission_players(
    workspace: &crate::gui::workspace::Workspace,
    mission: crate::gui::workspace::DocumentId,
) -> Option<usize> {
    match &workspace.document(mission)?.document {
        crate::content::Document::Mission(mission) => Some(
            mission
                .sides
                .iter()
                .map(|s| s.teams.len())
                .sum::<usize>()
                .clamp(2, 10),
        ),
        _ => None,
    }
}

/// What a batch or a tuning races on: the track, the ruleset's id and the number of players.
/// The simulation and Tune forms both start with it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RaceSetupForm {
    /// The track document the races are played on.
    pub track: Option<crate::gui::workspace::DocumentId>,
    /// The ruleset id.
    pub ruleset: String,
    /// Players per race (2 to 10).
    pub players: usize,
}

impl RaceSetupForm {
    /// The standard ruleset and four players on `track`.
    #[must_use]
    pub fn new(track: Option<crate::gui::workspace::DocumentId>) -> Self {
        Self {
            track,
            ruleset: "standard".to_owned(),
            players: 4,
        }
    }

    /// The three fields, each labelled; `id` tells this form's track choice from another's.
    pub fn ui(&mut self, ui: &mut Ui, workspace: &crate::gui::workspace::Workspace, id: &str) {
        track_choice(ui, workspace, &mut self.track, id);
        let label = ui.label("Ruleset");
        ui.add(egui::TextEdit::singleline(&mut self.ruleset).desired_width(80.0))
            .labelled_by(label.id);
        let label = ui.label("Players");
        ui.add(egui::DragValue::new(&mut self.players).range(2..=10))
            .labelled_by(label.id);
    }
}

/// The button that leaves a screen for the editor, at the start of its toolbar, with a
/// separator after it.
pub fn back_to_editor(ui: &mut Ui) -> egui::Response {
    let response = ui.button("Back to editor");
    ui.separator();
    response
}

/// A table that brings `row` (a row just added, or a diagnostic's card) to its middle.
#[must_use]
pub fn scrolled_to(
    table: egui_extras::TableBuilder<'_>,
    row: Option<usize>,
) -> egui_extras::TableBuilder<'_> {
    match row {
        Some(row) => table.scroll_to_row(row, Some(egui::Align::Center)),
        None => table,
    }
}

/// A table header row of bold titles.
pub fn header<S: AsRef<str>>(
    mut header: egui_extras::TableRow<'_, '_>,
    titles: impl IntoIterator<Item = S>,
) {
    for title in titles {
        header.col(|ui| {
            ui.strong(title.as_ref());
        });
    }
}

/// What a row's buttons asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RowAction {
    /// Insert a copy below.
    Duplicate,
    /// Remove the row.
    Delete,
}

/// A row's Duplicate and Delete buttons, side by side so they fit the row's height.
pub fn row_actions(ui: &mut Ui) -> Option<RowAction> {
    ui.horizontal(row_buttons).inner
}

/// A row's Duplicate and Delete buttons added to the row itself, for a row that wraps
/// (`horizontal_wrapped`): a group of their own would be placed whole at the end of the line
/// and run past the panel's edge instead of wrapping to the next line.
pub fn inline_row_actions(ui: &mut Ui) -> Option<RowAction> {
    row_buttons(ui)
}

/// A two-line row's Duplicate and Delete buttons, one over the other, so they fit a narrow
/// last column.
pub fn stacked_row_actions(ui: &mut Ui) -> Option<RowAction> {
    ui.vertical(row_buttons).inner
}

fn row_buttons(ui: &mut Ui) -> Option<RowAction> {
    let mut action = None;
    if ui.small_button("Duplicate").clicked() {
        action = Some(RowAction::Duplicate);
    }
    if ui.small_button("Delete").clicked() {
        action = Some(RowAction::Delete);
    }
    action
}

/// A deck's name, edited in place of its heading.
pub fn deck_name(ui: &mut Ui, name: &Text, edits: &mut Vec<(Edit, Option<GroupKey>)>) {
    let mut text = name.as_str().to_owned();
    // As wide as the name in the heading's font, so it is never cut.
    let width = widest_in(ui, [text.as_str()], &egui::TextStyle::Heading, 224.0);
    let response = ui
        .add(
            TextEdit::singleline(&mut text)
                .font(egui::TextStyle::Heading)
                .desired_width(width),
        )
        .accessible_name("deck name");
    if response.changed() {
        edits.push((
            Edit::DeckName(Text::from(text.as_str())),
            Some(response.id.value()),
        ));
    }
}

/// Text typed into a [`ron_field`] that does not parse yet, with why.
#[derive(Clone, Debug)]
pub struct Draft {
    /// The text as typed.
    pub text: String,
    /// Why it does not parse.
    pub error: String,
}

/// A value edited as one line of RON (an event's numbers, a kind's effects), named `name`:
/// the new value when the typed text parses. Text that does not is kept in `drafts` under
/// `row`, drawn in red, not applied, and says why under the field.
pub fn ron_field<T: serde::Serialize + serde::de::DeserializeOwned>(
    ui: &mut Ui,
    name: &str,
    value: &T,
    hover: &str,
    drafts: &mut BTreeMap<usize, Draft>,
    row: usize,
) -> Option<(T, GroupKey)> {
    let draft = drafts.get(&row).cloned();
    let mut text = draft.as_ref().map_or_else(
        || ron::to_string(value).unwrap_or_default(),
        |d| d.text.clone(),
    );
    let mut field = TextEdit::singleline(&mut text).desired_width(ui.available_width());
    if draft.is_some() {
        field = field.text_color(Color32::from_rgb(0xff, 0x60, 0x60));
    }
    let response = ui.add(field).accessible_name(name).on_hover_text(hover);
    if let Some(draft) = &draft {
        ui.add(
            egui::Label::new(
                RichText::new(format!("Does not parse: {}", draft.error))
                    .small()
                    .color(ui.visuals().error_fg_color),
            )
            .truncate(),
        )
        .on_hover_text(&draft.error);
    }
    if !response.changed() {
        return None;
    }
    match ron::from_str::<T>(&text) {
        Ok(parsed) => {
            drafts.remove(&row);
            Some((parsed, response.id.value()))
        }
        Err(error) => {
            drafts.insert(
                row,
                Draft {
                    text,
                    error: error.to_string(),
                },
            );
            None
        }
    }
}
