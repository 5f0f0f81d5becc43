//! The four colours' inks, shapes and letters, and the pieces drawn once as sprites: the pawns
//! and the small value tags.
//!
//! Colour is never the only cue. The inks — red, blue, yellow and slate — stay apart for the
//! common colour blindnesses (no red beside green; yellow is far lighter and slate far darker
//! than the other two), and every colour has a shape and a letter of its own: S a round pawn,
//! E a square, N a hexagon, W a diamond, each carrying its letter.

use std::sync::OnceLock;

use igroteka::games::thousand::Colour;

use crate::palette::{self, Ink};
use crate::shapes::{Pt, Shape, Style, paint};
use crate::sprite::Sprite;
use crate::text::{self, Anchor, TextStyle, Weight};

/// The inks of one colour.
#[derive(Debug, Clone, Copy)]
pub struct Inks {
    /// Pawns.
    pub full: Ink,
    /// Dark squares of the start field.
    pub mid: Ink,
    /// Light squares of the start field.
    pub light: Ink,
    /// Values, the field's border.
    pub dark: Ink,
    /// The letter on a pawn.
    pub letter: Ink,
}

const INKS: [Inks; 4] = [
    Inks {
        full: palette::RED,
        mid: palette::RED_MID,
        light: palette::RED_LIGHT,
        dark: palette::RED_DARK,
        letter: palette::WHITE,
    },
    Inks {
        full: palette::BLUE,
        mid: palette::BLUE_MID,
        light: palette::BLUE_LIGHT,
        dark: palette::BLUE_DARK,
        letter: palette::WHITE,
    },
    Inks {
        full: palette::YELLOW,
        mid: palette::YELLOW_MID,
        light: palette::YELLOW_LIGHT,
        dark: palette::YELLOW_DARK,
        letter: palette::INK,
    },
    Inks {
        full: palette::SLATE,
        mid: palette::SLATE_MID,
        light: palette::SLATE_LIGHT,
        dark: palette::SLATE,
        letter: palette::WHITE,
    },
];

/// The inks of `colour` (0 S red, 1 E blue, 2 N yellow, 3 W slate).
pub fn inks(colour: Colour) -> Inks {
    INKS[usize::from(colour % 4)]
}

/// The letter of `colour`, as the rules name the corners, in the language of the render.
pub fn letter(colour: Colour) -> &'static str {
    &crate::labels::current().thousand[usize::from(colour % 4)]
}

/// Half the width of a pawn: it fits a 76 px square with room for the value tag above.
pub const RADIUS: f32 = 26.0;

/// The outline of `colour`'s pawn of "radius" `r` (all four cover about the same area).
pub fn outline(colour: Colour, centre: Pt, r: f32) -> Shape {
    match colour % 4 {
        0 => Shape::circle(centre, r),
        1 => Shape::rect(centre, r * 1.78, r * 1.78, r * 0.3),
        2 => {
            let hexagon: Vec<Pt> = (0..6)
                .map(|i| {
                    let a = std::f32::consts::FRAC_PI_3 * i as f32;
                    (a.cos(), a.sin())
                })
                .collect();
            Shape::polygon(&hexagon, centre, r * 1.06, 0.0)
        }
        _ => Shape::polygon(
            &[(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)],
            centre,
            r * 1.3,
            0.0,
        ),
    }
}

fn pawn_sprite(colour: Colour, r: f32) -> Sprite {
    let side = (2.0 * r * 1.3 + 6.0).ceil() as u32;
    Sprite::draw(side, side, |s| {
        let c = s.centre();
        let inks = inks(colour);
        let k = r / RADIUS;
        paint(s, &outline(colour, c, r), Style::outlined(inks.full, palette::INK, 3.0 * k));
        // Two-letter corners (Polish "Pd", Ukrainian "Пн") are set a little smaller.
        let word = letter(colour);
        let size = if word.chars().count() > 1 { 22.0 } else { 30.0 };
        let style = TextStyle::new(size * k, Weight::Bold, inks.letter);
        text::draw(s, word, Anchor::Centre((c.0, c.1 + 0.5)), style);
    })
}

/// The pawn sprite of `colour`: on the board, or `small` for the status strip.
pub fn pawn(colour: Colour, small: bool) -> &'static Sprite {
    static SPRITES: [OnceLock<Vec<Sprite>>; crate::labels::COUNT] =
        [const { OnceLock::new() }; crate::labels::COUNT];
    let sprites = SPRITES[crate::labels::current_index()].get_or_init(|| {
        [RADIUS, 21.0].iter().flat_map(|r| (0..4).map(|c| pawn_sprite(c, *r))).collect()
    });
    &sprites[usize::from(small) * 4 + usize::from(colour % 4)]
}

/// A value as the board prints it: a real minus sign, a plus on the crossings' bonuses.
pub fn signed(value: i64, plus: bool) -> String {
    match value {
        v if v < 0 => format!("−{}", -v),
        v if plus => format!("+{v}"),
        v => v.to_string(),
    }
}

/// The small tag with a square's value, shown above a pawn that covers the printed one
/// (`ink` for the text: the field's dark ink, or red/green for a crossing).
pub fn value_tag(label: &str, ink: Ink) -> Sprite {
    let size = 17.0;
    let w = text::width(label, size, Weight::Bold) + 10.0;
    Sprite::draw((w + 2.0).ceil() as u32, 20, |s| {
        let c = s.centre();
        paint(s, &Shape::rect(c, w, 18.0, 9.0), Style::outlined(palette::WHITE, ink, 1.5));
        text::draw(s, label, Anchor::Centre(c), TextStyle::new(size, Weight::Bold, ink));
    })
}
