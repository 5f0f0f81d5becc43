//! The static «Воздушный бой» board, drawn once per edition into the background cache. All of
//! it is read from the core's `board` data — the node grid, the headquarters, the airfields'
//! parking nodes, the AA units with their facings and, in «Аэрофото», their danger zones;
//! nothing of the layout is repeated here. Only the scenery is the renderer's own, and it is
//! placed by a fixed hash, so every picture is the same ([`super::scenery`]).
//!
//! In drawing order: the edition's ground and scenery; in «Аэрофото» the danger zones, each
//! covered node's square tinted in the side's zone colour (split corner to corner where both
//! sides cover it) and the outline of each side's zones; the grid lines through the nodes; the
//! airfields as concrete aprons with a pad on every parking node; a dot on every node; the
//! headquarters and AA units; the frame, the coordinates and the empty status strip.

use igroteka::games::air_battle::board::{self, AA_UNITS};
use igroteka::games::air_battle::{Dir, Edition, Node, Side};

use crate::background::Background;
use crate::canvas::IndexedImage;
use crate::grid;
use crate::palette::{self, Ink};
use crate::shapes::{Shape, Style, paint};
use crate::strip;
use crate::text::{self, Anchor};

use super::layout::{self, BOARD, PITCH, WIDTH};
use super::pieces::{self, inks};
use super::scenery;

/// «Игрушка»: the toy board.
pub static TOY: Background = Background::new(|| draw(Edition::Toy));
/// «Аэрофото»: the photo map.
pub static PHOTO: Background = Background::new(|| draw(Edition::Photo));

/// The background of `edition`.
pub fn background(edition: Edition) -> &'static Background {
    match edition {
        Edition::Toy => &TOY,
        Edition::Photo => &PHOTO,
    }
}

/// The inks the grid is printed in: lines and node dots.
fn grid_inks(edition: Edition) -> (Ink, Ink) {
    match edition {
        Edition::Toy => (palette::GREEN_MID, palette::GREEN_DARK),
        Edition::Photo => (palette::PHOTO_ROAD, palette::INK),
    }
}

fn draw(edition: Edition) -> IndexedImage {
    let mut c = IndexedImage::new(WIDTH, BOARD + strip::HEIGHT, palette::PAPER);
    strip::draw_ground(&mut c);
    match edition {
        Edition::Toy => scenery::toy(&mut c),
        Edition::Photo => {
            scenery::photo(&mut c);
            zones(&mut c);
        }
    }
    let (line, dot) = grid_inks(edition);
    lines(&mut c, line);
    airfields(&mut c);
    for node in board::all_nodes() {
        // A small square dot, pixel-aligned: crisp, and cheap for the PNG (192 of them).
        let (x, y) = layout::node(node);
        c.fill_rect(x as i32 - 2, y as i32 - 2, 5, 5, dot);
    }
    for side in Side::BOTH {
        pieces::headquarters(&mut c, side, layout::node(board::headquarters(side)));
    }
    for unit in AA_UNITS.iter() {
        pieces::aa_unit(&mut c, unit.side, unit.kind, unit.facing, layout::node(unit.node));
    }
    margins(&mut c);
    coordinates(&mut c);
    c
}

/// One-pixel lines through every rank and file of nodes.
fn lines(c: &mut IndexedImage, ink: Ink) {
    let (first, last) = (layout::node((0, board::HEIGHT - 1)), layout::node((board::WIDTH - 1, 0)));
    let (w, h) = ((last.0 - first.0) as u32 + 1, (last.1 - first.1) as u32 + 1);
    for x in 0..board::WIDTH {
        let at = layout::node((x, 0)).0 as i32;
        c.fill_rect(at, first.1 as i32, 1, h, ink);
    }
    for y in 0..board::HEIGHT {
        let at = layout::node((0, y)).1 as i32;
        c.fill_rect(first.0 as i32, at, w, 1, ink);
    }
}

/// Each airfield as a concrete apron round its parking nodes, a pad on each.
fn airfields(c: &mut IndexedImage) {
    for side in Side::BOTH {
        let parking: Vec<Node> =
            board::all_nodes().filter(|n| board::is_airfield(side, *n)).collect();
        for group in groups(&parking) {
            let (mut min, mut max) = ((f32::MAX, f32::MAX), (f32::MIN, f32::MIN));
            for node in &group {
                let (x, y) = layout::node(*node);
                min = (min.0.min(x), min.1.min(y));
                max = (max.0.max(x), max.1.max(y));
            }
            let pad = PITCH * 0.45;
            let apron = Shape::RoundRect {
                min: (min.0 - pad, min.1 - pad),
                max: (max.0 + pad, max.1 + pad),
                r: 10.0,
            };
            paint(c, &apron, Style::outlined(palette::GREY_LIGHT, palette::GREY, 3.0));
            for node in &group {
                // A square parking stand, pixel-aligned (cheap for the PNG).
                let (x, y) = layout::node(*node);
                let h = (PITCH * 0.36) as i32;
                let side = 2 * h as u32 + 1;
                c.fill_rect(x as i32 - h, y as i32 - h, side, side, palette::RULE);
                c.fill_rect(
                    x as i32 - h + 2,
                    y as i32 - h + 2,
                    side - 4,
                    side - 4,
                    palette::PAPER_DARK,
                );
            }
        }
    }
}

/// `nodes` split into groups of neighbours (each airfield is one).
fn groups(nodes: &[Node]) -> Vec<Vec<Node>> {
    let mut left: Vec<Node> = nodes.to_vec();
    let mut out = Vec::new();
    while let Some(first) = left.pop() {
        let mut group = vec![first];
        let mut i = 0;
        while i < group.len() {
            let at = group[i];
            for dir in Dir::ALL {
                if let Some(next) = board::step(at, dir) {
                    if let Some(k) = left.iter().position(|n| *n == next) {
                        group.push(left.swap_remove(k));
                    }
                }
            }
            i += 1;
        }
        out.push(group);
    }
    out
}

/// «Аэрофото»: every node an AA unit covers, its square of the map tinted towards the owner's
/// colour (split corner to corner where both sides cover it), so the map still shows through;
/// then each side's zones outlined where they meet a node the side does not cover.
fn zones(c: &mut IndexedImage) {
    let covers = |side: Side, node: Node| board::zone_of(side, node).is_some();
    let tints = [tint(Side::South), tint(Side::North)];
    for node in board::all_nodes() {
        let (south, north) = (covers(Side::South, node), covers(Side::North, node));
        if !south && !north {
            continue;
        }
        let ((x0, y0), (x1, y1)) = layout::square(node);
        for y in y0 as i32..y1 as i32 {
            for x in x0 as i32..x1 as i32 {
                // Where both cover the node, South has the lower-left half.
                let lower_left = (x - x0 as i32) < (y - y0 as i32);
                let side = if south && (lower_left || !north) { 0 } else { 1 };
                let at = y as usize * c.width as usize + x as usize;
                c.pixels[at] = tints[side][usize::from(c.pixels[at])];
            }
        }
    }
    for side in Side::BOTH {
        let ink = inks(side).dark;
        for node in board::all_nodes().filter(|n| covers(side, *n)) {
            let ((x0, y0), (x1, y1)) = layout::square(node);
            for dir in Dir::ALL {
                if board::step(node, dir).is_some_and(|n| covers(side, n)) {
                    continue;
                }
                // Axis-aligned, so drawn pixel-aligned: crisp, and cheap for the PNG.
                let (x0, y0, x1, y1) = (x0 as i32, y0 as i32, x1 as i32, y1 as i32);
                let (x, y, w, h) = match dir {
                    Dir::N => (x0 - 1, y0 - 1, x1 - x0 + 3, 3),
                    Dir::S => (x0 - 1, y1 - 1, x1 - x0 + 3, 3),
                    Dir::E => (x1 - 1, y0 - 1, 3, y1 - y0 + 3),
                    Dir::W => (x0 - 1, y0 - 1, 3, y1 - y0 + 3),
                };
                c.fill_rect(x, y, w as u32, h as u32, ink);
            }
        }
    }
}

/// For every palette entry, the entry of its colour tinted towards `side`'s zone colour: the
/// map's crops to their own tinted inks (so flat fields stay flat), the rest to the nearest.
fn tint(side: Side) -> Vec<u8> {
    let inks = inks(side);
    let pal = palette::palette();
    (0..pal.colours.len())
        .map(|i| {
            let crop = inks.zone_crops.iter().find(|(plain, _)| usize::from(plain.0) == i);
            match crop {
                Some((_, tinted)) => tinted.0,
                None => pal.nearest(palette::mix(pal.colours[i], inks.zone, 0.4)),
            }
        })
        .collect()
}

/// The margins round the ground repainted in paper (scenery may spill over the ground's edge),
/// and a dark frame round the ground.
fn margins(c: &mut IndexedImage) {
    let ((x0, y0), (x1, y1)) = layout::ground();
    let (x0, y0, x1, y1) = (x0 as i32, y0 as i32, x1 as i32, y1 as i32);
    let (w, h) = (WIDTH as i32, BOARD as i32);
    c.fill_rect(0, 0, w as u32, y0 as u32, palette::PAPER);
    c.fill_rect(0, y1, w as u32, (h - y1) as u32, palette::PAPER);
    c.fill_rect(0, 0, x0 as u32, h as u32, palette::PAPER);
    c.fill_rect(x1, 0, (w - x1) as u32, h as u32, palette::PAPER);
    let frame = Shape::RoundRect {
        min: (x0 as f32 - 3.0, y0 as f32 - 3.0),
        max: (x1 as f32 + 3.0, y1 as f32 + 3.0),
        r: 3.0,
    };
    paint(c, &frame, Style::stroke(palette::INK, 3.0));
}

/// The file letters above and below the ground and the rank numbers left and right, as the
/// players type the nodes' names.
fn coordinates(c: &mut IndexedImage) {
    let style = grid::coordinate_style();
    for file in 0..board::WIDTH {
        let name = char::from(b'a' + file).to_string();
        for top in [false, true] {
            text::draw(c, &name, Anchor::Centre(layout::file_label(file, top)), style);
        }
    }
    for rank in 0..board::HEIGHT {
        let name = (rank + 1).to_string();
        for right in [false, true] {
            text::draw(c, &name, Anchor::Centre(layout::rank_label(rank, right)), style);
        }
    }
}
