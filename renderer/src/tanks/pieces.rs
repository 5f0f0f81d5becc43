//! The «Идут танки» pieces, each drawn once as a sprite: tanks (Red's round, Green's square, so
//! the sides read apart without colour; a white tank seen from above with its gun towards the
//! end of the board it heads for), planes seen from above (nose towards the far airfield),
//! small tokens for the tallies (arrived, destroyed, lost plane), the mine glyph and the rocket
//! stands with their label tags.

use std::sync::OnceLock;

use igroteka::games::tanks::{Heading, RocketLabel};

use crate::palette::{self, Ink};
use crate::shapes::{Pt, Shape, Style, paint};
use crate::sprite::Sprite;
use crate::text::{self, Anchor, TextStyle, Weight};
use crate::widgets;

use super::layout::ROCKET;

/// Token radius of a tank on the field.
pub const TANK: f32 = 22.0;

/// Full, light and dark ink of a side (0 Red, 1 Green).
pub fn inks(side: u8) -> (Ink, Ink, Ink) {
    if side == 0 {
        (palette::RED, palette::RED_LIGHT, palette::RED_DARK)
    } else {
        (palette::GREEN, palette::GREEN_LIGHT, palette::GREEN_DARK)
    }
}

/// A side's token outline: Red's round, Green's a rounded square of the same area.
pub fn token_shape(side: u8, centre: Pt, r: f32) -> Shape {
    if side == 0 {
        Shape::circle(centre, r)
    } else {
        let s = r * 1.8;
        Shape::rect(centre, s, s, r * 0.4)
    }
}

fn tank_sprite(side: u8, dir: f32, r: f32) -> Sprite {
    let size = (2.0 * r + 18.0).ceil() as u32;
    Sprite::draw(size, size, |s| {
        let c = s.centre();
        let (full, _, _) = inks(side);
        let k = r / TANK;
        // The gun sticks out of the token towards the heading: an arrow that needs no legend.
        let muzzle = (c.0, c.1 + dir * (r + 7.0 * k));
        paint(s, &Shape::line(c, muzzle, 8.0 * k), Style::fill(palette::INK));
        paint(s, &token_shape(side, c, r), Style::outlined(full, palette::INK, 2.5 * k));
        let hull = Shape::rect((c.0, c.1 - dir * 2.0 * k), 20.0 * k, 24.0 * k, 3.0 * k);
        paint(s, &hull, Style::outlined(palette::WHITE, palette::INK, 1.5 * k));
        let turret = Shape::circle((c.0, c.1 - dir * 2.0 * k), 7.0 * k);
        paint(s, &turret, Style::outlined(palette::WHITE, palette::INK, 1.5 * k));
        let gun =
            Shape::line((c.0, c.1 + dir * 4.0 * k), (c.0, c.1 + dir * (r + 5.0 * k)), 3.5 * k);
        paint(s, &gun, Style::fill(palette::WHITE));
    })
}

fn heading_dir(heading: Heading) -> f32 {
    match heading {
        Heading::Down => 1.0,
        Heading::Up => -1.0,
    }
}

/// The token of a tank of `side` heading `heading`.
pub fn tank(side: u8, heading: Heading) -> &'static Sprite {
    static SPRITES: OnceLock<Vec<Sprite>> = OnceLock::new();
    let sprites = SPRITES.get_or_init(|| {
        (0..2u8)
            .flat_map(|side| [tank_sprite(side, 1.0, TANK), tank_sprite(side, -1.0, TANK)])
            .collect()
    });
    &sprites[usize::from(side.min(1)) * 2 + usize::from(heading_dir(heading) < 0.0)]
}

/// The upper half of a plane seen from above, nose at (1, 0), in a unit design space.
const PLANE_HALF: [Pt; 11] = [
    (1.0, 0.0),
    (0.84, -0.1),
    (0.3, -0.12),
    (-0.02, -0.95),
    (-0.22, -0.95),
    (-0.14, -0.12),
    (-0.66, -0.1),
    (-0.84, -0.42),
    (-1.0, -0.42),
    (-0.92, -0.06),
    (-1.0, 0.0),
];

fn plane_outline() -> Vec<Pt> {
    let mut points = PLANE_HALF.to_vec();
    points.extend(PLANE_HALF[1..PLANE_HALF.len() - 1].iter().rev().map(|&(x, y)| (x, -y)));
    points
}

/// Plane span (wing tip to wing tip is a little less) in pixels.
pub const PLANE: f32 = 24.0;

/// How a plane sprite looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PlaneLook {
    Flying,
    Wreck,
}

fn plane_sprite(side: u8, right: bool, look: PlaneLook, scale: f32) -> Sprite {
    let size = (2.0 * scale + 8.0).ceil() as u32;
    Sprite::draw(size, size, |s| {
        let c = s.centre();
        let angle = if right { 0.0 } else { std::f32::consts::PI };
        let (full, light, _) = inks(side);
        let shape = Shape::polygon(&plane_outline(), c, scale, angle);
        match look {
            PlaneLook::Flying => paint(s, &shape, Style::outlined(full, palette::INK, 2.0)),
            PlaneLook::Wreck => {
                paint(s, &shape, Style::outlined(light, palette::GREY, 2.0));
                let d = scale * 0.55;
                let style = Style::fill(palette::MARK_RED);
                paint(s, &Shape::line((c.0 - d, c.1 - d), (c.0 + d, c.1 + d), 4.0), style);
                paint(s, &Shape::line((c.0 - d, c.1 + d), (c.0 + d, c.1 - d), 4.0), style);
            }
        }
    })
}

struct Planes {
    /// By side, size (normal, small) and facing (left, right).
    flying: Vec<Sprite>,
    /// By side: a lost plane in the tally.
    wrecks: Vec<Sprite>,
}

/// Scale of a plane alone on its airfield, and of two sharing one.
const PLANE_SCALES: [f32; 2] = [PLANE, 17.0];

fn planes() -> &'static Planes {
    static SPRITES: OnceLock<Planes> = OnceLock::new();
    SPRITES.get_or_init(|| Planes {
        flying: (0..2u8)
            .flat_map(|side| {
                PLANE_SCALES.into_iter().flat_map(move |scale| {
                    [false, true].map(|right| plane_sprite(side, right, PlaneLook::Flying, scale))
                })
            })
            .collect(),
        wrecks: (0..2u8).map(|side| plane_sprite(side, true, PlaneLook::Wreck, 16.0)).collect(),
    })
}

/// A plane of `side` facing right (parked on the left airfield) or left; `small` when two
/// share an airfield.
pub fn plane(side: u8, right: bool, small: bool) -> &'static Sprite {
    let at = usize::from(side.min(1)) * 4 + usize::from(small) * 2 + usize::from(right);
    &planes().flying[at]
}

/// A lost plane of `side`, for the tally.
pub fn wreck(side: u8) -> &'static Sprite {
    &planes().wrecks[usize::from(side.min(1))]
}

/// Radius of the small tokens in a tally.
pub const SMALL: f32 = 13.0;

fn small_sprite(side: u8, arrived: bool) -> Sprite {
    let size = (2.0 * SMALL + 6.0).ceil() as u32;
    Sprite::draw(size, size, |s| {
        let c = s.centre();
        let (full, light, _) = inks(side);
        let shape = token_shape(side, c, SMALL);
        if arrived {
            paint(s, &shape, Style::outlined(full, palette::INK, 2.0));
            widgets::check(s, c, 20.0, 4.0, palette::WHITE);
        } else {
            paint(s, &shape, Style::outlined(light, palette::GREY, 2.0));
            let d = SMALL * 0.5;
            let style = Style::fill(palette::INK);
            paint(s, &Shape::line((c.0 - d, c.1 - d), (c.0 + d, c.1 + d), 3.0), style);
            paint(s, &Shape::line((c.0 - d, c.1 + d), (c.0 + d, c.1 - d), 3.0), style);
        }
    })
}

/// A small token of `side` for the tally: arrived (a check) or destroyed (a cross).
pub fn small(side: u8, arrived: bool) -> &'static Sprite {
    static SPRITES: OnceLock<Vec<Sprite>> = OnceLock::new();
    let sprites = SPRITES.get_or_init(|| {
        (0..2u8).flat_map(|side| [small_sprite(side, false), small_sprite(side, true)]).collect()
    });
    &sprites[usize::from(side.min(1)) * 2 + usize::from(arrived)]
}

/// The mine glyph: a black ball with spikes, a glint, in a white ring so it shows on a circle.
pub fn mine() -> &'static Sprite {
    static SPRITE: OnceLock<Sprite> = OnceLock::new();
    SPRITE.get_or_init(|| {
        Sprite::draw(30, 30, |s| {
            let c = s.centre();
            paint(s, &Shape::circle(c, 13.5), Style::fill(palette::WHITE));
            let style = Style::fill(palette::MINE);
            for i in 0..4 {
                let a = std::f32::consts::FRAC_PI_4 * i as f32;
                let (dx, dy) = (a.cos() * 11.5, a.sin() * 11.5);
                paint(s, &Shape::line((c.0 - dx, c.1 - dy), (c.0 + dx, c.1 + dy), 3.5), style);
            }
            paint(s, &Shape::circle(c, 7.5), style);
            paint(s, &Shape::circle((c.0 - 2.5, c.1 - 2.5), 2.0), Style::fill(palette::GREY_LIGHT));
        })
    })
}

/// Font size of rocket names.
const ROCKET_NAME: f32 = 17.0;

fn rocket_sprite(owner: u8, name: &str, face_up: bool) -> Sprite {
    let size = (2.0 * ROCKET + 4.0).ceil() as u32;
    Sprite::draw(size, size, |s| {
        let c = s.centre();
        let (full, _, dark) = inks(owner);
        let (style, ink) = if face_up {
            (Style::outlined(palette::WHITE, full, 4.0), dark)
        } else {
            (Style::outlined(full, palette::INK, 2.0), palette::WHITE)
        };
        paint(s, &Shape::circle(c, ROCKET), style);
        text::draw(s, name, Anchor::Centre(c), TextStyle::new(ROCKET_NAME, Weight::Bold, ink));
    })
}

/// Rocket stand `k` of `owner`, face down (its owner's colour) or turned over by a flight.
pub fn rocket(owner: u8, k: usize, face_up: bool) -> &'static Sprite {
    static SPRITES: OnceLock<Vec<Sprite>> = OnceLock::new();
    let sprites = SPRITES.get_or_init(|| {
        let names = igroteka::games::tanks::board::ROCKET_NAMES;
        (0..2u8)
            .flat_map(|owner| {
                (0..3).flat_map(move |k| {
                    let name = names[usize::from(owner)][k];
                    [rocket_sprite(owner, name, false), rocket_sprite(owner, name, true)]
                })
            })
            .collect()
    });
    &sprites[(usize::from(owner.min(1)) * 3 + k.min(2)) * 2 + usize::from(face_up)]
}

/// The text of a rocket label, as printed on the game's own tokens.
pub fn label_text(label: RocketLabel) -> &'static str {
    match label {
        RocketLabel::Hit => "Ц-П",
        RocketLabel::Miss => "П",
    }
}

fn tag_sprite(label: RocketLabel, revealed: bool) -> Sprite {
    let text_size = 21.0;
    let word = label_text(label);
    let w = (text::width(word, text_size, Weight::Bold) + 16.0).max(30.0);
    let h = 28.0f32;
    Sprite::draw((w + 8.0).ceil() as u32, (h + 8.0).ceil() as u32, |s| {
        let c = s.centre();
        let (fill, ink) = match label {
            RocketLabel::Hit => (palette::MARK_RED, palette::WHITE),
            RocketLabel::Miss => (palette::WHITE, palette::INK),
        };
        if revealed {
            paint(s, &Shape::rect(c, w + 6.0, h + 6.0, 8.0), Style::fill(palette::GOLD));
        }
        paint(s, &Shape::rect(c, w, h, 6.0), Style::outlined(fill, palette::INK, 2.0));
        text::draw(s, word, Anchor::Centre(c), TextStyle::new(text_size, Weight::Bold, ink));
    })
}

/// The tag showing a rocket's label: «Ц-П» white on red, «П» black on white; a gold rim when a
/// flight turned it over for everyone to see.
pub fn tag(label: RocketLabel, revealed: bool) -> &'static Sprite {
    static SPRITES: OnceLock<Vec<Sprite>> = OnceLock::new();
    let sprites = SPRITES.get_or_init(|| {
        [RocketLabel::Hit, RocketLabel::Miss]
            .into_iter()
            .flat_map(|l| [tag_sprite(l, false), tag_sprite(l, true)])
            .collect()
    });
    &sprites[usize::from(label == RocketLabel::Miss) * 2 + usize::from(revealed)]
}
