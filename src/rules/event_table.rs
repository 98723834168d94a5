//! How the table of race events becomes code: one entry per event kind gives its fields, the car
//! it is about and its line in the game report. From the table, the macro here writes:
//!
//! - [`super::RaceEvent`], the engine's form (spaces, cards and cars by index);
//! - [`super::NamedEvent`], the same event with each field named as the files name things,
//!   each field's named form being its type's [`super::named_event::Named`] form;
//! - `Race::name_event`, `Race::describe` (the report's line, or `None` for bookkeeping) and
//!   `RaceEvent::car` (the car the event is about, where the studio shows it), and
//!   `RaceEvent::KINDS`, every kind's name.
//!
//! So a new event is one entry in `race_event.rs`: nothing else has to be edited in parallel,
//! and an entry without its prose or its car does not compile. `Board::apply` matches only the
//! events that change the public board.
//!
//! An entry reads:
//!
//! ```text
//! /// Doc of the event.
//! Name { /// Doc of the field.
//!        field: Type, ... }
//!     about field_or_none,
//!     say |race| expression giving Option<String>;
//! ```
//!
//! In `say`, the fields are bound by reference and `race` is the [`super::Race`] the event
//! belongs to.

/// The car an event is about: `none`, or the field that holds it.
macro_rules! event_about {
    (none) => {
        None
    };
    ($car:ident) => {
        Some(*$car)
    };
}

/// Writes the event enums and their per-event functions from the table (see the module docs).
macro_rules! race_events {
    ($(
        $(#[$doc:meta])*
        $name:ident $({
            $( $(#[$field_doc:meta])* $field:ident : $ty:ty ),* $(,)?
        })?
        about $about:ident,
        say |$race:ident| $prose:expr;
    )*) => {
        /// One change of a race's state, in the engine's numbering.
        #[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
        #[serde(tag = "event", rename_all = "snake_case")]
        pub enum RaceEvent {
            $(
                $(#[$doc])*
                $name $({ $( $(#[$field_doc])* $field: $ty ),* })?,
            )*
        }

        /// One change of a race's state, as the files name things: each variant is the
        /// [`RaceEvent`] of the same name, with spaces, cards, cars and seats named as the
        /// files and the race report name them.
        #[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
        #[serde(tag = "event", rename_all = "snake_case")]
        pub enum NamedEvent {
            $(
                $(#[$doc])*
                $name $({
                    $( $(#[$field_doc])* $field: <$ty as super::named_event::Named>::Name ),*
                })?,
            )*
        }

        impl RaceEvent {
            /// Every event kind's name, in the table's order.
            pub const KINDS: &'static [&'static str] = &[$(stringify!($name)),*];

            /// This event's kind, as [`RaceEvent::KINDS`] names it.
            #[must_use]
            pub fn kind(&self) -> &'static str {
                match self {
                    $( Self::$name { .. } => stringify!($name), )*
                }
            }

            /// The car the event is mostly about (the studio shows an event where that car
            /// stood), if it is about one.
            #[must_use]
            // Each entry binds all its fields and uses the one it names.
            #[allow(unused_variables)]
            pub fn car(&self) -> Option<CarId> {
                match self {
                    $( Self::$name $({ $($field),* })? => event_about!($about), )*
                }
            }
        }

        impl Race {
            /// One event, named as the files name things.
            #[must_use]
            pub fn name_event(&self, event: &RaceEvent) -> NamedEvent {
                use super::named_event::Named as _;
                match event {
                    $(
                        RaceEvent::$name $({ $($field),* })? => NamedEvent::$name $({
                            $( $field: $field.named(self) ),*
                        })?,
                    )*
                }
            }

            /// One event as a line of a game report, or `None` for bookkeeping events a
            /// reader does not need (movement steps, whose moves are told car by car, and
            /// counters flipping).
            #[must_use]
            // A line need not use every field of its event.
            #[allow(unused_variables)]
            pub fn describe(&self, event: &RaceEvent) -> Option<String> {
                match event {
                    $(
                        RaceEvent::$name $({ $($field),* })? => {
                            let $race = self;
                            $prose
                        }
                    )*
                }
            }
        }
    };
}
