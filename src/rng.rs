//! The table's randomness: a ChaCha20 stream per table, seeded from the operating system's
//! entropy, stored with the table (so a restart continues the same stream) and never shown to
//! anyone. Chance outcomes are drawn here and nowhere else.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

/// A fresh RNG seeded from OS entropy.
pub fn from_entropy() -> ChaCha20Rng {
    ChaCha20Rng::from_entropy()
}

/// A deterministic RNG for simulations and tests.
pub fn seeded(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// A uniform integer in `0..n` without modulo bias. `n` must be positive.
///
/// Random play draws on nearly every action, mostly among one seat or a few moves, so the
/// common cases are cheap: a choice of one draws nothing, and any `n` below 2^32 takes one
/// 32-bit word of the stream (half what a 64-bit draw takes, so the ChaCha block is refilled
/// half as often) by multiplication, dividing only in the rare case that may need a second
/// word ([`below_u32`]).
pub fn below(rng: &mut impl RngCore, n: u64) -> u64 {
    assert!(n > 0, "below(0)");
    match u32::try_from(n) {
        Ok(1) => 0,
        Ok(small) => u64::from(below_u32(rng, small)),
        Err(_) => below_u64(rng, n),
    }
}

/// Lemire's nearly divisionless draw ("Fast random integer generation in an interval", 2019):
/// the high word of `x · n` is uniform in `0..n` once the low words below `2^32 mod n` are
/// drawn again.
fn below_u32(rng: &mut impl RngCore, n: u32) -> u32 {
    let mut product = u64::from(rng.next_u32()) * u64::from(n);
    if (product as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (product as u32) < threshold {
            product = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (product >> 32) as u32
}

/// Rejection sampling on 64-bit words, for `n` of 2^32 and more.
fn below_u64(rng: &mut impl RngCore, n: u64) -> u64 {
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return x % n;
        }
    }
}

/// A uniform index into a list of `len` items, none when the list is empty: the one draw every
/// random pick among a game's legal actions makes ([`below`] of the length), whether the list
/// was built or only counted (`Game::random_legal_action`).
pub fn index_below(rng: &mut impl RngCore, len: usize) -> Option<usize> {
    (len > 0).then(|| below(rng, len as u64) as usize)
}

/// Picks one of `outcomes` with probability proportional to its weight.
pub fn pick_weighted<'a, A>(rng: &mut impl RngCore, outcomes: &'a [(A, u32)]) -> Option<&'a A> {
    let total: u64 = outcomes.iter().map(|(_, w)| u64::from(*w)).sum();
    if total == 0 {
        return None;
    }
    let mut x = below(rng, total);
    for (action, weight) in outcomes {
        let w = u64::from(*weight);
        if x < w {
            return Some(action);
        }
        x -= w;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weighted_pick_respects_zero_weights_and_covers_the_rest() {
        let mut rng = seeded(7);
        let outcomes = [("a", 0), ("b", 1), ("c", 3)];
        let mut seen = [0; 3];
        for _ in 0..4000 {
            let x = pick_weighted(&mut rng, &outcomes).unwrap();
            seen[outcomes.iter().position(|(a, _)| a == x).unwrap()] += 1;
        }
        assert_eq!(seen[0], 0);
        assert!(seen[1] > 700 && seen[1] < 1300, "{seen:?}");
        assert!(pick_weighted::<u8>(&mut rng, &[]).is_none());
    }

    /// One draw takes one 32-bit word for `n` below 2^32 (the high word of `x · n`, as
    /// long as no second word is needed), and none for `n = 1`.
    #[test]
    fn small_draws_take_one_word_and_a_choice_of_one_takes_none() {
        for n in [2u32, 3, 6, 7, 52, 1000] {
            let (mut drawn, mut reference) = (seeded(u64::from(n)), seeded(u64::from(n)));
            for _ in 0..1000 {
                let expected = (u64::from(reference.next_u32()) * u64::from(n)) >> 32;
                assert_eq!(below(&mut drawn, u64::from(n)), expected, "n = {n}");
            }
            assert_eq!(drawn.next_u64(), reference.next_u64(), "n = {n}: the streams stay in step");
        }
        let (mut drawn, mut reference) = (seeded(1), seeded(1));
        assert_eq!(below(&mut drawn, 1), 0);
        assert_eq!(drawn.next_u64(), reference.next_u64(), "a choice of one draws nothing");
    }

    /// Where a second word is often needed (`2^32 mod n` is a quarter of the words), the
    /// values still cover `0..n` evenly: each third of the range gets a third of the draws.
    #[test]
    fn rejection_keeps_large_draws_uniform() {
        let mut rng = seeded(11);
        for n in [3u64 << 30, (1 << 31) + 1, 5 << 40] {
            let mut thirds = [0u32; 3];
            for _ in 0..30_000 {
                let x = below(&mut rng, n);
                assert!(x < n);
                thirds[(x / n.div_ceil(3)) as usize] += 1;
            }
            assert!(thirds.iter().all(|t| (9_400..10_600).contains(t)), "n = {n}: {thirds:?}");
        }
    }

    #[test]
    fn entropy_seeds_differ() {
        assert_ne!(from_entropy().next_u64(), from_entropy().next_u64());
    }
}
