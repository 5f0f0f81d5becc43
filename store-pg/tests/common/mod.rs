//! The test database: the URL, a fresh schema per test (so tests run in parallel), dropped
//! after; and the skip when no server answers, so `cargo test` passes on a machine without
//! PostgreSQL.
#![allow(dead_code)]

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use igroteka::registry;
use igroteka::rng;
use igroteka::settings;
use igroteka::store::Store;
use igroteka::table::{ChatId, Platform, Player, Table, UserId};
use igroteka_store_pg::PgStore;

pub const DEFAULT_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

pub fn url() -> String {
    std::env::var("IGROTEKA_TEST_DATABASE_URL").unwrap_or_else(|_| DEFAULT_URL.to_string())
}

/// A schema of one test's own, dropped when this is.
#[derive(Debug)]
pub struct Db {
    pub url: String,
    pub schema: String,
}

impl Db {
    /// Runs one statement without parameters on a connection of the test's own, in the test's
    /// schema (to look behind the store, or to break something under it).
    pub fn sql(&self, query: &str) -> Vec<tokio_postgres::Row> {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let joint = if self.url.contains('?') { '&' } else { '?' };
            let url = format!("{}{joint}options=-c%20search_path%3D{}", self.url, self.schema);
            let (client, connection) =
                tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
            tokio::spawn(connection);
            client.query(query, &[]).await.unwrap()
        })
    }

    /// Makes PostgreSQL refuse, at the commit, any transaction that wrote the preference
    /// `refuse-at-commit` — with a serialization failure (40001), as under contention —
    /// through a deferred constraint trigger in the test's schema.
    pub fn refuse_at_commit(&self) {
        self.sql(
            "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN
                 IF NEW.key = 'refuse-at-commit' THEN
                     RAISE EXCEPTION 'refused at commit' USING ERRCODE = '40001';
                 END IF;
                 RETURN NULL;
             END $$",
        );
        self.sql(
            "CREATE CONSTRAINT TRIGGER refuse AFTER INSERT OR UPDATE ON prefs
             DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse()",
        );
    }

    /// A fresh schema, or `None` (with a line on stderr saying so) without a server.
    pub fn new() -> Option<Db> {
        static ANSWERS: OnceLock<Result<(), String>> = OnceLock::new();
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let url = url();
        if let Err(why) =
            ANSWERS.get_or_init(|| igroteka_store_pg::probe(&url).map_err(|e| e.to_string()))
        {
            // CI's machines run PostgreSQL: there a missing server fails instead of skipping.
            assert!(
                std::env::var_os("IGROTEKA_REQUIRE_POSTGRES").is_none(),
                "no PostgreSQL at {url} ({why}), and IGROTEKA_REQUIRE_POSTGRES is set"
            );
            eprintln!("skipped: no PostgreSQL at {url} ({why})");
            return None;
        }
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let schema = format!(
            "igroteka_t_{}_{}_{nanos}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        Some(Db { url, schema })
    }

    /// A store on this schema; each call is like another process opening the same database.
    pub fn open(&self) -> PgStore {
        PgStore::open_in_schema(&self.url, &self.schema).expect("the test database opens")
    }
}

impl Drop for Db {
    fn drop(&mut self) {
        if let Err(e) = igroteka_store_pg::drop_schema(&self.url, &self.schema) {
            eprintln!("the test schema {} was not dropped: {e}", self.schema);
        }
    }
}

pub fn console_chat(chat: &str) -> ChatId {
    ChatId { platform: Platform::Console, chat: chat.into(), thread: None }
}

pub fn person(id: &str) -> Player {
    Player::person(UserId { platform: Platform::Console, id: id.into() }, id.to_uppercase())
}

/// A new Aeroplane Chess lobby in `chat`, made with the core's own API, Alice seated.
pub fn lobby<S: Store>(store: &S, chat: ChatId) -> Table {
    let info = registry::find("aeroplane").unwrap();
    Table::new_lobby(
        store.new_table_id().unwrap(),
        chat,
        info,
        settings::defaults(info.settings),
        person("alice"),
        1,
        rng::seeded(1),
    )
}

/// A lobby with Bob seated too, started at `now` (its turn clock runs from then).
pub fn started<S: Store>(store: &S, chat: ChatId, now: u64) -> Table {
    let mut table = lobby(store, chat);
    table.players.push(person("bob"));
    table.start(now).unwrap();
    table
}
