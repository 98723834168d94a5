//! Copied stretches as text on the system clipboard: RON under a field name of its own, so
//! that pasting tells a copied stretch from any other text, and another studio window can
//! paste what this one copied.

use crate::content::track::Sector;

/// A copied run of lap sectors, as it goes on the clipboard.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct CopiedStretch {
    roadwright_sectors: Vec<Sector>,
}

impl CopiedStretch {
    /// The clipboard text for `sectors`.
    pub(crate) fn text(sectors: &[Sector]) -> Option<String> {
        ron::to_string(&Self {
            roadwright_sectors: sectors.to_vec(),
        })
        .ok()
    }

    /// The sectors a clipboard text holds, when it is a copied stretch.
    pub(crate) fn parse(text: &str) -> Option<Vec<Sector>> {
        ron::from_str::<Self>(text)
            .ok()
            .map(|copied| copied.roadwright_sectors)
            .filter(|sectors| !sectors.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::CopiedStretch;
    use crate::content::track::TrackStyle;
    use crate::stretch::{Inside, TrackBuilder};

    #[test]
    fn a_copied_stretch_reads_back_and_other_text_does_not() {
        let mut builder = TrackBuilder::new(
            "t",
            "T",
            TrackStyle::ApocalypseRoad,
            Inside::Right,
            (0.0, 0.0),
            0.0,
        );
        builder.straight(2, 3).expect("lays");
        let sectors = builder.build().sectors;
        let text = CopiedStretch::text(&sectors).expect("text");
        assert_eq!(CopiedStretch::parse(&text), Some(sectors));
        assert_eq!(CopiedStretch::parse("hello"), None);
        assert_eq!(CopiedStretch::parse("(roadwright_sectors: [])"), None);
    }
}
