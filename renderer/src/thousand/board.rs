//! The static «Tysiąc na szachownicy» board, drawn once into the background cache, all of it
//! read from the core's `board` data: light squares in paper; the dark squares of the lanes in
//! wood with a thin line along each lane; the greyed squares no pawn can reach in grey with a
//! hatch; the four 3 × 3 start fields in their colour's light and mid tones, framed, with their
//! values printed on the squares; the nine valued crossings with their signed values on white
//! plaques (+20 green, −10 and −40 red; the sign says it without colour); the grid, the
//! coordinates and the empty status strip.
//!
//! The two-player diagonal form leaves E and W empty: a second background greys their fields.

use igroteka::games::thousand::Square;
use igroteka::games::thousand::board::{self, COLOURS, CROSSINGS, LANES};

use crate::background::Background;
use crate::canvas::IndexedImage;
use crate::grid;
use crate::palette::{self, Ink};
use crate::shapes::{Shape, Style, paint};
use crate::strip;
use crate::text::{self, Anchor, TextStyle, Weight};

use super::layout::{self, BOARD, CELL};
use super::pieces::{self, signed};

/// All four colours in play.
pub static BACKGROUND: Background = Background::new(|| draw([true; 4]));
/// The diagonal form: S and N play, E and W are empty.
pub static DIAGONAL: Background = Background::new(|| draw([true, false, true, false]));

/// Font size of the values printed on the squares.
const VALUE_SIZE: f32 = 25.0;

fn draw(in_play: [bool; 4]) -> IndexedImage {
    let mut c = IndexedImage::new(BOARD, BOARD + strip::HEIGHT, palette::PAPER);
    strip::draw_ground(&mut c);
    for sq in board::all_squares() {
        let (x, y) = layout::corner(sq);
        c.fill_rect(x, y, CELL as u32, CELL as u32, ground(sq, &in_play));
        if board::is_grey(sq) {
            hatch(&mut c, (x as f32, y as f32));
        }
    }
    layout::GRID.draw_lines(&mut c, palette::RULE);
    for (from, to) in LANES {
        let lane = Shape::line(layout::centre(from), layout::centre(to), 3.0);
        paint(&mut c, &lane, Style::fill(palette::GREY));
    }
    for colour in 0..COLOURS {
        field(&mut c, colour, in_play[usize::from(colour)]);
    }
    for (sq, value) in CROSSINGS {
        crossing(&mut c, sq, value);
    }
    layout::GRID.draw_coordinates(&mut c, grid::coordinate_style());
    c
}

/// The ink of a square: its field's tones, the lane wood, grey, or paper.
fn ground(sq: Square, in_play: &[bool; 4]) -> Ink {
    let dark = board::is_dark(sq);
    match board::field_of(sq) {
        Some(colour) if in_play[usize::from(colour)] => {
            let inks = pieces::inks(colour);
            if dark { inks.mid } else { inks.light }
        }
        Some(_) if dark => palette::GREY_LIGHT,
        Some(_) => palette::PAPER_DARK,
        None if board::is_grey(sq) => palette::GREY_LIGHT,
        None if dark => palette::LANE,
        None => palette::PAPER,
    }
}

/// Thin diagonal lines across a greyed square whose top-left pixel is `at`.
fn hatch(c: &mut IndexedImage, at: (f32, f32)) {
    let style = Style::fill(palette::GREY);
    for i in 1..6 {
        let d = CELL * 2.0 * i as f32 / 6.0;
        let (a, b) = if d <= CELL {
            ((at.0 + d, at.1), (at.0, at.1 + d))
        } else {
            ((at.0 + CELL, at.1 + d - CELL), (at.0 + d - CELL, at.1 + CELL))
        };
        paint(c, &Shape::line(a, b, 2.0), style);
    }
}

/// A start field's frame and the values on its squares; greyed when nobody plays it.
fn field(c: &mut IndexedImage, colour: u8, in_play: bool) {
    let inks = pieces::inks(colour);
    let (text_ink, frame_ink) =
        if in_play { (inks.dark, inks.dark) } else { (palette::GREY, palette::GREY) };
    let squares = board::field_squares(colour);
    for sq in &squares {
        if let Some(value) = board::field_value(*sq) {
            let style = TextStyle::new(VALUE_SIZE, Weight::Bold, text_ink);
            text::draw(c, &value.to_string(), Anchor::Centre(layout::centre(*sq)), style);
        }
    }
    let (min, max) = layout::field_box(colour);
    let frame = Shape::RoundRect {
        min: (min.0 - 1.0, min.1 - 1.0),
        max: (max.0 + 1.0, max.1 + 1.0),
        r: 3.0,
    };
    paint(c, &frame, Style::stroke(frame_ink, 4.0));
}

/// A valued crossing: its signed value on a white plaque, green for a bonus, red for a loss.
fn crossing(c: &mut IndexedImage, sq: Square, value: i64) {
    let at = layout::centre(sq);
    let ink = if value > 0 { palette::MARK_GREEN } else { palette::MARK_RED };
    let plaque = Shape::rect(at, CELL - 14.0, 38.0, 10.0);
    paint(c, &plaque, Style::outlined(palette::WHITE, ink, 3.0));
    let style = TextStyle::new(VALUE_SIZE, Weight::Bold, ink);
    text::draw(c, &signed(value, true), Anchor::Centre(at), style);
}
