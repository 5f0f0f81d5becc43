//! Text with ab_glyph. The DejaVu fonts (Latin and Cyrillic) are embedded in the binary and
//! parsed once; so is a subset of WenQuanYi Micro Hei with the CJK characters the locales use
//! (`fonts/subset.py` makes it). Each character takes DejaVu's glyph, and the CJK font's only
//! where DejaVu has none (one cmap lookup more, for those characters alone); a character
//! neither has is drawn as DejaVu's `.notdef` and recorded ([`take_missing`]), so tests can
//! fail on it. A string is rasterised into a coverage mask first, which lets a halo (the white
//! outline that keeps a number legible on any colour) be made by dilating that mask and
//! painted together with the letters in a single blend per pixel.

use std::cell::RefCell;
use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, GlyphId, PxScaleFont, ScaleFont};

use crate::canvas::Surface;
use crate::palette::{Ink, mix};
use crate::shapes::Pt;

static REGULAR_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");
static CJK_TTF: &[u8] = include_bytes!("../../fonts/WenQuanYiMicroHei-subset.ttf");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

fn font(weight: Weight) -> &'static FontRef<'static> {
    static REGULAR: OnceLock<FontRef<'static>> = OnceLock::new();
    static BOLD: OnceLock<FontRef<'static>> = OnceLock::new();
    let (cell, data) = match weight {
        Weight::Regular => (&REGULAR, REGULAR_TTF),
        Weight::Bold => (&BOLD, BOLD_TTF),
    };
    cell.get_or_init(|| FontRef::try_from_slice(data).expect("embedded DejaVu font parses"))
}

/// The CJK fallback (one weight: the subset has no bold).
fn cjk() -> &'static FontRef<'static> {
    static CJK: OnceLock<FontRef<'static>> = OnceLock::new();
    CJK.get_or_init(|| FontRef::try_from_slice(CJK_TTF).expect("embedded CJK font parses"))
}

thread_local! {
    /// Characters drawn on this thread that no embedded font has (see [`take_missing`]).
    static MISSING: RefCell<Vec<char>> = const { RefCell::new(Vec::new()) };
}

/// The characters this thread drew (or measured) since the last call that neither DejaVu nor
/// the CJK subset has a glyph for: they came out as `.notdef` boxes.
pub fn take_missing() -> Vec<char> {
    MISSING.with_borrow_mut(std::mem::take)
}

/// Whether some embedded font has a glyph for `c`.
pub fn has_glyph(c: char) -> bool {
    font(Weight::Regular).glyph_id(c).0 != 0 || cjk().glyph_id(c).0 != 0
}

/// The font and glyph that draw `c`: DejaVu's, else the CJK subset's, else DejaVu's `.notdef`
/// (recorded as missing).
fn glyph<'f>(
    main: &'f PxScaleFont<&'static FontRef<'static>>,
    fallback: &'f PxScaleFont<&'static FontRef<'static>>,
    c: char,
) -> (&'f PxScaleFont<&'static FontRef<'static>>, GlyphId, bool) {
    let id = main.glyph_id(c);
    if id.0 != 0 || c.is_control() {
        return (main, id, false);
    }
    let id = fallback.glyph_id(c);
    if id.0 != 0 {
        return (fallback, id, true);
    }
    MISSING.with_borrow_mut(|m| m.push(c));
    (main, GlyphId(0), false)
}

/// How a piece of text looks.
#[derive(Debug, Clone, Copy)]
pub struct TextStyle {
    /// Font size in pixels (the em height).
    pub size: f32,
    pub weight: Weight,
    pub ink: Ink,
    /// An outline around the letters: ink and width in pixels.
    pub halo: Option<(Ink, f32)>,
}

impl TextStyle {
    pub fn new(size: f32, weight: Weight, ink: Ink) -> Self {
        TextStyle { size, weight, ink, halo: None }
    }

    pub fn with_halo(self, ink: Ink, width: f32) -> Self {
        TextStyle { halo: Some((ink, width)), ..self }
    }
}

/// A rasterised string: coverage per pixel and where its box sits relative to the pen origin
/// (left end of the baseline).
struct Mask {
    left: i32,
    top: i32,
    width: usize,
    height: usize,
    coverage: Vec<f32>,
    /// Ink extent from the pen origin: first and last inked x.
    ink_x: (f32, f32),
}

fn rasterise(text: &str, size: f32, weight: Weight, pad: i32) -> Mask {
    let font = font(weight).as_scaled(size);
    let fallback = cjk().as_scaled(size);
    let mut glyphs = Vec::new();
    let mut pen = 0.0f32;
    let mut previous = None;
    for c in text.chars() {
        let (face, id, other) = glyph(&font, &fallback, c);
        if let (Some(p), false) = (previous, other) {
            pen += font.kern(p, id);
        }
        let glyph = id.with_scale_and_position(size, ab_glyph::point(pen, 0.0));
        pen += face.h_advance(id);
        previous = (!other).then_some(id);
        if let Some(outlined) = face.outline_glyph(glyph) {
            glyphs.push(outlined);
        }
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for g in &glyphs {
        let b = g.px_bounds();
        (x0, y0, x1, y1) = (x0.min(b.min.x), y0.min(b.min.y), x1.max(b.max.x), y1.max(b.max.y));
    }
    if glyphs.is_empty() {
        return Mask {
            left: 0,
            top: 0,
            width: 0,
            height: 0,
            coverage: Vec::new(),
            ink_x: (0.0, 0.0),
        };
    }
    let left = x0.floor() as i32 - pad;
    let top = y0.floor() as i32 - pad;
    let width = (x1.ceil() as i32 + pad - left) as usize;
    let height = (y1.ceil() as i32 + pad - top) as usize;
    let mut coverage = vec![0.0f32; width * height];
    for g in &glyphs {
        let b = g.px_bounds();
        let (gx, gy) = (b.min.x as i32 - left, b.min.y as i32 - top);
        g.draw(|x, y, c| {
            let (px, py) = (gx + x as i32, gy + y as i32);
            if px >= 0 && py >= 0 && (px as usize) < width && (py as usize) < height {
                let at = py as usize * width + px as usize;
                coverage[at] = (coverage[at] + c).min(1.0);
            }
        });
    }
    Mask { left, top, width, height, coverage, ink_x: (x0, x1) }
}

/// The grey-scale dilation of `mask` by a disc of radius `r`.
fn dilate(mask: &Mask, r: f32) -> Vec<f32> {
    let reach = r.ceil() as i32;
    let mut offsets = Vec::new();
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            // Partial weight for offsets on the rim keeps the halo edge smooth.
            let w = (r + 0.5 - ((dx * dx + dy * dy) as f32).sqrt()).clamp(0.0, 1.0);
            if w > 0.0 {
                offsets.push((dx, dy, w));
            }
        }
    }
    let (w, h) = (mask.width as i32, mask.height as i32);
    let mut out = vec![0.0f32; mask.coverage.len()];
    for y in 0..h {
        for x in 0..w {
            let mut best = 0.0f32;
            for &(dx, dy, weight) in &offsets {
                let (sx, sy) = (x + dx, y + dy);
                if sx >= 0 && sy >= 0 && sx < w && sy < h {
                    best = best.max(mask.coverage[(sy * w + sx) as usize] * weight);
                }
            }
            out[(y * w + x) as usize] = best;
        }
    }
    out
}

/// The height of capital letters and digits at `size`, for centring text vertically.
fn cap_height(size: f32) -> f32 {
    size * 0.729
}

/// The inked width of `text` at the given size and weight, from the glyphs' outline boxes
/// (no rasterising).
pub fn width(text: &str, size: f32, weight: Weight) -> f32 {
    let font = font(weight).as_scaled(size);
    let fallback = cjk().as_scaled(size);
    let (mut pen, mut previous) = (0.0f32, None);
    let (mut x0, mut x1) = (f32::MAX, f32::MIN);
    for c in text.chars() {
        let (face, id, other) = glyph(&font, &fallback, c);
        if let (Some(p), false) = (previous, other) {
            pen += font.kern(p, id);
        }
        let glyph = id.with_scale_and_position(size, ab_glyph::point(pen, 0.0));
        if let Some(outlined) = face.outline_glyph(glyph) {
            let b = outlined.px_bounds();
            (x0, x1) = (x0.min(b.min.x), x1.max(b.max.x));
        }
        pen += face.h_advance(id);
        previous = (!other).then_some(id);
    }
    if x1 < x0 { 0.0 } else { x1 - x0 }
}

/// Where a string is anchored.
#[derive(Debug, Clone, Copy)]
pub enum Anchor {
    /// The middle of the ink box horizontally, the middle of the cap height vertically.
    Centre(Pt),
    /// The left end of the ink, the middle of the cap height vertically.
    Left(Pt),
    /// The right end of the ink, the middle of the cap height vertically.
    Right(Pt),
}

/// Draws `text`; returns its inked width.
pub fn draw<S: Surface + ?Sized>(surface: &mut S, text: &str, at: Anchor, style: TextStyle) -> f32 {
    let halo = style.halo.map(|(ink, w)| (ink.rgb(), w));
    let pad = halo.map_or(1, |(_, w)| w.ceil() as i32 + 1);
    let mask = rasterise(text, style.size, style.weight, pad);
    let ink_w = mask.ink_x.1 - mask.ink_x.0;
    let (x, y) = match at {
        Anchor::Centre(p) => (p.0 - ink_w / 2.0, p.1),
        Anchor::Left(p) => p,
        Anchor::Right(p) => (p.0 - ink_w, p.1),
    };
    let origin_x = (x - mask.ink_x.0).round() as i32 + mask.left;
    let origin_y = (y + cap_height(style.size) / 2.0).round() as i32 + mask.top;
    let outline = halo.map(|(rgb, w)| (rgb, dilate(&mask, w)));
    let ink = style.ink.rgb();
    for my in 0..mask.height {
        for mx in 0..mask.width {
            let at = my * mask.width + mx;
            let letter = mask.coverage[at];
            let (colour, alpha) = match &outline {
                Some((rgb, grown)) => {
                    let alpha = grown[at].max(letter);
                    (if letter >= 1.0 { ink } else { mix(*rgb, ink, letter) }, alpha)
                }
                None => (ink, letter),
            };
            surface.blend(origin_x + mx as i32, origin_y + my as i32, colour, alpha);
        }
    }
    ink_w
}
