//! «Идут танки»: a frame is the cached board plus, per view, the viewer's own mines (only a
//! private view carries them), the last move's trail, the last flight along its arc with its
//! hit or miss, the rocket stands whose labels this viewer sees, the planes on their airfields,
//! the tanks (with stuck and in-river marks), the tallies of pieces off the field, the choice
//! labels of `options` as badges on what they name, and the status strip.
//!
//! The picture takes everything from the view: what a view does not carry is not drawn.

mod board;
mod layout;
mod pieces;

use igroteka::games::tanks::board::{self as geometry, ArcItem, LAST, NodeId, ROCKET_NAMES};
use igroteka::games::tanks::{FlightView, LastMove, PlaneSpot, RocketLabel, Stage, View};

use crate::canvas::IndexedImage;
use crate::palette::{self, Ink};
use crate::shapes::{self, Pt, Shape, Style, paint};
use crate::strip::{self, Strip};
use crate::text::{self, Anchor, TextStyle, Weight};
use crate::widgets::{self, BadgeKind};

use pieces::TANK;

/// Picture size: the 900 × 1200 board and the status strip under it.
pub const WIDTH: u32 = layout::WIDTH;
pub const HEIGHT: u32 = layout::BOARD + strip::HEIGHT;

/// Draws `view` into `frame` (its buffer reused).
pub fn draw(view: &View, frame: &mut IndexedImage) {
    board::BACKGROUND.start(frame);
    if let Some(last) = &view.last_move {
        trail(frame, view, last);
    }
    // A flight clears the last move, so with both set the move came later: the flight is old.
    let flight_now = view.last_flight.filter(|_| view.last_move.is_none());
    if let Some(f) = flight_now {
        flight(frame, view, f);
    }
    rockets(frame, view);
    planes(frame, view);
    selection(frame, view);
    for tank in view.tanks.iter().filter(|t| layout::valid(t.node)) {
        let Some(at) = layout::node(tank.node) else { continue };
        if tank.in_river {
            paint(
                frame,
                &Shape::circle(at, TANK + 8.0),
                Style::outlined(palette::BLUE_MID, palette::BLUE, 3.0),
            );
        }
        pieces::tank(tank.side, tank.heading).stamp(frame, at);
        if tank.stuck {
            stuck_mark(frame, (at.0 + TANK * 0.85, at.1 - TANK * 0.85));
        }
    }
    mines(frame, view);
    if let Some(last) = &view.last_move {
        trail_end(frame, view, last);
    }
    if let Some(f) = flight_now {
        flight_mark(frame, f);
    }
    for side in 0..2 {
        tally(frame, view, side);
    }
    badges(frame, view);
    status(frame, view);
}

fn tank_at(view: &View, node: NodeId) -> Option<&igroteka::games::tanks::TankView> {
    view.tanks.iter().find(|t| t.node == node)
}

/// How far from a circle's centre a line to it should stop: the token's rim when a tank stands
/// there, else the circle's.
fn stop_radius(view: &View, node: NodeId) -> f32 {
    let circle = layout::radius(node);
    if tank_at(view, node).is_some() { circle.max(TANK + 2.0) } else { circle }
}

/// The last move: the circles it passed ringed and joined in orange, an arrow into the last.
fn trail(frame: &mut IndexedImage, view: &View, last: &LastMove) {
    let points: Vec<(NodeId, Pt)> =
        last.path.iter().filter_map(|n| layout::node(*n).map(|p| (*n, p))).collect();
    let style = Style::fill(palette::LAST_MOVE);
    for (node, at) in &points {
        let r = layout::radius(*node) + 3.0;
        paint(frame, &Shape::circle(*at, r), Style::stroke(palette::LAST_MOVE, 4.0));
    }
    let count = points.len();
    for (i, pair) in points.windows(2).enumerate() {
        let ((na, a), (nb, b)) = (pair[0], pair[1]);
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        if len < 1.0 {
            continue;
        }
        let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
        let ra = layout::radius(na) + 3.0;
        let rb = layout::radius(nb) + 3.0;
        let from = (a.0 + ux * ra, a.1 + uy * ra);
        if i + 2 == count {
            let stop = stop_radius(view, nb) + 3.0;
            widgets::arrow(
                frame,
                from,
                (b.0 - ux * stop, b.1 - uy * stop),
                6.0,
                palette::LAST_MOVE,
            );
        } else {
            paint(frame, &Shape::line(from, (b.0 - ux * rb, b.1 - uy * rb), 6.0), style);
        }
    }
}

/// Where the last move ended with no tank standing there: a gold star on the opponent's big
/// circle (the tank arrived) or a burst (it was destroyed there).
fn trail_end(frame: &mut IndexedImage, view: &View, last: &LastMove) {
    let Some(&end) = last.path.last() else { return };
    let Some(at) = layout::node(end).filter(|_| last.path.len() > 1) else { return };
    if tank_at(view, end).is_some() {
        return;
    }
    let index = geometry::node_info(end).spots[0].index;
    let arrived = (last.side == 0 && index == LAST) || (last.side == 1 && index == 0);
    if arrived {
        let below = if last.side == 0 { 1.0 } else { -1.0 };
        let star = widgets::star((at.0 + 24.0, at.1 + below * 18.0), 16.0);
        paint(frame, &star, Style::outlined(palette::GOLD, palette::INK, 2.0));
    } else {
        widgets::explosion(frame, at, 20.0);
    }
}

/// The arc the last flight flew, in flight order: the items and the smoothed line.
fn flight_order(f: FlightView) -> (Vec<(ArcItem, Pt)>, Vec<Pt>) {
    let mut items = layout::arc_points(f.side);
    let mut line = layout::arc_line(f.side);
    if f.airfield == 1 {
        items.reverse();
        line.reverse();
    }
    (items, line)
}

/// Where the plane of the last flight was shot down: the first «Ц-П» this viewer sees along
/// its way, else the last stand the flight turned over.
fn shot_at(view: &View, f: FlightView, items: &[(ArcItem, Pt)]) -> Option<Pt> {
    let owner = 1 - f.side.min(1);
    let stand = |k: u8| {
        let name = ROCKET_NAMES[usize::from(owner)][usize::from(k.min(2))];
        view.rockets.iter().find(|r| r.side == owner && r.rocket == name)
    };
    let rockets = || {
        items.iter().filter_map(|(item, p)| match item {
            ArcItem::Rocket(k) => stand(*k).map(|r| (r, *p)),
            _ => None,
        })
    };
    rockets()
        .find(|(r, _)| r.label == Some(RocketLabel::Hit))
        .or_else(|| rockets().rfind(|(r, _)| r.revealed))
        .map(|(_, p)| p)
}

/// The length along `line` to the sample nearest `p`.
fn distance_to(line: &[Pt], p: Pt) -> f32 {
    let mut walked = 0.0;
    let mut best = (f32::MAX, 0.0);
    for (i, q) in line.iter().enumerate() {
        if i > 0 {
            let prev = line[i - 1];
            walked += ((q.0 - prev.0).powi(2) + (q.1 - prev.1).powi(2)).sqrt();
        }
        let d = (q.0 - p.0).powi(2) + (q.1 - p.1).powi(2);
        if d < best.0 {
            best = (d, walked);
        }
    }
    best.1
}

/// The last flight as a dashed line in the flying side's dark ink, from its airfield to the
/// far one (an arrow: it landed) or to the stand that shot it down (a burst). Once the stands
/// are face down again the view no longer tells which one that was: the line then runs the
/// whole arc with neither arrow nor burst (the lost plane shows in the tally).
fn flight(frame: &mut IndexedImage, view: &View, f: FlightView) {
    let (items, line) = flight_order(f);
    let total = shapes::path_length(&line);
    let shot = if f.shot_down { shot_at(view, f, &items) } else { None };
    let end = shot.map_or(total, |p| distance_to(&line, p));
    let ink = pieces::inks(f.side).2;
    let path = shapes::sub_path(&line, 0.0, end);
    shapes::dashed_path(frame, &path, 5.0, 14.0, 9.0, Style::fill(ink));
    if shot.is_some() {
        // A burst round the stand that shot it (the stand is drawn over it).
        widgets::explosion(frame, shapes::point_along(&line, end), layout::ROCKET + 14.0);
    } else if !f.shot_down {
        let tip = shapes::point_along(&line, end - 30.0);
        let head = shapes::point_along(&line, end - 8.0);
        widgets::arrow(frame, tip, head, 5.0, ink);
    }
}

/// The outcome mark of the last flight on its target: a burst (bombed) or a white "miss" disc
/// (spared).
fn flight_mark(frame: &mut IndexedImage, f: FlightView) {
    let Some(target) = layout::node(f.target) else { return };
    if f.bombed {
        widgets::explosion(frame, target, 22.0);
    } else {
        let at = (target.0 - TANK * 0.9, target.1 - TANK * 0.9);
        paint(frame, &Shape::circle(at, 11.0), Style::outlined(palette::WHITE, palette::INK, 2.0));
        let d = 5.0;
        let style = Style::fill(palette::INK);
        paint(frame, &Shape::line((at.0 - d, at.1 - d), (at.0 + d, at.1 + d), 3.0), style);
        paint(frame, &Shape::line((at.0 - d, at.1 + d), (at.0 + d, at.1 - d), 3.0), style);
    }
}

/// The stand of rocket `name`: owner and number.
fn rocket_stand(name: &str) -> Option<(u8, usize)> {
    ROCKET_NAMES
        .iter()
        .enumerate()
        .find_map(|(owner, names)| names.iter().position(|n| *n == name).map(|k| (owner as u8, k)))
}

/// The rocket stands (over the flight's line and marks), turned over where a flight revealed
/// them, and the label tags this viewer may see.
fn rockets(frame: &mut IndexedImage, view: &View) {
    for rocket in &view.rockets {
        let Some((owner, k)) = rocket_stand(&rocket.rocket) else { continue };
        pieces::rocket(owner, k, rocket.revealed).stamp(frame, layout::rocket(owner, k));
        if let Some(label) = rocket.label {
            pieces::tag(label, rocket.revealed).stamp(frame, layout::rocket_tag(owner, k));
        }
    }
}

/// Planes on their airfields: one in the middle of the «Т», two one above the other.
fn planes(frame: &mut IndexedImage, view: &View) {
    for side in 0..2u8 {
        for field in 0..2u8 {
            let count = view
                .planes
                .iter()
                .filter(|p| p.side == side && p.spot == PlaneSpot::Airfield(field))
                .count();
            let at = layout::airfield(side, field);
            let sprite = pieces::plane(side, field == 0, count > 1);
            let offsets: &[f32] = match count {
                0 => &[],
                1 => &[6.0],
                _ => &[-17.0, 21.0],
            };
            for dy in offsets {
                sprite.stamp(frame, (at.0, at.1 + dy));
            }
        }
    }
}

/// Gold rings round what the current choice has picked so far (a tank, a target, a stand).
fn selection(frame: &mut IndexedImage, view: &View) {
    for label in &view.selection {
        let (at, r) = if let Some(node) = geometry::parse(label).filter(|n| layout::valid(*n)) {
            let Some(at) = layout::node(node) else { continue };
            (at, stop_radius(view, node) + 6.0)
        } else if let Some((owner, k)) = rocket_stand(label) {
            (layout::rocket(owner, k), layout::ROCKET + 6.0)
        } else {
            continue;
        };
        paint(frame, &Shape::circle(at, r + 2.0), Style::stroke(palette::INK, 10.0));
        paint(frame, &Shape::circle(at, r), Style::stroke(palette::GOLD, 6.0));
    }
}

/// "Sits out a turn": a white disc with a pause sign.
fn stuck_mark(frame: &mut IndexedImage, at: Pt) {
    paint(frame, &Shape::circle(at, 10.0), Style::outlined(palette::WHITE, palette::INK, 2.0));
    let style = Style::fill(palette::INK);
    for dx in [-2.8, 2.8] {
        paint(frame, &Shape::line((at.0 + dx, at.1 - 4.5), (at.0 + dx, at.1 + 4.5), 3.0), style);
    }
}

/// The viewer's own mines: on the circle, or at a tank's corner when one stands on it.
fn mines(frame: &mut IndexedImage, view: &View) {
    for mine in &view.mines {
        let Some(at) = layout::node(mine.node) else { continue };
        let at = if tank_at(view, mine.node).is_some() {
            (at.0 - TANK * 0.9, at.1 + TANK * 0.8)
        } else {
            at
        };
        pieces::mine().stamp(frame, at);
    }
}

/// A side's pieces off the field in a box in its home corner: arrived tanks (a check),
/// destroyed ones (a cross), lost planes. No box while nothing has left the field.
fn tally(frame: &mut IndexedImage, view: &View, side: u8) {
    let Some(counts) = view.sides.iter().find(|s| s.side == side) else { return };
    let (arrived, destroyed) = (counts.arrivals.min(4), counts.destroyed.min(4));
    let lost = counts.planes_lost.min(2);
    if arrived + destroyed + lost == 0 {
        return;
    }
    let (min, max) = layout::tally(side);
    let frame_shape = Shape::RoundRect { min, max, r: 12.0 };
    paint(frame, &frame_shape, Style::outlined(palette::WHITE, pieces::inks(side).0, 3.0));
    let row = |i: usize| min.1 + 26.0 + 44.0 * i as f32;
    let tanks = std::iter::repeat_n(true, usize::from(arrived))
        .chain(std::iter::repeat_n(false, usize::from(destroyed)))
        .take(4);
    for (i, arrived) in tanks.enumerate() {
        let at = (min.0 + 21.0 + 30.0 * i as f32, row(0));
        pieces::small(side, arrived).stamp(frame, at);
    }
    for i in 0..usize::from(lost) {
        pieces::wreck(side).stamp(frame, (min.0 + 30.0 + 46.0 * i as f32, row(1)));
    }
}

/// Where a tank's label badge goes: beside its token, on the side with more room.
fn beside(at: Pt, label: &str) -> Pt {
    let half = widgets::badge_width(label) / 2.0;
    let dx = TANK + half - 8.0;
    if at.0 < WIDTH as f32 / 2.0 { (at.0 - dx, at.1) } else { (at.0 + dx, at.1) }
}

/// Keeps a badge inside the board.
fn clamp_badge(centre: Pt, label: &str) -> Pt {
    let half = widgets::badge_width(label) / 2.0;
    let edge = widgets::BADGE_HEIGHT / 2.0 + 3.0;
    let (w, h) = (WIDTH as f32, layout::BOARD as f32);
    (centre.0.clamp(half + 3.0, w - half - 3.0), centre.1.clamp(edge, h - edge))
}

/// The labels of `options` on what they name: a tank of the side to act (black, beside it),
/// an opponent's tank (red, beside it, ringed), a mine of the viewer's (black), an empty
/// circle (green), a rocket stand (black). Distances go to the strip.
fn badges(frame: &mut IndexedImage, view: &View) {
    let mut placed: Vec<(Pt, &str, BadgeKind)> = Vec::new();
    for label in &view.options {
        if let Some(node) = geometry::parse(label).filter(|n| layout::valid(*n)) {
            let Some(at) = layout::node(node) else { continue };
            match tank_at(view, node) {
                Some(tank) if view.to_move.is_none_or(|s| s == tank.side) => {
                    placed.push((beside(at, label), label, BadgeKind::Choice));
                }
                Some(_) => {
                    let ring = Shape::circle(at, TANK + 5.0);
                    paint(frame, &ring, Style::stroke(palette::MARK_RED, 5.0));
                    placed.push((beside(at, label), label, BadgeKind::Capture));
                }
                None if view.mines.iter().any(|m| m.node == node) => {
                    placed.push((at, label, BadgeKind::Choice));
                }
                None => placed.push((at, label, BadgeKind::Destination)),
            }
        } else if let Some((owner, k)) = rocket_stand(label) {
            placed.push((layout::rocket(owner, k), label, BadgeKind::Choice));
        }
    }
    for (at, label, kind) in placed {
        widgets::label_badge(frame, clamp_badge(at, label), label, kind);
    }
}

/// The winner at the end, as far as the view tells: a side wiped out loses, else more
/// arrivals, then fewer planes lost. `None` for a draw.
fn winner(view: &View) -> Option<u8> {
    let side = |s: u8| view.sides.iter().find(|v| v.side == s);
    let (red, green) = (side(0)?, side(1)?);
    match (red.destroyed == 4, green.destroyed == 4) {
        (true, false) => return Some(1),
        (false, true) => return Some(0),
        _ => {}
    }
    let key = |s: &igroteka::games::tanks::SideView| (s.arrivals, std::cmp::Reverse(s.planes_lost));
    match key(red).cmp(&key(green)) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

const STRIP_TEXT: f32 = 30.0;

fn strip_text(c: &mut IndexedImage, p: Pt, label: &str, ink: Ink) {
    text::draw(c, label, Anchor::Centre(p), TextStyle::new(STRIP_TEXT, Weight::Bold, ink));
}

fn text_width(label: &str) -> f32 {
    text::width(label, STRIP_TEXT, Weight::Bold)
}

fn side_token(side: u8) -> impl FnOnce(&mut IndexedImage, Pt) {
    let heading = if side == 0 {
        igroteka::games::tanks::Heading::Down
    } else {
        igroteka::games::tanks::Heading::Up
    };
    move |c: &mut IndexedImage, p: Pt| pieces::tank(side, heading).stamp(c, p)
}

/// A distance chip of the dice-free variant: white while unused, dim once used, a black badge
/// while it is a choice.
fn distance_chip(c: &mut IndexedImage, p: Pt, d: u8, unused: bool, option: bool) {
    let label = d.to_string();
    if option {
        widgets::label_badge(c, p, &label, BadgeKind::Choice);
        return;
    }
    let (fill, ink) =
        if unused { (palette::WHITE, palette::INK) } else { (palette::STRIP_LIGHT, palette::GREY) };
    paint(c, &Shape::rect(p, 38.0, 38.0, 8.0), Style::outlined(fill, palette::GREY, 2.0));
    strip_text(c, p, &label, ink);
}

fn status(frame: &mut IndexedImage, view: &View) {
    let mut strip = Strip::new(frame);
    match (view.stage, view.to_move) {
        (Stage::Setup, _) => {
            for side in view.sides.iter().take(2) {
                strip.left(44.0, side_token(side.side));
                if side.ready {
                    strip.left(30.0, |c, p| widgets::check(c, p, 36.0, 6.0, palette::MARK_GREEN));
                } else {
                    // Still setting up: "…".
                    strip.left(30.0, |c, p| {
                        for dx in [-11.0, 0.0, 11.0] {
                            let dot = Shape::circle((p.0 + dx, p.1 + 8.0), 4.0);
                            paint(c, &dot, Style::fill(palette::GREY_LIGHT));
                        }
                    });
                }
                strip.left(14.0, |_, _| {});
            }
        }
        (Stage::Over, _) | (_, None) => {
            strip.left(40.0, |c, p| paint(c, &widgets::star(p, 20.0), Style::fill(palette::GOLD)));
            match winner(view) {
                Some(side) => {
                    strip.left(44.0, side_token(side));
                }
                None => {
                    strip.left(44.0, side_token(0));
                    strip.left(44.0, side_token(1));
                }
            }
        }
        (_, Some(side)) => {
            strip.turn_marker();
            strip.left(44.0, side_token(side));
            strip.left(4.0, |_, _| {});
            if view.dice {
                if let Some(roll) = view.last_roll {
                    strip.left(54.0, |c, p| widgets::die(c, p, 54.0, roll));
                }
                let left = usize::from(view.rolls_left.min(4));
                if left > 0 {
                    // The rolls still to make: a small stack of blank dice.
                    let step = 12.0;
                    strip.left(26.0 + step * (left - 1) as f32, |c, p| {
                        let first = p.0 - step * (left - 1) as f32 / 2.0;
                        for i in (0..left).rev() {
                            let at = (first + step * i as f32, p.1);
                            let face = Shape::rect(at, 26.0, 26.0, 6.0);
                            let style =
                                Style::outlined(palette::STRIP_LIGHT, palette::GREY_LIGHT, 2.5);
                            paint(c, &face, style);
                        }
                    });
                }
            } else {
                for d in 1..=4u8 {
                    let unused = view.distances_left.contains(&d);
                    let option = view.options.iter().any(|o| *o == d.to_string());
                    strip.left(40.0, |c, p| distance_chip(c, p, d, unused, option));
                }
            }
        }
    }
    let guard = format!("{}/{}", view.quiet_turns, view.guard_turns);
    strip.right(text_width(&guard), |c, p| strip_text(c, p, &guard, palette::GREY_LIGHT));
    strip.right(26.0, |c, p| widgets::hourglass(c, p, 0.8, palette::GREY_LIGHT, palette::WHITE));
    // Per side, Red then Green: its token with a check and the arrivals, a crossed plane and
    // the planes lost.
    for side in view.sides.iter().rev().take(2) {
        strip.right(2.0, |c, p| {
            c.fill_rect(p.0 as i32, p.1 as i32 - 30, 2, 60, palette::STRIP_LIGHT);
        });
        let lost = side.planes_lost.to_string();
        let arrived = side.arrivals.to_string();
        strip.right(text_width(&lost), |c, p| strip_text(c, p, &lost, palette::WHITE));
        strip.right(36.0, |c, p| pieces::wreck(side.side).stamp(c, p));
        strip.right(4.0, |_, _| {});
        strip.right(text_width(&arrived), |c, p| strip_text(c, p, &arrived, palette::WHITE));
        strip.right(28.0, |c, p| pieces::small(side.side, true).stamp(c, p));
    }
}
