//! Tabletop Simulator: deck sheets and the track as pictures, `roadwright print --tts DIR`.
//!
//! A custom deck in Tabletop Simulator is a grid picture of up to 10 × 7 cards. Each deck is
//! written as sheets of 69 faces with the back in the last cell (Tabletop Simulator's "back is
//! hidden" option shows that cell for a card face down), cards drawn by the same layout as the
//! printed ones ([`super::card_face`]) at [`CARD_PX`]. The track is one picture at a stated
//! number of pixels per space.

use std::fmt::Write as _;

use image::RgbaImage;

use super::card_face::{CARD_MM, DeckSheets, decks, draw_back, draw_face};
use super::painter::{Painter, RasterPainter};
use super::track_pdf::PrintError;
use crate::content::Document;

/// Columns and rows of a Tabletop Simulator deck sheet.
pub const TTS_GRID: (u32, u32) = (10, 7);

/// A card's size on a sheet in pixels: 6 pixels a millimetre, so the sheet stays under
/// 4,096 pixels a side (3,780 × 3,696).
pub const CARD_PX: (u32, u32) = (378, 528);

/// One deck sheet.
#[derive(Clone, Debug)]
pub struct DeckSheet {
    /// Its file name: `race-deck-1.png`.
    pub file: String,
    /// The deck's kind: `race`, `movement_event` or `combat`.
    pub deck: &'static str,
    /// The deck's name.
    pub name: String,
    /// The card ids in the sheet's cells, in order (the back follows in the last cell).
    pub cards: Vec<String>,
    /// The picture.
    pub image: RgbaImage,
}

/// The deck sheets of the decks among `documents`, planned (which cards go on which sheet,
/// under which file name) but not drawn: each is drawn by [`TtsDecks::draw`] when it is
/// written, so memory holds one sheet at a time (a 9,975-card deck drawn whole took 2 GiB).
pub struct TtsDecks {
    decks: Vec<DeckSheets>,
    /// Each sheet: its deck, its first card, and its file name.
    sheets: Vec<(usize, usize, String)>,
}

impl TtsDecks {
    /// The sheets of the decks among `documents`, in deck order.
    #[must_use]
    pub fn of(documents: &[&Document]) -> Self {
        let decks = decks(documents);
        let mut sheets = Vec::new();
        for (index, deck) in decks.iter().enumerate() {
            let stem = match deck.kind {
                "race" => "race-deck",
                "movement_event" => "movement-events",
                _ => "combat-deck",
            };
            for (number, start) in (0..deck.cards.len()).step_by(PER_SHEET).enumerate() {
                sheets.push((index, start, format!("{stem}-{}.png", number + 1)));
            }
        }
        Self { decks, sheets }
    }

    /// How many sheets there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.sheets.len()
    }

    /// Whether there is no deck to draw.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.sheets.is_empty()
    }

    /// Each sheet's file name, deck name and number of cards, in order (what the README lists).
    pub fn listing(&self) -> impl Iterator<Item = (&str, &str, usize)> {
        self.sheets.iter().map(|(deck, start, file)| {
            let deck = &self.decks[*deck];
            let cards = (deck.cards.len() - start).min(PER_SHEET);
            (file.as_str(), deck.name.as_str(), cards)
        })
    }

    /// Draws sheet `index` (below [`Self::len`]).
    pub fn draw(&self, index: usize) -> Result<DeckSheet, PrintError> {
        let (columns, rows) = TTS_GRID;
        let (deck_index, start, file) = &self.sheets[index];
        let deck = &self.decks[*deck_index];
        let chunk = &deck.cards[*start..(start + PER_SHEET).min(deck.cards.len())];
        let px_per_mm = CARD_PX.0 as f32 / CARD_MM.0;
        let mut painter = RasterPainter::new(columns * CARD_PX.0, rows * CARD_PX.1, px_per_mm)
            .ok_or_else(|| PrintError::Pdf("a sheet of no size".to_owned()))?;
        let cell = |index: u32| -> (f32, f32, f32, f32) {
            (
                (index % columns) as f32 * CARD_MM.0,
                (index / columns) as f32 * CARD_MM.1,
                CARD_MM.0,
                CARD_MM.1,
            )
        };
        for (index, (_, face)) in chunk.iter().enumerate() {
            draw_face(
                &mut painter as &mut dyn Painter,
                deck,
                face,
                cell(index as u32),
                0.0,
            );
        }
        draw_back(
            &mut painter,
            &deck.name,
            deck.colour,
            cell(columns * rows - 1),
            0.0,
        );
        let image = painter
            .finish()
            .ok_or_else(|| PrintError::Pdf("the sheet could not be drawn".to_owned()))?;
        Ok(DeckSheet {
            file: file.clone(),
            deck: deck.kind,
            name: deck.name.clone(),
            cards: chunk.iter().map(|(id, _)| id.clone()).collect(),
            image,
        })
    }
}

/// Card faces on a sheet: every cell but the last, which holds the back.
const PER_SHEET: usize = (TTS_GRID.0 * TTS_GRID.1 - 1) as usize;

/// The deck sheets of the decks among `documents`, all drawn (for a look at them; writing draws
/// one at a time through [`TtsDecks`]).
pub fn deck_sheets(documents: &[&Document]) -> Result<Vec<DeckSheet>, PrintError> {
    let decks = TtsDecks::of(documents);
    (0..decks.len()).map(|index| decks.draw(index)).collect()
}

/// The short README written beside the pictures: how to bring them into Tabletop Simulator.
#[must_use]
pub fn import_notes<'a>(
    sheets: impl IntoIterator<Item = (&'a str, &'a str, usize)>,
    boards: &[&str],
    px_per_space: u32,
) -> String {
    let mut notes = String::from(
        "Roadwright for Tabletop Simulator\n\n\
         Decks: Objects > Components > Cards > Custom Deck. For each sheet below, set Face to the\n\
         sheet's picture (upload it to the Steam Cloud or give its path), Width 10, Height 7,\n\
         Number the card count given, tick \"Back is hidden\" and leave Back empty or give the same\n\
         picture: the last cell of every sheet is the deck's back.\n\n",
    );
    for (file, name, cards) in sheets {
        let _ = writeln!(notes, "  {file}: {name}, {cards} cards");
    }
    match boards {
        [] => {}
        [file] => {
            let _ = writeln!(
                notes,
                "\nTrack: Objects > Components > Custom > Tile (or Board), Image {file}. The picture\n\
                 has {px_per_space} pixels per space length: scale the board so a space fits a car."
            );
        }
        files => {
            let _ = writeln!(
                notes,
                "\nRoad tiles: each picture below is a tile of a rolling road: Objects > Components >\n\
                 Custom > Tile, one per picture (as many as the tile's copies). Each picture has\n\
                 {px_per_space} pixels per space length: scale the tiles alike so a space fits a car."
            );
            for file in files {
                let _ = writeln!(notes, "  {file}");
            }
        }
    }
    notes
}
