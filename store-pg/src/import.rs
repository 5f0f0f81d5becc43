//! A backup restored into PostgreSQL: the target `igroteka migrate` (a sled folder moved over)
//! and `igroteka restore` (with a database configured) write to.
//!
//! The records come from the core already read as plain values
//! ([`igroteka::store::records`]): this module only says where each goes. Everything is
//! written in one transaction, which first checks again that the database holds no games, so
//! a refused or failed restore leaves it as it was. The sequences are moved past the backup's
//! next free id last (a sequence is not transactional): new tables and outbox entries never
//! take an id the restored ones hold, and a table's pending entries keep their order. The
//! preferences caches, this process's and (told at the commit) the others', are cleared.

use igroteka::store::StoreError;
use igroteka::store::backup::Backup;
use igroteka::store::records::{self, Item, TableItem};
use igroteka::store::restore::Target;
use igroteka::store::version::STAMP_KEYS;

use crate::PgStore;
use crate::codec;
use crate::conn::Conn;
use crate::prefs;

/// Log entries written by one statement.
const LOG_CHUNK: usize = 1000;

impl Target for PgStore {
    fn place(&self) -> String {
        "the database".into()
    }

    fn holds(&self) -> Result<Option<String>, StoreError> {
        self.reader(|mut conn| async move { holds(&mut conn).await })
    }

    fn write(&self, backup: &Backup) -> Result<(), StoreError> {
        let items = records::items(backup)?;
        let next_id = backup.next_id;
        let written = self.reader(move |mut conn| async move {
            conn.batch("BEGIN").await?;
            let result = write(&mut conn, &items, next_id).await;
            match result {
                Ok(()) => conn.batch("COMMIT").await,
                Err(e) => {
                    let _ = conn.batch("ROLLBACK").await;
                    Err(e)
                }
            }
        });
        // Preferences read before (none, in an empty database) are not served after it, here
        // or, told at its commit, in another process.
        self.shared.state.prefs.clear();
        written
    }
}

/// What the database holds besides its own version stamp, in a few words.
async fn holds(conn: &mut Conn) -> Result<Option<String>, StoreError> {
    let stamp: Vec<String> = STAMP_KEYS.iter().map(|k| k.to_string()).collect();
    let row = conn
        .one(
            "SELECT (SELECT count(*) FROM tables), (SELECT count(*) FROM quarantine),
                (SELECT count(*) FROM log), (SELECT count(*) FROM outbox),
                (SELECT count(*) FROM prefs WHERE NOT (key = ANY($1))),
                (SELECT count(*) FROM unreachable), (SELECT count(*) FROM boards),
                (SELECT count(*) FROM chats), (SELECT count(*) FROM taken)",
            &[&stamp],
        )
        .await?;
    let names = [
        "tables",
        "records set aside",
        "log entries",
        "outbox entries",
        "preferences",
        "unreachable users",
        "board messages",
        "chats",
        "taken updates",
    ];
    let found: Vec<String> = names
        .iter()
        .enumerate()
        .filter_map(|(n, name)| {
            let count: i64 = row.get(n);
            (count > 0).then(|| format!("{count} {name}"))
        })
        .collect();
    Ok((!found.is_empty()).then(|| found.join(", ")))
}

async fn write(conn: &mut Conn, items: &[Item], next_id: u64) -> Result<(), StoreError> {
    if let Some(what) = holds(conn).await? {
        return Err(StoreError::Backup(format!(
            "the database already holds {what}; only an empty one can take a backup"
        )));
    }
    let (mut last_id, mut last_pos) = (next_id, next_id);
    let mut log: (Vec<i64>, Vec<i64>, Vec<String>) = Default::default();
    for item in items {
        match item {
            Item::Table(table) => {
                last_id = last_id.max(table.id);
                insert_table(conn, table).await?;
            }
            Item::Chat { chat, table } => {
                conn.execute(
                    "INSERT INTO chats (chat, table_id) VALUES ($1, $2)",
                    &[chat, &codec::id(*table)],
                )
                .await?;
            }
            Item::Log { table, index, json } => {
                log.0.push(codec::id(*table));
                log.1.push(codec::id(*index));
                log.2.push(json.clone());
                if log.0.len() >= LOG_CHUNK {
                    insert_log(conn, &mut log).await?;
                }
            }
            Item::Outbox { table, position, json } => {
                last_pos = last_pos.max(*position);
                conn.execute(
                    "INSERT INTO outbox (table_id, pos, effect) VALUES ($1, $2, $3::text::json)",
                    &[&codec::id(*table), &codec::id(*position), json],
                )
                .await?;
            }
            Item::Slot { table, slot, shown } => {
                conn.execute(
                    "INSERT INTO boards (table_id, slot, message_id, buttons, retired)
                     VALUES ($1, $2, $3, $4, $5)",
                    &[
                        &codec::id(*table),
                        &slot.as_slice(),
                        &shown.id,
                        &shown.buttons,
                        &shown.retired,
                    ],
                )
                .await?;
            }
            Item::Pref { key, value } => {
                conn.execute(
                    "INSERT INTO prefs (key, value) VALUES ($1, $2)
                     ON CONFLICT (key) DO UPDATE SET value = $2",
                    &[key, value],
                )
                .await?;
            }
            Item::Unreachable { platform, user } => {
                conn.execute(
                    "INSERT INTO unreachable (platform, user_id) VALUES ($1, $2)
                     ON CONFLICT DO NOTHING",
                    &[platform, user],
                )
                .await?;
            }
            Item::Quarantined { id, reason, raw } => {
                last_id = last_id.max(*id);
                conn.execute(
                    "INSERT INTO quarantine (id, reason, raw) VALUES ($1, $2, $3)",
                    &[&codec::id(*id), reason, raw],
                )
                .await?;
            }
            Item::Taken { key, at } => {
                conn.execute(
                    "INSERT INTO taken (key, at) VALUES ($1, $2)",
                    &[key, &codec::time(*at)],
                )
                .await?;
            }
        }
    }
    insert_log(conn, &mut log).await?;
    prefs::announce_all(conn).await?;
    // New ids and positions come after every restored one (`setval`: the next is one more).
    for (sql, last) in
        [("SELECT setval('table_ids', $1)", last_id), ("SELECT setval('outbox_pos', $1)", last_pos)]
    {
        conn.one(sql, &[&codec::id(last.max(1))]).await?;
    }
    Ok(())
}

/// A table's row, and for a readable active one its players' index. A record that cannot be
/// read goes in as the sled store held it: active, so that it is loaded at start and set
/// aside then, with the chat freed.
async fn insert_table(conn: &mut Conn, table: &TableItem) -> Result<(), StoreError> {
    let (id, seq) = (codec::id(table.id), codec::id(table.seq));
    let Some(index) = &table.index else {
        conn.execute(
            "INSERT INTO tables (id, seq, platform, chat, active, indexed, record)
             VALUES ($1, $2, '', '', true, 0, $3)",
            &[&id, &seq, &table.record],
        )
        .await?;
        return Ok(());
    };
    let due = index.due.map(codec::time);
    let indexed = codec::id(index.fingerprint);
    conn.execute(
        "INSERT INTO tables (id, seq, platform, chat, active, due_at, indexed, record)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        &[&id, &seq, &index.platform, &index.chat, &index.active, &due, &indexed, &table.record],
    )
    .await?;
    if index.active {
        conn.execute(
            "INSERT INTO user_tables (user_key, table_id) SELECT u, $2 FROM unnest($1::text[]) AS u
             ON CONFLICT DO NOTHING",
            &[&index.users, &id],
        )
        .await?;
    }
    Ok(())
}

/// Writes the log entries gathered so far, and empties the gathering.
async fn insert_log(
    conn: &mut Conn,
    log: &mut (Vec<i64>, Vec<i64>, Vec<String>),
) -> Result<(), StoreError> {
    if log.0.is_empty() {
        return Ok(());
    }
    conn.execute(
        "INSERT INTO log (table_id, idx, entry)
         SELECT u.t, u.idx, u.entry::json
         FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS u(t, idx, entry)",
        &[&log.0, &log.1, &log.2],
    )
    .await?;
    *log = Default::default();
    Ok(())
}
