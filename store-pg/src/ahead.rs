//! Tables read ahead for a batch ([`igroteka::store::Store::prefetch`]).
//!
//! Before the engine handles a batch of inputs it names the tables they will load. The writer
//! reads their records in one statement, inside the batch's transaction, and locks their rows
//! until the batch commits (`FOR UPDATE SKIP LOCKED`: a row another process's batch holds is
//! not waited for but left out, and that table is loaded and saved the usual way — a read
//! ahead that waited would hold this process's writer, and its batch open, meanwhile). Two
//! things follow:
//!
//! - a load of such a table is served from memory, without a round trip: nobody else can
//!   change the row while it is locked, so the record read ahead is the one stored — until
//!   this batch saves it, and then the copy is dropped and the next load reads the batch's own
//!   write;
//! - a save of such a table that is a move (its sequence number read under the lock, the
//!   indexed columns unchanged) cannot lose its compare-and-swap, so the writer sends it
//!   without waiting for its answer (`Writer::send_ahead`) and the engine goes on with the next
//!   input while the server applies it. The answers are awaited before anything else uses the
//!   connection, and before the commit.
//!
//! Two savings per input: the load's round trip, and the wait for the save's answer. In script
//! mode over 1,000 tables (256 inputs a batch), the engine's handling of an input went from
//! ~400 to ~200 µs (docs/performance.md, "PostgreSQL").

use std::collections::HashMap;
use std::sync::Mutex;

/// Records read ahead and not saved since, by table id. The engine's thread reads it directly
/// (no hop to the store's runtime); the writer fills it, and empties it when the batch ends.
#[derive(Debug, Default)]
pub(crate) struct ReadAhead {
    records: Mutex<HashMap<i64, Vec<u8>>>,
}

impl ReadAhead {
    fn records(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Vec<u8>>> {
        self.records.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The record read ahead for `id`, if there is one.
    pub(crate) fn get(&self, id: i64) -> Option<Vec<u8>> {
        self.records().get(&id).cloned()
    }

    /// Drops the copy of a table about to be saved (or found unreadable).
    pub(crate) fn forget(&self, id: i64) {
        self.records().remove(&id);
    }

    pub(crate) fn keep(&self, id: i64, record: Vec<u8>) {
        self.records().insert(id, record);
    }

    /// Empties it: the batch ended, and the rows are no longer locked.
    pub(crate) fn clear(&self) {
        self.records().clear();
    }
}
