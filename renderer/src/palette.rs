//! The one fixed palette every picture is drawn with, so that each frame can be written as an
//! 8-bit indexed PNG without a quantisation pass over the whole image.
//!
//! The art uses a few dozen *base* colours ([`Ink`]s, named below). Anti-aliased edges and
//! glyphs need in-between tones, so the palette also holds *blend tones*: every base colour
//! mixed with the outline ink and with white (the two colours most edges and glyphs meet),
//! then mixes of the board papers with the colours drawn on them. Any blend that is not in the
//! palette maps to its nearest entry through a 32 768-entry lookup table (5 bits a channel),
//! built once. Base colours always map to themselves, so flat areas stay exact.

use std::sync::OnceLock;

/// A palette index of one of the named base colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ink(pub u8);

impl Ink {
    /// The colour's RGB value.
    pub fn rgb(self) -> [u8; 3] {
        palette().colours[usize::from(self.0)]
    }
}

const fn hex(v: u32) -> [u8; 3] {
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// Declares the base inks in palette order: a constant per name and the RGB table.
macro_rules! inks {
    ($($name:ident = $hex:literal,)*) => {
        inks!(@consts 0u8; $($name,)*);
        /// The base colours, in index order.
        pub const BASE: &[[u8; 3]] = &[$(hex($hex)),*];
    };
    (@consts $i:expr; $name:ident, $($rest:ident,)*) => {
        pub const $name: Ink = Ink($i);
        inks!(@consts $i + 1; $($rest,)*);
    };
    (@consts $i:expr;) => {};
}

inks! {
    // Shared by every picture.
    WHITE = 0xffffff,
    INK = 0x1c1d21,
    PAPER = 0xf5efe1,
    PAPER_DARK = 0xe8dfca,
    RULE = 0xb9b09c,
    GREY = 0x8d9096,
    GREY_LIGHT = 0xd9d6cf,
    STRIP = 0x2c3038,
    STRIP_LIGHT = 0x464b55,
    GOLD = 0xf4b400,
    GOLD_DARK = 0xa66f00,
    MARK_GREEN = 0x178a47,
    MARK_RED = 0xd32f2f,
    // Aeroplane fleets: saturated (planes, centre), mid (track), light (hangars), dark (text).
    RED = 0xe53935,
    RED_MID = 0xf07a6f,
    RED_LIGHT = 0xfbd3cd,
    RED_DARK = 0x9b1b17,
    YELLOW = 0xf7c51e,
    YELLOW_MID = 0xfad76a,
    YELLOW_LIGHT = 0xfdf0bd,
    YELLOW_DARK = 0x8a6400,
    BLUE = 0x1e7fd9,
    BLUE_MID = 0x6aaeea,
    BLUE_LIGHT = 0xcbe3f8,
    BLUE_DARK = 0x0b4a8c,
    GREEN = 0x2e9e44,
    GREEN_MID = 0x78c487,
    GREEN_LIGHT = 0xcdebd2,
    GREEN_DARK = 0x17622a,
    // Tank Battle board and pieces.
    FIELD = 0xeee5cf,
    FIELD_DARK = 0xe1d5b8,
    WHITE_BASE = 0xc8ddf2,
    WHITE_BASE_DARK = 0xb7d0ea,
    BLACK_BASE = 0xc7bcae,
    BLACK_BASE_DARK = 0xb8ab9b,
    ZONE = 0xd0392f,
    ZONE_DARK = 0xb52c24,
    MINE = 0x111214,
    MINE_MARK = 0x55585f,
    TANK_WHITE = 0xfbfaf5,
    TANK_WHITE_MARK = 0xa9acb3,
    TANK_BLACK = 0x2a2c31,
    TANK_BLACK_MARK = 0x72767e,
    LAST_MOVE = 0xe08a00,
    // «Tysiąc na szachownicy»: W's slate field and pawns (S, E, N use the fleets' red, blue and
    // yellow), and the dark squares of the lanes.
    SLATE = 0x3b4150,
    SLATE_MID = 0xa9b0bf,
    SLATE_LIGHT = 0xdde0e7,
    LANE = 0xc8b28e,
    // «Воздушный бой»: the «Игрушка» grass and forests; the «Аэрофото» map's fields, meadows,
    // ploughed soil, woods, water and roads; the same fields tinted in each side's danger zones.
    TOY_GRASS = 0xb4dc7f,
    TOY_FOREST = 0x3c8a35,
    PHOTO_FIELD = 0x8d9a62,
    PHOTO_MEADOW = 0x6f8a4e,
    PHOTO_SOIL = 0xa6926a,
    PHOTO_WOOD = 0x4a5e36,
    PHOTO_WATER = 0x5f7f86,
    PHOTO_ROAD = 0xd2c8a6,
    FIELD_SOUTH = 0xb07350,
    MEADOW_SOUTH = 0x9e6a44,
    SOIL_SOUTH = 0xbf6e55,
    FIELD_NORTH = 0xa5bc5f,
    MEADOW_NORTH = 0x93b353,
    SOIL_NORTH = 0xb4b864,
}

/// Extra pairs blended at one half, after the ink and white blends: papers with what is
/// drawn on them.
const PAIRS: &[(Ink, Ink)] = &[
    (PAPER, RED_MID),
    (PAPER, YELLOW_MID),
    (PAPER, BLUE_MID),
    (PAPER, GREEN_MID),
    (PAPER, RED_DARK),
    (PAPER, YELLOW_DARK),
    (PAPER, BLUE_DARK),
    (PAPER, GREEN_DARK),
    (RED_LIGHT, RED),
    (YELLOW_LIGHT, YELLOW),
    (BLUE_LIGHT, BLUE),
    (GREEN_LIGHT, GREEN),
    (RED_LIGHT, RED_DARK),
    (YELLOW_LIGHT, YELLOW_DARK),
    (BLUE_LIGHT, BLUE_DARK),
    (GREEN_LIGHT, GREEN_DARK),
    (FIELD, GOLD),
    (WHITE_BASE, GOLD_DARK),
    (BLACK_BASE, GOLD_DARK),
    (FIELD, LAST_MOVE),
    (WHITE_BASE, LAST_MOVE),
    (BLACK_BASE, LAST_MOVE),
    (ZONE, LAST_MOVE),
    (STRIP, GOLD),
    (STRIP, RED),
    (STRIP, YELLOW),
    (STRIP, BLUE),
    (STRIP, GREEN),
    (TANK_WHITE, GOLD),
    (TANK_BLACK, GOLD),
];

/// Number of entries a palette may hold in an 8-bit PNG.
pub const MAX_COLOURS: usize = 256;

/// The generated palette and its nearest-colour lookup table.
#[derive(Debug)]
pub struct Palette {
    /// RGB of each index; the first `BASE.len()` are the named inks.
    pub colours: Vec<[u8; 3]>,
    lut: Vec<u8>,
}

impl Palette {
    /// The palette index whose colour is nearest `rgb` (through the lookup table).
    #[inline]
    pub fn nearest(&self, rgb: [u8; 3]) -> u8 {
        self.lut[lut_key(rgb)]
    }

    /// The palette as the `PLTE` chunk wants it: R, G, B for each entry.
    pub fn plte(&self) -> Vec<u8> {
        self.colours.iter().flatten().copied().collect()
    }
}

#[inline]
fn lut_key(rgb: [u8; 3]) -> usize {
    (usize::from(rgb[0] >> 3) << 10) | (usize::from(rgb[1] >> 3) << 5) | usize::from(rgb[2] >> 3)
}

/// The palette, built on first use.
pub fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    PALETTE.get_or_init(build)
}

/// Mixes `a` towards `b` by `t` (0 = a, 1 = b).
pub fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    let m = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t + 0.5) as u8;
    [m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2])]
}

/// Perceptually weighted squared distance (a cheap "redmean"-like weighting).
fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |i: usize| (i32::from(a[i]) - i32::from(b[i])).unsigned_abs();
    let (r, g, b) = (d(0), d(1), d(2));
    2 * r * r + 4 * g * g + 3 * b * b
}

fn nearest_exact(colours: &[[u8; 3]], rgb: [u8; 3]) -> u8 {
    let mut best = (u32::MAX, 0u8);
    for (i, c) in colours.iter().enumerate() {
        let d = distance(*c, rgb);
        if d < best.0 {
            best = (d, i as u8);
        }
    }
    best.1
}

fn build() -> Palette {
    let mut colours: Vec<[u8; 3]> = BASE.to_vec();
    let mut push = |c: [u8; 3]| {
        let close = colours.iter().any(|p| distance(*p, c) < 3 * 36);
        if !close && colours.len() < MAX_COLOURS {
            colours.push(c);
        }
    };
    let (ink, white) = (hex(0x1c1d21), hex(0xffffff));
    for t in [0.5, 0.25, 0.75] {
        for base in BASE {
            push(mix(*base, ink, t));
            push(mix(*base, white, t));
        }
    }
    for (a, b) in PAIRS {
        for t in [0.5, 0.25, 0.75] {
            push(mix(BASE[usize::from(a.0)], BASE[usize::from(b.0)], t));
        }
    }
    let mut lut = vec![0u8; 1 << 15];
    for (key, slot) in lut.iter_mut().enumerate() {
        let centre = |shift: usize| (((key >> shift) & 31) as u8) << 3 | 4;
        *slot = nearest_exact(&colours, [centre(10), centre(5), centre(0)]);
    }
    // Flat areas must stay exact: a base colour's own bucket maps to that colour.
    for (i, base) in BASE.iter().enumerate() {
        lut[lut_key(*base)] = i as u8;
    }
    Palette { colours, lut }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_in_an_8_bit_palette_and_base_inks_are_exact() {
        let p = palette();
        assert!(p.colours.len() <= MAX_COLOURS);
        for (i, base) in BASE.iter().enumerate() {
            assert_eq!(usize::from(p.nearest(*base)), i, "{base:?}");
        }
    }

    #[test]
    fn no_two_base_inks_share_a_lookup_bucket() {
        let mut keys: Vec<usize> = BASE.iter().map(|c| lut_key(*c)).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), BASE.len());
    }
}
