//! The two editions' grounds, so they are told apart at a glance: «Игрушка» a bright toy board
//! — grass, clumps of round trees, a river across the middle between the two halves and the
//! red decorative bursts the printed board has there (only a picture, spec: they are not AA
//! units); «Аэрофото» an aerial photo map — a patchwork of muted fields, meadows and ploughed
//! soil, dark woods and a murky river (no roads: their long anti-aliased curves cost the
//! PNG more than they add).
//!
//! Scenery lies in the squares between the nodes, never on a node, so it cannot be taken for
//! a piece. It is placed by a fixed hash of the square, so every picture is the same; it keeps
//! clear of the airfields, the headquarters and the AA units.

use igroteka::games::air_battle::board::{self, AA_UNITS};
use igroteka::games::air_battle::{Node, Side};

use crate::canvas::IndexedImage;
use crate::palette::{self, Ink};
use crate::shapes::{Pt, Shape, Style, paint, smooth};
use crate::widgets;

use super::layout::{self, PITCH};

/// A fixed hash of a square and a salt (the scenery must be the same in every picture).
fn hash(x: i32, y: i32, salt: u32) -> u32 {
    let mut h = (x as u32).wrapping_mul(0x9e37_79b1) ^ (y as u32).wrapping_mul(0x85eb_ca77) ^ salt;
    h ^= h >> 15;
    h = h.wrapping_mul(0x2c1b_3c6d);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297a_2d39);
    h ^ (h >> 15)
}

/// Squares between nodes, by their bottom-left node: x −1..=11, y −1..=15 (the outer ones
/// reach into the ground's edge).
fn squares() -> impl Iterator<Item = (i32, i32)> {
    (-1..i32::from(board::HEIGHT)).flat_map(|y| (-1..i32::from(board::WIDTH)).map(move |x| (x, y)))
}

/// The centre of the square whose bottom-left node is (x, y).
fn square_centre(x: i32, y: i32) -> Pt {
    let (ax, ay) = layout::node((0, 0));
    (ax + PITCH * (x as f32 + 0.5), ay - PITCH * (y as f32 + 0.5))
}

/// The nodes at the corners of a square.
fn corners(x: i32, y: i32) -> impl Iterator<Item = Node> {
    [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
        .into_iter()
        .filter_map(|(x, y)| board::node_at(x as i16, y as i16))
}

/// Whether a square touches something printed on the board: an airfield, a headquarters or an
/// AA unit. Scenery keeps off those squares.
fn busy(x: i32, y: i32) -> bool {
    corners(x, y).any(|n| {
        Side::BOTH.iter().any(|s| board::is_airfield(*s, n) || board::headquarters(*s) == n)
            || AA_UNITS.iter().any(|u| u.node == n)
    })
}

/// The y of the river's middle: between the two halves (ranks 8 and 9).
fn river_y() -> f32 {
    let half = board::HEIGHT / 2;
    (layout::node((0, half - 1)).1 + layout::node((0, half)).1) / 2.0
}

/// The river's course across the board, wavy, `amplitude` px either side of its middle.
fn river(amplitude: f32, salt: u32) -> Vec<Pt> {
    let y = river_y();
    let points: Vec<Pt> = (0..=9)
        .map(|i| {
            let wobble = (hash(i, 0, salt) % 1000) as f32 / 500.0 - 1.0;
            (-20.0 + 104.0 * i as f32, y + amplitude * wobble)
        })
        .collect();
    smooth(&points, 12)
}

/// Whether a square lies on the river.
fn on_river(y: i32) -> bool {
    y == i32::from(board::HEIGHT / 2) - 1
}

/// «Игрушка»: grass, the river, clumps of trees and the decorative bursts.
pub fn toy(c: &mut IndexedImage) {
    ground(c, palette::TOY_GRASS);
    let course = river(14.0, 7);
    paint(c, &Shape::path(course, 30.0), Style::outlined(palette::BLUE_MID, palette::BLUE, 3.0));
    for (x, y) in squares() {
        if busy(x, y) || on_river(y) {
            continue;
        }
        let h = hash(x, y, 1);
        let middle =
            (i32::from(board::HEIGHT) / 2 - 3..i32::from(board::HEIGHT) / 2 + 2).contains(&y);
        if middle && h % 4 == 0 {
            let at = square_centre(x, y);
            let style = Style::outlined(palette::MARK_RED, palette::RED_DARK, 2.0);
            paint(c, &widgets::burst(at, 17.0, 8), style);
            paint(c, &widgets::burst(at, 8.0, 6), Style::fill(palette::YELLOW));
        } else if h % 7 == 0 {
            trees(c, square_centre(x, y), h);
        }
    }
}

/// A clump of round trees in a square, seen from above.
fn trees(c: &mut IndexedImage, at: Pt, h: u32) {
    let count = 3 + h % 3;
    for i in 0..count {
        let g = hash(i as i32, h as i32, 3);
        let dx = (g % 29) as f32 - 14.0;
        let dy = ((g >> 8) % 29) as f32 - 14.0;
        let r = 9.0 + ((g >> 16) % 5) as f32;
        let tree = Shape::circle((at.0 + dx, at.1 + dy), r);
        paint(c, &tree, Style::fill(palette::TOY_FOREST));
    }
}

/// «Аэрофото»: a patchwork of fields in plots two squares wide and three long, woods and a
/// murky river.
pub fn photo(c: &mut IndexedImage) {
    const CROPS: [Ink; 5] = [
        palette::PHOTO_FIELD,
        palette::PHOTO_MEADOW,
        palette::PHOTO_SOIL,
        palette::PHOTO_MEADOW,
        palette::PHOTO_FIELD,
    ];
    ground(c, palette::PHOTO_FIELD);
    let ((gx0, gy0), (gx1, gy1)) = layout::ground();
    for (x, y) in squares() {
        let band = (y + 1).div_euclid(3);
        let shift = (hash(band, 0, 11) % 2) as i32;
        let plot = (x + 1 + shift).div_euclid(2);
        let ink = CROPS[(hash(plot, band, 5) % CROPS.len() as u32) as usize];
        let (cx, cy) = square_centre(x, y);
        let h = PITCH / 2.0;
        let (x0, y0) = ((cx - h).max(gx0), (cy - h).max(gy0));
        let (x1, y1) = ((cx + h).min(gx1), (cy + h).min(gy1));
        if x1 > x0 && y1 > y0 {
            c.fill_rect(
                x0 as i32,
                y0 as i32,
                (x1 - x0).ceil() as u32,
                (y1 - y0).ceil() as u32,
                ink,
            );
        }
    }
    let course = river(22.0, 21);
    paint(c, &Shape::path(course, 18.0), Style::fill(palette::PHOTO_WATER));
    for (x, y) in squares() {
        let h = hash(x, y, 9);
        if !busy(x, y) && !on_river(y) && h % 8 == 0 {
            wood(c, square_centre(x, y), h);
        }
    }
}

/// A dark wood, seen from the air: a few overlapping crowns.
fn wood(c: &mut IndexedImage, at: Pt, h: u32) {
    for i in 0..5 {
        let g = hash(i, h as i32, 13);
        let dx = (g % 31) as f32 - 15.0;
        let dy = ((g >> 8) % 31) as f32 - 15.0;
        let r = 10.0 + ((g >> 16) % 6) as f32;
        paint(c, &Shape::circle((at.0 + dx, at.1 + dy), r), Style::fill(palette::PHOTO_WOOD));
    }
}

/// The ground's box filled flat with `ink`.
fn ground(c: &mut IndexedImage, ink: Ink) {
    let ((x0, y0), (x1, y1)) = layout::ground();
    c.fill_rect(x0 as i32, y0 as i32, (x1 - x0) as u32, (y1 - y0) as u32, ink);
}
