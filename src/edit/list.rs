//! Edits of a list of records (cards, teams): what the table editors emit.

/// One change to a list.
#[derive(Clone, PartialEq, Debug)]
pub enum ListEdit<T> {
    /// Replaces the record at an index.
    Set(usize, T),
    /// Inserts a record at an index (the length appends).
    Insert(usize, T),
    /// Removes the record at an index.
    Remove(usize),
    /// Puts the records in a new order: entry `i` is the old index of the new `i`-th record.
    Reorder(Vec<usize>),
}

/// Why a list edit does not fit the list.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ListEditError {
    /// An index past the end.
    #[error("there is no row {index} (the list has {len})")]
    NoSuchRow {
        /// The index asked for.
        index: usize,
        /// The list's length.
        len: usize,
    },
    /// A new order that is not a permutation of the rows.
    #[error("the new order does not list every row exactly once")]
    BadOrder,
}

impl<T: Clone> ListEdit<T> {
    /// Applies the edit; the list is unchanged on error.
    pub fn apply(&self, list: &mut Vec<T>) -> Result<(), ListEditError> {
        let len = list.len();
        let no_row = |index| ListEditError::NoSuchRow { index, len };
        match self {
            Self::Set(index, value) => {
                *list.get_mut(*index).ok_or_else(|| no_row(*index))? = value.clone();
            }
            Self::Insert(index, value) => {
                if *index > len {
                    return Err(no_row(*index));
                }
                list.insert(*index, value.clone());
            }
            Self::Remove(index) => {
                if *index >= len {
                    return Err(no_row(*index));
                }
                list.remove(*index);
            }
            Self::Reorder(order) => {
                let mut seen = vec![false; len];
                if order.len() != len
                    || !order
                        .iter()
                        .all(|&i| i < len && !std::mem::replace(&mut seen[i], true))
                {
                    return Err(ListEditError::BadOrder);
                }
                *list = order.iter().map(|&i| list[i].clone()).collect();
            }
        }
        Ok(())
    }
}

/// An id not among `taken`: `base` itself, or `base-2`, `base-3`... (a copy of a card or team
/// must not share its original's id, which validation would reject).
#[must_use]
pub fn free_id<'a>(taken: impl Iterator<Item = &'a str>, base: &str) -> String {
    let taken: std::collections::BTreeSet<&str> = taken.collect();
    if !taken.contains(base) {
        return base.to_owned();
    }
    // Among n ids one of the first n + 1 suffixes is free.
    (2..=taken.len() + 2)
        .map(|suffix| format!("{base}-{suffix}"))
        .find(|id| !taken.contains(id.as_str()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_id_never_repeats_one_taken() {
        let taken = ["solo-2", "solo-2-2"];
        assert_eq!(free_id(taken.iter().copied(), "solo-3"), "solo-3");
        assert_eq!(free_id(taken.iter().copied(), "solo-2"), "solo-2-3");
    }

    #[test]
    fn list_edits_change_the_list_or_leave_it_alone() {
        let mut list = vec!['a', 'b', 'c'];
        ListEdit::Set(1, 'x').apply(&mut list).expect("set");
        ListEdit::Insert(3, 'd').apply(&mut list).expect("insert");
        ListEdit::Remove(0).apply(&mut list).expect("remove");
        assert_eq!(list, ['x', 'c', 'd']);
        ListEdit::Reorder(vec![2, 0, 1])
            .apply(&mut list)
            .expect("reorder");
        assert_eq!(list, ['d', 'x', 'c']);
        assert_eq!(
            ListEdit::Remove(3).apply(&mut list),
            Err(ListEditError::NoSuchRow { index: 3, len: 3 })
        );
        assert_eq!(
            ListEdit::Reorder(vec![0, 0, 1]).apply(&mut list),
            Err(ListEditError::BadOrder)
        );
        assert_eq!(list, ['d', 'x', 'c']);
    }
}
