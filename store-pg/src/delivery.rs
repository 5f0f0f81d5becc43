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

/// A row of [`OUTBOX_MANY`]: its table, as stored, and the entry.
fn pending_entry(row: &tokio_postgres::Row) -> (i64, PendingEntry) {
    let (table, pos, json) = (row.get(0), row.get(1), row.get(2));
    (table, PendingEntry { key: codec::outbox_key(table, pos), entry: OutboxEntry { json } })
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
    /// asked for, in one round trip: the three statements are pipelined, so the reads run
    /// after the leases committed, and what they found of tables not granted is dropped.
    pub(crate) fn lease_and_read_many(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<LeasedOutboxes, StoreError> {
        let (tables, holder) = (ids(tables), holder.to_string());
        let (now, until) = (codec::time(now_ms), codec::time(now_ms.saturating_add(ttl_ms)));
        let [leased, entries, slots] = self.reader(move |mut conn| async move {
            conn.query_pipelined([
                (LEASE_MANY, &[&tables, &holder, &until, &now]),
                (OUTBOX_MANY, &[&tables]),
                (
                    "SELECT table_id, slot, message_id, buttons, retired FROM boards
                     WHERE table_id = ANY($1)",
                    &[&tables],
                ),
            ])
            .await
        })?;
        let mut granted: Vec<u64> = leased.iter().map(|r| codec::id_back(r.get(0))).collect();
        granted.sort_unstable();
        let entries = entries
            .iter()
            .map(pending_entry)
            .filter(|entry| granted.contains(&codec::id_back(entry.0)))
            .map(|(_, entry)| entry)
            .collect();
        let slots = slots
            .iter()
            .filter_map(|r| {
                let table = codec::id_back(r.get(0));
                let key: [u8; 8] = r.get::<_, Vec<u8>>(1).try_into().ok()?;
                let message = SlotMessage { id: r.get(2), buttons: r.get(3), retired: r.get(4) };
                granted.contains(&table).then_some((table, key, message))
            })
            .collect();
        Ok(LeasedOutboxes { granted, entries, slots: Some(slots) })
    }

    pub(crate) fn outbox_many(&self, tables: &[u64]) -> Result<Vec<PendingEntry>, StoreError> {
        let tables = ids(tables);
        self.reader(move |mut conn| async move {
            let rows = conn.query(OUTBOX_MANY, &[&tables]).await?;
            Ok(rows.iter().map(|row| pending_entry(row).1).collect())
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
            return Ok(());
        }
        let shown_tables: Vec<i64> = shown.iter().map(|(t, _, _)| *t).collect();
        let shown_slots: Vec<Vec<u8>> = shown.iter().map(|(_, s, _)| s.clone()).collect();
        let ids: Vec<String> = shown.iter().map(|(_, _, m)| m.id.clone()).collect();
        let buttons: Vec<bool> = shown.iter().map(|(_, _, m)| m.buttons).collect();
        let retired: Vec<Option<String>> =
            shown.iter().map(|(_, _, m)| m.retired.clone()).collect();
        self.reader(move |mut conn| async move {
            conn.execute(
                "WITH shown AS (
                     INSERT INTO boards (table_id, slot, message_id, buttons, retired)
                     SELECT * FROM unnest($3::bigint[], $4::bytea[], $5::text[], $6::boolean[],
                                          $7::text[])
                     ON CONFLICT (table_id, slot) DO UPDATE
                     SET message_id = EXCLUDED.message_id, buttons = EXCLUDED.buttons,
                         retired = EXCLUDED.retired)
                 DELETE FROM outbox o USING unnest($1::bigint[], $2::bigint[]) AS d(t, p)
                 WHERE o.table_id = d.t AND o.pos = d.p",
                &[&tables, &positions, &shown_tables, &shown_slots, &ids, &buttons, &retired],
            )
            .await
            .map(drop)
        })
    }

    pub(crate) fn release_many_if_empty(
        &self,
        tables: &[u64],
        holder: &str,
    ) -> Result<Vec<u64>, StoreError> {
        let (tables, holder) = (ids(tables), holder.to_string());
        self.reader(move |mut conn| async move {
            let rows = conn
                .query(
                    "WITH busy AS (
                         SELECT DISTINCT table_id FROM outbox WHERE table_id = ANY($1)),
                     released AS (
                         DELETE FROM leases
                         WHERE table_id = ANY($1) AND holder = $2
                           AND table_id NOT IN (SELECT table_id FROM busy))
                     SELECT table_id FROM busy ORDER BY table_id",
                    &[&tables, &holder],
                )
                .await?;
            Ok(rows.iter().map(|r| codec::id_back(r.get(0))).collect())
        })
    }
}
