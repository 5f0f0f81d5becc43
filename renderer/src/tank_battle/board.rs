//! The static Tank Battle board, drawn once into the background cache: the 11 × 11 field in a
//! light checker (so squares can be counted along a line), the two bases tinted, the
//! commanders' start squares circled, the mines black with a mine mark, the contaminated zone
//! red, the grid, the coordinates in the margin, and the empty status strip.

use igroteka::games::tank_battle::board::{self, SIZE};

use crate::background::Background;
use crate::canvas::IndexedImage;
use crate::palette::{self, Ink};
use crate::shapes::{Shape, Style, paint};
use crate::strip;
use crate::text::{self, Anchor, TextStyle, Weight};

use super::layout::{self, BOARD, CELL, MARGIN};

pub static BACKGROUND: Background = Background::new(draw);

fn draw() -> IndexedImage {
    let mut c = IndexedImage::new(BOARD, BOARD + strip::HEIGHT, palette::PAPER);
    strip::draw_ground(&mut c);
    for sq in board::all_squares() {
        let (x, y) = layout::corner(sq);
        c.fill_rect(x, y, CELL as u32, CELL as u32, ground(sq));
        if board::is_mine(sq) {
            mine(&mut c, layout::centre(sq));
        }
    }
    grid(&mut c);
    for side in 0..2 {
        let ring = Shape::circle(layout::centre(board::commander_start(side)), 33.0);
        paint(&mut c, &ring, Style::stroke(palette::GOLD_DARK, 4.0));
    }
    coordinates(&mut c);
    c
}

/// The ink of a square: checker tones of the field, a base, or the zone.
fn ground(sq: (u8, u8)) -> Ink {
    let dark = (sq.0 + sq.1) % 2 == 0;
    let pick = |light: Ink, darker: Ink| if dark { darker } else { light };
    if board::is_mine(sq) {
        palette::MINE
    } else if board::is_zone(sq) {
        pick(palette::ZONE, palette::ZONE_DARK)
    } else {
        match board::base_of(sq) {
            Some(0) => pick(palette::WHITE_BASE, palette::WHITE_BASE_DARK),
            Some(_) => pick(palette::BLACK_BASE, palette::BLACK_BASE_DARK),
            None => pick(palette::FIELD, palette::FIELD_DARK),
        }
    }
}

/// A sea mine: a round body with four spikes, in grey on the black square.
fn mine(c: &mut IndexedImage, at: (f32, f32)) {
    let style = Style::fill(palette::MINE_MARK);
    for (dx, dy) in [(1.0, 0.0), (0.0, 1.0), (0.7, 0.7), (0.7, -0.7)] {
        let a = (at.0 - dx * 20.0, at.1 - dy * 20.0);
        let b = (at.0 + dx * 20.0, at.1 + dy * 20.0);
        paint(c, &Shape::line(a, b, 5.0), style);
    }
    paint(c, &Shape::circle(at, 13.0), style);
}

fn grid(c: &mut IndexedImage) {
    let (start, len) = (MARGIN as i32, (CELL * f32::from(SIZE)) as u32);
    for i in 1..SIZE {
        let at = start + (CELL * f32::from(i)) as i32;
        c.fill_rect(at, start, 1, len, palette::RULE);
        c.fill_rect(start, at, len, 1, palette::RULE);
    }
    let frame = Shape::RoundRect {
        min: (MARGIN - 3.0, MARGIN - 3.0),
        max: (BOARD as f32 - MARGIN + 3.0, BOARD as f32 - MARGIN + 3.0),
        r: 3.0,
    };
    paint(c, &frame, Style::stroke(palette::INK, 3.0));
}

fn coordinates(c: &mut IndexedImage) {
    let style = TextStyle::new(21.0, Weight::Bold, palette::GREY);
    for i in 0..SIZE {
        let file = char::from(b'a' + i).to_string();
        let rank = (i + 1).to_string();
        for far in [false, true] {
            text::draw(c, &file, Anchor::Centre(layout::file_label(i, far)), style);
            text::draw(c, &rank, Anchor::Centre(layout::rank_label(i, far)), style);
        }
    }
}
