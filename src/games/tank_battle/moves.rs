//! Where a tank may go: queen-like rays, each stopped by the rules of the seed and the spec.
//!
//! Everything fixed is already cut out of the rays by [`Geometry`]: mines are neither entered
//! nor crossed, ordinary tanks neither enter nor cross the contaminated zone, and a tank locked
//! in the opponent's base has rays that end at that base's edge. What is left depends on the
//! position and is one test: the first tank met ends the ray, and is a destination (a capture)
//! when it is an opponent's standing outside the zone.
//!
//! So a tank's moves along one ray are a count, which the position keeps up to date as tanks
//! move ([`Counts`]). [`Reach`] is a tank's eight rays with those counts: listing its
//! destinations reads the first `count` squares of each ray; random play draws an index below
//! the side's total and builds that one move ([`nth`]) — the ~100 moves of a ply are never
//! listed, and the list and the draw cannot disagree, since both read the same counts.
//!
//! [`Geometry`]: super::geometry::Geometry
//! [`Counts`]: super::counts::Counts

use super::geometry::{DIRECTIONS, GEOMETRY, Index, Ray, index, square};
use super::position::{Position, Side};
use super::view::Square;

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
        let tank = position.at(from)?;
        let locked = tank.side.is_target_base_at(from);
        let rays = GEOMETRY.rays(from, tank.commander, locked);
        Some(Reach { from, rays, counts: position.counts().rays(from) })
    }

    /// The destinations, ray by ray in [`DIRECTIONS`] order, nearest first.
    pub fn destinations(self) -> impl Iterator<Item = Index> + use<> {
        let (rays, counts) = (self.rays, self.counts);
        (0..DIRECTIONS.len()).flat_map(move |d| rays[d].squares().take(usize::from(counts[d])))
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

/// Every legal move of `side`, tank by tank in [`Position::army`] order.
pub fn moves(position: &Position, side: Side) -> impl Iterator<Item = (Square, Square)> + '_ {
    let army = position.army_set(side).iter();
    army.filter_map(|from| Reach::of(position, from)).flat_map(|reach| {
        let from = square(reach.from);
        reach.destinations().map(move |to| (from, square(to)))
    })
}

/// How many legal moves `side` has: the length of [`moves`].
pub fn count(position: &Position, side: Side) -> usize {
    position.counts().side(side)
}

/// The `n`-th (from 0) of [`moves`], found by skipping whole tanks by their counts and
/// building one [`Reach`].
pub fn nth(position: &Position, side: Side, mut n: usize) -> Option<(Square, Square)> {
    for from in position.army_set(side).iter() {
        let len = position.counts().tank(from);
        if n < len {
            let to = Reach::of(position, from)?.nth(n)?;
            return Some((square(from), square(to)));
        }
        n -= len;
    }
    None
}

/// Whether `side` has at least one legal move.
pub fn has_move(position: &Position, side: Side) -> bool {
    count(position, side) > 0
}
