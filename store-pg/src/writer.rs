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
//! A batch may start by reading its tables ahead ([`Writer::prefetch`], [`crate::ahead`]),
//! which locks their rows at once; a move of such a row is then sent without waiting for its
//! answer ([`Writer::save`]), and every other use of the connection first waits for those
//! answers ([`Writer::settle`]).
//!
//! A batch can be lost between flushes: an error that leaves its transaction unusable (a read
//! failing inside it, a savepoint that cannot be rolled back, a save failing otherwise than by
//! a lost race) or the connection dropping. The next commit then reports it as an error
//! instead of committing what came after — the engine refuses the batch — so a flush that
//! returns `Ok` never hides a lost save.

use std::collections::HashMap;
use std::sync::Arc;

use igroteka::store::StoreError;
use tokio_postgres::Row;

use crate::ahead::ReadAhead;
use crate::conn::{Conn, Query, Target, describe};
use crate::prefs;
use crate::save::{self, Save, Sent};

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
    /// The records read ahead for the batch ([`crate::ahead`]), emptied when it ends.
    ahead: Arc<ReadAhead>,
    /// The rows the batch holds locked since it read them ahead, with the sequence number and
    /// index fingerprint each has in the batch.
    locked: HashMap<i64, (i64, i64)>,
    /// Saves sent and not yet answered, in the order they were sent ([`Writer::settle`]).
    sent: SentSaves,
}

/// The saves sent ahead, as a list that shows its length when debugged.
#[derive(Default)]
struct SentSaves(Vec<Sent>);

impl std::fmt::Debug for SentSaves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} saves sent ahead", self.0.len())
    }
}

impl Writer {
    pub(crate) async fn open(
        target: &Target,
        prefs: Arc<prefs::Cache>,
        ahead: Arc<ReadAhead>,
    ) -> Result<Writer, StoreError> {
        let conn = Conn::open(target).await?;
        Ok(Writer {
            conn,
            open: false,
            writes: false,
            lost: None,
            prefs,
            ahead,
            locked: HashMap::new(),
            sent: SentSaves::default(),
        })
    }

    /// Reads `ids` ahead for the batch about to be handled, locking their rows until it
    /// commits ([`crate::ahead`]). Only at a batch's start: with a batch already open, nothing
    /// is read. It never waits: a row another process's batch holds is skipped (that table is
    /// loaded and saved the usual way). A failure loses nothing, the batch having no writes
    /// yet.
    pub(crate) async fn prefetch(&mut self, ids: &[i64]) -> Result<(), StoreError> {
        self.ready().await?;
        if self.open || ids.is_empty() {
            return Ok(());
        }
        self.open = true;
        let rows = self
            .conn
            .query_in_a_new_transaction(
                "SELECT id, seq, indexed, record FROM tables WHERE id = ANY($1)
                 ORDER BY id FOR UPDATE SKIP LOCKED",
                &[&ids],
            )
            .await;
        let rows = match rows {
            Ok(rows) => rows,
            Err(e) => {
                // Whatever half began is undone (the batch had no writes to lose).
                self.lose(format!("reading ahead failed: {e}")).await;
                return Err(e);
            }
        };
        for row in rows {
            let (id, seq, indexed) = (row.get(0), row.get(1), row.get(2));
            self.locked.insert(id, (seq, indexed));
            self.ahead.keep(id, row.get(3));
        }
        Ok(())
    }

    /// Sends a save without waiting for its answer when it is a move of a row the batch holds
    /// locked, which cannot lose its race ([`Writer::settle`] checks the answer all the same);
    /// gives the save back otherwise, or when the connection is not ready to take it at once
    /// (closed, or the call not prepared yet). Nothing here waits: the engine's thread calls it
    /// directly when the writer is free (`PgStore::save`), without a hop to the store's thread.
    pub(crate) fn send_ahead(&mut self, save: Save) -> Option<Save> {
        let held = self.locked.get(&save.id()).copied();
        let a_move = held.is_some_and(|(seq, indexed)| save.is_a_move_from(seq, indexed));
        if !a_move || !self.open || self.lost.is_some() || self.conn.is_closed() {
            return Some(save);
        }
        let Some((client, statement)) = self.conn.prepared(save::MOVE) else { return Some(save) };
        let (id, saved) = (save.id(), save.saved());
        self.sent.0.push(save::send(client, statement, save));
        self.writes = true;
        self.locked.insert(id, saved);
        None
    }

    /// A save in the batch: sent ahead when it can be ([`Writer::send_ahead`]); else it waits
    /// for the saves sent before, then for its own answer (a lost race is a `Conflict`, and the
    /// batch stands).
    pub(crate) async fn save(&mut self, save: Save) -> Result<(), StoreError> {
        self.ready().await?;
        if self.locked.contains_key(&save.id()) {
            // The first move of a connection prepares the statement; its answer is awaited.
            let _ = self.conn.prepare(save::MOVE).await;
        }
        let Some(save) = self.send_ahead(save) else { return Ok(()) };
        self.settle().await;
        self.enter_without_savepoint().await?;
        let result = save::save(&mut self.conn, &save).await;
        if result.is_ok()
            && let Some(held) = self.locked.get_mut(&save.id())
        {
            *held = save.saved();
        }
        self.lost_to(result).await
    }

    /// Waits for the answers of the saves sent ahead ([`Writer::save`]). Each was a move of a
    /// row the batch holds locked, so each should be saved: one that failed, or that lost its
    /// race all the same, loses the batch (the next commit reports it), for nothing after it in
    /// the transaction can stand.
    pub(crate) async fn settle(&mut self) {
        let mut failed = None;
        for sent in std::mem::take(&mut self.sent.0) {
            match sent.await {
                Ok(true) => {}
                Ok(false) => {
                    failed.get_or_insert_with(|| "a save sent ahead lost its race".to_string());
                }
                Err(e) => {
                    failed.get_or_insert_with(|| {
                        format!("a save sent ahead failed: {}", describe(&e))
                    });
                }
            }
        }
        if let Some(why) = failed {
            self.lose(why).await;
        }
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
        self.sent.0.clear();
        let _ = self.conn.batch("ROLLBACK").await;
        self.prefs.clear();
        self.end();
    }

    fn end(&mut self) {
        self.open = false;
        self.writes = false;
        self.locked.clear();
        self.ahead.clear();
    }

    /// Commits the batch (the store's `flush`); nothing to do without one. A batch lost since
    /// the last commit is an error, and so is a commit PostgreSQL refuses (a serialization
    /// failure, a deadlock, the connection gone): none of the batch is then kept.
    pub(crate) async fn commit(&mut self) -> Result<(), StoreError> {
        self.settle().await;
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

    /// [`Writer::commit`], with `last` run inside the batch's transaction just before the
    /// commit, in the same round trip. `None` when no batch is open: nothing was committed
    /// nor run, the caller runs `last` elsewhere. The error is the commit's: none of the batch
    /// is kept, nor what `last` wrote. Else `last`'s rows.
    pub(crate) async fn commit_with(
        &mut self,
        last: Query<'_>,
    ) -> Result<Option<Vec<Row>>, StoreError> {
        self.settle().await;
        self.ready().await?;
        if self.lost.is_some() || !self.open {
            // The usual commit reports the loss; with no batch open, it does nothing.
            return self.commit().await.map(|()| None);
        }
        let answers = match self.conn.pipelined_each(&[last, ("COMMIT", &[])]).await {
            Ok(answers) => answers,
            Err(e) => {
                // Nothing was sent, but a statement that failed to be prepared has aborted the
                // transaction: the batch is lost (the commit below reports it).
                self.lose(format!("a statement could not be prepared: {e}")).await;
                return self.commit().await.map(|()| None);
            }
        };
        // Committed or refused, the transaction has ended.
        self.end();
        let mut answers = answers.into_iter();
        let committed = match (answers.next(), answers.next()) {
            // A `COMMIT` after a failed statement rolls back without an error: it committed
            // only if the statement before it did not fail.
            (Some(Ok(rows)), Some(Ok(_))) => Ok(Some(rows)),
            (Some(Err(e)), _) | (_, Some(Err(e))) => {
                Err(StoreError::Backend(format!("the batch was not committed: {e}")))
            }
            _ => Err(StoreError::Backend("a pipelined query went missing".into())),
        };
        if committed.is_err() {
            self.prefs.clear();
        }
        committed
    }
}
