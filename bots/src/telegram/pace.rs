//! The limiter's memory over a restart: each group's calls of the last minute, in the store.
//!
//! Telegram keeps counting a group's calls while the bot restarts; why the limiter keeps them
//! too, and how it covers what a crash loses, is in `super::limiter` ("Restarts"). Here is only
//! where they live: one short record per group in the store's preferences,
//! `telegram.pace.<chat>`, holding when the group's calls of the last minute returned (at most
//! 20 times, milliseconds since the Unix epoch, comma-separated), rewritten as each call
//! returns. With several processes a private chat has one too, holding its last call's time. The write is not flushed: sled writes it out within a tenth of a second, or with
//! the flush that marks a sent message, whichever comes first — a few milliseconds of work per
//! call, never a wait for the disk. A record is read once per run, when the limiter first meets
//! its group; a group that stops playing leaves its last record behind, which is ignored once
//! it is a minute old.
//!
//! Several processes over one PostgreSQL read the record before each call to a group (the
//! limiter's `catch_up`), so it is a *shared* preference (`Store::shared_pref`): read from
//! what is committed, not from the preferences cache that LISTEN/NOTIFY keeps true a moment
//! later, and written on its own, not in the engine's open batch that commits later. Either
//! delay let another process call the group again too soon (a 429, seen in `postgres_games`).

use igroteka::store::{SharedStore, Store};

use super::limiter::Journal;

/// The store as the limiter's [`Journal`].
#[derive(Debug)]
pub struct Pace {
    store: SharedStore,
}

impl Pace {
    pub fn new(store: SharedStore) -> Pace {
        Pace { store }
    }
}

fn key(chat: i64) -> String {
    format!("telegram.pace.{chat}")
}

impl Journal for Pace {
    fn load(&self, chat: i64) -> Vec<u64> {
        match self.store.shared_pref(&key(chat)) {
            Ok(record) => {
                record.unwrap_or_default().split(',').filter_map(|t| t.parse().ok()).collect()
            }
            Err(e) => {
                tracing::warn!("telegram: the pace of chat {chat} could not be read: {e}");
                Vec::new()
            }
        }
    }

    fn shared(&self) -> bool {
        self.store.shared()
    }

    fn save(&self, chat: i64, times: &[u64]) {
        let record: Vec<String> = times.iter().map(u64::to_string).collect();
        if let Err(e) = self.store.set_shared_pref(&key(chat), &record.join(",")) {
            tracing::warn!("telegram: the pace of chat {chat} could not be saved: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_groups_times_come_back_from_the_store() {
        let store: SharedStore =
            std::sync::Arc::new(igroteka::store::SledStore::temporary().unwrap());
        let pace = Pace::new(store.clone());
        assert!(pace.load(-100).is_empty());
        pace.save(-100, &[1_700_000_000_000, 1_700_000_003_529]);
        pace.save(-200, &[5]);
        assert_eq!(Pace::new(store).load(-100), [1_700_000_000_000, 1_700_000_003_529]);
        assert_eq!(pace.load(-200), [5]);
    }
}
