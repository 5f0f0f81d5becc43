//! How the core's values become column values, and back.
//!
//! Ids and sequence numbers are `u64` in the core and `bigint` in PostgreSQL: they are stored
//! bit for bit (`as i64`), so every id round-trips. Times (ms since the epoch) are compared in
//! SQL, so a time past `i64::MAX` is clamped rather than wrapped. Outbox keys keep the sled
//! store's layout (table id, then position, big-endian), which is what the core hands back to
//! [`igroteka::store::Store::outbox_done`].

use igroteka::table::Table;

pub(crate) fn id(value: u64) -> i64 {
    value as i64
}

pub(crate) fn id_back(value: i64) -> u64 {
    value as u64
}

pub(crate) fn time(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// An outbox entry's key: table id, then position, 8 bytes each, big-endian.
pub(crate) fn outbox_key(table: i64, pos: i64) -> Vec<u8> {
    let mut key = id_back(table).to_be_bytes().to_vec();
    key.extend_from_slice(&id_back(pos).to_be_bytes());
    key
}

/// The table and position of an outbox key; `None` for a key no entry has.
pub(crate) fn outbox_key_back(key: &[u8]) -> Option<(i64, i64)> {
    if key.len() != 16 {
        return None;
    }
    let table = u64::from_be_bytes(key[..8].try_into().ok()?);
    let pos = u64::from_be_bytes(key[8..].try_into().ok()?);
    Some((id(table), id(pos)))
}

/// A fingerprint of what the indexes depend on: the status (over or not), the chat and the
/// players. A save whose fingerprint is the stored one leaves the indexes alone. Never zero,
/// which marks a record planted without indexes.
pub(crate) fn fingerprint(table: &Table) -> i64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (table.status.is_over(), table.chat.key()).hash(&mut hasher);
    for player in &table.players {
        player.user.key().hash(&mut hasher);
    }
    (hasher.finish() | 1) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_outbox_keys_round_trip() {
        for value in [0, 1, 42, i64::MAX as u64, i64::MAX as u64 + 1, u64::MAX] {
            assert_eq!(id_back(id(value)), value);
        }
        let key = outbox_key(id(7), id(u64::MAX - 3));
        assert_eq!(key.len(), 16);
        assert_eq!(outbox_key_back(&key), Some((7, id(u64::MAX - 3))));
        assert_eq!(outbox_key_back(b"short"), None);
        assert_eq!(time(u64::MAX), i64::MAX);
        assert_eq!(time(1_700_000_000_000), 1_700_000_000_000);
    }
}
