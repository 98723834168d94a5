//! The engine's tests, in one binary: the rulebook's sections and EXAMPLE paragraphs as
//! scenarios, races played whole, content loading and validation, track editing, the check by
//! play and the fuzzing campaign. Grouped so that a fresh `cargo test` links a handful of test
//! binaries rather than one per file.

#[path = "../common/mod.rs"]
mod common;

mod courses;
mod fuzz;
mod harm;
mod hazards;
mod layers;
mod mission_sheet;
mod missions;
mod play_check;
mod point_to_point;
mod race_events;
mod race_report;
mod race_session;
mod races;
mod rolling_road;
mod rules_combat;
mod rules_events;
mod rules_movement;
mod rules_turns;
mod scenarios;
mod standard_pack;
mod terrain;
mod track_drawing;
mod track_editing;
mod tracks;
mod validation;
