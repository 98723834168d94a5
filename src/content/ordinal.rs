//! Numbers as English ordinals (`1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`), for messages and
//! the race log that name a place in a sequence: a finishing place, the damage marker that
//! eliminates.

/// `n` as an ordinal: `1st`, `2nd`, `3rd`, `4th`... `11th`, `12th`, `13th`, `21st`, `102nd`.
#[must_use]
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_read_as_ordinals() {
        let read: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 102]
            .into_iter()
            .map(super::ordinal)
            .collect();
        assert_eq!(
            read,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "102nd"
            ]
        );
    }
}
