//! A set of cars as bits, one per car id: inserting, testing and listing in id order cost a
//! few instructions, where a list would be scanned and sorted. The outcome search keeps the
//! cars moved since it began in one (see `Race::touched`).

use super::ids::CarId;

/// Cars by id: a bit each for the first 128 (more than the largest field), and a sorted list
/// for any beyond.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CarSet {
    low: u128,
    high: Vec<CarId>,
}

impl CarSet {
    /// The empty set.
    pub const EMPTY: Self = Self {
        low: 0,
        high: Vec::new(),
    };

    /// Empties the set (keeping its room).
    pub fn clear(&mut self) {
        self.low = 0;
        self.high.clear();
    }

    /// Adds a car.
    #[inline]
    pub fn insert(&mut self, id: CarId) {
        if id.0 < 128 {
            self.low |= 1 << id.0;
        } else if let Err(at) = self.high.binary_search(&id) {
            self.high.insert(at, id);
        }
    }

    /// Whether a car is in the set.
    #[must_use]
    #[inline]
    pub fn contains(&self, id: CarId) -> bool {
        if id.0 < 128 {
            self.low & (1 << id.0) != 0
        } else {
            self.high.binary_search(&id).is_ok()
        }
    }

    /// Makes this set equal to `other` without allocating when it has the room.
    #[inline]
    pub fn copy_from(&mut self, other: &Self) {
        self.low = other.low;
        if !(self.high.is_empty() && other.high.is_empty()) {
            self.high.clone_from(&other.high);
        }
    }

    /// The cars, in id order.
    #[must_use]
    #[inline]
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            low: self.low,
            high: self.high.iter(),
        }
    }
}

impl<'a> IntoIterator for &'a CarSet {
    type Item = CarId;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The cars of a [`CarSet`], in id order.
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    low: u128,
    high: std::slice::Iter<'a, CarId>,
}

impl Iterator for Iter<'_> {
    type Item = CarId;

    #[inline]
    fn next(&mut self) -> Option<CarId> {
        if self.low == 0 {
            return self.high.next().copied();
        }
        let bit = self.low.trailing_zeros();
        self.low &= self.low - 1;
        Some(CarId(bit as u16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_car_set_lists_its_cars_in_id_order_across_words() {
        let mut set = CarSet::default();
        for id in [130, 3, 64, 0, 63, 3] {
            set.insert(CarId(id));
        }
        assert_eq!(
            set.iter().map(|c| c.0).collect::<Vec<_>>(),
            vec![0, 3, 63, 64, 130]
        );
        assert!(set.contains(CarId(64)) && !set.contains(CarId(65)));
        assert!(!set.contains(CarId(500)), "beyond its words");
        let mut copy = CarSet::default();
        copy.copy_from(&set);
        assert_eq!(copy, set);
        set.clear();
        assert_eq!(set.iter().count(), 0);
    }
}
