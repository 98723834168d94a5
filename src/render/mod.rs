//! Drawing a track to a PNG without a window: `roadwright render`. The picture follows the
//! studio's canvas: spaces coloured by terrain, forward links, grid numbers, the chute, the
//! finish line and the crossover.

mod card_face;
mod card_pdf;
pub mod geometry;
pub mod legend;
mod mission_pdf;
mod painter;
pub mod palette;
mod pdf_draw;
mod print_error;
mod print_out;
mod text;
mod track_pdf;
mod track_png;
mod tts;

pub use card_face::{CARD_MM, MmRect};
pub use card_pdf::{
    COUNTER_MM, MAX_BLEED_MM, PlacedCard, PlacedText, PrintedPack, SheetOptions, print_pack,
};
pub use mission_pdf::{MissionSheet, PrintedMission, SheetCar, print_mission};
pub use print_out::{PrintFailure, PrintSettings, Printable, write_pdf, write_tts};
pub use track_pdf::{
    DEFAULT_SPACE_MM, MOST_PAGES, Paper, PrintError, PrintOptions, PrintedTrack, RoadTilePrint,
    SPACE_MM_RANGE, Tile, print_road_tiles, print_track, tile_name,
};
pub use track_png::{
    Heat, RenderError, WIDTH_RANGE, render_heat, render_track, save_png, viridis, width_for_space,
};
pub use tts::{CARD_PX, DeckSheet, TTS_GRID, TtsDecks, deck_sheets, import_notes};
