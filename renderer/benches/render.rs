//! Render and encode timings per game: `render` is the whole path a message pays for (draw the
//! frame from the cached background, encode it as PNG); `encode` is the PNG encoding alone of
//! the same finished frame, the yardstick for "drawing costs no more than encoding".
//!
//! Run with `cargo bench -p igroteka-renderer`.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use igroteka::view::AnyView;
use igroteka_renderer::{encode_png, render, render_frame};

fn bench_game(c: &mut Criterion, game: &str, view: &AnyView) {
    let frame = render_frame(view);
    let png = encode_png(&frame);
    eprintln!("{game}: {} x {} px, PNG {} bytes", frame.width, frame.height, png.len());
    let mut group = c.benchmark_group(game);
    group.bench_function("render", |b| b.iter(|| render(black_box(view))));
    group.bench_function("draw", |b| b.iter(|| render_frame(black_box(view))));
    group.bench_function("encode", |b| b.iter(|| encode_png(black_box(&frame))));
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_game(c, "aeroplane", &common::aeroplane_midgame(true));
    bench_game(c, "tank_battle", &common::tanks_selected(true));
    bench_game(c, "tanks", &common::tanks_go_midgame(true));
}

criterion_group!(render_benches, benches);
criterion_main!(render_benches);
