//! Short lists kept inline: the seats that may act at once, the kinds of aircraft a commander
//! still moves — answers asked for before every action of every random playout, which must
//! therefore not allocate.
//!
//! An [`InlineList`] is a fixed array and a length. It reads like a slice (`contains`, `len`,
//! `iter`, indexing) and serialises as a sequence, so its JSON is what a `Vec` gave.

use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::Seat;

/// The most seats any game takes.
pub const MAX_SEATS: usize = 4;

/// The seats that may act at once (see [`crate::game::ToMove`]), in the order the game lists
/// them.
pub type SeatList = InlineList<Seat, MAX_SEATS>;

/// Up to `N` values of `T`, in order.
#[derive(Clone, Copy)]
pub struct InlineList<T, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T, const N: usize> InlineList<T, N> {
    /// The most items it holds.
    pub const CAPACITY: usize = N;
}

impl<T: Copy + Default, const N: usize> InlineList<T, N> {
    /// Just `item`.
    pub fn one(item: T) -> Self {
        let mut list = Self::default();
        list.push(item);
        list
    }

    /// A copy of `items` (a move list builds one per legal action; random play one per
    /// action). More than `N` items is a bug in the caller. Item by item over the whole room,
    /// not `copy_from_slice`: a copy of a length known only at run time is a call to `memcpy`,
    /// which cost more than all the rest of tracing a random «Аэрофото» flight.
    pub fn from_slice(items: &[T]) -> Self {
        assert!(items.len() <= N, "more than {N} items in an inline list");
        let mut list = Self::default();
        for (at, slot) in list.items.iter_mut().enumerate() {
            if let Some(item) = items.get(at) {
                *slot = *item;
            }
        }
        list.len = items.len() as u8;
        list
    }

    /// Adds `item` at the end. More than `N` items is a bug in the caller.
    pub fn push(&mut self, item: T) {
        let len = usize::from(self.len);
        assert!(len < N, "more than {N} items in an inline list");
        self.items[len] = item;
        self.len += 1;
    }
}

impl<T: Copy + Default, const N: usize> Default for InlineList<T, N> {
    fn default() -> Self {
        InlineList { items: [T::default(); N], len: 0 }
    }
}

impl<T, const N: usize> Deref for InlineList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for InlineList<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut list = Self::default();
        items.into_iter().for_each(|item| list.push(item));
        list
    }
}

impl<T, const N: usize> IntoIterator for InlineList<T, N> {
    type Item = T;
    type IntoIter = std::iter::Take<std::array::IntoIter<T, N>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(usize::from(self.len))
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a InlineList<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Equal when the listed items are: the room after them does not count.
impl<T: PartialEq, const N: usize> PartialEq for InlineList<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Eq, const N: usize> Eq for InlineList<T, N> {}

impl<T: fmt::Debug, const N: usize> fmt::Debug for InlineList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Serialize, const N: usize> Serialize for InlineList<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Deserialize<'de>
    for InlineList<T, N>
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items = Vec::<T>::deserialize(deserializer)?;
        if items.len() > N {
            let most = format!("at most {N} items");
            return Err(serde::de::Error::invalid_length(items.len(), &most.as_str()));
        }
        Ok(items.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_serialises_like_a_list() {
        let list: SeatList = [2, 0].into_iter().collect();
        assert_eq!(&*list, &[2, 0]);
        assert!(list.contains(&0) && !list.contains(&1));
        assert_eq!(serde_json::to_string(&list).unwrap(), "[2,0]");
        let back: SeatList = serde_json::from_str("[2,0]").unwrap();
        assert_eq!(back, list);
        assert!(serde_json::from_str::<SeatList>("[0,1,2,3,4]").is_err());
        assert_eq!(list.into_iter().collect::<Vec<_>>(), [2, 0]);
    }

    #[test]
    fn equality_ignores_the_unused_room() {
        let mut a = SeatList::one(1);
        a.push(3);
        let b: SeatList = [1, 3].into_iter().collect();
        assert_eq!(a, b);
        assert_ne!(a, SeatList::one(1));
    }
}
