//! Flights on the board: the last turn's (orange, as every game marks the last move) and the
//! one being chosen (a white path edged in black, ending in a see-through ghost of the aircraft
//! facing the way it will face), with what each does where it ends — a red crosshair on the
//! aircraft it would shoot down, a burst where AA would shoot it down (and a red ring round
//! that unit), a burst on the headquarters it would bomb — and, in «Игрушка», the picked
//! aircraft's operations as badges with their arrows where each ends.

use igroteka::games::air_battle::board::{self, AaUnit};
use igroteka::games::air_battle::{FlightView, Motion, Node, View};

use crate::canvas::IndexedImage;
use crate::palette::{self, Ink};
use crate::shapes::{self, Pt, Shape, Style, paint};
use crate::widgets::{self, BadgeKind};

use super::layout::{self, PITCH};
use super::pieces;

/// How far from a node's centre a line into it stops: clear of the aircraft standing there.
const STOP: f32 = 24.0;

fn points(path: &[Node]) -> Vec<Pt> {
    path.iter().map(|n| layout::node(*n)).collect()
}

/// A path through `nodes`, `width` wide in `ink`, with an arrow into the last one stopping
/// short of its centre; a flight of turns only gets a ring round its node.
fn path_with_arrow(frame: &mut IndexedImage, nodes: &[Node], width: f32, ink: Ink) {
    let pts = points(nodes);
    let n = pts.len();
    if n < 2 {
        if let Some(at) = pts.first() {
            paint(frame, &Shape::circle(*at, PITCH * 0.46), Style::stroke(ink, width * 0.6));
        }
        return;
    }
    if n > 2 {
        paint(frame, &Shape::path(pts[..n - 1].to_vec(), width), Style::fill(ink));
    }
    let (a, b) = (pts[n - 2], pts[n - 1]);
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt().max(1.0);
    let tip = (b.0 - (b.0 - a.0) / len * STOP, b.1 - (b.1 - a.1) / len * STOP);
    widgets::arrow(frame, a, tip, width, ink);
}

/// The last turn's flight: its start ringed, an orange path with an arrow into its end.
pub fn last_path(frame: &mut IndexedImage, flight: &FlightView) {
    if let Some(start) = flight.path.first() {
        let ring = Shape::circle(layout::node(*start), PITCH * 0.42);
        paint(frame, &ring, Style::stroke(palette::LAST_MOVE, 4.0));
    }
    path_with_arrow(frame, &flight.path, 7.0, palette::LAST_MOVE);
}

/// What the last flight did where it ended: a burst where AA shot it down (the aircraft is
/// gone), a small burst beside it where it shot an enemy down, a burst on the headquarters it
/// bombed.
pub fn last_marks(frame: &mut IndexedImage, flight: &FlightView) {
    let end = layout::node(flight.end);
    if flight.shot_by.is_some() {
        widgets::explosion(frame, end, 24.0);
    } else if flight.shoots_down.is_some() {
        widgets::explosion(frame, (end.0 + 25.0, end.1 - 25.0), 13.0);
    }
    if flight.bombs {
        bombing(frame, flight);
    }
}

/// The previewed flight: a white path edged in black with an arrow into where it ends.
pub fn preview_path(frame: &mut IndexedImage, flight: &FlightView) {
    path_with_arrow(frame, &flight.path, 12.0, palette::INK);
    path_with_arrow(frame, &flight.path, 6.0, palette::WHITE);
}

/// The ghost of the previewed aircraft where its flight ends, facing the way it will face.
pub fn ghost(frame: &mut IndexedImage, flight: &FlightView) {
    pieces::ghost(flight.side, flight.kind, flight.facing).stamp(frame, layout::node(flight.end));
}

/// The previewed flight's end: a red crosshair on the aircraft it would shoot down, a burst
/// where AA would shoot it down with a red ring round that unit, a burst on the headquarters it
/// would bomb.
pub fn preview_marks(frame: &mut IndexedImage, view: &View, flight: &FlightView) {
    let end = layout::node(flight.end);
    if let Some(target) = flight.shoots_down.and_then(|id| view.planes.iter().find(|p| p.id == id))
    {
        crosshair(frame, layout::node(target.node));
    }
    if let Some(unit) = flight.shot_by {
        threat(frame, &unit);
        widgets::explosion(frame, (end.0 + 22.0, end.1 - 22.0), 17.0);
        warning(frame, (end.0 - 24.0, end.1 - 24.0));
    }
    if flight.bombs {
        bombing(frame, flight);
    }
}

/// A red crosshair: the aircraft a flight would shoot down.
fn crosshair(frame: &mut IndexedImage, at: Pt) {
    let r = PITCH * 0.44;
    let style = Style::fill(palette::MARK_RED);
    paint(frame, &Shape::circle(at, r), Style::stroke(palette::MARK_RED, 4.0));
    for (dx, dy) in [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)] {
        let a = (at.0 + dx * (r - 10.0), at.1 + dy * (r - 10.0));
        let b = (at.0 + dx * (r + 8.0), at.1 + dy * (r + 8.0));
        paint(frame, &Shape::line(a, b, 4.0), style);
    }
}

/// A dashed red ring round the AA unit that would shoot the previewed flight down.
fn threat(frame: &mut IndexedImage, unit: &AaUnit) {
    let (cx, cy) = layout::node(unit.node);
    let r = PITCH * 0.4;
    let ring: Vec<Pt> = (0..=40)
        .map(|i| {
            let a = std::f32::consts::TAU * i as f32 / 40.0;
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect();
    shapes::dashed_path(frame, &ring, 5.0, 9.0, 6.0, Style::fill(palette::MARK_RED));
}

/// A warning sign: a yellow triangle with "!".
fn warning(frame: &mut IndexedImage, at: Pt) {
    let tri = Shape::Polygon(vec![
        (at.0, at.1 - 14.0),
        (at.0 + 14.0, at.1 + 11.0),
        (at.0 - 14.0, at.1 + 11.0),
    ]);
    paint(frame, &tri, Style::outlined(palette::YELLOW, palette::INK, 2.5));
    paint(
        frame,
        &Shape::line((at.0, at.1 - 5.0), (at.0, at.1 + 2.0), 3.5),
        Style::fill(palette::INK),
    );
    paint(frame, &Shape::circle((at.0, at.1 + 7.0), 2.0), Style::fill(palette::INK));
}

/// A burst on the enemy headquarters a flight bombs.
fn bombing(frame: &mut IndexedImage, flight: &FlightView) {
    let hq = layout::node(board::headquarters(flight.side.other()));
    widgets::explosion(frame, hq, 30.0);
}

/// The arrows of an operation's key ("LF" → "↺↑").
fn arrows(key: &str) -> String {
    key.chars()
        .map(|c| Motion::from_key(&c.to_string()).map_or(c.to_string(), |m| m.arrow().to_string()))
        .collect()
}

/// «Игрушка»: every operation of the picked aircraft as a badge with its arrows where it ends
/// (red where it shoots an aircraft down or bombs the headquarters, with a warning sign where
/// AA would shoot it down). Operations that end where the aircraft stands (turns only) are
/// stacked beside it, so it stays seen; one that ends on an enemy aircraft sits over that
/// aircraft's tail. The operation already previewed is shown by its ghost.
pub fn options(frame: &mut IndexedImage, view: &View) {
    let start = view.planes.iter().find(|p| Some(p.id) == view.selected).map(|p| p.node);
    let previewed = view.preview.as_ref().map(|p| p.motions.as_str());
    let shown: Vec<_> = view.options.iter().filter(|o| Some(o.key.as_str()) != previewed).collect();
    let mut ends: Vec<Node> = shown.iter().map(|o| o.flight.end).collect();
    ends.sort_unstable();
    ends.dedup();
    let step = widgets::BADGE_HEIGHT * widgets::SMALL_BADGE + 6.0;
    for end in ends {
        let here: Vec<_> = shown.iter().filter(|o| o.flight.end == end).collect();
        let (x, y) = layout::node(end);
        let beside = Some(end) == start;
        let count = here.len() as f32;
        for (i, option) in here.iter().enumerate() {
            let label = arrows(&option.key);
            let w = widgets::small_badge_width(&label);
            let (cx, cy) = if beside {
                let right = x + PITCH * 0.45 + w / 2.0;
                // Keep the column on the picture: to the left of the aircraft at the right edge.
                let cx = if right + w / 2.0 > layout::WIDTH as f32 {
                    x - PITCH * 0.45 - w / 2.0
                } else {
                    right
                };
                (cx, y + (i as f32 - (count - 1.0) / 2.0) * step)
            } else if let Some(target) = view.planes.iter().find(|p| p.node == end) {
                // An aircraft to shoot down stands there: the badge goes over its tail, as its
                // own label would, so it stays seen.
                let (bx, by) = super::badge_spot((x, y), target.facing);
                let away = if by < y { -1.0 } else { 1.0 };
                (bx, by + away * i as f32 * step)
            } else {
                (x, y + (i as f32 - (count - 1.0) / 2.0) * step)
            };
            let f = &option.flight;
            let kind = if f.shoots_down.is_some() || f.bombs {
                BadgeKind::Capture
            } else {
                BadgeKind::Destination
            };
            widgets::small_badge(frame, (cx, cy), &label, kind);
            if f.shot_by.is_some() {
                warning(frame, (cx + w / 2.0, cy - 10.0));
            }
        }
    }
}
