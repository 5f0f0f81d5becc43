//! A replay per game: a random game of about 300 moves (the nearest among 100 seeds),
//! its frames built from the log (`frames`) and drawn into a GIF (`animate`, the adapters'
//! whole work). Before timing, each game prints its moves, the GIF's size and the scale it
//! was drawn at.
//!
//! Then, by hand, the engine's press (decode, load, apply, save, no flush) at 1,000 presses a
//! second, p50 / p99 / max, alone and while replays are drawn one after another as the adapters draw them
//! (`draw_in_background`, the idle priority); `REPLAY_PRIORITY=normal` draws them at the normal
//! priority instead, for comparison. Run under `taskset -c 0` for a one-CPU server.
//!
//! Run with `cargo bench -p igroteka-renderer --bench replay` (`BENCH_CLOCK=cpu` for the
//! drawing thread's CPU time).

#[macro_use]
mod support;
#[path = "../../benches/support/presses.rs"]
mod presses;

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use igroteka::app::{App, AppConfig};
use igroteka::store::SledStore;

use criterion::measurement::Measurement;
use criterion::{Criterion, black_box};
use igroteka::registry::GAMES;
use igroteka::replay::{self, Reel};
use igroteka_renderer::replay::{animate, draw_in_background};

/// The random game of `game` for `seats`, among the first 100 seeds, whose number of moves is
/// nearest 300 (random «Идут танки» games are longer: its nearest is about 500).
fn game_of_about_300_moves(game: &str, seats: usize) -> Reel {
    (0..100)
        .map(|seed| replay::random_reel(game, seats, seed).expect("a random game"))
        .min_by_key(|reel| reel.moves().abs_diff(300))
        .expect("a hundred games")
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

/// Presses at [`RATE`] a second until `done(presses made)`: p50, p99, max, and how many. A
/// steady rate, not as fast as they go: a server that never idles would leave an idle-priority
/// replay no time at all, and real presses come at a rate.
fn press_times(
    app: &mut App<SledStore>,
    players: &mut presses::Players,
    done: impl Fn(usize) -> bool,
) -> ([Duration; 3], usize) {
    let mut times = Vec::new();
    let started = Instant::now();
    while !done(times.len()) {
        let due = started + Duration::from_secs(1) * times.len() as u32 / RATE;
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        let input = players.next(app);
        let start = Instant::now();
        let effects = app.handle_deferred(&input);
        times.push(start.elapsed());
        presses::applied(effects);
    }
    times.sort();
    let at = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    ([at(0.50), at(0.99), times[times.len() - 1]], times.len())
}

/// Presses a second while timing.
const RATE: u32 = 1_000;

/// Replays drawn meanwhile before the presses with them stop.
const REPLAYS: u32 = 5;

/// The press alone (10,000 presses at [`RATE`]), then while replays of a 300-move game are
/// drawn one after another (until [`REPLAYS`] are, and at least 10,000 presses).
fn presses_while_drawing() {
    let dir = std::env::temp_dir().join(format!("igroteka-replay-bench-{}", std::process::id()));
    let store = SledStore::open(&dir, igroteka::store::DEFAULT_CACHE_BYTES).expect("a store");
    let mut app = App::new(store, AppConfig::default());
    let mut players = presses::Players::new(&mut app, 500);
    press_times(&mut app, &mut players, |n| n >= 2_000);
    let ([p50, p99, max], n) = press_times(&mut app, &mut players, |n| n >= 10_000);
    eprintln!("{n} presses alone: p50 {p50:?}, p99 {p99:?}, max {max:?}");
    let reel = game_of_about_300_moves("aeroplane", 2);
    let reel_moves = reel.moves();
    let normal = std::env::var("REPLAY_PRIORITY").is_ok_and(|p| p == "normal");
    let priority = if normal { "normal" } else { "idle" };
    let drawn = Arc::new(AtomicU32::new(0));
    let drawer = {
        let drawn = drawn.clone();
        std::thread::spawn(move || {
            while drawn.load(Ordering::Relaxed) < REPLAYS {
                let frames = replay::frames(&reel).expect("frames");
                if normal {
                    black_box(animate(&frames, "en"));
                } else {
                    black_box(draw_in_background(frames, "en".into()).join().expect("a replay"));
                }
                drawn.fetch_add(1, Ordering::Relaxed);
            }
        })
    };
    let started = Instant::now();
    let ([p50, p99, max], n) = press_times(&mut app, &mut players, |n| {
        n >= 10_000 && drawn.load(Ordering::Relaxed) >= REPLAYS
    });
    let took = started.elapsed();
    drawer.join().expect("the drawing thread");
    eprintln!(
        "{n} presses while {REPLAYS} replays of {reel_moves} moves were drawn at the {priority} \
         priority ({took:.1?}): p50 {p50:?}, p99 {p99:?}, max {max:?}"
    );
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

fn all<M: Measurement>(c: &mut Criterion<M>) {
    benches(c);
    presses_while_drawing();
}

bench_main!(all);
