//! The board of «Tysiąc na szachownicy» as data, in one place for the rules, the tests and the
//! renderer: 11 × 11 squares, files a–k (x 0..10) and ranks 1–11 (y 0..10), S's corner a1.
//!
//! Only a few facts are written down — the corners, the values of a corner's 3 × 3 start field,
//! the six lanes by their end squares, the nine valued crossings — and everything else is
//! derived from them: which squares a pawn may ever stand on, the exits of a field, and the
//! dark squares no lane uses, which the picture greys out. The spec's decisions 1 and 9 are the
//! source; `tests` below compare the derived board with the squares the spec lists.

use super::view::{Colour, Square};

pub use crate::grid::{SIZE, all_squares, name, on_board, parse};

/// Colours, corners and seats of the four-player game, in turn order.
pub const COLOURS: u8 = 4;

/// Pawns per colour, one per square of its start field.
pub const PAWNS: usize = 9;

/// The corner square of each colour: S a1, E k1, N k11, W a11.
pub const CORNERS: [Square; 4] = [(0, 0), (10, 0), (10, 10), (0, 10)];

/// The letter of each colour, as the spec names the corners.
pub const LETTERS: [char; 4] = ['S', 'E', 'N', 'W'];

/// A start field's values by distance from its corner: `FIELD_VALUES[u][v]` with `u` counted
/// along the ranks' direction (files away from the corner) and `v` along the files. A full
/// field is worth 1000.
pub const FIELD_VALUES: [[i64; 3]; 3] = [[200, 150, 100], [150, 100, 75], [100, 75, 50]];

/// The six lanes by their end squares, each from one start field's corner side to the
/// opposite one: three for S and N (x − y = −2, 0, 2), three for E and W (x + y = 8, 10, 12).
pub const LANES: [(Square, Square); 6] = [
    ((0, 2), (8, 10)),
    ((0, 0), (10, 10)),
    ((2, 0), (10, 8)),
    ((8, 0), (0, 8)),
    ((10, 0), (0, 10)),
    ((10, 2), (2, 10)),
];

/// The squares where lanes cross, with the points written on the pad by every pawn entering.
pub const CROSSINGS: [(Square, i64); 9] = [
    ((5, 5), -40),
    ((4, 4), 20),
    ((6, 6), 20),
    ((4, 6), 20),
    ((6, 4), 20),
    ((3, 5), -10),
    ((5, 3), -10),
    ((7, 5), -10),
    ((5, 7), -10),
];

/// The colour a colour plays against: the corner diagonally opposite.
pub fn opponent(colour: Colour) -> Colour {
    (colour + 2) % COLOURS
}

/// The one diagonal direction, as (file, rank) steps, that brings a colour's pawn closer to
/// the opponent's corner on both axes: its forward direction along a lane.
pub fn forward(colour: Colour) -> (i8, i8) {
    let (from, to) = (CORNERS[usize::from(colour)], CORNERS[usize::from(opponent(colour))]);
    ((to.0 as i8 - from.0 as i8).signum(), (to.1 as i8 - from.1 as i8).signum())
}

/// The square `distance` steps from `sq` in direction `step`, if it is on the board.
pub fn offset(sq: Square, step: (i8, i8), distance: i8) -> Option<Square> {
    let (file, rank) = (sq.0 as i8 + step.0 * distance, sq.1 as i8 + step.1 * distance);
    on_board(file, rank).then_some((file as u8, rank as u8))
}

/// A dark square: x + y even, so all four corners are dark.
pub fn is_dark(sq: Square) -> bool {
    (sq.0 + sq.1) % 2 == 0
}

/// The colour whose 3 × 3 start field holds `sq`.
pub fn field_of(sq: Square) -> Option<Colour> {
    (0..COLOURS).find(|c| corner_distance(*c, sq).is_some())
}

/// (u, v): how far `sq` lies from `colour`'s corner along each axis, when inside its field.
fn corner_distance(colour: Colour, sq: Square) -> Option<(usize, usize)> {
    let corner = CORNERS[usize::from(colour)];
    let (u, v) = (corner.0.abs_diff(sq.0), corner.1.abs_diff(sq.1));
    (u < 3 && v < 3).then_some((usize::from(u), usize::from(v)))
}

/// The value printed on a start field square.
pub fn field_value(sq: Square) -> Option<i64> {
    let colour = field_of(sq)?;
    corner_distance(colour, sq).map(|(u, v)| FIELD_VALUES[u][v])
}

/// Every square of `colour`'s start field, a1-side first, rank by rank.
pub fn field_squares(colour: Colour) -> Vec<Square> {
    all_squares().filter(|sq| field_of(*sq) == Some(colour)).collect()
}

/// The pad value of a valued crossing.
pub fn crossing_value(sq: Square) -> Option<i64> {
    CROSSINGS.iter().find(|(at, _)| *at == sq).map(|(_, points)| *points)
}

/// Whether `sq` lies on `lane` (end squares included).
fn lane_holds((from, to): (Square, Square), sq: Square) -> bool {
    let (df, dr) = (to.0 as i8 - from.0 as i8, to.1 as i8 - from.1 as i8);
    let (sf, sr) = (sq.0 as i8 - from.0 as i8, sq.1 as i8 - from.1 as i8);
    sf * dr.signum() == sr * df.signum() && (0..=df.abs()).contains(&(sf * df.signum()))
}

/// Whether `sq` lies on one of the three lanes of `colour` and its opponent (inside the start
/// fields or between them).
pub fn on_lane(colour: Colour, sq: Square) -> bool {
    let (df, dr) = forward(colour);
    let parallel = |(from, to): &(Square, Square)| {
        let (lf, lr) = ((to.0 as i8 - from.0 as i8).signum(), (to.1 as i8 - from.1 as i8).signum());
        (lf, lr) == (df, dr) || (lf, lr) == (-df, -dr)
    };
    LANES.iter().filter(|lane| parallel(lane)).any(|lane| lane_holds(*lane, sq))
}

/// Whether any lane runs through `sq`.
pub fn on_any_lane(sq: Square) -> bool {
    LANES.iter().any(|lane| lane_holds(*lane, sq))
}

/// A dark square outside the start fields that no lane uses: greyed out, never stood on.
pub fn is_grey(sq: Square) -> bool {
    is_dark(sq) && field_of(sq).is_none() && !on_any_lane(sq)
}

/// The squares of `colour`'s field from which a forward step leaves the field onto a lane
/// (for S: c3, c1, a3).
pub fn is_exit(colour: Colour, sq: Square) -> bool {
    field_of(sq) == Some(colour)
        && on_lane(colour, sq)
        && offset(sq, forward(colour), 1).is_some_and(|next| field_of(next).is_none())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(squares: impl Iterator<Item = Square>) -> Vec<String> {
        squares.map(name).collect()
    }

    #[test]
    fn every_field_is_worth_a_thousand() {
        for colour in 0..COLOURS {
            let squares = field_squares(colour);
            assert_eq!(squares.len(), PAWNS);
            let total: i64 = squares.iter().map(|sq| field_value(*sq).unwrap()).sum();
            assert_eq!(total, 1000);
            assert_eq!(field_value(CORNERS[usize::from(colour)]), Some(200));
        }
        assert_eq!(field_value(parse("c3").unwrap()), Some(50));
        assert_eq!(field_value(parse("j11").unwrap()), Some(150));
        assert_eq!(field_value(parse("d4").unwrap()), None);
    }

    #[test]
    fn the_spec_greys_these_squares() {
        let grey = names(all_squares().filter(|sq| is_grey(*sq)));
        let mut expected =
            ["e1", "g1", "f2", "a5", "k5", "b6", "j6", "a7", "k7", "f10", "e11", "g11"];
        expected.sort_by_key(|n| parse(n).map(|(f, r)| (r, f)));
        assert_eq!(grey, expected);
    }

    #[test]
    fn lanes_cross_on_the_nine_valued_squares() {
        let crossings: Vec<Square> =
            all_squares().filter(|sq| on_lane(0, *sq) && on_lane(1, *sq)).collect();
        assert_eq!(crossings.len(), 9);
        for sq in crossings {
            assert!(crossing_value(sq).is_some(), "{}", name(sq));
        }
        assert_eq!(crossing_value((5, 5)), Some(-40));
        let total: i64 = CROSSINGS.iter().map(|(_, v)| v).sum();
        assert_eq!(total, -40 + 80 - 40);
    }

    #[test]
    fn every_lane_runs_from_a_field_to_the_opposite_one_on_dark_squares() {
        for (from, to) in LANES {
            let (a, b) = (field_of(from).unwrap(), field_of(to).unwrap());
            assert_eq!(opponent(a), b);
            for sq in all_squares().filter(|sq| lane_holds((from, to), *sq)) {
                assert!(is_dark(sq), "{}", name(sq));
            }
        }
    }

    #[test]
    fn exits_and_directions() {
        assert_eq!(forward(0), (1, 1));
        assert_eq!(forward(1), (-1, 1));
        assert_eq!(forward(2), (-1, -1));
        assert_eq!(forward(3), (1, -1));
        let exits = |c| names(all_squares().filter(|sq| is_exit(c, *sq)));
        assert_eq!(exits(0), ["c1", "a3", "c3"]);
        assert_eq!(exits(2), ["i9", "k9", "i11"]);
        assert_eq!(parse("l1"), None);
        assert_eq!(parse("a12"), None);
        assert_eq!(parse("K11"), Some((10, 10)));
    }
}
