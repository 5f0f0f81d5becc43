//! The sled store, for real, in temporary folders: compare-and-swap saves, indexes, durability
//! across reopening, and corrupt records set aside without a crash.

mod common;

use common::{Chatroom, start_game};
use igroteka::app::{Dest, Effect, Message};
use igroteka::game::{Actor, ToMove};
use igroteka::harness;
use igroteka::outbox::{self, Slot, SlotMessage};
use igroteka::registry;
use igroteka::rng;
use igroteka::settings;
use igroteka::store::{Done, SledStore, Store, StoreError};
use igroteka::table::{ChatId, Platform, Player, Status, Table, UserId};

fn lobby(store: &SledStore, chat: &str) -> Table {
    let info = registry::find("aeroplane").unwrap();
    let creator = Player {
        user: UserId { platform: Platform::Console, id: "alice".into() },
        name: "Alice".into(),
        computer: None,
        lang: String::new(),
    };
    let chat = ChatId { platform: Platform::Console, chat: chat.into(), thread: None };
    Table::new_lobby(
        store.new_table_id().unwrap(),
        chat,
        info,
        settings::defaults(info.settings),
        creator,
        1,
        rng::seeded(1),
    )
}

#[test]
fn saves_are_compare_and_swap_on_the_sequence_number() {
    let store = SledStore::temporary().unwrap();
    let mut table = lobby(&store, "c1");
    store.save(&table, None, &[]).unwrap();
    assert!(
        matches!(store.save(&table, None, &[]), Err(StoreError::Conflict)),
        "a new table twice"
    );
    table.touch(2);
    store.save(&table, Some(0), &[]).unwrap();
    let mut stale = table.clone();
    stale.touch(3);
    assert!(matches!(store.save(&stale, Some(0), &[]), Err(StoreError::Conflict)));
    assert_eq!(store.load(table.id).unwrap().unwrap().seq, 1);
}

#[test]
fn indexes_follow_the_table_status() {
    let store = SledStore::temporary().unwrap();
    let mut table = lobby(&store, "c2");
    store.save(&table, None, &[]).unwrap();
    let alice = table.players[0].user.clone();
    assert_eq!(store.chat_table(&table.chat).unwrap(), Some(table.id));
    assert_eq!(store.user_tables(&alice).unwrap(), vec![table.id]);
    assert_eq!(store.unfinished().unwrap(), vec![table.id]);
    table.abort(5);
    store.save(&table, Some(0), &[]).unwrap();
    assert_eq!(store.chat_table(&table.chat).unwrap(), None);
    assert!(store.user_tables(&alice).unwrap().is_empty());
    assert!(store.unfinished().unwrap().is_empty());
    assert_eq!(store.load(table.id).unwrap().unwrap().status, Status::Aborted);
}

#[test]
fn a_corrupt_record_is_quarantined_and_the_chat_can_play_again() {
    let store = SledStore::temporary().unwrap();
    let chat = ChatId { platform: Platform::Console, chat: "group-1".into(), thread: None };
    let id = store.new_table_id().unwrap();
    store.put_raw(id, b"{ this is not a table").unwrap();
    store.put_chat_index(&chat, id).unwrap();
    assert!(matches!(store.load(id), Err(StoreError::Corrupt { .. })));
    assert_eq!(store.quarantined().unwrap().len(), 1);
    assert_eq!(store.load(id).unwrap(), None, "set aside, not read twice");
    assert_eq!(store.chat_table(&chat).unwrap(), None);

    // Through the engine: a press on the broken table is answered, and /play works after.
    let id2 = store.new_table_id().unwrap();
    store.put_raw(id2, br#"{"schema":1,"id":1,"game":"aeroplane"}"#).unwrap();
    store.put_chat_index(&chat, id2).unwrap();
    let mut room = Chatroom::new(store.clone());
    let effects = room.send("Alice", "/board");
    let Effect::Send { message, .. } = &effects[0] else { panic!("{effects:?}") };
    assert!(message.text.contains("could not be read"), "{}", message.text);
    let effects = room.press("Alice", &format!("t{id2}:0:c0"));
    assert!(common::answer(&effects).unwrap().0.contains("no longer exists"));
    let effects = room.send("Alice", "/play aeroplane");
    assert!(
        matches!(&effects[0], Effect::Send { message, .. } if message.text.contains("New game"))
    );
    assert_eq!(store.quarantined().unwrap().len(), 2);
}

/// The first object under `value` with a field `key`, for changing it.
fn field_mut<'a>(value: &'a mut serde_json::Value, key: &str) -> Option<&'a mut serde_json::Value> {
    if value.get(key).is_some() {
        return value.get_mut(key);
    }
    match value {
        serde_json::Value::Object(map) => map.values_mut().find_map(|v| field_mut(v, key)),
        serde_json::Value::Array(items) => items.iter_mut().find_map(|v| field_mut(v, key)),
        _ => None,
    }
}

/// Starts `game` for `players`, damages its stored record with `damage`, and checks that the
/// next look at the board finds the record unreadable: set aside (quarantined), the chat told.
fn damaged_record_is_set_aside(
    game: &str,
    players: &[&str],
    damage: impl FnOnce(&mut serde_json::Value),
) {
    let store = SledStore::temporary().unwrap();
    let mut room = Chatroom::new(store.clone());
    start_game(&mut room, game, players);
    let table = common::table(&room);
    let mut record: serde_json::Value = serde_json::from_slice(&table.to_bytes()).unwrap();
    damage(&mut record);
    store.put_raw(table.id, &serde_json::to_vec(&record).unwrap()).unwrap();

    let effects = room.send(players[0], "/board");
    let Effect::Send { message, .. } = &effects[0] else { panic!("{effects:?}") };
    assert!(message.text.contains("could not be read"), "{game}: {}", message.text);
    assert_eq!(store.quarantined().unwrap().len(), 1, "{game}");
    assert_eq!(store.load(table.id).unwrap(), None, "{game}");
}

/// A record that reads as JSON but holds a board the rules cannot (two aircraft of «Воздушный
/// бой» on one node) is set aside like any unreadable record, and the chat is told so.
#[test]
fn a_record_with_an_impossible_board_is_quarantined() {
    damaged_record_is_set_aside("air-battle", &["Alice", "Bob"], |record| {
        let planes = field_mut(record, "position").expect("the game's position");
        planes[1]["node"] = planes[0]["node"].clone();
    });
}

/// The games rebuilt from plain numbers are checked the same way (`Game::check_state`): an
/// Aeroplane Chess plane past the end of its path, a «Идут танки» tank off the four roads.
#[test]
fn records_with_impossible_pieces_are_quarantined() {
    damaged_record_is_set_aside("aeroplane", &["Alice", "Bob"], |record| {
        let fleets = field_mut(record, "fleets").expect("the planes");
        fleets[0]["planes"][0]["spot"] = serde_json::json!({ "Step": 99 });
    });
    damaged_record_is_set_aside("tanks", &["Alice", "Bob"], |record| {
        let spot = field_mut(record, "spot").expect("a tank's circle");
        spot["road"] = serde_json::json!(9);
    });
}

/// A game set up for more seats than its table has players would hand the turn to nobody
/// ("#4, your turn"): a consistent four-player Aeroplane Chess state under a table of two is
/// set aside too.
#[test]
fn a_game_for_other_seats_than_its_table_is_quarantined() {
    damaged_record_is_set_aside("aeroplane", &["Alice", "Bob"], |record| {
        let state = &mut record["state"];
        state["seats"] = serde_json::json!(4);
        state["corners"] = serde_json::json!([0, 1, 2, 3]);
        state["turn"] = serde_json::json!(3);
    });
}

#[test]
fn a_game_continues_after_the_process_reopens_the_data_folder() {
    let dir = tempfile::tempdir().unwrap();
    let (roll, id) = {
        let store = SledStore::open(dir.path(), 4 << 20).unwrap();
        let mut room = Chatroom::new(store.clone());
        start_game(&mut room, "aeroplane", &["Alice", "Bob", "Carol"]);
        let roll = room.button("Roll").unwrap();
        let id = store.unfinished().unwrap()[0];
        store.flush().unwrap();
        (roll, id)
    };
    // The first store is dropped: sled releases the folder, as when the process ends.
    let store = SledStore::open(dir.path(), 4 << 20).unwrap();
    assert_eq!(store.unfinished().unwrap(), vec![id]);
    let before = store.load(id).unwrap().unwrap();
    let mut room = Chatroom::new(store.clone());
    let effects = room.press("Alice", &roll);
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Edit { .. } | Effect::Send { .. })),
        "{effects:?}"
    );
    let after = store.load(id).unwrap().unwrap();
    assert_eq!(after.seq, before.seq + 1);
    assert!(after.log_len() > before.log_len());
    assert_eq!(store.log(id).unwrap().len() as u64, after.log_len());
}

fn show(text: &str, slot: Slot) -> Effect {
    Effect::Show {
        to: Dest::Chat { chat: "c".into(), thread: None },
        slot,
        message: Message::text(text),
        fresh: false,
    }
}

fn texts(pending: &[outbox::Pending]) -> Vec<String> {
    pending
        .iter()
        .map(|p| match &p.effect {
            Effect::Show { message, .. } | Effect::Send { message, .. } => message.text.clone(),
            other => format!("{other:?}"),
        })
        .collect()
}

#[test]
fn the_outbox_is_saved_with_the_table_and_shown_only_once_durable() {
    let store = SledStore::temporary().unwrap();
    let mut table = lobby(&store, "c3");
    store.save(&table, None, &outbox::entries(&[show("lobby", Slot::Board)])).unwrap();
    assert!(store.outbox(table.id).unwrap().is_empty(), "nothing is delivered before the flush");
    store.flush().unwrap();
    assert_eq!(texts(&outbox::pending(&store, table.id).unwrap()), ["lobby"]);
    assert_eq!(store.outbox_tables().unwrap(), vec![table.id]);
    // A save that loses its compare-and-swap queues nothing.
    let mut stale = table.clone();
    stale.touch(9);
    let refused = store.save(&stale, Some(7), &outbox::entries(&[show("never", Slot::Board)]));
    assert!(matches!(refused, Err(StoreError::Conflict)));
    table.touch(2);
    store
        .save(
            &table,
            Some(0),
            &outbox::entries(&[show("moved", Slot::Board), show("ping", Slot::Ping)]),
        )
        .unwrap();
    store.flush().unwrap();
    assert_eq!(texts(&outbox::pending(&store, table.id).unwrap()), ["lobby", "moved", "ping"]);
}

#[test]
fn delivered_entries_leave_the_outbox_and_name_their_slot_message() {
    let store = SledStore::temporary().unwrap();
    let table = lobby(&store, "c4");
    let entries = [show("lobby", Slot::Board), show("p", Slot::Private { seat: 1 })];
    store.save(&table, None, &outbox::entries(&entries)).unwrap();
    store.flush().unwrap();
    let pending = store.outbox(table.id).unwrap();
    let shown = |id: &str| SlotMessage::new(id.into(), true);
    store
        .outbox_done(
            &pending[0].key,
            Done { shown: Some((table.id, Slot::Board, &shown("m7"))), sent: true },
        )
        .unwrap();
    let private = Slot::Private { seat: 1 };
    store
        .outbox_done(
            &pending[1].key,
            Done { shown: Some((table.id, private, &shown("m9"))), sent: true },
        )
        .unwrap();
    assert!(store.outbox(table.id).unwrap().is_empty());
    assert!(store.outbox_tables().unwrap().is_empty());
    assert_eq!(store.slot_message(table.id, Slot::Board).unwrap().as_deref(), Some("m7"));
    assert_eq!(
        store.slot_message(table.id, Slot::Private { seat: 1 }).unwrap().as_deref(),
        Some("m9")
    );
    assert_eq!(store.slot_message(table.id, Slot::Private { seat: 0 }).unwrap(), None);
    assert_eq!(store.slot_message(table.id, Slot::Ping).unwrap(), None);
}

/// Whether a slot's message has buttons is kept with its id (a message without any is never
/// stripped).
#[test]
fn a_slot_remembers_whether_its_message_has_buttons() {
    let store = SledStore::temporary().unwrap();
    let table = lobby(&store, "c5");
    let note = Slot::Note { seat: 1 };
    store
        .save(&table, None, &outbox::entries(&[show("lobby", Slot::Board), show("note", note)]))
        .unwrap();
    store.flush().unwrap();
    let pending = store.outbox(table.id).unwrap();
    let bare = SlotMessage::new("m3".into(), false);
    store
        .outbox_done(
            &pending[0].key,
            Done { shown: Some((table.id, Slot::Board, &bare)), sent: true },
        )
        .unwrap();
    let with = SlotMessage { id: "m4".into(), buttons: true, retired: Some("m2".into()) };
    store
        .outbox_done(&pending[1].key, Done { shown: Some((table.id, note, &with)), sent: true })
        .unwrap();
    assert_eq!(store.slot_shown(table.id, Slot::Board).unwrap(), Some(bare));
    assert_eq!(store.slot_shown(table.id, note).unwrap(), Some(with));
    assert_eq!(store.slot_message(table.id, Slot::Board).unwrap().as_deref(), Some("m3"));
    // The note's key is its own: no other slot of the table reads it.
    assert_eq!(store.slot_shown(table.id, Slot::Private { seat: 1 }).unwrap(), None);
}

#[test]
fn coalescing_keeps_the_newest_entry_per_slot_and_every_one_off_message() {
    let store = SledStore::temporary().unwrap();
    let table = lobby(&store, "c5");
    let note = Effect::Send {
        to: Dest::Chat { chat: "c".into(), thread: None },
        message: Message::text("note"),
    };
    let entries = [
        show("board 1", Slot::Board),
        show("ping Bob", Slot::Ping),
        note,
        show("board 2", Slot::Board),
        show("ping Alice", Slot::Ping),
    ];
    store.save(&table, None, &outbox::entries(&entries)).unwrap();
    store.flush().unwrap();
    let (keep, dropped) = outbox::coalesce(outbox::pending(&store, table.id).unwrap());
    assert_eq!(texts(&keep), ["note", "board 2", "ping Alice"]);
    assert_eq!(texts(&dropped), ["board 1", "ping Bob"]);
}

#[test]
fn unreachable_users_are_remembered_per_platform() {
    let store = SledStore::temporary().unwrap();
    assert!(!store.is_unreachable(Platform::Telegram, "42").unwrap());
    store.set_unreachable(Platform::Telegram, "42", true).unwrap();
    assert!(store.is_unreachable(Platform::Telegram, "42").unwrap());
    assert!(!store.is_unreachable(Platform::Discord, "42").unwrap());
    store.set_unreachable(Platform::Telegram, "42", false).unwrap();
    assert!(!store.is_unreachable(Platform::Telegram, "42").unwrap());
}

/// A record as the store wrote it before data folders were compressed: schema 1, JSON behind
/// the 16-byte header (sequence number, index fingerprint), written by that code for a
/// two-player Aeroplane Chess table after three moves; and its action log.
const OLD_ID: u64 = 42;
const OLD_SEQ: u64 = 4;
const OLD_RECORD: &str = r#"{"schema":1,"id":42,"chat":{"platform":"telegram","chat":"-100123","thread":null},"game":"aeroplane","settings":{"centre":"exact","fly-then-jump":"off","stacking":"on","takeoff":"even"},"creator":{"platform":"telegram","id":"501"},"players":[{"user":{"platform":"telegram","id":"501"},"name":"Alice"},{"user":{"platform":"telegram","id":"502"},"name":"Bob"}],"status":"playing","seq":4,"created_at":1700000000000,"updated_at":1700000002002,"log_len":5,"rng":{"seed":[200,12,64,59,208,32,108,9,55,166,59,111,242,79,37,30,60,187,47,27,179,132,86,90,154,160,102,21,13,27,32,63],"stream":0,"word_pos":4},"state":{"rules":{"take_off":"Even","bounce":false,"fly_then_jump":false,"stacking":true},"seats":2,"corners":[0,2],"fleets":[{"planes":[{"spot":{"Step":0},"stack":1},{"spot":"Hangar","stack":2},{"spot":"Hangar","stack":4},{"spot":"Hangar","stack":8}]},{"planes":[{"spot":"Hangar","stack":1},{"spot":"Hangar","stack":2},{"spot":"Hangar","stack":4},{"spot":"Hangar","stack":8}]},{"planes":[{"spot":"Hangar","stack":1},{"spot":"Hangar","stack":2},{"spot":"Hangar","stack":4},{"spot":"Hangar","stack":8}]},{"planes":[{"spot":"Hangar","stack":1},{"spot":"Hangar","stack":2},{"spot":"Hangar","stack":4},{"spot":"Hangar","stack":8}]}],"phase":"Roll","turn":0,"sixes":0,"six_movers":0,"last_roll":3,"finished":[],"resigned":[]},"selection":{},"page":{},"picks":{},"acted":{"0":2,"1":1},"lang":"ru"}"#;
const OLD_LOG: [&str; 5] = [
    r#"{"act":{"actor":{"Seat":0},"action":"Roll"}}"#,
    r#"{"act":{"actor":"Chance","action":{"Face":4}}}"#,
    r#"{"act":{"actor":{"Seat":0},"action":{"Move":{"plane":1,"stack":false}}}}"#,
    r#"{"act":{"actor":{"Seat":1},"action":"Roll"}}"#,
    r#"{"act":{"actor":"Chance","action":{"Face":3}}}"#,
];

fn sled_conf(dir: &std::path::Path) -> String {
    String::from_utf8_lossy(&std::fs::read(dir.join("conf")).unwrap()).into_owned()
}

#[test]
fn a_folder_and_record_written_before_compression_still_load_and_play_on() {
    let dir = tempfile::tempdir().unwrap();
    {
        // The folder as the store created it then: sled's defaults, no compression.
        let db = sled::Config::new().path(dir.path()).flush_every_ms(None).open().unwrap();
        let mut record = OLD_SEQ.to_be_bytes().to_vec();
        record.extend_from_slice(&1u64.to_be_bytes());
        record.extend_from_slice(OLD_RECORD.as_bytes());
        db.open_tree("tables").unwrap().insert(OLD_ID.to_be_bytes(), record).unwrap();
        let log = db.open_tree("log").unwrap();
        for (index, entry) in OLD_LOG.iter().enumerate() {
            let mut key = OLD_ID.to_be_bytes().to_vec();
            key.extend_from_slice(&(index as u64).to_be_bytes());
            log.insert(key, entry.as_bytes()).unwrap();
        }
        db.open_tree("unfinished").unwrap().insert(OLD_ID.to_be_bytes(), &[]).unwrap();
        db.flush().unwrap();
    }
    assert!(sled_conf(dir.path()).contains("use_compression: false"));

    let store = SledStore::open(dir.path(), 4 << 20).unwrap();
    assert_eq!(store.unfinished().unwrap(), vec![OLD_ID]);
    let mut table = store.load(OLD_ID).unwrap().expect("the old record loads");
    assert_eq!((table.seq, table.log_len(), table.status), (OLD_SEQ, 5, Status::Playing));
    assert_eq!(table.players[1].name, "Bob");
    assert_eq!(table.lang, "ru");
    // The log is still the source of truth: replaying it gives the stored state.
    let log = store.log(OLD_ID).unwrap();
    assert_eq!(log.len(), OLD_LOG.len());
    assert_eq!(Some(table.replay(&log).unwrap().snapshot().as_str()), table.state());

    // The game goes on in the old folder, which keeps its own storage parameters.
    let ToMove::Seats(seats) = table.to_move() else { panic!("Alice is to roll") };
    assert_eq!(*seats, [0]);
    let game = table.game_ref().unwrap();
    let (actor, action) = harness::random_dyn_action(game, &mut rng::seeded(3)).unwrap().unwrap();
    assert_eq!(actor, Actor::Seat(0));
    table.act(0, &action, 1_700_000_003_000).unwrap();
    store.save(&table, Some(OLD_SEQ), &[]).unwrap();
    store.flush().unwrap();
    drop(store);
    let store = SledStore::open(dir.path(), 4 << 20).unwrap();
    let back = store.load(OLD_ID).unwrap().unwrap();
    assert_eq!(back.seq, OLD_SEQ + 1);
    let log = store.log(OLD_ID).unwrap();
    assert_eq!(log.len() as u64, back.log_len());
    assert!(back.log_len() > 5);
    assert_eq!(Some(back.replay(&log).unwrap().snapshot().as_str()), back.state());
    assert!(sled_conf(dir.path()).contains("use_compression: false"));
}

#[test]
fn a_new_data_folder_is_compressed_and_reopens() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data");
    let id = {
        let store = SledStore::open(&path, 4 << 20).unwrap();
        let table = lobby(&store, "c-new");
        store.save(&table, None, &[]).unwrap();
        store.flush().unwrap();
        table.id
    };
    assert!(sled_conf(&path).contains("use_compression: true"), "{}", sled_conf(&path));
    let store = SledStore::open(&path, 4 << 20).unwrap();
    assert_eq!(store.load(id).unwrap().unwrap().players[0].name, "Alice");
}

/// Saves are staged until the flush (one sled transaction per group commit): meanwhile every
/// read sees them, a second save of the same table compares against the staged one, and the
/// flush writes them all.
#[test]
fn saves_before_a_flush_are_read_back_and_the_flush_writes_them_all() {
    let dir = tempfile::tempdir().unwrap();
    let (id, seq) = {
        let store = SledStore::open(dir.path(), 4 << 20).unwrap();
        let mut room = Chatroom::new(store.clone());
        start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
        let id = store.unfinished().unwrap()[0];
        let before = store.load(id).unwrap().unwrap();
        let roll = room.button("Roll").unwrap();
        room.press("Alice", &roll);
        let after = store.load(id).unwrap().unwrap();
        assert_eq!(after.seq, before.seq + 1, "the second save read the first from the stage");
        assert_eq!(store.log(id).unwrap().len() as u64, after.log_len());
        let alice = after.players[0].user.clone();
        assert_eq!(store.user_tables(&alice).unwrap(), vec![id]);
        assert_eq!(store.chat_table(&after.chat).unwrap(), Some(id));
        let mut stale = before.clone();
        stale.touch(9);
        assert!(matches!(store.save(&stale, Some(before.seq), &[]), Err(StoreError::Conflict)));
        store.flush().unwrap();
        (id, after.seq)
    };
    let store = SledStore::open(dir.path(), 4 << 20).unwrap();
    let table = store.load(id).unwrap().unwrap();
    assert_eq!(table.seq, seq);
    assert_eq!(store.log(id).unwrap().len() as u64, table.log_len());
    assert_eq!(store.unfinished().unwrap(), vec![id]);
}

/// Closing the store in order (the last handle dropped) commits what is staged.
#[test]
fn an_orderly_close_without_a_flush_keeps_the_staged_saves() {
    let dir = tempfile::tempdir().unwrap();
    let id = {
        let store = SledStore::open(dir.path(), 4 << 20).unwrap();
        let table = lobby(&store, "c9");
        store.save(&table, None, &[]).unwrap();
        table.id
    };
    let store = SledStore::open(dir.path(), 4 << 20).unwrap();
    assert_eq!(store.load(id).unwrap().map(|t| t.id), Some(id));
    assert_eq!(store.unfinished().unwrap(), vec![id]);
}

/// The platform updates taken are kept across a restart (staged like a save, so the flush that
/// makes a batch durable writes its marks in the same transaction), and forgotten by age alone.
#[test]
fn taken_updates_are_kept_with_their_batch_and_forgotten_by_age() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path(), 1 << 20).unwrap();
        assert!(!store.was_taken("tg:1").unwrap());
        store.mark_taken("tg:1", 1_000).unwrap();
        store.mark_taken("tg:2", 5_000).unwrap();
        assert!(store.was_taken("tg:1").unwrap(), "seen before the flush, by the engine");
        store.flush().unwrap();
    }
    let store = SledStore::open(dir.path(), 1 << 20).unwrap();
    assert!(store.was_taken("tg:1").unwrap() && store.was_taken("tg:2").unwrap());
    assert!(!store.was_taken("tg:12").unwrap() && !store.was_taken("dc:1").unwrap());
    assert_eq!(store.forget_taken(5_000).unwrap(), 1, "only what is older than 5 s");
    assert!(!store.was_taken("tg:1").unwrap());
    assert!(store.was_taken("tg:2").unwrap());
    store.flush().unwrap();
    assert_eq!(store.forget_taken(5_000).unwrap(), 0, "forgotten once");
}
