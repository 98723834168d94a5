//! The content layer: the serde types that *are* the file formats, and loading and saving them.
//!
//! These types are raw: they hold whatever a file says, valid or not. [`crate::validate`] turns
//! them into checked types or diagnostics. Only this layer knows RON and JSON.
//!
//! Every file opens with `kind` (what it holds) and `version` (its format version); see
//! [`kind`]. Loading refuses bad input with a [`LoadError`] naming the file, line, column and
//! field, and never panics; saving is atomic and keeps a backup ([`save`]).

pub mod bot_profile;
pub mod combat_deck;
pub mod course;
pub mod crossing;
pub mod document;
pub mod error;
pub mod goal_kind;
pub mod hazard_deck;
pub mod kind;
pub mod mission;
pub mod mission_tuning;
pub mod movement_events;
pub mod ordinal;
pub mod output_path;
pub mod pack;
pub mod parse;
mod plain_words;
pub mod race_deck;
pub mod relative_path;
pub mod rolling_road;
pub mod ruleset;
pub mod save;
pub mod scenario;
pub mod schema;
mod skip;
pub mod source;
pub mod summary;
pub mod team_mats;
pub mod terrain;
pub mod text;
pub mod tile;
pub mod track;
pub mod track_summary;
pub mod tuning;

pub use document::{Document, LoadedDocument};
pub use error::{LoadError, LoadErrorCode};
pub use kind::{ContentKind, PackRole};
pub use pack::RawPack;
pub use source::{Format, SourceFile};
