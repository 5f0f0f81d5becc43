//! Where a pawn may go: one-square steps and hops over another player's pawn, each checked
//! against the pawns on the board.
//!
//! The ground is already settled by [`Geometry`] (which squares a step or a hop of this colour
//! may reach on an empty board); what is left depends on the position and is one test each:
//! a step needs a free square, a hop needs a pawn of another player on the square between and a
//! free square behind it. "Another player" is the seat, not the colour, since in the two-colour
//! form a player's two colours never jump each other. Jump chains keep one direction, so a
//! chain's next hop is [`Mover::hop`] again in the direction of the first.

use super::geometry::{DIAGONALS, GEOMETRY, Index, index, square};
use super::position::Position;
use super::view::{Colour, Square};

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
        self.can_jump(position, from) || self.steps(position, from).next().is_some()
    }

    /// The pawns of this colour that could jump now, the ones a step is charged for.
    pub fn jumpers<'a>(&'a self, position: &'a Position) -> impl Iterator<Item = Square> + 'a {
        position.pawns_of(self.colour).filter(|sq| self.can_jump(position, index(*sq)))
    }

    /// Whether any pawn of this colour can move.
    pub fn has_move(&self, position: &Position) -> bool {
        position.pawns_of(self.colour).any(|sq| self.can_move(position, index(sq)))
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
