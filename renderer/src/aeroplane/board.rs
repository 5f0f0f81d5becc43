//! The static Aeroplane Chess board, drawn once into the background cache: each fleet's
//! coloured wedge (arm and quarter of the centre), the 52 track squares, the home columns with
//! their arrows, the centre, the dashed shortcut flights, the hangars with their slots and
//! launch squares, and the empty status strip.

use igroteka::games::aeroplane::board::{
    CORNERS, SHORTCUT_FROM, SHORTCUT_TO, TRACK_LEN, TURN_IN, entry, track_colour, track_square,
};

use crate::background::Background;
use crate::canvas::IndexedImage;
use crate::palette;
use crate::shapes::{Pt, Shape, Style, dashed, paint};
use crate::strip;
use crate::text::{self, Anchor, TextStyle, Weight};

use super::fleet::fleet;
use super::layout::{self, BOARD, CELL, in_frame};

pub static BACKGROUND: Background = Background::localized(draw);

/// Side of a track square (the rest of the cell is the gap between squares).
const SQUARE: f32 = 52.0;

fn draw() -> IndexedImage {
    let mut c = IndexedImage::new(BOARD, BOARD + strip::HEIGHT, palette::PAPER);
    strip::draw_ground(&mut c);
    for corner in 0..CORNERS {
        wedge(&mut c, corner);
    }
    centre(&mut c);
    for t in 0..TRACK_LEN {
        square(&mut c, layout::track(t), fleet(track_colour(t)).mid);
    }
    for corner in 0..CORNERS {
        home_column(&mut c, corner);
        shortcut(&mut c, corner);
        hangar(&mut c, corner);
    }
    c
}

fn square(c: &mut IndexedImage, centre: Pt, ink: palette::Ink) {
    paint(c, &Shape::rect(centre, SQUARE, SQUARE, 10.0), Style::outlined(ink, palette::INK, 2.5));
}

/// The fleet's light ground under its arm and its quarter of the centre.
fn wedge(c: &mut IndexedImage, corner: u8) {
    let top_arm =
        [(5.0, 1.0), (10.0, 1.0), (10.0, 4.0), (11.0, 4.0), (7.5, 7.5), (4.0, 4.0), (5.0, 4.0)];
    let points = top_arm.iter().map(|p| in_frame(corner, *p)).collect();
    paint(c, &Shape::Polygon(points), Style::fill(fleet(corner).light));
}

/// The 3 × 3 centre: four triangles, each pointing at its fleet's home column.
fn centre(c: &mut IndexedImage) {
    for corner in 0..CORNERS {
        let points =
            [(6.0, 6.0), (9.0, 6.0), (7.5, 7.5)].iter().map(|p| in_frame(corner, *p)).collect();
        paint(c, &Shape::Polygon(points), Style::outlined(fleet(corner).full, palette::INK, 2.5));
    }
    paint(
        c,
        &Shape::circle(layout::centre(), 17.0),
        Style::outlined(palette::WHITE, palette::INK, 2.5),
    );
}

/// A white chevron at `centre` pointing from `from` towards `to` (cell coordinates of the top
/// arm's frame), for the direction of travel.
fn chevron(c: &mut IndexedImage, corner: u8, at: Pt) {
    let p = |dx: f32, dy: f32| in_frame(corner, (at.0 + dx, at.1 + dy));
    let style = Style::fill(palette::WHITE);
    paint(c, &Shape::line(p(-0.16, -0.08), p(0.0, 0.1), 6.0), style);
    paint(c, &Shape::line(p(0.16, -0.08), p(0.0, 0.1), 6.0), style);
}

fn home_column(c: &mut IndexedImage, corner: u8) {
    let f = fleet(corner);
    for cell in 1..=5 {
        square(c, layout::home(corner, cell), f.mid);
        chevron(c, corner, (7.5, 0.5 + f32::from(cell)));
    }
    // The turn-in square (step 50) points into the column.
    let turn_in = layout::track(track_square(corner, TURN_IN));
    paint(c, &Shape::circle(turn_in, 13.0), Style::outlined(f.full, palette::WHITE, 3.0));
    chevron(c, corner, (7.5, 0.5));
}

/// The dashed flight from the fleet's step 18 to its step 30, across the opposite arm.
fn shortcut(c: &mut IndexedImage, corner: u8) {
    let f = fleet(corner);
    let a = layout::track(track_square(corner, SHORTCUT_FROM));
    let b = layout::track(track_square(corner, SHORTCUT_TO));
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
    let start = (a.0 + ux * SQUARE * 0.55, a.1 + uy * SQUARE * 0.55);
    let end = (b.0 - ux * SQUARE * 0.55, b.1 - uy * SQUARE * 0.55);
    let stop = (end.0 - ux * 20.0, end.1 - uy * 20.0);
    dashed(c, start, stop, 7.0, 15.0, 10.0, Style::fill(f.dark));
    let tip = Shape::Polygon(vec![
        end,
        (stop.0 - uy * 11.0, stop.1 + ux * 11.0),
        (stop.0 + uy * 11.0, stop.1 - ux * 11.0),
    ]);
    paint(c, &tip, Style::fill(f.dark));
    // A small plane on the take-off square shows where the flight starts.
    let mark = Shape::circle(a, 12.0);
    paint(c, &mark, Style::outlined(f.dark, palette::WHITE, 2.5));
}

fn hangar(c: &mut IndexedImage, corner: u8) {
    let f = fleet(corner);
    let (min, max) = layout::hangar(corner);
    let panel = Shape::RoundRect {
        min: (min.0 + 6.0, min.1 + 6.0),
        max: (max.0 - 6.0, max.1 - 6.0),
        r: 22.0,
    };
    paint(c, &panel, Style::outlined(f.light, f.full, 5.0));
    for slot in 0..4 {
        let ring = Shape::circle(layout::slot(corner, slot), 30.0);
        paint(c, &ring, Style::outlined(palette::WHITE, f.mid, 3.0));
    }
    let letter = TextStyle::new(50.0, Weight::Bold, f.dark);
    let word = &crate::labels::current().aero[usize::from(corner % 4)];
    text::draw(c, word, Anchor::Centre(layout::letter(corner)), letter);
    // The launch square, with an arrow to the entry square.
    let launch = layout::launch(corner);
    square(c, launch, f.full);
    let to = layout::track(entry(corner));
    let (dx, dy) = ((to.0 - launch.0) / CELL, (to.1 - launch.1) / CELL);
    let tri = Shape::Polygon(vec![
        (launch.0 + dx * 14.0, launch.1 + dy * 14.0),
        (launch.0 - dx * 9.0 - dy * 13.0, launch.1 - dy * 9.0 + dx * 13.0),
        (launch.0 - dx * 9.0 + dy * 13.0, launch.1 - dy * 9.0 - dx * 13.0),
    ]);
    paint(c, &tri, Style::fill(palette::WHITE));
}
