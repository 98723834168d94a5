//! The positions an outcome search has seen, as a set of integer keys stored end to end in one
//! buffer. A set of owned keys would copy each key into its own entry (a heap block once a
//! key outgrows its inline room) and move those entries as the table grows; here an entry is
//! its hash and where its key lies in the buffer, and clearing keeps all the room for the next
//! search.

use std::hash::{Hash, Hasher};

use hashbrown::HashTable;
use rustc_hash::FxHasher;

/// A set of `u32` keys (each a slice), kept between searches.
#[derive(Default)]
pub(crate) struct KeySet {
    /// Every key inserted, end to end.
    keys: Vec<u32>,
    /// For each key: its hash, its start in `keys` and its length.
    table: HashTable<(u64, u32, u32)>,
}

impl KeySet {
    /// Empties the set, keeping its room.
    pub(crate) fn clear(&mut self) {
        self.keys.clear();
        self.table.clear();
    }

    /// Adds a key; whether it was new.
    pub(crate) fn insert(&mut self, key: &[u32]) -> bool {
        let mut hasher = FxHasher::default();
        key.hash(&mut hasher);
        let hash = hasher.finish();
        let keys = &self.keys;
        let stored = |&(h, start, len): &(u64, u32, u32)| {
            h == hash && keys[start as usize..(start + len) as usize] == *key
        };
        if self.table.find(hash, stored).is_some() {
            return false;
        }
        let start = self.keys.len() as u32;
        self.keys.extend_from_slice(key);
        self.table
            .insert_unique(hash, (hash, start, key.len() as u32), |&(h, _, _)| h);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::KeySet;

    #[test]
    fn a_key_set_tells_new_keys_from_seen_ones_until_cleared() {
        let mut set = KeySet::default();
        assert!(set.insert(&[1, 2, 3]));
        assert!(set.insert(&[1, 2]), "a prefix is another key");
        assert!(set.insert(&[]));
        assert!(!set.insert(&[1, 2, 3]));
        assert!(!set.insert(&[]));
        let long: Vec<u32> = (0..100).collect();
        assert!(set.insert(&long));
        assert!(!set.insert(&long));
        for i in 0..10_000 {
            assert!(
                set.insert(&[i, i + 1, 9]),
                "{i}: new, while the table grows"
            );
        }
        assert!(!set.insert(&[5, 6, 9]));
        assert!(!set.insert(&long), "still there after the table grew");
        set.clear();
        assert!(set.insert(&[1, 2, 3]), "forgotten once cleared");
    }
}
