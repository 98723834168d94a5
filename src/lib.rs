// The crate's documentation is the architecture map, kept in one place a newcomer finds: the
// repository's ARCHITECTURE.md.
#![doc = include_str!("../ARCHITECTURE.md")]

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
