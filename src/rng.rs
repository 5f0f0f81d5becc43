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
pub fn below(rng: &mut impl RngCore, n: u64) -> u64 {
    assert!(n > 0, "below(0)");
    if n.is_power_of_two() {
        // The general case's own draws, without its two divisions (a power of two divides
        // 2^64, so its zone is 2^64 - n and `x % n` is a mask): random play draws among one
        // seat, two seats or a few moves on nearly every action.
        let zone = n.wrapping_neg();
        loop {
            let x = rng.next_u64();
            if x < zone {
                return x & (n - 1);
            }
        }
    }
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

    /// The division-free path for powers of two draws exactly what the general one draws, so
    /// seeded games stay the same games.
    #[test]
    fn powers_of_two_draw_what_the_general_case_draws() {
        fn general(rng: &mut impl RngCore, n: u64) -> u64 {
            let zone = u64::MAX - (u64::MAX % n);
            loop {
                let x = rng.next_u64();
                if x < zone {
                    return x % n;
                }
            }
        }
        for n in [1, 2, 4, 8, 64, 1 << 40, 1 << 63] {
            let (mut fast, mut reference) = (seeded(n), seeded(n));
            for _ in 0..1000 {
                assert_eq!(below(&mut fast, n), general(&mut reference, n), "n = {n}");
            }
            assert_eq!(fast.next_u64(), reference.next_u64(), "n = {n}: the streams stay in step");
        }
    }

    #[test]
    fn entropy_seeds_differ() {
        assert_ne!(from_entropy().next_u64(), from_entropy().next_u64());
    }
}
