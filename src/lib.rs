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
//! 3. [`cli`] and `gui` (feature `gui`) — thin front ends: they call the layers above and print
//!    or draw what they return. The `roadwright` binary only parses arguments and picks one.
//!    The GUI's widgets emit commands that the app applies after drawing; no game rule lives
//!    there.
//!
//! Beside the layers, [`stretch`] (the track builder the editor's stretch tools drive),
//! [`edit`] (edits as values, and the undo history the studio keeps per document) and
//! [`render`] (track pictures and the geometry the canvas shares) work on raw content types.
//!
//! # Invariants
//!
//! - Everything except the studio window builds without egui: the GUI sits behind the default
//!   `gui` feature, and CI checks `--no-default-features`.
//! - Bad input never panics: every file is read with size, encoding and nesting limits, and
//!   every problem becomes a [`content::LoadError`] or a [`validate::Diagnostic`].
//! - Saving is atomic (temporary file, flush, rename) and keeps a `.bak` of the previous file.
//! - An edit either applies whole or leaves its document unchanged, and the studio records the
//!   document before every edit, so undo is exact.
//! - Output is deterministic: diagnostics and summaries are sorted, maps are ordered.

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
