//! The tanks, drawn once per kind as sprites: a round token, white or black, with a dark rim;
//! an ordinary tank carries a small tank seen from above (its gun towards the enemy), a
//! commander a gold star, so the two read apart without colour.

use std::sync::OnceLock;

use crate::palette;
use crate::shapes::{Shape, Style, paint};
use crate::sprite::Sprite;
use crate::widgets;

/// Token radius.
pub const RADIUS: f32 = 29.0;

fn tank_sprite(side: u8, commander: bool) -> Sprite {
    let side_px = (RADIUS * 2.0 + 4.0).ceil() as u32;
    Sprite::draw(side_px, side_px, |s| {
        let c = s.centre();
        let (fill, mark) = if side == 0 {
            (palette::TANK_WHITE, palette::TANK_WHITE_MARK)
        } else {
            (palette::TANK_BLACK, palette::TANK_BLACK_MARK)
        };
        paint(s, &Shape::circle(c, RADIUS), Style::outlined(fill, palette::INK, 3.0));
        paint(s, &Shape::circle(c, RADIUS - 5.0), Style::stroke(mark, 2.0));
        if commander {
            paint(
                s,
                &widgets::star((c.0, c.1 + 1.0), 19.0),
                Style::outlined(palette::GOLD, palette::INK, 2.0),
            );
            return;
        }
        // White's guns point up the board, Black's down.
        let dir = if side == 0 { -1.0 } else { 1.0 };
        let style = Style::fill(mark);
        paint(s, &Shape::rect((c.0, c.1 + dir * 3.0), 24.0, 26.0, 4.0), style);
        paint(s, &Shape::circle((c.0, c.1 + dir * 3.0), 8.0), Style::outlined(mark, fill, 2.0));
        paint(s, &Shape::line((c.0, c.1 + dir * 2.0), (c.0, c.1 - dir * 19.0), 5.0), style);
    })
}

/// The sprite of a tank of `side` (0 White, 1 Black).
pub fn tank(side: u8, commander: bool) -> &'static Sprite {
    static SPRITES: OnceLock<Vec<Sprite>> = OnceLock::new();
    let sprites = SPRITES.get_or_init(|| {
        (0..2).flat_map(|side| [tank_sprite(side, false), tank_sprite(side, true)]).collect()
    });
    &sprites[usize::from(side.min(1)) * 2 + usize::from(commander)]
}
