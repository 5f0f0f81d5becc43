//! What a backup's records mean, without sled's layout: for restoring into another backend.
//!
//! A backup holds the sled trees byte for byte ([`super::backup`]). Only this crate knows that
//! layout (the table record's header, the key of a log entry or a slot, how a preference marks
//! a user unreachable), so it is read here into plain values a backend can store as it likes:
//! each table record with what the store looks it up by, log and outbox entries as the JSON
//! they were written as, the messages slots show, preferences, unreachable users, records set
//! aside, and platform updates taken. The index trees (`chats`, `user_tables`, `unfinished`,
//! `due`) are derived from the tables, except the chat index, which says which game a chat is
//! playing and is passed on as it was.

use super::backup::Backup;
use super::{HEADER, SlotMessage, StoreError, id_from, index_fingerprint, slot_from, version};
use crate::table::Table;

/// One record of a backup, as plain values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    Table(TableItem),
    /// A chat's active table (`ChatId::key`).
    Chat {
        chat: String,
        table: u64,
    },
    /// An action-log entry: its index in the table's log, and its JSON.
    Log {
        table: u64,
        index: u64,
        json: String,
    },
    /// A pending outbox entry: its position (delivery order within the table), and its JSON.
    Outbox {
        table: u64,
        position: u64,
        json: String,
    },
    /// The message a table's slot shows (`Slot::key`).
    Slot {
        table: u64,
        slot: [u8; 8],
        shown: SlotMessage,
    },
    Pref {
        key: String,
        value: String,
    },
    /// A user who cannot be written to privately (`Platform::tag`, the platform's user id).
    Unreachable {
        platform: String,
        user: String,
    },
    /// A record set aside as unreadable, with the reason.
    Quarantined {
        id: u64,
        reason: String,
        raw: Vec<u8>,
    },
    /// A platform update taken (`tg:<update_id>`) and when, so it is not handled twice.
    Taken {
        key: String,
        at: u64,
    },
}

/// A table record, its bytes as stored, and what the store looks it up by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableItem {
    pub id: u64,
    /// The compare-and-swap's sequence number.
    pub seq: u64,
    /// `Table::to_bytes` as it was written (an older layout is migrated when it is loaded).
    pub record: Vec<u8>,
    /// `None` for a record that cannot be read: it is restored as it is and set aside when it
    /// is first loaded, as the sled store does.
    pub index: Option<TableIndex>,
}

/// What the indexes of a readable table record hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableIndex {
    /// `Platform::tag` of its chat.
    pub platform: &'static str,
    /// `ChatId::key`.
    pub chat: String,
    /// Not finished nor aborted.
    pub active: bool,
    /// When its turn clock next needs it.
    pub due: Option<u64>,
    /// `UserId::key` of each seated player.
    pub users: Vec<String>,
    /// What the indexes depend on, hashed: a save that leaves it alone leaves the indexes.
    pub fingerprint: u64,
}

impl TableIndex {
    pub fn of(table: &Table) -> TableIndex {
        TableIndex {
            platform: table.chat.platform.tag(),
            chat: table.chat.key(),
            active: !table.status.is_over(),
            due: table.due(),
            users: table.players.iter().map(|p| p.user.key()).collect(),
            fingerprint: index_fingerprint(table),
        }
    }
}

/// The trees whose records are derived from the tables and left out.
const DERIVED: [&str; 3] = ["user_tables", "unfinished", "due"];

/// Reads every record of `backup` as an [`Item`]; the index trees a backend derives from the
/// tables are left out, and so is the store's version stamp (the target carries its own). A
/// record this build cannot place (an unknown tree, a key of the wrong length) is an error
/// naming it: a partial move would lose it silently.
pub fn items(backup: &Backup) -> Result<Vec<Item>, StoreError> {
    let mut items = Vec::with_capacity(backup.records.len());
    for (tree, key, value) in &backup.records {
        if DERIVED.contains(&tree.as_str()) {
            continue;
        }
        let item = item(tree, key, value).ok_or_else(|| {
            StoreError::Backup(format!("a record this build cannot read in the {tree} tree"))
        })?;
        if let Some(item) = item {
            items.push(item);
        }
    }
    Ok(items)
}

/// One record; `Some(None)` for one left out on purpose, `None` for one that cannot be read.
fn item(tree: &str, key: &[u8], value: &[u8]) -> Option<Option<Item>> {
    let text = |bytes: &[u8]| String::from_utf8(bytes.to_vec()).ok();
    let pair = |key: &[u8]| Some((id_from(key)?, id_from(key.get(8..)?)?));
    Some(Some(match tree {
        "tables" => {
            let id = exact_id(key)?;
            let seq = id_from(value)?;
            let record = value.get(HEADER..)?.to_vec();
            let index = Table::from_bytes(&record)
                .ok()
                .filter(|table| table.id == id)
                .map(|table| TableIndex::of(&table));
            Item::Table(TableItem { id, seq, record, index })
        }
        "chats" => Item::Chat { chat: text(key)?, table: exact_id(value)? },
        "log" => {
            let (table, index) = pair(key).filter(|_| key.len() == 16)?;
            Item::Log { table, index, json: text(value)? }
        }
        "outbox" => {
            let (table, position) = pair(key).filter(|_| key.len() == 16)?;
            Item::Outbox { table, position, json: text(value)? }
        }
        "boards" => {
            let table = id_from(key).filter(|_| key.len() == 16)?;
            let slot = key[8..].try_into().ok()?;
            Item::Slot { table, slot, shown: slot_from(value) }
        }
        "prefs" => {
            let key = text(key)?;
            if version::STAMP_KEYS.contains(&key.as_str()) {
                return Some(None);
            }
            match key.strip_prefix("unreachable:") {
                Some(rest) => {
                    let (platform, user) = rest.split_once(':')?;
                    Item::Unreachable { platform: platform.into(), user: user.into() }
                }
                None => Item::Pref { key, value: text(value)? },
            }
        }
        "quarantine" => {
            let id = exact_id(key)?;
            let mut parts = value.splitn(2, |b| *b == 0);
            let reason = String::from_utf8_lossy(parts.next()?).into_owned();
            Item::Quarantined { id, reason, raw: parts.next().unwrap_or_default().to_vec() }
        }
        "taken" => match key.split_first()? {
            (b'k', update) => Item::Taken { key: text(update)?, at: exact_id(value)? },
            // The same entries in the order of time: an index of the first kind.
            (b't', _) => return Some(None),
            _ => return None,
        },
        _ => return None,
    }))
}

fn exact_id(bytes: &[u8]) -> Option<u64> {
    id_from(bytes).filter(|_| bytes.len() == 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(tree: &str, key: &[u8], value: &[u8]) -> Option<Option<Item>> {
        item(tree, key, value)
    }

    #[test]
    fn records_read_as_plain_values_and_unknown_ones_are_refused() {
        let log_key = [7u64.to_be_bytes(), 3u64.to_be_bytes()].concat();
        assert_eq!(
            one("log", &log_key, b"{\"a\":1}"),
            Some(Some(Item::Log { table: 7, index: 3, json: "{\"a\":1}".into() }))
        );
        assert_eq!(
            one("prefs", b"unreachable:tg:42", b""),
            Some(Some(Item::Unreachable { platform: "tg".into(), user: "42".into() }))
        );
        assert_eq!(
            one("prefs", b"lang:tg:1", b"ru"),
            Some(Some(Item::Pref { key: "lang:tg:1".into(), value: "ru".into() }))
        );
        assert_eq!(one("prefs", b"store.writer", b"igroteka 0.1.0"), Some(None));
        assert_eq!(
            one("quarantine", &9u64.to_be_bytes(), b"bad json\0{ raw"),
            Some(Some(Item::Quarantined {
                id: 9,
                reason: "bad json".into(),
                raw: b"{ raw".to_vec()
            }))
        );
        assert_eq!(
            one("taken", b"ktg:5", &1_000u64.to_be_bytes()),
            Some(Some(Item::Taken { key: "tg:5".into(), at: 1_000 }))
        );
        // A table record too short for its header, a log key of the wrong length, a tree this
        // build does not know: refused rather than dropped.
        assert_eq!(one("tables", &1u64.to_be_bytes(), b"short"), None);
        assert_eq!(one("log", &7u64.to_be_bytes(), b"{}"), None);
        assert_eq!(one("mystery", b"k", b"v"), None);
        // An unreadable table record is kept, without an index.
        let mut raw = vec![0u8; HEADER];
        raw.extend_from_slice(b"{ not a table");
        let Some(Some(Item::Table(table))) = one("tables", &5u64.to_be_bytes(), &raw) else {
            panic!("a table item")
        };
        assert_eq!((table.id, table.index, table.record), (5, None, b"{ not a table".to_vec()));
    }
}
