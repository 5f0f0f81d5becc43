//! The background cache. Everything that never changes in a game's picture — the board,
//! track, grid, coordinates, the empty status strip — is drawn once, on first use, into a
//! `OnceLock`; each frame starts as a copy of it (a `memcpy` of one byte per pixel, into a
//! frame buffer the caller reuses) and only the pieces and markers are drawn on top.

use std::sync::OnceLock;

use crate::canvas::IndexedImage;

/// A background drawn once by `draw` and copied for every frame.
#[derive(Debug)]
pub struct Background {
    cell: OnceLock<IndexedImage>,
    draw: fn() -> IndexedImage,
}

impl Background {
    pub const fn new(draw: fn() -> IndexedImage) -> Self {
        Background { cell: OnceLock::new(), draw }
    }

    /// The cached background, drawing it if this is the first use.
    pub fn get(&self) -> &IndexedImage {
        self.cell.get_or_init(self.draw)
    }

    /// Starts a frame: `frame` becomes a copy of the background, in its own buffer (allocated
    /// only when it is smaller than the background).
    pub fn start(&self, frame: &mut IndexedImage) {
        frame.clone_from(self.get());
    }
}
