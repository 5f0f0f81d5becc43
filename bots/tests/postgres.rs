//! The bot over PostgreSQL (`IGROTEKA_DATABASE_URL`), through the Telegram emulator: the games
//! live in the database, not in a data folder, and survive a `kill -9` of the process.
//!
//! Needs the PostgreSQL server the project's machines run (127.0.0.1:5432, or
//! `IGROTEKA_TEST_DATABASE_URL`); without one it says so on stderr and passes.

mod support;

use igroteka::store::Store;
use igroteka_store_pg::PgStore;
use support::oracle::table_of;
use support::play::{self, open_and_start};
use support::{Emulator, STEP, TestUser, spawn_bot_with};

const DEFAULT_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

/// A schema of this test's own in the test database, migrated; dropped at the end.
struct Schema {
    url: String,
    name: String,
}

impl Schema {
    fn new() -> Option<Schema> {
        let url = std::env::var("IGROTEKA_TEST_DATABASE_URL").unwrap_or(DEFAULT_URL.into());
        if let Err(e) = igroteka_store_pg::probe(&url) {
            eprintln!("skipped: no PostgreSQL at {url} ({e})");
            return None;
        }
        let name = format!("igroteka_e2e_{}", std::process::id());
        drop(PgStore::open_in_schema(&url, &name).expect("the schema is made"));
        Some(Schema { url, name })
    }

    /// The URL a bot process connects with: the server's, with this schema first on the
    /// search path.
    fn bot_url(&self) -> String {
        let sep = if self.url.contains('?') { '&' } else { '?' };
        format!("{}{sep}options=-c%20search_path%3D{}", self.url, self.name)
    }

    fn open(&self) -> PgStore {
        PgStore::open_in_schema(&self.url, &self.name).unwrap()
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        let _ = igroteka_store_pg::drop_schema(&self.url, &self.name);
    }
}

#[test]
fn a_game_kept_in_postgresql_plays_on_after_a_kill() {
    let Some(schema) = Schema::new() else { return };
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let emulator = Emulator::start();
    let chat = -100_555;
    emulator.group(chat, "Planes", false);
    let players = vec![TestUser::new(7001, "Ann"), TestUser::new(7002, "Boris")];
    for player in &players {
        emulator.user(player);
    }
    let url = schema.bot_url();
    let env = [("IGROTEKA_DATABASE_URL", url.as_str())];
    let mut bot = spawn_bot_with(&emulator, &data, &env);
    let lobby = open_and_start(&emulator, chat, &players, "aeroplane");
    let table = table_of(&lobby.tokens()[0].1);
    let turn = |emulator: &Emulator| {
        emulator.wait("a board for a turn", STEP, |s| play::board_in(s, chat));
        play::step(emulator, chat, &players);
    };
    for _ in 0..4 {
        turn(&emulator);
    }
    bot.kill();
    // The game is in the database, and nothing in the data folder.
    let stored = schema.open().load(table).unwrap().expect("the table is in PostgreSQL");
    assert!(stored.seq >= 4, "seq {}", stored.seq);
    assert!(!data.join("db").exists(), "a sled folder was made beside the database");

    let _bot = spawn_bot_with(&emulator, &data, &env);
    for _ in 0..4 {
        turn(&emulator);
    }
    let after = schema.open().load(table).unwrap().unwrap();
    assert!(after.seq >= stored.seq + 4, "{} after {}", after.seq, stored.seq);
    assert_eq!(emulator.limited(), 0);
}
