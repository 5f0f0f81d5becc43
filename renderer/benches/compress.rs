//! Which zlib compressor for the PNG's `IDAT`? Each candidate compresses the scanlines of the
//! same finished frames (a filter byte of 0, i.e. no PNG filter, then the row's palette
//! indices), with its state and output buffer reused between boards as the renderer would.
//! Sizes of every golden view are printed first (the whole PNG adds 854 bytes of chunks);
//! criterion then times the three benchmark views.
//!
//! Run with `cargo bench -p igroteka-renderer --bench compress`.

#[path = "../tests/common/mod.rs"]
mod common;
#[macro_use]
mod support;

use criterion::measurement::Measurement;
use criterion::{Criterion, black_box};
use igroteka::view::AnyView;
use igroteka_renderer::{IndexedImage, render_frame};

/// A compressor under test: scanlines in, zlib stream out (into `out`, cleared first).
trait Zlib {
    fn name(&self) -> String;
    fn compress(&mut self, data: &[u8], stride: usize, out: &mut Vec<u8>);
}

struct Ours;

impl Zlib for Ours {
    fn name(&self) -> String {
        "ours".into()
    }
    fn compress(&mut self, data: &[u8], stride: usize, out: &mut Vec<u8>) {
        *out = igroteka_renderer::deflate::zlib(data, stride);
    }
}

/// flate2 with the zlib-rs backend; `up`: PNG's Up filter on every row but the first.
struct ZlibRs(u32, flate2::Compress, bool, Vec<u8>);

impl ZlibRs {
    fn new(level: u32, up: bool) -> Self {
        ZlibRs(level, flate2::Compress::new(flate2::Compression::new(level), true), up, Vec::new())
    }
}

impl Zlib for ZlibRs {
    fn name(&self) -> String {
        format!("zlib-rs {}{}", self.0, if self.2 { " up" } else { "" })
    }
    fn compress(&mut self, data: &[u8], stride: usize, out: &mut Vec<u8>) {
        out.clear();
        out.reserve(data.len() + data.len() / 1000 + 64);
        self.1.reset();
        let input = if self.2 {
            self.3.clear();
            self.3.extend_from_slice(&data[..stride]);
            for (above, row) in data.chunks_exact(stride).zip(data.chunks_exact(stride).skip(1)) {
                self.3.push(2);
                self.3.extend(row[1..].iter().zip(&above[1..]).map(|(a, b)| a.wrapping_sub(*b)));
            }
            &self.3
        } else {
            data
        };
        let status =
            self.1.compress_vec(input, out, flate2::FlushCompress::Finish).expect("compresses");
        assert_eq!(status, flate2::Status::StreamEnd);
    }
}

struct Libdeflate(i32, libdeflater::Compressor);

impl Libdeflate {
    fn new(level: i32) -> Self {
        let lvl = libdeflater::CompressionLvl::new(level).expect("a level");
        Libdeflate(level, libdeflater::Compressor::new(lvl))
    }
}

impl Zlib for Libdeflate {
    fn name(&self) -> String {
        format!("libdeflate {}", self.0)
    }
    fn compress(&mut self, data: &[u8], _stride: usize, out: &mut Vec<u8>) {
        let bound = self.1.zlib_compress_bound(data.len());
        out.resize(bound, 0);
        let n = self.1.zlib_compress(data, out).expect("compresses");
        out.truncate(n);
    }
}

struct Miniz(u8, Box<miniz_oxide::deflate::core::CompressorOxide>);

impl Miniz {
    fn new(level: u8) -> Self {
        let mut c = Box::<miniz_oxide::deflate::core::CompressorOxide>::default();
        c.set_format_and_level(miniz_oxide::DataFormat::Zlib, level);
        Miniz(level, c)
    }
}

impl Zlib for Miniz {
    fn name(&self) -> String {
        format!("miniz_oxide {}", self.0)
    }
    fn compress(&mut self, data: &[u8], _stride: usize, out: &mut Vec<u8>) {
        use miniz_oxide::deflate::core::{TDEFLFlush, TDEFLStatus, compress};
        self.1.reset();
        self.1.set_format_and_level(miniz_oxide::DataFormat::Zlib, self.0);
        out.resize(data.len() + data.len() / 1000 + 64, 0);
        let (status, read, written) = compress(&mut self.1, data, out, TDEFLFlush::Finish);
        assert_eq!((status, read), (TDEFLStatus::Done, data.len()));
        out.truncate(written);
    }
}

fn candidates() -> Vec<Box<dyn Zlib>> {
    let mut all: Vec<Box<dyn Zlib>> = vec![Box::new(Ours)];
    for level in [1, 2, 3, 4, 5, 6] {
        all.push(Box::new(ZlibRs::new(level, false)));
    }
    for level in [1, 2, 3, 6] {
        all.push(Box::new(ZlibRs::new(level, true)));
    }
    for level in [1, 2, 3, 4, 6] {
        all.push(Box::new(Libdeflate::new(level)));
    }
    for level in [1, 2, 3, 6] {
        all.push(Box::new(Miniz::new(level)));
    }
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
    eprintln!();
    for mut zlib in candidates() {
        eprint!("{:<16}", zlib.name());
        for (_, data, stride) in &frames {
            zlib.compress(data, *stride, &mut out);
            let mut inflated = Vec::with_capacity(data.len());
            let mut d = flate2::Decompress::new(true);
            d.decompress_vec(&out, &mut inflated, flate2::FlushDecompress::Finish)
                .expect("inflates");
            assert!(inflated.len() == data.len(), "{} does not round-trip", zlib.name());
            eprint!(" {:>7}", out.len());
        }
        eprintln!();
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
