//! The score pad: every entry onto a valued crossing and every charge for a missed jump, written
//! down at once with the turn and the player (spec decisions 5 and 6). The pad is public: the
//! view shows it, `/score` prints it, and the final scoring adds each player's total.

use serde::{Deserialize, Serialize};

use super::board;
use super::view::{Colour, PadEntry, Square};
use crate::game::Seat;

/// The charge for each pawn that could have jumped when its player stepped instead.
pub const CHARGE: i64 = 5;

/// The entries, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pad {
    entries: Vec<PadEntry>,
}

impl Pad {
    pub fn entries(&self) -> &[PadEntry] {
        &self.entries
    }

    /// A pawn of `colour` entered `sq`: writes the crossing's value when it has one.
    pub fn enter(&mut self, turn: u32, seat: Seat, colour: Colour, sq: Square) -> Option<i64> {
        let points = board::crossing_value(sq)?;
        let entry = PadEntry { turn, seat, colour, square: Some(sq), could_jump: 0, points };
        self.entries.push(entry);
        Some(points)
    }

    /// A step while `could_jump` pawns could have jumped: −5 for each (nothing for none).
    pub fn charge(&mut self, turn: u32, seat: Seat, colour: Colour, could_jump: u8) -> i64 {
        if could_jump == 0 {
            return 0;
        }
        let points = -CHARGE * i64::from(could_jump);
        self.entries.push(PadEntry { turn, seat, colour, square: None, could_jump, points });
        points
    }

    /// The sum of `seat`'s entries.
    pub fn total(&self, seat: Seat) -> i64 {
        self.entries.iter().filter(|e| e.seat == seat).map(|e| e.points).sum()
    }
}
