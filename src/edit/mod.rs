//! Editing: the changes the studio's tools and tables make to documents, and their history.
//!
//! Edits are plain values: a widget describes what it wants ([`Edit`]) and the app applies it
//! after drawing, recording the document before it in a [`History`]. Nothing here knows egui,
//! so every edit is tested on its own, and the same edits could be scripted.

pub mod history;
pub mod list;
pub mod references;
pub mod track_edit;
pub mod weapon_types;

pub use history::{GroupKey, History};
pub use list::{ListEdit, ListEditError};
pub use track_edit::{Origin, Stretch, StretchShape, TrackEdit, TrackEditError};

use crate::content::Document;
use crate::content::combat_deck::{CombatCard, WeaponType};
use crate::content::movement_events::MovementEventCard;
use crate::content::race_deck::RaceCard;
use crate::content::team_mats::TeamMat;
use crate::content::terrain::GroundKind;
use crate::content::text::Text;

/// One change to one document.
#[derive(Clone, PartialEq, Debug)]
pub enum Edit {
    /// A track edit.
    Track(TrackEdit),
    /// A change to a race deck's cards.
    RaceCards(ListEdit<RaceCard>),
    /// A change to a movement event deck's cards.
    MovementEvents(ListEdit<MovementEventCard>),
    /// A change to a combat deck's cards.
    CombatCards(ListEdit<CombatCard>),
    /// A change to a combat deck's weapon types, carried through its cards
    /// ([`weapon_types::apply`]).
    WeaponTypes(ListEdit<WeaponType>),
    /// A change to the team mats.
    Teams(ListEdit<TeamMat>),
    /// A change to a terrain file's kinds of ground.
    GroundKinds(ListEdit<GroundKind>),
    /// A change to a hazard deck's hazards.
    Hazards(ListEdit<crate::content::hazard_deck::Hazard>),
    /// Renames a deck (race, movement event or combat).
    DeckName(Text),
    /// Sets a mission to this one (the mission editor's forms change a copy and hand it
    /// over, so that each field's typing is one undo step).
    Mission(Box<crate::content::mission::Mission>),
    /// Sets a course to this one (the course editor changes a copy and hands it over whole:
    /// its tiles, counts, route and rolling road).
    Course(Box<crate::content::course::Course>),
}

/// Why an edit could not be made.
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
pub enum EditError {
    /// A track edit failed.
    #[error(transparent)]
    Track(#[from] TrackEditError),
    /// A table edit failed.
    #[error(transparent)]
    List(#[from] ListEditError),
    /// A weapon type edit failed.
    #[error(transparent)]
    WeaponTypes(#[from] weapon_types::WeaponTypeEditError),
    /// The edit is for another kind of document.
    #[error("a {edit} edit does not apply to a {document} file")]
    WrongDocument {
        /// What the edit changes.
        edit: &'static str,
        /// What the document is.
        document: String,
    },
}

impl Edit {
    /// A short name for the undo menu.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::Track(edit) => edit.label(),
            Self::RaceCards(edit) => list_label(edit),
            Self::MovementEvents(edit) => list_label(edit),
            Self::CombatCards(edit) => list_label(edit),
            Self::WeaponTypes(edit) => match edit {
                ListEdit::Set(..) => "Edit weapon type",
                ListEdit::Insert(..) => "Add weapon type",
                ListEdit::Remove(_) => "Delete weapon type",
                ListEdit::Reorder(_) => "Sort weapon types",
            },
            Self::Teams(edit) => list_label(edit),
            Self::GroundKinds(edit) => list_label(edit),
            Self::Hazards(edit) => list_label(edit),
            Self::DeckName(_) => "Rename deck",
            Self::Mission(_) => "Edit mission",
            Self::Course(_) => "Edit course",
        }
    }

    /// Applies the edit to a document; on error the document is unchanged.
    pub fn apply(&self, document: &mut Document) -> Result<(), EditError> {
        let kind = document.kind();
        match (self, document) {
            (Self::Track(edit), Document::Track(track)) => edit.apply(track)?,
            (Self::RaceCards(edit), Document::RaceDeck(deck)) => edit.apply(&mut deck.cards)?,
            (Self::MovementEvents(edit), Document::MovementEventDeck(deck)) => {
                edit.apply(&mut deck.cards)?;
            }
            (Self::CombatCards(edit), Document::CombatEventDeck(deck)) => {
                edit.apply(&mut deck.cards)?;
            }
            (Self::WeaponTypes(edit), Document::CombatEventDeck(deck)) => {
                weapon_types::apply(edit, deck)?;
            }
            (Self::Teams(edit), Document::TeamMats(mats)) => edit.apply(&mut mats.teams)?,
            (Self::GroundKinds(edit), Document::Terrain(file)) => edit.apply(&mut file.kinds)?,
            (Self::Hazards(edit), Document::HazardDeck(deck)) => edit.apply(&mut deck.hazards)?,
            (Self::DeckName(name), Document::HazardDeck(deck)) => deck.name.clone_from(name),
            (Self::DeckName(name), Document::RaceDeck(deck)) => deck.name.clone_from(name),
            (Self::DeckName(name), Document::MovementEventDeck(deck)) => {
                deck.name.clone_from(name);
            }
            (Self::DeckName(name), Document::CombatEventDeck(deck)) => deck.name.clone_from(name),
            (Self::Mission(mission), Document::Mission(file)) => file.clone_from(mission),
            (Self::Course(course), Document::Course(file)) => file.clone_from(course),
            (edit, _) => {
                return Err(EditError::WrongDocument {
                    edit: edit.target(),
                    document: kind.to_string(),
                });
            }
        }
        Ok(())
    }

    fn target(&self) -> &'static str {
        match self {
            Self::Track(_) => "track",
            Self::RaceCards(_) => "race card",
            Self::MovementEvents(_) => "movement event",
            Self::CombatCards(_) => "combat card",
            Self::WeaponTypes(_) => "weapon type",
            Self::Teams(_) => "team",
            Self::GroundKinds(_) => "kind of ground",
            Self::Hazards(_) => "hazard",
            Self::DeckName(_) => "deck name",
            Self::Mission(_) => "mission",
            Self::Course(_) => "course",
        }
    }
}

fn list_label<T>(edit: &ListEdit<T>) -> &'static str {
    match edit {
        ListEdit::Set(..) => "Edit row",
        ListEdit::Insert(..) => "Add row",
        ListEdit::Remove(_) => "Delete row",
        ListEdit::Reorder(_) => "Sort",
    }
}
