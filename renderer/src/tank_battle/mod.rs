//! Tank Battle: a frame is the cached board plus, per view, the last move (both squares framed
//! and an arrow), the selected tank's ring, the tanks (sprites), the choice labels of movable
//! tanks, the selected tank's destinations with their labels (red where they capture), and the
//! status strip (whose turn, scores, the quiet-move count towards the 100-move rule).

mod board;
mod layout;
mod pieces;

use igroteka::games::tank_battle::{Square, View};

use std::sync::OnceLock;

use crate::canvas::IndexedImage;
use crate::palette;
use crate::shapes::{Shape, Style, paint};
use crate::sprite::Sprite;
use crate::strip::{self, Strip};
use crate::widgets::{self, BadgeKind};

/// Picture size: the 900 px board and the status strip under it.
pub const WIDTH: u32 = layout::BOARD;
pub const HEIGHT: u32 = layout::BOARD + strip::HEIGHT;

/// Draws `view` into `frame` (its buffer reused).
pub fn draw(view: &View, frame: &mut IndexedImage) {
    board::BACKGROUND.start(frame);
    if let Some((from, to)) = view.last_move {
        last_move(frame, from, to);
    }
    if let Some(sq) = view.selected {
        let ring = Shape::circle(layout::centre(sq), pieces::RADIUS + 8.0);
        paint(frame, &ring, Style::outlined(palette::GOLD, palette::INK, 2.0));
    }
    for tank in &view.tanks {
        pieces::tank(tank.side, tank.commander).stamp(frame, layout::centre(tank.square));
    }
    for (sq, _) in &view.destinations {
        if occupied(view, *sq) {
            let ring = Shape::circle(layout::centre(*sq), pieces::RADIUS + 5.0);
            paint(frame, &ring, Style::stroke(palette::MARK_RED, 6.0));
        }
    }
    // Once a tank is picked the buttons are its destinations: the tanks' own labels would
    // only compete with them (the view still sets them on every movable tank).
    let tank_labels = view.selected.is_none();
    for tank in view.tanks.iter().filter(|_| tank_labels) {
        if let Some(label) = &tank.label {
            widgets::label_badge(frame, badge_centre(tank.square), label, BadgeKind::Choice);
        }
    }
    for (sq, label) in &view.destinations {
        let (kind, at) = if occupied(view, *sq) {
            (BadgeKind::Capture, badge_centre(*sq))
        } else {
            (BadgeKind::Destination, layout::centre(*sq))
        };
        widgets::label_badge(frame, at, label, kind);
    }
    status(frame, view);
}

fn occupied(view: &View, sq: Square) -> bool {
    view.tanks.iter().any(|t| t.square == sq)
}

/// A tank's label sits over the lower half of its token, leaving the top (star or gun) seen.
fn badge_centre(sq: Square) -> (f32, f32) {
    let (x, y) = layout::centre(sq);
    (x, y + 18.0)
}

/// Frames both squares of the last move and draws an arrow between them, stopping short of
/// the token on the target square.
fn last_move(frame: &mut IndexedImage, from: Square, to: Square) {
    static FRAME: OnceLock<Sprite> = OnceLock::new();
    let square_frame = FRAME.get_or_init(|| layout::GRID.square_frame(6.0, palette::LAST_MOVE));
    for sq in [from, to] {
        square_frame.stamp(frame, layout::centre(sq));
    }
    let (a, b) = (layout::centre(from), layout::centre(to));
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    if len > layout::CELL * 0.9 {
        let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
        let stop = pieces::RADIUS + 3.0;
        widgets::arrow(frame, a, (b.0 - ux * stop, b.1 - uy * stop), 8.0, palette::LAST_MOVE);
    }
}

fn status(frame: &mut IndexedImage, view: &View) {
    let mut strip = Strip::new(frame);
    let token = |side: u8| move |c: &mut IndexedImage, p| pieces::tank(side, false).stamp(c, p);
    match view.to_move {
        Some(side) => {
            strip.turn_marker();
            strip.left(62.0, token(side));
        }
        None => {
            // Game over: a gold star before the side ahead on points (both when drawn).
            strip.left(40.0, |c, p| paint(c, &widgets::star(p, 20.0), Style::fill(palette::GOLD)));
            let [white, black] = view.scores;
            for side in 0..2u8 {
                let ahead = if side == 0 { white >= black } else { black >= white };
                if ahead {
                    strip.left(62.0, token(side));
                }
            }
        }
    }
    strip.right_text(&format!("{}/100", view.quiet_moves), palette::GREY_LIGHT);
    strip.right(30.0, |c, p| widgets::hourglass(c, p, 1.0, palette::GREY_LIGHT, palette::WHITE));
    strip.right(24.0, |_, _| {});
    for side in [1u8, 0] {
        strip.right_text(&view.scores[usize::from(side)].to_string(), palette::WHITE);
        strip.right(62.0, token(side));
    }
}
