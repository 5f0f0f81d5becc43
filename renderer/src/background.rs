//! The background cache. Everything that never changes in a game's picture — the board,
//! track, grid, coordinates, the empty status strip — is drawn once, on first use, into a
//! `OnceLock`; each frame starts as a copy of it (a `memcpy` of one byte per pixel, into a
//! frame buffer the caller reuses) and only the pieces and markers are drawn on top.

use std::sync::OnceLock;

use crate::canvas::IndexedImage;
use crate::labels;

/// A background drawn once by `draw` and copied for every frame; one per language if it
/// carries words ([`Background::localized`]).
#[derive(Debug)]
pub struct Background {
    cells: [OnceLock<IndexedImage>; labels::COUNT],
    draw: fn() -> IndexedImage,
    localized: bool,
}

impl Background {
    pub const fn new(draw: fn() -> IndexedImage) -> Self {
        Background { cells: [const { OnceLock::new() }; labels::COUNT], draw, localized: false }
    }

    /// A background with words on it (`draw` reads [`labels::current`]), kept per language.
    pub const fn localized(draw: fn() -> IndexedImage) -> Self {
        Background { cells: [const { OnceLock::new() }; labels::COUNT], draw, localized: true }
    }

    /// The cached background, drawing it if this is the first use (in this language).
    pub fn get(&self) -> &IndexedImage {
        let at = if self.localized { labels::current_index() } else { 0 };
        self.cells[at].get_or_init(self.draw)
    }

    /// Starts a frame: `frame` becomes a copy of the background, in its own buffer (allocated
    /// only when it is smaller than the background).
    pub fn start(&self, frame: &mut IndexedImage) {
        frame.clone_from(self.get());
    }
}
