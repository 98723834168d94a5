//! The bot profiles a command's seats and sides play by, as its flags name them
//! ([`crate::sim::profiles`] finds them); a choice that cannot be met is said on stderr with
//! the exit status to give.

use std::io::{self, Write};
use std::path::Path;

use super::{EXIT_CONTENT_ERRORS, EXIT_UNREADABLE};
use crate::content::bot_profile::BotProfile;
use crate::sim::profiles::{ProfileError, seat_profiles, side_profiles};

/// The exit status for a choice that cannot be met, said on `err` under `flag`.
fn refuse(flag: &str, error: &ProfileError, err: &mut dyn Write) -> io::Result<u8> {
    match error {
        // A command line that asks for the impossible, as clap's usage errors do.
        ProfileError::TooMany { .. } | ProfileError::NotAPair(_) => {
            writeln!(err, "error: {flag} {error}")?;
            Ok(EXIT_UNREADABLE)
        }
        ProfileError::NoSide { .. } => {
            writeln!(err, "error: {flag}: {error}")?;
            Ok(EXIT_UNREADABLE)
        }
        ProfileError::Unknown { .. } => {
            writeln!(err, "error: {error}")?;
            Ok(EXIT_CONTENT_ERRORS)
        }
    }
}

/// The bot profiles of `seats` seats from the pack at `content`: `names` (a `--bots` list)
/// repeated over the seats, random when empty. A list longer than the table, or a name the
/// pack does not hold, is reported on `err` with the exit status to give.
pub(super) fn seat_bots(
    content: &Path,
    names: &[String],
    seats: usize,
    err: &mut dyn Write,
) -> io::Result<Result<Vec<BotProfile>, u8>> {
    match seat_profiles(content, names, seats) {
        Ok(bots) => Ok(Ok(bots)),
        Err(e) => Ok(Err(refuse("--bots", &e, err)?)),
    }
}

/// The bot profile each side of a mission is always played by: `bots`, the mission's, with
/// the sides `--side-bots` names played by the profiles it names.
pub(super) fn side_bots(
    content: &Path,
    sides: &[&str],
    bots: Vec<Option<BotProfile>>,
    pairs: &[String],
    err: &mut dyn Write,
) -> io::Result<Result<Vec<Option<BotProfile>>, u8>> {
    match side_profiles(content, sides, bots, pairs) {
        Ok(bots) => Ok(Ok(bots)),
        Err(e) => Ok(Err(refuse("--side-bots", &e, err)?)),
    }
}
