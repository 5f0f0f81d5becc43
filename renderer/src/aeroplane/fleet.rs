//! The four fleets' inks (their letters, in the chat's language, are in [`crate::labels`]). Colour alone must not carry meaning (colour-blind
//! players), so every corner also has a letter, and its planes a heading of their own.

use crate::palette::{self, Ink};

#[derive(Debug, Clone, Copy)]
pub struct Fleet {
    /// Planes and the centre triangles.
    pub full: Ink,
    /// Track squares and home columns.
    pub mid: Ink,
    /// Hangars and the arm's ground.
    pub light: Ink,
    /// Letters and shortcut lines.
    pub dark: Ink,
}

const FLEETS: [Fleet; 4] = [
    Fleet {
        full: palette::RED,
        mid: palette::RED_MID,
        light: palette::RED_LIGHT,
        dark: palette::RED_DARK,
    },
    Fleet {
        full: palette::YELLOW,
        mid: palette::YELLOW_MID,
        light: palette::YELLOW_LIGHT,
        dark: palette::YELLOW_DARK,
    },
    Fleet {
        full: palette::BLUE,
        mid: palette::BLUE_MID,
        light: palette::BLUE_LIGHT,
        dark: palette::BLUE_DARK,
    },
    Fleet {
        full: palette::GREEN,
        mid: palette::GREEN_MID,
        light: palette::GREEN_LIGHT,
        dark: palette::GREEN_DARK,
    },
];

/// The fleet of `corner` (0 red, 1 yellow, 2 blue, 3 green).
pub fn fleet(corner: u8) -> Fleet {
    FLEETS[usize::from(corner % 4)]
}
