//! The store contract: the same test functions run against the sled store and the PostgreSQL
//! store (each in a fresh schema; skipped without a server), so the two keep the same
//! behaviour wherever the engine can tell.
//!
//! The contract speaks the store's own types (`igroteka::store`): outbox entries are JSON
//! texts the store keeps byte for byte without reading them, slots and their messages are
//! plain data. The engine only makes realistic tables, and plays one game through a store
//! as it does in the bots (`a_game_plays_through_the_engine`).

mod common;

use common::{Db, console_chat, lobby, person, started};
use igroteka::app::local::LocalPlatform;
use igroteka::app::{App, AppConfig, ButtonKind, Chat, Effect, Input, User};
use igroteka::harness;
use igroteka::rng;
use igroteka::store::{
    Done, OutboxEntry, PendingEntry, SledStore, Slot, SlotMessage, Store, StoreError,
};
use igroteka::table::{ChatId, Platform, Status, UserId};
use igroteka_store_pg::PgStore;

/// What the contract needs beyond the trait: planting a broken record.
trait Plant: Store + Clone {
    fn put_raw(&self, id: u64, bytes: &[u8]) -> Result<(), StoreError>;
    fn put_chat_index(&self, chat: &ChatId, id: u64) -> Result<(), StoreError>;
}

impl Plant for SledStore {
    fn put_raw(&self, id: u64, bytes: &[u8]) -> Result<(), StoreError> {
        SledStore::put_raw(self, id, bytes)
    }
    fn put_chat_index(&self, chat: &ChatId, id: u64) -> Result<(), StoreError> {
        SledStore::put_chat_index(self, chat, id)
    }
}

impl Plant for PgStore {
    fn put_raw(&self, id: u64, bytes: &[u8]) -> Result<(), StoreError> {
        PgStore::put_raw(self, id, bytes)
    }
    fn put_chat_index(&self, chat: &ChatId, id: u64) -> Result<(), StoreError> {
        PgStore::put_chat_index(self, chat, id)
    }
}

/// Runs each contract function on a temporary sled store and on a PgStore in a fresh schema.
macro_rules! contract {
    ($($name:ident),* $(,)?) => {
        mod on_sled {
            $(#[test]
            fn $name() {
                super::$name(&igroteka::store::SledStore::temporary().unwrap());
            })*
        }
        mod on_pg {
            $(#[test]
            fn $name() {
                let Some(db) = super::common::Db::new() else { return };
                super::$name(&db.open());
            })*
        }
    };
}

contract!(
    save_and_load_round_trip,
    saves_are_compare_and_swap,
    a_new_table_is_indexed_by_chat_and_players,
    a_finished_table_leaves_the_indexes_and_frees_the_chat,
    a_table_moved_to_a_thread_frees_its_chat,
    the_log_keeps_its_order_and_replays_to_the_state,
    the_outbox_keeps_order_and_shows_only_what_was_flushed,
    delivered_entries_leave_and_slots_remember_their_message,
    due_tables_come_soonest_first_per_platform_up_to_the_limit,
    preferences_are_kept,
    unreachable_users_are_kept_per_platform,
    taken_keys_are_kept_and_forgotten_by_age,
    a_corrupt_record_is_quarantined_and_the_chat_freed,
    a_lease_is_granted_renewed_and_released,
    the_calls_over_many_tables_agree_with_the_single_ones,
    a_batch_ends_with_its_outboxes_read_and_a_delivery_with_its_releases,
    a_game_plays_through_the_engine,
    the_size_on_disk_is_known_and_grows,
    reading_ahead_changes_nothing_a_caller_sees,
    shared_preferences_are_read_and_written_as_they_stand,
    preferences_are_found_by_prefix_in_key_order,
    a_finished_game_is_recorded_once_for_its_chat,
);

fn save_and_load_round_trip<S: Plant>(store: &S) {
    let mut table = lobby(store, console_chat("c1"));
    assert_eq!(store.load(table.id).unwrap(), None);
    store.save(&table, None, &[]).unwrap();
    assert_eq!(store.load(table.id).unwrap().as_ref(), Some(&table), "seen before the flush");
    store.flush().unwrap();
    let back = store.load(table.id).unwrap().unwrap();
    assert_eq!(back, table);
    assert_eq!(back.to_bytes(), table.to_bytes(), "the record's bytes are kept as they are");
    table.lang = "ru".into();
    table.touch(5);
    store.save(&table, Some(0), &[]).unwrap();
    store.flush().unwrap();
    let back = store.load(table.id).unwrap().unwrap();
    assert_eq!((back.seq, back.lang.as_str()), (1, "ru"));
    let other = store.new_table_id().unwrap();
    assert!(other > table.id, "ids are never reused");
}

fn saves_are_compare_and_swap<S: Plant>(store: &S) {
    let mut table = lobby(store, console_chat("c2"));
    store.save(&table, None, &[]).unwrap();
    assert!(matches!(store.save(&table, None, &[]), Err(StoreError::Conflict)), "new twice");
    table.touch(2);
    store.save(&table, Some(0), &[]).unwrap();
    let mut stale = table.clone();
    stale.touch(3);
    assert!(matches!(store.save(&stale, Some(0), &[]), Err(StoreError::Conflict)));
    // The refused save changed nothing, and the batch goes on.
    store.flush().unwrap();
    assert_eq!(store.load(table.id).unwrap().unwrap().seq, 1);
    table.touch(4);
    store.save(&table, Some(1), &[]).unwrap();
    store.flush().unwrap();
    assert_eq!(store.load(table.id).unwrap().unwrap().seq, 2);
}

fn a_new_table_is_indexed_by_chat_and_players<S: Plant>(store: &S) {
    let mut table = lobby(store, console_chat("c3"));
    store.save(&table, None, &[]).unwrap();
    let alice = table.players[0].user.clone();
    assert_eq!(store.chat_table(&table.chat).unwrap(), Some(table.id));
    assert_eq!(store.user_tables(&alice).unwrap(), vec![table.id]);
    assert_eq!(store.unfinished().unwrap(), vec![table.id]);
    // Bob sits down: he is found too.
    table.players.push(person("bob"));
    table.touch(2);
    store.save(&table, Some(0), &[]).unwrap();
    store.flush().unwrap();
    let bob = table.players[1].user.clone();
    assert_eq!(store.user_tables(&bob).unwrap(), vec![table.id]);
    let nobody = UserId { platform: Platform::Telegram, id: "alice".into() };
    assert!(store.user_tables(&nobody).unwrap().is_empty(), "users are per platform");
    let thread = ChatId { thread: Some("t1".into()), ..table.chat.clone() };
    assert_eq!(store.chat_table(&thread).unwrap(), None, "a thread is a chat of its own");
}

fn a_finished_table_leaves_the_indexes_and_frees_the_chat<S: Plant>(store: &S) {
    let mut table = lobby(store, console_chat("c4"));
    store.save(&table, None, &[]).unwrap();
    let alice = table.players[0].user.clone();
    table.abort(5);
    store.save(&table, Some(0), &[]).unwrap();
    store.flush().unwrap();
    assert_eq!(store.chat_table(&table.chat).unwrap(), None);
    assert!(store.user_tables(&alice).unwrap().is_empty());
    assert!(store.unfinished().unwrap().is_empty());
    assert_eq!(store.load(table.id).unwrap().unwrap().status, Status::Aborted);
    // The next game in the chat takes it.
    let next = lobby(store, table.chat.clone());
    store.save(&next, None, &[]).unwrap();
    store.flush().unwrap();
    assert_eq!(store.chat_table(&table.chat).unwrap(), Some(next.id));
    assert_eq!(store.unfinished().unwrap(), vec![next.id]);
}

/// A game that moves to a thread of its own (`docs/threads.md`) is found there, and its chat
/// is free for the next game at once; once over, neither holds it.
fn a_table_moved_to_a_thread_frees_its_chat<S: Plant>(store: &S) {
    let mut table = lobby(store, console_chat("c4t"));
    store.save(&table, None, &[]).unwrap();
    let home = table.chat.clone();
    let thread = ChatId { thread: Some("77".into()), ..home.clone() };
    table.move_to(thread.clone());
    table.touch(2);
    store.save(&table, Some(0), &[]).unwrap();
    store.flush().unwrap();
    assert_eq!(store.chat_table(&thread).unwrap(), Some(table.id), "found in its thread");
    assert_eq!(store.chat_table(&home).unwrap(), None, "its chat is free");
    assert_eq!(store.unfinished().unwrap(), vec![table.id]);
    assert_eq!(store.load(table.id).unwrap().unwrap().home.as_ref(), Some(&home));
    // A next game opens in the chat while the first plays on in its thread.
    let next = lobby(store, home.clone());
    store.save(&next, None, &[]).unwrap();
    store.flush().unwrap();
    assert_eq!(store.chat_table(&home).unwrap(), Some(next.id));
    // The first ends: its thread is freed, and the chat stays the next game's.
    table.abort(3);
    store.save(&table, Some(1), &[]).unwrap();
    store.flush().unwrap();
    assert_eq!(store.chat_table(&thread).unwrap(), None);
    assert_eq!(store.chat_table(&home).unwrap(), Some(next.id));
    assert_eq!(store.unfinished().unwrap(), vec![next.id]);
}

fn the_log_keeps_its_order_and_replays_to_the_state<S: Plant>(store: &S) {
    let mut table = started(store, console_chat("c5"), 1_000);
    store.save(&table, None, &[]).unwrap();
    store.flush().unwrap();
    let mut choose = rng::seeded(11);
    for step in 0..12u64 {
        let mut loaded = store.load(table.id).unwrap().unwrap();
        let read = loaded.seq;
        let game = loaded.game_ref().unwrap();
        let Some((actor, action)) = harness::random_dyn_action(game, &mut choose).unwrap() else {
            break;
        };
        let igroteka::game::Actor::Seat(seat) = actor else { panic!("{actor:?}") };
        loaded.act(seat, &action, 2_000 + step).unwrap();
        store.save(&loaded, Some(read), &[]).unwrap();
        // Every other move, two saves share a flush (group commit).
        if step % 2 == 1 {
            store.flush().unwrap();
        }
        table = loaded;
    }
    store.flush().unwrap();
    let mut back = store.load(table.id).unwrap().unwrap();
    let log = store.log(table.id).unwrap();
    assert!(log.len() > 12, "moves and dice: {}", log.len());
    assert_eq!(log.len() as u64, back.log_len());
    assert_eq!(Some(back.replay(&log).unwrap().snapshot().as_str()), back.state());
    assert!(back.game().is_ok());
}

/// An outbox entry as the engine would hand it over: some JSON text, which the store keeps
/// as it is.
fn entry(text: &str) -> OutboxEntry {
    OutboxEntry { json: serde_json::json!({ "text": text }).to_string() }
}

fn texts(pending: &[PendingEntry]) -> Vec<String> {
    pending
        .iter()
        .map(|p| {
            let value: serde_json::Value = serde_json::from_str(&p.entry.json).unwrap();
            value["text"].as_str().unwrap_or_default().to_string()
        })
        .collect()
}

/// A mark that shows `shown` in `slot` of `table`, a new message or not.
fn shows<'a>(table: u64, slot: Slot, shown: &'a SlotMessage, sent: bool) -> Done<'a> {
    Done { shown: Some((table, slot, shown)), sent }
}

fn the_outbox_keeps_order_and_shows_only_what_was_flushed<S: Plant>(store: &S) {
    let mut table = lobby(store, console_chat("c6"));
    store.save(&table, None, &[entry("lobby")]).unwrap();
    assert!(store.outbox(table.id).unwrap().is_empty(), "nothing is delivered before the flush");
    store.flush().unwrap();
    assert_eq!(texts(&store.outbox(table.id).unwrap()), ["lobby"]);
    assert_eq!(store.outbox_tables().unwrap(), vec![table.id]);
    let mut stale = table.clone();
    stale.touch(9);
    let refused = store.save(&stale, Some(7), &[entry("never")]);
    assert!(matches!(refused, Err(StoreError::Conflict)), "a lost swap queues nothing");
    table.touch(2);
    // JSON as it comes: the store neither reorders nor re-escapes it.
    let odd = OutboxEntry { json: r#"{"z": 1,  "text":"é \u00e9 \"q\"", "a":[ ]}"#.into() };
    let entries = [entry("moved"), odd, entry("ping")];
    store.save(&table, Some(0), &entries).unwrap();
    store.enqueue(table.id, &[entry("again")]).unwrap();
    assert_eq!(texts(&store.outbox(table.id).unwrap()), ["lobby"]);
    store.flush().unwrap();
    let pending = store.outbox(table.id).unwrap();
    assert_eq!(texts(&pending), ["lobby", "moved", "é é \"q\"", "ping", "again"]);
    assert_eq!(pending[2].entry, entries[1], "an entry reads back byte for byte");
    let table_key = table.id.to_be_bytes();
    assert!(pending.iter().all(|p| p.key.len() == 16 && p.key[..8] == table_key));
    assert!(pending.windows(2).all(|w| w[0].key < w[1].key), "keys rise in delivery order");
}

fn delivered_entries_leave_and_slots_remember_their_message<S: Plant>(store: &S) {
    let table = lobby(store, console_chat("c7"));
    let note = Slot::Note { seat: 1 };
    let private = Slot::Private { seat: 1 };
    let entries = [entry("lobby"), entry("note"), entry("p"), entry("s")];
    store.save(&table, None, &entries).unwrap();
    store.flush().unwrap();
    let pending = store.outbox(table.id).unwrap();
    let bare = SlotMessage::new("m3".into(), false);
    store.outbox_done(&pending[0].key, shows(table.id, Slot::Board, &bare, true)).unwrap();
    assert_eq!(texts(&store.outbox(table.id).unwrap()), ["note", "p", "s"], "gone at once");
    // With a batch open (a save's, here an update marked taken), a mark that sends nothing
    // new is gone from the outbox at once (sled makes it durable with the batch's flush;
    // PostgreSQL commits it on its own at once).
    store.mark_taken("tg:batch", 1).unwrap();
    store.outbox_done(&pending[2].key, Done::default()).unwrap();
    assert_eq!(texts(&store.outbox(table.id).unwrap()), ["note", "s"], "hidden until commit");
    let with = SlotMessage { id: "m4".into(), buttons: true, retired: Some("m2".into()) };
    store.outbox_done(&pending[1].key, shows(table.id, note, &with, true)).unwrap();
    // A message sent outside any slot: its mark is made durable at once too.
    store.outbox_done(&pending[3].key, Done { shown: None, sent: true }).unwrap();
    assert!(store.outbox(table.id).unwrap().is_empty());
    store.flush().unwrap();
    assert!(store.outbox(table.id).unwrap().is_empty());
    assert!(store.outbox_tables().unwrap().is_empty());
    assert!(store.was_taken("tg:batch").unwrap());
    assert_eq!(store.slot_shown(table.id, Slot::Board).unwrap(), Some(bare));
    assert_eq!(store.slot_shown(table.id, note).unwrap(), Some(with));
    assert_eq!(store.slot_message(table.id, note).unwrap().as_deref(), Some("m4"));
    assert_eq!(store.slot_shown(table.id, private).unwrap(), None, "given up, never shown");
    assert_eq!(store.slot_shown(table.id, Slot::Private { seat: 0 }).unwrap(), None);
    assert_eq!(store.slot_shown(table.id, Slot::Ping).unwrap(), None);
    // The same message with its buttons gone: the id stays.
    let stripped = SlotMessage::new("m3".into(), false);
    store.enqueue(table.id, &[entry("edit")]).unwrap();
    store.flush().unwrap();
    let edit = store.outbox(table.id).unwrap();
    store.outbox_done(&edit[0].key, shows(table.id, Slot::Board, &stripped, false)).unwrap();
    store.flush().unwrap();
    assert_eq!(store.slot_shown(table.id, Slot::Board).unwrap(), Some(stripped));
    // A key no entry has is nothing to mark.
    store.outbox_done(b"not a key", Done::default()).unwrap();
}

fn due_tables_come_soonest_first_per_platform_up_to_the_limit<S: Plant>(store: &S) {
    let hour = 3_600_000;
    let base = 1_700_000_000_000;
    // Started at different times: due in that order, whatever the ids' order.
    let late = started(store, console_chat("d1"), base + 3 * hour);
    let early = started(store, console_chat("d2"), base);
    let middle = started(store, console_chat("d3"), base + hour);
    let telegram = started(
        store,
        ChatId { platform: Platform::Telegram, chat: "-5".into(), thread: None },
        base,
    );
    let lobby_only = lobby(store, console_chat("d4"));
    for table in [&late, &early, &middle, &telegram, &lobby_only] {
        store.save(table, None, &[]).unwrap();
    }
    assert!(early.due().unwrap() < middle.due().unwrap());
    assert!(middle.due().unwrap() < late.due().unwrap());
    let far = base + 100 * hour;
    let due = store.due_tables(Platform::Console, far, 10).unwrap();
    assert_eq!(due, [early.id, middle.id, late.id], "soonest first, lobbies have no clock");
    assert_eq!(store.due_tables(Platform::Console, far, 2).unwrap(), [early.id, middle.id]);
    assert_eq!(
        store.due_tables(Platform::Console, middle.due().unwrap(), 10).unwrap(),
        [early.id, middle.id]
    );
    assert!(store.due_tables(Platform::Console, base, 10).unwrap().is_empty());
    assert_eq!(store.due_tables(Platform::Telegram, far, 10).unwrap(), [telegram.id]);
    // A finished table leaves the index.
    let mut done = early.clone();
    done.abort(base + 5);
    store.save(&done, Some(early.seq), &[]).unwrap();
    store.flush().unwrap();
    assert_eq!(store.due_tables(Platform::Console, far, 10).unwrap(), [middle.id, late.id]);
}

fn preferences_are_kept<S: Plant>(store: &S) {
    assert_eq!(store.pref("lang:tg:1").unwrap(), None);
    store.set_pref("lang:tg:1", "ru").unwrap();
    assert_eq!(store.pref("lang:tg:1").unwrap().as_deref(), Some("ru"));
    store.set_pref("lang:tg:1", "pl").unwrap();
    store.set_pref("tz:tg:1", "+3").unwrap();
    store.flush().unwrap();
    assert_eq!(store.pref("lang:tg:1").unwrap().as_deref(), Some("pl"));
    assert_eq!(store.pref("tz:tg:1").unwrap().as_deref(), Some("+3"));
    // Keys are data, never SQL.
    let odd = "x'; DROP TABLE prefs; --";
    store.set_pref(odd, "é ok").unwrap();
    assert_eq!(store.pref(odd).unwrap().as_deref(), Some("é ok"));
    assert_eq!(store.pref("lang:tg:1").unwrap().as_deref(), Some("pl"));
}

/// The chat's finished games are found by their keys' prefix (`igroteka::history`): every
/// key that starts with it, in byte order whatever the database's collation, the writer's
/// unflushed ones included, and none of a chat whose id merely starts the same.
fn preferences_are_found_by_prefix_in_key_order<S: Plant>(store: &S) {
    let prefix = "history:tg:-100:";
    assert!(store.prefs_with_prefix(prefix).unwrap().is_empty());
    for (key, value) in [
        ("history:tg:-100:00000000000000000002", "b"),
        ("history:tg:-100:00000000000000000010", "c"),
        ("history:tg:-1001:00000000000000000001", "other chat"),
        ("history:tg:-100:00000000000000000001", "a"),
        ("history:tg:-10", "shorter"),
        ("history:tg:-100", "no colon"),
        ("lang:tg:-100", "ru"),
    ] {
        store.set_pref(key, value).unwrap();
    }
    let found = |store: &S| -> Vec<String> {
        store.prefs_with_prefix(prefix).unwrap().into_iter().map(|(_, v)| v).collect()
    };
    assert_eq!(found(store), ["a", "b", "c"], "before the flush");
    store.flush().unwrap();
    assert_eq!(found(store), ["a", "b", "c"], "after it");
    // Upper-case and punctuation sort by bytes, not by a language's rules.
    store.set_pref("history:tg:-100:_", "underscore").unwrap();
    store.set_pref("history:tg:-100:A", "capital").unwrap();
    assert_eq!(found(store), ["a", "b", "c", "capital", "underscore"]);
    assert!(store.prefs_with_prefix("history:dc:").unwrap().is_empty());
    // One staged with the saves (a history record) is seen by its writer at once, and kept
    // by the flush.
    store.stage_pref("history:tg:-100:00000000000000000011", "d").unwrap();
    assert_eq!(store.pref("history:tg:-100:00000000000000000011").unwrap().as_deref(), Some("d"));
    assert_eq!(found(store), ["a", "b", "c", "d", "capital", "underscore"]);
    store.flush().unwrap();
    assert_eq!(found(&store.clone()), ["a", "b", "c", "d", "capital", "underscore"]);
}

/// A game played to its end through the engine leaves one record in its chat's history, which
/// a second handle reads back; pressing on after the end adds none.
fn a_finished_game_is_recorded_once_for_its_chat<S: Plant>(store: &S) {
    let mut platform = LocalPlatform::new(App::new(store.clone(), AppConfig::default()));
    let chat = Chat { id: "group-h".into(), private: false, thread: None, server: None };
    let input = |name: &str, now: u64, action: igroteka::app::Action| Input {
        platform: Platform::Console,
        chat: chat.clone(),
        user: User { id: name.into(), name: name.into(), admin: false, lang: Some("en".into()) },
        now,
        action,
    };
    let say = |line: &str| igroteka::app::Action::Command {
        name: line.trim_start_matches('/').into(),
        args: Vec::new(),
    };
    let press = |token: String| igroteka::app::Action::Press { token, message_id: None };
    let token = |effects: &[igroteka::app::local::Delivered], text: &str| {
        effects
            .iter()
            .filter_map(|d| match &d.effect {
                Effect::Send { message, .. } | Effect::Edit { message, .. } => Some(message),
                _ => None,
            })
            .flat_map(|m| m.buttons.iter().flatten())
            .find(|b| b.text.contains(text))
            .and_then(|b| match &b.kind {
                ButtonKind::Token(t) => Some(t.clone()),
                _ => None,
            })
            .unwrap()
    };
    let now = 1_700_000_000_000;
    let lobby = platform.run(&input(
        "alice",
        now,
        igroteka::app::Action::Command { name: "play".into(), args: vec!["aeroplane".into()] },
    ));
    let joined = platform.run(&input("bob", now + 1000, press(token(&lobby, "Join"))));
    platform.run(&input("alice", now + 2000, press(token(&joined, "Start"))));
    platform.run(&input("bob", now + 3000, say("/resign")));
    platform.run(&input("bob", now + 4000, say("/resign")));
    let games = igroteka::history::of_chat(store, Platform::Console, "group-h").unwrap();
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].game, "aeroplane");
    assert_eq!(games[0].places, [1, 2]);
    drop(platform);
    let again = store.clone();
    assert_eq!(igroteka::history::of_chat(&again, Platform::Console, "group-h").unwrap(), games);
}

fn unreachable_users_are_kept_per_platform<S: Plant>(store: &S) {
    assert!(!store.is_unreachable(Platform::Telegram, "42").unwrap());
    store.set_unreachable(Platform::Telegram, "42", true).unwrap();
    store.set_unreachable(Platform::Telegram, "42", true).unwrap();
    assert!(store.is_unreachable(Platform::Telegram, "42").unwrap());
    assert!(!store.is_unreachable(Platform::Discord, "42").unwrap());
    store.set_unreachable(Platform::Telegram, "42", false).unwrap();
    assert!(!store.is_unreachable(Platform::Telegram, "42").unwrap());
    store.set_unreachable(Platform::Discord, "7", true).unwrap();
    store.flush().unwrap();
    assert!(store.is_unreachable(Platform::Discord, "7").unwrap());
}

fn taken_keys_are_kept_and_forgotten_by_age<S: Plant>(store: &S) {
    assert!(!store.was_taken("tg:1").unwrap());
    store.mark_taken("tg:1", 1_000).unwrap();
    store.mark_taken("tg:2", 5_000).unwrap();
    assert!(store.was_taken("tg:1").unwrap(), "seen before the flush, by the engine");
    store.flush().unwrap();
    assert!(store.was_taken("tg:1").unwrap() && store.was_taken("tg:2").unwrap());
    assert!(!store.was_taken("tg:12").unwrap() && !store.was_taken("dc:1").unwrap());
    assert_eq!(store.forget_taken(5_000).unwrap(), 1, "only what is older than 5 s");
    assert!(!store.was_taken("tg:1").unwrap());
    assert!(store.was_taken("tg:2").unwrap());
    store.flush().unwrap();
    assert_eq!(store.forget_taken(5_000).unwrap(), 0, "forgotten once");
    assert_eq!(store.forget_taken(5_001).unwrap(), 1);
    store.flush().unwrap();
    assert!(!store.was_taken("tg:2").unwrap());
}

fn a_corrupt_record_is_quarantined_and_the_chat_freed<S: Plant>(store: &S) {
    let chat = console_chat("group-q");
    let id = store.new_table_id().unwrap();
    store.put_raw(id, b"{ this is not a table").unwrap();
    store.put_chat_index(&chat, id).unwrap();
    assert!(store.unfinished().unwrap().contains(&id));
    assert!(matches!(store.load(id), Err(StoreError::Corrupt { id: got, .. }) if got == id));
    let quarantined = store.quarantined().unwrap();
    assert_eq!(quarantined.len(), 1);
    assert_eq!(quarantined[0].0, id);
    assert_eq!(store.load(id).unwrap(), None, "set aside, not read twice");
    assert_eq!(store.chat_table(&chat).unwrap(), None);
    assert!(!store.unfinished().unwrap().contains(&id));
    // A record naming another table is as unreadable.
    let table = lobby(store, console_chat("group-r"));
    store.put_raw(table.id + 1000, &table.to_bytes()).unwrap();
    assert!(matches!(store.load(table.id + 1000), Err(StoreError::Corrupt { .. })));
    store.flush().unwrap();
    assert_eq!(store.quarantined().unwrap().len(), 2);
    // The chat can play again.
    let next = lobby(store, chat.clone());
    store.save(&next, None, &[]).unwrap();
    store.flush().unwrap();
    assert_eq!(store.chat_table(&chat).unwrap(), Some(next.id));
}

/// What every store grants: a holder gets the lease, renews it, and once it is released or
/// expired another holder gets it. (That a lease keeps others out is the shared store's part:
/// tests/processes.rs; a one-process store grants everyone.)
fn a_lease_is_granted_renewed_and_released<S: Plant>(store: &S) {
    assert!(store.lease_outbox(5, "a", 1_000, 100).unwrap());
    assert!(store.lease_outbox(5, "a", 1_050, 100).unwrap(), "renewed by its holder");
    assert!(store.lease_outbox(6, "b", 1_050, 100).unwrap(), "per table");
    store.release_outbox(5, "a").unwrap();
    assert!(store.lease_outbox(5, "b", 1_060, 100).unwrap(), "free after release");
    assert!(store.lease_outbox(5, "a", 1_160, 100).unwrap(), "b's expired at 1 160");
    store.release_outbox(5, "nobody").unwrap();
}

/// The delivery calls over many tables (`outbox::read_all`) do what the single ones do,
/// table by table: a backend answering them in one statement each must not differ.
fn the_calls_over_many_tables_agree_with_the_single_ones<S: Plant>(store: &S) {
    let ids: Vec<u64> = ["m1", "m2", "m3"]
        .iter()
        .map(|chat| {
            let table = lobby(store, console_chat(chat));
            store.save(&table, None, &[]).unwrap();
            table.id
        })
        .collect();
    let (one, two, quiet) = (ids[0], ids[1], ids[2]);
    store.enqueue(two, &[entry("b1"), entry("b2")]).unwrap();
    store.enqueue(one, &[entry("a1"), entry("a2"), entry("a3")]).unwrap();
    store.flush().unwrap();
    let all = store.outboxes(&[quiet, two, one, two]).unwrap();
    let single = [store.outbox(one).unwrap(), store.outbox(two).unwrap()].concat();
    assert_eq!(all, single, "table by table, each in order, each table once");
    assert!(store.outboxes(&[quiet]).unwrap().is_empty());
    // Marks of several tables at once, two of one slot among them: the later one stands.
    let first = SlotMessage::new("m10".into(), true);
    let later = SlotMessage { id: "m11".into(), buttons: false, retired: Some("m10".into()) };
    let ping = SlotMessage::new("m12".into(), true);
    let marks = [
        (all[0].key.clone(), shows(one, Slot::Board, &first, false)),
        (all[1].key.clone(), shows(one, Slot::Board, &later, false)),
        (all[3].key.clone(), shows(two, Slot::Ping, &ping, false)),
        (all[4].key.clone(), Done::default()),
    ];
    store.outbox_done_all(&marks).unwrap();
    store.flush().unwrap();
    assert_eq!(texts(&store.outboxes(&ids).unwrap()), ["a3"]);
    let wanted = [(one, Slot::Board), (two, Slot::Ping), (one, Slot::Ping), (quiet, Slot::Board)];
    let shown = store.slots_shown(&wanted).unwrap();
    let single: Vec<Option<SlotMessage>> =
        wanted.iter().map(|&(t, s)| store.slot_shown(t, s).unwrap()).collect();
    assert_eq!(shown, single);
    assert_eq!(shown, [Some(later), Some(ping), None, None]);
    // Leases: all granted when free; released only where nothing is pending.
    assert_eq!(store.lease_outboxes(&ids, "a", 1_000, 100).unwrap(), ids);
    assert_eq!(store.release_outboxes_if_empty(&ids, "a").unwrap(), [one], "a3 is pending");
    if store.shared() {
        assert!(store.lease_outbox(two, "b", 1_010, 100).unwrap(), "two was released");
        assert!(!store.lease_outbox(one, "b", 1_010, 100).unwrap(), "one was kept");
        assert_eq!(store.lease_outboxes(&ids, "a", 1_020, 100).unwrap(), [one, quiet]);
        assert_eq!(store.lease_outboxes(&ids, "a", 1_110, 100).unwrap(), ids, "b's ran out");
    }
    // Leased and read in one call: what the separate calls give, and of the granted only.
    let leased = store.lease_and_read_outboxes(&ids, "a", 1_120, 100).unwrap();
    assert_eq!(leased.granted, ids);
    assert_eq!(leased.entries, store.outboxes(&ids).unwrap());
    if let Some(slots) = &leased.slots {
        for &(table, slot) in &wanted {
            let found = slots.iter().find(|(t, key, _)| *t == table && *key == slot.key());
            assert_eq!(found.map(|(_, _, m)| m.clone()), store.slot_shown(table, slot).unwrap());
        }
        assert_eq!(slots.len(), 2, "the two slots shown: {slots:?}");
    }
    if store.shared() {
        let refused = store.lease_and_read_outboxes(&ids, "b", 1_130, 100).unwrap();
        assert!(refused.granted.is_empty(), "a holds them all");
        assert!(refused.entries.is_empty(), "nothing read of tables not granted");
        assert!(refused.slots.unwrap_or_default().is_empty());
    }
}

/// How a batch ends when its engine delivers its tables itself (`outbox::flush_and_read_all`:
/// the flush and the leased read in one call) and how such a delivery ends
/// (`Reading::deliver`: the last marks and the releases in one call) — as the separate calls
/// would.
fn a_batch_ends_with_its_outboxes_read_and_a_delivery_with_its_releases<S: Plant>(store: &S) {
    let tables: Vec<_> = ["f1", "f2", "f3"].iter().map(|c| lobby(store, console_chat(c))).collect();
    let ids: Vec<u64> = tables.iter().map(|t| t.id).collect();
    let (one, two, quiet) = (ids[0], ids[1], ids[2]);
    if store.shared() {
        assert!(store.lease_outbox(two, "b", 1_000, 100).unwrap(), "b delivers two");
    }
    store.save(&tables[0], None, &[entry("a1"), entry("a2")]).unwrap();
    store.save(&tables[1], None, &[entry("b1")]).unwrap();
    store.save(&tables[2], None, &[]).unwrap();
    let read = store.flush_and_read_outboxes(&ids, "a", 1_010, 100).unwrap().unwrap();
    for table in &tables {
        assert_eq!(store.load(table.id).unwrap().as_ref(), Some(table), "the batch is kept");
    }
    assert_eq!(texts(&store.outboxes(&ids).unwrap()), ["a1", "a2", "b1"], "and its entries");
    if store.shared() {
        assert_eq!(read.granted, [one, quiet], "b's lease stands");
        assert!(!store.lease_outbox(two, "a", 1_050, 100).unwrap());
        assert!(!store.lease_outbox(one, "b", 1_050, 100).unwrap(), "a holds one now");
    } else {
        assert_eq!(read.granted, ids);
    }
    assert_eq!(read.entries, store.outboxes(&read.granted).unwrap(), "the granted tables' only");
    assert!(read.slots.unwrap_or_default().is_empty(), "no slot shows anything yet");
    // With nothing to commit, the outboxes are read all the same.
    let again = store.flush_and_read_outboxes(&[one], "a", 1_020, 100).unwrap().unwrap();
    assert_eq!(again.granted, [one]);
    assert_eq!(texts(&again.entries), ["a1", "a2"]);
    // The delivery's end: a1 marked (its board shown), then the releases where nothing is left.
    let board = SlotMessage::new("m20".into(), true);
    let marks = [(again.entries[0].key.clone(), shows(one, Slot::Board, &board, true))];
    assert_eq!(store.finish_outboxes(&marks, &[one, quiet], "a").unwrap(), [one], "a2 pending");
    assert_eq!(texts(&store.outbox(one).unwrap()), ["a2"]);
    assert_eq!(store.slot_shown(one, Slot::Board).unwrap(), Some(board));
    if store.shared() {
        assert!(store.lease_outbox(quiet, "b", 1_030, 100).unwrap(), "quiet was released");
        assert!(!store.lease_outbox(one, "b", 1_030, 100).unwrap(), "one was kept");
    }
    let last = [(again.entries[1].key.clone(), Done::default())];
    assert!(store.finish_outboxes(&last, &[one], "a").unwrap().is_empty(), "nothing pending");
    assert!(store.outbox(one).unwrap().is_empty());
    if store.shared() {
        assert!(store.lease_outbox(one, "b", 1_040, 100).unwrap(), "one was released");
    }
    // Releases without marks, and marks without releases.
    assert_eq!(store.finish_outboxes(&[], &[two], "b").unwrap(), [two], "b1 is pending");
    let b1 = store.outbox(two).unwrap()[0].key.clone();
    assert!(store.finish_outboxes(&[(b1, Done::default())], &[], "b").unwrap().is_empty());
    assert!(store.outboxes(&ids).unwrap().is_empty());
}

/// A whole game as the engine plays it, outbox delivery and all (the local platform's
/// deliverer), then read back from a second handle: every store call the engine makes, in
/// the engine's order.
fn a_game_plays_through_the_engine<S: Plant>(store: &S) {
    let mut platform = LocalPlatform::new(App::new(store.clone(), AppConfig::default()));
    let chat = Chat { id: "group-e".into(), private: false, thread: None, server: None };
    let mut now = 1_700_000_000_000;
    let mut latest_buttons: Vec<(String, String)> = Vec::new();
    let mut run = |name: &str, line: Option<&str>, press: Option<String>| {
        now += 1000;
        let user =
            User { id: name.into(), name: name.into(), admin: false, lang: Some("en".into()) };
        let input = match (line, press) {
            (Some(line), _) => {
                igroteka::app::input_from_text(Platform::Console, chat.clone(), user, now, line)
            }
            (None, Some(token)) => Input {
                platform: Platform::Console,
                chat: chat.clone(),
                user,
                now,
                action: igroteka::app::Action::Press { token, message_id: None },
            },
            _ => unreachable!(),
        };
        for delivered in platform.run(&input) {
            if let Effect::Send { message, .. } | Effect::Edit { message, .. } = &delivered.effect
                && !message.buttons.is_empty()
            {
                latest_buttons = message
                    .buttons
                    .iter()
                    .flatten()
                    .filter_map(|b| match &b.kind {
                        ButtonKind::Token(t) => Some((b.text.clone(), t.clone())),
                        _ => None,
                    })
                    .collect();
            }
        }
        latest_buttons.clone()
    };
    let find = |buttons: &[(String, String)], text: &str| {
        buttons.iter().find(|(t, _)| t.contains(text)).map(|(_, token)| token.clone())
    };
    let buttons = run("alice", Some("/play aeroplane"), None);
    let buttons = run("bob", None, find(&buttons, "Join"));
    let mut buttons = run("alice", None, find(&buttons, "Start"));
    let mut presses = 0;
    for turn in 0..20 {
        let name = if turn % 2 == 0 { "alice" } else { "bob" };
        let Some(token) = find(&buttons, "Roll").or_else(|| buttons.first().map(|b| b.1.clone()))
        else {
            break;
        };
        run(name, None, Some(token.clone()));
        buttons = run(if name == "alice" { "bob" } else { "alice" }, None, Some(token));
        presses += 2;
    }
    assert!(presses > 0);
    let id = store.chat_table(&console_chat("group-e")).unwrap().expect("the chat's game");
    let mut table = store.load(id).unwrap().unwrap();
    assert!(table.seq > 2, "the game moved: seq {}", table.seq);
    let log = store.log(id).unwrap();
    assert_eq!(log.len() as u64, table.log_len());
    assert_eq!(Some(table.replay(&log).unwrap().snapshot().as_str()), table.state());
    assert!(table.game().is_ok());
    assert!(store.outbox(id).unwrap().is_empty(), "everything was delivered");
    assert!(store.slot_shown(id, Slot::Board).unwrap().is_some(), "the board's message is known");
    drop(platform);
    let again = store.clone();
    assert_eq!(again.load(id).unwrap().unwrap().seq, table.seq);
}

/// A PgStore used from inside tokio tasks (as the deliverers use it), where the sync
/// `postgres` crate would panic: every call works, on worker threads, concurrently.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pg_store_works_from_inside_a_tokio_runtime() {
    let Some(db) = Db::new() else { return };
    let store = db.open();
    let table = lobby(&store, console_chat("rt"));
    store.save(&table, None, &[entry("lobby")]).unwrap();
    store.flush().unwrap();
    let mut tasks = Vec::new();
    for n in 0..8 {
        let store = store.clone();
        let id = table.id;
        tasks.push(tokio::spawn(async move {
            assert_eq!(store.load(id).unwrap().unwrap().id, id);
            assert_eq!(store.outbox(id).unwrap().len(), 1);
            store.set_pref(&format!("k{n}"), "v").unwrap();
            store.flush().unwrap();
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let blocking = store.clone();
    tokio::task::spawn_blocking(move || {
        assert_eq!(blocking.pref("k3").unwrap().as_deref(), Some("v"))
    })
    .await
    .unwrap();
    // Dropped inside the runtime: the store's own thread stops without a panic.
    drop(store);
}

/// The owner's `/botstats` reads the store's size: both backends know it, and it grows when much
/// is stored (a megabyte of preferences: more than any preallocation hides).
fn the_size_on_disk_is_known_and_grows<S: Plant>(store: &S) {
    store.flush().unwrap();
    let before = store.size_on_disk().unwrap().expect("a size");
    // Values no compression makes small (sled's, or PostgreSQL's TOAST): digits of a
    // pseudo-random walk.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for n in 0..256 {
        let value: String = (0..4096)
            .map(|_| {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                char::from(b'a' + (state >> 59) as u8 % 26)
            })
            .collect();
        store.set_pref(&format!("filler:{n}"), &value).unwrap();
    }
    store.flush().unwrap();
    let after = store.size_on_disk().unwrap().expect("a size");
    assert!(after > before, "{before} → {after}");
}

/// `prefetch` is only a hint: loads, compare-and-swaps, the batch's own saves read back and the
/// outbox's order are what they are without it (on PostgreSQL the tables are then served from
/// memory and their moves sent without waiting for an answer: src/ahead.rs).
fn reading_ahead_changes_nothing_a_caller_sees<S: Plant>(store: &S) {
    let mut table = started(store, console_chat("ahead"), 5);
    store.save(&table, None, &[]).unwrap();
    store.flush().unwrap();
    let missing = store.new_table_id().unwrap();
    store.prefetch(&[missing, table.id]).unwrap();
    assert_eq!(store.load(missing).unwrap(), None);
    assert_eq!(store.load(table.id).unwrap().as_ref(), Some(&table));
    let mut stale = table.clone();
    stale.touch(6);
    let from_nowhere = store.save(&stale, Some(table.seq + 5), &[]);
    assert!(matches!(from_nowhere, Err(StoreError::Conflict)), "{from_nowhere:?}");
    let first = table.seq;
    table.touch(7);
    store.save(&table, Some(first), &[entry("moved")]).unwrap();
    assert_eq!(store.load(table.id).unwrap().as_ref(), Some(&table), "its own save read back");
    table.touch(8);
    store.save(&table, Some(first + 1), &[entry("again")]).unwrap();
    store.flush().unwrap();
    assert_eq!(store.load(table.id).unwrap().as_ref(), Some(&table));
    assert_eq!(texts(&store.outbox(table.id).unwrap()), ["moved", "again"]);
    // The next batch reads ahead again, and a save from an older read is still refused.
    store.prefetch(&[table.id]).unwrap();
    let mut old = table.clone();
    old.touch(9);
    assert!(matches!(store.save(&old, Some(first + 1), &[]), Err(StoreError::Conflict)));
    store.flush().unwrap();
    assert_eq!(store.load(table.id).unwrap().unwrap().seq, first + 2);
}

/// A shared preference (a Telegram group's pace journal) is read back as written, and agrees
/// with the plain reads and writes of the same key.
fn shared_preferences_are_read_and_written_as_they_stand<S: Plant>(store: &S) {
    assert_eq!(store.shared_pref("telegram.pace.-5").unwrap(), None);
    store.set_shared_pref("telegram.pace.-5", "1,2").unwrap();
    assert_eq!(store.shared_pref("telegram.pace.-5").unwrap().as_deref(), Some("1,2"));
    assert_eq!(store.pref("telegram.pace.-5").unwrap().as_deref(), Some("1,2"));
    store.set_shared_pref("telegram.pace.-5", "1,2,3").unwrap();
    assert_eq!(store.pref("telegram.pace.-5").unwrap().as_deref(), Some("1,2,3"), "not cached");
    store.set_pref("telegram.pace.-5", "4").unwrap();
    store.flush().unwrap();
    assert_eq!(store.shared_pref("telegram.pace.-5").unwrap().as_deref(), Some("4"));
}
