//! Aeroplane Chess: a frame is the cached board plus, per view, the hangar states (empty seat,
//! resigned, finished place, whose turn), the planes (sprites, grouped by square, stacks shown
//! once with a count), their choice labels on top of everything, and the status strip (whose
//! turn, the roll as a die, sixes so far).

mod board;
mod fleet;
mod layout;
mod pieces;

use igroteka::games::aeroplane::{PlaneSpot, PlaneView, View};

use crate::canvas::IndexedImage;
use crate::palette;
use crate::shapes::{Pt, Shape, Style, paint};
use crate::strip::Strip;
use crate::text::{self, Anchor, TextStyle, Weight};
use crate::widgets::{self, BadgeKind};

use pieces::Size;

/// Picture size: the 900 px board and the status strip under it.
pub const WIDTH: u32 = layout::BOARD;
pub const HEIGHT: u32 = layout::BOARD + crate::strip::HEIGHT;

/// Draws `view` into `frame` (its buffer reused).
pub fn draw(view: &View, frame: &mut IndexedImage) {
    board::BACKGROUND.start(frame);
    for (corner, state) in view.corners.iter().enumerate().take(4) {
        hangar_state(frame, corner as u8, state, view.to_move == Some(corner as u8));
    }
    let labels = planes(frame, &view.planes);
    for (centre, label) in labels {
        widgets::label_badge(frame, clamp_badge(centre, &label), &label, BadgeKind::Choice);
    }
    status(frame, view);
}

fn panel(corner: u8, inset: f32) -> Shape {
    let (min, max) = layout::hangar(corner);
    Shape::RoundRect {
        min: (min.0 + inset, min.1 + inset),
        max: (max.0 - inset, max.1 - inset),
        r: 22.0,
    }
}

fn hangar_state(
    frame: &mut IndexedImage,
    corner: u8,
    state: &igroteka::games::aeroplane::CornerView,
    to_move: bool,
) {
    if state.seat.is_none() || state.resigned {
        // Nobody flies from here (any more): grey the hangar out.
        paint(frame, &panel(corner, 6.0), Style::outlined(palette::GREY_LIGHT, palette::GREY, 5.0));
        let letter = TextStyle::new(50.0, Weight::Bold, palette::GREY);
        let word = &crate::labels::current().aero[usize::from(corner % 4)];
        text::draw(frame, word, Anchor::Centre(layout::letter(corner)), letter);
        let launch = Shape::rect(layout::launch(corner), 52.0, 52.0, 10.0);
        paint(frame, &launch, Style::outlined(palette::GREY_LIGHT, palette::GREY, 2.5));
    }
    if state.resigned {
        let (min, max) = layout::hangar(corner);
        let (a, b) = ((min.0 + 50.0, min.1 + 50.0), (max.0 - 50.0, max.1 - 50.0));
        let style = Style::fill(palette::MARK_RED);
        paint(frame, &Shape::line(a, b, 14.0), style);
        paint(frame, &Shape::line((a.0, b.1), (b.0, a.1), 14.0), style);
    }
    if let Some(place) = state.place {
        let at = layout::status(corner);
        paint(
            frame,
            &Shape::circle(at, 25.0),
            Style::outlined(palette::GOLD, palette::GOLD_DARK, 3.0),
        );
        let style = TextStyle::new(30.0, Weight::Bold, palette::INK);
        text::draw(frame, &place.to_string(), Anchor::Centre(at), style);
    }
    if to_move {
        paint(frame, &panel(corner, 1.0), Style::stroke(palette::GOLD, 8.0));
    }
}

/// Offsets of the members of a group sharing one square, by group size.
fn fan(count: usize) -> &'static [Pt] {
    match count {
        0 | 1 => &[(0.0, 0.0)],
        2 => &[(-12.0, -12.0), (12.0, 12.0)],
        3 => &[(-13.0, -11.0), (13.0, -11.0), (0.0, 13.0)],
        _ => &[(-13.0, -13.0), (13.0, -13.0), (-13.0, 13.0), (13.0, 13.0)],
    }
}

/// One drawn plane: the plane shown, the stack size it carries, and its label.
struct Shown<'a> {
    plane: &'a PlaneView,
    stack: u8,
    label: Option<&'a str>,
}

/// Groups the planes by the square they stand on; a stack is shown once, as its lowest
/// numbered plane, carrying the first label found among its planes.
fn groups(planes: &[PlaneView]) -> Vec<(Pt, Vec<Shown<'_>>)> {
    let mut groups: Vec<(Pt, Vec<Shown<'_>>)> = Vec::new();
    let mut sorted: Vec<&PlaneView> = planes.iter().collect();
    sorted.sort_by_key(|p| (p.corner, p.number));
    for plane in sorted {
        let at = layout::spot(plane.corner, plane.spot);
        let index = match groups.iter().position(|(p, _)| *p == at) {
            Some(i) => i,
            None => {
                groups.push((at, Vec::new()));
                groups.len() - 1
            }
        };
        let members = &mut groups[index].1;
        let stacked_with = members
            .iter_mut()
            .find(|m| plane.stack > 1 && m.stack == plane.stack && m.plane.corner == plane.corner);
        match stacked_with {
            Some(shown) => shown.label = shown.label.or(plane.label.as_deref()),
            None => {
                members.push(Shown { plane, stack: plane.stack, label: plane.label.as_deref() })
            }
        }
    }
    groups
}

/// Draws the planes; returns the labels to draw on top, with their badge centres.
fn planes(frame: &mut IndexedImage, planes: &[PlaneView]) -> Vec<(Pt, String)> {
    let mut labels = Vec::new();
    for (at, members) in groups(planes) {
        let size = if members.len() > 1 { Size::Small } else { Size::Normal };
        for (shown, offset) in members.iter().zip(fan(members.len())) {
            // Fanned groups near the edge stay on the picture.
            let edge = 22.0;
            let board = layout::BOARD as f32;
            let centre = (
                (at.0 + offset.0).clamp(edge, board - edge),
                (at.1 + offset.1).clamp(edge, board - edge),
            );
            let p = shown.plane;
            let sprite = match p.spot {
                PlaneSpot::Finished { .. } => pieces::finished(p.corner),
                _ => pieces::plane(p.corner, p.number, size),
            };
            sprite.stamp(frame, centre);
            let k = if size == Size::Small { 0.75 } else { 1.0 };
            if shown.stack > 1 {
                widgets::count_badge(
                    frame,
                    (centre.0 - 20.0 * k, centre.1 + 22.0 * k),
                    shown.stack,
                );
            }
            if let Some(label) = shown.label {
                let spread =
                    if members.len() > 1 { (offset.0 * 1.2, offset.1 * 1.2) } else { (0.0, 0.0) };
                let badge = (centre.0 + 22.0 * k + spread.0, centre.1 - 24.0 * k + spread.1);
                labels.push((badge, label.to_string()));
            }
        }
    }
    labels
}

/// Keeps a badge inside the board.
fn clamp_badge(centre: Pt, label: &str) -> Pt {
    let half = widgets::badge_width(label) / 2.0;
    let edge = widgets::BADGE_HEIGHT / 2.0 + 3.0;
    let board = layout::BOARD as f32;
    (centre.0.clamp(half + 3.0, board - half - 3.0), centre.1.clamp(edge, board - edge))
}

fn status(frame: &mut IndexedImage, view: &View) {
    let mut strip = Strip::new(frame);
    match view.to_move {
        Some(corner) => {
            strip.turn_marker();
            strip.left(64.0, |c, p| pieces::plane(corner, 0, Size::Normal).stamp(c, p));
            strip
                .left_text(&crate::labels::current().aero[usize::from(corner % 4)], palette::WHITE);
        }
        None => {
            let mut placed: Vec<(u8, u8)> = view
                .corners
                .iter()
                .enumerate()
                .filter_map(|(corner, c)| c.place.map(|place| (place, corner as u8)))
                .collect();
            placed.sort_unstable();
            for (place, corner) in placed {
                strip.left_text(&format!("{place}."), palette::WHITE);
                strip.left(64.0, |c, p| pieces::plane(corner, 0, Size::Normal).stamp(c, p));
            }
        }
    }
    if let Some(roll) = view.last_roll {
        strip.die(roll);
    }
    for _ in 0..view.sixes {
        strip.right(38.0, |c, p| widgets::die(c, p, 38.0, 6));
    }
}
