//! A save: the compare-and-swap on the table's sequence number, the record, its indexes, its
//! new log entries and its outbox entries — one call of the server function `igroteka_save`
//! (`migrations/0003_save_in_one_call.sql`), in the writer's open batch ([`crate::writer`]).
//! One round trip instead of one per statement: a press's save was seven before (a savepoint,
//! the lock, the row, the log, the positions, the outbox, the release).
//!
//! The row of the table is locked first (`SELECT … FOR UPDATE`) and stays locked until the
//! batch commits, so of two processes saving the same table, the second waits, then reads the
//! first's sequence number and fails with [`StoreError::Conflict`]. The chat index is claimed
//! the same way (its row locked), so two processes opening a game in one chat cannot both win.
//! A lost race undoes the function's writes (its exception block is a subtransaction), so a
//! save needs no savepoint of the client's.
//!
//! A move of a row the batch read ahead and holds locked is sent ahead without waiting
//! ([`send`]) and is not a call of the function but one plain statement, [`MOVE`], which says
//! why.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::Poll;

use igroteka::store::{OutboxEntry, StoreError};
use igroteka::table::Table;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, Statement};

use crate::codec;
use crate::conn::{Conn, backend, is_race, send_now};

/// What a save writes, prepared on the caller's thread (serialising is the caller's work, not
/// the store thread's).
#[derive(Debug)]
pub(crate) struct Save {
    id: i64,
    seq: i64,
    read_seq: Option<i64>,
    platform: &'static str,
    chat: String,
    active: bool,
    due_at: Option<i64>,
    indexed: i64,
    record: Vec<u8>,
    users: Vec<String>,
    log_from: i64,
    log: Vec<String>,
    outbox: Vec<String>,
}

impl Save {
    pub(crate) fn new(table: &Table, read_seq: Option<u64>, outbox: &[OutboxEntry]) -> Save {
        let (first, entries) = table.new_log();
        Save {
            id: codec::id(table.id),
            seq: codec::id(table.seq),
            read_seq: read_seq.map(codec::id),
            platform: table.chat.platform.tag(),
            chat: table.chat.key(),
            active: !table.status.is_over(),
            due_at: table.due().map(codec::time),
            indexed: codec::fingerprint(table),
            record: table.to_bytes(),
            users: table.players.iter().map(|p| p.user.key()).collect(),
            log_from: codec::id(first),
            log: entries
                .iter()
                .map(|e| serde_json::to_string(e).expect("log entries serialize"))
                .collect(),
            outbox: texts(outbox),
        }
    }
}

/// The entries' JSON texts, as the statements bind them.
pub(crate) fn texts(entries: &[OutboxEntry]) -> Vec<String> {
    entries.iter().map(|entry| entry.json.clone()).collect()
}

/// A client error of a save: a race with another writer is a conflict.
fn race(e: tokio_postgres::Error) -> StoreError {
    if is_race(&e) { StoreError::Conflict } else { backend(e) }
}

/// The call of `igroteka_save` (migration 0003).
pub(crate) const SAVE: &str =
    "SELECT igroteka_save($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";

/// A move of a row the batch holds locked ([`crate::writer::Writer::send_ahead`]): one
/// statement, without `igroteka_save`'s lock, index work and exception block. That block is a
/// subtransaction, and a batch of a few hundred of them costs the server more than the writes
/// themselves (docs/performance.md, "PostgreSQL"): each takes a subtransaction id, and past 64
/// of them in one transaction every other backend's visibility check of the batch's rows has
/// to look its ids up in `pg_subtrans`. A move needs none of it: the row is already locked
/// (read ahead `FOR UPDATE`), so its compare-and-swap cannot lose; the chat, players and status
/// — what the indexes depend on — are unchanged, so only `seq`, `due_at` and the record are
/// written; and the log and outbox inserts cannot meet a race. Should the sequence number
/// have moved all the same, nothing is written and false comes back, as from the function.
///
/// The outbox positions are taken in the entries' order: the subquery yields them in it
/// (`unnest` gives them so, and its `ORDER BY` says so — the planner drops that sort as
/// already done), and the outer select calls `nextval` row by row as they come.
pub(crate) const MOVE: &str = "WITH saved AS (
         UPDATE tables SET seq = $2, due_at = $4, record = $5
         WHERE id = $1 AND seq = $3
         RETURNING id),
     logged AS (
         INSERT INTO log (table_id, idx, entry)
         SELECT saved.id, $6 + u.n - 1, u.entry::json
         FROM saved, unnest($7::text[]) WITH ORDINALITY AS u(entry, n)
         ON CONFLICT (table_id, idx) DO UPDATE SET entry = EXCLUDED.entry),
     queued AS (
         INSERT INTO outbox (table_id, pos, effect)
         SELECT table_id, nextval('outbox_pos'), effect
         FROM (SELECT saved.id AS table_id, u.effect::json AS effect
               FROM saved, unnest($8::text[]) WITH ORDINALITY AS u(effect, n)
               ORDER BY u.n) AS ordered)
     SELECT count(*) = 1 FROM saved";

impl Save {
    /// The table's id, as stored.
    pub(crate) fn id(&self) -> i64 {
        self.id
    }

    /// Whether the save replaces the stored `seq` without touching what the indexes depend on
    /// (`indexed`): a move. Such a save of a row its batch holds locked cannot lose a race.
    pub(crate) fn is_a_move_from(&self, seq: i64, indexed: i64) -> bool {
        self.read_seq == Some(seq) && self.indexed == indexed
    }

    /// The sequence number and fingerprint the row has once saved.
    pub(crate) fn saved(&self) -> (i64, i64) {
        (self.seq, self.indexed)
    }

    /// The parameters of [`MOVE`].
    fn move_params(&self) -> [&(dyn ToSql + Sync); 8] {
        [
            &self.id,
            &self.seq,
            &self.read_seq,
            &self.due_at,
            &self.record,
            &self.log_from,
            &self.log,
            &self.outbox,
        ]
    }

    fn params(&self) -> [&(dyn ToSql + Sync); 13] {
        [
            &self.id,
            &self.seq,
            &self.read_seq,
            &self.platform,
            &self.chat,
            &self.active,
            &self.due_at,
            &self.indexed,
            &self.record,
            &self.users,
            &self.log_from,
            &self.log,
            &self.outbox,
        ]
    }
}

/// Saves in one call of `igroteka_save`, which runs the statements this module's docs
/// describe: false back means another writer got there first, and nothing of the save was
/// kept.
pub(crate) async fn save(conn: &mut Conn, save: &Save) -> Result<(), StoreError> {
    let saved: bool = conn.one(SAVE, &save.params()).await?.get(0);
    if saved { Ok(()) } else { Err(StoreError::Conflict) }
}

/// A save sent and not yet answered: true once saved, false when it lost a race.
pub(crate) type Sent = Pin<Box<dyn Future<Output = Result<bool, tokio_postgres::Error>> + Send>>;

/// Sends a move without waiting for its answer ([`crate::writer::Writer::send_ahead`]), on
/// `client` with [`MOVE`] prepared. The client writes a request
/// to the connection when its future is first polled, which happens here: the server answers
/// a connection's requests in the order they were sent, so whatever is sent after it runs
/// after it, in the same transaction. Nothing here waits, so any thread may call it.
pub(crate) fn send(client: Arc<Client>, statement: Statement, save: Save) -> Sent {
    let mut sent: Sent = Box::pin(async move {
        let row = client.query_one(&statement, &save.move_params()).await?;
        row.try_get::<_, bool>(0)
    });
    match send_now(sent.as_mut()) {
        Poll::Pending => sent,
        Poll::Ready(result) => Box::pin(std::future::ready(result)),
    }
}

/// Appends to a table's outbox, in order. Positions come from one sequence shared by every
/// table and process; a table's row is locked by whoever appends (a save, or
/// [`lock_table`]), so within a table they rise in commit order, which is delivery order.
pub(crate) async fn insert_outbox(
    conn: &mut Conn,
    table: i64,
    entries: &[String],
) -> Result<(), StoreError> {
    if entries.is_empty() {
        return Ok(());
    }
    let count = i32::try_from(entries.len())
        .map_err(|_| StoreError::Backend("too many outbox entries at once".into()))?;
    let mut positions: Vec<i64> = conn
        .query("SELECT nextval('outbox_pos') FROM generate_series(1, $1::int)", &[&count])
        .await?
        .iter()
        .map(|row| row.get(0))
        .collect();
    positions.sort_unstable();
    conn.execute(
        "INSERT INTO outbox (table_id, pos, effect)
         SELECT $1, u.pos, u.effect::json FROM unnest($2::bigint[], $3::text[]) AS u(pos, effect)",
        &[&table, &positions, &entries],
    )
    .await?;
    Ok(())
}

/// Locks a table's row for an append to its outbox without a save (`enqueue`), so the entry
/// is ordered after any save of the table by another process.
pub(crate) async fn lock_table(conn: &mut Conn, table: i64) -> Result<(), StoreError> {
    conn.query_raw("SELECT 1 FROM tables WHERE id = $1 FOR UPDATE", &[&table])
        .await
        .map_err(race)?;
    Ok(())
}
