//! The static Tank Battle board, drawn once into the background cache: the 11 × 11 field in a
//! light checker (so squares can be counted along a line), the two bases tinted, the
//! commanders' start squares circled, the mines black with a mine mark, the contaminated zone
//! red, the grid, the coordinates in the margin, and the empty status strip.

use igroteka::games::tank_battle::board;

use crate::background::Background;
use crate::canvas::IndexedImage;
use crate::grid;
use crate::palette::{self, Ink};
use crate::shapes::{Shape, Style, paint};
use crate::strip;

use super::layout::{self, BOARD, CELL};

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
    layout::GRID.draw_lines(&mut c, palette::RULE);
    for side in 0..2 {
        let ring = Shape::circle(layout::centre(board::commander_start(side)), 33.0);
        paint(&mut c, &ring, Style::stroke(palette::GOLD_DARK, 4.0));
    }
    layout::GRID.draw_coordinates(&mut c, grid::coordinate_style());
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
