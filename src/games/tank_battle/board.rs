//! The Tank Battle board as data: 11 × 11 squares, files a–k and ranks 1–11, White at the
//! bottom. One place for the mines, the bases, the contaminated zone and the start position,
//! shared by the rules and the renderer. Black's half is White's turned 180°.

use super::view::Square;

pub use crate::grid::{SIZE, all_squares, name, on_board, parse};

/// Rows from rank 11 (top) to rank 1; `B`/`W` commander starts, `b`/`w` base squares,
/// `#` mines, `R` the contaminated zone.
const MAP: [&str; 11] = [
    "Bbbbb......",
    "bbbb....#..",
    "bbb...#....",
    "bb.#.......",
    "....RRR#.#.",
    ".#..RRR..#.",
    ".#.#RRR....",
    ".......#.ww",
    "....#...www",
    "..#....wwww",
    "......wwwwW",
];

fn cell(sq: Square) -> u8 {
    let (file, rank) = sq;
    MAP[usize::from(SIZE - 1 - rank)].as_bytes()[usize::from(file)]
}

/// A black, forbidden square.
pub fn is_mine(sq: Square) -> bool {
    cell(sq) == b'#'
}

/// One of the nine central squares only commanders may enter.
pub fn is_zone(sq: Square) -> bool {
    cell(sq) == b'R'
}

/// The side (0 White, 1 Black) whose base contains `sq`.
pub fn base_of(sq: Square) -> Option<u8> {
    match cell(sq) {
        b'w' | b'W' => Some(0),
        b'b' | b'B' => Some(1),
        _ => None,
    }
}

/// The commander's start square of `side`: k1 for White, a11 for Black.
pub fn commander_start(side: u8) -> Square {
    if side == 0 { (10, 0) } else { (0, 10) }
}

/// Every square of `side`'s base, the commander's start included.
pub fn base_squares(side: u8) -> Vec<Square> {
    all_squares().filter(|sq| base_of(*sq) == Some(side)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bases_hold_fourteen_squares_and_are_symmetric() {
        for side in 0..2 {
            assert_eq!(base_squares(side).len(), 14);
        }
        for sq in all_squares() {
            let turned = (SIZE - 1 - sq.0, SIZE - 1 - sq.1);
            assert_eq!(is_mine(sq), is_mine(turned), "{}", name(sq));
            assert_eq!(is_zone(sq), is_zone(turned));
            assert_eq!(base_of(sq).map(|s| 1 - s), base_of(turned));
        }
    }

    #[test]
    fn the_spec_lists_these_mines_and_zone() {
        let mines: Vec<String> = all_squares().filter(|s| is_mine(*s)).map(name).collect();
        let mut expected =
            ["b5", "b6", "c2", "d5", "d8", "e3", "g9", "h4", "h7", "i10", "j6", "j7"];
        expected.sort_by_key(|n| parse(n).map(|(f, r)| (r, f)));
        assert_eq!(mines, expected);
        let zone: Vec<String> = all_squares().filter(|s| is_zone(*s)).map(name).collect();
        assert_eq!(zone, ["e5", "f5", "g5", "e6", "f6", "g6", "e7", "f7", "g7"]);
        assert_eq!(base_of(parse("k1").unwrap()), Some(0));
        assert_eq!(commander_start(1), parse("a11").unwrap());
        assert_eq!(parse("l1"), None);
        assert_eq!(parse("a12"), None);
    }
}
