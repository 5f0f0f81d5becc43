//! Where the Tank Battle board sits in the picture: an 11 × 11 grid of 76 px squares inside a
//! 32 px margin that holds the file letters (a–k, below and above) and rank numbers (1–11,
//! left and right). White plays up the board, so rank 1 is at the bottom.

use igroteka::games::tank_battle::Square;
use igroteka::games::tank_battle::board::SIZE;

use crate::shapes::Pt;

/// Side of one square in pixels.
pub const CELL: f32 = 76.0;
/// Width of the coordinate margin around the grid.
pub const MARGIN: f32 = 32.0;
/// Side of the board area (grid and margins) in pixels.
pub const BOARD: u32 = (2.0 * MARGIN + CELL * SIZE as f32) as u32;

/// The top-left pixel of square `sq`.
pub fn corner(sq: Square) -> (i32, i32) {
    // Off-board squares (a bad view) are pulled onto the edge rather than panicking.
    let (file, rank) = (sq.0.min(SIZE - 1), sq.1.min(SIZE - 1));
    let x = MARGIN + CELL * f32::from(file);
    let y = MARGIN + CELL * f32::from(SIZE - 1 - rank);
    (x as i32, y as i32)
}

/// The centre of square `sq`.
pub fn centre(sq: Square) -> Pt {
    let (x, y) = corner(sq);
    (x as f32 + CELL / 2.0, y as f32 + CELL / 2.0)
}

/// Centre of file `file`'s letter in the bottom (`top == false`) or top margin.
pub fn file_label(file: u8, top: bool) -> Pt {
    let y = if top { MARGIN / 2.0 } else { BOARD as f32 - MARGIN / 2.0 };
    (MARGIN + CELL * (f32::from(file) + 0.5), y)
}

/// Centre of rank `rank`'s number in the left (`right == false`) or right margin.
pub fn rank_label(rank: u8, right: bool) -> Pt {
    let x = if right { BOARD as f32 - MARGIN / 2.0 } else { MARGIN / 2.0 };
    (x, MARGIN + CELL * (f32::from(SIZE - 1 - rank) + 0.5))
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
