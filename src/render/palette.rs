//! The colours of the track picture (RGBA), shared with the studio canvas.

/// The ground around the track.
pub const GROUND: [u8; 4] = [0x26, 0x2b, 0x24, 0xff];
/// A paved space.
pub const PAVED: [u8; 4] = [0x55, 0x58, 0x5e, 0xff];
/// A rough (dirt) space.
pub const ROUGH: [u8; 4] = [0x8a, 0x5a, 0x2e, 0xff];
/// A jump lane.
pub const JUMP: [u8; 4] = [0xc8, 0x93, 0x48, 0xff];
/// The trough.
pub const TROUGH: [u8; 4] = [0x3a, 0x24, 0x12, 0xff];
/// Space outlines.
pub const OUTLINE: [u8; 4] = [0x1c, 0x1d, 0x20, 0xff];
/// Forward links.
pub const LINK: [u8; 4] = [0xe8, 0xe8, 0xe8, 0x70];
/// Grid position outlines.
pub const GRID: [u8; 4] = [0xf2, 0xf2, 0xf2, 0xff];
/// The chute.
pub const CHUTE: [u8; 4] = [0xe0, 0x7b, 0x22, 0xff];
/// The warning triangle of a hazard spot.
pub const HAZARD: [u8; 4] = [0xe8, 0x30, 0x28, 0xff];
/// Crossover spaces.
pub const CROSSOVER: [u8; 4] = [0xf0, 0xc0, 0x20, 0xff];
/// The light squares of the finish line.
pub const FINISH_LIGHT: [u8; 4] = [0xff, 0xff, 0xff, 0xff];
/// The dark squares of the finish line.
pub const FINISH_DARK: [u8; 4] = [0x10, 0x10, 0x10, 0xff];

/// A space without a value on a heat map.
pub const HEAT_NONE: [u8; 4] = [70, 70, 74, 255];
