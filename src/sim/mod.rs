//! Simulation on top of the rules: bots and whole races.

pub mod bot;
pub mod runner;

pub use bot::{Bot, RandomBot};
pub use runner::{RaceError, play_race};
