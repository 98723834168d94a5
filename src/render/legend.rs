//! How each kind of ground is drawn: its colour on screen and in pictures, its pattern on paper.
//! Read from a pack's terrain file; without one, the rulebook's four
//! ([`TerrainFile::standard`]).

use std::collections::BTreeMap;

use crate::content::team_mats::parse_colour;
use crate::content::terrain::{Pattern, TerrainFile};
use crate::content::text::TerrainId;

/// The colour of a space whose kind the terrain file does not define: loud, so that the
/// `terrain-undefined` error is seen on the drawing too.
pub const UNDEFINED: [u8; 4] = [0xd0, 0x20, 0xd0, 0xff];

/// The colour and print pattern of every kind of a terrain file.
#[derive(Clone, PartialEq, Debug)]
pub struct Legend {
    kinds: BTreeMap<TerrainId, ([u8; 4], Pattern)>,
}

impl Legend {
    /// The legend of a terrain file (a kind with an unreadable colour is drawn as undefined).
    #[must_use]
    pub fn of(file: &TerrainFile) -> Self {
        let kinds = file
            .kinds
            .iter()
            .map(|kind| {
                let colour = parse_colour(kind.colour.as_str())
                    .map_or(UNDEFINED, |[r, g, b]| [r, g, b, 0xff]);
                (kind.id.clone(), (colour, kind.pattern))
            })
            .collect();
        Self { kinds }
    }

    /// The legend of kinds given by id, colour and pattern (the checked kinds a race is
    /// played on).
    pub fn from_kinds(kinds: impl IntoIterator<Item = (TerrainId, [u8; 3], Pattern)>) -> Self {
        let kinds = kinds
            .into_iter()
            .map(|(id, [r, g, b], pattern)| (id, ([r, g, b, 0xff], pattern)))
            .collect();
        Self { kinds }
    }

    /// The legend of a pack's terrain file, or the rulebook's four when it has none.
    #[must_use]
    pub fn of_pack(pack: &crate::content::RawPack) -> Self {
        pack.find(|document| match document {
            crate::content::Document::Terrain(file) => Some(file),
            _ => None,
        })
        .map_or_else(Self::standard, |(_, file)| Self::of(file))
    }

    /// The rulebook's four grounds.
    #[must_use]
    pub fn standard() -> Self {
        Self::of(&TerrainFile::standard())
    }

    /// The colour of a kind, RGBA.
    #[must_use]
    pub fn colour(&self, id: &TerrainId) -> [u8; 4] {
        self.kinds.get(id).map_or(UNDEFINED, |(colour, _)| *colour)
    }

    /// The print pattern of a kind (plain for one the file does not define).
    #[must_use]
    pub fn pattern(&self, id: &TerrainId) -> Pattern {
        self.kinds
            .get(id)
            .map_or(Pattern::Plain, |(_, pattern)| *pattern)
    }
}

impl Default for Legend {
    fn default() -> Self {
        Self::standard()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::palette;

    #[test]
    fn the_standard_legend_draws_the_rulebook_grounds_in_the_studio_palette() {
        let legend = Legend::standard();
        assert_eq!(legend.colour(&TerrainId::paved()), palette::PAVED);
        assert_eq!(legend.colour(&TerrainId::rough()), palette::ROUGH);
        assert_eq!(legend.colour(&TerrainId::jump()), palette::JUMP);
        assert_eq!(legend.colour(&TerrainId::trough()), palette::TROUGH);
        assert_eq!(legend.colour(&TerrainId::from("mud")), UNDEFINED);
    }
}
