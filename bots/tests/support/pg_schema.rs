//! A PostgreSQL schema of one test's own in the test database, migrated, and dropped at the
//! end — so tests running at once never see each other's tables.
//!
//! The server is `IGROTEKA_TEST_DATABASE_URL` (default: the project machines' 127.0.0.1:5432,
//! database `test`). Without one the test says so on stderr and passes, unless
//! `IGROTEKA_REQUIRE_POSTGRES` is set (CI), where a missing server fails it.
#![allow(dead_code)]

use std::sync::atomic::{AtomicUsize, Ordering};

use igroteka_store_pg::PgStore;

const DEFAULT_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

pub struct Schema {
    url: String,
    name: String,
}

impl Schema {
    /// A fresh schema named after `what`, or `None` (the test is skipped) without a server.
    pub fn new(what: &str) -> Option<Schema> {
        let url = std::env::var("IGROTEKA_TEST_DATABASE_URL").unwrap_or(DEFAULT_URL.into());
        if let Err(e) = igroteka_store_pg::probe(&url) {
            assert!(
                std::env::var_os("IGROTEKA_REQUIRE_POSTGRES").is_none(),
                "no PostgreSQL at {url} ({e}), and IGROTEKA_REQUIRE_POSTGRES is set"
            );
            eprintln!("skipped: no PostgreSQL at {url} ({e})");
            return None;
        }
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        let name = format!("igroteka_{what}_{}_{n}", std::process::id());
        drop(PgStore::open_in_schema(&url, &name).expect("the schema is made"));
        Some(Schema { url, name })
    }

    /// The URL a bot process connects with (`IGROTEKA_DATABASE_URL`): the server's, with this
    /// schema first on the search path.
    pub fn bot_url(&self) -> String {
        let sep = if self.url.contains('?') { '&' } else { '?' };
        format!("{}{sep}options=-c%20search_path%3D{}", self.url, self.name)
    }

    /// The store, as the bot processes see it.
    pub fn open(&self) -> PgStore {
        PgStore::open_in_schema(&self.url, &self.name).expect("the schema opens")
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        if let Err(e) = igroteka_store_pg::drop_schema(&self.url, &self.name) {
            eprintln!("the test schema {} was not dropped: {e}", self.name);
        }
    }
}
