//! The standard Aeroplane Chess board as data: one place for the geometry the rules and the
//! renderer share. Corners (colours) are numbered 0..4 clockwise: red, yellow, blue, green.
//!
//! A plane's progress is counted in *steps* along its own path: 0 = launch square, 1..=50 the
//! outer track starting at the corner's entry square, 51..=55 the home column, 56 the centre.

/// Squares on the outer track.
pub const TRACK_LEN: u8 = 52;
/// Corners (colours) on the board.
pub const CORNERS: u8 = 4;
/// Planes per fleet.
pub const PLANES: u8 = 4;
/// The last step on the outer track: the turn-in square at the foot of the home column.
pub const TURN_IN: u8 = 50;
/// The centre, reached by an exact roll.
pub const CENTRE: u8 = 56;
/// The own-colour step where the shortcut starts, and where it lands.
pub const SHORTCUT_FROM: u8 = 18;
pub const SHORTCUT_TO: u8 = 30;
/// The home-column cell of the opposite corner that the shortcut flies over.
pub const DANGER_CELL: u8 = 3;
/// A jump goes from one own-colour square to the next, four squares on.
pub const JUMP: u8 = 4;

/// The colour (corner) of track square `t`.
pub fn track_colour(t: u8) -> u8 {
    (t + TRACK_LEN - 1) % CORNERS
}

/// The track square where `corner`'s planes enter (step 1).
pub fn entry(corner: u8) -> u8 {
    13 * corner
}

/// The track square of `corner`'s step `step` (1..=50).
pub fn track_square(corner: u8, step: u8) -> u8 {
    debug_assert!((1..=TURN_IN).contains(&step));
    (entry(corner) + step - 1) % TRACK_LEN
}

/// Whether `corner`'s step `step` (1..=50) is a square of its own colour.
pub fn is_own_colour(corner: u8, step: u8) -> bool {
    (1..=TURN_IN).contains(&step) && track_colour(track_square(corner, step)) == corner
}

/// The corner opposite `corner`, whose home column the shortcut crosses.
pub fn opposite(corner: u8) -> u8 {
    (corner + 2) % CORNERS
}

/// `corner`'s step that lies on track square `t`, when `t` is on its outer path (every square
/// is, once: the path covers 50 of the 52 squares, skipping the two just before the entry).
pub fn step_of_square(corner: u8, t: u8) -> Option<u8> {
    let step = (t + TRACK_LEN - entry(corner)) % TRACK_LEN + 1;
    (step <= TURN_IN).then_some(step)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_colour_steps_are_2_6_to_50_for_every_corner() {
        for corner in 0..CORNERS {
            let own: Vec<u8> = (1..=TURN_IN).filter(|s| is_own_colour(corner, *s)).collect();
            let expected: Vec<u8> = (0..13).map(|k| 2 + 4 * k).collect();
            assert_eq!(own, expected, "corner {corner}");
        }
    }

    #[test]
    fn the_track_colours_cycle_in_corner_order() {
        assert_eq!(track_colour(1), 0);
        assert_eq!(track_colour(2), 1);
        assert_eq!(track_colour(0), 3);
        assert_eq!(track_colour(51), 2);
    }

    #[test]
    fn shortcut_and_turn_in_are_own_colour_and_steps_map_back() {
        for corner in 0..CORNERS {
            assert!(is_own_colour(corner, SHORTCUT_FROM));
            assert!(is_own_colour(corner, SHORTCUT_TO));
            assert!(is_own_colour(corner, TURN_IN));
            for step in 1..=TURN_IN {
                assert_eq!(step_of_square(corner, track_square(corner, step)), Some(step));
            }
        }
    }
}
