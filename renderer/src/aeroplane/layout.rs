//! Where everything sits on the Aeroplane Chess board, in pixels.
//!
//! The board is a 15 × 15 grid of 60 px cells. Each corner owns one *arm* of the cross: 13
//! track squares around the arm's end, symmetric about the corner's turn-in square (step 50)
//! in the middle of the outer edge: a 7-square end row and three squares down each side. This
//! shape is forced by the rules' geometry: the shortcut joins the two squares six steps either
//! side of an arm's turn-in (steps 18 and 30 of the opposite corner) and must cross that arm's
//! home-column cell 3, so both must be three cells deep. The home column runs from the
//! turn-in square to the 3 × 3 centre; the hangars fill the 4 × 4 corners.
//!
//! Geometry is written once for the top arm (yellow's) and turned by quarter turns for the
//! others. Coordinates below are in cells, (x, y) from the top-left, cell centres at .5.

use igroteka::games::aeroplane::PlaneSpot;
use igroteka::games::aeroplane::board::{CORNERS, TRACK_LEN};

use crate::shapes::Pt;

/// Side of one grid cell in pixels.
pub const CELL: f32 = 60.0;
/// Cells across the board.
pub const GRID: f32 = 15.0;
/// Board side in pixels.
pub const BOARD: u32 = 900;

/// Quarter turns clockwise that take the top arm to `corner`'s arm (red's arm is the left
/// one, yellow's the top, blue's the right, green's the bottom).
fn turns(corner: u8) -> u8 {
    (corner + 3) % 4
}

/// Turns a point in cell coordinates `k` quarter turns clockwise about the board's centre.
pub fn turn(p: Pt, k: u8) -> Pt {
    (0..k % 4).fold(p, |(x, y), _| (GRID - y, x))
}

/// Cell coordinates to pixels.
pub fn px(p: Pt) -> Pt {
    (p.0 * CELL, p.1 * CELL)
}

/// A point given in the top arm's frame, moved into `corner`'s frame, in pixels.
pub fn in_frame(corner: u8, p: Pt) -> Pt {
    px(turn(p, turns(corner)))
}

/// The arm (its owning corner) holding track square `t`, and the square's offset −6..=6
/// from the arm's turn-in square.
fn arm_of(t: u8) -> (u8, i8) {
    let shifted = (t + 9) % TRACK_LEN;
    let corner = shifted / 13;
    (corner, (shifted - corner * 13) as i8 - 6)
}

/// Centre of track square `t`, in pixels.
pub fn track(t: u8) -> Pt {
    let (corner, offset) = arm_of(t);
    // (x from the arm's middle column, depth from the outer edge)
    let (x, depth) = match offset {
        -6..=-4 => (-3, -3 - offset),
        -3..=3 => (offset, 0),
        _ => (3, offset - 3),
    };
    in_frame(corner, (7.5 + f32::from(x), 0.5 + f32::from(depth)))
}

/// Centre of `corner`'s home-column cell `cell` (1..=5, 1 next to the track).
pub fn home(corner: u8, cell: u8) -> Pt {
    in_frame(corner, (7.5, 0.5 + f32::from(cell)))
}

/// The hangar's corner region is 4 × 4 cells; in the top arm's frame it is the top-right
/// corner, x 11..15, y 0..4.
const HANGAR_MIN: Pt = (11.0, 0.0);
const HANGAR_MAX: Pt = (15.0, 4.0);

/// The pixel box of `corner`'s hangar region: (min, max).
pub fn hangar(corner: u8) -> (Pt, Pt) {
    let a = in_frame(corner, HANGAR_MIN);
    let b = in_frame(corner, HANGAR_MAX);
    ((a.0.min(b.0), a.1.min(b.1)), (a.0.max(b.0), a.1.max(b.1)))
}

/// Centre of `corner`'s launch square: the hangar cell next to its entry square.
pub fn launch(corner: u8) -> Pt {
    in_frame(corner, (11.5, 0.5))
}

/// Centre of `corner`'s hangar slot `slot` (0..4). The 2 × 2 block of slots turns with the
/// hangar, but the slots inside it stay in reading order (0 1 / 2 3) in every corner.
pub fn slot(corner: u8, slot: u8) -> Pt {
    let (cx, cy) = in_frame(corner, (13.2, 2.2));
    let (col, row) = (f32::from(slot % 2), f32::from((slot / 2) % 2));
    (cx + (col - 0.5) * 1.3 * CELL, cy + (row - 0.5) * 1.3 * CELL)
}

/// Where the corner's letter goes: the outer corner cell of the hangar.
pub fn letter(corner: u8) -> Pt {
    in_frame(corner, (14.45, 0.55))
}

/// Where a finished place or a resignation is shown: the hangar's inner corner cell.
pub fn status(corner: u8) -> Pt {
    in_frame(corner, (11.55, 3.45))
}

/// The board's centre in pixels.
pub fn centre() -> Pt {
    px((GRID / 2.0, GRID / 2.0))
}

/// Where a plane of `corner` at `spot` is drawn.
pub fn spot(corner: u8, spot: PlaneSpot) -> Pt {
    match spot {
        PlaneSpot::Hangar { slot: s } | PlaneSpot::Finished { slot: s } => slot(corner, s),
        PlaneSpot::Launch => launch(corner),
        PlaneSpot::Track(t) => track(t % TRACK_LEN),
        PlaneSpot::HomeColumn(cell) => home(corner, cell.clamp(1, 5)),
    }
}

/// The heading of `corner`'s planes, radians clockwise from straight up: every fleet faces the
/// board's centre from its hangar, so the four fleets also differ by direction, not only by
/// colour.
pub fn heading(corner: u8) -> f32 {
    let quarter = std::f32::consts::FRAC_PI_2;
    quarter * (1.5 + f32::from(corner % CORNERS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use igroteka::games::aeroplane::board::{
        DANGER_CELL, SHORTCUT_FROM, SHORTCUT_TO, TURN_IN, entry, opposite, track_square,
    };

    fn cell_of(p: Pt) -> (i32, i32) {
        ((p.0 / CELL).floor() as i32, (p.1 / CELL).floor() as i32)
    }

    #[test]
    fn the_track_is_a_closed_loop_of_distinct_neighbouring_cells() {
        let cells: Vec<(i32, i32)> = (0..TRACK_LEN).map(|t| cell_of(track(t))).collect();
        for (i, a) in cells.iter().enumerate() {
            let b = cells[(i + 1) % cells.len()];
            let step = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
            assert!(step.0 <= 1 && step.1 <= 1 && step != (0, 0), "T{i} {a:?} -> {b:?}");
            assert_eq!(cells.iter().filter(|c| *c == a).count(), 1, "T{i} twice");
        }
    }

    #[test]
    fn home_columns_start_beside_the_turn_in_square_and_launch_beside_the_entry() {
        for corner in 0..CORNERS {
            let turn_in = cell_of(track(track_square(corner, TURN_IN)));
            let first = cell_of(home(corner, 1));
            assert_eq!((turn_in.0 - first.0).abs() + (turn_in.1 - first.1).abs(), 1);
            let e = cell_of(track(entry(corner)));
            let l = cell_of(launch(corner));
            assert_eq!((e.0 - l.0).abs() + (e.1 - l.1).abs(), 1, "corner {corner}");
        }
    }

    #[test]
    fn every_shortcut_crosses_the_opposite_danger_cell() {
        for corner in 0..CORNERS {
            let a = track(track_square(corner, SHORTCUT_FROM));
            let b = track(track_square(corner, SHORTCUT_TO));
            let d = home(opposite(corner), DANGER_CELL);
            assert_eq!(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0), d, "corner {corner}");
        }
    }
}
