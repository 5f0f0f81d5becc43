//! The board's fixed facts, worked out once per square so move generation only looks tanks up.
//!
//! Mines and the contaminated zone never move, so the part of each queen ray that a tank could
//! ever use — up to the first mine, and for an ordinary tank up to the zone — is the same all
//! game long. [`Geometry`] keeps those rays and the base of every square by grid index; the
//! moves module then only has to meet tanks and base edges. Random play asks for every legal
//! move several times per action, so this is the hot path of every test run.

use std::sync::LazyLock;

use super::board;
use super::view::Square;

/// A square as its grid index, rank by rank from a1 (a1 = 0, b1 = 1, … k11 = 120).
pub use crate::grid::{Index, index, square};

pub const CELLS: usize = (board::SIZE as usize) * (board::SIZE as usize);

/// The eight directions, clockwise from north (towards rank 11), so a tank's destinations are
/// listed ray by ray, nearest first.
pub use crate::grid::DIRECTIONS;

use crate::grid::FileSet;
/// A ray: the squares, by grid index, nearest first, and as a set.
pub use crate::grid::Ray;

/// Precomputed rays and bases.
#[derive(Debug)]
pub struct Geometry {
    /// `rays[kind(commander, locked)][from]`: the eight rays a tank on `from` could use on an
    /// empty board.
    rays: [Vec<[Ray; 8]>; 4],
    /// The side (0 White, 1 Black) owning each square's base.
    base: [Option<u8>; CELLS],
    /// Each side's base (0 White, 1 Black) as a set of squares.
    bases: [FileSet; 2],
    /// The contaminated zone: a tank met there ends a ray but is never captured.
    zone: FileSet,
}

pub static GEOMETRY: LazyLock<Geometry> = LazyLock::new(Geometry::build);

/// Which ray table serves a tank: commanders may cross the zone, and a tank `locked` in the
/// opponent's base never leaves that base.
fn kind(commander: bool, locked: bool) -> usize {
    usize::from(commander) + 2 * usize::from(locked)
}

impl Geometry {
    fn build() -> Geometry {
        let rays_for = |commander: bool, locked: bool| {
            (0..CELLS)
                .map(|from| DIRECTIONS.map(|step| open_ray(square(from), step, commander, locked)))
                .collect()
        };
        Geometry {
            rays: [
                rays_for(false, false),
                rays_for(true, false),
                rays_for(false, true),
                rays_for(true, true),
            ],
            base: std::array::from_fn(|i| board::base_of(square(i))),
            bases: [0, 1].map(|side| board::base_squares(side).into_iter().map(index).collect()),
            zone: (0..CELLS).filter(|i| board::is_zone(square(*i))).collect(),
        }
    }

    /// The eight rays, in [`DIRECTIONS`] order, of a tank on `from`; `locked` when it stands in
    /// the opponent's base.
    pub fn rays(&self, from: Index, commander: bool, locked: bool) -> &[Ray; 8] {
        &self.rays[kind(commander, locked)][from]
    }

    pub fn base_of(&self, index: Index) -> Option<u8> {
        self.base[index]
    }

    /// The base of `side` (0 White, 1 Black) as a set of squares.
    pub fn base(&self, side: u8) -> FileSet {
        self.bases[usize::from(side)]
    }

    /// The contaminated zone as a set of squares.
    pub fn zone(&self) -> FileSet {
        self.zone
    }
}

/// The squares from `from` (excluded) in direction `step` up to the board's edge, the first
/// mine, for an ordinary tank the contaminated zone, and for a `locked` tank the edge of the
/// base it stands in.
fn open_ray(from: Square, (df, dr): (i8, i8), commander: bool, locked: bool) -> Ray {
    let home = board::base_of(from);
    let squares = (1..)
        .map(|distance| (from.0 as i8 + df * distance, from.1 as i8 + dr * distance))
        .take_while(|(file, rank)| board::on_board(*file, *rank))
        .map(|(file, rank)| (file as u8, rank as u8))
        .take_while(|sq| !board::is_mine(*sq) && (commander || !board::is_zone(*sq)))
        .take_while(|sq| !locked || board::base_of(*sq) == home)
        .map(index);
    Ray::new(index(from), squares)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each base is convex: between two of its squares on one line, every square is in the base
    /// too. The moves module relies on it when it stops a locked tank at the base's edge.
    #[test]
    fn bases_are_convex() {
        for side in 0..2 {
            let base = board::base_squares(side);
            for &a in &base {
                for &b in &base {
                    let (df, dr) = (b.0 as i8 - a.0 as i8, b.1 as i8 - a.1 as i8);
                    if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
                        continue;
                    }
                    let steps = df.abs().max(dr.abs());
                    for k in 1..steps {
                        let sq = (
                            (a.0 as i8 + df / steps * k) as u8,
                            (a.1 as i8 + dr / steps * k) as u8,
                        );
                        assert_eq!(board::base_of(sq), Some(side), "{}", board::name(sq));
                    }
                }
            }
        }
    }

    #[test]
    fn rays_hold_only_squares_a_tank_may_pass() {
        for from in 0..CELLS {
            for kind_of in 0..4 {
                let (commander, locked) = (kind_of % 2 == 1, kind_of >= 2);
                for ray in GEOMETRY.rays(from, commander, locked) {
                    for at in ray.squares() {
                        let sq = square(at);
                        assert!(!board::is_mine(sq));
                        assert!(commander || !board::is_zone(sq));
                        assert!(!locked || board::base_of(sq) == board::base_of(square(from)));
                    }
                }
            }
        }
        // a1 looks north along the whole a-file.
        assert_eq!(GEOMETRY.rays(0, false, false)[0].len(), 10);
    }
}
