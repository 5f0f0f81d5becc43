//! The static «Идут танки» board, drawn once into the background cache: the mine zones tinted
//! in each side's light colour, the two rivers, the dotted flight arcs, the four winding roads
//! (lines first, then the circles with their numbers), the bridges on rows 9 and 15 (the
//! destroyed ones broken, their circle open water), the crossings as bigger double-ringed
//! circles, the big circles R1–R4 and G1–G4, the «Т» airfields, the rocket stands face down,
//! and the road letters at both ends, and the empty status strip.

use igroteka::games::tanks::board::{
    self, BRIDGE_ROWS, LAST, MINE_ROWS, ROAD_LETTERS, ROADS, Spot, node_info,
};

use crate::background::Background;
use crate::canvas::IndexedImage;
use crate::palette;
use crate::shapes::{Pt, Shape, Style, dotted_path, paint};
use crate::strip;
use crate::text::{self, Anchor, TextStyle, Weight};

use super::layout::{self, BIG, BOARD, CIRCLE, CROSSING, RIVER, WIDTH};
use super::pieces;

pub static BACKGROUND: Background = Background::new(draw);

fn draw() -> IndexedImage {
    let mut c = IndexedImage::new(WIDTH, BOARD + strip::HEIGHT, palette::PAPER);
    strip::draw_ground(&mut c);
    mine_zones(&mut c);
    for k in 0..2 {
        river(&mut c, layout::river(k));
    }
    for side in 0..2 {
        let ink = pieces::inks(side).0;
        dotted_path(&mut c, &layout::arc_line(side), 3.0, 12.0, ink);
    }
    for line in layout::road_lines() {
        paint(&mut c, &Shape::path(line, 7.0), Style::fill(palette::RULE));
    }
    for road in 0..ROADS {
        for row in BRIDGE_ROWS {
            bridge(&mut c, Spot::new(road, row));
        }
    }
    for id in 0..board::nodes().len() {
        circle(&mut c, id as u8);
    }
    for side in 0..2 {
        for k in 0..2 {
            airfield(&mut c, layout::airfield(side, k));
        }
        for k in 0..3 {
            pieces::rocket(side, k, false).stamp(&mut c, layout::rocket(side, k));
        }
    }
    road_letters(&mut c);
    c
}

/// Each side's mine rows, tinted in its light colour across the roads.
fn mine_zones(c: &mut IndexedImage) {
    for (side, rows) in MINE_ROWS.iter().enumerate() {
        let (top, bottom) = (f32::from(*rows.start()) - 0.5, f32::from(*rows.end()) + 0.5);
        let zone = Shape::RoundRect {
            min: (150.0, layout::row(top)),
            max: (WIDTH as f32 - 150.0, layout::row(bottom)),
            r: 18.0,
        };
        paint(c, &zone, Style::fill(pieces::inks(side as u8).1));
    }
}

/// A river across the board: a blue band with darker banks and a few ripples.
fn river(c: &mut IndexedImage, y: f32) {
    let band =
        Shape::RoundRect { min: (-4.0, y - RIVER), max: (WIDTH as f32 + 4.0, y + RIVER), r: 0.0 };
    paint(c, &band, Style::fill(palette::BLUE_LIGHT));
    for dy in [-RIVER, RIVER] {
        let bank = Shape::line((-4.0, y + dy), (WIDTH as f32 + 4.0, y + dy), 2.5);
        paint(c, &bank, Style::fill(palette::BLUE_MID));
    }
    for i in 0..9 {
        let x = 36.0 + 100.0 * i as f32 + if i % 2 == 0 { 0.0 } else { 22.0 };
        let dy = if i % 2 == 0 { -5.0 } else { 5.0 };
        let ripple = Shape::line((x, y + dy), (x + 18.0, y + dy), 2.0);
        paint(c, &ripple, Style::fill(palette::BLUE_MID));
    }
}

/// The bridge under `spot`'s circle: a plank deck across the river, broken in two for a
/// destroyed bridge.
fn bridge(c: &mut IndexedImage, spot: Spot) {
    let id = board::node(spot);
    let Some(at) = layout::node(id) else { return };
    let (w, half) = (30.0, RIVER + 15.0);
    let deck = Style::outlined(palette::BLACK_BASE, palette::INK, 2.0);
    if !board::is_destroyed_bridge(id) {
        paint(c, &Shape::rect(at, w, 2.0 * half, 4.0), deck);
        for dx in [-w / 2.0 + 5.0, w / 2.0 - 5.0] {
            let rail =
                Shape::line((at.0 + dx, at.1 - half + 5.0), (at.0 + dx, at.1 + half - 5.0), 2.0);
            paint(c, &rail, Style::fill(palette::BLACK_BASE_DARK));
        }
        return;
    }
    // Two stubs from the banks, each ending in a jagged break well short of the circle,
    // which stands in open water.
    for dir in [-1.0f32, 1.0] {
        let bank = at.1 + dir * half;
        let end = at.1 + dir * (CIRCLE + 7.0);
        let x = |k: f32| at.0 + k * w / 2.0;
        let stub = Shape::Polygon(vec![
            (x(-1.0), bank),
            (x(1.0), bank),
            (x(1.0), end + dir * 1.0),
            (x(0.45), end - dir * 4.0),
            (x(0.0), end + dir * 1.5),
            (x(-0.5), end - dir * 3.0),
            (x(-1.0), end + dir * 2.0),
        ]);
        paint(c, &stub, deck);
    }
    paint(c, &Shape::circle(at, CIRCLE + 5.0), Style::fill(palette::BLUE_LIGHT));
}

fn number_style() -> TextStyle {
    TextStyle::new(14.0, Weight::Bold, palette::GREY)
}

/// One circle: a big circle with its name, a crossing (bigger, double ring), a destroyed
/// bridge (open water, a broken rim) or an ordinary circle, numbered by its row.
fn circle(c: &mut IndexedImage, id: u8) {
    let Some(at) = layout::node(id) else { return };
    let info = node_info(id);
    let index = info.spots[0].index;
    if index == 0 || index == LAST {
        let side = u8::from(index == LAST);
        let (full, _, _) = pieces::inks(side);
        paint(c, &pieces::token_shape(side, at, BIG), Style::outlined(full, palette::INK, 3.0));
        let style = TextStyle::new(22.0, Weight::Bold, palette::WHITE);
        text::draw(c, &info.name, Anchor::Centre(at), style);
        return;
    }
    let number = index.to_string();
    if info.spots.len() > 1 {
        paint(c, &Shape::circle(at, CROSSING), Style::outlined(palette::WHITE, palette::INK, 2.5));
        paint(c, &Shape::circle(at, CROSSING - 5.0), Style::stroke(palette::RULE, 2.0));
        let style = TextStyle::new(15.0, Weight::Bold, palette::INK);
        text::draw(c, &number, Anchor::Centre(at), style);
        return;
    }
    if board::is_destroyed_bridge(id) {
        paint(c, &Shape::circle(at, CIRCLE), Style::outlined(palette::BLUE_MID, palette::INK, 2.0));
        text::draw(
            c,
            &number,
            Anchor::Centre(at),
            TextStyle::new(14.0, Weight::Bold, palette::WHITE),
        );
        return;
    }
    paint(c, &Shape::circle(at, CIRCLE), Style::outlined(palette::WHITE, palette::INK, 2.0));
    text::draw(c, &number, Anchor::Centre(at), number_style());
}

/// An airfield: a tarmac pad with a big «Т».
fn airfield(c: &mut IndexedImage, at: Pt) {
    let pad = Shape::rect(at, 62.0, 84.0, 12.0);
    paint(c, &pad, Style::outlined(palette::GREY_LIGHT, palette::GREY, 2.5));
    let style = TextStyle::new(64.0, Weight::Bold, palette::WHITE).with_halo(palette::GREY, 1.5);
    text::draw(c, "Т", Anchor::Centre(at), style);
}

/// The road letters beside the second circle from each end.
fn road_letters(c: &mut IndexedImage) {
    let style = TextStyle::new(20.0, Weight::Bold, palette::GREY).with_halo(palette::PAPER, 2.0);
    for road in 0..ROADS {
        for index in [1, LAST - 1] {
            let Some(at) = layout::node(board::node(Spot::new(road, index))) else { continue };
            let letter = ROAD_LETTERS[usize::from(road)];
            text::draw(c, letter, Anchor::Centre((at.0 + 24.0, at.1)), style);
        }
    }
}
