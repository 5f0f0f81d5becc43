//! Core benchmarks: a button press through the whole engine (decode, validate, apply, save),
//! durable moves per second with group commit, resident memory with many tables, and cold
//! start. Run with `cargo bench -p igroteka --bench core`; figures go to docs/performance.md.
//!
//! Criterion times the press; the figures it cannot express (p99, moves/s with one flush per
//! batch, resident memory, cold start) are measured by hand below and printed.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use igroteka::app::{App, AppConfig, Input, input_from_text};
use igroteka::store::{SledStore, Store};

#[path = "support/presses.rs"]
mod presses;

use presses::{PLATFORM, Players, applied, chat, open_table, user};

fn store_in(dir: &std::path::Path) -> SledStore {
    SledStore::open(dir, igroteka::store::DEFAULT_CACHE_BYTES).unwrap()
}

fn press_latency(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(store_in(dir.path()), AppConfig::default());
    let mut players = Players::new(&mut app, 1000);
    c.bench_function("press: decode, validate, apply, save (no flush)", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let input = players.next(&mut app);
                let start = Instant::now();
                std::hint::black_box(applied(app.handle_deferred(&input)));
                total += start.elapsed();
            }
            total
        })
    });
    // p99 by hand, over 20,000 presses.
    let mut times: Vec<Duration> = (0..20_000)
        .map(|_| {
            let input = players.next(&mut app);
            let start = Instant::now();
            let effects = app.handle_deferred(&input);
            let elapsed = start.elapsed();
            applied(effects);
            elapsed
        })
        .collect();
    times.sort();
    let pct = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    println!(
        "press without flush over 20000 presses: p50 {:?}, p99 {:?}, max {:?}",
        pct(0.50),
        pct(0.99),
        times[times.len() - 1]
    );
}

fn group_commit(_c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(store_in(dir.path()), AppConfig::default());
    let mut players = Players::new(&mut app, 1000);
    app.store().flush().unwrap();
    for batch in [1usize, 64, 256] {
        let moves = 10_000 / batch * batch;
        let start = Instant::now();
        for _ in 0..moves / batch {
            let inputs: Vec<Input> = (0..batch).map(|_| players.next(&mut app)).collect();
            app.handle_batch(&inputs).into_iter().for_each(|effects| {
                applied(effects);
            });
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "durable moves across 1000 tables, flush every {batch}: {moves} in {secs:.2} s = {:.0} moves/s",
            moves as f64 / secs
        );
    }
}

fn resident_kb() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Fills a data folder with `stored` tables (played a little), `active` of them unfinished.
fn fill(dir: &std::path::Path, stored: usize, active: usize) {
    let mut app = App::new(store_in(dir), AppConfig::default());
    let mut players = Players::new(&mut app, active);
    for _ in 0..active * 10 {
        let input = players.next(&mut app);
        applied(app.handle_deferred(&input));
    }
    for t in active..stored {
        let id = open_table(&mut app, t);
        let mut table = app.store().load(id).unwrap().unwrap();
        let read_seq = table.seq;
        table.abort(1);
        app.store().save(&table, Some(read_seq), &[]).unwrap();
    }
    app.store().flush().unwrap();
}

/// Set-up in this process, measurement in a fresh one (so the set-up's memory is not counted).
fn memory_and_cold_start(_c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    fill(dir.path(), 10_000, 1_000);
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .env(CHILD_VAR, dir.path())
        .status()
        .unwrap();
    assert!(status.success());
}

const CHILD_VAR: &str = "IGROTEKA_BENCH_MEMORY_DIR";

/// The measuring process: open the folder, answer a first command, play on every active table.
fn measure_child(dir: &std::path::Path) {
    let start = Instant::now();
    let store = store_in(dir);
    let unfinished = store.unfinished().unwrap();
    let mut app = App::new(store, AppConfig::default());
    let first = input_from_text(PLATFORM, chat(0), user(0), 2, "/board");
    app.handle(&first);
    let cold = start.elapsed();
    assert_eq!(app.take_dirty().len(), 1, "/board queued the board");
    println!(
        "cold start with 10000 stored tables ({} unfinished): open + first answer in {:?}",
        unfinished.len(),
        cold
    );
    let mut players = Players { ids: unfinished, turn: 0 };
    for _ in 0..5_000 {
        let input = players.next(&mut app);
        applied(app.handle_deferred(&input));
    }
    app.store().flush().unwrap();
    let (rss, peak) = resident_kb();
    println!(
        "resident memory after 5000 moves on the 1000 active of 10000 stored tables: {rss} KB (peak {peak} KB)"
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50).measurement_time(Duration::from_secs(5));
    targets = press_latency, group_commit, memory_and_cold_start
}

fn main() {
    if let Some(dir) = std::env::var_os(CHILD_VAR) {
        measure_child(std::path::Path::new(&dir));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
