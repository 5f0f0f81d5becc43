//! The part of the `zstd` crate (0.9) that sled 0.34 uses, with contexts reused per thread.
//!
//! Why this exists: sled compresses every log message it writes with `zstd::block::compress`
//! and decompresses every message it reads back with `zstd::stream::decode_all` (the whole log,
//! when a folder opens). The real crate creates a fresh zstd context for each call, and creating
//! one runs zstd's CPU-feature check, the `CPUID` instruction — a VM exit, 5–9 µs on the
//! machines we run on. That was over a third of the process's CPU per press, and most of a
//! restart (docs/performance-journal.md, "Where it stands (issue 12's targets)"). Here each
//! thread keeps one compression and one decompression context and reuses them.
//!
//! The output is the same zstd frames (`ZSTD_compressCCtx` at the given level, content size
//! included), so folders written before or after this patch read the same; the tests below
//! check the round trips against the C library's one-shot functions.
//!
//! Only the three functions sled calls are provided. Cargo's `[patch.crates-io]` in the
//! workspace manifest puts this crate in place of the registry's `zstd` 0.9.

#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::io;

fn error(code: usize) -> io::Error {
    io::Error::other(zstd_safe::get_error_name(code))
}

pub mod block {
    //! One-shot compression of a block (one zstd frame).

    use super::*;

    thread_local! {
        static COMPRESSOR: RefCell<zstd_safe::CCtx<'static>> = RefCell::new(zstd_safe::CCtx::create());
        static DECOMPRESSOR: RefCell<zstd_safe::DCtx<'static>> = RefCell::new(zstd_safe::DCtx::create());
    }

    /// Compresses `data` into one frame at `level` (0: zstd's default).
    pub fn compress(data: &[u8], level: i32) -> io::Result<Vec<u8>> {
        let mut out = Vec::with_capacity(zstd_safe::compress_bound(data.len()));
        COMPRESSOR.with(|context| {
            let mut context = context.borrow_mut();
            context.compress(&mut out, data, level).map_err(error)
        })?;
        Ok(out)
    }

    /// Decompresses one frame whose content is at most `capacity` bytes.
    pub fn decompress(data: &[u8], capacity: usize) -> io::Result<Vec<u8>> {
        let mut out = Vec::with_capacity(capacity);
        DECOMPRESSOR.with(|context| {
            let mut context = context.borrow_mut();
            context.decompress(&mut out, data).map_err(error)
        })?;
        Ok(out)
    }
}

pub mod stream {
    //! Decompression of a whole stream of frames.

    use super::*;

    thread_local! {
        static DECOMPRESSOR: RefCell<zstd_safe::DCtx<'static>> = RefCell::new(zstd_safe::DCtx::create());
    }

    /// Decompresses every frame `source` holds, concatenated.
    pub fn decode_all<R: io::Read>(mut source: R) -> io::Result<Vec<u8>> {
        let mut input = Vec::new();
        source.read_to_end(&mut input)?;
        DECOMPRESSOR.with(|context| {
            let mut context = context.borrow_mut();
            // A session left half-way by an earlier error must not leak into this one.
            context.reset().map_err(error)?;
            let mut out: Vec<u8> = Vec::with_capacity(input.len() * 4);
            let mut input = zstd_safe::InBuffer::around(&input);
            loop {
                if out.capacity() - out.len() < zstd_safe::DCtx::out_size() {
                    out.reserve(zstd_safe::DCtx::out_size());
                }
                let before = (input.pos(), out.len());
                // The output buffer sets the vector's length to what was written.
                let mut output = zstd_safe::OutBuffer::around_pos(&mut out, before.1);
                let hint = context.decompress_stream(&mut output, &mut input).map_err(error)?;
                let done = input.pos() == input.src.len();
                if done && hint == 0 {
                    return Ok(out);
                }
                if done && out.len() == before.1 {
                    return Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "truncated zstd frame",
                    ));
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(n: usize) -> Vec<u8> {
        (0..n).map(|i| b"{\"seat\":1,\"action\":\"roll\"}"[i % 26] ^ (i / 97) as u8).collect()
    }

    #[test]
    fn a_block_round_trips_and_reads_with_the_c_library() {
        for n in [0, 1, 100, 5_000, 300_000] {
            let data = sample(n);
            let packed = block::compress(&data, 3).unwrap();
            assert_eq!(block::decompress(&packed, n).unwrap(), data);
            let mut out = Vec::with_capacity(n);
            zstd_safe::decompress(&mut out, &packed).unwrap();
            assert_eq!(out, data, "the C library reads the frame ({n} bytes)");
            assert_eq!(stream::decode_all(&packed[..]).unwrap(), data);
        }
    }

    #[test]
    fn frames_of_the_c_library_and_concatenated_frames_decode() {
        let (a, b) = (sample(3_000), sample(70_000));
        let mut packed = Vec::with_capacity(100_000);
        zstd_safe::compress(&mut packed, &a, 3).unwrap();
        packed.extend(block::compress(&b, 1).unwrap());
        let mut both = a.clone();
        both.extend(&b);
        assert_eq!(stream::decode_all(&packed[..]).unwrap(), both);
    }

    #[test]
    fn a_truncated_or_corrupt_frame_is_an_error_and_the_next_call_still_works() {
        let data = sample(10_000);
        let packed = block::compress(&data, 3).unwrap();
        assert!(stream::decode_all(&packed[..packed.len() / 2]).is_err());
        assert!(block::decompress(&packed[..packed.len() / 2], data.len()).is_err());
        assert!(block::decompress(&packed, 10).is_err(), "capacity too small");
        assert_eq!(stream::decode_all(&packed[..]).unwrap(), data);
        assert_eq!(block::decompress(&packed, data.len()).unwrap(), data);
    }
}
