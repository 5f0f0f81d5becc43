//! PNG output: the indexed frame is written as it is, an 8-bit palette PNG whose `PLTE` is the
//! crate's fixed palette. The `png` crate writes the signature, `IHDR`, `PLTE`, the one `IDAT`
//! chunk and `IEND`; the image data is compressed with zlib by `flate2` on its pure-Rust
//! `zlib-rs` backend at [`LEVEL`] (docs/renderer.md compares it with the alternatives).
//! Scanlines are unfiltered: the PNG filters only make palette indices harder to compress,
//! and zlib finds "the same as the row above" by itself (a match one scanline back).
//!
//! Nothing large is allocated per picture: each thread keeps its compressor (zlib's window and
//! hash tables, ~0.3 MB), a small staging buffer for scanlines and the `IDAT` buffer, and
//! reuses them; only the returned PNG is new.

use std::cell::RefCell;

use flate2::{Compress, Compression, FlushCompress, Status};

use crate::canvas::IndexedImage;
use crate::palette::palette;

/// The zlib level: 6, zlib's default, gives the smallest pictures of the levels that fit the
/// time budget (see docs/renderer.md, "PNG encoding").
pub const LEVEL: u32 = 6;

/// How many bytes of scanlines are staged for the compressor at a time (whole rows).
const STAGE_BYTES: usize = 64 * 1024;

/// One thread's encoding state, kept between pictures.
struct Encoder {
    zlib: Compress,
    /// Scanlines waiting for the compressor: a filter byte (0, none) and the row's indices.
    stage: Vec<u8>,
    idat: Vec<u8>,
}

thread_local! {
    static ENCODER: RefCell<Encoder> = RefCell::new(Encoder {
        zlib: Compress::new(Compression::new(LEVEL), true),
        stage: Vec::with_capacity(STAGE_BYTES),
        idat: Vec::new(),
    });
}

/// Encodes `image` as an indexed PNG.
pub fn encode_png(image: &IndexedImage) -> Vec<u8> {
    ENCODER.with_borrow_mut(|encoder| encoder.encode(image))
}

impl Encoder {
    fn encode(&mut self, image: &IndexedImage) -> Vec<u8> {
        let width = image.width as usize;
        let rows_per_stage = (STAGE_BYTES / (width + 1)).max(1);
        self.zlib.reset();
        self.idat.clear();
        for rows in image.pixels.chunks((width * rows_per_stage).max(1)) {
            self.stage.clear();
            for row in rows.chunks_exact(width) {
                self.stage.push(0);
                self.stage.extend_from_slice(row);
            }
            deflate(&mut self.zlib, &self.stage, &mut self.idat, FlushCompress::None);
        }
        deflate(&mut self.zlib, &[], &mut self.idat, FlushCompress::Finish);

        let mut out = Vec::with_capacity(self.idat.len() + 1024);
        let mut encoder = png::Encoder::new(&mut out, image.width, image.height);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette().plte());
        let mut writer = encoder.write_header().expect("writing to a Vec cannot fail");
        writer.write_chunk(png::chunk::IDAT, &self.idat).expect("writing to a Vec cannot fail");
        writer.finish().expect("writing to a Vec cannot fail");
        out
    }
}

/// Feeds all of `input` to `zlib`, appending what it writes to `out` (grown as needed); with
/// `FlushCompress::Finish`, until the stream is complete.
fn deflate(zlib: &mut Compress, input: &[u8], out: &mut Vec<u8>, flush: FlushCompress) {
    let start = zlib.total_in();
    loop {
        let done = (zlib.total_in() - start) as usize;
        if out.capacity() - out.len() < 1024 {
            out.reserve(out.capacity().max(64 * 1024));
        }
        let status = zlib
            .compress_vec(&input[done..], out, flush)
            .expect("compressing in memory cannot fail");
        let consumed = (zlib.total_in() - start) as usize == input.len();
        match flush {
            FlushCompress::Finish if status == Status::StreamEnd => return,
            FlushCompress::Finish => {}
            _ if consumed => return,
            _ => {}
        }
    }
}
