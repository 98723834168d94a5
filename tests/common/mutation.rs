//! Mutations of a file's bytes, as the fuzz tests make them: what a typo, a bad generator or a
//! hostile hand does to a content file.

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

/// One to three mutations of `bytes`: a byte flipped, a run cut or repeated, a token from
/// `inserted` put in, brackets nested thousands deep, or (most often, which keeps the file
/// readable and tests the checks) the number nearest a place swapped for an ordinary one or one
/// of `numbers`.
pub fn mutate(bytes: &[u8], rng: &mut ChaCha8Rng, inserted: &[&str], numbers: &[&str]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for _ in 0..rng.random_range(1..=3) {
        if out.is_empty() {
            out.push(b'(');
        }
        let at = rng.random_range(0..out.len());
        match rng.random_range(0..12) {
            0 => out[at] = rng.random(),
            1 => {
                let end = (at + rng.random_range(1..=16)).min(out.len());
                out.drain(at..end);
            }
            2 => {
                let end = (at + rng.random_range(1..=64)).min(out.len());
                let copy = out[at..end].to_vec();
                out.splice(at..at, copy);
            }
            3 => {
                let token = inserted.choose(rng).copied().unwrap_or("0");
                out.splice(at..at, token.bytes());
            }
            4 => {
                let depth = rng.random_range(100..20_000);
                let open = if rng.random() { b'[' } else { b'(' };
                out.splice(at..at, std::iter::repeat_n(open, depth));
            }
            _ => {
                let Some(start) = (at..out.len()).find(|&i| out[i].is_ascii_digit()) else {
                    continue;
                };
                let end = (start..out.len())
                    .find(|&i| !out[i].is_ascii_digit())
                    .unwrap_or(out.len());
                let token = if rng.random() {
                    rng.random_range(1..=9u8).to_string()
                } else {
                    numbers.choose(rng).copied().unwrap_or("0").to_owned()
                };
                out.splice(start..end, token.bytes());
            }
        }
    }
    out
}

/// The generator of case `case`: each case is seeded by its number, so a failure names the case
/// that reproduces it.
pub fn case_rng(case: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(case)
}
