//! The board's fixed facts per colour, worked out once so that move generation only looks
//! pawns up.
//!
//! What a square is to a pawn — its own start field, a lane of its pair, the opponent's field,
//! or ground it may never stand on — depends only on the pawn's colour, and so do the squares a
//! step or a hop may reach on an empty board. [`Geometry`] keeps those by grid index; the moves
//! module then only has to meet pawns. Random play asks for every legal move several times per
//! action, so this is the hot path of every test run.

use std::sync::LazyLock;

use super::board::{self, COLOURS};
use super::view::{Colour, Square};
use crate::grid::{FileSet, Window, file_place};

/// A square as its grid index, rank by rank from a1 (a1 = 0, b1 = 1, … k11 = 120).
pub use crate::grid::{Index, index, square};

pub const CELLS: usize = (board::SIZE as usize) * (board::SIZE as usize);

/// The four diagonal directions, indexed by colour: `DIAGONALS[c]` is colour `c`'s forward.
pub const DIAGONALS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The eight directions a pawn may step in inside a start field.
use crate::grid::DIRECTIONS as NEIGHBOURS;

/// What a square is to a pawn of one colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ground {
    /// Its own start field: free movement, and the exits onto the lanes.
    Own,
    /// A lane of its pair between the fields: forward only.
    Lane,
    /// The opponent's start field: free movement, never left again.
    Target,
    /// Anywhere else: the pawn never stands here.
    Off,
}

/// A hop on an empty board: the square jumped over and the square landed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hop {
    pub over: u8,
    pub land: u8,
}

/// Precomputed ground, steps and hops of every colour on every square.
#[derive(Debug)]
pub struct Geometry {
    ground: [[Ground; CELLS]; COLOURS as usize],
    /// `steps[colour][from]`: the squares a step may reach on an empty board.
    steps: [Vec<Box<[u8]>>; COLOURS as usize],
    /// The same squares as windows onto the board's sets, so that a pawn's free steps are
    /// counted in one operation — by the file-order place of `from`, since the count walks
    /// a colour's pawns as a set's places.
    step_windows: [Vec<Window>; COLOURS as usize],
    /// `hops[colour][from][d]`: the hop in direction `DIAGONALS[d]`, if the ground allows it.
    hops: [Vec<[Option<Hop>; 4]>; COLOURS as usize],
    /// `hop_from[colour][d]`: the squares from which the ground allows a hop along
    /// `DIAGONALS[d]`, so that the hops of all of a colour's pawns are found at once.
    hop_from: [[FileSet; 4]; COLOURS as usize],
    /// `fields[colour]`: the squares of `colour`'s start field — its opponent's target, which
    /// the end check looks at after every turn.
    fields: [FileSet; COLOURS as usize],
}

pub static GEOMETRY: LazyLock<Geometry> = LazyLock::new(Geometry::build);

impl Geometry {
    fn build() -> Geometry {
        let ground: [[Ground; CELLS]; 4] =
            std::array::from_fn(|c| std::array::from_fn(|i| ground_of(c as Colour, square(i))));
        let steps: [Vec<Box<[u8]>>; 4] = std::array::from_fn(|c| {
            (0..CELLS).map(|from| step_targets(&ground[c], c as Colour, from)).collect()
        });
        let step_windows = std::array::from_fn(|c| {
            let set = |targets: &[u8]| targets.iter().map(|to| usize::from(*to)).collect();
            let window = |targets| Window::of(set(targets)).expect("steps go to neighbours");
            (0..CELLS).map(|place| window(&steps[c][file_place(place)])).collect()
        });
        let hops: [Vec<[Option<Hop>; 4]>; 4] = std::array::from_fn(|c| {
            (0..CELLS)
                .map(|from| std::array::from_fn(|d| hop_of(&ground[c], c as Colour, from, d)))
                .collect()
        });
        let hop_from = std::array::from_fn(|c| {
            std::array::from_fn(|d| (0..CELLS).filter(|from| hops[c][*from][d].is_some()).collect())
        });
        let fields = std::array::from_fn(|c| {
            (0..CELLS).filter(|i| board::field_of(square(*i)) == Some(c as Colour)).collect()
        });
        Geometry { ground, steps, step_windows, hops, hop_from, fields }
    }

    pub fn ground(&self, colour: Colour, at: Index) -> Ground {
        self.ground[usize::from(colour)][at]
    }

    pub fn steps(&self, colour: Colour, from: Index) -> &[u8] {
        &self.steps[usize::from(colour)][from]
    }

    /// [`Geometry::steps`] as a window onto the board's sets.
    pub fn step_window(&self, colour: Colour, from: Index) -> Window {
        self.step_window_at_place(colour, file_place(from))
    }

    /// [`Geometry::step_window`] of the square with file-order place `place`.
    pub fn step_window_at_place(&self, colour: Colour, place: usize) -> Window {
        self.step_windows[usize::from(colour)][place]
    }

    pub fn hop(&self, colour: Colour, from: Index, direction: usize) -> Option<Hop> {
        self.hops[usize::from(colour)][from][direction]
    }

    /// The squares from which `colour`'s ground allows a hop along `DIAGONALS[direction]`.
    pub fn hop_from(&self, colour: Colour, direction: usize) -> FileSet {
        self.hop_from[usize::from(colour)][direction]
    }

    /// The squares of `colour`'s start field.
    pub fn field(&self, colour: Colour) -> FileSet {
        self.fields[usize::from(colour)]
    }
}

fn ground_of(colour: Colour, sq: Square) -> Ground {
    match board::field_of(sq) {
        Some(c) if c == colour => Ground::Own,
        Some(c) if c == board::opponent(colour) => Ground::Target,
        Some(_) => Ground::Off,
        None if board::on_lane(colour, sq) => Ground::Lane,
        None => Ground::Off,
    }
}

fn offset(from: Index, step: (i8, i8), distance: i8) -> Option<Index> {
    board::offset(square(from), step, distance).map(index)
}

/// Decision 3: free steps inside either field, a forward step along a lane, and out of the own
/// field only forward from an exit.
fn step_targets(ground: &[Ground; CELLS], colour: Colour, from: Index) -> Box<[u8]> {
    let forward = board::forward(colour);
    let targets: Vec<Index> = match ground[from] {
        Ground::Own | Ground::Target => {
            let inside = ground[from];
            let mut targets: Vec<Index> = NEIGHBOURS
                .iter()
                .filter_map(|step| offset(from, *step, 1))
                .filter(|to| ground[*to] == inside)
                .collect();
            if inside == Ground::Own && board::is_exit(colour, square(from)) {
                targets.extend(offset(from, forward, 1));
            }
            targets
        }
        Ground::Lane => offset(from, forward, 1)
            .filter(|to| matches!(ground[*to], Ground::Lane | Ground::Target))
            .into_iter()
            .collect(),
        Ground::Off => Vec::new(),
    };
    targets.into_iter().map(|i| i as u8).collect()
}

/// Decision 4: a hop lands two squares away on a diagonal. Inside a field any diagonal that
/// stays in it; out of the own field and along a lane only forward; never out of the
/// opponent's field.
fn hop_of(ground: &[Ground; CELLS], colour: Colour, from: Index, direction: usize) -> Option<Hop> {
    let step = DIAGONALS[direction];
    let over = offset(from, step, 1)?;
    let land = offset(from, step, 2)?;
    let forward = step == board::forward(colour);
    let allowed = match (ground[from], ground[land]) {
        (Ground::Own, Ground::Own) | (Ground::Target, Ground::Target) => true,
        (Ground::Own, Ground::Lane) | (Ground::Lane, Ground::Lane | Ground::Target) => forward,
        _ => false,
    };
    allowed.then_some(Hop { over: over as u8, land: land as u8 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str) -> Index {
        index(board::parse(name).unwrap())
    }

    fn names(indices: &[u8]) -> Vec<String> {
        indices.iter().map(|i| board::name(square(usize::from(*i)))).collect()
    }

    #[test]
    fn diagonals_start_with_each_colours_forward() {
        for colour in 0..COLOURS {
            assert_eq!(DIAGONALS[usize::from(colour)], board::forward(colour));
        }
    }

    #[test]
    fn steps_follow_decision_three() {
        let g = &*GEOMETRY;
        // S's corner: three neighbours in the field.
        assert_eq!(names(g.steps(0, at("a1"))), ["a2", "b2", "b1"]);
        // An exit adds the forward step onto the lane.
        assert!(names(g.steps(0, at("c3"))).contains(&"d4".to_string()));
        // b2 is not an exit: only the field around it.
        assert_eq!(g.steps(0, at("b2")).len(), 8);
        // On a lane: one square forward; into the opponent's field at the lane's end.
        assert_eq!(names(g.steps(0, at("d4"))), ["e5"]);
        assert_eq!(names(g.steps(0, at("h8"))), ["i9"]);
        // Inside the opponent's field: only its own squares.
        assert_eq!(names(g.steps(0, at("i9"))).len(), 3);
        // E travels the other diagonal.
        assert_eq!(names(g.steps(1, at("f6"))), ["e7"]);
        assert!(g.steps(0, at("e1")).is_empty());
    }

    #[test]
    fn hops_follow_decision_four() {
        let g = &*GEOMETRY;
        let land = |c, from, d| g.hop(c, at(from), d).map(|h| board::name(square(h.land.into())));
        assert_eq!(land(0, "a1", 0), Some("c3".into()));
        assert_eq!(land(0, "c3", 0), Some("e5".into()));
        assert_eq!(land(0, "c3", 2), Some("a1".into()));
        // Out of the own field only forward; along a lane only forward.
        assert_eq!(land(0, "c3", 1), None);
        assert_eq!(land(0, "e5", 2), None);
        // Never out of the opponent's field.
        assert_eq!(land(0, "i9", 2), None);
        assert_eq!(land(0, "i9", 0), Some("k11".into()));
        assert_eq!(land(0, "g7", 0), Some("i9".into()));
    }
}
