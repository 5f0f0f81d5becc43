//! The status strip of «Воздушный бой». In play: ▶ and the side to move as its aircraft (in
//! «Аэрофото» its bomber and fighter, a kind already moved this turn greyed with a check), the
//! turn number; at the end a gold star and the winner's aircraft (both sides' for a draw). On
//! the right: an hourglass with the turns in a row nobody was shot down and the count that
//! draws the game, then each side's losses as its bomber and fighter crossed out with a count.

use igroteka::games::air_battle::{Edition, Kind, Side, SideView, View};

use crate::canvas::{Faded, IndexedImage};
use crate::palette;
use crate::shapes::{Pt, Shape, Style, paint};
use crate::strip::Strip;
use crate::widgets;

use super::pieces;

/// Size of the numbers in the strip: several share it.
const SIZE: f32 = 28.0;

pub fn draw(frame: &mut IndexedImage, view: &View) {
    let mut strip = Strip::new(frame);
    match view.to_move {
        Some(side) if !view.over => {
            strip.turn_marker();
            let kinds: &[Kind] = match view.edition {
                Edition::Toy => &[Kind::Fighter],
                Edition::Photo => &Kind::BOTH,
            };
            for kind in kinds {
                let done = view.done.contains(kind);
                strip.left(44.0, |c, p| {
                    pieces::icon(side, *kind).stamp(c, p);
                    if done {
                        let veil = Shape::rect(p, 46.0, 50.0, 6.0);
                        paint(&mut Faded(c, 0.6), &veil, Style::fill(palette::STRIP));
                        widgets::check(c, p, 34.0, 6.0, palette::MARK_GREEN);
                    }
                });
            }
        }
        _ => {
            strip.left(40.0, |c, p| paint(c, &widgets::star(p, 20.0), Style::fill(palette::GOLD)));
            let winners: Vec<Side> = match view.winner {
                Some(side) => vec![side],
                None => Side::BOTH.to_vec(),
            };
            for side in winners {
                strip.left(44.0, move |c, p| pieces::icon(side, Kind::Fighter).stamp(c, p));
            }
        }
    }
    strip.left_text_sized(&format!("№{}", view.turn), SIZE, palette::WHITE);
    for side in view.sides.iter().rev() {
        losses(&mut strip, side);
        strip.right(6.0, |_, _| {});
    }
    let quiet = format!("{}/{}", view.quiet, view.quiet_limit);
    strip.right_text_sized(&quiet, SIZE, palette::GREY_LIGHT);
    strip.right(24.0, |c, p| widgets::hourglass(c, p, 0.8, palette::GREY_LIGHT, palette::WHITE));
}

/// A side's losses: its fighter and bomber crossed out, each with the number lost.
fn losses(strip: &mut Strip<'_>, side: &SideView) {
    let ink = if side.resigned { palette::GREY } else { palette::WHITE };
    for (kind, lost) in [(Kind::Fighter, side.fighters_lost), (Kind::Bomber, side.bombers_lost)] {
        strip.right_text_sized(&lost.to_string(), SIZE, ink);
        strip.right(40.0, move |c, p| {
            pieces::icon(side.side, kind).stamp(c, p);
            cross(c, p);
        });
    }
}

/// A red cross over an icon: lost.
fn cross(c: &mut IndexedImage, p: Pt) {
    let r = 13.0;
    let style = Style::fill(palette::MARK_RED);
    paint(c, &Shape::line((p.0 - r, p.1 - r), (p.0 + r, p.1 + r), 4.0), style);
    paint(c, &Shape::line((p.0 - r, p.1 + r), (p.0 + r, p.1 - r), 4.0), style);
}
