//! Render and encode timings per game: `render` is the whole path a message pays for (draw the
//! frame from the cached background, encode it as PNG); `draw` is the drawing alone (into a
//! reused frame buffer, as `render` does); `encode` is the PNG encoding alone of the same
//! finished frame, the yardstick for "drawing costs little next to encoding".
//! Before timing, each game prints its picture's size and the minor page faults one `render`
//! and one `encode` cause once warm (Linux: read from `/proc/self/stat`).
//!
//! Run with `cargo bench -p igroteka-renderer --bench render`.

#[path = "../tests/common/mod.rs"]
mod common;
#[macro_use]
mod support;

use criterion::measurement::Measurement;
use criterion::{Criterion, black_box};
use igroteka::games::air_battle::Edition;
use igroteka::view::AnyView;
use igroteka_renderer::{IndexedImage, encode_png, render, render_frame, render_into};

/// This process's minor page faults so far (field 10 of `/proc/self/stat`), if readable.
fn minor_faults() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    let rest = &stat[stat.rfind(')')? + 2..];
    rest.split(' ').nth(7)?.parse().ok()
}

/// Mean minor page faults of one call of `f`, after a few warm-up calls.
fn faults_per_call(mut f: impl FnMut()) -> Option<f64> {
    const CALLS: u32 = 200;
    for _ in 0..10 {
        f();
    }
    let before = minor_faults()?;
    for _ in 0..CALLS {
        f();
    }
    Some((minor_faults()? - before) as f64 / f64::from(CALLS))
}

fn bench_game<M: Measurement>(c: &mut Criterion<M>, game: &str, view: &AnyView) {
    let frame = render_frame(view);
    let png = encode_png(&frame);
    let render_faults = faults_per_call(|| drop(black_box(render(black_box(view)))));
    let encode_faults = faults_per_call(|| drop(black_box(encode_png(black_box(&frame)))));
    eprintln!(
        "{game}: {} x {} px, PNG {} bytes; minor page faults per render {}, per encode {}",
        frame.width,
        frame.height,
        png.len(),
        render_faults.map_or("?".into(), |f| format!("{f:.1}")),
        encode_faults.map_or("?".into(), |f| format!("{f:.1}")),
    );
    let mut group = c.benchmark_group(game);
    group.bench_function("render", |b| b.iter(|| render(black_box(view))));
    let mut buffer = IndexedImage::default();
    group.bench_function("draw", |b| b.iter(|| render_into(black_box(view), &mut buffer)));
    group.bench_function("encode", |b| b.iter(|| encode_png(black_box(&frame))));
    group.finish();
}

/// Minor page faults per render when one worker thread draws the five games in turn, as the
/// bot's blocking pool does.
fn mixed_faults(views: &[AnyView]) {
    let views = views.to_vec();
    let faults = std::thread::spawn(move || {
        let mut next = views.iter().cycle();
        faults_per_call(|| drop(black_box(render(next.next().expect("views")))))
    })
    .join()
    .expect("the worker renders");
    let faults = faults.map_or("?".into(), |f| format!("{f:.1}"));
    eprintln!("five games in turn on a worker thread: minor page faults per render {faults}");
}

fn benches<M: Measurement>(c: &mut Criterion<M>) {
    mixed_faults(&[
        common::aeroplane_midgame(true),
        common::tanks_selected(true),
        common::tanks_go_midgame(true),
        common::thousand_midgame(true),
        common::air_midgame(Edition::Photo, true),
    ]);
    bench_game(c, "aeroplane", &common::aeroplane_midgame(true));
    bench_game(c, "tank_battle", &common::tanks_selected(true));
    bench_game(c, "tanks", &common::tanks_go_midgame(true));
    bench_game(c, "thousand", &common::thousand_midgame(true));
    bench_game(c, "air_battle_toy", &common::air_midgame(Edition::Toy, true));
    bench_game(c, "air_battle_photo", &common::air_midgame(Edition::Photo, true));
}

bench_main!(benches);
