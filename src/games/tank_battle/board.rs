//! The Tank Battle board as data: 11 × 11 squares, files a–k and ranks 1–11, White at the
//! bottom. One place for the mines, the bases, the contaminated zone and the start position,
//! shared by the rules and the renderer. Black's half is White's turned 180°.

use super::view::Square;

pub const SIZE: u8 = 11;

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

/// Whether `sq` is on the board.
pub fn on_board(file: i8, rank: i8) -> bool {
    (0..SIZE as i8).contains(&file) && (0..SIZE as i8).contains(&rank)
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

/// All 121 squares, a1 first, rank by rank.
pub fn all_squares() -> impl Iterator<Item = Square> {
    (0..SIZE).flat_map(|rank| (0..SIZE).map(move |file| (file, rank)))
}

/// The square's name in chess style, e.g. "g3".
pub fn name(sq: Square) -> String {
    format!("{}{}", char::from(b'a' + sq.0), sq.1 + 1)
}

/// Reads a square name such as "g3" or "K11".
pub fn parse(name: &str) -> Option<Square> {
    let name = name.trim().to_ascii_lowercase();
    let mut chars = name.chars();
    let file = chars.next()?;
    if !('a'..='k').contains(&file) {
        return None;
    }
    let rank: u8 = chars.as_str().parse().ok()?;
    if !(1..=SIZE).contains(&rank) {
        return None;
    }
    Some((file as u8 - b'a', rank - 1))
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
