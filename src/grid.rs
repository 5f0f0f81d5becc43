//! The 11 × 11 board two games share — Tank Battle and «Tysiąc na szachownicy» — as squares
//! (file, rank), both 0-based, named chess-style a1…k11 (files a–k left to right, ranks 1–11
//! bottom to top), and indexed rank by rank for the games' precomputed tables. Each game keeps
//! its own board facts; what a square *is* and how it is written lives here once.

use crate::bits::{self, Ones};

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

/// Whether a square as stored (file and rank from 0) lies on the board: a record read back may
/// hold any pair of numbers.
pub fn on_grid(sq: Square) -> bool {
    sq.0 < SIZE && sq.1 < SIZE
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

    /// The squares of `self` not in `other`.
    pub fn difference(self, other: FileSet) -> FileSet {
        FileSet(self.0 & !other.0)
    }

    pub fn contains(self, at: Index) -> bool {
        self.0 & 1 << file_place(at) != 0
    }

    /// Every square moved `distance` steps of `(file, rank)` at once — one shift, since a step
    /// changes a square's file-order place by `11 × file step + rank step`. Only for a set
    /// whose squares all land on the board (a precomputed "may move this way from here").
    pub fn shifted(self, (file, rank): (i8, i8), distance: i8) -> FileSet {
        let by = (i32::from(SIZE) * i32::from(file) + i32::from(rank)) * i32::from(distance);
        FileSet(if by >= 0 { self.0 << by } else { self.0 >> -by })
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The grid indices in the set, in file order.
    pub fn iter(self) -> FileSetIter {
        FileSetIter(bits::ones(self.0))
    }

    /// The members' file-order places, lowest first — [`FileSet::iter`] before its turn back
    /// into grid indices, for a walk that tests each member against other sets
    /// ([`FileSet::has_place`]) and so would otherwise turn every index into its place again.
    pub fn places(self) -> impl Iterator<Item = usize> {
        bits::ones(self.0).map(|place| place as usize)
    }

    /// Whether the square with file-order place `place` is in the set.
    pub fn has_place(self, place: usize) -> bool {
        (self.0 >> place) & 1 != 0
    }
}

impl FromIterator<Index> for FileSet {
    fn from_iter<I: IntoIterator<Item = Index>>(indices: I) -> FileSet {
        let mut set = FileSet::default();
        indices.into_iter().for_each(|at| set.insert(at));
        set
    }
}

/// A few squares near one another — all within 32 file-order places of the lowest — as a
/// 32-bit window onto a [`FileSet`]. A piece's one-square steps fit (its neighbours lie within
/// 24 places of each other), and counting the free ones is then a shift and a 32-bit bit count
/// rather than a 128-bit one, which the portable x86-64 target does in software.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Window {
    /// The file-order place of the window's first bit.
    low: u8,
    bits: u32,
}

impl Window {
    /// `set` as a window; none when its squares span more than 32 places.
    pub fn of(set: FileSet) -> Option<Window> {
        if set.is_empty() {
            return Some(Window::default());
        }
        let low = set.0.trailing_zeros();
        let bits = u32::try_from(set.0 >> low).ok()?;
        Some(Window { low: low as u8, bits })
    }

    /// The window's squares that are not in `set`, as bits.
    fn outside(self, set: FileSet) -> u32 {
        self.bits & !((set.0 >> self.low) as u32)
    }

    /// How many of the window's squares are not in `set`.
    pub fn count_outside(self, set: FileSet) -> usize {
        self.outside(set).count_ones() as usize
    }

    /// Whether every square of the window is in `set`.
    pub fn is_within(self, set: FileSet) -> bool {
        self.outside(set) == 0
    }
}

/// The grid indices of a [`FileSet`], in file order.
#[derive(Debug, Clone)]
pub struct FileSetIter(Ones<u128>);

impl Iterator for FileSetIter {
    type Item = Index;

    fn next(&mut self) -> Option<Index> {
        self.0.next().map(|place| file_place(place as usize))
    }
}

const CELLS: usize = (SIZE as usize) * (SIZE as usize);

/// `PLACE_DISTANCES[a][b]`: the king's distance between the squares with file-order places `a`
/// and `b` (the larger of their file and rank distances), for [`Ray::reach`] — one load
/// instead of two divisions by 11. Built at compile time.
static PLACE_DISTANCES: [[u8; CELLS]; CELLS] = {
    let size = SIZE as usize;
    let mut table = [[0; CELLS]; CELLS];
    let mut a = 0;
    while a < CELLS {
        let mut b = 0;
        while b < CELLS {
            let files = (a / size).abs_diff(b / size);
            let ranks = (a % size).abs_diff(b % size);
            table[a][b] = if files > ranks { files } else { ranks } as u8;
            b += 1;
        }
        a += 1;
    }
    table
};

/// A straight line of squares leading away from a square, nearest first — the squares a
/// sliding piece could pass on an empty board — kept both as the list and as a [`FileSet`].
///
/// The set answers "how far can the piece slide?" without walking: the squares of a straight
/// line have file-order places that only grow or only shrink with the distance (a step changes
/// the place by `11 × file step + rank step`), so the first piece met along the ray is the
/// lowest or the highest bit of `set ∩ occupied`, found with one count of zeros, and the
/// squares before it are its distance less one, looked up in `PLACE_DISTANCES`. Random play
/// counts a side's moves this way, ray by ray, and builds only the one it draws.
///
/// The squares themselves are not listed: along a straight line the grid index changes by the
/// same step each square, so the `k`-th is the start plus `k + 1` steps. Kept small (24 bytes,
/// the set as two words so it does not force 16-byte alignment), since a side's counts read a
/// few rays of a table of 3,872 after every move and the smaller table stays nearer the core.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ray {
    /// The squares as a [`FileSet`]'s two words, low first.
    set: [u64; 2],
    /// The grid index of the square the ray leaves.
    start: u8,
    /// How the grid index changes from one square to the next.
    step: i8,
    /// How many squares.
    len: u8,
    /// The file-order place of the square the ray leaves.
    from: u8,
    /// Whether the places grow with the distance.
    ascending: bool,
}

impl Ray {
    /// The ray from `from` (excluded) through `squares`, which must run in a straight line
    /// away from it, nearest first.
    pub fn new(from: Index, squares: impl IntoIterator<Item = Index>) -> Ray {
        let squares: Vec<Index> = squares.into_iter().collect();
        let set: FileSet = squares.iter().copied().collect();
        let step = squares.first().map_or(0, |first| *first as i64 - from as i64);
        for (k, at) in squares.iter().enumerate() {
            assert_eq!(*at as i64, from as i64 + (k as i64 + 1) * step, "a ray runs straight");
        }
        let place = file_place(from);
        let ascending = squares.first().is_none_or(|at| file_place(*at) > place);
        Ray {
            set: [set.0 as u64, (set.0 >> 64) as u64],
            start: from as u8,
            step: step as i8,
            len: squares.len() as u8,
            from: place as u8,
            ascending,
        }
    }

    /// How many squares.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The squares, nearest first.
    pub fn squares(&self) -> impl Iterator<Item = Index> + use<> {
        let (start, step) = (isize::from(self.start), isize::from(self.step));
        (1..=isize::from(self.len)).map(move |k| (start + k * step) as usize)
    }

    /// The `k`-th square from the start (0 the nearest).
    pub fn square(&self, k: usize) -> Index {
        debug_assert!(k < self.len());
        (isize::from(self.start) + (k as isize + 1) * isize::from(self.step)) as usize
    }

    fn set(&self) -> u128 {
        u128::from(self.set[0]) | u128::from(self.set[1]) << 64
    }

    /// How many squares, nearest first, a sliding piece may reach along the ray: the free
    /// squares before the first piece of `occupied` met, and that piece's square too when it
    /// is one of `capturable`.
    pub fn reach(&self, occupied: FileSet, capturable: FileSet) -> usize {
        let Some(place) = self.first_place(occupied) else {
            return self.len();
        };
        let away = PLACE_DISTANCES[usize::from(self.from)][place];
        let captures = (capturable.0 >> place) & 1;
        usize::from(away - 1) + captures as usize
    }

    /// The grid index of the first square of `occupied` met along the ray, if any.
    pub fn first_met(&self, occupied: FileSet) -> Option<Index> {
        self.first_place(occupied).map(file_place)
    }

    /// The file-order place of the first square of `occupied` met along the ray.
    fn first_place(&self, occupied: FileSet) -> Option<usize> {
        let met = self.set() & occupied.0;
        if met == 0 {
            return None;
        }
        let place = if self.ascending { met.trailing_zeros() } else { 127 - met.leading_zeros() };
        Some(place as usize)
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

    /// A window counts what its set, differenced, would count.
    #[test]
    fn a_window_counts_like_its_set() {
        let board: FileSet = [0, 5, 12, 13, 60, 61, 72, 120].into_iter().collect();
        for at in 0..121 {
            let (file, rank) = square(at);
            let near = DIRECTIONS.iter().filter_map(|(df, dr)| {
                let (f, r) = (file as i8 + df, rank as i8 + dr);
                on_board(f, r).then(|| index((f as u8, r as u8)))
            });
            let set: FileSet = near.collect();
            let window = Window::of(set).expect("neighbours fit a window");
            assert_eq!(window.count_outside(board), set.difference(board).len());
            assert_eq!(window.is_within(board), set.difference(board).is_empty());
        }
        assert_eq!(
            Window::of(FileSet::default()).map(|w| w.count_outside(FileSet::default())),
            Some(0)
        );
        assert_eq!(Window::of([0, 120].into_iter().collect()), None);
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

    /// [`Ray::reach`] agrees with a walk along the ray, in all eight directions from every
    /// square, with a few pieces scattered about and some of them capturable.
    #[test]
    fn a_ray_reaches_up_to_the_first_piece_met() {
        let (mut occupied, mut capturable) = (FileSet::default(), FileSet::default());
        for (k, name) in ["c3", "f6", "a11", "k1", "e9", "h2", "b7", "j10", "f1"].iter().enumerate()
        {
            occupied.insert(index(parse(name).unwrap()));
            if k % 2 == 0 {
                capturable.insert(index(parse(name).unwrap()));
            }
        }
        for from in 0..121 {
            let (file, rank) = square(from);
            for (df, dr) in DIRECTIONS {
                let line = (1..)
                    .map(|d| (file as i8 + df * d, rank as i8 + dr * d))
                    .take_while(|(f, r)| on_board(*f, *r))
                    .map(|(f, r)| index((f as u8, r as u8)));
                let ray = Ray::new(from, line.clone());
                let free = line.clone().take_while(|at| !occupied.contains(*at)).count();
                let met = line.clone().find(|at| occupied.contains(*at));
                let reach = free + usize::from(met.is_some_and(|at| capturable.contains(at)));
                let at = name(square(from));
                assert_eq!(ray.reach(occupied, capturable), reach, "{at} {df} {dr}");
                assert_eq!(ray.first_met(occupied), met, "{at} {df} {dr}");
            }
        }
    }
}
