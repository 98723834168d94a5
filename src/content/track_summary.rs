//! The summary of a track for `roadwright inspect TRACK`.

use std::collections::BTreeMap;

use serde::Serialize;

use super::text::TerrainId;
use super::track::Track;

/// Counts describing a track's graph.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct TrackSummary {
    /// Always `track`.
    pub kind: &'static str,
    /// The track's id.
    pub id: String,
    /// The track's name.
    pub name: String,
    /// Every space, starting section included.
    pub spaces: usize,
    /// Sectors of the lap.
    pub sectors: usize,
    /// Sectors of the starting section.
    pub start_sectors: usize,
    /// The fewest lanes of any lap sector.
    pub lanes_min: usize,
    /// The most lanes of any lap sector.
    pub lanes_max: usize,
    /// Spaces entered by two or more forward links: where lanes merge.
    pub converging: usize,
    /// Spaces with two forward links: where a lane forks.
    pub diverging: usize,
    /// Lap sectors of a single lane.
    pub single_lane_sectors: usize,
    /// Rough spaces.
    pub rough_spaces: usize,
    /// Jump lane spaces.
    pub jump_spaces: usize,
    /// Trough spaces.
    pub trough_spaces: usize,
    /// Spaces of each kind of ground the track names, by id (paved included).
    pub terrain: BTreeMap<String, usize>,
    /// Spaces of the crossover, counted once each (a figure 8 has 4).
    pub crossover_spaces: usize,
    /// Starting grid positions.
    pub grid_positions: usize,
    /// Whether the track has a chute.
    pub chute: bool,
    /// Its route: `laps` or `point to point`.
    pub route: &'static str,
}

impl TrackSummary {
    /// Summarises a track.
    #[must_use]
    pub fn of(track: &Track) -> Self {
        let mut entered: BTreeMap<_, usize> = BTreeMap::new();
        let mut terrain: BTreeMap<String, usize> = BTreeMap::new();
        let mut spaces = 0;
        let mut diverging = 0;
        for (_, space) in track.spaces() {
            spaces += 1;
            *terrain.entry(space.terrain.to_string()).or_default() += 1;
            if space.next.len() >= 2 {
                diverging += 1;
            }
            for target in &space.next {
                *entered.entry(*target).or_default() += 1;
            }
        }
        let lanes = track.sectors.iter().map(|sector| sector.spaces.len());
        Self {
            kind: "track",
            id: track.id.to_string(),
            name: track.name.to_string(),
            spaces,
            sectors: track.sectors.len(),
            start_sectors: track.start_sectors.len(),
            lanes_min: lanes.clone().min().unwrap_or(0),
            lanes_max: lanes.clone().max().unwrap_or(0),
            converging: entered.values().filter(|&&count| count >= 2).count(),
            diverging,
            single_lane_sectors: lanes.filter(|&count| count == 1).count(),
            rough_spaces: terrain.get(TerrainId::ROUGH).copied().unwrap_or(0),
            jump_spaces: terrain.get(TerrainId::JUMP).copied().unwrap_or(0),
            trough_spaces: terrain.get(TerrainId::TROUGH).copied().unwrap_or(0),
            terrain,
            crossover_spaces: track.crossover.len(),
            grid_positions: track.grid.len(),
            chute: track.chute.is_some(),
            route: track.route.words(),
        }
    }
}
