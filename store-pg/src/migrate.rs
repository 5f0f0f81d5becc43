//! Versioned schema migrations, applied when a store opens.
//!
//! Each migration is a plain numbered SQL file in `store-pg/migrations/` (`0001_init.sql`,
//! `0002_….sql`), embedded in the binary with `include_str!` and listed in [`MIGRATIONS`]; a
//! test checks the list against the files on disk. At open, the missing ones are applied in
//! one transaction that first takes a transaction-scoped advisory lock, so several processes
//! starting at once apply each migration once (the others wait, then find it recorded in
//! `schema_migrations`). A migration is never edited once released: a change is a new file.

use igroteka::store::StoreError;

use crate::conn::Conn;

/// `(version, file name, SQL)`, in order, numbered from 1 without gaps.
pub(crate) const MIGRATIONS: &[(i32, &str, &str)] = &[
    (1, "0001_init.sql", include_str!("../migrations/0001_init.sql")),
    (2, "0002_clock_claims.sql", include_str!("../migrations/0002_clock_claims.sql")),
    (3, "0003_save_in_one_call.sql", include_str!("../migrations/0003_save_in_one_call.sql")),
    (4, "0004_prefs_by_prefix.sql", include_str!("../migrations/0004_prefs_by_prefix.sql")),
    (
        5,
        "0005_tables_move_to_threads.sql",
        include_str!("../migrations/0005_tables_move_to_threads.sql"),
    ),
];

/// The advisory lock the migrating transaction holds ("igroteka" in ASCII).
const LOCK: i64 = 0x6967_726f_7465_6b61;

/// Applies the migrations the database lacks; returns the versions applied now.
pub(crate) async fn migrate(conn: &mut Conn, schema: Option<&str>) -> Result<Vec<i32>, StoreError> {
    conn.batch("BEGIN").await?;
    let result = apply(conn, schema).await;
    match result {
        Ok(applied) => {
            conn.batch("COMMIT").await?;
            Ok(applied)
        }
        Err(e) => {
            let _ = conn.batch("ROLLBACK").await;
            Err(e)
        }
    }
}

async fn apply(conn: &mut Conn, schema: Option<&str>) -> Result<Vec<i32>, StoreError> {
    conn.execute("SELECT pg_advisory_xact_lock($1)", &[&LOCK]).await?;
    if let Some(schema) = schema {
        // Checked to be a plain identifier when the target was made (conn::check_identifier).
        conn.batch(&format!("CREATE SCHEMA IF NOT EXISTS {schema}")).await?;
    }
    conn.batch(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
            version int PRIMARY KEY,
            applied_at timestamptz NOT NULL DEFAULT now()
        )",
    )
    .await?;
    let done: Vec<i32> = conn
        .query("SELECT version FROM schema_migrations ORDER BY version", &[])
        .await?
        .iter()
        .map(|row| row.get(0))
        .collect();
    if let Some(newer) = done.iter().find(|v| **v > MIGRATIONS.len() as i32) {
        return Err(StoreError::Backend(format!(
            "the database has schema version {newer}, newer than this program knows ({})",
            MIGRATIONS.len()
        )));
    }
    let mut applied = Vec::new();
    for (version, name, sql) in MIGRATIONS {
        if done.contains(version) {
            continue;
        }
        conn.batch(sql).await.map_err(|e| StoreError::Backend(format!("migration {name}: {e}")))?;
        conn.execute("INSERT INTO schema_migrations (version) VALUES ($1)", &[version]).await?;
        applied.push(*version);
    }
    Ok(applied)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded list is the folder's files, numbered from 1 without gaps, each embedded
    /// as it is on disk.
    #[test]
    fn the_embedded_migrations_are_the_files_numbered_without_gaps() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort();
        let listed: Vec<&str> = MIGRATIONS.iter().map(|(_, name, _)| *name).collect();
        assert_eq!(files, listed, "every file in migrations/ is listed, in order");
        for (index, (version, name, sql)) in MIGRATIONS.iter().enumerate() {
            assert_eq!(*version, index as i32 + 1, "{name}: numbered without gaps");
            let prefix = format!("{version:04}_");
            assert!(name.starts_with(&prefix) && name.ends_with(".sql"), "{name}");
            let on_disk = std::fs::read_to_string(dir.join(name)).unwrap();
            assert_eq!(*sql, on_disk, "{name} is embedded as on disk");
        }
    }
}
