//! The writer connection and its batch: group commit with a compare-and-swap per save.
//!
//! One connection per store does every write and the engine's reads, under one mutex. The
//! first batch write after a flush opens a transaction; a save is one call that undoes itself
//! when it loses a race ([`crate::save`]), and every other write runs inside a savepoint, so a
//! failed write (a compare-and-swap lost, a unique key taken by another process) is rolled
//! back alone and the rest of the batch stands; [`Writer::commit`] (the store's `flush`)
//! commits the batch. Row locks taken by a save (`SELECT … FOR UPDATE` on the table's row) are
//! held until that commit, which is what makes another process's save of the same table wait
//! and then see the new sequence number.
//!
//! Writes of two kinds:
//! - **batch writes** (a save, an outbox entry queued, an update marked taken, old ones
//!   forgotten) open the batch if none is open; they become durable — and visible to other
//!   processes — at the next commit, and are lost with the batch if it fails;
//! - **side writes** (a preference, an unreachable mark, a record set aside) join the open
//!   batch if there is one, else commit on their own at once. (A delivered entry's mark is
//!   not written here at all: it is one statement on a reader, committed at once.)
//!
//! A batch can be lost between flushes: an error that leaves its transaction unusable (a read
//! failing inside it, a savepoint that cannot be rolled back, a save failing otherwise than by
//! a lost race) or the connection dropping. The next commit then reports it as an error
//! instead of committing what came after — the engine refuses the batch — so a flush that
//! returns `Ok` never hides a lost save.

use std::sync::Arc;

use igroteka::store::StoreError;

use crate::conn::{Conn, Target};
use crate::prefs;

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
    /// Cleared when a batch is rolled back: it may hold preferences read inside it.
    prefs: Arc<prefs::Cache>,
}

impl Writer {
    pub(crate) async fn open(
        target: &Target,
        prefs: Arc<prefs::Cache>,
    ) -> Result<Writer, StoreError> {
        let conn = Conn::open(target).await?;
        Ok(Writer { conn, open: false, writes: false, lost: None, prefs })
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

    /// Starts a batch write that is one statement undoing itself on a lost race (a save:
    /// `igroteka_save` catches its own races), so it needs no savepoint: the batch is opened
    /// if needed. A failure of such a statement aborts the batch's transaction:
    /// [`Writer::lost_to`] then ends it.
    pub(crate) async fn enter_without_savepoint(&mut self) -> Result<(), StoreError> {
        self.ready().await?;
        if !self.open {
            if let Err(e) = self.conn.batch("BEGIN").await {
                let _ = self.conn.batch("ROLLBACK").await;
                return Err(e);
            }
            self.open = true;
        }
        self.writes = true;
        Ok(())
    }

    /// Passes on the result of a write begun with [`Writer::enter_without_savepoint`]: a lost
    /// race (`Conflict`) was undone by the statement itself, any other error has aborted the
    /// batch's transaction, so the batch is lost.
    pub(crate) async fn lost_to<T>(
        &mut self,
        result: Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        if let Err(e) = &result
            && !matches!(e, StoreError::Conflict)
        {
            self.lose(format!("a save failed: {e}")).await;
        }
        result
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

    /// Rolls the open transaction back and remembers why, for the next commit to report when
    /// the batch held batch writes. The preferences cache is cleared: it may hold a value
    /// written and read inside the batch.
    async fn lose(&mut self, why: String) {
        if self.open && self.writes {
            self.lost.get_or_insert(why);
        }
        let _ = self.conn.batch("ROLLBACK").await;
        self.prefs.clear();
        self.end();
    }

    fn end(&mut self) {
        self.open = false;
        self.writes = false;
    }

    /// Commits the batch (the store's `flush`); nothing to do without one. A batch lost since
    /// the last commit is an error, and so is a commit PostgreSQL refuses (a serialization
    /// failure, a deadlock, the connection gone): none of the batch is then kept.
    pub(crate) async fn commit(&mut self) -> Result<(), StoreError> {
        self.ready().await?;
        if let Some(why) = self.lost.take() {
            if self.open {
                let _ = self.conn.batch("ROLLBACK").await;
                self.prefs.clear();
                self.end();
            }
            return Err(StoreError::Backend(format!("the batch was not committed: {why}")));
        }
        if !self.open {
            return Ok(());
        }
        let committed = self.conn.batch("COMMIT").await;
        // Committed or refused, the transaction has ended; refused, it was rolled back.
        self.end();
        if committed.is_err() {
            self.prefs.clear();
        }
        committed.map_err(|e| StoreError::Backend(format!("the batch was not committed: {e}")))
    }
}
