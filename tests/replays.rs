//! Replays (issue 41) through the whole engine over real sled: the final board's Replay button,
//! `/replay [n]` and `/history`'s buttons each queue one message carrying the finished game's
//! whole log, for anyone in the chat; wrong asks get a polite answer and change nothing; a
//! replay asked just before a crash is still delivered after it. (The animation itself is
//! the renderer's: `renderer/tests/replay.rs`.)

mod common;

use common::{Chatroom, answer, buttons_of, finished_game, group_message, said, table};
use igroteka::app::{Effect, Message, REPLAY_AGAIN_AFTER_MS};
use igroteka::replay::{self, Hold};
use igroteka::store::{SledStore, Store};
use igroteka::table::Table;

/// The replay messages delivered to the group, oldest first.
fn replays(room: &Chatroom) -> Vec<Message> {
    room.seen
        .iter()
        .filter_map(|d| group_message(&d.effect))
        .filter(|m| m.replay.is_some())
        .cloned()
        .collect()
}

fn final_board_button(room: &Chatroom, text: &str) -> String {
    room.seen
        .iter()
        .rev()
        .filter_map(|d| group_message(&d.effect))
        .flat_map(buttons_of)
        .find(|(label, _)| label.contains(text))
        .map(|(_, token)| token)
        .expect("the button on the final board")
}

/// Checks that `message` replays `game`: its whole log, its caption, and frames that end on
/// the final board.
fn assert_replays(room: &Chatroom, message: &Message, game: &Table) {
    let reel = message.replay.as_ref().unwrap();
    assert_eq!(reel.table, game.id);
    assert_eq!(reel.game, "aeroplane");
    assert_eq!(reel.log, room.store().log(game.id).unwrap(), "the whole log");
    assert!(reel.moves() > 10, "{} moves", reel.moves());
    assert!(message.text.contains("Aeroplane Chess"), "{}", message.text);
    assert!(message.text.contains(&format!("moves: {}", reel.moves())), "{}", message.text);
    assert!(
        message.text.contains("1. ") && message.text.contains("Alice"),
        "the result: {}",
        message.text
    );
    assert!(message.board.is_none() && message.buttons.is_empty());
    let frames = replay::frames(reel).unwrap();
    assert_eq!(frames.len(), reel.moves() + 1);
    assert_eq!(frames.last().unwrap().hold, Hold::End);
}

#[test]
fn the_final_boards_replay_reaches_the_chat_for_anyone_who_asks() {
    let mut room = Chatroom::temporary();
    let game = finished_game(&mut room);
    let replay = final_board_button(&room, "Replay");
    // Carol did not play: a replay is the chat's, not only the players'.
    let effects = room.press("Carol", &replay);
    assert_eq!(answer(&effects), Some(("The replay is on its way.".into(), false)));
    let sent = replays(&room);
    assert_eq!(sent.len(), 1);
    assert_replays(&room, &sent[0], &game);
    assert_eq!(table(&room).seq, game.seq, "the finished table is not changed");

    // Pressed again at once (or by several people together): drawn once.
    let again = room.press("Alice", &replay);
    let (text, alert) = answer(&again).unwrap();
    assert!(text.contains("a moment ago"), "{text}");
    assert!(alert);
    assert_eq!(replays(&room).len(), 1);
    // A minute later it is sent again.
    room.now += REPLAY_AGAIN_AFTER_MS;
    room.press("Alice", &replay);
    assert_eq!(replays(&room).len(), 2);
}

#[test]
fn replay_n_and_the_history_buttons_pick_a_game_of_the_history() {
    let mut room = Chatroom::temporary();
    assert!(said(&room.send("Alice", "/replay")).contains("nothing to replay"));
    let first = finished_game(&mut room);
    room.now += 3_600_000;
    let second = finished_game(&mut room);
    assert_ne!(first.id, second.id);

    let history = room.send("Alice", "/history");
    let Effect::Send { message, .. } = &history[0] else { panic!("{history:?}") };
    assert!(message.text.contains("\n1. ") && message.text.contains("\n2. "), "{}", message.text);
    let buttons = buttons_of(message);
    let texts: Vec<&str> = buttons.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(texts, ["▶ 1", "▶ 2"]);

    // 2 is the older game, 1 (the default) the last one.
    room.send("Bob", "/replay 2");
    assert_replays(&room, replays(&room).last().unwrap(), &first);
    room.send("Bob", "/replay");
    assert_replays(&room, replays(&room).last().unwrap(), &second);
    // The history's button for game 1 asks for the game just sent: not again within a minute.
    room.press("Carol", &buttons[0].1);
    assert_eq!(replays(&room).len(), 2);
    room.press("Carol", &buttons[1].1);
    assert_eq!(replays(&room).len(), 2, "game 2 was sent a moment ago too");
    room.now += REPLAY_AGAIN_AFTER_MS;
    room.press("Carol", &buttons[1].1);
    assert_replays(&room, replays(&room).last().unwrap(), &first);
}

#[test]
fn wrong_asks_get_a_polite_answer_and_change_nothing() {
    let mut room = Chatroom::temporary();
    let game = finished_game(&mut room);
    for wrong in ["/replay 2", "/replay 0", "/replay last", "/replay 1 2"] {
        let text = said(&room.send("Alice", wrong));
        assert!(text.contains("/replay N") && text.contains("to 1."), "{wrong}: {text}");
    }
    assert!(replays(&room).is_empty());

    // A Replay button of this table pressed in another chat, and a running game's forged one.
    let replay = final_board_button(&room, "Replay");
    room.chat.id = "group-2".into();
    let (text, _) = answer(&room.press("Alice", &replay)).unwrap();
    assert!(text.contains("not one I recognise"), "{text}");
    room.chat.id = "group-1".into();
    room.send("Alice", "/play aeroplane");
    room.press("Bob", &room.button("Join").unwrap());
    room.press("Alice", &room.button("Start").unwrap());
    let running = table(&room);
    assert_ne!(running.id, game.id);
    let forged = format!("t{}:0:y", running.id);
    let (text, _) = answer(&room.press("Bob", &forged)).unwrap();
    assert!(text.contains("played to its end"), "{text}");
    assert_eq!(table(&room).seq, running.seq);
    assert!(replays(&room).is_empty());
}

#[test]
fn a_replay_asked_before_a_crash_is_delivered_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let token;
    let game;
    {
        let mut room = Chatroom::new(SledStore::open(dir.path(), 8 << 20).unwrap());
        game = finished_game(&mut room);
        token = final_board_button(&room, "Replay");
        // The ask is saved to the table's outbox; the process dies before delivering it.
        let input = igroteka::app::Input {
            platform: igroteka::table::Platform::Console,
            chat: room.chat.clone(),
            user: common::user("Carol"),
            now: room.now + 1000,
            action: igroteka::app::Action::Press { token: token.clone(), message_id: None },
        };
        let effects = room.platform.app.handle(&input);
        assert_eq!(answer(&effects).unwrap().0, "The replay is on its way.");
        assert!(replays(&room).is_empty(), "nothing delivered yet");
        room.store().flush().unwrap();
    }
    let mut room = Chatroom::new(SledStore::open(dir.path(), 8 << 20).unwrap());
    let delivered = room.platform.resume(igroteka::table::Platform::Console);
    room.seen.extend(delivered);
    let sent = replays(&room);
    assert_eq!(sent.len(), 1, "the replay asked before the crash");
    assert_replays(&room, &sent[0], &game);
}
