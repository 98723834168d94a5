//! Simulation on top of the rules: loading what a race is played with, bots, whole races and
//! race records.

pub mod analyse;
pub mod batch;
pub mod batch_fold;
pub mod bot;
pub mod compare;
pub mod course_batch;
pub mod course_track;
pub mod driver;
pub mod greedy;
pub mod harm;
pub mod ladder;
pub mod load;
pub mod merge;
pub mod metric_ranges;
pub mod metrics;
pub mod mission;
pub mod mission_score;
pub mod ntbea;
pub mod planner;
pub mod play_check;
pub mod profiles;
pub mod record;
pub mod report;
pub mod restricted;
pub mod score;
pub mod scratch;
pub mod search_bot;
pub mod session;
pub mod stats;
pub mod tune;

pub use bot::{Bot, RandomBot};
pub use driver::{RaceError, Seats, play_race, seat_seed};
pub use load::{LoadRaceError, LoadedRace, load_race, race_from_documents};
pub use record::{ContentIdentity, RaceRecord, RecordFiles, ReplayError};
