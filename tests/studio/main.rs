//! The studio's tests, in one binary: the real window driven headless with `egui_kittest` as a
//! person would click it (editing, decks, canvas, sessions, test races, simulations, the
//! check by play).

#[path = "../common/mod.rs"]
mod common;

mod canvas;
mod decks;
mod editing;
mod guidance;
mod missions;
mod play;
mod print;
mod race;
mod session;
mod simulation;
mod tiles;
mod tune;
mod window;
mod window_basics;
