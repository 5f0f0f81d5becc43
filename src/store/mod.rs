//! Durable storage of tables in sled, behind a small [`Store`] trait.
//!
//! One sled database holds a few trees: `tables` (id → sequence number + record), `log`
//! (table + index → one action-log entry, appended with each save), and the
//! indexes `chats` (chat → its active table), `user_tables` (user + table), `messages` (a board
//! message → its table), `boards` (a table's slot → its message, and whether that has
//! buttons) and `unfinished` (tables to resume on start), plus `prefs` (language choices),
//! `quarantine` (records that could not be read, set aside with the reason) and `taken` (the
//! platform updates handled lately, so one delivered twice is handled once).
//!
//! A save is atomic over the record and its indexes, and a compare-and-swap on the sequence
//! number: the caller says which number it read, and the save fails with
//! [`StoreError::Conflict`] if another writer got there first. That, not an in-process lock, is
//! what makes racing presses safe. Durability is a separate [`Store::flush`], so a caller can
//! commit many moves and make them durable together (group commit): saves are staged in memory
//! ([`staged`]) and the flush writes them in one sled transaction, then flushes sled.
//!
//! The store speaks its own record types ([`entries`]): an outbox entry is JSON text the
//! engine serialised, kept byte for byte and never read here; slots and their messages are
//! plain data. No backend knows the conversation engine (`app`, `outbox`): the engine reaches
//! storage through [`Store`] alone (`store-pg/tests/layering.rs` holds every backend to it).

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

pub mod backup;
mod entries;
pub mod records;
pub mod restore;
mod staged;
pub mod version;

pub use entries::{Done, LeasedOutboxes, OutboxEntry, PendingEntry, Slot, SlotMessage};
use staged::{Kind, Staged};

use crate::table::{ChatId, LogEntry, Platform, Table, UserId};

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the table changed meanwhile")]
    Conflict,
    #[error("table {id} could not be read and was set aside: {reason}")]
    Corrupt { id: u64, reason: String },
    #[error("storage failure: {0}")]
    Sled(#[from] sled::Error),
    /// A failure of another backend (a database server's error, a lost connection), as text:
    /// the core names no backend's error type but sled's.
    #[error("storage failure: {0}")]
    Backend(String),
    /// A bug was caught while handling an input; nothing was saved.
    #[error("internal error")]
    Internal,
    /// The store holds records newer than this build reads ([`version`]).
    #[error(
        "the data was written by {writer} with record version {schema}; this build reads up to version {}: run that version or a newer one",
        crate::table::SCHEMA_VERSION
    )]
    Newer { schema: u32, writer: String },
    /// A backup could not be written or read ([`backup`]).
    #[error("backup: {0}")]
    Backup(String),
}

/// The storage the conversation engine needs.
pub trait Store: std::fmt::Debug {
    /// A fresh, never reused table id.
    fn new_table_id(&self) -> Result<u64, StoreError>;
    /// Loads a table. An unreadable record is moved to quarantine and reported as
    /// [`StoreError::Corrupt`]; its indexes are cleared so the chat can start a new game.
    fn load(&self, id: u64) -> Result<Option<Table>, StoreError>;
    /// Saves a table if its stored sequence number is still `read_seq` (`None`: a new table),
    /// and appends `outbox` to the table's outbox, in the same transaction.
    fn save(
        &self,
        table: &Table,
        read_seq: Option<u64>,
        outbox: &[OutboxEntry],
    ) -> Result<(), StoreError>;
    /// Appends to a table's outbox without changing the table (`/board` shows it again).
    fn enqueue(&self, table: u64, outbox: &[OutboxEntry]) -> Result<(), StoreError>;
    /// The table's pending outbox entries that are durable (flushed), in order, as written.
    fn outbox(&self, table: u64) -> Result<Vec<PendingEntry>, StoreError>;
    /// The tables with pending outbox entries (to deliver after a restart).
    fn outbox_tables(&self) -> Result<Vec<u64>, StoreError>;
    /// Marks the entry `key` delivered and, when it changed what a slot's message is (a new
    /// message, or one whose buttons came or went), records that — one write each. The mark of
    /// an entry that put a new message in the chat (`done.sent`) is flushed; any other waits
    /// for the next flush. A key no entry has is nothing to mark.
    fn outbox_done(&self, key: &[u8], done: Done<'_>) -> Result<(), StoreError>;
    /// The message a table's slot shows, once one was delivered, and whether it has buttons.
    fn slot_shown(&self, table: u64, slot: Slot) -> Result<Option<SlotMessage>, StoreError>;
    /// The platform id of the message a table's slot shows, once one was delivered.
    fn slot_message(&self, table: u64, slot: Slot) -> Result<Option<String>, StoreError> {
        Ok(self.slot_shown(table, slot)?.map(|shown| shown.id))
    }
    /// Remembers that a user cannot be written to privately (or, `false`, that they can).
    fn set_unreachable(&self, platform: Platform, user: &str, yes: bool) -> Result<(), StoreError>;
    fn is_unreachable(&self, platform: Platform, user: &str) -> Result<bool, StoreError>;
    /// The whole action log of a table, in order.
    fn log(&self, id: u64) -> Result<Vec<LogEntry>, StoreError>;
    /// The chat's active (unfinished) table.
    fn chat_table(&self, chat: &ChatId) -> Result<Option<u64>, StoreError>;
    /// The unfinished tables `user` sits at.
    fn user_tables(&self, user: &UserId) -> Result<Vec<u64>, StoreError>;
    /// The unfinished tables of `chat` on `platform`, in every thread (a forum's topics). The
    /// default reads every unfinished table; a backend with an index of chats answers from it.
    fn chat_tables(&self, platform: Platform, chat: &str) -> Result<Vec<u64>, StoreError> {
        let mut ids = Vec::new();
        for id in self.unfinished()? {
            if let Ok(Some(table)) = self.load(id)
                && table.chat.platform == platform
                && table.chat.chat == chat
                && !table.status.is_over()
            {
                ids.push(id);
            }
        }
        Ok(ids)
    }
    /// Every unfinished table, to resume after a restart.
    fn unfinished(&self) -> Result<Vec<u64>, StoreError>;
    /// Tables whose turn clock is due at `now` or earlier, soonest first, at most `limit`:
    /// read from an index, so the cost does not grow with the idle tables.
    fn due_tables(
        &self,
        platform: Platform,
        now: u64,
        limit: usize,
    ) -> Result<Vec<u64>, StoreError>;
    /// [`Store::due_tables`], claimed: the tables returned are `holder`'s (a process's name)
    /// to handle at their current sequence number until `now_ms + ttl_ms`, and no other holder
    /// gets them meanwhile — unless the table has changed since (a claim holds one state of the
    /// table: once it is saved again, the claim is moot). So when several processes share the
    /// store, each deadline, reminder and computer turn is handled by one of them, and a
    /// stopped process's claims run out.
    ///
    /// The default is [`Store::due_tables`]: right for a store one process opens.
    fn claim_due(
        &self,
        platform: Platform,
        now: u64,
        limit: usize,
        claim: &Claim<'_>,
    ) -> Result<Vec<u64>, StoreError> {
        let _ = claim;
        self.due_tables(platform, now, limit)
    }
    /// Claims the clock of `table` at sequence number `seq` for `claim.holder` (a computer's
    /// turn handed out as a move is saved): true when it is now the holder's — unclaimed, its
    /// claim run out or on an older state, or already the holder's. The default grants it.
    fn claim_clock(&self, table: u64, seq: u64, claim: &Claim<'_>) -> Result<bool, StoreError> {
        let _ = (table, seq, claim);
        Ok(true)
    }
    fn pref(&self, key: &str) -> Result<Option<String>, StoreError>;
    fn set_pref(&self, key: &str, value: &str) -> Result<(), StoreError>;
    /// Every preference whose key starts with `prefix`, in key order (a chat's finished games,
    /// [`crate::history`]), as this process's writes left them.
    fn prefs_with_prefix(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError>;
    /// Writes a preference that belongs to the saves staged since the last flush: it becomes
    /// durable with them, in the same commit, or is lost with them (a finished game's history
    /// record, which must not outlive the move that ended the game). The default is
    /// [`Store::set_pref`], for a backend whose preferences already join the open batch.
    fn stage_pref(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.set_pref(key, value)
    }
    /// A preference several processes keep together and must each see as it is now (a
    /// Telegram group's pace journal): read from what is stored, never from a cache. The
    /// default is [`Store::pref`] (one process sees its own writes at once).
    fn shared_pref(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.pref(key)
    }
    /// Writes a shared preference ([`Store::shared_pref`]) on its own, seen by every process at
    /// once — not in the open batch, whose commit may come later. The default is
    /// [`Store::set_pref`].
    fn set_shared_pref(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.set_pref(key, value)
    }
    /// Makes everything saved so far durable.
    fn flush(&self) -> Result<(), StoreError>;
    /// Ids and reasons of the records set aside.
    fn quarantined(&self) -> Result<Vec<(u64, String)>, StoreError>;
    /// Whether the platform update `key` (e.g. `tg:<update_id>`) was taken before and not
    /// forgotten since: a platform that delivers an update again gets it handled once.
    fn was_taken(&self, key: &str) -> Result<bool, StoreError>;
    /// Records that the update `key` was taken at `now`, in the next flush's commit together
    /// with what handling it saved: a crash keeps both or neither.
    fn mark_taken(&self, key: &str, now: u64) -> Result<(), StoreError>;
    /// Forgets the updates taken before `before` (a platform resends for a day at most), and
    /// says how many.
    fn forget_taken(&self, before: u64) -> Result<usize, StoreError>;
    /// Writes a consistent backup of everything stored to `out` ([`backup`]), while the bot
    /// runs. A backend with its own tools for it (a database's dump) may say it has none.
    fn backup(&self, out: &mut dyn std::io::Write) -> Result<backup::Summary, StoreError> {
        let _ = out;
        Err(StoreError::Backup("this store has no backup of its own; use its own tools".into()))
    }
    /// Takes the lease on delivering `table`'s outbox for `holder` (a process's name) until
    /// `now_ms + ttl_ms`: true when `holder` now holds it — it was free, had expired (its end
    /// at or before `now_ms`), or was already its own (then renewed). While one holder has it
    /// no other delivers the table, so several processes sharing one store never send an
    /// entry twice nor out of order.
    ///
    /// The default always grants it: right for a store only one process opens (sled locks its
    /// folder), so [`SledStore`] and the wrappers of it keep the default. A store that several
    /// processes share (`igroteka-store-pg`) must implement it.
    fn lease_outbox(
        &self,
        table: u64,
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<bool, StoreError> {
        let _ = (table, holder, now_ms, ttl_ms);
        Ok(true)
    }
    /// Whether other processes may share this store (and so deliver, tick clocks and take
    /// updates beside this one): the adapters then renew their delivery leases while a pass
    /// runs and look now and then for outboxes a stopped process left behind.
    fn shared(&self) -> bool {
        false
    }
    /// Gives up `holder`'s lease on `table`'s outbox (nothing when another holds it). The
    /// default does nothing, as [`Store::lease_outbox`]'s grants everything.
    fn release_outbox(&self, table: u64, holder: &str) -> Result<(), StoreError> {
        let _ = (table, holder);
        Ok(())
    }
    /// What the store takes on disk, in bytes (the owner's `/botstats`); `None` where the backend
    /// cannot say.
    fn size_on_disk(&self) -> Result<Option<u64>, StoreError> {
        Ok(None)
    }

    /// `count` fresh ids at once, ascending ([`Store::new_table_id`] each): for a caller that
    /// needs many (the local platform's message ids over a shared store).
    fn new_table_ids(&self, count: usize) -> Result<Vec<u64>, StoreError> {
        (0..count).map(|_| self.new_table_id()).collect()
    }

    /// Tells the store that a batch about to be handled will load and save `tables`, so it can
    /// read them all at once. Only a hint: [`Store::load`] and [`Store::save`] behave as
    /// without it, and an error only means that nothing was read ahead. The default does
    /// nothing; a store where each load is a round trip (`igroteka-store-pg`) reads the records
    /// in one statement and holds their rows until the batch's flush, which lets its saves of
    /// them go without waiting for their answer.
    fn prefetch(&self, tables: &[u64]) -> Result<(), StoreError> {
        let _ = tables;
        Ok(())
    }

    // Delivery over many tables at once (`outbox::read_all`, `outbox::Reading::deliver`):
    // each call does for every table what the single one does for one. The defaults make the
    // single calls; a store where each call is a round trip (`igroteka-store-pg`) makes one
    // statement of each.

    /// [`Store::lease_outboxes`], then [`Store::outboxes`] of the tables granted — read after
    /// the leases were taken — and, where the backend reads them in the same go, what every
    /// slot of those tables shows ([`LeasedOutboxes::slots`]; else the caller asks
    /// [`Store::slots_shown`]). A store where each call is a round trip makes it one.
    fn lease_and_read_outboxes(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<LeasedOutboxes, StoreError> {
        let granted = self.lease_outboxes(tables, holder, now_ms, ttl_ms)?;
        let entries = self.outboxes(&granted)?;
        Ok(LeasedOutboxes { granted, entries, slots: None })
    }

    /// [`Store::flush`], then — only once it succeeded — [`Store::lease_and_read_outboxes`]
    /// of `tables`: how a batch ends when its engine delivers its tables itself (script mode,
    /// the local platform). The outer error is the flush's: nothing of the batch is durable.
    /// The inner one is the read's: the batch is durable, and its tables' outboxes wait for
    /// a later delivery. A store where each call is a round trip makes it one:
    /// `igroteka-store-pg` takes the leases inside the batch's transaction and reads the
    /// outboxes behind its commit.
    fn flush_and_read_outboxes(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<Result<LeasedOutboxes, StoreError>, StoreError> {
        self.flush()?;
        Ok(self.lease_and_read_outboxes(tables, holder, now_ms, ttl_ms))
    }

    /// [`Store::lease_outbox`] for each of `tables`: those now `holder`'s.
    fn lease_outboxes(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<Vec<u64>, StoreError> {
        let mut granted = Vec::with_capacity(tables.len());
        for &table in tables {
            if self.lease_outbox(table, holder, now_ms, ttl_ms)? {
                granted.push(table);
            }
        }
        Ok(granted)
    }
    /// [`Store::outbox`] of each of `tables`, in ascending table order (each entry's key
    /// names its table).
    fn outboxes(&self, tables: &[u64]) -> Result<Vec<PendingEntry>, StoreError> {
        let mut ids = tables.to_vec();
        ids.sort_unstable();
        ids.dedup();
        let mut pending = Vec::new();
        for table in ids {
            pending.extend(self.outbox(table)?);
        }
        Ok(pending)
    }
    /// [`Store::slot_shown`] of each `(table, slot)`, in the same order.
    fn slots_shown(&self, wanted: &[(u64, Slot)]) -> Result<Vec<Option<SlotMessage>>, StoreError> {
        wanted.iter().map(|&(table, slot)| self.slot_shown(table, slot)).collect()
    }
    /// [`Store::outbox_done`] of each entry, in order; the marks of entries that sent a new
    /// message (`done.sent`) are durable when it returns — a store may make them so with one
    /// write for all.
    fn outbox_done_all(&self, marks: &[(Vec<u8>, Done<'_>)]) -> Result<(), StoreError> {
        for (key, done) in marks {
            self.outbox_done(key, *done)?;
        }
        Ok(())
    }
    /// [`Store::release_outbox`] of each of `tables` whose outbox is empty; returns those with
    /// entries pending, whose lease `holder` keeps.
    fn release_outboxes_if_empty(
        &self,
        tables: &[u64],
        holder: &str,
    ) -> Result<Vec<u64>, StoreError> {
        let mut busy = Vec::new();
        for &table in tables {
            if self.outbox(table)?.is_empty() {
                self.release_outbox(table, holder)?;
            } else {
                busy.push(table);
            }
        }
        Ok(busy)
    }
    /// [`Store::outbox_done_all`] of `marks`, then — once they are written —
    /// [`Store::release_outboxes_if_empty`] of `tables`: how a delivery over many tables ends.
    /// A store where each call is a round trip makes it one.
    fn finish_outboxes(
        &self,
        marks: &[(Vec<u8>, Done<'_>)],
        tables: &[u64],
        holder: &str,
    ) -> Result<Vec<u64>, StoreError> {
        self.outbox_done_all(marks)?;
        self.release_outboxes_if_empty(tables, holder)
    }
}

/// Who claims a table's clock, and for how long (wall-clock milliseconds since the Unix
/// epoch, the clock processes sharing a store agree on): [`Store::claim_due`],
/// [`Store::claim_clock`].
#[derive(Debug, Clone, Copy)]
pub struct Claim<'a> {
    pub holder: &'a str,
    pub now_ms: u64,
    pub ttl_ms: u64,
}

/// A store shared by the engine and the deliverers, whichever backend is behind it (sled in
/// one process, or a database shared by several): the bots hold this, not a concrete store.
pub type SharedStore = Arc<dyn Store + Send + Sync>;

/// A shared store is a store: every call goes to the one behind it.
impl<T: Store + ?Sized> Store for Arc<T> {
    fn new_table_id(&self) -> Result<u64, StoreError> {
        (**self).new_table_id()
    }

    fn load(&self, id: u64) -> Result<Option<Table>, StoreError> {
        (**self).load(id)
    }

    fn prefetch(&self, tables: &[u64]) -> Result<(), StoreError> {
        (**self).prefetch(tables)
    }

    fn save(
        &self,
        table: &Table,
        read_seq: Option<u64>,
        outbox: &[OutboxEntry],
    ) -> Result<(), StoreError> {
        (**self).save(table, read_seq, outbox)
    }

    fn enqueue(&self, table: u64, outbox: &[OutboxEntry]) -> Result<(), StoreError> {
        (**self).enqueue(table, outbox)
    }

    fn outbox(&self, table: u64) -> Result<Vec<PendingEntry>, StoreError> {
        (**self).outbox(table)
    }

    fn outbox_tables(&self) -> Result<Vec<u64>, StoreError> {
        (**self).outbox_tables()
    }

    fn outbox_done(&self, key: &[u8], done: Done<'_>) -> Result<(), StoreError> {
        (**self).outbox_done(key, done)
    }

    fn slot_shown(&self, table: u64, slot: Slot) -> Result<Option<SlotMessage>, StoreError> {
        (**self).slot_shown(table, slot)
    }

    fn slot_message(&self, table: u64, slot: Slot) -> Result<Option<String>, StoreError> {
        (**self).slot_message(table, slot)
    }

    fn set_unreachable(&self, platform: Platform, user: &str, yes: bool) -> Result<(), StoreError> {
        (**self).set_unreachable(platform, user, yes)
    }

    fn is_unreachable(&self, platform: Platform, user: &str) -> Result<bool, StoreError> {
        (**self).is_unreachable(platform, user)
    }

    fn log(&self, id: u64) -> Result<Vec<LogEntry>, StoreError> {
        (**self).log(id)
    }

    fn chat_table(&self, chat: &ChatId) -> Result<Option<u64>, StoreError> {
        (**self).chat_table(chat)
    }

    fn user_tables(&self, user: &UserId) -> Result<Vec<u64>, StoreError> {
        (**self).user_tables(user)
    }

    fn chat_tables(&self, platform: Platform, chat: &str) -> Result<Vec<u64>, StoreError> {
        (**self).chat_tables(platform, chat)
    }

    fn unfinished(&self) -> Result<Vec<u64>, StoreError> {
        (**self).unfinished()
    }

    fn due_tables(
        &self,
        platform: Platform,
        now: u64,
        limit: usize,
    ) -> Result<Vec<u64>, StoreError> {
        (**self).due_tables(platform, now, limit)
    }

    fn claim_due(
        &self,
        platform: Platform,
        now: u64,
        limit: usize,
        claim: &Claim<'_>,
    ) -> Result<Vec<u64>, StoreError> {
        (**self).claim_due(platform, now, limit, claim)
    }

    fn claim_clock(&self, table: u64, seq: u64, claim: &Claim<'_>) -> Result<bool, StoreError> {
        (**self).claim_clock(table, seq, claim)
    }

    fn pref(&self, key: &str) -> Result<Option<String>, StoreError> {
        (**self).pref(key)
    }

    fn set_pref(&self, key: &str, value: &str) -> Result<(), StoreError> {
        (**self).set_pref(key, value)
    }

    fn prefs_with_prefix(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError> {
        (**self).prefs_with_prefix(prefix)
    }

    fn stage_pref(&self, key: &str, value: &str) -> Result<(), StoreError> {
        (**self).stage_pref(key, value)
    }

    fn shared_pref(&self, key: &str) -> Result<Option<String>, StoreError> {
        (**self).shared_pref(key)
    }

    fn set_shared_pref(&self, key: &str, value: &str) -> Result<(), StoreError> {
        (**self).set_shared_pref(key, value)
    }

    fn flush(&self) -> Result<(), StoreError> {
        (**self).flush()
    }

    fn quarantined(&self) -> Result<Vec<(u64, String)>, StoreError> {
        (**self).quarantined()
    }

    fn was_taken(&self, key: &str) -> Result<bool, StoreError> {
        (**self).was_taken(key)
    }

    fn mark_taken(&self, key: &str, now: u64) -> Result<(), StoreError> {
        (**self).mark_taken(key, now)
    }

    fn forget_taken(&self, before: u64) -> Result<usize, StoreError> {
        (**self).forget_taken(before)
    }

    fn backup(&self, out: &mut dyn std::io::Write) -> Result<backup::Summary, StoreError> {
        (**self).backup(out)
    }

    fn lease_outbox(
        &self,
        table: u64,
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<bool, StoreError> {
        (**self).lease_outbox(table, holder, now_ms, ttl_ms)
    }

    fn shared(&self) -> bool {
        (**self).shared()
    }

    fn release_outbox(&self, table: u64, holder: &str) -> Result<(), StoreError> {
        (**self).release_outbox(table, holder)
    }

    fn size_on_disk(&self) -> Result<Option<u64>, StoreError> {
        (**self).size_on_disk()
    }

    fn new_table_ids(&self, count: usize) -> Result<Vec<u64>, StoreError> {
        (**self).new_table_ids(count)
    }

    fn lease_outboxes(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<Vec<u64>, StoreError> {
        (**self).lease_outboxes(tables, holder, now_ms, ttl_ms)
    }

    fn lease_and_read_outboxes(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<LeasedOutboxes, StoreError> {
        (**self).lease_and_read_outboxes(tables, holder, now_ms, ttl_ms)
    }

    fn outboxes(&self, tables: &[u64]) -> Result<Vec<PendingEntry>, StoreError> {
        (**self).outboxes(tables)
    }

    fn slots_shown(&self, wanted: &[(u64, Slot)]) -> Result<Vec<Option<SlotMessage>>, StoreError> {
        (**self).slots_shown(wanted)
    }

    fn outbox_done_all(&self, marks: &[(Vec<u8>, Done<'_>)]) -> Result<(), StoreError> {
        (**self).outbox_done_all(marks)
    }

    fn release_outboxes_if_empty(
        &self,
        tables: &[u64],
        holder: &str,
    ) -> Result<Vec<u64>, StoreError> {
        (**self).release_outboxes_if_empty(tables, holder)
    }

    fn flush_and_read_outboxes(
        &self,
        tables: &[u64],
        holder: &str,
        now_ms: u64,
        ttl_ms: u64,
    ) -> Result<Result<LeasedOutboxes, StoreError>, StoreError> {
        (**self).flush_and_read_outboxes(tables, holder, now_ms, ttl_ms)
    }

    fn finish_outboxes(
        &self,
        marks: &[(Vec<u8>, Done<'_>)],
        tables: &[u64],
        holder: &str,
    ) -> Result<Vec<u64>, StoreError> {
        (**self).finish_outboxes(marks, tables, holder)
    }
}

/// The sled store.
#[derive(Debug, Clone)]
pub struct SledStore {
    db: sled::Db,
    tables: sled::Tree,
    chats: sled::Tree,
    boards: sled::Tree,
    outbox: sled::Tree,
    unfinished: sled::Tree,
    prefs: sled::Tree,
    quarantine: sled::Tree,
    /// The newest outbox position handed out, and the newest one known durable: entries
    /// past the second are not delivered before the flush that covers them.
    issued: Arc<AtomicU64>,
    durable: Arc<AtomicU64>,
    /// Positions handed out whose write has not ended yet (committed or failed): a flush
    /// vouches only for positions below the oldest of them, so a flush made by another thread
    /// (a deliverer, a second engine on the same store) never makes an entry deliverable that
    /// was written after it.
    writing: Arc<Mutex<BTreeSet<u64>>>,
    /// Saves since the last flush, committed by it in one transaction ([`staged`]).
    staged: Arc<Mutex<Staged>>,
}

/// Default cap of sled's page cache.
pub const DEFAULT_CACHE_BYTES: u64 = 32 * 1024 * 1024;

impl SledStore {
    /// Opens (or creates) the database in `dir`, with sled's cache capped at `cache_bytes`.
    ///
    /// A new folder is compressed (zstd, inside sled). sled refuses to open a folder with
    /// other storage parameters than it was created with, so a folder created before keeps
    /// its own setting (uncompressed).
    pub fn open(dir: &Path, cache_bytes: u64) -> Result<SledStore, StoreError> {
        let store = Self::with_db(Self::open_db(dir, cache_bytes)?)?;
        version::check_and_stamp(&store)?;
        Ok(store)
    }

    /// Opens an existing data folder to read it, leaving its version stamp as it is (a folder
    /// written by a newer build is refused all the same): `igroteka migrate` copies a folder
    /// that must stay as it was, so that the bot can go back to it.
    pub fn open_as_is(dir: &Path, cache_bytes: u64) -> Result<SledStore, StoreError> {
        if !dir.join("db").exists() {
            return Err(StoreError::Backup(format!("{} holds no data folder", dir.display())));
        }
        let store = Self::with_db(Self::open_db(dir, cache_bytes)?)?;
        version::check(&store)?;
        Ok(store)
    }

    /// The sled database in `dir`, created if missing.
    fn open_db(dir: &Path, cache_bytes: u64) -> Result<sled::Db, StoreError> {
        /// How often sled's background thread wakes to write out pending buffers, clean
        /// segments of old versions and fsync (docs/storage.md).
        const CLEAN_EVERY_MS: u64 = 100;
        /// zstd's own default level.
        const ZSTD_LEVEL: i32 = 3;
        /// How the existing folder was created (`None`: no folder yet).
        fn compressed(dir: &Path) -> Option<bool> {
            let conf = std::fs::read(dir.join("conf")).ok()?;
            let conf = String::from_utf8_lossy(&conf);
            conf.lines().find_map(|line| line.strip_prefix("use_compression: ")?.parse().ok())
        }
        // Durability stays explicit (`flush` before effects are returned), but sled's timer
        // thread must run: it is the only place sled 0.34 reclaims the space of old versions
        // (segment cleaning). Without it a folder held ~14 KB per table after five moves and
        // ~50 KB after twenty (docs/performance-journal.md, "Disk per stored table").
        let config = sled::Config::new()
            .path(dir)
            .cache_capacity(cache_bytes)
            .flush_every_ms(Some(CLEAN_EVERY_MS))
            .use_compression(compressed(dir).unwrap_or(true))
            .compression_factor(ZSTD_LEVEL);
        // sled's threads let go of the folder's lock a moment after its last handle is dropped
        // (or its process ends): wait up to a second for it.
        let mut tries = 0;
        let db = loop {
            match config.open() {
                Err(sled::Error::Io(e))
                    if tries < 100 && e.to_string().contains("could not acquire lock") =>
                {
                    tries += 1;
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                opened => break opened?,
            }
        };
        Ok(db)
    }

    /// A store that lives only as long as the value (tests, simulations).
    pub fn temporary() -> Result<SledStore, StoreError> {
        Self::with_db(sled::Config::new().temporary(true).open()?)
    }

    fn with_db(db: sled::Db) -> Result<SledStore, StoreError> {
        // Everything found on disk is durable; ids handed out from now on are larger.
        let start = db.generate_id()?;
        let tables = db.open_tree("tables")?;
        let chats = db.open_tree("chats")?;
        let user_tables = db.open_tree("user_tables")?;
        let unfinished = db.open_tree("unfinished")?;
        let log = db.open_tree("log")?;
        let outbox = db.open_tree("outbox")?;
        let due = db.open_tree("due")?;
        let taken = db.open_tree("taken")?;
        let staged = Staged::new([
            tables.clone(),
            chats.clone(),
            user_tables,
            unfinished.clone(),
            log,
            outbox.clone(),
            due,
            taken,
            db.open_tree("prefs")?,
        ]);
        Ok(SledStore {
            issued: Arc::new(AtomicU64::new(start)),
            durable: Arc::new(AtomicU64::new(start)),
            writing: Arc::default(),
            staged: Arc::new(Mutex::new(staged)),
            outbox,
            tables,
            chats,
            boards: db.open_tree("boards")?,
            unfinished,
            prefs: db.open_tree("prefs")?,
            quarantine: db.open_tree("quarantine")?,
            db,
        })
    }

    /// Writes raw bytes as a table record (tests use it to plant a corrupt record).
    #[doc(hidden)]
    pub fn put_raw(&self, id: u64, bytes: &[u8]) -> Result<(), StoreError> {
        self.staged().commit()?;
        let mut value = [0u8; HEADER].to_vec();
        value.extend_from_slice(bytes);
        self.tables.insert(id.to_be_bytes(), value)?;
        self.unfinished.insert(id.to_be_bytes(), &[])?;
        Ok(())
    }

    /// Points a chat at a table id (tests use it with [`SledStore::put_raw`]).
    #[doc(hidden)]
    pub fn put_chat_index(&self, chat: &ChatId, id: u64) -> Result<(), StoreError> {
        self.staged().commit()?;
        self.chats.insert(chat.key(), &id.to_be_bytes())?;
        Ok(())
    }

    /// Sets a record aside. Rare, so it commits what is staged and writes sled directly.
    fn quarantine_record(&self, id: u64, raw: &[u8], reason: &str) -> Result<(), StoreError> {
        self.staged().commit()?;
        let mut entry = reason.as_bytes().to_vec();
        entry.push(0);
        entry.extend_from_slice(raw);
        self.quarantine.insert(id.to_be_bytes(), entry)?;
        self.tables.remove(id.to_be_bytes())?;
        self.unfinished.remove(id.to_be_bytes())?;
        let key = id.to_be_bytes();
        for item in self.chats.iter() {
            let (chat, table) = item?;
            if table.as_ref() == key {
                self.chats.remove(chat)?;
            }
        }
        Ok(())
    }
}

/// A record is stored behind a header: the sequence number (for the compare-and-swap) and a
/// fingerprint of what the indexes depend on (to skip rewriting them when nothing changed).
const HEADER: usize = 16;

fn index_fingerprint(table: &Table) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (table.status.is_over(), table.chat.key()).hash(&mut hasher);
    for player in &table.players {
        player.user.key().hash(&mut hasher);
    }
    // Zero marks "never indexed" (put_raw), so a real fingerprint is never zero.
    hasher.finish() | 1
}

/// Keeps the clock index in step with a table's next due time: `d` + platform + time + id for
/// a tick's range scan (each platform's adapter ticks for its own tables), `t` + id → time to
/// find the old entry when the time changes.
fn index_due(
    staged: &mut Staged,
    id: u64,
    platform: Platform,
    due: Option<u64>,
) -> Result<(), StoreError> {
    let mut of = vec![b't'];
    of.extend_from_slice(&id.to_be_bytes());
    let old = staged.get(Kind::Due, &of)?.as_deref().and_then(id_from);
    if old == due {
        return Ok(());
    }
    if let Some(old) = old {
        staged.remove(Kind::Due, due_key(platform, old, id));
    }
    match due {
        Some(at) => {
            staged.insert(Kind::Due, due_key(platform, at, id), []);
            staged.insert(Kind::Due, of, at.to_be_bytes());
        }
        None => staged.remove(Kind::Due, of),
    }
    Ok(())
}

/// `d`, the platform's tag, time, id: 1 + 2 + 8 + 8 bytes.
fn due_key(platform: Platform, at: u64, id: u64) -> Vec<u8> {
    let mut key = vec![b'd'];
    key.extend_from_slice(platform.tag().as_bytes());
    key.extend_from_slice(&at.to_be_bytes());
    key.extend_from_slice(&id.to_be_bytes());
    key
}

fn id_from(bytes: &[u8]) -> Option<u64> {
    bytes.get(..8)?.try_into().ok().map(u64::from_be_bytes)
}

fn user_table_key(user: &UserId, id: u64) -> Vec<u8> {
    let mut key = user.key().into_bytes();
    key.push(0);
    key.extend_from_slice(&id.to_be_bytes());
    key
}

/// A table's slot.
fn slot_key(id: u64, slot: Slot) -> Vec<u8> {
    let mut key = id.to_be_bytes().to_vec();
    key.extend_from_slice(&slot.key());
    key
}

/// What the `boards` tree keeps for a slot: the message id, then after a NUL byte `-` when
/// the message has no buttons (else `b`), then after another NUL the message it replaced once
/// stripped, if any. (Ids are the platforms' numbers, never holding a NUL; a record written
/// before buttons were tracked, a bare id, counts as having buttons, so a button is never left
/// behind for want of knowing.)
fn slot_value(shown: &SlotMessage) -> Vec<u8> {
    let mut value = shown.id.as_bytes().to_vec();
    value.extend_from_slice(if shown.buttons { b"\0b" } else { b"\0-" });
    if let Some(retired) = &shown.retired {
        value.push(0);
        value.extend_from_slice(retired.as_bytes());
    }
    value
}

fn slot_from(value: &[u8]) -> SlotMessage {
    let mut fields = value.split(|b| *b == 0);
    let text = |field: &[u8]| String::from_utf8_lossy(field).into_owned();
    let id = text(fields.next().unwrap_or_default());
    let buttons = fields.next() != Some(&b"-"[..]);
    SlotMessage { id, buttons, retired: fields.next().map(text) }
}

fn unreachable_key(platform: Platform, user: &str) -> String {
    format!("unreachable:{}:{user}", platform.tag())
}

/// Log entries sort by table, then by index.
/// `k` + an update's key: when it was taken.
fn taken_key(key: &str) -> Vec<u8> {
    [b"k", key.as_bytes()].concat()
}

/// `t` + when + an update's key: the same entry in the order of time.
fn taken_at_key(at: u64, key: &[u8]) -> Vec<u8> {
    [b"t".as_slice(), &at.to_be_bytes(), key].concat()
}

fn log_key(id: u64, index: u64) -> Vec<u8> {
    let mut key = id.to_be_bytes().to_vec();
    key.extend_from_slice(&index.to_be_bytes());
    key
}

impl SledStore {
    /// Outbox entries keyed by table, then by a position from sled's monotonic id generator
    /// (it never goes back, across restarts too). The positions count as being written until
    /// the returned guard is dropped, after the write.
    fn outbox_entries(
        &self,
        table: u64,
        outbox: &[OutboxEntry],
    ) -> Result<(Vec<Entry>, Writing), StoreError> {
        let mut guard = Writing { positions: Vec::new(), writing: self.writing.clone() };
        let mut entries = Vec::with_capacity(outbox.len());
        for entry in outbox {
            let position = {
                let mut writing = lock(&self.writing);
                let position = self.db.generate_id()?;
                writing.insert(position);
                position
            };
            guard.positions.push(position);
            self.issued.fetch_max(position, Ordering::SeqCst);
            let mut key = table.to_be_bytes().to_vec();
            key.extend_from_slice(&position.to_be_bytes());
            entries.push((key, entry.json.clone().into_bytes()));
        }
        Ok((entries, guard))
    }
}

/// An outbox entry as written: its key and its JSON.
type Entry = (Vec<u8>, Vec<u8>);

/// Outbox positions being written; they stop counting as such when this is dropped.
#[derive(Debug)]
struct Writing {
    positions: Vec<u64>,
    writing: Arc<Mutex<BTreeSet<u64>>>,
}

impl Drop for Writing {
    fn drop(&mut self) {
        let mut writing = lock(&self.writing);
        for position in &self.positions {
            writing.remove(position);
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl SledStore {
    fn staged(&self) -> MutexGuard<'_, Staged> {
        lock(&self.staged)
    }
}

impl Store for SledStore {
    fn new_table_id(&self) -> Result<u64, StoreError> {
        Ok(self.db.generate_id()? + 1)
    }

    fn load(&self, id: u64) -> Result<Option<Table>, StoreError> {
        let Some(raw) = self.staged().get(Kind::Tables, &id.to_be_bytes())? else {
            return Ok(None);
        };
        let parsed = raw
            .get(HEADER..)
            .ok_or_else(|| "record too short".to_string())
            .and_then(|body| Table::from_bytes(body).map_err(|e| e.to_string()))
            .and_then(|mut table| {
                // A record whose game state cannot be restored is as unreadable as bad JSON.
                if table.status.is_over() || table.state().is_none() {
                    return Ok(table);
                }
                table.game().map_err(|e| e.to_string())?;
                Ok(table)
            });
        match parsed {
            Ok(table) if table.id == id => Ok(Some(table)),
            Ok(table) => {
                let reason = format!("record names table {}", table.id);
                self.quarantine_record(id, &raw, &reason)?;
                Err(StoreError::Corrupt { id, reason })
            }
            Err(reason) => {
                self.quarantine_record(id, &raw, &reason)?;
                Err(StoreError::Corrupt { id, reason })
            }
        }
    }

    fn save(
        &self,
        table: &Table,
        read_seq: Option<u64>,
        outbox: &[OutboxEntry],
    ) -> Result<(), StoreError> {
        let id = table.id.to_be_bytes();
        let (outbox, writing) = self.outbox_entries(table.id, outbox)?;
        let indexed = index_fingerprint(table);
        let mut record = table.seq.to_be_bytes().to_vec();
        record.extend_from_slice(&indexed.to_be_bytes());
        record.extend_from_slice(&table.to_bytes());
        let chat_key = table.chat.key();
        let active = !table.status.is_over();
        let (first, entries) = table.new_log();
        let entries: Vec<(Vec<u8>, Vec<u8>)> = entries
            .iter()
            .zip(first..)
            .map(|(entry, index)| {
                let json = serde_json::to_vec(entry).expect("log entries serialize");
                (log_key(table.id, index), json)
            })
            .collect();
        // The compare-and-swap and the staging happen under the one lock: another writer sees
        // all of this save or none of it.
        let mut staged = self.staged();
        let stored = staged.get(Kind::Tables, &id)?;
        if stored.as_deref().and_then(id_from) != read_seq {
            return Err(StoreError::Conflict);
        }
        // Most saves are moves: the chat, the players and the status stay, and so do the
        // indexes.
        let reindex = stored.as_deref().and_then(|r| id_from(r.get(8..)?)) != Some(indexed);
        if reindex {
            // A game that moved to its own thread leaves its home chat free for the next.
            if let Some(home) = &table.home {
                let home = home.key();
                if staged.get(Kind::Chats, home.as_bytes())?.as_deref() == Some(&id[..]) {
                    staged.remove(Kind::Chats, home.as_bytes());
                }
            }
            if active {
                staged.insert(Kind::Chats, chat_key.as_bytes(), id);
                staged.insert(Kind::Unfinished, id, []);
            } else {
                if staged.get(Kind::Chats, chat_key.as_bytes())?.as_deref() == Some(&id[..]) {
                    staged.remove(Kind::Chats, chat_key.as_bytes());
                }
                staged.remove(Kind::Unfinished, id);
            }
            for player in &table.players {
                let key = user_table_key(&player.user, table.id);
                if active {
                    staged.insert(Kind::UserTables, key, []);
                } else {
                    staged.remove(Kind::UserTables, key);
                }
            }
        }
        index_due(&mut staged, table.id, table.chat.platform, table.due())?;
        staged.insert(Kind::Tables, id, record);
        for (key, json) in entries {
            staged.insert(Kind::Log, key, json);
        }
        for (key, json) in outbox {
            staged.insert(Kind::Outbox, key, json);
        }
        staged.hold(writing);
        Ok(())
    }

    fn log(&self, id: u64) -> Result<Vec<LogEntry>, StoreError> {
        let mut entries = Vec::new();
        for (_, json) in self.staged().scan(Kind::Log, &id.to_be_bytes())? {
            let entry = serde_json::from_slice(&json)
                .map_err(|e| StoreError::Corrupt { id, reason: format!("log entry: {e}") })?;
            entries.push(entry);
        }
        Ok(entries)
    }

    fn chat_table(&self, chat: &ChatId) -> Result<Option<u64>, StoreError> {
        Ok(self.staged().get(Kind::Chats, chat.key().as_bytes())?.as_deref().and_then(id_from))
    }

    fn user_tables(&self, user: &UserId) -> Result<Vec<u64>, StoreError> {
        let mut prefix = user.key().into_bytes();
        prefix.push(0);
        let mut ids = Vec::new();
        for (key, _) in self.staged().scan(Kind::UserTables, &prefix)? {
            if let Some(id) = id_from(&key[prefix.len()..]) {
                ids.push(id);
            }
        }
        Ok(ids)
    }

    fn chat_tables(&self, platform: Platform, chat: &str) -> Result<Vec<u64>, StoreError> {
        // The chats index holds `tg:<chat>` and `tg:<chat>:<thread>` (ChatId::key).
        let whole = ChatId { platform, chat: chat.to_string(), thread: None }.key();
        let staged = self.staged();
        let mut ids: Vec<u64> = staged
            .get(Kind::Chats, whole.as_bytes())?
            .as_deref()
            .and_then(id_from)
            .into_iter()
            .collect();
        for (_, id) in staged.scan(Kind::Chats, format!("{whole}:").as_bytes())? {
            ids.extend(id_from(&id));
        }
        Ok(ids)
    }

    fn enqueue(&self, table: u64, outbox: &[OutboxEntry]) -> Result<(), StoreError> {
        let mut batch = sled::Batch::default();
        let (entries, _writing) = self.outbox_entries(table, outbox)?;
        for (key, json) in entries {
            batch.insert(key, json);
        }
        self.outbox.apply_batch(batch)?;
        Ok(())
    }

    fn outbox(&self, table: u64) -> Result<Vec<PendingEntry>, StoreError> {
        let durable = self.durable.load(Ordering::SeqCst);
        let mut pending = Vec::new();
        for item in self.outbox.scan_prefix(table.to_be_bytes()) {
            let (key, json) = item?;
            if id_from(&key[8..]).is_none_or(|position| position > durable) {
                break;
            }
            // Written as text; bytes that are not (a damaged folder) come back as what they
            // read as, for the reader to refuse.
            let json = String::from_utf8_lossy(&json).into_owned();
            pending.push(PendingEntry { key: key.to_vec(), entry: OutboxEntry { json } });
        }
        Ok(pending)
    }

    fn outbox_tables(&self) -> Result<Vec<u64>, StoreError> {
        let mut tables = Vec::new();
        let mut from = Vec::new();
        // One seek per table, not one read per entry.
        while let Some(item) = self.outbox.range(from.clone()..).next() {
            let (key, _) = item?;
            let Some(table) = id_from(&key) else { break };
            tables.push(table);
            match table.checked_add(1) {
                Some(next) => from = next.to_be_bytes().to_vec(),
                None => break,
            }
        }
        Ok(tables)
    }

    fn outbox_done(&self, key: &[u8], done: Done<'_>) -> Result<(), StoreError> {
        // Two plain writes: the slot's message first, then the entry's removal. A crash between
        // them leaves the entry to be delivered again, exactly as a crash between the
        // platform's confirmation and this mark does.
        if let Some((table, slot, shown)) = done.shown {
            self.boards.insert(slot_key(table, slot), slot_value(shown))?;
        }
        self.outbox.remove(key)?;
        // An entry that put a new message in the chat is marked durably: otherwise a restart
        // after a `kill -9` would send it again, and it would stay twice in the chat. Anything
        // else (an edit, a deletion, an entry coalescing dropped) waits for the next flush:
        // doing it again after a crash changes nothing anyone sees. Only sled's own writes are
        // flushed, not the saves an engine has staged meanwhile: those are its batch's, made
        // durable — and their entries deliverable — by its own flush, not by a deliverer's.
        if done.sent {
            self.db.flush()?;
        }
        Ok(())
    }

    /// The marks one by one, then one flush of sled's own writes when any sent a message
    /// ([`SledStore::outbox_done`] says why that flush, and why only sled's own writes).
    fn outbox_done_all(&self, marks: &[(Vec<u8>, Done<'_>)]) -> Result<(), StoreError> {
        for (key, done) in marks {
            self.outbox_done(key, Done { sent: false, ..*done })?;
        }
        if marks.iter().any(|(_, done)| done.sent) {
            self.db.flush()?;
        }
        Ok(())
    }

    fn slot_shown(&self, table: u64, slot: Slot) -> Result<Option<SlotMessage>, StoreError> {
        Ok(self.boards.get(slot_key(table, slot))?.map(|v| slot_from(&v)))
    }

    fn set_unreachable(&self, platform: Platform, user: &str, yes: bool) -> Result<(), StoreError> {
        let key = unreachable_key(platform, user);
        if yes {
            self.prefs.insert(key, &[])?;
        } else {
            self.prefs.remove(key)?;
        }
        Ok(())
    }

    fn is_unreachable(&self, platform: Platform, user: &str) -> Result<bool, StoreError> {
        Ok(self.prefs.contains_key(unreachable_key(platform, user))?)
    }

    fn due_tables(
        &self,
        platform: Platform,
        now: u64,
        limit: usize,
    ) -> Result<Vec<u64>, StoreError> {
        let (from, to) = (due_key(platform, 0, 0), due_key(platform, now, u64::MAX));
        let entries = self.staged().range(Kind::Due, &from, &to, limit)?;
        Ok(entries.iter().filter_map(|(key, _)| id_from(key.get(11..)?)).collect())
    }

    fn unfinished(&self) -> Result<Vec<u64>, StoreError> {
        let mut ids = Vec::new();
        for (key, _) in self.staged().scan(Kind::Unfinished, &[])? {
            if let Some(id) = id_from(&key) {
                ids.push(id);
            }
        }
        Ok(ids)
    }

    fn pref(&self, key: &str) -> Result<Option<String>, StoreError> {
        // Staged over stored: a staged preference (`stage_pref`) is seen before its flush.
        let value = self.staged().get(Kind::Prefs, key.as_bytes())?;
        Ok(value.map(|v| String::from_utf8_lossy(&v).into_owned()))
    }

    fn set_pref(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.prefs.insert(key, value.as_bytes())?;
        Ok(())
    }

    fn prefs_with_prefix(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError> {
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let found = self.staged().scan(Kind::Prefs, prefix.as_bytes())?;
        Ok(found.iter().map(|(key, value)| (text(key), text(value))).collect())
    }

    fn stage_pref(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.staged().insert(Kind::Prefs, key.as_bytes(), value.as_bytes());
        Ok(())
    }

    fn flush(&self) -> Result<(), StoreError> {
        // What is staged goes to sled first, in one transaction; then everything handed out
        // before the oldest position still being written is in sled, so the flush covers it.
        self.staged().commit()?;
        let upto = {
            let writing = lock(&self.writing);
            let issued = self.issued.load(Ordering::SeqCst);
            writing.first().map_or(issued, |oldest| issued.min(oldest - 1))
        };
        self.db.flush()?;
        self.durable.fetch_max(upto, Ordering::SeqCst);
        Ok(())
    }

    fn was_taken(&self, key: &str) -> Result<bool, StoreError> {
        Ok(self.staged().get(Kind::Taken, &taken_key(key))?.is_some())
    }

    fn mark_taken(&self, key: &str, now: u64) -> Result<(), StoreError> {
        let mut staged = self.staged();
        staged.insert(Kind::Taken, taken_key(key), now.to_be_bytes());
        staged.insert(Kind::Taken, taken_at_key(now, key.as_bytes()), []);
        Ok(())
    }

    fn forget_taken(&self, before: u64) -> Result<usize, StoreError> {
        let mut staged = self.staged();
        // At most this many a call: the caller comes back (hourly) for the rest.
        const AT_ONCE: usize = 100_000;
        let old = staged.range(Kind::Taken, b"t", &taken_at_key(before, b""), AT_ONCE)?;
        for (at_key, _) in &old {
            // A key too short to hold a time (a damaged record, or one restored from a damaged
            // backup) names no update: it goes alone.
            if let Some(update) = at_key.get(9..) {
                staged.remove(Kind::Taken, [b"k".as_slice(), update].concat());
            }
            staged.remove(Kind::Taken, at_key.clone());
        }
        Ok(old.len())
    }

    fn backup(&self, out: &mut dyn std::io::Write) -> Result<backup::Summary, StoreError> {
        // Saves are staged under this lock: holding it while the trees are read, with what was
        // staged committed first, the backup holds every save whole or not at all.
        let mut staged = self.staged();
        staged.commit()?;
        let next_id = self.db.generate_id()?;
        let trees = self.db.tree_names().into_iter().filter(|name| name != b"__sled__default");
        backup::write(out, next_id, trees.map(|name| self.db.open_tree(name)))
    }

    fn size_on_disk(&self) -> Result<Option<u64>, StoreError> {
        Ok(Some(self.db.size_on_disk()?))
    }

    fn quarantined(&self) -> Result<Vec<(u64, String)>, StoreError> {
        let mut out = Vec::new();
        for item in self.quarantine.iter() {
            let (key, value) = item?;
            let reason = value.split(|b| *b == 0).next().unwrap_or_default();
            if let Some(id) = id_from(&key) {
                out.push((id, String::from_utf8_lossy(reason).into_owned()));
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> OutboxEntry {
        OutboxEntry { json: r#"{"send":{"text":"hi"}}"#.into() }
    }

    /// A slot record written before buttons were tracked (a bare id) counts as having them;
    /// ids and the flag read back as written.
    #[test]
    fn slot_records_read_back_and_old_ones_count_as_having_buttons() {
        assert_eq!(slot_from(b"123"), SlotMessage::new("123".into(), true));
        for buttons in [true, false] {
            for retired in [None, Some("89".to_string())] {
                let shown = SlotMessage { id: "4567".into(), buttons, retired };
                assert_eq!(slot_from(&slot_value(&shown)), shown);
            }
        }
    }

    /// sled is opened by one process only: the outbox lease is always granted, to anyone, and
    /// releasing it changes nothing.
    #[test]
    fn the_outbox_lease_is_always_granted_by_a_one_process_store() {
        let store = SledStore::temporary().unwrap();
        assert!(store.lease_outbox(7, "a", 1_000, 10).unwrap());
        assert!(store.lease_outbox(7, "b", 1_001, 10).unwrap());
        store.release_outbox(7, "a").unwrap();
        assert!(store.lease_outbox(7, "b", 1_002, 10).unwrap());
    }

    /// A flush by another thread while an entry is being written must not vouch for it: the
    /// entry becomes deliverable only with a flush that starts after its write.
    #[test]
    fn a_flush_does_not_cover_an_entry_still_being_written() {
        let store = SledStore::temporary().unwrap();
        let (entries, writing) = store.outbox_entries(7, &[entry()]).unwrap();
        store.flush().unwrap();
        for (key, json) in &entries {
            store.outbox.insert(key.as_slice(), json.as_slice()).unwrap();
        }
        drop(writing);
        assert!(store.outbox(7).unwrap().is_empty(), "visible before a flush covered it");
        store.flush().unwrap();
        assert_eq!(store.outbox(7).unwrap().len(), 1);
    }
}
