//! The drawing surfaces. A frame is an [`IndexedImage`]: one palette index per pixel, which is
//! exactly what the PNG encoder writes, so a frame never needs a quantisation pass. Drawing
//! code talks to the [`Surface`] trait ("lay this colour over that pixel with this coverage"),
//! which the indexed image implements by blending in RGB and looking the result up in the
//! palette, and which [`crate::sprite::Sprite`] implements in RGBA for pre-drawn pieces.

use imageproc::rect::Rect;

use crate::palette::{Ink, palette};

/// Something anti-aliased drawing can paint on.
pub trait Surface {
    fn width(&self) -> u32;
    fn height(&self) -> u32;
    /// Lays `rgb` over pixel (x, y) with coverage `alpha` (0..=1); off-surface pixels are
    /// ignored.
    fn blend(&mut self, x: i32, y: i32, rgb: [u8; 3], alpha: f32);
}

/// A surface that lays everything on `S` at a fraction of its coverage: shadows, ghosts,
/// veils.
#[derive(Debug)]
pub struct Faded<'a, S: Surface + ?Sized>(pub &'a mut S, pub f32);

impl<S: Surface + ?Sized> Surface for Faded<'_, S> {
    fn width(&self) -> u32 {
        self.0.width()
    }

    fn height(&self) -> u32 {
        self.0.height()
    }

    fn blend(&mut self, x: i32, y: i32, rgb: [u8; 3], alpha: f32) {
        self.0.blend(x, y, rgb, alpha * self.1);
    }
}

/// An 8-bit palette image: the frame format of this crate. The default is an empty (0 × 0)
/// image, a buffer for [`crate::render_into`] to fill.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct IndexedImage {
    pub width: u32,
    pub height: u32,
    /// Row-major palette indices.
    pub pixels: Vec<u8>,
}

impl Clone for IndexedImage {
    fn clone(&self) -> Self {
        IndexedImage { width: self.width, height: self.height, pixels: self.pixels.clone() }
    }

    /// Copies `source` into this image's own buffer, allocating only if it is too small.
    fn clone_from(&mut self, source: &Self) {
        self.width = source.width;
        self.height = source.height;
        self.pixels.clone_from(&source.pixels);
    }
}

impl IndexedImage {
    /// A `width` × `height` image filled with `ink`.
    pub fn new(width: u32, height: u32, ink: Ink) -> Self {
        let len = width as usize * height as usize;
        IndexedImage { width, height, pixels: vec![ink.0; len] }
    }

    #[inline]
    fn offset(&self, x: i32, y: i32) -> Option<usize> {
        let inside = x >= 0 && y >= 0 && (x as u32) < self.width && (y as u32) < self.height;
        inside.then(|| y as usize * self.width as usize + x as usize)
    }

    /// The palette index at (x, y).
    pub fn index(&self, x: u32, y: u32) -> u8 {
        self.pixels[y as usize * self.width as usize + x as usize]
    }

    /// Fills an axis-aligned rectangle with a flat ink (no anti-aliasing needed).
    pub fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, ink: Ink) {
        let rect = Rect::at(x, y).of_size(w.max(1), h.max(1));
        imageproc::drawing::draw_filled_rect_mut(self, rect, image::Luma([ink.0]));
    }

    /// The image in RGBA, for viewers and comparisons.
    pub fn to_rgba(&self) -> image::RgbaImage {
        let colours = &palette().colours;
        let mut out = Vec::with_capacity(self.pixels.len() * 4);
        for &i in &self.pixels {
            let [r, g, b] = colours[usize::from(i)];
            out.extend_from_slice(&[r, g, b, 255]);
        }
        image::RgbaImage::from_raw(self.width, self.height, out).expect("buffer size matches")
    }
}

impl Surface for IndexedImage {
    fn width(&self) -> u32 {
        self.width
    }

    fn height(&self) -> u32 {
        self.height
    }

    #[inline]
    fn blend(&mut self, x: i32, y: i32, rgb: [u8; 3], alpha: f32) {
        if alpha <= 1.0 / 64.0 {
            return;
        }
        let Some(at) = self.offset(x, y) else { return };
        let pal = palette();
        let colour = if alpha >= 63.0 / 64.0 {
            rgb
        } else {
            crate::palette::mix(pal.colours[usize::from(self.pixels[at])], rgb, alpha)
        };
        self.pixels[at] = pal.nearest(colour);
    }
}

/// Lets imageproc's hard-edged primitives write palette indices straight into a frame.
impl imageproc::drawing::Canvas for IndexedImage {
    type Pixel = image::Luma<u8>;

    fn dimensions(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    fn get_pixel(&self, x: u32, y: u32) -> Self::Pixel {
        image::Luma([self.index(x, y)])
    }

    fn draw_pixel(&mut self, x: u32, y: u32, colour: Self::Pixel) {
        if let Some(at) = self.offset(x as i32, y as i32) {
            self.pixels[at] = colour.0[0];
        }
    }
}
