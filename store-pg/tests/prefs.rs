//! The preferences cache (`store-pg/src/prefs.rs`) across processes: each `PgStore` opened on
//! one schema is another process. A change made by one reaches the others' caches, a process
//! reads its own write at once, a rolled-back batch leaves nothing behind, the cache is not
//! used while its listener is down and is cleared when it comes back, a restore clears it, and
//! it does save reads. Skipped without a server (tests/common).

mod common;

use std::thread;
use std::time::{Duration, Instant};

use common::{Db, console_chat, lobby};
use igroteka::store::{SledStore, Store, StoreError};
use igroteka_store_pg::PgStore;

/// How long a notification may take to arrive and be applied.
const NOTIFIED_WITHIN: Duration = Duration::from_secs(2);

/// Whether `done` comes true within `limit`, asked every 10 ms.
fn within(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    loop {
        if done() {
            return true;
        }
        if start.elapsed() > limit {
            return false;
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// The store's listener's server process, once it listens (at most 5 s).
fn listening(store: &PgStore) -> i32 {
    let mut pid = None;
    assert!(
        within(Duration::from_secs(5), || {
            pid = store.prefs_listener_pid();
            pid.is_some()
        }),
        "the preferences listener listens"
    );
    pid.unwrap()
}

/// Ends a server process, and waits until it has exited.
fn terminate(db: &Db, pid: i32) {
    let ended = db.sql(&format!("SELECT pg_terminate_backend({pid}, 5000)"));
    assert!(ended[0].get::<_, bool>(0), "process {pid} ended");
}

fn pref(store: &PgStore, key: &str) -> Option<String> {
    store.pref(key).unwrap()
}

fn some(value: &str) -> Option<String> {
    Some(value.to_string())
}

/// A value `b` holds in its cache, changed and flushed by `a`, is read by `b` within a short
/// wait — a value and an absence alike.
#[test]
fn a_change_by_one_process_reaches_the_cache_of_another() {
    let Some(db) = Db::new() else { return };
    let a = db.open();
    a.set_pref("lang:chat:c1", "en").unwrap();
    a.flush().unwrap();
    // Opened after the write: no notification of it is on its way to b to evict what b reads.
    let b = db.open();
    listening(&b);
    assert_eq!(pref(&b, "lang:chat:c1"), some("en"));
    assert_eq!(pref(&b, "lang:user:u1"), None);
    let reads = b.pref_reads();
    assert_eq!((pref(&b, "lang:chat:c1"), pref(&b, "lang:user:u1")), (some("en"), None));
    assert_eq!(b.pref_reads(), reads, "both are cached in b");

    a.set_pref("lang:chat:c1", "ru").unwrap();
    a.set_pref("lang:user:u1", "de").unwrap();
    a.flush().unwrap();
    let started = Instant::now();
    assert!(
        within(NOTIFIED_WITHIN, || pref(&b, "lang:chat:c1") == some("ru")),
        "b reads a's change"
    );
    assert!(
        within(NOTIFIED_WITHIN, || pref(&b, "lang:user:u1") == some("de")),
        "b reads a's new preference"
    );
    eprintln!("a change reached the other process in {:?}", started.elapsed());
}

/// A process reads its own write at once, on its own or in its open batch (which the other
/// process sees only once it is flushed).
#[test]
fn a_process_reads_its_own_write_at_once() {
    let Some(db) = Db::new() else { return };
    let (a, b) = (db.open(), db.open());
    listening(&a);
    listening(&b);
    assert_eq!(pref(&a, "boards:c1"), None);
    a.set_pref("boards:c1", "dm").unwrap();
    assert_eq!(pref(&a, "boards:c1"), some("dm"), "a write of its own, committed at once");
    assert_eq!(pref(&a, "boards:c1"), some("dm"));
    assert!(within(NOTIFIED_WITHIN, || pref(&b, "boards:c1") == some("dm")));

    // In a batch: the save opens it, the preference joins it.
    let table = lobby(&a, console_chat("own"));
    a.save(&table, None, &[]).unwrap();
    a.set_pref("boards:c1", "chat").unwrap();
    assert_eq!(pref(&a, "boards:c1"), some("chat"), "its own batch");
    assert_eq!(pref(&a, "boards:c1"), some("chat"));
    thread::sleep(Duration::from_millis(100));
    assert_eq!(pref(&b, "boards:c1"), some("dm"), "not flushed yet");
    a.flush().unwrap();
    assert!(within(NOTIFIED_WITHIN, || pref(&b, "boards:c1") == some("chat")));
    assert_eq!(pref(&a, "boards:c1"), some("chat"));
}

/// A batch that is lost (its connection ended) or refused at its commit leaves no value of
/// its own in the cache of the process that wrote and read it.
#[test]
fn a_rolled_back_batch_leaves_no_phantom_preference() {
    let Some(db) = Db::new() else { return };
    let (a, b) = (db.open(), db.open());
    listening(&a);
    a.set_pref("lang:chat:c1", "en").unwrap();
    assert_eq!(pref(&a, "lang:chat:c1"), some("en"));

    // Lost: the server ends the writer's connection with the batch open.
    let table = lobby(&a, console_chat("lost"));
    a.save(&table, None, &[]).unwrap();
    a.set_pref("lang:chat:c1", "de").unwrap();
    assert_eq!(pref(&a, "lang:chat:c1"), some("de"), "read inside the batch, and kept");
    terminate(&db, a.writer_pid().unwrap());
    assert!(matches!(a.flush(), Err(StoreError::Backend(_))));
    assert_eq!(pref(&a, "lang:chat:c1"), some("en"), "the lost batch's value is gone");
    assert_eq!(pref(&b, "lang:chat:c1"), some("en"));

    // Refused at the commit: a deferred constraint trigger fails it (40001).
    db.refuse_at_commit();
    assert_eq!(pref(&a, "refuse-at-commit"), None);
    a.save(&table, None, &[]).unwrap();
    a.set_pref("refuse-at-commit", "x").unwrap();
    assert_eq!(pref(&a, "refuse-at-commit"), some("x"), "read inside the batch, and kept");
    let flushed = a.flush();
    assert!(matches!(&flushed, Err(StoreError::Backend(why)) if why.contains("40001")));
    assert_eq!(pref(&a, "refuse-at-commit"), None, "the refused batch's value is gone");
    assert_eq!(pref(&b, "refuse-at-commit"), None);
}

/// With the listener's connection ended, the cache is not used: a change made meanwhile by
/// another process is read at once. When it listens again the cache starts empty, so a
/// change made while it was down (no notification reached it) is not served stale either.
#[test]
fn while_the_listener_is_down_preferences_are_read_from_the_database() {
    let Some(db) = Db::new() else { return };
    let (a, b) = (db.open(), db.open());
    let first = listening(&a);
    b.set_pref("lang:chat:c1", "en").unwrap();
    assert_eq!(pref(&a, "lang:chat:c1"), some("en"));
    assert_eq!(pref(&a, "lang:chat:c1"), some("en"));

    terminate(&db, first);
    assert!(
        within(NOTIFIED_WITHIN, || a.prefs_listener_pid() != Some(first)),
        "a notices its listener gone"
    );
    b.set_pref("lang:chat:c1", "de").unwrap();
    let reads = a.pref_reads();
    assert_eq!(pref(&a, "lang:chat:c1"), some("de"), "read through while down");
    assert_eq!(pref(&a, "lang:chat:c1"), some("de"));
    let down = a.prefs_listener_pid().is_none();
    assert!(down, "still down (it is tried again after 1 s)");
    assert_eq!(a.pref_reads(), reads + 2, "each read went to the database");

    // Back: nothing from before is served.
    let second = listening(&a);
    assert_ne!(second, first);
    assert_eq!(pref(&a, "lang:chat:c1"), some("de"));

    // A change made before a notices the loss (its notification reaches no one).
    terminate(&db, second);
    b.set_pref("lang:chat:c1", "fr").unwrap();
    assert!(within(Duration::from_secs(5), || {
        a.prefs_listener_pid().is_some_and(|pid| pid != second)
    }));
    assert_eq!(pref(&a, "lang:chat:c1"), some("fr"), "the gap's change is read");
    let reads = a.pref_reads();
    assert_eq!(pref(&a, "lang:chat:c1"), some("fr"));
    assert_eq!(a.pref_reads(), reads, "and cached again once listening");
}

/// The cache saves the reads it is for: a preference (or its absence) read many times is
/// read from the database once, until it changes; a change in another schema (another test,
/// another deployment) evicts nothing.
#[test]
fn the_cache_saves_reads() {
    let Some(db) = Db::new() else { return };
    let Some(other_db) = Db::new() else { return };
    // The first store opened stamps the schema (preferences): `a`, opened after it and after
    // the first write, has no notification on its way that would evict what it reads.
    let b = db.open();
    b.set_pref("lang:chat:c1", "en").unwrap();
    let (a, other) = (db.open(), other_db.open());
    listening(&a);
    listening(&other);
    let reads = a.pref_reads();
    for _ in 0..100 {
        assert_eq!(pref(&a, "lang:chat:c1"), some("en"));
        assert_eq!(pref(&a, "owner.maintenance"), None);
    }
    assert_eq!(a.pref_reads(), reads + 2, "one read each");

    other.set_pref("lang:chat:c1", "ru").unwrap();
    other.set_pref("owner.maintenance", "on").unwrap();
    thread::sleep(Duration::from_millis(300));
    assert_eq!((pref(&a, "lang:chat:c1"), pref(&a, "owner.maintenance")), (some("en"), None));
    assert_eq!(a.pref_reads(), reads + 2, "another schema's changes evict nothing");

    b.set_pref("lang:chat:c1", "de").unwrap();
    assert!(within(NOTIFIED_WITHIN, || pref(&a, "lang:chat:c1") == some("de")));
    let reads = a.pref_reads();
    for _ in 0..100 {
        assert_eq!(pref(&a, "lang:chat:c1"), some("de"));
    }
    assert_eq!(a.pref_reads(), reads, "cached again");
}

/// A restore (`igroteka restore` / `migrate`) writes preferences past the caches: the
/// restoring process reads them at once, another process within a short wait.
#[test]
fn a_restore_clears_the_caches() {
    let Some(db) = Db::new() else { return };
    let sled = SledStore::temporary().unwrap();
    sled.set_pref("lang:chat:c1", "ru").unwrap();
    sled.flush().unwrap();
    let mut file = Vec::new();
    sled.backup(&mut file).unwrap();

    // The first store opened stamps the schema: `a` and `b`, opened after it, have no
    // notification of that on its way to evict what they read.
    let _first = db.open();
    let (a, b) = (db.open(), db.open());
    listening(&a);
    listening(&b);
    assert_eq!(pref(&a, "lang:chat:c1"), None);
    assert_eq!(pref(&b, "lang:chat:c1"), None);
    let reads = (a.pref_reads(), b.pref_reads());
    assert_eq!((pref(&a, "lang:chat:c1"), pref(&b, "lang:chat:c1")), (None, None));
    assert_eq!((a.pref_reads(), b.pref_reads()), reads, "the absence is cached");

    igroteka::store::restore::restore(file.as_slice(), &a).unwrap();
    assert_eq!(pref(&a, "lang:chat:c1"), some("ru"), "the restoring process, at once");
    assert!(within(NOTIFIED_WITHIN, || pref(&b, "lang:chat:c1") == some("ru")), "another process");
}
