//! `igroteka migrate --from DIR --to URL` (the real binary): a sled folder with games in every
//! state — a lobby open, a game running with undelivered outbox entries, a game finished, an
//! unreadable record and one already set aside, preferences, unreachable users, taken updates
//! — moves to PostgreSQL, where each game plays on; a database that holds games is refused and
//! left as it was; the folder is left as it was; the URL's password is never shown.
//!
//! Needs the PostgreSQL server the project's machines run; without one each test says so on
//! stderr and passes (unless `IGROTEKA_REQUIRE_POSTGRES` is set).

#[path = "support/pg_schema.rs"]
mod pg_schema;

use std::path::Path;
use std::process::{Command, Output};

use igroteka::app::{Dest, Effect, Message};
use igroteka::game::Actor;
use igroteka::harness;
use igroteka::outbox::{self, Slot, SlotMessage};
use igroteka::registry;
use igroteka::rng;
use igroteka::settings;
use igroteka::store::backup;
use igroteka::store::{Done, SledStore, Store, StoreError};
use igroteka::table::{ChatId, Platform, Player, Status, Table, UserId};
use pg_schema::Schema;

const CACHE: u64 = 4 << 20;
const NOW: u64 = 1_700_000_000_000;

fn igroteka(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_igroteka"))
        .args(args)
        .env_remove("IGROTEKA_DATABASE_URL")
        .env_remove("IGROTEKA_DATA")
        .env_remove("IGROTEKA_CONFIG")
        .output()
        .expect("igroteka runs")
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn migrate(from: &Path, to: &str) -> Output {
    igroteka(&["migrate", "--from", from.to_str().unwrap(), "--to", to])
}

fn chat(id: &str) -> ChatId {
    ChatId { platform: Platform::Telegram, chat: id.into(), thread: None }
}

fn person(id: &str) -> Player {
    Player::person(UserId { platform: Platform::Telegram, id: id.into() }, format!("P{id}"))
}

fn lobby(store: &impl Store, chat_id: &str, game: &str) -> Table {
    let info = registry::find(game).unwrap();
    Table::new_lobby(
        store.new_table_id().unwrap(),
        chat(chat_id),
        info,
        settings::defaults(info.settings),
        person("1"),
        NOW,
        rng::seeded(1),
    )
}

fn show(text: &str, slot: Slot) -> Effect {
    Effect::Show {
        to: Dest::Chat { chat: "c".into(), thread: None },
        slot,
        message: Message::text(text),
        fresh: false,
    }
}

/// One random move of whoever is to move, saved as a compare-and-swap on what was loaded.
/// `false` when the game has no move left.
fn play_one(store: &impl Store, id: u64, seed: u64, now: u64) -> bool {
    let mut table = store.load(id).unwrap().unwrap();
    let read = table.seq;
    let step = harness::random_dyn_action(table.game_ref().unwrap(), &mut rng::seeded(seed));
    let Some((Actor::Seat(seat), action)) = step.unwrap() else { return false };
    table.act(seat, &action, now).unwrap();
    let board = outbox::entries(&[show(&format!("move {seed}"), Slot::Board)]);
    store.save(&table, Some(read), &board).unwrap();
    true
}

/// The ids of the folder's games, by state.
struct Folder {
    lobby: u64,
    running: u64,
    finished: u64,
    unreadable: u64,
    set_aside: u64,
}

/// A sled folder with games in every state, closed when this returns.
fn folder(dir: &Path) -> Folder {
    let store = SledStore::open(dir, CACHE).unwrap();
    // A lobby, its board delivered.
    let open = lobby(&store, "-1", "aeroplane");
    store.save(&open, None, &outbox::entries(&[show("lobby", Slot::Board)])).unwrap();
    store.flush().unwrap();
    let key = store.outbox(open.id).unwrap()[0].key.clone();
    let shown = SlotMessage::new("501".into(), true);
    let done = Done { shown: Some((open.id, Slot::Board, &shown)), sent: true };
    store.outbox_done(&key, done).unwrap();
    // A game running, its last moves not delivered yet.
    let mut running = lobby(&store, "-2", "aeroplane");
    running.players.push(person("2"));
    running.start(NOW).unwrap();
    store.save(&running, None, &[]).unwrap();
    for n in 0..6 {
        assert!(play_one(&store, running.id, n, NOW + 1_000 * n));
    }
    // A game played to its end.
    let mut finished = lobby(&store, "-3", "tank-battle");
    finished.players.push(person("3"));
    finished.start(NOW).unwrap();
    store.save(&finished, None, &[]).unwrap();
    let mut moves = 0;
    while play_one(&store, finished.id, 1_000 + moves, NOW + moves) {
        store.flush().unwrap();
        let before = store.outbox(finished.id).unwrap();
        for pending in before {
            store.outbox_done(&pending.key, Done::default()).unwrap();
        }
        moves += 1;
        assert!(moves < 20_000, "tank-battle never ended");
    }
    assert_eq!(store.load(finished.id).unwrap().unwrap().status, Status::Finished);
    // A record that cannot be read, with its chat pointing at it; another already set aside.
    let unreadable = store.new_table_id().unwrap();
    store.put_raw(unreadable, b"{ not a table").unwrap();
    store.put_chat_index(&chat("-4"), unreadable).unwrap();
    let set_aside = store.new_table_id().unwrap();
    store.put_raw(set_aside, b"also broken").unwrap();
    assert!(matches!(store.load(set_aside), Err(StoreError::Corrupt { .. })));
    // What is not a game.
    store.set_pref("lang:tg:1", "ru").unwrap();
    store.set_pref("tz:tg:2", "+3").unwrap();
    store.set_unreachable(Platform::Telegram, "2", true).unwrap();
    store.mark_taken("tg:77", NOW).unwrap();
    store.flush().unwrap();
    assert_eq!(store.outbox(running.id).unwrap().len(), 6, "six entries wait for delivery");
    Folder { lobby: open.id, running: running.id, finished: finished.id, unreadable, set_aside }
}

/// Everything the folder holds, record by record, read without changing it.
fn records(dir: &Path) -> Vec<(String, Vec<u8>, Vec<u8>)> {
    let store = SledStore::open_as_is(dir, CACHE).unwrap();
    let mut file = Vec::new();
    store.backup(&mut file).unwrap();
    backup::read(file.as_slice()).unwrap().records
}

#[test]
fn a_sled_folder_moves_to_postgresql_and_every_game_plays_on() {
    let Some(schema) = Schema::new("migrate") else { return };
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let ids = folder(&data);
    let before = records(&data);
    let sled = SledStore::open_as_is(&data, CACHE).unwrap();
    let tables: Vec<Table> = [ids.lobby, ids.running, ids.finished]
        .iter()
        .map(|id| sled.load(*id).unwrap().unwrap())
        .collect();
    let logs: Vec<_> = tables.iter().map(|t| sled.log(t.id).unwrap()).collect();
    let pending = sled.outbox(ids.running).unwrap();
    drop(sled);

    let moved = migrate(&data, &schema.bot_url());
    assert!(moved.status.success(), "{}", text(&moved));
    let said = text(&moved);
    assert!(said.contains("3 unfinished, 1 unreadable and set aside"), "{said}");
    assert!(said.contains("data folder is unchanged"), "{said}");
    assert_eq!(records(&data), before, "the folder changed");

    let pg = schema.open();
    // Every table, its log and its pending outbox, as they were.
    for (table, log) in tables.iter().zip(&logs) {
        let back = pg.load(table.id).unwrap().unwrap();
        assert_eq!(back.to_bytes(), table.to_bytes(), "table {}", table.id);
        assert_eq!(&pg.log(table.id).unwrap(), log, "the log of {}", table.id);
    }
    let moved_pending = pg.outbox(ids.running).unwrap();
    assert_eq!(moved_pending, pending, "the undelivered entries, in order, with their keys");
    assert_eq!(pg.outbox_tables().unwrap(), [ids.running]);
    assert_eq!(
        pg.slot_shown(ids.lobby, Slot::Board).unwrap(),
        Some(SlotMessage::new("501".into(), true))
    );
    // The indexes, rebuilt.
    assert_eq!(pg.chat_table(&chat("-1")).unwrap(), Some(ids.lobby));
    assert_eq!(pg.chat_table(&chat("-2")).unwrap(), Some(ids.running));
    assert_eq!(pg.chat_table(&chat("-3")).unwrap(), None, "a finished game frees its chat");
    assert_eq!(pg.chat_table(&chat("-4")).unwrap(), None, "freed when it was set aside");
    assert_eq!(pg.unfinished().unwrap(), [ids.lobby, ids.running]);
    let two = UserId { platform: Platform::Telegram, id: "2".into() };
    assert_eq!(pg.user_tables(&two).unwrap(), [ids.running]);
    assert_eq!(pg.due_tables(Platform::Telegram, u64::MAX, 10).unwrap(), [ids.running]);
    // What was set aside, and what is not a game.
    let mut aside: Vec<u64> = pg.quarantined().unwrap().iter().map(|(id, _)| *id).collect();
    aside.sort_unstable();
    assert_eq!(aside, [ids.unreadable, ids.set_aside]);
    assert_eq!(pg.pref("lang:tg:1").unwrap().as_deref(), Some("ru"));
    assert_eq!(pg.pref("tz:tg:2").unwrap().as_deref(), Some("+3"));
    assert!(pg.is_unreachable(Platform::Telegram, "2").unwrap());
    assert!(!pg.is_unreachable(Platform::Telegram, "1").unwrap());
    assert!(pg.was_taken("tg:77").unwrap());

    // The games play on: the pending entries are delivered, the running game moves, a stale
    // save is refused, the lobby fills and starts.
    for entry in &moved_pending {
        pg.outbox_done(&entry.key, Done::default()).unwrap();
    }
    let seq = pg.load(ids.running).unwrap().unwrap().seq;
    for n in 0..4 {
        assert!(play_one(&pg, ids.running, 100 + n, NOW + 100_000 + n));
        pg.flush().unwrap();
    }
    let mut running = pg.load(ids.running).unwrap().unwrap();
    assert_eq!(running.seq, seq + 4);
    let log = pg.log(ids.running).unwrap();
    assert_eq!(log.len() as u64, running.log_len());
    assert_eq!(Some(running.replay(&log).unwrap().snapshot().as_str()), running.state());
    assert_eq!(pg.outbox(ids.running).unwrap().len(), 4, "new entries after the moved ones");
    running.touch(NOW + 200_000);
    assert!(matches!(pg.save(&running, Some(seq), &[]), Err(StoreError::Conflict)));
    let mut open = pg.load(ids.lobby).unwrap().unwrap();
    let read = open.seq;
    open.players.push(person("5"));
    open.start(NOW + 300_000).unwrap();
    pg.save(&open, Some(read), &[]).unwrap();
    pg.flush().unwrap();
    assert_eq!(pg.load(ids.lobby).unwrap().unwrap().status, Status::Playing);
    // New tables take ids the folder never held, in the chats now free.
    let fresh = lobby(&pg, "-3", "aeroplane");
    assert!(fresh.id > ids.set_aside, "id {} is not new", fresh.id);
    pg.save(&fresh, None, &[]).unwrap();
    pg.flush().unwrap();
    assert_eq!(pg.chat_table(&chat("-3")).unwrap(), Some(fresh.id));
}

#[test]
fn a_database_that_holds_games_is_refused_and_left_as_it_was() {
    let Some(schema) = Schema::new("migrate_full") else { return };
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (dir.path().join("first"), dir.path().join("second"));
    folder(&first);
    let ids = folder(&second);
    let moved = migrate(&first, &schema.bot_url());
    assert!(moved.status.success(), "{}", text(&moved));
    let pg = schema.open();
    let held = |pg: &igroteka_store_pg::PgStore| {
        let unfinished = pg.unfinished().unwrap();
        let bytes: Vec<Vec<u8>> =
            unfinished.iter().map(|id| pg.load(*id).unwrap().unwrap().to_bytes()).collect();
        (unfinished, bytes, pg.quarantined().unwrap(), pg.outbox_tables().unwrap())
    };
    let was = held(&pg);
    let before = records(&second);

    let refused = migrate(&second, &schema.bot_url());
    assert!(!refused.status.success(), "{}", text(&refused));
    let said = text(&refused);
    assert!(said.contains("nothing was moved"), "{said}");
    assert!(said.contains("already holds 3 tables"), "{said}");
    assert_eq!(held(&pg), was, "the database changed");
    assert_eq!(records(&second), before, "the refused folder changed");
    assert_eq!(pg.load(ids.running).unwrap().map(|t| t.game), Some("aeroplane".into()));

    // A folder the bot holds (sled's lock) is not read: its games would move on after the copy.
    let busy = SledStore::open(&second, CACHE).unwrap();
    let locked = migrate(&second, &schema.bot_url());
    assert!(!locked.status.success());
    assert!(text(&locked).contains("stop it first"), "{}", text(&locked));
    drop(busy);
}

#[test]
fn the_password_of_the_database_url_is_never_shown() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    {
        let store = SledStore::open(&data, CACHE).unwrap();
        store.set_pref("lang:tg:1", "ru").unwrap();
        store.flush().unwrap();
    }
    // Nothing listens on port 1: the connection fails, and the message names the URL.
    let failed = migrate(&data, "postgres://bot:hunter2@127.0.0.1:1/games");
    assert!(!failed.status.success());
    let said = text(&failed);
    assert!(said.contains("postgres://bot:***@127.0.0.1:1/games"), "{said}");
    assert!(!said.contains("hunter2"), "{said}");
    // A folder that holds no games is said to.
    let empty = migrate(&dir.path().join("nothing"), "postgres://bot:hunter2@127.0.0.1:1/games");
    assert!(!empty.status.success());
    assert!(text(&empty).contains("holds no data folder"), "{}", text(&empty));
    assert!(!dir.path().join("nothing").exists(), "a folder was made");
}

#[test]
fn a_backup_file_restores_into_an_empty_database_too() {
    let Some(schema) = Schema::new("restore") else { return };
    let dir = tempfile::tempdir().unwrap();
    let (data, file) = (dir.path().join("data"), dir.path().join("games.backup"));
    let ids = folder(&data);
    let file = file.to_str().unwrap();
    let taken = igroteka(&["backup", file, "--data", data.to_str().unwrap()]);
    assert!(taken.status.success(), "{}", text(&taken));
    let restore = || {
        Command::new(env!("CARGO_BIN_EXE_igroteka"))
            .args(["restore", file])
            .env("IGROTEKA_DATABASE_URL", schema.bot_url())
            .env_remove("IGROTEKA_CONFIG")
            .output()
            .unwrap()
    };
    let restored = restore();
    assert!(restored.status.success(), "{}", text(&restored));
    assert!(text(&restored).contains("3 unfinished, 1 unreadable"), "{}", text(&restored));
    let pg = schema.open();
    let running = pg.load(ids.running).unwrap().unwrap();
    let sled = SledStore::open_as_is(&data, CACHE).unwrap();
    assert_eq!(running.to_bytes(), sled.load(ids.running).unwrap().unwrap().to_bytes());
    assert_eq!(pg.outbox(ids.running).unwrap(), sled.outbox(ids.running).unwrap());
    drop(sled);
    assert!(play_one(&pg, ids.running, 7, NOW + 500_000));
    pg.flush().unwrap();
    // Not twice.
    let again = restore();
    assert!(!again.status.success());
    assert!(text(&again).contains("already holds"), "{}", text(&again));
    assert_eq!(pg.load(ids.running).unwrap().unwrap().seq, running.seq + 1);
}
