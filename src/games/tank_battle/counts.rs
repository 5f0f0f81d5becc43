//! How many moves every tank has along each of its eight rays, kept in the position and changed
//! only where a move changed the board.
//!
//! Random play needs the number of a side's moves before every action, and the end check needs
//! to know whether the next side has one. Working them out afresh — fourteen tanks, eight rays
//! each — was most of a random game's time. But a tank's count along a ray depends only on the
//! squares up to and including the first tank met, so when one square changes (a tank leaves
//! it, arrives on it, or replaces a captured one) only two kinds of count can change: the
//! tank on that square itself, and the first tank met from it in each of the eight directions,
//! along its ray pointing back at the square. [`Counts::refresh_around`] redoes exactly those —
//! a move changes two squares, so at most 16 single rays and one tank's eight — and the side
//! totals follow the differences.
//!
//! The counts are a function of where the tanks stand: the position keeps them in step on every
//! change of a square, including while a saved position is read back, so nothing of them is
//! stored and two equal boards have equal counts.

use std::fmt;

use super::geometry::{CELLS, DIRECTIONS, GEOMETRY, Geometry, Index, Ray};
use super::position::{Side, Tank};
use crate::grid::FileSet;

/// A direction's index in [`DIRECTIONS`].
type Direction = usize;

/// The direction pointing the other way: [`DIRECTIONS`] runs clockwise, so half a turn on.
fn opposite(direction: Direction) -> Direction {
    (direction + DIRECTIONS.len() / 2) % DIRECTIONS.len()
}

/// What a side sees when its tanks slide: every tank stops at the first tank met, and may
/// capture it when it is an opponent's outside the zone (the only tanks ever inside are
/// commanders, which block lines there and cannot be destroyed).
#[derive(Debug, Clone, Copy)]
pub struct Sight {
    occupied: FileSet,
    capturable: FileSet,
}

impl Sight {
    /// `side`'s sight, with `armies` the squares of White's and Black's tanks.
    pub fn of(armies: [FileSet; 2], side: Side) -> Sight {
        let [white, black] = armies;
        let opponent = armies[usize::from(side.opponent().index())];
        Sight { occupied: white.union(black), capturable: opponent.difference(GEOMETRY.zone()) }
    }

    /// How many moves a tank has along `ray`, one of its own.
    fn count(self, ray: &Ray) -> u8 {
        ray.reach(self.occupied, self.capturable) as u8
    }
}

/// The eight rays of `tank` standing on `at`.
fn rays_of(geometry: &'static Geometry, tank: Tank, at: Index) -> &'static [Ray; DIRECTIONS.len()] {
    let locked = geometry.base_of(at) == Some(tank.side.opponent().index());
    geometry.rays(at, tank.commander, locked)
}

/// Each tank's moves along each ray, each tank's total and each side's total.
#[derive(Clone, PartialEq, Eq)]
pub struct Counts {
    /// `rays[at][d]`: the moves of the tank on `at` along its ray in direction `d`, nearest
    /// first (zero for an empty square).
    rays: [[u8; DIRECTIONS.len()]; CELLS],
    /// `tanks[at]`: the sum of `rays[at]`.
    tanks: [u8; CELLS],
    /// `sides[side]`: the sum of `tanks` over that side's tanks.
    sides: [u16; 2],
}

impl Default for Counts {
    /// The counts of an empty board.
    fn default() -> Counts {
        Counts { rays: [[0; DIRECTIONS.len()]; CELLS], tanks: [0; CELLS], sides: [0; 2] }
    }
}

impl fmt::Debug for Counts {
    /// Only the side totals: the rest is 1,000 small numbers derived from the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Counts").field("sides", &self.sides).finish_non_exhaustive()
    }
}

impl Counts {
    /// The moves of the tank on `at` along each ray, in [`DIRECTIONS`] order.
    pub fn rays(&self, at: Index) -> [u8; DIRECTIONS.len()] {
        self.rays[at]
    }

    /// How many moves the tank on `at` has.
    pub fn tank(&self, at: Index) -> usize {
        usize::from(self.tanks[at])
    }

    /// How many moves `side` has.
    pub fn side(&self, side: Side) -> usize {
        usize::from(self.sides[usize::from(side.index())])
    }

    /// Forgets the counts of `side`'s tank on `at`, which is leaving the square or being
    /// captured; [`Counts::refresh_around`] follows once the board shows the change.
    pub fn clear(&mut self, at: Index, side: Side) {
        self.sides[usize::from(side.index())] -= u16::from(self.tanks[at]);
        self.tanks[at] = 0;
        self.rays[at] = [0; DIRECTIONS.len()];
    }

    /// Brings the counts up to date after the square `at` changed (after [`Counts::clear`] if a
    /// tank left it), the board being `cells` with `armies` the squares of White's and Black's
    /// tanks: all eight rays of the tank now on `at`, and the ray pointing back at `at` of the
    /// first tank met from it each way.
    pub fn refresh_around(
        &mut self,
        cells: &[Option<Tank>; CELLS],
        armies: [FileSet; 2],
        at: Index,
    ) {
        let geometry: &'static Geometry = &GEOMETRY;
        let sights = Side::BOTH.map(|side| Sight::of(armies, side));
        let sight = |tank: Tank| sights[usize::from(tank.side.index())];
        if let Some(tank) = cells[at] {
            for (direction, ray) in rays_of(geometry, tank, at).iter().enumerate() {
                self.set(at, tank.side, direction, sight(tank).count(ray));
            }
        }
        // A commander's free rays: only mines and the edge stop every tank's line of sight.
        let lines = geometry.rays(at, true, false);
        let occupied = armies[0].union(armies[1]);
        for (direction, line) in lines.iter().enumerate() {
            let Some(met) = line.first_met(occupied) else { continue };
            let tank = cells[met].expect("an army's square holds a tank");
            let back = opposite(direction);
            let count = sight(tank).count(&rays_of(geometry, tank, met)[back]);
            self.set(met, tank.side, back, count);
        }
    }

    /// Sets one ray's count of `side`'s tank on `at`, and the totals with it.
    fn set(&mut self, at: Index, side: Side, direction: Direction, count: u8) {
        let old = std::mem::replace(&mut self.rays[at][direction], count);
        self.tanks[at] = self.tanks[at] - old + count;
        let total = &mut self.sides[usize::from(side.index())];
        *total = *total - u16::from(old) + u16::from(count);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tank_battle::moves;
    use crate::games::tank_battle::position::Position;
    use crate::grid::index;

    /// Every tank's counts worked out afresh, ray by ray, and the side totals.
    fn fresh(position: &Position) -> (Vec<(Index, [u8; 8])>, [usize; 2]) {
        let armies = Side::BOTH.map(|side| position.army_set(side));
        let mut sides = [0; 2];
        let tanks = position
            .tanks()
            .map(|(sq, tank)| {
                let (at, sight) = (index(sq), Sight::of(armies, tank.side));
                let rays = rays_of(&GEOMETRY, tank, at).each_ref().map(|ray| sight.count(ray));
                sides[usize::from(tank.side.index())] +=
                    rays.iter().map(|c| usize::from(*c)).sum::<usize>();
                (at, rays)
            })
            .collect();
        (tanks, sides)
    }

    /// The counts kept square by square equal counts worked out afresh, after every move of
    /// a few pseudo-random games (captures, base entries and commanders included).
    #[test]
    fn kept_counts_equal_fresh_ones() {
        let (mut state, mut played) = (1_u64, 0);
        for _ in 0..30 {
            let (mut position, mut side) = (Position::start(), Side::White);
            for _ in 0..400 {
                let (tanks, sides) = fresh(&position);
                for (at, rays) in tanks {
                    assert_eq!(position.counts().rays(at), rays, "{position}");
                }
                assert_eq!(Side::BOTH.map(|side| position.counts().side(side)), sides);
                let all: Vec<_> = moves::moves(&position, side).collect();
                if all.is_empty() {
                    break;
                }
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let (from, to) = all[(state >> 33) as usize % all.len()];
                position.move_tank(from, to);
                side = side.opponent();
                played += 1;
            }
        }
        assert!(played > 5_000, "{played} moves");
    }
}
