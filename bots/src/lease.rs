//! Delivery leases, as the adapters hold them over a pass.
//!
//! With one process over a sled folder there is nothing to share and this costs nothing. When
//! several processes share a database ([`Store::shared`]), each table's outbox is delivered by
//! one of them at a time: [`igroteka::outbox::deliver`] takes the table's lease before each
//! entry, and [`renewing`] keeps it alive while a call waits (a rate limit can hold one far
//! longer than the lease lasts). A process that stops renews nothing, its leases run out
//! within [`LEASE_MS`], and [`orphans`] — run by every process now and then — finds the tables
//! it left with entries pending, so another process takes them over.

use std::future::Future;
use std::time::Duration;

use igroteka::outbox::{self, LEASE_MS, LEASE_RENEW_MS};
use igroteka::store::{SharedStore, Store};

/// Runs `pass` (a delivery pass over `table`), renewing this process's lease on the table
/// every [`LEASE_RENEW_MS`] until it ends.
pub async fn renewing<F: Future>(store: &SharedStore, table: u64, pass: F) -> F::Output {
    if !store.shared() {
        return pass.await;
    }
    let mut pass = std::pin::pin!(pass);
    let mut tick = tokio::time::interval(Duration::from_millis(LEASE_RENEW_MS));
    tick.tick().await;
    loop {
        tokio::select! {
            out = &mut pass => return out,
            _ = tick.tick() => {
                // Refused only if the lease ran out and another process took it: the pass
                // finds that out before its next entry and stops.
                let store = store.clone();
                let renewed = tokio::task::spawn_blocking(move || outbox::lease(&store, table)).await;
                if !matches!(renewed, Ok(Ok(true))) {
                    tracing::warn!(table, "the delivery lease could not be renewed");
                }
            }
        }
    }
}

/// A pass over `table` ended at a stop with entries left: hands the table to whichever process
/// delivers next at once, rather than when the lease runs out ([`LEASE_MS`]).
pub fn leave_at_stop(store: &SharedStore, table: u64) {
    if store.shared()
        && let Err(e) = store.release_outbox(table, outbox::holder())
    {
        tracing::warn!(table, "the delivery lease could not be released: {e}");
    }
}

/// Every now and then (each [`LEASE_MS`]), the tables with pending entries, for `wake` to
/// look at: what a stopped process left undelivered, or what another process saved. Runs only
/// over a shared store, until the process stops.
pub async fn orphans(store: SharedStore, wake: impl Fn(u64)) {
    if !store.shared() {
        return;
    }
    let mut tick = tokio::time::interval(Duration::from_millis(LEASE_MS));
    loop {
        tick.tick().await;
        if crate::stop::STOP.is_requested() {
            return;
        }
        let found = {
            let store = store.clone();
            tokio::task::spawn_blocking(move || store.outbox_tables()).await
        };
        match found {
            Ok(Ok(tables)) => tables.into_iter().for_each(&wake),
            Ok(Err(e)) => tracing::warn!("reading the pending deliveries failed: {e}"),
            Err(_) => {}
        }
    }
}
