//! The rules engine: the complete Apocalypse Road rules (rulebook 3.0-11.5, and the crossover
//! variants of 12-13) over checked content and a checked track.
//!
//! # Layout
//! - [`state`]: the race state, its one owner. Its fields are private to `state.rs` and its two
//!   children: `state/change.rs`, the named changes every rule says what happens with (placing
//!   and moving a car, markers, scoring, damage, elimination and replacement, the turn's flow,
//!   cards dealt and drawn, the end of the race), and `state/mark.rs`, the outcome search's undo
//!   of a step. No other file writes the race.
//! - [`setup`] (3.0), [`turn`] (4.0-4.5, 11.4), [`activation`] (4.4 step by step),
//!   [`movement`] (7.0-7.15), [`combat`] (8.0-8.5, 9.0), [`events`] (10.0).
//! - [`decision`]: the decision API front ends and bots drive; [`outcomes`]: every end
//!   position a card can take a car to; [`targeting`]: the cars a car could fire at, with odds.
//! - [`race_event`]: every change of state as a typed event, in order (one table entry per
//!   event gives its fields, its named form and its prose); [`board`]: the public
//!   board folded from the events alone; [`log`]: the events told as a game report;
//!   [`named_event`]: the events with places, cards and cars named as the files name them
//!   (what JSON output prints).
//! - [`view`]: the race as one player knows it, all a bot receives, and determinisation of
//!   the cards it cannot see.
//! - `ground` (what a pack's kinds of ground do to a moving car) and `hazards` (the face-down
//!   tokens of a hazard deck, and what one does when turned over).
//! - [`road`]: the rolling road (a window of a course's tiles on the table, the rear one removed
//!   as the race runs on, the final tile and its line).
//! - [`mission`]: playing a mission (its sides, its objectives read from the events, its end);
//!   [`scenario`]: a race position built from a scenario file; [`report`]: the event stream
//!   folded into one entry per activation.
//! - [`ids`]: newtype ids of seats, cars and cards; [`deck`]: a deck in play, its pile and
//!   discards; [`car_set`]: a set of cars as bits.
//! - The engine's working parts, private to it: `event_table` (the macro that turns the event
//!   table into code), `workspace` (what a race keeps between calls that is not the position),
//!   `listed` (the legal decisions of one point, listed compactly), `key_set` (the outcome
//!   search's seen positions), and `test_support` (races for
//!   the unit tests).
//!
//! # Invariants
//! - Pure: no egui, no files, no clocks. All randomness comes from the seeded `ChaCha` RNG in
//!   the state (portable across machines), so a seed and the decisions replay a race exactly.
//! - Ordered containers and sorted outputs only: the legal decisions come in a stable order.
//! - After every decision: at most one car per space outside the trough, every car in exactly
//!   one place, damage below the eliminating amount for cars in the race, and each pool plus
//!   its claims plus what the clock took equals the ruleset's VP ([`Race::check_invariants`]).
//! - An illegal decision is refused and changes nothing.
//! - Every change of state is recorded as a [`RaceEvent`] (while recording is on), and nothing
//!   changes once a pool is empty (11.5).
//! - Bots see a [`PlayerView`], never the [`Race`]: no deck order, no other hand, no RNG.
//!
//! Where the rulebook is silent, each module's docs record the decision taken.

pub mod activation;
pub mod board;
pub mod car_set;
pub mod combat;
pub mod decision;
pub mod deck;
pub mod events;
mod ground;
mod hazards;
#[macro_use]
mod event_table;
pub mod ids;
mod key_set;
mod listed;
pub mod log;
pub mod mission;
pub mod movement;
pub mod named_event;
pub mod outcomes;
pub mod race_event;
pub mod report;
pub mod road;
pub mod scenario;
pub mod setup;
pub mod state;
pub mod targeting;
pub mod turn;
pub mod view;
mod workspace;

#[cfg(test)]
pub(crate) mod test_support;

pub use board::Board;
pub use decision::{Decision, IllegalDecision};
pub use events::EventChoice;
pub use ids::{CarId, CombatCard, EventCard, HazardToken, PlayerId, RaceCard};
pub use mission::ObjectiveStatus;
pub use movement::{MoveKind, Movement, Step, Style};
pub use named_event::{CarName, NamedEvent, PlaceName};
pub use outcomes::{
    BestOutcome, CarChange, EndPlace, EndPlaces, Ending, EndingKind, Enumeration, Outcome,
    OutcomeCounts, OutcomeEffects, OutcomeSearch, Reached, VpChange, count_outcomes_by_place,
    enumerate_end_places, enumerate_outcomes, enumerate_outcomes_at_most,
    enumerate_outcomes_ending_at, enumerate_outcomes_within,
};
pub use race_event::{Marker, Motion, QuakeWay, RaceEvent, Seats, VpSource};
pub use setup::{PlayerSetup, RaceSetup, SetupError};
pub use state::{Car, Place, Player, Race, RaceResult, RaceRules};
pub use targeting::{FiringArc, TargetOption};
pub use view::{PlayerView, PublicPlayer, Unseen};
