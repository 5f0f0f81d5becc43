//! The planes, drawn once per fleet, number and size as sprites: a round token in the fleet's
//! colour with a dark rim (so it stands out even on a square of its own colour), a white plane
//! silhouette facing the board's centre from its hangar, and the plane's number in black on
//! the plane's body. Finished planes are the token "face down": pale, grey-rimmed, with a
//! check mark instead of the number.

use std::sync::OnceLock;

use crate::palette;
use crate::shapes::{Pt, Shape, Style, paint};
use crate::sprite::Sprite;
use crate::text::{self, Anchor, TextStyle, Weight};
use crate::widgets;

use super::fleet::fleet;
use super::layout::heading;

/// The right half of a plane pointing up, nose at (0, −1), in a unit design space.
const HALF: [Pt; 10] = [
    (0.0, -1.0),
    (0.16, -0.82),
    (0.19, -0.3),
    (0.95, 0.12),
    (0.95, 0.36),
    (0.19, 0.22),
    (0.15, 0.6),
    (0.44, 0.78),
    (0.44, 0.96),
    (0.0, 0.88),
];

fn outline() -> Vec<Pt> {
    let mut points = HALF.to_vec();
    points.extend(HALF[1..HALF.len() - 1].iter().rev().map(|&(x, y)| (-x, y)));
    points
}

/// The sizes planes are drawn at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// One plane on a square or in a slot.
    Normal,
    /// Several planes sharing a square (the launch square).
    Small,
}

impl Size {
    /// Token radius.
    fn radius(self) -> f32 {
        match self {
            Size::Normal => 27.0,
            Size::Small => 18.5,
        }
    }

    fn number_size(self) -> f32 {
        match self {
            Size::Normal => 25.0,
            Size::Small => 18.0,
        }
    }
}

#[derive(Debug)]
struct Sprites {
    /// Indexed by `(size, corner, number 0..=4)`; number 0 draws no number.
    planes: Vec<Sprite>,
    finished: Vec<Sprite>,
}

fn plane_sprite(corner: u8, number: u8, size: Size) -> Sprite {
    let r = size.radius();
    let side = (r * 2.0 + 4.0).ceil() as u32;
    Sprite::draw(side, side, |s| {
        let centre = s.centre();
        paint(
            s,
            &Shape::circle(centre, r),
            Style::outlined(fleet(corner).full, palette::INK, r / 9.0),
        );
        let plane = Shape::polygon(&outline(), centre, r * 0.8, heading(corner));
        paint(s, &plane, Style::fill(palette::WHITE));
        if number > 0 {
            let style = TextStyle::new(size.number_size(), Weight::Bold, palette::INK)
                .with_halo(palette::WHITE, 3.0);
            text::draw(s, &number.to_string(), Anchor::Centre(centre), style);
        }
    })
}

fn finished_sprite(corner: u8) -> Sprite {
    let r = Size::Normal.radius();
    let side = (r * 2.0 + 4.0).ceil() as u32;
    Sprite::draw(side, side, |s| {
        let centre = s.centre();
        paint(
            s,
            &Shape::circle(centre, r),
            Style::outlined(fleet(corner).light, palette::GREY, 3.0),
        );
        let plane = Shape::polygon(&outline(), centre, r * 0.8, heading(corner));
        paint(s, &plane, Style::stroke(palette::GREY, 2.0));
        widgets::check(s, centre, 34.0, 6.0, palette::MARK_GREEN);
    })
}

fn sprites() -> &'static Sprites {
    static SPRITES: OnceLock<Sprites> = OnceLock::new();
    SPRITES.get_or_init(|| {
        let mut planes = Vec::new();
        for size in [Size::Normal, Size::Small] {
            for corner in 0..4 {
                for number in 0..=4 {
                    planes.push(plane_sprite(corner, number, size));
                }
            }
        }
        Sprites { planes, finished: (0..4).map(finished_sprite).collect() }
    })
}

/// The sprite of plane `number` (0 for none) of `corner`.
pub fn plane(corner: u8, number: u8, size: Size) -> &'static Sprite {
    let size_index = usize::from(size == Size::Small);
    let at = size_index * 20 + usize::from(corner % 4) * 5 + usize::from(number.min(4));
    &sprites().planes[at]
}

/// The face-down sprite of a finished plane of `corner`.
pub fn finished(corner: u8) -> &'static Sprite {
    &sprites().finished[usize::from(corner % 4)]
}
