//! Pre-drawn pieces. A plane or a tank token takes far longer to draw from its shapes (a
//! polygon distance per pixel) than to copy, and looks the same every frame, so each kind is
//! drawn once into an RGBA sprite (kept in a `OnceLock` by its game) and stamped per frame.
//! Opaque pixels carry their palette index, so stamping them is a plain copy; only the
//! anti-aliased rim is blended.

use crate::canvas::{IndexedImage, Surface};
use crate::palette::palette;
use crate::shapes::Pt;

/// A small RGBA picture with straight (not premultiplied) alpha.
#[derive(Debug, Clone)]
pub struct Sprite {
    width: u32,
    height: u32,
    pixels: Vec<[u8; 4]>,
    /// The palette index of each opaque pixel, filled by [`Sprite::draw`].
    indices: Vec<u8>,
}

impl Sprite {
    /// Draws a `width` × `height` sprite on a transparent ground with `art`.
    pub fn draw(width: u32, height: u32, art: impl FnOnce(&mut Sprite)) -> Sprite {
        let len = width as usize * height as usize;
        let mut sprite = Sprite { width, height, pixels: vec![[0; 4]; len], indices: Vec::new() };
        art(&mut sprite);
        let pal = palette();
        sprite.indices = sprite.pixels.iter().map(|p| pal.nearest([p[0], p[1], p[2]])).collect();
        sprite
    }

    /// The sprite's centre in its own pixel coordinates.
    pub fn centre(&self) -> Pt {
        (self.width as f32 / 2.0, self.height as f32 / 2.0)
    }

    /// Stamps the sprite on `canvas` with its centre at `centre`.
    pub fn stamp(&self, canvas: &mut IndexedImage, centre: Pt) {
        let left = (centre.0 - self.width as f32 / 2.0).round() as i32;
        let top = (centre.1 - self.height as f32 / 2.0).round() as i32;
        for sy in 0..self.height as i32 {
            let y = top + sy;
            if y < 0 || y >= canvas.height as i32 {
                continue;
            }
            for sx in 0..self.width as i32 {
                let x = left + sx;
                if x < 0 || x >= canvas.width as i32 {
                    continue;
                }
                let at = (sy * self.width as i32 + sx) as usize;
                let [r, g, b, a] = self.pixels[at];
                match a {
                    0 => {}
                    255 => {
                        canvas.pixels[y as usize * canvas.width as usize + x as usize] =
                            self.indices[at]
                    }
                    _ => canvas.blend(x, y, [r, g, b], f32::from(a) / 255.0),
                }
            }
        }
    }
}

impl Surface for Sprite {
    fn width(&self) -> u32 {
        self.width
    }

    fn height(&self) -> u32 {
        self.height
    }

    fn blend(&mut self, x: i32, y: i32, rgb: [u8; 3], alpha: f32) {
        if alpha <= 0.0 || x < 0 || y < 0 || x as u32 >= self.width || y as u32 >= self.height {
            return;
        }
        let at = y as usize * self.width as usize + x as usize;
        let [dr, dg, db, da] = self.pixels[at];
        let da = f32::from(da) / 255.0;
        let a = alpha.min(1.0);
        let out_a = a + da * (1.0 - a);
        let channel = |s: u8, d: u8| {
            ((f32::from(s) * a + f32::from(d) * da * (1.0 - a)) / out_a + 0.5).min(255.0) as u8
        };
        self.pixels[at] = [
            channel(rgb[0], dr),
            channel(rgb[1], dg),
            channel(rgb[2], db),
            (out_a * 255.0 + 0.5) as u8,
        ];
    }
}
