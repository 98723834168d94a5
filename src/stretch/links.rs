//! How the lanes of one sector link into the next when the lane count changes.

/// For each of `from` lanes, the lanes of the next sector (of `to` lanes) it links to, spread
/// evenly: with equal counts lane i goes to lane i; narrowing merges neighbouring lanes
/// (converging); widening forks a lane into two (diverging). The links never cross. `None` when
/// a lane would need more than two links (widening by more than `from - 1`).
#[must_use]
pub fn lane_links(from: u8, to: u8) -> Option<Vec<Vec<u8>>> {
    if from == 0 || to == 0 {
        return None;
    }
    // Each lane of the wider sector maps to its nearest lane of the narrower one.
    let nearest = |lane: u8, wide: u8, narrow: u8| -> u8 {
        if narrow == 1 || wide == 1 {
            return 0;
        }
        let scaled = f32::from(lane) * (f32::from(narrow) - 1.0) / (f32::from(wide) - 1.0);
        scaled.round() as u8
    };
    let links: Vec<Vec<u8>> = if to <= from {
        (0..from)
            .map(|lane| vec![nearest(lane, from, to)])
            .collect()
    } else {
        (0..from)
            .map(|lane| {
                (0..to)
                    .filter(|&target| nearest(target, to, from) == lane)
                    .collect()
            })
            .collect()
    };
    links
        .iter()
        .all(|targets| (1..=2).contains(&targets.len()))
        .then_some(links)
}

#[cfg(test)]
mod tests {
    use super::lane_links;

    #[test]
    fn equal_widths_link_lane_to_lane() {
        assert_eq!(lane_links(3, 3), Some(vec![vec![0], vec![1], vec![2]]));
    }

    #[test]
    fn narrowing_converges_neighbouring_lanes() {
        assert_eq!(
            lane_links(4, 3),
            Some(vec![vec![0], vec![1], vec![1], vec![2]])
        );
        assert_eq!(lane_links(2, 1), Some(vec![vec![0], vec![0]]));
        assert_eq!(
            lane_links(4, 1),
            Some(vec![vec![0], vec![0], vec![0], vec![0]])
        );
    }

    #[test]
    fn widening_forks_a_lane_into_two() {
        assert_eq!(lane_links(3, 4), Some(vec![vec![0], vec![1, 2], vec![3]]));
        assert_eq!(lane_links(1, 2), Some(vec![vec![0, 1]]));
        assert_eq!(lane_links(2, 4), Some(vec![vec![0, 1], vec![2, 3]]));
    }

    #[test]
    fn a_lane_never_splits_into_three() {
        assert_eq!(lane_links(1, 3), None);
        assert_eq!(lane_links(2, 5), None);
        assert_eq!(lane_links(0, 3), None);
    }
}
