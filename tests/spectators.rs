//! Spectators (issue 41) through the whole engine over real sled: anyone in the chat may
//! `/board` a running game; `/watch` brings the group's public board privately after every
//! move — never a secret — until `/unwatch`, the "Stop watching" button or the game's end;
//! wrong asks get a polite answer and change nothing; a spectator the bot cannot write to is
//! told in the group and dropped.

mod common;

use common::{Chatroom, answer, buttons_of, group_message, mover, said, start_game, table};
use igroteka::app::{Action, Chat, Dest, Effect, Input, Message};
use igroteka::store::Store;
use igroteka::table::{Platform, Status};

/// The messages `effects` send to `user`'s private chat.
fn private_to<'a>(effects: &'a [Effect], user: &str) -> Vec<&'a Message> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Send { to: Dest::User { user: u }, message } if u == user => Some(message),
            _ => None,
        })
        .collect()
}

/// The newest board picture the group has (sent or edited).
fn group_board(room: &Chatroom) -> serde_json::Value {
    let board = room
        .seen
        .iter()
        .rev()
        .filter_map(|d| group_message(&d.effect))
        .find_map(|m| m.board.as_ref().map(|b| serde_json::to_value(b).unwrap()));
    board.expect("a board in the group")
}

/// Both players of «Идут танки» take a random set-up and confirm it, privately.
fn set_up_tanks(room: &mut Chatroom) {
    for name in ["Alice", "Bob"] {
        for label in ["Random set-up", "Ready"] {
            let buttons = room.private_buttons(name);
            let found = buttons.into_iter().find(|(text, _)| text.contains(label));
            let (_, token) = found.unwrap_or_else(|| panic!("{name}: {label}"));
            room.press(name, &token);
        }
    }
    assert_eq!(table(room).status, Status::Playing);
}

fn private_chat(user: &str) -> Chat {
    Chat { id: format!("private-{user}"), private: true, thread: None, server: None }
}

#[test]
fn anyone_in_the_chat_can_see_the_running_board() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tanks", &["Alice", "Bob"]);
    set_up_tanks(&mut room);
    let before = group_board(&room);
    let effects = room.send("Carol", "/board");
    let shown: Vec<&Message> = effects.iter().filter_map(group_message).collect();
    assert_eq!(shown.len(), 1, "{effects:?}");
    let board = serde_json::to_value(shown[0].board.as_ref().expect("a picture")).unwrap();
    assert_eq!(board, before, "the same public board the group had");
    assert!(private_to(&effects, "carol").is_empty(), "nothing private for a non-player");
}

/// «Идут танки» has secrets: the spectator's board is, after every move, exactly the group's
/// (never a seat's view with its mines and rocket labels), and comes once per move.
#[test]
fn a_spectator_gets_the_public_board_after_every_move_and_never_a_secret() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "tanks", &["Alice", "Bob"]);
    let effects = room.send("Carol", "/watch");
    assert!(said(&effects).contains("Carol is watching"), "{effects:?}");
    let now = private_to(&effects, "carol");
    assert_eq!(now.len(), 1, "the board as it stands comes at once");
    assert_eq!(serde_json::to_value(now[0].board.as_ref().unwrap()).unwrap(), group_board(&room));
    assert_eq!(table(&room).watchers.len(), 1);

    set_up_tanks(&mut room);
    let alice_view = room
        .seen
        .iter()
        .rev()
        .find_map(|d| match &d.effect {
            Effect::Send { to: Dest::User { user }, message } if user == "alice" => {
                message.board.as_ref().map(|b| serde_json::to_value(b).unwrap())
            }
            _ => None,
        })
        .expect("Alice's own board");
    let mut moves = 0;
    for _ in 0..300 {
        let Some((name, token)) = mover(&room, &["Alice", "Bob"]) else {
            panic!("nobody to move: {}", room.latest_text())
        };
        let before = table(&room);
        let effects = room.press(&name, &token);
        let mut after = table(&room);
        let boards = private_to(&effects, "carol");
        let turn_passed = after.to_move() != before.clone().to_move();
        if turn_passed {
            moves += 1;
            assert_eq!(boards.len(), 1, "one board per move\n{effects:?}");
        }
        assert!(boards.len() <= 1, "at most one board per press\n{effects:?}");
        if after.log_len() == before.log_len() {
            assert!(boards.is_empty(), "a pick is not a move\n{effects:?}");
        }
        for board in boards {
            let picture = serde_json::to_value(board.board.as_ref().unwrap()).unwrap();
            assert_eq!(picture, group_board(&room), "the group's public board");
            assert_ne!(picture, alice_view, "never Alice's own view");
            assert!(board.text.starts_with("👁 Tanks Are Coming"), "{}", board.text);
            assert!(board.mentions.is_empty(), "a spectator's board pings nobody");
            let buttons = buttons_of(board);
            if after.status.is_over() {
                assert!(buttons.is_empty(), "{buttons:?}");
            } else {
                assert_eq!(buttons.len(), 1, "{buttons:?}");
                assert!(buttons[0].0.contains("Stop watching"));
            }
        }
        if after.status.is_over() {
            break;
        }
    }
    assert!(moves >= 10, "{moves} turns passed");
    // Nothing the players were told privately reached Carol.
    for delivered in &room.seen {
        if let Effect::Send { to: Dest::User { user }, message } = &delivered.effect {
            if user == "carol" {
                assert!(!message.text.contains("mine lies"), "{}", message.text);
                assert!(!message.text.contains("Your rockets"), "{}", message.text);
            }
        }
    }
}

#[test]
fn stop_watching_by_button_by_command_and_from_the_private_chat() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    room.send("Carol", "/watch");
    let stop = room.private_buttons("carol");
    assert_eq!(stop.len(), 1, "{stop:?}");
    let effects = room.press("Carol", &stop[0].1);
    let (text, _) = answer(&effects).expect("an answer");
    assert!(text.contains("no longer get the boards of Aeroplane Chess"), "{text}");
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Strip { to: Dest::User { .. }, .. })),
        "the pressed board loses its button"
    );
    assert!(table(&room).watchers.is_empty());
    // The next move brings Carol nothing.
    let (name, token) = mover(&room, &["Alice", "Bob"]).unwrap();
    let effects = room.press(&name, &token);
    assert!(private_to(&effects, "carol").is_empty());
    // Pressed again: nothing to stop, and said so.
    let effects = room.press("Carol", &stop[0].1);
    assert!(answer(&effects).unwrap().0.contains("not watching"), "{effects:?}");

    // `/unwatch` in the group.
    room.send("Carol", "/watch");
    let effects = room.send("Carol", "/unwatch");
    assert!(said(&effects).contains("no longer get"), "{effects:?}");
    assert!(table(&room).watchers.is_empty());
    assert!(said(&room.send("Carol", "/unwatch")).contains("not watching"));

    // From the private chat: one game is stopped at once; two are offered as buttons.
    let store = room.store().clone();
    let mut second = Chatroom::new(store);
    second.chat.id = "group-2".into();
    start_game(&mut second, "tank-battle", &["Dan", "Eve"]);
    room.send("Carol", "/watch");
    second.send("Carol", "/watch");
    let mut private = Chatroom::new(room.store().clone());
    private.chat = private_chat("carol");
    let effects = private.send("Carol", "/unwatch");
    let list = effects.iter().find_map(|e| match e {
        Effect::Send { message, .. } if !message.buttons.is_empty() => Some(buttons_of(message)),
        _ => None,
    });
    let list = list.expect("a list of the games watched");
    assert_eq!(list.len(), 2, "{list:?}");
    assert!(list[1].0.contains("Tank Battle"), "{list:?}");
    let effects = private.press("Carol", &list[1].1);
    assert!(answer(&effects).unwrap().0.contains("Tank Battle"), "{effects:?}");
    assert!(table(&second).watchers.is_empty());
    assert_eq!(table(&room).watchers.len(), 1, "the other game is still watched");
    let effects = private.send("Carol", "/unwatch");
    assert!(said(&effects).contains("Aeroplane Chess"), "the one left is stopped at once");
    assert!(table(&room).watchers.is_empty());
    assert!(said(&private.send("Carol", "/unwatch")).contains("not watching any game"));
}

#[test]
fn wrong_asks_are_answered_and_change_nothing() {
    let mut room = Chatroom::temporary();
    assert!(said(&room.send("Carol", "/watch")).contains("no game"), "no game here yet");
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    let seq = table(&room).seq;
    assert!(said(&room.send("Alice", "/watch")).contains("You play in this game"));
    let mut private = Chatroom::new(room.store().clone());
    private.chat = private_chat("carol");
    assert!(said(&private.send("Carol", "/watch")).contains("in the chat where the game"));
    assert_eq!(table(&room).seq, seq, "nothing saved");
    assert!(table(&room).watchers.is_empty());

    room.send("Carol", "/watch");
    let effects = room.send("Carol", "/watch");
    assert!(said(&effects).contains("already watching"), "{effects:?}");
    assert_eq!(table(&room).watchers.len(), 1, "watched once");
    // A Stop watching token pressed in the group is not one of the group's buttons.
    let stop = room.private_buttons("carol")[0].1.clone();
    let effects = room.press_in_group("Carol", &stop);
    assert!(answer(&effects).unwrap().0.contains("not one I recognise"), "{effects:?}");
    assert_eq!(table(&room).watchers.len(), 1);
    // The game holds at most 20 spectators.
    for n in 1..20 {
        room.send(&format!("Fan{n}"), "/watch");
    }
    assert_eq!(table(&room).watchers.len(), 20);
    let effects = room.send("Fan20", "/watch");
    assert!(said(&effects).contains("20 spectators"), "{effects:?}");
    assert_eq!(table(&room).watchers.len(), 20);
}

#[test]
fn a_spectator_the_bot_cannot_write_to_is_told_in_the_group_and_dropped() {
    let mut room = Chatroom::temporary();
    start_game(&mut room, "aeroplane", &["Alice", "Bob"]);
    room.send("Carol", "/watch");
    let id = table(&room).id;
    // The deliverer reports that Carol's private chat refused the board.
    room.store().set_unreachable(Platform::Console, "carol", true).unwrap();
    let input = Input {
        platform: Platform::Console,
        chat: room.chat.clone(),
        user: common::user("Carol"),
        now: room.now + 1,
        action: Action::Unreachable { table: id },
    };
    let effects = room.run(&input);
    // (The note mentions Carol and has neither picture nor buttons, like a ping.)
    let note = effects.iter().find_map(|e| match e {
        Effect::Send { to: Dest::Chat { .. }, message } => Some(message),
        _ => None,
    });
    let note = note.expect("a note in the group");
    assert!(note.text.contains("Carol, I can't message you privately"), "{}", note.text);
    assert_eq!(note.mentions.len(), 1);
    assert!(table(&room).watchers.is_empty(), "dropped");
    // Reported again (a second board that failed): no second note.
    let again = room.run(&Input { now: room.now + 2, ..input });
    assert!(again.is_empty(), "{again:?}");
    // Known to be unreachable: `/watch` says so at once and keeps nobody.
    let effects = room.send("Carol", "/watch");
    assert!(said(&effects).contains("can't message you privately"), "{effects:?}");
    assert!(table(&room).watchers.is_empty());
}

/// The spectator's last board is the final one, with the result and no button; the game's
/// end ends the watch.
#[test]
fn the_final_board_reaches_the_spectator() {
    let mut room = Chatroom::temporary();
    room.send("Alice", "/play aeroplane");
    room.press("Bob", &room.button("Join").unwrap());
    room.send("Carol", "/watch");
    assert!(
        private_to(&room.seen.iter().map(|d| d.effect.clone()).collect::<Vec<_>>(), "carol")
            .is_empty()
    );
    room.press("Alice", &room.button("Start").unwrap());
    let opening = room.seen.iter().rev().find_map(|d| match &d.effect {
        Effect::Send { to: Dest::User { user }, message } if user == "carol" => Some(message),
        _ => None,
    });
    assert!(opening.is_some_and(|m| m.board.is_some()), "watched from the lobby: the opening");
    room.send("Bob", "/resign");
    assert!(table(&room).status.is_over());
    let last = room.seen.iter().rev().find_map(|d| match &d.effect {
        Effect::Send { to: Dest::User { user }, message } if user == "carol" => Some(message),
        _ => None,
    });
    let last = last.unwrap();
    assert!(last.text.contains("1. Alice"), "{}", last.text);
    assert!(last.buttons.is_empty());
    let stored = room.store().load(table(&room).id).unwrap().unwrap();
    assert_eq!(stored.status, Status::Finished);
}
