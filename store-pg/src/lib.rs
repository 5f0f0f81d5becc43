//! Igroteka's second store backend: the core's [`Store`] on PostgreSQL, so that several
//! processes (the Telegram and Discord bots, or several of one) can share the games.
//!
//! It keeps the sled store's guarantees across processes: a save is a compare-and-swap on the
//! table's sequence number, in one transaction with its log and outbox entries; saves are
//! grouped into one transaction per flush (group commit); delivery sees only committed outbox
//! entries. It lives in a crate of its own so the core has no network code. Like every backend
//! it speaks the core's store types alone (`igroteka::store`: outbox entries as JSON text,
//! slots and their messages), never the engine's (`tests/layering.rs`).
//!
//! Modules, one job each: `bridge` (the store's own runtime thread, and synchronous calls
//! into it), `conn` (a connection and its prepared statements), `migrate` (numbered SQL
//! migrations applied at open), `writer` (the batch: transaction, savepoints, commit, saves
//! sent ahead of their answer), `ahead` (a batch's tables read ahead and held), `save`
//! (the compare-and-swap and what a save writes), `delivery` (the delivery calls over many
//! tables at once), `codec` (values to columns), `prefs` (the preferences cache, and its
//! invalidation across processes), `import` (a
//! backup restored here: `igroteka migrate` and `restore`). The design, the
//! schema and what a failure does are in docs/storage.md, "PostgreSQL".

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use igroteka::store::{
    Claim, Done, LeasedOutboxes, OutboxEntry, PendingEntry, Slot, SlotMessage, Store, StoreError,
};
use igroteka::table::{ChatId, LogEntry, Platform, Table, UserId};
use tokio::sync::{Mutex, OwnedMutexGuard};

mod ahead;
mod bridge;
mod codec;
mod conn;
mod delivery;
mod import;
mod migrate;
mod prefs;
mod save;
mod writer;

use ahead::ReadAhead;
use bridge::Bridge;
use conn::{Conn, Target};
use writer::Writer;

/// How many connections read the outbox for delivery (besides the writer).
const READERS: usize = 2;

/// The PostgreSQL store. Cloning it shares the connections (as cloning a `SledStore` shares
/// the database); the last clone dropped commits an open batch and closes them.
#[derive(Debug, Clone)]
pub struct PgStore {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    state: Arc<State>,
    /// Declared last: dropped after the batch is committed in `Drop for Shared`.
    bridge: Bridge,
}

#[derive(Debug)]
struct State {
    writer: Arc<Mutex<Writer>>,
    readers: Vec<Arc<Mutex<Conn>>>,
    next_reader: AtomicUsize,
    /// `pref` served from memory (`prefs`).
    prefs: Arc<prefs::Cache>,
    /// `load` of a table read ahead served from memory (`ahead`).
    ahead: Arc<ReadAhead>,
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user@host:port/db`, or key=value
    /// pairs), applies the missing migrations and opens the connections.
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        PgStore::connect(Target::new(url, None)?)
    }

    /// The same in a schema of its own, created if missing (`[a-z_][a-z0-9_]*`): tests run in
    /// parallel, each in a fresh schema.
    pub fn open_in_schema(url: &str, schema: &str) -> Result<PgStore, StoreError> {
        PgStore::connect(Target::new(url, Some(schema))?)
    }

    fn connect(target: Target) -> Result<PgStore, StoreError> {
        let bridge = Bridge::start()?;
        let state = bridge.run({
            async move {
                let prefs = Arc::new(prefs::Cache::default());
                let ahead = Arc::new(ReadAhead::default());
                let mut writer = Writer::open(&target, prefs.clone(), ahead.clone()).await?;
                migrate::migrate(&mut writer.conn, target.schema.as_deref()).await?;
                prefs::start(prefs.clone(), &target).await;
                let mut readers = Vec::with_capacity(READERS);
                for _ in 0..READERS {
                    readers.push(Arc::new(Mutex::new(Conn::open_relaxed(&target).await?)));
                }
                Ok(State {
                    writer: Arc::new(Mutex::new(writer)),
                    readers,
                    next_reader: AtomicUsize::new(0),
                    prefs,
                    ahead,
                })
            }
        })?;
        let store = PgStore { shared: Arc::new(Shared { state: Arc::new(state), bridge }) };
        // A database written by a newer build is refused before anything touches it.
        igroteka::store::version::check_and_stamp(&store)?;
        Ok(store)
    }

    /// Runs `f` with the writer connection, on the store's runtime, once the saves sent ahead
    /// are answered ([`Writer::settle`]).
    fn writer<T, F, Fut>(&self, f: F) -> Result<T, StoreError>
    where
        F: FnOnce(OwnedMutexGuard<Writer>) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, StoreError>> + Send + 'static,
        T: Send + 'static,
    {
        let writer = self.shared.state.writer.clone();
        self.shared.bridge.run(async move {
            let mut writer = writer.lock_owned().await;
            writer.settle().await;
            f(writer).await
        })
    }

    /// Runs `f` with a reader connection (autocommit: sees only what was committed), on the
    /// store's runtime.
    fn reader<T, F, Fut>(&self, f: F) -> Result<T, StoreError>
    where
        F: FnOnce(OwnedMutexGuard<Conn>) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, StoreError>> + Send + 'static,
        T: Send + 'static,
    {
        let state = &self.shared.state;
        let readers = state.readers.clone();
        let next = state.next_reader.fetch_add(1, Ordering::Relaxed);
        self.shared.bridge.run(async move {
            // A free one if there is one, else wait for the next in turn.
            let free = readers.iter().find_map(|r| r.clone().try_lock_owned().ok());
            let mut conn = match free {
                Some(conn) => conn,
                None => readers[next % readers.len()].clone().lock_owned().await,
            };
            if conn.is_closed() {
                conn.reopen().await?;
            }
            f(conn).await
        })
    }

    /// A read by the engine, on the writer's connection so it sees its own batch.
    fn read<T, F, Fut>(&self, f: F) -> Result<T, StoreError>
    where
        F: FnOnce(OwnedMutexGuard<Writer>) -> Fut + Send + 'static,
        Fut: Future<Output = (OwnedMutexGuard<Writer>, Result<T, StoreError>)> + Send + 'static,
        T: Send + 'static,
    {
        self.writer(|mut writer| async move {
            writer.ready().await?;
            let (mut writer, result) = f(writer).await;
            writer.checked(result).await
        })
    }

    /// A write: a batch write (`batch`) or a side write, in its savepoint or transaction
    /// ([`writer`]'s docs).
    fn write<T, F, Fut>(&self, batch: bool, f: F) -> Result<T, StoreError>
    where
        F: FnOnce(OwnedMutexGuard<Writer>) -> Fut + Send + 'static,
        Fut: Future<Output = (OwnedMutexGuard<Writer>, Result<T, StoreError>)> + Send + 'static,
        T: Send + 'static,
    {
        self.writer(move |mut writer| async move {
            let scope = writer.enter(batch).await?;
            let (mut writer, result) = f(writer).await;
            writer.exit(scope, result).await
        })
    }

    /// Writes raw bytes as a table record, committed at once (tests use it to plant a corrupt
    /// record, as with `SledStore::put_raw`).
    #[doc(hidden)]
    pub fn put_raw(&self, id: u64, bytes: &[u8]) -> Result<(), StoreError> {
        let (id, bytes) = (codec::id(id), bytes.to_vec());
        self.write(false, move |mut w| async move {
            let result = w
                .conn
                .execute(
                    "INSERT INTO tables (id, seq, platform, chat, active, indexed, record)
                     VALUES ($1, 0, '', '', true, 0, $2)
                     ON CONFLICT (id) DO UPDATE SET seq = 0, indexed = 0, record = $2",
                    &[&id, &bytes],
                )
                .await;
            (w, result)
        })?;
        self.flush()
    }

    /// Points a chat at a table id, committed at once (tests, with [`PgStore::put_raw`]).
    #[doc(hidden)]
    pub fn put_chat_index(&self, chat: &ChatId, id: u64) -> Result<(), StoreError> {
        let (chat, id) = (chat.key(), codec::id(id));
        self.write(false, move |mut w| async move {
            let result = w
                .conn
                .execute(
                    "INSERT INTO chats (chat, table_id) VALUES ($1, $2)
                     ON CONFLICT (chat) DO UPDATE SET table_id = $2",
                    &[&chat, &id],
                )
                .await;
            (w, result)
        })?;
        self.flush()
    }

    /// The server process of the writer connection (tests end it to lose a batch).
    #[doc(hidden)]
    pub fn writer_pid(&self) -> Result<i32, StoreError> {
        self.writer(|mut w| async move { w.conn.backend_pid().await })
    }

    /// The server process of the connection listening for preference changes, while it
    /// listens (tests end it).
    #[doc(hidden)]
    pub fn prefs_listener_pid(&self) -> Option<i32> {
        self.shared.state.prefs.listener_pid()
    }

    /// How many preference reads went to the database (tests count the cache's misses).
    #[doc(hidden)]
    pub fn pref_reads(&self) -> u64 {
        self.shared.state.prefs.reads()
    }

    /// Applies the migrations again (a no-op once applied): the versions applied now.
    #[doc(hidden)]
    pub fn migrate_again(&self, schema: Option<&str>) -> Result<Vec<i32>, StoreError> {
        let schema = schema.map(str::to_string);
        self.reader(|mut conn| async move { migrate::migrate(&mut conn, schema.as_deref()).await })
    }

    /// Sets a record aside, unless it changed since it was read (then false: read it again).
    fn quarantine(
        &self,
        id: u64,
        seq: i64,
        raw: Vec<u8>,
        reason: &str,
    ) -> Result<bool, StoreError> {
        let (id, reason) = (codec::id(id), reason.to_string());
        self.write(false, move |mut w| async move {
            let result = async {
                let removed = w
                    .conn
                    .execute("DELETE FROM tables WHERE id = $1 AND seq = $2", &[&id, &seq])
                    .await?;
                if removed == 0 {
                    return Ok(false);
                }
                w.conn
                    .execute(
                        "INSERT INTO quarantine (id, reason, raw) VALUES ($1, $2, $3)
                         ON CONFLICT (id) DO UPDATE SET reason = $2, raw = $3, at = now()",
                        &[&id, &reason, &raw],
                    )
                    .await?;
                w.conn.execute("DELETE FROM chats WHERE table_id = $1", &[&id]).await?;
                w.conn.execute("DELETE FROM user_tables WHERE table_id = $1", &[&id]).await?;
                Ok(true)
            }
            .await;
            (w, result)
        })
    }
}

/// Whether a PostgreSQL server answers at `url` (tests skip without one): the reason if not.
#[doc(hidden)]
pub fn probe(url: &str) -> Result<(), StoreError> {
    let target = Target::new(url, None)?;
    Bridge::start()?.run(async move {
        let mut conn = Conn::open(&target).await?;
        conn.one("SELECT 1", &[]).await.map(drop)
    })
}

/// Drops a schema and everything in it (tests clean up theirs).
#[doc(hidden)]
pub fn drop_schema(url: &str, schema: &str) -> Result<(), StoreError> {
    conn::check_identifier(schema)?;
    let (target, sql) =
        (Target::new(url, None)?, format!("DROP SCHEMA IF EXISTS {schema} CASCADE"));
    Bridge::start()?.run(async move { Conn::open(&target).await?.batch(&sql).await })
}

/// Drops the store's last handle: an open batch is committed (as sled commits what is staged
/// on an orderly close), then the runtime stops.
impl Drop for Shared {
    fn drop(&mut self) {
        let writer = self.state.writer.clone();
        let committed = self.bridge.run(async move { writer.lock().await.commit().await });
        if let Err(e) = committed {
            tracing::error!("the open batch could not be committed on close: {e}");
        }
    }
}

/// Parses a stored record as the sled store does: a record whose game state cannot be
/// restored is as unreadable as bad JSON, and so is one naming another table.
fn parse(id: u64, raw: &[u8]) -> Result<Table, String> {
    let mut table = Table::from_bytes(raw).map_err(|e| e.to_string())?;
    if !(table.status.is_over() || table.state().is_none()) {
        table.game().map_err(|e| e.to_string())?;
    }
    if table.id != id {
        return Err(format!("record names table {}", table.id));
    }
    Ok(table)
}

fn slot_key(slot: Slot) -> Vec<u8> {
    slot.key().to_vec()
}

/// A claim's holder, its now and its end, as the claim statements take them.
fn claim_terms(claim: &Claim<'_>) -> (String, i64, i64) {
    let until = claim.now_ms.saturating_add(claim.ttl_ms);
    (claim.holder.to_string(), codec::time(claim.now_ms), codec::time(until))
}

impl Store for PgStore {
    fn new_table_id(&self) -> Result<u64, StoreError> {
        self.reader(|mut conn| async move {
            let row = conn.one("SELECT nextval('table_ids')", &[]).await?;
            Ok(codec::id_back(row.get(0)))
        })
    }

    fn new_table_ids(&self, count: usize) -> Result<Vec<u64>, StoreError> {
        let count =
            i32::try_from(count).map_err(|_| StoreError::Backend("too many ids at once".into()))?;
        self.reader(move |mut conn| async move {
            let rows = conn
                .query("SELECT nextval('table_ids') FROM generate_series(1, $1::int)", &[&count])
                .await?;
            let mut ids: Vec<u64> = rows.iter().map(|r| codec::id_back(r.get(0))).collect();
            ids.sort_unstable();
            Ok(ids)
        })
    }

    fn load(&self, id: u64) -> Result<Option<Table>, StoreError> {
        let key = codec::id(id);
        if let Some(raw) = self.shared.state.ahead.get(key) {
            match parse(id, &raw) {
                Ok(table) => return Ok(Some(table)),
                // Read again below, and set aside there.
                Err(_) => self.shared.state.ahead.forget(key),
            }
        }
        // A record that changed between the read and its quarantine is read again.
        for _ in 0..3 {
            let stored = self.read(move |mut w| async move {
                let result =
                    w.conn.opt("SELECT seq, record FROM tables WHERE id = $1", &[&key]).await;
                let result =
                    result.map(|row| row.map(|r| (r.get::<_, i64>(0), r.get::<_, Vec<u8>>(1))));
                (w, result)
            })?;
            let Some((seq, raw)) = stored else { return Ok(None) };
            match parse(id, &raw) {
                Ok(table) => return Ok(Some(table)),
                Err(reason) => {
                    if self.quarantine(id, seq, raw, &reason)? {
                        return Err(StoreError::Corrupt { id, reason });
                    }
                }
            }
        }
        Err(StoreError::Conflict)
    }

    fn save(
        &self,
        table: &Table,
        read_seq: Option<u64>,
        outbox: &[OutboxEntry],
    ) -> Result<(), StoreError> {
        let prepared = save::Save::new(table, read_seq, outbox);
        self.shared.state.ahead.forget(prepared.id());
        let writer = self.shared.state.writer.clone();
        // A move of a row read ahead goes from this thread when the writer is free: no hop.
        let prepared = match writer.try_lock() {
            Ok(mut free) => match free.send_ahead(prepared) {
                None => return Ok(()),
                Some(prepared) => prepared,
            },
            Err(_) => prepared,
        };
        // Not `writer`: a save sent ahead need not wait for the ones before it.
        self.shared.bridge.run(async move { writer.lock_owned().await.save(prepared).await })
    }

    fn prefetch(&self, tables: &[u64]) -> Result<(), StoreError> {
        let ids: Vec<i64> = tables.iter().map(|&id| codec::id(id)).collect();
        self.writer(move |mut w| async move { w.prefetch(&ids).await })
    }

    fn enqueue(&self, table: u64, outbox: &[OutboxEntry]) -> Result<(), StoreError> {
        if outbox.is_empty() {
            return Ok(());
        }
        let (table, entries) = (codec::id(table), save::texts(outbox));
        self.write(true, move |mut w| async move {
            let result = async {
                save::lock_table(&mut w.conn, table).await?;
                save::insert_outbox(&mut w.conn, table, &entries).await
            }
            .await;
            (w, result)
        })
    }

    fn outbox(&self, table: u64) -> Result<Vec<PendingEntry>, StoreError> {
        let key = codec::id(table);
        let rows = self.reader(move |mut conn| async move {
            let rows = conn
                .query(
                    "SELECT pos, effect::text FROM outbox WHERE table_id = $1 ORDER BY pos",
                    &[&key],
                )
                .await?;
            Ok(rows.iter().map(|r| (r.get::<_, i64>(0), r.get::<_, String>(1))).collect::<Vec<_>>())
        })?;
        Ok(rows
            .into_iter()
            .map(|(pos, json)| PendingEntry {
                key: codec::outbox_key(key, pos),
                entry: OutboxEntry { json },
            })
            .collect())
    }

    fn outbox_tables(&self) -> Result<Vec<u64>, StoreError> {
        self.reader(|mut conn| async move {
            let rows =
                conn.query("SELECT DISTINCT table_id FROM outbox ORDER BY table_id", &[]).await?;
            Ok(rows.iter().map(|r| codec::id_back(r.get(0))).collect())
        })
    }

    /// One statement, committed at once on a reader (each a round trip; before, a mark took
    /// three or four on the writer): the entry is gone for every process before the lease
    /// moves on, so no other process sends it again. Its commit does not wait for the WAL
    /// (`Conn::open_relaxed`): only a crash of the database server itself within a fraction of
    /// a second could forget it, and the entry would then go out once more — the at-least-once
    /// delivery sled gives across its own crashes.
    fn outbox_done(&self, key: &[u8], done: Done<'_>) -> Result<(), StoreError> {
        let Some((table, pos)) = codec::outbox_key_back(key) else { return Ok(()) };
        let (shown_table, slot, message_id, buttons, retired) = match done.shown {
            Some((shown_table, slot, shown)) => (
                Some(codec::id(shown_table)),
                Some(slot_key(slot)),
                Some(shown.id.clone()),
                Some(shown.buttons),
                shown.retired.clone(),
            ),
            None => (None, None, None, None, None),
        };
        self.reader(move |mut conn| async move {
            conn.execute(
                "WITH shown AS (
                     INSERT INTO boards (table_id, slot, message_id, buttons, retired)
                     SELECT $3::bigint, $4::bytea, $5::text, $6::boolean, $7::text
                     WHERE $4::bytea IS NOT NULL
                     ON CONFLICT (table_id, slot) DO UPDATE
                     SET message_id = EXCLUDED.message_id, buttons = EXCLUDED.buttons,
                         retired = EXCLUDED.retired)
                 DELETE FROM outbox WHERE table_id = $1 AND pos = $2",
                &[&table, &pos, &shown_table, &slot, &message_id, &buttons, &retired],
            )
            .await
            .map(drop)
        })
    }

    fn slot_shown(&self, table: u64, slot: Slot) -> Result<Option<SlotMessage>, StoreError> {
        let (table, slot) = (codec::id(table), slot_key(slot));
        self.read(move |mut w| async move {
            let result = w
                .conn
                .opt(
                    "SELECT message_id, buttons, retired FROM boards
                     WHERE table_id = $1 AND slot = $2",
                    &[&table, &slot],
                )
                .await
                .map(|row| {
                    row.map(|r| SlotMessage { id: r.get(0), buttons: r.get(1), retired: r.get(2) })
                });
            (w, result)
        })
    }

    fn set_unreachable(&self, platform: Platform, user: &str, yes: bool) -> Result<(), StoreError> {
        let (platform, user) = (platform.tag(), user.to_string());
        self.write(false, move |mut w| async move {
            let sql = if yes {
                "INSERT INTO unreachable (platform, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING"
            } else {
                "DELETE FROM unreachable WHERE platform = $1 AND user_id = $2"
            };
            let result = w.conn.execute(sql, &[&platform, &user]).await.map(drop);
            (w, result)
        })
    }

    fn is_unreachable(&self, platform: Platform, user: &str) -> Result<bool, StoreError> {
        let (platform, user) = (platform.tag(), user.to_string());
        self.read(move |mut w| async move {
            let result = w
                .conn
                .opt(
                    "SELECT 1 FROM unreachable WHERE platform = $1 AND user_id = $2",
                    &[&platform, &user],
                )
                .await
                .map(|row| row.is_some());
            (w, result)
        })
    }

    fn log(&self, id: u64) -> Result<Vec<LogEntry>, StoreError> {
        let key = codec::id(id);
        let texts = self.read(move |mut w| async move {
            let result = w
                .conn
                .query("SELECT entry::text FROM log WHERE table_id = $1 ORDER BY idx", &[&key])
                .await
                .map(|rows| rows.iter().map(|r| r.get::<_, String>(0)).collect::<Vec<_>>());
            (w, result)
        })?;
        texts
            .iter()
            .map(|json| {
                serde_json::from_str(json)
                    .map_err(|e| StoreError::Corrupt { id, reason: format!("log entry: {e}") })
            })
            .collect()
    }

    fn chat_table(&self, chat: &ChatId) -> Result<Option<u64>, StoreError> {
        let chat = chat.key();
        self.read(move |mut w| async move {
            let result = w
                .conn
                .opt("SELECT table_id FROM chats WHERE chat = $1", &[&chat])
                .await
                .map(|row| row.map(|r| codec::id_back(r.get(0))));
            (w, result)
        })
    }

    fn user_tables(&self, user: &UserId) -> Result<Vec<u64>, StoreError> {
        let user = user.key();
        self.read(move |mut w| async move {
            let result = w
                .conn
                .query(
                    "SELECT table_id FROM user_tables WHERE user_key = $1 ORDER BY table_id",
                    &[&user],
                )
                .await
                .map(|rows| rows.iter().map(|r| codec::id_back(r.get(0))).collect());
            (w, result)
        })
    }

    fn unfinished(&self) -> Result<Vec<u64>, StoreError> {
        self.read(move |mut w| async move {
            let result = w
                .conn
                .query("SELECT id FROM tables WHERE active ORDER BY id", &[])
                .await
                .map(|rows| rows.iter().map(|r| codec::id_back(r.get(0))).collect());
            (w, result)
        })
    }

    fn due_tables(
        &self,
        platform: Platform,
        now: u64,
        limit: usize,
    ) -> Result<Vec<u64>, StoreError> {
        let (platform, now) = (platform.tag(), codec::time(now));
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.read(move |mut w| async move {
            let result = w
                .conn
                .query(
                    "SELECT id FROM tables
                     WHERE platform = $1 AND due_at IS NOT NULL AND due_at <= $2
                     ORDER BY due_at, id LIMIT $3",
                    &[&platform, &now, &limit],
                )
                .await
                .map(|rows| rows.iter().map(|r| codec::id_back(r.get(0))).collect());
            (w, result)
        })
    }

    fn claim_due(
        &self,
        platform: Platform,
        now: u64,
        limit: usize,
        claim: &Claim<'_>,
    ) -> Result<Vec<u64>, StoreError> {
        let (platform, now) = (platform.tag(), codec::time(now));
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let (holder, wall, until) = claim_terms(claim);
        // On a reader, in a statement of its own: the claims are seen by every process at
        // once. A table another process is saving (its row locked) is skipped, not waited for.
        self.reader(move |mut conn| async move {
            let rows = conn
                .query(
                    "WITH due AS (
                         SELECT t.id, t.seq FROM tables t
                         WHERE t.platform = $1 AND t.due_at IS NOT NULL AND t.due_at <= $2
                           AND NOT EXISTS (
                               SELECT 1 FROM clock_claims c
                               WHERE c.table_id = t.id AND c.seq >= t.seq
                                 AND c.holder <> $4 AND c.until > $5)
                         ORDER BY t.due_at, t.id LIMIT $3
                         FOR UPDATE OF t SKIP LOCKED)
                     INSERT INTO clock_claims (table_id, seq, holder, until)
                     SELECT id, seq, $4, $6 FROM due
                     ON CONFLICT (table_id) DO UPDATE SET seq = EXCLUDED.seq, holder = $4, until = $6
                     WHERE clock_claims.holder = $4 OR clock_claims.until <= $5
                        OR clock_claims.seq < EXCLUDED.seq
                     RETURNING table_id",
                    &[&platform, &now, &limit, &holder, &wall, &until],
                )
                .await?;
            let mut ids: Vec<u64> = rows.iter().map(|r| codec::id_back(r.get(0))).collect();
            ids.sort_unstable();
            Ok(ids)
        })
    }

    fn claim_clock(&self, table: u64, seq: u64, claim: &Claim<'_>) -> Result<bool, StoreError> {
        let (table, seq) = (codec::id(table), codec::time(seq));
        let (holder, wall, until) = claim_terms(claim);
        self.reader(move |mut conn| async move {
            let granted = conn
                .opt(
                    "INSERT INTO clock_claims (table_id, seq, holder, until) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (table_id) DO UPDATE SET seq = $2, holder = $3, until = $4
                     WHERE clock_claims.holder = $3 OR clock_claims.until <= $5
                        OR clock_claims.seq < $2
                     RETURNING holder",
                    &[&table, &seq, &holder, &until, &wall],
                )
                .await?;
            Ok(granted.is_some())
        })
    }

    /// From the cache when it holds the key (`prefs`: kept correct across processes), else
    /// read through the writer, to see its batch.
    fn pref(&self, key: &str) -> Result<Option<String>, StoreError> {
        let cache = &self.shared.state.prefs;
        let ticket = match cache.get(key) {
            prefs::Lookup::Hit(value) => return Ok(value),
            prefs::Lookup::Miss(ticket) => ticket,
        };
        let (owned, reading) = (key.to_string(), cache.clone());
        let value = self.read(move |mut w| async move {
            let result = prefs::read(&reading, &mut w.conn, &owned).await;
            (w, result)
        })?;
        cache.put(key, &value, ticket);
        Ok(value)
    }

    /// Written and announced to the other processes at its commit; evicted here at once.
    fn set_pref(&self, key: &str, value: &str) -> Result<(), StoreError> {
        let (key, value) = (key.to_string(), value.to_string());
        let evicted = key.clone();
        let written = self.write(false, move |mut w| async move {
            let result = prefs::write(&mut w.conn, &key, &value).await;
            (w, result)
        });
        self.shared.state.prefs.evict(&evicted);
        written
    }

    /// On the writer's connection, as a cache miss of [`Store::pref`]: its open batch included.
    fn prefs_with_prefix(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError> {
        let prefix = prefix.to_string();
        self.read(move |mut w| async move {
            let result = prefs::with_prefix(&mut w.conn, &prefix).await;
            (w, result)
        })
    }

    /// On a reader: what is committed, not the cache, nor the writer's open batch.
    fn shared_pref(&self, key: &str) -> Result<Option<String>, StoreError> {
        let (key, cache) = (key.to_string(), self.shared.state.prefs.clone());
        self.reader(move |mut conn| async move { prefs::read(&cache, &mut conn, &key).await })
    }

    /// On a reader, committed at once (without waiting for the WAL flush, as the leases: a
    /// crash of the database server itself may forget the last one). Other processes' caches
    /// hear of it as of any preference written.
    fn set_shared_pref(&self, key: &str, value: &str) -> Result<(), StoreError> {
        let (key, value) = (key.to_string(), value.to_string());
        let evicted = key.clone();
        let written =
            self.reader(move |mut conn| async move { prefs::write(&mut conn, &key, &value).await });
        self.shared.state.prefs.evict(&evicted);
        written
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.writer(|mut w| async move { w.commit().await })
    }

    fn quarantined(&self) -> Result<Vec<(u64, String)>, StoreError> {
        self.read(move |mut w| async move {
            let result =
                w.conn.query("SELECT id, reason FROM quarantine ORDER BY id", &[]).await.map(
                    |rows| rows.iter().map(|r| (codec::id_back(r.get(0)), r.get(1))).collect(),
                );
            (w, result)
        })
    }

    fn was_taken(&self, key: &str) -> Result<bool, StoreError> {
        let key = key.to_string();
        self.read(move |mut w| async move {
            let result = w
                .conn
                .opt("SELECT 1 FROM taken WHERE key = $1", &[&key])
                .await
                .map(|row| row.is_some());
            (w, result)
        })
    }

    fn mark_taken(&self, key: &str, now: u64) -> Result<(), StoreError> {
        let (key, now) = (key.to_string(), codec::time(now));
        self.write(true, move |mut w| async move {
            let result = w
                .conn
                .execute(
                    "INSERT INTO taken (key, at) VALUES ($1, $2)
                     ON CONFLICT (key) DO UPDATE SET at = $2",
                    &[&key, &now],
                )
                .await
                .map(drop);
            (w, result)
        })
    }

    fn forget_taken(&self, before: u64) -> Result<usize, StoreError> {
        // At most this many a call: the caller comes back (hourly) for the rest.
        const AT_ONCE: i64 = 100_000;
        let before = codec::time(before);
        self.write(true, move |mut w| async move {
            let result = w
                .conn
                .execute(
                    "DELETE FROM taken WHERE key IN
                     (SELECT key FROM taken WHERE at < $1 ORDER BY at LIMIT $2)",
                    &[&before, &AT_ONCE],
                )
                .await
                .map(|n| n as usize);
            (w, result)
        })
    }

    fn lease_outbox(
        &self,
        table: u64,
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<bool, StoreError> {
        let (table, holder) = (codec::id(table), holder.to_string());
        let (now, until) = (codec::time(now_ms), codec::time(now_ms.saturating_add(ttl_ms)));
        // On a reader, in a transaction of its own: the lease is seen by every process at
        // once, whatever the writer's batch holds.
        self.reader(move |mut conn| async move {
            let granted = conn
                .opt(
                    "INSERT INTO leases (table_id, holder, until) VALUES ($1, $2, $3)
                     ON CONFLICT (table_id) DO UPDATE SET holder = $2, until = $3
                     WHERE leases.holder = $2 OR leases.until <= $4
                     RETURNING holder",
                    &[&table, &holder, &until, &now],
                )
                .await?;
            Ok(granted.is_some())
        })
    }

    fn release_outbox(&self, table: u64, holder: &str) -> Result<(), StoreError> {
        let (table, holder) = (codec::id(table), holder.to_string());
        self.reader(move |mut conn| async move {
            conn.execute(
                "DELETE FROM leases WHERE table_id = $1 AND holder = $2",
                &[&table, &holder],
            )
            .await
            .map(drop)
        })
    }

    fn shared(&self) -> bool {
        true
    }

    fn lease_outboxes(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<Vec<u64>, StoreError> {
        self.lease_many(tables, holder, now_ms, ttl_ms)
    }

    fn lease_and_read_outboxes(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<LeasedOutboxes, StoreError> {
        self.lease_and_read_many(tables, holder, now_ms, ttl_ms)
    }

    fn outboxes(&self, tables: &[u64]) -> Result<Vec<PendingEntry>, StoreError> {
        self.outbox_many(tables)
    }

    fn slots_shown(&self, wanted: &[(u64, Slot)]) -> Result<Vec<Option<SlotMessage>>, StoreError> {
        self.slots_many(wanted)
    }

    fn outbox_done_all(&self, marks: &[(Vec<u8>, Done<'_>)]) -> Result<(), StoreError> {
        self.done_many(marks)
    }

    fn release_outboxes_if_empty(
        &self,
        tables: &[u64],
        holder: &str,
    ) -> Result<Vec<u64>, StoreError> {
        self.release_many_if_empty(tables, holder)
    }

    fn flush_and_read_outboxes(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<Result<LeasedOutboxes, StoreError>, StoreError> {
        self.flush_and_read_many(tables, holder, now_ms, ttl_ms)
    }

    fn finish_outboxes(
        &self,
        marks: &[(Vec<u8>, Done<'_>)],
        tables: &[u64],
        holder: &str,
    ) -> Result<Vec<u64>, StoreError> {
        self.finish_many(marks, tables, holder)
    }

    /// The store's tables in its schema, with their indexes and TOAST data.
    fn size_on_disk(&self) -> Result<Option<u64>, StoreError> {
        self.reader(move |mut conn| async move {
            let row = conn
                .one(
                    "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::bigint
                     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = current_schema() AND c.relkind = 'r'",
                    &[],
                )
                .await?;
            Ok(Some(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0)))
        })
    }
}
