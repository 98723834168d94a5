//! Counted nouns as people write them: "1 space", "2 spaces" (the studio said "1 spaces").

/// `n` and the noun, plural unless `n` is one: `counted(1, "lane")` is "1 lane".
#[must_use]
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_the_rest_plural() {
        assert_eq!(counted(1, "space"), "1 space");
        assert_eq!(counted(0, "lane"), "0 lanes");
        assert_eq!(counted(3, "sector"), "3 sectors");
    }
}
