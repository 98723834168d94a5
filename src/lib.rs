//! Roadwright: a studio for designing and playtesting content for the board game
//! *Apocalypse Road*.
//!
//! # Architecture
//!
//! Layers, each depending only on those listed before it:
//!
//! 1. [`content`] — the file formats (raw serde types, possibly invalid), load and save, format
//!    versions and migration. The only layer that knows RON and JSON.
//! 2. [`validate`] — raw content to checked, ready-to-play types, or a list of diagnostics that
//!    point at the file, line and object. Never stops at the first problem.
//! 3. [`rules`] — the engine over checked content: race state, setup, turns, movement,
//!    combat, movement events, scoring, the decision API, outcome enumeration, targets, the
//!    typed event stream ([`rules::RaceEvent`]), the board folded from it, and player views.
//! 4. [`sim`] — on top of the rules: loading content for a race ([`sim::load_race`], the one
//!    entry point for the CLI and the studio), bots (they see a [`rules::PlayerView`] only),
//!    driving a race ([`sim::driver`]: one bot per seat for the whole race, one seeding scheme,
//!    used by every command and the studio), race records that replay a race exactly, batches
//!    ([`sim::batch::BatchSpec::new`] sets one up, [`sim::report`] writes its files), and test
//!    race sessions ([`sim::session`]: people and bots at one table, undo to the last human
//!    choice, records watched again), which the studio's race screen shows; design metrics
//!    read from a race's events ([`sim::metrics`]) and automatic tuning of a pack by a tuning
//!    spec ([`sim::tune`], searched with [`sim::ntbea`]).
//! 5. [`cli`] and `gui` (feature `gui`) — thin front ends: they call the layers above and print
//!    or draw what they return. The `roadwright` binary only parses arguments and picks one.
//!    No game rule lives in them: the race screen asks the engine for legal decisions and
//!    outcomes, and its bots think in a background job so a frame never waits for them.
//!
//! `tests/engine/layers.rs` fails when a layer's code names a layer above it.
//!
//! # Where things go in the studio (`gui`)
//!
//! - **A screen** (what fills the centre: the editor, a race, a simulation, tuning) is one
//!   file with a type that implements `gui::screen::Screen`, plus one registration: a
//!   `ScreenKind` variant. The app keeps opened screens by kind and routes drawing, actions and
//!   keys to the one shown.
//! - **An action** (anything a menu item or a key does) is one row of `gui::action`'s table:
//!   label, keys, menu, the screens it applies to, when it is enabled. The menu bar, the Help
//!   sheet and key handling are generated from it; keys reach only the screen shown. App-wide
//!   actions are carried out in `gui::app`, the others by the screen shown (`Screen::act`).
//! - **Background work** (anything longer than a frame) is a `gui::job::Job`: progress, cancel,
//!   cancelled when dropped, waited on by tests instead of the clock.
//! - **An edit** of a document is a value of [`edit::Edit`], emitted by a widget as a
//!   `StudioCommand::Edit` and applied by the app after drawing, so undo records it.
//!
//! Beside the layers, [`stretch`] (the track builder the editor's stretch tools drive),
//! [`edit`] (edits as values, and the undo history the studio keeps per document) and
//! [`render`] (track pictures and the geometry the canvas shares; print and play: the track
//! tiled at true scale, card sheets, team mats and counters as PDF, Tabletop Simulator deck
//! sheets; a card is laid out once, in millimetres, and drawn on a PDF page or a picture
//! through one painter) work on raw content types.
//!
//! # Invariants
//!
//! - Everything except the studio window builds without egui: the GUI sits behind the default
//!   `gui` feature, and CI checks `--no-default-features`.
//! - Bad input never panics: every file is read with size, encoding and nesting limits, and
//!   every problem becomes a [`content::LoadError`] or a [`validate::Diagnostic`].
//! - Saving is atomic (exclusive temporary file, flush, rename, permissions kept) and keeps a
//!   `.bak` of the previous file, itself written atomically; links are saved through.
//! - An edit either applies whole or leaves its document unchanged, and the studio records the
//!   document before every edit, so undo is exact.
//! - Output is deterministic: diagnostics and summaries are sorted, maps are ordered.
//! - The rules are pure: no egui, no files, no clocks, no global RNG. A race's randomness is the
//!   seeded `ChaCha` RNG in its state, so a seed and a list of decisions are a race, and every
//!   change of state is an event in order.
//! - Bots see a player's view, never the deck order, another hand or the engine's RNG.
//! - A deck in play is counts of card kinds, never one entry per copy (`rules::deck`): its
//!   memory is its number of kinds whatever a file's counts say.
//! - A batch keeps its races folded (`sim::batch_fold`): integer sums and counts that merge
//!   exactly in any order, so its memory does not grow with its races and any split (threads,
//!   shards) gives the same figures.
//! - Output never destroys: a command or a studio job checks its outputs before any work
//!   (`content::output_path`: never one of its inputs, never inside the content folder, however
//!   the path is spelt), writes into pipes and devices instead of
//!   replacing them, and anything printed as JSON names places, cards and cars as the files
//!   do (`rules::named_event`).
//! - The outcome search never clones the race per step: it steps one copy forward and rewinds
//!   it (`Race::mark`/`rewind` copy exactly what a movement step can change), and a unit test
//!   holds it to a search that clones.

pub mod cli;
pub mod content;
pub mod edit;
#[cfg(feature = "gui")]
pub mod gui;
pub mod render;
pub mod rules;
pub mod sim;
pub mod stretch;
pub mod validate;
