//! Delivery over many tables at once: the [`Store`] calls `outbox::read_all` and
//! `outbox::Reading::deliver` make, each one statement for every table instead of one (or
//! three) a table.
//!
//! Why: on PostgreSQL each call is a round trip through the store's thread to the server and
//! back, and a round trip costs the bot and the server each more CPU than the statement's work
//! (docs/performance.md, "PostgreSQL"). Script mode delivers every table a batch of inputs
//! touched, one after another; with these, a batch's leases, pending entries, slots, marks and
//! releases take five statements in all.
//!
//! Every statement runs on a reader in autocommit, as its single counterpart in `lib.rs` does:
//! it sees only committed entries, and what it writes (a lease, a mark) is seen by every
//! process at once.

use igroteka::store::{
    Done, LeasedOutboxes, OutboxEntry, PendingEntry, Slot, SlotMessage, StoreError,
};

use tokio_postgres::Row;
use tokio_postgres::types::ToSql;

use crate::{PgStore, codec};

/// The ids as the statements bind them, ascending: every statement that locks lease rows
/// locks them in one order, so two processes leasing overlapping tables cannot deadlock.
fn ids(tables: &[u64]) -> Vec<i64> {
    let mut ids: Vec<i64> = tables.iter().map(|&t| codec::id(t)).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// Takes or renews `$2`'s lease (until `$3`, the time now `$4`) on each of the tables `$1`
/// that is free, expired or its own already; returns those granted.
const LEASE_MANY: &str = "INSERT INTO leases (table_id, holder, until)
     SELECT t, $2, $3 FROM unnest($1::bigint[]) AS t
     ON CONFLICT (table_id) DO UPDATE SET holder = $2, until = $3
     WHERE leases.holder = $2 OR leases.until <= $4
     RETURNING table_id";

/// The pending entries of the tables `$1`, table by table, each in order.
const OUTBOX_MANY: &str = "SELECT table_id, pos, effect::text FROM outbox
     WHERE table_id = ANY($1) ORDER BY table_id, pos";

/// [`LEASE_MANY`], then the pending entries and every slot's message of the tables granted,
/// as one statement (one costs the server less than three). Its rows are tagged by `part`: 0 a
/// table granted, 1 a pending entry (table, position, effect), 2 a slot (table, slot, message
/// id, buttons, retired text); the entries in order. What it reads of tables not granted is
/// dropped ([`leased_outboxes`]). Its snapshot is taken before the leases: an entry a holder
/// whose lease ran out marks meanwhile may be read as pending — as it may be after, a holder
/// making no call once its lease has less than `LEASE_MS - LEASE_RENEW_MS` left. In the
/// writer's batch, just before its commit (`PgStore::flush_and_read_many`), it sees the
/// batch's own entries.
const LEASE_AND_READ_MANY: &str = "WITH granted AS (
         INSERT INTO leases (table_id, holder, until)
         SELECT t, $2, $3 FROM unnest($1::bigint[]) AS t
         ON CONFLICT (table_id) DO UPDATE SET holder = $2, until = $3
         WHERE leases.holder = $2 OR leases.until <= $4
         RETURNING table_id)
     SELECT 0 AS part, table_id, NULL::bigint AS pos, NULL::text AS effect, NULL::bytea AS slot,
            NULL::text AS message_id, NULL::boolean AS buttons, NULL::text AS retired
     FROM granted
     UNION ALL
     SELECT 1, table_id, pos, effect::text, NULL, NULL, NULL, NULL
     FROM outbox WHERE table_id = ANY($1)
     UNION ALL
     SELECT 2, table_id, NULL, NULL, slot, message_id, buttons, retired
     FROM boards WHERE table_id = ANY($1)
     ORDER BY part, table_id, pos";

/// Deletes the delivered entries (`$1`, `$2`: table and position of each) and records what
/// the slots show now (`$3`…`$7`: table, slot, message id, buttons, retired text of each).
const DONE_MANY: &str = "WITH shown AS (
         INSERT INTO boards (table_id, slot, message_id, buttons, retired)
         SELECT * FROM unnest($3::bigint[], $4::bytea[], $5::text[], $6::boolean[], $7::text[])
         ON CONFLICT (table_id, slot) DO UPDATE
         SET message_id = EXCLUDED.message_id, buttons = EXCLUDED.buttons,
             retired = EXCLUDED.retired)
     DELETE FROM outbox o USING unnest($1::bigint[], $2::bigint[]) AS d(t, p)
     WHERE o.table_id = d.t AND o.pos = d.p";

/// Gives up `$2`'s leases on those of the tables `$1` whose outbox is empty; returns the
/// others (their lease kept).
const RELEASE_MANY_IF_EMPTY: &str = "WITH busy AS (
         SELECT DISTINCT table_id FROM outbox WHERE table_id = ANY($1)),
     released AS (
         DELETE FROM leases
         WHERE table_id = ANY($1) AND holder = $2
           AND table_id NOT IN (SELECT table_id FROM busy))
     SELECT table_id FROM busy ORDER BY table_id";

/// [`DONE_MANY`], then [`RELEASE_MANY_IF_EMPTY`] of the tables `$8` held by `$9`, as one
/// statement: the entries it deletes count as gone (a statement does not see its own
/// deletions).
const DONE_AND_RELEASE_MANY: &str = "WITH shown AS (
         INSERT INTO boards (table_id, slot, message_id, buttons, retired)
         SELECT * FROM unnest($3::bigint[], $4::bytea[], $5::text[], $6::boolean[], $7::text[])
         ON CONFLICT (table_id, slot) DO UPDATE
         SET message_id = EXCLUDED.message_id, buttons = EXCLUDED.buttons,
             retired = EXCLUDED.retired),
     done AS (
         DELETE FROM outbox o USING unnest($1::bigint[], $2::bigint[]) AS d(t, p)
         WHERE o.table_id = d.t AND o.pos = d.p
         RETURNING o.table_id, o.pos),
     busy AS (
         SELECT DISTINCT o.table_id FROM outbox o
         WHERE o.table_id = ANY($8)
           AND NOT EXISTS (SELECT 1 FROM done WHERE done.table_id = o.table_id
                                                AND done.pos = o.pos)),
     released AS (
         DELETE FROM leases
         WHERE table_id = ANY($8) AND holder = $9
           AND table_id NOT IN (SELECT table_id FROM busy))
     SELECT table_id FROM busy ORDER BY table_id";

/// An entry read as its table, position and effect from column `first` on (of
/// [`OUTBOX_MANY`] or [`LEASE_AND_READ_MANY`]): its table, as stored, and the entry.
fn pending_entry(row: &Row, first: usize) -> (i64, PendingEntry) {
    let (table, pos, json) = (row.get(first), row.get(first + 1), row.get(first + 2));
    (table, PendingEntry { key: codec::outbox_key(table, pos), entry: OutboxEntry { json } })
}

/// The rows of [`LEASE_AND_READ_MANY`]: what it read of tables not granted is dropped.
fn leased_outboxes(rows: &[Row]) -> LeasedOutboxes {
    let part = |n: i32| -> Vec<&Row> { rows.iter().filter(|r| r.get::<_, i32>(0) == n).collect() };
    let granted: Vec<u64> = part(0).iter().map(|r| codec::id_back(r.get(1))).collect();
    let entries = part(1)
        .into_iter()
        .map(|r| pending_entry(r, 1))
        .filter(|(table, _)| granted.contains(&codec::id_back(*table)))
        .map(|(_, entry)| entry)
        .collect();
    let slots = part(2)
        .into_iter()
        .filter_map(|r| {
            let table = codec::id_back(r.get(1));
            let key: [u8; 8] = r.get::<_, Vec<u8>>(4).try_into().ok()?;
            let message = SlotMessage { id: r.get(5), buttons: r.get(6), retired: r.get(7) };
            granted.contains(&table).then_some((table, key, message))
        })
        .collect();
    LeasedOutboxes { granted, entries, slots: Some(slots) }
}

/// The parameters of [`DONE_MANY`] for a list of marks.
struct Marks {
    tables: Vec<i64>,
    positions: Vec<i64>,
    shown_tables: Vec<i64>,
    shown_slots: Vec<Vec<u8>>,
    ids: Vec<String>,
    buttons: Vec<bool>,
    retired: Vec<Option<String>>,
}

impl Marks {
    /// `None` when there is no mark to write.
    fn of(marks: &[(Vec<u8>, Done<'_>)]) -> Option<Marks> {
        let (mut tables, mut positions) = (Vec::new(), Vec::new());
        // What each slot shows now: the last mark's of the slot (one statement cannot write
        // one row twice).
        let mut shown: Vec<(i64, Vec<u8>, SlotMessage)> = Vec::new();
        for (key, done) in marks {
            let Some((table, pos)) = codec::outbox_key_back(key) else { continue };
            tables.push(table);
            positions.push(pos);
            if let Some((table, slot, message)) = done.shown {
                let (table, slot) = (codec::id(table), slot.key().to_vec());
                shown.retain(|(t, s, _)| !(*t == table && *s == slot));
                shown.push((table, slot, message.clone()));
            }
        }
        if tables.is_empty() {
            return None;
        }
        Some(Marks {
            tables,
            positions,
            shown_tables: shown.iter().map(|(t, _, _)| *t).collect(),
            shown_slots: shown.iter().map(|(_, s, _)| s.clone()).collect(),
            ids: shown.iter().map(|(_, _, m)| m.id.clone()).collect(),
            buttons: shown.iter().map(|(_, _, m)| m.buttons).collect(),
            retired: shown.into_iter().map(|(_, _, m)| m.retired).collect(),
        })
    }

    fn params(&self) -> [&(dyn ToSql + Sync); 7] {
        [
            &self.tables,
            &self.positions,
            &self.shown_tables,
            &self.shown_slots,
            &self.ids,
            &self.buttons,
            &self.retired,
        ]
    }
}

impl PgStore {
    pub(crate) fn lease_many(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<Vec<u64>, StoreError> {
        let (tables, holder) = (ids(tables), holder.to_string());
        let (now, until) = (codec::time(now_ms), codec::time(now_ms.saturating_add(ttl_ms)));
        self.reader(move |mut conn| async move {
            let rows = conn.query(LEASE_MANY, &[&tables, &holder, &until, &now]).await?;
            let mut granted: Vec<u64> = rows.iter().map(|r| codec::id_back(r.get(0))).collect();
            granted.sort_unstable();
            Ok(granted)
        })
    }

    /// [`Self::lease_many`], then the pending entries and every slot's message of the tables
    /// granted, in one statement ([`LEASE_AND_READ_MANY`]) on a reader.
    pub(crate) fn lease_and_read_many(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<LeasedOutboxes, StoreError> {
        let (tables, holder) = (ids(tables), holder.to_string());
        let (now, until) = (codec::time(now_ms), codec::time(now_ms.saturating_add(ttl_ms)));
        self.reader(move |mut conn| async move {
            let rows = conn.query(LEASE_AND_READ_MANY, &[&tables, &holder, &until, &now]).await?;
            Ok(leased_outboxes(&rows))
        })
    }

    /// The batch committed with the leases of `tables` taken, and their pending entries and
    /// slots read, inside its transaction just before the commit: one round trip on the writer
    /// (`Writer::commit_with`). The leases then become durable and visible with the entries
    /// they cover, in the commit's one flush of the write-ahead log; taken by a reader, they
    /// would cost a commit of their own. With no batch open, the leases and reads go to a
    /// reader ([`Self::lease_and_read_many`]).
    pub(crate) fn flush_and_read_many(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<Result<LeasedOutboxes, StoreError>, StoreError> {
        let (ids, holder_text) = (ids(tables), holder.to_string());
        let (now, until) = (codec::time(now_ms), codec::time(now_ms.saturating_add(ttl_ms)));
        let committed = self.writer(move |mut w| async move {
            let lease: [&(dyn ToSql + Sync); 4] = [&ids, &holder_text, &until, &now];
            let rows = w.commit_with((LEASE_AND_READ_MANY, &lease)).await?;
            Ok(rows.map(|rows| leased_outboxes(&rows)))
        })?;
        Ok(match committed {
            Some(read) => Ok(read),
            None => self.lease_and_read_many(tables, holder, now_ms, ttl_ms),
        })
    }

    pub(crate) fn outbox_many(&self, tables: &[u64]) -> Result<Vec<PendingEntry>, StoreError> {
        let tables = ids(tables);
        self.reader(move |mut conn| async move {
            let rows = conn.query(OUTBOX_MANY, &[&tables]).await?;
            Ok(rows.iter().map(|row| pending_entry(row, 0).1).collect())
        })
    }

    pub(crate) fn slots_many(
        &self,
        wanted: &[(u64, Slot)],
    ) -> Result<Vec<Option<SlotMessage>>, StoreError> {
        let tables: Vec<i64> = wanted.iter().map(|&(t, _)| codec::id(t)).collect();
        let slots: Vec<Vec<u8>> = wanted.iter().map(|&(_, s)| s.key().to_vec()).collect();
        let count = wanted.len();
        self.reader(move |mut conn| async move {
            let rows = conn
                .query(
                    "SELECT w.n, b.message_id, b.buttons, b.retired
                     FROM unnest($1::bigint[], $2::bytea[]) WITH ORDINALITY AS w(t, s, n)
                     JOIN boards b ON b.table_id = w.t AND b.slot = w.s",
                    &[&tables, &slots],
                )
                .await?;
            let mut shown = vec![None; count];
            for row in rows {
                let n = usize::try_from(row.get::<_, i64>(0) - 1).unwrap_or(usize::MAX);
                if let Some(place) = shown.get_mut(n) {
                    *place = Some(SlotMessage {
                        id: row.get(1),
                        buttons: row.get(2),
                        retired: row.get(3),
                    });
                }
            }
            Ok(shown)
        })
    }

    pub(crate) fn done_many(&self, marks: &[(Vec<u8>, Done<'_>)]) -> Result<(), StoreError> {
        Marks::of(marks).map_or(Ok(()), |marks| self.done_many_of(marks))
    }

    /// [`Self::done_many`], then [`Self::release_many_if_empty`], in one statement
    /// ([`DONE_AND_RELEASE_MANY`]).
    pub(crate) fn finish_many(
        &self,
        marks: &[(Vec<u8>, Done<'_>)],
        tables: &[u64],
        holder: &str,
    ) -> Result<Vec<u64>, StoreError> {
        let Some(marks) = Marks::of(marks) else {
            return self.release_many_if_empty(tables, holder);
        };
        if tables.is_empty() {
            return self.done_many_of(marks).map(|()| Vec::new());
        }
        let (tables, holder) = (ids(tables), holder.to_string());
        self.reader(move |mut conn| async move {
            let [t, p, st, ss, i, b, r] = marks.params();
            let params: [&(dyn ToSql + Sync); 9] = [t, p, st, ss, i, b, r, &tables, &holder];
            let busy = conn.query(DONE_AND_RELEASE_MANY, &params).await?;
            Ok(busy.iter().map(|r| codec::id_back(r.get(0))).collect())
        })
    }

    fn done_many_of(&self, marks: Marks) -> Result<(), StoreError> {
        self.reader(move |mut conn| async move {
            conn.execute(DONE_MANY, &marks.params()).await.map(drop)
        })
    }

    pub(crate) fn release_many_if_empty(
        &self,
        tables: &[u64],
        holder: &str,
    ) -> Result<Vec<u64>, StoreError> {
        let (tables, holder) = (ids(tables), holder.to_string());
        self.reader(move |mut conn| async move {
            let rows = conn.query(RELEASE_MANY_IF_EMPTY, &[&tables, &holder]).await?;
            Ok(rows.iter().map(|r| codec::id_back(r.get(0))).collect())
        })
    }
}
