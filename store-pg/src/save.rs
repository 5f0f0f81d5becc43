//! A save: the compare-and-swap on the table's sequence number, the record, its indexes, its
//! new log entries and its outbox entries — the statements run inside one savepoint of the
//! writer's batch ([`crate::writer`]).
//!
//! The row of the table is locked first (`SELECT … FOR UPDATE`) and stays locked until the
//! batch commits, so of two processes saving the same table, the second waits, then reads the
//! first's sequence number and fails with [`StoreError::Conflict`]. The chat index is claimed
//! the same way (its row locked), so two processes opening a game in one chat cannot both win.

use igroteka::store::{OutboxEntry, StoreError};
use igroteka::table::Table;

use crate::codec;
use crate::conn::{Conn, backend, is_race};

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

pub(crate) async fn save(conn: &mut Conn, save: &Save) -> Result<(), StoreError> {
    let stored = conn
        .query_raw("SELECT seq, indexed FROM tables WHERE id = $1 FOR UPDATE", &[&save.id])
        .await
        .map_err(race)?;
    let stored: Option<(i64, i64)> = stored.first().map(|row| (row.get(0), row.get(1)));
    if stored.map(|(seq, _)| seq) != save.read_seq {
        return Err(StoreError::Conflict);
    }
    let params: [&(dyn tokio_postgres::types::ToSql + Sync); 8] = [
        &save.id,
        &save.seq,
        &save.platform,
        &save.chat,
        &save.active,
        &save.due_at,
        &save.indexed,
        &save.record,
    ];
    if stored.is_some() {
        conn.execute_raw(
            "UPDATE tables SET seq = $2, platform = $3, chat = $4, active = $5, due_at = $6,
                indexed = $7, record = $8
             WHERE id = $1",
            &params,
        )
        .await
        .map_err(race)?;
    } else {
        // A unique violation here: another process created the same id meanwhile.
        conn.execute_raw(
            "INSERT INTO tables (id, seq, platform, chat, active, due_at, indexed, record)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            &params,
        )
        .await
        .map_err(race)?;
    }
    // Most saves are moves: the chat, the players and the status stay, and so do the indexes.
    if stored.map(|(_, indexed)| indexed) != Some(save.indexed) {
        reindex(conn, save).await?;
    }
    if !save.log.is_empty() {
        let indexes: Vec<i64> = (save.log_from..).take(save.log.len()).collect();
        conn.execute_raw(
            "INSERT INTO log (table_id, idx, entry)
             SELECT $1, u.idx, u.entry::json FROM unnest($2::bigint[], $3::text[]) AS u(idx, entry)
             ON CONFLICT (table_id, idx) DO UPDATE SET entry = EXCLUDED.entry",
            &[&save.id, &indexes, &save.log],
        )
        .await
        .map_err(race)?;
    }
    insert_outbox(conn, save.id, &save.outbox).await
}

/// The chat's and the players' indexes, for a table that is new or whose status, chat or
/// players changed.
async fn reindex(conn: &mut Conn, save: &Save) -> Result<(), StoreError> {
    conn.execute("DELETE FROM user_tables WHERE table_id = $1", &[&save.id]).await?;
    if !save.active {
        conn.execute(
            "DELETE FROM chats WHERE chat = $1 AND table_id = $2",
            &[&save.chat, &save.id],
        )
        .await?;
        return Ok(());
    }
    claim_chat(conn, &save.chat, save.id).await?;
    conn.execute(
        "INSERT INTO user_tables (user_key, table_id) SELECT u, $2 FROM unnest($1::text[]) AS u
         ON CONFLICT DO NOTHING",
        &[&save.users, &save.id],
    )
    .await?;
    Ok(())
}

/// Makes `id` the chat's active table. The chat's row is created if missing, then locked; a
/// row naming another table that is still active means another game got the chat first
/// ([`StoreError::Conflict`]); one naming a table that is over, or gone, is taken over.
async fn claim_chat(conn: &mut Conn, chat: &str, id: i64) -> Result<(), StoreError> {
    conn.execute_raw(
        "INSERT INTO chats (chat, table_id) VALUES ($1, $2) ON CONFLICT (chat) DO NOTHING",
        &[&chat, &id],
    )
    .await
    .map_err(race)?;
    let holder: i64 = conn
        .query_raw("SELECT table_id FROM chats WHERE chat = $1 FOR UPDATE", &[&chat])
        .await
        .map_err(race)?
        .first()
        .map(|row| row.get(0))
        .ok_or(StoreError::Conflict)?;
    if holder == id {
        return Ok(());
    }
    // A statement of its own, so it reads what was committed up to now (read committed).
    let holder_active = conn
        .opt("SELECT active FROM tables WHERE id = $1", &[&holder])
        .await?
        .is_some_and(|row| row.get::<_, bool>(0));
    if holder_active {
        return Err(StoreError::Conflict);
    }
    conn.execute("UPDATE chats SET table_id = $2 WHERE chat = $1", &[&chat, &id]).await?;
    Ok(())
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
