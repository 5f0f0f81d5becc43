//! The 11 × 11 board two games share — Tank Battle and «Tysiąc na szachownicy» — as squares
//! (file, rank), both 0-based, named chess-style a1…k11 (files a–k left to right, ranks 1–11
//! bottom to top), and indexed rank by rank for the games' precomputed tables. Each game keeps
//! its own board facts; what a square *is* and how it is written lives here once.

/// Squares per side.
pub const SIZE: u8 = 11;

/// A square as (file, rank): a1 = (0, 0), k11 = (10, 10).
pub type Square = (u8, u8);

/// A square's place in a table of all 121, a1 first, rank by rank.
pub type Index = usize;

/// The eight directions as (file, rank) steps, clockwise from north (towards rank 11).
pub const DIRECTIONS: [(i8, i8); 8] =
    [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// Whether (file, rank) is on the board.
pub fn on_board(file: i8, rank: i8) -> bool {
    (0..SIZE as i8).contains(&file) && (0..SIZE as i8).contains(&rank)
}

/// All 121 squares, a1 first, rank by rank.
pub fn all_squares() -> impl Iterator<Item = Square> {
    (0..SIZE).flat_map(|rank| (0..SIZE).map(move |file| (file, rank)))
}

/// The square's name in chess style, e.g. "c3".
pub fn name(sq: Square) -> String {
    format!("{}{}", char::from(b'a' + sq.0), sq.1 + 1)
}

/// Reads a square name such as "c3" or "K11".
pub fn parse(name: &str) -> Option<Square> {
    let name = name.trim().to_ascii_lowercase();
    let mut chars = name.chars();
    let file = chars.next()?;
    if !('a'..='k').contains(&file) {
        return None;
    }
    let rank: u8 = chars.as_str().parse().ok()?;
    (1..=SIZE).contains(&rank).then(|| (file as u8 - b'a', rank - 1))
}

pub fn index(sq: Square) -> Index {
    usize::from(sq.1) * usize::from(SIZE) + usize::from(sq.0)
}

pub fn square(index: Index) -> Square {
    let size = usize::from(SIZE);
    ((index % size) as u8, (index / size) as u8)
}

/// The place of grid index `at` in file order (a1, a2, … a11, b1, …), the order in which the
/// games list pieces for a player hunting a square name among buttons. The mapping is a
/// transposition, so it also takes a place back to its grid index.
pub const fn file_place(at: Index) -> usize {
    let size = SIZE as usize;
    (at % size) * size + at / size
}

/// A set of squares, a bit per square by its [`file_place`]: where one side's pieces stand, so
/// that listing them in file order visits the pieces rather than all 121 squares — which move
/// generation and end checks do after every action of a random game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FileSet(u128);

impl FileSet {
    pub fn insert(&mut self, at: Index) {
        self.0 |= 1 << file_place(at);
    }

    pub fn remove(&mut self, at: Index) {
        self.0 &= !(1 << file_place(at));
    }

    pub fn union(self, other: FileSet) -> FileSet {
        FileSet(self.0 | other.0)
    }

    pub fn intersection(self, other: FileSet) -> FileSet {
        FileSet(self.0 & other.0)
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The grid indices in the set, in file order.
    pub fn iter(self) -> FileSetIter {
        FileSetIter(self.0)
    }
}

/// The grid indices of a [`FileSet`], in file order.
#[derive(Debug, Clone)]
pub struct FileSetIter(u128);

impl Iterator for FileSetIter {
    type Item = Index;

    fn next(&mut self) -> Option<Index> {
        if self.0 == 0 {
            return None;
        }
        let place = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(file_place(place))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_indexes_and_squares_agree() {
        for (i, sq) in all_squares().enumerate() {
            assert_eq!(index(sq), i);
            assert_eq!(square(i), sq);
            assert_eq!(parse(&name(sq)), Some(sq));
        }
        assert_eq!(name((0, 0)), "a1");
        assert_eq!(parse("K11"), Some((10, 10)));
        for bad in ["l1", "a0", "a12", "", "a", "1a"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_file_set_lists_file_by_file() {
        let mut set = FileSet::default();
        for sq in [(1, 0), (0, 10), (0, 0), (10, 10), (1, 5)] {
            set.insert(index(sq));
        }
        set.remove(index((1, 5)));
        let listed: Vec<Square> = set.iter().map(square).collect();
        assert_eq!(listed, [(0, 0), (0, 10), (1, 0), (10, 10)]);
        for at in 0..121 {
            assert_eq!(file_place(file_place(at)), at);
        }
    }
}
