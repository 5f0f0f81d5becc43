//! Where the Tank Battle board sits in the picture: an 11 × 11 grid of 76 px squares inside a
//! 32 px margin that holds the file letters (a–k, below and above) and rank numbers (1–11,
//! left and right). White plays up the board, so rank 1 is at the bottom.

use igroteka::games::tank_battle::Square;
use igroteka::games::tank_battle::board::SIZE;

use crate::grid::Grid;
use crate::shapes::Pt;

/// The board's geometry: 76 px squares inside a 32 px margin.
pub const GRID: Grid = Grid::new(SIZE, 76.0, 32.0);
/// Side of one square in pixels.
pub const CELL: f32 = GRID.cell;
/// Side of the board area (grid and margins) in pixels.
pub const BOARD: u32 = GRID.board();

/// The top-left pixel of square `sq`.
pub fn corner(sq: Square) -> (i32, i32) {
    GRID.corner(sq)
}

/// The centre of square `sq`.
pub fn centre(sq: Square) -> Pt {
    GRID.centre(sq)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_fills_the_picture_width_and_a1_is_bottom_left() {
        assert_eq!(BOARD, 900);
        assert_eq!(corner((0, 0)), (32, 792));
        assert_eq!(corner((10, 10)), (792, 32));
    }
}
