//! The command line's tests, in one binary: the real `roadwright` binary run as a user runs it
//! (commands, exit codes, hostile input, outputs, batches and their merge, race records, the
//! schemas it writes).

#[path = "../common/mod.rs"]
mod common;

mod analyse;
mod bad_input;
mod cli;
mod courses;
mod docs;
mod fuzz_commands;
mod fuzz_surfaces;
mod missions;
mod print;
mod race_records;
mod schemas;
mod simulate;
mod tune;
