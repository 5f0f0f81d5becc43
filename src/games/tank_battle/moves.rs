//! Where a tank may go: queen-like rays, each stopped by the rules of the seed and the spec.
//!
//! Everything fixed is already cut out of the rays by [`Geometry`]: mines are neither entered
//! nor crossed, ordinary tanks neither enter nor cross the contaminated zone, and a tank locked
//! in the opponent's base has rays that end at that base's edge. What is left depends on the
//! position and is one test: the first tank met ends the ray, and is a destination (a capture)
//! when it is an opponent's standing outside the zone — the only tanks ever inside are
//! commanders, which block lines there and cannot be destroyed. Destinations are produced
//! lazily, without allocating, because random play and the legality check of every action ask
//! for them many thousands of times.

use super::geometry::{GEOMETRY, Geometry, Index, Ray, index, square};
use super::position::{Position, Side};
use super::view::Square;

/// The legal destinations of one tank, in [`DIRECTIONS`] order, nearest first.
///
/// [`DIRECTIONS`]: super::geometry::DIRECTIONS
#[derive(Debug, Clone)]
pub struct Destinations<'a> {
    position: &'a Position,
    geometry: &'static Geometry,
    side: Side,
    /// The tank's eight rays on an empty board; none when no tank stands on the square.
    rays: &'static [Ray],
    direction: usize,
    /// How many squares of the current ray were already passed.
    step: usize,
}

impl<'a> Destinations<'a> {
    /// The destinations of the tank on `from`; none when the square is empty.
    pub fn new(position: &'a Position, from: Square) -> Destinations<'a> {
        Destinations::at(position, index(from))
    }

    fn at(position: &'a Position, from: Index) -> Destinations<'a> {
        let geometry: &'static Geometry = &GEOMETRY;
        let (side, rays): (Side, &'static [Ray]) = match position.at(from) {
            Some(tank) => {
                let locked = tank.side.is_target_base_at(from);
                (tank.side, geometry.rays(from, tank.commander, locked))
            }
            None => (Side::White, &[]),
        };
        Destinations { position, geometry, side, rays, direction: 0, step: 0 }
    }

    fn end_ray(&mut self) {
        self.direction += 1;
        self.step = 0;
    }
}

impl Iterator for Destinations<'_> {
    type Item = Square;

    /// The first tank met ends the ray; it is a destination when it is an opponent's standing
    /// outside the zone.
    fn next(&mut self) -> Option<Square> {
        while self.direction < self.rays.len() {
            let ray = &self.rays[self.direction];
            let Some(&at) = ray.get(self.step) else {
                self.end_ray();
                continue;
            };
            let at = usize::from(at);
            self.step += 1;
            let Some(met) = self.position.at(at) else {
                return Some(square(at));
            };
            self.end_ray();
            if met.side != self.side && !self.geometry.is_zone(at) {
                return Some(square(at));
            }
        }
        None
    }
}

/// Every legal move of `side`, tank by tank in [`Position::tanks`] order.
pub fn moves(position: &Position, side: Side) -> impl Iterator<Item = (Square, Square)> + '_ {
    position
        .army(side)
        .flat_map(move |(from, _)| Destinations::new(position, from).map(move |to| (from, to)))
}

/// Whether `side` has at least one legal move (stops at the first one found).
pub fn has_move(position: &Position, side: Side) -> bool {
    position.army(side).any(|(from, _)| Destinations::new(position, from).next().is_some())
}
