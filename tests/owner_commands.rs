//! The owner's commands through the engine and its real store: `/botstats` counts what was
//! played, `/abort` ends a running table as any ending does, `/maintenance` refuses new games
//! only and survives a restart — and for everyone else the commands do not exist.

mod common;

use common::{Chatroom, answer, start_game, table};
use igroteka::app::local::LocalPlatform;
use igroteka::app::{App, AppConfig, Chat, Dest, Effect};
use igroteka::game::Actor;
use igroteka::store::{SledStore, Store};
use igroteka::table::{LogEntry, Platform, Status, UserId};

/// The owner (`Olga`, id `olga`).
const OWNER: &str = "Olga";

/// A room whose engine knows `Olga` as its owner, over `store`.
fn room_over(store: SledStore) -> Chatroom {
    let owners = vec![UserId { platform: Platform::Console, id: OWNER.to_lowercase() }];
    let app = App::new(store, AppConfig { owners, ..AppConfig::default() });
    let mut room = Chatroom::new(SledStore::temporary().unwrap());
    room.platform = LocalPlatform::new(app);
    room
}

fn room() -> Chatroom {
    room_over(SledStore::temporary().unwrap())
}

/// What `name` is answered in their private chat with the bot (the text of every reply).
fn privately(room: &mut Chatroom, name: &str, line: &str) -> String {
    let group = room.chat.clone();
    room.chat =
        Chat { id: format!("private-{}", name.to_lowercase()), private: true, ..group.clone() };
    let effects = room.send(name, line);
    room.chat = group;
    texts(&effects)
}

/// What `name` is answered in the group.
fn in_group(room: &mut Chatroom, name: &str, line: &str) -> String {
    texts(&room.send(name, line))
}

fn texts(effects: &[Effect]) -> String {
    let texts = effects.iter().filter_map(|e| match e {
        Effect::Send { message, .. } => Some(message.text.clone()),
        Effect::Answer { text, .. } => Some(text.clone()),
        _ => None,
    });
    texts.collect::<Vec<_>>().join("\n")
}

/// The number that starts the `/botstats` line holding `words` ("3 moves today" for "today").
fn figure(stats: &str, words: &str) -> u64 {
    let line = stats.lines().find(|l| l.contains(words)).unwrap_or_else(|| panic!("{stats}"));
    line.split_whitespace().next().unwrap().parse().unwrap_or_else(|_| panic!("{line}"))
}

#[test]
fn the_owners_commands_look_unknown_to_everyone_else() {
    let mut room = room();
    for (line, name) in
        [("/botstats", "botstats"), ("/abort 1", "abort"), ("/maintenance on", "maintenance")]
    {
        // Exactly what a command that does not exist gets, in a group and in private.
        let unknown = in_group(&mut room, "Bob", "/nosuchcommand").replace("nosuchcommand", name);
        assert_eq!(in_group(&mut room, "Bob", line), unknown);
        assert_eq!(privately(&mut room, "Bob", line), unknown);
    }
    // Nothing happened: no maintenance mode, a game opens.
    in_group(&mut room, "Bob", "/play aeroplane");
    assert!(room.button("Join").is_some(), "{}", room.latest_text());
    // The owner in a group is sent to the private chat (figures never land in a group).
    let here = in_group(&mut room, OWNER, "/botstats");
    assert!(here.contains("private chat"), "{here}");
    assert!(!here.contains("open table"), "{here}");
}

#[test]
fn stats_count_the_tables_moves_and_players() {
    let mut room = room();
    let before = privately(&mut room, OWNER, "/botstats");
    assert_eq!(figure(&before, "open table"), 0, "{before}");
    assert_eq!(figure(&before, "today"), 0, "{before}");
    assert_eq!(figure(&before, "this week"), 0, "{before}");
    assert!(before.contains("Store on disk:"), "{before}");
    assert!(before.contains("Maintenance mode is off"), "{before}");

    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    for _ in 0..6 {
        let Some((_, token)) = room.latest_buttons().into_iter().next() else { break };
        let to_move = if table(&room).to_move().includes(0) { "Alice" } else { "Bob" };
        room.press(to_move, &token);
    }
    let played = table(&room);
    let log = room.store().log(played.id).unwrap();
    let moves = log.iter().filter(|e| matches!(e, LogEntry::Act { actor: Actor::Seat(_), .. }));
    let moves = moves.count() as u64;
    assert!(moves > 0, "no move was made");
    // A lobby elsewhere is an open table too.
    room.chat.id = "group-2".into();
    room.send("Carol", "/play tanks");

    let after = privately(&mut room, OWNER, "/botstats");
    assert_eq!(figure(&after, "open table"), 2, "{after}");
    assert_eq!(figure(&after, "today"), moves, "{after}");
    assert_eq!(figure(&after, "this week"), 2, "{after}");
    assert!(after.contains("Aeroplane Chess: playing 1"), "{after}");
    assert!(after.contains(": gathering players 1"), "{after}");
}

#[test]
fn abort_ends_a_running_table_as_any_ending_does() {
    let mut room = room();
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    let running = table(&room);
    let board = room.message_with(&room.latest_buttons()[0].1).expect("the live board").0;

    let seen_before = room.seen.len();
    let done = privately(&mut room, OWNER, &format!("/abort {}", running.id));
    assert!(done.contains(&format!("Table {}", running.id)) && done.contains("ended"), "{done}");
    assert_eq!(room.store().load(running.id).unwrap().unwrap().status, Status::Aborted);
    // The players are told in their chat, by name (mentioned), and the board keeps no buttons.
    let told = room.seen[seen_before..].iter().find_map(|d| match &d.effect {
        Effect::Send { to: Dest::Chat { chat, .. }, message } if *chat == room.chat.id => {
            Some(message.clone())
        }
        _ => None,
    });
    let told = told.expect("a word to the players in their chat");
    assert!(told.text.contains("Alice, Bob") && told.text.contains("owner"), "{}", told.text);
    let mentioned: Vec<&str> = told.mentions.iter().map(|m| m.user.as_str()).collect();
    assert_eq!(mentioned, ["alice", "bob"]);
    let stripped = room.seen[seen_before..].iter().any(|d| match &d.effect {
        Effect::Strip { message_id, .. } => *message_id == board,
        Effect::Edit { message_id, message, .. } => {
            *message_id == board && message.buttons.is_empty()
        }
        _ => false,
    });
    assert!(stripped, "the live board kept its buttons");
    // The chat is free again.
    room.send("Alice", "/play aeroplane");
    assert!(room.button("Join").is_some(), "{}", room.latest_text());

    let again = privately(&mut room, OWNER, &format!("/abort {}", running.id));
    assert!(again.contains("already ended"), "{again}");
    let unknown = privately(&mut room, OWNER, "/abort 99999");
    assert!(unknown.contains("no table 99999"), "{unknown}");
    let usage = privately(&mut room, OWNER, "/abort");
    assert!(usage.contains("/abort 42"), "{usage}");
}

#[test]
fn maintenance_refuses_new_games_only_and_survives_a_restart() {
    let store = SledStore::temporary().unwrap();
    let mut room = room_over(store.clone());
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    let on = privately(&mut room, OWNER, "/maintenance on");
    assert!(on.contains("Maintenance mode is on"), "{on}");

    // The running game goes on: the player to move presses and the game moves.
    let before = table(&room).log_len();
    let (_, token) = room.latest_buttons().into_iter().next().expect("a move button");
    let to_move = if table(&room).to_move().includes(0) { "Alice" } else { "Bob" };
    let pressed = room.press(to_move, &token);
    assert!(answer(&pressed).is_none_or(|(_, alert)| !alert), "{pressed:?}");
    assert!(table(&room).log_len() > before, "the running game did not go on");

    // A new game is refused, with a notice, in another chat — by /play and by the picker.
    room.chat.id = "group-2".into();
    let refused = in_group(&mut room, "Carol", "/play aeroplane");
    assert!(refused.contains("no new games"), "{refused}");
    assert!(room.store().chat_table(&table_chat(&room)).unwrap().is_none());

    // A restart keeps the mode (a new engine over the same store).
    let mut restarted = room_over(store.clone());
    restarted.chat.id = "group-3".into();
    let refused = in_group(&mut restarted, "Dave", "/play");
    assert!(refused.contains("no new games"), "{refused}");
    assert!(privately(&mut restarted, OWNER, "/botstats").contains("Maintenance mode is on"));

    // Wrong arguments get the usage and the mode as it is; nothing changes.
    let usage = privately(&mut restarted, OWNER, "/maintenance maybe");
    assert!(usage.contains("/maintenance on") && usage.contains("It is on now"), "{usage}");

    let off = privately(&mut restarted, OWNER, "/maintenance off");
    assert!(off.contains("Maintenance mode is off"), "{off}");
    restarted.send("Dave", "/play aeroplane");
    assert!(restarted.button("Join").is_some(), "{}", restarted.latest_text());
}

#[test]
fn a_lobby_cannot_start_during_maintenance() {
    let mut room = room();
    room.send("Alice", "/play aeroplane");
    room.press("Bob", &room.button("Join").unwrap());
    privately(&mut room, OWNER, "/maintenance on");
    let refused = room.press("Alice", &room.button("Start").unwrap());
    let (text, alert) = answer(&refused).expect("an answer");
    assert!(alert && text.contains("no new games"), "{text}");
    assert_eq!(table(&room).status, Status::Lobby);
    privately(&mut room, OWNER, "/maintenance off");
    let started = room.press("Alice", &room.button("Start").unwrap());
    assert!(answer(&started).is_some_and(|(_, alert)| !alert), "{started:?}");
    assert_eq!(table(&room).status, Status::Playing);
}

fn table_chat(room: &Chatroom) -> igroteka::table::ChatId {
    igroteka::table::ChatId {
        platform: Platform::Console,
        chat: room.chat.id.clone(),
        thread: None,
    }
}
