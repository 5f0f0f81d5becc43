//! The set bits of a machine word, lowest first: the one loop every bit-set of the games walks
//! (Tank Battle's and Tysiąc's squares as a `u128`, the aircraft around a node as a `u64`, the
//! aircraft ids as a `u32`), written once.
//!
//! Each step takes the lowest set bit and clears it (`x & (x - 1)`), so a walk costs one step
//! per member, not one per bit.

/// A word whose set bits can be walked.
pub trait Word: Copy {
    /// No bit set.
    fn is_empty(self) -> bool;
    /// The place of the lowest set bit (the word is not empty).
    fn lowest(self) -> u32;
    /// The word without its lowest set bit.
    fn without_lowest(self) -> Self;
}

macro_rules! word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & (self - 1)
            }
        }
    )*};
}

word!(u32, u64, u128);

/// The places of the set bits of a word, lowest first.
#[derive(Debug, Clone)]
pub struct Ones<W>(W);

/// The places of the set bits of `word`, lowest first.
#[inline]
pub fn ones<W: Word>(word: W) -> Ones<W> {
    Ones(word)
}

impl<W: Word> Iterator for Ones<W> {
    type Item = u32;

    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            return None;
        }
        let place = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(place)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_bits_lowest_first() {
        assert_eq!(ones(0b1010_0110u32).collect::<Vec<_>>(), [1, 2, 5, 7]);
        assert_eq!(ones(1u64 << 63 | 1).collect::<Vec<_>>(), [0, 63]);
        assert_eq!(ones(1u128 << 120 | 1 << 64 | 1 << 3).collect::<Vec<_>>(), [3, 64, 120]);
        assert_eq!(ones(0u64).count(), 0);
        assert_eq!(ones(u32::MAX).count(), 32);
    }
}
