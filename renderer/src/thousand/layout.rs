//! Where the «Tysiąc na szachownicy» board sits in the picture: the 11 × 11 squares of 76 px
//! inside a 32 px margin with the files (a–k) below and above and the ranks (1–11) left and
//! right, S's corner a1 bottom left — the same grid as Tank Battle's.

use igroteka::games::thousand::board::{self, SIZE};
use igroteka::games::thousand::{Colour, Square};

use crate::grid::Grid;
use crate::shapes::Pt;

/// The board's geometry.
pub const GRID: Grid = Grid::new(SIZE, 76.0, 32.0);
/// Side of one square in pixels.
pub const CELL: f32 = GRID.cell;
/// Side of the board area (squares and margins) in pixels.
pub const BOARD: u32 = GRID.board();

/// The top-left pixel of square `sq`.
pub fn corner(sq: Square) -> (i32, i32) {
    GRID.corner(sq)
}

/// The centre of square `sq`.
pub fn centre(sq: Square) -> Pt {
    GRID.centre(sq)
}

/// The box (top-left, bottom-right) round `colour`'s 3 × 3 start field.
pub fn field_box(colour: Colour) -> (Pt, Pt) {
    let half = CELL / 2.0;
    let (mut min, mut max) = ((f32::MAX, f32::MAX), (f32::MIN, f32::MIN));
    for sq in board::field_squares(colour) {
        let (x, y) = centre(sq);
        min = (min.0.min(x - half), min.1.min(y - half));
        max = (max.0.max(x + half), max.1.max(y + half));
    }
    (min, max)
}

/// Where the small value tag of an occupied valued square sits: along its top edge, above the
/// pawn.
pub fn value_tag(sq: Square) -> Pt {
    let (x, y) = corner(sq);
    (x as f32 + CELL / 2.0, y as f32 + 9.0)
}

/// Where a pawn's choice label sits: over the lower half of the pawn, leaving its letter seen.
pub fn badge(sq: Square) -> Pt {
    let (x, y) = centre(sq);
    (x, y + 17.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_fills_the_picture_width_and_a1_is_bottom_left() {
        assert_eq!(BOARD, 900);
        assert_eq!(corner((0, 0)), (32, 792));
        assert_eq!(corner((10, 10)), (792, 32));
        assert_eq!(centre((5, 5)), (450.0, 450.0));
        assert_eq!(field_box(0), ((32.0, 640.0), (260.0, 868.0)));
    }
}
