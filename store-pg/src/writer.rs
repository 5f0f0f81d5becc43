//! The writer connection and its batch: group commit with a compare-and-swap per save.
//!
//! One connection per store does every write and the engine's reads, under one mutex. The
//! first batch write after a flush opens a transaction; every write runs inside a savepoint,
//! so a failed save (a compare-and-swap lost, a unique key taken by another process) is rolled
//! back alone and the rest of the batch stands; [`Writer::commit`] (the store's `flush`)
//! commits the batch. Row locks taken by a save (`SELECT … FOR UPDATE` on the table's row) are
//! held until that commit, which is what makes another process's save of the same table wait
//! and then see the new sequence number.
//!
//! Writes of two kinds:
//! - **batch writes** (a save, an outbox entry queued, an update marked taken, old ones
//!   forgotten) open the batch if none is open; they become durable — and visible to other
//!   processes — at the next commit, and are lost with the batch if it fails;
//! - **side writes** (a delivered entry marked done, a preference, an unreachable mark, a
//!   record set aside) join the open batch if there is one, else commit on their own at once:
//!   a deliverer's mark never leaves a transaction open until some later flush.
//!
//! A batch can be lost between flushes: an error that leaves its transaction unusable (a read
//! failing inside it, a savepoint that cannot be rolled back) or the connection dropping. The
//! next commit then reports it as an error instead of committing what came after — the engine
//! refuses the batch — so a flush that returns `Ok` never hides a lost save.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use igroteka::store::StoreError;

use crate::conn::{Conn, Target};

/// Outbox keys marked done inside the open batch: the deletion is not committed yet, so the
/// deliverer's reads (on another connection) would still see the entries; they are hidden from
/// those reads until the batch ends (committed: gone; rolled back: delivered again).
pub(crate) type DoneInBatch = Arc<Mutex<HashSet<Vec<u8>>>>;

/// Where a write runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// In a savepoint of the open batch.
    Savepoint,
    /// In a transaction of its own, committed at its end.
    Alone,
}

#[derive(Debug)]
pub(crate) struct Writer {
    pub(crate) conn: Conn,
    /// A transaction is open (the batch).
    open: bool,
    /// The open batch holds batch writes (its loss must be reported by the next commit).
    writes: bool,
    /// Why the batch was lost since the last commit.
    lost: Option<String>,
    done: DoneInBatch,
}

pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Writer {
    pub(crate) async fn open(target: &Target, done: DoneInBatch) -> Result<Writer, StoreError> {
        Ok(Writer { conn: Conn::open(target).await?, open: false, writes: false, lost: None, done })
    }

    /// Before each use: a connection found closed is opened again, and a batch that was open
    /// on it is lost.
    pub(crate) async fn ready(&mut self) -> Result<(), StoreError> {
        if self.conn.is_closed() {
            if self.open {
                self.lose("the connection to PostgreSQL was lost with the batch".into()).await;
            }
            self.conn.reopen().await?;
        }
        Ok(())
    }

    /// Whether a batch is open.
    pub(crate) fn in_batch(&self) -> bool {
        self.open
    }

    /// Starts a write: a batch write opens the batch if needed; a side write joins it, or runs
    /// alone.
    pub(crate) async fn enter(&mut self, batch: bool) -> Result<Scope, StoreError> {
        self.ready().await?;
        if self.open {
            if let Err(e) = self.conn.batch("SAVEPOINT w").await {
                self.lose(format!("a savepoint failed: {e}")).await;
                return Err(e);
            }
            self.writes |= batch;
            return Ok(Scope::Savepoint);
        }
        let begin = if batch { "BEGIN; SAVEPOINT w" } else { "BEGIN" };
        if let Err(e) = self.conn.batch(begin).await {
            // Whatever half began is undone, so the next write starts clean.
            let _ = self.conn.batch("ROLLBACK").await;
            return Err(e);
        }
        if batch {
            self.open = true;
            self.writes = true;
            Ok(Scope::Savepoint)
        } else {
            Ok(Scope::Alone)
        }
    }

    /// Ends a write begun with [`Writer::enter`]: kept (released, or committed when alone), or
    /// undone when `result` is an error, which is passed on.
    pub(crate) async fn exit<T>(
        &mut self,
        scope: Scope,
        result: Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        match (scope, result) {
            (Scope::Savepoint, Ok(value)) => match self.conn.batch("RELEASE SAVEPOINT w").await {
                Ok(()) => Ok(value),
                Err(e) => {
                    self.lose(format!("a savepoint could not be released: {e}")).await;
                    Err(e)
                }
            },
            (Scope::Savepoint, Err(error)) => {
                if let Err(e) =
                    self.conn.batch("ROLLBACK TO SAVEPOINT w; RELEASE SAVEPOINT w").await
                {
                    self.lose(format!("a failed write could not be undone: {e}")).await;
                }
                Err(error)
            }
            (Scope::Alone, Ok(value)) => {
                self.conn.batch("COMMIT").await?;
                Ok(value)
            }
            (Scope::Alone, Err(error)) => {
                let _ = self.conn.batch("ROLLBACK").await;
                Err(error)
            }
        }
    }

    /// Passes on a read's result; a failed read inside the batch has aborted its transaction,
    /// so the batch is lost.
    pub(crate) async fn checked<T>(
        &mut self,
        result: Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        if let Err(e) = &result
            && self.open
        {
            self.lose(format!("a read inside the batch failed: {e}")).await;
        }
        result
    }

    /// Notes an outbox entry marked done inside the open batch.
    pub(crate) fn done_in_batch(&self, key: Vec<u8>) {
        lock(&self.done).insert(key);
    }

    /// Rolls the open transaction back and remembers why, for the next commit to report when
    /// the batch held batch writes.
    async fn lose(&mut self, why: String) {
        if self.open && self.writes {
            self.lost.get_or_insert(why);
        }
        let _ = self.conn.batch("ROLLBACK").await;
        self.end();
    }

    fn end(&mut self) {
        self.open = false;
        self.writes = false;
        lock(&self.done).clear();
    }

    /// Commits the batch (the store's `flush`); nothing to do without one. A batch lost since
    /// the last commit is an error, and so is a commit PostgreSQL refuses (a serialization
    /// failure, a deadlock, the connection gone): none of the batch is then kept.
    ///
    /// `for_mark`: the commit is a deliverer's (a mark that must be durable at once), not the
    /// batch owner's flush; if it fails with batch writes in it, the next flush reports the
    /// loss too, so the engine never takes a lost save for a committed one.
    pub(crate) async fn commit(&mut self, for_mark: bool) -> Result<(), StoreError> {
        self.ready().await?;
        if for_mark && let Some(why) = &self.lost {
            // The loss is the batch owner's to hear of, at its flush (which rolls back).
            return Err(StoreError::Backend(format!("the batch was lost: {why}")));
        }
        if let Some(why) = self.lost.take() {
            if self.open {
                let _ = self.conn.batch("ROLLBACK").await;
                self.end();
            }
            return Err(StoreError::Backend(format!("the batch was not committed: {why}")));
        }
        if !self.open {
            return Ok(());
        }
        let committed = self.conn.batch("COMMIT").await;
        if let Err(e) = &committed
            && for_mark
            && self.writes
        {
            self.lost = Some(format!("a delivery mark's commit failed: {e}"));
        }
        // Committed or refused, the transaction has ended.
        self.end();
        committed.map_err(|e| StoreError::Backend(format!("the batch was not committed: {e}")))
    }
}
