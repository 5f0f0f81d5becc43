//! Where a tank may go: queen-like rays, each stopped by the rules of the seed and the spec.
//!
//! Everything fixed is already cut out of the rays by [`Geometry`]: mines are neither entered
//! nor crossed, ordinary tanks neither enter nor cross the contaminated zone, and a tank locked
//! in the opponent's base has rays that end at that base's edge. What is left depends on the
//! position and is one test: the first tank met ends the ray, and is a destination (a capture)
//! when it is an opponent's standing outside the zone — the only tanks ever inside are
//! commanders, which block lines there and cannot be destroyed.
//!
//! So a tank's moves along one ray are a count: the free squares before the first tank met
//! ([`Ray::reach`], a few bit operations on the position's square sets), plus one for a
//! capture. [`Reach`] holds a tank's eight counts. Listing its destinations reads the first
//! `count` squares of each ray; random play adds up the counts of a side's tanks, draws an
//! index and builds that one move ([`Counted`]) — the ~100 moves of a ply are never listed,
//! and the list and the draw cannot disagree, since both read the same counts.
//!
//! [`Geometry`]: super::geometry::Geometry

use super::geometry::{DIRECTIONS, GEOMETRY, Index, Ray, index, square};
use super::position::{ARMY, Position, Side};
use super::view::Square;
use crate::grid::FileSet;
use crate::inline::InlineList;

/// How far one tank may go along each of its eight rays, in [`DIRECTIONS`] order.
#[derive(Debug, Clone, Copy)]
pub struct Reach {
    from: Index,
    rays: &'static [Ray; DIRECTIONS.len()],
    /// The number of destinations along each ray: the first `counts[d]` squares of `rays[d]`.
    counts: [u8; DIRECTIONS.len()],
}

impl Reach {
    /// The reach of the tank on grid index `from`; none when no tank stands there.
    pub fn of(position: &Position, from: Index) -> Option<Reach> {
        let side = position.at(from)?.side;
        Reach::seen(position, from, Sight::of(position, side))
    }

    /// [`Reach::of`] with its side's [`Sight`] worked out already.
    fn seen(position: &Position, from: Index, sight: Sight) -> Option<Reach> {
        let tank = position.at(from)?;
        let locked = tank.side.is_target_base_at(from);
        let rays = GEOMETRY.rays(from, tank.commander, locked);
        let counts = std::array::from_fn(|d| rays[d].reach(sight.occupied, sight.capturable) as u8);
        Some(Reach { from, rays, counts })
    }

    /// How many destinations the tank has.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|count| usize::from(*count)).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|count| *count == 0)
    }

    /// The destinations, ray by ray in [`DIRECTIONS`] order, nearest first.
    pub fn destinations(self) -> impl Iterator<Item = Index> + use<> {
        let (rays, counts) = (self.rays, self.counts);
        (0..DIRECTIONS.len()).flat_map(move |d| {
            let open = &rays[d].squares()[..usize::from(counts[d])];
            open.iter().map(|at| usize::from(*at))
        })
    }

    /// The `n`-th (from 0) of [`Reach::destinations`], without walking the ones before.
    pub fn nth(&self, mut n: usize) -> Option<Index> {
        for (ray, count) in self.rays.iter().zip(self.counts) {
            let count = usize::from(count);
            if n < count {
                return Some(ray.square(n));
            }
            n -= count;
        }
        None
    }
}

/// The legal destinations of the tank on `from`, in [`DIRECTIONS`] order, nearest first; none
/// when the square is empty.
pub fn destinations(position: &Position, from: Square) -> impl Iterator<Item = Square> + 'static {
    let reach = Reach::of(position, index(from));
    reach.into_iter().flat_map(|reach| reach.destinations()).map(square)
}

/// What a side sees when its tanks slide: every tank stops at the first tank met, and may
/// capture it when it is an opponent's outside the zone.
#[derive(Debug, Clone, Copy)]
struct Sight {
    occupied: FileSet,
    capturable: FileSet,
}

impl Sight {
    fn of(position: &Position, side: Side) -> Sight {
        let [white, black] = Side::BOTH.map(|side| position.army_set(side));
        let capturable = position.army_set(side.opponent()).difference(GEOMETRY.zone());
        Sight { occupied: white.union(black), capturable }
    }
}

/// The reach of each of `side`'s tanks, in [`Position::army`] order.
fn reaches(position: &Position, side: Side) -> impl Iterator<Item = Reach> + '_ {
    let sight = Sight::of(position, side);
    let army = position.army_set(side).iter();
    army.map(move |from| Reach::seen(position, from, sight).expect("an army's square holds a tank"))
}

/// Every legal move of `side`, tank by tank in [`Position::army`] order.
pub fn moves(position: &Position, side: Side) -> impl Iterator<Item = (Square, Square)> + '_ {
    reaches(position, side).flat_map(|reach| {
        let from = square(reach.from);
        reach.destinations().map(move |to| (from, square(to)))
    })
}

/// A side's legal moves counted tank by tank, none built: what a random draw needs, since the
/// `n`-th move is then found by skipping whole tanks and building one [`Reach`] again.
#[derive(Debug, Clone, Copy)]
pub struct Counted {
    side: Side,
    /// Each tank's square and number of moves, in [`Position::army`] order.
    tanks: InlineList<(u8, u8), ARMY>,
    len: usize,
}

impl Counted {
    pub fn of(position: &Position, side: Side) -> Counted {
        let mut tanks = InlineList::default();
        let mut len = 0;
        for reach in reaches(position, side) {
            tanks.push((reach.from as u8, reach.len() as u8));
            len += reach.len();
        }
        Counted { side, tanks, len }
    }

    /// How many legal moves the side has: the length of [`moves`].
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `n`-th (from 0) of [`moves`] in `position`, the position counted.
    pub fn nth(&self, position: &Position, mut n: usize) -> Option<(Square, Square)> {
        for &(from, len) in &self.tanks {
            let (from, len) = (usize::from(from), usize::from(len));
            if n < len {
                let reach = Reach::seen(position, from, Sight::of(position, self.side))?;
                return reach.nth(n).map(|to| (square(from), square(to)));
            }
            n -= len;
        }
        None
    }
}

/// Whether `side` has at least one legal move (stops at the first tank that has one).
pub fn has_move(position: &Position, side: Side) -> bool {
    reaches(position, side).any(|reach| !reach.is_empty())
}
