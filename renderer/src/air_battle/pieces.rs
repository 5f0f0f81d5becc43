//! The pieces of «Воздушный бой», each drawn once into a sprite: the aircraft, seen from above
//! with the nose the way they face, and the ghost that shows where a previewed flight ends.
//! Also the sides' inks and the small printed marks (AA units, headquarters) the board draws.
//!
//! Colour is never the only cue. Bombers are big, with broad straight wings and four engines;
//! fighters small, with swept wings and none. Red (South) and Green (North) differ in colour,
//! and each side starts at its own end of the board facing the other. An aircraft in the air
//! casts a shadow; one still parked on its airfield does not. Only the aircraft use a side's
//! full ink on the board (the AA units, flags and zones use its dark ink), so an aircraft's
//! colour is never mistaken for the printed board.

use std::f32::consts::{FRAC_PI_2, PI};
use std::sync::OnceLock;

use igroteka::games::air_battle::board::AaKind;
use igroteka::games::air_battle::{Dir, Kind, Side};

use crate::canvas::{Faded, Surface};
use crate::palette::{self, Ink};
use crate::shapes::{Pt, Shape, Style, paint};
use crate::sprite::Sprite;

/// The inks of one side.
#[derive(Debug, Clone, Copy)]
pub struct Inks {
    /// The aircraft.
    pub full: Ink,
    /// The printed board: AA units, flags, danger-zone borders; the last flights' text.
    pub dark: Ink,
    /// AA units' bodies.
    pub light: Ink,
    /// The colour the «Аэрофото» danger zones are tinted towards.
    pub zone: [u8; 3],
    /// The map's fields, meadows and soil tinted so, in its zones.
    pub zone_crops: [(Ink, Ink); 3],
}

/// The inks of `side`: South red, North green.
pub fn inks(side: Side) -> Inks {
    match side {
        Side::South => Inks {
            full: palette::RED,
            dark: palette::RED_DARK,
            light: palette::RED_LIGHT,
            zone: [0xe5, 0x39, 0x35],
            zone_crops: [
                (palette::PHOTO_FIELD, palette::FIELD_SOUTH),
                (palette::PHOTO_MEADOW, palette::MEADOW_SOUTH),
                (palette::PHOTO_SOIL, palette::SOIL_SOUTH),
            ],
        },
        Side::North => Inks {
            full: palette::GREEN,
            dark: palette::GREEN_DARK,
            light: palette::GREEN_LIGHT,
            zone: [0xc8, 0xf0, 0x5a],
            zone_crops: [
                (palette::PHOTO_FIELD, palette::FIELD_NORTH),
                (palette::PHOTO_MEADOW, palette::MEADOW_NORTH),
                (palette::PHOTO_SOIL, palette::SOIL_NORTH),
            ],
        },
    }
}

/// The angle (radians, clockwise from up) of a piece facing `dir`, North being up.
pub fn angle(dir: Dir) -> f32 {
    match dir {
        Dir::N => 0.0,
        Dir::E => FRAC_PI_2,
        Dir::S => PI,
        Dir::W => 3.0 * FRAC_PI_2,
    }
}

/// The unit vector of `dir` in picture coordinates (y down).
pub fn unit(dir: Dir) -> Pt {
    let (dx, dy) = dir.delta();
    (f32::from(dx), -f32::from(dy))
}

/// Half the wingspan of a bomber and of a fighter, in pixels (the nodes are 70 px apart).
pub const BOMBER: f32 = 32.0;
pub const FIGHTER: f32 = 26.0;

/// The half-span of `kind`.
pub fn span(kind: Kind) -> f32 {
    match kind {
        Kind::Bomber => BOMBER,
        Kind::Fighter => FIGHTER,
    }
}

/// Right halves of the silhouettes, nose (0, −1) to tail, in units of the half-span; the left
/// half is the mirror image. The bomber's wings are broad and straight, the fighter's swept.
const BOMBER_HALF: &[Pt] = &[
    (0.0, -1.0),
    (0.1, -0.92),
    (0.14, -0.62),
    (0.14, -0.32),
    (1.0, -0.2),
    (1.0, 0.04),
    (0.14, 0.14),
    (0.11, 0.62),
    (0.46, 0.72),
    (0.46, 0.9),
    (0.06, 0.94),
    (0.0, 0.98),
];
const FIGHTER_HALF: &[Pt] = &[
    (0.0, -1.0),
    (0.1, -0.8),
    (0.13, -0.36),
    (1.0, 0.22),
    (1.0, 0.4),
    (0.13, 0.22),
    (0.11, 0.6),
    (0.46, 0.84),
    (0.46, 0.98),
    (0.0, 0.92),
];

/// The whole silhouette of `kind` in unit space.
fn outline(kind: Kind) -> Vec<Pt> {
    let half = match kind {
        Kind::Bomber => BOMBER_HALF,
        Kind::Fighter => FIGHTER_HALF,
    };
    let mut points = half.to_vec();
    points.extend(half.iter().rev().filter(|p| p.0 > 0.0).map(|&(x, y)| (-x, y)));
    points
}

/// The silhouette of `kind` facing `dir`, centred on `at`, `scale` times its usual size.
pub fn silhouette(kind: Kind, dir: Dir, at: Pt, scale: f32) -> Shape {
    Shape::polygon(&outline(kind), at, span(kind) * scale, angle(dir))
}

/// A surface that paints a pixel fully or not at all (more than half covered or not): a shadow
/// with a hard edge lays one tone on each ground, where a soft edge lays several (and the PNG
/// pays for each).
struct Hard<S: Surface>(S);

impl<S: Surface> Surface for Hard<S> {
    fn width(&self) -> u32 {
        self.0.width()
    }

    fn height(&self) -> u32 {
        self.0.height()
    }

    fn blend(&mut self, x: i32, y: i32, rgb: [u8; 3], alpha: f32) {
        if alpha >= 0.5 {
            self.0.blend(x, y, rgb, 1.0);
        }
    }
}

/// Where a flying aircraft's shadow falls, from its centre.
const SHADOW: Pt = (6.0, 9.0);

/// Draws an aircraft of `side` and `kind` facing `dir` at `at` on `s`, `scale` times its
/// usual size, with a shadow when `flying`.
fn aircraft<S: Surface + ?Sized>(
    s: &mut S,
    side: Side,
    kind: Kind,
    dir: Dir,
    at: Pt,
    flying: bool,
    scale: f32,
) {
    let inks = inks(side);
    let k = span(kind) * scale;
    let points = outline(kind);
    if flying {
        let shadow = Shape::polygon(&points, (at.0 + SHADOW.0, at.1 + SHADOW.1), k, angle(dir));
        paint(&mut Hard(Faded(s, 0.3)), &shadow, Style::fill(palette::INK));
    }
    // The dark outline keeps the aircraft clear on any ground (a white rim round it too would
    // cost the PNG about a ninth of its size for little).
    let body = Shape::polygon(&points, at, k, angle(dir));
    paint(s, &body, Style::outlined(inks.full, palette::INK, 2.0));
    let (s_, c_) = angle(dir).sin_cos();
    let place = |x: f32, y: f32| (at.0 + k * (x * c_ - y * s_), at.1 + k * (x * s_ + y * c_));
    if kind == Kind::Bomber {
        // Four engines on the wings' leading edge.
        for x in [-0.72, -0.4, 0.4, 0.72] {
            let engine = Shape::line(place(x, -0.36), place(x, -0.12), 0.14 * k);
            paint(s, &engine, Style::fill(palette::INK));
        }
    }
    // The cockpit.
    let cockpit = Shape::line(place(0.0, -0.72), place(0.0, -0.5), 0.13 * k);
    paint(s, &cockpit, Style::fill(palette::INK));
}

/// Side of an aircraft sprite: room for the biggest aircraft, its rim and its shadow.
const SPRITE: u32 = 92;

fn key(side: Side, kind: Kind, dir: Dir) -> usize {
    (side.index() * 2 + kind as usize) * 4 + dir as usize
}

/// The sprite of an aircraft, parked or flying (with its shadow).
pub fn plane(side: Side, kind: Kind, dir: Dir, flying: bool) -> &'static Sprite {
    static SPRITES: OnceLock<Vec<Sprite>> = OnceLock::new();
    let sprites = SPRITES.get_or_init(|| {
        let mut all = Vec::with_capacity(32);
        for flying in [false, true] {
            for side in Side::BOTH {
                for kind in Kind::BOTH {
                    for dir in Dir::ALL {
                        all.push(Sprite::draw(SPRITE, SPRITE, |s| {
                            let c = s.centre();
                            aircraft(s, side, kind, dir, c, flying, 1.0);
                        }));
                    }
                }
            }
        }
        all
    });
    &sprites[usize::from(flying) * 16 + key(side, kind, dir)]
}

/// A small aircraft facing up, for the status strip.
pub fn icon(side: Side, kind: Kind) -> &'static Sprite {
    static SPRITES: OnceLock<Vec<Sprite>> = OnceLock::new();
    let sprites = SPRITES.get_or_init(|| {
        let mut all = Vec::with_capacity(4);
        for side in Side::BOTH {
            for kind in Kind::BOTH {
                all.push(Sprite::draw(60, 60, |s| {
                    let c = s.centre();
                    aircraft(s, side, kind, Dir::N, c, false, 0.78);
                }));
            }
        }
        all
    });
    &sprites[side.index() * 2 + kind as usize]
}

/// The ghost of an aircraft where a previewed flight ends, facing the way it will face: white,
/// outlined in the side's colour (a real aircraft is filled with it).
pub fn ghost(side: Side, kind: Kind, dir: Dir) -> &'static Sprite {
    static SPRITES: OnceLock<Vec<Sprite>> = OnceLock::new();
    let sprites = SPRITES.get_or_init(|| {
        let mut all = Vec::with_capacity(16);
        for side in Side::BOTH {
            for kind in Kind::BOTH {
                for dir in Dir::ALL {
                    all.push(Sprite::draw(SPRITE, SPRITE, |s| {
                        let body = silhouette(kind, dir, s.centre(), 1.0);
                        let style = Style::outlined(palette::WHITE, inks(side).full, 4.0);
                        paint(s, &body, style);
                    }));
                }
            }
        }
        all
    });
    &sprites[key(side, kind, dir)]
}

/// An AA unit printed on the board, facing `dir`: a gun emplacement is round with twin
/// barrels, a rocket launcher a square pad with two dark missiles on its rails.
pub fn aa_unit<S: Surface + ?Sized>(s: &mut S, side: Side, kind: AaKind, dir: Dir, at: Pt) {
    let inks = inks(side);
    let (ux, uy) = unit(dir);
    let (px, py) = (-uy, ux);
    let along = |t: f32, across: f32| (at.0 + ux * t + px * across, at.1 + uy * t + py * across);
    match kind {
        AaKind::Gun => {
            let base = Shape::circle(at, 15.0);
            paint(s, &base, Style::outlined(inks.light, inks.dark, 3.0));
            for across in [-3.5, 3.5] {
                let barrel = Shape::line(along(2.0, across), along(25.0, across), 4.0);
                paint(s, &barrel, Style::outlined(inks.dark, palette::INK, 1.0));
            }
            paint(s, &Shape::circle(at, 7.0), Style::outlined(inks.dark, palette::INK, 1.5));
        }
        AaKind::Rocket => {
            let base = Shape::rect(at, 32.0, 32.0, 5.0);
            paint(s, &base, Style::outlined(inks.light, inks.dark, 3.0));
            // Two dark missiles on their rails, white warheads out past the pad.
            for across in [-6.5, 6.5] {
                let missile = Shape::Polygon(vec![
                    along(27.0, across),
                    along(19.0, across + 3.5),
                    along(-10.0, across + 3.5),
                    along(-15.0, across + 6.0),
                    along(-15.0, across - 6.0),
                    along(-10.0, across - 3.5),
                    along(19.0, across - 3.5),
                ]);
                paint(s, &missile, Style::outlined(inks.dark, palette::INK, 1.5));
                let head = Shape::Polygon(vec![
                    along(25.0, across),
                    along(19.5, across + 2.2),
                    along(19.5, across - 2.2),
                ]);
                paint(s, &head, Style::fill(palette::WHITE));
            }
        }
    }
}

/// A headquarters: a bunker with the side's flag on a pole.
pub fn headquarters<S: Surface + ?Sized>(s: &mut S, side: Side, at: Pt) {
    let inks = inks(side);
    let bunker = Shape::rect((at.0, at.1 + 6.0), 40.0, 26.0, 6.0);
    paint(s, &bunker, Style::outlined(palette::GREY_LIGHT, palette::INK, 2.5));
    let door = Shape::rect((at.0, at.1 + 12.0), 10.0, 14.0, 2.0);
    paint(s, &door, Style::fill(palette::INK));
    let foot = (at.0 - 12.0, at.1 - 6.0);
    let top = (foot.0, foot.1 - 30.0);
    paint(s, &Shape::line(foot, top, 3.0), Style::fill(palette::INK));
    let flag = Shape::Polygon(vec![
        (top.0 + 1.0, top.1),
        (top.0 + 16.0, top.1 + 3.0),
        (top.0 + 30.0, top.1 - 1.0),
        (top.0 + 30.0, top.1 + 15.0),
        (top.0 + 16.0, top.1 + 19.0),
        (top.0 + 1.0, top.1 + 16.0),
    ]);
    paint(s, &flag, Style::outlined(inks.dark, palette::INK, 1.5));
    let star = crate::widgets::star((top.0 + 15.0, top.1 + 8.5), 6.0);
    paint(s, &star, Style::fill(palette::WHITE));
}
