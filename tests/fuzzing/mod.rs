//! What the property tests of outside input share (`tests/fuzz_*.rs`): how many cases to run,
//! the mutations that turn a valid input into a damaged one, and a count of the panics the
//! engine caught.
//!
//! Why property tests rather than `cargo fuzz`: libFuzzer needs a nightly compiler, which the
//! build machines do not have; proptest runs in the ordinary `cargo test`, so every run of the
//! suite fuzzes a little, and `scripts/fuzz-long.sh` runs the same targets long
//! (docs/operations.md, "Fuzzing").
#![allow(dead_code)]

use std::cell::Cell;
use std::sync::Once;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// Cases per target: `default` (a few seconds in `cargo test`), or `IGROTEKA_FUZZ_CASES`
/// for a long run.
pub fn cases(default: u32) -> u32 {
    std::env::var("IGROTEKA_FUZZ_CASES").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
}

/// The proptest configuration of a target: [`cases`] cases; no regression files (a crash found
/// becomes a named `#[test]` next to its target, with the input that found it).
pub fn config(default: u32) -> Config {
    Config { cases: cases(default), failure_persistence: None, ..Config::default() }
}

/// A runner for a stateful target (one fixture shared by every case).
pub fn runner(default: u32) -> TestRunner {
    TestRunner::new(config(default))
}

/// One change to a valid input.
#[derive(Debug, Clone)]
pub enum Mutation {
    /// Flip one bit of the byte at (a position taken modulo the length).
    Flip(usize, u8),
    /// Cut the input short there.
    Truncate(usize),
    /// Insert a byte there.
    Insert(usize, u8),
    /// Remove a byte there.
    Delete(usize),
    /// Overwrite a byte there.
    Replace(usize, u8),
    /// Copy `len` bytes of the donor (another valid input) from `from` over position `at`.
    Splice { at: usize, from: usize, len: usize },
    /// Repeat a stretch of the input.
    Duplicate { at: usize, len: usize },
}

/// Bytes that matter to the formats under test: delimiters of tokens, JSON, TOML and the
/// backup's lines, digits, and anything else.
pub fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        3 => any::<u8>(),
        2 => prop::sample::select(b":.,=\"{}[]\\\n 0123456789-+eEx/@#'".to_vec()),
    ]
}

pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0u8..8).prop_map(|(at, bit)| Mutation::Flip(at, bit)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), interesting_byte()).prop_map(|(at, b)| Mutation::Insert(at, b)),
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), interesting_byte()).prop_map(|(at, b)| Mutation::Replace(at, b)),
        (any::<usize>(), any::<usize>(), 1usize..40).prop_map(|(at, from, len)| Mutation::Splice {
            at,
            from,
            len
        }),
        (any::<usize>(), 1usize..40).prop_map(|(at, len)| Mutation::Duplicate { at, len }),
    ]
}

/// One to `most` mutations.
pub fn mutations(most: usize) -> impl Strategy<Value = Vec<Mutation>> {
    prop::collection::vec(mutation(), 1..=most)
}

/// `base` with `mutations` applied in order (`donor` feeds the splices).
pub fn mutate(base: &[u8], donor: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut out = base.to_vec();
    for m in mutations {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
        let len = out.len();
        match *m {
            Mutation::Flip(i, bit) if len > 0 => out[at(i, len)] ^= 1 << bit,
            Mutation::Truncate(i) => out.truncate(at(i, len + 1)),
            Mutation::Insert(i, b) => out.insert(at(i, len + 1), b),
            Mutation::Delete(i) if len > 0 => {
                out.remove(at(i, len));
            }
            Mutation::Replace(i, b) if len > 0 => out[at(i, len)] = b,
            Mutation::Splice { at: i, from, len: n } if !donor.is_empty() => {
                let from = at(from, donor.len());
                let piece = &donor[from..(from + n).min(donor.len())];
                let i = at(i, len + 1);
                let end = (i + piece.len()).min(len);
                out.splice(i..end, piece.iter().copied());
            }
            Mutation::Duplicate { at: i, len: n } if len > 0 => {
                let i = at(i, len);
                let piece: Vec<u8> = out[i..(i + n).min(len)].to_vec();
                out.splice(i..i, piece);
            }
            _ => {}
        }
    }
    out
}

/// The same for text: the mutated bytes read as UTF-8, lossily.
pub fn mutate_text(base: &str, donor: &str, mutations: &[Mutation]) -> String {
    String::from_utf8_lossy(&mutate(base.as_bytes(), donor.as_bytes(), mutations)).into_owned()
}

thread_local! {
    static PANICS: Cell<usize> = const { Cell::new(0) };
}

/// Panics on this thread so far, caught or not. The engine catches a panic while it handles an
/// input (the player is told to look at the board again, and the bot serves everyone else), so
/// a target that drives the engine counts them instead of seeing them.
pub fn panics() -> usize {
    PANICS.with(Cell::get)
}

/// Counts panics per thread ([`panics`]); the usual report is still printed.
pub fn count_panics() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.with(|p| p.set(p.get() + 1));
            previous(info);
        }));
    });
}

#[test]
fn mutations_stay_in_bounds_and_change_what_they_say() {
    let base = b"t12:3:j";
    assert_eq!(mutate(base, b"", &[Mutation::Truncate(3)]), b"t12");
    assert_eq!(mutate(base, b"", &[Mutation::Flip(0, 0)]), b"u12:3:j");
    assert_eq!(mutate(base, b"", &[Mutation::Delete(7 + 1)]), b"t2:3:j");
    assert_eq!(mutate(base, b"xyz", &[Mutation::Splice { at: 1, from: 1, len: 9 }]), b"tyz:3:j");
    assert_eq!(mutate(base, b"", &[Mutation::Duplicate { at: 5, len: 9 }]), b"t12:3:j:j");
    assert_eq!(mutate(b"", b"", &[Mutation::Flip(5, 1), Mutation::Delete(3)]), b"");
    assert_eq!(mutate(b"", b"", &[Mutation::Insert(9, b'a')]), b"a");
}
