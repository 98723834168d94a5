//! Bounded strings: every string a content file can hold has a length limit, so a hostile file
//! cannot make the studio hold (or draw) megabytes of text in one field.
//!
//! The limit is checked while parsing, so the error carries the file position and the field path
//! like every other parse error.

use std::borrow::Borrow;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize};

/// Declares a string newtype with a maximum length in bytes.
macro_rules! bounded_string {
    ($(#[$meta:meta])* $name:ident, $max:expr) => {
        $(#[$meta])*
        #[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// The longest value a file may hold, in bytes.
            pub const MAX_BYTES: usize = $max;

            /// Wraps a string, or returns `None` when it is longer than [`Self::MAX_BYTES`].
            #[must_use]
            pub fn new(value: impl Into<String>) -> Option<Self> {
                let value = value.into();
                (value.len() <= Self::MAX_BYTES).then_some(Self(value))
            }

            /// The text itself.
            #[must_use]
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let value = String::deserialize(deserializer)?;
                if value.len() > Self::MAX_BYTES {
                    return Err(serde::de::Error::custom(format!(
                        "a string of {} bytes is longer than the limit of {} bytes",
                        value.len(),
                        Self::MAX_BYTES
                    )));
                }
                Ok(Self(value))
            }
        }

        impl JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }

            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                json_schema!({ "type": "string", "maxLength": Self::MAX_BYTES })
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.0, f)
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl From<&str> for $name {
            /// Builds a value in code; text longer than the limit is cut at a character boundary
            /// so that the value can always be saved and loaded back.
            fn from(value: &str) -> Self {
                let mut end = value.len().min(Self::MAX_BYTES);
                while !value.is_char_boundary(end) {
                    end -= 1;
                }
                Self(value[..end].to_owned())
            }
        }
    };
}

bounded_string!(
    /// A human-readable name or short text: a card name, a driver, a team.
    Text,
    4096
);

bounded_string!(
    /// A stable identifier of a card kind, weapon type, team or ruleset, used by other files and
    /// by diagnostics to point at the object. By convention lower-case words joined by `-`.
    Id,
    64
);

bounded_string!(
    /// The id of a kind of ground (`paved`, `mud`), as a terrain file defines it and a track's
    /// spaces name it. By convention lower-case words joined by `-`, like [`Id`].
    TerrainId,
    64
);

bounded_string!(
    /// The number painted on a car's roof. The rulebook's examples include `21`, `300` and
    /// `TOR`, so it is text: one to four letters or digits.
    CarNumber,
    64
);

impl Id {
    /// Whether the identifier follows the convention: non-empty, lower-case ASCII letters and
    /// digits in words joined by single `-`.
    #[must_use]
    pub fn is_conventional(&self) -> bool {
        !self.0.is_empty()
            && self.0.split('-').all(|word| {
                !word.is_empty()
                    && word
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            })
    }
}

impl TerrainId {
    /// The rulebook's ordinary road, the ground a space has unless it says otherwise.
    pub const PAVED: &'static str = "paved";
    /// The rulebook's rough ground (7.13).
    pub const ROUGH: &'static str = "rough";
    /// The rulebook's jump lanes (7.14).
    pub const JUMP: &'static str = "jump";
    /// The rulebook's trough (7.14).
    pub const TROUGH: &'static str = "trough";

    /// Paved ground, every space's ground unless it names another.
    #[must_use]
    pub fn paved() -> Self {
        Self(Self::PAVED.to_owned())
    }

    /// The rulebook's rough ground.
    #[must_use]
    pub fn rough() -> Self {
        Self(Self::ROUGH.to_owned())
    }

    /// The rulebook's jump lane.
    #[must_use]
    pub fn jump() -> Self {
        Self(Self::JUMP.to_owned())
    }

    /// The rulebook's trough.
    #[must_use]
    pub fn trough() -> Self {
        Self(Self::TROUGH.to_owned())
    }

    /// Whether this is paved ground (a space saves no ground then).
    #[must_use]
    pub fn is_paved(&self) -> bool {
        self.0 == Self::PAVED
    }

    /// Whether this is the standard pack's trough: what the track builder and the editor's
    /// structural edits (which lay the rulebook's jump sections) look for. The rules ask the
    /// pack's kinds instead ([`crate::validate::terrain::GroundRules::is_trough`]).
    #[must_use]
    pub fn is_standard_trough(&self) -> bool {
        self.0 == Self::TROUGH
    }

    /// Whether the id follows the convention of [`Id::is_conventional`].
    #[must_use]
    pub fn is_conventional(&self) -> bool {
        Id::from(self.0.as_str()).is_conventional()
    }
}

impl CarNumber {
    /// The longest car number that fits on a counter.
    pub const MAX_CHARS: usize = 4;

    /// Whether the number can be painted on a counter: one to four ASCII letters or digits.
    #[must_use]
    pub fn is_well_formed(&self) -> bool {
        (1..=Self::MAX_CHARS).contains(&self.0.len())
            && self.0.bytes().all(|b| b.is_ascii_alphanumeric())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_convention_accepts_kebab_case_only() {
        assert!(Id::from("solo-4").is_conventional());
        assert!(Id::from("machine-guns").is_conventional());
        assert!(!Id::from("").is_conventional());
        assert!(!Id::from("Solo").is_conventional());
        assert!(!Id::from("solo--4").is_conventional());
        assert!(!Id::from("solo 4").is_conventional());
    }

    #[test]
    fn car_numbers_are_one_to_four_letters_or_digits() {
        assert!(CarNumber::from("21").is_well_formed());
        assert!(CarNumber::from("TOR").is_well_formed());
        assert!(!CarNumber::from("").is_well_formed());
        assert!(!CarNumber::from("12345").is_well_formed());
        assert!(!CarNumber::from("#21").is_well_formed());
    }

    #[test]
    fn long_text_is_rejected_on_parse_and_cut_in_code() {
        let long = "x".repeat(Text::MAX_BYTES + 1);
        let parsed: Result<Text, _> = serde_json::from_str(&format!("\"{long}\""));
        let error = parsed
            .expect_err("over-long text must not parse")
            .to_string();
        assert!(
            error.contains("longer than the limit of 4096 bytes"),
            "{error}"
        );
        assert_eq!(Text::from(long.as_str()).as_str().len(), Text::MAX_BYTES);
        assert!(Text::new(long).is_none());
    }
}
