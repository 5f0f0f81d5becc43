//! The status strip under each board: whose turn, the last roll, scores. Its dark ground is
//! part of the cached background; a frame lays items on it from the left and from the right
//! with a pair of cursors, so each game only says what to show, not where.

use crate::canvas::IndexedImage;
use crate::palette::{self, Ink};
use crate::shapes::Pt;
use crate::text::{self, Anchor, TextStyle, Weight};
use crate::widgets;

/// Height of the strip in pixels.
pub const HEIGHT: u32 = 100;
/// Margin at both ends and gap between items.
const MARGIN: f32 = 26.0;
/// Size of strip text.
pub const TEXT_SIZE: f32 = 34.0;

/// Paints the strip's ground across the bottom `HEIGHT` rows of `canvas` (background time).
pub fn draw_ground(canvas: &mut IndexedImage) {
    let top = (canvas.height - HEIGHT) as i32;
    canvas.fill_rect(0, top, canvas.width, HEIGHT, palette::STRIP);
    canvas.fill_rect(0, top, canvas.width, 4, palette::STRIP_LIGHT);
}

/// Lays items along the strip of one frame.
#[derive(Debug)]
pub struct Strip<'a> {
    canvas: &'a mut IndexedImage,
    left: f32,
    right: f32,
    mid: f32,
}

impl<'a> Strip<'a> {
    pub fn new(canvas: &'a mut IndexedImage) -> Self {
        let mid = canvas.height as f32 - HEIGHT as f32 / 2.0 + 2.0;
        let right = canvas.width as f32 - MARGIN;
        Strip { canvas, left: MARGIN, right, mid }
    }

    /// Places an item `width` wide after the previous left item; `draw` gets its centre.
    pub fn left(&mut self, width: f32, draw: impl FnOnce(&mut IndexedImage, Pt)) -> &mut Self {
        draw(self.canvas, (self.left + width / 2.0, self.mid));
        self.left += width + MARGIN * 0.5;
        self
    }

    /// Places an item `width` wide before the previous right item.
    pub fn right(&mut self, width: f32, draw: impl FnOnce(&mut IndexedImage, Pt)) -> &mut Self {
        draw(self.canvas, (self.right - width / 2.0, self.mid));
        self.right -= width + MARGIN * 0.5;
        self
    }

    /// Text on the left, in `ink` (white reads best on the strip).
    pub fn left_text(&mut self, label: &str, ink: Ink) -> &mut Self {
        self.left_text_sized(label, TEXT_SIZE, ink)
    }

    /// Text on the right.
    pub fn right_text(&mut self, label: &str, ink: Ink) -> &mut Self {
        self.right_text_sized(label, TEXT_SIZE, ink)
    }

    /// Text of font size `size` on the left (smaller text where many items share the strip).
    pub fn left_text_sized(&mut self, label: &str, size: f32, ink: Ink) -> &mut Self {
        let w = text::width(label, size, Weight::Bold);
        self.left(w, |c, p| {
            text::draw(c, label, Anchor::Centre(p), TextStyle::new(size, Weight::Bold, ink));
        })
    }

    /// Text of font size `size` on the right.
    pub fn right_text_sized(&mut self, label: &str, size: f32, ink: Ink) -> &mut Self {
        let w = text::width(label, size, Weight::Bold);
        self.right(w, |c, p| {
            text::draw(c, label, Anchor::Centre(p), TextStyle::new(size, Weight::Bold, ink));
        })
    }

    /// The "to move" marker on the left.
    pub fn turn_marker(&mut self) -> &mut Self {
        self.left(28.0, |c, p| widgets::turn_marker(c, p, 30.0, palette::GOLD))
    }

    /// A die face on the right.
    pub fn die(&mut self, value: u8) -> &mut Self {
        self.right(64.0, |c, p| widgets::die(c, p, 64.0, value))
    }
}
