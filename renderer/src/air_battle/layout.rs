//! Where the «Воздушный бой» board sits in the picture: the core's 12 × 16 nodes
//! (`games::air_battle::board`), [`PITCH`] px apart, node a1 bottom left, on a ground that
//! reaches half a pitch past the outer nodes, inside a margin holding the file letters (a–l)
//! above and below and the rank numbers (1–16) left and right. The board is portrait, the same
//! 900 × 1200 px as «Идут танки», so the aircraft can be drawn big enough to read on a phone.

use igroteka::games::air_battle::Node;
use igroteka::games::air_battle::board::{HEIGHT as RANKS, WIDTH as FILES};

use crate::shapes::Pt;

/// Picture width in pixels.
pub const WIDTH: u32 = 900;
/// Height of the board area (the status strip goes under it).
pub const BOARD: u32 = 1200;
/// Pixels between two neighbouring nodes.
pub const PITCH: f32 = 70.0;
/// The x of file a.
const LEFT: f32 = (WIDTH as f32 - PITCH * (FILES - 1) as f32) / 2.0;
/// The y of rank 16 (the top rank).
const TOP: f32 = (BOARD as f32 - PITCH * (RANKS - 1) as f32) / 2.0;
/// How far the ground reaches past the outer nodes.
pub const PAD: f32 = 36.0;

/// The centre of node `node`; off-board nodes (a bad view) are pulled onto the edge.
pub fn node(node: Node) -> Pt {
    let (x, y) = (node.0.min(FILES - 1), node.1.min(RANKS - 1));
    (LEFT + PITCH * f32::from(x), TOP + PITCH * f32::from(RANKS - 1 - y))
}

/// The ground's box: (top-left, bottom-right).
pub fn ground() -> (Pt, Pt) {
    let (a, b) = (node((0, RANKS - 1)), node((FILES - 1, 0)));
    ((a.0 - PAD, a.1 - PAD), (b.0 + PAD, b.1 + PAD))
}

/// Centre of file `file`'s letter above (`top`) or below the ground.
pub fn file_label(file: u8, top: bool) -> Pt {
    let ((_, y0), (_, y1)) = ground();
    let x = node((file, 0)).0;
    if top { (x, y0 / 2.0) } else { (x, (y1 + BOARD as f32) / 2.0) }
}

/// Centre of rank `rank`'s number left or right (`right`) of the ground.
pub fn rank_label(rank: u8, right: bool) -> Pt {
    let ((x0, _), (x1, _)) = ground();
    let y = node((0, rank)).1;
    if right { ((x1 + WIDTH as f32) / 2.0, y) } else { (x0 / 2.0, y) }
}

/// The box of the square of side [`PITCH`] centred on `node` (the area it owns).
pub fn square(node: Node) -> (Pt, Pt) {
    let (x, y) = self::node(node);
    let h = PITCH / 2.0;
    ((x - h, y - h), (x + h, y + h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nodes_fill_the_board_with_a_margin_for_the_coordinates() {
        assert_eq!(node((0, 0)), (65.0, 1125.0));
        assert_eq!(node((11, 15)), (835.0, 75.0));
        let ((x0, y0), (x1, y1)) = ground();
        assert!(x0 >= 26.0 && y0 >= 36.0, "room for the ranks and files");
        assert!(x1 <= WIDTH as f32 - 26.0 && y1 <= BOARD as f32 - 36.0);
        assert!(file_label(0, true).1 < y0 && file_label(0, false).1 > y1);
        assert!(rank_label(0, false).0 < x0 && rank_label(0, true).0 > x1);
    }
}
