//! A replay per game: a random game of about 300 moves (the first seed whose game has 250–350),
//! its frames built from the log (`frames`) and drawn into a GIF (`animate`, the adapters'
//! whole work). Before timing, each game prints its moves, the GIF's size and the scale it
//! was drawn at.
//!
//! Run with `cargo bench -p igroteka-renderer --bench replay` (`BENCH_CLOCK=cpu` for the
//! drawing thread's CPU time).

#[macro_use]
mod support;

use criterion::measurement::Measurement;
use criterion::{Criterion, black_box};
use igroteka::registry::GAMES;
use igroteka::replay::{self, Reel};
use igroteka_renderer::replay::animate;

/// The first random game of `game` for `seats` with 250–350 moves.
fn game_of_about_300_moves(game: &str, seats: usize) -> Reel {
    (0..500)
        .map(|seed| replay::random_reel(game, seats, seed).expect("a random game"))
        .find(|reel| (250..=350).contains(&reel.moves()))
        .expect("a game of about 300 moves among 500 seeds")
}

fn benches<M: Measurement>(c: &mut Criterion<M>) {
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    for info in GAMES {
        let reel = game_of_about_300_moves(info.id, info.seats.min());
        let frames = replay::frames(&reel).expect("the game's frames");
        let animation = animate(&frames, "en").expect("an animation");
        eprintln!(
            "{}: {} moves, {} frames, GIF {} bytes ({:.1} KB a frame), scale 1/{}, stride {}",
            info.id,
            reel.moves(),
            frames.len(),
            animation.gif.len(),
            animation.gif.len() as f64 / 1024.0 / frames.len() as f64,
            animation.scale,
            animation.stride,
        );
        group.bench_function(format!("{} frames", info.id), |b| {
            b.iter(|| replay::frames(black_box(&reel)))
        });
        group.bench_function(format!("{} animate", info.id), |b| {
            b.iter(|| animate(black_box(&frames), "en"))
        });
    }
    group.finish();
}

bench_main!(benches);
