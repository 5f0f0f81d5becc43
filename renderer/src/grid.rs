//! A square board of `size` × `size` squares inside a margin that holds the coordinates: files
//! a, b, … below and above, ranks 1, 2, … left and right, rank 1 at the bottom. Tank Battle
//! and «Tysiąc na szachownicy» are both such boards; this is their geometry (square → pixels)
//! and the static parts they share: the grid lines with a frame round them, the coordinates,
//! and the frame marking a square.

use crate::canvas::IndexedImage;
use crate::palette::{self, Ink};
use crate::shapes::{Pt, Shape, Style, paint};
use crate::sprite::Sprite;
use crate::text::{self, Anchor, TextStyle, Weight};

/// A square as (file, rank), both 0-based: a1 = (0, 0).
pub type Square = (u8, u8);

/// Where a board's squares sit in the picture.
#[derive(Debug, Clone, Copy)]
pub struct Grid {
    /// Squares per side.
    pub size: u8,
    /// Side of one square in pixels.
    pub cell: f32,
    /// Width of the coordinate margin around the squares.
    pub margin: f32,
}

impl Grid {
    pub const fn new(size: u8, cell: f32, margin: f32) -> Self {
        Grid { size, cell, margin }
    }

    /// Side of the board area (squares and margins) in pixels.
    pub const fn board(&self) -> u32 {
        (2.0 * self.margin + self.cell * self.size as f32) as u32
    }

    /// The top-left pixel of square `sq`. Off-board squares (a bad view) are pulled onto the
    /// edge rather than panicking.
    pub fn corner(&self, sq: Square) -> (i32, i32) {
        let last = self.size - 1;
        let (file, rank) = (sq.0.min(last), sq.1.min(last));
        let x = self.margin + self.cell * f32::from(file);
        let y = self.margin + self.cell * f32::from(last - rank);
        (x as i32, y as i32)
    }

    /// The centre of square `sq`.
    pub fn centre(&self, sq: Square) -> Pt {
        let (x, y) = self.corner(sq);
        (x as f32 + self.cell / 2.0, y as f32 + self.cell / 2.0)
    }

    /// Centre of file `file`'s letter in the bottom (`top == false`) or top margin.
    pub fn file_label(&self, file: u8, top: bool) -> Pt {
        let board = self.board() as f32;
        let y = if top { self.margin / 2.0 } else { board - self.margin / 2.0 };
        (self.margin + self.cell * (f32::from(file) + 0.5), y)
    }

    /// Centre of rank `rank`'s number in the left (`right == false`) or right margin.
    pub fn rank_label(&self, rank: u8, right: bool) -> Pt {
        let board = self.board() as f32;
        let x = if right { board - self.margin / 2.0 } else { self.margin / 2.0 };
        (x, self.margin + self.cell * (f32::from(self.size - 1 - rank) + 0.5))
    }

    /// One-pixel lines between the squares in `ink`, and a 3 px dark frame round them all.
    pub fn draw_lines(&self, c: &mut IndexedImage, ink: Ink) {
        let (start, len) = (self.margin as i32, (self.cell * f32::from(self.size)) as u32);
        for i in 1..self.size {
            let at = start + (self.cell * f32::from(i)) as i32;
            c.fill_rect(at, start, 1, len, ink);
            c.fill_rect(start, at, len, 1, ink);
        }
        let (near, far) = (self.margin - 3.0, self.board() as f32 - self.margin + 3.0);
        let frame = Shape::RoundRect { min: (near, near), max: (far, far), r: 3.0 };
        paint(c, &frame, Style::stroke(palette::INK, 3.0));
    }

    /// The file letters above and below the squares and the rank numbers left and right.
    pub fn draw_coordinates(&self, c: &mut IndexedImage, style: TextStyle) {
        for i in 0..self.size {
            let file = char::from(b'a' + i).to_string();
            let rank = (i + 1).to_string();
            for far in [false, true] {
                text::draw(c, &file, Anchor::Centre(self.file_label(i, far)), style);
                text::draw(c, &rank, Anchor::Centre(self.rank_label(i, far)), style);
            }
        }
    }

    /// A sprite of one square's size: a frame `width` px thick just inside its edge, for
    /// marking squares (a move's start and end). Games keep it in a `OnceLock`.
    pub fn square_frame(&self, width: f32, ink: Ink) -> Sprite {
        let side = self.cell as u32;
        Sprite::draw(side, side, |s| {
            let box_ = Shape::rect(s.centre(), self.cell - 4.0, self.cell - 4.0, 4.0);
            paint(s, &box_, Style::stroke(ink, width));
        })
    }
}

/// The coordinates' look on both boards: bold grey, 21 px.
pub fn coordinate_style() -> TextStyle {
    TextStyle::new(21.0, Weight::Bold, palette::GREY)
}
