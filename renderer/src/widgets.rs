//! The marks both games put on their boards: choice-label badges, a stack count, a die face,
//! arrows, rings and the turn marker. Sizes are in pixels of the default-size picture, chosen
//! to stay readable when a phone shows it 400–600 px wide (about half size).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::canvas::{IndexedImage, Surface};
use crate::palette::{self, Ink};
use crate::shapes::{Pt, Shape, Style, paint};
use crate::sprite::Sprite;
use crate::text::{self, Anchor, TextStyle, Weight};

/// The look of a label badge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BadgeKind {
    /// The label of a piece that may move now: white on black.
    Choice,
    /// The label of an empty destination: white on green.
    Destination,
    /// The label of a destination that captures: white on red.
    Capture,
}

/// Font size of choice labels: about 15 px when the picture is shown at half size.
pub const LABEL_SIZE: f32 = 30.0;
/// Height of a label badge.
pub const BADGE_HEIGHT: f32 = 42.0;

/// Drawn badges by label, look and size.
type BadgeCache = HashMap<(String, BadgeKind, bool), Arc<Sprite>>;

/// How much smaller a [`small_badge`] is than a [`label_badge`].
pub const SMALL_BADGE: f32 = 0.72;

/// Draws `label` in a high-contrast rounded badge centred on `centre`.
///
/// Labels repeat from frame to frame (plane numbers, square names), so each badge is drawn
/// once into a sprite and kept; the cache is emptied if odd labels ever make it large.
pub fn label_badge(frame: &mut IndexedImage, centre: Pt, label: &str, kind: BadgeKind) {
    cached_badge(label, kind, false).stamp(frame, centre);
}

/// A [`label_badge`] at [`SMALL_BADGE`] size, for boards whose pieces are too close together
/// for full-size badges (about 11 px text when a phone shows the picture at half size).
pub fn small_badge(frame: &mut IndexedImage, centre: Pt, label: &str, kind: BadgeKind) {
    cached_badge(label, kind, true).stamp(frame, centre);
}

fn cached_badge(label: &str, kind: BadgeKind, small: bool) -> Arc<Sprite> {
    static CACHE: OnceLock<Mutex<BadgeCache>> = OnceLock::new();
    const MAX_CACHED: usize = 1024;
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (label.to_string(), kind, small);
    let cached = cache.lock().ok().and_then(|c| c.get(&key).cloned());
    cached.unwrap_or_else(|| {
        let scale = if small { SMALL_BADGE } else { 1.0 };
        let sprite = Arc::new(badge_sprite(label, kind, scale));
        if let Ok(mut c) = cache.lock() {
            if c.len() >= MAX_CACHED {
                c.clear();
            }
            c.insert(key, Arc::clone(&sprite));
        }
        sprite
    })
}

/// The width of the badge of `label`, for keeping badges inside the picture.
pub fn badge_width(label: &str) -> f32 {
    scaled_badge_width(label, 1.0)
}

/// The width of the [`small_badge`] of `label`.
pub fn small_badge_width(label: &str) -> f32 {
    scaled_badge_width(label, SMALL_BADGE)
}

fn scaled_badge_width(label: &str, scale: f32) -> f32 {
    let w = text::width(label, label_size(label) * scale, Weight::Bold);
    (w + 22.0 * scale).max(BADGE_HEIGHT * scale) + 4.0
}

fn label_size(label: &str) -> f32 {
    if label.chars().count() > 3 { LABEL_SIZE * 0.8 } else { LABEL_SIZE }
}

fn badge_sprite(label: &str, kind: BadgeKind, scale: f32) -> Sprite {
    let fill = match kind {
        BadgeKind::Choice => palette::INK,
        BadgeKind::Destination => palette::MARK_GREEN,
        BadgeKind::Capture => palette::MARK_RED,
    };
    let height = BADGE_HEIGHT * scale;
    let outer_w = scaled_badge_width(label, scale);
    let width = outer_w - 4.0;
    let (w, h) = ((outer_w + 2.0).ceil() as u32, (height + 6.0).ceil() as u32);
    Sprite::draw(w, h, |s| {
        let centre = s.centre();
        // A thin dark rim outside the white border keeps the badge crisp on white or paper.
        let outer = Shape::rect(centre, outer_w, height + 4.0, height / 2.0 + 2.0);
        paint(s, &outer, Style::fill(palette::INK));
        let badge = Shape::rect(centre, width, height, height / 2.0);
        paint(s, &badge, Style::outlined(fill, palette::WHITE, (3.0 * scale).max(2.0)));
        let style = TextStyle::new(label_size(label) * scale, Weight::Bold, palette::WHITE);
        text::draw(s, label, Anchor::Centre(centre), style);
    })
}

/// Draws a small "×n" count badge, for stacked pieces.
pub fn count_badge<S: Surface + ?Sized>(surface: &mut S, centre: Pt, count: u8) {
    let label = format!("×{count}");
    let w = text::width(&label, 20.0, Weight::Bold);
    let shape = Shape::rect(centre, (w + 14.0).max(28.0), 28.0, 14.0);
    paint(surface, &shape, Style::outlined(palette::WHITE, palette::INK, 2.5));
    text::draw(
        surface,
        &label,
        Anchor::Centre(centre),
        TextStyle::new(20.0, Weight::Bold, palette::INK),
    );
}

/// Pip positions of each die face, in units of a third of the face from its centre.
fn pips(value: u8) -> &'static [(f32, f32)] {
    match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
    }
}

/// Draws a die showing `value` (1..=6), `size` pixels wide. One and four have red pips, as on
/// the Chinese dice the game is played with.
pub fn die<S: Surface + ?Sized>(surface: &mut S, centre: Pt, size: f32, value: u8) {
    let face = Shape::rect(centre, size, size, size * 0.18);
    paint(surface, &face, Style::outlined(palette::WHITE, palette::INK, (size * 0.05).max(2.0)));
    let pip_ink = if matches!(value, 1 | 4) { palette::MARK_RED } else { palette::INK };
    let step = size * 0.26;
    let r = if value == 1 { size * 0.13 } else { size * 0.09 };
    for (dx, dy) in pips(value.clamp(1, 6)) {
        let p = (centre.0 + dx * step, centre.1 + dy * step);
        paint(surface, &Shape::circle(p, r), Style::fill(pip_ink));
    }
}

/// Draws an arrow from `from` to `to` with a triangular head ending at `to`.
pub fn arrow<S: Surface + ?Sized>(surface: &mut S, from: Pt, to: Pt, width: f32, ink: Ink) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let head = (width * 2.6).min(len * 0.6);
    let base = (to.0 - ux * head, to.1 - uy * head);
    paint(surface, &Shape::line(from, (base.0 + ux, base.1 + uy), width), Style::fill(ink));
    let half = width * 1.6;
    let tip = Shape::Polygon(vec![
        to,
        (base.0 - uy * half, base.1 + ux * half),
        (base.0 + uy * half, base.1 - ux * half),
    ]);
    paint(surface, &tip, Style::fill(ink));
}

/// A right-pointing triangle: the "to move" marker.
pub fn turn_marker<S: Surface + ?Sized>(surface: &mut S, centre: Pt, size: f32, ink: Ink) {
    let h = size / 2.0;
    let tri = Shape::Polygon(vec![
        (centre.0 - h * 0.8, centre.1 - h),
        (centre.0 + h, centre.1),
        (centre.0 - h * 0.8, centre.1 + h),
    ]);
    paint(surface, &tri, Style::fill(ink));
}

/// A check mark inside a box of `size` around `centre`.
pub fn check<S: Surface + ?Sized>(surface: &mut S, centre: Pt, size: f32, width: f32, ink: Ink) {
    let p = |x: f32, y: f32| (centre.0 + x * size, centre.1 + y * size);
    let style = Style::fill(ink);
    paint(surface, &Shape::line(p(-0.38, 0.02), p(-0.12, 0.3), width), style);
    paint(surface, &Shape::line(p(-0.12, 0.3), p(0.4, -0.3), width), style);
}

/// A five-pointed star of outer radius `r`.
pub fn star(centre: Pt, r: f32) -> Shape {
    let points: Vec<Pt> = (0..10)
        .map(|i| {
            let angle = std::f32::consts::PI * (i as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
            let radius = if i % 2 == 0 { r } else { r * 0.45 };
            (centre.0 + radius * angle.cos(), centre.1 + radius * angle.sin())
        })
        .collect();
    Shape::Polygon(points)
}

/// A jagged burst (an explosion, a hit) of `points` spikes and outer radius `r`.
pub fn burst(centre: Pt, r: f32, points: usize) -> Shape {
    let n = points.max(3) * 2;
    let corners: Vec<Pt> = (0..n)
        .map(|i| {
            let angle = std::f32::consts::TAU * (i as f32) / n as f32 - std::f32::consts::FRAC_PI_2;
            let radius = if i % 2 == 0 { r } else { r * 0.55 };
            (centre.0 + radius * angle.cos(), centre.1 + radius * angle.sin())
        })
        .collect();
    Shape::Polygon(corners)
}

/// A hit (an aircraft or a tank destroyed, a bombing): a gold burst with a red rim.
pub fn explosion<S: Surface + ?Sized>(surface: &mut S, at: Pt, r: f32) {
    paint(surface, &burst(at, r, 9), Style::outlined(palette::GOLD, palette::MARK_RED, 3.0));
}

/// A small hourglass (a counter of turns, "waiting"), about 28 × 38 px; `ink` for the glass,
/// `frame` for the top and bottom bars.
pub fn hourglass<S: Surface + ?Sized>(surface: &mut S, at: Pt, scale: f32, ink: Ink, frame: Ink) {
    let (x, y) = at;
    let k = scale;
    let glass = Shape::Polygon(vec![
        (x - 12.0 * k, y - 17.0 * k),
        (x + 12.0 * k, y - 17.0 * k),
        (x, y),
        (x + 12.0 * k, y + 17.0 * k),
        (x - 12.0 * k, y + 17.0 * k),
        (x, y),
    ]);
    paint(surface, &glass, Style::fill(ink));
    for dy in [-18.0, 18.0] {
        let bar = Shape::line((x - 14.0 * k, y + dy * k), (x + 14.0 * k, y + dy * k), 4.0 * k);
        paint(surface, &bar, Style::fill(frame));
    }
}
