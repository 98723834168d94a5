//! A bot's scratch race: the copy it tries decisions on, kept between tries for its room.

use crate::rules::Race;

/// A race kept to copy positions into. Copying into it reuses its room ([`Clone::clone_from`]),
/// so a bot that weighs every decision on a copy of one position allocates nothing after the
/// first. A copy of the bot starts with none: the scratch holds nothing between decisions.
#[derive(Debug, Default)]
pub struct Scratch(Option<Race>);

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Self(None)
    }
}

impl Scratch {
    /// The scratch race, made a copy of `race`.
    pub fn copy_of(&mut self, race: &Race) -> &mut Race {
        match &mut self.0 {
            Some(copy) => {
                copy.clone_from(race);
                copy
            }
            none => none.insert(race.clone()),
        }
    }
}
