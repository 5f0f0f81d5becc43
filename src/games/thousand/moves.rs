//! Where a pawn may go: one-square steps and hops over another player's pawn, each checked
//! against the pawns on the board.
//!
//! The ground is already settled by [`Geometry`] (which squares a step or a hop of this colour
//! may reach on an empty board); what is left depends on the position and is one test each:
//! a step needs a free square, a hop needs a pawn of another player on the square between and a
//! free square behind it. "Another player" is the seat, not the colour, since in the two-colour
//! form a player's two colours never jump each other. Jump chains keep one direction, so a
//! chain's next hop is [`Mover::hop`] again in the direction of the first.
//!
//! The rules ask about all of a colour's pawns after every action — which could jump (the
//! charge for a step), whether any can move, how many moves each has (a random draw) — so
//! those answers come from square sets: [`Mover::hoppers`] finds every pawn's hops along one
//! diagonal with two shifts of the colour's pawn set, and a pawn's free steps are its step
//! targets less the occupied squares. Only the pawn a move is built for is walked square by
//! square ([`Mover::destinations`], or [`Counted::nth`] for a random draw, which reads the
//! hops from the sets it counted them from).

use super::board::PAWNS;
use super::geometry::{DIAGONALS, GEOMETRY, Index, index, square};
use super::position::Position;
use super::view::{Colour, Square};
use crate::grid::{FileSet, file_place};
use crate::inline::InlineList;

/// The pawns of one colour on the move, and the colours they may never jump (their seat's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mover {
    pub colour: Colour,
    /// A bit per colour commanded by the same seat.
    pub own: u8,
}

impl Mover {
    /// Where the pawn on `from` may step.
    pub fn steps<'a>(
        &self,
        position: &'a Position,
        from: Index,
    ) -> impl Iterator<Item = Index> + 'a {
        GEOMETRY
            .steps(self.colour, from)
            .iter()
            .map(|to| usize::from(*to))
            .filter(|to| position.at(*to).is_none())
    }

    /// Where the pawn on `from` lands hopping in direction `DIAGONALS[direction]`, if it may.
    pub fn hop(&self, position: &Position, from: Index, direction: usize) -> Option<Index> {
        let hop = GEOMETRY.hop(self.colour, from, direction)?;
        let over = position.at(usize::from(hop.over))?;
        let land = usize::from(hop.land);
        (self.own & 1 << over == 0 && position.at(land).is_none()).then_some(land)
    }

    /// Every first hop of the pawn on `from`: its direction and where it lands.
    pub fn hops<'a>(
        &'a self,
        position: &'a Position,
        from: Index,
    ) -> impl Iterator<Item = (usize, Index)> + 'a {
        (0..DIAGONALS.len()).filter_map(move |d| self.hop(position, from, d).map(|to| (d, to)))
    }

    pub fn can_jump(&self, position: &Position, from: Index) -> bool {
        self.hops(position, from).next().is_some()
    }

    pub fn can_move(&self, position: &Position, from: Index) -> bool {
        self.can_jump(position, from) || self.has_step(position, from)
    }

    fn has_step(&self, position: &Position, from: Index) -> bool {
        !GEOMETRY.step_window(self.colour, from).is_within(position.occupied())
    }

    /// For each of the [`DIAGONALS`], the pawns of this colour that may make a first hop
    /// along it — [`Mover::hop`] for all nine pawns at once: the pawns the ground lets hop
    /// that way, moved one square onto a pawn of another player, then one more onto a free
    /// square, and back. After every step the rules ask which pawns could have jumped (the
    /// charge), and random play how many moves each pawn has.
    pub fn hoppers(&self, position: &Position) -> [FileSet; DIAGONALS.len()] {
        let occupied = position.occupied();
        let own = (0..4).filter(|c| self.own & 1 << c != 0).map(|c| position.pawn_set(c));
        let jumpable = own.fold(occupied, FileSet::difference);
        let pawns = position.pawn_set(self.colour);
        let along = |d: usize| {
            let (step, from) =
                (DIAGONALS[d], pawns.intersection(GEOMETRY.hop_from(self.colour, d)));
            let over = from.shifted(step, 1).intersection(jumpable);
            over.shifted(step, 1).difference(occupied).shifted(step, -2)
        };
        // Written out rather than `array::from_fn`, which kept the closure out of line: with
        // each diagonal a constant, every shift is one of a known size and direction (this was
        // a sixth of a four-player random game's time).
        [along(0), along(1), along(2), along(3)]
    }

    /// The pawns of this colour that could jump now, the ones a step is charged for.
    pub fn jumper_set(&self, position: &Position) -> FileSet {
        self.hoppers(position).into_iter().fold(FileSet::default(), FileSet::union)
    }

    /// [`Mover::jumper_set`] in file order.
    pub fn jumpers(&self, position: &Position) -> impl Iterator<Item = Square> + use<> {
        self.jumper_set(position).iter().map(square)
    }

    /// Whether any pawn of this colour can move. A free step is looked for first: nearly every
    /// position has one, found within a pawn or two, and then no hop need be looked for.
    pub fn has_move(&self, position: &Position) -> bool {
        let (mut pawns, occupied) = (position.pawn_set(self.colour).places(), position.occupied());
        let free = |place| !GEOMETRY.step_window_at_place(self.colour, place).is_within(occupied);
        pawns.any(free) || !self.jumper_set(position).is_empty()
    }

    /// Each pawn of this colour with how many legal first moves it has: the length of its
    /// [`Mover::destinations`], counted from [`Mover::hoppers`] and the free steps as set
    /// operations. Random play counts these and builds only the drawn move.
    pub fn counted(&self, position: &Position) -> Counted {
        let (hoppers, occupied) = (self.hoppers(position), position.occupied());
        // Most pawns cannot jump: they are passed over with one test, not four.
        let jumpers = hoppers.into_iter().fold(FileSet::default(), FileSet::union);
        let (mut pawns, mut len) = (InlineList::default(), 0);
        for place in position.pawn_set(self.colour).places() {
            let hops = match jumpers.has_place(place) {
                true => hoppers.iter().filter(|set| set.has_place(place)).count(),
                false => 0,
            };
            let steps = GEOMETRY.step_window_at_place(self.colour, place);
            let count = hops + steps.count_outside(occupied);
            pawns.push((place as u8, count as u8));
            len += count;
        }
        Counted { mover: *self, hoppers, jumpers, pawns, len }
    }

    /// Every legal first move of the pawn on `from`: its destinations, hops first (they are
    /// never charged), then steps, each flagged as a jump or not.
    pub fn destinations<'a>(
        &'a self,
        position: &'a Position,
        from: Square,
    ) -> impl Iterator<Item = (Square, bool)> + 'a {
        let from = index(from);
        let hops = self.hops(position, from).map(|(_, to)| (square(to), true));
        hops.chain(self.steps(position, from).map(|to| (square(to), false)))
    }
}

/// A colour's legal first moves counted pawn by pawn, none built: what a random draw needs.
#[derive(Debug, Clone, Copy)]
pub struct Counted {
    mover: Mover,
    /// [`Mover::hoppers`] of the position counted.
    hoppers: [FileSet; DIAGONALS.len()],
    /// Their union: the pawns that can jump.
    jumpers: FileSet,
    /// Each pawn's file-order place and number of moves, in file order.
    pawns: InlineList<(u8, u8), PAWNS>,
    len: usize,
}

impl Counted {
    /// How many first moves the colour has.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `n`-th (from 0) first move, pawn by pawn in file order and each pawn's in the order
    /// of [`Mover::destinations`] — in `position`, the position counted. The drawn pawn's hops
    /// are read from the counted sets, so only its steps are looked at square by square.
    pub fn nth(&self, position: &Position, mut n: usize) -> Option<(Square, Square)> {
        for &(place, count) in &self.pawns {
            let count = usize::from(count);
            if n < count {
                let from = file_place(usize::from(place));
                return Some((square(from), square(self.pawn_nth(position, from, n)?)));
            }
            n -= count;
        }
        None
    }

    /// Where the `n`-th of the pawn on `from`'s first moves lands: its hops, then its steps.
    fn pawn_nth(&self, position: &Position, from: Index, mut n: usize) -> Option<Index> {
        if !self.jumpers.contains(from) {
            return self.mover.steps(position, from).nth(n);
        }
        for (direction, hoppers) in self.hoppers.iter().enumerate() {
            if hoppers.contains(from) {
                if n == 0 {
                    let hop = GEOMETRY.hop(self.mover.colour, from, direction)?;
                    return Some(usize::from(hop.land));
                }
                n -= 1;
            }
        }
        self.mover.steps(position, from).nth(n)
    }
}
