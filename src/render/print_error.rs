//! Why printing failed: the one error of the track, card and Tabletop Simulator printers.

/// Why a track or a pack could not be printed.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    /// Nothing to print.
    #[error("the track has no spaces to print")]
    Empty,
    /// A scale outside [`super::SPACE_MM_RANGE`], options that leave no room on the page, or
    /// nothing to print.
    #[error("{0}")]
    Options(String),
    /// The track would take more pages than anyone prints.
    #[error("the track would take {0} pages at this scale; choose a smaller space size")]
    TooManyPages(usize),
    /// The PDF could not be made.
    #[error("the PDF could not be written: {0}")]
    Pdf(String),
}
