//! PNG output: the indexed frame is written as it is, an 8-bit palette PNG whose `PLTE` is the
//! crate's fixed palette. The `png` crate writes the signature, `IHDR`, `PLTE` and `IEND`; the
//! image data is compressed by [`crate::deflate`] (see there for why) and written as one `IDAT`
//! chunk. Scanlines are unfiltered: the compressor's "same as the row above" matches do the
//! work of the Up filter without a filtering pass.

use crate::canvas::IndexedImage;
use crate::deflate;
use crate::palette::palette;

/// Encodes `image` as an indexed PNG.
pub fn encode_png(image: &IndexedImage) -> Vec<u8> {
    let width = image.width as usize;
    let stride = width + 1;
    let mut scanlines = vec![0u8; stride * image.height as usize];
    for (line, row) in scanlines.chunks_exact_mut(stride).zip(image.pixels.chunks_exact(width)) {
        line[1..].copy_from_slice(row);
    }
    let idat = deflate::zlib(&scanlines, stride);

    let mut out = Vec::with_capacity(idat.len() + 1024);
    let mut encoder = png::Encoder::new(&mut out, image.width, image.height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette().plte());
    let mut writer = encoder.write_header().expect("writing to a Vec cannot fail");
    writer.write_chunk(png::chunk::IDAT, &idat).expect("writing to a Vec cannot fail");
    writer.finish().expect("writing to a Vec cannot fail");
    out
}
