//! The canvas tools and their options.

use crate::edit::{Origin, Stretch, StretchShape};
use crate::stretch::Inside;

/// What a primary click or drag on the canvas does.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Tool {
    /// Click, shift-click and box to select; drag a selection to move it.
    #[default]
    Select,
    /// Click to lay a stretch at the end of the lap (on an empty track: where clicked).
    Stretch,
    /// Click to lay the chosen tile at the end of the lap; a ghost follows the pointer.
    Tile,
    /// Click or drag over spaces to paint their terrain.
    Paint,
    /// Click a space, then another: adds the forward link, or removes it if it is there.
    Link,
    /// Click a lap space: its sector becomes sector 0, the finish line just behind it.
    FinishLine,
    /// Click an edge space: the chute goes beside it.
    Chute,
    /// Click two spaces drawn on one spot: they become a crossover pair.
    Crossover,
    /// Click a space to add it to the grid or take it off; the grid is renumbered from the front.
    Grid,
    /// Click a space to make it a hazard spot (a face-down hazard token is dealt to it at
    /// setup) or to clear it.
    Hazard,
    /// Click beside the lap to lay the starting section, its front joining the nearest lap
    /// sector; a ghost follows the pointer.
    Start,
    /// Drag the background picture to move it, or its corner handle to scale it.
    Picture,
}

impl Tool {
    /// Every tool, in toolbar order, with its name and key.
    pub const ALL: [(Self, &'static str, egui::Key); 12] = [
        (Self::Select, "Select", egui::Key::V),
        (Self::Stretch, "Stretch", egui::Key::T),
        (Self::Tile, "Tile", egui::Key::I),
        (Self::Paint, "Paint", egui::Key::P),
        (Self::Link, "Link", egui::Key::L),
        (Self::FinishLine, "Finish line", egui::Key::F),
        (Self::Chute, "Chute", egui::Key::C),
        (Self::Crossover, "Crossover", egui::Key::X),
        (Self::Grid, "Grid", egui::Key::G),
        (Self::Hazard, "Hazard", egui::Key::H),
        (Self::Start, "Start", egui::Key::S),
        (Self::Picture, "Picture", egui::Key::B),
    ];

    /// What the tool does, for its tooltip and the status line.
    #[must_use]
    pub fn hint(self) -> &'static str {
        match self {
            Self::Select => {
                "Click, shift-click or drag a box to select; drag the selection to move it"
            }
            Self::Stretch => {
                "Click to lay the stretch at the end of the lap (an empty track starts where you click)"
            }
            Self::Tile => {
                "Click to lay the chosen tile at the end of the lap, turned to carry on from it"
            }
            Self::Paint => "Click or drag over spaces to paint them",
            Self::Link => {
                "Click a space, then the space it should link forward to (again to remove)"
            }
            Self::FinishLine => "Click a lap space: its sector becomes sector 0",
            Self::Chute => {
                "Click the inside or outside lane of a sector to put the chute beside it"
            }
            Self::Crossover => "Click two spaces that share one spot; shift-click removes a pair",
            Self::Grid => "Click spaces to add them to the grid or take them off",
            Self::Hazard => {
                "Click spaces to make them hazard spots (a face-down token is dealt to each at setup) or clear them"
            }
            Self::Start => {
                "Click beside the lap to lay the starting section: its front joins the nearest lap sector"
            }
            Self::Picture => {
                "Drag the background picture to move it; drag its corner handle to scale it"
            }
        }
    }
}

/// The starting section tool's settings: how long and wide the section is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StartOptions {
    /// Sectors long.
    pub sectors: u32,
    /// Lanes wide.
    pub lanes: u8,
}

impl Default for StartOptions {
    /// Ten sectors of four lanes: a grid of forty, the largest field.
    fn default() -> Self {
        Self {
            sectors: 10,
            lanes: 4,
        }
    }
}

/// The shapes the stretch tool offers.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ShapeChoice {
    /// A straight.
    #[default]
    Straight,
    /// A corner.
    Corner,
    /// A single lane.
    SingleLane,
    /// Rough ground.
    Rough,
    /// A jump with its trough.
    Jump,
}

impl ShapeChoice {
    /// Its place in [`ShapeChoice::ALL`].
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Self::Straight => 0,
            Self::Corner => 1,
            Self::SingleLane => 2,
            Self::Rough => 3,
            Self::Jump => 4,
        }
    }

    /// Every shape with its name.
    pub const ALL: [(Self, &'static str); 5] = [
        (Self::Straight, "Straight"),
        (Self::Corner, "Corner"),
        (Self::SingleLane, "Single lane"),
        (Self::Rough, "Rough"),
        (Self::Jump, "Jump + trough"),
    ];
}

/// How long and wide a stretch kind is laid.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StretchSize {
    /// Sectors long.
    pub sectors: u32,
    /// Lanes wide (a single lane is one, a jump three, whatever this says).
    pub lanes: u8,
}

/// The stretch tool's settings. Each kind of stretch keeps its own length and width: a corner
/// is not laid as long as the last straight.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct StretchOptions {
    /// The shape.
    pub shape: ShapeChoice,
    /// Each kind's size, in the order of [`ShapeChoice::ALL`].
    pub sizes: [StretchSize; 5],
    /// A corner's turn, positive to the right.
    pub degrees: f32,
    /// A corner's radius in track units.
    pub radius: f32,
    /// The first stretch's direction of travel, degrees clockwise from east on screen. Later
    /// stretches carry on from the end of the lap.
    pub start_heading: f32,
    /// Which side of the first stretch lane 0 (the apron) is on.
    pub start_inside: Inside,
}

impl Default for StretchOptions {
    fn default() -> Self {
        let size = |sectors, lanes| StretchSize { sectors, lanes };
        Self {
            shape: ShapeChoice::Straight,
            // Straight, corner, single lane, rough, jump.
            sizes: [size(5, 3), size(5, 3), size(3, 1), size(3, 3), size(3, 3)],
            degrees: 90.0,
            radius: 4.0,
            start_heading: 0.0,
            start_inside: Inside::Right,
        }
    }
}

impl StretchOptions {
    /// The size of the chosen kind.
    #[must_use]
    pub fn size(&self) -> StretchSize {
        self.sizes[self.shape.index()]
    }

    /// The size of the chosen kind, to change.
    pub fn size_mut(&mut self) -> &mut StretchSize {
        &mut self.sizes[self.shape.index()]
    }

    /// The stretch these settings lay.
    #[must_use]
    pub fn stretch(&self) -> Stretch {
        let shape = match self.shape {
            ShapeChoice::Straight => StretchShape::Straight,
            ShapeChoice::Corner => StretchShape::Corner {
                degrees: self.degrees,
                radius: self.radius,
            },
            ShapeChoice::SingleLane => StretchShape::SingleLane,
            ShapeChoice::Rough => StretchShape::Rough,
            ShapeChoice::Jump => StretchShape::Jump,
        };
        let size = self.size();
        Stretch {
            shape,
            sectors: size.sectors,
            lanes: size.lanes,
        }
    }

    /// Where the first stretch of an empty track starts when laid at `at`.
    #[must_use]
    pub fn origin(&self, at: (f32, f32)) -> Origin {
        Origin {
            at,
            heading: self.start_heading,
            inside: self.start_inside,
        }
    }
}
