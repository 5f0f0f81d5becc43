//! The turn clocks' tick: what one tick costs when 100 tables are due, with and without 10,000
//! idle tables beside them. A tick reads the due tables from the store's index, so the two
//! figures should match: the cost follows the due tables, not the idle ones. Run with
//! `cargo bench -p igroteka --bench clock`; figures go to docs/performance.md.
//!
//! The 100 due tables play Tank Battle with `turn=5m`, opened together, so a tick at their
//! half time finds all 100 due: each is loaded, its reminder queued in its outbox and the table
//! saved with its new due time (the index updated). Between iterations, outside the timing,
//! their reminder is made due again. A deadline costs this plus the game's own move (measured
//! by the core bench). The idle tables have `turn=7d` and are never due in the run.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use igroteka::app::{Action, App, AppConfig, Chat, Input, User, input_from_text};
use igroteka::store::{SledStore, Store};
use igroteka::table::{ChatId, Platform};

const PLATFORM: Platform = Platform::Console;
const DUE: usize = 100;
const IDLE: usize = 10_000;
/// When the tables open (ms since the epoch; the clock counts from here).
const START: u64 = 1_700_000_000_000;

fn user(i: usize) -> User {
    User { id: format!("u{i}"), name: format!("U{i}"), admin: false, lang: None }
}

/// Opens and starts a Tank Battle table in chat `t` with the given turn time.
fn open_table(app: &mut App<SledStore>, t: usize, turn: &str) -> u64 {
    let chat = Chat { id: format!("chat-{t}"), private: false, thread: None, server: None };
    let line = format!("/play tank-battle turn={turn} misses=never");
    let say = |app: &mut App<SledStore>, who: usize, line: &str| {
        app.handle_deferred(&input_from_text(PLATFORM, chat.clone(), user(who), START, line));
    };
    say(app, 2 * t, &line);
    say(app, 2 * t + 1, "/join");
    say(app, 2 * t, "/startgame");
    let id = ChatId { platform: PLATFORM, chat: chat.id, thread: None };
    app.store().chat_table(&id).unwrap().expect("table opened")
}

fn tick(now: u64) -> Input {
    Input {
        platform: PLATFORM,
        chat: Chat { id: String::new(), private: false, thread: None, server: None },
        user: User { id: String::new(), name: String::new(), admin: false, lang: None },
        now,
        action: Action::Tick,
    }
}

/// A store with `idle` idle tables and [`DUE`] tables that fall due together; the id of one
/// of the latter.
fn setup(idle: usize) -> (tempfile::TempDir, App<SledStore>, u64) {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), 64 << 20).unwrap();
    let mut app = App::new(store, AppConfig::default());
    for t in 0..idle {
        open_table(&mut app, DUE + t, "7d");
    }
    let first = open_table(&mut app, 0, "5m");
    for t in 1..DUE {
        open_table(&mut app, t, "5m");
    }
    app.store().flush().unwrap();
    (dir, app, first)
}

fn bench_tick(c: &mut Criterion) {
    for idle in [0, IDLE] {
        let (_dir, mut app, first) = setup(idle);
        let at = app.store().load(first).unwrap().unwrap().due().expect("a running clock");
        let due: Vec<u64> = app.store().due_tables(PLATFORM, at, DUE + 1).unwrap();
        assert_eq!(due.len(), DUE, "the due set falls due together");
        let name = format!("tick, {DUE} due of {} tables", DUE + idle);
        c.bench_function(&name, |b| {
            b.iter_custom(|iters| {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    let started = Instant::now();
                    app.handle_deferred(&tick(at));
                    spent += started.elapsed();
                    app.store().flush().unwrap();
                    app.take_dirty();
                    let left = app.store().due_tables(PLATFORM, at, DUE + 1).unwrap();
                    assert!(left.is_empty(), "a tick left {} due tables", left.len());
                    // The same reminder falls due again (outside the timing).
                    for id in &due {
                        let mut table = app.store().load(*id).unwrap().unwrap();
                        table.clock.reminded = 0;
                        let seq = table.seq;
                        app.store().save(&table, Some(seq), &[]).unwrap();
                    }
                }
                spent
            })
        });
    }
}

criterion_group! {
    name = clock;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(10));
    targets = bench_tick
}
criterion_main!(clock);
