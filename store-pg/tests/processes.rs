//! Several processes on one database: each `PgStore` opened on the same schema has its own
//! connections, exactly as another process would. Racing saves, a shared chat, the outbox
//! lease, migrations at a simultaneous start, a lost batch, a deadlock. Skipped without a
//! server (tests/common).

mod common;

use std::sync::{Arc, Barrier};
use std::thread;

use common::{Db, console_chat, lobby, started};
use igroteka::store::{Claim, Done, OutboxEntry, Store, StoreError};
use igroteka::table::{Platform, Table};
use igroteka_store_pg::PgStore;

/// Saves `table` changed by `writer` (its language marks whose save it is).
fn changed(table: &Table, writer: &str) -> Table {
    let mut table = table.clone();
    table.lang = writer.into();
    table.touch(table.updated_at + 1);
    table
}

/// Two processes save the same table from the same sequence number at once: exactly one
/// wins; the other gets `Conflict`, and the rest of its batch still commits.
#[test]
fn of_two_processes_saving_one_table_exactly_one_wins() {
    let Some(db) = Db::new() else { return };
    let (a, b, reader) = (db.open(), db.open(), db.open());
    for round in 0..6 {
        let table = lobby(&reader, console_chat(&format!("race-{round}")));
        reader.save(&table, None, &[]).unwrap();
        reader.flush().unwrap();
        let barrier = Arc::new(Barrier::new(2));
        let race = |store: PgStore, name: &'static str| {
            let (barrier, table) = (barrier.clone(), table.clone());
            thread::spawn(move || {
                // Something else first in the same batch, which must survive a lost race.
                let other = lobby(&store, console_chat(&format!("{name}-other-{}", table.id)));
                store.save(&other, None, &[]).unwrap();
                barrier.wait();
                let result = store.save(&changed(&table, name), Some(table.seq), &[]);
                store.flush().expect("the batch commits, race lost or won");
                (result, other.id)
            })
        };
        let (ta, tb) = (race(a.clone(), "a"), race(b.clone(), "b"));
        let ((ra, other_a), (rb, other_b)) = (ta.join().unwrap(), tb.join().unwrap());
        let winner = match (&ra, &rb) {
            (Ok(()), Err(StoreError::Conflict)) => "a",
            (Err(StoreError::Conflict), Ok(())) => "b",
            _ => panic!("round {round}: exactly one must win: {ra:?} {rb:?}"),
        };
        let stored = reader.load(table.id).unwrap().unwrap();
        assert_eq!((stored.seq, stored.lang.as_str()), (table.seq + 1, winner), "round {round}");
        assert!(reader.load(other_a).unwrap().is_some(), "a's other save, round {round}");
        assert!(reader.load(other_b).unwrap().is_some(), "b's other save, round {round}");
    }
}

/// A process's batch is invisible to the others until its flush: neither the table nor its
/// outbox (delivery never sees an entry that could still be rolled back).
#[test]
fn a_batch_is_seen_by_other_processes_only_once_flushed() {
    let Some(db) = Db::new() else { return };
    let (a, b) = (db.open(), db.open());
    let table = lobby(&a, console_chat("seen"));
    a.save(&table, None, &[hello()]).unwrap();
    a.mark_taken("tg:9", 5).unwrap();
    assert_eq!(b.load(table.id).unwrap(), None);
    assert_eq!(b.chat_table(&table.chat).unwrap(), None);
    assert!(!b.was_taken("tg:9").unwrap());
    assert!(a.outbox(table.id).unwrap().is_empty() && b.outbox(table.id).unwrap().is_empty());
    a.flush().unwrap();
    assert_eq!(b.load(table.id).unwrap().map(|t| t.id), Some(table.id));
    assert_eq!(b.chat_table(&table.chat).unwrap(), Some(table.id));
    assert!(b.was_taken("tg:9").unwrap());
    assert_eq!(b.outbox(table.id).unwrap().len(), 1);
    assert_eq!(b.outbox_tables().unwrap(), vec![table.id]);
}

/// Two processes open a game in the same chat at once: one gets the chat, the other's save is
/// refused, so a chat never has two active games.
#[test]
fn two_processes_cannot_both_open_a_game_in_one_chat() {
    let Some(db) = Db::new() else { return };
    let (a, b, reader) = (db.open(), db.open(), db.open());
    for round in 0..4 {
        let chat = console_chat(&format!("shared-{round}"));
        let barrier = Arc::new(Barrier::new(2));
        let open = |store: PgStore| {
            let (barrier, chat) = (barrier.clone(), chat.clone());
            thread::spawn(move || {
                let table = lobby(&store, chat);
                barrier.wait();
                let result = store.save(&table, None, &[]);
                store.flush().unwrap();
                (result, table.id)
            })
        };
        let (ta, tb) = (open(a.clone()), open(b.clone()));
        let ((ra, ida), (rb, idb)) = (ta.join().unwrap(), tb.join().unwrap());
        let winner = match (&ra, &rb) {
            (Ok(()), Err(StoreError::Conflict)) => ida,
            (Err(StoreError::Conflict), Ok(())) => idb,
            _ => panic!("round {round}: exactly one must get the chat: {ra:?} {rb:?}"),
        };
        assert_eq!(reader.chat_table(&chat).unwrap(), Some(winner));
        let active = reader.unfinished().unwrap();
        assert!(active.contains(&winner) && !(active.contains(&ida) && active.contains(&idb)));
    }
}

/// The outbox lease: held by one process, refused to another until it expires or is
/// released; of many asking at once, one gets it.
#[test]
fn a_lease_held_by_one_process_is_refused_to_another_until_it_ends() {
    let Some(db) = Db::new() else { return };
    let (a, b) = (db.open(), db.open());
    assert!(a.lease_outbox(1, "a", 1_000, 100).unwrap());
    assert!(!b.lease_outbox(1, "b", 1_050, 100).unwrap(), "held by a until 1 100");
    assert!(a.lease_outbox(1, "a", 1_060, 100).unwrap(), "renewed: now until 1 160");
    assert!(!b.lease_outbox(1, "b", 1_120, 100).unwrap(), "the renewal counts");
    assert!(b.lease_outbox(1, "b", 1_160, 100).unwrap(), "expired at 1 160");
    assert!(!a.lease_outbox(1, "a", 1_200, 100).unwrap(), "b's now");
    a.release_outbox(1, "a").unwrap();
    assert!(!a.lease_outbox(1, "a", 1_210, 100).unwrap(), "a cannot release b's lease");
    b.release_outbox(1, "b").unwrap();
    assert!(a.lease_outbox(1, "a", 1_220, 100).unwrap(), "free once released");
    // A lease is not part of a batch: granted at once, whatever the writer holds open.
    let table = lobby(&a, console_chat("lease"));
    a.save(&table, None, &[]).unwrap();
    assert!(a.lease_outbox(table.id, "a", 2_000, 100).unwrap());
    assert!(!b.lease_outbox(table.id, "b", 2_000, 100).unwrap());
    a.flush().unwrap();

    let stores: Vec<PgStore> = (0..4).map(|_| db.open()).collect();
    let barrier = Arc::new(Barrier::new(8));
    let threads: Vec<_> = (0..8)
        .map(|n| {
            let (store, barrier) = (stores[n % 4].clone(), barrier.clone());
            thread::spawn(move || {
                barrier.wait();
                store.lease_outbox(77, &format!("p{n}"), 5_000, 1_000).unwrap()
            })
        })
        .collect();
    let granted = threads.into_iter().map(|t| t.join().unwrap()).filter(|got| *got).count();
    assert_eq!(granted, 1, "one holder at a time");
}

/// Four processes starting at once on an empty schema: the migrations are applied once, and
/// applying them again changes nothing.
#[test]
fn migrations_run_concurrently_apply_once() {
    let Some(db) = Db::new() else { return };
    let barrier = Arc::new(Barrier::new(4));
    let threads: Vec<_> = (0..4)
        .map(|_| {
            let (barrier, url, schema) = (barrier.clone(), db.url.clone(), db.schema.clone());
            thread::spawn(move || {
                barrier.wait();
                PgStore::open_in_schema(&url, &schema)
            })
        })
        .collect();
    let stores: Vec<PgStore> =
        threads.into_iter().map(|t| t.join().unwrap().expect("every process opens")).collect();
    let versions = db.sql("SELECT version FROM schema_migrations ORDER BY version");
    let versions: Vec<i32> = versions.iter().map(|r| r.get(0)).collect();
    assert_eq!(versions, [1, 2, 3, 4, 5], "each migration recorded once");
    assert_eq!(stores[0].migrate_again(Some(&db.schema)).unwrap(), Vec::<i32>::new());
    let versions = db.sql("SELECT count(*) FROM schema_migrations");
    assert_eq!(versions[0].get::<_, i64>(0), 5, "applying again is a no-op");
    // The clock's index is there, on the due column.
    let index = db.sql("SELECT indexdef FROM pg_indexes WHERE indexname = 'tables_due'");
    let index: String = index[0].get(0);
    assert!(index.contains("(platform, due_at, id)") && index.contains("WHERE"), "{index}");
}

/// A batch lost before its commit (here: the server ends the writer's connection) is an
/// error of the flush — the engine then refuses the batch — never a silent loss; the store
/// connects again and goes on.
#[test]
fn a_batch_lost_before_its_commit_is_an_error_of_the_flush() {
    let Some(db) = Db::new() else { return };
    let (a, b) = (db.open(), db.open());
    let table = lobby(&a, console_chat("lost"));
    a.save(&table, None, &[]).unwrap();
    let pid = a.writer_pid().unwrap();
    let ended = db.sql(&format!("SELECT pg_terminate_backend({pid}, 5000)"));
    assert!(ended[0].get::<_, bool>(0));
    let flushed = a.flush();
    assert!(matches!(flushed, Err(StoreError::Backend(_))), "{flushed:?}");
    assert_eq!(b.load(table.id).unwrap(), None, "nothing of the batch was kept");
    assert_eq!(a.load(table.id).unwrap(), None);
    // A new connection, a new batch.
    a.save(&table, None, &[]).unwrap();
    a.flush().unwrap();
    assert_eq!(b.load(table.id).unwrap().map(|t| t.id), Some(table.id));
    assert!(a.flush().is_ok(), "the loss is reported once");
}

/// Two batches that lock two tables in opposite orders deadlock; PostgreSQL ends one waiting
/// save, which fails as a `Conflict` (the engine retries it) while the rest of its batch stands,
/// and both batches then commit.
#[test]
fn a_deadlock_between_two_processes_costs_one_save_not_a_batch() {
    let Some(db) = Db::new() else { return };
    let (a, b, reader) = (db.open(), db.open(), db.open());
    let one = lobby(&reader, console_chat("dl-1"));
    let two = lobby(&reader, console_chat("dl-2"));
    reader.save(&one, None, &[]).unwrap();
    reader.save(&two, None, &[]).unwrap();
    reader.flush().unwrap();
    let barrier = Arc::new(Barrier::new(2));
    let cross = |store: PgStore, first: Table, second: Table, name: &'static str| {
        let barrier = barrier.clone();
        thread::spawn(move || {
            let kept = store.save(&changed(&first, name), Some(first.seq), &[]);
            barrier.wait();
            let crossed = store.save(&changed(&second, name), Some(second.seq), &[]);
            let flushed = store.flush();
            (kept, crossed, flushed)
        })
    };
    let ta = cross(a, one.clone(), two.clone(), "a");
    let tb = cross(b, two.clone(), one.clone(), "b");
    let (ka, ca, fa) = ta.join().unwrap();
    let (kb, cb, fb) = tb.join().unwrap();
    assert!(ka.is_ok() && kb.is_ok() && fa.is_ok() && fb.is_ok(), "{ka:?} {kb:?} {fa:?} {fb:?}");
    // The victim's crossing save failed on the deadlock; the other's, once the victim's
    // batch committed, found the table changed: both are conflicts, and each table holds the
    // save of the process that locked it first.
    assert!(
        matches!((&ca, &cb), (Err(StoreError::Conflict), Err(StoreError::Conflict))),
        "{ca:?} {cb:?}"
    );
    let (one_now, two_now) =
        (reader.load(one.id).unwrap().unwrap(), reader.load(two.id).unwrap().unwrap());
    assert_eq!((one_now.seq, one_now.lang.as_str()), (one.seq + 1, "a"));
    assert_eq!((two_now.seq, two_now.lang.as_str()), (two.seq + 1, "b"));
}

/// A commit PostgreSQL refuses (here a serialization failure) is an error of the flush, and
/// nothing of the batch is kept; the next batch commits.
#[test]
fn a_commit_refused_by_postgresql_is_an_error_of_the_flush() {
    let Some(db) = Db::new() else { return };
    let (a, b) = (db.open(), db.open());
    db.refuse_at_commit();
    let table = lobby(&a, console_chat("refused"));
    a.save(&table, None, &[]).unwrap();
    a.set_pref("refuse-at-commit", "x").unwrap();
    let flushed = a.flush();
    assert!(
        matches!(&flushed, Err(StoreError::Backend(why)) if why.contains("40001")),
        "{flushed:?}"
    );
    assert_eq!(b.load(table.id).unwrap(), None, "none of the batch was kept");
    assert_eq!(a.load(table.id).unwrap(), None);
    a.save(&table, None, &[]).unwrap();
    a.flush().unwrap();
    assert_eq!(b.load(table.id).unwrap().map(|t| t.id), Some(table.id));
}

/// A batch ended with its outboxes leased and read in the same round trip as its commit
/// (`flush_and_read_outboxes`): when PostgreSQL refuses the commit, or the connection is lost,
/// the flush is an error, and neither the batch nor the leases taken in it are kept.
#[test]
fn a_batch_refused_or_lost_at_its_commit_takes_its_leases_with_it() {
    let Some(db) = Db::new() else { return };
    let (a, b) = (db.open(), db.open());
    db.refuse_at_commit();
    let table = lobby(&a, console_chat("refused-read"));
    a.save(&table, None, &[hello()]).unwrap();
    a.set_pref("refuse-at-commit", "x").unwrap();
    let flushed = a.flush_and_read_outboxes(&[table.id], "a", 1_000, 6_000);
    assert!(
        matches!(&flushed, Err(StoreError::Backend(why)) if why.contains("40001")),
        "{flushed:?}"
    );
    assert_eq!(b.load(table.id).unwrap(), None, "none of the batch was kept");
    assert!(b.lease_outbox(table.id, "b", 1_010, 100).unwrap(), "nor a's lease");
    b.release_outbox(table.id, "b").unwrap();
    // Lost: the server ends the writer's connection before the commit.
    a.save(&table, None, &[hello()]).unwrap();
    let pid = a.writer_pid().unwrap();
    let ended = db.sql(&format!("SELECT pg_terminate_backend({pid}, 5000)"));
    assert!(ended[0].get::<_, bool>(0));
    let flushed = a.flush_and_read_outboxes(&[table.id], "a", 1_020, 6_000);
    assert!(matches!(flushed, Err(StoreError::Backend(_))), "{flushed:?}");
    assert_eq!(b.load(table.id).unwrap(), None);
    assert!(b.lease_outbox(table.id, "b", 1_030, 100).unwrap());
    b.release_outbox(table.id, "b").unwrap();
    // The next batch commits, and its read finds its entry.
    a.save(&table, None, &[hello()]).unwrap();
    let read = a.flush_and_read_outboxes(&[table.id], "a", 1_040, 6_000).unwrap().unwrap();
    assert_eq!((read.granted, read.entries.len()), (vec![table.id], 1));
    assert!(!b.lease_outbox(table.id, "b", 1_050, 100).unwrap(), "a holds it");
}

/// A deliverer's mark is a statement of its own on a reader, outside the engine's open batch:
/// it is seen by every process at once, and a batch PostgreSQL then refuses at its commit
/// (which the engine's flush reports, keeping none of it) does not take the mark with it.
#[test]
fn a_deliverers_mark_commits_on_its_own_beside_a_refused_batch() {
    let Some(db) = Db::new() else { return };
    let (a, b) = (db.open(), db.open());
    db.refuse_at_commit();
    let table = lobby(&a, console_chat("mark"));
    a.save(&table, None, &[hello()]).unwrap();
    a.flush().unwrap();
    let sent = a.outbox(table.id).unwrap();
    // The engine's next batch is open when the deliverer marks the sent message.
    let next = lobby(&a, console_chat("mark-2"));
    a.save(&next, None, &[]).unwrap();
    a.set_pref("refuse-at-commit", "x").unwrap();
    a.outbox_done(&sent[0].key, Done { shown: None, sent: true }).unwrap();
    assert!(b.outbox(table.id).unwrap().is_empty(), "the mark is seen by another process at once");
    let flushed = a.flush();
    assert!(matches!(flushed, Err(StoreError::Backend(_))), "{flushed:?}");
    assert_eq!(b.load(next.id).unwrap(), None, "none of the batch was kept");
    assert!(b.outbox(table.id).unwrap().is_empty(), "the refused batch kept the mark");
    a.flush().unwrap();
}

/// A platform that records what it was sent, slowly enough (3 ms a call) for two
/// deliverers to overlap.
#[derive(Debug, Default)]
struct Recording {
    sent: std::sync::Mutex<Vec<String>>,
}

impl igroteka::outbox::Messenger for Recording {
    async fn ready(&self, _to: &igroteka::app::Dest) {}
    async fn send(
        &self,
        _to: &igroteka::app::Dest,
        message: &igroteka::app::Message,
    ) -> Result<String, igroteka::outbox::Failure> {
        tokio::time::sleep(std::time::Duration::from_millis(3)).await;
        let mut sent = self.sent.lock().unwrap();
        sent.push(message.text.clone());
        Ok(sent.len().to_string())
    }
    async fn edit(
        &self,
        _: &igroteka::app::Dest,
        _: &str,
        _: &igroteka::app::Message,
    ) -> Result<(), igroteka::outbox::Failure> {
        Ok(())
    }
    async fn open_thread(
        &self,
        _: &igroteka::app::Dest,
        _: &str,
        _: Option<&str>,
    ) -> Result<igroteka::app::Dest, igroteka::outbox::Failure> {
        Err(igroteka::outbox::Failure::Permanent("no threads".into()))
    }
    async fn delete(
        &self,
        _: &igroteka::app::Dest,
        _: &str,
    ) -> Result<(), igroteka::outbox::Failure> {
        Ok(())
    }
    async fn strip(
        &self,
        _: &igroteka::app::Dest,
        _: &str,
    ) -> Result<(), igroteka::outbox::Failure> {
        Ok(())
    }
}

/// `count` one-off messages queued for `table`, flushed.
fn queue(store: &PgStore, table: u64, from: usize, count: usize) {
    use igroteka::app::{Dest, Effect, Message};
    let effects: Vec<Effect> = (from..from + count)
        .map(|n| Effect::Send {
            to: Dest::Chat { chat: "c".into(), thread: None },
            message: Message::text(format!("m{n:03}")),
        })
        .collect();
    store.enqueue(table, &igroteka::outbox::entries(&effects)).unwrap();
    store.flush().unwrap();
}

/// Two processes deliver one table's outbox at once, round after round: every message
/// reaches the platform exactly once, in the order it was queued.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_delivering_one_table_send_each_message_once_in_order() {
    use igroteka::outbox::deliver_as;
    use igroteka::table::Platform;
    let Some(db) = Db::new() else { return };
    let (a, b, writer) = (db.open(), db.open(), db.open());
    let table = lobby(&writer, console_chat("deliver"));
    writer.save(&table, None, &[]).unwrap();
    writer.flush().unwrap();
    let platform = Arc::new(Recording::default());
    const ROUNDS: usize = 10;
    const EACH: usize = 8;
    let mut both_ran = 0;
    for round in 0..ROUNDS {
        let w = writer.clone();
        tokio::task::spawn_blocking(move || queue(&w, table.id, round * EACH, EACH)).await.unwrap();
        let run = |store: PgStore, me: &'static str| {
            let platform = platform.clone();
            tokio::spawn(async move {
                deliver_as(me, &store, Platform::Console, table.id, &*platform).await.unwrap()
            })
        };
        let (first, second) = (run(a.clone(), "a"), run(b.clone(), "b"));
        let (first, second) = (first.await.unwrap(), second.await.unwrap());
        assert!(!(first.elsewhere && second.elsewhere), "round {round}: nobody delivered");
        both_ran += usize::from(first.elsewhere || second.elsewhere);
        // The one turned away may have looked just before the other let go: what is left
        // goes out on the next pass.
        for (store, me) in [(a.clone(), "a"), (b.clone(), "b")] {
            let report = deliver_as(me, &store, Platform::Console, table.id, &*platform).await;
            assert!(!report.unwrap().elsewhere, "a lease outlived its pass");
        }
    }
    let sent = platform.sent.lock().unwrap().clone();
    let expected: Vec<String> = (0..ROUNDS * EACH).map(|n| format!("m{n:03}")).collect();
    assert_eq!(sent, expected, "each message once, in order");
    assert!(a.outbox(table.id).unwrap().is_empty());
    // The rounds did overlap: one deliverer found the other holding the table.
    assert!(both_ran > 0, "the two deliverers never met");
}

/// A process that took a table's lease and died renews nothing: another process is refused
/// until the lease runs out, then delivers what it left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_processes_lease_runs_out_and_another_delivers() {
    use igroteka::outbox::{LEASE_MS, deliver_as, wall_ms};
    use igroteka::table::Platform;
    let Some(db) = Db::new() else { return };
    let (dead, alive) = (db.open(), db.open());
    let table = lobby(&alive, console_chat("orphan"));
    alive.save(&table, None, &[]).unwrap();
    alive.flush().unwrap();
    queue(&alive, table.id, 0, 3);
    let taken = wall_ms();
    assert!(dead.lease_outbox(table.id, "dead", taken, LEASE_MS).unwrap());
    drop(dead);
    let platform = Recording::default();
    let refused =
        deliver_as("alive", &alive, Platform::Console, table.id, &platform).await.unwrap();
    assert!(refused.elsewhere && platform.sent.lock().unwrap().is_empty());
    let wait = (taken + LEASE_MS + 50).saturating_sub(wall_ms());
    tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
    let report = deliver_as("alive", &alive, Platform::Console, table.id, &platform).await.unwrap();
    assert!(!report.elsewhere);
    assert_eq!(*platform.sent.lock().unwrap(), ["m000", "m001", "m002"]);
}

/// A computer's turn, due at once in the clock's index (`Table::due`).
fn computers_turn<S: Store>(store: &S, name: &str) -> Table {
    let mut table = started(store, console_chat(name), 1_000);
    table.computer_turn = true;
    store.save(&table, None, &[]).unwrap();
    table
}

fn claim(holder: &str, now_ms: u64) -> Claim<'_> {
    Claim { holder, now_ms, ttl_ms: 1_000 }
}

/// Three processes ticking at once over 30 due tables: no table is claimed by two of them,
/// and after one more tick each is claimed by exactly one; a claim keeps the others off until
/// it runs out or the table is saved again, and the process that holds it keeps it.
#[test]
fn of_three_processes_ticking_at_once_each_due_table_goes_to_one() {
    let Some(db) = Db::new() else { return };
    let stores: Vec<PgStore> = (0..3).map(|_| db.open()).collect();
    let tables: Vec<Table> =
        (0..30).map(|n| computers_turn(&stores[0], &format!("due-{n}"))).collect();
    stores[0].flush().unwrap();
    let barrier = Arc::new(Barrier::new(3));
    let threads: Vec<_> = (0..3)
        .map(|n| {
            let (store, barrier) = (stores[n].clone(), barrier.clone());
            thread::spawn(move || {
                let holder = format!("p{n}");
                barrier.wait();
                // Room for 36: the three ticks overlap, and each table goes to one of them.
                store.claim_due(Platform::Console, 5_000, 12, &claim(&holder, 10_000)).unwrap()
            })
        })
        .collect();
    let mut claimed: Vec<Vec<u64>> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let holders_of =
        |claimed: &[Vec<u64>], id: u64| claimed.iter().filter(|mine| mine.contains(&id)).count();
    let ids: Vec<u64> = tables.iter().map(|t| t.id).collect();
    for id in &ids {
        assert!(holders_of(&claimed, *id) <= 1, "table {id} twice: {claimed:?}");
    }
    // A tick that lost a race for rows another one claimed meanwhile gets fewer than its
    // room (those rows are refused, not taken twice); what nobody got is due at the next
    // tick. p2's next one takes its own and the rest: then each table has exactly one holder.
    claimed[2] = stores[2].claim_due(Platform::Console, 5_000, 100, &claim("p2", 10_000)).unwrap();
    for id in &ids {
        assert_eq!(holders_of(&claimed, *id), 1, "table {id}: {claimed:?}");
    }
    // The holder's own claim is its again at its next tick; the others' stay off it. Process
    // `a` plays the one that stops, `b` the one that goes on: p0 and p1, unless the race left
    // p0 nothing (then the two swap).
    let (a, b) = if claimed[0].is_empty() { (1, 0) } else { (0, 1) };
    let (name_a, name_b) = (format!("p{a}"), format!("p{b}"));
    let (first, rest) = (&claimed[a], &claimed[b]);
    assert!(!first.is_empty(), "neither p0 nor p1 claimed anything: {claimed:?}");
    let again =
        stores[a].claim_due(Platform::Console, 5_000, 100, &claim(&name_a, 10_500)).unwrap();
    assert_eq!(&again, first);
    let other =
        stores[b].claim_due(Platform::Console, 5_000, 100, &claim(&name_b, 10_500)).unwrap();
    assert_eq!(&other, rest, "{name_b} got only its own");
    // Saved again (the computer moved, and it is still a computer's turn): the claim on the
    // old state is moot, and the table is due to anyone.
    let moved = tables.iter().find(|t| t.id == first[0]).unwrap();
    let mut next = moved.clone();
    next.touch(next.updated_at + 1);
    stores[0].save(&next, Some(moved.seq), &[]).unwrap();
    stores[0].flush().unwrap();
    let taken =
        stores[b].claim_due(Platform::Console, 5_000, 100, &claim(&name_b, 10_600)).unwrap();
    assert!(taken.contains(&moved.id), "a saved table's old claim held it");
    // A claim runs out: `a` stopped (its last claims ran to 11 500), and its tables are p2's.
    let later = stores[2].claim_due(Platform::Console, 5_000, 100, &claim("p2", 11_550)).unwrap();
    for id in first.iter().filter(|id| **id != moved.id) {
        assert!(later.contains(id), "{name_a}'s expired claim on {id} was kept");
    }
    assert!(!later.contains(&moved.id), "{name_b}'s fresh claim was taken");
}

/// A computer's turn handed out as its move is saved is claimed at that state: another
/// process's tick leaves it alone, a claim on an older state gives way, and a stopped
/// holder's claim runs out.
#[test]
fn a_computers_turn_is_claimed_at_one_state_of_its_table() {
    let Some(db) = Db::new() else { return };
    let (a, b) = (db.open(), db.open());
    let table = computers_turn(&a, "claimed-turn");
    a.flush().unwrap();
    assert!(a.claim_clock(table.id, table.seq, &claim("a", 1_000)).unwrap());
    assert!(!b.claim_clock(table.id, table.seq, &claim("b", 1_500)).unwrap(), "a holds it");
    let ticked = b.claim_due(Platform::Console, 5_000, 10, &claim("b", 1_500)).unwrap();
    assert!(!ticked.contains(&table.id), "b's tick took a's turn");
    assert!(a.claim_clock(table.id, table.seq, &claim("a", 1_600)).unwrap(), "a's again");
    assert!(b.claim_clock(table.id, table.seq + 1, &claim("b", 1_700)).unwrap(), "a newer state");
    assert!(!a.claim_clock(table.id, table.seq, &claim("a", 1_800)).unwrap(), "an older state");
    assert!(a.claim_clock(table.id, table.seq + 1, &claim("a", 2_700)).unwrap(), "b's ran out");
}

/// An outbox entry, as the store sees one: JSON text.
fn hello() -> OutboxEntry {
    OutboxEntry { json: r#"{"send":{"text":"hi"}}"#.into() }
}

/// A table read ahead for a batch (`prefetch`) stays this process's until the batch commits:
/// another process's read ahead leaves it out at once, its save waits, then finds it changed;
/// the first process's save, sent without waiting for its answer, is the one kept.
#[test]
fn a_table_read_ahead_is_held_until_its_batch_commits() {
    let Some(db) = Db::new() else { return };
    let (a, b, reader) = (db.open(), db.open(), db.open());
    let table = started(&reader, console_chat("ahead-held"), 5);
    reader.save(&table, None, &[]).unwrap();
    reader.flush().unwrap();
    a.prefetch(&[table.id]).unwrap();
    let other = {
        let (b, table) = (b.clone(), table.clone());
        thread::spawn(move || {
            // Held by the other process: not waited for, left out.
            let started = std::time::Instant::now();
            b.prefetch(&[table.id]).unwrap();
            let waited = started.elapsed();
            assert_eq!(b.load(table.id).unwrap().as_ref(), Some(&table), "read as committed");
            let saved = b.save(&changed(&table, "b"), Some(table.seq), &[]);
            (waited, saved, b.flush())
        })
    };
    thread::sleep(std::time::Duration::from_millis(300));
    assert!(!other.is_finished(), "the other process's save waits for the row");
    let loaded = a.load(table.id).unwrap().unwrap();
    a.save(&changed(&loaded, "a"), Some(loaded.seq), &[hello()]).unwrap();
    a.flush().unwrap();
    let (waited, saved, flushed) = other.join().unwrap();
    assert!(waited < std::time::Duration::from_millis(250), "reading ahead waited {waited:?}");
    assert!(matches!(saved, Err(StoreError::Conflict)), "{saved:?}");
    flushed.unwrap();
    let stored = reader.load(table.id).unwrap().unwrap();
    assert_eq!((stored.seq, stored.lang.as_str()), (table.seq + 1, "a"));
    assert_eq!(reader.outbox(table.id).unwrap().len(), 1);
}

/// A save sent ahead whose connection is lost before its answer loses its whole batch: the
/// flush is an error (the engine refuses the batch), nothing of it is kept, and the next batch
/// saves from the same state.
#[test]
fn a_save_sent_ahead_and_lost_is_an_error_of_the_flush() {
    let Some(db) = Db::new() else { return };
    let (a, reader) = (db.open(), db.open());
    let table = started(&reader, console_chat("ahead-lost"), 5);
    let neighbour = started(&reader, console_chat("ahead-lost-2"), 5);
    reader.save(&table, None, &[]).unwrap();
    reader.save(&neighbour, None, &[]).unwrap();
    reader.flush().unwrap();
    let pid = a.writer_pid().unwrap();
    a.prefetch(&[table.id, neighbour.id]).unwrap();
    a.save(&changed(&neighbour, "a"), Some(neighbour.seq), &[hello()]).unwrap();
    let ended = db.sql(&format!("SELECT pg_terminate_backend({pid}, 5000)"));
    assert!(ended[0].get::<_, bool>(0));
    let _ = a.save(&changed(&table, "a"), Some(table.seq), &[hello()]);
    let flushed = a.flush();
    assert!(matches!(flushed, Err(StoreError::Backend(_))), "{flushed:?}");
    for kept in [&table, &neighbour] {
        assert_eq!(reader.load(kept.id).unwrap().unwrap().seq, kept.seq, "nothing was kept");
        assert!(reader.outbox(kept.id).unwrap().is_empty());
    }
    a.prefetch(&[table.id]).unwrap();
    a.save(&changed(&table, "a"), Some(table.seq), &[]).unwrap();
    a.flush().unwrap();
    assert_eq!(reader.load(table.id).unwrap().unwrap().seq, table.seq + 1);
}

/// A shared preference (a Telegram group's pace journal, which every process reads before it
/// calls the group) is seen by the other processes as soon as it is written — not when the
/// writer's open batch commits, as a plain preference is, and not when a cache hears of it.
#[test]
fn a_shared_preference_is_seen_by_other_processes_at_once() {
    let Some(db) = Db::new() else { return };
    let (a, b) = (db.open(), db.open());
    assert_eq!(b.pref("telegram.pace.-7").unwrap(), None, "cached by b as missing");
    let table = started(&a, console_chat("shared-pref"), 5);
    a.save(&table, None, &[]).unwrap();
    a.set_pref("plain", "x").unwrap();
    a.set_shared_pref("telegram.pace.-7", "100").unwrap();
    assert_eq!(b.shared_pref("telegram.pace.-7").unwrap().as_deref(), Some("100"));
    assert_eq!(b.shared_pref("plain").unwrap(), None, "a plain one waits for the batch");
    a.set_shared_pref("telegram.pace.-7", "100,200").unwrap();
    assert_eq!(b.shared_pref("telegram.pace.-7").unwrap().as_deref(), Some("100,200"));
    a.flush().unwrap();
    assert_eq!(b.shared_pref("plain").unwrap().as_deref(), Some("x"));
}
