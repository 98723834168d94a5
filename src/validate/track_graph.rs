//! A track as a graph of moves, for reachability: which spaces a car can reach from the grid
//! or the chute, and which can reach the finish line.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::terrain::TerrainBook;
use crate::content::terrain::CountsAs;
use crate::content::track::{Section, SpaceRef, Track};

/// The moves between spaces, for reachability: forward links, plus lateral moves where the
/// terrain allows them (not out of rough or jump lanes, never into the trough, and out of the
/// trough onto a jump lane).
pub(super) struct Graph {
    pub(super) nodes: Vec<SpaceRef>,
    pub(super) index: BTreeMap<SpaceRef, usize>,
    edges: Vec<Vec<usize>>,
    /// Spaces whose forward move crosses the finish line (on a point-to-point track, into the
    /// run-off).
    finish_sources: Vec<usize>,
    /// Spaces of lap sector 0.
    pub(super) lap_start: Vec<usize>,
    /// Trough spaces.
    troughs: BTreeSet<SpaceRef>,
}

impl Graph {
    pub(super) fn new(track: &Track, terrain: &TerrainBook) -> Self {
        Self::with(track, terrain, false)
    }

    /// The moves a car can make and live: none into ground that eliminates it.
    pub(super) fn surviving(track: &Track, terrain: &TerrainBook) -> Self {
        Self::with(track, terrain, true)
    }

    fn with(track: &Track, terrain: &TerrainBook, avoid_wrecks: bool) -> Self {
        let nodes: Vec<SpaceRef> = track.spaces().map(|(at, _)| at).collect();
        let index: BTreeMap<SpaceRef, usize> =
            nodes.iter().enumerate().map(|(i, at)| (*at, i)).collect();
        let last = u32::try_from(track.sectors.len().saturating_sub(1)).unwrap_or(u32::MAX);
        let point_to_point = track.point_to_point();
        let mut edges = vec![Vec::new(); nodes.len()];
        let mut finish_sources = Vec::new();
        let mut lap_start = Vec::new();
        let mut troughs = BTreeSet::new();
        for (i, (at, space)) in track.spaces().enumerate() {
            let ground = terrain.rules_of(space.terrain.as_str());
            if ground.is_trough() {
                troughs.insert(at);
            }
            if at.section == Section::Lap && at.sector == 0 {
                lap_start.push(i);
            }
            // A point-to-point track's run-off lies past the finish line: a car there has
            // finished, so it counts as reaching the line.
            if point_to_point && at.section == Section::Lap && at.sector == last && last > 0 {
                finish_sources.push(i);
            }
            let deadly = |at: SpaceRef| {
                avoid_wrecks
                    && track
                        .space(at)
                        .is_some_and(|s| terrain.wrecks(s.terrain.as_str()))
            };
            for target in &space.next {
                if deadly(*target) {
                    continue;
                }
                if let Some(&j) = index.get(target) {
                    edges[i].push(j);
                    // The finish line: into sector 0 from the last sector on a lap, into the
                    // run-off (the last sector) from the one before on a point-to-point track.
                    let crosses = at.section == Section::Lap
                        && target.section == Section::Lap
                        && if point_to_point {
                            target.sector == last && at.sector != last
                        } else {
                            at.sector == last && target.sector == 0
                        };
                    if crosses {
                        finish_sources.push(i);
                    }
                }
            }
            for lane in [at.lane.checked_sub(1), at.lane.checked_add(1)]
                .into_iter()
                .flatten()
            {
                let neighbour = SpaceRef { lane, ..at };
                let (Some(&j), Some(other)) = (index.get(&neighbour), track.space(neighbour))
                else {
                    continue;
                };
                if deadly(neighbour) {
                    continue;
                }
                let beside = terrain.rules_of(other.terrain.as_str());
                let allowed = if ground.is_trough() {
                    beside.counts_as == CountsAs::JumpLane
                } else {
                    !ground.locks_lanes() && !beside.is_trough()
                };
                if allowed {
                    edges[i].push(j);
                }
            }
        }
        Self {
            nodes,
            index,
            edges,
            finish_sources,
            lap_start,
            troughs,
        }
    }

    /// Whether a space is a trough, which only movement events reach (7.14).
    pub(super) fn is_trough(&self, at: SpaceRef) -> bool {
        self.troughs.contains(&at)
    }

    pub(super) fn forward_closure(&self, from: &[usize]) -> Vec<bool> {
        let mut seen = vec![false; self.nodes.len()];
        let mut queue: VecDeque<usize> = from.iter().copied().collect();
        for &i in from {
            seen[i] = true;
        }
        while let Some(i) = queue.pop_front() {
            for &j in &self.edges[i] {
                if !seen[j] {
                    seen[j] = true;
                    queue.push_back(j);
                }
            }
        }
        seen
    }

    /// The spaces a car starting on `from` can reach, and whether it can cross the finish
    /// line.
    pub(super) fn reached_from(&self, from: &[SpaceRef]) -> (BTreeSet<SpaceRef>, bool) {
        let starts: Vec<usize> = from
            .iter()
            .filter_map(|at| self.index.get(at).copied())
            .collect();
        let reached = self.forward_closure(&starts);
        let finish = self.finish_sources.iter().any(|&i| reached[i]);
        let spaces = self
            .nodes
            .iter()
            .zip(&reached)
            .filter(|(_, seen)| **seen)
            .map(|(at, _)| *at)
            .collect();
        (spaces, finish)
    }

    pub(super) fn can_reach_finish(&self) -> Vec<bool> {
        let mut reverse = vec![Vec::new(); self.nodes.len()];
        for (i, targets) in self.edges.iter().enumerate() {
            for &j in targets {
                reverse[j].push(i);
            }
        }
        let mut seen = vec![false; self.nodes.len()];
        let mut queue: VecDeque<usize> = self.finish_sources.iter().copied().collect();
        for &i in &self.finish_sources {
            seen[i] = true;
        }
        while let Some(i) = queue.pop_front() {
            for &j in &reverse[i] {
                if !seen[j] {
                    seen[j] = true;
                    queue.push_back(j);
                }
            }
        }
        seen
    }
}

/// The spaces a track's moves leave out: not reached from the grid, not reached from the chute,
/// and unable to reach the finish line (`None`: the check does not apply).
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub(super) struct Unreached {
    /// Spaces no car from the starting grid can reach.
    pub(super) from_grid: Option<BTreeSet<SpaceRef>>,
    /// Lap spaces no car from the chute can reach.
    pub(super) from_chute: Option<BTreeSet<SpaceRef>>,
    /// Spaces from which no car can reach the finish line (`None` while the lap is open).
    pub(super) stuck: Option<BTreeSet<SpaceRef>>,
}

impl Unreached {
    /// What `track`'s moves leave out.
    pub(super) fn of(track: &Track, graph: &Graph, lap_open: bool) -> Self {
        let from_grid: Vec<usize> = if track.style.uses_grid() {
            track
                .grid
                .iter()
                .filter_map(|slot| graph.index.get(&slot.space).copied())
                .collect()
        } else {
            // Thunder Alley and Grand Prix tracks line cars up ahead of the finish line.
            graph.lap_start.clone()
        };
        let missed = |reached: &[bool], keep: &dyn Fn(SpaceRef) -> bool| {
            graph
                .nodes
                .iter()
                .enumerate()
                .filter(|(i, at)| !reached[*i] && !graph.is_trough(**at) && keep(**at))
                .map(|(_, at)| *at)
                .collect::<BTreeSet<_>>()
        };
        let from_grid =
            (!from_grid.is_empty()).then(|| missed(&graph.forward_closure(&from_grid), &|_| true));
        // On a point-to-point track a replacement car only goes on from the chute: the road
        // behind it is out of its reach by design.
        let from_chute = track.chute.and_then(|chute| {
            let entry = graph.index.get(&chute.beside).copied()?;
            let ahead = |at: SpaceRef| {
                at.section == Section::Lap
                    && (!track.point_to_point() || at.sector >= chute.beside.sector)
            };
            Some(missed(&graph.forward_closure(&[entry]), &ahead))
        });
        let stuck = (!lap_open).then(|| {
            let finishing = graph.can_reach_finish();
            graph
                .nodes
                .iter()
                .enumerate()
                .filter(|(i, _)| !finishing[*i])
                .map(|(_, at)| *at)
                .collect()
        });
        Self {
            from_grid,
            from_chute,
            stuck,
        }
    }

    /// The spaces of `self` that `other` no longer leaves out, set by set.
    pub(super) fn mended_by(&self, other: &Self) -> Self {
        let less = |a: &Option<BTreeSet<SpaceRef>>, b: &Option<BTreeSet<SpaceRef>>| {
            a.as_ref().map(|a| match b {
                Some(b) => a.difference(b).copied().collect(),
                None => a.clone(),
            })
        };
        Self {
            from_grid: less(&self.from_grid, &other.from_grid),
            from_chute: less(&self.from_chute, &other.from_chute),
            stuck: less(&self.stuck, &other.stuck),
        }
    }

    /// How many spaces each set holds: from the grid, from the chute, stuck.
    pub(super) fn counts(&self) -> (usize, usize, usize) {
        let count = |set: &Option<BTreeSet<SpaceRef>>| set.as_ref().map_or(0, BTreeSet::len);
        (
            count(&self.from_grid),
            count(&self.from_chute),
            count(&self.stuck),
        )
    }

    /// Takes the spaces of `mended` out of each set.
    pub(super) fn remove(&mut self, mended: &Self) {
        for (set, gone) in [
            (&mut self.from_grid, &mended.from_grid),
            (&mut self.from_chute, &mended.from_chute),
            (&mut self.stuck, &mended.stuck),
        ] {
            if let (Some(set), Some(gone)) = (set.as_mut(), gone) {
                set.retain(|at| !gone.contains(at));
            }
        }
    }
}
