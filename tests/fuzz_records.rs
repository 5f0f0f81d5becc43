//! Property tests of stored table records: what a disk error, a bad copy or a hand edit of the
//! data folder can leave behind. A damaged record must be refused and set aside (quarantined,
//! its chat freed), never panic the bot, and a record that still reads must behave as a table.
//!
//! - any bytes read as a record are refused, or read as a table that writes out and reads back
//!   the same;
//! - records of real games at several stages, flipped, cut, spliced, or with one JSON value
//!   replaced (a number, a string, a list…), planted in a store: `load` gives the table or
//!   quarantines it (then the chat is free and the id loads as nothing); a table that loads
//!   shows its board, choices and views, and the engine answers `/board`, `/score` and a tick
//!   in its chat without a panic;
//! - an older record (no `schema`, or 0) is migrated to the current layout and otherwise kept.
//!
//! `IGROTEKA_FUZZ_CASES=N` runs N cases per target (docs/operations.md, "Fuzzing").

mod common;
mod fuzzing;

use std::sync::LazyLock;

use common::{Chatroom, start_game};
use igroteka::app::{Action, App, AppConfig, Chat, Input, User};
use igroteka::game::Viewer;
use igroteka::registry::GAMES;
use igroteka::store::{SledStore, Store, StoreError};
use igroteka::table::{ChatId, Platform, SCHEMA_VERSION, Table};
use proptest::prelude::*;
use serde_json::Value;

/// Records of every game: the lobby, just started, and after a few moves.
static RECORDS: LazyLock<Vec<Vec<u8>>> = LazyLock::new(|| {
    let mut records = Vec::new();
    for info in GAMES {
        let mut room = Chatroom::temporary();
        room.send("Alice", &format!("/play {}", info.id));
        records.push(common::table(&room).to_bytes());
        let join = room.button("Join").expect("a Join button");
        room.press("Bob", &join);
        let start = room.button("Start").expect("a Start button");
        room.press("Alice", &start);
        records.push(common::table(&room).to_bytes());
        for _ in 0..6 {
            for player in ["Alice", "Bob"] {
                let mut tokens = room.latest_buttons();
                tokens.extend(room.private_buttons(player));
                if let Some((_, token)) = tokens.first() {
                    room.press(player, &token.clone());
                }
            }
        }
        records.push(common::table(&room).to_bytes());
    }
    let _ = start_game;
    records
});

/// Where every JSON leaf of `value` is, as JSON pointers.
fn leaves(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                leaves(v, format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")), out)
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                leaves(v, format!("{at}/{i}"), out)
            }
        }
        _ => out.push(at),
    }
}

fn json_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        prop_oneof![-3i64..40, any::<i64>()].prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        "[a-z0-9 é]{0,8}".prop_map(Value::from),
        Just(Value::Array(Vec::new())),
        Just(serde_json::json!({})),
        Just(serde_json::json!([0, 0])),
    ]
}

/// A record with one JSON value replaced. The game state is kept as JSON text inside the
/// record, so its values are reached as well.
fn replace_value(record: &[u8], pick: prop::sample::Index, new: Value, in_state: bool) -> Vec<u8> {
    let mut value: Value = serde_json::from_slice(record).expect("a valid record");
    let state = value.get("state").cloned().unwrap_or(Value::Null);
    let (target, mut inner) = match (in_state, state) {
        (true, Value::Object(_) | Value::Array(_)) => (true, value["state"].clone()),
        _ => (false, value.clone()),
    };
    let mut paths = Vec::new();
    leaves(&inner, String::new(), &mut paths);
    if let Some(path) = (!paths.is_empty()).then(|| pick.get(&paths).clone())
        && let Some(slot) = inner.pointer_mut(&path)
    {
        *slot = new;
    }
    if target {
        value["state"] = inner;
    } else {
        value = inner;
    }
    serde_json::to_vec(&value).expect("JSON writes")
}

const ID: u64 = 77;

fn chat() -> ChatId {
    ChatId { platform: Platform::Console, chat: "group-1".into(), thread: None }
}

/// Plants `bytes` as table [`ID`] of a fresh store and checks what loading it does.
fn check_planted(bytes: &[u8]) -> Result<(), TestCaseError> {
    fuzzing::count_panics();
    let store = SledStore::temporary().unwrap();
    store.put_raw(ID, bytes).unwrap();
    store.put_chat_index(&chat(), ID).unwrap();
    match store.load(ID) {
        Ok(Some(mut table)) => {
            prop_assert_eq!(table.id, ID);
            // It behaves as a table: the board, every seat's choices and views.
            let _ = table.to_move();
            let _ = table.due();
            if table.state().is_some() {
                let game = table.game().expect("loaded, so restored");
                let _ = game.view(Viewer::Public, &[]);
                for seat in 0..table.players.len() {
                    let game = table.game().unwrap();
                    let _ = game.choices(seat);
                    let _ = game.view(Viewer::Seat(seat), &[]);
                }
                let _ = table.game().unwrap().outcome();
            }
            // And the engine answers in its chat.
            let mut app = App::new(store, AppConfig::default());
            let panics = fuzzing::panics();
            for action in [
                Action::Command { name: "board".into(), args: Vec::new() },
                Action::Command { name: "score".into(), args: Vec::new() },
                Action::Tick,
            ] {
                let input = Input {
                    platform: Platform::Console,
                    chat: Chat { id: "group-1".into(), private: false, thread: None, server: None },
                    user: User {
                        id: "alice".into(),
                        name: "Alice".into(),
                        admin: false,
                        lang: None,
                    },
                    now: table.updated_at.saturating_add(1_000),
                    action,
                };
                app.handle(&input);
            }
            prop_assert_eq!(fuzzing::panics(), panics, "the engine panicked on a loaded record");
        }
        Ok(None) => prop_assert!(false, "a planted record was not found"),
        Err(StoreError::Corrupt { id, reason }) => {
            prop_assert_eq!(id, ID);
            prop_assert!(!reason.is_empty());
            let quarantined = store.quarantined().unwrap();
            prop_assert!(quarantined.iter().any(|(q, _)| *q == ID), "not set aside: {reason}");
            prop_assert!(store.load(ID).unwrap().is_none(), "still loads after quarantine");
            prop_assert_eq!(store.chat_table(&chat()).unwrap(), None, "the chat is not freed");
        }
        Err(other) => prop_assert!(false, "loading failed otherwise: {other}"),
    }
    Ok(())
}

/// A record that reads must write out and read back as itself.
fn check_decoded(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(table) = Table::from_bytes(bytes) {
        let again = table.to_bytes();
        let back = Table::from_bytes(&again).expect("a written record reads");
        prop_assert!(back == table, "{}", String::from_utf8_lossy(&again));
        prop_assert_eq!(back.schema, table.schema);
    }
    Ok(())
}

fn record() -> impl Strategy<Value = Vec<u8>> {
    let n = RECORDS.len();
    (0..n).prop_map(|i| RECORDS[i].clone())
}

proptest! {
    #![proptest_config(fuzzing::config(2000))]

    #[test]
    fn any_bytes_are_refused_or_read_as_a_table_that_round_trips(
        bytes in prop_oneof![prop::collection::vec(any::<u8>(), 0..200), any::<String>().prop_map(String::into_bytes)],
    ) {
        check_decoded(&bytes)?;
    }

    #[test]
    fn mutated_records_decode_consistently(
        base in record(),
        donor in record(),
        mutations in fuzzing::mutations(4),
    ) {
        check_decoded(&fuzzing::mutate(&base, &donor, &mutations))?;
    }
}

proptest! {
    #![proptest_config(fuzzing::config(150))]

    #[test]
    fn a_damaged_record_loads_or_is_quarantined(
        base in record(),
        donor in record(),
        mutations in fuzzing::mutations(3),
    ) {
        check_planted(&fuzzing::mutate(&base, &donor, &mutations))?;
    }

    #[test]
    fn a_record_with_one_value_replaced_loads_or_is_quarantined(
        base in record(),
        pick in any::<prop::sample::Index>(),
        new in json_value(),
        in_state in any::<bool>(),
    ) {
        let bytes = replace_value(&base, pick, new, in_state);
        check_decoded(&bytes)?;
        check_planted(&bytes)?;
    }

    #[test]
    fn an_older_record_is_migrated_and_otherwise_kept(base in record(), older in prop_oneof![Just(None), Just(Some(0u32))]) {
        let mut value: Value = serde_json::from_slice(&base).unwrap();
        match older {
            None => { value.as_object_mut().unwrap().remove("schema"); }
            Some(v) => value["schema"] = v.into(),
        }
        let table = Table::from_bytes(&serde_json::to_vec(&value).unwrap()).expect("an older record reads");
        prop_assert_eq!(table.schema, SCHEMA_VERSION);
        let current = Table::from_bytes(&base).unwrap();
        let mut left = serde_json::to_value(&table).unwrap();
        let mut right = serde_json::to_value(&current).unwrap();
        left["schema"] = Value::Null;
        right["schema"] = Value::Null;
        prop_assert_eq!(left, right);
    }
}

/// Found by `an_older_record_is_migrated_and_otherwise_kept`: a record without `schema` was
/// taken for the current layout (the field's default) and then refused for the missing field,
/// so a record of the first layout would have been quarantined instead of migrated.
#[test]
fn a_record_without_a_schema_is_read_as_the_first_layout() {
    for base in RECORDS.iter() {
        let mut value: Value = serde_json::from_slice(base).unwrap();
        value.as_object_mut().unwrap().remove("schema");
        let table = Table::from_bytes(&serde_json::to_vec(&value).unwrap()).unwrap();
        assert_eq!(table.schema, SCHEMA_VERSION);
        value["schema"] = Value::Null;
        let table = Table::from_bytes(&serde_json::to_vec(&value).unwrap()).unwrap();
        assert_eq!(table.schema, SCHEMA_VERSION);
    }
}
