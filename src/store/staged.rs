//! The writes of the next group commit, held in memory until a flush commits them together.
//!
//! Why: a sled 0.34 transaction is expensive for what it does. Each one seals sled's I/O buffer
//! twice (before and after its batch marker), and every sealed buffer is handed to sled's
//! thread pool, which wakes *all* of its idle I/O threads for it. With a transaction per press
//! that was about half of the process's CPU (docs/performance-journal.md, "Where it stands
//! (issue 12's targets)"). Saves are therefore staged here, and [`Staged::commit`] writes
//! everything staged since the last flush in one transaction: a batch of inputs costs one
//! transaction and one flush, and a table pressed several times in a batch is written once.
//!
//! Atomicity is unchanged: a save is staged under one lock (so a reader sees all of it or
//! none), and the commit is one transaction (so a crash keeps all of a batch or none of it).
//! Durability is unchanged too: nothing is acknowledged before the flush, and the flush
//! commits first. Readers of the staged trees go through [`Staged::get`] and [`Staged::scan`],
//! which see staged writes over sled's. The outbox is the exception by design: only entries
//! known durable are delivered, and a staged entry never is.

use std::collections::BTreeMap;

use sled::transaction::{ConflictableTransactionError, TransactionError, Transactional};

use super::{Entry, StoreError, Writing};

/// The trees a save writes, in the order of [`Staged::trees`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Tables,
    Chats,
    UserTables,
    Unfinished,
    Log,
    Outbox,
    /// The turn clocks' index: `d` + due time + table id, and `t` + table id → due time.
    Due,
    /// The platform updates taken: `k` + update key → time taken, and `t` + time + key
    /// (so the old ones are found without a scan).
    Taken,
    /// The preferences that belong to a save (a finished game's history record,
    /// `Store::stage_pref`): committed with it or not at all.
    Prefs,
}

const KINDS: usize = 9;

/// Staged writes: per tree, a key's new value (`None`: removed).
type Changes = BTreeMap<Vec<u8>, Option<Vec<u8>>>;

/// Writes staged over the nine trees a save touches, committed by [`Staged::commit`] (and when
/// the last handle is dropped, so that nothing staged is lost on an orderly close).
#[derive(Debug)]
pub(super) struct Staged {
    trees: [sled::Tree; KINDS],
    changes: [Changes; KINDS],
    /// Outbox positions in `changes`: they count as being written until committed.
    writing: Vec<Writing>,
}

impl Staged {
    pub(super) fn new(trees: [sled::Tree; KINDS]) -> Staged {
        Staged { trees, changes: Default::default(), writing: Vec::new() }
    }

    pub(super) fn tree(&self, kind: Kind) -> &sled::Tree {
        &self.trees[kind as usize]
    }

    /// The value of `key`, staged or stored.
    pub(super) fn get(&self, kind: Kind, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        match self.changes[kind as usize].get(key) {
            Some(staged) => Ok(staged.clone()),
            None => Ok(self.tree(kind).get(key)?.map(|v| v.to_vec())),
        }
    }

    /// Every entry whose key starts with `prefix`, staged over stored, in key order.
    pub(super) fn scan(&self, kind: Kind, prefix: &[u8]) -> Result<Vec<Entry>, StoreError> {
        let mut merged = BTreeMap::new();
        for item in self.tree(kind).scan_prefix(prefix) {
            let (key, value) = item?;
            merged.insert(key.to_vec(), value.to_vec());
        }
        let changes = &self.changes[kind as usize];
        for (key, change) in
            changes.range(prefix.to_vec()..).take_while(|(k, _)| k.starts_with(prefix))
        {
            match change {
                Some(value) => merged.insert(key.clone(), value.clone()),
                None => merged.remove(key),
            };
        }
        Ok(merged.into_iter().collect())
    }

    /// Every entry with a key in `from..=to`, staged over stored, in key order, at most
    /// `limit` of them.
    pub(super) fn range(
        &self,
        kind: Kind,
        from: &[u8],
        to: &[u8],
        limit: usize,
    ) -> Result<Vec<Entry>, StoreError> {
        let mut merged = BTreeMap::new();
        let changes = &self.changes[kind as usize];
        // Staged removals may hide stored entries: read as many more as there are.
        let hidden = changes.range(from.to_vec()..=to.to_vec()).count();
        for item in self.tree(kind).range(from..=to).take(limit + hidden) {
            let (key, value) = item?;
            merged.insert(key.to_vec(), value.to_vec());
        }
        for (key, change) in changes.range(from.to_vec()..=to.to_vec()) {
            match change {
                Some(value) => merged.insert(key.clone(), value.clone()),
                None => merged.remove(key),
            };
        }
        Ok(merged.into_iter().take(limit).collect())
    }

    pub(super) fn insert(
        &mut self,
        kind: Kind,
        key: impl Into<Vec<u8>>,
        value: impl Into<Vec<u8>>,
    ) {
        self.changes[kind as usize].insert(key.into(), Some(value.into()));
    }

    pub(super) fn remove(&mut self, kind: Kind, key: impl Into<Vec<u8>>) {
        self.changes[kind as usize].insert(key.into(), None);
    }

    /// Keeps the guard of staged outbox positions until they are committed.
    pub(super) fn hold(&mut self, writing: Writing) {
        self.writing.push(writing);
    }

    /// Writes everything staged in one sled transaction. On failure the staged writes are
    /// dropped with the error: none of them reached sled, and none was acknowledged.
    pub(super) fn commit(&mut self) -> Result<(), StoreError> {
        if self.changes.iter().all(BTreeMap::is_empty) {
            return Ok(());
        }
        let changes = std::mem::take(&mut self.changes);
        let writing = std::mem::take(&mut self.writing);
        // Only the trees written take part (most batches leave the preferences alone).
        let touched: Vec<usize> = (0..KINDS).filter(|k| !changes[*k].is_empty()).collect();
        let trees: Vec<sled::Tree> = touched.iter().map(|k| self.trees[*k].clone()).collect();
        let result = trees[..].transaction(|trees| {
            for (tree, kind) in trees.iter().zip(&touched) {
                for (key, change) in &changes[*kind] {
                    match change {
                        Some(value) => tree.insert(key.as_slice(), value.as_slice())?,
                        None => tree.remove(key.as_slice())?,
                    };
                }
            }
            Ok::<(), ConflictableTransactionError<()>>(())
        });
        drop(writing);
        match result {
            Ok(()) => Ok(()),
            Err(TransactionError::Storage(e)) => Err(e.into()),
            Err(TransactionError::Abort(())) => Err(StoreError::Internal),
        }
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Err(e) = self.commit() {
            tracing::error!("staged writes could not be committed on close: {e}");
        }
    }
}
