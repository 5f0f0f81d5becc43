//! The `IDAT` compressor's levels: flate2 on zlib-rs compresses the scanlines of the same
//! finished frames at each zlib level (a filter byte of 0, i.e. no PNG filter, then the row's
//! palette indices; "up": PNG's Up filter on every row but the first, for comparison), with its
//! state and output buffer reused between boards as the renderer does. The `IDAT` size of every
//! golden view is printed first (the whole PNG adds 854 bytes of chunks); criterion then times
//! the three benchmark views. The renderer uses `igroteka_renderer::encode::LEVEL`.
//!
//! The comparison with the other libraries and with the crate's former own compressor
//! (docs/renderer.md) was made by this bench at commit ee25e7b, where it has them all.
//!
//! Run with `BENCH_CLOCK=cpu cargo bench -p igroteka-renderer --bench compress`.

#[path = "../tests/common/mod.rs"]
mod common;
#[macro_use]
mod support;

use criterion::measurement::Measurement;
use criterion::{Criterion, black_box};
use flate2::{Compress, Compression, FlushCompress, Status};
use igroteka::view::AnyView;
use igroteka_renderer::{IndexedImage, render_frame};

/// flate2 (zlib-rs) at one level, with or without the Up filter.
struct Zlib {
    level: u32,
    up: bool,
    zlib: Compress,
    filtered: Vec<u8>,
}

impl Zlib {
    fn new(level: u32, up: bool) -> Self {
        let zlib = Compress::new(Compression::new(level), true);
        Zlib { level, up, zlib, filtered: Vec::new() }
    }

    fn name(&self) -> String {
        format!("zlib-rs {}{}", self.level, if self.up { " up" } else { "" })
    }

    /// Compresses the scanlines `data` (rows of `stride` bytes) into `out`.
    fn compress(&mut self, data: &[u8], stride: usize, out: &mut Vec<u8>) {
        out.clear();
        out.reserve(data.len() + data.len() / 1000 + 64);
        self.zlib.reset();
        let input = if self.up {
            self.filtered.clear();
            self.filtered.extend_from_slice(&data[..stride]);
            for (above, row) in data.chunks_exact(stride).zip(data.chunks_exact(stride).skip(1)) {
                self.filtered.push(2);
                let up = row[1..].iter().zip(&above[1..]).map(|(a, b)| a.wrapping_sub(*b));
                self.filtered.extend(up);
            }
            &self.filtered
        } else {
            data
        };
        let status = self.zlib.compress_vec(input, out, FlushCompress::Finish).expect("deflates");
        assert_eq!(status, Status::StreamEnd);
    }
}

fn candidates() -> Vec<Zlib> {
    let mut all: Vec<Zlib> = [1, 2, 3, 4, 5, 6, 9].map(|level| Zlib::new(level, false)).into();
    all.push(Zlib::new(6, true));
    all
}

/// The frame's scanlines with filter type 0 (none) in front of each row.
fn scanlines(frame: &IndexedImage) -> (Vec<u8>, usize) {
    let width = frame.width as usize;
    let stride = width + 1;
    let mut data = vec![0u8; stride * frame.height as usize];
    for (line, row) in data.chunks_exact_mut(stride).zip(frame.pixels.chunks_exact(width)) {
        line[1..].copy_from_slice(row);
    }
    (data, stride)
}

fn print_sizes() {
    let frames: Vec<(&str, Vec<u8>, usize)> = common::all()
        .into_iter()
        .map(|(name, view)| {
            let (data, stride) = scanlines(&render_frame(&view));
            (name, data, stride)
        })
        .collect();
    let mut out = Vec::new();
    eprintln!("IDAT bytes per view:");
    for (i, (name, ..)) in frames.iter().enumerate() {
        eprintln!("  v{i}: {name}");
    }
    eprint!("{:<16}", "");
    for i in 0..frames.len() {
        eprint!(" {:>7}", format!("v{i}"));
    }
    eprintln!("     total");
    for mut zlib in candidates() {
        eprint!("{:<16}", zlib.name());
        let mut total = 0;
        for (_, data, stride) in &frames {
            zlib.compress(data, *stride, &mut out);
            eprint!(" {:>7}", out.len());
            total += out.len();
        }
        eprintln!(" {total:>9}");
    }
}

fn bench_game<M: Measurement>(c: &mut Criterion<M>, game: &str, view: &AnyView) {
    let (data, stride) = scanlines(&render_frame(view));
    let mut group = c.benchmark_group(format!("compress/{game}"));
    let mut out = Vec::new();
    for mut zlib in candidates() {
        group.bench_function(zlib.name(), |b| {
            b.iter(|| zlib.compress(black_box(&data), stride, &mut out))
        });
    }
    group.finish();
}

fn benches<M: Measurement>(c: &mut Criterion<M>) {
    print_sizes();
    bench_game(c, "aeroplane", &common::aeroplane_midgame(true));
    bench_game(c, "tank_battle", &common::tanks_selected(true));
    bench_game(c, "tanks", &common::tanks_go_midgame(true));
}

bench_main!(benches);
